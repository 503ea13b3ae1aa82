// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! The fixtures' `fields` form (protocol-spec/README.md) for every generated codec type, in a given protocol
//! version (a type carries every version's fields; the form holds that version's), and the replay of one
//! fixture by command code. The scalar, string, identifier and list rules live in `fields.rs`.

#![allow(unused_variables)]

use bytes::Bytes;
use serde_json::{Map, Value};

use iggy_sdk::codec::*;
use iggy_sdk::codes::command_code;

use super::fields::{
    field, object, replay_command, user_headers_from_fields, user_headers_to_fields, vec_from_null,
    vec_to_null, Fields,
};

fn field_value<'a>(o: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {
    o.get(key).ok_or_else(|| format!("missing key {key}"))
}

impl Fields for Consumer {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields(version));
        m.insert("id".to_owned(), self.id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["kind", "id"])?;
        Ok(Consumer {
            kind: field(o, "kind", version)?,
            id: field(o, "id", version)?,
        })
    }
}

impl Fields for PollingStrategy {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields(version));
        m.insert("value".to_owned(), self.value.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["kind", "value"])?;
        Ok(PollingStrategy {
            kind: field(o, "kind", version)?,
            value: field(o, "value", version)?,
        })
    }
}

impl Fields for Partitioning {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields(version));
        m.insert("value".to_owned(), self.value.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["kind", "value"])?;
        Ok(Partitioning {
            kind: field(o, "kind", version)?,
            value: field(o, "value", version)?,
        })
    }
}

impl Fields for Permissions {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("manage_servers".to_owned(), self.manage_servers.to_fields(version));
        m.insert("read_servers".to_owned(), self.read_servers.to_fields(version));
        m.insert("manage_users".to_owned(), self.manage_users.to_fields(version));
        m.insert("read_users".to_owned(), self.read_users.to_fields(version));
        m.insert("manage_streams".to_owned(), self.manage_streams.to_fields(version));
        m.insert("read_streams".to_owned(), self.read_streams.to_fields(version));
        m.insert("manage_topics".to_owned(), self.manage_topics.to_fields(version));
        m.insert("read_topics".to_owned(), self.read_topics.to_fields(version));
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields(version));
        m.insert("send_messages".to_owned(), self.send_messages.to_fields(version));
        m.insert("streams".to_owned(), vec_to_null(&self.streams, version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["manage_servers", "read_servers", "manage_users", "read_users", "manage_streams", "read_streams", "manage_topics", "read_topics", "poll_messages", "send_messages", "streams"])?;
        Ok(Permissions {
            manage_servers: field(o, "manage_servers", version)?,
            read_servers: field(o, "read_servers", version)?,
            manage_users: field(o, "manage_users", version)?,
            read_users: field(o, "read_users", version)?,
            manage_streams: field(o, "manage_streams", version)?,
            read_streams: field(o, "read_streams", version)?,
            manage_topics: field(o, "manage_topics", version)?,
            read_topics: field(o, "read_topics", version)?,
            poll_messages: field(o, "poll_messages", version)?,
            send_messages: field(o, "send_messages", version)?,
            streams: vec_from_null(o, "streams", version)?,
        })
    }
}

impl Fields for StreamPermissions {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("manage_stream".to_owned(), self.manage_stream.to_fields(version));
        m.insert("read_stream".to_owned(), self.read_stream.to_fields(version));
        m.insert("manage_topics".to_owned(), self.manage_topics.to_fields(version));
        m.insert("read_topics".to_owned(), self.read_topics.to_fields(version));
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields(version));
        m.insert("send_messages".to_owned(), self.send_messages.to_fields(version));
        m.insert("topics".to_owned(), vec_to_null(&self.topics, version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "manage_stream", "read_stream", "manage_topics", "read_topics", "poll_messages", "send_messages", "topics"])?;
        Ok(StreamPermissions {
            stream_id: field(o, "stream_id", version)?,
            manage_stream: field(o, "manage_stream", version)?,
            read_stream: field(o, "read_stream", version)?,
            manage_topics: field(o, "manage_topics", version)?,
            read_topics: field(o, "read_topics", version)?,
            poll_messages: field(o, "poll_messages", version)?,
            send_messages: field(o, "send_messages", version)?,
            topics: vec_from_null(o, "topics", version)?,
        })
    }
}

impl Fields for TopicPermissions {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("manage_topic".to_owned(), self.manage_topic.to_fields(version));
        m.insert("read_topic".to_owned(), self.read_topic.to_fields(version));
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields(version));
        m.insert("send_messages".to_owned(), self.send_messages.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["topic_id", "manage_topic", "read_topic", "poll_messages", "send_messages"])?;
        Ok(TopicPermissions {
            topic_id: field(o, "topic_id", version)?,
            manage_topic: field(o, "manage_topic", version)?,
            read_topic: field(o, "read_topic", version)?,
            poll_messages: field(o, "poll_messages", version)?,
            send_messages: field(o, "send_messages", version)?,
        })
    }
}

impl Fields for Message {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields(version));
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("offset".to_owned(), self.offset.to_fields(version));
        m.insert("timestamp".to_owned(), self.timestamp.to_fields(version));
        m.insert("origin_timestamp".to_owned(), self.origin_timestamp.to_fields(version));
        m.insert("payload".to_owned(), self.payload.to_fields(version));
        m.insert("user_headers".to_owned(), user_headers_to_fields(&self.user_headers));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["checksum", "id", "offset", "timestamp", "origin_timestamp", "payload", "user_headers"])?;
        Ok(Message {
            checksum: field(o, "checksum", version)?,
            id: field(o, "id", version)?,
            offset: field(o, "offset", version)?,
            timestamp: field(o, "timestamp", version)?,
            origin_timestamp: field(o, "origin_timestamp", version)?,
            payload: field(o, "payload", version)?,
            user_headers: user_headers_from_fields(field_value(o, "user_headers")?)?,
        })
    }
}

impl Fields for HeaderEntry {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("key_kind".to_owned(), self.key_kind.to_fields(version));
        m.insert("key".to_owned(), self.key.to_fields(version));
        m.insert("value_kind".to_owned(), self.value_kind.to_fields(version));
        m.insert("value".to_owned(), self.value.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["key_kind", "key", "value_kind", "value"])?;
        Ok(HeaderEntry {
            key_kind: field(o, "key_kind", version)?,
            key: field(o, "key", version)?,
            value_kind: field(o, "value_kind", version)?,
            value: field(o, "value", version)?,
        })
    }
}

impl Fields for IndexEntry {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("relative_offset".to_owned(), self.relative_offset.to_fields(version));
        m.insert("position".to_owned(), self.position.to_fields(version));
        m.insert("timestamp".to_owned(), self.timestamp.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["relative_offset", "position", "timestamp"])?;
        Ok(IndexEntry {
            relative_offset: field(o, "relative_offset", version)?,
            position: field(o, "position", version)?,
            timestamp: field(o, "timestamp", version)?,
        })
    }
}

