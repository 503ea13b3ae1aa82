// The benchmark of sdk/go against the official Go SDK: its own module, so the SDK module stays stdlib-only.
module iggy-bench

go 1.25.0

require (
	github.com/apache/iggy/foreign/go v0.8.0
	github.com/iggy-compat/iggy-compat/sdk/go v0.0.0
)

require (
	github.com/avast/retry-go/v5 v5.0.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/klauspost/compress v1.18.5 // indirect
)

replace github.com/iggy-compat/iggy-compat/sdk/go => ../
