# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""One frozen dataclass per command request, generated from protocol-spec/spec/commands.toml.

`encode(version)` returns the payload only (frame it with `framing.encode_request(req.CODE, payload)`);
`decode(payload, version)` parses it and ignores trailing bytes, as the 0.8 server does (the version is
0.8 unless given). Attributes are the spec's field names, every version's; derived fields (counts, lengths,
flags) are computed. Identifier fields accept an `Identifier`, an int or a str. `REQUEST_TYPES` maps every
`Command` to its class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Self

from ._model import REQUIRED, WireModel, require_fields
from .batches import Batch, encode_send_batch, read_send_batch
from .codes import Command, ProtocolVersion, AckLevel, CompressionAlgorithm, OptionScope, SnapshotCompression, SnapshotType, UserStatus
from .errors import invalid_command
from .messages import Message, SendMessagesView, encode_send_messages
from .primitives import (
    BytesLike, Consumer, Identifier, Partitioning, Permissions, PollingStrategy, Reader, Writer,
    check_length, counted, enum_or_int,
)


class Request(WireModel):
    """Base of every request model: coerces identifier fields to `Identifier`."""

    __slots__ = ()
    CODE: ClassVar[Command]
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self._IDENTIFIER_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, Identifier):
                object.__setattr__(self, name, Identifier.parse(value))


@dataclass(frozen=True, slots=True)
class Ping(Request):
    """Liveness check and heartbeat; refreshes the client's last heartbeat."""

    CODE: ClassVar[Command] = Command.PING

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class GetStats(Request):
    """Server statistics."""

    CODE: ClassVar[Command] = Command.GET_STATS

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class GetSnapshot(Request):
    """Diagnostic snapshot of the server as a ZIP file."""

    compression: SnapshotCompression | int
    snapshot_types: tuple[SnapshotType | int, ...]
    CODE: ClassVar[Command] = Command.GET_SNAPSHOT

    @property
    def types_count(self) -> int:
        return len(self.snapshot_types)

    def write(self, writer: Writer) -> None:
        writer.u8(self.compression)
        writer.u8(len(self.snapshot_types))
        for _item in self.snapshot_types:
            writer.u8(_item)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _compression = enum_or_int(SnapshotCompression, reader.u8('compression'))
        _types_count = reader.u8('types_count')
        _snapshot_types = tuple(enum_or_int(SnapshotType, reader.u8('snapshot_types')) for _ in counted(reader, _types_count, 'snapshot_types'))
        return cls(compression=_compression, snapshot_types=_snapshot_types)


@dataclass(frozen=True, slots=True)
class GetClusterMetadata(Request):
    """Cluster topology; the official clients send it right after every login."""

    CODE: ClassVar[Command] = Command.GET_CLUSTER_METADATA

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class DescribeOptions(Request):
    """The option catalog of a scope: each key with its kind, default and description (streams and users have none)."""

    scope: OptionScope | int
    CODE: ClassVar[Command] = Command.DESCRIBE_OPTIONS

    def write(self, writer: Writer) -> None:
        writer.u8(self.scope)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _scope = enum_or_int(OptionScope, reader.u8('scope'))
        return cls(scope=_scope)


