//! `IggyClient`: every command of the protocol as an async method, over one connection (one session: login and
//! consumer-group membership belong to it), with timeouts, bounded reconnect with re-login, and a heartbeat.
//!
//! The client speaks the protocol version of its config (`ClientConfig::protocol`, `protocol=0.9|0.8`): every
//! request is encoded and every answer decoded by the generated codec in that version. In 0.9 a login registers a
//! session (a new client id each time, a new one per connection), and the client picks the partition of a send
//! (balanced: a round-robin cursor per topic; a key: XXH32 of it) from the topic's partition count, as the official
//! 0.9 clients do.
//!
//! The outcome-unknown rule: once a request has left and the connection breaks before its answer, the server may
//! or may not have executed it. Replay-safe commands (the spec's `replay_safe`: Ping and the lookups) are then
//! replayed once on a new connection; every other command fails with `Error::OutcomeUnknown` and is never
//! re-sent, so a SendMessages cannot be written twice behind the caller's back (in 0.9 the new connection is a
//! new session, so the server could not even tell a re-sent request from a new one). A 0.9 answer "not committed
//! now" (57/58) is different: the identical frame, same identity and number, goes again on the same connection
//! every 50 ms, as the official clients do.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use bytes::Bytes;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use crate::codec::*;
use crate::codes::{command_code, constants, error_code, operation};
use crate::config::ClientConfig;
use crate::error::{Error, Result};
use crate::messages::{
    decode_polled_batches, decode_polled_frames, send_batch_frame, send_messages_frame, IggyMessage,
};
use crate::options::{Options, TopicSettings};
use crate::runtime::{Command, Identifier, ParamText, Writer};
use crate::transport::{Connection, Frame, Reply};

/// Who this client is, sent as LoginUser's version string (Iggy 0.8 servers ignore it): the crate's version,
/// which `make gen` stamps from the repository's VERSION.
const CLIENT_NAME: &str = concat!("iggy-sdk-rust/", env!("CARGO_PKG_VERSION"));
/// 0.9 LoginRegister's sdk_name and sdk_version.
const SDK_NAME: &str = "iggy-sdk-rust";
const SDK_VERSION: &str = env!("CARGO_PKG_VERSION");
/// Between two sends of a frame the server answered 57/58 (the official clients' 50 ms).
const TRANSIENT_RETRY: Duration = Duration::from_millis(50);
/// 0.9 producers pick a partition from the topic's partition count, read with GetTopic and kept this long (a topic
/// that grows is seen within it), for at most this many topics.
pub const TOPIC_CACHE_TTL: Duration = Duration::from_secs(5);
pub const TOPIC_CACHE_MAX_ENTRIES: usize = 1024;
/// Evictions after which the next request connects and registers again (the session ended under it); the login
/// evictions (credentials, token, inactive user, protocol) are final.
const RECONNECT_AFTER: [EvictionReason; 5] = [
    EvictionReason::NoSession,
    EvictionReason::SessionTooLow,
    EvictionReason::SessionReleaseMismatch,
    EvictionReason::StaleClient,
    EvictionReason::SessionError,
];

/// An async client. Cheap to clone (clones share the connection); `Send + Sync`.
#[derive(Clone)]
pub struct IggyClient {
    inner: Arc<Inner>,
}

struct Inner {
    config: ClientConfig,
    session: Mutex<Session>,
    closed: AtomicBool,
    heartbeat: std::sync::Mutex<Option<JoinHandle<()>>>,
    /// 0.9 client-side partitioning: per (stream, topic), the partition count and when it was read, and the
    /// balanced cursor.
    partitioning: std::sync::Mutex<HashMap<(Identifier, Identifier), TopicPartitions>>,
}

struct TopicPartitions {
    count: u32,
    read_at: Instant,
    cursor: u32,
}

#[derive(Default)]
struct Session {
    connection: Option<Arc<Connection>>,
    /// Set by `connect`: later losses are reconnected, before it a request answers NotConnected.
    opened: bool,
    login: Option<Login>,
}

#[derive(Clone)]
enum Login {
    Password { username: String, password: String },
    Token(String),
}

/// The spec's `replay_safe` (Ping and the lookups): replaying them after a broken connection cannot change
/// anything on the server. An unknown code is not.
fn replay_safe(code: u32) -> bool {
    command_info(code).is_some_and(|c| c.replay_safe)
}

impl IggyClient {
    /// A client for `config`; nothing is opened until `connect`.
    pub fn new(config: ClientConfig) -> Result<Self> {
        config.validate()?;
        let login = match (&config.username, &config.password, &config.token) {
            (Some(username), Some(password), _) => {
                Some(Login::Password { username: username.clone(), password: password.clone() })
            }
            (_, _, Some(token)) => Some(Login::Token(token.clone())),
            _ => None,
        };
        Ok(IggyClient {
            inner: Arc::new(Inner {
                config,
                session: Mutex::new(Session { login, ..Session::default() }),
                closed: AtomicBool::new(false),
                heartbeat: std::sync::Mutex::new(None),
                partitioning: std::sync::Mutex::new(HashMap::new()),
            }),
        })
    }

    /// A client for a connection string (`iggy://user:pass@host:port?options`).
    pub fn from_connection_string(connection_string: &str) -> Result<Self> {
        IggyClient::new(connection_string.parse()?)
    }

