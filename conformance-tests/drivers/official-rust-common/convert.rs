//! Translation between the driver protocol's JSON and the official Rust SDK's types, in both directions: the part
//! both drivers share. Compiled into official-rust (iggy 0.10.0) and official-rust-0.11 (iggy 0.11.0) by
//! `#[path]`, so it uses only API the two releases have alike; what differs lives in each driver's `model.rs`.

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use iggy::prelude::*;
use iggy_common::{ClientInfo, ConsumerGroup, UserInfo, UserInfoDetails};
use serde_json::{Map, Value, json};

/// Why a step did not produce a result.
pub enum Failure {
    /// The SDK (or the server through it) reported an Iggy error.
    Iggy(IggyError),
    /// The SDK's API cannot express the request.
    Unsupported(String),
    /// A malformed request or a driver-side problem.
    Driver(String),
}

impl From<IggyError> for Failure {
    fn from(error: IggyError) -> Self {
        Failure::Iggy(error)
    }
}

// --- arguments ---------------------------------------------------------------------------------------

pub fn arg<'a>(args: &'a Value, key: &str) -> Result<&'a Value, Failure> {
    args.get(key).ok_or_else(|| Failure::Driver(format!("missing argument {key:?}")))
}

pub fn arg_str<'a>(args: &'a Value, key: &str) -> Result<&'a str, Failure> {
    arg(args, key)?.as_str().ok_or_else(|| Failure::Driver(format!("argument {key:?} must be text")))
}

/// Integers may arrive as JSON numbers or, when wider than 53 bits, as decimal strings.
fn integer(value: &Value, what: &str) -> Result<u128, Failure> {
    let parsed = match value {
        Value::Number(number) => number.as_u64().map(u128::from),
        Value::String(text) => text.parse::<u128>().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| Failure::Driver(format!("{what} must be a non-negative integer, got {value}")))
}

/// An integer arg the step has: required by the op table, or filled with its declared default by the check
/// (driver_ops::check_step) before the op runs, so a driver never writes a default here.
pub fn arg_u64(args: &Value, key: &str) -> Result<u64, Failure> {
    u64::try_from(integer(arg(args, key)?, key)?).map_err(|_| Failure::Driver(format!("{key} > u64")))
}

pub fn arg_u32(args: &Value, key: &str) -> Result<u32, Failure> {
    u32::try_from(arg_u64(args, key)?).map_err(|_| Failure::Driver(format!("{key} > u32")))
}

/// An optional integer arg with no shared default (absence means something of its own: "none", "not sent").
pub fn optional_u64(args: &Value, key: &str) -> Result<Option<u64>, Failure> {
    args.get(key).filter(|value| !value.is_null()).map(|_| arg_u64(args, key)).transpose()
}

pub fn arg_bool(args: &Value, key: &str) -> Result<bool, Failure> {
    arg(args, key)?.as_bool().ok_or_else(|| Failure::Driver(format!("{key} must be a boolean")))
}

/// A JSON number is a numeric id, a JSON string a name (even if it looks numeric), as the protocol says.
pub fn identifier(value: &Value) -> Result<Identifier, Failure> {
    match value {
        Value::Number(_) => {
            let id = u32::try_from(integer(value, "id")?).map_err(|_| Failure::Driver("id > u32".into()))?;
            Ok(Identifier::numeric(id)?)
        }
        Value::String(name) => Ok(Identifier::named(name)?),
        other => Err(Failure::Driver(format!("an identifier must be a number or text, got {other}"))),
    }
}

pub fn identifier_text(value: &Value) -> String {
    match value {
        Value::String(name) => name.clone(),
        other => other.to_string(),
    }
}

pub fn consumer(raw: &Value) -> Result<Consumer, Failure> {
    let id = identifier(arg(raw, "id")?)?;
    match arg_str(raw, "kind")? {
        "consumer" => Ok(Consumer::new(id)),
        "group" => Ok(Consumer::group(id)),
        other => Err(Failure::Driver(format!("unknown consumer kind {other:?}"))),
    }
}

