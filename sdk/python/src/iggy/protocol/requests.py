"""One frozen dataclass per command request (reference §3.1–§3.6, §4.4–§4.5).

`encode()` returns the payload only (frame it with `framing.encode_request(req.CODE, payload)`);
`decode(payload)` parses it and ignores trailing bytes, as the 0.8 server does. Field names are the
wire names. Identifier fields accept `Identifier`, int or str (str digits become numeric, like the
official client). `REQUEST_TYPES` maps every `Command` to its class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Self

from ._model import WireModel
from .codes import Command
from .errors import invalid_format
from .kinds import CompressionAlgorithm, SnapshotCompression, SnapshotType, UserStatus
from .messages import Message, SendMessagesView, encode_send_messages
from .primitives import (
    BytesLike,
    Consumer,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    Reader,
    Writer,
    enum_or_int,
)


class Request(WireModel):
    """Base of every request model."""

    __slots__ = ()
    CODE: ClassVar[Command]
    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self._IDENTIFIER_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, Identifier):
                object.__setattr__(self, name, Identifier.parse(value))


class _Empty(Request):
    __slots__ = ()

    def write(self, writer: Writer) -> None:
        pass

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls()


def _request(code: Command, identifiers: tuple[str, ...] = ()):
    def wrap(cls):
        cls.CODE = code
        cls._IDENTIFIER_FIELDS = identifiers
        return dataclass(frozen=True, slots=True)(cls)

    return wrap


# ------------------------------------------------------------------ system


@_request(Command.PING)
class Ping(_Empty):
    """Liveness check; works before login."""


@_request(Command.GET_STATS)
class GetStats(_Empty):
    """Server statistics (needs read_servers)."""


@_request(Command.GET_SNAPSHOT)
class GetSnapshot(Request):
    """A diagnostic ZIP of the requested sections (SnapshotType.ALL must be alone)."""

    compression: SnapshotCompression | int
    snapshot_types: tuple[SnapshotType | int, ...]

    def write(self, writer: Writer) -> None:
        writer.u8(self.compression).u8(len(self.snapshot_types))
        for snapshot_type in self.snapshot_types:
            writer.u8(snapshot_type)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        compression = reader.u8("compression")
        count = reader.u8("types_count")
        types = tuple(enum_or_int(SnapshotType, t) for t in reader.view(count, "snapshot types"))
        return cls(enum_or_int(SnapshotCompression, compression), types)


@_request(Command.GET_CLUSTER_METADATA)
class GetClusterMetadata(_Empty):
    """Cluster topology; the official client sends it right after every login."""


@_request(Command.GET_ME)
class GetMe(_Empty):
    """The calling connection's ClientDetails."""


@_request(Command.GET_CLIENT)
class GetClient(Request):
    client_id: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.client_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.u32("client_id"))


@_request(Command.GET_CLIENTS)
class GetClients(_Empty):
    """All connections (ClientInfo × n)."""


# ------------------------------------------------------------------ users


@_request(Command.GET_USER, ("user_id",))
class GetUser(Request):
    user_id: Identifier

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "user_id"))


@_request(Command.GET_USERS)
class GetUsers(_Empty):
    pass


def _write_optional_permissions(writer: Writer, permissions: Permissions | None) -> None:
    if permissions is None:
        writer.u8(0)
        return
    encoded = permissions.encode()
    writer.u8(1).u32(len(encoded)).raw(encoded)


def _read_optional_permissions(reader: Reader) -> Permissions | None:
    if reader.u8("has_permissions") != 1:
        return None
    size = reader.u32("permissions length")
    start = reader.pos
    permissions = Permissions.read(reader)
    if reader.pos - start != size:
        raise invalid_format(f"permissions length mismatch: header says {size}, decoded {reader.pos - start}")
    return permissions


@_request(Command.CREATE_USER)
class CreateUser(Request):
    username: str
    password: str
    status: UserStatus | int = UserStatus.ACTIVE
    permissions: Permissions | None = None

    def write(self, writer: Writer) -> None:
        writer.name(self.username, "username").short_string(self.password, "password").u8(self.status)
        _write_optional_permissions(writer, self.permissions)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        username = reader.name("username")
        password = reader.short_string("password")
        status = enum_or_int(UserStatus, reader.u8("status"))
        return cls(username, password, status, _read_optional_permissions(reader))