    pub fn config(&self) -> &ClientConfig {
        &self.inner.config
    }

    /// The Iggy wire protocol this client speaks (`ClientConfig::protocol`).
    pub fn protocol(&self) -> ProtocolVersion {
        self.inner.config.protocol
    }

    /// Open the connection (with the reconnect policy's attempts) and log in if credentials are configured.
    pub async fn connect(&self) -> Result<()> {
        if self.inner.closed.load(Ordering::Acquire) {
            return Err(Error::NotConnected);
        }
        {
            let mut session = self.inner.session.lock().await;
            session.opened = true;
            self.inner.establish(&mut session).await?;
        }
        self.start_heartbeat();
        Ok(())
    }

    /// Close the connection and stop the heartbeat; later requests answer NotConnected.
    pub async fn close(&self) {
        self.inner.closed.store(true, Ordering::Release);
        if let Some(task) = self.inner.heartbeat.lock().expect("heartbeat lock").take() {
            task.abort();
        }
        let mut session = self.inner.session.lock().await;
        session.connection = None;
        session.opened = false;
    }

    fn start_heartbeat(&self) {
        let interval_ms = self.inner.config.heartbeat_interval_ms;
        let mut slot = self.inner.heartbeat.lock().expect("heartbeat lock");
        if interval_ms == 0 || slot.is_some() {
            return;
        }
        let weak: Weak<Inner> = Arc::downgrade(&self.inner);
        *slot = Some(tokio::spawn(async move {
            let mut ticker = tokio::time::interval(Duration::from_millis(interval_ms));
            ticker.tick().await; // the first tick is immediate
            loop {
                ticker.tick().await;
                let Some(inner) = weak.upgrade() else { break };
                if inner.closed.load(Ordering::Acquire) {
                    break;
                }
                // A failed heartbeat needs no handling here: the next request sees the broken connection.
                let _ = IggyClient { inner }.ping().await;
            }
        }));
    }

    /// Send one generated request and decode its answer, in the client's protocol version.
    pub async fn send_command<C: Command>(&self, request: &C) -> Result<C::Response> {
        let version = self.protocol();
        if !C::VERSIONS.contains(&version) {
            return Err(unavailable(C::CODE, version));
        }
        let mut w = Writer::with_version(version);
        request.encode(&mut w)?;
        let body = self
            .request(Frame::new(C::CODE, C::OPERATION, w.into_inner().freeze()), C::NAME)
            .await
            .map_err(|error| error.named_by(C::ERROR_PARAMS, |field| request.error_field_text(field)))?;
        Ok(C::decode_response(body, version)?)
    }

    async fn request(&self, frame: Frame, name: &'static str) -> Result<Bytes> {
        let replayable = replay_safe(frame.code);
        let timeout_ms = self.inner.config.request_timeout_ms;
        let mut replayed = false;
        loop {
            let connection = self.inner.connection().await?;
            let reply = match exchange(&connection, frame.again(), timeout_ms, name).await {
                Ok(reply) => reply,
                Err(Exchange::NotSent) => {
                    // Never handed to the socket: nothing left, so sending on a new connection is not a re-send.
                    self.inner.forget(&connection).await;
                    if replayed {
                        return Err(Error::ConnectionLost("the connection closed twice".into()));
                    }
                    replayed = true;
                    continue;
                }
                Err(Exchange::TimedOut(error)) => {
                    // The late answer would pair with the next request: drop the connection.
                    self.inner.forget(&connection).await;
                    return Err(error);
                }
            };
            match reply {
                Reply::Ok(body) => return Ok(body),
                Reply::Failed(error) => {
                    let session_ended = error.eviction_reason().is_some_and(|reason| RECONNECT_AFTER.contains(&reason));
                    if session_ended || matches!(error, Error::ProtocolMismatch { .. }) {
                        // The next request connects (and, after an eviction, registers) again.
                        self.inner.forget(&connection).await;
                    }
                    if session_ended && replayable && !replayed && self.inner.config.reconnection_retries != Some(0) {
                        replayed = true;
                        continue;
                    }
                    return Err(error);
                }
                Reply::Transient { code, .. } => {
                    return Err(Error::server_message(
                        code,
                        &format!("{name} was still not committed after {timeout_ms} ms"),
                    ))
                }
                Reply::Broken { written, reason } => {
                    self.inner.forget(&connection).await;
                    if replayed {
                        return Err(Error::ConnectionLost(reason));
                    }
                    if written && !replayable {
                        return Err(Error::OutcomeUnknown { command: name, reason });
                    }
                    replayed = true;
                }
            }
        }
    }

    fn require_0_9(&self, what: &str) -> Result<()> {
        if self.protocol().is_vsr() {
            return Ok(());
        }
        Err(Error::server_message(
            error_code::FEATURE_UNAVAILABLE,
            &format!("{what} needs Iggy protocol 0.9 (this client speaks {})", self.protocol()),
        ))
    }

    // --- system ------------------------------------------------------------------------------------------

    pub async fn ping(&self) -> Result<()> {
        self.send_command(&PingRequest).await
    }

    pub async fn get_stats(&self) -> Result<Stats> {
        self.send_command(&GetStatsRequest).await
    }

