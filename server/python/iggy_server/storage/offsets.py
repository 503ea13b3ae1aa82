"""Stored consumer / consumer-group offsets of one partition.

Layout (reference §5): ``{partition}/offsets/consumers/{consumer_id}`` and
``{partition}/offsets/groups/{group_id}``, each file a single u64 LE. The first store of a consumer creates
its file atomically (temporary file, then rename); later stores overwrite the 8 bytes in place with one
`pwrite`. Either way a crash leaves the old or the new offset, never a torn one. Whether the store is
also fsynced (file and directory) follows the partition's durability: in `durable` / `enforce_fsync` mode it
is, so an acknowledged commit survives power loss; in `memory` mode it reaches the OS page cache like the
messages do (it survives `kill -9`, not power loss) — an fsync per auto-commit would otherwise put two disk
flushes on every consumer poll.
"""

from __future__ import annotations

import logging
import os
import struct
from pathlib import Path

from iggy.protocol.codes import ConsumerKind

# The consumer kinds, the wire values: offsets are stored per kind.
CONSUMER = ConsumerKind.CONSUMER
CONSUMER_GROUP = ConsumerKind.CONSUMER_GROUP

_OFFSET = struct.Struct("<Q")
_KIND_DIRECTORIES = {CONSUMER: "consumers", CONSUMER_GROUP: "groups"}
_TEMPORARY_SUFFIX = ".tmp"
_U32_MAX = 0xFFFF_FFFF
_U64_MAX = 0xFFFF_FFFF_FFFF_FFFF  # tidy: allow-value (the u64 range of a stored offset, not a sentinel)

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

    def __init__(self, partition_directory: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self._root = Path(partition_directory) / "offsets"
        self._fsync = fsync
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
        target = directory / str(consumer_id)
        try:
            if consumer_id not in self._offsets[kind]:
                raise FileNotFoundError(target)
            self._overwrite(target, offset)
        except FileNotFoundError:  # first store, or the file was removed behind our back
            self._create(directory, target, offset)
        self._offsets[kind][consumer_id] = offset

    def _overwrite(self, target: Path, offset: int) -> None:
        # One 8-byte write at position 0 of an existing 8-byte file: a single syscall that a process
        # crash cannot tear and that sits inside one disk sector, so no temporary file or rename (which
        # cost more than the poll it follows) is needed once the file exists.
        fd = os.open(target, os.O_WRONLY)
        try:
            os.pwrite(fd, _OFFSET.pack(offset), 0)
            if self._fsync:
                os.fsync(fd)
        finally:
            os.close(fd)

    def _create(self, directory: Path, target: Path, offset: int) -> None:
        # First store: temporary file + rename, so the file never exists shorter than 8 bytes.
        directory.mkdir(parents=True, exist_ok=True)
        temporary = directory / f"{target.name}{_TEMPORARY_SUFFIX}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, _OFFSET.pack(offset))
            if self._fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
        if self._fsync:
            _fsync_directory(directory)

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
