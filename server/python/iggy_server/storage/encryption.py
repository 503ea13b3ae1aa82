"""Encryption at rest (``[system.encryption]``): AES-256-GCM of each message's payload and user headers.

Stored layout, as Iggy 0.8 lays encrypted messages out: the 64-byte header stays in the clear, and the payload
field holds ``nonce (12 bytes) | ciphertext | tag (16 bytes)`` of the payload, its length field that size; user
headers, when a message has them, are encrypted the same way with a nonce of their own. Every nonce is fresh
(random 96 bits, from the OS once per batch; the NIST bound for random nonces, 2^32 messages per key, is the
rotation limit of a key). The stored frame is an ordinary frame of those sizes: its checksum covers the stored
bytes, so start-up recovery and the checksum check of every read work unchanged, and a poll decrypts the frames
it read and stamps the checksum of what the client receives (the message as it was sent, with its server
offset, timestamp and id).

``state/encryption.msgpack`` records whether the data directory's messages are encrypted and a check value of
the key (a fixed text encrypted with it), so a server started on them without the key, with another key, or with
encryption turned on over plaintext messages refuses to start with one line instead of serving garbage.
"""

from __future__ import annotations

import os
import struct
from typing import Any
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from iggy.protocol.codes import ErrorCode
from iggy.protocol.layout import (
    MESSAGE_HEADER_PAYLOAD_LENGTH_AT,
    MESSAGE_HEADER_USER_HEADERS_LENGTH_AT,
)
from iggy_server import _native
from iggy_server.persistence import read_msgpack, write_msgpack_atomic
from iggy_server.storage.errors import StorageError

__all__ = ["MessageCipher", "check_data_directory"]

NONCE_BYTES = 12
TAG_BYTES = 16
OVERHEAD_BYTES = NONCE_BYTES + TAG_BYTES
HEADER_BYTES = _native.HEADER_SIZE
INDEX_ENTRY_BYTES = _native.INDEX_ENTRY_SIZE
MARKER_FILE = "encryption.msgpack"
_MARKER_VERSION = 1
_KEY_CHECK_TEXT = b"iggy-compat: messages in this data directory are encrypted with this key"
# user headers length | payload length, adjacent in the header.
_LENGTHS = struct.Struct("<II")
assert MESSAGE_HEADER_PAYLOAD_LENGTH_AT == MESSAGE_HEADER_USER_HEADERS_LENGTH_AT + 4
_LENGTHS_AT = MESSAGE_HEADER_USER_HEADERS_LENGTH_AT
_CLIENT_INDEX_ENTRY = struct.Struct("<IIQ")  # what a client sends: 0 | cumulative end | 0

_CANNOT_DECRYPT = int(ErrorCode.CANNOT_DECRYPT_DATA)
_INVALID_KEY = int(ErrorCode.INVALID_ENCRYPTION_KEY)


