"""TLS on the TCP listener ([tcp.tls]): our SDK and the official client connect over TLS and verify the
certificate; a plaintext client and a client that does not trust the certificate are refused."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import socket
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from server_support import ServerProcess

import iggy
from iggy import ClientConfig, IggyClient


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def write_test_pki(directory: Path, label: str = "test") -> tuple[Path, Path, Path]:
    """A throw-away CA and a server certificate it signs for localhost / 127.0.0.1 (a CA certificate used as
    the server's own is refused by rustls, so the official client needs the two levels).
    Returns (ca_cert, server_cert, server_key) PEM paths."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key, server_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())

    def builder(subject: str, issuer: str, public_key) -> x509.CertificateBuilder:
        return (
            x509.CertificateBuilder()
            .subject_name(_name(subject))
            .issuer_name(_name(issuer))
            .public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=1))
            .not_valid_after(now + datetime.timedelta(days=1))
        )

    ca_cert = (
        builder(f"{label} CA", f"{label} CA", ca_key.public_key())
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    server_cert = (
        builder("localhost", f"{label} CA", server_key.public_key())
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = directory / f"{label}-ca.pem", directory / f"{label}-server.pem", directory / f"{label}-server.key"
    paths[0].write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(server_cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        server_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return paths


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tls")
    ca_path, cert_path, key_path = write_test_pki(directory)
    server = ServerProcess(
        directory / "data",
        env={
            "IGGY_TCP_TLS_ENABLED": "true",
            "IGGY_TCP_TLS_CERT_FILE": str(cert_path),
            "IGGY_TCP_TLS_KEY_FILE": str(key_path),
        },
    ).start()
    server.ca_path = ca_path
    yield server
    server.stop()


def test_sdk_over_tls_sends_and_polls(tls_server):
    async def scenario() -> None:
        config = ClientConfig(
            address=f"127.0.0.1:{tls_server.port}", username="iggy", password="iggy",
            tls=True, tls_ca_file=str(tls_server.ca_path), tls_domain="localhost", heartbeat_interval_ms=0,
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
        f"?tls=true&tls_ca_file={tls_server.ca_path}&tls_domain=localhost&heartbeat_interval=0"
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
        f"?tls=true&tls_domain=localhost&tls_ca_file={tls_server.ca_path}"
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
