// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! The fixtures' `fields` form (protocol-spec/README.md) for every generated codec type, and the replay
//! of one fixture by command code. The scalar, string, identifier and list rules live in `fields.rs`.

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
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields());
        m.insert("id".to_owned(), self.id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["kind", "id"])?;
        Ok(Consumer {
            kind: field(o, "kind")?,
            id: field(o, "id")?,
        })
    }
}

impl Fields for PollingStrategy {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields());
        m.insert("value".to_owned(), self.value.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["kind", "value"])?;
        Ok(PollingStrategy {
            kind: field(o, "kind")?,
            value: field(o, "value")?,
        })
    }
}

impl Fields for Partitioning {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("kind".to_owned(), self.kind.to_fields());
        m.insert("value".to_owned(), self.value.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["kind", "value"])?;
        Ok(Partitioning {
            kind: field(o, "kind")?,
            value: field(o, "value")?,
        })
    }
}

impl Fields for Permissions {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("manage_servers".to_owned(), self.manage_servers.to_fields());
        m.insert("read_servers".to_owned(), self.read_servers.to_fields());
        m.insert("manage_users".to_owned(), self.manage_users.to_fields());
        m.insert("read_users".to_owned(), self.read_users.to_fields());
        m.insert("manage_streams".to_owned(), self.manage_streams.to_fields());
        m.insert("read_streams".to_owned(), self.read_streams.to_fields());
        m.insert("manage_topics".to_owned(), self.manage_topics.to_fields());
        m.insert("read_topics".to_owned(), self.read_topics.to_fields());
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields());
        m.insert("send_messages".to_owned(), self.send_messages.to_fields());
        m.insert("streams".to_owned(), vec_to_null(&self.streams));
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["manage_servers", "read_servers", "manage_users", "read_users", "manage_streams", "read_streams", "manage_topics", "read_topics", "poll_messages", "send_messages", "streams"])?;
        Ok(Permissions {
            manage_servers: field(o, "manage_servers")?,
            read_servers: field(o, "read_servers")?,
            manage_users: field(o, "manage_users")?,
            read_users: field(o, "read_users")?,
            manage_streams: field(o, "manage_streams")?,
            read_streams: field(o, "read_streams")?,
            manage_topics: field(o, "manage_topics")?,
            read_topics: field(o, "read_topics")?,
            poll_messages: field(o, "poll_messages")?,
            send_messages: field(o, "send_messages")?,
            streams: vec_from_null(o, "streams")?,
        })
    }
}

impl Fields for StreamPermissions {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("manage_stream".to_owned(), self.manage_stream.to_fields());
        m.insert("read_stream".to_owned(), self.read_stream.to_fields());
        m.insert("manage_topics".to_owned(), self.manage_topics.to_fields());
        m.insert("read_topics".to_owned(), self.read_topics.to_fields());
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields());
        m.insert("send_messages".to_owned(), self.send_messages.to_fields());
        m.insert("topics".to_owned(), vec_to_null(&self.topics));
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "manage_stream", "read_stream", "manage_topics", "read_topics", "poll_messages", "send_messages", "topics"])?;
        Ok(StreamPermissions {
            stream_id: field(o, "stream_id")?,
            manage_stream: field(o, "manage_stream")?,
            read_stream: field(o, "read_stream")?,
            manage_topics: field(o, "manage_topics")?,
            read_topics: field(o, "read_topics")?,
            poll_messages: field(o, "poll_messages")?,
            send_messages: field(o, "send_messages")?,
            topics: vec_from_null(o, "topics")?,
        })
    }
}

impl Fields for TopicPermissions {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("manage_topic".to_owned(), self.manage_topic.to_fields());
        m.insert("read_topic".to_owned(), self.read_topic.to_fields());
        m.insert("poll_messages".to_owned(), self.poll_messages.to_fields());
        m.insert("send_messages".to_owned(), self.send_messages.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["topic_id", "manage_topic", "read_topic", "poll_messages", "send_messages"])?;
        Ok(TopicPermissions {
            topic_id: field(o, "topic_id")?,
            manage_topic: field(o, "manage_topic")?,
            read_topic: field(o, "read_topic")?,
            poll_messages: field(o, "poll_messages")?,
            send_messages: field(o, "send_messages")?,
        })
    }
}

impl Fields for Message {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("checksum".to_owned(), self.checksum.to_fields());
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("offset".to_owned(), self.offset.to_fields());
        m.insert("timestamp".to_owned(), self.timestamp.to_fields());
        m.insert("origin_timestamp".to_owned(), self.origin_timestamp.to_fields());
        m.insert("payload".to_owned(), self.payload.to_fields());
        m.insert("user_headers".to_owned(), user_headers_to_fields(&self.user_headers));
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["checksum", "id", "offset", "timestamp", "origin_timestamp", "payload", "user_headers"])?;
        Ok(Message {
            checksum: field(o, "checksum")?,
            id: field(o, "id")?,
            offset: field(o, "offset")?,
            timestamp: field(o, "timestamp")?,
            origin_timestamp: field(o, "origin_timestamp")?,
            payload: field(o, "payload")?,
            user_headers: user_headers_from_fields(field_value(o, "user_headers")?)?,
        })
    }
}

