"""Exceptions raised by the client: one `IggyError` carrying the Iggy code, with subclasses per category.

Server answers carry an Iggy error code; client-side failures (no connection, timeout, bad connection
string) reuse the matching Iggy code so callers can treat both alike (`err.code`, `err.name`).
"""

from __future__ import annotations

from .protocol.codes import ERROR_MESSAGES, EVICTION_ERRORS, ErrorCode, EvictionReason
from .protocol.errors import ProtocolError


class IggyError(Exception):
    """An Iggy failure. `.code` is the Iggy error code, `.name` its UPPER_SNAKE name, `.message` the text."""

    def __init__(self, code: int, message: str | None = None) -> None:
        self.code = int(code)
        self.name = error_name(self.code)
        self.message = message or ERROR_MESSAGES.get(self.code, self.name.replace("_", " ").lower())
        super().__init__(f"[{self.code} {self.name}] {self.message}")

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
    message = f"evicted by the server ({name}): {ERROR_MESSAGES.get(int(code), error_name(code))}"
    if detail:
        message = f"{message}; {detail}"
    base = error_class(code)
    cls = {UnauthenticatedError: EvictedUnauthenticatedError,
           InvalidCredentialsError: EvictedInvalidCredentialsError}.get(base, EvictedError)
    return cls(code, message, typed)


_ALREADY_EXISTS = {
    ErrorCode.USER_ALREADY_EXISTS,
    ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS,
    ErrorCode.STREAM_NAME_ALREADY_EXISTS,
    ErrorCode.TOPIC_NAME_ALREADY_EXISTS,
    ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS,
}
_SPECIFIC: dict[int, type[IggyError]] = {
    ErrorCode.UNAUTHENTICATED: UnauthenticatedError,
    ErrorCode.UNAUTHORIZED: UnauthorizedError,
    ErrorCode.INVALID_CREDENTIALS: InvalidCredentialsError,
    ErrorCode.USER_INACTIVE: InvalidCredentialsError,
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
    """The most specific exception class for an Iggy code (names ending in NOT_FOUND are NotFoundError)."""
    specific = _SPECIFIC.get(code)
    if specific is not None:
        return specific
    if code in _ALREADY_EXISTS:
        return AlreadyExistsError
    if error_name(code).endswith("NOT_FOUND"):
        return NotFoundError
    return IggyError


def error_for(code: int, message: str | None = None) -> IggyError:
    """Build the exception for a server status code (or a client-side code)."""
    return error_class(code)(code, message)


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
    "error_name",
    "eviction_error",
    "from_protocol_error",
    "is_retryable",
]
