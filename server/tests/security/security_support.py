"""Shared constants and helpers for the security tests (a unique module name: test dirs have no packages)."""

from __future__ import annotations

import os
import re
import select
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

from iggy.protocol.framing import encode_request
from iggy_server.security import PasswordHasher

# Still real Argon2id (only cheaper), so every hashing code path runs; one test checks the
# production parameters separately.
FAST_HASHER = PasswordHasher(memory_cost_kib=64, iterations=1, lanes=1)
ROOT_NAME = "iggy"
ROOT_PASSWORD = "iggy-root-secret"


class FakeClock:
    """A settable microsecond clock for expiry tests."""

    def __init__(self, now_us: int = 1_800_000_000_000_000) -> None:
        self.now_us = now_us

    def __call__(self) -> int:
        return self.now_us


# ------------------------------------------------------------------ end-to-end helpers

SERVER_START_TIMEOUT_S = 30.0
SOCKET_TIMEOUT_S = 10.0
_LISTENING = re.compile(r"listening on 127\.0\.0\.1:(\d+)")


class RunningServer:
    """An ``iggy-server`` subprocess bound to a free loopback port; stopped by :meth:`stop`."""

    def __init__(self, data_dir: Path, root_password: str = ROOT_PASSWORD) -> None:
        env = dict(os.environ)
        env.update(
            IGGY_TCP_ADDRESS="127.0.0.1:0",
            IGGY_SYSTEM_PATH=str(data_dir),
            IGGY_ROOT_USERNAME=ROOT_NAME,
            IGGY_ROOT_PASSWORD=root_password,
            IGGY_LOGGING_LEVEL="warning",
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "iggy_server"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.port = self._wait_for_port()

    def _wait_for_port(self) -> int:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"iggy-server exited with {self.process.returncode} before listening")
            ready, _, _ = select.select([self.process.stdout], [], [], 0.1)
            if ready:
                match = _LISTENING.search(self.process.stdout.readline())
                if match:
                    return int(match.group(1))
        self.stop()
        raise RuntimeError("iggy-server did not report a listening address in time")

    def connect(self) -> RawClient:
        return RawClient(self.port)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


class RawClient:
    """Frames requests with ``iggy.protocol`` and returns ``(status, payload)``; no SDK logic."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=SOCKET_TIMEOUT_S)

    def call(self, request: object) -> tuple[int, bytes]:
        return self.call_raw(request.CODE, request.encode())  # type: ignore[attr-defined]

    def call_raw(self, code: int, payload: bytes) -> tuple[int, bytes]:
        self.sock.sendall(encode_request(code, payload))
        status, length = struct.unpack("<II", self._read(8))
        return status, self._read(length)

    def ok(self, request: object) -> bytes:
        status, payload = self.call(request)
        assert status == 0, f"{type(request).__name__} failed with {status}"
        return payload

    def _read(self, size: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < size:
            chunk = self.sock.recv(size - len(chunks))
            if not chunk:
                raise ConnectionError("server closed the connection")
            chunks += chunk
        return bytes(chunks)

    def close(self) -> None:
        self.sock.close()
