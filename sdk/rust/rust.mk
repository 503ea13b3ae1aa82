test-rust: ## the rust SDK suite
	@echo "test-rust: the rust SDK arrives with its issue"
