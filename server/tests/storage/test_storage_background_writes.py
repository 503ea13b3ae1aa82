"""``memory`` durability: appends are acknowledged from memory and written by the background writer (the
writer thread, or the event loop right after the callback that queued them).

Queued batches of a segment go out in one vectored submission, reads never see a hole, the queue is
bounded (senders wait), a failed background write is reported and cut off the files, and closing a
partition writes out what is queued. Files are byte-identical to the ``written`` mode's.
"""

import asyncio
import itertools
from pathlib import Path

import pytest
from io_support import stored_files
from native_batches import identified_batch

from iggy.protocol.codes import ErrorCode
from iggy_server import _native
from iggy_server.config import Durability, IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog, StorageError
from iggy_server.storage import partition as partition_module

SEGMENT_SIZE_BYTES = 60_000
MIB = 1024 * 1024
MEMORY = StorageConfig(durability=Durability.MEMORY)


@pytest.fixture(params=["thread", "loop"])
def io(request):
    """The test's own I/O resources: its partitions share this write queue, as a server's do; written by the
    writer thread or by the event loop (``system.io.memory_writes``), which must behave alike."""
    resources = IoResources(IoConfig(memory_writes=request.param))
    yield resources
    resources.write_queue.resume()


@pytest.fixture
def queue(io):
    return io.write_queue


def append(log: PartitionLog, number: int, count: int = 3, payload_bytes: int = 700) -> bytes:
    batch = identified_batch(number, count, payload_bytes)
    log.append(batch.index, batch.frames, batch.messages_count)
    return bytes(batch.frames)


def read_all(log: PartitionLog) -> bytes:
    result = log.read_by_offset(0, 1_000_000)
    return b"".join(bytes(part) for part in result.buffers)


def active_log_size(log: PartitionLog) -> int:
    return (log.directory / f"{log.segments()[-1].start_offset:020d}.log").stat().st_size


def test_appends_return_before_the_write_and_reads_wait_for_it(tmp_path, io, queue):
    log = PartitionLog.open(tmp_path / "p", MEMORY, io)
    try:
        queue.pause()
        written = [append(log, number) for number in range(5)]
        assert log.has_unwritten
        assert active_log_size(log) == 0  # acknowledged, not yet in the kernel
        assert queue.queued_bytes == sum(len(frames) for frames in written)
        assert read_all(log) == b"".join(written)  # the read had the queue written out first
        assert not log.has_unwritten
        assert active_log_size(log) == log.size_bytes
    finally:
        queue.resume()
        log.close()


def test_queued_batches_of_a_segment_go_out_in_one_vectored_submission(tmp_path, io, queue):
    log = PartitionLog.open(tmp_path / "p", MEMORY, io)
    try:
        queue.pause()
        for number in range(40):
            append(log, number)
        writes_before = _native.writer_stats()["writes"]
        queue.resume()
        log.flush(fsync=False)  # drains
        assert (queue.submissions, queue.batches_written) == (1, 40)
        # One vectored write to the log and one to the index, whatever the number of batches.
        assert _native.writer_stats()["writes"] - writes_before == 2
    finally:
        log.close()


def run_log(
    directory: Path, monkeypatch, io: IoResources, durability: Durability, pause_every: int = 0
) -> dict[str, bytes]:
    ticks = itertools.count(1_700_000_000_000_000)
    monkeypatch.setattr(partition_module, "_now_us", lambda: next(ticks))
    config = StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES, durability=durability)
    log = PartitionLog.open(directory, config, io)
    try:
        for number in range(120):
            if pause_every and number % pause_every == 0:
                io.write_queue.pause()
            append(log, number, count=1 + number % 5, payload_bytes=100 + 37 * number)
            if pause_every and number % pause_every == pause_every - 1:
                io.write_queue.resume()
        assert log.segments_count > 2  # rotations happened with batches queued
    finally:
        io.write_queue.resume()
        log.close()
    return stored_files(directory)


def test_files_are_byte_identical_to_the_written_mode(tmp_path, monkeypatch, io):
    written_mode = run_log(tmp_path / "written", monkeypatch, io, Durability.WRITTEN)
    memory_mode = run_log(tmp_path / "memory", monkeypatch, io, Durability.MEMORY, pause_every=7)
    assert memory_mode == written_mode


