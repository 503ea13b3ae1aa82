module iggy

go 1.23
