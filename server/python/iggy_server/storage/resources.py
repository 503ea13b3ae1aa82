"""Process-wide hot-path resources: the buffer pool and the segment writer backend.

The server calls :func:`configure` once at start-up (``[system.memory_pool] size_bytes``,
``[system.io] writer`` and ``direct_io``); code that runs without it (tests, tools) gets the defaults.
Everything here is observable through :func:`hot_path_stats` (logged by the server; see server/README.md).

* ``pool()`` — the :class:`iggy_server._native.BufferPool`: request payloads are received into its
  buffers and polls read segment bytes into them, so neither allocates on the steady path.
* ``writer_backend()`` — ``"io_uring"`` or ``"pwritev"``: what :class:`SegmentWriter` instances use,
  resolved once from the requested mode (``auto`` picks io_uring when a NOP round trip works).
* ``write_queue()`` — the :class:`~.write_queue.WriteQueue` of ``memory`` durability (batches acknowledged
  from memory and written by a background thread), bounded by ``[system.io] write_queue_bytes``.
* ``direct_io()`` — whether new segment writers write the log through an O_DIRECT descriptor: requested
  by ``direct_io`` and not refused by the filesystem (probed at start in the data directory; a refusal
  later, when a segment is opened, also turns it off). A refusal is logged once and writes stay buffered.
"""

from __future__ import annotations

import errno
import logging
import mmap
import os
import threading
from pathlib import Path
from typing import Any

from iggy_server import _native
from iggy_server.storage.open_files import SegmentFileBudget, default_limit
from iggy_server.storage.write_queue import DEFAULT_LIMIT_BYTES as DEFAULT_WRITE_QUEUE_BYTES, WriteQueue

MIB = 1024 * 1024
DEFAULT_POOL_BYTES = 512 * MIB
WRITER_MODES = ("auto", "io_uring", "pwritev")

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_pool: _native.BufferPool | None = None
_write_queue: WriteQueue | None = None
_segment_files: SegmentFileBudget | None = None
_requested_writer = "auto"
_resolved_writer: str | None = None
_direct_io_requested = False
# Why O_DIRECT is not used although requested ("" while it is, or was not requested).
_direct_io_refusal = ""
# Reads that could not use a pooled buffer (too large, or the pool was full) and fell back to bytes.
_counters = {"read_fallbacks": 0, "receive_fallbacks": 0}


def configure(
    pool_size_bytes: int = DEFAULT_POOL_BYTES,
    writer: str = "auto",
    direct_io: bool = False,
    data_path: str | os.PathLike[str] | None = None,
    write_queue_bytes: int = DEFAULT_WRITE_QUEUE_BYTES,
    max_open_segment_files: int = 0,
) -> dict[str, Any]:
    """Set the pool capacity, writer mode and direct I/O (call before any partition is opened); returns
    the resolved :func:`io_status`. ``writer="io_uring"`` raises OSError when io_uring does not work.
    With ``direct_io`` and a ``data_path`` (an existing directory), an aligned O_DIRECT write is probed
    there now; a refusal falls back to buffered writes with one warning. ``max_open_segment_files``: the
    bound of :func:`segment_files` (0 = half the process's descriptor limit)."""
    global _pool, _requested_writer, _resolved_writer, _direct_io_requested, _direct_io_refusal, _write_queue
    global _segment_files
    if writer not in WRITER_MODES:
        raise ValueError(f"writer must be one of {', '.join(WRITER_MODES)}, got {writer!r}")
    with _lock:
        _pool = _native.BufferPool(pool_size_bytes)
        if _write_queue is None or _write_queue.queued_bytes == 0:  # never swap a queue that holds batches
            _write_queue = WriteQueue(write_queue_bytes)
        if _segment_files is None or _segment_files.open_files == 0:  # never while segments hold files
            _segment_files = SegmentFileBudget(max_open_segment_files or default_limit())
        _requested_writer = writer
        _resolved_writer = None
        _direct_io_requested = direct_io
        _direct_io_refusal = ""
    if direct_io and data_path is not None:
        refusal = _probe_direct_io(Path(data_path))
        if refusal:
            refuse_direct_io(refusal)
    status = io_status()
    if status["requested"] != status["writer"]:
        logger.info("segment writer: %s (io_uring unavailable: %s)", status["writer"], status["io_uring_reason"])
    return status


