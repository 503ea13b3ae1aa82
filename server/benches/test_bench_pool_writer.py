"""Micro benchmarks of the buffer pool, the segment writer backends and the SendMessages view.

Run: .venv/bin/python -m pytest server/benches --benchmark-only   (not part of `make test`)
"""

import os

import pytest
from native_batches import simple_batch

from iggy.protocol.messages import SendMessagesView, encode_send_messages, Message
from iggy.protocol.primitives import Identifier, Partitioning
from iggy_server import _native

BATCH_BYTES = 1_000_000


def test_pool_acquire_release_1mb(benchmark):
    pool = _native.BufferPool(64 << 20)
    pool.acquire(BATCH_BYTES).release()  # warm: later rounds are free-list hits

    def cycle():
        buffer = pool.acquire(BATCH_BYTES)
        view = memoryview(buffer)
        buffer.release()
        view.release()

    benchmark(cycle)
    assert pool.stats()["misses"] == 1


def test_bytearray_1mb_for_comparison(benchmark):
    benchmark(bytearray, BATCH_BYTES)


@pytest.mark.parametrize(
    "backend",
    [
        "pwritev",
        pytest.param("io_uring", marks=pytest.mark.skipif(not _native.io_uring_status()[0], reason="no io_uring")),
    ],
)
def test_writer_submit_1mb_batch(benchmark, tmp_path, backend):
    log_fd = os.open(tmp_path / "s.log", os.O_RDWR | os.O_CREAT, 0o644)
    index_fd = os.open(tmp_path / "s.index", os.O_RDWR | os.O_CREAT, 0o644)
    writer = _native.SegmentFileWriter(log_fd, index_fd, backend)
    frames, index = bytearray(os.urandom(BATCH_BYTES)), bytearray(16_000)
    position = [0]

    def submit():
        # Wrap within 256 MB so the page cache, not the disk, is what is measured.
        at = position[0] % 256
        writer.write([frames], at * BATCH_BYTES, [index], at * 16_000)
        position[0] += 1

    try:
        benchmark(submit)
    finally:
        os.close(log_fd)
        os.close(index_fd)


@pytest.mark.parametrize("preallocate_max_bytes", [0, 16 << 20], ids=["allocate-as-written", "preallocate-16MiB"])
def test_writer_fills_a_fresh_64mb_log(benchmark, tmp_path, preallocate_max_bytes):
    """64 appends of 1 MB to a new log per round: unlike the wrapping benchmark above, every page is new to
    the file, so ext4's block allocation is part of what is measured (``system.io.preallocate_max_bytes``)."""
    frames, index = bytearray(os.urandom(BATCH_BYTES)), bytearray(16_000)
    rounds = iter(range(1_000_000))

    def fresh_files():
        number = next(rounds)
        for old in tmp_path.iterdir():  # the previous round's files: this round writes into pages just freed
            old.unlink()
        log_fd = os.open(tmp_path / f"{number}.log", os.O_RDWR | os.O_CREAT, 0o644)
        index_fd = os.open(tmp_path / f"{number}.index", os.O_RDWR | os.O_CREAT, 0o644)
        writer = _native.SegmentFileWriter(log_fd, index_fd, "pwritev", preallocate_max_bytes=preallocate_max_bytes)
        return (writer, log_fd, index_fd), {}

    def fill(writer, log_fd, index_fd):
        for at in range(64):
            writer.write([frames], at * BATCH_BYTES, [index], at * 16_000)
        os.close(log_fd)
        os.close(index_fd)

    benchmark.pedantic(fill, setup=fresh_files, rounds=30, iterations=1)


def test_send_messages_view_over_1000_message_batch(benchmark):
    payload = encode_send_messages(
        Identifier.parse("s"), Identifier.parse("t"), Partitioning.partition_id(0), [Message(payload=b"x" * 936)] * 1000
    )
    request = bytearray(payload)
    view = benchmark(SendMessagesView.decode, memoryview(request))
    assert view.messages_count == 1000
    batch = simple_batch(1000, 936)
    assert len(batch.frames) == 1_000_000
