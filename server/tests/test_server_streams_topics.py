"""Streams, topics, partitions and segments: ids, names, defaults, limits, errors (reference §3.3, §6.1)."""

from __future__ import annotations

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy.protocol.responses import StreamDetails, StreamHeader, TopicDetails, TopicHeader

from server_support import ServerError, ServerProcess

U64_MAX = 2**64 - 1


def create_stream(client, name) -> StreamHeader:
    return StreamHeader.decode(client.call(requests.CreateStream(name)))


def create_topic(
    client, stream, name, partitions=1, expiry=0, max_size=0, replication=0, compression=1
) -> TopicDetails:
    body = client.call(requests.CreateTopic(stream, partitions, compression, expiry, max_size, replication, name))
    return TopicDetails.decode(body)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A server of its own: the id-allocation tests need to know every stream that exists."""
    process = ServerProcess(tmp_path_factory.mktemp("ids") / "data").start()
    yield process
    process.stop()


def test_stream_ids_start_at_zero_and_freed_ids_are_reused_most_recent_first(fresh):
    with fresh.client() as c:
        ids = [create_stream(c, f"s{i}").id for i in range(4)]
        assert ids == [0, 1, 2, 3]
        c.call(requests.DeleteStream(1))
        c.call(requests.DeleteStream(2))
        assert create_stream(c, "again-a").id == 2
        assert create_stream(c, "again-b").id == 1
        assert create_stream(c, "new").id == 4


def test_create_stream_response_and_duplicate_name(client, unique):
    name = unique("stream")
    header = create_stream(client, name)
    assert (header.name, header.topics_count, header.size_bytes, header.messages_count) == (name, 0, 0, 0)
    assert header.created_at_us > 0
    with pytest.raises(ServerError) as error:
        client.call(requests.CreateStream(name))
    assert error.value.code == ErrorCode.STREAM_NAME_ALREADY_EXISTS


def test_get_stream_by_id_and_name_missing_is_empty(client, unique):
    name = unique("stream")
    header = create_stream(client, name)
    by_name = StreamDetails.decode(client.call(requests.GetStream(name)))
    by_id = StreamDetails.decode(client.call(requests.GetStream(header.id)))
    assert by_name == by_id and by_id.id == header.id
    assert client.call(requests.GetStream(unique("missing"))) == b""
    assert client.call(requests.GetStream(999_999)) == b""


def test_get_streams_lists_all_sorted(client, unique):
    names = [unique("list") for _ in range(3)]
    for name in names:
        create_stream(client, name)
    streams = StreamHeader.decode_list(client.call(requests.GetStreams()))
    ids = [s.id for s in streams]
    assert ids == sorted(ids)
    assert set(names) <= {s.name for s in streams}


def test_update_stream_renames_and_checks_uniqueness(client, unique):
    a, b, renamed = unique("a"), unique("b"), unique("renamed")
    sa = create_stream(client, a)
    create_stream(client, b)
    client.call(requests.UpdateStream(a, a))  # same name: OK
    client.call(requests.UpdateStream(sa.id, renamed))
    assert StreamDetails.decode(client.call(requests.GetStream(renamed))).id == sa.id
    assert client.call(requests.GetStream(a)) == b""
    assert client.status_of(requests.UpdateStream(renamed, b)) == ErrorCode.STREAM_NAME_ALREADY_EXISTS
    assert client.status_of(requests.UpdateStream(unique("missing"), "x")) == ErrorCode.STREAM_ID_NOT_FOUND


def test_delete_and_purge_missing_stream_is_not_found(client, unique):
    assert client.status_of(requests.DeleteStream(unique("missing"))) == ErrorCode.STREAM_ID_NOT_FOUND
    assert client.status_of(requests.PurgeStream(4_000_000)) == ErrorCode.STREAM_ID_NOT_FOUND


def test_create_topic_resolves_defaults_and_returns_partitions(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    topic = create_topic(client, stream, "t", partitions=3)
    assert topic.id == 0 and topic.name == "t"
    assert topic.message_expiry_us == U64_MAX  # 0 → never
    assert topic.max_topic_size_bytes == U64_MAX  # 0 → unlimited
    assert topic.replication_factor == 1  # 0 → 1
    assert [p.id for p in topic.partitions] == [0, 1, 2]
    assert all((p.current_offset, p.messages_count, p.size_bytes) == (0, 0, 0) for p in topic.partitions)
    explicit = create_topic(
        client, stream, "t2", partitions=0, expiry=5_000_000, max_size=2 * 1024**3, replication=3, compression=2
    )
    assert (explicit.id, explicit.partitions_count, explicit.message_expiry_us) == (1, 0, 5_000_000)
    assert explicit.max_topic_size_bytes == 2 * 1024**3
    assert (explicit.replication_factor, explicit.compression_algorithm) == (3, 2)
    details = StreamDetails.decode(client.call(requests.GetStream(stream)))
    assert [t.name for t in details.topics] == ["t", "t2"] and details.topics_count == 2


def test_create_topic_errors(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "t")
    cases = [
        (requests.CreateTopic(stream, 1001, 1, 0, 0, 0, "x"), ErrorCode.TOO_MANY_PARTITIONS),
        (requests.CreateTopic(stream, 1, 1, 0, 1024, 0, "x"), ErrorCode.INVALID_TOPIC_SIZE),
        (requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"), ErrorCode.TOPIC_NAME_ALREADY_EXISTS),
        (requests.CreateTopic(unique("missing"), 1, 1, 0, 0, 0, "x"), ErrorCode.STREAM_ID_NOT_FOUND),
        (requests.CreateTopic(stream, 1, 7, 0, 0, 0, "x"), ErrorCode.INVALID_COMMAND),
    ]
    for request, code in cases:
        assert client.status_of(request) == code, request


def test_topic_get_list_update_delete(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "a", partitions=2)
    create_topic(client, stream, "b")
    headers = TopicHeader.decode_list(client.call(requests.GetTopics(stream)))
    assert [(h.id, h.name, h.partitions_count) for h in headers] == [(0, "a", 2), (1, "b", 1)]
    assert client.call(requests.GetTopics(unique("missing"))) == b""
    assert client.call(requests.GetTopic(stream, "zzz")) == b""

    client.call(requests.UpdateTopic(stream, "a", 2, 60_000_000, 0, 2, "a2"))
    updated = TopicDetails.decode(client.call(requests.GetTopic(stream, 0)))
    assert (updated.name, updated.compression_algorithm) == ("a2", 2)
    assert (updated.message_expiry_us, updated.replication_factor) == (60_000_000, 2)
    assert updated.partitions_count == 2
    assert client.status_of(requests.UpdateTopic(stream, "a2", 1, 0, 0, 0, "b")) == ErrorCode.TOPIC_NAME_ALREADY_EXISTS
    assert client.status_of(requests.UpdateTopic(stream, "nope", 1, 0, 0, 0, "c")) == ErrorCode.TOPIC_ID_NOT_FOUND

    client.call(requests.DeleteTopic(stream, "a2"))
    assert client.call(requests.GetTopic(stream, 0)) == b""
    assert create_topic(client, stream, "c").id == 0  # freed topic id reused
    assert client.status_of(requests.DeleteTopic(stream, 99)) == ErrorCode.TOPIC_ID_NOT_FOUND


def test_reused_topic_id_starts_empty(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "t")
    client.send(stream, "t", [b"old message"])
    client.call(requests.DeleteTopic(stream, "t"))
    topic = create_topic(client, stream, "t-new")
    assert topic.id == 0
    assert client.poll(stream, "t-new", PollingStrategy.first()).messages == []


def test_partitions_create_and_delete(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "t", partitions=1)
    client.call(requests.CreatePartitions(stream, "t", 3))
    topic = TopicDetails.decode(client.call(requests.GetTopic(stream, "t")))
    assert [p.id for p in topic.partitions] == [0, 1, 2, 3]
    client.call(requests.DeletePartitions(stream, "t", 2))
    topic = TopicDetails.decode(client.call(requests.GetTopic(stream, "t")))
    assert [p.id for p in topic.partitions] == [0, 1]
    assert client.status_of(requests.CreatePartitions(stream, "t", 0)) == ErrorCode.TOO_MANY_PARTITIONS
    assert client.status_of(requests.CreatePartitions(stream, "t", 1001)) == ErrorCode.TOO_MANY_PARTITIONS
    assert client.status_of(requests.DeletePartitions(stream, "t", 0)) == ErrorCode.TOO_MANY_PARTITIONS
    assert client.status_of(requests.DeletePartitions(stream, "t", 3)) == ErrorCode.INVALID_PARTITIONS_COUNT
    assert client.status_of(requests.CreatePartitions(stream, "missing", 1)) == ErrorCode.TOPIC_ID_NOT_FOUND


def test_purge_topic_and_stream_remove_messages_and_offsets(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "t")
    client.send(stream, "t", [b"a", b"b", b"c"])
    client.call(requests.StoreConsumerOffset(Consumer.consumer(5), stream, "t", 0, 1))
    client.call(requests.PurgeTopic(stream, "t"))
    assert client.poll(stream, "t", PollingStrategy.first()).messages == []
    assert client.call(requests.GetConsumerOffset(Consumer.consumer(5), stream, "t", 0)) == b""
    client.send(stream, "t", [b"after purge"])
    polled = client.poll(stream, "t", PollingStrategy.first())
    assert [(m.offset, bytes(m.payload)) for m in polled.messages] == [(0, b"after purge")]
    client.call(requests.PurgeStream(stream))
    details = StreamDetails.decode(client.call(requests.GetStream(stream)))
    assert details.messages_count == 0 and details.size_bytes == 0


def test_stream_and_topic_sizes_count_stored_frames(client, unique):
    stream = unique("s")
    create_stream(client, stream)
    create_topic(client, stream, "t", partitions=2)
    client.send(stream, "t", [b"x" * 10, b"y" * 20], Partitioning.partition_id(0))
    client.send(stream, "t", [b"z" * 30], Partitioning.partition_id(1))
    topic = TopicDetails.decode(client.call(requests.GetTopic(stream, "t")))
    assert topic.messages_count == 3
    assert topic.size_bytes == 3 * 64 + 60
    assert [p.messages_count for p in topic.partitions] == [2, 1]
    assert [p.current_offset for p in topic.partitions] == [1, 0]
    details = StreamDetails.decode(client.call(requests.GetStream(stream)))
    assert (details.messages_count, details.size_bytes) == (3, 3 * 64 + 60)


@pytest.fixture(scope="module")
def small_segments(tmp_path_factory):
    process = ServerProcess(
        tmp_path_factory.mktemp("segments") / "data",
        env={"IGGY_SYSTEM_SEGMENT_SIZE_BYTES": "1024", "IGGY_SYSTEM_MESSAGE_CLEANER_INTERVAL_MS": "100"},
    ).start()
    yield process
    process.stop()


def test_delete_segments_removes_oldest_sealed_segments(small_segments):
    with small_segments.client() as c:
        create_stream(c, "s")
        create_topic(c, "s", "t", max_size=U64_MAX)
        for i in range(12):
            c.send("s", "t", [bytes([i]) * 200])  # 264-byte frames: a few per 1 KiB segment
        before = TopicDetails.decode(c.call(requests.GetTopic("s", "t"))).partitions[0]
        assert before.segments_count >= 3
        c.call(requests.DeleteSegments("s", "t", 0, 1))
        after = TopicDetails.decode(c.call(requests.GetTopic("s", "t"))).partitions[0]
        assert after.segments_count == before.segments_count - 1
        assert after.messages_count < before.messages_count
        assert after.current_offset == before.current_offset == 11
        first = c.poll("s", "t", PollingStrategy.first(), count=1).messages[0]
        assert first.offset > 0
        assert c.status_of(requests.DeleteSegments("s", "t", 5, 1)) == ErrorCode.PARTITION_NOT_FOUND


def wait_for(predicate, timeout_s=5.0):
    import time

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_retention_deletes_expired_sealed_segments_unless_a_consumer_still_needs_them(small_segments):
    with small_segments.client() as c:
        create_stream(c, "expiring")
        create_topic(c, "expiring", "t", expiry=300_000, max_size=U64_MAX)  # 0.3 s
        create_topic(c, "expiring", "held", expiry=300_000, max_size=U64_MAX)
        for i in range(12):
            c.send("expiring", "t", [bytes([i]) * 200])
            c.send("expiring", "held", [bytes([i]) * 200])
        c.call(requests.StoreConsumerOffset(Consumer.consumer(1), "expiring", "held", 0, 0))

        def partition(topic):
            return TopicDetails.decode(c.call(requests.GetTopic("expiring", topic))).partitions[0]

        before = partition("t")
        assert before.segments_count >= 3
        assert wait_for(lambda: partition("t").segments_count == 1)
        after = partition("t")
        assert after.current_offset == 11 and after.messages_count < 12
        c.send("expiring", "t", [b"fresh"])
        assert [m.offset for m in c.poll("expiring", "t", PollingStrategy.last(), count=1).messages] == [12]
        # The consumer at offset 0 has not read the old segments: they are kept.
        assert partition("held").segments_count == before.segments_count


def test_retention_trims_topics_above_ninety_percent_of_max_size(small_segments):
    with small_segments.client() as c:
        create_stream(c, "capped")
        create_topic(c, "capped", "t", partitions=2, max_size=2048)
        for i in range(10):
            c.send("capped", "t", [bytes([i]) * 200], Partitioning.partition_id(i % 2))

        def trimmed():
            topic = TopicDetails.decode(c.call(requests.GetTopic("capped", "t")))
            return topic.size_bytes < 2048 * 9 // 10 or all(p.segments_count == 1 for p in topic.partitions)

        assert wait_for(trimmed)
        topic = TopicDetails.decode(c.call(requests.GetTopic("capped", "t")))
        assert topic.messages_count < 10
        assert [p.current_offset for p in topic.partitions] == [4, 4]

