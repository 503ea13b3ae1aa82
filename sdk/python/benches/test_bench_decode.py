"""Micro benchmarks of the poll decode path, CPU only (not part of `make test`; the end-to-end comparison with the
official client is bench_throughput.py).

Run: .venv/bin/python -m pytest sdk/python/benches/test_bench_decode.py --benchmark-only

One 1000 x 1000-byte poll response, decoded as `poll_messages` does. `uniform` is the usual batch (equal-size
frames, consecutive offsets: checked in C, cached slices); `walked` has one offset out of sequence, so every
frame header is unpacked in Python (the general path).
"""

import os

import pytest

from iggy.protocol.messages import Message, PolledMessages, encode_frames, encode_poll_response_prefix

MESSAGES = 1000
PAYLOAD_BYTES = 1000


def _response(consecutive: bool) -> bytearray:
    payload = os.urandom(PAYLOAD_BYTES)
    messages = [Message(payload, offset=index) for index in range(MESSAGES)]
    if not consecutive:
        messages[MESSAGES // 2].offset += MESSAGES
    return bytearray(encode_poll_response_prefix(0, MESSAGES - 1, MESSAGES) + encode_frames(messages))


@pytest.fixture(scope="module", params=["uniform", "walked"])
def response(request):
    return _response(consecutive=request.param == "uniform")


def test_decode_and_touch_the_last_message(benchmark, response):
    def poll():
        last = PolledMessages.decode(memoryview(response)).messages[-1]
        return last.offset, len(last.payload)

    assert benchmark(poll)[1] == PAYLOAD_BYTES


def test_decode_and_read_every_offset_and_payload(benchmark, response):
    def poll_and_read():
        payload_bytes = 0
        for message in PolledMessages.decode(memoryview(response)).messages:
            message.offset
            payload_bytes += len(message.payload)
        return payload_bytes

    assert benchmark(poll_and_read) == MESSAGES * PAYLOAD_BYTES


def test_decode_and_read_the_columns(benchmark, response):
    def poll_and_read_columns():
        messages = PolledMessages.decode(memoryview(response)).messages
        return len(messages.offsets), sum(map(len, messages.payloads()))

    assert benchmark(poll_and_read_columns) == (MESSAGES, MESSAGES * PAYLOAD_BYTES)
