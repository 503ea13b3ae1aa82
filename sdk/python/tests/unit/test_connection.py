"""Connection strings, ClientConfig validation and the transport against a scripted fake endpoint."""

from __future__ import annotations

import asyncio
import struct

import pytest

from iggy import ClientConfig, IggyClient, parse_connection_string
from iggy.connection import Connection, parse_duration_ms, split_address
from iggy.errors import (
    CannotConnectError,
    ConnectionLostError,
    InvalidConnectionStringError,
    NotFoundError,
    RequestTimeoutError,
)
from iggy.protocol.codes import Command, ErrorCode


class TestConnectionStrings:
    def test_credentials_host_port(self):
        config = parse_connection_string("iggy://iggy:secret@10.0.0.5:9000")
        assert (config.username, config.password, config.token) == ("iggy", "secret", None)
        assert (config.host, config.port, config.address) == ("10.0.0.5", 9000, "10.0.0.5:9000")
        assert config.tls is False

    def test_tcp_scheme_and_default_port(self):
        config = parse_connection_string("iggy+tcp://user:pw@example.org")
        assert (config.host, config.port) == ("example.org", 8090)

    def test_single_userinfo_part_is_a_token(self):
        config = parse_connection_string("iggy://iggypat-abc_DEF@127.0.0.1:8090")
        assert config.token == "iggypat-abc_DEF"
        assert config.username is None and config.password is None

    def test_password_may_contain_colon_and_at_and_percent_escapes(self):
        config = parse_connection_string("iggy://us%40er:p:a@ss@localhost:1234")
        assert config.username == "us@er"
        assert config.password == "p:a@ss"
        assert config.port == 1234

    def test_options(self):
        config = parse_connection_string(
            "iggy://a:b@h:1/?tls=true&tls_domain=iggy.local&tls_ca_file=/tmp/ca.pem&connect_timeout=2s"
            "&request_timeout=750ms&reconnection_retries=unlimited&reconnection_interval=250"
            "&heartbeat_interval=0&nodelay=false"
        )
        assert config.tls and config.tls_domain == "iggy.local" and config.tls_ca_file == "/tmp/ca.pem"
        assert config.connect_timeout_ms == 2000 and config.request_timeout_ms == 750
        assert config.reconnection_retries is None and config.reconnection_interval_ms == 250
        assert config.heartbeat_interval_ms == 0 and config.nodelay is False

    def test_tls_options_imply_tls(self):
        assert parse_connection_string("iggy://h:1?tls_ca_file=/x.pem").tls is True

    def test_ipv6(self):
        config = parse_connection_string("iggy://a:b@[::1]:8091")
        assert (config.host, config.port) == ("::1", 8091)

    @pytest.mark.parametrize(
        "text, fragment",
        [
            ("http://a:b@h:1", "scheme"),
            ("127.0.0.1:8090", "iggy://"),
            ("iggy://a:b@h:99999", "port"),
            ("iggy://a:b@h:port", "port"),
            ("iggy://a:b@h:1?bogus=1", "unknown option"),
            ("iggy://a:b@h:1?tls=maybe", "boolean"),
            ("iggy://a:b@h:1?connect_timeout=soon", "duration"),
            ("iggy://a:b@h:1?tls", "needs a value"),
            ("iggy://:b@h:1", "username and password"),
            ("iggy://@h:1", "empty credentials"),
            ("iggy://a:b@h:1/path", "path"),
            ("iggy://a:b@::1:80", "bracketed"),
            ("iggy://a:b@h:1?reconnection_retries=-1", "count"),
        ],
    )
    def test_invalid_strings_name_the_problem(self, text, fragment):
        with pytest.raises(InvalidConnectionStringError) as raised:
            parse_connection_string(text)
        assert fragment in str(raised.value)
        assert raised.value.code == ErrorCode.INVALID_CONNECTION_STRING
        assert isinstance(raised.value, ValueError)

    def test_durations(self):
        assert [parse_duration_ms(t, "x") for t in ("5", "5ms", "2s", "1m", "1h", "1500us")] == [
            5, 5, 2000, 60_000, 3_600_000, 1,
        ]

    def test_split_address(self):
        assert split_address("host") == ("host", 8090)
        with pytest.raises(InvalidConnectionStringError):
            split_address(":80")

    def test_config_validation_and_overrides(self):
        with pytest.raises(InvalidConnectionStringError):
            ClientConfig(username="only-user")
        with pytest.raises(InvalidConnectionStringError):
            ClientConfig(username="u", password="p", token="t")
        with pytest.raises(InvalidConnectionStringError):
            ClientConfig(request_timeout_ms=0)
        config = ClientConfig.parse("iggy://u:p@h:1").with_overrides(request_timeout_ms=10)
        assert config.request_timeout_ms == 10 and config.username == "u"
        with pytest.raises(TypeError):
            config.with_overrides(nope=1)

    def test_repr_hides_secrets(self):
        config = parse_connection_string("iggy://u:topsecret@h:1")
        assert "topsecret" not in repr(config)
        assert "topsecret" not in repr(IggyClient(config))
        assert "s3cr3t" not in parse_connection_string("iggy://s3cr3t@h:1").redacted()


