"""What the Spark reader and writer do, without Spark: planning offset ranges, reading a range into
Arrow batches, sending record batches. `source.py` only adapts these to PySpark's classes.

Every function takes a `TopicBackend` (the SDK client) and the parsed options, so it is exercised
against a real server in tests without a JVM.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Mapping

import pyarrow as pa

from iggy.protocol.messages import Message
from iggy.protocol.primitives import Partitioning as WirePartitioning

from .arrow import batch_to_rows, encode_headers, group_by_target, messages_to_batch, read_arrow_schema
from .backend import RETRYABLE_ERRORS, TopicBackend, discard_backend, shared_backend
from .offsets import (
    IggyDataLossError,
    OffsetRange,
    PartitionBounds,
    batch_ranges,
    cap_offsets,
    rate_limit,
    resolve_offsets,
    split_ranges,
    unknown_partitions,
)
from .options import OffsetSpec, Partitioning, ReadOptions, WriteOptions

log = logging.getLogger("iggy.spark")


class IggyPlanningError(ValueError):
    """The options name partitions or offsets the topic does not have."""


# -- planning ------------------------------------------------------------------------------------

def _selected(options: ReadOptions, available: Iterable[int]) -> list[int]:
    available = sorted(available)
    if options.partitions is None:
        return available
    missing = sorted(set(options.partitions) - set(available))
    if missing:
        raise IggyPlanningError(
            f"option 'partitions' names {missing}, but topic {options.topic!r} has partitions "
            f"0..{len(available) - 1}" if available else f"option 'partitions' names {missing}, but the topic has none"
        )
    return list(options.partitions)


def _check_spec_partitions(option: str, spec: OffsetSpec, bounds: Mapping[int, PartitionBounds]) -> None:
    unknown = unknown_partitions(spec, bounds)
    if unknown:
        raise IggyPlanningError(
            f"option '{option}' names partitions {unknown} that are not read (have {sorted(bounds)})"
        )


def current_bounds(
    backend: TopicBackend, options: ReadOptions, with_earliest: bool = True
) -> dict[int, PartitionBounds]:
    bounds = backend.bounds(options.stream, options.topic, with_earliest=with_earliest)
    return {pid: bounds[pid] for pid in _selected(options, bounds)}


def resolve_spec(backend: TopicBackend, options: ReadOptions, option: str, spec: OffsetSpec,
                 bounds: Mapping[int, PartitionBounds]) -> dict[int, int]:
    _check_spec_partitions(option, spec, bounds)
    by_time = None
    if spec.kind == "timestamp":
        ends = {pid: b.end for pid, b in bounds.items()}
        by_time = backend.offsets_for_timestamp(options.stream, options.topic, ends, spec.timestamp_us or 0)
    elif spec.kind == "timestamps":
        by_time = {}
        for pid, timestamp_us in spec.offsets().items():
            by_time.update(backend.offsets_for_timestamp(
                options.stream, options.topic, {pid: bounds[pid].end}, timestamp_us))
    return resolve_offsets(spec, bounds, by_time)


def apply_data_loss_policy(options: ReadOptions, start: dict[int, int], bounds: Mapping[int, PartitionBounds],
                           what: str) -> dict[int, int]:
    """Offsets below a partition's earliest are gone: fail, or (failOnDataLoss=false) skip ahead."""
    adjusted = dict(start)
    for pid, offset in start.items():
        b = bounds.get(pid)
        if b is None:
            continue
        if offset < b.earliest or offset > b.end:
            detail = (
                f"{what} offset {offset} of partition {pid} is outside the available range "
                f"[{b.earliest}, {b.end}) of topic {options.topic!r}"
            )
            if options.fail_on_data_loss:
                raise IggyDataLossError(
                    f"{detail} (messages removed by retention or a purge, or a recreated topic); "
                    "set failOnDataLoss=false to skip to what is available"
                )
            log.warning("%s; failOnDataLoss=false: continuing from %d", detail, min(max(offset, b.earliest), b.end))
            adjusted[pid] = min(max(offset, b.earliest), b.end)
    return adjusted


