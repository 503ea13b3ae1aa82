"""The Iggy 0.9 request path (server/python/iggy_server/vsr.py) over TCP, driven by a client built on the generated
codec (vsr_support.VsrClient): sessions, numbering and retries, evictions, malformed headers, options, batches,
consumer-group fencing, and one store shared with 0.8 connections. The official clients' view of the same is
the conformance suite's; these tests reach what those clients never send."""

from __future__ import annotations

import socket
import struct

import pytest
import xxhash

from iggy.protocol import requests
from iggy.protocol.batches import Batch, Frame, batch_checksum
from iggy.protocol.codes import (
    PROTOCOL_VERSION_0_9,
    RESYNC_PARTITION_ID,
    Command,
    ErrorCode,
    EvictionReason,
    HeaderKind,
    Operation,
    OptionScope,
    ProtocolVersion,
)
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy

from server_support import ServerError, ServerProcess
from vsr_support import VsrClient, VsrError

V0_9 = ProtocolVersion.V0_9


@pytest.fixture
def vsr(server):
    with VsrClient(server.host, server.port) as connection:
        reply = connection.login()
        assert not reply.evicted and reply.header.status == 0
        yield connection


def option(key: str, value: str) -> bytes:
    encoded_key, encoded_value = key.encode(), value.encode()
    return (bytes((HeaderKind.STRING,)) + struct.pack("<I", len(encoded_key)) + encoded_key
            + bytes((HeaderKind.STRING,)) + struct.pack("<I", len(encoded_value)) + encoded_value)


def make_batch(payloads: list[bytes], ids: list[int] | None = None, origin_us: int = 1_000_000) -> Batch:
    frames = tuple(Frame(0, (ids or [0] * len(payloads))[i] or (i + 1) * 7, i, i, payload)
                   for i, payload in enumerate(payloads))
    return Batch(0, 0, 0, origin_us, 0, frames).with_checksums()


def send(vsr: VsrClient, stream: str, topic: str, partition: int, batch: Batch):
    return vsr.call(requests.SendMessages(Identifier.parse(stream), Identifier.parse(topic),
                                          Partitioning.partition_id(partition), batch=batch))


def poll(vsr: VsrClient, stream: str, topic: str, partition: int | None, consumer: Consumer | None = None):
    return vsr.call(requests.PollMessages(consumer or Consumer.consumer(1), Identifier.parse(stream),
                                          Identifier.parse(topic), partition, PollingStrategy.first(), 100, False))


# ---------------------------------------------------------------------------------------------- sessions


def test_login_registers_a_session_and_echoes_the_header(server):
    with VsrClient(server.host, server.port) as vsr:
        reply = vsr.login()
        header = reply.header
        assert header.operation == Operation.REGISTER and header.request == 0 and header.client == vsr.client_id
        assert header.status == 0 and reply.body[:4] == b"\0\0\0\0"  # a success's result section
        assert vsr.session > 0
        second = VsrClient(server.host, server.port)
        second.login()
        assert second.session > vsr.session  # session numbers grow
        second.close()


@pytest.mark.parametrize(
    ("username", "password", "version", "reason"),
    [
        ("iggy", "wrong", PROTOCOL_VERSION_0_9, EvictionReason.INVALID_CREDENTIALS),
        ("iggy", "iggy", PROTOCOL_VERSION_0_9 + 1024, EvictionReason.INCOMPATIBLE_PROTOCOL),
        ("iggy", "iggy", 1, EvictionReason.INCOMPATIBLE_PROTOCOL),
    ],
)
def test_a_refused_login_is_an_eviction_with_its_reason(server, username, password, version, reason):
    with VsrClient(server.host, server.port) as vsr:
        reply = vsr.login(username, password, version)
        assert reply.evicted and reply.header.reason == reason and reply.header.client == vsr.client_id
        if reason == EvictionReason.INCOMPATIBLE_PROTOCOL:
            header = reply.header
            assert 1 <= header.server_protocol_version_min <= PROTOCOL_VERSION_0_9 <= header.server_protocol_version
        # The connection stays usable: the next login works.
        assert not vsr.login().evicted


