"""SendMessages / PollMessages / FlushUnsavedBuffer: partitioning, every polling strategy, auto-commit."""

from __future__ import annotations

import struct
import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.messages import Message, PolledMessages, encode_send_messages
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy.protocol.responses import TopicDetails

from server_support import ServerError


def partition_counts(client, stream, topic):
    details = TopicDetails.decode(client.call(requests.GetTopic(stream, topic)))
    return [p.messages_count for p in details.partitions]


def test_balanced_partitioning_is_round_robin_from_partition_zero(client, topic):
    for i in range(7):
        client.send(*topic, [f"m{i}".encode()], Partitioning.balanced())
    assert partition_counts(client, *topic) == [3, 2, 2]
    polled = client.poll(*topic, PollingStrategy.first(), partition_id=1)
    assert [bytes(m.payload) for m in polled.messages] == [b"m1", b"m4"]


def test_messages_key_partitioning_uses_xxh32_mod_partitions(client, unique):
    stream = unique("keyed")
    client.call(requests.CreateStream(stream))
    client.call(requests.CreateTopic(stream, 4, 1, 0, 0, 0, "t"))
    client.send(stream, "t", [b"a", b"b"], Partitioning.messages_key("user-42"))
    assert partition_counts(client, stream, "t") == [0, 0, 2, 0]  # reference §4.2: user-42 → 2


def test_explicit_partition_and_missing_targets(client, topic, unique):
    client.send(*topic, [b"p2"], Partitioning.partition_id(2))
    assert partition_counts(client, *topic) == [0, 0, 1]
    with pytest.raises(ServerError) as error:
        client.send(*topic, [b"x"], Partitioning.partition_id(3))
    assert error.value.code == ErrorCode.PARTITION_NOT_FOUND
    with pytest.raises(ServerError) as error:
        client.send(topic[0], "missing", [b"x"])
    assert error.value.code == ErrorCode.TOPIC_ID_NOT_FOUND
    with pytest.raises(ServerError) as error:
        client.send(unique("missing"), "t", [b"x"])
    assert error.value.code == ErrorCode.STREAM_ID_NOT_FOUND


def test_balanced_send_to_topic_without_partitions_is_no_partitions(client, unique):
    stream = unique("empty")
    client.call(requests.CreateStream(stream))
    client.call(requests.CreateTopic(stream, 0, 1, 0, 0, 0, "t"))
    with pytest.raises(ServerError) as error:
        client.send(stream, "t", [b"x"], Partitioning.balanced())
    assert error.value.code == ErrorCode.NO_PARTITIONS


def test_server_stamps_offsets_timestamps_ids_and_checksums(client, topic):
    from iggy_server._native import xxh3_64

    before_us = time.time_ns() // 1000
    payload = encode_send_messages(
        topic[0], topic[1], Partitioning.partition_id(0),
        [Message(b"first", id=42, user_headers={"k": "v"}, origin_timestamp_us=123), Message(b"second")],
    )
    assert client.request(Command.SEND_MESSAGES, payload) == (0, b"")
    body = client.call(requests.PollMessages(Consumer.consumer(1), *topic, 0, PollingStrategy.first(), 10, False))
    polled = PolledMessages.decode(body)
    first, second = polled.messages
    assert (first.offset, second.offset) == (0, 1)
    assert first.id == 42 and second.id != 0
    assert first.timestamp_us == second.timestamp_us >= before_us
    assert first.origin_timestamp_us == 123
    assert first.user_headers == Message(b"x", user_headers={"k": "v"}).user_headers
    frames = body[16:]
    first_size = 64 + len(b"first") + struct.unpack_from("<I", frames, 48)[0]
    assert struct.unpack_from("<Q", frames, 0)[0] == xxh3_64(frames[8:first_size])
    assert struct.unpack_from("<Q", frames, 56)[0] == 0  # reserved


def test_poll_response_always_has_prefix(client, topic):
    body = client.call(requests.PollMessages(Consumer.consumer(1), *topic, 0, PollingStrategy.first(), 10, False))
    assert body == struct.pack("<IQI", 0, 0, 0)
    client.send(*topic, [b"only"], Partitioning.partition_id(1))
    body = client.call(requests.PollMessages(Consumer.consumer(1), *topic, 1, PollingStrategy.offset(5), 10, False))
    assert body == struct.pack("<IQI", 1, 0, 0)
    body = client.call(requests.PollMessages(Consumer.consumer(1), *topic, 1, PollingStrategy.first(), 0, False))
    assert body == struct.pack("<IQI", 1, 0, 0)


