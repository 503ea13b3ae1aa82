"""A TCP connection that stays without a login for ``limits.login_timeout_ms`` is closed by the server; commands
allowed before login do not extend the wait, a logout starts it again, a logged-in connection may idle."""

from __future__ import annotations

import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command

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
