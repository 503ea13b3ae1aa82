"""Message hot path of the Iggy 0.8 reference server (Rust, built by maturin from server/src).

Only buffers (bytes, bytearray, memoryview, mmap), ints and tuples cross this boundary. Functions that
check client or disk data raise :class:`NativeError` carrying the Iggy error code to answer with.
Checked against the built module by server/tests/native/test_stub.py.
"""

from collections.abc import Buffer

HEADER_SIZE: int
"""Size of a message header: 64 bytes."""
INDEX_ENTRY_SIZE: int
"""Size of an index entry (request index table and segment .index): 16 bytes."""
MAX_PAYLOAD_SIZE_BYTES: int
"""Largest accepted payload: 64 000 000 bytes."""
MAX_USER_HEADERS_SIZE_BYTES: int
"""Largest accepted user-headers block: 100 000 bytes."""
DIRECT_IO_ALIGN_BYTES: int
"""Alignment of O_DIRECT log writes (positions, lengths, buffers): 4096 bytes."""
V09_KNOWN_ENTRY_SIZE: int
"""Bytes a message takes in a ``known`` buffer of ``convert_and_stamp_v09`` / ``poll_batches``: 16."""

class NativeError(Exception):
    """A failed check; ``code`` is the Iggy error code (``iggy.protocol.codes.ErrorCode`` value)."""

    @property
    def code(self) -> int: ...
    @property
    def message(self) -> str: ...
    def __init__(self, code: int, message: str) -> None: ...

def validate_batch(index: Buffer, frames: Buffer, messages_count: int) -> None:
    """Validate a SendMessages batch without changing it (Iggy 0.8 rules and order).

    ``index`` is the request's ``messages_count x 16``-byte index table, ``frames`` the frames section.
    Codes: 4009 count 0; 4034/4035 index table size; per message: 4031 / 4032 non-zero index
    offset / timestamp, 4033 boundaries (from the index) not a whole message of at least 64 bytes,
    4022 payload > 64 MB, 4017 user headers > 100 kB, 4100 decreasing header offset, 10011 decreasing
    index position, 4024 empty payload, 4101 non-zero reserved field; finally 4036 when the sizes the
    headers announce do not add up to ``len(frames)``.
    """

def validate_and_stamp(
    index: Buffer,
    frames: Buffer,
    messages_count: int,
    *,
    base_offset: int,
    segment_start_offset: int,
    segment_position_bytes: int,
    timestamp_us: int,
) -> int:
    """Validate (as :func:`validate_batch`), then stamp the batch in place.

    Both buffers must be writable and must not overlap. Message i gets offset ``base_offset + i``,
    timestamp ``timestamp_us``, a random UUIDv4 id when its id is 0, and its XXH3-64 checksum; index
    entry i becomes ``(base_offset + i - segment_start_offset) u32 | segment_position_bytes + end_i u32 |
    timestamp_us u64``, i.e. the segment ``.index`` entry. Returns the segment end position after the
    batch. 4010 when the batch does not fit the u32 ranges of the segment. On any error both buffers are
    left untouched.
    """

def stamp_checksums(frames: Buffer, messages_count: int) -> None:
    """Stamp the XXH3-64 checksum of each frame of ``frames`` (writable, exactly ``messages_count`` whole frames;
    else NativeError 4011 CannotReadMessage, nothing promised about what was stamped): frames the server builds,
    such as stored encrypted messages decrypted for a poll."""

def index_lookup_offset(
    index: Buffer, relative_start_offset: int, count: int
) -> tuple[int, int, int, int] | None:
    """Find up to ``count`` messages with relative offset >= ``relative_start_offset`` in a segment index.

    Returns ``(first_entry, byte_start, byte_end, messages_count)`` (byte range in the segment log), or
    None when no entry qualifies or ``count`` is 0.
    """

def index_lookup_timestamp(index: Buffer, timestamp_us: int, count: int) -> tuple[int, int, int, int] | None:
    """Like :func:`index_lookup_offset` for messages with timestamp >= ``timestamp_us`` (binary search:
    timestamps in a segment never decrease)."""

