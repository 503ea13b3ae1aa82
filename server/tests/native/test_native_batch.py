"""Validation and in-place stamping of SendMessages batches (iggy_server._native)."""

import concurrent.futures
import struct

import pytest
from native_batches import INDEX_ENTRY, batch, frame, parse_frames, simple_batch
from native_vectors import V11_FRAMES, V11_INDEX, V13_FRAMES, V13_IDS, V13_TIMESTAMP_US

from iggy.protocol.codes import ErrorCode
from iggy_server import _native


def stamp(b, *, base_offset=0, segment_start_offset=0, segment_position_bytes=0, timestamp_us=1):
    return _native.validate_and_stamp(
        b.index,
        b.frames,
        b.messages_count,
        base_offset=base_offset,
        segment_start_offset=segment_start_offset,
        segment_position_bytes=segment_position_bytes,
        timestamp_us=timestamp_us,
    )


def good_frames(count=2):
    return [frame(b"payload-%d" % i) for i in range(count)]


def with_index(frames, entries):
    return batch(frames, index_entries=entries)


def ends(frames):
    total, out = 0, []
    for one in frames:
        total += len(one)
        out.append(total)
    return out


def bad_batches():
    frames2 = good_frames(2)
    end0, end1 = ends(frames2)
    big_payload = 64_000_001
    yield "count 0", batch([]), ErrorCode.INVALID_MESSAGES_COUNT
    yield "index offset non-zero", with_index(frames2, [(0, end0, 0), (7, end1, 0)]), ErrorCode.NON_ZERO_OFFSET
    yield "index timestamp non-zero", with_index(frames2, [(0, end0, 5), (0, end1, 0)]), ErrorCode.NON_ZERO_TIMESTAMP
    yield "boundary below 64 bytes", with_index(frames2, [(0, 10, 0), (0, end1, 0)]), ErrorCode.MISSING_INDEX
    yield "boundary beyond frames", with_index(frames2, [(0, end1 + 1, 0), (0, end1, 0)]), ErrorCode.MISSING_INDEX
    yield (
        "header announces more than the boundary",
        batch([frame(b"abc", payload_length=50)]),
        ErrorCode.MISSING_INDEX,
    )
    yield (
        "payload above 64 MB",
        batch([frame(bytes(big_payload))]),
        ErrorCode.TOO_BIG_MESSAGE_PAYLOAD,
    )
    yield "user headers above 100 kB", batch([frame(b"x", user_headers=bytes(100_001))]), ErrorCode.TOO_BIG_USER_HEADERS
    yield (
        "header offsets decrease",
        batch([frame(b"a", offset=5), frame(b"b", offset=4)]),
        ErrorCode.INVALID_OFFSET,
    )
    three = good_frames(3)
    e0, e1, _ = ends(three)
    yield (
        "index positions decrease",
        with_index(three, [(0, e0, 0), (0, e1, 0), (0, 3, 0)]),
        ErrorCode.CANNOT_READ_INDEX_POSITION,
    )
    yield (
        "sizes from headers do not add up",
        batch([frame(b"abc") + b"trailing"]),
        ErrorCode.INVALID_MESSAGES_SIZE,
    )
    yield "empty payload", batch([frame(b"")]), ErrorCode.EMPTY_MESSAGE_PAYLOAD
    yield "reserved field set", batch([frame(b"a", reserved=1)]), ErrorCode.INVALID_RESERVED_FIELD
    yield (
        "first failing message wins (msg 0 reserved before msg 1 index offset)",
        with_index([frame(b"a", reserved=1), frame(b"b")], [(0, 65, 0), (9, 130, 0)]),
        ErrorCode.INVALID_RESERVED_FIELD,
    )
    yield (
        "index checks precede message checks within one message",
        with_index([frame(b"", reserved=1)], [(0, 64, 3)]),
        ErrorCode.NON_ZERO_TIMESTAMP,
    )


BAD = list(bad_batches())


@pytest.mark.parametrize(("case", "bad", "expected"), BAD, ids=[case for case, _, _ in BAD])
def test_bad_batch_raises_its_code_and_leaves_buffers_untouched(case, bad, expected):
    before = bytes(bad.buffer)
    with pytest.raises(_native.NativeError) as raised:
        _native.validate_batch(bad.index, bad.frames, bad.messages_count)
    assert raised.value.code == expected
    with pytest.raises(_native.NativeError) as raised:
        stamp(bad)
    assert raised.value.code == expected
    assert raised.value.message
    assert bytes(bad.buffer) == before


def test_index_table_size_checks():
    good = batch(good_frames(2))
    frames = bytes(good.frames)
    with pytest.raises(_native.NativeError) as raised:
        _native.validate_batch(bytes(good.index)[:20], frames, 2)
    assert raised.value.code == ErrorCode.INVALID_INDEXES_BYTE_SIZE
    with pytest.raises(_native.NativeError) as raised:
        _native.validate_batch(bytes(good.index), frames, 3)
    assert raised.value.code == ErrorCode.INVALID_INDEXES_COUNT


