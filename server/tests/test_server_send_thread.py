"""`tcp.send_thread`: answers written by the native send threads arrive whole and in order to a client that reads
slowly, the server keeps serving others meanwhile, and a graceful stop still delivers an answer queued for a
client that had not read it yet. The same checks run with the threads off (the event loop writes), and slow
readers spread over one, two or three threads (`tcp.send_thread_count`) each get their answer whole."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import Consumer, PollingStrategy

from server_support import ServerProcess, WireClient

MESSAGES = 8000
PAYLOAD_BYTES = 1000
BATCH = 1000
SMALL_RECEIVE_BUFFER_BYTES = 64 * 1024
# Below the answer's size, so the queue crosses it and reading pauses until the client catches up.
HIGH_WATER_BYTES = 1024 * 1024


def payload_of(index: int) -> bytes:
    return index.to_bytes(4, "little") * (PAYLOAD_BYTES // 4)


def filled_server(send_thread: str, send_thread_count: int = 1, **env: str) -> ServerProcess:
    server = ServerProcess(
        env={
            "IGGY_TCP_SEND_THREAD": send_thread,
            "IGGY_TCP_SEND_THREAD_COUNT": str(send_thread_count),
            "IGGY_LIMITS_WRITE_BUFFER_HIGH_WATER_BYTES": str(HIGH_WATER_BYTES),
            **env,
        }
    ).start()
    with server.client() as client:
        client.call(requests.CreateStream("s"))
        client.call(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t"))
        for first in range(0, MESSAGES, BATCH):
            client.send("s", "t", [payload_of(index) for index in range(first, first + BATCH)])
    return server


def slow_client(server: ServerProcess) -> WireClient:
    client = WireClient(server.host, server.port)
    client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_RECEIVE_BUFFER_BYTES)
    client.login()
    return client


def request_everything(client: WireClient) -> None:
    poll = requests.PollMessages(Consumer.consumer(1), "s", "t", 0, PollingStrategy.offset(0), MESSAGES, False)
    client.send_raw(encode_request(Command.POLL_MESSAGES, poll.encode()))


def assert_everything(client: WireClient) -> None:
    status, body = client.read_response()
    assert status == 0
    polled = PolledMessages.decode(body)
    assert [message.payload for message in polled.messages] == [payload_of(index) for index in range(MESSAGES)]


@pytest.mark.parametrize("send_thread", ["true", "false"])
def test_a_large_answer_to_a_slow_reader_arrives_whole_while_others_are_served(send_thread) -> None:
    with filled_server(send_thread) as server, slow_client(server) as slow:
        request_everything(slow)
        time.sleep(0.3)  # the answer (8 MB) waits in the server: the client reads nothing yet
        with server.client() as other:
            assert other.status_of(requests.Ping()) == 0
        assert_everything(slow)
        assert slow.status_of(requests.Ping()) == 0  # the connection carries on after the big answer


@pytest.mark.parametrize("send_thread_count", [1, 2, 3])
def test_slow_readers_served_by_every_send_thread_get_their_answers_whole(send_thread_count) -> None:
    with filled_server("true", send_thread_count) as server:
        slow_clients = [slow_client(server) for _ in range(4)]
        try:
            for slow in slow_clients:
                request_everything(slow)
            time.sleep(0.3)  # every answer (8 MB each) waits in the server: nobody reads yet
            for slow in reversed(slow_clients):
                assert_everything(slow)
                assert slow.status_of(requests.Ping()) == 0
        finally:
            for slow in slow_clients:
                slow.close()


@pytest.mark.parametrize("send_thread", ["true", "false"])
def test_a_graceful_stop_delivers_an_answer_the_client_had_not_read(send_thread) -> None:
    server = filled_server(send_thread)
    try:
        with slow_client(server) as slow:
            request_everything(slow)
            time.sleep(0.3)
            exit_codes: list[int | None] = []
            stopping = threading.Thread(target=lambda: exit_codes.append(server.stop()))
            stopping.start()
            time.sleep(0.3)  # the server is shutting down while the answer is still queued
            assert_everything(slow)
            stopping.join(30)
            assert exit_codes == [0]
    finally:
        server.close()


def bytes_sent_by_thread(log: str) -> list[int]:
    (line,) = [line for line in log.splitlines() if "send thread: sent_bytes=" in line]
    return [int(sent) for sent in line.split("sent_bytes_by_thread=")[1].split()[0].split(",")]


@pytest.mark.parametrize("producing", [False, True])
def test_the_second_send_thread_stands_back_while_a_producer_sends(producing) -> None:
    # Two slow consumers, one per send thread (tcp.send_thread_count = 2). With a producer sending all along,
    # SendMessages keeps every answer on the first thread (the loop needs the other core); without, each
    # consumer's answers go through its own thread.
    # The shutdown's stats line, at info, says how many bytes each thread sent.
    server = filled_server("true", send_thread_count=2, IGGY_SYSTEM_LOGGING_LEVEL="info")
    stop_producing = threading.Event()

    def produce() -> None:
        with server.client() as producer:
            while not stop_producing.is_set():
                producer.send("s", "t", [b"x" * 100])
                time.sleep(0.005)

    producer_thread = threading.Thread(target=produce)
    try:
        time.sleep(0.5)  # the fill's own sends held the second thread back for 250 ms
        if producing:
            producer_thread.start()
            time.sleep(0.1)
        slow_clients = [slow_client(server) for _ in range(2)]
        try:
            for slow in slow_clients:
                request_everything(slow)
            time.sleep(0.3)
            for slow in slow_clients:
                status, body = slow.read_response()
                assert status == 0 and len(PolledMessages.decode(body).messages) == MESSAGES
        finally:
            for slow in slow_clients:
                slow.close()
    finally:
        stop_producing.set()
        if producing:
            producer_thread.join(10)
        server.stop()
    first, second = bytes_sent_by_thread(server.log())
    if producing:
        assert second < (first + second) / 10, (first, second)
    else:
        assert min(first, second) > (first + second) / 4, (first, second)