pub fn strategy(raw: &Value) -> Result<PollingStrategy, Failure> {
    // first/last/next carry no value; offset and timestamp read theirs.
    let value = optional_u64(raw, "value")?.unwrap_or_default();
    match arg_str(raw, "kind")? {
        "offset" => Ok(PollingStrategy::offset(value)),
        "timestamp" => Ok(PollingStrategy::timestamp(IggyTimestamp::from(value))),
        "first" => Ok(PollingStrategy::first()),
        "last" => Ok(PollingStrategy::last()),
        "next" => Ok(PollingStrategy::next()),
        other => Err(Failure::Driver(format!("unknown polling strategy {other:?}"))),
    }
}

pub fn partitioning(raw: &Value) -> Result<Partitioning, Failure> {
    match arg_str(raw, "kind")? {
        "balanced" => Ok(Partitioning::balanced()),
        "partition_id" => Ok(Partitioning::partition_id(arg_u32(raw, "value")?)),
        "key" => Ok(Partitioning::messages_key(arg_str(raw, "value")?.as_bytes())?),
        other => Err(Failure::Driver(format!("unknown partitioning kind {other:?}"))),
    }
}

pub fn message(raw: &Value) -> Result<IggyMessage, Failure> {
    let payload = unb64(arg_str(raw, "payload")?)?;
    let id = match raw.get("id") {
        None | Some(Value::Null) => None,
        Some(value) => Some(integer(value, "message id")?),
    };
    let headers = match raw.get("headers") {
        None | Some(Value::Null) => None,
        Some(Value::Object(entries)) if entries.is_empty() => None,
        Some(Value::Object(entries)) => {
            let mut headers = BTreeMap::new();
            for (key, value) in entries {
                headers.insert(HeaderKey::try_from(key.as_str())?, header_value(value)?);
            }
            Some(headers)
        }
        Some(other) => return Err(Failure::Driver(format!("headers must be an object, got {other}"))),
    };
    Ok(IggyMessage::builder().maybe_id(id).payload(payload.into()).maybe_user_headers(headers).build()?)
}

fn signed(value: &Value, what: &str) -> Result<i128, Failure> {
    let parsed = match value {
        Value::Number(number) => number.as_i64().map(i128::from),
        Value::String(text) => text.parse::<i128>().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| Failure::Driver(format!("{what} must be an integer, got {value}")))
}

fn float(value: &Value) -> Result<f64, Failure> {
    value.as_f64().ok_or_else(|| Failure::Driver(format!("a float header needs a number, got {value}")))
}

fn narrow<T: TryFrom<i128>>(value: &Value, kind: &str) -> Result<T, Failure> {
    T::try_from(signed(value, kind)?).map_err(|_| Failure::Driver(format!("{value} does not fit {kind}")))
}

fn header_value(raw: &Value) -> Result<HeaderValue, Failure> {
    let value = arg(raw, "value")?;
    let kind = arg_str(raw, "kind")?;
    Ok(match kind {
        "raw" => HeaderValue::try_from(unb64(value.as_str().unwrap_or_default())?.as_slice())?,
        "string" => HeaderValue::try_from(value.as_str().ok_or_else(|| Failure::Driver("string header".into()))?)?,
        "bool" => HeaderValue::from(value.as_bool().ok_or_else(|| Failure::Driver("bool header".into()))?),
        "int8" => HeaderValue::from(narrow::<i8>(value, kind)?),
        "int16" => HeaderValue::from(narrow::<i16>(value, kind)?),
        "int32" => HeaderValue::from(narrow::<i32>(value, kind)?),
        "int64" => HeaderValue::from(narrow::<i64>(value, kind)?),
        "int128" => HeaderValue::from(signed(value, kind)?),
        "uint8" => HeaderValue::from(narrow::<u8>(value, kind)?),
        "uint16" => HeaderValue::from(narrow::<u16>(value, kind)?),
        "uint32" => HeaderValue::from(narrow::<u32>(value, kind)?),
        "uint64" => HeaderValue::from(narrow::<u64>(value, kind)?),
        "uint128" => HeaderValue::from(integer(value, kind)?),
        "float32" => HeaderValue::from(float(value)? as f32),
        "float64" => HeaderValue::from(float(value)?),
        other => return Err(Failure::Driver(format!("unknown header kind {other:?}"))),
    })
}

