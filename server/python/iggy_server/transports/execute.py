"""The one command-execution entry of the QUIC, WebSocket and HTTP transports.

``await execute(ctx, session, code, payload)`` applies the checks the TCP dispatcher applies before a handler
runs (known code, payload limit, stale client, login), runs ``HANDLERS[code]`` — the same implementation TCP
uses — and returns a :class:`Reply`: status 0 with the OK body parts, or the Iggy error code and its message.
TCP keeps its inline fast path in ``tcp/`` (same checks, without a task or a reply object per request).
"""

from __future__ import annotations

import logging
import struct
import time
from typing import Any, NamedTuple

from iggy.protocol.codes import COMMANDS_BY_VERSION, UNAUTHENTICATED_COMMANDS, Command, ErrorCode

from ..audit import AUDITED_COMMANDS, log_refused, write_audit
from ..errors import IggyError
from ..handlers import HANDLERS, as_iggy_error
from .metrics import TRAFFIC, command_slot

__all__ = ["Reply", "execute", "frame_reply", "refuse", "RESPONSE_HEADER", "REQUEST_HEADER"]

log = logging.getLogger(__name__)

RESPONSE_HEADER = struct.Struct("<II")
REQUEST_HEADER = struct.Struct("<II")


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
    if code not in COMMANDS_BY_VERSION[session.protocol] or code not in HANDLERS:  # keyed by Command (IntEnum)
        return IggyError(ErrorCode.INVALID_COMMAND, f"unknown command code {code}")
    limit = limits.max_send_messages_bytes if code == Command.SEND_MESSAGES else limits.max_request_bytes
    if payload_bytes > limit:
        return IggyError(ErrorCode.INVALID_COMMAND, f"payload of {payload_bytes} bytes exceeds the {limit}-byte limit")
    if session.stale:
        return CloseAfterReply(ErrorCode.STALE_CLIENT, "client missed its heartbeats")
    if session.user_id is None and code not in UNAUTHENTICATED_COMMANDS:
        return IggyError(ErrorCode.UNAUTHENTICATED, "command requires a login")
    return None


async def execute(ctx: Any, session: Any, code: int, payload: Any, transport: str) -> Reply:
    """Run one request; never raises for a request problem (the reply carries the error). With telemetry on, the
    request is one span (iggy_server.telemetry)."""
    telemetry = ctx.telemetry
    if telemetry is None:
        return await _execute(ctx, session, code, payload, transport)
    span = telemetry.start_request(code, session.transport_kind, session.client_id, payload, time.time_ns())
    status = int(ErrorCode.ERROR)
    try:
        reply = await _execute(ctx, session, code, payload, transport)
        status = reply.status
        return reply
    finally:
        telemetry.end_request(span, status)


async def _execute(ctx: Any, session: Any, code: int, payload: Any, transport: str) -> Reply:
    payload_view = payload if isinstance(payload, memoryview) else memoryview(payload)
    if payload_view.readonly and code == Command.SEND_MESSAGES:
        # Sends are stamped in place (offset, timestamp, checksum), so they need a writable buffer; the
        # libraries under these transports hand out immutable bytes (TCP receives into a bytearray instead).
        payload_view = memoryview(bytearray(payload_view))
    counters = TRAFFIC[session.transport_kind]
    counters.requests[command_slot(code)] += 1
    counters.received_bytes += payload_view.nbytes
    refused = check_request(ctx, session, code, payload_view.nbytes)
    if refused is not None:
        return refuse(ctx, session, code, refused, transport)
    # Who ran an audited command is who was logged in when it started (as on TCP).
    audited_user = session.user_id
    try:
        result = await HANDLERS[Command(code)](ctx, session, payload_view)
    except Exception as error:  # every handler failure becomes an Iggy error reply
        failure = as_iggy_error(error, code, session.client_id)
        if code in AUDITED_COMMANDS:
            write_audit(
                ctx.log_limit, audited_user, session.address, code, payload_view, failure.code, session.protocol
            )
        return refuse(ctx, session, code, failure, transport)
    if code in AUDITED_COMMANDS:
        write_audit(ctx.log_limit, audited_user, session.address, code, payload_view, None, session.protocol)
    parts = result if isinstance(result, list) else [result]
    reply = Reply(0, parts)
    if reply.body_bytes == 1:  # an OK body is never one byte (reference §2.2)
        log.error("handler of %s produced a 1-byte body; answering Error instead", Command(code).name)
        return refuse(ctx, session, code, IggyError(ErrorCode.ERROR), transport)
    counters.sent_bytes += reply.body_bytes
    return reply


def refuse(ctx: Any, session: Any, request: int | str, error: IggyError, transport: str) -> Reply:
    """The error reply of a refused request (``request``: its command code, or what stands for it), counted
    and logged through the server-wide rate limit, as on TCP."""
    log_refused(ctx.log_limit, transport, session.client_id, session.address, request, error.code, error.message)
    TRAFFIC[session.transport_kind].error(request, error.code)
    return Reply(error.code, [], error.message)


def frame_reply(reply: Reply) -> list[Any]:
    """The TCP response framing of a reply: ``status u32 | length u32 | body`` (errors: length 0)."""
    if reply.status:
        return [RESPONSE_HEADER.pack(reply.status, 0)]
    return [RESPONSE_HEADER.pack(0, reply.body_bytes), *reply.body]
