"""Batch reads through Spark against a real server."""

from __future__ import annotations

import pytest

from iggy import Message

pytestmark = pytest.mark.timeout(300)
# The tests whose path differs between the Iggy protocols (polls, sends, partitioning, ids, offsets) run over both;
# the rest over 0.9 (the default), which keeps the slow Spark suite from doubling.
BOTH_PROTOCOLS = pytest.mark.parametrize("protocol", ["0.9", "0.8"], scope="session")


def send_partitioned(admin, stream, topic, per_partition):
    """Send `per_partition[p]` messages to partition p; returns {(p, offset): (payload, headers)}."""
    sent = {}
    for partition, count in enumerate(per_partition):
        if not count:
            continue
        messages = []
        for i in range(count):
            payload = f"p{partition}-m{i}".encode() + bytes([i % 256])
            headers = {"seq": str(i), "part": bytes([partition])} if i % 2 == 0 else None
            messages.append(Message(payload, user_headers=headers))
            sent[(partition, i)] = (payload, headers)
        admin.send_messages(stream, topic, messages, partitioning=partition)
    return sent


def load(spark, conn, stream, topic, **options):
    reader = spark.read.format("iggy").options(**conn).option("stream", stream).option("topic", topic)
    return reader.options(**options).load()


@BOTH_PROTOCOLS
def test_batch_read_equals_what_was_sent(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=4)
    sent = send_partitioned(admin, stream_name, "events", [25, 40, 0, 13])
    rows = load(spark, conn, stream_name, "events", includeHeaders="true").collect()

    assert len(rows) == len(sent) == 78
    got = {(r.partition, r.offset): r for r in rows}
    assert set(got) == set(sent)
    for key, (payload, headers) in sent.items():
        row = got[key]
        assert bytes(row.payload) == payload
        expected_headers = {"seq": str(key[1]).encode(), "part": bytes([key[0]])} if headers else {}
        assert {k: bytes(v) for k, v in row.headers.items()} == expected_headers
        assert row.stream == stream_name and row.topic == "events"
        assert int(row.id) > 0  # the server assigned a UUID
    ids = [r.id for r in rows]
    assert len(set(ids)) == len(ids)
    # Timestamps are the server's append time, one per batch, non-decreasing by offset.
    by_partition = sorted(rows, key=lambda r: (r.partition, r.offset))
    for a, b in zip(by_partition, by_partition[1:]):
        if a.partition == b.partition:
            assert a.timestamp <= b.timestamp


def test_one_spark_partition_per_topic_partition_and_min_partitions(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=3)
    send_partitioned(admin, stream_name, "events", [30, 10, 0])
    df = load(spark, conn, stream_name, "events")
    assert df.rdd.getNumPartitions() == 2  # the empty partition plans no task
    split = load(spark, conn, stream_name, "events", minPartitions="8")
    assert split.rdd.getNumPartitions() >= 6
    rows = split.select("partition", "offset").collect()
    assert sorted((r.partition, r.offset) for r in rows) == sorted(
        [(0, i) for i in range(30)] + [(1, i) for i in range(10)]
    )


@BOTH_PROTOCOLS
def test_offset_ranges_partitions_and_timestamps(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=2)
    send_partitioned(admin, stream_name, "events", [10, 10])
    df = load(spark, conn, stream_name, "events",
              startingOffsets='{"0": 3, "1": -2}', endingOffsets='{"0": 5, "1": -1}')
    assert sorted((r.partition, r.offset) for r in df.collect()) == [(0, 3), (0, 4)] + [(1, i) for i in range(10)]
    only_one = load(spark, conn, stream_name, "events", partitions="1", endingOffsets='{"1": 4}')
    assert sorted(r.offset for r in only_one.collect()) == [0, 1, 2, 3]

    # Everything sent after a point in time: a later batch starts at offset 10 of partition 0.
    first_ts = max(r.timestamp for r in load(spark, conn, stream_name, "events").collect())
    import time

    time.sleep(0.01)
    admin.send_messages(stream_name, "events", [Message(b"late-0"), Message(b"late-1")], partitioning=0)
    after = int(first_ts.timestamp() * 1_000_000) + 1
    late = load(spark, conn, stream_name, "events", startingTimestamp=str(after)).collect()
    assert sorted((r.partition, r.offset, bytes(r.payload)) for r in late) == [(0, 10, b"late-0"), (0, 11, b"late-1")]


def test_empty_partitions_and_empty_topic(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "empty", partitions_count=3)
    assert load(spark, conn, stream_name, "empty").count() == 0
    admin.create_topic(stream_name, "sparse", partitions_count=3)
    admin.send_messages(stream_name, "sparse", [Message(b"only")], partitioning=1)
    rows = load(spark, conn, stream_name, "sparse").collect()
    assert [(r.partition, r.offset, bytes(r.payload)) for r in rows] == [(1, 0, b"only")]


def test_sql_registration_and_new_sessions(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=2)
    send_partitioned(admin, stream_name, "events", [3, 4])
    options = ", ".join(f"{k} '{v}'" for k, v in {**conn, "stream": stream_name, "topic": "events"}.items())
    other = spark.newSession()
    other.sql(f"CREATE TEMPORARY VIEW iggy_events USING iggy OPTIONS ({options})")
    query = "SELECT partition, count(*) AS n FROM iggy_events GROUP BY partition ORDER BY partition"
    counts = other.sql(query).collect()
    assert [(r.partition, r.n) for r in counts] == [(0, 3), (1, 4)]
    text = other.sql("SELECT CAST(payload AS STRING) AS s FROM iggy_events WHERE partition = 0 AND offset = 2").first()
    assert text.s.startswith("p0-m2")


def test_latest_in_batch_is_the_end_at_planning(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "events", partitions_count=2)
    send_partitioned(admin, stream_name, "events", [4, 3])
    assert load(spark, conn, stream_name, "events", startingOffsets="latest").count() == 0
    # -1 per partition means the same; other partitions keep the batch default (earliest).
    rows = load(spark, conn, stream_name, "events", startingOffsets='{"0": -1}').collect()
    assert sorted((r.partition, r.offset) for r in rows) == [(1, 0), (1, 1), (1, 2)]
