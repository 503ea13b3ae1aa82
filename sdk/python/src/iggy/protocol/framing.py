"""Request and response frame headers (reference §2.1, §2.2)."""

from __future__ import annotations

import struct

from .codes import MAX_REQUEST_PAYLOAD_BYTES, REQUEST_HEADER_SIZE, RESPONSE_HEADER_SIZE, ErrorCode
from .errors import ProtocolError, truncated

# 0.8 servers refuse any non-SendMessages payload above this size (answer 3 without reading it).
MAX_NON_SEND_PAYLOAD_BYTES = MAX_REQUEST_PAYLOAD_BYTES

__all__ = [
    "MAX_NON_SEND_PAYLOAD_BYTES",
    "REQUEST_HEADER_SIZE",
    "RESPONSE_HEADER_SIZE",
    "decode_request_header",
    "decode_response_header",
    "encode_request",
    "encode_request_header",
    "encode_response",
    "encode_response_header",
]

_HEADER = struct.Struct("<II")

BytesLike = bytes | bytearray | memoryview


def encode_request(code: int, payload: BytesLike = b"") -> bytes:
    """Build a full request frame: `length u32 | code u32 | payload`, length = 4 + len(payload)."""
    return _HEADER.pack(4 + len(payload), code) + bytes(payload)


def encode_request_header(code: int, payload_size: int) -> bytes:
    """Only the 8-byte header, for writers that send the payload separately (no copy)."""
    return _HEADER.pack(4 + payload_size, code)


def encode_response(status: int, payload: BytesLike = b"") -> bytes:
    """Build a full response frame. Errors never carry a body; a 1-byte body is never valid."""
    if status != 0:
        return _HEADER.pack(status, 0)
    if len(payload) == 1:
        raise ValueError("a 1-byte OK response body is ignored by Iggy clients; refusing to encode it")
    return _HEADER.pack(0, len(payload)) + bytes(payload)


def encode_response_header(status: int, payload_size: int) -> bytes:
    """Only the 8-byte header (status 0 + length) for writers that send the payload separately."""
    return _HEADER.pack(status, 0 if status != 0 else payload_size)


def decode_request_header(buf: BytesLike) -> tuple[int, int]:
    """Return `(length, code)`; `length` counts the code plus the payload (payload = length - 4)."""
    if len(buf) < REQUEST_HEADER_SIZE:
        raise truncated("request header", REQUEST_HEADER_SIZE, len(buf))
    length, code = _HEADER.unpack_from(buf, 0)
    if length < 4:
        raise ProtocolError(ErrorCode.INVALID_COMMAND, f"request length {length} is below 4")
    return length, code


def decode_response_header(buf: BytesLike) -> tuple[int, int]:
    """Return `(status, length)`; `length` is the payload size."""
    if len(buf) < RESPONSE_HEADER_SIZE:
        raise truncated("response header", RESPONSE_HEADER_SIZE, len(buf))
    status, length = _HEADER.unpack_from(buf, 0)
    return status, length
