//! JSON arguments -> iggy-sdk values and iggy-sdk results -> JSON, in the shapes of conformance-tests/README.md.
//! Enumeration names map to the generated constants (`iggy_sdk::codes`), never to typed numbers.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use iggy_sdk::codec::{StreamPermissions, TopicPermissions};
use iggy_sdk::codes::{compression_algorithm, header_kind, snapshot_compression, snapshot_type, user_status};
use iggy_sdk::{
    Bytes, ClientDetails, ClientInfo, CompressionAlgorithm, Consumer, Error, GroupDetails, HeaderKind, HeaderValue,
    Identifier, IggyMessage, OptionDescriptor, OptionScope, Options, Partitioning, Permissions, PolledMessages,
    PollingStrategy, SendConfirmation, StreamDetails, TopicDetails, TopicHeader, TopicSettings, UserDetails,
    UserHeader,
};
use serde_json::{json, Map, Value};

pub enum Failure {
    Sdk(Error),
    Unsupported(String),
    Driver(String),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure::Sdk(error)
    }
}

pub fn driver(message: impl Into<String>) -> Failure {
    Failure::Driver(message.into())
}

pub fn arg<'a>(args: &'a Value, key: &str) -> Result<&'a Value, Failure> {
    args.get(key).ok_or_else(|| driver(format!("missing argument {key:?}")))
}

pub fn arg_str<'a>(args: &'a Value, key: &str) -> Result<&'a str, Failure> {
    arg(args, key)?.as_str().ok_or_else(|| driver(format!("argument {key:?} must be text")))
}

fn integer(value: &Value, what: &str) -> Result<u128, Failure> {
    let parsed = match value {
        Value::Number(number) => number.as_u64().map(u128::from),
        Value::String(text) => text.parse::<u128>().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| driver(format!("{what} must be a non-negative integer, got {value}")))
}

/// An integer arg the step has: required by the op table, or filled with its declared default by the check
/// (driver_ops::check_step) before the op runs, so a driver never writes a default here.
pub fn arg_u64(args: &Value, key: &str) -> Result<u64, Failure> {
    u64::try_from(integer(arg(args, key)?, key)?).map_err(|_| driver(format!("{key} > u64")))
}

pub fn arg_u32(args: &Value, key: &str) -> Result<u32, Failure> {
    u32::try_from(arg_u64(args, key)?).map_err(|_| driver(format!("{key} > u32")))
}

/// An optional integer arg with no shared default (absence means something of its own: "none", "not sent").
pub fn optional_u64(args: &Value, key: &str) -> Result<Option<u64>, Failure> {
    args.get(key).filter(|value| !value.is_null()).map(|_| arg_u64(args, key)).transpose()
}

pub fn arg_bool(args: &Value, key: &str) -> Result<bool, Failure> {
    arg(args, key)?.as_bool().ok_or_else(|| driver(format!("{key} must be a boolean")))
}

pub fn optional_partition(args: &Value) -> Result<Option<u32>, Failure> {
    optional_u64(args, "partition_id")?
        .map(|id| u32::try_from(id).map_err(|_| driver("partition_id > u32")))
        .transpose()
}

pub fn identifier(value: &Value) -> Result<Identifier, Failure> {
    match value {
        Value::Number(_) => {
            let id = u32::try_from(integer(value, "id")?).map_err(|_| driver("id > u32"))?;
            Ok(Identifier::Numeric(id))
        }
        Value::String(name) => Ok(Identifier::String(name.clone())),
        other => Err(driver(format!("an identifier must be a number or text, got {other}"))),
    }
}

fn compression(name: &Value) -> Result<CompressionAlgorithm, Failure> {
    match name.as_str() {
        Some("none") => Ok(CompressionAlgorithm::None),
        Some("gzip") => Ok(CompressionAlgorithm::Gzip),
        _ => Err(Failure::Unsupported(format!("compression algorithm {name}"))),
    }
}

