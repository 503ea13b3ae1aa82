"""Every command of the async client against the real `iggy-server` (started by the session fixture)."""

from __future__ import annotations

import asyncio
import itertools
import uuid

import pytest

import iggy
from iggy import (
    AlreadyExistsError,
    Consumer,
    GlobalPermissions,
    HeaderValue,
    IggyClient,
    InvalidCredentialsError,
    Message,
    NotFoundError,
    Permissions,
    PollingStrategy,
    UnauthenticatedError,
    UserStatus,
)
from iggy.connection import protocol_name
from iggy.protocol.codes import ErrorCode

_names = itertools.count()


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}-{next(_names)}"


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


async def connected(server, protocol, **options) -> IggyClient:
    client = IggyClient(server.url(protocol), heartbeat_interval_ms=0, **options)
    await client.connect()
    return client


def test_system_commands(iggy_server, protocol):
    async def scenario():
        async with IggyClient(iggy_server.url(protocol)) as client:
            await client.ping()
            stats = await client.get_stats()
            assert stats.clients_count >= 1 and stats.process_id > 0
            me = await client.get_me()
            assert me.user_id == 0
            assert await client.get_client(me.client_id) is not None
            assert any(c.client_id == me.client_id for c in await client.get_clients())
            metadata = await client.get_cluster_metadata()
            assert len(metadata.nodes) >= 1

    run(scenario())


def test_stream_topic_partition_lifecycle(iggy_server, protocol):
    async def scenario():
        client = await connected(iggy_server, protocol)
        name = unique("s")
        stream = await client.create_stream(name)
        assert stream.name == name and stream.topics_count == 0
        with pytest.raises(AlreadyExistsError) as raised:
            await client.create_stream(name)
        assert raised.value.code == ErrorCode.STREAM_NAME_ALREADY_EXISTS
        assert (await client.get_stream(stream.id)).name == name
        assert name in [s.name for s in await client.get_streams()]

        topic = await client.create_topic(name, "t1", partitions_count=2)
        assert topic.partitions_count == 2 and [p.id for p in topic.partitions] == [0, 1]
        assert [t.name for t in await client.get_topics(name)] == ["t1"]
        await client.update_topic(name, "t1", "t2")
        assert (await client.get_topic(name, "t2")).name == "t2"
        assert await client.get_topic(name, "t1") is None

        await client.create_partitions(name, "t2", 3)
        assert (await client.get_topic(name, "t2")).partitions_count == 5
        await client.delete_partitions(name, "t2", 2)
        assert (await client.get_topic(name, "t2")).partitions_count == 3

        await client.send_messages(name, "t2", [b"a", b"b"], partitioning=0)
        await client.flush_unsaved_buffer(name, "t2", 0, fsync=True)
        await client.purge_topic(name, "t2")
        assert (await client.get_topic(name, "t2")).messages_count == 0
        await client.send_messages(name, "t2", [b"c"], partitioning=0)
        await client.purge_stream(name)
        await client.delete_segments(name, "t2", 0, 1)

        renamed = unique("s")
        await client.update_stream(name, renamed)
        assert await client.get_stream(name) is None
        await client.delete_topic(renamed, "t2")
        await client.delete_stream(renamed)
        assert await client.get_stream(renamed) is None
        with pytest.raises(NotFoundError) as raised:
            await client.delete_stream(renamed)
        assert raised.value.code == ErrorCode.STREAM_ID_NOT_FOUND
        await client.close()

    run(scenario())


