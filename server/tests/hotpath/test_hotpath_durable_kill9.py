"""`kill -9` at random moments while producers send in durable mode, 20 rounds on one data directory.

After every restart the whole partition is read back and checked:
* every acknowledged message is there exactly once (zero acknowledged messages lost);
* every served frame has the right offset and a correct XXH3 checksum (zero corrupt frames);
* offsets are 0..n-1 and what was stored before a crash keeps its offset and bytes (offsets never
  reused, nothing rewritten).
Small segments make rotations (and crashes around them) part of the test, and the rounds go through every
``system.segment.cache_indexes`` mode (the same files serve them all: a restart may change it).
"""

from __future__ import annotations

import random
import struct
import threading
import time

from server_support import ServerProcess, WireClient

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy_server import _native

ROUNDS = 20
PRODUCERS = 3
CACHE_INDEXES = ("all", "open_segment", "none")
STREAM, TOPIC = "crash", "t"
HEADER = struct.Struct("<Q16sQQQIIQ")  # checksum, id, offset, timestamp, origin, headers len, payload len, reserved
ENV = {
    "IGGY_SYSTEM_PARTITION_DURABILITY": "durable",
    "IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(128 * 1024),
    "IGGY_SYSTEM_MESSAGE_CLEANER_ENABLED": "false",
}


def read_partition(client: WireClient) -> list[tuple[int, bytes]]:
    """(offset, payload) of every stored message, checking each frame's offset and checksum."""
    stored: list[tuple[int, bytes]] = []
    while True:
        request = requests.PollMessages(
            Consumer.consumer(1), STREAM, TOPIC, 0, PollingStrategy.offset(len(stored)), 5000, False
        )
        status, body = client.request(Command.POLL_MESSAGES, request.encode())
        assert status == 0, f"poll failed with {status}"
        count = struct.unpack_from("<I", body, 12)[0]
        if count == 0:
            return stored
        position = 16
        for _ in range(count):
            checksum, _, offset, _, _, headers_length, payload_length, reserved = HEADER.unpack_from(body, position)
            end = position + 64 + payload_length + headers_length
            frame = body[position:end]
            assert len(frame) == end - position, "torn frame served"
            assert _native.xxh3_64(frame[8:]) == checksum, f"corrupt frame served at offset {offset}"
            assert offset == len(stored), f"offset {offset} served where {len(stored)} was expected"
            assert reserved == 0
            stored.append((offset, bytes(frame[64 : 64 + payload_length])))
            position = end
        assert position == len(body)


def produce(
    client: WireClient, producer: int, round_number: int, acknowledged: set[bytes], stop: threading.Event
) -> None:
    rng = random.Random(round_number * 100 + producer)
    sequence = 0
    try:
        while not stop.is_set():
            payloads = []
            for _ in range(rng.randint(1, 40)):
                prefix = f"r{round_number}-p{producer}-{sequence}-".encode()
                payloads.append(prefix + rng.randbytes(rng.randint(1, 3000)))
                sequence += 1
            try:
                client.send(STREAM, TOPIC, payloads, Partitioning.partition_id(0))
            except (OSError, ConnectionError):
                return  # killed mid-request: this batch was not acknowledged
            acknowledged.update(payloads)  # set.update of a list is atomic under the GIL
    finally:
        client.close()


def check(stored: list[tuple[int, bytes]], previous: list[tuple[int, bytes]], acknowledged: set[bytes]) -> None:
    assert stored[: len(previous)] == previous, "messages stored before the crash changed or moved"
    payloads = [payload for _, payload in stored]
    assert len(set(payloads)) == len(payloads), "a message is stored twice"
    missing = acknowledged - set(payloads)
    assert not missing, f"{len(missing)} acknowledged messages lost, e.g. {sorted(missing)[:3]}"


def test_kill9_during_durable_sends_loses_nothing_acknowledged(tmp_path):
    data = tmp_path / "data"
    rng = random.Random(20240611)
    acknowledged: set[bytes] = set()
    previous: list[tuple[int, bytes]] = []
    started = time.monotonic()
    for round_number in range(ROUNDS + 1):
        mode = CACHE_INDEXES[round_number % len(CACHE_INDEXES)]
        server = ServerProcess(data, {**ENV, "IGGY_SYSTEM_SEGMENT_CACHE_INDEXES": mode}).start()
        try:
            reader = server.client()
            if round_number == 0:
                reader.call(requests.CreateStream(STREAM))
                reader.call(requests.CreateTopic(STREAM, 1, 1, 0, 0, 0, TOPIC))
            stored = read_partition(reader)
            check(stored, previous, acknowledged)
            previous = stored
            if round_number == ROUNDS:
                reader.close()
                break
            stop = threading.Event()
            # The reader becomes producer 0; everyone is logged in before the clock starts.
            clients = [reader] + [server.client() for _ in range(PRODUCERS - 1)]
            producers = [
                threading.Thread(target=produce, args=(clients[n], n, round_number, acknowledged, stop))
                for n in range(PRODUCERS)
            ]
            for thread in producers:
                thread.start()
            time.sleep(rng.uniform(0.03, 0.25))
            server.kill()
            stop.set()
            for thread in producers:
                thread.join(10)
        finally:
            server.kill()
    assert len(acknowledged) > ROUNDS * 10, "the producers barely sent anything; the test proved little"
    assert len(previous) >= len(acknowledged)
    elapsed_s = time.monotonic() - started
    print(f"{ROUNDS} rounds, {len(acknowledged)} acknowledged, {len(previous)} stored, {elapsed_s:.1f} s")
