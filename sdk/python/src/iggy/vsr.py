"""The Iggy 0.9 session layer (shared/reference/iggy-wire-0.9.md §1-§3), independent of the transport.

A 0.9 request is a 256-byte `RequestHeader` and its body; the answer a `ReplyHeader` and its body, or a
header-only `EvictionHeader` that ends the session. `VsrSession` holds what a connection's requests carry:

* the client id, a random UUIDv4 (never 0), kept while one identity lasts and replaced on every re-login, logout
  and connection (a new connection makes a new `VsrSession`), as the official 0.9 clients replace it;
* the session number the server gave at Register (0 before), echoed on every later request;
* request numbering (§3.2): Register is 0; every replicated operation (metadata, Logout, DeleteSegments and the
  partition writes) takes the next number of one sequence starting at 1; a NonReplicated request carries the
  current number without taking it.

`request_checksum` is XXH3-64 of the body for Register, Logout, metadata operations and DeleteSegments, 0 for the
partition plane and NonReplicated requests. Layouts, codes and tables are the generated ones
(`protocol.layout`, `protocol.codes`); nothing here restates a number.
"""

from __future__ import annotations

import struct
import uuid
from typing import Final

import xxhash

from ._version import CLIENT_NAME
from .errors import ProtocolMismatchError, error_for, eviction_error
from .protocol.codes import (
    COMMAND_OPERATIONS,
    OPERATION_PLANES,
    PROTOCOL_VERSION_0_9,
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    ErrorCode,
    EvictionReason,
    HeaderCommand,
    Operation,
    ProtocolVersion,
)
from .protocol.layout import (
    EVICTION_HEADER_REASON_AT,
    EVICTION_HEADER_SERVER_PROTOCOL_VERSION_AT,
    EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_AT,
    REPLY_HEADER_COMMAND_AT,
    REPLY_HEADER_OPERATION_AT,
    REPLY_HEADER_SIZE_AT,
    REPLY_HEADER_STATUS_AT,
    REQUEST_HEADER_STRUCT_FORMAT,
)
from .protocol.responses import LoginRegisterResponse

__all__ = [
    "SDK_NAME", "TRANSIENT_CODES", "TransientReply", "VsrSession", "check_reply_prefix", "frame_size",
    "is_replicated", "reply_body",
]

_REQUEST = struct.Struct(REQUEST_HEADER_STRUCT_FORMAT)
assert _REQUEST.size == VSR_HEADER_SIZE
_U32 = struct.Struct("<I")
_U32_PAIR = struct.Struct("<II")
_U64_MASK: Final = (1 << 64) - 1  # tidy: allow-value (splits a u128 into two u64 halves; not a sentinel)
_NON_REPLICATED = Operation.NON_REPLICATED
_REGISTER = Operation.REGISTER
_LOGOUT = Operation.LOGOUT
_REQUEST_COMMAND = HeaderCommand.REQUEST
# Partition-plane writes and NonReplicated requests carry request_checksum 0 (the official SDK stamps the rest).
_UNSTAMPED_PLANES = frozenset({"partition", "non_replicated"})
_STAMPED = {operation: OPERATION_PLANES[operation] not in _UNSTAMPED_PLANES for operation in Operation}
# 57 TransientNotCommitted / 58 TransientNotAccepted: the official clients send the identical frame again on the
# same connection (same client, session and request number, so it is never applied twice).
TRANSIENT_CODES: Final = frozenset({ErrorCode.TRANSIENT_NOT_COMMITTED, ErrorCode.TRANSIENT_NOT_ACCEPTED})
# Register's sdk_name: the package half of CLIENT_NAME ("iggy-sdk-python/0.2.0"); sdk_version is __version__.
SDK_NAME: Final = CLIENT_NAME.partition("/")[0]


def _new_client_id() -> int:
    """A random UUIDv4 whose bytes are the u128 on the wire (the official clients' `Uuid::new_v4().to_u128_le()`)."""
    return int.from_bytes(uuid.uuid4().bytes, "little")


def _semver(packed: int) -> str:
    """A packed protocol version (major<<20 | minor<<10 | patch) as text."""
    return f"{packed >> 20}.{(packed >> 10) & 0x3FF}.{packed & 0x3FF}"


