"""Consumer offsets (§3.6) and consumer groups: membership, assignment, rebalancing (§6.7), group polls."""

from __future__ import annotations

import time

from iggy.protocol import requests
from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy.protocol.responses import ClientDetails, ConsumerOffsetInfo, GroupDetails, GroupHeader


def group(client, stream, topic, name="g") -> GroupDetails:
    return GroupDetails.decode(client.call(requests.GetConsumerGroup(stream, topic, name)))


def assignment(client, stream, topic, name="g") -> list[tuple[int, tuple[int, ...]]]:
    return [(m.member_id, m.partition_ids) for m in group(client, stream, topic, name).members]


# ------------------------------------------------------------------------------------ offsets


def test_store_get_delete_consumer_offset(client, topic):
    consumer = Consumer.consumer(7)
    assert client.call(requests.GetConsumerOffset(consumer, *topic, 0)) == b""
    # Nothing stored in the partition yet: no offset is valid.
    assert client.status_of(requests.StoreConsumerOffset(consumer, *topic, 0, 0)) == ErrorCode.INVALID_OFFSET
    client.send(*topic, [b"a", b"b", b"c"])
    client.call(requests.StoreConsumerOffset(consumer, *topic, 0, 1))
    info = ConsumerOffsetInfo.decode(client.call(requests.GetConsumerOffset(consumer, *topic, 0)))
    assert (info.partition_id, info.current_offset, info.stored_offset) == (0, 2, 1)
    # Partition None means partition 0 for a single consumer.
    assert ConsumerOffsetInfo.decode(client.call(requests.GetConsumerOffset(consumer, *topic, None))) == info
    assert client.status_of(requests.StoreConsumerOffset(consumer, *topic, 0, 3)) == ErrorCode.INVALID_OFFSET
    assert client.status_of(requests.StoreConsumerOffset(consumer, *topic, 8, 0)) == ErrorCode.PARTITION_NOT_FOUND
    client.call(requests.DeleteConsumerOffset(consumer, *topic, 0))
    assert client.call(requests.GetConsumerOffset(consumer, *topic, 0)) == b""
    assert client.status_of(requests.DeleteConsumerOffset(consumer, *topic, 0)) == ErrorCode.CONSUMER_OFFSET_NOT_FOUND


def test_get_consumer_offset_lookup_failures_are_empty_ok(client, topic):
    consumer = Consumer.consumer(1)
    assert client.call(requests.GetConsumerOffset(consumer, "no-such-stream", "t", 0)) == b""
    assert client.call(requests.GetConsumerOffset(consumer, topic[0], "no-such-topic", 0)) == b""
    assert client.call(requests.GetConsumerOffset(consumer, *topic, 99)) == b""
    assert client.call(requests.GetConsumerOffset(Consumer.group("no-group"), *topic, 0)) == b""


def test_next_resumes_from_stored_offset(client, topic):
    client.send(*topic, [bytes([i]) for i in range(6)])
    consumer = Consumer.consumer(3)
    client.call(requests.StoreConsumerOffset(consumer, *topic, 0, 3))
    polled = client.poll(*topic, PollingStrategy.next(), count=10, consumer=consumer)
    assert [m.offset for m in polled.messages] == [4, 5]


# ------------------------------------------------------------------------------------ groups


def test_group_create_get_list_delete(client, topic):
    header = GroupHeader.decode(client.call(requests.CreateConsumerGroup(*topic, "g")))
    assert (header.id, header.name, header.partitions_count, header.members_count) == (0, "g", 3, 0)
    assert client.status_of(requests.CreateConsumerGroup(*topic, "g")) == ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS
    GroupHeader.decode(client.call(requests.CreateConsumerGroup(*topic, "h")))
    assert [g.name for g in GroupHeader.decode_list(client.call(requests.GetConsumerGroups(*topic)))] == ["g", "h"]
    assert group(client, *topic, 0) == group(client, *topic, "g")
    assert client.call(requests.GetConsumerGroup(*topic, "zzz")) == b""
    client.call(requests.DeleteConsumerGroup(*topic, "g"))
    assert client.call(requests.GetConsumerGroup(*topic, "g")) == b""
    assert client.status_of(requests.DeleteConsumerGroup(*topic, "g")) == ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND
    assert GroupHeader.decode(client.call(requests.CreateConsumerGroup(*topic, "again"))).id == 0  # id reused


def test_join_is_idempotent_and_a_single_member_owns_everything(client, topic):
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    assert client.call(requests.JoinConsumerGroup(*topic, "g")) == b""
    assert client.call(requests.JoinConsumerGroup(*topic, "g")) == b""
    assert assignment(client, *topic) == [(0, (0, 1, 2))]
    me = ClientDetails.decode(client.call(requests.GetMe()))
    assert len(me.consumer_groups) == 1 and me.consumer_groups[0].group_id == 0
    client.call(requests.LeaveConsumerGroup(*topic, "g"))
    assert assignment(client, *topic) == []
    assert client.status_of(requests.LeaveConsumerGroup(*topic, "g")) == ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND
    assert ClientDetails.decode(client.call(requests.GetMe())).consumer_groups == ()


