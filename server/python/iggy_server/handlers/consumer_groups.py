"""Consumer groups: Get/GetAll/Create/Delete/Join/Leave (600–605), reference §3.6 and §6.7."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command

from . import handler
from ._common import group_details, group_header, key


@handler(Command.GET_CONSUMER_GROUP)
async def get_consumer_group(ctx, session, payload):
    request = requests.GetConsumerGroup.decode(payload)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    group = None if topic is None else topic.find_group(key(request.group_id))
    if group is None:
        return b""
    ctx.authorizer.require(session, Command.GET_CONSUMER_GROUP, stream_id=topic.stream_id, topic_id=topic.id)
    return group_details(group).encode()


@handler(Command.GET_CONSUMER_GROUPS)
async def get_consumer_groups(ctx, session, payload):
    request = requests.GetConsumerGroups.decode(payload)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    if topic is None:
        return b""
    ctx.authorizer.require(session, Command.GET_CONSUMER_GROUPS, stream_id=topic.stream_id, topic_id=topic.id)
    return b"".join(group_header(g).encode() for g in topic.groups)


def _topic(ctx, session, request, command):
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, command, stream_id=stream.id, topic_id=topic.id)
    return topic


@handler(Command.CREATE_CONSUMER_GROUP)
async def create_consumer_group(ctx, session, payload):
    request = requests.CreateConsumerGroup.decode(payload)
    topic = _topic(ctx, session, request, Command.CREATE_CONSUMER_GROUP)
    group = ctx.metadata.create_group(topic, request.name)
    return group_header(group).encode()


@handler(Command.DELETE_CONSUMER_GROUP)
async def delete_consumer_group(ctx, session, payload):
    request = requests.DeleteConsumerGroup.decode(payload)
    topic = _topic(ctx, session, request, Command.DELETE_CONSUMER_GROUP)
    ctx.metadata.delete_group(topic, ctx.metadata.group(topic, key(request.group_id)))
    return b""


@handler(Command.JOIN_CONSUMER_GROUP)
async def join_consumer_group(ctx, session, payload):
    request = requests.JoinConsumerGroup.decode(payload)
    topic = _topic(ctx, session, request, Command.JOIN_CONSUMER_GROUP)
    ctx.metadata.join_group(topic, ctx.metadata.group(topic, key(request.group_id)), session)
    return b""


@handler(Command.LEAVE_CONSUMER_GROUP)
async def leave_consumer_group(ctx, session, payload):
    request = requests.LeaveConsumerGroup.decode(payload)
    topic = _topic(ctx, session, request, Command.LEAVE_CONSUMER_GROUP)
    ctx.metadata.leave_group(topic, ctx.metadata.group(topic, key(request.group_id)), session)
    return b""
