"""Group commit: concurrent producers of a partition share one fdatasync (``durable`` mode).

Appends reach the OS synchronously (cheap: a page-cache write); what costs is the fdatasync. A
producer in ``durable`` mode awaits :meth:`GroupCommit.wait` after its append: if no sync is running
one starts in a worker thread (the event loop keeps serving), otherwise the producer joins the next
one. Each sync covers every append made before it started, so N producers waiting together cost one
or two fdatasyncs instead of N. The descriptors are duplicated for the worker so that a segment being
sealed or deleted meanwhile cannot make it sync (or close) the wrong file.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Executor

from iggy.protocol.codes import ErrorCode
from iggy_server import _native
from iggy_server.storage.errors import StorageError


def _sync_duplicates(fds: list[int]) -> None:
    try:
        _native.fdatasync_fds(fds)
    finally:
        for fd in fds:
            os.close(fd)


class GroupCommit:
    """Per-partition sequence of appends (``written``) and of appends known to be on disk (``synced``)."""

    def __init__(self, current_fds: Callable[[], tuple[int, ...]], executor: Callable[[], Executor]) -> None:
        self._current_fds = current_fds
        self._executor = executor  # called at the first sync: the workers start only when needed
        self._written = 0
        self._synced = 0
        self._running: asyncio.Future[None] | None = None
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self.syncs = 0  # fdatasync rounds run (each covers all appends before it)

    def note_append(self) -> int:
        self._written += 1
        return self._written

    def mark_all_synced(self) -> None:
        """A synchronous sync (flush, rotation) covered everything written so far."""
        self._synced = self._written
        self._resolve(self._written, None)

    async def wait(self, sequence: int | None = None) -> None:
        """Return once append number ``sequence`` (default: every append so far) is on disk."""
        target = self._written if sequence is None else sequence
        if self._synced >= target:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((target, future))
        self._start()
        await future

    def _start(self) -> None:
        if self._running is not None or not self._waiters:
            return
        target = self._written
        try:
            fds = [os.dup(fd) for fd in self._current_fds()]
        except OSError as error:
            self._resolve(target, error)
            return
        loop = asyncio.get_running_loop()
        self._running = loop.run_in_executor(self._executor(), _sync_duplicates, fds)
        self._running.add_done_callback(lambda future: self._finished(future, target))

    def _finished(self, future: asyncio.Future[None], target: int) -> None:
        self._running = None
        self.syncs += 1
        error = future.exception()
        if error is None:
            self._synced = max(self._synced, target)
        self._resolve(target, error)
        self._start()

    def _resolve(self, target: int, error: BaseException | None) -> None:
        remaining: list[tuple[int, asyncio.Future[None]]] = []
        for sequence, future in self._waiters:
            if sequence > target:
                remaining.append((sequence, future))
            elif not future.done():
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(
                        StorageError(int(ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT), f"fdatasync failed: {error}")
                    )
        self._waiters = remaining
