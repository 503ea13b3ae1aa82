//! `iggy-bench-official`: Iggy's benchmark workloads (the names and flags of iggy-bench 0.5, the tool shipped with
//! server 0.8) driven through the official Rust SDK (crates.io `iggy` 0.10; built with the feature `sdk-0-11`, by
//! ../bench-official-0.11, through `iggy` 0.11.0 and Iggy 0.9's protocol), against any server by address.
//!
//! Every actor is one SDK client on its own task; a batch's latency is the time one `send_messages` or
//! `poll_messages` call takes, measured as Iggy's benchmark measures it. Setup (streams `bench-stream-N`, topic
//! `topic-1`, consumer groups `cg-N`) and the unmeasured seeding that consumer-only workloads read also go through
//! the SDK. The result is printed as a table and, with `--output-json`, written as the raw per-batch record of every
//! actor plus its summary, which `iggy-bench --client official-rust` turns into its own report.

mod cli;
mod cpu;
mod report;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use cli::{Args, Kind, Transport};
use cpu::LoadCpu;
use iggy::prelude::*;
use report::ActorRecord;
use tokio::sync::Barrier;

/// Why an actor stopped early.
enum Failure {
    Sdk(IggyError),
    /// Nothing arrived for `IDLE_TIMEOUT` after this many messages.
    Idle(u64),
}

impl From<IggyError> for Failure {
    fn from(error: IggyError) -> Self {
        Failure::Sdk(error)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Sdk(error) => write!(f, "{error} (Iggy error {}: {})", error.as_code(), error.as_string()),
            Failure::Idle(read) => {
                write!(f, "no message for {} s after {read} messages; gave up", IDLE_TIMEOUT.as_secs())
            }
        }
    }
}

const TOPIC: &str = "topic-1";
/// A consumer that receives nothing for this long gives up: the producers it waits for have stalled or failed.
const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// Seeding runs as fast as the server takes it, from at most this many connections at once.
const SEED_CONNECTIONS_MAX: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Producer,
    Consumer,
    ProducingConsumer,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Producer => "producer",
            Role::Consumer => "consumer",
            Role::ProducingConsumer => "producing_consumer",
        }
    }
}

/// One actor's job, fully resolved from the command line before any connection is made.
#[derive(Clone)]
struct ActorPlan {
    role: Role,
    id: u32,
    stream: String,
    partitioning: Partitioning,
    /// `Some(partition)`: a pinned consumer reading by offset; `None` with a group: a consumer-group member.
    partition: Option<u32>,
    group: Option<Arc<GroupTarget>>,
    batches: u64,
}

/// Messages a consumer group reads in total; its members stop together once the group has read them.
struct GroupTarget {
    name: String,
    messages: u64,
    consumed: AtomicU64,
}

fn stream_name(number: u32) -> String {
    format!("bench-stream-{number}")
}

fn group_name(number: u32) -> String {
    format!("cg-{number}")
}

fn identifier(name: &str) -> Result<Identifier, IggyError> {
    Identifier::named(name)
}

