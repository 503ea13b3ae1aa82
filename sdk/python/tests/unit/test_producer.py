"""IggyProducer batching, partitioning, backpressure, retries and lossless close, over a fake client."""

from __future__ import annotations

import asyncio

import pytest

import iggy.producer as producer_module
from iggy import IggyProducer, Message, Partitioning
from iggy.connection import ClientConfig
from iggy.errors import ConnectionLostError, IggyError, NotFoundError
from iggy.protocol.codes import ErrorCode


class FakeClient:
    """Records send_messages batches; `failures` is a list of exceptions raised by the next sends."""

    def __init__(self, *, topic_exists: bool = True) -> None:
        self.config = ClientConfig()
        self.batches: list[tuple[Partitioning, list[bytes]]] = []
        self.failures: list[Exception] = []
        self.send_delay_s = 0.0
        self.topic_exists = topic_exists
        self.created: list[str] = []
        self.sends_started = 0

    async def get_stream(self, stream):
        return object() if self.topic_exists or "stream" in self.created else None

    async def get_topic(self, stream, topic):
        return object() if self.topic_exists or "topic" in self.created else None

    async def create_stream(self, name):
        self.created.append("stream")

    async def create_topic(self, stream, name, partitions_count, compression=None):
        self.created.append("topic")

    async def send_messages(self, stream, topic, messages, partitioning):
        self.sends_started += 1
        if self.send_delay_s:
            await asyncio.sleep(self.send_delay_s)
        if self.failures:
            raise self.failures.pop(0)
        self.batches.append((partitioning, [bytes(m.payload) for m in messages]))


@pytest.fixture(autouse=True)
def no_backoff_sleep(monkeypatch):
    slept: list[float] = []

    async def fake_sleep(seconds):
        slept.append(seconds)

    monkeypatch.setattr(producer_module, "_sleep", fake_sleep)
    return slept


def payloads(n: int, start: int = 0) -> list[bytes]:
    return [f"m{i}".encode() for i in range(start, start + n)]


def test_direct_mode_splits_into_batches_in_order():
    async def scenario():
        client = FakeClient()
        producer = IggyProducer(client, "s", "t", batch_length=4)
        await producer.init()
        await producer.send(payloads(10))
        assert [len(b) for _, b in client.batches] == [4, 4, 2]
        assert [p for _, batch in client.batches for p in batch] == payloads(10)
        assert producer.sent_messages == 10 and producer.sent_batches == 3

    asyncio.run(scenario())


def test_partitioning_default_and_override():
    async def scenario():
        client = FakeClient()
        producer = IggyProducer(client, "s", "t", partitioning=2)
        await producer.init()
        await producer.send([b"a"])
        await producer.send([b"b"], partitioning=b"key")
        await producer.send([b"c"], partitioning=Partitioning.balanced())
        assert [p for p, _ in client.batches] == [
            Partitioning.partition_id(2), Partitioning.messages_key(b"key"), Partitioning.balanced(),
        ]

    asyncio.run(scenario())


def test_retries_retryable_errors_with_growing_backoff(no_backoff_sleep):
    async def scenario():
        client = FakeClient()
        client.failures = [ConnectionLostError(ErrorCode.CONNECTION_CLOSED) for _ in range(2)]
        producer = IggyProducer(client, "s", "t", retries=3, retry_backoff_ms=100)
        await producer.init()
        await producer.send([b"x"])
        assert client.batches == [(Partitioning.balanced(), [b"x"])]
        assert no_backoff_sleep == [0.1, 0.2]

    asyncio.run(scenario())


def test_non_retryable_error_is_raised_at_once(no_backoff_sleep):
    async def scenario():
        client = FakeClient()
        client.failures = [NotFoundError(ErrorCode.TOPIC_ID_NOT_FOUND)]
        producer = IggyProducer(client, "s", "t", retries=5)
        await producer.init()
        with pytest.raises(NotFoundError):
            await producer.send([b"x"])
        assert client.sends_started == 1 and no_backoff_sleep == []

    asyncio.run(scenario())


def test_retries_exhausted():
    async def scenario():
        client = FakeClient()
        client.failures = [ConnectionLostError(ErrorCode.CONNECTION_CLOSED)] * 3
        producer = IggyProducer(client, "s", "t", retries=2)
        await producer.init()
        with pytest.raises(ConnectionLostError):
            await producer.send([b"x"])
        assert client.sends_started == 3

    asyncio.run(scenario())


def test_init_checks_or_creates_stream_and_topic():
    async def scenario():
        with pytest.raises(NotFoundError):
            await IggyProducer(FakeClient(topic_exists=False), "s", "t").init()
        client = FakeClient(topic_exists=False)
        await IggyProducer(client, "s", "t", create_stream_if_missing=True, create_topic_if_missing=True).init()
        assert client.created == ["stream", "topic"]

    asyncio.run(scenario())


