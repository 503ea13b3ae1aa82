"""Offset arithmetic of the `iggy` data source: resolution, checkpoint JSON, rate limiting, splitting.

Pure functions over plain ints and dicts, so they are unit-tested without Spark or a server.
Conventions, as in Spark's Kafka source: an offset range is `[start, end)` and a checkpointed offset is
the *next* offset to read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from .options import EARLIEST_SENTINEL, LATEST_SENTINEL, OffsetSpec


class IggyDataLossError(RuntimeError):
    """Offsets a query expected to read are no longer on the server (retention, deleted partition)."""


class IggyCheckpointError(ValueError):
    """A checkpointed offset does not belong to this query's stream and topic, or is malformed."""


@dataclasses.dataclass(frozen=True)
class PartitionBounds:
    """What a partition holds now: offsets `[earliest, end)`; empty when earliest == end."""

    earliest: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.earliest <= self.end:
            raise ValueError(f"invalid partition bounds [{self.earliest}, {self.end})")


@dataclasses.dataclass(frozen=True)
class OffsetRange:
    """One unit of reading work: partition `partition`, offsets `[start, end)`."""

    partition: int
    start: int
    end: int

    @property
    def size(self) -> int:
        return max(0, self.end - self.start)


def _spec_offset(value: int, bounds: PartitionBounds) -> int:
    if value == EARLIEST_SENTINEL:
        return bounds.earliest
    if value == LATEST_SENTINEL:
        return bounds.end
    return value


