"""One request path: a refused request gets the same Iggy code, log line, error counter and audit line on every
transport.

TCP refuses from its inline frame callbacks, WebSocket and QUIC through their frame assemblers and
``execute``, HTTP through ``execute``; all of them are meant to call ``iggy_server.request_path``. This suite runs
the same refused requests on each (HTTP where its REST API can express the request: a failing audited command)
against one server started in this process — so a session can be marked stale, as the heartbeat verifier does,
and the log lines and counters are read directly — and compares what each transport answered, logged, counted
and audited. A check changed on one path only (its order, code, message or close flag) shows as a difference.
"""

from __future__ import annotations

import asyncio
import logging
import re
import ssl
import struct
from collections import Counter
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import websockets
from aioquic.asyncio import connect as quic_connect
from aioquic.quic.configuration import QuicConfiguration

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode, Transport
from iggy.protocol.framing import encode_request
from iggy_server.audit import LogRateLimit
from iggy_server.config import load_config
from iggy_server.lifecycle import IggyServer
from iggy_server.startup import build_context
from iggy_server.transports.metrics import TRAFFIC

RESPONSE_HEADER = struct.Struct("<II")
REQUEST_HEADER = struct.Struct("<II")
WAIT_S = 30
MAX_REQUEST_BYTES = 16 * 1024
MAX_UNAUTHENTICATED_BYTES = 4096
KINDS = {"tcp": Transport.TCP, "websocket": Transport.WEB_SOCKET, "quic": Transport.QUIC, "http": Transport.HTTP}


def frame(request: requests.Request) -> bytes:
    return encode_request(request.CODE, request.encode())


@dataclass(frozen=True)
class Case:
    """A refused request: sent on a fresh connection (logged in first when ``login``; its session then marked
    stale when ``stale``). ``frame``: what is sent (a refused payload's bytes follow its header, to be skipped)."""

    name: str
    frame: bytes
    code: int
    closes: bool
    login: bool = False
    stale: bool = False


CASES = [
    # Header only: the connection is closed before its announced payload would be read.
    Case("oversize_before_login", REQUEST_HEADER.pack(4 + MAX_UNAUTHENTICATED_BYTES + 1, Command.GET_STREAMS),
         ErrorCode.UNAUTHENTICATED, closes=True),
    Case("too_short", REQUEST_HEADER.pack(2, Command.PING), ErrorCode.INVALID_COMMAND, closes=False),
    Case("unknown_code", REQUEST_HEADER.pack(4 + 3, 9999) + b"abc", ErrorCode.INVALID_COMMAND, closes=False),
    Case("over_limit", REQUEST_HEADER.pack(4 + MAX_REQUEST_BYTES + 1, Command.CREATE_STREAM)
         + b"x" * (MAX_REQUEST_BYTES + 1), ErrorCode.INVALID_COMMAND, closes=False, login=True),
    Case("stale", frame(requests.Ping()), ErrorCode.STALE_CLIENT, closes=True, login=True, stale=True),
    Case("not_logged_in", frame(requests.GetStreams()), ErrorCode.UNAUTHENTICATED, closes=False),
    Case("audited_handler_error", frame(requests.DeleteStream("missing")), ErrorCode.STREAM_ID_NOT_FOUND,
         closes=False, login=True),
]


@dataclass
class Seen:
    """What one transport did with one case."""

    status: int
    # "open" (a Ping after it is answered: the connection is up and in sync) or "closed"; None: not observed.
    after: str | None
    refusal_lines: list[str]
    audit_lines: list[str]
    errors_counted: dict[tuple[int, int], int]


def _refusal_text(message: str) -> str:
    """A refusal's log line without its transport, client id and address (``<t> client <id> (<addr>): ...``)."""
    return message.split("): ", 1)[1]


def _audit_text(message: str) -> str:
    return re.sub(r" from \S+: ", " from <peer>: ", message)


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.refusals: list[str] = []
        self.audits: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.name == "iggy_server.audit":
            self.audits.append(_audit_text(message))
        elif " → error " in message and " client " in message:
            self.refusals.append(_refusal_text(message))


# ---------------------------------------------------------------------- one client per transport


