//! At-least-once sample: a consumer that crashes mid-stream resumes after its last commit.
//!
//! Run: cargo run --example at_least_once [CONNECTION_STRING]
//! The first consumer processes part of the stream and "crashes" (is dropped without a final commit); the second,
//! with the same consumer id, continues from the last committed offset, so every message is processed at least
//! once and nothing is skipped.

use std::collections::BTreeSet;

use iggy_sdk::codes::compression_algorithm;
use iggy_sdk::{AutoCommit, IggyClient, IggyConsumer, IggyMessage, IggyProducer, ProducerConfig};

pub const DEFAULT_CONNECTION_STRING: &str = "iggy://iggy:iggy@127.0.0.1:8090";

pub struct Outcome {
    pub processed: usize,
    pub distinct: usize,
    pub resumed_at: u64,
    pub committed: Option<u64>,
}

pub async fn run(connection_string: &str, stream: &str, messages_count: u64) -> iggy_sdk::Result<Outcome> {
    let client = IggyClient::from_connection_string(connection_string)?;
    client.connect().await?;
    if client.get_stream(stream).await?.is_some() {
        client.delete_stream(stream).await?;
    }
    client.create_stream(stream).await?;
    client.create_topic(stream, "payments", 1, compression_algorithm::NONE, 0, 0, 0).await?;
    let config = ProducerConfig { background: true, batch_length: 50, linger_ms: 2, ..ProducerConfig::default() };
    let mut producer = IggyProducer::new(&client, stream, "payments", config)?;
    producer.send((0..messages_count).map(|i| IggyMessage::new(format!("payment-{i}"))).collect()).await?;
    producer.close().await?; // everything is acknowledged before this returns

    let mut processed: Vec<String> = Vec::new();
    let crash_after = (messages_count / 2) as usize;
    let mut first = IggyConsumer::single(&client, stream, "payments", "billing", Some(0))
        .batch_length(10)
        .auto_commit(AutoCommit::WhenConsumed);
    while processed.len() < crash_after {
        processed.push(String::from_utf8_lossy(first.next().await?.payload()).into_owned());
    }
    // Simulated crash: no close(), so only what was handed out before the last poll was committed.
    let committed = first.committed_offsets().get(&0).copied();
    drop(first);
    println!("first consumer processed {} messages, committed up to offset {committed:?}", processed.len());

    let mut second = IggyConsumer::single(&client, stream, "payments", "billing", Some(0)).batch_length(10);
    let mut resumed_at = None;
    loop {
        let message = second.next().await?;
        resumed_at.get_or_insert(message.offset());
        processed.push(String::from_utf8_lossy(message.payload()).into_owned());
        if message.offset() == messages_count - 1 {
            break;
        }
    }
    second.close().await?;
    let distinct = processed.iter().collect::<BTreeSet<_>>().len();
    let resumed_at = resumed_at.expect("the second consumer read at least one message");
    let total = processed.len();
    println!("second consumer resumed at offset {resumed_at}; processed {total} in total, {distinct} distinct");
    client.delete_stream(stream).await?;
    client.close().await;
    Ok(Outcome { processed: processed.len(), distinct, resumed_at, committed })
}

#[allow(dead_code)]
#[tokio::main(flavor = "current_thread")]
async fn main() -> iggy_sdk::Result<()> {
    let connection_string = std::env::args().nth(1).unwrap_or_else(|| DEFAULT_CONNECTION_STRING.to_owned());
    run(&connection_string, "sample-at-least-once", 100).await.map(|_| ())
}
