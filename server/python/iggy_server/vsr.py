"""The Iggy 0.9 request path (VSR framing): one request header in, one reply or eviction frame out.

Every transport that carries 0.9 frames (TCP and TLS, QUIC per stream, WebSocket per message) hands a complete
frame here: :func:`parse_request_header` reads the 256-byte header (layout generated from
protocol-spec/spec/frames.toml), :func:`handle_request` runs it and returns the frame parts to write. The
command handlers are the ones 0.8 uses (``HANDLERS``); they read the connection's protocol version from the
session for the payloads that changed.

What a request does follows the digest of the released 0.9 clients (shared/reference/iggy-wire-0.9.md):

* ``Register`` (LoginRegister 40 / LoginRegisterWithPat 45; the code is not on the wire, so the password shape
  is tried first) binds a session to the connection: a new session number, the request watermark at 0. Bad
  credentials, an unusable body or an incompatible protocol version answer an Eviction with its reason.
* ``Logout`` unbinds (leaving every consumer group) and answers an empty reply.
* ``NonReplicated`` carries the command code in the header. Before login only Ping is served (status 40 for
  the rest); 0.8's login codes answer Eviction(MalformedLogin); a code 0.9 does not have answers status 3.
* Replicated operations need the bound session (else Eviction(NoSession)); a request number at or below the
  session's watermark gets the cached reply of that request (the last ``CLIENT_TABLE_REPLIES``), or status 59
  when it aged out, so a retried request is never applied twice. A result-framed operation's reply body starts
  with the result section: ``[0]`` and the payload on success, ``[1][0][code]`` on failure.

A header that breaks the rules is answered, never dropped (the official server drops it and the client waits
30 s): an Eviction with the closest reason, or, where no eviction can be addressed (client id 0, a frame that
is not a request), the connection is closed.
"""

from __future__ import annotations

import logging
import struct
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from iggy.protocol.codes import (
    CLIENT_TABLE_REPLIES,
    COMMAND_OPERATIONS,
    COMMANDS_BY_VERSION,
    PROTOCOL_VERSION_0_9,
    PROTOCOL_VERSION_0_9_MIN,
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    Command,
    ErrorCode,
    EvictionReason,
    HeaderCommand,
    Operation,
    ProtocolVersion,
    Transport,
)
from iggy.protocol import requests
from iggy.protocol.errors import ProtocolError
from iggy.protocol.primitives import Reader
from iggy.protocol.responses import LoginRegisterResponse
from iggy.protocol.layout import (
    EVICTION_HEADER_STRUCT_FORMAT,
    REPLY_HEADER_STRUCT_FORMAT,
    REQUEST_HEADER_STRUCT_FORMAT,
)

from ._native import xxh3_64
from .audit import log_refused
from .errors import IggyError
from .handlers import HANDLERS
from .handlers.system import SERVER_VERSION
from .request_path import request_limit_bytes, settle
from .transports.metrics import TRAFFIC, command_slot

if TYPE_CHECKING:
    from .context import ServerContext
    from .session import Session

__all__ = [
    "V0_9",
    "RequestHeader",
    "VsrBinding",
    "Outcome",
    "parse_request_header",
    "handle_request",
    "eviction_frame",
    "is_vsr_prefix",
]

log = logging.getLogger("iggy_server")

V0_9 = ProtocolVersion.V0_9
_REQUEST = struct.Struct(REQUEST_HEADER_STRUCT_FORMAT)
_REPLY = struct.Struct(REPLY_HEADER_STRUCT_FORMAT)
_EVICTION = struct.Struct(EVICTION_HEADER_STRUCT_FORMAT)
_U32 = struct.Struct("<I")
_U64_MASK = (1 << 64) - 1  # tidy: allow-value (splits a u128 into its two u64 halves; not a sentinel)
assert _REQUEST.size == _REPLY.size == _EVICTION.size == VSR_HEADER_SIZE
_COMMAND_OF_OPERATION = {operation: command for command, operation in COMMAND_OPERATIONS.items()
                         if operation != Operation.REGISTER}
