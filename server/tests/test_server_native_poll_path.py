"""Polls on the native data path (``tcp.native_send_connections``): after a single consumer's plain-TCP 0.8
PollMessages by offset without auto-commit, the connection's next polls of the partition are read, checked and
answered by a thread of its own while each starts where the last ended in the active segment; anything else goes
back to the event loop. Every test of the path's behaviour also checks, from the server's own counters, that the
path served polls in it, so none passes while the path is off; the tests of the polls it leaves to the loop check
that it served none."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import Consumer, Identifier, PollingStrategy

from log_support import next_counter
from server_support import ServerError, ServerProcess

# The hot-path line (with the path's counters) every 200 ms.
INFO = {"IGGY_SYSTEM_LOGGING_LEVEL": "info", "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "200"}
# Sealed segments every few dozen messages, so consumers cross segments.
SMALL_SEGMENTS = {**INFO, "IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(16 * 1024)}


def payloads(prefix: str, count: int) -> list[bytes]:
    return [f"{prefix}-{n:05d}".encode() * 8 for n in range(count)]


def create_topic(client, stream: str = "s") -> None:
    client.call(requests.CreateStream(stream))
    client.call(requests.CreateTopic(stream, 1, 1, 0, 0, 0, "t"))


def read_on(consumer, start: int, count: int, stream: str = "s") -> tuple[list[bytes], int]:
    """Polls by offset from ``start`` until a poll answers nothing: (payloads, polls made)."""
    got: list[bytes] = []
    polls = 0
    while True:
        polled = consumer.poll(stream, "t", PollingStrategy.offset(start + len(got)), count=count)
        polls += 1
        if not polled.messages:
            return got, polls
        got += [bytes(m.payload) for m in polled.messages]


@pytest.fixture
def server(tmp_path, request):
    process = ServerProcess(tmp_path / "data", env={**INFO, **getattr(request, "param", {})}).start()
    yield process
    process.stop()


@pytest.mark.parametrize(
    "server",
    [{}, {"IGGY_SYSTEM_PARTITION_DURABILITY": "memory"}],
    ids=["written", "memory"],
    indirect=True,
)
def test_a_consumer_reads_everything_in_order_while_producers_append(server):
    sent: list[bytes] = []
    with server.client() as producer, server.client() as consumer:
        create_topic(producer)
        got: list[bytes] = []
        for round_number in range(20):
            batch = payloads(f"r{round_number}", 37)
            producer.send("s", "t", batch)  # the loop serves the first, the send path the rest
            sent += batch
            more, _ = read_on(consumer, len(got), 25)  # acknowledged sends are read at once, on either path
            got += more
            assert got == sent
    assert native_polls_live(server) >= 20 * 2


def test_a_poll_on_the_path_answers_the_bytes_the_loop_answers(server):
    with server.client() as producer, server.client() as consumer:
        create_topic(producer)
        for number in range(5):
            producer.send("s", "t", payloads(f"b{number}", 40))
        poll = requests.PollMessages(Consumer.consumer(1), "s", "t", 0, PollingStrategy.offset(0), 30, False)
        consumer.call(poll)  # the loop's; the connection goes to the path
        answers = []
        for start in (30, 60, 90):
            on_path = requests.PollMessages(Consumer.consumer(1), "s", "t", 0, PollingStrategy.offset(start), 30, False)
            answers.append((consumer.request(Command.POLL_MESSAGES, on_path.encode()), start))
        served = native_polls_live(server)
        for (status_body, start) in answers:
            # The same poll from a connection the loop serves (its first poll).
            same = requests.PollMessages(Consumer.consumer(1), "s", "t", 0, PollingStrategy.offset(start), 30, False)
            with server.client() as other:
                assert status_body == other.request(Command.POLL_MESSAGES, same.encode())
    assert served >= 3


def native_polls_live(server: ServerProcess) -> int:
    """The counter as the server's periodic hot-path line has it now."""
    return next_counter(server, "native_polls")


@pytest.mark.parametrize("server", [SMALL_SEGMENTS], indirect=True)
def test_a_consumer_at_the_tail_follows_the_log_across_rotations(server):
    # The path serves the active segment only: a rotation under a consumer on it sends its next poll to the loop,
    # which reads the rest of the sealed segment and hands the connection back once it reads the new one.
    with server.client() as producer, server.client() as consumer:
        create_topic(producer)
        sent: list[bytes] = []
        got: list[bytes] = []
        for number in range(30):  # about ten segments of 16 KiB
            batch = payloads(f"s{number}", 40)
            producer.send("s", "t", batch)
            sent += batch
            more, _ = read_on(consumer, len(got), 17)
            got += more
        assert got == sent
        # Read again from the start: all but the last segment are sealed, and the loop serves them.
        again, polls = read_on(consumer, 0, 17)
        assert again == sent
    assert native_polls_live(server) >= 30


