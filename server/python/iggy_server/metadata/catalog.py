"""Stream, topic, partition and segment commands: create, update, delete, purge, with their limits.

Kept apart from the lookups (tree.py, which :class:`Metadata` extends so the hot path's ``stream()`` /
``topic()`` stay direct calls), from the file format (state_file.py), the data directory (partition_files.py)
and consumer groups (consumer_groups.py, which :class:`Metadata` builds and tells when topics change).

Crash ordering: a create makes the directory before the metadata names it, a delete forgets it in the
metadata before removing the directory, and start-up removes any directory the metadata does not name — so a
crash at any point leaves no half-object behind and a reused id starts empty.
"""

from __future__ import annotations

from pathlib import Path

from iggy.protocol.codes import (
    MAX_PARTITIONS_PER_REQUEST,
    MAX_STREAMS,
    MAX_TOPIC_SIZE_UNLIMITED,
    MAX_TOPICS_PER_STREAM,
    ErrorCode,
)

from ..config import ServerConfig
from ..errors import IggyError, naming_error
from ..options import Option
from ..session import now_us
from ..storage import IoResources, Partition
from .consumer_groups import ConsumerGroups, SessionLookup
from .partition_files import PartitionFiles, close_partitions, flush_partitions, fsync_dirty_partitions
from .state_file import MetadataFile
from .topic_settings import apply_settings, resolve_topic_settings, settings_of, storage_config_for
from .tree import Stream, StreamTree, Topic

__all__ = ["MAX_PARTITIONS_PER_COMMAND", "Metadata"]

MAX_PARTITIONS_PER_COMMAND = MAX_PARTITIONS_PER_REQUEST


