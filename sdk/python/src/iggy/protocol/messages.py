"""Message frames, SendMessages batches and PollMessages responses (reference §4).

Hot-path rules:
* sending: `encode_send_messages_parts` packs only the 64-byte headers and the index table and returns
  them interleaved with the callers' payload buffers, so the transport writes the batch with one gather
  write and the payloads are never copied in Python (`encode_send_messages` joins the parts: one copy);
* polling: `PolledMessages.decode` checks every frame header once — in C for the usual batch of
  equal-size frames with consecutive offsets, else one `unpack_from` per frame — and keeps the response
  buffer; messages are `PolledMessage` views made on access by C code alone (no Python code runs per
  message), whose other fields are read from the buffer when asked for and whose payloads are memoryview
  slices of it (no copy);
* the server-side `SendMessagesView` does no per-message work at all.
"""

from __future__ import annotations

import os
import struct
import sys
import time
from abc import ABCMeta
from array import array
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate, chain, islice, repeat
from operator import add, attrgetter, eq
from typing import Any, NamedTuple, Self, overload

from xxhash import xxh3_64, xxh3_64_intdigest

from .codes import (
    BATCH_HEADER_SIZE,
    FRAME_HEADER_SIZE,
    MESSAGE_PAYLOAD_MIN_BYTES,
    INDEX_ENTRY_SIZE,
    MESSAGE_HEADER_SIZE,
    MESSAGE_PAYLOAD_MAX_BYTES,
    POLL_RESPONSE_PREFIX_SIZE,
    USER_HEADERS_MAX_BYTES,
    ErrorCode,
    ProtocolVersion,
)
from .batches import Batch
from .errors import ProtocolError, invalid_command, truncated
from .layout import (
    BATCH_HEADER_BASE_TIMESTAMP_AT,
    BATCH_HEADER_BATCH_LENGTH_AT,
    BATCH_HEADER_BATCH_CHECKSUM_AT,
    BATCH_HEADER_MESSAGE_COUNT_AT,
    BATCH_HEADER_ORIGIN_TIMESTAMP_AT,
    BATCH_HEADER_RESERVED_AT,
    BATCH_HEADER_STRUCT_FORMAT,
    FRAME_HEADER_CHECKSUM_AT,
    FRAME_HEADER_ID_AT,
    FRAME_HEADER_OFFSET_DELTA_AT,
    FRAME_HEADER_PAYLOAD_LENGTH_AT,
    FRAME_HEADER_RESERVED_AT,
    FRAME_HEADER_STRUCT_FORMAT,
    FRAME_HEADER_TIMESTAMP_DELTA_AT,
    FRAME_HEADER_USER_HEADERS_LENGTH_AT,
    INDEX_ENTRY_STRUCT_FORMAT,
    MESSAGE_HEADER_CHECKSUM_AT,
    MESSAGE_HEADER_ID_AT,
    MESSAGE_HEADER_ID_SIZE,
    MESSAGE_HEADER_OFFSET_AT,
    MESSAGE_HEADER_OFFSET_SIZE,
    MESSAGE_HEADER_ORIGIN_TIMESTAMP_AT,
    MESSAGE_HEADER_PAYLOAD_LENGTH_AT,
    MESSAGE_HEADER_RESERVED_AT,
    MESSAGE_HEADER_STRUCT_FORMAT,
    MESSAGE_HEADER_TIMESTAMP_AT,
    MESSAGE_HEADER_USER_HEADERS_LENGTH_AT,
    POLL_RESPONSE_PREFIX_STRUCT_FORMAT,
)
from .primitives import (
    BytesLike,
    Identifier,
    IdentifierLike,
    Partitioning,
    Reader,
    read_to_end,
    UserHeaders,
    Writer,
    decode_user_headers,
    encode_user_headers,
)

MAX_PAYLOAD_BYTES = MESSAGE_PAYLOAD_MAX_BYTES
MAX_USER_HEADERS_BYTES = USER_HEADERS_MAX_BYTES

# checksum u64 | id (low u64, high u64) | offset u64 | timestamp u64 | origin_timestamp u64 |
# user_headers_length u32 | payload_length u32 | reserved u64
MESSAGE_HEADER = struct.Struct(MESSAGE_HEADER_STRUCT_FORMAT)
_INDEX_ENTRY = struct.Struct(INDEX_ENTRY_STRUCT_FORMAT)
_POLL_PREFIX = struct.Struct(POLL_RESPONSE_PREFIX_STRUCT_FORMAT)
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_U128 = struct.Struct("<QQ")
_U32_PAIR = struct.Struct("<II")
_U64_MASK = (1 << 64) - 1  # tidy: allow-value (splits a u128 id into two u64 halves; not a sentinel)
_BIG_ENDIAN = sys.byteorder == "big"


