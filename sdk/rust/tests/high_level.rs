//! Producer, consumer and the three samples against a real server.

mod support;

#[path = "../examples/at_least_once.rs"]
mod at_least_once;
#[path = "../examples/basic.rs"]
mod basic;
#[path = "../examples/consumer_group.rs"]
mod consumer_group;

use std::collections::BTreeSet;
use std::time::Duration;

use iggy_sdk::codes::compression_algorithm;
use iggy_sdk::{
    AutoCommit, Consumer, Error, IggyClient, IggyConsumer, IggyMessage, IggyProducer, Partitioning, PollingStrategy,
    ProducerConfig, ProtocolVersion,
};
use support::TestServer;

async fn topic(client: &IggyClient, partitions: u32) {
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", partitions, compression_algorithm::NONE, 0, 0, 0).await.unwrap();
}

fn numbered(range: std::ops::Range<usize>) -> Vec<IggyMessage> {
    range.map(|i| IggyMessage::new(format!("m{i}"))).collect()
}

async fn stored_messages(client: &IggyClient, partitions: u32) -> Vec<String> {
    let mut all = Vec::new();
    for partition in 0..partitions {
        let polled = client
            .poll_messages("s", "t", Some(partition), &Consumer::consumer(9), &PollingStrategy::first(), 10_000, false)
            .await
            .unwrap();
        all.extend(polled.messages.iter().map(|m| String::from_utf8_lossy(&m.payload).into_owned()));
    }
    all
}

async fn direct_producer_sends_in_batches_in_order(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 1).await;
    let config = ProducerConfig { batch_length: 7, ..ProducerConfig::default() };
    let producer = IggyProducer::new(&client, "s", "t", config).unwrap();
    producer.send(numbered(0..50)).await.unwrap();
    let expected: Vec<String> = (0..50).map(|i| format!("m{i}")).collect();
    assert_eq!(stored_messages(&client, 1).await, expected);
}

async fn background_producer_flushes_and_closes_without_loss(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 3).await;
    let config = ProducerConfig {
        background: true,
        batch_length: 25,
        linger_ms: 1,
        partitioning: Partitioning::messages_key("same-key"),
        max_buffered_messages: 40,
        ..ProducerConfig::default()
    };
    let mut producer = IggyProducer::new(&client, "s", "t", config).unwrap();
    for chunk in 0..10 {
        producer.send(numbered(chunk * 30..chunk * 30 + 30)).await.unwrap();
    }
    producer.flush().await.unwrap();
    producer.send(numbered(300..310)).await.unwrap();
    producer.close().await.unwrap();
    assert!(producer.unsent_messages().is_empty());
    // One key: one partition, so the order is the send order.
    let expected: Vec<String> = (0..310).map(|i| format!("m{i}")).collect();
    assert_eq!(stored_messages(&client, 3).await, expected);
}

async fn a_full_buffer_fails_fast_when_told_not_to_wait(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 1).await;
    // The worker lingers (no batch is full), so the one buffered message stays queued until close.
    let config = ProducerConfig {
        background: true,
        batch_length: 1000,
        linger_ms: 60_000,
        max_buffered_messages: 1,
        block_when_full: false,
        ..ProducerConfig::default()
    };
    let mut producer = IggyProducer::new(&client, "s", "t", config).unwrap();
    producer.send(numbered(0..1)).await.unwrap();
    let error = producer.send(numbered(1..2)).await.unwrap_err();
    assert!(matches!(error, Error::BufferFull), "{error}");
    producer.close().await.unwrap();
    assert_eq!(stored_messages(&client, 1).await, ["m0"]);
}

async fn a_failed_batch_is_reported_and_kept(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    // No topic: every batch fails with a server error; close reports it and keeps the messages.
    client.create_stream("s").await.unwrap();
    let config = ProducerConfig { background: true, linger_ms: 1, ..ProducerConfig::default() };
    let mut producer = IggyProducer::new(&client, "s", "t", config).unwrap();
    producer.send(numbered(0..3)).await.unwrap();
    let error = producer.close().await.unwrap_err();
    assert!(error.is_not_found(), "{error}");
    assert_eq!(producer.unsent_messages().len(), 3);
}

async fn group_consumer_reads_everything_and_close_commits(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 2).await;
    for partition in 0..2 {
        let messages = numbered(partition * 10..partition * 10 + 10);
        client.send_messages("s", "t", &Partitioning::partition_id(partition as u32), &messages).await.unwrap();
    }
    let member = server.client_with(version).await;
    let mut consumer = IggyConsumer::group(&member, "s", "t", "g").batch_length(4).poll_interval_ms(10);
    let mut seen = BTreeSet::new();
    while seen.len() < 20 {
        let message = consumer.try_next(Duration::from_secs(30)).await.unwrap().expect("a message within the bound");
        seen.insert(String::from_utf8_lossy(message.payload()).into_owned());
    }
    consumer.close().await.unwrap();
    assert_eq!(seen.len(), 20);
    // The group's stored offsets cover everything handed out: a new member finds nothing left.
    let mut again = IggyConsumer::group(&member, "s", "t", "g").poll_interval_ms(10);
    assert!(again.try_next(Duration::from_millis(300)).await.unwrap().is_none());
    again.close().await.unwrap();
}

