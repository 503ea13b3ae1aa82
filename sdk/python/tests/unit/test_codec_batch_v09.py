"""The Iggy 0.9 message hot paths (`messages.encode_send_batch_parts`, `BatchMessages`) against the exact, slow
codec (`batches.py`) and the official client's captured poll answer (protocol-spec/fixtures/v0_9)."""

from __future__ import annotations

import base64
import json
import struct
import uuid
from pathlib import Path

import pytest

from iggy import Message
from iggy.protocol.batches import Batch, Frame, read_send_batch
from iggy.protocol.codes import ErrorCode, ProtocolVersion
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import (
    BatchMessages,
    PolledBatchMessage,
    PolledMessages,
    encode_send_batch_parts,
    now_us,
)
from iggy.protocol.primitives import HeaderValue, Identifier, Partitioning, encode_user_headers

V0_9 = ProtocolVersion.V0_9
FIXTURES_0_9 = Path(__file__).resolve().parents[4] / "protocol-spec" / "fixtures" / "v0_9"
_PREFIX = struct.Struct("<IQI")


def _send(messages):
    return read_send_batch(b"".join(encode_send_batch_parts("s", 7, Partitioning.partition_id(2), messages)))


@pytest.mark.parametrize("messages", [
    [Message(b"x" * 100) for _ in range(50)],  # equal sizes
    [Message(b"y" * (i + 1)) for i in range(33)],  # unequal
    [Message(b"h", user_headers={"k": i, "tag": HeaderValue.uint8(3)}) for i in range(5)],
    [Message(bytearray(b"mutable")), Message(memoryview(b"view")), Message("text")],
], ids=["equal", "unequal", "headers", "buffers"])
def test_sent_batches_carry_valid_checksums_and_the_callers_bytes(messages):
    stream, topic, partitioning, batch = _send(messages)
    assert (stream, topic, partitioning) == (Identifier("s"), Identifier(7), Partitioning.partition_id(2))
    assert batch.message_count == len(messages)
    assert batch.batch_checksum == batch.computed_checksum()
    assert all(frame.checksum_valid() for frame in batch.frames)
    assert [frame.offset_delta for frame in batch.frames] == list(range(len(messages)))
    assert [frame.payload for frame in batch.frames] == [bytes(m.payload) for m in messages]
    assert [frame.user_headers for frame in batch.frames] == [bytes(m.user_headers_bytes) for m in messages]
    assert (batch.partition_id, batch.base_offset, batch.base_timestamp) == (0, 0, 0)
    assert abs(batch.origin_timestamp - now_us()) < 60_000_000


def test_ids_are_uuid4_unless_given_and_origin_timestamps_become_deltas():
    base = now_us() - 5_000_000
    messages = [Message(b"a"), Message(b"b", id=0xABC), Message(b"c", origin_timestamp_us=base),
                Message(b"d", origin_timestamp_us=base + 7)]
    _, _, _, batch = _send(messages)
    ids = [frame.id for frame in batch.frames]
    assert ids[1] == 0xABC
    for generated in (ids[0], ids[2], ids[3]):
        assert uuid.UUID(bytes=generated.to_bytes(16, "little")).version == 4
    assert len(set(ids)) == 4
    assert batch.origin_timestamp == base
    deltas = [frame.timestamp_delta for frame in batch.frames]
    assert deltas[2:] == [0, 7] and deltas[0] == deltas[1] > 0  # the unset ones are stamped at send time


@pytest.mark.parametrize("messages, code", [
    ([], ErrorCode.INVALID_MESSAGES_COUNT),
    ([Message(b"ok"), Message(b"")], ErrorCode.EMPTY_MESSAGE_PAYLOAD),
    ([Message(b"z" * 64_000_001)], ErrorCode.TOO_BIG_MESSAGE_PAYLOAD),
    ([Message(b"a", origin_timestamp_us=1), Message(b"b", origin_timestamp_us=1 + (1 << 32))],
     ErrorCode.INVALID_MESSAGE_TIMESTAMP_DELTA),
])
def test_unsendable_batches_are_refused_with_their_code(messages, code):
    with pytest.raises(ProtocolError) as raised:
        encode_send_batch_parts("s", "t", Partitioning.partition_id(0), messages)
    assert raised.value.code == code


def _record(base_offset: int, base_timestamp: int, frames: list[Frame], partition: int = 0) -> bytes:
    return Batch(partition, base_offset, base_timestamp, 1_000, 0, tuple(frames)).with_checksums().encode()


def _frames(payloads: list[bytes], first_delta: int = 0, headers: bytes = b"") -> list[Frame]:
    return [Frame(0, 100 + i, first_delta + i, i, payload, headers) for i, payload in enumerate(payloads)]


def _answer(*records: bytes, partition: int = 0, current: int = 99) -> bytes:
    count = sum(Batch.decode(r).message_count for r in records)
    return _PREFIX.pack(partition, current, count) + b"".join(records)