@pytest.mark.parametrize("memory_writes", ["thread", "loop"])
def test_the_queue_is_bounded_and_senders_wait_below_it(tmp_path, memory_writes):
    io = IoResources(IoConfig(write_queue_bytes=MIB, memory_writes=memory_writes))
    small = io.write_queue
    log = PartitionLog.open(tmp_path / "p", MEMORY, io)

    async def scenario():
        small.pause()
        while not small.over_limit():
            append(log, 1, count=10, payload_bytes=10_000)
        waiting = asyncio.ensure_future(small.wait_below_limit())
        await asyncio.sleep(0.05)
        assert not waiting.done()  # no room while the writer is held
        small.resume()
        await asyncio.wait_for(waiting, timeout=10)
        assert not small.over_limit()
        await asyncio.wait_for(log.wait_written(), timeout=10)
        assert small.queued_bytes == 0

    try:
        asyncio.run(scenario())
    finally:
        small.resume()
        log.close()


class FailingWrites:
    """Stands in for the native writer of one segment: its first write fails like a full disk."""

    def __init__(self, real) -> None:
        self.real = real
        self.failures_left = 1

    def write(self, *args):
        if self.failures_left:
            self.failures_left -= 1
            raise OSError(28, "No space left on device")
        return self.real.write(*args)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_a_failed_background_write_is_reported_and_cut_off_the_files(tmp_path, io):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, MEMORY, io)
    kept = append(log, 0)
    log.flush(fsync=False)
    writer = log._segments[-1].writer
    writer._native = FailingWrites(writer._native)
    append(log, 1)  # acknowledged from memory; its write fails
    with pytest.raises(StorageError) as caught:
        asyncio.run(log.wait_written())
    assert caught.value.code == ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT
    with pytest.raises(StorageError):
        append(log, 2)
    with pytest.raises(StorageError):
        read_all(log)  # the index names bytes that never reached the file
    assert active_log_size(log) == len(kept)  # cut back to the last good write
    log.close()
    reopened = PartitionLog.open(directory, MEMORY, io)
    try:
        assert read_all(reopened) == kept
        assert reopened.next_offset == 3  # batch 0's three messages; the lost ones' offsets are free again
    finally:
        reopened.close()


def test_close_writes_out_the_queue(tmp_path, io, queue):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, MEMORY, io)
    queue.pause()
    written = [append(log, number) for number in range(6)]
    log.close()  # must have the held writer write everything out before the descriptors close
    assert queue.batches_written == 6
    reopened = PartitionLog.open(directory)
    try:
        assert read_all(reopened) == b"".join(written)
    finally:
        reopened.close()


def test_closing_the_resources_ends_the_writer_and_worker_threads(tmp_path):
    resources = IoResources(IoConfig(memory_writes="thread"))
    log = PartitionLog.open(tmp_path / "p", MEMORY, resources)
    append(log, 0)
    log.flush(fsync=False)
    resources.sync_executor.submit(lambda: None).result()
    threads = [resources.write_queue._thread, *resources.sync_executor._threads]
    assert len(threads) == 2 and all(thread.is_alive() for thread in threads)
    log.close()
    resources.close()
    resources.close()  # idempotent
    assert not any(thread.is_alive() for thread in threads)
    with pytest.raises(RuntimeError):
        resources.write_queue.submit(None, memoryview(b"x"), 0, memoryview(b""), 0)


def test_on_the_loop_a_batch_is_written_right_after_the_callback_that_queued_it(tmp_path):
    io = IoResources(IoConfig(memory_writes="loop"))
    log = PartitionLog.open(tmp_path / "p", MEMORY, io)
    order: list[str] = []

    async def scenario():
        loop = asyncio.get_running_loop()
        frames = append(log, 0)  # as a handler does, in a callback of the loop
        assert log.has_unwritten and active_log_size(log) == 0  # acknowledged first: not written in the callback
        loop.call_soon(lambda: order.append(f"next callback saw {active_log_size(log)} bytes"))
        await asyncio.sleep(0)
        assert order == [f"next callback saw {len(frames)} bytes"]  # written before what was scheduled after it
        assert not log.has_unwritten and io.write_queue._thread is None  # no writer thread was started
        second = append(log, 1)
        assert read_all(log) == frames + second  # a read in the same callback writes the queue out first

    try:
        asyncio.run(scenario())
    finally:
        log.close()
        io.close()
