"""Streaming reads (availableNow, checkpoints, rate limits, data loss) into a Parquet sink."""

from __future__ import annotations

import json
import time

import pytest

from iggy import Message, PollingStrategy

pytestmark = pytest.mark.timeout(300)
# The tests whose path differs between the Iggy protocols (polls, sends, partitioning, ids, offsets) run over both;
# the rest over 0.9 (the default), which keeps the slow Spark suite from doubling.
BOTH_PROTOCOLS = pytest.mark.parametrize("protocol", ["0.9", "0.8"], scope="session")


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


@BOTH_PROTOCOLS
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


def test_progress_reports_stream_topic_and_lag(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=2)
    send(admin, stream_name, "events", 0, 0, 9)
    send(admin, stream_name, "events", 1, 0, 3)
    query = (
        spark.readStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events")
        .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", "6").load()
        .writeStream.format("noop").option("checkpointLocation", str(tmp_path / "ck"))
        .trigger(availableNow=True).start()
    )
    query.awaitTermination(120)
    assert query.exception() is None
    progress = [p for p in query.recentProgress if p["numInputRows"]]
    first = progress[0]["sources"][0]
    # 12 waiting, a budget of 6 split by lag (each lagging partition gets at least one): 4 from
    # partition 0 and 2 from partition 1, which leaves 5 and 1 behind.
    assert json.loads(first["endOffset"]) == {"stream": stream_name, "topic": "events", "partitions": {"0": 4, "1": 2}}
    latest = json.loads(first["latestOffset"])
    assert (latest["stream"], latest["topic"], latest["partitions"]) == (stream_name, "events", {"0": 9, "1": 3})
    assert latest["offsetsBehindLatest"] == {"0": 5, "1": 1}
    assert (latest["maxOffsetsBehindLatest"], latest["minOffsetsBehindLatest"]) == (5, 1)
    assert latest["avgOffsetsBehindLatest"] == 3.0
    assert json.loads(progress[-1]["sources"][0]["latestOffset"])["maxOffsetsBehindLatest"] == 0


@BOTH_PROTOCOLS
def test_offsets_stored_in_a_consumer_group_after_each_batch(spark, admin, conn, stream_name, tmp_path):
    from iggy import Consumer

    def stored(partition):
        info = admin.get_consumer_offset(Consumer.group("spark-etl"), stream_name, "events", partition)
        return None if info is None else info.stored_offset

    admin.create_topic(stream_name, "events", partitions_count=2)
    send(admin, stream_name, "events", 0, 0, 6)
    out, checkpoint = tmp_path / "out", tmp_path / "ck"
    options = {"startingOffsets": "earliest", "commitConsumerGroup": "spark-etl", "maxOffsetsPerTrigger": "2"}
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint, **options) == [2, 2, 2]
    # Spark commits a micro-batch to its source when it plans the next one, so the group trails the
    # checkpoint by one batch: batches [0, 2) and [2, 4) are stored (Iggy keeps the last processed
    # offset), the third is stored by the next run.
    assert (stored(0), stored(1)) == (3, None)
    send(admin, stream_name, "events", 1, 0, 2)
    assert run_available_now(spark, conn, stream_name, "events", out, checkpoint, **options) == [2]
    assert (stored(0), stored(1)) == (5, None)
    assert spark.read.parquet(str(out)).count() == 8  # the checkpoint, not the group, decides what is read


def test_starting_offsets_by_timestamp_in_a_stream(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=2)
    send(admin, stream_name, "events", 0, 0, 3)
    for i in range(3):  # one send each: a batch shares one server timestamp
        send(admin, stream_name, "events", 1, i, 1)
        time.sleep(0.002)
    stamps = {p: [m.timestamp_us for m in admin.poll_messages(stream_name, "events", partition_id=p,
                                                           strategy=PollingStrategy.first(), count=10).messages]
              for p in (0, 1)}
    send(admin, stream_name, "events", 0, 3, 2)
    by_ts = json.dumps({"0": stamps[0][-1] + 1, "1": stamps[1][1]})
    out = tmp_path / "out"
    batches = run_available_now(spark, conn, stream_name, "events", out, tmp_path / "ck",
                                startingOffsetsByTimestamp=by_ts)
    assert sum(batches) == 4
    rows = spark.read.parquet(str(out)).collect()
    assert sorted((r.partition, r.offset) for r in rows) == [(0, 3), (0, 4), (1, 1), (1, 2)]


def test_min_offsets_per_trigger_waits_for_enough_messages(spark, admin, conn, stream_name, tmp_path):
    admin.create_topic(stream_name, "events", partitions_count=1)
    # A trigger that runs no batch reports progress only every noDataProgressEventInterval.
    spark.conf.set("spark.sql.streaming.noDataProgressEventInterval", "100")
    query = (
        spark.readStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "events")
        .option("startingOffsets", "earliest").option("minOffsetsPerTrigger", "5").option("maxTriggerDelay", "1h")
        .load().writeStream.format("memory").queryName(f"min_{stream_name.replace('-', '_')}")
        .option("checkpointLocation", str(tmp_path / "ck")).trigger(processingTime="100 milliseconds").start()
    )
    try:
        send(admin, stream_name, "events", 0, 0, 3)
        # Several triggers see 3 < 5 messages and run no batch (bounded wait on trigger count, not time).
        deadline = time.monotonic() + 120
        while len(query.recentProgress) < 5:
            assert time.monotonic() < deadline and query.isActive, query.exception()
            time.sleep(0.2)
        assert sum(p["numInputRows"] for p in query.recentProgress) == 0
        send(admin, stream_name, "events", 0, 3, 2)
        while sum(p["numInputRows"] for p in query.recentProgress) < 5:
            assert time.monotonic() < deadline and query.isActive, query.exception()
            time.sleep(0.2)
        assert [p["numInputRows"] for p in query.recentProgress if p["numInputRows"]] == [5]
    finally:
        query.stop()
        spark.conf.unset("spark.sql.streaming.noDataProgressEventInterval")