class Message(metaclass=ABCMeta):  # ABCMeta: `PolledMessage` (a tuple) registers as one
    """One message. For sending, give `payload` (and optionally `id`, `user_headers` — alias
    `headers` — and `origin_timestamp_us`); the server fills offset, timestamp and checksum.

    Polled messages are `PolledMessage` (a subclass over the receive buffer) and carry `payload` as a memoryview
    slice of the response buffer; `payload_bytes()` (or `bytes(message.payload)`) keeps a copy beyond
    the buffer's life. `user_headers` is decoded lazily from the wire bytes (`user_headers_bytes`) on
    first access.
    """

    __slots__ = (
        "payload",
        "id",
        "offset",
        "timestamp_us",
        "origin_timestamp_us",
        "checksum",
        "_headers",
        "_headers_bytes",
    )

    def __init__(
        self,
        payload: BytesLike | str,
        *,
        id: int = 0,
        user_headers: Mapping[Any, Any] | None = None,
        user_headers_bytes: BytesLike | None = None,
        headers: Mapping[Any, Any] | None = None,
        offset: int = 0,
        timestamp_us: int = 0,
        origin_timestamp_us: int = 0,
        checksum: int = 0,
    ) -> None:
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
        if headers is not None:
            if user_headers is not None:
                raise TypeError("give either headers= or user_headers= (they are the same), not both")
            user_headers = headers
        if not 0 <= id < (1 << 128):
            raise ValueError("message id must be an unsigned 128-bit integer")
        self.payload = payload
        self.id = id
        self.offset = offset
        self.timestamp_us = timestamp_us
        self.origin_timestamp_us = origin_timestamp_us
        self.checksum = checksum
        self._headers: UserHeaders | None = None
        self._headers_bytes: BytesLike = b""
        if user_headers_bytes is not None:
            self._headers_bytes = user_headers_bytes
        elif user_headers:
            self._headers_bytes = encode_user_headers(user_headers)

    @property
    def user_headers(self) -> UserHeaders:
        """Typed user headers (`HeaderValue` keys and values), decoded on first access."""
        if self._headers is None:
            self._headers = decode_user_headers(self._headers_bytes) if self._headers_bytes else {}
        return self._headers

    @property
    def user_headers_bytes(self) -> BytesLike:
        """The user headers exactly as on the wire (empty when there are none)."""
        return self._headers_bytes

    def payload_bytes(self) -> bytes:
        """The payload as `bytes` (a copy when the payload is a view into a receive buffer)."""
        payload = self.payload
        return payload if type(payload) is bytes else bytes(payload)

    @property
    def headers(self) -> UserHeaders:
        """Alias of `user_headers`."""
        return self.user_headers

    @property
    def frame_size(self) -> int:
        return MESSAGE_HEADER_SIZE + len(self.payload) + len(self._headers_bytes)

    def encode_frame(self) -> bytes:
        """The 64-byte header + payload + user headers."""
        out = bytearray(self.frame_size)
        _pack_frame(out, 0, self)
        return bytes(out)

    def _key(self) -> tuple:
        return (
            self.id, bytes(self.payload), bytes(self._headers_bytes), self.offset, self.timestamp_us,
            self.origin_timestamp_us, self.checksum,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        payload = bytes(self.payload)
        shown = payload[:32] + (b"..." if len(payload) > 32 else b"")
        return (
            f"Message(offset={self.offset}, id={self.id:#x}, payload={shown!r}, "
            f"user_headers_bytes={len(self._headers_bytes)}, timestamp_us={self.timestamp_us}, "
            f"origin_timestamp_us={self.origin_timestamp_us}, checksum={self.checksum:#x})"
        )


def _pack_frame(out: bytearray, position: int, message: Message) -> int:
    payload = message.payload
    headers = message._headers_bytes
    payload_size = len(payload)
    headers_size = len(headers)
    message_id = message.id
    MESSAGE_HEADER.pack_into(
        out, position, message.checksum, message_id & _U64_MASK, message_id >> 64, message.offset,
        message.timestamp_us, message.origin_timestamp_us, headers_size, payload_size, 0,
    )
    position += MESSAGE_HEADER_SIZE
    out[position : position + payload_size] = payload
    position += payload_size
    if headers_size:
        out[position : position + headers_size] = headers
        position += headers_size
    return position


def _send_error(message: Message) -> ProtocolError:
    """The precise error for a message the batch encoder refused (off the hot path)."""
    payload_size = len(message.payload)
    if payload_size == 0:
        return ProtocolError(ErrorCode.EMPTY_MESSAGE_PAYLOAD, "message payload is empty")
    if payload_size > MAX_PAYLOAD_BYTES:
        return ProtocolError(ErrorCode.TOO_BIG_MESSAGE_PAYLOAD, f"message payload is {payload_size} bytes")
    return ProtocolError(ErrorCode.TOO_BIG_USER_HEADERS, "user headers exceed 100000 bytes")


def _index_table(frame_ends: list[int]) -> bytes:
    """`offset u32 = 0 | position u32 | timestamp u64 = 0` per message, position = end of its frame
    relative to the frames section (the server fills offsets and timestamps)."""
    words = array("I", bytes(INDEX_ENTRY_SIZE * len(frame_ends)))
    try:
        words[1::4] = array("I", frame_ends)
    except OverflowError:
        raise ProtocolError(ErrorCode.INVALID_MESSAGES_SIZE, "a batch's frames must fit in 4 GiB") from None
    if _BIG_ENDIAN:
        words.byteswap()
    return words.tobytes()


def encode_send_messages_parts(
    stream_id: IdentifierLike,
    topic_id: IdentifierLike,
    partitioning: Partitioning,
    messages: Sequence[Message],
) -> list[BytesLike]:
    """SendMessages payload as buffers to write back to back: metadata + index table, then per
    message its packed 64-byte header, its payload and its user headers (the callers' own buffers,
    not copied). `b"".join(parts)` is the payload; a transport can gather-write the list instead.
    """
    count = len(messages)
    if not count:
        raise ProtocolError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    metadata = encode_send_messages_metadata(stream_id, topic_id, partitioning, count)

    parts: list[BytesLike] = [b""]  # metadata + index, filled in once the frame sizes are known
    append = parts.append
    frame_ends: list[int] = []
    append_end = frame_ends.append
    pack_header = MESSAGE_HEADER.pack
    header_size = MESSAGE_HEADER_SIZE
    max_payload = MAX_PAYLOAD_BYTES
    max_headers = MAX_USER_HEADERS_BYTES
    u64_mask = _U64_MASK
    frame_end = 0
    for message in messages:
        payload = message.payload
        headers = message._headers_bytes
        payload_size = len(payload)
        headers_size = len(headers)
        if not 0 < payload_size <= max_payload or headers_size > max_headers:
            raise _send_error(message)
        message_id = message.id
        append(
            pack_header(
                message.checksum, message_id & u64_mask, message_id >> 64, message.offset, message.timestamp_us,
                message.origin_timestamp_us, headers_size, payload_size, 0,
            )
        )
        append(payload)
        if headers_size:
            append(headers)
        frame_end += header_size + payload_size + headers_size
        append_end(frame_end)
    parts[0] = b"".join((metadata, _index_table(frame_ends)))
    return parts


def encode_send_messages_metadata(
    stream_id: IdentifierLike, topic_id: IdentifierLike, partitioning: Partitioning, count: int
) -> bytes:
    """The start of a SendMessages payload, before its index table and frames: `metadata_length u32`, then the
    stream, topic, partitioning and messages count (the server's REST API puts natively built frames after it)."""
    metadata = Writer()
    Identifier.parse(stream_id).write(metadata)
    Identifier.parse(topic_id).write(metadata)
    partitioning.write(metadata)
    metadata.u32(count)
    return _U32.pack(len(metadata.buf)) + metadata.buf


def encode_send_messages(
    stream_id: IdentifierLike,
    topic_id: IdentifierLike,
    partitioning: Partitioning,
    messages: Sequence[Message],
) -> bytes:
    """SendMessages payload: metadata + 16-byte index table + frames, joined with one copy."""
    return b"".join(encode_send_messages_parts(stream_id, topic_id, partitioning, messages))


def encode_frames(messages: Sequence[Message]) -> bytes:
    """Frames packed back to back (as stored on disk and returned by a poll)."""
    out = bytearray(sum(message.frame_size for message in messages))
    position = 0
    for message in messages:
        position = _pack_frame(out, position, message)
    return bytes(out)


# offset u64 | (timestamps) | user_headers_length u32 | payload_length u32 | reserved u64, read from the offset field
# to the end of the header: everything a frame walk needs, in one unpack.
_WALK_GAP = MESSAGE_HEADER_USER_HEADERS_LENGTH_AT - MESSAGE_HEADER_OFFSET_AT - MESSAGE_HEADER_OFFSET_SIZE
_WALK = struct.Struct(f"<Q{_WALK_GAP}xIIQ")
assert MESSAGE_HEADER_OFFSET_AT + _WALK.size == MESSAGE_HEADER_SIZE  # the walk ends where the payload starts
# The same fields as u64 words of a frame: the offset, the two u32 lengths (user headers low, payload high, little
# endian) and the reserved field each fill one 8-aligned word of the header.
_WORD_BYTES = 8
_OFFSET_WORD, _LENGTHS_WORD, _RESERVED_WORD = (
    at // _WORD_BYTES
    for at in (MESSAGE_HEADER_OFFSET_AT, MESSAGE_HEADER_USER_HEADERS_LENGTH_AT, MESSAGE_HEADER_RESERVED_AT)
)
assert MESSAGE_HEADER_OFFSET_AT % _WORD_BYTES == MESSAGE_HEADER_USER_HEADERS_LENGTH_AT % _WORD_BYTES == 0
assert MESSAGE_HEADER_PAYLOAD_LENGTH_AT == MESSAGE_HEADER_USER_HEADERS_LENGTH_AT + 4 == MESSAGE_HEADER_RESERVED_AT - 4
# id u128 (two u64 halves) | (offset) | timestamp u64, read from the id field.
_TIMESTAMP_GAP = MESSAGE_HEADER_TIMESTAMP_AT - MESSAGE_HEADER_ID_AT - MESSAGE_HEADER_ID_SIZE
_ID_AND_TIMESTAMP = struct.Struct(f"<QQ{_TIMESTAMP_GAP}xQ")
_ID_TS_END = MESSAGE_HEADER_ID_AT + _ID_AND_TIMESTAMP.size


def _u128(low: int, high: int) -> int:
    return low | (high << 64)


class _PolledFields(NamedTuple):
    offset: int
    payload: memoryview
    frames: memoryview  # the whole frames buffer of the poll response
    position: int  # where this message's frame starts in `frames`


class PolledMessage(tuple):
    """A received message: a read-only view of one frame of a response buffer.

    A tuple underneath, so a batch makes its messages with no Python code per message (see
    `MessageBatch`): `offset` and `payload` (a memoryview slice of the buffer, no copy) — what every
    consumer reads — are stored; the other header fields are read from the buffer when asked for, and
    `user_headers` is decoded on each access (keep the dict if you read it often). Counts as a `Message`
    (`isinstance`), compares equal to a `Message` with the same fields and can be sent again as is.
    """

    __slots__ = ()
    # The namedtuple's C field getters, on a class that keeps tuple's own constructor (a namedtuple's
    # `__new__` is Python code): `PolledMessage((offset, payload, frames, position))` runs no Python code.
    offset = _PolledFields.offset
    payload = _PolledFields.payload
    frames = _PolledFields.frames
    position = _PolledFields.position

    @property
    def id(self) -> int:
        low, high = _U128.unpack_from(self.frames, self.position + MESSAGE_HEADER_ID_AT)
        return low | (high << 64) if high else low

    @property
    def timestamp_us(self) -> int:
        return _U64.unpack_from(self.frames, self.position + MESSAGE_HEADER_TIMESTAMP_AT)[0]

    @property
    def origin_timestamp_us(self) -> int:
        return _U64.unpack_from(self.frames, self.position + MESSAGE_HEADER_ORIGIN_TIMESTAMP_AT)[0]

    @property
    def checksum(self) -> int:
        return _U64.unpack_from(self.frames, self.position + MESSAGE_HEADER_CHECKSUM_AT)[0]

    @property
    def _headers_bytes(self) -> BytesLike:
        view = self.frames
        position = self.position
        headers_size, payload_size = _U32_PAIR.unpack_from(view, position + MESSAGE_HEADER_USER_HEADERS_LENGTH_AT)
        if not headers_size:
            return b""
        start = position + MESSAGE_HEADER_SIZE + payload_size
        return view[start : start + headers_size]

    user_headers_bytes = _headers_bytes

    @property
    def user_headers(self) -> UserHeaders:
        raw = self._headers_bytes
        return decode_user_headers(raw) if raw else {}

    headers = user_headers
    # Message's behaviour, which reads only the fields above.
    payload_bytes = Message.payload_bytes
    frame_size = Message.frame_size
    encode_frame = Message.encode_frame
    _key = Message._key
    __eq__ = Message.__eq__
    __repr__ = Message.__repr__
    __hash__ = None  # type: ignore[assignment]

    def __ne__(self, other: object) -> bool:
        # Defined explicitly: the inherited tuple.__ne__ would compare the tuple fields.
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def to_message(self) -> Message:
        """A plain, self-contained `Message` (payload and headers copied out of the buffer)."""
        return Message(
            bytes(self.payload), id=self.id, user_headers_bytes=bytes(self._headers_bytes), offset=self.offset,
            timestamp_us=self.timestamp_us, origin_timestamp_us=self.origin_timestamp_us, checksum=self.checksum,
        )


Message.register(PolledMessage)


def _as_byte_view(buf: BytesLike) -> memoryview:
    view = buf if isinstance(buf, memoryview) else memoryview(buf)
    if view.format != "B" or view.ndim != 1:
        view = view.cast("B")
    return view


class _FrameTable(NamedTuple):
    """Where each frame's parts are in the frames buffer (see `_uniform_frames` and `_walked_table`)."""

    positions: Sequence[int]
    offsets: Sequence[int]  # a `range` when consecutive
    payload_slices: Sequence[slice]


# A batch of equal-size frames has the same frame positions and payload slices as every other batch of its
# shape (frame size, payload size, count): made once (a slice object costs about as much to make as the view it
# cuts) and kept for the last few shapes. Bounded: 4 shapes of at most 10,000 frames (~2 MB each at most).
_LAYOUT_CACHE_SHAPES = 4
_LAYOUT_CACHE_MAX_FRAMES = 10_000


@lru_cache(maxsize=_LAYOUT_CACHE_SHAPES)
def _cached_layout(frame_size: int, payload_size: int, count: int) -> tuple[list[int], list[slice]]:
    return _layout(frame_size, payload_size, count)


def _layout(frame_size: int, payload_size: int, count: int) -> tuple[list[int], list[slice]]:
    end = frame_size * count
    first_payload_end = MESSAGE_HEADER_SIZE + payload_size
    return list(range(0, end, frame_size)), list(
        map(slice, range(MESSAGE_HEADER_SIZE, end, frame_size), range(first_payload_end, end + 1, frame_size))
    )


def _uniform_frames(view: memoryview) -> _FrameTable | None:
    """The table of a batch whose frames all have the first frame's sizes and whose offsets count up by
    one, checked in C (`iter_unpack` over fixed-size records, compared with the expected records);
    None when the batch is not such a batch (the caller walks it frame by frame).

    Exact, not a guess: frame k is checked to start at k × frame size because frame k-1 was checked to
    have that size, so a record that matches is a real header.
    """
    end = len(view)
    if end < MESSAGE_HEADER_SIZE:
        return None
    first_offset, headers_size, payload_size, reserved = _WALK.unpack_from(view, MESSAGE_HEADER_OFFSET_AT)
    frame_size = MESSAGE_HEADER_SIZE + payload_size + headers_size
    count, rest = divmod(end, frame_size)
    if rest or reserved:
        return None
    if not _BIG_ENDIAN and frame_size % _WORD_BYTES == 0:
        # Frames a whole number of u64 words long: each field is a strided view of the buffer as u64 words,
        # compared in C with the expected words (no Python object per frame at all).
        words = view.cast("Q")
        stride = frame_size // _WORD_BYTES
        valid = (
            words[_OFFSET_WORD::stride] == array("Q", range(first_offset, first_offset + count))
            and words[_LENGTHS_WORD::stride] == array("Q", (headers_size | payload_size << 32,)) * count
            and words[_RESERVED_WORD::stride] == array("Q", bytes(_WORD_BYTES * count))
        )
    else:
        record = struct.Struct(f"<{MESSAGE_HEADER_OFFSET_AT}x{_WALK.format[1:]}{payload_size + headers_size}x")
        expected = zip(range(first_offset, first_offset + count), repeat(headers_size), repeat(payload_size), repeat(0))
        valid = all(map(eq, record.iter_unpack(view), expected))
    if not valid:
        return None
    layout = _cached_layout if count <= _LAYOUT_CACHE_MAX_FRAMES else _layout
    positions, payload_slices = layout(frame_size, payload_size, count)
    return _FrameTable(positions, range(first_offset, first_offset + count), payload_slices)


def _walk_frames(view: memoryview) -> tuple[list[int], list[int], list[int]]:
    """Any batch: every frame's position, one `unpack_from` per frame, sizes from each header until the buffer
    ends. The reserved field must be 0 (4101, as the official client checks) and the last frame must be whole.
    Returns the positions, offsets and payload ends; the payload slices are made in C when asked for
    (`_walked_table`)."""
    end = len(view)
    last_header_start = end - MESSAGE_HEADER_SIZE
    positions: list[int] = []
    offsets: list[int] = []
    payload_ends: list[int] = []
    append_position = positions.append
    append_offset = offsets.append
    append_payload_end = payload_ends.append
    unpack = _WALK.unpack_from
    header_size = MESSAGE_HEADER_SIZE
    offset_at = MESSAGE_HEADER_OFFSET_AT
    position = 0
    # Every frame advances at least 64 bytes, which bounds the loop by the buffer size.
    while position < end:
        if position > last_header_start:
            raise truncated("message header", MESSAGE_HEADER_SIZE, end - position)
        offset, headers_size, payload_size, reserved = unpack(view, position + offset_at)
        if reserved:
            raise ProtocolError(
                ErrorCode.INVALID_RESERVED_FIELD, f"invalid reserved field value: {reserved}, expected: 0"
            )
        append_position(position)
        append_offset(offset)
        position += header_size + payload_size
        append_payload_end(position)
        position += headers_size
    if position > end:
        last = positions[-1]
        raise truncated("message frame", position - last, end - last)
    return positions, offsets, payload_ends


def _walked_table(positions: list[int], offsets: list[int], payload_ends: list[int]) -> _FrameTable:
    """The payload slices of walked frames, by C code only."""
    payload_starts = map(add, positions, repeat(MESSAGE_HEADER_SIZE))
    return _FrameTable(positions, offsets, list(map(slice, payload_starts, payload_ends)))


class MessageColumns(NamedTuple):
    """The fields of a `MessageBatch` as parallel lists (see `MessageBatch.columns`)."""

    ids: list[int]
    offsets: list[int]
    timestamps_us: list[int]
    payloads: list[memoryview]
    user_headers: list[memoryview]


class MessageBatch(Sequence[Message]):
    """The messages of one frames buffer (a poll response), validated up front, made on access.

    A read-only sequence of `PolledMessage`: `len()`, indexing (a slice gives a list), iteration,
    `==` against any list/tuple of messages. Constructing it checks every frame header once: in C for
    the usual batch of equal-size frames with consecutive offsets (`_uniform_frames`), else one unpack per
    frame keeping only the positions (`_walk_frames`). A message is made when indexed or iterated, by C
    code only (maps over the frame table, itself made in C on first use), so reading every message runs
    no Python code per message but the caller's own; `offsets` and `payloads()` give the columns without
    any message object.
    """

    __slots__ = ("_view", "_positions", "_walked", "_table")

    def __init__(self, frames: BytesLike) -> None:
        view = _as_byte_view(frames)
        self._view = view
        table = _uniform_frames(view)
        self._table: _FrameTable | None = table
        if table is None:
            self._walked = _walk_frames(view)
            self._positions = self._walked[0]
        else:
            self._positions = table.positions

    def _frame_table(self) -> _FrameTable:
        table = self._table
        if table is None:
            table = self._table = _walked_table(*self._walked)
        return table

    @property
    def buffer(self) -> memoryview:
        """The frames exactly as received."""
        return self._view

    @property
    def offsets(self) -> Sequence[int]:
        """Every message's offset, in order (a `range` when they are consecutive)."""
        return self._frame_table().offsets

    def payloads(self) -> Iterator[memoryview]:
        """Every message's payload, in order: memoryview slices of the response buffer (no copy)."""
        return map(self._view.__getitem__, self._frame_table().payload_slices)

    def __len__(self) -> int:
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> PolledMessage: ...

    @overload
    def __getitem__(self, index: slice) -> list[PolledMessage]: ...

    def __getitem__(self, index: int | slice) -> PolledMessage | list[PolledMessage]:
        if isinstance(index, slice):
            return list(self._messages(*(column[index] for column in self._frame_table())))
        view = self._view
        position = self._positions[index]
        offset, _, payload_size, _ = _WALK.unpack_from(view, position + MESSAGE_HEADER_OFFSET_AT)
        payload_start = position + MESSAGE_HEADER_SIZE
        return PolledMessage((offset, view[payload_start : payload_start + payload_size], view, position))

    def _messages(
        self, positions: Sequence[int], offsets: Sequence[int], payload_slices: Sequence[slice]
    ) -> Iterator[PolledMessage]:
        view = self._view
        payloads = map(view.__getitem__, payload_slices)
        return map(PolledMessage, zip(offsets, payloads, repeat(view), positions))

    def materialize(self) -> list[PolledMessage]:
        """Every message as a list."""
        return list(self._messages(*self._frame_table()))

    def columns(self) -> MessageColumns:
        """Every message's fields as parallel lists, without making message objects.

        For columnar consumers (Arrow, dataframes): payloads and raw user headers as zero-copy memoryviews
        of the response buffer; ids and timestamps from one `iter_unpack` pass over an equal-size batch,
        else one header unpack per frame.
        """
        view = self._view
        table = self._frame_table()
        getitem = view.__getitem__
        payload_slices = table.payload_slices
        payloads = list(map(getitem, payload_slices))
        # The user headers run from the payload's end to the next frame's start.
        frame_ends = chain(islice(table.positions, 1, None), (len(view),))
        user_headers = list(map(getitem, map(slice, map(attrgetter("stop"), payload_slices), frame_ends)))
        if isinstance(table.offsets, range) and table.offsets:
            frame_size = len(view) // len(table.offsets)
            record = struct.Struct(f"<{MESSAGE_HEADER_ID_AT}xQQ{_TIMESTAMP_GAP}xQ{frame_size - _ID_TS_END}x")
            id_lows, id_highs, timestamps_us = (list(field) for field in zip(*record.iter_unpack(view)))
            ids = id_lows if not any(id_highs) else list(map(_u128, id_lows, id_highs))
            return MessageColumns(ids, list(table.offsets), timestamps_us, payloads, user_headers)
        ids = []
        timestamps_us = []
        unpack = _ID_AND_TIMESTAMP.unpack_from
        for position in table.positions:
            id_low, id_high, timestamp_us = unpack(view, position + MESSAGE_HEADER_ID_AT)
            ids.append(id_low | (id_high << 64) if id_high else id_low)
            timestamps_us.append(timestamp_us)
        return MessageColumns(ids, list(table.offsets), timestamps_us, payloads, user_headers)

    def __iter__(self) -> Iterator[PolledMessage]:
        return self._messages(*self._frame_table())

    def __reversed__(self) -> Iterator[PolledMessage]:
        return self._messages(*(column[::-1] for column in self._frame_table()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MessageBatch):
            return self.materialize() == other.materialize()
        if isinstance(other, (list, tuple)):
            return self.materialize() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"MessageBatch({self.materialize()!r})"


def decode_frames(frames: BytesLike) -> list[Message]:
    """Decode frames using the sizes in each header (until the buffer ends); payloads are views."""
    return MessageBatch(frames).materialize()  # type: ignore[return-value]


def iter_frames(frames: BytesLike) -> Iterator[Message]:
    """Iterate decoded frames (see `decode_frames`)."""
    return iter(MessageBatch(frames))


@dataclass(frozen=True, slots=True)
class SendMessagesView:
    """Zero-copy server-side view of a SendMessages payload.

    `index` is the raw `messages_count × 16`-byte table and `frames` the raw frames section, both
    memoryviews into the received buffer; batch validation (count, index entries, frame sizes) is
    left to the caller (the server's native code), as is checksum computation.
    """

    stream_id: Identifier
    topic_id: Identifier
    partitioning: Partitioning
    messages_count: int
    index: memoryview
    frames: memoryview

    @classmethod
    def decode(cls, buf: BytesLike) -> Self:
        view = buf if isinstance(buf, memoryview) else memoryview(buf)
        reader = Reader(view)
        metadata_length = reader.u32("metadata_length")
        metadata_end = 4 + metadata_length
        if metadata_end > len(view):
            raise invalid_command(f"metadata_length {metadata_length} exceeds the payload")
        metadata = Reader(view, 4, metadata_end)
        stream_id = Identifier.read(metadata, "stream_id")
        topic_id = Identifier.read(metadata, "topic_id")
        partitioning = Partitioning.read(metadata)
        messages_count = metadata.u32("messages_count")
        index_end = metadata_end + INDEX_ENTRY_SIZE * messages_count
        if index_end > len(view):
            raise truncated("index table", INDEX_ENTRY_SIZE * messages_count, len(view) - metadata_end)
        return cls(
            stream_id=stream_id,
            topic_id=topic_id,
            partitioning=partitioning,
            messages_count=messages_count,
            index=view[metadata_end:index_end],
            frames=view[index_end:],
        )

    def messages(self) -> list[Message]:
        """Slow path (tests, tools): decode every frame; a frame count other than `messages_count` (a payload cut
        at a frame boundary) is refused with the code the server answers, 4033 MissingIndex."""
        messages = decode_frames(self.frames)
        if len(messages) != self.messages_count:
            raise ProtocolError(
                ErrorCode.MISSING_INDEX, f"messages_count is {self.messages_count}, the frames hold {len(messages)}"
            )
        return messages


def encode_poll_response_prefix(partition_id: int, current_offset: int, count: int) -> bytes:
    """The mandatory 16-byte PollMessages response prefix; frames follow it unchanged."""
    return _POLL_PREFIX.pack(partition_id, current_offset, count)


@dataclass(frozen=True, slots=True)
class PolledMessages:
    """PollMessages response: the partition read, its last offset and the messages.

    Decoded `messages` is a `MessageBatch` over the response buffer (a read-only sequence of
    `PolledMessage`); a `PolledMessages` built by hand may hold any sequence of `Message`. A 0.9 answer carries
    `batches` instead (and no `messages`).
    """

    partition_id: int
    current_offset: int
    messages_count: int  # as the server states it; decoders read frames until the body ends
    messages: Sequence[Message] = ()
    batches: Sequence[Batch] = field(default=(), kw_only=True)

    @classmethod
    def decode(cls, buf: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_8) -> Self:
        """Frames (0.9: batches) are decoded until the buffer ends (like the official clients, not by
        `messages_count`). A 0.9 answer's `messages` is a `BatchMessages` view (the hot path); its `batches`
        are decoded by the exact codec when first read."""
        view = _as_byte_view(buf)
        if len(view) < POLL_RESPONSE_PREFIX_SIZE:
            raise truncated("poll response prefix", POLL_RESPONSE_PREFIX_SIZE, len(view))
        partition_id, current_offset, count = _POLL_PREFIX.unpack_from(view, 0)
        if version >= ProtocolVersion.V0_9:
            messages = BatchMessages(view[POLL_RESPONSE_PREFIX_SIZE:])
            return cls(partition_id, current_offset, count, messages, batches=_DecodedLater(messages.batches))
        return cls(partition_id, current_offset, count, MessageBatch(view[POLL_RESPONSE_PREFIX_SIZE:]))

    def encode(self, version: ProtocolVersion = ProtocolVersion.V0_8) -> bytes:
        prefix = encode_poll_response_prefix(self.partition_id, self.current_offset, self.messages_count)
        if version >= ProtocolVersion.V0_9:
            return prefix + b"".join(batch.encode() for batch in self.batches)
        return prefix + encode_frames(self.messages)


class _DecodedLater(Sequence[Batch]):
    """A tuple of batches decoded on first use (the exact codec is slow; the hot path reads `messages`)."""

    __slots__ = ("_decode", "_items")

    def __init__(self, decode: Any) -> None:
        self._decode = decode
        self._items: tuple[Batch, ...] | None = None

    def _all(self) -> tuple[Batch, ...]:
        if self._items is None:
            self._items = tuple(self._decode())
        return self._items

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Iterator[Batch]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, list, _DecodedLater)):
            return self._all() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._all())


