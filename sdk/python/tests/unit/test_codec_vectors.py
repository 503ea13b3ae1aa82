"""Reference test vectors V0–V40 (iggy-wire-0.8.md §7): decode to the documented values, re-encode byte for byte."""

import pytest

from wire_vectors import REFERENCE, load_vectors
from iggy.protocol import framing
from iggy.protocol import requests as rq
from iggy.protocol import responses as rs
from iggy.protocol.codes import MAX_TOPIC_SIZE_UNLIMITED, MESSAGE_EXPIRY_NEVER, Command
from iggy.protocol.kinds import CompressionAlgorithm, ConsumerKind, PollingKind, UserStatus
from iggy.protocol.primitives import HeaderValue, Identifier, Partitioning, Permissions

pytestmark = pytest.mark.skipif(not REFERENCE.exists(), reason=f"reference {REFERENCE} not available")
VECTORS = load_vectors() if REFERENCE.exists() else {}
NAMES = sorted(VECTORS, key=lambda name: int(name[1:]))
# V35: the Node SDK appended 5 junk bytes the server ignores, so the canonical re-encoding is shorter.
TRAILING_JUNK = {"V35": bytes.fromhex("0100000000")}


def test_all_vectors_present():
    assert NAMES == [f"V{i}" for i in range(41)]


@pytest.mark.parametrize("name", NAMES)
def test_vector_request_round_trip(name):
    vector = VECTORS[name]
    length, code = framing.decode_request_header(vector.request)
    assert code == vector.code and length == len(vector.request) - 4
    request = rq.REQUEST_TYPES[Command(code)].decode(vector.request[8:])
    expected = vector.request
    if name in TRAILING_JUNK:
        junk = TRAILING_JUNK[name]
        assert expected.endswith(junk)
        expected = framing.encode_request(code, expected[8 : -len(junk)])
    assert framing.encode_request(code, request.encode()) == expected


@pytest.mark.parametrize("name", [n for n in NAMES if VECTORS[n].response is not None])
def test_vector_response_round_trip(name):
    vector = VECTORS[name]
    status, length = framing.decode_response_header(vector.response)
    assert length == len(vector.response) - 8
    if status:
        assert framing.encode_response(status) == vector.response
        return
    body = rs.decode_response_body(vector.code, vector.response[8:])
    assert framing.encode_response(0, rs.encode_response_body(vector.code, body)) == vector.response


def _request(name):
    vector = VECTORS[name]
    return rq.REQUEST_TYPES[Command(vector.code)].decode(vector.request[8:])


def _body(name):
    vector = VECTORS[name]
    return rs.decode_response_body(vector.code, vector.response[8:])


def test_documented_values_login_and_cluster():
    assert _request("V2") == rq.LoginUser("iggy", "iggy", "0.10.0", "")
    assert _body("V2") == rs.LoginUserResponse(0)
    metadata = _body("V3")
    assert metadata.name == "single-node"
    node = metadata.nodes[0]
    assert (node.name, node.ip, node.tcp_port, node.quic_port, node.http_port, node.websocket_port) == (
        "iggy-node", "127.0.0.1", 18090, 8080, 3000, 8092)
    assert _request("V24").password == "bad"
    assert _request("V25") == rq.LoginWithPersonalAccessToken("iggypat-wirecheck-0123456789abcdef")
    assert framing.decode_response_header(VECTORS["V24"].response)[0] == 42


def test_documented_values_streams_and_topics():
    assert _request("V4") == rq.CreateStream("s1")
    assert _body("V4") == rs.StreamHeader(0, 1795303256378245, 0, 0, 0, "s1")
    assert _request("V7") == rq.GetStream(Identifier.numeric(0))
    assert _body("V8") is None
    assert _body("V0") == [rs.StreamHeader(1, 1795303256381962, 0, 0, 0, "orders")]
    streams = _body("V29")
    assert [(s.id, s.name, s.topics_count, s.size_bytes, s.messages_count) for s in streams] == [
        (0, "s1", 3, 409, 6), (1, "n1", 0, 0, 0), (2, "n2", 0, 0, 0)]
    assert _request("V9") == rq.CreateTopic(
        Identifier.named("s1"), 3, CompressionAlgorithm.GZIP, 3_600_000_000, 2_147_483_648, 1, "t1")
    topic = _body("V9")
    assert (topic.id, topic.partitions_count, topic.message_expiry_us, topic.compression_algorithm,
            topic.max_topic_size_bytes, topic.replication_factor, topic.name) == (
        0, 3, 3_600_000_000, CompressionAlgorithm.GZIP, 2_147_483_648, 1, "t1")
    assert [p.created_at_us for p in topic.partitions] == [1795303256380093, 1795303256380096, 1795303256380097]
    assert _request("V10") == rq.CreateTopic(Identifier.numeric(0), 1, 1, 0, 0, 0, "t2")
    defaults = _body("V10")
    assert defaults.message_expiry == MESSAGE_EXPIRY_NEVER and defaults.max_topic_size == MAX_TOPIC_SIZE_UNLIMITED


