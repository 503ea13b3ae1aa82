"""Where each partition lives on disk, and the chores over every open partition (flush, fsync, close).

Kept apart from the tree so the rules of the data directory are in one place: a partition's directory is
``<system.path>/streams/{stream}/topics/{topic}/partitions/{partition}``; a create removes whatever a deleted
object with the same (reused) id left there; start-up removes every directory the metadata does not name
(:meth:`PartitionFiles.remove_orphans`), which is what makes create-then-name and forget-then-remove
crash-safe (see the package docstring).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterable
from pathlib import Path

from ..config import StorageConfig
from ..storage import IoResources, Partition, partition_path
from .tree import StreamTree

__all__ = ["PartitionFiles", "close_partitions", "flush_partitions", "fsync_dirty_partitions"]

log = logging.getLogger("iggy_server.metadata")


class PartitionFiles:
    """Opens partitions under ``system_path`` with the server's shared I/O resources."""

    def __init__(self, system_path: Path, io: IoResources) -> None:
        self.system_path = system_path
        self.streams_dir = system_path / "streams"
        self.io = io

    def stream_directory(self, stream_id: int) -> Path:
        return self.streams_dir / str(stream_id)

    def topic_directory(self, stream_id: int, topic_id: int) -> Path:
        return self.streams_dir / str(stream_id) / "topics" / str(topic_id)

    def create(
        self, stream_id: int, topic_id: int, partition_id: int, created_at_us: int, storage: StorageConfig
    ) -> Partition:
        """A new, empty partition."""
        directory = partition_path(self.system_path, stream_id, topic_id, partition_id)
        if directory.exists():  # a leftover of a deleted object whose id is being reused
            shutil.rmtree(directory)
        return Partition.open(partition_id, directory, created_at_us, storage, self.io)

    def open(
        self, stream_id: int, topic_id: int, partition_id: int, created_at_us: int, storage: StorageConfig
    ) -> Partition:
        """A partition the metadata names, recovered from its directory."""
        directory = partition_path(self.system_path, stream_id, topic_id, partition_id)
        return Partition.open(partition_id, directory, created_at_us, storage, self.io)

    @staticmethod
    def remove_tree(path: Path) -> None:
        try:
            shutil.rmtree(path)
        except FileNotFoundError:
            pass
        except OSError:
            log.exception("could not remove %s; it is removed at the next start", path)

    def remove_orphans(self, tree: StreamTree) -> None:
        """Remove stream/topic/partition directories the metadata does not know (interrupted create/delete)."""
        if not self.streams_dir.is_dir():
            return
        for stream_dir in self.streams_dir.iterdir():
            stream = tree.streams.get(int(stream_dir.name)) if stream_dir.name.isdigit() else None
            if stream is None:
                log.warning("removing orphan stream directory %s", stream_dir)
                self.remove_tree(stream_dir)
                continue
            topics_dir = stream_dir / "topics"
            if not topics_dir.is_dir():
                continue
            for topic_dir in topics_dir.iterdir():
                topic = stream.topics.get(int(topic_dir.name)) if topic_dir.name.isdigit() else None
                if topic is None:
                    log.warning("removing orphan topic directory %s", topic_dir)
                    self.remove_tree(topic_dir)
                    continue
                partitions_dir = topic_dir / "partitions"
                if not partitions_dir.is_dir():
                    continue
                for partition_dir in partitions_dir.iterdir():
                    if not (partition_dir.name.isdigit() and int(partition_dir.name) < len(topic.partitions)):
                        log.warning("removing orphan partition directory %s", partition_dir)
                        self.remove_tree(partition_dir)


async def fsync_dirty_partitions(partitions: Iterable[Partition]) -> int:
    """fsync the partitions written since the last call, off the event loop; returns how many synced.

    Each partition's fdatasync runs in the storage worker threads (group commit), so a periodic save of
    a busy partition does not stall every connection for the length of a disk flush."""
    dirty = [partition for partition in partitions if partition.unsynced or partition.log.lane_appended]
    synced = 0
    for partition in dirty:
        try:
            await partition.sync()
            synced += 1
        except ValueError:
            pass  # closed meanwhile (deleted): nothing left to sync
        except Exception:
            log.exception("fsync of partition %s failed", partition.directory)
    return synced


def flush_partitions(partitions: Iterable[Partition], fsync: bool) -> None:
    for partition in partitions:
        try:
            partition.flush(fsync)
        except Exception:
            log.exception("flushing partition %s failed", partition.directory)


def close_partitions(partitions: Iterable[Partition]) -> None:
    for partition in partitions:
        try:
            partition.close()
        except Exception:
            log.exception("closing partition %s failed", partition.directory)
