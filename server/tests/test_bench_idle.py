"""``iggy-bench --idle-connections``: connections held beside the load, and a run that fails when the server
closed any of them (the figure would not have been measured with them)."""

from __future__ import annotations

import time

import pytest

from iggy_server.bench import __main__ as bench
from iggy_server.bench.idle import IdleConnections, IdleConnectionsLost
from iggy_server.testing.server import TestServer

pytest.importorskip("iggy_server._native")


def connected_clients(server: TestServer) -> int:
    from iggy.protocol import requests
    from iggy.protocol.responses import ClientInfo
    from server_support import WireClient

    host, _, port = server.address.rpartition(":")
    with WireClient(host, int(port)) as client:
        client.login()
        return len(ClientInfo.decode_list(client.call(requests.GetClients()))) - 1  # this client left out


def test_idle_connections_are_registered_and_checked(tmp_path) -> None:
    server = TestServer(tmp_path / "data").start()
    try:
        with IdleConnections(server.address, 20) as idle:
            assert connected_clients(server) == 20
            idle.check()
        deadline = time.monotonic() + 10
        while connected_clients(server) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert connected_clients(server) == 0
    finally:
        server.stop()


def test_a_run_whose_idle_connections_were_closed_fails(tmp_path) -> None:
    # Connections that never log in are closed after limits.login_timeout_ms.
    server = TestServer(tmp_path / "data", {"IGGY_LIMITS_LOGIN_TIMEOUT_MS": "500"}).start()
    try:
        with IdleConnections(server.address, 5) as idle:
            time.sleep(1.5)
            with pytest.raises(IdleConnectionsLost, match="closed 5 of 5"):
                idle.check()
    finally:
        server.stop()


def test_idle_connections_need_the_tcp_address() -> None:
    with pytest.raises(SystemExit):
        bench.arguments(
            ["--client", "official-rust", "--transport", "quic", "--idle-connections", "3", "pinned-producer"]
        )
    assert bench.arguments(["--idle-connections", "3", "pinned-producer"]).idle_connections == 3
