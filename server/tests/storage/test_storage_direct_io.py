"""system.io.direct_io: segment logs written with O_DIRECT.

Sealed files are byte-identical to the buffered writers' files, the zero padding of an active segment is
cut by recovery after a crash, and a filesystem that refuses O_DIRECT leaves the server buffered and working.
"""

import errno
import itertools
import logging
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from io_support import ALIGN, BACKENDS, IO_URING_AVAILABLE, direct_dir, direct_io_refusal, stored_files  # noqa: F401
from native_batches import identified_batch, parse_frames, simple_batch

from iggy.protocol import requests
from iggy.protocol.primitives import PollingStrategy
from iggy_server import _native
from iggy_server.config import Durability, IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog
from iggy_server.storage import partition as partition_module

from server_support import ServerProcess

SEGMENT_SIZE_BYTES = 40_000
NATIVE_TESTS = Path(__file__).resolve().parent.parent / "native"
INDEX_ENTRY = struct.Struct("<IIQ")


@pytest.fixture
def refuse_o_direct(monkeypatch):
    """Opening with O_DIRECT fails with EINVAL, as on filesystems without direct I/O."""
    real_open = os.open

    def open_without_o_direct(path, flags, *args, **kwargs):
        if flags & os.O_DIRECT:
            raise OSError(errno.EINVAL, "Invalid argument", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_without_o_direct)


def batch_specs(seed: int, count: int) -> list[tuple[int, int]]:
    """(messages, payload bytes) per batch; frames are 64 + payload bytes, so (1, 4032) and (2, 1984)
    are exactly one block, (4, 4032) four blocks, the others end anywhere."""
    rng = random.Random(seed)
    shapes = [(1, 1), (1, 10), (3, 500), (1, 4032), (2, 1984), (4, 4032), (7, 1000), (20, 1000), (1, 6000)]
    return [rng.choice(shapes) for _ in range(count)]


def deterministic_clock(monkeypatch) -> None:
    """Append timestamps from a counter, so two runs of the same batches store the same bytes."""
    ticks = itertools.count(1_700_000_000_000_000)
    monkeypatch.setattr(partition_module, "_now_us", lambda: next(ticks))


def padded(size_bytes: int) -> int:
    return -(-size_bytes // ALIGN) * ALIGN


def active_log_path(log: PartitionLog) -> Path:
    return log.directory / f"{log.segments()[-1].start_offset:020d}.log"


def run_partition(directory: Path, specs, direct: bool, io: IoResources, durability: Durability) -> dict[str, bytes]:
    """Appends the batches, reading each back at once through the ordinary descriptor; closes; returns
    the files."""
    log = PartitionLog.open(directory, StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES, durability=durability), io)
    try:
        for number, (count, payload_bytes) in enumerate(specs):
            batch = identified_batch(number, count, payload_bytes)
            result = log.append(batch.index, batch.frames, batch.messages_count)
            assert log._segments[-1].writer.direct is direct
            read = log.read_by_offset(result.first_offset, count)
            assert b"".join(bytes(part) for part in read.buffers) == bytes(batch.frames)
            active = log.segments()[-1]
            expected_size = padded(active.size_bytes) if direct else active.size_bytes
            assert active_log_path(log).stat().st_size == expected_size
    finally:
        log.close()
    return stored_files(directory)


@pytest.mark.parametrize("durable", [False, True])
def test_sealed_files_are_byte_identical_across_backends_and_direct_io(direct_dir, monkeypatch, durable):
    specs = batch_specs(1, 120)
    runs = {}
    for backend in ["pwritev"] + (["io_uring"] if IO_URING_AVAILABLE else []):
        for direct in (False, True):
            io = IoResources(IoConfig(writer=backend, direct_io=direct, data_path=direct_dir))
            status = io.io_status()
            assert (status["writer"], status["direct_io"]) == (backend, direct)
            deterministic_clock(monkeypatch)
            directory = direct_dir / f"{backend}-{direct}"
            durability = Durability.DURABLE if durable else Durability.WRITTEN
            runs[backend, direct] = run_partition(directory, specs, direct, io, durability)
    reference = runs["pwritev", False]
    assert len([name for name in reference if name.endswith(".log")]) > 3  # several sealed segments
    for key, files in runs.items():
        assert files == reference, key


