"""``GET /metrics`` counts every transport's traffic (TCP included), per command and per error, exposes
consumer-group lag, segment and index-cache gauges under the names server/README.md gives them; ``/health`` and
``/ready`` answer without a token."""

from __future__ import annotations

import asyncio
import base64
import re
import time
from pathlib import Path

import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families
from server_support import ServerProcess
from transport_support import SERVER_ENV, Http

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, encode_send_messages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy

README = Path(__file__).resolve().parents[2] / "README.md"
ENV = {**SERVER_ENV, "IGGY_SYSTEM_SEGMENT_SIZE_BYTES": "4096"}  # 100 messages of 10 bytes fill 2 segments


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = ServerProcess(tmp_path_factory.mktemp("metrics") / "data", ENV).start()
    yield process
    process.stop()


def scrape(server) -> tuple[str, dict[str, dict[tuple, float]]]:
    """The exposition text and ``{sample name: {label values: value}}``."""
    status, text, _ = Http(server.transport_addresses["http"]).call("GET", "/metrics", token="")
    assert status == 200
    samples: dict[str, dict[tuple, float]] = {}
    for family in text_string_to_metric_families(text.decode()):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return text.decode(), samples


def value(samples, name: str, **labels) -> float:
    return samples.get(name, {}).get(tuple(sorted(labels.items())), 0.0)


FRAME_BYTES = 64 + len(b"m%08d" % 0)
NATIVE_PATH_ENV = {**ENV, "IGGY_SYSTEM_LOGGING_LEVEL": "info", "IGGY_SYSTEM_MEMORY_POOL_STATS_LOG_INTERVAL_MS": "200"}


def growth_once_counted(server, before, command: str, requests_count: int):
    """``grew(name, **labels)`` over the samples scraped once ``requests_count`` TCP requests of ``command`` were
    counted since ``before`` (the native path's requests are counted within 100 ms, not with their answer)."""
    after = before

    def grew(name: str, **labels) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    deadline = time.monotonic() + 10
    while grew("iggy_requests_total", transport="tcp", command=command) < requests_count:
        assert time.monotonic() < deadline, f"{requests_count} {command} requests were not counted within 10 s"
        time.sleep(0.05)
        _, after = scrape(server)
    return grew


def send_frame(stream: str, count: int, partition: int = 0) -> bytes:
    messages = [Message(b"m%08d" % n) for n in range(count)]
    partitioning = Partitioning.partition_id(partition)
    body = encode_send_messages(Identifier.parse(stream), Identifier.parse("t"), partitioning, messages)
    return encode_request(Command.SEND_MESSAGES, body)


def test_tcp_and_every_other_transport_count_requests_messages_bytes_and_errors(server):
    _, before = scrape(server)
    with server.client() as tcp:
        tcp.call(requests.CreateStream("metered"))
        tcp.call(requests.CreateTopic("metered", 1, 1, 0, 0, 0, "t"))
        for _ in range(5):
            assert tcp.request(Command.SEND_MESSAGES, send_frame("metered", 100)[8:])[0] == 0
        polled = tcp.poll("metered", "t", PollingStrategy.first(), count=250)
        assert len(polled.messages) == 250
        assert tcp.status_of(requests.DeleteStream("no-such-stream")) == ErrorCode.STREAM_ID_NOT_FOUND
        assert tcp.request(9999, b"")[0] == ErrorCode.INVALID_COMMAND
    http = Http(server.transport_addresses["http"])
    http.login()
    body = {
        "partitioning": {"kind": "partition_id", "value": "AAAAAA=="},
        "messages": [{"payload": base64.b64encode(b"h%d" % n).decode()} for n in range(3)],
    }
    assert http.call("POST", "/streams/metered/topics/t/messages", body)[0] == 201

    async def over_websocket() -> None:
        async with websockets.connect(f"ws://{server.transport_addresses['websocket']}/") as connection:
            await connection.send(encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode()))
            await connection.recv()
            await connection.send(send_frame("metered", 7))
            assert (await connection.recv())[:4] == b"\0\0\0\0"

    asyncio.run(over_websocket())
    _, after = scrape(server)

    def grew(name: str, **labels) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("iggy_messages_sent_total", transport="tcp") == 500
    assert grew("iggy_messages_polled_total", transport="tcp") == 250
    assert grew("iggy_messages_sent_total", transport="http") == 3
    assert grew("iggy_messages_sent_total", transport="websocket") == 7
    assert grew("iggy_requests_total", transport="tcp", command="send_messages") == 5
    assert grew("iggy_requests_total", transport="tcp", command="poll_messages") == 1
    assert grew("iggy_requests_total", transport="tcp", command="login_user") == 1
    assert grew("iggy_requests_total", transport="websocket", command="send_messages") == 1
    assert grew("iggy_requests_total", transport="http", command="send_messages") == 1
    assert grew("iggy_request_errors_total", transport="tcp", command="delete_stream", code="1009") == 1
    assert grew("iggy_request_errors_total", transport="tcp", command="unknown", code="3") == 1
    # Five sends of 100 frames went in; the 250 polled frames came out (plus headers).
    assert grew("iggy_received_bytes_total", transport="tcp") > 5 * 100 * FRAME_BYTES
    assert grew("iggy_sent_bytes_total", transport="tcp") > 250 * FRAME_BYTES
    assert grew("iggy_sent_bytes_total", transport="websocket") > 0



