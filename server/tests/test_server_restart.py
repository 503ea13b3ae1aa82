"""Durability: a graceful restart restores everything with the same ids; a kill -9 during continuous
sends loses no acknowledged message and offsets continue without gaps or reuse. The kill -9 tests use small
segments and look sealed segments up in their index files (``system.segment.cache_indexes``)."""

from __future__ import annotations

import threading

from iggy.protocol import requests
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy.protocol.responses import StreamHeader, TopicDetails, TopicHeader

import pytest
from server_support import ServerProcess


def snapshot_state(c) -> dict:
    """Everything observable about streams/topics/messages/offsets/groups, as raw response bytes."""
    state = {"streams": c.call(requests.GetStreams())}
    for stream in StreamHeader.decode_list(state["streams"]):
        state[("stream", stream.id)] = c.call(requests.GetStream(stream.id))
        topics = c.call(requests.GetTopics(stream.id))
        state[("topics", stream.id)] = topics
        for topic in TopicHeader.decode_list(topics):
            details = c.call(requests.GetTopic(stream.id, topic.id))
            state[("topic", stream.id, topic.id)] = details
            state[("groups", stream.id, topic.id)] = c.call(requests.GetConsumerGroups(stream.id, topic.id))
            for partition in TopicDetails.decode(details).partitions:
                poll = requests.PollMessages(
                    Consumer.consumer(1), stream.id, topic.id, partition.id, PollingStrategy.first(), 100_000, False
                )
                state[("messages", stream.id, topic.id, partition.id)] = c.call(poll)
                for consumer in (Consumer.consumer(9), Consumer.group("g")):
                    offset = requests.GetConsumerOffset(consumer, stream.id, topic.id, partition.id)
                    state[("offset", stream.id, topic.id, partition.id, consumer.kind)] = c.call(offset)
    return state


def test_graceful_restart_restores_everything_with_the_same_ids(tmp_path):
    server = ServerProcess(tmp_path / "data").start()
    try:
        with server.client() as c:
            for name in ("a", "b", "c", "d"):
                c.call(requests.CreateStream(name))
            c.call(requests.DeleteStream("b"))  # frees id 1
            c.call(requests.DeleteStream("c"))  # frees id 2 (reused first)
            c.call(requests.CreateTopic("a", 2, 1, 0, 0, 0, "t0"))
            c.call(requests.CreateTopic("a", 1, 2, 30_000_000, 0, 3, "t1"))
            c.call(requests.DeleteTopic("a", "t0"))
            c.call(requests.CreateTopic("a", 3, 1, 0, 0, 0, "t2"))  # reuses topic id 0
            c.call(requests.CreateTopic("d", 1, 1, 0, 0, 0, "x"))
            for partition in range(3):
                payloads = [f"{partition}-{i}".encode() * 10 for i in range(50)]
                c.send("a", "t2", payloads, Partitioning.partition_id(partition))
            c.send("d", "x", [b"hello"])
            c.call(requests.StoreConsumerOffset(Consumer.consumer(9), "a", "t2", 1, 20))
            c.call(requests.CreateConsumerGroup("a", "t2", "g"))
            c.call(requests.JoinConsumerGroup("a", "t2", "g"))
            c.call(requests.StoreConsumerOffset(Consumer.group("g"), "a", "t2", 0, 7))
            c.call(requests.LeaveConsumerGroup("a", "t2", "g"))  # memberships are per connection, not persisted
            before = snapshot_state(c)
        assert server.stop() == 0

        server.start()
        with server.client() as c:
            after = snapshot_state(c)
            assert after.keys() == before.keys()
            assert after == before
            # Id allocation state survived too: the most recently freed stream id (2) comes first.
            assert StreamHeader.decode(c.call(requests.CreateStream("e"))).id == 2
            assert StreamHeader.decode(c.call(requests.CreateStream("f"))).id == 1
            # Offsets continue after the restored messages.
            c.send("d", "x", [b"again"])
            polled = c.poll("d", "x", PollingStrategy.first())
            assert [(m.offset, bytes(m.payload)) for m in polled.messages] == [(0, b"hello"), (1, b"again")]
    finally:
        server.stop()