@dataclass(frozen=True, slots=True)
class GetMe(Request):
    """The caller's own client session (unknown session: 100 ClientNotFound)."""

    CODE: ClassVar[Command] = Command.GET_ME

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class GetClient(Request):
    """One client session by id."""

    client_id: int
    CODE: ClassVar[Command] = Command.GET_CLIENT

    def write(self, writer: Writer) -> None:
        writer.u32(self.client_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _client_id = reader.u32('client_id')
        return cls(client_id=_client_id)


@dataclass(frozen=True, slots=True)
class GetClients(Request):
    """Every connected client, including unauthenticated ones."""

    CODE: ClassVar[Command] = Command.GET_CLIENTS

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class GetUser(Request):
    """One user with permissions."""

    user_id: Identifier
    CODE: ClassVar[Command] = Command.GET_USER
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = Identifier.read(reader, 'user_id')
        return cls(user_id=_user_id)


@dataclass(frozen=True, slots=True)
class GetUsers(Request):
    """Every user, ordered by id."""

    CODE: ClassVar[Command] = Command.GET_USERS

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class CreateUser(Request):
    """Create a user; answers the new user."""

    username: str
    password: str
    status: UserStatus | int = UserStatus.ACTIVE
    permissions: Permissions | None = None
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.CREATE_USER
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        writer.name(self.username, 'username')
        writer.short_string(self.password, 'password')
        writer.u8(self.status)
        writer.u8(1 if self.permissions is not None else 0)
        if self.permissions is not None:
            _sized = Writer(writer.version)
            self.permissions.write(_sized)
            _sized_bytes = _sized.bytes()
            writer.u32(len(_sized_bytes)).raw(_sized_bytes)
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _username = reader.name('username')
        _password = reader.short_string('password')
        _status = enum_or_int(UserStatus, reader.u8('status'))
        _has_permissions = reader.flag('has_permissions')
        if _has_permissions == 1:
            _permissions_len = reader.u32('permissions_len')
            _permissions_len_start = reader.pos
        if _has_permissions == 1:
            _permissions = Permissions.read(reader)
            check_length(reader, _permissions_len_start, _permissions_len, 'permissions_len')
        else:
            _permissions = None
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(username=_username, password=_password, status=_status, permissions=_permissions, options=_options)


@dataclass(frozen=True, slots=True)
class DeleteUser(Request):
    """Delete a user (root answers 48; unknown answers 20)."""

    user_id: Identifier
    CODE: ClassVar[Command] = Command.DELETE_USER
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = Identifier.read(reader, 'user_id')
        return cls(user_id=_user_id)


@dataclass(frozen=True, slots=True)
class UpdateUser(Request):
    """Rename a user and/or change its status."""

    user_id: Identifier
    username: str | None = None
    status: UserStatus | int | None = None
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.UPDATE_USER
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('user_id',)
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        writer.u8(1 if self.username is not None else 0)
        if self.username is not None:
            writer.name(self.username, 'username')
        writer.u8(1 if self.status is not None else 0)
        if self.status is not None:
            writer.u8(self.status)
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = Identifier.read(reader, 'user_id')
        _has_username = reader.flag('has_username')
        if _has_username == 1:
            _username = reader.name('username')
        else:
            _username = None
        _has_status = reader.flag('has_status')
        if _has_status == 1:
            _status = enum_or_int(UserStatus, reader.u8('status'))
        else:
            _status = None
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(user_id=_user_id, username=_username, status=_status, options=_options)


@dataclass(frozen=True, slots=True)
class UpdatePermissions(Request):
    """Replace a user's permissions (root answers 49)."""

    user_id: Identifier
    permissions: Permissions | None = None
    CODE: ClassVar[Command] = Command.UPDATE_PERMISSIONS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        writer.u8(1 if self.permissions is not None else 0)
        if self.permissions is not None:
            _sized = Writer(writer.version)
            self.permissions.write(_sized)
            _sized_bytes = _sized.bytes()
            writer.u32(len(_sized_bytes)).raw(_sized_bytes)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = Identifier.read(reader, 'user_id')
        _has_permissions = reader.flag('has_permissions')
        if _has_permissions == 1:
            _permissions_len = reader.u32('permissions_len')
            _permissions_len_start = reader.pos
        if _has_permissions == 1:
            _permissions = Permissions.read(reader)
            check_length(reader, _permissions_len_start, _permissions_len, 'permissions_len')
        else:
            _permissions = None
        return cls(user_id=_user_id, permissions=_permissions)


@dataclass(frozen=True, slots=True)
class ChangePassword(Request):
    """Change a password; a wrong current password answers 42."""

    user_id: Identifier
    current_password: str
    new_password: str
    CODE: ClassVar[Command] = Command.CHANGE_PASSWORD
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        writer.short_string(self.current_password, 'current_password')
        writer.short_string(self.new_password, 'new_password')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = Identifier.read(reader, 'user_id')
        _current_password = reader.short_string('current_password')
        _new_password = reader.short_string('new_password')
        return cls(user_id=_user_id, current_password=_current_password, new_password=_new_password)


@dataclass(frozen=True, slots=True)
class LoginUser(Request):
    """Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login."""

    username: str
    password: str
    version: str = ''
    context: str = ''
    CODE: ClassVar[Command] = Command.LOGIN_USER

    def write(self, writer: Writer) -> None:
        writer.name(self.username, 'username')
        writer.short_string(self.password, 'password')
        writer.long_string(self.version)
        writer.long_string(self.context)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _username = reader.name('username')
        _password = reader.short_string('password')
        _version = reader.long_string('version')
        _context = reader.long_string('context')
        return cls(username=_username, password=_password, version=_version, context=_context)


@dataclass(frozen=True, slots=True)
class LogoutUser(Request):
    """Log out; the connection stays open and unauthenticated."""

    CODE: ClassVar[Command] = Command.LOGOUT_USER

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class LoginRegister(Request):
    """Log in with username and password and register a session (wrong credentials: eviction InvalidCredentials; inactive user: UserInactive). The code is not on the wire: operation Register carries it, and the server tries this shape before LoginRegisterWithPat's."""

    protocol_version: int
    sdk_name: str
    sdk_version: str
    username: str
    password: str
    context: str = ''
    CODE: ClassVar[Command] = Command.LOGIN_REGISTER

    def write(self, writer: Writer) -> None:
        writer.u32(self.protocol_version)
        writer.name(self.sdk_name, 'sdk_name')
        writer.name(self.sdk_version, 'sdk_version')
        writer.name(self.username, 'username')
        writer.short_string(self.password, 'password')
        writer.long_string(self.context)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _protocol_version = reader.u32('protocol_version')
        _sdk_name = reader.name('sdk_name')
        _sdk_version = reader.name('sdk_version')
        _username = reader.name('username')
        _password = reader.short_string('password')
        _context = reader.long_string('context')
        return cls(protocol_version=_protocol_version, sdk_name=_sdk_name, sdk_version=_sdk_version, username=_username, password=_password, context=_context)


@dataclass(frozen=True, slots=True)
class GetPersonalAccessTokens(Request):
    """The caller's personal access tokens, without secrets."""

    CODE: ClassVar[Command] = Command.GET_PERSONAL_ACCESS_TOKENS

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class CreatePersonalAccessToken(Request):
    """Create a personal access token; the secret is returned once."""

    name: str
    expiry: int = 0
    CODE: ClassVar[Command] = Command.CREATE_PERSONAL_ACCESS_TOKEN

    @property
    def expiry_us(self) -> int:
        """`expiry` (µs), by the name that carries its unit."""
        return self.expiry

    def write(self, writer: Writer) -> None:
        writer.name(self.name, 'name')
        writer.u64(self.expiry)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.name('name')
        _expiry = reader.u64('expiry')
        return cls(name=_name, expiry=_expiry)


@dataclass(frozen=True, slots=True)
class DeletePersonalAccessToken(Request):
    """Delete one of the caller's tokens (unknown answers 20)."""

    name: str
    CODE: ClassVar[Command] = Command.DELETE_PERSONAL_ACCESS_TOKEN

    def write(self, writer: Writer) -> None:
        writer.name(self.name, 'name')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.name('name')
        return cls(name=_name)


@dataclass(frozen=True, slots=True)
class LoginWithPersonalAccessToken(Request):
    """Log in with a token secret (unknown answers 20, expired 54)."""

    token: str
    CODE: ClassVar[Command] = Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN

    def write(self, writer: Writer) -> None:
        writer.name(self.token, 'token')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _token = reader.name('token')
        return cls(token=_token)


@dataclass(frozen=True, slots=True)
class LoginRegisterWithPat(Request):
    """Log in with a personal access token and register a session (unknown or expired token: eviction InvalidToken)."""

    protocol_version: int
    sdk_name: str
    sdk_version: str
    token: str
    context: str = ''
    CODE: ClassVar[Command] = Command.LOGIN_REGISTER_WITH_PAT

    def write(self, writer: Writer) -> None:
        writer.u32(self.protocol_version)
        writer.name(self.sdk_name, 'sdk_name')
        writer.name(self.sdk_version, 'sdk_version')
        writer.name(self.token, 'token')
        writer.long_string(self.context)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _protocol_version = reader.u32('protocol_version')
        _sdk_name = reader.name('sdk_name')
        _sdk_version = reader.name('sdk_version')
        _token = reader.name('token')
        _context = reader.long_string('context')
        return cls(protocol_version=_protocol_version, sdk_name=_sdk_name, sdk_version=_sdk_version, token=_token, context=_context)


@dataclass(frozen=True, slots=True)
class PollMessages(Request):
    """Read messages from one partition; always answers at least the 16-byte prefix."""

    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None
    strategy: PollingStrategy
    count: int
    auto_commit: bool = False
    CODE: ClassVar[Command] = Command.POLL_MESSAGES
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)
        self.strategy.write(writer)
        writer.u32(self.count)
        writer.bool(self.auto_commit)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _consumer = Consumer.read(reader)
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.opt_partition()
        _strategy = PollingStrategy.read(reader)
        _count = reader.u32('count')
        _auto_commit = reader.bool('auto_commit')
        return cls(consumer=_consumer, stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, strategy=_strategy, count=_count, auto_commit=_auto_commit)


