"""The storage layer's shared I/O resources: one :class:`IoResources` per server, passed to every partition.

Built from the typed :class:`~iggy_server.config.IoConfig` (``[system.memory_pool] size_bytes``,
``[system.io] writer``, ``direct_io``, ``mmap_reads``, ``write_queue_bytes``, ``memory_writes``,
``max_open_segment_files``, ``preallocate_max_bytes``); everything it holds is observable through
:meth:`IoResources.stats` (logged by the server, GetStats' hot-path block).

* ``pool`` — the :class:`iggy_server._native.BufferPool`: request payloads are received into its buffers
  (and, without ``mmap_reads``, polls read segment bytes into them), so neither allocates on the steady path.
* ``writer_backend`` — ``"io_uring"`` or ``"pwritev"``: what segment writers use, resolved once from the
  requested mode (``auto`` picks io_uring when a NOP round trip works).
* ``write_queue`` — the :class:`~.write_queue.WriteQueue` of ``memory`` durability (batches acknowledged
  from memory and written by a background thread, or by the event loop with ``memory_writes = "loop"``),
  bounded by ``write_queue_bytes``.
* ``segment_files`` — the bound on open segment files (:mod:`.open_files`).
* ``sync_executor`` — the worker threads of group commit's fdatasyncs (:mod:`.durability`).
* ``preallocate_max_bytes`` — how far segment writers reserve log blocks ahead (``system.io``), or 0 when the
  filesystem of ``data_path`` cannot reserve (probed at construction; warned once).
* ``direct_io`` — whether new segment writers write the log through an O_DIRECT descriptor: requested and
  not refused by the filesystem (probed at construction in ``data_path``; a refusal later, when a segment is
  opened, also turns it off). A refusal is logged once and writes stay buffered.

No module state: two servers (or tests) in one process each have their own resources.
"""

from __future__ import annotations

import errno
import logging
import mmap
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from iggy_server import _native
from iggy_server.config import IoConfig
from iggy_server.storage.open_files import SegmentFileBudget, default_limit
from iggy_server.storage.write_queue import WriteQueue

WRITER_MODES = ("auto", "io_uring", "pwritev")
# fdatasyncs of different partitions may run in parallel; more threads than this only queue in the device.
SYNC_THREADS = 4

logger = logging.getLogger(__name__)


