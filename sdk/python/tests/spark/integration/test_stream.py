"""Streaming reads (availableNow, checkpoints, rate limits, data loss) into a Parquet sink."""

from __future__ import annotations

import pytest

from iggy import Message

pytestmark = pytest.mark.timeout(300)


def send(admin, stream, topic, partition, first, count):
    messages = [Message(f"{partition}:{first + i}") for i in range(count)]
    admin.send_messages(stream, topic, messages, partitioning=partition)


def run_available_now(spark, conn, stream, topic, out, checkpoint, **options):
    query = (
        spark.readStream.format("iggy").options(**conn).option("stream", stream).option("topic", topic)
        .options(**options).load()
        .writeStream.format("parquet").option("path", str(out)).option("checkpointLocation", str(checkpoint))
        .trigger(availableNow=True).start()
    )
    query.awaitTermination(120)
    assert not query.isActive
    if query.exception() is not None:
        raise AssertionError(str(query.exception()))
    return [p["numInputRows"] for p in query.recentProgress if p["numInputRows"]]


def test_three_available_now_runs_read_each_message_exactly_once(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=3)
    out, checkpoint = tmp_path / "out", tmp_path / "checkpoint"
    send(admin, stream_name, "events", 0, 0, 12)
    send(admin, stream_name, "events", 1, 0, 3)

    # Run 1: 15 messages under a budget of 4 per trigger → several micro-batches, none larger than 4
    # (each lagging partition gets at least one message per batch).
    batches = run_available_now(spark, conn, stream_name, "events", out, checkpoint,
                                startingOffsets="earliest", maxOffsetsPerTrigger="4")
    assert sum(batches) == 15 and max(batches) <= 4 and len(batches) >= 4

    # Run 2 (a restart from the checkpoint): only the new messages, including a partition that was empty.
    send(admin, stream_name, "events", 0, 12, 5)
    send(admin, stream_name, "events", 2, 0, 7)
    batches = run_available_now(spark, conn, stream_name, "events", out, checkpoint, maxOffsetsPerTrigger="4")
    assert sum(batches) == 12

    # Run 3: nothing new, then new data in one partition; no limit → one batch.
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint) == []
    send(admin, stream_name, "events", 1, 3, 4)
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint) == [4]

    rows = spark.read.parquet(str(out)).select("partition", "offset", "payload").collect()
    keys = [(r.partition, r.offset) for r in rows]
    assert len(keys) == len(set(keys)) == 12 + 5 + 3 + 4 + 7
    expected = {(0, i) for i in range(17)} | {(1, i) for i in range(7)} | {(2, i) for i in range(7)}
    assert set(keys) == expected
    assert all(bytes(r.payload) == f"{r.partition}:{r.offset}".encode() for r in rows)


def test_stream_starts_at_latest_by_default(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=1)
    send(admin, stream_name, "events", 0, 0, 5)
    out, checkpoint = tmp_path / "out", tmp_path / "checkpoint"
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint) == []
    send(admin, stream_name, "events", 0, 5, 2)
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint) == [2]
    assert sorted(r.offset for r in spark.read.parquet(str(out)).collect()) == [5, 6]


def test_fail_on_data_loss(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=1)
    send(admin, stream_name, "events", 0, 0, 6)
    out, checkpoint = tmp_path / "out", tmp_path / "checkpoint"
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint, startingOffsets="earliest") == [6]

    # A purge resets the partition: the checkpoint (next offset 6) is now beyond its end (2).
    admin.purge_topic(stream_name, "events")
    send(admin, stream_name, "events", 0, 100, 2)
    with pytest.raises(Exception, match="now ends at 2, before the checkpointed offset 6.*failOnDataLoss=false"):
        run_available_now(spark, conn, stream_name, "events", out, checkpoint)
    # Tolerating loss, the query continues from the partition's end; later messages are read.
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint, failOnDataLoss="false") == []
    send(admin, stream_name, "events", 0, 200, 3)
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint, failOnDataLoss="false") == [3]

    # Batch: explicit offsets beyond what exists are data loss too.
    batch = (spark.read.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events"))
    with pytest.raises(Exception, match="failOnDataLoss"):
        batch.option("startingOffsets", '{"0": 40}').load().collect()
    assert batch.option("startingOffsets", '{"0": 40}').option("failOnDataLoss", "false").load().count() == 0
