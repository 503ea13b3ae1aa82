"""The client's Iggy 0.9 session layer against the scripted fake endpoint (tests/conftest.py): request numbering,
checksums and identities as the official 0.9 client sends them (protocol-spec/fixtures/v0_9), evictions, transient
replies, replays after a lost connection, client-side partitioning, send confirmations, options, and what the
client says when the server speaks the other protocol (the shared vectors of connection_strings.json)."""

from __future__ import annotations

import asyncio
import json
import struct
from pathlib import Path

import pytest
import xxhash

from iggy import IggyClient, Message
from iggy.errors import (
    ConnectionLostError,
    EvictedError,
    IggyError,
    ProtocolMismatchError,
    RequestTimeoutError,
    UnauthenticatedError,
)
from iggy.options import decode_options, encode_options
from iggy.protocol import responses as rs
from iggy.protocol.batches import read_send_batch
from iggy.protocol.codes import (
    AckLevel,
    Command,
    ErrorCode,
    EvictionReason,
    HeaderKind,
    OptionScope,
    Operation,
    PartitioningKind,
    ProtocolVersion,
)
from iggy.protocol.primitives import Consumer, HeaderValue, Partitioning

V0_8, V0_9 = ProtocolVersion.V0_8, ProtocolVersion.V0_9
ROOT = Path(__file__).resolve().parents[4]
FIXTURES_0_9 = ROOT / "protocol-spec" / "fixtures" / "v0_9"
MISMATCH = json.loads((ROOT / "protocol-spec" / "fixtures" / "connection_strings.json").read_text())["protocol"][
    "mismatch"]


def _url(server, **options) -> str:
    query = "&".join(f"{k}={v}" for k, v in {"heartbeat_interval": 0, "reconnection_interval": 10, **options}.items())
    return f"iggy://iggy:iggy@{server.address}?{query}"


def _fixture_body(name: str) -> bytes:
    frame = bytes.fromhex(json.loads((FIXTURES_0_9 / name).read_text())["hex"])
    return frame[256:]


def _topic(partitions: int) -> bytes:
    partition_rows = tuple(rs.PartitionDetails(i, 0, 1, 0, 0, 0) for i in range(partitions))
    return rs.TopicDetails(0, 0, 0, 1, 0, 0, 0, 0, "t", partitions=partition_rows).encode(V0_9)


# ---------------------------------------------------------------- numbering, checksums, identity


def test_requests_are_numbered_and_stamped_as_the_official_client_does(with_fake_server):
    """Digest §3.2 and the fixtures' headers: Register 0; each replicated op takes the next number (1, 2, ...);
    NonReplicated requests carry the current number without taking it; request_checksum is XXH3 of the body for
    Register, Logout and metadata ops, 0 for partition writes and NonReplicated; the code rides in the header only
    for NonReplicated."""

    with_fake_server(_numbering)


async def _numbering(server) -> None:
    server.handler = lambda code, payload: (
        (0, _topic(1)) if code in (Command.GET_TOPIC, Command.CREATE_TOPIC) else server.default_handler(code, payload))
    async with IggyClient(_url(server)) as client:
        await client.ping()
        with pytest.raises(IggyError):
            await client.create_stream("s1")  # an empty CreateStream answer does not decode; it was numbered
        await client.create_topic("s1", "t1", 1)
        await client.send_messages("s1", "t1", [b"a"], partitioning=0)
        await client.get_stream("s1")
        await client.store_consumer_offset(Consumer.consumer(1), "s1", "t1", 0, 0)
        await client.logout_user()
        await client.ping()
    rows = [(server.codes()[i], h.operation, h.request, h.session, h.request_checksum != 0, h.code)
            for i, h in enumerate(server.headers)]
    assert rows == [
        (Command.LOGIN_REGISTER, Operation.REGISTER, 0, 0, True, 0),
        (Command.PING, Operation.NON_REPLICATED, 1, 41, False, Command.PING),
        (Command.CREATE_STREAM, Operation.CREATE_STREAM, 1, 41, True, 0),
        (Command.CREATE_TOPIC, Operation.CREATE_TOPIC, 2, 41, True, 0),
        (Command.SEND_MESSAGES, Operation.SEND_MESSAGES, 3, 41, False, 0),
        (Command.GET_STREAM, Operation.NON_REPLICATED, 4, 41, False, Command.GET_STREAM),
        (Command.STORE_CONSUMER_OFFSET, Operation.STORE_CONSUMER_OFFSET, 4, 41, False, 0),
        (Command.LOGOUT_USER, Operation.LOGOUT, 5, 41, True, 0),
        (Command.PING, Operation.NON_REPLICATED, 1, 0, False, Command.PING),  # after logout: a new identity
    ]
    for header, (_, body) in zip(server.headers, server.requests):
        if header.request_checksum:
            assert header.request_checksum == xxhash.xxh3_64_intdigest(body)
    clients = [h.client for h in server.headers]
    assert len(set(clients[:8])) == 1 and clients[8] != clients[0] and 0 not in clients
    # The store carries the ack byte the official clients send.
    assert server.decoded(6).ack == AckLevel.QUORUM


