"""One segment: ``{start_offset:020}.log`` (frames) + ``{start_offset:020}.index`` (16-byte entries).

Index lookups read a bytearray of the entries when the segment's index is cached in memory
(``system.segment.cache_indexes``: every segment with ``all``, the active one with ``open_segment``), and
otherwise the few entries they need from the ``.index`` file (plus, with ``none``, the active segment's entries
not written there yet). The log is the truth at start-up, when :func:`open_segment` rebuilds the newest
segment's index from it (and any index that does not match its log) and repairs the index file.
All file writes go through :class:`SegmentWriter` (native: io_uring or pwritev, optionally O_DIRECT for
the log); reads are views of a read-only map of the log, or land in pooled buffers. Both come from the
partition's :class:`~.resources.IoResources`.
"""

from __future__ import annotations

import bisect
import errno
import logging
import mmap
import os
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iggy.protocol.codes import ErrorCode
from iggy.protocol.layout import INDEX_ENTRY_STRUCT_FORMAT
from iggy_server import _native
from iggy_server.storage.errors import StorageError, background_write_failed

if TYPE_CHECKING:
    from iggy_server.storage.resources import IoResources

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
INDEX_ENTRY_SIZE = _native.INDEX_ENTRY_SIZE
KNOWN_V09_ENTRY_SIZE = _native.V09_KNOWN_ENTRY_SIZE
_INDEX_ENTRY = struct.Struct(INDEX_ENTRY_STRUCT_FORMAT)

CANNOT_SAVE_MESSAGES_TO_SEGMENT = int(ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT)

logger = logging.getLogger(__name__)

# Index entries a `written` append may leave unwritten (4,096 messages): small batches share one index write
# instead of paying a second system call each, and no flush ever writes more than this at once.
INDEX_WRITE_BATCH_BYTES = 64 * 1024


def segment_file_stem(start_offset: int) -> str:
    return f"{start_offset:020d}"


def read_fully(fd: int, size_bytes: int, position: int) -> bytes:
    """pread exactly ``size_bytes`` (one syscall in the normal case)."""
    data = os.pread(fd, size_bytes, position)
    if len(data) == size_bytes:
        return data
    parts = [data]
    got = len(data)
    while got < size_bytes:
        more = os.pread(fd, size_bytes - got, position + got)
        if not more:
            raise OSError(f"segment log ends at {position + got}, {size_bytes - got} bytes short")
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def read_into_fully(fd: int, view: memoryview, position: int) -> None:
    """preadv until ``view`` is full (one syscall in the normal case)."""
    got = os.preadv(fd, [view], position)
    while got < view.nbytes:
        more = os.preadv(fd, [view[got:]], position + got)
        if more == 0:
            raise OSError(f"segment log ends at {position + got}, {view.nbytes - got} bytes short")
        got += more


def fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class SegmentWriter:
    """Writes frames and index entries of the active segment at the positions its owner gives.

    One native submission per append (``_native.SegmentFileWriter``: io_uring, or pwritev where
    io_uring is unavailable — both produce identical files; see :mod:`.resources`). The log is
    written before the index is trusted: after a crash the log is authoritative and the index is
    rebuilt from it. If a write fails, both files are cut back to their previous ends so that no
    half-written (never acknowledged) frame can be mistaken for a stored one at recovery.

    With direct I/O (``io.direct_io``) the log is written through a second descriptor opened
    with O_DIRECT in whole 4 KiB blocks, so the file carries zero padding past the logical end until
    :meth:`trim` (on seal and close); reads keep using the ordinary descriptor, which Linux keeps
    coherent with direct writes. The index stays buffered (small writes).
    """

    def __init__(
        self,
        log_fd: int,
        index_path: Path,
        io: IoResources,
        backend: str | None = None,
        log_path: Path | None = None,
        size_bytes: int = 0,
    ) -> None:
        self._log_fd = log_fd
        # Log bytes handed to the kernel, and bytes queued for the background writer (memory mode); the
        # write queue updates them under its lock. `failure`: a background write failed (see write_queue).
        self.written_end_bytes = size_bytes
        self.queued_end_bytes = size_bytes
        self.failure: Exception | None = None
        self._direct_fd = _open_direct(log_path, io) if log_path is not None and io.direct_io else -1
        self._preallocating = io.preallocate_max_bytes > 0
        try:
            self._index_fd = os.open(index_path, os.O_RDWR | os.O_CREAT, 0o644)
        except BaseException:
            self._close_direct()
            raise
        try:
            self._native = _native.SegmentFileWriter(
                log_fd,
                self._index_fd,
                backend or io.writer_backend,
                self._direct_fd,
                io.pool if self._direct_fd >= 0 else None,
                io.preallocate_max_bytes,
            )
        except BaseException:
            os.close(self._index_fd)
            self._close_direct()
            raise

    @property
    def native(self) -> Any:
        """The ``_native.SegmentFileWriter`` (a partition's lane writes the log through it)."""
        return self._native

    @property
    def backend(self) -> str:
        return self._native.backend

    @property
    def direct(self) -> bool:
        """Whether the log is written with O_DIRECT."""
        return self._direct_fd >= 0

    @property
    def fds(self) -> tuple[int, int]:
        """(log, index) descriptors, for group commit (which syncs duplicates of them)."""
        return self._log_fd, self._index_fd

    def append(
        self,
        frames: memoryview,
        log_position: int,
        index_parts: list[memoryview],
        index_position: int,
        datasync: bool = False,
    ) -> None:
        """``index_parts`` (possibly none) are written back to back at ``index_position``."""
        self.raise_if_failed()
        try:
            self._native.write([frames], log_position, index_parts, index_position, datasync)
        except OSError as error:
            self._cut_back(log_position, index_position)
            raise StorageError(CANNOT_SAVE_MESSAGES_TO_SEGMENT, f"writing the segment failed: {error}") from error
        self.written_end_bytes = self.queued_end_bytes = log_position + frames.nbytes

    def write_index(self, entries: memoryview, index_position: int) -> None:
        """Index entries alone (a deferred flush); OSError on failure."""
        self._native.write([], self.written_end_bytes, [entries], index_position, False)

    def write_many(
        self, frames: list[memoryview], log_position: int, index_entries: list[memoryview], index_position: int
    ) -> None:
        """Several consecutive batches in one vectored submission (the background writer's call)."""
        self._native.write(frames, log_position, index_entries, index_position, False)

    def mark_failed(self, log_position: int, index_position: int, error: Exception) -> None:
        """A background write failed: cut its bytes off so recovery never sees a half-written frame."""
        self._cut_back(log_position, index_position)
        self.failure = error

    def raise_if_failed(self) -> None:
        if self.failure is not None:
            raise background_write_failed(self.failure)

    def _cut_back(self, log_position: int, index_position: int) -> None:
        for fd, position in ((self._log_fd, log_position), (self._index_fd, index_position)):
            try:
                os.ftruncate(fd, position)
            except OSError:
                logger.exception("could not cut a failed append back to byte %d", position)

    def sync(self) -> None:
        # The log alone makes data durable (the index is rebuilt from it); syncing the index too keeps
        # restarts fast after a power loss.
        self._native.datasync()

    def trim(self, log_size_bytes: int) -> None:
        """Cut direct-I/O zero padding off the log, so a sealed file holds exactly its frames, byte for byte
        what the buffered writers store, and give back the blocks reserved past its end (a truncation to the
        same size frees them). A failure is only logged: recovery drops the padding as a torn tail, and
        unreturned blocks only cost disk space until the segment is deleted."""
        if self._direct_fd < 0 and not self._preallocating:
            return
        try:
            os.ftruncate(self._log_fd, log_size_bytes)
        except OSError:
            logger.exception("could not trim a segment log to its %d bytes", log_size_bytes)

    def close(self) -> None:
        if self._index_fd >= 0:
            os.close(self._index_fd)
            self._index_fd = -1
        self._close_direct()

    def _close_direct(self) -> None:
        if self._direct_fd >= 0:
            os.close(self._direct_fd)
            self._direct_fd = -1


def _open_direct(log_path: Path, io: IoResources) -> int:
    """The log opened again for O_DIRECT writes, or -1 when the filesystem refuses the flag (then direct
    I/O is turned off for every later segment, with one warning)."""
    try:
        return os.open(log_path, os.O_WRONLY | os.O_DIRECT)
    except OSError as error:
        if error.errno != errno.EINVAL:
            raise
        io.refuse_direct_io(f"{log_path.parent}: open with O_DIRECT: {error.strerror}")
        return -1


