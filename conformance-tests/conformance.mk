# The conformance suite: every driver in conformance-tests/drivers.toml against a fresh server per case.
.PHONY: test-conformance conformance-unit

conformance-unit: $(VENV)/.stamp-sdk
	cd conformance-tests && $(PYTEST) tests

# Ten drivers x 130 cases, each case on a fresh server: the run waits on server start-ups and round trips far more
# than it computes (load average < 1 at --jobs 2 on 2 cores), so four drivers run side by side.
CONFORMANCE_JOBS ?= 4

test-conformance: server conformance-unit ## the cross-SDK conformance suite (writes conformance-tests/STATUS.md)
	cd conformance-tests && $(PY) -m conformance --sdk all --jobs $(CONFORMANCE_JOBS) --write-status

# The official Java client's driver (drivers/official-java) is compiled once and started as
# `java @target/driver.argfile`; the argfile (JVM flags, classpath from ~/.m2, main class) is the stamp.
OFFICIAL_JAVA_DIR := conformance-tests/drivers/official-java
OFFICIAL_JAVA_ARGFILE := $(OFFICIAL_JAVA_DIR)/target/driver.argfile
OFFICIAL_JAVA_SOURCES := $(OFFICIAL_JAVA_DIR)/pom.xml $(shell find $(OFFICIAL_JAVA_DIR)/src -name '*.java' 2>/dev/null)

.PHONY: conformance-driver-official-java
conformance-driver-official-java: $(OFFICIAL_JAVA_ARGFILE) ## build the official Java client's conformance driver

$(OFFICIAL_JAVA_ARGFILE): $(OFFICIAL_JAVA_SOURCES)
	cd $(OFFICIAL_JAVA_DIR) && mvn -q -B -Dstyle.color=never compile dependency:build-classpath
	printf -- '-XX:+UseSerialGC\n-Dfile.encoding=UTF-8\n-cp\n"%s:%s"\norg.iggyconformance.officialjava.DriverMain\n' \
	  "$(ROOT)/$(OFFICIAL_JAVA_DIR)/target/classes" "$$(cat $(OFFICIAL_JAVA_DIR)/target/classpath.txt)" > $@

test-conformance: $(OFFICIAL_JAVA_ARGFILE)

# The official Python client of Iggy 0.9 (apache-iggy 0.9.0, drivers/official-0.9) has the same import name as
# 0.8.0 in .venv, so it lives in a virtualenv of its own, which protocol-spec/spec.mk creates (its fixture recorder
# drives the same client). The driver also needs our SDK there, for the generated error table the two official
# Python drivers share (drivers/official_python.py).
.PHONY: conformance-driver-official-09
conformance-driver-official-09: $(OFFICIAL_09_VENV)/.stamp-sdk ## install the official 0.9 Python client's driver venv

$(OFFICIAL_09_VENV)/.stamp-sdk: $(OFFICIAL_09_VENV)/.stamp sdk/python/pyproject.toml
	$(OFFICIAL_09_PY) -m pip --disable-pip-version-check -q install -e sdk/python
	@touch $@

test-conformance: $(OFFICIAL_09_VENV)/.stamp-sdk

# The official Rust SDK's driver (drivers/official-rust, crates.io `iggy` 0.10) compiles into a per-machine cache
# outside the repo, so repeated runs reuse it (.ci/cargo-shared-build); the in-repo copy target/official-rust-driver
# (git-ignored) is the stamp and the path drivers.toml starts. Cold build ≈ 350 CPU-seconds (≈3–4 min on 2 idle cores); warm: seconds.
OFFICIAL_RUST_DIR := conformance-tests/drivers/official-rust
OFFICIAL_RUST_TARGET_DIR ?= $(OFFICIAL_CRATES_TARGET_DIR)
OFFICIAL_RUST_DRIVER := $(OFFICIAL_RUST_DIR)/target/official-rust-driver
# Both official Rust drivers compile in the loop and conversions they share (drivers/official-rust-common).
OFFICIAL_RUST_COMMON_SOURCES := $(wildcard conformance-tests/drivers/official-rust-common/*.rs)
OFFICIAL_RUST_SOURCES := $(OFFICIAL_RUST_DIR)/Cargo.toml $(OFFICIAL_RUST_DIR)/Cargo.lock $(wildcard $(OFFICIAL_RUST_DIR)/src/*.rs) \
  $(OFFICIAL_RUST_COMMON_SOURCES)

.PHONY: conformance-driver-official-rust
conformance-driver-official-rust: $(OFFICIAL_RUST_DRIVER) ## build the official Rust SDK's conformance driver

$(OFFICIAL_RUST_DRIVER): $(OFFICIAL_RUST_SOURCES)
	.ci/cargo-shared-build $(OFFICIAL_RUST_DIR) "$(OFFICIAL_RUST_TARGET_DIR)" iggy-conformance-official-rust \
	  official-rust-driver $@

test-conformance: $(OFFICIAL_RUST_DRIVER)

# The official Rust SDK of Iggy 0.9 (drivers/official-rust-0.11, crates.io `iggy` =0.11.0, protocol 0.9) builds like
# the 0.10 driver above, into a cache of its own (the two SDK releases share few dependency versions), which
# server.mk's bench-official-0.11 shares; the git-ignored copy target/official-rust-0-11-driver is the stamp.
# Cold build of the driver alone, measured 2026-11-27 with `time` on this 2-core machine while others built too
# (load average 1-4): 360 CPU-seconds (304 user + 56 sys), 427 s wall, crates already fetched; warm (only the
# driver changed): ≈10 s wall.
OFFICIAL_RUST_011_DIR := conformance-tests/drivers/official-rust-0.11
OFFICIAL_RUST_011_TARGET_DIR ?= $(OFFICIAL_CRATES_TARGET_DIR)
OFFICIAL_RUST_011_DRIVER := $(OFFICIAL_RUST_011_DIR)/target/official-rust-0-11-driver
OFFICIAL_RUST_011_SOURCES := $(OFFICIAL_RUST_011_DIR)/Cargo.toml $(OFFICIAL_RUST_011_DIR)/Cargo.lock \
  $(wildcard $(OFFICIAL_RUST_011_DIR)/src/*.rs) $(OFFICIAL_RUST_COMMON_SOURCES)

.PHONY: conformance-driver-official-rust-011
conformance-driver-official-rust-011: $(OFFICIAL_RUST_011_DRIVER) ## build the official Rust SDK 0.11's driver

$(OFFICIAL_RUST_011_DRIVER): $(OFFICIAL_RUST_011_SOURCES)
	nice .ci/cargo-shared-build $(OFFICIAL_RUST_011_DIR) "$(OFFICIAL_RUST_011_TARGET_DIR)" \
	  iggy-conformance-official-rust-0-11 official-rust-0-11-driver $@ -j 2

test-conformance: $(OFFICIAL_RUST_011_DRIVER)