/// The settings a `create_topic` / `update_topic` step gives, and nothing else: 0.8 sends a setting left out as
/// none / the server default (as 0 does: README), 0.9 does not send it (an update is a patch there).
pub fn topic_settings(args: &Value) -> Result<TopicSettings, Failure> {
    let given = |key: &str| args.get(key).filter(|value| !value.is_null());
    let nonzero = |key: &str| optional_u64(args, key).map(|value| value.filter(|value| *value != 0));
    let replication_factor = nonzero("replication_factor")?
        .map(|factor| u8::try_from(factor).map_err(|_| driver("replication_factor > u8")))
        .transpose()?;
    Ok(TopicSettings {
        compression_algorithm: given("compression_algorithm").map(compression).transpose()?,
        message_expiry_us: nonzero("message_expiry")?,
        max_topic_size_bytes: nonzero("max_topic_size")?,
        replication_factor,
        options: options(given("options"))?,
    })
}

/// An options block `{key: "text"}` (the server parses the text: "128 MiB", "7 days") or `{key: {kind, value}}`.
fn options(raw: Option<&Value>) -> Result<Options, Failure> {
    let Some(raw) = raw else { return Ok(Options::new()) };
    let entries = raw.as_object().ok_or_else(|| driver(format!("options must be an object, got {raw}")))?;
    let mut options = Options::new();
    for (key, value) in entries {
        options = match value {
            Value::String(text) => options.text(key, text),
            Value::Object(_) => options.value(key, header_value(value)?),
            other => return Err(driver(format!("option {key}: a text or {{kind, value}}, got {other}"))),
        };
    }
    Ok(options)
}

fn compression_name(algorithm: u8) -> Value {
    match algorithm {
        compression_algorithm::NONE => json!("none"),
        compression_algorithm::GZIP => json!("gzip"),
        other => json!(other),
    }
}

pub fn snapshot_compression(args: &Value) -> Result<u8, Failure> {
    Ok(match arg_str(args, "compression")? {
        "stored" => snapshot_compression::STORED,
        "deflated" => snapshot_compression::DEFLATED,
        "bzip2" => snapshot_compression::BZIP2,
        "zstd" => snapshot_compression::ZSTD,
        "lzma" => snapshot_compression::LZMA,
        "xz" => snapshot_compression::XZ,
        other => return Err(driver(format!("unknown snapshot compression {other:?}"))),
    })
}

pub fn snapshot_types(args: &Value) -> Result<Vec<u8>, Failure> {
    let raw = arg(args, "types")?.as_array().ok_or_else(|| driver("types: list"))?;
    raw.iter()
        .map(|name| {
            Ok(match name.as_str().unwrap_or_default() {
                "filesystem_overview" => snapshot_type::FILESYSTEM_OVERVIEW,
                "process_list" => snapshot_type::PROCESS_LIST,
                "resource_usage" => snapshot_type::RESOURCE_USAGE,
                "test" => snapshot_type::TEST,
                "server_logs" => snapshot_type::SERVER_LOGS,
                "server_config" => snapshot_type::SERVER_CONFIG,
                "all" => snapshot_type::ALL,
                other => return Err(driver(format!("unknown snapshot type {other:?}"))),
            })
        })
        .collect()
}

pub fn user_status(raw: &Value) -> Result<u8, Failure> {
    match raw.as_str().unwrap_or_default() {
        "active" => Ok(user_status::ACTIVE),
        "inactive" => Ok(user_status::INACTIVE),
        other => Err(driver(format!("unknown user status {other:?}"))),
    }
}

fn status_name(status: u8) -> Value {
    match status {
        user_status::ACTIVE => json!("active"),
        user_status::INACTIVE => json!("inactive"),
        other => json!(other),
    }
}

pub fn consumer(raw: &Value) -> Result<Consumer, Failure> {
    let id = identifier(arg(raw, "id")?)?;
    match arg_str(raw, "kind")? {
        "consumer" => Ok(Consumer::consumer(id)),
        "group" => Ok(Consumer::group(id)),
        other => Err(driver(format!("unknown consumer kind {other:?}"))),
    }
}