def decode_send_messages(buf: BytesLike) -> tuple[Identifier, Identifier, Partitioning, list[Message]]:
    """Full (slow-path) decode of a SendMessages payload."""
    view = SendMessagesView.decode(buf)
    return view.stream_id, view.topic_id, view.partitioning, view.messages()


# ============================================================================================
# Iggy 0.9: the hot paths of message batches (the exact, slow codec is `batches.py`)
#
# A 0.9 SendMessages body ends with one batch: a 256-byte header and, per message, a 48-byte frame header, the
# payload and the user headers. Every frame carries XXH3-64 of its bytes 8.. (header rest, payload, headers); the
# batch header carries XXH3-64 of its first 40 bytes, its message_count and every frame checksum. A 0.9 poll answer
# is the 16-byte prefix and zero or more such batches (records), stamped by the server.

_BATCH_HEADER = struct.Struct(BATCH_HEADER_STRUCT_FORMAT)
_FRAME_HEADER = struct.Struct(FRAME_HEADER_STRUCT_FORMAT)
_FRAME_HEADER_SIZE = FRAME_HEADER_SIZE
_TIMESTAMP_DELTA_MAX = (1 << 32) - 1  # tidy: allow-value (a u32 field's range bound)
# UUIDv4 bits, applied to random bytes by `bytes.translate` (no Python code per id): byte 6 holds the version
# nibble 4, byte 8 the RFC 4122 variant bits 10.
_UUID_VERSION_TABLE = bytes((b & 0x0F) | 0x40 for b in range(256))
_UUID_VARIANT_TABLE = bytes((b & 0x3F) | 0x80 for b in range(256))
_UUID_BYTES = 16
_UUID_VERSION_BYTE = 6
_UUID_VARIANT_BYTE = 8
# The batch checksum covers the header up to its own field, then message_count (see batches.py).
_CHECKSUMMED_PREFIX_BYTES = BATCH_HEADER_BATCH_CHECKSUM_AT


