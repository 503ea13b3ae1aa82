"""Connection sessions and request framing shared by the WebSocket and QUIC transports.

Both carry the TCP framing (``length u32 | code u32 | payload`` in, ``status u32 | length u32 | body`` out).
:class:`FrameAssembler` turns received chunks into requests: a header is checked as soon as its 8 bytes are
in (unknown code, oversize, login), and a refused request's payload is *discarded* as it arrives, never
buffered — so memory grows with bytes received, never with a length a peer announces.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

from iggy.protocol.codes import ProtocolVersion

from ..context import TransportContext
from ..request_path import check_request
from ..session import Session
from .execute import REQUEST_HEADER

__all__ = ["open_session", "close_session", "FrameAssembler"]

log = logging.getLogger(__name__)


class _Closer:
    """What ``Session.close`` calls for stale clients: closes the transport's connection."""

    def __init__(self, close: Callable[[], None]) -> None:
        self.close = close


def open_session(ctx: TransportContext, address: str, transport_kind: int, close: Callable[[], None]) -> Session | None:
    """Register a connection (None when the connection limit is reached or the server is stopping)."""
    if len(ctx.clients) >= ctx.config.limits.max_connections or ctx.shutting_down:
        log.warning("refusing connection from %s (limit or shutdown)", address)
        return None
    session = ctx.clients.connect(address, _Closer(close))
    session.transport_kind = transport_kind
    return session


def close_session(ctx: TransportContext, session: Session) -> None:
    try:
        ctx.groups.leave_all_groups(session)
    except Exception:
        log.exception("leaving the consumer groups of client %d failed", session.client_id)
    ctx.clients.disconnect(session)


class FrameAssembler:
    """Feed chunks with :meth:`feed`; it yields ``("request", code, payload)`` or ``("error", code, refusal)``
    items (``code``: the refused frame's command code; ``refusal``: a ``request_path.Refusal``, whose ``close``
    asks to close the connection after the answer)."""

    def __init__(self, ctx: TransportContext, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        self._buffer = bytearray()
        self._discard_bytes = 0

    @property
    def pending_bytes(self) -> int:
        return len(self._buffer) + self._discard_bytes

    def feed(self, chunk: bytes | bytearray | memoryview) -> Iterator[tuple[Any, ...]]:
        view = memoryview(chunk)
        if self._discard_bytes:
            dropped = min(self._discard_bytes, len(view))
            self._discard_bytes -= dropped
            view = view[dropped:]
        if not self._buffer and len(view) >= 8:
            # The common case, one whole request per chunk: no copy into the buffer.
            length, code = REQUEST_HEADER.unpack_from(view, 0)
            if length >= 4 and len(view) == 4 + length:
                refused = check_request(self.ctx, self.session, code, length - 4, ProtocolVersion.V0_8)
                if refused is not None:
                    yield ("error", code, refused)
                else:
                    yield ("request", code, view[8:])
                return
        self._buffer += view
        yield from self._drain_buffer()

    def _drain_buffer(self) -> Iterator[tuple[Any, ...]]:
        buffer = self._buffer
        while True:
            if self._discard_bytes:
                dropped = min(self._discard_bytes, len(buffer))
                del buffer[:dropped]
                self._discard_bytes -= dropped
                if self._discard_bytes:
                    return
            if len(buffer) < 8:
                return
            length, code = REQUEST_HEADER.unpack_from(buffer, 0)
            payload_bytes = length - 4
            refused = check_request(self.ctx, self.session, code, payload_bytes, ProtocolVersion.V0_8)
            if refused is not None:
                del buffer[:8]
                self._discard_bytes = max(payload_bytes, 0)  # a frame too short has nothing to discard
                yield ("error", code, refused)
                continue
            if len(buffer) < 8 + payload_bytes:
                return
            payload = bytes(buffer[8 : 8 + payload_bytes])
            del buffer[: 8 + payload_bytes]
            yield ("request", code, memoryview(payload))
