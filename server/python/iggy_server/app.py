"""The server process: context construction, the asyncio TCP listener, dispatch, background tasks.

Wire handling per connection (a ``BufferedProtocol``, so payloads are received straight into the
bytearray the handler gets — SendMessages frames reach the native stamping code without a copy):

* read the 8-byte header ``length u32 | code u32``;
* ``length < 4`` → 3 InvalidCommand; before login, a payload above
  ``limits.max_unauthenticated_request_bytes`` → 40 (3 for a command allowed before login) and the
  connection is closed; unknown code → 3; payload above the limit (SendMessages has its own) → 3; not
  logged in for a command that needs it → 40. In the other cases the payload is *drained* through a
  shared scratch buffer — never buffered, never parsed as a frame — so the stream stays in sync and
  memory stays bounded;
* otherwise the payload is read into a bytearray that grows with the bytes actually received (at most
  twice them), never with the announced length — or, for a large SendMessages, into a pooled buffer
  (bounded by ``system.memory_pool.size_bytes``); then the handler runs and the response is written:
  one request at a time per connection.
* reading pauses while the handler waits (a task carries it on) and while more than
  ``limits.write_buffer_high_water_bytes`` of answers wait in the transport (write backpressure);
  a connection that stalls mid-frame for ``limits.frame_read_timeout_ms`` is closed (the server's sweep).

Errors never carry a body; OK bodies are never exactly one byte (reference §2.2).
"""

from __future__ import annotations

import asyncio
import errno
import ssl
import inspect
import logging
import os
import secrets
import signal
import string
import struct
import time
from pathlib import Path
from typing import Any

from iggy.protocol.codes import UNAUTHENTICATED_COMMANDS, Command, ErrorCode
from iggy.protocol.errors import ProtocolError

from .audit import AUDITED_COMMANDS, LogRateLimit, as_counters, audit_line
from .clients import ClientRegistry
from .config import ConfigError, ServerConfig, split_address
from .context import ServerContext
from .errors import IggyError, from_protocol_error
from .handlers import HANDLERS, load_handlers
from .metadata import Metadata
from .security.authorizer import Authorizer
from .security.tokens import TokenStore
from .security.users import UserStore
from .session import Session, now_us
from ._native import NativeError, PooledBuffer
from .storage import IoResources

__all__ = ["build_context", "IggyServer", "run_server"]

log = logging.getLogger("iggy_server")

_RESPONSE_HEADER = struct.Struct("<II")
_REQUEST_HEADER = struct.Struct("<II")
_DRAIN_CHUNK_BYTES = 64 * 1024
# Drained payloads are discarded, so every connection can receive them into this one buffer (the event loop
# is single-threaded: a get_buffer/buffer_updated pair is never interleaved with another connection's).
_DRAIN_BUFFER = memoryview(bytearray(_DRAIN_CHUNK_BYTES))
# A payload buffer starts this small and doubles as bytes arrive, up to the announced length.
_INITIAL_PAYLOAD_BYTES = 4096
_COALESCE_LIMIT_BYTES = 64 * 1024
# SendMessages payloads from this size on are received into pooled buffers (smaller ones: a bytearray is
# cheaper); other commands gain nothing from the zero-copy path and use the growing bytearray.
_POOLED_PAYLOAD_MIN_BYTES = 64 * 1024
_KNOWN_CODES = frozenset(int(c) for c in Command)
ROOT_PASSWORD_ALPHABET = string.ascii_letters + string.digits
# A write the filesystem refused for lack of room or write access: answered as 10006 CannotWriteToFile
# (Iggy 0.8 has no disk-full code), never as the generic error 1, whichever command hit it.
_NO_ROOM_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})
_STARTUP_PROBE_BYTES = 64 * 1024
FRAME_COUNTERS = (
    "rejected_frame_too_short",
    "rejected_unknown_command",
    "rejected_oversize",
    "rejected_oversize_before_login",
    "rejected_unauthenticated",
    "rejected_stalled",
    "error_answers",
)


# ====================================================================== context


def generate_root_password() -> str:
    """20–40 random alphanumerics, like the 0.8 server's generated root password."""
    length = 20 + secrets.randbelow(21)
    return "".join(secrets.choice(ROOT_PASSWORD_ALPHABET) for _ in range(length))


