// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! Wire codec of the Iggy 0.8.0 TCP protocol: a type per record and per command request, the
//! `Command` impls (response type per code) and the command table. Runtime helpers live in `runtime.rs`.

#![allow(clippy::all, unused_variables, unused_mut)]

use bytes::Bytes;

use crate::codes::command_code;
use crate::runtime::{
    check_covered, expect_empty, length_as_u32, length_as_u8, CodecError, Command, Identifier, Reader,
    Writer,
};

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
        Ok(StreamHeader { id, created_at, topics_count, size_bytes, messages_count, name })
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
        let mut topics = Vec::new();
        for _ in 0..topics_count {
            topics.push(TopicHeader::decode(r)?);
        }
        Ok(StreamDetails { id, created_at, size_bytes, messages_count, name, topics })
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
        w.u8(self.replication_factor);
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
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
        let replication_factor = r.u8()?;
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        Ok(TopicHeader { id, created_at, partitions_count, message_expiry, compression_algorithm, max_topic_size, replication_factor, size_bytes, messages_count, name })
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
        w.u8(self.replication_factor);
        w.u64(self.size_bytes);
        w.u64(self.messages_count);
        w.name(&self.name)?;
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
        let replication_factor = r.u8()?;
        let size_bytes = r.u64()?;
        let messages_count = r.u64()?;
        let name = r.name()?;
        let mut partitions = Vec::new();
        for _ in 0..partitions_count {
            partitions.push(PartitionDetails::decode(r)?);
        }
        Ok(TopicDetails { id, created_at, message_expiry, compression_algorithm, max_topic_size, replication_factor, size_bytes, messages_count, name, partitions })
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
}

impl UserHeader {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.id);
        w.u64(self.created_at);
        w.u8(self.status);
        w.name(&self.username)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let id = r.u32()?;
        let created_at = r.u64()?;
        let status = r.u8()?;
        let username = r.name()?;
        Ok(UserHeader { id, created_at, status, username })
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
        Ok(UserDetails { id, created_at, status, username, permissions })
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
}

impl PolledMessages {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.u32(self.partition_id);
        w.u64(self.current_offset);
        w.u32(self.messages_count);
        for item in &self.messages {
            item.encode(w)?;
        }
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let partition_id = r.u32()?;
        let current_offset = r.u64()?;
        let messages_count = r.u32()?;
        let mut messages = Vec::new();
        while r.remaining() > 0 {
            messages.push(Message::decode(r)?);
        }
        Ok(PolledMessages { partition_id, current_offset, messages_count, messages })
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PingRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PingRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
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
    type Response = Stats;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStatsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStatsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = GetSnapshotResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetSnapshotRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetSnapshotRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = ClusterMetadata;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClusterMetadataRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClusterMetadataRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = ClusterMetadata::decode(&mut r)?;
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
    type Response = ClientDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetMeRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetMeRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = Option<ClientDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClientRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClientRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
    type Response = Vec<ClientInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetClientsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetClientsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = Option<UserDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
    type Response = Vec<UserHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetUsersRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetUsersRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
        Ok(CreateUserRequest { username, password, status, permissions })
    }
}

impl Command for CreateUserRequest {
    const CODE: u32 = command_code::CREATE_USER;
    const NAME: &'static str = "CreateUser";
    type Response = UserDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = UserDetails::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
        Ok(UpdateUserRequest { user_id, username, status })
    }
}

impl Command for UpdateUserRequest {
    const CODE: u32 = command_code::UPDATE_USER;
    const NAME: &'static str = "UpdateUser";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdatePermissionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdatePermissionsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        ChangePasswordRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        ChangePasswordRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = LoginUserResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LogoutUserRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LogoutUserRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = Vec<PersonalAccessTokenInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetPersonalAccessTokensRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetPersonalAccessTokensRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = CreatePersonalAccessTokenResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreatePersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreatePersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = CreatePersonalAccessTokenResponse::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeletePersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeletePersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = LoginWithPersonalAccessTokenResponse;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LoginWithPersonalAccessTokenRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LoginWithPersonalAccessTokenRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = LoginWithPersonalAccessTokenResponse::decode(&mut r)?;
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
    type Response = PolledMessages;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PollMessagesRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PollMessagesRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = PolledMessages::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
}

impl SendMessagesRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        let metadata_length_at = w.placeholder_u32();
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        self.partitioning.encode(w)?;
        w.u32(length_as_u32(self.messages.len(), "messages_count")?);
        w.patch_u32(metadata_length_at, "metadata_length")?;
        let mut frames = Writer::new();
        for item in &self.messages {
            item.encode(&mut frames)?;
            IndexEntry { relative_offset: 0, position: length_as_u32(frames.len(), "position")?, timestamp: 0 }.encode(w)?;
        }
        w.bytes(frames.as_slice());
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
        for _ in 0..messages_count {
            IndexEntry::decode(r)?;
        }
        let mut messages = Vec::new();
        for _ in 0..messages_count {
            messages.push(Message::decode(r)?);
        }
        Ok(SendMessagesRequest { stream_id, topic_id, partitioning, messages })
    }
}

impl Command for SendMessagesRequest {
    const CODE: u32 = command_code::SEND_MESSAGES;
    const NAME: &'static str = "SendMessages";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        SendMessagesRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        SendMessagesRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        FlushUnsavedBufferRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        FlushUnsavedBufferRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = Option<ConsumerOffsetInfo>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
}

