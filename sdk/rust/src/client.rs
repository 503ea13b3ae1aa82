//! `IggyClient`: every command of the protocol as an async method, over one connection (one session: login and
//! consumer-group membership belong to it), with timeouts, bounded reconnect with re-login, and a heartbeat.
//!
//! The outcome-unknown rule: once a request has left and the connection breaks before its answer, the server may
//! or may not have executed it. Read-only commands (Ping, Get*) are then replayed once on a new connection;
//! every other command fails with `Error::OutcomeUnknown` and is never re-sent, so a SendMessages cannot be
//! written twice behind the caller's back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use bytes::Bytes;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use crate::codec::*;
use crate::config::ClientConfig;
use crate::error::{Error, Result};
use crate::messages::{send_messages_frame, IggyMessage};
use crate::runtime::{Command, Identifier, Writer};
use crate::transport::{Connection, Frame, Reply};

/// Who this client is, sent as LoginUser's version string (Iggy 0.8 servers ignore it): the crate's version,
/// which `make gen` stamps from the repository's VERSION.
const CLIENT_NAME: &str = concat!("iggy-sdk-rust/", env!("CARGO_PKG_VERSION"));

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

/// Ping and lookups: replaying them after a broken connection cannot change anything on the server.
fn read_only(code: u32) -> bool {
    COMMANDS.iter().any(|c| c.code == code && (c.name == "Ping" || c.name.starts_with("Get")))
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

    /// Send one generated request and decode its answer.
    pub async fn send_command<C: Command>(&self, request: &C) -> Result<C::Response> {
        let mut w = Writer::new();
        request.encode(&mut w)?;
        let body = self.request(Frame::new(C::CODE, w.into_inner().freeze()), C::NAME).await?;
        Ok(C::decode_response(body)?)
    }

    async fn request(&self, frame: Frame, name: &'static str) -> Result<Bytes> {
        let replayable = read_only(frame.code);
        let timeout_ms = self.inner.config.request_timeout_ms;
        let mut replayed = false;
        loop {
            let connection = self.inner.connection().await?;
            let again = Frame { code: frame.code, chunks: frame.chunks.clone() };
            let answer = match connection.submit(again).await {
                Ok(answer) => answer,
                Err(_) => {
                    // Never handed to the socket: nothing left, so sending on a new connection is not a re-send.
                    self.inner.forget(&connection).await;
                    if replayed {
                        return Err(Error::ConnectionLost("the connection closed twice".into()));
                    }
                    replayed = true;
                    continue;
                }
            };
            let reply = match tokio::time::timeout(Duration::from_millis(timeout_ms), answer).await {
                Err(_) => {
                    // The late answer would pair with the next request: drop the connection.
                    self.inner.forget(&connection).await;
                    return Err(Error::Timeout { what: name, timeout_ms });
                }
                Ok(Err(_)) => Reply::Broken { written: true, reason: "the connection task ended".into() },
                Ok(Ok(reply)) => reply,
            };
            match reply {
                Reply::Ok(body) => return Ok(body),
                Reply::Status(status) => return Err(Error::server(status)),
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

    // --- session ----------------------------------------------------------------------------------------

    /// Log in; the credentials are remembered for re-login after a reconnect. Returns the user id.
    pub async fn login_user(&self, username: &str, password: &str) -> Result<u32> {
        let request = login_request(username, password);
        let user_id = self.send_command(&request).await?.user_id;
        let login = Login::Password { username: username.to_owned(), password: password.to_owned() };
        self.inner.session.lock().await.login = Some(login);
        Ok(user_id)
    }

    pub async fn login_with_personal_access_token(&self, token: &str) -> Result<u32> {
        let user_id =
            self.send_command(&LoginWithPersonalAccessTokenRequest { token: token.to_owned() }).await?.user_id;
        self.inner.session.lock().await.login = Some(Login::Token(token.to_owned()));
        Ok(user_id)
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
        let request =
            CreateUserRequest { username: username.to_owned(), password: password.to_owned(), status, permissions };
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
        let request = UpdateUserRequest { user_id: user.into(), username: username.map(str::to_owned), status };
        self.send_command(&request).await
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
    pub async fn send_messages(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partitioning: &Partitioning,
        messages: &[IggyMessage],
    ) -> Result<()> {
        let frame = send_messages_frame(&stream.into(), &topic.into(), partitioning, messages)?;
        let body = self.request(frame, "SendMessages").await?;
        Ok(<SendMessagesRequest as Command>::decode_response(body)?)
    }

    /// Read up to `count` messages; payloads are slices of the one received buffer. `partition_id` None lets
    /// the server choose (0 for a consumer, the member's next partition for a group).
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
        self.send_command(&request).await
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
        self.send_command(&CreateStreamRequest { name: name.to_owned() }).await
    }

    pub async fn update_stream(&self, stream: impl Into<Identifier>, name: &str) -> Result<()> {
        self.send_command(&UpdateStreamRequest { stream_id: stream.into(), name: name.to_owned() }).await
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
    /// `max_topic_size_bytes` 0 = server default; `replication_factor` 0 = default.
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
        let request = CreateTopicRequest {
            stream_id: stream.into(),
            partitions_count,
            compression_algorithm,
            message_expiry: message_expiry_us,
            max_topic_size: max_topic_size_bytes,
            replication_factor,
            name: name.to_owned(),
        };
        self.send_command(&request).await
    }

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
        let request = UpdateTopicRequest {
            stream_id: stream.into(),
            topic_id: topic.into(),
            compression_algorithm,
            message_expiry: message_expiry_us,
            max_topic_size: max_topic_size_bytes,
            replication_factor,
            name: name.to_owned(),
        };
        self.send_command(&request).await
    }

    pub async fn delete_topic(&self, stream: impl Into<Identifier>, topic: impl Into<Identifier>) -> Result<()> {
        self.send_command(&DeleteTopicRequest { stream_id: stream.into(), topic_id: topic.into() }).await
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
        let request = CreatePartitionsRequest { stream_id: stream.into(), topic_id: topic.into(), partitions_count };
        self.send_command(&request).await
    }

    pub async fn delete_partitions(
        &self,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        partitions_count: u32,
    ) -> Result<()> {
        let request = DeletePartitionsRequest { stream_id: stream.into(), topic_id: topic.into(), partitions_count };
        self.send_command(&request).await
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
            match login {
                Login::Password { username, password } => {
                    direct(&connection, &login_request(&username, &password), config.request_timeout_ms).await?;
                }
                Login::Token(token) => {
                    let request = LoginWithPersonalAccessTokenRequest { token };
                    direct(&connection, &request, config.request_timeout_ms).await?;
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

/// One request on a given connection, no reconnect (login while establishing a connection).
async fn direct<C: Command>(connection: &Connection, request: &C, timeout_ms: u64) -> Result<C::Response> {
    let mut w = Writer::new();
    request.encode(&mut w)?;
    let answer = connection.submit(Frame::new(C::CODE, w.into_inner().freeze())).await?;
    match tokio::time::timeout(Duration::from_millis(timeout_ms), answer).await {
        Err(_) => Err(Error::Timeout { what: C::NAME, timeout_ms }),
        Ok(Err(_)) => Err(Error::ConnectionLost("the connection task ended".into())),
        Ok(Ok(Reply::Ok(body))) => Ok(C::decode_response(body)?),
        Ok(Ok(Reply::Status(status))) => Err(Error::server(status)),
        Ok(Ok(Reply::Broken { reason, .. })) => Err(Error::ConnectionLost(reason)),
    }
}