/// `compression` is a name the SDK parses ("stored", "deflated", "bzip2", "zstd", "lzma", "xz"); default "deflated".
pub fn snapshot_compression(args: &Value) -> Result<SnapshotCompression, Failure> {
    arg_str(args, "compression")?.parse().map_err(Failure::Driver)
}

/// `types` is a list of names the SDK parses ("filesystem_overview", ..., "server_config", "all").
pub fn snapshot_types(args: &Value) -> Result<Vec<SystemSnapshotType>, Failure> {
    let raw = arg(args, "types")?.as_array().ok_or_else(|| Failure::Driver("types: list".into()))?;
    raw.iter()
        .map(|name| {
            let name = name.as_str().ok_or_else(|| Failure::Driver("types: list of text".into()))?;
            name.parse().map_err(Failure::Driver)
        })
        .collect()
}

pub fn user_status(raw: &Value) -> Result<UserStatus, Failure> {
    match raw.as_str() {
        Some("active") => Ok(UserStatus::Active),
        Some("inactive") => Ok(UserStatus::Inactive),
        _ => Err(Failure::Driver(format!("unknown user status {raw}"))),
    }
}

fn flag(raw: &Value, key: &str) -> bool {
    raw.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn numeric_key(key: &str) -> Result<usize, Failure> {
    key.parse().map_err(|_| Failure::Driver(format!("permission ids are numeric, got {key:?}")))
}

pub fn permissions(raw: Option<&Value>) -> Result<Option<Permissions>, Failure> {
    let Some(raw) = raw.filter(|raw| !raw.is_null()) else {
        return Ok(None);
    };
    let global_raw = raw.get("global").cloned().unwrap_or_else(|| json!({}));
    let global = GlobalPermissions {
        manage_servers: flag(&global_raw, "manage_servers"),
        read_servers: flag(&global_raw, "read_servers"),
        manage_users: flag(&global_raw, "manage_users"),
        read_users: flag(&global_raw, "read_users"),
        manage_streams: flag(&global_raw, "manage_streams"),
        read_streams: flag(&global_raw, "read_streams"),
        manage_topics: flag(&global_raw, "manage_topics"),
        read_topics: flag(&global_raw, "read_topics"),
        poll_messages: flag(&global_raw, "poll_messages"),
        send_messages: flag(&global_raw, "send_messages"),
    };
    let mut streams = BTreeMap::new();
    for (stream_id, stream_raw) in raw.get("streams").and_then(Value::as_object).into_iter().flatten() {
        let mut topics = BTreeMap::new();
        for (topic_id, topic_raw) in stream_raw.get("topics").and_then(Value::as_object).into_iter().flatten() {
            let topic = TopicPermissions {
                manage_topic: flag(topic_raw, "manage_topic"),
                read_topic: flag(topic_raw, "read_topic"),
                poll_messages: flag(topic_raw, "poll_messages"),
                send_messages: flag(topic_raw, "send_messages"),
            };
            topics.insert(numeric_key(topic_id)?, topic);
        }
        let stream = StreamPermissions {
            manage_stream: flag(stream_raw, "manage_stream"),
            read_stream: flag(stream_raw, "read_stream"),
            manage_topics: flag(stream_raw, "manage_topics"),
            read_topics: flag(stream_raw, "read_topics"),
            poll_messages: flag(stream_raw, "poll_messages"),
            send_messages: flag(stream_raw, "send_messages"),
            topics: (!topics.is_empty()).then_some(topics),
        };
        streams.insert(numeric_key(stream_id)?, stream);
    }
    Ok(Some(Permissions { global, streams: (!streams.is_empty()).then_some(streams) }))
}

// --- results -----------------------------------------------------------------------------------------

pub fn b64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

fn unb64(text: &str) -> Result<Vec<u8>, Failure> {
    STANDARD.decode(text).map_err(|error| Failure::Driver(format!("bad base64: {error}")))
}

pub fn stream_fields(
    id: u32,
    name: &str,
    topics_count: u32,
    messages_count: u64,
    size: IggyByteSize,
) -> Map<String, Value> {
    let value = json!({
        "id": id,
        "name": name,
        "topics_count": topics_count,
        "messages_count": messages_count,
        "size_bytes": size.as_bytes_u64(),
    });
    match value {
        Value::Object(fields) => fields,
        _ => unreachable!("json! of an object literal"),
    }
}

pub fn stream_json(stream: &Stream) -> Value {
    Value::Object(stream_fields(stream.id, &stream.name, stream.topics_count, stream.messages_count, stream.size))
}

pub fn compression_name(algorithm: &CompressionAlgorithm) -> &'static str {
    match algorithm {
        CompressionAlgorithm::None => "none",
        CompressionAlgorithm::Gzip => "gzip",
    }
}

