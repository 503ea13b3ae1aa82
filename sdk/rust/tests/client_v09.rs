//! What only Iggy 0.9 has, against a real server (the project's test launcher): send confirmations, client-side
//! partitioning, topic options and the catalog, SyncConsumerGroup and the cooperative consumer; and the same calls
//! refused with the option to set on a 0.8 connection.

mod support;

use std::collections::BTreeSet;
use std::time::Duration;

use iggy_sdk::{
    CompressionAlgorithm, ErrorCode, HeaderValue, IggyConsumer, IggyMessage, OptionScope, Options, Partitioning,
    ProtocolVersion, TopicSettings,
};
use support::TestServer;

const V0_9: ProtocolVersion = ProtocolVersion::V0_9;

#[tokio::test]
async fn sends_are_confirmed_and_partitioned_by_the_client() {
    let server = TestServer::start();
    let client = server.client_with(V0_9).await;
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", 3, CompressionAlgorithm::None.as_u8(), 0, 0, 0).await.unwrap();
    let mut partitions = Vec::new();
    for batch in 0..3u64 {
        let messages = [IggyMessage::new(format!("b{batch}"))];
        let confirmation = client.send_messages("s", "t", &Partitioning::balanced(), &messages).await.unwrap();
        let confirmation = confirmation.expect("a 0.9 server confirms a send");
        assert_eq!(confirmation.base_offset, 0, "each batch starts its partition");
        partitions.push(confirmation.partition_id);
    }
    assert_eq!(partitions.iter().collect::<BTreeSet<_>>().len(), 3, "balanced: round robin {partitions:?}");
    // One key, one partition, every time.
    let mut keyed = BTreeSet::new();
    for _ in 0..3 {
        let sent = client.send_messages("s", "t", &Partitioning::messages_key("k"), &[IggyMessage::new("x")]).await;
        keyed.insert(sent.unwrap().unwrap().partition_id);
    }
    assert_eq!(keyed.len(), 1);
    let second = client.send_messages("s", "t", &Partitioning::partition_id(0), &[IggyMessage::new("y")]).await;
    assert!(second.unwrap().unwrap().base_offset >= 1);
}

#[tokio::test]
async fn topics_carry_options_and_the_catalog_describes_them() {
    let server = TestServer::start();
    let client = server.client_with(V0_9).await;
    client.create_stream("s").await.unwrap();
    let settings = TopicSettings {
        compression_algorithm: Some(CompressionAlgorithm::Gzip),
        options: Options::new().unsigned("segment_size", 1 << 20),
        ..TopicSettings::default()
    };
    let topic = client.create_topic_with("s", "t", 1, &settings).await.unwrap();
    assert_eq!(topic.compression_algorithm, CompressionAlgorithm::Gzip.as_u8());
    let explicit = topic.option_values().unwrap();
    assert_eq!(explicit.get("compression_algorithm"), Some(&HeaderValue::string("gzip")));
    assert_eq!(explicit.get("durability"), Some(&HeaderValue::string("replicated")), "sent as the official client");
    assert!(explicit.contains_key("segment_size"));
    let derived = topic.derived_option_values().unwrap();
    assert!(derived.contains_key("message_expiry") && !derived.contains_key("segment_size"));

    // Update is a patch: only the expiry changes.
    let patch = TopicSettings { message_expiry_us: Some(60_000_000), ..TopicSettings::default() };
    client.update_topic_with("s", "t", "t", &patch).await.unwrap();
    let updated = client.get_topic("s", "t").await.unwrap().unwrap();
    assert_eq!(
        (updated.message_expiry, updated.compression_algorithm),
        (60_000_000, CompressionAlgorithm::Gzip.as_u8())
    );

    let unknown = TopicSettings { options: Options::new().text("no_such_key", "1"), ..TopicSettings::default() };
    let refused = client.create_topic_with("s", "u", 1, &unknown).await.unwrap_err();
    assert_eq!(refused.code(), ErrorCode::UNSUPPORTED_OPTION_KEY, "{refused}");
    let keyed_stream = client.create_stream_with_options("x", &Options::new().text("k", "v")).await.unwrap_err();
    assert_eq!(keyed_stream.code(), ErrorCode::UNSUPPORTED_OPTION_KEY, "streams have no keys in 0.9");

    let catalog = client.describe_options(OptionScope::Topic).await.unwrap();
    let keys: BTreeSet<&str> = catalog.iter().map(|entry| entry.key.as_str()).collect();
    let expected: BTreeSet<&str> = iggy_sdk::codec::OPTION_CATALOG.iter().map(|o| o.key).collect();
    assert_eq!(keys, expected);
    assert!(client.describe_options(OptionScope::Stream).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_0_8_connection_refuses_what_only_0_9_has() {
    let server = TestServer::start();
    let client = server.client_with(ProtocolVersion::V0_8).await;
    let error = client.describe_options(OptionScope::Topic).await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::FEATURE_UNAVAILABLE);
    assert!(error.message().contains("0.9"), "{error}");
    let error = client.sync_consumer_group("s", "t", "g").await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::FEATURE_UNAVAILABLE);
    assert!(error.message().contains("protocol=0.9"), "{error}");
    let error = client.create_stream_with_options("s", &Options::new().text("k", "v")).await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::FEATURE_UNAVAILABLE);
}