def test_a_login_body_without_a_version_prefix_is_malformed(server):
    with VsrClient(server.host, server.port) as vsr:
        vsr.send_frame(vsr.header(Operation.REGISTER, b"\x01", request=0, session=0) + b"\x01")
        reply = vsr.read_frame()
        assert reply.evicted and reply.header.reason == EvictionReason.MALFORMED_LOGIN


def test_before_login_only_ping_is_served(server):
    with VsrClient(server.host, server.port) as vsr:
        assert vsr.exchange(requests.Ping()).header.status == 0
        assert vsr.exchange(requests.GetStreams()).header.status == ErrorCode.UNAUTHENTICATED
        reply = vsr.exchange(requests.CreateStream("never"))
        assert reply.evicted and reply.header.reason == EvictionReason.NO_SESSION


def test_a_0_8_login_code_on_a_0_9_connection_is_malformed(server):
    with VsrClient(server.host, server.port) as vsr:
        body = requests.LoginUser("iggy", "iggy").encode()
        vsr.send_frame(vsr.header(Operation.NON_REPLICATED, body, request=1, session=0, code=Command.LOGIN_USER,
                                  request_checksum=0) + body)
        reply = vsr.read_frame()
        assert reply.evicted and reply.header.reason == EvictionReason.MALFORMED_LOGIN


def test_logout_ends_the_session(vsr):
    reply = vsr.logout()
    assert not reply.evicted and reply.header.operation == Operation.LOGOUT and reply.header.status == 0
    evicted = vsr.exchange(requests.CreateStream("after-logout"))
    assert evicted.evicted and evicted.header.reason == EvictionReason.NO_SESSION


def test_an_older_session_number_is_evicted(vsr):
    body = requests.CreateStream("zombie").encode(V0_9)
    vsr.send_frame(vsr.header(Operation.CREATE_STREAM, body, request=vsr.next_request, session=vsr.session - 1) + body)
    reply = vsr.read_frame()
    assert reply.evicted and reply.header.reason == EvictionReason.SESSION_TOO_LOW


# ---------------------------------------------------------------------------------------------- numbering


def test_a_retried_request_gets_its_first_reply_and_is_applied_once(vsr, unique):
    name = unique("retry")
    frame, number = vsr.frame_for(requests.CreateStream(name))
    vsr.send_frame(frame)
    first = vsr.read_frame()
    vsr.send_frame(frame)  # the same client, session and request number: a retry
    second = vsr.read_frame()
    assert first.header.encode(V0_9) == second.header.encode(V0_9) and first.body == second.body
    assert VsrClient.decode(Command.CREATE_STREAM, first).name == name
    streams = vsr.call(requests.GetStreams())
    assert [s.name for s in streams].count(name) == 1


def test_a_retry_after_its_reply_aged_out_answers_59(vsr, unique):
    frame, _ = vsr.frame_for(requests.CreateStream(unique("aged")))
    vsr.send_frame(frame)
    vsr.read_frame()
    for _ in range(5):  # five newer replicated requests push its reply out of the kept five
        vsr.call(requests.CreateStream(unique("push")))
    vsr.send_frame(frame)
    assert vsr.read_frame().header.status == ErrorCode.REQUEST_ALREADY_APPLIED


def test_a_body_that_does_not_match_its_checksum_answers_4(vsr):
    body = requests.CreateStream("tampered").encode(V0_9)
    vsr.send_frame(vsr.header(Operation.CREATE_STREAM, body, request=vsr.next_request, session=vsr.session,
                              request_checksum=12345) + body)
    assert vsr.read_frame().header.status == ErrorCode.INVALID_FORMAT


@pytest.mark.parametrize("field", ["client", "command"])
def test_a_header_that_is_not_a_client_request_closes_the_connection(server, field):
    with VsrClient(server.host, server.port) as vsr:
        vsr.login()
        body = requests.GetStreams().encode(V0_9)
        bad = {"client": {"client": 0}, "command": {"command": 8}}[field]
        vsr.send_frame(vsr.header(Operation.NON_REPLICATED, body, request=1, session=vsr.session,
                                  code=Command.GET_STREAMS, request_checksum=0, **bad) + body)
        with pytest.raises((ConnectionError, socket.timeout)):
            vsr.read_frame()