def test_every_login_registers_a_new_identity(with_fake_server):
    async def scenario(server):
        async with IggyClient(_url(server)) as client:
            first = client.session.client_id
            await client.ping()
            await client.login_user("iggy", "iggy")
            assert client.session.client_id != first and client.session.session == 41
            await client.login_with_personal_access_token("tok")
        registers = [h for h in server.headers if h.operation == Operation.REGISTER]
        assert len(registers) == 3 and len({h.client for h in registers}) == 3
        assert server.headers[1].client == registers[0].client  # pings keep the identity until the next Register
        assert server.codes()[-1] == Command.LOGIN_REGISTER_WITH_PAT

    with_fake_server(scenario)


# ---------------------------------------------------------------- evictions, transient replies, replays


@pytest.mark.parametrize("reason, error_type, code", [
    (EvictionReason.INVALID_TOKEN, EvictedError, ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN),
    (EvictionReason.USER_INACTIVE, UnauthenticatedError, ErrorCode.UNAUTHENTICATED),
    (EvictionReason.MALFORMED_LOGIN, EvictedError, ErrorCode.INVALID_FORMAT),
])
def test_a_login_eviction_is_a_typed_error_with_its_reason(with_fake_server, reason, error_type, code):
    async def scenario(server):
        server.handler = lambda c, p: reason if c == Command.LOGIN_REGISTER_WITH_PAT else (0, b"")
        client = IggyClient(f"iggy://tok@{server.address}?heartbeat_interval=0")
        with pytest.raises(error_type) as raised:
            await client.connect()
        assert isinstance(raised.value, EvictedError)
        assert (raised.value.reason, raised.value.code) == (reason, code)
        assert reason.name in raised.value.message
        await client.close()

    with_fake_server(scenario)


def test_an_eviction_mid_session_reconnects_and_replays_only_reads(with_fake_server):
    async def scenario(server):
        evictions = []

        def handler(code, payload):
            if code in (Command.GET_STREAMS, Command.DELETE_STREAM) and code not in evictions:
                evictions.append(code)
                return EvictionReason.STALE_CLIENT
            return server.default_handler(code, payload)

        server.handler = handler
        async with IggyClient(_url(server)) as client:
            assert await client.get_streams() == []  # evicted, registered again, read again
            with pytest.raises(EvictedError) as raised:
                await client.delete_stream("s1")  # a write is not sent again
            assert raised.value.reason == EvictionReason.STALE_CLIENT and raised.value.code == ErrorCode.STALE_CLIENT
            await client.ping()
        assert server.codes() == [
            Command.LOGIN_REGISTER, Command.GET_STREAMS, Command.LOGIN_REGISTER, Command.GET_STREAMS,
            Command.DELETE_STREAM, Command.LOGIN_REGISTER, Command.PING,
        ]
        assert server.connections == 3

    with_fake_server(scenario)


def test_a_transient_reply_sends_the_identical_frame_again(with_fake_server):
    async def scenario(server):
        answers = [ErrorCode.TRANSIENT_NOT_COMMITTED, ErrorCode.TRANSIENT_NOT_ACCEPTED]

        def handler(code, payload):
            if code == Command.DELETE_STREAM and answers:
                return answers.pop(0), b""
            return server.default_handler(code, payload)

        server.handler = handler
        async with IggyClient(_url(server)) as client:
            await client.delete_stream("s1")
        deletes = [h for h, c in zip(server.headers, server.codes()) if c == Command.DELETE_STREAM]
        assert len(deletes) == 3 and len(set(deletes)) == 1  # same client, session, number and checksum

    with_fake_server(scenario)


