"""SendMessages (101), PollMessages (100), FlushUnsavedBuffer (102) — the message hot path.

No per-message Python work: SendMessages hands the received index table and frames (writable
memoryviews of the request buffer) to ``PartitionLog.append``, which validates and stamps them in
place in native code; PollMessages answers the 16-byte prefix plus the stored frame buffers as a
list, written without joining.
"""

from __future__ import annotations

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.kinds import PartitioningKind, PollingKind
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import SendMessagesView, encode_poll_response_prefix
from iggy.protocol.primitives import Identifier, Reader

from ..errors import IggyError
from ..storage.resources import write_queue
from . import handler
from ._common import key
from ._consumers import CONSUMER_GROUP, resolve_consumer

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


@handler(Command.SEND_MESSAGES)
async def send_messages(ctx, session, payload):
    _check_send_identifiers(payload)
    batch = SendMessagesView.decode(payload)
    if batch.messages_count == 0:
        raise IggyError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    max_messages = ctx.config.limits.max_messages_per_batch
    if batch.messages_count > max_messages:
        raise IggyError(
            ErrorCode.TOO_MANY_MESSAGES,
            f"{batch.messages_count} messages in one batch; limits.max_messages_per_batch is {max_messages}",
        )
    metadata = ctx.metadata
    stream = metadata.stream(key(batch.stream_id))
    topic = metadata.topic(stream, key(batch.topic_id))
    ctx.authorizer.require(session, Command.SEND_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    partitions_count = len(topic.partitions)
    partitioning = batch.partitioning
    if partitioning.kind == PartitioningKind.PARTITION_ID:
        partition = metadata.partition(topic, partitioning.partition)
    else:
        if partitions_count == 0:
            raise IggyError(ErrorCode.NO_PARTITIONS, f"topic {topic.id} of stream {stream.id} has no partitions")
        if partitioning.kind == PartitioningKind.BALANCED:
            partition_id = topic.balanced_counter % partitions_count
            topic.balanced_counter = (topic.balanced_counter + 1) % partitions_count
        else:
            from .._native import xxh32

            partition_id = xxh32(partitioning.value, 0) % partitions_count
        partition = topic.partitions[partition_id]
    log = partition.log
    log.append(batch.index, batch.frames, batch.messages_count, defer_sync=True)
    metadata.dirty_partitions.add(partition)
    if log.durable:
        # Acknowledge only once on disk; concurrent producers share the fdatasync (group commit).
        await log.wait_durable()
    elif log.background_writes and write_queue().over_limit():
        await write_queue().wait_below_limit()  # backpressure instead of unbounded queued batches
    return b""


def _read(log, strategy, count: int, stored_offset: int | None):
    kind = strategy.kind
    if kind == PollingKind.OFFSET:
        return log.read_by_offset(strategy.value, count)
    if kind == PollingKind.TIMESTAMP:
        return log.read_by_timestamp(strategy.value, count)
    if kind == PollingKind.FIRST:
        return log.read_first(count)
    if kind == PollingKind.LAST:
        return log.read_last(count)
    # NEXT: after the stored offset, or from the start when nothing is stored.
    if stored_offset is None:
        return log.read_first(count)
    return log.read_by_offset(stored_offset + 1, count)


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
    log = partition.log
    count = min(request.count, ctx.config.limits.max_poll_messages)
    if count == 0:
        return encode_poll_response_prefix(partition.id, log.current_offset, 0)
    if log.has_unwritten:  # memory durability: what was acknowledged is readable once the writer has it
        await log.wait_written()
    stored = None
    if request.strategy.kind == PollingKind.NEXT:
        stored = partition.offsets.get(consumer.kind, consumer.offset_key)
    result = _read(log, request.strategy, count, stored)
    if result.messages_count:
        if consumer.kind == CONSUMER_GROUP:
            consumer.group.last_polled[partition.id] = result.last_offset
        if request.auto_commit:
            partition.offsets.store(consumer.kind, consumer.offset_key, result.last_offset)
            if consumer.group is not None:
                consumer.group.complete_ready_revocations(metadata.committed_offset_lookup(topic, consumer.group))
    prefix = encode_poll_response_prefix(partition.id, log.current_offset, result.messages_count)
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
    partition.log.flush(bool(request.fsync))
    return b""
