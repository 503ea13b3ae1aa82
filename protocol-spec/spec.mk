# protocol-spec: generator, drift check and tidy. (placeholder until the generator lands)
.PHONY: test-spec
gen: ## regenerate code and REFERENCE.md from protocol-spec/
	@echo "gen: generator not written yet"
gen-check: ## fail if generated files drifted from the spec
	@echo "gen-check: generator not written yet"
tidy: ## mechanical style checks (STYLE.md)
	@echo "tidy: not written yet"
lint: tidy
test-spec:
	@echo "test-spec: nothing yet"
