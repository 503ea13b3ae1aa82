// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! The conformance driver op table (protocol-spec/spec/driver_ops.toml), and the check every step passes before a driver runs it.

use serde_json::{Map, Value};

/// A JSON type of a driver arg; `Identifier` is an integer id or a name string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgType {
    String,
    Integer,
    Boolean,
    Object,
    Array,
    Identifier,
}

impl ArgType {
    pub fn name(self) -> &'static str {
        match self {
            ArgType::String => "string",
            ArgType::Integer => "integer",
            ArgType::Boolean => "boolean",
            ArgType::Object => "object",
            ArgType::Array => "array",
            ArgType::Identifier => "identifier",
        }
    }

    pub fn admits(self, value: &Value) -> bool {
        match self {
            ArgType::String => value.is_string(),
            ArgType::Integer => value.is_i64() || value.is_u64(),
            ArgType::Boolean => value.is_boolean(),
            ArgType::Object => value.is_object(),
            ArgType::Array => value.is_array(),
            ArgType::Identifier => value.is_string() || value.is_i64() || value.is_u64(),
        }
    }
}

pub struct Arg {
    pub name: &'static str,
    pub arg_type: ArgType,
    pub required: bool,
    /// JSON text filled in when the optional arg is absent; None: absence means something of its own.
    pub default: Option<&'static str>,
    /// The protocol versions that have it; None: every one.
    pub versions: Option<&'static [&'static str]>,
}

pub struct Op {
    pub name: &'static str,
    pub args: &'static [Arg],
    pub versions: Option<&'static [&'static str]>,
}

