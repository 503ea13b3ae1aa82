"""Arrow conversion for the `iggy` data source (needs pyarrow, not Spark).

Read side: polled messages become `pyarrow.RecordBatch`es whose schema equals, field for field and
nullability included, the Arrow form of the source's Spark schema (Spark checks the first batch
against it). Write side: the record batches Spark hands a writer become the columns of
`iggy.Message`s, grouped by target partition.
"""

from __future__ import annotations

import array

import dataclasses
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pyarrow as pa

from iggy.protocol.kinds import HeaderKind
from iggy.protocol.primitives import HeaderValue, iter_user_header_fields

from .options import Partitioning

TIMESTAMP_TYPE = pa.timestamp("us", tz="UTC")
HEADERS_TYPE = pa.map_(pa.string(), pa.binary())

# The fixed read schema, in column order; `headers` only with includeHeaders=true.
# (name, Spark DDL type, Arrow type, nullable)
_READ_COLUMNS: tuple[tuple[str, str, pa.DataType, bool], ...] = (
    ("stream", "STRING", pa.string(), False),
    ("topic", "STRING", pa.string(), False),
    ("partition", "INT", pa.int32(), False),
    ("offset", "BIGINT", pa.int64(), False),
    ("timestamp", "TIMESTAMP", TIMESTAMP_TYPE, False),
    ("id", "STRING", pa.string(), False),
    ("headers", "MAP<STRING, BINARY>", HEADERS_TYPE, True),
    ("payload", "BINARY", pa.binary(), False),
)


def read_columns(include_headers: bool) -> list[tuple[str, str, pa.DataType, bool]]:
    return [c for c in _READ_COLUMNS if include_headers or c[0] != "headers"]


def read_schema_ddl(include_headers: bool) -> str:
    """The Spark schema as DDL, e.g. `stream STRING NOT NULL, ...`."""
    return ", ".join(
        f"`{name}` {ddl}{'' if nullable else ' NOT NULL'}" for name, ddl, _, nullable in read_columns(include_headers)
    )


def read_arrow_schema(include_headers: bool) -> pa.Schema:
    return pa.schema([pa.field(name, typ, nullable) for name, _, typ, nullable in read_columns(include_headers)])


# -- read: messages -> RecordBatch ---------------------------------------------------------------

def header_key_text(kind: int, data: bytes | memoryview) -> str:
    """A header key as text: string keys as they are, other kinds by their Python value
    (raw bytes as hex), so that keys of any kind fit Spark's MAP<STRING, ...>."""
    if kind == HeaderKind.STRING:
        return bytes(data).decode("utf-8", errors="replace")
    if kind == HeaderKind.RAW:
        return bytes(data).hex()
    try:
        return str(HeaderValue(kind, bytes(data)).value)
    except Exception:  # an unknown kind (>15) is still shown, never fatal for a read
        return bytes(data).hex()


def headers_entries(raw: bytes | memoryview) -> list[tuple[str, bytes]]:
    """Decode wire user headers into (key text, value raw bytes) pairs, in wire order."""
    if not raw:
        return []
    fields = list(iter_user_header_fields(raw))
    return [
        (header_key_text(fields[i][0], fields[i][1]), bytes(fields[i + 1][1])) for i in range(0, len(fields) - 1, 2)
    ]


def messages_to_batch(
    stream: str,
    topic: str,
    partition: int,
    messages: Sequence[Any],
    include_headers: bool,
    schema: pa.Schema | None = None,
) -> pa.RecordBatch:
    """One RecordBatch from polled messages (`iggy.protocol.messages.Message`: `offset`, `timestamp_us`,
    `id`, `payload` (a memoryview), `user_headers_bytes`).

    One pass over the messages (for a polled `MessageBatch`, over its frames via `columns()`, without
    making message objects) collects plain lists; Arrow builds each column in C from those.
    """
    count = len(messages)
    columns_of = getattr(messages, "columns", None)
    if columns_of is not None:  # a polled MessageBatch: fields straight from the frames, no message objects
        batch_columns = columns_of()
        offsets, timestamps = batch_columns.offsets, batch_columns.timestamps_us
        ids = list(map(str, batch_columns.ids))
        payloads = batch_columns.payloads
        raw_headers: Sequence[bytes | memoryview] = batch_columns.user_headers
    else:
        offsets = [m.offset for m in messages]
        timestamps = [m.timestamp_us for m in messages]
        ids = [str(m.id) for m in messages]
        payloads = [m.payload for m in messages]
        raw_headers = [m.user_headers_bytes for m in messages] if include_headers else []
    columns: list[pa.Array] = [
        pa.array([stream] * count, pa.string()) if count else pa.array([], pa.string()),
        pa.array([topic] * count, pa.string()) if count else pa.array([], pa.string()),
        pa.array([partition] * count, pa.int32()),
        pa.array(offsets, pa.int64()),
        pa.array(timestamps, TIMESTAMP_TYPE),
        pa.array(ids, pa.string()),
    ]
    if include_headers:
        columns.append(headers_array(raw_headers))
    columns.append(binary_array(payloads))
    return pa.RecordBatch.from_arrays(columns, schema=schema or read_arrow_schema(include_headers))


