"""Parsers for command-line values: identifiers, durations, sizes, user headers and permissions.

Formats follow Iggy's CLI: `15days 2min 2s` durations, `15GB`/`2GiB` sizes, `key:kind:value` headers,
`m_srv,r_srv` global permissions and `STREAM[:perms][#TOPIC:perms]...` stream permissions.
Each parser raises `click.BadParameter` with the accepted format in the message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import click
from iggy.protocol.codes import MAX_TOPIC_SIZE_UNLIMITED, MESSAGE_EXPIRY_NEVER, MESSAGE_EXPIRY_SERVER_DEFAULT
from iggy.protocol.primitives import (
    U64_MAX,
    GlobalPermissions,
    HeaderValue,
    Permissions,
    StreamPermissions,
    TopicPermissions,
)

NEVER_EXPIRE_US = MESSAGE_EXPIRY_NEVER
SERVER_DEFAULT = MESSAGE_EXPIRY_SERVER_DEFAULT
UNLIMITED_SIZE_BYTES = MAX_TOPIC_SIZE_UNLIMITED

# --------------------------------------------------------------------------- identifiers


def identifier(value: str) -> int | str:
    """Iggy CLI convention: digits are a numeric id, anything else is a name."""
    return int(value) if value.isdigit() else value


class IdentifierType(click.ParamType):
    name = "ID|NAME"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        text = str(value)
        if not text:
            self.fail("an id or a name is required", param, ctx)
        return identifier(text)


IDENTIFIER = IdentifierType()

# --------------------------------------------------------------------------- durations

_DURATION_UNITS_US = {
    "us": 1, "usec": 1, "microsecond": 1, "microseconds": 1,
    "ms": 1_000, "msec": 1_000, "millisecond": 1_000, "milliseconds": 1_000,
    "s": 1_000_000, "sec": 1_000_000, "secs": 1_000_000, "second": 1_000_000, "seconds": 1_000_000,
    "m": 60_000_000, "min": 60_000_000, "mins": 60_000_000, "minute": 60_000_000, "minutes": 60_000_000,
    "h": 3_600_000_000, "hr": 3_600_000_000, "hrs": 3_600_000_000, "hour": 3_600_000_000,
    "hours": 3_600_000_000,
    "d": 86_400_000_000, "day": 86_400_000_000, "days": 86_400_000_000,
    "w": 604_800_000_000, "week": 604_800_000_000, "weeks": 604_800_000_000,
    # humantime's month and year: 30.44 days and 365.25 days.
    "M": 2_630_016_000_000, "month": 2_630_016_000_000, "months": 2_630_016_000_000,
    "y": 31_557_600_000_000, "year": 31_557_600_000_000, "years": 31_557_600_000_000,
}
_DURATION_PART = re.compile(r"(\d+)\s*([A-Za-z]+)")
_NEVER_WORDS = {"unlimited", "never", "none", "never_expire"}
_DEFAULT_WORDS = {"server_default", "default"}


def parse_duration_us(text: str) -> int:
    """`1h 30min` → microseconds. Raises ValueError for anything else."""
    compact = text.strip()
    if not compact:
        raise ValueError("empty duration")
    total_us = 0
    position = 0
    for match in _DURATION_PART.finditer(compact):
        if compact[position:match.start()].strip():
            raise ValueError(f"cannot parse duration {text!r}")
        number, unit = match.groups()
        multiplier = _DURATION_UNITS_US.get(unit) or _DURATION_UNITS_US.get(unit.lower())
        if multiplier is None:
            raise ValueError(f"unknown duration unit {unit!r} in {text!r}")
        total_us += int(number) * multiplier
        position = match.end()
    if position == 0 or compact[position:].strip():
        raise ValueError(f"cannot parse duration {text!r} (expected e.g. '15days 2min 2s')")
    return total_us


def parse_expiry_us(parts: Iterable[str], *, default_us: int = SERVER_DEFAULT) -> int:
    """An expiry given as one or more words: `unlimited`, `server_default`, or durations that add up."""
    words = " ".join(parts).strip()
    if not words:
        return default_us
    lowered = words.lower()
    if lowered in _NEVER_WORDS:
        return NEVER_EXPIRE_US
    if lowered in _DEFAULT_WORDS:
        return SERVER_DEFAULT
    try:
        expiry_us = parse_duration_us(words)
    except ValueError as error:
        raise click.BadParameter(f"{error}; use e.g. '1h', '15days 2min', 'unlimited' or 'server_default'")
    if expiry_us == 0:
        raise click.BadParameter("an expiry of zero is not allowed; use 'unlimited' or 'server_default'")
    return min(expiry_us, U64_MAX - 1)


def format_duration_us(duration_us: int) -> str:
    if duration_us >= U64_MAX:
        return "unlimited"
    if duration_us == 0:
        return "0s"
    parts = []
    remaining_us = duration_us
    for unit, size_us in (("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000),
                          ("ms", 1_000), ("us", 1)):
        count, remaining_us = divmod(remaining_us, size_us)
        if count:
            parts.append(f"{count}{unit}")
    return " ".join(parts)


# --------------------------------------------------------------------------- sizes

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*$")
_SIZE_UNITS = {
    "": 1, "b": 1,
    "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12, "pb": 10**15,
    "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40, "pib": 2**50,
    "k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12,
}


def parse_size_bytes(text: str) -> int:
    """`unlimited` → u64::MAX, `server_default` → 0, `15GB` → 15·10⁹, `2GiB` → 2·2³⁰ bytes."""
    lowered = text.strip().lower()
    if lowered in {"unlimited", "none"}:
        return UNLIMITED_SIZE_BYTES
    if lowered in _DEFAULT_WORDS:
        return SERVER_DEFAULT
    match = _SIZE.match(lowered)
    if not match or match.group(2) not in _SIZE_UNITS:
        raise click.BadParameter(
            f"cannot parse size {text!r}; use e.g. '15GB', '2GiB', 'unlimited' or 'server_default'"
        )
    size_bytes = int(float(match.group(1)) * _SIZE_UNITS[match.group(2)])
    if size_bytes >= U64_MAX:
        return UNLIMITED_SIZE_BYTES
    return size_bytes


# --------------------------------------------------------------------------- headers

HEADER_KINDS = (
    "raw", "string", "bool", "int8", "int16", "int32", "int64", "int128",
    "uint8", "uint16", "uint32", "uint64", "uint128", "float32", "float64",
)


def parse_header(text: str) -> tuple[str, HeaderValue]:
    """`key:kind:value` (kind one of HEADER_KINDS) or `key:value` (a string header)."""
    parts = text.split(":", 2)
    if len(parts) < 2 or not parts[0]:
        raise click.BadParameter(f"header {text!r} must be 'key:kind:value' or 'key:value'")
    key = parts[0]
    if len(parts) == 3 and parts[1] in HEADER_KINDS:
        kind, raw_value = parts[1], parts[2]
    else:
        kind, raw_value = "string", text.split(":", 1)[1]
    return key, header_value(kind, raw_value)


def header_value(kind: str, raw_value: str) -> HeaderValue:
    try:
        if kind == "raw":
            return HeaderValue.raw(raw_value.encode())
        if kind == "string":
            return HeaderValue.string(raw_value)
        if kind == "bool":
            lowered = raw_value.lower()
            if lowered not in {"true", "false"}:
                raise ValueError("bool headers are 'true' or 'false'")
            return HeaderValue.bool(lowered == "true")
        if kind.startswith("float"):
            return getattr(HeaderValue, kind)(float(raw_value))
        return getattr(HeaderValue, kind)(int(raw_value, 0))
    except click.BadParameter:
        raise
    except Exception as error:  # ProtocolError (range) or ValueError (syntax)
        message = getattr(error, "message", None) or str(error)
        raise click.BadParameter(f"invalid {kind} header value {raw_value!r}: {message}") from None


def parse_headers(values: Iterable[str]) -> dict[str, HeaderValue]:
    headers: dict[str, HeaderValue] = {}
    for value in values:
        for item in value.split(","):
            if item.strip():
                key, header = parse_header(item.strip())
                headers[key] = header
    return headers


# --------------------------------------------------------------------------- permissions

_GLOBAL_NAMES = {
    "m_srv": "manage_servers", "r_srv": "read_servers", "m_usr": "manage_users", "r_usr": "read_users",
    "m_str": "manage_streams", "r_str": "read_streams", "m_top": "manage_topics", "r_top": "read_topics",
    "p_msg": "poll_messages", "s_msg": "send_messages",
}
_STREAM_NAMES = {
    "m_str": "manage_stream", "r_str": "read_stream", "m_top": "manage_topics", "r_top": "read_topics",
    "p_msg": "poll_messages", "s_msg": "send_messages",
}
_TOPIC_NAMES = {"m_top": "manage_topic", "r_top": "read_topic", "p_msg": "poll_messages", "s_msg": "send_messages"}


def _flags(text: str, names: dict[str, str], what: str) -> dict[str, bool]:
    flags: dict[str, bool] = {}
    allowed = set(names.values())
    for raw in text.split(","):
        word = raw.strip()
        if not word:
            continue
        name = names.get(word, word)
        if name not in allowed:
            choices = ", ".join(f"{short}/{long}" for short, long in names.items())
            raise click.BadParameter(f"unknown {what} permission {word!r}; choose from {choices}")
        flags[name] = True
    return flags


def parse_global_permissions(text: str) -> GlobalPermissions:
    return GlobalPermissions(**_flags(text, _GLOBAL_NAMES, "global"))


def _numeric_id(text: str, what: str) -> int:
    if not text.strip().isdigit():
        raise click.BadParameter(f"{what} id {text!r} must be a number (permissions are keyed by numeric id)")
    return int(text)


def parse_stream_permissions(text: str) -> tuple[int, StreamPermissions]:
    """`STREAM_ID[:perms][#TOPIC_ID[:perms]]...`, e.g. `1:m_top,r_top#2:s_msg,p_msg`."""
    stream_part, *topic_parts = text.split("#")
    stream_id_text, _, stream_flags = stream_part.partition(":")
    stream_id = _numeric_id(stream_id_text, "stream")
    topics: dict[int, TopicPermissions] = {}
    for topic_part in topic_parts:
        topic_id_text, _, topic_flags = topic_part.partition(":")
        topics[_numeric_id(topic_id_text, "topic")] = TopicPermissions(**_flags(topic_flags, _TOPIC_NAMES, "topic"))
    return stream_id, StreamPermissions(**_flags(stream_flags, _STREAM_NAMES, "stream"), topics=topics)


def build_permissions(global_text: str | None, stream_texts: Iterable[str]) -> Permissions | None:
    stream_texts = list(stream_texts)
    if global_text is None and not stream_texts:
        return None
    global_permissions = parse_global_permissions(global_text) if global_text else GlobalPermissions()
    streams = dict(parse_stream_permissions(text) for text in stream_texts)
    return Permissions(global_permissions, streams)