impl StoreConsumerOffsetRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.consumer.encode(w)?;
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.optional_partition(self.partition_id);
        w.u64(self.offset);
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let consumer = Consumer::decode(r)?;
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let partition_id = r.optional_partition()?;
        let offset = r.u64()?;
        Ok(StoreConsumerOffsetRequest { consumer, stream_id, topic_id, partition_id, offset })
    }
}

impl Command for StoreConsumerOffsetRequest {
    const CODE: u32 = command_code::STORE_CONSUMER_OFFSET;
    const NAME: &'static str = "StoreConsumerOffset";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        StoreConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        StoreConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
}

impl DeleteConsumerOffsetRequest {
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
        Ok(DeleteConsumerOffsetRequest { consumer, stream_id, topic_id, partition_id })
    }
}

impl Command for DeleteConsumerOffsetRequest {
    const CODE: u32 = command_code::DELETE_CONSUMER_OFFSET;
    const NAME: &'static str = "DeleteConsumerOffset";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteConsumerOffsetRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteConsumerOffsetRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = Option<StreamDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
    type Response = Vec<StreamHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetStreamsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetStreamsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
}

impl CreateStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let name = r.name()?;
        Ok(CreateStreamRequest { name })
    }
}

impl Command for CreateStreamRequest {
    const CODE: u32 = command_code::CREATE_STREAM;
    const NAME: &'static str = "CreateStream";
    type Response = StreamHeader;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = StreamHeader::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
    }
}

/// UpdateStream (204): Rename a stream (another stream's name answers 1012).
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateStreamRequest {
    /// Stream by id or name.
    pub stream_id: Identifier,
    /// New stream name.
    pub name: String,
}

impl UpdateStreamRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let name = r.name()?;
        Ok(UpdateStreamRequest { stream_id, name })
    }
}

impl Command for UpdateStreamRequest {
    const CODE: u32 = command_code::UPDATE_STREAM;
    const NAME: &'static str = "UpdateStream";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PurgeStreamRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PurgeStreamRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = Option<TopicDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
    type Response = Vec<TopicHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetTopicsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetTopicsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let mut items = Vec::new();
        while r.remaining() > 0 {
            items.push(TopicHeader::decode(&mut r)?);
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
}

impl CreateTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        w.u32(self.partitions_count);
        w.u8(self.compression_algorithm);
        w.u64(self.message_expiry);
        w.u64(self.max_topic_size);
        w.u8(self.replication_factor);
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let partitions_count = r.u32()?;
        let compression_algorithm = r.u8()?;
        let message_expiry = r.u64()?;
        let max_topic_size = r.u64()?;
        let replication_factor = r.u8()?;
        let name = r.name()?;
        Ok(CreateTopicRequest { stream_id, partitions_count, compression_algorithm, message_expiry, max_topic_size, replication_factor, name })
    }
}

impl Command for CreateTopicRequest {
    const CODE: u32 = command_code::CREATE_TOPIC;
    const NAME: &'static str = "CreateTopic";
    type Response = TopicDetails;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = TopicDetails::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
}

impl UpdateTopicRequest {
    /// Append the wire form to `w`.
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        self.stream_id.encode(w)?;
        self.topic_id.encode(w)?;
        w.u8(self.compression_algorithm);
        w.u64(self.message_expiry);
        w.u64(self.max_topic_size);
        w.u8(self.replication_factor);
        w.name(&self.name)?;
        Ok(())
    }

    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.
    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let stream_id = Identifier::decode(r)?;
        let topic_id = Identifier::decode(r)?;
        let compression_algorithm = r.u8()?;
        let message_expiry = r.u64()?;
        let max_topic_size = r.u64()?;
        let replication_factor = r.u8()?;
        let name = r.name()?;
        Ok(UpdateTopicRequest { stream_id, topic_id, compression_algorithm, message_expiry, max_topic_size, replication_factor, name })
    }
}

impl Command for UpdateTopicRequest {
    const CODE: u32 = command_code::UPDATE_TOPIC;
    const NAME: &'static str = "UpdateTopic";
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        UpdateTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        UpdateTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        PurgeTopicRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        PurgeTopicRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreatePartitionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreatePartitionsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeletePartitionsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeletePartitionsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteSegmentsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteSegmentsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = Option<GroupDetails>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        if body.is_empty() {
            return Ok(None);
        }
        let mut r = Reader::new(body);
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
    type Response = Vec<GroupHeader>;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        GetConsumerGroupsRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        GetConsumerGroupsRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
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
    type Response = GroupHeader;

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        CreateConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        CreateConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        let mut r = Reader::new(body);
        let value = GroupHeader::decode(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        response.encode(w)
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        DeleteConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        DeleteConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        JoinConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        JoinConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
    type Response = ();

    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        LeaveConsumerGroupRequest::encode(self, w)
    }

    fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        LeaveConsumerGroupRequest::decode(r)
    }

    fn decode_response(body: Bytes) -> Result<Self::Response, CodecError> {
        expect_empty(body)
    }

    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {
        let () = response;
        Ok(())
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
}

/// Every command, ascending by code.
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
    },
    CommandInfo {
        code: command_code::SEND_MESSAGES,
        name: "SendMessages",
        request: "SendMessagesRequest",
        response: "()",
        response_is_list: false,
        empty_when_missing: false,
        auth: true,
        permission: "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)",
        permission_rule: "send_messages",
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
    },
];
