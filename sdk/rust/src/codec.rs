// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! Wire codec of the Iggy protocol, every version (0.8, 0.9): a type per record,
//! per command request and per 0.9 frame header, the `Command` impls (response type per code), the command
//! table, the spec's enums and the option catalog. Runtime helpers live in `runtime.rs`.

#![allow(clippy::all, unused_variables, unused_mut)]

use bytes::Bytes;

use crate::codes::{command_code, operation};
use crate::runtime::{
    check_covered, expect_empty, length_as_u32, length_as_u8, CodecError, Command, Identifier, ParamText,
    Reader, Writer,
};

// --- enums -------------------------------------------------------------------------------------------

/// A protocol version this codec speaks (protocol.toml [[version]]), oldest first; they order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ProtocolVersion {
    /// Iggy 0.8: `length | code | payload` requests, `status | length | payload` responses ([[framing.*]] below).
    #[default]
    V0_8,
    /// Iggy 0.9: RequestHeader / ReplyHeader / EvictionHeader (frames.toml), 256 bytes each, then the body.
    V0_9,
}

impl ProtocolVersion {
    /// Every version, oldest first.
    pub const ALL: [ProtocolVersion; 2] = [ProtocolVersion::V0_8, ProtocolVersion::V0_9];

    /// The version's name as the `protocol` option spells it ("0.9").
    pub fn name(self) -> &'static str {
        match self {
            ProtocolVersion::V0_8 => "0.8",
            ProtocolVersion::V0_9 => "0.9",
        }
    }

    /// The version a name spells exactly ("0.8", "0.9"), or None.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "0.8" => Some(ProtocolVersion::V0_8),
            "0.9" => Some(ProtocolVersion::V0_9),
            _ => None,
        }
    }

    /// Whether frames carry the 256-byte 0.9 headers (framing `vsr`) rather than `length | code`.
    pub fn is_vsr(self) -> bool {
        matches!(self, ProtocolVersion::V0_9)
    }
}

impl std::fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Kind byte of an identifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum IdKind {
    /// u32 value, length byte 4
    Numeric = 1,
    /// UTF-8 name, length 1..255
    String = 2,
}

impl IdKind {
    /// Every value, in spec order.
    pub const ALL: [IdKind; 2] = [IdKind::Numeric, IdKind::String];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(IdKind::Numeric),
            2 => Some(IdKind::String),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            IdKind::Numeric => "Numeric",
            IdKind::String => "String",
        }
    }
}

impl From<IdKind> for u8 {
    fn from(value: IdKind) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for IdKind {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        IdKind::from_u8(value).ok_or(CodecError::Invalid("not a IdKind value"))
    }
}

/// Kind byte of a consumer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ConsumerKind {
    /// a single consumer; offsets keyed by its id
    Consumer = 1,
    /// a consumer group; the connection must be a member
    ConsumerGroup = 2,
}

impl ConsumerKind {
    /// Every value, in spec order.
    pub const ALL: [ConsumerKind; 2] = [ConsumerKind::Consumer, ConsumerKind::ConsumerGroup];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(ConsumerKind::Consumer),
            2 => Some(ConsumerKind::ConsumerGroup),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            ConsumerKind::Consumer => "Consumer",
            ConsumerKind::ConsumerGroup => "ConsumerGroup",
        }
    }
}

impl From<ConsumerKind> for u8 {
    fn from(value: ConsumerKind) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for ConsumerKind {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        ConsumerKind::from_u8(value).ok_or(CodecError::Invalid("not a ConsumerKind value"))
    }
}

/// Kind byte of a polling strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PollingKind {
    /// from the offset in value
    Offset = 1,
    /// from the first message with timestamp >= value (µs)
    Timestamp = 2,
    /// from the first stored message
    First = 3,
    /// the last `count` messages
    Last = 4,
    /// from the stored offset + 1 (or the first message)
    Next = 5,
}

impl PollingKind {
    /// Every value, in spec order.
    pub const ALL: [PollingKind; 5] = [PollingKind::Offset, PollingKind::Timestamp, PollingKind::First, PollingKind::Last, PollingKind::Next];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(PollingKind::Offset),
            2 => Some(PollingKind::Timestamp),
            3 => Some(PollingKind::First),
            4 => Some(PollingKind::Last),
            5 => Some(PollingKind::Next),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            PollingKind::Offset => "Offset",
            PollingKind::Timestamp => "Timestamp",
            PollingKind::First => "First",
            PollingKind::Last => "Last",
            PollingKind::Next => "Next",
        }
    }
}

impl From<PollingKind> for u8 {
    fn from(value: PollingKind) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for PollingKind {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        PollingKind::from_u8(value).ok_or(CodecError::Invalid("not a PollingKind value"))
    }
}

/// Kind byte of a SendMessages partitioning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PartitioningKind {
    /// round-robin over the topic's partitions; length 0
    Balanced = 1,
    /// explicit partition; length 4, u32 value
    PartitionId = 2,
    /// XXH32(key) mod partitions_count; length 1..255
    MessagesKey = 3,
}

impl PartitioningKind {
    /// Every value, in spec order.
    pub const ALL: [PartitioningKind; 3] = [PartitioningKind::Balanced, PartitioningKind::PartitionId, PartitioningKind::MessagesKey];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(PartitioningKind::Balanced),
            2 => Some(PartitioningKind::PartitionId),
            3 => Some(PartitioningKind::MessagesKey),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            PartitioningKind::Balanced => "Balanced",
            PartitioningKind::PartitionId => "PartitionId",
            PartitioningKind::MessagesKey => "MessagesKey",
        }
    }
}

impl From<PartitioningKind> for u8 {
    fn from(value: PartitioningKind) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for PartitioningKind {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        PartitioningKind::from_u8(value).ok_or(CodecError::Invalid("not a PartitioningKind value"))
    }
}

/// Topic compression setting (stored only; 0.8 does not compress on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum CompressionAlgorithm {
    /// no compression (default)
    None = 1,
    /// gzip
    Gzip = 2,
}

impl CompressionAlgorithm {
    /// Every value, in spec order.
    pub const ALL: [CompressionAlgorithm; 2] = [CompressionAlgorithm::None, CompressionAlgorithm::Gzip];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(CompressionAlgorithm::None),
            2 => Some(CompressionAlgorithm::Gzip),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            CompressionAlgorithm::None => "None",
            CompressionAlgorithm::Gzip => "Gzip",
        }
    }
}

impl From<CompressionAlgorithm> for u8 {
    fn from(value: CompressionAlgorithm) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for CompressionAlgorithm {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        CompressionAlgorithm::from_u8(value).ok_or(CodecError::Invalid("not a CompressionAlgorithm value"))
    }
}

/// User account status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum UserStatus {
    /// may log in
    Active = 1,
    /// login answers 47 UserInactive
    Inactive = 2,
}

impl UserStatus {
    /// Every value, in spec order.
    pub const ALL: [UserStatus; 2] = [UserStatus::Active, UserStatus::Inactive];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(UserStatus::Active),
            2 => Some(UserStatus::Inactive),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            UserStatus::Active => "Active",
            UserStatus::Inactive => "Inactive",
        }
    }
}

impl From<UserStatus> for u8 {
    fn from(value: UserStatus) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for UserStatus {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        UserStatus::from_u8(value).ok_or(CodecError::Invalid("not a UserStatus value"))
    }
}

/// Type tag of a user header key or value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum HeaderKind {
    /// opaque bytes
    Raw = 1,
    /// UTF-8
    String = 2,
    /// 1 byte 0/1
    Bool = 3,
    /// 1 byte
    Int8 = 4,
    /// 2 bytes LE
    Int16 = 5,
    /// 4 bytes LE
    Int32 = 6,
    /// 8 bytes LE
    Int64 = 7,
    /// 16 bytes LE
    Int128 = 8,
    /// 1 byte
    Uint8 = 9,
    /// 2 bytes LE
    Uint16 = 10,
    /// 4 bytes LE
    Uint32 = 11,
    /// 8 bytes LE
    Uint64 = 12,
    /// 16 bytes LE
    Uint128 = 13,
    /// 4 bytes LE IEEE 754
    Float32 = 14,
    /// 8 bytes LE IEEE 754
    Float64 = 15,
}

impl HeaderKind {
    /// Every value, in spec order.
    pub const ALL: [HeaderKind; 15] = [HeaderKind::Raw, HeaderKind::String, HeaderKind::Bool, HeaderKind::Int8, HeaderKind::Int16, HeaderKind::Int32, HeaderKind::Int64, HeaderKind::Int128, HeaderKind::Uint8, HeaderKind::Uint16, HeaderKind::Uint32, HeaderKind::Uint64, HeaderKind::Uint128, HeaderKind::Float32, HeaderKind::Float64];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(HeaderKind::Raw),
            2 => Some(HeaderKind::String),
            3 => Some(HeaderKind::Bool),
            4 => Some(HeaderKind::Int8),
            5 => Some(HeaderKind::Int16),
            6 => Some(HeaderKind::Int32),
            7 => Some(HeaderKind::Int64),
            8 => Some(HeaderKind::Int128),
            9 => Some(HeaderKind::Uint8),
            10 => Some(HeaderKind::Uint16),
            11 => Some(HeaderKind::Uint32),
            12 => Some(HeaderKind::Uint64),
            13 => Some(HeaderKind::Uint128),
            14 => Some(HeaderKind::Float32),
            15 => Some(HeaderKind::Float64),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            HeaderKind::Raw => "Raw",
            HeaderKind::String => "String",
            HeaderKind::Bool => "Bool",
            HeaderKind::Int8 => "Int8",
            HeaderKind::Int16 => "Int16",
            HeaderKind::Int32 => "Int32",
            HeaderKind::Int64 => "Int64",
            HeaderKind::Int128 => "Int128",
            HeaderKind::Uint8 => "Uint8",
            HeaderKind::Uint16 => "Uint16",
            HeaderKind::Uint32 => "Uint32",
            HeaderKind::Uint64 => "Uint64",
            HeaderKind::Uint128 => "Uint128",
            HeaderKind::Float32 => "Float32",
            HeaderKind::Float64 => "Float64",
        }
    }
}

impl From<HeaderKind> for u8 {
    fn from(value: HeaderKind) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for HeaderKind {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        HeaderKind::from_u8(value).ok_or(CodecError::Invalid("not a HeaderKind value"))
    }
}

/// Transport a client is connected with (ClientInfo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Transport {
    /// TCP (or TCP+TLS)
    Tcp = 1,
    /// QUIC
    Quic = 2,
    /// HTTP
    Http = 3,
    /// WebSocket
    WebSocket = 4,
}

impl Transport {
    /// Every value, in spec order.
    pub const ALL: [Transport; 4] = [Transport::Tcp, Transport::Quic, Transport::Http, Transport::WebSocket];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(Transport::Tcp),
            2 => Some(Transport::Quic),
            3 => Some(Transport::Http),
            4 => Some(Transport::WebSocket),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Tcp => "Tcp",
            Transport::Quic => "Quic",
            Transport::Http => "Http",
            Transport::WebSocket => "WebSocket",
        }
    }
}

impl From<Transport> for u8 {
    fn from(value: Transport) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for Transport {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        Transport::from_u8(value).ok_or(CodecError::Invalid("not a Transport value"))
    }
}

/// Role of a node in ClusterMetadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ClusterNodeRole {
    /// accepts writes
    Leader = 0,
    /// replica
    Follower = 1,
}

impl ClusterNodeRole {
    /// Every value, in spec order.
    pub const ALL: [ClusterNodeRole; 2] = [ClusterNodeRole::Leader, ClusterNodeRole::Follower];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(ClusterNodeRole::Leader),
            1 => Some(ClusterNodeRole::Follower),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            ClusterNodeRole::Leader => "Leader",
            ClusterNodeRole::Follower => "Follower",
        }
    }
}

impl From<ClusterNodeRole> for u8 {
    fn from(value: ClusterNodeRole) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for ClusterNodeRole {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        ClusterNodeRole::from_u8(value).ok_or(CodecError::Invalid("not a ClusterNodeRole value"))
    }
}

/// Health of a node in ClusterMetadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ClusterNodeStatus {
    /// serving
    Healthy = 0,
    /// booting
    Starting = 1,
    /// shutting down
    Stopping = 2,
    /// not answering
    Unreachable = 3,
    /// under maintenance
    Maintenance = 4,
}

impl ClusterNodeStatus {
    /// Every value, in spec order.
    pub const ALL: [ClusterNodeStatus; 5] = [ClusterNodeStatus::Healthy, ClusterNodeStatus::Starting, ClusterNodeStatus::Stopping, ClusterNodeStatus::Unreachable, ClusterNodeStatus::Maintenance];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(ClusterNodeStatus::Healthy),
            1 => Some(ClusterNodeStatus::Starting),
            2 => Some(ClusterNodeStatus::Stopping),
            3 => Some(ClusterNodeStatus::Unreachable),
            4 => Some(ClusterNodeStatus::Maintenance),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            ClusterNodeStatus::Healthy => "Healthy",
            ClusterNodeStatus::Starting => "Starting",
            ClusterNodeStatus::Stopping => "Stopping",
            ClusterNodeStatus::Unreachable => "Unreachable",
            ClusterNodeStatus::Maintenance => "Maintenance",
        }
    }
}

impl From<ClusterNodeStatus> for u8 {
    fn from(value: ClusterNodeStatus) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for ClusterNodeStatus {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        ClusterNodeStatus::from_u8(value).ok_or(CodecError::Invalid("not a ClusterNodeStatus value"))
    }
}

/// Compression of the ZIP returned by GetSnapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum SnapshotCompression {
    /// no compression
    Stored = 1,
    /// deflate
    Deflated = 2,
    /// bzip2
    Bzip2 = 3,
    /// zstd
    Zstd = 4,
    /// lzma
    Lzma = 5,
    /// xz
    Xz = 6,
}

impl SnapshotCompression {
    /// Every value, in spec order.
    pub const ALL: [SnapshotCompression; 6] = [SnapshotCompression::Stored, SnapshotCompression::Deflated, SnapshotCompression::Bzip2, SnapshotCompression::Zstd, SnapshotCompression::Lzma, SnapshotCompression::Xz];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(SnapshotCompression::Stored),
            2 => Some(SnapshotCompression::Deflated),
            3 => Some(SnapshotCompression::Bzip2),
            4 => Some(SnapshotCompression::Zstd),
            5 => Some(SnapshotCompression::Lzma),
            6 => Some(SnapshotCompression::Xz),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            SnapshotCompression::Stored => "Stored",
            SnapshotCompression::Deflated => "Deflated",
            SnapshotCompression::Bzip2 => "Bzip2",
            SnapshotCompression::Zstd => "Zstd",
            SnapshotCompression::Lzma => "Lzma",
            SnapshotCompression::Xz => "Xz",
        }
    }
}

impl From<SnapshotCompression> for u8 {
    fn from(value: SnapshotCompression) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for SnapshotCompression {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        SnapshotCompression::from_u8(value).ok_or(CodecError::Invalid("not a SnapshotCompression value"))
    }
}

/// Section requested from GetSnapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum SnapshotType {
    /// file system overview
    FilesystemOverview = 1,
    /// process list
    ProcessList = 2,
    /// resource usage
    ResourceUsage = 3,
    /// test section
    Test = 4,
    /// server logs
    ServerLogs = 5,
    /// server config
    ServerConfig = 6,
    /// every section; must be the only type requested
    All = 100,
}

impl SnapshotType {
    /// Every value, in spec order.
    pub const ALL: [SnapshotType; 7] = [SnapshotType::FilesystemOverview, SnapshotType::ProcessList, SnapshotType::ResourceUsage, SnapshotType::Test, SnapshotType::ServerLogs, SnapshotType::ServerConfig, SnapshotType::All];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(SnapshotType::FilesystemOverview),
            2 => Some(SnapshotType::ProcessList),
            3 => Some(SnapshotType::ResourceUsage),
            4 => Some(SnapshotType::Test),
            5 => Some(SnapshotType::ServerLogs),
            6 => Some(SnapshotType::ServerConfig),
            100 => Some(SnapshotType::All),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            SnapshotType::FilesystemOverview => "FilesystemOverview",
            SnapshotType::ProcessList => "ProcessList",
            SnapshotType::ResourceUsage => "ResourceUsage",
            SnapshotType::Test => "Test",
            SnapshotType::ServerLogs => "ServerLogs",
            SnapshotType::ServerConfig => "ServerConfig",
            SnapshotType::All => "All",
        }
    }
}

impl From<SnapshotType> for u8 {
    fn from(value: SnapshotType) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for SnapshotType {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        SnapshotType::from_u8(value).ok_or(CodecError::Invalid("not a SnapshotType value"))
    }
}

/// Segment writer of a server (HotPathStats.writer; this project's extension).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum SegmentWriterBackend {
    /// pwritev + fdatasync system calls
    Pwritev = 1,
    /// io_uring submissions (vectored writes, linked fdatasync)
    IoUring = 2,
}

impl SegmentWriterBackend {
    /// Every value, in spec order.
    pub const ALL: [SegmentWriterBackend; 2] = [SegmentWriterBackend::Pwritev, SegmentWriterBackend::IoUring];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(SegmentWriterBackend::Pwritev),
            2 => Some(SegmentWriterBackend::IoUring),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            SegmentWriterBackend::Pwritev => "Pwritev",
            SegmentWriterBackend::IoUring => "IoUring",
        }
    }
}

impl From<SegmentWriterBackend> for u8 {
    fn from(value: SegmentWriterBackend) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for SegmentWriterBackend {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        SegmentWriterBackend::from_u8(value).ok_or(CodecError::Invalid("not a SegmentWriterBackend value"))
    }
}

/// Byte 60 of every 0.9 header (the VSR `Command`). Clients send Request and receive Reply or Eviction; any value above 29 makes the frame unparsable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum HeaderCommand {
    /// Invalid on the wire.
    Reserved = 0,
    /// Replica ping.
    Ping = 1,
    /// Replica pong.
    Pong = 2,
    /// Unused by clients and the server.
    PingClient = 3,
    /// Unused by clients and the server.
    PongClient = 4,
    /// Client request (RequestHeader).
    Request = 5,
    /// Replica prepare.
    Prepare = 6,
    /// Replica prepare acknowledgement.
    PrepareOk = 7,
    /// Server reply to a request (ReplyHeader).
    Reply = 8,
    /// Replica commit.
    Commit = 9,
    /// View change.
    StartViewChange = 10,
    /// View change.
    DoViewChange = 11,
    /// View change.
    StartView = 12,
    /// Session-terminal error to a client (EvictionHeader).
    Eviction = 13,
    /// Replica authentication.
    ReplicaHello = 14,
    /// Replica authentication.
    ReplicaChallenge = 15,
    /// Replica authentication.
    ReplicaFinish = 16,
    /// View change.
    RequestStartView = 17,
    /// Repair.
    RequestPrepares = 18,
    /// Repair.
    RepairPrepare = 19,
    /// Repair.
    RepairDone = 20,
    /// Repair.
    RangeEvicted = 21,
    /// State transfer.
    RequestStateTransfer = 22,
    /// State transfer.
    StateTransferTarget = 23,
    /// State transfer.
    RequestStateChunk = 24,
    /// State transfer.
    StateChunk = 25,
    /// Replica forwarding.
    ForwardRegister = 26,
    /// Replica forwarding.
    ForwardRegisterResult = 27,
    /// Replica forwarding.
    ForwardLogout = 28,
    /// Replica forwarding.
    ForwardLogoutResult = 29,
}