def pool() -> _native.BufferPool:
    global _pool
    if _pool is None:
        with _lock:
            if _pool is None:
                _pool = _native.BufferPool(DEFAULT_POOL_BYTES)
    return _pool


def write_queue() -> WriteQueue:
    global _write_queue
    if _write_queue is None:
        with _lock:
            if _write_queue is None:
                _write_queue = WriteQueue(DEFAULT_WRITE_QUEUE_BYTES)
    return _write_queue


def segment_files() -> SegmentFileBudget:
    """The bound on open segment files (pinned by active segments, LRU for sealed ones)."""
    global _segment_files
    if _segment_files is None:
        with _lock:
            if _segment_files is None:
                _segment_files = SegmentFileBudget(default_limit())
    return _segment_files


def writer_backend() -> str:
    """The backend every new SegmentWriter uses ("io_uring" or "pwritev")."""
    global _resolved_writer
    if _resolved_writer is None:
        available, _ = _native.io_uring_status()
        if _requested_writer == "io_uring" and not available:
            raise OSError(f"io_uring requested but unavailable: {_native.io_uring_status()[1]}")
        _resolved_writer = "io_uring" if available and _requested_writer != "pwritev" else "pwritev"
    return _resolved_writer


def direct_io() -> bool:
    """Whether new segment writers should open the log with O_DIRECT."""
    return _direct_io_requested and not _direct_io_refusal


def refuse_direct_io(reason: str) -> None:
    """The filesystem refused O_DIRECT: writes stay buffered from now on (warned once per process)."""
    global _direct_io_refusal
    with _lock:
        if _direct_io_refusal or not _direct_io_requested:
            return
        _direct_io_refusal = reason
    logger.warning("system.io.direct_io: O_DIRECT unavailable, segment logs are written buffered (%s)", reason)


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
        return f"{directory}: {error.strerror or error} ({errno.errorcode.get(error.errno or 0, error.errno)})"
    finally:
        block.close()
        probe.unlink(missing_ok=True)
    return ""


def io_status() -> dict[str, Any]:
    available, reason = _native.io_uring_status()
    return {
        "requested": _requested_writer,
        "writer": writer_backend(),
        "io_uring_available": available,
        "io_uring_reason": reason,
        "direct_io": direct_io(),
        "direct_io_reason": _direct_io_refusal,
    }


def count(counter: str) -> None:
    _counters[counter] += 1


def acquire_for_read(size_bytes: int) -> _native.PooledBuffer | None:
    """A pooled buffer of ``size_bytes`` for a segment read, or None (caller falls back to bytes)."""
    try:
        buffer = pool().try_acquire(size_bytes)
    except ValueError:  # larger than any pooled class
        buffer = None
    if buffer is None:
        _counters["read_fallbacks"] += 1
    return buffer


def acquire_for_receive(size_bytes: int) -> _native.PooledBuffer | None:
    """A pooled buffer for a request payload, or None (caller uses a bytearray; counted)."""
    try:
        buffer = pool().try_acquire(size_bytes)
    except ValueError:
        buffer = None
    if buffer is None:
        _counters["receive_fallbacks"] += 1
    return buffer


def hot_path_stats() -> dict[str, Any]:
    """Pool counters (``pool_*``: hits, misses, in_use_bytes, reserved_bytes, capacity_bytes, …),
    writer backend, io_uring availability and fallback counters, flat for logging."""
    stats: dict[str, Any] = {f"pool_{key}": value for key, value in pool().stats().items()}
    stats.update(io_status())
    stats.update(_counters)
    queue = write_queue()
    files = segment_files()
    stats.update(
        open_segment_files=files.open_files,
        open_segment_files_limit=files.limit,
        segment_file_evictions=files.evictions,
        write_queue_bytes=queue.queued_bytes,
        background_submissions=queue.submissions,
        background_batches=queue.batches_written,
    )
    return stats
