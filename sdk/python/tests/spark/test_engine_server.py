"""The data source's engine (planning, reading, data-loss handling) against a real server, no Spark."""

from __future__ import annotations

import itertools
import os

import pytest

pytest.importorskip("pyarrow")

from iggy.spark import engine  # noqa: E402
from iggy.spark.backend import shared_backend  # noqa: E402
from iggy.spark.offsets import IggyDataLossError, OffsetRange  # noqa: E402
from iggy.spark.options import parse_read_options  # noqa: E402
from iggy.sync import IggyClient  # noqa: E402

_names = itertools.count()


@pytest.fixture
def topic(iggy_server):
    """A fresh stream with a 3-partition topic `t`: partition 0 holds 10 messages, 1 holds 3, 2 is empty."""
    stream = f"engine-{os.getpid()}-{next(_names)}"
    with IggyClient(iggy_server.connection_string) as client:
        client.create_stream(stream)
        client.create_topic(stream, "t", partitions_count=3)
        client.send_messages(stream, "t", [f"a{i}" for i in range(10)], partitioning=0)
        client.send_messages(stream, "t", [f"b{i}" for i in range(3)], partitioning=1)
        yield client, stream
        client.delete_stream(stream)


def options(iggy_server, stream, streaming=False, **extra):
    raw = {"address": iggy_server.address, "username": "iggy", "password": "iggy", "stream": stream, "topic": "t"}
    return parse_read_options({**raw, **extra}, streaming=streaming)


def read_all(opts, ranges):
    return [row for r in ranges for b in engine.read_range(opts, r.partition, r.start, r.end) for row in b.to_pylist()]


def test_bounds_and_batch_plan(iggy_server, topic):
    _, stream = topic
    opts = options(iggy_server, stream, pollBatchSize="4", arrowBatchSize="3")
    backend = shared_backend(opts.connection.config)
    assert {p: (b.earliest, b.end) for p, b in backend.bounds(stream, "t", True).items()} == {
        0: (0, 10), 1: (0, 3), 2: (0, 0)}
    ranges = engine.plan_batch(backend, opts)
    assert ranges == [OffsetRange(0, 0, 10), OffsetRange(1, 0, 3)]
    rows = read_all(opts, ranges)
    assert [(r["partition"], r["offset"], r["payload"]) for r in rows] == (
        [(0, i, f"a{i}".encode()) for i in range(10)] + [(1, i, f"b{i}".encode()) for i in range(3)])
    batches = list(engine.read_range(opts, 0, 2, 9))
    assert [b.num_rows for b in batches] == [3, 1, 3]  # polls of 4 (2..5, 6..8), Arrow chunks of 3


def test_purged_range_is_data_loss_at_read_time(iggy_server, topic):
    client, stream = topic
    strict = options(iggy_server, stream)
    ranges = engine.plan_batch(shared_backend(strict.connection.config), strict)
    client.purge_topic(stream, "t")
    with pytest.raises(IggyDataLossError, match=r"offsets \[0, 10\).*failOnDataLoss=false"):
        read_all(strict, ranges)
    lenient = options(iggy_server, stream, failOnDataLoss="false")
    assert read_all(lenient, ranges) == []


def test_stream_offsets_rate_limit_and_new_partitions(iggy_server, topic):
    client, stream = topic
    opts = options(iggy_server, stream, streaming=True, startingOffsets="earliest")
    backend = shared_backend(opts.connection.config)
    start = engine.initial_stream_offsets(backend, opts)
    assert start == {0: 0, 1: 0, 2: 0}
    end, latest = engine.stream_latest_offsets(backend, opts, start, 5, None)
    assert latest == {0: 10, 1: 3, 2: 0}
    assert sum(end.values()) == 5 and end[1] >= 1 and end[2] == 0
    # availableNow target caps what is read even when more arrives.
    client.send_messages(stream, "t", ["late"], partitioning=2)
    end, latest = engine.stream_latest_offsets(backend, opts, start, None, {0: 10, 1: 3, 2: 0})
    assert end == latest == {0: 10, 1: 3, 2: 0}
    # A partition added after the query started is read from its earliest offset.
    client.create_partitions(stream, "t", 1)
    client.send_messages(stream, "t", ["new"], partitioning=3)
    end, _ = engine.stream_latest_offsets(backend, opts, {0: 10, 1: 3, 2: 1}, None, None)
    assert end == {0: 10, 1: 3, 2: 1, 3: 1}
    assert engine.stream_ranges(backend, opts, {0: 10, 1: 3, 2: 1}, end) == [OffsetRange(3, 0, 1)]


def test_starting_timestamp_resolves_per_partition(iggy_server, topic):
    client, stream = topic
    opts = options(iggy_server, stream)
    rows = read_all(opts, engine.plan_batch(shared_backend(opts.connection.config), opts))
    last_us = max(int(r["timestamp"].timestamp() * 1_000_000) for r in rows)
    client.send_messages(stream, "t", ["after"], partitioning=2)
    later = options(iggy_server, stream, startingTimestamp=str(last_us + 1))
    ranges = engine.plan_batch(shared_backend(later.connection.config), later)
    assert ranges == [OffsetRange(2, 0, 1)]
