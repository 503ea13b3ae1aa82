"""Hostile clients cannot make the server hold memory they did not send (figures: hostile_support.py).

Bound used below: the server's peak RSS may grow by at most ``RSS_GROWTH_BOUND_KIB`` over its warm RSS.
Each hostile scenario costs more than 1 GiB without the limits (announced lengths allocated up front,
answers queued for a client that never reads), so the bound separates the two by more than 10x.
"""

from __future__ import annotations

import socket
import struct
import time

import pytest

from iggy.protocol.codes import Command, ErrorCode

from hostile_support import (
    ANNOUNCED_PAYLOAD_BYTES,
    announce,
    authenticated,
    pipeline_without_reading,
    prepare_poll_topic,
    raw_connection,
    read_responses,
    rss_kib,
    settle,
    wait_closed_by_server,
)
from iggy.protocol import requests
from server_support import ServerProcess
from vsr_support import VsrClient

CONNECTIONS = 200
RSS_GROWTH_BOUND_KIB = 64 * 1024
READ_TIMEOUT_MS = 2000
# Generous: the sweep closes a stalled connection within 1.25 read timeouts; the machine may be loaded.
CLOSE_WAIT_S = 60.0


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory: pytest.TempPathFactory):
    env = {"IGGY_LIMITS_FRAME_READ_TIMEOUT_MS": str(READ_TIMEOUT_MS)}
    process = ServerProcess(tmp_path_factory.mktemp("hostile") / "data", env=env).start()
    yield process
    process.stop()


def assert_rss_growth_bounded(server: ServerProcess, before_kib: int) -> None:
    after = rss_kib(server.pid)
    growth = after["VmHWM"] - before_kib
    assert growth < RSS_GROWTH_BOUND_KIB, f"peak RSS grew by {growth} KiB (bound {RSS_GROWTH_BOUND_KIB} KiB)"


def test_large_frames_before_login_are_answered_and_closed(hostile_server):
    settle(hostile_server)
    before = rss_kib(hostile_server.pid)["VmRSS"]
    socks = []
    for _ in range(CONNECTIONS):
        sock = raw_connection(hostile_server)
        announce(sock, Command.LOGIN_USER, ANNOUNCED_PAYLOAD_BYTES, 1)
        socks.append(sock)
    deadline = time.monotonic() + CLOSE_WAIT_S
    for sock in socks:
        assert wait_closed_by_server(sock, deadline) == struct.pack("<II", ErrorCode.INVALID_COMMAND, 0)
        sock.close()
    assert_rss_growth_bounded(hostile_server, before)
    with raw_connection(hostile_server) as sock:  # a command that needs a login gets 40, then the close
        announce(sock, Command.GET_STREAMS, 64 * 1024, 0)
        assert wait_closed_by_server(sock, time.monotonic() + CLOSE_WAIT_S) == struct.pack(
            "<II", ErrorCode.UNAUTHENTICATED, 0
        )
    with hostile_server.client() as other:
        assert other.request(Command.PING) == (0, b"")


def test_partial_frames_hold_only_the_bytes_received_until_the_read_timeout(hostile_server):
    settle(hostile_server)
    before = rss_kib(hostile_server.pid)["VmRSS"]
    socks = authenticated(hostile_server, CONNECTIONS, sent_bytes=1024)
    deadline = time.monotonic() + CLOSE_WAIT_S
    for sock in socks:
        assert wait_closed_by_server(sock, deadline) == b""  # no answer: the frame never completed
        sock.close()
    assert_rss_growth_bounded(hostile_server, before)


def test_a_stalled_header_is_closed_after_the_read_timeout(hostile_server):
    with raw_connection(hostile_server) as sock:
        sock.sendall(b"\x08\x00\x00")
        assert wait_closed_by_server(sock, time.monotonic() + CLOSE_WAIT_S) == b""


def test_an_idle_connection_between_frames_stays_open(hostile_server):
    with hostile_server.client() as client:
        time.sleep(READ_TIMEOUT_MS * 2 / 1000)
        assert client.request(Command.PING) == (0, b"")


def test_an_idle_0_9_connection_between_frames_stays_open(hostile_server):
    # A 0.9 connection awaits 256-byte headers; one that has received none of the next is not mid-frame.
    with VsrClient(hostile_server.host, hostile_server.port) as vsr:
        vsr.login()
        time.sleep(READ_TIMEOUT_MS * 2 / 1000)
        assert vsr.exchange(requests.Ping()).header.status == 0


def test_a_pipelining_client_that_never_reads_keeps_rss_bounded(hostile_server):
    frame = prepare_poll_topic(hostile_server)
    settle(hostile_server)
    before = rss_kib(hostile_server.pid)["VmRSS"]
    requests_count = 400  # ~400 MB of answers if the server queued them all
    sock, sent = pipeline_without_reading(hostile_server, frame, requests_count)
    settle(hostile_server)
    time.sleep(2.0)  # time for an unbounded server to queue far more than the bound
    assert_rss_growth_bounded(hostile_server, before)
    # Backpressure only delays: once the client reads, every request is answered, in order.
    assert read_responses(sock, sent) == [0] * sent
    sock.close()
