"""The native 0.9 batch conversion (server/src/batch_v09.rs): a 0.9 batch admitted and written as stamped stored
frames in one pass, and stored frames answered as 0.9 batch records — checked against the Python codec
(iggy.protocol.batches, messages), a second implementation of both layouts."""

from __future__ import annotations

import struct

import pytest
import xxhash

from iggy.protocol.batches import Batch, Frame
from iggy.protocol.codes import ErrorCode
from iggy.protocol.messages import MessageBatch
from iggy.protocol.primitives import HeaderValue, Reader, encode_user_headers
from iggy_server import _native
from iggy_server._native import NativeError

HEADERS = encode_user_headers({"k": HeaderValue.string("v")})


def make_batch(payloads: list[bytes], origin: int = 1_000, headers: bytes = b"") -> Batch:
    frames = tuple(Frame(0, 100 + i, i, 3 * i, payload, headers) for i, payload in enumerate(payloads))
    return Batch(0, 0, 0, origin, 0, frames).with_checksums()


def store(batch: bytes, count: int, base_offset: int = 0, timestamp: int = 7, segment_start: int = 0,
          position: int = 0) -> tuple[bytes, bytes, int]:
    size = _native.v09_frames_bytes(len(batch), count)
    assert size is not None
    index, frames = bytearray(16 * count), bytearray(size)
    end = _native.convert_and_stamp_v09(batch, index, frames, count, base_offset=base_offset,
                                         segment_start_offset=segment_start, segment_position_bytes=position,
                                         timestamp_us=timestamp)
    return bytes(index), bytes(frames), end


def test_a_batch_is_stored_as_stamped_frames_with_their_index():
    batch = make_batch([b"one", b"two!"], headers=HEADERS)
    index, frames, end = store(batch.encode(), 2, base_offset=40, segment_start=30, position=1000)
    assert end == 1000 + len(frames)
    stored = MessageBatch(frames).materialize()
    assert [(m.offset, m.id, m.timestamp_us, m.origin_timestamp_us, bytes(m.payload)) for m in stored] == [
        (40, 100, 7, 1_000, b"one"), (41, 101, 7, 1_003, b"two!")]
    assert all(bytes(m.to_message().user_headers_bytes) == HEADERS for m in stored)
    for message in stored:  # 0.8 checksums over the stored layout
        assert message.checksum == xxhash.xxh3_64_intdigest(message.to_message().encode_frame()[8:])
    entries = [struct.unpack_from("<IIQ", index, 16 * i) for i in range(2)]
    first_end = 64 + 3 + len(HEADERS)
    assert entries == [(10, 1000 + first_end, 7), (11, 1000 + len(frames), 7)]


def test_stored_frames_answer_the_producers_batch_byte_for_byte():
    batch = make_batch([b"a", b"bb", b"ccc"], headers=HEADERS)
    _, frames, _ = store(batch.encode(), 3, base_offset=5, timestamp=99)
    records, count = _native.poll_batches(frames, 2, True)
    assert count == 3
    polled = Batch.read(Reader(records))
    header = (polled.partition_id, polled.base_offset, polled.base_timestamp, polled.origin_timestamp)
    assert header == (2, 5, 99, 1_000)
    assert polled.frames == batch.frames  # ids, deltas, payloads, headers and checksums as the producer sent them
    assert polled.batch_checksum == polled.computed_checksum()


def test_stored_frames_of_several_timestamps_answer_a_record_each():
    first = store(make_batch([b"x"]).encode(), 1, base_offset=0, timestamp=10)[1]
    second = store(make_batch([b"y", b"z"]).encode(), 2, base_offset=1, timestamp=20)[1]
    records, count = _native.poll_batches(first + second, 0, True)
    reader = Reader(records)
    parsed = [Batch.read(reader) for _ in range(2)]
    assert count == 3 and reader.remaining == 0
    assert [(b.base_offset, b.base_timestamp, b.message_count) for b in parsed] == [(0, 10, 1), (1, 20, 2)]
    assert all(f.checksum_valid() for b in parsed for f in b.frames)


def test_a_corrupt_stored_frame_is_refused_only_when_verifying():
    _, frames, _ = store(make_batch([b"abc"]).encode(), 1)
    corrupt = frames[:-1] + bytes([frames[-1] ^ 1])
    with pytest.raises(NativeError) as refused:
        _native.poll_batches(corrupt, 0, True)
    assert refused.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
    assert _native.poll_batches(corrupt, 0, False)[1] == 1


def _mutated(batch: Batch, change: str) -> tuple[bytes, int]:
    raw = bytearray(batch.encode())
    count = batch.message_count
    if change == "count":
        count += 1
    elif change == "frame_checksum":
        raw[-1] ^= 1
    elif change == "batch_checksum":
        raw[40] ^= 1
    elif change == "reserved":
        raw[100] = 1
    elif change == "trailing":
        raw += b"\0"
        struct.pack_into("<Q", raw, 32, len(raw))
    return bytes(raw), count


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ("count", ErrorCode.INVALID_MESSAGES_COUNT),
        ("frame_checksum", ErrorCode.INVALID_MESSAGE_CHECKSUM),
        ("batch_checksum", ErrorCode.INVALID_BATCH_CHECKSUM),
        ("reserved", ErrorCode.INVALID_FORMAT),
        ("trailing", ErrorCode.INVALID_MESSAGES_SIZE),
    ],
)
def test_a_bad_batch_is_refused_with_the_iggy_code(change, code):
    raw, count = _mutated(make_batch([b"p", b"q"]), change)
    with pytest.raises(NativeError) as refused:
        store(raw, count)
    assert refused.value.code == code