@dataclass(frozen=True, slots=True)
class SendMessages(Request):
    """Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums. Encoded and decoded by the zero-copy runtimes in `messages` (0.8) and `batches`
    (0.9)."""

    stream_id: Identifier
    topic_id: Identifier
    partitioning: Partitioning
    messages: tuple[Message, ...] = ()
    batch: Batch | None = field(default=None, kw_only=True)
    CODE: ClassVar[Command] = Command.SEND_MESSAGES
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'messages': frozenset({ProtocolVersion.V0_8}), 'batch': frozenset({ProtocolVersion.V0_9})}

    def __post_init__(self) -> None:
        Request.__post_init__(self)
        if not isinstance(self.messages, tuple):
            object.__setattr__(self, "messages", tuple(self.messages))

    def encode(self, version: ProtocolVersion = ProtocolVersion.V0_8) -> bytes:
        if version >= ProtocolVersion.V0_9:
            if self.batch is None:
                raise invalid_command("a 0.9 SendMessages carries a batch")
            return encode_send_batch(self.stream_id, self.topic_id, self.partitioning, self.batch)
        return encode_send_messages(self.stream_id, self.topic_id, self.partitioning, self.messages)

    def write(self, writer: Writer) -> None:
        writer.raw(self.encode(writer.version))

    @classmethod
    def decode(cls, buf: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_8) -> Self:
        if version >= ProtocolVersion.V0_9:
            _stream_id, _topic_id, _partitioning, _batch = read_send_batch(buf)
            return cls(_stream_id, _topic_id, _partitioning, batch=_batch)
        view = SendMessagesView.decode(buf)
        return cls(view.stream_id, view.topic_id, view.partitioning, tuple(view.messages()))

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls.decode(reader.rest(), reader.version)


