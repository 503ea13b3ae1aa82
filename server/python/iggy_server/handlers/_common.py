"""Encoders from server objects to response payloads, shared by the handler modules."""

from __future__ import annotations

from iggy.protocol.primitives import Identifier
from iggy.protocol.responses import (
    GroupDetails,
    GroupHeader,
    GroupMember,
    PartitionDetails,
    StreamDetails,
    StreamHeader,
    TopicDetails,
    TopicHeader,
)

from ..groups import ConsumerGroup
from ..metadata import Partition, Stream, Topic

__all__ = [
    "key",
    "stream_header",
    "stream_details",
    "topic_header",
    "topic_details",
    "partition_details",
    "group_header",
    "group_details",
]


def key(identifier: Identifier) -> int | str:
    """A wire identifier as a metadata lookup key (numeric id or exact name)."""
    return identifier.value


def stream_header(stream: Stream) -> StreamHeader:
    return StreamHeader(
        id=stream.id,
        created_at=stream.created_at_us,
        topics_count=len(stream.topics),
        size_bytes=stream.size_bytes,
        messages_count=stream.messages_count,
        name=stream.name,
    )


def stream_details(stream: Stream) -> StreamDetails:
    topics = tuple(topic_header(t) for t in stream.topics)
    return StreamDetails(
        id=stream.id,
        created_at=stream.created_at_us,
        size_bytes=sum(t.size_bytes for t in topics),
        messages_count=sum(t.messages_count for t in topics),
        name=stream.name,
        topics=topics,
    )


def _topic_fields(topic: Topic, size_bytes: int, messages_count: int) -> dict[str, object]:
    """TopicHeader's fields; TopicDetails derives partitions_count from its partitions."""
    return dict(
        id=topic.id,
        created_at=topic.created_at_us,
        message_expiry=topic.message_expiry_us,
        compression_algorithm=topic.compression_algorithm,
        max_topic_size=topic.max_topic_size_bytes,
        replication_factor=topic.replication_factor,
        size_bytes=size_bytes,
        messages_count=messages_count,
        name=topic.name,
    )


def topic_header(topic: Topic) -> TopicHeader:
    fields = _topic_fields(topic, topic.size_bytes, topic.messages_count)
    return TopicHeader(partitions_count=len(topic.partitions), **fields)  # type: ignore[arg-type]


def partition_details(partition: Partition) -> PartitionDetails:
    log = partition.log
    return PartitionDetails(
        id=partition.id,
        created_at=partition.created_at_us,
        segments_count=log.segments_count,
        current_offset=log.current_offset,
        size_bytes=log.size_bytes,
        messages_count=log.messages_count,
    )


def topic_details(topic: Topic) -> TopicDetails:
    partitions = tuple(partition_details(p) for p in topic.partitions)
    return TopicDetails(
        **_topic_fields(  # type: ignore[arg-type]
            topic, sum(p.size_bytes for p in partitions), sum(p.messages_count for p in partitions)
        ),
        partitions=partitions,
    )


def group_header(group: ConsumerGroup) -> GroupHeader:
    return GroupHeader(
        id=group.id, partitions_count=len(group.partitions), members_count=len(group.members), name=group.name
    )


def group_details(group: ConsumerGroup) -> GroupDetails:
    members = tuple(GroupMember(member_id=m.id, partition_ids=tuple(m.partitions)) for m in group.members)
    return GroupDetails(
        id=group.id,
        partitions_count=len(group.partitions),
        name=group.name,
        members=members,
    )
