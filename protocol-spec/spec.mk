# protocol-spec: the wire format's single source (spec/*.toml), its generator, drift check and style checks.
.PHONY: test-spec fixtures
# The generator and tidy are stdlib-only: any python3 >= 3.11 runs them, so no venv is needed for gen/gen-check.
SPEC_PY := $(shell test -x $(PY) && echo $(PY) || echo python3)

gen: ## regenerate code and REFERENCE.md from protocol-spec/
	cd protocol-spec && $(SPEC_PY) -m generator

gen-check: ## fail if generated files drifted from the spec
	PYTHON=$(SPEC_PY) protocol-spec/check

tidy: ## mechanical style checks (STYLE.md)
	$(SPEC_PY) .ci/tidy.py

lint: tidy ## static checks (tidy for now)

test-spec: $(VENV)/.stamp-sdk ## spec, generator, tidy and fixture tests (the fixture tests need the codec)
	$(PYTEST) protocol-spec/tests

# The official Python client of Iggy 0.9 (apache-iggy 0.9.0) cannot share .venv with 0.8.0's: its own venv.
OFFICIAL_09_VENV := $(ROOT)/.venv-official-0.9
OFFICIAL_09_PY := $(OFFICIAL_09_VENV)/bin/python

$(OFFICIAL_09_VENV)/.stamp:
	@test -x $(OFFICIAL_09_PY) || $(PYTHON_FOR_VENV) -m venv $(OFFICIAL_09_VENV)
	$(OFFICIAL_09_PY) -m pip --disable-pip-version-check -q install 'apache-iggy==0.9.0'
	@touch $@

fixtures: $(VENV)/.stamp-sdk server conformance-driver-official-rust $(OFFICIAL_09_VENV)/.stamp ## re-capture fixtures from the official clients (protocol-spec/recorder)
	$(PY) protocol-spec/recorder/capture.py
	$(PY) protocol-spec/recorder/reference_fixtures.py
	$(PY) protocol-spec/recorder/capture_rust.py
	$(PY) protocol-spec/recorder/capture_v09.py --client-python $(OFFICIAL_09_PY)
	$(PY) protocol-spec/recorder/capture_rust_v09.py
