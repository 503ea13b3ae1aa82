"""The official client's side of bench_throughput.py: one round of send, poll and poll+read with `apache_iggy`.

It imports nothing of this repository, so it runs in whichever interpreter has the official client: apache-iggy
0.8.0 lives in .venv (beside this SDK), 0.9.0 in .venv-official-0.9 (the two cannot share a venv). The work is the
same as bench_throughput.bench_ours; results go to stdout as the JSON lines bench_throughput.Result reads.

Run by bench_throughput.py: <python with apache_iggy> official_client.py CONNECTION_STRING BATCHES BATCH_LENGTH SIZE
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
import uuid
from importlib.metadata import version

import apache_iggy

SETTLE_S = 1.0  # bench_throughput.SETTLE_S: the same untimed pause between send and poll
CLIENT = "apache_iggy"
# 0.9.0's poll takes keyword arguments and a consumer; 0.8.0's positional ones.
V0_9_API = tuple(int(part) for part in version("apache-iggy").split(".")[:2]) >= (0, 9)


def clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def result(started: tuple[float, float], phase: str, messages: int, payload_bytes: int) -> str:
    wall, cpu = clock()
    return json.dumps([CLIENT, phase, wall - started[0], messages, payload_bytes, cpu - started[1]])


async def poll(client, stream: str, offset: int, count: int):
    strategy = apache_iggy.PollingStrategy.Offset(value=offset)
    if V0_9_API:
        return await client.poll_messages(stream, "t", consumer=apache_iggy.Consumer.Single(0),
                                          polling_strategy=strategy, count=count, auto_commit=False, partition_id=0)
    return await client.poll_messages(stream, "t", 0, strategy, count, False)


async def bench(connection_string: str, batches: int, batch_length: int, size: int) -> list[str]:
    stream = f"bench-official-{uuid.uuid4().hex[:6]}"
    payload = os.urandom(size)
    total = batches * batch_length
    lines = []
    client = apache_iggy.IggyClient.from_connection_string(connection_string)
    await client.connect()
    await client.create_stream(stream)
    await client.create_topic(stream, "t", 1)
    started = clock()
    for _ in range(batches):
        await client.send_messages(stream, "t", 0, [apache_iggy.SendMessage(payload) for _ in range(batch_length)])
    lines.append(result(started, "send", total, total * size))
    await asyncio.sleep(SETTLE_S)
    for phase in ("poll", "poll+read"):
        read_all = phase == "poll+read"
        received = 0
        payload_bytes = 0
        offset = 0
        started = clock()
        while received < total:
            messages = await poll(client, stream, offset, batch_length)
            if not messages:
                break
            received += len(messages)
            if read_all:
                for message in messages:
                    offset = message.offset()
                    payload_bytes += len(message.payload())
            else:
                last = messages[-1]
                offset = last.offset()
                payload_bytes += len(last.payload())
            offset += 1
        lines.append(result(started, phase, received, received * size))
        assert received == total, (received, total)
    if V0_9_API:
        await client.delete_stream(stream)
    else:
        lines.append(json.dumps({"delete_stream": stream}))  # 0.8.0's Python API cannot: the caller deletes it
    return lines


def main() -> None:
    connection_string, batches, batch_length, size = sys.argv[1], *map(int, sys.argv[2:5])
    for line in asyncio.run(bench(connection_string, batches, batch_length, size)):
        print(line, flush=True)


if __name__ == "__main__":
    main()
