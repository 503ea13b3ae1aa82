"""BufferPool: bounded, recycling, and never handing out memory that is still in use."""

import threading

import pytest

from iggy_server._native import BufferPool, PoolExhausted

KIB = 1024
MIB = 1024 * KIB


def test_buffers_are_page_aligned_writable_and_exactly_sized():
    pool = BufferPool(MIB)
    buffer = pool.acquire(1000)
    view = memoryview(buffer)
    assert (len(buffer), view.nbytes, view.readonly, buffer.address % 4096, buffer.capacity) == (
        1000, 1000, False, 0, 4096
    )
    view[:5] = b"hello"
    assert bytes(view[:5]) == b"hello"


def test_steady_state_is_served_from_the_free_lists():
    pool = BufferPool(8 * MIB)
    for _ in range(50):
        buffers = [pool.acquire(size) for size in (100, 5000, 1_000_000)]
        for buffer in buffers:
            buffer.release()
    stats = pool.stats()
    assert stats["misses"] == 3 and stats["hits"] == 147
    assert stats["in_use_bytes"] == 0 and stats["free_buffers"] == 3


def test_release_waits_for_live_views():
    pool = BufferPool(MIB)
    buffer = pool.acquire(4096)
    address = buffer.address
    view = memoryview(buffer)[10:20]
    buffer.release()
    assert buffer.released
    assert pool.stats()["in_use_buffers"] == 1  # the slice still points into it
    other = pool.acquire(4096)
    assert other.address != address
    with pytest.raises(BufferError):
        memoryview(buffer)
    view.release()
    assert pool.stats()["in_use_buffers"] == 1  # only `other`
    again = pool.acquire(4096)
    assert pool.stats()["hits"] == 1 and again.address == address


def test_collected_buffers_return_to_the_pool():
    pool = BufferPool(MIB)
    buffer = pool.acquire(64 * KIB)
    del buffer
    assert pool.stats()["in_use_bytes"] == 0
    pool.acquire(64 * KIB)
    assert pool.stats()["hits"] == 1


def test_bound_is_respected_under_pressure():
    pool = BufferPool(MIB)
    held = [pool.acquire(256 * KIB) for _ in range(4)]
    with pytest.raises(PoolExhausted):
        pool.acquire(4 * KIB)
    assert pool.try_acquire(4 * KIB) is None
    with pytest.raises(PoolExhausted):
        pool.acquire(4 * KIB, timeout_ms=20)
    with pytest.raises(ValueError):
        pool.acquire(2 * MIB)  # can never fit
    stats = pool.stats()
    assert stats["reserved_bytes"] <= MIB and stats["exhausted"] == 3
    held.pop().release()
    # A different class fits by dropping the cached 256 KiB buffer.
    small = pool.acquire(4 * KIB)
    assert pool.stats()["reserved_bytes"] <= MIB and pool.stats()["evictions"] == 1
    small.release()


def test_acquire_waits_for_a_release():
    pool = BufferPool(256 * KIB)
    held = pool.acquire(256 * KIB)
    timer = threading.Timer(0.05, held.release)
    timer.start()
    buffer = pool.acquire(128 * KIB, timeout_ms=5000)
    timer.join()
    assert len(buffer) == 128 * KIB


def test_concurrent_holders_never_share_memory():
    pool = BufferPool(2 * MIB)  # far fewer bytes than the threads want at once: forces waiting and reuse
    live: dict[int, int] = {}
    lock = threading.Lock()
    failures: list[str] = []

    def worker(number: int) -> None:
        pattern = bytes([number]) * 64
        for round_number in range(300):
            size = (4 * KIB) << ((number + round_number) % 7)  # 4 KiB … 256 KiB
            buffer = pool.acquire(size, timeout_ms=10_000)
            view = memoryview(buffer)
            with lock:
                if buffer.address in live:
                    failures.append(f"{buffer.address:#x} handed to {number} while held by {live[buffer.address]}")
                live[buffer.address] = number
            view[:64] = pattern
            view[-64:] = pattern
            if bytes(view[:64]) != pattern or bytes(view[-64:]) != pattern:
                failures.append(f"buffer of {number} overwritten")
            with lock:
                del live[buffer.address]
            view.release()
            buffer.release()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    stats = pool.stats()
    assert stats["in_use_bytes"] == 0 and stats["reserved_bytes"] <= 2 * MIB
    assert stats["hits"] > stats["misses"]