impl Fields for Frame {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields(version));
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("offset_delta".to_owned(), self.offset_delta.to_fields(version));
        m.insert("timestamp_delta".to_owned(), self.timestamp_delta.to_fields(version));
        m.insert("payload".to_owned(), self.payload.to_fields(version));
        m.insert("user_headers".to_owned(), user_headers_to_fields(&self.user_headers));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["checksum", "id", "offset_delta", "timestamp_delta", "payload", "user_headers"])?;
        Ok(Frame {
            checksum: field(o, "checksum", version)?,
            id: field(o, "id", version)?,
            offset_delta: field(o, "offset_delta", version)?,
            timestamp_delta: field(o, "timestamp_delta", version)?,
            payload: field(o, "payload", version)?,
            user_headers: user_headers_from_fields(field_value(o, "user_headers")?)?,
        })
    }
}

impl Fields for MessageBatch {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("base_offset".to_owned(), self.base_offset.to_fields(version));
        m.insert("base_timestamp".to_owned(), self.base_timestamp.to_fields(version));
        m.insert("origin_timestamp".to_owned(), self.origin_timestamp.to_fields(version));
        m.insert("batch_checksum".to_owned(), self.batch_checksum.to_fields(version));
        m.insert("frames".to_owned(), self.frames.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["partition_id", "base_offset", "base_timestamp", "origin_timestamp", "batch_checksum", "frames"])?;
        Ok(MessageBatch {
            partition_id: field(o, "partition_id", version)?,
            base_offset: field(o, "base_offset", version)?,
            base_timestamp: field(o, "base_timestamp", version)?,
            origin_timestamp: field(o, "origin_timestamp", version)?,
            batch_checksum: field(o, "batch_checksum", version)?,
            frames: field(o, "frames", version)?,
        })
    }
}

impl Fields for StreamHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("topics_count".to_owned(), self.topics_count.to_fields(version));
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "topics_count", "size_bytes", "messages_count", "name"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(StreamHeader {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            topics_count: field(o, "topics_count", version)?,
            size_bytes: field(o, "size_bytes", version)?,
            messages_count: field(o, "messages_count", version)?,
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for StreamDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        m.insert("topics".to_owned(), self.topics.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "size_bytes", "messages_count", "name", "topics"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(StreamDetails {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            size_bytes: field(o, "size_bytes", version)?,
            messages_count: field(o, "messages_count", version)?,
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
            topics: field(o, "topics", version)?,
        })
    }
}

impl Fields for TopicHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields(version));
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields(version));
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("replication_factor".to_owned(), self.replication_factor.to_fields(version));
        }
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("derived_options".to_owned(), self.derived_options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "partitions_count", "message_expiry", "compression_algorithm", "max_topic_size", "size_bytes", "messages_count", "name"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("replication_factor");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("derived_options");
        }
        let o = object(v, &keys)?;
        Ok(TopicHeader {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            partitions_count: field(o, "partitions_count", version)?,
            message_expiry: field(o, "message_expiry", version)?,
            compression_algorithm: field(o, "compression_algorithm", version)?,
            max_topic_size: field(o, "max_topic_size", version)?,
            replication_factor: if matches!(version, ProtocolVersion::V0_8) { field(o, "replication_factor", version)? } else { Default::default() },
            size_bytes: field(o, "size_bytes", version)?,
            messages_count: field(o, "messages_count", version)?,
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
            derived_options: if matches!(version, ProtocolVersion::V0_9) { field(o, "derived_options", version)? } else { Default::default() },
        })
    }
}

impl Fields for TopicDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields(version));
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields(version));
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("replication_factor".to_owned(), self.replication_factor.to_fields(version));
        }
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("derived_options".to_owned(), self.derived_options.to_fields(version));
        }
        m.insert("partitions".to_owned(), self.partitions.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "message_expiry", "compression_algorithm", "max_topic_size", "size_bytes", "messages_count", "name", "partitions"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("replication_factor");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("derived_options");
        }
        let o = object(v, &keys)?;
        Ok(TopicDetails {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            message_expiry: field(o, "message_expiry", version)?,
            compression_algorithm: field(o, "compression_algorithm", version)?,
            max_topic_size: field(o, "max_topic_size", version)?,
            replication_factor: if matches!(version, ProtocolVersion::V0_8) { field(o, "replication_factor", version)? } else { Default::default() },
            size_bytes: field(o, "size_bytes", version)?,
            messages_count: field(o, "messages_count", version)?,
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
            derived_options: if matches!(version, ProtocolVersion::V0_9) { field(o, "derived_options", version)? } else { Default::default() },
            partitions: field(o, "partitions", version)?,
        })
    }
}

impl Fields for PartitionDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("segments_count".to_owned(), self.segments_count.to_fields(version));
        m.insert("current_offset".to_owned(), self.current_offset.to_fields(version));
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "segments_count", "current_offset", "size_bytes", "messages_count"])?;
        Ok(PartitionDetails {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            segments_count: field(o, "segments_count", version)?,
            current_offset: field(o, "current_offset", version)?,
            size_bytes: field(o, "size_bytes", version)?,
            messages_count: field(o, "messages_count", version)?,
        })
    }
}

