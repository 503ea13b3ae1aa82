# Interop tests: official Iggy clients nobody here wrote, run as their users run them, against our server
# (conformance-tests/interop/README.md). Part of `make test-conformance`.
.PHONY: test-interop

# The tests run the official clients as separate programs: apache-iggy 0.8.0 from .venv, 0.9.0 from its own venv
# (protocol-spec/spec.mk).
test-interop: server $(OFFICIAL_09_VENV)/.stamp ## official clients against the server (0.8 ⇄ 0.9)
	OFFICIAL_09_PYTHON=$(OFFICIAL_09_PY) $(PYTEST) conformance-tests/interop

test-conformance: test-interop
