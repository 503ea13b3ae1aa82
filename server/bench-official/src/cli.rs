//! The command line, shaped as iggy-bench 0.5's: global flags, then the workload (with its aliases), then the
//! transport, e.g. `iggy-bench-official -b 1000 pinned-producer -p 1 tcp --server-address 127.0.0.1:8090`.
//! Defaults are Iggy's: 1000 batches of 1000 messages of 1000 bytes, 8 actors, pinned workloads one stream per
//! actor, balanced ones 1 stream of 24 partitions.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use iggy::prelude::IggyByteSize;

const DEFAULT_ACTORS: u32 = 8;
const DEFAULT_BALANCED_STREAMS: u32 = 1;
const DEFAULT_BALANCED_PARTITIONS: u32 = 24;
const DEFAULT_CONSUMER_GROUPS: u32 = 1;
const DEFAULT_MESSAGE_BATCHES: u64 = 1000;

#[derive(Parser, Debug)]
#[command(name = "iggy-bench-official", version, about = "Iggy's benchmark workloads over the official Rust SDK")]
pub struct Args {
    #[command(subcommand)]
    pub kind: Kind,

    /// Payload bytes per message
    #[arg(long, short = 'm', default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub message_size: u32,

    /// Messages per batch
    #[arg(long, short = 'P', default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub messages_per_batch: u32,

    /// Batches per actor (default 1000); excludes --total-data
    #[arg(long, short = 'b', group = "data", value_parser = clap::value_parser!(u64).range(1..))]
    pub message_batches: Option<u64>,

    /// Total payload for all actors together, e.g. "1GB"; excludes --message-batches
    #[arg(long, short = 'T', group = "data")]
    pub total_data: Option<IggyByteSize>,

    #[arg(long, short = 'u', default_value = "iggy")]
    pub username: String,

    #[arg(long, short = 'p', default_value = "iggy")]
    pub password: String,

    /// Write every actor's per-batch record and summary here as JSON (what `iggy-bench --client official-rust` reads)
    #[arg(long)]
    pub output_json: Option<PathBuf>,

    /// Process id of the server, on this machine: its CPU time over the load phase goes into the JSON record
    /// (`cpu.server_cpu_ms`, read from /proc), beside this process's own
    #[arg(long)]
    pub server_pid: Option<u32>,
}

#[derive(Subcommand, Debug)]
pub enum Kind {
    /// N producers, each sending to its own stream (one partition)
    #[command(visible_alias = "pp")]
    PinnedProducer(Workload),
    /// N consumers, each polling its own stream by offset (filled, unmeasured, before they start)
    #[command(visible_alias = "pc")]
    PinnedConsumer(Workload),
    /// N producers and N consumers, one stream per producer, running together
    #[command(visible_alias = "ppc")]
    PinnedProducerAndConsumer(Workload),
    /// N producers sending to the partitions of K streams, balanced partitioning
    #[command(visible_alias = "bp")]
    BalancedProducer(Workload),
    /// N consumers in G consumer groups (one per stream) polling `next` (filled, unmeasured, before they start)
    #[command(visible_alias = "bcg")]
    BalancedConsumerGroup(Workload),
    /// N balanced producers and M consumers in G consumer groups, running together
    #[command(visible_alias = "bpcg")]
    BalancedProducerAndConsumerGroup(Workload),
    /// N producing consumers: each sends a batch to its stream and reads it back
    #[command(visible_alias = "e2e")]
    EndToEndProducingConsumer(Workload),
}

#[derive(clap::Args, Debug)]
pub struct Workload {
    /// Streams (pinned: default one per actor; balanced: default 1)
    #[arg(long, short = 's', value_parser = clap::value_parser!(u32).range(1..))]
    pub streams: Option<u32>,
    /// Partitions per stream (pinned: 1; balanced: default 24)
    #[arg(long, short = 'a', value_parser = clap::value_parser!(u32).range(1..))]
    pub partitions: Option<u32>,
    /// Producers (or producing consumers), default 8
    #[arg(long, short = 'p', value_parser = clap::value_parser!(u32).range(1..))]
    pub producers: Option<u32>,
    /// Consumers, default 8
    #[arg(long, short = 'c', value_parser = clap::value_parser!(u32).range(1..))]
    pub consumers: Option<u32>,
    /// Consumer groups (balanced group workloads), default 1
    #[arg(long, short = 'g', value_parser = clap::value_parser!(u32).range(1..))]
    pub consumer_groups: Option<u32>,
    #[command(subcommand)]
    pub transport: Transport,
}

