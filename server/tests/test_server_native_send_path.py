"""The native send path (``tcp.native_send_connections``): after a plain-TCP 0.8 SendMessages, a connection's next
sends by the same route are received, stamped, written and acknowledged by a thread of its own; anything else goes
back to the event loop. Every test of the path's behaviour also checks, from the server's own counters, that the
path served sends in it, so none passes while the path is off; the tests of the modes without it check that it
served none."""

from __future__ import annotations

import contextlib
import dataclasses
import re
import socket
import struct
import time
from collections.abc import Iterator

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, encode_send_messages
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
)
from iggy.protocol.responses import StreamDetails, TopicDetails

from iggy.protocol.batches import Batch, Frame
from iggy.protocol.codes import Operation, ProtocolVersion

from log_support import next_counter
from server_support import ServerError, ServerProcess
from vsr_support import VsrClient

# The hot-path line (with the path's counters) is an info line.
INFO = {"IGGY_SYSTEM_LOGGING_LEVEL": "info"}
# Sealed segments every few dozen batches, so the loop's rotation and the path's appends take turns.
SMALL_SEGMENTS = {**INFO, "IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(16 * 1024)}


def native_counters(server: ServerProcess) -> tuple[int, int]:
    """(sends the path served, sends it handed to the loop) from the last hot-path line of the server's log."""
    lines = re.findall(r"native_sends=(\d+) native_send_handbacks=(\d+)", server.log())
    assert lines, f"no native send counters in the log:\n{server.log()[-2000:]}"
    served, handed_back = lines[-1]
    return int(served), int(handed_back)


def batch(prefix: str, count: int = 10) -> list[bytes]:
    return [f"{prefix}-{i}".encode() * 4 for i in range(count)]


def send_payload(stream: str, topic: str, partition: int, payloads: list[bytes]) -> bytes:
    messages = [Message(payload=p) for p in payloads]
    return encode_send_messages(
        Identifier.parse(stream), Identifier.parse(topic), Partitioning.partition_id(partition), messages
    )


@pytest.fixture
def small_segment_server(tmp_path):
    server = ServerProcess(tmp_path / "data", env=SMALL_SEGMENTS).start()
    yield server
    server.stop()


def test_native_sends_are_stored_in_order_across_segments_and_survive_a_restart(small_segment_server):
    server = small_segment_server
    sent: list[bytes] = []
    with server.client() as c:
        c.call(requests.CreateStream("s"))
        c.call(requests.CreateTopic("s", 2, 1, 0, 0, 0, "t"))
        for number in range(200):
            payloads = batch(f"b{number}")
            c.send("s", "t", payloads, Partitioning.partition_id(1))
            sent.extend(payloads)
        # A request of another kind on the same connection goes to the loop, which sees every append.
        details = TopicDetails.decode(c.call(requests.GetTopic("s", "t")))
        assert [p.messages_count for p in details.partitions] == [0, len(sent)]
        assert details.partitions[1].segments_count > 5  # the loop sealed the segments the path filled
        polled = c.poll("s", "t", PollingStrategy.first(), count=100_000, partition_id=1)
        assert [m.offset for m in polled.messages] == list(range(len(sent)))
        assert [bytes(m.payload) for m in polled.messages] == sent
        timestamps = [m.timestamp_us for m in polled.messages]
        assert timestamps == sorted(timestamps)
    assert server.stop() == 0
    served, handed_back = native_counters(server)
    # The connection's first send is the loop's, and so is each send that found the segment full (the loop seals
    # it); every other one the path's.
    assert served + handed_back == 199
    assert served >= 150
    server.start()
    with server.client() as c:
        polled = c.poll("s", "t", PollingStrategy.first(), count=100_000, partition_id=1)
        assert [bytes(m.payload) for m in polled.messages] == sent
        c.send("s", "t", [b"after"], Partitioning.partition_id(1))
        last = c.poll("s", "t", PollingStrategy.offset(len(sent)), count=10, partition_id=1).messages
        assert [(m.offset, bytes(m.payload)) for m in last] == [(len(sent), b"after")]


def test_balanced_sends_go_round_the_partitions_whether_the_loop_or_the_path_serves_them(tmp_path):
    # Two producers take turns, so the order of all their sends is known: the n-th goes to partition n % 3. Each
    # connection's first send is the loop's, and so is each that found its segment full (small segments); the rest
    # are the path's. All move the topic's one cursor, and a send handed back leaves its partition to the loop.
    server = ServerProcess(tmp_path / "data", env=SMALL_SEGMENTS).start()
    expected: list[list[bytes]] = [[], [], []]
    try:
        with server.client() as first, server.client() as second:
            first.call(requests.CreateStream("rr"))
            first.call(requests.CreateTopic("rr", 3, 1, 0, 0, 0, "t"))
            for number in range(60):
                payloads = [f"r{number}-{i}".encode().ljust(300, b".") for i in range(10)]
                (first, second)[number % 2].send("rr", "t", payloads, Partitioning.balanced())
                expected[number % 3].extend(payloads)
            for partition_id in range(3):
                polled = first.poll("rr", "t", PollingStrategy.first(), count=1000, partition_id=partition_id)
                assert [bytes(m.payload) for m in polled.messages] == expected[partition_id]
    finally:
        assert server.stop() == 0
    served, handed_back = native_counters(server)
    assert served + handed_back == 58  # all but each connection's first send
    assert served >= 30
    assert handed_back >= 1  # a segment filled: the loop sealed it and served that send


def test_keyed_sends_on_the_path_land_where_the_loop_puts_them(tmp_path):
    keys = [f"key-{k}".encode() for k in range(12)]

    def partitions_of_keys(env: dict[str, str], directory: str) -> dict[bytes, set[int]]:
        server = ServerProcess(tmp_path / directory, env={**INFO, **env}).start()
        try:
            with server.client() as c:
                c.call(requests.CreateStream("keyed"))
                c.call(requests.CreateTopic("keyed", 3, 1, 0, 0, 0, "t"))
                for number in range(48):
                    key = keys[number % len(keys)]
                    c.send("keyed", "t", [key + b"/%d" % number], Partitioning.messages_key(key))
                found: dict[bytes, set[int]] = {key: set() for key in keys}
                for partition_id in range(3):
                    polled = c.poll("keyed", "t", PollingStrategy.first(), count=1000, partition_id=partition_id)
                    for message in polled.messages:
                        found[bytes(message.payload).split(b"/")[0]].add(partition_id)
        finally:
            assert server.stop() == 0
        return server, found

    on_path, with_path = partitions_of_keys({}, "path")
    served, _ = native_counters(on_path)
    assert served >= 40
    _, loop_only = partitions_of_keys({"IGGY_TCP_NATIVE_SEND_CONNECTIONS": "0"}, "loop")
    assert with_path == loop_only
    assert all(len(partitions) == 1 for partitions in with_path.values())  # a key keeps to its partition
    assert len(set().union(*with_path.values())) > 1  # and the keys spread


def test_a_balanced_send_with_a_value_is_refused_as_the_loop_refuses_it(server, unique):
    stream = unique("bv")
    with server.client() as c:
        c.call(requests.CreateStream(stream))
        c.call(requests.CreateTopic(stream, 2, 1, 0, 0, 0, "t"))
        c.send(stream, "t", [b"one"], Partitioning.balanced())  # on the path from here
        served_before, handed_before = native_counters_live(server)
        c.send(stream, "t", [b"two"], Partitioning.balanced())
        good = encode_send_messages(
            Identifier.parse(stream), Identifier.parse("t"), Partitioning.balanced(), [Message(payload=b"bad")]
        )
        # The same send with a partitioning value of one byte: the loop's 4 InvalidFormat (as sent, unstamped).
        at = 4 + 2 + len(stream.encode()) + 2 + 1
        assert good[at : at + 2] == bytes([1, 0])
        bad = bytearray(good[: at + 1] + b"\x01\x00" + good[at + 2 :])
        bad[:4] = (int.from_bytes(good[:4], "little") + 1).to_bytes(4, "little")
        status, _ = c.request(Command.SEND_MESSAGES, bytes(bad))
        assert status == ErrorCode.INVALID_FORMAT
        c.send(stream, "t", [b"three"], Partitioning.balanced())
        payloads = [
            bytes(m.payload)
            for partition_id in range(2)
            for m in c.poll(stream, "t", PollingStrategy.first(), count=10, partition_id=partition_id).messages
        ]
        assert sorted(payloads) == [b"one", b"three", b"two"]
        served_after, handed_after = native_counters_live(server)
    assert served_after > served_before and handed_after > handed_before


def test_kill_9_loses_no_send_the_path_acknowledged(small_segment_server):
    server = small_segment_server
    sent: list[bytes] = []
    with server.client() as c:
        c.call(requests.CreateStream("k"))
        c.call(requests.CreateTopic("k", 1, 1, 0, 0, 0, "t"))
        for number in range(100):
            payloads = batch(f"k{number}", 20)
            c.send("k", "t", payloads)
            sent.extend(payloads)
        server.kill()  # the index entries of the last batches were never taken by the loop
    server.start()
    with server.client() as c:
        polled = c.poll("k", "t", PollingStrategy.first(), count=100_000)
        assert [m.offset for m in polled.messages] == list(range(len(sent)))
        assert [bytes(m.payload) for m in polled.messages] == sent
    assert server.stop() == 0


def test_an_invalid_batch_on_the_path_is_answered_with_the_loops_code(server, unique):
    stream = unique("bad")
    with server.client() as c:
        c.call(requests.CreateStream(stream))
        c.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))
        c.send(stream, "t", [b"first"])  # the connection goes to the path
        served_before, handed_before = native_counters_live(server)
        c.send(stream, "t", [b"second"])
        bad = bytearray(send_payload(stream, "t", 0, [b"third"]))
        # The index entry's offset must be 0 as sent (NON_ZERO_OFFSET otherwise): the path hands it to the loop.
        index_at = len(bad) - 64 - len(b"third") - 16
        struct.pack_into("<I", bad, index_at, 7)
        status, _ = c.request(Command.SEND_MESSAGES, bytes(bad))
        assert status == ErrorCode.NON_ZERO_OFFSET
        c.send(stream, "t", [b"fourth"])
        polled = c.poll(stream, "t", PollingStrategy.first(), count=10)
        assert [bytes(m.payload) for m in polled.messages] == [b"first", b"second", b"fourth"]
        served_after, handed_after = native_counters_live(server)
    assert served_after > served_before and handed_after > handed_before