@dataclass(frozen=True, slots=True)
class FlushUnsavedBuffer(Request):
    """Write a partition's buffered messages to disk."""

    stream_id: Identifier
    topic_id: Identifier
    partition_id: int
    fsync: bool = False
    CODE: ClassVar[Command] = Command.FLUSH_UNSAVED_BUFFER
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partition_id)
        writer.bool(self.fsync)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.u32('partition_id')
        _fsync = reader.bool('fsync')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, fsync=_fsync)


@dataclass(frozen=True, slots=True)
class GetConsumerOffset(Request):
    """The stored offset of a consumer or group; every lookup failure answers an empty OK."""

    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None = None
    CODE: ClassVar[Command] = Command.GET_CONSUMER_OFFSET
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _consumer = Consumer.read(reader)
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.opt_partition()
        return cls(consumer=_consumer, stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id)


@dataclass(frozen=True, slots=True)
class StoreConsumerOffset(Request):
    """Store a consumer's offset (beyond the partition's last offset answers 4100)."""

    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None
    offset: int
    ack: AckLevel | int = field(default=AckLevel.QUORUM, kw_only=True)
    CODE: ClassVar[Command] = Command.STORE_CONSUMER_OFFSET
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'ack': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)
        writer.u64(self.offset)
        if writer.version >= ProtocolVersion.V0_9:
            writer.u8(self.ack)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _consumer = Consumer.read(reader)
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.opt_partition()
        _offset = reader.u64('offset')
        if reader.version >= ProtocolVersion.V0_9:
            _ack = enum_or_int(AckLevel, reader.u8('ack'))
        else:
            _ack = AckLevel.QUORUM
        return cls(consumer=_consumer, stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, offset=_offset, ack=_ack)


