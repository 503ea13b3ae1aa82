# The `iggy` command, installed editable into .venv on top of the Python SDK.
.PHONY: test-cli cli

$(VENV)/.stamp-cli: $(VENV)/.stamp-sdk cli/pyproject.toml
	$(PIP) install -e cli
	@touch $@

cli: $(VENV)/.stamp-cli ## install the `iggy` command into .venv

# `make run` / `make build` end with .venv/bin/iggy installed (make merges these prerequisites).
run: $(VENV)/.stamp-cli
build: $(VENV)/.stamp-cli

test-cli: server $(VENV)/.stamp-cli ## the CLI suite (unit tests + tests against a real server)
	$(PYTEST) cli/tests
