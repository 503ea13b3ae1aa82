"""IggyProducer / IggyConsumer / sync facade against the real server."""

from __future__ import annotations

import asyncio
import uuid

import iggy.sync
from iggy import AutoCommit, IggyClient, IggyConsumer, IggyProducer, PollingStrategy


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_background_producer_then_group_consumers_see_everything_once(iggy_server, protocol):
    async def scenario():
        stream = unique("pc")
        async with IggyClient(iggy_server.url(protocol), heartbeat_interval_ms=0) as client:
            producer = IggyProducer(
                client, stream, "t", background=True, batch_length=64, linger_ms=2, max_in_flight_messages=256,
                create_stream_if_missing=True, create_topic_if_missing=True, partitions_count=4,
            )
            await producer.init()
            for i in range(1000):
                await producer.send(f"m{i}".encode())
            await producer.close()
            topic = await client.get_topic(stream, "t")
            assert topic.messages_count == 1000 and topic.partitions_count == 4

            consumer = IggyConsumer(client, stream, "t", group="g", batch_length=100, poll_interval_ms=10)
            await consumer.init()
            got = await consumer.consume(lambda m: None, max_messages=1000)
            assert got == 1000
            await consumer.close()
            # The group committed everything: a new member gets nothing more.
            again = IggyConsumer(client, stream, "t", group="g", batch_length=100)
            await again.init()
            for _ in range(4):
                assert await again.poll() == []
            await again.close()
            for partition in range(4):
                info = await client.get_consumer_offset(iggy.Consumer.group("g"), stream, "t", partition)
                assert info.stored_offset == info.current_offset
            await client.delete_stream(stream)

    run(scenario())


def test_single_consumer_resumes_after_close(iggy_server, protocol):
    async def scenario():
        stream = unique("sc")
        async with IggyClient(iggy_server.url(protocol), heartbeat_interval_ms=0) as client:
            await client.create_stream(stream)
            await client.create_topic(stream, "t", partitions_count=2)
            producer = IggyProducer(client, stream, "t", batch_length=10)
            await producer.send([f"a{i}" for i in range(20)])
            first = IggyConsumer(
                client, stream, "t", consumer_id=5, batch_length=3, auto_commit=AutoCommit.when_consumed()
            )
            await first.init()
            seen = []
            async for message in first:
                seen.append(message.payload_bytes())
                if len(seen) == 8:
                    break
            await first.close()
            second = IggyConsumer(client, stream, "t", consumer_id=5, batch_length=5)
            await second.init()
            await second.consume(lambda m: seen.append(m.payload_bytes()), max_messages=12)
            await second.close()
            assert sorted(seen) == sorted(f"a{i}".encode() for i in range(20))
            await client.delete_stream(stream)

    run(scenario())


def test_sync_facade_end_to_end(iggy_server, protocol):
    stream = unique("sync")
    with iggy.sync.IggyClient(iggy_server.url(protocol)) as client:
        client.create_stream(stream)
        client.create_topic(stream, "t")
        with iggy.sync.IggyProducer(client, stream, "t", batch_length=5) as producer:
            producer.send([b"x%d" % i for i in range(12)])
        polled = client.poll_messages(stream, "t", 0, strategy=PollingStrategy.first(), count=100)
        assert [bytes(m.payload) for m in polled.messages] == [b"x%d" % i for i in range(12)]
        with iggy.sync.IggyConsumer(client, stream, "t", consumer_id=1, partition_id=0) as consumer:
            offsets = []
            for message in consumer:
                offsets.append(message.offset)
                if len(offsets) == 12:
                    break
        assert offsets == list(range(12))
        client.delete_stream(stream)


def test_a_member_joining_mid_stream_takes_partitions_over_without_duplicates(iggy_server, protocol):
    """Two group members over 4 partitions, the second joining while the first is half way: every message is
    delivered once. The partitions the first one hands over move only after it committed what it had polled
    (0.9: it learns the hand-off from SyncConsumerGroup; 0.8: the server stops assigning them to its polls)."""

    async def scenario():
        stream = unique("coop")
        total = 2000
        async with IggyClient(iggy_server.url(protocol), heartbeat_interval_ms=0) as a_client, \
                IggyClient(iggy_server.url(protocol), heartbeat_interval_ms=0) as b_client:
            await a_client.create_stream(stream)
            await a_client.create_topic(stream, "t", partitions_count=4)
            producer = IggyProducer(a_client, stream, "t", batch_length=100)
            await producer.send([f"m{i}".encode() for i in range(total)])
            seen: list[tuple[str, int, int]] = []
            a = IggyConsumer(a_client, stream, "t", group="g", batch_length=50, poll_interval_ms=5,
                             sync_interval_ms=20)
            b = IggyConsumer(b_client, stream, "t", group="g", batch_length=50, poll_interval_ms=5,
                             sync_interval_ms=20)
            await a.init()
            first = await a.consume(lambda m: seen.append(("a", m.partition_id, m.offset)), max_messages=300)
            await b.init()
            stop = asyncio.Event()

            def record(name):
                def handler(m):
                    seen.append((name, m.partition_id, m.offset))
                    if len(seen) >= total:
                        stop.set()
                return handler

            await asyncio.wait_for(asyncio.gather(a.consume(record("a"), stop=stop),
                                                  b.consume(record("b"), stop=stop)), 40)
            await a.close()
            await b.close()
            delivered = [(p, o) for _, p, o in seen]
            assert first == 300 and len(delivered) == len(set(delivered)) == total
            assert {name for name, _, _ in seen[300:]} == {"a", "b"}  # both took part after the join
            await a_client.delete_stream(stream)

    run(scenario())
