"""SegmentFileWriter: io_uring and pwritev, buffered and O_DIRECT, produce byte-identical segment files."""

import os
import random

import pytest

from io_support import ALIGN, BACKENDS, IO_URING_AVAILABLE, IO_URING_REASON, direct_dir  # noqa: F401

from iggy_server import _native

def random_appends(seed: int, count: int) -> list[tuple[list[bytes], list[bytes]]]:
    rng = random.Random(seed)
    appends = []
    for _ in range(count):
        log_parts = [rng.randbytes(rng.choice((1, 63, 4096, 70_000))) for _ in range(rng.randint(1, 5))]
        index_parts = [rng.randbytes(16 * rng.randint(1, 4))]
        appends.append((log_parts, index_parts))
    return appends


def write_files(
    directory, backend: str, appends, datasync_every: int, direct: bool = False, pool=None, preallocate_max_bytes=0
) -> tuple[bytes, bytes]:
    """Writes ``appends`` like a segment does; with ``direct`` the log goes through an O_DIRECT descriptor,
    each append's bytes are read back through the ordinary one (as polls do); with ``direct`` or
    ``preallocate_max_bytes`` the log is truncated to its logical size at the end (as sealing does)."""
    name = f"{backend}-{'direct' if direct else 'buffered'}"
    log_path, index_path = directory / f"{name}.log", directory / f"{name}.index"
    log_fd = os.open(log_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    index_fd = os.open(index_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    direct_fd = os.open(log_path, os.O_WRONLY | os.O_DIRECT) if direct else -1
    try:
        writer = _native.SegmentFileWriter(log_fd, index_fd, backend, direct_fd, pool, preallocate_max_bytes)
        assert (writer.backend, writer.direct, writer.preallocates) == (backend, direct, preallocate_max_bytes > 0)
        log_position = index_position = 0
        for number, (log_parts, index_parts) in enumerate(appends):
            views = [memoryview(bytearray(part)) for part in log_parts]  # mixed exporters
            writer.write(views, log_position, index_parts, index_position, datasync=number % datasync_every == 0)
            if direct:
                check_active_direct_log(log_fd, log_position, b"".join(log_parts))
            log_position += sum(map(len, log_parts))
            index_position += sum(map(len, index_parts))
        writer.datasync()
        if direct or preallocate_max_bytes:
            os.ftruncate(log_fd, log_position)
    finally:
        for fd in (log_fd, index_fd, direct_fd):
            if fd >= 0:
                os.close(fd)
    return log_path.read_bytes(), index_path.read_bytes()


def check_active_direct_log(log_fd: int, position: int, written: bytes) -> None:
    """The appended bytes read back exactly, and the file is padded with zeros to a whole block."""
    end = position + len(written)
    assert os.pread(log_fd, len(written), position) == written
    size_bytes = os.fstat(log_fd).st_size
    assert size_bytes == -(-end // ALIGN) * ALIGN
    assert os.pread(log_fd, size_bytes - end, end) == bytes(size_bytes - end)


def mixed_appends(seed: int, count: int) -> list[tuple[list[bytes], list[bytes]]]:
    """Batches below, at and across block boundaries: 1 byte, < 4 KiB, exactly 4 KiB multiples, odd sizes."""
    rng = random.Random(seed)
    sizes = (1, 17, 100, ALIGN - 1, ALIGN, ALIGN + 1, 2 * ALIGN, 3 * ALIGN, 5000, 70_000, 262_144)
    appends = []
    for _ in range(count):
        total = rng.choice(sizes)
        cut = rng.randint(0, total)  # frames arrive as one or two buffers
        data = rng.randbytes(total)
        appends.append(([data[:cut], data[cut:]], [rng.randbytes(16 * rng.randint(1, 3))]))
    return appends


@pytest.mark.parametrize("backend", BACKENDS)
def test_backend_writes_exactly_the_appended_bytes(tmp_path, backend):
    appends = random_appends(1, 40)
    log, index = write_files(tmp_path, backend, appends, datasync_every=7)
    assert log == b"".join(b"".join(parts) for parts, _ in appends)
    assert index == b"".join(b"".join(parts) for _, parts in appends)


@pytest.mark.skipif(not IO_URING_AVAILABLE, reason=f"io_uring unavailable here: {IO_URING_REASON}")
def test_io_uring_and_pwritev_files_are_byte_identical(tmp_path):
    appends = random_appends(2, 60)
    # Many small parts exercise the iovec chunking; rewriting a range in place checks positions.
    appends.append(([b"x"] * 1500, [b"i" * 16]))
    assert write_files(tmp_path, "io_uring", appends, 3) == write_files(tmp_path, "pwritev", appends, 5)


def test_unknown_backend_is_refused():
    with pytest.raises(OSError):
        _native.SegmentFileWriter(0, 0, "aio")


def test_write_errors_surface_as_oserror(tmp_path):
    read_only = os.open(tmp_path / "ro", os.O_RDONLY | os.O_CREAT, 0o644)
    try:
        for backend in ["pwritev"] + (["io_uring"] if IO_URING_AVAILABLE else []):
            writer = _native.SegmentFileWriter(read_only, read_only, backend)
            with pytest.raises(OSError):
                writer.write([b"data"], 0, [b"index"], 0)
    finally:
        os.close(read_only)


def test_counters_count_writes_and_syncs(tmp_path):
    before = _native.writer_stats()
    write_files(tmp_path, "pwritev", random_appends(3, 4), datasync_every=2)
    after = _native.writer_stats()
    assert after["writes"] - before["writes"] == 8  # log + index per append
    assert after["datasyncs"] - before["datasyncs"] == 2 * 2 + 2  # two synced appends + the final datasync


def test_every_backend_buffered_or_direct_writes_byte_identical_files(direct_dir):
    appends = mixed_appends(4, 300)
    expected = (
        b"".join(b"".join(parts) for parts, _ in appends),
        b"".join(b"".join(parts) for _, parts in appends),
    )
    backends = ["pwritev"] + (["io_uring"] if IO_URING_AVAILABLE else [])
    pool = _native.BufferPool(64 << 20)
    for backend in backends:
        for direct in (False, True):
            for preallocate_max_bytes in (0, 256 * 1024):
                files = write_files(direct_dir, backend, appends, 11, direct, pool, preallocate_max_bytes)
                assert files == expected, (backend, direct, preallocate_max_bytes)


@pytest.mark.parametrize("backend", BACKENDS)
def test_direct_writes_stage_in_pooled_buffers(direct_dir, backend):
    pool = _native.BufferPool(64 << 20)
    appends = mixed_appends(5, 60)
    before = _native.writer_stats()
    write_files(direct_dir, backend, appends, 1000, direct=True, pool=pool)
    after = _native.writer_stats()
    assert after["direct_writes"] - before["direct_writes"] == len(appends)
    assert after["staging_fallbacks"] == before["staging_fallbacks"]
    stats = pool.stats()
    assert stats["in_use_bytes"] == 0  # every staging buffer went back
    assert stats["hits"] + stats["misses"] == len(appends)
    assert stats["misses"] <= 8  # one per size class seen, then reuse


def test_direct_writes_without_a_pool_use_one_off_buffers(direct_dir):
    before = _native.writer_stats()
    write_files(direct_dir, "pwritev", mixed_appends(6, 10), 1000, direct=True)
    assert _native.writer_stats()["staging_fallbacks"] - before["staging_fallbacks"] == 10


@pytest.mark.parametrize("backend", BACKENDS)
def test_direct_writer_rereads_the_partial_block_after_reopen_and_cut_back(direct_dir, backend):
    """A new writer on an existing log, and an append after the owner cut the log back, start where the
    file ends: the partial block comes from the file, not from a stale copy."""
    rng = random.Random(7)
    path = direct_dir / "s.log"
    log_fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    index_fd = os.open(direct_dir / "s.index", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    direct_fd = os.open(path, os.O_WRONLY | os.O_DIRECT)
    try:
        expected = bytearray()

        def append(writer, data):
            writer.write([data], len(expected), [b"i" * 16], 0)
            expected.extend(data)

        first = _native.SegmentFileWriter(log_fd, index_fd, backend, direct_fd)
        append(first, rng.randbytes(5000))
        second = _native.SegmentFileWriter(log_fd, index_fd, backend, direct_fd)  # knows nothing of the tail
        append(second, rng.randbytes(3000))
        append(first, rng.randbytes(10))  # `first` last saw the log end at 5000
        os.ftruncate(log_fd, 6001)  # a failed append is cut back by the owner
        del expected[6001:]
        append(second, rng.randbytes(2500))
        append(second, rng.randbytes(ALIGN))
        os.ftruncate(log_fd, len(expected))
        assert path.read_bytes() == bytes(expected)
    finally:
        for fd in (log_fd, index_fd, direct_fd):
            os.close(fd)


def test_direct_append_beyond_the_stored_log_is_refused(direct_dir):
    path = direct_dir / "s.log"
    log_fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    direct_fd = os.open(path, os.O_WRONLY | os.O_DIRECT)
    try:
        writer = _native.SegmentFileWriter(log_fd, log_fd, "pwritev", direct_fd)
        with pytest.raises(OSError):
            writer.write([b"frames"], 100, [], 0)  # bytes 0..100 do not exist
        assert os.fstat(log_fd).st_size == 0
    finally:
        os.close(log_fd)
        os.close(direct_fd)


def allocated_bytes(fd: int) -> int:
    return os.fstat(fd).st_blocks * 512


@pytest.mark.parametrize("backend", BACKENDS)
def test_preallocation_reserves_blocks_past_the_end_and_a_truncation_gives_them_back(tmp_path, backend):
    max_ahead = 1 << 20
    log_fd = os.open(tmp_path / "p.log", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    index_fd = os.open(tmp_path / "p.index", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        writer = _native.SegmentFileWriter(log_fd, index_fd, backend, preallocate_max_bytes=max_ahead)
        if allocated_bytes(log_fd) != 0 or not hasattr(os, "posix_fallocate"):
            pytest.skip("this filesystem does not report allocation")
        before = _native.writer_stats()["preallocations"]
        rng = random.Random(9)
        written = bytearray()
        most_ahead = 0
        for _ in range(200):
            data = rng.randbytes(rng.choice((100, 5000, 30_000)))
            writer.write([data], len(written), [b"i" * 16], 0)
            written += data
            end = len(written)
            assert os.fstat(log_fd).st_size == end  # the reservation never shows as file content
            if writer.preallocates:
                # Reserved past every write, by at most max_ahead (plus block rounding and extent blocks).
                assert end <= allocated_bytes(log_fd) <= end + max_ahead + 64 * 1024
                most_ahead = max(most_ahead, allocated_bytes(log_fd) - end)
        if not writer.preallocates:
            pytest.skip("this filesystem refused fallocate")
        calls = _native.writer_stats()["preallocations"] - before
        assert 0 < calls < 40  # one per crossing of the reservation, not one per write
        assert most_ahead >= max_ahead // 2  # the reservation grew with the log
        assert os.pread(log_fd, len(written), 0) == bytes(written)
        os.ftruncate(log_fd, len(written))
        assert allocated_bytes(log_fd) < len(written) + 64 * 1024
    finally:
        os.close(log_fd)
        os.close(index_fd)


def test_a_log_that_cannot_be_reserved_turns_preallocation_off_and_still_writes(tmp_path):
    # /dev/null takes writes but is no regular file: fallocate answers ENODEV, as a filesystem without it
    # answers EOPNOTSUPP; the writer stops asking and the appends go on.
    log_fd = os.open("/dev/null", os.O_WRONLY)
    index_fd = os.open(tmp_path / "n.index", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        writer = _native.SegmentFileWriter(log_fd, index_fd, "pwritev", preallocate_max_bytes=1 << 20)
        assert writer.preallocates
        before = _native.writer_stats()["preallocations"]
        for number in range(3):
            writer.write([b"x" * 1000], number * 1000, [b"i" * 16], number * 16)
        assert not writer.preallocates
        assert _native.writer_stats()["preallocations"] - before == 1
        assert os.pread(index_fd, 48, 0) == b"i" * 48
    finally:
        os.close(log_fd)
        os.close(index_fd)
