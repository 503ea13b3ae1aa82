//! What SDK 0.11.0 (protocol 0.9) models differently from 0.10.0: topic settings as options (explicit, or derived
//! by the server), patch updates, no replication factor, and the option catalog.

use std::collections::BTreeMap;

use iggy::prelude::*;
use serde_json::{Value, json};

use crate::convert::{
    Failure, arg_u32, compression_name, header_key_text, header_kind_name, optional_u64, partition_json, stream_fields,
};

/// The setting if the case gives it (a topic option in 0.9: sent only when given).
fn compression(args: &Value) -> Result<Option<CompressionAlgorithm>, Failure> {
    match args.get("compression_algorithm") {
        None | Some(Value::Null) => Ok(None),
        Some(raw) => match raw.as_str() {
            Some("none") => Ok(Some(CompressionAlgorithm::None)),
            Some("gzip") => Ok(Some(CompressionAlgorithm::Gzip)),
            _ => Err(Failure::Unsupported(format!("compression algorithm {raw}"))),
        },
    }
}

fn refuse_replication_factor(args: &Value) -> Result<(), Failure> {
    if optional_u64(args, "replication_factor")?.unwrap_or(0) != 0 {
        return Err(Failure::Unsupported("0.9 has no replication factor (neither the API nor the wire)".into()));
    }
    Ok(())
}

/// `options`: extra keys as text, which the server parses (TopicCreateOptions/TopicUpdateOptions `raw`).
fn raw_options(args: &Value) -> Result<BTreeMap<String, String>, Failure> {
    let Some(raw) = args.get("options").filter(|raw| !raw.is_null()) else {
        return Ok(BTreeMap::new());
    };
    let entries = raw.as_object().ok_or_else(|| Failure::Driver("options must be an object".into()))?;
    entries
        .iter()
        .map(|(key, value)| {
            let text = value.as_str().ok_or_else(|| Failure::Driver(format!("option {key} must be text")))?;
            Ok((key.clone(), text.to_owned()))
        })
        .collect()
}

/// CreateTopic's settings: one the case leaves out, or gives as 0 ("the server's default"), is not sent, so
/// admission derives it.
pub fn topic_create_options(args: &Value) -> Result<TopicCreateOptions, Failure> {
    refuse_replication_factor(args)?;
    let expiry = optional_u64(args, "message_expiry")?.unwrap_or(0);
    let max_size = optional_u64(args, "max_topic_size")?.unwrap_or(0);
    Ok(TopicCreateOptions {
        partitions_count: Some(arg_u32(args, "partitions_count")?),
        compression_algorithm: compression(args)?,
        message_expiry: (expiry != 0).then(|| IggyExpiry::from(expiry)),
        max_topic_size: (max_size != 0).then(|| MaxTopicSize::from(max_size)),
        raw: raw_options(args)?,
        ..TopicCreateOptions::default()
    })
}

/// UpdateTopic is a patch in 0.9: a setting the case leaves out is not sent and keeps its value (a 0 is sent:
/// the server's default).
pub fn topic_update_options(args: &Value) -> Result<TopicUpdateOptions, Failure> {
    refuse_replication_factor(args)?;
    let given = |key: &str| args.get(key).is_some_and(|value| !value.is_null());
    let expiry = optional_u64(args, "message_expiry")?.unwrap_or(0);
    let max_size = optional_u64(args, "max_topic_size")?.unwrap_or(0);
    Ok(TopicUpdateOptions {
        compression_algorithm: compression(args)?,
        message_expiry: given("message_expiry").then(|| IggyExpiry::from(expiry)),
        max_topic_size: given("max_topic_size").then(|| MaxTopicSize::from(max_size)),
        raw: raw_options(args)?,
    })
}

/// An option value as `{kind, value}`, the value in its text form: the form 0.9's REST API and its create
/// bodies carry options in, so every transport can be compared (over HTTP the SDK reads every value as a string).
fn option_value_json(value: &HeaderValue) -> Value {
    json!({ "kind": header_kind_name(value.kind()), "value": value.to_string_value() })
}

/// An options block as `{key: {kind, value}}`, split by provenance: the keys the creating client sent
/// (`explicit`) or those admission derived from defaults.
fn options_json(options: &ResourceOptions, explicit: bool) -> Value {
    let entries = options.iter().filter(|(_, option)| option.explicit == explicit);
    Value::Object(entries.map(|(key, option)| (header_key_text(key), option_value_json(&option.value))).collect())
}

/// `Topic` and `TopicDetails` carry the same header fields under the same names: one conversion for both.
macro_rules! topic_fields {
    ($topic:expr) => {
        json!({
            "id": $topic.id,
            "name": $topic.name,
            "partitions_count": $topic.partitions_count,
            "messages_count": $topic.messages_count,
            "size_bytes": $topic.size.as_bytes_u64(),
            "compression_algorithm": compression_name(&$topic.compression_algorithm),
            "message_expiry": u64::from($topic.message_expiry),
            "max_topic_size": u64::from($topic.max_topic_size),
            "options": options_json(&$topic.options, true),
            "derived_options": options_json(&$topic.options, false),
        })
    };
}

pub fn topic_json(topic: &Topic) -> Value {
    topic_fields!(topic)
}

pub fn topic_details_json(topic: &TopicDetails) -> Value {
    let mut fields = topic_fields!(topic);
    fields["partitions"] = Value::Array(topic.partitions.iter().map(partition_json).collect());
    fields
}

/// CreateStream answers a stream header (driver_ops.toml `ok`): the client decodes it as details with no topics.
pub fn created_stream_json(stream: &StreamDetails) -> Value {
    Value::Object(stream_fields(stream.id, &stream.name, stream.topics_count, stream.messages_count, stream.size))
}

pub fn stream_details_json(stream: &StreamDetails) -> Value {
    let mut fields = stream_fields(stream.id, &stream.name, stream.topics_count, stream.messages_count, stream.size);
    fields.insert("topics".into(), Value::Array(stream.topics.iter().map(topic_json).collect()));
    Value::Object(fields)
}

/// A DescribeOptions entry; `default` like an option value, null when the key has none.
pub fn option_spec_json(spec: &OptionSpec) -> Result<Value, Failure> {
    let default = if spec.default_value.is_empty() {
        Value::Null
    } else {
        option_value_json(&HeaderValue::from_raw(spec.kind, &spec.default_value)?)
    };
    Ok(json!({
        "key": spec.key,
        "kind": header_kind_name(spec.kind),
        "default": default,
        "description": spec.description,
    }))
}
