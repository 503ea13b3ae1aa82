"""DeleteSegments (503): drop the oldest sealed segments of one partition."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command

from ..context import HandlerContext
from ..session import Session
from . import handler
from ._common import key


@handler(Command.DELETE_SEGMENTS)
async def delete_segments(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeleteSegments.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.DELETE_SEGMENTS, stream_id=stream.id, topic_id=topic.id)
    partition = ctx.metadata.partition(topic, request.partition_id)
    ctx.metadata.delete_segments(partition, request.segments_count)
    return b""
