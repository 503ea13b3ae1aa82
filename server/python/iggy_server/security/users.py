"""Users: a slab of accounts with Argon2id password hashes, persisted as one msgpack state file.

Ids follow Iggy 0.8's slab rule (reference §6.1): the first user is 0 (root) and a freed id is
handed out again, most recently freed first. The free-id stack is persisted so that rule survives
restarts. No plaintext secret is ever stored: only PHC-encoded Argon2id hashes
(:mod:`iggy_server.security.passwords`).

Every mutation writes the whole file atomically (``write_msgpack_atomic``) before it becomes
visible; a failed write rolls the in-memory state back, so memory and disk never disagree.

Each blocking operation (hash or verify) has an ``*_async`` twin that runs the Argon2 work in a
worker thread and re-validates the state afterwards, because other requests may have changed it
while the coroutine was suspended.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iggy.protocol.codes import ErrorCode
from iggy.protocol.kinds import UserStatus
from iggy.protocol.primitives import Identifier, Permissions

from ..errors import IggyError, naming_error
from ..persistence import read_msgpack, write_msgpack_atomic
from ..session import now_us
from .passwords import DEFAULT_HASHER, PasswordHasher
from .permissions import ROOT_PERMISSIONS, permissions_from_state, permissions_to_state

__all__ = [
    "User",
    "UserStore",
    "UserStatus",
    "ROOT_USER_ID",
    "MIN_USERNAME_BYTES",
    "MAX_USERNAME_BYTES",
    "MIN_PASSWORD_BYTES",
    "MAX_PASSWORD_BYTES",
    "DEFAULT_MAX_USERS",
    "USERS_STATE_FILE",
]

log = logging.getLogger(__name__)

ROOT_USER_ID = 0
MIN_USERNAME_BYTES = 3
MAX_USERNAME_BYTES = 50
MIN_PASSWORD_BYTES = 3
MAX_PASSWORD_BYTES = 100
# Iggy allows u32::MAX users. We bound the slab so a runaway script cannot grow the state file
# (rewritten on every change) without limit; past it CreateUser answers 55 UsersLimitReached.
DEFAULT_MAX_USERS = 10_000
USERS_STATE_FILE = "users.msgpack"
_STATE_FORMAT = 1

UserIdentifier = Identifier | int | str


@dataclass(frozen=True, slots=True)
class User:
    """One account. Immutable: updates replace the object, which keeps rollback trivial."""

    id: int
    username: str
    password_hash: str
    status: UserStatus
    created_at_us: int
    permissions: Permissions | None

    @property
    def is_root(self) -> bool:
        return self.id == ROOT_USER_ID

    @property
    def is_active(self) -> bool:
        return self.status == UserStatus.ACTIVE

    def __repr__(self) -> str:  # never print the hash, even in logs or test failures
        return f"User(id={self.id}, username={self.username!r}, status={self.status.name})"


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))


def validate_username(username: str) -> None:
    """3..50 bytes of UTF-8 (Iggy counts bytes), else 43 InvalidUsername."""
    if not MIN_USERNAME_BYTES <= _utf8_len(username) <= MAX_USERNAME_BYTES:
        raise IggyError(
            ErrorCode.INVALID_USERNAME,
            f"username must be {MIN_USERNAME_BYTES}..{MAX_USERNAME_BYTES} bytes, got {_utf8_len(username)}",
        )


def validate_password(password: str, what: str = "password") -> None:
    """3..100 bytes of UTF-8, else 44 InvalidPassword."""
    if not MIN_PASSWORD_BYTES <= _utf8_len(password) <= MAX_PASSWORD_BYTES:
        raise IggyError(
            ErrorCode.INVALID_PASSWORD,
            f"{what} must be {MIN_PASSWORD_BYTES}..{MAX_PASSWORD_BYTES} bytes, got {_utf8_len(password)}",
        )


def parse_status(status: int) -> UserStatus:
    """Wire status byte → UserStatus; Iggy 0.8 answers an unknown status with 3 InvalidCommand."""
    try:
        return UserStatus(status)
    except ValueError:
        raise IggyError(ErrorCode.INVALID_COMMAND, f"invalid user status {status} (1 = active, 2 = inactive)") from None


class UserStore:
    """All users of one server; see the module docstring for the id and persistence rules."""

    def __init__(
        self,
        state_dir: Path,
        *,
        hasher: PasswordHasher = DEFAULT_HASHER,
        max_users: int = DEFAULT_MAX_USERS,
    ) -> None:
        self.path = Path(state_dir) / USERS_STATE_FILE
        self.hasher = hasher
        self.max_users = max_users
        self._slots: list[User | None] = []
        self._free_ids: list[int] = []  # a stack: the most recently freed id is reused first
        self._ids_by_name: dict[str, int] = {}
        self._deletion_listeners: list[Callable[[int], None]] = []
        self._load()

    # ------------------------------------------------------------------ queries

    def __len__(self) -> int:
        return len(self._ids_by_name)

    def get(self, user_id: int) -> User | None:
        if 0 <= user_id < len(self._slots):
            return self._slots[user_id]
        return None

    def find_by_name(self, username: str) -> User | None:
        user_id = self._ids_by_name.get(username)
        return None if user_id is None else self._slots[user_id]

    def resolve(self, identifier: UserIdentifier) -> User | None:
        """A user by numeric id or exact username; None when there is no such user."""
        value = identifier.value if isinstance(identifier, Identifier) else identifier
        if isinstance(value, int):
            return self.get(value)
        return self.find_by_name(value)

    def require(self, identifier: UserIdentifier) -> User:
        """Like :meth:`resolve` but a missing user is 20 ResourceNotFound (what mutations answer)."""
        user = self.resolve(identifier)
        if user is None:
            raise naming_error(ErrorCode.RESOURCE_NOT_FOUND, getattr(identifier, "value", identifier))
        return user

    def list_users(self) -> list[User]:
        """Every user ordered by id."""
        return [user for user in self._slots if user is not None]

    def permissions_of(self, user_id: int) -> Permissions | None:
        user = self.get(user_id)
        return None if user is None else user.permissions

    def add_deletion_listener(self, listener: Callable[[int], None]) -> None:
        """``listener(user_id)`` runs after a user is deleted (the token store drops its PATs)."""
        self._deletion_listeners.append(listener)

    # ------------------------------------------------------------------ root

    def ensure_root(self, username: str, password: str) -> bool:
        """Create the root user (id 0, every global permission) when the store is empty.

        Only the very first start creates it; afterwards the stored root (and any password it was
        changed to) is kept. Returns True when root was created now.
        """
        if self._ids_by_name or self._slots:
            return False
        validate_username(username)
        validate_password(password)
        self._insert(username, self.hasher.hash(password), UserStatus.ACTIVE, ROOT_PERMISSIONS)
        log.info("created root user %r (id %d)", username, ROOT_USER_ID)
        return True

    # ------------------------------------------------------------------ create

    def check_create(self, username: str, password: str, status: int) -> UserStatus:
        """Validate a CreateUser request in Iggy's order: 43, 44, status (3), then 46 and 55."""
        validate_username(username)
        validate_password(password)
        parsed_status = parse_status(status)
        self._check_can_insert(username)
        return parsed_status

    def create(
        self, username: str, password: str, status: int = UserStatus.ACTIVE, permissions: Permissions | None = None
    ) -> User:
        parsed_status = self.check_create(username, password, status)
        return self._insert(username, self.hasher.hash(password), parsed_status, permissions)

    async def create_async(
        self, username: str, password: str, status: int = UserStatus.ACTIVE, permissions: Permissions | None = None
    ) -> User:
        parsed_status = self.check_create(username, password, status)
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        return self._insert(username, password_hash, parsed_status, permissions)

    def _check_can_insert(self, username: str) -> None:
        if username in self._ids_by_name:
            raise IggyError(ErrorCode.USER_ALREADY_EXISTS, f"user {username!r} already exists")
        if len(self._ids_by_name) >= self.max_users:
            raise IggyError(ErrorCode.USERS_LIMIT_REACHED, f"users limit of {self.max_users} reached")

    def _insert(self, username: str, password_hash: str, status: UserStatus, permissions: Permissions | None) -> User:
        self._check_can_insert(username)  # again: an await may have let a concurrent create in
        with self._transaction():
            user_id = self._free_ids.pop() if self._free_ids else len(self._slots)
            user = User(user_id, username, password_hash, status, now_us(), permissions)
            if user_id == len(self._slots):
                self._slots.append(user)
            else:
                self._slots[user_id] = user
            self._ids_by_name[username] = user_id
        return user

    # ------------------------------------------------------------------ update / permissions / delete

    def update(self, identifier: UserIdentifier, username: str | None = None, status: int | None = None) -> User:
        """UpdateUser: 43 bad username, 3 bad status, 20 unknown user, 45 deactivating root, 46 name taken by
        another user. Root stays active: an inactive root could not log in, and nobody else may be able to
        administer the server (like DeleteUser's and UpdatePermissions' root guards)."""
        if username is not None:
            validate_username(username)
        parsed_status = None if status is None else parse_status(status)
        user = self.require(identifier)
        if user.is_root and parsed_status is not None and parsed_status != UserStatus.ACTIVE:
            raise IggyError(ErrorCode.INVALID_USER_STATUS, f"root user {user.id} cannot be deactivated")
        if username is not None and username != user.username and username in self._ids_by_name:
            raise IggyError(ErrorCode.USER_ALREADY_EXISTS, f"user {username!r} already exists")
        updated = dataclasses.replace(
            user,
            username=user.username if username is None else username,
            status=user.status if parsed_status is None else parsed_status,
        )
        with self._transaction():
            del self._ids_by_name[user.username]
            self._ids_by_name[updated.username] = user.id
            self._slots[user.id] = updated
        return updated

    def update_permissions(self, identifier: UserIdentifier, permissions: Permissions | None) -> User:
        """UpdatePermissions: 20 unknown user, 49 for root (its permissions are fixed)."""
        user = self.require(identifier)
        if user.is_root:
            raise IggyError(ErrorCode.CANNOT_CHANGE_PERMISSIONS, f"cannot change permissions of root user {user.id}")
        updated = dataclasses.replace(user, permissions=permissions)
        with self._transaction():
            self._slots[user.id] = updated
        return updated

    def delete(self, identifier: UserIdentifier) -> User:
        """DeleteUser: 20 unknown user, 48 for root. The id becomes the next one handed out."""
        user = self.require(identifier)
        if user.is_root:
            raise IggyError(ErrorCode.CANNOT_DELETE_USER, f"cannot delete root user {user.id}")
        with self._transaction():
            self._slots[user.id] = None
            del self._ids_by_name[user.username]
            self._free_ids.append(user.id)
        for listener in self._deletion_listeners:
            listener(user.id)
        return user

    # ------------------------------------------------------------------ passwords

    def change_password(self, identifier: UserIdentifier, current_password: str, new_password: str) -> None:
        """ChangePassword: 44 bad length, 20 unknown user, 42 wrong current password."""
        user = self._check_change_password(identifier, current_password, new_password)
        verified = self.hasher.verify(current_password, user.password_hash)
        self._commit_password(user, verified, self.hasher.hash(new_password))

    async def change_password_async(self, identifier: UserIdentifier, current_password: str, new_password: str) -> None:
        user = self._check_change_password(identifier, current_password, new_password)
        verified = await asyncio.to_thread(self.hasher.verify, current_password, user.password_hash)
        new_hash = await asyncio.to_thread(self.hasher.hash, new_password) if verified else ""
        self._commit_password(user, verified, new_hash)

    def _check_change_password(self, identifier: UserIdentifier, current_password: str, new_password: str) -> User:
        validate_password(current_password, "current password")
        validate_password(new_password, "new password")
        return self.require(identifier)

    def _commit_password(self, checked: User, verified: bool, new_hash: str) -> None:
        current = self.get(checked.id)
        if not verified or current is None or current.password_hash != checked.password_hash:
            raise IggyError(ErrorCode.INVALID_CREDENTIALS, "current password is wrong")
        with self._transaction():
            self._slots[current.id] = dataclasses.replace(current, password_hash=new_hash)

    # ------------------------------------------------------------------ login

    def authenticate(self, username: str, password: str) -> int:
        """LoginUser → user id. 43/44 bad lengths, 42 unknown user or wrong password, 47 inactive."""
        user = self._check_login(username, password)
        if user is None:
            self.hasher.burn_verify_time(password)
            verified = False
        else:
            verified = self.hasher.verify(password, user.password_hash)
        return self._finish_login(user, verified)

    async def authenticate_async(self, username: str, password: str) -> int:
        user = self._check_login(username, password)
        if user is None:
            await asyncio.to_thread(self.hasher.burn_verify_time, password)
            verified = False
        else:
            verified = await asyncio.to_thread(self.hasher.verify, password, user.password_hash)
        return self._finish_login(user, verified)

    def _check_login(self, username: str, password: str) -> User | None:
        validate_username(username)
        validate_password(password)
        return self.find_by_name(username)

    def _finish_login(self, checked: User | None, verified: bool) -> int:
        # The password is checked before the status (Iggy checks status first): someone without the
        # password learns nothing about the account, not even that it is disabled.
        current = None if checked is None else self.get(checked.id)
        if (
            not verified
            or checked is None
            or current is None
            or current.username != checked.username
            or current.password_hash != checked.password_hash
        ):
            raise IggyError(ErrorCode.INVALID_CREDENTIALS, "invalid username or password")
        if not current.is_active:
            raise IggyError(ErrorCode.USER_INACTIVE, f"user {current.username!r} is inactive")
        return current.id

    # ------------------------------------------------------------------ persistence

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """Apply a mutation, persist it, and undo it in memory if persisting fails."""
        saved = (list(self._slots), list(self._free_ids), dict(self._ids_by_name))
        try:
            yield
            self._save()
        except BaseException:
            self._slots, self._free_ids, self._ids_by_name = saved
            raise

    def _save(self) -> None:
        state = {
            "format": _STATE_FORMAT,
            "users": [_user_to_state(user) for user in self._slots if user is not None],
            "slab_size": len(self._slots),
            "free_ids": list(self._free_ids),
        }
        write_msgpack_atomic(self.path, state)

    def _load(self) -> None:
        state = read_msgpack(self.path)
        if state is None:
            return
        try:
            if state.get("format") != _STATE_FORMAT:
                raise ValueError(f"unsupported format {state.get('format')!r}")
            slots: list[User | None] = [None] * int(state["slab_size"])
            ids_by_name: dict[str, int] = {}
            for entry in state["users"]:
                user = _user_from_state(entry)
                if not 0 <= user.id < len(slots):
                    raise ValueError(f"user id {user.id} outside the slab of {len(slots)}")
                if slots[user.id] is not None or user.username in ids_by_name:
                    raise ValueError(f"duplicate user id {user.id} or name {user.username!r}")
                slots[user.id] = user
                ids_by_name[user.username] = user.id
            free_ids = [int(user_id) for user_id in state["free_ids"]]
            if sorted(free_ids) != [i for i, user in enumerate(slots) if user is None]:
                raise ValueError("free id list does not match the empty slots")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"users state {self.path} is corrupted: {exc}") from exc
        self._slots = slots
        self._free_ids = free_ids
        self._ids_by_name = ids_by_name


def _user_to_state(user: User) -> dict[str, Any]:
    return {
        "id": user.id,
        "username": user.username,
        "password_hash": user.password_hash,
        "status": int(user.status),
        "created_at_us": user.created_at_us,
        "permissions": permissions_to_state(user.permissions),
    }


def _user_from_state(entry: dict[str, Any]) -> User:
    password_hash = entry["password_hash"]
    if not isinstance(password_hash, str) or not password_hash.startswith("$argon2id$"):
        raise ValueError(f"user {entry.get('id')} has no Argon2id hash")
    return User(
        id=int(entry["id"]),
        username=str(entry["username"]),
        password_hash=password_hash,
        status=UserStatus(int(entry["status"])),
        created_at_us=int(entry["created_at_us"]),
        permissions=permissions_from_state(entry["permissions"]),
    )