async fn connect(args: &Args) -> Result<IggyClient, IggyError> {
    let transport = args.transport();
    // A benchmark fails on a lost connection instead of measuring the SDK's reconnect loop.
    let wrapper = match transport {
        Transport::Tcp(tcp) => {
            let mut config = TcpClientConfig {
                server_address: tcp.server_address.clone(),
                nodelay: tcp.nodelay,
                tls_enabled: tcp.tls,
                tls_domain: tcp.tls_domain.clone(),
                tls_ca_file: tcp.tls_ca_file.clone(),
                tls_validate_certificate: tcp.tls_validate_certificate,
                ..TcpClientConfig::default()
            };
            config.reconnection.max_retries = Some(0);
            ClientWrapper::Tcp(TcpClient::create(Arc::new(config))?)
        }
        Transport::Quic(quic) => {
            let mut config = QuicClientConfig {
                server_address: quic.server_address.clone(),
                server_name: quic.server_name.clone(),
                validate_certificate: quic.validate_certificate,
                ..QuicClientConfig::default()
            };
            config.reconnection.max_retries = Some(0);
            ClientWrapper::Quic(iggy::quic::quic_client::QuicClient::create(Arc::new(config))?)
        }
        Transport::Http(http) => {
            let config = HttpClientConfig {
                api_url: format!("http://{}", http.server_address),
                retries: 0,
                ..HttpClientConfig::default()
            };
            ClientWrapper::Http(iggy::http::http_client::HttpClient::create(Arc::new(config))?)
        }
        Transport::Websocket(ws) => {
            let mut config =
                WebSocketClientConfig { server_address: ws.server_address.clone(), ..WebSocketClientConfig::default() };
            config.reconnection.max_retries = Some(0);
            ClientWrapper::WebSocket(WebSocketClient::create(Arc::new(config))?)
        }
    };
    let client = IggyClient::create(wrapper, None, None);
    client.connect().await?;
    client.login_user(&args.username, &args.password).await?;
    Ok(client)
}

/// Recreate the benchmark's streams (as Iggy's benchmark does: stale data would skew consumers) and its groups.
async fn prepare(args: &Args, streams: u32, partitions: u32, groups: u32) -> Result<(), IggyError> {
    let client = connect(args).await?;
    let existing = client.get_streams().await?;
    for number in 1..=streams {
        let name = stream_name(number);
        if existing.iter().any(|s| s.name == name) {
            client.delete_stream(&identifier(&name)?).await?;
        }
        client.create_stream(&name).await?;
        #[cfg(not(feature = "sdk-0-11"))]
        client
            .create_topic(
                &identifier(&name)?,
                TOPIC,
                partitions,
                CompressionAlgorithm::None,
                None,
                IggyExpiry::NeverExpire,
                MaxTopicSize::ServerDefault,
            )
            .await?;
        #[cfg(feature = "sdk-0-11")]
        {
            let options = TopicCreateOptions {
                partitions_count: Some(partitions),
                compression_algorithm: Some(CompressionAlgorithm::None),
                message_expiry: Some(IggyExpiry::NeverExpire),
                max_topic_size: Some(MaxTopicSize::ServerDefault),
                ..TopicCreateOptions::default()
            };
            client.create_topic(&identifier(&name)?, TOPIC, &options).await?;
        }
    }
    for number in 1..=groups {
        client
            .create_consumer_group(&identifier(&stream_name(number))?, &identifier(TOPIC)?, &group_name(number))
            .await?;
    }
    client.shutdown().await
}

/// The batch an actor sends again and again, as Iggy's benchmark does: `messages_per_batch` messages sharing one
/// payload of `message_size` bytes; only the origin timestamp changes per send.
fn build_batch(args: &Args) -> Result<Vec<IggyMessage>, IggyError> {
    let payload: Vec<u8> = (0..args.message_size).map(|i| (i.wrapping_mul(31).wrapping_add(7)) as u8).collect();
    let first = IggyMessage::builder().payload(payload.into()).build()?;
    let shared = first.payload.clone();
    let mut batch = Vec::with_capacity(args.messages_per_batch as usize);
    batch.push(first);
    for _ in 1..args.messages_per_batch {
        batch.push(IggyMessage::builder().payload(shared.clone()).build()?);
    }
    Ok(batch)
}

fn stamp(batch: &mut [IggyMessage]) {
    let now = IggyTimestamp::now().as_micros();
    for message in batch {
        message.header.origin_timestamp = now;
    }
}

fn frame_bytes(message: &IggyMessage) -> u64 {
    message.get_size_bytes().as_bytes_u64()
}

