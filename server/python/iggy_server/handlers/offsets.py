"""Consumer offsets: GetConsumerOffset (120), StoreConsumerOffset (121), DeleteConsumerOffset (122).

Semantics per reference §3.6: a group's offset is shared by all members; GetConsumerOffset answers
an empty OK for every lookup failure (only 40/41 are errors) and needs no group membership.
"""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode, ProtocolVersion
from iggy.protocol.responses import ConsumerOffsetInfo

from ..context import HandlerContext
from ..errors import IggyError
from ..metadata import Topic, committed_offset_lookup
from ..session import Session
from . import handler
from ._common import key
from ._consumers import CONSUMER, CONSUMER_GROUP, ResolvedConsumer, consumer_key, resolve_consumer


@handler(Command.GET_CONSUMER_OFFSET)
async def get_consumer_offset(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetConsumerOffset.decode(payload, session.protocol)
    metadata = ctx.metadata
    topic = metadata.find_topic(key(request.stream_id), key(request.topic_id))
    if topic is None:
        return b""
    ctx.authorizer.require(session, Command.GET_CONSUMER_OFFSET, stream_id=topic.stream_id, topic_id=topic.id)
    partition_id = 0 if request.partition_id is None else request.partition_id
    if request.consumer.kind == CONSUMER:
        kind, offset_key = CONSUMER, consumer_key(request.consumer)
    else:
        group = topic.find_group(key(request.consumer.id))
        if group is None:
            return b""
        kind, offset_key = CONSUMER_GROUP, group.id
    partition = topic.partition(partition_id)
    if partition is None:
        return b""
    stored = partition.offsets.get(kind, offset_key)
    if stored is None:
        return b""
    return ConsumerOffsetInfo(partition.id, partition.log.current_offset, stored).encode(session.protocol)


def _resolve_for_mutation(
    ctx: HandlerContext,
    session: Session,
    request: requests.StoreConsumerOffset | requests.DeleteConsumerOffset,
    command: Command,
) -> tuple[Topic, ResolvedConsumer]:
    metadata = ctx.metadata
    stream = metadata.stream(key(request.stream_id))
    topic = metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, command, stream_id=stream.id, topic_id=topic.id)
    consumer = resolve_consumer(
        metadata, topic, request.consumer, session.client_id, request.partition_id, advance=False
    )
    if consumer.partition is None:
        if session.protocol >= ProtocolVersion.V0_9 and consumer.group is not None:
            # 0.9 fences a member's offset writes to the partitions it owns (5009 tells it to sync again).
            raise IggyError(
                ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED,
                f"partition {request.partition_id} is not owned by client {session.client_id} in consumer group"
                f" {consumer.group.id}",
            )
        raise IggyError(ErrorCode.NOT_RESOLVED_CONSUMER, f"consumer {request.consumer.id} owns no such partition")
    return topic, consumer


@handler(Command.STORE_CONSUMER_OFFSET)
async def store_consumer_offset(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.StoreConsumerOffset.decode(payload, session.protocol)
    topic, consumer = _resolve_for_mutation(ctx, session, request, Command.STORE_CONSUMER_OFFSET)
    consumer.partition.store_offset(consumer.kind, consumer.offset_key, request.offset)
    if consumer.group is not None:
        consumer.group.complete_ready_revocations(committed_offset_lookup(topic, consumer.group))
    return b""


@handler(Command.DELETE_CONSUMER_OFFSET)
async def delete_consumer_offset(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeleteConsumerOffset.decode(payload, session.protocol)
    _topic, consumer = _resolve_for_mutation(ctx, session, request, Command.DELETE_CONSUMER_OFFSET)
    if not consumer.partition.offsets.delete(consumer.kind, consumer.offset_key):
        raise IggyError(ErrorCode.CONSUMER_OFFSET_NOT_FOUND, f"no stored offset for consumer {request.consumer.id}")
    return b""
