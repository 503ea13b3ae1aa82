"""Shared fixtures: a scriptable in-process fake Iggy endpoint (unit tests) and a real server from the project's
launcher, ``iggy_server.testing`` (integration tests, samples)."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable

import pytest

from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.requests import decode_request
from iggy_server.testing import TestServer


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


class SdkTestServer(TestServer):
    """A server from the project's launcher (``python -m iggy_server.testing``), with the SDK's connection string."""

    @property
    def connection_string(self) -> str:
        return f"iggy://iggy:iggy@{self.address}"


@pytest.fixture(scope="session")
def iggy_server():
    """One real server for the whole session (tests use unique stream names)."""
    with SdkTestServer() as server:
        yield server


@pytest.fixture
def start_server():
    """``start_server(data_dir)``: a started server on that data directory, for tests that stop and restart their
    own. A fixture rather than `from conftest import ...`: with several test roots in one run, `conftest` may name
    another one."""
    return lambda data_dir: SdkTestServer(data_dir).start()
