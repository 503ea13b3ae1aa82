"""Turn decoded protocol objects into plain JSON-able data (fixtures, debugging, CLI output).

Rules: dataclasses → dict of fields; Identifier → its int/str value; enums → int value; bytes →
`{"hex": ..., "text": ...}` (text only when the bytes are printable UTF-8); Message → dict of its
fields with user headers as `[{"key": ..., "value": ...}]`; HeaderValue → `{"kind": int, "value": ...}`.
"""

from __future__ import annotations

import base64
import dataclasses
from collections.abc import Mapping
from enum import IntEnum
from typing import Any

from .batches import Batch, Frame
from .codes import ProtocolVersion
from .messages import Message, MessageBatch, PolledMessages
from .primitives import HeaderValue, Identifier, Partitioning, Permissions, StreamPermissions, iter_user_header_fields


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


def describe(value: Any, version: ProtocolVersion | None = None) -> Any:
    """`version` given: the fields that version lacks are left out of dataclasses."""
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
        versions = getattr(value, "FIELD_VERSIONS", {}) if version is not None else {}
        return {
            field.name: describe(getattr(value, field.name), version)
            for field in dataclasses.fields(value)
            if version is None or version in versions.get(field.name, (version,))
        }
    if isinstance(value, Mapping):
        return {str(key): describe(item, version) for key, item in value.items()}
    if isinstance(value, (list, tuple, MessageBatch)):
        return [describe(item, version) for item in value]
    raise TypeError(f"cannot describe {type(value).__name__}")


# --- the language-neutral value form (`fields` of protocol-spec fixtures) ------------------------------------


def to_fields(value: Any, version: ProtocolVersion = ProtocolVersion.V0_8) -> Any:
    """The value form of protocol-spec/README.md ("The `fields` of a fixture") of a decoded codec object in
    `version`: spec field names, derived fields and the fields that version lacks left out, bytes as base64,
    identifiers as their int/str value."""
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Identifier):
        return value.value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, Permissions):
        streams = [_stream_permissions_fields(stream_id, s) for stream_id, s in value.streams.items()]
        return {**to_fields(value.global_permissions, version), "streams": streams or None}
    if isinstance(value, Partitioning):
        return {"kind": int(value.kind), "value": to_fields(value.value)}
    if isinstance(value, Frame):
        return {
            "checksum": value.checksum,
            "id": value.id,
            "offset_delta": value.offset_delta,
            "timestamp_delta": value.timestamp_delta,
            "payload": to_fields(value.payload),
            "user_headers": _user_header_fields(value.user_headers),
        }
    if isinstance(value, Batch):
        return {
            "partition_id": value.partition_id,
            "base_offset": value.base_offset,
            "base_timestamp": value.base_timestamp,
            "origin_timestamp": value.origin_timestamp,
            "batch_checksum": value.batch_checksum,
            "frames": [to_fields(frame, version) for frame in value.frames],
        }
    if isinstance(value, Message):
        headers = list(iter_user_header_fields(value.user_headers_bytes))
        return {
            "checksum": value.checksum,
            "id": value.id,
            "offset": value.offset,
            "timestamp": value.timestamp_us,
            "origin_timestamp": value.origin_timestamp_us,
            "payload": to_fields(value.payload),
            "user_headers": _user_header_fields(value.user_headers_bytes),
        }
    if isinstance(value, PolledMessages):
        fields = {
            "partition_id": value.partition_id,
            "current_offset": value.current_offset,
            "messages_count": value.messages_count,
        }
        if version >= ProtocolVersion.V0_9:
            return {**fields, "batches": [to_fields(batch, version) for batch in value.batches]}
        return {**fields, "messages": [to_fields(message, version) for message in value.messages]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        versions = getattr(value, "FIELD_VERSIONS", {})
        return {
            f.name: to_fields(getattr(value, f.name), version)
            for f in dataclasses.fields(value)
            if version in versions.get(f.name, (version,))
        }
    if isinstance(value, (list, tuple, MessageBatch)):
        return [to_fields(item, version) for item in value]
    raise TypeError(f"no value form for {type(value).__name__}")


def _user_header_fields(block: bytes | bytearray | memoryview) -> list[dict[str, Any]]:
    headers = list(iter_user_header_fields(block))
    return [
        {"key_kind": key_kind, "key": to_fields(key), "value_kind": value_kind, "value": to_fields(item)}
        for (key_kind, key), (value_kind, item) in zip(headers[0::2], headers[1::2])
    ]


def _stream_permissions_fields(stream_id: int, stream: StreamPermissions) -> dict[str, Any]:
    flags = {f.name: getattr(stream, f.name) for f in dataclasses.fields(stream) if f.name != "topics"}
    topics = [{"topic_id": topic_id, **to_fields(topic)} for topic_id, topic in stream.topics.items()]
    return {"stream_id": stream_id, **flags, "topics": topics or None}
