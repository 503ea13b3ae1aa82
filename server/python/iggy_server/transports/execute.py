"""The one command-execution entry of the QUIC, WebSocket and HTTP transports.

``await execute(ctx, session, code, payload, transport)`` runs a request through ``iggy_server.request_path``
(the checks before the handler, the bookkeeping after it: the functions TCP's inline path calls) around
``HANDLERS[code]`` — the same implementation TCP uses — and returns a :class:`Reply`: status 0 with the OK body
parts, or the Iggy error code and its message.
"""

from __future__ import annotations

import struct
import time
from typing import Any, NamedTuple

from iggy.protocol.codes import Command, ErrorCode

from ..context import TransportContext
from ..errors import IggyError
from ..handlers import HANDLERS
from ..request_path import check_request, one_byte_body, refused, settle
from ..session import Session
from .metrics import TRAFFIC, command_slot

__all__ = ["Reply", "execute", "frame_reply", "refuse", "RESPONSE_HEADER", "REQUEST_HEADER"]

RESPONSE_HEADER = struct.Struct("<II")
REQUEST_HEADER = struct.Struct("<II")


class Reply(NamedTuple):
    """``status`` 0 = OK with ``body`` (buffers, possibly several); otherwise the Iggy error code."""

    status: int
    body: list[Any]
    message: str = ""

    @property
    def body_bytes(self) -> int:
        return sum(part.nbytes if isinstance(part, memoryview) else len(part) for part in self.body)


async def execute(
    ctx: TransportContext, session: Session, code: int, payload: bytes | bytearray | memoryview, transport: str
) -> Reply:
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


async def _execute(
    ctx: TransportContext, session: Session, code: int, payload: bytes | bytearray | memoryview, transport: str
) -> Reply:
    payload_view = payload if isinstance(payload, memoryview) else memoryview(payload)
    if payload_view.readonly and code == Command.SEND_MESSAGES:
        # Sends are stamped in place (offset, timestamp, checksum), so they need a writable buffer; the
        # libraries under these transports hand out immutable bytes (TCP receives into a bytearray instead).
        payload_view = memoryview(bytearray(payload_view))
    counters = TRAFFIC[session.transport_kind]
    counters.requests[command_slot(code)] += 1
    counters.received_bytes += payload_view.nbytes
    refusal = check_request(ctx, session, code, payload_view.nbytes, session.protocol)
    if refusal is not None:
        return refuse(ctx, session, code, refusal, transport)
    started_user = session.user_id
    error: Exception | None = None
    ctx.io.catch_up()  # what the native send path appended, before the handler looks
    try:
        result = await HANDLERS[Command(code)](ctx, session, payload_view)
    except Exception as raised:  # every handler failure becomes an Iggy error reply
        error = raised
    failure = settle(ctx, session, code, payload_view, started_user, error)
    if failure is not None:
        return refuse(ctx, session, code, failure, transport)
    reply = Reply(0, result if isinstance(result, list) else [result])
    body_bytes = reply.body_bytes
    if body_bytes == 1:
        return refuse(ctx, session, code, one_byte_body(code), transport)
    counters.sent_bytes += body_bytes
    return reply


def refuse(ctx: TransportContext, session: Session, request: int | str, error: IggyError, transport: str) -> Reply:
    """The error reply of a refused request (``request``: its command code, or what stands for it), logged and
    counted as on TCP (request_path.refused)."""
    refused(ctx, session, request, error.code, error.message, transport)
    return Reply(error.code, [], error.message)


def frame_reply(reply: Reply) -> list[Any]:
    """The TCP response framing of a reply: ``status u32 | length u32 | body`` (errors: length 0)."""
    if reply.status:
        return [RESPONSE_HEADER.pack(reply.status, 0)]
    return [RESPONSE_HEADER.pack(0, reply.body_bytes), *reply.body]