    /// A ZIP of the requested snapshot sections (`codes::snapshot_type`), compressed with `compression`.
    pub async fn get_snapshot(&self, compression: u8, snapshot_types: Vec<u8>) -> Result<Bytes> {
        Ok(self.send_command(&GetSnapshotRequest { compression, snapshot_types }).await?.data)
    }

    pub async fn get_cluster_metadata(&self) -> Result<ClusterMetadata> {
        self.send_command(&GetClusterMetadataRequest).await
    }

    pub async fn get_me(&self) -> Result<ClientDetails> {
        self.send_command(&GetMeRequest).await
    }

    pub async fn get_client(&self, client_id: u32) -> Result<Option<ClientDetails>> {
        self.send_command(&GetClientRequest { client_id }).await
    }

    pub async fn get_clients(&self) -> Result<Vec<ClientInfo>> {
        self.send_command(&GetClientsRequest).await
    }

    /// 0.9: the option catalog of a scope: each key with its kind, default (`default_value`, in the kind's
    /// encoding) and description. Streams and users have no keys in 0.9.
    pub async fn describe_options(&self, scope: OptionScope) -> Result<Vec<OptionDescriptor>> {
        self.require_0_9("describe_options")?;
        Ok(self.send_command(&DescribeOptionsRequest { scope: scope.as_u8() }).await?.entries)
    }

    // --- session ----------------------------------------------------------------------------------------

    /// Log in; the credentials are remembered for re-login after a reconnect. Returns the user id. 0.9: registers
    /// a new session under a new client id.
    pub async fn login_user(&self, username: &str, password: &str) -> Result<u32> {
        let login = Login::Password { username: username.to_owned(), password: password.to_owned() };
        let user_id = self.login(&login).await?;
        self.inner.session.lock().await.login = Some(login);
        Ok(user_id)
    }

    pub async fn login_with_personal_access_token(&self, token: &str) -> Result<u32> {
        let login = Login::Token(token.to_owned());
        let user_id = self.login(&login).await?;
        self.inner.session.lock().await.login = Some(login);
        Ok(user_id)
    }

    async fn login(&self, login: &Login) -> Result<u32> {
        match (login, self.protocol().is_vsr()) {
            (Login::Password { username, password }, false) => {
                Ok(self.send_command(&login_request(username, password)).await?.user_id)
            }
            (Login::Token(token), false) => {
                Ok(self.send_command(&LoginWithPersonalAccessTokenRequest { token: token.clone() }).await?.user_id)
            }
            (Login::Password { username, password }, true) => {
                Ok(self.send_command(&register_request(username, password)).await?.user_id)
            }
            (Login::Token(token), true) => Ok(self.send_command(&register_token_request(token)).await?.user_id),
        }
    }

    pub async fn logout_user(&self) -> Result<()> {
        self.send_command(&LogoutUserRequest).await?;
        self.inner.session.lock().await.login = None;
        Ok(())
    }

    // --- users ------------------------------------------------------------------------------------------

    pub async fn get_user(&self, user: impl Into<Identifier>) -> Result<Option<UserDetails>> {
        self.send_command(&GetUserRequest { user_id: user.into() }).await
    }

    pub async fn get_users(&self) -> Result<Vec<UserHeader>> {
        self.send_command(&GetUsersRequest).await
    }

    /// `status` is a `codes::user_status` value.
    pub async fn create_user(
        &self,
        username: &str,
        password: &str,
        status: u8,
        permissions: Option<Permissions>,
    ) -> Result<UserDetails> {
        self.create_user_with_options(username, password, status, permissions, &Options::new()).await
    }

    /// `create_user` with the user's 0.9 options block (0.9 servers have no user keys yet and refuse any).
    pub async fn create_user_with_options(
        &self,
        username: &str,
        password: &str,
        status: u8,
        permissions: Option<Permissions>,
        options: &Options,
    ) -> Result<UserDetails> {
        let options = self.options_block(options)?;
        let request = CreateUserRequest {
            username: username.to_owned(),
            password: password.to_owned(),
            status,
            permissions,
            options,
        };
        self.send_command(&request).await
    }

    pub async fn delete_user(&self, user: impl Into<Identifier>) -> Result<()> {
        self.send_command(&DeleteUserRequest { user_id: user.into() }).await
    }

    pub async fn update_user(
        &self,
        user: impl Into<Identifier>,
        username: Option<&str>,
        status: Option<u8>,
    ) -> Result<()> {
        self.update_user_with_options(user, username, status, &Options::new()).await
    }

    /// `update_user` with the user's 0.9 options block.
    pub async fn update_user_with_options(
        &self,
        user: impl Into<Identifier>,
        username: Option<&str>,
        status: Option<u8>,
        options: &Options,
    ) -> Result<()> {
        let options = self.options_block(options)?;
        let request =
            UpdateUserRequest { user_id: user.into(), username: username.map(str::to_owned), status, options };
        self.send_command(&request).await
    }

    /// An options block (0.9); any key on a 0.8 connection is refused here, with the option to set.
    fn options_block(&self, options: &Options) -> Result<Bytes> {
        if options.is_empty() {
            return Ok(Bytes::new());
        }
        self.require_0_9("options")?;
        options.encode()
    }

