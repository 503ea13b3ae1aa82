"""``system.segment.cache_indexes``: which segment indexes stay in memory, and lookups from the index files.

``all`` keeps every segment's entries in memory; ``open_segment`` only the active segment's (sealed segments are
looked up in their ``.index`` files, which start-up does not read); ``none`` keeps only entries not yet written to
the file. Every mode must answer every read exactly alike.
"""

from __future__ import annotations

import asyncio
import os

import pytest
from native_batches import parse_frames, simple_batch

from iggy_server.config import CacheIndexes, Durability, StorageConfig
from iggy_server.storage import IoResources, PartitionLog, StorageError
from iggy_server.storage.segment import INDEX_WRITE_BATCH_BYTES

SEGMENT_SIZE_BYTES = 4000  # 74-byte messages (10-byte payloads): 55 per segment
BATCH_SIZES = (1, 7, 3, 20, 2, 13, 5)


MEMORY_NONE = StorageConfig(cache_indexes=CacheIndexes.NONE, durability=Durability.MEMORY)


def config(mode: CacheIndexes, durability: Durability = Durability.WRITTEN) -> StorageConfig:
    return StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES, cache_indexes=mode, durability=durability)


def fill(log: PartitionLog, rounds: int) -> int:
    """Batches of uneven sizes; returns how many messages were appended."""
    appended = 0
    for round_number in range(rounds):
        for count in BATCH_SIZES:
            b = simple_batch(count, 10, tag=b"r%d" % round_number)
            appended += log.append(b.index, b.frames, b.messages_count).messages_count
    return appended


def index_entries_bytes(log: PartitionLog) -> list[int]:
    return [segment.index_entries_bytes for segment in log._segments]


def every_read(log: PartitionLog, total: int) -> list[tuple[int, int, int, list[int]]]:
    """A read from each offset (3 messages), plus reads by timestamp, described by what they return."""
    reads = []
    for offset in range(0, total + 2):
        result = log.read_by_offset(offset, 3)
        offsets = [m["offset"] for m in parse_frames(b"".join(result.buffers))]
        reads.append((result.messages_count, result.first_offset, result.size_bytes, offsets))
    for segment in log.segments():
        reads.append((log.offset_at_timestamp(segment.max_timestamp_us), 0, 0, []))
    reads.append((log.offset_at_timestamp(0), 0, 0, []))
    reads.append((log.offset_at_timestamp(2**63), 0, 0, []))
    return reads


def test_every_mode_answers_every_read_alike_before_and_after_a_restart(tmp_path):
    answers = {}
    for mode in CacheIndexes:
        directory = tmp_path / mode.value
        log = PartitionLog.open(directory, config(mode))
        total = fill(log, 12)
        assert log.segments_count > 8
        before = every_read(log, total)
        log.close()
        reopened = PartitionLog.open(directory, config(mode))
        try:
            assert every_read(reopened, total) == before
            answers[mode] = before
        finally:
            reopened.close()
    assert answers[CacheIndexes.ALL] == answers[CacheIndexes.OPEN_SEGMENT] == answers[CacheIndexes.NONE]
    offsets = [read[3] for read in answers[CacheIndexes.NONE][:3]]
    assert offsets == [[0, 1, 2], [1, 2, 3], [2, 3, 4]]


def test_which_index_entries_stay_in_memory(tmp_path):
    held = {}
    for mode in CacheIndexes:
        directory = tmp_path / mode.value
        log = PartitionLog.open(directory, config(mode))
        total = fill(log, 12)
        log.close()
        log = PartitionLog.open(directory, config(mode))  # after a restart too
        try:
            memory = index_entries_bytes(log)
            active_bytes = 16 * log._segments[-1].messages_count
            held[mode] = (sum(memory), memory[-1], active_bytes, total)
            fill(log, 1)  # appends after the restart
            if mode is CacheIndexes.NONE:
                assert sum(index_entries_bytes(log)) < INDEX_WRITE_BATCH_BYTES
        finally:
            log.close()
    assert held[CacheIndexes.ALL][0] == 16 * held[CacheIndexes.ALL][3]  # every entry
    assert held[CacheIndexes.OPEN_SEGMENT][0] == held[CacheIndexes.OPEN_SEGMENT][1]  # the active segment's alone
    assert held[CacheIndexes.OPEN_SEGMENT][1] == held[CacheIndexes.OPEN_SEGMENT][2] > 0
    assert held[CacheIndexes.NONE][0] == 0  # start-up leaves every entry in the files


