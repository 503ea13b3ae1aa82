"""Arrow conversion of the iggy data source (needs pyarrow, not Spark or a JVM)."""

import uuid

import pytest

pa = pytest.importorskip("pyarrow")

from iggy.protocol.messages import Message, encode_frames, iter_frames  # noqa: E402
from iggy.protocol.primitives import HeaderValue  # noqa: E402
from iggy.spark.arrow import (  # noqa: E402
    IggyWriteSchemaError,
    batch_to_rows,
    encode_headers,
    group_by_target,
    headers_entries,
    messages_to_batch,
    parse_message_id,
    read_arrow_schema,
    read_schema_ddl,
    validate_write_columns,
)
from iggy.spark.options import Partitioning  # noqa: E402


def polled(messages):
    """Messages as a poll returns them: decoded from wire frames, payloads as memoryviews."""
    return list(iter_frames(encode_frames(messages)))


def test_schema_columns_and_nullability():
    schema = read_arrow_schema(include_headers=True)
    assert schema.names == ["stream", "topic", "partition", "offset", "timestamp", "id", "headers", "payload"]
    assert [f.nullable for f in schema] == [False] * 6 + [True, False]
    assert str(schema.field("timestamp").type) == "timestamp[us, tz=UTC]"
    assert read_arrow_schema(include_headers=False).names == [
        "stream", "topic", "partition", "offset", "timestamp", "id", "payload"]
    assert read_schema_ddl(False).startswith("`stream` STRING NOT NULL, `topic` STRING NOT NULL, `partition` INT")


def test_messages_to_batch_values():
    big_id = (1 << 127) + 5
    messages = polled([
        Message(b"hello", id=big_id, offset=7, timestamp_us=1_700_000_000_000_001,
                user_headers={"k": "v", HeaderValue.uint32(7): b"\x00\x01"}),
        Message(b"\x00\xffbin", id=1, offset=8, timestamp_us=1_700_000_000_000_002),
    ])
    batch = messages_to_batch("s", "t", 3, messages, include_headers=True)
    assert batch.schema.equals(read_arrow_schema(True))
    rows = batch.to_pylist()
    assert [r["offset"] for r in rows] == [7, 8]
    assert [r["partition"] for r in rows] == [3, 3]
    assert rows[0]["id"] == str(big_id) and rows[1]["id"] == "1"
    assert [r["payload"] for r in rows] == [b"hello", b"\x00\xffbin"]
    assert rows[0]["headers"] == [("k", b"v"), ("7", b"\x00\x01")]
    assert rows[1]["headers"] == []
    assert batch.column("timestamp").cast(pa.int64()).to_pylist() == [1_700_000_000_000_001, 1_700_000_000_000_002]
    assert {r["stream"] for r in rows} == {"s"} and {r["topic"] for r in rows} == {"t"}


def test_empty_batch_keeps_schema():
    batch = messages_to_batch("s", "t", 0, [], include_headers=False)
    assert batch.num_rows == 0 and batch.schema.equals(read_arrow_schema(False))


def test_header_keys_of_other_kinds_become_text():
    raw = Message(b"x", user_headers={HeaderValue.raw(b"\xab"): "r", True: HeaderValue.int8(-1)}).user_headers_bytes
    assert headers_entries(raw) == [("ab", b"r"), ("True", b"\xff")]


def test_spark_arrow_form_matches_our_schema():
    pytest.importorskip("pyspark")
    from pyspark.sql.pandas.types import to_arrow_schema

    from iggy.spark.schema import read_spark_schema

    for include in (False, True):
        try:
            spark_form = to_arrow_schema(read_spark_schema(include), timezone="UTC")
        except TypeError:  # pyspark 4.0 has no timezone keyword
            spark_form = to_arrow_schema(read_spark_schema(include))
        assert spark_form.equals(read_arrow_schema(include)), (spark_form, read_arrow_schema(include))