def test_a_transient_reply_gives_up_at_the_request_timeout(with_fake_server):
    async def scenario(server):
        server.handler = lambda c, p: (ErrorCode.TRANSIENT_NOT_COMMITTED, b"") if c == Command.PURGE_STREAM else (
            server.default_handler(c, p))
        async with IggyClient(_url(server, request_timeout="200ms")) as client:
            with pytest.raises(IggyError) as raised:
                await client.purge_stream("s1")
        assert raised.value.code == ErrorCode.TRANSIENT_NOT_COMMITTED
        assert 2 <= server.codes().count(Command.PURGE_STREAM) <= 5  # 50 ms apart within 200 ms

    with_fake_server(scenario)


def test_a_result_section_rejection_is_the_error(with_fake_server):
    async def scenario(server):
        server.handler = lambda c, p: (ErrorCode.STREAM_NAME_ALREADY_EXISTS, b"") if c == Command.CREATE_STREAM else (
            server.default_handler(c, p))
        async with IggyClient(_url(server)) as client:
            with pytest.raises(IggyError) as raised:
                await client.create_stream("s1")
        assert raised.value.code == ErrorCode.STREAM_NAME_ALREADY_EXISTS

    with_fake_server(scenario)


# ---------------------------------------------------------------- messages


def test_client_side_partitioning_and_the_send_confirmation(with_fake_server):
    async def scenario(server):
        def handler(code, payload):
            if code == Command.GET_TOPIC:
                return 0, _topic(3)
            if code == Command.SEND_MESSAGES:
                _, _, partitioning, batch = read_send_batch(payload)
                partition = struct.unpack("<I", partitioning.value)[0]
                return 0, rs.SendMessagesResponse(confirmations=(
                    rs.SendConfirmation(1, 2, partition, 10 * partition),)).encode(V0_9)
            return server.default_handler(code, payload)

        server.handler = handler
        async with IggyClient(_url(server)) as client:
            confirmations = [await client.send_messages("s", "t", [b"m"]) for _ in range(4)]
            keyed = await client.send_messages("s", "t", [b"k"], partitioning=b"user-42")
            explicit = await client.send_messages("s", "t", [b"e"], partitioning=1)
        assert [c.partition_id for c in confirmations] == [0, 1, 2, 0]  # round robin from the cached count
        assert confirmations[1] == rs.SendConfirmation(1, 2, 1, 10)
        assert keyed.partition_id == xxhash.xxh32_intdigest(b"user-42", 0) % 3
        assert explicit.partition_id == 1
        assert server.codes().count(Command.GET_TOPIC) == 1  # read once, then cached
        sends = [server.decoded(i) for i, c in enumerate(server.codes()) if c == Command.SEND_MESSAGES]
        assert all(send.partitioning.kind == PartitioningKind.PARTITION_ID for send in sends)
        batch = sends[0].batch
        assert batch.computed_checksum() == batch.batch_checksum and batch.frames[0].checksum_valid()
        assert batch.frames[0].id != 0  # the client gives ids, as the official 0.9 clients do

    with_fake_server(scenario)


def test_a_send_into_a_shrunk_topic_reads_the_count_again(with_fake_server):
    async def scenario(server):
        partitions = [3]

        def handler(code, payload):
            if code == Command.GET_TOPIC:
                return 0, _topic(partitions[0])
            if code == Command.SEND_MESSAGES:
                _, _, partitioning, _ = read_send_batch(payload)
                if struct.unpack("<I", partitioning.value)[0] >= partitions[0]:
                    return ErrorCode.PARTITION_NOT_FOUND, b""
            return server.default_handler(code, payload)

        server.handler = handler
        async with IggyClient(_url(server)) as client:
            await client.send_messages("s", "t", [b"a"])
            await client.send_messages("s", "t", [b"b"])
            partitions[0] = 1
            with pytest.raises(IggyError):
                await client.send_messages("s", "t", [b"c"])  # cursor at 2, refused (not applied)
            assert await client.send_messages("s", "t", [b"d"]) is None  # count read again: partition 0
        assert server.codes().count(Command.GET_TOPIC) == 2

    with_fake_server(scenario)


