import math
import struct

import pytest

from iggy.protocol.codes import ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.kinds import ConsumerKind, HeaderKind, IdKind, PartitioningKind, PollingKind
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    HeaderValue,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    Reader,
    StreamPermissions,
    TopicPermissions,
    Writer,
    decode_user_headers,
    encode_user_headers,
)


def _error_code(fn, *args) -> int:
    with pytest.raises(ProtocolError) as caught:
        fn(*args)
    return caught.value.code


# ------------------------------------------------------------------ Identifier


def test_identifier_encodings():
    assert Identifier.numeric(0).encode() == bytes.fromhex("010400000000")
    assert Identifier.named("s1").encode() == bytes.fromhex("02027331")
    assert Identifier.numeric(7).kind == IdKind.NUMERIC
    assert Identifier.named("7").kind == IdKind.STRING


@pytest.mark.parametrize(("raw", "expected"), [
    ("7", Identifier.numeric(7)), (7, Identifier.numeric(7)), ("s1", Identifier.named("s1")),
    ("4294967295", Identifier.numeric(4294967295)), ("4294967296", Identifier.named("4294967296")),
    ("-1", Identifier.named("-1")), ("٣", Identifier.named("٣")),
])
def test_identifier_parse_turns_u32_strings_into_numbers(raw, expected):
    assert Identifier.parse(raw) == expected
    assert Identifier.parse(expected) is expected


@pytest.mark.parametrize("identifier", [Identifier.numeric(0), Identifier.numeric(2**32 - 1),
                                        Identifier.named("a"), Identifier.named("ü" * 127)])
def test_identifier_round_trip(identifier):
    assert Identifier.decode(identifier.encode()) == identifier


def test_identifier_construction_validates():
    with pytest.raises(ValueError):
        Identifier.numeric(2**32)
    with pytest.raises(ValueError):
        Identifier.named("")
    with pytest.raises(ValueError):
        Identifier.named("x" * 256)
    with pytest.raises(TypeError):
        Identifier(True)


@pytest.mark.parametrize(("raw", "code"), [
    ("0103000000", ErrorCode.INVALID_FORMAT),        # numeric with length 3
    ("0105000000000000", ErrorCode.INVALID_FORMAT),  # numeric with length 5
    ("0200", ErrorCode.INVALID_FORMAT),              # empty string
    ("0302aaaa", ErrorCode.INVALID_COMMAND),         # unknown kind
    ("0202ff", ErrorCode.INVALID_COMMAND),           # truncated value
    ("02", ErrorCode.INVALID_COMMAND),               # truncated header
    ("0202fffe", ErrorCode.INVALID_COMMAND),         # invalid UTF-8 (the 0.8 server answers 3)
])
def test_identifier_decode_errors(raw, code):
    assert _error_code(Identifier.decode, bytes.fromhex(raw)) == code


# ------------------------------------------------------------------ Consumer / strategy / partitioning


def test_consumer_layout_and_errors():
    writer = Writer()
    Consumer.consumer().write(writer)
    assert writer.bytes() == bytes.fromhex("01010400000000")
    group = Consumer.group("cg1")
    assert group.is_group and group.kind == ConsumerKind.CONSUMER_GROUP
    writer = Writer()
    group.write(writer)
    assert Consumer.read(Reader(writer.bytes())) == group
    assert _error_code(Consumer.read, Reader(bytes.fromhex("03010400000000"))) == ErrorCode.INVALID_COMMAND


@pytest.mark.parametrize("strategy", [
    PollingStrategy.offset(5), PollingStrategy.timestamp(1_795_303_256_382_126), PollingStrategy.first(),
    PollingStrategy.last(), PollingStrategy.next(),
])
def test_polling_strategy_round_trip(strategy):
    writer = Writer()
    strategy.write(writer)
    assert len(writer.buf) == PollingStrategy.SIZE
    assert PollingStrategy.read(Reader(writer.bytes())) == strategy