# A BinaryArray addresses its values with int32 offsets.
_BINARY_ARRAY_BYTES_MAX = 2**31 - 1


def binary_array(values: Sequence[bytes | memoryview]) -> pa.Array:
    """A `binary` array from byte strings: one join into a values buffer plus an offsets buffer, about
    three times cheaper than `pa.array` converting element by element."""
    ends = array.array("i")
    total = 0
    for value in values:  # bounded by len(values); also checks the int32 offset limit as it goes
        total += len(value)
        if total > _BINARY_ARRAY_BYTES_MAX:
            return pa.array(values, pa.binary())  # let Arrow report the overflow in its own words
        ends.append(total)
    offsets = array.array("i", [0])
    offsets.extend(ends)
    data = b"".join(values)
    return pa.Array.from_buffers(pa.binary(), len(values), [None, pa.py_buffer(offsets), pa.py_buffer(data)])


def headers_array(raw_headers: Sequence[bytes | memoryview]) -> pa.MapArray:
    """MAP<STRING, BINARY> from wire user headers; a message without headers gets an empty map
    (`MapArray.from_arrays` is ~3x cheaper than building from Python lists of pairs)."""
    map_offsets = [0]
    keys: list[str] = []
    values: list[bytes] = []
    for raw in raw_headers:
        for key, value in headers_entries(raw):
            keys.append(key)
            values.append(value)
        map_offsets.append(len(keys))
    return pa.MapArray.from_arrays(
        pa.array(map_offsets, pa.int32()), pa.array(keys, pa.string()), pa.array(values, pa.binary()),
        type=HEADERS_TYPE,
    )


# -- write: RecordBatch -> messages --------------------------------------------------------------

class IggyWriteSchemaError(ValueError):
    """The DataFrame written to the `iggy` sink has missing, unknown or mistyped columns."""


# Accepted Spark types of each input column (Spark's `simpleString` spelling).
WRITE_COLUMN_TYPES: Mapping[str, tuple[str, ...]] = {
    "payload": ("binary", "string"),
    "id": ("string", "bigint", "int", "binary", "decimal(38,0)"),
    "key": ("binary", "string"),
    "partition": ("int", "bigint", "smallint", "tinyint"),
    "headers": ("map<string,binary>", "map<string,string>"),
    # Columns of the read schema, accepted (and ignored) so a DataFrame read from one topic can be
    # written to another as it is: the target comes from the options.
    "stream": ("string",),
    "topic": ("string",),
    "offset": ("bigint",),
    "timestamp": ("timestamp",),
}
IGNORED_WRITE_COLUMNS = frozenset({"stream", "topic", "offset", "timestamp"})


def validate_write_columns(columns: Mapping[str, str], partitioning: Partitioning) -> None:
    """Check the writer's input columns (name -> Spark simpleString type) before any task runs."""
    lowered = {name.lower(): (name, typ.replace(" ", "").lower()) for name, typ in columns.items()}
    if "payload" not in lowered:
        raise IggyWriteSchemaError(
            f"the iggy sink needs a 'payload' column (binary or string); got columns {sorted(columns)}"
        )
    for key, (name, typ) in lowered.items():
        accepted = WRITE_COLUMN_TYPES.get(key)
        if accepted is None:
            raise IggyWriteSchemaError(
                f"column '{name}' is not understood by the iggy sink (accepted: {', '.join(WRITE_COLUMN_TYPES)}); "
                "select or drop columns before writing"
            )
        if typ not in accepted:
            raise IggyWriteSchemaError(f"column '{name}' has type {typ}; the iggy sink accepts {', '.join(accepted)}")
    if partitioning is Partitioning.PARTITION and "partition" not in lowered:
        raise IggyWriteSchemaError("option partitioning=partition needs an int 'partition' column")
    if partitioning is Partitioning.KEY and "key" not in lowered:
        raise IggyWriteSchemaError("option partitioning=key needs a 'key' column (binary or string)")