@_request(Command.DELETE_USER, ("user_id",))
class DeleteUser(Request):
    user_id: Identifier

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "user_id"))


@_request(Command.UPDATE_USER, ("user_id",))
class UpdateUser(Request):
    """Rename and/or (de)activate a user; None leaves a field unchanged."""

    user_id: Identifier
    username: str | None = None
    status: UserStatus | int | None = None

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        if self.username is None:
            writer.u8(0)
        else:
            writer.u8(1).name(self.username, "username")
        if self.status is None:
            writer.u8(0)
        else:
            writer.u8(1).u8(self.status)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        user_id = Identifier.read(reader, "user_id")
        username = reader.name("username") if reader.u8("has_username") == 1 else None
        status = enum_or_int(UserStatus, reader.u8("status")) if reader.u8("has_status") == 1 else None
        return cls(user_id, username, status)


@_request(Command.UPDATE_PERMISSIONS, ("user_id",))
class UpdatePermissions(Request):
    """Replace a user's permissions (None clears them)."""

    user_id: Identifier
    permissions: Permissions | None = None

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        _write_optional_permissions(writer, self.permissions)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "user_id"), _read_optional_permissions(reader))


@_request(Command.CHANGE_PASSWORD, ("user_id",))
class ChangePassword(Request):
    user_id: Identifier
    current_password: str
    new_password: str

    def write(self, writer: Writer) -> None:
        self.user_id.write(writer)
        writer.short_string(self.current_password, "current_password")
        writer.short_string(self.new_password, "new_password")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "user_id"),
            reader.short_string("current_password"),
            reader.short_string("new_password"),
        )


@_request(Command.LOGIN_USER)
class LoginUser(Request):
    """`version` / `context` are informational (empty = absent); the official client sends "0.10.0"."""

    username: str
    password: str
    version: str = ""
    context: str = ""

    def write(self, writer: Writer) -> None:
        writer.name(self.username, "username").short_string(self.password, "password")
        writer.long_string(self.version).long_string(self.context)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            reader.name("username"),
            reader.short_string("password"),
            reader.long_string("version"),
            reader.long_string("context"),
        )


@_request(Command.LOGOUT_USER)
class LogoutUser(_Empty):
    pass


# ------------------------------------------------------------------ personal access tokens


@_request(Command.GET_PERSONAL_ACCESS_TOKENS)
class GetPersonalAccessTokens(_Empty):
    pass


@_request(Command.CREATE_PERSONAL_ACCESS_TOKEN)
class CreatePersonalAccessToken(Request):
    """`expiry` in microseconds; 0 or u64::MAX = never."""

    name: str
    expiry: int = 0

    def write(self, writer: Writer) -> None:
        writer.name(self.name, "token name").u64(self.expiry)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.name("token name"), reader.u64("expiry"))


@_request(Command.DELETE_PERSONAL_ACCESS_TOKEN)
class DeletePersonalAccessToken(Request):
    name: str

    def write(self, writer: Writer) -> None:
        writer.name(self.name, "token name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.name("token name"))


@_request(Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN)
class LoginWithPersonalAccessToken(Request):
    token: str

    def write(self, writer: Writer) -> None:
        writer.name(self.token, "token")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.name("token"))


# ------------------------------------------------------------------ messages


@_request(Command.POLL_MESSAGES, ("stream_id", "topic_id"))
class PollMessages(Request):
    """`partition_id` None lets the server choose (consumer groups)."""

    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None
    strategy: PollingStrategy
    count: int
    auto_commit: bool = False

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)
        self.strategy.write(writer)
        writer.u32(self.count).bool(self.auto_commit)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            consumer=Consumer.read(reader),
            stream_id=Identifier.read(reader, "stream_id"),
            topic_id=Identifier.read(reader, "topic_id"),
            partition_id=reader.opt_partition(),
            strategy=PollingStrategy.read(reader),
            count=reader.u32("count"),
            auto_commit=reader.bool("auto_commit"),
        )