impl Fields for UserHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        m.insert("username".to_owned(), self.username.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "status", "username"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(UserHeader {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            status: field(o, "status", version)?,
            username: field(o, "username", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for UserDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("created_at".to_owned(), self.created_at.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        m.insert("username".to_owned(), self.username.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        m.insert("permissions".to_owned(), self.permissions.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["id", "created_at", "status", "username", "permissions"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(UserDetails {
            id: field(o, "id", version)?,
            created_at: field(o, "created_at", version)?,
            status: field(o, "status", version)?,
            username: field(o, "username", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
            permissions: field(o, "permissions", version)?,
        })
    }
}

impl Fields for ClientInfo {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields(version));
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("transport".to_owned(), self.transport.to_fields(version));
        m.insert("address".to_owned(), self.address.to_fields(version));
        m.insert("consumer_groups_count".to_owned(), self.consumer_groups_count.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["client_id", "user_id", "transport", "address", "consumer_groups_count"])?;
        Ok(ClientInfo {
            client_id: field(o, "client_id", version)?,
            user_id: field(o, "user_id", version)?,
            transport: field(o, "transport", version)?,
            address: field(o, "address", version)?,
            consumer_groups_count: field(o, "consumer_groups_count", version)?,
        })
    }
}

impl Fields for ClientDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields(version));
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("transport".to_owned(), self.transport.to_fields(version));
        m.insert("address".to_owned(), self.address.to_fields(version));
        m.insert("consumer_groups".to_owned(), self.consumer_groups.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["client_id", "user_id", "transport", "address", "consumer_groups"])?;
        Ok(ClientDetails {
            client_id: field(o, "client_id", version)?,
            user_id: field(o, "user_id", version)?,
            transport: field(o, "transport", version)?,
            address: field(o, "address", version)?,
            consumer_groups: field(o, "consumer_groups", version)?,
        })
    }
}

impl Fields for ClientGroupInfo {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(ClientGroupInfo {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

impl Fields for ClusterMetadata {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        m.insert("nodes".to_owned(), self.nodes.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["name", "nodes"])?;
        Ok(ClusterMetadata {
            name: field(o, "name", version)?,
            nodes: field(o, "nodes", version)?,
        })
    }
}

impl Fields for ClusterNode {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        m.insert("ip".to_owned(), self.ip.to_fields(version));
        m.insert("tcp_port".to_owned(), self.tcp_port.to_fields(version));
        m.insert("quic_port".to_owned(), self.quic_port.to_fields(version));
        m.insert("http_port".to_owned(), self.http_port.to_fields(version));
        m.insert("websocket_port".to_owned(), self.websocket_port.to_fields(version));
        m.insert("role".to_owned(), self.role.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["name", "ip", "tcp_port", "quic_port", "http_port", "websocket_port", "role", "status"])?;
        Ok(ClusterNode {
            name: field(o, "name", version)?,
            ip: field(o, "ip", version)?,
            tcp_port: field(o, "tcp_port", version)?,
            quic_port: field(o, "quic_port", version)?,
            http_port: field(o, "http_port", version)?,
            websocket_port: field(o, "websocket_port", version)?,
            role: field(o, "role", version)?,
            status: field(o, "status", version)?,
        })
    }
}

impl Fields for Stats {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("process_id".to_owned(), self.process_id.to_fields(version));
        m.insert("cpu_usage".to_owned(), self.cpu_usage.to_fields(version));
        m.insert("total_cpu_usage".to_owned(), self.total_cpu_usage.to_fields(version));
        m.insert("memory_usage".to_owned(), self.memory_usage.to_fields(version));
        m.insert("total_memory".to_owned(), self.total_memory.to_fields(version));
        m.insert("available_memory".to_owned(), self.available_memory.to_fields(version));
        m.insert("run_time".to_owned(), self.run_time.to_fields(version));
        m.insert("start_time".to_owned(), self.start_time.to_fields(version));
        m.insert("read_bytes".to_owned(), self.read_bytes.to_fields(version));
        m.insert("written_bytes".to_owned(), self.written_bytes.to_fields(version));
        m.insert("messages_size_bytes".to_owned(), self.messages_size_bytes.to_fields(version));
        m.insert("streams_count".to_owned(), self.streams_count.to_fields(version));
        m.insert("topics_count".to_owned(), self.topics_count.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        m.insert("segments_count".to_owned(), self.segments_count.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        m.insert("clients_count".to_owned(), self.clients_count.to_fields(version));
        m.insert("consumer_groups_count".to_owned(), self.consumer_groups_count.to_fields(version));
        m.insert("hostname".to_owned(), self.hostname.to_fields(version));
        m.insert("os_name".to_owned(), self.os_name.to_fields(version));
        m.insert("os_version".to_owned(), self.os_version.to_fields(version));
        m.insert("kernel_version".to_owned(), self.kernel_version.to_fields(version));
        m.insert("iggy_server_version".to_owned(), self.iggy_server_version.to_fields(version));
        m.insert("iggy_server_semver".to_owned(), self.iggy_server_semver.to_fields(version));
        m.insert("cache_metrics".to_owned(), self.cache_metrics.to_fields(version));
        m.insert("threads_count".to_owned(), self.threads_count.to_fields(version));
        m.insert("free_disk_space".to_owned(), self.free_disk_space.to_fields(version));
        m.insert("total_disk_space".to_owned(), self.total_disk_space.to_fields(version));
        m.insert("extensions".to_owned(), self.extensions.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["process_id", "cpu_usage", "total_cpu_usage", "memory_usage", "total_memory", "available_memory", "run_time", "start_time", "read_bytes", "written_bytes", "messages_size_bytes", "streams_count", "topics_count", "partitions_count", "segments_count", "messages_count", "clients_count", "consumer_groups_count", "hostname", "os_name", "os_version", "kernel_version", "iggy_server_version", "iggy_server_semver", "cache_metrics", "threads_count", "free_disk_space", "total_disk_space", "extensions"])?;
        Ok(Stats {
            process_id: field(o, "process_id", version)?,
            cpu_usage: field(o, "cpu_usage", version)?,
            total_cpu_usage: field(o, "total_cpu_usage", version)?,
            memory_usage: field(o, "memory_usage", version)?,
            total_memory: field(o, "total_memory", version)?,
            available_memory: field(o, "available_memory", version)?,
            run_time: field(o, "run_time", version)?,
            start_time: field(o, "start_time", version)?,
            read_bytes: field(o, "read_bytes", version)?,
            written_bytes: field(o, "written_bytes", version)?,
            messages_size_bytes: field(o, "messages_size_bytes", version)?,
            streams_count: field(o, "streams_count", version)?,
            topics_count: field(o, "topics_count", version)?,
            partitions_count: field(o, "partitions_count", version)?,
            segments_count: field(o, "segments_count", version)?,
            messages_count: field(o, "messages_count", version)?,
            clients_count: field(o, "clients_count", version)?,
            consumer_groups_count: field(o, "consumer_groups_count", version)?,
            hostname: field(o, "hostname", version)?,
            os_name: field(o, "os_name", version)?,
            os_version: field(o, "os_version", version)?,
            kernel_version: field(o, "kernel_version", version)?,
            iggy_server_version: field(o, "iggy_server_version", version)?,
            iggy_server_semver: field(o, "iggy_server_semver", version)?,
            cache_metrics: field(o, "cache_metrics", version)?,
            threads_count: field(o, "threads_count", version)?,
            free_disk_space: field(o, "free_disk_space", version)?,
            total_disk_space: field(o, "total_disk_space", version)?,
            extensions: field(o, "extensions", version)?,
        })
    }
}

impl Fields for StatsExtension {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("tag".to_owned(), self.tag.to_fields(version));
        m.insert("body".to_owned(), self.body.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["tag", "body"])?;
        Ok(StatsExtension {
            tag: field(o, "tag", version)?,
            body: field(o, "body", version)?,
        })
    }
}

impl Fields for HotPathStats {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("writer".to_owned(), self.writer.to_fields(version));
        m.insert("io_uring_available".to_owned(), self.io_uring_available.to_fields(version));
        m.insert("direct_io".to_owned(), self.direct_io.to_fields(version));
        m.insert("pool_capacity".to_owned(), self.pool_capacity.to_fields(version));
        m.insert("pool_reserved".to_owned(), self.pool_reserved.to_fields(version));
        m.insert("pool_in_use".to_owned(), self.pool_in_use.to_fields(version));
        m.insert("pool_in_use_buffers".to_owned(), self.pool_in_use_buffers.to_fields(version));
        m.insert("pool_free_buffers".to_owned(), self.pool_free_buffers.to_fields(version));
        m.insert("pool_hits".to_owned(), self.pool_hits.to_fields(version));
        m.insert("pool_misses".to_owned(), self.pool_misses.to_fields(version));
        m.insert("pool_evictions".to_owned(), self.pool_evictions.to_fields(version));
        m.insert("pool_exhausted".to_owned(), self.pool_exhausted.to_fields(version));
        m.insert("receive_fallbacks".to_owned(), self.receive_fallbacks.to_fields(version));
        m.insert("read_fallbacks".to_owned(), self.read_fallbacks.to_fields(version));
        m.insert("writes".to_owned(), self.writes.to_fields(version));
        m.insert("datasyncs".to_owned(), self.datasyncs.to_fields(version));
        m.insert("bytes_written".to_owned(), self.bytes_written.to_fields(version));
        m.insert("write_queue".to_owned(), self.write_queue.to_fields(version));
        m.insert("background_submissions".to_owned(), self.background_submissions.to_fields(version));
        m.insert("background_batches".to_owned(), self.background_batches.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["writer", "io_uring_available", "direct_io", "pool_capacity", "pool_reserved", "pool_in_use", "pool_in_use_buffers", "pool_free_buffers", "pool_hits", "pool_misses", "pool_evictions", "pool_exhausted", "receive_fallbacks", "read_fallbacks", "writes", "datasyncs", "bytes_written", "write_queue", "background_submissions", "background_batches"])?;
        Ok(HotPathStats {
            writer: field(o, "writer", version)?,
            io_uring_available: field(o, "io_uring_available", version)?,
            direct_io: field(o, "direct_io", version)?,
            pool_capacity: field(o, "pool_capacity", version)?,
            pool_reserved: field(o, "pool_reserved", version)?,
            pool_in_use: field(o, "pool_in_use", version)?,
            pool_in_use_buffers: field(o, "pool_in_use_buffers", version)?,
            pool_free_buffers: field(o, "pool_free_buffers", version)?,
            pool_hits: field(o, "pool_hits", version)?,
            pool_misses: field(o, "pool_misses", version)?,
            pool_evictions: field(o, "pool_evictions", version)?,
            pool_exhausted: field(o, "pool_exhausted", version)?,
            receive_fallbacks: field(o, "receive_fallbacks", version)?,
            read_fallbacks: field(o, "read_fallbacks", version)?,
            writes: field(o, "writes", version)?,
            datasyncs: field(o, "datasyncs", version)?,
            bytes_written: field(o, "bytes_written", version)?,
            write_queue: field(o, "write_queue", version)?,
            background_submissions: field(o, "background_submissions", version)?,
            background_batches: field(o, "background_batches", version)?,
        })
    }
}

impl Fields for CacheMetric {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("hits".to_owned(), self.hits.to_fields(version));
        m.insert("misses".to_owned(), self.misses.to_fields(version));
        m.insert("hit_ratio".to_owned(), self.hit_ratio.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "hits", "misses", "hit_ratio"])?;
        Ok(CacheMetric {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            hits: field(o, "hits", version)?,
            misses: field(o, "misses", version)?,
            hit_ratio: field(o, "hit_ratio", version)?,
        })
    }
}

