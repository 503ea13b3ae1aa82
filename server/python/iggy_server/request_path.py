"""The request path every transport shares: the checks before a request's payload is read and the bookkeeping
after its handler ran.

TCP calls these plain functions from its inline read callback (``tcp/framing.py``, ``tcp/dispatch.py``: no task
and no reply object per request); QUIC, WebSocket and HTTP through ``transports/execute.py``'s ``execute``, an
async wrapper over them. So every transport refuses the same request with the same Iggy code, message and
metrics label, in the same order, and logs, counts and audits it the same way:

* :func:`check_request` — before the payload: frame too short, size before login, unknown code, size limit,
  stale client, login; a :class:`Refusal` (with its close-after-reply flag) or None;
* :func:`settle` — after the handler: its exception as the Iggy error answered (``as_iggy_error``) and the
  audit line of an audited command, written as the user logged in when the command started;
* :func:`one_byte_body` — an OK body is never one byte (reference §2.2): the error answered instead;
* :func:`refused` — every error answer: its rate-limited log line and the ``iggy_request_errors`` counter.

0.9 frames run the same :func:`settle` and :func:`refused` (``iggy_server.vsr``); their header checks differ
(evictions, a body limit read from the operation) and stay with the 0.9 framing.
"""

from __future__ import annotations

import logging

from iggy.protocol.codes import COMMANDS_BY_VERSION, UNAUTHENTICATED_COMMANDS, Command, ErrorCode, ProtocolVersion

from .audit import AUDITED_COMMANDS, log_refused, write_audit
from .context import TransportContext
from .errors import IggyError
from .handlers import HANDLERS, as_iggy_error
from .session import Session
from .transports.metrics import TRAFFIC

__all__ = ["Refusal", "check_request", "one_byte_body", "refused", "request_limit_bytes", "settle"]

log = logging.getLogger("iggy_server")


class Refusal(IggyError):
    """A request refused before its handler ran. ``frame_reason``: the label of the refused-frame counter
    (``rejected_<reason>`` in TCP's frame stats; None for a refusal that is not the frame's fault); ``close``: the
    connection is closed after the answer (the rest of the frame is not worth reading)."""

    __slots__ = ("frame_reason", "close")

    def __init__(self, code: int, message: str, frame_reason: str | None = None, close: bool = False) -> None:
        super().__init__(code, message)
        self.frame_reason = frame_reason
        self.close = close


def request_limit_bytes(ctx: TransportContext, send_messages: bool) -> int:
    """The largest payload a logged-in client may send: SendMessages has a limit of its own."""
    limits = ctx.config.limits
    return limits.max_send_messages_bytes if send_messages else limits.max_request_bytes


def check_request(
    ctx: TransportContext, session: Session, code: int, payload_bytes: int, protocol: ProtocolVersion
) -> Refusal | None:
    """The checks made from a request's header, before its payload is read, in this order: frame too short,
    size before login, unknown code (a command ``protocol`` lacks, or without a handler), size limit, stale
    client, login.

    ``payload_bytes``: what the frame announces after its code (its length field minus 4; below 0: the frame
    is too short to hold a code). ``protocol``: the version whose codes the request carries (0.8 for every
    ``length | code`` frame; HTTP runs 0.9 bodies too). None: read the payload and run the handler."""
    if payload_bytes < 0:
        # Only the 8 header bytes were sent for this frame; nothing to skip.
        return Refusal(ErrorCode.INVALID_COMMAND, f"frame length {payload_bytes + 4} is below 4", "frame_too_short")
    limits = ctx.config.limits
    if session.user_id is None and payload_bytes > limits.max_unauthenticated_request_bytes:
        # Nothing worth reading can be that large before login; closing (rather than skipping the payload) stops
        # an anonymous peer from costing more than the few bytes of a header.
        error = ErrorCode.INVALID_COMMAND if code in UNAUTHENTICATED_COMMANDS else ErrorCode.UNAUTHENTICATED
        limit = limits.max_unauthenticated_request_bytes
        message = f"payload of {payload_bytes} bytes before login exceeds {limit} bytes"
        return Refusal(error, message, "oversize_before_login", close=True)
    if code not in COMMANDS_BY_VERSION[protocol] or code not in HANDLERS:  # keyed by Command (IntEnum)
        return Refusal(ErrorCode.INVALID_COMMAND, f"unknown command code {code}", "unknown_command")
    limit = limits.max_send_messages_bytes if code == Command.SEND_MESSAGES else limits.max_request_bytes
    if payload_bytes > limit:
        return Refusal(ErrorCode.INVALID_COMMAND, f"payload of {payload_bytes} bytes exceeds the {limit}-byte limit",
                       "oversize")
    if session.stale:
        return Refusal(ErrorCode.STALE_CLIENT, "client missed its heartbeats", close=True)
    if session.user_id is None and code not in UNAUTHENTICATED_COMMANDS:
        return Refusal(ErrorCode.UNAUTHENTICATED, "command requires a login", "unauthenticated")
    return None


def settle(
    ctx: TransportContext, session: Session, code: int, payload: memoryview, started_user: int | None,
    error: Exception | None,
) -> IggyError | None:
    """After command ``code``'s handler ran: None when it answered (``error`` None), else the Iggy error its
    exception is answered with. An audited command's line is written either way, naming ``started_user``: who
    was logged in when the command started (a LogoutUser or a deleted user does not rewrite history). The caller
    answers a returned error through :func:`refused`."""
    failure = None if error is None else as_iggy_error(error, code, session.client_id)
    if code in AUDITED_COMMANDS:
        # Streams, topics, partitions, users, permissions or tokens may have changed: the native send path checks
        # every route again through the event loop.
        plane = ctx.io.data_plane
        if plane is not None:
            plane.bump_epoch()
        status = None if failure is None else failure.code
        write_audit(ctx.log_limit, started_user, session.address, code, payload, status, session.protocol)
    return failure


def one_byte_body(code: int) -> IggyError:
    """The error answered for a handler's 1-byte OK body: a 1-byte body reads as a status on the wire (reference
    §2.2), so it is a server bug, logged as one."""
    log.error("handler of %s produced a 1-byte body; answering Error instead", Command(code).name)
    return IggyError(ErrorCode.ERROR)


def refused(
    ctx: TransportContext, session: Session, request: int | str, error: int, message: str, transport: str
) -> None:
    """An error answer (``request``: its command code, or what stands for it; ``error``: the Iggy code answered):
    its log line through the server-wide rate limit and its ``iggy_request_errors`` counter."""
    log_refused(ctx.log_limit, transport, session.client_id, session.address, request, error, message)
    TRAFFIC[session.transport_kind].error(request, error)

