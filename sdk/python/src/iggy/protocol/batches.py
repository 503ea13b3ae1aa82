"""Iggy 0.9 message batches: the spec primitives `batch_header`, `frame_header`, `frame` and `message_batch`.

A 0.9 SendMessages body ends with one batch; a 0.9 PollMessages answer carries zero or more. A batch is a
256-byte header and `message_count` frames (48-byte header, payload, user headers). Checksums are XXH3-64
(seed 0): a frame's covers its bytes from 8 to its end; the batch's covers header bytes 0..40 and 48..52, then
every frame's checksum in order. The producer computes both with partition_id, base_offset and base_timestamp
0; the server stamps those and computes the batch checksum again.

This module is the slow, exact codec (tests, tools, small batches); the server converts batches natively.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Self

import xxhash

from .codes import BATCH_HEADER_SIZE, FRAME_HEADER_SIZE, ProtocolVersion
from .errors import invalid_command, invalid_format, truncated
from .layout import (
    BATCH_HEADER_MESSAGE_COUNT_AT,
    BATCH_HEADER_RESERVED_AT,
    BATCH_HEADER_STRUCT_FORMAT,
    FRAME_HEADER_RESERVED_AT,
    FRAME_HEADER_STRUCT_FORMAT,
)
from .primitives import BytesLike, Identifier, Partitioning, Reader, Writer

_BATCH_HEADER = struct.Struct(BATCH_HEADER_STRUCT_FORMAT)
_FRAME_HEADER = struct.Struct(FRAME_HEADER_STRUCT_FORMAT)
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_U64_MASK: Final = (1 << 64) - 1  # tidy: allow-value (splits a u128 id into two u64 halves; not a sentinel)
# The batch checksum covers the header up to batch_checksum, then message_count.
_CHECKSUMMED_PREFIX_BYTES: Final = 40
assert BATCH_HEADER_SIZE == _BATCH_HEADER.size and FRAME_HEADER_SIZE == _FRAME_HEADER.size


@dataclass(frozen=True, slots=True)
class Frame:
    """One message of a 0.9 batch. `user_headers` is the raw TLV block (see primitives.decode_user_headers)."""

    checksum: int
    id: int
    offset_delta: int
    timestamp_delta: int
    payload: bytes
    user_headers: bytes = b""

    @property
    def timestamp_delta_us(self) -> int:
        return self.timestamp_delta

    @property
    def size(self) -> int:
        return FRAME_HEADER_SIZE + len(self.payload) + len(self.user_headers)

    def encode(self) -> bytes:
        return _frame_bytes(self.checksum, self.id, self.offset_delta, self.timestamp_delta, self.payload,
                            self.user_headers)

    def with_checksum(self) -> Frame:
        """This frame with its checksum computed (what a producer sends)."""
        body = self.encode()[8:]
        return Frame(xxhash.xxh3_64_intdigest(body), self.id, self.offset_delta, self.timestamp_delta, self.payload,
                     self.user_headers)

    def checksum_valid(self) -> bool:
        return xxhash.xxh3_64_intdigest(self.encode()[8:]) == self.checksum


def _frame_bytes(checksum: int, message_id: int, offset_delta: int, timestamp_delta: int, payload: BytesLike,
                 user_headers: BytesLike) -> bytes:
    header = _FRAME_HEADER.pack(checksum, message_id & _U64_MASK, message_id >> 64, offset_delta, timestamp_delta,
                                len(user_headers), len(payload))
    return header + bytes(payload) + bytes(user_headers)


@dataclass(frozen=True, slots=True)
class Batch:
    """A 0.9 message batch; `batch_length` and `message_count` are derived from `frames`."""

    partition_id: int
    base_offset: int
    base_timestamp: int
    origin_timestamp: int
    batch_checksum: int
    frames: tuple[Frame, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.frames, tuple):
            object.__setattr__(self, "frames", tuple(self.frames))

    @property
    def base_timestamp_us(self) -> int:
        return self.base_timestamp

    @property
    def origin_timestamp_us(self) -> int:
        return self.origin_timestamp

    @property
    def message_count(self) -> int:
        return len(self.frames)

    @property
    def batch_length(self) -> int:
        return BATCH_HEADER_SIZE + sum(frame.size for frame in self.frames)

    def header(self) -> bytes:
        return _BATCH_HEADER.pack(self.partition_id, self.base_offset, self.base_timestamp, self.origin_timestamp,
                                  self.batch_length, self.batch_checksum, len(self.frames))

    def encode(self, version: ProtocolVersion = ProtocolVersion.V0_9) -> bytes:
        return self.header() + b"".join(frame.encode() for frame in self.frames)

    def write(self, writer: Writer) -> None:
        writer.raw(self.encode())

    def computed_checksum(self) -> int:
        """The batch checksum of this batch's header and frame checksums (see the module docstring)."""
        return batch_checksum(self.header(), (frame.checksum for frame in self.frames))

    def with_checksums(self) -> Batch:
        """This batch with every frame checksum and the batch checksum computed (what a producer sends)."""
        frames = tuple(frame.with_checksum() for frame in self.frames)
        unsealed = Batch(self.partition_id, self.base_offset, self.base_timestamp, self.origin_timestamp, 0, frames)
        return Batch(self.partition_id, self.base_offset, self.base_timestamp, self.origin_timestamp,
                     unsealed.computed_checksum(), frames)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        view = reader.view(BATCH_HEADER_SIZE, "batch header")
        (partition_id, base_offset, base_timestamp, origin_timestamp, batch_length, checksum,
         message_count) = _BATCH_HEADER.unpack_from(view)
        if any(view[BATCH_HEADER_RESERVED_AT:]):
            raise invalid_format("batch header reserved bytes are not zero")
        if batch_length < BATCH_HEADER_SIZE:
            raise invalid_format(f"batch_length {batch_length} is below the {BATCH_HEADER_SIZE}-byte header")
        body_bytes = batch_length - BATCH_HEADER_SIZE
        if body_bytes > reader.remaining:
            raise truncated("batch frames", body_bytes, reader.remaining)
        body = Reader(reader.view(body_bytes, "batch frames"), version=reader.version)
        if message_count > body.remaining // FRAME_HEADER_SIZE:
            raise invalid_format(f"message_count {message_count} does not fit {body_bytes} bytes of frames")
        frames = tuple(_read_frame(body) for _ in range(message_count))
        if body.remaining:
            raise invalid_format(f"batch_length leaves {body.remaining} bytes after {message_count} frames")
        return cls(partition_id, base_offset, base_timestamp, origin_timestamp, checksum, frames)

    @classmethod
    def decode(cls, buf: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_9) -> Self:
        return cls.read(Reader(buf, version=version))