def native_counters_live(server: ServerProcess) -> tuple[int, int]:
    """The counters as the server's periodic hot-path line has them now (logged every second in these tests)."""
    next_counter(server, "native_sends")
    return native_counters(server)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = ServerProcess(
        tmp_path_factory.mktemp("native") / "data", env={**INFO, "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "200"}
    ).start()
    yield process
    process.stop()


def test_deleting_the_topic_ends_the_routes_of_connections_on_the_path(server, unique):
    stream = unique("gone")
    with server.client() as producer, server.client() as admin:
        admin.call(requests.CreateStream(stream))
        admin.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))
        producer.send(stream, "t", [b"a"])
        served_before, _ = native_counters_live(server)
        producer.send(stream, "t", [b"b"])
        assert native_counters_live(server)[0] == served_before + 1  # "b" was the path's
        admin.call(requests.DeleteTopic(stream, "t"))
        with pytest.raises(ServerError) as error:
            producer.send(stream, "t", [b"c"])
        assert error.value.code == ErrorCode.TOPIC_ID_NOT_FOUND
        admin.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))  # same name, a new partition
        producer.send(stream, "t", [b"d"])
        producer.send(stream, "t", [b"e"])
        polled = admin.poll(stream, "t", PollingStrategy.first(), count=10)
        assert [(m.offset, bytes(m.payload)) for m in polled.messages] == [(0, b"d"), (1, b"e")]


