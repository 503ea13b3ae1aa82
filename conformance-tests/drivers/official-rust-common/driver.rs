//! The JSON-lines driver both official Rust SDK drivers share: official-rust (iggy 0.10.0, protocol 0.8) and
//! official-rust-0.11 (iggy 0.11.0, protocol 0.9) compile this file in by `#[path]`, against their own SDK release,
//! so it uses only API the two have alike. Each driver names itself and runs the operations whose calls differ
//! through `Sdk`; the rest (connecting over the transport named by `--transport tcp|http|quic|ws`, every call
//! that is the same, the high-level group consumer, error answers) is here.
//!
//! Server errors arrive as `IggyError` and are answered with `as_code()` and the variant's name, so the runner
//! compares codes exactly. Over HTTP the SDK reports only the status (`HttpResponseError(status, body)`,
//! `ResourceNotFound(body)`); the Iggy code is then read from the server's error JSON in that body
//! (`{"id": <code>, "code": "<name>", ...}`).

use std::collections::HashMap;
use std::marker::PhantomData;
use std::panic::AssertUnwindSafe;
use std::time::Duration;

use futures_util::{FutureExt, StreamExt};
use iggy::prelude::*;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::convert::{
    self, Failure, arg, arg_bool, arg_str, arg_u32, arg_u64, client_details_json, client_json, consumer,
    created_group_json, group_details_json, group_json, identifier, permissions, polled_json, snapshot_compression,
    snapshot_types, strategy, stream_json, user_details_json, user_json, user_status,
};
use crate::driver_ops;

/// Bounds the SDK's own wait for a TCP connection: one attempt, no retry loop, no cool-down.
const CONNECT_RETRIES: u32 = 0;
const CONSUME_BATCH_LENGTH: u32 = 100;
const CONSUME_POLL_INTERVAL_MS: u64 = 10;

/// Operations both releases call alike (`run_common_op`).
const COMMON_OPERATIONS: &[&str] = &[
    "reset",
    "connect",
    "disconnect",
    "ping",
    "login_user",
    "login_with_personal_access_token",
    "logout_user",
    "get_me",
    "get_client",
    "get_clients",
    "get_snapshot",
    "get_stats",
    "get_cluster_metadata",
    "get_streams",
    "delete_stream",
    "purge_stream",
    "delete_topic",
    "purge_topic",
    "create_partitions",
    "delete_partitions",
    "delete_segments",
    "poll_messages",
    "flush_unsaved_buffer",
    "store_consumer_offset",
    "get_consumer_offset",
    "delete_consumer_offset",
    "create_consumer_group",
    "get_consumer_group",
    "get_consumer_groups",
    "delete_consumer_group",
    "join_consumer_group",
    "leave_consumer_group",
    "consume_group",
    "create_user",
    "get_user",
    "get_users",
    "update_permissions",
    "change_password",
    "delete_user",
    "create_personal_access_token",
    "get_personal_access_tokens",
    "delete_personal_access_token",
];

/// Operations both releases have but call differently: each driver's `Sdk::run_op` implements them.
const PER_RELEASE_OPERATIONS: &[&str] = &[
    "create_stream",
    "get_stream",
    "update_stream",
    "create_topic",
    "get_topic",
    "get_topics",
    "update_topic",
    "send_messages",
    "update_user",
];

/// One SDK release: how the driver names itself and the operations whose calls differ between releases.
pub trait Sdk {
    /// The driver's name in `hello` (the transport is added).
    const NAME: &'static str;
    const VERSION: &'static str;
    /// Operations only this release has; `run_op` implements them too.
    const EXTRA_OPERATIONS: &'static [&'static str];
    /// Result fields the SDK's typed models do not carry (see `hello`).
    const UNOBSERVABLE: &'static [&'static str];
    /// Operations the SDK's HTTP client cannot perform, with the reason.
    const HTTP_UNSUPPORTED: &'static [(&'static str, &'static str)];
    /// The Iggy wire protocol the release speaks ("0.8", "0.9"): which of the op table's args a step may have.
    const PROTOCOL: &'static str;

    /// One of `PER_RELEASE_OPERATIONS` or `EXTRA_OPERATIONS`, the way this release calls it.
    async fn run_op(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure>;
}

#[derive(Clone, Copy, PartialEq)]
pub enum Transport {
    Tcp,
    Http,
    Quic,
    WebSocket,
}

