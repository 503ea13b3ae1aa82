"""`_native.SocketSender`: answers arrive whole and in order (mapped views by reference, other parts copied),
small answers and a lone connection's large ones are sent by the caller, large answers while other connections
get answers go through the thread, a full socket queues and drains with a signal on ``notify_fd``, closes
deliver or drop as asked, a dropped handle or a vanished peer closes the duplicate descriptor, and a queued view
outlives its MappedFile. With several threads: connections go to the one serving the fewest, answers still
arrive whole and in order, the lone-connection rule counts every thread's connections, and stop closes them
all."""

from __future__ import annotations

import errno
import os
import select
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from iggy_server import _native

SMALL_BUFFER_BYTES = 64 * 1024
DEADLINE_S = 10.0


@pytest.fixture
def sender() -> Iterator[_native.SocketSender]:
    running = _native.SocketSender()
    yield running
    running.stop()


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    """(server side, non-blocking as asyncio keeps it; client side), with small buffers so they fill."""
    server_side, client_side = socket.socketpair()
    for sock in (server_side, client_side):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL_BUFFER_BYTES)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER_BYTES)
    server_side.setblocking(False)
    yield server_side, client_side
    server_side.close()
    client_side.close()


def mapped(data: bytes) -> tuple[_native.MappedFile, memoryview]:
    with tempfile.TemporaryFile() as handle:
        handle.write(data)
        handle.flush()
        mapped_file = _native.MappedFile(handle.fileno(), len(data))
    return mapped_file, memoryview(mapped_file)


def read_exactly(sock: socket.socket, size: int) -> bytes:
    sock.settimeout(DEADLINE_S)
    received = bytearray()
    while len(received) < size:
        chunk = sock.recv(min(size - len(received), 1 << 20))
        if not chunk:
            break
        received += chunk
    return bytes(received)


def read_to_eof(sock: socket.socket) -> bytes:
    sock.settimeout(DEADLINE_S)
    received = bytearray()
    while chunk := sock.recv(1 << 20):
        received += chunk
    return bytes(received)


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.005)


def test_answers_arrive_whole_and_in_order_small_ones_inline(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    data = os.urandom(3 * 1024 * 1024)
    _mapped_file, view = mapped(data)
    expected = b"head" + data + b"ack" + bytes(100) + b"tail"
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(read_exactly(client_side, len(expected))))
    reader.start()
    handle.write([b"head", view[: 1024 * 1024], view[1024 * 1024 :]])
    handle.write([bytearray(b"ack")])
    handle.write([bytes(100), memoryview(b"tail")])
    reader.join(DEADLINE_S)
    assert received == [expected]
    wait_for(lambda: handle.queued_bytes == 0, "the queue drains")
    sent_bytes, inline_answers, queued_answers, copied_bytes = sender.stats()
    # The large answer: the caller sent what the socket took at once (a lone connection), the thread the rest.
    assert queued_answers >= 1 and 0 < sent_bytes <= len(expected)
    assert inline_answers + queued_answers == 3
    assert copied_bytes < 1024  # the mapped megabytes were queued by reference, not copied


LARGE_ANSWER_BYTES = 128 * 1024  # above the 64 KiB below which every answer to an idle socket is sent inline


@pytest.fixture
def patient_sender() -> Iterator[_native.SocketSender]:
    """A sender whose lone-connection window (60 s) no pause of a slow machine can outlast between two writes."""
    running = _native.SocketSender(lone_answer_window_ms=60_000)
    yield running
    running.stop()


@pytest.fixture
def roomy_pairs() -> Iterator[Callable[[], tuple[socket.socket, socket.socket]]]:
    """Makes socket pairs with the default buffers (which take a 128 KiB answer whole), closed afterwards."""
    made: list[socket.socket] = []

    def make() -> tuple[socket.socket, socket.socket]:
        server_side, client_side = socket.socketpair()
        server_side.setblocking(False)
        made.extend((server_side, client_side))
        return server_side, client_side

    yield make
    for sock in made:
        sock.close()