async fn run_actor(
    args: Arc<Args>,
    plan: ActorPlan,
    barrier: Arc<Barrier>,
    load: Arc<LoadCpu>,
    measured: bool,
) -> ActorRecord {
    let mut record = ActorRecord::new(plan.role, plan.id, &plan.stream);
    let prepared = async { Ok::<_, IggyError>((Actor::connect(&args, &plan).await?, build_batch(&args)?)) };
    let (actor, mut batch) = match prepared.await {
        Ok(ready) => ready,
        Err(error) => {
            // Release the others: a failed actor must not leave them waiting at the barrier forever.
            barrier.wait().await;
            load.finish();
            record.error = Some(format!("setup: {error}"));
            return record;
        }
    };
    if barrier.wait().await.is_leader() {
        load.start();
    }
    let started = Instant::now();
    let outcome = match plan.role {
        Role::Producer => actor.produce(&mut batch, &mut record, started).await,
        Role::Consumer => actor.consume(&mut record, started).await,
        Role::ProducingConsumer => actor.produce_and_consume(&mut batch, &mut record, started).await,
    };
    record.elapsed_ns = started.elapsed().as_nanos() as u64;
    load.finish();
    if let Err(error) = outcome {
        record.error = Some(error.to_string());
    }
    if let Err(error) = actor.client.shutdown().await {
        if record.error.is_none() && measured {
            record.error = Some(format!("shutdown: {error}"));
        }
    }
    record
}

/// One signed-in SDK client and what its requests name, resolved once before the measured loop.
struct Actor<'a> {
    client: IggyClient,
    plan: &'a ActorPlan,
    stream: Identifier,
    topic: Identifier,
    consumer: Consumer,
    messages_per_batch: u32,
}

impl<'a> Actor<'a> {
    async fn connect(args: &Args, plan: &'a ActorPlan) -> Result<Self, IggyError> {
        let stream = identifier(&plan.stream)?;
        let topic = identifier(TOPIC)?;
        let consumer = match &plan.group {
            Some(group) => Consumer::group(identifier(&group.name)?),
            None => Consumer::new(Identifier::numeric(plan.id)?),
        };
        let client = connect(args).await?;
        if let Some(group) = &plan.group {
            client.join_consumer_group(&stream, &topic, &identifier(&group.name)?).await?;
        }
        Ok(Actor { client, plan, stream, topic, consumer, messages_per_batch: args.messages_per_batch })
    }

    async fn send(&self, batch: &mut [IggyMessage]) -> Result<(), IggyError> {
        stamp(batch);
        // 0.11 answers the send's confirmation; the benchmark measures the call, as Iggy's does.
        let sent = self.client.send_messages(&self.stream, &self.topic, &self.plan.partitioning, batch).await;
        sent.map(|_| ())
    }

    async fn poll(&self, strategy: &PollingStrategy, auto_commit: bool) -> Result<PolledMessages, IggyError> {
        let (plan, count) = (self.plan, self.messages_per_batch);
        self.client
            .poll_messages(&self.stream, &self.topic, plan.partition, &self.consumer, strategy, count, auto_commit)
            .await
    }

    async fn produce(
        &self,
        batch: &mut [IggyMessage],
        record: &mut ActorRecord,
        started: Instant,
    ) -> Result<(), Failure> {
        let (bytes, payload_bytes) = batch_sizes(batch);
        for _ in 0..self.plan.batches {
            let before = Instant::now();
            self.send(batch).await?;
            record.batch(before, started, batch.len() as u64, bytes, payload_bytes);
        }
        Ok(())
    }