impl Fields for GroupHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        m.insert("members_count".to_owned(), self.members_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["id", "partitions_count", "members_count", "name"])?;
        Ok(GroupHeader {
            id: field(o, "id", version)?,
            partitions_count: field(o, "partitions_count", version)?,
            members_count: field(o, "members_count", version)?,
            name: field(o, "name", version)?,
        })
    }
}

impl Fields for GroupDetails {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        m.insert("members".to_owned(), self.members.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["id", "partitions_count", "name", "members"])?;
        Ok(GroupDetails {
            id: field(o, "id", version)?,
            partitions_count: field(o, "partitions_count", version)?,
            name: field(o, "name", version)?,
            members: field(o, "members", version)?,
        })
    }
}

impl Fields for GroupMember {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("member_id".to_owned(), self.member_id.to_fields(version));
        m.insert("partition_ids".to_owned(), self.partition_ids.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["member_id", "partition_ids"])?;
        Ok(GroupMember {
            member_id: field(o, "member_id", version)?,
            partition_ids: field(o, "partition_ids", version)?,
        })
    }
}

impl Fields for ConsumerOffsetInfo {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("current_offset".to_owned(), self.current_offset.to_fields(version));
        m.insert("stored_offset".to_owned(), self.stored_offset.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["partition_id", "current_offset", "stored_offset"])?;
        Ok(ConsumerOffsetInfo {
            partition_id: field(o, "partition_id", version)?,
            current_offset: field(o, "current_offset", version)?,
            stored_offset: field(o, "stored_offset", version)?,
        })
    }
}

impl Fields for PersonalAccessTokenInfo {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        m.insert("expiry_at".to_owned(), self.expiry_at.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["name", "expiry_at"])?;
        Ok(PersonalAccessTokenInfo {
            name: field(o, "name", version)?,
            expiry_at: field(o, "expiry_at", version)?,
        })
    }
}

impl Fields for PolledMessages {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("current_offset".to_owned(), self.current_offset.to_fields(version));
        m.insert("messages_count".to_owned(), self.messages_count.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("messages".to_owned(), self.messages.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("batches".to_owned(), self.batches.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["partition_id", "current_offset", "messages_count"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("messages");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("batches");
        }
        let o = object(v, &keys)?;
        Ok(PolledMessages {
            partition_id: field(o, "partition_id", version)?,
            current_offset: field(o, "current_offset", version)?,
            messages_count: field(o, "messages_count", version)?,
            messages: if matches!(version, ProtocolVersion::V0_8) { field(o, "messages", version)? } else { Default::default() },
            batches: if matches!(version, ProtocolVersion::V0_9) { field(o, "batches", version)? } else { Default::default() },
        })
    }
}

impl Fields for SendConfirmation {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("base_offset".to_owned(), self.base_offset.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "base_offset"])?;
        Ok(SendConfirmation {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            base_offset: field(o, "base_offset", version)?,
        })
    }
}

impl Fields for OptionDescriptor {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("key".to_owned(), self.key.to_fields(version));
        m.insert("kind".to_owned(), self.kind.to_fields(version));
        m.insert("default_value".to_owned(), self.default_value.to_fields(version));
        m.insert("description".to_owned(), self.description.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["key", "kind", "default_value", "description"])?;
        Ok(OptionDescriptor {
            key: field(o, "key", version)?,
            kind: field(o, "kind", version)?,
            default_value: field(o, "default_value", version)?,
            description: field(o, "description", version)?,
        })
    }
}