_COMMANDS_0_9 = COMMANDS_BY_VERSION[V0_9]
_LEGACY_LOGINS = frozenset({Command.LOGIN_USER, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN})
_CLIENT_OPERATIONS = frozenset(COMMAND_OPERATIONS.values()) | {Operation.NON_REPLICATED}
_RESULT_OK = _U32.pack(0)
# Login failures and the eviction each answers (the client reports the reason's error).
_LOGIN_EVICTIONS = {
    ErrorCode.INVALID_CREDENTIALS: EvictionReason.INVALID_CREDENTIALS,
    ErrorCode.USER_INACTIVE: EvictionReason.USER_INACTIVE,
    ErrorCode.RESOURCE_NOT_FOUND: EvictionReason.INVALID_TOKEN,
    ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED: EvictionReason.INVALID_TOKEN,
    ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN: EvictionReason.INVALID_TOKEN,
}


def is_vsr_prefix(first_eight: bytes | bytearray | memoryview) -> bool:
    """A connection's first 8 bytes: 0.9 clients leave the header checksum 0; a 0.8 frame's length is never 0."""
    return _U32.unpack_from(first_eight, 0)[0] == 0


class RequestHeader(NamedTuple):
    """The fields of a 0.9 request header a server reads (frames.toml RequestHeader)."""

    cluster: int
    size: int
    view: int
    release: int
    command: int
    replica: int
    client: int
    request_checksum: int
    timestamp: int
    request: int
    operation: int
    session: int
    code: int


def parse_request_header(header: bytes | bytearray | memoryview) -> RequestHeader:
    (_, _, _, _, cluster_low, cluster_high, size, view, release, command, replica, client_low, client_high,
     checksum_low, checksum_high, timestamp, request, operation, session, _user_id, code) = _REQUEST.unpack_from(header)
    return RequestHeader(cluster_low | (cluster_high << 64), size, view, release, command, replica,
                         client_low | (client_high << 64), checksum_low | (checksum_high << 64), timestamp, request,
                         operation, session, code)


@dataclass(eq=False)
class VsrBinding:
    """A registered 0.9 session on one connection: the client id, the session number, and the client table
    entry (highest applied request number and the last replies, for retries)."""

    client: int
    session: int
    user_id: int
    watermark: int = 0
    replies: OrderedDict[int, list[Any]] = field(default_factory=OrderedDict)

    def remember(self, request: int, reply: list[Any]) -> None:
        self.watermark = request
        self.replies[request] = reply
        while len(self.replies) > CLIENT_TABLE_REPLIES:
            self.replies.popitem(last=False)


class Outcome(NamedTuple):
    """What to write (the frame parts) and whether to close the connection after it."""

    parts: list[Any]
    close: bool = False


class _SessionCounter:
    """Session numbers: positive, growing for the server's life (the official server uses commit numbers)."""

    last = 0

    @classmethod
    def next(cls) -> int:
        cls.last += 1
        return cls.last


def last_session_number() -> int:
    """The highest session number given out: a reply's commit is at least this (the native send path's replies
    take it when their connection goes there)."""
    return _SessionCounter.last


def _u128_halves(value: int) -> tuple[int, int]:
    return value & _U64_MASK, value >> 64


def reply_frame(header: RequestHeader, status: int, body: list[Any], op: int) -> list[Any]:
    """The reply to `header`: its echoes, `status`, and the body parts (empty when status is not 0)."""
    size = VSR_HEADER_SIZE + sum(part.nbytes if isinstance(part, memoryview) else len(part) for part in body)
    head = _REPLY.pack(0, 0, 0, 0, *_u128_halves(header.cluster), size, header.view, 0, HeaderCommand.REPLY,
                       header.replica, *_u128_halves(header.request_checksum), 0, 0, *_u128_halves(header.client), op,
                       max(op, _SessionCounter.last), header.timestamp, header.request, header.operation, status)
    return [head, *body]


