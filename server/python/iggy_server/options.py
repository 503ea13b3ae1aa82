"""Iggy 0.9 option blocks on streams, topics and users (the catalogs: protocol-spec/spec/options.toml).

A block is the user-headers TLV restricted to String keys, each key once, at most ``OPTIONS_MAX_ENTRIES`` entries
and ``OPTIONS_MAX_BYTES`` bytes. Only topics have keys in 0.9; a stream or user block naming any key is refused
with 4041, never stored and ignored. A topic block is parsed against the catalog: an unknown key answers 4041, a
value that does not parse 4042, a block over the limits 4043, a block that is not a TLV list 4 (InvalidFormat).

Values are kept in their catalog kind (a String value such as "7 days" or "1 GiB" is parsed and re-encoded), so
what the server answers is canonical, as the official server's create admission makes it.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass

from iggy.protocol.codes import (
    MAX_TOPIC_SIZE_UNLIMITED,
    MESSAGE_EXPIRY_NEVER,
    OPTION_CATALOG,
    OPTIONS_MAX_BYTES,
    OPTIONS_MAX_ENTRIES,
    CompressionAlgorithm,
    ErrorCode,
    HeaderKind,
    OptionScope,
)
from iggy.protocol.primitives import HeaderValue

from .errors import IggyError

__all__ = [
    "Option",
    "TopicOptions",
    "parse_block",
    "encode_block",
    "refuse_any_key",
    "parse_topic_options",
    "describe_catalog",
    "option_text",
]

_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_STRING = HeaderKind.STRING
_TOPIC_KEYS = {key: entry for (scope, key), entry in OPTION_CATALOG.items() if scope == OptionScope.TOPIC}
_COMPRESSION_NAMES = {"none": CompressionAlgorithm.NONE, "gzip": CompressionAlgorithm.GZIP}
_SIZE_UNITS = {"b": 1, "kb": 1000, "kib": 1024, "mb": 1000**2, "mib": 1024**2, "gb": 1000**3, "gib": 1024**3,
               "tb": 1000**4, "tib": 1024**4}
_DURATION_UNITS_US = {"us": 1, "µs": 1, "ms": 1000, "s": 1_000_000, "sec": 1_000_000, "second": 1_000_000,
                      "seconds": 1_000_000, "m": 60_000_000, "min": 60_000_000, "minute": 60_000_000,
                      "minutes": 60_000_000, "h": 3_600_000_000, "hr": 3_600_000_000, "hour": 3_600_000_000,
                      "hours": 3_600_000_000, "d": 86_400_000_000, "day": 86_400_000_000, "days": 86_400_000_000,
                      "w": 604_800_000_000, "week": 604_800_000_000, "weeks": 604_800_000_000}
_QUANTITY = re.compile(r"(\d+)\s*([a-zµ]*)", re.IGNORECASE)
_DURABILITY = frozenset({"replicated", "persisted"})
_MAX_MESSAGES_REQUIRED_TO_SAVE = 16 * 1024 * 1024
_MAX_SIZE_OF_MESSAGES_REQUIRED_TO_SAVE = 1024**3
_MIN_SEGMENT_SIZE = 1024 * 1024
_MAX_SEGMENT_SIZE = 1024**3


@dataclass(frozen=True, slots=True)
class Option:
    """One entry of a block: a key, the kind of its value and the value's bytes."""

    key: str
    kind: int
    value: bytes


def parse_block(block: bytes | memoryview) -> list[Option]:
    """The entries of an options block, checked as the 0.9 wire edge checks them."""
    data = bytes(block)
    if len(data) > OPTIONS_MAX_BYTES:
        raise IggyError(
            ErrorCode.OPTIONS_BLOCK_TOO_LARGE, f"options block is {len(data)} bytes, over {OPTIONS_MAX_BYTES}"
        )
    entries: list[Option] = []
    seen: set[str] = set()
    pos = 0
    while pos < len(data):  # every entry takes at least 12 bytes: bounded by the block size
        key_kind, key, pos = _tlv(data, pos)
        value_kind, value, pos = _tlv(data, pos)
        if key_kind != _STRING:
            raise IggyError(ErrorCode.INVALID_FORMAT, f"option key kind {key_kind} is not a string")
        try:
            name = key.decode("utf-8")
        except UnicodeDecodeError:
            raise IggyError(ErrorCode.INVALID_FORMAT, "an option key is not UTF-8") from None
        if name in seen:
            raise IggyError(ErrorCode.INVALID_FORMAT, f"duplicate option key: {name}")
        seen.add(name)
        entries.append(Option(name, value_kind, value))
        if len(entries) > OPTIONS_MAX_ENTRIES:
            raise IggyError(ErrorCode.OPTIONS_BLOCK_TOO_LARGE, f"more than {OPTIONS_MAX_ENTRIES} option entries")
    return entries


