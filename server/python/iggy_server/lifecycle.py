"""The server's lifecycle: the TCP listener and the other transports, background tasks, graceful shutdown.

``run_server(ctx)`` runs until SIGINT/SIGTERM. The periodic tasks: heartbeat verification, the message
saver's fsync, hot-path stats, the sweep of stalled frames and missing logins, retention, consumer-group
revocation timeouts.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import signal
import ssl
import time
from pathlib import Path
from typing import Any

from iggy.protocol.codes import Command, Transport

from . import _native
from .audit import as_counters
from .config import split_address
from .context import ServerContext
from .handlers import load_handlers
from .metadata import clean_topic
from .session import Session, now_us
from .tcp.connection import Connection
from .tcp.framing import FRAME_COUNTERS
from .transports.listeners import ListenError, start_listeners, stop_listeners
from .transports.certificates import server_tls_context
from .transports.metrics import METRICS, TRAFFIC

__all__ = ["IggyServer", "run_server"]

# How long shutdown waits for answers already queued for closed connections to be delivered.
ANSWER_DRAIN_TIMEOUT_S = 5.0
# How often the loop takes what the native send path appended when no request makes it look sooner.
SEND_PATH_CATCH_UP_MS = 100
_STREAM_TRANSPORTS = frozenset({Transport.QUIC, Transport.WEB_SOCKET})

log = logging.getLogger("iggy_server")


class IggyServer:
    """The listener plus background tasks; ``await start()``, then ``await shutdown()``."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.connections: set[Connection] = set()
        # The native threads that write plain-TCP answers (``tcp.send_thread``, ``tcp.send_thread_count``), and
        # the connections waiting for their queue to drain (write backpressure).
        self.sender: Any = None
        self.sender_waiters: set[Connection] = set()
        # The native send path (``tcp.native_send_connections``; ``_native.DataPlane``), and the connections on it
        # by client id.
        self.data_plane: Any = None
        self.send_path_connections: dict[int, Connection] = {}
        self._send_path_counted = (0, 0, 0, 0, 0, 0, 0)
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._background: list[asyncio.Task[Any]] = []
        self._stopped = asyncio.Event()
        # HTTP / QUIC / WebSocket listeners by config section, each with its bound ``address``.
        self.transports: dict[str, Any] = {}
        # Counters of refused frames and error answers, logged with the hot-path stats (see log_stats).
        self.frame_stats: dict[str, int] = dict.fromkeys(FRAME_COUNTERS, 0)
        # QUIC and WebSocket sessions seen without a login by the sweep, and since when (loop time).
        self._unauthenticated_since: dict[Session, float] = {}

    def log_stats(self) -> None:
        log.info("hot path: %s", as_counters(self.ctx.io.stats()))
        if self.sender is not None:
            sent_bytes, inline_answers, queued_answers, copied_bytes = self.sender.stats()
            log.info(
                "send thread: sent_bytes=%d inline_answers=%d queued_answers=%d copied_bytes=%d "
                "sent_bytes_by_thread=%s",
                sent_bytes, inline_answers, queued_answers, copied_bytes,
                ",".join(str(sent) for sent in self.sender.thread_sent_bytes()),
            )
        log.info(
            "frames: %s log_lines_suppressed=%d", as_counters(self.frame_stats), self.ctx.log_limit.suppressed_total
        )

    def _on_sender_progress(self) -> None:
        self.sender.clear_notify()
        for connection in list(self.sender_waiters):
            connection.sender_progressed()

    def _on_send_path_exits(self) -> None:
        """Connections the native send path handed back: the loop reads them again."""
        self.count_send_path()
        for client_id, frame, stalled, received_bytes, session in self.data_plane.exits():
            connection = self.send_path_connections.pop(client_id, None)
            if connection is not None:
                connection.left_send_path(frame, stalled, received_bytes, session)

    def count_send_path(self) -> None:
        """Add what the native send path served since the last call to the TCP counters (/metrics, stats)."""
        plane = self.data_plane
        if plane is None:
            return
        counted = plane.stats()
        # Received bytes are the connections' own (Connection.left_send_path).
        sends, messages_in, _, _, sent_bytes, polls, messages_out = (
            now - before for now, before in zip(counted, self._send_path_counted)
        )
        self._send_path_counted = counted
        traffic = TRAFFIC[Transport.TCP]
        traffic.requests[Command.SEND_MESSAGES] += sends
        traffic.requests[Command.POLL_MESSAGES] += polls
        traffic.messages_in += messages_in
        traffic.messages_out += messages_out
        traffic.sent_bytes += sent_bytes

    async def _drain_answers(self) -> None:
        """Let answers queued for the closed connections reach their clients (bounded), then stop the send
        thread: asyncio reports a closed transport lost once its buffer is written, the send thread closes a
        duplicate once its queue is."""
        sender = self.sender

        def undelivered() -> int:
            return len(self.connections) + (sender.open_connections() if sender is not None else 0)

        deadline = time.monotonic() + ANSWER_DRAIN_TIMEOUT_S
        while undelivered() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        if undelivered():
            log.warning("dropping the answers queued for %d connections that did not read them", undelivered())
        if sender is not None:
            asyncio.get_running_loop().remove_reader(sender.notify_fd)
            sender.stop()

    def track(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> tuple[str, int]:
        load_handlers()
        host, port = split_address(self.ctx.config.tcp.address, "tcp.address")
        loop = asyncio.get_running_loop()
        tls = _tls_context(self.ctx.config.tcp.tls)
        if self.ctx.config.tcp.send_thread and tls is None:
            self.sender = _native.SocketSender(threads=self.ctx.config.tcp.send_thread_count)
            loop.add_reader(self.sender.notify_fd, self._on_sender_progress)
            self.ctx.producer_seen = self.sender.note_producer
            config = self.ctx.config
            if self.ctx.io.send_lanes:
                limits = config.limits
                self.data_plane = _native.DataPlane(
                    limits.max_send_messages_bytes,
                    limits.max_messages_per_batch,
                    limits.frame_read_timeout_ms,
                    config.tcp.native_send_connections,
                )
                self.ctx.io.data_plane = self.data_plane
                loop.add_reader(self.data_plane.notify_fd, self._on_send_path_exits)
        try:
            # With telemetry on, each request of a connection is wrapped in a span; off, nothing is added.
            connection_class = Connection if self.ctx.telemetry is None else _traced_connection_class()
            self._server = await loop.create_server(
                lambda: connection_class(self), host, port, reuse_address=True, ssl=tls
            )
        except OSError as exc:
            raise ListenError("tcp", self.ctx.config.tcp.address, exc) from exc
        METRICS.count_live_tcp_bytes(lambda: sum(connection.received_bytes for connection in self.connections))
        sockname = self._server.sockets[0].getsockname()
        self.ctx.bound_host, self.ctx.bound_port = sockname[0], sockname[1]
        try:
            self.transports = await start_listeners(self.ctx)
        except BaseException:
            self._server.close()
            raise
        self._start_background_tasks()
        return self.ctx.bound_host, self.ctx.bound_port

    # ------------------------------------------------------------------ background tasks

    def _start_background_tasks(self) -> None:
        config = self.ctx.config
        if config.heartbeat.enabled:
            self._every(config.heartbeat.interval_ms, self._verify_heartbeats, "heartbeat verifier")
        if config.system.message_saver.enabled:
            self._every(config.system.message_saver.interval_ms, self.ctx.metadata.fsync_dirty, "message saver")
        self._every(config.system.memory_pool.stats_log_interval_ms, self.log_stats, "hot path stats")
        if self.data_plane is not None:
            # What the native send path appended reaches stats, index files and sealing within this, even while no
            # request comes to the loop.
            self._every(SEND_PATH_CATCH_UP_MS, self.count_send_path, "native send path catch-up")
        # A stalled frame is noticed between 1 and 1.25 read timeouts after its last byte, a missing login
        # between 1 and 1.25 login timeouts after the connection (or its logout).
        sweep_interval_ms = max(min(config.limits.frame_read_timeout_ms, config.limits.login_timeout_ms) // 4, 1)
        self._every(sweep_interval_ms, self._close_overdue, "stalled frame and login timeout sweep")
        if config.system.message_cleaner.enabled:
            self._every(config.system.message_cleaner.interval_ms, self._clean_expired, "message cleaner")
        group_config = config.consumer_group
        self._every(
            group_config.rebalancing_check_interval_ms,
            lambda: self.ctx.groups.complete_timed_out_revocations(group_config.rebalancing_timeout_ms * 1000),
            "revocation timeout checker",
        )

    def _every(self, interval_ms: int, action: Any, name: str) -> None:
        async def loop() -> None:
            while True:
                await asyncio.sleep(interval_ms / 1000)
                try:
                    self.ctx.io.catch_up()  # what the native send path appended, before the action looks
                    result = action()
                    if inspect.isawaitable(result):
                        await result
                except Exception:
                    log.exception("%s failed", name)

        self._background.append(asyncio.get_running_loop().create_task(loop(), name=name))

    def _verify_heartbeats(self) -> None:
        """Mark clients silent for more than 1.2 × interval stale and remove them (reference §6.8)."""
        threshold_us = int(self.ctx.config.heartbeat.interval_ms * 1000 * 1.2)
        now = now_us()
        plane = self.data_plane
        for session in list(self.ctx.clients):
            if plane is not None and session.client_id in self.send_path_connections:
                # A 0.9 connection on the native send path: its requests reach the thread, not the loop.
                heard_us = plane.last_request_us(session.client_id)
                if heard_us is not None:
                    session.last_heartbeat_us = max(session.last_heartbeat_us, heard_us)
            if now - session.last_heartbeat_us > threshold_us:
                silent_ms = (now - session.last_heartbeat_us) // 1000
                log.warning(
                    "client %d (%s) is stale: no heartbeat for %d ms", session.client_id, session.address, silent_ms
                )
                session.stale = True
                if self.data_plane is not None:
                    self.data_plane.bump_epoch()  # its next send is answered by the loop (StaleClient)
                self.ctx.groups.leave_all_groups(session)
                self.ctx.clients.disconnect(session)
                connection = next((c for c in self.connections if c.session is session), None)
                if connection is not None and not connection._busy:
                    connection._close()

    def _close_overdue(self) -> None:
        """Close (abort) connections stalled mid-frame for ``limits.frame_read_timeout_ms`` and connections not
        logged in for ``limits.login_timeout_ms``."""
        now = asyncio.get_running_loop().time()
        limits = self.ctx.config.limits
        read_timeout_s, login_timeout_s = limits.frame_read_timeout_ms / 1000, limits.login_timeout_ms / 1000
        for connection in list(self.connections):
            overdue = connection.overdue(now, read_timeout_s, login_timeout_s)
            if overdue is None:
                continue
            counter, reason = overdue
            session = connection.session
            log.warning(
                "client %s (%s): closing, %s",
                session.client_id if session else "?",
                session.address if session else "?",
                reason,
            )
            self.frame_stats[counter] += 1
            connection._close(abort=True)
        self._close_stream_sessions_without_login(now, login_timeout_s)

    def _close_stream_sessions_without_login(self, now: float, login_timeout_s: float) -> None:
        """The login timeout for QUIC and WebSocket sessions (HTTP has none: each request carries its token).
        Measured from when the sweep first saw the session without a login (within a quarter of the timeout
        of connecting or logging out)."""
        seen = self._unauthenticated_since
        waiting: dict[Session, float] = {}
        for session in list(self.ctx.clients):
            if session.transport_kind not in _STREAM_TRANSPORTS or session.user_id is not None:
                continue
            since = seen.get(session, now)
            if now - since < login_timeout_s:
                waiting[session] = since
                continue
            log.warning(
                "client %d (%s): closing, not logged in after %.1f s", session.client_id, session.address, now - since
            )
            self.frame_stats["closed_login_timeout"] += 1
            session.close()
        self._unauthenticated_since = waiting

    def _clean_expired(self) -> None:
        now = now_us()
        for stream in self.ctx.metadata.streams:
            for topic in stream.topics:
                segments, messages = clean_topic(topic, now)
                if segments:
                    log.info(
                        "retention removed %d segments (%d messages) from topic %d of stream %d",
                        segments, messages, topic.id, stream.id,
                    )

    # ------------------------------------------------------------------ shutdown

    async def shutdown(self) -> None:
        """Stop accepting, finish in-flight requests, close connections, flush+fsync, persist."""
        if self.ctx.shutting_down:
            await self._stopped.wait()
            return
        self.ctx.shutting_down = True
        self.ctx.listening = False
        log.info("shutting down")
        if self._server is not None:
            self._server.close()
        await stop_listeners(self.transports)
        for task in self._background:
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)
        for connection in list(self.connections):
            connection._close()
        if self.data_plane is not None:
            # Sends under way finish (and are answered); then the threads end and the loop takes what they appended.
            self.data_plane.stop_all()
            asyncio.get_running_loop().remove_reader(self.data_plane.notify_fd)
            self._on_send_path_exits()
            self.ctx.io.catch_up()
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), timeout=2)
            except (asyncio.TimeoutError, Exception):
                pass
        await self._drain_answers()
        metadata = self.ctx.metadata
        metadata.flush_all(True)
        try:
            metadata.save()
        except Exception:
            log.exception("persisting metadata at shutdown failed")
        metadata.close()
        self.log_stats()
        self.ctx.io.close()
        log.info("shutdown complete")
        if self.ctx.telemetry is not None:
            self.ctx.telemetry.shutdown()  # after the last line, which it exports too
        self._stopped.set()