    async fn consume(&self, record: &mut ActorRecord, started: Instant) -> Result<(), Failure> {
        let group = self.plan.group.as_ref();
        // As Iggy's benchmark: a pinned consumer reads by offset without committing, a group member reads `next`
        // and lets the server commit.
        let (mut strategy, auto_commit) =
            if group.is_some() { (PollingStrategy::next(), true) } else { (PollingStrategy::offset(0), false) };
        let wanted = self.plan.batches * u64::from(self.messages_per_batch);
        let mut last_progress = Instant::now();
        loop {
            let done = match group {
                Some(group) => group.consumed.load(Ordering::Relaxed) >= group.messages,
                None => record.messages >= wanted,
            };
            if done {
                return Ok(());
            }
            let before = Instant::now();
            let polled = self.poll(&strategy, auto_commit).await?;
            if polled.messages.is_empty() {
                record.empty_polls += 1;
                if last_progress.elapsed() > IDLE_TIMEOUT {
                    return Err(Failure::Idle(record.messages));
                }
                tokio::task::yield_now().await;
                continue;
            }
            last_progress = Instant::now();
            let count = polled.messages.len() as u64;
            let (bytes, payload_bytes) = batch_sizes(&polled.messages);
            record.batch(before, started, count, bytes, payload_bytes);
            if strategy.kind == PollingKind::Offset {
                strategy.value += count;
            }
            if let Some(group) = group {
                group.consumed.fetch_add(count, Ordering::Relaxed);
            }
        }
    }

    /// Iggy's end-to-end producing consumer: send a batch, then read it back; the latency is the pair's.
    async fn produce_and_consume(
        &self,
        batch: &mut [IggyMessage],
        record: &mut ActorRecord,
        started: Instant,
    ) -> Result<(), Failure> {
        let (bytes, payload_bytes) = batch_sizes(batch);
        let mut offset = 0u64;
        for _ in 0..self.plan.batches {
            let before = Instant::now();
            self.send(batch).await?;
            let mut read = 0u64;
            let mut last_progress = Instant::now();
            while read < batch.len() as u64 {
                let polled = self.poll(&PollingStrategy::offset(offset), false).await?;
                if polled.messages.is_empty() {
                    record.empty_polls += 1;
                    if last_progress.elapsed() > IDLE_TIMEOUT {
                        return Err(Failure::Idle(record.messages + read));
                    }
                    tokio::task::yield_now().await;
                    continue;
                }
                last_progress = Instant::now();
                read += polled.messages.len() as u64;
                offset += polled.messages.len() as u64;
            }
            record.batch(before, started, batch.len() as u64, bytes, payload_bytes);
        }
        Ok(())
    }
}

/// (message frames, payload) bytes of a batch, as the SDK sizes messages.
fn batch_sizes(messages: &[IggyMessage]) -> (u64, u64) {
    messages.iter().fold((0, 0), |(bytes, payload), m| (bytes + frame_bytes(m), payload + m.payload.len() as u64))
}

/// The actors of the workload, and the unmeasured producers that fill the streams consumer-only workloads read.
fn plan_actors(args: &Args, batches: u64) -> (Vec<ActorPlan>, Vec<ActorPlan>) {
    let kind = &args.kind;
    let streams = kind.streams();
    let partitions = kind.partitions();
    let stream_of = |actor: u32| stream_name(1 + (actor - 1) % streams);
    let partitioning = if partitions > 1 { Partitioning::balanced() } else { Partitioning::partition_id(0) };
    let producer = |id: u32, role: Role| ActorPlan {
        role,
        id,
        stream: stream_of(id),
        partitioning: partitioning.clone(),
        partition: Some(0),
        group: None,
        batches,
    };
    let mut actors = Vec::new();
    let mut seeds = Vec::new();
    match kind {
        Kind::EndToEndProducingConsumer(_) => {
            actors.extend((1..=kind.producers()).map(|id| producer(id, Role::ProducingConsumer)));
        }
        _ => {
            if kind.has_producers() {
                actors.extend((1..=kind.producers()).map(|id| producer(id, Role::Producer)));
            }
        }
    }
    let consumers = if kind.has_consumers() { kind.consumers() } else { 0 };
    let groups = kind.consumer_groups();
    if groups == 0 {
        for id in 1..=consumers {
            actors.push(ActorPlan { role: Role::Consumer, group: None, ..producer(id, Role::Consumer) });
        }
        if !kind.has_producers() {
            // Each stream holds what every consumer pinned to it reads.
            for number in 1..=streams {
                let readers = (1..=consumers).filter(|&id| stream_of(id) == stream_name(number)).count() as u64;
                if readers > 0 {
                    seeds.push(ActorPlan {
                        stream: stream_name(number),
                        batches: batches * readers,
                        ..producer(0, Role::Producer)
                    });
                }
            }
        }
        return (actors, seeds);
    }
    // Groups 1..=g live on streams 1..=g; consumer `id` joins group 1 + (id - 1) % g, as in Iggy's benchmark.
    let producers = if kind.has_producers() { kind.producers() } else { 0 };
    for number in 1..=groups {
        let members = (1..=consumers).filter(|id| 1 + (id - 1) % groups == number).count() as u64;
        let producing = (1..=producers).filter(|&id| stream_of(id) == stream_name(number)).count() as u64;
        let group_batches = if producers > 0 { producing * batches } else { members * batches };
        let target = Arc::new(GroupTarget {
            name: group_name(number),
            messages: group_batches * u64::from(args.messages_per_batch),
            consumed: AtomicU64::new(0),
        });
        for id in (1..=consumers).filter(|id| 1 + (id - 1) % groups == number) {
            actors.push(ActorPlan {
                role: Role::Consumer,
                id,
                stream: stream_name(number),
                partitioning: partitioning.clone(),
                partition: None,
                group: Some(target.clone()),
                batches,
            });
        }
        if producers == 0 {
            seeds.push(ActorPlan {
                stream: stream_name(number),
                batches: group_batches,
                ..producer(0, Role::Producer)
            });
        }
    }
    (actors, seeds)
}

