"""The machine's own latency floor for a paced request/ack stream, with no server code and no disk.

A child process accepts one loopback TCP connection, reads fixed-size requests and answers each with a
2-byte ack; the parent sends them on the same fixed schedule as ``--rate-limit`` and counts each
request's latency from when it was due (as the load generator does). Whatever tail this shows, no server
can beat on this machine at this rate and batch size.
"""

from __future__ import annotations

import multiprocessing
import socket
import time

from iggy_server.bench.report import percentile

ACK = b"ok"
MAX_REQUESTS = 100_000
CONNECT_TIMEOUT_S = 10.0


def _serve(listener: socket.socket, request_bytes: int) -> None:
    connection, _ = listener.accept()
    buffer = memoryview(bytearray(request_bytes))
    with connection:
        while True:  # ends when the parent closes the connection
            received = 0
            while received < request_bytes:
                count = connection.recv_into(buffer[received:])
                if count == 0:
                    return
                received += count
            connection.sendall(ACK)


def _recv_ack(connection: socket.socket) -> None:
    received = b""
    while len(received) < len(ACK):
        chunk = connection.recv(len(ACK) - len(received))
        if not chunk:
            raise ConnectionError("the floor server closed the connection")
        received += chunk


def paced_pump(rate_mb_per_s: float, request_bytes: int, requests: int) -> list[float]:
    """Latencies (seconds, sorted) of ``requests`` requests of ``request_bytes`` sent at ``rate_mb_per_s``."""
    if not 0 < requests <= MAX_REQUESTS:
        raise ValueError(f"requests must be in 1..{MAX_REQUESTS}")
    listener = socket.create_server(("127.0.0.1", 0))
    child = multiprocessing.get_context("fork").Process(target=_serve, args=(listener, request_bytes), daemon=True)
    child.start()
    interval_s = request_bytes / (rate_mb_per_s * 1e6)
    payload = bytes(request_bytes)
    latencies = []
    try:
        with socket.create_connection(listener.getsockname(), timeout=CONNECT_TIMEOUT_S) as connection:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            start = time.perf_counter()
            for number in range(requests):
                due = start + number * interval_s
                wait_s = due - time.perf_counter()
                if wait_s > 0:
                    time.sleep(wait_s)
                connection.sendall(payload)
                _recv_ack(connection)
                latencies.append(time.perf_counter() - due)
    finally:
        listener.close()
        child.join(CONNECT_TIMEOUT_S)
        if child.is_alive():
            child.kill()
    return sorted(latencies)


def summarize_ms(latencies: list[float]) -> dict[str, float]:
    """Nearest-rank percentiles of sorted latencies, in ms, as the workload report computes them."""
    summary = {f"p{pct:g}": percentile(latencies, pct) * 1e3 for pct in (50, 90, 99)}
    summary["max"] = latencies[-1] * 1e3
    return summary