impl Fields for RequestHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields(version));
        m.insert("checksum_body".to_owned(), self.checksum_body.to_fields(version));
        m.insert("cluster".to_owned(), self.cluster.to_fields(version));
        m.insert("size".to_owned(), self.size.to_fields(version));
        m.insert("view".to_owned(), self.view.to_fields(version));
        m.insert("release".to_owned(), self.release.to_fields(version));
        m.insert("command".to_owned(), self.command.to_fields(version));
        m.insert("replica".to_owned(), self.replica.to_fields(version));
        m.insert("client".to_owned(), self.client.to_fields(version));
        m.insert("request_checksum".to_owned(), self.request_checksum.to_fields(version));
        m.insert("timestamp".to_owned(), self.timestamp.to_fields(version));
        m.insert("request".to_owned(), self.request.to_fields(version));
        m.insert("operation".to_owned(), self.operation.to_fields(version));
        m.insert("session".to_owned(), self.session.to_fields(version));
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("code".to_owned(), self.code.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["checksum", "checksum_body", "cluster", "size", "view", "release", "command", "replica", "client", "request_checksum", "timestamp", "request", "operation", "session", "user_id", "code"])?;
        Ok(RequestHeader {
            checksum: field(o, "checksum", version)?,
            checksum_body: field(o, "checksum_body", version)?,
            cluster: field(o, "cluster", version)?,
            size: field(o, "size", version)?,
            view: field(o, "view", version)?,
            release: field(o, "release", version)?,
            command: field(o, "command", version)?,
            replica: field(o, "replica", version)?,
            client: field(o, "client", version)?,
            request_checksum: field(o, "request_checksum", version)?,
            timestamp: field(o, "timestamp", version)?,
            request: field(o, "request", version)?,
            operation: field(o, "operation", version)?,
            session: field(o, "session", version)?,
            user_id: field(o, "user_id", version)?,
            code: field(o, "code", version)?,
        })
    }
}

impl Fields for ReplyHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields(version));
        m.insert("checksum_body".to_owned(), self.checksum_body.to_fields(version));
        m.insert("cluster".to_owned(), self.cluster.to_fields(version));
        m.insert("size".to_owned(), self.size.to_fields(version));
        m.insert("view".to_owned(), self.view.to_fields(version));
        m.insert("release".to_owned(), self.release.to_fields(version));
        m.insert("command".to_owned(), self.command.to_fields(version));
        m.insert("replica".to_owned(), self.replica.to_fields(version));
        m.insert("request_checksum".to_owned(), self.request_checksum.to_fields(version));
        m.insert("context".to_owned(), self.context.to_fields(version));
        m.insert("client".to_owned(), self.client.to_fields(version));
        m.insert("op".to_owned(), self.op.to_fields(version));
        m.insert("commit".to_owned(), self.commit.to_fields(version));
        m.insert("timestamp".to_owned(), self.timestamp.to_fields(version));
        m.insert("request".to_owned(), self.request.to_fields(version));
        m.insert("operation".to_owned(), self.operation.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["checksum", "checksum_body", "cluster", "size", "view", "release", "command", "replica", "request_checksum", "context", "client", "op", "commit", "timestamp", "request", "operation", "status"])?;
        Ok(ReplyHeader {
            checksum: field(o, "checksum", version)?,
            checksum_body: field(o, "checksum_body", version)?,
            cluster: field(o, "cluster", version)?,
            size: field(o, "size", version)?,
            view: field(o, "view", version)?,
            release: field(o, "release", version)?,
            command: field(o, "command", version)?,
            replica: field(o, "replica", version)?,
            request_checksum: field(o, "request_checksum", version)?,
            context: field(o, "context", version)?,
            client: field(o, "client", version)?,
            op: field(o, "op", version)?,
            commit: field(o, "commit", version)?,
            timestamp: field(o, "timestamp", version)?,
            request: field(o, "request", version)?,
            operation: field(o, "operation", version)?,
            status: field(o, "status", version)?,
        })
    }
}

impl Fields for EvictionHeader {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields(version));
        m.insert("checksum_body".to_owned(), self.checksum_body.to_fields(version));
        m.insert("cluster".to_owned(), self.cluster.to_fields(version));
        m.insert("size".to_owned(), self.size.to_fields(version));
        m.insert("view".to_owned(), self.view.to_fields(version));
        m.insert("release".to_owned(), self.release.to_fields(version));
        m.insert("command".to_owned(), self.command.to_fields(version));
        m.insert("replica".to_owned(), self.replica.to_fields(version));
        m.insert("client".to_owned(), self.client.to_fields(version));
        m.insert("server_protocol_version".to_owned(), self.server_protocol_version.to_fields(version));
        m.insert("server_protocol_version_min".to_owned(), self.server_protocol_version_min.to_fields(version));
        m.insert("reason".to_owned(), self.reason.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["checksum", "checksum_body", "cluster", "size", "view", "release", "command", "replica", "client", "server_protocol_version", "server_protocol_version_min", "reason"])?;
        Ok(EvictionHeader {
            checksum: field(o, "checksum", version)?,
            checksum_body: field(o, "checksum_body", version)?,
            cluster: field(o, "cluster", version)?,
            size: field(o, "size", version)?,
            view: field(o, "view", version)?,
            release: field(o, "release", version)?,
            command: field(o, "command", version)?,
            replica: field(o, "replica", version)?,
            client: field(o, "client", version)?,
            server_protocol_version: field(o, "server_protocol_version", version)?,
            server_protocol_version_min: field(o, "server_protocol_version_min", version)?,
            reason: field(o, "reason", version)?,
        })
    }
}

impl Fields for ResultEntry {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("index".to_owned(), self.index.to_fields(version));
        m.insert("result".to_owned(), self.result.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["index", "result"])?;
        Ok(ResultEntry {
            index: field(o, "index", version)?,
            result: field(o, "result", version)?,
        })
    }
}

impl Fields for GetSnapshotResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("data".to_owned(), self.data.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["data"])?;
        Ok(GetSnapshotResponse {
            data: field(o, "data", version)?,
        })
    }
}

impl Fields for DescribeOptionsResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("entries".to_owned(), self.entries.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["entries"])?;
        Ok(DescribeOptionsResponse {
            entries: field(o, "entries", version)?,
        })
    }
}

impl Fields for LoginUserResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(LoginUserResponse {
            user_id: field(o, "user_id", version)?,
        })
    }
}

impl Fields for LoginRegisterResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("session".to_owned(), self.session.to_fields(version));
        m.insert("server_protocol_version".to_owned(), self.server_protocol_version.to_fields(version));
        m.insert("server_version".to_owned(), self.server_version.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id", "session", "server_protocol_version", "server_version"])?;
        Ok(LoginRegisterResponse {
            user_id: field(o, "user_id", version)?,
            session: field(o, "session", version)?,
            server_protocol_version: field(o, "server_protocol_version", version)?,
            server_version: field(o, "server_version", version)?,
        })
    }
}

impl Fields for CreatePersonalAccessTokenResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("token".to_owned(), self.token.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["token"])?;
        Ok(CreatePersonalAccessTokenResponse {
            token: field(o, "token", version)?,
        })
    }
}

impl Fields for LoginWithPersonalAccessTokenResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(LoginWithPersonalAccessTokenResponse {
            user_id: field(o, "user_id", version)?,
        })
    }
}

impl Fields for LoginRegisterWithPatResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("session".to_owned(), self.session.to_fields(version));
        m.insert("server_protocol_version".to_owned(), self.server_protocol_version.to_fields(version));
        m.insert("server_version".to_owned(), self.server_version.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id", "session", "server_protocol_version", "server_version"])?;
        Ok(LoginRegisterWithPatResponse {
            user_id: field(o, "user_id", version)?,
            session: field(o, "session", version)?,
            server_protocol_version: field(o, "server_protocol_version", version)?,
            server_version: field(o, "server_version", version)?,
        })
    }
}

