"""``iggy-bench --idle-connections N``: N TCP connections opened before the load and left idle beside it.

Issue 31's cost curve asks what many connected but quiet clients cost a loaded server (each one a session, a
socket in the event loop's selector, timers). Each connection sends one Ping and reads its answer, so the server
has surely registered it before the load starts; after the load each is pinged again, and a run whose server
closed some of them meanwhile (e.g. our ``limits.login_timeout_ms`` for connections that never log in, 60 s by
default) fails instead of reporting a figure that was not measured with N connections. They stay logged out: a
login per connection would cost the server a password hash each (Argon2) before every run.
"""

from __future__ import annotations

import socket
import struct

from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request

__all__ = ["IdleConnections", "IdleConnectionsLost"]

_REPLY_HEADER = struct.Struct("<II")  # status, length
_PING = encode_request(Command.PING, b"")
# A reply to Ping is its header and an empty body; a server that is slower than this to answer one is stalled.
_ANSWER_TIMEOUT_S = 10.0


class IdleConnectionsLost(Exception):
    """The server closed idle connections during the run (or never answered their Ping)."""


def _ping(connection: socket.socket) -> bool:
    try:
        connection.sendall(_PING)
        header = b""
        while len(header) < _REPLY_HEADER.size:
            chunk = connection.recv(_REPLY_HEADER.size - len(header))
            if not chunk:
                return False
            header += chunk
        status, length = _REPLY_HEADER.unpack(header)
        while length > 0:  # a Ping's answer has no body; read one anyway rather than misframe the next
            chunk = connection.recv(min(length, 4096))
            if not chunk:
                return False
            length -= len(chunk)
        return status == 0
    except OSError:
        return False


class IdleConnections:
    """``with IdleConnections(address, count) as idle:`` opens them; ``idle.check()`` after the load raises
    ``IdleConnectionsLost`` unless every one still answers."""

    def __init__(self, address: str, count: int) -> None:
        host, _, port = address.rpartition(":")
        self.host, self.port, self.count = host, int(port), count
        self.connections: list[socket.socket] = []

    def __enter__(self) -> IdleConnections:
        try:
            for _ in range(self.count):
                connection = socket.create_connection((self.host, self.port), timeout=_ANSWER_TIMEOUT_S)
                self.connections.append(connection)
                if not _ping(connection):
                    raise IdleConnectionsLost(
                        f"idle connection {len(self.connections)} of {self.count}: no answer to Ping"
                    )
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check(self) -> None:
        lost = sum(1 for connection in self.connections if not _ping(connection))
        if lost:
            raise IdleConnectionsLost(f"the server closed {lost} of {self.count} idle connections during the run")

    def close(self) -> None:
        for connection in self.connections:
            connection.close()
        self.connections.clear()