def index_file_lookup_offset(
    fd: int, file_entries: int, tail: Buffer, relative_start_offset: int, count: int
) -> tuple[int, int, int, int, int] | None:
    """As :func:`index_lookup_offset` over an index whose first ``file_entries`` entries are read from the index
    file open on ``fd`` (pread, only the entries the search needs: two for a segment without offset gaps) and
    the rest from ``tail`` (entries not yet written there). Returns ``(first_entry, first_relative_offset,
    byte_start, byte_end, messages_count)``. NativeError 10011 when the file cannot be read or ends early."""

def index_file_lookup_timestamp(
    fd: int, file_entries: int, tail: Buffer, timestamp_us: int, count: int
) -> tuple[int, int, int, int, int] | None:
    """As :func:`index_file_lookup_offset` for messages with timestamp >= ``timestamp_us`` (binary search)."""

def scan_segment(log: Buffer, segment_start_offset: int) -> tuple[int, int, bytes, int, str | None]:
    """Recover a segment log: walk frames while whole, in offset sequence and with correct checksums.

    Returns ``(valid_bytes, messages_count, rebuilt_index, max_timestamp_us, stop_reason)``; the caller
    truncates the log to ``valid_bytes`` and uses/rewrites ``rebuilt_index``. ``stop_reason`` is None
    when the whole log is valid. Releases the GIL while walking.
    """

def verify_frames(frames: Buffer, first_offset: int, messages_count: int) -> None:
    """Check frames read back from disk before serving them: exactly ``messages_count`` whole frames,
    offsets ``first_offset, first_offset + 1, ...`` (4100), correct checksums (4027), nothing left over
    (4011)."""

# --- Iggy 0.9 message batches (one store serves both versions: batches convert to and from stored frames) -------

def v09_frames_bytes(batch_bytes: int, messages_count: int) -> int | None:
    """Bytes the stored frames of a 0.9 batch of ``batch_bytes`` with ``messages_count`` messages take (each header
    grows from 48 to 64 bytes, the batch header goes); None when it is shorter than its header."""

def convert_and_stamp_v09(
    batch: Buffer,
    index: Buffer,
    frames: Buffer,
    messages_count: int,
    *,
    base_offset: int,
    segment_start_offset: int,
    segment_position_bytes: int,
    timestamp_us: int,
    known: Buffer | None = None,
    parallel: bool = True,
) -> int:
    """Admit a 0.9 batch (the SendMessages body after its metadata) as the 0.9 server does — header (4),
    message count (4009), each frame's reserved bytes and length (4), offset_delta (4100), payload (4024, 4022),
    user headers (4017), checksum (4027), trailing bytes (4036), batch checksum (4039); a placement that does not
    fit the segment (4010) — and write it as stamped stored frames into ``frames`` (``v09_frames_bytes``) and
    their segment index entries into ``index``, in one pass. ``known`` (``V09_KNOWN_ENTRY_SIZE`` bytes a message)
    receives each message's verified 0.9 checksum and the deltas it covers, for ``poll_batches``. ``parallel``: a
    batch of 256 KiB or more may convert on two threads (the server asks for a lone client). Returns the segment end
    position after the batch."""

def poll_batches(
    frames: Buffer,
    partition_id: int,
    verify: bool,
    known: Buffer | None = None,
    known_start_offset: int = 0,
    *,
    parallel: bool = True,
) -> tuple[bytes, int]:
    """Stored frames (one contiguous run) as the 0.9 batch records a poll answers, one record per run of
    messages sharing a timestamp (and, for messages in ``known``, per producer batch), every checksum for the
    0.9 layout: ``(records, messages)``. A message with an entry in ``known`` (entry ``i`` is offset
    ``known_start_offset + i``, as ``convert_and_stamp_v09`` wrote them) keeps its producer's deltas and checksum
    (no hash); the others are hashed. With ``verify``, every stored checksum is checked first (4027).
    ``parallel``: 256 KiB of frames or more may convert on two threads (the server asks for a lone client)."""

