"""`python -m iggy_server.testing`, the launcher every language's integration tests use: it prints the address,
the server answers there, `kill` + `restart` keep the data and the port, `stop` answers the exit code, and closing
stdin stops the server and removes its directory. `TestServer`, its Python face, does the same through the lines."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from iggy.sync import IggyClient
from iggy_server.testing import TestServer
from iggy_server.testing import __main__ as launcher

# How long the restart test holds a port at most; below the launcher's RESTART_BIND_WAIT_S, so it can still win.
HOLD_BOUND_S = launcher.RESTART_BIND_WAIT_S / 2


def _read_until_ready(process: subprocess.Popen[str]) -> dict[str, str]:
    facts: dict[str, str] = {}
    assert process.stdout is not None
    for line in process.stdout:
        key, _, value = line.strip().partition(" ")
        if key == "ready":
            return facts
        assert key != "error", value
        facts[key] = value
    raise AssertionError(f"launcher ended before ready: {facts}")


def test_launcher_serves_restarts_and_cleans_up() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "iggy_server.testing"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        facts = _read_until_ready(process)
        host, _, port = facts["address"].rpartition(":")
        data_dir = Path(facts["data_dir"])
        with IggyClient(f"iggy://iggy:iggy@{host}:{port}") as client:
            client.create_stream("kept")
        assert process.stdin is not None
        process.stdin.write("kill\nrestart\n")
        process.stdin.flush()
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "killed"
        assert _read_until_ready(process)["address"] == facts["address"]
        with IggyClient(f"iggy://iggy:iggy@{host}:{port}") as client:
            assert [stream.name for stream in client.get_streams()] == ["kept"]
        process.stdin.close()
        assert process.wait(30) == 0
        assert not data_dir.exists()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_launcher_stop_answers_the_exit_code_and_reports_pid_and_log() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "iggy_server.testing"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        facts = _read_until_ready(process)
        assert Path(f"/proc/{facts['pid']}").exists()
        assert "listening on" in Path(facts["log_file"]).read_text()
        # One answered request: the server writes its address file just before it installs its SIGTERM handler
        # (app.run_server), so a stop sent in that instant would end it with -15.
        with IggyClient(f"iggy://iggy:iggy@{facts['address']}") as client:
            client.ping()
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("stop\n")
        process.stdin.flush()
        assert process.stdout.readline().strip() == "stopped 0"
        process.stdin.close()
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_test_server_kill_restart_keeps_data_port_and_reports_the_new_pid() -> None:
    with TestServer() as server:
        first_pid, address = server.pid, server.address
        assert server.port > 0 and server.host == "127.0.0.1"
        assert set(server.transport_addresses) == {"http", "quic", "websocket"}
        assert server.ca_file is None
        with IggyClient(f"iggy://iggy:iggy@{address}") as client:
            client.create_stream("kept")
        server.kill()
        server.restart()
        assert server.address == address and server.pid != first_pid
        with IggyClient(f"iggy://iggy:iggy@{address}") as client:
            assert [stream.name for stream in client.get_streams()] == ["kept"]
        server.restart(graceful=True)
        assert server.address == address
        data_dir = server.data_dir
    assert not data_dir.exists()  # closed: the private directory is gone
    assert not Path(f"/proc/{first_pid}").exists()


def test_test_server_stop_returns_the_exit_code_and_a_given_data_dir_outlives_it(tmp_path) -> None:
    server = TestServer(tmp_path / "data", env={"IGGY_SYSTEM_PARTITION_DURABILITY": "durable"}).start()
    with IggyClient(f"iggy://iggy:iggy@{server.address}") as client:
        client.create_stream("reopened")
    assert server.stop() == 0
    assert server.stop() == 0  # repeatable, for a finally
    assert "listening on" in server.log()  # the log outlives the launcher's directory
    assert server.data_dir == tmp_path / "data" and server.data_dir.is_dir()
    with TestServer(tmp_path / "data") as again:
        with IggyClient(f"iggy://iggy:iggy@{again.address}") as client:
            assert [stream.name for stream in client.get_streams()] == ["reopened"]


def test_test_server_tls_gives_the_ca_and_a_failed_start_raises_with_the_reason() -> None:
    with TestServer(tls=True) as server:
        assert server.ca_file is not None and server.ca_file.read_text().startswith("-----BEGIN CERTIFICATE-----")
    broken = TestServer(env={"IGGY_TCP_TLS_ENABLED": "true"})  # TLS without a certificate: refused at start-up
    with pytest.raises(RuntimeError, match="tcp.tls.cert_file"):
        broken.start()
    assert broken.stop() is None  # never started


def test_launcher_ports_lie_below_the_kernels_ephemeral_range() -> None:
    # Where connect() never picks a client's local port, so nothing but another server can take them.
    ephemeral_low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    if ephemeral_low - launcher.LISTENER_PORT_FLOOR < launcher.MIN_LISTENER_PORT_CHOICES:
        pytest.skip(f"the ephemeral range starts at {ephemeral_low}: the launcher lets the kernel choose")
    with TestServer() as server:
        addresses = [server.address, *server.transport_addresses.values()]
        ports = [int(address.rpartition(":")[2]) for address in addresses]
        assert len(set(ports)) == 4 and all(launcher.LISTENER_PORT_FLOOR <= p < ephemeral_low for p in ports)


def test_a_start_on_a_taken_port_tries_other_ports(tmp_path, monkeypatch) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        picks = [{"tcp": taken, "http": 0, "quic": 0, "websocket": 0}]
        real_pick = launcher._pick_listener_ports
        monkeypatch.setattr(launcher, "_pick_listener_ports", lambda: picks.pop() if picks else real_pick())
        server = launcher.LaunchedServer(tmp_path, {}, tls=False)
        try:
            address = server.start()
            assert not picks and int(address.rpartition(":")[2]) != taken
            assert "tcp.address 127.0.0.1:%d: Address already in use" % taken in server.log_tail()
        finally:
            server.kill()


def test_a_restart_waits_for_a_port_held_for_a_moment(tmp_path) -> None:
    # The CI failure this guards against: while the server was down, a client socket got the WebSocket port.
    server = launcher.LaunchedServer(tmp_path, {}, tls=False)
    try:
        address = server.start()
        transport_addresses = dict(server.transport_addresses)
        server.kill()
        holder = socket.socket()
        holder.bind(("127.0.0.1", server.ports["websocket"]))
        holder.listen()

        def release_once_refused() -> None:
            # Let go once a start was refused, not after a fixed delay: a start slower than the delay (a loaded
            # machine) would otherwise find the port free and test nothing. Bounded: released at the latest after
            # HOLD_BOUND_S, and then the assertion below names the missing refusal.
            deadline = time.monotonic() + HOLD_BOUND_S
            while "websocket.address" not in server.log_tail() and time.monotonic() < deadline:
                time.sleep(0.02)
            holder.close()

        threading.Thread(target=release_once_refused, daemon=True).start()
        assert server.restart() == address
        assert server.transport_addresses == transport_addresses
        assert "websocket.address" in server.log_tail()  # it was refused before the holder let go
    finally:
        server.kill()