impl Fields for HeaderEntry {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("key_kind".to_owned(), self.key_kind.to_fields());
        m.insert("key".to_owned(), self.key.to_fields());
        m.insert("value_kind".to_owned(), self.value_kind.to_fields());
        m.insert("value".to_owned(), self.value.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["key_kind", "key", "value_kind", "value"])?;
        Ok(HeaderEntry {
            key_kind: field(o, "key_kind")?,
            key: field(o, "key")?,
            value_kind: field(o, "value_kind")?,
            value: field(o, "value")?,
        })
    }
}

impl Fields for IndexEntry {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("relative_offset".to_owned(), self.relative_offset.to_fields());
        m.insert("position".to_owned(), self.position.to_fields());
        m.insert("timestamp".to_owned(), self.timestamp.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["relative_offset", "position", "timestamp"])?;
        Ok(IndexEntry {
            relative_offset: field(o, "relative_offset")?,
            position: field(o, "position")?,
            timestamp: field(o, "timestamp")?,
        })
    }
}

impl Fields for StreamHeader {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("topics_count".to_owned(), self.topics_count.to_fields());
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "topics_count", "size_bytes", "messages_count", "name"])?;
        Ok(StreamHeader {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            topics_count: field(o, "topics_count")?,
            size_bytes: field(o, "size_bytes")?,
            messages_count: field(o, "messages_count")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for StreamDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("topics".to_owned(), self.topics.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "size_bytes", "messages_count", "name", "topics"])?;
        Ok(StreamDetails {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            size_bytes: field(o, "size_bytes")?,
            messages_count: field(o, "messages_count")?,
            name: field(o, "name")?,
            topics: field(o, "topics")?,
        })
    }
}

impl Fields for TopicHeader {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields());
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields());
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields());
        m.insert("replication_factor".to_owned(), self.replication_factor.to_fields());
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "partitions_count", "message_expiry", "compression_algorithm", "max_topic_size", "replication_factor", "size_bytes", "messages_count", "name"])?;
        Ok(TopicHeader {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            partitions_count: field(o, "partitions_count")?,
            message_expiry: field(o, "message_expiry")?,
            compression_algorithm: field(o, "compression_algorithm")?,
            max_topic_size: field(o, "max_topic_size")?,
            replication_factor: field(o, "replication_factor")?,
            size_bytes: field(o, "size_bytes")?,
            messages_count: field(o, "messages_count")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for TopicDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields());
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields());
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields());
        m.insert("replication_factor".to_owned(), self.replication_factor.to_fields());
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("partitions".to_owned(), self.partitions.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "message_expiry", "compression_algorithm", "max_topic_size", "replication_factor", "size_bytes", "messages_count", "name", "partitions"])?;
        Ok(TopicDetails {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            message_expiry: field(o, "message_expiry")?,
            compression_algorithm: field(o, "compression_algorithm")?,
            max_topic_size: field(o, "max_topic_size")?,
            replication_factor: field(o, "replication_factor")?,
            size_bytes: field(o, "size_bytes")?,
            messages_count: field(o, "messages_count")?,
            name: field(o, "name")?,
            partitions: field(o, "partitions")?,
        })
    }
}

impl Fields for PartitionDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("segments_count".to_owned(), self.segments_count.to_fields());
        m.insert("current_offset".to_owned(), self.current_offset.to_fields());
        m.insert("size_bytes".to_owned(), self.size_bytes.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "segments_count", "current_offset", "size_bytes", "messages_count"])?;
        Ok(PartitionDetails {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            segments_count: field(o, "segments_count")?,
            current_offset: field(o, "current_offset")?,
            size_bytes: field(o, "size_bytes")?,
            messages_count: field(o, "messages_count")?,
        })
    }
}

impl Fields for UserHeader {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("status".to_owned(), self.status.to_fields());
        m.insert("username".to_owned(), self.username.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "status", "username"])?;
        Ok(UserHeader {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            status: field(o, "status")?,
            username: field(o, "username")?,
        })
    }
}

impl Fields for UserDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("created_at".to_owned(), self.created_at.to_fields());
        m.insert("status".to_owned(), self.status.to_fields());
        m.insert("username".to_owned(), self.username.to_fields());
        m.insert("permissions".to_owned(), self.permissions.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "created_at", "status", "username", "permissions"])?;
        Ok(UserDetails {
            id: field(o, "id")?,
            created_at: field(o, "created_at")?,
            status: field(o, "status")?,
            username: field(o, "username")?,
            permissions: field(o, "permissions")?,
        })
    }
}