#[derive(Subcommand, Debug)]
pub enum Transport {
    /// The binary protocol over TCP (optionally TLS)
    Tcp(TcpArgs),
    /// The binary protocol over QUIC
    Quic(QuicArgs),
    /// The HTTP API
    Http(HttpArgs),
    /// The binary protocol over WebSocket
    #[command(alias = "ws")]
    Websocket(WebsocketArgs),
}

#[derive(clap::Args, Debug)]
pub struct TcpArgs {
    #[arg(long, default_value = "127.0.0.1:8090")]
    pub server_address: String,
    /// TCP_NODELAY on the client's socket (off by default, as in Iggy's benchmark)
    #[arg(long)]
    pub nodelay: bool,
    #[arg(long)]
    pub tls: bool,
    #[arg(long, default_value = "localhost", requires = "tls")]
    pub tls_domain: String,
    #[arg(long, requires = "tls")]
    pub tls_ca_file: Option<String>,
    #[arg(long, requires = "tls")]
    pub tls_validate_certificate: bool,
}

#[derive(clap::Args, Debug)]
pub struct QuicArgs {
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub server_address: String,
    #[arg(long, default_value = "localhost")]
    pub server_name: String,
    #[arg(long)]
    pub validate_certificate: bool,
}

#[derive(clap::Args, Debug)]
pub struct HttpArgs {
    #[arg(long, default_value = "127.0.0.1:3000")]
    pub server_address: String,
}

#[derive(clap::Args, Debug)]
pub struct WebsocketArgs {
    #[arg(long, default_value = "127.0.0.1:8092")]
    pub server_address: String,
}

impl Kind {
    pub fn name(&self) -> &'static str {
        match self {
            Kind::PinnedProducer(_) => "pinned-producer",
            Kind::PinnedConsumer(_) => "pinned-consumer",
            Kind::PinnedProducerAndConsumer(_) => "pinned-producer-and-consumer",
            Kind::BalancedProducer(_) => "balanced-producer",
            Kind::BalancedConsumerGroup(_) => "balanced-consumer-group",
            Kind::BalancedProducerAndConsumerGroup(_) => "balanced-producer-and-consumer-group",
            Kind::EndToEndProducingConsumer(_) => "end-to-end-producing-consumer",
        }
    }

    pub fn workload(&self) -> &Workload {
        match self {
            Kind::PinnedProducer(w)
            | Kind::PinnedConsumer(w)
            | Kind::PinnedProducerAndConsumer(w)
            | Kind::BalancedProducer(w)
            | Kind::BalancedConsumerGroup(w)
            | Kind::BalancedProducerAndConsumerGroup(w)
            | Kind::EndToEndProducingConsumer(w) => w,
        }
    }

    fn pinned(&self) -> bool {
        matches!(self, Kind::PinnedProducer(_) | Kind::PinnedConsumer(_) | Kind::PinnedProducerAndConsumer(_))
    }

    pub fn has_producers(&self) -> bool {
        !matches!(self, Kind::PinnedConsumer(_) | Kind::BalancedConsumerGroup(_))
    }

    pub fn has_consumers(&self) -> bool {
        matches!(
            self,
            Kind::PinnedConsumer(_)
                | Kind::PinnedProducerAndConsumer(_)
                | Kind::BalancedConsumerGroup(_)
                | Kind::BalancedProducerAndConsumerGroup(_)
        )
    }

    fn groups_used(&self) -> bool {
        matches!(self, Kind::BalancedConsumerGroup(_) | Kind::BalancedProducerAndConsumerGroup(_))
    }

    pub fn producers(&self) -> u32 {
        if self.has_producers() { self.workload().producers.unwrap_or(DEFAULT_ACTORS) } else { 0 }
    }

    pub fn consumers(&self) -> u32 {
        if self.has_consumers() { self.workload().consumers.unwrap_or(DEFAULT_ACTORS) } else { 0 }
    }

    pub fn consumer_groups(&self) -> u32 {
        if self.groups_used() { self.workload().consumer_groups.unwrap_or(DEFAULT_CONSUMER_GROUPS) } else { 0 }
    }

    pub fn streams(&self) -> u32 {
        let w = self.workload();
        match self {
            Kind::PinnedConsumer(_) => w.streams.unwrap_or(self.consumers()),
            _ if self.pinned() => w.streams.unwrap_or(self.producers()),
            Kind::EndToEndProducingConsumer(_) => w.streams.unwrap_or(self.producers()),
            _ => w.streams.unwrap_or(DEFAULT_BALANCED_STREAMS),
        }
    }

    pub fn partitions(&self) -> u32 {
        match self {
            Kind::BalancedProducer(_) | Kind::BalancedConsumerGroup(_) | Kind::BalancedProducerAndConsumerGroup(_) => {
                self.workload().partitions.unwrap_or(DEFAULT_BALANCED_PARTITIONS)
            }
            _ => 1,
        }
    }

    /// Total actors that move data (producing consumers count once).
    pub fn actors(&self) -> u32 {
        self.producers() + self.consumers()
    }
}

