"""SegmentFileWriter: io_uring and pwritev produce byte-identical segment files."""

import os
import random

import pytest

from iggy_server import _native

IO_URING_AVAILABLE, IO_URING_REASON = _native.io_uring_status()
BACKENDS = [
    "pwritev",
    pytest.param(
        "io_uring",
        marks=pytest.mark.skipif(not IO_URING_AVAILABLE, reason=f"io_uring unavailable here: {IO_URING_REASON}"),
    ),
]


def random_appends(seed: int, count: int) -> list[tuple[list[bytes], list[bytes]]]:
    rng = random.Random(seed)
    appends = []
    for _ in range(count):
        log_parts = [rng.randbytes(rng.choice((1, 63, 4096, 70_000))) for _ in range(rng.randint(1, 5))]
        index_parts = [rng.randbytes(16 * rng.randint(1, 4))]
        appends.append((log_parts, index_parts))
    return appends


def write_files(directory, backend: str, appends, datasync_every: int) -> tuple[bytes, bytes]:
    log_path, index_path = directory / f"{backend}.log", directory / f"{backend}.index"
    log_fd = os.open(log_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    index_fd = os.open(index_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        writer = _native.SegmentFileWriter(log_fd, index_fd, backend)
        assert writer.backend == backend
        log_position = index_position = 0
        for number, (log_parts, index_parts) in enumerate(appends):
            views = [memoryview(bytearray(part)) for part in log_parts]  # mixed exporters
            writer.write(views, log_position, index_parts, index_position, datasync=number % datasync_every == 0)
            log_position += sum(map(len, log_parts))
            index_position += sum(map(len, index_parts))
        writer.datasync()
    finally:
        os.close(log_fd)
        os.close(index_fd)
    return log_path.read_bytes(), index_path.read_bytes()


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
