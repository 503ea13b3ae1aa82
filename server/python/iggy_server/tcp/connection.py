"""One TCP client connection: the asyncio protocol, its session and its flow control.

Reading pauses while a handler waits (a task carries it on) and while more than
``limits.write_buffer_high_water_bytes`` of answers wait in the transport (write backpressure); a
connection that stalls mid-frame for ``limits.frame_read_timeout_ms`` is closed by the server's sweep.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import TYPE_CHECKING

from .dispatch import RequestDispatcher

if TYPE_CHECKING:
    from ..lifecycle import IggyServer

__all__ = ["Connection"]

log = logging.getLogger("iggy_server")


class Connection(RequestDispatcher):
    """One client connection; see the ``iggy_server.tcp`` package docstring for its layers."""

    def __init__(self, server: "IggyServer") -> None:
        super().__init__(server.ctx)
        self.server = server
        self.transport: asyncio.Transport | None = None
        self._closed = False
        self._busy = False
        self._write_paused = False
        self._reading_paused = False
        # (bytes received, loop time) when the stall sweep last saw ``received_bytes`` change.
        self.stall_mark: tuple[int, float] | None = None

    # ------------------------------------------------------------------ asyncio callbacks

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        address = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        if len(self.ctx.clients) >= self.ctx.config.limits.max_connections or self.ctx.shutting_down:
            log.warning("refusing connection from %s (limit or shutdown)", address)
            transport.abort()
            self._closed = True
            return
        limits = self.ctx.config.limits
        transport.set_write_buffer_limits(high=limits.write_buffer_high_water_bytes)
        if self.ctx.config.tcp.nodelay:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                try:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                except OSError:
                    pass
        self.session = self.ctx.clients.connect(address, transport)
        self.server.connections.add(self)
        log.info("client %d connected from %s", self.session.client_id, address)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self.server.connections.discard(self)
        session = self.session
        if session is None:
            return
        try:
            self.ctx.metadata.leave_all_groups(session)
        except Exception:
            log.exception("leaving the consumer groups of client %d failed", session.client_id)
        self.ctx.clients.disconnect(session)
        log.info("client %d (%s) disconnected", session.client_id, session.address)

    def eof_received(self) -> bool:
        return False  # close our side too

    def pause_writing(self) -> None:
        self._write_paused = True
        self._update_reading()

    def resume_writing(self) -> None:
        self._write_paused = False
        self._update_reading()

    # ------------------------------------------------------------------ flow control

    @property
    def mid_frame(self) -> bool:
        """Whether part of a frame has arrived and the rest is awaited from the peer (not paused by us)."""
        return not self._reading_paused and (self._state != self._HEADER or self._filled > 0)

    def _update_reading(self) -> None:
        """Read while no handler is running and the peer drains its answers; pause otherwise."""
        if self._closed or self.transport is None:
            return
        pause = self._busy or self._write_paused
        if pause != self._reading_paused:
            self._reading_paused = pause
            if pause:
                self.transport.pause_reading()
            else:
                self.transport.resume_reading()

    def _close(self, abort: bool = False) -> None:
        """Close after the pending answers are sent, or at once (``abort``: a peer that may never read them)."""
        if self.transport is not None and not self._closed:
            self._closed = True
            if abort:
                self.transport.abort()
            else:
                self.transport.close()
