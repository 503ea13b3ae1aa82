"""Consumer groups: Get/GetAll/Create/Delete/Join/Leave (600–605), reference §3.6 and §6.7."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.responses import SyncConsumerGroupResponse

from ..context import HandlerContext
from ..metadata import Topic, committed_offset_lookup
from ..session import Session
from . import handler
from ._common import group_details, group_header, key


@handler(Command.GET_CONSUMER_GROUP)
async def get_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetConsumerGroup.decode(payload, session.protocol)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    group = None if topic is None else topic.find_group(key(request.group_id))
    if group is None:
        return b""
    ctx.authorizer.require(session, Command.GET_CONSUMER_GROUP, stream_id=topic.stream_id, topic_id=topic.id)
    return group_details(group).encode(session.protocol)


@handler(Command.GET_CONSUMER_GROUPS)
async def get_consumer_groups(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetConsumerGroups.decode(payload, session.protocol)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    if topic is None:
        return b""
    ctx.authorizer.require(session, Command.GET_CONSUMER_GROUPS, stream_id=topic.stream_id, topic_id=topic.id)
    return b"".join(group_header(g).encode(session.protocol) for g in topic.groups)


# The group commands that name a topic the caller must be allowed to act on.
GroupRequest = (
    requests.CreateConsumerGroup
    | requests.DeleteConsumerGroup
    | requests.JoinConsumerGroup
    | requests.LeaveConsumerGroup
    | requests.SyncConsumerGroup
)


def _topic(ctx: HandlerContext, session: Session, request: GroupRequest, command: Command) -> Topic:
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, command, stream_id=stream.id, topic_id=topic.id)
    return topic


@handler(Command.CREATE_CONSUMER_GROUP)
async def create_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.CreateConsumerGroup.decode(payload, session.protocol)
    topic = _topic(ctx, session, request, Command.CREATE_CONSUMER_GROUP)
    group = ctx.groups.create_group(topic, request.name)
    return group_header(group).encode(session.protocol)


@handler(Command.DELETE_CONSUMER_GROUP)
async def delete_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeleteConsumerGroup.decode(payload, session.protocol)
    topic = _topic(ctx, session, request, Command.DELETE_CONSUMER_GROUP)
    ctx.groups.delete_group(topic, ctx.metadata.group(topic, key(request.group_id)))
    return b""


@handler(Command.JOIN_CONSUMER_GROUP)
async def join_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.JoinConsumerGroup.decode(payload, session.protocol)
    topic = _topic(ctx, session, request, Command.JOIN_CONSUMER_GROUP)
    ctx.groups.join_group(topic, ctx.metadata.group(topic, key(request.group_id)), session)
    return b""


@handler(Command.LEAVE_CONSUMER_GROUP)
async def leave_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.LeaveConsumerGroup.decode(payload, session.protocol)
    topic = _topic(ctx, session, request, Command.LEAVE_CONSUMER_GROUP)
    ctx.groups.leave_group(topic, ctx.metadata.group(topic, key(request.group_id)), session)
    return b""


@handler(Command.SYNC_CONSUMER_GROUP)
async def sync_consumer_group(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """0.9: the caller's partitions at the group's generation; an empty body when it is not a member. Revocations
    whose polled messages are committed complete first, so a member learns a hand-off at its next sync."""
    request = requests.SyncConsumerGroup.decode(payload, session.protocol)
    topic = _topic(ctx, session, request, Command.SYNC_CONSUMER_GROUP)
    group = ctx.metadata.group(topic, key(request.group_id))
    member = group.member_of(session.client_id)
    if member is None:
        return b""
    group.complete_ready_revocations(committed_offset_lookup(topic, group))
    partitions = tuple(member.effective_partitions())
    return SyncConsumerGroupResponse(generation=group.generation, partitions=partitions).encode(session.protocol)