@dataclass(frozen=True, slots=True)
class DeleteConsumerOffset(Request):
    """Forget a consumer's stored offset (nothing stored answers 3021)."""

    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None = None
    ack: AckLevel | int = field(default=AckLevel.QUORUM, kw_only=True)
    CODE: ClassVar[Command] = Command.DELETE_CONSUMER_OFFSET
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'ack': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)
        if writer.version >= ProtocolVersion.V0_9:
            writer.u8(self.ack)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _consumer = Consumer.read(reader)
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.opt_partition()
        if reader.version >= ProtocolVersion.V0_9:
            _ack = enum_or_int(AckLevel, reader.u8('ack'))
        else:
            _ack = AckLevel.QUORUM
        return cls(consumer=_consumer, stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, ack=_ack)


@dataclass(frozen=True, slots=True)
class GetStream(Request):
    """One stream with its topics."""

    stream_id: Identifier
    CODE: ClassVar[Command] = Command.GET_STREAM
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        return cls(stream_id=_stream_id)


@dataclass(frozen=True, slots=True)
class GetStreams(Request):
    """Every stream, sorted by id."""

    CODE: ClassVar[Command] = Command.GET_STREAMS

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class CreateStream(Request):
    """Create a stream (ids are server-assigned); a taken name answers 1012."""

    name: str
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.CREATE_STREAM
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(name=_name, options=_options)


@dataclass(frozen=True, slots=True)
class DeleteStream(Request):
    """Delete a stream with all its topics and messages."""

    stream_id: Identifier
    CODE: ClassVar[Command] = Command.DELETE_STREAM
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        return cls(stream_id=_stream_id)


@dataclass(frozen=True, slots=True)
class UpdateStream(Request):
    """Rename a stream (another stream's name answers 1012)."""

    stream_id: Identifier
    name: str
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.UPDATE_STREAM
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(stream_id=_stream_id, name=_name, options=_options)


@dataclass(frozen=True, slots=True)
class PurgeStream(Request):
    """Delete every message of every topic of a stream, keeping the topics."""

    stream_id: Identifier
    CODE: ClassVar[Command] = Command.PURGE_STREAM
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        return cls(stream_id=_stream_id)


@dataclass(frozen=True, slots=True)
class GetTopic(Request):
    """One topic with its partitions."""

    stream_id: Identifier
    topic_id: Identifier
    CODE: ClassVar[Command] = Command.GET_TOPIC
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id)


@dataclass(frozen=True, slots=True)
class GetTopics(Request):
    """Every topic of a stream, sorted by id; empty if the stream does not exist."""

    stream_id: Identifier
    CODE: ClassVar[Command] = Command.GET_TOPICS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        return cls(stream_id=_stream_id)