def test_second_member_gets_a_fair_share_and_leave_rebalances(server, client, topic):
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    with server.client() as second:
        second.call(requests.JoinConsumerGroup(*topic, "g"))
        # Never-polled partitions move at once: the newcomer takes the excess partition from the end.
        assert assignment(client, *topic) == [(0, (0, 1)), (1, (2,))]
        client.call(requests.LeaveConsumerGroup(*topic, "g"))
        assert assignment(client, *topic) == [(1, (0, 1, 2))]
        client.call(requests.JoinConsumerGroup(*topic, "g"))
        assert sorted(assignment(client, *topic)) == [(1, (0, 1)), (2, (2,))]
    # Disconnect leaves the group too (full rebalance).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len(group(client, *topic).members) != 1:
        time.sleep(0.02)
    assert assignment(client, *topic) == [(2, (0, 1, 2))]


def test_group_poll_round_robins_member_partitions_and_shares_offsets(server, client, topic):
    for partition in range(3):
        client.send(*topic, [f"p{partition}-{i}".encode() for i in range(2)], Partitioning.partition_id(partition))
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    reader = Consumer.group("g")
    seen = []
    for _ in range(3):
        polled = client.poll(
            *topic, PollingStrategy.next(), count=10, partition_id=None, consumer=reader, auto_commit=True
        )
        seen.append((polled.partition_id, [bytes(m.payload) for m in polled.messages]))
    assert seen == [(0, [b"p0-0", b"p0-1"]), (1, [b"p1-0", b"p1-1"]), (2, [b"p2-0", b"p2-1"])]
    stored = ConsumerOffsetInfo.decode(client.call(requests.GetConsumerOffset(reader, *topic, 1)))
    assert stored.stored_offset == 1
    # Another member of the same group continues from the group's offsets.
    client.send(*topic, [b"p0-2"], Partitioning.partition_id(0))
    with server.client() as second:
        second.call(requests.JoinConsumerGroup(*topic, "g"))
        client.call(requests.LeaveConsumerGroup(*topic, "g"))
        polled = second.poll(
            *topic, PollingStrategy.next(), count=10, partition_id=0, consumer=reader, auto_commit=True
        )
        assert [bytes(m.payload) for m in polled.messages] == [b"p0-2"]


def test_group_membership_rules_for_poll_and_offsets(server, client, topic):
    client.send(*topic, [b"x"], Partitioning.partition_id(0))
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    reader = Consumer.group("g")
    not_member = ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND
    assert client.status_of(requests.PollMessages(reader, *topic, None, PollingStrategy.next(), 1, False)) == not_member
    assert client.status_of(requests.StoreConsumerOffset(reader, *topic, 0, 0)) == not_member
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    with server.client() as second:
        second.call(requests.JoinConsumerGroup(*topic, "g"))
        assert assignment(client, *topic) == [(0, (0, 1)), (1, (2,))]
        # Explicit partition owned by someone else: empty prefix for polls, 3022 for store.
        body = second.call(requests.PollMessages(reader, *topic, 0, PollingStrategy.first(), 1, False))
        assert body == bytes(16)
        assert second.status_of(requests.StoreConsumerOffset(reader, *topic, 0, 0)) == ErrorCode.NOT_RESOLVED_CONSUMER
        client.call(requests.StoreConsumerOffset(reader, *topic, 0, 0))
        # Reading a group's offset needs no membership.
        with server.client() as outsider:
            info = ConsumerOffsetInfo.decode(outsider.call(requests.GetConsumerOffset(reader, *topic, 0)))
            assert info.stored_offset == 0


def test_cooperative_revocation_waits_for_commit(server, client, topic):
    for partition in range(3):
        client.send(*topic, [b"m"], Partitioning.partition_id(partition))
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    reader = Consumer.group("g")
    polled = client.poll(*topic, PollingStrategy.first(), count=1, partition_id=2, consumer=reader)
    assert polled.messages_count == 1  # partition 2 polled but not committed
    with server.client() as second:
        second.call(requests.JoinConsumerGroup(*topic, "g"))
        # Partition 2 is pending revocation: the first member keeps it until it commits.
        assert assignment(client, *topic) == [(0, (0, 1, 2)), (1, ())]
        client.call(requests.StoreConsumerOffset(reader, *topic, 2, 0))
        assert assignment(client, *topic) == [(0, (0, 1)), (1, (2,))]


def test_partition_changes_rebalance_groups(client, topic):
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    client.call(requests.CreatePartitions(*topic, 2))
    assert assignment(client, *topic) == [(0, (0, 1, 2, 3, 4))]
    assert group(client, *topic).partitions_count == 5
    client.call(requests.DeletePartitions(*topic, 4))
    assert assignment(client, *topic) == [(0, (0,))]


def test_deleting_the_topic_drops_memberships(client, topic):
    client.call(requests.CreateConsumerGroup(*topic, "g"))
    client.call(requests.JoinConsumerGroup(*topic, "g"))
    client.call(requests.DeleteTopic(*topic))
    assert ClientDetails.decode(client.call(requests.GetMe())).consumer_groups == ()