def test_stamping_the_v11_batch_with_v13_ids_reproduces_the_v13_stored_frames():
    """Independent check of offsets, timestamp and XXH3 checksums: the V13 frames were stamped by
    another implementation from the V11 request."""
    frames = bytearray(V11_FRAMES)
    frames[8:24] = V13_IDS[0]
    frames[69 + 8 : 69 + 24] = V13_IDS[1]
    index = bytearray(V11_INDEX)
    end = _native.validate_and_stamp(
        index, frames, 2, base_offset=0, segment_start_offset=0, segment_position_bytes=0, timestamp_us=V13_TIMESTAMP_US
    )
    assert bytes(frames) == V13_FRAMES
    assert end == len(V13_FRAMES)
    assert [INDEX_ENTRY.unpack_from(index, 16 * i) for i in range(2)] == [
        (0, 69, V13_TIMESTAMP_US),
        (1, 141, V13_TIMESTAMP_US),
    ]


def test_stamping_fills_offsets_timestamp_ids_and_segment_index_entries():
    frames = [frame(b"a" * 10), frame(b"b" * 20, message_id=42, user_headers=b"\x01" * 7), frame(b"c")]
    b = batch(frames)
    end = stamp(b, base_offset=1000, segment_start_offset=990, segment_position_bytes=5000, timestamp_us=777)
    total = sum(map(len, frames))
    assert end == 5000 + total
    stored = parse_frames(bytes(b.frames))
    assert [m["offset"] for m in stored] == [1000, 1001, 1002]
    assert {m["timestamp"] for m in stored} == {777}
    assert [m["payload"] for m in stored] == [b"a" * 10, b"b" * 20, b"c"]
    assert stored[1]["user_headers"] == b"\x01" * 7
    assert stored[1]["id"] == (42).to_bytes(16, "little")
    for generated in (stored[0]["id"], stored[2]["id"]):
        # Iggy stores Uuid::to_u128_le() little-endian: the canonical UUID bytes, version 4, RFC variant.
        assert generated[6] >> 4 == 4
        assert generated[8] >> 6 == 0b10
    assert stored[0]["id"] != stored[2]["id"]
    entries = [INDEX_ENTRY.unpack_from(b.index, 16 * i) for i in range(3)]
    assert entries == [(10 + i, 5000 + end_i, 777) for i, end_i in enumerate(ends(frames))]
    assert entries[-1][1] == 5000 + total
    # Every stamped frame verifies: offsets in sequence and checksums over bytes 8..end.
    _native.verify_frames(bytes(b.frames), 1000, 3)


def test_server_assigned_ids_are_distinct_across_batches_and_threads():
    # Each thread draws from its own generator seeded by the OS: a fixed or shared seed would repeat ids.
    def stamped_ids(batches: int) -> list[bytes]:
        ids = []
        for _ in range(batches):
            b = simple_batch(500)
            stamp(b)
            ids += [m["id"] for m in parse_frames(bytes(b.frames))]
        return ids

    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        per_thread = list(pool.map(stamped_ids, [8, 8, 8]))
    every_id = [one for ids in per_thread for one in ids] + stamped_ids(8)
    assert len(every_id) == 4 * 8 * 500
    assert len(set(every_id)) == len(every_id)
    assert all(one[6] >> 4 == 4 and one[8] >> 6 == 0b10 for one in every_id)


def test_placement_that_overflows_a_segment_is_refused_untouched():
    b = simple_batch(2)
    before = bytes(b.buffer)
    for placement in (
        {"segment_position_bytes": 0xFFFF_FFFF - 10},
        {"base_offset": 5, "segment_start_offset": 6},
        {"base_offset": 2**32 + 10, "segment_start_offset": 10},
    ):
        with pytest.raises(_native.NativeError) as raised:
            stamp(b, **placement)
        assert raised.value.code == ErrorCode.CANNOT_APPEND_MESSAGE
        assert bytes(b.buffer) == before


def test_stamping_needs_writable_non_overlapping_buffers():
    b = simple_batch(1)
    with pytest.raises(ValueError, match="writable"):
        _native.validate_and_stamp(
            bytes(b.index), b.frames, 1, base_offset=0, segment_start_offset=0, segment_position_bytes=0, timestamp_us=1
        )
    with pytest.raises(ValueError, match="overlap"):
        _native.validate_and_stamp(
            memoryview(b.buffer)[:16],
            memoryview(b.buffer)[8:],
            1,
            base_offset=0,
            segment_start_offset=0,
            segment_position_bytes=0,
            timestamp_us=1,
        )


def test_native_error_is_an_exception_with_code_and_message():
    error = _native.NativeError(ErrorCode.INVALID_MESSAGES_COUNT, "no messages")
    assert isinstance(error, Exception)
    assert (error.code, error.message) == (4009, "no messages")
    assert "4009" in str(error)
    assert struct.calcsize("<IIQ") == _native.INDEX_ENTRY_SIZE


def test_stamp_checksums_stamps_every_whole_frame_and_refuses_a_torn_one():
    frames = bytearray(b"".join(frame(b"p%d" % n, user_headers=b"h" * n, offset=5 + n) for n in range(3)))
    _native.stamp_checksums(frames, 3)
    _native.verify_frames(frames, 5, 3)
    for broken, count in ((frames[:-1], 3), (frames + b"x", 3), (frames, 4)):
        with pytest.raises(_native.NativeError) as refused:
            _native.stamp_checksums(bytearray(broken), count)
        assert refused.value.code == ErrorCode.CANNOT_READ_MESSAGE
