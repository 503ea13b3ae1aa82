"""``iggy-bench-ceiling`` (server/bench-ceiling, built by ``make bench-ceiling``, which ``make test-server`` runs
first): the measurement instrument that serves the data plane on native threads and relays the rest to a test server.
The official client's benchmark runs through it; what it stored reads back stamped and checked, large batches too,
in either receive (parts as they arrive, or whole payloads); a stored message that no longer matches its checksum
is never sent."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from iggy.protocol.primitives import PollingStrategy

from iggy_server.bench import official
from iggy_server.testing import TestServer
from server_support import WireClient, free_port

BINARY = Path(__file__).resolve().parents[1] / "bench-ceiling" / "target" / "release" / "iggy-bench-ceiling"
TIMEOUT_S = 300
START_TIMEOUT_S = 10.0


@pytest.fixture(params=["parts", "whole"])
def ceiling(request, tmp_path):
    """(address, data dir) of an instrument in front of a fresh test server, acknowledging after the write,
    receiving each part as it arrives or large payloads whole (SO_RCVLOWAT)."""
    if not BINARY.is_file():
        pytest.fail(f"{BINARY} is missing: `make bench-ceiling` builds it (make test-server does)")
    with TestServer() as server:
        address = f"127.0.0.1:{free_port()}"
        data_dir = tmp_path / "ceiling"
        argv = [BINARY, address, server.address, data_dir, "written", request.param]
        with open(tmp_path / "ceiling.log", "wb") as log:  # read by nobody: a pipe could fill and stall it
            process = subprocess.Popen(argv, stderr=log)
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                try:
                    socket.create_connection(("127.0.0.1", int(address.rpartition(":")[2])), timeout=1).close()
                    break
                except OSError:
                    assert process.poll() is None and time.monotonic() < deadline, "the instrument did not start"
                    time.sleep(0.05)
            yield address, data_dir
        finally:
            process.terminate()
            process.wait(timeout=10)


def _client(address: str) -> WireClient:
    host, _, port = address.rpartition(":")
    client = WireClient(host, int(port))
    client.login()  # relayed to the test server
    return client


def test_the_official_benchmark_runs_through_it_and_its_messages_read_back(ceiling, tmp_path) -> None:
    address, _ = ceiling
    output = tmp_path / "report.json"
    argv = [
        sys.executable, "-m", "iggy_server.bench", "--client", "official-rust",
        "--official-binary", str(official.default_binary("official-rust")), "--address", address,
        "--messages-per-batch", "10", "--message-size", "100", "--message-batches", "5", "--output-json", str(output),
        "pinned-producer", "--producers", "2",
    ]  # fmt: skip
    finished = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    report = {row["role"]: row for row in json.loads(output.read_text())["roles"]}
    assert report["producer"]["messages"] == 100
    with _client(address) as client:
        polled = client.poll("bench-stream-2", "topic-1", PollingStrategy.offset(0), count=1000)
        assert [message.offset for message in polled.messages] == list(range(50))
        assert all(len(message.payload) == 100 for message in polled.messages)
        assert polled.current_offset == 49
        later = client.poll("bench-stream-2", "topic-1", PollingStrategy.offset(45), count=3)
        assert [message.offset for message in later.messages] == [45, 46, 47]


def test_a_message_whose_checksum_no_longer_matches_is_never_sent(ceiling) -> None:
    address, data_dir = ceiling
    with _client(address) as client:
        # The data plane is the instrument's alone: it keeps no streams or topics (and checks none).
        client.send("s", "t", [b"a" * 1000, b"b" * 1000, b"c" * 1000])
        assert [m.payload for m in client.poll("s", "t", PollingStrategy.offset(0)).messages] == [
            b"a" * 1000, b"b" * 1000, b"c" * 1000,
        ]  # fmt: skip
    (log,) = data_dir.glob("*.log")
    stored = bytearray(log.read_bytes())
    stored[-10] ^= 0xFF  # in the third message's payload
    log.write_bytes(stored)
    with _client(address) as client:
        assert [m.offset for m in client.poll("s", "t", PollingStrategy.offset(0), count=2).messages] == [0, 1]
        with pytest.raises(ConnectionError):
            client.poll("s", "t", PollingStrategy.offset(0), count=3)


def test_large_batches_arrive_whole_and_read_back(ceiling) -> None:
    """Payloads of 64 KiB and more take the whole-payload receive (with ``whole``), which must not wait for bytes
    that were already read: a receive that did hung here."""
    address, _ = ceiling
    payloads = [bytes([n]) * 300_000 for n in range(1, 4)]
    with _client(address) as client:
        for _ in range(3):
            client.send("s", "t", payloads)
        polled = client.poll("s", "t", PollingStrategy.offset(0), count=100)
    assert [message.payload for message in polled.messages] == payloads * 3