impl Fields for ClientInfo {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields());
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        m.insert("transport".to_owned(), self.transport.to_fields());
        m.insert("address".to_owned(), self.address.to_fields());
        m.insert("consumer_groups_count".to_owned(), self.consumer_groups_count.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["client_id", "user_id", "transport", "address", "consumer_groups_count"])?;
        Ok(ClientInfo {
            client_id: field(o, "client_id")?,
            user_id: field(o, "user_id")?,
            transport: field(o, "transport")?,
            address: field(o, "address")?,
            consumer_groups_count: field(o, "consumer_groups_count")?,
        })
    }
}

impl Fields for ClientDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields());
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        m.insert("transport".to_owned(), self.transport.to_fields());
        m.insert("address".to_owned(), self.address.to_fields());
        m.insert("consumer_groups".to_owned(), self.consumer_groups.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["client_id", "user_id", "transport", "address", "consumer_groups"])?;
        Ok(ClientDetails {
            client_id: field(o, "client_id")?,
            user_id: field(o, "user_id")?,
            transport: field(o, "transport")?,
            address: field(o, "address")?,
            consumer_groups: field(o, "consumer_groups")?,
        })
    }
}

impl Fields for ClientGroupInfo {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("group_id".to_owned(), self.group_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(ClientGroupInfo {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            group_id: field(o, "group_id")?,
        })
    }
}

impl Fields for ClusterMetadata {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("nodes".to_owned(), self.nodes.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name", "nodes"])?;
        Ok(ClusterMetadata {
            name: field(o, "name")?,
            nodes: field(o, "nodes")?,
        })
    }
}

impl Fields for ClusterNode {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("ip".to_owned(), self.ip.to_fields());
        m.insert("tcp_port".to_owned(), self.tcp_port.to_fields());
        m.insert("quic_port".to_owned(), self.quic_port.to_fields());
        m.insert("http_port".to_owned(), self.http_port.to_fields());
        m.insert("websocket_port".to_owned(), self.websocket_port.to_fields());
        m.insert("role".to_owned(), self.role.to_fields());
        m.insert("status".to_owned(), self.status.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name", "ip", "tcp_port", "quic_port", "http_port", "websocket_port", "role", "status"])?;
        Ok(ClusterNode {
            name: field(o, "name")?,
            ip: field(o, "ip")?,
            tcp_port: field(o, "tcp_port")?,
            quic_port: field(o, "quic_port")?,
            http_port: field(o, "http_port")?,
            websocket_port: field(o, "websocket_port")?,
            role: field(o, "role")?,
            status: field(o, "status")?,
        })
    }
}

impl Fields for Stats {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("process_id".to_owned(), self.process_id.to_fields());
        m.insert("cpu_usage".to_owned(), self.cpu_usage.to_fields());
        m.insert("total_cpu_usage".to_owned(), self.total_cpu_usage.to_fields());
        m.insert("memory_usage".to_owned(), self.memory_usage.to_fields());
        m.insert("total_memory".to_owned(), self.total_memory.to_fields());
        m.insert("available_memory".to_owned(), self.available_memory.to_fields());
        m.insert("run_time".to_owned(), self.run_time.to_fields());
        m.insert("start_time".to_owned(), self.start_time.to_fields());
        m.insert("read_bytes".to_owned(), self.read_bytes.to_fields());
        m.insert("written_bytes".to_owned(), self.written_bytes.to_fields());
        m.insert("messages_size_bytes".to_owned(), self.messages_size_bytes.to_fields());
        m.insert("streams_count".to_owned(), self.streams_count.to_fields());
        m.insert("topics_count".to_owned(), self.topics_count.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        m.insert("segments_count".to_owned(), self.segments_count.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("clients_count".to_owned(), self.clients_count.to_fields());
        m.insert("consumer_groups_count".to_owned(), self.consumer_groups_count.to_fields());
        m.insert("hostname".to_owned(), self.hostname.to_fields());
        m.insert("os_name".to_owned(), self.os_name.to_fields());
        m.insert("os_version".to_owned(), self.os_version.to_fields());
        m.insert("kernel_version".to_owned(), self.kernel_version.to_fields());
        m.insert("iggy_server_version".to_owned(), self.iggy_server_version.to_fields());
        m.insert("iggy_server_semver".to_owned(), self.iggy_server_semver.to_fields());
        m.insert("cache_metrics".to_owned(), self.cache_metrics.to_fields());
        m.insert("threads_count".to_owned(), self.threads_count.to_fields());
        m.insert("free_disk_space".to_owned(), self.free_disk_space.to_fields());
        m.insert("total_disk_space".to_owned(), self.total_disk_space.to_fields());
        m.insert("extensions".to_owned(), self.extensions.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["process_id", "cpu_usage", "total_cpu_usage", "memory_usage", "total_memory", "available_memory", "run_time", "start_time", "read_bytes", "written_bytes", "messages_size_bytes", "streams_count", "topics_count", "partitions_count", "segments_count", "messages_count", "clients_count", "consumer_groups_count", "hostname", "os_name", "os_version", "kernel_version", "iggy_server_version", "iggy_server_semver", "cache_metrics", "threads_count", "free_disk_space", "total_disk_space", "extensions"])?;
        Ok(Stats {
            process_id: field(o, "process_id")?,
            cpu_usage: field(o, "cpu_usage")?,
            total_cpu_usage: field(o, "total_cpu_usage")?,
            memory_usage: field(o, "memory_usage")?,
            total_memory: field(o, "total_memory")?,
            available_memory: field(o, "available_memory")?,
            run_time: field(o, "run_time")?,
            start_time: field(o, "start_time")?,
            read_bytes: field(o, "read_bytes")?,
            written_bytes: field(o, "written_bytes")?,
            messages_size_bytes: field(o, "messages_size_bytes")?,
            streams_count: field(o, "streams_count")?,
            topics_count: field(o, "topics_count")?,
            partitions_count: field(o, "partitions_count")?,
            segments_count: field(o, "segments_count")?,
            messages_count: field(o, "messages_count")?,
            clients_count: field(o, "clients_count")?,
            consumer_groups_count: field(o, "consumer_groups_count")?,
            hostname: field(o, "hostname")?,
            os_name: field(o, "os_name")?,
            os_version: field(o, "os_version")?,
            kernel_version: field(o, "kernel_version")?,
            iggy_server_version: field(o, "iggy_server_version")?,
            iggy_server_semver: field(o, "iggy_server_semver")?,
            cache_metrics: field(o, "cache_metrics")?,
            threads_count: field(o, "threads_count")?,
            free_disk_space: field(o, "free_disk_space")?,
            total_disk_space: field(o, "total_disk_space")?,
            extensions: field(o, "extensions")?,
        })
    }
}

impl Fields for StatsExtension {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("tag".to_owned(), self.tag.to_fields());
        m.insert("body".to_owned(), self.body.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["tag", "body"])?;
        Ok(StatsExtension {
            tag: field(o, "tag")?,
            body: field(o, "body")?,
        })
    }
}

