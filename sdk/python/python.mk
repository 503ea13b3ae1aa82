# The Python SDK, installed editable into .venv (the server and the CLI import its protocol core).
.PHONY: test-sdk-python
SDK_PY_SOURCES := $(shell find sdk/python/src -name '*.py' 2>/dev/null)

$(VENV)/.stamp-sdk: $(VENV)/.stamp-base sdk/python/pyproject.toml
	$(PIP) install -e 'sdk/python[ws,http]'
	@touch $@

test-sdk-python: $(VENV)/.stamp-sdk server ## the Python SDK suite (its integration tests need the server)
	@if [ -d sdk/python/tests ]; then $(PYTEST) sdk/python/tests; else echo "test-sdk-python: no tests yet"; fi

# Samples run against a server you started (default iggy://iggy:iggy@127.0.0.1:8090; override with IGGY_URL=...).
# The integration suite runs them too, against its own server.
.PHONY: samples-sdk-python bench-sdk-python
IGGY_URL ?= iggy://iggy:iggy@127.0.0.1:8090
samples-sdk-python: $(VENV)/.stamp-sdk ## run the Python SDK samples against IGGY_URL
	@for sample in basic consumer_group at_least_once; do \
	  echo "== $$sample"; $(PY) sdk/python/samples/$$sample.py $(IGGY_URL) || exit 1; done

# BENCH_PROTOCOL=0.9 (the default) compares with apache-iggy 0.9.0 from its own venv, 0.8 with 0.8.0 in .venv.
BENCH_PROTOCOL ?= 0.9
BENCH_ARGS ?= --repeats 5
bench-sdk-python: $(VENV)/.stamp-sdk server $(OFFICIAL_09_VENV)/.stamp ## send/poll throughput: this SDK vs apache_iggy of BENCH_PROTOCOL (starts its own server)
	$(PY) sdk/python/benches/bench_throughput.py --protocol $(BENCH_PROTOCOL) $(BENCH_ARGS)
