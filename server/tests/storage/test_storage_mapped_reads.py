"""``system.io.mmap_reads``: polls get read-only views of a map of the segment log instead of a copy.

A map covers the file as it was when made; a read past it maps the file again while views of the old map
stay valid. Maps hold no descriptor (the open-file bound still holds), survive deletion of their segment,
and a map that cannot be made falls back to ``preadv`` into a pooled buffer.
"""

from __future__ import annotations

import ctypes
import errno
import os

import pytest
from native_batches import parse_frames, simple_batch

from iggy_server import _native
from iggy_server.config import IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog

SMALL_SEGMENTS = StorageConfig(segment_size_bytes=148)  # two 74-byte messages per segment


def append(log: PartitionLog, count: int, payload_bytes: int = 10) -> None:
    batch = simple_batch(count, payload_bytes)
    log.append(batch.index, batch.frames, batch.messages_count)


def offsets(result) -> list[int]:
    return [m["offset"] for m in parse_frames(b"".join(result.buffers))]


def test_reads_are_read_only_views_of_the_file_without_a_pool_buffer(tmp_path):
    io = IoResources()
    log = PartitionLog.open(tmp_path / "p", io=io)
    try:
        append(log, 50, 1000)
        result = log.read_by_offset(10, 20)
        view = result.buffers[0]
        assert isinstance(view, memoryview) and view.readonly
        assert offsets(result) == list(range(10, 30))
        assert io.pool.stats()["in_use_buffers"] == 0
        with pytest.raises(TypeError):
            view[0] = 0
    finally:
        log.close()


def test_a_read_past_the_map_maps_again_and_older_views_stay_valid(tmp_path):
    log = PartitionLog.open(tmp_path / "p")
    try:
        append(log, 3)
        first = log.read_by_offset(0, 3)
        before = bytes(first.buffers[0])
        append(log, 3)  # the file grows past the first map
        both = log.read_by_offset(0, 6)
        assert offsets(both) == list(range(6))
        assert bytes(first.buffers[0]) == before  # the first map is still alive through its view
        assert bytes(both.buffers[0][: len(before)]) == before
    finally:
        log.close()


def test_views_outlive_the_deletion_of_their_segment(tmp_path):
    log = PartitionLog.open(tmp_path / "p", SMALL_SEGMENTS)
    try:
        for _ in range(3):
            append(log, 2)
        result = log.read_by_offset(0, 2)  # the first, sealed segment
        expected = offsets(result)
        deleted = log.delete_segments(1)
        assert deleted.segments_count == 1 and not (log.directory / f"{0:020d}.log").exists()
        assert offsets(result) == expected == [0, 1]
    finally:
        log.close()


def test_maps_hold_no_descriptor(tmp_path):
    """Python's mmap would keep a duplicate descriptor per map, outside the open-file budget."""
    limit = 8
    io = IoResources(IoConfig(max_open_segment_files=limit))
    log = PartitionLog.open(tmp_path / "p", SMALL_SEGMENTS, io)
    try:
        for _ in range(30):
            append(log, 2)
        result = log.read_by_offset(0, 1000)  # every segment mapped, every view alive at once
        assert offsets(result) == list(range(60))
        open_here = sum(
            os.readlink(f"/proc/self/fd/{fd}").startswith(str(tmp_path))
            for fd in os.listdir("/proc/self/fd")
            if os.path.exists(f"/proc/self/fd/{fd}")
        )
        assert open_here <= limit
    finally:
        log.close()


def test_a_map_that_fails_falls_back_to_a_pooled_read(tmp_path, monkeypatch):
    io = IoResources()
    log = PartitionLog.open(tmp_path / "p", io=io)

    def refuse(fd: int, length: int):
        raise OSError(12, "Cannot allocate memory")

    try:
        append(log, 5, 100)
        monkeypatch.setattr(_native, "MappedFile", refuse)
        result = log.read_by_offset(0, 5)
        assert offsets(result) == list(range(5))
        assert not result.buffers[0].readonly  # a pooled buffer, filled by preadv
        assert io.counters["map_failures"] == 1
    finally:
        log.close()


def test_a_log_truncated_under_its_map_fails_the_read_instead_of_killing_the_process(tmp_path):
    """The map still covers the cut bytes: touching them would raise SIGBUS. MADV_POPULATE_READ turns that
    into an OSError, and the preadv fallback reports the short file."""
    io = IoResources()
    log = PartitionLog.open(tmp_path / "p", io=io)
    try:
        append(log, 100, 1000)
        assert offsets(log.read_by_offset(0, 10)) == list(range(10))  # mapped now, the whole file
        log_path = log.directory / f"{0:020d}.log"
        os.truncate(log_path, 4096)  # by hand, under the live map
        with pytest.raises(OSError, match="short"):
            log.read_by_offset(50, 10)
        assert io.counters["map_failures"] == 1
        assert offsets(log.read_by_offset(0, 3)) == [0, 1, 2]  # what is left still reads
    finally:
        log.close()


def test_populate_checks_its_range(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(bytes(8192))
    fd = os.open(path, os.O_RDONLY)
    try:
        mapped = _native.MappedFile(fd, 8192)
    finally:
        os.close(fd)
    mapped.populate(100, 8000)
    mapped.populate(8192, 0)
    with pytest.raises(ValueError):
        mapped.populate(8000, 193)
    os.truncate(path, 0)
    with pytest.raises(OSError):
        mapped.populate(0, 10)  # a plain access here would be SIGBUS


def test_a_kernel_without_populate_turns_mapped_reads_off(tmp_path, monkeypatch):
    io = IoResources()
    log = PartitionLog.open(tmp_path / "p", io=io)

    class OldKernelMap(bytearray):
        """A stand-in with the file's bytes, on a kernel that refuses MADV_POPULATE_READ."""

        def __init__(self, fd: int, length: int) -> None:
            super().__init__(os.pread(fd, length, 0))

        def populate(self, offset: int, length: int) -> None:
            raise OSError(errno.EINVAL, "Invalid argument")

    try:
        append(log, 5, 100)
        monkeypatch.setattr(_native, "MappedFile", OldKernelMap)
        assert offsets(log.read_by_offset(0, 5)) == list(range(5))
        assert io.mmap_reads is False and io.counters["map_failures"] == 1
        assert offsets(log.read_by_offset(0, 5)) == list(range(5))
        assert io.counters["map_failures"] == 1  # not tried again
    finally:
        log.close()


def test_mmap_reads_off_reads_into_pooled_buffers(tmp_path):
    io = IoResources(IoConfig(mmap_reads=False))
    log = PartitionLog.open(tmp_path / "p", io=io)
    try:
        append(log, 5, 100)
        result = log.read_by_offset(0, 5)
        assert offsets(result) == list(range(5))
        assert not result.buffers[0].readonly
        assert io.pool.stats()["in_use_buffers"] == 1
    finally:
        log.close()


def test_mapped_file_refuses_writable_exports_and_empty_maps(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"0123456789")
    fd = os.open(path, os.O_RDONLY)
    try:
        mapped = _native.MappedFile(fd, 10)
    finally:
        os.close(fd)  # the map does not need the descriptor
    assert len(mapped) == 10 and bytes(memoryview(mapped)[3:6]) == b"345"
    assert memoryview(mapped).readonly
    with pytest.raises(TypeError, match="not writable"):
        (ctypes.c_char * 10).from_buffer(mapped)
    with pytest.raises(ValueError):
        _native.MappedFile(0, 0)
    with pytest.raises(OSError):
        _native.MappedFile(-1, 10)
