"""Connections other than TCP, chosen by the connection string's scheme (``ClientConfig.transport``).

``iggy+ws://`` (``websocket.py``, needs the ``ws`` extra: ``websockets``) carries the TCP framing in binary
WebSocket messages; ``iggy+http://`` (``http.py``, needs the ``http`` extra: ``aiohttp``) maps each command
to Iggy 0.8's REST API. Both offer the TCP ``Connection``'s interface (``open``, ``request``, ``is_open``,
``abort``, ``close``), so the client's retry, login and heartbeat logic is the same for every transport.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import IggyError
from ..protocol.codes import DEFAULT_HTTP_PORT, DEFAULT_TCP_PORT, DEFAULT_WEBSOCKET_PORT, ErrorCode

__all__ = ["open_connection", "DEFAULT_PORTS"]

# Iggy 0.8's default ports per transport, used when a connection string names no port.
DEFAULT_PORTS = {"tcp": DEFAULT_TCP_PORT, "ws": DEFAULT_WEBSOCKET_PORT, "http": DEFAULT_HTTP_PORT}
_MODULES = {"ws": ("websocket", "websockets", "ws"), "http": ("http", "aiohttp", "http")}


async def open_connection(config: Any) -> Any:
    """Open the connection of ``config.transport``; a missing optional library is a clear error."""
    from ..connection import Connection

    if config.transport == "tcp":
        return await Connection.open(config)
    module_name, library, extra = _MODULES[config.transport]
    try:
        importlib.import_module(library)
    except ImportError:
        raise IggyError(
            ErrorCode.FEATURE_UNAVAILABLE,
            f"iggy+{config.transport}:// needs {library}: pip install 'iggy-sdk[{extra}]'",
        ) from None
    module = importlib.import_module(f"{__name__}.{module_name}")
    return await module.open_connection(config)
