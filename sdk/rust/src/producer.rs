//! `IggyProducer`: sends to one topic in batches, directly or from a background task, over a bounded buffer.
//! Option names follow sdk/python (and the official `iggy` crate where it has one): `batch_length`,
//! `batch_size_bytes`, `linger_ms`, `max_buffered_messages`, `max_buffered_bytes`, `retries`, `retry_backoff_ms`.
//!
//! Delivery is at-least-once: a batch whose connection broke mid-send (outcome unknown) is retried by the
//! producer's explicit policy, never by the client behind the caller's back.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::client::IggyClient;
use crate::codec::Partitioning;
use crate::error::{Error, Result};
use crate::messages::IggyMessage;
use crate::runtime::Identifier;

/// Producer settings; `ProducerConfig::default()` then update the fields you need.
#[derive(Debug, Clone)]
pub struct ProducerConfig {
    pub partitioning: Partitioning,
    /// Most messages per SendMessages.
    pub batch_length: usize,
    /// Most payload bytes per SendMessages (a single larger message still goes alone).
    pub batch_size_bytes: usize,
    /// Background mode: how long a partial batch waits for more messages.
    pub linger_ms: u64,
    /// Send from a background task (`send` only queues) instead of before `send` returns.
    pub background: bool,
    /// Background buffer bounds: `send` waits (or fails with `BufferFull`) beyond them.
    pub max_buffered_messages: usize,
    pub max_buffered_bytes: usize,
    /// When the buffer is full: wait for room (true) or fail fast with `Error::BufferFull` (false).
    pub block_when_full: bool,
    /// Extra attempts for a batch that failed on a lost connection or timeout.
    pub retries: u32,
    pub retry_backoff_ms: u64,
}

impl Default for ProducerConfig {
    fn default() -> Self {
        ProducerConfig {
            partitioning: Partitioning::balanced(),
            batch_length: 1000,
            batch_size_bytes: 1 << 20,
            linger_ms: 5,
            background: false,
            max_buffered_messages: 100_000,
            max_buffered_bytes: 64 << 20,
            block_when_full: true,
            retries: 3,
            retry_backoff_ms: 100,
        }
    }
}

pub struct IggyProducer {
    client: IggyClient,
    stream: Identifier,
    topic: Identifier,
    config: ProducerConfig,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct Buffer {
    queue: VecDeque<IggyMessage>,
    bytes: usize,
    /// Messages taken by the worker and not yet acknowledged.
    in_flight: usize,
    /// A batch's final failure; raised by the next send/flush/close. The worker waits until it is taken.
    error: Option<Error>,
    /// A flush or close is waiting: send partial batches without lingering.
    flushing: bool,
    closing: bool,
}

#[derive(Default)]
struct Shared {
    buffer: Mutex<Buffer>,
    /// Signalled when messages were queued or the producer closes (the worker waits on it).
    work: Notify,
    /// Signalled when room was made, a batch finished or failed (senders and flush wait on it).
    progress: Notify,
}

impl IggyProducer {
    pub fn new(
        client: &IggyClient,
        stream: impl Into<Identifier>,
        topic: impl Into<Identifier>,
        config: ProducerConfig,
    ) -> Result<Self> {
        if config.batch_length == 0 || config.max_buffered_messages == 0 {
            return Err(Error::InvalidArgument("batch_length and max_buffered_messages must be positive".into()));
        }
        let mut producer = IggyProducer {
            client: client.clone(),
            stream: stream.into(),
            topic: topic.into(),
            config,
            shared: Arc::new(Shared::default()),
            worker: None,
        };
        if producer.config.background {
            let worker = Worker {
                client: producer.client.clone(),
                stream: producer.stream.clone(),
                topic: producer.topic.clone(),
                config: producer.config.clone(),
                shared: producer.shared.clone(),
            };
            producer.worker = Some(tokio::spawn(worker.run()));
        }
        Ok(producer)
    }

    /// Direct mode: sent in batches before this returns. Background mode: queued (waits or fails fast when the
    /// buffer is full); a failed batch's error is returned by the next call.
    pub async fn send(&self, messages: Vec<IggyMessage>) -> Result<()> {
        if !self.config.background {
            for batch in batches(messages, &self.config) {
                send_batch(&self.client, &self.stream, &self.topic, &self.config, &batch).await?;
            }
            return Ok(());
        }
        for message in messages {
            self.enqueue(message).await?;
        }
        self.shared.work.notify_one();
        Ok(())
    }

    async fn enqueue(&self, message: IggyMessage) -> Result<()> {
        let size = message.payload.len();
        loop {
            let progress = self.shared.progress.notified();
            {
                let mut buffer = self.shared.buffer.lock().expect("producer buffer");
                if let Some(error) = buffer.error.take() {
                    return Err(error);
                }
                if buffer.closing {
                    return Err(Error::InvalidArgument("the producer is closed".into()));
                }
                let pending = buffer.queue.len() + buffer.in_flight;
                // A message larger than the whole byte bound still goes once the buffer is empty.
                let fits = pending < self.config.max_buffered_messages
                    && (buffer.bytes + size <= self.config.max_buffered_bytes || pending == 0);
                if fits {
                    buffer.bytes += size;
                    buffer.queue.push_back(message);
                    return Ok(());
                }
                if !self.config.block_when_full {
                    return Err(Error::BufferFull);
                }
            }
            self.shared.work.notify_one();
            progress.await;
        }
    }

