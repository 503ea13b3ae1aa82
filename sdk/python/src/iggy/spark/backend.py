"""The data source's view of a topic, implemented with the SDK's async `IggyClient` (no Spark).

Spark's `read()`/`write()` and the driver-side planning calls are synchronous, so each `TopicBackend`
owns a private event loop and drives the async client with `run_until_complete`, one call per poll or
send (never per message). Backends are cached per process and connection settings: Spark reuses its
Python workers, so later tasks and micro-batches skip the connect and login. Nothing here is pickled;
readers and writers hold only the parsed options and open a backend inside `read()`/`write()`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Iterable, Sequence

from iggy.client import IggyClient
from iggy.connection import ClientConfig
from iggy.errors import ConnectionLostError, IggyError, NotConnectedError
from iggy.protocol.codes import ErrorCode
from iggy.protocol.messages import Message
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy

from .offsets import PartitionBounds

log = logging.getLogger("iggy.spark")

# A plain consumer id for the source's polls. Polls use explicit offsets without auto-commit, so the
# id stores nothing on the server; it only names the reader in server-side client lists.
_READER_CONSUMER = Consumer.consumer(0)
_MAX_CACHED_BACKENDS = 8
RETRYABLE_ERRORS = (ConnectionLostError, NotConnectedError, ConnectionError, OSError)


class IggyTopicNotFoundError(LookupError):
    """The stream or topic named by the options does not exist."""


class TopicBackend:
    """Synchronous operations the data source needs, over one connection."""

    def __init__(self, config: ClientConfig) -> None:
        # The background heartbeat would only run while a call is in flight; the source's calls are
        # frequent enough to keep the session alive, and the server's verifier is off by default.
        self._config = config.with_overrides(heartbeat_interval_ms=0)
        self._loop = asyncio.new_event_loop()
        self._client: IggyClient | None = None

    # -- lifecycle

    def _run(self, coroutine):
        return self._loop.run_until_complete(coroutine)

    def client(self) -> IggyClient:
        if self._client is None:
            client = IggyClient(self._config)
            self._run(client.connect())
            self._client = client
        return self._client

    def _idempotent(self, call):
        """Run `call(client)`; after a lost connection, reconnect and run it once more. Only for calls
        with no side effect (metadata, polls by offset without auto-commit): a cached connection may
        have been idle for long, and the server may have dropped it."""
        for attempt in (1, 2):
            try:
                return self._run(call(self.client()))
            except RETRYABLE_ERRORS:
                self._drop_client()
                if attempt == 2:
                    raise
                log.info("connection to %s lost; reconnecting once", self._config.redacted())
        raise AssertionError("unreachable")

    def _drop_client(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                self._run(client.close())
            except Exception as error:  # the connection is already broken; closing is best effort
                log.debug("closing a broken client failed: %s", error)

    def close(self) -> None:
        try:
            self._drop_client()
        finally:
            self._loop.close()

    # -- metadata

    def partition_ids(self, stream: str, topic: str) -> list[int]:
        return sorted(self._topic(stream, topic))

    def _topic(self, stream: str, topic: str) -> dict[int, object]:
        details = self._idempotent(lambda client: client.get_topic(stream, topic))
        if details is None:
            raise IggyTopicNotFoundError(
                f"topic {topic!r} of stream {stream!r} does not exist on {self._config.redacted()}"
            )
        return {p.id: p for p in details.partitions}

    def end_offsets(self, stream: str, topic: str) -> dict[int, int]:
        """Next offset to be written, per partition (0 for an empty partition).

        `current_offset` is the last stored offset and is 0 both for an empty partition and for one
        holding only offset 0, so the message count tells them apart."""
        return {
            pid: (p.current_offset + 1 if p.messages_count > 0 else 0)  # type: ignore[attr-defined]
            for pid, p in self._topic(stream, topic).items()
        }

    def first_offset_at_or_after(self, stream: str, topic: str, partition: int, strategy: PollingStrategy,
                                 end: int) -> int:
        polled = self._idempotent(
            lambda client: client.poll_messages(stream, topic, partition, _READER_CONSUMER, strategy, 1, False)
        )
        return polled.messages[0].offset if polled.messages else end

    def bounds(self, stream: str, topic: str, with_earliest: bool) -> dict[int, PartitionBounds]:
        """`[earliest, end)` per partition. Finding `earliest` costs one poll per partition (0.8 has
        no metadata for it; retention may have removed the first segments), so it is optional."""
        ends = self.end_offsets(stream, topic)
        bounds = {}
        for pid, end in ends.items():
            earliest = 0
            if with_earliest and end > 0:
                earliest = self.first_offset_at_or_after(stream, topic, pid, PollingStrategy.first(), end)
            bounds[pid] = PartitionBounds(min(earliest, end), end)
        return bounds

    def offsets_for_timestamp(self, stream: str, topic: str, ends: dict[int, int], timestamp_us: int) -> dict[int, int]:
        """Per partition, the first offset whose server timestamp is >= `timestamp_us` (else the end)."""
        strategy = PollingStrategy.timestamp(timestamp_us)
        return {
            pid: (self.first_offset_at_or_after(stream, topic, pid, strategy, end) if end > 0 else 0)
            for pid, end in ends.items()
        }

    # -- consumer group offsets (monitoring only)

    def store_group_offsets(self, stream: str, topic: str, group: str, offsets: dict[int, int]) -> None:
        """Store `offsets` (the last processed offset per partition) as consumer group `group`'s,
        creating the group on first use, so that server-side tools show the pipeline's progress.
        Storing the same offsets again is harmless, so this is retried once on a fresh connection."""

        async def store(client: IggyClient) -> None:
            consumer = Consumer.group(group)
            for pid, offset in sorted(offsets.items()):
                try:
                    await client.store_consumer_offset(consumer, stream, topic, pid, offset)
                except IggyError as error:
                    # The server stores a group's offsets only for a member: create and join the
                    # group once per connection (membership ends with the connection).
                    if error.code not in (
                        ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND, ErrorCode.CONSUMER_GROUP_NAME_NOT_FOUND,
                        ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND,
                    ):
                        raise
                    if await client.get_consumer_group(stream, topic, group) is None:
                        await client.create_consumer_group(stream, topic, group)
                    await client.join_consumer_group(stream, topic, group)
                    await client.store_consumer_offset(consumer, stream, topic, pid, offset)

        self._idempotent(store)

    # -- data

    def poll(self, stream: str, topic: str, partition: int, offset: int, count: int) -> list[Message]:
        strategy = PollingStrategy.offset(offset)
        polled = self._idempotent(
            lambda client: client.poll_messages(stream, topic, partition, _READER_CONSUMER, strategy, count, False)
        )
        return polled.messages

    def send(self, stream: str, topic: str, messages: Sequence[Message], partitioning: Partitioning) -> None:
        # Not retried here: after a lost connection the batch may or may not have been appended.
        self._run(self.client().send_messages(stream, topic, messages, partitioning))

    def send_all(self, stream: str, topic: str, messages: Iterable[Message], partitioning: Partitioning,
                 batch_size: int) -> int:
        sent, chunk = 0, []
        for message in messages:
            chunk.append(message)
            if len(chunk) >= batch_size:
                self.send(stream, topic, chunk, partitioning)
                sent, chunk = sent + len(chunk), []
        if chunk:
            self.send(stream, topic, chunk, partitioning)
            sent += len(chunk)
        return sent


_cache: dict[tuple, TopicBackend] = {}
_cache_lock = threading.Lock()


def shared_backend(config: ClientConfig) -> TopicBackend:
    """The process's backend for these settings (connected lazily). Keyed by pid and thread too:
    a forked worker must not reuse its parent's socket, and an event loop belongs to one thread."""
    key = (os.getpid(), threading.get_ident(), config)
    with _cache_lock:
        backend = _cache.get(key)
        if backend is None:
            if len(_cache) >= _MAX_CACHED_BACKENDS:
                _close_quietly(_cache.pop(next(iter(_cache))))  # the oldest: dicts keep insertion order
            backend = _cache[key] = TopicBackend(config)
        return backend


def discard_backend(config: ClientConfig) -> None:
    """Drop a backend after a failure, so the next call starts from a fresh connection."""
    key = (os.getpid(), threading.get_ident(), config)
    with _cache_lock:
        backend = _cache.pop(key, None)
    if backend is not None:
        _close_quietly(backend)


def _close_quietly(backend: TopicBackend) -> None:
    try:
        backend.close()
    except Exception as error:  # closing after a failure must not hide the failure
        log.debug("closing an iggy backend failed: %s", error)


__all__ = [
    "IggyError",
    "IggyTopicNotFoundError",
    "RETRYABLE_ERRORS",
    "TopicBackend",
    "discard_backend",
    "shared_backend",
]
