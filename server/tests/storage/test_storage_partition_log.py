"""PartitionLog: append/read, rotation, retention, purge, reopen and recovery."""

import asyncio
import os
import struct

import pytest
from native_batches import batch, frame, parse_frames, simple_batch

from iggy.protocol.codes import ErrorCode
from iggy_server import _native
from iggy_server.config import Durability, IoConfig, StorageConfig
from iggy_server.storage import IoResources, PartitionLog, StorageError, partition_path
from iggy_server.storage.segment import INDEX_WRITE_BATCH_BYTES

INDEX_ENTRY = struct.Struct("<IIQ")


def append(log, count, payload_size_bytes=10, tag=b"m"):
    b = simple_batch(count, payload_size_bytes, tag=tag)
    result = log.append(b.index, b.frames, b.messages_count)
    return result, b


def read_all(log):
    result = log.read_by_offset(0, 1_000_000)
    return parse_frames(b"".join(result.buffers))


@pytest.fixture
def log(tmp_path):
    partition = PartitionLog.open(tmp_path / "p")
    yield partition
    partition.close()


def test_empty_partition(log):
    assert (log.current_offset, log.has_messages, log.messages_count, log.size_bytes) == (0, False, 0, 0)
    assert log.segments_count == 1
    assert log.read_by_offset(0, 10).messages_count == 0
    assert log.read_first(10).buffers == ()
    assert log.read_last(10).messages_count == 0
    assert log.read_by_timestamp(0, 10).messages_count == 0


def test_append_assigns_offsets_and_reads_return_stamped_frames(log):
    first, b1 = append(log, 3)
    second, b2 = append(log, 2, tag=b"n")
    assert first.first_offset == 0 and first.last_offset == 2 and first.messages_count == 3
    assert (second.first_offset, second.last_offset) == (3, 4)
    assert first.appended_bytes == len(b1.frames) == 3 * 74
    assert (log.current_offset, log.has_messages, log.messages_count, log.next_offset) == (4, True, 5, 5)
    assert log.size_bytes == len(b1.frames) + len(b2.frames)
    everything = log.read_by_offset(0, 100)
    assert b"".join(everything.buffers) == bytes(b1.frames) + bytes(b2.frames)  # stamped in place, stored as is
    assert (everything.messages_count, everything.first_offset, everything.last_offset) == (5, 0, 4)
    assert everything.size_bytes == log.size_bytes
    messages = parse_frames(b"".join(everything.buffers))
    assert [m["offset"] for m in messages] == [0, 1, 2, 3, 4]
    assert messages[3]["payload"].startswith(b"n0")


def test_single_message_partition_has_current_offset_zero_but_has_messages(log):
    append(log, 1)
    assert (log.current_offset, log.has_messages) == (0, True)


def test_reads_by_offset_first_last_and_timestamp(log):
    append(log, 5)
    middle = log.read_by_offset(2, 2)
    assert [m["offset"] for m in parse_frames(b"".join(middle.buffers))] == [2, 3]
    assert log.read_by_offset(5, 10).messages_count == 0
    assert log.read_by_offset(0, 0).messages_count == 0
    assert [m["offset"] for m in parse_frames(b"".join(log.read_last(2).buffers))] == [3, 4]
    assert log.read_last(50).messages_count == 5
    assert log.read_first(1).last_offset == 0
    stamped_ts = parse_frames(b"".join(log.read_first(1).buffers))[0]["timestamp"]
    append(log, 2, tag=b"later")
    later_ts = parse_frames(b"".join(log.read_last(1).buffers))[0]["timestamp"]
    assert later_ts >= stamped_ts
    assert log.read_by_timestamp(0, 100).messages_count == 7
    from_later = log.read_by_timestamp(later_ts, 100)
    assert from_later.first_offset <= 5 and from_later.last_offset == 6
    assert log.read_by_timestamp(later_ts + 1, 100).messages_count == 0


def test_invalid_batch_is_rejected_and_nothing_is_stored(log):
    append(log, 2)
    bad = batch([frame(b"")])
    with pytest.raises(StorageError) as raised:
        log.append(bad.index, bad.frames, bad.messages_count)
    assert raised.value.code == ErrorCode.EMPTY_MESSAGE_PAYLOAD
    assert (log.next_offset, log.messages_count) == (2, 2)
    assert append(log, 1)[0].first_offset == 2


