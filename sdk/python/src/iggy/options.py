"""Iggy 0.9 options: the key/value settings of topics (and, in later versions, streams and users).

On the wire an options block is the user-headers TLV with string keys (`protocol-spec/spec/options.toml` holds the
catalog, generated into `codes.OPTION_CATALOG`). The client's API takes them as Python values:

* `IggyClient.create_topic` / `update_topic` take the catalog's settings as keyword arguments
  (`segment_size_bytes=`, `durability=`, ...) and any other key in `options={"key": value}`;
* a value is a `str` (the server parses "7 days", "128 MiB", "gzip", "true"), an `int` (encoded in the
  catalog's kind for the key: u64 or u32), a `bool`, or an explicit `HeaderValue`;
* topics answer their blocks decoded by `decode_options`: `topic.option_values` (the keys the creator sent,
  *explicit*) and `topic.derived_option_values` (every other catalog key, resolved by the server).

`describe_options` lists a scope's catalog as the server states it (`IggyClient.describe_options`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Union

from .errors import error_for, from_protocol_error
from .protocol.codes import OPTION_CATALOG, ErrorCode, HeaderKind, OptionScope
from .protocol.errors import ProtocolError
from .protocol.primitives import HeaderValue, decode_user_headers, encode_user_headers

__all__ = ["OptionScope", "OptionValue", "encode_options", "decode_options", "option_scope"]

OptionValue = Union[str, int, bool, HeaderValue]
_INT_KINDS = {
    HeaderKind.UINT8: HeaderValue.uint8, HeaderKind.UINT16: HeaderValue.uint16, HeaderKind.UINT32: HeaderValue.uint32,
    HeaderKind.UINT64: HeaderValue.uint64, HeaderKind.INT8: HeaderValue.int8, HeaderKind.INT16: HeaderValue.int16,
    HeaderKind.INT32: HeaderValue.int32, HeaderKind.INT64: HeaderValue.int64,
}


def option_scope(scope: OptionScope | str | int) -> OptionScope:
    """`OptionScope.TOPIC`, "topic", or the wire value."""
    if isinstance(scope, str):
        try:
            return OptionScope[scope.upper()]
        except KeyError:
            names = ", ".join(member.name.lower() for member in OptionScope)
            raise ValueError(f"unknown option scope {scope!r}; one of {names}") from None
    return OptionScope(scope)


def _value(scope: OptionScope, key: str, value: OptionValue) -> HeaderValue:
    if isinstance(value, HeaderValue):
        return value
    if isinstance(value, bool):
        return HeaderValue.bool(value)
    if isinstance(value, str):
        return HeaderValue.string(value)
    if isinstance(value, int):
        entry = OPTION_CATALOG.get((scope, key))
        kind = entry[0] if entry is not None and entry[0] in _INT_KINDS else HeaderKind.UINT64
        try:
            return _INT_KINDS[kind](value)
        except (ProtocolError, OverflowError, ValueError) as error:
            raise error_for(ErrorCode.INVALID_OPTION_VALUE, f"option {key}: {value} does not fit {kind.name.lower()}"
                            f" ({error})") from None
    raise TypeError(f"option {key}: a value must be str, int, bool or HeaderValue, got {type(value).__name__}")


def encode_options(scope: OptionScope | str, options: Mapping[str, OptionValue]) -> bytes:
    """An options block: one entry per key, in key order (as the official 0.9 clients send them)."""
    scope = option_scope(scope)
    if not options:
        return b""
    for key in options:
        if not isinstance(key, str) or not key:
            raise TypeError(f"option keys are non-empty strings, got {key!r}")
    try:
        return encode_user_headers({key: _value(scope, key, options[key]) for key in sorted(options)})
    except ProtocolError as error:
        raise from_protocol_error(error) from None


def decode_options(block: bytes | memoryview) -> dict[str, HeaderValue]:
    """An options block as `{key: HeaderValue}` (`.value` is the Python value, `.kind` the wire kind)."""
    if not block:
        return {}
    try:
        decoded = decode_user_headers(block)
    except ProtocolError as error:
        raise from_protocol_error(error) from None
    return {str(key.value): value for key, value in decoded.items()}