def test_a_revoked_permission_is_checked_by_the_next_send(server, unique):
    stream = unique("perm")
    user = unique("producer")
    with server.client() as admin:
        admin.call(requests.CreateStream(stream))
        admin.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))
        stream_id = StreamDetails.decode(admin.call(requests.GetStream(stream))).id
        allowed = Permissions(
            GlobalPermissions(), {stream_id: StreamPermissions(read_stream=True, send_messages=True)}
        )
        admin.call(requests.CreateUser(user, "secret1", 1, allowed))
        with server.client(login=False) as producer:
            producer.login(user, "secret1")
            producer.send(stream, "t", [b"allowed"])
            served_before, _ = native_counters_live(server)
            producer.send(stream, "t", [b"allowed too"])
            assert native_counters_live(server)[0] == served_before + 1  # the path's
            admin.call(requests.UpdatePermissions(user, None))
            with pytest.raises(ServerError) as error:
                producer.send(stream, "t", [b"refused"])
            assert error.value.code == ErrorCode.UNAUTHORIZED
        polled = admin.poll(stream, "t", PollingStrategy.first(), count=10)
        assert [bytes(m.payload) for m in polled.messages] == [b"allowed", b"allowed too"]


def test_a_frame_that_stalls_on_the_path_closes_the_connection(tmp_path):
    env = {"IGGY_LIMITS_FRAME_READ_TIMEOUT_MS": "400"}
    server = ServerProcess(tmp_path / "data", env=env).start()
    try:
        with server.client() as c:
            c.call(requests.CreateStream("st"))
            c.call(requests.CreateTopic("st", 1, 1, 0, 0, 0, "t"))
            c.send("st", "t", [b"one"])
            c.send("st", "t", [b"two"])
            frame = encode_request(Command.SEND_MESSAGES, send_payload("st", "t", 0, [b"three"]))
            c.send_raw(frame[: len(frame) - 10])  # the rest never comes
            c.sock.settimeout(5)
            assert c.sock.recv(8) == b""  # closed by the server, without an answer
        with server.client() as c:
            polled = c.poll("st", "t", PollingStrategy.first(), count=10)
            assert [bytes(m.payload) for m in polled.messages] == [b"one", b"two"]
    finally:
        server.stop()
    assert "stalled on the native send path" in server.log()