@_request(Command.SEND_MESSAGES, ("stream_id", "topic_id"))
class SendMessages(Request):
    """A batch of messages. Hot paths use `messages.encode_send_messages` / `SendMessagesView`."""

    stream_id: Identifier
    topic_id: Identifier
    partitioning: Partitioning
    messages: tuple[Message, ...]

    def __post_init__(self) -> None:
        Request.__post_init__(self)
        if not isinstance(self.messages, tuple):
            object.__setattr__(self, "messages", tuple(self.messages))

    def encode(self) -> bytes:
        return encode_send_messages(self.stream_id, self.topic_id, self.partitioning, self.messages)

    def write(self, writer: Writer) -> None:
        writer.raw(self.encode())

    @classmethod
    def decode(cls, buf: BytesLike) -> Self:
        view = SendMessagesView.decode(buf)
        return cls(view.stream_id, view.topic_id, view.partitioning, tuple(view.messages()))

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls.decode(reader.rest())


@_request(Command.FLUSH_UNSAVED_BUFFER, ("stream_id", "topic_id"))
class FlushUnsavedBuffer(Request):
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int
    fsync: bool = False

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partition_id).bool(self.fsync)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.u32("partition_id"),
            reader.bool("fsync"),
        )


# ------------------------------------------------------------------ consumer offsets


@_request(Command.GET_CONSUMER_OFFSET, ("stream_id", "topic_id"))
class GetConsumerOffset(Request):
    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None = None

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Consumer.read(reader),
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.opt_partition(),
        )


@_request(Command.STORE_CONSUMER_OFFSET, ("stream_id", "topic_id"))
class StoreConsumerOffset(Request):
    consumer: Consumer
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int | None
    offset: int

    def write(self, writer: Writer) -> None:
        self.consumer.write(writer)
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.opt_partition(self.partition_id).u64(self.offset)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Consumer.read(reader),
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.opt_partition(),
            reader.u64("offset"),
        )


@_request(Command.DELETE_CONSUMER_OFFSET, ("stream_id", "topic_id"))
class DeleteConsumerOffset(GetConsumerOffset):
    pass


# ------------------------------------------------------------------ streams


@_request(Command.GET_STREAM, ("stream_id",))
class GetStream(Request):
    stream_id: Identifier

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "stream_id"))


@_request(Command.GET_STREAMS)
class GetStreams(_Empty):
    pass


