"""One partition's message log: a list of segments, the newest one active (see the package docstring).

How appends reach the files follows the :class:`~iggy_server.config.Durability` of its
:class:`~iggy_server.config.StorageConfig`: ``durable`` writes are fdatasynced (at once, or by group
commit for :meth:`PartitionLog.append` with ``defer_sync``), ``memory`` writes are queued for the
background writer. *When* an append may be acknowledged is decided one level up, by
:meth:`iggy_server.storage.store.Partition.append`.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import os
import re
import time
from pathlib import Path
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from iggy_server import _native
from iggy_server.config import CacheIndexes, Durability, StorageConfig
from iggy_server.storage.durability import GroupCommit
from iggy_server.storage.encryption import MessageCipher
from iggy_server.storage.resources import IoResources
from iggy_server.storage.segment import (
    INDEX_SUFFIX,
    LOG_SUFFIX,
    Segment,
    create_segment,
    fsync_directory,
    open_segment,
)

# Segment index positions are u32: a segment's log can never grow past this.
MAX_SEGMENT_LOG_BYTES = 0xFFFF_FFFF
# What a lane appended since the loop last took it (``_native.PartitionLane.take_pending``/``hold``): index entries,
# messages, log bytes, next offset, last timestamp µs, segment end position, 0.9 sends' known entries or None.
LanePending = tuple[bytes, int, int, int, int, int, bytes | None]
_SEGMENT_FILE = re.compile(r"^(\d{20})\.(log|index)$")

logger = logging.getLogger(__name__)


class AppendResult(NamedTuple):
    first_offset: int
    last_offset: int
    messages_count: int
    appended_bytes: int


class ReadResult(NamedTuple):
    """Frames back to back in ``buffers`` (bytes-like: views of pooled buffers, or bytes); offsets are
    meaningful only when ``messages_count > 0``."""

    buffers: tuple[memoryview | bytes, ...]
    messages_count: int
    first_offset: int
    last_offset: int
    size_bytes: int


EMPTY_READ = ReadResult((), 0, 0, 0, 0)


class DeleteResult(NamedTuple):
    segments_count: int
    messages_count: int
    size_bytes: int


class SegmentInfo(NamedTuple):
    start_offset: int
    messages_count: int
    size_bytes: int
    max_timestamp_us: int
    is_active: bool


def partition_path(system_path: str | os.PathLike[str], stream_id: int, topic_id: int, partition_id: int) -> Path:
    """``{system_path}/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}`` (reference §5)."""
    return Path(system_path, "streams", str(stream_id), "topics", str(topic_id), "partitions", str(partition_id))


def _now_us() -> int:
    return time.time_ns() // 1000


class PartitionLog:
    """Append-only log of one partition. Construct with :meth:`open`."""

    def __init__(
        self,
        directory: Path,
        segments: list[Segment],
        config: StorageConfig,
        io: IoResources,
        created_at_us: int,
    ) -> None:
        self._directory = directory
        self._segments = segments
        self._segment_starts = [segment.start_offset for segment in segments]
        self._created_at_us = created_at_us
        self._io = io
        self._segment_size_bytes = config.segment_size_bytes
        self._messages_required_to_save = config.messages_required_to_save
        self._enforce_fsync = config.enforce_fsync
        self._durable = config.durability is Durability.DURABLE
        self._background_writes = config.durability is Durability.MEMORY
        # Structural changes (new segments, sealing, deletions) are fsynced in durable mode and with enforce_fsync.
        self._fsync_structure = config.fsync
        self._verify_checksums_on_read = config.verify_checksums_on_read
        self._cache_flags = _cache_flags(config.cache_indexes)
        # [system.encryption]: batches are encrypted before they are stamped, frames decrypted after the read.
        self._cipher = MessageCipher(config.encryption_key) if config.encryption_key else None
        self._unsynced_messages = 0
        # Segments sealed without an fsync; flush(fsync=True) syncs them.
        self._unsynced_sealed: list[Segment] = []
        self._closed = False
        active = segments[-1]
        self._next_offset = active.start_offset + active.messages_count
        self._last_timestamp_us = max((segment.max_timestamp_us for segment in segments), default=0)
        active.activate()
        self._group_commit = GroupCommit(lambda: self._segments[-1].writer.fds, lambda: io.sync_executor)
        # The native send path appends `written` and `memory` batches without encryption through this lane (see
        # ``iggy_server._native.PartitionLane``) when the server runs that path; the event loop takes what it
        # appended (catch_up) before it reads this log, and holds the lane while it changes the log (_hold).
        self._lane: Any = None
        self._lane_depth = 0
        self._lane_failed = False
        # Set when the lane appended, cleared by the owner (store.Partition: the message saver's fsync).
        self.lane_appended = False
        self._enable_task: Any = None
        if io.send_lanes and not self._durable and self._cipher is None:
            self._lane = _native.PartitionLane(io.dirty_lanes)
            io.lane_logs[self._lane.id] = self
            self._release_lane()

    @classmethod
    def open(
        cls,
        directory: str | os.PathLike[str],
        config: StorageConfig = StorageConfig(),
        io: IoResources | None = None,
        *,
        created_at_us: int | None = None,
    ) -> PartitionLog:
        """Open (creating if missing) the partition stored in ``directory``.

        ``config.segment_size_bytes``: a segment is sealed once its log reaches this size (Iggy
        ``segment.size``). ``messages_required_to_save`` + ``enforce_fsync``: fsync after that many
        unsynced messages. ``durability``: ``durable`` fsyncs every append (see :meth:`append`),
        ``memory`` queues appends for the background writer (they return before the kernel has the bytes;
        see :mod:`.write_queue`), ``written`` writes before returning. ``verify_checksums_on_read``: verify
        offsets and checksums of frames before serving them, as the 0.8 server does. ``io``: the server's
        shared resources; None gives this log resources of its own (tools and tests).
        """
        if config.segment_size_bytes <= 0:
            raise ValueError("segment_size_bytes must be positive")
        if config.messages_required_to_save <= 0:
            raise ValueError("messages_required_to_save must be positive")
        if io is None:
            io = IoResources(config.io)
        path = Path(directory)
        path.mkdir(parents=True, exist_ok=True)
        segments = _load_segments(path, config.fsync, io, _cache_flags(config.cache_indexes))
        return cls(path, segments, config, io, _now_us() if created_at_us is None else created_at_us)

    # --- properties -------------------------------------------------------------------------------

    @property
    def directory(self) -> Path:
        return self._directory

    @property
    def created_at_us(self) -> int:
        return self._created_at_us

    @property
    def next_offset(self) -> int:
        return self._next_offset

    @property
    def has_messages(self) -> bool:
        return self._next_offset > 0

    @property
    def current_offset(self) -> int:
        return self._next_offset - 1 if self._next_offset > 0 else 0

    @property
    def first_offset(self) -> int:
        for segment in self._segments:
            if segment.messages_count:
                return segment.start_offset
        return self._next_offset

    @property
    def messages_count(self) -> int:
        return sum(segment.messages_count for segment in self._segments)

    @property
    def size_bytes(self) -> int:
        return sum(segment.size_bytes for segment in self._segments)

    @property
    def segments_count(self) -> int:
        return len(self._segments)

    def index_memory(self) -> tuple[int, int, int]:
        """(sealed segments, segments whose whole index is in memory, bytes of index entries in memory)."""
        sealed = len(self._segments) - 1
        cached = sum(segment.index_cached for segment in self._segments)
        return sealed, cached, sum(segment.index_memory_bytes for segment in self._segments)

    def segments(self) -> tuple[SegmentInfo, ...]:
        last = len(self._segments) - 1
        return tuple(
            SegmentInfo(s.start_offset, s.messages_count, s.size_bytes, s.max_timestamp_us, i == last)
            for i, s in enumerate(self._segments)
        )

    # --- the native send path's lane -------------------------------------------------------------

    @property
    def lane(self) -> Any:
        """The ``_native.PartitionLane`` the native send path appends through, or None (`durable`, encrypted, or
        the server runs no such path)."""
        return self._lane

    def catch_up(self) -> None:
        """File what the lane appended since the last time (see ``IoResources.catch_up``); seal the active
        segment if the lane filled it."""
        if self._lane is None or self._lane_depth or self._closed:
            return  # held: the hold took everything, and nothing is appended until the release
        # Taken without a hold: filing the entries (and writing the index file) must not stall the producers.
        pending = self._lane.take_pending()
        if pending is not None:
            try:
                self._absorb(pending)
            except BaseException:
                self._lane_failed = True  # this log and the lane may differ: the lane appends no more
                self._hold()
                self._release()
                raise
        self._note_write_failure()
        active = self._segments[-1]
        if active.messages_count and active.size_bytes >= self._segment_size_bytes:
            self._hold()
            try:
                active = self._segments[-1]
                if active.messages_count and active.size_bytes >= self._segment_size_bytes:
                    self._rotate()
            finally:
                self._release()

    def _hold(self) -> None:
        """Keep the lane's threads from appending while the event loop changes this log (reentrant)."""
        if self._lane is None:
            return
        self._lane_depth += 1
        if self._lane_depth == 1:
            try:
                pending = self._lane.hold()
            except BaseException:
                self._lane_depth = 0
                raise
            if pending is not None:
                self._take_appended(pending)
            self._note_write_failure()

    def _note_write_failure(self) -> None:
        """`memory`: a batch the lane acknowledged and then failed to write fails the segment's later reads, as a
        failed background write does (``SegmentWriter.mark_failed``)."""
        failure = self._lane.take_write_failure()
        if failure is None:
            return
        position, message = failure
        active = self._segments[-1]
        if active.writer is not None:
            active.writer.mark_failed(position, active.index_written_bytes, OSError(f"writing failed: {message}"))
        logger.error("%s: a write of the native send path failed at byte %d: %s", self._directory, position, message)

    def _take_appended(self, pending: LanePending) -> None:
        """Under a hold: make the lane's appends this log's; if that fails, the lane never appends again (its
        state and this log's may differ) and the hold ends."""
        try:
            self._absorb(pending)
        except BaseException:
            self._lane_failed = True
            self._lane_depth = 0
            self._release_lane()
            raise

    def _release(self) -> None:
        if self._lane is None:
            return
        self._lane_depth -= 1
        if self._lane_depth == 0:
            self._release_lane()

    def _release_lane(self) -> None:
        """Hand the lane the log's state: where the next batch goes, and whether the lane may append at all."""
        active = self._segments[-1]
        writer = active.writer
        usable = (
            not self._closed
            and not self._lane_failed
            and writer is not None
            and not writer.direct
            and writer.failure is None
            and active.size_bytes < self._segment_size_bytes
        )
        # `memory`: the loop's own appends go to the background writer; the lane appends past them only once
        # they are out (its writes are not ordered with the queue's), and a task enables it then.
        queued = usable and active.has_unwritten
        enabled = usable and not queued
        self._lane.release(
            enabled,
            queued,
            self._background_writes,
            writer.native if enabled and writer is not None else None,
            self._next_offset,
            self._last_timestamp_us,
            active.start_offset,
            active.size_bytes,
            self._segment_size_bytes,
        )
        if queued and self._enable_task is None:
            self._enable_task = asyncio.get_running_loop().create_task(self._enable_once_written())

    async def _enable_once_written(self) -> None:
        """Enable the lane once the loop's queued writes of the active segment are out (see _release_lane)."""
        try:
            await self.wait_written()
        except Exception:
            pass  # a failed write keeps the lane off (writer.failure), as the release below finds
        finally:
            self._enable_task = None
        if not self._closed and not self._lane_depth:
            self._hold()
            self._release()

    def _absorb(self, pending: LanePending) -> None:
        index, messages_count, frames_bytes, next_offset, last_timestamp_us, end_bytes, known_v09 = pending
        active = self._segments[-1]
        active.absorb(index, frames_bytes, known_v09 if active.keeps_known_v09 else None)
        if active.size_bytes != end_bytes:  # the lane and this log disagree: nothing else may be trusted
            raise RuntimeError(f"{self._directory}: lane ends at {end_bytes}, the segment at {active.size_bytes}")
        self._next_offset = next_offset
        self._last_timestamp_us = last_timestamp_us
        self._group_commit.note_append()
        self._after_write(messages_count)
        self.lane_appended = True

    # --- append -----------------------------------------------------------------------------------

    @property
    def group_commit_syncs(self) -> int:
        """fdatasync rounds run by group commit (each covers every append before it)."""
        return self._group_commit.syncs

    def append(
        self,
        index_view: memoryview,
        frames_view: memoryview,
        messages_count: int,
        *,
        defer_sync: bool = False,
        batch_v09: memoryview | None = None,
        parallel_conversion: bool = True,
    ) -> AppendResult:
        """Validate, stamp (in place) and store a SendMessages batch; see the package docstring.

        In durable mode the append is fdatasynced before returning (in the same native submission as
        the write) — unless ``defer_sync``: then the caller must ``await wait_durable()`` before
        acknowledging, which lets concurrent appends share one fdatasync (group commit). ``batch_v09``: a 0.9
        batch, admitted and written stamped into ``index_view`` and ``frames_view`` (fresh buffers of its stored
        size) in one native pass instead of stamping 0.8 frames in place; ``parallel_conversion``: that pass may run on
        two threads (see ``context.LoneClient``)."""
        self._check_open()
        self._hold()
        try:
            return self._append(index_view, frames_view, messages_count, defer_sync, batch_v09, parallel_conversion)
        finally:
            self._release()

    def _append(
        self,
        index_view: memoryview,
        frames_view: memoryview,
        messages_count: int,
        defer_sync: bool,
        batch_v09: memoryview | None,
        parallel_conversion: bool,
    ) -> AppendResult:
        frames_bytes = memoryview(frames_view).nbytes
        active = self._segments[-1]
        # Full already (reopened with a smaller segment size) or the u32 positions would overflow.
        if active.messages_count and (
            active.size_bytes >= self._segment_size_bytes or active.size_bytes + frames_bytes > MAX_SEGMENT_LOG_BYTES
        ):
            active = self._rotate()
        if self._cipher is not None:
            # Iggy's checks and codes apply to the batch as sent; then what is stored is the encrypted batch.
            if batch_v09 is None:
                _native.validate_batch(index_view, frames_view, messages_count)
            else:  # admitted and converted first (placement is stamped again below, after encryption)
                _native.convert_and_stamp_v09(
                    batch_v09, index_view, frames_view, messages_count,
                    base_offset=0, segment_start_offset=0, segment_position_bytes=0, timestamp_us=0,
                    parallel=parallel_conversion,
                )  # fmt: skip
                batch_v09 = None
            index_view, frames_view = self._cipher.encrypt_batch(frames_view, messages_count)
            frames_bytes = frames_view.nbytes
            if active.messages_count and active.size_bytes + frames_bytes > MAX_SEGMENT_LOG_BYTES:
                active = self._rotate()
        timestamp_us = max(_now_us(), self._last_timestamp_us)
        base_offset = self._next_offset
        known_v09 = None
        if batch_v09 is None:
            stamp = _native.validate_and_stamp
        else:
            # What the producer's checksums cover, kept while the segment is active so 0.9 polls need not hash.
            if active.keeps_known_v09:
                known_v09 = bytearray(messages_count * _native.V09_KNOWN_ENTRY_SIZE)
            stamp = partial(_native.convert_and_stamp_v09, batch_v09, known=known_v09, parallel=parallel_conversion)
        stamp(
            index_view,
            frames_view,
            messages_count,
            base_offset=base_offset,
            segment_start_offset=active.start_offset,
            segment_position_bytes=active.size_bytes,
            timestamp_us=timestamp_us,
        )
        sync_now = self._durable and not defer_sync
        # Without durability the acknowledgement waits for the log alone; the index (derived, rebuilt from the
        # log at start-up) goes to its file in batches (see Segment.append) and at every sync, seal or close.
        active.append(
            memoryview(frames_view),
            memoryview(index_view),
            datasync=sync_now,
            background=self._background_writes,
            defer_index=not self._durable,
            known_v09=known_v09,
        )
        self._next_offset = base_offset + messages_count
        self._last_timestamp_us = timestamp_us
        self._group_commit.note_append()
        if sync_now:
            self._group_commit.mark_all_synced()
        self._after_write(messages_count)
        if active.size_bytes >= self._segment_size_bytes:
            self._rotate()
        return AppendResult(base_offset, base_offset + messages_count - 1, messages_count, frames_bytes)

    @property
    def known_v09(self) -> tuple[bytearray, int] | None:
        """The active segment's known 0.9 checksums and their first offset (``Segment.known_v09``), for 0.9
        polls; older messages are hashed when polled."""
        return self._segments[-1].known_v09

    @property
    def has_unwritten(self) -> bool:
        """Whether appended batches are still queued for the background writer (memory durability)."""
        return self._segments[-1].has_unwritten

    async def wait_written(self) -> None:
        """Return once every batch appended so far reached the kernel (background writes; StorageError
        if one of them failed). Only the active segment can hold queued batches: rotation drains."""
        active = self._segments[-1]
        if active.has_unwritten:
            await self._io.write_queue.wait_written(active.writer)
        elif active.writer is not None:
            active.writer.raise_if_failed()

    async def wait_readable(self, start_offset: int, count: int) -> bool:
        """Return once a read of up to ``count`` messages from ``start_offset`` will find its bytes
        written: only the bytes it reads, not the whole queue (a poll of old messages does not wait for
        a producer's burst); True if it had to wait. Only the active segment can hold queued batches:
        rotation drains."""
        active = self._segments[-1]
        writer = active.writer
        if writer is None:
            return False
        writer.raise_if_failed()  # a failed background write fails every later read of the partition
        if not active.has_unwritten or count <= 0:
            return False
        relative = max(start_offset - active.start_offset, 0)
        # From the segment's start when the read begins in an older one: it then reads fewer messages
        # here, so this end covers the read (the wait may be a few batches longer than needed).
        span = active.lookup_offset(relative, count)
        if span is None or writer.written_end_bytes >= span[2]:
            return False
        await self._io.write_queue.wait_written(writer, span[2])
        return True

    async def wait_durable(self) -> None:
        """Return once every append made so far is on disk (no-op unless durable); group commit."""
        if self._durable:
            await self._group_commit.wait()

    def _after_write(self, messages_count: int) -> None:
        if self._durable:
            return  # synced with the write, or by group commit
        self._unsynced_messages += messages_count
        if self._enforce_fsync and self._unsynced_messages >= self._messages_required_to_save:
            self._segments[-1].sync()
            self._group_commit.mark_all_synced()
            self._unsynced_messages = 0

    def _rotate(self) -> Segment:
        fsync = self._fsync_structure
        sealed = self._segments[-1]
        sealed.seal(fsync=fsync)
        if fsync:
            self._group_commit.mark_all_synced()
        else:
            self._unsynced_sealed.append(sealed)
        segment = create_segment(self._directory, self._next_offset, fsync, self._io, *self._cache_flags)
        self._segments.append(segment)
        self._segment_starts.append(segment.start_offset)
        return segment

    # --- reads ------------------------------------------------------------------------------------

    @property
    def verify_after_read(self) -> bool:
        """Whether a reader may take over checking the stored checksums (``read_by_offset(verify=False)``): they
        are to be checked (``verify_checksums_on_read``) and the bytes read are the stored ones (no decryption).
        A 0.9 poll checks them while converting, reading each message once."""
        return self._verify_checksums_on_read and self._cipher is None

    def read_by_offset(self, start_offset: int, count: int, *, verify: bool = True) -> ReadResult:
        """Up to ``count`` messages with offset >= ``start_offset`` (possibly spanning segments). ``verify=False``:
        the caller checks the stored checksums itself (only where ``verify_after_read``)."""
        self._check_open()
        if count <= 0 or start_offset >= self._next_offset:
            return EMPTY_READ
        start_offset = max(start_offset, 0)
        first_segment = max(bisect.bisect_right(self._segment_starts, start_offset) - 1, 0)
        buffers: list[bytes] = []
        remaining = count
        first_offset = last_offset = -1
        size_bytes = 0
        for segment in self._segments[first_segment:]:
            relative = max(start_offset - segment.start_offset, 0)
            span = segment.lookup_offset(relative, remaining)
            if span is None:
                continue
            chunk_first_offset, byte_start, byte_end, found = span
            data = segment.read(byte_start, byte_end)
            if self._verify_checksums_on_read and verify:
                _native.verify_frames(data, chunk_first_offset, found)
            if self._cipher is not None:
                data = self._cipher.decrypt_frames(data, found, chunk_first_offset)
            buffers.append(data)
            if first_offset < 0:
                first_offset = chunk_first_offset
            last_offset = chunk_first_offset + found - 1
            size_bytes += len(data)
            remaining -= found
            if remaining == 0:
                break
        if not buffers:
            return EMPTY_READ
        return ReadResult(tuple(buffers), count - remaining, first_offset, last_offset, size_bytes)

    def poll_position(self, offset: int) -> int | None:
        """Where the message at ``offset`` starts in the active segment's log (the segment's end for the next
        offset), for the native data path's polls; None when ``offset`` is not in the active segment."""
        active = self._segments[-1]
        if offset < active.start_offset or offset > self._next_offset:
            return None
        if offset == self._next_offset:
            return active.size_bytes
        span = active.lookup_offset(offset - active.start_offset, 1)
        if span is None or span[0] != offset:
            return None
        return span[1]

    def offset_at_timestamp(self, timestamp_us: int) -> int | None:
        """Offset of the first message whose append timestamp is >= ``timestamp_us`` (None: no such one)."""
        self._check_open()
        for segment in self._segments:
            if segment.messages_count == 0 or segment.max_timestamp_us < timestamp_us:
                continue
            offset = segment.offset_at_timestamp(timestamp_us)
            if offset is not None:
                return offset
        return None

    def read_by_timestamp(self, timestamp_us: int, count: int) -> ReadResult:
        """Up to ``count`` messages whose append timestamp is >= ``timestamp_us``."""
        if count <= 0:
            return EMPTY_READ
        start_offset = self.offset_at_timestamp(timestamp_us)
        return EMPTY_READ if start_offset is None else self.read_by_offset(start_offset, count)

    def read_first(self, count: int) -> ReadResult:
        return self.read_by_offset(self.first_offset, count)

    def read_last(self, count: int) -> ReadResult:
        if count <= 0:
            return EMPTY_READ
        return self.read_by_offset(self.last_start_offset(count), count)

    def last_start_offset(self, count: int) -> int:
        """Where a read of the last ``count`` messages starts."""
        return max(self.first_offset, self._next_offset - count)

    # --- retention --------------------------------------------------------------------------------

    def delete_segments(self, count: int, protected_offset: int | None = None) -> DeleteResult:
        """Delete up to ``count`` oldest sealed segments (DeleteSegments). Like 0.8, a segment holding
        an offset above ``protected_offset`` (the smallest stored consumer offset, if any) is kept."""
        return self._delete_oldest(lambda segment: True, count, protected_offset)

    def delete_expired_segments(
        self, now_us: int, message_expiry_us: int, protected_offset: int | None = None
    ) -> DeleteResult:
        """Delete sealed segments whose newest message is older than ``message_expiry_us``."""
        return self._delete_oldest(
            lambda segment: segment.max_timestamp_us + message_expiry_us <= now_us,
            len(self._segments),
            protected_offset,
        )

    def _delete_oldest(
        self, eligible: Callable[[Segment], bool], count: int, protected_offset: int | None
    ) -> DeleteResult:
        self._check_open()
        self._hold()
        try:
            return self._delete_oldest_held(eligible, count, protected_offset)
        finally:
            self._release()

    def _delete_oldest_held(
        self, eligible: Callable[[Segment], bool], count: int, protected_offset: int | None
    ) -> DeleteResult:
        deleted = DeleteResult(0, 0, 0)
        # Never the active (last) segment; stop at the first kept one so the log stays contiguous.
        while deleted.segments_count < count and len(self._segments) > 1:
            oldest = self._segments[0]
            if not eligible(oldest):
                break
            if protected_offset is not None and oldest.end_offset > protected_offset:
                break
            deleted = DeleteResult(
                deleted.segments_count + 1,
                deleted.messages_count + oldest.messages_count,
                deleted.size_bytes + oldest.size_bytes,
            )
            oldest.delete_files()
            del self._segments[0]
            del self._segment_starts[0]
        if deleted.segments_count and self._fsync_structure:
            fsync_directory(self._directory)
        return deleted

    def purge(self) -> DeleteResult:
        """Delete every message and segment; the next message gets offset 0 (as 0.8 purge does)."""
        self._check_open()
        self._hold()
        try:
            return self._purge_held()
        finally:
            self._release()

    def _purge_held(self) -> DeleteResult:
        deleted = DeleteResult(len(self._segments), self.messages_count, self.size_bytes)
        for segment in self._segments:
            segment.delete_files()
        fsync = self._fsync_structure
        self._segments = [create_segment(self._directory, 0, fsync, self._io, *self._cache_flags)]
        self._segment_starts = [0]
        self._unsynced_sealed.clear()
        self._next_offset = 0
        self._unsynced_messages = 0
        return deleted

    # --- lifecycle --------------------------------------------------------------------------------

    def flush(self, fsync: bool) -> None:
        """Hands queued batches to the OS (memory durability; otherwise every append is there already);
        ``fsync=True`` also forces them to the device."""
        self._check_open()
        self.catch_up()
        self._segments[-1].drain()
        self._segments[-1].flush_index()
        if fsync:
            for sealed in self._unsynced_sealed:
                if not sealed.deleted:
                    sealed.sync()
            self._unsynced_sealed.clear()
            self._segments[-1].sync()
            self._group_commit.mark_all_synced()
            self._unsynced_messages = 0

    async def flush_async(self) -> None:
        """``flush(True)`` without blocking the event loop: the active segment's fdatasync runs in the
        group-commit worker (which snapshots what it covers), so appends keep flowing meanwhile and only
        the appends made before it started count as synced."""
        self._check_open()
        self.catch_up()
        await self.wait_written()  # a sync only covers what the kernel has
        self._segments[-1].flush_index()
        for sealed in self._unsynced_sealed:  # rare (one per rotation) and already written out
            if not sealed.deleted:
                sealed.sync()
        self._unsynced_sealed.clear()
        counted = self._unsynced_messages
        await self._group_commit.wait()
        self._unsynced_messages = max(0, self._unsynced_messages - counted)

    def close(self) -> None:
        if self._closed:
            return
        self._hold()
        try:
            self._close_held()
        finally:
            self._release()  # closed: the lane is disabled for good
        if self._lane is not None:
            self._io.lane_logs.pop(self._lane.id, None)

    def _close_held(self) -> None:
        fsync = self._durable or bool(self._unsynced_messages and self._enforce_fsync)
        # Sealing trims direct-I/O padding before the sync, so the size that reaches the disk is the log's.
        self._segments[-1].seal(fsync=fsync)
        if fsync:
            self._group_commit.mark_all_synced()
        for segment in self._segments:
            segment.close()
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError(f"partition log {self._directory} is closed")

    def __repr__(self) -> str:
        return (
            f"PartitionLog({str(self._directory)!r}, next_offset={self._next_offset}, "
            f"segments={len(self._segments)})"
        )


