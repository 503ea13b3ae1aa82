test-go: ## the go SDK suite
	@echo "test-go: the go SDK arrives with its issue"
