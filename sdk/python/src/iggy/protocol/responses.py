"""Typed response bodies (reference §3.3–§3.6) with `encode()` / `decode()` in both directions.

Timestamps are microseconds since the Unix epoch (`*_us`), durations microseconds, sizes bytes.
List responses (`X × n`) use `Model.decode_list(buf)` / `Model.encode_list(items)`.
A Get* that finds nothing is an empty OK body: callers map `b""` to None before decoding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from ._model import WireModel
from .codes import (
    MAX_TOPIC_SIZE_UNLIMITED,
    MESSAGE_EXPIRY_NEVER,
    NOT_LOGGED_IN_USER_ID,
    STATS_EXTENSION_HOT_PATH,
    Command,
    SegmentWriterBackend,
)
from .errors import ProtocolError, invalid_format, truncated
from .messages import PolledMessages
from .kinds import ClusterNodeRole, ClusterNodeStatus, CompressionAlgorithm, Transport, UserStatus
from .primitives import Permissions, Reader, Writer, enum_or_int

__all__ = [
    "CacheMetrics",
    "ClientDetails",
    "ClientInfo",
    "ClientGroupMembership",
    "ClusterMetadata",
    "ClusterNode",
    "ConsumerOffsetInfo",
    "GroupDetails",
    "GroupHeader",
    "GroupMember",
    "IdentityInfo",
    "PartitionDetails",
    "PersonalAccessTokenInfo",
    "RawPersonalAccessToken",
    "Stats",
    "StreamDetails",
    "StreamHeader",
    "TopicDetails",
    "TopicHeader",
    "UserDetails",
    "UserHeader",
    "LIST_RESPONSES",
    "RESPONSE_MODELS",
    "decode_response_body",
    "encode_response_body",
]

NEVER_EXPIRE = MESSAGE_EXPIRY_NEVER
UNLIMITED_SIZE = MAX_TOPIC_SIZE_UNLIMITED
NO_USER_ID = NOT_LOGGED_IN_USER_ID


# ------------------------------------------------------------------ streams


@dataclass(frozen=True, slots=True)
class StreamHeader(WireModel):
    """A stream summary (GetStreams item, CreateStream response). 33 + name bytes."""

    id: int
    created_at_us: int
    topics_count: int
    size_bytes: int
    messages_count: int
    name: str

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u64(self.created_at_us).u32(self.topics_count)
        writer.u64(self.size_bytes).u64(self.messages_count).name(self.name, "stream name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            id=reader.u32("stream id"),
            created_at_us=reader.u64("created_at"),
            topics_count=reader.u32("topics_count"),
            size_bytes=reader.u64("size_bytes"),
            messages_count=reader.u64("messages_count"),
            name=reader.name("stream name"),
        )


@dataclass(frozen=True, slots=True)
class TopicHeader(WireModel):
    """A topic summary (GetTopics item). 51 + name bytes; expiry before compression on the wire."""

    id: int
    created_at_us: int
    partitions_count: int
    message_expiry_us: int
    compression_algorithm: CompressionAlgorithm | int
    max_topic_size_bytes: int
    replication_factor: int
    size_bytes: int
    messages_count: int
    name: str

    @property
    def never_expires(self) -> bool:
        return self.message_expiry_us in (0, NEVER_EXPIRE)

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u64(self.created_at_us).u32(self.partitions_count)
        writer.u64(self.message_expiry_us).u8(self.compression_algorithm).u64(self.max_topic_size_bytes)
        writer.u8(self.replication_factor).u64(self.size_bytes).u64(self.messages_count)
        writer.name(self.name, "topic name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            id=reader.u32("topic id"),
            created_at_us=reader.u64("created_at"),
            partitions_count=reader.u32("partitions_count"),
            message_expiry_us=reader.u64("message_expiry"),
            compression_algorithm=enum_or_int(CompressionAlgorithm, reader.u8("compression")),
            max_topic_size_bytes=reader.u64("max_topic_size"),
            replication_factor=reader.u8("replication_factor"),
            size_bytes=reader.u64("size_bytes"),
            messages_count=reader.u64("messages_count"),
            name=reader.name("topic name"),
        )


@dataclass(frozen=True, slots=True)
class StreamDetails(StreamHeader):
    """GetStream response: the stream header followed by `topics_count` topic headers."""

    topics: tuple[TopicHeader, ...] = ()

    def write(self, writer: Writer) -> None:
        if self.topics_count != len(self.topics):
            raise ValueError(f"topics_count {self.topics_count} != {len(self.topics)} topics")
        StreamHeader.write(self, writer)
        for topic in self.topics:
            topic.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        header = StreamHeader.read(reader)
        topics = _read_counted(reader, TopicHeader, header.topics_count, "topics")
        return cls(**_fields(header), topics=topics)


@dataclass(frozen=True, slots=True)
class PartitionDetails(WireModel):
    """One partition (40 bytes). `current_offset` is the last stored offset (0 when empty)."""

    id: int
    created_at_us: int
    segments_count: int
    current_offset: int
    size_bytes: int
    messages_count: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u64(self.created_at_us).u32(self.segments_count)
        writer.u64(self.current_offset).u64(self.size_bytes).u64(self.messages_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            id=reader.u32("partition id"),
            created_at_us=reader.u64("created_at"),
            segments_count=reader.u32("segments_count"),
            current_offset=reader.u64("current_offset"),
            size_bytes=reader.u64("size_bytes"),
            messages_count=reader.u64("messages_count"),
        )


@dataclass(frozen=True, slots=True)
class TopicDetails(TopicHeader):
    """GetTopic / CreateTopic response: topic header + `partitions_count` partitions."""

    partitions: tuple[PartitionDetails, ...] = ()

    def write(self, writer: Writer) -> None:
        if self.partitions_count != len(self.partitions):
            raise ValueError(f"partitions_count {self.partitions_count} != {len(self.partitions)} partitions")
        TopicHeader.write(self, writer)
        for partition in self.partitions:
            partition.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        header = TopicHeader.read(reader)
        partitions = _read_counted(reader, PartitionDetails, header.partitions_count, "partitions")
        return cls(**_fields(header), partitions=partitions)


# ------------------------------------------------------------------ users and tokens


@dataclass(frozen=True, slots=True)
class UserHeader(WireModel):
    """GetUsers item: `id u32 | created_at u64 | status u8 | username Name`."""

    id: int
    created_at_us: int
    status: UserStatus | int
    username: str

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u64(self.created_at_us).u8(self.status).name(self.username, "username")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            id=reader.u32("user id"),
            created_at_us=reader.u64("created_at"),
            status=enum_or_int(UserStatus, reader.u8("user status")),
            username=reader.name("username"),
        )


@dataclass(frozen=True, slots=True)
class UserDetails(UserHeader):
    """GetUser / CreateUser response: header then `00000000` (no permissions) or `01 | len u32 | perms`."""

    permissions: Permissions | None = None

    def write(self, writer: Writer) -> None:
        UserHeader.write(self, writer)
        if self.permissions is None:
            writer.u32(0)
            return
        encoded = self.permissions.encode()
        writer.u8(1).u32(len(encoded)).raw(encoded)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        header = UserHeader.read(reader)
        permissions = None
        if reader.u8("has_permissions") == 1:
            size = reader.u32("permissions length")
            start = reader.pos
            permissions = Permissions.read(reader)
            if reader.pos - start != size:
                raise invalid_format(f"permissions length {size} != decoded {reader.pos - start}")
        else:
            # "No permissions" is four zero bytes: the flag plus three more (0.8 writes u32 0).
            reader.view(3, "permissions marker")
        return cls(**_fields(header), permissions=permissions)


@dataclass(frozen=True, slots=True)
class IdentityInfo(WireModel):
    """LoginUser / LoginWithPersonalAccessToken response: the logged-in user's id."""

    user_id: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.user_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(user_id=reader.u32("user_id"))


