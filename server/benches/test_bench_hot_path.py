"""Micro benchmarks of the message hot path (not part of `make test`).

Run: .venv/bin/python -m pytest server/benches --benchmark-only
"""

import os
import struct

import pytest
from native_batches import simple_batch

from iggy_server import _native
from iggy_server.storage import PartitionLog

MESSAGES = 1000
PAYLOAD_BYTES = 1000 - 64  # 1000-byte frames
INDEX_ENTRY = struct.Struct("<IIQ")


@pytest.fixture(scope="module")
def received():
    return simple_batch(MESSAGES, PAYLOAD_BYTES)


def fresh_copy(received):
    buffer = bytearray(received.buffer)
    view = memoryview(buffer)
    return (view[: 16 * MESSAGES], view[16 * MESSAGES :]), {}


def test_validate_1000_x_1000_bytes(benchmark, received):
    benchmark(_native.validate_batch, received.index, received.frames, MESSAGES)


def test_validate_and_stamp_1000_x_1000_bytes(benchmark, received):
    def stamp(index, frames):
        _native.validate_and_stamp(
            index, frames, MESSAGES, base_offset=0, segment_start_offset=0, segment_position_bytes=0, timestamp_us=1
        )

    benchmark.pedantic(stamp, setup=lambda: fresh_copy(received), rounds=300)


@pytest.fixture(scope="module")
def big_index():
    return b"".join(INDEX_ENTRY.pack(i, (i + 1) * 1000, 1_000_000 + i) for i in range(1_000_000))


def test_index_lookup_by_offset_in_1m_entries(benchmark, big_index):
    assert benchmark(_native.index_lookup_offset, big_index, 765_432, 100) == (765_432, 765_432_000, 765_532_000, 100)


def test_index_lookup_by_timestamp_in_1m_entries(benchmark, big_index):
    assert benchmark(_native.index_lookup_timestamp, big_index, 1_765_432, 100)[0] == 765_432


@pytest.fixture(scope="module")
def big_index_file(big_index, tmp_path_factory):
    """The same million entries as an index file (page-cached after its first read), as a sealed segment's
    index is looked up outside ``cache_indexes = all``."""
    path = tmp_path_factory.mktemp("index") / "big.index"
    path.write_bytes(big_index)
    fd = os.open(path, os.O_RDONLY)
    yield fd
    os.close(fd)


def test_index_file_lookup_by_offset_in_1m_entries(benchmark, big_index_file):
    found = benchmark(_native.index_file_lookup_offset, big_index_file, 1_000_000, b"", 765_432, 100)
    assert found == (765_432, 765_432, 765_432_000, 765_532_000, 100)


def test_index_file_lookup_by_timestamp_in_1m_entries(benchmark, big_index_file):
    assert benchmark(_native.index_file_lookup_timestamp, big_index_file, 1_000_000, b"", 1_765_432, 100)[0] == 765_432


def test_partition_append_1000_x_1000_bytes(benchmark, received, tmp_path):
    log = PartitionLog.open(tmp_path / "p")

    def append(index, frames):
        log.append(index, frames, MESSAGES)

    try:
        benchmark.pedantic(append, setup=lambda: fresh_copy(received), rounds=200)
    finally:
        log.close()


def test_partition_read_1000_messages(benchmark, received, tmp_path):
    log = PartitionLog.open(tmp_path / "p")
    try:
        for _ in range(10):
            (index, frames), _ = fresh_copy(received)
            log.append(index, frames, MESSAGES)
        result = benchmark(log.read_by_offset, 4_500, MESSAGES)
        assert result.messages_count == MESSAGES
    finally:
        log.close()