def test_send_over_0_8_returns_no_confirmation_and_leaves_partitioning_to_the_server(with_fake_server):
    async def scenario(server):
        async with IggyClient(_url(server, protocol="0.8")) as client:
            assert await client.send_messages("s", "t", [b"a"]) is None
        assert server.decoded(1).partitioning == Partitioning.balanced()

    with_fake_server(scenario)


# ---------------------------------------------------------------- topics and options


def test_create_and_update_topic_encode_as_the_official_client(with_fake_server):
    """The official 0.9 client's CreateTopic (gzip, 2 partitions) and UpdateTopic (compression none) bodies, byte
    for byte: typed settings as catalog keys in key order, the durability pair on every create."""

    async def scenario(server):
        server.handler = lambda c, p: (0, _topic(2)) if c == Command.CREATE_TOPIC else server.default_handler(c, p)
        async with IggyClient(_url(server)) as client:
            from iggy import CompressionAlgorithm

            await client.create_topic("s1", "t1", 2, CompressionAlgorithm.GZIP)
            await client.update_topic("s1", "t1", "t1", compression=CompressionAlgorithm.NONE)
        assert server.requests[1][1] == _fixture_body("topics/create_topic_request.json")
        assert server.requests[2][1] == _fixture_body("topics/update_topic_request.json")

    with_fake_server(scenario)


def test_topic_settings_options_and_their_refusals(with_fake_server):
    async def scenario(server):
        server.handler = lambda c, p: (0, _topic(1)) if c == Command.CREATE_TOPIC else server.default_handler(c, p)
        async with IggyClient(_url(server)) as client:
            await client.create_topic("s", "t", message_expiry_us=3_600_000_000, segment_size_bytes="128 MiB",
                                      messages_required_to_save=10, preallocate_segments=True,
                                      options={"custom": "x"})
            await client.update_topic("s", "t", "t2", max_topic_size_bytes=1 << 31)
            with pytest.raises(ValueError):
                await client.create_topic("s", "t", segment_size_bytes=1, options={"segment_size": 2})
            with pytest.raises(IggyError) as refused:
                await client.create_topic("s", "t", replication_factor=3)
            assert refused.value.code == ErrorCode.FEATURE_UNAVAILABLE
        created = decode_options(server.decoded(1).options)
        assert {k: (v.kind, v.value) for k, v in created.items()} == {
            "consumer_offset_durability": (HeaderKind.STRING, "replicated"),
            "custom": (HeaderKind.STRING, "x"),
            "durability": (HeaderKind.STRING, "replicated"),
            "message_expiry": (HeaderKind.UINT64, 3_600_000_000),
            "messages_required_to_save": (HeaderKind.UINT32, 10),
            "preallocate_segments": (HeaderKind.BOOL, True),
            "segment_size": (HeaderKind.STRING, "128 MiB"),
        }
        updated = server.decoded(2)
        assert updated.name == "t2" and list(decode_options(updated.options)) == ["max_topic_size"]

    with_fake_server(scenario)


def test_0_9_only_calls_over_0_8_name_the_option(with_fake_server):
    async def scenario(server):
        async with IggyClient(_url(server, protocol="0.8")) as client:
            for call in (client.describe_options("topic"), client.sync_consumer_group("s", "t", "g"),
                         client.create_topic("s", "t", segment_size_bytes=1 << 20)):
                with pytest.raises(IggyError) as raised:
                    await call
                assert raised.value.code == ErrorCode.FEATURE_UNAVAILABLE and "0.9" in raised.value.message
        assert server.codes() == [Command.LOGIN_USER]  # nothing of it was sent

    with_fake_server(scenario)