@dataclass(frozen=True, slots=True)
class CreateTopic(Request):
    """Create a topic with its partitions; a taken name answers 2013."""

    stream_id: Identifier
    partitions_count: int
    compression_algorithm: CompressionAlgorithm | int = 0
    message_expiry: int = 0
    max_topic_size: int = 0
    replication_factor: int = 0
    name: str = REQUIRED
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.CREATE_TOPIC
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id',)
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'compression_algorithm': frozenset({ProtocolVersion.V0_8}), 'message_expiry': frozenset({ProtocolVersion.V0_8}), 'max_topic_size': frozenset({ProtocolVersion.V0_8}), 'replication_factor': frozenset({ProtocolVersion.V0_8}), 'options': frozenset({ProtocolVersion.V0_9})}

    def __post_init__(self) -> None:
        require_fields(self, ('name',))
        Request.__post_init__(self)

    @property
    def message_expiry_us(self) -> int:
        """`message_expiry` (µs), by the name that carries its unit."""
        return self.message_expiry

    @property
    def max_topic_size_bytes(self) -> int:
        """`max_topic_size` (bytes), by the name that carries its unit."""
        return self.max_topic_size

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        writer.u32(self.partitions_count)
        if writer.version <= ProtocolVersion.V0_8:
            writer.u8(self.compression_algorithm)
            writer.u64(self.message_expiry)
            writer.u64(self.max_topic_size)
            writer.u8(self.replication_factor)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _partitions_count = reader.u32('partitions_count')
        if reader.version <= ProtocolVersion.V0_8:
            _compression_algorithm = enum_or_int(CompressionAlgorithm, reader.u8('compression_algorithm'))
            _message_expiry = reader.u64('message_expiry')
            _max_topic_size = reader.u64('max_topic_size')
            _replication_factor = reader.u8('replication_factor')
        else:
            _compression_algorithm = 0
            _message_expiry = 0
            _max_topic_size = 0
            _replication_factor = 0
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(stream_id=_stream_id, partitions_count=_partitions_count, compression_algorithm=_compression_algorithm, message_expiry=_message_expiry, max_topic_size=_max_topic_size, replication_factor=_replication_factor, name=_name, options=_options)


@dataclass(frozen=True, slots=True)
class DeleteTopic(Request):
    """Delete a topic with its messages."""

    stream_id: Identifier
    topic_id: Identifier
    CODE: ClassVar[Command] = Command.DELETE_TOPIC
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id)


@dataclass(frozen=True, slots=True)
class UpdateTopic(Request):
    """Change a topic's settings and name (the name comes last)."""

    stream_id: Identifier
    topic_id: Identifier
    compression_algorithm: CompressionAlgorithm | int = 0
    message_expiry: int = 0
    max_topic_size: int = 0
    replication_factor: int = 0
    name: str = REQUIRED
    options: bytes = field(default=b'', kw_only=True)
    CODE: ClassVar[Command] = Command.UPDATE_TOPIC
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'compression_algorithm': frozenset({ProtocolVersion.V0_8}), 'message_expiry': frozenset({ProtocolVersion.V0_8}), 'max_topic_size': frozenset({ProtocolVersion.V0_8}), 'replication_factor': frozenset({ProtocolVersion.V0_8}), 'options': frozenset({ProtocolVersion.V0_9})}

    def __post_init__(self) -> None:
        require_fields(self, ('name',))
        Request.__post_init__(self)

    @property
    def message_expiry_us(self) -> int:
        """`message_expiry` (µs), by the name that carries its unit."""
        return self.message_expiry

    @property
    def max_topic_size_bytes(self) -> int:
        """`max_topic_size` (bytes), by the name that carries its unit."""
        return self.max_topic_size

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        if writer.version <= ProtocolVersion.V0_8:
            writer.u8(self.compression_algorithm)
            writer.u64(self.message_expiry)
            writer.u64(self.max_topic_size)
            writer.u8(self.replication_factor)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        if reader.version <= ProtocolVersion.V0_8:
            _compression_algorithm = enum_or_int(CompressionAlgorithm, reader.u8('compression_algorithm'))
            _message_expiry = reader.u64('message_expiry')
            _max_topic_size = reader.u64('max_topic_size')
            _replication_factor = reader.u8('replication_factor')
        else:
            _compression_algorithm = 0
            _message_expiry = 0
            _max_topic_size = 0
            _replication_factor = 0
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options = bytes(reader.rest())
        else:
            _options = b''
        return cls(stream_id=_stream_id, topic_id=_topic_id, compression_algorithm=_compression_algorithm, message_expiry=_message_expiry, max_topic_size=_max_topic_size, replication_factor=_replication_factor, name=_name, options=_options)


