"""Test helpers: a real server from the project's launcher, and a raw TCP client to talk to it.

``ServerProcess`` is :class:`iggy_server.testing.TestServer` (``python -m iggy_server.testing``: a free loopback
port, root ``iggy``/``iggy``, ``kill``/``restart``/``stop``) with a ``client()``. ``WireClient`` is a small blocking
client built on ``iggy.protocol`` (framing + request/response models) that can also send raw bytes.
"""

from __future__ import annotations

import socket
import struct
from typing import Any

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, PolledMessages, encode_send_messages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy
from iggy_server.testing import TestServer

SOCKET_TIMEOUT_S = 10.0
_RESPONSE_HEADER = struct.Struct("<II")


class ServerError(Exception):
    def __init__(self, code: int, command: int) -> None:
        self.code = code
        self.command = command
        try:
            name = ErrorCode(code).name
        except ValueError:
            name = "?"
        super().__init__(f"command {command} failed with {code} ({name})")


class ServerProcess(TestServer):
    """A server from the project's launcher (:class:`iggy_server.testing.TestServer`) plus a raw wire client."""

    def client(self, login: bool = True) -> "WireClient":
        client = WireClient(self.host, self.port)
        if login:
            client.login()
        return client


def free_port() -> int:
    """A loopback TCP port free right now (for a process a test starts on an address of its own)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WireClient:
    """Blocking request/response client; ``call`` raises :class:`ServerError` on a non-zero status."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=SOCKET_TIMEOUT_S)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> "WireClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ raw frames

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _recv_exact(self, size: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < size:
            chunk = self.sock.recv(size - len(chunks))
            if not chunk:
                raise ConnectionError("server closed the connection")
            chunks += chunk
        return bytes(chunks)

    def read_response(self) -> tuple[int, bytes]:
        status, length = _RESPONSE_HEADER.unpack(self._recv_exact(8))
        body = self._recv_exact(length) if length else b""
        return status, body

    def request(self, code: int, payload: bytes = b"") -> tuple[int, bytes]:
        self.send_raw(encode_request(code, payload))
        return self.read_response()

    def call(self, request: Any) -> bytes:
        status, body = self.request(request.CODE, request.encode())
        if status != 0:
            raise ServerError(status, int(request.CODE))
        return body

    def status_of(self, request: Any) -> int:
        status, _ = self.request(request.CODE, request.encode())
        return status

    # ------------------------------------------------------------------ conveniences

    def login(self, username: str = "iggy", password: str = "iggy") -> int:
        body = self.call(requests.LoginUser(username, password, "test", ""))
        return struct.unpack("<I", body)[0]

    def send(self, stream: Any, topic: Any, payloads: list[bytes], partitioning: Partitioning | None = None) -> None:
        messages = [Message(payload=p) for p in payloads]
        payload = encode_send_messages(
            Identifier.parse(stream), Identifier.parse(topic), partitioning or Partitioning.partition_id(0), messages
        )
        status, _ = self.request(Command.SEND_MESSAGES, payload)
        if status != 0:
            raise ServerError(status, int(Command.SEND_MESSAGES))

    def poll(
        self,
        stream: Any,
        topic: Any,
        strategy: PollingStrategy,
        count: int = 100,
        partition_id: int | None = 0,
        consumer: Consumer | None = None,
        auto_commit: bool = False,
    ) -> PolledMessages:
        body = self.call(
            requests.PollMessages(
                consumer or Consumer.consumer(1), stream, topic, partition_id, strategy, count, auto_commit
            )
        )
        return PolledMessages.decode(body)