def build_context(config: ServerConfig, *, root_credentials: tuple[str, str] | None = None) -> ServerContext:
    """Open the data directory: metadata + partitions, users, tokens, authorizer.

    ``root_credentials`` = (username, password) used only when no user exists yet; None = take them
    from ``IGGY_ROOT_USERNAME`` / ``IGGY_ROOT_PASSWORD`` or generate a password and print it once.
    """
    system_path = Path(config.system.path)
    state_dir = system_path / "state"
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise IggyError(ErrorCode.CANNOT_CREATE_STATE_DIRECTORY, f"cannot create {state_dir}: {exc}") from None
    for directory in (system_path, state_dir):
        probe_writable(directory)
    io = configure_hot_path(config)
    clients = ClientRegistry()
    metadata = Metadata(system_path, config, io, lookup_session=clients.get)
    metadata.load()
    users = UserStore(state_dir)
    ctx = ServerContext(
        config=config,
        metadata=metadata,
        io=io,
        clients=clients,
        users=users,
        tokens=TokenStore(state_dir, users),
        authorizer=Authorizer(users),
        state_dir=state_dir,
    )
    _attach_security(ctx, root_credentials)
    return ctx


def probe_writable(directory: Path) -> None:
    """Write, fsync and remove a small file in ``directory``, so a read-only, full or unwritable data
    directory stops start-up with one clear error instead of failing at the first change."""
    probe = directory / f".write-probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            view = memoryview(bytes(_STARTUP_PROBE_BYTES))
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
    except OSError as exc:
        raise IggyError(
            ErrorCode.CANNOT_WRITE_TO_FILE, f"{directory} is not writable ({exc.strerror or exc}); nothing was changed"
        ) from None


def configure_hot_path(config: ServerConfig) -> IoResources:
    """The storage's I/O resources (buffer pool bound, segment writer backend, direct I/O, write queue)."""
    try:
        io = IoResources(config.storage_config().io)
    except OSError as exc:
        raise ConfigError(f"system.io.writer: {exc}") from None
    status = io.io_status()
    if status["io_uring_available"]:
        log.info(
            "segment writer: %s, direct_io=%s; buffer pool: %d bytes",
            status["writer"],
            status["direct_io"],
            config.system.memory_pool.size_bytes,
        )
    else:
        log.warning(
            "io_uring unavailable (%s): segment writer falls back to pwritev; buffer pool: %d bytes",
            status["io_uring_reason"],
            config.system.memory_pool.size_bytes,
        )
    return io


def log_hot_path_stats(io: IoResources) -> None:
    stats = io.stats()
    log.info("hot path: %s", " ".join(f"{key}={value}" for key, value in stats.items()))


def _attach_security(ctx: ServerContext, root_credentials: tuple[str, str] | None) -> None:
    """Create root on the first start, and log out the sessions of a deleted user."""
    users = ctx.users
    generated = False
    if root_credentials is None:
        username = os.environ.get("IGGY_ROOT_USERNAME")
        password = os.environ.get("IGGY_ROOT_PASSWORD")
        if not (username and password):
            username, password, generated = "iggy", generate_root_password(), True
        root_credentials = (username, password)
    if users.ensure_root(*root_credentials) and generated:
        # Printed once, at creation: it is stored only as a hash.
        print(f"Created root user {root_credentials[0]!r} with generated password: {root_credentials[1]}", flush=True)

    def logout_deleted_user(user_id: int) -> None:
        for session in ctx.clients.sessions_of_user(user_id):
            session.user_id = None

    users.add_deletion_listener(logout_deleted_user)


# ====================================================================== connection