impl Args {
    pub fn transport(&self) -> &Transport {
        &self.kind.workload().transport
    }

    pub fn transport_name(&self) -> &'static str {
        match self.transport() {
            Transport::Tcp(_) => "tcp",
            Transport::Quic(_) => "quic",
            Transport::Http(_) => "http",
            Transport::Websocket(_) => "websocket",
        }
    }

    pub fn server_address(&self) -> &str {
        match self.transport() {
            Transport::Tcp(t) => &t.server_address,
            Transport::Quic(q) => &q.server_address,
            Transport::Http(h) => &h.server_address,
            Transport::Websocket(w) => &w.server_address,
        }
    }

    /// Batches each actor moves: `--message-batches`, or `--total-data` spread over all actors.
    pub fn batches_per_actor(&self) -> u64 {
        match (self.message_batches, self.total_data) {
            (Some(batches), _) => batches,
            (None, Some(total)) => {
                let batch_bytes = u64::from(self.message_size) * u64::from(self.messages_per_batch);
                (total.as_bytes_u64() / (batch_bytes * u64::from(self.kind.actors().max(1)))).max(1)
            }
            (None, None) => DEFAULT_MESSAGE_BATCHES,
        }
    }

    /// Flags a workload does not use are refused rather than ignored, as are layouts Iggy's benchmark refuses.
    pub fn validate(&self) -> Result<(), String> {
        let kind = &self.kind;
        let w = kind.workload();
        let name = kind.name();
        let refuse = |flag: &str, given: bool| if given { Err(format!("{name} takes no {flag}")) } else { Ok(()) };
        refuse("--producers", w.producers.is_some() && !kind.has_producers())?;
        refuse("--consumers", w.consumers.is_some() && !kind.has_consumers())?;
        refuse("--consumer-groups", w.consumer_groups.is_some() && !kind.groups_used())?;
        let balanced = matches!(
            kind,
            Kind::BalancedProducer(_) | Kind::BalancedConsumerGroup(_) | Kind::BalancedProducerAndConsumerGroup(_)
        );
        // Balanced workloads take any partition count, 1 included; the others always use one partition.
        refuse("--partitions (pinned workloads use one partition)", w.partitions.is_some() && !balanced)?;
        let streams = kind.streams();
        if kind.pinned() {
            let actors = if kind.has_producers() { kind.producers() } else { kind.consumers() };
            if streams != actors {
                return Err(format!("{name}: --streams ({streams}) must equal the number of actors ({actors})"));
            }
        }
        if matches!(kind, Kind::PinnedProducerAndConsumer(_)) && kind.consumers() != kind.producers() {
            return Err(format!("{name}: one consumer per producer's stream: --consumers must equal --producers"));
        }
        if matches!(kind, Kind::EndToEndProducingConsumer(_)) && streams > kind.producers() {
            return Err(format!("{name}: --streams ({streams}) must not exceed --producers"));
        }
        if kind.groups_used() && kind.consumer_groups() != streams {
            return Err(format!("{name}: one consumer group per stream: --consumer-groups must equal --streams"));
        }
        if kind.groups_used() && kind.consumers() < kind.consumer_groups() {
            return Err(format!("{name}: every consumer group needs a consumer: --consumers >= --consumer-groups"));
        }
        Ok(())
    }
}
