"""Everything a handler may touch, built once at start-up and passed to every handler call."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .session import now_us

if TYPE_CHECKING:  # imported lazily so this module stays importable while its peers are written
    from .clients import ClientRegistry
    from .config import ServerConfig
    from .metadata import Metadata

__all__ = ["ServerContext", "PermissiveAuthorizer"]


class PermissiveAuthorizer:
    """STAND-IN ONLY (development): allows every command for any logged-in user.

    The real table-driven ``iggy_server.security.authorizer.Authorizer`` replaces it in
    ``app.build_context``; this class exists so handlers can be exercised before security lands, and
    :func:`iggy_server.app.build_context` logs a loud warning whenever it is the one in use.
    """

    def require(self, session: Any, command: Any, stream_id: int | None = None, topic_id: int | None = None) -> None:
        return None


@dataclass(eq=False)
class ServerContext:
    """Shared server state.

    ``metadata`` owns streams → topics → partitions (+ consumer groups) and the partition logs;
    ``users`` / ``tokens`` / ``authorizer`` are the security layer; ``clients`` the live sessions.
    """

    config: "ServerConfig"
    metadata: "Metadata"
    clients: "ClientRegistry"
    users: Any = None
    tokens: Any = None
    authorizer: Any = field(default_factory=PermissiveAuthorizer)
    state_dir: Path | None = None
    started_at_us: int = field(default_factory=now_us)
    started_monotonic_s: float = field(default_factory=time.monotonic)
    # The address the TCP listener actually bound (port 0 resolved), filled in once listening.
    bound_host: str = "127.0.0.1"
    bound_port: int = 0
    # Ports the HTTP / QUIC / WebSocket listeners bound, by config section (for GetClusterMetadata).
    transport_ports: dict[str, int] = field(default_factory=dict)
    shutting_down: bool = False

    def run_time_us(self) -> int:
        return int((time.monotonic() - self.started_monotonic_s) * 1_000_000)
