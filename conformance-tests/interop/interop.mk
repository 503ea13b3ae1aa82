# Interop tests: official Iggy clients nobody here wrote, run as their users run them, against our server
# (conformance-tests/interop/README.md). Part of `make test-conformance`.
.PHONY: test-interop iggy-cli-official

# The official CLI, crates.io `iggy-cli` 0.14.0 (Iggy 0.9's protocol through the Rust SDK 0.11.0), installed the way
# its README says (`cargo install`) with the crate's own Cargo.lock, into a per-machine cache outside the repo so
# clean clones reuse it: the binary under IGGY_CLI_ROOT, the build under IGGY_CLI_TARGET_DIR (kept, so a reinstall
# reuses what is compiled there). The git-ignored in-repo link (named with the version) is the stamp. Cold build
# cost: conformance-tests/interop/BENCHMARKS.md.
IGGY_CLI_VERSION := 0.14.0
IGGY_CLI_ROOT ?= $(HOME)/.cache/iggy-compat/iggy-cli-$(IGGY_CLI_VERSION)
IGGY_CLI_TARGET_DIR ?= $(HOME)/.cache/iggy-compat/iggy-cli-target
IGGY_CLI := conformance-tests/interop/target/iggy-cli-$(IGGY_CLI_VERSION)

iggy-cli-official: $(IGGY_CLI) ## install the official iggy-cli (crates.io) the interop tests run

# A test tool: compile time matters more than its speed, so the release profile is opt-level 0 as in the official
# Rust driver (conformance-tests/drivers/official-rust/Cargo.toml), which halves the cold build's CPU time. Debug
# assertions and overflow checks stay off as in any release build: the CLI behaves as the one a user installs.
IGGY_CLI_PROFILE := CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_INCREMENTAL=false

$(IGGY_CLI):
	$(IGGY_CLI_PROFILE) nice cargo install iggy-cli --version =$(IGGY_CLI_VERSION) --locked -q -j 2 \
	  --root "$(IGGY_CLI_ROOT)" --target-dir "$(IGGY_CLI_TARGET_DIR)"
	mkdir -p $(@D) && ln -sfn "$(IGGY_CLI_ROOT)/bin/iggy" $@

# The tests run the official clients as separate programs: apache-iggy 0.8.0 from .venv, 0.9.0 from its own venv
# (protocol-spec/spec.mk), the CLI from the link above.
test-interop: server $(OFFICIAL_09_VENV)/.stamp $(IGGY_CLI) ## official clients against the server (0.8 ⇄ 0.9, iggy-cli)
	OFFICIAL_09_PYTHON=$(OFFICIAL_09_PY) IGGY_CLI_OFFICIAL=$(ROOT)/$(IGGY_CLI) $(PYTEST) conformance-tests/interop

test-conformance: test-interop
