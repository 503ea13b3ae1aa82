"""The language-neutral value form of the spec ("fields" in every fixture): decode bytes to it, encode it to bytes.

This is the reference for the JSON shape described in protocol-spec/README.md ("The `fields` of a fixture"):
every generated codec (Python, Rust, Go, Java) decodes a fixture's bytes to exactly this shape and encodes this
shape back to exactly the fixture's bytes. It walks the spec at run time (slow); tests and the fixture writer
use it, production code uses the generated codecs. Every loop is bounded by the buffer length.

Rules (the README states them for readers in other languages):
- an object per record, keyed by the spec's field names, derived fields left out (`derived_field_names`);
- scalars are JSON numbers (u64 and u128 exact), bool is true/false, `bytes` is base64;
- `identifier` is a number (kind 1) or a string (kind 2); `name`, `password`, `string32` are strings;
  `optional_partition` is a number or null;
- a field with `when` is null when absent; a repeated field is an array;
- a message's `user_headers` is an array of `user_header` objects (lengths derived, key/value base64).
"""

from __future__ import annotations

import base64
import struct
from typing import Any

from .spec import SCALAR_SIZES, Command, Field, Spec, derived_field_names

_FORMATS = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q", "f32": "<f"}
_STRING_PREFIX = {"name": 1, "password": 1, "string32": 4}  # string primitives -> width of their length prefix
ID_KIND_NUMERIC = "Numeric"
ID_KIND_STRING = "String"


class ValuesError(ValueError):
    """The bytes or the value do not fit the spec's layout."""