def test_an_oversize_body_is_refused_and_the_connection_goes_on(server):
    with VsrClient(server.host, server.port) as vsr:
        vsr.login()
        body = bytes(11 * 1024 * 1024)  # over limits.max_request_bytes (10 MiB)
        vsr.send_frame(vsr.header(Operation.NON_REPLICATED, body, request=1, session=vsr.session,
                                  code=Command.GET_STREAMS, request_checksum=0) + body)
        assert vsr.read_frame().header.status == ErrorCode.INVALID_COMMAND
        assert vsr.exchange(requests.Ping()).header.status == 0


# ---------------------------------------------------------------------------------------------- options


def test_topic_options_are_kept_explicit_and_the_rest_derived(vsr, unique):
    stream = unique("opts")
    vsr.call(requests.CreateStream(stream))
    block = option("compression_algorithm", "gzip") + option("segment_size", "2 MiB")
    topic = vsr.call(requests.CreateTopic(Identifier.parse(stream), 1, name="t", options=block))
    assert topic.compression_algorithm == 2
    explicit = {o.key for o in _options(topic.options)}
    derived = {o.key for o in _options(topic.derived_options)}
    assert explicit == {"compression_algorithm", "segment_size"}
    assert derived == {"message_expiry", "max_topic_size", "durability", "consumer_offset_durability",
                       "messages_required_to_save", "size_of_messages_required_to_save", "preallocate_segments"}
    segment = next(o for o in _options(topic.options) if o.key == "segment_size")
    assert segment.kind == HeaderKind.UINT64 and int.from_bytes(segment.value, "little") == 2 * 1024 * 1024
    vsr.call(requests.UpdateTopic(Identifier.parse(stream), Identifier.parse("t"), name="t",
                                  options=option("compression_algorithm", "none")))
    updated = vsr.call(requests.GetTopic(Identifier.parse(stream), Identifier.parse("t")))
    assert updated.compression_algorithm == 1
    assert {o.key for o in _options(updated.options)} == explicit  # a patch keeps the other keys


@pytest.mark.parametrize(
    ("block", "code"),
    [
        (option("colour", "blue"), ErrorCode.UNSUPPORTED_OPTION_KEY),
        (option("segment_size", "5"), ErrorCode.INVALID_OPTION_VALUE),
        (option("durability", "sometimes"), ErrorCode.INVALID_OPTION_VALUE),
        (b"\x02\x05\x00", ErrorCode.INVALID_FORMAT),
    ],
)
def test_a_bad_topic_option_is_a_rejection_with_its_code(vsr, unique, block, code):
    stream = unique("bad-opts")
    vsr.call(requests.CreateStream(stream))
    reply = vsr.exchange(requests.CreateTopic(Identifier.parse(stream), 1, name="t", options=block))
    assert reply.header.status == 0 and reply.body == struct.pack("<III", 1, 0, code)  # a result-section rejection
    assert vsr.call(requests.GetTopics(Identifier.parse(stream))) == []


def test_streams_have_no_option_keys(vsr, unique):
    reply = vsr.exchange(requests.CreateStream(unique("s"), options=option("anything", "x")))
    assert reply.body == struct.pack("<III", 1, 0, ErrorCode.UNSUPPORTED_OPTION_KEY)


def test_describe_options_answers_the_topic_catalog(vsr):
    topic = vsr.call(requests.DescribeOptions(OptionScope.TOPIC))
    assert len(topic.entries) == 9 and topic.entries[0].key == "compression_algorithm"
    assert vsr.call(requests.DescribeOptions(OptionScope.STREAM)).entries == ()


def test_get_topics_counts_its_list_and_a_missing_stream_is_an_error(vsr, unique):
    stream = unique("count")
    vsr.call(requests.CreateStream(stream))
    vsr.call(requests.CreateTopic(Identifier.parse(stream), 1, name="a"))
    reply = vsr.exchange(requests.GetTopics(Identifier.parse(stream)))
    assert reply.body[:4] == struct.pack("<I", 1)
    assert vsr.exchange(requests.GetTopics(Identifier.parse(unique("none")))).header.status == (
        ErrorCode.STREAM_ID_NOT_FOUND)


# ---------------------------------------------------------------------------------------------- messages