@dataclass(frozen=True, slots=True)
class RawPersonalAccessToken(WireModel):
    """CreatePersonalAccessToken response: the token secret (shown once)."""

    token: str

    def write(self, writer: Writer) -> None:
        writer.name(self.token, "token")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(token=reader.name("token"))


@dataclass(frozen=True, slots=True)
class PersonalAccessTokenInfo(WireModel):
    """GetPersonalAccessTokens item. `expiry_at_us` 0 = never expires."""

    name: str
    expiry_at_us: int

    @property
    def never_expires(self) -> bool:
        return self.expiry_at_us == 0

    def write(self, writer: Writer) -> None:
        writer.name(self.name, "token name").u64(self.expiry_at_us)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(name=reader.name("token name"), expiry_at_us=reader.u64("expiry_at"))


# ------------------------------------------------------------------ system


@dataclass(frozen=True, slots=True)
class ClientInfo(WireModel):
    """GetClients item. `user_id` is u32::MAX (NO_USER_ID) for a connection that is not logged in."""

    client_id: int
    user_id: int
    transport: Transport | int
    address: str
    consumer_groups_count: int

    @property
    def is_authenticated(self) -> bool:
        return self.user_id != NO_USER_ID

    def write(self, writer: Writer) -> None:
        writer.u32(self.client_id).u32(self.user_id).u8(self.transport)
        writer.long_string(self.address).u32(self.consumer_groups_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            client_id=reader.u32("client_id"),
            user_id=reader.u32("user_id"),
            transport=enum_or_int(Transport, reader.u8("transport")),
            address=reader.long_string("address"),
            consumer_groups_count=reader.u32("consumer_groups_count"),
        )


