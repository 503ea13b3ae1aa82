# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""One frozen dataclass per response record (protocol-spec/spec/structs.toml and inline responses),
generated, with `encode()` / `decode()` in both directions.

Attributes are the spec's field names; a field whose name lacks its unit also reads as `<name>_us` /
`<name>_bytes`. List responses (`X × n`) use `Model.decode_list(buf)` / `Model.encode_list(items)`.
A Get* that finds nothing is an empty OK body: `decode_response_body` answers None for it. Every
function takes the protocol version (0.8 unless given): a class carries every version's fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from ._extras import OptionsExtras, StatsExtras, TopicOptionsExtras
from ._model import REQUIRED, WireModel, require_fields
from .codes import Command, ProtocolVersion, ClusterNodeRole, ClusterNodeStatus, CompressionAlgorithm, HeaderKind, SegmentWriterBackend, Transport, UserStatus
from .messages import PolledMessages
from .primitives import Permissions, Reader, Writer, check_length, counted, enum_or_int, read_to_end


@dataclass(frozen=True, slots=True)
class StreamHeader(OptionsExtras, WireModel):
    """A stream without its topics (33 + name bytes). GetStreams answers StreamHeader x n."""

    id: int
    created_at: int
    topics_count: int
    size_bytes: int
    messages_count: int
    name: str
    options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'topics_count', 'size_bytes', 'messages_count', 'name', 'options')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u32(self.topics_count)
        writer.u64(self.size_bytes)
        writer.u64(self.messages_count)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _topics_count = reader.u32('topics_count')
        _size_bytes = reader.u64('size_bytes')
        _messages_count = reader.u64('messages_count')
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
        else:
            _options = b''
        return cls(id=_id, created_at=_created_at, topics_count=_topics_count, size_bytes=_size_bytes, messages_count=_messages_count, name=_name, options=_options)


@dataclass(frozen=True, slots=True)
class StreamDetails(OptionsExtras, WireModel):
    """A stream with its topics (GetStream)."""

    id: int
    created_at: int
    size_bytes: int
    messages_count: int
    name: str
    topics: tuple[TopicHeader, ...]
    options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'topics_count', 'size_bytes', 'messages_count', 'name', 'options', 'topics')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    @property
    def topics_count(self) -> int:
        return len(self.topics)

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u32(len(self.topics))
        writer.u64(self.size_bytes)
        writer.u64(self.messages_count)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)
        for _item in self.topics:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _topics_count = reader.u32('topics_count')
        _size_bytes = reader.u64('size_bytes')
        _messages_count = reader.u64('messages_count')
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
        else:
            _options = b''
        _topics = tuple(TopicHeader.read(reader) for _ in counted(reader, _topics_count, 'topics'))
        return cls(id=_id, created_at=_created_at, size_bytes=_size_bytes, messages_count=_messages_count, name=_name, options=_options, topics=_topics)