def test_a_batch_is_confirmed_and_polled_back_with_valid_checksums(vsr, unique):
    stream = unique("batch")
    vsr.call(requests.CreateStream(stream))
    vsr.call(requests.CreateTopic(Identifier.parse(stream), 2, name="t"))
    ids = [0x1234, 0x5678, 0x9ABC]
    confirmation = send(vsr, stream, "t", 1, make_batch([b"a", b"bb", b"ccc"], ids))
    assert [(c.partition_id, c.base_offset) for c in confirmation.confirmations] == [(1, 0)]
    confirmation = send(vsr, stream, "t", 1, make_batch([b"d"], [0xDEF]))
    assert confirmation.confirmations[0].base_offset == 3
    polled = poll(vsr, stream, "t", 1)
    assert polled.partition_id == 1 and polled.current_offset == 3
    messages = [(b.base_offset + f.offset_delta, f.id, f.payload) for b in polled.batches for f in b.frames]
    assert messages == [(0, 0x1234, b"a"), (1, 0x5678, b"bb"), (2, 0x9ABC, b"ccc"), (3, 0xDEF, b"d")]
    for batch in polled.batches:  # a record per send here: each has one base timestamp
        assert batch.partition_id == 1 and batch.base_timestamp > 0
        assert all(frame.checksum_valid() for frame in batch.frames)
        assert batch.batch_checksum == batch.computed_checksum()


def test_a_poll_from_inside_a_batch_answers_the_producers_frames(vsr, client, unique):
    # A poll keeps each producer batch's base offset and origin (as Iggy's server does when it slices a stored
    # batch), so every 0.9-written frame goes back exactly as its producer sent it, checksum included, without
    # the server hashing it again; a 0.8-written message between them gets a record and a checksum of its own.
    stream = unique("slices")
    vsr.call(requests.CreateStream(stream))
    vsr.call(requests.CreateTopic(Identifier.parse(stream), 1, name="t"))
    sent = []
    for n, payloads in enumerate([[b"a", b"bb", b"ccc"], [b"dd", b"e" * 300]]):
        # The batch's origin lies before its first message's, so a record counted from the first polled message
        # would carry other timestamp deltas (and need other checksums).
        frames = [Frame(0, 100 * n + i + 1, i, 10 + 3 * i, payload, b"") for i, payload in enumerate(payloads)]
        sent.append(Batch(0, 0, 0, 2_000_000 + n, 0, tuple(frames)).with_checksums())
        send(vsr, stream, "t", 0, sent[-1])
    client.send(stream, "t", [b"from-0.8"], Partitioning.partition_id(0))
    for first_offset in range(6):
        polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse(stream), Identifier.parse("t"),
                                                0, PollingStrategy.offset(first_offset), 100, False))
        records = [(b.base_offset, b.origin_timestamp, b.frames) for b in polled.batches]
        expected = [(base, batch.origin_timestamp, batch.frames[max(first_offset - base, 0):])
                    for base, batch in ((0, sent[0]), (3, sent[1])) if first_offset < base + len(batch.frames)]
        assert records[:len(expected)] == expected, f"poll from {first_offset}"
        (last_base, _, last_frames), = records[len(expected):]
        assert (last_base, [f.payload for f in last_frames]) == (5, [b"from-0.8"])
        for batch in polled.batches:
            assert all(frame.checksum_valid() for frame in batch.frames)
            assert batch.batch_checksum == batch.computed_checksum()


def test_a_corrupt_stored_message_is_refused_to_0_9_polls_and_not_committed(tmp_path):
    # A 0.9 poll checks the stored checksums while converting (verify_checksums_on_read): a message corrupted on
    # disk is answered 4027, as to a 0.8 poll, and the auto-commit does not move past it.
    server = ServerProcess(tmp_path / "data").start()
    try:
        with VsrClient(server.host, server.port) as vsr, server.client() as old:
            vsr.login()
            vsr.call(requests.CreateStream("c"))
            vsr.call(requests.CreateTopic(Identifier.parse("c"), 1, name="t"))
            send(vsr, "c", "t", 0, make_batch([b"first-payload", b"second-payload"]))
            logs = list((tmp_path / "data").rglob("*.log"))
            assert len(logs) == 1
            data = bytearray(logs[0].read_bytes())
            at = data.index(b"second-payload")
            data[at] ^= 0xFF
            with open(logs[0], "r+b") as segment:  # in place: the server's map sees it
                segment.seek(at)
                segment.write(data[at:at + 1])
            consumer = Consumer.consumer(9)
            ids = (Identifier.parse("c"), Identifier.parse("t"))
            with pytest.raises(VsrError) as refused:
                vsr.call(requests.PollMessages(consumer, *ids, 0, PollingStrategy.next(), 10, True))
            assert refused.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
            assert vsr.call(requests.GetConsumerOffset(consumer, *ids, 0)) is None
            with pytest.raises(ServerError) as refused_0_8:
                old.call(requests.PollMessages(consumer, "c", "t", 0, PollingStrategy.next(), 10, True))
            assert refused_0_8.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
            # The intact message before it is still served.
            first = vsr.call(requests.PollMessages(consumer, *ids, 0, PollingStrategy.offset(0), 1, True))
            assert [frame.payload for batch in first.batches for frame in batch.frames] == [b"first-payload"]
    finally:
        server.stop()


