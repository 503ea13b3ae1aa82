"""IggyClient session behaviour against a scripted fake endpoint: login, reconnect, heartbeat, errors,
argument conventions, serialisation of concurrent requests, and the sync facade."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest

import iggy
import iggy.sync
from iggy import Consumer, IggyClient, Message, PollingStrategy
from iggy.errors import (
    AlreadyExistsError,
    ConnectionLostError,
    InvalidCredentialsError,
    NotConnectedError,
    NotFoundError,
    UnauthorizedError,
)
from iggy.protocol import requests as rq
from iggy.protocol import responses as rs
from iggy.protocol.codes import Command, ErrorCode, EvictionReason, ProtocolVersion
from iggy.protocol.messages import PolledMessages, SendMessagesView
from iggy.protocol.primitives import Identifier, Partitioning
from iggy.protocol.requests import decode_request

NO_HEARTBEAT = {"heartbeat_interval_ms": 0}
V0_8, V0_9 = ProtocolVersion.V0_8, ProtocolVersion.V0_9
# The command a login travels as, per protocol (0.9's Register carries no code; the fake names it by its shape).
LOGIN = {V0_8: Command.LOGIN_USER, V0_9: Command.LOGIN_REGISTER}
LOGIN_PAT = {V0_8: Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, V0_9: Command.LOGIN_REGISTER_WITH_PAT}
NAME = {V0_8: "0.8", V0_9: "0.9"}
RELEASE_VERSION = (Path(__file__).resolve().parents[4] / "VERSION").read_text(encoding="utf-8").strip()


def _client(server, protocol=V0_8, **options) -> IggyClient:
    return IggyClient(address=server.address, protocol=protocol, **{**NO_HEARTBEAT, **options})


def _fast_reconnect_url(server, protocol=V0_8) -> str:
    """Connection string that logs in as iggy, sends no heartbeat and reconnects after 10 ms."""
    return (f"iggy://iggy:iggy@{server.address}?heartbeat_interval=0&reconnection_interval=10"
            f"&protocol={NAME[protocol]}")


def test_the_blocking_client_has_every_method_of_the_async_one():
    # That every command has a method is protocol-spec/tests/test_command_coverage.py's check, for every SDK.
    names = {name for name, _ in inspect.getmembers(IggyClient, inspect.iscoroutinefunction) if name[0] != "_"}
    assert {"create_topic", "poll_messages", "describe_options", "sync_consumer_group"} <= names
    assert names <= set(dir(iggy.sync.IggyClient))


def test_the_default_protocol_is_0_9(with_fake_server):
    async def scenario(server):
        async with IggyClient(f"iggy://iggy:iggy@{server.address}?heartbeat_interval=0") as client:
            assert client.protocol == V0_9
            await client.ping()
        assert server.versions == [V0_9, V0_9]

    with_fake_server(scenario)


def test_connect_logs_in_with_credentials(with_fake_server, protocol):
    async def scenario(server):
        async with IggyClient(f"iggy://iggy:iggy@{server.address}?heartbeat_interval=0&protocol={NAME[protocol]}"
                              ) as client:
            assert client.user_id == 0
            await client.ping()
        assert server.codes() == [LOGIN[protocol], Command.PING]
        assert server.versions == [protocol, protocol]
        login = server.decoded(0)
        assert (login.username, login.password) == ("iggy", "iggy")
        # Who is calling, from the one VERSION (0.9 sends the name and the version apart).
        if protocol == V0_8:
            assert login.version == f"iggy-sdk-python/{RELEASE_VERSION}"
        else:
            assert (login.sdk_name, login.sdk_version) == ("iggy-sdk-python", RELEASE_VERSION)

    with_fake_server(scenario)


def test_the_package_version_is_the_release():
    assert iggy.__version__ == RELEASE_VERSION
    assert iggy.CLIENT_NAME == f"iggy-sdk-python/{RELEASE_VERSION}"


def test_token_connection_string_logs_in_with_pat(with_fake_server, protocol):
    async def scenario(server):
        async with IggyClient(f"iggy://mytoken@{server.address}?heartbeat_interval=0&protocol={NAME[protocol]}"
                              ) as client:
            assert client.user_id == 7
        assert server.codes() == [LOGIN_PAT[protocol]]
        assert server.decoded(0).token == "mytoken"

    with_fake_server(scenario)


def test_bad_credentials_raise_and_close(with_fake_server, protocol):
    async def scenario(server):
        client = IggyClient(f"iggy://iggy:wrong@{server.address}?heartbeat_interval=0&protocol={NAME[protocol]}")
        with pytest.raises(InvalidCredentialsError) as raised:
            await client.connect()
        assert raised.value.code == 42
        # 0.9 reports the eviction with its reason.
        assert getattr(raised.value, "reason", None) == (
            EvictionReason.INVALID_CREDENTIALS if protocol == V0_9 else None)
        await client.close()

    with_fake_server(scenario)


def test_request_before_connect_is_a_clear_error():
    async def scenario():
        client = IggyClient(address="127.0.0.1:1", **NO_HEARTBEAT)
        with pytest.raises(NotConnectedError, match="connect"):
            await client.ping()

    asyncio.run(scenario())


def test_get_on_missing_object_returns_none_and_lists_empty(with_fake_server, protocol):
    async def scenario(server):
        async with _client(server, protocol) as client:
            assert await client.get_stream("nope") is None
            assert await client.get_topic(1, "t") is None
            assert await client.get_consumer_group("s", "t", "g") is None
            assert await client.get_consumer_offset(None, "s", "t", 0) is None
            assert await client.get_user(3) is None
            assert await client.get_streams() == []
            assert await client.get_topics("s") == []

    with_fake_server(scenario)


def test_server_errors_map_to_exception_classes(with_fake_server, protocol):
    async def scenario(server):
        answers = {
            Command.CREATE_STREAM: ErrorCode.STREAM_NAME_ALREADY_EXISTS,
            Command.DELETE_USER: ErrorCode.UNAUTHORIZED,
        }
        server.handler = lambda code, payload: (answers.get(code, 0), b"")
        async with _client(server, protocol) as client:
            with pytest.raises(AlreadyExistsError) as raised:
                await client.create_stream("s1")
            assert (raised.value.code, raised.value.name) == (1012, "STREAM_NAME_ALREADY_EXISTS")
            with pytest.raises(UnauthorizedError):
                await client.delete_user("u")
            with pytest.raises(iggy.IggyError) as raised:
                await client.create_stream("x" * 300)  # encoder refuses: too long a name
            assert raised.value.code == ErrorCode.INVALID_FORMAT

    with_fake_server(scenario)


def test_server_errors_name_the_objects_of_the_request(with_fake_server, protocol):
    """Over TCP the server answers only the code: the text names what the failing call named."""
    async def scenario(server):
        answers = {
            Command.CREATE_STREAM: ErrorCode.STREAM_NAME_ALREADY_EXISTS,
            Command.SEND_MESSAGES: ErrorCode.PARTITION_NOT_FOUND,
            Command.POLL_MESSAGES: ErrorCode.PARTITION_NOT_FOUND,
            Command.DELETE_USER: ErrorCode.RESOURCE_NOT_FOUND,
        }
        server.handler = lambda code, payload: (answers.get(code, 0), b"")
        async with _client(server, protocol) as client:
            with pytest.raises(AlreadyExistsError) as raised:
                await client.create_stream("orders")
            assert raised.value.message == "Stream with name: orders already exists."
            assert str(raised.value) == "[1012 STREAM_NAME_ALREADY_EXISTS] Stream with name: orders already exists."
            with pytest.raises(NotFoundError) as raised:
                await client.send_messages("orders", "events", [b"x"], partitioning=7)
            assert raised.value.message == (
                "Partition with ID: 7 for topic with ID: events for stream with ID: orders was not found.")
            with pytest.raises(NotFoundError) as raised:
                await client.poll_messages("orders", 2)
            assert raised.value.message == (
                "Partition with ID: <partition> for topic with ID: 2 for stream with ID: orders was not found.")
            with pytest.raises(NotFoundError) as raised:
                await client.delete_user("bob")
            assert raised.value.message == "Resource with key: bob was not found."

    with_fake_server(scenario)


def test_requests_carry_converted_arguments(with_fake_server):
    async def scenario(server):
        async with _client(server) as client:
            await client.send_messages("s", 3, [b"a", "b", Message(b"c", id=9)], partitioning=2)
            await client.send_messages("s", "t", b"x", partitioning=b"key")
            await client.send_messages("s", "t", [b"y"])
            await client.store_consumer_offset(Consumer.group("g"), "s", "t", 1, 41)
            await client.delete_consumer_offset(5, "s", "t")
            with pytest.raises(iggy.IggyError):  # an empty CreateTopic answer is undecodable, as in 0.8 clients
                await client.create_topic("s", "t", 3, message_expiry_us=10)
        (c1, p1), (c2, p2), (c3, p3), (c4, p4), (c5, p5), (c6, p6) = server.requests
        view = SendMessagesView.decode(p1)
        assert (view.stream_id, view.topic_id, view.partitioning) == (
            Identifier("s"), Identifier(3), Partitioning.partition_id(2),
        )
        assert [bytes(m.payload) for m in view.messages()] == [b"a", b"b", b"c"]
        assert [m.id for m in view.messages()] == [0, 0, 9]
        assert SendMessagesView.decode(p2).partitioning == Partitioning.messages_key(b"key")
        assert SendMessagesView.decode(p3).partitioning == Partitioning.balanced()
        store = decode_request(c4, p4)
        assert (store.consumer, store.partition_id, store.offset) == (Consumer.group("g"), 1, 41)
        delete = decode_request(c5, p5)
        assert (delete.consumer, delete.partition_id) == (Consumer.consumer(5), None)
        topic = decode_request(c6, p6)
        assert (topic.partitions_count, topic.message_expiry, topic.name) == (3, 10, "t")

    with_fake_server(scenario)


def test_poll_decodes_zero_copy_views(with_fake_server):
    frames = [Message(b"hello", offset=4), Message(b"world!", offset=5, user_headers={"k": 1})]
    body = PolledMessages(2, 5, 2, frames).encode()

    async def scenario(server):
        server.handler = lambda code, payload: (0, body) if code == Command.POLL_MESSAGES else (0, b"")
        async with _client(server) as client:
            polled = await client.poll_messages("s", "t", 2, strategy=PollingStrategy.offset(4), count=2)
        assert (polled.partition_id, polled.current_offset) == (2, 5)
        assert [m.offset for m in polled.messages] == [4, 5]
        payload = polled.messages[1].payload
        assert isinstance(payload, memoryview) and bytes(payload) == b"world!"
        # Both payloads are views of the same receive buffer.
        assert polled.messages[0].payload.obj is payload.obj
        request = decode_request(*server.requests[0])
        assert (request.partition_id, request.strategy, request.count, request.consumer) == (
            2, PollingStrategy.offset(4), 2, Consumer.consumer(0),
        )

    with_fake_server(scenario)


def test_reconnects_and_logs_in_again_after_a_drop(with_fake_server, protocol):
    async def scenario(server):
        client = IggyClient(_fast_reconnect_url(server, protocol))
        await client.connect()
        await server.drop_connections()
        # A read-only command is replayed on the new connection transparently.
        assert await client.get_streams() == []
        assert server.connections == 2
        assert server.codes() == [LOGIN[protocol], LOGIN[protocol], Command.GET_STREAMS]
        if protocol == V0_9:  # each connection registers under a new client id
            assert server.headers[0].client != server.headers[1].client
            assert server.headers[1].client == server.headers[2].client
        await client.close()

    with_fake_server(scenario)


def test_a_lost_send_is_reported_not_replayed(with_fake_server, protocol):
    async def scenario(server):
        dropped = []

        def handler(code, payload):
            if code == Command.SEND_MESSAGES and not dropped:
                dropped.append(code)
                return None  # connection dies before the answer: outcome unknown
            return FakeHandler(code, payload)

        FakeHandler = server.default_handler
        server.handler = handler
        async with IggyClient(_fast_reconnect_url(server, protocol)) as client:
            with pytest.raises(ConnectionLostError) as lost:
                await client.send_messages("s", "t", [b"x"], partitioning=0)
            if protocol == V0_9:
                assert "not sent again under a new session" in lost.value.message
            await client.send_messages("s", "t", [b"y"], partitioning=0)  # reconnects + re-logs in
        assert server.codes() == [
            LOGIN[protocol], Command.SEND_MESSAGES, LOGIN[protocol], Command.SEND_MESSAGES,
        ]
        if protocol == V0_9:
            # The second send is new, under the new identity: numbered 1 of its session, not the lost one's retry.
            first, second = server.headers[1], server.headers[3]
            assert first.client != second.client and (first.request, second.request) == (1, 1)

    with_fake_server(scenario)


def test_the_replay_decision_follows_the_spec(with_fake_server, protocol):
    """The spec's `replay_safe`: GetSnapshot is a lookup, so its lost answer is asked for again on the new
    connection (the hand list this replaced had left it out); DeleteStream changes state and is never re-sent."""
    async def scenario(server):
        dropped = set()

        def handler(code, payload):
            if code in (Command.GET_SNAPSHOT, Command.DELETE_STREAM) and code not in dropped:
                dropped.add(code)
                return None  # the connection dies after the request arrived: its answer is lost
            return default_handler(code, payload)

        default_handler = server.default_handler
        server.handler = handler
        async with IggyClient(_fast_reconnect_url(server, protocol)) as client:
            assert await client.get_snapshot() == b""
            with pytest.raises(ConnectionLostError):
                await client.delete_stream("s")
        assert server.codes().count(Command.GET_SNAPSHOT) == 2
        assert server.codes().count(Command.DELETE_STREAM) == 1

    with_fake_server(scenario)


def test_reconnection_disabled(with_fake_server, protocol):
    async def scenario(server):
        async with _client(server, protocol, reconnection_retries=0) as client:
            await server.drop_connections()
            with pytest.raises(ConnectionLostError):
                await client.ping()

    with_fake_server(scenario)


def test_heartbeat_pings_in_background(with_fake_server, protocol):
    async def scenario(server):
        async with IggyClient(address=server.address, heartbeat_interval_ms=30, protocol=protocol):
            for _ in range(200):  # bounded: 3 pings come after ~90 ms unless the machine is very busy
                if server.codes().count(Command.PING) >= 3:
                    break
                await asyncio.sleep(0.01)
        assert server.codes().count(Command.PING) >= 3

    with_fake_server(scenario)


def test_concurrent_requests_are_serialised(with_fake_server, protocol):
    async def scenario(server):
        server.delay_s = 0.01
        async with _client(server, protocol) as client:
            await asyncio.gather(*(client.get_stream(i) for i in range(20)))
        assert [server.decoded(i).stream_id for i in range(20)] == [Identifier(i) for i in range(20)]

    with_fake_server(scenario)


def test_change_password_keeps_relogin_working(with_fake_server, protocol):
    async def scenario(server):
        async with IggyClient(_fast_reconnect_url(server, protocol)) as client:
            await client.change_password("iggy", "iggy", "newpass")
            assert client._auth == ("user", "iggy", "newpass")
            await client.logout_user()
            assert client._auth is None and client.user_id is None

    with_fake_server(scenario)


def test_typed_responses_are_decoded(with_fake_server):
    stream = rs.StreamHeader(0, 123, 0, 0, 0, "s1")
    group = rs.GroupHeader(1, 3, 0, "g")

    async def scenario(server):
        answers = {
            Command.CREATE_STREAM: stream.encode(),
            Command.GET_STREAMS: stream.encode() * 2,
            Command.CREATE_CONSUMER_GROUP: group.encode(),
            Command.CREATE_PERSONAL_ACCESS_TOKEN: rs.CreatePersonalAccessTokenResponse("t" * 68).encode(),
        }
        server.handler = lambda code, payload: (0, answers.get(code, b""))
        async with _client(server) as client:
            created = await client.create_stream("s1")
            assert (created.id, created.name, created.topics) == (0, "s1", ())
            assert [s.name for s in await client.get_streams()] == ["s1", "s1"]
            assert (await client.create_consumer_group("s", "t", "g")).partitions_count == 3
            assert await client.create_personal_access_token("pat", expiry_us=0) == "t" * 68

    with_fake_server(scenario)


def test_sync_facade_runs_the_same_implementation(with_fake_server, protocol):
    # The fake server runs on this loop; the sync client uses its own loop thread, so drive the
    # blocking calls from a worker thread.
    async def scenario(server):
        def blocking():
            with iggy.sync.IggyClient(f"iggy://iggy:iggy@{server.address}?heartbeat_interval=0"
                                      f"&protocol={NAME[protocol]}") as client:
                client.ping()
                assert client.get_stream("missing") is None
                assert client.user_id == 0  # attribute read through to the async client
                with pytest.raises(AlreadyExistsError):
                    server.handler = lambda code, payload: (ErrorCode.STREAM_NAME_ALREADY_EXISTS, b"")
                    client.create_stream("dup")
            return True

        assert await asyncio.to_thread(blocking)
        assert server.codes()[:3] == [LOGIN[protocol], Command.PING, Command.GET_STREAM]

    with_fake_server(scenario)


def test_sync_wrapper_keeps_signature_and_docs():
    assert inspect.signature(iggy.sync.IggyClient.poll_messages) == inspect.signature(IggyClient.poll_messages)
    assert "Blocking" in iggy.sync.IggyClient.ping.__doc__


def test_public_api_exports():
    for name in iggy.__all__:
        assert hasattr(iggy, name), name
    assert iggy.sync.SyncIggyClient is iggy.sync.IggyClient
    assert rq.REQUEST_TYPES  # the client builds on the shared codec
