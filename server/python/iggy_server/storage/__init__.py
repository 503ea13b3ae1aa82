"""Partition storage of the Iggy 0.8 reference server: segments, indexes, consumer offsets.

API summary (everything else in this package is private):

    StorageError(code: int, message: str)   # == iggy_server._native.NativeError; .code is an Iggy error code
    CONSUMER, CONSUMER_GROUP                # consumer kinds (the generated ConsumerKind values)

    partition_path(system_path, stream_id, topic_id, partition_id) -> Path
        # {system_path}/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}

    Partition.open(partition_id, directory, created_at_us, config: StorageConfig, io: IoResources)
        # what the server holds per partition: .log, .offsets and the durability policy
      await .append(index_view, frames_view, messages_count) -> AppendResult
            # returns when the configured Durability allows the acknowledgement
      await .poll(strategy, count, consumer_kind, offset_key, auto_commit) -> ReadResult
      .store_offset(kind, key, offset), .flush(fsync), await .sync(), .delete_segments(count),
      .delete_expired_segments(now_us, expiry_us), .purge(), .close(); .unsynced (message saver)

    IoResources(IoConfig)   # one per server: buffer pool, writer backend, direct I/O, write queue,
                            # open-file budget, fsync workers; .stats() for logs and GetStats

    PartitionLog.open(directory, config=StorageConfig(), io=None, *, created_at_us=None) -> PartitionLog
        # creates the directory if missing, otherwise recovers it (a torn tail is truncated);
        # io=None: resources of its own (tools, tests)
      .append(index_view, frames_view, messages_count, *, defer_sync=False)
            -> AppendResult(first_offset, last_offset, messages_count, appended_bytes)
            # SendMessages hot path. index_view / frames_view are WRITABLE memoryviews of the request
            # (count x 16-byte index table, then the frames). They are validated (Iggy 0.8 rules, §4.4
            # step 3) and stamped IN PLACE (offset, timestamp, id, checksum; the index table becomes the
            # segment index), then written. StorageError(4009/4031/4032/4036/4022/4024/4017/...) on a bad
            # batch, with the buffers untouched.
      .read_by_offset(start_offset, count) -> ReadResult   # messages with offset >= start_offset
      .read_by_timestamp(timestamp_us, count) -> ReadResult  # messages with timestamp >= timestamp_us
      .read_first(count) -> ReadResult; .read_last(count) -> ReadResult
      .offset_at_timestamp(timestamp_us) -> int | None; .last_start_offset(count) -> int
            # where those reads start (Partition.poll resolves its start with them)
      await .wait_readable(start_offset, count) -> bool
            # memory durability: until the queued bytes such a read covers are written; True if it waited
            # ReadResult(buffers, messages_count, first_offset, last_offset, size_bytes): `buffers` is a
            # tuple of bytes-like frames, back to back, ready for transport.writelines(). Empty result:
            # buffers == (), messages_count == 0. Stored frames are checksum-verified before being served
            # (StorageError 4027 / 4100 on corruption).
      .current_offset     # offset of the last stored message; 0 when nothing was ever stored (§3.3)
      .has_messages       # True once any message was appended since creation/purge (StoreConsumerOffset rule)
      .next_offset        # offset the next appended message gets
      .first_offset       # smallest offset still stored (== next_offset when the log is empty)
      .messages_count, .size_bytes, .segments_count, .created_at_us
      .segments() -> tuple[SegmentInfo, ...]  # oldest first; last one is the active segment
      .delete_segments(count, protected_offset=None) -> DeleteResult(segments_count, messages_count, size_bytes)
            # oldest sealed segments first; the active segment is never deleted. Like 0.8, a segment
            # holding offsets above protected_offset (= ConsumerOffsetStore.min_offset()) is kept.
      .delete_expired_segments(now_us, message_expiry_us, protected_offset=None) -> DeleteResult
            # sealed segments whose newest message is older than the expiry
      .purge() -> DeleteResult     # remove every message; offsets restart at 0
      .flush(fsync: bool) -> None  # FlushUnsavedBuffer; data is always in the OS already
      .directory -> Path
      .close() -> None             # idempotent

    ConsumerOffsetStore(partition_directory, fsync=True)   # loads stored offsets; fsync per store or not
      .store(kind, consumer_id, offset) -> None   # atomic: temp file + fsync + rename
      .get(kind, consumer_id) -> int | None
      .delete(kind, consumer_id) -> bool          # False when nothing was stored
      .clear() -> None                            # delete every stored offset of the partition
      .items(kind) -> dict[int, int]
      .min_offset() -> int | None                 # smallest stored offset (segment-deletion barrier)

Durability (``StorageConfig.durability``): in ``written`` and ``durable`` every append reaches the OS
(os.write) before it returns, so a `kill -9` of the server loses no acknowledged message; in ``memory``
appends are queued for the background writer (:mod:`.write_queue`) and reads wait for what they cover.
fsync follows the Iggy 0.8 knobs: with ``enforce_fsync`` the files are fsynced once
``messages_required_to_save`` unsynced messages accumulated; ``durable`` fsyncs every append (survives
power loss). Module dependencies form a DAG (errors, offsets, open_files, write_queue → resources,
durability, segment → partition → store); ``tests/storage/test_storage_imports.py`` keeps it so.
Validation order: Iggy checks the batch before resolving the stream/topic/partition; handlers that want
the same error precedence call ``iggy_server._native.validate_batch(index, frames, count)`` first (cheap:
no checksums). None of these objects is thread-safe: use them from one thread (the event loop), or
serialise access.
"""

from iggy_server.storage.errors import StorageError
from iggy_server.storage.offsets import CONSUMER, CONSUMER_GROUP, ConsumerOffsetStore
from iggy_server.storage.partition import (
    AppendResult,
    DeleteResult,
    PartitionLog,
    ReadResult,
    SegmentInfo,
    partition_path,
)
from iggy_server.storage.resources import IoResources
from iggy_server.storage.store import Partition

__all__ = [
    "CONSUMER",
    "CONSUMER_GROUP",
    "AppendResult",
    "ConsumerOffsetStore",
    "DeleteResult",
    "IoResources",
    "Partition",
    "PartitionLog",
    "ReadResult",
    "SegmentInfo",
    "StorageError",
    "partition_path",
]
