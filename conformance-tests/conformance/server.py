"""The reference server for one case: the project's launcher (``iggy_server.testing.TestServer``: 127.0.0.1 on
free ports, a private data directory, root iggy/iggy, ``restart`` on the same data and ports)."""

from __future__ import annotations

from iggy_server.testing import TestServer

# Driver transport name → the launcher's fact holding that listener's address.
_ADDRESS_FACTS = {"tcp": "address", "http": "http_address", "quic": "quic_address", "ws": "websocket_address"}


def address_for(server: TestServer, transport: str) -> str:
    """The address a driver of ``transport`` (tcp, http, quic, ws) connects to."""
    return server.facts[_ADDRESS_FACTS[transport]]
