"""WebSocket and QUIC carry the TCP framing: sessions per connection, split frames, bad frames, cut streams.

Plus the official Python client (apache-iggy 0.8.0) over ``iggy+http://`` and ``iggy+ws://``. Its
``iggy+quic://`` cannot be tested: the 0.8.0 binding builds the Rust client outside a Tokio runtime, where
quinn's ``Endpoint::client`` fails (``CannotCreateEndpoint``) before any packet is sent; QUIC is proven with
the official Rust SDK in the conformance suite and with aioquic here.
"""

from __future__ import annotations

import asyncio
import ssl
import struct

import pytest
import websockets
from aioquic.asyncio import connect as quic_connect
from aioquic.quic.configuration import QuicConfiguration

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request

RESPONSE_HEADER = struct.Struct("<II")
WAIT_S = 30


def login_frame() -> bytes:
    return encode_request(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy").encode())


def frame(request: requests.Request) -> bytes:
    return encode_request(request.CODE, request.encode())


def status_of(reply: bytes) -> int:
    status, length = RESPONSE_HEADER.unpack_from(reply, 0)
    assert len(reply) == 8 + length
    return status


def host_port(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host, int(port)


# ====================================================================== WebSocket


async def ws_exchange(address: str, messages: list[bytes | str], replies: int) -> list[bytes]:
    async with websockets.connect(f"ws://{address}/", max_size=None) as connection:
        for message in messages:
            await connection.send(message)
        return [await asyncio.wait_for(connection.recv(), WAIT_S) for _ in range(replies)]


def test_websocket_session_split_and_batched_frames(server):
    address = server.transport_addresses["websocket"]
    login = login_frame()
    create = frame(requests.CreateStream("ws-split"))
    get = frame(requests.GetStream("ws-split"))
    # login split across two messages, a text message (ignored), then two requests in one message
    replies = asyncio.run(ws_exchange(address, [login[:5], login[5:], "ignored text", create + get], 3))
    assert [status_of(r) for r in replies] == [0, 0, 0]
    assert b"ws-split" in replies[2]


def test_websocket_bad_frames_answer_iggy_codes_and_keep_the_connection(server):
    address = server.transport_addresses["websocket"]
    unknown = struct.pack("<II", 4 + 3, 9999) + b"abc"
    short = struct.pack("<II", 2, int(Command.PING))
    before_login = frame(requests.GetStreams())
    # A CreateStream announcing 11 MiB (above the 10 MiB request limit): refused from its header; the bytes
    # that follow belong to it and are discarded as they arrive, so the Ping after them is read in sync.
    oversized = struct.pack("<II", 4 + 11 * 1024 * 1024, int(Command.CREATE_STREAM))
    ping = frame(requests.Ping())
    messages = [unknown, short, before_login, login_frame(), oversized, b"x" * (11 * 1024 * 1024), ping]
    replies = asyncio.run(ws_exchange(address, messages, 6))
    assert [status_of(r) for r in replies] == [ErrorCode.INVALID_COMMAND, ErrorCode.INVALID_COMMAND,
                                              ErrorCode.UNAUTHENTICATED, 0, ErrorCode.INVALID_COMMAND, 0]


def test_websocket_large_request_before_login_closes_the_connection(server):
    """As on TCP: an anonymous peer announcing more than limits.max_unauthenticated_request_bytes is answered
    and disconnected, so it cannot make the server read (and discard) a large payload."""
    address = server.transport_addresses["websocket"]
    oversized = struct.pack("<II", 4 + 1024 * 1024, int(Command.CREATE_STREAM))

    async def scenario() -> tuple[bytes, bool]:
        async with websockets.connect(f"ws://{address}/") as connection:
            await connection.send(oversized)
            reply = await asyncio.wait_for(connection.recv(), WAIT_S)
            try:
                await asyncio.wait_for(connection.recv(), WAIT_S)
            except websockets.ConnectionClosed:
                return reply, True
            return reply, False

    reply, closed = asyncio.run(scenario())
    assert status_of(reply) == ErrorCode.UNAUTHENTICATED and closed


def test_websocket_admits_a_large_send(server):
    address = server.transport_addresses["websocket"]
    from iggy.protocol.messages import Message
    from iggy.protocol.primitives import Partitioning

    payload = b"p" * (8 * 1024 * 1024)
    send = requests.SendMessages("ws-large", "t", Partitioning.balanced(), (Message(payload),))
    messages = [login_frame(), frame(requests.CreateStream("ws-large")),
                frame(requests.CreateTopic("ws-large", 1, 1, 0, 0, 0, "t")), frame(send)]
    replies = asyncio.run(ws_exchange(address, messages, 4))
    assert [status_of(r) for r in replies] == [0, 0, 0, 0]


# ====================================================================== QUIC


class QuicSession:
    """One QUIC connection; ``request(bytes)`` opens a stream, writes, FINs and reads the reply to its end."""

    def __init__(self, connection) -> None:
        self.connection = connection

    async def request(self, data: bytes, finish: bool = True) -> bytes:
        reader, writer = await self.connection.create_stream()
        writer.write(data)
        if finish:
            writer.write_eof()
        return await asyncio.wait_for(reader.read(), WAIT_S)


async def quic_run(address: str, scenario) -> None:
    configuration = QuicConfiguration(is_client=True, alpn_protocols=None, verify_mode=ssl.CERT_NONE,
                                      server_name="localhost")
    host, port = host_port(address)
    async with quic_connect(host, port, configuration=configuration) as connection:
        await scenario(QuicSession(connection))


# The oversized request's stream is stopped by the server (STOP_SENDING); aioquic's client writer then fails
# when garbage-collected, which is the expected effect, not a test problem.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_quic_login_state_per_connection_and_bad_streams(server):
    address = server.transport_addresses["quic"]

    async def scenario(quic: QuicSession) -> None:
        assert status_of(await quic.request(frame(requests.GetStreams()))) == ErrorCode.UNAUTHENTICATED
        assert status_of(await quic.request(login_frame())) == 0
        assert status_of(await quic.request(frame(requests.CreateStream("quic-s")))) == 0
        # a stream cut mid-frame: 100 payload bytes announced, 10 sent, then FIN
        cut = struct.pack("<II", 104, int(Command.CREATE_STREAM)) + b"0123456789"
        assert status_of(await quic.request(cut)) == ErrorCode.INVALID_COMMAND
        unknown = struct.pack("<II", 4, 9999)
        assert status_of(await quic.request(unknown)) == ErrorCode.INVALID_COMMAND
        oversized = struct.pack("<II", 4 + 11 * 1024 * 1024, int(Command.CREATE_STREAM))
        assert status_of(await quic.request(oversized, finish=False)) == ErrorCode.INVALID_COMMAND
        # the connection (and its login) survive the bad streams
        reply = await quic.request(frame(requests.GetStream("quic-s")))
        assert status_of(reply) == 0 and b"quic-s" in reply

    asyncio.run(quic_run(address, scenario))


def test_quic_concurrent_streams_on_one_connection(server):
    address = server.transport_addresses["quic"]

    async def scenario(quic: QuicSession) -> None:
        assert status_of(await quic.request(login_frame())) == 0
        replies = await asyncio.gather(*(quic.request(frame(requests.Ping())) for _ in range(50)))
        assert all(status_of(reply) == 0 for reply in replies)

    asyncio.run(quic_run(address, scenario))


def quic_clients(server) -> list:
    """The QUIC connections the server lists (GetClients over TCP)."""
    from iggy.protocol.codes import Transport
    from iggy.protocol.responses import ClientInfo

    with server.client() as tcp:
        return [c for c in ClientInfo.decode_list(tcp.call(requests.GetClients())) if c.transport == Transport.QUIC]


def test_a_quic_connection_is_one_client_until_it_closes(server):
    """The engine reports a connection's end: its session is logged out and leaves the client list."""
    address = server.transport_addresses["quic"]
    before = {c.client_id for c in quic_clients(server)}

    async def scenario(quic: QuicSession) -> None:
        assert status_of(await quic.request(login_frame())) == 0
        assert status_of(await quic.request(frame(requests.Ping()))) == 0
        mine = [c for c in quic_clients(server) if c.client_id not in before]
        assert len(mine) == 1 and mine[0].user_id == 0

    asyncio.run(quic_run(address, scenario))

    async def gone() -> None:
        while {c.client_id for c in quic_clients(server)} - before:
            await asyncio.sleep(0.05)

    asyncio.run(asyncio.wait_for(gone(), WAIT_S))


def test_quic_with_configured_certificate_files(tmp_path):
    """``quic.certificate`` PEM files (a chain the test CA signed): a client that verifies against the CA and the
    name connects; the handshake offers no ALPN, as Iggy's."""
    from iggy_server.testing.pki import write_test_pki
    from server_support import ServerProcess

    ca, cert, key = write_test_pki(tmp_path)
    env = {"IGGY_QUIC_CERTIFICATE_SELF_SIGNED": "false", "IGGY_QUIC_CERTIFICATE_CERT_FILE": str(cert),
           "IGGY_QUIC_CERTIFICATE_KEY_FILE": str(key)}  # fmt: skip
    process = ServerProcess(tmp_path / "data", env=env).start()
    try:
        host, port = host_port(process.transport_addresses["quic"])

        async def verified() -> int:
            configuration = QuicConfiguration(is_client=True, alpn_protocols=None, server_name="localhost")
            configuration.load_verify_locations(cafile=str(ca))
            async with quic_connect(host, port, configuration=configuration) as connection:
                return status_of(await QuicSession(connection).request(login_frame()))

        assert asyncio.run(verified()) == 0
    finally:
        process.stop()


# ====================================================================== the official Python client


@pytest.mark.parametrize("scheme, transport", [("iggy+http", "http"), ("iggy+ws", "websocket")])
def test_official_python_client(server, scheme, transport):
    from apache_iggy import IggyClient, PollingStrategy, SendMessage

    stream = f"official-{transport}"

    async def scenario() -> None:
        client = IggyClient.from_connection_string(f"{scheme}://iggy:iggy@{server.transport_addresses[transport]}")
        await client.connect()
        await client.login_user("iggy", "iggy")
        await client.ping()
        await client.create_stream(stream)
        details = await client.get_stream(stream)
        assert details is not None and details.name == stream
        await client.create_topic(stream, "t", 2)
        await client.send_messages(stream, "t", 1, [SendMessage(f"m{i}") for i in range(5)])
        polled = await client.poll_messages(stream, "t", 1, PollingStrategy.First(), 10, True)
        assert [bytes(m.payload()) for m in polled] == [f"m{i}".encode() for i in range(5)]
        assert [m.offset() for m in polled] == list(range(5))
        assert await client.get_stream("no-such-stream") is None

    asyncio.run(scenario())


def test_each_transport_can_be_switched_off(tmp_path):
    from server_support import ServerProcess

    env = {"IGGY_HTTP_ENABLED": "false", "IGGY_QUIC_ENABLED": "false", "IGGY_WEBSOCKET_ENABLED": "false"}
    process = ServerProcess(tmp_path / "data", env=env).start()
    try:
        assert process.transport_addresses == {}
        assert "listening on" in process.log() and "http listening" not in process.log()
        with process.client() as client:
            assert client.status_of(requests.Ping()) == 0
    finally:
        process.stop()


def test_https_and_wss(tmp_path):
    """HTTPS with configured PEM files (the test CA), wss:// with a self-signed certificate made at start."""
    import json
    import urllib.request

    from iggy_server.testing.pki import write_test_pki
    from server_support import ServerProcess

    ca, cert, key = write_test_pki(tmp_path)
    env = {"IGGY_HTTP_TLS_ENABLED": "true", "IGGY_HTTP_TLS_CERT_FILE": str(cert), "IGGY_HTTP_TLS_KEY_FILE": str(key),
           "IGGY_WEBSOCKET_TLS_ENABLED": "true"}
    process = ServerProcess(tmp_path / "data", env=env).start()
    try:
        context = ssl.create_default_context(cafile=str(ca))
        host, port = host_port(process.transport_addresses["http"])
        request = urllib.request.Request(f"https://localhost:{port}/users/login", method="POST",
                                         data=json.dumps({"username": "iggy", "password": "iggy"}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, context=context, timeout=WAIT_S) as response:
            assert json.loads(response.read())["user_id"] == 0

        async def over_wss() -> bytes:
            insecure = ssl.create_default_context()
            insecure.check_hostname = False
            insecure.verify_mode = ssl.CERT_NONE  # the certificate is self-signed, made at start
            async with websockets.connect(f"wss://{process.transport_addresses['websocket']}/", ssl=insecure) as ws:
                await ws.send(login_frame())
                return await asyncio.wait_for(ws.recv(), WAIT_S)

        assert status_of(asyncio.run(over_wss())) == 0
    finally:
        process.stop()