def test_send_and_poll_with_headers_and_strategies(iggy_server, protocol):
    async def scenario():
        client = await connected(iggy_server, protocol)
        name = unique("s")
        await client.create_stream(name)
        await client.create_topic(name, "t", partitions_count=1)
        messages = [
            Message(f"m{i}".encode(), user_headers={"n": i, "kind": HeaderValue.uint8(3)}) for i in range(10)
        ]
        await client.send_messages(name, "t", messages, partitioning=0)
        await client.send_messages(name, "t", [Message(b"custom", id=0xABCDEF)], partitioning=0)

        first = await client.poll_messages(name, "t", 0, strategy=PollingStrategy.first(), count=3)
        assert [bytes(m.payload) for m in first.messages] == [b"m0", b"m1", b"m2"]
        assert [m.offset for m in first.messages] == [0, 1, 2]
        assert first.current_offset == 10
        assert first.messages[1].user_headers[HeaderValue.of("n")].value == 1
        assert all(m.id != 0 and m.timestamp_us > 0 for m in first.messages)

        by_offset = await client.poll_messages(name, "t", 0, strategy=PollingStrategy.offset(8), count=10)
        assert [m.offset for m in by_offset.messages] == [8, 9, 10]
        assert by_offset.messages[-1].id == 0xABCDEF
        last = await client.poll_messages(name, "t", 0, strategy=PollingStrategy.last(), count=2)
        assert [m.offset for m in last.messages] == [9, 10]
        since = await client.poll_messages(
            name, "t", 0, strategy=PollingStrategy.timestamp(first.messages[0].timestamp_us), count=100
        )
        assert len(since.messages) == 11
        beyond = await client.poll_messages(name, "t", 0, strategy=PollingStrategy.offset(100), count=10)
        assert beyond.messages == []

        # Next + auto_commit advances a consumer's stored offset.
        consumer = Consumer.consumer("reader")
        a = await client.poll_messages(name, "t", 0, consumer, PollingStrategy.next(), 4, auto_commit=True)
        b = await client.poll_messages(name, "t", 0, consumer, PollingStrategy.next(), 4, auto_commit=True)
        assert [m.offset for m in a.messages] == [0, 1, 2, 3]
        assert [m.offset for m in b.messages] == [4, 5, 6, 7]
        info = await client.get_consumer_offset(consumer, name, "t", 0)
        assert info.stored_offset == 7 and info.current_offset == 10

        await client.store_consumer_offset(consumer, name, "t", 0, 2)
        assert (await client.get_consumer_offset(consumer, name, "t", 0)).stored_offset == 2
        await client.delete_consumer_offset(consumer, name, "t", 0)
        assert await client.get_consumer_offset(consumer, name, "t", 0) is None

        with pytest.raises(NotFoundError):
            await client.send_messages(unique("missing"), "t", [b"x"])
        await client.delete_stream(name)
        await client.close()

    run(scenario())


def test_balanced_and_keyed_partitioning(iggy_server, protocol):
    async def scenario():
        client = await connected(iggy_server, protocol)
        name = unique("s")
        await client.create_stream(name)
        await client.create_topic(name, "t", partitions_count=3)
        for _ in range(3):
            await client.send_messages(name, "t", [b"x"])  # balanced: round robin
        counts = [(await client.get_topic(name, "t")).partitions[p].messages_count for p in range(3)]
        assert counts == [1, 1, 1]
        for _ in range(4):
            await client.send_messages(name, "t", [b"k"], partitioning=b"user-42")
        counts_after = [(await client.get_topic(name, "t")).partitions[p].messages_count for p in range(3)]
        assert sorted(b - a for a, b in zip(counts, counts_after)) == [0, 0, 4]
        await client.delete_stream(name)
        await client.close()

    run(scenario())


