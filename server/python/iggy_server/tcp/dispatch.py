"""Running a TCP request: the handler coroutine, the answer, refusals and the audit line.

The handler coroutine is driven inline from the read callback (almost every handler finishes without
awaiting); only one that really waits gets a task, and reading pauses meanwhile so requests stay one at a
time per connection. What follows the handler (its error, the audit line) and every refusal's log line and
counter are ``iggy_server.request_path``'s, as on the other transports; refused frames are also counted per
reason here (the frame stats of the server's log).
"""

from __future__ import annotations

import asyncio
import struct
from typing import TYPE_CHECKING, Any

from iggy.protocol.codes import Transport

from .. import vsr
from ..handlers import HANDLERS
from ..request_path import one_byte_body, refused, settle
from ..transports.metrics import TRAFFIC
from .framing import FrameReader

if TYPE_CHECKING:
    from ..lifecycle import IggyServer

__all__ = ["RequestDispatcher"]

_RESPONSE_HEADER = struct.Struct("<II")
_COALESCE_LIMIT_BYTES = 64 * 1024
_EMPTY_OK_ANSWER = _RESPONSE_HEADER.pack(0, 0)
# /metrics: one increment per request and per answer (requests[code], sent_bytes), errors per refusal.
_TCP_TRAFFIC = TRAFFIC[Transport.TCP]
TRANSPORT = "tcp"


