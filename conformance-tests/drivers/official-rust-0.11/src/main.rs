//! Conformance driver over the official Iggy Rust SDK 0.11.0 (crates.io `iggy`, the SDK of Iggy 0.9: it speaks
//! protocol 0.9 by itself): JSON lines in, JSON lines out, as described in conformance-tests/README.md.
//!
//! Every operation goes through the SDK's public client traits on an `IggyClient` built for the transport named by
//! `--transport tcp|http|quic|ws` (default tcp); `consume_group` uses the SDK's high-level `IggyConsumer`. The loop,
//! the transports and every call that SDK 0.10.0 makes the same way are shared with ../official-rust
//! (../official-rust-common); this file has the calls 0.11.0 changed or added. The one 0.9 command without a typed
//! method, SyncConsumerGroup, goes through the SDK's public `send_binary_request` with the official protocol
//! crate's request and response types, so no byte is written here.

#[path = "../../official-rust-common/convert.rs"]
mod convert;
#[path = "../../official-rust-common/driver.rs"]
mod driver;
#[path = "../../official-rust-common/driver_ops.rs"]
#[rustfmt::skip]
mod driver_ops;
mod model;

use convert::{Failure, arg, arg_str, identifier, message, partitioning, user_status};
use driver::Sdk;
use iggy::prelude::*;
use iggy_binary_protocol::codec::{WireDecode, WireEncode};
use iggy_binary_protocol::codes::SYNC_CONSUMER_GROUP_CODE;
use iggy_binary_protocol::requests::consumer_groups::SyncConsumerGroupRequest;
use iggy_binary_protocol::responses::consumer_groups::SyncConsumerGroupResponse;
use iggy_common::wire_conversions::identifier_to_wire;
use model::{
    created_stream_json, option_spec_json, stream_details_json, topic_create_options, topic_details_json, topic_json,
    topic_update_options,
};
use serde_json::{Value, json};

/// SDK 0.11.0, which speaks Iggy 0.9's protocol.
struct Iggy011;

impl Sdk for Iggy011 {
    const NAME: &'static str = "official-rust-0.11";
    const VERSION: &'static str = "iggy 0.11.0 (crates.io)";
    const EXTRA_OPERATIONS: &'static [&'static str] = &["describe_options", "sync_consumer_group"];
    /// 0.9 has no replication factor.
    const UNOBSERVABLE: &'static [&'static str] = &[];
    const PROTOCOL: &'static str = "0.9";
    const HTTP_UNSUPPORTED: &'static [(&'static str, &'static str)] = &[
        ("get_me", "the REST API has no 'me' route; the SDK's HTTP client answers FeatureUnavailable"),
        ("join_consumer_group", "HTTP is stateless: the REST API has no join route (FeatureUnavailable)"),
        ("leave_consumer_group", "HTTP is stateless: the REST API has no leave route (FeatureUnavailable)"),
        ("consume_group", "needs joining a consumer group, which the REST API cannot express"),
        (
            "sync_consumer_group",
            "no membership over HTTP, and send_binary_request has no HTTP path (FeatureUnavailable)",
        ),
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
            client.update_stream(&stream()?, arg_str(args, "name")?, &StreamUpdateOptions::default()).await?;
            Value::Null
        }
        "create_topic" => {
            let options = topic_create_options(args)?;
            topic_details_json(&client.create_topic(&stream()?, arg_str(args, "name")?, &options).await?)
        }
        "get_topic" => client.get_topic(&stream()?, &topic()?).await?.as_ref().map_or(Value::Null, topic_details_json),
        "get_topics" => Value::Array(client.get_topics(&stream()?).await?.iter().map(topic_json).collect()),
        "update_topic" => {
            let options = topic_update_options(args)?;
            client.update_topic(&stream()?, &topic()?, arg_str(args, "name")?, &options).await?;
            Value::Null
        }
        "send_messages" => {
            let raw = arg(args, "messages")?.as_array().ok_or_else(|| Failure::Driver("messages: list".into()))?;
            let mut messages = raw.iter().map(message).collect::<Result<Vec<_>, _>>()?;
            let partitioning = partitioning(arg(args, "partitioning")?)?;
            let sent = client.send_messages(&stream()?, &topic()?, &partitioning, &mut messages).await?;
            let confirmations: Vec<Value> = sent
                .confirmations
                .iter()
                .map(|confirmation| {
                    json!({
                        "stream_id": confirmation.stream_id,
                        "topic_id": confirmation.topic_id,
                        "partition_id": confirmation.partition_id,
                        "base_offset": confirmation.base_offset,
                    })
                })
                .collect();
            json!({ "confirmations": confirmations })
        }
        "update_user" => {
            let status = args.get("status").map(user_status).transpose()?;
            let username = args.get("username").and_then(Value::as_str);
            let user = identifier(arg(args, "user")?)?;
            client.update_user(&user, username, status, &UserUpdateOptions::default()).await?;
            Value::Null
        }
        "describe_options" => {
            let scope: OptionsScope = arg_str(args, "scope")?.parse()?;
            Value::Array(client.describe_options(scope).await?.iter().map(option_spec_json).collect::<Result<_, _>>()?)
        }
        "sync_consumer_group" => sync_consumer_group(client, args).await?,
        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),
    })
}

/// SyncConsumerGroup (0.9): the caller's generation and partitions, or null when it is not a member. The SDK
/// runs it inside group polls but has no typed method, so the official request and response types of
/// `iggy_binary_protocol` go through `IggyClient::send_binary_request`, the SDK's documented raw path.
async fn sync_consumer_group(client: &IggyClient, args: &Value) -> Result<Value, Failure> {
    let wire = |value: &Value| -> Result<_, Failure> { Ok(identifier_to_wire(&identifier(value)?)?) };
    let request = SyncConsumerGroupRequest {
        stream_id: wire(arg(args, "stream")?)?,
        topic_id: wire(arg(args, "topic")?)?,
        group_id: wire(arg(args, "group")?)?,
    };
    let reply = client.send_binary_request(SYNC_CONSUMER_GROUP_CODE, request.to_bytes()).await?;
    if reply.is_empty() {
        return Ok(Value::Null);
    }
    let (assignment, _) = SyncConsumerGroupResponse::decode(&reply)
        .map_err(|error| Failure::Driver(format!("undecodable SyncConsumerGroup reply: {error:?}")))?;
    Ok(json!({ "generation": assignment.generation, "partitions": assignment.partitions }))
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    driver::serve::<Iggy011>().await;
}