def test_background_mode_merges_small_sends_into_batches():
    async def scenario():
        client = FakeClient()
        producer = IggyProducer(client, "s", "t", background=True, batch_length=50, linger_ms=20)
        await producer.init()
        for i in range(100):
            await producer.send([f"m{i}".encode()])
        await producer.flush()
        assert [p for _, batch in client.batches for p in batch] == payloads(100)
        assert len(client.batches) <= 4  # merged, not one request per send
        assert producer.pending_messages == 0
        await producer.close()

    asyncio.run(scenario())


def test_background_mode_keeps_partitionings_apart_and_ordered():
    async def scenario():
        client = FakeClient()
        producer = IggyProducer(client, "s", "t", background=True, batch_length=100, linger_ms=5)
        await producer.init()
        await producer.send([b"a1", b"a2"], partitioning=1)
        await producer.send([b"b1"], partitioning=2)
        await producer.send([b"a3"], partitioning=1)
        await producer.close()
        assert client.batches == [
            (Partitioning.partition_id(1), [b"a1", b"a2"]),
            (Partitioning.partition_id(2), [b"b1"]),
            (Partitioning.partition_id(1), [b"a3"]),
        ]

    asyncio.run(scenario())


def test_background_backpressure_bounds_queued_messages():
    async def scenario():
        client = FakeClient()
        client.send_delay_s = 0.01
        producer = IggyProducer(
            client, "s", "t", background=True, batch_length=10, linger_ms=0, max_in_flight_messages=20,
        )
        await producer.init()
        high_water = 0
        for i in range(200):
            await producer.send([f"m{i}".encode()])
            high_water = max(high_water, producer.pending_messages)
        await producer.close()
        assert high_water <= 20
        assert [p for _, batch in client.batches for p in batch] == payloads(200)

    asyncio.run(scenario())


def test_background_bytes_bound():
    async def scenario():
        client = FakeClient()
        client.send_delay_s = 0.005
        producer = IggyProducer(
            client, "s", "t", background=True, batch_length=1000, linger_ms=0, max_in_flight_bytes=3 * (64 + 100),
        )
        await producer.init()
        high_water = 0
        for _ in range(30):
            await producer.send([b"x" * 100])
            high_water = max(high_water, producer.pending_messages)
        await producer.close()
        assert high_water <= 3 and sum(len(b) for _, b in client.batches) == 30

    asyncio.run(scenario())


def test_background_failure_is_raised_and_nothing_is_lost():
    async def scenario():
        client = FakeClient()
        client.failures = [NotFoundError(ErrorCode.TOPIC_ID_NOT_FOUND)]
        reported: list[tuple[IggyError, int]] = []
        producer = IggyProducer(
            client, "s", "t", background=True, linger_ms=0,
            on_error=lambda error, messages: reported.append((error, len(messages))),
        )
        await producer.init()
        await producer.send(payloads(3))
        with pytest.raises(NotFoundError):
            await producer.flush()
        assert reported and reported[0][1] == 3
        # The failed batch stayed queued; the next flush delivers it (the topic is back).
        await producer.send(payloads(2, start=3))
        await producer.flush()
        assert [p for _, batch in client.batches for p in batch] == payloads(5)
        await producer.close()

    asyncio.run(scenario())


def test_close_reports_unsendable_messages():
    async def scenario():
        client = FakeClient()
        client.failures = [NotFoundError(ErrorCode.TOPIC_ID_NOT_FOUND)] * 10
        producer = IggyProducer(client, "s", "t", background=True, linger_ms=0, on_error=lambda e, m: None)
        await producer.init()
        await producer.send([b"a", b"b"])
        with pytest.raises(NotFoundError):
            await producer.close()
        assert [bytes(m.payload) for m in producer.unsent_messages()] == [b"a", b"b"]
        with pytest.raises(IggyError):
            await producer.send([b"c"])  # closed

    asyncio.run(scenario())


def test_messages_accept_message_objects():
    async def scenario():
        client = FakeClient()
        producer = IggyProducer(client, "s", "t")
        await producer.init()
        await producer.send(Message(b"one", user_headers={"k": "v"}))
        assert client.batches[0][1] == [b"one"]

    asyncio.run(scenario())


def test_invalid_options():
    with pytest.raises(ValueError):
        IggyProducer(FakeClient(), "s", "t", batch_length=0)
    with pytest.raises(ValueError):
        IggyProducer(FakeClient(), "s", "t", max_in_flight_bytes=0)