impl HeaderCommand {
    /// Every value, in spec order.
    pub const ALL: [HeaderCommand; 30] = [HeaderCommand::Reserved, HeaderCommand::Ping, HeaderCommand::Pong, HeaderCommand::PingClient, HeaderCommand::PongClient, HeaderCommand::Request, HeaderCommand::Prepare, HeaderCommand::PrepareOk, HeaderCommand::Reply, HeaderCommand::Commit, HeaderCommand::StartViewChange, HeaderCommand::DoViewChange, HeaderCommand::StartView, HeaderCommand::Eviction, HeaderCommand::ReplicaHello, HeaderCommand::ReplicaChallenge, HeaderCommand::ReplicaFinish, HeaderCommand::RequestStartView, HeaderCommand::RequestPrepares, HeaderCommand::RepairPrepare, HeaderCommand::RepairDone, HeaderCommand::RangeEvicted, HeaderCommand::RequestStateTransfer, HeaderCommand::StateTransferTarget, HeaderCommand::RequestStateChunk, HeaderCommand::StateChunk, HeaderCommand::ForwardRegister, HeaderCommand::ForwardRegisterResult, HeaderCommand::ForwardLogout, HeaderCommand::ForwardLogoutResult];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(HeaderCommand::Reserved),
            1 => Some(HeaderCommand::Ping),
            2 => Some(HeaderCommand::Pong),
            3 => Some(HeaderCommand::PingClient),
            4 => Some(HeaderCommand::PongClient),
            5 => Some(HeaderCommand::Request),
            6 => Some(HeaderCommand::Prepare),
            7 => Some(HeaderCommand::PrepareOk),
            8 => Some(HeaderCommand::Reply),
            9 => Some(HeaderCommand::Commit),
            10 => Some(HeaderCommand::StartViewChange),
            11 => Some(HeaderCommand::DoViewChange),
            12 => Some(HeaderCommand::StartView),
            13 => Some(HeaderCommand::Eviction),
            14 => Some(HeaderCommand::ReplicaHello),
            15 => Some(HeaderCommand::ReplicaChallenge),
            16 => Some(HeaderCommand::ReplicaFinish),
            17 => Some(HeaderCommand::RequestStartView),
            18 => Some(HeaderCommand::RequestPrepares),
            19 => Some(HeaderCommand::RepairPrepare),
            20 => Some(HeaderCommand::RepairDone),
            21 => Some(HeaderCommand::RangeEvicted),
            22 => Some(HeaderCommand::RequestStateTransfer),
            23 => Some(HeaderCommand::StateTransferTarget),
            24 => Some(HeaderCommand::RequestStateChunk),
            25 => Some(HeaderCommand::StateChunk),
            26 => Some(HeaderCommand::ForwardRegister),
            27 => Some(HeaderCommand::ForwardRegisterResult),
            28 => Some(HeaderCommand::ForwardLogout),
            29 => Some(HeaderCommand::ForwardLogoutResult),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            HeaderCommand::Reserved => "Reserved",
            HeaderCommand::Ping => "Ping",
            HeaderCommand::Pong => "Pong",
            HeaderCommand::PingClient => "PingClient",
            HeaderCommand::PongClient => "PongClient",
            HeaderCommand::Request => "Request",
            HeaderCommand::Prepare => "Prepare",
            HeaderCommand::PrepareOk => "PrepareOk",
            HeaderCommand::Reply => "Reply",
            HeaderCommand::Commit => "Commit",
            HeaderCommand::StartViewChange => "StartViewChange",
            HeaderCommand::DoViewChange => "DoViewChange",
            HeaderCommand::StartView => "StartView",
            HeaderCommand::Eviction => "Eviction",
            HeaderCommand::ReplicaHello => "ReplicaHello",
            HeaderCommand::ReplicaChallenge => "ReplicaChallenge",
            HeaderCommand::ReplicaFinish => "ReplicaFinish",
            HeaderCommand::RequestStartView => "RequestStartView",
            HeaderCommand::RequestPrepares => "RequestPrepares",
            HeaderCommand::RepairPrepare => "RepairPrepare",
            HeaderCommand::RepairDone => "RepairDone",
            HeaderCommand::RangeEvicted => "RangeEvicted",
            HeaderCommand::RequestStateTransfer => "RequestStateTransfer",
            HeaderCommand::StateTransferTarget => "StateTransferTarget",
            HeaderCommand::RequestStateChunk => "RequestStateChunk",
            HeaderCommand::StateChunk => "StateChunk",
            HeaderCommand::ForwardRegister => "ForwardRegister",
            HeaderCommand::ForwardRegisterResult => "ForwardRegisterResult",
            HeaderCommand::ForwardLogout => "ForwardLogout",
            HeaderCommand::ForwardLogoutResult => "ForwardLogoutResult",
        }
    }
}

impl From<HeaderCommand> for u8 {
    fn from(value: HeaderCommand) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for HeaderCommand {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        HeaderCommand::from_u8(value).ok_or(CodecError::Invalid("not a HeaderCommand value"))
    }
}

/// What a 0.9 request does (RequestHeader.operation, echoed in the ReplyHeader). `plane`: register, non_replicated, logout, metadata, partition, segment or internal (never from a client). `result_framed`: the reply body starts with a result section (count u32, then count x {index u32, result u32}; a success is count 0 followed by the payload).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Operation {
    /// Invalid on the wire.
    Reserved = 0,
    /// LoginRegister (40) and LoginRegisterWithPat (45): binds a session; the code is not on the wire.
    Register = 1,
    /// Every command without an operation of its own; its code rides in the request header's `code`.
    NonReplicated = 2,
    /// LogoutUser (39): ends the session.
    Logout = 3,
    /// Replica-internal; never from a client.
    CreateTopicWithAssignments = 64,
    /// Replica-internal; never from a client.
    CreatePartitionsWithAssignments = 65,
    /// Replica-internal; never from a client.
    RemoveConsumerGroupMember = 66,
    /// Replica-internal; never from a client.
    CompleteConsumerGroupRevocation = 67,
    /// Replica-internal (DeleteSegments resolves to it); never from a client.
    TruncatePartition = 68,
    /// CreateStream (202).
    CreateStream = 128,
    /// UpdateStream (204).
    UpdateStream = 129,
    /// DeleteStream (203).
    DeleteStream = 130,
    /// PurgeStream (205).
    PurgeStream = 131,
    /// CreateTopic (302).
    CreateTopic = 132,
    /// UpdateTopic (304).
    UpdateTopic = 133,
    /// DeleteTopic (303).
    DeleteTopic = 134,
    /// PurgeTopic (305).
    PurgeTopic = 135,
    /// CreatePartitions (402).
    CreatePartitions = 136,
    /// DeletePartitions (403).
    DeletePartitions = 137,
    /// DeleteSegments (503): replicated but on neither plane, so its reply is not result-framed.
    DeleteSegments = 138,
    /// CreateConsumerGroup (602).
    CreateConsumerGroup = 139,
    /// DeleteConsumerGroup (603).
    DeleteConsumerGroup = 140,
    /// CreateUser (33).
    CreateUser = 141,
    /// UpdateUser (35).
    UpdateUser = 142,
    /// DeleteUser (34).
    DeleteUser = 143,
    /// ChangePassword (37).
    ChangePassword = 144,
    /// UpdatePermissions (36).
    UpdatePermissions = 145,
    /// CreatePersonalAccessToken (42).
    CreatePersonalAccessToken = 146,
    /// DeletePersonalAccessToken (43).
    DeletePersonalAccessToken = 147,
    /// JoinConsumerGroup (604).
    JoinConsumerGroup = 148,
    /// LeaveConsumerGroup (605).
    LeaveConsumerGroup = 149,
    /// SendMessages (101): raw reply body (the send confirmation).
    SendMessages = 160,
    /// StoreConsumerOffset (121).
    StoreConsumerOffset = 161,
    /// DeleteConsumerOffset (122).
    DeleteConsumerOffset = 162,
}

impl Operation {
    /// Every value, in spec order.
    pub const ALL: [Operation; 34] = [Operation::Reserved, Operation::Register, Operation::NonReplicated, Operation::Logout, Operation::CreateTopicWithAssignments, Operation::CreatePartitionsWithAssignments, Operation::RemoveConsumerGroupMember, Operation::CompleteConsumerGroupRevocation, Operation::TruncatePartition, Operation::CreateStream, Operation::UpdateStream, Operation::DeleteStream, Operation::PurgeStream, Operation::CreateTopic, Operation::UpdateTopic, Operation::DeleteTopic, Operation::PurgeTopic, Operation::CreatePartitions, Operation::DeletePartitions, Operation::DeleteSegments, Operation::CreateConsumerGroup, Operation::DeleteConsumerGroup, Operation::CreateUser, Operation::UpdateUser, Operation::DeleteUser, Operation::ChangePassword, Operation::UpdatePermissions, Operation::CreatePersonalAccessToken, Operation::DeletePersonalAccessToken, Operation::JoinConsumerGroup, Operation::LeaveConsumerGroup, Operation::SendMessages, Operation::StoreConsumerOffset, Operation::DeleteConsumerOffset];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(Operation::Reserved),
            1 => Some(Operation::Register),
            2 => Some(Operation::NonReplicated),
            3 => Some(Operation::Logout),
            64 => Some(Operation::CreateTopicWithAssignments),
            65 => Some(Operation::CreatePartitionsWithAssignments),
            66 => Some(Operation::RemoveConsumerGroupMember),
            67 => Some(Operation::CompleteConsumerGroupRevocation),
            68 => Some(Operation::TruncatePartition),
            128 => Some(Operation::CreateStream),
            129 => Some(Operation::UpdateStream),
            130 => Some(Operation::DeleteStream),
            131 => Some(Operation::PurgeStream),
            132 => Some(Operation::CreateTopic),
            133 => Some(Operation::UpdateTopic),
            134 => Some(Operation::DeleteTopic),
            135 => Some(Operation::PurgeTopic),
            136 => Some(Operation::CreatePartitions),
            137 => Some(Operation::DeletePartitions),
            138 => Some(Operation::DeleteSegments),
            139 => Some(Operation::CreateConsumerGroup),
            140 => Some(Operation::DeleteConsumerGroup),
            141 => Some(Operation::CreateUser),
            142 => Some(Operation::UpdateUser),
            143 => Some(Operation::DeleteUser),
            144 => Some(Operation::ChangePassword),
            145 => Some(Operation::UpdatePermissions),
            146 => Some(Operation::CreatePersonalAccessToken),
            147 => Some(Operation::DeletePersonalAccessToken),
            148 => Some(Operation::JoinConsumerGroup),
            149 => Some(Operation::LeaveConsumerGroup),
            160 => Some(Operation::SendMessages),
            161 => Some(Operation::StoreConsumerOffset),
            162 => Some(Operation::DeleteConsumerOffset),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Reserved => "Reserved",
            Operation::Register => "Register",
            Operation::NonReplicated => "NonReplicated",
            Operation::Logout => "Logout",
            Operation::CreateTopicWithAssignments => "CreateTopicWithAssignments",
            Operation::CreatePartitionsWithAssignments => "CreatePartitionsWithAssignments",
            Operation::RemoveConsumerGroupMember => "RemoveConsumerGroupMember",
            Operation::CompleteConsumerGroupRevocation => "CompleteConsumerGroupRevocation",
            Operation::TruncatePartition => "TruncatePartition",
            Operation::CreateStream => "CreateStream",
            Operation::UpdateStream => "UpdateStream",
            Operation::DeleteStream => "DeleteStream",
            Operation::PurgeStream => "PurgeStream",
            Operation::CreateTopic => "CreateTopic",
            Operation::UpdateTopic => "UpdateTopic",
            Operation::DeleteTopic => "DeleteTopic",
            Operation::PurgeTopic => "PurgeTopic",
            Operation::CreatePartitions => "CreatePartitions",
            Operation::DeletePartitions => "DeletePartitions",
            Operation::DeleteSegments => "DeleteSegments",
            Operation::CreateConsumerGroup => "CreateConsumerGroup",
            Operation::DeleteConsumerGroup => "DeleteConsumerGroup",
            Operation::CreateUser => "CreateUser",
            Operation::UpdateUser => "UpdateUser",
            Operation::DeleteUser => "DeleteUser",
            Operation::ChangePassword => "ChangePassword",
            Operation::UpdatePermissions => "UpdatePermissions",
            Operation::CreatePersonalAccessToken => "CreatePersonalAccessToken",
            Operation::DeletePersonalAccessToken => "DeletePersonalAccessToken",
            Operation::JoinConsumerGroup => "JoinConsumerGroup",
            Operation::LeaveConsumerGroup => "LeaveConsumerGroup",
            Operation::SendMessages => "SendMessages",
            Operation::StoreConsumerOffset => "StoreConsumerOffset",
            Operation::DeleteConsumerOffset => "DeleteConsumerOffset",
        }
    }

    /// register, non_replicated, logout, metadata, partition, segment, internal or reserved.
    pub fn plane(self) -> &'static str {
        match self {
            Operation::Reserved => "reserved",
            Operation::Register => "register",
            Operation::NonReplicated => "non_replicated",
            Operation::Logout => "logout",
            Operation::CreateTopicWithAssignments => "internal",
            Operation::CreatePartitionsWithAssignments => "internal",
            Operation::RemoveConsumerGroupMember => "internal",
            Operation::CompleteConsumerGroupRevocation => "internal",
            Operation::TruncatePartition => "internal",
            Operation::CreateStream => "metadata",
            Operation::UpdateStream => "metadata",
            Operation::DeleteStream => "metadata",
            Operation::PurgeStream => "metadata",
            Operation::CreateTopic => "metadata",
            Operation::UpdateTopic => "metadata",
            Operation::DeleteTopic => "metadata",
            Operation::PurgeTopic => "metadata",
            Operation::CreatePartitions => "metadata",
            Operation::DeletePartitions => "metadata",
            Operation::DeleteSegments => "segment",
            Operation::CreateConsumerGroup => "metadata",
            Operation::DeleteConsumerGroup => "metadata",
            Operation::CreateUser => "metadata",
            Operation::UpdateUser => "metadata",
            Operation::DeleteUser => "metadata",
            Operation::ChangePassword => "metadata",
            Operation::UpdatePermissions => "metadata",
            Operation::CreatePersonalAccessToken => "metadata",
            Operation::DeletePersonalAccessToken => "metadata",
            Operation::JoinConsumerGroup => "metadata",
            Operation::LeaveConsumerGroup => "metadata",
            Operation::SendMessages => "partition",
            Operation::StoreConsumerOffset => "partition",
            Operation::DeleteConsumerOffset => "partition",
        }
    }

    /// The reply body starts with a result section (Register: only when the body is not empty).
    pub fn result_framed(self) -> bool {
        matches!(self, Operation::Register | Operation::CreateTopicWithAssignments | Operation::CreatePartitionsWithAssignments | Operation::RemoveConsumerGroupMember | Operation::CompleteConsumerGroupRevocation | Operation::TruncatePartition | Operation::CreateStream | Operation::UpdateStream | Operation::DeleteStream | Operation::PurgeStream | Operation::CreateTopic | Operation::UpdateTopic | Operation::DeleteTopic | Operation::PurgeTopic | Operation::CreatePartitions | Operation::DeletePartitions | Operation::CreateConsumerGroup | Operation::DeleteConsumerGroup | Operation::CreateUser | Operation::UpdateUser | Operation::DeleteUser | Operation::ChangePassword | Operation::UpdatePermissions | Operation::CreatePersonalAccessToken | Operation::DeletePersonalAccessToken | Operation::JoinConsumerGroup | Operation::LeaveConsumerGroup | Operation::StoreConsumerOffset | Operation::DeleteConsumerOffset)
    }
}

impl From<Operation> for u8 {
    fn from(value: Operation) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for Operation {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        Operation::from_u8(value).ok_or(CodecError::Invalid("not a Operation value"))
    }
}

/// Byte 255 of an EvictionHeader: why the server ended the session. `error` is the error a client reports for it (an unknown reason reads as Unauthenticated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum EvictionReason {
    /// Invalid on the wire.
    Reserved = 0,
    /// No session is bound for the request's client id (a replicated request before login).
    NoSession = 1,
    /// Client release below the cluster's minimum.
    ClientReleaseTooLow = 2,
    /// Client release above the cluster's maximum.
    ClientReleaseTooHigh = 3,
    /// Invalid operation in the request header.
    InvalidRequestOperation = 4,
    /// The body failed validation.
    InvalidRequestBody = 5,
    /// The body size does not match.
    InvalidRequestBodySize = 6,
    /// The request's session is older than the client's current one (a zombie from before a re-login).
    SessionTooLow = 7,
    /// Session release differs from the client's.
    SessionReleaseMismatch = 8,
    /// Login with a wrong username or password.
    InvalidCredentials = 9,
    /// Login with an unknown or expired personal access token.
    InvalidToken = 10,
    /// Login of an inactive user.
    UserInactive = 11,
    /// The client id belongs to another user, or the session could not be bound.
    SessionError = 12,
    /// A consumer-group member missed its heartbeats; it was logged out.
    StaleClient = 13,
    /// The client's protocol version is outside the server's window (the header carries it).
    IncompatibleProtocol = 14,
    /// A login body without a decodable version prefix, or a 0.8 login code.
    MalformedLogin = 15,
}

impl EvictionReason {
    /// Every value, in spec order.
    pub const ALL: [EvictionReason; 16] = [EvictionReason::Reserved, EvictionReason::NoSession, EvictionReason::ClientReleaseTooLow, EvictionReason::ClientReleaseTooHigh, EvictionReason::InvalidRequestOperation, EvictionReason::InvalidRequestBody, EvictionReason::InvalidRequestBodySize, EvictionReason::SessionTooLow, EvictionReason::SessionReleaseMismatch, EvictionReason::InvalidCredentials, EvictionReason::InvalidToken, EvictionReason::UserInactive, EvictionReason::SessionError, EvictionReason::StaleClient, EvictionReason::IncompatibleProtocol, EvictionReason::MalformedLogin];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(EvictionReason::Reserved),
            1 => Some(EvictionReason::NoSession),
            2 => Some(EvictionReason::ClientReleaseTooLow),
            3 => Some(EvictionReason::ClientReleaseTooHigh),
            4 => Some(EvictionReason::InvalidRequestOperation),
            5 => Some(EvictionReason::InvalidRequestBody),
            6 => Some(EvictionReason::InvalidRequestBodySize),
            7 => Some(EvictionReason::SessionTooLow),
            8 => Some(EvictionReason::SessionReleaseMismatch),
            9 => Some(EvictionReason::InvalidCredentials),
            10 => Some(EvictionReason::InvalidToken),
            11 => Some(EvictionReason::UserInactive),
            12 => Some(EvictionReason::SessionError),
            13 => Some(EvictionReason::StaleClient),
            14 => Some(EvictionReason::IncompatibleProtocol),
            15 => Some(EvictionReason::MalformedLogin),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            EvictionReason::Reserved => "Reserved",
            EvictionReason::NoSession => "NoSession",
            EvictionReason::ClientReleaseTooLow => "ClientReleaseTooLow",
            EvictionReason::ClientReleaseTooHigh => "ClientReleaseTooHigh",
            EvictionReason::InvalidRequestOperation => "InvalidRequestOperation",
            EvictionReason::InvalidRequestBody => "InvalidRequestBody",
            EvictionReason::InvalidRequestBodySize => "InvalidRequestBodySize",
            EvictionReason::SessionTooLow => "SessionTooLow",
            EvictionReason::SessionReleaseMismatch => "SessionReleaseMismatch",
            EvictionReason::InvalidCredentials => "InvalidCredentials",
            EvictionReason::InvalidToken => "InvalidToken",
            EvictionReason::UserInactive => "UserInactive",
            EvictionReason::SessionError => "SessionError",
            EvictionReason::StaleClient => "StaleClient",
            EvictionReason::IncompatibleProtocol => "IncompatibleProtocol",
            EvictionReason::MalformedLogin => "MalformedLogin",
        }
    }

    /// The error code a client reports for this reason.
    pub fn error_code(self) -> u32 {
        match self {
            EvictionReason::Reserved => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::NoSession => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::ClientReleaseTooLow => crate::codes::error_code::INVALID_COMMAND,
            EvictionReason::ClientReleaseTooHigh => crate::codes::error_code::INVALID_COMMAND,
            EvictionReason::InvalidRequestOperation => crate::codes::error_code::INVALID_COMMAND,
            EvictionReason::InvalidRequestBody => crate::codes::error_code::INVALID_COMMAND,
            EvictionReason::InvalidRequestBodySize => crate::codes::error_code::INVALID_COMMAND,
            EvictionReason::SessionTooLow => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::SessionReleaseMismatch => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::InvalidCredentials => crate::codes::error_code::INVALID_CREDENTIALS,
            EvictionReason::InvalidToken => crate::codes::error_code::INVALID_PERSONAL_ACCESS_TOKEN,
            EvictionReason::UserInactive => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::SessionError => crate::codes::error_code::UNAUTHENTICATED,
            EvictionReason::StaleClient => crate::codes::error_code::STALE_CLIENT,
            EvictionReason::IncompatibleProtocol => crate::codes::error_code::INCOMPATIBLE_PROTOCOL_VERSION,
            EvictionReason::MalformedLogin => crate::codes::error_code::INVALID_FORMAT,
        }
    }
}