def eviction_frame(client: int, reason: EvictionReason, cluster: int = 0, versions: tuple[int, int] = (0, 0)) -> bytes:
    """A session-terminal Eviction (header only). `versions`: (max, min) served, with IncompatibleProtocol."""
    return _EVICTION.pack(0, 0, 0, 0, *_u128_halves(cluster), VSR_HEADER_SIZE, 0, 0, HeaderCommand.EVICTION, 0,
                          *_u128_halves(client), versions[0], versions[1], reason)


def _evict(ctx: ServerContext, session: Session, header: RequestHeader, reason: EvictionReason, why: str) -> Outcome:
    log_refused(ctx.log_limit, "vsr", session.client_id, session.address, f"operation {header.operation}",
                ErrorCode.UNAUTHENTICATED, f"eviction {reason.name}: {why}")
    _unbind(ctx, session)
    return Outcome([eviction_frame(header.client, reason, header.cluster)])


def _unbind(ctx: ServerContext, session: Session) -> None:
    """The session ends (logout, eviction, disconnect): leave every consumer group, forget the login."""
    if session.vsr is None and session.user_id is None:
        return
    try:
        ctx.groups.leave_all_groups(session)
    except Exception:
        log.exception("leaving the consumer groups of client %d failed", session.client_id)
    session.vsr = None
    session.user_id = None


def _status(ctx: ServerContext, session: Session, header: RequestHeader, code: int, message: str) -> Outcome:
    request = header.code or f"operation {header.operation}"
    TRAFFIC[session.transport_kind].error(request, code)
    log_refused(ctx.log_limit, "vsr", session.client_id, session.address, request, code, message)
    return Outcome(reply_frame(header, code, [], 0))


async def handle_request(ctx: ServerContext, session: Session, header: RequestHeader, body: memoryview) -> Outcome:
    """Run one 0.9 request frame (header already size-checked by the transport) and say what to answer."""
    if header.command != HeaderCommand.REQUEST or header.client == 0:
        log.warning("client %d (%s): a 0.9 frame with command %d and client id %d is not a request; closing",
                    session.client_id, session.address, header.command, header.client)
        return Outcome([], close=True)
    if header.operation not in _CLIENT_OPERATIONS and header.operation not in (Operation.REGISTER, Operation.LOGOUT):
        return _evict(ctx, session, header, EvictionReason.INVALID_REQUEST_OPERATION,
                      f"operation {header.operation} is not a client operation")
    if header.release != 0:
        return _evict(ctx, session, header, EvictionReason.CLIENT_RELEASE_TOO_HIGH, f"release {header.release}")
    if header.request_checksum and header.request_checksum != xxh3_64(body):
        return _status(ctx, session, header, ErrorCode.INVALID_FORMAT, "request_checksum does not match the body")
    session.touch()
    if session.stale:
        return _evict(ctx, session, header, EvictionReason.STALE_CLIENT, "missed its heartbeats")
    operation = header.operation
    if operation == Operation.REGISTER:
        return await _register(ctx, session, header, body)
    if operation == Operation.LOGOUT:
        binding = session.vsr
        if binding is not None and header.session != binding.session:
            return _evict(ctx, session, header, EvictionReason.SESSION_TOO_LOW, "logout of another session")
        _unbind(ctx, session)
        return Outcome(reply_frame(header, 0, [], header.session))
    if operation == Operation.NON_REPLICATED:
        return await _non_replicated(ctx, session, header, body)
    return await _replicated(ctx, session, header, body)


