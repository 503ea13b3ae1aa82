# Two commands matter on a fresh machine: `make run` and `make test` (see README.md).
# Every target is idempotent: stamps under .venv/ skip work whose inputs did not change.
# Component rules live in <component>/*.mk so each folder owns its own targets.

SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(abspath .)
VENV := $(ROOT)/.venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
PYTEST := $(PY) -m pytest -q
PYTHON_FOR_VENV ?= python3

.PHONY: help run build test gen gen-check lint tidy venv \
	test-python test-rust test-go test-java test-conformance test-spark

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | sort | \
	  awk 'BEGIN {FS = ":.*?## "}; {printf "  %-20s %s\n", $$1, $$2}'

# The base environment: tools every Python suite needs. Pinned by range, installed once.
$(VENV)/.stamp-base: requirements-dev.txt
	@test -x $(PY) || $(PYTHON_FOR_VENV) -m venv $(VENV)
	$(PIP) install -U pip
	$(PIP) install -r requirements-dev.txt
	@touch $@

venv: $(VENV)/.stamp-base ## create .venv with the base tools

include protocol-spec/spec.mk
-include sdk/python/python.mk
-include server/server.mk
-include cli/cli.mk
-include sdk/rust/rust.mk
-include sdk/go/go.mk
-include sdk/java/java.mk
-include conformance-tests/conformance.mk
-include conformance-tests/interop/interop.mk
-include spark/spark.mk

test: gen-check tidy test-python test-rust test-go test-java test-conformance test-spark ## every suite
	@echo "make test: all suites passed"

test-python: test-spec test-sdk-python test-server test-cli ## every Python suite (spec codec, SDK, server, CLI)