def conversion_parts_stats() -> tuple[int, int]:
    """Process-wide counts of the 0.9 conversions (``poll_batches``, ``convert_and_stamp_v09``) of 256 KiB or more:
    ``(in_parts, kept_whole)``, run in parts on two threads (``parallel``) or on the calling thread alone."""

def xxh32(data: Buffer, seed: int = 0) -> int:
    """XXH32 of ``data`` (client ids, consumer-name keys, MessagesKey partitioning)."""

def xxh3_64(data: Buffer) -> int:
    """XXH3-64, seed 0, default secret (message checksums)."""

def http_send_batch(body: bytes) -> tuple[int, bytes, int, bytes]:
    """The REST API's SendMessages JSON body as ``(partitioning_kind, partitioning_value, messages_count,
    index_and_frames)``: what the 0.8 command carries after its stream and topic (ids as given, other header
    fields 0). Raises NativeError: 4 InvalidFormat (wrong shape, bad base64 or id), 301 InvalidHttpRequest (not
    JSON), 4009 InvalidMessagesCount (none), 4024 EmptyMessagePayload, 4040 InvalidHeaderKind, ..."""

def http_poll_json(partition_id: int, current_offset: int, messages_count: int, body: bytes) -> bytes:
    """Iggy's JSON of a 0.8 PollMessages answer ``body`` (its prefix, whose fields the caller decoded, then
    ``messages_count`` frames). Raises NativeError 4011 CannotReadMessage unless the frames are whole and
    that many."""

# --- buffer pool ------------------------------------------------------------------------------------

class PoolExhausted(Exception):
    """The pool is at its capacity and no buffer was released within the timeout."""

class PooledBuffer:
    """Writable buffer-protocol object over pooled, page-aligned memory (``memoryview(buffer)`` has
    exactly the requested length). Returned to its pool by :meth:`release` or when collected — but
    only once no memoryview of it is alive, so the pool never hands out memory still in use."""

    def __len__(self) -> int: ...
    @property
    def address(self) -> int:
        """Address of the memory (page aligned); ValueError after release."""
    @property
    def capacity(self) -> int:
        """Bytes of the underlying size class (0 once returned)."""
    @property
    def released(self) -> bool: ...
    def release(self) -> None:
        """Return the memory now, or when the last export is released; idempotent. New
        memoryviews of a released buffer raise BufferError."""

class MappedFile:
    """Read-only shared map of the first ``length`` bytes of the file open on ``fd``, as a buffer
    (``memoryview(mapped)``; writable exports raise BufferError). Keeps no descriptor: it stays valid
    after ``fd`` is closed or the file unlinked, and is unmapped once collected (never while a
    memoryview of it is alive). OSError if the kernel refuses, ValueError for 0 bytes. Reading a page
    wholly past the file's end raises SIGBUS: map only bytes that exist and are never truncated."""

    def __init__(self, fd: int, length: int) -> None: ...
    def __len__(self) -> int: ...
    def populate(self, offset: int, length: int) -> None:
        """Read ``[offset, offset + length)`` into memory now (MADV_POPULATE_READ, GIL released):
        OSError where a plain access would raise SIGBUS (a disk I/O error, a file truncated below the
        range) or where the kernel lacks the call (before Linux 5.14). ValueError outside the map."""

