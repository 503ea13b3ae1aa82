"""Shared fixtures: a scriptable in-process fake Iggy endpoint (unit tests) and a real server from the project's
launcher, ``iggy_server.testing`` (integration tests, samples)."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable

import pytest

from iggy.protocol.codes import (
    COMMAND_OPERATIONS,
    PROTOCOL_VERSION_0_9,
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    Command,
    ErrorCode,
    EvictionReason,
    HeaderCommand,
    Operation,
    ProtocolVersion,
)
from iggy.protocol.errors import ProtocolError
from iggy.protocol.frames import EvictionHeader, ReplyHeader, RequestHeader
from iggy.protocol.requests import decode_request
from iggy.protocol.responses import LoginRegisterResponse
from iggy_server.testing import TestServer


_FRAME = struct.Struct("<II")
_U32 = struct.Struct("<I")
V0_8 = ProtocolVersion.V0_8
V0_9 = ProtocolVersion.V0_9
_COMMAND_OF_OPERATION = {operation: command for command, operation in COMMAND_OPERATIONS.items()
                         if operation != Operation.REGISTER}

# A handler gets (code, payload bytes) and returns (status, body), an `EvictionReason` (0.9 connections: an eviction
# frame with that reason), or None to drop the connection.
Handler = Callable[[int, bytes], "tuple[int, bytes] | EvictionReason | None"]


class FakeIggyServer:
    """A loopback TCP endpoint speaking Iggy framing: 0.8, 0.9 or both (`speaks`; a connection's first 8 bytes tell
    which, as the real server tells them). Records every request as (code, payload); answers via `handler`.

    On a 0.9 connection it does what the session layer of a 0.9 server does around the handler: Register (the
    password shape, else the token shape) binds a session, replies echo the request's operation and number, a
    result-framed operation's answer gets its result section (`[0]` + body, or `[1][0][status]`), and every request
    header is kept in `headers` (a `vsr_support`-like view: `RequestHeader` from the generated frames). It checks
    nothing the real server checks; the integration tests do that.

    A server that speaks only 0.8 reads a 0.9 header as 0.8 frames (length 0: status 3, as Iggy 0.8 answers), or
    closes the connection (`on_0_9="close"`); one that speaks only 0.9 answers a 0.8 request as `on_0_8` says:
    "evict" (an eviction frame), "close" or "silence".

    The default handler answers Ping, logs in `iggy`/`iggy` (user id 0, anything else → 42, an eviction on 0.9)
    and gives every other command an empty OK. Tests replace `handler` or set `delay_s` to script behaviour.
    """

    def __init__(self, speaks: frozenset[ProtocolVersion] = frozenset({V0_8, V0_9}), on_0_8: str = "evict",
                 on_0_9: str = "answer") -> None:
        self.requests: list[tuple[int, bytes]] = []
        self.headers: list[RequestHeader] = []  # 0.9 request headers, in order (None for 0.8 requests)
        self.versions: list[ProtocolVersion] = []  # the version of each request in `requests`
        self.handler: Handler = self.default_handler
        self.delay_s = 0.0
        self.connections = 0
        self.speaks = speaks
        self.on_0_8 = on_0_8
        self.on_0_9 = on_0_9
        self.sessions = 0
        self._server: asyncio.base_events.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self.port = 0

    @staticmethod
    def default_handler(code: int, payload: bytes) -> tuple[int, bytes] | EvictionReason | None:
        if code == Command.LOGIN_USER:
            request = decode_request(code, payload)
            if (request.username, request.password) == ("iggy", "iggy"):
                return 0, struct.pack("<I", 0)
            return ErrorCode.INVALID_CREDENTIALS, b""
        if code == Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN:
            return 0, struct.pack("<I", 7)
        if code == Command.LOGIN_REGISTER:
            request = decode_request(code, payload, V0_9)
            if (request.username, request.password) == ("iggy", "iggy"):
                return 0, _login_body(0)
            return EvictionReason.INVALID_CREDENTIALS
        if code == Command.LOGIN_REGISTER_WITH_PAT:
            return 0, _login_body(7)
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

    def decoded(self, index: int):
        """Request `index` decoded in the version it came in."""
        code, payload = self.requests[index]
        return decode_request(code, payload, self.versions[index])

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
            first = await reader.readexactly(8)
            is_0_9 = _U32.unpack_from(first, 0)[0] == 0
            if is_0_9 and V0_9 in self.speaks:
                await self._serve_0_9(first, reader, writer)
            elif not is_0_9 and V0_8 not in self.speaks:
                await self._refuse_0_8(reader, writer)
            elif is_0_9 and self.on_0_9 == "close":
                return
            else:
                await self._serve_0_8(first, reader, writer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def _refuse_0_8(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.on_0_8 == "evict":
            writer.write(EvictionHeader(checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE, view=0,
                                        release=0, command=HeaderCommand.EVICTION, replica=0, client=1,
                                        server_protocol_version=0, server_protocol_version_min=0,
                                        reason=EvictionReason.INVALID_REQUEST_OPERATION).encode(V0_9))
            await writer.drain()
            await reader.read()  # until the client closes
        elif self.on_0_8 == "silence":
            await reader.read()

    async def _serve_0_8(self, first: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        header = first
        while True:
            length, code = _FRAME.unpack(header)
            if length < 4:  # what Iggy 0.8 answers a frame shorter than its code (a 0.9 header's zero checksum)
                writer.write(_FRAME.pack(ErrorCode.INVALID_COMMAND, 0))
                await writer.drain()
                header = await reader.readexactly(8)
                continue
            payload = await reader.readexactly(length - 4)
            self.requests.append((code, payload))
            self.headers.append(None)
            self.versions.append(V0_8)
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
            answer = self.handler(code, payload)
            if answer is None:
                writer.transport.abort()
                return
            status, body = answer
            writer.write(_FRAME.pack(status, len(body) if status == 0 else 0) + (body if status == 0 else b""))
            await writer.drain()
            header = await reader.readexactly(8)

    async def _serve_0_9(self, first: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raw = first + await reader.readexactly(VSR_HEADER_SIZE - 8)
        while True:
            header = RequestHeader.decode(raw, V0_9)
            body = await reader.readexactly(header.size - VSR_HEADER_SIZE)
            code = self._command_of(header, body)
            self.requests.append((code, body))
            self.headers.append(header)
            self.versions.append(V0_9)
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
            answer = self.handler(code, body)
            if answer is None:
                writer.transport.abort()
                return
            writer.write(self._reply(header, answer))
            await writer.drain()
            raw = await reader.readexactly(VSR_HEADER_SIZE)

    @staticmethod
    def _command_of(header: RequestHeader, body: bytes) -> int:
        operation = header.operation
        if operation == Operation.NON_REPLICATED:
            return header.code
        if operation == Operation.REGISTER:
            try:
                decode_request(Command.LOGIN_REGISTER, body, V0_9)
                return Command.LOGIN_REGISTER
            except ProtocolError:
                return Command.LOGIN_REGISTER_WITH_PAT
        return _COMMAND_OF_OPERATION[Operation(operation)]

    def _reply(self, header: RequestHeader, answer: tuple[int, bytes] | EvictionReason) -> bytes:
        if isinstance(answer, EvictionReason):
            return EvictionHeader(checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE, view=0, release=0,
                                  command=HeaderCommand.EVICTION, replica=0, client=header.client,
                                  server_protocol_version=0, server_protocol_version_min=0,
                                  reason=answer).encode(V0_9)
        status, body = answer
        if header.operation in RESULT_FRAMED_OPERATIONS and (header.operation != Operation.REGISTER or body
                                                              or status):
            body = _U32.pack(0) + body if status == 0 else _U32.pack(1) + _U32.pack(0) + _U32.pack(status)
            status = 0
        elif status:
            body = b""
        return ReplyHeader(checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(body), view=0,
                           release=0, command=HeaderCommand.REPLY, replica=0,
                           request_checksum=header.request_checksum, context=0, client=header.client, op=0,
                           commit=0, timestamp=0, request=header.request, operation=header.operation,
                           status=status).encode(V0_9) + body


def _login_body(user_id: int) -> bytes:
    return LoginRegisterResponse(user_id=user_id, session=41, server_protocol_version=PROTOCOL_VERSION_0_9,
                                 server_version="fake").encode(V0_9)


def run_with_fake_server(scenario, timeout_s: float = 20.0, **server_options):
    """Run `await scenario(server)` on a fresh event loop with a started FakeIggyServer (no
    pytest-asyncio: the project keeps test dependencies few). `server_options`: FakeIggyServer's."""

    async def main():
        server = await FakeIggyServer(**server_options).start()
        try:
            return await asyncio.wait_for(scenario(server), timeout_s)
        finally:
            await server.stop()

    return asyncio.run(main())


@pytest.fixture
def with_fake_server():
    return run_with_fake_server


@pytest.fixture(params=[V0_9, V0_8], ids=["0.9", "0.8"])
def protocol(request) -> ProtocolVersion:
    """Run the test once per Iggy protocol version the SDK speaks."""
    return request.param


# --------------------------------------------------------------------------------------------
# Real server


class SdkTestServer(TestServer):
    """A server from the project's launcher (``python -m iggy_server.testing``), with the SDK's connection string."""

    @property
    def connection_string(self) -> str:
        return f"iggy://iggy:iggy@{self.address}"

    def url(self, protocol: ProtocolVersion, scheme: str = "iggy", address: str | None = None) -> str:
        """The root user's connection string for `protocol` (and another listener's `scheme`/`address`)."""
        version = protocol.name[1:].replace("_", ".")
        return f"{scheme}://iggy:iggy@{address or self.address}?protocol={version}"


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
