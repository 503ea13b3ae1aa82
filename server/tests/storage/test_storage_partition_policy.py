"""storage.Partition owns the acknowledgement rule: ``await partition.append(...)`` returns when the
configured Durability allows it. In ``written`` mode (and ``memory`` below the write queue's bound) the
coroutine completes without suspending — what lets the connection answer a send from its read callback —
while ``durable`` suspends until group commit's fdatasync. Polls of written data do not suspend either."""

from __future__ import annotations

import asyncio
import os

import pytest
from native_batches import parse_frames, simple_batch

from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import PollingStrategy
from iggy_server import _native
from iggy_server.config import Durability, IoConfig, StorageConfig
from iggy_server.storage import CONSUMER, IoResources, Partition, StorageError

MIB = 1024 * 1024


def open_partition(tmp_path, durability: Durability, io: IoResources | None = None) -> Partition:
    io = io or IoResources()
    return Partition.open(0, tmp_path / "p", 1, StorageConfig(durability=durability), io)


def run_without_suspending(coroutine):
    """The coroutine's result if it finishes at its first step (as Connection._on_payload drives handlers);
    fails if it awaits anything."""
    try:
        awaited = coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    pytest.fail(f"suspended on {awaited!r}")


def append(partition: Partition, count: int = 3, payload_bytes: int = 100):
    batch = simple_batch(count, payload_bytes)
    return partition.append(batch.index, batch.frames, batch.messages_count)


@pytest.mark.parametrize("durability", [Durability.WRITTEN, Durability.MEMORY])
def test_sends_and_polls_complete_without_suspending(tmp_path, durability):
    partition = open_partition(tmp_path, durability)
    try:
        first = run_without_suspending(append(partition))
        second = run_without_suspending(append(partition))
        assert (first.first_offset, second.first_offset) == (0, 3)
        assert partition.unsynced
        partition.flush(fsync=False)  # memory: the queued batches reach the kernel
        read = run_without_suspending(partition.poll(PollingStrategy.offset(1), 10, CONSUMER, 7, True))
        assert [m["offset"] for m in parse_frames(b"".join(read.buffers))] == [1, 2, 3, 4, 5]
        assert partition.offsets.get(CONSUMER, 7) == 5  # auto-commit
        following = run_without_suspending(partition.poll(PollingStrategy.next(), 10, CONSUMER, 7, False))
        assert following.messages_count == 0
    finally:
        partition.close()


def test_durable_sends_are_acknowledged_after_an_fdatasync(tmp_path):
    partition = open_partition(tmp_path, Durability.DURABLE)

    async def scenario() -> None:
        syncs_before = _native.writer_stats()["datasyncs"]
        sending = append(partition)
        assert sending.send(None) is not None  # waits for group commit's round
        sending.close()
        await partition.log.wait_durable()
        assert _native.writer_stats()["datasyncs"] > syncs_before
        result = await append(partition)
        assert result.first_offset == 3

    try:
        asyncio.run(scenario())
    finally:
        partition.close()


def test_memory_sends_wait_once_the_write_queue_is_past_its_bound(tmp_path):
    io = IoResources(IoConfig(write_queue_bytes=MIB))
    partition = open_partition(tmp_path, Durability.MEMORY, io)

    async def scenario() -> None:
        io.write_queue.pause()
        assert run_without_suspending(append(partition, 10, 10_000)).first_offset == 0  # below the bound
        while not io.write_queue.over_limit():
            batch = simple_batch(10, 10_000)
            partition.log.append(batch.index, batch.frames, batch.messages_count)
        sending = asyncio.ensure_future(append(partition, 10, 10_000))
        await asyncio.sleep(0.05)
        assert not sending.done()  # backpressure, not an unbounded queue
        io.write_queue.resume()
        await asyncio.wait_for(sending, timeout=30)

    try:
        asyncio.run(scenario())
    finally:
        io.write_queue.resume()
        partition.close()


def test_polls_of_queued_batches_wait_for_the_writer(tmp_path):
    io = IoResources()
    partition = open_partition(tmp_path, Durability.MEMORY, io)

    async def scenario() -> None:
        io.write_queue.pause()
        run_without_suspending(append(partition, 4))
        polling = asyncio.ensure_future(partition.poll(PollingStrategy.first(), 10, CONSUMER, 1, False))
        await asyncio.sleep(0.05)
        assert not polling.done()  # the acknowledged batch is not in the kernel yet
        io.write_queue.resume()
        assert (await asyncio.wait_for(polling, timeout=30)).messages_count == 4

    try:
        asyncio.run(scenario())
    finally:
        io.write_queue.resume()
        partition.close()