impl Fields for SendMessagesResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("confirmations".to_owned(), self.confirmations.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec![];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("confirmations");
        }
        let o = object(v, &keys)?;
        Ok(SendMessagesResponse {
            confirmations: if matches!(version, ProtocolVersion::V0_9) { field(o, "confirmations", version)? } else { Default::default() },
        })
    }
}

impl Fields for SyncConsumerGroupResponse {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("generation".to_owned(), self.generation.to_fields(version));
        m.insert("partitions".to_owned(), self.partitions.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["generation", "partitions"])?;
        Ok(SyncConsumerGroupResponse {
            generation: field(o, "generation", version)?,
            partitions: field(o, "partitions", version)?,
        })
    }
}

impl Fields for PingRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(PingRequest)
    }
}

impl Fields for GetStatsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetStatsRequest)
    }
}

impl Fields for GetSnapshotRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("compression".to_owned(), self.compression.to_fields(version));
        m.insert("snapshot_types".to_owned(), self.snapshot_types.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["compression", "snapshot_types"])?;
        Ok(GetSnapshotRequest {
            compression: field(o, "compression", version)?,
            snapshot_types: field(o, "snapshot_types", version)?,
        })
    }
}

impl Fields for GetClusterMetadataRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetClusterMetadataRequest)
    }
}

impl Fields for DescribeOptionsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("scope".to_owned(), self.scope.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["scope"])?;
        Ok(DescribeOptionsRequest {
            scope: field(o, "scope", version)?,
        })
    }
}

impl Fields for GetMeRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetMeRequest)
    }
}

impl Fields for GetClientRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["client_id"])?;
        Ok(GetClientRequest {
            client_id: field(o, "client_id", version)?,
        })
    }
}

impl Fields for GetClientsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetClientsRequest)
    }
}

impl Fields for GetUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(GetUserRequest {
            user_id: field(o, "user_id", version)?,
        })
    }
}

impl Fields for GetUsersRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetUsersRequest)
    }
}

impl Fields for CreateUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("username".to_owned(), self.username.to_fields(version));
        m.insert("password".to_owned(), self.password.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        m.insert("permissions".to_owned(), self.permissions.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["username", "password", "status", "permissions"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(CreateUserRequest {
            username: field(o, "username", version)?,
            password: field(o, "password", version)?,
            status: field(o, "status", version)?,
            permissions: field(o, "permissions", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for DeleteUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(DeleteUserRequest {
            user_id: field(o, "user_id", version)?,
        })
    }
}

impl Fields for UpdateUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("username".to_owned(), self.username.to_fields(version));
        m.insert("status".to_owned(), self.status.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["user_id", "username", "status"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(UpdateUserRequest {
            user_id: field(o, "user_id", version)?,
            username: field(o, "username", version)?,
            status: field(o, "status", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for UpdatePermissionsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("permissions".to_owned(), self.permissions.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id", "permissions"])?;
        Ok(UpdatePermissionsRequest {
            user_id: field(o, "user_id", version)?,
            permissions: field(o, "permissions", version)?,
        })
    }
}

impl Fields for ChangePasswordRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields(version));
        m.insert("current_password".to_owned(), self.current_password.to_fields(version));
        m.insert("new_password".to_owned(), self.new_password.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["user_id", "current_password", "new_password"])?;
        Ok(ChangePasswordRequest {
            user_id: field(o, "user_id", version)?,
            current_password: field(o, "current_password", version)?,
            new_password: field(o, "new_password", version)?,
        })
    }
}

impl Fields for LoginUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("username".to_owned(), self.username.to_fields(version));
        m.insert("password".to_owned(), self.password.to_fields(version));
        m.insert("version".to_owned(), self.version.to_fields(version));
        m.insert("context".to_owned(), self.context.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["username", "password", "version", "context"])?;
        Ok(LoginUserRequest {
            username: field(o, "username", version)?,
            password: field(o, "password", version)?,
            version: field(o, "version", version)?,
            context: field(o, "context", version)?,
        })
    }
}

impl Fields for LogoutUserRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(LogoutUserRequest)
    }
}

impl Fields for LoginRegisterRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("protocol_version".to_owned(), self.protocol_version.to_fields(version));
        m.insert("sdk_name".to_owned(), self.sdk_name.to_fields(version));
        m.insert("sdk_version".to_owned(), self.sdk_version.to_fields(version));
        m.insert("username".to_owned(), self.username.to_fields(version));
        m.insert("password".to_owned(), self.password.to_fields(version));
        m.insert("context".to_owned(), self.context.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["protocol_version", "sdk_name", "sdk_version", "username", "password", "context"])?;
        Ok(LoginRegisterRequest {
            protocol_version: field(o, "protocol_version", version)?,
            sdk_name: field(o, "sdk_name", version)?,
            sdk_version: field(o, "sdk_version", version)?,
            username: field(o, "username", version)?,
            password: field(o, "password", version)?,
            context: field(o, "context", version)?,
        })
    }
}

impl Fields for GetPersonalAccessTokensRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetPersonalAccessTokensRequest)
    }
}

impl Fields for CreatePersonalAccessTokenRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        m.insert("expiry".to_owned(), self.expiry.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["name", "expiry"])?;
        Ok(CreatePersonalAccessTokenRequest {
            name: field(o, "name", version)?,
            expiry: field(o, "expiry", version)?,
        })
    }
}

impl Fields for DeletePersonalAccessTokenRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["name"])?;
        Ok(DeletePersonalAccessTokenRequest {
            name: field(o, "name", version)?,
        })
    }
}

impl Fields for LoginWithPersonalAccessTokenRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("token".to_owned(), self.token.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["token"])?;
        Ok(LoginWithPersonalAccessTokenRequest {
            token: field(o, "token", version)?,
        })
    }
}

impl Fields for LoginRegisterWithPatRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("protocol_version".to_owned(), self.protocol_version.to_fields(version));
        m.insert("sdk_name".to_owned(), self.sdk_name.to_fields(version));
        m.insert("sdk_version".to_owned(), self.sdk_version.to_fields(version));
        m.insert("token".to_owned(), self.token.to_fields(version));
        m.insert("context".to_owned(), self.context.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["protocol_version", "sdk_name", "sdk_version", "token", "context"])?;
        Ok(LoginRegisterWithPatRequest {
            protocol_version: field(o, "protocol_version", version)?,
            sdk_name: field(o, "sdk_name", version)?,
            sdk_version: field(o, "sdk_version", version)?,
            token: field(o, "token", version)?,
            context: field(o, "context", version)?,
        })
    }
}

impl Fields for PollMessagesRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields(version));
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("strategy".to_owned(), self.strategy.to_fields(version));
        m.insert("count".to_owned(), self.count.to_fields(version));
        m.insert("auto_commit".to_owned(), self.auto_commit.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id", "strategy", "count", "auto_commit"])?;
        Ok(PollMessagesRequest {
            consumer: field(o, "consumer", version)?,
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            strategy: field(o, "strategy", version)?,
            count: field(o, "count", version)?,
            auto_commit: field(o, "auto_commit", version)?,
        })
    }
}