def test_polling_strategy_unknown_kind():
    assert PollingStrategy.offset(1).kind == PollingKind.OFFSET
    assert _error_code(PollingStrategy.read, Reader(bytes(9))) == ErrorCode.INVALID_COMMAND
    assert _error_code(PollingStrategy.read, Reader(b"\x06" + bytes(8))) == ErrorCode.INVALID_COMMAND


@pytest.mark.parametrize(("partitioning", "hex_"), [
    (Partitioning.balanced(), "0100"),
    (Partitioning.partition_id(3), "020403000000"),
    (Partitioning.messages_key("user-42"), "0307757365722d3432"),
])
def test_partitioning_layouts(partitioning, hex_):
    writer = Writer()
    partitioning.write(writer)
    assert writer.bytes().hex() == hex_
    assert Partitioning.read(Reader(writer.bytes())) == partitioning
    assert partitioning.size == len(writer.buf)


def test_partitioning_accessors_and_errors():
    assert Partitioning.partition_id(9).partition == 9
    assert Partitioning.balanced().partition is None
    assert Partitioning.messages_key(7).value == struct.pack("<Q", 7)
    assert Partitioning.partition_id(1).kind == PartitioningKind.PARTITION_ID
    assert _error_code(Partitioning.read, Reader(bytes.fromhex("0101aa"))) == ErrorCode.INVALID_FORMAT
    assert _error_code(Partitioning.read, Reader(bytes.fromhex("0202aaaa"))) == ErrorCode.INVALID_FORMAT
    assert _error_code(Partitioning.read, Reader(bytes.fromhex("0300"))) == ErrorCode.INVALID_FORMAT
    assert _error_code(Partitioning.read, Reader(bytes.fromhex("0400"))) == ErrorCode.INVALID_COMMAND
    assert _error_code(Partitioning.messages_key, b"") == ErrorCode.INVALID_FORMAT


# ------------------------------------------------------------------ decoded values kept by their wire bytes


def test_repeated_decodes_share_one_value_and_advance_the_reader_alike():
    raw = bytes.fromhex("010407000000") + b"rest"
    first, second = Reader(raw), Reader(raw)
    identifier = Identifier.read(first)
    assert identifier == Identifier(7)
    assert Identifier.read(second) is identifier
    assert first.pos == second.pos == 6
    consumer_raw = bytes.fromhex("020202") + b"cg"
    assert Consumer.read(Reader(consumer_raw)) is Consumer.read(Reader(consumer_raw)) == Consumer.group("cg")
    assert Partitioning.read(Reader(bytes.fromhex("0100"))) is Partitioning.read(Reader(bytes.fromhex("0100")))


def test_a_kept_value_never_answers_for_other_bytes_or_another_type():
    Identifier.decode(bytes.fromhex("010407000000"))
    for raw in ("0103070000", "0105070000000000", "0304070000", "010407"):  # same start, not an identifier
        with pytest.raises(ProtocolError):
            Identifier.decode(bytes.fromhex(raw))
    # The same six bytes are the string identifier "abcd" and a partition_id partitioning.
    raw = b"\x02\x04abcd"
    assert Identifier.decode(raw) == Identifier("abcd")
    assert Partitioning.read(Reader(raw)) == Partitioning(PartitioningKind.PARTITION_ID, b"abcd")
    assert Identifier.decode(raw) == Identifier("abcd")


@pytest.mark.parametrize("raw", ["0103000000", "0200", "0302aaaa", "0202fffe"])
def test_failed_decodes_are_not_kept(raw):
    for _ in range(2):
        with pytest.raises(ProtocolError):
            Identifier.decode(bytes.fromhex(raw))


