"""A small blocking Iggy 0.9 client for the server tests, built on the generated codec (iggy.protocol.frames,
requests, responses) only: it frames requests with the 256-byte RequestHeader and reads ReplyHeader or
EvictionHeader frames, numbering replicated requests as the official SDK does. It never hides what the server
answered: ``exchange`` returns the raw reply, ``call`` raises on a status, a result-section rejection or an
eviction."""

from __future__ import annotations

import socket
import struct
import uuid
from typing import Any, NamedTuple

import xxhash

from iggy.protocol import requests
from iggy.protocol.codes import (
    COMMAND_OPERATIONS,
    PROTOCOL_VERSION_0_9,
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    Command,
    HeaderCommand,
    Operation,
    ProtocolVersion,
)
from iggy.protocol.frames import EvictionHeader, ReplyHeader, RequestHeader
from iggy.protocol.responses import decode_response_body

V0_9 = ProtocolVersion.V0_9
SOCKET_TIMEOUT_S = 10.0
_U32 = struct.Struct("<I")


class Reply(NamedTuple):
    """What came back for one request: a reply (status, result entries, body) or an eviction (reason)."""

    header: ReplyHeader | EvictionHeader
    body: bytes

    @property
    def evicted(self) -> bool:
        return isinstance(self.header, EvictionHeader)

    @property
    def status(self) -> int:
        return 0 if self.evicted else self.header.status


class VsrError(Exception):
    def __init__(self, reply: Reply, code: int) -> None:
        super().__init__(f"{'eviction' if reply.evicted else 'error'} {code}")
        self.reply = reply
        self.code = code


def checksum(body: bytes) -> int:
    return xxhash.xxh3_64_intdigest(body)


class VsrClient:
    """One connection, one session at a time (``login`` registers it, ``logout`` ends it)."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=SOCKET_TIMEOUT_S)
        self.client_id = uuid.uuid4().int
        self.session = 0
        self.next_request = 1

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> VsrClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ frames

    def header(self, operation: int, body: bytes, *, request: int, session: int, code: int = 0,
               request_checksum: int | None = None, client: int | None = None, command: int = HeaderCommand.REQUEST,
               release: int = 0) -> bytes:
        return RequestHeader(
            checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(body), view=0, release=release,
            command=command, replica=0, client=self.client_id if client is None else client,
            request_checksum=checksum(body) if request_checksum is None else request_checksum, timestamp=0,
            request=request, operation=operation, session=session, user_id=0, code=code,
        ).encode(V0_9)

    def send_frame(self, frame: bytes) -> None:
        self.sock.sendall(frame)

    def read_frame(self) -> Reply:
        header = self._recv_exact(VSR_HEADER_SIZE)
        size = _U32.unpack_from(header, 48)[0]
        body = self._recv_exact(size - VSR_HEADER_SIZE)
        if header[60] == HeaderCommand.EVICTION:
            return Reply(EvictionHeader.decode(header, V0_9), body)
        return Reply(ReplyHeader.decode(header, V0_9), body)

    def _recv_exact(self, size: int) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError("server closed the connection")
            data += chunk
        return bytes(data)

    # ------------------------------------------------------------------ requests

    def frame_for(self, request: requests.Request, *, take_number: bool = True) -> tuple[bytes, int]:
        """The request's frame and its number: replicated operations take the next number, NonReplicated ones
        carry the counter without taking it (as the official SDK numbers them)."""
        body = request.encode(V0_9)
        operation = COMMAND_OPERATIONS.get(request.CODE, Operation.NON_REPLICATED)
        if operation == Operation.NON_REPLICATED:
            number = self.next_request
            header = self.header(operation, body, request=number, session=self.session, code=int(request.CODE),
                                 request_checksum=0)
            return header + body, number
        number = self.next_request
        if take_number:
            self.next_request += 1
        request_checksum = 0 if operation in (Operation.SEND_MESSAGES, Operation.STORE_CONSUMER_OFFSET,
                                              Operation.DELETE_CONSUMER_OFFSET) else None
        header = self.header(operation, body, request=number, session=self.session, request_checksum=request_checksum)
        return header + body, number

    def exchange(self, request: requests.Request) -> Reply:
        frame, _ = self.frame_for(request)
        self.send_frame(frame)
        return self.read_frame()

    def call(self, request: requests.Request) -> Any:
        """The decoded OK body (None when empty); raises VsrError for a status, a rejection or an eviction."""
        return self.decode(request.CODE, self.exchange(request))

    @staticmethod
    def decode(code: int, reply: Reply) -> Any:
        if reply.evicted:
            raise VsrError(reply, reply.header.reason)
        if reply.header.status:
            raise VsrError(reply, reply.header.status)
        body = reply.body
        if reply.header.operation in RESULT_FRAMED_OPERATIONS and body:
            count = _U32.unpack_from(body, 0)[0]
            if count:
                raise VsrError(reply, _U32.unpack_from(body, 8)[0])
            body = body[4:]
        return decode_response_body(code, body, V0_9) if body else None

    def login(self, username: str = "iggy", password: str = "iggy",
              protocol_version: int = PROTOCOL_VERSION_0_9) -> Reply:
        body = requests.LoginRegister(protocol_version=protocol_version, sdk_name="test", sdk_version="0.0.0",
                                      username=username, password=password).encode(V0_9)
        self.send_frame(self.header(Operation.REGISTER, body, request=0, session=0) + body)
        reply = self.read_frame()
        if not reply.evicted and reply.header.status == 0:
            login = decode_response_body(Command.LOGIN_REGISTER, reply.body[4:], V0_9)
            self.session = login.session
            self.next_request = 1
        return reply

    def logout(self) -> Reply:
        number = self.next_request
        self.next_request += 1
        self.send_frame(self.header(Operation.LOGOUT, b"", request=number, session=self.session))
        reply = self.read_frame()
        self.session = 0
        self.client_id = uuid.uuid4().int
        return reply