# Four sealed segments or so per round of the kill -9 tests.
SMALL_SEGMENTS = {"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(16 * 1024)}


def test_kill_9_during_sends_loses_no_acknowledged_message(tmp_path):
    env = {**SMALL_SEGMENTS, "IGGY_SYSTEM_SEGMENT_CACHE_INDEXES": "none"}
    server = ServerProcess(tmp_path / "data", env=env).start()
    with server.client() as c:
        c.call(requests.CreateStream("crash"))
        c.call(requests.CreateTopic("crash", 1, 1, 0, 0, 0, "t"))
    acknowledged: list[bytes] = []
    sequence = 0
    try:
        for round_number in range(3):
            started = threading.Event()
            stop = threading.Event()

            def produce() -> None:
                nonlocal sequence
                try:
                    with server.client() as producer:
                        while not stop.is_set():
                            batch = [f"r{round_number}-m{sequence + i}".encode() * 8 for i in range(20)]
                            producer.send("crash", "t", batch)
                            acknowledged.extend(batch)  # only after the OK arrived
                            sequence += len(batch)
                            if len(acknowledged) > 100 * (round_number + 1):
                                started.set()
                except (OSError, ConnectionError):
                    pass  # the server died mid-request: that batch is unacknowledged
                finally:
                    started.set()

            thread = threading.Thread(target=produce)
            thread.start()
            assert started.wait(30)
            server.kill()  # SIGKILL while the producer is still sending
            stop.set()
            thread.join(30)

            server.start()
            with server.client() as c:
                polled = c.poll("crash", "t", PollingStrategy.first(), count=1_000_000)
                offsets = [m.offset for m in polled.messages]
                payloads = [bytes(m.payload) for m in polled.messages]
                assert offsets == list(range(len(offsets)))  # no gaps, no reuse
                assert payloads[: len(acknowledged)] == acknowledged  # every acknowledged message, in order
                # At most the one in-flight batch was stored without its acknowledgement reaching us.
                assert len(payloads) - len(acknowledged) <= 20
                acknowledged[:] = payloads
                sequence = len(payloads)
                c.send("crash", "t", [b"after-restart"])
                after = c.poll("crash", "t", PollingStrategy.offset(len(payloads)), count=10).messages
                assert [(m.offset, bytes(m.payload)) for m in after] == [(len(payloads), b"after-restart")]
                acknowledged.append(b"after-restart")
                sequence += 1
    finally:
        server.stop()


def test_memory_durability_serves_every_acknowledged_batch_and_writes_it_out_at_shutdown(tmp_path):
    """memory mode: sends are acknowledged before the background writer has them; a poll right after still
    sees every message (it waits for the writer), and a graceful stop writes out the queue."""
    server = ServerProcess(tmp_path / "data", env={"IGGY_SYSTEM_PARTITION_DURABILITY": "memory"}).start()
    sent = []
    try:
        with server.client() as c:
            c.call(requests.CreateStream("m"))
            c.call(requests.CreateTopic("m", 1, 1, 0, 0, 0, "t"))
            for batch in range(60):
                payloads = [b"%d-%d" % (batch, i) * 50 for i in range(100)]
                c.send("m", "t", payloads)
                sent.extend(payloads)
            polled = c.poll("m", "t", PollingStrategy.first(), count=100_000)
            assert [bytes(m.payload) for m in polled.messages] == sent
        assert server.stop() == 0
        server = ServerProcess(tmp_path / "data").start()  # the default mode reads the same files
        with server.client() as c:
            polled = c.poll("m", "t", PollingStrategy.first(), count=100_000)
            assert [bytes(m.payload) for m in polled.messages] == sent
    finally:
        server.stop()


@pytest.mark.parametrize("cache_indexes", ["open_segment", "none"])
def test_memory_durability_kill_9_keeps_every_message_a_consumer_has_seen(tmp_path, cache_indexes):
    """memory mode may lose acknowledged batches still queued on kill -9, but never one a poll served: polls
    only serve written bytes. After the restart every polled (offset, payload) is still there, offsets have
    no gaps, and a lost tail is only ever a suffix of what was acknowledged."""
    env = {
        **SMALL_SEGMENTS,
        "IGGY_SYSTEM_PARTITION_DURABILITY": "memory",
        "IGGY_SYSTEM_SEGMENT_CACHE_INDEXES": cache_indexes,
    }
    server = ServerProcess(tmp_path / "data", env=env).start()
    acknowledged: list[bytes] = []
    seen: dict[int, bytes] = {}
    stop = threading.Event()
    try:
        with server.client() as c:
            c.call(requests.CreateStream("mem"))
            c.call(requests.CreateTopic("mem", 1, 1, 0, 0, 0, "t"))

        def produce() -> None:
            try:
                with server.client() as producer:
                    sequence = 0
                    while not stop.is_set():
                        batch = [b"m%d-" % (sequence + i) * 40 for i in range(50)]
                        producer.send("mem", "t", batch)
                        acknowledged.extend(batch)
                        sequence += len(batch)
            except (OSError, ConnectionError):
                pass  # the server died mid-request

        thread = threading.Thread(target=produce)
        thread.start()
        with server.client() as consumer:
            while len(seen) < 2000:  # bounded by the producer's pace; the test timeout guards a stall
                polled = consumer.poll("mem", "t", PollingStrategy.offset(len(seen)), count=500)
                seen.update((m.offset, bytes(m.payload)) for m in polled.messages)
        server.kill()
        stop.set()
        thread.join(30)

        server.start()
        with server.client() as c:
            polled = c.poll("mem", "t", PollingStrategy.first(), count=1_000_000).messages
        stored = {m.offset: bytes(m.payload) for m in polled}
        assert sorted(stored) == list(range(len(stored)))  # no gaps
        assert all(stored.get(offset) == payload for offset, payload in seen.items())
        ordered = [stored[offset] for offset in sorted(stored)]
        common = min(len(ordered), len(acknowledged))
        assert ordered[:common] == acknowledged[:common]  # what was lost is a suffix
        assert len(ordered) - len(acknowledged) <= 50  # beyond the acknowledged: at most the in-flight batch
        assert len(stored) >= len(seen)
    finally:
        stop.set()
        server.stop()
