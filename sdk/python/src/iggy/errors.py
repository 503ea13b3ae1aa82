"""Exceptions raised by the client: one `IggyError` carrying the Iggy code, with subclasses per category.

Server answers carry an Iggy error code; client-side failures (no connection, timeout, bad connection
string) reuse the matching Iggy code so callers can treat both alike (`err.code`, `err.name`, `err.kind`).
Every code has a kind from the spec (protocol-spec/spec/errors.toml): `err.kind` is an `ErrorKind` and
`err.is_not_found()`, `err.is_already_exists()`, ... test it, one predicate per kind.

Over TCP the server answers only the code, so the spec's text of a code has a placeholder per runtime value
("Stream with name: … already exists."). The client writes the objects of the failing request there ("Stream with
name: orders already exists."), and "<param>" (e.g. "<partition>") where the request has no value for one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .protocol.codes import (
    ERROR_KINDS,
    ERROR_MESSAGES,
    ERROR_PARAMS,
    EVICTION_ERRORS,
    REQUEST_ERROR_PARAMS,
    ErrorCode,
    ErrorKind,
    ErrorKindPredicates,
    EvictionReason,
    PartitioningKind,
)
from .protocol.errors import ProtocolError
from .protocol.primitives import Consumer, Identifier, Partitioning

_PLACEHOLDER = "…"  # what stands for a runtime value in the spec's texts


class IggyError(ErrorKindPredicates, Exception):
    """An Iggy failure. `.code` is the Iggy error code, `.name` its UPPER_SNAKE name, `.message` the text, `.kind`
    its `ErrorKind` (what to branch on; `is_not_found()` and one `is_<kind>()` per kind)."""

    def __init__(self, code: int, message: str | None = None) -> None:
        self.code = int(code)
        self.name = error_name(self.code)
        self._set_message(message or error_message(self.code))

    @property
    def kind(self) -> ErrorKind:
        return ERROR_KINDS.get(self.code, ErrorKind.UNKNOWN)

    def _set_message(self, message: str) -> None:
        self.message = message
        self.args = (f"[{self.code} {self.name}] {message}",)

    def __reduce__(self):  # pickling keeps the subclass and both fields (Spark ships exceptions around)
        return (_rebuild, (type(self), self.code, self.message))


def _rebuild(cls: type[IggyError], code: int, message: str) -> IggyError:
    error = cls.__new__(cls)
    IggyError.__init__(error, code, message)
    return error


class NotFoundError(IggyError):
    """A mutation or command referenced a stream/topic/partition/group/user/token that does not exist."""


class AlreadyExistsError(IggyError):
    """A create collided with an existing name (stream 1012, topic 2013, group 5004, user 46, token 51)."""


class UnauthenticatedError(IggyError):
    """Code 40: the connection is not logged in."""


class UnauthorizedError(IggyError):
    """Code 41: the logged-in user lacks the permission."""


class InvalidCredentialsError(IggyError):
    """Code 42 (wrong username/password/token) or 47 (user inactive)."""


class ClientError(IggyError):
    """Raised by the client itself rather than answered by the server."""


class NotConnectedError(ClientError):
    """Code 61: a command was issued while no connection is open (call `connect()` first)."""


class CannotConnectError(ClientError):
    """Code 9: the TCP/TLS connection could not be established within the retry budget."""


class ConnectionLostError(ClientError):
    """Code 206: the connection dropped mid-request and could not be re-established."""


class RequestTimeoutError(ClientError):
    """Code 12001: no answer within `request_timeout_ms` (the connection is reset afterwards)."""


class InvalidConnectionStringError(ClientError, ValueError):
    """Code 8000: the connection string or a client option is malformed."""


class ClientClosedError(ClientError):
    """Code 63: the client (or producer/consumer) was closed."""


class ProtocolMismatchError(ClientError):
    """Code 14003 (or 206 when the server closed the connection without a word): the server speaks the other Iggy
    protocol than the client's `protocol` option. The message names the option to set; `server_protocol` is the
    protocol the server's answer showed (None when it gave none)."""

    def __init__(self, code: int, message: str | None = None, server_protocol: object = None) -> None:
        super().__init__(code, message)
        self.server_protocol = server_protocol

    def __reduce__(self):
        return (_rebuild_mismatch, (type(self), self.code, self.message, self.server_protocol))