class IoResources:
    """Buffer pool, writer backend, direct I/O state, write queue, file budget and fsync workers."""

    def __init__(self, config: IoConfig = IoConfig()) -> None:
        """``writer="io_uring"`` raises OSError when io_uring does not work. With ``direct_io`` and a
        ``data_path`` (an existing directory) an aligned O_DIRECT write is probed there now; a refusal
        falls back to buffered writes with one warning."""
        if config.writer not in WRITER_MODES:
            raise ValueError(f"writer must be one of {', '.join(WRITER_MODES)}, got {config.writer!r}")
        self.config = config
        self.pool = _native.BufferPool(config.pool_size_bytes)
        self.write_queue = WriteQueue(config.write_queue_bytes, on_loop=config.memory_writes == "loop")
        self.segment_files = SegmentFileBudget(config.max_open_segment_files or default_limit())
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._direct_io_requested = config.direct_io
        # Why O_DIRECT is not used although requested ("" while it is, or was not requested).
        self._direct_io_refusal = ""
        # Why blocks are not reserved ahead of appends although configured ("" while they are).
        self._preallocation_refusal = ""
        # Reads and receives that could not use a pooled buffer (too large, or the pool was full).
        self.counters = {"read_fallbacks": 0, "receive_fallbacks": 0, "map_failures": 0}
        # Polls read through maps of the logs (config), unless the kernel turned out not to support it.
        self.mmap_reads = config.mmap_reads
        # Whether `written` partitions open with a lane (``_native.PartitionLane``) the native send path appends
        # through (the server sets it from ``tcp.native_send_connections`` before it opens any partition), and
        # the partitions that have one, by lane id, for :meth:`catch_up`.
        self.send_lanes = False
        # The TCP listener's native send path (``_native.DataPlane``) while it runs, else None.
        self.data_plane: Any = None
        self.dirty_lanes = _native.DirtyLanes()
        self.lane_logs: dict[int, Any] = {}
        available, _ = _native.io_uring_status()
        if config.writer == "io_uring" and not available:
            raise OSError(f"io_uring requested but unavailable: {_native.io_uring_status()[1]}")
        self.writer_backend = "io_uring" if available and config.writer != "pwritev" else "pwritev"
        if config.direct_io and config.data_path is not None:
            refusal = _probe_direct_io(Path(config.data_path))
            if refusal:
                self.refuse_direct_io(refusal)
        if config.preallocate_max_bytes > 0 and config.data_path is not None:
            self._preallocation_refusal = _probe_preallocation(Path(config.data_path))
            if self._preallocation_refusal:
                logger.warning(
                    "system.io.preallocate_max_bytes: blocks cannot be reserved ahead of appends (%s); "
                    "segment logs are allocated as written",
                    self._preallocation_refusal,
                )

    def catch_up(self) -> None:
        """Bring every partition the native send path appended to up to date (its entries, counts and ends):
        the event loop calls this before it serves a request or looks at partitions, so what it reads is never
        older than the request. One atomic load while nothing was appended."""
        if not self.dirty_lanes.any:
            return
        lane_logs = self.lane_logs
        for lane_id in self.dirty_lanes.take():
            log = lane_logs.get(lane_id)
            if log is not None:
                log.catch_up()

    @property
    def sync_executor(self) -> ThreadPoolExecutor:
        """Threads for group commit's fdatasyncs, started on the first durable sync."""
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=SYNC_THREADS, thread_name_prefix="iggy-fsync")
            return self._executor

    def close(self) -> None:
        """End the writer thread (after writing what is queued) and the fsync workers; call after the
        partitions are closed. Idempotent."""
        self.write_queue.close()
        with self._lock:
            executor = self._executor
        if executor is not None:
            executor.shutdown(wait=True)

    @property
    def direct_io(self) -> bool:
        """Whether new segment writers should open the log with O_DIRECT."""
        return self._direct_io_requested and not self._direct_io_refusal

    @property
    def preallocate_max_bytes(self) -> int:
        """How far new segment writers reserve log blocks ahead of their appends (0: not at all)."""
        return 0 if self._preallocation_refusal else self.config.preallocate_max_bytes

    def refuse_direct_io(self, reason: str) -> None:
        """The filesystem refused O_DIRECT: writes stay buffered from now on (warned once)."""
        with self._lock:
            if self._direct_io_refusal or not self._direct_io_requested:
                return
            self._direct_io_refusal = reason
        logger.warning("system.io.direct_io: O_DIRECT unavailable, segment logs are written buffered (%s)", reason)

    def io_status(self) -> dict[str, Any]:
        available, reason = _native.io_uring_status()
        return {
            "requested": self.config.writer,
            "writer": self.writer_backend,
            "io_uring_available": available,
            "io_uring_reason": reason,
            "direct_io": self.direct_io,
            "direct_io_reason": self._direct_io_refusal,
            "preallocate_max_bytes": self.preallocate_max_bytes,
            "preallocation_reason": self._preallocation_refusal,
        }

    def note_map_failure(self, path: Path, error: Exception) -> None:
        """A segment log could not be mapped or read through its map (``mmap_reads``): that read uses
        ``preadv`` instead. Counted; logged at the first failure only, so a failing disk cannot flood the
        log. A kernel without ``MADV_POPULATE_READ`` (EINVAL, before Linux 5.14) turns mapped reads off."""
        self.counters["map_failures"] += 1
        unsupported = isinstance(error, OSError) and error.errno == errno.EINVAL
        if unsupported:
            self.mmap_reads = False
        if self.counters["map_failures"] == 1 or unsupported:
            logger.warning(
                "system.io.mmap_reads: %s could not be read through a map (%s); reading %s with preadv",
                path,
                error,
                "every segment" if unsupported else "it",
            )

    def acquire_for_read(self, size_bytes: int) -> _native.PooledBuffer | None:
        """A pooled buffer of ``size_bytes`` for a segment read, or None (caller falls back to bytes)."""
        return self._acquire(size_bytes, "read_fallbacks")

    def acquire_for_receive(self, size_bytes: int) -> _native.PooledBuffer | None:
        """A pooled buffer for a request payload, or None (caller uses a bytearray; counted)."""
        return self._acquire(size_bytes, "receive_fallbacks")

    def _acquire(self, size_bytes: int, fallback_counter: str) -> _native.PooledBuffer | None:
        try:
            buffer = self.pool.try_acquire(size_bytes)
        except ValueError:  # larger than any pooled class
            buffer = None
        if buffer is None:
            self.counters[fallback_counter] += 1
        return buffer

    def stats(self) -> dict[str, Any]:
        """Pool counters (``pool_*``: hits, misses, in_use_bytes, reserved_bytes, capacity_bytes, …),
        writer backend, io_uring availability and fallback counters, 0.9 conversions in parts or whole, flat
        for logging."""
        stats: dict[str, Any] = {f"pool_{key}": value for key, value in self.pool.stats().items()}
        stats.update(self.io_status())
        stats.update(self.counters)
        # 0.9 conversions of 256 KiB or more: on two threads (a lone client's) or on the loop alone.
        stats["conversions_in_parts"], stats["conversions_kept_whole"] = _native.conversion_parts_stats()
        queue, files = self.write_queue, self.segment_files
        stats.update(
            open_segment_files=files.open_files,
            open_segment_files_limit=files.limit,
            segment_file_evictions=files.evictions,
            write_queue_bytes=queue.queued_bytes,
            background_submissions=queue.submissions,
            background_batches=queue.batches_written,
        )
        plane = self.data_plane
        if plane is not None:
            served, _, _, handed_back, _, polls, _ = plane.stats()
            stats.update(
                native_sends=served,
                native_send_handbacks=handed_back,
                native_send_threads=plane.threads,
                native_polls=polls,
            )
        return stats