class SocketSender:
    """Native threads (``threads``, 1 to 64; ``tcp.send_thread_count``) that write client answers with the
    GIL released (``tcp.send_thread``). A connection ``attach``es its socket to the thread serving the fewest
    open connections, its home thread (a duplicate descriptor is kept until the handle closes); from then on
    every answer goes through the handle, in order, sent by its home thread while no producer sent within
    250 ms (:meth:`note_producer`) and by the first thread otherwise: on two cores a second thread sending
    takes CPU the event loop needs to receive producers' batches. Views of a ``MappedFile`` and ``bytes`` of
    64 KiB or more are queued by reference (kept alive while queued); other parts are copied. Small answers,
    and large ones while a single connection gets answers (none to another within ``lone_answer_window_ms``,
    whichever thread serves it) and nothing is queued on any thread, are sent by ``write`` itself when the
    socket takes them."""

    def __init__(self, lone_answer_window_ms: int = 10, threads: int = 1, producer_quiet_ms: int = 250) -> None:
        """ValueError unless 1 <= threads <= 64. ``producer_quiet_ms``: how long after :meth:`note_producer` the
        first thread sends every answer."""
    @property
    def threads(self) -> int: ...
    def attach(self, fd: int) -> SenderHandle:
        """Send the answers of the socket open on ``fd`` from now on (ValueError once stopped)."""
    def note_producer(self) -> None:
        """A producer sent messages now: for ``producer_quiet_ms`` every answer is sent by the first thread."""
    def thread_sent_bytes(self) -> list[int]:
        """Bytes each thread sent (answers ``write`` sent inline count for none)."""
    @property
    def notify_fd(self) -> int:
        """An eventfd for the event loop: readable when a waited-for queue reached its threshold or a
        connection's duplicate was closed. Reset with :meth:`clear_notify`."""
    def clear_notify(self) -> None: ...
    def open_connections(self) -> int:
        """Handles whose duplicate descriptor is still open (answers queued or not yet closed)."""
    def stats(self) -> tuple[int, int, int, int]:
        """(bytes sent by the thread, answers sent inline by ``write``, answers queued for the thread, bytes of
        queued answers copied into the queue: parts that are not views of a ``MappedFile``)."""
    def stop(self) -> None:
        """Stop the threads (GIL released while joining); connections still open are closed, their queued
        answers dropped."""

QUIC_EVENT_CONNECTION: int
QUIC_EVENT_STREAM: int
QUIC_EVENT_READ: int
QUIC_EVENT_READ_CUT: int
QUIC_EVENT_READ_LOST: int
QUIC_EVENT_CLOSED: int

class QuicBytes:
    """A completed QUIC read's bytes as a writable buffer (no copy of what the engine received)."""

    def __len__(self) -> int: ...

class QuicEndpoint:
    """The QUIC listener on quinn, on a Tokio runtime of its own thread: TLS 1.3 without ALPN, the client-opened
    bidirectional streams of each connection handed to Python through ``take_events``; Python reads, answers and
    closes by id. Binds at construction (OSError when it cannot; ValueError for a bad certificate or setting)."""

    def __init__(
        self,
        host: str,
        port: int,
        certificate_chain_der: list[bytes],
        private_key_der: bytes,
        receive_window_bytes: int,
        max_idle_timeout_ms: int,
        max_concurrent_bidi_streams: int,
    ) -> None: ...
    @property
    def local_address(self) -> tuple[str, int]: ...
    @property
    def notify_fd(self) -> int:
        """An eventfd: readable when events wait (``take_events`` resets it)."""
    def take_events(self) -> list[tuple[int, int, object]]:
        """Waiting events, oldest first: ``(QUIC_EVENT_CONNECTION, connection, peer)``, ``(QUIC_EVENT_STREAM,
        stream, connection)``, ``(QUIC_EVENT_READ, stream, QuicBytes)``, ``(QUIC_EVENT_READ_CUT, stream, bytes
        received)``, ``(QUIC_EVENT_READ_LOST, stream, None)``, ``(QUIC_EVENT_CLOSED, connection, None)``."""
    def read_exactly(self, stream: int, bytes: int) -> None:
        """Read exactly ``bytes`` more of the stream; one read event follows."""
    def answer(
        self, stream: int, parts: list[Buffer], close_code: int | None = None, close_reason: str = ""
    ) -> None:
        """Send the reply and FIN (parts are copied); with ``close_code``, then close the connection once the
        reply is acknowledged (at most a second later)."""
    def stop_reading(self, stream: int, code: int) -> None:
        """STOP_SENDING for the rest of the stream's request."""
    def close(self, connection: int, code: int, reason: str) -> None: ...
    def stop(self) -> None:
        """Close every connection and the socket; end the thread (GIL released while joining)."""

