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

import struct

from iggy.protocol.codes import HeaderKind

from ..groups import ConsumerGroup
from ..metadata import Metadata, Stream, Topic, storage_config_for
from ..options import Option, derived_topic_options, encode_block
from ..storage import Partition

__all__ = [
    "key",
    "stream_header",
    "stream_details",
    "topic_header",
    "topic_details",
    "topic_option_blocks",
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


def stream_details(stream: Stream, metadata: Metadata | None = None) -> StreamDetails:
    topics = tuple(topic_header(t, metadata) for t in stream.topics)
    return StreamDetails(
        id=stream.id,
        created_at=stream.created_at_us,
        size_bytes=sum(t.size_bytes for t in topics),
        messages_count=sum(t.messages_count for t in topics),
        name=stream.name,
        topics=topics,
    )


def topic_option_blocks(metadata: Metadata, topic: Topic) -> tuple[bytes, bytes]:
    """A topic's 0.9 option blocks: the options the client set, and every other catalog key as resolved."""
    storage = storage_config_for(metadata.storage_config, topic.options)
    resolved = {
        "compression_algorithm": Option("compression_algorithm", HeaderKind.STRING,
                                        _COMPRESSION_NAMES.get(topic.compression_algorithm, b"none")),
        "message_expiry": Option("message_expiry", HeaderKind.UINT64, _U64.pack(topic.message_expiry_us)),
        "max_topic_size": Option("max_topic_size", HeaderKind.UINT64, _U64.pack(topic.max_topic_size_bytes)),
        "segment_size": Option("segment_size", HeaderKind.UINT64, _U64.pack(storage.segment_size_bytes)),
        "durability": Option("durability", HeaderKind.STRING, b"replicated"),
        "consumer_offset_durability": Option("consumer_offset_durability", HeaderKind.STRING, b"replicated"),
        "messages_required_to_save": Option("messages_required_to_save", HeaderKind.UINT32,
                                            struct.pack("<I", storage.messages_required_to_save)),
        "size_of_messages_required_to_save": Option("size_of_messages_required_to_save", HeaderKind.UINT64,
                                                    _U64.pack(_SIZE_OF_MESSAGES_REQUIRED_TO_SAVE)),
        "preallocate_segments": Option("preallocate_segments", HeaderKind.BOOL, b"\x00"),
    }
    return encode_block(topic.options), encode_block(derived_topic_options(topic.options, resolved))


_U64 = struct.Struct("<Q")
_COMPRESSION_NAMES = {1: b"none", 2: b"gzip"}
# The catalog default (options.toml): this server flushes by message count, not by size.
_SIZE_OF_MESSAGES_REQUIRED_TO_SAVE = 1024 * 1024


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


def topic_header(topic: Topic, metadata: Metadata | None = None) -> TopicHeader:
    """`metadata` given: with the 0.9 option blocks (0.8 answers leave them out)."""
    fields = _topic_fields(topic, topic.size_bytes, topic.messages_count)
    if metadata is not None:
        fields["options"], fields["derived_options"] = topic_option_blocks(metadata, topic)
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


def topic_details(topic: Topic, metadata: Metadata | None = None) -> TopicDetails:
    """`metadata` given: with the 0.9 option blocks (0.8 answers leave them out)."""
    partitions = tuple(partition_details(p) for p in topic.partitions)
    fields = _topic_fields(topic, sum(p.size_bytes for p in partitions), sum(p.messages_count for p in partitions))
    if metadata is not None:
        fields["options"], fields["derived_options"] = topic_option_blocks(metadata, topic)
    return TopicDetails(**fields, partitions=partitions)  # type: ignore[arg-type]


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
