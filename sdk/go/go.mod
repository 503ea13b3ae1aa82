module iggy

go 1.22