def test_a_large_answer_to_a_lone_connection_is_sent_by_the_caller_when_the_thread_is_idle(
    patient_sender, roomy_pairs
) -> None:
    server_side, client_side = roomy_pairs()
    handle = patient_sender.attach(server_side.fileno())
    for answer in [os.urandom(LARGE_ANSWER_BYTES) for _ in range(3)]:
        handle.write([answer])
        assert read_exactly(client_side, len(answer)) == answer
    assert patient_sender.stats() == (0, 3, 0, 0)  # no thread hop, nothing copied


def test_large_answers_to_several_connections_go_through_the_thread(patient_sender, roomy_pairs) -> None:
    pairs = [roomy_pairs(), roomy_pairs()]
    handles = [patient_sender.attach(server_side.fileno()) for server_side, _ in pairs]
    # The first has no other connection before it (inline); each later one follows another's answer.
    for turn, answer in enumerate([os.urandom(LARGE_ANSWER_BYTES) for _ in range(3)]):
        handle, (_, client_side) = handles[turn % 2], pairs[turn % 2]
        handle.write([answer])
        assert read_exactly(client_side, len(answer)) == answer
        wait_for(lambda: handle.queued_bytes == 0, "the queue drains")
    sent_bytes, inline_answers, queued_answers, _copied = patient_sender.stats()
    assert (inline_answers, queued_answers) == (1, 2)
    assert sent_bytes == 2 * LARGE_ANSWER_BYTES


def test_a_small_answer_to_another_connection_sends_the_next_large_one_through_the_thread(
    patient_sender, roomy_pairs
) -> None:
    """A consumer beside a producer: the producer's acks keep the consumer's polls on the thread, so the loop
    goes on serving the producer while the thread sends."""
    consumer, producer = roomy_pairs(), roomy_pairs()
    consumer_handle = patient_sender.attach(consumer[0].fileno())
    producer_handle = patient_sender.attach(producer[0].fileno())
    producer_handle.write([b"ack-ack-"])
    answer = os.urandom(LARGE_ANSWER_BYTES)
    consumer_handle.write([answer])
    assert read_exactly(producer[1], 8) == b"ack-ack-"
    assert read_exactly(consumer[1], len(answer)) == answer
    wait_for(lambda: consumer_handle.queued_bytes == 0, "the queue drains")
    _sent, inline_answers, queued_answers, _copied = patient_sender.stats()
    assert (inline_answers, queued_answers) == (1, 1)  # the ack inline, the large answer queued


def test_a_lone_large_answer_waits_behind_what_the_thread_still_sends(pair, roomy_pairs) -> None:
    # Window 0: every connection counts as lone, so only the busy thread can keep the answer queued.
    sender = _native.SocketSender(lone_answer_window_ms=0)
    try:
        server_side, client_side = pair
        _handle, data = stuck_answer(sender, server_side)  # the thread is busy: its peer reads nothing yet
        other_server, other_client = roomy_pairs()
        other = sender.attach(other_server.fileno())
        answer = os.urandom(LARGE_ANSWER_BYTES)
        before = sender.stats()
        other.write([answer])
        assert sender.stats()[2] == before[2] + 1  # queued, although the thread's other peer is stalled
        assert read_exactly(other_client, len(answer)) == answer
        assert read_exactly(client_side, len(data)) == data
    finally:
        sender.stop()