pub fn group_json(group: &ConsumerGroup) -> Value {
    json!({
        "id": group.id,
        "name": group.name,
        "partitions_count": group.partitions_count,
        "members_count": group.members_count,
    })
}

/// CreateConsumerGroup answers a group header (driver_ops.toml `ok`): the client decodes it as details.
pub fn created_group_json(group: &ConsumerGroupDetails) -> Value {
    json!({
        "id": group.id,
        "name": group.name,
        "partitions_count": group.partitions_count,
        "members_count": group.members_count,
    })
}

pub fn group_details_json(group: &ConsumerGroupDetails) -> Value {
    let members: Vec<Value> = group
        .members
        .iter()
        .map(|member| {
            json!({ "id": member.id, "partitions_count": member.partitions_count, "partitions": member.partitions })
        })
        .collect();
    json!({
        "id": group.id,
        "name": group.name,
        "partitions_count": group.partitions_count,
        "members_count": group.members_count,
        "members": members,
    })
}

fn status_name(status: &UserStatus) -> &'static str {
    match status {
        UserStatus::Active => "active",
        UserStatus::Inactive => "inactive",
    }
}

pub fn user_json(user: &UserInfo) -> Value {
    json!({ "id": user.id, "username": user.username, "status": status_name(&user.status) })
}

fn permissions_json(permissions: &Permissions) -> Value {
    let global = &permissions.global;
    let mut streams = Map::new();
    for (stream_id, stream) in permissions.streams.iter().flatten() {
        let mut topics = Map::new();
        for (topic_id, topic) in stream.topics.iter().flatten() {
            topics.insert(
                topic_id.to_string(),
                json!({
                    "manage_topic": topic.manage_topic,
                    "read_topic": topic.read_topic,
                    "poll_messages": topic.poll_messages,
                    "send_messages": topic.send_messages,
                }),
            );
        }
        streams.insert(
            stream_id.to_string(),
            json!({
                "manage_stream": stream.manage_stream,
                "read_stream": stream.read_stream,
                "manage_topics": stream.manage_topics,
                "read_topics": stream.read_topics,
                "poll_messages": stream.poll_messages,
                "send_messages": stream.send_messages,
                "topics": topics,
            }),
        );
    }
    json!({
        "global": {
            "manage_servers": global.manage_servers,
            "read_servers": global.read_servers,
            "manage_users": global.manage_users,
            "read_users": global.read_users,
            "manage_streams": global.manage_streams,
            "read_streams": global.read_streams,
            "manage_topics": global.manage_topics,
            "read_topics": global.read_topics,
            "poll_messages": global.poll_messages,
            "send_messages": global.send_messages,
        },
        "streams": streams,
    })
}

pub fn user_details_json(user: &UserInfoDetails) -> Value {
    json!({
        "id": user.id,
        "username": user.username,
        "status": status_name(&user.status),
        "permissions": user.permissions.as_ref().map(permissions_json),
    })
}

/// The SDK turns the wire's transport byte into text; the protocol wants the wire number back.
fn transport_code(transport: &str) -> Value {
    match transport {
        "TCP" => json!(1),
        "QUIC" => json!(2),
        "HTTP" => json!(3),
        "WebSocket" => json!(4),
        other => json!(other),
    }
}

