"""A TCP, QUIC or WebSocket connection that stays without a login for ``limits.login_timeout_ms`` is closed by the
server; commands allowed before login do not extend the wait, a logout starts it again, a logged-in connection may
idle."""

from __future__ import annotations

import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request

from hostile_support import raw_connection, wait_closed_by_server
from server_support import ServerProcess

LOGIN_TIMEOUT_MS = 1500
# Generous: the sweep closes within 1.25 login timeouts; the machine may be loaded.
CLOSE_WAIT_S = 60.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    env = {"IGGY_LIMITS_LOGIN_TIMEOUT_MS": str(LOGIN_TIMEOUT_MS)}
    process = ServerProcess(tmp_path_factory.mktemp("login-timeout") / "data", env=env).start()
    yield process
    process.stop()


def test_a_connection_that_never_logs_in_is_closed(server):
    with raw_connection(server) as sock:
        assert wait_closed_by_server(sock, time.monotonic() + CLOSE_WAIT_S) == b""
    assert "not logged in after" in server.log()


def test_pings_before_login_do_not_keep_a_connection_open(server):
    with server.client(login=False) as client:
        deadline = time.monotonic() + CLOSE_WAIT_S
        closed = False
        while not closed and time.monotonic() < deadline:
            try:
                assert client.request(Command.PING) == (0, b"")
            except (ConnectionError, EOFError):
                closed = True
            time.sleep(LOGIN_TIMEOUT_MS / 4000)
        assert closed, "the server kept a pinging connection without a login open"


def test_a_logout_starts_the_wait_again(server):
    with server.client() as client:
        time.sleep(LOGIN_TIMEOUT_MS * 2 / 1000)
        client.call(requests.LogoutUser())
        assert wait_closed_by_server(client.sock, time.monotonic() + CLOSE_WAIT_S) == b""


def test_a_logged_in_connection_may_stay_idle(server):
    with server.client() as client:
        time.sleep(LOGIN_TIMEOUT_MS * 3 / 1000)
        assert client.request(Command.PING) == (0, b"")


def test_a_websocket_session_that_never_logs_in_is_closed_and_a_logged_in_one_stays(server):
    import asyncio
    import struct

    import websockets

    address = server.transport_addresses["websocket"]
    login = encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode())
    ping = encode_request(Command.PING, b"")

    async def scenario() -> tuple[float, int]:
        async with websockets.connect(f"ws://{address}/") as idle, websockets.connect(f"ws://{address}/") as user:
            await user.send(login)
            assert struct.unpack_from("<I", await asyncio.wait_for(user.recv(), CLOSE_WAIT_S))[0] == 0
            started = time.monotonic()
            try:
                await asyncio.wait_for(idle.recv(), CLOSE_WAIT_S)
            except websockets.ConnectionClosed:
                pass
            waited_s = time.monotonic() - started
            assert idle.close_code is not None
            await asyncio.sleep(LOGIN_TIMEOUT_MS / 1000)  # the logged-in session outlives the timeout
            await user.send(ping)
            status = struct.unpack_from("<I", await asyncio.wait_for(user.recv(), CLOSE_WAIT_S))[0]
            return waited_s, status

    waited_s, ping_status = asyncio.run(scenario())
    assert ping_status == 0
    assert waited_s < CLOSE_WAIT_S
    assert "not logged in after" in server.log()