def test_the_kept_values_are_bounded():
    from iggy.protocol.primitives import _WireMemo

    memo = _WireMemo(length_at=1, max_entries=8)
    for value in range(100):
        decoded = memo.read(Reader(Identifier(value).encode()), Identifier._read_checked, "identifier")
        assert decoded == Identifier(value)
        assert len(memo._entries) <= 8


# ------------------------------------------------------------------ Permissions


def test_root_permissions_bytes():
    assert Permissions.root().encode() == bytes.fromhex("0101010101010101010100")


def test_global_permission_bit_order():
    encoded = Permissions(GlobalPermissions(read_servers=True, send_messages=True)).encode()
    assert encoded == bytes.fromhex("0001000000000000000100")


def test_scoped_permissions_exact_layout():
    permissions = Permissions(
        GlobalPermissions(),
        {
            5: StreamPermissions(read_stream=True, topics={2: TopicPermissions(send_messages=True),
                                                           1: TopicPermissions(manage_topic=True)}),
            3: StreamPermissions(manage_stream=True, poll_messages=True),
        },
    )
    expected = (
        "00" * 10 + "01"
        + "03000000" + "010000000100" + "00" + "01"                       # stream 3, no topics, next
        + "05000000" + "000100000000" + "01"                              # stream 5, has topics
        + "01000000" + "01000000" + "01"                                  # topic 1, next
        + "02000000" + "00000001" + "00"                                  # topic 2, last
        + "00"                                                            # last stream
    )
    encoded = permissions.encode()
    assert encoded.hex() == expected
    assert len(encoded) == 11 + 12 * 2 + 9 * 2
    decoded = Permissions.decode(encoded)
    assert decoded == permissions
    assert list(decoded.streams) == [3, 5]


def test_permissions_truncation_is_invalid_command():
    encoded = Permissions(GlobalPermissions(), {1: StreamPermissions(topics={1: TopicPermissions()})}).encode()
    for cut in range(len(encoded)):
        assert _error_code(Permissions.decode, encoded[:cut]) == ErrorCode.INVALID_COMMAND


def test_permission_flags_treat_nonzero_as_true():
    decoded = Permissions.decode(bytes.fromhex("0200000000000000000700"))
    assert decoded.global_permissions.manage_servers and decoded.global_permissions.send_messages


# ------------------------------------------------------------------ User headers


ALL_KINDS = [
    (HeaderValue.raw(b"\x00\xff"), HeaderKind.RAW, b"\x00\xff"),
    (HeaderValue.string("zażółć"), HeaderKind.STRING, "zażółć"),
    (HeaderValue.bool(True), HeaderKind.BOOL, True),
    (HeaderValue.int8(-128), HeaderKind.INT8, -128),
    (HeaderValue.int16(-2), HeaderKind.INT16, -2),
    (HeaderValue.int32(42), HeaderKind.INT32, 42),
    (HeaderValue.int64(-(2**63)), HeaderKind.INT64, -(2**63)),
    (HeaderValue.int128(-(2**127)), HeaderKind.INT128, -(2**127)),
    (HeaderValue.uint8(255), HeaderKind.UINT8, 255),
    (HeaderValue.uint16(65535), HeaderKind.UINT16, 65535),
    (HeaderValue.uint32(2**32 - 1), HeaderKind.UINT32, 2**32 - 1),
    (HeaderValue.uint64(2**64 - 1), HeaderKind.UINT64, 2**64 - 1),
    (HeaderValue.uint128(2**128 - 1), HeaderKind.UINT128, 2**128 - 1),
    (HeaderValue.float32(1.5), HeaderKind.FLOAT32, 1.5),
    (HeaderValue.float64(math.pi), HeaderKind.FLOAT64, math.pi),
]


@pytest.mark.parametrize(("header", "kind", "value"), ALL_KINDS, ids=[k.name for _, k, _ in ALL_KINDS])
def test_every_header_kind_round_trips(header, kind, value):
    assert header.kind == kind
    assert header.value == value
    encoded = encode_user_headers({HeaderValue.string("key"): header})
    assert decode_user_headers(encoded) == {HeaderValue.string("key"): header}


