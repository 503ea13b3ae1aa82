"""Primitive wire encodings (reference §3.2, §4.3) and the byte cursor used by every decoder.

Error mapping follows the 0.8 server: truncation, unknown discriminants and invalid UTF-8 are
INVALID_COMMAND; validation failures (empty name, numeric identifier length != 4, partitioning length
mismatch) are INVALID_FORMAT.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar, TypeVar

from .codes import (
    HEADER_KEY_MAX_BYTES,
    HEADER_KIND_FIXED_SIZE_BYTES,
    NAME_MAX_BYTES,
    USER_HEADERS_MAX_BYTES,
    ErrorCode,
    ProtocolVersion,
)
from .errors import ProtocolError, invalid_command, invalid_format, truncated
from .kinds import ConsumerKind, HeaderKind, IdKind, PartitioningKind, PollingKind

BytesLike = bytes | bytearray | memoryview

U32_MAX = 0xFFFF_FFFF
U64_MAX = 0xFFFF_FFFF_FFFF_FFFF  # tidy: allow-value (the u64 range; sentinels are generated constants)
MAX_NAME_BYTES = NAME_MAX_BYTES

_U8 = struct.Struct("<B")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_U128 = struct.Struct("<QQ")
_F32 = struct.Struct("<f")

E = TypeVar("E", bound=IntEnum)


def enum_or_int(enum_type: type[E], value: int) -> E | int:
    """The enum member for `value`, or the raw int when the wire carries an unknown value."""
    try:
        return enum_type(value)
    except ValueError:
        return value


class Reader:
    """A bounds-checked little-endian cursor over a payload. Truncation raises INVALID_COMMAND. `version`: the
    protocol version the bytes are in (the generated codecs read the fields that version has)."""

    __slots__ = ("buf", "pos", "end", "version")

    def __init__(
        self, buf: BytesLike, pos: int = 0, end: int | None = None, version: ProtocolVersion = ProtocolVersion.V0_8
    ) -> None:
        self.buf = buf if isinstance(buf, memoryview) else memoryview(buf)
        if self.buf.format != "B" or self.buf.ndim != 1:
            self.buf = self.buf.cast("B")
        self.pos = pos
        self.end = len(self.buf) if end is None else end
        self.version = version

    @property
    def remaining(self) -> int:
        return self.end - self.pos

    def _need(self, size: int, what: str) -> int:
        pos = self.pos
        if pos + size > self.end:
            raise truncated(what, size, self.end - pos)
        self.pos = pos + size
        return pos

    def u8(self, what: str = "u8") -> int:
        return self.buf[self._need(1, what)]

    def bool(self, what: str = "bool") -> bool:
        return self.buf[self._need(1, what)] != 0

    def flag(self, what: str = "flag") -> int:
        """A spec `role = "flag"` byte: 0 or 1. Any other value is INVALID_COMMAND, never "absent", because a
        presence flag read as absent silently drops data (UpdatePermissions would clear permissions)."""
        value = self.buf[self._need(1, what)]
        if value > 1:
            raise invalid_command(f"{what} must be 0 or 1, got {value}")
        return value

    def u16(self, what: str = "u16") -> int:
        return _U16.unpack_from(self.buf, self._need(2, what))[0]

    def u32(self, what: str = "u32") -> int:
        return _U32.unpack_from(self.buf, self._need(4, what))[0]

    def u64(self, what: str = "u64") -> int:
        return _U64.unpack_from(self.buf, self._need(8, what))[0]

    def u128(self, what: str = "u128") -> int:
        low, high = _U128.unpack_from(self.buf, self._need(16, what))
        return low | (high << 64)

    def f32(self, what: str = "f32") -> float:
        return _F32.unpack_from(self.buf, self._need(4, what))[0]

    def view(self, size: int, what: str = "bytes") -> memoryview:
        """A zero-copy slice of the next `size` bytes."""
        pos = self._need(size, what)
        return self.buf[pos : pos + size]

    def raw(self, size: int, what: str = "bytes") -> bytes:
        return bytes(self.view(size, what))

    def utf8(self, size: int, what: str = "string") -> str:
        data = self.view(size, what)
        try:
            return str(data, "utf-8")
        except UnicodeDecodeError:
            raise invalid_command(f"{what} is not valid UTF-8") from None

    def name(self, what: str = "name") -> str:
        """`len u8 | UTF-8`, 1..255 bytes (WireName)."""
        size = self.u8(what)
        if size == 0:
            raise invalid_format(f"{what} must be 1..255 bytes, got 0")
        return self.utf8(size, what)

    def short_string(self, what: str = "string") -> str:
        """`len u8 | UTF-8` with no minimum (passwords)."""
        return self.utf8(self.u8(what), what)

    def long_string(self, what: str = "string") -> str:
        """`len u32 | UTF-8`."""
        return self.utf8(self.u32(what), what)

    def opt_partition(self) -> int | None:
        """`has_partition u8 | partition_id u32`: flag 1 = Some, 0 = None (spec flag rule: nothing else)."""
        flag = self.flag("has_partition")
        partition_id = self.u32("partition_id")
        return partition_id if flag == 1 else None

    def rest(self) -> memoryview:
        pos = self.pos
        self.pos = self.end
        return self.buf[pos : self.end]


class Writer:
    """Append-only little-endian builder over one bytearray, for one protocol version (see Reader)."""

    __slots__ = ("buf", "version")

    def __init__(self, version: ProtocolVersion = ProtocolVersion.V0_8) -> None:
        self.buf = bytearray()
        self.version = version

    def u8(self, value: int) -> Writer:
        self.buf.append(value)
        return self

    def bool(self, value: bool) -> Writer:
        self.buf.append(1 if value else 0)
        return self

    def u16(self, value: int) -> Writer:
        self.buf += _U16.pack(value)
        return self

    def u32(self, value: int) -> Writer:
        self.buf += _U32.pack(value)
        return self

    def u64(self, value: int) -> Writer:
        self.buf += _U64.pack(value)
        return self

    def u128(self, value: int) -> Writer:
        self.buf += _U128.pack(value & U64_MAX, value >> 64)
        return self

    def f32(self, value: float) -> Writer:
        self.buf += _F32.pack(value)
        return self

    def raw(self, data: BytesLike) -> Writer:
        self.buf += data
        return self

    def name(self, value: str, what: str = "name") -> Writer:
        data = value.encode("utf-8")
        if not 1 <= len(data) <= MAX_NAME_BYTES:
            raise invalid_format(f"{what} must be 1..255 bytes of UTF-8, got {len(data)}")
        self.buf.append(len(data))
        self.buf += data
        return self

    def short_string(self, value: str, what: str = "string") -> Writer:
        data = value.encode("utf-8")
        if len(data) > MAX_NAME_BYTES:
            raise invalid_format(f"{what} must be at most 255 bytes, got {len(data)}")
        self.buf.append(len(data))
        self.buf += data
        return self

    def long_string(self, value: str) -> Writer:
        data = value.encode("utf-8")
        self.buf += _U32.pack(len(data))
        self.buf += data
        return self

    def opt_partition(self, partition_id: int | None) -> Writer:
        if partition_id is None:
            self.buf += b"\x00\x00\x00\x00\x00"
        else:
            self.buf.append(1)
            self.buf += _U32.pack(partition_id)
        return self

    def bytes(self) -> bytes:
        return bytes(self.buf)


# --------------------------------------------------------------------------------------------
# Decoded values by their wire bytes


class _WireMemo:
    """Decoded immutable values of one type by their exact wire bytes, for the ``... | len u8 | value`` shapes
    (identifier, consumer, partitioning).

    A server decodes the same few of them on every SendMessages and PollMessages, at about 2 µs of Python
    each: most of what decoding a small request costs. The values are frozen, so one decoded value can be
    handed out again. Only what decoded without error is kept, and at most ``max_entries`` (the map is
    emptied when full), each key at most 2 + 255 bytes past the length byte's offset.
    """

    __slots__ = ("_entries", "_length_at", "_max_entries")

    def __init__(self, length_at: int, max_entries: int = 4096) -> None:
        self._entries: dict[bytes, Any] = {}
        self._length_at = length_at  # offset of the u8 length of the value's last part
        self._max_entries = max_entries

    def read(self, reader: Reader, read_checked: Any, *args: Any) -> Any:
        buf, pos, end = reader.buf, reader.pos, reader.end
        length_pos = pos + self._length_at
        if length_pos >= end:
            return read_checked(reader, *args)  # truncated: the checked read names what is missing
        stop = length_pos + 1 + buf[length_pos]
        if stop > end:
            return read_checked(reader, *args)
        key = bytes(buf[pos:stop])
        value = self._entries.get(key)
        if value is not None:
            reader.pos = stop
            return value
        value = read_checked(reader, *args)
        if reader.pos == stop:
            if len(self._entries) >= self._max_entries:
                self._entries.clear()
            self._entries[key] = value
        return value


# --------------------------------------------------------------------------------------------
# Identifier


@dataclass(frozen=True, slots=True)
class Identifier:
    """A stream / topic / group / user / consumer identifier: numeric u32 or a 1..255-byte name."""

    value: int | str

    def __post_init__(self) -> None:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(f"identifier must be int or str, got {type(value).__name__}")
        if isinstance(value, int) and not 0 <= value <= U32_MAX:
            raise ValueError(f"numeric identifier {value} is outside u32")
        if isinstance(value, str) and not 1 <= len(value.encode("utf-8")) <= MAX_NAME_BYTES:
            raise ValueError("string identifier must be 1..255 bytes of UTF-8")

    @classmethod
    def numeric(cls, value: int) -> Identifier:
        return cls(int(value))

    @classmethod
    def named(cls, value: str) -> Identifier:
        return cls(str(value))

    @classmethod
    def parse(cls, value: int | str | Identifier) -> Identifier:
        """Like the official client: a str that parses as u32 (e.g. "7") becomes numeric."""
        if isinstance(value, Identifier):
            return value
        if isinstance(value, str):
            if value.isascii() and value.isdigit() and int(value) <= U32_MAX:
                return cls(int(value))
            return cls(value)
        return cls(int(value))

    @property
    def kind(self) -> IdKind:
        return IdKind.NUMERIC if isinstance(self.value, int) else IdKind.STRING

    @property
    def is_numeric(self) -> bool:
        return isinstance(self.value, int)

    def __str__(self) -> str:
        return str(self.value)

    def write(self, writer: Writer) -> None:
        value = self.value
        if isinstance(value, int):
            writer.buf += b"\x01\x04"
            writer.buf += _U32.pack(value)
        else:
            data = value.encode("utf-8")
            writer.buf.append(2)
            writer.buf.append(len(data))
            writer.buf += data

    def encode(self) -> bytes:
        writer = Writer()
        self.write(writer)
        return writer.bytes()

    @classmethod
    def read(cls, reader: Reader, what: str = "identifier") -> Identifier:
        return _IDENTIFIERS.read(reader, cls._read_checked, what)  # type: ignore[no-any-return]

    @classmethod
    def _read_checked(cls, reader: Reader, what: str) -> Identifier:
        kind = reader.u8(f"{what} kind")
        size = reader.u8(f"{what} length")
        data = reader.view(size, f"{what} value")
        if kind == 1:
            if size != 4:
                raise invalid_format(f"numeric {what} must be 4 bytes, got {size}")
            return cls(_U32.unpack_from(data, 0)[0])
        if kind == 2:
            if size == 0:
                raise invalid_format(f"string {what} cannot be empty")
            try:
                return cls(str(data, "utf-8"))
            except UnicodeDecodeError:
                raise invalid_command(f"string {what} is not valid UTF-8") from None
        raise invalid_command(f"unknown {what} kind {kind}")

    @classmethod
    def decode(cls, buf: BytesLike) -> Identifier:
        return cls.read(Reader(buf))


IdentifierLike = Identifier | int | str


# --------------------------------------------------------------------------------------------
# Consumer, polling strategy, partitioning


@dataclass(frozen=True, slots=True)
class Consumer:
    """Who polls or owns an offset: a single consumer or a consumer group (`kind | Identifier`)."""

    kind: ConsumerKind
    id: Identifier

    @classmethod
    def consumer(cls, consumer_id: IdentifierLike = 0) -> Consumer:
        return cls(ConsumerKind.CONSUMER, Identifier.parse(consumer_id))

    @classmethod
    def group(cls, group_id: IdentifierLike) -> Consumer:
        return cls(ConsumerKind.CONSUMER_GROUP, Identifier.parse(group_id))

    @property
    def is_group(self) -> bool:
        return self.kind == ConsumerKind.CONSUMER_GROUP

    def write(self, writer: Writer) -> None:
        writer.u8(self.kind)
        self.id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Consumer:
        return _CONSUMERS.read(reader, cls._read_checked)  # type: ignore[no-any-return]

    @classmethod
    def _read_checked(cls, reader: Reader) -> Consumer:
        kind = reader.u8("consumer kind")
        if kind not in (1, 2):
            raise invalid_command(f"unknown consumer kind {kind}")
        return cls(ConsumerKind(kind), Identifier.read(reader, "consumer id"))


@dataclass(frozen=True, slots=True)
class PollingStrategy:
    """`kind u8 | value u64`: Offset(offset), Timestamp(µs), First, Last, Next (value 0)."""

    kind: PollingKind
    value: int = 0

    SIZE: ClassVar[int] = 9

    @classmethod
    def offset(cls, offset: int) -> PollingStrategy:
        return cls(PollingKind.OFFSET, offset)

    @classmethod
    def timestamp(cls, timestamp_us: int) -> PollingStrategy:
        return cls(PollingKind.TIMESTAMP, timestamp_us)

    @classmethod
    def first(cls) -> PollingStrategy:
        return cls(PollingKind.FIRST, 0)

    @classmethod
    def last(cls) -> PollingStrategy:
        return cls(PollingKind.LAST, 0)

    @classmethod
    def next(cls) -> PollingStrategy:
        return cls(PollingKind.NEXT, 0)

    def write(self, writer: Writer) -> None:
        writer.u8(self.kind)
        writer.u64(self.value)

    @classmethod
    def read(cls, reader: Reader) -> PollingStrategy:
        raw_kind = reader.u8("polling kind")
        kind = _POLLING_KINDS.get(raw_kind)
        if kind is None:
            raise invalid_command(f"unknown polling kind {raw_kind}")
        return cls(kind, reader.u64("polling value"))


@dataclass(frozen=True, slots=True)
class Partitioning:
    """`kind u8 | len u8 | value`: Balanced (len 0), PartitionId (u32), MessagesKey (1..255 bytes)."""

    kind: PartitioningKind
    value: bytes = b""

    def __post_init__(self) -> None:
        size = len(self.value)
        if self.kind == PartitioningKind.BALANCED and size != 0:
            raise invalid_format("balanced partitioning carries no value")
        if self.kind == PartitioningKind.PARTITION_ID and size != 4:
            raise invalid_format("partition_id partitioning value must be 4 bytes")
        if self.kind == PartitioningKind.MESSAGES_KEY and not 1 <= size <= MAX_NAME_BYTES:
            raise invalid_format("messages_key partitioning key must be 1..255 bytes")

    @classmethod
    def balanced(cls) -> Partitioning:
        return cls(PartitioningKind.BALANCED, b"")

    @classmethod
    def partition_id(cls, partition_id: int) -> Partitioning:
        return cls(PartitioningKind.PARTITION_ID, _U32.pack(partition_id))

    @classmethod
    def messages_key(cls, key: bytes | str | int) -> Partitioning:
        if isinstance(key, str):
            key = key.encode("utf-8")
        elif isinstance(key, int):
            key = _U64.pack(key)
        return cls(PartitioningKind.MESSAGES_KEY, bytes(key))

    @property
    def partition(self) -> int | None:
        """The explicit partition id for PartitionId partitioning, else None."""
        if self.kind == PartitioningKind.PARTITION_ID:
            return _U32.unpack(self.value)[0]
        return None

    @property
    def size(self) -> int:
        return 2 + len(self.value)

    def write(self, writer: Writer) -> None:
        writer.u8(self.kind)
        writer.u8(len(self.value))
        writer.raw(self.value)

    @classmethod
    def read(cls, reader: Reader) -> Partitioning:
        return _PARTITIONINGS.read(reader, cls._read_checked)  # type: ignore[no-any-return]

    @classmethod
    def _read_checked(cls, reader: Reader) -> Partitioning:
        kind = reader.u8("partitioning kind")
        size = reader.u8("partitioning length")
        if not 1 <= kind <= 3:
            raise invalid_command(f"unknown partitioning kind {kind}")
        if kind == 1 and size != 0:
            raise invalid_format(f"balanced partitioning must have length 0, got {size}")
        if kind == 2 and size != 4:
            raise invalid_format(f"partition_id partitioning must have length 4, got {size}")
        if kind == 3 and size == 0:
            raise invalid_format("messages_key partitioning cannot have an empty key")
        return cls(PartitioningKind(kind), reader.raw(size, "partitioning value"))


# `kind u8 | len u8 | value`; a consumer is `kind u8 | identifier`.
_IDENTIFIERS = _WireMemo(length_at=1)
_CONSUMERS = _WireMemo(length_at=2)
_PARTITIONINGS = _WireMemo(length_at=1)
# A dict lookup instead of the enum call: PollMessages carries one on every poll.
_POLLING_KINDS: dict[int, PollingKind] = {int(kind): kind for kind in PollingKind}


# --------------------------------------------------------------------------------------------
# Permissions (reference §3.2)


@dataclass(frozen=True, slots=True)
class GlobalPermissions:
    """The ten server-wide permission flags, in wire order."""

    manage_servers: bool = False
    read_servers: bool = False
    manage_users: bool = False
    read_users: bool = False
    manage_streams: bool = False
    read_streams: bool = False
    manage_topics: bool = False
    read_topics: bool = False
    poll_messages: bool = False
    send_messages: bool = False

    @classmethod
    def all(cls) -> GlobalPermissions:
        return cls(*([True] * 10))


@dataclass(frozen=True, slots=True)
class TopicPermissions:
    manage_topic: bool = False
    read_topic: bool = False
    poll_messages: bool = False
    send_messages: bool = False


@dataclass(frozen=True, slots=True)
class StreamPermissions:
    manage_stream: bool = False
    read_stream: bool = False
    manage_topics: bool = False
    read_topics: bool = False
    poll_messages: bool = False
    send_messages: bool = False
    topics: Mapping[int, TopicPermissions] = field(default_factory=dict)


_GLOBAL_FLAGS = struct.Struct("<10B")
_STREAM_FLAGS = struct.Struct("<I6B")
_TOPIC_FLAGS = struct.Struct("<I4B")


@dataclass(frozen=True, slots=True)
class Permissions:
    """Global flags plus optional per-stream (and per-topic) grants keyed by numeric id."""

    global_permissions: GlobalPermissions = field(default_factory=GlobalPermissions)
    streams: Mapping[int, StreamPermissions] = field(default_factory=dict)

    @classmethod
    def root(cls) -> Permissions:
        return cls(GlobalPermissions.all(), {})

    def write(self, writer: Writer) -> None:
        g = self.global_permissions
        writer.raw(
            _GLOBAL_FLAGS.pack(
                g.manage_servers, g.read_servers, g.manage_users, g.read_users, g.manage_streams,
                g.read_streams, g.manage_topics, g.read_topics, g.poll_messages, g.send_messages,
            )
        )
        stream_ids = sorted(self.streams)
        writer.bool(bool(stream_ids))
        for index, stream_id in enumerate(stream_ids):
            s = self.streams[stream_id]
            writer.raw(
                _STREAM_FLAGS.pack(
                    stream_id, s.manage_stream, s.read_stream, s.manage_topics, s.read_topics,
                    s.poll_messages, s.send_messages,
                )
            )
            topic_ids = sorted(s.topics)
            writer.bool(bool(topic_ids))
            for topic_index, topic_id in enumerate(topic_ids):
                t = s.topics[topic_id]
                writer.raw(
                    _TOPIC_FLAGS.pack(topic_id, t.manage_topic, t.read_topic, t.poll_messages, t.send_messages)
                )
                writer.bool(topic_index + 1 < len(topic_ids))
            writer.bool(index + 1 < len(stream_ids))

    def encode(self) -> bytes:
        writer = Writer()
        self.write(writer)
        return writer.bytes()

    @classmethod
    def read(cls, reader: Reader) -> Permissions:
        flags = [b != 0 for b in reader.view(10, "global permissions")]
        global_permissions = GlobalPermissions(*flags)
        streams: dict[int, StreamPermissions] = {}
        if reader.flag("has_streams"):
            # Each stream entry takes at least 12 bytes, which bounds this loop by the payload size.
            while True:
                stream_id = reader.u32("stream_id")
                stream_flags = [b != 0 for b in reader.view(6, "stream permissions")]
                topics: dict[int, TopicPermissions] = {}
                if reader.flag("has_topics"):
                    while True:
                        topic_id = reader.u32("topic_id")
                        topic_flags = [b != 0 for b in reader.view(4, "topic permissions")]
                        topics[topic_id] = TopicPermissions(*topic_flags)
                        if not reader.flag("has_next_topic"):
                            break
                streams[stream_id] = StreamPermissions(*stream_flags, topics=topics)
                if not reader.flag("has_next_stream"):
                    break
        return cls(global_permissions, streams)

    @classmethod
    def decode(cls, buf: BytesLike) -> Permissions:
        return cls.read(Reader(buf))


# --------------------------------------------------------------------------------------------
# User headers (reference §4.3)

MAX_HEADER_FIELD_BYTES = HEADER_KEY_MAX_BYTES
MAX_USER_HEADERS_BYTES = USER_HEADERS_MAX_BYTES

_FIXED_HEADER_SIZES = HEADER_KIND_FIXED_SIZE_BYTES
_INT_HEADER_FORMATS = {
    4: (1, True), 5: (2, True), 6: (4, True), 7: (8, True), 8: (16, True),
    9: (1, False), 10: (2, False), 11: (4, False), 12: (8, False), 13: (16, False),
}


@dataclass(frozen=True, slots=True)
class HeaderValue:
    """One typed user-header key or value: a kind byte (1..15) and its raw little-endian bytes.

    Hashable, so it works as a dict key. Build with the typed constructors (`HeaderValue.string("x")`,
    `HeaderValue.int32(42)`, ...) or `HeaderValue.of(python_value)`; read with `.value`.
    """

    kind: int
    data: bytes

    def __post_init__(self) -> None:
        kind = self.kind
        if not 1 <= kind <= 15:
            raise ProtocolError(ErrorCode.INVALID_HEADER_KIND, f"invalid header kind code: {kind}")
        size = len(self.data)
        if not 1 <= size <= MAX_HEADER_FIELD_BYTES:
            raise ProtocolError(ErrorCode.INVALID_HEADER_VALUE, f"header field must be 1..255 bytes, got {size}")
        fixed = _FIXED_HEADER_SIZES.get(kind)
        if fixed is not None and size != fixed:
            raise ProtocolError(
                ErrorCode.INVALID_HEADER_VALUE, f"header kind {kind} needs {fixed} bytes, got {size}"
            )

    @classmethod
    def raw(cls, data: BytesLike) -> HeaderValue:
        return cls(HeaderKind.RAW, bytes(data))

    @classmethod
    def string(cls, text: str) -> HeaderValue:
        return cls(HeaderKind.STRING, text.encode("utf-8"))

    @classmethod
    def bool(cls, flag: bool) -> HeaderValue:
        return cls(HeaderKind.BOOL, b"\x01" if flag else b"\x00")

    @classmethod
    def _int(cls, kind: int, number: int) -> HeaderValue:
        size, signed = _INT_HEADER_FORMATS[kind]
        try:
            data = int(number).to_bytes(size, "little", signed=signed)
        except OverflowError:
            raise ProtocolError(ErrorCode.INVALID_HEADER_VALUE, f"{number} does not fit header kind {kind}") from None
        return cls(kind, data)

    @classmethod
    def int8(cls, n: int) -> HeaderValue:
        return cls._int(4, n)

    @classmethod
    def int16(cls, n: int) -> HeaderValue:
        return cls._int(5, n)

    @classmethod
    def int32(cls, n: int) -> HeaderValue:
        return cls._int(6, n)

    @classmethod
    def int64(cls, n: int) -> HeaderValue:
        return cls._int(7, n)

    @classmethod
    def int128(cls, n: int) -> HeaderValue:
        return cls._int(8, n)

    @classmethod
    def uint8(cls, n: int) -> HeaderValue:
        return cls._int(9, n)

    @classmethod
    def uint16(cls, n: int) -> HeaderValue:
        return cls._int(10, n)

    @classmethod
    def uint32(cls, n: int) -> HeaderValue:
        return cls._int(11, n)

    @classmethod
    def uint64(cls, n: int) -> HeaderValue:
        return cls._int(12, n)

    @classmethod
    def uint128(cls, n: int) -> HeaderValue:
        return cls._int(13, n)

    @classmethod
    def float32(cls, x: float) -> HeaderValue:
        return cls(HeaderKind.FLOAT32, struct.pack("<f", x))

    @classmethod
    def float64(cls, x: float) -> HeaderValue:
        return cls(HeaderKind.FLOAT64, struct.pack("<d", x))

    @classmethod
    def of(cls, value: Any) -> HeaderValue:
        """Pick a kind from the Python type: str→string, bytes→raw, bool→bool, int→int64, float→float64."""
        if isinstance(value, HeaderValue):
            return value
        if isinstance(value, str):
            return cls.string(value)
        if isinstance(value, (bytes, bytearray, memoryview)):
            return cls.raw(value)
        if isinstance(value, bool):
            return cls.bool(value)
        if isinstance(value, int):
            return cls.int64(value)
        if isinstance(value, float):
            return cls.float64(value)
        raise TypeError(f"cannot use {type(value).__name__} as a user header value")

    @property
    def value(self) -> bytes | str | bool | int | float:
        """The decoded Python value for this kind."""
        kind, data = self.kind, self.data
        if kind == 1:
            return data
        if kind == 2:
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                raise ProtocolError(ErrorCode.INVALID_HEADER_VALUE, "string header is not valid UTF-8") from None
        if kind == 3:
            return data != b"\x00"
        if kind == 14:
            return struct.unpack("<f", data)[0]
        if kind == 15:
            return struct.unpack("<d", data)[0]
        _, signed = _INT_HEADER_FORMATS[kind]
        return int.from_bytes(data, "little", signed=signed)

    def __repr__(self) -> str:
        try:
            kind_name = HeaderKind(self.kind).name.lower()
        except ValueError:
            kind_name = str(self.kind)
        return f"HeaderValue.{kind_name}({self.value!r})"


UserHeaders = dict[HeaderValue, HeaderValue]
UserHeadersLike = Mapping[Any, Any]


def normalize_user_headers(headers: UserHeadersLike) -> UserHeaders:
    """Convert `{"key": value}` style input into HeaderValue pairs (keys: str → string kind)."""
    return {HeaderValue.of(key): HeaderValue.of(value) for key, value in headers.items()}


def encode_user_headers(headers: UserHeadersLike) -> bytes:
    """TLV pairs in the mapping's order: `kind u8 | len u32 | bytes` for key then value."""
    out = bytearray()
    for key, value in headers.items():
        key = HeaderValue.of(key)
        value = HeaderValue.of(value)
        out.append(key.kind)
        out += _U32.pack(len(key.data))
        out += key.data
        out.append(value.kind)
        out += _U32.pack(len(value.data))
        out += value.data
    if len(out) > MAX_USER_HEADERS_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG_USER_HEADERS, f"user headers are {len(out)} bytes, max 100000")
    return bytes(out)