def test_describe_options_and_sync_decode_the_official_answers(with_fake_server):
    describe = _fixture_body("system/describe_options_topic_response.json")

    async def scenario(server):
        def handler(code, payload):
            if code == Command.DESCRIBE_OPTIONS:
                return 0, describe
            if code == Command.SYNC_CONSUMER_GROUP:
                return 0, rs.SyncConsumerGroupResponse(generation=7, partitions=(0, 2)).encode(V0_9)
            return server.default_handler(code, payload)

        server.handler = handler
        async with IggyClient(_url(server)) as client:
            catalog = await client.describe_options("topic")
            synced = await client.sync_consumer_group("s", "t", "g")
        assert [entry.key for entry in catalog][:2] == ["compression_algorithm", "message_expiry"]
        assert catalog[0].kind == HeaderKind.STRING and catalog[0].default_value == b"none"
        assert (synced.generation, synced.partitions) == (7, (0, 2))
        assert server.decoded(1).scope == OptionScope.TOPIC

    with_fake_server(scenario)


def test_options_round_trip_through_the_block():
    block = encode_options("topic", {"segment_size": 1 << 20, "durability": "persisted", "x": HeaderValue.int8(-1)})
    assert {k: v.value for k, v in decode_options(block).items()} == {
        "durability": "persisted", "segment_size": 1 << 20, "x": -1}
    with pytest.raises(IggyError) as raised:
        encode_options("topic", {"messages_required_to_save": 1 << 40})  # a u32 key
    assert raised.value.code == ErrorCode.INVALID_OPTION_VALUE
    with pytest.raises(ValueError):
        encode_options("galaxy", {"a": "b"})


# ---------------------------------------------------------------- the other protocol on the other side


def _mismatch(client: str, code: int) -> dict:
    return next(v for v in MISMATCH if v["client"] == client and v["error_code"] == code)


def test_a_0_9_client_meeting_a_0_8_server_names_the_option(with_fake_server):
    vector = _mismatch("0.9", ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION)

    async def scenario(server):
        client = IggyClient(_url(server))
        with pytest.raises(ProtocolMismatchError) as raised:
            await client.connect()
        await client.close()
        assert raised.value.code == vector["error_code"] and raised.value.message == vector["message"]
        assert raised.value.server_protocol == V0_8

    with_fake_server(scenario, speaks=frozenset({V0_8}))


@pytest.mark.parametrize("login", [True, False], ids=["login", "no-login"])
def test_a_0_8_client_meeting_a_0_9_server_names_the_option(with_fake_server, login):
    """A 0.9-only server answering a 0.8 request with an eviction frame (whose first 8 bytes read as an empty 0.8
    OK): the client reports the 0.9 framing, after the login or on the next request."""
    vector = _mismatch("0.8", ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION)

    async def scenario(server):
        client = IggyClient(_url(server, protocol="0.8") if login else
                            f"iggy://{server.address}?protocol=0.8&heartbeat_interval=0&reconnection_retries=0")
        with pytest.raises(ProtocolMismatchError) as raised:
            await client.connect()
            await client.ping()
            await asyncio.sleep(0.05)  # the rest of the 256-byte frame arrives
            await client.ping()
        await client.close()
        assert raised.value.code == vector["error_code"] and raised.value.message == vector["message"]

    with_fake_server(scenario, speaks=frozenset({V0_9}), on_0_8="evict")


@pytest.mark.parametrize("client_protocol, speaks", [("0.8", V0_9), ("0.9", V0_8)])
def test_no_answer_to_the_first_request_hints_at_the_other_protocol(with_fake_server, client_protocol, speaks):
    vector = _mismatch(client_protocol, ErrorCode.CONNECTION_CLOSED)

    async def scenario(server):
        client = IggyClient(_url(server, protocol=client_protocol, reconnection_retries=0))
        with pytest.raises(ConnectionLostError) as raised:
            await client.connect()
        await client.close()
        assert raised.value.code == vector["error_code"] and raised.value.message == vector["message"]

    with_fake_server(scenario, speaks=frozenset({speaks}), on_0_8="close", on_0_9="close")


def test_a_silent_server_times_out_with_the_hint(with_fake_server):
    async def scenario(server):
        client = IggyClient(_url(server, protocol="0.8", request_timeout="200ms", reconnection_retries=0))
        with pytest.raises(RequestTimeoutError) as raised:
            await client.connect()
        await client.close()
        assert "connect with protocol=0.9" in raised.value.message

    with_fake_server(scenario, speaks=frozenset({V0_9}), on_0_8="silence")