def plan_batch(backend: TopicBackend, options: ReadOptions) -> list[OffsetRange]:
    """The ranges a batch query reads, fixed at planning (like Kafka, `latest` is resolved once)."""
    bounds = current_bounds(backend, options)
    start = resolve_spec(backend, options, "startingOffsets", options.starting, bounds)
    end = resolve_spec(backend, options, "endingOffsets", options.ending, bounds)
    start = apply_data_loss_policy(options, start, bounds, "starting")
    for pid in sorted(bounds):
        if end[pid] > bounds[pid].end:
            log.info("endingOffsets of partition %d (%d) is past its end %d; reading to the end",
                     pid, end[pid], bounds[pid].end)
    return split_ranges(batch_ranges(start, end, bounds), options.min_partitions)


def initial_stream_offsets(backend: TopicBackend, options: ReadOptions) -> dict[int, int]:
    bounds = current_bounds(backend, options)
    start = resolve_spec(backend, options, "startingOffsets", options.starting, bounds)
    return apply_data_loss_policy(options, start, bounds, "starting")


def stream_latest_offsets(
    backend: TopicBackend,
    options: ReadOptions,
    start: dict[int, int],
    max_rows: int | None,
    target: dict[int, int] | None,
) -> tuple[dict[int, int], dict[int, int]]:
    """(end of the next micro-batch, latest available). Partitions that appeared since `start` begin
    at their earliest offset; a partition that vanished, or whose end went below `start`, is data loss."""
    ends = {pid: b.end for pid, b in current_bounds(backend, options, with_earliest=False).items()}
    start = dict(start)
    for pid in sorted(set(start) - set(ends)):
        message = f"partition {pid} of topic {options.topic!r} no longer exists"
        if options.fail_on_data_loss:
            raise IggyDataLossError(f"{message}; set failOnDataLoss=false to ignore it")
        log.warning("%s; failOnDataLoss=false: dropping it", message)
        del start[pid]
    for pid in sorted(set(ends) - set(start)):
        start[pid] = earliest_offset(backend, options, pid, ends[pid])
    for pid, end in ends.items():
        if end < start[pid]:
            message = (f"partition {pid} of topic {options.topic!r} now ends at {end}, before the checkpointed "
                       f"offset {start[pid]} (purged or recreated)")
            if options.fail_on_data_loss:
                raise IggyDataLossError(f"{message}; set failOnDataLoss=false to continue from its end")
            log.warning("%s; failOnDataLoss=false: continuing from %d", message, end)
            start[pid] = end
    latest = cap_offsets(ends, target)
    latest = {pid: max(latest[pid], start[pid]) for pid in latest}
    return rate_limit(start, latest, max_rows), latest


def earliest_offset(backend: TopicBackend, options: ReadOptions, partition: int, end: int) -> int:
    from iggy.protocol.primitives import PollingStrategy

    if end == 0:
        return 0
    return backend.first_offset_at_or_after(options.stream, options.topic, partition, PollingStrategy.first(), end)


def stream_ranges(backend: TopicBackend, options: ReadOptions, start: dict[int, int],
                  end: dict[int, int]) -> list[OffsetRange]:
    ranges = []
    for pid in sorted(end):
        first = start[pid] if pid in start else earliest_offset(backend, options, pid, end[pid])
        if end[pid] > first:
            ranges.append(OffsetRange(pid, first, end[pid]))
    return split_ranges(ranges, options.min_partitions)


# -- reading -------------------------------------------------------------------------------------