class SenderHandle:
    """One connection's way to the send thread (see :class:`SocketSender`). Dropping it closes gracefully."""

    def write(self, parts: list[Buffer]) -> None:
        """Queue an answer's parts after everything written before; sent inline (from the parts, no copy) when
        nothing is queued and the answer is under 64 KiB. Dropped silently once the connection failed or is
        closing."""
    @property
    def thread(self) -> int:
        """This connection's home thread (0-based, below ``SocketSender.threads``)."""
    @property
    def queued_bytes(self) -> int: ...
    def notify_at_or_below(self, threshold_bytes: int) -> bool:
        """Signal ``notify_fd`` once at most ``threshold_bytes`` are queued; True (and no signal) if that
        already holds."""
    def close(self, graceful: bool) -> None:
        """Close the duplicate after the queued answers are sent (``graceful``) or now, dropping them."""
    @property
    def closed(self) -> bool: ...
    @property
    def failed(self) -> int | None:
        """The errno of the send that failed (the peer went away), else None."""

class DirtyLanes:
    """One server's lanes with appends the event loop has not taken (``IoResources.catch_up``)."""

    def __init__(self) -> None: ...
    @property
    def any(self) -> bool:
        """Whether some lane appended since the last ``take`` (one atomic load)."""
    def take(self) -> list[int]:
        """The ids of those lanes, each once."""

class PartitionLane:
    """One partition's append state, shared by the event loop and the native send path's threads: a thread
    appends (validates, stamps, writes the log) only between a ``release`` that enabled it and the next ``hold``."""

    def __init__(self, dirty: DirtyLanes) -> None: ...
    @property
    def id(self) -> int: ...
    def take_pending(self) -> tuple[bytes, int, int, int, int, int, bytes | None] | None:
        """What threads appended since it was last taken, as ``hold`` returns it, without keeping them from
        appending (the lock is taken only to move the entries out)."""
    def hold(self) -> tuple[bytes, int, int, int, int, int, bytes | None] | None:
        """Stop threads appending until ``release``; returns what they appended since the last hold: (index
        entries, messages, log bytes, next offset, last timestamp µs, segment end position, what 0.9 sends told of
        their messages (``convert_and_stamp_v09``'s ``known``, zeros for 0.8 sends) or None without 0.9 sends), or
        None. RuntimeError if held already."""
    def release(
        self,
        enabled: bool,
        waiting: bool,
        acknowledge_first: bool,
        writer: SegmentFileWriter | None,
        next_offset: int,
        last_timestamp_us: int,
        segment_start_offset: int,
        position_bytes: int,
        segment_size_bytes: int,
    ) -> None:
        """End a hold with the log's state; threads append again if ``enabled`` (and ``writer`` is given), or wait
        up to a second for a release that enables the lane if ``waiting``. ``acknowledge_first``: ``memory``
        durability, a send is acknowledged before its write."""
    def take_write_failure(self) -> tuple[int, str] | None:
        """A ``memory`` write that failed after its acknowledgement, once: (log position, error), or None."""

MAX_SEND_ROUTES: int

class RoundRobin:
    """A topic's cursor for balanced sends, shared by the event loop and the native send path's threads."""

    def __init__(self) -> None: ...
    def next(self, count: int) -> int:
        """The index of the partition the next balanced send goes to, of ``count`` (> 0; ValueError otherwise)."""

