# The Rust SDK: for now a crate holding the constants generated from protocol-spec (plus a smoke test).
.PHONY: test-rust
test-rust: ## the rust SDK suite (cargo test in sdk/rust)
	cd sdk/rust && cargo test --quiet --locked
