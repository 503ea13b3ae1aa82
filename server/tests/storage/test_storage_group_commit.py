"""Durable mode with group commit: appends are acknowledged only after an fdatasync that started after
them, and concurrent producers share fdatasyncs. Reads land in pooled buffers."""

import asyncio

from native_batches import parse_frames, simple_batch

from iggy_server import _native
from iggy_server.config import Durability, IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog


def datasyncs() -> int:
    return _native.writer_stats()["datasyncs"]


def test_concurrent_durable_appends_share_fdatasyncs(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(durability=Durability.DURABLE))
    producers, batches_each = 8, 10

    async def producer(tag: bytes) -> list[int]:
        acknowledged = []
        for _ in range(batches_each):
            batch = simple_batch(5, 100, tag=tag)
            result = log.append(batch.index, batch.frames, batch.messages_count, defer_sync=True)
            before_wait = log.group_commit_syncs
            await log.wait_durable()
            # The sync that released us completed after our append: at least one more round ran,
            # unless a synchronous sync (none here) covered it.
            assert log.group_commit_syncs > before_wait
            acknowledged.append(result.first_offset)
        return acknowledged

    async def main() -> list[list[int]]:
        return await asyncio.gather(*(producer(bytes([65 + n])) for n in range(producers)))

    syncs_before = datasyncs()
    try:
        offsets = asyncio.run(main())
        appends = producers * batches_each
        rounds = log.group_commit_syncs
        assert 1 <= rounds < appends  # shared, not one per append
        assert datasyncs() - syncs_before == 2 * rounds  # log + index per round
        assert sorted(o for per in offsets for o in per) == list(range(0, appends * 5, 5))
    finally:
        log.close()


def test_durable_append_without_deferral_syncs_in_the_write(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(durability=Durability.DURABLE))
    try:
        before = datasyncs()
        batch = simple_batch(3, 10)
        log.append(batch.index, batch.frames, batch.messages_count)
        assert datasyncs() - before == 2
        asyncio.run(log.wait_durable())  # already durable: returns at once
        assert datasyncs() - before == 2
    finally:
        log.close()


def test_memory_mode_never_waits(tmp_path):
    log = PartitionLog.open(tmp_path / "p")
    try:
        before = datasyncs()
        batch = simple_batch(3, 10)
        log.append(batch.index, batch.frames, batch.messages_count, defer_sync=True)
        asyncio.run(log.wait_durable())
        assert datasyncs() == before
    finally:
        log.close()


def test_reads_use_pooled_buffers_that_return_after_use(tmp_path):
    io = IoResources(IoConfig(mmap_reads=False))
    log = PartitionLog.open(tmp_path / "p", io=io)
    try:
        batch = simple_batch(50, 1000)
        log.append(batch.index, batch.frames, batch.messages_count)
        in_use_before = io.pool.stats()["in_use_buffers"]
        result = log.read_by_offset(0, 50)
        assert isinstance(result.buffers[0], memoryview)
        assert io.pool.stats()["in_use_buffers"] == in_use_before + 1
        assert [m["offset"] for m in parse_frames(b"".join(result.buffers))] == list(range(50))
        del result
        assert io.pool.stats()["in_use_buffers"] == in_use_before
    finally:
        log.close()


def test_flush_async_syncs_off_the_loop_and_covers_only_earlier_appends(tmp_path):
    """The message saver's fsync (memory mode): one fdatasync round in a worker thread; an append made
    while it runs is not counted as synced, so the next save covers it."""
    log = PartitionLog.open(tmp_path / "p")

    async def main() -> None:
        first = simple_batch(3, 10, tag=b"a")
        log.append(first.index, first.frames, first.messages_count)
        rounds_before = log.group_commit_syncs
        flushing = asyncio.ensure_future(log.flush_async())
        await asyncio.sleep(0)  # the round has started in the worker; the loop is free
        second = simple_batch(2, 10, tag=b"b")
        log.append(second.index, second.frames, second.messages_count)  # lands during the sync
        await flushing
        assert log.group_commit_syncs == rounds_before + 1
        await log.flush_async()  # the second append was not covered by the first round
        assert log.group_commit_syncs == rounds_before + 2
        await log.flush_async()  # nothing new: no further round
        assert log.group_commit_syncs == rounds_before + 2

    try:
        asyncio.run(main())
    finally:
        log.close()