@pytest.mark.parametrize("broken", ["frame", "batch"])
def test_a_batch_with_a_wrong_checksum_is_refused(vsr, unique, broken):
    stream = unique("broken")
    vsr.call(requests.CreateStream(stream))
    vsr.call(requests.CreateTopic(Identifier.parse(stream), 1, name="t"))
    good = make_batch([b"x", b"y"])
    if broken == "frame":
        second = good.frames[1]
        tampered = Frame(second.checksum ^ 1, second.id, second.offset_delta, second.timestamp_delta, second.payload)
        frames = (good.frames[0], tampered)
        batch = Batch(0, 0, 0, good.origin_timestamp, good.batch_checksum, frames)
        expected = ErrorCode.INVALID_MESSAGE_CHECKSUM
    else:
        batch = Batch(0, 0, 0, good.origin_timestamp, good.batch_checksum ^ 1, good.frames)
        expected = ErrorCode.INVALID_BATCH_CHECKSUM
    with pytest.raises(VsrError) as refused:
        send(vsr, stream, "t", 0, batch)
    assert refused.value.code == expected
    assert poll(vsr, stream, "t", 0).batches == ()  # nothing of it stored


def test_0_8_and_0_9_clients_read_each_others_messages(vsr, client, unique):
    stream = unique("mixed")
    vsr.call(requests.CreateStream(stream))
    vsr.call(requests.CreateTopic(Identifier.parse(stream), 1, name="t"))
    send(vsr, stream, "t", 0, make_batch([b"from-0.9"], [77], origin_us=5_000_000))
    client.send(stream, "t", [b"from-0.8"], Partitioning.partition_id(0))
    old = PolledMessages.decode(client.call(requests.PollMessages(Consumer.consumer(1), stream, "t", 0,
                                                                  PollingStrategy.first(), 10, False)))
    assert [(m.offset, bytes(m.payload)) for m in old.messages] == [(0, b"from-0.9"), (1, b"from-0.8")]
    assert old.messages[0].id == 77 and old.messages[0].origin_timestamp_us == 5_000_000
    for message in old.messages:  # 0.8 checksums, valid in 0.8's layout
        assert message.checksum == xxhash.xxh3_64_intdigest(message.to_message().encode_frame()[8:])
    new = poll(vsr, stream, "t", 0)
    frames = [(b.base_offset + f.offset_delta, f.payload) for b in new.batches for f in b.frames]
    assert frames == [(0, b"from-0.9"), (1, b"from-0.8")]
    assert all(f.checksum_valid() for b in new.batches for f in b.frames)


# ---------------------------------------------------------------------------------------------- groups


