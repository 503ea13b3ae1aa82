"""Turn decoded protocol objects into plain JSON-able data (fixtures, debugging, CLI output).

Rules: dataclasses → dict of fields; Identifier → its int/str value; enums → int value; bytes →
`{"hex": ..., "text": ...}` (text only when the bytes are printable UTF-8); Message → dict of its
fields with user headers as `[{"key": ..., "value": ...}]`; HeaderValue → `{"kind": int, "value": ...}`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import IntEnum
from typing import Any

from .messages import Message, MessageBatch
from .primitives import HeaderValue, Identifier


def describe_bytes(data: bytes | bytearray | memoryview) -> dict[str, str]:
    raw = bytes(data)
    described = {"hex": raw.hex()}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return described
    if text.isprintable():
        described["text"] = text
    return described


def describe(value: Any) -> Any:
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, IntEnum):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Identifier):
        return value.value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return describe_bytes(value)
    if isinstance(value, HeaderValue):
        inner = value.value
        return {"kind": value.kind, "value": describe_bytes(inner) if isinstance(inner, bytes) else inner}
    if isinstance(value, Message):
        return {
            "id": value.id,
            "offset": value.offset,
            "timestamp_us": value.timestamp_us,
            "origin_timestamp_us": value.origin_timestamp_us,
            "checksum": value.checksum,
            "payload": describe_bytes(value.payload),
            "user_headers": [
                {"key": describe(key), "value": describe(item)} for key, item in value.user_headers.items()
            ],
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: describe(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): describe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, MessageBatch)):
        return [describe(item) for item in value]
    raise TypeError(f"cannot describe {type(value).__name__}")