impl Transport {
    pub fn from_args() -> Result<Self, String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            [] | ["--transport", "tcp"] => Ok(Transport::Tcp),
            ["--transport", "http"] => Ok(Transport::Http),
            ["--transport", "quic"] => Ok(Transport::Quic),
            ["--transport", "ws"] => Ok(Transport::WebSocket),
            other => Err(format!("usage: DRIVER [--transport tcp|http|quic|ws], got {other:?}")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Transport::Tcp => "tcp",
            Transport::Http => "http",
            Transport::Quic => "quic",
            Transport::WebSocket => "ws",
        }
    }
}

struct Driver<S: Sdk> {
    transport: Transport,
    clients: HashMap<String, IggyClient>,
    sdk: PhantomData<S>,
}

impl<S: Sdk> Driver<S> {
    fn client(&self, name: &str) -> Result<&IggyClient, Failure> {
        self.clients.get(name).ok_or_else(|| Failure::Driver(format!("no client {name:?}")))
    }

    async fn close_all(&mut self) {
        for (_, client) in self.clients.drain() {
            close(&client).await;
        }
    }

    async fn call(&mut self, op: &str, name: &str, args: &Value) -> Result<Value, Failure> {
        if op != "hello" {
            // The op table's check, before dispatch: a bad step is a DriverError, defaults are filled in.
            let args = driver_ops::check_step(op, args, S::PROTOCOL).map_err(Failure::Driver)?;
            return self.dispatch(op, name, &Value::Object(args)).await;
        }
        self.dispatch(op, name, args).await
    }

    async fn dispatch(&mut self, op: &str, name: &str, args: &Value) -> Result<Value, Failure> {
        match op {
            "hello" => {
                let unsupported: &[(&str, &str)] =
                    if self.transport == Transport::Http { S::HTTP_UNSUPPORTED } else { &[] };
                let operations =
                    COMMON_OPERATIONS.iter().chain(PER_RELEASE_OPERATIONS).chain(S::EXTRA_OPERATIONS).copied();
                let capabilities: Vec<&str> =
                    operations.filter(|op| !unsupported.iter().any(|(name, _)| name == op)).collect();
                let reasons: serde_json::Map<String, Value> =
                    unsupported.iter().map(|(op, why)| ((*op).to_owned(), json!(why))).collect();
                Ok(json!({
                    "name": format!("{} ({})", S::NAME, self.transport.name()),
                    "version": S::VERSION,
                    "capabilities": capabilities,
                    "unsupported": reasons,
                    "unobservable": S::UNOBSERVABLE,
                }))
            }
            "reset" => {
                self.close_all().await;
                Ok(Value::Null)
            }
            "connect" => self.connect(name, args).await,
            "disconnect" => {
                if let Some(client) = self.clients.remove(name) {
                    close(&client).await;
                }
                Ok(Value::Null)
            }
            _ => {
                let client = self.client(name)?;
                if PER_RELEASE_OPERATIONS.contains(&op) || S::EXTRA_OPERATIONS.contains(&op) {
                    S::run_op(client, op, args).await
                } else {
                    run_common_op(client, op, args).await
                }
            }
        }
    }

    async fn connect(&mut self, name: &str, args: &Value) -> Result<Value, Failure> {
        let address = arg_str(args, "address")?.to_owned();
        let client = match self.transport {
            Transport::Tcp => IggyClient::builder()
                .with_tcp()
                .with_server_address(address)
                .with_reconnection_max_retries(Some(CONNECT_RETRIES))
                .with_reestablish_after(IggyDuration::new(Duration::ZERO))
                .with_no_delay()
                .build()?,
            // The server's self-signed certificate is accepted: the SDK's default (validate_certificate=false).
            Transport::Quic => IggyClient::builder()
                .with_quic()
                .with_server_address(address)
                .with_reconnection_max_retries(Some(CONNECT_RETRIES))
                .with_reestablish_after(IggyDuration::new(Duration::ZERO))
                .build()?,
            Transport::WebSocket => IggyClient::builder()
                .with_websocket()
                .with_server_address(address)
                .with_reconnection_max_retries(Some(CONNECT_RETRIES))
                .with_reestablish_after(IggyDuration::new(Duration::ZERO))
                .build()?,
            // No retries: deterministic errors must surface at once (the server never answers 5xx for them).
            Transport::Http => {
                IggyClient::builder().with_http().with_api_url(format!("http://{address}")).with_retries(0).build()?
            }
        };
        let signed_in = async {
            client.connect().await?;
            if let Some(token) = args.get("token") {
                let token = token.as_str().ok_or_else(|| Failure::Driver("token must be text".into()))?;
                client.login_with_personal_access_token(token).await?;
            } else if args.get("username").is_some() {
                client.login_user(arg_str(args, "username")?, arg_str(args, "password")?).await?;
            }
            Ok::<(), Failure>(())
        }
        .await;
        if let Err(failure) = signed_in {
            close(&client).await;
            return Err(failure);
        }
        if let Some(previous) = self.clients.insert(name.to_owned(), client) {
            close(&previous).await;
        }
        Ok(Value::Null)
    }
}