@dataclass(frozen=True, slots=True)
class TopicHeader(TopicOptionsExtras, WireModel):
    """A topic without its partitions (51 + name bytes). Expiry comes before compression."""

    id: int
    created_at: int
    partitions_count: int
    message_expiry: int
    compression_algorithm: CompressionAlgorithm | int
    max_topic_size: int
    replication_factor: int = 0
    size_bytes: int = REQUIRED
    messages_count: int = REQUIRED
    name: str = REQUIRED
    options: bytes = field(default=b'', kw_only=True)
    derived_options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'partitions_count', 'message_expiry_us', 'compression_algorithm', 'max_topic_size_bytes', 'replication_factor', 'size_bytes', 'messages_count', 'name', 'options', 'derived_options')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'replication_factor': frozenset({ProtocolVersion.V0_8}), 'options': frozenset({ProtocolVersion.V0_9}), 'derived_options': frozenset({ProtocolVersion.V0_9})}

    def __post_init__(self) -> None:
        require_fields(self, ('size_bytes', 'messages_count', 'name'))

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    @property
    def message_expiry_us(self) -> int:
        """`message_expiry` (µs), by the name that carries its unit."""
        return self.message_expiry

    @property
    def max_topic_size_bytes(self) -> int:
        """`max_topic_size` (bytes), by the name that carries its unit."""
        return self.max_topic_size

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u32(self.partitions_count)
        writer.u64(self.message_expiry)
        writer.u8(self.compression_algorithm)
        writer.u64(self.max_topic_size)
        if writer.version <= ProtocolVersion.V0_8:
            writer.u8(self.replication_factor)
        writer.u64(self.size_bytes)
        writer.u64(self.messages_count)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)
            writer.u32(len(self.derived_options))
            writer.raw(self.derived_options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _partitions_count = reader.u32('partitions_count')
        _message_expiry = reader.u64('message_expiry')
        _compression_algorithm = enum_or_int(CompressionAlgorithm, reader.u8('compression_algorithm'))
        _max_topic_size = reader.u64('max_topic_size')
        if reader.version <= ProtocolVersion.V0_8:
            _replication_factor = reader.u8('replication_factor')
        else:
            _replication_factor = 0
        _size_bytes = reader.u64('size_bytes')
        _messages_count = reader.u64('messages_count')
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
            _derived_options_length = reader.u32('derived_options_length')
            _derived_options = reader.raw(_derived_options_length, 'derived_options')
        else:
            _options = b''
            _derived_options = b''
        return cls(id=_id, created_at=_created_at, partitions_count=_partitions_count, message_expiry=_message_expiry, compression_algorithm=_compression_algorithm, max_topic_size=_max_topic_size, replication_factor=_replication_factor, size_bytes=_size_bytes, messages_count=_messages_count, name=_name, options=_options, derived_options=_derived_options)


@dataclass(frozen=True, slots=True)
class TopicDetails(TopicOptionsExtras, WireModel):
    """A topic with its partitions (GetTopic, CreateTopic)."""

    id: int
    created_at: int
    message_expiry: int
    compression_algorithm: CompressionAlgorithm | int
    max_topic_size: int
    replication_factor: int = 0
    size_bytes: int = REQUIRED
    messages_count: int = REQUIRED
    name: str = REQUIRED
    partitions: tuple[PartitionDetails, ...] = REQUIRED
    options: bytes = field(default=b'', kw_only=True)
    derived_options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'partitions_count', 'message_expiry_us', 'compression_algorithm', 'max_topic_size_bytes', 'replication_factor', 'size_bytes', 'messages_count', 'name', 'options', 'derived_options', 'partitions')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'replication_factor': frozenset({ProtocolVersion.V0_8}), 'options': frozenset({ProtocolVersion.V0_9}), 'derived_options': frozenset({ProtocolVersion.V0_9})}

    def __post_init__(self) -> None:
        require_fields(self, ('size_bytes', 'messages_count', 'name', 'partitions'))

    @property
    def partitions_count(self) -> int:
        return len(self.partitions)

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    @property
    def message_expiry_us(self) -> int:
        """`message_expiry` (µs), by the name that carries its unit."""
        return self.message_expiry

    @property
    def max_topic_size_bytes(self) -> int:
        """`max_topic_size` (bytes), by the name that carries its unit."""
        return self.max_topic_size

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u32(len(self.partitions))
        writer.u64(self.message_expiry)
        writer.u8(self.compression_algorithm)
        writer.u64(self.max_topic_size)
        if writer.version <= ProtocolVersion.V0_8:
            writer.u8(self.replication_factor)
        writer.u64(self.size_bytes)
        writer.u64(self.messages_count)
        writer.name(self.name, 'name')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)
            writer.u32(len(self.derived_options))
            writer.raw(self.derived_options)
        for _item in self.partitions:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _partitions_count = reader.u32('partitions_count')
        _message_expiry = reader.u64('message_expiry')
        _compression_algorithm = enum_or_int(CompressionAlgorithm, reader.u8('compression_algorithm'))
        _max_topic_size = reader.u64('max_topic_size')
        if reader.version <= ProtocolVersion.V0_8:
            _replication_factor = reader.u8('replication_factor')
        else:
            _replication_factor = 0
        _size_bytes = reader.u64('size_bytes')
        _messages_count = reader.u64('messages_count')
        _name = reader.name('name')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
            _derived_options_length = reader.u32('derived_options_length')
            _derived_options = reader.raw(_derived_options_length, 'derived_options')
        else:
            _options = b''
            _derived_options = b''
        _partitions = tuple(PartitionDetails.read(reader) for _ in counted(reader, _partitions_count, 'partitions'))
        return cls(id=_id, created_at=_created_at, message_expiry=_message_expiry, compression_algorithm=_compression_algorithm, max_topic_size=_max_topic_size, replication_factor=_replication_factor, size_bytes=_size_bytes, messages_count=_messages_count, name=_name, options=_options, derived_options=_derived_options, partitions=_partitions)


@dataclass(frozen=True, slots=True)
class PartitionDetails(WireModel):
    """One partition (40 bytes)."""

    id: int
    created_at: int
    segments_count: int
    current_offset: int
    size_bytes: int
    messages_count: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'segments_count', 'current_offset', 'size_bytes', 'messages_count')

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u32(self.segments_count)
        writer.u64(self.current_offset)
        writer.u64(self.size_bytes)
        writer.u64(self.messages_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _segments_count = reader.u32('segments_count')
        _current_offset = reader.u64('current_offset')
        _size_bytes = reader.u64('size_bytes')
        _messages_count = reader.u64('messages_count')
        return cls(id=_id, created_at=_created_at, segments_count=_segments_count, current_offset=_current_offset, size_bytes=_size_bytes, messages_count=_messages_count)


@dataclass(frozen=True, slots=True)
class UserHeader(OptionsExtras, WireModel):
    """A user without permissions (14 + username bytes). GetUsers answers UserHeader x n."""

    id: int
    created_at: int
    status: UserStatus | int
    username: str
    options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'status', 'username', 'options')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u8(self.status)
        writer.name(self.username, 'username')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _status = enum_or_int(UserStatus, reader.u8('status'))
        _username = reader.name('username')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
        else:
            _options = b''
        return cls(id=_id, created_at=_created_at, status=_status, username=_username, options=_options)