def _tlv(data: bytes, pos: int) -> tuple[int, bytes, int]:
    if pos + 5 > len(data):
        raise IggyError(ErrorCode.INVALID_FORMAT, "options block cut inside an entry")
    kind = data[pos]
    (length,) = _U32.unpack_from(data, pos + 1)
    start = pos + 5
    if not 1 <= length <= 255 or start + length > len(data):
        raise IggyError(ErrorCode.INVALID_FORMAT, f"option entry length {length} is out of range or cut short")
    return kind, data[start : start + length], start + length


def encode_block(options: Iterable[Option]) -> bytes:
    out = bytearray()
    for option in options:
        key = option.key.encode("utf-8")
        out += bytes((_STRING,)) + _U32.pack(len(key)) + key
        out += bytes((option.kind,)) + _U32.pack(len(option.value)) + option.value
    return bytes(out)


def refuse_any_key(block: bytes | memoryview, scope: str) -> None:
    """Streams and users have no option keys in 0.9: a block naming one is refused by name."""
    entries = parse_block(block)
    if entries:
        raise IggyError(ErrorCode.UNSUPPORTED_OPTION_KEY, f"Unsupported option key: {entries[0].key} ({scope} options)")


@dataclass(frozen=True, slots=True)
class TopicOptions:
    """A topic block parsed against the catalog: the explicit entries (canonical kinds) and the typed values of the
    keys the server applies (None = not given)."""

    explicit: tuple[Option, ...]
    compression_algorithm: int | None = None
    message_expiry_us: int | None = None
    max_topic_size_bytes: int | None = None

    def value(self, key: str) -> Option | None:
        return next((option for option in self.explicit if option.key == key), None)


def parse_topic_options(block: bytes | memoryview, updating: bool = False) -> TopicOptions:
    """A CreateTopic (or, `updating`, an UpdateTopic) options block."""
    explicit: list[Option] = []
    typed: dict[str, int] = {}
    for entry in parse_block(block):
        catalog = _TOPIC_KEYS.get(entry.key)
        if catalog is None or (updating and not catalog[2]):
            raise IggyError(ErrorCode.UNSUPPORTED_OPTION_KEY, f"Unsupported option key: {entry.key}")
        canonical, number = _canonical(entry, catalog[0])
        explicit.append(canonical)
        if number is not None:
            typed[entry.key] = number
    explicit.sort(key=lambda option: option.key)
    return TopicOptions(
        tuple(explicit),
        compression_algorithm=typed.get("compression_algorithm"),
        message_expiry_us=typed.get("message_expiry"),
        max_topic_size_bytes=typed.get("max_topic_size"),
    )


def _canonical(entry: Option, kind: HeaderKind) -> tuple[Option, int | None]:
    """The entry re-encoded in its catalog kind, and its number where the server applies it."""
    key = entry.key
    text = _text(entry) if entry.kind == _STRING else None
    if key == "compression_algorithm":
        if entry.kind == HeaderKind.UINT8 and len(entry.value) == 1 and entry.value[0] in (1, 2):
            algorithm = CompressionAlgorithm(entry.value[0])
        elif text is not None and text.lower() in _COMPRESSION_NAMES:
            algorithm = _COMPRESSION_NAMES[text.lower()]
        else:
            raise _invalid(key)
        return Option(key, _STRING, algorithm.name.lower().encode()), int(algorithm)
    if key in ("durability", "consumer_offset_durability"):
        if text is None or text not in _DURABILITY:
            raise _invalid(key)
        return Option(key, _STRING, text.encode()), None
    if kind == HeaderKind.BOOL:
        if entry.kind == HeaderKind.BOOL and entry.value in (b"\x00", b"\x01"):
            flag = entry.value == b"\x01"
        elif text in ("true", "false"):
            flag = text == "true"
        else:
            raise _invalid(key)
        return Option(key, HeaderKind.BOOL, bytes((flag,))), None
    if kind == HeaderKind.UINT32:
        number = _number(entry, 4, text, key)
        if key == "messages_required_to_save" and not 1 <= number <= _MAX_MESSAGES_REQUIRED_TO_SAVE:
            raise _invalid(key)
        return Option(key, HeaderKind.UINT32, _U32.pack(number)), number
    number = _number(entry, 8, text, key)
    if key == "segment_size" and number != 0 and (
            not _MIN_SEGMENT_SIZE <= number <= _MAX_SEGMENT_SIZE or number % 512):
        raise _invalid(key)
    if key == "size_of_messages_required_to_save" and number > _MAX_SIZE_OF_MESSAGES_REQUIRED_TO_SAVE:
        raise _invalid(key)
    return Option(key, HeaderKind.UINT64, _U64.pack(number)), number


