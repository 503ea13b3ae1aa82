"""Streams → topics → partitions (+ consumer groups): ids, names, limits, persistence.

Ids follow Iggy 0.8: streams, topics and groups live in slabs (0-based, most recently freed id reused
first); partitions are dense 0..n-1. Names are unique per scope. The tree is persisted atomically to
``<system.path>/state/metadata.msgpack`` after every change; each partition (``storage.Partition``: its
message log, stored consumer offsets and durability policy) lives in its own directory at
``<system.path>/streams/{stream}/topics/{topic}/partitions/{partition}``.

Crash ordering: a create makes the directory before the metadata names it, a delete forgets it in
the metadata before removing the directory, and start-up removes any directory the metadata does
not name — so a crash at any point leaves no half-object behind and a reused id starts empty.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iggy.protocol.kinds import PartitioningKind
from iggy.protocol.primitives import Partitioning

from iggy.protocol.codes import (
    MAX_PARTITIONS_PER_REQUEST,
    MAX_STREAMS,
    MAX_TOPIC_SIZE_UNLIMITED,
    MAX_TOPICS_PER_STREAM,
    MESSAGE_EXPIRY_NEVER,
    CompressionAlgorithm,
    ErrorCode,
)

from ._native import xxh32
from .errors import IggyError, naming_error
from .groups import ConsumerGroup
from .options import Option
from .persistence import read_msgpack, write_msgpack_atomic
from .session import Session, now_us
from .slab import Slab
from .storage import CONSUMER_GROUP, IoResources, Partition, partition_path

from .config import Durability, StorageConfig

if TYPE_CHECKING:
    from .config import ServerConfig

__all__ = [
    "Metadata",
    "Stream",
    "Topic",
    "Partition",
    "MAX_PARTITIONS_PER_COMMAND",
    "METADATA_FILE",
]

log = logging.getLogger(__name__)

MAX_PARTITIONS_PER_COMMAND = MAX_PARTITIONS_PER_REQUEST
METADATA_FILE = "metadata.msgpack"
METADATA_FORMAT_VERSION = 1
COMPRESSION_NONE = CompressionAlgorithm.NONE
COMPRESSION_GZIP = CompressionAlgorithm.GZIP

Key = int | str  # a resolved wire Identifier: numeric id or exact name


@dataclass(eq=False)
class Topic:
    id: int
    stream_id: int
    name: str
    created_at_us: int
    compression_algorithm: int
    message_expiry_us: int
    max_topic_size_bytes: int
    replication_factor: int
    partitions: list[Partition] = field(default_factory=list)
    # 0.9: the options the client set at create (canonical kinds, sorted by key); the rest are derived.
    options: tuple[Option, ...] = ()
    groups: Slab[ConsumerGroup] = field(default_factory=Slab)
    group_names: dict[str, int] = field(default_factory=dict)
    balanced_counter: int = 0  # round-robin cursor for Balanced partitioning

    @property
    def size_bytes(self) -> int:
        return sum(p.log.size_bytes for p in self.partitions)

    @property
    def messages_count(self) -> int:
        return sum(p.log.messages_count for p in self.partitions)

    def partition(self, partition_id: int) -> Partition | None:
        if 0 <= partition_id < len(self.partitions):
            return self.partitions[partition_id]
        return None

    def existing_partition(self, partition_id: int) -> Partition:
        partition = self.partition(partition_id)
        if partition is None:
            raise naming_error(ErrorCode.PARTITION_NOT_FOUND, partition_id, self.id, self.stream_id)
        return partition

    def partition_for_send(self, partitioning: Partitioning) -> Partition:
        """SendMessages' partition: the explicit id, round robin (balanced) or XXH32 of the messages key."""
        kind = partitioning.kind
        if kind == PartitioningKind.PARTITION_ID:
            return self.existing_partition(partitioning.partition)
        count = len(self.partitions)
        if count == 0:
            raise naming_error(ErrorCode.NO_PARTITIONS, self.id, self.stream_id)
        if kind == PartitioningKind.BALANCED:
            partition_id = self.balanced_counter % count
            self.balanced_counter = (self.balanced_counter + 1) % count
            return self.partitions[partition_id]
        return self.partitions[xxh32(partitioning.value, 0) % count]

    def find_group(self, key: Key) -> ConsumerGroup | None:
        if isinstance(key, str):
            group_id = self.group_names.get(key)
            return None if group_id is None else self.groups.get(group_id)
        return self.groups.get(key)