class Connection(asyncio.BufferedProtocol):
    """One client connection; see the module docstring for the state machine."""

    _HEADER, _PAYLOAD, _DRAIN = range(3)

    def __init__(self, server: "IggyServer") -> None:
        self.server = server
        self.ctx = server.ctx
        self.transport: asyncio.Transport | None = None
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
        self._closed = False
        self._busy = False
        self._write_paused = False
        self._reading_paused = False
        # Bytes received so far, and (bytes, loop time) when the stall sweep last saw them change.
        self.received_bytes = 0
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
                    import socket

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

    def get_buffer(self, sizehint: int) -> memoryview:
        if self._state == self._HEADER:
            return self._header_view[self._filled :]
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
        elif self._payload_view is not None and self._filled == self._payload_view.nbytes:
            if self._filled == self._payload_bytes:
                self._on_payload()
            else:
                self._grow_payload()

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

    # ------------------------------------------------------------------ framing

    def _reset(self) -> None:
        self._state = self._HEADER
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
        if self.ctx.shutting_down:
            # No new work once shutdown started; in-flight requests still complete.
            self._close()
            return
        if length < 4:
            # Only the 8 header bytes were sent for this frame; nothing to drain.
            self._reject(code, ErrorCode.INVALID_COMMAND, f"frame length {length} is below 4", "frame_too_short")
            self._reset()
            return
        payload_bytes = length - 4
        limits = self.ctx.config.limits
        if session.user_id is None and payload_bytes > limits.max_unauthenticated_request_bytes:
            # Nothing worth reading can be that large before login; closing (rather than draining) stops an
            # anonymous peer from costing more than the few bytes of a header.
            error = ErrorCode.INVALID_COMMAND if code in UNAUTHENTICATED_COMMANDS else ErrorCode.UNAUTHENTICATED
            limit = limits.max_unauthenticated_request_bytes
            message = f"payload of {payload_bytes} bytes before login exceeds {limit} bytes"
            self._reject(code, error, message, "oversize_before_login")
            self._close()
            return
        if code not in _KNOWN_CODES or Command(code) not in HANDLERS:
            self._reject(code, ErrorCode.INVALID_COMMAND, f"unknown command code {code}", "unknown_command")
            self._drain(payload_bytes)
            return
        limit = limits.max_send_messages_bytes if code == Command.SEND_MESSAGES else limits.max_request_bytes
        if payload_bytes > limit:
            message = f"payload of {payload_bytes} bytes exceeds the {limit}-byte limit"
            self._reject(code, ErrorCode.INVALID_COMMAND, message, "oversize")
            self._drain(payload_bytes)
            return
        if session.stale:
            self._reject(code, ErrorCode.STALE_CLIENT, "client missed its heartbeats")
            self._close()
            return
        if session.user_id is None and code not in UNAUTHENTICATED_COMMANDS:
            # Checked before reading the payload (as 0.8 does), but the payload is drained, not parsed.
            self._reject(code, ErrorCode.UNAUTHENTICATED, "command requires a login", "unauthenticated")
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

    def _on_payload(self) -> None:
        assert self._payload_view is not None and self.transport is not None and self.session is not None
        payload, code = self._payload_view, self._code
        self._reset()
        # Who ran an audited command is who was logged in when it started (LoginUser is not audited).
        audit = (self.session.user_id, payload) if code in AUDITED_COMMANDS else None
        # Drive the handler coroutine inline: almost every handler finishes without awaiting, and
        # answering from this callback skips a task, a loop iteration and pause/resume syscalls.
        coroutine = HANDLERS[Command(code)](self.ctx, self.session, payload)
        try:
            awaited = coroutine.send(None)
        except StopIteration as done:
            self._finish(code, done.value, None, audit)
            return
        except Exception as exc:
            self._finish(code, None, exc, audit)
            return
        # The handler waits for something (e.g. password hashing in a thread): stop reading so
        # requests stay one at a time, and let a task carry it to completion.
        self._busy = True
        self._update_reading()
        task = asyncio.get_running_loop().create_task(self._continue(code, coroutine, awaited, audit))
        self.server.track(task)

    async def _continue(
        self, code: int, coroutine: Any, awaited: Any, audit: tuple[int | None, memoryview] | None
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
                    self._finish(code, done.value, None, audit)
                    return
                except Exception as exc:
                    self._finish(code, None, exc, audit)
                    return
        finally:
            self._busy = False
            session = self.session
            if session is not None and session.stale:
                self._close()
            else:
                self._update_reading()

    # ------------------------------------------------------------------ dispatch

    def _finish(
        self, code: int, result: Any, error: Exception | None, audit: tuple[int | None, memoryview] | None = None
    ) -> None:
        """Answer a request: the OK payload, or the error's code (never with a body)."""
        session = self.session
        assert session is not None
        status: int | None = None
        if error is None:
            self._write_ok(code, result)
        elif isinstance(error, IggyError):
            status = error.code
            self._reject(code, error.code, error.message)
        elif isinstance(error, ProtocolError):
            converted = from_protocol_error(error)
            status = converted.code
            self._reject(code, converted.code, converted.message)
        elif isinstance(error, NativeError):
            status = int(getattr(error, "code", ErrorCode.ERROR))
            self._reject(code, status, str(getattr(error, "message", error)))
        elif isinstance(error, OSError) and error.errno in _NO_ROOM_ERRNOS:
            status = ErrorCode.CANNOT_WRITE_TO_FILE
            self._reject(code, status, f"the data directory refused a write: {error}")
        else:
            status = ErrorCode.ERROR
            log.error(
                "handler of %s failed for client %d", Command(code).name, session.client_id, exc_info=error
            )
            self._write_error(ErrorCode.ERROR)
        if audit is not None and (status is None or self.server.log_limit.allow() is not None):
            audit_line(audit[0], session.address, code, audit[1], status)
        if session.stale:
            self._close()

    def _reject(self, code: int, error: int, message: str, frame_reason: str | None = None) -> None:
        """Answer an error. ``frame_reason``: the frame itself was refused (counted per reason). The log line
        is rate-limited server-wide, so a client sending garbage cannot turn its bytes into more log bytes."""
        stats = self.server.frame_stats
        stats["error_answers"] += 1
        if frame_reason is not None:
            stats[f"rejected_{frame_reason}"] += 1
        suppressed = self.server.log_limit.allow()
        if suppressed is not None:
            session = self.session
            name = Command(code).name if code in _KNOWN_CODES else str(code)
            log.info(
                "client %s: %s → error %d (%s): %s%s",
                session.client_id if session else "?",
                name,
                int(error),
                _error_name(error),
                message,
                f" ({suppressed} similar lines suppressed)" if suppressed else "",
            )
        self._write_error(error)

    def _write_error(self, error: int) -> None:
        if self.transport is not None and not self._closed:
            self.transport.write(_RESPONSE_HEADER.pack(int(error), 0))

    def _write_ok(self, code: int, result: Any) -> None:
        if self.transport is None or self._closed:
            return
        parts = result if isinstance(result, list) else [result]
        size = sum(part.nbytes if isinstance(part, memoryview) else len(part) for part in parts)
        if size == 1:
            log.error("handler of %s produced a 1-byte body; answering Error instead", Command(code).name)
            self._write_error(ErrorCode.ERROR)
            return
        # Small parts are coalesced with the header (one segment on the wire under TCP_NODELAY);
        # large ones are handed to the transport as they are, which sends them without a copy when
        # the socket buffer has room (3.11's writelines would join everything first).
        pending = bytearray(_RESPONSE_HEADER.pack(0, size))
        for part in parts:
            part_size = part.nbytes if isinstance(part, memoryview) else len(part)
            if part_size < _COALESCE_LIMIT_BYTES:
                pending += part
                continue
            if pending:
                self.transport.write(pending)
                pending = bytearray()
            self.transport.write(part)
        if pending:
            self.transport.write(pending)

    def _close(self, abort: bool = False) -> None:
        """Close after the pending answers are sent, or at once (``abort``: a peer that may never read them)."""
        if self.transport is not None and not self._closed:
            self._closed = True
            if abort:
                self.transport.abort()
            else:
                self.transport.close()


def _error_name(code: int) -> str:
    try:
        return ErrorCode(code).name
    except ValueError:
        return "UNKNOWN"


# ====================================================================== server


class IggyServer:
    """The listener plus background tasks; ``await start()``, then ``await shutdown()``."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx
        self.connections: set[Connection] = set()
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._background: list[asyncio.Task[Any]] = []
        self._stopped = asyncio.Event()
        # Counters of refused frames and error answers, logged with the hot-path stats (see log_stats).
        self.frame_stats: dict[str, int] = dict.fromkeys(FRAME_COUNTERS, 0)
        self.log_limit = LogRateLimit()

    def log_stats(self) -> None:
        log_hot_path_stats(self.ctx.io)
        log.info(
            "frames: %s log_lines_suppressed=%d", as_counters(self.frame_stats), self.log_limit.suppressed_total
        )

    def track(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> tuple[str, int]:
        load_handlers()
        host, port = split_address(self.ctx.config.tcp.address, "tcp.address")
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: Connection(self), host, port, reuse_address=True, ssl=tls_context(self.ctx.config.tcp.tls)
        )
        sockname = self._server.sockets[0].getsockname()
        self.ctx.bound_host, self.ctx.bound_port = sockname[0], sockname[1]
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
        # A stalled frame is noticed between 1 and 1.25 read timeouts after its last byte.
        self._every(max(config.limits.frame_read_timeout_ms // 4, 1), self._close_stalled, "stalled frame sweep")
        if config.system.message_cleaner.enabled:
            self._every(config.system.message_cleaner.interval_ms, self._clean_expired, "message cleaner")
        group_config = config.consumer_group
        self._every(
            group_config.rebalancing_check_interval_ms,
            lambda: self.ctx.metadata.complete_timed_out_revocations(group_config.rebalancing_timeout_ms * 1000),
            "revocation timeout checker",
        )

    def _every(self, interval_ms: int, action: Any, name: str) -> None:
        async def loop() -> None:
            while True:
                await asyncio.sleep(interval_ms / 1000)
                try:
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
        for session in list(self.ctx.clients):
            if now - session.last_heartbeat_us > threshold_us:
                silent_ms = (now - session.last_heartbeat_us) // 1000
                log.warning(
                    "client %d (%s) is stale: no heartbeat for %d ms", session.client_id, session.address, silent_ms
                )
                session.stale = True
                self.ctx.metadata.leave_all_groups(session)
                self.ctx.clients.disconnect(session)
                connection = next((c for c in self.connections if c.session is session), None)
                if connection is not None and not connection._busy:
                    connection._close()

    def _close_stalled(self) -> None:
        """Close connections that sent part of a frame and nothing more for ``limits.frame_read_timeout_ms``."""
        now = asyncio.get_running_loop().time()
        timeout_s = self.ctx.config.limits.frame_read_timeout_ms / 1000
        for connection in list(self.connections):
            if not connection.mid_frame:
                connection.stall_mark = None
                continue
            mark = connection.stall_mark
            if mark is None or mark[0] != connection.received_bytes:
                connection.stall_mark = (connection.received_bytes, now)
            elif now - mark[1] >= timeout_s:
                session = connection.session
                log.warning(
                    "client %s (%s): closing, no byte of the pending frame for %.1f s",
                    session.client_id if session else "?",
                    session.address if session else "?",
                    now - mark[1],
                )
                self.frame_stats["rejected_stalled"] += 1
                connection._close(abort=True)

    def _clean_expired(self) -> None:
        now = now_us()
        for stream in self.ctx.metadata.streams:
            for topic in stream.topics:
                segments, messages = self.ctx.metadata.clean_topic(topic, now)
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
        log.info("shutting down")
        if self._server is not None:
            self._server.close()
        for task in self._background:
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)
        for connection in list(self.connections):
            connection._close()
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), timeout=2)
            except (asyncio.TimeoutError, Exception):
                pass
        metadata = self.ctx.metadata
        metadata.flush_all(True)
        try:
            metadata.save()
        except Exception:
            log.exception("persisting metadata at shutdown failed")
        metadata.close()
        self.log_stats()
        log.info("shutdown complete")
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
    host, port = await server.start()
    print(f"iggy-server listening on {host}:{port}", flush=True)
    log.info("listening on %s:%d (data in %s)", host, port, ctx.config.system.path)
    if ctx.config.tcp.address_file:
        write_address_file(ctx.config.tcp.address_file, host, port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - non-main thread / Windows
            pass
    started = time.monotonic()
    await stop.wait()
    log.info("signal received after %.1f s", time.monotonic() - started)
    await server.shutdown()


def tls_context(tls: Any) -> ssl.SSLContext | None:
    """The listener's TLS context when `tcp.tls.enabled` (TLS 1.2+, the configured chain and key), else None."""
    if not tls.enabled:
        return None
    for key in ("cert_file", "key_file"):
        if not getattr(tls, key):
            raise ConfigError(f"tcp.tls.{key}: required when tcp.tls.enabled is true")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(tls.cert_file, tls.key_file)
    except (OSError, ssl.SSLError) as error:
        raise ConfigError(f"tcp.tls: cannot load {tls.cert_file!r} / {tls.key_file!r}: {error}") from None
    return context
