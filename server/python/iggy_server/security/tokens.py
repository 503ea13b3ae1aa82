"""Personal access tokens (PATs): named, optionally expiring bearer secrets per user.

The raw token is 50 random bytes in base64 (68 characters, as Iggy 0.8) and is returned exactly once,
by CreatePersonalAccessToken. Only its SHA-256 digest is stored. Iggy stores a BLAKE3 digest; we need
not match it because token state is never shared between servers, and SHA-256 is in the standard
library. A fast unsalted digest is sound here (unlike for passwords) because the input has 400 bits
of entropy: there is nothing to guess.

We use the URL-safe base64 alphabet (``-`` and ``_`` instead of ``+`` and ``/``): the token is opaque
to clients, and a ``/`` would break connection strings of the form ``iggy://TOKEN@host:port``.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import U64_MAX

from ..errors import IggyError, naming_error
from ..persistence import read_msgpack, write_msgpack_atomic
from ..session import now_us
from .users import UserStore

__all__ = [
    "PersonalAccessToken",
    "TokenStore",
    "MIN_TOKEN_NAME_BYTES",
    "MAX_TOKEN_NAME_BYTES",
    "DEFAULT_MAX_TOKENS_PER_USER",
    "TOKEN_RANDOM_BYTES",
    "TOKENS_STATE_FILE",
]

log = logging.getLogger(__name__)

MIN_TOKEN_NAME_BYTES = 3
MAX_TOKEN_NAME_BYTES = 30
DEFAULT_MAX_TOKENS_PER_USER = 100
TOKEN_RANDOM_BYTES = 50
TOKENS_STATE_FILE = "tokens.msgpack"
_STATE_FORMAT = 1


def hash_token(raw_token: str) -> bytes:
    return hashlib.sha256(raw_token.encode("utf-8")).digest()


@dataclass(frozen=True, slots=True)
class PersonalAccessToken:
    user_id: int
    name: str
    token_hash: bytes
    expiry_at_us: int | None  # None = never expires

    def is_expired(self, at_us: int) -> bool:
        return self.expiry_at_us is not None and self.expiry_at_us <= at_us

    @property
    def wire_expiry_at(self) -> int:
        """GetPersonalAccessTokens answers 0 for a token that never expires."""
        return 0 if self.expiry_at_us is None else self.expiry_at_us

    def __repr__(self) -> str:
        return f"PersonalAccessToken(user_id={self.user_id}, name={self.name!r}, expiry_at_us={self.expiry_at_us})"


class TokenStore:
    """All PATs of one server, persisted as one msgpack file; deleted together with their user."""

    def __init__(
        self,
        state_dir: Path,
        users: UserStore,
        *,
        max_tokens_per_user: int = DEFAULT_MAX_TOKENS_PER_USER,
        clock_us: Callable[[], int] = now_us,
    ) -> None:
        self.path = Path(state_dir) / TOKENS_STATE_FILE
        self.users = users
        self.max_tokens_per_user = max_tokens_per_user
        self.clock_us = clock_us
        self._by_hash: dict[bytes, PersonalAccessToken] = {}
        # user id → token name → token, in creation order (the order GetPersonalAccessTokens lists).
        self._by_user: dict[int, dict[str, PersonalAccessToken]] = {}
        self._load()
        users.add_deletion_listener(self.delete_all_for_user)

    # ------------------------------------------------------------------ queries

    def list_for_user(self, user_id: int) -> list[PersonalAccessToken]:
        self._require_user(user_id)
        return list(self._by_user.get(user_id, {}).values())

    def count_for_user(self, user_id: int) -> int:
        return len(self._by_user.get(user_id, {}))

    # ------------------------------------------------------------------ mutations

    def create(self, user_id: int, name: str, expiry_us: int = 0) -> tuple[PersonalAccessToken, str]:
        """CreatePersonalAccessToken → (stored token, raw token to show once).

        ``expiry_us`` is a duration: 0 (server default) and u64::MAX mean never. Errors, in Iggy's
        order: 50 name not 3..30 bytes, 20 unknown user, 52 limit reached, 51 name taken.
        """
        name_bytes = len(name.encode("utf-8"))
        if not MIN_TOKEN_NAME_BYTES <= name_bytes <= MAX_TOKEN_NAME_BYTES:
            raise IggyError(
                ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN_NAME,
                f"token name must be {MIN_TOKEN_NAME_BYTES}..{MAX_TOKEN_NAME_BYTES} bytes, got {name_bytes}",
            )
        self._require_user(user_id)
        user_tokens = self._by_user.get(user_id, {})
        if len(user_tokens) >= self.max_tokens_per_user:
            raise naming_error(ErrorCode.PERSONAL_ACCESS_TOKENS_LIMIT_REACHED, user_id, self.max_tokens_per_user)
        if name in user_tokens:
            raise naming_error(ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS, name, user_id)
        raw_token = base64.urlsafe_b64encode(os.urandom(TOKEN_RANDOM_BYTES)).decode("ascii")
        token = PersonalAccessToken(user_id, name, hash_token(raw_token), self._expiry_at(expiry_us))
        with self._transaction():
            self._add(token)
        return token, raw_token

    def delete(self, user_id: int, name: str) -> None:
        """DeletePersonalAccessToken: 20 when this user has no token of that name."""
        token = self._by_user.get(user_id, {}).get(name)
        if token is None:
            raise naming_error(ErrorCode.RESOURCE_NOT_FOUND, name)
        with self._transaction():
            self._remove(token)

    def delete_all_for_user(self, user_id: int) -> int:
        tokens = list(self._by_user.get(user_id, {}).values())
        if tokens:
            with self._transaction():
                for token in tokens:
                    self._remove(token)
        return len(tokens)

    def remove_expired(self) -> int:
        """Drop expired tokens (Iggy runs this periodically); returns how many were removed."""
        at_us = self.clock_us()
        expired = [token for token in self._by_hash.values() if token.is_expired(at_us)]
        if expired:
            with self._transaction():
                for token in expired:
                    self._remove(token)
        return len(expired)

    # ------------------------------------------------------------------ login

    def authenticate(self, raw_token: str) -> int:
        """LoginWithPersonalAccessToken → user id: 20 unknown token, 54 expired, 47 inactive user."""
        token = self._by_hash.get(hash_token(raw_token))
        if token is None:
            raise IggyError(ErrorCode.RESOURCE_NOT_FOUND, "personal access token not found")
        if token.is_expired(self.clock_us()):
            raise naming_error(ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED, token.name, token.user_id)
        user = self.users.get(token.user_id)
        if user is None:
            raise naming_error(ErrorCode.RESOURCE_NOT_FOUND, token.user_id)
        if not user.is_active:
            raise IggyError(ErrorCode.USER_INACTIVE, f"user {user.username!r} is inactive")
        return user.id

    # ------------------------------------------------------------------ internals

    def _require_user(self, user_id: int) -> None:
        if self.users.get(user_id) is None:
            raise naming_error(ErrorCode.RESOURCE_NOT_FOUND, user_id)

    def _expiry_at(self, expiry_us: int) -> int | None:
        if expiry_us in (0, U64_MAX):
            return None
        expiry_at = self.clock_us() + expiry_us
        return None if expiry_at >= U64_MAX else expiry_at

    def _add(self, token: PersonalAccessToken) -> None:
        self._by_hash[token.token_hash] = token
        self._by_user.setdefault(token.user_id, {})[token.name] = token

    def _remove(self, token: PersonalAccessToken) -> None:
        del self._by_hash[token.token_hash]
        user_tokens = self._by_user[token.user_id]
        del user_tokens[token.name]
        if not user_tokens:
            del self._by_user[token.user_id]

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        saved = (dict(self._by_hash), {user_id: dict(tokens) for user_id, tokens in self._by_user.items()})
        try:
            yield
            self._save()
        except BaseException:
            self._by_hash, self._by_user = saved
            raise

    def _save(self) -> None:
        tokens = [_token_to_state(token) for tokens in self._by_user.values() for token in tokens.values()]
        write_msgpack_atomic(self.path, {"format": _STATE_FORMAT, "tokens": tokens})

    def _load(self) -> None:
        state = read_msgpack(self.path)
        if state is None:
            return
        try:
            if state.get("format") != _STATE_FORMAT:
                raise ValueError(f"unsupported format {state.get('format')!r}")
            for entry in state["tokens"]:
                token = _token_from_state(entry)
                if token.token_hash in self._by_hash or token.name in self._by_user.get(token.user_id, {}):
                    raise ValueError(f"duplicate token {token.name!r} for user {token.user_id}")
                if self.users.get(token.user_id) is None:
                    # A crash between deleting a user and deleting its tokens leaves orphans; they
                    # could never log in anyway (authenticate checks the user), so drop them.
                    log.warning("dropping token %r of deleted user %d", token.name, token.user_id)
                    continue
                self._add(token)
        except (KeyError, TypeError, ValueError) as exc:
            self._by_hash, self._by_user = {}, {}
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"tokens state {self.path} is corrupted: {exc}") from exc


def _token_to_state(token: PersonalAccessToken) -> dict[str, Any]:
    return {
        "user_id": token.user_id,
        "name": token.name,
        "sha256": token.token_hash,
        "expiry_at_us": token.expiry_at_us,
    }


def _token_from_state(entry: dict[str, Any]) -> PersonalAccessToken:
    token_hash = entry["sha256"]
    if not isinstance(token_hash, bytes) or len(token_hash) != hashlib.sha256().digest_size:
        raise ValueError("token digest must be 32 bytes")
    expiry_at_us = entry["expiry_at_us"]
    return PersonalAccessToken(
        user_id=int(entry["user_id"]),
        name=str(entry["name"]),
        token_hash=token_hash,
        expiry_at_us=None if expiry_at_us is None else int(expiry_at_us),
    )