def test_rotation_creates_20_digit_segments_and_reads_span_them(tmp_path):
    directory = tmp_path / "p"
    with_rotation = PartitionLog.open(directory, StorageConfig(segment_size_bytes=296))
    try:
        for _ in range(5):
            append(with_rotation, 2)  # 148 bytes per batch: a segment is full after 2 batches
        infos = with_rotation.segments()
        assert [(s.start_offset, s.messages_count, s.is_active) for s in infos] == [
            (0, 4, False),
            (4, 4, False),
            (8, 2, True),
        ]
        assert with_rotation.segments_count == 3
        names = sorted(os.listdir(directory))
        assert "00000000000000000004.log" in names and "00000000000000000004.index" in names
        assert [m["offset"] for m in read_all(with_rotation)] == list(range(10))
        across = with_rotation.read_by_offset(3, 3)
        assert len(across.buffers) == 2 and (across.first_offset, across.last_offset) == (3, 5)
        index_file = (directory / "00000000000000000004.index").read_bytes()
        entries = [INDEX_ENTRY.unpack_from(index_file, i) for i in range(0, len(index_file), 16)]
        assert [(rel, pos) for rel, pos, _ in entries] == [(0, 74), (1, 148), (2, 222), (3, 296)]
    finally:
        with_rotation.close()


def test_reopen_restores_state_and_continues_offsets(tmp_path):
    directory = tmp_path / "p"
    first = PartitionLog.open(directory, StorageConfig(segment_size_bytes=300))
    for _ in range(3):
        append(first, 2)
    before = read_all(first)
    first.close()
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=300))
    try:
        assert read_all(reopened) == before
        assert (reopened.next_offset, reopened.segments_count) == (6, first.segments_count)
        assert append(reopened, 1)[0].first_offset == 6
    finally:
        reopened.close()


def newest_log(directory):
    return directory / sorted(n for n in os.listdir(directory) if n.endswith(".log"))[-1]


def test_torn_tail_is_truncated_to_the_last_whole_message(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory)
    append(log, 3)
    log.close()
    log_path = newest_log(directory)
    os.truncate(log_path, 74 * 2 + 30)  # message 2 torn mid-header
    recovered = PartitionLog.open(directory)
    try:
        assert (recovered.messages_count, recovered.next_offset) == (2, 2)
        assert log_path.stat().st_size == 148
        assert len(log_path.with_suffix(".index").read_bytes()) == 32
        assert append(recovered, 1)[0].first_offset == 2
        assert [m["offset"] for m in read_all(recovered)] == [0, 1, 2]
    finally:
        recovered.close()


def test_corrupt_checksum_in_the_tail_is_truncated(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory)
    append(log, 3)
    log.close()
    log_path = newest_log(directory)
    data = bytearray(log_path.read_bytes())
    data[74 + 64] ^= 0x01  # first payload byte of message 1
    log_path.write_bytes(data)
    recovered = PartitionLog.open(directory)
    try:
        assert recovered.messages_count == 1
        assert log_path.stat().st_size == 74
    finally:
        recovered.close()


def test_lost_index_file_is_rebuilt_from_the_log(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(segment_size_bytes=150))
    for _ in range(3):
        append(log, 2)
    log.close()
    sealed_index = directory / "00000000000000000000.index"
    expected = sealed_index.read_bytes()
    sealed_index.unlink()
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=150))
    try:
        assert sealed_index.read_bytes() == expected
        assert reopened.messages_count == 6
    finally:
        reopened.close()


def test_corruption_in_a_sealed_segment_is_never_served(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(segment_size_bytes=150))
    for _ in range(2):
        append(log, 2)
    log.close()
    sealed = directory / "00000000000000000000.log"
    data = bytearray(sealed.read_bytes())
    data[70] ^= 0xFF
    sealed.write_bytes(data)
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=150))
    try:
        with pytest.raises(StorageError) as raised:
            reopened.read_by_offset(0, 10)
        assert raised.value.code == ErrorCode.INVALID_MESSAGE_CHECKSUM
        assert reopened.read_by_offset(2, 10).messages_count == 2  # the intact segment still serves
    finally:
        reopened.close()


def test_delete_segments_removes_oldest_sealed_only(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(segment_size_bytes=148))
    try:
        for _ in range(3):
            append(log, 2)
        assert log.segments_count == 4  # three sealed with 2 messages each, one empty active
        deleted = log.delete_segments(1)
        assert deleted == (1, 2, 148)
        assert (log.first_offset, log.messages_count, log.current_offset) == (2, 4, 5)
        assert log.read_by_offset(0, 1).first_offset == 2
        assert not (tmp_path / "p" / "00000000000000000000.log").exists()
        assert log.delete_segments(10).segments_count == 2
        assert log.segments_count == 1 and log.messages_count == 0
        assert (log.current_offset, log.has_messages, log.next_offset) == (5, True, 6)
        assert log.delete_segments(10).segments_count == 0  # never the active one
        assert append(log, 1)[0].first_offset == 6
    finally:
        log.close()


