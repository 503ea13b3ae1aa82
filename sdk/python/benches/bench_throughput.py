"""Send and poll throughput: this SDK (`iggy`) vs the official `apache_iggy` client, same server, one run.

Run: .venv/bin/python sdk/python/benches/bench_throughput.py [--batches 100] [--batch-length 1000]
     [--message-size 1000] [--connection-string iggy://iggy:iggy@HOST:PORT]
Without a connection string it starts `.venv/bin/iggy-server` on a free loopback port in a temp dir.
Each client writes its own stream (1 partition): `batches` SendMessages of `batch-length` messages of
`message-size` bytes, then polls them all back by offset in batches of the same length. Not part of
`make test` (timing belongs in benchmarks).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import iggy
from iggy import IggyClient, Message, PollingStrategy


def start_server(data_dir: Path) -> tuple[subprocess.Popen, str]:
    binary = Path(sys.executable).with_name("iggy-server")
    env = {**os.environ, "IGGY_TCP_ADDRESS": "127.0.0.1:0", "IGGY_SYSTEM_PATH": str(data_dir)}
    process = subprocess.Popen(
        [str(binary), "--with-default-root-credentials"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    for raw in process.stdout:
        line = raw.decode()
        if "listening on " in line:
            return process, line.split("listening on ", 1)[1].strip()
        if time.monotonic() > deadline:
            break
    process.kill()
    raise RuntimeError("iggy-server did not start")


def report(label: str, seconds: float, messages: int, payload_bytes: int) -> dict:
    result = {
        "client": label.split()[0], "phase": label.split()[1], "seconds": round(seconds, 3),
        "msgs_per_s": round(messages / seconds), "mb_per_s": round(payload_bytes / seconds / 1e6, 1),
    }
    print(f"{label:<22} {messages:>9} msgs {seconds:8.2f} s {result['msgs_per_s']:>10,} msg/s {result['mb_per_s']:>8} MB/s")
    return result


async def bench_ours(connection_string: str, batches: int, batch_length: int, size: int) -> list[dict]:
    stream = f"bench-ours-{uuid.uuid4().hex[:6]}"
    payload = os.urandom(size)
    total = batches * batch_length
    async with IggyClient(connection_string) as client:
        await client.create_stream(stream)
        await client.create_topic(stream, "t", partitions_count=1)
        batch = [Message(payload) for _ in range(batch_length)]
        started = time.perf_counter()
        for _ in range(batches):
            await client.send_messages(stream, "t", batch, partitioning=0)
        send = report("iggy send", time.perf_counter() - started, total, total * size)
        received = 0
        checksum = 0
        started = time.perf_counter()
        offset = 0
        while received < total:
            polled = await client.poll_messages(stream, "t", 0, strategy=PollingStrategy.offset(offset), count=batch_length)
            if not polled.messages:
                break
            received += len(polled.messages)
            offset = polled.messages[-1].offset + 1
            checksum += len(polled.messages[-1].payload)  # touch the data like a consumer would
        poll = report("iggy poll", time.perf_counter() - started, received, received * size)
        assert received == total, (received, total)
        await client.delete_stream(stream)
    return [send, poll]


async def bench_official(connection_string: str, batches: int, batch_length: int, size: int) -> list[dict]:
    try:
        import apache_iggy
    except ImportError:
        print("apache_iggy not installed: skipping the official client")
        return []
    stream = f"bench-official-{uuid.uuid4().hex[:6]}"
    payload = os.urandom(size)
    total = batches * batch_length
    client = apache_iggy.IggyClient.from_connection_string(connection_string)
    await client.connect()
    await client.create_stream(stream)
    await client.create_topic(stream, "t", 1)
    started = time.perf_counter()
    for _ in range(batches):
        # The official API needs fresh SendMessage objects per call (they are consumed).
        await client.send_messages(stream, "t", 0, [apache_iggy.SendMessage(payload) for _ in range(batch_length)])
    send = report("apache_iggy send", time.perf_counter() - started, total, total * size)
    received = 0
    offset = 0
    started = time.perf_counter()
    while received < total:
        messages = await client.poll_messages(stream, "t", 0, apache_iggy.PollingStrategy.Offset(value=offset), batch_length, False)
        if not messages:
            break
        received += len(messages)
        offset = messages[-1].offset() + 1
        len(messages[-1].payload())
    poll = report("apache_iggy poll", time.perf_counter() - started, received, received * size)
    assert received == total, (received, total)
    return [send, poll]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("--batch-length", type=int, default=1000)
    parser.add_argument("--message-size", type=int, default=1000)
    parser.add_argument("--connection-string")
    args = parser.parse_args()
    process = None
    connection_string = args.connection_string
    with tempfile.TemporaryDirectory() as tmp:
        if connection_string is None:
            process, address = start_server(Path(tmp) / "data")
            connection_string = f"iggy://iggy:iggy@{address}"
        try:
            print(f"iggy {iggy.__version__}; {args.batches} batches x {args.batch_length} msgs x {args.message_size} B")
            results = await bench_ours(connection_string, args.batches, args.batch_length, args.message_size)
            results += await bench_official(connection_string, args.batches, args.batch_length, args.message_size)
        finally:
            if process is not None:
                process.terminate()
                process.wait(timeout=10)


if __name__ == "__main__":
    asyncio.run(main())
