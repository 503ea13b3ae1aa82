# The server: a maturin project (Rust extension iggy_server._native under the Python package iggy_server).
.PHONY: test-server server bench-server
SERVER_RUST_SOURCES := $(shell find server/src -name '*.rs' 2>/dev/null) server/Cargo.toml
IGGY_TCP_ADDRESS ?= 127.0.0.1:8090
IGGY_SYSTEM_PATH ?= local_data
# Local development logs in as iggy/iggy unless root credentials come from the environment.
IGGY_SERVER_FLAGS ?= $(if $(IGGY_ROOT_PASSWORD),,--with-default-root-credentials)

$(VENV)/.stamp-server: $(VENV)/.stamp-sdk server/pyproject.toml $(SERVER_RUST_SOURCES)
	@if [ -f server/Cargo.toml ]; then \
	  cd server && VIRTUAL_ENV=$(VENV) PATH=$(VENV)/bin:$$PATH $(VENV)/bin/maturin develop --release -q --extras telemetry; \
	else echo "server: no Cargo.toml yet"; fi
	@touch $@

server: $(VENV)/.stamp-server

build: server ## build everything the server needs into .venv

run: server ## build what the server needs and start it on 127.0.0.1:8090 (data in ./local_data)
	IGGY_TCP_ADDRESS=$(IGGY_TCP_ADDRESS) IGGY_SYSTEM_PATH=$(IGGY_SYSTEM_PATH) $(VENV)/bin/iggy-server $(IGGY_SERVER_FLAGS)

test-server: server ## the server suite: the native crate's unit tests, then the Python suite
	cd server && PATH=$(VENV)/bin:$$PATH PYO3_PYTHON=$(VENV)/bin/python cargo test --release --lib --locked --quiet -j 2
	@if [ -d server/tests ]; then $(PYTEST) server/tests; else echo "test-server: no tests yet"; fi

bench-server: server ## micro benchmarks of the native hot path (pool, writer, views, index); not part of make test
	$(PYTEST) server/benches --benchmark-only

# iggy-bench --client official-rust: the load generator on the official Rust SDK (server/bench-official). It builds
# into the official Rust driver's per-machine cache and reuses every dependency compiled there; only the SDK's own
# three crates are compiled again, optimised (see its Cargo.toml): ≈80 CPU-seconds on top of the driver's
# dependencies (measured cold, 2026-11-23), which test-conformance needs anyway. The git-ignored copy is the stamp (.ci/cargo-shared-build).
BENCH_OFFICIAL_DIR := server/bench-official
OFFICIAL_RUST_TARGET_DIR ?= $(OFFICIAL_CRATES_TARGET_DIR)
BENCH_OFFICIAL := $(BENCH_OFFICIAL_DIR)/target/iggy-bench-official
BENCH_OFFICIAL_SOURCES := $(BENCH_OFFICIAL_DIR)/Cargo.toml $(BENCH_OFFICIAL_DIR)/Cargo.lock $(wildcard $(BENCH_OFFICIAL_DIR)/src/*.rs)

.PHONY: bench-official
bench-official: $(BENCH_OFFICIAL) ## build iggy-bench-official (Iggy's workloads on the official Rust SDK)

$(BENCH_OFFICIAL): $(BENCH_OFFICIAL_SOURCES)
	nice .ci/cargo-shared-build $(BENCH_OFFICIAL_DIR) "$(OFFICIAL_RUST_TARGET_DIR)" iggy-bench-official \
	  iggy-bench-official $@ -j 2

# The same generator built on the SDK 0.11.0 (Iggy 0.9's protocol): server/bench-official-0.11 compiles
# bench-official's source with the feature sdk-0-11, into the cache of the official 0.11 conformance driver (whose
# dependencies it shares); the crates it runs per message are optimised (see its Cargo.toml).
BENCH_OFFICIAL_011_DIR := server/bench-official-0.11
OFFICIAL_RUST_011_TARGET_DIR ?= $(OFFICIAL_CRATES_TARGET_DIR)
BENCH_OFFICIAL_011 := $(BENCH_OFFICIAL_011_DIR)/target/iggy-bench-official-0-11

.PHONY: bench-official-0.11
bench-official-0.11: $(BENCH_OFFICIAL_011) ## build iggy-bench-official on the official Rust SDK 0.11 (Iggy 0.9)

$(BENCH_OFFICIAL_011): $(BENCH_OFFICIAL_011_DIR)/Cargo.toml $(BENCH_OFFICIAL_011_DIR)/Cargo.lock $(BENCH_OFFICIAL_SOURCES)
	nice .ci/cargo-shared-build $(BENCH_OFFICIAL_011_DIR) "$(OFFICIAL_RUST_011_TARGET_DIR)" iggy-bench-official-0-11 \
	  iggy-bench-official-0-11 $@ -j 2

# iggy-bench-ceiling (server/bench-ceiling): the data plane on native threads, a measurement instrument for issue 31.
# It compiles five of the server crate's sources into a binary of its own, with three of that crate's dependencies.
BENCH_CEILING_DIR := server/bench-ceiling
BENCH_CEILING := $(BENCH_CEILING_DIR)/target/release/iggy-bench-ceiling

.PHONY: bench-ceiling
bench-ceiling: $(BENCH_CEILING) ## build iggy-bench-ceiling (how far a native data path goes; server/bench-ceiling)

$(BENCH_CEILING): $(BENCH_CEILING_DIR)/Cargo.toml $(BENCH_CEILING_DIR)/Cargo.lock $(BENCH_CEILING_DIR)/src/main.rs \
  $(addprefix server/src/,batch.rs codes.rs failure.rs layout.rs wire_layout.rs)
	cd $(BENCH_CEILING_DIR) && nice cargo build --release --locked -q -j 2
	touch $@

# server/tests/test_bench_official.py runs both for tiny workloads against a test server;
# test_bench_ceiling.py the instrument.
test-server: $(BENCH_OFFICIAL) $(BENCH_OFFICIAL_011) $(BENCH_CEILING)