pub fn client_json(client: &ClientInfo) -> Value {
    json!({
        "client_id": client.client_id,
        "user_id": client.user_id,
        "transport": transport_code(&client.transport),
        "address": client.address,
        "consumer_groups_count": client.consumer_groups_count,
    })
}

pub fn client_details_json(client: &ClientInfoDetails) -> Value {
    let groups: Vec<Value> = client
        .consumer_groups
        .iter()
        .map(|group| json!({ "stream_id": group.stream_id, "topic_id": group.topic_id, "group_id": group.group_id }))
        .collect();
    json!({
        "client_id": client.client_id,
        "user_id": client.user_id,
        "transport": transport_code(&client.transport),
        "address": client.address,
        "consumer_groups_count": client.consumer_groups_count,
        "consumer_groups": groups,
    })
}

pub fn header_kind_name(kind: HeaderKind) -> &'static str {
    match kind {
        HeaderKind::Raw => "raw",
        HeaderKind::String => "string",
        HeaderKind::Bool => "bool",
        HeaderKind::Int8 => "int8",
        HeaderKind::Int16 => "int16",
        HeaderKind::Int32 => "int32",
        HeaderKind::Int64 => "int64",
        HeaderKind::Int128 => "int128",
        HeaderKind::Uint8 => "uint8",
        HeaderKind::Uint16 => "uint16",
        HeaderKind::Uint32 => "uint32",
        HeaderKind::Uint64 => "uint64",
        HeaderKind::Uint128 => "uint128",
        HeaderKind::Float32 => "float32",
        HeaderKind::Float64 => "float64",
    }
}

/// `{kind, value}`; 64- and 128-bit integers as decimal text, raw bytes as base64 (README).
pub fn header_json(value: &HeaderValue) -> Result<Value, Failure> {
    let decoded = match value.kind() {
        HeaderKind::Raw => json!(b64(value.as_raw()?)),
        HeaderKind::String => json!(value.as_str()?),
        HeaderKind::Bool => json!(value.as_bool()?),
        HeaderKind::Int8 => json!(value.as_int8()?),
        HeaderKind::Int16 => json!(value.as_int16()?),
        HeaderKind::Int32 => json!(value.as_int32()?),
        HeaderKind::Int64 => json!(value.as_int64()?.to_string()),
        HeaderKind::Int128 => json!(value.as_int128()?.to_string()),
        HeaderKind::Uint8 => json!(value.as_uint8()?),
        HeaderKind::Uint16 => json!(value.as_uint16()?),
        HeaderKind::Uint32 => json!(value.as_uint32()?),
        HeaderKind::Uint64 => json!(value.as_uint64()?.to_string()),
        HeaderKind::Uint128 => json!(value.as_uint128()?.to_string()),
        HeaderKind::Float32 => json!(value.as_float32()?),
        HeaderKind::Float64 => json!(value.as_float64()?),
    };
    Ok(json!({ "kind": header_kind_name(value.kind()), "value": decoded }))
}

pub fn header_key_text(key: &HeaderKey) -> String {
    match key.kind() {
        HeaderKind::String => String::from_utf8_lossy(key.as_bytes()).into_owned(),
        _ => b64(key.as_bytes()),
    }
}

pub fn polled_json(polled: &PolledMessages) -> Result<Value, Failure> {
    let mut messages = Vec::with_capacity(polled.messages.len());
    for message in &polled.messages {
        let mut headers = Map::new();
        for (key, value) in message.user_headers_map()?.iter().flatten() {
            headers.insert(header_key_text(key), header_json(value)?);
        }
        messages.push(json!({
            "offset": message.header.offset,
            "id": message.header.id.to_string(),
            "timestamp": message.header.timestamp,
            "payload": b64(&message.payload),
            "headers": headers,
        }));
    }
    Ok(json!({
        "partition_id": polled.partition_id,
        "current_offset": polled.current_offset,
        "count": polled.count,
        "messages": messages,
    }))
}

pub fn partition_json(partition: &Partition) -> Value {
    json!({
        "id": partition.id,
        "current_offset": partition.current_offset,
        "messages_count": partition.messages_count,
        "segments_count": partition.segments_count,
        "size_bytes": partition.size.as_bytes_u64(),
    })
}