def test_sealed_segment_is_trimmed_at_rotation(direct_dir):
    io = IoResources(IoConfig(direct_io=True, data_path=direct_dir))
    log = PartitionLog.open(direct_dir / "p", StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES), io)
    try:
        while log.segments_count < 3:
            batch = simple_batch(7, 999)
            log.append(batch.index, batch.frames, batch.messages_count)
        for info in log.segments()[:-1]:
            assert (log.directory / f"{info.start_offset:020d}.log").stat().st_size == info.size_bytes
        assert active_log_path(log).stat().st_size == padded(log.segments()[-1].size_bytes)
    finally:
        log.close()
    for info in PartitionLog.open(direct_dir / "p").segments():
        assert (direct_dir / "p" / f"{info.start_offset:020d}.log").stat().st_size == info.size_bytes


def append_until_unaligned(log: PartitionLog, specs) -> list[bytes]:
    """Appends the batches (and more if needed) until the active log ends inside a block, so the
    file carries padding; returns the acknowledged frames in order."""
    acknowledged = []
    for count, payload_bytes in itertools.chain(specs, itertools.repeat((1, 10), 50)):
        batch = simple_batch(count, payload_bytes, tag=b"a%d-" % len(acknowledged))
        log.append(batch.index, batch.frames, batch.messages_count)
        acknowledged.append(bytes(batch.frames))
        if len(acknowledged) >= len(specs) and log.segments()[-1].size_bytes % ALIGN:
            return acknowledged
    raise AssertionError("the active log kept ending on a block boundary")


def check_recovered(directory: Path, acknowledged: list[bytes], active_start: int, active_size_bytes: int) -> None:
    """Reopens ``directory`` as after a crash: every acknowledged message is there, the active log is cut
    to its logical size, and offsets continue."""
    active_path = directory / f"{active_start:020d}.log"
    assert active_path.stat().st_size == padded(active_size_bytes) > active_size_bytes
    assert active_path.read_bytes()[active_size_bytes:] == bytes(padded(active_size_bytes) - active_size_bytes)
    expected = b"".join(acknowledged)
    messages_count = len(parse_frames(expected))
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES))
    try:
        assert active_path.stat().st_size == active_size_bytes
        assert reopened.next_offset == messages_count
        read = reopened.read_by_offset(0, messages_count + 10)
        assert b"".join(bytes(part) for part in read.buffers) == expected
        batch = simple_batch(3, 10, tag=b"after")
        assert reopened.append(batch.index, batch.frames, batch.messages_count).first_offset == messages_count
    finally:
        reopened.close()
    again = PartitionLog.open(directory, StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES))
    try:
        offsets = [m["offset"] for m in parse_frames(b"".join(again.read_by_offset(0, 10**6).buffers))]
        assert offsets == list(range(messages_count + 3))
    finally:
        again.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_files_copied_from_a_running_direct_log_recover_like_a_crash(direct_dir, backend):
    io = IoResources(IoConfig(writer=backend, direct_io=True, data_path=direct_dir))
    log = PartitionLog.open(direct_dir / "p", StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES), io)
    try:
        acknowledged = append_until_unaligned(log, batch_specs(2, 40))
        active = log.segments()[-1]
        # Never trimmed: the files as the kernel holds them when the process dies.
        shutil.copytree(direct_dir / "p", direct_dir / "crashed")
    finally:
        log.close()
    check_recovered(direct_dir / "crashed", acknowledged, active.start_offset, active.size_bytes)