impl Fields for HotPathStats {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("writer".to_owned(), self.writer.to_fields());
        m.insert("io_uring_available".to_owned(), self.io_uring_available.to_fields());
        m.insert("direct_io".to_owned(), self.direct_io.to_fields());
        m.insert("pool_capacity".to_owned(), self.pool_capacity.to_fields());
        m.insert("pool_reserved".to_owned(), self.pool_reserved.to_fields());
        m.insert("pool_in_use".to_owned(), self.pool_in_use.to_fields());
        m.insert("pool_in_use_buffers".to_owned(), self.pool_in_use_buffers.to_fields());
        m.insert("pool_free_buffers".to_owned(), self.pool_free_buffers.to_fields());
        m.insert("pool_hits".to_owned(), self.pool_hits.to_fields());
        m.insert("pool_misses".to_owned(), self.pool_misses.to_fields());
        m.insert("pool_evictions".to_owned(), self.pool_evictions.to_fields());
        m.insert("pool_exhausted".to_owned(), self.pool_exhausted.to_fields());
        m.insert("receive_fallbacks".to_owned(), self.receive_fallbacks.to_fields());
        m.insert("read_fallbacks".to_owned(), self.read_fallbacks.to_fields());
        m.insert("writes".to_owned(), self.writes.to_fields());
        m.insert("datasyncs".to_owned(), self.datasyncs.to_fields());
        m.insert("bytes_written".to_owned(), self.bytes_written.to_fields());
        m.insert("write_queue".to_owned(), self.write_queue.to_fields());
        m.insert("background_submissions".to_owned(), self.background_submissions.to_fields());
        m.insert("background_batches".to_owned(), self.background_batches.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["writer", "io_uring_available", "direct_io", "pool_capacity", "pool_reserved", "pool_in_use", "pool_in_use_buffers", "pool_free_buffers", "pool_hits", "pool_misses", "pool_evictions", "pool_exhausted", "receive_fallbacks", "read_fallbacks", "writes", "datasyncs", "bytes_written", "write_queue", "background_submissions", "background_batches"])?;
        Ok(HotPathStats {
            writer: field(o, "writer")?,
            io_uring_available: field(o, "io_uring_available")?,
            direct_io: field(o, "direct_io")?,
            pool_capacity: field(o, "pool_capacity")?,
            pool_reserved: field(o, "pool_reserved")?,
            pool_in_use: field(o, "pool_in_use")?,
            pool_in_use_buffers: field(o, "pool_in_use_buffers")?,
            pool_free_buffers: field(o, "pool_free_buffers")?,
            pool_hits: field(o, "pool_hits")?,
            pool_misses: field(o, "pool_misses")?,
            pool_evictions: field(o, "pool_evictions")?,
            pool_exhausted: field(o, "pool_exhausted")?,
            receive_fallbacks: field(o, "receive_fallbacks")?,
            read_fallbacks: field(o, "read_fallbacks")?,
            writes: field(o, "writes")?,
            datasyncs: field(o, "datasyncs")?,
            bytes_written: field(o, "bytes_written")?,
            write_queue: field(o, "write_queue")?,
            background_submissions: field(o, "background_submissions")?,
            background_batches: field(o, "background_batches")?,
        })
    }
}

