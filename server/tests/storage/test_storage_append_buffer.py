"""``AppendBuffer``: the in-memory index entries (and known 0.9 checksums) grow without copying themselves whole on
every append, views handed out stay valid, and a sealed segment gives its spare capacity back."""

from __future__ import annotations

import math
import mmap

from test_storage_index_cache import config, fill

from iggy_server.config import CacheIndexes
from iggy_server.storage import PartitionLog
from iggy_server.storage.segment import AppendBuffer

ENTRY = 16


def test_appends_replace_the_block_a_logarithmic_number_of_times():
    buffer = AppendBuffer()
    replacements = 0
    appends = 4096
    for n in range(appends):
        before = buffer._block
        buffer.extend(n.to_bytes(ENTRY, "little"))
        # Counted by identity at each append: ids of freed blocks may be reused, so a set of ids could undercount.
        replacements += buffer._block is not before
    assert len(buffer) == appends * ENTRY
    # Doubling from 4 KiB: one block per doubling, not one per append as a block grown by an eighth of itself.
    assert replacements <= math.ceil(math.log2(appends * ENTRY / 4096)) + 1
    assert len(buffer) <= buffer.capacity_bytes <= 2 * len(buffer)
    view = buffer.view()
    assert [int.from_bytes(view[i * ENTRY : (i + 1) * ENTRY], "little") for i in range(appends)] == list(range(appends))


def test_a_large_block_is_a_map_that_grows_in_place():
    buffer = AppendBuffer()
    batch = bytes(range(256)) * 64  # 16 KiB: the entries of a 1 MB batch of 1 KB messages
    while buffer.capacity_bytes < AppendBuffer.MAPPED_FROM_BYTES:
        buffer.extend(batch)
    block = buffer._block
    assert isinstance(block, mmap.mmap)
    appends = len(buffer) // len(batch)
    while buffer.capacity_bytes < 8 * AppendBuffer.MAPPED_FROM_BYTES:
        buffer.extend(batch)
        appends += 1
    # Grown by mremap with no view alive: still the same map, never copied into a new block.
    assert buffer._block is block and len(buffer) == appends * len(batch)
    assert bytes(buffer.view()[: len(batch)]) == batch and bytes(buffer.view()[-len(batch) :]) == batch
    assert len(buffer) <= buffer.capacity_bytes <= 2 * len(buffer)


def test_a_map_with_a_view_alive_is_copied_not_moved():
    buffer = AppendBuffer()
    buffer.extend_zeros(AppendBuffer.MAPPED_FROM_BYTES - 1)
    buffer.extend(b"xy")  # past the threshold: into a map
    mapped = buffer._block
    assert isinstance(mapped, mmap.mmap)
    buffer.extend_zeros(buffer.capacity_bytes - len(buffer))  # full, so the next append must grow it
    alive = buffer.view()
    buffer.extend(b"z")
    # The view pins the map where it is, so the append went into a new one; the view still reads what it did.
    assert buffer._block is not mapped and isinstance(buffer._block, mmap.mmap)
    assert bytes(alive[AppendBuffer.MAPPED_FROM_BYTES - 1 : AppendBuffer.MAPPED_FROM_BYTES + 1]) == b"xy"
    assert bytes(buffer.view()[-1:]) == b"z" and len(buffer) == len(mapped) + 1
    alive.release()
    buffer.shrink_to_fit()
    assert buffer.capacity_bytes == len(buffer) and bytes(buffer.view()[-1:]) == b"z"


def test_a_block_that_cannot_be_mapped_grows_as_a_bytearray(monkeypatch):
    def refuse(*args: object, **kwargs: object) -> mmap.mmap:
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(mmap, "mmap", refuse)
    buffer = AppendBuffer()
    buffer.extend_zeros(AppendBuffer.MAPPED_FROM_BYTES)
    buffer.extend(b"xy")
    assert isinstance(buffer._block, bytearray) and bytes(buffer.view()[-2:]) == b"xy"
    assert len(buffer) == AppendBuffer.MAPPED_FROM_BYTES + 2


def test_a_view_is_unchanged_by_later_appends_and_cuts():
    buffer = AppendBuffer(bytearray(b"abc"))
    early = buffer.view()
    buffer.extend(b"defg" * 2000)  # grows into a new block
    buffer.extend_zeros(5)
    assert bytes(early) == b"abc"
    assert bytes(buffer.view()[:7]) == b"abcdefg" and bytes(buffer.view()[-5:]) == bytes(5)
    whole = buffer.view()
    buffer.drop_front(3)
    assert bytes(whole[:3]) == b"abc"  # the cut went into a new block
    assert bytes(buffer.view()[:4]) == b"defg" and len(buffer) == buffer.capacity_bytes == 8000 + 5
    buffer.extend(b"h")
    buffer.shrink_to_fit()
    assert buffer.capacity_bytes == len(buffer) == 8006 and bytes(buffer.view()[-1:]) == b"h"


def test_a_sealed_segment_holds_no_spare_capacity(tmp_path):
    log = PartitionLog.open(tmp_path / "p", config(CacheIndexes.ALL))
    try:
        fill(log, 3)
        *sealed, active = log._segments
        assert sealed
        for segment in sealed:
            assert segment.index_memory_bytes == segment.index_entries_bytes == ENTRY * segment.messages_count
        assert active.index_memory_bytes >= active.index_entries_bytes == ENTRY * active.messages_count
        assert log.index_memory()[2] == sum(segment.index_memory_bytes for segment in log._segments)
    finally:
        log.close()
