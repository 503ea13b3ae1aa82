"""Background segment writes for ``memory`` durability: acknowledge from memory, write right after.

In ``memory`` mode (Iggy 0.8's behaviour) a SendMessages is acknowledged once its batch is validated,
stamped and queued here, so the producer never waits for the kernel's page cache (whose stalls under
writeback are the latency tail of the ``written`` mode). One writer thread hands queued batches to the
kernel in FIFO order; consecutive batches of one segment go out in a single vectored submission, so a
burst of small batches costs one system call. The native write releases the GIL.

With ``on_loop`` (``system.io.memory_writes = "loop"``) the event loop is the writer instead: a submission
schedules one write of everything queued for right after the callback that queued it, so the callback's
answers (the acknowledgements) go out first and no thread is woken or contends for the GIL per batch.

Bounds: at most ``limit_bytes`` of acknowledged-but-unwritten frames (``system.io.write_queue_bytes``);
past it, senders wait (:meth:`WriteQueue.wait_below_limit`) before they are acknowledged — backpressure,
never unbounded growth. Readers never see a hole: a read of bytes still queued waits for them
(:meth:`WriteQueue.wait_written` from the event loop, :meth:`WriteQueue.drain` elsewhere).

If a background write fails, its bytes are cut off the files, everything queued after it for that segment
is dropped, and the segment writer remembers the failure: later appends and reads of the partition
raise ``CANNOT_SAVE_MESSAGES_TO_SEGMENT`` until a restart recovers the files (acknowledged messages
of the failed writes are lost, as they would be on a crash in this mode).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from typing import NamedTuple, Protocol

# One submission carries at most this many batches (each is one log and one index iovec; IOV_MAX is 1024)
# and this many frame bytes, so a long queue is written in bounded steps.
MAX_BATCHES_PER_SUBMISSION = 512
MAX_SUBMISSION_BYTES = 64 * 1024 * 1024

logger = logging.getLogger(__name__)


class SegmentWriter(Protocol):
    """What the queue needs of a segment writer (:class:`iggy_server.storage.segment.SegmentWriter`).

    The positions and ``failure`` belong to the queue's protocol: it advances ``queued_end_bytes`` on
    :meth:`WriteQueue.submit` and ``written_end_bytes`` / ``failure`` from its thread, under its lock."""

    queued_end_bytes: int
    written_end_bytes: int
    failure: Exception | None

    def raise_if_failed(self) -> None: ...

    def write_many(
        self, frames: list[memoryview], log_position: int, index_entries: list[memoryview], index_position: int
    ) -> None: ...

    def mark_failed(self, log_position: int, index_position: int, error: Exception) -> None: ...


class _Job(NamedTuple):
    writer: SegmentWriter
    frames: memoryview
    log_position: int
    index: memoryview
    index_position: int


class _Waiter(NamedTuple):
    writer: SegmentWriter | None  # None: waits for the queue to get below its limit
    position: int
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


class WriteQueue:
    """FIFO of batches to write (one per server, owned by its :class:`~.resources.IoResources`), with one
    daemon writer thread started on first use."""

    def __init__(self, limit_bytes: int, *, on_loop: bool = False) -> None:
        if limit_bytes <= 0:
            raise ValueError("limit_bytes must be positive")
        self.limit_bytes = limit_bytes
        self.on_loop = on_loop
        self._write_scheduled = False  # on_loop: a write of what is queued is scheduled on the loop
        # on_loop: one writer at a time, so runs are written (and their ends published) in queue order.
        self._writing = threading.Lock()
        self._lock = threading.Lock()
        self._work = threading.Condition(self._lock)
        self._done = threading.Condition(self._lock)
        self._jobs: deque[_Job] = deque()
        self._queued_bytes = 0
        self._waiters: list[_Waiter] = []
        self._thread: threading.Thread | None = None
        self._paused = False
        self._closed = False
        self.submissions = 0  # native writes issued; each carries one or more batches
        self.batches_written = 0

    @property
    def queued_bytes(self) -> int:
        return self._queued_bytes

    def submit(self, writer: SegmentWriter, frames: memoryview, log_position: int, index: memoryview,
               index_position: int) -> None:
        """Queue one batch; ``frames``/``index`` must stay unchanged until written (they are the
        request's own buffers, which nothing reuses)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the write queue is closed")
            writer.raise_if_failed()
            if log_position != writer.queued_end_bytes:
                raise ValueError(f"batch at {log_position} does not follow the queued end {writer.queued_end_bytes}")
            self._jobs.append(_Job(writer, frames, log_position, index, index_position))
            self._queued_bytes += frames.nbytes
            writer.queued_end_bytes = log_position + frames.nbytes
            if not self.on_loop:
                self._ensure_thread()
                self._work.notify()
                return
            if self._write_scheduled:
                return
            self._write_scheduled = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop here (recovery, tools): write now
            self._write_pending()
            return
        loop.call_soon(self._write_pending)

    def over_limit(self) -> bool:
        return self._queued_bytes > self.limit_bytes

    async def wait_below_limit(self) -> None:
        await self._wait(None, 0)

    async def wait_written(self, writer: SegmentWriter, position: int | None = None) -> None:
        """Return once everything queued for ``writer`` so far (up to log byte ``position``) is written
        (StorageError if it failed)."""
        await self._wait(writer, writer.queued_end_bytes if position is None else position)
        writer.raise_if_failed()

    def drain(self, writer: SegmentWriter, position: int | None = None) -> None:
        """Block until ``writer``'s queued bytes (up to ``position``) are written or dropped by a failure."""
        if self.on_loop:  # the caller writes what is queued itself (a drain lifts a test's pause)
            with self._lock:
                self._paused = False
            self._write_pending()
            return
        with self._lock:
            target = writer.queued_end_bytes if position is None else position
            if self._paused and writer.written_end_bytes < target:
                self._paused = False  # a drain asks for the writes now: it lifts a test's pause
                self._work.notify()
            # Each wake-up follows a completed submission, so this ends once the queue gets that far.
            while writer.written_end_bytes < target and writer.failure is None:
                self._done.wait()

    def close(self, timeout_s: float = 30.0) -> None:
        """Write what is queued, then end the writer thread (waiting at most ``timeout_s``); later
        submissions raise. Idempotent."""
        with self._lock:
            self._closed = True
            self._paused = False
            self._work.notify()
            thread = self._thread
        if self.on_loop:
            self._write_pending()
        if thread is not None:
            thread.join(timeout_s)

    def pause(self) -> None:
        """Hold the writer thread before its next submission until :meth:`resume` or a :meth:`drain`
        (tests: build up a queue deterministically)."""
        with self._lock:
            self._paused = True

    def resume(self) -> None:
        with self._lock:
            self._paused = False
            self._work.notify()
        if self.on_loop:
            self._write_pending()

    # --- internals ---------------------------------------------------------------------------------

    async def _wait(self, writer: SegmentWriter | None, position: int) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._satisfied(writer, position):
                return
            future = loop.create_future()
            self._waiters.append(_Waiter(writer, position, loop, future))
        await future

    def _satisfied(self, writer: SegmentWriter | None, position: int) -> bool:
        if writer is None:
            return self._queued_bytes <= self.limit_bytes
        return writer.failure is not None or writer.written_end_bytes >= position

    def _ensure_thread(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="iggy-segment-writer", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:  # one iteration per submission, until close() with nothing left to write
            with self._lock:
                while (not self._jobs or self._paused) and not (self._closed and not self._jobs):
                    self._work.wait()
                if not self._jobs:
                    return
                jobs = self._take_run()
            error = _write(jobs)
            with self._lock:
                self._finish(jobs, error)

    def _write_pending(self) -> None:
        """``on_loop``: write everything queued (unless paused), run by run, on the calling thread."""
        with self._writing:
            with self._lock:
                self._write_scheduled = False
            while True:
                with self._lock:
                    if not self._jobs or self._paused:
                        return
                    jobs = self._take_run()
                error = _write(jobs)
                with self._lock:
                    self._finish(jobs, error)

    def _take_run(self) -> list[_Job]:
        """The longest head of the queue that is one contiguous run of a single segment, within bounds."""
        first = self._jobs.popleft()
        jobs = [first]
        size_bytes = first.frames.nbytes
        while self._jobs and len(jobs) < MAX_BATCHES_PER_SUBMISSION:
            following = self._jobs[0]
            if following.writer is not first.writer or size_bytes + following.frames.nbytes > MAX_SUBMISSION_BYTES:
                break
            jobs.append(self._jobs.popleft())
            size_bytes += following.frames.nbytes
        return jobs

    def _finish(self, jobs: list[_Job], error: Exception | None) -> None:
        writer = jobs[0].writer
        self._queued_bytes -= sum(job.frames.nbytes for job in jobs)
        self.submissions += 1
        if error is None:
            self.batches_written += len(jobs)
            writer.written_end_bytes = jobs[-1].log_position + jobs[-1].frames.nbytes
        else:
            self._fail(writer, jobs[0], error)
        self._done.notify_all()
        self._wake_waiters()

    def _fail(self, writer: SegmentWriter, first_job: _Job, error: Exception) -> None:
        logger.error("background write to segment at byte %d failed: %s", first_job.log_position, error)
        writer.mark_failed(first_job.log_position, first_job.index_position, error)
        kept: deque[_Job] = deque()
        for job in self._jobs:  # drop what was queued after the failed batch for the same segment
            if job.writer is writer:
                self._queued_bytes -= job.frames.nbytes
            else:
                kept.append(job)
        self._jobs = kept

    def _wake_waiters(self) -> None:
        remaining = []
        for waiter in self._waiters:
            if self._satisfied(waiter.writer, waiter.position):
                waiter.loop.call_soon_threadsafe(_resolve, waiter.future)
            else:
                remaining.append(waiter)
        self._waiters = remaining


def _write(jobs: list[_Job]) -> Exception | None:
    first = jobs[0]
    try:
        first.writer.write_many(
            [job.frames for job in jobs], first.log_position, [job.index for job in jobs], first.index_position
        )
    except Exception as error:  # any failure must reach the waiters; the thread must survive it
        return error
    return None


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)