@dataclass(frozen=True, slots=True)
class UserDetails(OptionsExtras, WireModel):
    """A user with permissions (GetUser, CreateUser). No permissions = four zero bytes."""

    id: int
    created_at: int
    status: UserStatus | int
    username: str
    permissions: Permissions | None = None
    options: bytes = field(default=b'', kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'created_at_us', 'status', 'username', 'options', 'permissions')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'options': frozenset({ProtocolVersion.V0_9})}

    @property
    def created_at_us(self) -> int:
        """`created_at` (µs), by the name that carries its unit."""
        return self.created_at

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u64(self.created_at)
        writer.u8(self.status)
        writer.name(self.username, 'username')
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.options))
            writer.raw(self.options)
        writer.u8(1 if self.permissions is not None else 0)
        if self.permissions is None:
            writer.raw(bytes(3))
        if self.permissions is not None:
            _sized = Writer(writer.version)
            self.permissions.write(_sized)
            _sized_bytes = _sized.bytes()
            writer.u32(len(_sized_bytes)).raw(_sized_bytes)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _created_at = reader.u64('created_at')
        _status = enum_or_int(UserStatus, reader.u8('status'))
        _username = reader.name('username')
        if reader.version >= ProtocolVersion.V0_9:
            _options_length = reader.u32('options_length')
            _options = reader.raw(_options_length, 'options')
        else:
            _options = b''
        _has_permissions = reader.flag('has_permissions')
        if _has_permissions == 0:
            reader.view(3, 'padding')
        if _has_permissions == 1:
            _permissions_len = reader.u32('permissions_len')
            _permissions_len_start = reader.pos
        if _has_permissions == 1:
            _permissions = Permissions.read(reader)
            check_length(reader, _permissions_len_start, _permissions_len, 'permissions_len')
        else:
            _permissions = None
        return cls(id=_id, created_at=_created_at, status=_status, username=_username, options=_options, permissions=_permissions)


@dataclass(frozen=True, slots=True)
class ClientInfo(WireModel):
    """A connected client (17 + address bytes). GetClients answers ClientInfo x n, without group triples."""

    client_id: int
    user_id: int
    transport: Transport | int
    address: str
    consumer_groups_count: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('client_id', 'user_id', 'transport', 'address', 'consumer_groups_count')

    def write(self, writer: Writer) -> None:
        writer.u32(self.client_id)
        writer.u32(self.user_id)
        writer.u8(self.transport)
        writer.long_string(self.address)
        writer.u32(self.consumer_groups_count)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _client_id = reader.u32('client_id')
        _user_id = reader.u32('user_id')
        _transport = enum_or_int(Transport, reader.u8('transport'))
        _address = reader.long_string('address')
        _consumer_groups_count = reader.u32('consumer_groups_count')
        return cls(client_id=_client_id, user_id=_user_id, transport=_transport, address=_address, consumer_groups_count=_consumer_groups_count)