async def _register(ctx: ServerContext, session: Session, header: RequestHeader, body: memoryview) -> Outcome:
    if header.session != 0 or header.request != 0:
        return _evict(ctx, session, header, EvictionReason.MALFORMED_LOGIN, "Register carries a session or request")
    if ctx.shutting_down:
        return Outcome([], close=True)
    try:
        reader = Reader(body, version=V0_9)
        protocol_version = reader.u32("protocol_version")
        reader.name("sdk_name")
        reader.name("sdk_version")
    except ProtocolError as error:
        return _evict(ctx, session, header, EvictionReason.MALFORMED_LOGIN, f"no version prefix: {error.message}")
    if not PROTOCOL_VERSION_0_9_MIN <= protocol_version <= _protocol_window_max():
        frame = eviction_frame(header.client, EvictionReason.INCOMPATIBLE_PROTOCOL, header.cluster,
                               (_protocol_window_max(), PROTOCOL_VERSION_0_9_MIN))
        log_refused(ctx.log_limit, "vsr", session.client_id, session.address, "Register",
                    ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION, f"client protocol version {protocol_version}")
        _unbind(ctx, session)
        return Outcome([frame])
    try:
        user_id = await authenticate_register(ctx, body)
    except ProtocolError as error:
        return _evict(ctx, session, header, EvictionReason.MALFORMED_LOGIN, error.message)
    except IggyError as error:
        reason = _LOGIN_EVICTIONS.get(error.code, EvictionReason.SESSION_ERROR)
        return _evict(ctx, session, header, reason, error.message)
    if session.vsr is not None:
        _unbind(ctx, session)  # a new login on a bound connection starts a new session (the client's id changed)
    number = _SessionCounter.next()
    session.user_id = user_id
    session.vsr = VsrBinding(header.client, number, user_id)
    payload = _login_reply(ctx, user_id, number)
    log.info("client %d (%s) registered 0.9 session %d for user %d", session.client_id, session.address, number,
             user_id)
    return Outcome(reply_frame(header, 0, [_RESULT_OK, payload], number))


def _protocol_window_max() -> int:
    """The newest packed version served: any patch of the served minor (`is_protocol_compatible`)."""
    return PROTOCOL_VERSION_0_9_MIN | 0x3FF


def _login_reply(ctx: ServerContext, user_id: int, session_number: int) -> bytes:
    return LoginRegisterResponse(user_id=user_id, session=session_number, server_protocol_version=PROTOCOL_VERSION_0_9,
                                 server_version=SERVER_VERSION).encode(V0_9)


async def authenticate_register(ctx: ServerContext, body: memoryview) -> int:
    """The user a Register body logs in: the password shape (LoginRegister) when the whole body reads as one,
    else the token shape (LoginRegisterWithPat); neither is a ProtocolError. Credentials are then checked as
    0.8's logins check them (IggyError 42, 47, 20, 54)."""
    for shape in (requests.LoginRegister, requests.LoginRegisterWithPat):
        reader = Reader(body, version=V0_9)
        try:
            request = shape.read(reader)
        except ProtocolError:
            continue
        if reader.remaining:
            continue
        if isinstance(request, requests.LoginRegister):
            return await ctx.users.authenticate_async(request.username, request.password)
        return ctx.tokens.authenticate(request.token)
    raise ProtocolError(ErrorCode.INVALID_FORMAT, "the body is neither a password nor a token login")


async def _non_replicated(ctx: ServerContext, session: Session, header: RequestHeader, body: memoryview) -> Outcome:
    code = header.code
    if code in _LEGACY_LOGINS:
        return _evict(ctx, session, header, EvictionReason.MALFORMED_LOGIN, f"0.8 login code {code} on a 0.9 session")
    if code not in _COMMANDS_0_9 or COMMAND_OPERATIONS.get(code, Operation.NON_REPLICATED) != Operation.NON_REPLICATED:
        return _status(ctx, session, header, ErrorCode.INVALID_COMMAND, f"unknown command code {code}")
    if session.user_id is None and code != Command.PING:
        return _status(ctx, session, header, ErrorCode.UNAUTHENTICATED, "command requires a login")
    if session.vsr is not None and header.session not in (0, session.vsr.session):
        return _evict(ctx, session, header, EvictionReason.SESSION_TOO_LOW, f"session {header.session} is not bound")
    status, parts = await _run(ctx, session, code, body)
    op = session.vsr.session if session.vsr is not None else 0
    return Outcome(reply_frame(header, status, parts, op))