/// Every actor's record, and the CPU time of the load phase (see `cpu`).
async fn run_all(args: &Arc<Args>, plans: Vec<ActorPlan>, measured: bool) -> (Vec<ActorRecord>, Arc<LoadCpu>) {
    let barrier = Arc::new(Barrier::new(plans.len()));
    let load = Arc::new(LoadCpu::new(args.server_pid, plans.len()));
    let tasks: Vec<_> = plans
        .into_iter()
        .map(|plan| tokio::spawn(run_actor(args.clone(), plan, barrier.clone(), load.clone(), measured)))
        .collect();
    let mut records = Vec::with_capacity(tasks.len());
    for task in tasks {
        records.push(task.await.expect("an actor task panicked"));
    }
    (records, load)
}

async fn seed(args: &Arc<Args>, seeds: Vec<ActorPlan>) -> Result<(), String> {
    for chunk in seeds.chunks(SEED_CONNECTIONS_MAX) {
        for record in run_all(args, chunk.to_vec(), false).await.0 {
            if let Some(error) = record.error {
                return Err(format!("seeding {}: {error}", record.stream));
            }
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    if let Err(message) = args.validate() {
        eprintln!("iggy-bench-official: {message}");
        std::process::exit(2);
    }
    let args = Arc::new(args);
    std::process::exit(match run(&args).await {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(message) => {
            eprintln!("iggy-bench-official: {message}");
            1
        }
    });
}

/// Ok(true) when every actor finished without an error.
async fn run(args: &Arc<Args>) -> Result<bool, String> {
    let batches = args.batches_per_actor();
    let (actors, seeds) = plan_actors(args, batches);
    prepare(args, args.kind.streams(), args.kind.partitions(), args.kind.consumer_groups())
        .await
        .map_err(|error| format!("setup of streams/topics/groups failed: {error}"))?;
    seed(args, seeds).await?;
    let (records, load) = run_all(args, actors, true).await;
    let ok = records.iter().all(|r| r.error.is_none());
    // Asked for with --server-pid, the server's CPU time must be there; this process's always can be.
    let cpu = load.json().map_err(|error| format!("CPU time of the load phase: {error}"))?;
    let document = report::document(args, batches, &records, cpu);
    report::print_table(&document);
    if let Some(path) = &args.output_json {
        std::fs::write(path, serde_json::to_vec_pretty(&document).expect("JSON of numbers and strings"))
            .map_err(|error| format!("writing {}: {error}", path.display()))?;
    }
    Ok(ok)
}