@dataclass(frozen=True, slots=True)
class ClientGroupMembership(WireModel):
    """A consumer group a client belongs to (numeric ids)."""

    stream_id: int
    topic_id: int
    group_id: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.stream_id).u32(self.topic_id).u32(self.group_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.u32("stream_id"), reader.u32("topic_id"), reader.u32("group_id"))


@dataclass(frozen=True, slots=True)
class ClientDetails(ClientInfo):
    """GetMe / GetClient response: ClientInfo followed by its consumer group memberships."""

    consumer_groups: tuple[ClientGroupMembership, ...] = ()

    def write(self, writer: Writer) -> None:
        if self.consumer_groups_count != len(self.consumer_groups):
            raise ValueError("consumer_groups_count does not match consumer_groups")
        ClientInfo.write(self, writer)
        for group in self.consumer_groups:
            group.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        info = ClientInfo.read(reader)
        groups = _read_counted(reader, ClientGroupMembership, info.consumer_groups_count, "consumer groups")
        return cls(**_fields(info), consumer_groups=groups)


@dataclass(frozen=True, slots=True)
class ClusterNode(WireModel):
    """One cluster node and the ports it listens on."""

    name: str
    ip: str
    tcp_port: int
    quic_port: int
    http_port: int
    websocket_port: int
    role: ClusterNodeRole | int = ClusterNodeRole.LEADER
    status: ClusterNodeStatus | int = ClusterNodeStatus.HEALTHY

    def write(self, writer: Writer) -> None:
        writer.long_string(self.name).long_string(self.ip)
        writer.u16(self.tcp_port).u16(self.quic_port).u16(self.http_port).u16(self.websocket_port)
        writer.u8(self.role).u8(self.status)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            name=reader.long_string("node name"),
            ip=reader.long_string("node ip"),
            tcp_port=reader.u16("tcp_port"),
            quic_port=reader.u16("quic_port"),
            http_port=reader.u16("http_port"),
            websocket_port=reader.u16("websocket_port"),
            role=enum_or_int(ClusterNodeRole, reader.u8("role")),
            status=enum_or_int(ClusterNodeStatus, reader.u8("status")),
        )


@dataclass(frozen=True, slots=True)
class ClusterMetadata(WireModel):
    """GetClusterMetadata response. A 0.8 single node answers name "single-node" with one leader node."""

    name: str
    nodes: tuple[ClusterNode, ...] = ()

    def write(self, writer: Writer) -> None:
        writer.long_string(self.name).u32(len(self.nodes))
        for node in self.nodes:
            node.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        name = reader.long_string("cluster name")
        count = reader.u32("nodes_count")
        return cls(name=name, nodes=_read_counted(reader, ClusterNode, count, "nodes"))