def _rebuild_mismatch(cls: type[ProtocolMismatchError], code: int, message: str, server_protocol: object):
    return cls(code, message, server_protocol)


class EvictedError(IggyError):
    """An Iggy 0.9 server ended the session with an eviction frame. `.reason` is the `EvictionReason`; `.code` the
    error a client reports for it (e.g. 42 for INVALID_CREDENTIALS). Evictions whose code has a class of its own are
    raised as `EvictedUnauthenticatedError` / `EvictedInvalidCredentialsError`, so `except
    InvalidCredentialsError` catches a wrong password over either protocol."""

    def __init__(self, code: int, message: str | None = None, reason: EvictionReason | int = 0) -> None:
        super().__init__(code, message)
        self.reason = reason

    def __reduce__(self):
        return (_rebuild_evicted, (type(self), self.code, self.message, int(self.reason)))


def _rebuild_evicted(cls: type[EvictedError], code: int, message: str, reason: int) -> EvictedError:
    return cls(code, message, _eviction_reason(reason))


class EvictedUnauthenticatedError(EvictedError, UnauthenticatedError):
    """An eviction that reads as 40 Unauthenticated (no session, stale session, inactive user, ...)."""


class EvictedInvalidCredentialsError(EvictedError, InvalidCredentialsError):
    """An eviction for a wrong username or password (42)."""


def _eviction_reason(reason: int) -> EvictionReason | int:
    try:
        return EvictionReason(reason)
    except ValueError:
        return reason


def eviction_error(reason: int, detail: str = "") -> EvictedError:
    """The error for an eviction frame's reason byte (an unknown reason reads as Unauthenticated, as the
    official clients read it)."""
    typed = _eviction_reason(reason)
    code = EVICTION_ERRORS.get(typed, ErrorCode.UNAUTHENTICATED) if isinstance(typed, EvictionReason) else (
        ErrorCode.UNAUTHENTICATED)
    name = typed.name if isinstance(typed, EvictionReason) else f"reason {reason}"
    message = f"evicted by the server ({name}): {error_message(code)}"
    if detail:
        message = f"{message}; {detail}"
    base = error_class(code)
    cls = {UnauthenticatedError: EvictedUnauthenticatedError,
           InvalidCredentialsError: EvictedInvalidCredentialsError}.get(base, EvictedError)
    return cls(code, message, typed)


# The class of each kind that has one (the kinds come from the spec; see ErrorKind).
_KIND_CLASSES: dict[ErrorKind, type[IggyError]] = {
    ErrorKind.NOT_FOUND: NotFoundError,
    ErrorKind.ALREADY_EXISTS: AlreadyExistsError,
    ErrorKind.UNAUTHENTICATED: UnauthenticatedError,
    ErrorKind.UNAUTHORIZED: UnauthorizedError,
    ErrorKind.INVALID_CREDENTIALS: InvalidCredentialsError,
}
# The client-side failures with a class of their own, one code each.
_CLIENT_CLASSES: dict[int, type[IggyError]] = {
    ErrorCode.NOT_CONNECTED: NotConnectedError,
    ErrorCode.CANNOT_ESTABLISH_CONNECTION: CannotConnectError,
    ErrorCode.CONNECTION_CLOSED: ConnectionLostError,
    ErrorCode.TASK_TIMEOUT: RequestTimeoutError,
    ErrorCode.INVALID_CONNECTION_STRING: InvalidConnectionStringError,
    ErrorCode.CLIENT_SHUTDOWN: ClientClosedError,
}


def error_name(code: int) -> str:
    try:
        return ErrorCode(code).name
    except ValueError:
        return f"UNKNOWN_{code}"


