"""Topics: GetTopic(s), CreateTopic, UpdateTopic, DeleteTopic, PurgeTopic (reference §3.3)."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode

from ..errors import IggyError
from ..metadata import MAX_PARTITIONS_PER_COMMAND
from . import handler
from ._common import key, topic_details, topic_header


@handler(Command.GET_TOPIC)
async def get_topic(ctx, session, payload):
    request = requests.GetTopic.decode(payload)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    if topic is None:
        return b""
    ctx.authorizer.require(session, Command.GET_TOPIC, stream_id=topic.stream_id, topic_id=topic.id)
    return topic_details(topic).encode()


@handler(Command.GET_TOPICS)
async def get_topics(ctx, session, payload):
    request = requests.GetTopics.decode(payload)
    stream = ctx.metadata.find_stream(key(request.stream_id))
    if stream is None:
        return b""
    ctx.authorizer.require(session, Command.GET_TOPICS, stream_id=stream.id)
    return b"".join(topic_header(t).encode() for t in stream.topics)


@handler(Command.CREATE_TOPIC)
async def create_topic(ctx, session, payload):
    request = requests.CreateTopic.decode(payload)
    metadata = ctx.metadata
    if request.partitions_count > MAX_PARTITIONS_PER_COMMAND:
        # Checked before anything is resolved, as the 0.8 handler does.
        raise IggyError(
            ErrorCode.TOO_MANY_PARTITIONS,
            f"{request.partitions_count} partitions: at most {MAX_PARTITIONS_PER_COMMAND}",
        )
    stream = metadata.stream(key(request.stream_id))
    ctx.authorizer.require(session, Command.CREATE_TOPIC, stream_id=stream.id)
    topic = metadata.create_topic(
        stream,
        request.name,
        request.partitions_count,
        int(request.compression_algorithm),
        request.message_expiry,
        request.max_topic_size,
        request.replication_factor,
    )
    return topic_details(topic).encode()


@handler(Command.UPDATE_TOPIC)
async def update_topic(ctx, session, payload):
    request = requests.UpdateTopic.decode(payload)
    metadata = ctx.metadata
    stream = metadata.stream(key(request.stream_id))
    topic = metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.UPDATE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    metadata.update_topic(
        topic,
        request.name,
        int(request.compression_algorithm),
        request.message_expiry,
        request.max_topic_size,
        request.replication_factor,
    )
    return b""


@handler(Command.DELETE_TOPIC)
async def delete_topic(ctx, session, payload):
    request = requests.DeleteTopic.decode(payload)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.DELETE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.delete_topic(topic)
    return b""


@handler(Command.PURGE_TOPIC)
async def purge_topic(ctx, session, payload):
    request = requests.PurgeTopic.decode(payload)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.PURGE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.purge_topic(topic)
    return b""
