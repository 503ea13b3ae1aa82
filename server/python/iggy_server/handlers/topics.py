"""Topics: GetTopic(s), CreateTopic, UpdateTopic, DeleteTopic, PurgeTopic (reference §3.3).

0.9 sets a topic's settings through an options block (server/python/iggy_server/options.py) instead of fixed
fields, answers both option blocks in every topic, and counts GetTopics' list.
"""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, CompressionAlgorithm, ErrorCode, ProtocolVersion
from iggy.protocol.responses import encode_response_body

from ..context import HandlerContext
from ..errors import IggyError
from ..metadata import MAX_PARTITIONS_PER_COMMAND, Topic
from ..options import Option, parse_topic_options
from ..session import Session
from . import handler
from ._common import key, topic_details, topic_header

V0_9 = ProtocolVersion.V0_9


@handler(Command.GET_TOPIC)
async def get_topic(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetTopic.decode(payload, session.protocol)
    topic = ctx.metadata.find_topic(key(request.stream_id), key(request.topic_id))
    if topic is None:
        return b""
    ctx.authorizer.require(session, Command.GET_TOPIC, stream_id=topic.stream_id, topic_id=topic.id)
    return _details(ctx, session, topic)


@handler(Command.GET_TOPICS)
async def get_topics(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetTopics.decode(payload, session.protocol)
    stream = ctx.metadata.find_stream(key(request.stream_id))
    if stream is None:
        if session.protocol >= V0_9:  # 0.9 answers a missing stream with its error (an empty body is no list)
            raise IggyError(ErrorCode.STREAM_ID_NOT_FOUND, f"stream {request.stream_id} was not found")
        return b""
    ctx.authorizer.require(session, Command.GET_TOPICS, stream_id=stream.id)
    metadata = ctx.metadata if session.protocol >= V0_9 else None
    headers = [topic_header(t, metadata) for t in stream.topics]
    return encode_response_body(Command.GET_TOPICS, headers, session.protocol)


@handler(Command.CREATE_TOPIC)
async def create_topic(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.CreateTopic.decode(payload, session.protocol)
    metadata = ctx.metadata
    if request.partitions_count > MAX_PARTITIONS_PER_COMMAND:
        # Checked before anything is resolved, as the 0.8 handler does.
        raise IggyError(
            ErrorCode.TOO_MANY_PARTITIONS,
            f"{request.partitions_count} partitions: at most {MAX_PARTITIONS_PER_COMMAND}",
        )
    options: tuple[Option, ...] = ()
    if session.protocol >= V0_9:
        parsed = parse_topic_options(request.options)
        options = parsed.explicit
        settings = (
            parsed.compression_algorithm or CompressionAlgorithm.NONE,
            parsed.message_expiry_us or 0,  # 0: the server's default, as in 0.8
            parsed.max_topic_size_bytes or 0,
            0,
        )
    else:
        settings = (int(request.compression_algorithm), request.message_expiry, request.max_topic_size,
                    request.replication_factor)
    stream = metadata.stream(key(request.stream_id))
    ctx.authorizer.require(session, Command.CREATE_TOPIC, stream_id=stream.id)
    topic = metadata.create_topic(stream, request.name, request.partitions_count, *settings, options=options)
    return _details(ctx, session, topic)


@handler(Command.UPDATE_TOPIC)
async def update_topic(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.UpdateTopic.decode(payload, session.protocol)
    metadata = ctx.metadata
    stream = metadata.stream(key(request.stream_id))
    topic = metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.UPDATE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    if session.protocol >= V0_9:
        # A patch: a key the client leaves out keeps its value.
        parsed = parse_topic_options(request.options, updating=True)
        merged = {option.key: option for option in topic.options} | {o.key: o for o in parsed.explicit}
        settings = (
            parsed.compression_algorithm or topic.compression_algorithm,
            topic.message_expiry_us if parsed.message_expiry_us is None else parsed.message_expiry_us,
            topic.max_topic_size_bytes if parsed.max_topic_size_bytes is None else parsed.max_topic_size_bytes,
            topic.replication_factor,
        )
        options: tuple[Option, ...] | None = tuple(sorted(merged.values(), key=lambda option: option.key))
    else:
        settings = (int(request.compression_algorithm), request.message_expiry, request.max_topic_size,
                    request.replication_factor)
        options = None
    metadata.update_topic(topic, request.name, *settings, options=options)
    return b""


@handler(Command.DELETE_TOPIC)
async def delete_topic(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeleteTopic.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.DELETE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.delete_topic(topic)
    return b""


@handler(Command.PURGE_TOPIC)
async def purge_topic(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.PurgeTopic.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.PURGE_TOPIC, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.purge_topic(topic)
    return b""


def _details(ctx: HandlerContext, session: Session, topic: Topic) -> bytes:
    metadata = ctx.metadata if session.protocol >= V0_9 else None
    return topic_details(topic, metadata).encode(session.protocol)
