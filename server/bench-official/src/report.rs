//! Per-actor records and their summaries: MB/s, msg/s and batch-latency percentiles per actor, per role and in
//! total, printed as a table and written as JSON (format `iggy-bench-official/1`, read by
//! `server/python/iggy_server/bench/official.py`).

use std::time::Instant;

use serde_json::{Value, json};

use crate::Role;
use crate::cli::Args;

/// The SDK this build drives (the 0.11 build shares this source: server/bench-official-0.11).
#[cfg(not(feature = "sdk-0-11"))]
const CLIENT: &str = "official Rust SDK, crates.io iggy 0.10";
#[cfg(feature = "sdk-0-11")]
const CLIENT: &str = "official Rust SDK, crates.io iggy 0.11";
pub const FORMAT: &str = "iggy-bench-official/1";
const PERCENTILES: [(&str, f64); 6] =
    [("p50", 50.0), ("p90", 90.0), ("p95", 95.0), ("p99", 99.0), ("p99.9", 99.9), ("p99.99", 99.99)];

pub struct ActorRecord {
    pub role: Role,
    pub id: u32,
    pub stream: String,
    pub messages: u64,
    /// Message frames as the SDK sizes them: 64-byte header + user headers + payload.
    pub bytes: u64,
    pub payload_bytes: u64,
    pub elapsed_ns: u64,
    pub empty_polls: u64,
    pub error: Option<String>,
    /// One entry per batch: how long its send/poll call took, and when it completed (since the actor's start).
    pub latencies_ns: Vec<u64>,
    pub completed_at_ns: Vec<u64>,
}

impl ActorRecord {
    pub fn new(role: Role, id: u32, stream: &str) -> Self {
        ActorRecord {
            role,
            id,
            stream: stream.to_owned(),
            messages: 0,
            bytes: 0,
            payload_bytes: 0,
            elapsed_ns: 0,
            empty_polls: 0,
            error: None,
            latencies_ns: Vec::new(),
            completed_at_ns: Vec::new(),
        }
    }

    pub fn batch(&mut self, before: Instant, started: Instant, messages: u64, bytes: u64, payload_bytes: u64) {
        let now = Instant::now();
        self.latencies_ns.push((now - before).as_nanos() as u64);
        self.completed_at_ns.push((now - started).as_nanos() as u64);
        self.messages += messages;
        self.bytes += bytes;
        self.payload_bytes += payload_bytes;
    }
}