def test_connections_beyond_the_limit_are_served_by_the_loop(tmp_path):
    env = {**INFO, "IGGY_TCP_NATIVE_SEND_CONNECTIONS": "1"}
    server = ServerProcess(tmp_path / "data", env=env).start()
    try:
        with server.client() as first, server.client() as second:
            first.call(requests.CreateStream("cap"))
            first.call(requests.CreateTopic("cap", 2, 1, 0, 0, 0, "t"))
            for number in range(20):
                first.send("cap", "t", [b"f%d" % number], Partitioning.partition_id(0))
                second.send("cap", "t", [b"s%d" % number], Partitioning.partition_id(1))
            for partition, prefix in ((0, b"f"), (1, b"s")):
                polled = first.poll("cap", "t", PollingStrategy.first(), count=100, partition_id=partition)
                assert [bytes(m.payload) for m in polled.messages] == [prefix + b"%d" % n for n in range(20)]
    finally:
        assert server.stop() == 0
    served, _ = native_counters(server)
    assert served == 19  # one connection's sends after its first; the other's were all the loop's


@pytest.mark.parametrize(
    "setting",
    [
        {"IGGY_TCP_NATIVE_SEND_CONNECTIONS": "0"},
        {"IGGY_SYSTEM_PARTITION_DURABILITY": "durable"},
        {"IGGY_SYSTEM_ENCRYPTION_ENABLED": "true", "IGGY_SYSTEM_ENCRYPTION_KEY": "A" * 43 + "="},
        {"IGGY_TCP_SEND_THREAD": "false"},
    ],
)
def test_sends_stay_on_the_loop_where_the_path_does_not_apply(tmp_path, setting):
    server = ServerProcess(tmp_path / "data", env={**INFO, **setting}).start()
    try:
        with server.client() as c:
            c.call(requests.CreateStream("off"))
            c.call(requests.CreateTopic("off", 1, 1, 0, 0, 0, "t"))
            for number in range(5):
                c.send("off", "t", [b"%d" % number])
            polled = c.poll("off", "t", PollingStrategy.first(), count=10)
            assert [bytes(m.payload) for m in polled.messages] == [b"%d" % n for n in range(5)]
    finally:
        assert server.stop() == 0
    served = re.findall(r"native_sends=(\d+)", server.log())
    assert served in ([], ["0"])  # no path at all, or a path that served nothing


