"""The TCP frame state machine of one connection, fed by ``asyncio.BufferedProtocol``'s buffer callbacks.

Payloads are received straight into the buffer the handler gets (SendMessages frames reach the native
stamping code without a copy):

* read the 8-byte header ``length u32 | code u32``;
* check it with ``iggy_server.request_path.check_request`` (the checks every transport makes, in one order:
  ``length < 4``, size before login, unknown code, size limit, stale client, login). A refusal that asks
  for it closes the connection (an anonymous peer announcing a large payload, a stale client); otherwise the
  payload is *drained* through a shared scratch buffer — never buffered, never parsed as a frame — so the
  stream stays in sync and memory stays bounded;
* otherwise the payload is read into a bytearray that grows with the bytes actually received (at most
  twice them), never with the announced length — or, for a large SendMessages, into a pooled buffer
  (bounded by ``system.memory_pool.size_bytes``); then the request is dispatched: one at a time per
  connection.

No transport here: the layers above answer (``_reject``), close (``_close``) and run the request
(``_on_payload``), so the machine can be driven with bytes alone (``get_buffer`` / ``buffer_updated``). Right after
accepting a header with a payload it calls ``_read_payload_now``: a client writes header and payload together,
so a layer with the socket at hand can read the payload in the same callback instead of the loop's next turn.
"""

from __future__ import annotations

import asyncio
import struct
from typing import TYPE_CHECKING

from iggy.protocol.codes import VSR_HEADER_SIZE, VSR_MAX_FRAME_BYTES, Command, ErrorCode, Operation, ProtocolVersion
from iggy.protocol.layout import REQUEST_HEADER_OPERATION_AT, REQUEST_HEADER_SIZE_AT

from ..context import TransportContext
from ..request_path import check_request, request_limit_bytes

if TYPE_CHECKING:
    from .._native import PooledBuffer
    from ..session import Session

__all__ = ["FrameReader", "FRAME_COUNTERS"]

_REQUEST_HEADER = struct.Struct("<II")
# The version whose codes a ``length | code`` frame carries (0.9-only codes such as SyncConsumerGroup are unknown).
_V0_8 = ProtocolVersion.V0_8
_DRAIN_CHUNK_BYTES = 64 * 1024
# Drained payloads are discarded, so every connection can receive them into this one buffer (the event loop
# is single-threaded: a get_buffer/buffer_updated pair is never interleaved with another connection's).
_DRAIN_BUFFER = memoryview(bytearray(_DRAIN_CHUNK_BYTES))
# A payload buffer starts this small and doubles as bytes arrive, up to the announced length.
_INITIAL_PAYLOAD_BYTES = 4096
# SendMessages payloads from this size on are received into pooled buffers (smaller ones: a bytearray is
# cheaper); other commands gain nothing from the zero-copy path and use the growing bytearray.
_POOLED_PAYLOAD_MIN_BYTES = 64 * 1024
FRAME_COUNTERS = (
    "rejected_frame_too_short",
    "rejected_unknown_command",
    "rejected_oversize",
    "rejected_oversize_before_login",
    "rejected_unauthenticated",
    "rejected_stalled",
    "closed_login_timeout",
    "error_answers",
)


