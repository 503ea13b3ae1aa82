"""`iggy` as a PySpark (4.x) Python Data Source: batch and streaming reads and writes.

The classes here only adapt `engine` to PySpark's API. Readers and writers hold parsed options (plain,
picklable values) and open their connection inside `read()`/`write()` on the executor; `read()` yields
and `write()` consumes Arrow record batches.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import sys
import time
from collections.abc import Iterator

import pyarrow as pa
from pyspark.sql.datasource import (
    DataSource,
    DataSourceArrowWriter,
    DataSourceReader,
    DataSourceStreamReader,
    InputPartition,
    WriterCommitMessage,
)
from pyspark.sql.types import StructType

from . import engine
from ._compat import (
    HAS_ADMISSION_CONTROL,
    HAS_STREAM_ARROW_WRITER,
    DataSourceStreamArrowWriter,
    ReadAllAvailable,
    ReadMaxRows,
    SupportsTriggerAvailableNow,
)
from .arrow import IggyWriteSchemaError, validate_write_columns
from .backend import IggyTopicNotFoundError, shared_backend
from .engine import IggyPlanningError
from .offsets import (
    IggyCheckpointError,
    IggyDataLossError,
    decode_offset,
    encode_offset,
    lag_metrics,
    wait_for_more,
)
from .options import (
    IggyOptionError,
    ReadOptions,
    WriteOptions,
    _Opts,
    parse_read_options,
    parse_write_options,
    validate_options,
)
from .schema import read_spark_schema

log = logging.getLogger("iggy.spark")

FORMAT_NAME = "iggy"

# Errors whose message says everything the user needs (an option, a missing topic, lost offsets).
USER_ERRORS = (
    IggyOptionError, IggyWriteSchemaError, IggyPlanningError, IggyTopicNotFoundError, IggyDataLossError,
    IggyCheckpointError,
)
# Python processes Spark starts for planning and driver-side stream calls (the module they run).
_SPARK_DRIVER_WORKERS = ("pyspark.sql.worker.", "pyspark.sql.streaming.python_streaming_source_runner")


def _one_line_errors(method):
    """Spark shows an error of these processes as `[PYTHON_DATA_SOURCE_ERROR] ...: Traceback ...` with
    the cause on the last line. For our own user errors the traceback only hides that line, so in
    those processes (each serves one planning call or one query) ask Spark's error handler for the
    exception line alone: `...: iggy.spark.options.IggyOptionError: iggy data source option ...`."""

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except USER_ERRORS:
            if any(arg.startswith(_SPARK_DRIVER_WORKERS) for arg in sys.argv[1:]):
                os.environ["SPARK_HIDE_TRACEBACK"] = "1"
            raise

    return wrapper


@dataclasses.dataclass(frozen=True)
class IggyInputPartition(InputPartition):
    """One Spark task's work: topic partition `partition`, offsets `[start, end)`."""

    partition: int
    start: int
    end: int


@dataclasses.dataclass
class IggyCommitMessage(WriterCommitMessage):
    """What one write task sent: message counts per target ('balanced', a partition id, or 'key')."""

    sent: dict


def _check_user_schema(schema: StructType, include_headers: bool) -> None:
    expected = read_spark_schema(include_headers)
    if schema is not None and schema != expected:
        raise IggyOptionError(
            "schema",
            "the iggy source has a fixed schema and does not accept a user-specified one; expected "
            f"{expected.simpleString()}, got {schema.simpleString()} (use includeHeaders to add 'headers')",
        )


class IggyDataSource(DataSource):
    """`spark.read.format("iggy")`, `spark.readStream.format("iggy")`, `df.write.format("iggy")`,
    `df.writeStream.format("iggy")`, and `CREATE TABLE ... USING iggy`. Options: see iggy.spark.options."""

    @classmethod
    def name(cls) -> str:
        return FORMAT_NAME

    @_one_line_errors
    def schema(self) -> StructType:
        # Spark asks for the schema in `load()`: checking the options here fails a bad option there
        # instead of at the first action.
        validate_options(self.options)
        return read_spark_schema(_Opts(self.options).get_bool("includeHeaders", False))

    @_one_line_errors
    def reader(self, schema: StructType) -> DataSourceReader:
        options = parse_read_options(self.options, streaming=False)
        _check_user_schema(schema, options.include_headers)
        return IggyBatchReader(options)

    @_one_line_errors
    def streamReader(self, schema: StructType) -> DataSourceStreamReader:
        options = parse_read_options(self.options, streaming=True)
        _check_user_schema(schema, options.include_headers)
        if options.max_offsets_per_trigger is not None and not HAS_ADMISSION_CONTROL:
            log.warning("maxOffsetsPerTrigger needs Spark 4.2+; this Spark reads everything available per batch")
        return IggyStreamReader(options)

    @_one_line_errors
    def writer(self, schema: StructType, overwrite: bool) -> IggyBatchWriter:
        return IggyBatchWriter(_write_options(self.options, schema, overwrite))

    @_one_line_errors
    def streamWriter(self, schema: StructType, overwrite: bool) -> IggyStreamWriter:
        return IggyStreamWriter(_write_options(self.options, schema, overwrite))