def test_delete_segments_keeps_what_a_consumer_has_not_committed(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(segment_size_bytes=148))
    try:
        for _ in range(3):
            append(log, 2)
        assert log.delete_segments(10, protected_offset=2).segments_count == 1  # segment [2,3] holds 3 > 2
        assert log.first_offset == 2
    finally:
        log.close()


def test_delete_expired_segments(tmp_path):
    log = PartitionLog.open(tmp_path / "p", StorageConfig(segment_size_bytes=148))
    try:
        for _ in range(2):
            append(log, 2)
        newest_ts = max(s.max_timestamp_us for s in log.segments())
        assert log.delete_expired_segments(newest_ts, 3_600_000_000).segments_count == 0
        assert log.delete_expired_segments(newest_ts + 3_600_000_000, 3_600_000_000).segments_count == 2
        assert log.segments_count == 1
    finally:
        log.close()


def test_purge_restarts_offsets_at_zero(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(segment_size_bytes=148))
    try:
        for _ in range(3):
            append(log, 2)
        deleted = log.purge()
        assert deleted.messages_count == 6 and deleted.segments_count == 4
        assert (log.messages_count, log.current_offset, log.has_messages, log.segments_count) == (0, 0, False, 1)
        assert sorted(os.listdir(directory)) == ["00000000000000000000.index", "00000000000000000000.log"]
        assert append(log, 1)[0].first_offset == 0
    finally:
        log.close()


class SyncCounter:
    """fdatasyncs done by the native writer since construction (each descriptor counts once)."""

    def __init__(self) -> None:
        self.start = _native.writer_stats()["datasyncs"]

    def __len__(self) -> int:
        return _native.writer_stats()["datasyncs"] - self.start


def test_enforce_fsync_syncs_every_messages_required_to_save(tmp_path, monkeypatch):
    synced = SyncCounter()
    log = PartitionLog.open(tmp_path / "p", StorageConfig(enforce_fsync=True, messages_required_to_save=3))
    try:
        append(log, 2)
        assert len(synced) == 0
        append(log, 1)
        assert len(synced) == 2  # log + index
        append(log, 1)
        assert len(synced) == 2
        log.flush(fsync=True)
        assert len(synced) == 4
    finally:
        log.close()


def test_durable_syncs_before_append_returns(tmp_path, monkeypatch):
    synced = SyncCounter()
    log = PartitionLog.open(tmp_path / "p", StorageConfig(durability=Durability.DURABLE))
    try:
        append(log, 1)
        assert len(synced) == 2
    finally:
        log.close()


def test_closed_log_refuses_work_and_close_is_idempotent(tmp_path):
    log = PartitionLog.open(tmp_path / "p")
    log.close()
    log.close()
    with pytest.raises(ValueError):
        log.read_by_offset(0, 1)


def test_partition_path_layout(tmp_path):
    assert partition_path(tmp_path, 1, 2, 3) == tmp_path / "streams/1/topics/2/partitions/3"


def test_failed_write_is_cut_back_and_not_acknowledged(tmp_path, monkeypatch):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory)
    try:
        append(log, 2)
        writer = log._segments[-1].writer
        real = writer._native

        class LogThenFail:
            """The log bytes go through, then the write reports a failure (disk full)."""

            def write(self, log_buffers, log_position, index_buffers, index_position, datasync=False):
                real.write(log_buffers, log_position, [], index_position)
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(writer, "_native", LogThenFail())
        with pytest.raises(StorageError) as raised:
            append(log, 3)
        assert raised.value.code == ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT
        monkeypatch.setattr(writer, "_native", real)
        assert newest_log(directory).stat().st_size == 148
        assert (log.next_offset, log.size_bytes) == (2, 148)
        assert append(log, 1)[0].first_offset == 2
    finally:
        log.close()
    reopened = PartitionLog.open(directory)
    try:
        assert [m["offset"] for m in read_all(reopened)] == [0, 1, 2]
    finally:
        reopened.close()


def test_flush_with_fsync_also_syncs_segments_sealed_without_fsync(tmp_path, monkeypatch):
    synced = SyncCounter()
    log = PartitionLog.open(tmp_path / "p", StorageConfig(segment_size_bytes=148))
    try:
        append(log, 2)
        append(log, 2)
        assert len(synced) == 0
        log.flush(fsync=True)
        assert len(synced) == 4  # two sealed logs, then the active log + index
        log.flush(fsync=False)
        assert len(synced) == 4
    finally:
        log.close()


def allocated_bytes(path) -> int:
    return path.stat().st_blocks * 512