/// Nearest-rank percentile of sorted values, the definition iggy-bench's Python report uses.
fn percentile(sorted: &[u64], pct: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((sorted.len() as f64 * pct / 100.0).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Throughput over the slowest actor's time (all actors start together), latency over every batch of them all.
fn summary(records: &[&ActorRecord]) -> Value {
    let mut latencies: Vec<u64> = records.iter().flat_map(|r| r.latencies_ns.iter().copied()).collect();
    latencies.sort_unstable();
    let messages: u64 = records.iter().map(|r| r.messages).sum();
    let bytes: u64 = records.iter().map(|r| r.bytes).sum();
    let payload_bytes: u64 = records.iter().map(|r| r.payload_bytes).sum();
    let elapsed_s = (records.iter().map(|r| r.elapsed_ns).max().unwrap_or(0) as f64 / 1e9).max(1e-9);
    let mut latency_ms = serde_json::Map::new();
    for (name, pct) in PERCENTILES {
        latency_ms.insert(name.into(), json!(percentile(&latencies, pct) as f64 / 1e6));
    }
    let sum: u128 = latencies.iter().map(|&v| u128::from(v)).sum();
    let avg_ms = if latencies.is_empty() { 0.0 } else { sum as f64 / latencies.len() as f64 / 1e6 };
    latency_ms.insert("avg".into(), json!(avg_ms));
    latency_ms.insert("max".into(), json!(latencies.last().copied().unwrap_or(0) as f64 / 1e6));
    json!({
        "actors": records.len(),
        "messages": messages,
        "batches": latencies.len(),
        "bytes": bytes,
        "payload_bytes": payload_bytes,
        "elapsed_s": elapsed_s,
        "messages_per_s": messages as f64 / elapsed_s,
        "megabytes_per_s": bytes as f64 / elapsed_s / 1e6,
        "payload_megabytes_per_s": payload_bytes as f64 / elapsed_s / 1e6,
        "latency_ms": latency_ms,
        "empty_polls": records.iter().map(|r| r.empty_polls).sum::<u64>(),
        "errors": records.iter().filter_map(|r| r.error.clone()).collect::<Vec<_>>(),
    })
}

/// The JSON record; `cpu` is the load phase's CPU time (`cpu::LoadCpu::json`).
pub fn document(args: &Args, batches: u64, records: &[ActorRecord], cpu: Value) -> Value {
    let kind = &args.kind;
    let actors: Vec<Value> = records
        .iter()
        .map(|r| {
            json!({
                "role": r.role.name(),
                "id": r.id,
                "stream": r.stream,
                "error": r.error,
                "elapsed_ns": r.elapsed_ns,
                "summary": summary(&[r]),
                "latencies_ns": r.latencies_ns,
                "completed_at_ns": r.completed_at_ns,
            })
        })
        .collect();
    let mut roles = serde_json::Map::new();
    for role in [Role::Producer, Role::Consumer, Role::ProducingConsumer] {
        let mine: Vec<&ActorRecord> = records.iter().filter(|r| r.role == role).collect();
        if !mine.is_empty() {
            roles.insert(role.name().into(), summary(&mine));
        }
    }
    json!({
        "format": FORMAT,
        "client": CLIENT,
        "workload": kind.name(),
        "transport": args.transport_name(),
        "server_address": args.server_address(),
        "parameters": {
            "producers": kind.producers(),
            "consumers": kind.consumers(),
            "streams": kind.streams(),
            "partitions": kind.partitions(),
            "consumer_groups": kind.consumer_groups(),
            "messages_per_batch": args.messages_per_batch,
            "message_size": args.message_size,
            "message_batches": batches,
        },
        "actors": actors,
        "roles": roles,
        "total": summary(&records.iter().collect::<Vec<_>>()),
        "cpu": cpu,
    })
}

pub fn print_table(document: &Value) {
    println!(
        "{} over {} at {} (official Rust SDK); latency per batch in ms, MB/s = 10^6 bytes of message frames",
        document["workload"].as_str().unwrap_or("?"),
        document["transport"].as_str().unwrap_or("?"),
        document["server_address"].as_str().unwrap_or("?"),
    );
    println!(
        "{:<22} {:>12} {:>12} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "actor", "messages", "msg/s", "MB/s", "avg", "p50", "p99", "p99.9", "max"
    );
    let row = |label: String, s: &Value| {
        let lat = &s["latency_ms"];
        let ms = |key: &str| lat[key].as_f64().unwrap_or(0.0);
        println!(
            "{:<22} {:>12} {:>12.0} {:>10.1} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3}",
            label,
            s["messages"].as_u64().unwrap_or(0),
            s["messages_per_s"].as_f64().unwrap_or(0.0),
            s["megabytes_per_s"].as_f64().unwrap_or(0.0),
            ms("avg"),
            ms("p50"),
            ms("p99"),
            ms("p99.9"),
            ms("max"),
        );
    };
    for actor in document["actors"].as_array().into_iter().flatten() {
        row(format!("{} {}", actor["role"].as_str().unwrap_or("?"), actor["id"]), &actor["summary"]);
    }
    for (role, s) in document["roles"].as_object().into_iter().flatten() {
        row(format!("{role} (all)"), s);
    }
    row("total".into(), &document["total"]);
    for actor in document["actors"].as_array().into_iter().flatten() {
        if let Some(error) = actor["error"].as_str() {
            eprintln!("{} {}: {error}", actor["role"].as_str().unwrap_or("?"), actor["id"]);
        }
    }
}
