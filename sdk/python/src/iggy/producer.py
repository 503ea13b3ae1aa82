"""High-level producer: batching, partitioning, direct or background sending, retries, lossless close.

Direct mode (`background=False`): `send()` splits its messages into batches of `batch_length` and
returns once every batch is acknowledged. Background mode: `send()` only queues; one sender task
merges queued messages into batches (waiting up to `linger_ms` to fill one) and sends them in order.
The queue is bounded by `max_in_flight_messages` / `max_in_flight_bytes` (everything queued or being
sent counts): `send()` awaits while it is full, which is the backpressure. A send that still fails
after the retries is raised from the next `send()` / `flush()` / `close()`, and nothing queued after
it is dropped silently: those messages stay queued and are retried on the next flush.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable

from .client import IggyClient, to_messages, to_partitioning
from .errors import AlreadyExistsError, ClientClosedError, IggyError, NotFoundError, is_retryable
from .protocol.codes import ErrorCode
from .protocol.kinds import CompressionAlgorithm
from .protocol.messages import MESSAGE_HEADER_SIZE, Message
from .protocol.primitives import IdentifierLike, Partitioning

log = logging.getLogger("iggy.producer")

PartitioningLike = Partitioning | int | bytes | str | None
# Tests replace this to observe backoff without waiting.
_sleep = asyncio.sleep


def _batch_bytes(messages: list[Message]) -> int:
    return MESSAGE_HEADER_SIZE * len(messages) + sum(len(m.payload) + len(m.user_headers_bytes) for m in messages)


class IggyProducer:
    """Sends messages to one stream/topic. Call `await init()` first (or use `async with`)."""

    def __init__(
        self,
        client: IggyClient,
        stream: IdentifierLike,
        topic: IdentifierLike,
        *,
        partitioning: PartitioningLike = None,
        batch_length: int = 1000,
        linger_ms: int = 5,
        background: bool = False,
        max_in_flight_messages: int = 100_000,
        max_in_flight_bytes: int = 64 * 1024 * 1024,
        retries: int = 3,
        retry_backoff_ms: int = 100,
        retry_max_backoff_ms: int = 5_000,
        create_stream_if_missing: bool = False,
        create_topic_if_missing: bool = False,
        partitions_count: int = 1,
        compression: CompressionAlgorithm | int = CompressionAlgorithm.NONE,
        on_error: Callable[[IggyError, list[Message]], Awaitable[None] | None] | None = None,
    ) -> None:
        if batch_length < 1:
            raise ValueError("batch_length must be >= 1")
        if linger_ms < 0 or retries < 0 or retry_backoff_ms < 0:
            raise ValueError("linger_ms, retries and retry_backoff_ms must be >= 0")
        if max_in_flight_messages < 1 or max_in_flight_bytes < 1:
            raise ValueError("in-flight bounds must be >= 1")
        self.client = client
        self.stream = stream
        self.topic = topic
        self.partitioning = to_partitioning(partitioning)
        self.batch_length = batch_length
        self.linger_ms = linger_ms
        self.background = background
        self.max_in_flight_messages = max_in_flight_messages
        self.max_in_flight_bytes = max_in_flight_bytes
        self.retries = retries
        self.retry_backoff_ms = retry_backoff_ms
        self.retry_max_backoff_ms = retry_max_backoff_ms
        self.create_stream_if_missing = create_stream_if_missing
        self.create_topic_if_missing = create_topic_if_missing
        self.partitions_count = partitions_count
        self.compression = compression
        self.on_error = on_error
        # Background state: queue entries are (partitioning, messages, bytes), in send order.
        self._queue: deque[tuple[Partitioning, list[Message], int]] = deque()
        self._pending_messages = 0
        self._pending_bytes = 0
        self._changed = asyncio.Condition()
        self._sender: asyncio.Task | None = None
        self._error: IggyError | None = None
        self._closed = False
        self._initialized = False
        self.sent_messages = 0
        self.sent_batches = 0

    async def __aenter__(self) -> IggyProducer:
        await self.init()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def init(self) -> None:
        """Check (or create) the stream and topic; start the background sender if enabled."""
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "producer is closed")
        if not self._initialized:
            await self._ensure_topic()
            self._initialized = True
        if self.background and self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._run_sender(), name="iggy-producer")

    async def _ensure_topic(self) -> None:
        client = self.client
        if await client.get_stream(self.stream) is None:
            if not self.create_stream_if_missing or not isinstance(self.stream, str):
                raise NotFoundError(ErrorCode.STREAM_ID_NOT_FOUND, f"stream {self.stream!r} does not exist")
            try:
                await client.create_stream(self.stream)
            except AlreadyExistsError:
                pass  # another producer created it first
        if await client.get_topic(self.stream, self.topic) is None:
            if not self.create_topic_if_missing or not isinstance(self.topic, str):
                raise NotFoundError(ErrorCode.TOPIC_ID_NOT_FOUND, f"topic {self.topic!r} does not exist")
            try:
                await client.create_topic(
                    self.stream, self.topic, self.partitions_count, compression=self.compression
                )
            except AlreadyExistsError:
                pass

    # ------------------------------------------------------------------ sending

    async def send(
        self,
        messages: Iterable[Message | bytes | str] | Message | bytes | str,
        partitioning: PartitioningLike = None,
    ) -> None:
        """Send (direct) or queue (background) messages; `partitioning` overrides the producer default."""
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "producer is closed")
        self._raise_pending_error()
        batch = to_messages(messages)
        if not batch:
            return
        target = self.partitioning if partitioning is None else to_partitioning(partitioning)
        step = self.batch_length
        if not self.background:
            for start in range(0, len(batch), step):
                await self._send_with_retries(target, batch[start : start + step])
            return
        if self._sender is None:
            await self.init()
        for start in range(0, len(batch), step):
            await self._enqueue(target, batch[start : start + step])

    async def _enqueue(self, partitioning: Partitioning, messages: list[Message]) -> None:
        size_bytes = _batch_bytes(messages)
        async with self._changed:
            # A chunk larger than the whole bound is admitted alone into an empty queue, never refused.
            while self._pending_messages and (
                self._pending_messages + len(messages) > self.max_in_flight_messages
                or self._pending_bytes + size_bytes > self.max_in_flight_bytes
            ):
                self._raise_pending_error()
                if self._closed:
                    raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "producer is closed")
                await self._changed.wait()
            self._queue.append((partitioning, messages, size_bytes))
            self._pending_messages += len(messages)
            self._pending_bytes += size_bytes
            self._changed.notify_all()

    def _take_batch(self) -> tuple[Partitioning, list[Message], int, int]:
        """Merge queued entries with the same partitioning, up to batch_length; entries stay queued
        (and counted) until the batch is acknowledged. Returns (partitioning, messages, entries, bytes)."""
        partitioning = self._queue[0][0]
        merged: list[Message] = []
        entries = 0
        size_bytes = 0
        for entry_partitioning, messages, entry_bytes in self._queue:
            if entry_partitioning != partitioning or (merged and len(merged) + len(messages) > self.batch_length):
                break
            merged.extend(messages)
            size_bytes += entry_bytes
            entries += 1
        return partitioning, merged, entries, size_bytes

    async def _run_sender(self) -> None:
        linger_s = self.linger_ms / 1000
        while True:
            async with self._changed:
                while not self._queue or self._error is not None:
                    if self._closed and (not self._queue or self._error is not None):
                        return
                    await self._changed.wait()
            if linger_s and self._queued_messages_below_batch() and not self._closed:
                await asyncio.sleep(linger_s)  # let a partial batch fill up
            async with self._changed:
                partitioning, messages, entries, size_bytes = self._take_batch()
            try:
                await self._send_with_retries(partitioning, messages)
            except IggyError as error:
                async with self._changed:
                    self._error = error
                    self._changed.notify_all()
                await self._report(error, messages)
                continue
            async with self._changed:
                for _ in range(entries):
                    self._queue.popleft()
                self._pending_messages -= len(messages)
                self._pending_bytes -= size_bytes
                self._changed.notify_all()

    def _queued_messages_below_batch(self) -> bool:
        return self._pending_messages < self.batch_length

    async def _report(self, error: IggyError, messages: list[Message]) -> None:
        if self.on_error is None:
            log.warning("producer send failed after %d retries: %s", self.retries, error)
            return
        result = self.on_error(error, messages)
        if asyncio.iscoroutine(result):
            await result

    async def _send_with_retries(self, partitioning: Partitioning, messages: list[Message]) -> None:
        backoff_ms = self.retry_backoff_ms
        attempt = 0
        while True:
            try:
                await self.client.send_messages(self.stream, self.topic, messages, partitioning)
            except IggyError as error:
                if attempt >= self.retries or not is_retryable(error):
                    raise
                attempt += 1
                log.info("send failed (%s); retry %d/%d in %d ms", error, attempt, self.retries, backoff_ms)
                await _sleep(backoff_ms / 1000)
                backoff_ms = min(max(backoff_ms * 2, 1), self.retry_max_backoff_ms)
                continue
            self.sent_messages += len(messages)
            self.sent_batches += 1
            return

    def _raise_pending_error(self) -> None:
        if self._error is not None:
            raise self._error

    # ------------------------------------------------------------------ flush / close

    @property
    def pending_messages(self) -> int:
        """Messages queued or being sent (background mode)."""
        return self._pending_messages

    async def flush(self) -> None:
        """Wait until everything queued so far is acknowledged.

        A batch that failed after its retries stays queued and stops the sender; its error is raised
        here (once) and the sender then tries that batch again, so a later flush can still succeed.
        """
        if not self.background or self._sender is None:
            return
        async with self._changed:
            error, self._error = self._error, None
            self._changed.notify_all()
            if error is None:
                while self._pending_messages and self._error is None and not self._sender.done():
                    await self._changed.wait()
                error, self._error = self._error, None
                self._changed.notify_all()
        if error is not None:
            raise error

    async def close(self) -> None:
        """Flush (giving a previously failed batch one more full round of retries), then stop the sender.

        If messages still cannot be sent the last error is raised; they were reported through `on_error`
        (or the log) and stay available from `unsent_messages()`.
        """
        if self._closed:
            return
        error: IggyError | None = None
        for _ in range(2):
            try:
                await self.flush()
                error = None
                break
            except IggyError as failure:
                error = failure
        self._closed = True
        async with self._changed:
            self._changed.notify_all()
        sender, self._sender = self._sender, None
        if sender is not None:
            try:
                await asyncio.wait_for(sender, timeout=1.0)
            except asyncio.TimeoutError:
                pass  # wait_for cancelled it; everything acknowledged was already flushed
        if error is not None:
            raise error

    def unsent_messages(self) -> list[Message]:
        """Messages still queued (after a failed flush/close)."""
        return [message for _, messages, _ in self._queue for message in messages]


__all__ = ["IggyProducer"]