@pytest.mark.parametrize("durable", [False, True])
def test_sigkill_with_direct_io_loses_no_acknowledged_message(direct_dir, durable):
    directory = direct_dir / "p"
    backend = "io_uring" if IO_URING_AVAILABLE else "pwritev"
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(NATIVE_TESTS)!r})
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        sys.path.insert(0, {str(Path(__file__).parent.parent)!r})
        from test_storage_direct_io import append_until_unaligned, batch_specs, SEGMENT_SIZE_BYTES
        from iggy_server.config import Durability, IoConfig, StorageConfig
        from iggy_server.storage import IoResources, PartitionLog
        io = IoResources(IoConfig(writer={backend!r}, direct_io=True, data_path={str(direct_dir)!r}))
        assert io.direct_io, io.io_status()
        durability = Durability.DURABLE if {durable} else Durability.WRITTEN
        config = StorageConfig(segment_size_bytes=SEGMENT_SIZE_BYTES, durability=durability)
        log = PartitionLog.open({str(directory)!r}, config, io)
        acknowledged = append_until_unaligned(log, batch_specs(3, 40))
        active = log.segments()[-1]
        print(b"".join(acknowledged).hex(), active.start_offset, active.size_bytes, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert completed.returncode == -signal.SIGKILL, completed.stderr
    frames_hex, active_start, active_size_bytes = completed.stdout.split()
    check_recovered(directory, [bytes.fromhex(frames_hex)], int(active_start), int(active_size_bytes))


def test_durable_direct_appends_are_fdatasynced(direct_dir):
    io = IoResources(IoConfig(direct_io=True, data_path=direct_dir))
    log = PartitionLog.open(direct_dir / "p", StorageConfig(durability=Durability.DURABLE), io)
    try:
        before = _native.writer_stats()
        for _ in range(5):
            batch = simple_batch(3, 333)
            log.append(batch.index, batch.frames, batch.messages_count)
        after = _native.writer_stats()
        assert after["direct_writes"] - before["direct_writes"] == 5
        assert after["datasyncs"] - before["datasyncs"] >= 5 * 2  # log + index, each append
    finally:
        log.close()


# --- filesystems that refuse O_DIRECT -------------------------------------------------------------


def write_and_read_back(directory: Path, io: IoResources) -> PartitionLog:
    log = PartitionLog.open(directory, io=io)
    batch = simple_batch(5, 77)
    log.append(batch.index, batch.frames, batch.messages_count)
    assert b"".join(bytes(p) for p in log.read_by_offset(0, 5).buffers) == bytes(batch.frames)
    assert active_log_path(log).stat().st_size == len(batch.frames)  # buffered: no padding
    return log


def direct_io_warnings(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno == logging.WARNING and "O_DIRECT unavailable" in r.getMessage()]


def test_refusal_at_the_start_probe_falls_back_to_buffered_with_one_warning(tmp_path, refuse_o_direct, caplog):
    caplog.set_level(logging.WARNING)
    io = IoResources(IoConfig(direct_io=True, data_path=tmp_path))
    status = io.io_status()
    assert status["direct_io"] is False
    assert "EINVAL" in status["direct_io_reason"] and str(tmp_path) in status["direct_io_reason"]
    assert not list(tmp_path.iterdir())  # the probe file is gone
    first, second = write_and_read_back(tmp_path / "a", io), write_and_read_back(tmp_path / "b", io)
    try:
        assert first._segments[-1].writer.direct is False
    finally:
        first.close()
        second.close()
    assert len(direct_io_warnings(caplog)) == 1
    assert io.stats()["direct_io"] is False


def test_refusal_when_a_segment_is_opened_falls_back_with_one_warning(tmp_path, refuse_o_direct, caplog):
    caplog.set_level(logging.WARNING)
    io = IoResources(IoConfig(direct_io=True))  # no data path to probe: resolved at the first open
    status = io.io_status()
    assert (status["direct_io"], status["direct_io_reason"]) == (True, "")
    logs = [write_and_read_back(tmp_path / "a", io), write_and_read_back(tmp_path / "b", io)]
    for log in logs:
        log.close()
    status = io.io_status()
    assert status["direct_io"] is False and "open with O_DIRECT" in status["direct_io_reason"]
    assert len(direct_io_warnings(caplog)) == 1


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm tmpfs here")
def test_tmpfs_direct_io_status_matches_what_the_filesystem_does():
    """tmpfs refused O_DIRECT before Linux 6.6 and takes it since; either way the status tells the truth
    and the data is stored."""
    directory = Path(tempfile.mkdtemp(prefix="iggy-direct-io-", dir="/dev/shm"))
    try:
        refusal = direct_io_refusal(directory)
        io = IoResources(IoConfig(direct_io=True, data_path=directory))
        status = io.io_status()
        assert status["direct_io"] is (refusal == "")
        assert bool(status["direct_io_reason"]) is bool(refusal)
        log = PartitionLog.open(directory / "p", io=io)
        try:
            batch = simple_batch(9, 123)
            log.append(batch.index, batch.frames, batch.messages_count)
            assert log._segments[-1].writer.direct is status["direct_io"]
            assert b"".join(bytes(p) for p in log.read_by_offset(0, 9).buffers) == bytes(batch.frames)
        finally:
            log.close()
        assert (directory / "p" / f"{0:020d}.log").stat().st_size == len(batch.frames)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


# --- the server -----------------------------------------------------------------------------------


def log_sizes_and_ends(data_dir: Path) -> dict[Path, tuple[int, int]]:
    """{segment log: (file size, end of its last indexed frame)}."""
    sizes = {}
    for log in data_dir.rglob("*.log"):
        index = log.with_suffix(".index").read_bytes()
        last_end = INDEX_ENTRY.unpack_from(index, len(index) - INDEX_ENTRY.size)[1] if index else 0
        sizes[log] = (log.stat().st_size, last_end)
    assert sizes
    return sizes


def log_sizes_and_frame_ends(data_dir: Path) -> dict[Path, tuple[int, int]]:
    """{segment log: (file size, end of its last whole frame)}, from the log itself: while a segment is active its
    index file trails the log (the entries are written at the next sync, seal or close)."""
    sizes = {}
    for log in data_dir.rglob("*.log"):
        data = log.read_bytes()
        sizes[log] = (len(data), _native.scan_segment(data, int(log.stem))[0])
    assert sizes
    return sizes


def stored_log_sizes_match_their_index(data_dir: Path) -> None:
    for log, (size_bytes, last_end) in log_sizes_and_ends(data_dir).items():
        assert size_bytes == last_end, log


def send_odd_batches(client, stream: str, first_number: int, batches: int) -> list[bytes]:
    payloads = []
    for number in range(first_number, first_number + batches):
        batch = [b"%d-%d-" % (number, i) + b"x" * (number * 37 % 900) for i in range(number % 5 + 1)]
        client.send(stream, "t", batch)
        payloads.extend(batch)
    return payloads


def polled_payloads(client, stream: str) -> list[bytes]:
    polled = client.poll(stream, "t", PollingStrategy.offset(0), count=100_000)
    return [message.payload for message in polled.messages]


def test_server_with_direct_io_survives_kill_and_trims_on_shutdown(direct_dir):
    env = {"IGGY_SYSTEM_IO_DIRECT_IO": "true", "IGGY_SYSTEM_LOGGING_LEVEL": "info"}
    server = ServerProcess(direct_dir / "data", env=env).start()
    try:
        with server.client() as client:
            client.call(requests.CreateStream("s"))
            client.call(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t"))
            sent = send_odd_batches(client, "s", 0, 30)
            assert polled_payloads(client, "s") == sent  # served while the segment is active and padded
        sizes = log_sizes_and_frame_ends(direct_dir / "data").values()
        assert any(size_bytes == padded(end) > end for size_bytes, end in sizes)  # the kill leaves padding
        server.kill()
        server.start()
        with server.client() as client:
            assert polled_payloads(client, "s") == sent
            sent += send_odd_batches(client, "s", 30, 10)
            polled = client.poll("s", "t", PollingStrategy.offset(0), count=100_000)
            assert [m.offset for m in polled.messages] == list(range(len(sent)))
        assert server.stop() == 0
    finally:
        server.kill()
    stored_log_sizes_match_their_index(direct_dir / "data")
    assert "direct_io=True" in server.log()


SITECUSTOMIZE = '''
"""Test injection: this process's filesystem refuses O_DIRECT (EINVAL), like tmpfs before Linux 6.6."""
import errno
import os

_real_open = os.open


def _open_without_o_direct(path, flags, *args, **kwargs):
    if flags & os.O_DIRECT:
        raise OSError(errno.EINVAL, "Invalid argument", str(path))
    return _real_open(path, flags, *args, **kwargs)


os.open = _open_without_o_direct
'''


def test_server_starts_buffered_when_the_filesystem_refuses_o_direct(tmp_path):
    injection = tmp_path / "inject"
    injection.mkdir()
    (injection / "sitecustomize.py").write_text(SITECUSTOMIZE)
    python_path = os.pathsep.join(filter(None, [str(injection), os.environ.get("PYTHONPATH")]))
    env = {"IGGY_SYSTEM_IO_DIRECT_IO": "true", "IGGY_SYSTEM_LOGGING_LEVEL": "info", "PYTHONPATH": python_path}
    server = ServerProcess(tmp_path / "data", env=env).start()
    try:
        with server.client() as client:
            client.call(requests.CreateStream("s"))
            client.call(requests.CreateTopic("s", 1, 1, 0, 0, 0, "t"))
            sent = send_odd_batches(client, "s", 0, 10)
            assert polled_payloads(client, "s") == sent
        assert server.stop() == 0
    finally:
        server.kill()
    log = server.log()
    assert log.count("O_DIRECT unavailable") == 1, log
    assert "direct_io=False direct_io_reason=" in log and "EINVAL" in log
    stored_log_sizes_match_their_index(tmp_path / "data")