    pub async fn update_permissions(
        &self,
        user: impl Into<Identifier>,
        permissions: Option<Permissions>,
    ) -> Result<()> {
        self.send_command(&UpdatePermissionsRequest { user_id: user.into(), permissions }).await
    }

    pub async fn change_password(
        &self,
        user: impl Into<Identifier>,
        current_password: &str,
        new_password: &str,
    ) -> Result<()> {
        let request = ChangePasswordRequest {
            user_id: user.into(),
            current_password: current_password.to_owned(),
            new_password: new_password.to_owned(),
        };
        self.send_command(&request).await
    }

    // --- personal access tokens -------------------------------------------------------------------------

    pub async fn get_personal_access_tokens(&self) -> Result<Vec<PersonalAccessTokenInfo>> {
        self.send_command(&GetPersonalAccessTokensRequest).await
    }

    /// Returns the token secret (shown once). `expiry_us` 0 = never expires.
    pub async fn create_personal_access_token(&self, name: &str, expiry_us: u64) -> Result<String> {
        let request = CreatePersonalAccessTokenRequest { name: name.to_owned(), expiry: expiry_us };
        Ok(self.send_command(&request).await?.token)
    }

    pub async fn delete_personal_access_token(&self, name: &str) -> Result<()> {
        self.send_command(&DeletePersonalAccessTokenRequest { name: name.to_owned() }).await
    }

    // --- messages ---------------------------------------------------------------------------------------

    /// Append `messages` to one partition chosen by `partitioning`. Payloads are sent without copying.
    ///
    /// 0.9: the client picks the partition as the official 0.9 clients do (balanced: a round-robin cursor per
    /// topic; a key: XXH32(key, seed 0) % partitions_count; the count from GetTopic, kept `TOPIC_CACHE_TTL`) and
    /// returns the server's confirmation: the partition and the offset of the batch's first message (None when the
    /// server reports none). 0.8 answers nothing: None.
    pub async fn send_messages(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partitioning: &Partitioning,
        messages: &[IggyMessage],
    ) -> Result<Option<SendConfirmation>> {
        let (stream, topic) = (stream.into(), topic.into());
        if !self.protocol().is_vsr() {
            let frame = send_messages_frame(&stream, &topic, partitioning, messages)?;
            self.request(frame, "SendMessages")
                .await
                .map_err(|error| send_error(error, &stream, &topic, partitioning))?;
            return Ok(None);
        }
        let chosen = match partitioning.kind {
            kind if kind == PartitioningKind::PartitionId.as_u8() => partitioning.clone(),
            _ => Partitioning::partition_id(self.pick_partition(&stream, &topic, partitioning).await?),
        };
        let frame = send_batch_frame(&stream, &topic, &chosen, messages)?;
        let body = match self.request(frame, "SendMessages").await {
            Ok(body) => body,
            Err(error) => {
                if error.code() == crate::ErrorCode::PARTITION_NOT_FOUND {
                    self.forget_topic(&stream, &topic); // the topic shrank: read its count again next time
                }
                return Err(send_error(error, &stream, &topic, &chosen));
            }
        };
        let answer = <SendMessagesRequest as Command>::decode_response(body, ProtocolVersion::V0_9)?;
        Ok(answer.and_then(|answer| answer.confirmations.into_iter().next()))
    }

    async fn pick_partition(
        &self,
        stream: &Identifier,
        topic: &Identifier,
        partitioning: &Partitioning,
    ) -> Result<u32> {
        let key = (stream.clone(), topic.clone());
        let known = {
            let cache = self.inner.partitioning.lock().expect("partitioning lock");
            cache.get(&key).filter(|entry| entry.read_at.elapsed() < TOPIC_CACHE_TTL).map(|entry| entry.count)
        };
        let count = match known {
            Some(count) => count,
            None => {
                let details = self.get_topic(stream.clone(), topic.clone()).await?.ok_or_else(|| {
                    Error::server_message(
                        error_code::TOPIC_ID_NOT_FOUND,
                        &format!("topic {topic} of stream {stream} not found"),
                    )
                })?;
                let count = details.partitions.len() as u32;
                let mut cache = self.inner.partitioning.lock().expect("partitioning lock");
                if cache.len() >= TOPIC_CACHE_MAX_ENTRIES && !cache.contains_key(&key) {
                    let oldest = cache.iter().min_by_key(|(_, entry)| entry.read_at).map(|(key, _)| key.clone());
                    if let Some(oldest) = oldest {
                        cache.remove(&oldest);
                    }
                }
                let entry =
                    cache.entry(key.clone()).or_insert(TopicPartitions { count, read_at: Instant::now(), cursor: 0 });
                entry.count = count;
                entry.read_at = Instant::now();
                count
            }
        };
        if count == 0 {
            return Err(Error::server_message(
                error_code::NO_PARTITIONS,
                &format!("topic {topic} of stream {stream} has no partitions"),
            ));
        }
        if partitioning.kind == PartitioningKind::MessagesKey.as_u8() {
            return Ok(crate::messages::xxh32(&partitioning.value) % count);
        }
        let mut cache = self.inner.partitioning.lock().expect("partitioning lock");
        let entry = cache.get_mut(&key).expect("cached above");
        let partition = entry.cursor % count;
        entry.cursor = (partition + 1) % count;
        Ok(partition)
    }

