"""SendMessages (101), PollMessages (100), FlushUnsavedBuffer (102) — the message hot path.

No per-message Python work: SendMessages hands the received index table and frames (writable
memoryviews of the request buffer) to ``Partition.append``, which validates and stamps them in place
in native code and returns when the partition's durability allows the acknowledgement; PollMessages
answers the 16-byte prefix plus the stored frame buffers as a list, written without joining.
"""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import SendMessagesView, encode_poll_response_prefix
from iggy.protocol.primitives import Identifier, Reader

from ..errors import IggyError
from ..transports.metrics import TRAFFIC
from . import handler
from ._common import key
from ._consumers import record_poll, resolve_consumer

_EMPTY_POLL = encode_poll_response_prefix(0, 0, 0)


def _check_send_identifiers(payload: memoryview) -> None:
    """0.8 parses the SendMessages stream/topic ids strictly: any malformed one is 6 InvalidIdentifier."""
    if len(payload) < 4 or 4 + int.from_bytes(payload[:4], "little") > len(payload):
        return  # framing problem: SendMessagesView.decode answers it (3 InvalidCommand)
    reader = Reader(payload, 4, 4 + int.from_bytes(payload[:4], "little"))
    try:
        Identifier.read(reader, "stream_id")
        Identifier.read(reader, "topic_id")
    except ProtocolError as exc:
        raise IggyError(ErrorCode.INVALID_IDENTIFIER, exc.message) from None


def _decode_send(payload: memoryview, max_messages: int) -> SendMessagesView:
    try:
        batch = SendMessagesView.decode(payload)
    except ProtocolError:
        # The identifiers are decoded first, so a malformed one is what failed if it is malformed at all.
        _check_send_identifiers(payload)
        raise
    if batch.messages_count == 0:
        raise IggyError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    if batch.messages_count > max_messages:
        raise IggyError(
            ErrorCode.TOO_MANY_MESSAGES,
            f"{batch.messages_count} messages in one batch; limits.max_messages_per_batch is {max_messages}",
        )
    return batch


@handler(Command.SEND_MESSAGES)
async def send_messages(ctx, session, payload):
    batch = _decode_send(payload, ctx.config.limits.max_messages_per_batch)
    metadata = ctx.metadata
    stream = metadata.stream(key(batch.stream_id))
    topic = metadata.topic(stream, key(batch.topic_id))
    ctx.authorizer.require(session, Command.SEND_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    partition = topic.partition_for_send(batch.partitioning)
    await partition.append(batch.index, batch.frames, batch.messages_count)
    TRAFFIC[session.transport_kind].messages_in += batch.messages_count
    return b""


@handler(Command.POLL_MESSAGES)
async def poll_messages(ctx, session, payload):
    request = requests.PollMessages.decode(payload)
    metadata = ctx.metadata
    stream = metadata.stream(key(request.stream_id))
    topic = metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.POLL_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    consumer = resolve_consumer(
        metadata, topic, request.consumer, session.client_id, request.partition_id, advance=True
    )
    partition = consumer.partition
    if partition is None:
        return _EMPTY_POLL
    count = min(request.count, ctx.config.limits.max_poll_messages)
    result = await partition.poll(request.strategy, count, consumer.kind, consumer.offset_key, request.auto_commit)
    record_poll(metadata, topic, consumer, result, request.auto_commit)
    TRAFFIC[session.transport_kind].messages_out += result.messages_count
    prefix = encode_poll_response_prefix(partition.id, partition.log.current_offset, result.messages_count)
    if not result.buffers:
        return prefix
    return [prefix, *result.buffers]


@handler(Command.FLUSH_UNSAVED_BUFFER)
async def flush_unsaved_buffer(ctx, session, payload):
    request = requests.FlushUnsavedBuffer.decode(payload)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.FLUSH_UNSAVED_BUFFER, stream_id=stream.id, topic_id=topic.id)
    partition = ctx.metadata.partition(topic, request.partition_id)
    partition.flush(bool(request.fsync))
    return b""
