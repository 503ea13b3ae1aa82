"""Contexts (named server profiles) and the resolution of the settings one invocation uses.

Layout, shared with Iggy's own CLI so both tools read the same files:

    $IGGY_HOME (default ~/.iggy)/
        contexts.toml      [name] tables: tcp_server_address, username, password, token, tcp_tls_enabled, ...
        .active_context    the selected context's name ("default" when the file is missing)

The context named "default" always exists, even when the file does not. `iggy login` adds
`session_token` and `session_server_address` to the context's table; Iggy's CLI keeps unknown keys, so
the two tools can share the file.

Precedence for every setting: command-line flag > IGGY_* environment variable > context > built-in default.
The wire protocol (`protocol`: 0.9, the default, or 0.8) may also be given in the address (`iggy://HOST:PORT?
protocol=0.8`); a flag, variable or context value that contradicts it is an error.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import tomlfile

DEFAULT_CONTEXT = "default"
DEFAULT_TCP_SERVER_ADDRESS = "127.0.0.1:8090"
CONTEXTS_FILE_NAME = "contexts.toml"
ACTIVE_CONTEXT_FILE_NAME = ".active_context"
# Keys a context may set through `iggy context create`; other keys in the file are kept untouched.
CONTEXT_KEYS = (
    "tcp_server_address",
    "tcp_tls_enabled",
    "tcp_tls_domain",
    "tcp_tls_ca_file",
    "username",
    "password",
    "token",
    "protocol",
)
SESSION_TOKEN_KEY = "session_token"
SESSION_SERVER_ADDRESS_KEY = "session_server_address"
_CONTEXT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ContextError(Exception):
    """A problem with the context files or a context name; reported as a one-line error."""


def iggy_home() -> Path:
    override = os.environ.get("IGGY_HOME")
    return Path(override) if override else Path.home() / ".iggy"


def validate_context_name(name: str) -> str:
    if not _CONTEXT_NAME.match(name):
        raise ContextError(
            f"invalid context name {name!r}: use 1-64 letters, digits, '-' or '_'"
        )
    return name


class ContextStore:
    """The contexts in one IGGY_HOME directory. Every mutation rewrites the file atomically."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = home if home is not None else iggy_home()

    @property
    def contexts_path(self) -> Path:
        return self.home / CONTEXTS_FILE_NAME

    @property
    def active_path(self) -> Path:
        return self.home / ACTIVE_CONTEXT_FILE_NAME

    def contexts(self) -> dict[str, dict[str, object]]:
        try:
            tables = tomlfile.read_tables(self.contexts_path)
        except (OSError, ValueError) as error:  # tomllib.TOMLDecodeError is a ValueError
            raise ContextError(f"cannot read {self.contexts_path}: {error}") from None
        contexts: dict[str, dict[str, object]] = {DEFAULT_CONTEXT: {}}
        contexts.update(tables or {})
        return contexts

    def active_name(self) -> str:
        try:
            name = self.active_path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return DEFAULT_CONTEXT
        except OSError as error:
            raise ContextError(f"cannot read {self.active_path}: {error}") from None
        return name or DEFAULT_CONTEXT

    def get(self, name: str) -> dict[str, object]:
        contexts = self.contexts()
        if name not in contexts:
            raise ContextError(
                f"context {name!r} not found in {self.contexts_path} (see `iggy context list`)"
            )
        return contexts[name]

    def use(self, name: str) -> None:
        self.get(name)
        self.home.mkdir(parents=True, exist_ok=True)
        self.active_path.write_text(name, encoding="utf-8")

    def create(self, name: str, values: dict[str, object]) -> None:
        validate_context_name(name)
        contexts = self.contexts()
        if name in contexts:
            raise ContextError(f"context {name!r} already exists in {self.contexts_path}")
        contexts[name] = {key: value for key, value in values.items() if value is not None}
        self._write(contexts)

    def delete(self, name: str) -> None:
        if name == DEFAULT_CONTEXT:
            raise ContextError(f"the {DEFAULT_CONTEXT!r} context cannot be deleted")
        contexts = self.contexts()
        if name not in contexts:
            raise ContextError(f"context {name!r} not found in {self.contexts_path}")
        del contexts[name]
        self._write(contexts)
        if self.active_name() == name:
            self.active_path.write_text(DEFAULT_CONTEXT, encoding="utf-8")

    def store_session(self, name: str, token: str, server_address: str) -> None:
        contexts = self.contexts()
        context = contexts.setdefault(name, {})
        context[SESSION_TOKEN_KEY] = token
        context[SESSION_SERVER_ADDRESS_KEY] = server_address
        self._write(contexts)

    def clear_session(self, name: str) -> bool:
        """Forget the context's login session; True when there was one."""
        contexts = self.contexts()
        context = contexts.get(name, {})
        had_session = SESSION_TOKEN_KEY in context
        context.pop(SESSION_TOKEN_KEY, None)
        context.pop(SESSION_SERVER_ADDRESS_KEY, None)
        if had_session:
            self._write(contexts)
        return had_session

    def _write(self, contexts: dict[str, dict[str, object]]) -> None:
        # An empty "default" table is implicit; leaving it out keeps the file minimal.
        tables = {name: values for name, values in contexts.items() if values or name != DEFAULT_CONTEXT}
        try:
            tomlfile.write_tables(self.contexts_path, tables)
        except OSError as error:
            raise ContextError(f"cannot write {self.contexts_path}: {error}") from None