    fn forget_topic(&self, stream: &Identifier, topic: &Identifier) {
        self.inner.partitioning.lock().expect("partitioning lock").remove(&(stream.clone(), topic.clone()));
    }

    /// Read up to `count` messages; payloads are slices of the one received buffer. `partition_id` None lets
    /// the server choose (0 for a consumer, the member's next partition for a 0.8 group). A 0.9 group member names
    /// a partition it was assigned (`sync_consumer_group`); a partition it does not own answers an empty poll whose
    /// `partition_id` is `codes::constants::RESYNC_PARTITION_ID` (sync again).
    #[allow(clippy::too_many_arguments)]
    pub async fn poll_messages(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: Option<u32>,
        consumer: &Consumer,
        strategy: &PollingStrategy,
        count: u32,
        auto_commit: bool,
    ) -> Result<PolledMessages> {
        let request = PollMessagesRequest {
            consumer: consumer.clone(),
            stream_id: stream.into(),
            topic_id: topic.into(),
            partition_id,
            strategy: strategy.clone(),
            count,
            auto_commit,
        };
        // Decoded in one pass (0.9: the batches flattened into `messages`); payloads stay slices of the answer.
        let version = self.protocol();
        let mut w = Writer::with_version(version);
        request.encode(&mut w)?;
        let frame = Frame::new(command_code::POLL_MESSAGES, operation::NON_REPLICATED, w.into_inner().freeze());
        let body = self.request(frame, "PollMessages").await.map_err(|error| {
            error.named_by(PollMessagesRequest::ERROR_PARAMS, |field| request.error_field_text(field))
        })?;
        if version.is_vsr() {
            Ok(decode_polled_batches(body)?)
        } else {
            Ok(decode_polled_frames(body)?)
        }
    }

    pub async fn flush_unsaved_buffer(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: u32,
        fsync: bool,
    ) -> Result<()> {
        let request =
            FlushUnsavedBufferRequest { stream_id: stream.into(), topic_id: topic.into(), partition_id, fsync };
        self.send_command(&request).await
    }

    // --- consumer offsets -------------------------------------------------------------------------------

    pub async fn get_consumer_offset(
        &self,
        consumer: &Consumer,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: Option<u32>,
    ) -> Result<Option<ConsumerOffsetInfo>> {
        let request = GetConsumerOffsetRequest {
            consumer: consumer.clone(),
            stream_id: stream.into(),
            topic_id: topic.into(),
            partition_id,
        };
        self.send_command(&request).await
    }

    pub async fn store_consumer_offset(
        &self,
        consumer: &Consumer,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: Option<u32>,
        offset: u64,
    ) -> Result<()> {
        let request = StoreConsumerOffsetRequest {
            consumer: consumer.clone(),
            stream_id: stream.into(),
            topic_id: topic.into(),
            partition_id,
            offset,
            ack: AckLevel::Quorum.as_u8(),
        };
        self.send_command(&request).await
    }

    pub async fn delete_consumer_offset(
        &self,
        consumer: &Consumer,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: Option<u32>,
    ) -> Result<()> {
        let request = DeleteConsumerOffsetRequest {
            consumer: consumer.clone(),
            stream_id: stream.into(),
            topic_id: topic.into(),
            partition_id,
            ack: AckLevel::Quorum.as_u8(),
        };
        self.send_command(&request).await
    }

    // --- streams ----------------------------------------------------------------------------------------

    pub async fn get_stream(&self, stream: impl Into<Identifier>) -> Result<Option<StreamDetails>> {
        self.send_command(&GetStreamRequest { stream_id: stream.into() }).await
    }

    pub async fn get_streams(&self) -> Result<Vec<StreamHeader>> {
        self.send_command(&GetStreamsRequest).await
    }

    pub async fn create_stream(&self, name: &str) -> Result<StreamHeader> {
        self.create_stream_with_options(name, &Options::new()).await
    }

    /// `create_stream` with the stream's 0.9 options block (0.9 servers have no stream keys yet and refuse any).
    pub async fn create_stream_with_options(&self, name: &str, options: &Options) -> Result<StreamHeader> {
        let options = self.options_block(options)?;
        self.send_command(&CreateStreamRequest { name: name.to_owned(), options }).await
    }

    pub async fn update_stream(&self, stream: impl Into<Identifier>, name: &str) -> Result<()> {
        self.update_stream_with_options(stream, name, &Options::new()).await
    }

    pub async fn update_stream_with_options(
        &self,
        stream: impl Into<Identifier>,
        name: &str,
        options: &Options,
    ) -> Result<()> {
        let options = self.options_block(options)?;
        self.send_command(&UpdateStreamRequest { stream_id: stream.into(), name: name.to_owned(), options }).await
    }

    pub async fn delete_stream(&self, stream: impl Into<Identifier>) -> Result<()> {
        self.send_command(&DeleteStreamRequest { stream_id: stream.into() }).await
    }

    pub async fn purge_stream(&self, stream: impl Into<Identifier>) -> Result<()> {
        self.send_command(&PurgeStreamRequest { stream_id: stream.into() }).await
    }

    // --- topics -----------------------------------------------------------------------------------------

    pub async fn get_topic(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
    ) -> Result<Option<TopicDetails>> {
        self.send_command(&GetTopicRequest { stream_id: stream.into(), topic_id: topic.into() }).await
    }