def _random_message_ids(count: int) -> tuple[list[int], list[int]]:
    """`count` random UUIDv4 ids as (low u64s, high u64s), the bytes of each UUID being the u128 on the wire (as
    the official 0.9 clients make them: `Uuid::new_v4().to_u128_le()`)."""
    raw = bytearray(os.urandom(_UUID_BYTES * count))
    raw[_UUID_VERSION_BYTE::_UUID_BYTES] = raw[_UUID_VERSION_BYTE::_UUID_BYTES].translate(_UUID_VERSION_TABLE)
    raw[_UUID_VARIANT_BYTE::_UUID_BYTES] = raw[_UUID_VARIANT_BYTE::_UUID_BYTES].translate(_UUID_VARIANT_TABLE)
    words = array("Q", raw)
    if _BIG_ENDIAN:
        words.byteswap()  # pragma: no cover - little-endian hosts
    return words[0::2].tolist(), words[1::2].tolist()


def now_us() -> int:
    return time.time_ns() // 1000


def encode_send_batch_parts(
    stream_id: IdentifierLike,
    topic_id: IdentifierLike,
    partitioning: Partitioning,
    messages: Sequence[Message],
) -> list[BytesLike]:
    """A 0.9 SendMessages body as two buffers: `metadata_length | stream | topic | partitioning | messages_count |
    batch header`, then the frames (one buffer: each frame's checksum covers its payload, so the payloads are
    copied once, into it). Message id 0 becomes a random UUIDv4 and origin timestamp 0 the send time, as the official
    0.9 clients do.

    No Python code runs per message: the columns are read with `map(attrgetter)`, the frame headers packed by
    `map(struct.pack)`, the frames joined by `bytearray.join`, their checksums computed by `map(xxh3)` over
    memoryview slices and written back by `map(pack_into)`.
    """
    count = len(messages)
    if not count:
        raise ProtocolError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    payloads = list(map(_PAYLOAD, messages))
    user_headers = list(map(_HEADERS_BYTES, messages))
    payload_sizes = list(map(len, payloads))
    headers_sizes = list(map(len, user_headers))
    if min(payload_sizes) < MESSAGE_PAYLOAD_MIN_BYTES or max(payload_sizes) > MAX_PAYLOAD_BYTES or (
            max(headers_sizes) > MAX_USER_HEADERS_BYTES):
        raise _send_error(next(m for m, p, h in zip(messages, payload_sizes, headers_sizes)
                               if not MESSAGE_PAYLOAD_MIN_BYTES <= p <= MAX_PAYLOAD_BYTES
                               or h > MAX_USER_HEADERS_BYTES))
    ids = list(map(_ID, messages))
    if any(ids):
        # Callers gave ids: keep them, fill the zeros (rare; a loop over the given ids only).
        random_lows, random_highs = _random_message_ids(count)
        id_lows = [i & _U64_MASK if i else low for i, low in zip(ids, random_lows)]
        id_highs = [i >> 64 if i else high for i, high in zip(ids, random_highs)]
    else:
        id_lows, id_highs = _random_message_ids(count)
    origins = list(map(_ORIGIN, messages))
    sent_at_us = now_us()
    if any(origins):
        stamped = [origin or sent_at_us for origin in origins]
        batch_origin = min(stamped)
        deltas: Any = [origin - batch_origin for origin in stamped]
        if max(deltas) > _TIMESTAMP_DELTA_MAX:
            raise ProtocolError(ErrorCode.INVALID_MESSAGE_TIMESTAMP_DELTA,
                                f"origin timestamps {max(deltas)} µs apart do not fit one batch")
    else:
        batch_origin, deltas = sent_at_us, repeat(0)
    frame_headers = map(_FRAME_HEADER.pack, repeat(0), id_lows, id_highs, range(count), deltas, headers_sizes,
                        payload_sizes)
    if any(headers_sizes):
        frames = bytearray().join(chain.from_iterable(zip(frame_headers, payloads, user_headers)))
        frame_ends = list(accumulate(map(add, map(add, payload_sizes, headers_sizes), repeat(_FRAME_HEADER_SIZE))))
    else:
        frames = bytearray().join(chain.from_iterable(zip(frame_headers, payloads)))
        frame_ends = list(accumulate(map(add, payload_sizes, repeat(_FRAME_HEADER_SIZE))))
    frame_starts = [0, *frame_ends[:-1]]
    view = memoryview(frames)
    checksums = list(map(xxh3_64_intdigest, map(view.__getitem__, map(slice, map(add, frame_starts, repeat(8)),
                                                                           frame_ends))))
    deque(map(_U64.pack_into, repeat(frames), frame_starts, checksums), maxlen=0)
    view.release()
    batch_length = BATCH_HEADER_SIZE + len(frames)
    unsealed = _BATCH_HEADER.pack(0, 0, 0, batch_origin, batch_length, 0, count)
    state = xxh3_64(unsealed[:_CHECKSUMMED_PREFIX_BYTES])
    state.update(unsealed[BATCH_HEADER_MESSAGE_COUNT_AT:BATCH_HEADER_MESSAGE_COUNT_AT + 4])
    packed_checksums = array("Q", checksums)
    if _BIG_ENDIAN:
        packed_checksums.byteswap()  # pragma: no cover - little-endian hosts
    state.update(packed_checksums)
    header = _BATCH_HEADER.pack(0, 0, 0, batch_origin, batch_length, state.intdigest(), count)
    metadata = Writer(ProtocolVersion.V0_9)
    Identifier.parse(stream_id).write(metadata)
    Identifier.parse(topic_id).write(metadata)
    partitioning.write(metadata)
    metadata.u32(count)
    metadata_bytes = metadata.buf
    return [b"".join((_U32.pack(len(metadata_bytes)), metadata_bytes, header)), frames]


