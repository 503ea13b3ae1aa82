"""Crash-safe small-state files (metadata, users, tokens) stored as msgpack.

A write is temp file → fsync → rename over the old file → fsync the directory, so a reader sees
either the complete old state or the complete new one, never a torn file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgpack

__all__ = ["write_msgpack_atomic", "read_msgpack", "fsync_directory"]


def fsync_directory(directory: Path) -> None:
    """Make a rename/create inside ``directory`` durable."""
    fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_msgpack_atomic(path: Path, obj: Any) -> None:
    """Replace ``path`` with the msgpack encoding of ``obj`` atomically and durably."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = msgpack.packb(obj, use_bin_type=True)
    temp_path = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    fd = os.open(temp_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp_path, path)
    except BaseException:
        # A half-written temporary file (disk full) would keep holding the space the next attempt needs.
        temp_path.unlink(missing_ok=True)
        raise
    fsync_directory(path.parent)


def read_msgpack(path: Path, default: Any = None) -> Any:
    """Load a file written by :func:`write_msgpack_atomic`; ``default`` when it does not exist.

    A corrupt file raises (``msgpack`` errors / ``ValueError``): silently starting empty would lose
    every stream or user, so the caller decides.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return default
    return msgpack.unpackb(data, raw=False, strict_map_key=False)
