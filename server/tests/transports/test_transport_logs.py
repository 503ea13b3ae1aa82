"""HTTP, QUIC and WebSocket log as TCP does: an audit line for every state-changing administrative command, and
refused requests (refused audited commands too) through the one server-wide rate limit of 20 lines a second."""

from __future__ import annotations

import asyncio
import re
import struct
import time

import pytest
import websockets

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request

from log_support import wait_for_log
from server_support import ServerProcess
from transport_support import SERVER_ENV, Http

REPLY_WAIT_S = 60.0
LINES_PER_SECOND = 20  # audit.LogRateLimit's default
UNKNOWN_CODE = 9999
INFO_ENV = {
    **SERVER_ENV, "IGGY_SYSTEM_LOGGING_LEVEL": "info", "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "3600000"
}


@pytest.fixture
def info_server(tmp_path):
    process = ServerProcess(tmp_path / "data", env=INFO_ENV).start()
    yield process
    process.stop()


def websocket_replies(server: ServerProcess, message: bytes, replies: int) -> list[int]:
    """Send one binary message of pipelined frames (after logging in as iggy) and the statuses of the replies."""

    async def exchange() -> list[int]:
        address = server.transport_addresses["websocket"]
        async with websockets.connect(f"ws://{address}/", max_size=None) as connection:
            await connection.send(encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode()))
            assert struct.unpack_from("<I", await asyncio.wait_for(connection.recv(), REPLY_WAIT_S))[0] == 0
            await connection.send(message)
            return [
                struct.unpack_from("<I", await asyncio.wait_for(connection.recv(), REPLY_WAIT_S))[0]
                for _ in range(replies)
            ]

    return asyncio.run(exchange())


def test_http_admin_commands_leave_audit_lines(info_server):
    root = Http(info_server.transport_addresses["http"])
    root.login()
    assert root.call("POST", "/streams", {"name": "http-audited"})[0] == 200
    user = {"username": "http-reader", "password": "secret-pw-1", "status": "active", "permissions": None}
    assert root.call("POST", "/users", user)[0] == 200
    reader = Http(info_server.transport_addresses["http"])
    reader.login("http-reader", "secret-pw-1")
    assert reader.call("DELETE", "/streams/http-audited")[0] == 403
    assert root.call("DELETE", "/streams/http-audited")[0] == 204
    peer = r"127\.0\.0\.1:\d+"
    for pattern in (
        rf"audit: user 0 from {peer}: CREATE_STREAM .*name='http-audited'.* → ok",
        rf"audit: user 0 from {peer}: CREATE_USER username='http-reader' status=1 permissions=none → ok",
        rf"audit: user \d+ from {peer}: DELETE_STREAM stream_id='http-audited' → error 41 \(UNAUTHORIZED\)",
        rf"audit: user 0 from {peer}: DELETE_STREAM stream_id='http-audited' → ok",
        rf"http client 0 \({peer}\): DELETE_STREAM → error 41 \(UNAUTHORIZED\)",
    ):
        wait_for_log(info_server, pattern)
    assert "secret-pw" not in info_server.log()


def test_websocket_refusals_share_the_server_wide_rate_limit(info_server):
    frames = 2000
    started = time.monotonic()
    statuses = websocket_replies(info_server, struct.pack("<II", 4, UNKNOWN_CODE) * frames, frames)
    elapsed_s = time.monotonic() - started
    assert statuses == [3] * frames
    assert info_server.stop() == 0
    log = info_server.log()
    lines = [line for line in log.splitlines() if f"command code {UNKNOWN_CODE}" in line]
    assert 1 <= len(lines) <= LINES_PER_SECOND * (elapsed_s + 2), len(lines)
    assert re.search(r"websocket client \d+ \(127\.0\.0\.1:\d+\): 9999 → error 3 \(INVALID_COMMAND\)", log)
    assert f"log_lines_suppressed={frames - len(lines)}" in log


def test_refused_audited_commands_over_websocket_are_rate_limited(info_server):
    attempts = 1000
    delete = encode_request(Command.DELETE_STREAM, requests.DeleteStream("no-such-stream").encode())
    started = time.monotonic()
    statuses = websocket_replies(info_server, delete * attempts, attempts)
    elapsed_s = time.monotonic() - started
    assert len(statuses) == attempts and 0 not in statuses
    log = info_server.log()
    audit_lines = [line for line in log.splitlines() if "audit: " in line and "DELETE_STREAM" in line]
    assert 1 <= len(audit_lines) <= LINES_PER_SECOND * (elapsed_s + 2), len(audit_lines)