_PAYLOAD = attrgetter("payload")
_HEADERS_BYTES = attrgetter("_headers_bytes")
_ID = attrgetter("id")
_ORIGIN = attrgetter("origin_timestamp_us")


class _RecordFields(NamedTuple):
    offset: int
    payload: memoryview
    buffer: memoryview  # the whole records buffer of the poll answer
    position: int  # where this message's frame starts in `buffer`
    record: int  # where its batch header starts in `buffer`


class PolledBatchMessage(tuple):
    """A message of a 0.9 poll answer: a read-only view of one frame of the answer's buffer, as `PolledMessage` is
    for 0.8 (a tuple made by C code only; `offset` and `payload` stored, the rest read when asked for). Its
    `timestamp_us` is its batch's base timestamp (0.9 stamps a batch, not a message) and its origin timestamp the
    batch's plus the frame's delta."""

    __slots__ = ()
    offset = _RecordFields.offset
    payload = _RecordFields.payload
    buffer = _RecordFields.buffer
    position = _RecordFields.position
    record = _RecordFields.record

    @property
    def id(self) -> int:
        low, high = _U128.unpack_from(self.buffer, self.position + FRAME_HEADER_ID_AT)
        return low | (high << 64) if high else low

    @property
    def timestamp_us(self) -> int:
        return _U64.unpack_from(self.buffer, self.record + BATCH_HEADER_BASE_TIMESTAMP_AT)[0]

    @property
    def origin_timestamp_us(self) -> int:
        base = _U64.unpack_from(self.buffer, self.record + BATCH_HEADER_ORIGIN_TIMESTAMP_AT)[0]
        return base + _U32.unpack_from(self.buffer, self.position + FRAME_HEADER_TIMESTAMP_DELTA_AT)[0]

    @property
    def checksum(self) -> int:
        return _U64.unpack_from(self.buffer, self.position + FRAME_HEADER_CHECKSUM_AT)[0]

    @property
    def _headers_bytes(self) -> BytesLike:
        view = self.buffer
        headers_size, payload_size = _U32_PAIR.unpack_from(view, self.position + FRAME_HEADER_USER_HEADERS_LENGTH_AT)
        if not headers_size:
            return b""
        start = self.position + _FRAME_HEADER_SIZE + payload_size
        return view[start : start + headers_size]

    user_headers_bytes = _headers_bytes
    user_headers = PolledMessage.user_headers
    headers = user_headers
    payload_bytes = Message.payload_bytes
    frame_size = Message.frame_size
    encode_frame = Message.encode_frame
    _key = Message._key
    __eq__ = Message.__eq__
    __ne__ = PolledMessage.__ne__
    __repr__ = Message.__repr__
    __hash__ = None  # type: ignore[assignment]
    to_message = PolledMessage.to_message


