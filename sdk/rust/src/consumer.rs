//! `IggyConsumer`: reads a topic as a single consumer or as a consumer-group member, with sdk/python's
//! auto-commit modes (option names follow the official `iggy` crate where one exists).
//!
//! Single consumers track their position locally (the first poll uses the strategy, then `Offset(last + 1)`).
//! Group members re-join when the server no longer knows them (membership belongs to a connection, in 0.9 to a
//! session, so a reconnect drops it):
//!
//! * Iggy 0.8: they poll with partition None, so the server assigns partitions and rebalances.
//! * Iggy 0.9 (the cooperative protocol the official 0.9 clients speak): the member asks for its assignment with
//!   SyncConsumerGroup (a generation and its partitions) and polls only those partitions, round robin. It syncs
//!   again every `sync_interval_ms`, when it has no partition, and at once when a poll is fenced (an empty answer
//!   whose partition id is `RESYNC_PARTITION_ID`, or 5009). A partition taken away is handed off without
//!   duplicates: the messages already polled from it are still delivered and committed, nothing more is polled
//!   from it, and the server moves it to its new owner once the group's stored offset reaches what was polled.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use bytes::Bytes;

use crate::client::IggyClient;
use crate::codec::{Consumer, Message, PollingStrategy};
use crate::codes::constants::RESYNC_PARTITION_ID;
use crate::error::{Error, Result};
use crate::error_code::ErrorCode;
use crate::runtime::Identifier;

/// When the consumer stores its offsets on the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoCommit {
    /// Only `commit()` and `close()` store offsets. A group member's position is the group's stored offset, so
    /// it reads nothing new from a partition until the application commits (what it polled again is dropped).
    Disabled,
    /// Store what was handed out at most every `interval_ms` (checked before each poll). Group members commit
    /// before every poll that follows a handed-out batch: their position only advances through commits.
    Interval { interval_ms: u64 },
    /// The server stores the offset of every poll's last message (at-most-once).
    AfterPoll,
    /// Before polling again, store what was handed out (at-least-once; the default).
    WhenConsumed,
}

/// One message handed out by the consumer.
#[derive(Debug, Clone)]
pub struct ReceivedMessage {
    pub partition_id: u32,
    pub message: Message,
}

impl ReceivedMessage {
    pub fn offset(&self) -> u64 {
        self.message.offset
    }

    pub fn payload(&self) -> &Bytes {
        &self.message.payload
    }
}

/// Commits the server refuses after a rebalance moved the partition away; the next owner carries on.
const STALE_COMMIT_CODES: [ErrorCode; 5] = [
    ErrorCode::NOT_RESOLVED_CONSUMER,
    ErrorCode::CONSUMER_GROUP_MEMBER_NOT_FOUND,
    ErrorCode::PARTITION_NOT_FOUND,
    ErrorCode::INVALID_OFFSET,
    ErrorCode::CONSUMER_GROUP_PARTITION_NOT_OWNED,
];

pub struct IggyConsumer {
    client: IggyClient,
    stream: Identifier,
    topic: Identifier,
    group: Option<Identifier>,
    consumer: Consumer,
    partition_id: Option<u32>,
    strategy: PollingStrategy,
    batch_length: u32,
    poll_interval_ms: u64,
    auto_commit: AutoCommit,
    create_group_if_missing: bool,
    partitions_count: u32,
    round_robin: u32,
    buffer: VecDeque<ReceivedMessage>,
    /// Per partition: the next offset a single consumer reads (local position).
    positions: BTreeMap<u32, u64>,
    /// Per partition: the last offset handed out and not yet committed.
    consumed: BTreeMap<u32, u64>,
    /// Group members, per partition: the last offset polled. A group's position is server-side (Next = stored + 1),
    /// so until a commit lands a poll answers what was already polled; those messages are dropped here.
    polled: BTreeMap<u32, u64>,
    committed: BTreeMap<u32, u64>,
    last_commit: Instant,
    initialised: bool,
    /// 0.9 group members: the assignment of the last SyncConsumerGroup, its generation and when it was read.
    assigned: Vec<u32>,
    generation: Option<u64>,
    synced_at: Option<Instant>,
    sync_interval_ms: u64,
}

