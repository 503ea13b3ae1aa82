"""Iggy-style config values of the transport sections: byte sizes ("2 MB", "64 KiB") and durations ("1 h", "5 s").

Iggy 0.8 writes these keys as human strings (its byte-unit / humantime crates); they are kept as strings in
``config.py`` under Iggy's own names and parsed here, once, by :func:`validate` at load time. No import
of the transport libraries here, so configuration stays cheap to load.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["parse_size_bytes", "parse_duration_ms", "validate", "TRANSPORT_SECTIONS"]

TRANSPORT_SECTIONS = ("http", "quic", "websocket")
_SIZE_UNITS = {
    "": 1, "b": 1,
    "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4,
    "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4,
}
_DURATION_UNITS_MS = {
    "ms": 1, "msec": 1, "millis": 1,
    "s": 1000, "sec": 1000, "secs": 1000, "second": 1000, "seconds": 1000,
    "m": 60_000, "min": 60_000, "mins": 60_000, "minute": 60_000, "minutes": 60_000,
    "h": 3_600_000, "hr": 3_600_000, "hour": 3_600_000, "hours": 3_600_000,
    "d": 86_400_000, "day": 86_400_000, "days": 86_400_000,
}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$")
_DURATION_PART = re.compile(r"(\d+)\s*([a-zA-Z]+)")
_DURATION = re.compile(r"^(?:\d+\s*[a-zA-Z]+\s*)+$")
_JWT_ALGORITHMS = ("HS256", "HS384", "HS512", "RS256", "RS384", "RS512")


class SettingError(ValueError):
    pass


def parse_size_bytes(text: str, key: str) -> int:
    match = _SIZE.match(text)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in _SIZE_UNITS:
        raise SettingError(f"{key}: expected a byte size such as '2 MB' or '64 KiB', got {text!r}")
    return int(float(match.group(1)) * _SIZE_UNITS[unit])


def parse_duration_ms(text: str, key: str) -> int:
    """humantime-style: '1 h', '5 s', '500 ms', '1h 30m'; a bare '0' is zero."""
    stripped = text.strip()
    if stripped == "0":
        return 0
    if not _DURATION.match(stripped):
        raise SettingError(f"{key}: expected a duration such as '1 h' or '500 ms', got {text!r}")
    total = 0
    for match in _DURATION_PART.finditer(stripped):
        unit = match.group(2).lower()
        if unit not in _DURATION_UNITS_MS:
            raise SettingError(f"{key}: unknown duration unit {match.group(2)!r} in {text!r}")
        total += int(match.group(1)) * _DURATION_UNITS_MS[unit]
    return total


def validate(values: Mapping[str, Any], split_address: Any) -> None:
    """Check every transport key that needs more than its type (raises ``SettingError`` naming the key)."""
    for section in TRANSPORT_SECTIONS:
        split_address(values[section]["address"], f"{section}.address")
    http = values["http"]
    if parse_size_bytes(http["max_request_size"], "http.max_request_size") <= 0:
        raise SettingError("http.max_request_size: must be > 0")
    jwt = http["jwt"]
    if jwt["algorithm"] not in _JWT_ALGORITHMS:
        raise SettingError(f"http.jwt.algorithm: expected one of {list(_JWT_ALGORITHMS)}, got {jwt['algorithm']!r}")
    if jwt["algorithm"].startswith("RS") and not (jwt["encoding_secret"] and jwt["decoding_secret"]):
        raise SettingError(
            "http.jwt: RS* algorithms need encoding_secret (PEM private key) and decoding_secret (PEM public key)"
        )
    if parse_duration_ms(jwt["access_token_expiry"], "http.jwt.access_token_expiry") <= 0:
        raise SettingError("http.jwt.access_token_expiry: must be > 0")
    parse_duration_ms(jwt["clock_skew"], "http.jwt.clock_skew")
    parse_duration_ms(jwt["not_before"], "http.jwt.not_before")
    if not http["metrics"]["endpoint"].startswith("/"):
        raise SettingError("http.metrics.endpoint: must start with '/'")
    quic = values["quic"]
    if parse_size_bytes(quic["receive_window"], "quic.receive_window") <= 0:
        raise SettingError("quic.receive_window: must be > 0")
    if parse_duration_ms(quic["max_idle_timeout"], "quic.max_idle_timeout") <= 0:
        raise SettingError("quic.max_idle_timeout: must be > 0")
    websocket = values["websocket"]
    if parse_size_bytes(websocket["max_message_size"], "websocket.max_message_size") <= 0:
        raise SettingError("websocket.max_message_size: must be > 0")
