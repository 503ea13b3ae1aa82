"""High-level consumer: a single consumer or a consumer-group member, with auto-commit modes.

Single consumer (`consumer_id`, fixed `partition_id` or every partition round robin): the first poll
of a partition uses the configured strategy (Next resumes from the stored offset); afterwards the
consumer tracks its position locally and polls `Offset(last + 1)`, so it never needs a commit to make
progress. Commits store "the last offset handed to the application".

Group member (`group`): the group is created if missing (5004 tolerated) and joined. A group's position lives on
the server (`Next` = stored + 1), so the consumer commits what it handed out before polling again unless commits
are disabled (then the application must call `commit()`; uncommitted messages are delivered again, de-duplicated
locally).

* Iggy 0.8: it polls with partition None, so the server picks among the partitions it assigned to this member —
  rebalances are followed without client work.
* Iggy 0.9 (the cooperative protocol the official 0.9 clients speak): the member asks for its assignment with
  SyncConsumerGroup (a generation and its partitions) and polls only those partitions, round robin. It syncs
  again every `sync_interval_ms`, when it has no partition, and at once when a poll is fenced (an empty answer
  whose partition id is `RESYNC_PARTITION_ID`, or 5009). A partition taken away is handed off without
  duplicates: the messages already polled from it are still delivered and committed, nothing more is polled from
  it, and the server moves it to its new owner once the group's stored offset reaches what was polled (the new
  owner resumes right after). After a reconnect (a new session) the member joins again.

Auto-commit modes (`AutoCommit`): `disabled()`, `interval(ms)`, `after_poll()` (the server stores the
polled offset as part of the poll: at-most-once), `when_consumed()` (default: a batch is committed
once every message of it was handed out and the next one is requested: at-least-once).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .client import IggyClient
from .errors import AlreadyExistsError, ClientClosedError, IggyError, NotFoundError
from .protocol.codes import RESYNC_PARTITION_ID, ErrorCode, ProtocolVersion
from .protocol.messages import Message
from .protocol.primitives import Consumer, HeaderValue, IdentifierLike, PollingStrategy, UserHeaders

log = logging.getLogger("iggy.consumer")

# Errors on a commit that mean "this partition is no longer ours" during a rebalance: skip the commit.
_STALE_COMMIT_CODES = frozenset(
    {
        ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
        ErrorCode.PARTITION_NOT_FOUND,
        ErrorCode.INVALID_OFFSET,
        ErrorCode.NOT_RESOLVED_CONSUMER,
        ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED,
    }
)
# 0.9: a poll refused because the partition is not (or no longer) this member's: sync the assignment again.
_FENCED_CODES = frozenset({ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED})


@dataclass(frozen=True, slots=True)
class AutoCommit:
    """When the consumer stores offsets on its own."""

    mode: str
    interval_ms: int = 0

    @classmethod
    def disabled(cls) -> AutoCommit:
        return cls("disabled")

    @classmethod
    def interval(cls, interval_ms: int) -> AutoCommit:
        if interval_ms <= 0:
            raise ValueError("auto-commit interval must be positive")
        return cls("interval", interval_ms)

    @classmethod
    def after_poll(cls) -> AutoCommit:
        return cls("after_poll")

    @classmethod
    def when_consumed(cls) -> AutoCommit:
        return cls("when_consumed")


class ReceivedMessage:
    """A polled message plus the partition it came from. Payload is a memoryview (zero-copy)."""

    __slots__ = ("partition_id", "message")

    def __init__(self, partition_id: int, message: Message) -> None:
        self.partition_id = partition_id
        self.message = message

    @property
    def offset(self) -> int:
        return self.message.offset

    @property
    def id(self) -> int:
        return self.message.id

    @property
    def payload(self) -> memoryview:
        return self.message.payload  # type: ignore[return-value]

    def payload_bytes(self) -> bytes:
        return bytes(self.message.payload)

    @property
    def timestamp_us(self) -> int:
        return self.message.timestamp_us

    @property
    def origin_timestamp_us(self) -> int:
        return self.message.origin_timestamp_us

    @property
    def headers(self) -> UserHeaders:
        return self.message.user_headers

    def header(self, key: str | HeaderValue) -> Any:
        """The Python value of a user header (string keys match string-kind keys), or None."""
        value = self.message.user_headers.get(HeaderValue.of(key))
        return None if value is None else value.value

    def __repr__(self) -> str:
        return (
            f"ReceivedMessage(partition_id={self.partition_id}, offset={self.offset}, "
            f"payload={bytes(self.payload)[:32]!r})"
        )


class IggyConsumer:
    """Consumes one stream/topic. `await init()` (or `async with`), then `async for msg in consumer`,
    `await consumer.poll()` for a list, or `await consumer.consume(handler)`."""

    def __init__(
        self,
        client: IggyClient,
        stream: IdentifierLike,
        topic: IdentifierLike,
        *,
        group: IdentifierLike | None = None,
        consumer_id: IdentifierLike | None = None,
        partition_id: int | None = None,
        strategy: PollingStrategy | None = None,
        batch_length: int = 100,
        poll_interval_ms: int = 100,
        auto_commit: AutoCommit | None = None,
        create_group_if_missing: bool = True,
        init_retries: int = 5,
        init_retry_interval_ms: int = 500,
        sync_interval_ms: int = 1000,
    ) -> None:
        if group is not None and consumer_id is not None:
            raise ValueError("give either group (consumer-group member) or consumer_id (single consumer)")
        if group is not None and partition_id is not None:
            raise ValueError("a group member polls the partitions the server assigns; partition_id must be None")
        if batch_length < 1:
            raise ValueError("batch_length must be >= 1")
        if sync_interval_ms < 1:
            raise ValueError("sync_interval_ms must be >= 1")
        self.client = client
        self.stream = stream
        self.topic = topic
        self.group = group
        self.partition_id = partition_id
        self.strategy = strategy or PollingStrategy.next()
        self.batch_length = batch_length
        self.poll_interval_ms = poll_interval_ms
        self.auto_commit = auto_commit or AutoCommit.when_consumed()
        self.create_group_if_missing = create_group_if_missing
        self.init_retries = init_retries
        self.init_retry_interval_ms = init_retry_interval_ms
        self.sync_interval_ms = sync_interval_ms
        self.consumer = Consumer.group(group) if group is not None else Consumer.consumer(consumer_id or 0)
        # 0.9 group members: the assignment from the last SyncConsumerGroup, and when it was read.
        self._cooperative = group is not None and client.protocol >= ProtocolVersion.V0_9
        self.generation: int | None = None
        self._synced_at_s = 0.0
        self._partitions: list[int] = []
        self._next_partition = 0
        self._buffer: deque[ReceivedMessage] = deque()
        # Offsets: last handed to the application / last stored on the server, per partition.
        self._consumed: dict[int, int] = {}
        self._committed: dict[int, int] = {}
        self._uncommitted_batch = False
        self._closed = False
        self._initialized = False
        self._joined = False
        self._commit_task: asyncio.Task | None = None
        self._last_commit_s = time.monotonic()

    async def __aenter__(self) -> IggyConsumer:
        await self.init()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def is_group_member(self) -> bool:
        return self.group is not None

    # ------------------------------------------------------------------ setup

    async def init(self) -> None:
        """Wait for the stream/topic to exist (bounded retries), then create/join the group or learn the
        partitions to read."""
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "consumer is closed")
        if self._initialized:
            return
        topic = None
        for attempt in range(self.init_retries + 1):
            topic = await self.client.get_topic(self.stream, self.topic)
            if topic is not None:
                break
            if attempt < self.init_retries:
                await asyncio.sleep(self.init_retry_interval_ms / 1000)
        if topic is None:
            raise NotFoundError(
                ErrorCode.TOPIC_ID_NOT_FOUND, f"topic {self.topic!r} in stream {self.stream!r} not found"
            )
        if self.is_group_member:
            await self._join_group()
        elif self.partition_id is None:
            self._partitions = list(range(topic.partitions_count))
        else:
            self._partitions = [self.partition_id]
        if self.auto_commit.mode == "interval":
            self._commit_task = asyncio.get_running_loop().create_task(self._commit_every_interval())
        self._initialized = True

    async def _join_group(self) -> None:
        assert self.group is not None
        if await self.client.get_consumer_group(self.stream, self.topic, self.group) is None:
            if not self.create_group_if_missing or not isinstance(self.group, str):
                raise NotFoundError(ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND, f"consumer group {self.group!r} not found")
            try:
                await self.client.create_consumer_group(self.stream, self.topic, self.group)
            except AlreadyExistsError:
                pass  # another member created it concurrently
        await self.client.join_consumer_group(self.stream, self.topic, self.group)
        self._joined = True
        if self._cooperative:
            await self._sync()

    async def _sync(self) -> None:
        """0.9: read this member's assignment. Partitions taken away keep their polled messages (still delivered
        and committed: the hand-off completes once they are) but are polled no more; a member the server no
        longer knows (a new session after a reconnect) joins again."""
        assert self.group is not None
        self._synced_at_s = time.monotonic()
        synced = await self.client.sync_consumer_group(self.stream, self.topic, self.group)
        if synced is None:
            log.info("not a member of group %r (a new session?); joining again", self.group)
            await self.client.join_consumer_group(self.stream, self.topic, self.group)
            synced = await self.client.sync_consumer_group(self.stream, self.topic, self.group)
            if synced is None:
                raise IggyError(ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
                                f"joined group {self.group!r} but the server does not list this member")
        revoked = set(self._partitions) - set(synced.partitions)
        if revoked:
            log.info("group %r generation %d: partitions %s handed off", self.group, synced.generation,
                     sorted(revoked))
        self.generation = synced.generation
        self._partitions = list(synced.partitions)

    def _sync_due(self) -> bool:
        return not self._partitions or time.monotonic() - self._synced_at_s >= self.sync_interval_ms / 1000

    # ------------------------------------------------------------------ polling

    def _next_target(self) -> tuple[int | None, PollingStrategy]:
        if self._cooperative:
            # The group's position is server-side: Next from the stored offset, on one of our partitions.
            partition = self._partitions[self._next_partition % len(self._partitions)]
            self._next_partition += 1
            return partition, self.strategy
        if self.is_group_member:
            return None, self.strategy
        if not self._partitions:
            raise NotFoundError(ErrorCode.PARTITION_NOT_FOUND, "the topic has no partitions")
        partition = self._partitions[self._next_partition % len(self._partitions)]
        self._next_partition += 1
        consumed = self._consumed.get(partition)
        if consumed is None:
            return partition, self.strategy
        return partition, PollingStrategy.offset(consumed + 1)

    async def poll(self) -> list[ReceivedMessage]:
        """One poll request (after committing what the mode requires). May return an empty list."""
        if not self._initialized:
            await self.init()
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "consumer is closed")
        mode = self.auto_commit.mode
        # A group's position is server-side (Next = stored + 1): it only advances once we commit.
        if self._uncommitted_batch and (mode == "when_consumed" or (mode == "interval" and self.is_group_member)):
            await self._commit_safely()
        if self._cooperative and self._sync_due():
            await self._sync()
            if not self._partitions:
                return []  # nothing assigned yet (more members than partitions, or a hand-off under way)
        partition, strategy = self._next_target()
        try:
            polled = await self.client.poll_messages(
                self.stream, self.topic, partition, self.consumer, strategy, self.batch_length,
                auto_commit=self.auto_commit.mode == "after_poll",
            )
        except IggyError as error:
            if self.is_group_member and error.code == ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND:
                # Membership is per connection (0.9: per session): after a reconnect the member must join again.
                log.info("not a member of group %r any more (reconnect?); re-joining", self.group)
                await self._join_group()
                return []
            if self._cooperative and error.code in _FENCED_CODES:
                await self._sync()
                return []
            raise
        if self._cooperative and polled.partition_id == RESYNC_PARTITION_ID:
            await self._sync()  # fenced: the partition moved since our last sync
            return []
        messages = polled.messages
        if not messages:
            return []
        partition_id = polled.partition_id
        consumed = self._consumed.get(partition_id)
        if consumed is not None and messages[0].offset <= consumed:
            # Redelivery of what we already handed out (group position not committed yet).
            messages = [m for m in messages if m.offset > consumed]
            if not messages:
                return []
        self._consumed[partition_id] = messages[-1].offset
        if self.auto_commit.mode == "after_poll":
            self._committed[partition_id] = messages[-1].offset
        else:
            self._uncommitted_batch = True
        return [ReceivedMessage(partition_id, m) for m in messages]

    def __aiter__(self) -> IggyConsumer:
        return self

    async def __anext__(self) -> ReceivedMessage:
        buffer = self._buffer
        while not buffer:
            if self._closed:
                raise StopAsyncIteration
            batch = await self.poll()
            if batch:
                buffer.extend(batch)
            elif not self._closed:
                await asyncio.sleep(self.poll_interval_ms / 1000)
        return buffer.popleft()

    async def consume(
        self,
        handler: Callable[[ReceivedMessage], Awaitable[None] | None],
        *,
        stop: asyncio.Event | None = None,
        max_messages: int | None = None,
    ) -> int:
        """Call `handler(msg)` (sync or async) for each message until `close()`, `stop` is set or
        `max_messages` were handled. Returns the count handled. A handler exception stops consumption
        (the message is not committed: with when_consumed it is delivered again)."""
        handled = 0
        while not self._closed and (stop is None or not stop.is_set()):
            if max_messages is not None and handled >= max_messages:
                break
            if not self._buffer:
                batch = await self.poll()
                if not batch:
                    await asyncio.sleep(self.poll_interval_ms / 1000)
                    continue
                self._buffer.extend(batch)
            message = self._buffer[0]
            result = handler(message)
            if asyncio.iscoroutine(result):
                await result
            self._buffer.popleft()
            handled += 1
        return handled

    # ------------------------------------------------------------------ commits

    def _commit_points(self) -> dict[int, int]:
        """Per partition, the last offset fully handed to the application, not yet stored.

        Messages still in the local buffer were not handed out, so a partition whose batch is partly
        buffered commits only up to the message before the first buffered one.
        """
        points = dict(self._consumed)
        for received in self._buffer:
            partition = received.partition_id
            if points.get(partition, -1) >= received.offset:
                points[partition] = received.offset - 1
        return {p: o for p, o in points.items() if o >= 0 and self._committed.get(p, -1) < o}

    async def commit(self) -> None:
        """Store the offsets of everything handed out so far (per partition)."""
        for partition, offset in self._commit_points().items():
            await self.client.store_consumer_offset(self.consumer, self.stream, self.topic, partition, offset)
            self._committed[partition] = offset
        self._uncommitted_batch = bool(self._buffer)
        self._last_commit_s = time.monotonic()

    async def _commit_safely(self) -> None:
        try:
            await self.commit()
        except IggyError as error:
            if error.code not in _STALE_COMMIT_CODES:
                raise
            # The partition moved to another member (rebalance): its new owner continues from the last
            # stored offset. Forget our view of it.
            log.info("skipping commit after rebalance: %s", error)
            self._consumed = {p: o for p, o in self._consumed.items() if self._committed.get(p) == o}

    async def _commit_every_interval(self) -> None:
        interval_s = self.auto_commit.interval_ms / 1000
        while not self._closed:
            await asyncio.sleep(interval_s)
            try:
                await self._commit_safely()
            except IggyError as error:
                log.warning("interval commit failed: %s", error)

    @property
    def consumed_offsets(self) -> dict[int, int]:
        return dict(self._consumed)

    @property
    def committed_offsets(self) -> dict[int, int]:
        return dict(self._committed)

    # ------------------------------------------------------------------ close

    async def close(self) -> None:
        """Final commit (unless disabled) and leave the group. Idempotent."""
        if self._closed:
            return
        self._closed = True
        task, self._commit_task = self._commit_task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        try:
            if self.auto_commit.mode != "disabled" and self._initialized:
                await self._commit_safely()
        finally:
            if self._joined and self.group is not None:
                self._joined = False
                try:
                    await self.client.leave_consumer_group(self.stream, self.topic, self.group)
                except IggyError as error:
                    log.info("leave_consumer_group failed: %s", error)


__all__ = ["AutoCommit", "IggyConsumer", "ReceivedMessage"]