pub fn strategy(raw: &Value) -> Result<PollingStrategy, Failure> {
    // first/last/next carry no value; offset and timestamp read theirs.
    let value = optional_u64(raw, "value")?.unwrap_or_default();
    match arg_str(raw, "kind")? {
        "offset" => Ok(PollingStrategy::offset(value)),
        "timestamp" => Ok(PollingStrategy::timestamp(value)),
        "first" => Ok(PollingStrategy::first()),
        "last" => Ok(PollingStrategy::last()),
        "next" => Ok(PollingStrategy::next()),
        other => Err(driver(format!("unknown polling strategy {other:?}"))),
    }
}

pub fn partitioning(raw: &Value) -> Result<Partitioning, Failure> {
    match arg_str(raw, "kind")? {
        "balanced" => Ok(Partitioning::balanced()),
        "partition_id" => Ok(Partitioning::partition_id(arg_u32(raw, "value")?)),
        "key" => Ok(Partitioning::messages_key(Bytes::copy_from_slice(arg_str(raw, "value")?.as_bytes()))),
        other => Err(driver(format!("unknown partitioning kind {other:?}"))),
    }
}

pub fn b64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

fn unb64(text: &str) -> Result<Vec<u8>, Failure> {
    STANDARD.decode(text).map_err(|error| driver(format!("bad base64: {error}")))
}

pub fn message(raw: &Value) -> Result<IggyMessage, Failure> {
    let payload = unb64(arg_str(raw, "payload")?)?;
    let mut message = IggyMessage::new(payload);
    if let Some(id) = raw.get("id").filter(|id| !id.is_null()) {
        message = message.with_id(integer(id, "message id")?);
    }
    if let Some(headers) = raw.get("headers").filter(|h| !h.is_null()) {
        let entries = headers.as_object().ok_or_else(|| driver("headers must be an object"))?;
        let mut pairs = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            pairs.push((HeaderValue::string(key), header_value(value)?));
        }
        message = message.with_headers(pairs)?;
    }
    Ok(message)
}

fn signed(value: &Value, what: &str) -> Result<i128, Failure> {
    let parsed = match value {
        Value::Number(number) => number.as_i64().map(i128::from),
        Value::String(text) => text.parse::<i128>().ok(),
        _ => None,
    };
    parsed.ok_or_else(|| driver(format!("{what} must be an integer, got {value}")))
}

fn narrow<T: TryFrom<i128>>(value: &Value, kind: &str) -> Result<T, Failure> {
    T::try_from(signed(value, kind)?).map_err(|_| driver(format!("{value} does not fit {kind}")))
}

fn float(value: &Value) -> Result<f64, Failure> {
    value.as_f64().ok_or_else(|| driver(format!("a float header needs a number, got {value}")))
}

fn header_value(raw: &Value) -> Result<HeaderValue, Failure> {
    let value = arg(raw, "value")?;
    let kind = arg_str(raw, "kind")?;
    Ok(match kind {
        "raw" => HeaderValue::raw(unb64(value.as_str().unwrap_or_default())?),
        "string" => HeaderValue::string(value.as_str().ok_or_else(|| driver("string header"))?),
        "bool" => HeaderValue::bool(value.as_bool().ok_or_else(|| driver("bool header"))?),
        "int8" => HeaderValue::int8(narrow(value, kind)?),
        "int16" => HeaderValue::int16(narrow(value, kind)?),
        "int32" => HeaderValue::int32(narrow(value, kind)?),
        "int64" => HeaderValue::int64(narrow(value, kind)?),
        "int128" => HeaderValue::int128(signed(value, kind)?),
        "uint8" => HeaderValue::uint8(narrow(value, kind)?),
        "uint16" => HeaderValue::uint16(narrow(value, kind)?),
        "uint32" => HeaderValue::uint32(narrow(value, kind)?),
        "uint64" => HeaderValue::uint64(narrow(value, kind)?),
        "uint128" => HeaderValue::uint128(integer(value, kind)?),
        "float32" => HeaderValue::float32(float(value)? as f32),
        "float64" => HeaderValue::float64(float(value)?),
        other => return Err(driver(format!("unknown header kind {other:?}"))),
    })
}

