//! What SDK 0.10.0 (protocol 0.8) models differently from 0.11.0: fixed topic settings (every one sent, 0 = the
//! server's default) and a replication factor.

use iggy::prelude::*;
use serde_json::{Value, json};

use crate::convert::{Failure, compression_name, optional_u64, partition_json, stream_fields};

pub fn compression(args: &Value) -> Result<CompressionAlgorithm, Failure> {
    match args.get("compression_algorithm").and_then(Value::as_str).unwrap_or("none") {
        "none" => Ok(CompressionAlgorithm::None),
        "gzip" => Ok(CompressionAlgorithm::Gzip),
        other => Err(Failure::Unsupported(format!("compression algorithm {other:?}"))),
    }
}

/// The protocol's 0 means "server default", which this API spells as `None`.
pub fn replication_factor(args: &Value) -> Result<Option<u8>, Failure> {
    let factor = optional_u64(args, "replication_factor")?.unwrap_or(0);
    match factor {
        0 => Ok(None),
        factor => u8::try_from(factor).map(Some).map_err(|_| Failure::Driver("replication_factor > 255".into())),
    }
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
            "replication_factor": $topic.replication_factor,
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
