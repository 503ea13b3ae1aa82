# The Go SDK: for now a module holding the constants generated from protocol-spec (plus a smoke test).
.PHONY: test-go
test-go: ## the go SDK suite (go vet + go test in sdk/go)
	cd sdk/go && go vet ./... && go test ./...