def write_address_file(path: str, host: str, port: int) -> None:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    temp.write_text(f"{host}:{port}\n")
    os.replace(temp, target)


async def run_server(ctx: ServerContext) -> None:
    """Run until SIGINT/SIGTERM, then shut down gracefully."""
    server = IggyServer(ctx)
    # Signal handlers before anything announces the server: a launcher may stop it as soon as it reads the
    # address, and a SIGTERM that arrives before the handler would kill the process (exit -15, no shutdown).
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - non-main thread / Windows
            pass
    host, port = await server.start()
    # The TCP line first: launchers take the first "listening on" line as the TCP address.
    print(f"iggy-server listening on {host}:{port}", flush=True)
    for section, listener in server.transports.items():
        print(f"iggy-server {section} listening on {listener.address[0]}:{listener.address[1]}", flush=True)
    log.info("listening on %s:%d (data in %s)", host, port, ctx.config.system.path)
    if ctx.config.tcp.address_file:
        # The other transports' files first: the TCP file appearing means every listener is up.
        for section, listener in server.transports.items():
            write_address_file(f"{ctx.config.tcp.address_file}.{section}", *listener.address)
        write_address_file(ctx.config.tcp.address_file, host, port)
    ctx.listening = True
    started = time.monotonic()
    await stop.wait()
    log.info("signal received after %.1f s", time.monotonic() - started)
    await server.shutdown()


def _traced_connection_class() -> type[Connection]:
    from .telemetry import TracedConnection  # only with telemetry on

    return TracedConnection


def _tls_context(tls: Any) -> ssl.SSLContext | None:
    """The TCP listener's TLS context when ``tcp.tls.enabled``, else None."""
    return server_tls_context("tcp.tls", tls.cert_file, tls.key_file) if tls.enabled else None