impl IggyConsumer {
    /// A member of consumer group `group` (created if missing, joined on `init`).
    pub fn group(
        client: &IggyClient,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        group: impl Into<Identifier>,
    ) -> Self {
        let group = group.into();
        let mut consumer = IggyConsumer::new(client, stream.into(), topic.into(), Consumer::group(group.clone()));
        consumer.group = Some(group);
        consumer
    }

    /// A single consumer `consumer_id`; `partition_id` None reads every partition round robin.
    pub fn single(
        client: &IggyClient,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        consumer_id: impl Into<Identifier>,
        partition_id: Option<u32>,
    ) -> Self {
        let mut consumer = IggyConsumer::new(client, stream.into(), topic.into(), Consumer::consumer(consumer_id));
        consumer.partition_id = partition_id;
        consumer
    }

    fn new(client: &IggyClient, stream: Identifier, topic: Identifier, consumer: Consumer) -> Self {
        IggyConsumer {
            client: client.clone(),
            stream,
            topic,
            group: None,
            consumer,
            partition_id: None,
            strategy: PollingStrategy::next(),
            batch_length: 100,
            poll_interval_ms: 100,
            auto_commit: AutoCommit::WhenConsumed,
            create_group_if_missing: true,
            partitions_count: 0,
            round_robin: 0,
            buffer: VecDeque::new(),
            positions: BTreeMap::new(),
            consumed: BTreeMap::new(),
            polled: BTreeMap::new(),
            committed: BTreeMap::new(),
            last_commit: Instant::now(),
            initialised: false,
            assigned: Vec::new(),
            generation: None,
            synced_at: None,
            sync_interval_ms: 1000,
        }
    }

    /// 0.9 group members: how often the assignment is read again (besides when a poll is fenced).
    pub fn sync_interval_ms(mut self, sync_interval_ms: u64) -> Self {
        self.sync_interval_ms = sync_interval_ms.max(1);
        self
    }

    /// 0.9 group members: the group's generation at the last sync (None before, and on 0.8).
    pub fn generation(&self) -> Option<u64> {
        self.generation
    }

    /// 0.9 group members: the partitions assigned at the last sync.
    pub fn assigned_partitions(&self) -> &[u32] {
        &self.assigned
    }

    fn cooperative(&self) -> bool {
        self.group.is_some() && self.client.protocol().is_vsr()
    }

