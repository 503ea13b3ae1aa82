.PHONY: test-cli
test-cli:
	@echo "test-cli: the CLI arrives with its issue"
