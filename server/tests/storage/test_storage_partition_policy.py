"""storage.Partition owns the acknowledgement rule: ``await partition.append(...)`` returns when the
configured Durability allows it. In ``written`` mode (and ``memory`` below the write queue's bound) the
coroutine completes without suspending — what lets the connection answer a send from its read callback —
while ``durable`` suspends until group commit's fdatasync. Polls of written data do not suspend either."""

from __future__ import annotations

import asyncio

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


def test_polls_of_written_batches_do_not_wait_for_later_queued_ones(tmp_path):
    """A poll waits only for the queued bytes it reads: a consumer of older messages is not held up by a
    producer's burst still in the write queue (it was, when polls waited for the whole queue)."""
    io = IoResources()
    partition = open_partition(tmp_path, Durability.MEMORY, io)

    async def scenario() -> None:
        run_without_suspending(append(partition, 4))
        partition.flush(fsync=False)  # offsets 0..3 are in the kernel
        io.write_queue.pause()
        run_without_suspending(append(partition, 4))  # offsets 4..7 stay queued
        assert partition.log.has_unwritten
        old = run_without_suspending(partition.poll(PollingStrategy.offset(0), 4, CONSUMER, 1, False))
        assert [m["offset"] for m in parse_frames(b"".join(old.buffers))] == [0, 1, 2, 3]
        assert partition.log.has_unwritten  # served without writing the queued batch
        polling = asyncio.ensure_future(partition.poll(PollingStrategy.offset(2), 4, CONSUMER, 1, False))
        await asyncio.sleep(0.05)
        assert not polling.done()  # reaches into the queued batch: waits for it
        io.write_queue.resume()
        read = await asyncio.wait_for(polling, timeout=30)
        assert [m["offset"] for m in parse_frames(b"".join(read.buffers))] == [2, 3, 4, 5]

    try:
        asyncio.run(scenario())
    finally:
        io.write_queue.resume()
        partition.close()


def test_a_poll_that_waited_resolves_its_next_offset_again(tmp_path):
    """Two NEXT polls of one consumer wait for the same queued batch: each reads after the other's
    commit, so no message is delivered twice."""
    io = IoResources()
    partition = open_partition(tmp_path, Durability.MEMORY, io)

    async def scenario() -> None:
        io.write_queue.pause()
        run_without_suspending(append(partition, 6))
        first = asyncio.ensure_future(partition.poll(PollingStrategy.next(), 3, CONSUMER, 9, True))
        second = asyncio.ensure_future(partition.poll(PollingStrategy.next(), 3, CONSUMER, 9, True))
        await asyncio.sleep(0.05)
        io.write_queue.resume()
        reads = await asyncio.wait_for(asyncio.gather(first, second), timeout=30)
        offsets = [[m["offset"] for m in parse_frames(b"".join(read.buffers))] for read in reads]
        assert sorted(offsets) == [[0, 1, 2], [3, 4, 5]]
        assert partition.offsets.get(CONSUMER, 9) == 5

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
