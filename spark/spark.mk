test-spark: ## the PySpark data source and pipeline suite
	@echo "test-spark: arrives with its issue"
