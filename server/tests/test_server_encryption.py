"""``[system.encryption]`` end to end: messages sent over each transport are stored encrypted and polled back as
sent, with valid checksums, over TCP, HTTP, QUIC and WebSocket; a restart without the key, with another key, or
with a malformed one is refused with one line."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import ssl
import struct

import zipfile

import pytest
import websockets
from aioquic.asyncio import connect as quic_connect
from aioquic.quic.configuration import QuicConfiguration
from server_support import ServerProcess
from transports.transport_support import Http

from iggy.protocol import requests
from iggy.protocol.codes import Command
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, encode_send_messages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy
from iggy_server import _native

KEY = base64.b64encode(bytes(range(32))).decode()
OTHER_KEY = base64.b64encode(bytes(32)).decode()
ENCRYPTED = {"IGGY_SYSTEM_ENCRYPTION_ENABLED": "true", "IGGY_SYSTEM_ENCRYPTION_KEY": KEY}
RESPONSE = struct.Struct("<II")
POLL_PREFIX = struct.Struct("<IQI")
WAIT_S = 30


def send_frame(transport: str) -> bytes:
    messages = [
        Message(f"PLAIN-{transport}-{n}".encode(), user_headers_bytes=f"PLAIN-H-{transport}-{n}".encode())
        for n in range(3)
    ]
    body = encode_send_messages(Identifier.parse("enc"), Identifier.parse("t"), Partitioning.partition_id(0), messages)
    return encode_request(Command.SEND_MESSAGES, body)


def poll_frame() -> bytes:
    poll = requests.PollMessages(Consumer.consumer(1), "enc", "t", 0, PollingStrategy.first(), 100, False)
    return encode_request(Command.POLL_MESSAGES, poll.encode())


def login_frame() -> bytes:
    return encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode())


def polled(reply: bytes) -> list[tuple[bytes, bytes]]:
    """(payload, user headers) of each message of a PollMessages reply, after checking every checksum."""
    status, length = RESPONSE.unpack_from(reply, 0)
    assert status == 0 and len(reply) == 8 + length
    _, _, count = POLL_PREFIX.unpack_from(reply, 8)
    frames = reply[8 + POLL_PREFIX.size :]
    _native.verify_frames(frames, 0, count)
    messages, position = [], 0
    for _ in range(count):
        headers_length, payload_length = struct.unpack_from("<II", frames, position + 48)
        payload_at = position + 64
        headers_at = payload_at + payload_length
        messages.append((frames[payload_at:headers_at], frames[headers_at : headers_at + headers_length]))
        position = payload_at + payload_length + headers_length
    return messages


async def over_websocket(address: str, frames: list[bytes]) -> list[bytes]:
    async with websockets.connect(f"ws://{address}/", max_size=None) as connection:
        replies = []
        for data in frames:
            await connection.send(data)
            replies.append(await asyncio.wait_for(connection.recv(), WAIT_S))
        return replies


async def over_quic(address: str, frames: list[bytes]) -> list[bytes]:
    configuration = QuicConfiguration(is_client=True, verify_mode=ssl.CERT_NONE, server_name="localhost")
    host, _, port = address.rpartition(":")
    async with quic_connect(host, int(port), configuration=configuration) as connection:
        replies = []
        for data in frames:
            reader, writer = await connection.create_stream()
            writer.write(data)
            writer.write_eof()
            replies.append(await asyncio.wait_for(reader.read(), WAIT_S))
        return replies


def expected(transports: list[str]) -> list[tuple[bytes, bytes]]:
    return [
        (f"PLAIN-{transport}-{n}".encode(), f"PLAIN-H-{transport}-{n}".encode())
        for transport in transports
        for n in range(3)
    ]


def test_messages_are_stored_encrypted_and_served_as_sent_on_every_transport(tmp_path):
    data = tmp_path / "data"
    server = ServerProcess(data, ENCRYPTED).start()
    try:
        with server.client() as tcp:
            tcp.call(requests.CreateStream("enc"))
            tcp.call(requests.CreateTopic("enc", 1, 1, 0, 0, 0, "t"))
            assert tcp.request(Command.SEND_MESSAGES, send_frame("tcp")[8:])[0] == 0
        addresses = server.transport_addresses
        http = Http(addresses["http"])
        http.login()
        messages = [
            {"payload": base64.b64encode(f"PLAIN-http-{n}".encode()).decode(),
             "user_headers": base64.b64encode(f"PLAIN-H-http-{n}".encode()).decode()}
            for n in range(3)
        ]  # fmt: skip
        body = {"partitioning": {"kind": "partition_id", "value": "AAAAAA=="}, "messages": messages}
        status, answer, _ = http.call("POST", "/streams/enc/topics/t/messages", body)
        assert status == 201, answer
        ws_replies = asyncio.run(over_websocket(addresses["websocket"], [login_frame(), send_frame("websocket")]))
        quic_replies = asyncio.run(over_quic(addresses["quic"], [login_frame(), send_frame("quic")]))
        assert all(RESPONSE.unpack_from(reply, 0)[0] == 0 for reply in ws_replies + quic_replies)

        everything = expected(["tcp", "http", "websocket", "quic"])
        with server.client() as tcp:
            status, body = tcp.request(Command.POLL_MESSAGES, poll_frame()[8:])
            assert polled(RESPONSE.pack(status, len(body)) + body) == everything
        for exchange, transport in ((over_websocket, "websocket"), (over_quic, "quic")):
            replies = asyncio.run(exchange(addresses[transport], [login_frame(), poll_frame()]))
            assert polled(replies[1]) == everything
        query = "consumer_id=1&partition_id=0&kind=first&count=100"
        status, answer, _ = http.call("GET", f"/streams/enc/topics/t/messages?{query}")
        assert status == 200
        served = [(base64.b64decode(m["payload"]), base64.b64decode(m["user_headers"])) for m in answer["messages"]]
        assert served == everything
        checksums = [m["header"]["checksum"] for m in answer["messages"]]
        assert all(checksums) and len(set(checksums)) == len(checksums)
        with server.client() as tcp:  # a snapshot of the configuration shows that a key is set, not the key
            with zipfile.ZipFile(io.BytesIO(tcp.call(requests.GetSnapshot(1, (6,))))) as archive:
                config = json.loads(archive.read("server_config.txt"))
        assert config["system"]["encryption"] == {"enabled": True, "key": "(set, not shown)"}
        assert server.stop() == 0
    finally:
        server.close()
    stored = b"".join(path.read_bytes() for path in data.rglob("*") if path.is_file())
    assert b"PLAIN" not in stored

    for env, exit_code, words in (
        ({}, 1, "are encrypted"),
        ({"IGGY_SYSTEM_ENCRYPTION_ENABLED": "true", "IGGY_SYSTEM_ENCRYPTION_KEY": OTHER_KEY}, 1, "is not the key"),
        ({"IGGY_SYSTEM_ENCRYPTION_ENABLED": "true", "IGGY_SYSTEM_ENCRYPTION_KEY": "c2hvcnQ="}, 2, "decodes to 5 bytes"),
    ):
        refused = ServerProcess(data, env)
        with pytest.raises(RuntimeError) as failure:
            refused.start()
        message = str(failure.value)
        assert f"server exited with {exit_code}" in message and words in message, message
        assert KEY not in message and OTHER_KEY not in message
    server = ServerProcess(data, ENCRYPTED).start()  # the right key still serves everything
    try:
        with server.client() as tcp:
            status, body = tcp.request(Command.POLL_MESSAGES, poll_frame()[8:])
            assert polled(RESPONSE.pack(status, len(body)) + body) == everything
    finally:
        server.close()


def test_a_0_9_batch_is_stored_encrypted_and_served_as_sent_in_both_versions(tmp_path):
    from iggy.protocol.batches import Batch, Frame
    from iggy.protocol.messages import PolledMessages
    from iggy.protocol.primitives import encode_user_headers

    from vsr_support import VsrClient

    data = tmp_path / "data"
    server = ServerProcess(data, ENCRYPTED).start()
    sent = [(f"PLAIN-v09-{n}".encode(), encode_user_headers({"k": f"PLAIN-H-v09-{n}"})) for n in range(3)]
    try:
        with VsrClient(server.host, server.port) as vsr:
            vsr.login()
            vsr.call(requests.CreateStream("enc"))
            vsr.call(requests.CreateTopic(Identifier.parse("enc"), 1, name="t"))
            frames = tuple(Frame(0, n + 1, n, n, payload, headers) for n, (payload, headers) in enumerate(sent))
            batch = Batch(0, 0, 0, 1_000_000, 0, frames).with_checksums()
            vsr.call(requests.SendMessages(Identifier.parse("enc"), Identifier.parse("t"),
                                           Partitioning.partition_id(0), batch=batch))
            poll = requests.PollMessages(Consumer.consumer(1), Identifier.parse("enc"), Identifier.parse("t"), 0,
                                         PollingStrategy.first(), 100, False)
            polled = vsr.call(poll)
            served = [(f.payload, f.user_headers) for b in polled.batches for f in b.frames]
            assert served == sent
            assert all(f.checksum_valid() for b in polled.batches for f in b.frames)
        with server.client() as tcp:  # the same messages, as 0.8 frames with 0.8 checksums
            status, body = tcp.request(Command.POLL_MESSAGES, poll_frame()[8:])
            assert [payload for payload, _ in polled_messages(status, body)] == [p for p, _ in sent]
            assert len(PolledMessages.decode(body).messages) == 3
        assert server.stop() == 0
    finally:
        server.close()
    stored = b"".join(path.read_bytes() for path in data.rglob("*") if path.is_file())
    assert b"PLAIN" not in stored


def polled_messages(status: int, body: bytes) -> list[tuple[bytes, bytes]]:
    return polled(RESPONSE.pack(status, len(body)) + body)
