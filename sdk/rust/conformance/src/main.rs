//! Conformance driver over iggy-sdk (sdk/rust): JSON lines in, JSON lines out (conformance-tests/README.md).
//! Every operation goes through the SDK's public API; `consume_group` through the high-level `IggyConsumer`.
//!
//! `--protocol 0.9|0.8` (default: the SDK's, 0.9) is the Iggy wire protocol every client of the run speaks: the
//! runner tells drivers nothing about it, so drivers.toml names one entry per protocol (rust, rust-0.9).

mod convert;
#[rustfmt::skip]
mod driver_calls;
#[rustfmt::skip]
mod driver_ops;

use std::collections::HashMap;
use std::time::Duration;

use convert::{
    arg, arg_bool, arg_str, arg_u32, arg_u64, client_details_json, client_json, confirmations_json, consumer, driver,
    group_details_json, identifier, message, option_descriptor_json, option_scope, optional_partition, partitioning,
    permissions, polled_json, snapshot_compression, snapshot_types, strategy, stream_details_json, topic_details_json,
    topic_json, topic_settings, user_details_json, user_json, user_status, Failure,
};
use iggy_sdk::{AutoCommit, ClientConfig, IggyClient, IggyConsumer, PollingStrategy, ProtocolVersion};
use serde_json::{json, Map, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const CONSUME_BATCH_LENGTH: u32 = 100;
const CONSUME_POLL_INTERVAL_MS: u64 = 10;

const OPERATIONS: &[&str] = &[
    "reset",
    "connect",
    "disconnect",
    "login_user",
    "login_with_personal_access_token",
    "get_me",
    "get_client",
    "get_clients",
    "get_snapshot",
    "get_cluster_metadata",
    "get_stream",
    "create_topic",
    "get_topic",
    "get_topics",
    "update_topic",
    "send_messages",
    "poll_messages",
    "store_consumer_offset",
    "get_consumer_offset",
    "delete_consumer_offset",
    "get_consumer_group",
    "consume_group",
    "create_user",
    "get_user",
    "get_users",
    "update_user",
    "update_permissions",
    "get_personal_access_tokens",
    "describe_options",
    "sync_consumer_group",
];

/// Operations Iggy 0.8 does not have, with the reason (answered to a 0.8 `hello` as `unsupported`).
const ONLY_0_9: [(&str, &str); 2] = [
    ("describe_options", "Iggy 0.8 has no option catalog"),
    ("sync_consumer_group", "Iggy 0.8 groups assign partitions on the server"),
];

struct Driver {
    clients: HashMap<String, IggyClient>,
    protocol: ProtocolVersion,
}

impl Driver {
    async fn call(&mut self, op: &str, name: &str, args: &Value) -> Result<Value, Failure> {
        if op != "hello" {
            // The op table's check, before dispatch: a bad step is a DriverError, defaults are filled in.
            let args = driver_ops::check_step(op, args, &self.protocol.to_string()).map_err(Failure::Driver)?;
            return self.dispatch(op, name, &Value::Object(args)).await;
        }
        self.dispatch(op, name, args).await
    }

    async fn dispatch(&mut self, op: &str, name: &str, args: &Value) -> Result<Value, Failure> {
        match op {
            "hello" => {
                let vsr = self.protocol.is_vsr();
                let only_0_9 = |op: &&str| ONLY_0_9.iter().any(|(name, _)| name == op);
                let every = OPERATIONS.iter().chain(driver_calls::OPERATIONS).copied();
                let capabilities: Vec<&str> = every.filter(|op| vsr || !only_0_9(op)).collect();
                let unsupported: Map<String, Value> = if vsr {
                    Map::new()
                } else {
                    ONLY_0_9.iter().map(|(op, why)| (op.to_string(), json!(why))).collect()
                };
                Ok(json!({
                    "name": format!("rust-{}", self.protocol),
                    "protocol": self.protocol.to_string(),
                    "version": concat!("iggy-sdk ", env!("CARGO_PKG_VERSION")),
                    "capabilities": capabilities,
                    "unobservable": Vec::<&str>::new(),
                    "unsupported": unsupported,
                }))
            }
            "reset" => {
                for (_, client) in self.clients.drain() {
                    client.close().await;
                }
                Ok(Value::Null)
            }
            "connect" => {
                let mut config = ClientConfig::from_address(arg_str(args, "address")?)?;
                config.protocol = self.protocol;
                // The runner restarts servers under the driver: one quick reconnect attempt, no background pings.
                config.reconnection_retries = Some(1);
                config.reconnection_interval_ms = 100;
                config.heartbeat_interval_ms = 0;
                if let Some(token) = args.get("token").and_then(Value::as_str) {
                    config.token = Some(token.to_owned());
                } else if args.get("username").is_some() {
                    config.username = Some(arg_str(args, "username")?.to_owned());
                    config.password = Some(arg_str(args, "password")?.to_owned());
                }
                let client = IggyClient::new(config)?;
                client.connect().await?;
                if let Some(previous) = self.clients.insert(name.to_owned(), client) {
                    previous.close().await;
                }
                Ok(Value::Null)
            }
            "disconnect" => {
                if let Some(client) = self.clients.remove(name) {
                    client.close().await;
                }
                Ok(Value::Null)
            }
            _ => {
                let client = self.clients.get(name).ok_or_else(|| driver(format!("no client {name:?}")))?;
                run_op(client, op, args).await
            }
        }
    }
}

async fn run_op(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {
    let stream = || identifier(arg(args, "stream")?);
    let topic = || identifier(arg(args, "topic")?);
    let group = || identifier(arg(args, "group")?);
    let user = || identifier(arg(args, "user")?);
    Ok(match op {
        "login_user" => {
            json!({ "user_id": client.login_user(arg_str(args, "username")?, arg_str(args, "password")?).await? })
        }
        "login_with_personal_access_token" => {
            json!({ "user_id": client.login_with_personal_access_token(arg_str(args, "token")?).await? })
        }
        "get_me" => client_details_json(&client.get_me().await?),
        "get_client" => {
            client.get_client(arg_u32(args, "client_id")?).await?.as_ref().map_or(Value::Null, client_details_json)
        }
        "get_clients" => Value::Array(client.get_clients().await?.iter().map(client_json).collect()),
        "get_snapshot" => {
            let zip = client.get_snapshot(snapshot_compression(args)?, snapshot_types(args)?).await?;
            json!({ "size_bytes": zip.len(), "zip": zip.starts_with(b"PK\x03\x04") })
        }
        "get_cluster_metadata" => {
            let metadata = client.get_cluster_metadata().await?;
            let nodes: Vec<Value> =
                metadata.nodes.iter().map(|n| json!({ "name": n.name, "role": n.role, "status": n.status })).collect();
            json!({ "name": metadata.name, "nodes": nodes })
        }
        "get_stream" => client.get_stream(stream()?).await?.as_ref().map_or(Ok(Value::Null), stream_details_json)?,
        "create_topic" | "update_topic"
            if client.protocol().is_vsr() && args.get("replication_factor").is_some_and(|factor| factor != 0) =>
        {
            return Err(Failure::Unsupported(
                "Iggy 0.9 topics have no replication factor (neither the API nor the wire has one)".into(),
            ))
        }
        "create_topic" => {
            let (name, partitions_count) = (arg_str(args, "name")?, arg_u32(args, "partitions_count")?);
            let settings = topic_settings(args)?;
            topic_details_json(&client.create_topic_with(stream()?, name, partitions_count, &settings).await?)?
        }
        "get_topic" => {
            client.get_topic(stream()?, topic()?).await?.as_ref().map_or(Ok(Value::Null), topic_details_json)?
        }
        "get_topics" => {
            Value::Array(client.get_topics(stream()?).await?.iter().map(topic_json).collect::<Result<_, _>>()?)
        }
        "update_topic" => {
            let (name, settings) = (arg_str(args, "name")?, topic_settings(args)?);
            client.update_topic_with(stream()?, topic()?, name, &settings).await.map(|()| Value::Null)?
        }
        "send_messages" => {
            let raw = arg(args, "messages")?.as_array().ok_or_else(|| driver("messages: list"))?;
            let messages = raw.iter().map(message).collect::<Result<Vec<_>, _>>()?;
            let partitioning = partitioning(arg(args, "partitioning")?)?;
            let confirmation = client.send_messages(stream()?, topic()?, &partitioning, &messages).await?;
            // A 0.8 SendMessages reply is empty: there is no confirmation to report.
            if client.protocol().is_vsr() {
                confirmations_json(confirmation.as_ref())
            } else {
                Value::Null
            }
        }
        "poll_messages" => {
            let polled = client
                .poll_messages(
                    stream()?,
                    topic()?,
                    optional_partition(args)?,
                    &consumer(arg(args, "consumer")?)?,
                    &strategy(arg(args, "strategy")?)?,
                    arg_u32(args, "count")?,
                    arg_bool(args, "auto_commit")?,
                )
                .await?;
            polled_json(&polled)?
        }
        "store_consumer_offset" => {
            let (consumer, offset) = (consumer(arg(args, "consumer")?)?, arg_u64(args, "offset")?);
            let partition_id = optional_partition(args)?;
            client
                .store_consumer_offset(&consumer, stream()?, topic()?, partition_id, offset)
                .await
                .map(|()| Value::Null)?
        }
        "get_consumer_offset" => {
            let consumer = consumer(arg(args, "consumer")?)?;
            let info = client.get_consumer_offset(&consumer, stream()?, topic()?, optional_partition(args)?).await?;
            info.map_or(Value::Null, |info| {
                json!({
                    "partition_id": info.partition_id, "current_offset": info.current_offset,
                    "stored_offset": info.stored_offset,
                })
            })
        }
        "delete_consumer_offset" => {
            let consumer = consumer(arg(args, "consumer")?)?;
            let partition_id = optional_partition(args)?;
            client.delete_consumer_offset(&consumer, stream()?, topic()?, partition_id).await.map(|()| Value::Null)?
        }
        "get_consumer_group" => client
            .get_consumer_group(stream()?, topic()?, group()?)
            .await?
            .as_ref()
            .map_or(Value::Null, group_details_json),
        "sync_consumer_group" => client.sync_consumer_group(stream()?, topic()?, group()?).await?.map_or(
            Value::Null,
            |assignment| json!({ "generation": assignment.generation, "partitions": assignment.partitions }),
        ),
        "describe_options" => {
            let catalog = client.describe_options(option_scope(args)?).await?;
            Value::Array(catalog.iter().map(option_descriptor_json).collect::<Result<_, _>>()?)
        }
        "consume_group" => consume_group(client, args).await?,
        "create_user" => user_details_json(
            &client
                .create_user(
                    arg_str(args, "username")?,
                    arg_str(args, "password")?,
                    user_status(arg(args, "status")?)?,
                    permissions(args.get("permissions"))?,
                )
                .await?,
        ),
        "get_user" => client.get_user(user()?).await?.as_ref().map_or(Value::Null, user_details_json),
        "get_users" => Value::Array(client.get_users().await?.iter().map(user_json).collect()),
        "update_user" => {
            let status = match args.get("status") {
                None | Some(Value::Null) => None,
                Some(raw) => Some(user_status(raw)?),
            };
            let username = args.get("username").and_then(Value::as_str);
            client.update_user(user()?, username, status).await.map(|()| Value::Null)?
        }
        "update_permissions" => {
            client.update_permissions(user()?, permissions(args.get("permissions"))?).await.map(|()| Value::Null)?
        }
        "get_personal_access_tokens" => {
            let tokens = client.get_personal_access_tokens().await?;
            // 0 on the wire means "never expires": the protocol's JSON says null.
            let listed: Vec<Value> = tokens
                .iter()
                .map(|t| json!({ "name": t.name, "expiry_at": (t.expiry_at != 0).then_some(t.expiry_at) }))
                .collect();
            Value::Array(listed)
        }
        // The plain ops: their calls are generated (protocol-spec/generator/driver_calls.py).
        other => driver_calls::run(client, other, args).await?,
    })
}

/// `count` messages read as a member of `group` with the high-level consumer (group created if missing,
/// joined, Next, auto-commit on every poll), sorted by partition then offset.
async fn consume_group(client: &IggyClient, args: &Value) -> Result<Value, Failure> {
    let count = arg_u64(args, "count")? as usize;
    let timeout_ms = arg_u64(args, "timeout_ms")?;
    let mut consumer = IggyConsumer::group(
        client,
        identifier(arg(args, "stream")?)?,
        identifier(arg(args, "topic")?)?,
        identifier(arg(args, "group")?)?,
    )
    .polling_strategy(PollingStrategy::next())
    .batch_length(CONSUME_BATCH_LENGTH)
    .poll_interval_ms(CONSUME_POLL_INTERVAL_MS)
    .auto_commit(AutoCommit::AfterPoll);
    let mut received: Vec<(u32, u64, String)> = Vec::with_capacity(count);
    let read_all = tokio::time::timeout(Duration::from_millis(timeout_ms), async {
        consumer.init().await?;
        while received.len() < count {
            let item = consumer.next().await?;
            received.push((item.partition_id, item.offset(), convert::b64(item.payload())));
        }
        Ok::<(), Failure>(())
    })
    .await;
    let closed = consumer.close().await;
    match read_all {
        Err(_) => return Err(driver(format!("read {} of {count} messages within {timeout_ms} ms", received.len()))),
        Ok(result) => result?,
    }
    closed?;
    received.sort_by_key(|(partition_id, offset, _)| (*partition_id, *offset));
    let messages: Vec<Value> = received
        .into_iter()
        .map(|(partition, offset, payload)| json!({ "partition_id": partition, "offset": offset, "payload": payload }))
        .collect();
    Ok(json!({ "messages": messages }))
}

fn answer(id: &Value, outcome: Result<Value, Failure>) -> Value {
    match outcome {
        Ok(result) => json!({ "id": id, "ok": result }),
        Err(Failure::Unsupported(why)) => json!({ "id": id, "unsupported": why }),
        Err(Failure::Sdk(error)) => json!({
            "id": id,
            "error": { "code": error.code().0, "name": error.name(), "message": error.to_string() },
        }),
        Err(Failure::Driver(message)) => {
            json!({ "id": id, "error": { "code": -1, "name": "DriverError", "message": message } })
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut protocol = ClientConfig::default().protocol;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match (flag.as_str(), iggy_sdk::config::parse_protocol(&value)) {
            ("--protocol", Ok(version)) => protocol = version,
            (_, Err(error)) if flag == "--protocol" => {
                eprintln!("{}", error.message());
                std::process::exit(2);
            }
            _ => {
                eprintln!("usage: iggy-sdk-conformance [--protocol 0.9|0.8]");
                std::process::exit(2);
            }
        }
    }
    let mut driver = Driver { clients: HashMap::new(), protocol };
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut stdout = tokio::io::stdout();
    while let Ok(Some(line)) = lines.next_line().await {
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(error) => {
                eprintln!("unreadable request {line:?}: {error}");
                continue;
            }
        };
        let id = request.get("id").cloned().unwrap_or(Value::Null);
        let op = request.get("op").and_then(Value::as_str).unwrap_or_default().to_owned();
        let name = request.get("client").and_then(Value::as_str).unwrap_or("default").to_owned();
        let args = request.get("args").cloned().unwrap_or_else(|| json!({}));
        let outcome = driver.call(&op, &name, &args).await;
        let mut response = answer(&id, outcome).to_string();
        response.push('\n');
        if stdout.write_all(response.as_bytes()).await.is_err() || stdout.flush().await.is_err() {
            break;
        }
    }
    for (_, client) in driver.clients.drain() {
        client.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_fills_the_declared_defaults() {
        let filled = driver_ops::check_step("poll_messages", &json!({ "stream": 1, "topic": "t" }), "0.8").unwrap();
        assert_eq!(filled["count"], json!(10));
        assert_eq!(filled["consumer"], json!({ "kind": "consumer", "id": 0 }));
        assert_eq!(filled["strategy"], json!({ "kind": "offset", "value": 0 }));
        assert!(!filled.contains_key("partition_id"), "omitted = none: no shared default");
    }

    #[test]
    fn the_check_refuses_a_bad_step_naming_op_and_key() {
        let refused = |op: &str, args: Value, protocol: &str| driver_ops::check_step(op, &args, protocol).unwrap_err();
        assert!(refused("poll_message", json!({}), "0.8").contains("unknown op \"poll_message\""));
        assert_eq!(refused("get_client", json!({}), "0.8"), "op \"get_client\": missing required arg \"client_id\"");
        let partitions = json!({ "stream": 1, "topic": 1, "count": 2 });
        assert_eq!(refused("create_partitions", partitions, "0.8"), "op \"create_partitions\": unknown arg \"count\"");
        let count = json!({ "stream": 1, "topic": 1, "count": "3" });
        let wrong_type = "op \"poll_messages\": arg \"count\" must be of type integer";
        assert_eq!(refused("poll_messages", count, "0.8"), wrong_type);
        let options = json!({ "stream": 1, "name": "t", "options": {} });
        assert!(refused("create_topic", options.clone(), "0.8").contains("arg \"options\" is not in protocol 0.8"));
        assert!(driver_ops::check_step("create_topic", &options, "0.9").is_ok());
    }

    #[tokio::test]
    async fn a_refused_step_is_answered_as_the_driver_error() {
        let mut driver = Driver { clients: HashMap::new(), protocol: ProtocolVersion::V0_8 };
        let answered = answer(&json!(7), driver.call("store_consumer_offset", "default", &json!({})).await);
        assert_eq!(answered["error"]["code"], json!(-1));
        assert_eq!(answered["error"]["name"], json!("DriverError"));
        assert!(answered["error"]["message"].as_str().unwrap().contains("store_consumer_offset"));
    }
}