@pytest.mark.parametrize(("delta", "payload", "code"), [(1, b"x", ErrorCode.INVALID_OFFSET),
                                                        (0, b"", ErrorCode.EMPTY_MESSAGE_PAYLOAD)])
def test_a_bad_frame_is_refused_with_the_iggy_code(delta, payload, code):
    batch = Batch(0, 0, 0, 0, 0, (Frame(0, 1, delta, 0, payload),)).with_checksums()
    with pytest.raises(NativeError) as refused:
        store(batch.encode(), 1)
    assert refused.value.code == code


def test_a_batch_shorter_than_its_header_has_no_stored_size():
    assert _native.v09_frames_bytes(255, 1) is None
    assert _native.v09_frames_bytes(256 + 48 + 1, 1) == 64 + 1


# From 256 KiB on both conversions run in parts on two threads (server/src/parts.rs): the answers and
# refusals must be those of one pass, checked here against the Python codec.
LARGE_PAYLOADS = [bytes([65 + i % 26]) * (700 + (i * 37) % 900) for i in range(400)]


def test_a_large_batch_is_stored_and_answered_byte_for_byte():
    batch = make_batch(LARGE_PAYLOADS, headers=HEADERS)
    raw = batch.encode()
    assert len(raw) > 256 * 1024
    index, frames, end = store(raw, len(LARGE_PAYLOADS), base_offset=1_000, segment_start=900, position=64)
    assert end == 64 + len(frames)
    stored = MessageBatch(frames).materialize()
    assert [(m.offset, m.id, bytes(m.payload)) for m in stored] == [
        (1_000 + i, 100 + i, payload) for i, payload in enumerate(LARGE_PAYLOADS)]
    assert all(m.checksum == xxhash.xxh3_64_intdigest(m.to_message().encode_frame()[8:]) for m in stored)
    positions = [struct.unpack_from("<IIQ", index, 16 * i)[1] for i in range(len(LARGE_PAYLOADS))]
    ends = [64 + sum(64 + len(p) + len(HEADERS) for p in LARGE_PAYLOADS[: i + 1]) for i in range(len(LARGE_PAYLOADS))]
    assert positions == ends
    records, count = _native.poll_batches(frames, 3, True)
    assert count == len(LARGE_PAYLOADS)
    polled = Batch.read(Reader(records))
    assert polled.frames == batch.frames and polled.batch_checksum == polled.computed_checksum()


def test_a_large_answer_of_several_records_is_what_the_codec_reads():
    halves = (LARGE_PAYLOADS[:150], LARGE_PAYLOADS[150:])
    first = store(make_batch(halves[0]).encode(), 150, base_offset=0, timestamp=10)[1]
    second = store(make_batch(halves[1], origin=5_000).encode(), 250, base_offset=150, timestamp=20)[1]
    records, count = _native.poll_batches(first + second, 1, False)
    reader = Reader(records)
    parsed = [Batch.read(reader) for _ in range(2)]
    assert count == 400 and reader.remaining == 0
    assert [(b.base_offset, b.base_timestamp, b.origin_timestamp, b.message_count) for b in parsed] == [
        (0, 10, 1_000, 150), (150, 20, 5_000, 250)]
    assert [bytes(f.payload) for b in parsed for f in b.frames] == LARGE_PAYLOADS
    assert all(b.batch_checksum == b.computed_checksum() and all(f.checksum_valid() for f in b.frames)
               for b in parsed)


@pytest.mark.parametrize("broken", [[3], [390], [3, 390]], ids=["first-half", "second-half", "both"])
def test_a_large_batch_refuses_its_earliest_bad_message(broken):
    raw = bytearray(make_batch(LARGE_PAYLOADS).encode())
    for i in broken:
        at = 256 + sum(48 + len(p) for p in LARGE_PAYLOADS[:i]) + 48
        raw[at] ^= 0xFF
    with pytest.raises(NativeError) as refused:
        store(bytes(raw), len(LARGE_PAYLOADS))
    assert refused.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
    assert refused.value.message.startswith(f"message {broken[0]}:")


def test_a_large_conversion_on_one_thread_writes_what_two_threads_write():
    # `parallel` only decides where the work runs (the server keeps it on the loop while clients take turns):
    # 300 KB, in parts when asked, converts to the same bytes both ways, and the counters tell which ran.
    payloads = [bytes([i % 251]) * 1000 for i in range(300)]
    batch = make_batch(payloads, headers=HEADERS).encode()
    size = _native.v09_frames_bytes(len(batch), len(payloads))
    assert size is not None
    stored = []
    for parallel in (True, False):
        index, frames = bytearray(16 * len(payloads)), bytearray(size)
        before = _native.conversion_parts_stats()
        _native.convert_and_stamp_v09(batch, index, frames, len(payloads), base_offset=0, segment_start_offset=0,
                                      segment_position_bytes=0, timestamp_us=7, parallel=parallel)
        after = _native.conversion_parts_stats()
        assert (after[0] - before[0], after[1] - before[1]) == ((1, 0) if parallel else (0, 1))
        # Stored ids are the producer's and the timestamp is given, so the stored bytes must match exactly.
        stored.append((bytes(index), bytes(frames)))
    assert stored[0] == stored[1]
    answers = []
    for parallel in (True, False):
        before = _native.conversion_parts_stats()
        answers.append(_native.poll_batches(stored[0][1], 4, True, parallel=parallel))
        after = _native.conversion_parts_stats()
        assert (after[0] - before[0], after[1] - before[1]) == ((1, 0) if parallel else (0, 1))
    assert answers[0] == answers[1] and answers[0][1] == len(payloads)