impl From<EvictionReason> for u8 {
    fn from(value: EvictionReason) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for EvictionReason {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        EvictionReason::from_u8(value).ok_or(CodecError::Invalid("not a EvictionReason value"))
    }
}

/// The ack byte at the end of StoreConsumerOffset and DeleteConsumerOffset (0.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum AckLevel {
    /// Apply locally on a single-replica partition (a single node treats it as Quorum).
    NoAck = 0,
    /// Commit through the partition's consensus group; the official SDK always sends it.
    Quorum = 1,
}

impl AckLevel {
    /// Every value, in spec order.
    pub const ALL: [AckLevel; 2] = [AckLevel::NoAck, AckLevel::Quorum];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            0 => Some(AckLevel::NoAck),
            1 => Some(AckLevel::Quorum),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            AckLevel::NoAck => "NoAck",
            AckLevel::Quorum => "Quorum",
        }
    }
}

impl From<AckLevel> for u8 {
    fn from(value: AckLevel) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for AckLevel {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        AckLevel::from_u8(value).ok_or(CodecError::Invalid("not a AckLevel value"))
    }
}

/// Whose option catalog DescribeOptions describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum OptionScope {
    /// Topic options (the only scope with keys in 0.9).
    Topic = 1,
    /// Stream options (none in 0.9).
    Stream = 2,
    /// User options (none in 0.9).
    User = 3,
}

impl OptionScope {
    /// Every value, in spec order.
    pub const ALL: [OptionScope; 3] = [OptionScope::Topic, OptionScope::Stream, OptionScope::User];

    /// The value a wire byte holds, or None for a byte the spec does not list.
    pub fn from_u8(value: u8) -> Option<Self> {
        match value {
            1 => Some(OptionScope::Topic),
            2 => Some(OptionScope::Stream),
            3 => Some(OptionScope::User),
            _ => None,
        }
    }

    /// The wire byte.
    pub fn as_u8(self) -> u8 {
        self as u8
    }

    /// The spec's name of the value.
    pub fn name(self) -> &'static str {
        match self {
            OptionScope::Topic => "Topic",
            OptionScope::Stream => "Stream",
            OptionScope::User => "User",
        }
    }
}

impl From<OptionScope> for u8 {
    fn from(value: OptionScope) -> u8 {
        value as u8
    }
}

impl TryFrom<u8> for OptionScope {
    type Error = CodecError;

    fn try_from(value: u8) -> Result<Self, CodecError> {
        OptionScope::from_u8(value).ok_or(CodecError::Invalid("not a OptionScope value"))
    }
}

/// The default of a catalog option, in its kind's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionDefault {
    Text(&'static str),
    Unsigned(u64),
    Flag(bool),
}

/// One key of a 0.9 option catalog (options.toml).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionInfo {
    pub scope: OptionScope,
    pub key: &'static str,
    /// The kind a value is stored as (a String value is parsed into it).
    pub kind: HeaderKind,
    pub default: OptionDefault,
    /// UpdateTopic may change it.
    pub updatable: bool,
    pub about: &'static str,
}

/// Every catalog key (DescribeOptions answers a scope's).
pub const OPTION_CATALOG: &[OptionInfo] = &[
    OptionInfo {
        scope: OptionScope::Topic,
        key: "compression_algorithm",
        kind: HeaderKind::String,
        default: OptionDefault::Text("none"),
        updatable: true,
        about: "Compression algorithm (none, gzip)",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "message_expiry",
        kind: HeaderKind::Uint64,
        default: OptionDefault::Unsigned(18446744073709551615),
        updatable: true,
        about: "Message expiry in microseconds, or a humantime string (e.g. 7 days)",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "max_topic_size",
        kind: HeaderKind::Uint64,
        default: OptionDefault::Unsigned(18446744073709551615),
        updatable: true,
        about: "Topic size cap in bytes, or a byte-size string (e.g. 1 GiB); must be at least the segment size",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "segment_size",
        kind: HeaderKind::Uint64,
        default: OptionDefault::Unsigned(1073741824),
        updatable: false,
        about: "Segment size in bytes, or a byte-size string (e.g. 128 MiB); a 512-byte multiple within 1048576..=1073741824",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "durability",
        kind: HeaderKind::String,
        default: OptionDefault::Text("replicated"),
        updatable: false,
        about: "When a send is acknowledged: replicated (accepted by the node) or persisted (fsynced)",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "consumer_offset_durability",
        kind: HeaderKind::String,
        default: OptionDefault::Text("replicated"),
        updatable: false,
        about: "When a stored consumer offset is acknowledged: replicated or persisted",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "messages_required_to_save",
        kind: HeaderKind::Uint32,
        default: OptionDefault::Unsigned(1024),
        updatable: false,
        about: "Flush the journal once it holds this many messages; 1..=16777216",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "size_of_messages_required_to_save",
        kind: HeaderKind::Uint64,
        default: OptionDefault::Unsigned(1048576),
        updatable: false,
        about: "Flush the journal once it holds this many bytes, or a byte-size string; at most 1073741824",
    },
    OptionInfo {
        scope: OptionScope::Topic,
        key: "preallocate_segments",
        kind: HeaderKind::Bool,
        default: OptionDefault::Flag(false),
        updatable: false,
        about: "Reserve each segment's bytes up front where the filesystem supports it",
    },
];

// --- records -----------------------------------------------------------------------------------------

/// Who polls or owns offsets: a single consumer or a consumer group.
#[derive(Debug, Clone, PartialEq)]
pub struct Consumer {
    /// 1 consumer, 2 consumer group.
    pub kind: u8,
    /// Consumer id (a string id is keyed by XXH32 of its bytes) or the group.
    pub id: Identifier,
}

impl Consumer {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.kind);
        self.id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let kind = r.u8()?;
        let id = Identifier::decode(r)?;
        Ok(Consumer { kind, id })
    }
}

/// Where a poll starts, always 9 bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct PollingStrategy {
    /// 1 offset, 2 timestamp, 3 first, 4 last, 5 next.
    pub kind: u8,
    /// Offset for kind 1, timestamp (µs) for kind 2, 0 otherwise.
    pub value: u64,
}

impl PollingStrategy {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.kind);
        w.u64(self.value);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let kind = r.u8()?;
        let value = r.u64()?;
        Ok(PollingStrategy { kind, value })
    }
}

/// How SendMessages picks the partition.
#[derive(Debug, Clone, PartialEq)]
pub struct Partitioning {
    /// 1 balanced, 2 partition id, 3 messages key.
    pub kind: u8,
    /// Empty, u32 LE partition id, or raw key bytes.
    pub value: Bytes,
}

impl Partitioning {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.kind);
        w.u8(length_as_u8(self.value.len(), "value")?);
        w.bytes(&self.value);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let kind = r.u8()?;
        let length = r.u8()? as usize;
        let value = r.bytes(length)?;
        Ok(Partitioning { kind, value })
    }
}

/// A user's permissions: ten global flags, then an optional chain of per-stream entries (sorted by id).
#[derive(Debug, Clone, PartialEq)]
pub struct Permissions {
    /// May manage the server (global).
    pub manage_servers: bool,
    /// May read stats, clients, snapshots (global).
    pub read_servers: bool,
    /// May create/update/delete users (global).
    pub manage_users: bool,
    /// May read users (global).
    pub read_users: bool,
    /// May manage every stream (global).
    pub manage_streams: bool,
    /// May read every stream (global).
    pub read_streams: bool,
    /// May manage every topic (global).
    pub manage_topics: bool,
    /// May read every topic (global).
    pub read_topics: bool,
    /// May poll from every topic (global).
    pub poll_messages: bool,
    /// May send to every topic (global).
    pub send_messages: bool,
    /// Per-stream entries; each ends with has_next_stream.
    pub streams: Vec<StreamPermissions>,
}

impl Permissions {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(u8::from(self.manage_servers));
        w.u8(u8::from(self.read_servers));
        w.u8(u8::from(self.manage_users));
        w.u8(u8::from(self.read_users));
        w.u8(u8::from(self.manage_streams));
        w.u8(u8::from(self.read_streams));
        w.u8(u8::from(self.manage_topics));
        w.u8(u8::from(self.read_topics));
        w.u8(u8::from(self.poll_messages));
        w.u8(u8::from(self.send_messages));
        w.u8(u8::from(!self.streams.is_empty()));
        for (i, item) in self.streams.iter().enumerate() {
            item.encode(w)?;
            w.u8(u8::from(i + 1 < self.streams.len()));
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let manage_servers = r.u8()? != 0;
        let read_servers = r.u8()? != 0;
        let manage_users = r.u8()? != 0;
        let read_users = r.u8()? != 0;
        let manage_streams = r.u8()? != 0;
        let read_streams = r.u8()? != 0;
        let manage_topics = r.u8()? != 0;
        let read_topics = r.u8()? != 0;
        let poll_messages = r.u8()? != 0;
        let send_messages = r.u8()? != 0;
        let has_streams = r.flag()?;
        let streams = if has_streams {
            let mut streams = Vec::new();
            loop {
                streams.push(StreamPermissions::decode(r)?);
                if !r.flag()? {
                    break;
                }
            }
            streams
        } else {
            Vec::new()
        };
        Ok(Permissions { manage_servers, read_servers, manage_users, read_users, manage_streams, read_streams, manage_topics, read_topics, poll_messages, send_messages, streams })
    }
}

/// One per-stream permissions entry (12 bytes + 9 per topic).
#[derive(Debug, Clone, PartialEq)]
pub struct StreamPermissions {
    /// The stream these flags apply to.
    pub stream_id: u32,
    /// May manage the stream.
    pub manage_stream: bool,
    /// May read the stream.
    pub read_stream: bool,
    /// May manage the stream's topics.
    pub manage_topics: bool,
    /// May read the stream's topics.
    pub read_topics: bool,
    /// May poll from the stream's topics.
    pub poll_messages: bool,
    /// May send to the stream's topics.
    pub send_messages: bool,
    /// Per-topic entries; each ends with has_next_topic.
    pub topics: Vec<TopicPermissions>,
}

impl StreamPermissions {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.stream_id);
        w.u8(u8::from(self.manage_stream));
        w.u8(u8::from(self.read_stream));
        w.u8(u8::from(self.manage_topics));
        w.u8(u8::from(self.read_topics));
        w.u8(u8::from(self.poll_messages));
        w.u8(u8::from(self.send_messages));
        w.u8(u8::from(!self.topics.is_empty()));
        for (i, item) in self.topics.iter().enumerate() {
            item.encode(w)?;
            w.u8(u8::from(i + 1 < self.topics.len()));
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = r.u32()?;
        let manage_stream = r.u8()? != 0;
        let read_stream = r.u8()? != 0;
        let manage_topics = r.u8()? != 0;
        let read_topics = r.u8()? != 0;
        let poll_messages = r.u8()? != 0;
        let send_messages = r.u8()? != 0;
        let has_topics = r.flag()?;
        let topics = if has_topics {
            let mut topics = Vec::new();
            loop {
                topics.push(TopicPermissions::decode(r)?);
                if !r.flag()? {
                    break;
                }
            }
            topics
        } else {
            Vec::new()
        };
        Ok(StreamPermissions { stream_id, manage_stream, read_stream, manage_topics, read_topics, poll_messages, send_messages, topics })
    }
}

/// One per-topic permissions entry (9 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct TopicPermissions {
    /// The topic these flags apply to.
    pub topic_id: u32,
    /// May manage the topic.
    pub manage_topic: bool,
    /// May read the topic.
    pub read_topic: bool,
    /// May poll from the topic.
    pub poll_messages: bool,
    /// May send to the topic.
    pub send_messages: bool,
}

impl TopicPermissions {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.topic_id);
        w.u8(u8::from(self.manage_topic));
        w.u8(u8::from(self.read_topic));
        w.u8(u8::from(self.poll_messages));
        w.u8(u8::from(self.send_messages));
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let topic_id = r.u32()?;
        let manage_topic = r.u8()? != 0;
        let read_topic = r.u8()? != 0;
        let poll_messages = r.u8()? != 0;
        let send_messages = r.u8()? != 0;
        Ok(TopicPermissions { topic_id, manage_topic, read_topic, poll_messages, send_messages })
    }
}

/// A message frame: header, payload, then user headers; frames are packed back to back.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// XXH3-64 (seed 0) of the frame from byte 8 to the end; 0 on send, set by the server.
    pub checksum: u64,
    /// Message id; 0 on send = server assigns a random UUIDv4.
    pub id: u128,
    /// Partition offset; 0 on send, assigned by the server.
    pub offset: u64,
    /// Server append time (one value per batch); 0 on send. (µs)
    pub timestamp: u64,
    /// Client clock when the message was created. (µs)
    pub origin_timestamp: u64,
    /// Message payload.
    pub payload: Bytes,
    /// Zero or more user_header entries.
    pub user_headers: Bytes,
}

impl Message {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u64(self.checksum);
        w.u128(self.id);
        w.u64(self.offset);
        w.u64(self.timestamp);
        w.u64(self.origin_timestamp);
        w.u32(length_as_u32(self.user_headers.len(), "user_headers")?);
        w.u32(length_as_u32(self.payload.len(), "payload")?);
        w.u64(0);
        w.bytes(&self.payload);
        w.bytes(&self.user_headers);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let checksum = r.u64()?;
        let id = r.u128()?;
        let offset = r.u64()?;
        let timestamp = r.u64()?;
        let origin_timestamp = r.u64()?;
        let user_headers_length = r.u32()? as usize;
        let payload_length = r.u32()? as usize;
        if r.u64()? != 0 {
            return Err(CodecError::Invalid("reserved must be 0"));
        }
        let payload = r.bytes(payload_length)?;
        let user_headers = r.bytes(user_headers_length)?;
        Ok(Message { checksum, id, offset, timestamp, origin_timestamp, payload, user_headers })
    }
}

/// One key/value pair of a message's user headers (the Rust SDK writes them sorted by key).
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderEntry {
    /// Type of the key.
    pub key_kind: u8,
    /// Key bytes.
    pub key: Bytes,
    /// Type of the value.
    pub value_kind: u8,
    /// Value bytes, numbers little-endian.
    pub value: Bytes,
}

impl HeaderEntry {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.key_kind);
        w.u32(length_as_u32(self.key.len(), "key")?);
        w.bytes(&self.key);
        w.u8(self.value_kind);
        w.u32(length_as_u32(self.value.len(), "value")?);
        w.bytes(&self.value);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let key_kind = r.u8()?;
        let key_length = r.u32()? as usize;
        let key = r.bytes(key_length)?;
        let value_kind = r.u8()?;
        let value_length = r.u32()? as usize;
        let value = r.bytes(value_length)?;
        Ok(HeaderEntry { key_kind, key, value_kind, value })
    }
}

/// 16-byte index entry: the SendMessages index table and the on-disk .index file share this layout.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexEntry {
    /// 0 in SendMessages (else 4031); on disk: offset minus the segment's start offset.
    pub relative_offset: u32,
    /// Cumulative END position of the message, from the start of the frames (or .log file). (bytes)
    pub position: u32,
    /// 0 in SendMessages (else 4032); on disk: the message's server timestamp. (µs)
    pub timestamp: u64,
}

impl IndexEntry {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.relative_offset);
        w.u32(self.position);
        w.u64(self.timestamp);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let relative_offset = r.u32()?;
        let position = r.u32()?;
        let timestamp = r.u64()?;
        Ok(IndexEntry { relative_offset, position, timestamp })
    }
}

/// One message of a 0.9 batch: header, payload, then user headers (the payload comes first).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// XXH3-64 of this frame from byte 8 to its end; 4027 when wrong.
    pub checksum: u64,
    /// Message id, chosen by the producer (the official client replaces 0 with a random UUID before checksumming).
    pub id: u128,
    /// Position in the batch, 0..n-1: offset = base_offset + offset_delta.
    pub offset_delta: u32,
    /// Origin timestamp minus the batch's origin_timestamp (at most u32::MAX, else 4038). (µs)
    pub timestamp_delta: u32,
    /// Message payload.
    pub payload: Bytes,
    /// Zero or more user_header entries.
    pub user_headers: Bytes,
}

impl Frame {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u64(self.checksum);
        w.u128(self.id);
        w.u32(self.offset_delta);
        w.u32(self.timestamp_delta);
        w.u32(length_as_u32(self.user_headers.len(), "user_headers")?);
        w.u32(length_as_u32(self.payload.len(), "payload")?);
        w.zeros(8);
        w.bytes(&self.payload);
        w.bytes(&self.user_headers);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let checksum = r.u64()?;
        let id = r.u128()?;
        let offset_delta = r.u32()?;
        let timestamp_delta = r.u32()?;
        let user_headers_length = r.u32()? as usize;
        let payload_length = r.u32()? as usize;
        r.zeros(8, "reserved")?;
        let payload = r.bytes(payload_length)?;
        let user_headers = r.bytes(user_headers_length)?;
        Ok(Frame { checksum, id, offset_delta, timestamp_delta, payload, user_headers })
    }
}

/// A 0.9 message batch: the header, then message_count frames back to back (batch_length bytes in all).
#[derive(Debug, Clone, PartialEq)]
pub struct MessageBatch {
    /// 0 from the producer; the server stamps the partition it appends to.
    pub partition_id: u64,
    /// 0 from the producer; the offset of the batch's first message once stored.
    pub base_offset: u64,
    /// 0 from the producer; the server's append time, every message's timestamp. (µs)
    pub base_timestamp: u64,
    /// The smallest origin timestamp of the batch's messages (µs since the Unix epoch). (µs)
    pub origin_timestamp: u64,
    /// XXH3-64 of header bytes 0..40 and 48..52, then each message's checksum (see above); 4039 when wrong.
    pub batch_checksum: u64,
    /// The messages, in offset order.
    pub frames: Vec<Frame>,
}

impl MessageBatch {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        let record_start = w.len();
        w.u64(self.partition_id);
        w.u64(self.base_offset);
        w.u64(self.base_timestamp);
        w.u64(self.origin_timestamp);
        let batch_length_at = w.placeholder_u64();
        w.u64(self.batch_checksum);
        w.u32(length_as_u32(self.frames.len(), "message_count")?);
        w.zeros(204);
        for item in &self.frames {
            item.encode(w)?;
        }
        w.patch_total_u64(batch_length_at, record_start, "batch_length")?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let record_start = r.position();
        let partition_id = r.u64()?;
        let base_offset = r.u64()?;
        let base_timestamp = r.u64()?;
        let origin_timestamp = r.u64()?;
        let batch_length = r.u64()? as usize;
        let batch_checksum = r.u64()?;
        let message_count = r.u32()?;
        r.zeros(204, "reserved")?;
        let mut frames = Vec::new();
        for _ in 0..message_count {
            frames.push(Frame::decode(r)?);
        }
        check_covered(batch_length, r.position() - record_start, "batch_length")?;
        Ok(MessageBatch { partition_id, base_offset, base_timestamp, origin_timestamp, batch_checksum, frames })
    }
}

/// A stream without its topics (33 + name bytes). GetStreams answers StreamHeader x n.
#[derive(Debug, Clone, PartialEq)]
pub struct StreamHeader {
    /// Stream id (0-based, server-assigned).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// Number of topics in the stream.
    pub topics_count: u32,
    /// Sum of the stored message frame bytes. (bytes)
    pub size_bytes: u64,
    /// Number of stored messages.
    pub messages_count: u64,
    /// Stream name.
    pub name: String,
    /// The stream's options block (user_header entries; empty in 0.9).
    pub options: Bytes,
}