def _read_frame(reader: Reader) -> Frame:
    view = reader.view(FRAME_HEADER_SIZE, "frame header")
    checksum, id_low, id_high, offset_delta, timestamp_delta, headers_length, payload_length = (
        _FRAME_HEADER.unpack_from(view))
    if any(view[FRAME_HEADER_RESERVED_AT:]):
        raise invalid_format("frame header reserved bytes are not zero")
    payload = reader.raw(payload_length, "payload")
    user_headers = reader.raw(headers_length, "user headers")
    return Frame(checksum, id_low | (id_high << 64), offset_delta, timestamp_delta, payload, user_headers)


def batch_checksum(header: BytesLike, frame_checksums: Iterable[int]) -> int:
    """XXH3-64 of header bytes 0..40 and 48..52, then each frame checksum (u64 LE), in order."""
    state = xxhash.xxh3_64()
    header_view = memoryview(header)
    state.update(header_view[:_CHECKSUMMED_PREFIX_BYTES])
    state.update(header_view[BATCH_HEADER_MESSAGE_COUNT_AT:BATCH_HEADER_MESSAGE_COUNT_AT + 4])
    for checksum in frame_checksums:
        state.update(_U64.pack(checksum))
    return state.intdigest()


def encode_send_batch(stream_id: Identifier, topic_id: Identifier, partitioning: Partitioning, batch: Batch) -> bytes:
    """A 0.9 SendMessages body: `metadata_length | stream | topic | partitioning | messages_count | batch`."""
    metadata = Writer(ProtocolVersion.V0_9)
    stream_id.write(metadata)
    topic_id.write(metadata)
    partitioning.write(metadata)
    metadata.u32(batch.message_count)
    data = metadata.bytes()
    return _U32.pack(len(data)) + data + batch.encode()


def read_send_batch(buf: BytesLike) -> tuple[Identifier, Identifier, Partitioning, Batch]:
    """Decode a 0.9 SendMessages body; the batch must fill the rest of it and hold `messages_count` messages."""
    reader = Reader(buf, version=ProtocolVersion.V0_9)
    metadata_length = reader.u32("metadata_length")
    if metadata_length > reader.remaining:
        raise invalid_command(f"metadata_length {metadata_length} exceeds the payload")
    metadata = Reader(reader.view(metadata_length, "metadata"), version=ProtocolVersion.V0_9)
    stream_id = Identifier.read(metadata, "stream_id")
    topic_id = Identifier.read(metadata, "topic_id")
    partitioning = Partitioning.read(metadata)
    messages_count = metadata.u32("messages_count")
    if metadata.remaining:
        raise invalid_format(f"metadata_length leaves {metadata.remaining} bytes unread")
    batch = Batch.read(reader)
    if reader.remaining:
        raise invalid_format(f"{reader.remaining} bytes after the batch")
    if batch.message_count != messages_count:
        raise invalid_format(f"messages_count is {messages_count}, the batch holds {batch.message_count}")
    return stream_id, topic_id, partitioning, batch


def frames_of(batches: Sequence[Batch]) -> list[tuple[int, Frame]]:
    """(offset, frame) of every message of `batches`, in order."""
    return [(batch.base_offset + frame.offset_delta, frame) for batch in batches for frame in batch.frames]