@pytest.mark.parametrize("records", [
    [_record(10, 555, _frames([b"aaaa"] * 40))],  # one record of equal frames (strided checks)
    [_record(10, 555, _frames([b"abc"] * 5))],  # frame size not a multiple of 4 (iter_unpack checks)
    [_record(10, 555, _frames([b"a" * (i + 1) for i in range(7)]))],  # unequal: walked
    [_record(10, 555, _frames([b"q"] * 3, first_delta=4))],  # a server-sliced record keeps its deltas
    [_record(0, 1, _frames([b"one", b"two"])), _record(2, 2, _frames([b"three"])),
     _record(3, 3, _frames([b"4", b"55"], headers=encode_user_headers({"k": "v"})))],
], ids=["uniform", "uniform-odd-size", "walked", "sliced", "three-records"])
def test_the_fast_view_reads_what_the_exact_codec_reads(records):
    answer = _answer(*records)
    polled = PolledMessages.decode(answer, V0_9)
    exact = [(b.base_offset + f.offset_delta, f) for b in polled.batches for f in b.frames]
    stamps = [b.base_timestamp for b in polled.batches for _ in b.frames]
    origins = [b.origin_timestamp + f.timestamp_delta for b in polled.batches for f in b.frames]
    messages = polled.messages
    assert isinstance(messages, BatchMessages) and len(messages) == len(exact)
    assert all(isinstance(m, PolledBatchMessage) and isinstance(m, Message) for m in messages)
    assert [m.offset for m in messages] == list(messages.offsets) == [offset for offset, _ in exact]
    assert [bytes(m.payload) for m in messages] == [bytes(p) for p in messages.payloads()] == [
        f.payload for _, f in exact]
    assert [m.id for m in messages] == [f.id for _, f in exact]
    assert [m.checksum for m in messages] == [f.checksum for _, f in exact]
    assert [m.timestamp_us for m in messages] == stamps
    assert [m.origin_timestamp_us for m in messages] == origins
    assert [bytes(m.user_headers_bytes) for m in messages] == [f.user_headers for _, f in exact]
    assert messages[-1].offset == exact[-1][0] and [m.offset for m in messages[1:3]] == [o for o, _ in exact[1:3]]
    assert [m.offset for m in reversed(messages)] == [o for o, _ in reversed(exact)]
    columns = messages.columns()
    assert columns.offsets == [o for o, _ in exact] and columns.ids == [f.id for _, f in exact]
    assert columns.timestamps_us == stamps
    assert [bytes(p) for p in columns.payloads] == [f.payload for _, f in exact]
    assert [bytes(h) for h in columns.user_headers] == [f.user_headers for _, f in exact]
    # Payloads are views of the one answer buffer.
    assert all(m.payload.obj is messages.buffer.obj for m in messages)
    assert polled.encode(V0_9) == answer


def test_the_official_clients_captured_answer_reads_as_its_fields():
    fixture = json.loads((FIXTURES_0_9 / "messages" / "poll_messages_response.json").read_text())
    polled = PolledMessages.decode(bytes.fromhex(fixture["hex"])[256:], V0_9)
    batch = fixture["fields"]["batches"][0]
    assert [m.offset for m in polled.messages] == [batch["base_offset"] + f["offset_delta"] for f in batch["frames"]]
    assert [bytes(m.payload) for m in polled.messages] == [base64.b64decode(f["payload"]) for f in batch["frames"]]
    assert [m.id for m in polled.messages] == [f["id"] for f in batch["frames"]]
    assert all(m.timestamp_us == batch["base_timestamp"] for m in polled.messages)


def test_an_empty_answer_and_the_resync_prefix_hold_no_messages():
    polled = PolledMessages.decode(_PREFIX.pack(0xFFFFFFFF, 0, 0), V0_9)
    assert polled.partition_id == 0xFFFFFFFF and list(polled.messages) == [] and polled.batches == ()


@pytest.mark.parametrize("corrupt, code", [
    (lambda r: r[:52] + b"\x01" + r[53:], ErrorCode.INVALID_FORMAT),  # batch header reserved byte
    (lambda r: r[:256 + 40] + b"\x01" + r[256 + 41:], ErrorCode.INVALID_RESERVED_FIELD),  # frame reserved
    (lambda r: r[:-1], ErrorCode.INVALID_COMMAND),  # cut short
    (lambda r: r[:48] + struct.pack("<I", 3) + r[52:], ErrorCode.INVALID_FORMAT),  # count says 3 of 2 frames
])
def test_malformed_records_are_refused(corrupt, code):
    record = _record(0, 1, _frames([b"a" * 5, b"bcdefgh"]))
    with pytest.raises(ProtocolError) as raised:
        PolledMessages.decode(_PREFIX.pack(0, 1, 2) + corrupt(record), V0_9)
    assert raised.value.code == code
