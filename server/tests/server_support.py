"""Test helpers: start a real ``iggy-server`` process on a free loopback port and talk to it over TCP.

``ServerProcess`` runs ``python -m iggy_server`` with ``IGGY_TCP_ADDRESS=127.0.0.1:0`` and reads the
bound address from the file named by ``IGGY_TCP_ADDRESS_FILE``. ``WireClient`` is a small blocking
client built on ``iggy.protocol`` (framing + request/response models) that can also send raw bytes.
"""

from __future__ import annotations

import os
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, PolledMessages, encode_send_messages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy

START_TIMEOUT_S = 20.0
STOP_TIMEOUT_S = 15.0
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


class ServerProcess:
    """One server subprocess on its own data directory (``data_dir``) and a free port."""

    def __init__(self, data_dir: Path, env: Mapping[str, str] | None = None, args: tuple[str, ...] = ()) -> None:
        self.data_dir = Path(data_dir)
        self.extra_env = dict(env or {})
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None
        self.host = "127.0.0.1"
        self.port = 0
        self.address_file = self.data_dir.parent / f"{self.data_dir.name}.address"
        self.log_path = self.data_dir.parent / f"{self.data_dir.name}.log"
        # "http" / "quic" / "websocket" → "HOST:PORT" of the enabled transports, once started.
        self.transport_addresses: dict[str, str] = {}

    def start(self) -> "ServerProcess":
        self.address_file.unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
        env.update(
            {
                "IGGY_TCP_ADDRESS": "127.0.0.1:0",
                "IGGY_HTTP_ADDRESS": "127.0.0.1:0",
                "IGGY_QUIC_ADDRESS": "127.0.0.1:0",
                "IGGY_WEBSOCKET_ADDRESS": "127.0.0.1:0",
                "IGGY_TCP_ADDRESS_FILE": str(self.address_file),
                "IGGY_SYSTEM_PATH": str(self.data_dir),
                "IGGY_LOGGING_LEVEL": "warning",
                "IGGY_ROOT_USERNAME": "iggy",
                "IGGY_ROOT_PASSWORD": "iggy",
            }
        )
        env.update(self.extra_env)
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "iggy_server", *self.args],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.data_dir.parent,
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}:\n{self.log()}")
            if self.address_file.exists():
                text = self.address_file.read_text().strip()
                if text:
                    host, _, port = text.rpartition(":")
                    self.host, self.port = host, int(port)
                    self.transport_addresses = {
                        transport: path.read_text().strip()
                        for transport in ("http", "quic", "websocket")
                        if (path := self.address_file.with_name(f"{self.address_file.name}.{transport}")).exists()
                    }
                    return self
            time.sleep(0.02)
        self.kill()
        raise RuntimeError(f"server did not start within {START_TIMEOUT_S} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> int:
        """SIGTERM (graceful shutdown) and wait; returns the exit code."""
        if self.process is None:
            return 0
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self.process = None
        return code

    def kill(self) -> None:
        """SIGKILL: a crash, no shutdown code runs."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            self.process = None

    def client(self, login: bool = True) -> "WireClient":
        client = WireClient(self.host, self.port)
        if login:
            client.login()
        return client


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
