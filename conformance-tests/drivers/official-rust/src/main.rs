//! Conformance driver over the official Iggy Rust SDK (crates.io `iggy` 0.10, the SDK shipped with server
//! 0.8.0): JSON lines in, JSON lines out, as described in conformance-tests/README.md.
//!
//! Every operation goes through the SDK's public client traits (`StreamClient`, `TopicClient`, ...) on an
//! `IggyClient` built for the transport named by `--transport tcp|http|quic|ws` (default tcp); `consume_group`
//! uses the SDK's high-level `IggyConsumer`. The loop, the transports and every call that SDK 0.11.0 makes the
//! same way are shared with ../official-rust-0.11 (../official-rust-common); this file has the calls of 0.10.0.

#[path = "../../official-rust-common/convert.rs"]
mod convert;
#[path = "../../official-rust-common/driver.rs"]
mod driver;
#[path = "../../official-rust-common/driver_ops.rs"]
#[rustfmt::skip]
mod driver_ops;
mod model;

use convert::{Failure, arg, arg_str, arg_u32, identifier, message, optional_u64, partitioning, user_status};
use driver::Sdk;
use iggy::prelude::*;
use model::{
    compression, created_stream_json, replication_factor, stream_details_json, topic_details_json, topic_json,
};
use serde_json::Value;

/// SDK 0.10.0 against Iggy 0.8's protocol.
struct Iggy010;

impl Sdk for Iggy010 {
    const NAME: &'static str = "official-rust";
    const VERSION: &'static str = "iggy 0.10.0 (crates.io)";
    const EXTRA_OPERATIONS: &'static [&'static str] = &[];
    const UNOBSERVABLE: &'static [&'static str] = &[];
    const PROTOCOL: &'static str = "0.8";
    const HTTP_UNSUPPORTED: &'static [(&'static str, &'static str)] = &[
        ("get_me", "the 0.8 REST API has no 'me' route; the SDK's HTTP client answers FeatureUnavailable"),
        ("join_consumer_group", "HTTP is stateless: the 0.8 REST API has no join route (FeatureUnavailable)"),
        ("leave_consumer_group", "HTTP is stateless: the 0.8 REST API has no leave route (FeatureUnavailable)"),
        ("consume_group", "needs joining a consumer group, which the 0.8 REST API cannot express"),
    ];

    async fn run_op(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {
        release_op(client, op, args).await
    }
}

/// The calls of the operations this release makes its own way (`PER_RELEASE_OPERATIONS`, `EXTRA_OPERATIONS`).
async fn release_op(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {
    let stream = || identifier(arg(args, "stream")?);
    let topic = || identifier(arg(args, "topic")?);
    Ok(match op {
        "create_stream" => created_stream_json(&client.create_stream(arg_str(args, "name")?).await?),
        "get_stream" => client.get_stream(&stream()?).await?.as_ref().map_or(Value::Null, stream_details_json),
        "update_stream" => {
            client.update_stream(&stream()?, arg_str(args, "name")?).await?;
            Value::Null
        }
        "create_topic" => {
            let created = client
                .create_topic(
                    &stream()?,
                    arg_str(args, "name")?,
                    arg_u32(args, "partitions_count")?,
                    compression(args)?,
                    replication_factor(args)?,
                    IggyExpiry::from(optional_u64(args, "message_expiry")?.unwrap_or(0)),
                    MaxTopicSize::from(optional_u64(args, "max_topic_size")?.unwrap_or(0)),
                )
                .await?;
            topic_details_json(&created)
        }
        "get_topic" => client.get_topic(&stream()?, &topic()?).await?.as_ref().map_or(Value::Null, topic_details_json),
        "get_topics" => Value::Array(client.get_topics(&stream()?).await?.iter().map(topic_json).collect()),
        "update_topic" => {
            client
                .update_topic(
                    &stream()?,
                    &topic()?,
                    arg_str(args, "name")?,
                    compression(args)?,
                    replication_factor(args)?,
                    IggyExpiry::from(optional_u64(args, "message_expiry")?.unwrap_or(0)),
                    MaxTopicSize::from(optional_u64(args, "max_topic_size")?.unwrap_or(0)),
                )
                .await?;
            Value::Null
        }
        "send_messages" => {
            let raw = arg(args, "messages")?.as_array().ok_or_else(|| Failure::Driver("messages: list".into()))?;
            let mut messages = raw.iter().map(message).collect::<Result<Vec<_>, _>>()?;
            let partitioning = partitioning(arg(args, "partitioning")?)?;
            client.send_messages(&stream()?, &topic()?, &partitioning, &mut messages).await?;
            Value::Null
        }
        "update_user" => {
            let status = args.get("status").map(user_status).transpose()?;
            let username = args.get("username").and_then(Value::as_str);
            client.update_user(&identifier(arg(args, "user")?)?, username, status).await?;
            Value::Null
        }
        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),
    })
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    driver::serve::<Iggy010>().await;
}