@dataclass(frozen=True, slots=True)
class CacheMetrics(WireModel):
    """Per-partition cache counters in Stats (32 bytes)."""

    stream_id: int
    topic_id: int
    partition_id: int
    hits: int
    misses: int
    hit_ratio: float

    def write(self, writer: Writer) -> None:
        writer.u32(self.stream_id).u32(self.topic_id).u32(self.partition_id)
        writer.u64(self.hits).u64(self.misses).f32(self.hit_ratio)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            reader.u32("stream_id"), reader.u32("topic_id"), reader.u32("partition_id"),
            reader.u64("hits"), reader.u64("misses"), reader.f32("hit_ratio"),
        )


@dataclass(frozen=True, slots=True)
class HotPathStats(WireModel):
    """Segment writer and buffer pool counters: this project's server appends them to GetStats as a
    StatsExtension block (tag STATS_EXTENSION_HOT_PATH); other Iggy servers do not send them."""

    writer: SegmentWriterBackend | int
    io_uring_available: bool
    direct_io: bool
    pool_capacity_bytes: int
    pool_reserved_bytes: int
    pool_in_use_bytes: int
    pool_in_use_buffers: int
    pool_free_buffers: int
    pool_hits: int
    pool_misses: int
    pool_evictions: int
    pool_exhausted: int
    receive_fallbacks: int
    read_fallbacks: int
    writes: int
    datasyncs: int
    bytes_written: int
    write_queue_bytes: int
    background_submissions: int
    background_batches: int

    def write(self, writer: Writer) -> None:
        writer.u8(int(self.writer)).bool(self.io_uring_available).bool(self.direct_io)
        for name in _HOT_PATH_COUNTERS:
            writer.u64(getattr(self, name))

    @classmethod
    def read(cls, reader: Reader) -> Self:
        r = reader
        return cls(
            enum_or_int(SegmentWriterBackend, r.u8("writer")), r.bool("io_uring_available"), r.bool("direct_io"),
            *(r.u64(name) for name in _HOT_PATH_COUNTERS),
        )


_HOT_PATH_COUNTERS = (
    "pool_capacity_bytes", "pool_reserved_bytes", "pool_in_use_bytes", "pool_in_use_buffers", "pool_free_buffers",
    "pool_hits", "pool_misses", "pool_evictions", "pool_exhausted", "receive_fallbacks", "read_fallbacks",
    "writes", "datasyncs", "bytes_written", "write_queue_bytes", "background_submissions", "background_batches",
)
_STATS_EXTENSION_HEADER_BYTES = 8


def _read_stats_extensions(reader: Reader) -> HotPathStats | None:
    """Tagged blocks after the 0.8 Stats fields (see the spec's StatsExtension). Unknown tags are
    skipped; an area that does not parse (another server's trailing data) is ignored, not an error."""
    hot_path = None
    # Every block consumes at least its 8-byte header, so the loop is bounded by the buffer size.
    while reader.remaining >= _STATS_EXTENSION_HEADER_BYTES:
        tag, length = reader.u32("extension tag"), reader.u32("extension length")
        if length > reader.remaining:
            return hot_path
        body = Reader(reader.view(length, "extension body"))
        if tag == STATS_EXTENSION_HOT_PATH:
            try:
                hot_path = HotPathStats.read(body)
            except ProtocolError:
                return None
    return hot_path