def test_0_9_requests_are_counted_as_0_8_ones_are(server):
    from iggy.protocol.batches import Batch, Frame

    from vsr_support import VsrClient, VsrError

    _, before = scrape(server)
    with VsrClient(server.host, server.port) as vsr:
        vsr.login()
        vsr.call(requests.CreateStream("metered-09"))
        vsr.call(requests.CreateTopic(Identifier.parse("metered-09"), 1, name="t"))
        frames = tuple(Frame(0, n + 1, n, n, b"m%08d" % n) for n in range(40))
        batch = Batch(0, 0, 0, 1_000_000, 0, frames).with_checksums()
        for _ in range(3):
            vsr.call(requests.SendMessages(Identifier.parse("metered-09"), Identifier.parse("t"),
                                           Partitioning.partition_id(0), batch=batch))
        polled = vsr.call(requests.PollMessages(Consumer.consumer(1), Identifier.parse("metered-09"),
                                                Identifier.parse("t"), 0, PollingStrategy.first(), 100, False))
        assert sum(len(b.frames) for b in polled.batches) == 100
        with pytest.raises(VsrError):
            vsr.call(requests.DeleteStream(Identifier.parse("no-such-stream-09")))
    _, after = scrape(server)

    def grew(name: str, **labels) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("iggy_messages_sent_total", transport="tcp") == 120
    assert grew("iggy_messages_polled_total", transport="tcp") == 100
    assert grew("iggy_requests_total", transport="tcp", command="send_messages") == 3
    assert grew("iggy_requests_total", transport="tcp", command="poll_messages") == 1
    assert grew("iggy_request_errors_total", transport="tcp", command="delete_stream", code="1009") == 1
    assert grew("iggy_sent_bytes_total", transport="tcp") > 100 * FRAME_BYTES

def test_answers_the_native_send_path_sent_count_as_sent_bytes(tmp_path):
    # The loop answers a connection's first send, the path (tcp.native_send_connections) the next ones: a 0.8
    # acknowledgement of 8 bytes, a 0.9 reply of a 256-byte header and a 24-byte confirmation, as the loop's.
    from iggy.protocol.batches import Batch, Frame

    from vsr_support import VsrClient

    server = ServerProcess(tmp_path / "data", NATIVE_PATH_ENV).start()
    sends = 20
    try:
        with server.client() as tcp, VsrClient(server.host, server.port) as vsr:
            tcp.call(requests.CreateStream("path-08"))
            tcp.call(requests.CreateTopic("path-08", 1, 1, 0, 0, 0, "t"))
            vsr.login()
            vsr.call(requests.CreateStream("path-09"))
            vsr.call(requests.CreateTopic(Identifier.parse("path-09"), 1, name="t"))
            batch = Batch(0, 0, 0, 1_000_000, 0, (Frame(0, 1, 0, 0, b"m"),)).with_checksums()
            send_09 = requests.SendMessages(Identifier.parse("path-09"), Identifier.parse("t"),
                                            Partitioning.partition_id(0), batch=batch)
            assert tcp.request(Command.SEND_MESSAGES, send_frame("path-08", 1)[8:])[0] == 0
            vsr.call(send_09)
            _, before = scrape(server)
            for _ in range(sends):
                assert tcp.request(Command.SEND_MESSAGES, send_frame("path-08", 1)[8:])[0] == 0
                vsr.call(send_09)
            grew = growth_once_counted(server, before, "send_messages", 2 * sends)
    finally:
        server.stop()
    served = [int(n) for n in re.findall(r"native_sends=(\d+)", server.log())]
    assert served and served[-1] >= sends  # the path answered at least half of them
    assert grew("iggy_requests_total", transport="tcp", command="send_messages") == 2 * sends
    assert grew("iggy_sent_bytes_total", transport="tcp") == sends * (8 + 256 + 24)