def test_the_stream_socket_is_read_by_the_loop_again_after_a_ping(server, unique):
    stream = unique("ping")
    with server.client() as c:
        c.call(requests.CreateStream(stream))
        c.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))
        served_before, _ = native_counters_live(server)
        for number in range(3):
            c.send(stream, "t", [b"%da" % number])  # the loop's (after a ping), then the connection goes to the path
            c.send(stream, "t", [b"%db" % number])  # the path's
            c.call(requests.Ping())  # handed back to the loop
        c.send(stream, "t", [b"3a"])
        # Two frames in one write: the path serves the send, the loop the ping that follows it.
        both = encode_request(Command.SEND_MESSAGES, send_payload(stream, "t", 0, [b"3b"])) + encode_request(
            Command.PING, b""
        )
        c.send_raw(both)
        assert c.read_response() == (0, b"")
        assert c.read_response() == (0, b"")
        polled = c.poll(stream, "t", PollingStrategy.first(), count=10)
        assert [bytes(m.payload) for m in polled.messages] == [b"%d%s" % (n, s) for n in range(4) for s in (b"a", b"b")]
    assert native_counters_live(server)[0] == served_before + 4


def test_closing_a_connection_on_the_path_ends_its_thread(server, unique):
    stream = unique("close")
    with server.client() as c:
        c.call(requests.CreateStream(stream))
        c.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))
        c.send(stream, "t", [b"x"])
        c.send(stream, "t", [b"y"])
        c.sock.shutdown(socket.SHUT_WR)
        c.sock.settimeout(5)
        assert c.sock.recv(8) == b""
    line = ""
    deadline = time.monotonic() + 10
    while "native_send_threads=0" not in line:
        assert time.monotonic() < deadline, line
        time.sleep(0.1)
        lines = re.findall(r"native_send_threads=\d+", server.log())
        line = lines[-1] if lines else ""


@pytest.mark.parametrize("memory_writes", ["thread", "loop"])
def test_memory_durability_sends_on_the_path_are_read_back_at_once_and_after_a_stop(tmp_path, memory_writes):
    env = {
        **SMALL_SEGMENTS, "IGGY_SYSTEM_PARTITION_DURABILITY": "memory", "IGGY_SYSTEM_IO_MEMORY_WRITES": memory_writes
    }
    server = ServerProcess(tmp_path / "data", env=env).start()
    sent: list[bytes] = []
    try:
        with server.client() as producer, server.client() as reader:
            producer.call(requests.CreateStream("m"))
            producer.call(requests.CreateTopic("m", 1, 1, 0, 0, 0, "t"))
            for number in range(150):
                payloads = batch(f"m{number}")
                producer.send("m", "t", payloads)
                sent.extend(payloads)
                if number % 10 == 0:  # another connection reads every acknowledged message
                    polled = reader.poll("m", "t", PollingStrategy.first(), count=100_000)
                    assert [bytes(m.payload) for m in polled.messages] == sent
        assert server.stop() == 0
        served, _ = native_counters(server)
        assert served >= 100
        server.start()
        with server.client() as c:
            polled = c.poll("m", "t", PollingStrategy.first(), count=100_000)
            assert [m.offset for m in polled.messages] == list(range(len(sent)))
            assert [bytes(m.payload) for m in polled.messages] == sent
    finally:
        server.stop()


# ---------------------------------------------------------------------------------------------- 0.9 framing