fn le<const N: usize>(bytes: &[u8]) -> Result<[u8; N], Failure> {
    bytes.try_into().map_err(|_| driver(format!("header value of {} bytes, expected {N}", bytes.len())))
}

fn header_json(value: &HeaderValue) -> Result<Value, Failure> {
    let v = &value.value[..];
    let (kind, json) = match value.kind {
        header_kind::RAW => ("raw", json!(b64(v))),
        header_kind::STRING => ("string", json!(String::from_utf8_lossy(v))),
        header_kind::BOOL => ("bool", json!(v.first().is_some_and(|b| *b != 0))),
        header_kind::INT8 => ("int8", json!(i8::from_le_bytes(le(v)?))),
        header_kind::INT16 => ("int16", json!(i16::from_le_bytes(le(v)?))),
        header_kind::INT32 => ("int32", json!(i32::from_le_bytes(le(v)?))),
        header_kind::INT64 => ("int64", json!(i64::from_le_bytes(le(v)?).to_string())),
        header_kind::INT128 => ("int128", json!(i128::from_le_bytes(le(v)?).to_string())),
        header_kind::UINT8 => ("uint8", json!(u8::from_le_bytes(le(v)?))),
        header_kind::UINT16 => ("uint16", json!(u16::from_le_bytes(le(v)?))),
        header_kind::UINT32 => ("uint32", json!(u32::from_le_bytes(le(v)?))),
        header_kind::UINT64 => ("uint64", json!(u64::from_le_bytes(le(v)?).to_string())),
        header_kind::UINT128 => ("uint128", json!(u128::from_le_bytes(le(v)?).to_string())),
        header_kind::FLOAT32 => ("float32", json!(f32::from_le_bytes(le(v)?))),
        header_kind::FLOAT64 => ("float64", json!(f64::from_le_bytes(le(v)?))),
        other => return Err(driver(format!("unknown header kind {other}"))),
    };
    Ok(json!({ "kind": kind, "value": json }))
}

fn header_key_text(key: &HeaderValue) -> String {
    match key.as_str() {
        Some(text) => text.to_owned(),
        None => b64(&key.value),
    }
}

pub fn polled_json(polled: &PolledMessages) -> Result<Value, Failure> {
    let mut messages = Vec::with_capacity(polled.messages.len());
    for message in &polled.messages {
        let mut headers = Map::new();
        for (key, value) in message.headers()? {
            headers.insert(header_key_text(&key), header_json(&value)?);
        }
        messages.push(json!({
            "offset": message.offset,
            "id": message.id.to_string(),
            "timestamp": message.timestamp,
            "payload": b64(&message.payload),
            "headers": headers,
        }));
    }
    Ok(json!({
        "partition_id": polled.partition_id,
        "current_offset": polled.current_offset,
        "count": polled.messages_count,
        "messages": messages,
    }))
}