@dataclass(frozen=True, slots=True)
class ClientDetails(WireModel):
    """A client with its group memberships (GetMe, GetClient)."""

    client_id: int
    user_id: int
    transport: Transport | int
    address: str
    consumer_groups: tuple[ClientGroupInfo, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('client_id', 'user_id', 'transport', 'address', 'consumer_groups_count', 'consumer_groups')

    @property
    def consumer_groups_count(self) -> int:
        return len(self.consumer_groups)

    def write(self, writer: Writer) -> None:
        writer.u32(self.client_id)
        writer.u32(self.user_id)
        writer.u8(self.transport)
        writer.long_string(self.address)
        writer.u32(len(self.consumer_groups))
        for _item in self.consumer_groups:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _client_id = reader.u32('client_id')
        _user_id = reader.u32('user_id')
        _transport = enum_or_int(Transport, reader.u8('transport'))
        _address = reader.long_string('address')
        _consumer_groups_count = reader.u32('consumer_groups_count')
        _consumer_groups = tuple(ClientGroupInfo.read(reader) for _ in counted(reader, _consumer_groups_count, 'consumer_groups'))
        return cls(client_id=_client_id, user_id=_user_id, transport=_transport, address=_address, consumer_groups=_consumer_groups)


@dataclass(frozen=True, slots=True)
class ClientGroupInfo(WireModel):
    """One group membership of a client (12 bytes)."""

    stream_id: int
    topic_id: int
    group_id: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'group_id')

    def write(self, writer: Writer) -> None:
        writer.u32(self.stream_id)
        writer.u32(self.topic_id)
        writer.u32(self.group_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = reader.u32('stream_id')
        _topic_id = reader.u32('topic_id')
        _group_id = reader.u32('group_id')
        return cls(stream_id=_stream_id, topic_id=_topic_id, group_id=_group_id)


@dataclass(frozen=True, slots=True)
class ClusterMetadata(WireModel):
    """Cluster description; a single-node 0.8 server answers name "single-node" and one leader node."""

    name: str
    nodes: tuple[ClusterNode, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('name', 'nodes_count', 'nodes')

    @property
    def nodes_count(self) -> int:
        return len(self.nodes)

    def write(self, writer: Writer) -> None:
        writer.long_string(self.name)
        writer.u32(len(self.nodes))
        for _item in self.nodes:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.long_string('name')
        _nodes_count = reader.u32('nodes_count')
        _nodes = tuple(ClusterNode.read(reader) for _ in counted(reader, _nodes_count, 'nodes'))
        return cls(name=_name, nodes=_nodes)


@dataclass(frozen=True, slots=True)
class ClusterNode(WireModel):
    """One node of the cluster."""

    name: str
    ip: str
    tcp_port: int
    quic_port: int
    http_port: int
    websocket_port: int
    role: ClusterNodeRole | int
    status: ClusterNodeStatus | int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('name', 'ip', 'tcp_port', 'quic_port', 'http_port', 'websocket_port', 'role', 'status')

    def write(self, writer: Writer) -> None:
        writer.long_string(self.name)
        writer.long_string(self.ip)
        writer.u16(self.tcp_port)
        writer.u16(self.quic_port)
        writer.u16(self.http_port)
        writer.u16(self.websocket_port)
        writer.u8(self.role)
        writer.u8(self.status)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.long_string('name')
        _ip = reader.long_string('ip')
        _tcp_port = reader.u16('tcp_port')
        _quic_port = reader.u16('quic_port')
        _http_port = reader.u16('http_port')
        _websocket_port = reader.u16('websocket_port')
        _role = enum_or_int(ClusterNodeRole, reader.u8('role'))
        _status = enum_or_int(ClusterNodeStatus, reader.u8('status'))
        return cls(name=_name, ip=_ip, tcp_port=_tcp_port, quic_port=_quic_port, http_port=_http_port, websocket_port=_websocket_port, role=_role, status=_status)


@dataclass(frozen=True, slots=True)
class Stats(StatsExtras, WireModel):
    """Server statistics (GetStats); every field is mandatory for the Rust decoder. Fixed part 108 bytes."""

    process_id: int
    cpu_usage: float
    total_cpu_usage: float
    memory_usage: int
    total_memory: int
    available_memory: int
    run_time: int
    start_time: int
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
    cache_metrics: tuple[CacheMetric, ...]
    threads_count: int
    free_disk_space: int
    total_disk_space: int
    extensions: tuple[StatsExtension, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('process_id', 'cpu_usage', 'total_cpu_usage', 'memory_usage_bytes', 'total_memory_bytes', 'available_memory_bytes', 'run_time_us', 'start_time_us', 'read_bytes', 'written_bytes', 'messages_size_bytes', 'streams_count', 'topics_count', 'partitions_count', 'segments_count', 'messages_count', 'clients_count', 'consumer_groups_count', 'hostname', 'os_name', 'os_version', 'kernel_version', 'iggy_server_version', 'iggy_server_semver', 'cache_metrics_count', 'cache_metrics', 'threads_count', 'free_disk_space_bytes', 'total_disk_space_bytes', 'hot_path')

    @property
    def cache_metrics_count(self) -> int:
        return len(self.cache_metrics)

    @property
    def memory_usage_bytes(self) -> int:
        """`memory_usage` (bytes), by the name that carries its unit."""
        return self.memory_usage

    @property
    def total_memory_bytes(self) -> int:
        """`total_memory` (bytes), by the name that carries its unit."""
        return self.total_memory

    @property
    def available_memory_bytes(self) -> int:
        """`available_memory` (bytes), by the name that carries its unit."""
        return self.available_memory

    @property
    def run_time_us(self) -> int:
        """`run_time` (µs), by the name that carries its unit."""
        return self.run_time

    @property
    def start_time_us(self) -> int:
        """`start_time` (µs), by the name that carries its unit."""
        return self.start_time

    @property
    def free_disk_space_bytes(self) -> int:
        """`free_disk_space` (bytes), by the name that carries its unit."""
        return self.free_disk_space

    @property
    def total_disk_space_bytes(self) -> int:
        """`total_disk_space` (bytes), by the name that carries its unit."""
        return self.total_disk_space

    def write(self, writer: Writer) -> None:
        writer.u32(self.process_id)
        writer.f32(self.cpu_usage)
        writer.f32(self.total_cpu_usage)
        writer.u64(self.memory_usage)
        writer.u64(self.total_memory)
        writer.u64(self.available_memory)
        writer.u64(self.run_time)
        writer.u64(self.start_time)
        writer.u64(self.read_bytes)
        writer.u64(self.written_bytes)
        writer.u64(self.messages_size_bytes)
        writer.u32(self.streams_count)
        writer.u32(self.topics_count)
        writer.u32(self.partitions_count)
        writer.u32(self.segments_count)
        writer.u64(self.messages_count)
        writer.u32(self.clients_count)
        writer.u32(self.consumer_groups_count)
        writer.long_string(self.hostname)
        writer.long_string(self.os_name)
        writer.long_string(self.os_version)
        writer.long_string(self.kernel_version)
        writer.long_string(self.iggy_server_version)
        writer.u32(self.iggy_server_semver)
        writer.u32(len(self.cache_metrics))
        for _item in self.cache_metrics:
            _item.write(writer)
        writer.u32(self.threads_count)
        writer.u64(self.free_disk_space)
        writer.u64(self.total_disk_space)
        for _item in self.extensions:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _process_id = reader.u32('process_id')
        _cpu_usage = reader.f32('cpu_usage')
        _total_cpu_usage = reader.f32('total_cpu_usage')
        _memory_usage = reader.u64('memory_usage')
        _total_memory = reader.u64('total_memory')
        _available_memory = reader.u64('available_memory')
        _run_time = reader.u64('run_time')
        _start_time = reader.u64('start_time')
        _read_bytes = reader.u64('read_bytes')
        _written_bytes = reader.u64('written_bytes')
        _messages_size_bytes = reader.u64('messages_size_bytes')
        _streams_count = reader.u32('streams_count')
        _topics_count = reader.u32('topics_count')
        _partitions_count = reader.u32('partitions_count')
        _segments_count = reader.u32('segments_count')
        _messages_count = reader.u64('messages_count')
        _clients_count = reader.u32('clients_count')
        _consumer_groups_count = reader.u32('consumer_groups_count')
        _hostname = reader.long_string('hostname')
        _os_name = reader.long_string('os_name')
        _os_version = reader.long_string('os_version')
        _kernel_version = reader.long_string('kernel_version')
        _iggy_server_version = reader.long_string('iggy_server_version')
        _iggy_server_semver = reader.u32('iggy_server_semver')
        _cache_metrics_count = reader.u32('cache_metrics_count')
        _cache_metrics = tuple(CacheMetric.read(reader) for _ in counted(reader, _cache_metrics_count, 'cache_metrics'))
        _threads_count = reader.u32('threads_count')
        _free_disk_space = reader.u64('free_disk_space')
        _total_disk_space = reader.u64('total_disk_space')
        _extensions = read_to_end(reader, StatsExtension.read, tolerant=True)
        return cls(process_id=_process_id, cpu_usage=_cpu_usage, total_cpu_usage=_total_cpu_usage, memory_usage=_memory_usage, total_memory=_total_memory, available_memory=_available_memory, run_time=_run_time, start_time=_start_time, read_bytes=_read_bytes, written_bytes=_written_bytes, messages_size_bytes=_messages_size_bytes, streams_count=_streams_count, topics_count=_topics_count, partitions_count=_partitions_count, segments_count=_segments_count, messages_count=_messages_count, clients_count=_clients_count, consumer_groups_count=_consumer_groups_count, hostname=_hostname, os_name=_os_name, os_version=_os_version, kernel_version=_kernel_version, iggy_server_version=_iggy_server_version, iggy_server_semver=_iggy_server_semver, cache_metrics=_cache_metrics, threads_count=_threads_count, free_disk_space=_free_disk_space, total_disk_space=_total_disk_space, extensions=_extensions)


@dataclass(frozen=True, slots=True)
class StatsExtension(WireModel):
    """A tagged block at the end of Stats (this project's extension). Tags are STATS_EXTENSION_* constants; a block only ever grows at its end, so decoders read the fields they know and skip the rest by `length`."""

    tag: int
    body: bytes
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('tag', 'body')

    def write(self, writer: Writer) -> None:
        writer.u32(self.tag)
        writer.u32(len(self.body))
        writer.raw(self.body)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _tag = reader.u32('tag')
        _length = reader.u32('length')
        _body = reader.raw(_length, 'body')
        return cls(tag=_tag, body=_body)


@dataclass(frozen=True, slots=True)
class HotPathStats(WireModel):
    """Server hot-path counters (StatsExtension tag 1): segment writer and buffer pool. Fixed part 139 bytes."""

    writer: SegmentWriterBackend | int
    io_uring_available: bool
    direct_io: bool
    pool_capacity: int
    pool_reserved: int
    pool_in_use: int
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
    write_queue: int
    background_submissions: int
    background_batches: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('writer', 'io_uring_available', 'direct_io', 'pool_capacity_bytes', 'pool_reserved_bytes', 'pool_in_use_bytes', 'pool_in_use_buffers', 'pool_free_buffers', 'pool_hits', 'pool_misses', 'pool_evictions', 'pool_exhausted', 'receive_fallbacks', 'read_fallbacks', 'writes', 'datasyncs', 'bytes_written_bytes', 'write_queue_bytes', 'background_submissions', 'background_batches')

    @property
    def pool_capacity_bytes(self) -> int:
        """`pool_capacity` (bytes), by the name that carries its unit."""
        return self.pool_capacity

    @property
    def pool_reserved_bytes(self) -> int:
        """`pool_reserved` (bytes), by the name that carries its unit."""
        return self.pool_reserved

    @property
    def pool_in_use_bytes(self) -> int:
        """`pool_in_use` (bytes), by the name that carries its unit."""
        return self.pool_in_use

    @property
    def bytes_written_bytes(self) -> int:
        """`bytes_written` (bytes), by the name that carries its unit."""
        return self.bytes_written

    @property
    def write_queue_bytes(self) -> int:
        """`write_queue` (bytes), by the name that carries its unit."""
        return self.write_queue

    def write(self, writer: Writer) -> None:
        writer.u8(self.writer)
        writer.bool(self.io_uring_available)
        writer.bool(self.direct_io)
        writer.u64(self.pool_capacity)
        writer.u64(self.pool_reserved)
        writer.u64(self.pool_in_use)
        writer.u64(self.pool_in_use_buffers)
        writer.u64(self.pool_free_buffers)
        writer.u64(self.pool_hits)
        writer.u64(self.pool_misses)
        writer.u64(self.pool_evictions)
        writer.u64(self.pool_exhausted)
        writer.u64(self.receive_fallbacks)
        writer.u64(self.read_fallbacks)
        writer.u64(self.writes)
        writer.u64(self.datasyncs)
        writer.u64(self.bytes_written)
        writer.u64(self.write_queue)
        writer.u64(self.background_submissions)
        writer.u64(self.background_batches)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _writer = enum_or_int(SegmentWriterBackend, reader.u8('writer'))
        _io_uring_available = reader.bool('io_uring_available')
        _direct_io = reader.bool('direct_io')
        _pool_capacity = reader.u64('pool_capacity')
        _pool_reserved = reader.u64('pool_reserved')
        _pool_in_use = reader.u64('pool_in_use')
        _pool_in_use_buffers = reader.u64('pool_in_use_buffers')
        _pool_free_buffers = reader.u64('pool_free_buffers')
        _pool_hits = reader.u64('pool_hits')
        _pool_misses = reader.u64('pool_misses')
        _pool_evictions = reader.u64('pool_evictions')
        _pool_exhausted = reader.u64('pool_exhausted')
        _receive_fallbacks = reader.u64('receive_fallbacks')
        _read_fallbacks = reader.u64('read_fallbacks')
        _writes = reader.u64('writes')
        _datasyncs = reader.u64('datasyncs')
        _bytes_written = reader.u64('bytes_written')
        _write_queue = reader.u64('write_queue')
        _background_submissions = reader.u64('background_submissions')
        _background_batches = reader.u64('background_batches')
        return cls(writer=_writer, io_uring_available=_io_uring_available, direct_io=_direct_io, pool_capacity=_pool_capacity, pool_reserved=_pool_reserved, pool_in_use=_pool_in_use, pool_in_use_buffers=_pool_in_use_buffers, pool_free_buffers=_pool_free_buffers, pool_hits=_pool_hits, pool_misses=_pool_misses, pool_evictions=_pool_evictions, pool_exhausted=_pool_exhausted, receive_fallbacks=_receive_fallbacks, read_fallbacks=_read_fallbacks, writes=_writes, datasyncs=_datasyncs, bytes_written=_bytes_written, write_queue=_write_queue, background_submissions=_background_submissions, background_batches=_background_batches)


@dataclass(frozen=True, slots=True)
class CacheMetric(WireModel):
    """Cache statistics of one partition (32 bytes)."""

    stream_id: int
    topic_id: int
    partition_id: int
    hits: int
    misses: int
    hit_ratio: float
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'partition_id', 'hits', 'misses', 'hit_ratio')

    def write(self, writer: Writer) -> None:
        writer.u32(self.stream_id)
        writer.u32(self.topic_id)
        writer.u32(self.partition_id)
        writer.u64(self.hits)
        writer.u64(self.misses)
        writer.f32(self.hit_ratio)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = reader.u32('stream_id')
        _topic_id = reader.u32('topic_id')
        _partition_id = reader.u32('partition_id')
        _hits = reader.u64('hits')
        _misses = reader.u64('misses')
        _hit_ratio = reader.f32('hit_ratio')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, hits=_hits, misses=_misses, hit_ratio=_hit_ratio)


@dataclass(frozen=True, slots=True)
class GroupHeader(WireModel):
    """A consumer group without members (13 + name bytes). GetConsumerGroups answers GroupHeader x n."""

    id: int
    partitions_count: int
    members_count: int
    name: str
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'partitions_count', 'members_count', 'name')

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u32(self.partitions_count)
        writer.u32(self.members_count)
        writer.name(self.name, 'name')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _partitions_count = reader.u32('partitions_count')
        _members_count = reader.u32('members_count')
        _name = reader.name('name')
        return cls(id=_id, partitions_count=_partitions_count, members_count=_members_count, name=_name)