impl Fields for SendMessagesRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partitioning".to_owned(), self.partitioning.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("messages".to_owned(), self.messages.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("batch".to_owned(), self.batch.as_ref().map_or(Value::Null, |value| value.to_fields(version)));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["stream_id", "topic_id", "partitioning"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("messages");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("batch");
        }
        let o = object(v, &keys)?;
        Ok(SendMessagesRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partitioning: field(o, "partitioning", version)?,
            messages: if matches!(version, ProtocolVersion::V0_8) { field(o, "messages", version)? } else { Default::default() },
            batch: if matches!(version, ProtocolVersion::V0_9) { Some(field(o, "batch", version)?) } else { Default::default() },
        })
    }
}

impl Fields for FlushUnsavedBufferRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("fsync".to_owned(), self.fsync.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "fsync"])?;
        Ok(FlushUnsavedBufferRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            fsync: field(o, "fsync", version)?,
        })
    }
}

impl Fields for GetConsumerOffsetRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields(version));
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id"])?;
        Ok(GetConsumerOffsetRequest {
            consumer: field(o, "consumer", version)?,
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
        })
    }
}

impl Fields for StoreConsumerOffsetRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields(version));
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("offset".to_owned(), self.offset.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("ack".to_owned(), self.ack.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["consumer", "stream_id", "topic_id", "partition_id", "offset"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("ack");
        }
        let o = object(v, &keys)?;
        Ok(StoreConsumerOffsetRequest {
            consumer: field(o, "consumer", version)?,
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            offset: field(o, "offset", version)?,
            ack: if matches!(version, ProtocolVersion::V0_9) { field(o, "ack", version)? } else { 1 },
        })
    }
}

impl Fields for DeleteConsumerOffsetRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields(version));
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("ack".to_owned(), self.ack.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["consumer", "stream_id", "topic_id", "partition_id"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("ack");
        }
        let o = object(v, &keys)?;
        Ok(DeleteConsumerOffsetRequest {
            consumer: field(o, "consumer", version)?,
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            ack: if matches!(version, ProtocolVersion::V0_9) { field(o, "ack", version)? } else { 1 },
        })
    }
}

impl Fields for GetStreamRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(GetStreamRequest {
            stream_id: field(o, "stream_id", version)?,
        })
    }
}

impl Fields for GetStreamsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetStreamsRequest)
    }
}

impl Fields for CreateStreamRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["name"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(CreateStreamRequest {
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for DeleteStreamRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(DeleteStreamRequest {
            stream_id: field(o, "stream_id", version)?,
        })
    }
}

impl Fields for UpdateStreamRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["stream_id", "name"];
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(UpdateStreamRequest {
            stream_id: field(o, "stream_id", version)?,
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for PurgeStreamRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(PurgeStreamRequest {
            stream_id: field(o, "stream_id", version)?,
        })
    }
}

impl Fields for GetTopicRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(GetTopicRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
        })
    }
}

impl Fields for GetTopicsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(GetTopicsRequest {
            stream_id: field(o, "stream_id", version)?,
        })
    }
}

impl Fields for CreateTopicRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("message_expiry".to_owned(), self.message_expiry.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("replication_factor".to_owned(), self.replication_factor.to_fields(version));
        }
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["stream_id", "partitions_count", "name"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("compression_algorithm");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("message_expiry");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("max_topic_size");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("replication_factor");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(CreateTopicRequest {
            stream_id: field(o, "stream_id", version)?,
            partitions_count: field(o, "partitions_count", version)?,
            compression_algorithm: if matches!(version, ProtocolVersion::V0_8) { field(o, "compression_algorithm", version)? } else { Default::default() },
            message_expiry: if matches!(version, ProtocolVersion::V0_8) { field(o, "message_expiry", version)? } else { Default::default() },
            max_topic_size: if matches!(version, ProtocolVersion::V0_8) { field(o, "max_topic_size", version)? } else { Default::default() },
            replication_factor: if matches!(version, ProtocolVersion::V0_8) { field(o, "replication_factor", version)? } else { Default::default() },
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for DeleteTopicRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(DeleteTopicRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
        })
    }
}

impl Fields for UpdateTopicRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("message_expiry".to_owned(), self.message_expiry.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields(version));
        }
        if matches!(version, ProtocolVersion::V0_8) {
            m.insert("replication_factor".to_owned(), self.replication_factor.to_fields(version));
        }
        m.insert("name".to_owned(), self.name.to_fields(version));
        if matches!(version, ProtocolVersion::V0_9) {
            m.insert("options".to_owned(), self.options.to_fields(version));
        }
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let mut keys: Vec<&str> = vec!["stream_id", "topic_id", "name"];
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("compression_algorithm");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("message_expiry");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("max_topic_size");
        }
        if matches!(version, ProtocolVersion::V0_8) {
            keys.push("replication_factor");
        }
        if matches!(version, ProtocolVersion::V0_9) {
            keys.push("options");
        }
        let o = object(v, &keys)?;
        Ok(UpdateTopicRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            compression_algorithm: if matches!(version, ProtocolVersion::V0_8) { field(o, "compression_algorithm", version)? } else { Default::default() },
            message_expiry: if matches!(version, ProtocolVersion::V0_8) { field(o, "message_expiry", version)? } else { Default::default() },
            max_topic_size: if matches!(version, ProtocolVersion::V0_8) { field(o, "max_topic_size", version)? } else { Default::default() },
            replication_factor: if matches!(version, ProtocolVersion::V0_8) { field(o, "replication_factor", version)? } else { Default::default() },
            name: field(o, "name", version)?,
            options: if matches!(version, ProtocolVersion::V0_9) { field(o, "options", version)? } else { Default::default() },
        })
    }
}

impl Fields for PurgeTopicRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(PurgeTopicRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
        })
    }
}

impl Fields for CreatePartitionsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partitions_count"])?;
        Ok(CreatePartitionsRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partitions_count: field(o, "partitions_count", version)?,
        })
    }
}

impl Fields for DeletePartitionsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partitions_count"])?;
        Ok(DeletePartitionsRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partitions_count: field(o, "partitions_count", version)?,
        })
    }
}

impl Fields for DeleteSegmentsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("partition_id".to_owned(), self.partition_id.to_fields(version));
        m.insert("segments_count".to_owned(), self.segments_count.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "segments_count"])?;
        Ok(DeleteSegmentsRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            partition_id: field(o, "partition_id", version)?,
            segments_count: field(o, "segments_count", version)?,
        })
    }
}

impl Fields for GetConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(GetConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

impl Fields for GetConsumerGroupsRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(GetConsumerGroupsRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
        })
    }
}

impl Fields for CreateConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("name".to_owned(), self.name.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "name"])?;
        Ok(CreateConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            name: field(o, "name", version)?,
        })
    }
}