    pub fn polling_strategy(mut self, strategy: PollingStrategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// Messages asked for per poll.
    pub fn batch_length(mut self, batch_length: u32) -> Self {
        self.batch_length = batch_length.max(1);
        self
    }

    /// Wait between polls that found nothing.
    pub fn poll_interval_ms(mut self, poll_interval_ms: u64) -> Self {
        self.poll_interval_ms = poll_interval_ms;
        self
    }

    pub fn auto_commit(mut self, auto_commit: AutoCommit) -> Self {
        self.auto_commit = auto_commit;
        self
    }

    /// Whether `init` creates a missing group (default true).
    pub fn create_consumer_group_if_not_exists(mut self, create: bool) -> Self {
        self.create_group_if_missing = create;
        self
    }

    /// Check the topic, create and join the group (group mode). Called by the first `next` if not before.
    pub async fn init(&mut self) -> Result<()> {
        let topic = self.client.get_topic(self.stream.clone(), self.topic.clone()).await?;
        let topic = topic.ok_or_else(|| Error::server(ErrorCode::TOPIC_ID_NOT_FOUND.0))?;
        self.partitions_count = topic.partitions.len() as u32;
        if let Some(group) = self.group.clone() {
            let existing =
                self.client.get_consumer_group(self.stream.clone(), self.topic.clone(), group.clone()).await?;
            if existing.is_none() {
                let Identifier::String(name) = &group else {
                    return Err(Error::server(ErrorCode::CONSUMER_GROUP_ID_NOT_FOUND.0));
                };
                if !self.create_group_if_missing {
                    return Err(Error::server(ErrorCode::CONSUMER_GROUP_NAME_NOT_FOUND.0));
                }
                match self.client.create_consumer_group(self.stream.clone(), self.topic.clone(), name).await {
                    Ok(_) => {}
                    Err(error) if error.is_already_exists() => {} // another member created it first
                    Err(error) => return Err(error),
                }
            }
            self.join().await?;
        }
        self.initialised = true;
        Ok(())
    }

    async fn join(&mut self) -> Result<()> {
        let group = self.group.clone().expect("group mode");
        self.client.join_consumer_group(self.stream.clone(), self.topic.clone(), group).await?;
        if self.cooperative() {
            self.sync().await?;
        }
        Ok(())
    }

    /// 0.9: read this member's assignment. Partitions taken away keep their polled messages (still delivered and
    /// committed: the hand-off completes once they are) but are polled no more; a member the server no longer
    /// knows (a new session after a reconnect) joins again.
    async fn sync(&mut self) -> Result<()> {
        let group = self.group.clone().expect("group mode");
        self.synced_at = Some(Instant::now());
        let (stream, topic) = (self.stream.clone(), self.topic.clone());
        let mut synced = self.client.sync_consumer_group(stream.clone(), topic.clone(), group.clone()).await?;
        if synced.is_none() {
            self.client.join_consumer_group(stream.clone(), topic.clone(), group.clone()).await?;
            synced = self.client.sync_consumer_group(stream, topic, group).await?;
        }
        let synced = synced.ok_or_else(|| Error::server(ErrorCode::CONSUMER_GROUP_MEMBER_NOT_FOUND.0))?;
        self.generation = Some(synced.generation);
        self.assigned = synced.partitions;
        Ok(())
    }

    fn sync_due(&self) -> bool {
        self.assigned.is_empty()
            || self.synced_at.is_none_or(|at| at.elapsed() >= Duration::from_millis(self.sync_interval_ms))
    }

    /// The next message, polling (and waiting `poll_interval_ms` between empty polls) until one arrives.
    pub async fn next(&mut self) -> Result<ReceivedMessage> {
        loop {
            if let Some(message) = self.try_next(Duration::from_secs(3600)).await? {
                return Ok(message);
            }
        }
    }

    /// The next message, or None when none arrived within `wait` (checked between polls, so nothing polled is
    /// ever dropped half-way).
    pub async fn try_next(&mut self, wait: Duration) -> Result<Option<ReceivedMessage>> {
        if !self.initialised {
            self.init().await?;
        }
        let deadline = Instant::now() + wait;
        loop {
            if let Some(message) = self.buffer.pop_front() {
                self.consumed.insert(message.partition_id, message.message.offset);
                return Ok(Some(message));
            }
            self.before_poll().await?;
            if !self.poll().await? {
                let now = Instant::now();
                if now >= deadline {
                    return Ok(None);
                }
                tokio::time::sleep(Duration::from_millis(self.poll_interval_ms).min(deadline - now)).await;
            }
        }
    }

    /// Per partition, the last offset this consumer stored on the server.
    pub fn committed_offsets(&self) -> &BTreeMap<u32, u64> {
        &self.committed
    }

    async fn before_poll(&mut self) -> Result<()> {
        match self.auto_commit {
            AutoCommit::WhenConsumed => self.commit().await,
            // A group only moves on once it commits (its position is server-side): interval commits would stall it.
            AutoCommit::Interval { .. } if self.group.is_some() && !self.consumed.is_empty() => self.commit().await,
            AutoCommit::Interval { interval_ms }
                if self.last_commit.elapsed() >= Duration::from_millis(interval_ms) =>
            {
                self.commit().await
            }
            _ => Ok(()),
        }
    }

    /// One poll into the buffer; false when it returned nothing.
    async fn poll(&mut self) -> Result<bool> {
        if self.cooperative() && self.sync_due() {
            self.sync().await?;
            if self.assigned.is_empty() {
                return Ok(false); // nothing assigned yet (more members than partitions, or a hand-off under way)
            }
        }
        let (partition_id, strategy) = match self.group {
            Some(_) if self.cooperative() => {
                // The group's position is server-side: Next from the stored offset, on one of our partitions.
                self.round_robin = self.round_robin.wrapping_add(1);
                let partition = self.assigned[self.round_robin as usize % self.assigned.len()];
                (Some(partition), self.strategy.clone())
            }
            Some(_) => (None, self.strategy.clone()),
            None => {
                let partition = self.partition_id.unwrap_or_else(|| {
                    self.round_robin = (self.round_robin + 1) % self.partitions_count.max(1);
                    self.round_robin
                });
                let strategy = match self.positions.get(&partition) {
                    Some(next) => PollingStrategy::offset(*next),
                    None => self.strategy.clone(),
                };
                (Some(partition), strategy)
            }
        };
        let auto_commit = self.auto_commit == AutoCommit::AfterPoll;
        let polled = self
            .client
            .poll_messages(
                self.stream.clone(),
                self.topic.clone(),
                partition_id,
                &self.consumer,
                &strategy,
                self.batch_length,
                auto_commit,
            )
            .await;
        let polled = match polled {
            Err(error) if self.group.is_some() && error.code() == ErrorCode::CONSUMER_GROUP_MEMBER_NOT_FOUND => {
                self.join().await?;
                return Ok(false);
            }
            Err(error) if self.cooperative() && error.code() == ErrorCode::CONSUMER_GROUP_PARTITION_NOT_OWNED => {
                self.sync().await?;
                return Ok(false);
            }
            other => other?,
        };
        if self.cooperative() && polled.partition_id == RESYNC_PARTITION_ID {
            self.sync().await?; // fenced: the partition moved since our last sync
            return Ok(false);
        }
        let partition_id = polled.partition_id;
        let mut messages = polled.messages;
        if self.group.is_some() {
            if let Some(&seen) = self.polled.get(&partition_id) {
                // A redelivery of what was already polled (the group's offset was not committed yet).
                messages.retain(|message| message.offset > seen);
            }
        }
        let Some(last) = messages.last() else { return Ok(false) };
        if self.group.is_some() {
            self.polled.insert(partition_id, last.offset);
        } else {
            self.positions.insert(partition_id, last.offset + 1);
        }
        self.buffer.extend(messages.into_iter().map(|message| ReceivedMessage { partition_id, message }));
        Ok(true)
    }

    /// Store the offsets of everything handed out so far. Commits refused after a rebalance are skipped.
    pub async fn commit(&mut self) -> Result<()> {
        let consumed = std::mem::take(&mut self.consumed);
        for (partition_id, offset) in consumed {
            let stored = self
                .client
                .store_consumer_offset(
                    &self.consumer,
                    self.stream.clone(),
                    self.topic.clone(),
                    Some(partition_id),
                    offset,
                )
                .await;
            match stored {
                Ok(()) => {
                    self.committed.insert(partition_id, offset);
                }
                Err(error) if STALE_COMMIT_CODES.contains(&error.code()) => {}
                Err(error) => return Err(error),
            }
        }
        self.last_commit = Instant::now();
        Ok(())
    }

    /// Commit what was handed out (unless auto-commit is AfterPoll, which already did) and leave the group.
    pub async fn close(mut self) -> Result<()> {
        if self.auto_commit != AutoCommit::AfterPoll {
            self.commit().await?;
        }
        if let (Some(group), true) = (self.group.clone(), self.initialised) {
            self.client.leave_consumer_group(self.stream.clone(), self.topic.clone(), group).await?;
        }
        Ok(())
    }

    /// The consumer as a `futures_core::Stream` of messages (feature `stream`).
    #[cfg(feature = "stream")]
    pub fn into_stream(self) -> ConsumerStream {
        ConsumerStream { state: StreamState::Idle(Box::new(self)) }
    }
}

#[cfg(feature = "stream")]
type NextFuture =
    std::pin::Pin<Box<dyn std::future::Future<Output = (Box<IggyConsumer>, Result<ReceivedMessage>)> + Send>>;

#[cfg(feature = "stream")]
enum StreamState {
    Idle(Box<IggyConsumer>),
    Polling(NextFuture),
    Done,
}

/// `IggyConsumer::into_stream`: never ends on its own; an error is yielded and the stream continues.
#[cfg(feature = "stream")]
pub struct ConsumerStream {
    state: StreamState,
}

#[cfg(feature = "stream")]
impl futures_core::Stream for ConsumerStream {
    type Item = Result<ReceivedMessage>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        use std::task::Poll;
        loop {
            match std::mem::replace(&mut self.state, StreamState::Done) {
                StreamState::Idle(mut consumer) => {
                    self.state = StreamState::Polling(Box::pin(async move {
                        let next = consumer.next().await;
                        (consumer, next)
                    }));
                }
                StreamState::Polling(mut future) => match future.as_mut().poll(cx) {
                    Poll::Pending => {
                        self.state = StreamState::Polling(future);
                        return Poll::Pending;
                    }
                    Poll::Ready((consumer, next)) => {
                        self.state = StreamState::Idle(consumer);
                        return Poll::Ready(Some(next));
                    }
                },
                StreamState::Done => return Poll::Ready(None),
            }
        }
    }
}
