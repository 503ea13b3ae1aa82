"""SendMessages (101), PollMessages (100), FlushUnsavedBuffer (102) — the message hot path.

No per-message Python work: SendMessages hands the received index table and frames (writable
memoryviews of the request buffer) to ``Partition.append``, which validates and stamps them in place
in native code and returns when the partition's durability allows the acknowledgement; PollMessages
answers the 16-byte prefix plus the stored frame buffers as a list, written without joining.

0.9 connections send and poll batches. One store serves both versions: a 0.9 batch is checked (every message
checksum and the batch checksum) and converted to the stored 0.8 frames in native code, then appended as a
0.8 send is, and the send answers its confirmation (stream, topic, partition, base offset); a 0.9 poll
converts the stored frames it read into batch records, one per run of messages sharing a timestamp.
"""

from __future__ import annotations

import struct
from typing import Any

from iggy.protocol import requests
from iggy.protocol.codes import (
    INDEX_ENTRY_SIZE,
    RESYNC_PARTITION_ID,
    SEND_CONFIRMATION_SIZE,
    Command,
    ErrorCode,
    PollingKind,
    ProtocolVersion,
)
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import SendMessagesView, encode_poll_response_prefix
from iggy.protocol.primitives import Identifier, Partitioning, Reader

from .. import _native
from ..context import HandlerContext
from ..errors import IggyError
from ..session import TRANSPORT_TCP, Session
from ..transports.metrics import TRAFFIC
from . import Response, handler
from ._common import key
from ._consumers import CONSUMER, record_poll, resolve_consumer

_EMPTY_POLL = encode_poll_response_prefix(0, 0, 0)
_RESYNC_POLL = encode_poll_response_prefix(RESYNC_PARTITION_ID, 0, 0)
V0_9 = ProtocolVersion.V0_9
# A 0.9 SendMessages answer: one confirmation (count u32, then stream, topic, partition u32 and base offset u64).
_CONFIRMATION = struct.Struct("<IIIIQ")
# Converted 0.9 batches from this size on go into pooled buffers (as large 0.8 payloads are received into them).
_POOLED_FRAMES_MIN_BYTES = 64 * 1024
assert _CONFIRMATION.size == 4 + SEND_CONFIRMATION_SIZE


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


def _decode_send_v09(
    payload: memoryview, max_messages: int
) -> tuple[Identifier, Identifier, Partitioning, int, memoryview]:
    """A 0.9 SendMessages body: (stream, topic, partitioning, messages_count, the batch after the metadata)."""
    reader = Reader(payload, version=V0_9)
    metadata_length = reader.u32("metadata_length")
    if metadata_length > reader.remaining:
        raise IggyError(ErrorCode.INVALID_COMMAND, f"metadata_length {metadata_length} exceeds the body")
    metadata = Reader(reader.view(metadata_length, "metadata"), version=V0_9)
    try:
        stream_id = Identifier.read(metadata, "stream_id")
        topic_id = Identifier.read(metadata, "topic_id")
    except ProtocolError as exc:
        raise IggyError(ErrorCode.INVALID_IDENTIFIER, exc.message) from None
    partitioning = Partitioning.read(metadata)
    messages_count = metadata.u32("messages_count")
    if metadata.remaining:
        raise IggyError(ErrorCode.INVALID_FORMAT, f"metadata_length leaves {metadata.remaining} bytes unread")
    if messages_count == 0:
        raise IggyError(ErrorCode.INVALID_MESSAGES_COUNT, "a batch needs at least one message")
    if messages_count > max_messages:
        raise IggyError(
            ErrorCode.TOO_MANY_MESSAGES,
            f"{messages_count} messages in one batch; limits.max_messages_per_batch is {max_messages}",
        )
    return stream_id, topic_id, partitioning, messages_count, payload[reader.pos :]