class TcpClient:
    async def open(self, address: tuple[str, int]) -> None:
        self.reader, self.writer = await asyncio.open_connection(*address)

    async def request(self, data: bytes) -> int:
        self.writer.write(data)
        status, length = RESPONSE_HEADER.unpack(await asyncio.wait_for(self.reader.readexactly(8), WAIT_S))
        await asyncio.wait_for(self.reader.readexactly(length), WAIT_S)
        return status

    async def after(self) -> str:
        try:
            self.writer.write(frame(requests.Ping()))
            data = await asyncio.wait_for(self.reader.read(8), WAIT_S)
        except ConnectionError:
            return "closed"
        if not data:
            return "closed"
        assert RESPONSE_HEADER.unpack(data) == (0, 0)
        return "open"

    async def close(self) -> None:
        self.writer.close()


class WebSocketClient:
    async def open(self, address: tuple[str, int]) -> None:
        self.connection = await websockets.connect(f"ws://{address[0]}:{address[1]}/", max_size=None)

    async def request(self, data: bytes) -> int:
        await self.connection.send(data)
        reply = await asyncio.wait_for(self.connection.recv(), WAIT_S)
        return RESPONSE_HEADER.unpack_from(reply, 0)[0]

    async def after(self) -> str:
        try:
            await self.connection.send(frame(requests.Ping()))
            reply = await asyncio.wait_for(self.connection.recv(), WAIT_S)
        except websockets.ConnectionClosed:
            return "closed"
        assert RESPONSE_HEADER.unpack(reply) == (0, 0)
        return "open"

    async def close(self) -> None:
        await self.connection.close()


class QuicClient:
    """One stream per request; whether the server closed the connection is not observed (aioquic's client sees
    it only as streams that never answer)."""

    async def open(self, address: tuple[str, int]) -> None:
        configuration = QuicConfiguration(is_client=True, alpn_protocols=None, verify_mode=ssl.CERT_NONE,
                                          server_name="localhost")
        self.context = quic_connect(*address, configuration=configuration)
        self.connection = await self.context.__aenter__()

    async def request(self, data: bytes) -> int:
        reader, writer = await self.connection.create_stream()
        writer.write(data)
        writer.write_eof()
        reply = await asyncio.wait_for(reader.read(), WAIT_S)
        return RESPONSE_HEADER.unpack_from(reply, 0)[0]

    async def after(self) -> None:
        return None

    async def close(self) -> None:
        await self.context.__aexit__(None, None, None)


CLIENTS = {"tcp": TcpClient, "websocket": WebSocketClient, "quic": QuicClient}


# ---------------------------------------------------------------------- the server, in this process


class InProcessServer:
    def __init__(self, server: IggyServer) -> None:
        self.server = server
        self.ctx = server.ctx
        self.lines = _Lines()

    def address(self, transport: str) -> tuple[str, int]:
        if transport == "tcp":
            return self.ctx.bound_host, self.ctx.bound_port
        bound = self.server.transports[transport].address
        return bound[0], bound[1]

    def mark_stale(self, kind: int) -> None:
        """What the heartbeat verifier does to a client that missed its heartbeats."""
        for session in self.ctx.clients:
            if session.transport_kind == kind and session.user_id is not None:
                session.stale = True

    async def observe(self, transport: str, case: Case, run: Any) -> Seen:
        counters = TRAFFIC[KINDS[transport]]
        errors_before = dict(counters.errors)
        refusals_before, audits_before = len(self.lines.refusals), len(self.lines.audits)
        status, after = await run()
        errors_counted = {
            key: count - errors_before.get(key, 0)
            for key, count in counters.errors.items()
            if count != errors_before.get(key, 0)
        }
        return Seen(status, after, self.lines.refusals[refusals_before:], self.lines.audits[audits_before:],
                    errors_counted)

    async def framed(self, transport: str, case: Case) -> Seen:
        async def run() -> tuple[int, str | None]:
            client = CLIENTS[transport]()
            await client.open(self.address(transport))
            try:
                if case.login:
                    assert await client.request(frame(requests.LoginUser("iggy", "iggy"))) == 0
                if case.stale:
                    self.mark_stale(KINDS[transport])
                status = await client.request(case.frame)
                return status, await client.after()
            finally:
                await client.close()

        return await self.observe(transport, case, run)

    async def http(self, case: Case) -> Seen:
        assert case.name == "audited_handler_error"
        host, port = self.address("http")
        base = f"http://{host}:{port}"

        async def run() -> tuple[int, None]:
            async with aiohttp.ClientSession() as client:
                async with client.post(f"{base}/users/login", json={"username": "iggy", "password": "iggy"}) as login:
                    token = (await login.json())["access_token"]["token"]
                headers = {"Authorization": f"Bearer {token}"}
                async with client.delete(f"{base}/streams/missing", headers=headers) as answer:
                    return (await answer.json())["id"], None

        return await self.observe("http", case, run)


