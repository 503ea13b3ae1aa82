"""A bound on the segment files the process keeps open (``[system.io] max_open_segment_files``).

An active segment pins its descriptors (log, index, and the O_DIRECT log when used) for as long as it is
active: appends must not pay an open. A sealed segment's log is opened when it is read and kept in an LRU
of the remaining budget; the least recently read one is closed when room is needed and reopened on its
next read (its index stays in memory, so only the log needs a descriptor). When the active segments alone
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
# An active segment pins up to 3 descriptors; one more is always left for reading a sealed segment.
MIN_LIMIT = 4


class Evictable(Protocol):
    def evict_log_fd(self) -> None: ...


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
    """Counts pinned descriptors (active segments) and keeps sealed segment logs in an LRU."""

    def __init__(self, limit: int) -> None:
        if limit < MIN_LIMIT:
            raise ValueError(f"max_open_segment_files must be at least {MIN_LIMIT}")
        self.limit = limit
        self.pinned = 0
        self._sealed: OrderedDict[int, Evictable] = OrderedDict()
        self.evictions = 0

    @property
    def open_files(self) -> int:
        return self.pinned + len(self._sealed)

    def pin(self, count: int) -> None:
        """Reserve ``count`` descriptors for an active segment; StorageError 3000 past the bound."""
        # One descriptor stays free so that a sealed segment can always be read.
        if self.pinned + count > self.limit - 1:
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

    def opened_sealed(self, segment: Evictable) -> None:
        """A sealed segment's log was opened (or just sealed with its log open): track it, evicting others."""
        self._sealed[id(segment)] = segment
        self._sealed.move_to_end(id(segment))
        self._make_room(keep=segment)

    def used_sealed(self, segment: Evictable) -> None:
        if id(segment) in self._sealed:
            self._sealed.move_to_end(id(segment))

    def forget(self, segment: Evictable) -> None:
        self._sealed.pop(id(segment), None)

    def _make_room(self, keep: Evictable | None = None) -> None:
        while self._sealed and self.pinned + len(self._sealed) > self.limit:
            key, oldest = next(iter(self._sealed.items()))
            if oldest is keep:
                if len(self._sealed) == 1:
                    return
                self._sealed.move_to_end(key)
                continue
            del self._sealed[key]
            oldest.evict_log_fd()
            self.evictions += 1