class TestTransport:
    def test_request_framing_and_error_status(self, with_fake_server):
        async def scenario(server):
            def handler(code, payload):
                if code == Command.GET_STREAM:
                    return ErrorCode.STREAM_ID_NOT_FOUND, b""
                return 0, b"\x05\x00\x00\x00"

            server.handler = handler
            connection = await Connection.open(ClientConfig(address=server.address))
            body = await connection.request(Command.GET_ME, [b"ab", memoryview(b"cd")], 1000)
            assert bytes(body) == b"\x05\x00\x00\x00"
            assert server.requests[-1] == (Command.GET_ME, b"abcd")
            with pytest.raises(NotFoundError) as raised:
                await connection.request(Command.GET_STREAM, b"", 1000)
            assert raised.value.code == ErrorCode.STREAM_ID_NOT_FOUND
            assert raised.value.name == "STREAM_ID_NOT_FOUND"
            # The connection stays usable after an error status.
            assert bytes(await connection.request(Command.PING, b"", 1000)) == b"\x05\x00\x00\x00"
            await connection.close()

        with_fake_server(scenario)

    def test_large_response_arrives_in_one_buffer(self, with_fake_server):
        big = bytes(range(256)) * 8192  # 2 MiB, delivered in many TCP segments

        async def scenario(server):
            server.handler = lambda code, payload: (0, big)
            connection = await Connection.open(ClientConfig(address=server.address))
            body = await connection.request(Command.GET_STATS, b"", 5000)
            assert isinstance(body, memoryview) and body.tobytes() == big
            await connection.close()

        with_fake_server(scenario)

    def test_timeout_aborts_connection(self, with_fake_server):
        async def scenario(server):
            server.delay_s = 0.5
            connection = await Connection.open(ClientConfig(address=server.address))
            with pytest.raises(RequestTimeoutError) as raised:
                await connection.request(Command.PING, b"", 50)
            assert raised.value.code == ErrorCode.TASK_TIMEOUT
            assert not connection.is_open

        with_fake_server(scenario)

    def test_peer_close_mid_request(self, with_fake_server):
        async def scenario(server):
            server.handler = lambda code, payload: None
            connection = await Connection.open(ClientConfig(address=server.address))
            with pytest.raises(ConnectionLostError):
                await connection.request(Command.PING, b"", 1000)

        with_fake_server(scenario)

    def test_cannot_connect(self):
        async def scenario():
            import socket

            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            probe.close()  # nothing listens there now
            with pytest.raises(CannotConnectError) as raised:
                await Connection.open(ClientConfig(address=f"127.0.0.1:{port}", connect_timeout_ms=500))
            assert raised.value.code == ErrorCode.CANNOT_ESTABLISH_CONNECTION

        asyncio.run(scenario())

    def test_nodelay_applied(self, with_fake_server):
        async def scenario(server):
            import socket

            connection = await Connection.open(ClientConfig(address=server.address))
            sock = connection._transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            await connection.close()

        with_fake_server(scenario)


def test_u32_login_answer_decoded(with_fake_server):
    async def scenario(server):
        server.handler = lambda code, payload: (0, struct.pack("<I", 42))
        async with IggyClient(address=server.address, username="a", password="b", heartbeat_interval_ms=0,
                              protocol="0.8") as client:
            assert client.user_id == 42

    with_fake_server(scenario)