class DataPlane:
    """The TCP listener's native data path: a thread per connection handed to it serves that connection's
    SendMessages by the routes it was given, or a single consumer's polls by its poll route, and hands any other
    frame back (``exits``)."""

    def __init__(
        self, max_payload_bytes: int, max_messages_per_batch: int, frame_timeout_ms: int, max_threads: int
    ) -> None: ...
    @property
    def notify_fd(self) -> int:
        """Readable while connections wait to go back to the event loop."""
    @property
    def epoch(self) -> int: ...
    def bump_epoch(self) -> None:
        """Every thread hands its next send to the event loop (after anything administrative)."""
    @property
    def threads(self) -> int: ...
    def start(
        self,
        token: int,
        fd: int,
        sender: SenderHandle,
        routes: list[tuple[bytes, int, list[PartitionLane], RoundRobin | None, int, int, list[int]]],
        epoch: int,
        session: tuple[int, int, int, int] | None,
        poll: tuple[bytes, PartitionLane, int, bool, int, int, int] | None = None,
    ) -> bool:
        """Serve socket ``fd`` (duplicated) on a thread of its own; False at ``max_threads``. A route is (its bytes,
        the partitioning kind, lanes, cursor, stream id, topic id, the lanes' partition ids): by partition id, the
        identifiers and partitioning as sent and the partition's lane; balanced or keyed, the identifiers and the
        kind, the topic's lanes in partition order, and the topic's cursor (balanced only). ValueError for any
        other shape. ``session``: a 0.9 connection's bound session (client id, session number, request watermark,
        the replies' commit), or None for 0.8 framing. ``poll``: a 0.8 single consumer's polls by offset without
        auto-commit (the payload's bytes before the strategy, the partition's lane and id, whether reads check
        checksums, the most messages a poll answers, the next poll's offset and its byte in the active segment),
        served while the lane stays at its present segment."""
    def exits(self) -> list[tuple[int, bytes, bool, int, tuple[int, list[tuple[int, bytes]], int] | None]]:
        """(token, bytes read of the frame to serve, stalled, bytes the thread received, 0.9: (request watermark,
        the replies it kept as (request number, reply frame), when it last admitted a request in µs since the
        epoch or 0) or None) of each connection handed back since the last call; their threads are joined."""
    def stop(self, token: int) -> None:
        """Ask a connection's thread to hand it back (within 200 ms, or at its next frame)."""
    def stop_all(self) -> None:
        """Stop every thread and wait for them (GIL released); their exits stay queued."""
    def stats(self) -> tuple[int, int, int, int, int, int, int]:
        """(sends served, messages, bytes of served requests, requests handed to the loop, bytes of the answers
        the threads sent, polls served, messages they answered) since start."""
    def last_request_us(self, token: int) -> int | None:
        """When connection ``token``'s thread last admitted a 0.9 request of its session (µs since the epoch);
        None when it is not on the path, speaks 0.8, or sent none there yet."""

class BufferPool:
    """Bounded pool of page-aligned buffers in power-of-two classes from 4 KiB to 128 MiB. Free
    buffers are kept for reuse (no allocator call after warm-up); in-use plus cached bytes never
    exceed ``capacity_bytes`` (cached buffers of other classes are dropped first)."""

    def __init__(self, capacity_bytes: int) -> None: ...
    @property
    def capacity_bytes(self) -> int: ...
    def acquire(self, size: int, timeout_ms: int = 0) -> PooledBuffer:
        """A buffer of ``size`` bytes; waits up to ``timeout_ms`` (GIL released) for a release when the
        pool is full, then raises PoolExhausted. ValueError when ``size`` can never fit."""
    def try_acquire(self, size: int) -> PooledBuffer | None:
        """As :meth:`acquire` without waiting; None instead of PoolExhausted."""
    def trim(self) -> int:
        """Free every cached buffer; returns the bytes freed."""
    def stats(self) -> dict[str, int]:
        """capacity_bytes, reserved_bytes (in use + cached), in_use_bytes, in_use_buffers,
        free_buffers, hits, misses, evictions, exhausted."""

# --- segment writer ---------------------------------------------------------------------------------