impl Fields for CacheMetric {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("hits".to_owned(), self.hits.to_fields());
        m.insert("misses".to_owned(), self.misses.to_fields());
        m.insert("hit_ratio".to_owned(), self.hit_ratio.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "hits", "misses", "hit_ratio"])?;
        Ok(CacheMetric {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
            hits: field(o, "hits")?,
            misses: field(o, "misses")?,
            hit_ratio: field(o, "hit_ratio")?,
        })
    }
}

impl Fields for GroupHeader {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        m.insert("members_count".to_owned(), self.members_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "partitions_count", "members_count", "name"])?;
        Ok(GroupHeader {
            id: field(o, "id")?,
            partitions_count: field(o, "partitions_count")?,
            members_count: field(o, "members_count")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for GroupDetails {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".to_owned(), self.id.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("members".to_owned(), self.members.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["id", "partitions_count", "name", "members"])?;
        Ok(GroupDetails {
            id: field(o, "id")?,
            partitions_count: field(o, "partitions_count")?,
            name: field(o, "name")?,
            members: field(o, "members")?,
        })
    }
}

impl Fields for GroupMember {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("member_id".to_owned(), self.member_id.to_fields());
        m.insert("partition_ids".to_owned(), self.partition_ids.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["member_id", "partition_ids"])?;
        Ok(GroupMember {
            member_id: field(o, "member_id")?,
            partition_ids: field(o, "partition_ids")?,
        })
    }
}

impl Fields for ConsumerOffsetInfo {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("current_offset".to_owned(), self.current_offset.to_fields());
        m.insert("stored_offset".to_owned(), self.stored_offset.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["partition_id", "current_offset", "stored_offset"])?;
        Ok(ConsumerOffsetInfo {
            partition_id: field(o, "partition_id")?,
            current_offset: field(o, "current_offset")?,
            stored_offset: field(o, "stored_offset")?,
        })
    }
}

impl Fields for PersonalAccessTokenInfo {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("expiry_at".to_owned(), self.expiry_at.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name", "expiry_at"])?;
        Ok(PersonalAccessTokenInfo {
            name: field(o, "name")?,
            expiry_at: field(o, "expiry_at")?,
        })
    }
}

impl Fields for PolledMessages {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("current_offset".to_owned(), self.current_offset.to_fields());
        m.insert("messages_count".to_owned(), self.messages_count.to_fields());
        m.insert("messages".to_owned(), self.messages.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["partition_id", "current_offset", "messages_count", "messages"])?;
        Ok(PolledMessages {
            partition_id: field(o, "partition_id")?,
            current_offset: field(o, "current_offset")?,
            messages_count: field(o, "messages_count")?,
            messages: field(o, "messages")?,
        })
    }
}

impl Fields for GetSnapshotResponse {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("data".to_owned(), self.data.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["data"])?;
        Ok(GetSnapshotResponse {
            data: field(o, "data")?,
        })
    }
}

impl Fields for LoginUserResponse {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(LoginUserResponse {
            user_id: field(o, "user_id")?,
        })
    }
}

impl Fields for CreatePersonalAccessTokenResponse {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("token".to_owned(), self.token.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["token"])?;
        Ok(CreatePersonalAccessTokenResponse {
            token: field(o, "token")?,
        })
    }
}

impl Fields for LoginWithPersonalAccessTokenResponse {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(LoginWithPersonalAccessTokenResponse {
            user_id: field(o, "user_id")?,
        })
    }
}

impl Fields for PingRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(PingRequest)
    }
}

impl Fields for GetStatsRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetStatsRequest)
    }
}

impl Fields for GetSnapshotRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("compression".to_owned(), self.compression.to_fields());
        m.insert("snapshot_types".to_owned(), self.snapshot_types.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["compression", "snapshot_types"])?;
        Ok(GetSnapshotRequest {
            compression: field(o, "compression")?,
            snapshot_types: field(o, "snapshot_types")?,
        })
    }
}

impl Fields for GetClusterMetadataRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetClusterMetadataRequest)
    }
}

impl Fields for GetMeRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetMeRequest)
    }
}

impl Fields for GetClientRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("client_id".to_owned(), self.client_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["client_id"])?;
        Ok(GetClientRequest {
            client_id: field(o, "client_id")?,
        })
    }
}

impl Fields for GetClientsRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetClientsRequest)
    }
}

impl Fields for GetUserRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(GetUserRequest {
            user_id: field(o, "user_id")?,
        })
    }
}

impl Fields for GetUsersRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetUsersRequest)
    }
}

impl Fields for CreateUserRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("username".to_owned(), self.username.to_fields());
        m.insert("password".to_owned(), self.password.to_fields());
        m.insert("status".to_owned(), self.status.to_fields());
        m.insert("permissions".to_owned(), self.permissions.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["username", "password", "status", "permissions"])?;
        Ok(CreateUserRequest {
            username: field(o, "username")?,
            password: field(o, "password")?,
            status: field(o, "status")?,
            permissions: field(o, "permissions")?,
        })
    }
}