def read_range(options: ReadOptions, partition: int, start: int, end: int) -> Iterator[pa.RecordBatch]:
    """Arrow batches of partition `partition`, offsets `[start, end)`, polled `pollBatchSize` at a time.

    Stops at `end` even if more has arrived. A poll that begins past the requested offset means
    messages were removed: fail, or with failOnDataLoss=false skip them. A poll that fails on a lost
    connection is retried once on a fresh connection (polls by offset have no side effect)."""
    config = options.connection.config
    schema = read_arrow_schema(options.include_headers)
    next_offset = start
    # Each iteration advances next_offset by at least one or returns, bounding the loop by end - start.
    while next_offset < end:
        count = min(options.poll_batch_size, end - next_offset)
        messages = _poll(config, options, partition, next_offset, count)
        if not messages:
            _on_gap(options, partition, next_offset, end, end)
            return
        first = messages[0].offset
        if first > next_offset:
            _on_gap(options, partition, next_offset, first, end)
        if messages[-1].offset >= end or first < next_offset:
            messages = [m for m in messages if next_offset <= m.offset < end]
            if not messages:
                return
        for chunk_start in range(0, len(messages), options.arrow_batch_size):
            chunk = messages[chunk_start : chunk_start + options.arrow_batch_size]
            yield messages_to_batch(options.stream, options.topic, partition, chunk, options.include_headers, schema)
        next_offset = messages[-1].offset + 1


def _poll(config, options: ReadOptions, partition: int, offset: int, count: int) -> list[Message]:
    try:
        return shared_backend(config).poll(options.stream, options.topic, partition, offset, count)
    except RETRYABLE_ERRORS:
        discard_backend(config)  # the backend already reconnected once; start the next task afresh
        raise


def _on_gap(options: ReadOptions, partition: int, requested: int, available: int, end: int) -> None:
    detail = (
        f"partition {partition} of topic {options.topic!r}: offsets [{requested}, {available}) of the planned "
        f"range ending at {end} are no longer available (retention, purge or a recreated topic)"
    )
    if options.fail_on_data_loss:
        raise IggyDataLossError(f"{detail}; set failOnDataLoss=false to skip them")
    log.warning("%s; failOnDataLoss=false: skipping", detail)


# -- writing -------------------------------------------------------------------------------------

def _wire_partitioning(partitioning: Partitioning, target) -> WirePartitioning:
    if partitioning is Partitioning.PARTITION:
        return WirePartitioning.partition_id(int(target))
    if partitioning is Partitioning.KEY:
        return WirePartitioning.messages_key(target)
    return WirePartitioning.balanced()


def send_batch(backend: TopicBackend, options: WriteOptions, batch: pa.RecordBatch) -> dict[str, int]:
    """Send one record batch; returns messages sent per target (partition id, 'balanced' or 'key')."""
    rows = batch_to_rows(batch)
    sent: dict[str, int] = {}
    for target, indexes in group_by_target(rows, options.partitioning).items():
        messages = [
            Message(rows.payloads[i], id=rows.ids[i], user_headers=encode_headers(rows.headers[i]))
            for i in indexes
        ]
        count = backend.send_all(
            options.stream, options.topic, messages, _wire_partitioning(options.partitioning, target),
            options.write_batch_size,
        )
        if target is None:
            label = "balanced"
        else:
            label = str(target) if options.partitioning is Partitioning.PARTITION else "key"
        sent[label] = sent.get(label, 0) + count
    return sent


def write_batches(options: WriteOptions, batches: Iterable[pa.RecordBatch]) -> dict[str, int]:
    """Send every batch on the process's shared connection. No retry here: a resend after an unknown
    outcome could duplicate, so failures go to Spark, whose task retry is the documented
    at-least-once path."""
    config = options.connection.config
    backend = shared_backend(config)
    totals: dict[str, int] = {}
    try:
        for batch in batches:
            if batch.num_rows == 0:
                continue
            for label, count in send_batch(backend, options, batch).items():
                totals[label] = totals.get(label, 0) + count
    except RETRYABLE_ERRORS:
        discard_backend(config)
        raise
    return totals
