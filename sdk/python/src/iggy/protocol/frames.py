# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""The 256-byte headers of Iggy 0.9 frames (protocol-spec/spec/frames.toml), one frozen dataclass each, with
`encode()` / `decode()` as every generated model (u128 fields are ints; reserved bytes are written as zeros
and skipped when read). The hot paths read single fields at the offsets in `layout` instead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from ._model import WireModel
from .codes import EvictionReason, HeaderCommand, Operation
from .primitives import Reader, Writer, enum_or_int


@dataclass(frozen=True, slots=True)
class RequestHeader(WireModel):
    """Client to server (command 5)."""

    checksum: int
    checksum_body: int
    cluster: int
    size: int
    view: int
    release: int
    command: HeaderCommand | int
    replica: int
    client: int
    request_checksum: int
    timestamp: int
    request: int
    operation: Operation | int
    session: int
    user_id: int
    code: int

    @property
    def size_bytes(self) -> int:
        """`size` (bytes), by the name that carries its unit."""
        return self.size

    def write(self, writer: Writer) -> None:
        writer.u128(self.checksum)
        writer.u128(self.checksum_body)
        writer.u128(self.cluster)
        writer.u32(self.size)
        writer.u32(self.view)
        writer.u32(self.release)
        writer.u8(self.command)
        writer.u8(self.replica)
        writer.raw(bytes(66))
        writer.u128(self.client)
        writer.u128(self.request_checksum)
        writer.u64(self.timestamp)
        writer.u64(self.request)
        writer.u8(self.operation)
        writer.raw(bytes(7))
        writer.u64(self.session)
        writer.u32(self.user_id)
        writer.u32(self.code)
        writer.raw(bytes(56))

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _checksum = reader.u128('checksum')
        _checksum_body = reader.u128('checksum_body')
        _cluster = reader.u128('cluster')
        _size = reader.u32('size')
        _view = reader.u32('view')
        _release = reader.u32('release')
        _command = enum_or_int(HeaderCommand, reader.u8('command'))
        _replica = reader.u8('replica')
        reader.view(66, 'reserved_frame')
        _client = reader.u128('client')
        _request_checksum = reader.u128('request_checksum')
        _timestamp = reader.u64('timestamp')
        _request = reader.u64('request')
        _operation = enum_or_int(Operation, reader.u8('operation'))
        reader.view(7, 'operation_padding')
        _session = reader.u64('session')
        _user_id = reader.u32('user_id')
        _code = reader.u32('code')
        reader.view(56, 'reserved')
        return cls(checksum=_checksum, checksum_body=_checksum_body, cluster=_cluster, size=_size, view=_view, release=_release, command=_command, replica=_replica, client=_client, request_checksum=_request_checksum, timestamp=_timestamp, request=_request, operation=_operation, session=_session, user_id=_user_id, code=_code)


@dataclass(frozen=True, slots=True)
class ReplyHeader(WireModel):
    """Server to client (command 8): the answer to one request, in request order."""

    checksum: int
    checksum_body: int
    cluster: int
    size: int
    view: int
    release: int
    command: HeaderCommand | int
    replica: int
    request_checksum: int
    context: int
    client: int
    op: int
    commit: int
    timestamp: int
    request: int
    operation: Operation | int
    status: int

    @property
    def size_bytes(self) -> int:
        """`size` (bytes), by the name that carries its unit."""
        return self.size

    def write(self, writer: Writer) -> None:
        writer.u128(self.checksum)
        writer.u128(self.checksum_body)
        writer.u128(self.cluster)
        writer.u32(self.size)
        writer.u32(self.view)
        writer.u32(self.release)
        writer.u8(self.command)
        writer.u8(self.replica)
        writer.raw(bytes(66))
        writer.u128(self.request_checksum)
        writer.u128(self.context)
        writer.u128(self.client)
        writer.u64(self.op)
        writer.u64(self.commit)
        writer.u64(self.timestamp)
        writer.u64(self.request)
        writer.u8(self.operation)
        writer.raw(bytes(7))
        writer.u32(self.status)
        writer.raw(bytes(36))

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _checksum = reader.u128('checksum')
        _checksum_body = reader.u128('checksum_body')
        _cluster = reader.u128('cluster')
        _size = reader.u32('size')
        _view = reader.u32('view')
        _release = reader.u32('release')
        _command = enum_or_int(HeaderCommand, reader.u8('command'))
        _replica = reader.u8('replica')
        reader.view(66, 'reserved_frame')
        _request_checksum = reader.u128('request_checksum')
        _context = reader.u128('context')
        _client = reader.u128('client')
        _op = reader.u64('op')
        _commit = reader.u64('commit')
        _timestamp = reader.u64('timestamp')
        _request = reader.u64('request')
        _operation = enum_or_int(Operation, reader.u8('operation'))
        reader.view(7, 'operation_padding')
        _status = reader.u32('status')
        reader.view(36, 'reserved')
        return cls(checksum=_checksum, checksum_body=_checksum_body, cluster=_cluster, size=_size, view=_view, release=_release, command=_command, replica=_replica, request_checksum=_request_checksum, context=_context, client=_client, op=_op, commit=_commit, timestamp=_timestamp, request=_request, operation=_operation, status=_status)


@dataclass(frozen=True, slots=True)
class EvictionHeader(WireModel):
    """Server to client (command 13), header only: the session is over; the client reports the reason's error."""

    checksum: int
    checksum_body: int
    cluster: int
    size: int
    view: int
    release: int
    command: HeaderCommand | int
    replica: int
    client: int
    server_protocol_version: int
    server_protocol_version_min: int
    reason: EvictionReason | int

    @property
    def size_bytes(self) -> int:
        """`size` (bytes), by the name that carries its unit."""
        return self.size

    def write(self, writer: Writer) -> None:
        writer.u128(self.checksum)
        writer.u128(self.checksum_body)
        writer.u128(self.cluster)
        writer.u32(self.size)
        writer.u32(self.view)
        writer.u32(self.release)
        writer.u8(self.command)
        writer.u8(self.replica)
        writer.raw(bytes(66))
        writer.u128(self.client)
        writer.u32(self.server_protocol_version)
        writer.u32(self.server_protocol_version_min)
        writer.raw(bytes(103))
        writer.u8(self.reason)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _checksum = reader.u128('checksum')
        _checksum_body = reader.u128('checksum_body')
        _cluster = reader.u128('cluster')
        _size = reader.u32('size')
        _view = reader.u32('view')
        _release = reader.u32('release')
        _command = enum_or_int(HeaderCommand, reader.u8('command'))
        _replica = reader.u8('replica')
        reader.view(66, 'reserved_frame')
        _client = reader.u128('client')
        _server_protocol_version = reader.u32('server_protocol_version')
        _server_protocol_version_min = reader.u32('server_protocol_version_min')
        reader.view(103, 'reserved')
        _reason = enum_or_int(EvictionReason, reader.u8('reason'))
        return cls(checksum=_checksum, checksum_body=_checksum_body, cluster=_cluster, size=_size, view=_view, release=_release, command=_command, replica=_replica, client=_client, server_protocol_version=_server_protocol_version, server_protocol_version_min=_server_protocol_version_min, reason=_reason)


@dataclass(frozen=True, slots=True)
class ResultEntry(WireModel):
    """One entry of a result section (the start of a result-framed reply body: count u32, then the entries)."""

    index: int
    result: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.index)
        writer.u32(self.result)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _index = reader.u32('index')
        _result = reader.u32('result')
        return cls(index=_index, result=_result)