Message.register(PolledBatchMessage)
assert FRAME_HEADER_USER_HEADERS_LENGTH_AT + 4 == FRAME_HEADER_PAYLOAD_LENGTH_AT
assert FRAME_HEADER_PAYLOAD_LENGTH_AT + 4 == FRAME_HEADER_RESERVED_AT
_RECORD_RESERVED_BYTES = bytes(BATCH_HEADER_SIZE - BATCH_HEADER_RESERVED_AT)
# offset_delta u32 | timestamp_delta u32 | user_headers_length u32 | payload_length u32 | reserved u64: what a
# frame walk reads, from the offset delta on.
_FRAME_WALK = struct.Struct("<IIIIQ")
assert FRAME_HEADER_OFFSET_DELTA_AT + _FRAME_WALK.size == _FRAME_HEADER_SIZE
_WORD32 = 4
_OFFSET_DELTA_WORD, _HEADERS_LENGTH_WORD, _PAYLOAD_LENGTH_WORD, _RESERVED_WORD_A = (
    at // _WORD32 for at in (FRAME_HEADER_OFFSET_DELTA_AT, FRAME_HEADER_USER_HEADERS_LENGTH_AT,
                             FRAME_HEADER_PAYLOAD_LENGTH_AT, FRAME_HEADER_RESERVED_AT)
)