class MessageCipher:
    """Encrypts SendMessages batches before they are stamped and stored, decrypts frames read for a poll."""

    __slots__ = ("_aead",)

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    def __repr__(self) -> str:
        return "MessageCipher(AES-256-GCM)"  # never the key

    def encrypt_batch(self, frames: Any, messages_count: int) -> tuple[memoryview, memoryview]:
        """A validated batch's frames → (index table, frames) of the encrypted batch, as a client would send them
        (index entries ``0 | cumulative end | 0``), ready for ``validate_and_stamp``. Written in place into one
        buffer sized up front (``encrypt_into``): no per-message bytes object."""
        encrypt_into = self._aead.encrypt_into
        source = memoryview(frames)
        lengths = _frame_lengths(source, messages_count)
        stored_bytes = source.nbytes + OVERHEAD_BYTES * (messages_count + sum(1 for h, _ in lengths if h))
        out = bytearray(stored_bytes)
        target = memoryview(out)
        index = bytearray(INDEX_ENTRY_BYTES * messages_count)
        nonces = memoryview(os.urandom(2 * NONCE_BYTES * messages_count))
        position = written = 0
        for i, (headers_length, payload_length) in enumerate(lengths):
            payload_at = position + HEADER_BYTES
            headers_at = payload_at + payload_length
            target[written : written + HEADER_BYTES] = source[position:payload_at]
            nonce_at = written + HEADER_BYTES
            ciphertext_at = nonce_at + NONCE_BYTES
            at = ciphertext_at + payload_length + TAG_BYTES
            nonce = nonces[2 * NONCE_BYTES * i : (2 * i + 1) * NONCE_BYTES]
            target[nonce_at:ciphertext_at] = nonce
            encrypt_into(nonce, source[payload_at:headers_at], None, target[ciphertext_at:at])
            if headers_length:
                nonce_at, ciphertext_at = at, at + NONCE_BYTES
                at = ciphertext_at + headers_length + TAG_BYTES
                nonce = nonces[(2 * i + 1) * NONCE_BYTES : 2 * NONCE_BYTES * (i + 1)]
                target[nonce_at:ciphertext_at] = nonce
                encrypt_into(nonce, source[headers_at : headers_at + headers_length], None, target[ciphertext_at:at])
            stored_headers_length = headers_length + OVERHEAD_BYTES if headers_length else 0
            _LENGTHS.pack_into(out, written + _LENGTHS_AT, stored_headers_length, payload_length + OVERHEAD_BYTES)
            _CLIENT_INDEX_ENTRY.pack_into(index, i * INDEX_ENTRY_BYTES, 0, at, 0)
            position = headers_at + headers_length
            written = at
        return memoryview(index), target

    def decrypt_frames(self, frames: Any, messages_count: int, first_offset: int) -> bytearray:
        """Stored (checked) frames → the frames as sent, with their checksums stamped. StorageError 72
        CannotDecryptData when one does not decrypt (another key, or bytes changed behind the checksum)."""
        decrypt_into = self._aead.decrypt_into
        source = memoryview(frames)
        lengths = _frame_lengths(source, messages_count)
        out = bytearray(source.nbytes - OVERHEAD_BYTES * (messages_count + sum(1 for h, _ in lengths if h)))
        target = memoryview(out)
        position = written = 0
        for i, (headers_length, payload_length) in enumerate(lengths):
            payload_at = position + HEADER_BYTES
            headers_at = payload_at + payload_length
            target[written : written + HEADER_BYTES] = source[position:payload_at]
            at = written + HEADER_BYTES + payload_length - OVERHEAD_BYTES
            try:
                decrypt_into(
                    source[payload_at : payload_at + NONCE_BYTES], source[payload_at + NONCE_BYTES : headers_at], None,
                    target[written + HEADER_BYTES : at],
                )
                if headers_length:
                    headers_end = at + headers_length - OVERHEAD_BYTES
                    decrypt_into(
                        source[headers_at : headers_at + NONCE_BYTES],
                        source[headers_at + NONCE_BYTES : headers_at + headers_length],
                        None,
                        target[at:headers_end],
                    )
                    at = headers_end
            except (InvalidTag, ValueError):
                raise StorageError(
                    _CANNOT_DECRYPT,
                    f"message {first_offset + i} does not decrypt with system.encryption.key (another key, or "
                    "changed bytes); it is not served",
                ) from None
            plain_headers_length = headers_length - OVERHEAD_BYTES if headers_length else 0
            _LENGTHS.pack_into(out, written + _LENGTHS_AT, plain_headers_length, payload_length - OVERHEAD_BYTES)
            position = headers_at + headers_length
            written = at
        _native.stamp_checksums(out, messages_count)
        return out


def _frame_lengths(frames: memoryview, messages_count: int) -> list[tuple[int, int]]:
    """(user headers length, payload length) of each of the ``messages_count`` frames (already checked whole)."""
    lengths = []
    position = 0
    for _ in range(messages_count):
        headers_length, payload_length = _LENGTHS.unpack_from(frames, position + _LENGTHS_AT)
        lengths.append((headers_length, payload_length))
        position += HEADER_BYTES + payload_length + headers_length
    return lengths


def check_data_directory(state_dir: Path, key: bytes | None, stored_messages: int) -> None:
    """Refuse (StorageError 70 InvalidEncryptionKey, one line) to serve a data directory whose messages the
    configuration cannot read back: encrypted ones without the key or with another key, or plaintext ones with
    encryption turned on. Records the directory's state on its first start (and when it holds no message)."""
    path = state_dir / MARKER_FILE
    marker = read_msgpack(path)
    encrypted = bool(marker and marker.get("encrypted"))
    where = state_dir.parent
    if encrypted and stored_messages:
        if key is None:
            raise StorageError(
                _INVALID_KEY,
                f"the messages in {where} are encrypted: start with system.encryption.enabled = true and their key",
            )
        if not _key_matches(key, marker.get("key_check", b"")):
            raise StorageError(
                _INVALID_KEY,
                f"system.encryption.key is not the key the messages in {where} were encrypted with; nothing is served",
            )
        return
    if not encrypted and stored_messages and key is not None:
        raise StorageError(
            _INVALID_KEY,
            f"system.encryption.enabled: {where} holds messages stored unencrypted; encryption at rest starts with "
            "an empty data directory",
        )
    wanted = {"version": _MARKER_VERSION, "encrypted": key is not None}
    if key is not None:
        nonce = os.urandom(NONCE_BYTES)
        wanted["key_check"] = nonce + AESGCM(key).encrypt(nonce, _KEY_CHECK_TEXT, None)
    same_key = key is None or _key_matches(key, marker.get("key_check", b"")) if marker else False
    if marker is None or encrypted != (key is not None) or not same_key:
        write_msgpack_atomic(path, wanted)


def _key_matches(key: bytes, key_check: bytes) -> bool:
    try:
        return AESGCM(key).decrypt(key_check[:NONCE_BYTES], key_check[NONCE_BYTES:], None) == _KEY_CHECK_TEXT
    except (InvalidTag, ValueError):
        return False