def _number(entry: Option, width: int, text: str | None, key: str) -> int:
    expected = HeaderKind.UINT32 if width == 4 else HeaderKind.UINT64
    if entry.kind == expected and len(entry.value) == width:
        return int.from_bytes(entry.value, "little")
    if text is None:
        raise _invalid(key)
    if key == "message_expiry":
        parsed = _duration_us(text)
    elif key in ("max_topic_size", "segment_size", "size_of_messages_required_to_save"):
        parsed = _byte_size(text)
    else:
        parsed = int(text) if text.isdigit() else None
    if parsed is None or parsed >= 1 << (8 * width):
        raise _invalid(key)
    return parsed


def _duration_us(text: str) -> int | None:
    """Microseconds of a number or a humantime string ("7 days", "1h 30m"); "none"/"unlimited" = never."""
    lowered = text.strip().lower()
    if lowered in ("none", "never", "unlimited"):
        return MESSAGE_EXPIRY_NEVER
    if lowered.isdigit():
        return int(lowered)
    total, pos = 0, 0
    for match in _QUANTITY.finditer(lowered):
        if lowered[pos : match.start()].strip():
            return None
        unit = _DURATION_UNITS_US.get(match.group(2))
        if unit is None:
            return None
        total += int(match.group(1)) * unit
        pos = match.end()
    return total if pos and not lowered[pos:].strip() else None


def _byte_size(text: str) -> int | None:
    """Bytes of a number or a size string ("1 GiB", "128MB"); "unlimited" = the unlimited sentinel."""
    lowered = text.strip().lower()
    if lowered == "unlimited":
        return MAX_TOPIC_SIZE_UNLIMITED
    match = _QUANTITY.fullmatch(lowered)
    if match is None:
        return None
    unit = _SIZE_UNITS.get(match.group(2) or "b")
    return None if unit is None else int(match.group(1)) * unit


def _text(entry: Option) -> str | None:
    try:
        return entry.value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def option_text(option: Option) -> str:
    """The value in the text form Iggy 0.9's REST API carries options in (the official SDK's string form of a
    header value): a string as is, a bool as "true"/"false", an integer in decimal."""
    value = HeaderValue(option.kind, option.value).value
    if isinstance(value, bool):  # before int: a bool is an int in Python
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    # Stored options are in their catalog kind (string, bool, uint32, uint64): no raw or float value reaches here.
    raise ValueError(f"option {option.key!r} has kind {HeaderKind(option.kind).name}, which has no text form here")


def _invalid(key: str) -> IggyError:
    return IggyError(ErrorCode.INVALID_OPTION_VALUE, f"Invalid option value for key: {key}")


def describe_catalog(scope: int) -> list[tuple[str, int, bytes, str]]:
    """(key, kind, default bytes, description) of every catalog key of `scope` (DescribeOptions)."""
    out = []
    for (entry_scope, key), (kind, default, _updatable, about) in OPTION_CATALOG.items():
        if entry_scope != scope:
            continue
        out.append((key, int(kind), _default_bytes(kind, default), about))
    return out


def _default_bytes(kind: HeaderKind, default: int | str | bool) -> bytes:
    if kind == _STRING:
        return str(default).encode()
    if kind == HeaderKind.BOOL:
        return bytes((bool(default),))
    if kind == HeaderKind.UINT32:
        return _U32.pack(int(default))
    return _U64.pack(int(default))


def derived_topic_options(explicit: Iterable[Option], resolved: dict[str, Option]) -> tuple[Option, ...]:
    """The catalog keys the client did not set, with the values the server resolved, sorted by key."""
    given = {option.key for option in explicit}
    return tuple(sorted((option for key, option in resolved.items() if key not in given), key=lambda o: o.key))