def error_class(code: int) -> type[IggyError]:
    """The most specific exception class for an Iggy code: a client-side failure's own class, else its kind's
    (NotFoundError for every not_found code, ...), else IggyError."""
    specific = _CLIENT_CLASSES.get(code)
    if specific is not None:
        return specific
    return _KIND_CLASSES.get(ERROR_KINDS.get(code, ErrorKind.UNKNOWN), IggyError)


def error_for(code: int, message: str | None = None) -> IggyError:
    """Build the exception for a server status code (or a client-side code)."""
    return error_class(code)(code, message)


def error_message(code: int, values: Mapping[str, object] | None = None) -> str:
    """The spec's text of `code` with each "…" replaced by the value of the param it stands for (`values`, keyed by
    the errors.toml param: stream, topic, name, ...), or by "<param>" where `values` has none."""
    template = ERROR_MESSAGES.get(int(code))
    if template is None:
        return error_name(code).replace("_", " ").lower()
    params = ERROR_PARAMS.get(int(code), ())
    parts = template.split(_PLACEHOLDER)
    given = values or {}
    filled = [parts[0]]
    for param, part in zip(params, parts[1:]):
        value = given.get(param)
        filled += [f"<{param}>" if value is None else str(value), part]
    return "".join(filled)


def fill_from_request(error: IggyError, command: int, field_value: Callable[[str], object]) -> IggyError:
    """Write the objects of the failing request into `error`'s text where it is still the spec's text with
    "<param>" placeholders (an answer over TCP carries only the code). `field_value(name)` answers a request field
    of `command`; which field names which param comes from the spec (commands.toml error_param). Returns `error`."""
    fields = REQUEST_ERROR_PARAMS.get(command)
    bare = error_message(error.code)
    if not fields or error.code not in ERROR_PARAMS or bare not in error.message:
        return error
    values = {}
    for param in ERROR_PARAMS[error.code]:
        if param in fields and param not in values:
            text = _param_text(field_value(fields[param]))
            if text is not None:
                values[param] = text
    error._set_message(error.message.replace(bare, error_message(error.code, values), 1))
    return error


def _param_text(value: object) -> str | None:
    """How a request field's value reads in an error message: an id or name as given, a consumer by its id, a
    partitioning only when it names a partition; None for no value (an absent optional partition)."""
    if isinstance(value, Identifier):
        return str(value.value)
    if isinstance(value, Consumer):
        return str(value.id.value)
    if isinstance(value, Partitioning):
        if value.kind != PartitioningKind.PARTITION_ID:
            return None
        return str(int.from_bytes(value.value, "little"))
    return None if value is None else str(value)


def from_protocol_error(error: ProtocolError) -> IggyError:
    """A codec failure on our side (bad input or undecodable answer) as an IggyError with the same code."""
    return error_for(int(error.code), error.message)


def is_retryable(error: BaseException) -> bool:
    """Transient failures worth retrying a send for: lost connection, timeout, connect failure, stale client."""
    if isinstance(error, (ConnectionLostError, RequestTimeoutError, CannotConnectError, NotConnectedError)):
        return True
    return isinstance(error, IggyError) and error.code in (
        ErrorCode.STALE_CLIENT,
        ErrorCode.DISCONNECTED,
        ErrorCode.CLIENT_NOT_FOUND,
    )


__all__ = [
    "AlreadyExistsError",
    "CannotConnectError",
    "ClientClosedError",
    "ClientError",
    "ConnectionLostError",
    "EvictedError",
    "EvictedInvalidCredentialsError",
    "EvictedUnauthenticatedError",
    "ErrorKind",
    "IggyError",
    "InvalidConnectionStringError",
    "InvalidCredentialsError",
    "NotConnectedError",
    "NotFoundError",
    "ProtocolMismatchError",
    "RequestTimeoutError",
    "UnauthenticatedError",
    "UnauthorizedError",
    "error_class",
    "error_for",
    "error_message",
    "error_name",
    "eviction_error",
    "from_protocol_error",
    "is_retryable",
]