#[tokio::test]
async fn sync_names_the_members_partitions_and_generation() {
    let server = TestServer::start();
    let client = server.client_with(V0_9).await;
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", 2, CompressionAlgorithm::None.as_u8(), 0, 0, 0).await.unwrap();
    client.create_consumer_group("s", "t", "g").await.unwrap();
    assert!(client.sync_consumer_group("s", "t", "g").await.unwrap().is_none(), "not a member yet");
    client.join_consumer_group("s", "t", "g").await.unwrap();
    let first = client.sync_consumer_group("s", "t", "g").await.unwrap().expect("a member");
    assert_eq!(first.partitions.len(), 2);
    let other = server.client_with(V0_9).await;
    other.join_consumer_group("s", "t", "g").await.unwrap();
    // The rebalance hands one partition over; its generation grows.
    let mut latest = first.clone();
    for _ in 0..100 {
        latest = client.sync_consumer_group("s", "t", "g").await.unwrap().unwrap();
        if latest.partitions.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(latest.partitions.len(), 1, "{latest:?}");
    assert!(latest.generation > first.generation);
}

#[tokio::test]
async fn two_cooperative_members_share_a_topic_without_duplicates() {
    let server = TestServer::start();
    let client = server.client_with(V0_9).await;
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", 4, CompressionAlgorithm::None.as_u8(), 0, 0, 0).await.unwrap();
    for partition in 0..4u32 {
        let messages: Vec<IggyMessage> = (0..25).map(|i| IggyMessage::new(format!("p{partition}-{i}"))).collect();
        client.send_messages("s", "t", &Partitioning::partition_id(partition), &messages).await.unwrap();
    }
    let first_client = server.client_with(V0_9).await;
    let second_client = server.client_with(V0_9).await;
    let mut first =
        IggyConsumer::group(&first_client, "s", "t", "g").batch_length(5).poll_interval_ms(10).sync_interval_ms(50);
    let mut second =
        IggyConsumer::group(&second_client, "s", "t", "g").batch_length(5).poll_interval_ms(10).sync_interval_ms(50);
    let mut seen = Vec::new();
    // The first member starts alone (all four partitions), the second joins part-way: a revocation hand-off.
    for _ in 0..20 {
        if let Some(message) = first.try_next(Duration::from_secs(10)).await.unwrap() {
            seen.push(String::from_utf8_lossy(message.payload()).into_owned());
        }
    }
    second.init().await.unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while seen.len() < 100 && std::time::Instant::now() < deadline {
        for consumer in [&mut first, &mut second] {
            if let Some(message) = consumer.try_next(Duration::from_millis(20)).await.unwrap() {
                seen.push(String::from_utf8_lossy(message.payload()).into_owned());
            }
        }
    }
    let distinct: BTreeSet<&String> = seen.iter().collect();
    assert_eq!(distinct.len(), 100, "every message delivered");
    assert_eq!(seen.len(), 100, "and none twice");
    assert!(
        !first.assigned_partitions().is_empty() && !second.assigned_partitions().is_empty(),
        "both members own partitions"
    );
    first.close().await.unwrap();
    second.close().await.unwrap();
}
