"""Message frames, SendMessages batches and PollMessages responses (reference §4).

Hot-path rules: building a batch allocates one bytearray and fills it with `struct.pack_into`;
the server-side `SendMessagesView` does no per-message work at all; `PolledMessages.decode` parses
each 64-byte header with one `unpack_from` and hands out payloads as memoryview slices of the
received buffer (no copy).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from .codes import (
    INDEX_ENTRY_SIZE,
    MESSAGE_HEADER_SIZE,
    MESSAGE_PAYLOAD_MAX_BYTES,
    POLL_RESPONSE_PREFIX_SIZE,
    USER_HEADERS_MAX_BYTES,
    ErrorCode,
)
from .errors import ProtocolError, invalid_command, truncated
from .primitives import (
    BytesLike,
    Identifier,
    IdentifierLike,
    Partitioning,
    Reader,
    UserHeaders,
    Writer,
    decode_user_headers,
    encode_user_headers,
)

MAX_PAYLOAD_BYTES = MESSAGE_PAYLOAD_MAX_BYTES
MAX_USER_HEADERS_BYTES = USER_HEADERS_MAX_BYTES

# checksum u64 | id (low u64, high u64) | offset u64 | timestamp u64 | origin_timestamp u64 |
# user_headers_length u32 | payload_length u32 | reserved u64
MESSAGE_HEADER = struct.Struct("<QQQQQQIIQ")
_INDEX_ENTRY = struct.Struct("<IIQ")
_POLL_PREFIX = struct.Struct("<IQI")
_U32 = struct.Struct("<I")
_U64_MASK = (1 << 64) - 1


class Message:
    """One message. For sending, give `payload` (and optionally `id`, `user_headers`,
    `origin_timestamp_us`); the server fills offset, timestamp and checksum.

    Polled messages carry `payload` as a memoryview slice of the response buffer; call
    `bytes(message.payload)` to keep it beyond the buffer's life. `user_headers` is decoded lazily
    from the wire bytes (`user_headers_bytes`) on first access.
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
        offset: int = 0,
        timestamp_us: int = 0,
        origin_timestamp_us: int = 0,
        checksum: int = 0,
    ) -> None:
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
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


def _validate_for_send(message: Message) -> int:
    payload_size = len(message.payload)
    if payload_size == 0:
        raise ProtocolError(ErrorCode.EMPTY_MESSAGE_PAYLOAD, "message payload is empty")
    if payload_size > MAX_PAYLOAD_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG_MESSAGE_PAYLOAD, f"message payload is {payload_size} bytes")
    if len(message._headers_bytes) > MAX_USER_HEADERS_BYTES:
        raise ProtocolError(ErrorCode.TOO_BIG_USER_HEADERS, "user headers exceed 100000 bytes")
    return MESSAGE_HEADER_SIZE + payload_size + len(message._headers_bytes)


def encode_send_messages(
    stream_id: IdentifierLike,
    topic_id: IdentifierLike,
    partitioning: Partitioning,
    messages: Sequence[Message],
) -> bytes:
    """SendMessages payload: metadata + 16-byte index table + frames, built in one buffer."""
    if not messages:
        raise ProtocolError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    metadata = Writer()
    Identifier.parse(stream_id).write(metadata)
    Identifier.parse(topic_id).write(metadata)
    partitioning.write(metadata)
    metadata.u32(len(messages))
    metadata_bytes = metadata.buf

    sizes = [_validate_for_send(message) for message in messages]
    count = len(messages)
    index_start = 4 + len(metadata_bytes)
    frames_start = index_start + INDEX_ENTRY_SIZE * count
    out = bytearray(frames_start + sum(sizes))
    _U32.pack_into(out, 0, len(metadata_bytes))
    out[4:index_start] = metadata_bytes

    end_position = 0
    index_position = index_start
    for size in sizes:
        end_position += size
        _INDEX_ENTRY.pack_into(out, index_position, 0, end_position, 0)
        index_position += INDEX_ENTRY_SIZE

    position = frames_start
    for message in messages:
        position = _pack_frame(out, position, message)
    return bytes(out)


