"""kill -9 right after appends: every acknowledged message is there after reopening, whichever segment indexes
are cached in memory (``system.segment.cache_indexes``)."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from iggy_server import _native
from iggy_server.config import CacheIndexes, StorageConfig
from iggy_server.storage import PartitionLog

NATIVE_TESTS = Path(__file__).resolve().parent.parent / "native"
SEGMENT_SIZE_BYTES = 2000  # a 5-message batch of 30-byte payloads is 470 bytes: a new segment every 5 batches


DEFAULT_MODE = CacheIndexes.OPEN_SEGMENT


def config(cache_indexes: CacheIndexes = DEFAULT_MODE) -> StorageConfig:
    return StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES, cache_indexes=cache_indexes)


def append_then_sigkill(directory: Path, batches: int, cache_indexes: CacheIndexes = DEFAULT_MODE) -> int:
    """In a child process: append ``batches`` batches of 5 messages, then SIGKILL itself. Returns the next offset
    the child reported after its last acknowledged append."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(NATIVE_TESTS)!r})
        from native_batches import simple_batch
        from iggy_server.config import CacheIndexes, StorageConfig
        from iggy_server.storage import PartitionLog
        mode = CacheIndexes({cache_indexes.value!r})
        config = StorageConfig(segment_size_bytes={SEGMENT_SIZE_BYTES}, cache_indexes=mode)
        log = PartitionLog.open({str(directory)!r}, config)
        for i in range({batches}):
            b = simple_batch(5, 30)
            log.append(b.index, b.frames, b.messages_count)
        print(log.next_offset, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert completed.returncode == -signal.SIGKILL, completed.stderr
    return int(completed.stdout.strip())


@pytest.mark.parametrize("cache_indexes", list(CacheIndexes))
def test_sigkill_after_append_loses_no_acknowledged_message(tmp_path, cache_indexes):
    directory = tmp_path / "p"
    acknowledged = append_then_sigkill(directory, 21, cache_indexes)
    assert acknowledged == 105
    reopened = PartitionLog.open(directory, config(cache_indexes))
    try:
        assert reopened.next_offset == acknowledged
        assert reopened.read_by_offset(0, 1000).messages_count == acknowledged
        assert [reopened.read_by_offset(offset, 1).first_offset for offset in range(105)] == list(range(105))
        assert reopened.segments_count > 1
    finally:
        reopened.close()
    assert os.path.isdir(directory)


@pytest.mark.parametrize("cache_indexes", list(CacheIndexes))
def test_after_sigkill_only_the_newest_index_trails_its_log_and_it_is_rebuilt(tmp_path, cache_indexes):
    """`written` appends leave index entries to batched writes; sealing writes the rest."""
    directory = tmp_path / "p"
    assert append_then_sigkill(directory, 22, cache_indexes) == 110  # the newest segment holds the last 2 batches
    logs = sorted(directory.glob("*.log"))
    assert len(logs) > 2
    for sealed in logs[:-1]:
        stored = sealed.with_suffix(".index").read_bytes()
        assert stored and stored == _native.scan_segment(sealed.read_bytes(), int(sealed.stem))[2]
    newest_entries = _native.scan_segment(logs[-1].read_bytes(), int(logs[-1].stem))[2]
    assert len(logs[-1].with_suffix(".index").read_bytes()) < len(newest_entries)
    reopened = PartitionLog.open(directory, config(cache_indexes))
    try:
        assert reopened.read_by_offset(0, 1000).messages_count == 110
        assert logs[-1].with_suffix(".index").read_bytes() == newest_entries  # rebuilt from the log
    finally:
        reopened.close()
