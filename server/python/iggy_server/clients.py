"""Live connections, keyed by client id (XXH32 of "ip:port", as the 0.8 server computes it)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from .session import Session

__all__ = ["ClientRegistry", "client_id_for"]

log = logging.getLogger(__name__)


def client_id_for(address: str) -> int:
    from ._native import xxh32

    return xxh32(address.encode("utf-8"), 0)


class ClientRegistry:
    def __init__(self) -> None:
        self._sessions: dict[int, Session] = {}

    def connect(self, address: str, transport: Any = None) -> Session:
        """Register a new connection; on an (unlikely) XXH32 collision the next free id is used."""
        client_id = client_id_for(address)
        while client_id in self._sessions or client_id == 0:
            # 0 is refused by GetClient (101), so it is never handed out.
            log.warning("client id %d of %s is taken; probing the next one", client_id, address)
            client_id = (client_id + 1) & 0xFFFF_FFFF
        session = Session(client_id=client_id, address=address, transport=transport)
        self._sessions[client_id] = session
        return session

    def disconnect(self, session: Session) -> None:
        if self._sessions.get(session.client_id) is session:
            del self._sessions[session.client_id]

    def get(self, client_id: int) -> Session | None:
        return self._sessions.get(client_id)

    def __len__(self) -> int:
        return len(self._sessions)

    def __iter__(self) -> Iterator[Session]:
        return iter(sorted(self._sessions.values(), key=lambda s: s.client_id))

    def sessions_of_user(self, user_id: int) -> list[Session]:
        return [s for s in self._sessions.values() if s.user_id == user_id]