def test_polls_the_native_path_served_are_counted_as_the_loops(tmp_path):
    # A consumer's first poll by offset is the loop's, the next ones the path's: every one counts a request, its
    # messages and its answer's bytes (header, 16-byte prefix, frames).
    server = ServerProcess(tmp_path / "data", NATIVE_PATH_ENV).start()
    polls, per_poll = 11, 4
    try:
        with server.client() as tcp:
            tcp.call(requests.CreateStream("polled"))
            tcp.call(requests.CreateTopic("polled", 1, 1, 0, 0, 0, "t"))
            assert tcp.request(Command.SEND_MESSAGES, send_frame("polled", polls * per_poll)[8:])[0] == 0
        _, before = scrape(server)
        with server.client() as consumer:
            for number in range(polls):
                polled = consumer.poll("polled", "t", PollingStrategy.offset(number * per_poll), count=per_poll)
                assert len(polled.messages) == per_poll
        grew = growth_once_counted(server, before, "poll_messages", polls)
    finally:
        server.stop()
    served = [int(n) for n in re.findall(r"native_polls=(\d+)", server.log())]
    assert served and served[-1] == polls - 1
    assert grew("iggy_requests_total", transport="tcp", command="poll_messages") == polls
    assert grew("iggy_messages_polled_total", transport="tcp") == polls * per_poll
    # The consumer's login answer (8 + 4 bytes) and its polls' answers.
    assert grew("iggy_sent_bytes_total", transport="tcp") == 12 + polls * (8 + 16 + per_poll * FRAME_BYTES)


def test_consumer_group_lag_and_segment_gauges(server):
    with server.client() as tcp:
        tcp.call(requests.CreateStream("lagging"))
        tcp.call(requests.CreateTopic("lagging", 2, 1, 0, 0, 0, "t"))
        tcp.call(requests.CreateConsumerGroup("lagging", "t", "g"))
        for _ in range(2):
            assert tcp.request(Command.SEND_MESSAGES, send_frame("lagging", 100)[8:])[0] == 0
        assert tcp.request(Command.SEND_MESSAGES, send_frame("lagging", 50, partition=1)[8:])[0] == 0
        tcp.call(requests.JoinConsumerGroup("lagging", "t", "g"))
        polled = tcp.poll("lagging", "t", PollingStrategy.next(), 120, 0, Consumer.group("g"), auto_commit=True)
        assert len(polled.messages) == 120
    _, samples = scrape(server)
    lag = {labels: v for labels, v in samples["iggy_consumer_group_lag"].items() if ("stream", "lagging") in labels}
    by_partition = {dict(labels)["partition"]: v for labels, v in lag.items()}
    # Partition 0: 200 stored, the group committed the first 120. Partition 1: nothing committed yet.
    assert by_partition == {"0": 80, "1": 50}
    assert value(samples, "iggy_segments_sealed") >= 2
    assert value(samples, "iggy_index_cache_mode", mode="open_segment") == 1
    assert value(samples, "iggy_index_cache_bytes") > 0  # the active segments' entries (open_segment)
    assert value(samples, "iggy_index_cache_segments") >= 1


def test_every_metric_the_readme_names_is_exposed_under_that_name(server):
    text, samples = scrape(server)
    paragraph = README.read_text().split("`GET /metrics` (Prometheus text format", 1)[1].split("`GET /health`", 1)[0]
    named = set(re.findall(r"`(iggy_[a-z_]+)", paragraph))
    assert {"iggy_run_time_seconds", "iggy_requests_total", "iggy_consumer_group_lag"} <= named
    assert named <= set(samples), named - set(samples)
    assert "iggy_run_time_seconds_total" not in text
    assert "# TYPE iggy_run_time_seconds gauge" in text


def test_health_and_ready_answer_without_a_token(server):
    http = Http(server.transport_addresses["http"])
    assert http.call("GET", "/health", token="")[:2] == (200, {"status": "healthy"})
    status, body, _ = http.call("GET", "/ready", token="")
    assert (status, body["status"], body["listeners"]) == (200, "ready", "up")