@dataclass(frozen=True, slots=True)
class Stats(WireModel):
    """GetStats response (all fields mandatory for the official decoder). ``hot_path`` is only sent by
    this project's server (a StatsExtension after the 0.8 fields); None from other servers."""

    process_id: int
    cpu_usage: float
    total_cpu_usage: float
    memory_usage_bytes: int
    total_memory_bytes: int
    available_memory_bytes: int
    run_time_us: int
    start_time_us: int
    read_bytes: int
    written_bytes: int
    messages_size_bytes: int
    streams_count: int
    topics_count: int
    partitions_count: int
    segments_count: int
    messages_count: int
    clients_count: int
    consumer_groups_count: int
    hostname: str
    os_name: str
    os_version: str
    kernel_version: str
    iggy_server_version: str
    iggy_server_semver: int
    cache_metrics: tuple[CacheMetrics, ...]
    threads_count: int
    free_disk_space_bytes: int
    total_disk_space_bytes: int
    hot_path: HotPathStats | None = None

    def write(self, writer: Writer) -> None:
        writer.u32(self.process_id).f32(self.cpu_usage).f32(self.total_cpu_usage)
        writer.u64(self.memory_usage_bytes).u64(self.total_memory_bytes).u64(self.available_memory_bytes)
        writer.u64(self.run_time_us).u64(self.start_time_us).u64(self.read_bytes).u64(self.written_bytes)
        writer.u64(self.messages_size_bytes).u32(self.streams_count).u32(self.topics_count)
        writer.u32(self.partitions_count).u32(self.segments_count).u64(self.messages_count)
        writer.u32(self.clients_count).u32(self.consumer_groups_count)
        for text in (self.hostname, self.os_name, self.os_version, self.kernel_version, self.iggy_server_version):
            writer.long_string(text)
        writer.u32(self.iggy_server_semver).u32(len(self.cache_metrics))
        for metrics in self.cache_metrics:
            metrics.write(writer)
        writer.u32(self.threads_count).u64(self.free_disk_space_bytes).u64(self.total_disk_space_bytes)
        if self.hot_path is not None:
            body = self.hot_path.encode()
            writer.u32(STATS_EXTENSION_HOT_PATH).u32(len(body)).raw(body)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        r = reader
        head = dict(
            process_id=r.u32(), cpu_usage=r.f32(), total_cpu_usage=r.f32(),
            memory_usage_bytes=r.u64(), total_memory_bytes=r.u64(), available_memory_bytes=r.u64(),
            run_time_us=r.u64(), start_time_us=r.u64(), read_bytes=r.u64(), written_bytes=r.u64(),
            messages_size_bytes=r.u64(), streams_count=r.u32(), topics_count=r.u32(),
            partitions_count=r.u32(), segments_count=r.u32(), messages_count=r.u64(),
            clients_count=r.u32(), consumer_groups_count=r.u32(),
            hostname=r.long_string("hostname"), os_name=r.long_string("os_name"),
            os_version=r.long_string("os_version"), kernel_version=r.long_string("kernel_version"),
            iggy_server_version=r.long_string("iggy_server_version"), iggy_server_semver=r.u32(),
        )
        count = r.u32("cache_metrics_count")
        metrics = _read_counted(r, CacheMetrics, count, "cache metrics")
        return cls(
            **head, cache_metrics=metrics, threads_count=r.u32(),
            free_disk_space_bytes=r.u64(), total_disk_space_bytes=r.u64(), hot_path=_read_stats_extensions(r),
        )


# ------------------------------------------------------------------ consumer groups and offsets


@dataclass(frozen=True, slots=True)
class GroupHeader(WireModel):
    """GetConsumerGroups item / CreateConsumerGroup response (13 + name bytes)."""

    id: int
    partitions_count: int
    members_count: int
    name: str

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u32(self.partitions_count).u32(self.members_count).name(self.name, "group name")

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(
            id=reader.u32("group id"),
            partitions_count=reader.u32("partitions_count"),
            members_count=reader.u32("members_count"),
            name=reader.name("group name"),
        )


