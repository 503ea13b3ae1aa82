# The Rust SDK (crate iggy-sdk in sdk/rust) and its conformance driver (sdk/rust/conformance, a separate crate so
# serde_json stays out of the SDK). The driver binary is the stamp drivers.toml starts.
.PHONY: test-rust conformance-driver-rust
RUST_SDK_DIR := sdk/rust
RUST_SDK_SOURCES := $(RUST_SDK_DIR)/Cargo.toml $(RUST_SDK_DIR)/Cargo.lock $(shell find $(RUST_SDK_DIR)/src -name '*.rs' 2>/dev/null)
RUST_DRIVER_DIR := $(RUST_SDK_DIR)/conformance
RUST_DRIVER := $(RUST_DRIVER_DIR)/target/release/iggy-sdk-conformance

test-rust: server ## the Rust SDK suite: golden fixtures, unit tests, integration tests against a real server
	cd $(RUST_SDK_DIR) && PATH=$(VENV)/bin:$$PATH cargo test --quiet --locked --all-features -j 2

conformance-driver-rust: $(RUST_DRIVER) ## build the Rust SDK's conformance driver

$(RUST_DRIVER): $(RUST_SDK_SOURCES) $(RUST_DRIVER_DIR)/Cargo.toml $(RUST_DRIVER_DIR)/Cargo.lock $(wildcard $(RUST_DRIVER_DIR)/src/*.rs)
	cd $(RUST_DRIVER_DIR) && cargo build --release --locked -q -j 2
	@touch $@

test-conformance: $(RUST_DRIVER)
