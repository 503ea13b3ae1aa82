"""kill -9 right after appends: every acknowledged message is there after reopening."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from iggy_server.config import StorageConfig
from iggy_server.storage import PartitionLog

NATIVE_TESTS = Path(__file__).resolve().parent.parent / "native"


def test_sigkill_after_append_loses_no_acknowledged_message(tmp_path):
    directory = tmp_path / "p"
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(NATIVE_TESTS)!r})
        from native_batches import simple_batch
        from iggy_server.config import StorageConfig
        from iggy_server.storage import PartitionLog
        log = PartitionLog.open({str(directory)!r}, StorageConfig(segment_size_bytes=2000))
        for i in range(20):
            b = simple_batch(5, 30)
            log.append(b.index, b.frames, b.messages_count)
        print(log.next_offset, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert completed.returncode == -signal.SIGKILL, completed.stderr
    acknowledged = int(completed.stdout.strip())
    assert acknowledged == 100
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=2000))
    try:
        assert reopened.next_offset == acknowledged
        assert reopened.read_by_offset(0, 1000).messages_count == acknowledged
        assert reopened.segments_count > 1
    finally:
        reopened.close()
    assert os.path.isdir(directory)