impl Fields for DeleteConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(DeleteConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

impl Fields for JoinConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(JoinConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

impl Fields for LeaveConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(LeaveConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

impl Fields for SyncConsumerGroupRequest {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields(version));
        m.insert("topic_id".to_owned(), self.topic_id.to_fields(version));
        m.insert("group_id".to_owned(), self.group_id.to_fields(version));
        Value::Object(m)
    }

    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(SyncConsumerGroupRequest {
            stream_id: field(o, "stream_id", version)?,
            topic_id: field(o, "topic_id", version)?,
            group_id: field(o, "group_id", version)?,
        })
    }
}

/// Replay one fixture: `request` selects the direction, `payload` is the request payload or OK body.
pub fn replay(
    code: u32,
    request: bool,
    fields: &Value,
    payload: Bytes,
    version: ProtocolVersion,
) -> Result<(), String> {
    match code {
        command_code::PING => replay_command::<PingRequest>(request, fields, payload, version),
        command_code::GET_STATS => replay_command::<GetStatsRequest>(request, fields, payload, version),
        command_code::GET_SNAPSHOT => replay_command::<GetSnapshotRequest>(request, fields, payload, version),
        command_code::GET_CLUSTER_METADATA => replay_command::<GetClusterMetadataRequest>(request, fields, payload, version),
        command_code::DESCRIBE_OPTIONS => replay_command::<DescribeOptionsRequest>(request, fields, payload, version),
        command_code::GET_ME => replay_command::<GetMeRequest>(request, fields, payload, version),
        command_code::GET_CLIENT => replay_command::<GetClientRequest>(request, fields, payload, version),
        command_code::GET_CLIENTS => replay_command::<GetClientsRequest>(request, fields, payload, version),
        command_code::GET_USER => replay_command::<GetUserRequest>(request, fields, payload, version),
        command_code::GET_USERS => replay_command::<GetUsersRequest>(request, fields, payload, version),
        command_code::CREATE_USER => replay_command::<CreateUserRequest>(request, fields, payload, version),
        command_code::DELETE_USER => replay_command::<DeleteUserRequest>(request, fields, payload, version),
        command_code::UPDATE_USER => replay_command::<UpdateUserRequest>(request, fields, payload, version),
        command_code::UPDATE_PERMISSIONS => replay_command::<UpdatePermissionsRequest>(request, fields, payload, version),
        command_code::CHANGE_PASSWORD => replay_command::<ChangePasswordRequest>(request, fields, payload, version),
        command_code::LOGIN_USER => replay_command::<LoginUserRequest>(request, fields, payload, version),
        command_code::LOGOUT_USER => replay_command::<LogoutUserRequest>(request, fields, payload, version),
        command_code::LOGIN_REGISTER => replay_command::<LoginRegisterRequest>(request, fields, payload, version),
        command_code::GET_PERSONAL_ACCESS_TOKENS => replay_command::<GetPersonalAccessTokensRequest>(request, fields, payload, version),
        command_code::CREATE_PERSONAL_ACCESS_TOKEN => replay_command::<CreatePersonalAccessTokenRequest>(request, fields, payload, version),
        command_code::DELETE_PERSONAL_ACCESS_TOKEN => replay_command::<DeletePersonalAccessTokenRequest>(request, fields, payload, version),
        command_code::LOGIN_WITH_PERSONAL_ACCESS_TOKEN => replay_command::<LoginWithPersonalAccessTokenRequest>(request, fields, payload, version),
        command_code::LOGIN_REGISTER_WITH_PAT => replay_command::<LoginRegisterWithPatRequest>(request, fields, payload, version),
        command_code::POLL_MESSAGES => replay_command::<PollMessagesRequest>(request, fields, payload, version),
        command_code::SEND_MESSAGES => replay_command::<SendMessagesRequest>(request, fields, payload, version),
        command_code::FLUSH_UNSAVED_BUFFER => replay_command::<FlushUnsavedBufferRequest>(request, fields, payload, version),
        command_code::GET_CONSUMER_OFFSET => replay_command::<GetConsumerOffsetRequest>(request, fields, payload, version),
        command_code::STORE_CONSUMER_OFFSET => replay_command::<StoreConsumerOffsetRequest>(request, fields, payload, version),
        command_code::DELETE_CONSUMER_OFFSET => replay_command::<DeleteConsumerOffsetRequest>(request, fields, payload, version),
        command_code::GET_STREAM => replay_command::<GetStreamRequest>(request, fields, payload, version),
        command_code::GET_STREAMS => replay_command::<GetStreamsRequest>(request, fields, payload, version),
        command_code::CREATE_STREAM => replay_command::<CreateStreamRequest>(request, fields, payload, version),
        command_code::DELETE_STREAM => replay_command::<DeleteStreamRequest>(request, fields, payload, version),
        command_code::UPDATE_STREAM => replay_command::<UpdateStreamRequest>(request, fields, payload, version),
        command_code::PURGE_STREAM => replay_command::<PurgeStreamRequest>(request, fields, payload, version),
        command_code::GET_TOPIC => replay_command::<GetTopicRequest>(request, fields, payload, version),
        command_code::GET_TOPICS => replay_command::<GetTopicsRequest>(request, fields, payload, version),
        command_code::CREATE_TOPIC => replay_command::<CreateTopicRequest>(request, fields, payload, version),
        command_code::DELETE_TOPIC => replay_command::<DeleteTopicRequest>(request, fields, payload, version),
        command_code::UPDATE_TOPIC => replay_command::<UpdateTopicRequest>(request, fields, payload, version),
        command_code::PURGE_TOPIC => replay_command::<PurgeTopicRequest>(request, fields, payload, version),
        command_code::CREATE_PARTITIONS => replay_command::<CreatePartitionsRequest>(request, fields, payload, version),
        command_code::DELETE_PARTITIONS => replay_command::<DeletePartitionsRequest>(request, fields, payload, version),
        command_code::DELETE_SEGMENTS => replay_command::<DeleteSegmentsRequest>(request, fields, payload, version),
        command_code::GET_CONSUMER_GROUP => replay_command::<GetConsumerGroupRequest>(request, fields, payload, version),
        command_code::GET_CONSUMER_GROUPS => replay_command::<GetConsumerGroupsRequest>(request, fields, payload, version),
        command_code::CREATE_CONSUMER_GROUP => replay_command::<CreateConsumerGroupRequest>(request, fields, payload, version),
        command_code::DELETE_CONSUMER_GROUP => replay_command::<DeleteConsumerGroupRequest>(request, fields, payload, version),
        command_code::JOIN_CONSUMER_GROUP => replay_command::<JoinConsumerGroupRequest>(request, fields, payload, version),
        command_code::LEAVE_CONSUMER_GROUP => replay_command::<LeaveConsumerGroupRequest>(request, fields, payload, version),
        command_code::SYNC_CONSUMER_GROUP => replay_command::<SyncConsumerGroupRequest>(request, fields, payload, version),
        _ => Err(format!("unknown command code {code}")),
    }
}