def iter_user_header_fields(buf: BytesLike) -> Iterator[tuple[int, memoryview]]:
    """Raw `(kind, data)` TLV fields; structural errors (truncation, length 0/>255) raise."""
    reader = Reader(buf)
    # Each field takes at least 6 bytes, which bounds this loop by the buffer size.
    while reader.remaining:
        kind = reader.u8("header kind")
        size = reader.u32("header length")
        if not 1 <= size <= MAX_HEADER_FIELD_BYTES:
            raise invalid_format(f"header field length {size} out of range 1..255")
        yield kind, reader.view(size, "header field")


def decode_user_headers(buf: BytesLike) -> UserHeaders:
    """Decode TLV pairs into an ordered dict; an unknown kind raises INVALID_HEADER_KIND (4040)."""
    fields = list(iter_user_header_fields(buf))
    if len(fields) % 2:
        raise invalid_format(f"odd number of user header fields ({len(fields)})")
    result: UserHeaders = {}
    for index in range(0, len(fields), 2):
        key_kind, key_data = fields[index]
        value_kind, value_data = fields[index + 1]
        result[HeaderValue(key_kind, bytes(key_data))] = HeaderValue(value_kind, bytes(value_data))
    return result


T = TypeVar("T")


def encode_each(items: Iterable[Any]) -> bytes:
    """Concatenate `item.encode()` for list responses (`X × n`)."""
    return b"".join(item.encode() for item in items)