def test_validate_write_columns():
    validate_write_columns({"payload": "binary"}, Partitioning.BALANCED)
    validate_write_columns(
        {"payload": "string", "id": "string", "key": "string", "headers": "map<string,string>", "partition": "int",
         "offset": "bigint", "topic": "string"},
        Partitioning.KEY,
    )
    cases = [
        ({"value": "binary"}, Partitioning.BALANCED, "needs a 'payload'"),
        ({"payload": "int"}, Partitioning.BALANCED, "type int"),
        ({"payload": "binary", "extra": "string"}, Partitioning.BALANCED, "'extra' is not understood"),
        ({"payload": "binary"}, Partitioning.PARTITION, "partitioning=partition"),
        ({"payload": "binary"}, Partitioning.KEY, "partitioning=key"),
    ]
    for columns, partitioning, fragment in cases:
        with pytest.raises(IggyWriteSchemaError, match=fragment):
            validate_write_columns(columns, partitioning)


def test_parse_message_id_forms():
    u = uuid.UUID("12345678-1234-5678-1234-567812345678")
    assert parse_message_id(None) == 0
    assert parse_message_id("340282366920938463463374607431768211455") == (1 << 128) - 1
    assert parse_message_id(42) == 42
    assert parse_message_id(str(u)) == int.from_bytes(u.bytes, "little")
    assert parse_message_id(u.bytes) == int.from_bytes(u.bytes, "little")
    for bad in ("abc", "340282366920938463463374607431768211456", b"short", -1):
        with pytest.raises(IggyWriteSchemaError):
            parse_message_id(bad)


def test_batch_to_rows_and_grouping():
    batch = pa.RecordBatch.from_pydict(
        {
            "payload": pa.array(["a", "bb", "ccc"], pa.string()),
            "id": pa.array(["1", None, "3"], pa.string()),
            "partition": pa.array([1, 0, 1], pa.int32()),
            "key": pa.array([b"k1", b"k2", b"k1"], pa.binary()),
            "headers": pa.array([[("h", b"1")], None, []], pa.map_(pa.string(), pa.binary())),
        }
    )
    rows = batch_to_rows(batch)
    assert rows.payloads == [b"a", b"bb", b"ccc"] and rows.ids == [1, 0, 3]
    assert group_by_target(rows, Partitioning.BALANCED) == {None: [0, 1, 2]}
    assert group_by_target(rows, Partitioning.PARTITION) == {1: [0, 2], 0: [1]}
    assert group_by_target(rows, Partitioning.KEY) == {b"k1": [0, 2], b"k2": [1]}
    assert encode_headers(rows.headers[0]) == {HeaderValue.string("h"): HeaderValue.raw(b"1")}
    assert encode_headers(rows.headers[1]) is None and encode_headers(rows.headers[2]) is None
    assert encode_headers([("s", "text")]) == {HeaderValue.string("s"): HeaderValue.string("text")}


def test_null_payload_or_target_is_an_error():
    batch = pa.RecordBatch.from_pydict(
        {"payload": pa.array([b"a", None]), "partition": pa.array([None, 1], pa.int32())}
    )
    with pytest.raises(IggyWriteSchemaError, match="null"):
        batch_to_rows(batch)
    ok = pa.RecordBatch.from_pydict({"payload": pa.array([b"a"]), "partition": pa.array([None], pa.int32())})
    with pytest.raises(IggyWriteSchemaError, match="'partition' is null"):
        group_by_target(batch_to_rows(ok), Partitioning.PARTITION)


def test_binary_array_equals_arrow_conversion():
    import pyarrow as pa

    from iggy.spark.arrow import binary_array

    for values in ([], [b""], [b"ab", memoryview(b"xyz"), b"", bytes(range(256))]):
        assert binary_array(values).equals(pa.array([bytes(v) for v in values], pa.binary()))


def test_polled_batch_and_message_list_convert_alike():
    from iggy.protocol.messages import Message, MessageBatch, encode_frames
    from iggy.spark.arrow import messages_to_batch, read_arrow_schema

    sent = [Message(bytes([n]) * (n + 1), id=n * 2**70, offset=n, timestamp_us=10 + n,
                    user_headers={"n": n} if n % 2 else None) for n in range(20)]
    frames = encode_frames(sent)
    for include_headers in (False, True):
        schema = read_arrow_schema(include_headers)
        columnar = messages_to_batch("s", "t", 3, MessageBatch(frames), include_headers, schema)
        per_message = messages_to_batch("s", "t", 3, list(MessageBatch(frames)), include_headers, schema)
        assert columnar.equals(per_message)