class AppendBuffer:
    """Bytes that only grow at the end (index entries, known 0.9 checksums), with spare capacity that doubles.

    ``bytearray +=`` grows a block by about an eighth, and glibc, once it keeps a block of this size on its heap,
    copies the whole block to grow it: at 17 MB of entries each 16 KB append (one 1 MB batch of 1 KB messages)
    cost 20-44 µs. Doubling copies each byte about once, but each doubling of a bytearray copies the whole block at
    once, on the event loop: 13-24 ms at 8 MB (a 1 MB batch of 1 KB messages, the 512th append of a segment).
    So from ``MAPPED_FROM_BYTES`` on, the block is an anonymous private map, which doubles by ``mremap`` (page tables
    move, bytes do not: 0.04 ms at 8 MB); its pages are only resident once written. Appends write into the spare
    capacity in place, so a view handed out earlier (``view``) stays valid: while one is alive a map cannot be
    moved, and the block is replaced by a copy instead, as it is when it is cut."""

    __slots__ = ("_block", "_used_bytes")

    # Below this a bytearray (copies are cheap, and a map per small segment would cost the process a mapping each).
    MAPPED_FROM_BYTES = 1 << 20

    def __init__(self, initial: bytearray | None = None) -> None:
        self._block: bytearray | mmap.mmap = bytearray() if initial is None else initial
        self._used_bytes = len(self._block)

    def __len__(self) -> int:
        return self._used_bytes

    @property
    def capacity_bytes(self) -> int:
        return len(self._block)

    def view(self) -> memoryview:
        """The bytes appended so far (a view: later appends go past its end, so it is not changed by them)."""
        return memoryview(self._block)[: self._used_bytes]

    def _reserve(self, extra_bytes: int) -> int:
        end = self._used_bytes + extra_bytes
        if end > len(self._block):
            capacity = max(end, 2 * len(self._block), 4096)
            if capacity < self.MAPPED_FROM_BYTES:
                self._replace(bytearray(capacity))
            elif isinstance(self._block, bytearray):
                self._replace(_anonymous_map(capacity))
            else:
                try:
                    self._block.resize(capacity)
                except BufferError:  # a view of it is alive: it must stay where it is
                    self._replace(_anonymous_map(capacity))
        return end

    def _replace(self, grown: bytearray | mmap.mmap) -> None:
        grown[: self._used_bytes] = self.view()
        self._block = grown

    def extend(self, data: bytes | bytearray | memoryview) -> None:
        with memoryview(data) as source:
            end = self._reserve(source.nbytes)
            self._block[self._used_bytes : end] = source
        self._used_bytes = end

    def extend_zeros(self, count_bytes: int) -> None:
        end = self._reserve(count_bytes)
        self._block[self._used_bytes : end] = bytes(count_bytes)
        self._used_bytes = end

    def drop_front(self, count_bytes: int) -> None:
        """Let go of the first ``count_bytes`` (into a block of the exact size left)."""
        self._block = bytearray(memoryview(self._block)[count_bytes : self._used_bytes])
        self._used_bytes = len(self._block)

    def shrink_to_fit(self) -> None:
        """Give back the spare capacity (a segment that stops growing)."""
        if len(self._block) > self._used_bytes:
            self._block = bytearray(self.view())


