"""A partition as the server uses it: its message log, its consumer offsets and its durability policy.

Handlers make one call here per request. :meth:`Partition.append` returns when the partition's
:class:`~iggy_server.config.Durability` allows the acknowledgement; :meth:`Partition.poll` reads by a
polling strategy and commits the consumer's offset when asked. Both are coroutines that finish without
suspending in the common case (``written`` sends, polls of written data), so a handler driven inline by
the connection still answers from the read callback; they suspend only to wait for the disk (``durable``:
group commit), for the background writer's bound (``memory`` sends) or for queued bytes a poll covers.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from iggy.protocol.codes import ErrorCode
from iggy.protocol.kinds import PollingKind
from iggy_server.config import Durability, StorageConfig
from iggy_server.storage.errors import StorageError
from iggy_server.storage.offsets import ConsumerOffsetStore
from iggy_server.storage.partition import EMPTY_READ, AppendResult, DeleteResult, PartitionLog, ReadResult
from iggy_server.storage.resources import IoResources
from iggy_server.storage.write_queue import WriteQueue

if TYPE_CHECKING:
    from iggy.protocol.primitives import PollingStrategy

__all__ = ["Partition"]

_INVALID_OFFSET = int(ErrorCode.INVALID_OFFSET)


class Partition:
    """One partition: ``log`` (:class:`PartitionLog`), ``offsets`` (:class:`ConsumerOffsetStore`) and the
    policy of its :class:`StorageConfig`. Construct with :meth:`open`. Single-threaded (the event loop)."""

    __slots__ = ("id", "created_at_us", "directory", "log", "offsets", "unsynced", "_durability", "_write_queue")

    def __init__(
        self,
        partition_id: int,
        created_at_us: int,
        directory: Path,
        log: PartitionLog,
        offsets: ConsumerOffsetStore,
        durability: Durability,
        write_queue: WriteQueue,
    ) -> None:
        self.id = partition_id
        self.created_at_us = created_at_us
        self.directory = directory
        self.log = log
        self.offsets = offsets
        # Appended to since the message saver last synced it (see Metadata.fsync_dirty).
        self.unsynced = False
        self._durability = durability
        self._write_queue = write_queue

    @classmethod
    def open(
        cls,
        partition_id: int,
        directory: str | os.PathLike[str],
        created_at_us: int,
        config: StorageConfig,
        io: IoResources,
    ) -> Partition:
        """Open (creating if missing) the log and offsets stored in ``directory``."""
        path = Path(directory)
        log = PartitionLog.open(path, config, io, created_at_us=created_at_us)
        try:
            # Offsets follow the messages' guarantee: fsynced where the messages are (durable, enforce_fsync).
            offsets = ConsumerOffsetStore(path, fsync=config.fsync)
        except BaseException:
            log.close()
            raise
        return cls(partition_id, created_at_us, path, log, offsets, config.durability, io.write_queue)

    async def append(
        self,
        index: memoryview,
        frames: memoryview,
        messages_count: int,
        batch_v09: memoryview | None = None,
        parallel_conversion: bool = True,
    ) -> AppendResult:
        """Validate, stamp (in place) and store a SendMessages batch; return once it may be acknowledged:
        ``written`` at once (the kernel has it), ``durable`` once fdatasynced (concurrent producers share
        one fdatasync), ``memory`` at once unless the background writer is past its bound (backpressure).
        ``batch_v09``: a 0.9 batch written into ``index``/``frames`` (fresh, of its stored size) as it is stamped,
        on two threads if ``parallel_conversion`` (see ``context.LoneClient``)."""
        result = self.log.append(
            index, frames, messages_count, defer_sync=True, batch_v09=batch_v09, parallel_conversion=parallel_conversion
        )
        self.unsynced = True
        if self._durability is Durability.DURABLE:
            await self.log.wait_durable()
        elif self._durability is Durability.MEMORY and self._write_queue.over_limit():
            await self._write_queue.wait_below_limit()
        return result

    async def poll(
        self,
        strategy: PollingStrategy,
        count: int,
        consumer_kind: int,
        offset_key: int,
        auto_commit: bool,
        *,
        verify: bool = True,
    ) -> ReadResult:
        """Up to ``count`` messages by polling strategy (``next`` starts after the consumer's stored offset,
        or at the first message when none is stored); with ``auto_commit`` the last one returned becomes the
        consumer's stored offset. Acknowledged ``memory`` batches still queued are waited for first, up to
        the last byte this poll reads. ``verify=False``: the caller checks the stored checksums (see
        ``PartitionLog.verify_after_read``), and commits only after they passed (``commit_polled``)."""
        if count <= 0:
            return EMPTY_READ
        log = self.log
        start_offset = self._start_offset(strategy, count, consumer_kind, offset_key)
        while start_offset is not None and await log.wait_readable(start_offset, count):
            # Waited: another poll may have moved the stored offset meanwhile, so resolve it again and
            # read without a wait in between (the read and its commit stay one step of the loop).
            start_offset = self._start_offset(strategy, count, consumer_kind, offset_key)
        if start_offset is None:
            return EMPTY_READ
        result = log.read_by_offset(start_offset, count, verify=verify)
        if auto_commit:
            self.commit_polled(consumer_kind, offset_key, result)
        return result

    def commit_polled(self, consumer_kind: int, offset_key: int, result: ReadResult) -> None:
        """A poll's auto-commit: the last message it returned becomes the consumer's stored offset."""
        if result.messages_count:
            self.offsets.store(consumer_kind, offset_key, result.last_offset)

    def _start_offset(self, strategy: PollingStrategy, count: int, consumer_kind: int, offset_key: int) -> int | None:
        """Where a poll by ``strategy`` starts (None: nothing to read, a timestamp past every message)."""
        log = self.log
        kind = strategy.kind
        if kind == PollingKind.OFFSET:
            return strategy.value
        if kind == PollingKind.TIMESTAMP:
            return log.offset_at_timestamp(strategy.value)
        if kind == PollingKind.FIRST:
            return log.first_offset
        if kind == PollingKind.LAST:
            return log.last_start_offset(count)
        stored = self.offsets.get(consumer_kind, offset_key)  # NEXT
        return log.first_offset if stored is None else stored + 1

    def store_offset(self, consumer_kind: int, offset_key: int, offset: int) -> None:
        """StoreConsumerOffset: only offsets of stored messages (else 3008 InvalidOffset, as 0.8)."""
        log = self.log
        if not log.has_messages or offset > log.current_offset:
            raise StorageError(
                _INVALID_OFFSET,
                f"offset {offset} is beyond the end of partition {self.id} (current offset {log.current_offset})",
            )
        self.offsets.store(consumer_kind, offset_key, offset)

    def flush(self, fsync: bool) -> None:
        """FlushUnsavedBuffer: queued batches to the OS; ``fsync`` also to the device."""
        self.log.flush(fsync)

    async def sync(self) -> None:
        """The message saver's fsync, off the event loop (group commit's workers)."""
        self.unsynced = False
        self.log.lane_appended = False
        await self.log.flush_async()

    def delete_segments(self, count: int) -> DeleteResult:
        """Oldest sealed segments first; segments not yet consumed by every stored offset stay (0.8)."""
        return self.log.delete_segments(count, self.offsets.min_offset())

    def delete_expired_segments(self, now_us: int, message_expiry_us: int) -> DeleteResult:
        return self.log.delete_expired_segments(now_us, message_expiry_us, self.offsets.min_offset())

    def purge(self) -> None:
        """Every message and every stored offset; offsets restart at 0."""
        self.log.purge()
        self.offsets.clear()

    def close(self) -> None:
        self.log.close()

    def __repr__(self) -> str:
        return f"Partition({self.id}, {str(self.directory)!r})"
