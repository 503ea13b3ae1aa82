"""Stored consumer / consumer-group offsets of one partition.

Layout (reference §5): ``{partition}/offsets/consumers/{consumer_id}`` and
``{partition}/offsets/groups/{group_id}``, each file a single u64 LE. A store is atomic (temporary file,
fsync, rename, fsync of the directory), so a crash leaves either the old or the new offset.
"""

from __future__ import annotations

import logging
import os
import struct
from pathlib import Path

CONSUMER = 1
CONSUMER_GROUP = 2

_OFFSET = struct.Struct("<Q")
_KIND_DIRECTORIES = {CONSUMER: "consumers", CONSUMER_GROUP: "groups"}
_TEMPORARY_SUFFIX = ".tmp"
_U32_MAX = 0xFFFF_FFFF
_U64_MAX = 0xFFFF_FFFF_FFFF_FFFF

logger = logging.getLogger(__name__)


def _kind_directory(kind: int) -> str:
    try:
        return _KIND_DIRECTORIES[kind]
    except KeyError:
        raise ValueError(f"unknown consumer kind {kind}; expected {CONSUMER} or {CONSUMER_GROUP}") from None


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class ConsumerOffsetStore:
    """Offsets stored for (kind, consumer id) in one partition; all of them are kept in memory."""

    def __init__(self, partition_directory: str | os.PathLike[str]) -> None:
        self._root = Path(partition_directory) / "offsets"
        self._offsets: dict[int, dict[int, int]] = {CONSUMER: {}, CONSUMER_GROUP: {}}
        for kind in self._offsets:
            self._load(kind)

    def _directory(self, kind: int) -> Path:
        return self._root / _kind_directory(kind)

    def _load(self, kind: int) -> None:
        directory = self._directory(kind)
        if not directory.is_dir():
            return
        for entry in directory.iterdir():
            if entry.name.endswith(_TEMPORARY_SUFFIX):
                entry.unlink(missing_ok=True)  # an interrupted store; the previous file is intact
                continue
            if not entry.name.isdigit():
                continue
            data = entry.read_bytes()
            if len(data) < _OFFSET.size:
                logger.warning("ignoring malformed consumer offset file %s (%d bytes)", entry, len(data))
                continue
            self._offsets[kind][int(entry.name)] = _OFFSET.unpack_from(data)[0]

    def store(self, kind: int, consumer_id: int, offset: int) -> None:
        directory = self._directory(kind)
        if not 0 <= consumer_id <= _U32_MAX:
            raise ValueError(f"consumer id {consumer_id} is not a u32")
        if not 0 <= offset <= _U64_MAX:
            raise ValueError(f"offset {offset} is not a u64")
        directory.mkdir(parents=True, exist_ok=True)
        target = directory / str(consumer_id)
        temporary = directory / f"{consumer_id}{_TEMPORARY_SUFFIX}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, _OFFSET.pack(offset))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
        _fsync_directory(directory)
        self._offsets[kind][consumer_id] = offset

    def get(self, kind: int, consumer_id: int) -> int | None:
        _kind_directory(kind)
        return self._offsets[kind].get(consumer_id)

    def delete(self, kind: int, consumer_id: int) -> bool:
        directory = self._directory(kind)
        if self._offsets[kind].pop(consumer_id, None) is None:
            return False
        (directory / str(consumer_id)).unlink(missing_ok=True)
        return True

    def items(self, kind: int) -> dict[int, int]:
        _kind_directory(kind)
        return dict(self._offsets[kind])

    def min_offset(self) -> int | None:
        """Smallest stored offset over consumers and groups (the 0.8 segment-deletion barrier)."""
        stored = [offset for offsets in self._offsets.values() for offset in offsets.values()]
        return min(stored, default=None)

    def clear(self) -> None:
        for kind, offsets in self._offsets.items():
            directory = self._directory(kind)
            for consumer_id in offsets:
                (directory / str(consumer_id)).unlink(missing_ok=True)
            offsets.clear()