    /// Wait until everything queued so far is acknowledged; returns a failed batch's error.
    pub async fn flush(&self) -> Result<()> {
        if !self.config.background {
            return Ok(());
        }
        self.shared.buffer.lock().expect("producer buffer").flushing = true;
        self.shared.work.notify_one();
        loop {
            let progress = self.shared.progress.notified();
            {
                let mut buffer = self.shared.buffer.lock().expect("producer buffer");
                if let Some(error) = buffer.error.take() {
                    self.shared.work.notify_one(); // the worker may retry the kept batch
                    return Err(error);
                }
                if buffer.queue.is_empty() && buffer.in_flight == 0 {
                    buffer.flushing = false;
                    return Ok(());
                }
            }
            progress.await;
        }
    }

    /// Flush and stop. Loses nothing: on error the messages stay available from `unsent_messages`.
    pub async fn close(&mut self) -> Result<()> {
        let flushed = self.flush().await;
        let flushed = match flushed {
            Err(_) => self.flush().await, // one more round for a batch that failed before close
            ok => ok,
        };
        self.shared.buffer.lock().expect("producer buffer").closing = true;
        self.shared.work.notify_one();
        if let Some(worker) = self.worker.take() {
            let _ = worker.await;
        }
        flushed
    }

    /// Messages still queued (after a failed `close`).
    pub fn unsent_messages(&self) -> Vec<IggyMessage> {
        self.shared.buffer.lock().expect("producer buffer").queue.iter().cloned().collect()
    }
}

impl Drop for IggyProducer {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.abort();
        }
    }
}

/// Split into batches of at most `batch_length` messages and `batch_size_bytes` payload bytes.
fn batches(messages: Vec<IggyMessage>, config: &ProducerConfig) -> Vec<Vec<IggyMessage>> {
    let mut out = Vec::new();
    let mut batch = Vec::new();
    let mut bytes = 0;
    for message in messages {
        let size = message.payload.len();
        if !batch.is_empty() && (batch.len() >= config.batch_length || bytes + size > config.batch_size_bytes) {
            out.push(std::mem::take(&mut batch));
            bytes = 0;
        }
        bytes += size;
        batch.push(message);
    }
    if !batch.is_empty() {
        out.push(batch);
    }
    out
}

async fn send_batch(
    client: &IggyClient,
    stream: &Identifier,
    topic: &Identifier,
    config: &ProducerConfig,
    batch: &[IggyMessage],
) -> Result<()> {
    let mut attempt = 0;
    loop {
        match client.send_messages(stream.clone(), topic.clone(), &config.partitioning, batch).await {
            Err(error) if (error.is_connection_lost() || error.is_timeout()) && attempt < config.retries => {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(config.retry_backoff_ms * u64::from(attempt))).await;
            }
            other => return other.map(|_| ()),
        }
    }
}

struct Worker {
    client: IggyClient,
    stream: Identifier,
    topic: Identifier,
    config: ProducerConfig,
    shared: Arc<Shared>,
}

impl Worker {
    async fn run(self) {
        loop {
            let work = self.shared.work.notified();
            let (ready, closing) = {
                let buffer = self.shared.buffer.lock().expect("producer buffer");
                (buffer.error.is_none() && !buffer.queue.is_empty(), buffer.closing)
            };
            if !ready {
                if closing {
                    return;
                }
                work.await;
                continue;
            }
            // Linger: give a partial batch up to linger_ms to fill.
            let deadline = tokio::time::Instant::now() + Duration::from_millis(self.config.linger_ms);
            loop {
                let more = self.shared.work.notified();
                let full = {
                    let buffer = self.shared.buffer.lock().expect("producer buffer");
                    buffer.queue.len() >= self.config.batch_length
                        || buffer.bytes >= self.config.batch_size_bytes
                        || buffer.flushing
                        || buffer.closing
                };
                if full || tokio::time::timeout_at(deadline, more).await.is_err() {
                    break;
                }
            }
            let batch = self.take_batch();
            let result = send_batch(&self.client, &self.stream, &self.topic, &self.config, &batch).await;
            {
                let mut buffer = self.shared.buffer.lock().expect("producer buffer");
                buffer.in_flight -= batch.len();
                if let Err(error) = result {
                    // Keep the batch, in order, for the next round; report the error once.
                    buffer.bytes += batch.iter().map(|m| m.payload.len()).sum::<usize>();
                    for message in batch.into_iter().rev() {
                        buffer.queue.push_front(message);
                    }
                    buffer.error = Some(error);
                }
            }
            self.shared.progress.notify_waiters();
        }
    }

    fn take_batch(&self) -> Vec<IggyMessage> {
        let mut buffer = self.shared.buffer.lock().expect("producer buffer");
        let mut batch = Vec::new();
        let mut bytes = 0;
        while let Some(message) = buffer.queue.front() {
            let size = message.payload.len();
            if !batch.is_empty()
                && (batch.len() >= self.config.batch_length || bytes + size > self.config.batch_size_bytes)
            {
                break;
            }
            bytes += size;
            batch.push(buffer.queue.pop_front().expect("front exists"));
        }
        buffer.bytes -= bytes;
        buffer.in_flight += batch.len();
        batch
    }
}
