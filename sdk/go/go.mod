module github.com/iggy-compat/iggy-compat/sdk/go

go 1.23