def _write_options(raw, schema: StructType, overwrite: bool) -> WriteOptions:
    if overwrite:
        raise IggyOptionError(
            "mode",
            "Iggy topics are append-only: use .mode(\"append\") (batch) or the append output mode (streaming); "
            "to replace a topic's contents, purge or recreate the topic first",
        )
    options = parse_write_options(raw)
    validate_write_columns({f.name: f.dataType.simpleString() for f in schema.fields}, options.partitioning)
    return options


def _read_partition(options: ReadOptions, partition: InputPartition) -> Iterator[pa.RecordBatch]:
    if not isinstance(partition, IggyInputPartition):
        return iter(())  # Spark plans one empty InputPartition(None) when there is nothing to read
    return engine.read_range(options, partition.partition, partition.start, partition.end)


def _input_partitions(ranges) -> list[IggyInputPartition]:
    return [IggyInputPartition(r.partition, r.start, r.end) for r in ranges]


class IggyBatchReader(DataSourceReader):
    def __init__(self, options: ReadOptions) -> None:
        self.options = options

    @_one_line_errors
    def partitions(self) -> list[IggyInputPartition]:
        backend = shared_backend(self.options.connection.config)
        return _input_partitions(engine.plan_batch(backend, self.options))

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        return _read_partition(self.options, partition)


class IggyStreamReader(DataSourceStreamReader, SupportsTriggerAvailableNow):
    """Offsets are `{"stream", "topic", "partitions": {"<id>": next offset to read}}`, checkpointed by
    Spark. The driver-side calls (initialOffset, latestOffset, partitions, commit) run in one Python
    process, so `_target` (availableNow) and `_latest` (progress reporting) survive between them."""

    def __init__(self, options: ReadOptions) -> None:
        self.options = options
        self._target: dict[int, int] | None = None
        self._latest: dict[int, int] | None = None
        self._lag: dict | None = None
        self._last_batch_monotonic_s: float | None = None

    def _backend(self):
        return shared_backend(self.options.connection.config)

    def _encode(self, offsets: dict[int, int]) -> dict:
        return encode_offset(self.options.stream, self.options.topic, offsets)

    def _decode(self, offset: dict) -> dict[int, int]:
        return decode_offset(offset, self.options.stream, self.options.topic)

    @_one_line_errors
    def initialOffset(self) -> dict:
        return self._encode(engine.initial_stream_offsets(self._backend(), self.options))

    def getDefaultReadLimit(self):
        if self.options.max_offsets_per_trigger is not None:
            return ReadMaxRows(self.options.max_offsets_per_trigger)
        return ReadAllAvailable()

    @_one_line_errors
    def prepareForTriggerAvailableNow(self) -> None:
        bounds = engine.current_bounds(self._backend(), self.options, with_earliest=False)
        self._target = {pid: b.end for pid, b in bounds.items()}
        log.info("availableNow: reading up to %s", self._target)

    # Both parameters default to None: Spark 4.0/4.1 call latestOffset() without arguments.
    @_one_line_errors
    def latestOffset(self, start: dict | None = None, limit=None) -> dict:
        if start is None:
            start_offsets = engine.initial_stream_offsets(self._backend(), self.options)
            max_rows = None
        else:
            start_offsets = self._decode(start)
            max_rows = getattr(limit, "max_rows", None) if limit is not None else None
            if limit is None:
                max_rows = self.options.max_offsets_per_trigger
        end, latest = engine.stream_latest_offsets(self._backend(), self.options, start_offsets, max_rows, self._target)
        self._latest = latest
        if start is None:
            # Legacy path: Spark gives no start; everything up to now is the next batch.
            end = latest
        elif self._skip_for_min_offsets(start_offsets, latest):
            end = start_offsets
        self._lag = lag_metrics(end, latest)
        return start if start is not None and end == start_offsets else self._encode(end)

    def _skip_for_min_offsets(self, start: dict[int, int], latest: dict[int, int]) -> bool:
        """minOffsetsPerTrigger: run no batch until enough messages wait or maxTriggerDelay passed
        since the last batch. Not under availableNow, where a trigger without data ends the query."""
        if self.options.min_offsets_per_trigger is None or self._target is not None:
            return False
        now = time.monotonic()
        if self._last_batch_monotonic_s is None:
            self._last_batch_monotonic_s = now
        waited_ms = (now - self._last_batch_monotonic_s) * 1000
        if wait_for_more(start, latest, self.options.min_offsets_per_trigger, waited_ms,
                         self.options.max_trigger_delay_ms):
            return True
        if any(latest[pid] > start.get(pid, 0) for pid in latest):
            self._last_batch_monotonic_s = now
        return False

    def reportLatestOffset(self) -> dict | None:
        """Shown as the source's `latestOffset` in the query progress: the latest offsets, plus how
        far the batch just planned leaves the query behind them (Python data sources cannot fill the
        progress's `metrics` field, where Kafka reports the same figures)."""
        if self._latest is None:
            return None
        return {**self._encode(self._latest), **(self._lag or {})}

    @_one_line_errors
    def partitions(self, start: dict, end: dict) -> list[IggyInputPartition]:
        start_offsets, end_offsets = self._decode(start), self._decode(end)
        return _input_partitions(engine.stream_ranges(self._backend(), self.options, start_offsets, end_offsets))

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        return _read_partition(self.options, partition)

    def commit(self, end: dict) -> None:
        """Spark's checkpoint holds the progress. With `commitConsumerGroup`, the offsets are also
        stored in that server-side consumer group (last processed offset = next offset - 1), so
        `iggy` and other tools show the pipeline's lag; a failure there is logged, never fatal.
        Spark calls this when it plans the following batch, so the group trails by one batch."""
        group = self.options.commit_consumer_group
        if group is None:
            return
        processed = {pid: offset - 1 for pid, offset in self._decode(end).items() if offset > 0}
        if not processed:
            return
        try:
            self._backend().store_group_offsets(self.options.stream, self.options.topic, group, processed)
        except Exception as error:  # monitoring must not fail a committed batch; the checkpoint is the truth
            log.warning("could not store offsets in consumer group %r: %s", group, error)

    def stop(self) -> None:
        pass


