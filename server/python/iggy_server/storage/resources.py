"""Process-wide hot-path resources: the buffer pool and the segment writer backend.

The server calls :func:`configure` once at start-up (``[system.memory_pool] size_bytes``,
``[system.io] writer``); code that runs without it (tests, tools) gets the defaults. Everything
here is observable through :func:`hot_path_stats` (logged by the server; see server/README.md).

* ``pool()`` — the :class:`iggy_server._native.BufferPool`: request payloads are received into its
  buffers and polls read segment bytes into them, so neither allocates on the steady path.
* ``writer_backend()`` — ``"io_uring"`` or ``"pwritev"``: what :class:`SegmentWriter` instances use,
  resolved once from the requested mode (``auto`` picks io_uring when a NOP round trip works).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from iggy_server import _native

MIB = 1024 * 1024
DEFAULT_POOL_BYTES = 512 * MIB
WRITER_MODES = ("auto", "io_uring", "pwritev")

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_pool: _native.BufferPool | None = None
_requested_writer = "auto"
_resolved_writer: str | None = None
# Reads that could not use a pooled buffer (too large, or the pool was full) and fell back to bytes.
_counters = {"read_fallbacks": 0, "receive_fallbacks": 0}


def configure(pool_size_bytes: int = DEFAULT_POOL_BYTES, writer: str = "auto") -> dict[str, Any]:
    """Set the pool capacity and writer mode (call before any partition is opened); returns the
    resolved :func:`io_status`. ``writer="io_uring"`` raises OSError when io_uring does not work."""
    global _pool, _requested_writer, _resolved_writer
    if writer not in WRITER_MODES:
        raise ValueError(f"writer must be one of {', '.join(WRITER_MODES)}, got {writer!r}")
    with _lock:
        _pool = _native.BufferPool(pool_size_bytes)
        _requested_writer = writer
        _resolved_writer = None
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


def writer_backend() -> str:
    """The backend every new SegmentWriter uses ("io_uring" or "pwritev")."""
    global _resolved_writer
    if _resolved_writer is None:
        available, _ = _native.io_uring_status()
        if _requested_writer == "io_uring" and not available:
            raise OSError(f"io_uring requested but unavailable: {_native.io_uring_status()[1]}")
        _resolved_writer = "io_uring" if available and _requested_writer != "pwritev" else "pwritev"
    return _resolved_writer


def io_status() -> dict[str, Any]:
    available, reason = _native.io_uring_status()
    return {
        "requested": _requested_writer,
        "writer": writer_backend(),
        "io_uring_available": available,
        "io_uring_reason": reason,
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
    return stats
