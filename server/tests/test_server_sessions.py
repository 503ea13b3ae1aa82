"""Sessions: permissions are enforced through the real authorizer, heartbeat verifier, graceful stop."""

from __future__ import annotations

import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.primitives import GlobalPermissions, Permissions

from server_support import ServerProcess


def test_user_without_permissions_is_unauthorized(server, client, unique):
    username = unique("alice")
    stream = unique("guarded")
    client.call(requests.CreateStream(stream))
    client.call(requests.CreateUser(username, "secret-pass"))
    with server.client(login=False) as alice:
        alice.login(username, "secret-pass")
        assert alice.status_of(requests.CreateStream(unique("nope"))) == ErrorCode.UNAUTHORIZED
        assert alice.status_of(requests.GetStreams()) == ErrorCode.UNAUTHORIZED
        assert alice.status_of(requests.GetStream(stream)) == ErrorCode.UNAUTHORIZED
        assert alice.status_of(requests.GetStats()) == ErrorCode.UNAUTHORIZED
        assert alice.request(Command.GET_ME)[0] == 0
        assert alice.request(Command.PING) == (0, b"")


def test_granted_global_permission_allows_the_command(server, client, unique):
    username = unique("bob")
    reader = Permissions(GlobalPermissions(read_streams=True))
    client.call(requests.CreateUser(username, "secret-pass", 1, reader))
    with server.client(login=False) as bob:
        bob.login(username, "secret-pass")
        assert bob.status_of(requests.GetStreams()) == 0
        assert bob.status_of(requests.CreateStream(unique("nope"))) == ErrorCode.UNAUTHORIZED


@pytest.fixture
def heartbeat_server(tmp_path):
    process = ServerProcess(
        tmp_path / "data", env={"IGGY_HEARTBEAT_ENABLED": "true", "IGGY_HEARTBEAT_INTERVAL_MS": "300"}
    ).start()
    yield process
    process.stop()


def test_silent_client_becomes_stale_and_is_dropped(heartbeat_server):
    with heartbeat_server.client() as silent, heartbeat_server.client() as pinger:
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            assert pinger.request(Command.PING) == (0, b"")
            time.sleep(0.1)
        try:
            status, _ = silent.request(Command.GET_STREAMS)
        except ConnectionError:
            status = None  # already closed by the verifier: also acceptable
        assert status in (None, ErrorCode.STALE_CLIENT)
        with pytest.raises((ConnectionError, OSError)):
            silent.request(Command.PING)
        assert pinger.request(Command.GET_STREAMS)[0] == 0


def test_sigterm_shuts_down_gracefully_with_exit_code_zero(tmp_path):
    process = ServerProcess(tmp_path / "data").start()
    with process.client() as c:
        c.call(requests.CreateStream("s"))
    assert process.stop() == 0
    assert "Traceback" not in process.log()