class RequestDispatcher(FrameReader):
    """Runs each complete request and writes its answer to ``transport``."""

    server: "IggyServer"
    transport: asyncio.Transport | None
    _closed: bool
    # A handler is waiting (a task carries it on): reading stays paused until it answers.
    _busy: bool

    def _update_reading(self) -> None:
        raise NotImplementedError

    def _after_send(self, payload: memoryview) -> None:
        """A SendMessages was answered OK (the connection may go to the native send path)."""

    def _after_poll(self, payload: memoryview) -> None:
        """A single consumer's PollMessages by offset was answered OK (the connection may go to the native path)."""

    def _on_payload(self) -> None:
        session = self.session
        assert self._payload_view is not None and self.transport is not None and session is not None
        payload, code = self._payload_view, self._code
        self._reset()
        self.ctx.io.catch_up()
        _TCP_TRAFFIC.requests[code] += 1
        # Who ran an audited command is who was logged in when it started (see request_path.settle).
        started_user = session.user_id
        # Drive the handler coroutine inline: almost every handler finishes without awaiting, and
        # answering from this callback skips a task, a loop iteration and pause/resume syscalls.
        coroutine = HANDLERS[code](self.ctx, session, payload)
        try:
            awaited = coroutine.send(None)
        except StopIteration as done:
            self._finish(code, payload, started_user, done.value, None)
            return
        except Exception as exc:
            self._finish(code, payload, started_user, None, exc)
            return
        # The handler waits for something (e.g. password hashing in a thread): stop reading so
        # requests stay one at a time, and let a task carry it to completion.
        self._busy = True
        self._update_reading()
        resumed = self._continue(code, payload, started_user, coroutine, awaited)
        self.server.track(asyncio.get_running_loop().create_task(resumed))

    # ------------------------------------------------------------------ 0.9 frames

    def _on_vsr_frame(self, header: bytearray, body: memoryview) -> None:
        assert self.transport is not None and self.session is not None
        self.ctx.io.catch_up()
        request = vsr.parse_request_header(header)
        coroutine = vsr.handle_request(self.ctx, self.session, request, body)
        try:
            awaited = coroutine.send(None)
        except StopIteration as done:
            self._finish_vsr(done.value, body)
            return
        self._busy = True
        self._update_reading()
        task = asyncio.get_running_loop().create_task(self._continue_vsr(coroutine, awaited, body))
        self.server.track(task)

    async def _continue_vsr(self, coroutine: Any, awaited: Any, body: memoryview) -> None:
        try:
            outcome = await _drive(coroutine, awaited)
            self._finish_vsr(outcome, body)
        finally:
            self._busy = False
            self._update_reading()

    def _finish_vsr(self, outcome: vsr.Outcome, body: memoryview) -> None:
        if outcome.parts:
            self._write_parts(outcome.parts)
        if outcome.close:
            self._close()
        elif self.session is not None and self.session.send_route is not None:  # a SendMessages applied
            self._after_send(body)

    def _reject_vsr(self, header: bytearray, error: int, message: str) -> None:
        stats = self.server.frame_stats
        stats["error_answers"] += 1
        stats["rejected_oversize"] += 1
        session = self.session
        assert session is not None
        request = vsr.parse_request_header(header)
        refused(self.ctx, session, request.code, error, message, TRANSPORT)
        self._write_parts(vsr.reply_frame(request, error, [], 0))

    def _write_parts(self, parts: list[Any]) -> None:
        """Write a frame's parts in order, small ones coalesced (as `_write_ok` does)."""
        if self.transport is None or self._closed:
            return
        wire: list[Any] = []
        pending = bytearray()
        for part in parts:
            part_size = part.nbytes if isinstance(part, memoryview) else len(part)
            if part_size < _COALESCE_LIMIT_BYTES:
                pending += part
                continue
            if pending:
                wire.append(pending)
                pending = bytearray()
            wire.append(part)
        if pending:
            wire.append(pending)
        self._send(wire)

    async def _continue(
        self, code: int, payload: memoryview, started_user: int | None, coroutine: Any, awaited: Any
    ) -> None:
        try:
            while True:
                if awaited is None:  # a bare yield (asyncio.sleep(0))
                    await asyncio.sleep(0)
                else:
                    # What a Task does with a yielded future: clear the flag, then wait for it.
                    awaited._asyncio_future_blocking = False
                    try:
                        await awaited
                    except asyncio.CancelledError:
                        if not awaited.done():  # this task itself was cancelled (shutdown)
                            coroutine.close()
                            raise
                    except BaseException:
                        pass  # the handler observes the outcome itself when resumed
                try:
                    awaited = coroutine.send(None)
                except StopIteration as done:
                    self._finish(code, payload, started_user, done.value, None)
                    return
                except Exception as exc:
                    self._finish(code, payload, started_user, None, exc)
                    return
        finally:
            self._busy = False
            session = self.session
            if session is not None and session.stale:
                self._close()
            else:
                self._update_reading()

    def _finish(
        self, code: int, payload: memoryview, started_user: int | None, result: Any, error: Exception | None
    ) -> None:
        """Answer a request whose handler ended (``error``: what it raised): the OK payload, or the error's code
        (never with a body)."""
        session = self.session
        assert session is not None
        failure = settle(self.ctx, session, code, payload, started_user, error)
        if failure is None:
            self._write_ok(code, result)
            if session.send_route is not None:
                self._after_send(payload)
            elif session.poll_route is not None:
                self._after_poll(payload)
        else:
            self._reject(code, failure.code, failure.message)
        if session.stale:
            self._close()

    def _reject(self, code: int, error: int, message: str, frame_reason: str | None = None) -> None:
        """Answer an error: logged through the server-wide rate limit and counted (request_path.refused);
        ``frame_reason``: the frame itself was refused, also counted per reason."""
        stats = self.server.frame_stats
        stats["error_answers"] += 1
        if frame_reason is not None:
            stats[f"rejected_{frame_reason}"] += 1
        session = self.session
        assert session is not None
        refused(self.ctx, session, code, error, message, TRANSPORT)
        self._write_error(error)

    def _write_error(self, error: int) -> None:
        if self.transport is not None and not self._closed:
            _TCP_TRAFFIC.sent_bytes += _RESPONSE_HEADER.size
            self._send([_RESPONSE_HEADER.pack(int(error), 0)])

    def _write_ok(self, code: int, result: Any) -> None:
        if self.transport is None or self._closed:
            return
        if not result:  # an empty body (every SendMessages ack): the header alone
            _TCP_TRAFFIC.sent_bytes += _RESPONSE_HEADER.size
            self._send([_EMPTY_OK_ANSWER])
            return
        parts = result if isinstance(result, list) else [result]
        size = sum(part.nbytes if isinstance(part, memoryview) else len(part) for part in parts)
        if size == 1:
            failure = one_byte_body(code)
            self._reject(code, failure.code, failure.message)
            return
        _TCP_TRAFFIC.sent_bytes += _RESPONSE_HEADER.size + size
        # Small parts are coalesced with the header (one segment on the wire under TCP_NODELAY);
        # large ones are handed on as they are, which sends them without a copy when the socket buffer has
        # room (3.11's writelines would join everything first).
        wire: list[Any] = []
        pending = bytearray(_RESPONSE_HEADER.pack(0, size))
        for part in parts:
            part_size = part.nbytes if isinstance(part, memoryview) else len(part)
            if part_size < _COALESCE_LIMIT_BYTES:
                pending += part
                continue
            if pending:
                wire.append(pending)
                pending = bytearray()
            wire.append(part)
        if pending:
            wire.append(pending)
        self._send(wire)

    def _send(self, wire: list[Any]) -> None:
        """Write an answer's parts in order: through the native send thread when the connection has one."""
        raise NotImplementedError


async def _drive(coroutine: Any, awaited: Any) -> Any:
    """Carry a coroutine that yielded ``awaited`` (from an inline ``send(None)``) on to its result."""
    while True:
        if awaited is None:  # a bare yield (asyncio.sleep(0))
            await asyncio.sleep(0)
        else:
            awaited._asyncio_future_blocking = False
            try:
                await awaited
            except asyncio.CancelledError:
                if not awaited.done():  # this task itself was cancelled (shutdown)
                    coroutine.close()
                    raise
            except BaseException:
                pass  # the coroutine observes the outcome itself when resumed
        try:
            awaited = coroutine.send(None)
        except StopIteration as done:
            return done.value