def test_sync_names_the_members_partitions_and_fences_the_others(server, unique):
    with VsrClient(server.host, server.port) as one, VsrClient(server.host, server.port) as two:
        one.login()
        two.login()
        stream = unique("group")
        one.call(requests.CreateStream(stream))
        one.call(requests.CreateTopic(Identifier.parse(stream), 2, name="t"))
        one.call(requests.CreateConsumerGroup(Identifier.parse(stream), Identifier.parse("t"), "g"))
        ids = (Identifier.parse(stream), Identifier.parse("t"), Identifier.parse("g"))
        assert one.call(requests.SyncConsumerGroup(*ids)) is None  # not a member yet
        one.call(requests.JoinConsumerGroup(*ids))
        first = one.call(requests.SyncConsumerGroup(*ids))
        assert sorted(first.partitions) == [0, 1]
        two.call(requests.JoinConsumerGroup(*ids))
        two_sync = two.call(requests.SyncConsumerGroup(*ids))
        one_sync = one.call(requests.SyncConsumerGroup(*ids))
        assert one_sync.generation > first.generation
        assert sorted(one_sync.partitions + two_sync.partitions) == [0, 1]
        assert not set(one_sync.partitions) & set(two_sync.partitions)
        group = Consumer.group("g")
        foreign = two_sync.partitions[0]
        fenced = poll(one, stream, "t", foreign, group)
        assert fenced.partition_id == RESYNC_PARTITION_ID and fenced.batches == ()
        own = poll(one, stream, "t", one_sync.partitions[0], group)
        assert own.partition_id == one_sync.partitions[0]
        # An offset write for another member's partition is fenced too, and stores nothing.
        with pytest.raises(VsrError) as fenced_store:
            one.call(requests.StoreConsumerOffset(group, *ids[:2], foreign, 0))
        assert fenced_store.value.code == ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED
        with pytest.raises(VsrError) as fenced_delete:
            one.call(requests.DeleteConsumerOffset(group, *ids[:2], foreign))
        assert fenced_delete.value.code == ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED
        assert one.call(requests.GetConsumerOffset(group, *ids[:2], foreign)) is None


def test_a_0_8_connection_cannot_call_a_0_9_only_command(client):
    with pytest.raises(Exception) as refused:
        client.call(requests.SyncConsumerGroup("s", "t", "g"))
    assert getattr(refused.value, "code", None) == ErrorCode.INVALID_COMMAND


def _options(block: bytes) -> list:
    from iggy_server.options import parse_block

    return parse_block(block)


# ------------------------------------------------------------------------------------- conversion threads

def conversion_counts(log: str) -> tuple[int, int]:
    (line,) = [line for line in log.splitlines() if "hot path: " in line]
    counters = dict(pair.split("=", 1) for pair in line.split("hot path: ")[1].split())
    return int(counters["conversions_in_parts"]), int(counters["conversions_kept_whole"])


def test_conversions_run_on_two_threads_for_a_lone_client_only(tmp_path):
    # A conversion of 256 KiB or more runs in parts on two threads for a lone client, which waits for it while the
    # other core idles; while clients take turns the other core serves them and the conversion stays on the loop.
    # The shutdown's stats line, at info, counts both.
    server = ServerProcess(tmp_path / "data", env={"IGGY_SYSTEM_LOGGING_LEVEL": "info"}).start()
    messages, rounds = 300, 5
    try:
        with VsrClient(server.host, server.port) as first, VsrClient(server.host, server.port) as second:
            for connection in (first, second):
                connection.login()
            first.call(requests.CreateStream("s"))
            first.call(requests.CreateTopic(Identifier.parse("s"), 1, name="t"))
            for _ in range(2):  # two sends of about 300 KB from a lone producer
                send(first, "s", "t", 0, make_batch([bytes(1000)] * messages))
            polls = [
                requests.PollMessages(Consumer.consumer(n), Identifier.parse("s"), Identifier.parse("t"), 0,
                                      PollingStrategy.offset(0), messages, False)
                for n in (1, 2)
            ]
            for _ in range(3):  # a lone consumer
                assert len(first.call(polls[0]).batches[0].frames) == messages
            for _ in range(rounds):  # two consumers taking turns: both requests are in before either is answered
                for connection, poll_request in zip((first, second), polls):
                    connection.send_frame(connection.frame_for(poll_request)[0])
                for connection in (first, second):
                    assert len(connection.decode(Command.POLL_MESSAGES, connection.read_frame()).batches[0].frames) \
                        == messages
    finally:
        server.stop()
    in_parts, kept_whole = conversion_counts(server.log())
    assert in_parts + kept_whole == 2 + 3 + 2 * rounds
    assert in_parts >= 2 + 3
    # Each turn's second poll arrives right behind the first (microseconds; the window is 10 ms), so it stays on
    # the loop; the first may count as lone when the machine stalled between turns. One second poll of slack for a
    # stall of 10 ms between the two of a turn on a busy CI machine.
    assert kept_whole >= rounds - 1, (in_parts, kept_whole)