    pub async fn get_topics(&self, stream: impl Into<Identifier>) -> Result<Vec<TopicHeader>> {
        self.send_command(&GetTopicsRequest { stream_id: stream.into() }).await
    }

    /// `compression_algorithm` is a `codes::compression_algorithm` value; `message_expiry_us` and
    /// `max_topic_size_bytes` 0 = server default; `replication_factor` 0 = default (it exists in 0.8 only).
    /// 0.9 sends the settings as the topic's options block (`create_topic_with` takes every catalog key).
    #[allow(clippy::too_many_arguments)]
    pub async fn create_topic(
        &self,
        stream: impl Into<Identifier>,
        name: &str,
        partitions_count: u32,
        compression_algorithm: u8,
        message_expiry_us: u64,
        max_topic_size_bytes: u64,
        replication_factor: u8,
    ) -> Result<TopicDetails> {
        let settings =
            TopicSettings::legacy(compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor)?;
        self.create_topic_with(stream, name, partitions_count, &settings).await
    }

    /// Create a topic with `settings`. 0.8 sends its fixed fields (a setting not given: none / the server
    /// default); 0.9 sends the settings given and `settings.options` as the topic's options block, with
    /// `durability` and `consumer_offset_durability` "replicated" unless set, as the official 0.9 clients send
    /// them. The answer's `option_values()` / `derived_option_values()` show what the server stored.
    pub async fn create_topic_with(
        &self,
        stream: impl Into<Identifier>,
        name: &str,
        partitions_count: u32,
        settings: &TopicSettings,
    ) -> Result<TopicDetails> {
        let stream = stream.into();
        let request = if self.protocol().is_vsr() {
            CreateTopicRequest {
                stream_id: stream.clone(),
                partitions_count,
                compression_algorithm: 0,
                message_expiry: 0,
                max_topic_size: 0,
                replication_factor: 0,
                name: name.to_owned(),
                options: settings.options_block(true)?,
            }
        } else {
            settings.check_0_8()?;
            CreateTopicRequest {
                stream_id: stream.clone(),
                partitions_count,
                compression_algorithm: settings.compression_algorithm.unwrap_or(CompressionAlgorithm::None).as_u8(),
                message_expiry: settings.message_expiry_us.unwrap_or(0),
                max_topic_size: settings.max_topic_size_bytes.unwrap_or(0),
                replication_factor: settings.replication_factor.unwrap_or(0),
                name: name.to_owned(),
                options: Bytes::new(),
            }
        };
        let topic = self.send_command(&request).await?;
        self.forget_topic(&stream, &Identifier::from(name));
        Ok(topic)
    }

    /// Rename a topic and set its compression, expiry and size limit (0 = server default), as 0.8 does: every
    /// setting replaced. On 0.9 these three are sent as options (`update_topic_with` changes only what is given).
    #[allow(clippy::too_many_arguments)]
    pub async fn update_topic(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        name: &str,
        compression_algorithm: u8,
        message_expiry_us: u64,
        max_topic_size_bytes: u64,
        replication_factor: u8,
    ) -> Result<()> {
        let settings =
            TopicSettings::legacy(compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor)?;
        self.update_topic_with(stream, topic, name, &settings).await
    }

    /// Rename a topic and change its settings. 0.8 replaces every setting (one not given: none / the server
    /// default); 0.9 changes only the settings given (a patch) and the keys in `settings.options`.
    pub async fn update_topic_with(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        name: &str,
        settings: &TopicSettings,
    ) -> Result<()> {
        let (stream_id, topic_id) = (stream.into(), topic.into());
        let request = if self.protocol().is_vsr() {
            UpdateTopicRequest {
                stream_id,
                topic_id,
                compression_algorithm: 0,
                message_expiry: 0,
                max_topic_size: 0,
                replication_factor: 0,
                name: name.to_owned(),
                options: settings.options_block(false)?,
            }
        } else {
            settings.check_0_8()?;
            UpdateTopicRequest {
                stream_id,
                topic_id,
                compression_algorithm: settings.compression_algorithm.unwrap_or(CompressionAlgorithm::None).as_u8(),
                message_expiry: settings.message_expiry_us.unwrap_or(0),
                max_topic_size: settings.max_topic_size_bytes.unwrap_or(0),
                replication_factor: settings.replication_factor.unwrap_or(0),
                name: name.to_owned(),
                options: Bytes::new(),
            }
        };
        self.send_command(&request).await
    }

    pub async fn delete_topic(&self, stream: impl Into<Identifier>, topic: impl Into<Identifier>) -> Result<()> {
        let (stream, topic) = (stream.into(), topic.into());
        self.send_command(&DeleteTopicRequest { stream_id: stream.clone(), topic_id: topic.clone() }).await?;
        self.forget_topic(&stream, &topic);
        Ok(())
    }

    pub async fn purge_topic(&self, stream: impl Into<Identifier>, topic: impl Into<Identifier>) -> Result<()> {
        self.send_command(&PurgeTopicRequest { stream_id: stream.into(), topic_id: topic.into() }).await
    }

    // --- partitions and segments ------------------------------------------------------------------------

