# The server: a maturin project (Rust extension iggy_server._native under the Python package iggy_server).
.PHONY: test-server server
SERVER_RUST_SOURCES := $(shell find server/src -name '*.rs' 2>/dev/null) server/Cargo.toml
IGGY_TCP_ADDRESS ?= 127.0.0.1:8090
IGGY_SYSTEM_PATH ?= local_data

$(VENV)/.stamp-server: $(VENV)/.stamp-sdk server/pyproject.toml $(SERVER_RUST_SOURCES)
	@if [ -f server/Cargo.toml ]; then \
	  cd server && VIRTUAL_ENV=$(VENV) PATH=$(VENV)/bin:$$PATH $(VENV)/bin/maturin develop --release -q; \
	else echo "server: no Cargo.toml yet"; fi
	@touch $@

server: $(VENV)/.stamp-server

build: server ## build everything the server needs into .venv

run: server ## build what the server needs and start it on 127.0.0.1:8090 (data in ./local_data)
	IGGY_TCP_ADDRESS=$(IGGY_TCP_ADDRESS) IGGY_SYSTEM_PATH=$(IGGY_SYSTEM_PATH) $(VENV)/bin/iggy-server

test-server: server ## the server suite
	@if [ -d server/tests ]; then $(PYTEST) server/tests; else echo "test-server: no tests yet"; fi