class _Record(NamedTuple):
    """One batch of a poll answer, checked: where it starts, its messages' positions, offsets and payload slices."""

    start: int
    base_timestamp_us: int
    positions: Sequence[int]
    offsets: Sequence[int]
    payload_slices: Sequence[slice]


def _read_records(view: memoryview) -> list[_Record]:
    """Every batch of a 0.9 poll answer (the bytes after its prefix), each checked as the official client checks it
    (header reserved bytes 0, frames filling batch_length exactly, frame reserved bytes 0); frames of equal size
    with consecutive offset deltas in C, others walked one `unpack_from` per frame."""
    records: list[_Record] = []
    end = len(view)
    position = 0
    # Every record advances at least 256 bytes, which bounds the loop by the buffer size.
    while position < end:
        if end - position < BATCH_HEADER_SIZE:
            raise truncated("batch header", BATCH_HEADER_SIZE, end - position)
        (_partition, base_offset, base_timestamp, _origin, batch_length, _checksum,
         count) = _BATCH_HEADER.unpack_from(view, position)
        if view[position + BATCH_HEADER_RESERVED_AT : position + BATCH_HEADER_SIZE] != _RECORD_RESERVED_BYTES:
            raise ProtocolError(ErrorCode.INVALID_FORMAT, "batch header reserved bytes are not zero")
        if batch_length < BATCH_HEADER_SIZE or batch_length > end - position:
            raise truncated("batch", batch_length, end - position)
        frames_start = position + BATCH_HEADER_SIZE
        frames_end = position + batch_length
        record = _uniform_record(view, frames_start, frames_end, base_offset, count) or _walk_record(
            view, frames_start, frames_end, base_offset, count)
        records.append(_Record(position, base_timestamp, *record))
        position = frames_end
    return records


def _uniform_record(view: memoryview, start: int, end: int, base_offset: int,
                    count: int) -> tuple[range, range, list[slice]] | None:
    """A record whose `count` frames all have the first one's sizes and consecutive offset deltas, checked in C
    (strided u32 views compared with expected arrays); None when it is not one (the caller walks it)."""
    if count == 0 or end - start < _FRAME_HEADER_SIZE:
        return None
    first_delta, _, headers_size, payload_size, reserved = _FRAME_WALK.unpack_from(
        view, start + FRAME_HEADER_OFFSET_DELTA_AT)
    frame_size = _FRAME_HEADER_SIZE + payload_size + headers_size
    if reserved or frame_size * count != end - start:
        return None
    frames = view[start:end]
    if not _BIG_ENDIAN and frame_size % _WORD32 == 0:
        words = frames.cast("I")
        stride = frame_size // _WORD32
        valid = (
            words[_OFFSET_DELTA_WORD::stride] == array("I", range(first_delta, first_delta + count))
            and words[_HEADERS_LENGTH_WORD::stride] == array("I", (headers_size,)) * count
            and words[_PAYLOAD_LENGTH_WORD::stride] == array("I", (payload_size,)) * count
            and words[_RESERVED_WORD_A::stride] == array("I", bytes(_WORD32 * count))
            and words[_RESERVED_WORD_A + 1::stride] == array("I", bytes(_WORD32 * count))
        )
    else:
        record = struct.Struct(f"<{FRAME_HEADER_OFFSET_DELTA_AT}xI4xIIQ{payload_size + headers_size}x")
        expected = zip(range(first_delta, first_delta + count), repeat(headers_size), repeat(payload_size), repeat(0))
        valid = all(map(eq, record.iter_unpack(frames), expected))
    if not valid:
        return None
    first = base_offset + first_delta
    slices = _cached_record_slices if count <= _LAYOUT_CACHE_MAX_FRAMES else _record_slices
    return range(start, end, frame_size), range(first, first + count), slices(start, end, frame_size, payload_size)


@lru_cache(maxsize=_LAYOUT_CACHE_SHAPES)
def _cached_record_slices(start: int, end: int, frame_size: int, payload_size: int) -> list[slice]:
    """The payload slices of an equal-size record of this shape, made once (see `_cached_layout`): a poll of a
    topic written in equal batches meets the same shape every time."""
    return _record_slices(start, end, frame_size, payload_size)


def _record_slices(start: int, end: int, frame_size: int, payload_size: int) -> list[slice]:
    payload_starts = start + _FRAME_HEADER_SIZE
    return list(map(slice, range(payload_starts, end, frame_size),
                    range(payload_starts + payload_size, end + 1, frame_size)))


