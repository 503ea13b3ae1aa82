"""Send and poll throughput: this SDK (`iggy`) vs the official `apache_iggy` client of the same protocol, same
server, one run.

Run: make bench-sdk-python (protocol 0.9: ours vs apache-iggy 0.9.0), make bench-sdk-python BENCH_PROTOCOL=0.8 (vs
     apache-iggy 0.8.0), or .venv/bin/python sdk/python/benches/bench_throughput.py [--protocol 0.9|0.8]
     [--official-python PATH] [--batches 100] [--batch-length 1000] [--message-size 1000] [--repeats 5]
     [--connection-string iggy://iggy:iggy@HOST:PORT]
Without a connection string it starts a server with the project's launcher (`iggy_server.testing`). The official
client runs in the interpreter that has its version: .venv for 0.8.0, .venv-official-0.9 for 0.9.0 (the Makefile
installs it; the two cannot share a venv), through official_client.py, which imports nothing of ours.

Each round, each client writes its own fresh stream (1 partition): `batches` SendMessages of
`batch-length` messages of `message-size` bytes, the messages built inside the timed loop (the official
API consumes its `SendMessage` objects, so both clients build a batch per call, as a producer does). Then
after a 1 s untimed pause it polls them all back by offset in batches of the same length, twice:
* `poll`: the poll itself, touching the last message of each batch (offset + payload length);
* `poll+read`: a consumer's work, reading the offset and payload length of every message, each client
  through its documented per-message API (`for m in messages: m.offset, m.payload` here; `m.offset()`,
  `m.payload()` there, which returns a `bytes` copy where ours is a memoryview of the response buffer).
Each client runs in its own fresh interpreter (a child process), one after the other;
they alternate which goes first each round (the server and a shared machine drift over time);
the summary gives the median MB/s (payload bytes) per client and phase with the min–max over rounds,
our / official ratio, and each client's CPU time per message (process time, all threads).
Not part of `make test` (timing belongs in benchmarks).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable

import iggy
from iggy import IggyClient, Message, PollingStrategy
from iggy.connection import PROTOCOL_NAMES
from iggy_server.testing import TestServer

BENCHES = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(BENCHES)))
# Where `make` installs each official client (protocol-spec/spec.mk: OFFICIAL_09_VENV).
OFFICIAL_PYTHON = {"0.9": os.path.join(ROOT, ".venv-official-0.9", "bin", "python"), "0.8": sys.executable}

PHASES = ("send", "poll", "poll+read")
# Untimed pause between a client's send and poll phases, the same for both clients, so the server's
# background persistence of the batch just written does not land in one client's poll timing.
SETTLE_S = 1.0


def clock() -> tuple[float, float]:
    """Wall time and this process's CPU time (every thread: the official client's tokio threads too)."""
    return time.perf_counter(), time.process_time()


class Result:
    def __init__(
        self, client: str, phase: str, seconds: float, messages: int, payload_bytes: int, cpu_seconds: float
    ) -> None:
        self.client, self.phase, self.seconds = client, phase, seconds
        self.messages, self.payload_bytes, self.cpu_seconds = messages, payload_bytes, cpu_seconds
        self.msgs_per_s = messages / seconds
        self.mb_per_s = payload_bytes / seconds / 1e6
        self.cpu_us_per_message = cpu_seconds / messages * 1e6

    @classmethod
    def since(
        cls, started: tuple[float, float], client: str, phase: str, messages: int, payload_bytes: int
    ) -> Result:
        wall, cpu = clock()
        return cls(client, phase, wall - started[0], messages, payload_bytes, cpu - started[1])

    def to_json(self) -> str:
        return json.dumps(
            [self.client, self.phase, self.seconds, self.messages, self.payload_bytes, self.cpu_seconds]
        )

    @classmethod
    def from_json(cls, line: str) -> Result:
        return cls(*json.loads(line))

    def show(self) -> None:
        print(f"  {self.client:<12} {self.phase:<10} {self.messages:>9} msgs {self.seconds:7.3f} s "
              f"{self.msgs_per_s:>11,.0f} msg/s {self.mb_per_s:>8.1f} MB/s "
              f"{self.cpu_us_per_message:6.2f} CPU-µs/msg", flush=True)


async def bench_ours(connection_string: str, batches: int, batch_length: int, size: int) -> list[Result]:
    stream = f"bench-ours-{uuid.uuid4().hex[:6]}"
    payload = os.urandom(size)
    total = batches * batch_length
    results = []
    async with IggyClient(connection_string) as client:
        await client.create_stream(stream)
        await client.create_topic(stream, "t", partitions_count=1)
        started = clock()
        for _ in range(batches):
            await client.send_messages(stream, "t", [Message(payload) for _ in range(batch_length)], partitioning=0)
        results.append(Result.since(started, "iggy", "send", total, total * size))
        await asyncio.sleep(SETTLE_S)
        for phase in PHASES[1:]:
            read_all = phase == "poll+read"
            received = 0
            payload_bytes = 0
            offset = 0
            started = clock()
            while received < total:
                polled = await client.poll_messages(
                    stream, "t", 0, strategy=PollingStrategy.offset(offset), count=batch_length
                )
                messages = polled.messages
                if not messages:
                    break
                received += len(messages)
                if read_all:
                    for message in messages:
                        offset = message.offset
                        payload_bytes += len(message.payload)
                else:
                    last = messages[-1]
                    offset = last.offset
                    payload_bytes += len(last.payload)
                offset += 1
            results.append(Result.since(started, "iggy", phase, received, received * size))
            assert received == total, (received, total)
        await client.delete_stream(stream)
    return results


def summarize(results: list[Result], clients: list[str]) -> None:
    """Median MB/s (min–max over rounds) and median client CPU per message, per client and phase. CPU time
    is the steadier figure on a shared machine: wall time also waits for the server and the scheduler."""
    print("\nmedian MB/s of payload (min–max over rounds); median client CPU-µs per message:")
    header = f"| phase | {' | '.join(clients)} |" + (" iggy / official MB/s | CPU-µs/msg iggy / official |"
                                                      if len(clients) == 2 else "")
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    for phase in PHASES:
        per_client = [[r for r in results if r.client == client and r.phase == phase] for client in clients]
        medians = [statistics.median(r.mb_per_s for r in rows) for rows in per_client]
        cpu = [statistics.median(r.cpu_us_per_message for r in rows) for rows in per_client]
        cells = [
            f"{median:.1f} ({min(r.mb_per_s for r in rows):.1f}–{max(r.mb_per_s for r in rows):.1f})"
            for median, rows in zip(medians, per_client)
        ]
        ratios = f" {medians[0] / medians[1]:.2f}x | {cpu[0]:.2f} / {cpu[1]:.2f} |" if len(clients) == 2 else ""
        print(f"| {phase} | " + " | ".join(cells) + " |" + ratios)


def run_client_process(name: str, connection_string: str, args: argparse.Namespace) -> list[Result]:
    """One client's phases in a fresh interpreter, so neither client's runtime (asyncio loop, tokio
    threads, garbage) is present while the other is measured."""
    sizes = [str(args.batches), str(args.batch_length), str(args.message_size)]
    if name == "iggy":
        ours = f"{connection_string}{'&' if '?' in connection_string else '?'}protocol={args.protocol}"
        command = [sys.executable, __file__, "--client", name, "--connection-string", ours, "--batches", sizes[0],
                   "--batch-length", sizes[1], "--message-size", sizes[2]]
    else:
        command = [args.official_python, os.path.join(BENCHES, "official_client.py"), connection_string, *sizes]
    done = subprocess.run(command, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    measured = [line for line in lines if line.startswith("[")]
    if done.returncode != 0:
        # Every phase measured and then a crash (seen once from apache-iggy 0.9.0 at exit: SIGABRT) keeps the
        # figures and says so; a crash before the last phase is an error.
        if len(measured) < len(PHASES):
            raise RuntimeError(f"{name} failed ({done.returncode}) after {len(measured)} phase(s):\n"
                               f"{done.stderr[-3000:]}")
        print(f"  ({name} exited {done.returncode} after its last phase: {done.stderr.strip()[-300:]!r})")
    for line in lines:
        if line.startswith("{"):  # apache-iggy 0.8.0's Python API has no delete_stream: delete it here
            asyncio.run(_delete_stream(connection_string, json.loads(line)["delete_stream"]))
    return [Result.from_json(line) for line in measured]


async def _delete_stream(connection_string: str, stream: str) -> None:
    async with IggyClient(connection_string) as client:
        await client.delete_stream(stream)


def available_clients(official_python: str) -> list[str]:
    names = ["iggy"]
    probe = subprocess.run([official_python, "-c", "import apache_iggy"], capture_output=True)
    if probe.returncode == 0:
        names.append("apache_iggy")
    else:
        print(f"apache_iggy not importable by {official_python}: measuring this SDK only")
    return names


RUNNERS: dict[str, Callable[..., Awaitable[list[Result]]]] = {"iggy": bench_ours}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("--batch-length", type=int, default=1000)
    parser.add_argument("--message-size", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5, help="rounds; each runs both clients once")
    parser.add_argument("--connection-string")
    parser.add_argument("--protocol", choices=sorted(PROTOCOL_NAMES), default="0.9",
                        help="the Iggy protocol both clients speak (default 0.9)")
    parser.add_argument("--official-python", help="the interpreter with the official client of --protocol "
                                                  "(default: .venv-official-0.9 for 0.9, this one for 0.8)")
    parser.add_argument("--client", choices=sorted(RUNNERS), help=argparse.SUPPRESS)  # child process mode
    args = parser.parse_args()
    args.official_python = args.official_python or OFFICIAL_PYTHON[args.protocol]
    if args.client:
        results = asyncio.run(
            RUNNERS[args.client](args.connection_string, args.batches, args.batch_length, args.message_size)
        )
        for result in results:
            print(result.to_json())
        return
    server = None
    connection_string = args.connection_string
    if connection_string is None:
        server = TestServer().start()
        connection_string = f"iggy://iggy:iggy@{server.address}"
    try:
        print(f"iggy {iggy.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs, protocol "
              f"{args.protocol}; {args.batches} batches x {args.batch_length} msgs x {args.message_size} B, "
              f"{args.repeats} rounds; official client from {args.official_python}, load average "
              f"{' '.join(f'{load:.1f}' for load in os.getloadavg())}")
        results: list[Result] = []
        names = available_clients(args.official_python)
        for round_number in range(args.repeats):
            print(f"round {round_number + 1}:")
            for name in names if round_number % 2 == 0 else names[::-1]:
                for result in run_client_process(name, connection_string, args):
                    result.show()
                    results.append(result)
        summarize(results, names)
        print(f"load average after: {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    finally:
        if server is not None:
            server.close()


if __name__ == "__main__":
    main()
