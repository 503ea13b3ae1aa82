"""Everything a handler may touch, built once at start-up and passed to every handler call.

:class:`HandlerContext` names what a command handler may use, :class:`TransportContext` what the transports
(``tcp/``, ``transports/``, ``request_path``) read besides; :class:`ServerContext` is the one object the server
builds (startup.py) and satisfies both.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .audit import LogRateLimit
from .clients import ClientRegistry
from .config import ServerConfig
from .metadata import ConsumerGroups, Metadata
from .security.authorizer import Authorizer
from .security.tokens import TokenStore
from .security.users import UserStore
from .session import now_us
from .storage import IoResources

if TYPE_CHECKING:  # telemetry imports the TCP connection, which imports the handlers, which import this module
    from .telemetry import Telemetry

__all__ = ["HandlerContext", "LONE_CLIENT_WINDOW_NS", "LoneClient", "ServerContext", "TransportContext"]

# A send or poll is a lone client's when no other client sent or polled within this long: the window of the send
# thread's lone-answer rule (src/py_sender.rs, LONE_ANSWER_WINDOW_NS). Clients taking turns (four consumers polling
# round-robin, a consumer beside a producer) come within a millisecond of each other; a lone client's requests are
# apart by its own round trip.
LONE_CLIENT_WINDOW_NS = 10_000_000


class LoneClient:
    """Which session made the last send or poll, and when: a 0.9 conversion runs on two threads only for a lone
    client's request (``parallel`` of ``_native.poll_batches`` / ``convert_and_stamp_v09``). A lone client waits
    for its conversion while the other core idles; where several clients take turns, the other core is busy
    serving them, and a part handed to it waits for that core (server/BENCHMARKS.md, "0.9 conversions on two
    threads for a lone client only")."""

    def __init__(self, window_ns: int = LONE_CLIENT_WINDOW_NS, clock: Callable[[], int] = time.monotonic_ns) -> None:
        self._window_ns = window_ns
        self._clock = clock
        # id() of the last session, not the session: a closed connection's is not kept alive (an id reused by a
        # later session misjudges one request at most).
        self._last_session_id = 0
        self._last_ns = 0

    def note(self, session: object) -> bool:
        """Record a send or poll of ``session``; whether no other session sent or polled within the window."""
        now_ns = self._clock()
        session_id = id(session)
        lone = self._last_session_id in (0, session_id) or now_ns - self._last_ns > self._window_ns
        self._last_session_id, self._last_ns = session_id, now_ns
        return lone


class HandlerContext(Protocol):
    """What a command handler (``iggy_server.handlers``) may use of the server; :class:`ServerContext` is one.

    ``metadata`` owns streams → topics → partitions and the partitions' storage, ``groups`` the consumer
    group commands; ``io`` the storage's shared I/O resources (buffer pool, counters); ``users`` / ``tokens``
    / ``authorizer`` are the security layer; ``clients`` the live sessions. The rest is read-only facts for
    the system commands (stats, cluster metadata, login during shutdown).
    """

    config: ServerConfig
    metadata: Metadata
    groups: ConsumerGroups
    io: IoResources
    clients: ClientRegistry
    users: UserStore
    tokens: TokenStore
    authorizer: Authorizer
    started_at_us: int
    bound_host: str
    bound_port: int
    transport_ports: dict[str, int]
    shutting_down: bool
    # Called by SendMessages on every transport: the TCP send threads beyond the first stand back while
    # producers send (``_native.SocketSender.note_producer``).
    producer_seen: Callable[[], None]
    # Told of every send and poll: whether a 0.9 conversion may run on two threads.
    lone_client: LoneClient

    def run_time_us(self) -> int: ...


class TransportContext(HandlerContext, Protocol):
    """What the transports read of the server besides what they hand the handlers: the log rate limit of refusals
    and audit lines, telemetry (None while off), readiness, and the data directory (self-signed certificates)."""

    log_limit: LogRateLimit
    telemetry: Telemetry | None
    listening: bool
    state_dir: Path | None


@dataclass(eq=False)
class ServerContext:
    """Shared server state (see :class:`HandlerContext` for the part handlers use)."""

    config: ServerConfig
    metadata: Metadata
    groups: ConsumerGroups
    io: IoResources
    clients: ClientRegistry
    # No defaults: a context without its security layer must not exist (fail closed).
    users: UserStore
    tokens: TokenStore
    authorizer: Authorizer
    state_dir: Path | None = None
    started_at_us: int = field(default_factory=now_us)
    started_monotonic_s: float = field(default_factory=time.monotonic)
    # The address the TCP listener actually bound (port 0 resolved), filled in once listening.
    bound_host: str = "127.0.0.1"
    bound_port: int = 0
    # Ports the HTTP / QUIC / WebSocket listeners bound, by config section (for GetClusterMetadata).
    transport_ports: dict[str, int] = field(default_factory=dict)
    shutting_down: bool = False
    # See HandlerContext.producer_seen; the server sets it when it has send threads.
    producer_seen: Callable[[], None] = field(default=lambda: None)
    lone_client: LoneClient = field(default_factory=LoneClient)
    # Every listener is up (set once the address files are written); GET /ready answers 200 while it holds.
    listening: bool = False
    # OpenTelemetry export ([telemetry]), None while it is off.
    telemetry: Telemetry | None = None
    # The rate limit of per-request log lines (refusals, refused audited commands), one for every transport.
    log_limit: LogRateLimit = field(default_factory=LogRateLimit)

    def run_time_us(self) -> int:
        return int((time.monotonic() - self.started_monotonic_s) * 1_000_000)