async def _replicated(ctx: ServerContext, session: Session, header: RequestHeader, body: memoryview) -> Outcome:
    binding = session.vsr
    if binding is None:
        return _evict(ctx, session, header, EvictionReason.NO_SESSION, "a replicated request before login")
    if header.session < binding.session:
        return _evict(ctx, session, header, EvictionReason.SESSION_TOO_LOW,
                      f"session {header.session}, bound {binding.session}")
    if header.session > binding.session or header.request == 0 or header.client != binding.client:
        return _evict(ctx, session, header, EvictionReason.SESSION_ERROR,
                      f"session {header.session} / request {header.request} / client does not match the binding")
    if header.request <= binding.watermark:
        cached = binding.replies.get(header.request)
        if cached is not None:
            return Outcome(cached)
        return _status(ctx, session, header, ErrorCode.REQUEST_ALREADY_APPLIED,
                       f"request {header.request} was applied; its reply is no longer kept")
    code = _COMMAND_OF_OPERATION[Operation(header.operation)]
    status, parts = await _run(ctx, session, code, body)
    if header.operation in RESULT_FRAMED_OPERATIONS:
        parts = [_RESULT_OK, *parts] if status == 0 else [_U32.pack(1), _U32.pack(0), _U32.pack(status)]
        status = 0
    reply = reply_frame(header, status, parts, binding.session)
    binding.remember(header.request, reply)
    return Outcome(reply)


async def _run(ctx: ServerContext, session: Session, code: int, body: memoryview) -> tuple[int, list[Any]]:
    """A command's handler: (0, body parts) or (error code, []); counted in /metrics as 0.8 requests are, and one
    span when telemetry is on."""
    counters = TRAFFIC[session.transport_kind]
    counters.requests[command_slot(code)] += 1
    if session.transport_kind != Transport.TCP:  # TCP counts what it receives per connection
        counters.received_bytes += VSR_HEADER_SIZE + body.nbytes
    telemetry = ctx.telemetry
    span = None
    if telemetry is not None:
        span = telemetry.start_request(code, session.transport_kind, session.client_id, body, time.time_ns())
    status, parts = await _run_handler(ctx, session, code, body)
    if status:
        counters.error(code, status)
    else:
        counters.sent_bytes += VSR_HEADER_SIZE + sum(
            part.nbytes if isinstance(part, memoryview) else len(part) for part in parts
        )
    if span is not None:
        telemetry.end_request(span, status)
    return status, parts


async def _run_handler(ctx: ServerContext, session: Session, code: int, body: memoryview) -> tuple[int, list[Any]]:
    if body.nbytes > request_limit_bytes(ctx, code == Command.SEND_MESSAGES):
        return ErrorCode.INVALID_COMMAND, []
    started_user = session.user_id
    error: Exception | None = None
    try:
        result = await HANDLERS[Command(code)](ctx, session, body)
    except Exception as raised:  # every handler failure becomes an Iggy error code
        error = raised
    # The handler's error and the audit line as on every transport (the session speaks 0.9: its audit line
    # decodes the body as 0.9's); the error counter is _run's.
    failure = settle(ctx, session, code, body, started_user, error)
    if failure is not None:
        log_refused(ctx.log_limit, "vsr", session.client_id, session.address, code, failure.code, failure.message)
        return failure.code, []
    if not result:
        return 0, []
    return 0, result if isinstance(result, list) else [result]


def end_session(ctx: ServerContext, session: Session) -> None:
    """The transport closed: the bound session ends as if logged out."""
    _unbind(ctx, session)
