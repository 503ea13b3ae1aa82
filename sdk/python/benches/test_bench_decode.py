"""Micro benchmarks of the poll decode path, CPU only (not part of `make test`; the end-to-end comparison with the
official client is bench_throughput.py).

Run: .venv/bin/python -m pytest sdk/python/benches/test_bench_decode.py --benchmark-only

One 1000 x 1000-byte poll response, decoded as `poll_messages` does, in each protocol. `uniform` is the usual
batch (equal-size frames, consecutive offsets: checked in C, cached slices); `walked` has one offset (0.9: frame
size) out of step, so every frame header is unpacked in Python (the general path). The 0.9 encode benchmark builds
one 1000 x 1000-byte SendMessages batch (ids, frame checksums, batch checksum).
"""

import os

import pytest

from iggy.protocol.batches import Batch, read_send_batch
from iggy.protocol.codes import ProtocolVersion
from iggy.protocol.messages import (
    Message,
    PolledMessages,
    encode_frames,
    encode_poll_response_prefix,
    encode_send_batch_parts,
)
from iggy.protocol.primitives import Partitioning

V0_8, V0_9 = ProtocolVersion.V0_8, ProtocolVersion.V0_9

MESSAGES = 1000
PAYLOAD_BYTES = 1000


def _response(consecutive: bool) -> bytearray:
    payload = os.urandom(PAYLOAD_BYTES)
    messages = [Message(payload, offset=index) for index in range(MESSAGES)]
    if not consecutive:
        messages[MESSAGES // 2].offset += MESSAGES
    return bytearray(encode_poll_response_prefix(0, MESSAGES - 1, MESSAGES) + encode_frames(messages))


def _response_0_9(uniform: bool) -> bytearray:
    payload = os.urandom(PAYLOAD_BYTES)
    messages = [Message(payload) for _ in range(MESSAGES)]
    if not uniform:
        messages[MESSAGES // 2] = Message(payload + b"!")
    _, _, _, sent = read_send_batch(b"".join(encode_send_batch_parts(0, 0, Partitioning.partition_id(0), messages)))
    stored = Batch(0, 0, 1, sent.origin_timestamp, 0, sent.frames).with_checksums()
    return bytearray(encode_poll_response_prefix(0, MESSAGES - 1, MESSAGES) + stored.encode())


@pytest.fixture(scope="module", params=[(V0_8, "uniform"), (V0_8, "walked"), (V0_9, "uniform"), (V0_9, "walked")],
                ids=["0.8-uniform", "0.8-walked", "0.9-uniform", "0.9-walked"])
def response(request):
    version, shape = request.param
    if version == V0_9:
        return version, _response_0_9(uniform=shape == "uniform")
    return version, _response(consecutive=shape == "uniform")


def test_decode_and_touch_the_last_message(benchmark, response):
    version, body = response

    def poll():
        last = PolledMessages.decode(memoryview(body), version).messages[-1]
        return last.offset, len(last.payload)

    assert benchmark(poll)[1] >= PAYLOAD_BYTES


def test_decode_and_read_every_offset_and_payload(benchmark, response):
    version, body = response

    def poll_and_read():
        payload_bytes = 0
        for message in PolledMessages.decode(memoryview(body), version).messages:
            message.offset
            payload_bytes += len(message.payload)
        return payload_bytes

    assert benchmark(poll_and_read) >= MESSAGES * PAYLOAD_BYTES


def test_decode_and_read_the_columns(benchmark, response):
    version, body = response

    def poll_and_read_columns():
        messages = PolledMessages.decode(memoryview(body), version).messages
        return len(messages.offsets), sum(map(len, messages.payloads()))

    count, payload_bytes = benchmark(poll_and_read_columns)
    assert count == MESSAGES and payload_bytes >= MESSAGES * PAYLOAD_BYTES


def test_encode_a_0_9_send(benchmark):
    payload = os.urandom(PAYLOAD_BYTES)
    messages = [Message(payload) for _ in range(MESSAGES)]
    parts = benchmark(lambda: encode_send_batch_parts("s", "t", Partitioning.partition_id(0), messages))
    assert read_send_batch(b"".join(parts))[3].message_count == MESSAGES