def resolve_offsets(
    spec: OffsetSpec,
    bounds: Mapping[int, PartitionBounds],
    timestamp_offsets: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Turn a start or end spec into a concrete offset for every partition in `bounds`.

    For a timestamp spec the caller looks up, per partition, the first offset whose timestamp is >=
    the spec's timestamp (`timestamp_offsets`; a partition with no such message maps to its end).
    Explicit offsets outside `[earliest, end]` are kept as given: the reader decides what a gap means
    (see `check_data_loss`) and an end beyond the data is clamped by `clamp_end`.
    """
    if spec.kind == "timestamp":
        if timestamp_offsets is None:
            raise ValueError("a timestamp spec needs the offsets looked up by timestamp")
        return {pid: timestamp_offsets.get(pid, b.end) for pid, b in bounds.items()}
    if spec.kind == "timestamps":
        if timestamp_offsets is None:
            raise ValueError("a timestamps spec needs the offsets looked up by timestamp")
        return {
            pid: timestamp_offsets.get(pid, b.end) if pid in spec.offsets()
            else (b.end if spec.default == "latest" else b.earliest)
            for pid, b in bounds.items()
        }
    explicit = spec.offsets()
    resolved: dict[int, int] = {}
    for pid, b in bounds.items():
        if pid in explicit:
            resolved[pid] = _spec_offset(explicit[pid], b)
        elif spec.default == "latest":
            resolved[pid] = b.end
        else:
            resolved[pid] = b.earliest
    return resolved


def unknown_partitions(spec: OffsetSpec, bounds: Mapping[int, PartitionBounds]) -> list[int]:
    """Partitions named in a spec that the topic does not have."""
    return sorted(pid for pid in spec.offsets() if pid not in bounds)


def batch_ranges(
    start: Mapping[int, int], end: Mapping[int, int], bounds: Mapping[int, PartitionBounds]
) -> list[OffsetRange]:
    """The ranges a batch query reads; ends are clamped to what exists and empty ranges are dropped."""
    ranges = []
    for pid in sorted(bounds):
        stop = min(end.get(pid, bounds[pid].end), bounds[pid].end)
        if start[pid] < stop:
            ranges.append(OffsetRange(pid, start[pid], stop))
    return ranges


def check_data_loss(requested: int, first_available: int) -> int:
    """How many offsets were lost before `first_available` (0 when none)."""
    return max(0, first_available - requested)


# -- checkpoint JSON ----------------------------------------------------------------------------

def encode_offset(stream: str, topic: str, offsets: Mapping[int, int]) -> dict:
    """The streaming offset dict Spark serialises into its checkpoint. Keys are sorted, because Spark
    compares offsets by their JSON text; partition ids are strings because JSON keys are."""
    ordered = {str(pid): int(offsets[pid]) for pid in sorted(offsets)}
    return {"stream": stream, "topic": topic, "partitions": ordered}


def decode_offset(value: Mapping | str, stream: str, topic: str) -> dict[int, int]:
    """Parse a checkpointed offset, checking it was written for this stream and topic."""
    import json

    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise IggyCheckpointError(f"checkpointed offset is not JSON: {exc}") from None
    if not isinstance(value, Mapping) or not isinstance(value.get("partitions"), Mapping):
        raise IggyCheckpointError(f"checkpointed offset has no 'partitions' object: {value!r}")
    if value.get("stream") != stream or value.get("topic") != topic:
        raise IggyCheckpointError(
            f"the checkpoint was written for stream {value.get('stream')!r} topic {value.get('topic')!r}, "
            f"but this query reads stream {stream!r} topic {topic!r}; use a new checkpointLocation"
        )
    offsets: dict[int, int] = {}
    for key, offset in value["partitions"].items():
        if not str(key).isdigit() or isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise IggyCheckpointError(f"malformed checkpoint entry {key!r}: {offset!r}")
        offsets[int(key)] = offset
    return offsets


# -- rate limiting --------------------------------------------------------------------------------

def rate_limit(start: Mapping[int, int], latest: Mapping[int, int], max_rows: int | None) -> dict[int, int]:
    """End offsets for one micro-batch that reads at most `max_rows` messages in total.

    `start` must have an entry for every partition of `latest`. The budget is split across partitions
    in proportion to their lag. Every lagging partition gets at least one message, so a budget smaller
    than a partition's share still makes progress everywhere:
    under `availableNow` a batch with no progress would end the query early. The total equals
    `max_rows` exactly, except when `max_rows` is below the number of lagging partitions, where each
    of them reads one message (Kafka rounds such shares up the same way).
    """
    lags = {pid: max(0, latest[pid] - start[pid]) for pid in sorted(latest)}
    ends = {pid: max(start[pid], latest[pid]) for pid in lags}
    if max_rows is None or sum(lags.values()) <= max_rows:
        return ends
    ends = {pid: start[pid] for pid in lags}
    lagging = [pid for pid, lag in lags.items() if lag > 0]
    take = {pid: 1 for pid in lagging}
    budget = max_rows - len(lagging)
    if budget > 0:
        rest = {pid: lags[pid] - 1 for pid in lagging}
        rest_total = sum(rest.values())
        shares = {pid: budget * rest[pid] / rest_total for pid in lagging} if rest_total else {}
        floors = {pid: int(share) for pid, share in shares.items()}
        leftover = budget - sum(floors.values())
        # Largest remainder first; ties go to the lower partition id, so the split is deterministic.
        by_remainder = sorted(shares, key=lambda pid: (-(shares[pid] - floors[pid]), pid))
        for pid in by_remainder[:leftover]:
            floors[pid] += 1
        for pid, extra in floors.items():
            take[pid] += min(extra, rest[pid])
    for pid in lagging:
        ends[pid] = start[pid] + min(take[pid], lags[pid])
    return ends


def cap_offsets(offsets: Mapping[int, int], cap: Mapping[int, int] | None) -> dict[int, int]:
    """Offsets no further than `cap` (the availableNow target), partition by partition."""
    if cap is None:
        return dict(offsets)
    return {pid: min(offset, cap.get(pid, offset)) for pid, offset in offsets.items()}


# -- splitting into Spark partitions ----------------------------------------------------------

def split_ranges(ranges: Iterable[OffsetRange], min_partitions: int | None) -> list[OffsetRange]:
    """Split ranges so that there are at least about `min_partitions` of them.

    As in Kafka's offset range calculator: each range gets a number of parts proportional to its size
    (at least one), and is cut into parts of nearly equal size. Empty ranges are dropped.
    """
    ranges = [r for r in ranges if r.size > 0]
    if not min_partitions or len(ranges) >= min_partitions:
        return ranges
    total = sum(r.size for r in ranges)
    out: list[OffsetRange] = []
    for r in ranges:
        parts = max(1, min(r.size, round(r.size / total * min_partitions)))
        step, extra = divmod(r.size, parts)
        cursor = r.start
        for i in range(parts):
            length = step + (1 if i < extra else 0)
            out.append(OffsetRange(r.partition, cursor, cursor + length))
            cursor += length
    return out


# -- minOffsetsPerTrigger ------------------------------------------------------------------------

def wait_for_more(start: Mapping[int, int], latest: Mapping[int, int], min_rows: int, waited_ms: float,
                  max_delay_ms: int) -> bool:
    """Whether a trigger should skip its batch: fewer than `min_rows` messages are available and
    the last batch ran less than `max_delay_ms` ago (Kafka's minOffsetsPerTrigger/maxTriggerDelay)."""
    available = sum(max(0, latest[pid] - start.get(pid, 0)) for pid in latest)
    return available < min_rows and waited_ms < max_delay_ms


def lag_metrics(end: Mapping[int, int], latest: Mapping[int, int]) -> dict:
    """Messages behind the latest offset once the batch ending at `end` is processed: per partition
    and as Kafka's avg/max/minOffsetsBehindLatest."""
    behind = {str(pid): max(0, latest[pid] - end.get(pid, latest[pid])) for pid in sorted(latest)}
    values = list(behind.values()) or [0]
    return {
        "offsetsBehindLatest": behind,
        "avgOffsetsBehindLatest": sum(values) / len(values),
        "maxOffsetsBehindLatest": max(values),
        "minOffsetsBehindLatest": min(values),
    }
