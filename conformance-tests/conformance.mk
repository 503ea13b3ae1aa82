# The conformance suite: every driver in conformance-tests/drivers.toml against a fresh server per case.
.PHONY: test-conformance conformance-unit

conformance-unit: $(VENV)/.stamp-sdk
	cd conformance-tests && $(PYTEST) tests

test-conformance: server conformance-unit ## the cross-SDK conformance suite (writes conformance-tests/STATUS.md)
	cd conformance-tests && $(PY) -m conformance --sdk all --write-status