class FrameReader(asyncio.BufferedProtocol):
    """Frame state and header checks; see the module docstring.

    A connection's first 8 bytes tell its protocol version: 0.9 clients leave the header checksum 0, where a 0.8
    frame length is never 0. A 0.9 connection then reads 256-byte headers (``_VSR_HEADER``) and their bodies
    (``_PAYLOAD``, as 0.8 payloads) for the rest of its life, and hands each frame to ``_on_vsr_frame``.
    """

    _HEADER, _PAYLOAD, _DRAIN, _VSR_HEADER = range(4)

    def __init__(self, ctx: TransportContext) -> None:
        self.ctx = ctx
        self.session: Session | None = None
        self._header = bytearray(8)
        self._header_view = memoryview(self._header)
        self._state = self._HEADER
        self._filled = 0
        self._payload: bytearray | PooledBuffer | None = None
        self._payload_view: memoryview | None = None
        self._payload_bytes = 0
        self._code = 0
        self._drain_left = 0
        # 0.9 framing: the 256-byte header of the frame being read (allocated when the connection turns out 0.9).
        self._vsr = False
        self._vsr_header: bytearray | None = None
        self._vsr_header_view: memoryview | None = None
        # Bytes received so far (the stall sweep watches it change).
        self.received_bytes = 0

    # ------------------------------------------------------------------ what the layers above provide

    def _on_payload(self) -> None:
        """A whole request is in ``_payload_view`` (command ``_code``): run it."""
        raise NotImplementedError

    def _reject(self, code: int, error: int, message: str, frame_reason: str | None = None) -> None:
        """Answer Iggy error ``error``, logged and counted; ``frame_reason``: the frame itself was refused (the
        label of its counter)."""
        raise NotImplementedError

    def _close(self, abort: bool = False) -> None:
        raise NotImplementedError

    def _on_vsr_frame(self, header: bytearray, body: memoryview) -> None:
        """A whole 0.9 frame arrived: run it."""
        raise NotImplementedError

    def _reject_vsr(self, header: bytearray, error: int, message: str) -> None:
        """Answer a 0.9 request with a status (counted like a refused frame)."""
        raise NotImplementedError

    def _read_payload_now(self) -> None:
        """A payload was just accepted: a layer that can read its socket without blocking may deliver what
        already arrived (through ``get_buffer`` / ``buffer_updated``) instead of waiting for the loop."""

    # ------------------------------------------------------------------ asyncio buffer callbacks

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._state == self._HEADER:
            return self._header_view[self._filled :]
        if self._state == self._VSR_HEADER:
            assert self._vsr_header_view is not None
            return self._vsr_header_view[self._filled :]
        if self._state == self._PAYLOAD:
            assert self._payload_view is not None
            return self._payload_view[self._filled :]
        return _DRAIN_BUFFER[: min(self._drain_left, _DRAIN_CHUNK_BYTES)]

    def buffer_updated(self, nbytes: int) -> None:
        self.received_bytes += nbytes
        if self._state == self._DRAIN:
            self._drain_left -= nbytes
            if self._drain_left == 0:
                self._reset()
            return
        self._filled += nbytes
        if self._state == self._HEADER:
            if self._filled == 8:
                self._on_header()
        elif self._state == self._VSR_HEADER:
            if self._filled == VSR_HEADER_SIZE:
                self._on_vsr_header()
        elif self._payload_view is not None and self._filled == self._payload_view.nbytes:
            if self._filled == self._payload_bytes:
                self._finish_payload()
            else:
                self._grow_payload()

    def _finish_payload(self) -> None:
        if not self._vsr:
            self._on_payload()
            return
        header, body = self._vsr_header, self._payload_view
        assert header is not None and body is not None
        # The next frame reads into a fresh header buffer: the handler may still hold this one.
        self._vsr_header = bytearray(VSR_HEADER_SIZE)
        self._vsr_header_view = memoryview(self._vsr_header)
        self._reset()
        self._on_vsr_frame(header, body)

    # ------------------------------------------------------------------ framing

    def _reset(self) -> None:
        self._state = self._VSR_HEADER if self._vsr else self._HEADER
        self._filled = 0
        self._payload = None
        self._payload_view = None
        self._payload_bytes = 0

    def _drain(self, payload_bytes: int) -> None:
        if payload_bytes <= 0:
            self._reset()
            return
        self._state = self._DRAIN
        self._drain_left = payload_bytes

    def _grow_payload(self) -> None:
        """Double the payload buffer (up to the announced length) once the bytes received fill it."""
        assert isinstance(self._payload, bytearray)
        grown = bytearray(min(self._payload_bytes, 2 * len(self._payload)))
        grown[: self._filled] = self._payload
        self._payload = grown
        self._payload_view = memoryview(grown)

    def _on_header(self) -> None:
        length, code = _REQUEST_HEADER.unpack_from(self._header, 0)
        session = self.session
        assert session is not None
        if length == 0 and session.protocol == ProtocolVersion.V0_8 and self.received_bytes == 8:
            # The connection's first bytes and a zero checksum: a 0.9 client (its 256-byte header goes on).
            self._start_vsr()
            return
        if self.ctx.shutting_down:
            # No new work once shutdown started; in-flight requests still complete.
            self._close()
            return
        payload_bytes = length - 4
        refusal = check_request(self.ctx, session, code, payload_bytes, _V0_8)
        if refusal is not None:
            self._reject(code, refusal.code, refusal.message, refusal.frame_reason)
            if refusal.close:
                self._close()
            else:
                # Skipped through the scratch buffer (nothing to skip when the frame is too short).
                self._drain(payload_bytes)
            return
        self._code = code
        if payload_bytes == 0:
            self._payload = bytearray()
            self._payload_view = memoryview(self._payload)
            self._on_payload()
            return
        self._state = self._PAYLOAD
        self._filled = 0
        self._payload_bytes = payload_bytes
        pooled = (
            self.ctx.io.acquire_for_receive(payload_bytes)
            if code == Command.SEND_MESSAGES and payload_bytes >= _POOLED_PAYLOAD_MIN_BYTES
            else None
        )
        if pooled is None:
            self._payload = bytearray(min(payload_bytes, _INITIAL_PAYLOAD_BYTES))
            self._payload_view = memoryview(self._payload)
        else:
            # The pool takes the memory back only once this view and every slice of it (the handler's
            # index/frames views) are gone, so releasing now is safe and needs no bookkeeping later.
            self._payload = pooled
            self._payload_view = memoryview(pooled)
            pooled.release()
        self._read_payload_now()

    # ------------------------------------------------------------------ 0.9 framing

    def _start_vsr(self) -> None:
        assert self.session is not None
        self.session.protocol = ProtocolVersion.V0_9
        self._vsr = True
        self._vsr_header = bytearray(VSR_HEADER_SIZE)
        self._vsr_header_view = memoryview(self._vsr_header)
        self._vsr_header[:8] = self._header
        self._state = self._VSR_HEADER
        self._filled = 8

    def _on_vsr_header(self) -> None:
        """A 0.9 header is in: check its size, then read the body (or run a body-less frame now)."""
        header = self._vsr_header
        session = self.session
        assert header is not None and session is not None
        if self.ctx.shutting_down:
            self._close()
            return
        size = int.from_bytes(header[REQUEST_HEADER_SIZE_AT : REQUEST_HEADER_SIZE_AT + 4], "little")
        if not VSR_HEADER_SIZE <= size <= VSR_MAX_FRAME_BYTES:
            # The stream cannot be followed past a frame whose size is wrong: nothing to answer to.
            self._reject(0, ErrorCode.INVALID_COMMAND, f"0.9 frame size {size} out of range", "frame_too_short")
            self._close()
            return
        body_bytes = size - VSR_HEADER_SIZE
        limits = self.ctx.config.limits
        if session.user_id is None and body_bytes > limits.max_unauthenticated_request_bytes:
            message = f"body of {body_bytes} bytes before login exceeds {limits.max_unauthenticated_request_bytes}"
            self._reject(0, ErrorCode.UNAUTHENTICATED, message, "oversize_before_login")
            self._close()
            return
        send = header[REQUEST_HEADER_OPERATION_AT] == Operation.SEND_MESSAGES
        limit = request_limit_bytes(self.ctx, send)
        if body_bytes > limit:
            # Answered, and the body drained through the scratch buffer (never kept), as 0.8 payloads are.
            message = f"body of {body_bytes} bytes exceeds the {limit}-byte limit"
            self._reject_vsr(header, ErrorCode.INVALID_COMMAND, message)
            self._drain(body_bytes)
            return
        if body_bytes == 0:
            self._payload = bytearray()
            self._payload_view = memoryview(self._payload)
            self._finish_payload()
            return
        self._state = self._PAYLOAD
        self._filled = 0
        self._payload_bytes = body_bytes
        pooled = (
            self.ctx.io.acquire_for_receive(body_bytes)
            if send and body_bytes >= _POOLED_PAYLOAD_MIN_BYTES
            else None
        )
        if pooled is None:
            self._payload = bytearray(min(body_bytes, _INITIAL_PAYLOAD_BYTES))
            self._payload_view = memoryview(self._payload)
        else:
            self._payload = pooled
            self._payload_view = memoryview(pooled)
            pooled.release()
        self._read_payload_now()
