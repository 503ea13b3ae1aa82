"""A slow, spec-driven decoder: walks bytes through the field lists of the spec.

It exists to test the spec itself against real captured frames (and to let other suites cross-check their
hand-written codecs); it is not a production codec. Every loop is bounded by the buffer length.
"""

from __future__ import annotations

import struct

from .spec import SCALAR_SIZES, Command, Field, Spec

_FORMATS = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q", "f32": "<f", "bool": "<B"}


class WalkError(ValueError):
    """The bytes do not fit the spec's layout (truncated, or a length pointing past the end)."""


def decode_fields(spec: Spec, fields: tuple[Field, ...], buf: bytes, pos: int = 0) -> tuple[dict, int]:
    """Decode `fields` from buf[pos:]; returns (values by field name, position after the last field)."""
    values: dict = {}
    for f in fields:
        if f.when_parts is not None:
            flag, expected = f.when_parts
            if values.get(flag) != expected:
                continue
        if f.repeat is None:
            values[f.name], pos = _decode_one(spec, f, buf, pos, values)
            if f.role == "flag" and values[f.name] not in (0, 1):
                # The spec's flag rule: only 0 and 1 exist; another byte is an error, never "absent".
                raise WalkError(f"{f.name}: flag byte {values[f.name]}, must be 0 or 1")
        else:
            values[f.name], pos = _decode_repeated(spec, f, buf, pos, values)
    return values, pos


def decode_request(spec: Spec, command: Command, payload: bytes) -> tuple[dict, int]:
    return decode_fields(spec, command.request, payload)


def decode_response(spec: Spec, command: Command, payload: bytes) -> tuple[dict | list | None, int]:
    """Decode an OK response body. Empty bodies decode to None where the spec allows them."""
    if command.response == "empty" or (not payload and command.missing == "empty"):
        return None, 0
    if command.response == "inline":
        return decode_fields(spec, command.response_fields, payload)
    record = spec.structs[command.response]
    if command.response_repeat == "to_end":
        items, pos = [], 0
        while pos < len(payload):
            item, pos = decode_fields(spec, record.fields, payload, pos)
            items.append(item)
        return items, pos
    return decode_fields(spec, record.fields, payload)


def _decode_repeated(spec: Spec, f: Field, buf: bytes, pos: int, values: dict) -> tuple[list, int]:
    items: list = []
    single = Field(f.name, f.type, f.about, size=f.size, enum=f.enum, unit=f.unit, role=f.role)
    if f.repeat == "to_end":
        while pos < len(buf):
            item, pos = _decode_one(spec, single, buf, pos, values)
            items.append(item)
    elif f.repeat == "chained":
        # Each element ends with a has_next_* flag; at most len(buf) elements fit, which bounds the loop.
        for _ in range(len(buf) + 1):
            item, pos = _decode_one(spec, single, buf, pos, values)
            items.append(item)
            if list(item.values())[-1] != 1:
                break
    else:
        count = values[f.repeat]
        if count > len(buf):  # every element takes at least one byte: a larger count cannot be honest
            raise WalkError(f"{f.name}: count {count} exceeds the {len(buf)}-byte buffer")
        for _ in range(count):
            item, pos = _decode_one(spec, single, buf, pos, values)
            items.append(item)
    return items, pos


def _decode_one(spec: Spec, f: Field, buf: bytes, pos: int, values: dict):
    if f.type == "u128":
        return int.from_bytes(_take(buf, pos, 16, f), "little"), pos + 16
    if f.type in _FORMATS:
        size = SCALAR_SIZES[f.type]
        return struct.unpack_from(_FORMATS[f.type], _take(buf, pos, size, f))[0], pos + size
    if f.type == "bytes":
        size = len(buf) - pos if f.size == "to_end" else f.size if isinstance(f.size, int) else values[f.size]
        return bytes(_take(buf, pos, size, f)), pos + size
    return decode_fields(spec, spec.record(f.type).fields, buf, pos)


def _take(buf: bytes, pos: int, size: int, f: Field) -> bytes:
    if pos + size > len(buf):
        raise WalkError(f"{f.name}: needs {size} bytes at {pos}, buffer has {len(buf)}")
    return buf[pos:pos + size]