def test_every_polling_strategy(client, topic):
    for batch in range(4):
        client.send(*topic, [f"{batch}-{i}".encode() for i in range(5)])
        time.sleep(0.002)  # distinct batch timestamps
    offsets = lambda polled: [m.offset for m in polled.messages]  # noqa: E731
    assert offsets(client.poll(*topic, PollingStrategy.offset(7), count=4)) == [7, 8, 9, 10]
    assert offsets(client.poll(*topic, PollingStrategy.offset(18), count=10)) == [18, 19]
    assert offsets(client.poll(*topic, PollingStrategy.offset(20), count=10)) == []
    assert offsets(client.poll(*topic, PollingStrategy.first(), count=3)) == [0, 1, 2]
    assert offsets(client.poll(*topic, PollingStrategy.last(), count=3)) == [17, 18, 19]
    assert offsets(client.poll(*topic, PollingStrategy.last(), count=50)) == list(range(20))
    third_batch = client.poll(*topic, PollingStrategy.offset(10), count=1).messages[0]
    by_time = client.poll(*topic, PollingStrategy.timestamp(third_batch.timestamp_us), count=100)
    assert offsets(by_time) == list(range(10, 20))
    assert offsets(client.poll(*topic, PollingStrategy.timestamp(2**63), count=10)) == []
    polled = client.poll(*topic, PollingStrategy.first(), count=1)
    assert (polled.partition_id, polled.current_offset, polled.messages_count) == (0, 19, 1)


def test_next_with_and_without_auto_commit(client, topic):
    client.send(*topic, [bytes([i]) for i in range(5)])
    consumer = Consumer.consumer("reader")

    def take(commit):
        polled = client.poll(*topic, PollingStrategy.next(), count=2, consumer=consumer, auto_commit=commit)
        return [m.offset for m in polled.messages]

    assert take(False) == [0, 1]
    assert take(False) == [0, 1]  # nothing stored yet
    assert take(True) == [0, 1]
    assert take(True) == [2, 3]
    assert take(True) == [4]
    assert take(True) == []
    from iggy.protocol.responses import ConsumerOffsetInfo

    info = ConsumerOffsetInfo.decode(client.call(requests.GetConsumerOffset(consumer, *topic, 0)))
    assert (info.partition_id, info.current_offset, info.stored_offset) == (0, 4, 4)
    # A string consumer id is keyed by XXH32 of its name: the numeric twin sees the same offset.
    from iggy_server._native import xxh32

    twin = Consumer.consumer(xxh32(b"reader", 0))
    assert ConsumerOffsetInfo.decode(client.call(requests.GetConsumerOffset(twin, *topic, 0))).stored_offset == 4


def test_poll_errors(client, topic):
    first, one = PollingStrategy.first(), Consumer.consumer(1)
    no_group = ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND
    cases = [
        (requests.PollMessages(one, *topic, 9, first, 1, False), ErrorCode.PARTITION_NOT_FOUND),
        (requests.PollMessages(one, topic[0], "nope", 0, first, 1, False), ErrorCode.TOPIC_ID_NOT_FOUND),
        (requests.PollMessages(Consumer.group("g?"), *topic, None, first, 1, False), no_group),
    ]
    for request, code in cases:
        assert client.status_of(request) == code


def test_flush_unsaved_buffer(client, topic):
    client.send(*topic, [b"durable"])
    assert client.call(requests.FlushUnsavedBuffer(*topic, 0, True)) == b""
    assert client.call(requests.FlushUnsavedBuffer(*topic, 0, False)) == b""
    assert client.status_of(requests.FlushUnsavedBuffer(*topic, 7, True)) == ErrorCode.PARTITION_NOT_FOUND


def test_batch_validation_errors_come_from_storage(client, topic):
    payload = bytearray(encode_send_messages(topic[0], topic[1], Partitioning.partition_id(0), [Message(b"abc")]))
    # The frame's offset field (header bytes 24..32) must be 0 on send... it is the frame, not the index:
    # corrupt the index entry's offset instead (4031 NonZeroOffset).
    metadata_length = struct.unpack_from("<I", payload, 0)[0]
    struct.pack_into("<I", payload, 4 + metadata_length, 5)
    assert client.request(Command.SEND_MESSAGES, bytes(payload))[0] == ErrorCode.NON_ZERO_OFFSET
    assert partition_counts(client, *topic) == [0, 0, 0]


def test_large_batch_round_trip(client, topic):
    payloads = [bytes([i % 256]) * 1000 for i in range(2000)]
    client.send(*topic, payloads)
    polled = client.poll(*topic, PollingStrategy.first(), count=5000)
    assert len(polled.messages) == 2000
    assert all(bytes(m.payload) == p for m, p in zip(polled.messages, payloads))