class Metadata(StreamTree):
    """The tree (lookups inherited from :class:`StreamTree`) and the commands that change its streams, topics
    and partitions. ``groups`` holds the consumer group commands. Single-threaded: used from the event loop
    only."""

    def __init__(
        self,
        system_path: Path,
        config: ServerConfig,
        io: IoResources,
        lookup_session: SessionLookup = lambda client_id: None,
    ) -> None:
        super().__init__()
        self.system_path = Path(system_path)
        self.config = config
        self.storage_config = config.storage_config()
        self.io = io
        self.files = PartitionFiles(self.system_path, io)
        self.state_file = MetadataFile(self.system_path / "state", self, self.files, self.storage_config)
        self.groups = ConsumerGroups(self, self.state_file, lookup_session)

    # ================================================================== persistence and partition chores

    def save(self) -> None:
        self.state_file.save()

    def load(self) -> None:
        """Restore the tree from disk, open every partition, remove directories nothing names."""
        self.state_file.load()

    async def fsync_dirty(self) -> int:
        """The message saver: fsync the partitions written since its last run; returns how many synced."""
        return await fsync_dirty_partitions(partition for _, _, partition in self.all_partitions())

    def flush_all(self, fsync: bool) -> None:
        flush_partitions((partition for _, _, partition in self.all_partitions()), fsync)

    def close(self) -> None:
        close_partitions(partition for _, _, partition in self.all_partitions())

    # ================================================================== streams

    def create_stream(self, name: str) -> Stream:
        if name in self.stream_names:
            raise naming_error(ErrorCode.STREAM_NAME_ALREADY_EXISTS, name)
        if len(self.streams) >= MAX_STREAMS:
            raise IggyError(ErrorCode.CANNOT_CREATE_STREAM, f"at most {MAX_STREAMS} streams")
        stream = self.streams.insert_with(lambda stream_id: Stream(stream_id, name, now_us()))
        self.stream_names[name] = stream.id
        stream_dir = self.files.stream_directory(stream.id)
        if stream_dir.exists():
            self.files.remove_tree(stream_dir)

        def undo() -> None:
            self.streams.remove(stream.id)
            del self.stream_names[stream.name]

        self.state_file.save_or_undo(undo)
        return stream

    def update_stream(self, stream: Stream, name: str) -> None:
        if name == stream.name:
            return
        if name in self.stream_names:
            raise naming_error(ErrorCode.STREAM_NAME_ALREADY_EXISTS, name)
        old = stream.name
        del self.stream_names[old]
        stream.name = name
        self.stream_names[name] = stream.id

        def undo() -> None:
            del self.stream_names[name]
            stream.name = old
            self.stream_names[old] = stream.id

        self.state_file.save_or_undo(undo)

    def delete_stream(self, stream: Stream) -> None:
        for topic in list(stream.topics):
            self.groups.forget_topic(topic)
        self.streams.remove(stream.id)
        del self.stream_names[stream.name]
        for topic in stream.topics:
            for partition in topic.partitions:
                partition.close()
        self.state_file.save()
        self.files.remove_tree(self.files.stream_directory(stream.id))

    def purge_stream(self, stream: Stream) -> None:
        for topic in stream.topics:
            self.purge_topic(topic)

    # ================================================================== topics

    def create_topic(
        self,
        stream: Stream,
        name: str,
        partitions_count: int,
        compression_algorithm: int,
        message_expiry_us: int,
        max_topic_size_bytes: int,
        replication_factor: int,
        options: tuple[Option, ...] = (),
    ) -> Topic:
        if partitions_count > MAX_PARTITIONS_PER_COMMAND:
            raise IggyError(
                ErrorCode.TOO_MANY_PARTITIONS, f"{partitions_count} partitions: at most {MAX_PARTITIONS_PER_COMMAND}"
            )
        settings = resolve_topic_settings(
            self.config, compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor
        )
        if name in stream.topic_names:
            raise _topic_name_taken(name, stream.id)
        if len(stream.topics) >= MAX_TOPICS_PER_STREAM:
            raise IggyError(ErrorCode.CANNOT_CREATE_TOPIC, f"at most {MAX_TOPICS_PER_STREAM} topics per stream")
        created_at = now_us()
        topic = Topic(stream.topics.next_id(), stream.id, name, created_at, *settings, options=options)
        storage = storage_config_for(self.storage_config, options)
        if (topic.max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED
                and topic.max_topic_size_bytes < storage.segment_size_bytes):
            raise IggyError(
                ErrorCode.INVALID_TOPIC_SIZE,
                f"max topic size {topic.max_topic_size_bytes} B is below the segment size "
                f"{storage.segment_size_bytes} B",
            )
        topic_dir = self.files.topic_directory(stream.id, topic.id)
        if topic_dir.exists():
            self.files.remove_tree(topic_dir)
        try:
            for partition_id in range(partitions_count):
                topic.partitions.append(self.files.create(stream.id, topic.id, partition_id, created_at, storage))
        except Exception as exc:
            for partition in topic.partitions:
                partition.close()
            self.files.remove_tree(topic_dir)
            raise _storage_failure(ErrorCode.CANNOT_CREATE_TOPIC, exc) from None
        stream.topics.insert_with(lambda _topic_id: topic)
        stream.topic_names[name] = topic.id

        def undo() -> None:
            stream.topics.remove(topic.id)
            del stream.topic_names[name]
            for partition in topic.partitions:
                partition.close()
            self.files.remove_tree(topic_dir)

        self.state_file.save_or_undo(undo)
        return topic

    def update_topic(
        self,
        topic: Topic,
        name: str,
        compression_algorithm: int,
        message_expiry_us: int,
        max_topic_size_bytes: int,
        replication_factor: int,
        options: tuple[Option, ...] | None = None,
    ) -> None:
        """``options`` (0.9): the explicit options after the update (None: unchanged)."""
        stream = self.streams.get(topic.stream_id)
        assert stream is not None
        settings = resolve_topic_settings(
            self.config, compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor
        )
        if name != topic.name and name in stream.topic_names:
            raise _topic_name_taken(name, stream.id)
        old_name, old_settings, old_options = topic.name, settings_of(topic), topic.options
        del stream.topic_names[topic.name]
        topic.name = name
        stream.topic_names[name] = topic.id
        apply_settings(topic, settings)
        if options is not None:
            topic.options = options

        def undo() -> None:
            del stream.topic_names[name]
            topic.name = old_name
            stream.topic_names[old_name] = topic.id
            apply_settings(topic, old_settings)
            topic.options = old_options

        self.state_file.save_or_undo(undo)

    def delete_topic(self, topic: Topic) -> None:
        stream = self.streams.get(topic.stream_id)
        assert stream is not None
        self.groups.forget_topic(topic)
        stream.topics.remove(topic.id)
        del stream.topic_names[topic.name]
        for partition in topic.partitions:
            partition.close()
        self.state_file.save()
        self.files.remove_tree(self.files.topic_directory(stream.id, topic.id))

    def purge_topic(self, topic: Topic) -> None:
        for partition in topic.partitions:
            _purge_partition(partition)
        self.groups.forget_polls(topic)

    # ================================================================== partitions and segments

    def create_partitions(self, topic: Topic, count: int) -> None:
        if not 1 <= count <= MAX_PARTITIONS_PER_COMMAND:
            raise IggyError(
                ErrorCode.TOO_MANY_PARTITIONS, f"partitions count {count} must be 1..{MAX_PARTITIONS_PER_COMMAND}"
            )
        created_at = now_us()
        first_new = len(topic.partitions)
        added: list[Partition] = []
        try:
            for partition_id in range(first_new, first_new + count):
                added.append(self.files.create(
                    topic.stream_id, topic.id, partition_id, created_at,
                    storage_config_for(self.storage_config, topic.options),
                ))
        except Exception as exc:
            for partition in added:
                partition.close()
                self.files.remove_tree(partition.directory)
            raise _storage_failure(ErrorCode.CANNOT_CREATE_PARTITION, exc) from None
        topic.partitions.extend(added)

        def undo() -> None:
            del topic.partitions[first_new:]
            for partition in added:
                partition.close()
                self.files.remove_tree(partition.directory)

        self.state_file.save_or_undo(undo)
        self.groups.follow_partitions(topic)
        self.state_file.save()

    def delete_partitions(self, topic: Topic, count: int) -> None:
        if count == 0:
            raise IggyError(ErrorCode.TOO_MANY_PARTITIONS, "partitions count must be at least 1")
        if count > len(topic.partitions):
            raise IggyError(
                ErrorCode.INVALID_PARTITIONS_COUNT,
                f"cannot delete {count} partitions: topic {topic.id} has {len(topic.partitions)}",
            )
        removed = topic.partitions[-count:]
        del topic.partitions[-count:]
        self.groups.follow_partitions(topic)
        self.state_file.save()
        for partition in removed:
            partition.close()
            self.files.remove_tree(partition.directory)

    @staticmethod
    def delete_segments(partition: Partition, count: int) -> None:
        """DeleteSegments: oldest sealed first; segments not yet consumed by every stored offset stay."""
        try:
            partition.delete_segments(count)
        except Exception as exc:
            raise _storage_failure(ErrorCode.CANNOT_DELETE_PARTITION, exc) from None


def _purge_partition(partition: Partition) -> None:
    try:
        partition.purge()
    except Exception as exc:
        raise _storage_failure(ErrorCode.CANNOT_DELETE_PARTITION, exc) from None


def _topic_name_taken(name: str, stream_id: int) -> IggyError:
    return naming_error(ErrorCode.TOPIC_NAME_ALREADY_EXISTS, name, stream_id)


def _storage_failure(code: int, exc: BaseException) -> IggyError:
    if isinstance(exc, IggyError):
        return exc
    storage_code = getattr(exc, "code", None)
    if isinstance(storage_code, int):
        return IggyError(storage_code, getattr(exc, "message", None) or str(exc))
    return IggyError(code, f"{type(exc).__name__}: {exc}")