@pytest.mark.parametrize("preallocate_max_bytes", [0, 1 << 20])
def test_preallocated_log_blocks_are_given_back_at_seal_and_close(tmp_path, preallocate_max_bytes):
    io = IoResources(IoConfig(preallocate_max_bytes=preallocate_max_bytes))
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(segment_size_bytes=200_000), io)
    try:
        while log.segments_count < 3:
            append(log, 10, 1000)
        append(log, 10, 1000)  # the new active segment holds a batch
        infos = log.segments()
        paths = [directory / f"{info.start_offset:020d}.log" for info in infos]
        if allocated_bytes(paths[0]) == 0:
            pytest.skip("this filesystem does not report allocation")
        slack_bytes = 8192  # block rounding and an extent block
        for info, path in zip(infos[:-1], paths):
            assert path.stat().st_size == info.size_bytes
            assert allocated_bytes(path) < info.size_bytes + slack_bytes
        active_size = infos[-1].size_bytes
        assert paths[-1].stat().st_size == active_size
        if preallocate_max_bytes:
            assert allocated_bytes(paths[-1]) >= active_size + 64 * 1024  # reserved ahead of the appends
        else:
            assert allocated_bytes(paths[-1]) < active_size + slack_bytes
    finally:
        log.close()
    assert allocated_bytes(paths[-1]) < active_size + slack_bytes
    reopened = PartitionLog.open(directory, StorageConfig(segment_size_bytes=200_000), io)
    try:
        assert [m["offset"] for m in read_all(reopened)] == list(range(reopened.messages_count))
        assert reopened.messages_count == sum(info.messages_count for info in infos)
    finally:
        reopened.close()


def test_the_start_probe_reports_whether_blocks_can_be_reserved(tmp_path, monkeypatch, caplog):
    io = IoResources(IoConfig(preallocate_max_bytes=1 << 20, data_path=tmp_path))
    status = io.io_status()
    assert (status["preallocate_max_bytes"], status["preallocation_reason"]) == (1 << 20, "")
    assert not list(tmp_path.iterdir())  # the probe file is gone

    from iggy_server.storage import resources

    monkeypatch.setattr(resources, "_probe_preallocation", lambda directory: f"{directory}: not supported")
    caplog.set_level("WARNING")
    refused = IoResources(IoConfig(preallocate_max_bytes=1 << 20, data_path=tmp_path))
    status = refused.io_status()
    assert status["preallocate_max_bytes"] == 0 and str(tmp_path) in status["preallocation_reason"]
    assert len([r for r in caplog.records if "preallocate_max_bytes" in r.getMessage()]) == 1
    log = PartitionLog.open(tmp_path / "p", io=refused)
    try:
        append(log, 10, 1000)
        assert not log._segments[-1].writer._native.preallocates
        assert [m["offset"] for m in read_all(log)] == list(range(10))
    finally:
        log.close()


def index_file(directory):
    return newest_log(directory).with_suffix(".index")


def test_written_appends_write_their_index_entries_in_batches(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory)
    try:
        append(log, 3)
        assert index_file(directory).read_bytes() == b""  # the acknowledgement waited for the log alone
        log.flush(fsync=False)
        assert len(index_file(directory).read_bytes()) == 3 * INDEX_ENTRY.size
        append(log, 2)
        asyncio.run(log.flush_async())  # the message saver's sync writes them too
        assert len(index_file(directory).read_bytes()) == 5 * INDEX_ENTRY.size
        append(log, 1)
        filling = INDEX_WRITE_BATCH_BYTES // INDEX_ENTRY.size - 1  # with the one left unwritten: the batch bound
        append(log, filling)
        assert len(index_file(directory).read_bytes()) == (6 + filling) * INDEX_ENTRY.size
        append(log, 1)
        assert len(index_file(directory).read_bytes()) == (6 + filling) * INDEX_ENTRY.size
    finally:
        log.close()
    stored = index_file(directory).read_bytes()  # close wrote the rest
    assert len(stored) == (7 + filling) * INDEX_ENTRY.size
    assert stored == _native.scan_segment(newest_log(directory).read_bytes(), 0)[2]


def test_durable_appends_write_their_index_entries_at_once(tmp_path):
    directory = tmp_path / "p"
    log = PartitionLog.open(directory, StorageConfig(durability=Durability.DURABLE))
    try:
        append(log, 2)
        assert len(index_file(directory).read_bytes()) == 2 * INDEX_ENTRY.size
    finally:
        log.close()



def test_a_failed_index_write_is_logged_and_retried_at_the_next_flush(log, tmp_path, monkeypatch, caplog):
    append(log, 2)
    active = log._segments[-1]

    def failing(entries, position):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(active.writer, "write_index", failing)
    log.flush(fsync=False)  # the messages are in the log; only the derived index could not be written
    assert "could not write the index" in caplog.text
    assert index_file(tmp_path / "p").read_bytes() == b""
    assert log.read_by_offset(0, 10).messages_count == 2
    monkeypatch.undo()
    log.flush(fsync=False)
    assert len(index_file(tmp_path / "p").read_bytes()) == 2 * INDEX_ENTRY.size
