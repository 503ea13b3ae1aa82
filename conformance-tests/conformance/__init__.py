"""Cross-SDK conformance runner: cases as data, one driver process per SDK, a fresh server per case."""
