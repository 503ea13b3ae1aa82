"""Per-connection state: who is connected, who is logged in, which consumer groups they joined."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from iggy.protocol.codes import NOT_LOGGED_IN_USER_ID, ProtocolVersion, Transport

__all__ = ["Session", "TRANSPORT_TCP", "now_us", "NOT_LOGGED_IN_USER_ID"]

TRANSPORT_TCP = Transport.TCP


def now_us() -> int:
    """Wall-clock microseconds since the Unix epoch (Iggy's timestamp unit)."""
    return time.time_ns() // 1000


@dataclass(eq=False)
class Session:
    """One TCP connection.

    ``client_id`` is XXH32(seed 0) of ``address`` ("ip:port"), as the 0.8 server computes it.
    ``user_id`` is None until a login succeeds (and again after LogoutUser).
    ``consumer_groups`` holds the (stream_id, topic_id, group_id) triples this connection is a member
    of; the metadata layer keeps it in sync on join/leave/delete so disconnect can leave them all.
    """

    client_id: int
    address: str
    transport: Any = None  # asyncio.Transport; None for in-process tests
    transport_kind: int = TRANSPORT_TCP
    user_id: int | None = None
    consumer_groups: set[tuple[int, int, int]] = field(default_factory=set)
    connected_at_us: int = field(default_factory=now_us)
    last_heartbeat_us: int = field(default_factory=now_us)
    # Set by the heartbeat verifier: the next request is answered with StaleClient and the connection closed.
    stale: bool = False
    # The protocol version the connection speaks, told from its first bytes (0.8 until a 0.9 frame is seen).
    protocol: ProtocolVersion = ProtocolVersion.V0_8
    # 0.9: the registered session (client id, session number, request watermark and cached replies); None
    # before login and after logout. Typed loosely: iggy_server.vsr.VsrBinding imports this module.
    vsr: Any = None
    # SendMessages answers its confirmation (stream, topic, partition, base offset) even on a 0.8 request: the
    # HTTP transport sets it to give every HTTP client 0.9's JSON confirmation.
    confirm_sends: bool = False
    # (topic, partition) of the last SendMessages the event loop served: the TCP connection may hand the next sends
    # of its route to the native send path.
    send_route: Any = None
    # (partition, offset of the next poll) after a single consumer's PollMessages by offset without auto-commit over
    # TCP: the connection may hand its next polls to the native data path.
    poll_route: Any = None

    @property
    def is_authenticated(self) -> bool:
        return self.user_id is not None

    @property
    def wire_user_id(self) -> int:
        return NOT_LOGGED_IN_USER_ID if self.user_id is None else self.user_id

    def touch(self) -> None:
        self.last_heartbeat_us = now_us()

    def close(self) -> None:
        """Drop the connection (used for stale clients and shutdown)."""
        if self.transport is not None:
            self.transport.close()