def _cache_flags(mode: CacheIndexes) -> tuple[bool, bool]:
    """(keep a sealed segment's index in memory, keep the active segment's) for a ``cache_indexes`` mode."""
    return mode is CacheIndexes.ALL, mode is not CacheIndexes.NONE


def _load_segments(directory: Path, fsync: bool, io: IoResources, cache_flags: tuple[bool, bool]) -> list[Segment]:
    """Open the segments found in ``directory`` (oldest first), or create the first one."""
    log_starts: set[int] = set()
    index_starts: set[int] = set()
    for entry in os.listdir(directory):
        match = _SEGMENT_FILE.match(entry)
        if match:
            (log_starts if match.group(2) == "log" else index_starts).add(int(match.group(1)))
    for orphan in index_starts - log_starts:
        (directory / f"{orphan:020d}{INDEX_SUFFIX}").unlink()
    starts = sorted(log_starts)
    segments: list[Segment] = []
    try:
        for position, start_offset in enumerate(starts):
            is_newest = position == len(starts) - 1
            segment = open_segment(directory, start_offset, is_newest, io, *cache_flags)
            if segment.messages_count == 0 and not is_newest:
                logger.warning("removing empty sealed segment %s", segment.log_path)
                segment.delete_files()
                continue
            if segments and segment.start_offset != segments[-1].end_offset + 1:
                logger.warning(
                    "partition %s: offsets jump from %d to %d at segment %s",
                    directory,
                    segments[-1].end_offset,
                    segment.start_offset,
                    segment.log_path.name,
                )
            segments.append(segment)
    except BaseException:
        for segment in segments:
            segment.close()
        raise
    if not segments:
        segments.append(create_segment(directory, 0, fsync, io, *cache_flags))
    return segments


__all__ = [
    "LOG_SUFFIX",
    "AppendResult",
    "DeleteResult",
    "PartitionLog",
    "ReadResult",
    "SegmentInfo",
    "partition_path",
]