@dataclass(frozen=True, slots=True)
class GroupMember(WireModel):
    """A group member and the partitions it owns: `id u32 | partitions_count u32 | partition u32 × n`."""

    id: int
    partitions: tuple[int, ...] = ()

    @property
    def partitions_count(self) -> int:
        return len(self.partitions)

    def write(self, writer: Writer) -> None:
        writer.u32(self.id).u32(len(self.partitions))
        for partition_id in self.partitions:
            writer.u32(partition_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        member_id = reader.u32("member id")
        count = reader.u32("member partitions_count")
        if count * 4 > reader.remaining:
            raise _truncated_list("member partitions", count, reader)
        return cls(id=member_id, partitions=tuple(reader.u32("partition id") for _ in range(count)))


@dataclass(frozen=True, slots=True)
class GroupDetails(GroupHeader):
    """GetConsumerGroup response: GroupHeader + `members_count` members."""

    members: tuple[GroupMember, ...] = ()

    def write(self, writer: Writer) -> None:
        if self.members_count != len(self.members):
            raise ValueError(f"members_count {self.members_count} != {len(self.members)} members")
        GroupHeader.write(self, writer)
        for member in self.members:
            member.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        header = GroupHeader.read(reader)
        members = _read_counted(reader, GroupMember, header.members_count, "members")
        return cls(**_fields(header), members=members)


@dataclass(frozen=True, slots=True)
class ConsumerOffsetInfo(WireModel):
    """GetConsumerOffset response (20 bytes)."""

    partition_id: int
    current_offset: int
    stored_offset: int

    def write(self, writer: Writer) -> None:
        writer.u32(self.partition_id).u64(self.current_offset).u64(self.stored_offset)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        return cls(reader.u32("partition_id"), reader.u64("current_offset"), reader.u64("stored_offset"))


# ------------------------------------------------------------------ helpers


def _fields(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}  # type: ignore[attr-defined]


def _truncated_list(what: str, count: int, reader: Reader) -> Exception:
    return truncated(f"{count} {what}", count, reader.remaining)


def _read_counted(reader: Reader, model: type[WireModel], count: int, what: str) -> tuple:
    # Every element is at least one byte, so a count above the remaining size is a truncation;
    # checking first keeps a hostile count from driving a long loop.
    if count > reader.remaining:
        raise _truncated_list(what, count, reader)
    return tuple(model.read(reader) for _ in range(count))


# ------------------------------------------------------------------ command → response model

#: Model of the OK body for each command that has one; commands absent here answer an empty body
#: (GetSnapshot answers raw ZIP bytes, see `decode_response_body`).
RESPONSE_MODELS: dict[Command, type[Any]] = {
    Command.GET_STATS: Stats,
    Command.GET_CLUSTER_METADATA: ClusterMetadata,
    Command.GET_ME: ClientDetails,
    Command.GET_CLIENT: ClientDetails,
    Command.GET_CLIENTS: ClientInfo,
    Command.GET_USER: UserDetails,
    Command.GET_USERS: UserHeader,
    Command.CREATE_USER: UserDetails,
    Command.LOGIN_USER: IdentityInfo,
    Command.GET_PERSONAL_ACCESS_TOKENS: PersonalAccessTokenInfo,
    Command.CREATE_PERSONAL_ACCESS_TOKEN: RawPersonalAccessToken,
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: IdentityInfo,
    Command.POLL_MESSAGES: PolledMessages,
    Command.GET_CONSUMER_OFFSET: ConsumerOffsetInfo,
    Command.GET_STREAM: StreamDetails,
    Command.GET_STREAMS: StreamHeader,
    Command.CREATE_STREAM: StreamHeader,
    Command.GET_TOPIC: TopicDetails,
    Command.GET_TOPICS: TopicHeader,
    Command.CREATE_TOPIC: TopicDetails,
    Command.GET_CONSUMER_GROUP: GroupDetails,
    Command.GET_CONSUMER_GROUPS: GroupHeader,
    Command.CREATE_CONSUMER_GROUP: GroupHeader,
}

#: Commands whose OK body is `model × n` (empty body = empty list).
LIST_RESPONSES: frozenset[Command] = frozenset(
    {
        Command.GET_CLIENTS,
        Command.GET_USERS,
        Command.GET_PERSONAL_ACCESS_TOKENS,
        Command.GET_STREAMS,
        Command.GET_TOPICS,
        Command.GET_CONSUMER_GROUPS,
    }
)


def decode_response_body(code: int, payload: bytes | bytearray | memoryview) -> Any:
    """Decode an OK body for `code`: a model, a list for list commands, None for an empty body of a
    single-object command (Get* "not found"), raw bytes for GetSnapshot."""
    command = Command(code)
    if command == Command.GET_SNAPSHOT:
        return bytes(payload)
    model = RESPONSE_MODELS.get(command)
    if command in LIST_RESPONSES:
        return model.decode_list(payload)
    if model is None or len(payload) == 0:
        return None
    return model.decode(payload)


def encode_response_body(code: int, value: Any) -> bytes:
    """Inverse of `decode_response_body` (None → empty body)."""
    command = Command(code)
    if value is None:
        return b""
    if command == Command.GET_SNAPSHOT:
        return bytes(value)
    if command in LIST_RESPONSES:
        return RESPONSE_MODELS[command].encode_list(value)
    return value.encode()
