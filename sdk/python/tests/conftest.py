"""Shared fixtures: a scriptable in-process fake Iggy endpoint (unit tests) and a real `iggy-server`
started on a free loopback port (integration tests, samples)."""

from __future__ import annotations

import asyncio
import os
import queue
import shutil
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.requests import decode_request

REPO_ROOT = Path(__file__).resolve().parents[3]
SERVER_BINARY = Path(sys.executable).with_name("iggy-server")
SERVER_START_TIMEOUT_S = 60

_FRAME = struct.Struct("<II")

# A handler gets (code, payload bytes) and returns (status, body) or None to drop the connection.
Handler = Callable[[int, bytes], "tuple[int, bytes] | None"]


class FakeIggyServer:
    """A loopback TCP endpoint speaking Iggy framing. Records every request; answers via `handler`.

    The default handler answers Ping, logs in `iggy`/`iggy` (user id 0, anything else → 42) and gives
    every other command an empty OK. Tests replace `handler` or set `delay_s` to script behaviour.
    """

    def __init__(self) -> None:
        self.requests: list[tuple[int, bytes]] = []
        self.handler: Handler = self.default_handler
        self.delay_s = 0.0
        self.connections = 0
        self._server: asyncio.base_events.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self.port = 0

    @staticmethod
    def default_handler(code: int, payload: bytes) -> tuple[int, bytes] | None:
        if code == Command.LOGIN_USER:
            request = decode_request(code, payload)
            if (request.username, request.password) == ("iggy", "iggy"):
                return 0, struct.pack("<I", 0)
            return ErrorCode.INVALID_CREDENTIALS, b""
        if code == Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN:
            return 0, struct.pack("<I", 7)
        return 0, b""

    async def start(self) -> FakeIggyServer:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def codes(self) -> list[int]:
        return [code for code, _ in self.requests]

    async def drop_connections(self) -> None:
        for writer in self._writers:
            writer.transport.abort()
        self._writers.clear()
        await asyncio.sleep(0.01)

    async def stop(self) -> None:
        await self.drop_connections()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.append(writer)
        try:
            while True:
                header = await reader.readexactly(8)
                length, code = _FRAME.unpack(header)
                payload = await reader.readexactly(length - 4)
                self.requests.append((code, payload))
                if self.delay_s:
                    await asyncio.sleep(self.delay_s)
                answer = self.handler(code, payload)
                if answer is None:
                    writer.transport.abort()
                    return
                status, body = answer
                writer.write(_FRAME.pack(status, len(body) if status == 0 else 0) + (body if status == 0 else b""))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


def run_with_fake_server(scenario, timeout_s: float = 20.0):
    """Run `await scenario(server)` on a fresh event loop with a started FakeIggyServer (no
    pytest-asyncio: the project keeps test dependencies few)."""

    async def main():
        server = await FakeIggyServer().start()
        try:
            return await asyncio.wait_for(scenario(server), timeout_s)
        finally:
            await server.stop()

    return asyncio.run(main())


@pytest.fixture
def with_fake_server():
    return run_with_fake_server


# --------------------------------------------------------------------------------------------
# Real server


class RunningServer:
    def __init__(self, process: subprocess.Popen, address: str, data_dir: Path, log_path: Path) -> None:
        self.process = process
        self.address = address
        self.data_dir = data_dir
        self.log_path = log_path

    @property
    def connection_string(self) -> str:
        return f"iggy://iggy:iggy@{self.address}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start_iggy_server(data_dir: Path, extra_env: dict[str, str] | None = None) -> RunningServer:
    """Start `.venv/bin/iggy-server` on 127.0.0.1:0 and wait for its `listening on HOST:PORT` line."""
    binary = SERVER_BINARY if SERVER_BINARY.exists() else shutil.which("iggy-server")
    if binary is None:
        if os.environ.get("CI"):  # in CI a missing server is a broken build, not a reason to skip
            pytest.fail("iggy-server is not installed in .venv (run `make server`)")
        pytest.skip("iggy-server is not installed in .venv (run `make server`)")
    data_dir.mkdir(parents=True, exist_ok=True)
    log_path = data_dir.parent / f"{data_dir.name}-server.log"
    env = {
        **os.environ,
        "IGGY_TCP_ADDRESS": "127.0.0.1:0",
        "IGGY_HTTP_ADDRESS": "127.0.0.1:0",
        "IGGY_QUIC_ADDRESS": "127.0.0.1:0",
        "IGGY_WEBSOCKET_ADDRESS": "127.0.0.1:0",
        "IGGY_SYSTEM_PATH": str(data_dir),
        **(extra_env or {}),
    }
    log_file = open(log_path, "wb")
    process = subprocess.Popen(
        [str(binary), "--with-default-root-credentials"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=log_file,
        cwd=data_dir,
    )
    log_file.close()
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for raw in process.stdout:
            lines.put(raw.decode(errors="replace"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    address = None
    try:
        while address is None:
            line = lines.get(timeout=SERVER_START_TIMEOUT_S)
            if line is None:
                break
            marker = "listening on "
            if marker in line:
                address = line.split(marker, 1)[1].strip().split()[0]
    except queue.Empty:
        pass
    if address is None:
        process.kill()
        process.wait(timeout=10)
        raise RuntimeError(f"iggy-server did not start; log:\n{log_path.read_text(errors='replace')[-4000:]}")
    return RunningServer(process, address, data_dir, log_path)


@pytest.fixture(scope="session")
def iggy_server(tmp_path_factory):
    """One real server for the whole session (tests use unique stream names)."""
    server = start_iggy_server(tmp_path_factory.mktemp("iggy-server") / "data")
    yield server
    server.stop()


@pytest.fixture
def start_server():
    """`start_iggy_server` itself, for tests that stop and restart their own server. A fixture rather than
    `from conftest import ...`: with several test roots in one run, `conftest` may name another one."""
    return start_iggy_server