def test_consumer_group_commands(iggy_server, protocol):
    async def scenario():
        client = await connected(iggy_server, protocol)
        name = unique("s")
        await client.create_stream(name)
        await client.create_topic(name, "t", partitions_count=2)
        group = await client.create_consumer_group(name, "t", "g")
        assert (group.name, group.partitions_count, group.members_count) == ("g", 2, 0)
        with pytest.raises(AlreadyExistsError):
            await client.create_consumer_group(name, "t", "g")
        await client.join_consumer_group(name, "t", "g")
        await client.join_consumer_group(name, "t", "g")  # idempotent
        details = await client.get_consumer_group(name, "t", "g")
        assert len(details.members) == 1 and sorted(details.members[0].partition_ids) == [0, 1]
        assert [g.name for g in await client.get_consumer_groups(name, "t")] == ["g"]
        me = await client.get_me()
        assert len(me.consumer_groups) == 1

        await client.send_messages(name, "t", [b"a"], partitioning=1)
        polled = await client.poll_messages(name, "t", None, Consumer.group("g"), PollingStrategy.next(), 10, True)
        assert polled.partition_id in (0, 1)

        await client.leave_consumer_group(name, "t", "g")
        assert len((await client.get_consumer_group(name, "t", "g")).members) == 0
        await client.delete_consumer_group(name, "t", "g")
        assert await client.get_consumer_group(name, "t", "g") is None
        await client.delete_stream(name)
        await client.close()

    run(scenario())


def test_users_tokens_and_sessions(iggy_server, protocol):
    async def scenario():
        admin = await connected(iggy_server, protocol)
        username = unique("user")[:40]
        permissions = Permissions(GlobalPermissions(read_streams=True))
        created = await admin.create_user(username, "secret1", UserStatus.ACTIVE, permissions)
        assert created.username == username and created.permissions == permissions
        assert username in [u.username for u in await admin.get_users()]
        assert (await admin.get_user(username)).id == created.id
        with pytest.raises(AlreadyExistsError):
            await admin.create_user(username, "secret1")
        await admin.update_permissions(username, Permissions(GlobalPermissions(read_streams=True, manage_streams=True)))
        assert (await admin.get_user(created.id)).permissions.global_permissions.manage_streams

        user = IggyClient(address=iggy_server.address, heartbeat_interval_ms=0, protocol=protocol)
        await user.connect()
        with pytest.raises(UnauthenticatedError):
            await user.get_streams()
        with pytest.raises(InvalidCredentialsError):
            await user.login_user(username, "wrong")
        assert await user.login_user(username, "secret1") == created.id
        await user.change_password(username, "secret1", "secret2")
        await user.logout_user()
        assert await user.login_user(username, "secret2") == created.id

        token = await user.create_personal_access_token("tok1")
        assert [t.name for t in await user.get_personal_access_tokens()] == ["tok1"]
        await user.close()
        by_token_url = f"iggy://{token}@{iggy_server.address}?heartbeat_interval=0&protocol={protocol_name(protocol)}"
        async with IggyClient(by_token_url) as by_token:
            assert by_token.user_id == created.id
            await by_token.delete_personal_access_token("tok1")
            assert await by_token.get_personal_access_tokens() == []

        renamed = unique("user")[:40]
        await admin.update_user(username, username=renamed, status=UserStatus.INACTIVE)
        assert (await admin.get_user(renamed)).status == UserStatus.INACTIVE
        await admin.delete_user(renamed)
        assert await admin.get_user(renamed) is None
        await admin.close()

    run(scenario())


def test_snapshot_is_a_zip(iggy_server, protocol):
    async def scenario():
        async with IggyClient(iggy_server.url(protocol), heartbeat_interval_ms=0) as client:
            data = await client.get_snapshot()
            assert data[:2] == b"PK"

    run(scenario())


def test_reconnect_after_server_restart(tmp_path, start_server, protocol):
    data_dir = tmp_path / "data"
    server = start_server(data_dir)

    async def scenario():
        client = IggyClient(server.url(protocol), heartbeat_interval_ms=0, reconnection_interval_ms=50)
        await client.connect()
        await client.create_stream("persisted")
        return client

    loop = asyncio.new_event_loop()
    try:
        client = loop.run_until_complete(scenario())
        server.stop()
        restarted = start_server(data_dir)
        try:
            # The restarted server listens on a new port: point the same client there and keep going.
            client.config = client.config.with_overrides(address=restarted.address)
            stream = loop.run_until_complete(client.get_stream("persisted"))
            assert stream is not None and stream.name == "persisted"
            loop.run_until_complete(client.close())
        finally:
            restarted.stop()
    finally:
        server.stop()
        loop.close()
