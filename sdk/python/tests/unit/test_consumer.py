"""IggyConsumer polling and commit logic over an in-memory fake client that keeps a log per partition and
stored offsets the way the 0.8 server does (Next = stored + 1, auto_commit stores the last polled)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from iggy import AutoCommit, Consumer, IggyConsumer, Message, PollingStrategy
from iggy.errors import IggyError, NotFoundError
from iggy.protocol.codes import RESYNC_PARTITION_ID, ErrorCode, ProtocolVersion
from iggy.protocol.kinds import PollingKind
from iggy.protocol.messages import PolledMessages


class FakeLogClient:
    protocol = ProtocolVersion.V0_8

    def __init__(self, partitions: int = 1, messages_per_partition: int = 0) -> None:
        self.logs = {p: [f"p{p}-{i}".encode() for i in range(messages_per_partition)] for p in range(partitions)}
        self.stored: dict[tuple[Consumer, int], int] = {}
        self.calls: list[tuple] = []
        self.groups: set[str] = set()
        self.members = 0
        self.group_rr = 0
        self.fail_next_poll: Exception | None = None

    async def get_topic(self, stream, topic):
        return SimpleNamespace(partitions_count=len(self.logs))

    async def get_consumer_group(self, stream, topic, group):
        return object() if group in self.groups else None

    async def create_consumer_group(self, stream, topic, name):
        self.calls.append(("create_group", name))
        self.groups.add(name)

    async def join_consumer_group(self, stream, topic, group):
        self.calls.append(("join", group))
        self.members = 1

    async def leave_consumer_group(self, stream, topic, group):
        self.calls.append(("leave", group))
        self.members = 0

    async def store_consumer_offset(self, consumer, stream, topic, partition_id, offset):
        self.calls.append(("store", partition_id, offset))
        self.stored[(consumer, partition_id)] = offset

    async def poll_messages(self, stream, topic, partition_id, consumer, strategy, count, auto_commit=False):
        if self.fail_next_poll is not None:
            error, self.fail_next_poll = self.fail_next_poll, None
            raise error
        if partition_id is None:  # group: the server round-robins over the member's partitions
            if not self.members:
                raise IggyError(ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND)
            partition_id = self.group_rr % len(self.logs)
            self.group_rr += 1
        self.calls.append(("poll", partition_id, strategy.kind, strategy.value, auto_commit))
        log = self.logs[partition_id]
        if strategy.kind == PollingKind.NEXT:
            start = self.stored.get((consumer, partition_id), -1) + 1
        elif strategy.kind == PollingKind.FIRST:
            start = 0
        else:
            start = strategy.value
        chosen = [Message(log[o], offset=o) for o in range(start, min(start + count, len(log)))]
        if auto_commit and chosen:
            self.stored[(consumer, partition_id)] = chosen[-1].offset
        return PolledMessages(partition_id, max(len(log) - 1, 0), len(chosen), chosen)

    def polls(self):
        return [c for c in self.calls if c[0] == "poll"]

    def stores(self):
        return [c for c in self.calls if c[0] == "store"]


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 10))


async def take(consumer: IggyConsumer, n: int) -> list:
    out = []
    async for message in consumer:
        out.append(message)
        if len(out) == n:
            break
    return out


def test_single_consumer_reads_all_partitions_round_robin_without_commits():
    async def scenario():
        client = FakeLogClient(partitions=2, messages_per_partition=3)
        consumer = IggyConsumer(client, "s", "t", consumer_id=1, batch_length=2, auto_commit=AutoCommit.disabled())
        await consumer.init()
        got = await take(consumer, 6)
        assert sorted(m.payload_bytes() for m in got) == sorted(client.logs[0] + client.logs[1])
        assert {m.partition_id for m in got} == {0, 1}
        # First poll per partition uses the strategy (Next); afterwards the local position (Offset).
        kinds = [(c[1], c[2], c[3]) for c in client.polls()]
        assert kinds[:2] == [(0, PollingKind.NEXT, 0), (1, PollingKind.NEXT, 0)]
        assert (0, PollingKind.OFFSET, 2) in kinds and (1, PollingKind.OFFSET, 2) in kinds
        assert client.stores() == []
        await consumer.close()
        assert client.stores() == []  # disabled: no final commit either

    run(scenario())


def test_when_consumed_commits_the_previous_batch_before_polling_again():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=5)
        consumer = IggyConsumer(client, "s", "t", consumer_id="c", partition_id=0, batch_length=2)
        await consumer.init()
        got = await take(consumer, 3)  # batch [0,1] handed out, then batch [2,3] polled, 2 handed out
        assert [m.offset for m in got] == [0, 1, 2]
        assert client.stores() == [("store", 0, 1)]
        await consumer.close()
        # Final commit: everything handed out (offset 2), not the buffered offset 3.
        assert client.stores() == [("store", 0, 1), ("store", 0, 2)]
        assert consumer.committed_offsets == {0: 2}

    run(scenario())


def test_after_poll_uses_server_side_auto_commit():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=4)
        consumer = IggyConsumer(client, "s", "t", partition_id=0, batch_length=2, auto_commit=AutoCommit.after_poll())
        await consumer.init()
        await take(consumer, 4)
        assert all(c[4] is True for c in client.polls())
        assert client.stores() == []
        assert client.stored[(Consumer.consumer(0), 0)] == 3
        await consumer.close()
        assert client.stores() == []

    run(scenario())


def test_interval_commits_in_background():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=3)
        consumer = IggyConsumer(client, "s", "t", partition_id=0, auto_commit=AutoCommit.interval(20))
        await consumer.init()
        await take(consumer, 3)
        assert client.stores() == []
        for _ in range(200):  # the 20 ms timer fires soon; wait for it without assuming a schedule
            if client.stores():
                break
            await asyncio.sleep(0.01)
        assert client.stores() == [("store", 0, 2)]
        await consumer.close()
        assert client.stores() == [("store", 0, 2)]  # nothing new to commit

    run(scenario())


def test_resume_from_stored_offset_with_next():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=5)
        client.stored[(Consumer.consumer(9), 0)] = 2
        consumer = IggyConsumer(client, "s", "t", consumer_id=9, partition_id=0)
        await consumer.init()
        assert [m.offset for m in await take(consumer, 2)] == [3, 4]
        await consumer.close()

    run(scenario())


def test_group_member_creates_joins_polls_commits_and_leaves():
    async def scenario():
        client = FakeLogClient(partitions=2, messages_per_partition=2)
        consumer = IggyConsumer(client, "s", "t", group="workers", batch_length=10)
        await consumer.init()
        assert client.calls[:2] == [("create_group", "workers"), ("join", "workers")]
        got = await take(consumer, 4)
        assert sorted(m.payload_bytes() for m in got) == sorted(client.logs[0] + client.logs[1])
        assert all(c[2] == PollingKind.NEXT for c in client.polls())
        await consumer.close()
        group = Consumer.group("workers")
        assert client.stored[(group, 0)] == 1 and client.stored[(group, 1)] == 1
        assert client.calls[-1] == ("leave", "workers")

    run(scenario())


def test_group_redelivery_is_deduplicated_when_commits_are_disabled():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=3)
        client.groups.add("g")
        consumer = IggyConsumer(client, "s", "t", group="g", auto_commit=AutoCommit.disabled())
        await consumer.init()
        assert [m.offset for m in await consumer.poll()] == [0, 1, 2]
        assert await consumer.poll() == []  # the server re-sends 0..2 (nothing stored); nothing new
        await consumer.commit()
        assert client.stores() == [("store", 0, 2)]
        await consumer.close()

    run(scenario())


def test_group_rejoins_after_membership_loss():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=1)
        consumer = IggyConsumer(client, "s", "t", group="g")
        await consumer.init()
        client.members = 0  # e.g. the connection was re-established
        assert await consumer.poll() == []
        assert client.calls.count(("join", "g")) == 2
        assert [m.offset for m in await consumer.poll()] == [0]
        await consumer.close()

    run(scenario())


def test_commit_skips_partitions_lost_in_a_rebalance():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=2)
        consumer = IggyConsumer(client, "s", "t", group="g", batch_length=1)
        await consumer.init()
        await consumer.poll()

        async def refuse(*args):
            raise IggyError(getattr(ErrorCode, "NOT_RESOLVED_CONSUMER", 3022))

        client.store_consumer_offset = refuse
        await consumer.poll()  # the commit before this poll is refused and skipped, not raised
        await consumer.close()

    run(scenario())


def test_callback_style_stops_on_handler_error_without_committing_that_message():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=3)
        consumer = IggyConsumer(client, "s", "t", partition_id=0)
        await consumer.init()
        seen = []

        async def handler(message):
            if message.offset == 1:
                raise RuntimeError("boom")
            seen.append(message.offset)

        with pytest.raises(RuntimeError):
            await consumer.consume(handler)
        await consumer.close()
        assert seen == [0]
        assert client.stores() == [("store", 0, 0)]  # offset 1 stays uncommitted → redelivered

    run(scenario())


def test_consume_max_messages_and_strategy_first():
    async def scenario():
        client = FakeLogClient(partitions=1, messages_per_partition=5)
        consumer = IggyConsumer(client, "s", "t", partition_id=0, strategy=PollingStrategy.first(), batch_length=2)
        await consumer.init()
        seen = []
        assert await consumer.consume(lambda m: seen.append(m.offset), max_messages=3) == 3
        assert seen == [0, 1, 2]
        assert client.polls()[0][2] == PollingKind.FIRST
        await consumer.close()

    run(scenario())


def test_invalid_combinations_and_missing_topic():
    with pytest.raises(ValueError):
        IggyConsumer(FakeLogClient(), "s", "t", group="g", consumer_id=1)
    with pytest.raises(ValueError):
        IggyConsumer(FakeLogClient(), "s", "t", group="g", partition_id=0)

    class NoTopic(FakeLogClient):
        async def get_topic(self, stream, topic):
            return None

    async def scenario():
        consumer = IggyConsumer(NoTopic(), "s", "t", init_retries=1, init_retry_interval_ms=1)
        with pytest.raises(NotFoundError):
            await consumer.init()

    run(scenario())


def test_received_message_header_lookup():
    from iggy.consumer import ReceivedMessage

    message = Message(b"x", user_headers={"kind": "order", "n": 5})
    received = ReceivedMessage(3, message)
    assert received.header("kind") == "order" and received.header("n") == 5 and received.header("none") is None
    assert received.partition_id == 3 and received.payload_bytes() == b"x"


class FakeCooperativeClient(FakeLogClient):
    """Iggy 0.9's group side: SyncConsumerGroup answers `assignment` (a test moves partitions by changing it and
    bumping `generation`); a group poll must name a partition, and one not assigned is fenced with the resync
    sentinel, as the server fences it."""

    protocol = ProtocolVersion.V0_9

    def __init__(self, partitions: int = 2, messages_per_partition: int = 0) -> None:
        super().__init__(partitions, messages_per_partition)
        self.assignment: list[int] | None = None  # None: not a member
        self.generation = 1
        self.syncs = 0

    async def join_consumer_group(self, stream, topic, group):
        await super().join_consumer_group(stream, topic, group)
        if self.assignment is None:
            self.assignment = list(self.logs)

    async def sync_consumer_group(self, stream, topic, group):
        self.syncs += 1
        if self.assignment is None:
            return None
        return SimpleNamespace(generation=self.generation, partitions=tuple(self.assignment))

    async def poll_messages(self, stream, topic, partition_id, consumer, strategy, count, auto_commit=False):
        assert partition_id is not None, "a 0.9 group member always names its partition"
        if consumer.is_group and partition_id not in (self.assignment or ()):
            self.calls.append(("fenced", partition_id))
            return PolledMessages(RESYNC_PARTITION_ID, 0, 0, [])
        return await super().poll_messages(stream, topic, partition_id, consumer, strategy, count, auto_commit)


def test_cooperative_member_polls_only_its_partitions_round_robin():
    async def scenario():
        client = FakeCooperativeClient(partitions=3, messages_per_partition=2)
        client.groups.add("g")
        client.assignment = [0, 2]
        consumer = IggyConsumer(client, "s", "t", group="g", batch_length=10)
        await consumer.init()
        got = await take(consumer, 4)
        assert sorted(m.payload_bytes() for m in got) == sorted(client.logs[0] + client.logs[2])
        assert {c[1] for c in client.polls()} == {0, 2}
        assert consumer.generation == 1
        await consumer.close()
        assert client.stored == {(Consumer.group("g"), 0): 1, (Consumer.group("g"), 2): 1}

    run(scenario())


def test_a_fenced_poll_syncs_and_follows_the_new_assignment():
    async def scenario():
        client = FakeCooperativeClient(partitions=2, messages_per_partition=3)
        client.groups.add("g")
        client.assignment = [0]
        consumer = IggyConsumer(client, "s", "t", group="g", batch_length=10, sync_interval_ms=3_600_000)
        await consumer.init()
        syncs = client.syncs
        client.assignment, client.generation = [1], 2  # partition 0 moved away; we have not synced yet
        assert await consumer.poll() == []  # fenced on 0
        assert client.calls[-1] == ("fenced", 0) and client.syncs == syncs + 1 and consumer.generation == 2
        assert [m.offset for m in await consumer.poll()] == [0, 1, 2]
        assert client.polls()[-1][1] == 1
        await consumer.close()

    run(scenario())


def test_a_revoked_partition_delivers_and_commits_what_was_polled_then_is_left_alone():
    """The hand-off without duplicates: messages already polled from a partition being taken away are still
    delivered and committed (the server completes the hand-off once they are), and it is never polled again."""

    async def scenario():
        client = FakeCooperativeClient(partitions=2, messages_per_partition=4)
        client.groups.add("g")
        consumer = IggyConsumer(client, "s", "t", group="g", batch_length=4, sync_interval_ms=1)
        await consumer.init()
        first = await take(consumer, 1)  # partition 0 polled: 0..3, one handed out, three buffered
        assert first[0].partition_id == 0
        client.assignment, client.generation = [1], 2  # partition 0 is being handed to another member
        rest = await take(consumer, 7)
        from_zero = [m.offset for m in first + rest if m.partition_id == 0]
        assert from_zero == [0, 1, 2, 3]  # the buffered ones, once each
        assert [m.offset for m in rest if m.partition_id == 1] == [0, 1, 2, 3]
        assert [c[1] for c in client.polls()] == [0, 1]  # partition 0 never polled after the sync
        assert client.stored[(Consumer.group("g"), 0)] == 3  # committed through what was polled
        await consumer.close()

    run(scenario())


def test_a_member_forgotten_by_the_server_joins_again():
    async def scenario():
        client = FakeCooperativeClient(partitions=1, messages_per_partition=1)
        consumer = IggyConsumer(client, "s", "t", group="g", sync_interval_ms=1)
        await consumer.init()
        client.assignment = None  # a new session after a reconnect: no longer a member
        await asyncio.sleep(0.005)
        assert [m.offset for m in await consumer.poll()] == [0]
        assert [c for c in client.calls if c[0] == "join"] == [("join", "g"), ("join", "g")]
        await consumer.close()

    run(scenario())
