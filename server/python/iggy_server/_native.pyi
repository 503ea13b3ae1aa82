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

def xxh32(data: Buffer, seed: int = 0) -> int:
    """XXH32 of ``data`` (client ids, consumer-name keys, MessagesKey partitioning)."""

def xxh3_64(data: Buffer) -> int:
    """XXH3-64, seed 0, default secret (message checksums)."""
