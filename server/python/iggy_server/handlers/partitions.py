"""CreatePartitions (402) and DeletePartitions (403): partitions are appended / removed from the top."""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode

from ..context import HandlerContext
from ..errors import IggyError
from ..metadata import MAX_PARTITIONS_PER_COMMAND
from ..session import Session
from . import handler
from ._common import key


@handler(Command.CREATE_PARTITIONS)
async def create_partitions(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.CreatePartitions.decode(payload, session.protocol)
    if not 1 <= request.partitions_count <= MAX_PARTITIONS_PER_COMMAND:
        raise IggyError(
            ErrorCode.TOO_MANY_PARTITIONS,
            f"partitions count {request.partitions_count} must be 1..{MAX_PARTITIONS_PER_COMMAND}",
        )
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.CREATE_PARTITIONS, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.create_partitions(topic, request.partitions_count)
    return b""


@handler(Command.DELETE_PARTITIONS)
async def delete_partitions(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.DeletePartitions.decode(payload, session.protocol)
    if request.partitions_count == 0:
        raise IggyError(ErrorCode.TOO_MANY_PARTITIONS, "partitions count must be at least 1")
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.DELETE_PARTITIONS, stream_id=stream.id, topic_id=topic.id)
    ctx.metadata.delete_partitions(topic, request.partitions_count)
    return b""
