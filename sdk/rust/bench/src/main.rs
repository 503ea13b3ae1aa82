//! Throughput of iggy-sdk vs the official `iggy` crate of the same protocol: sdk/python's workload (batches of
//! 1000 x 1000 B; send, poll touching the last message, poll touching every offset and payload), each client in a
//! fresh child process against the same fresh server, alternating which goes first, median of the rounds.
//!
//! One source, two builds: this crate measures Iggy 0.8 (iggy-sdk with `protocol=0.8` vs `iggy` 0.10.0);
//! ../bench-0.9 builds it with the feature `official-0-11` to measure Iggy 0.9 (`protocol=0.9` vs `iggy` 0.11.0).
//!
//! Run (from sdk/rust/bench, after `make server`):
//!   CARGO_TARGET_DIR=~/.cache/iggy-compat/bench-target cargo run --release --locked -- [--rounds 5] [--batches 100]
//!   [--warm-up 1] [--address HOST:PORT]
//! or, for 0.9, from sdk/rust/bench-0.9:
//!   CARGO_TARGET_DIR=~/.cache/iggy-compat/official-rust-0.11-target cargo run --release --locked -- [...]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

const MESSAGES_PER_BATCH: u64 = 1000;
const PAYLOAD_BYTES: usize = 1000;
const PHASES: [&str; 3] = ["send", "poll", "poll+read"];
const CLIENTS: [&str; 2] = ["iggy-sdk", "official"];
/// The protocol both clients speak, and the official crate that speaks it.
#[cfg(not(feature = "official-0-11"))]
const PROTOCOL: (&str, &str) = ("0.8", "official iggy 0.10.0");
#[cfg(feature = "official-0-11")]
const PROTOCOL: (&str, &str) = ("0.9", "official iggy 0.11.0");

/// MB/s of payload for `batches` batches that took `seconds`.
fn mb_per_s(batches: u64, seconds: f64) -> f64 {
    (batches * MESSAGES_PER_BATCH) as f64 * PAYLOAD_BYTES as f64 / seconds / 1e6
}

fn payload() -> bytes::Bytes {
    bytes::Bytes::from((0..PAYLOAD_BYTES).map(|i| (i % 251) as u8).collect::<Vec<u8>>())
}

mod ours {
    use std::time::Instant;

    use iggy_sdk::codes::compression_algorithm;
    use iggy_sdk::{Consumer, IggyClient, IggyMessage, Partitioning, PollingStrategy};

    use super::{mb_per_s, payload, MESSAGES_PER_BATCH, PROTOCOL};

    pub async fn run(address: &str, stream: &str, batches: u64) -> iggy_sdk::Result<[f64; 3]> {
        let connection_string = format!("iggy://iggy:iggy@{address}?protocol={}", PROTOCOL.0);
        let client = IggyClient::from_connection_string(&connection_string)?;
        client.connect().await?;
        client.create_stream(stream).await?;
        client.create_topic(stream, "bench", 1, compression_algorithm::NONE, 0, 0, 0).await?;
        let payload = payload();
        let partitioning = Partitioning::partition_id(0);

        let started = Instant::now();
        for _ in 0..batches {
            let messages: Vec<IggyMessage> =
                (0..MESSAGES_PER_BATCH).map(|_| IggyMessage::new(payload.clone())).collect();
            client.send_messages(stream, "bench", &partitioning, &messages).await?;
        }
        let send = mb_per_s(batches, started.elapsed().as_secs_f64());

        let consumer = Consumer::consumer(1);
        let mut phases = [send, 0.0, 0.0];
        for (phase, touch_every) in [(1, false), (2, true)] {
            let started = Instant::now();
            let mut checksum: u64 = 0;
            for batch in 0..batches {
                let strategy = PollingStrategy::offset(batch * MESSAGES_PER_BATCH);
                let polled = client.poll_messages(stream, "bench", Some(0), &consumer, &strategy, 1000, false).await?;
                if touch_every {
                    for message in &polled.messages {
                        checksum += message.offset + message.payload.len() as u64;
                    }
                } else {
                    checksum += polled.messages.last().map_or(0, |m| m.offset);
                }
            }
            phases[phase] = mb_per_s(batches, started.elapsed().as_secs_f64());
            assert!(checksum > 0);
        }
        client.delete_stream(stream).await?;
        client.close().await;
        Ok(phases)
    }
}

mod official {
    use std::time::Instant;

    use iggy::prelude::*;

    use super::{mb_per_s, payload, MESSAGES_PER_BATCH};