def test_store_offset_refuses_offsets_past_the_end(tmp_path):
    partition = open_partition(tmp_path, Durability.WRITTEN)
    try:
        with pytest.raises(StorageError) as empty:
            partition.store_offset(CONSUMER, 1, 0)
        assert empty.value.code == ErrorCode.INVALID_OFFSET
        run_without_suspending(append(partition))
        partition.store_offset(CONSUMER, 1, 2)
        with pytest.raises(StorageError):
            partition.store_offset(CONSUMER, 1, 3)
        assert partition.offsets.get(CONSUMER, 1) == 2
    finally:
        partition.close()


# --- the contended loop: copies handed to threads (issue 16, "use both cores") ---------------------------


def test_loop_contention_needs_two_requesters_within_the_window(monkeypatch):
    from iggy_server.storage import resources

    now = [100.0]
    monkeypatch.setattr(resources.time, "monotonic", lambda: now[0])
    gauge = resources.LoopContention()
    assert [gauge.note(1) for _ in range(5)] == [False] * 5  # one client alone: never contended
    now[0] += 1.0
    assert gauge.note(2) is False  # a second client, but long after the first one's request
    now[0] += gauge.WINDOW_S / 2
    assert gauge.note(1) is True  # two clients within the window
    now[0] += gauge.HOLD_S / 2
    assert gauge.note(1) is True  # held, although the same client asks again
    now[0] += gauge.HOLD_S
    assert gauge.note(1) is False  # released after the hold


def contend(partition: Partition) -> None:
    """Make the partition's loop-contention gauge see two clients now."""
    partition._contention.note(1001)
    partition._contention.note(1002)


def test_written_sends_of_a_contended_loop_go_through_the_writer_thread_and_wait_for_it(tmp_path):
    io = IoResources()
    partition = open_partition(tmp_path, Durability.WRITTEN, io)

    async def scenario() -> None:
        queue = io.write_queue
        run_without_suspending(append(partition))  # one client: written inline, no hand-off
        assert queue.submissions == 0
        contend(partition)
        queue.pause()
        sending = asyncio.ensure_future(append(partition, count=2))
        await asyncio.sleep(0.05)
        assert not sending.done()  # not acknowledged before the writer thread wrote it
        writer = partition.log._segments[-1].writer
        assert writer.written_end_bytes < writer.queued_end_bytes
        queue.resume()
        result = await asyncio.wait_for(sending, 30)
        assert result.first_offset == 3
        assert queue.batches_written == 1
        assert writer.written_end_bytes == writer.queued_end_bytes  # on the kernel's side when acknowledged
        # A batch of a single client right after still queues behind a queued one (order on disk).
        queue.pause()
        contend(partition)
        queued = asyncio.ensure_future(append(partition, count=1))
        await asyncio.sleep(0.01)
        partition._contention._until_s = 0.0  # contention over
        following = asyncio.ensure_future(append(partition, count=1, payload_bytes=7))
        await asyncio.sleep(0.01)
        assert not following.done()
        queue.resume()
        assert [(await queued).first_offset, (await following).first_offset] == [5, 6]
        read = await partition.poll(PollingStrategy.offset(0), 100, CONSUMER, 1, False)
        assert [m["offset"] for m in parse_frames(b"".join(read.buffers))] == list(range(7))

    try:
        asyncio.run(scenario())
    finally:
        partition.close()


def test_large_polls_of_a_contended_loop_are_read_and_verified_in_a_thread(tmp_path):
    partition = open_partition(tmp_path, Durability.WRITTEN)

    async def scenario() -> None:
        for _ in range(4):
            run_without_suspending(append(partition, count=100, payload_bytes=1000))
        inline = run_without_suspending(partition.poll(PollingStrategy.offset(0), 400, CONSUMER, 1, False))
        assert not partition._read_executor._threads  # one client: read inline
        contend(partition)
        threaded = await partition.poll(PollingStrategy.offset(0), 400, CONSUMER, 1, False, requester=1001)
        assert partition._read_executor._threads  # read by a worker thread
        assert threaded.messages_count == inline.messages_count == 400
        assert b"".join(threaded.buffers) == b"".join(inline.buffers)
        assert (threaded.first_offset, threaded.last_offset) == (0, 399)
        # The checksum walk runs in the thread too: a corrupted payload byte is refused.
        fd = partition.log._segments[-1].log_fd
        position = 64 + 10  # a payload byte of the first message
        original = os.pread(fd, 1, position)
        os.pwrite(fd, bytes([original[0] ^ 0xFF]), position)
        contend(partition)
        with pytest.raises(_native.NativeError) as refused:
            await partition.poll(PollingStrategy.offset(0), 400, CONSUMER, 1, False, requester=1001)
        assert refused.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM

    try:
        asyncio.run(scenario())
    finally:
        partition.close()