@dataclass(frozen=True, slots=True)
class PurgeTopic(Request):
    """Delete every message of a topic, keeping its partitions."""

    stream_id: Identifier
    topic_id: Identifier
    CODE: ClassVar[Command] = Command.PURGE_TOPIC
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id)


@dataclass(frozen=True, slots=True)
class CreatePartitions(Request):
    """Append partitions to a topic (new ids follow the highest)."""

    stream_id: Identifier
    topic_id: Identifier
    partitions_count: int
    CODE: ClassVar[Command] = Command.CREATE_PARTITIONS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partitions_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partitions_count = reader.u32('partitions_count')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partitions_count=_partitions_count)


@dataclass(frozen=True, slots=True)
class DeletePartitions(Request):
    """Remove the highest-numbered partitions of a topic."""

    stream_id: Identifier
    topic_id: Identifier
    partitions_count: int
    CODE: ClassVar[Command] = Command.DELETE_PARTITIONS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partitions_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partitions_count = reader.u32('partitions_count')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partitions_count=_partitions_count)


@dataclass(frozen=True, slots=True)
class DeleteSegments(Request):
    """Delete the oldest segments of a partition."""

    stream_id: Identifier
    topic_id: Identifier
    partition_id: int
    segments_count: int
    CODE: ClassVar[Command] = Command.DELETE_SEGMENTS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partition_id)
        writer.u32(self.segments_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _partition_id = reader.u32('partition_id')
        _segments_count = reader.u32('segments_count')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, segments_count=_segments_count)


@dataclass(frozen=True, slots=True)
class GetConsumerGroup(Request):
    """One consumer group with its members and their partitions."""

    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier
    CODE: ClassVar[Command] = Command.GET_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _group_id = Identifier.read(reader, 'group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


@dataclass(frozen=True, slots=True)
class GetConsumerGroups(Request):
    """Every consumer group of a topic."""

    stream_id: Identifier
    topic_id: Identifier
    CODE: ClassVar[Command] = Command.GET_CONSUMER_GROUPS
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id)


@dataclass(frozen=True, slots=True)
class CreateConsumerGroup(Request):
    """Create a consumer group over the topic's current partitions; a taken name answers 5004."""

    stream_id: Identifier
    topic_id: Identifier
    name: str
    CODE: ClassVar[Command] = Command.CREATE_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.name(self.name, 'name')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _name = reader.name('name')
        return cls(stream_id=_stream_id, topic_id=_topic_id, name=_name)