impl StreamHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u32(self.topics_count);
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let topics_count = r.u32()?;
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        let (options_length, options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            (options_length, options)
        } else {
            (0, Default::default())
        };
        Ok(StreamHeader { id, created_at, topics_count, size_bytes, messages_count, name, options })
    }
}

/// A stream with its topics (GetStream).
#[derive(Debug, Clone, PartialEq)]
pub struct StreamDetails {
    /// Stream id (0-based, server-assigned).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// Sum of the stored message frame bytes. (bytes)
    pub size_bytes: u64,
    /// Number of stored messages.
    pub messages_count: u64,
    /// Stream name.
    pub name: String,
    /// The stream's options block (user_header entries; empty in 0.9).
    pub options: Bytes,
    /// The stream's topics, sorted by id.
    pub topics: Vec<TopicHeader>,
}

impl StreamDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u32(length_as_u32(self.topics.len(), "topics_count")?);
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        for item in &self.topics {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let topics_count = r.u32()?;
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        let (options_length, options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            (options_length, options)
        } else {
            (0, Default::default())
        };
        let mut topics = Vec::new();
        for _ in 0..topics_count {
            topics.push(TopicHeader::decode(r)?);
        }
        Ok(StreamDetails { id, created_at, size_bytes, messages_count, name, options, topics })
    }
}

/// A topic without its partitions (51 + name bytes). Expiry comes before compression.
#[derive(Debug, Clone, PartialEq)]
pub struct TopicHeader {
    /// Topic id (0-based within the stream).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// Number of partitions.
    pub partitions_count: u32,
    /// Resolved expiry; u64::MAX = never (responses never carry 0). (µs)
    pub message_expiry: u64,
    /// 1 none, 2 gzip.
    pub compression_algorithm: u8,
    /// Resolved size limit; u64::MAX = unlimited. (bytes)
    pub max_topic_size: u64,
    /// Replication factor (1 on a single node); gone in 0.9.
    pub replication_factor: u8,
    /// Sum of the stored message frame bytes. (bytes)
    pub size_bytes: u64,
    /// Number of stored messages.
    pub messages_count: u64,
    /// Topic name.
    pub name: String,
    /// The options the client set at create (user_header entries).
    pub options: Bytes,
    /// The other catalog options, with the values the server resolved (user_header entries).
    pub derived_options: Bytes,
}

impl TopicHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u32(self.partitions_count);
        w.u64(self.message_expiry);
        w.u8(self.compression_algorithm);
        w.u64(self.max_topic_size);
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.replication_factor);
        }
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.derived_options.len(), "derived_options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.derived_options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let partitions_count = r.u32()?;
        let message_expiry = r.u64()?;
        let compression_algorithm = r.u8()?;
        let max_topic_size = r.u64()?;
        let replication_factor = if matches!(r.version(), ProtocolVersion::V0_8) {
            let replication_factor = r.u8()?;
            replication_factor
        } else {
            Default::default()
        };
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        let (options_length, options, derived_options_length, derived_options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            let derived_options_length = r.u32()? as usize;
            let derived_options = r.bytes(derived_options_length)?;
            (options_length, options, derived_options_length, derived_options)
        } else {
            (0, Default::default(), 0, Default::default())
        };
        Ok(TopicHeader { id, created_at, partitions_count, message_expiry, compression_algorithm, max_topic_size, replication_factor, size_bytes, messages_count, name, options, derived_options })
    }
}

/// A topic with its partitions (GetTopic, CreateTopic).
#[derive(Debug, Clone, PartialEq)]
pub struct TopicDetails {
    /// Topic id (0-based within the stream).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// Resolved expiry; u64::MAX = never (responses never carry 0). (µs)
    pub message_expiry: u64,
    /// 1 none, 2 gzip.
    pub compression_algorithm: u8,
    /// Resolved size limit; u64::MAX = unlimited. (bytes)
    pub max_topic_size: u64,
    /// Replication factor (1 on a single node); gone in 0.9.
    pub replication_factor: u8,
    /// Sum of the stored message frame bytes. (bytes)
    pub size_bytes: u64,
    /// Number of stored messages.
    pub messages_count: u64,
    /// Topic name.
    pub name: String,
    /// The options the client set at create (user_header entries).
    pub options: Bytes,
    /// The other catalog options, with the values the server resolved (user_header entries).
    pub derived_options: Bytes,
    /// The partitions, sorted by id.
    pub partitions: Vec<PartitionDetails>,
}

impl TopicDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u32(length_as_u32(self.partitions.len(), "partitions_count")?);
        w.u64(self.message_expiry);
        w.u8(self.compression_algorithm);
        w.u64(self.max_topic_size);
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.replication_factor);
        }
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.derived_options.len(), "derived_options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.derived_options);
        }
        for item in &self.partitions {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let partitions_count = r.u32()?;
        let message_expiry = r.u64()?;
        let compression_algorithm = r.u8()?;
        let max_topic_size = r.u64()?;
        let replication_factor = if matches!(r.version(), ProtocolVersion::V0_8) {
            let replication_factor = r.u8()?;
            replication_factor
        } else {
            Default::default()
        };
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        let (options_length, options, derived_options_length, derived_options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            let derived_options_length = r.u32()? as usize;
            let derived_options = r.bytes(derived_options_length)?;
            (options_length, options, derived_options_length, derived_options)
        } else {
            (0, Default::default(), 0, Default::default())
        };
        let mut partitions = Vec::new();
        for _ in 0..partitions_count {
            partitions.push(PartitionDetails::decode(r)?);
        }
        Ok(TopicDetails { id, created_at, message_expiry, compression_algorithm, max_topic_size, replication_factor, size_bytes, messages_count, name, options, derived_options, partitions })
    }
}

/// One partition (40 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct PartitionDetails {
    /// Partition id (0..partitions_count-1).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// Number of segments (1 for a new partition).
    pub segments_count: u32,
    /// Offset of the last stored message (0 when empty).
    pub current_offset: u64,
    /// Sum of the stored message frame bytes. (bytes)
    pub size_bytes: u64,
    /// Number of stored messages.
    pub messages_count: u64,
}

impl PartitionDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u32(self.segments_count);
        w.u64(self.current_offset);
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let segments_count = r.u32()?;
        let current_offset = r.u64()?;
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        Ok(PartitionDetails { id, created_at, segments_count, current_offset, size_bytes, messages_count })
    }
}

/// A user without permissions (14 + username bytes). GetUsers answers UserHeader x n.
#[derive(Debug, Clone, PartialEq)]
pub struct UserHeader {
    /// User id (root is 0).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// 1 active, 2 inactive.
    pub status: u8,
    /// Username.
    pub username: String,
    /// The user's options block (user_header entries; empty in 0.9).
    pub options: Bytes,
}

impl UserHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u8(self.status);
        w.name(&self.username)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let status = r.u8()?;
        let username = r.name()?;
        let (options_length, options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            (options_length, options)
        } else {
            (0, Default::default())
        };
        Ok(UserHeader { id, created_at, status, username, options })
    }
}

/// A user with permissions (GetUser, CreateUser). No permissions = four zero bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct UserDetails {
    /// User id (root is 0).
    pub id: u32,
    /// Creation time, microseconds since the Unix epoch. (µs)
    pub created_at: u64,
    /// 1 active, 2 inactive.
    pub status: u8,
    /// Username.
    pub username: String,
    /// The user's options block (user_header entries; empty in 0.9).
    pub options: Bytes,
    /// The user's permissions.
    pub permissions: Option<Permissions>,
}

impl UserDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u8(self.status);
        w.name(&self.username)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.options.len(), "options")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        w.u8(u8::from(self.permissions.is_some()));
        if let Some(value) = &self.permissions {
            let permissions_len_at = w.placeholder_u32();
            value.encode(w)?;
            w.patch_u32(permissions_len_at, "permissions_len")?;
        }
        if self.permissions.is_none() {
            w.zeros(3);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let status = r.u8()?;
        let username = r.name()?;
        let (options_length, options) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options_length = r.u32()? as usize;
            let options = r.bytes(options_length)?;
            (options_length, options)
        } else {
            (0, Default::default())
        };
        let has_permissions = r.flag()?;
        let permissions = if has_permissions {
            let permissions_len = r.u32()? as usize;
            let permissions_len_from = r.position();
            let value = Permissions::decode(r)?;
            check_covered(permissions_len, r.position() - permissions_len_from, "permissions_len")?;
            Some(value)
        } else {
            r.skip(3)?;
            None
        };
        Ok(UserDetails { id, created_at, status, username, options, permissions })
    }
}

/// A connected client (17 + address bytes). GetClients answers ClientInfo x n, without group triples.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientInfo {
    /// Session id (the 0.8 server uses XXH32 of the peer address "ip:port").
    pub client_id: u32,
    /// Logged-in user, or u32::MAX when not logged in.
    pub user_id: u32,
    /// 1 TCP, 2 QUIC, 3 HTTP, 4 WebSocket.
    pub transport: u8,
    /// Peer address "ip:port".
    pub address: String,
    /// Number of consumer groups the client is a member of.
    pub consumer_groups_count: u32,
}

impl ClientInfo {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.client_id);
        w.u32(self.user_id);
        w.u8(self.transport);
        w.string32(&self.address)?;
        w.u32(self.consumer_groups_count);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let client_id = r.u32()?;
        let user_id = r.u32()?;
        let transport = r.u8()?;
        let address = r.string32()?;
        let consumer_groups_count = r.u32()?;
        Ok(ClientInfo { client_id, user_id, transport, address, consumer_groups_count })
    }
}

/// A client with its group memberships (GetMe, GetClient).
#[derive(Debug, Clone, PartialEq)]
pub struct ClientDetails {
    /// Session id (the 0.8 server uses XXH32 of the peer address "ip:port").
    pub client_id: u32,
    /// Logged-in user, or u32::MAX when not logged in.
    pub user_id: u32,
    /// 1 TCP, 2 QUIC, 3 HTTP, 4 WebSocket.
    pub transport: u8,
    /// Peer address "ip:port".
    pub address: String,
    /// Groups the client is a member of.
    pub consumer_groups: Vec<ClientGroupInfo>,
}

impl ClientDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.client_id);
        w.u32(self.user_id);
        w.u8(self.transport);
        w.string32(&self.address)?;
        w.u32(length_as_u32(self.consumer_groups.len(), "consumer_groups_count")?);
        for item in &self.consumer_groups {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let client_id = r.u32()?;
        let user_id = r.u32()?;
        let transport = r.u8()?;
        let address = r.string32()?;
        let consumer_groups_count = r.u32()?;
        let mut consumer_groups = Vec::new();
        for _ in 0..consumer_groups_count {
            consumer_groups.push(ClientGroupInfo::decode(r)?);
        }
        Ok(ClientDetails { client_id, user_id, transport, address, consumer_groups })
    }
}

/// One group membership of a client (12 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct ClientGroupInfo {
    /// Stream of the group.
    pub stream_id: u32,
    /// Topic of the group.
    pub topic_id: u32,
    /// The group.
    pub group_id: u32,
}

impl ClientGroupInfo {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.stream_id);
        w.u32(self.topic_id);
        w.u32(self.group_id);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = r.u32()?;
        let topic_id = r.u32()?;
        let group_id = r.u32()?;
        Ok(ClientGroupInfo { stream_id, topic_id, group_id })
    }
}

/// Cluster description; a single-node 0.8 server answers name "single-node" and one leader node.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterMetadata {
    /// Cluster name.
    pub name: String,
    /// The nodes.
    pub nodes: Vec<ClusterNode>,
}

impl ClusterMetadata {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.string32(&self.name)?;
        w.u32(length_as_u32(self.nodes.len(), "nodes_count")?);
        for item in &self.nodes {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.string32()?;
        let nodes_count = r.u32()?;
        let mut nodes = Vec::new();
        for _ in 0..nodes_count {
            nodes.push(ClusterNode::decode(r)?);
        }
        Ok(ClusterMetadata { name, nodes })
    }
}

/// One node of the cluster.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterNode {
    /// Node name ("iggy-node" on a single node).
    pub name: String,
    /// Node IP address.
    pub ip: String,
    /// TCP listener port.
    pub tcp_port: u16,
    /// QUIC listener port.
    pub quic_port: u16,
    /// HTTP listener port.
    pub http_port: u16,
    /// WebSocket listener port.
    pub websocket_port: u16,
    /// 0 leader, 1 follower.
    pub role: u8,
    /// 0 healthy .. 4 maintenance.
    pub status: u8,
}

impl ClusterNode {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.string32(&self.name)?;
        w.string32(&self.ip)?;
        w.u16(self.tcp_port);
        w.u16(self.quic_port);
        w.u16(self.http_port);
        w.u16(self.websocket_port);
        w.u8(self.role);
        w.u8(self.status);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.string32()?;
        let ip = r.string32()?;
        let tcp_port = r.u16()?;
        let quic_port = r.u16()?;
        let http_port = r.u16()?;
        let websocket_port = r.u16()?;
        let role = r.u8()?;
        let status = r.u8()?;
        Ok(ClusterNode { name, ip, tcp_port, quic_port, http_port, websocket_port, role, status })
    }
}

/// Server statistics (GetStats); every field is mandatory for the Rust decoder. Fixed part 108 bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    /// Server process id.
    pub process_id: u32,
    /// Server process CPU usage, percent.
    pub cpu_usage: f32,
    /// Whole-machine CPU usage, percent.
    pub total_cpu_usage: f32,
    /// Server process memory. (bytes)
    pub memory_usage: u64,
    /// Machine memory. (bytes)
    pub total_memory: u64,
    /// Machine memory available. (bytes)
    pub available_memory: u64,
    /// Server uptime. (µs)
    pub run_time: u64,
    /// Server start, microseconds since the Unix epoch. (µs)
    pub start_time: u64,
    /// Bytes read from disk by the process. (bytes)
    pub read_bytes: u64,
    /// Bytes written to disk by the process. (bytes)
    pub written_bytes: u64,
    /// Sum of stored message frame bytes. (bytes)
    pub messages_size_bytes: u64,
    /// Number of streams.
    pub streams_count: u32,
    /// Number of topics.
    pub topics_count: u32,
    /// Number of partitions.
    pub partitions_count: u32,
    /// Number of segments.
    pub segments_count: u32,
    /// Number of stored messages.
    pub messages_count: u64,
    /// Number of connected clients.
    pub clients_count: u32,
    /// Number of consumer groups.
    pub consumer_groups_count: u32,
    /// Host name.
    pub hostname: String,
    /// Operating system name.
    pub os_name: String,
    /// Operating system version.
    pub os_version: String,
    /// Kernel version.
    pub kernel_version: String,
    /// Server version string, e.g. "0.8.0".
    pub iggy_server_version: String,
    /// major*1000000 + minor*1000 + patch (0.8.0 -> 8000); 0 = absent.
    pub iggy_server_semver: u32,
    /// Per-partition cache metrics.
    pub cache_metrics: Vec<CacheMetric>,
    /// Number of server threads.
    pub threads_count: u32,
    /// Free space on the data disk. (bytes)
    pub free_disk_space: u64,
    /// Size of the data disk. (bytes)
    pub total_disk_space: u64,
    /// Not in Iggy 0.8: this project's tagged blocks after the 0.8 fields (the official decoders ignore trailing bytes). Decoders skip unknown tags and ignore an area they cannot parse.
    pub extensions: Vec<StatsExtension>,
}

impl Stats {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.process_id);
        w.f32(self.cpu_usage);
        w.f32(self.total_cpu_usage);
        w.u64(self.memory_usage);
        w.u64(self.total_memory);
        w.u64(self.available_memory);
        w.u64(self.run_time);
        w.u64(self.start_time);
        w.u64(self.read_bytes);
        w.u64(self.written_bytes);
        w.u64(self.messages_size_bytes);
        w.u32(self.streams_count);
        w.u32(self.topics_count);
        w.u32(self.partitions_count);
        w.u32(self.segments_count);
        w.u64(self.messages_count);
        w.u32(self.clients_count);
        w.u32(self.consumer_groups_count);
        w.string32(&self.hostname)?;
        w.string32(&self.os_name)?;
        w.string32(&self.os_version)?;
        w.string32(&self.kernel_version)?;
        w.string32(&self.iggy_server_version)?;
        w.u32(self.iggy_server_semver);
        w.u32(length_as_u32(self.cache_metrics.len(), "cache_metrics_count")?);
        for item in &self.cache_metrics {
            item.encode(w)?;
        }
        w.u32(self.threads_count);
        w.u64(self.free_disk_space);
        w.u64(self.total_disk_space);
        for item in &self.extensions {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let process_id = r.u32()?;
        let cpu_usage = r.f32()?;
        let total_cpu_usage = r.f32()?;
        let memory_usage = r.u64()?;
        let total_memory = r.u64()?;
        let available_memory = r.u64()?;
        let run_time = r.u64()?;
        let start_time = r.u64()?;
        let read_bytes = r.u64()?;
        let written_bytes = r.u64()?;
        let messages_size_bytes = r.u64()?;
        let streams_count = r.u32()?;
        let topics_count = r.u32()?;
        let partitions_count = r.u32()?;
        let segments_count = r.u32()?;
        let messages_count = r.u64()?;
        let clients_count = r.u32()?;
        let consumer_groups_count = r.u32()?;
        let hostname = r.string32()?;
        let os_name = r.string32()?;
        let os_version = r.string32()?;
        let kernel_version = r.string32()?;
        let iggy_server_version = r.string32()?;
        let iggy_server_semver = r.u32()?;
        let cache_metrics_count = r.u32()?;
        let mut cache_metrics = Vec::new();
        for _ in 0..cache_metrics_count {
            cache_metrics.push(CacheMetric::decode(r)?);
        }
        let threads_count = r.u32()?;
        let free_disk_space = r.u64()?;
        let total_disk_space = r.u64()?;
        let mut extensions = Vec::new();
        while r.remaining() > 0 {
            match StatsExtension::decode(r) {
                Ok(item) => extensions.push(item),
                // An extension area (spec `tolerant`): a tail that does not parse is ignored.
                Err(_) => {
                    r.rest();
                    break;
                }
            }
        }
        Ok(Stats { process_id, cpu_usage, total_cpu_usage, memory_usage, total_memory, available_memory, run_time, start_time, read_bytes, written_bytes, messages_size_bytes, streams_count, topics_count, partitions_count, segments_count, messages_count, clients_count, consumer_groups_count, hostname, os_name, os_version, kernel_version, iggy_server_version, iggy_server_semver, cache_metrics, threads_count, free_disk_space, total_disk_space, extensions })
    }
}

/// A tagged block at the end of Stats (this project's extension). Tags are STATS_EXTENSION_* constants; a block only ever grows at its end, so decoders read the fields they know and skip the rest by `length`.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsExtension {
    /// What the body holds: STATS_EXTENSION_HOT_PATH (1) is a HotPathStats.
    pub tag: u32,
    /// The block (a HotPathStats for tag 1).
    pub body: Bytes,
}

impl StatsExtension {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.tag);
        w.u32(length_as_u32(self.body.len(), "body")?);
        w.bytes(&self.body);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let tag = r.u32()?;
        let length = r.u32()? as usize;
        let body = r.bytes(length)?;
        Ok(StatsExtension { tag, body })
    }
}

/// Server hot-path counters (StatsExtension tag 1): segment writer and buffer pool. Fixed part 139 bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct HotPathStats {
    /// Backend the segment writer uses.
    pub writer: u8,
    /// Whether io_uring worked at start (a NOP round trip).
    pub io_uring_available: bool,
    /// Whether segment logs are written with O_DIRECT.
    pub direct_io: bool,
    /// Bound of the buffer pool. (bytes)
    pub pool_capacity: u64,
    /// Bytes of pooled buffers in use or cached for reuse. (bytes)
    pub pool_reserved: u64,
    /// Bytes of pooled buffers handed out and not yet returned. (bytes)
    pub pool_in_use: u64,
    /// Buffers handed out and not yet returned.
    pub pool_in_use_buffers: u64,
    /// Buffers cached for reuse.
    pub pool_free_buffers: u64,
    /// Acquisitions served by a cached buffer (no allocator call).
    pub pool_hits: u64,
    /// Acquisitions that allocated a new buffer.
    pub pool_misses: u64,
    /// Cached buffers freed to make room for another size class.
    pub pool_evictions: u64,
    /// Acquisitions refused because the bound was reached.
    pub pool_exhausted: u64,
    /// Large request payloads received into an ordinary buffer (pool refused).
    pub receive_fallbacks: u64,
    /// Segment reads served from an ordinary buffer (pool refused).
    pub read_fallbacks: u64,
    /// Segment write submissions since start.
    pub writes: u64,
    /// fdatasync calls on segment files since start.
    pub datasyncs: u64,
    /// Bytes written to segment logs and indexes since start. (bytes)
    pub bytes_written: u64,
    /// Acknowledged frames queued for the background writer (memory durability). (bytes)
    pub write_queue: u64,
    /// Background writer submissions since start (each carries one or more batches).
    pub background_submissions: u64,
    /// Batches written by the background writer since start.
    pub background_batches: u64,
}