@dataclass(frozen=True)
class Overrides:
    """Values given on the command line or through IGGY_* variables (None = not given)."""

    context: str | None = None
    tcp_server_address: str | None = None
    tcp_tls_enabled: bool | None = None
    tcp_tls_domain: str | None = None
    tcp_tls_ca_file: str | None = None
    username: str | None = None
    password: str | None = None
    token: str | None = None
    protocol: str | None = None


@dataclass(frozen=True)
class Credentials:
    """How to log in: exactly one of token or username (+ password, possibly prompted later)."""

    source: str  # "flag", "session", "context": shown in error messages and `iggy context list`
    token: str | None = None
    username: str | None = None
    password: str | None = None


@dataclass(frozen=True)
class Settings:
    context_name: str
    tcp_server_address: str
    tcp_tls_enabled: bool = False
    tcp_tls_domain: str | None = None
    tcp_tls_ca_file: str | None = None
    credentials: Credentials | None = None
    session_token: str | None = field(default=None, repr=False)
    protocol: str | None = None  # "0.9" / "0.8"; None = the address's `protocol=`, else the SDK's default (0.9)


def resolve(store: ContextStore, overrides: Overrides) -> Settings:
    """Merge flags/env, the selected context and defaults into the settings for this invocation."""
    context_name = overrides.context or store.active_name()
    context = store.get(context_name)

    def pick(name: str):
        value = getattr(overrides, name)
        return value if value is not None else context.get(name)

    address = str(pick("tcp_server_address") or DEFAULT_TCP_SERVER_ADDRESS)
    session_token = None
    # A session belongs to the server it was issued by; never send it to another address.
    if context.get(SESSION_TOKEN_KEY) and context.get(SESSION_SERVER_ADDRESS_KEY) == address:
        session_token = str(context[SESSION_TOKEN_KEY])
    return Settings(
        context_name=context_name,
        tcp_server_address=address,
        tcp_tls_enabled=_as_bool(pick("tcp_tls_enabled")),
        tcp_tls_domain=_as_optional_str(pick("tcp_tls_domain")),
        tcp_tls_ca_file=_as_optional_str(pick("tcp_tls_ca_file")),
        credentials=_credentials(overrides, context, session_token),
        session_token=session_token,
        protocol=_as_optional_str(pick("protocol")),
    )


def _credentials(overrides: Overrides, context: dict[str, object], session_token: str | None) -> Credentials | None:
    if overrides.token:
        return Credentials("flag", token=overrides.token)
    if overrides.username:
        return Credentials("flag", username=overrides.username, password=overrides.password)
    if session_token:
        return Credentials("session", token=session_token)
    if context.get("token"):
        return Credentials("context", token=str(context["token"]))
    if context.get("username"):
        password = overrides.password if overrides.password is not None else context.get("password")
        return Credentials("context", username=str(context["username"]), password=_as_optional_str(password))
    return None


def _as_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    return str(value).strip().lower() in {"1", "true", "yes", "on"}


def _as_optional_str(value: object) -> str | None:
    return None if value is None else str(value)