/// `shutdown` (not `disconnect`) also ends the SDK's heartbeat task, which would otherwise reconnect.
async fn close(client: &IggyClient) {
    if let Err(error) = client.shutdown().await {
        eprintln!("shutdown: {error}");
    }
}

/// The operations whose calls are the same in both SDK releases.
async fn run_common_op(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {
    let stream = || identifier(arg(args, "stream")?);
    let topic = || identifier(arg(args, "topic")?);
    Ok(match op {
        "ping" => {
            client.ping().await?;
            Value::Null
        }
        "login_user" => {
            let identity = client.login_user(arg_str(args, "username")?, arg_str(args, "password")?).await?;
            json!({ "user_id": identity.user_id })
        }
        "login_with_personal_access_token" => {
            let identity = client.login_with_personal_access_token(arg_str(args, "token")?).await?;
            json!({ "user_id": identity.user_id })
        }
        "logout_user" => {
            client.logout_user().await?;
            Value::Null
        }
        "get_me" => client_details_json(&client.get_me().await?),
        "get_client" => {
            let client_id = arg_u32(args, "client_id")?;
            client.get_client(client_id).await?.as_ref().map_or(Value::Null, client_details_json)
        }
        "get_clients" => Value::Array(client.get_clients().await?.iter().map(client_json).collect()),
        "get_snapshot" => {
            let snapshot = client.snapshot(snapshot_compression(args)?, snapshot_types(args)?).await?;
            // A ZIP archive starts with the local file header signature "PK\x03\x04".
            json!({ "size_bytes": snapshot.0.len(), "zip": snapshot.0.starts_with(b"PK\x03\x04") })
        }
        "get_stats" => {
            let stats = client.get_stats().await?;
            json!({
                "streams_count": stats.streams_count,
                "topics_count": stats.topics_count,
                "partitions_count": stats.partitions_count,
                "segments_count": stats.segments_count,
                "messages_count": stats.messages_count,
                "clients_count": stats.clients_count,
                "consumer_groups_count": stats.consumer_groups_count,
                "iggy_server_version": stats.iggy_server_version,
            })
        }
        "get_cluster_metadata" => {
            let metadata = client.get_cluster_metadata().await?;
            let nodes: Vec<Value> = metadata
                .nodes
                .into_iter()
                .map(|node| json!({ "name": node.name, "role": node.role as u8, "status": node.status as u8 }))
                .collect();
            json!({ "name": metadata.name, "nodes": nodes })
        }
        "get_streams" => Value::Array(client.get_streams().await?.iter().map(stream_json).collect()),
        "delete_stream" => {
            client.delete_stream(&stream()?).await?;
            Value::Null
        }
        "purge_stream" => {
            client.purge_stream(&stream()?).await?;
            Value::Null
        }
        "delete_topic" => {
            client.delete_topic(&stream()?, &topic()?).await?;
            Value::Null
        }
        "purge_topic" => {
            client.purge_topic(&stream()?, &topic()?).await?;
            Value::Null
        }
        "create_partitions" => {
            client.create_partitions(&stream()?, &topic()?, arg_u32(args, "partitions_count")?).await?;
            Value::Null
        }
        "delete_partitions" => {
            client.delete_partitions(&stream()?, &topic()?, arg_u32(args, "partitions_count")?).await?;
            Value::Null
        }
        "delete_segments" => {
            let partition_id = arg_u32(args, "partition_id")?;
            client.delete_segments(&stream()?, &topic()?, partition_id, arg_u32(args, "segments_count")?).await?;
            Value::Null
        }
        "poll_messages" => {
            let polled = client
                .poll_messages(
                    &stream()?,
                    &topic()?,
                    optional_partition(args)?,
                    &consumer(arg(args, "consumer")?)?,
                    &strategy(arg(args, "strategy")?)?,
                    arg_u32(args, "count")?,
                    arg_bool(args, "auto_commit")?,
                )
                .await?;
            polled_json(&polled)?
        }
        "flush_unsaved_buffer" => {
            let partition_id = arg_u32(args, "partition_id")?;
            client.flush_unsaved_buffer(&stream()?, &topic()?, partition_id, arg_bool(args, "fsync")?).await?;
            Value::Null
        }
        "store_consumer_offset" => {
            let offset = arg_u64(args, "offset")?;
            let consumer = consumer(arg(args, "consumer")?)?;
            client.store_consumer_offset(&consumer, &stream()?, &topic()?, optional_partition(args)?, offset).await?;
            Value::Null
        }
        "get_consumer_offset" => {
            let consumer = consumer(arg(args, "consumer")?)?;
            let info = client.get_consumer_offset(&consumer, &stream()?, &topic()?, optional_partition(args)?).await?;
            info.map_or(Value::Null, |info| {
                json!({
                    "partition_id": info.partition_id,
                    "current_offset": info.current_offset,
                    "stored_offset": info.stored_offset,
                })
            })
        }
        "delete_consumer_offset" => {
            let consumer = consumer(arg(args, "consumer")?)?;
            client.delete_consumer_offset(&consumer, &stream()?, &topic()?, optional_partition(args)?).await?;
            Value::Null
        }
        "create_consumer_group" => {
            created_group_json(&client.create_consumer_group(&stream()?, &topic()?, arg_str(args, "name")?).await?)
        }
        "get_consumer_group" => {
            let group = identifier(arg(args, "group")?)?;
            client
                .get_consumer_group(&stream()?, &topic()?, &group)
                .await?
                .as_ref()
                .map_or(Value::Null, group_details_json)
        }
        "get_consumer_groups" => {
            Value::Array(client.get_consumer_groups(&stream()?, &topic()?).await?.iter().map(group_json).collect())
        }
        "delete_consumer_group" => {
            client.delete_consumer_group(&stream()?, &topic()?, &identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "join_consumer_group" => {
            client.join_consumer_group(&stream()?, &topic()?, &identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "leave_consumer_group" => {
            client.leave_consumer_group(&stream()?, &topic()?, &identifier(arg(args, "group")?)?).await?;
            Value::Null
        }
        "consume_group" => consume_group(client, args).await?,
        "create_user" => {
            let user = client
                .create_user(
                    arg_str(args, "username")?,
                    arg_str(args, "password")?,
                    user_status(arg(args, "status")?)?,
                    permissions(args.get("permissions"))?,
                )
                .await?;
            user_details_json(&user)
        }
        "get_user" => {
            let user = client.get_user(&identifier(arg(args, "user")?)?).await?;
            user.as_ref().map_or(Value::Null, user_details_json)
        }
        "get_users" => Value::Array(client.get_users().await?.iter().map(user_json).collect()),
        "update_permissions" => {
            client.update_permissions(&identifier(arg(args, "user")?)?, permissions(args.get("permissions"))?).await?;
            Value::Null
        }
        "change_password" => {
            let user = identifier(arg(args, "user")?)?;
            client.change_password(&user, arg_str(args, "current_password")?, arg_str(args, "new_password")?).await?;
            Value::Null
        }
        "delete_user" => {
            client.delete_user(&identifier(arg(args, "user")?)?).await?;
            Value::Null
        }
        "create_personal_access_token" => {
            let expiry = PersonalAccessTokenExpiry::from(arg_u64(args, "expiry")?);
            let token = client.create_personal_access_token(arg_str(args, "name")?, expiry).await?;
            json!({ "token": token.token })
        }
        "get_personal_access_tokens" => {
            let tokens = client.get_personal_access_tokens().await?;
            let listed: Vec<Value> = tokens
                .iter()
                .map(|token| json!({ "name": token.name, "expiry_at": token.expiry_at.map(|at| at.as_micros()) }))
                .collect();
            Value::Array(listed)
        }
        "delete_personal_access_token" => {
            client.delete_personal_access_token(arg_str(args, "name")?).await?;
            Value::Null
        }
        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),
    })
}

pub fn optional_partition(args: &Value) -> Result<Option<u32>, Failure> {
    match args.get("partition_id") {
        None | Some(Value::Null) => Ok(None),
        Some(_) => Ok(Some(arg_u32(args, "partition_id")?)),
    }
}

/// Reads `count` messages as a member of `group` through the SDK's high-level consumer: it creates the group if
/// missing, joins it, polls Next with the server choosing the partition, and commits on every poll.
async fn consume_group(client: &IggyClient, args: &Value) -> Result<Value, Failure> {
    let count = arg_u64(args, "count")? as usize;
    let timeout = Duration::from_millis(arg_u64(args, "timeout_ms")?);
    let group = arg_str(args, "group")?;
    let stream_name = convert::identifier_text(arg(args, "stream")?);
    let topic_name = convert::identifier_text(arg(args, "topic")?);
    let mut consumer = client
        .consumer_group(group, &stream_name, &topic_name)?
        .stream(identifier(arg(args, "stream")?)?)
        .topic(identifier(arg(args, "topic")?)?)
        .polling_strategy(PollingStrategy::next())
        .batch_length(CONSUME_BATCH_LENGTH)
        .auto_commit(AutoCommit::When(AutoCommitWhen::PollingMessages))
        .create_consumer_group_if_not_exists()
        .auto_join_consumer_group()
        .poll_interval(IggyDuration::new(Duration::from_millis(CONSUME_POLL_INTERVAL_MS)))
        .build();
    consumer.init().await?;
    let mut received: Vec<(u32, u64, Value)> = Vec::with_capacity(count);
    let read_all = tokio::time::timeout(timeout, async {
        while received.len() < count {
            match consumer.next().await {
                Some(Ok(item)) => received.push((
                    item.partition_id,
                    item.message.header.offset,
                    json!(convert::b64(&item.message.payload)),
                )),
                Some(Err(error)) => return Err(Failure::Iggy(error)),
                None => return Err(Failure::Driver("the consumer stream ended".into())),
            }
        }
        Ok(())
    })
    .await;
    if let Err(error) = consumer.shutdown().await {
        eprintln!("consumer shutdown: {error}");
    }
    match read_all {
        Err(_) => {
            return Err(Failure::Driver(format!("read {} of {count} messages within {timeout:?}", received.len())));
        }
        Ok(result) => result?,
    }
    received.sort_by_key(|(partition_id, offset, _)| (*partition_id, *offset));
    let messages: Vec<Value> = received
        .into_iter()
        .map(|(partition_id, offset, payload)| {
            json!({ "partition_id": partition_id, "offset": offset, "payload": payload })
        })
        .collect();
    Ok(json!({ "messages": messages }))
}

fn answer(id: &Value, outcome: Result<Value, Failure>) -> Value {
    match outcome {
        Ok(result) => json!({ "id": id, "ok": result }),
        Err(Failure::Unsupported(why)) => json!({ "id": id, "unsupported": why }),
        Err(Failure::Iggy(error)) => {
            let name: &'static str = (&error).into();
            let (code, name) = http_error_code(&error).unwrap_or((error.as_code(), name.to_uppercase()));
            json!({
                "id": id,
                "error": { "code": code, "name": name, "message": error.to_string() },
            })
        }
        Err(Failure::Driver(message)) => {
            json!({ "id": id, "error": { "code": -1, "name": "DriverError", "message": message } })
        }
    }
}

/// The Iggy code and name in the error JSON an HTTP error response carries, when it is one.
fn http_error_code(error: &IggyError) -> Option<(u32, String)> {
    let body = match error {
        IggyError::HttpResponseError(_, body) | IggyError::ResourceNotFound(body) => body,
        _ => return None,
    };
    let parsed: Value = serde_json::from_str(body).ok()?;
    let code = u32::try_from(parsed.get("id")?.as_u64()?).ok()?;
    let name = parsed.get("code")?.as_str()?.to_uppercase();
    Some((code, name))
}

/// Answers JSON-lines requests on stdin until it ends (the driver's `main`).
pub async fn serve<S: Sdk>() {
    let transport = match Transport::from_args() {
        Ok(transport) => transport,
        Err(usage) => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let mut driver = Driver::<S> { transport, clients: HashMap::new(), sdk: PhantomData };
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
        // An SDK panic (e.g. on a response it cannot decode) fails the step, not the whole run.
        let outcome = AssertUnwindSafe(driver.call(&op, &name, &args))
            .catch_unwind()
            .await
            .unwrap_or_else(|panic| Err(Failure::Driver(format!("the SDK panicked: {}", panic_text(&panic)))));
        let mut response = answer(&id, outcome).to_string();
        response.push('\n');
        if stdout.write_all(response.as_bytes()).await.is_err() || stdout.flush().await.is_err() {
            break;
        }
    }
    driver.close_all().await;
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|text| (*text).to_owned()))
        .unwrap_or_else(|| "unknown panic".to_owned())
}