    pub async fn run(address: &str, stream: &str, batches: u64) -> Result<[f64; 3], IggyError> {
        let client = IggyClient::builder().with_tcp().with_server_address(address.to_owned()).build()?;
        client.connect().await?;
        client.login_user("iggy", "iggy").await?;
        client.create_stream(stream).await?;
        let stream_id = Identifier::named(stream)?;
        let topic_id = Identifier::named("bench")?;
        #[cfg(not(feature = "official-0-11"))]
        client
            .create_topic(
                &stream_id,
                "bench",
                1,
                CompressionAlgorithm::None,
                None,
                IggyExpiry::from(0u64),
                MaxTopicSize::from(0u64),
            )
            .await?;
        #[cfg(feature = "official-0-11")]
        {
            let options = TopicCreateOptions {
                partitions_count: Some(1),
                compression_algorithm: Some(CompressionAlgorithm::None),
                ..TopicCreateOptions::default()
            };
            client.create_topic(&stream_id, "bench", &options).await?;
        }
        let payload = payload();
        let partitioning = Partitioning::partition_id(0);

        let started = Instant::now();
        for _ in 0..batches {
            let mut messages = (0..MESSAGES_PER_BATCH)
                .map(|_| IggyMessage::builder().payload(payload.clone()).build())
                .collect::<Result<Vec<_>, _>>()?;
            client.send_messages(&stream_id, &topic_id, &partitioning, &mut messages).await?;
        }
        let send = mb_per_s(batches, started.elapsed().as_secs_f64());

        let consumer = Consumer::new(Identifier::numeric(1)?);
        let mut phases = [send, 0.0, 0.0];
        for (phase, touch_every) in [(1, false), (2, true)] {
            let started = Instant::now();
            let mut checksum: u64 = 0;
            for batch in 0..batches {
                let strategy = PollingStrategy::offset(batch * MESSAGES_PER_BATCH);
                let polled =
                    client.poll_messages(&stream_id, &topic_id, Some(0), &consumer, &strategy, 1000, false).await?;
                if touch_every {
                    for message in &polled.messages {
                        checksum += message.header.offset + message.payload.len() as u64;
                    }
                } else {
                    checksum += polled.messages.last().map_or(0, |m| m.header.offset);
                }
            }
            phases[phase] = mb_per_s(batches, started.elapsed().as_secs_f64());
            assert!(checksum > 0);
        }
        client.delete_stream(&stream_id).await?;
        Ok(phases)
    }
}

fn flag(args: &[String], name: &str, default: &str) -> String {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| default.to_owned())
}

/// One measurement in this (child) process: prints the three phases' MB/s on one line.
fn run_child(args: &[String]) {
    let client = flag(args, "--client", "");
    let address = flag(args, "--address", "");
    let stream = flag(args, "--stream", "");
    let batches: u64 = flag(args, "--batches", "100").parse().expect("--batches");
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let phases = runtime.block_on(async {
        match client.as_str() {
            "iggy-sdk" => ours::run(&address, &stream, batches).await.map_err(|e| e.to_string()),
            "official" => official::run(&address, &stream, batches).await.map_err(|e| e.to_string()),
            other => Err(format!("unknown client {other}")),
        }
    });
    let phases = phases.unwrap_or_else(|error| panic!("{client}: {error}"));
    println!("{} {} {}", phases[0], phases[1], phases[2]);
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("run") {
        return run_child(&args);
    }
    let rounds: usize = flag(&args, "--rounds", "5").parse().expect("--rounds");
    let batches = flag(&args, "--batches", "100");
    // --address ADDRESS measures against a running server (e.g. to compare with iggy-bench on the same one);
    // otherwise a fresh one comes from the project's test launcher.
    let mut address = flag(&args, "--address", "");
    let mut server = None;
    if address.is_empty() {
        let python = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../.venv/bin/python");
        let mut launcher = Command::new(python)
            .args(["-m", "iggy_server.testing"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start python -m iggy_server.testing (run `make server` first)");
        for line in BufReader::new(launcher.stdout.take().expect("stdout")).lines() {
            let line = line.expect("launcher output");
            if let Some(found) = line.strip_prefix("address ") {
                address = found.to_owned();
            }
            if line == "ready" {
                break;
            }
        }
        server = Some(launcher);
    }
    let exe = std::env::current_exe().expect("own path");
    let mut results: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); PHASES.len()]; CLIENTS.len()];
    // Round "w" warms the fresh server (its first segment files, the page cache) for both clients and is not
    // counted: the client that went first on a fresh server used to lose its first round's send by half.
    let warm_up = flag(&args, "--warm-up", "1").parse::<usize>().expect("--warm-up");
    for round in (0..warm_up).map(|_| None).chain((0..rounds).map(Some)) {
        let order: Vec<usize> = if round.unwrap_or(0) % 2 == 0 { vec![0, 1] } else { vec![1, 0] };
        for client in order {
            // Dirty pages of the run before are written back now, not during this one's load.
            let synced = Command::new("sync").status().is_ok_and(|status| status.success());
            assert!(synced, "sync failed");
            let round_name = round.map_or_else(|| "w".to_owned(), |r| r.to_string());
            let started = Instant::now();
            let output = Command::new(&exe)
                .args(["run", "--client", CLIENTS[client], "--address", &address, "--batches", &batches])
                .args(["--stream", &format!("bench-{}-{round_name}", CLIENTS[client])])
                .output()
                .expect("run a measurement");
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let text = String::from_utf8_lossy(&output.stdout);
            let values: Vec<f64> = text.split_whitespace().map(|v| v.parse().expect("MB/s")).collect();
            eprintln!(
                "round {round_name} {:9} {values:.1?} ({:.1} s)",
                CLIENTS[client],
                started.elapsed().as_secs_f64()
            );
            if round.is_none() {
                continue;
            }
            for (phase, value) in values.into_iter().enumerate() {
                results[client][phase].push(value);
            }
        }
    }
    println!("Iggy {}, {rounds} rounds after {warm_up} warm-up, {batches} batches\n", PROTOCOL.0);
    println!("| phase | iggy-sdk MB/s | {} MB/s | iggy-sdk / official |", PROTOCOL.1);
    println!("|---|---|---|---|");
    for (phase, name) in PHASES.iter().enumerate() {
        let ours = median(&mut results[0][phase]);
        let official = median(&mut results[1][phase]);
        println!("| {name} | {ours:.1} | {official:.1} | {:.2}x |", ours / official);
    }
    if let Some(mut launcher) = server {
        drop(launcher.stdin.take()); // end of stdin stops the server and removes its directory
        let _ = launcher.wait();
    }
    let _ = std::io::stdout().flush();
}
