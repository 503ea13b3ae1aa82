"""The spark/ jobs end to end on small data, in this suite's SparkSession (one JVM per test run)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from iggy import PollingStrategy

pytestmark = pytest.mark.timeout(300)
JOBS = Path(__file__).resolve().parents[5] / "spark" / "jobs"


def load_job(name):
    spec = importlib.util.spec_from_file_location(f"spark_job_{name}", JOBS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def conn_args(iggy_server):
    return ["--address", iggy_server.address, "--username", "iggy", "--password", "iggy"]


def test_streaming_etl_end_to_end(spark, admin, iggy_server, stream_name, tmp_path):
    generator, etl = load_job("generate_events"), load_job("streaming_etl")
    start = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
    events = generator.make_events(600, start, span_minutes=6, seed=3)
    generator.send_events(iggy_server.connection_string, stream_name, "events", events, partitions=2)
    admin.send_messages(stream_name, "events", [b"not json", b'{"action": "view"}'])  # dropped by the parser

    args = conn_args(iggy_server) + [
        "--stream", stream_name, "--topic", "events", "--output-topic", "stats",
        "--parquet", str(tmp_path / "stats"), "--checkpoint", str(tmp_path / "ck"), "--available-now",
    ]
    assert etl.main(args, spark=spark) == 0

    # Windows closed by the watermark (max event time - 1 minute) are final; compare them with the input.
    max_time = max(datetime.fromisoformat(e["event_time"]) for e in events)
    closed_before = max_time - timedelta(minutes=1)
    expected = Counter()
    for e in events:
        t = datetime.fromisoformat(e["event_time"])
        window_start = t.replace(second=0, microsecond=0)
        if window_start + timedelta(minutes=1) <= closed_before:
            expected[(window_start, e["action"])] += 1
    assert len(expected) >= 9  # at least 4 closed windows x most actions

    rows = spark.read.parquet(str(tmp_path / "stats")).collect()
    # Spark returns naive local datetimes; normalise through epoch seconds.
    got = {(datetime.fromtimestamp(r.window_start.timestamp(), timezone.utc), r.action): r.events for r in rows}
    assert got == dict(expected)

    # The Iggy sink got the same results, one message per (window, action), keyed by action.
    published = []
    for partition in (0, 1):
        polled = admin.poll_messages(stream_name, "stats", partition_id=partition, strategy=PollingStrategy.first(),
                                     count=10_000)
        published += [(partition, m.id, json.loads(bytes(m.payload))) for m in polled.messages]
    assert len(published) == len(expected)
    assert {(p["action"], p["events"]) for _, _, p in published} == {(a, n) for (_, a), n in expected.items()}
    assert len({message_id for _, message_id, _ in published}) == len(published)
    partition_of_action = {}
    for partition, _, payload in published:
        assert partition_of_action.setdefault(payload["action"], partition) == partition


def test_export_and_replay_round_trip(spark, admin, iggy_server, stream_name, tmp_path):
    job = load_job("topic_export")
    admin.create_topic(stream_name, "source", partitions_count=3)
    for p in range(3):
        admin.send_messages(stream_name, "source", [f"p{p}-{i}".encode() for i in range(10 + p)], partitioning=p)
    admin.send_messages(stream_name, "source", [b"header-carrier"], partitioning=0)

    out = str(tmp_path / "export")
    first = job.main(conn_args(iggy_server) + ["export", "--stream", stream_name, "--topic", "source", "--output", out,
                                              "--ending-offsets", '{"0": 5}'], spark=spark)
    assert first == {"rows": 5 + 11 + 12, "next_offsets": {"0": 5, "1": 11, "2": 12}}
    resume = ["--starting-offsets", json.dumps(first["next_offsets"]), "--mode", "append"]
    second = job.main(conn_args(iggy_server) + ["export", "--stream", stream_name, "--topic", "source", "--output", out]
                      + resume, spark=spark)
    assert second == {"rows": 6, "next_offsets": {"0": 11}}
    assert sorted(p.name for p in Path(out).iterdir() if p.is_dir()) == ["partition=0", "partition=1", "partition=2"]
    exported = spark.read.parquet(out)
    assert exported.count() == 34
    assert exported.select("partition", "offset").distinct().count() == 34

    admin.create_topic(stream_name, "replayed", partitions_count=3)
    assert job.main(conn_args(iggy_server) + ["replay", "--input", out, "--stream", stream_name, "--topic", "replayed",
                                             "--keep-partitions"], spark=spark) == 34
    originals = {}
    for p in range(3):
        source = admin.poll_messages(stream_name, "source", partition_id=p, strategy=PollingStrategy.first(), count=100)
        copy = admin.poll_messages(stream_name, "replayed", partition_id=p, strategy=PollingStrategy.first(), count=100)
        assert [bytes(m.payload) for m in copy.messages] == [bytes(m.payload) for m in source.messages]
        assert [m.id for m in copy.messages] == [m.id for m in source.messages]  # ids kept: replays are detectable
        originals[p] = len(source.messages)
    assert originals == {0: 11, 1: 11, 2: 12}
