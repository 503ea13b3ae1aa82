"""Batch and streaming writes land in the topic with the right partitioning."""

from __future__ import annotations

import uuid

import pytest

from iggy import PollingStrategy

pytestmark = pytest.mark.timeout(300)
# The tests whose path differs between the Iggy protocols (polls, sends, partitioning, ids, offsets) run over both;
# the rest over 0.9 (the default), which keeps the slow Spark suite from doubling.
BOTH_PROTOCOLS = pytest.mark.parametrize("protocol", ["0.9", "0.8"], scope="session")


def poll_all(admin, stream, topic, partition):
    polled = admin.poll_messages(stream, topic, partition_id=partition, strategy=PollingStrategy.first(), count=10_000)
    return polled.messages


def writer(df, conn, stream, topic, **options):
    return df.write.format("iggy").options(**conn).option("stream", stream).option("topic", topic).options(**options)


@BOTH_PROTOCOLS
def test_batch_write_balanced_partition_and_key(spark, admin, conn, stream_name):
    for topic in ("balanced", "by-partition", "by-key"):
        admin.create_topic(stream_name, topic, partitions_count=3)
    df = spark.range(30).selectExpr(
        "concat('msg-', id) AS payload", "CAST(id % 3 AS INT) AS partition", "concat('user-', id % 5) AS key"
    )
    # Balanced is the server's round robin per SendMessages batch: 2 tasks x 3 batches of 5 → 2 batches each.
    writer(df.select("payload"), conn, stream_name, "balanced", writeBatchSize="5").mode("append").save()
    counts = [len(poll_all(admin, stream_name, "balanced", p)) for p in range(3)]
    assert counts == [10, 10, 10]

    writer(df, conn, stream_name, "by-partition", partitioning="partition").mode("append").save()
    for p in range(3):
        payloads = {bytes(m.payload) for m in poll_all(admin, stream_name, "by-partition", p)}
        assert payloads == {f"msg-{i}".encode() for i in range(30) if i % 3 == p}

    writer(df, conn, stream_name, "by-key", partitioning="key").mode("append").save()
    partition_of_key = {}
    for p in range(3):
        for m in poll_all(admin, stream_name, "by-key", p):
            key = f"user-{int(bytes(m.payload)[4:]) % 5}"
            assert partition_of_key.setdefault(key, p) == p  # one key → one partition
    assert len(partition_of_key) == 5


@BOTH_PROTOCOLS
def test_batch_write_ids_and_headers_roundtrip(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=1)
    ids = [str(uuid.UUID(int=i + 1)) for i in range(5)]
    df = spark.createDataFrame(
        [(f"body-{i}".encode(), ids[i], {"trace": f"t{i}".encode()}) for i in range(5)],
        "payload BINARY, id STRING, headers MAP<STRING, BINARY>",
    )
    writer(df, conn, stream_name, "events").mode("append").save()
    back = (spark.read.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events")
            .option("includeHeaders", "true").load().collect())
    # Two write tasks append concurrently, so compare per message rather than by offset order.
    got = {bytes(r.payload): (r.id, bytes(r.headers["trace"])) for r in back}
    assert got == {
        f"body-{i}".encode(): (str(int.from_bytes(uuid.UUID(ids[i]).bytes, "little")), f"t{i}".encode())
        for i in range(5)
    }


def test_streaming_write_copies_a_topic(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "source", partitions_count=2)
    admin.create_topic(stream_name, "sink", partitions_count=2)
    for p in range(2):
        admin.send_messages(stream_name, "source", [f"{p}-{i}" for i in range(6)], partitioning=p)

    def run():
        query = (
            spark.readStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "source")
            .option("startingOffsets", "earliest").load()
            .select("payload", "partition")
            .writeStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "sink")
            .option("partitioning", "partition").option("checkpointLocation", str(tmp_path / "ck"))
            .trigger(availableNow=True).start()
        )
        query.awaitTermination(120)
        assert query.exception() is None

    run()
    admin.send_messages(stream_name, "source", ["1-6"], partitioning=1)
    run()
    for p in range(2):
        payloads = [bytes(m.payload).decode() for m in poll_all(admin, stream_name, "sink", p)]
        assert payloads == [f"{p}-{i}" for i in range(6 + p)]  # same partition, same order, once each
