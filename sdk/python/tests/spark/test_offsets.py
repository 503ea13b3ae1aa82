"""Offset resolution, checkpoint JSON, rate limiting and range splitting (pure Python)."""

import json

import pytest

from iggy.spark.offsets import (
    IggyCheckpointError,
    OffsetRange,
    PartitionBounds,
    batch_ranges,
    cap_offsets,
    decode_offset,
    encode_offset,
    lag_metrics,
    rate_limit,
    resolve_offsets,
    split_ranges,
    wait_for_more,
)
from iggy.spark.options import OffsetSpec, parse_offset_spec

BOUNDS = {0: PartitionBounds(0, 10), 1: PartitionBounds(5, 20), 2: PartitionBounds(0, 0)}


def test_resolve_earliest_latest():
    assert resolve_offsets(OffsetSpec.earliest(), BOUNDS) == {0: 0, 1: 5, 2: 0}
    assert resolve_offsets(OffsetSpec.latest(), BOUNDS) == {0: 10, 1: 20, 2: 0}


def test_resolve_json_with_sentinels_and_defaults():
    spec = parse_offset_spec("startingOffsets", '{"0": 3, "1": -1}', "earliest")
    assert resolve_offsets(spec, BOUNDS) == {0: 3, 1: 20, 2: 0}
    end = parse_offset_spec("endingOffsets", '{"1": 7}', "latest")
    assert resolve_offsets(end, BOUNDS) == {0: 10, 1: 7, 2: 0}


def test_resolve_timestamp_uses_lookup_and_falls_back_to_end():
    spec = OffsetSpec("timestamp", timestamp_us=123)
    assert resolve_offsets(spec, BOUNDS, {0: 4}) == {0: 4, 1: 20, 2: 0}
    with pytest.raises(ValueError):
        resolve_offsets(spec, BOUNDS)


def test_batch_ranges_clamp_and_drop_empty():
    ranges = batch_ranges({0: 2, 1: 5, 2: 0}, {0: 50, 1: 5, 2: 0}, BOUNDS)
    assert ranges == [OffsetRange(0, 2, 10)]


def test_checkpoint_roundtrip_sorted_and_stable():
    encoded = encode_offset("s", "t", {10: 5, 2: 7, 1: 0})
    text = json.dumps(encoded)
    assert text == '{"stream": "s", "topic": "t", "partitions": {"1": 0, "2": 7, "10": 5}}'
    assert decode_offset(text, "s", "t") == {1: 0, 2: 7, 10: 5}
    assert decode_offset(encoded, "s", "t") == {1: 0, 2: 7, 10: 5}


def test_checkpoint_for_another_topic_is_rejected():
    with pytest.raises(IggyCheckpointError, match="new checkpointLocation"):
        decode_offset(encode_offset("s", "other", {0: 1}), "s", "t")
    with pytest.raises(IggyCheckpointError):
        decode_offset({"stream": "s", "topic": "t", "partitions": {"0": -4}}, "s", "t")
    with pytest.raises(IggyCheckpointError):
        decode_offset("not json", "s", "t")


def total(start, end):
    return sum(end[p] - start[p] for p in end)


def test_rate_limit_no_limit_or_enough_budget_reads_all():
    start, latest = {0: 0, 1: 5}, {0: 10, 1: 20}
    assert rate_limit(start, latest, None) == latest
    assert rate_limit(start, latest, 25) == latest


def test_rate_limit_proportional_and_exact():
    start, latest = {0: 0, 1: 0, 2: 0}, {0: 100, 1: 300, 2: 0}
    end = rate_limit(start, latest, 40)
    assert total(start, end) == 40
    assert end[2] == 0
    assert end == {0: 10, 1: 30, 2: 0}


def test_rate_limit_small_lag_partition_still_progresses():
    start, latest = {0: 0, 1: 0, 2: 0}, {0: 1000, 1: 1, 2: 1}
    end = rate_limit(start, latest, 3)
    assert end == {0: 1, 1: 1, 2: 1}  # floor division would give {0: 3, 1: 0, 2: 0}


def test_rate_limit_budget_below_partition_count_rounds_up():
    start, latest = {p: 0 for p in range(5)}, {p: 10 for p in range(5)}
    end = rate_limit(start, latest, 2)
    assert all(end[p] == 1 for p in range(5))


@pytest.mark.parametrize("budget", [1, 3, 5, 7, 11, 64])
def test_rate_limit_always_progresses_until_done(budget):
    start, latest = {0: 3, 1: 0, 2: 9}, {0: 50, 1: 2, 2: 9}
    batches = 0
    while start != latest:
        end = rate_limit(start, latest, budget)
        assert all(start[p] <= end[p] <= latest[p] for p in end)
        assert 0 < total(start, end) <= max(budget, 2)
        start, batches = end, batches + 1
        assert batches < 100
    assert batches >= -(-49 // max(budget, 2))  # never more than the budget (or one per lagging partition)


def test_cap_offsets():
    assert cap_offsets({0: 10, 1: 3}, {0: 7}) == {0: 7, 1: 3}
    assert cap_offsets({0: 10}, None) == {0: 10}


def test_split_ranges_follow_min_partitions():
    ranges = [OffsetRange(0, 0, 100), OffsetRange(1, 0, 10), OffsetRange(2, 5, 5)]
    assert split_ranges(ranges, None) == ranges[:2]
    split = split_ranges(ranges, 10)
    assert [r for r in split if r.partition == 1] == [OffsetRange(1, 0, 10)]
    zero = [r for r in split if r.partition == 0]
    assert len(zero) == 9 and zero[0].start == 0 and zero[-1].end == 100
    assert all(a.end == b.start for a, b in zip(zero, zero[1:]))
    assert max(r.size for r in zero) - min(r.size for r in zero) <= 1


def test_split_never_makes_empty_parts():
    assert split_ranges([OffsetRange(0, 0, 2)], 10) == [OffsetRange(0, 0, 1), OffsetRange(0, 1, 2)]


def test_wait_for_more_until_min_or_delay():
    start, latest = {0: 10, 1: 0}, {0: 13, 1: 4}  # 7 waiting
    assert wait_for_more(start, latest, 8, waited_ms=0, max_delay_ms=1000)
    assert not wait_for_more(start, latest, 7, waited_ms=0, max_delay_ms=1000)
    assert not wait_for_more(start, latest, 8, waited_ms=1000, max_delay_ms=1000)
    assert not wait_for_more({0: 0}, {0: 3, 2: 5}, 8, waited_ms=0, max_delay_ms=10)  # new partition counts from 0


def test_lag_metrics_like_kafka():
    metrics = lag_metrics({0: 10, 1: 5, 2: 7}, {0: 10, 1: 9, 2: 15})
    assert metrics == {
        "offsetsBehindLatest": {"0": 0, "1": 4, "2": 8},
        "avgOffsetsBehindLatest": 4.0,
        "maxOffsetsBehindLatest": 8,
        "minOffsetsBehindLatest": 0,
    }