def _walk_record(view: memoryview, start: int, end: int, base_offset: int,
                 count: int) -> tuple[list[int], list[int], list[slice]]:
    """Any record: one `unpack_from` per frame, sizes from each frame header; exactly `count` frames must fill it."""
    positions: list[int] = []
    offsets: list[int] = []
    payload_slices: list[slice] = []
    if count > (end - start) // _FRAME_HEADER_SIZE:
        raise ProtocolError(ErrorCode.INVALID_FORMAT, f"message_count {count} does not fit {end - start} bytes")
    unpack = _FRAME_WALK.unpack_from
    position = start
    for _ in range(count):  # bounded by the record's message_count, itself by the record's size
        if end - position < _FRAME_HEADER_SIZE:
            raise truncated("frame header", _FRAME_HEADER_SIZE, end - position)
        delta, _, headers_size, payload_size, reserved = unpack(view, position + FRAME_HEADER_OFFSET_DELTA_AT)
        if reserved:
            raise ProtocolError(ErrorCode.INVALID_RESERVED_FIELD,
                                f"invalid reserved field value: {reserved}, expected: 0")
        payload_start = position + _FRAME_HEADER_SIZE
        positions.append(position)
        offsets.append(base_offset + delta)
        payload_slices.append(slice(payload_start, payload_start + payload_size))
        position = payload_start + payload_size + headers_size
    if position != end:
        raise ProtocolError(ErrorCode.INVALID_FORMAT,
                            f"{count} frames do not fill the batch ({position - start} of {end - start} bytes)")
    return positions, offsets, payload_slices


class BatchMessages(Sequence[Message]):
    """The messages of a 0.9 poll answer (its batches), checked up front, made on access: the 0.9 counterpart of
    `MessageBatch`, with the same API (`len`, indexing, iteration, `offsets`, `payloads()`, `columns()`,
    `materialize()`). Messages are `PolledBatchMessage` views made by C code only."""

    __slots__ = ("_view", "_records", "_table")

    def __init__(self, records: BytesLike) -> None:
        view = _as_byte_view(records)
        self._view = view
        self._records = _read_records(view)
        self._table: tuple[Sequence[int], Sequence[int], Sequence[slice], Sequence[int]] | None = None

    def _frame_table(self) -> tuple[Sequence[int], Sequence[int], Sequence[slice], Sequence[int]]:
        """(positions, offsets, payload slices, record starts) of every message, in order."""
        table = self._table
        if table is None:
            records = self._records
            if len(records) == 1:
                record = records[0]
                table = (record.positions, record.offsets, record.payload_slices,
                         _Repeated(record.start, len(record.positions)))
            else:
                table = (
                    list(chain.from_iterable(r.positions for r in records)),
                    list(chain.from_iterable(r.offsets for r in records)),
                    list(chain.from_iterable(r.payload_slices for r in records)),
                    list(chain.from_iterable(repeat(r.start, len(r.positions)) for r in records)),
                )
            self._table = table
        return table

    @property
    def buffer(self) -> memoryview:
        return self._view

    @property
    def record_count(self) -> int:
        """How many batches the answer held."""
        return len(self._records)

    @property
    def offsets(self) -> Sequence[int]:
        return self._frame_table()[1]

    def payloads(self) -> Iterator[memoryview]:
        return map(self._view.__getitem__, self._frame_table()[2])

    def __len__(self) -> int:
        return sum(len(r.positions) for r in self._records)

    def _messages(self, positions: Sequence[int], offsets: Sequence[int], payload_slices: Sequence[slice],
                  record_starts: Sequence[int]) -> Iterator[PolledBatchMessage]:
        view = self._view
        payloads = map(view.__getitem__, payload_slices)
        return map(PolledBatchMessage, zip(offsets, payloads, repeat(view), positions, record_starts))

    @overload
    def __getitem__(self, index: int) -> PolledBatchMessage: ...

    @overload
    def __getitem__(self, index: slice) -> list[PolledBatchMessage]: ...

    def __getitem__(self, index: int | slice) -> PolledBatchMessage | list[PolledBatchMessage]:
        table = self._frame_table()
        if isinstance(index, slice):
            return list(self._messages(*(column[index] for column in table)))
        positions, offsets, payload_slices, record_starts = table
        return PolledBatchMessage((offsets[index], self._view[payload_slices[index]], self._view, positions[index],
                                   record_starts[index]))

    def __iter__(self) -> Iterator[PolledBatchMessage]:
        return self._messages(*self._frame_table())

    def __reversed__(self) -> Iterator[PolledBatchMessage]:
        return self._messages(*(column[::-1] for column in self._frame_table()))

    def materialize(self) -> list[PolledBatchMessage]:
        return list(self)

    def columns(self) -> MessageColumns:
        """Every message's fields as parallel lists, without message objects (see `MessageBatch.columns`); a
        message's timestamp is its batch's base timestamp."""
        view = self._view
        getitem = view.__getitem__
        positions, offsets, payload_slices, _ = self._frame_table()
        payloads = list(map(getitem, payload_slices))
        ids: list[int] = []
        timestamps_us: list[int] = []
        headers: list[memoryview] = []
        for record in self._records:  # per batch, not per message
            record_positions = record.positions
            if not record_positions:
                continue
            record_end = record.start + _U64.unpack_from(view, record.start + BATCH_HEADER_BATCH_LENGTH_AT)[0]
            frame_ends = chain(islice(record_positions, 1, None), (record_end,))
            headers += map(getitem, map(slice, map(attrgetter("stop"), record.payload_slices), frame_ends))
            timestamps_us += repeat(record.base_timestamp_us, len(record_positions))
            if isinstance(record_positions, range):
                frame_size = record_positions.step
                ids_record = struct.Struct(f"<{FRAME_HEADER_ID_AT}xQQ{frame_size - FRAME_HEADER_ID_AT - 16}x")
                lows, highs = zip(*ids_record.iter_unpack(view[record_positions.start:record_end]))
                ids += lows if not any(highs) else map(_u128, lows, highs)
            else:
                pairs = map(_U128.unpack_from, repeat(view), map(add, record_positions, repeat(FRAME_HEADER_ID_AT)))
                ids += (low | (high << 64) if high else low for low, high in pairs)
        return MessageColumns(ids, list(offsets), timestamps_us, payloads, headers)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (MessageBatch, BatchMessages)):
            return self.materialize() == other.materialize()
        if isinstance(other, (list, tuple)):
            return self.materialize() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def batches(self) -> tuple[Batch, ...]:
        """The answer's batches through the exact codec (`batches.Batch`, a dataclass per frame: slow)."""
        reader = Reader(self._view, version=ProtocolVersion.V0_9)
        return read_to_end(reader, Batch.read)

    def __repr__(self) -> str:
        return f"BatchMessages({self.materialize()!r})"


class _Repeated(Sequence[int]):
    """`value` `count` times (the record start of every message of a one-batch answer), without a list."""

    __slots__ = ("value", "count")

    def __init__(self, value: int, count: int) -> None:
        self.value = value
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.value] * len(range(self.count)[index])
        range(self.count)[index]  # IndexError when out of range
        return self.value

    def __iter__(self) -> Iterator[int]:
        return repeat(self.value, self.count)
