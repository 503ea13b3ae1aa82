# The Go SDK (sdk/go, standard library only): vet, unit tests (golden fixtures, connection strings) and
# integration tests against servers started by `python -m iggy_server.testing` (IGGY_TEST_PYTHON).
.PHONY: test-go conformance-driver-go
GO_SOURCES := sdk/go/go.mod $(shell find sdk/go -name '*.go' -not -path 'sdk/go/bench/*' 2>/dev/null)
GO_DRIVER := sdk/go/bin/conformance-driver

test-go: server ## the Go SDK suite (go vet + go test in sdk/go, integration tests on a real server)
	cd sdk/go && gofmt -l . | (! grep .) && go vet ./... && IGGY_TEST_PYTHON=$(PY) go test -count=1 ./...

conformance-driver-go: $(GO_DRIVER) ## build the Go SDK's conformance driver

$(GO_DRIVER): $(GO_SOURCES)
	cd sdk/go && go build -o bin/conformance-driver ./conformance

test-conformance: $(GO_DRIVER)

.PHONY: bench-go
bench-go: server ## sdk/go vs the official Go SDK v0.8.0 (not part of make test; sdk/go/bench has its own go.mod)
	cd sdk/go/bench && go build -o $(ROOT)/sdk/go/bin/iggy-go-bench . && \
	  $(ROOT)/sdk/go/bin/iggy-go-bench -python $(PY) -rounds 5 -batches 100