/// A group's position is its stored offset: with commits left to a long interval or to the application, a member
/// must neither stall nor hand a polled message out twice.
async fn group_member_without_eager_commits_delivers_each_message_once(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 1).await;
    client.send_messages("s", "t", &Partitioning::partition_id(0), &numbered(0..12)).await.unwrap();
    let interval = IggyConsumer::group(&client, "s", "t", "interval")
        .batch_length(5)
        .poll_interval_ms(10)
        .auto_commit(AutoCommit::Interval { interval_ms: 3_600_000 });
    let disabled = IggyConsumer::group(&client, "s", "t", "disabled")
        .batch_length(5)
        .poll_interval_ms(10)
        .auto_commit(AutoCommit::Disabled);
    for (mut consumer, application_commits) in [(interval, false), (disabled, true)] {
        let mut seen = Vec::new();
        // Bounded: a consumer handing messages out again would otherwise never run dry.
        while seen.len() <= 12 {
            let Some(message) = consumer.try_next(Duration::from_millis(500)).await.unwrap() else { break };
            seen.push(String::from_utf8_lossy(message.payload()).into_owned());
            if application_commits && seen.len() % 5 == 0 {
                consumer.commit().await.unwrap();
            }
        }
        let expected: Vec<String> = (0..12).map(|i| format!("m{i}")).collect();
        assert_eq!(seen, expected);
        consumer.close().await.unwrap();
    }
}

async fn single_consumer_polls_every_partition_round_robin(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 3).await;
    // Balanced partitioning picks one partition per batch, round robin: three batches cover the three partitions.
    for batch in 0..3 {
        client.send_messages("s", "t", &Partitioning::balanced(), &numbered(batch * 3..batch * 3 + 3)).await.unwrap();
    }
    let mut consumer = IggyConsumer::single(&client, "s", "t", 5, None)
        .polling_strategy(PollingStrategy::first())
        .auto_commit(AutoCommit::Disabled)
        .poll_interval_ms(10);
    let mut seen = BTreeSet::new();
    while seen.len() < 9 {
        let message = consumer.try_next(Duration::from_secs(30)).await.unwrap().expect("a message within the bound");
        seen.insert(String::from_utf8_lossy(message.payload()).into_owned());
    }
    consumer.commit().await.unwrap();
    assert_eq!(consumer.committed_offsets().len(), 3);
}

#[cfg(feature = "stream")]
async fn the_consumer_is_a_stream(version: ProtocolVersion) {
    use std::future::poll_fn;
    use std::pin::Pin;

    use futures_core::Stream;

    let server = TestServer::start();
    let client = server.client_with(version).await;
    topic(&client, 1).await;
    client.send_messages("s", "t", &Partitioning::balanced(), &numbered(0..3)).await.unwrap();
    let consumer = IggyConsumer::single(&client, "s", "t", 1, Some(0)).polling_strategy(PollingStrategy::first());
    let mut stream = consumer.into_stream();
    let mut payloads = Vec::new();
    for _ in 0..3 {
        let next = poll_fn(|cx| Pin::new(&mut stream).poll_next(cx)).await.expect("never ends").unwrap();
        payloads.push(String::from_utf8_lossy(next.payload()).into_owned());
    }
    assert_eq!(payloads, ["m0", "m1", "m2"]);
}

async fn sample_basic(version: ProtocolVersion) {
    let server = TestServer::start();
    let texts = basic::run(&server.connection_string(version), "sample-basic").await.unwrap();
    assert_eq!(texts, ["hello", "from", "rust"]);
}

async fn sample_consumer_group(version: ProtocolVersion) {
    let server = TestServer::start();
    let seen = consumer_group::run(&server.connection_string(version), "sample-group", 120).await.unwrap();
    let distinct: BTreeSet<&str> = seen.iter().map(|(_, _, payload)| payload.as_str()).collect();
    assert_eq!(distinct.len(), 120);
    assert_eq!(seen.len(), 120, "each message is processed by exactly one member");
}

async fn sample_at_least_once(version: ProtocolVersion) {
    let server = TestServer::start();
    let outcome = at_least_once::run(&server.connection_string(version), "sample-alo", 100).await.unwrap();
    assert_eq!(outcome.distinct, 100, "nothing is skipped");
    assert!(outcome.processed >= 100);
    // The second consumer resumes right after the last commit: at least once, never skipping.
    assert_eq!(outcome.resumed_at, outcome.committed.map_or(0, |offset| offset + 1));
}

in_both_protocols!(
    group_member_without_eager_commits_delivers_each_message_once,
    direct_producer_sends_in_batches_in_order,
    background_producer_flushes_and_closes_without_loss,
    a_full_buffer_fails_fast_when_told_not_to_wait,
    a_failed_batch_is_reported_and_kept,
    group_consumer_reads_everything_and_close_commits,
    single_consumer_polls_every_partition_round_robin,
    sample_basic,
    sample_consumer_group,
    sample_at_least_once,
);
#[cfg(feature = "stream")]
in_both_protocols!(the_consumer_is_a_stream);
