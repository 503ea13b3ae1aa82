"""One SparkSession (`local[2]`, loopback only) and one real iggy-server for the Spark suite.

The suite runs from `make test-spark`, which sets IGGY_SPARK_TESTS=1; elsewhere (e.g. `make
test-sdk-python`, which collects the same folder) it is skipped so the JVM start is paid once.
"""

from __future__ import annotations

import itertools
import os
import shutil
import sys

import pytest

if not os.environ.get("IGGY_SPARK_TESTS"):
    pytest.skip("Spark integration suite: run `make test-spark` (sets IGGY_SPARK_TESTS=1)", allow_module_level=True)
if shutil.which("java") is None:
    pytest.skip("Spark needs Java 17 or 21 on PATH", allow_module_level=True)
pytest.importorskip("pyspark")

from iggy.sync import IggyClient  # noqa: E402

_names = itertools.count()


@pytest.fixture(scope="session")
def spark(tmp_path_factory):
    # Workers must run this interpreter (it has pyarrow and iggy); everything stays on loopback.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("iggy-spark-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "1g")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.local.dir", str(tmp_path_factory.mktemp("spark-local")))
        .config("spark.sql.streaming.forceDeleteTempCheckpointLocation", "true")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def admin(iggy_server):
    with IggyClient(iggy_server.connection_string) as client:
        yield client


@pytest.fixture
def stream_name(admin):
    """A fresh stream per test, deleted afterwards."""
    name = f"spark-{os.getpid()}-{next(_names)}"
    admin.create_stream(name)
    yield name
    admin.delete_stream(name)


@pytest.fixture(scope="session")
def protocol() -> str:
    """The Iggy protocol the data source speaks: 0.9, except in the tests marked BOTH_PROTOCOLS (test_read,
    test_write, test_stream), which run over 0.9 and 0.8."""
    return "0.9"


@pytest.fixture(scope="session")
def conn(iggy_server, protocol):
    """Connection options as the data source takes them."""
    return {"address": iggy_server.address, "username": "iggy", "password": "iggy", "protocol": protocol}
