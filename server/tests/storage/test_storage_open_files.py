"""Open segment files are bounded (``system.io.max_open_segment_files``): sealed logs are reopened on demand
and closed least-recently-read first; past the bound a new partition is refused with 3000."""

from __future__ import annotations

import os

import pytest
from native_batches import parse_frames, simple_batch

from iggy.protocol.codes import ErrorCode
from iggy_server.config import IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog, StorageError

LIMIT = 8
SMALL_SEGMENTS = StorageConfig(segment_size_bytes=148)  # two 74-byte messages per segment


@pytest.fixture
def io():
    return IoResources(IoConfig(max_open_segment_files=LIMIT))


@pytest.fixture
def budget(io):
    return io.segment_files


def segment_files_open(directory) -> int:
    """Descriptors of this process open on a file under ``directory``."""
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        count += target.startswith(str(directory))
    return count


def append(log, count):
    batch = simple_batch(count, 10)
    log.append(batch.index, batch.frames, batch.messages_count)


def test_sealed_segments_are_reopened_on_read_within_the_bound(tmp_path, io, budget):
    log = PartitionLog.open(tmp_path / "p", SMALL_SEGMENTS, io)
    try:
        for _ in range(30):
            append(log, 2)
        assert log.segments_count == 31
        assert segment_files_open(tmp_path) <= LIMIT
        for _ in range(2):  # every segment read, twice: each sealed log reopened past the bound
            offsets = [m["offset"] for m in parse_frames(b"".join(log.read_by_offset(0, 1000).buffers))]
            assert offsets == list(range(60))
            assert segment_files_open(tmp_path) <= LIMIT
        assert budget.evictions > 0
    finally:
        log.close()
    assert segment_files_open(tmp_path) == 0 and budget.open_files == 0


def test_reopening_a_partition_with_many_segments_stays_within_the_bound(tmp_path, io, budget):
    log = PartitionLog.open(tmp_path / "p", SMALL_SEGMENTS, io)
    for _ in range(20):
        append(log, 2)
    log.close()
    reopened = PartitionLog.open(tmp_path / "p", SMALL_SEGMENTS, io)
    try:
        assert segment_files_open(tmp_path) <= LIMIT
        assert reopened.next_offset == 40
        assert reopened.read_by_offset(0, 1000).messages_count == 40
    finally:
        reopened.close()


def test_a_partition_past_the_bound_is_refused_with_3000(tmp_path, io, budget):
    opened = []
    try:
        # Each active segment pins 2 descriptors and one stays free for reads: 3 partitions fit in 8.
        for number in range(3):
            opened.append(PartitionLog.open(tmp_path / f"p{number}", io=io))
        with pytest.raises(StorageError) as refused:
            PartitionLog.open(tmp_path / "p3", io=io)
        assert refused.value.code == ErrorCode.CANNOT_CREATE_PARTITION
        assert "system.io.max_open_segment_files" in refused.value.message
        assert segment_files_open(tmp_path) <= LIMIT
        opened.pop().close()
        opened.append(PartitionLog.open(tmp_path / "p3", io=io))  # room again once one is closed
    finally:
        for log in opened:
            log.close()
