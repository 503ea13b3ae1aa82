# The Python SDK, installed editable into .venv (the server and the CLI import its protocol core).
.PHONY: test-sdk-python
SDK_PY_SOURCES := $(shell find sdk/python/src -name '*.py' 2>/dev/null)

$(VENV)/.stamp-sdk: $(VENV)/.stamp-base sdk/python/pyproject.toml
	$(PIP) install -e sdk/python
	@touch $@

test-sdk-python: $(VENV)/.stamp-sdk ## the Python SDK suite
	@if [ -d sdk/python/tests ]; then $(PYTEST) sdk/python/tests; else echo "test-sdk-python: no tests yet"; fi