def _anonymous_map(size_bytes: int) -> mmap.mmap | bytearray:
    """Zero-filled memory of ``size_bytes`` that ``mremap`` can grow (private: never written to any file), or a
    bytearray where the process may not map more (``vm.max_map_count``, strict overcommit): the append still
    succeeds, paying the copy the map would have saved."""
    try:
        return mmap.mmap(-1, size_bytes, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    except OSError:
        return bytearray(size_bytes)


class Segment:
    """State of one segment; the partition owns and mutates it.

    Index entries in memory: ``_entries`` holds entries ``_memory_from`` … ``messages_count - 1``. A cached
    index has them all (``_memory_from`` 0); otherwise entries below ``_memory_from`` are read from the index
    file, and the active segment keeps in memory only those not yet known to be written there.

    Its descriptors count against ``io.segment_files``: an active segment pins them (log, index, O_DIRECT log);
    a sealed one opens its log (and its index file when the index is not cached) on demand and may have them
    closed again by the LRU."""

    def __init__(
        self,
        directory: Path,
        start_offset: int,
        log_fd: int,
        io: IoResources,
        *,
        size_bytes: int,
        entries: bytearray,
        file_entries: int = 0,
        file_last_timestamp_us: int = 0,
        index_fd: int = -1,
        cache_index: bool = True,
        cache_when_active: bool = True,
    ) -> None:
        """``entries``: the index entries after the ``file_entries`` first ones (all of them when cached)."""
        self.start_offset = start_offset
        self._io = io
        stem = segment_file_stem(start_offset)
        self.log_path = directory / f"{stem}{LOG_SUFFIX}"
        self.index_path = directory / f"{stem}{INDEX_SUFFIX}"
        self._log_fd = log_fd
        # A read-only descriptor of the index file, for lookups of a sealed segment whose index is not cached.
        self._index_fd = index_fd
        self._entries = AppendBuffer(entries)
        self._memory_from = file_entries
        self.messages_count = file_entries + len(entries) // INDEX_ENTRY_SIZE
        # Timestamp of entry `_memory_from - 1` (what max_timestamp_us answers when no entry is in memory).
        self._file_last_timestamp_us = file_last_timestamp_us
        # Keep every entry in memory while sealed (`all`) / while active (`all`, `open_segment`).
        self._cache_index = cache_index
        self._cache_when_active = cache_when_active
        self.size_bytes = size_bytes
        # Bytes of the index handed to the index file (or the write queue). A `written` append may leave its
        # entries to a later write (see append): the index file is derived from the log and rebuilt from it at
        # start-up.
        self.index_written_bytes = self.messages_count * INDEX_ENTRY_SIZE
        self.writer: SegmentWriter | None = None
        self._pinned_files = 0
        self.deleted = False
        # A read-only map of the log and a view of it (see :meth:`read`); views keep it alive after it is
        # dropped here.
        self._mapped_log: tuple[_native.MappedFile, memoryview] | None = None
        # What 0.9 appends told of their messages (the producer's checksum and deltas, see `known_v09`), entry i
        # for offset `_known_v09_start + i`; None until the first 0.9 append while active.
        self._known_v09: AppendBuffer | None = None
        self._known_v09_start = 0
        if log_fd >= 0:
            io.segment_files.opened_sealed(self, 1 + (index_fd >= 0))

    @property
    def log_fd(self) -> int:
        """The log's descriptor, reopened if the LRU closed it (sealed segments only)."""
        if self._log_fd < 0:
            if self.deleted:
                raise ValueError(f"segment {self.log_path} was deleted")
            self._log_fd = os.open(self.log_path, os.O_RDWR)
            self._io.segment_files.opened_sealed(self)
        elif self.writer is None:
            self._io.segment_files.used_sealed(self)
        return self._log_fd

    def _lookup_fd(self) -> int:
        """A descriptor of the index file for lookups: the writer's while active, else a read-only one (reopened
        if the LRU closed it)."""
        if self.writer is not None:
            return self.writer.fds[1]
        if self._index_fd < 0:
            if self.deleted:
                raise ValueError(f"segment {self.index_path} was deleted")
            self._index_fd = os.open(self.index_path, os.O_RDONLY)
            self._io.segment_files.opened_sealed(self)
        else:
            self._io.segment_files.used_sealed(self)
        return self._index_fd

    def evict_files(self) -> None:
        """Called by the budget's LRU: close the files of this sealed segment until its next read."""
        if self.writer is None:
            self._close_sealed_files()
            self._mapped_log = None  # bounded by the same budget as the descriptors

    def _close_sealed_files(self) -> None:
        for name in ("_log_fd", "_index_fd"):
            fd = getattr(self, name)
            if fd >= 0:
                os.close(fd)
                setattr(self, name, -1)

    @property
    def index_cached(self) -> bool:
        """Whether every index entry of the segment is in memory."""
        return self._memory_from == 0

    @property
    def index_entries_bytes(self) -> int:
        """Bytes of the index entries held in memory."""
        return len(self._entries)

    @property
    def index_memory_bytes(self) -> int:
        """Memory the index entries held and the known 0.9 checksums beside them take, spare capacity included."""
        known = 0 if self._known_v09 is None else self._known_v09.capacity_bytes
        return self._entries.capacity_bytes + known

    @property
    def keeps_known_v09(self) -> bool:
        """Whether appends should hand this segment their known 0.9 checksums: while it is active and its index
        entries stay in memory (``cache_indexes`` ``all`` or ``open_segment``), with the same 16 bytes a message
        as bound. With ``none`` a 0.9 poll hashes every message."""
        return self.writer is not None and self._cache_when_active

    @property
    def known_v09(self) -> tuple[memoryview, int] | None:
        """The 0.9 checksums known for this segment's messages and the offset of the first entry, for
        ``_native.poll_batches``: what 0.9 appends wrote (``convert_and_stamp_v09``'s ``known``), zeros for the
        messages of 0.8 appends after the first 0.9 one. A 0.9 poll sends a known checksum instead of hashing the
        message again. Dropped at seal: a sealed segment's messages are hashed when polled over 0.9."""
        return None if self._known_v09 is None else (self._known_v09.view(), self._known_v09_start)

    @property
    def end_offset(self) -> int:
        """Offset of the last message; ``start_offset - 1`` when empty."""
        return self.start_offset + self.messages_count - 1

    @property
    def max_timestamp_us(self) -> int:
        entries = self._entries.view()
        if not entries:
            return self._file_last_timestamp_us
        return _INDEX_ENTRY.unpack_from(entries, len(entries) - INDEX_ENTRY_SIZE)[2]

    # --- lookups ------------------------------------------------------------------------------------

    def lookup_offset(self, relative_start_offset: int, count: int) -> tuple[int, int, int, int] | None:
        """Up to ``count`` messages from relative offset ``relative_start_offset`` on: (first offset, log byte
        start, log byte end, messages), or None when there is none."""
        if not self._cache_when_active:
            self._release_written_entries()
        entries = self._entries.view()
        if not self._memory_from:
            span = _native.index_lookup_offset(entries, relative_start_offset, count)
            if span is None:
                return None
            first_entry, byte_start, byte_end, found = span
            first_relative = _INDEX_ENTRY.unpack_from(entries, first_entry * INDEX_ENTRY_SIZE)[0]
            return self.start_offset + first_relative, byte_start, byte_end, found
        file_span = _native.index_file_lookup_offset(
            self._lookup_fd(), self._memory_from, self._entries.view(), relative_start_offset, count
        )
        if file_span is None:
            return None
        _, first_relative, byte_start, byte_end, found = file_span
        return self.start_offset + first_relative, byte_start, byte_end, found

    def offset_at_timestamp(self, timestamp_us: int) -> int | None:
        """Offset of the first message whose timestamp is >= ``timestamp_us`` (None: no such message here)."""
        if not self._cache_when_active:
            self._release_written_entries()
        if not self._memory_from:
            entries = self._entries.view()
            span = _native.index_lookup_timestamp(entries, timestamp_us, 1)
            if span is None:
                return None
            return self.start_offset + _INDEX_ENTRY.unpack_from(entries, span[0] * INDEX_ENTRY_SIZE)[0]
        file_span = _native.index_file_lookup_timestamp(
            self._lookup_fd(), self._memory_from, self._entries.view(), timestamp_us, 1
        )
        return None if file_span is None else self.start_offset + file_span[1]

    def _release_written_entries(self) -> None:
        """With ``none``, the active segment keeps in memory only the entries not yet written to its index file:
        let go of those written since. Batches queued for the background writer (``memory`` durability) are
        written log and index together, so their entries are in the file once their log bytes are."""
        written_entries = self.index_written_bytes // INDEX_ENTRY_SIZE - self._memory_from
        writer = self.writer
        if writer is not None and writer.written_end_bytes < writer.queued_end_bytes:
            written_entries = min(written_entries, self._entries_ending_by(writer.written_end_bytes))
        if written_entries <= 0:
            return
        released = written_entries * INDEX_ENTRY_SIZE
        self._file_last_timestamp_us = _INDEX_ENTRY.unpack_from(self._entries.view(), released - INDEX_ENTRY_SIZE)[2]
        self._entries.drop_front(released)
        self._memory_from += written_entries

    def _entries_ending_by(self, log_position: int) -> int:
        """How many leading in-memory entries end at or before ``log_position`` (positions never decrease)."""
        with self._entries.view() as entries, entries.cast("I") as words:
            # Each 16-byte entry is 4 u32 words; the position is the second (little-endian, as the host).
            return bisect.bisect_right(range(len(words) // 4), log_position, key=lambda i: words[4 * i + 1])

    # --- appends ------------------------------------------------------------------------------------

    def activate(self) -> None:
        if self.writer is None:
            files = self._io.segment_files
            pinned = 3 if self._io.direct_io else 2
            files.pin(pinned)  # StorageError 3000 at the bound, before any file is opened
            try:
                log_fd = self.log_fd
                files.forget(self)  # pinned from now on, never evicted
                if self._index_fd >= 0:
                    os.close(self._index_fd)  # the writer opens its own
                    self._index_fd = -1
                self.writer = SegmentWriter(
                    log_fd, self.index_path, self._io, log_path=self.log_path, size_bytes=self.size_bytes
                )
            except BaseException:
                files.unpin(pinned)
                raise
            self._pinned_files = pinned

    def append(
        self,
        frames: memoryview,
        index_entries: memoryview,
        datasync: bool = False,
        background: bool = False,
        defer_index: bool = False,
        known_v09: bytearray | None = None,
    ) -> None:
        """Write the batch now, or (``background``, memory mode) queue it for the background writer.
        ``defer_index``: write the log alone while the index entries not yet written stay under
        ``INDEX_WRITE_BATCH_BYTES``, then all of them with the log; :meth:`flush_index` writes them sooner.
        ``known_v09``: a 0.9 append's known checksums (see :attr:`known_v09`), kept once the write went out."""
        assert self.writer is not None, "append to a sealed segment"
        index_bytes = self.messages_count * INDEX_ENTRY_SIZE
        unwritten_bytes = index_bytes + index_entries.nbytes - self.index_written_bytes
        if background:
            self.flush_index()
            self._io.write_queue.submit(self.writer, frames, self.size_bytes, index_entries, index_bytes)
            self.index_written_bytes = index_bytes + index_entries.nbytes
        elif defer_index and unwritten_bytes < INDEX_WRITE_BATCH_BYTES:
            self.writer.append(frames, self.size_bytes, [], self.index_written_bytes, False)
        else:
            position = self.index_written_bytes
            with self._entries.view() as entries, entries[position - self._memory_bytes :] as unwritten:
                self.writer.append(frames, self.size_bytes, [unwritten, index_entries], position, datasync)
            self.index_written_bytes = index_bytes + index_entries.nbytes
        self._entries.extend(index_entries)
        appended = index_entries.nbytes // INDEX_ENTRY_SIZE
        if known_v09 is not None:  # the partition hands them only to a segment that keeps them
            if self._known_v09 is None:
                self._known_v09 = AppendBuffer()
                self._known_v09_start = self.start_offset + self.messages_count
            self._known_v09.extend(known_v09)
        elif self._known_v09 is not None:  # a 0.8 append: nothing known, entry i stays offset start + i
            self._known_v09.extend_zeros(appended * KNOWN_V09_ENTRY_SIZE)
        self.messages_count += appended
        self.size_bytes += frames.nbytes
        if not self._cache_when_active:
            self._release_written_entries()

    def absorb(self, index_entries: bytes, frames_bytes: int, known_v09: bytes | None = None) -> None:
        """Batches the native send path wrote to the log itself (``_native.PartitionLane``): the bookkeeping
        :meth:`append` does after its write. Their index entries reach the file as deferred ones do.
        ``known_v09``: what 0.9 sends among them told of their messages, an entry each (zeros for 0.8 sends), for a
        segment that keeps them (``keeps_known_v09``)."""
        writer = self.writer
        assert writer is not None, "absorb into a sealed segment"
        appended = len(index_entries) // INDEX_ENTRY_SIZE
        if known_v09 is not None:
            if self._known_v09 is None:
                self._known_v09 = AppendBuffer()
                self._known_v09_start = self.start_offset + self.messages_count
            self._known_v09.extend(known_v09)
        elif self._known_v09 is not None:  # 0.8 appends: nothing known
            self._known_v09.extend_zeros(appended * KNOWN_V09_ENTRY_SIZE)
        self._entries.extend(index_entries)
        self.messages_count += appended
        self.size_bytes += frames_bytes
        writer.written_end_bytes = writer.queued_end_bytes = self.size_bytes
        if self.messages_count * INDEX_ENTRY_SIZE - self.index_written_bytes >= INDEX_WRITE_BATCH_BYTES:
            self.flush_index()
        if not self._cache_when_active:
            self._release_written_entries()

    @property
    def _memory_bytes(self) -> int:
        """Index bytes before the first entry held in memory."""
        return self._memory_from * INDEX_ENTRY_SIZE

    def flush_index(self) -> None:
        """Write the index entries that appends left to it. A failure is logged and retried at the next flush:
        the log holds every message, and start-up rebuilds an index that does not match its log."""
        index_bytes = self.messages_count * INDEX_ENTRY_SIZE
        if self.writer is None or self.index_written_bytes >= index_bytes:
            return
        try:
            position = self.index_written_bytes
            with self._entries.view() as entries, entries[position - self._memory_bytes :] as unwritten:
                self.writer.write_index(unwritten, position)
        except OSError:
            logger.exception("could not write the index of %s; it is rebuilt from the log at start-up", self.log_path)
            return
        self.index_written_bytes = index_bytes

    @property
    def has_unwritten(self) -> bool:
        """Whether batches of this segment are still queued for the background writer."""
        return self.writer is not None and self.writer.written_end_bytes < self.writer.queued_end_bytes

    def drain(self, position: int | None = None) -> None:
        """Block until queued batches (up to log byte ``position``) are written; StorageError if one failed."""
        if self.writer is None:
            return
        if self.writer.written_end_bytes < (self.writer.queued_end_bytes if position is None else position):
            self._io.write_queue.drain(self.writer, position)
        self.writer.raise_if_failed()

    def read(self, byte_start: int, byte_end: int) -> memoryview | bytes:
        """The log bytes ``[byte_start, byte_end)``. Bytes still queued for the background writer are
        waited for (the event loop awaits :meth:`PartitionLog.wait_readable` first, so this only blocks
        elsewhere).

        With ``system.io.mmap_reads`` (default): a read-only view of a map of the log file, so a poll
        costs no copy into user memory (the page cache is hashed and sent from where it is). The map
        covers the file as it was when mapped; a read past it maps the file again (the old map lives on
        while views of it do). Otherwise, or if mapping fails: a view of a pooled buffer filled by
        ``preadv`` (back to the pool once its last view is gone), or ``bytes`` when the pool cannot serve
        the size right now.

        Every mapped read is first faulted in with ``MADV_POPULATE_READ``: a range the kernel cannot read
        (a disk I/O error, a log truncated by hand below it) then fails that call, and the read falls back
        to ``preadv``, which reports the error, instead of the process dying of SIGBUS when the transport
        touches the page. A view's pages could only become unreadable later if the file shrank under it,
        and nothing of the server's does that: logs are truncated at start-up recovery, after a failed
        background write (bytes past every index entry) and at seal (direct I/O padding past the logical
        end); deletion unlinks, which maps survive.
        """
        if self.writer is not None and self.writer.written_end_bytes < byte_end:
            self.drain(byte_end)
        if self._io.mmap_reads:
            mapped = self._mapped_log
            if mapped is None or len(mapped[0]) < byte_end:
                mapped = self._map_log(byte_end)
            if mapped is not None:
                try:
                    mapped[0].populate(byte_start, byte_end - byte_start)
                except OSError as exc:  # unreadable (the preadv below reports how) or no MADV_POPULATE_READ
                    self._io.note_map_failure(self.log_path, exc)
                else:
                    return mapped[1][byte_start:byte_end]
        size_bytes = byte_end - byte_start
        buffer = self._io.acquire_for_read(size_bytes)
        if buffer is None:
            return read_fully(self.log_fd, size_bytes, byte_start)
        view = memoryview(buffer)
        buffer.release()  # deferred by the pool until `view` (and slices of it) are released
        read_into_fully(self.log_fd, view, byte_start)
        return view

    def _map_log(self, byte_end: int) -> tuple[_native.MappedFile, memoryview] | None:
        """Map the whole log file as it is now (None if that fails: the read falls back to ``preadv``)."""
        fd = self.log_fd
        try:
            size_bytes = os.fstat(fd).st_size
            if size_bytes < byte_end:
                return None  # the file is shorter than the index says: preadv reports it
            mapped_file = _native.MappedFile(fd, size_bytes)
        except (OSError, ValueError) as exc:
            self._io.note_map_failure(self.log_path, exc)
            return None
        self._mapped_log = (mapped_file, memoryview(mapped_file))
        return self._mapped_log

    def sync(self) -> None:
        if self.writer is not None:
            self._drain_quietly()
            self.flush_index()
            self.writer.sync()
        else:
            _native.fdatasync_fds([self.log_fd])

    def _drain_quietly(self) -> None:
        """Wait for queued batches; a failed one was logged and is reported by appends and reads."""
        try:
            self.drain()
        except StorageError:
            pass

    def seal(self, fsync: bool) -> None:
        self._known_v09 = None
        self._entries.shrink_to_fit()  # a sealed segment's entries no longer grow
        if self.writer is not None:
            self._drain_quietly()  # the writer thread must be done with the descriptors before they close
            self.flush_index()
            self.writer.trim(self.size_bytes)  # before the sync, so the final size is what gets synced
        if fsync:
            self.sync()
        if self.writer is not None:
            whole_index_written = self.index_written_bytes >= self.messages_count * INDEX_ENTRY_SIZE
            if not self._cache_index and self.writer.failure is None and whole_index_written:
                # The index file now holds every entry (flushed above): lookups read it from here on.
                self._file_last_timestamp_us = self.max_timestamp_us
                self._memory_from = self.messages_count
                self._entries = AppendBuffer()
            self.writer.close()
            self.writer = None
            files = self._io.segment_files
            files.unpin(self._pinned_files)
            self._pinned_files = 0
            if self._log_fd >= 0:
                files.opened_sealed(self)  # still open, now evictable

    def close(self) -> None:
        self.seal(fsync=False)
        self._mapped_log = None
        self._io.segment_files.forget(self)
        self._close_sealed_files()

    def delete_files(self) -> None:
        self.close()
        self.deleted = True
        for path in (self.log_path, self.index_path):
            path.unlink(missing_ok=True)


def create_segment(
    directory: Path, start_offset: int, fsync: bool, io: IoResources, cache_index: bool, cache_when_active: bool
) -> Segment:
    stem = segment_file_stem(start_offset)
    log_fd = os.open(directory / f"{stem}{LOG_SUFFIX}", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    segment = Segment(
        directory,
        start_offset,
        log_fd,
        io,
        size_bytes=0,
        entries=bytearray(),
        cache_index=cache_index,
        cache_when_active=cache_when_active,
    )
    try:
        os.close(os.open(segment.index_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644))
        segment.activate()
    except BaseException:
        segment.close()
        raise
    if fsync:
        fsync_directory(directory)
    return segment


def open_segment(
    directory: Path,
    start_offset: int,
    full_scan: bool,
    io: IoResources,
    cache_index: bool,
    cache_when_active: bool,
) -> Segment:
    """Open an existing segment. With ``full_scan`` (always for the newest segment) the log is walked
    and verified, a torn or corrupt tail is cut off and the index file is rewritten if it disagrees;
    otherwise the index file is trusted when it is consistent with the log size: its first and last entries
    are checked, and the rest is read only when the index is cached (``cache_index``)."""
    stem = segment_file_stem(start_offset)
    log_path = directory / f"{stem}{LOG_SUFFIX}"
    index_path = directory / f"{stem}{INDEX_SUFFIX}"
    kept_in_memory = cache_index or (full_scan and cache_when_active)
    log_fd = os.open(log_path, os.O_RDWR)
    index_fd = -1
    try:
        log_size_bytes = os.fstat(log_fd).st_size
        if not full_scan:
            index_fd = _open_index(index_path)
            bounds = _index_bounds(index_fd, log_size_bytes) if index_fd >= 0 else None
            if bounds is not None:
                entries_count, last_timestamp_us = bounds
                if not kept_in_memory:
                    return Segment(
                        directory, start_offset, log_fd, io, size_bytes=log_size_bytes, entries=bytearray(),
                        file_entries=entries_count, file_last_timestamp_us=last_timestamp_us, index_fd=index_fd,
                        cache_index=cache_index, cache_when_active=cache_when_active,
                    )
                stored = read_fully(index_fd, entries_count * INDEX_ENTRY_SIZE, 0)
                os.close(index_fd)
                index_fd = -1
                return Segment(
                    directory, start_offset, log_fd, io, size_bytes=log_size_bytes, entries=bytearray(stored),
                    cache_index=cache_index, cache_when_active=cache_when_active,
                )
            if index_fd >= 0:
                os.close(index_fd)
                index_fd = -1
        stored_index = index_path.read_bytes() if index_path.exists() else b""
        valid_bytes, rebuilt_index = _scan(log_fd, log_size_bytes, start_offset, log_path)
        if valid_bytes < log_size_bytes:
            os.ftruncate(log_fd, valid_bytes)
            os.fsync(log_fd)
        if rebuilt_index != stored_index:
            _rewrite_index(index_path, rebuilt_index)
        if kept_in_memory or not rebuilt_index:
            return Segment(
                directory, start_offset, log_fd, io, size_bytes=valid_bytes, entries=bytearray(rebuilt_index),
                cache_index=cache_index, cache_when_active=cache_when_active,
            )
        entries_count = len(rebuilt_index) // INDEX_ENTRY_SIZE
        last_timestamp_us = _INDEX_ENTRY.unpack_from(rebuilt_index, len(rebuilt_index) - INDEX_ENTRY_SIZE)[2]
        index_fd = -1 if full_scan else os.open(index_path, os.O_RDONLY)  # the newest becomes active at once
        return Segment(
            directory, start_offset, log_fd, io, size_bytes=valid_bytes, entries=bytearray(),
            file_entries=entries_count, file_last_timestamp_us=last_timestamp_us, index_fd=index_fd,
            cache_index=cache_index, cache_when_active=cache_when_active,
        )
    except BaseException:
        for fd in (log_fd, index_fd):
            if fd >= 0:
                os.close(fd)
        raise


def _open_index(index_path: Path) -> int:
    try:
        return os.open(index_path, os.O_RDONLY)
    except FileNotFoundError:
        return -1


def _index_bounds(index_fd: int, log_size_bytes: int) -> tuple[int, int] | None:
    """(entries, last timestamp) when the index file is consistent with a log of ``log_size_bytes``: whole
    entries, the first at relative offset 0, the last at ``entries - 1`` ending at the log's end. Reads those two
    entries only; None when it is not consistent (the log is then scanned)."""
    index_size_bytes = os.fstat(index_fd).st_size
    if not index_size_bytes or index_size_bytes % INDEX_ENTRY_SIZE:
        return None
    count = index_size_bytes // INDEX_ENTRY_SIZE
    first = os.pread(index_fd, INDEX_ENTRY_SIZE, 0)
    last = os.pread(index_fd, INDEX_ENTRY_SIZE, index_size_bytes - INDEX_ENTRY_SIZE)
    if len(first) < INDEX_ENTRY_SIZE or len(last) < INDEX_ENTRY_SIZE:
        return None
    first_relative, _, _ = _INDEX_ENTRY.unpack(first)
    last_relative, last_position, last_timestamp_us = _INDEX_ENTRY.unpack(last)
    if first_relative != 0 or last_relative != count - 1 or last_position != log_size_bytes:
        return None
    return count, last_timestamp_us


def _scan(log_fd: int, log_size_bytes: int, start_offset: int, log_path: Path) -> tuple[int, bytes]:
    if log_size_bytes == 0:
        return 0, b""
    with mmap.mmap(log_fd, log_size_bytes, access=mmap.ACCESS_READ) as mapped:
        valid_bytes, _, rebuilt_index, _, stop_reason = _native.scan_segment(mapped, start_offset)
        padding = _is_direct_io_padding(mapped, valid_bytes)
    if padding:
        logger.info("segment %s: dropping %d bytes of direct-I/O zero padding", log_path, log_size_bytes - valid_bytes)
    elif stop_reason is not None:
        logger.warning(
            "segment %s: keeping the first %d of %d bytes (%s)", log_path, valid_bytes, log_size_bytes, stop_reason
        )
    return valid_bytes, rebuilt_index


def _is_direct_io_padding(log: mmap.mmap, valid_bytes: int) -> bool:
    """Whether everything after ``valid_bytes`` is the zero fill of a direct-I/O segment that was not
    closed: less than one block of zeros, ending on a block boundary."""
    tail = len(log) - valid_bytes
    align = _native.DIRECT_IO_ALIGN_BYTES
    return 0 < tail < align and len(log) % align == 0 and log[valid_bytes:].count(0) == tail


def _rewrite_index(index_path: Path, index: bytes) -> None:
    temporary = index_path.with_suffix(INDEX_SUFFIX + ".tmp")
    with open(temporary, "wb") as file:
        file.write(index)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, index_path)
