"""Audit trail and rate-limited logging of rejected requests.

Every state-changing administrative command (streams, topics, partitions, segments, consumer groups, users,
permissions, passwords, tokens: the commands with `audited = true` in protocol-spec/spec/commands.toml, generated
into ``AUDITED_COMMANDS``) leaves one INFO line on the ``iggy_server.audit`` logger saying who ran it, from where,
on what, and how it ended::

    audit: user 0 from 127.0.0.1:50412: DELETE_STREAM stream_id=7 → ok
    audit: user 3 from 127.0.0.1:50413: UPDATE_PERMISSIONS user_id=0 permissions=set → error 49 (…)

Message sends, polls and offset commits are data traffic and not audited. Secrets (passwords, tokens) are
never logged. Refused attempts share the rate limit of rejected requests (an unprivileged user retrying a
delete in a loop must not flood the log); successful changes are always logged.

Every transport (TCP, QUIC, WebSocket, HTTP) writes these lines through :func:`write_audit` and
:func:`log_refused`, with the one server-wide :class:`LogRateLimit` (``ServerContext.log_limit``)::

    tcp client 3621 (127.0.0.1:50414): 9999 → error 3 (INVALID_COMMAND): unknown command code 9999
"""

from __future__ import annotations

import logging
import time
from typing import Any

from iggy.protocol.codes import AUDITED_COMMANDS, Command, ProtocolVersion
from iggy.protocol.describe import describe
from iggy.protocol.requests import decode_request

from .errors import error_name

__all__ = ["AUDITED_COMMANDS", "LogRateLimit", "audit_line", "describe_target", "log_refused", "write_audit"]

audit_log = logging.getLogger("iggy_server.audit")
log = logging.getLogger("iggy_server")
_KNOWN_CODES = frozenset(int(c) for c in Command)
_SECRET_MARKERS = ("password", "token")


def describe_target(code: int, payload: memoryview, version: ProtocolVersion = ProtocolVersion.V0_8) -> str:
    """The request's fields as ``name=value`` pairs, secrets left out and permissions summarised."""
    try:
        fields = describe(decode_request(code, payload, version), version)
    except Exception:  # the handler already answered the decoding error; the audit line says so
        return "(undecodable request)"
    if not isinstance(fields, dict):
        return ""
    parts = []
    for name, value in fields.items():
        if any(marker in name for marker in _SECRET_MARKERS):
            continue
        if name == "permissions":
            parts.append(f"permissions={'none' if value is None else 'set'}")
        else:
            parts.append(f"{name}={value!r}" if isinstance(value, str) else f"{name}={value}")
    return " ".join(parts)


def audit_line(
    user_id: int | None, address: str, code: int, payload: memoryview, error: int | None,
    version: ProtocolVersion = ProtocolVersion.V0_8,
) -> None:
    outcome = "ok" if error is None else f"error {error} ({error_name(error)})"
    audit_log.info(
        "audit: user %s from %s: %s %s → %s", user_id, address, Command(code).name,
        describe_target(code, payload, version), outcome,
    )


def write_audit(
    limit: LogRateLimit, user_id: int | None, address: str, code: int, payload: memoryview, error: int | None,
    version: ProtocolVersion = ProtocolVersion.V0_8,
) -> None:
    """The audit line of an audited command (its payload in `version`): always for a change made, through
    ``limit`` for a refused one."""
    if error is None or limit.allow() is not None:
        audit_line(user_id, address, code, payload, error, version)


def log_refused(
    limit: LogRateLimit, transport: str, client: object, address: str, request: int | str, error: int, message: str
) -> None:
    """The INFO line of a refused request, unless ``limit`` suppresses it: a client sending garbage cannot turn
    its bytes into more log bytes. ``request``: the command code, or an HTTP route's method and path."""
    suppressed = limit.allow()
    if suppressed is None:
        return
    if isinstance(request, int):
        request = Command(request).name if request in _KNOWN_CODES else str(request)
    log.info(
        "%s client %s (%s): %s → error %d (%s): %s%s",
        transport,
        client,
        address,
        request,
        int(error),
        error_name(error),
        message,
        f" ({suppressed} similar lines suppressed)" if suppressed else "",
    )


class LogRateLimit:
    """At most ``lines_per_window`` lines per ``window_s``; the number suppressed is reported with the next
    line that is allowed (counters keep the exact totals)."""

    def __init__(self, lines_per_window: int = 20, window_s: float = 1.0) -> None:
        self.lines_per_window = lines_per_window
        self.window_s = window_s
        self._window_start = time.monotonic()
        self._lines = 0
        self._suppressed = 0
        self.suppressed_total = 0

    def allow(self) -> int | None:
        """None: do not log this line; otherwise how many lines were suppressed since the last one logged."""
        now = time.monotonic()
        if now - self._window_start >= self.window_s:
            self._window_start = now
            self._lines = 0
        if self._lines >= self.lines_per_window:
            self._suppressed += 1
            self.suppressed_total += 1
            return None
        self._lines += 1
        suppressed, self._suppressed = self._suppressed, 0
        return suppressed


def as_counters(values: dict[str, Any]) -> str:
    return " ".join(f"{key}={value}" for key, value in values.items())