impl HotPathStats {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.writer);
        w.u8(u8::from(self.io_uring_available));
        w.u8(u8::from(self.direct_io));
        w.u64(self.pool_capacity);
        w.u64(self.pool_reserved);
        w.u64(self.pool_in_use);
        w.u64(self.pool_in_use_buffers);
        w.u64(self.pool_free_buffers);
        w.u64(self.pool_hits);
        w.u64(self.pool_misses);
        w.u64(self.pool_evictions);
        w.u64(self.pool_exhausted);
        w.u64(self.receive_fallbacks);
        w.u64(self.read_fallbacks);
        w.u64(self.writes);
        w.u64(self.datasyncs);
        w.u64(self.bytes_written);
        w.u64(self.write_queue);
        w.u64(self.background_submissions);
        w.u64(self.background_batches);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let writer = r.u8()?;
        let io_uring_available = r.u8()? != 0;
        let direct_io = r.u8()? != 0;
        let pool_capacity = r.u64()?;
        let pool_reserved = r.u64()?;
        let pool_in_use = r.u64()?;
        let pool_in_use_buffers = r.u64()?;
        let pool_free_buffers = r.u64()?;
        let pool_hits = r.u64()?;
        let pool_misses = r.u64()?;
        let pool_evictions = r.u64()?;
        let pool_exhausted = r.u64()?;
        let receive_fallbacks = r.u64()?;
        let read_fallbacks = r.u64()?;
        let writes = r.u64()?;
        let datasyncs = r.u64()?;
        let bytes_written = r.u64()?;
        let write_queue = r.u64()?;
        let background_submissions = r.u64()?;
        let background_batches = r.u64()?;
        Ok(HotPathStats { writer, io_uring_available, direct_io, pool_capacity, pool_reserved, pool_in_use, pool_in_use_buffers, pool_free_buffers, pool_hits, pool_misses, pool_evictions, pool_exhausted, receive_fallbacks, read_fallbacks, writes, datasyncs, bytes_written, write_queue, background_submissions, background_batches })
    }
}

/// Cache statistics of one partition (32 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct CacheMetric {
    /// Stream of the partition.
    pub stream_id: u32,
    /// Topic of the partition.
    pub topic_id: u32,
    /// The partition.
    pub partition_id: u32,
    /// Cache hits.
    pub hits: u64,
    /// Cache misses.
    pub misses: u64,
    /// hits / (hits + misses).
    pub hit_ratio: f32,
}

impl CacheMetric {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.stream_id);
        w.u32(self.topic_id);
        w.u32(self.partition_id);
        w.u64(self.hits);
        w.u64(self.misses);
        w.f32(self.hit_ratio);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = r.u32()?;
        let topic_id = r.u32()?;
        let partition_id = r.u32()?;
        let hits = r.u64()?;
        let misses = r.u64()?;
        let hit_ratio = r.f32()?;
        Ok(CacheMetric { stream_id, topic_id, partition_id, hits, misses, hit_ratio })
    }
}

/// A consumer group without members (13 + name bytes). GetConsumerGroups answers GroupHeader x n.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupHeader {
    /// Group id (0-based within the topic).
    pub id: u32,
    /// Partitions of the topic when the group was created.
    pub partitions_count: u32,
    /// Number of members.
    pub members_count: u32,
    /// Group name.
    pub name: String,
}

impl GroupHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u32(self.partitions_count);
        w.u32(self.members_count);
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let partitions_count = r.u32()?;
        let members_count = r.u32()?;
        let name = r.name()?;
        Ok(GroupHeader { id, partitions_count, members_count, name })
    }
}

/// A consumer group with its members (GetConsumerGroup).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupDetails {
    /// Group id (0-based within the topic).
    pub id: u32,
    /// Partitions of the topic when the group was created.
    pub partitions_count: u32,
    /// Group name.
    pub name: String,
    /// The members, in member order.
    pub members: Vec<GroupMember>,
}

impl GroupDetails {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u32(self.partitions_count);
        w.u32(length_as_u32(self.members.len(), "members_count")?);
        w.name(&self.name)?;
        for item in &self.members {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let partitions_count = r.u32()?;
        let members_count = r.u32()?;
        let name = r.name()?;
        let mut members = Vec::new();
        for _ in 0..members_count {
            members.push(GroupMember::decode(r)?);
        }
        Ok(GroupDetails { id, partitions_count, name, members })
    }
}

/// One member of a consumer group and the partitions it owns.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupMember {
    /// Member id (first member 0, then max + 1).
    pub member_id: u32,
    /// The owned partitions.
    pub partition_ids: Vec<u32>,
}

impl GroupMember {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.member_id);
        w.u32(length_as_u32(self.partition_ids.len(), "partitions_count")?);
        for item in &self.partition_ids {
            w.u32(*item);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let member_id = r.u32()?;
        let partitions_count = r.u32()?;
        let mut partition_ids = Vec::new();
        for _ in 0..partitions_count {
            partition_ids.push(r.u32()?);
        }
        Ok(GroupMember { member_id, partition_ids })
    }
}

/// Stored offset of a consumer or group on one partition (20 bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct ConsumerOffsetInfo {
    /// The partition.
    pub partition_id: u32,
    /// The partition's last offset.
    pub current_offset: u64,
    /// The consumer's stored offset.
    pub stored_offset: u64,
}

impl ConsumerOffsetInfo {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.partition_id);
        w.u64(self.current_offset);
        w.u64(self.stored_offset);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let partition_id = r.u32()?;
        let current_offset = r.u64()?;
        let stored_offset = r.u64()?;
        Ok(ConsumerOffsetInfo { partition_id, current_offset, stored_offset })
    }
}

/// One personal access token of the caller (no secret). GetPersonalAccessTokens answers it x n.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonalAccessTokenInfo {
    /// Token name.
    pub name: String,
    /// Expiry time since the Unix epoch; 0 = never expires. (µs)
    pub expiry_at: u64,
}

impl PersonalAccessTokenInfo {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.name)?;
        w.u64(self.expiry_at);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.name()?;
        let expiry_at = r.u64()?;
        Ok(PersonalAccessTokenInfo { name, expiry_at })
    }
}

/// PollMessages answer: the 16-byte prefix is mandatory even with no messages.
#[derive(Debug, Clone, PartialEq)]
pub struct PolledMessages {
    /// The partition actually read (consumer groups take it from here).
    pub partition_id: u32,
    /// The partition's last offset (0 when empty).
    pub current_offset: u64,
    /// Number of message frames that follow.
    pub messages_count: u32,
    /// Message frames as stored; clients decode until the body ends.
    pub messages: Vec<Message>,
    /// Batches holding exactly the messages asked for (a stored batch may be cut to them); clients decode until the body ends.
    pub batches: Vec<MessageBatch>,
}

impl PolledMessages {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.partition_id);
        w.u64(self.current_offset);
        w.u32(self.messages_count);
        if matches!(w.version(), ProtocolVersion::V0_8) {
            for item in &self.messages {
                item.encode(w)?;
            }
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            for item in &self.batches {
                item.encode(w)?;
            }
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let partition_id = r.u32()?;
        let current_offset = r.u64()?;
        let messages_count = r.u32()?;
        let messages = if matches!(r.version(), ProtocolVersion::V0_8) {
            let mut messages = Vec::new();
            while r.remaining() > 0 {
                messages.push(Message::decode(r)?);
            }
            messages
        } else {
            Default::default()
        };
        let batches = if matches!(r.version(), ProtocolVersion::V0_9) {
            let mut batches = Vec::new();
            while r.remaining() > 0 {
                batches.push(MessageBatch::decode(r)?);
            }
            batches
        } else {
            Default::default()
        };
        Ok(PolledMessages { partition_id, current_offset, messages_count, messages, batches })
    }
}

/// One entry of a 0.9 SendMessages answer (20 bytes; the stride is frozen).
#[derive(Debug, Clone, PartialEq)]
pub struct SendConfirmation {
    /// The stream's numeric id.
    pub stream_id: u32,
    /// The topic's numeric id.
    pub topic_id: u32,
    /// The partition the batch went to.
    pub partition_id: u32,
    /// The offset of the batch's first message.
    pub base_offset: u64,
}

impl SendConfirmation {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.stream_id);
        w.u32(self.topic_id);
        w.u32(self.partition_id);
        w.u64(self.base_offset);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = r.u32()?;
        let topic_id = r.u32()?;
        let partition_id = r.u32()?;
        let base_offset = r.u64()?;
        Ok(SendConfirmation { stream_id, topic_id, partition_id, base_offset })
    }
}

/// One key of an option catalog (DescribeOptions).
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDescriptor {
    /// The option key.
    pub key: String,
    /// The kind a value is stored as (a String value is parsed into it).
    pub kind: u8,
    /// The default in kind's encoding; empty when the key has none.
    pub default_value: Bytes,
    /// What the key sets.
    pub description: String,
}

impl OptionDescriptor {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.key)?;
        w.u8(self.kind);
        w.u32(length_as_u32(self.default_value.len(), "default_value")?);
        w.bytes(&self.default_value);
        w.string32(&self.description)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let key = r.name()?;
        let kind = r.u8()?;
        let default_value_length = r.u32()? as usize;
        let default_value = r.bytes(default_value_length)?;
        let description = r.string32()?;
        Ok(OptionDescriptor { key, kind, default_value, description })
    }
}

// --- 0.9 frame headers (frames.toml) ----------------------------------------------------------------

/// Client to server (command 5).
#[derive(Debug, Clone, PartialEq)]
pub struct RequestHeader {
    /// 0 on client frames both ways (replica frames seal the header here).
    pub checksum: u128,
    /// 0 on client frames both ways.
    pub checksum_body: u128,
    /// Cluster id: clients send 0; replies echo the request's value.
    pub cluster: u128,
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. (bytes)
    pub size: u32,
    /// VSR view; 0 from clients and on a single node.
    pub view: u32,
    /// Must be 0 on every header.
    pub release: u32,
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub command: u8,
    /// Replica index; 0 from clients and on a single node.
    pub replica: u8,
    /// The client's id for this session: random, never 0; a new one on every login, logout and reconnect.
    pub client: u128,
    /// XXH3-64 of the body, zero-extended, on Register, Logout, metadata ops and DeleteSegments; 0 on partition ops and NonReplicated. A nonzero value that does not match the body is answered with status 4.
    pub request_checksum: u128,
    /// 0 from clients; echoed in the reply.
    pub timestamp: u64,
    /// Request number: 0 on Register; replicated ops take 1, 2, 3, ... from one counter per session; NonReplicated carries the counter without taking a number.
    pub request: u64,
    /// What the request does (the server routes on it).
    pub operation: u8,
    /// The session from the login reply; 0 on Register and on NonReplicated before login.
    pub session: u64,
    /// 0 from clients; never trusted.
    pub user_id: u32,
    /// The command code when operation is NonReplicated (the 0.8 command table); else 0.
    pub code: u32,
}

impl RequestHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u128(self.checksum);
        w.u128(self.checksum_body);
        w.u128(self.cluster);
        w.u32(self.size);
        w.u32(self.view);
        w.u32(self.release);
        w.u8(self.command);
        w.u8(self.replica);
        w.zeros(66);
        w.u128(self.client);
        w.u128(self.request_checksum);
        w.u64(self.timestamp);
        w.u64(self.request);
        w.u8(self.operation);
        w.zeros(7);
        w.u64(self.session);
        w.u32(self.user_id);
        w.u32(self.code);
        w.zeros(56);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let checksum = r.u128()?;
        let checksum_body = r.u128()?;
        let cluster = r.u128()?;
        let size = r.u32()?;
        let view = r.u32()?;
        let release = r.u32()?;
        let command = r.u8()?;
        let replica = r.u8()?;
        r.zeros(66, "reserved_frame")?;
        let client = r.u128()?;
        let request_checksum = r.u128()?;
        let timestamp = r.u64()?;
        let request = r.u64()?;
        let operation = r.u8()?;
        r.skip(7)?;
        let session = r.u64()?;
        let user_id = r.u32()?;
        let code = r.u32()?;
        r.zeros(56, "reserved")?;
        Ok(RequestHeader { checksum, checksum_body, cluster, size, view, release, command, replica, client, request_checksum, timestamp, request, operation, session, user_id, code })
    }
}

/// Server to client (command 8): the answer to one request, in request order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplyHeader {
    /// 0 on client frames both ways (replica frames seal the header here).
    pub checksum: u128,
    /// 0 on client frames both ways.
    pub checksum_body: u128,
    /// Cluster id: clients send 0; replies echo the request's value.
    pub cluster: u128,
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. (bytes)
    pub size: u32,
    /// VSR view; 0 from clients and on a single node.
    pub view: u32,
    /// Must be 0 on every header.
    pub release: u32,
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub command: u8,
    /// Replica index; 0 from clients and on a single node.
    pub replica: u8,
    /// Echo of the request's.
    pub request_checksum: u128,
    /// 0.
    pub context: u128,
    /// Echo of the request's client id.
    pub client: u128,
    /// Committed replies: the op number; direct replies: the session. Clients ignore it.
    pub op: u64,
    /// The server's commit number (never below op); clients only keep its maximum.
    pub commit: u64,
    /// Echo of the request's.
    pub timestamp: u64,
    /// Echo of the request's number (QUIC matches replies by it).
    pub request: u64,
    /// Echo of the request's: clients decide from it whether the body starts with a result section.
    pub operation: u8,
    /// 0 = OK; else an error code of a failure before commit, and the body is then empty.
    pub status: u32,
}

impl ReplyHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u128(self.checksum);
        w.u128(self.checksum_body);
        w.u128(self.cluster);
        w.u32(self.size);
        w.u32(self.view);
        w.u32(self.release);
        w.u8(self.command);
        w.u8(self.replica);
        w.zeros(66);
        w.u128(self.request_checksum);
        w.u128(self.context);
        w.u128(self.client);
        w.u64(self.op);
        w.u64(self.commit);
        w.u64(self.timestamp);
        w.u64(self.request);
        w.u8(self.operation);
        w.zeros(7);
        w.u32(self.status);
        w.zeros(36);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let checksum = r.u128()?;
        let checksum_body = r.u128()?;
        let cluster = r.u128()?;
        let size = r.u32()?;
        let view = r.u32()?;
        let release = r.u32()?;
        let command = r.u8()?;
        let replica = r.u8()?;
        r.zeros(66, "reserved_frame")?;
        let request_checksum = r.u128()?;
        let context = r.u128()?;
        let client = r.u128()?;
        let op = r.u64()?;
        let commit = r.u64()?;
        let timestamp = r.u64()?;
        let request = r.u64()?;
        let operation = r.u8()?;
        r.skip(7)?;
        let status = r.u32()?;
        r.zeros(36, "reserved")?;
        Ok(ReplyHeader { checksum, checksum_body, cluster, size, view, release, command, replica, request_checksum, context, client, op, commit, timestamp, request, operation, status })
    }
}

/// Server to client (command 13), header only: the session is over; the client reports the reason's error.
#[derive(Debug, Clone, PartialEq)]
pub struct EvictionHeader {
    /// 0 on client frames both ways (replica frames seal the header here).
    pub checksum: u128,
    /// 0 on client frames both ways.
    pub checksum_body: u128,
    /// Cluster id: clients send 0; replies echo the request's value.
    pub cluster: u128,
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. (bytes)
    pub size: u32,
    /// VSR view; 0 from clients and on a single node.
    pub view: u32,
    /// Must be 0 on every header.
    pub release: u32,
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub command: u8,
    /// Replica index; 0 from clients and on a single node.
    pub replica: u8,
    /// The evicted client's id (never 0).
    pub client: u128,
    /// With IncompatibleProtocol: the newest packed version served; else 0.
    pub server_protocol_version: u32,
    /// With IncompatibleProtocol: the oldest packed version served (1 <= min <= max); else 0.
    pub server_protocol_version_min: u32,
    /// Why.
    pub reason: u8,
}

impl EvictionHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u128(self.checksum);
        w.u128(self.checksum_body);
        w.u128(self.cluster);
        w.u32(self.size);
        w.u32(self.view);
        w.u32(self.release);
        w.u8(self.command);
        w.u8(self.replica);
        w.zeros(66);
        w.u128(self.client);
        w.u32(self.server_protocol_version);
        w.u32(self.server_protocol_version_min);
        w.zeros(103);
        w.u8(self.reason);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let checksum = r.u128()?;
        let checksum_body = r.u128()?;
        let cluster = r.u128()?;
        let size = r.u32()?;
        let view = r.u32()?;
        let release = r.u32()?;
        let command = r.u8()?;
        let replica = r.u8()?;
        r.zeros(66, "reserved_frame")?;
        let client = r.u128()?;
        let server_protocol_version = r.u32()?;
        let server_protocol_version_min = r.u32()?;
        r.zeros(103, "reserved")?;
        let reason = r.u8()?;
        Ok(EvictionHeader { checksum, checksum_body, cluster, size, view, release, command, replica, client, server_protocol_version, server_protocol_version_min, reason })
    }
}

/// One entry of a result section (the start of a result-framed reply body: count u32, then the entries).
#[derive(Debug, Clone, PartialEq)]
pub struct ResultEntry {
    /// Which part of the request failed (0 for single requests).
    pub index: u32,
    /// The error code (5004, 57 TransientNotCommitted, 58 TransientNotAccepted, ...).
    pub result: u32,
}

impl ResultEntry {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.index);
        w.u32(self.result);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let index = r.u32()?;
        let result = r.u32()?;
        Ok(ResultEntry { index, result })
    }
}

// --- inline responses -----------------------------------------------------------------------------

/// GetSnapshot answer.
#[derive(Debug, Clone, PartialEq)]
pub struct GetSnapshotResponse {
    /// Raw ZIP file bytes.
    pub data: Bytes,
}

impl GetSnapshotResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.bytes(&self.data);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let data = r.rest();
        Ok(GetSnapshotResponse { data })
    }
}

/// DescribeOptions answer.
#[derive(Debug, Clone, PartialEq)]
pub struct DescribeOptionsResponse {
    /// The catalog.
    pub entries: Vec<OptionDescriptor>,
}

impl DescribeOptionsResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(length_as_u32(self.entries.len(), "entries_count")?);
        for item in &self.entries {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let entries_count = r.u32()?;
        let mut entries = Vec::new();
        for _ in 0..entries_count {
            entries.push(OptionDescriptor::decode(r)?);
        }
        Ok(DescribeOptionsResponse { entries })
    }
}

/// LoginUser answer.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginUserResponse {
    /// The logged-in user's id.
    pub user_id: u32,
}

impl LoginUserResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.user_id);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = r.u32()?;
        Ok(LoginUserResponse { user_id })
    }
}

/// LoginRegister answer.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginRegisterResponse {
    /// The logged-in user's id.
    pub user_id: u32,
    /// The session the client echoes in every later request (never 0).
    pub session: u64,
    /// The server's packed protocol version.
    pub server_protocol_version: u32,
    /// The server's build version.
    pub server_version: String,
}

impl LoginRegisterResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.user_id);
        w.u64(self.session);
        w.u32(self.server_protocol_version);
        w.name(&self.server_version)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = r.u32()?;
        let session = r.u64()?;
        let server_protocol_version = r.u32()?;
        let server_version = r.name()?;
        Ok(LoginRegisterResponse { user_id, session, server_protocol_version, server_version })
    }
}

