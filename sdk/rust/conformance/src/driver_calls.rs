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
    "update_stream",
    "delete_stream",
    "purge_stream",
    "delete_topic",
    "purge_topic",
    "create_partitions",
    "delete_partitions",
    "delete_segments",
    "flush_unsaved_buffer",
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
    let _ = args;
    Ok(match op {
        "ping" => {
            client.ping().await?;
            Value::Null
        }
        "logout_user" => {
            client.logout_user().await?;
            Value::Null
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
        "create_personal_access_token" => json!({ "token": client.create_personal_access_token(arg_str(args, "name")?, arg_u64(args, "expiry")?).await? }),
        "delete_personal_access_token" => {
            client.delete_personal_access_token(arg_str(args, "name")?).await?;
            Value::Null
        }
        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),
    })
}