    pub async fn create_partitions(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partitions_count: u32,
    ) -> Result<()> {
        let (stream, topic) = (stream.into(), topic.into());
        let request = CreatePartitionsRequest { stream_id: stream.clone(), topic_id: topic.clone(), partitions_count };
        self.send_command(&request).await?;
        self.forget_topic(&stream, &topic);
        Ok(())
    }

    pub async fn delete_partitions(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partitions_count: u32,
    ) -> Result<()> {
        let (stream, topic) = (stream.into(), topic.into());
        let request = DeletePartitionsRequest { stream_id: stream.clone(), topic_id: topic.clone(), partitions_count };
        self.send_command(&request).await?;
        self.forget_topic(&stream, &topic);
        Ok(())
    }

    pub async fn delete_segments(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partition_id: u32,
        segments_count: u32,
    ) -> Result<()> {
        let request =
            DeleteSegmentsRequest { stream_id: stream.into(), topic_id: topic.into(), partition_id, segments_count };
        self.send_command(&request).await
    }

    // --- consumer groups --------------------------------------------------------------------------------

    pub async fn get_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Result<Option<GroupDetails>> {
        let request =
            GetConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), group_id: group.into() };
        self.send_command(&request).await
    }

    pub async fn get_consumer_groups(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
    ) -> Result<Vec<GroupHeader>> {
        self.send_command(&GetConsumerGroupsRequest { stream_id: stream.into(), topic_id: topic.into() }).await
    }

    pub async fn create_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        name: &str,
    ) -> Result<GroupHeader> {
        let request =
            CreateConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), name: name.to_owned() };
        self.send_command(&request).await
    }

    pub async fn delete_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Result<()> {
        let request =
            DeleteConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), group_id: group.into() };
        self.send_command(&request).await
    }

    /// Membership belongs to this connection: after a reconnect the group must be joined again.
    pub async fn join_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Result<()> {
        let request =
            JoinConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), group_id: group.into() };
        self.send_command(&request).await
    }

    /// 0.9: this member's partitions in the group and the group's generation (it grows with every change of
    /// membership or assignment), or None when this session is not a member.
    pub async fn sync_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Result<Option<SyncConsumerGroupResponse>> {
        let request =
            SyncConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), group_id: group.into() };
        self.send_command(&request).await
    }

    pub async fn leave_consumer_group(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Result<()> {
        let request =
            LeaveConsumerGroupRequest { stream_id: stream.into(), topic_id: topic.into(), group_id: group.into() };
        self.send_command(&request).await
    }
}

/// A command the connection's protocol version lacks, with the option that has it.
/// SendMessages' error with its stream, topic and partition named (its frame is encoded without a request value, so
/// the fields are given here by their spec names).
fn send_error(error: Error, stream: &Identifier, topic: &Identifier, partitioning: &Partitioning) -> Error {
    error.named_by(SendMessagesRequest::ERROR_PARAMS, |field| match field {
        "stream_id" => stream.param_text(),
        "topic_id" => topic.param_text(),
        "partitioning" => partitioning.param_text(),
        _ => None,
    })
}

fn unavailable(code: u32, version: ProtocolVersion) -> Error {
    let info = command_info(code);
    let name = info.map_or_else(|| format!("command {code}"), |info| info.name.to_owned());
    let other: Vec<&str> = info.map_or(&[][..], |info| info.versions).iter().map(|v| v.name()).collect();
    let needs = if other.is_empty() { String::new() } else { format!(" (it needs protocol={})", other.join(" or ")) };
    Error::server_message(
        error_code::FEATURE_UNAVAILABLE,
        &format!("{name} does not exist in Iggy protocol {version}{needs}"),
    )
}

fn register_request(username: &str, password: &str) -> LoginRegisterRequest {
    LoginRegisterRequest {
        protocol_version: constants::PROTOCOL_VERSION_0_9,
        sdk_name: SDK_NAME.to_owned(),
        sdk_version: SDK_VERSION.to_owned(),
        username: username.to_owned(),
        password: password.to_owned(),
        context: String::new(),
    }
}

fn register_token_request(token: &str) -> LoginRegisterWithPatRequest {
    LoginRegisterWithPatRequest {
        protocol_version: constants::PROTOCOL_VERSION_0_9,
        sdk_name: SDK_NAME.to_owned(),
        sdk_version: SDK_VERSION.to_owned(),
        token: token.to_owned(),
        context: String::new(),
    }
}

fn login_request(username: &str, password: &str) -> LoginUserRequest {
    LoginUserRequest {
        username: username.to_owned(),
        password: password.to_owned(),
        version: CLIENT_NAME.to_owned(),
        context: String::new(),
    }
}

impl Inner {
    /// The open connection, reconnecting (and logging in again) if it broke.
    async fn connection(&self) -> Result<Arc<Connection>> {
        if self.closed.load(Ordering::Acquire) {
            return Err(Error::NotConnected);
        }
        let mut session = self.session.lock().await;
        if let Some(connection) = &session.connection {
            if !connection.is_closed() {
                return Ok(connection.clone());
            }
        }
        if !session.opened {
            return Err(Error::NotConnected);
        }
        self.establish(&mut session).await
    }