def v09_batch(prefix: str, count: int = 5) -> Batch:
    frames = tuple(Frame(0, 0, i, 3 * i, f"{prefix}-{i}".encode() * 3, b"") for i in range(count))
    return Batch(0, 0, 0, 5_000_000, 0, frames).with_checksums()


def v09_send(vsr: VsrClient, stream: str, topic: str, partitioning: Partitioning, batch: Batch):
    return vsr.call(requests.SendMessages(Identifier.parse(stream), Identifier.parse(topic), partitioning, batch=batch))


@contextlib.contextmanager
def v09_topic(server: ServerProcess, stream: str, partitions: int = 1) -> Iterator[VsrClient]:
    """A logged-in 0.9 connection with ``stream`` and its topic ``t`` created."""
    with VsrClient(server.host, server.port) as vsr:
        vsr.login()
        vsr.call(requests.CreateStream(stream))
        vsr.call(requests.CreateTopic(Identifier.parse(stream), partitions, name="t"))
        yield vsr


def test_v09_sends_on_the_path_are_confirmed_stored_and_read_back_as_sent(tmp_path):
    server = ServerProcess(tmp_path / "data", env=SMALL_SEGMENTS).start()
    sent: list[Batch] = []
    try:
        with v09_topic(server, "v9", partitions=2) as vsr:
            confirmations = []
            for number in range(120):
                batch = v09_batch(f"v{number}")
                confirmation = v09_send(vsr, "v9", "t", Partitioning.partition_id(1), batch)
                confirmations += [(c.stream_id, c.topic_id, c.partition_id, c.base_offset)
                                  for c in confirmation.confirmations]
                sent.append(batch)
            # The path's confirmations are the loop's (the first send's) but for the offsets.
            stream_id, topic_id, partition_id, _ = confirmations[0]
            assert partition_id == 1
            assert confirmations == [(stream_id, topic_id, 1, 5 * number) for number in range(120)]
            polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse("v9"), Identifier.parse("t"),
                                                    1, PollingStrategy.first(), 1000, False))
            # Each producer batch comes back as sent (the path kept what the batch told of its messages).
            assert [(b.base_offset, b.origin_timestamp, b.frames) for b in polled.batches] == [
                (5 * n, batch.origin_timestamp, batch.frames) for n, batch in enumerate(sent)
            ]
    finally:
        assert server.stop() == 0
    served, handed_back = native_counters(server)
    assert served + handed_back == 119  # all but the connection's first send
    assert served >= 90  # the rest found their segment full (small segments) and went to the loop


def test_a_v09_reply_from_the_path_is_the_reply_the_loop_gives(server, unique):
    # Requests that differ only in their number, timestamp and body checksum: the loop answers the first, the path
    # the second; every other field of the two replies is the same (the echoes, op, commit, status, size).
    stream = unique("v9reply")
    with v09_topic(server, stream) as vsr:
        served_before, _ = native_counters_live(server)
        replies = []
        for number in range(3):
            body = requests.SendMessages(Identifier.parse(stream), Identifier.parse("t"), Partitioning.balanced(),
                                         batch=v09_batch("same")).encode(ProtocolVersion.V0_9)
            request = vsr.next_request
            vsr.next_request += 1
            vsr.send_frame(vsr.header(Operation.SEND_MESSAGES, body, request=request, session=vsr.session) + body)
            replies.append(vsr.read_frame())
        served_after, _ = native_counters_live(server)
    loop_reply, *path_replies = replies
    for reply in path_replies:
        assert reply.body[:-8] == loop_reply.body[:-8]  # count, stream, topic, partition; then the base offset
        assert dataclasses.replace(reply.header, request=0) == dataclasses.replace(loop_reply.header, request=0)
    assert [r.header.request for r in replies] == [loop_reply.header.request + n for n in range(3)]
    assert [int.from_bytes(r.body[-8:], "little") for r in replies] == [0, 5, 10]
    assert served_after - served_before == 2