def _refusal(directory: Path, error: OSError) -> str:
    """Why a start-up probe in ``directory`` failed, with the errno's name (what operators search for)."""
    return f"{directory}: {error.strerror or error} ({errno.errorcode.get(error.errno or 0, error.errno)})"


def _probe_preallocation(directory: Path) -> str:
    """"" when a segment writer can reserve blocks ahead of an append in ``directory``, else why not (one
    append to a scratch file, through the same native call the segments use)."""
    probe = directory / f".preallocation-probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            writer = _native.SegmentFileWriter(fd, fd, "pwritev", preallocate_max_bytes=64 * 1024)
            writer.write([b"\0"], 0, [], 0)
            if not writer.preallocates:
                return f"{directory}: fallocate(FALLOC_FL_KEEP_SIZE) is not supported"
        finally:
            os.close(fd)
    except OSError as error:
        return _refusal(directory, error)
    finally:
        probe.unlink(missing_ok=True)
    return ""


def _probe_direct_io(directory: Path) -> str:
    """"" when one aligned O_DIRECT block write works in ``directory``, else why not. Opening is not
    enough: some filesystems accept the flag and refuse the write, and a device whose logical blocks
    exceed 4 KiB refuses our alignment here rather than on the first append."""
    probe = directory / f".direct-io-probe-{os.getpid()}"
    block = mmap.mmap(-1, _native.DIRECT_IO_ALIGN_BYTES)  # anonymous maps are page aligned
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_DIRECT, 0o600)
        try:
            os.pwritev(fd, [block], 0)
        finally:
            os.close(fd)
    except OSError as error:
        return _refusal(directory, error)
    finally:
        block.close()
        probe.unlink(missing_ok=True)
    return ""
