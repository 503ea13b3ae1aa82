// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! The conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml (protocol-spec/generator/driver_calls.py): `run` answers each of `OPERATIONS`.

#![allow(unused_imports)]

use iggy_sdk::IggyClient;
use serde_json::{json, Value};

use crate::convert::{arg, arg_bool, arg_str, arg_u32, arg_u64, driver, identifier, Failure};

/// The plain ops this module runs (the driver's hello lists them beside its own).
pub const OPERATIONS: &[&str] = &[
    "ping",
    "logout_user",
    "get_stats",
    "create_stream",
    "get_streams",
    "update_stream",
    "delete_stream",
    "purge_stream",
    "delete_topic",
    "purge_topic",
    "create_partitions",
    "delete_partitions",
    "delete_segments",
    "flush_unsaved_buffer",
    "create_consumer_group",
    "get_consumer_groups",
    "delete_consumer_group",
    "join_consumer_group",
    "leave_consumer_group",
    "change_password",
    "delete_user",
    "create_personal_access_token",
    "delete_personal_access_token",
];

/// Runs a plain op; any other op is unsupported.
pub async fn run(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {
    Ok(match op {
        "ping" => {
            client.ping().await?;
            Value::Null
        }
        "logout_user" => {
            client.logout_user().await?;
            Value::Null
        }
        "get_stats" => {
            let v = client.get_stats().await?;
            json!({ "streams_count": v.streams_count, "topics_count": v.topics_count, "partitions_count": v.partitions_count, "segments_count": v.segments_count, "messages_count": v.messages_count, "clients_count": v.clients_count, "consumer_groups_count": v.consumer_groups_count, "iggy_server_version": v.iggy_server_version })
        }
        "create_stream" => {
            let v = client.create_stream(arg_str(args, "name")?).await?;
            json!({ "id": v.id, "name": v.name, "topics_count": v.topics_count, "messages_count": v.messages_count, "size_bytes": v.size_bytes })
        }
        "get_streams" => {
            let listed = client.get_streams().await?;
            Value::Array(listed.iter().map(|v| json!({ "id": v.id, "name": v.name, "topics_count": v.topics_count, "messages_count": v.messages_count, "size_bytes": v.size_bytes })).collect())
        }
        "update_stream" => {
            client.update_stream(identifier(arg(args, "stream")?)?, arg_str(args, "name")?).await?;
            Value::Null
        }
        "delete_stream" => {
            client.delete_stream(identifier(arg(args, "stream")?)?).await?;
            Value::Null
        }
        "purge_stream" => {
            client.purge_stream(identifier(arg(args, "stream")?)?).await?;
            Value::Null
        }
        "delete_topic" => {
            client.delete_topic(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?).await?;
            Value::Null
        }
        "purge_topic" => {
            client.purge_topic(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?).await?;
            Value::Null
        }
        "create_partitions" => {
            client.create_partitions(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, arg_u32(args, "partitions_count")?).await?;
            Value::Null
        }
        "delete_partitions" => {
            client.delete_partitions(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, arg_u32(args, "partitions_count")?).await?;
            Value::Null
        }
        "delete_segments" => {
            client.delete_segments(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, arg_u32(args, "partition_id")?, arg_u32(args, "segments_count")?).await?;
            Value::Null
        }
        "flush_unsaved_buffer" => {
            client.flush_unsaved_buffer(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, arg_u32(args, "partition_id")?, arg_bool(args, "fsync")?).await?;
            Value::Null
        }
        "create_consumer_group" => {
            let v = client.create_consumer_group(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, arg_str(args, "name")?).await?;
            json!({ "id": v.id, "name": v.name, "partitions_count": v.partitions_count, "members_count": v.members_count })
        }
        "get_consumer_groups" => {
            let listed = client.get_consumer_groups(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?).await?;
            Value::Array(listed.iter().map(|v| json!({ "id": v.id, "name": v.name, "partitions_count": v.partitions_count, "members_count": v.members_count })).collect())
        }
        "delete_consumer_group" => {
            client.delete_consumer_group(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "join_consumer_group" => {
            client.join_consumer_group(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "leave_consumer_group" => {
            client.leave_consumer_group(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "change_password" => {
            client.change_password(identifier(arg(args, "user")?)?, arg_str(args, "current_password")?, arg_str(args, "new_password")?).await?;
            Value::Null
        }
        "delete_user" => {
            client.delete_user(identifier(arg(args, "user")?)?).await?;
            Value::Null
        }
        "create_personal_access_token" => {
            json!({ "token": client.create_personal_access_token(arg_str(args, "name")?, arg_u64(args, "expiry")?).await? })
        }
        "delete_personal_access_token" => {
            client.delete_personal_access_token(arg_str(args, "name")?).await?;
            Value::Null
        }
        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),
    })
}
