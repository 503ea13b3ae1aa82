"""TLS for every listener: server contexts from PEM files, and self-signed certificates for QUIC and WebSocket
(ECDSA P-256 for ``localhost``, made at start).

ECDSA P-256 because the official Rust client's non-validating QUIC verifier offers only
``ecdsa_secp256r1_sha256`` (Iggy's rcgen default is the same key type).
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from ..config import ConfigError

__all__ = ["self_signed", "write_self_signed", "server_tls_context"]

VALIDITY_DAYS = 365


def self_signed() -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=VALIDITY_DAYS))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    return certificate, key


def write_self_signed(directory: Path, stem: str) -> tuple[Path, Path]:
    """A fresh certificate and key as PEM files in ``directory`` (the ssl module loads only files)."""
    certificate, key = self_signed()
    directory.mkdir(parents=True, exist_ok=True)
    cert_path = directory / f"{stem}-cert.pem"
    key_path = directory / f"{stem}-key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.touch(mode=0o600)
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def server_tls_context(section: str, cert_file: str, key_file: str) -> ssl.SSLContext:
    """A server TLS context (1.2+) from PEM files; missing or unreadable files are a ConfigError naming the keys."""
    for key, value in (("cert_file", cert_file), ("key_file", key_file)):
        if not value:
            raise ConfigError(f"{section}.{key}: required when {section}.enabled is true")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert_file, key_file)
    except (OSError, ssl.SSLError) as error:
        raise ConfigError(f"{section}: cannot load {cert_file!r} / {key_file!r}: {error}") from None
    return context
