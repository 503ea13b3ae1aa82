"""One TCP client connection: the asyncio protocol, its session and its flow control.

Reading pauses while a handler waits (a task carries it on) and while more than
``limits.write_buffer_high_water_bytes`` of answers wait in the transport or the native send thread (write
backpressure; reading resumes at a quarter of it); a
connection that stalls mid-frame for ``limits.frame_read_timeout_ms``, or stays without a login for
``limits.login_timeout_ms``, is closed by the server's sweep.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from typing import TYPE_CHECKING, Any

from iggy.protocol.codes import PartitioningKind, ProtocolVersion, Transport

from .. import _native, vsr
from ..transports.metrics import TRAFFIC
from .dispatch import RequestDispatcher

if TYPE_CHECKING:
    from ..lifecycle import IggyServer
    from ..metadata.tree import Topic
    from ..storage import Partition

# A native send path route: (its bytes, partitioning kind, lanes, the topic's round-robin cursor or None, stream id,
# topic id, the lanes' partition ids).
SendRoute = tuple[bytes, int, list[_native.PartitionLane], _native.RoundRobin | None, int, int, list[int]]

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
        # The native send thread's handle for this socket (``tcp.send_thread``, plain TCP only): every answer
        # goes through it, so answers stay in order. Paused: more than the high water mark is queued there.
        self._sender: Any = None
        self._sender_paused = False
        # The socket's descriptor for reading a payload right after its header (plain TCP), else -1.
        self._socket_fd = -1
        # (bytes received, loop time) when the sweep last saw ``received_bytes`` change.
        self.stall_mark: tuple[int, float] | None = None
        # Loop time since when the connection is not logged in (None while it is).
        self.unauthenticated_since: float | None = None
        # On the native send path (``_native.DataPlane``): a thread of its own reads the socket meanwhile.
        self.on_send_path = False
        # The routes its sends took (route bytes -> partition lane), valid at the data plane's epoch `_routes_epoch`.
        self._send_routes: dict[bytes, SendRoute] = {}
        self._routes_epoch = -1

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
        sock = transport.get_extra_info("socket")
        if self.ctx.config.tcp.nodelay and sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        # The server has a send thread only without TLS (it writes plaintext to the socket).
        if self.server.sender is not None and sock is not None:
            self._sender = self.server.sender.attach(sock.fileno())
        if sock is not None and transport.get_extra_info("sslcontext") is None:
            self._socket_fd = sock.fileno()
        self.session = self.ctx.clients.connect(address, transport)
        self.unauthenticated_since = asyncio.get_running_loop().time()
        self.server.connections.add(self)
        log.info("client %d connected from %s", self.session.client_id, address)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._stop_send_path()
        if self in self.server.connections:  # its bytes leave the live sum (lifecycle) for the total
            self.server.connections.discard(self)
            TRAFFIC[Transport.TCP].received_bytes += self.received_bytes
        if self._sender is not None:
            # The socket stays open through the send thread's duplicate until what is queued is sent.
            self._sender.close(graceful=True)
            self.server.sender_waiters.discard(self)
        session = self.session
        if session is None:
            return
        try:
            self.ctx.groups.leave_all_groups(session)
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

    def _send(self, wire: list[Any]) -> None:
        sender = self._sender
        if sender is None:
            assert self.transport is not None
            for part in wire:
                self.transport.write(part)
            return
        sender.write(wire)
        if not self._sender_paused and sender.queued_bytes > self.ctx.config.limits.write_buffer_high_water_bytes:
            self._sender_paused = True
            self._wait_for_sender()
            self._update_reading()

    def _wait_for_sender(self) -> None:
        """Until the send thread's queue is down to a quarter of the high water mark (as asyncio's default)."""
        low_water_bytes = self.ctx.config.limits.write_buffer_high_water_bytes // 4
        if self._sender.notify_at_or_below(low_water_bytes):
            self._sender_paused = False
            self.server.sender_waiters.discard(self)
        else:
            self.server.sender_waiters.add(self)

    def sender_progressed(self) -> None:
        """The send thread signalled (a queue reached its threshold): resume reading if ours did."""
        if self._sender_paused and self._sender is not None:
            self._wait_for_sender()
            self._update_reading()

    # ------------------------------------------------------------------ flow control, timeouts

    @property
    def mid_frame(self) -> bool:
        """Whether part of a frame has arrived and the rest is awaited from the peer (not paused by us)."""
        awaiting_a_new_frame = self._state in (self._HEADER, self._VSR_HEADER) and self._filled == 0
        return not self._reading_paused and not awaiting_a_new_frame

    def overdue(self, now: float, read_timeout_s: float, login_timeout_s: float) -> tuple[str, str] | None:
        """For the server's periodic sweep: (counter, reason) when this connection is to be closed — stalled
        mid-frame for ``read_timeout_s``, or not logged in for ``login_timeout_s`` (since it connected or
        logged out; not while a request, such as the login itself, is running) — else None."""
        session = self.session
        if session is not None and session.user_id is None:
            if self.unauthenticated_since is None:
                self.unauthenticated_since = now  # logged out (or its user deleted) since the last sweep
            elif not self._busy and now - self.unauthenticated_since >= login_timeout_s:
                return "closed_login_timeout", f"not logged in after {now - self.unauthenticated_since:.1f} s"
        else:
            self.unauthenticated_since = None
        if not self.mid_frame:
            self.stall_mark = None
            return None
        mark = self.stall_mark
        if mark is None or mark[0] != self.received_bytes:
            self.stall_mark = (self.received_bytes, now)
        elif now - mark[1] >= read_timeout_s:
            return "rejected_stalled", f"no byte of the pending frame for {now - mark[1]:.1f} s"
        return None

    # ------------------------------------------------------------------ the native send path

    @property
    def _at_frame_start(self) -> bool:
        """No byte of the next frame has been read (the transport reads exactly what each frame needs)."""
        return self._state in (self._HEADER, self._VSR_HEADER) and self._filled == 0

    def _after_send(self, payload: memoryview) -> None:
        """After a SendMessages answered OK: hand the connection to the native send path, which serves its next
        sends by the routes it took, when that path can serve them exactly as the loop would (plain TCP, lanes for
        the partitions the route leads to, no request under way and no byte of the next frame read). A 0.9
        connection goes with its bound session; every 0.9 request is a heartbeat, and the heartbeat check asks the
        path when its thread last admitted one (``DataPlane.last_request_us``)."""
        session = self.session
        assert session is not None
        (topic, partition), session.send_route = session.send_route, None
        plane = self.server.data_plane
        if plane is None or not self._may_go_to_path():
            return
        bound = None
        if session.protocol >= ProtocolVersion.V0_9:
            binding = session.vsr
            if binding is None:
                return
            bound = (binding.client, binding.session, binding.watermark, vsr.last_session_number())
        route = _route(payload, topic, partition)
        if route is None:
            return
        routes = self._send_routes
        epoch = plane.epoch
        if epoch != self._routes_epoch:  # something administrative happened since: the old routes are unchecked
            routes.clear()
            self._routes_epoch = epoch
        key = route[0]
        if key not in routes and len(routes) >= _native.MAX_SEND_ROUTES:
            del routes[next(iter(routes))]
        routes[key] = route
        if plane.start(session.client_id, self._socket_fd, self._sender, list(routes.values()), epoch, bound):
            self._went_to_path()
        # else tcp.native_send_connections threads serve others: this one stays on the loop

    def _after_poll(self, payload: memoryview) -> None:
        """After a single consumer's PollMessages by offset (0.8, no auto-commit) answered OK: hand the connection
        to the native data path, whose thread serves its next polls of the partition while each starts where the
        last ended in the active segment, under the same conditions as ``_after_send``. Only a consumer's
        connection that sent nothing goes: one that alternates sends and polls would change threads with each."""
        session = self.session
        assert session is not None
        (partition, next_offset), session.poll_route = session.poll_route, None
        plane = self.server.data_plane
        if plane is None or self._send_routes or session.protocol >= ProtocolVersion.V0_9 or not self._may_go_to_path():
            return
        log = partition.log
        lane = log.lane
        position = log.poll_position(next_offset)
        if lane is None or position is None:
            return
        poll = (
            _poll_key(payload),
            lane,
            partition.id,
            log.verify_after_read,
            self.ctx.config.limits.max_poll_messages,
            next_offset,
            position,
        )
        if plane.start(session.client_id, self._socket_fd, self._sender, [], plane.epoch, None, poll):
            self._went_to_path()

    def _may_go_to_path(self) -> bool:
        """Whether the native data path could serve the connection exactly as the loop would: plain TCP with the
        send thread, logged in and not stale, no request under way and no byte of the next frame read."""
        session = self.session
        return not (
            session is None
            or self.on_send_path
            or self._closed
            or self._busy
            or self._sender is None
            or self._socket_fd < 0
            or session.user_id is None
            or session.stale
            or not self._at_frame_start
        )

    def _went_to_path(self) -> None:
        """A thread of the native data path reads the socket now: the loop stops until it hands it back."""
        assert self.transport is not None and self.session is not None
        self.on_send_path = True
        self.server.send_path_connections[self.session.client_id] = self
        self.transport.pause_reading()
        self._reading_paused = True

    def left_send_path(
        self,
        frame: bytes,
        stalled: bool,
        thread_received_bytes: int,
        session_state: tuple[int, list[tuple[int, bytes]], int] | None = None,
    ) -> None:
        """The native send path handed the connection back (``DataPlane.exits``): ``frame``, what its thread read of
        the frame it did not serve, is read here as if the transport had read it, and the loop reads on.
        ``session_state`` (0.9): the request watermark and the replies the thread sent, for the session's client
        table (a retried request gets its reply), before the loop reads the frame; and when the thread last
        admitted a request (the session's last heartbeat, if later than the loop's)."""
        self.on_send_path = False
        session = self.session
        binding = session.vsr if session is not None else None
        if session_state is not None and binding is not None:
            watermark, replies, last_request_us = session_state
            for request, reply in replies:
                binding.remember(request, [reply])
            binding.watermark = max(binding.watermark, watermark)
            session.last_heartbeat_us = max(session.last_heartbeat_us, last_request_us)
        # The frame's bytes are counted again as they are fed in.
        self.received_bytes += thread_received_bytes - len(frame)
        if self._closed or self.transport is None:
            return
        if stalled:
            self.server.frame_stats["rejected_stalled"] += 1
            client_id = self.session.client_id if self.session is not None else "?"
            log.warning("client %s: closing, a frame stalled on the native send path", client_id)
            self._close(abort=True)
            return
        view = memoryview(frame)
        while view.nbytes and not self._closed:
            buffer = self.get_buffer(view.nbytes)
            taken = min(buffer.nbytes, view.nbytes)
            buffer[:taken] = view[:taken]
            self.buffer_updated(taken)
            view = view[taken:]
        self._update_reading()

    def _stop_send_path(self) -> None:
        if self.on_send_path and self.session is not None and self.server.data_plane is not None:
            self.server.data_plane.stop(self.session.client_id)

    def _update_reading(self) -> None:
        """Read while no handler is running and the peer drains its answers; pause otherwise."""
        if self._closed or self.transport is None or self.on_send_path:
            return
        pause = self._busy or self._write_paused or self._sender_paused
        if pause != self._reading_paused:
            self._reading_paused = pause
            if pause:
                self.transport.pause_reading()
            else:
                self.transport.resume_reading()

    def _read_payload_now(self) -> None:
        """Read what already arrived of the payload just announced, in the callback that read its header.

        Clients write a request's header and payload together, so the payload is nearly always there already;
        reading it now saves the event loop a turn per request (an epoll wait and the transport's read
        callback: 5-6 % of the server's CPU with 10-message SendMessages, see server/README). Plain TCP
        only: under TLS the socket holds ciphertext. Nothing is read while reading is paused. A payload that
        has not arrived costs one non-blocking read; end of stream and errors are left to the transport,
        whose next read sees them again."""
        if self._socket_fd < 0 or self._closed or self._reading_paused:
            return
        try:
            received_bytes = os.readv(self._socket_fd, [self.get_buffer(-1)])
        except OSError:  # BlockingIOError: nothing yet; anything else the transport reports
            return
        if received_bytes:
            self.buffer_updated(received_bytes)

    def _close(self, abort: bool = False) -> None:
        """Close after the pending answers are sent, or at once (``abort``: a peer that may never read them)."""
        if self.transport is not None and not self._closed:
            self._closed = True
            self._stop_send_path()
            if abort:
                self.transport.abort()
            else:
                self.transport.close()
            if self._sender is not None:
                self._sender.close(graceful=not abort)


def _poll_key(payload: memoryview) -> bytes:
    """A PollMessages payload's bytes before its strategy, as the handler decoded it (so it is well formed): the
    consumer (kind, identifier), the stream and topic identifiers, the optional partition (flag, u32)."""
    at = 1 + 2 + payload[2]  # the consumer's kind, then its identifier (kind, length, value)
    for _ in range(2):  # stream, topic
        at += 2 + payload[at + 1]
    return bytes(payload[: at + 5])


def _route(payload: memoryview, topic: Topic, partition: Partition) -> SendRoute | None:
    """The native send path's route for a SendMessages payload the handler decoded (so it is well formed; 0.8's and
    0.9's metadata have the same layout), or None when a partition it could lead to has no lane. By partition id:
    the stream and topic identifiers and the partitioning as sent (after the metadata length), and the partition's
    lane. Balanced or keyed: the identifiers and the partitioning kind, every partition's lane in order, and for
    balanced the topic's round-robin cursor."""
    at = 4
    for _ in range(2):  # stream, topic (kind, length, value)
        at += 2 + payload[at + 1]
    kind = payload[at]
    if kind == PartitioningKind.PARTITION_ID:
        lane = partition.log.lane
        if lane is None:
            return None
        key = bytes(payload[4 : at + 2 + payload[at + 1]])
        return key, kind, [lane], None, topic.stream_id, topic.id, [partition.id]
    lanes = [p.log.lane for p in topic.partitions]
    if not lanes or None in lanes:
        return None
    cursor = topic.balanced if kind == PartitioningKind.BALANCED else None
    return bytes(payload[4 : at + 1]), kind, lanes, cursor, topic.stream_id, topic.id, [p.id for p in topic.partitions]