def test_a_small_answer_to_an_idle_socket_is_sent_by_the_caller(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    handle.write([b"12345678"])
    assert sender.stats() == (0, 1, 0, 0)
    assert read_exactly(client_side, 8) == b"12345678"


def stuck_answer(sender, server_side: socket.socket) -> tuple[_native.SenderHandle, bytes]:
    """A 4 MiB answer to a peer that reads nothing: the thread sends what the socket takes, the rest waits."""
    handle = sender.attach(server_side.fileno())
    data = os.urandom(4 * 1024 * 1024)
    handle.write([data])
    wait_for(lambda: handle.queued_bytes < len(data), "the thread sends what fits")
    return handle, data


def test_a_full_socket_queues_and_signals_notify_fd_once_drained(sender, pair) -> None:
    server_side, client_side = pair
    handle, data = stuck_answer(sender, server_side)
    assert handle.queued_bytes > 0  # the peer reads nothing: the rest waits
    assert handle.notify_at_or_below(0) is False
    assert select.select([sender.notify_fd], [], [], 0.2)[0] == []  # not yet drained: no signal
    assert read_exactly(client_side, len(data)) == data
    assert select.select([sender.notify_fd], [], [], DEADLINE_S)[0] == [sender.notify_fd]
    sender.clear_notify()
    assert handle.queued_bytes == 0 and handle.notify_at_or_below(0) is True


def test_a_queued_part_that_is_not_mapped_is_copied_so_the_caller_may_reuse_it(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    original = os.urandom(2 * 1024 * 1024)
    buffer = bytearray(original)
    handle.write([buffer])
    buffer[:] = bytes(len(buffer))  # the caller's buffer is reused (as a pooled receive buffer is)
    assert read_exactly(client_side, len(original)) == original
    wait_for(lambda: handle.queued_bytes == 0, "the queue drains")
    sent_by_thread, _inline, queued_answers, copied_bytes = sender.stats()
    # The caller sent what the small socket buffer took at once; the thread sent the rest, from a copy.
    assert queued_answers == 1 and 0 < copied_bytes == sent_by_thread <= len(original)


def test_a_graceful_close_sends_what_is_queued_then_ends_the_stream(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    data = os.urandom(2 * 1024 * 1024)
    handle.write([data])
    handle.close(graceful=True)
    server_side.close()  # as asyncio closes its descriptor: the duplicate carries on
    handle.write([b"after close"])  # dropped: the connection is closing
    assert read_to_eof(client_side) == data
    wait_for(lambda: handle.closed and sender.open_connections() == 0, "the duplicate closes")


def test_an_abort_drops_what_is_queued(sender, pair) -> None:
    server_side, client_side = pair
    handle, data = stuck_answer(sender, server_side)
    handle.close(graceful=False)
    server_side.close()
    wait_for(lambda: handle.closed, "the duplicate closes")
    assert handle.queued_bytes == 0
    assert len(read_to_eof(client_side)) < len(data)


def test_a_dropped_handle_closes_its_duplicate(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    handle.write([b"last"])
    server_side.close()
    del handle
    assert read_to_eof(client_side) == b"last"  # EOF: nothing holds the socket open any more
    wait_for(lambda: sender.open_connections() == 0, "the duplicate closes")


def test_a_vanished_peer_fails_the_handle_and_later_answers_are_dropped(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    client_side.close()
    handle.write([os.urandom(1024 * 1024)])
    wait_for(lambda: handle.closed, "the failed connection closes")
    assert handle.failed in (errno.EPIPE, errno.ECONNRESET)
    handle.write([b"dropped"])
    assert handle.queued_bytes == 0 and sender.open_connections() == 0


def test_a_queued_view_keeps_its_mapping_after_the_mapped_file_is_gone(sender, pair) -> None:
    server_side, client_side = pair
    handle = sender.attach(server_side.fileno())
    data = os.urandom(2 * 1024 * 1024)
    mapped_file, view = mapped(data)
    handle.write([view])
    assert handle.queued_bytes > 0  # the peer has not read: most of the view is still queued
    del view, mapped_file  # the Python objects go; the queued reference keeps the pages mapped
    assert read_exactly(client_side, len(data)) == data


def test_stop_closes_open_connections_and_refuses_new_ones(pair) -> None:
    server_side, client_side = pair
    stopping = _native.SocketSender()
    handle = stopping.attach(server_side.fileno())
    server_side.close()
    stopping.stop()
    assert handle.closed and stopping.open_connections() == 0
    assert read_to_eof(client_side) == b""
    with pytest.raises(ValueError, match="stopped"):
        stopping.attach(client_side.fileno())


def send_thread_names() -> list[str]:
    names = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as comm:
                names.append(comm.read().strip())
        except FileNotFoundError:  # a thread that ended meanwhile
            pass
    return sorted(name for name in names if name.startswith("iggy-send"))


@pytest.mark.parametrize("threads", [0, 65])
def test_a_sender_runs_one_to_64_threads(threads) -> None:
    with pytest.raises(ValueError, match="1 to 64 threads"):
        _native.SocketSender(threads=threads)


def test_connections_go_to_the_thread_serving_the_fewest(roomy_pairs) -> None:
    before = send_thread_names()  # senders of other tests in this process may still run
    sender = _native.SocketSender(threads=3)
    try:
        assert sender.threads == 3
        # A thread names itself once it runs.
        wait_for(
            lambda: Counter(send_thread_names()) - Counter(before)
            == Counter(["iggy-send-0", "iggy-send-1", "iggy-send-2"]),
            "three named send threads",
        )
        handles = [sender.attach(roomy_pairs()[0].fileno()) for _ in range(4)]
        assert [handle.thread for handle in handles] == [0, 1, 2, 0]
        handles[1].close(graceful=True)
        wait_for(lambda: handles[1].closed, "the duplicate closes")
        assert sender.attach(roomy_pairs()[0].fileno()).thread == 1  # thread 1 now serves none
    finally:
        sender.stop()
    assert send_thread_names() == before


def test_answers_through_several_threads_arrive_whole_and_in_order(roomy_pairs) -> None:
    sender = _native.SocketSender(lone_answer_window_ms=60_000, threads=2)
    try:
        pairs = [roomy_pairs() for _ in range(4)]
        handles = [sender.attach(server_side.fileno()) for server_side, _ in pairs]
        assert sorted(handle.thread for handle in handles) == [0, 0, 1, 1]
        data = os.urandom(4 * 1024 * 1024)
        _mapped_file, view = mapped(data)
        expected: list[bytes] = []
        for turn, handle in enumerate(handles):  # each connection its own answers, mapped and copied parts
            start = turn * 1024 * 1024
            parts = [f"head{turn}".encode(), view[start : start + 1024 * 1024], os.urandom(70_000)]
            expected.append(b"".join(bytes(part) for part in parts))
            handle.write(parts)
            handle.write([f"tail{turn}".encode()])
            expected[-1] += f"tail{turn}".encode()
        received: list[bytes] = [b""] * len(pairs)

        def read(turn: int) -> None:
            received[turn] = read_exactly(pairs[turn][1], len(expected[turn]))

        readers = [threading.Thread(target=read, args=(turn,)) for turn in range(len(pairs))]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(DEADLINE_S)
        assert received == expected
        wait_for(lambda: all(handle.queued_bytes == 0 for handle in handles), "the queues drain")
        sent_bytes, inline_answers, queued_answers, _copied = sender.stats()
        assert inline_answers + queued_answers == 8
        assert sent_bytes <= sum(len(answer) for answer in expected)
    finally:
        sender.stop()


def test_the_lone_connection_rule_counts_the_connections_of_every_thread(roomy_pairs) -> None:
    """Two consumers on two threads are not two lone connections: the second one's large answer is queued."""
    sender = _native.SocketSender(lone_answer_window_ms=60_000, threads=2)
    try:
        first, second = roomy_pairs(), roomy_pairs()
        first_handle, second_handle = sender.attach(first[0].fileno()), sender.attach(second[0].fileno())
        assert (first_handle.thread, second_handle.thread) == (0, 1)
        answers = [os.urandom(LARGE_ANSWER_BYTES) for _ in range(2)]
        first_handle.write([answers[0]])
        assert read_exactly(first[1], len(answers[0])) == answers[0]
        second_handle.write([answers[1]])
        assert read_exactly(second[1], len(answers[1])) == answers[1]
        wait_for(lambda: second_handle.queued_bytes == 0, "the queue drains")
        _sent, inline_answers, queued_answers, _copied = sender.stats()
        assert (inline_answers, queued_answers) == (1, 1)
    finally:
        sender.stop()


def test_stop_closes_the_connections_of_every_thread(roomy_pairs) -> None:
    stopping = _native.SocketSender(threads=2)
    pairs = [roomy_pairs() for _ in range(3)]
    handles = [stopping.attach(server_side.fileno()) for server_side, _ in pairs]
    assert {handle.thread for handle in handles} == {0, 1}
    for server_side, _ in pairs:
        server_side.close()
    stopping.stop()
    assert all(handle.closed for handle in handles) and stopping.open_connections() == 0
    for _, client_side in pairs:
        assert read_to_eof(client_side) == b""


def test_while_producers_send_the_first_thread_sends_every_answer(roomy_pairs) -> None:
    """Threads beyond the first send a connection's answers only while no producer sent lately (`note_producer`):
    on two cores they would take CPU the event loop needs to receive the producers' batches."""
    sender = _native.SocketSender(lone_answer_window_ms=60_000, threads=2, producer_quiet_ms=60_000)
    try:
        pairs = [roomy_pairs(), roomy_pairs()]
        handles = [sender.attach(server_side.fileno()) for server_side, _ in pairs]
        assert [handle.thread for handle in handles] == [0, 1]

        def answer(turn: int) -> None:
            data = os.urandom(LARGE_ANSWER_BYTES)
            handles[turn].write([data])
            assert read_exactly(pairs[turn][1], len(data)) == data
            wait_for(lambda: handles[turn].queued_bytes == 0, "the queue drains")

        answer(0)  # lone: sent inline, by no thread
        answer(1)  # queued: no producer yet, so its home thread sends it
        answer(0)
        assert sender.thread_sent_bytes() == [LARGE_ANSWER_BYTES, LARGE_ANSWER_BYTES]
        sender.note_producer()
        answer(1)  # home thread 1, but a producer sent within the window: the first thread sends it
        answer(0)
        assert sender.thread_sent_bytes() == [3 * LARGE_ANSWER_BYTES, LARGE_ANSWER_BYTES]
        assert sender.stats()[0] == 4 * LARGE_ANSWER_BYTES
    finally:
        sender.stop()


def test_answers_stay_whole_and_in_order_as_the_sending_thread_changes(roomy_pairs) -> None:
    """A connection whose answers move between its home thread and the first (producers starting and stopping:
    here a window of 1 ms, a producer noted before every third write and 2 ms of quiet before the others) still
    gets every answer whole and in order."""
    sender = _native.SocketSender(lone_answer_window_ms=60_000, threads=2, producer_quiet_ms=1)
    try:
        pairs = [roomy_pairs() for _ in range(2)]
        handles = [sender.attach(server_side.fileno()) for server_side, _ in pairs]
        answers = [[os.urandom(200_000 + turn) for turn in range(40)] for _ in handles]
        received: list[bytes] = [b""] * len(pairs)

        def read(index: int) -> None:
            received[index] = read_exactly(pairs[index][1], sum(len(answer) for answer in answers[index]))

        readers = [threading.Thread(target=read, args=(index,)) for index in range(len(pairs))]
        for reader in readers:
            reader.start()
        for turn in range(40):
            for index, handle in enumerate(handles):
                if turn % 3 == 0:
                    sender.note_producer()
                else:
                    time.sleep(0.002)
                handle.write([answers[index][turn]])
        for reader in readers:
            reader.join(DEADLINE_S)
        assert received == [b"".join(answer) for answer in answers]
        assert all(sent > 0 for sent in sender.thread_sent_bytes())
    finally:
        sender.stop()


def test_a_large_bytes_answer_is_queued_by_reference_and_released_once_sent(patient_sender, roomy_pairs) -> None:
    """A 0.9 poll answers `bytes` it converted: queued without a copy (immutable, so it cannot change after
    `write`), and the reference the queue held is given back once it is sent."""
    first, second = roomy_pairs(), roomy_pairs()
    first_handle, second_handle = patient_sender.attach(first[0].fileno()), patient_sender.attach(second[0].fileno())
    first_handle.write([b"lone ack"])  # the next large answer goes to another connection: queued
    assert read_exactly(first[1], 8) == b"lone ack"
    answer = os.urandom(LARGE_ANSWER_BYTES)
    references = sys.getrefcount(answer)
    second_handle.write([answer, bytearray(b"tail")])
    assert read_exactly(second[1], LARGE_ANSWER_BYTES + 4) == answer + b"tail"
    wait_for(lambda: second_handle.queued_bytes == 0, "the queue drains")
    _sent, inline_answers, queued_answers, copied_bytes = patient_sender.stats()
    assert (inline_answers, queued_answers, copied_bytes) == (1, 1, 4)  # only the small tail was copied

    def released() -> bool:
        patient_sender.stats()  # a call into the module applies the decrements the send thread deferred
        return sys.getrefcount(answer) == references

    wait_for(released, "the queue's reference is released")