# --- helpers of the generated codec (requests.py, responses.py) -----------------------------------------


def counted(reader: Reader, count: int, what: str) -> range:
    """`range(count)` for a list read off the wire. Every element takes at least one byte, so a count above
    the bytes left is a truncation: checking first keeps a hostile count from driving a long loop."""
    if count > reader.remaining:
        raise truncated(f"{count} {what}", count, reader.remaining)
    return range(count)


def check_length(reader: Reader, start: int, length: int, what: str) -> None:
    """A length field must equal the bytes its block decoded to."""
    if reader.pos - start != length:
        raise invalid_format(f"{what} mismatch: header says {length}, decoded {reader.pos - start}")


def read_to_end(reader: Reader, read: Any, tolerant: bool = False) -> tuple:
    """Elements packed back to back until the payload ends. `tolerant`: an extension area; a tail that does
    not parse (another server's trailing data) ends the list instead of failing the whole body."""
    items = []
    # Every element consumes at least one byte, so the loop is bounded by the buffer size.
    while reader.remaining:
        start = reader.pos
        try:
            items.append(read(reader))
        except ProtocolError:
            if not tolerant:
                raise
            reader.pos = reader.end
            break
        if reader.pos == start:
            raise invalid_command("an element of a list decoded from zero bytes")
    return tuple(items)