@dataclass(frozen=True, slots=True)
class GroupDetails(WireModel):
    """A consumer group with its members (GetConsumerGroup)."""

    id: int
    partitions_count: int
    name: str
    members: tuple[GroupMember, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('id', 'partitions_count', 'members_count', 'name', 'members')

    @property
    def members_count(self) -> int:
        return len(self.members)

    def write(self, writer: Writer) -> None:
        writer.u32(self.id)
        writer.u32(self.partitions_count)
        writer.u32(len(self.members))
        writer.name(self.name, 'name')
        for _item in self.members:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _id = reader.u32('id')
        _partitions_count = reader.u32('partitions_count')
        _members_count = reader.u32('members_count')
        _name = reader.name('name')
        _members = tuple(GroupMember.read(reader) for _ in counted(reader, _members_count, 'members'))
        return cls(id=_id, partitions_count=_partitions_count, name=_name, members=_members)


@dataclass(frozen=True, slots=True)
class GroupMember(WireModel):
    """One member of a consumer group and the partitions it owns."""

    member_id: int
    partition_ids: tuple[int, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('member_id', 'partitions_count', 'partition_ids')

    @property
    def partitions_count(self) -> int:
        return len(self.partition_ids)

    def write(self, writer: Writer) -> None:
        writer.u32(self.member_id)
        writer.u32(len(self.partition_ids))
        for _item in self.partition_ids:
            writer.u32(_item)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _member_id = reader.u32('member_id')
        _partitions_count = reader.u32('partitions_count')
        _partition_ids = tuple(reader.u32('partition_ids') for _ in counted(reader, _partitions_count, 'partition_ids'))
        return cls(member_id=_member_id, partition_ids=_partition_ids)


@dataclass(frozen=True, slots=True)
class ConsumerOffsetInfo(WireModel):
    """Stored offset of a consumer or group on one partition (20 bytes)."""

    partition_id: int
    current_offset: int
    stored_offset: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('partition_id', 'current_offset', 'stored_offset')

    def write(self, writer: Writer) -> None:
        writer.u32(self.partition_id)
        writer.u64(self.current_offset)
        writer.u64(self.stored_offset)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _partition_id = reader.u32('partition_id')
        _current_offset = reader.u64('current_offset')
        _stored_offset = reader.u64('stored_offset')
        return cls(partition_id=_partition_id, current_offset=_current_offset, stored_offset=_stored_offset)


@dataclass(frozen=True, slots=True)
class PersonalAccessTokenInfo(WireModel):
    """One personal access token of the caller (no secret). GetPersonalAccessTokens answers it x n."""

    name: str
    expiry_at: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('name', 'expiry_at_us')

    @property
    def expiry_at_us(self) -> int:
        """`expiry_at` (µs), by the name that carries its unit."""
        return self.expiry_at

    def write(self, writer: Writer) -> None:
        writer.name(self.name, 'name')
        writer.u64(self.expiry_at)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _name = reader.name('name')
        _expiry_at = reader.u64('expiry_at')
        return cls(name=_name, expiry_at=_expiry_at)


@dataclass(frozen=True, slots=True)
class SendConfirmation(WireModel):
    """One entry of a 0.9 SendMessages answer (20 bytes; the stride is frozen)."""

    stream_id: int
    topic_id: int
    partition_id: int
    base_offset: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('stream_id', 'topic_id', 'partition_id', 'base_offset')

    def write(self, writer: Writer) -> None:
        writer.u32(self.stream_id)
        writer.u32(self.topic_id)
        writer.u32(self.partition_id)
        writer.u64(self.base_offset)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _stream_id = reader.u32('stream_id')
        _topic_id = reader.u32('topic_id')
        _partition_id = reader.u32('partition_id')
        _base_offset = reader.u64('base_offset')
        return cls(stream_id=_stream_id, topic_id=_topic_id, partition_id=_partition_id, base_offset=_base_offset)


@dataclass(frozen=True, slots=True)
class OptionDescriptor(WireModel):
    """One key of an option catalog (DescribeOptions)."""

    key: str
    kind: HeaderKind | int
    default_value: bytes
    description: str
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('key', 'kind', 'default_value', 'description')

    def write(self, writer: Writer) -> None:
        writer.name(self.key, 'key')
        writer.u8(self.kind)
        writer.u32(len(self.default_value))
        writer.raw(self.default_value)
        writer.long_string(self.description)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _key = reader.name('key')
        _kind = enum_or_int(HeaderKind, reader.u8('kind'))
        _default_value_length = reader.u32('default_value_length')
        _default_value = reader.raw(_default_value_length, 'default_value')
        _description = reader.long_string('description')
        return cls(key=_key, kind=_kind, default_value=_default_value, description=_description)


@dataclass(frozen=True, slots=True)
class GetSnapshotResponse(WireModel):
    """GetSnapshot response body."""

    data: bytes
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('data',)

    def write(self, writer: Writer) -> None:
        writer.raw(self.data)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _data = bytes(reader.rest())
        return cls(data=_data)


@dataclass(frozen=True, slots=True)
class DescribeOptionsResponse(WireModel):
    """DescribeOptions response body."""

    entries: tuple[OptionDescriptor, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('entries_count', 'entries')

    @property
    def entries_count(self) -> int:
        return len(self.entries)

    def write(self, writer: Writer) -> None:
        writer.u32(len(self.entries))
        for _item in self.entries:
            _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _entries_count = reader.u32('entries_count')
        _entries = tuple(OptionDescriptor.read(reader) for _ in counted(reader, _entries_count, 'entries'))
        return cls(entries=_entries)


@dataclass(frozen=True, slots=True)
class LoginUserResponse(WireModel):
    """LoginUser response body."""

    user_id: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        writer.u32(self.user_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = reader.u32('user_id')
        return cls(user_id=_user_id)


@dataclass(frozen=True, slots=True)
class LoginRegisterResponse(WireModel):
    """LoginRegister response body."""

    user_id: int
    session: int
    server_protocol_version: int
    server_version: str
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('user_id', 'session', 'server_protocol_version', 'server_version')

    def write(self, writer: Writer) -> None:
        writer.u32(self.user_id)
        writer.u64(self.session)
        writer.u32(self.server_protocol_version)
        writer.name(self.server_version, 'server_version')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = reader.u32('user_id')
        _session = reader.u64('session')
        _server_protocol_version = reader.u32('server_protocol_version')
        _server_version = reader.name('server_version')
        return cls(user_id=_user_id, session=_session, server_protocol_version=_server_protocol_version, server_version=_server_version)


@dataclass(frozen=True, slots=True)
class CreatePersonalAccessTokenResponse(WireModel):
    """CreatePersonalAccessToken response body."""

    token: str
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('token',)

    def write(self, writer: Writer) -> None:
        writer.name(self.token, 'token')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _token = reader.name('token')
        return cls(token=_token)


@dataclass(frozen=True, slots=True)
class LoginWithPersonalAccessTokenResponse(WireModel):
    """LoginWithPersonalAccessToken response body."""

    user_id: int
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('user_id',)

    def write(self, writer: Writer) -> None:
        writer.u32(self.user_id)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = reader.u32('user_id')
        return cls(user_id=_user_id)


@dataclass(frozen=True, slots=True)
class LoginRegisterWithPatResponse(WireModel):
    """LoginRegisterWithPat response body."""

    user_id: int
    session: int
    server_protocol_version: int
    server_version: str
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('user_id', 'session', 'server_protocol_version', 'server_version')

    def write(self, writer: Writer) -> None:
        writer.u32(self.user_id)
        writer.u64(self.session)
        writer.u32(self.server_protocol_version)
        writer.name(self.server_version, 'server_version')

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _user_id = reader.u32('user_id')
        _session = reader.u64('session')
        _server_protocol_version = reader.u32('server_protocol_version')
        _server_version = reader.name('server_version')
        return cls(user_id=_user_id, session=_session, server_protocol_version=_server_protocol_version, server_version=_server_version)


@dataclass(frozen=True, slots=True)
class SendMessagesResponse(WireModel):
    """SendMessages response body."""

    confirmations: tuple[SendConfirmation, ...] = field(default=(), kw_only=True)
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('confirmations_count', 'confirmations')
    # The fields only some protocol versions have, and which.
    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {'confirmations': frozenset({ProtocolVersion.V0_9})}

    @property
    def confirmations_count(self) -> int:
        return len(self.confirmations)

    def write(self, writer: Writer) -> None:
        if writer.version >= ProtocolVersion.V0_9:
            writer.u32(len(self.confirmations))
            for _item in self.confirmations:
                _item.write(writer)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        if reader.version >= ProtocolVersion.V0_9:
            _confirmations_count = reader.u32('confirmations_count')
            _confirmations = tuple(SendConfirmation.read(reader) for _ in counted(reader, _confirmations_count, 'confirmations'))
        else:
            _confirmations = ()
        return cls(confirmations=_confirmations)


@dataclass(frozen=True, slots=True)
class SyncConsumerGroupResponse(WireModel):
    """SyncConsumerGroup response body."""

    generation: int
    partitions: tuple[int, ...]
    PUBLIC_NAMES: ClassVar[tuple[str, ...]] = ('generation', 'partitions_count', 'partitions')

    @property
    def partitions_count(self) -> int:
        return len(self.partitions)

    def write(self, writer: Writer) -> None:
        writer.u64(self.generation)
        writer.u32(len(self.partitions))
        for _item in self.partitions:
            writer.u32(_item)

    @classmethod
    def read(cls, reader: Reader) -> Self:
        _generation = reader.u64('generation')
        _partitions_count = reader.u32('partitions_count')
        _partitions = tuple(reader.u32('partitions') for _ in counted(reader, _partitions_count, 'partitions'))
        return cls(generation=_generation, partitions=_partitions)


# Type of the OK body of each command that has one (one element for list answers).
RESPONSE_MODELS: dict[Command, type[Any]] = {
    Command.GET_STATS: Stats,
    Command.GET_SNAPSHOT: GetSnapshotResponse,
    Command.GET_CLUSTER_METADATA: ClusterMetadata,
    Command.DESCRIBE_OPTIONS: DescribeOptionsResponse,
    Command.GET_ME: ClientDetails,
    Command.GET_CLIENT: ClientDetails,
    Command.GET_CLIENTS: ClientInfo,
    Command.GET_USER: UserDetails,
    Command.GET_USERS: UserHeader,
    Command.CREATE_USER: UserDetails,
    Command.LOGIN_USER: LoginUserResponse,
    Command.LOGIN_REGISTER: LoginRegisterResponse,
    Command.GET_PERSONAL_ACCESS_TOKENS: PersonalAccessTokenInfo,
    Command.CREATE_PERSONAL_ACCESS_TOKEN: CreatePersonalAccessTokenResponse,
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: LoginWithPersonalAccessTokenResponse,
    Command.LOGIN_REGISTER_WITH_PAT: LoginRegisterWithPatResponse,
    Command.POLL_MESSAGES: PolledMessages,
    Command.SEND_MESSAGES: SendMessagesResponse,
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
    Command.SYNC_CONSUMER_GROUP: SyncConsumerGroupResponse,
}

# Commands whose OK body is `model × n` (an empty body is an empty list).
LIST_RESPONSES: frozenset[Command] = frozenset({
    Command.GET_CLIENTS,
    Command.GET_USERS,
    Command.GET_PERSONAL_ACCESS_TOKENS,
    Command.GET_STREAMS,
    Command.GET_TOPICS,
    Command.GET_CONSUMER_GROUPS,
})

# List responses that start with their element count (u32) in the versions given.
COUNT_PREFIXED_RESPONSES: dict[Command, frozenset[ProtocolVersion]] = {
    Command.GET_TOPICS: frozenset({ProtocolVersion.V0_9}),
}

# Inline responses that are an empty body in the versions given (no response field exists there).
EMPTY_RESPONSES_IN: dict[Command, frozenset[ProtocolVersion]] = {
    Command.SEND_MESSAGES: frozenset({ProtocolVersion.V0_8}),
}


def decode_response_body(
    code: int, payload: bytes | bytearray | memoryview, version: ProtocolVersion = ProtocolVersion.V0_8
) -> Any:
    """An OK body for `code`: a model, a list for list commands, None for an empty body otherwise."""
    command = Command(code)
    model = RESPONSE_MODELS.get(command)
    if command in LIST_RESPONSES:
        counted = version in COUNT_PREFIXED_RESPONSES.get(command, ())
        return model.decode_list(payload, version, counted=counted)  # type: ignore[union-attr]
    if model is None or len(payload) == 0 or version in EMPTY_RESPONSES_IN.get(command, ()):
        return None
    return model.decode(payload, version)


def encode_response_body(code: int, value: Any, version: ProtocolVersion = ProtocolVersion.V0_8) -> bytes:
    """Inverse of `decode_response_body` (None -> empty body)."""
    command = Command(code)
    if value is None:
        return b""
    if command in LIST_RESPONSES:
        counted = version in COUNT_PREFIXED_RESPONSES.get(command, ())
        return RESPONSE_MODELS[command].encode_list(value, version, counted=counted)
    return value.encode(version)
