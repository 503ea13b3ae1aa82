"""TLS on the TCP listener ([tcp.tls]): our SDK and the official client connect over TLS and verify the
certificate; a plaintext client and a client that does not trust the certificate are refused."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
from server_support import ServerProcess

from iggy_server.testing.pki import write_test_pki

import iggy
from iggy import ClientConfig, IggyClient


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    server = ServerProcess(tls=True).start()
    yield server
    server.stop()


def test_sdk_over_tls_sends_and_polls(tls_server):
    async def scenario() -> None:
        config = ClientConfig(
            address=f"127.0.0.1:{tls_server.port}", username="iggy", password="iggy",
            tls=True, tls_ca_file=str(tls_server.ca_file), tls_domain="localhost", heartbeat_interval_ms=0,
        )
        async with IggyClient(config) as client:
            await client.create_stream("tls-stream")
            await client.create_topic("tls-stream", "events", partitions_count=1)
            payloads = [b"x" * size for size in (1, 1000, 200_000)]  # the last one spans many TLS records
            await client.send_messages("tls-stream", "events", payloads, partitioning=0)
            polled = await client.poll_messages(
                "tls-stream", "events", 0, strategy=iggy.PollingStrategy.first(), count=10
            )
            assert [bytes(message.payload) for message in polled.messages] == payloads

    asyncio.run(scenario())


def test_sdk_connection_string_with_tls_options(tls_server):
    url = (
        f"iggy://iggy:iggy@127.0.0.1:{tls_server.port}"
        f"?tls=true&tls_ca_file={tls_server.ca_file}&tls_domain=localhost&heartbeat_interval=0"
    )

    async def scenario() -> None:
        async with IggyClient(url) as client:
            assert (await client.get_me()).user_id == 0

    asyncio.run(scenario())


def test_untrusted_certificate_is_refused(tls_server, tmp_path):
    other_ca, _, _ = write_test_pki(tmp_path, "other")

    async def scenario() -> None:
        config = ClientConfig(
            address=f"127.0.0.1:{tls_server.port}", username="iggy", password="iggy", tls=True,
            tls_ca_file=str(other_ca), tls_domain="localhost", reconnection_retries=0, heartbeat_interval_ms=0,
        )
        client = IggyClient(config)
        try:
            with pytest.raises(iggy.IggyError) as raised:
                await client.connect()
            assert "certificate" in str(raised.value).lower()
        finally:
            await client.close()

    asyncio.run(scenario())


def test_plaintext_client_gets_no_iggy_answer(tls_server):
    with socket.create_connection(("127.0.0.1", tls_server.port), timeout=5) as plain:
        plain.sendall((4).to_bytes(4, "little") + (1).to_bytes(4, "little"))  # a Ping in the clear
        answer = b""
        try:
            while len(answer) < 8:
                chunk = plain.recv(8 - len(answer))
                if not chunk:
                    break
                answer += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    assert answer != b"\x00" * 8  # never a plaintext OK: the TLS listener rejects the handshake


def test_official_client_over_tls(tls_server):
    apache_iggy = pytest.importorskip("apache_iggy")
    url = (
        f"iggy://iggy:iggy@127.0.0.1:{tls_server.port}"
        f"?tls=true&tls_domain=localhost&tls_ca_file={tls_server.ca_file}"
    )

    async def scenario() -> None:
        client = apache_iggy.IggyClient.from_connection_string(url)
        await client.connect()
        await client.create_stream("official-tls")
        stream = await client.get_stream("official-tls")
        assert stream is not None and stream.name == "official-tls"

    asyncio.run(scenario())


def test_tls_without_certificate_is_a_configuration_error(tmp_path):
    server = ServerProcess(tmp_path / "data", env={"IGGY_TCP_TLS_ENABLED": "true"})
    with pytest.raises(RuntimeError) as raised:
        server.start()
    assert "tcp.tls.cert_file" in str(raised.value)
