"""Checks of the transport sections' values that need more than their type (``config.py`` types them).

Iggy 0.8 writes these sizes and durations as strings ("2 MB", "1 h"); here, as in every other section, a size is
a number of bytes (``*_bytes``) and a duration a number of milliseconds (``*_ms``). No import of the transport
libraries here, so configuration stays cheap to load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["validate", "TRANSPORT_SECTIONS"]

TRANSPORT_SECTIONS = ("http", "quic", "websocket")
_JWT_ALGORITHMS = ("HS256", "HS384", "HS512", "RS256", "RS384", "RS512")
# JWT's exp / nbf are whole seconds (RFC 7519 NumericDate): a shorter lifetime would issue expired tokens.
_MIN_TOKEN_EXPIRY_MS = 1000


class SettingError(ValueError):
    pass


def validate(values: Mapping[str, Any], split_address: Any) -> None:
    """Check every transport key that needs more than its type (raises ``SettingError`` naming the key)."""
    for section in TRANSPORT_SECTIONS:
        split_address(values[section]["address"], f"{section}.address")
    http = values["http"]
    if http["max_request_size_bytes"] <= 0:
        raise SettingError("http.max_request_size_bytes: must be > 0")
    jwt = http["jwt"]
    if jwt["algorithm"] not in _JWT_ALGORITHMS:
        raise SettingError(f"http.jwt.algorithm: expected one of {list(_JWT_ALGORITHMS)}, got {jwt['algorithm']!r}")
    if jwt["algorithm"].startswith("RS") and not (jwt["encoding_secret"] and jwt["decoding_secret"]):
        raise SettingError(
            "http.jwt: RS* algorithms need encoding_secret (PEM private key) and decoding_secret (PEM public key)"
        )
    if jwt["access_token_expiry_ms"] < _MIN_TOKEN_EXPIRY_MS:
        raise SettingError(f"http.jwt.access_token_expiry_ms: must be at least {_MIN_TOKEN_EXPIRY_MS} (JWT times are "
                           f"whole seconds), got {jwt['access_token_expiry_ms']}")
    for key in ("clock_skew_ms", "not_before_ms"):
        if jwt[key] < 0:
            raise SettingError(f"http.jwt.{key}: must be >= 0, got {jwt[key]}")
    if not http["metrics"]["endpoint"].startswith("/"):
        raise SettingError("http.metrics.endpoint: must start with '/'")
    quic = values["quic"]
    for key in ("receive_window_bytes", "max_idle_timeout_ms"):
        if quic[key] <= 0:
            raise SettingError(f"quic.{key}: must be > 0, got {quic[key]}")
    if values["websocket"]["max_message_size_bytes"] <= 0:
        raise SettingError("websocket.max_message_size_bytes: must be > 0")