@dataclass(eq=False)
class Stream:
    id: int
    name: str
    created_at_us: int
    topics: Slab[Topic] = field(default_factory=Slab)
    topic_names: dict[str, int] = field(default_factory=dict)

    @property
    def size_bytes(self) -> int:
        return sum(t.size_bytes for t in self.topics)

    @property
    def messages_count(self) -> int:
        return sum(t.messages_count for t in self.topics)

    def find_topic(self, key: Key) -> Topic | None:
        if isinstance(key, str):
            topic_id = self.topic_names.get(key)
            return None if topic_id is None else self.topics.get(topic_id)
        return self.topics.get(key)


class Metadata:
    """The in-memory tree plus its persistence. Single-threaded: used from the event loop only."""

    def __init__(
        self,
        system_path: Path,
        config: "ServerConfig",
        io: IoResources,
        lookup_session: Callable[[int], Session | None] = lambda client_id: None,
    ) -> None:
        self.system_path = Path(system_path)
        self.state_dir = self.system_path / "state"
        self.streams_dir = self.system_path / "streams"
        self.config = config
        self.storage_config = config.storage_config()
        self.io = io
        self.streams: Slab[Stream] = Slab()
        self.stream_names: dict[str, int] = {}
        self.lookup_session = lookup_session

    # ================================================================== storage plumbing

    def _topic_directory(self, stream_id: int, topic_id: int) -> Path:
        return self.streams_dir / str(stream_id) / "topics" / str(topic_id)

    def _new_partition(
        self, stream_id: int, topic_id: int, partition_id: int, created_at_us: int, storage: StorageConfig | None = None
    ) -> Partition:
        directory = partition_path(self.system_path, stream_id, topic_id, partition_id)
        if directory.exists():  # a leftover of a deleted object whose id is being reused
            shutil.rmtree(directory)
        return Partition.open(partition_id, directory, created_at_us, storage or self.storage_config, self.io)

    def _open_existing_partition(
        self, stream_id: int, topic_id: int, partition_id: int, created_at_us: int, storage: StorageConfig | None = None
    ) -> Partition:
        directory = partition_path(self.system_path, stream_id, topic_id, partition_id)
        return Partition.open(partition_id, directory, created_at_us, storage or self.storage_config, self.io)

    def storage_config_for(self, options: tuple[Option, ...]) -> StorageConfig:
        """The partition storage settings of a topic: the server's, overridden by the 0.9 options that name them
        (segment_size, messages_required_to_save, durability = persisted: fsync before the acknowledgement)."""
        config = self.storage_config
        changes: dict[str, Any] = {}
        for option in options:
            if option.key == "segment_size" and option.value != bytes(8):
                changes["segment_size_bytes"] = int.from_bytes(option.value, "little")
            elif option.key == "messages_required_to_save":
                changes["messages_required_to_save"] = int.from_bytes(option.value, "little")
            elif option.key == "durability" and option.value == b"persisted":
                changes["durability"] = Durability.DURABLE
        return dataclasses.replace(config, **changes) if changes else config

    @staticmethod
    def _remove_tree(path: Path) -> None:
        try:
            shutil.rmtree(path)
        except FileNotFoundError:
            pass
        except OSError:
            log.exception("could not remove %s; it is removed at the next start", path)

    # ================================================================== persistence

    def to_state(self) -> dict[str, Any]:
        streams = []
        for stream in self.streams:
            topics = []
            for topic in stream.topics:
                topics.append(
                    {
                        "id": topic.id,
                        "name": topic.name,
                        "created_at_us": topic.created_at_us,
                        "compression_algorithm": topic.compression_algorithm,
                        "message_expiry_us": topic.message_expiry_us,
                        "max_topic_size_bytes": topic.max_topic_size_bytes,
                        "replication_factor": topic.replication_factor,
                        "options": [[o.key, o.kind, o.value] for o in topic.options],
                        "partitions": [{"id": p.id, "created_at_us": p.created_at_us} for p in topic.partitions],
                        "groups": [g.to_state() for g in topic.groups],
                        "groups_slab": topic.groups.allocation_state(),
                    }
                )
            streams.append(
                {
                    "id": stream.id,
                    "name": stream.name,
                    "created_at_us": stream.created_at_us,
                    "topics": topics,
                    "topics_slab": stream.topics.allocation_state(),
                }
            )
        return {"version": METADATA_FORMAT_VERSION, "streams": streams, "streams_slab": self.streams.allocation_state()}

    def save(self) -> None:
        write_msgpack_atomic(self.state_dir / METADATA_FILE, self.to_state())

    def load(self) -> None:
        """Restore the tree from disk, open every partition, remove directories nothing names."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self.streams_dir.mkdir(parents=True, exist_ok=True)
        state = read_msgpack(self.state_dir / METADATA_FILE)
        if state is None:
            self._collect_orphans()
            return
        if state.get("version") != METADATA_FORMAT_VERSION:
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"unsupported metadata version {state.get('version')!r}")
        streams: dict[int, Stream] = {}
        try:
            for s in state["streams"]:
                stream = Stream(s["id"], s["name"], s["created_at_us"])
                topics: dict[int, Topic] = {}
                for t in s["topics"]:
                    topic = Topic(
                        t["id"], stream.id, t["name"], t["created_at_us"], t["compression_algorithm"],
                        t["message_expiry_us"], t["max_topic_size_bytes"], t["replication_factor"],
                        options=tuple(Option(key, kind, bytes(value)) for key, kind, value in t.get("options", ())),
                    )
                    storage = self.storage_config_for(topic.options)
                    for p in t["partitions"]:
                        partition = self._open_existing_partition(
                            stream.id, topic.id, p["id"], p["created_at_us"], storage
                        )
                        topic.partitions.append(partition)
                    groups = {}
                    for g in t["groups"]:
                        groups[g["id"]] = ConsumerGroup(g["id"], g["name"], g["partitions"])
                        topic.group_names[g["name"]] = g["id"]
                    topic.groups.restore(groups, t.get("groups_slab"))
                    topics[topic.id] = topic
                    stream.topic_names[topic.name] = topic.id
                stream.topics.restore(topics, s.get("topics_slab"))
                streams[stream.id] = stream
                self.stream_names[stream.name] = stream.id
        except (KeyError, TypeError) as exc:
            self.close()
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"metadata file is corrupted: {exc!r}") from None
        self.streams.restore(streams, state.get("streams_slab"))
        self._collect_orphans()

    def _collect_orphans(self) -> None:
        """Remove stream/topic/partition directories the metadata does not know (interrupted create/delete)."""
        if not self.streams_dir.is_dir():
            return
        for stream_dir in self.streams_dir.iterdir():
            stream = self.streams.get(int(stream_dir.name)) if stream_dir.name.isdigit() else None
            if stream is None:
                log.warning("removing orphan stream directory %s", stream_dir)
                self._remove_tree(stream_dir)
                continue
            topics_dir = stream_dir / "topics"
            if not topics_dir.is_dir():
                continue
            for topic_dir in topics_dir.iterdir():
                topic = stream.topics.get(int(topic_dir.name)) if topic_dir.name.isdigit() else None
                if topic is None:
                    log.warning("removing orphan topic directory %s", topic_dir)
                    self._remove_tree(topic_dir)
                    continue
                partitions_dir = topic_dir / "partitions"
                if not partitions_dir.is_dir():
                    continue
                for partition_dir in partitions_dir.iterdir():
                    if not (partition_dir.name.isdigit() and int(partition_dir.name) < len(topic.partitions)):
                        log.warning("removing orphan partition directory %s", partition_dir)
                        self._remove_tree(partition_dir)

    def all_partitions(self) -> Iterator[tuple[Stream, Topic, Partition]]:
        for stream in self.streams:
            for topic in stream.topics:
                for partition in topic.partitions:
                    yield stream, topic, partition

    async def fsync_dirty(self) -> int:
        """fsync the partitions written since the last call, off the event loop; returns how many synced.

        Each partition's fdatasync runs in the storage worker threads (group commit), so a periodic save of
        a busy partition does not stall every connection for the length of a disk flush."""
        dirty = [partition for _, _, partition in self.all_partitions() if partition.unsynced]
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

    def flush_all(self, fsync: bool) -> None:
        for _, _, partition in self.all_partitions():
            try:
                partition.flush(fsync)
            except Exception:
                log.exception("flushing partition %s failed", partition.directory)

    def close(self) -> None:
        for stream in self.streams:
            for topic in stream.topics:
                for partition in topic.partitions:
                    try:
                        partition.close()
                    except Exception:
                        log.exception("closing partition %s failed", partition.directory)

    # ================================================================== lookups

    def find_stream(self, key: Key) -> Stream | None:
        if isinstance(key, str):
            stream_id = self.stream_names.get(key)
            return None if stream_id is None else self.streams.get(stream_id)
        return self.streams.get(key)

    def stream(self, key: Key) -> Stream:
        stream = self.find_stream(key)
        if stream is None:
            # Iggy 0.8 answers 1009 for a name too; its text then names the stream by the name asked for.
            name_text = ErrorCode.STREAM_NAME_NOT_FOUND if isinstance(key, str) else None
            raise naming_error(ErrorCode.STREAM_ID_NOT_FOUND, key, text_of=name_text)
        return stream

    def topic(self, stream: Stream, key: Key) -> Topic:
        topic = stream.find_topic(key)
        if topic is None:
            name_text = ErrorCode.TOPIC_NAME_NOT_FOUND if isinstance(key, str) else None
            raise naming_error(ErrorCode.TOPIC_ID_NOT_FOUND, key, stream.id, text_of=name_text)
        return topic

    def find_topic(self, stream_key: Key, topic_key: Key) -> Topic | None:
        stream = self.find_stream(stream_key)
        return None if stream is None else stream.find_topic(topic_key)

    @staticmethod
    def partition(topic: Topic, partition_id: int) -> Partition:
        return topic.existing_partition(partition_id)

    @staticmethod
    def group(topic: Topic, key: Key) -> ConsumerGroup:
        group = topic.find_group(key)
        if group is None:
            name_text = ErrorCode.CONSUMER_GROUP_NAME_NOT_FOUND if isinstance(key, str) else None
            raise naming_error(ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND, key, topic.id, text_of=name_text)
        return group

    # ================================================================== streams

    def create_stream(self, name: str) -> Stream:
        if name in self.stream_names:
            raise naming_error(ErrorCode.STREAM_NAME_ALREADY_EXISTS, name)
        if len(self.streams) >= MAX_STREAMS:
            raise IggyError(ErrorCode.CANNOT_CREATE_STREAM, f"at most {MAX_STREAMS} streams")
        stream = self.streams.insert_with(lambda stream_id: Stream(stream_id, name, now_us()))
        self.stream_names[name] = stream.id
        stream_dir = self.streams_dir / str(stream.id)
        if stream_dir.exists():
            self._remove_tree(stream_dir)
        self._save_or_undo(lambda: self._undo_create_stream(stream))
        return stream

    def _undo_create_stream(self, stream: Stream) -> None:
        self.streams.remove(stream.id)
        del self.stream_names[stream.name]

    def _save_or_undo(self, undo: Callable[[], None]) -> None:
        try:
            self.save()
        except OSError as exc:
            undo()
            raise IggyError(ErrorCode.CANNOT_WRITE_TO_FILE, f"cannot persist metadata: {exc}") from None

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

        self._save_or_undo(undo)

    def delete_stream(self, stream: Stream) -> None:
        for topic in list(stream.topics):
            self._drop_topic_groups(topic)
        self.streams.remove(stream.id)
        del self.stream_names[stream.name]
        for topic in stream.topics:
            for partition in topic.partitions:
                partition.close()
        self.save()
        self._remove_tree(self.streams_dir / str(stream.id))

    def purge_stream(self, stream: Stream) -> None:
        for topic in stream.topics:
            self.purge_topic(topic)

    # ================================================================== topics

    def resolve_topic_settings(
        self, compression_algorithm: int, message_expiry_us: int, max_topic_size_bytes: int, replication_factor: int
    ) -> tuple[int, int, int, int]:
        """Apply 0.8 defaults (0 → configured default / never / unlimited / 1) and validate."""
        if compression_algorithm not in (COMPRESSION_NONE, COMPRESSION_GZIP):
            raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown compression algorithm {compression_algorithm}")
        defaults = self.config.system.topic
        if message_expiry_us == 0:
            message_expiry_us = defaults.message_expiry_us or MESSAGE_EXPIRY_NEVER
        if max_topic_size_bytes == 0:
            max_topic_size_bytes = defaults.max_size_bytes or MAX_TOPIC_SIZE_UNLIMITED
        segment_size = self.config.system.segment.size_bytes
        if max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED and max_topic_size_bytes < segment_size:
            raise IggyError(
                ErrorCode.INVALID_TOPIC_SIZE,
                f"max topic size {max_topic_size_bytes} B is below the segment size {segment_size} B",
            )
        if replication_factor == 0:
            replication_factor = 1
        return compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor

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
        settings = self.resolve_topic_settings(
            compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor
        )
        if name in stream.topic_names:
            raise _topic_name_taken(name, stream.id)
        if len(stream.topics) >= MAX_TOPICS_PER_STREAM:
            raise IggyError(ErrorCode.CANNOT_CREATE_TOPIC, f"at most {MAX_TOPICS_PER_STREAM} topics per stream")
        created_at = now_us()
        topic = Topic(stream.topics.next_id(), stream.id, name, created_at, *settings, options=options)
        storage = self.storage_config_for(options)
        if (topic.max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED
                and topic.max_topic_size_bytes < storage.segment_size_bytes):
            raise IggyError(
                ErrorCode.INVALID_TOPIC_SIZE,
                f"max topic size {topic.max_topic_size_bytes} B is below the segment size "
                f"{storage.segment_size_bytes} B",
            )
        topic_dir = self._topic_directory(stream.id, topic.id)
        if topic_dir.exists():
            self._remove_tree(topic_dir)
        try:
            for partition_id in range(partitions_count):
                topic.partitions.append(self._new_partition(stream.id, topic.id, partition_id, created_at, storage))
        except Exception as exc:
            for partition in topic.partitions:
                partition.close()
            self._remove_tree(topic_dir)
            raise _storage_failure(ErrorCode.CANNOT_CREATE_TOPIC, exc) from None
        stream.topics.insert_with(lambda _topic_id: topic)
        stream.topic_names[name] = topic.id

        def undo() -> None:
            stream.topics.remove(topic.id)
            del stream.topic_names[name]
            for partition in topic.partitions:
                partition.close()
            self._remove_tree(topic_dir)

        self._save_or_undo(undo)
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
        settings = self.resolve_topic_settings(
            compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor
        )
        if name != topic.name and name in stream.topic_names:
            raise _topic_name_taken(name, stream.id)
        old_name, old_settings, old_options = topic.name, _topic_settings(topic), topic.options
        del stream.topic_names[topic.name]
        topic.name = name
        stream.topic_names[name] = topic.id
        _set_topic_settings(topic, settings)
        if options is not None:
            topic.options = options

        def undo() -> None:
            del stream.topic_names[name]
            topic.name = old_name
            stream.topic_names[old_name] = topic.id
            _set_topic_settings(topic, old_settings)
            topic.options = old_options

        self._save_or_undo(undo)

    def delete_topic(self, topic: Topic) -> None:
        stream = self.streams.get(topic.stream_id)
        assert stream is not None
        self._drop_topic_groups(topic)
        stream.topics.remove(topic.id)
        del stream.topic_names[topic.name]
        for partition in topic.partitions:
            partition.close()
        self.save()
        self._remove_tree(self._topic_directory(stream.id, topic.id))

    def purge_topic(self, topic: Topic) -> None:
        for partition in topic.partitions:
            self._purge_partition(partition)
        for group in topic.groups:
            group.last_polled.clear()

    @staticmethod
    def _purge_partition(partition: Partition) -> None:
        try:
            partition.purge()
        except Exception as exc:
            raise _storage_failure(ErrorCode.CANNOT_DELETE_PARTITION, exc) from None

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
                added.append(self._new_partition(
                    topic.stream_id, topic.id, partition_id, created_at, self.storage_config_for(topic.options)
                ))
        except Exception as exc:
            for partition in added:
                partition.close()
                self._remove_tree(partition.directory)
            raise _storage_failure(ErrorCode.CANNOT_CREATE_PARTITION, exc) from None
        topic.partitions.extend(added)

        def undo() -> None:
            del topic.partitions[first_new:]
            for partition in added:
                partition.close()
                self._remove_tree(partition.directory)

        self._save_or_undo(undo)
        self._rebalance_groups(topic)
        self.save()

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
        self._rebalance_groups(topic)
        self.save()
        for partition in removed:
            partition.close()
            self._remove_tree(partition.directory)

    def _rebalance_groups(self, topic: Topic) -> None:
        partition_ids = list(range(len(topic.partitions)))
        for group in topic.groups:
            group.set_partitions(partition_ids)

    @staticmethod
    def delete_segments(partition: Partition, count: int) -> None:
        """DeleteSegments: oldest sealed first; segments not yet consumed by every stored offset stay."""
        try:
            partition.delete_segments(count)
        except Exception as exc:
            raise _storage_failure(ErrorCode.CANNOT_DELETE_PARTITION, exc) from None

    def clean_topic(self, topic: Topic, now: int) -> tuple[int, int]:
        """Retention (0.8 message cleaner): expired sealed segments, then size trimming.

        Expiry deletes sealed segments whose newest message is older than the topic's expiry. Size
        trimming runs while the topic is at ≥ 90 % of its max size, deleting the oldest sealed
        segment across partitions. Both keep segments holding offsets above the smallest stored
        consumer/group offset. Returns (segments, messages) deleted.
        """
        segments = messages = 0
        if topic.message_expiry_us != MESSAGE_EXPIRY_NEVER:
            for partition in topic.partitions:
                result = partition.delete_expired_segments(now, topic.message_expiry_us)
                segments += result.segments_count
                messages += result.messages_count
        if topic.max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED:
            threshold = topic.max_topic_size_bytes * 9 // 10
            # Each pass deletes one segment, so the loop is bounded by the number of segments.
            while topic.size_bytes >= threshold:
                candidate = self._oldest_deletable_segment(topic)
                if candidate is None:
                    break
                result = candidate.delete_segments(1)
                if result.segments_count == 0:
                    break
                segments += result.segments_count
                messages += result.messages_count
        return segments, messages

    @staticmethod
    def _oldest_deletable_segment(topic: Topic) -> Partition | None:
        oldest: tuple[int, Partition] | None = None
        for partition in topic.partitions:
            infos = partition.log.segments()
            if len(infos) <= 1 or infos[0].is_active:
                continue
            first = infos[0]
            barrier = partition.offsets.min_offset()
            end_offset = first.start_offset + max(first.messages_count - 1, 0)
            if barrier is not None and end_offset > barrier:
                continue
            if oldest is None or first.max_timestamp_us < oldest[0]:
                oldest = (first.max_timestamp_us, partition)
        return None if oldest is None else oldest[1]

    # ================================================================== consumer groups

    def create_group(self, topic: Topic, name: str) -> ConsumerGroup:
        if name in topic.group_names:
            raise naming_error(ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS, name, topic.id)
        partition_ids = list(range(len(topic.partitions)))
        group = topic.groups.insert_with(lambda group_id: ConsumerGroup(group_id, name, partition_ids))
        topic.group_names[name] = group.id

        def undo() -> None:
            topic.groups.remove(group.id)
            del topic.group_names[name]

        self._save_or_undo(undo)
        return group

    def delete_group(self, topic: Topic, group: ConsumerGroup) -> None:
        self._forget_memberships(topic, group)
        topic.groups.remove(group.id)
        del topic.group_names[group.name]
        self.save()
        for partition in topic.partitions:
            try:
                partition.offsets.delete(CONSUMER_GROUP, group.id)
            except Exception:
                log.exception("deleting the stored offset of group %s in %s failed", group.id, partition.directory)

    def committed_offset_lookup(self, topic: Topic, group: ConsumerGroup) -> Callable[[int], int | None]:
        def committed(partition_id: int) -> int | None:
            partition = topic.partition(partition_id)
            return None if partition is None else partition.offsets.get(CONSUMER_GROUP, group.id)

        return committed

    def join_group(self, topic: Topic, group: ConsumerGroup, session: Session) -> None:
        group.join(session.client_id, self.committed_offset_lookup(topic, group))
        session.consumer_groups.add((topic.stream_id, topic.id, group.id))

    def leave_group(self, topic: Topic, group: ConsumerGroup, session: Session) -> None:
        if not group.leave(session.client_id):
            raise IggyError(
                ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
                f"client {session.client_id} is not a member of consumer group {group.id}",
            )
        session.consumer_groups.discard((topic.stream_id, topic.id, group.id))

    def leave_all_groups(self, session: Session) -> None:
        """Disconnect: leave every group the connection joined (each one rebalances)."""
        for stream_id, topic_id, group_id in list(session.consumer_groups):
            topic = self.find_topic(stream_id, topic_id)
            group = None if topic is None else topic.groups.get(group_id)
            if group is not None:
                group.leave(session.client_id)
        session.consumer_groups.clear()

    def _forget_memberships(self, topic: Topic, group: ConsumerGroup) -> None:
        for member in group.members:
            session = self.lookup_session(member.client_id)
            if session is not None:
                session.consumer_groups.discard((topic.stream_id, topic.id, group.id))

    def _drop_topic_groups(self, topic: Topic) -> None:
        for group in topic.groups:
            self._forget_memberships(topic, group)

    def complete_timed_out_revocations(self, timeout_us: int) -> int:
        now = now_us()
        moved = 0
        for stream in self.streams:
            for topic in stream.topics:
                for group in topic.groups:
                    moved += group.complete_timed_out(now, timeout_us)
        return moved

    # ================================================================== counters (stats)

    def counts(self) -> dict[str, int]:
        topics = partitions = segments = messages = size = groups = 0
        for stream in self.streams:
            for topic in stream.topics:
                topics += 1
                groups += len(topic.groups)
                for partition in topic.partitions:
                    partitions += 1
                    segments += partition.log.segments_count
                    messages += partition.log.messages_count
                    size += partition.log.size_bytes
        return {
            "streams": len(self.streams),
            "topics": topics,
            "partitions": partitions,
            "segments": segments,
            "messages": messages,
            "size_bytes": size,
            "consumer_groups": groups,
        }


def _topic_name_taken(name: str, stream_id: int) -> IggyError:
    return naming_error(ErrorCode.TOPIC_NAME_ALREADY_EXISTS, name, stream_id)


def _topic_settings(topic: Topic) -> tuple[int, int, int, int]:
    return topic.compression_algorithm, topic.message_expiry_us, topic.max_topic_size_bytes, topic.replication_factor


def _set_topic_settings(topic: Topic, settings: tuple[int, int, int, int]) -> None:
    (
        topic.compression_algorithm,
        topic.message_expiry_us,
        topic.max_topic_size_bytes,
        topic.replication_factor,
    ) = settings


def _storage_failure(code: int, exc: BaseException) -> IggyError:
    if isinstance(exc, IggyError):
        return exc
    storage_code = getattr(exc, "code", None)
    if isinstance(storage_code, int):
        return IggyError(storage_code, getattr(exc, "message", None) or str(exc))
    return IggyError(code, f"{type(exc).__name__}: {exc}")