def test_documented_values_messages():
    send = _request("V11")
    assert send.partitioning == Partitioning.partition_id(0)
    assert [(m.id, bytes(m.payload), m.origin_timestamp_us) for m in send.messages] == [
        (0, b"hello", 1795303256381962), (0, b"\x00\x01binary", 1795303256381969)]
    poll = _request("V12")
    assert (poll.consumer.kind, poll.consumer.id, poll.partition_id, poll.strategy.kind, poll.strategy.value,
            poll.count, poll.auto_commit) == (ConsumerKind.CONSUMER, Identifier.numeric(0), 0, PollingKind.OFFSET,
                                              0, 10, False)
    assert _request("V13").strategy.kind == PollingKind.FIRST
    assert _request("V14").strategy.kind == PollingKind.NEXT and _request("V14").auto_commit
    assert _body("V15").messages == [] and _body("V15").current_offset == 4
    assert _request("V16").topic_id == Identifier.named("nope")
    group_poll = _request("V21")
    assert group_poll.consumer.kind == ConsumerKind.CONSUMER_GROUP and group_poll.partition_id is None
    headers = _request("V26").messages[0].user_headers
    assert headers == {
        HeaderValue.string("foo"): HeaderValue.int32(42),
        HeaderValue.string("bar"): HeaderValue.uint8(123),
    }
    assert [m.id for m in _request("V26").messages] == [1, 2]
    assert _request("V27").partitioning == Partitioning.balanced()
    keyed = _request("V28")
    assert keyed.partitioning == Partitioning.messages_key(b"user-42")
    assert keyed.messages[0].user_headers == {HeaderValue.string("x-bool"): HeaderValue.bool(True)}


def test_documented_values_groups_and_offsets():
    assert _body("V18") is None
    assert _request("V19") == rq.CreateConsumerGroup(Identifier.named("s1"), Identifier.named("t1"), "cg1")
    assert _body("V19") == rs.GroupHeader(0, 3, 0, "cg1")
    assert _request("V20") == rq.JoinConsumerGroup("s1", "t1", "cg1")
    store = _request("V22")
    assert (store.consumer.id, store.partition_id, store.offset) == (Identifier.named("cg1"), 0, 1)
    assert _request("V23").partition_id == 0
    assert _body("V32") == rs.ConsumerOffsetInfo(0, 2, 0)
    assert _body("V33") == rs.GroupDetails(0, 4, "g1", (rs.GroupMember(0, (0, 1, 2, 3)),))


def test_documented_values_system_users_tokens():
    stats = _body("V30")
    assert (stats.process_id, stats.cpu_usage, stats.total_cpu_usage, stats.hostname, stats.iggy_server_semver,
            stats.threads_count, stats.total_disk_space_bytes) == (28917, 1.5, 12.25, "fakehost", 8000, 7,
                                                                   500_000_000_000)
    assert stats.cache_metrics[0].hits == 10 and abs(stats.cache_metrics[0].hit_ratio - 0.8333333) < 1e-6
    me = _body("V31")
    assert (me.client_id, me.user_id, me.address, me.consumer_groups) == (
        1077227916, 0, "127.0.0.1:47532", (rs.ClientGroupInfo(1, 0, 0),))
    created = _request("V34")
    global_permissions = created.permissions.global_permissions
    assert global_permissions.read_servers and not global_permissions.manage_servers
    assert _body("V34").permissions == created.permissions
    assert _request("V35") == rq.CreateUser("user2", "secret2", UserStatus.INACTIVE, None)
    assert _body("V35").permissions is None and _body("V35").status == UserStatus.INACTIVE
    assert _body("V36").permissions == Permissions.root()
    assert _request("V37") == rq.CreatePersonalAccessToken("tok1", 3_600_000_000)
    assert _body("V37").token == "e7ea2e3768da441c8058a0105e81d1007b04826286a1471994"
    assert [(t.name, t.expiry_at_us) for t in _body("V38")] == [
        ("seeded", 0), ("tok1", 1795306864548476), ("tok2", 0)]
    assert framing.decode_response_header(VECTORS["V40"].response) == (40, 0)