def test_header_bytes_match_reference_v26():
    encoded = encode_user_headers({"foo": HeaderValue.int32(42), "bar": HeaderValue.uint8(123)})
    assert encoded.hex() == "0203000000666f6f06040000002a000000020300000062617209010000007b"
    decoded = decode_user_headers(encoded)
    assert [(k.value, v.value) for k, v in decoded.items()] == [("foo", 42), ("bar", 123)]


def test_header_value_of_python_types():
    assert HeaderValue.of("x") == HeaderValue.string("x")
    assert HeaderValue.of(b"x") == HeaderValue.raw(b"x")
    assert HeaderValue.of(False) == HeaderValue.bool(False)
    assert HeaderValue.of(3) == HeaderValue.int64(3)
    assert HeaderValue.of(0.5) == HeaderValue.float64(0.5)
    with pytest.raises(TypeError):
        HeaderValue.of(object())


def test_header_validation_codes():
    assert _error_code(HeaderValue, 0, b"x") == ErrorCode.INVALID_HEADER_KIND
    assert _error_code(HeaderValue, 16, b"x") == ErrorCode.INVALID_HEADER_KIND
    assert _error_code(HeaderValue, 6, b"xx") == ErrorCode.INVALID_HEADER_VALUE
    assert _error_code(HeaderValue.raw, b"") == ErrorCode.INVALID_HEADER_VALUE
    assert _error_code(HeaderValue.uint8, 256) == ErrorCode.INVALID_HEADER_VALUE
    unknown_kind = bytes.fromhex("02010000006b") + bytes.fromhex("1001000000ff")
    assert _error_code(decode_user_headers, unknown_kind) == ErrorCode.INVALID_HEADER_KIND
    assert _error_code(decode_user_headers, bytes.fromhex("02010000006b")) == ErrorCode.INVALID_FORMAT
    assert _error_code(decode_user_headers, bytes.fromhex("020500000061")) == ErrorCode.INVALID_COMMAND
    too_big = {HeaderValue.uint32(i): HeaderValue.raw(b"x" * 255) for i in range(400)}
    assert _error_code(encode_user_headers, too_big) == ErrorCode.TOO_BIG_USER_HEADERS


# ------------------------------------------------------------------ Reader / Writer


def test_reader_reads_little_endian_and_reports_truncation():
    writer = Writer().u8(1).u16(2).u32(3).u64(4).u128(2**100 + 5).f32(0.25).long_string("é").name("n")
    reader = Reader(writer.bytes())
    assert (reader.u8(), reader.u16(), reader.u32(), reader.u64(), reader.u128(), reader.f32()) == (
        1, 2, 3, 4, 2**100 + 5, 0.25)
    assert reader.long_string() == "é"
    assert reader.name() == "n"
    assert reader.remaining == 0
    with pytest.raises(ProtocolError) as caught:
        reader.u8("flag")
    assert caught.value.code == ErrorCode.INVALID_COMMAND
    assert "flag" in caught.value.message


def test_reader_view_is_zero_copy():
    buffer = bytearray(b"abcdef")
    view = Reader(buffer).view(3)
    buffer[0] = ord("z")
    assert bytes(view) == b"zbc"


def test_writer_name_validation():
    with pytest.raises(ProtocolError) as caught:
        Writer().name("")
    assert caught.value.code == ErrorCode.INVALID_FORMAT
    assert _error_code(Reader(b"\x00").name) == ErrorCode.INVALID_FORMAT


def test_opt_partition():
    assert Writer().opt_partition(None).bytes() == bytes(5)
    assert Writer().opt_partition(3).bytes() == bytes.fromhex("0103000000")
    assert Reader(bytes.fromhex("0003000000")).opt_partition() is None
    assert Reader(bytes.fromhex("0103000000")).opt_partition() == 3