impl Fields for DeleteUserRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id"])?;
        Ok(DeleteUserRequest {
            user_id: field(o, "user_id")?,
        })
    }
}

impl Fields for UpdateUserRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        m.insert("username".to_owned(), self.username.to_fields());
        m.insert("status".to_owned(), self.status.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id", "username", "status"])?;
        Ok(UpdateUserRequest {
            user_id: field(o, "user_id")?,
            username: field(o, "username")?,
            status: field(o, "status")?,
        })
    }
}

impl Fields for UpdatePermissionsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        m.insert("permissions".to_owned(), self.permissions.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id", "permissions"])?;
        Ok(UpdatePermissionsRequest {
            user_id: field(o, "user_id")?,
            permissions: field(o, "permissions")?,
        })
    }
}

impl Fields for ChangePasswordRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("user_id".to_owned(), self.user_id.to_fields());
        m.insert("current_password".to_owned(), self.current_password.to_fields());
        m.insert("new_password".to_owned(), self.new_password.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["user_id", "current_password", "new_password"])?;
        Ok(ChangePasswordRequest {
            user_id: field(o, "user_id")?,
            current_password: field(o, "current_password")?,
            new_password: field(o, "new_password")?,
        })
    }
}

impl Fields for LoginUserRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("username".to_owned(), self.username.to_fields());
        m.insert("password".to_owned(), self.password.to_fields());
        m.insert("version".to_owned(), self.version.to_fields());
        m.insert("context".to_owned(), self.context.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["username", "password", "version", "context"])?;
        Ok(LoginUserRequest {
            username: field(o, "username")?,
            password: field(o, "password")?,
            version: field(o, "version")?,
            context: field(o, "context")?,
        })
    }
}

impl Fields for LogoutUserRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(LogoutUserRequest)
    }
}

impl Fields for GetPersonalAccessTokensRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetPersonalAccessTokensRequest)
    }
}

impl Fields for CreatePersonalAccessTokenRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        m.insert("expiry".to_owned(), self.expiry.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name", "expiry"])?;
        Ok(CreatePersonalAccessTokenRequest {
            name: field(o, "name")?,
            expiry: field(o, "expiry")?,
        })
    }
}

impl Fields for DeletePersonalAccessTokenRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name"])?;
        Ok(DeletePersonalAccessTokenRequest {
            name: field(o, "name")?,
        })
    }
}

impl Fields for LoginWithPersonalAccessTokenRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("token".to_owned(), self.token.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["token"])?;
        Ok(LoginWithPersonalAccessTokenRequest {
            token: field(o, "token")?,
        })
    }
}

impl Fields for PollMessagesRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields());
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("strategy".to_owned(), self.strategy.to_fields());
        m.insert("count".to_owned(), self.count.to_fields());
        m.insert("auto_commit".to_owned(), self.auto_commit.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id", "strategy", "count", "auto_commit"])?;
        Ok(PollMessagesRequest {
            consumer: field(o, "consumer")?,
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
            strategy: field(o, "strategy")?,
            count: field(o, "count")?,
            auto_commit: field(o, "auto_commit")?,
        })
    }
}

impl Fields for SendMessagesRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partitioning".to_owned(), self.partitioning.to_fields());
        m.insert("messages".to_owned(), self.messages.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partitioning", "messages"])?;
        Ok(SendMessagesRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partitioning: field(o, "partitioning")?,
            messages: field(o, "messages")?,
        })
    }
}

impl Fields for FlushUnsavedBufferRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("fsync".to_owned(), self.fsync.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "fsync"])?;
        Ok(FlushUnsavedBufferRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
            fsync: field(o, "fsync")?,
        })
    }
}

impl Fields for GetConsumerOffsetRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields());
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id"])?;
        Ok(GetConsumerOffsetRequest {
            consumer: field(o, "consumer")?,
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
        })
    }
}

impl Fields for StoreConsumerOffsetRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields());
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("offset".to_owned(), self.offset.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id", "offset"])?;
        Ok(StoreConsumerOffsetRequest {
            consumer: field(o, "consumer")?,
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
            offset: field(o, "offset")?,
        })
    }
}

impl Fields for DeleteConsumerOffsetRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("consumer".to_owned(), self.consumer.to_fields());
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["consumer", "stream_id", "topic_id", "partition_id"])?;
        Ok(DeleteConsumerOffsetRequest {
            consumer: field(o, "consumer")?,
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
        })
    }
}

impl Fields for GetStreamRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(GetStreamRequest {
            stream_id: field(o, "stream_id")?,
        })
    }
}

impl Fields for GetStreamsRequest {
    fn to_fields(&self) -> Value {
        let m = Map::new();
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let _o = object(v, &[])?;
        Ok(GetStreamsRequest)
    }
}

impl Fields for CreateStreamRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["name"])?;
        Ok(CreateStreamRequest {
            name: field(o, "name")?,
        })
    }
}