@_request(Command.CREATE_STREAM)
class CreateStream(Request):
    name: str

    def write(self, writer: Writer) -> None:
        writer.name(self.name, "stream name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.name("stream name"))


@_request(Command.DELETE_STREAM, ("stream_id",))
class DeleteStream(GetStream):
    pass


@_request(Command.UPDATE_STREAM, ("stream_id",))
class UpdateStream(Request):
    stream_id: Identifier
    name: str

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        writer.name(self.name, "stream name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "stream_id"), reader.name("stream name"))


@_request(Command.PURGE_STREAM, ("stream_id",))
class PurgeStream(GetStream):
    pass


# ------------------------------------------------------------------ topics


@_request(Command.GET_TOPIC, ("stream_id", "topic_id"))
class GetTopic(Request):
    stream_id: Identifier
    topic_id: Identifier

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(Identifier.read(reader, "stream_id"), Identifier.read(reader, "topic_id"))


@_request(Command.GET_TOPICS, ("stream_id",))
class GetTopics(GetStream):
    pass


@_request(Command.CREATE_TOPIC, ("stream_id",))
class CreateTopic(Request):
    """`message_expiry` µs (0 = server default, u64::MAX = never); `max_topic_size` bytes
    (0 = default, u64::MAX = unlimited); `replication_factor` 0 = default."""

    stream_id: Identifier
    partitions_count: int
    compression_algorithm: CompressionAlgorithm | int
    message_expiry: int
    max_topic_size: int
    replication_factor: int
    name: str

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        writer.u32(self.partitions_count).u8(self.compression_algorithm).u64(self.message_expiry)
        writer.u64(self.max_topic_size).u8(self.replication_factor).name(self.name, "topic name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            stream_id=Identifier.read(reader, "stream_id"),
            partitions_count=reader.u32("partitions_count"),
            compression_algorithm=enum_or_int(CompressionAlgorithm, reader.u8("compression_algorithm")),
            message_expiry=reader.u64("message_expiry"),
            max_topic_size=reader.u64("max_topic_size"),
            replication_factor=reader.u8("replication_factor"),
            name=reader.name("topic name"),
        )


@_request(Command.DELETE_TOPIC, ("stream_id", "topic_id"))
class DeleteTopic(GetTopic):
    pass


@_request(Command.UPDATE_TOPIC, ("stream_id", "topic_id"))
class UpdateTopic(Request):
    """Same settings as CreateTopic, with the name last."""

    stream_id: Identifier
    topic_id: Identifier
    compression_algorithm: CompressionAlgorithm | int
    message_expiry: int
    max_topic_size: int
    replication_factor: int
    name: str

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u8(self.compression_algorithm).u64(self.message_expiry).u64(self.max_topic_size)
        writer.u8(self.replication_factor).name(self.name, "topic name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            stream_id=Identifier.read(reader, "stream_id"),
            topic_id=Identifier.read(reader, "topic_id"),
            compression_algorithm=enum_or_int(CompressionAlgorithm, reader.u8("compression_algorithm")),
            message_expiry=reader.u64("message_expiry"),
            max_topic_size=reader.u64("max_topic_size"),
            replication_factor=reader.u8("replication_factor"),
            name=reader.name("topic name"),
        )


@_request(Command.PURGE_TOPIC, ("stream_id", "topic_id"))
class PurgeTopic(GetTopic):
    pass


# ------------------------------------------------------------------ partitions and segments


@_request(Command.CREATE_PARTITIONS, ("stream_id", "topic_id"))
class CreatePartitions(Request):
    stream_id: Identifier
    topic_id: Identifier
    partitions_count: int

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partitions_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.u32("partitions_count"),
        )


@_request(Command.DELETE_PARTITIONS, ("stream_id", "topic_id"))
class DeletePartitions(CreatePartitions):
    """Removes the `partitions_count` highest-numbered partitions."""


@_request(Command.DELETE_SEGMENTS, ("stream_id", "topic_id"))
class DeleteSegments(Request):
    stream_id: Identifier
    topic_id: Identifier
    partition_id: int
    segments_count: int

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.u32(self.partition_id).u32(self.segments_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.u32("partition_id"),
            reader.u32("segments_count"),
        )


# ------------------------------------------------------------------ consumer groups


@_request(Command.GET_CONSUMER_GROUP, ("stream_id", "topic_id", "group_id"))
class GetConsumerGroup(Request):
    stream_id: Identifier
    topic_id: Identifier
    group_id: Identifier

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        self.group_id.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            Identifier.read(reader, "group_id"),
        )


@_request(Command.GET_CONSUMER_GROUPS, ("stream_id", "topic_id"))
class GetConsumerGroups(GetTopic):
    pass


@_request(Command.CREATE_CONSUMER_GROUP, ("stream_id", "topic_id"))
class CreateConsumerGroup(Request):
    stream_id: Identifier
    topic_id: Identifier
    name: str

    def write(self, writer: Writer) -> None:
        self.stream_id.write(writer)
        self.topic_id.write(writer)
        writer.name(self.name, "group name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            Identifier.read(reader, "stream_id"),
            Identifier.read(reader, "topic_id"),
            reader.name("group name"),
        )


@_request(Command.DELETE_CONSUMER_GROUP, ("stream_id", "topic_id", "group_id"))
class DeleteConsumerGroup(GetConsumerGroup):
    pass


@_request(Command.JOIN_CONSUMER_GROUP, ("stream_id", "topic_id", "group_id"))
class JoinConsumerGroup(GetConsumerGroup):
    pass


@_request(Command.LEAVE_CONSUMER_GROUP, ("stream_id", "topic_id", "group_id"))
class LeaveConsumerGroup(GetConsumerGroup):
    pass


def _collect() -> dict[Command, type[Request]]:
    registry: dict[Command, type[Request]] = {}
    for value in list(globals().values()):
        if isinstance(value, type) and issubclass(value, Request) and "CODE" in value.__dict__:
            registry[value.CODE] = value
    return registry


REQUEST_TYPES: dict[Command, type[Request]] = _collect()


def decode_request(code: int, payload: BytesLike) -> Request:
    """Decode a request payload by command code; unknown codes raise INVALID_COMMAND."""
    from .errors import invalid_command

    try:
        request_type = REQUEST_TYPES[Command(code)]
    except (ValueError, KeyError):
        raise invalid_command(f"unknown command code {code}") from None
    return request_type.decode(payload)
