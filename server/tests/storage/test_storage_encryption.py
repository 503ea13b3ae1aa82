"""Encryption at rest (``[system.encryption]``): what is stored, what is served, and what a crash keeps.

Stored frames carry ``nonce | ciphertext | tag`` in place of the payload and of the user headers; polls get the
frames back as sent, with a checksum valid for them. The files never hold a plaintext byte of either.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from native_batches import HEADER, batch, frame, parse_frames

from iggy.protocol.codes import ErrorCode
from iggy_server import _native
from iggy_server.config import CacheIndexes, Durability, StorageConfig
from iggy_server.storage import PartitionLog, StorageError
from iggy_server.storage.encryption import check_data_directory

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))
NATIVE_TESTS = Path(__file__).resolve().parent.parent / "native"
SEGMENT_SIZE_BYTES = 3000


def encrypted(key: bytes = KEY, **settings) -> StorageConfig:
    return StorageConfig(encryption_key=key, segment_size_bytes=SEGMENT_SIZE_BYTES, **settings)


def secret_batch(first: int, count: int):
    """Messages whose payload and user headers are recognisable plaintext (every fifth has no user headers)."""
    return batch(
        [
            frame(b"PLAIN-payload-%06d" % n, user_headers=b"" if n % 5 == 0 else b"PLAIN-headers-%06d" % n)
            for n in range(first, first + count)
        ]
    )


def stored_bytes(directory: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(directory.rglob("*")) if path.is_file())


def test_what_is_stored_is_encrypted_and_what_is_read_is_as_sent(tmp_path):
    log = PartitionLog.open(tmp_path / "p", encrypted())
    try:
        for first in range(0, 60, 12):
            b = secret_batch(first, 12)
            log.append(b.index, b.frames, b.messages_count)
        assert log.segments_count >= 3
        result = log.read_by_offset(0, 1000)
    finally:
        log.close()
    served = b"".join(result.buffers)
    _native.verify_frames(served, 0, 60)  # every checksum is that of the frame the client gets
    messages = parse_frames(served)
    assert [m["offset"] for m in messages] == list(range(60))
    assert [m["payload"] for m in messages] == [b"PLAIN-payload-%06d" % n for n in range(60)]
    headers = [b"" if n % 5 == 0 else b"PLAIN-headers-%06d" % n for n in range(60)]
    assert [m["user_headers"] for m in messages] == headers
    assert result.size_bytes == len(served)
    on_disk = stored_bytes(tmp_path / "p")
    assert b"PLAIN" not in on_disk and b"payload-0000" not in on_disk and b"headers-0000" not in on_disk
    # Each stored frame: payload and user headers grew by a 12-byte nonce and a 16-byte tag.
    first_log = sorted((tmp_path / "p").glob("*.log"))[0].read_bytes()
    _, _, _, _, _, headers_length, payload_length, _ = HEADER.unpack_from(first_log, 0)
    assert (payload_length, headers_length) == (len(b"PLAIN-payload-000000") + 28, 0)
    _, _, _, _, _, headers_length, payload_length, _ = HEADER.unpack_from(first_log, 64 + payload_length)
    assert (payload_length, headers_length) == (20 + 28, 20 + 28)


def test_a_restart_reads_the_encrypted_files_in_every_cache_mode(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, encrypted())
    b = secret_batch(0, 40)
    log.append(b.index, b.frames, b.messages_count)
    log.close()
    for mode in CacheIndexes:
        reopened = PartitionLog.open(directory, encrypted(cache_indexes=mode))
        try:
            payloads = [m["payload"] for m in parse_frames(b"".join(reopened.read_by_offset(7, 3).buffers))]
            assert payloads == [b"PLAIN-payload-%06d" % n for n in (7, 8, 9)]
        finally:
            reopened.close()


def test_another_key_serves_nothing(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, encrypted())
    b = secret_batch(0, 4)
    log.append(b.index, b.frames, b.messages_count)
    log.close()
    reopened = PartitionLog.open(directory, encrypted(OTHER_KEY))
    try:
        with pytest.raises(StorageError) as refused:
            reopened.read_by_offset(0, 10)
        assert refused.value.code == ErrorCode.CANNOT_DECRYPT_DATA
        assert "message 0" in refused.value.message
    finally:
        reopened.close()


def test_ciphertext_changed_behind_a_valid_checksum_is_not_served(tmp_path):
    """The checksum covers the stored bytes; the GCM tag catches what a checksum can be recomputed over."""
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(encryption_key=KEY))
    b = secret_batch(0, 1)
    log.append(b.index, b.frames, b.messages_count)
    log.close()
    path = next(directory.glob("*.log"))
    stored = bytearray(path.read_bytes())
    stored[64 + 12] ^= 1  # a ciphertext byte
    stored[0:8] = _native.xxh3_64(bytes(stored[8:])).to_bytes(8, "little")
    path.write_bytes(stored)
    reopened = PartitionLog.open(directory, StorageConfig(encryption_key=KEY))
    try:
        with pytest.raises(StorageError) as refused:
            reopened.read_by_offset(0, 10)
        assert refused.value.code == ErrorCode.CANNOT_DECRYPT_DATA
    finally:
        reopened.close()


def test_a_bad_batch_gets_its_iggy_code_before_anything_is_encrypted(tmp_path):
    log = PartitionLog.open(tmp_path / "p", encrypted())
    try:
        empty = batch([frame(b"ok"), frame(b"")])
        with pytest.raises(StorageError) as refused:
            log.append(empty.index, empty.frames, empty.messages_count)
        assert refused.value.code == ErrorCode.EMPTY_MESSAGE_PAYLOAD
        assert log.next_offset == 0 and log.size_bytes == 0
    finally:
        log.close()


def test_the_data_directory_records_its_encryption_and_refuses_a_mismatch(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    check_data_directory(state, KEY, 0)  # first start, encrypted
    check_data_directory(state, KEY, 10)  # the same key: fine
    for key, words in ((None, "are encrypted"), (OTHER_KEY, "is not the key")):
        with pytest.raises(StorageError) as refused:
            check_data_directory(state, key, 10)
        assert refused.value.code == ErrorCode.INVALID_ENCRYPTION_KEY and words in refused.value.message
    check_data_directory(state, None, 0)  # no message stored: the directory may change its mode
    check_data_directory(state, None, 10)
    with pytest.raises(StorageError) as refused:
        check_data_directory(state, KEY, 10)
    assert "stored unencrypted" in refused.value.message


def append_then_sigkill(directory: Path, durability: Durability) -> tuple[int, int]:
    """In a child process: append 30 batches of 4 encrypted messages in ``durability``, read everything back
    (memory durability: a read waits for the bytes it serves), append 5 more batches, then SIGKILL itself.
    Returns (messages acknowledged, messages served before the kill)."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(NATIVE_TESTS)!r})
        from native_batches import batch, frame
        from iggy_server.config import Durability, StorageConfig
        from iggy_server.storage import PartitionLog
        config = StorageConfig(
            encryption_key={KEY!r}, segment_size_bytes={SEGMENT_SIZE_BYTES}, durability=Durability({durability.value!r})
        )
        log = PartitionLog.open({str(directory)!r}, config)
        def send(first):
            b = batch([frame(b"PLAIN-%06d" % n, user_headers=b"H%d" % n) for n in range(first, first + 4)])
            log.append(b.index, b.frames, b.messages_count)
        for i in range(30):
            send(4 * i)
        served = log.read_by_offset(0, 1000).messages_count
        for i in range(30, 35):
            send(4 * i)
        print(log.next_offset, served, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert completed.returncode == -signal.SIGKILL, completed.stderr
    acknowledged, served = completed.stdout.split()
    return int(acknowledged), int(served)


@pytest.mark.parametrize("durability", list(Durability))
def test_kill_9_with_encryption_keeps_what_each_durability_mode_promises(tmp_path, durability):
    """written / durable: every acknowledged message; memory: every message a read served (queued batches may
    be lost, as without encryption)."""
    directory = tmp_path / "p"
    acknowledged, served = append_then_sigkill(directory, durability)
    assert (acknowledged, served) == (140, 120)
    reopened = PartitionLog.open(directory, encrypted())
    try:
        kept = reopened.next_offset
        assert kept >= (served if durability is Durability.MEMORY else acknowledged)
        messages = parse_frames(b"".join(reopened.read_by_offset(0, 1000).buffers))
        assert [m["payload"] for m in messages] == [b"PLAIN-%06d" % n for n in range(kept)]
        assert [m["user_headers"] for m in messages] == [b"H%d" % n for n in range(kept)]
    finally:
        reopened.close()
    assert b"PLAIN" not in stored_bytes(directory)
    assert os.path.isdir(directory)
