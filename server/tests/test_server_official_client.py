"""The official Apache Iggy 0.8 Python client (apache-iggy) against this server: the getting-started
flow (connect + login + cluster metadata, create stream/topic, send, poll) and a consumer group."""

from __future__ import annotations

import asyncio
import datetime

import pytest

apache_iggy = pytest.importorskip("apache_iggy")


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_getting_started_flow(server, unique):
    stream = unique("official")

    async def flow():
        client = apache_iggy.IggyClient.from_connection_string(f"iggy://iggy:iggy@127.0.0.1:{server.port}")
        await client.connect()
        await client.ping()
        await client.create_stream(stream)
        details = await client.get_stream(stream)
        assert details is not None and details.name == stream and details.topics_count == 0
        await client.create_topic(stream, "t", 2)
        topic = await client.get_topic(stream, "t")
        assert topic is not None and topic.partitions_count == 2
        await client.send_messages(stream, "t", 1, [apache_iggy.SendMessage(f"hello {i}") for i in range(10)])
        polled = await client.poll_messages(stream, "t", 1, apache_iggy.PollingStrategy.First(), 100, False)
        assert [(m.offset(), m.payload()) for m in polled] == [(i, f"hello {i}".encode()) for i in range(10)]
        first = await client.poll_messages(stream, "t", 1, apache_iggy.PollingStrategy.Next(), 4, True)
        second = await client.poll_messages(stream, "t", 1, apache_iggy.PollingStrategy.Next(), 4, True)
        assert [m.offset() for m in first] == [0, 1, 2, 3] and [m.offset() for m in second] == [4, 5, 6, 7]
        last = await client.poll_messages(stream, "t", 1, apache_iggy.PollingStrategy.Last(), 2, False)
        assert [m.offset() for m in last] == [8, 9]
        assert await client.get_stream("does-not-exist") is None

    run(flow())


def test_consumer_group_consumes_every_partition(server, unique):
    stream = unique("official-group")

    async def flow():
        client = apache_iggy.IggyClient.from_connection_string(f"iggy://iggy:iggy@127.0.0.1:{server.port}")
        await client.connect()
        await client.create_stream(stream)
        await client.create_topic(stream, "t", 3)
        for partition in range(3):
            messages = [apache_iggy.SendMessage(f"p{partition}-{i}") for i in range(4)]
            await client.send_messages(stream, "t", partition, messages)
        consumer = await client.consumer_group(
            "workers", stream, "t", batch_length=10, poll_interval=datetime.timedelta(milliseconds=20)
        )
        received: list[bytes] = []
        done = asyncio.Event()

        async def on_message(message):
            received.append(message.payload())
            if len(received) == 12:
                done.set()

        await consumer.consume_messages(on_message, done)
        assert sorted(received) == sorted(f"p{p}-{i}".encode() for p in range(3) for i in range(4))

    run(flow())


def test_wrong_credentials_are_rejected(server):
    async def flow():
        client = apache_iggy.IggyClient.from_connection_string(f"iggy://iggy:nope@127.0.0.1:{server.port}")
        with pytest.raises(Exception, match="(?i)credentials|unauthenticated|42"):
            await client.connect()
            await client.get_stream("anything")

    run(flow())