fn flag(raw: &Value, key: &str) -> bool {
    raw.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn numeric_key(key: &str) -> Result<u32, Failure> {
    key.parse().map_err(|_| driver(format!("permission ids are numeric, got {key:?}")))
}

pub fn permissions(raw: Option<&Value>) -> Result<Option<Permissions>, Failure> {
    let Some(raw) = raw.filter(|raw| !raw.is_null()) else { return Ok(None) };
    let global = raw.get("global").cloned().unwrap_or_else(|| json!({}));
    let mut streams = Vec::new();
    for (stream_id, stream) in raw.get("streams").and_then(Value::as_object).into_iter().flatten() {
        let mut topics = Vec::new();
        for (topic_id, topic) in stream.get("topics").and_then(Value::as_object).into_iter().flatten() {
            topics.push(TopicPermissions {
                topic_id: numeric_key(topic_id)?,
                manage_topic: flag(topic, "manage_topic"),
                read_topic: flag(topic, "read_topic"),
                poll_messages: flag(topic, "poll_messages"),
                send_messages: flag(topic, "send_messages"),
            });
        }
        topics.sort_by_key(|t| t.topic_id);
        streams.push(StreamPermissions {
            stream_id: numeric_key(stream_id)?,
            manage_stream: flag(stream, "manage_stream"),
            read_stream: flag(stream, "read_stream"),
            manage_topics: flag(stream, "manage_topics"),
            read_topics: flag(stream, "read_topics"),
            poll_messages: flag(stream, "poll_messages"),
            send_messages: flag(stream, "send_messages"),
            topics,
        });
    }
    streams.sort_by_key(|s| s.stream_id);
    Ok(Some(Permissions {
        manage_servers: flag(&global, "manage_servers"),
        read_servers: flag(&global, "read_servers"),
        manage_users: flag(&global, "manage_users"),
        read_users: flag(&global, "read_users"),
        manage_streams: flag(&global, "manage_streams"),
        read_streams: flag(&global, "read_streams"),
        manage_topics: flag(&global, "manage_topics"),
        read_topics: flag(&global, "read_topics"),
        poll_messages: flag(&global, "poll_messages"),
        send_messages: flag(&global, "send_messages"),
        streams,
    }))
}

fn permissions_json(p: &Permissions) -> Value {
    let mut streams = Map::new();
    for stream in &p.streams {
        let mut topics = Map::new();
        for topic in &stream.topics {
            topics.insert(
                topic.topic_id.to_string(),
                json!({
                    "manage_topic": topic.manage_topic, "read_topic": topic.read_topic,
                    "poll_messages": topic.poll_messages, "send_messages": topic.send_messages,
                }),
            );
        }
        streams.insert(
            stream.stream_id.to_string(),
            json!({
                "manage_stream": stream.manage_stream, "read_stream": stream.read_stream,
                "manage_topics": stream.manage_topics, "read_topics": stream.read_topics,
                "poll_messages": stream.poll_messages, "send_messages": stream.send_messages, "topics": topics,
            }),
        );
    }
    json!({
        "global": {
            "manage_servers": p.manage_servers, "read_servers": p.read_servers, "manage_users": p.manage_users,
            "read_users": p.read_users, "manage_streams": p.manage_streams, "read_streams": p.read_streams,
            "manage_topics": p.manage_topics, "read_topics": p.read_topics, "poll_messages": p.poll_messages,
            "send_messages": p.send_messages,
        },
        "streams": streams,
    })
}

pub fn stream_details_json(s: &StreamDetails) -> Result<Value, Failure> {
    let topics = s.topics.iter().map(topic_json).collect::<Result<Vec<_>, _>>()?;
    Ok(json!({
        "id": s.id, "name": s.name, "topics_count": s.topics.len(), "messages_count": s.messages_count,
        "size_bytes": s.size_bytes, "topics": topics,
    }))
}

/// An option value as `{kind, value}`, the value in its text form ("1024", "false"): how 0.9's REST API carries
/// options, so every driver and transport compares alike (conformance-tests/README.md, `create_topic`).
fn option_value_json(value: &HeaderValue) -> Result<Value, Failure> {
    let mut rendered = header_json(value)?;
    if let Some(typed) = rendered.get_mut("value").filter(|typed| !typed.is_string()) {
        *typed = json!(typed.to_string());
    }
    Ok(rendered)
}

pub fn option_scope(args: &Value) -> Result<OptionScope, Failure> {
    match arg_str(args, "scope")? {
        "topic" => Ok(OptionScope::Topic),
        "stream" => Ok(OptionScope::Stream),
        "user" => Ok(OptionScope::User),
        other => Err(driver(format!("unknown option scope {other:?}"))),
    }
}

/// A DescribeOptions entry; `default` like an option value, null when the key has none.
pub fn option_descriptor_json(entry: &OptionDescriptor) -> Result<Value, Failure> {
    let kind = HeaderKind::from_u8(entry.kind).ok_or_else(|| driver(format!("unknown option kind {}", entry.kind)))?;
    let default = if entry.default_value.is_empty() {
        Value::Null
    } else {
        option_value_json(&HeaderValue { kind: entry.kind, value: entry.default_value.clone() })?
    };
    Ok(json!({
        "key": entry.key, "kind": kind.name().to_ascii_lowercase(), "default": default,
        "description": entry.description,
    }))
}

fn options_json(options: &Options) -> Result<Value, Failure> {
    let mut rendered = Map::new();
    for (key, value) in options.iter() {
        rendered.insert(key.to_owned(), option_value_json(value)?);
    }
    Ok(Value::Object(rendered))
}

/// The topic fields headers and details share; over 0.9 (non-empty blocks: the catalog has keys) the options the
/// creator sent and those the server derived instead of the replication factor 0.9 lacks.
macro_rules! topic_fields {
    ($t:expr, $partitions_count:expr) => {{
        let mut fields = json!({
            "id": $t.id, "name": $t.name, "partitions_count": $partitions_count, "messages_count": $t.messages_count,
            "size_bytes": $t.size_bytes, "compression_algorithm": compression_name($t.compression_algorithm),
            "message_expiry": $t.message_expiry, "max_topic_size": $t.max_topic_size,
        });
        if !$t.options.is_empty() || !$t.derived_options.is_empty() {
            fields["options"] = options_json(&$t.option_values()?)?;
            fields["derived_options"] = options_json(&$t.derived_option_values()?)?;
        } else {
            fields["replication_factor"] = json!($t.replication_factor);
        }
        fields
    }};
}

pub fn topic_json(t: &TopicHeader) -> Result<Value, Failure> {
    Ok(topic_fields!(t, t.partitions_count))
}

pub fn topic_details_json(t: &TopicDetails) -> Result<Value, Failure> {
    let partitions: Vec<Value> = t
        .partitions
        .iter()
        .map(|p| {
            json!({
                "id": p.id, "current_offset": p.current_offset, "messages_count": p.messages_count,
                "segments_count": p.segments_count, "size_bytes": p.size_bytes,
            })
        })
        .collect();
    let mut fields = topic_fields!(t, t.partitions.len());
    fields["partitions"] = Value::Array(partitions);
    Ok(fields)
}

/// 0.9's send confirmation as `{confirmations: [...]}`: the SDK returns the one entry of the partition written,
/// or none when the server reports none.
pub fn confirmations_json(confirmation: Option<&SendConfirmation>) -> Value {
    let confirmations: Vec<Value> = confirmation
        .iter()
        .map(|c| {
            json!({
                "stream_id": c.stream_id, "topic_id": c.topic_id, "partition_id": c.partition_id,
                "base_offset": c.base_offset,
            })
        })
        .collect();
    json!({ "confirmations": confirmations })
}

pub fn group_details_json(g: &GroupDetails) -> Value {
    let members: Vec<Value> = g
        .members
        .iter()
        .map(|m| json!({ "id": m.member_id, "partitions_count": m.partition_ids.len(), "partitions": m.partition_ids }))
        .collect();
    json!({
        "id": g.id, "name": g.name, "partitions_count": g.partitions_count, "members_count": g.members.len(),
        "members": members,
    })
}

pub fn user_json(u: &UserHeader) -> Value {
    json!({ "id": u.id, "username": u.username, "status": status_name(u.status) })
}

pub fn user_details_json(u: &UserDetails) -> Value {
    json!({
        "id": u.id, "username": u.username, "status": status_name(u.status),
        "permissions": u.permissions.as_ref().map(permissions_json),
    })
}

pub fn client_json(c: &ClientInfo) -> Value {
    json!({
        "client_id": c.client_id, "user_id": c.user_id, "transport": c.transport, "address": c.address,
        "consumer_groups_count": c.consumer_groups_count,
    })
}

pub fn client_details_json(c: &ClientDetails) -> Value {
    let groups: Vec<Value> = c
        .consumer_groups
        .iter()
        .map(|g| json!({ "stream_id": g.stream_id, "topic_id": g.topic_id, "group_id": g.group_id }))
        .collect();
    json!({
        "client_id": c.client_id, "user_id": c.user_id, "transport": c.transport, "address": c.address,
        "consumer_groups_count": c.consumer_groups.len(), "consumer_groups": groups,
    })
}
