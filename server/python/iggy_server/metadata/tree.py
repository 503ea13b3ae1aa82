"""The in-memory tree streams → topics → partitions (+ consumer groups) and its lookups by wire identifier.

Kept apart from what changes the tree (catalog.py, consumer_groups.py) and from how it is stored
(state_file.py, partition_files.py) because every request reads it: the send and poll hot paths resolve a
stream and a topic here on each call, so these lookups stay plain method calls on plain objects.

Ids follow Iggy 0.8: streams, topics and groups live in slabs (0-based, most recently freed id reused first);
partitions are dense 0..n-1. Names are unique per scope; every identifier accepts the id or the exact name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from iggy.protocol.codes import ErrorCode
from iggy.protocol.kinds import PartitioningKind
from iggy.protocol.primitives import Partitioning

from .._native import RoundRobin, xxh32
from ..errors import naming_error
from ..groups import ConsumerGroup
from ..options import Option
from ..slab import Slab
from ..storage import Partition

__all__ = ["Key", "Stream", "StreamTree", "Topic"]

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
    # Balanced partitioning's cursor: native, as the native send path's threads move it too.
    balanced: RoundRobin = field(default_factory=RoundRobin)

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
            return self.partitions[self.balanced.next(count)]
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


class StreamTree:
    """Every stream by id and by name. ``find_*`` answer None for a missing object; the others raise the Iggy
    error a command answers with. Single-threaded: used from the event loop only."""

    def __init__(self) -> None:
        self.streams: Slab[Stream] = Slab()
        self.stream_names: dict[str, int] = {}

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

    def all_topics(self) -> Iterator[Topic]:
        for stream in self.streams:
            yield from stream.topics

    def all_partitions(self) -> Iterator[tuple[Stream, Topic, Partition]]:
        for stream in self.streams:
            for topic in stream.topics:
                for partition in topic.partitions:
                    yield stream, topic, partition

    def counts(self) -> dict[str, int]:
        """GetStats' and /metrics' totals."""
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
