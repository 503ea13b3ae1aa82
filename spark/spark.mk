# The PySpark data source (sdk/python/src/iggy/spark) and the spark/ pipeline jobs.
# pyspark (~500 MB of jars) and pyarrow come in through the SDK's [spark] extra, once (stamp file).
.PHONY: test-spark spark-deps spark-sample

$(VENV)/.stamp-spark: $(VENV)/.stamp-sdk sdk/python/pyproject.toml
	$(PIP) install -e 'sdk/python[spark]'
	@touch $@

spark-deps: $(VENV)/.stamp-spark ## install pyspark + pyarrow into .venv (the SDK's [spark] extra)

# Unit tests need no JVM; the integration suite starts one SparkSession (local[2]) and one server.
test-spark: $(VENV)/.stamp-spark $(VENV)/.stamp-server ## the PySpark data source and pipeline suite
	IGGY_SPARK_TESTS=1 SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(PY) PYSPARK_DRIVER_PYTHON=$(PY) \
	  $(PYTEST) -p no:cacheprovider sdk/python/tests/spark

spark-sample: $(VENV)/.stamp-spark ## send sample JSON events to a running server (see spark/README.md)
	$(PY) spark/jobs/generate_events.py $(SPARK_SAMPLE_ARGS)
