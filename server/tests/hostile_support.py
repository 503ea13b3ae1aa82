"""Hostile clients against a real server, measured by the server's resident memory (RSS).

Used by ``test_server_hostile.py`` and runnable on its own to print the figures logged in server/BENCHMARKS.md:

    .venv/bin/python server/tests/hostile_support.py [--connections 200]

Each scenario starts a fresh server (``ServerProcess``), takes its RSS once it is warm, runs the hostile
client and reports the RSS again (current and peak, from ``/proc/PID/status``):

* ``unauthenticated``: N connections announce a 10 MiB LoginUser frame and send one payload byte;
* ``authenticated``: N connections logged in with a personal access token announce a 10 MiB CreateStream
  frame and send 1 KiB of it;
* ``pipelining``: one logged-in connection pipelines PollMessages answered with ~1 MB each and never reads.
"""

from __future__ import annotations

import argparse
import socket
import struct
import sys
import tempfile
import time
from pathlib import Path

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request
from iggy.protocol.primitives import Consumer, PollingStrategy
from iggy.protocol.responses import CreatePersonalAccessTokenResponse

from server_support import ServerProcess, WireClient

ANNOUNCED_PAYLOAD_BYTES = 10 * 1024 * 1024
MESSAGE_BYTES = 1000
MESSAGES_PER_POLL = 1000


def rss_kib(pid: int) -> dict[str, int]:
    """``{"VmRSS": …, "VmHWM": …}`` in KiB: current and peak resident memory of ``pid``."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    return fields


def raw_connection(server: ServerProcess) -> socket.socket:
    sock = socket.create_connection((server.host, server.port), timeout=10)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def wait_closed_by_server(sock: socket.socket, deadline: float) -> bytes:
    """Everything the server sends until it closes the connection (bounded by ``deadline``)."""
    received = bytearray()
    while time.monotonic() < deadline:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return bytes(received)
        except socket.timeout:
            break
        if not chunk:
            return bytes(received)
        received += chunk
    raise AssertionError(f"the server did not close the connection (received {bytes(received)!r})")


def announce(sock: socket.socket, code: int, payload_bytes: int, sent_bytes: int) -> None:
    """Send a frame header promising ``payload_bytes`` and only the first ``sent_bytes`` of them."""
    sock.sendall(struct.pack("<II", 4 + payload_bytes, code) + bytes(sent_bytes))


def personal_access_token(server: ServerProcess, name: str) -> str:
    with server.client() as root:
        body = root.call(requests.CreatePersonalAccessToken(name, 0))
    return CreatePersonalAccessTokenResponse.decode(body).token


def login_with_token(server: ServerProcess, token: str) -> socket.socket:
    sock = raw_connection(server)
    client = WireClient.__new__(WireClient)
    client.sock = sock
    client.call(requests.LoginWithPersonalAccessToken(token))
    return sock


def settle(server: ServerProcess) -> None:
    """Give the server a moment for what is in flight, then one round trip so it is not mid-callback."""
    time.sleep(1.0)
    with server.client(login=False) as probe:
        probe.request(Command.PING)


def unauthenticated(server: ServerProcess, connections: int) -> list[socket.socket]:
    socks = []
    for _ in range(connections):
        sock = raw_connection(server)
        announce(sock, Command.LOGIN_USER, ANNOUNCED_PAYLOAD_BYTES, 1)
        socks.append(sock)
    return socks


def authenticated(server: ServerProcess, connections: int, sent_bytes: int = 1024) -> list[socket.socket]:
    token = personal_access_token(server, "hostile")
    socks = []
    for _ in range(connections):
        sock = login_with_token(server, token)
        announce(sock, Command.CREATE_STREAM, ANNOUNCED_PAYLOAD_BYTES, sent_bytes)
        socks.append(sock)
    return socks


def prepare_poll_topic(server: ServerProcess) -> bytes:
    """A topic holding one poll's worth of messages; returns the encoded PollMessages frame for it."""
    with server.client() as root:
        root.call(requests.CreateStream("hostile"))
        root.call(requests.CreateTopic("hostile", 1, 1, 0, 0, 0, "t"))
        root.send("hostile", "t", [bytes(MESSAGE_BYTES)] * MESSAGES_PER_POLL)
    poll = requests.PollMessages(
        Consumer.consumer(1), "hostile", "t", 0, PollingStrategy.offset(0), MESSAGES_PER_POLL, False
    )
    return encode_request(poll.CODE, poll.encode())


def pipeline_without_reading(server: ServerProcess, frame: bytes, requests_count: int) -> tuple[socket.socket, int]:
    """Send ``requests_count`` poll frames without reading; returns the socket and how many were accepted
    by the kernel before a send would have blocked for 5 s."""
    sock = server.client().sock
    sock.settimeout(5.0)
    sent = 0
    try:
        for _ in range(requests_count):
            sock.sendall(frame)
            sent += 1
    except socket.timeout:
        pass
    return sock, sent


def read_responses(sock: socket.socket, count: int) -> list[int]:
    """Read ``count`` responses; returns their statuses (bodies are discarded)."""
    client = WireClient.__new__(WireClient)
    client.sock = sock
    sock.settimeout(60.0)
    return [client.read_response()[0] for _ in range(count)]


def run_scenario(name: str, connections: int, env: dict[str, str] | None = None) -> dict[str, int]:
    with tempfile.TemporaryDirectory(prefix="iggy-hostile-") as directory:
        server = ServerProcess(Path(directory) / "data", env=env).start()
        try:
            frame = prepare_poll_topic(server) if name == "pipelining" else b""
            settle(server)
            before = rss_kib(server.pid)
            if name == "unauthenticated":
                held = unauthenticated(server, connections)
            elif name == "authenticated":
                held = authenticated(server, connections)
            else:
                sock, sent = pipeline_without_reading(server, frame, connections)
                held = [sock]
            settle(server)
            time.sleep(2.0)
            after = rss_kib(server.pid)
            for sock in held:
                sock.close()
            return {
                "rss_before_kib": before["VmRSS"],
                "rss_after_kib": after["VmRSS"],
                "peak_after_kib": after["VmHWM"],
            }
        finally:
            server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=200, help="hostile connections (pipelined polls)")
    args = parser.parse_args(argv)
    for name in ("unauthenticated", "authenticated", "pipelining"):
        figures = run_scenario(name, args.connections)
        print(
            f"{name:16} n={args.connections}: RSS {figures['rss_before_kib'] / 1024:.0f} MiB → "
            f"{figures['rss_after_kib'] / 1024:.0f} MiB (peak {figures['peak_after_kib'] / 1024:.0f} MiB)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
