# The Rust SDK (crate iggy-sdk in sdk/rust) and its conformance driver (sdk/rust/conformance, a separate crate so
# serde_json stays out of the SDK). The driver binary is the stamp drivers.toml starts.
.PHONY: test-rust conformance-driver-rust
RUST_SDK_DIR := sdk/rust
RUST_SDK_SOURCES := $(RUST_SDK_DIR)/Cargo.toml $(RUST_SDK_DIR)/Cargo.lock $(shell find $(RUST_SDK_DIR)/src -name '*.rs' 2>/dev/null)
RUST_DRIVER_DIR := $(RUST_SDK_DIR)/conformance
RUST_DRIVER := $(RUST_DRIVER_DIR)/target/release/iggy-sdk-conformance

test-rust: server ## the Rust SDK suite: tests against a real server, then `cargo publish --dry-run` of the crate
	cd $(RUST_SDK_DIR) && PATH=$(VENV)/bin:$$PATH cargo test --quiet --locked --all-features -j 2
	$(MAKE) --no-print-directory package-rust

# What crates.io would receive: the packed crate (its include list, license, metadata) unpacked and built on its
# own, in the SDK's target directory so the dependencies compiled by the tests are reused. --allow-dirty: a
# working tree with uncommitted edits is packed as it is (CI's clean clone has none).
.PHONY: package-rust
package-rust: ## cargo publish --dry-run of sdk/rust (packs and builds the crate as crates.io would get it)
	cd $(RUST_SDK_DIR) && cargo publish --dry-run --locked --allow-dirty -j 2
	cd $(RUST_SDK_DIR) && cargo package --list --locked --allow-dirty | grep -qx LICENSE
	cd $(RUST_SDK_DIR) && cargo package --list --locked --allow-dirty | grep -qx NOTICE

conformance-driver-rust: $(RUST_DRIVER) ## build the Rust SDK's conformance driver

$(RUST_DRIVER): $(RUST_SDK_SOURCES) $(RUST_DRIVER_DIR)/Cargo.toml $(RUST_DRIVER_DIR)/Cargo.lock $(wildcard $(RUST_DRIVER_DIR)/src/*.rs)
	cd $(RUST_DRIVER_DIR) && cargo build --release --locked -q -j 2
	@touch $@

test-conformance: $(RUST_DRIVER)
