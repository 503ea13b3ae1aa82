# The PySpark data source (sdk/python/src/iggy/spark) and the spark/ pipeline jobs.
# pyspark (~500 MB of jars) and pyarrow come in through the SDK's [spark] extra, the Spark Connect
# client's gRPC, protobuf, zstandard and pandas through [spark-connect], once (stamp file).
.PHONY: test-spark spark-deps spark-sample

$(VENV)/.stamp-spark: $(VENV)/.stamp-sdk sdk/python/pyproject.toml
	$(PIP) install -e 'sdk/python[spark,spark-connect]'
	@touch $@

spark-deps: $(VENV)/.stamp-spark ## install pyspark, pyarrow and the Spark Connect client into .venv

# Unit tests need no JVM; the integration suite starts one SparkSession (local[2]) and one server, and
# per module a standalone cluster (master + two 1-core workers) and a Spark Connect server.
test-spark: $(VENV)/.stamp-spark $(VENV)/.stamp-server ## the PySpark data source and pipeline suite
	IGGY_SPARK_TESTS=1 SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(PY) PYSPARK_DRIVER_PYTHON=$(PY) \
	  $(PYTEST) -p no:cacheprovider sdk/python/tests/spark

spark-sample: $(VENV)/.stamp-spark ## send sample JSON events to a running server (see spark/README.md)
	$(PY) spark/jobs/generate_events.py $(SPARK_SAMPLE_ARGS)