def parse_message_id(value: Any) -> int:
    """A message id from a column value: u128 decimal or UUID text, an integer, or 16 bytes (LE).

    0 (or null) lets the server assign a random UUID. UUID text maps to the id whose 16 wire bytes are
    the UUID's canonical bytes, which is how the server stores the UUIDs it generates.
    """
    if value is None:
        return 0
    if isinstance(value, int):
        number = value
    elif isinstance(value, (bytes, bytearray, memoryview)):
        if len(value) != 16:
            raise IggyWriteSchemaError(f"a binary message id must be 16 bytes, got {len(value)}")
        number = int.from_bytes(value, "little")
    else:
        text = str(value).strip()
        if text.isdigit():
            number = int(text)
        else:
            try:
                number = int.from_bytes(uuid.UUID(text).bytes, "little")
            except ValueError:
                raise IggyWriteSchemaError(f"message id {text!r} is neither a u128 decimal nor a UUID") from None
    if not 0 <= number < (1 << 128):
        raise IggyWriteSchemaError(f"message id {number} is outside u128")
    return number


@dataclasses.dataclass
class OutgoingRows:
    """Columns of rows to send, as Python values (`headers` entries are (key, value) pairs)."""

    payloads: list[bytes]
    ids: list[int]
    headers: list[list[tuple[str, Any]] | None]
    partitions: list[int | None]
    keys: list[bytes | None]


def _column(batch: pa.RecordBatch, name: str) -> pa.Array | None:
    index = batch.schema.get_field_index(name)
    return batch.column(index) if index >= 0 else None


def _bytes_list(column: pa.Array, what: str) -> list[bytes | None]:
    if pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
        column = column.cast(pa.binary())
    values = column.to_pylist()
    return values


def batch_to_rows(batch: pa.RecordBatch) -> OutgoingRows:
    """Extract the columns the sink sends. Nulls: payload → error, id → server-assigned, partition/key
    → the error is raised by `group_by_target`, headers → none."""
    count = batch.num_rows
    payload_column = _column(batch, "payload")
    if payload_column is None:
        raise IggyWriteSchemaError("the iggy sink needs a 'payload' column")
    if payload_column.null_count:
        raise IggyWriteSchemaError("column 'payload' has null values; every message needs a payload")
    payloads = _bytes_list(payload_column, "payload")
    id_column = _column(batch, "id")
    ids = [parse_message_id(v) for v in id_column.to_pylist()] if id_column is not None else [0] * count
    headers_column = _column(batch, "headers")
    headers = headers_column.to_pylist() if headers_column is not None else [None] * count
    partition_column = _column(batch, "partition")
    partitions = partition_column.to_pylist() if partition_column is not None else [None] * count
    key_column = _column(batch, "key")
    keys = _bytes_list(key_column, "key") if key_column is not None else [None] * count
    return OutgoingRows(payloads, ids, headers, partitions, keys)


def encode_headers(entries: Iterable[tuple[str, Any]] | None) -> dict[HeaderValue, HeaderValue] | None:
    """MAP<STRING, BINARY|STRING> entries → typed headers: string keys; binary values raw, strings string.
    Null values are skipped (Iggy headers have no null)."""
    if not entries:
        return None
    out: dict[HeaderValue, HeaderValue] = {}
    for key, value in entries:
        if value is None:
            continue
        out[HeaderValue.string(key)] = HeaderValue.string(value) if isinstance(value, str) else HeaderValue.raw(value)
    return out or None


def group_by_target(rows: OutgoingRows, partitioning: Partitioning) -> dict[Any, list[int]]:
    """Row indexes per send target: `None` (balanced), a partition id, or a key (bytes)."""
    if partitioning is Partitioning.BALANCED:
        return {None: list(range(len(rows.payloads)))}
    source = rows.partitions if partitioning is Partitioning.PARTITION else rows.keys
    column = "partition" if partitioning is Partitioning.PARTITION else "key"
    groups: dict[Any, list[int]] = {}
    for index, target in enumerate(source):
        if target is None:
            raise IggyWriteSchemaError(f"column '{column}' is null in a row, but partitioning={partitioning.value}")
        if partitioning is Partitioning.PARTITION and target < 0:
            raise IggyWriteSchemaError(f"column 'partition' has negative value {target}")
        groups.setdefault(target, []).append(index)
    return groups