/// CreatePersonalAccessToken answer.
#[derive(Debug, Clone, PartialEq)]
pub struct CreatePersonalAccessTokenResponse {
    /// The secret token (the 0.8 server sends base64 of 50 random bytes).
    pub token: String,
}

impl CreatePersonalAccessTokenResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.token)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let token = r.name()?;
        Ok(CreatePersonalAccessTokenResponse { token })
    }
}

/// LoginWithPersonalAccessToken answer.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginWithPersonalAccessTokenResponse {
    /// The logged-in user's id.
    pub user_id: u32,
}

impl LoginWithPersonalAccessTokenResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.user_id);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = r.u32()?;
        Ok(LoginWithPersonalAccessTokenResponse { user_id })
    }
}

/// LoginRegisterWithPat answer.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginRegisterWithPatResponse {
    /// The logged-in user's id.
    pub user_id: u32,
    /// The session the client echoes in every later request (never 0).
    pub session: u64,
    /// The server's packed protocol version.
    pub server_protocol_version: u32,
    /// The server's build version.
    pub server_version: String,
}

impl LoginRegisterWithPatResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.user_id);
        w.u64(self.session);
        w.u32(self.server_protocol_version);
        w.name(&self.server_version)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = r.u32()?;
        let session = r.u64()?;
        let server_protocol_version = r.u32()?;
        let server_version = r.name()?;
        Ok(LoginRegisterWithPatResponse { user_id, session, server_protocol_version, server_version })
    }
}

/// SendMessages answer.
#[derive(Debug, Clone, PartialEq)]
pub struct SendMessagesResponse {
    /// Where the batch went (0.8 answers an empty body).
    pub confirmations: Vec<SendConfirmation>,
}

impl SendMessagesResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(self.confirmations.len(), "confirmations_count")?);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            for item in &self.confirmations {
                item.encode(w)?;
            }
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let (confirmations_count, confirmations) = if matches!(r.version(), ProtocolVersion::V0_9) {
            let confirmations_count = r.u32()?;
            let mut confirmations = Vec::new();
            for _ in 0..confirmations_count {
                confirmations.push(SendConfirmation::decode(r)?);
            }
            (confirmations_count, confirmations)
        } else {
            (Default::default(), Default::default())
        };
        Ok(SendMessagesResponse { confirmations })
    }
}

/// SyncConsumerGroup answer.
#[derive(Debug, Clone, PartialEq)]
pub struct SyncConsumerGroupResponse {
    /// The group's generation: it grows with every rebalance.
    pub generation: u64,
    /// The assigned partition ids.
    pub partitions: Vec<u32>,
}

impl SyncConsumerGroupResponse {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u64(self.generation);
        w.u32(length_as_u32(self.partitions.len(), "partitions_count")?);
        for item in &self.partitions {
            w.u32(*item);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let generation = r.u64()?;
        let partitions_count = r.u32()?;
        let mut partitions = Vec::new();
        for _ in 0..partitions_count {
            partitions.push(r.u32()?);
        }
        Ok(SyncConsumerGroupResponse { generation, partitions })
    }
}

// --- requests -------------------------------------------------------------------------------------

/// Ping (1): Liveness check and heartbeat; refreshes the client's last heartbeat.
#[derive(Debug, Clone, PartialEq)]
pub struct PingRequest;

impl PingRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(PingRequest)
    }
}

impl Command for PingRequest {
    const CODE: u32 = command_code::PING;
    const NAME: &'static str = "Ping";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PingRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PingRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }
}

/// GetStats (10): Server statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct GetStatsRequest;

impl GetStatsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetStatsRequest)
    }
}

impl Command for GetStatsRequest {
    const CODE: u32 = command_code::GET_STATS;
    const NAME: &'static str = "GetStats";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Stats;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStatsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStatsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = Stats::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// GetSnapshot (11): Diagnostic snapshot of the server as a ZIP file.
#[derive(Debug, Clone, PartialEq)]
pub struct GetSnapshotRequest {
    /// ZIP compression method.
    pub compression: u8,
    /// Sections to include; 100 (all) must be alone.
    pub snapshot_types: Vec<u8>,
}

impl GetSnapshotRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.compression);
        w.u8(length_as_u8(self.snapshot_types.len(), "types_count")?);
        for item in &self.snapshot_types {
            w.u8(*item);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let compression = r.u8()?;
        let types_count = r.u8()?;
        let mut snapshot_types = Vec::new();
        for _ in 0..types_count {
            snapshot_types.push(r.u8()?);
        }
        Ok(GetSnapshotRequest { compression, snapshot_types })
    }
}

impl Command for GetSnapshotRequest {
    const CODE: u32 = command_code::GET_SNAPSHOT;
    const NAME: &'static str = "GetSnapshot";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = GetSnapshotResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetSnapshotRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetSnapshotRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = GetSnapshotResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// GetClusterMetadata (12): Cluster topology; the official clients send it right after every login.
#[derive(Debug, Clone, PartialEq)]
pub struct GetClusterMetadataRequest;

impl GetClusterMetadataRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetClusterMetadataRequest)
    }
}

impl Command for GetClusterMetadataRequest {
    const CODE: u32 = command_code::GET_CLUSTER_METADATA;
    const NAME: &'static str = "GetClusterMetadata";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ClusterMetadata;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClusterMetadataRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClusterMetadataRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = ClusterMetadata::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// DescribeOptions (13): The option catalog of a scope: each key with its kind, default and description (streams and users have none).
#[derive(Debug, Clone, PartialEq)]
pub struct DescribeOptionsRequest {
    /// 1 topic, 2 stream, 3 user.
    pub scope: u8,
}

impl DescribeOptionsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u8(self.scope);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let scope = r.u8()?;
        Ok(DescribeOptionsRequest { scope })
    }
}

impl Command for DescribeOptionsRequest {
    const CODE: u32 = command_code::DESCRIBE_OPTIONS;
    const NAME: &'static str = "DescribeOptions";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_9];
    type Response = DescribeOptionsResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DescribeOptionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DescribeOptionsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = DescribeOptionsResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// GetMe (20): The caller's own client session (unknown session: 100 ClientNotFound).
#[derive(Debug, Clone, PartialEq)]
pub struct GetMeRequest;

impl GetMeRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetMeRequest)
    }
}

impl Command for GetMeRequest {
    const CODE: u32 = command_code::GET_ME;
    const NAME: &'static str = "GetMe";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ClientDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetMeRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetMeRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = ClientDetails::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// GetClient (21): One client session by id.
#[derive(Debug, Clone, PartialEq)]
pub struct GetClientRequest {
    /// Session id; 0 answers 101 InvalidClientId.
    pub client_id: u32,
}

impl GetClientRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.client_id);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let client_id = r.u32()?;
        Ok(GetClientRequest { client_id })
    }
}

impl Command for GetClientRequest {
    const CODE: u32 = command_code::GET_CLIENT;
    const NAME: &'static str = "GetClient";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<ClientDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClientRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClientRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = ClientDetails::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("client", "client_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "client_id" => self.client_id.param_text(),
            _ => None,
        }
    }
}

/// GetClients (22): Every connected client, including unauthenticated ones.
#[derive(Debug, Clone, PartialEq)]
pub struct GetClientsRequest;

impl GetClientsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetClientsRequest)
    }
}

impl Command for GetClientsRequest {
    const CODE: u32 = command_code::GET_CLIENTS;
    const NAME: &'static str = "GetClients";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<ClientInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClientsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClientsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(ClientInfo::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }
}

/// GetUser (31): One user with permissions.
#[derive(Debug, Clone, PartialEq)]
pub struct GetUserRequest {
    /// User by id or username.
    pub user_id: Identifier,
}

impl GetUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.user_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = Identifier::decode(r)?;
        Ok(GetUserRequest { user_id })
    }
}

impl Command for GetUserRequest {
    const CODE: u32 = command_code::GET_USER;
    const NAME: &'static str = "GetUser";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<UserDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = UserDetails::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("user", "user_id"), ("key", "user_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "user_id" => self.user_id.param_text(),
            _ => None,
        }
    }
}

/// GetUsers (32): Every user, ordered by id.
#[derive(Debug, Clone, PartialEq)]
pub struct GetUsersRequest;

impl GetUsersRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetUsersRequest)
    }
}

impl Command for GetUsersRequest {
    const CODE: u32 = command_code::GET_USERS;
    const NAME: &'static str = "GetUsers";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<UserHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetUsersRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetUsersRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(UserHeader::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }
}

/// CreateUser (33): Create a user; answers the new user.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateUserRequest {
    /// 3..50 bytes (else 43); taken answers 46.
    pub username: String,
    /// 3..100 bytes (else 44).
    pub password: String,
    /// 1 active, 2 inactive.
    pub status: u8,
    /// The new user's permissions.
    pub permissions: Option<Permissions>,
    /// Options block to the end of the body: user_header entries with String keys, each key once (users have no keys in 0.9).
    pub options: Bytes,
}

impl CreateUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.username)?;
        w.password(&self.password)?;
        w.u8(self.status);
        w.u8(u8::from(self.permissions.is_some()));
        if let Some(value) = &self.permissions {
            let permissions_len_at = w.placeholder_u32();
            value.encode(w)?;
            w.patch_u32(permissions_len_at, "permissions_len")?;
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let username = r.name()?;
        let password = r.password()?;
        let status = r.u8()?;
        let has_permissions = r.flag()?;
        let permissions = if has_permissions {
            let permissions_len = r.u32()? as usize;
            let permissions_len_from = r.position();
            let value = Permissions::decode(r)?;
            check_covered(permissions_len, r.position() - permissions_len_from, "permissions_len")?;
            Some(value)
        } else {
            None
        };
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(CreateUserRequest { username, password, status, permissions, options })
    }
}

impl Command for CreateUserRequest {
    const CODE: u32 = command_code::CREATE_USER;
    const NAME: &'static str = "CreateUser";
    const OPERATION: u8 = operation::CREATE_USER;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = UserDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = UserDetails::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("name", "username")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "username" => self.username.param_text(),
            _ => None,
        }
    }
}

/// DeleteUser (34): Delete a user (root answers 48; unknown answers 20).
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteUserRequest {
    /// User by id or username.
    pub user_id: Identifier,
}

impl DeleteUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.user_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = Identifier::decode(r)?;
        Ok(DeleteUserRequest { user_id })
    }
}

impl Command for DeleteUserRequest {
    const CODE: u32 = command_code::DELETE_USER;
    const NAME: &'static str = "DeleteUser";
    const OPERATION: u8 = operation::DELETE_USER;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("user", "user_id"), ("key", "user_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "user_id" => self.user_id.param_text(),
            _ => None,
        }
    }
}

/// UpdateUser (35): Rename a user and/or change its status.
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateUserRequest {
    /// User by id or username.
    pub user_id: Identifier,
    /// New username.
    pub username: Option<String>,
    /// New status.
    pub status: Option<u8>,
    /// Options block to the end of the body: user_header entries with String keys, each key once (users have no keys in 0.9: any key answers 4041).
    pub options: Bytes,
}

impl UpdateUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.user_id.encode(w)?;
        w.u8(u8::from(self.username.is_some()));
        if let Some(value) = &self.username {
            w.name(&value)?;
        }
        w.u8(u8::from(self.status.is_some()));
        if let Some(value) = &self.status {
            w.u8(*value);
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = Identifier::decode(r)?;
        let has_username = r.flag()?;
        let username = if has_username {
            let value = r.name()?;
            Some(value)
        } else {
            None
        };
        let has_status = r.flag()?;
        let status = if has_status {
            let value = r.u8()?;
            Some(value)
        } else {
            None
        };
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(UpdateUserRequest { user_id, username, status, options })
    }
}

impl Command for UpdateUserRequest {
    const CODE: u32 = command_code::UPDATE_USER;
    const NAME: &'static str = "UpdateUser";
    const OPERATION: u8 = operation::UPDATE_USER;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("user", "user_id"), ("name", "username"), ("key", "user_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "user_id" => self.user_id.param_text(),
            "username" => self.username.param_text(),
            _ => None,
        }
    }
}

/// UpdatePermissions (36): Replace a user's permissions (root answers 49).
#[derive(Debug, Clone, PartialEq)]
pub struct UpdatePermissionsRequest {
    /// User by id or username.
    pub user_id: Identifier,
    /// The new permissions.
    pub permissions: Option<Permissions>,
}

impl UpdatePermissionsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.user_id.encode(w)?;
        w.u8(u8::from(self.permissions.is_some()));
        if let Some(value) = &self.permissions {
            let permissions_len_at = w.placeholder_u32();
            value.encode(w)?;
            w.patch_u32(permissions_len_at, "permissions_len")?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = Identifier::decode(r)?;
        let has_permissions = r.flag()?;
        let permissions = if has_permissions {
            let permissions_len = r.u32()? as usize;
            let permissions_len_from = r.position();
            let value = Permissions::decode(r)?;
            check_covered(permissions_len, r.position() - permissions_len_from, "permissions_len")?;
            Some(value)
        } else {
            None
        };
        Ok(UpdatePermissionsRequest { user_id, permissions })
    }
}

impl Command for UpdatePermissionsRequest {
    const CODE: u32 = command_code::UPDATE_PERMISSIONS;
    const NAME: &'static str = "UpdatePermissions";
    const OPERATION: u8 = operation::UPDATE_PERMISSIONS;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdatePermissionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdatePermissionsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("user", "user_id"), ("key", "user_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "user_id" => self.user_id.param_text(),
            _ => None,
        }
    }
}

/// ChangePassword (37): Change a password; a wrong current password answers 42.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangePasswordRequest {
    /// User by id or username.
    pub user_id: Identifier,
    /// The password now in force.
    pub current_password: String,
    /// 3..100 bytes (else 44).
    pub new_password: String,
}

impl ChangePasswordRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.user_id.encode(w)?;
        w.password(&self.current_password)?;
        w.password(&self.new_password)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let user_id = Identifier::decode(r)?;
        let current_password = r.password()?;
        let new_password = r.password()?;
        Ok(ChangePasswordRequest { user_id, current_password, new_password })
    }
}

impl Command for ChangePasswordRequest {
    const CODE: u32 = command_code::CHANGE_PASSWORD;
    const NAME: &'static str = "ChangePassword";
    const OPERATION: u8 = operation::CHANGE_PASSWORD;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        ChangePasswordRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        ChangePasswordRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("user", "user_id"), ("key", "user_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "user_id" => self.user_id.param_text(),
            _ => None,
        }
    }
}

/// LoginUser (38): Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginUserRequest {
    /// Username.
    pub username: String,
    /// Password.
    pub password: String,
    /// Client SDK version (the Python client sends "0.10.0"); ignored by the server.
    pub version: String,
    /// Free-form client context, usually empty; ignored by the server.
    pub context: String,
}

impl LoginUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.username)?;
        w.password(&self.password)?;
        w.string32(&self.version)?;
        w.string32(&self.context)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let username = r.name()?;
        let password = r.password()?;
        let version = r.string32()?;
        let context = r.string32()?;
        Ok(LoginUserRequest { username, password, version, context })
    }
}

impl Command for LoginUserRequest {
    const CODE: u32 = command_code::LOGIN_USER;
    const NAME: &'static str = "LoginUser";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8];
    type Response = LoginUserResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = LoginUserResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// LogoutUser (39): Log out; the connection stays open and unauthenticated.
#[derive(Debug, Clone, PartialEq)]
pub struct LogoutUserRequest;

impl LogoutUserRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(LogoutUserRequest)
    }
}

impl Command for LogoutUserRequest {
    const CODE: u32 = command_code::LOGOUT_USER;
    const NAME: &'static str = "LogoutUser";
    const OPERATION: u8 = operation::LOGOUT;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LogoutUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LogoutUserRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }
}

/// LoginRegister (40): Log in with username and password and register a session (wrong credentials: eviction InvalidCredentials; inactive user: UserInactive). The code is not on the wire: operation Register carries it, and the server tries this shape before LoginRegisterWithPat's.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginRegisterRequest {
    /// The client's packed protocol version (0.9 clients: PROTOCOL_VERSION_0_9); outside the window: eviction IncompatibleProtocol.
    pub protocol_version: u32,
    /// SDK identifier (the official Rust SDK and the Python client that wraps it: "rust-sdk").
    pub sdk_name: String,
    /// SDK build version ("0.11.0").
    pub sdk_version: String,
    /// Username.
    pub username: String,
    /// Password.
    pub password: String,
    /// Free-form client context, usually empty.
    pub context: String,
}

impl LoginRegisterRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.protocol_version);
        w.name(&self.sdk_name)?;
        w.name(&self.sdk_version)?;
        w.name(&self.username)?;
        w.password(&self.password)?;
        w.string32(&self.context)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let protocol_version = r.u32()?;
        let sdk_name = r.name()?;
        let sdk_version = r.name()?;
        let username = r.name()?;
        let password = r.password()?;
        let context = r.string32()?;
        Ok(LoginRegisterRequest { protocol_version, sdk_name, sdk_version, username, password, context })
    }
}

impl Command for LoginRegisterRequest {
    const CODE: u32 = command_code::LOGIN_REGISTER;
    const NAME: &'static str = "LoginRegister";
    const OPERATION: u8 = operation::REGISTER;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_9];
    type Response = LoginRegisterResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginRegisterRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginRegisterRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = LoginRegisterResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// GetPersonalAccessTokens (41): The caller's personal access tokens, without secrets.
#[derive(Debug, Clone, PartialEq)]
pub struct GetPersonalAccessTokensRequest;

impl GetPersonalAccessTokensRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetPersonalAccessTokensRequest)
    }
}

impl Command for GetPersonalAccessTokensRequest {
    const CODE: u32 = command_code::GET_PERSONAL_ACCESS_TOKENS;
    const NAME: &'static str = "GetPersonalAccessTokens";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<PersonalAccessTokenInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetPersonalAccessTokensRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetPersonalAccessTokensRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(PersonalAccessTokenInfo::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }
}

/// CreatePersonalAccessToken (42): Create a personal access token; the secret is returned once.
#[derive(Debug, Clone, PartialEq)]
pub struct CreatePersonalAccessTokenRequest {
    /// Token name, 3..30 bytes (else 50); taken answers 51.
    pub name: String,
    /// Lifetime; 0 or u64::MAX = never expires. (µs)
    pub expiry: u64,
}

impl CreatePersonalAccessTokenRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.name)?;
        w.u64(self.expiry);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.name()?;
        let expiry = r.u64()?;
        Ok(CreatePersonalAccessTokenRequest { name, expiry })
    }
}

impl Command for CreatePersonalAccessTokenRequest {
    const CODE: u32 = command_code::CREATE_PERSONAL_ACCESS_TOKEN;
    const NAME: &'static str = "CreatePersonalAccessToken";
    const OPERATION: u8 = operation::CREATE_PERSONAL_ACCESS_TOKEN;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = CreatePersonalAccessTokenResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreatePersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreatePersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = CreatePersonalAccessTokenResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// DeletePersonalAccessToken (43): Delete one of the caller's tokens (unknown answers 20).
#[derive(Debug, Clone, PartialEq)]
pub struct DeletePersonalAccessTokenRequest {
    /// Token name.
    pub name: String,
}

impl DeletePersonalAccessTokenRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.name()?;
        Ok(DeletePersonalAccessTokenRequest { name })
    }
}

impl Command for DeletePersonalAccessTokenRequest {
    const CODE: u32 = command_code::DELETE_PERSONAL_ACCESS_TOKEN;
    const NAME: &'static str = "DeletePersonalAccessToken";
    const OPERATION: u8 = operation::DELETE_PERSONAL_ACCESS_TOKEN;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeletePersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeletePersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("token", "name"), ("key", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// LoginWithPersonalAccessToken (44): Log in with a token secret (unknown answers 20, expired 54).
#[derive(Debug, Clone, PartialEq)]
pub struct LoginWithPersonalAccessTokenRequest {
    /// The token secret.
    pub token: String,
}

impl LoginWithPersonalAccessTokenRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.token)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let token = r.name()?;
        Ok(LoginWithPersonalAccessTokenRequest { token })
    }
}