class TransientReply(Exception):
    """The server could not commit the request now (57/58); send the same frame again."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class VsrSession:
    """Identity and numbering of one 0.9 connection (see the module docstring)."""

    __slots__ = ("client_id", "session", "next_request", "user_id", "_identity_used")

    def __init__(self) -> None:
        self.client_id = _new_client_id()
        self.session = 0
        self.next_request = 1
        self.user_id: int | None = None
        self._identity_used = False  # a Register went out under this client id

    def renew(self) -> None:
        """A new identity: a fresh client id, no session, numbering from 1."""
        self.client_id = _new_client_id()
        self.session = 0
        self.next_request = 1
        self.user_id = None
        self._identity_used = False

    @property
    def registered(self) -> bool:
        return self.session != 0

    def header(self, code: int, body: list) -> tuple[bytes, Operation, int]:
        """The request header for `code` with `body` (its buffers), and the operation and request number it
        carries. Replicated operations take their number here, once: a frame sent again (a transient reply)
        reuses the header."""
        operation = COMMAND_OPERATIONS.get(code, _NON_REPLICATED)
        if operation is _NON_REPLICATED:
            request, session, stamped = self.next_request, self.session, False
        elif operation is _REGISTER:
            if self._identity_used:
                self.renew()  # a re-login (or a retry after a refused one) is a new identity
            self._identity_used = True
            request, session, stamped = 0, 0, True
        else:
            request, session, stamped = self.next_request, self.session, _STAMPED[operation]
            self.next_request += 1
        size = VSR_HEADER_SIZE + sum(map(len, body))
        checksum = xxhash.xxh3_64_intdigest(b"".join(body) if len(body) != 1 else body[0]) if stamped else 0
        client = self.client_id
        header = _REQUEST.pack(
            0, 0, 0, 0, 0, 0, size, 0, 0, _REQUEST_COMMAND, 0, client & _U64_MASK, client >> 64, checksum, 0, 0,
            request, operation, session, 0, code if operation is _NON_REPLICATED else 0,
        )
        return header, operation, request

    def on_reply(self, operation: Operation, body: memoryview) -> None:
        """Bookkeeping after an OK reply: Register binds the session, Logout ends the identity."""
        if operation is _REGISTER:
            login = LoginRegisterResponse.decode(body, ProtocolVersion.V0_9)
            if login.session == 0:
                raise error_for(ErrorCode.INVALID_SESSION, "the server bound session 0")
            self.session = login.session
            self.user_id = login.user_id
            self.next_request = 1
        elif operation is _LOGOUT:
            self.renew()

    def on_eviction(self) -> None:
        """The server ended the session: what this identity sends next is not bound to anything."""
        self.session = 0
        self.user_id = None


def frame_size(header: memoryview | bytes | bytearray) -> int:
    """The total size of the frame whose 256-byte header this is."""
    return _U32.unpack_from(header, REPLY_HEADER_SIZE_AT)[0]


def check_reply_prefix(prefix: memoryview | bytes | bytearray) -> BaseException | None:
    """The first 8 bytes of an answer: None when they can start a 0.9 frame (the checksum field, 0 on the client
    path), else the error to report. An Iggy 0.8 server answers a 0.9 header with an 8-byte error frame (its
    `length u32` reads 0: status 3 InvalidCommand, length 0)."""
    first, second = _U32_PAIR.unpack_from(prefix, 0)
    if first == 0:
        return None
    if second == 0 and first in ErrorCode._value2member_map_:
        return ProtocolMismatchError(
            ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION,
            f"the server answered in Iggy 0.8 framing (status {first}): it speaks protocol 0.8; "
            "connect with protocol=0.8",
            ProtocolVersion.V0_8,
        )
    return error_for(ErrorCode.CONNECTION_CLOSED, "the server's answer is not an Iggy 0.9 frame (bytes 0..4 not 0)")


def reply_body(header: memoryview | bytes | bytearray, body: memoryview) -> tuple[Operation | int, memoryview]:
    """The OK body of a reply (its result section stripped), or the error it carries: an eviction (typed, with
    its reason), a status, or a rejection in the result section. Raises `TransientReply` for 57/58."""
    command = header[REPLY_HEADER_COMMAND_AT]
    if command == HeaderCommand.EVICTION:
        reason = header[EVICTION_HEADER_REASON_AT]
        detail = ""
        if reason == EvictionReason.INCOMPATIBLE_PROTOCOL:
            newest, oldest = _U32_PAIR.unpack_from(header, EVICTION_HEADER_SERVER_PROTOCOL_VERSION_AT)
            assert EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_AT == EVICTION_HEADER_SERVER_PROTOCOL_VERSION_AT + 4
            detail = (f"the server accepts protocol {_semver(oldest)} to {_semver(newest)}, this client sends "
                      f"{_semver(PROTOCOL_VERSION_0_9)}")
        raise eviction_error(reason, detail)
    if command != HeaderCommand.REPLY:
        raise error_for(ErrorCode.CONNECTION_CLOSED, f"the server sent a 0.9 frame with command {command}, not a reply")
    status = _U32.unpack_from(header, REPLY_HEADER_STATUS_AT)[0]
    operation = header[REPLY_HEADER_OPERATION_AT]
    if status:
        if status in TRANSIENT_CODES:
            raise TransientReply(status)
        raise error_for(status)
    if operation in RESULT_FRAMED_OPERATIONS and (operation != _REGISTER or len(body)):
        if len(body) < 4:
            raise error_for(ErrorCode.INVALID_COMMAND, "a result-framed reply without its result section")
        count = _U32.unpack_from(body, 0)[0]
        if count:
            if len(body) < 4 + 8 * count:
                raise error_for(ErrorCode.INVALID_COMMAND, f"the result section claims {count} entries")
            code = _U32.unpack_from(body, 8)[0]
            if code in TRANSIENT_CODES:
                raise TransientReply(code)
            raise error_for(code)
        body = body[4:]
    try:
        return Operation(operation), body
    except ValueError:
        return operation, body


def is_replicated(code: int) -> bool:
    """Whether a command travels as a replicated operation in 0.9 (its outcome is decided by the server's log)."""
    return COMMAND_OPERATIONS.get(code, _NON_REPLICATED) is not _NON_REPLICATED

