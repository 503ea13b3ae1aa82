"""Segment index lookups by offset and by timestamp, in memory and from an index file plus an in-memory tail."""

import os

import pytest
from native_batches import INDEX_ENTRY

from iggy.protocol.codes import ErrorCode
from iggy_server import _native

# 5 messages of sizes 100, 200, 300, 400, 500; timestamps 10, 20, 20, 30, 40.
SIZES = [100, 200, 300, 400, 500]
TIMESTAMPS = [10, 20, 20, 30, 40]
ENDS = [100, 300, 600, 1000, 1500]
INDEX = b"".join(INDEX_ENTRY.pack(i, end, ts) for i, (end, ts) in enumerate(zip(ENDS, TIMESTAMPS, strict=True)))


def test_lookup_by_offset_returns_entry_byte_range_and_count():
    assert _native.index_lookup_offset(INDEX, 0, 1) == (0, 0, 100, 1)
    assert _native.index_lookup_offset(INDEX, 0, 100) == (0, 0, 1500, 5)
    assert _native.index_lookup_offset(INDEX, 2, 2) == (2, 300, 1000, 2)
    assert _native.index_lookup_offset(INDEX, 4, 10) == (4, 1000, 1500, 1)


def test_lookup_by_offset_beyond_the_end_or_zero_count_is_none():
    assert _native.index_lookup_offset(INDEX, 5, 10) is None
    assert _native.index_lookup_offset(INDEX, 0, 0) is None
    assert _native.index_lookup_offset(b"", 0, 10) is None


def test_lookup_by_offset_tolerates_gaps_in_relative_offsets():
    gapped = INDEX_ENTRY.pack(0, 100, 1) + INDEX_ENTRY.pack(5, 250, 2)
    assert _native.index_lookup_offset(gapped, 3, 10) == (1, 100, 250, 1)


def test_lookup_by_offset_when_the_entry_at_the_offsets_position_holds_another_offset():
    # Entry k normally holds relative offset k and is read directly; where it does not, the lookup searches.
    gapped = b"".join(INDEX_ENTRY.pack(offset, 100 * (i + 1), 1) for i, offset in enumerate([0, 2, 3, 4]))
    assert _native.index_lookup_offset(gapped, 1, 1) == (1, 100, 200, 1)
    assert _native.index_lookup_offset(gapped, 2, 1) == (1, 100, 200, 1)
    assert _native.index_lookup_offset(gapped, 3, 1) == (2, 200, 300, 1)
    assert _native.index_lookup_offset(gapped, 4, 9) == (3, 300, 400, 1)


def test_lookup_by_offset_answers_the_first_of_repeated_offsets():
    # Entry 1 holds offset 1, but so does entry 0: the span starts at the first.
    repeated = b"".join(INDEX_ENTRY.pack(offset, 100 * (i + 1), 1) for i, offset in enumerate([1, 1, 2]))
    assert _native.index_lookup_offset(repeated, 1, 9) == (0, 0, 300, 3)
    assert _native.index_lookup_offset(repeated, 2, 9) == (2, 200, 300, 1)
    # Entry 2 comes after smaller offsets but holds 0, not 2: no message is at or past offset 2.
    zeros = b"".join(INDEX_ENTRY.pack(0, 100 * (i + 1), 1) for i in range(3))
    assert _native.index_lookup_offset(zeros, 2, 9) is None


def test_lookup_by_timestamp_finds_the_first_message_at_or_after():
    assert _native.index_lookup_timestamp(INDEX, 0, 10) == (0, 0, 1500, 5)
    assert _native.index_lookup_timestamp(INDEX, 20, 10) == (1, 100, 1500, 4)
    assert _native.index_lookup_timestamp(INDEX, 21, 1) == (3, 600, 1000, 1)
    assert _native.index_lookup_timestamp(INDEX, 40, 10) == (4, 1000, 1500, 1)
    assert _native.index_lookup_timestamp(INDEX, 41, 10) is None


def test_lookups_accept_bytearray_and_memoryview():
    assert _native.index_lookup_offset(bytearray(INDEX), 1, 1) == (1, 100, 300, 1)
    assert _native.index_lookup_timestamp(memoryview(INDEX)[16:], 30, 1) == (2, 600, 1000, 1)


def file_lookups(tmp_path, index: bytes, split_entry: int):
    """The lookups over ``index`` stored as a file holding its first ``split_entry`` entries plus a tail."""
    path = tmp_path / f"split-{split_entry}.index"
    path.write_bytes(index[: 16 * split_entry])
    fd = os.open(path, os.O_RDONLY)
    tail = index[16 * split_entry :]

    def by_offset(relative, count):
        return _native.index_file_lookup_offset(fd, split_entry, tail, relative, count)

    def by_timestamp(timestamp_us, count):
        return _native.index_file_lookup_timestamp(fd, split_entry, tail, timestamp_us, count)

    return fd, by_offset, by_timestamp


@pytest.mark.parametrize(
    "index",
    [
        INDEX,
        INDEX_ENTRY.pack(0, 100, 1) + INDEX_ENTRY.pack(5, 250, 2),
        b"".join(INDEX_ENTRY.pack(offset, 100 * (i + 1), 1) for i, offset in enumerate([0, 2, 3, 4])),
        b"".join(INDEX_ENTRY.pack(offset, 100 * (i + 1), 1) for i, offset in enumerate([1, 1, 2])),
    ],
    ids=["dense", "gap", "shifted", "repeated"],
)
def test_lookups_from_an_index_file_and_a_tail_answer_as_from_memory(tmp_path, index):
    entries = len(index) // 16
    for split_entry in range(entries + 1):
        fd, by_offset, by_timestamp = file_lookups(tmp_path, index, split_entry)
        try:
            for relative in range(8):
                for count in (0, 1, 2, 9):
                    expected = _native.index_lookup_offset(index, relative, count)
                    found = by_offset(relative, count)
                    assert (found is None) == (expected is None), (split_entry, relative, count)
                    if found is not None:
                        first_entry, first_relative, *span = found
                        assert (first_entry, *span) == expected
                        assert first_relative == INDEX_ENTRY.unpack_from(index, 16 * first_entry)[0]
            for timestamp_us in (0, 1, 2, 10, 20, 21, 40, 41):
                expected = _native.index_lookup_timestamp(index, timestamp_us, 3)
                found = by_timestamp(timestamp_us, 3)
                assert (found is None) == (expected is None)
                if found is not None:
                    assert (found[0], *found[2:]) == expected
        finally:
            os.close(fd)


def test_a_lookup_in_an_index_file_shorter_than_announced_raises_10011(tmp_path):
    path = tmp_path / "short.index"
    path.write_bytes(INDEX[: 16 * 3])
    fd = os.open(path, os.O_RDONLY)
    try:
        with pytest.raises(_native.NativeError) as failure:
            _native.index_file_lookup_offset(fd, 5, b"", 4, 1)
        assert failure.value.code == ErrorCode.CANNOT_READ_INDEX_POSITION
        assert "ends before" in failure.value.message
        # The entries the lookup needs are all there: it answers.
        assert _native.index_file_lookup_offset(fd, 5, b"", 1, 1) == (1, 1, 100, 300, 1)
    finally:
        os.close(fd)