impl Command for LoginWithPersonalAccessTokenRequest {
    const CODE: u32 = command_code::LOGIN_WITH_PERSONAL_ACCESS_TOKEN;
    const NAME: &'static str = "LoginWithPersonalAccessToken";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8];
    type Response = LoginWithPersonalAccessTokenResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginWithPersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginWithPersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = LoginWithPersonalAccessTokenResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// LoginRegisterWithPat (45): Log in with a personal access token and register a session (unknown or expired token: eviction InvalidToken).
#[derive(Debug, Clone, PartialEq)]
pub struct LoginRegisterWithPatRequest {
    /// The client's packed protocol version.
    pub protocol_version: u32,
    /// SDK identifier.
    pub sdk_name: String,
    /// SDK build version.
    pub sdk_version: String,
    /// The token secret.
    pub token: String,
    /// Free-form client context, usually empty.
    pub context: String,
}

impl LoginRegisterWithPatRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.protocol_version);
        w.name(&self.sdk_name)?;
        w.name(&self.sdk_version)?;
        w.name(&self.token)?;
        w.string32(&self.context)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let protocol_version = r.u32()?;
        let sdk_name = r.name()?;
        let sdk_version = r.name()?;
        let token = r.name()?;
        let context = r.string32()?;
        Ok(LoginRegisterWithPatRequest { protocol_version, sdk_name, sdk_version, token, context })
    }
}

impl Command for LoginRegisterWithPatRequest {
    const CODE: u32 = command_code::LOGIN_REGISTER_WITH_PAT;
    const NAME: &'static str = "LoginRegisterWithPat";
    const OPERATION: u8 = operation::REGISTER;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_9];
    type Response = LoginRegisterWithPatResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginRegisterWithPatRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginRegisterWithPatRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = LoginRegisterWithPatResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }
}

/// PollMessages (100): Read messages from one partition; always answers at least the 16-byte prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct PollMessagesRequest {
    /// The consumer or group polling (group: caller must be a member, else 5006).
    pub consumer: Consumer,
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Partition; None = 0 for a consumer, the member's next partition for a group.
    pub partition_id: Option<u32>,
    /// Where to start.
    pub strategy: PollingStrategy,
    /// Most messages to return.
    pub count: u32,
    /// 1 = store the last returned offset for this consumer after the poll.
    pub auto_commit: bool,
}

impl PollMessagesRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.consumer.encode(w)?;
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.optional_partition(self.partition_id);
        self.strategy.encode(w)?;
        w.u32(self.count);
        w.u8(u8::from(self.auto_commit));
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let consumer = Consumer::decode(r)?;
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.optional_partition()?;
        let strategy = PollingStrategy::decode(r)?;
        let count = r.u32()?;
        let auto_commit = r.u8()? != 0;
        Ok(PollMessagesRequest { consumer, stream_id, topic_id, partition_id, strategy, count, auto_commit })
    }
}

impl Command for PollMessagesRequest {
    const CODE: u32 = command_code::POLL_MESSAGES;
    const NAME: &'static str = "PollMessages";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = PolledMessages;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PollMessagesRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PollMessagesRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = PolledMessages::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("consumer", "consumer"), ("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "consumer" => self.consumer.param_text(),
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            _ => None,
        }
    }
}

/// SendMessages (101): Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums.
#[derive(Debug, Clone, PartialEq)]
pub struct SendMessagesRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// How to pick the partition.
    pub partitioning: Partitioning,
    /// Message frames with checksum, offset and timestamp 0.
    pub messages: Vec<Message>,
    /// One batch filling the rest of the body: ids, checksums and origin timestamps from the producer, partition, offset and timestamp 0.
    pub batch: Option<MessageBatch>,
}

impl SendMessagesRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        let metadata_length_at = w.placeholder_u32();
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.partitioning.encode(w)?;
        let messages_count = if matches!(w.version(), ProtocolVersion::V0_8) { self.messages.len() } else if matches!(w.version(), ProtocolVersion::V0_9) { self.batch.as_ref().map_or(0, |value| value.frames.len()) } else { 0 };
        w.u32(length_as_u32(messages_count, "messages_count")?);
        w.patch_u32(metadata_length_at, "metadata_length")?;
        if matches!(w.version(), ProtocolVersion::V0_8) {
            let mut frames = Writer::with_version(w.version());
            for item in &self.messages {
                item.encode(&mut frames)?;
                IndexEntry { relative_offset: 0, position: length_as_u32(frames.len(), "position")?, timestamp: 0 }.encode(w)?;
            }
            w.bytes(frames.as_slice());
        }
        if matches!(w.version(), ProtocolVersion::V0_9) {
            match &self.batch {
                Some(value) => value.encode(w)?,
                None => return Err(CodecError::Invalid("batch is required in this protocol version")),
            }
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let metadata_length = r.u32()? as usize;
        let metadata_length_from = r.position();
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partitioning = Partitioning::decode(r)?;
        let messages_count = r.u32()?;
        check_covered(metadata_length, r.position() - metadata_length_from, "metadata_length")?;
        let messages = if matches!(r.version(), ProtocolVersion::V0_8) {
            for _ in 0..messages_count {
                IndexEntry::decode(r)?;
            }
            let mut messages = Vec::new();
            for _ in 0..messages_count {
                messages.push(Message::decode(r)?);
            }
            messages
        } else {
            Default::default()
        };
        let batch = if matches!(r.version(), ProtocolVersion::V0_9) {
            let batch = MessageBatch::decode(r)?;
            if batch.frames.len() != messages_count as usize {
                return Err(CodecError::Invalid("messages_count disagrees with batch"));
            }
            let batch = Some(batch);
            batch
        } else {
            Default::default()
        };
        Ok(SendMessagesRequest { stream_id, topic_id, partitioning, messages, batch })
    }
}

impl Command for SendMessagesRequest {
    const CODE: u32 = command_code::SEND_MESSAGES;
    const NAME: &'static str = "SendMessages";
    const OPERATION: u8 = operation::SEND_MESSAGES;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<SendMessagesResponse>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        SendMessagesRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        SendMessagesRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = SendMessagesResponse::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partitioning")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partitioning" => self.partitioning.param_text(),
            _ => None,
        }
    }
}

/// FlushUnsavedBuffer (102): Write a partition's buffered messages to disk.
#[derive(Debug, Clone, PartialEq)]
pub struct FlushUnsavedBufferRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// The partition.
    pub partition_id: u32,
    /// 1 = also fsync the files.
    pub fsync: bool,
}

impl FlushUnsavedBufferRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.u32(self.partition_id);
        w.u8(u8::from(self.fsync));
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.u32()?;
        let fsync = r.u8()? != 0;
        Ok(FlushUnsavedBufferRequest { stream_id, topic_id, partition_id, fsync })
    }
}

impl Command for FlushUnsavedBufferRequest {
    const CODE: u32 = command_code::FLUSH_UNSAVED_BUFFER;
    const NAME: &'static str = "FlushUnsavedBuffer";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        FlushUnsavedBufferRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        FlushUnsavedBufferRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            _ => None,
        }
    }
}

/// GetConsumerOffset (120): The stored offset of a consumer or group; every lookup failure answers an empty OK.
#[derive(Debug, Clone, PartialEq)]
pub struct GetConsumerOffsetRequest {
    /// The consumer or group (no membership needed).
    pub consumer: Consumer,
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Partition; None = 0.
    pub partition_id: Option<u32>,
}

impl GetConsumerOffsetRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.consumer.encode(w)?;
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.optional_partition(self.partition_id);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let consumer = Consumer::decode(r)?;
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.optional_partition()?;
        Ok(GetConsumerOffsetRequest { consumer, stream_id, topic_id, partition_id })
    }
}

impl Command for GetConsumerOffsetRequest {
    const CODE: u32 = command_code::GET_CONSUMER_OFFSET;
    const NAME: &'static str = "GetConsumerOffset";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<ConsumerOffsetInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = ConsumerOffsetInfo::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("consumer", "consumer"), ("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "consumer" => self.consumer.param_text(),
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            _ => None,
        }
    }
}

/// StoreConsumerOffset (121): Store a consumer's offset (beyond the partition's last offset answers 4100).
#[derive(Debug, Clone, PartialEq)]
pub struct StoreConsumerOffsetRequest {
    /// The consumer or group (group: caller must be a member).
    pub consumer: Consumer,
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Partition; None = 0 or the member's current partition.
    pub partition_id: Option<u32>,
    /// Offset to store, at most the partition's current offset.
    pub offset: u64,
    /// 0 NoAck, 1 Quorum (what the official client sends); a single node treats both alike.
    pub ack: u8,
}

impl StoreConsumerOffsetRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.consumer.encode(w)?;
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.optional_partition(self.partition_id);
        w.u64(self.offset);
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u8(self.ack);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let consumer = Consumer::decode(r)?;
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.optional_partition()?;
        let offset = r.u64()?;
        let ack = if matches!(r.version(), ProtocolVersion::V0_9) {
            let ack = r.u8()?;
            ack
        } else {
            1
        };
        Ok(StoreConsumerOffsetRequest { consumer, stream_id, topic_id, partition_id, offset, ack })
    }
}

impl Command for StoreConsumerOffsetRequest {
    const CODE: u32 = command_code::STORE_CONSUMER_OFFSET;
    const NAME: &'static str = "StoreConsumerOffset";
    const OPERATION: u8 = operation::STORE_CONSUMER_OFFSET;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        StoreConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        StoreConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("consumer", "consumer"), ("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id"), ("offset", "offset")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "consumer" => self.consumer.param_text(),
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            "offset" => self.offset.param_text(),
            _ => None,
        }
    }
}

/// DeleteConsumerOffset (122): Forget a consumer's stored offset (nothing stored answers 3021).
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteConsumerOffsetRequest {
    /// The consumer or group (group: caller must be a member).
    pub consumer: Consumer,
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Partition; None = 0 or the member's current partition.
    pub partition_id: Option<u32>,
    /// 0 NoAck, 1 Quorum (what the official client sends); a single node treats both alike.
    pub ack: u8,
}

impl DeleteConsumerOffsetRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.consumer.encode(w)?;
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.optional_partition(self.partition_id);
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u8(self.ack);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let consumer = Consumer::decode(r)?;
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.optional_partition()?;
        let ack = if matches!(r.version(), ProtocolVersion::V0_9) {
            let ack = r.u8()?;
            ack
        } else {
            1
        };
        Ok(DeleteConsumerOffsetRequest { consumer, stream_id, topic_id, partition_id, ack })
    }
}

impl Command for DeleteConsumerOffsetRequest {
    const CODE: u32 = command_code::DELETE_CONSUMER_OFFSET;
    const NAME: &'static str = "DeleteConsumerOffset";
    const OPERATION: u8 = operation::DELETE_CONSUMER_OFFSET;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("consumer", "consumer"), ("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "consumer" => self.consumer.param_text(),
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            _ => None,
        }
    }
}

/// GetStream (200): One stream with its topics.
#[derive(Debug, Clone, PartialEq)]
pub struct GetStreamRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
}

impl GetStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        Ok(GetStreamRequest { stream_id })
    }
}

impl Command for GetStreamRequest {
    const CODE: u32 = command_code::GET_STREAM;
    const NAME: &'static str = "GetStream";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<StreamDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = StreamDetails::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            _ => None,
        }
    }
}

/// GetStreams (201): Every stream, sorted by id.
#[derive(Debug, Clone, PartialEq)]
pub struct GetStreamsRequest;

impl GetStreamsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, _w: &mut Writer) -> Result<(), CodecError> {
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(_r: &mut Reader) -> Result<Self, CodecError> {
        Ok(GetStreamsRequest)
    }
}

impl Command for GetStreamsRequest {
    const CODE: u32 = command_code::GET_STREAMS;
    const NAME: &'static str = "GetStreams";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<StreamHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStreamsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStreamsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(StreamHeader::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }
}

/// CreateStream (202): Create a stream (ids are server-assigned); a taken name answers 1012.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateStreamRequest {
    /// Stream name.
    pub name: String,
    /// Options block to the end of the body: user_header entries with String keys, each key once (streams have no keys in 0.9).
    pub options: Bytes,
}

impl CreateStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.name()?;
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(CreateStreamRequest { name, options })
    }
}

impl Command for CreateStreamRequest {
    const CODE: u32 = command_code::CREATE_STREAM;
    const NAME: &'static str = "CreateStream";
    const OPERATION: u8 = operation::CREATE_STREAM;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = StreamHeader;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = StreamHeader::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// DeleteStream (203): Delete a stream with all its topics and messages.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteStreamRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
}

impl DeleteStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        Ok(DeleteStreamRequest { stream_id })
    }
}

impl Command for DeleteStreamRequest {
    const CODE: u32 = command_code::DELETE_STREAM;
    const NAME: &'static str = "DeleteStream";
    const OPERATION: u8 = operation::DELETE_STREAM;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            _ => None,
        }
    }
}

/// UpdateStream (204): Rename a stream (another stream's name answers 1012).
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateStreamRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// New stream name.
    pub name: String,
    /// Options block to the end of the body: user_header entries with String keys, each key once (streams have no keys in 0.9: any key answers 4041).
    pub options: Bytes,
}

impl UpdateStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let name = r.name()?;
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(UpdateStreamRequest { stream_id, name, options })
    }
}

impl Command for UpdateStreamRequest {
    const CODE: u32 = command_code::UPDATE_STREAM;
    const NAME: &'static str = "UpdateStream";
    const OPERATION: u8 = operation::UPDATE_STREAM;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// PurgeStream (205): Delete every message of every topic of a stream, keeping the topics.
#[derive(Debug, Clone, PartialEq)]
pub struct PurgeStreamRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
}

impl PurgeStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        Ok(PurgeStreamRequest { stream_id })
    }
}

impl Command for PurgeStreamRequest {
    const CODE: u32 = command_code::PURGE_STREAM;
    const NAME: &'static str = "PurgeStream";
    const OPERATION: u8 = operation::PURGE_STREAM;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PurgeStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PurgeStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            _ => None,
        }
    }
}

/// GetTopic (300): One topic with its partitions.
#[derive(Debug, Clone, PartialEq)]
pub struct GetTopicRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
}

impl GetTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        Ok(GetTopicRequest { stream_id, topic_id })
    }
}

impl Command for GetTopicRequest {
    const CODE: u32 = command_code::GET_TOPIC;
    const NAME: &'static str = "GetTopic";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<TopicDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = TopicDetails::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// GetTopics (301): Every topic of a stream, sorted by id; empty if the stream does not exist.
#[derive(Debug, Clone, PartialEq)]
pub struct GetTopicsRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
}

impl GetTopicsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        Ok(GetTopicsRequest { stream_id })
    }
}

impl Command for GetTopicsRequest {
    const CODE: u32 = command_code::GET_TOPICS;
    const NAME: &'static str = "GetTopics";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<TopicHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetTopicsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetTopicsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        if matches!(version, ProtocolVersion::V0_9) && r.remaining() > 0 {
            let count = r.u32()?;
            for _ in 0..count {
                items.push(TopicHeader::decode(&mut r)?);
            }
            r.finish()?;
            return Ok(items);
        }
        while r.remaining() > 0 {
            items.push(TopicHeader::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.u32(length_as_u32(response.len(), "count")?);
        }
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            _ => None,
        }
    }
}

/// CreateTopic (302): Create a topic with its partitions; a taken name answers 2013.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateTopicRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// 0..1000 partitions (more answers 2015).
    pub partitions_count: u32,
    /// 1 none, 2 gzip (0.9: the option compression_algorithm).
    pub compression_algorithm: u8,
    /// 0 = server default, u64::MAX = never (0.9: the option message_expiry). (µs)
    pub message_expiry: u64,
    /// 0 = server default, u64::MAX = unlimited, else at least the segment size (1019) (0.9: the option max_topic_size). (bytes)
    pub max_topic_size: u64,
    /// 0 = default (stored as 1); gone in 0.9.
    pub replication_factor: u8,
    /// Topic name.
    pub name: String,
    /// Options block to the end of the body: user_header entries with String keys, each key once (the topic catalog: DescribeOptions; the official 0.9 client always sends durability and consumer_offset_durability).
    pub options: Bytes,
}

impl CreateTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        w.u32(self.partitions_count);
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.compression_algorithm);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u64(self.message_expiry);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u64(self.max_topic_size);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.replication_factor);
        }
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let partitions_count = r.u32()?;
        let (compression_algorithm, message_expiry, max_topic_size, replication_factor) = if matches!(r.version(), ProtocolVersion::V0_8) {
            let compression_algorithm = r.u8()?;
            let message_expiry = r.u64()?;
            let max_topic_size = r.u64()?;
            let replication_factor = r.u8()?;
            (compression_algorithm, message_expiry, max_topic_size, replication_factor)
        } else {
            (Default::default(), Default::default(), Default::default(), Default::default())
        };
        let name = r.name()?;
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(CreateTopicRequest { stream_id, partitions_count, compression_algorithm, message_expiry, max_topic_size, replication_factor, name, options })
    }
}

impl Command for CreateTopicRequest {
    const CODE: u32 = command_code::CREATE_TOPIC;
    const NAME: &'static str = "CreateTopic";
    const OPERATION: u8 = operation::CREATE_TOPIC;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = TopicDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = TopicDetails::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// DeleteTopic (303): Delete a topic with its messages.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteTopicRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
}

impl DeleteTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        Ok(DeleteTopicRequest { stream_id, topic_id })
    }
}

impl Command for DeleteTopicRequest {
    const CODE: u32 = command_code::DELETE_TOPIC;
    const NAME: &'static str = "DeleteTopic";
    const OPERATION: u8 = operation::DELETE_TOPIC;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// UpdateTopic (304): Change a topic's settings and name (the name comes last).
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateTopicRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// 1 none, 2 gzip.
    pub compression_algorithm: u8,
    /// 0 = server default, u64::MAX = never. (µs)
    pub message_expiry: u64,
    /// 0 = server default, u64::MAX = unlimited. (bytes)
    pub max_topic_size: u64,
    /// 0 = default (stored as 1); gone in 0.9.
    pub replication_factor: u8,
    /// New (or the same) topic name.
    pub name: String,
    /// Options block to the end of the body: user_header entries with String keys, each key once (0.9 updates compression_algorithm, message_expiry and max_topic_size; an absent key is left as it is, another key answers 4041).
    pub options: Bytes,
}

impl UpdateTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.compression_algorithm);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u64(self.message_expiry);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u64(self.max_topic_size);
        }
        if matches!(w.version(), ProtocolVersion::V0_8) {
            w.u8(self.replication_factor);
        }
        w.name(&self.name)?;
        if matches!(w.version(), ProtocolVersion::V0_9) {
            w.bytes(&self.options);
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let (compression_algorithm, message_expiry, max_topic_size, replication_factor) = if matches!(r.version(), ProtocolVersion::V0_8) {
            let compression_algorithm = r.u8()?;
            let message_expiry = r.u64()?;
            let max_topic_size = r.u64()?;
            let replication_factor = r.u8()?;
            (compression_algorithm, message_expiry, max_topic_size, replication_factor)
        } else {
            (Default::default(), Default::default(), Default::default(), Default::default())
        };
        let name = r.name()?;
        let options = if matches!(r.version(), ProtocolVersion::V0_9) {
            let options = r.rest();
            options
        } else {
            Default::default()
        };
        Ok(UpdateTopicRequest { stream_id, topic_id, compression_algorithm, message_expiry, max_topic_size, replication_factor, name, options })
    }
}

impl Command for UpdateTopicRequest {
    const CODE: u32 = command_code::UPDATE_TOPIC;
    const NAME: &'static str = "UpdateTopic";
    const OPERATION: u8 = operation::UPDATE_TOPIC;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// PurgeTopic (305): Delete every message of a topic, keeping its partitions.
#[derive(Debug, Clone, PartialEq)]
pub struct PurgeTopicRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
}

impl PurgeTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        Ok(PurgeTopicRequest { stream_id, topic_id })
    }
}

