"""The one command-execution entry of the QUIC, WebSocket and HTTP transports.

``await execute(ctx, session, code, payload)`` applies the checks the TCP dispatcher applies before a handler
runs (known code, payload limit, stale client, login), runs ``HANDLERS[code]`` — the same implementation TCP
uses — and returns a :class:`Reply`: status 0 with the OK body parts, or the Iggy error code and its message.
TCP keeps its inline fast path in ``tcp/`` (same checks, without a task or a reply object per request).
"""

from __future__ import annotations

import logging
import struct
from typing import Any, NamedTuple

from iggy.protocol.codes import UNAUTHENTICATED_COMMANDS, Command, ErrorCode

from iggy.protocol.errors import ProtocolError

from .._native import NativeError
from ..audit import AUDITED_COMMANDS, audit_line
from ..errors import NO_ROOM_ERRNOS, IggyError, from_protocol_error
from ..handlers import HANDLERS
from .metrics import METRICS

__all__ = ["Reply", "execute", "frame_reply", "RESPONSE_HEADER", "REQUEST_HEADER"]

log = logging.getLogger(__name__)

RESPONSE_HEADER = struct.Struct("<II")
REQUEST_HEADER = struct.Struct("<II")
_KNOWN_CODES = frozenset(int(c) for c in Command)


class CloseAfterReply(IggyError):
    """A refusal after which the connection is closed (an anonymous peer announcing a large payload)."""

    __slots__ = ()


class Reply(NamedTuple):
    """``status`` 0 = OK with ``body`` (buffers, possibly several); otherwise the Iggy error code."""

    status: int
    body: list[Any]
    message: str = ""

    @property
    def body_bytes(self) -> int:
        return sum(part.nbytes if isinstance(part, memoryview) else len(part) for part in self.body)


def check_request(ctx: Any, session: Any, code: int, payload_bytes: int) -> IggyError | None:
    """The checks made before a payload is read, in the TCP dispatcher's order: size before login, unknown
    code, size limit, stale client, login. A :class:`CloseAfterReply` asks the transport to close."""
    limits = ctx.config.limits
    if session.user_id is None and payload_bytes > limits.max_unauthenticated_request_bytes:
        error = ErrorCode.INVALID_COMMAND if code in UNAUTHENTICATED_COMMANDS else ErrorCode.UNAUTHENTICATED
        limit = limits.max_unauthenticated_request_bytes
        return CloseAfterReply(error, f"payload of {payload_bytes} bytes before login exceeds {limit} bytes")
    if code not in _KNOWN_CODES or Command(code) not in HANDLERS:
        return IggyError(ErrorCode.INVALID_COMMAND, f"unknown command code {code}")
    limit = limits.max_send_messages_bytes if code == Command.SEND_MESSAGES else limits.max_request_bytes
    if payload_bytes > limit:
        return IggyError(ErrorCode.INVALID_COMMAND, f"payload of {payload_bytes} bytes exceeds the {limit}-byte limit")
    if session.stale:
        return CloseAfterReply(ErrorCode.STALE_CLIENT, "client missed its heartbeats")
    if session.user_id is None and code not in UNAUTHENTICATED_COMMANDS:
        return IggyError(ErrorCode.UNAUTHENTICATED, "command requires a login")
    return None


def to_iggy_error(error: Exception, code: int, session: Any) -> IggyError:
    if isinstance(error, IggyError):
        return error
    if isinstance(error, ProtocolError):
        return from_protocol_error(error)
    if isinstance(error, NativeError):
        return IggyError(int(getattr(error, "code", ErrorCode.ERROR)), str(getattr(error, "message", error)))
    if isinstance(error, OSError) and error.errno in NO_ROOM_ERRNOS:
        return IggyError(ErrorCode.CANNOT_WRITE_TO_FILE, f"the data directory refused a write: {error}")
    log.error("handler of %s failed for client %d", Command(code).name, session.client_id, exc_info=error)
    return IggyError(ErrorCode.ERROR)


async def execute(ctx: Any, session: Any, code: int, payload: Any, transport: str) -> Reply:
    """Run one request; never raises for a request problem (the reply carries the error)."""
    payload_view = payload if isinstance(payload, memoryview) else memoryview(payload)
    if payload_view.readonly and code == Command.SEND_MESSAGES:
        # Sends are stamped in place (offset, timestamp, checksum), so they need a writable buffer; the
        # libraries under these transports hand out immutable bytes (TCP receives into a bytearray instead).
        payload_view = memoryview(bytearray(payload_view))
    METRICS.request(transport, code, payload_view.nbytes)
    refused = check_request(ctx, session, code, payload_view.nbytes)
    if refused is not None:
        return _error(refused, code, session, transport)
    # Who ran an audited command is who was logged in when it started (as on TCP).
    audited_user = session.user_id
    try:
        result = await HANDLERS[Command(code)](ctx, session, payload_view)
    except Exception as error:  # every handler failure becomes an Iggy error reply
        failure = to_iggy_error(error, code, session)
        if code in AUDITED_COMMANDS:
            audit_line(audited_user, session.address, code, payload_view, failure.code)
        return _error(failure, code, session, transport)
    if code in AUDITED_COMMANDS:
        audit_line(audited_user, session.address, code, payload_view, None)
    parts = result if isinstance(result, list) else [result]
    reply = Reply(0, parts)
    if reply.body_bytes == 1:  # an OK body is never one byte (reference §2.2)
        log.error("handler of %s produced a 1-byte body; answering Error instead", Command(code).name)
        return _error(IggyError(ErrorCode.ERROR), code, session, transport)
    METRICS.response(transport, reply.body_bytes)
    return reply


def _error(error: IggyError, code: int, session: Any, transport: str) -> Reply:
    name = Command(code).name if code in _KNOWN_CODES else str(code)
    client_id = session.client_id
    log.info("%s client %s: %s → error %d (%s): %s", transport, client_id, name, error.code, error.name, error.message)
    METRICS.error(transport, error.code)
    return Reply(error.code, [], error.message)


def frame_reply(reply: Reply) -> list[Any]:
    """The TCP response framing of a reply: ``status u32 | length u32 | body`` (errors: length 0)."""
    if reply.status:
        return [RESPONSE_HEADER.pack(reply.status, 0)]
    return [RESPONSE_HEADER.pack(0, reply.body_bytes), *reply.body]