def test_none_keeps_unwritten_entries_in_memory_until_the_index_file_has_them(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(cache_indexes=CacheIndexes.NONE))
    try:
        fill(log, 2)  # `written` durability leaves the index entries to batched writes
        active = log._segments[-1]
        assert active.index_entries_bytes == 16 * active.messages_count > 0
        assert log.read_by_offset(5, 4).first_offset == 5
        log.flush(fsync=False)  # writes them: memory lets go of them at the next lookup or append
        assert log.read_by_offset(5, 4).first_offset == 5
        assert active.index_entries_bytes == 0
        assert os.path.getsize(active.index_path) == 16 * active.messages_count
        fill(log, 1)
        assert 0 < active.index_entries_bytes < INDEX_WRITE_BATCH_BYTES
        assert [log.read_by_offset(offset, 1).first_offset for offset in range(log.next_offset)] == list(
            range(log.next_offset)
        )
    finally:
        log.close()


def test_none_with_memory_durability_finds_queued_batches_and_lets_go_once_written(tmp_path):
    io = IoResources()
    log = PartitionLog.open(tmp_path / "p", MEMORY_NONE, io)
    try:
        fill(log, 1)
        log.flush(fsync=False)
        io.write_queue.pause()
        written_before = log.next_offset
        fill(log, 2)  # queued, not written: their entries are only in memory
        active = log._segments[-1]
        assert active.index_entries_bytes == 16 * (log.next_offset - written_before)

        async def poll(offset: int, count: int):
            await log.wait_readable(offset, count)  # waits for the writer: the lookup found the queued bytes
            return log.read_by_offset(offset, count)

        io.write_queue.resume()
        result = asyncio.run(poll(written_before + 3, 10))
        offsets = [m["offset"] for m in parse_frames(b"".join(result.buffers))]
        assert offsets == list(range(written_before + 3, written_before + 13))
        log.flush(fsync=False)
        log.read_by_offset(0, 1)
        assert active.index_entries_bytes == 0
    finally:
        log.close()
        io.close()


@pytest.mark.parametrize("mode", [CacheIndexes.OPEN_SEGMENT, CacheIndexes.NONE])
def test_a_sealed_segment_is_looked_up_in_its_index_file(tmp_path, mode):
    """Start-up checks a sealed index's first and last entries against its log and reads no more of it; a lookup
    reads the entries it needs from the file."""
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, config(mode))
    fill(log, 4)
    log.close()
    sealed_index = sorted(directory.glob("*.index"))[0]
    stored = bytearray(sealed_index.read_bytes())
    # Entry 30's position (bytes 4-8) moved by one byte in the file: where a read from offset 31 starts.
    position = slice(30 * 16 + 4, 30 * 16 + 8)
    stored[position] = (int.from_bytes(stored[position], "little") + 1).to_bytes(4, "little")
    sealed_index.write_bytes(stored)
    reopened = PartitionLog.open(directory, config(mode))
    try:
        assert reopened.read_by_offset(10, 5).first_offset == 10  # entries 9 to 14, untouched
        with pytest.raises(StorageError):  # the frames read from the moved position fail verification
            reopened.read_by_offset(31, 1)
    finally:
        reopened.close()


def test_a_sealed_index_that_does_not_match_its_log_is_rebuilt_at_start_up(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, config(CacheIndexes.OPEN_SEGMENT))
    total = fill(log, 4)
    log.close()
    sealed_index = sorted(directory.glob("*.index"))[1]
    good = sealed_index.read_bytes()
    sealed_index.write_bytes(good[:-16])  # the last entry lost: it no longer ends at the log's end
    reopened = PartitionLog.open(directory, config(CacheIndexes.OPEN_SEGMENT))
    try:
        assert sealed_index.read_bytes() == good
        assert reopened.read_by_offset(0, 1000).messages_count == total
        assert reopened._segments[1].index_entries_bytes == 0
    finally:
        reopened.close()
