"""A bound on the segment files the process keeps open (``[system.io] max_open_segment_files``).

An active segment pins its descriptors (log, index, and the O_DIRECT log when used) for as long as it is
active: appends must not pay an open. A sealed segment's files (its log, and its index unless the index is
cached in memory: ``system.segment.cache_indexes``) are opened when it is read and kept in an LRU of the
remaining budget; the least recently read segment's files are closed when room is needed and reopened on its
next read. When the active segments alone
would exceed the bound, creating another partition fails with 3000 CannotCreatePartition naming the key,
instead of the process running out of descriptors in the middle of some later write.
"""

from __future__ import annotations

import resource
from collections import OrderedDict
from typing import Protocol

from iggy.protocol.codes import ErrorCode
from iggy_server.storage.errors import StorageError

__all__ = ["MIN_LIMIT", "SegmentFileBudget", "default_limit"]

# With the setting at 0, the bound is this share of the process's descriptor limit: the rest stays for
# connections, state files and the runtime.
_AUTO_SHARE = 2
# What stays free for reading a sealed segment: its log and its index.
READ_RESERVE = 2
# An active segment pins up to 3 descriptors, and a read needs READ_RESERVE more.
MIN_LIMIT = 3 + READ_RESERVE


class Evictable(Protocol):
    def evict_files(self) -> None: ...


def default_limit() -> int:
    """Half the soft RLIMIT_NOFILE, after raising it to the hard limit where allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return max(soft // _AUTO_SHARE, 16)


class SegmentFileBudget:
    """Counts pinned descriptors (active segments) and keeps the open files of sealed segments in an LRU."""

    def __init__(self, limit: int) -> None:
        if limit < MIN_LIMIT:
            raise ValueError(f"max_open_segment_files must be at least {MIN_LIMIT}")
        self.limit = limit
        self.pinned = 0
        # Sealed segments with open files, least recently read first: [segment, its open files].
        self._sealed: OrderedDict[int, list] = OrderedDict()
        self._sealed_files = 0
        self.evictions = 0

    @property
    def open_files(self) -> int:
        return self.pinned + self._sealed_files

    def pin(self, count: int) -> None:
        """Reserve ``count`` descriptors for an active segment; StorageError 3000 past the bound."""
        # Room stays free so that a sealed segment can always be read.
        if self.pinned + count > self.limit - READ_RESERVE:
            raise StorageError(
                int(ErrorCode.CANNOT_CREATE_PARTITION),
                f"{self.pinned} segment files are held open by active segments and {count} more would exceed "
                f"system.io.max_open_segment_files = {self.limit}; raise it (and the process's descriptor "
                "limit) or delete partitions",
            )
        self.pinned += count
        self._make_room()

    def unpin(self, count: int) -> None:
        self.pinned = max(self.pinned - count, 0)

    def opened_sealed(self, segment: Evictable, files: int = 1) -> None:
        """``files`` of a sealed segment were opened (or it was just sealed with them open): track them, closing
        other segments' files past the bound."""
        entry = self._sealed.get(id(segment))
        if entry is None:
            self._sealed[id(segment)] = [segment, files]
        else:
            entry[1] += files
            self._sealed.move_to_end(id(segment))
        self._sealed_files += files
        self._make_room(keep=segment)

    def used_sealed(self, segment: Evictable) -> None:
        if id(segment) in self._sealed:
            self._sealed.move_to_end(id(segment))

    def forget(self, segment: Evictable) -> None:
        """The segment closed its files itself (or became active, its files pinned from now on)."""
        entry = self._sealed.pop(id(segment), None)
        if entry is not None:
            self._sealed_files -= entry[1]

    def _make_room(self, keep: Evictable | None = None) -> None:
        while self._sealed and self.pinned + self._sealed_files > self.limit:
            key, (oldest, files) = next(iter(self._sealed.items()))
            if oldest is keep:
                if len(self._sealed) == 1:
                    return
                self._sealed.move_to_end(key)
                continue
            del self._sealed[key]
            self._sealed_files -= files
            oldest.evict_files()
            self.evictions += 1