@dataclass(frozen=True, slots=True)
class DeleteConsumerGroup(Request):
    """Delete a consumer group."""

    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier
    CODE: ClassVar[Command] = Command.DELETE_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _group_id = Identifier.read(reader, 'group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


@dataclass(frozen=True, slots=True)
class JoinConsumerGroup(Request):
    """Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup."""

    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier
    CODE: ClassVar[Command] = Command.JOIN_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _group_id = Identifier.read(reader, 'group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


@dataclass(frozen=True, slots=True)
class LeaveConsumerGroup(Request):
    """Remove the caller's connection from a group (the group rebalances)."""

    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier
    CODE: ClassVar[Command] = Command.LEAVE_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _group_id = Identifier.read(reader, 'group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


@dataclass(frozen=True, slots=True)
class SyncConsumerGroup(Request):
    """The caller's partitions in a group at the group's current generation; an empty body when the caller is not a member. Members poll only these partitions and sync again when a poll is fenced."""

    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier
    CODE: ClassVar[Command] = Command.SYNC_CONSUMER_GROUP
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = Identifier.read(reader, 'stream_id')
        _topic_id = Identifier.read(reader, 'topic_id')
        _group_id = Identifier.read(reader, 'group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


REQUEST_TYPES: dict[Command, type[Request]] = {Command.PING: Ping, Command.GET_STATS: GetStats, Command.GET_SNAPSHOT: GetSnapshot, Command.GET_CLUSTER_METADATA: GetClusterMetadata, Command.DESCRIBE_OPTIONS: DescribeOptions, Command.GET_ME: GetMe, Command.GET_CLIENT: GetClient, Command.GET_CLIENTS: GetClients, Command.GET_USER: GetUser, Command.GET_USERS: GetUsers, Command.CREATE_USER: CreateUser, Command.DELETE_USER: DeleteUser, Command.UPDATE_USER: UpdateUser, Command.UPDATE_PERMISSIONS: UpdatePermissions, Command.CHANGE_PASSWORD: ChangePassword, Command.LOGIN_USER: LoginUser, Command.LOGOUT_USER: LogoutUser, Command.LOGIN_REGISTER: LoginRegister, Command.GET_PERSONAL_ACCESS_TOKENS: GetPersonalAccessTokens, Command.CREATE_PERSONAL_ACCESS_TOKEN: CreatePersonalAccessToken, Command.DELETE_PERSONAL_ACCESS_TOKEN: DeletePersonalAccessToken, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: LoginWithPersonalAccessToken, Command.LOGIN_REGISTER_WITH_PAT: LoginRegisterWithPat, Command.POLL_MESSAGES: PollMessages, Command.SEND_MESSAGES: SendMessages, Command.FLUSH_UNSAVED_BUFFER: FlushUnsavedBuffer, Command.GET_CONSUMER_OFFSET: GetConsumerOffset, Command.STORE_CONSUMER_OFFSET: StoreConsumerOffset, Command.DELETE_CONSUMER_OFFSET: DeleteConsumerOffset, Command.GET_STREAM: GetStream, Command.GET_STREAMS: GetStreams, Command.CREATE_STREAM: CreateStream, Command.DELETE_STREAM: DeleteStream, Command.UPDATE_STREAM: UpdateStream, Command.PURGE_STREAM: PurgeStream, Command.GET_TOPIC: GetTopic, Command.GET_TOPICS: GetTopics, Command.CREATE_TOPIC: CreateTopic, Command.DELETE_TOPIC: DeleteTopic, Command.UPDATE_TOPIC: UpdateTopic, Command.PURGE_TOPIC: PurgeTopic, Command.CREATE_PARTITIONS: CreatePartitions, Command.DELETE_PARTITIONS: DeletePartitions, Command.DELETE_SEGMENTS: DeleteSegments, Command.GET_CONSUMER_GROUP: GetConsumerGroup, Command.GET_CONSUMER_GROUPS: GetConsumerGroups, Command.CREATE_CONSUMER_GROUP: CreateConsumerGroup, Command.DELETE_CONSUMER_GROUP: DeleteConsumerGroup, Command.JOIN_CONSUMER_GROUP: JoinConsumerGroup, Command.LEAVE_CONSUMER_GROUP: LeaveConsumerGroup, Command.SYNC_CONSUMER_GROUP: SyncConsumerGroup}


def decode_request(
    code: int, payload: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_8
) -> Request:
    """Decode a request payload by command code; unknown codes raise INVALID_COMMAND."""
    try:
        request_type = REQUEST_TYPES[Command(code)]
    except (ValueError, KeyError):
        raise invalid_command(f"unknown command code {code}") from None
    return request_type.decode(payload, version)
