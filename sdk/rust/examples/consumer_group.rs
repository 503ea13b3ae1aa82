//! Consumer-group sample: a producer fills a 3-partition topic; two group members share the work.
//!
//! Run: cargo run --example consumer_group [CONNECTION_STRING]
//! Each message is processed by exactly one member; the sample prints how the partitions were split.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iggy_sdk::codes::compression_algorithm;
use iggy_sdk::{IggyClient, IggyConsumer, IggyMessage, IggyProducer, ProducerConfig};

pub const DEFAULT_CONNECTION_STRING: &str = "iggy://iggy:iggy@127.0.0.1:8090";
/// Bounds the sample: members stop when everything is processed or after this many empty waits.
const MAX_IDLE_ROUNDS: usize = 600;

/// (member, partition, payload) for every processed message.
pub type Seen = Vec<(usize, u32, String)>;

async fn member(
    connection_string: String,
    stream: String,
    id: usize,
    total: usize,
    seen: Arc<Mutex<Seen>>,
    processed: Arc<AtomicUsize>,
) -> iggy_sdk::Result<()> {
    // Group membership belongs to a connection: each member has its own client.
    let client = IggyClient::from_connection_string(&connection_string)?;
    client.connect().await?;
    let mut consumer =
        IggyConsumer::group(&client, stream.as_str(), "orders", "workers").batch_length(20).poll_interval_ms(20);
    consumer.init().await?;
    let mut idle_rounds = 0;
    while processed.load(Ordering::SeqCst) < total && idle_rounds < MAX_IDLE_ROUNDS {
        match consumer.try_next(Duration::from_millis(100)).await? {
            Some(message) => {
                let payload = String::from_utf8_lossy(message.payload()).into_owned();
                seen.lock().expect("seen").push((id, message.partition_id, payload));
                processed.fetch_add(1, Ordering::SeqCst);
            }
            None => idle_rounds += 1,
        }
    }
    consumer.close().await?; // final commit + leave the group
    client.close().await;
    Ok(())
}

pub async fn run(connection_string: &str, stream: &str, messages_count: usize) -> iggy_sdk::Result<Seen> {
    let admin = IggyClient::from_connection_string(connection_string)?;
    admin.connect().await?;
    if admin.get_stream(stream).await?.is_some() {
        admin.delete_stream(stream).await?;
    }
    admin.create_stream(stream).await?;
    admin.create_topic(stream, "orders", 3, compression_algorithm::NONE, 0, 0, 0).await?;
    let config = ProducerConfig { batch_length: 100, ..ProducerConfig::default() }; // balanced partitioning
    let mut producer = IggyProducer::new(&admin, stream, "orders", config)?;
    producer.send((0..messages_count).map(|i| IggyMessage::new(format!("order-{i}"))).collect()).await?;
    producer.close().await?;

    let seen = Arc::new(Mutex::new(Vec::new()));
    let processed = Arc::new(AtomicUsize::new(0));
    let members = (0..2).map(|id| {
        tokio::spawn(member(
            connection_string.to_owned(),
            stream.to_owned(),
            id,
            messages_count,
            seen.clone(),
            processed.clone(),
        ))
    });
    for handle in members.collect::<Vec<_>>() {
        handle.await.expect("member task")?;
    }
    let seen = std::mem::take(&mut *seen.lock().expect("seen"));
    let distinct: BTreeSet<&str> = seen.iter().map(|(_, _, payload)| payload.as_str()).collect();
    println!("processed {} messages ({} distinct)", seen.len(), distinct.len());
    for id in 0..2 {
        let partitions: BTreeSet<u32> = seen.iter().filter(|(m, _, _)| *m == id).map(|(_, p, _)| *p).collect();
        let count = seen.iter().filter(|(m, _, _)| *m == id).count();
        println!("member-{id}: {count} messages from partitions {partitions:?}");
    }
    admin.delete_stream(stream).await?;
    admin.close().await;
    Ok(seen)
}

#[allow(dead_code)]
#[tokio::main(flavor = "current_thread")]
async fn main() -> iggy_sdk::Result<()> {
    let connection_string = std::env::args().nth(1).unwrap_or_else(|| DEFAULT_CONNECTION_STRING.to_owned());
    run(&connection_string, "sample-consumer-group", 300).await.map(|_| ())
}