impl Command for PurgeTopicRequest {
    const CODE: u32 = command_code::PURGE_TOPIC;
    const NAME: &'static str = "PurgeTopic";
    const OPERATION: u8 = operation::PURGE_TOPIC;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PurgeTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PurgeTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// CreatePartitions (402): Append partitions to a topic (new ids follow the highest).
#[derive(Debug, Clone, PartialEq)]
pub struct CreatePartitionsRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// 1..1000 partitions to add (else 2015).
    pub partitions_count: u32,
}

impl CreatePartitionsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.u32(self.partitions_count);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partitions_count = r.u32()?;
        Ok(CreatePartitionsRequest { stream_id, topic_id, partitions_count })
    }
}

impl Command for CreatePartitionsRequest {
    const CODE: u32 = command_code::CREATE_PARTITIONS;
    const NAME: &'static str = "CreatePartitions";
    const OPERATION: u8 = operation::CREATE_PARTITIONS;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreatePartitionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreatePartitionsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// DeletePartitions (403): Remove the highest-numbered partitions of a topic.
#[derive(Debug, Clone, PartialEq)]
pub struct DeletePartitionsRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// At least 1; more than exist answers 2019.
    pub partitions_count: u32,
}

impl DeletePartitionsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.u32(self.partitions_count);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partitions_count = r.u32()?;
        Ok(DeletePartitionsRequest { stream_id, topic_id, partitions_count })
    }
}

impl Command for DeletePartitionsRequest {
    const CODE: u32 = command_code::DELETE_PARTITIONS;
    const NAME: &'static str = "DeletePartitions";
    const OPERATION: u8 = operation::DELETE_PARTITIONS;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeletePartitionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeletePartitionsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// DeleteSegments (503): Delete the oldest segments of a partition.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteSegmentsRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// The partition.
    pub partition_id: u32,
    /// Number of segments to delete.
    pub segments_count: u32,
}

impl DeleteSegmentsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.u32(self.partition_id);
        w.u32(self.segments_count);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.u32()?;
        let segments_count = r.u32()?;
        Ok(DeleteSegmentsRequest { stream_id, topic_id, partition_id, segments_count })
    }
}

impl Command for DeleteSegmentsRequest {
    const CODE: u32 = command_code::DELETE_SEGMENTS;
    const NAME: &'static str = "DeleteSegments";
    const OPERATION: u8 = operation::DELETE_SEGMENTS;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteSegmentsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteSegmentsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("partition", "partition_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "partition_id" => self.partition_id.param_text(),
            _ => None,
        }
    }
}

/// GetConsumerGroup (600): One consumer group with its members and their partitions.
#[derive(Debug, Clone, PartialEq)]
pub struct GetConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group by id or name.
    pub group_id: Identifier,
}

impl GetConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.group_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let group_id = Identifier::decode(r)?;
        Ok(GetConsumerGroupRequest { stream_id, topic_id, group_id })
    }
}

impl Command for GetConsumerGroupRequest {
    const CODE: u32 = command_code::GET_CONSUMER_GROUP;
    const NAME: &'static str = "GetConsumerGroup";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Option<GroupDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = GroupDetails::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("group", "group_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "group_id" => self.group_id.param_text(),
            _ => None,
        }
    }
}

/// GetConsumerGroups (601): Every consumer group of a topic.
#[derive(Debug, Clone, PartialEq)]
pub struct GetConsumerGroupsRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
}

impl GetConsumerGroupsRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        Ok(GetConsumerGroupsRequest { stream_id, topic_id })
    }
}

impl Command for GetConsumerGroupsRequest {
    const CODE: u32 = command_code::GET_CONSUMER_GROUPS;
    const NAME: &'static str = "GetConsumerGroups";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = Vec<GroupHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerGroupsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerGroupsRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(GroupHeader::decode(&mut r)?);
        }
        Ok(items)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        for item in response {
            item.encode(w)?;
        }
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            _ => None,
        }
    }
}

/// CreateConsumerGroup (602): Create a consumer group over the topic's current partitions; a taken name answers 5004.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group name.
    pub name: String,
}

impl CreateConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let name = r.name()?;
        Ok(CreateConsumerGroupRequest { stream_id, topic_id, name })
    }
}

impl Command for CreateConsumerGroupRequest {
    const CODE: u32 = command_code::CREATE_CONSUMER_GROUP;
    const NAME: &'static str = "CreateConsumerGroup";
    const OPERATION: u8 = operation::CREATE_CONSUMER_GROUP;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = GroupHeader;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        let mut r = Reader::with_version(body, version);
        let value = GroupHeader::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("name", "name")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "name" => self.name.param_text(),
            _ => None,
        }
    }
}

/// DeleteConsumerGroup (603): Delete a consumer group.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group by id or name.
    pub group_id: Identifier,
}

impl DeleteConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.group_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let group_id = Identifier::decode(r)?;
        Ok(DeleteConsumerGroupRequest { stream_id, topic_id, group_id })
    }
}

impl Command for DeleteConsumerGroupRequest {
    const CODE: u32 = command_code::DELETE_CONSUMER_GROUP;
    const NAME: &'static str = "DeleteConsumerGroup";
    const OPERATION: u8 = operation::DELETE_CONSUMER_GROUP;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("group", "group_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "group_id" => self.group_id.param_text(),
            _ => None,
        }
    }
}

/// JoinConsumerGroup (604): Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group by id or name.
    pub group_id: Identifier,
}

impl JoinConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.group_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let group_id = Identifier::decode(r)?;
        Ok(JoinConsumerGroupRequest { stream_id, topic_id, group_id })
    }
}

impl Command for JoinConsumerGroupRequest {
    const CODE: u32 = command_code::JOIN_CONSUMER_GROUP;
    const NAME: &'static str = "JoinConsumerGroup";
    const OPERATION: u8 = operation::JOIN_CONSUMER_GROUP;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        JoinConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        JoinConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("group", "group_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "group_id" => self.group_id.param_text(),
            _ => None,
        }
    }
}

/// LeaveConsumerGroup (605): Remove the caller's connection from a group (the group rebalances).
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group by id or name.
    pub group_id: Identifier,
}

impl LeaveConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.group_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let group_id = Identifier::decode(r)?;
        Ok(LeaveConsumerGroupRequest { stream_id, topic_id, group_id })
    }
}

impl Command for LeaveConsumerGroupRequest {
    const CODE: u32 = command_code::LEAVE_CONSUMER_GROUP;
    const NAME: &'static str = "LeaveConsumerGroup";
    const OPERATION: u8 = operation::LEAVE_CONSUMER_GROUP;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_8, ProtocolVersion::V0_9];
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LeaveConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LeaveConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("group", "group_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "group_id" => self.group_id.param_text(),
            _ => None,
        }
    }
}

/// SyncConsumerGroup (606): The caller's partitions in a group at the group's current generation; an empty body when the caller is not a member. Members poll only these partitions and sync again when a poll is fenced.
#[derive(Debug, Clone, PartialEq)]
pub struct SyncConsumerGroupRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// Topic by id or name.
    pub topic_id: Identifier,
    /// Group by id or name.
    pub group_id: Identifier,
}

impl SyncConsumerGroupRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.group_id.encode(w)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let group_id = Identifier::decode(r)?;
        Ok(SyncConsumerGroupRequest { stream_id, topic_id, group_id })
    }
}

impl Command for SyncConsumerGroupRequest {
    const CODE: u32 = command_code::SYNC_CONSUMER_GROUP;
    const NAME: &'static str = "SyncConsumerGroup";
    const OPERATION: u8 = operation::NON_REPLICATED;
    const VERSIONS: &'static [ProtocolVersion] = &[ProtocolVersion::V0_9];
    type Response = Option<SyncConsumerGroupResponse>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        SyncConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        SyncConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::with_version(body, version);
        let value = SyncConsumerGroupResponse::decode(&mut r)?;
        r.finish()?;
        Ok(Some(value))
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        match response {
            Some(value) => value.encode(w),
            None => Ok(()),
        }
    }

    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[("stream", "stream_id"), ("topic", "topic_id"), ("group", "group_id")];

    fn error_field_text(&self, field: &str) -> Option<String> {
        match field {
            "stream_id" => self.stream_id.param_text(),
            "topic_id" => self.topic_id.param_text(),
            "group_id" => self.group_id.param_text(),
            _ => None,
        }
    }
}

// --- command table ----------------------------------------------------------------------------------

/// One row of the command table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    pub code: u32,
    pub name: &'static str,
    /// Rust type of the request.
    pub request: &'static str,
    /// Rust type of one response element (`()` for an empty answer).
    pub response: &'static str,
    /// The answer is that element repeated to the end of the body.
    pub response_is_list: bool,
    /// A missing object answers OK with an empty body.
    pub empty_when_missing: bool,
    /// False for the commands a server accepts before login.
    pub auth: bool,
    /// The permission rule as the spec states it.
    pub permission: &'static str,
    /// Its machine-readable id (a `[[permission_rule]]` of commands.toml; the server's authorizer agrees).
    pub permission_rule: &'static str,
    /// The protocol versions that have the command.
    pub versions: &'static [ProtocolVersion],
    /// The 0.9 `Operation` its request header carries (`NON_REPLICATED`: the code rides in the header).
    pub operation: u8,
    /// Versions in which the list answer starts with its element count (u32).
    pub response_count_prefix: &'static [ProtocolVersion],
    /// Versions whose OK answer is always an empty body (no response field exists there).
    pub empty_answer_in: &'static [ProtocolVersion],
    /// It changes what the server stores or what other clients see.
    pub mutates: bool,
    /// A client may send it again on a new connection after its answer was lost (the lookups and Ping).
    pub replay_safe: bool,
    /// The server writes an audit line for it (the administrative changes).
    pub audited: bool,
}

/// Every command of every version, ascending by code.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        code: command_code::PING,
        name: "Ping",
        request: "PingRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: false,
        permission: "none",
        permission_rule: "public",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_STATS,
        name: "GetStats",
        request: "GetStatsRequest",
        response: "Stats",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "read_servers",
        permission_rule: "read_servers",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_SNAPSHOT,
        name: "GetSnapshot",
        request: "GetSnapshotRequest",
        response: "GetSnapshotResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none (login only)",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_CLUSTER_METADATA,
        name: "GetClusterMetadata",
        request: "GetClusterMetadataRequest",
        response: "ClusterMetadata",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::DESCRIBE_OPTIONS,
        name: "DescribeOptions",
        request: "DescribeOptionsRequest",
        response: "DescribeOptionsResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_ME,
        name: "GetMe",
        request: "GetMeRequest",
        response: "ClientDetails",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_CLIENT,
        name: "GetClient",
        request: "GetClientRequest",
        response: "ClientDetails",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read_servers",
        permission_rule: "read_servers",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_CLIENTS,
        name: "GetClients",
        request: "GetClientsRequest",
        response: "ClientInfo",
        response_is_list: true,
        empty_when_missing: false,
        auth: true,
        permission: "read_servers",
        permission_rule: "read_servers",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_USER,
        name: "GetUser",
        request: "GetUserRequest",
        response: "UserDetails",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read_users, unless it is the caller",
        permission_rule: "read_users_or_self",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_USERS,
        name: "GetUsers",
        request: "GetUsersRequest",
        response: "UserHeader",
        response_is_list: true,
        empty_when_missing: false,
        auth: true,
        permission: "read_users",
        permission_rule: "read_users",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::CREATE_USER,
        name: "CreateUser",
        request: "CreateUserRequest",
        response: "UserDetails",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_users",
        permission_rule: "manage_users",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_USER,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_USER,
        name: "DeleteUser",
        request: "DeleteUserRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_users",
        permission_rule: "manage_users",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_USER,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::UPDATE_USER,
        name: "UpdateUser",
        request: "UpdateUserRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_users",
        permission_rule: "manage_users",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::UPDATE_USER,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::UPDATE_PERMISSIONS,
        name: "UpdatePermissions",
        request: "UpdatePermissionsRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_users",
        permission_rule: "manage_users",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::UPDATE_PERMISSIONS,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::CHANGE_PASSWORD,
        name: "ChangePassword",
        request: "ChangePasswordRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none for the caller's own password, else manage_users",
        permission_rule: "manage_users_or_self",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CHANGE_PASSWORD,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::LOGIN_USER,
        name: "LoginUser",
        request: "LoginUserRequest",
        response: "LoginUserResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: false,
        permission: "none",
        permission_rule: "public",
        versions: &[ProtocolVersion::V0_8],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::LOGOUT_USER,
        name: "LogoutUser",
        request: "LogoutUserRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::LOGOUT,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: false,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::LOGIN_REGISTER,
        name: "LoginRegister",
        request: "LoginRegisterRequest",
        response: "LoginRegisterResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: false,
        permission: "none",
        permission_rule: "public",
        versions: &[ProtocolVersion::V0_9],
        operation: operation::REGISTER,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_PERSONAL_ACCESS_TOKENS,
        name: "GetPersonalAccessTokens",
        request: "GetPersonalAccessTokensRequest",
        response: "PersonalAccessTokenInfo",
        response_is_list: true,
        empty_when_missing: false,
        auth: true,
        permission: "none (the caller's own tokens)",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::CREATE_PERSONAL_ACCESS_TOKEN,
        name: "CreatePersonalAccessToken",
        request: "CreatePersonalAccessTokenRequest",
        response: "CreatePersonalAccessTokenResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none (for the caller)",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_PERSONAL_ACCESS_TOKEN,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_PERSONAL_ACCESS_TOKEN,
        name: "DeletePersonalAccessToken",
        request: "DeletePersonalAccessTokenRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "none (the caller's own token)",
        permission_rule: "logged_in",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_PERSONAL_ACCESS_TOKEN,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::LOGIN_WITH_PERSONAL_ACCESS_TOKEN,
        name: "LoginWithPersonalAccessToken",
        request: "LoginWithPersonalAccessTokenRequest",
        response: "LoginWithPersonalAccessTokenResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: false,
        permission: "none",
        permission_rule: "public",
        versions: &[ProtocolVersion::V0_8],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::LOGIN_REGISTER_WITH_PAT,
        name: "LoginRegisterWithPat",
        request: "LoginRegisterWithPatRequest",
        response: "LoginRegisterWithPatResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: false,
        permission: "none",
        permission_rule: "public",
        versions: &[ProtocolVersion::V0_9],
        operation: operation::REGISTER,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::POLL_MESSAGES,
        name: "PollMessages",
        request: "PollMessagesRequest",
        response: "PolledMessages",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)",
        permission_rule: "poll_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::SEND_MESSAGES,
        name: "SendMessages",
        request: "SendMessagesRequest",
        response: "SendMessagesResponse",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)",
        permission_rule: "send_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::SEND_MESSAGES,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::FLUSH_UNSAVED_BUFFER,
        name: "FlushUnsavedBuffer",
        request: "FlushUnsavedBufferRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)",
        permission_rule: "send_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_CONSUMER_OFFSET,
        name: "GetConsumerOffset",
        request: "GetConsumerOffsetRequest",
        response: "ConsumerOffsetInfo",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)",
        permission_rule: "poll_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::STORE_CONSUMER_OFFSET,
        name: "StoreConsumerOffset",
        request: "StoreConsumerOffsetRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)",
        permission_rule: "poll_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::STORE_CONSUMER_OFFSET,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::DELETE_CONSUMER_OFFSET,
        name: "DeleteConsumerOffset",
        request: "DeleteConsumerOffsetRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)",
        permission_rule: "poll_messages",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_CONSUMER_OFFSET,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_STREAM,
        name: "GetStream",
        request: "GetStreamRequest",
        response: "StreamDetails",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read_streams (or read on the stream)",
        permission_rule: "read_stream",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_STREAMS,
        name: "GetStreams",
        request: "GetStreamsRequest",
        response: "StreamHeader",
        response_is_list: true,
        empty_when_missing: false,
        auth: true,
        permission: "read_streams",
        permission_rule: "read_streams",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::CREATE_STREAM,
        name: "CreateStream",
        request: "CreateStreamRequest",
        response: "StreamHeader",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_streams",
        permission_rule: "manage_streams",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_STREAM,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_STREAM,
        name: "DeleteStream",
        request: "DeleteStreamRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_streams (or manage on the stream)",
        permission_rule: "manage_stream",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_STREAM,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::UPDATE_STREAM,
        name: "UpdateStream",
        request: "UpdateStreamRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_streams (or manage on the stream)",
        permission_rule: "manage_stream",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::UPDATE_STREAM,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::PURGE_STREAM,
        name: "PurgeStream",
        request: "PurgeStreamRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_streams (or manage on the stream)",
        permission_rule: "manage_stream",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::PURGE_STREAM,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::GET_TOPIC,
        name: "GetTopic",
        request: "GetTopicRequest",
        response: "TopicDetails",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read_topics (or read on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_TOPICS,
        name: "GetTopics",
        request: "GetTopicsRequest",
        response: "TopicHeader",
        response_is_list: true,
        empty_when_missing: true,
        auth: true,
        permission: "read_topics (or read on the stream)",
        permission_rule: "read_topics",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[ProtocolVersion::V0_9],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::CREATE_TOPIC,
        name: "CreateTopic",
        request: "CreateTopicRequest",
        response: "TopicDetails",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream)",
        permission_rule: "manage_topics",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_TOPIC,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_TOPIC,
        name: "DeleteTopic",
        request: "DeleteTopicRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_TOPIC,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::UPDATE_TOPIC,
        name: "UpdateTopic",
        request: "UpdateTopicRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::UPDATE_TOPIC,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::PURGE_TOPIC,
        name: "PurgeTopic",
        request: "PurgeTopicRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::PURGE_TOPIC,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::CREATE_PARTITIONS,
        name: "CreatePartitions",
        request: "CreatePartitionsRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_PARTITIONS,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_PARTITIONS,
        name: "DeletePartitions",
        request: "DeletePartitionsRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_PARTITIONS,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_SEGMENTS,
        name: "DeleteSegments",
        request: "DeleteSegmentsRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "manage_topics (or manage on the stream or topic)",
        permission_rule: "manage_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_SEGMENTS,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::GET_CONSUMER_GROUP,
        name: "GetConsumerGroup",
        request: "GetConsumerGroupRequest",
        response: "GroupDetails",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::GET_CONSUMER_GROUPS,
        name: "GetConsumerGroups",
        request: "GetConsumerGroupsRequest",
        response: "GroupHeader",
        response_is_list: true,
        empty_when_missing: true,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: false,
        replay_safe: true,
        audited: false,
    },
    CommandInfo {
        code: command_code::CREATE_CONSUMER_GROUP,
        name: "CreateConsumerGroup",
        request: "CreateConsumerGroupRequest",
        response: "GroupHeader",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::CREATE_CONSUMER_GROUP,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::DELETE_CONSUMER_GROUP,
        name: "DeleteConsumerGroup",
        request: "DeleteConsumerGroupRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::DELETE_CONSUMER_GROUP,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: true,
    },
    CommandInfo {
        code: command_code::JOIN_CONSUMER_GROUP,
        name: "JoinConsumerGroup",
        request: "JoinConsumerGroupRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::JOIN_CONSUMER_GROUP,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::LEAVE_CONSUMER_GROUP,
        name: "LeaveConsumerGroup",
        request: "LeaveConsumerGroupRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        operation: operation::LEAVE_CONSUMER_GROUP,
        response_count_prefix: &[],
        empty_answer_in: &[ProtocolVersion::V0_8, ProtocolVersion::V0_9],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
    CommandInfo {
        code: command_code::SYNC_CONSUMER_GROUP,
        name: "SyncConsumerGroup",
        request: "SyncConsumerGroupRequest",
        response: "SyncConsumerGroupResponse",
        response_is_list: false,
        empty_when_missing: true,
        auth: true,
        permission: "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)",
        permission_rule: "read_topic",
        versions: &[ProtocolVersion::V0_9],
        operation: operation::NON_REPLICATED,
        response_count_prefix: &[],
        empty_answer_in: &[],
        mutates: true,
        replay_safe: false,
        audited: false,
    },
];

/// The table row of a command code (any version), or None.
pub fn command_info(code: u32) -> Option<&'static CommandInfo> {
    COMMANDS.binary_search_by_key(&code, |row| row.code).ok().map(|index| &COMMANDS[index])
}