def test_a_damaged_message_is_answered_by_the_loop_with_its_code(server, tmp_path):
    with server.client() as producer, server.client() as consumer:
        create_topic(producer)
        producer.send("s", "t", payloads("intact", 50))
        assert len(consumer.poll("s", "t", PollingStrategy.offset(0), count=10).messages) == 10  # to the path
        assert len(consumer.poll("s", "t", PollingStrategy.offset(10), count=10).messages) == 10
        (log_file,) = Path(tmp_path, "data", "streams").glob("*/topics/*/partitions/*/*.log")
        frame_bytes = len(log_file.read_bytes()) // 50
        fd = os.open(log_file, os.O_RDWR)
        try:
            os.pwrite(fd, b"\xff", 30 * frame_bytes + 70)  # a payload byte of message 30
        finally:
            os.close(fd)
        with pytest.raises(ServerError) as raised:
            consumer.poll("s", "t", PollingStrategy.offset(20), count=20)
        assert raised.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
        assert len(consumer.poll("s", "t", PollingStrategy.offset(31), count=100).messages) == 19
    assert native_polls_live(server) >= 1


def test_a_purge_ends_the_polls_of_the_old_segment(server):
    with server.client() as admin, server.client() as consumer:
        create_topic(admin)
        admin.send("s", "t", payloads("old", 30))
        assert len(read_on(consumer, 0, 10)[0]) == 30
        admin.call(requests.PurgeTopic(Identifier.parse("s"), Identifier.parse("t")))
        admin.send("s", "t", payloads("new", 20))
        # The consumer's next poll was to start at 30, in the purged segment: from 0 it reads what was sent since.
        got, _ = read_on(consumer, 0, 7)
        assert got == payloads("new", 20)
    assert native_polls_live(server) >= 3


@pytest.mark.parametrize(
    "poll",
    [
        {"strategy": PollingStrategy.next()},
        {"strategy": PollingStrategy.first()},
        {"auto_commit": True},
        {"consumer": Consumer.group("g")},
    ],
    ids=["next", "first", "auto-commit", "group"],
)
def test_polls_the_path_does_not_serve_stay_on_the_loop(server, poll):
    with server.client() as admin, server.client() as consumer:
        create_topic(admin)
        if "consumer" in poll:
            admin.call(requests.CreateConsumerGroup(Identifier.parse("s"), Identifier.parse("t"), "g"))
            group = Identifier.parse("g")
            consumer.call(requests.JoinConsumerGroup(Identifier.parse("s"), Identifier.parse("t"), group))
        admin.send("s", "t", payloads("m", 30))
        for number in range(5):
            strategy = poll.get("strategy", PollingStrategy.offset(5 * number))
            polled = consumer.poll(
                "s", "t", strategy, count=5, consumer=poll.get("consumer"), auto_commit=poll.get("auto_commit", False)
            )
            assert len(polled.messages) == 5
        assert native_polls_live(server) == 0


def test_an_answer_larger_than_the_socket_takes_reaches_a_slow_reader_whole(server):
    # Sixteen megabytes answered to a consumer that reads only later: the thread sends what the socket takes and
    # queues the rest (the segment bytes by reference) for the send thread, before the next answer.
    with server.client() as producer, server.client() as consumer:
        create_topic(producer)
        sent = [bytes([n % 251]) * 8192 for n in range(2000)]
        for start in range(0, 2000, 250):
            producer.send("s", "t", sent[start : start + 250])
        assert len(consumer.poll("s", "t", PollingStrategy.offset(0), count=1).messages) == 1  # to the path
        for start, count in ((1, 1999), (2000, 10)):
            poll = requests.PollMessages(Consumer.consumer(1), "s", "t", 0, PollingStrategy.offset(start), count, False)
            consumer.send_raw(encode_request(Command.POLL_MESSAGES, poll.encode()))
        time.sleep(0.5)
        status, body = consumer.read_response()
        assert status == 0 and [bytes(m.payload) for m in PolledMessages.decode(body).messages] == sent[1:]
        status, body = consumer.read_response()
        assert status == 0 and len(PolledMessages.decode(body).messages) == 0
        assert native_polls_live(server) >= 2
    queued = [int(n) for n in re.findall(r"queued_answers=(\d+)", server.log())]
    assert queued and queued[-1] >= 1  # nothing else of the test is large enough to be queued


def deleted_logs_mapped(server: ServerProcess) -> list[str]:
    """The server's maps of segment logs that were deleted (``/proc/PID/maps``)."""
    maps = Path(f"/proc/{server.pid}/maps").read_text()
    return [line for line in maps.splitlines() if line.endswith(".log (deleted)")]


def test_an_idle_consumer_lets_go_of_a_segment_the_lane_left(server):
    # A purge deletes the segment the consumer's thread maps; the consumer polls no more. Its thread drops the map
    # at its next idle tick (200 ms), so the deleted log's blocks are freed then and not at the next poll.
    with server.client() as admin, server.client() as consumer:
        create_topic(admin)
        admin.send("s", "t", payloads("old", 30))
        assert len(read_on(consumer, 0, 10)[0]) == 30  # on the path, its map of the log made
        assert native_polls_live(server) >= 2
        admin.call(requests.PurgeTopic(Identifier.parse("s"), Identifier.parse("t")))
        deadline = time.monotonic() + 5
        while deleted_logs_mapped(server):
            assert time.monotonic() < deadline, f"a deleted log is still mapped: {deleted_logs_mapped(server)}"
            time.sleep(0.05)