impl Fields for DeleteStreamRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(DeleteStreamRequest {
            stream_id: field(o, "stream_id")?,
        })
    }
}

impl Fields for UpdateStreamRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "name"])?;
        Ok(UpdateStreamRequest {
            stream_id: field(o, "stream_id")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for PurgeStreamRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(PurgeStreamRequest {
            stream_id: field(o, "stream_id")?,
        })
    }
}

impl Fields for GetTopicRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(GetTopicRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
        })
    }
}

impl Fields for GetTopicsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id"])?;
        Ok(GetTopicsRequest {
            stream_id: field(o, "stream_id")?,
        })
    }
}

impl Fields for CreateTopicRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields());
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields());
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields());
        m.insert("replication_factor".to_owned(), self.replication_factor.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "partitions_count", "compression_algorithm", "message_expiry", "max_topic_size", "replication_factor", "name"])?;
        Ok(CreateTopicRequest {
            stream_id: field(o, "stream_id")?,
            partitions_count: field(o, "partitions_count")?,
            compression_algorithm: field(o, "compression_algorithm")?,
            message_expiry: field(o, "message_expiry")?,
            max_topic_size: field(o, "max_topic_size")?,
            replication_factor: field(o, "replication_factor")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for DeleteTopicRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(DeleteTopicRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
        })
    }
}

impl Fields for UpdateTopicRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("compression_algorithm".to_owned(), self.compression_algorithm.to_fields());
        m.insert("message_expiry".to_owned(), self.message_expiry.to_fields());
        m.insert("max_topic_size".to_owned(), self.max_topic_size.to_fields());
        m.insert("replication_factor".to_owned(), self.replication_factor.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "compression_algorithm", "message_expiry", "max_topic_size", "replication_factor", "name"])?;
        Ok(UpdateTopicRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            compression_algorithm: field(o, "compression_algorithm")?,
            message_expiry: field(o, "message_expiry")?,
            max_topic_size: field(o, "max_topic_size")?,
            replication_factor: field(o, "replication_factor")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for PurgeTopicRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(PurgeTopicRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
        })
    }
}

impl Fields for CreatePartitionsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partitions_count"])?;
        Ok(CreatePartitionsRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partitions_count: field(o, "partitions_count")?,
        })
    }
}

impl Fields for DeletePartitionsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partitions_count".to_owned(), self.partitions_count.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partitions_count"])?;
        Ok(DeletePartitionsRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partitions_count: field(o, "partitions_count")?,
        })
    }
}

impl Fields for DeleteSegmentsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("partition_id".to_owned(), self.partition_id.to_fields());
        m.insert("segments_count".to_owned(), self.segments_count.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "partition_id", "segments_count"])?;
        Ok(DeleteSegmentsRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            partition_id: field(o, "partition_id")?,
            segments_count: field(o, "segments_count")?,
        })
    }
}

impl Fields for GetConsumerGroupRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("group_id".to_owned(), self.group_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(GetConsumerGroupRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            group_id: field(o, "group_id")?,
        })
    }
}

impl Fields for GetConsumerGroupsRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id"])?;
        Ok(GetConsumerGroupsRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
        })
    }
}

impl Fields for CreateConsumerGroupRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("name".to_owned(), self.name.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "name"])?;
        Ok(CreateConsumerGroupRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            name: field(o, "name")?,
        })
    }
}

impl Fields for DeleteConsumerGroupRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("group_id".to_owned(), self.group_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(DeleteConsumerGroupRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            group_id: field(o, "group_id")?,
        })
    }
}

impl Fields for JoinConsumerGroupRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("group_id".to_owned(), self.group_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(JoinConsumerGroupRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            group_id: field(o, "group_id")?,
        })
    }
}

impl Fields for LeaveConsumerGroupRequest {
    fn to_fields(&self) -> Value {
        let mut m = Map::new();
        m.insert("stream_id".to_owned(), self.stream_id.to_fields());
        m.insert("topic_id".to_owned(), self.topic_id.to_fields());
        m.insert("group_id".to_owned(), self.group_id.to_fields());
        Value::Object(m)
    }

    fn from_fields(v: &Value) -> Result<Self, String> {
        let o = object(v, &["stream_id", "topic_id", "group_id"])?;
        Ok(LeaveConsumerGroupRequest {
            stream_id: field(o, "stream_id")?,
            topic_id: field(o, "topic_id")?,
            group_id: field(o, "group_id")?,
        })
    }
}