class Values:
    """Decode/encode between wire bytes and the JSON-ready value form, for one protocol version's view of the spec
    (`spec.at(version)`; a full spec is read as its oldest version)."""

    def __init__(self, spec: Spec):
        if spec.only_version is None and spec.versions:
            spec = spec.at(spec.version_names[0])
        self.spec = spec
        id_kinds = {v.name: v.value for v in spec.enum("IdKind").values}
        self._id_numeric, self._id_string = id_kinds[ID_KIND_NUMERIC], id_kinds[ID_KIND_STRING]

    # --- commands -------------------------------------------------------------------------------------

    def decode_request(self, command: Command, payload: bytes) -> tuple[dict, int]:
        """(fields, bytes consumed); trailing bytes beyond the last field are the caller's concern."""
        return self.decode_record(command.request, payload, 0)

    def encode_request(self, command: Command, fields: dict) -> bytes:
        return self.encode_record(command.request, fields)

    def decode_response(self, command: Command, body: bytes) -> Any:
        """The fields of an OK body: None for an empty body (unless a list), a list for response_repeat."""
        if command.response_repeat == "to_end":
            fields = self.spec.structs[command.response].fields
            if self.spec.only_version in command.response_count_prefix:
                if len(body) < 4:
                    raise ValuesError(f"{command.name}: no element count")
                items = self._decode_to_end(fields, body[4:])
                if int.from_bytes(body[:4], "little") != len(items):
                    raise ValuesError(f"{command.name}: the count says {int.from_bytes(body[:4], 'little')}, "
                                      f"the body holds {len(items)}")
                return items
            return self._decode_to_end(fields, body)
        if not body:
            return None
        if command.response == "empty":
            raise ValuesError(f"{command.name}: answers an empty body, got {len(body)} bytes")
        fields = command.response_fields if command.response == "inline" else self.spec.structs[command.response].fields
        value, pos = self.decode_record(fields, body, 0)
        if pos != len(body):
            raise ValuesError(f"{command.name}: {len(body) - pos} bytes after the response body")
        return value

    def encode_response(self, command: Command, value: Any) -> bytes:
        if command.response_repeat == "to_end":
            record = self.spec.structs[command.response].fields
            items = b"".join(self.encode_record(record, item) for item in value)
            if self.spec.only_version in command.response_count_prefix:
                return len(value).to_bytes(4, "little") + items
            return items
        if value is None:
            return b""
        fields = command.response_fields if command.response == "inline" else self.spec.structs[command.response].fields
        return self.encode_record(fields, value)

    # --- records --------------------------------------------------------------------------------------

    def decode_record(self, fields: tuple[Field, ...], buf: bytes, pos: int) -> tuple[dict, int]:
        derived = derived_field_names(fields)
        raw: dict[str, Any] = {}
        out: dict[str, Any] = {}
        for f in fields:
            if f.when_parts is not None and raw.get(f.when_parts[0]) != f.when_parts[1]:
                raw[f.name] = None
                if f.name not in derived:
                    out[f.name] = None
                continue
            if f.repeat is None:
                value, pos = self._decode_one(f, buf, pos, raw)
            else:
                value, pos = self._decode_repeated(f, buf, pos, raw)
            raw[f.name] = value
            if f.name not in derived:
                out[f.name] = value
        return out, pos

    def encode_record(self, fields: tuple[Field, ...], value: dict, has_next: int = 0) -> bytes:
        """`has_next`: the value of a trailing has-next flag no `when` names (elements of a chained list)."""
        derived = derived_field_names(fields)
        missing = [f.name for f in fields if f.name not in derived and f.name not in value]
        extra = set(value) - {f.name for f in fields if f.name not in derived}
        if missing or extra:
            raise ValuesError(f"fields missing {missing}, unknown {sorted(extra)}")
        encoded: dict[str, bytes | None] = {}
        for f in fields:
            if f.name in derived:
                continue
            item = value[f.name]
            if item is None and f.when is not None:
                encoded[f.name] = None
            elif f.repeat is not None:
                encoded[f.name] = b"".join(self._encode_one(f, element, i + 1 == len(item))
                                           for i, element in enumerate(item))
            else:
                encoded[f.name] = self._encode_one(f, item, True)
        scalars = self._derive(fields, value, encoded)
        if fields and fields[-1].role == "flag" and fields[-1].name not in scalars:
            scalars[fields[-1].name] = has_next
        out = bytearray()
        for f in fields:
            if f.when_parts is not None and scalars.get(f.when_parts[0]) != f.when_parts[1]:
                continue
            if f.name in derived:
                out += self._encode_derived(f, fields, scalars, value, encoded)
            else:
                out += encoded[f.name]  # type: ignore[operator]
        return bytes(out)

    # --- derived fields -------------------------------------------------------------------------------

    def _derive(self, fields: tuple[Field, ...], value: dict, encoded: dict) -> dict[str, int]:
        """Values of the derived scalars: counts of repeats, sizes of bytes, flags of conditional fields."""
        scalars: dict[str, int] = {}
        for f in fields:
            if f.name not in encoded:
                continue
            if f.repeat not in (None, "to_end", "chained"):
                scalars[f.repeat] = len(value[f.name])
            if f.counted_by is not None:
                inner = next(g for g in self.spec.record(f.type).fields if g.repeat not in (None, "to_end", "chained"))
                scalars[f.counted_by] = len(value[f.name][inner.name])
            if isinstance(f.size, str) and f.size != "to_end":
                scalars[f.size] = len(encoded[f.name] or b"")
            if f.when_parts is not None:
                flag, expected = f.when_parts
                present = encoded[f.name] is not None
                scalars[flag] = expected if present else (0 if expected != 0 else 1)
        for f in fields:
            if f.when_parts is not None and f.when_parts[0] not in scalars:
                raise ValuesError(f"{f.name}: cannot derive flag {f.when_parts[0]}")
        return scalars

    def _encode_derived(self, f: Field, fields, scalars: dict, value: dict, encoded: dict) -> bytes:
        if f.role == "padding" or f.role == "reserved":
            size = f.size if f.type == "bytes" else SCALAR_SIZES[f.type]
            assert isinstance(size, int), f.name
            return bytes(size)
        if f.role == "index":
            return self._index_table(fields, f, value)
        if f.role == "total_length":
            others = sum(len(self._field_bytes(g, fields, scalars, value, encoded)) for g in fields if g is not f)
            return self._scalar(f.type, others + SCALAR_SIZES[f.type])
        if f.name in scalars:
            return self._scalar(f.type, scalars[f.name])
        if f.role == "length":
            # A length no `size` names holds the byte size of the fields after it that share its `when` and
            # `versions`, up to the first repeated one.
            start = fields.index(f) + 1
            total = 0
            for later in fields[start:]:
                if later.repeat is not None or later.when != f.when or later.versions != f.versions:
                    break
                total += len(self._field_bytes(later, fields, scalars, value, encoded))
            return self._scalar(f.type, total)
        raise ValuesError(f"{f.name}: no rule derives this field")

    def _field_bytes(self, f: Field, fields, scalars: dict, value: dict, encoded: dict) -> bytes:
        if f.when_parts is not None and scalars.get(f.when_parts[0]) != f.when_parts[1]:
            return b""
        if f.name in encoded:
            return encoded[f.name] or b""
        return self._encode_derived(f, fields, scalars, value, encoded)

    def _index_table(self, fields: tuple[Field, ...], f: Field, value: dict) -> bytes:
        """SendMessages' index: per message 0 | cumulative end position of its frame | 0."""
        frames = next(later for later in fields if later.repeat == f.repeat and later.role is None)
        index_fields = self.spec.record(f.type).fields
        out, position = bytearray(), 0
        for message in value[frames.name]:
            position += len(self._encode_one(frames, message, True))
            entry = {g.name: 0 for g in index_fields}
            entry["position"] = position
            out += self.encode_record(index_fields, entry)
        return bytes(out)

    # --- single values --------------------------------------------------------------------------------

    def _decode_repeated(self, f: Field, buf: bytes, pos: int, raw: dict) -> tuple[list, int]:
        items: list = []
        if f.repeat == "to_end":
            while pos < len(buf):
                item, pos = self._decode_one(f, buf, pos, raw)
                items.append(item)
        elif f.repeat == "chained":
            record = self.spec.record(f.type).fields
            for _ in range(len(buf) + 1):  # each element takes at least one byte: bounds the loop
                item, pos = self.decode_record(record, buf, pos)
                items.append(item)
                if _chained_next(record, buf, pos) != 1:
                    break
        else:
            count = raw[f.repeat]
            if count > len(buf) - pos:  # every element takes at least one byte: a larger count cannot be honest
                raise ValuesError(f"{f.name}: count {count} exceeds the {len(buf) - pos} bytes left")
            for _ in range(count):
                item, pos = self._decode_one(f, buf, pos, raw)
                items.append(item)
        return items, pos

    def _decode_one(self, f: Field, buf: bytes, pos: int, raw: dict) -> tuple[Any, int]:
        kind = f.type
        if kind == "u128":
            return int.from_bytes(_take(buf, pos, 16, f), "little"), pos + 16
        if kind == "bool":
            return _take(buf, pos, 1, f)[0] != 0, pos + 1
        if kind in _FORMATS:
            size = SCALAR_SIZES[kind]
            return struct.unpack(_FORMATS[kind], _take(buf, pos, size, f))[0], pos + size
        if kind == "bytes":
            size = len(buf) - pos if f.size == "to_end" else f.size if isinstance(f.size, int) else raw[f.size]
            data = _take(buf, pos, size, f)
            if f.name == "user_headers" and f.size == "user_headers_length":
                return self._decode_to_end(self.spec.record("user_header").fields, data), pos + size
            return base64.b64encode(data).decode("ascii"), pos + size
        if kind in _STRING_PREFIX:
            width = _STRING_PREFIX[kind]
            length = int.from_bytes(_take(buf, pos, width, f), "little")
            return _take(buf, pos + width, length, f).decode("utf-8"), pos + width + length
        if kind == "identifier":
            id_kind, length = _take(buf, pos, 2, f)
            value = _take(buf, pos + 2, length, f)
            if id_kind == self._id_numeric and length == 4:
                return int.from_bytes(value, "little"), pos + 2 + length
            if id_kind == self._id_string:
                return value.decode("utf-8"), pos + 2 + length
            raise ValuesError(f"{f.name}: identifier kind {id_kind} length {length}")
        if kind == "optional_partition":
            record, end = self.decode_record(self.spec.record(kind).fields, buf, pos)
            has = buf[pos]
            if has == 0 and record["partition_id"] != 0:
                raise ValuesError(f"{f.name}: no partition but id {record['partition_id']}")
            return (record["partition_id"] if has else None), end
        return self.decode_record(self.spec.record(kind).fields, buf, pos)

    def _encode_one(self, f: Field, value: Any, last: bool) -> bytes:
        kind = f.type
        if kind == "u128":
            return int(value).to_bytes(16, "little")
        if kind == "bool":
            if not isinstance(value, bool):
                raise ValuesError(f"{f.name}: bool expected, got {value!r}")
            return b"\x01" if value else b"\x00"
        if kind in _FORMATS:
            return self._scalar(kind, value)
        if kind == "bytes":
            if f.name == "user_headers" and f.size == "user_headers_length":
                record = self.spec.record("user_header").fields
                return b"".join(self.encode_record(record, item) for item in value)
            data = base64.b64decode(value, validate=True)
            if isinstance(f.size, int) and len(data) != f.size:
                raise ValuesError(f"{f.name}: needs {f.size} bytes, got {len(data)}")
            return data
        if kind in _STRING_PREFIX:
            data = value.encode("utf-8")
            return len(data).to_bytes(_STRING_PREFIX[kind], "little") + data
        if kind == "identifier":
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValuesError(f"{f.name}: identifier is a number or a string, got {value!r}")
            if isinstance(value, int):
                return bytes((self._id_numeric, 4)) + value.to_bytes(4, "little")
            data = value.encode("utf-8")
            return bytes((self._id_string, len(data))) + data
        if kind == "optional_partition":
            return (b"\x00" + bytes(4)) if value is None else b"\x01" + int(value).to_bytes(4, "little")
        record = self.spec.record(kind).fields
        if f.repeat == "chained":
            return self.encode_record(record, value, has_next=0 if last else 1)
        return self.encode_record(record, value)

    def _decode_to_end(self, fields: tuple[Field, ...], buf: bytes) -> list[dict]:
        items, pos = [], 0
        while pos < len(buf):
            item, pos = self.decode_record(fields, buf, pos)
            items.append(item)
        return items

    @staticmethod
    def _scalar(kind: str, value: Any) -> bytes:
        if kind == "u128":
            return int(value).to_bytes(16, "little")
        if isinstance(value, bool) or (kind != "f32" and not isinstance(value, int)):
            raise ValuesError(f"{kind}: integer expected, got {value!r}")
        return struct.pack(_FORMATS[kind], value)


def _chained_next(record: tuple[Field, ...], buf: bytes, pos: int) -> int:
    """The has_next flag is the last byte of a chained element."""
    assert record[-1].type == "u8" and record[-1].role == "flag", record[-1]
    return buf[pos - 1]


def _take(buf: bytes, pos: int, size: int, f: Field) -> bytes:
    if size < 0 or pos + size > len(buf):
        raise ValuesError(f"{f.name}: needs {size} bytes at {pos}, buffer has {len(buf)}")
    return bytes(buf[pos:pos + size])
