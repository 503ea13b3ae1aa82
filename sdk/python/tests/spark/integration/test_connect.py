"""The data source from a Spark Connect client: a Connect server (pyspark's own, started here) runs
the queries; this process only holds a thin gRPC client session. Batch read, write and an
availableNow stream with a restart."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from iggy import Message, PollingStrategy

pytestmark = pytest.mark.timeout(600)
REPO = Path(__file__).resolve().parents[5]

pytest.importorskip("grpc", reason="Spark Connect needs the SDK's [spark-connect] extra (make test-spark installs it)")


def _cluster_module():
    spec = importlib.util.spec_from_file_location("spark_cluster_connect", REPO / "spark" / "cluster.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def remote(tmp_path_factory):
    from pyspark.sql import SparkSession

    with _cluster_module().connect_server(tmp_path_factory.mktemp("spark-connect")) as url:
        session = SparkSession.builder.remote(url).getOrCreate()
        try:
            import iggy.spark

            # Registration travels to the server with the session (the class is pickled by reference:
            # the server's Python workers import iggy.spark themselves).
            iggy.spark.register(session)
            yield session
        finally:
            session.stop()
            # A remote session switches the whole process to Connect mode; the classic session the
            # other modules share must still be creatable afterwards.
            os.environ.pop("SPARK_CONNECT_MODE_ENABLED", None)


def test_connect_batch_read_and_write(remote, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=2)
    for p in range(2):
        admin.send_messages(stream_name, "events", [Message(f"{p}-{i}") for i in range(5 + p)], partitioning=p)
    df = (remote.read.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events")
          .load())
    assert remote.__class__.__module__.startswith("pyspark.sql.connect")
    rows = df.selectExpr("partition", "offset", "CAST(payload AS STRING) AS text").collect()
    assert sorted((r.partition, r.offset, r.text) for r in rows) == sorted(
        [(p, i, f"{p}-{i}") for p in range(2) for i in range(5 + p)]
    )

    admin.create_topic(stream_name, "copy", partitions_count=2)
    (df.select("payload", "partition").write.format("iggy").options(**conn).option("stream", stream_name)
     .option("topic", "copy").option("partitioning", "partition").mode("append").save())
    for p in range(2):
        polled = admin.poll_messages(stream_name, "copy", partition_id=p, strategy=PollingStrategy.first(), count=100)
        assert sorted(bytes(m.payload).decode() for m in polled.messages) == [f"{p}-{i}" for i in range(5 + p)]

    with pytest.raises(Exception, match="option 'startingOffset': is not a known option"):
        remote.read.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events") \
            .option("startingOffset", "earliest").load().schema


def test_connect_stream_exactly_once_across_restart(remote, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=2)
    out, checkpoint = str(tmp_path / "out"), str(tmp_path / "ck")

    def run():
        query = (
            remote.readStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events")
            .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", "7").load()
            .writeStream.format("parquet").option("path", out).option("checkpointLocation", checkpoint)
            .trigger(availableNow=True).start()
        )
        query.awaitTermination(300)
        assert query.exception() is None
        return remote.read.parquet(out).count()

    for p in range(2):
        admin.send_messages(stream_name, "events", [Message(f"{p}-{i}") for i in range(8)], partitioning=p)
    assert run() == 16
    admin.send_messages(stream_name, "events", [Message("1-8"), Message("1-9")], partitioning=1)
    assert run() == 18
    rows = remote.read.parquet(out).select("partition", "offset").collect()
    keys = sorted((r.partition, r.offset) for r in rows)
    assert keys == [(0, i) for i in range(8)] + [(1, i) for i in range(10)]
    assert os.path.isdir(checkpoint)
