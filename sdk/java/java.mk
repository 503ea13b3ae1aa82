test-java: ## the java SDK suite
	@echo "test-java: the java SDK arrives with its issue"