    /// Open a connection with the bounded reconnect policy, then log in with the remembered credentials.
    async fn establish(&self, session: &mut Session) -> Result<Arc<Connection>> {
        session.connection = None;
        let config = &self.config;
        let mut backoff_ms = config.reconnection_interval_ms;
        let mut attempt: u32 = 0;
        let connection = loop {
            match Connection::open(config).await {
                Ok(connection) => break Arc::new(connection),
                Err(error @ (Error::Tls(_) | Error::InvalidConnectionString(_))) => return Err(error),
                Err(error) => {
                    let exhausted = config.reconnection_retries.is_some_and(|retries| attempt >= retries);
                    if exhausted {
                        return Err(match error {
                            Error::Timeout { .. } => error,
                            other => Error::CannotConnect(format!("after {} attempts: {other}", attempt + 1)),
                        });
                    }
                    attempt += 1;
                    tokio::time::sleep(Duration::from_millis(backoff_ms)).await;
                    backoff_ms = (backoff_ms * 2).min(config.reconnection_max_interval_ms.max(1));
                }
            }
        };
        if let Some(login) = session.login.clone() {
            let timeout_ms = config.request_timeout_ms;
            let version = config.protocol;
            match (login, version.is_vsr()) {
                (Login::Password { username, password }, false) => {
                    direct(&connection, &login_request(&username, &password), timeout_ms, version).await?;
                }
                (Login::Token(token), false) => {
                    let request = LoginWithPersonalAccessTokenRequest { token };
                    direct(&connection, &request, timeout_ms, version).await?;
                }
                (Login::Password { username, password }, true) => {
                    direct(&connection, &register_request(&username, &password), timeout_ms, version).await?;
                }
                (Login::Token(token), true) => {
                    direct(&connection, &register_token_request(&token), timeout_ms, version).await?;
                }
            }
        }
        session.connection = Some(connection.clone());
        Ok(connection)
    }

    /// Drop `connection` if it is still the session's (a newer one may already have replaced it).
    async fn forget(&self, connection: &Arc<Connection>) {
        let mut session = self.session.lock().await;
        if session.connection.as_ref().is_some_and(|current| Arc::ptr_eq(current, connection)) {
            session.connection = None;
        }
    }
}

/// Why an exchange ended without an answer.
enum Exchange {
    /// The socket task had ended: the frame never left.
    NotSent,
    TimedOut(Error),
}

/// One request on `connection` and its answer within `timeout_ms`; a transient 0.9 answer (57/58) sends the
/// identical frame again every 50 ms on the same connection within that time.
async fn exchange(
    connection: &Connection,
    mut frame: Frame,
    timeout_ms: u64,
    name: &'static str,
) -> std::result::Result<Reply, Exchange> {
    let deadline = tokio::time::Instant::now() + Duration::from_millis(timeout_ms);
    loop {
        let answer = connection.submit(frame.again()).await.map_err(|_| Exchange::NotSent)?;
        let reply = match tokio::time::timeout_at(deadline, answer).await {
            Err(_) => return Err(Exchange::TimedOut(Error::Timeout { what: name, timeout_ms })),
            Ok(Err(_)) => Reply::Broken { written: true, reason: "the connection task ended".into() },
            Ok(Ok(reply)) => reply,
        };
        match reply {
            Reply::Transient { header, code } => {
                if tokio::time::Instant::now() + TRANSIENT_RETRY > deadline {
                    return Ok(Reply::Transient { header, code });
                }
                tokio::time::sleep(TRANSIENT_RETRY).await;
                frame.resend = Some(header);
            }
            other => return Ok(other),
        }
    }
}

/// One request on a given connection, no reconnect (login while establishing a connection).
async fn direct<C: Command>(
    connection: &Connection,
    request: &C,
    timeout_ms: u64,
    version: ProtocolVersion,
) -> Result<C::Response> {
    let mut w = Writer::with_version(version);
    request.encode(&mut w)?;
    let frame = Frame::new(C::CODE, C::OPERATION, w.into_inner().freeze());
    match exchange(connection, frame, timeout_ms, C::NAME).await {
        Err(Exchange::TimedOut(error)) => Err(error),
        Err(Exchange::NotSent) => Err(Error::ConnectionLost("the connection task ended".into())),
        Ok(Reply::Ok(body)) => Ok(C::decode_response(body, version)?),
        Ok(Reply::Failed(error)) => Err(error),
        Ok(Reply::Transient { code, .. }) => {
            Err(Error::server_message(code, &format!("{} was still not committed after {timeout_ms} ms", C::NAME)))
        }
        Ok(Reply::Broken { reason, .. }) => Err(Error::ConnectionLost(reason)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replay_decision_follows_the_spec() {
        // Lookups and Ping, wherever their names start: DescribeOptions does not begin with "Get".
        for code in [command_code::PING, command_code::GET_SNAPSHOT, command_code::DESCRIBE_OPTIONS] {
            assert!(replay_safe(code), "{:?}", command_code::name(code));
        }
        for code in [command_code::SEND_MESSAGES, command_code::LOGIN_USER, command_code::LOGOUT_USER, 9_999] {
            assert!(!replay_safe(code), "{:?}", command_code::name(code));
        }
        for command in COMMANDS.iter().filter(|c| c.mutates) {
            assert!(!replay_safe(command.code), "a command that changes state is never replayed: {}", command.name);
        }
    }
}