async def _serve_cases(tmp_path: Any) -> dict[str, dict[str, Seen]]:
    config_file = tmp_path / "config.toml"  # the defaults, whatever the working directory holds
    config_file.write_text("")
    config = load_config(config_file, environ={
        "IGGY_SYSTEM_PATH": str(tmp_path / "data"),
        "IGGY_TCP_ADDRESS": "127.0.0.1:0",
        "IGGY_HTTP_ADDRESS": "127.0.0.1:0",
        "IGGY_QUIC_ADDRESS": "127.0.0.1:0",
        "IGGY_WEBSOCKET_ADDRESS": "127.0.0.1:0",
        "IGGY_LIMITS_MAX_REQUEST_BYTES": str(MAX_REQUEST_BYTES),
        "IGGY_LIMITS_MAX_UNAUTHENTICATED_REQUEST_BYTES": str(MAX_UNAUTHENTICATED_BYTES),
    })
    ctx = build_context(config, root_credentials=("iggy", "iggy"))
    ctx.log_limit = LogRateLimit(lines_per_window=10_000)  # every line of this test is kept
    server = IggyServer(ctx)
    await server.start()
    served = InProcessServer(server)
    loggers = [logging.getLogger("iggy_server"), logging.getLogger("iggy_server.audit")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.INFO)
    logging.getLogger("iggy_server").addHandler(served.lines)
    seen: dict[str, dict[str, Seen]] = {case.name: {} for case in CASES}
    try:
        for case in CASES:
            for transport in CLIENTS:
                seen[case.name][transport] = await served.framed(transport, case)
        seen["audited_handler_error"]["http"] = await served.http(CASES[-1])
    finally:
        logging.getLogger("iggy_server").removeHandler(served.lines)
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)
        await server.shutdown()
    return seen


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Seen]]:
    return asyncio.run(_serve_cases(tmp_path_factory.mktemp("parity")))


# The unread payload of a refused QUIC stream is stopped (STOP_SENDING); aioquic's client writer then fails when
# garbage-collected, which is the expected effect, not a test problem.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_every_transport_refuses_alike(seen, case):
    by_transport = seen[case.name]
    tcp = by_transport["tcp"]
    assert tcp.status == case.code
    assert tcp.after == ("closed" if case.closes else "open")
    assert len(tcp.refusal_lines) == 1, tcp.refusal_lines
    assert sum(tcp.errors_counted.values()) == 1, tcp.errors_counted
    for transport, other in by_transport.items():
        assert other.status == tcp.status, f"{transport} answered {other.status}, tcp {tcp.status}"
        if other.after is not None:
            assert other.after == tcp.after, f"{transport}: the connection is {other.after}, on tcp {tcp.after}"
        assert other.refusal_lines == tcp.refusal_lines, transport
        assert other.errors_counted == tcp.errors_counted, transport
        assert other.audit_lines == tcp.audit_lines, transport


def test_the_audited_failure_leaves_one_audit_line_naming_who_ran_it(seen):
    lines = seen["audited_handler_error"]["tcp"].audit_lines
    assert lines == [f"audit: user 0 from <peer>: DELETE_STREAM stream_id='missing' → error "
                     f"{int(ErrorCode.STREAM_ID_NOT_FOUND)} ({ErrorCode.STREAM_ID_NOT_FOUND.name})"], lines
    assert not any(seen[case.name]["tcp"].audit_lines for case in CASES if case.name != "audited_handler_error")


def test_refusals_are_counted_under_their_command(seen):
    counted = {name: Counter(by["tcp"].errors_counted) for name, by in seen.items()}
    assert set(counted["not_logged_in"]) == {(int(Command.GET_STREAMS), int(ErrorCode.UNAUTHENTICATED))}
    assert set(counted["stale"]) == {(int(Command.PING), int(ErrorCode.STALE_CLIENT))}
