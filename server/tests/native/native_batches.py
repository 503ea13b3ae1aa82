"""Builds SendMessages batches the way the server receives them (index table + frames in one bytearray).

Written from the reference (§4.1, §4.4), independently of the native code under test.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

HEADER = struct.Struct("<Q16sQQQIIQ")  # checksum, id, offset, timestamp, origin_ts, headers_len, payload_len, reserved
INDEX_ENTRY = struct.Struct("<IIQ")
HEADER_SIZE = 64


def frame(
    payload: bytes,
    *,
    user_headers: bytes = b"",
    message_id: int = 0,
    origin_timestamp_us: int = 0,
    checksum: int = 0,
    offset: int = 0,
    timestamp_us: int = 0,
    reserved: int = 0,
    payload_length: int | None = None,
    user_headers_length: int | None = None,
) -> bytes:
    header = HEADER.pack(
        checksum,
        message_id.to_bytes(16, "little"),
        offset,
        timestamp_us,
        origin_timestamp_us,
        len(user_headers) if user_headers_length is None else user_headers_length,
        len(payload) if payload_length is None else payload_length,
        reserved,
    )
    return header + payload + user_headers


@dataclass
class Batch:
    """One received request body: ``buffer`` holds the index table then the frames."""

    buffer: bytearray
    messages_count: int

    @property
    def index(self) -> memoryview:
        return memoryview(self.buffer)[: 16 * self.messages_count]

    @property
    def frames(self) -> memoryview:
        return memoryview(self.buffer)[16 * self.messages_count :]


def batch(frames: list[bytes], *, index_entries: list[tuple[int, int, int]] | None = None) -> Batch:
    """Index entries default to the client's: ``0 | cumulative end | 0``."""
    if index_entries is None:
        ends, total = [], 0
        for one in frames:
            total += len(one)
            ends.append(total)
        index_entries = [(0, end, 0) for end in ends]
    index = b"".join(INDEX_ENTRY.pack(*entry) for entry in index_entries)
    return Batch(bytearray(index + b"".join(frames)), len(index_entries))


def simple_batch(count: int, payload_size_bytes: int = 10, *, tag: bytes = b"m") -> Batch:
    return batch([frame((tag + str(i).encode()).ljust(payload_size_bytes, b".")) for i in range(count)])


def parse_frames(data: bytes) -> list[dict]:
    """Decode stored frames (header fields + payload + user headers)."""
    messages, position = [], 0
    while position < len(data):
        checksum, raw_id, offset, timestamp, origin, headers_len, payload_len, reserved = HEADER.unpack_from(
            data, position
        )
        payload_at = position + HEADER_SIZE
        end = payload_at + payload_len + headers_len
        messages.append(
            {
                "checksum": checksum,
                "id": raw_id,
                "offset": offset,
                "timestamp": timestamp,
                "origin_timestamp": origin,
                "reserved": reserved,
                "payload": bytes(data[payload_at : payload_at + payload_len]),
                "user_headers": bytes(data[payload_at + payload_len : end]),
                "raw": bytes(data[position:end]),
            }
        )
        position = end
    assert position == len(data), "frames do not end on a message boundary"
    return messages


def identified_batch(number: int, count: int, payload_bytes: int) -> Batch:
    """``count`` messages of ``payload_bytes`` with client-chosen ids (id 0 would get a random one), so two
    runs of the same batches store the same bytes."""
    frames = [
        frame((b"b%d-%d-" % (number, i)).ljust(payload_bytes, b"."), message_id=number * 1000 + i + 1)
        for i in range(count)
    ]
    return batch(frames)