def test_a_v09_retry_of_a_send_the_path_applied_gets_its_reply_and_is_not_applied_again(server, unique):
    stream = unique("v9retry")
    with v09_topic(server, stream) as vsr:
        v09_send(vsr, stream, "t", Partitioning.balanced(), v09_batch("first"))  # on the path from here
        served_before, _ = native_counters_live(server)
        request = requests.SendMessages(Identifier.parse(stream), Identifier.parse("t"), Partitioning.balanced(),
                                        batch=v09_batch("second"))
        frame, _ = vsr.frame_for(request)
        vsr.send_frame(frame)
        first = vsr.read_frame()
        vsr.call(requests.SendMessages(Identifier.parse(stream), Identifier.parse("t"), Partitioning.balanced(),
                                       batch=v09_batch("third")))
        vsr.send_frame(frame)  # a retry of a request the path applied: the loop answers it from the client table
        retried = vsr.read_frame()
        assert retried.header.encode(ProtocolVersion.V0_9) == first.header.encode(ProtocolVersion.V0_9)
        assert retried.body == first.body and first.header.status == 0
        assert first.header.operation == Operation.SEND_MESSAGES and first.header.request == retried.header.request
        polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse(stream), Identifier.parse("t"),
                                                0, PollingStrategy.first(), 100, False))
        payloads = [f.payload for b in polled.batches for f in b.frames]
        assert payloads == [f.payload for name in ("first", "second", "third") for f in v09_batch(name).frames]
        served_after, _ = native_counters_live(server)
    assert served_after >= served_before + 2


def test_a_v09_send_whose_checksum_does_not_match_is_answered_by_the_loop(server, unique):
    stream = unique("v9sum")
    with v09_topic(server, stream) as vsr:
        v09_send(vsr, stream, "t", Partitioning.partition_id(0), v09_batch("one"))  # on the path from here
        served_before, handed_before = native_counters_live(server)
        v09_send(vsr, stream, "t", Partitioning.partition_id(0), v09_batch("two"))
        body = requests.SendMessages(Identifier.parse(stream), Identifier.parse("t"), Partitioning.partition_id(0),
                                     batch=v09_batch("bad")).encode(ProtocolVersion.V0_9)
        number = vsr.next_request
        vsr.next_request += 1
        vsr.send_frame(vsr.header(Operation.SEND_MESSAGES, body, request=number, session=vsr.session,
                                  request_checksum=12345) + body)
        assert vsr.read_frame().header.status == ErrorCode.INVALID_FORMAT
        v09_send(vsr, stream, "t", Partitioning.partition_id(0), v09_batch("three"))
        polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse(stream), Identifier.parse("t"),
                                                0, PollingStrategy.first(), 100, False))
        payloads = [f.payload for b in polled.batches for f in b.frames]
        assert payloads == [f.payload for name in ("one", "two", "three") for f in v09_batch(name).frames]
        served_after, handed_after = native_counters_live(server)
    assert served_after > served_before and handed_after > handed_before


def test_v09_sends_on_the_path_are_the_sessions_heartbeats(tmp_path):
    # Every 0.9 request is a heartbeat. A producer that only sends, for several heartbeat intervals, all on the path:
    # the heartbeat check reads when the path last took one of its requests, so the session stays live.
    env = {**INFO, "IGGY_HEARTBEAT_ENABLED": "true", "IGGY_HEARTBEAT_INTERVAL_MS": "300"}
    server = ServerProcess(tmp_path / "data", env=env).start()
    try:
        with v09_topic(server, "hb") as vsr:
            deadline = time.monotonic() + 2.0  # more than six intervals
            sends = 0
            while time.monotonic() < deadline:
                v09_send(vsr, "hb", "t", Partitioning.partition_id(0), v09_batch(f"h{sends}"))
                sends += 1
                time.sleep(0.05)
            polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse("hb"), Identifier.parse("t"),
                                                    0, PollingStrategy.first(), 10_000, False))
            assert sum(len(b.frames) for b in polled.batches) == 5 * sends
    finally:
        assert server.stop() == 0
    assert "is stale" not in server.log()
    served, handed_back = native_counters(server)
    assert served + handed_back == sends - 1 and served >= sends - 3  # all but the first; a rotation may hand back
