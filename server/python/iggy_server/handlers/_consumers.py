"""Who a PollMessages / offset command acts for: (offset kind, offset key, partition)."""

from __future__ import annotations

from dataclasses import dataclass

from iggy.protocol.codes import ConsumerKind, ErrorCode
from iggy.protocol.primitives import Consumer

from .._native import xxh32
from ..errors import IggyError
from ..groups import ConsumerGroup, Member
from ..metadata import Metadata, Topic, committed_offset_lookup
from ..storage import Partition, ReadResult
from ._common import key

CONSUMER = ConsumerKind.CONSUMER
CONSUMER_GROUP = ConsumerKind.CONSUMER_GROUP

__all__ = ["CONSUMER", "CONSUMER_GROUP", "ResolvedConsumer", "consumer_key", "record_poll", "resolve_consumer"]


def consumer_key(consumer: Consumer) -> int:
    """The stored-offset key of a single consumer: its numeric id, or XXH32(seed 0) of its name."""
    value = consumer.id.value
    if isinstance(value, int):
        return value
    return xxh32(value.encode("utf-8"), 0)


@dataclass(slots=True)
class ResolvedConsumer:
    kind: int
    offset_key: int  # consumer id (kind 1) or group id (kind 2)
    partition: Partition | None  # None: a group member with nothing to read
    group: ConsumerGroup | None = None
    member: Member | None = None


def resolve_consumer(
    metadata: Metadata, topic: Topic, consumer: Consumer, client_id: int, partition_id: int | None, *, advance: bool
) -> ResolvedConsumer:
    """Partition choice per reference §4.5 / §3.6.

    Consumer: the explicit partition or 0 (missing → 3007). Group: must exist (5000) and the caller
    must be a member (5006); explicit partition must be one of the member's (else partition None);
    no partition → the member's round-robin cursor (advanced when ``advance``, i.e. for polls).
    """
    if consumer.kind == CONSUMER:
        partition = metadata.partition(topic, 0 if partition_id is None else partition_id)
        return ResolvedConsumer(CONSUMER, consumer_key(consumer), partition)
    group = metadata.group(topic, key(consumer.id))
    member = group.member_of(client_id)
    if member is None:
        raise IggyError(
            ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
            f"client {client_id} is not a member of consumer group {group.id} of topic {topic.id}",
        )
    chosen = group.partition_for_poll(member, partition_id, advance)
    partition = None if chosen is None else topic.partition(chosen)
    return ResolvedConsumer(CONSUMER_GROUP, group.id, partition, group, member)


def record_poll(topic: Topic, consumer: ResolvedConsumer, result: ReadResult, committed: bool) -> None:
    """A group's bookkeeping after a poll: what was polled from the partition, and (after an auto-commit)
    the revocations that commit completes. Nothing for a single consumer or an empty poll."""
    group = consumer.group
    if group is None or not result.messages_count:
        return
    assert consumer.partition is not None
    group.last_polled[consumer.partition.id] = result.last_offset
    if committed:
        group.complete_ready_revocations(committed_offset_lookup(topic, group))