def encode_frames(messages: Sequence[Message]) -> bytes:
    """Frames packed back to back (as stored on disk and returned by a poll)."""
    out = bytearray(sum(message.frame_size for message in messages))
    position = 0
    for message in messages:
        position = _pack_frame(out, position, message)
    return bytes(out)


def decode_frames(frames: BytesLike) -> list[Message]:
    """Decode frames using the sizes in each header (until the buffer ends); payloads are views.

    One `unpack_from` per message and no per-byte work; this is the SDK's poll hot path.
    """
    view = frames if isinstance(frames, memoryview) else memoryview(frames)
    end = len(view)
    position = 0
    unpack = MESSAGE_HEADER.unpack_from
    new = Message.__new__
    messages: list[Message] = []
    append = messages.append
    # Every frame advances at least 64 bytes, which bounds the loop by the buffer size.
    while position < end:
        if position + MESSAGE_HEADER_SIZE > end:
            raise truncated("message header", MESSAGE_HEADER_SIZE, end - position)
        checksum, id_low, id_high, offset, timestamp, origin, headers_size, payload_size, reserved = unpack(
            view, position
        )
        if reserved:
            raise ProtocolError(
                ErrorCode.INVALID_RESERVED_FIELD, f"invalid reserved field value: {reserved}, expected: 0"
            )
        payload_start = position + MESSAGE_HEADER_SIZE
        headers_start = payload_start + payload_size
        frame_end = headers_start + headers_size
        if frame_end > end:
            raise truncated("message frame", frame_end - position, end - position)
        message = new(Message)
        message.payload = view[payload_start:headers_start]
        message.id = id_low | (id_high << 64) if id_high else id_low
        message.offset = offset
        message.timestamp_us = timestamp
        message.origin_timestamp_us = origin
        message.checksum = checksum
        message._headers = None
        message._headers_bytes = view[headers_start:frame_end] if headers_size else b""
        append(message)
        position = frame_end
    return messages


def iter_frames(frames: BytesLike) -> Iterator[Message]:
    """Iterate decoded frames (see `decode_frames`)."""
    return iter(decode_frames(frames))


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
        """Slow path (tests, tools): decode every frame."""
        return decode_frames(self.frames)


def encode_poll_response_prefix(partition_id: int, current_offset: int, count: int) -> bytes:
    """The mandatory 16-byte PollMessages response prefix; frames follow it unchanged."""
    return _POLL_PREFIX.pack(partition_id, current_offset, count)


@dataclass(frozen=True, slots=True)
class PolledMessages:
    """PollMessages response: the partition read, its last offset and the messages."""

    partition_id: int
    current_offset: int
    count: int
    messages: list[Message]

    @classmethod
    def decode(cls, buf: BytesLike) -> Self:
        """Frames are decoded until the buffer ends (like the official client, not by `count`)."""
        view = buf if isinstance(buf, memoryview) else memoryview(buf)
        if len(view) < POLL_RESPONSE_PREFIX_SIZE:
            raise truncated("poll response prefix", POLL_RESPONSE_PREFIX_SIZE, len(view))
        partition_id, current_offset, count = _POLL_PREFIX.unpack_from(view, 0)
        messages = decode_frames(view[POLL_RESPONSE_PREFIX_SIZE:])
        return cls(partition_id, current_offset, count, messages)

    def encode(self) -> bytes:
        return encode_poll_response_prefix(self.partition_id, self.current_offset, self.count) + encode_frames(
            self.messages
        )


def decode_send_messages(buf: BytesLike) -> tuple[Identifier, Identifier, Partitioning, list[Message]]:
    """Full (slow-path) decode of a SendMessages payload."""
    view = SendMessagesView.decode(buf)
    return view.stream_id, view.topic_id, view.partitioning, view.messages()