/// Replay one fixture: `request` selects the direction, `payload` is the request payload or OK body.
pub fn replay(code: u32, request: bool, fields: &Value, payload: Bytes) -> Result<(), String> {
    match code {
        command_code::PING => replay_command::<PingRequest>(request, fields, payload),
        command_code::GET_STATS => replay_command::<GetStatsRequest>(request, fields, payload),
        command_code::GET_SNAPSHOT => replay_command::<GetSnapshotRequest>(request, fields, payload),
        command_code::GET_CLUSTER_METADATA => replay_command::<GetClusterMetadataRequest>(request, fields, payload),
        command_code::GET_ME => replay_command::<GetMeRequest>(request, fields, payload),
        command_code::GET_CLIENT => replay_command::<GetClientRequest>(request, fields, payload),
        command_code::GET_CLIENTS => replay_command::<GetClientsRequest>(request, fields, payload),
        command_code::GET_USER => replay_command::<GetUserRequest>(request, fields, payload),
        command_code::GET_USERS => replay_command::<GetUsersRequest>(request, fields, payload),
        command_code::CREATE_USER => replay_command::<CreateUserRequest>(request, fields, payload),
        command_code::DELETE_USER => replay_command::<DeleteUserRequest>(request, fields, payload),
        command_code::UPDATE_USER => replay_command::<UpdateUserRequest>(request, fields, payload),
        command_code::UPDATE_PERMISSIONS => replay_command::<UpdatePermissionsRequest>(request, fields, payload),
        command_code::CHANGE_PASSWORD => replay_command::<ChangePasswordRequest>(request, fields, payload),
        command_code::LOGIN_USER => replay_command::<LoginUserRequest>(request, fields, payload),
        command_code::LOGOUT_USER => replay_command::<LogoutUserRequest>(request, fields, payload),
        command_code::GET_PERSONAL_ACCESS_TOKENS => replay_command::<GetPersonalAccessTokensRequest>(request, fields, payload),
        command_code::CREATE_PERSONAL_ACCESS_TOKEN => replay_command::<CreatePersonalAccessTokenRequest>(request, fields, payload),
        command_code::DELETE_PERSONAL_ACCESS_TOKEN => replay_command::<DeletePersonalAccessTokenRequest>(request, fields, payload),
        command_code::LOGIN_WITH_PERSONAL_ACCESS_TOKEN => replay_command::<LoginWithPersonalAccessTokenRequest>(request, fields, payload),
        command_code::POLL_MESSAGES => replay_command::<PollMessagesRequest>(request, fields, payload),
        command_code::SEND_MESSAGES => replay_command::<SendMessagesRequest>(request, fields, payload),
        command_code::FLUSH_UNSAVED_BUFFER => replay_command::<FlushUnsavedBufferRequest>(request, fields, payload),
        command_code::GET_CONSUMER_OFFSET => replay_command::<GetConsumerOffsetRequest>(request, fields, payload),
        command_code::STORE_CONSUMER_OFFSET => replay_command::<StoreConsumerOffsetRequest>(request, fields, payload),
        command_code::DELETE_CONSUMER_OFFSET => replay_command::<DeleteConsumerOffsetRequest>(request, fields, payload),
        command_code::GET_STREAM => replay_command::<GetStreamRequest>(request, fields, payload),
        command_code::GET_STREAMS => replay_command::<GetStreamsRequest>(request, fields, payload),
        command_code::CREATE_STREAM => replay_command::<CreateStreamRequest>(request, fields, payload),
        command_code::DELETE_STREAM => replay_command::<DeleteStreamRequest>(request, fields, payload),
        command_code::UPDATE_STREAM => replay_command::<UpdateStreamRequest>(request, fields, payload),
        command_code::PURGE_STREAM => replay_command::<PurgeStreamRequest>(request, fields, payload),
        command_code::GET_TOPIC => replay_command::<GetTopicRequest>(request, fields, payload),
        command_code::GET_TOPICS => replay_command::<GetTopicsRequest>(request, fields, payload),
        command_code::CREATE_TOPIC => replay_command::<CreateTopicRequest>(request, fields, payload),
        command_code::DELETE_TOPIC => replay_command::<DeleteTopicRequest>(request, fields, payload),
        command_code::UPDATE_TOPIC => replay_command::<UpdateTopicRequest>(request, fields, payload),
        command_code::PURGE_TOPIC => replay_command::<PurgeTopicRequest>(request, fields, payload),
        command_code::CREATE_PARTITIONS => replay_command::<CreatePartitionsRequest>(request, fields, payload),
        command_code::DELETE_PARTITIONS => replay_command::<DeletePartitionsRequest>(request, fields, payload),
        command_code::DELETE_SEGMENTS => replay_command::<DeleteSegmentsRequest>(request, fields, payload),
        command_code::GET_CONSUMER_GROUP => replay_command::<GetConsumerGroupRequest>(request, fields, payload),
        command_code::GET_CONSUMER_GROUPS => replay_command::<GetConsumerGroupsRequest>(request, fields, payload),
        command_code::CREATE_CONSUMER_GROUP => replay_command::<CreateConsumerGroupRequest>(request, fields, payload),
        command_code::DELETE_CONSUMER_GROUP => replay_command::<DeleteConsumerGroupRequest>(request, fields, payload),
        command_code::JOIN_CONSUMER_GROUP => replay_command::<JoinConsumerGroupRequest>(request, fields, payload),
        command_code::LEAVE_CONSUMER_GROUP => replay_command::<LeaveConsumerGroupRequest>(request, fields, payload),
        _ => Err(format!("unknown command code {code}")),
    }
}