async def _send_v09(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    limit = ctx.config.limits.max_messages_per_batch
    stream_id, topic_id, partitioning, count, batch = _decode_send_v09(payload, limit)
    metadata = ctx.metadata
    stream = metadata.stream(key(stream_id))
    topic = metadata.topic(stream, key(topic_id))
    ctx.authorizer.require(session, Command.SEND_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    partition = topic.partition_for_send(partitioning)
    ctx.producer_seen()
    lone = ctx.lone_client.note(session)
    frames_bytes = _native.v09_frames_bytes(batch.nbytes, count)
    if frames_bytes is None:
        raise IggyError(ErrorCode.INVALID_FORMAT, f"a batch of {batch.nbytes} bytes has no 256-byte header")
    # Admitted, converted and stamped in one native pass, into buffers of the stored size (the frames into a pooled
    # buffer when the pool has one: no zeroing; it goes back once the write released its views).
    index = bytearray(INDEX_ENTRY_SIZE * count)
    pooled = ctx.io.acquire_for_receive(frames_bytes) if frames_bytes >= _POOLED_FRAMES_MIN_BYTES else None
    if pooled is None:
        frames = memoryview(bytearray(frames_bytes))
    else:
        frames = memoryview(pooled)[:frames_bytes]
        pooled.release()
    result = await partition.append(memoryview(index), frames, count, batch_v09=batch, parallel_conversion=lone)
    TRAFFIC[session.transport_kind].messages_in += count
    session.send_route = (topic, partition)
    return _CONFIRMATION.pack(1, stream.id, topic.id, partition.id, result.first_offset)


@handler(Command.SEND_MESSAGES)
async def send_messages(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    if session.protocol >= V0_9:
        return await _send_v09(ctx, session, payload)
    batch = _decode_send(payload, ctx.config.limits.max_messages_per_batch)
    metadata = ctx.metadata
    stream = metadata.stream(key(batch.stream_id))
    topic = metadata.topic(stream, key(batch.topic_id))
    ctx.authorizer.require(session, Command.SEND_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    partition = topic.partition_for_send(batch.partitioning)
    ctx.producer_seen()
    ctx.lone_client.note(session)
    appended = await partition.append(batch.index, batch.frames, batch.messages_count)
    TRAFFIC[session.transport_kind].messages_in += batch.messages_count
    session.send_route = (topic, partition)
    if session.confirm_sends:  # HTTP answers 0.9's JSON confirmation for any client (0.8's ignore the body)
        return _CONFIRMATION.pack(1, stream.id, topic.id, partition.id, appended.first_offset)
    return b""


@handler(Command.POLL_MESSAGES)
async def poll_messages(ctx: HandlerContext, session: Session, payload: memoryview) -> Response:
    request = requests.PollMessages.decode(payload, session.protocol)
    metadata = ctx.metadata
    stream = metadata.stream(key(request.stream_id))
    topic = metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.POLL_MESSAGES, stream_id=stream.id, topic_id=topic.id)
    consumer = resolve_consumer(
        metadata, topic, request.consumer, session.client_id, request.partition_id, advance=True
    )
    partition = consumer.partition
    if partition is None:
        if session.protocol >= V0_9 and consumer.group is not None and request.partition_id is not None:
            # 0.9 fences group polls: a partition the member does not own tells it to sync again.
            return _RESYNC_POLL
        return _EMPTY_POLL
    count = min(request.count, ctx.config.limits.max_poll_messages)
    lone = ctx.lone_client.note(session)
    v09 = session.protocol >= V0_9
    # A 0.9 poll copies every message into 0.9's layout: the stored checksums (verify_checksums_on_read) are
    # checked in that pass, on both threads, rather than in a pass of the read's; then the auto-commit waits for
    # them, as it does when the read checks them.
    verify_in_conversion = v09 and partition.log.verify_after_read
    commit_on_read = request.auto_commit and not verify_in_conversion
    result = await partition.poll(
        request.strategy, count, consumer.kind, consumer.offset_key, commit_on_read, verify=not verify_in_conversion
    )
    records: list[Any] = list(result.buffers)
    if v09 and records:
        # What the producers' 0.9 appends told of their checksums spares hashing those messages again.
        known, known_start_offset = partition.log.known_v09 or (None, 0)
        records = [
            _native.poll_batches(
                buffer, partition.id, verify_in_conversion, known, known_start_offset, parallel=lone
            )[0]
            for buffer in records
        ]
    if request.auto_commit and not commit_on_read:
        partition.commit_polled(consumer.kind, consumer.offset_key, result)
    record_poll(topic, consumer, result, request.auto_commit)
    TRAFFIC[session.transport_kind].messages_out += result.messages_count
    if (
        consumer.kind == CONSUMER
        and not v09
        and not request.auto_commit
        and request.strategy.kind == PollingKind.OFFSET
        and session.transport_kind == TRANSPORT_TCP
        and partition.log.lane is not None
    ):
        # A consumer reading on by offset: its next polls may take the native data path (tcp.connection).
        next_offset = result.last_offset + 1 if result.messages_count else request.strategy.value
        session.poll_route = (partition, next_offset)
    prefix = encode_poll_response_prefix(partition.id, partition.log.current_offset, result.messages_count)
    if not records:
        return prefix
    return [prefix, *records]


@handler(Command.FLUSH_UNSAVED_BUFFER)
async def flush_unsaved_buffer(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.FlushUnsavedBuffer.decode(payload, session.protocol)
    stream = ctx.metadata.stream(key(request.stream_id))
    topic = ctx.metadata.topic(stream, key(request.topic_id))
    ctx.authorizer.require(session, Command.FLUSH_UNSAVED_BUFFER, stream_id=stream.id, topic_id=topic.id)
    partition = ctx.metadata.partition(topic, request.partition_id)
    partition.flush(bool(request.fsync))
    return b""