pub const OPS: &[Op] = &[
    Op { name: "reset", versions: None, args: &[
    ] },
    Op { name: "connect", versions: None, args: &[
        Arg { name: "address", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "username", arg_type: ArgType::String, required: false, default: None, versions: None },
        Arg { name: "password", arg_type: ArgType::String, required: false, default: None, versions: None },
        Arg { name: "token", arg_type: ArgType::String, required: false, default: None, versions: None },
    ] },
    Op { name: "disconnect", versions: None, args: &[
    ] },
    Op { name: "ping", versions: None, args: &[
    ] },
    Op { name: "login_user", versions: None, args: &[
        Arg { name: "username", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "password", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "login_with_personal_access_token", versions: None, args: &[
        Arg { name: "token", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "logout_user", versions: None, args: &[
    ] },
    Op { name: "get_me", versions: None, args: &[
    ] },
    Op { name: "get_client", versions: None, args: &[
        Arg { name: "client_id", arg_type: ArgType::Integer, required: true, default: None, versions: None },
    ] },
    Op { name: "get_snapshot", versions: None, args: &[
        Arg { name: "compression", arg_type: ArgType::String, required: false, default: Some("\"deflated\""), versions: None },
        Arg { name: "types", arg_type: ArgType::Array, required: false, default: Some("[\"all\"]"), versions: None },
    ] },
    Op { name: "get_clients", versions: None, args: &[
    ] },
    Op { name: "get_stats", versions: None, args: &[
    ] },
    Op { name: "get_cluster_metadata", versions: None, args: &[
    ] },
    Op { name: "create_stream", versions: None, args: &[
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "get_stream", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "get_streams", versions: None, args: &[
    ] },
    Op { name: "update_stream", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "delete_stream", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "purge_stream", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "create_topic", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "partitions_count", arg_type: ArgType::Integer, required: false, default: Some("1"), versions: None },
        Arg { name: "compression_algorithm", arg_type: ArgType::String, required: false, default: None, versions: None },
        Arg { name: "message_expiry", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "max_topic_size", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "replication_factor", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "options", arg_type: ArgType::Object, required: false, default: None, versions: Some(&["0.9"]) },
    ] },
    Op { name: "get_topic", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "get_topics", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "update_topic", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "compression_algorithm", arg_type: ArgType::String, required: false, default: None, versions: None },
        Arg { name: "message_expiry", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "max_topic_size", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "replication_factor", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "options", arg_type: ArgType::Object, required: false, default: None, versions: Some(&["0.9"]) },
    ] },
    Op { name: "delete_topic", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "purge_topic", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "create_partitions", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partitions_count", arg_type: ArgType::Integer, required: true, default: None, versions: None },
    ] },
    Op { name: "delete_partitions", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partitions_count", arg_type: ArgType::Integer, required: true, default: None, versions: None },
    ] },
    Op { name: "delete_segments", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: true, default: None, versions: None },
        Arg { name: "segments_count", arg_type: ArgType::Integer, required: true, default: None, versions: None },
    ] },
    Op { name: "send_messages", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partitioning", arg_type: ArgType::Object, required: true, default: None, versions: None },
        Arg { name: "messages", arg_type: ArgType::Array, required: true, default: None, versions: None },
    ] },
    Op { name: "poll_messages", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "consumer", arg_type: ArgType::Object, required: false, default: Some("{\"kind\":\"consumer\",\"id\":0}"), versions: None },
        Arg { name: "strategy", arg_type: ArgType::Object, required: false, default: Some("{\"kind\":\"offset\",\"value\":0}"), versions: None },
        Arg { name: "count", arg_type: ArgType::Integer, required: false, default: Some("10"), versions: None },
        Arg { name: "auto_commit", arg_type: ArgType::Boolean, required: false, default: Some("false"), versions: None },
    ] },
    Op { name: "flush_unsaved_buffer", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: true, default: None, versions: None },
        Arg { name: "fsync", arg_type: ArgType::Boolean, required: false, default: Some("false"), versions: None },
    ] },
    Op { name: "store_consumer_offset", versions: None, args: &[
        Arg { name: "consumer", arg_type: ArgType::Object, required: false, default: Some("{\"kind\":\"consumer\",\"id\":0}"), versions: None },
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: false, default: None, versions: None },
        Arg { name: "offset", arg_type: ArgType::Integer, required: true, default: None, versions: None },
    ] },
    Op { name: "get_consumer_offset", versions: None, args: &[
        Arg { name: "consumer", arg_type: ArgType::Object, required: false, default: Some("{\"kind\":\"consumer\",\"id\":0}"), versions: None },
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: false, default: None, versions: None },
    ] },
    Op { name: "delete_consumer_offset", versions: None, args: &[
        Arg { name: "consumer", arg_type: ArgType::Object, required: false, default: Some("{\"kind\":\"consumer\",\"id\":0}"), versions: None },
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "partition_id", arg_type: ArgType::Integer, required: false, default: None, versions: None },
    ] },
    Op { name: "create_consumer_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "get_consumer_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "get_consumer_groups", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "delete_consumer_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "join_consumer_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "leave_consumer_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "consume_group", versions: None, args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "count", arg_type: ArgType::Integer, required: true, default: None, versions: None },
        Arg { name: "timeout_ms", arg_type: ArgType::Integer, required: false, default: Some("10000"), versions: None },
    ] },
    Op { name: "sync_consumer_group", versions: Some(&["0.9"]), args: &[
        Arg { name: "stream", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "topic", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "group", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "describe_options", versions: Some(&["0.9"]), args: &[
        Arg { name: "scope", arg_type: ArgType::String, required: false, default: Some("\"topic\""), versions: None },
    ] },
    Op { name: "create_user", versions: None, args: &[
        Arg { name: "username", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "password", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "status", arg_type: ArgType::String, required: false, default: Some("\"active\""), versions: None },
        Arg { name: "permissions", arg_type: ArgType::Object, required: false, default: None, versions: None },
    ] },
    Op { name: "get_user", versions: None, args: &[
        Arg { name: "user", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "get_users", versions: None, args: &[
    ] },
    Op { name: "update_user", versions: None, args: &[
        Arg { name: "user", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "username", arg_type: ArgType::String, required: false, default: None, versions: None },
        Arg { name: "status", arg_type: ArgType::String, required: false, default: None, versions: None },
    ] },
    Op { name: "update_permissions", versions: None, args: &[
        Arg { name: "user", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "permissions", arg_type: ArgType::Object, required: false, default: None, versions: None },
    ] },
    Op { name: "change_password", versions: None, args: &[
        Arg { name: "user", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
        Arg { name: "current_password", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "new_password", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
    Op { name: "delete_user", versions: None, args: &[
        Arg { name: "user", arg_type: ArgType::Identifier, required: true, default: None, versions: None },
    ] },
    Op { name: "create_personal_access_token", versions: None, args: &[
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
        Arg { name: "expiry", arg_type: ArgType::Integer, required: false, default: Some("0"), versions: None },
    ] },
    Op { name: "get_personal_access_tokens", versions: None, args: &[
    ] },
    Op { name: "delete_personal_access_token", versions: None, args: &[
        Arg { name: "name", arg_type: ArgType::String, required: true, default: None, versions: None },
    ] },
];

fn in_version(versions: Option<&[&str]>, protocol: &str) -> bool {
    match versions {
        None => true,
        Some(names) => names.contains(&protocol),
    }
}

/// `args` checked against the op table for `protocol` ("0.8", "0.9"), with every absent optional arg that
/// has a default filled in. The error names op and key; a driver answers it as its `DriverError`.
pub fn check_step(op_name: &str, args: &Value, protocol: &str) -> Result<Map<String, Value>, String> {
    let op = OPS.iter().find(|op| op.name == op_name).ok_or_else(|| {
        format!("unknown op {op_name:?} (not in protocol-spec/spec/driver_ops.toml)")
    })?;
    if !in_version(op.versions, protocol) {
        return Err(format!("op {op_name:?} is not in protocol {protocol}"));
    }
    let given = args.as_object().ok_or_else(|| format!("op {op_name:?}: args must be an object"))?;
    for (key, value) in given {
        let arg = op
            .args
            .iter()
            .find(|arg| arg.name == key.as_str())
            .ok_or_else(|| format!("op {op_name:?}: unknown arg {key:?}"))?;
        if !in_version(arg.versions, protocol) {
            return Err(format!("op {op_name:?}: arg {key:?} is not in protocol {protocol}"));
        }
        if !arg.arg_type.admits(value) {
            return Err(format!("op {op_name:?}: arg {key:?} must be of type {}", arg.arg_type.name()));
        }
    }
    let mut filled = given.clone();
    for arg in op.args.iter().filter(|arg| !given.contains_key(arg.name) && in_version(arg.versions, protocol)) {
        if arg.required {
            return Err(format!("op {op_name:?}: missing required arg {:?}", arg.name));
        }
        if let Some(text) = arg.default {
            let value = serde_json::from_str(text).expect("the generator writes each default as valid JSON");
            filled.insert(arg.name.to_owned(), value);
        }
    }
    Ok(filled)
}