class IggyBatchWriter(DataSourceArrowWriter):
    """Append-only, at-least-once: a retried task resends its rows (see spark/README.md)."""

    def __init__(self, options: WriteOptions) -> None:
        self.options = options

    def write(self, iterator: Iterator[pa.RecordBatch]) -> IggyCommitMessage:
        return IggyCommitMessage(engine.write_batches(self.options, iterator))

    def commit(self, messages) -> None:
        total = sum(sum(m.sent.values()) for m in messages if m is not None)
        log.info("wrote %d messages to %s/%s", total, self.options.stream, self.options.topic)

    def abort(self, messages) -> None:
        done = sum(sum(m.sent.values()) for m in messages if m is not None)
        log.warning(
            "write to %s/%s failed; %d messages of finished tasks (and part of the failed tasks' rows) are already "
            "in the topic: Iggy appends cannot be rolled back", self.options.stream, self.options.topic, done,
        )


def _rows_to_batches(rows) -> Iterator[pa.RecordBatch]:
    """Spark 4.0 hands stream writers Rows; turn them into Arrow batches for the shared send path."""
    chunk = []
    for row in rows:
        chunk.append(row.asDict())
        if len(chunk) >= 1000:
            yield pa.RecordBatch.from_pylist(chunk)
            chunk = []
    if chunk:
        yield pa.RecordBatch.from_pylist(chunk)


class IggyStreamWriter(DataSourceStreamArrowWriter):
    """Each micro-batch's rows are sent as they arrive; `commit` only logs. At-least-once: a micro-batch
    replayed after a failure is sent again."""

    def __init__(self, options: WriteOptions) -> None:
        self.options = options

    def write(self, iterator) -> IggyCommitMessage:
        batches = iterator if HAS_STREAM_ARROW_WRITER else _rows_to_batches(iterator)
        return IggyCommitMessage(engine.write_batches(self.options, batches))

    def commit(self, messages, batchId: int) -> None:
        total = sum(sum(m.sent.values()) for m in messages if m is not None)
        log.info("micro-batch %d: wrote %d messages to %s/%s", batchId, total, self.options.stream, self.options.topic)

    def abort(self, messages, batchId: int) -> None:
        log.warning("micro-batch %d to %s/%s failed; it will be resent when the query restarts (at-least-once)",
                    batchId, self.options.stream, self.options.topic)