class SegmentFileWriter:
    """Writes a segment's ``.log`` and ``.index`` (descriptors owned by the caller) with one io_uring
    submission per call, or pwritev + fdatasync where io_uring is unavailable; both backends produce
    identical files. ``backend``: "auto", "io_uring" (OSError if unavailable) or "pwritev".

    ``direct_log_fd`` (≥ 0): the log opened again with O_DIRECT. Log writes then go through it as whole
    4 KiB blocks — the stored bytes of the log's partial last block, the new frames (copied once into an
    aligned staging buffer from ``pool``, or a one-off allocation when the pool cannot serve it) and zero
    padding — while ``log_fd`` serves reads (and re-reads of the partial block when an append does not
    start where the previous one ended). The file is longer than the log until the caller truncates it.

    ``preallocate_max_bytes`` > 0: before each write that ends past what is reserved, the log's blocks are
    reserved with ``fallocate(FALLOC_FL_KEEP_SIZE)`` (file size unchanged) up to the write's end plus as much
    as the log holds (at least 64 KiB, at most this); a filesystem that cannot turns it off for this writer.
    The caller gives the blocks past the end back by truncating the log to its size."""

    def __init__(
        self,
        log_fd: int,
        index_fd: int,
        backend: str = "auto",
        direct_log_fd: int = -1,
        pool: BufferPool | None = None,
        preallocate_max_bytes: int = 0,
    ) -> None: ...
    @property
    def backend(self) -> str:
        """The backend in use: "io_uring" or "pwritev"."""
    @property
    def preallocates(self) -> bool:
        """Whether log blocks are reserved ahead of the writes (false once the filesystem refused)."""
    @property
    def direct(self) -> bool:
        """Whether log writes go through the O_DIRECT descriptor."""
    def write(
        self,
        log_buffers: list[Buffer],
        log_position: int,
        index_buffers: list[Buffer],
        index_position: int,
        datasync: bool = False,
    ) -> None:
        """Write the buffers back to back at the positions (vectored), then with ``datasync``
        fdatasync both files (linked after the writes in the same submission). GIL released.
        OSError on failure; short writes are completed. With direct I/O the log's logical end becomes
        ``log_position`` + the bytes written (it must not lie beyond the stored log)."""
    def datasync(self) -> None:
        """fdatasync the log, then the index (GIL released)."""

def io_uring_status() -> tuple[bool, str]:
    """(available, reason): io_uring probed once per process with a NOP round trip."""

def fdatasync_fds(fds: list[int]) -> None:
    """fdatasync each descriptor in order, GIL released (group-commit worker threads)."""

def writer_stats() -> dict[str, int]:
    """Process-wide counters: writes (one per file per submission), datasyncs (one per descriptor),
    bytes_written (direct log writes count their whole blocks), direct_writes (log writes through an
    O_DIRECT descriptor), staging_fallbacks (direct writes whose staging buffer was not pooled),
    preallocations (fallocate calls reserving log blocks ahead of the writes)."""

# --- benchmark load generator (iggy-bench) -----------------------------------------------------------

class BenchRun:
    """A running load: one OS thread per actor with blocking TCP."""

    def progress(self) -> tuple[int, int, int]:
        """(batches completed, message bytes moved, actors finished)."""
    def cancel(self) -> None:
        """Stop every actor after its current batch."""
    def wait(self, actors: int, timeout_s: float) -> bool:
        """Wait (GIL released) until ``actors`` actors finished; True when they did."""
    def results(self) -> list[dict[str, object]]:
        """Per actor: messages, bytes, elapsed_ns, empty_polls, error (str | None), latencies_ns and
        completed_at_ns (little-endian u64 arrays as bytes). ValueError before the run finished."""

def bench_start(
    address: str,
    actors: list[tuple[str, list[bytes], bytes, bytes, int, int]],
    shared_target_messages: int = 0,
    batch_interval_ns: int = 0,
) -> BenchRun:
    """Start actors ``(role, setup_frames, send_frame, poll_frame, batches, messages_per_batch)``
    against ``host:port``: role "producer" resends ``send_frame`` ``batches`` times; "consumer"
    repeats ``poll_frame`` until it received ``batches * messages_per_batch`` messages;
    "producing_consumer" sends then polls its batch back. Frames are full request frames; every
    ``setup_frame`` (login, join group) must answer OK. With ``shared_target_messages`` > 0 consumers
    stop once all of them together received that many (consumer groups: uneven assignments).
    ``batch_interval_ns`` > 0 paces every actor on a fixed schedule (batch n due n × interval after it
    starts) and measures each batch's latency from when it was due (no coordinated omission)."""

def loopback_pump(connections: int = 1, bytes_per_connection: int = 4294967296, chunk_bytes: int = 1048576) -> float:
    """Raw loopback TCP throughput in bytes/s (the machine's network limit for the benchmarks)."""
