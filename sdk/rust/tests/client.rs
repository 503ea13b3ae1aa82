//! IggyClient against a real server (the project's test launcher): every command group.

mod support;

use iggy_sdk::codec::StreamPermissions;
use iggy_sdk::codes::{compression_algorithm, snapshot_compression, snapshot_type, user_status};
use iggy_sdk::{
    Consumer, ErrorCode, HeaderValue, IggyClient, IggyMessage, Partitioning, Permissions, PollingStrategy,
    ProtocolVersion,
};
use support::TestServer;

fn read_only_permissions(stream_id: u32) -> Permissions {
    Permissions {
        manage_servers: false,
        read_servers: true,
        manage_users: false,
        read_users: false,
        manage_streams: false,
        read_streams: true,
        manage_topics: false,
        read_topics: true,
        poll_messages: true,
        send_messages: false,
        streams: vec![StreamPermissions {
            stream_id,
            manage_stream: false,
            read_stream: true,
            manage_topics: false,
            read_topics: true,
            poll_messages: true,
            send_messages: false,
            topics: vec![],
        }],
    }
}

async fn streams_topics_partitions_and_segments(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;

    let stream = client.create_stream("orders").await.unwrap();
    assert_eq!(stream.name, "orders");
    let duplicate = client.create_stream("orders").await.unwrap_err();
    assert!(duplicate.is_already_exists(), "{duplicate}");
    assert_eq!(duplicate.code(), ErrorCode::STREAM_NAME_ALREADY_EXISTS);
    // Over TCP the server answers only the code: the text names what the call named.
    assert_eq!(duplicate.message(), "Stream with name: orders already exists.");
    assert!(client.get_stream("missing").await.unwrap().is_none());

    let topic = client.create_topic("orders", "events", 2, compression_algorithm::NONE, 0, 0, 0).await.unwrap();
    assert_eq!(topic.partitions.len(), 2);
    let missing = client
        .send_messages("orders", "events", &Partitioning::partition_id(9), &[IggyMessage::new("x")])
        .await
        .unwrap_err();
    assert!(missing.is_not_found(), "{missing}");
    assert_eq!(
        missing.message(),
        "Partition with ID: 9 for topic with ID: events for stream with ID: orders was not found."
    );
    let by_id = client.get_topic(stream.id, topic.id).await.unwrap().expect("topic by numeric ids");
    assert_eq!(by_id.name, "events");
    assert_eq!(client.get_topics("orders").await.unwrap().len(), 1);
    assert_eq!(client.get_stream("orders").await.unwrap().unwrap().topics.len(), 1);

    client.update_topic("orders", "events", "events2", compression_algorithm::GZIP, 0, 0, 0).await.unwrap();
    let updated = client.get_topic("orders", "events2").await.unwrap().unwrap();
    assert_eq!(updated.compression_algorithm, compression_algorithm::GZIP);

    client.create_partitions("orders", "events2", 3).await.unwrap();
    client.delete_partitions("orders", "events2", 1).await.unwrap();
    assert_eq!(client.get_topic("orders", "events2").await.unwrap().unwrap().partitions.len(), 4);
    client.delete_segments("orders", "events2", 0, 1).await.unwrap();

    client.purge_topic("orders", "events2").await.unwrap();
    client.update_stream("orders", "orders2").await.unwrap();
    assert_eq!(client.get_streams().await.unwrap()[0].name, "orders2");
    client.purge_stream("orders2").await.unwrap();
    client.delete_topic("orders2", "events2").await.unwrap();
    client.delete_stream("orders2").await.unwrap();
    let gone = client.delete_stream("orders2").await.unwrap_err();
    assert!(gone.is_not_found(), "{gone}");
    client.close().await;
}

async fn messages_offsets_and_headers(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", 1, compression_algorithm::NONE, 0, 0, 0).await.unwrap();

    let messages = vec![
        IggyMessage::new("first")
            .with_id(7)
            .with_headers([("kind", HeaderValue::string("greeting")), ("n", HeaderValue::uint32(3))])
            .unwrap(),
        IggyMessage::new(vec![0u8; 1000]),
    ];
    client.send_messages("s", "t", &Partitioning::partition_id(0), &messages).await.unwrap();
    client.send_messages("s", "t", &Partitioning::messages_key("k"), &[IggyMessage::new("third")]).await.unwrap();
    client.flush_unsaved_buffer("s", "t", 0, true).await.unwrap();

    let consumer = Consumer::consumer(1);
    let polled =
        client.poll_messages("s", "t", Some(0), &consumer, &PollingStrategy::first(), 10, false).await.unwrap();
    assert_eq!(polled.messages.len(), 3);
    assert_eq!(&polled.messages[0].payload[..], b"first");
    assert_eq!(polled.messages[0].id, 7);
    let headers = polled.messages[0].headers().unwrap();
    assert_eq!(headers[0], (HeaderValue::string("kind"), HeaderValue::string("greeting")));
    assert_eq!(headers[1], (HeaderValue::string("n"), HeaderValue::uint32(3)));
    assert_eq!(polled.messages[1].payload.len(), 1000);
    assert_eq!(polled.messages[2].offset, 2);

    assert!(client.get_consumer_offset(&consumer, "s", "t", Some(0)).await.unwrap().is_none());
    client.store_consumer_offset(&consumer, "s", "t", Some(0), 1).await.unwrap();
    let stored = client.get_consumer_offset(&consumer, "s", "t", Some(0)).await.unwrap().unwrap();
    assert_eq!((stored.stored_offset, stored.current_offset), (1, 2));
    let next = client.poll_messages("s", "t", Some(0), &consumer, &PollingStrategy::next(), 10, true).await.unwrap();
    assert_eq!(next.messages.iter().map(|m| m.offset).collect::<Vec<_>>(), [2]);
    client.delete_consumer_offset(&consumer, "s", "t", Some(0)).await.unwrap();

    let empty = client.send_messages("s", "t", &Partitioning::balanced(), &[]).await.unwrap_err();
    assert_eq!(empty.code(), ErrorCode::INVALID_FORMAT);
    let missing = client.send_messages("nope", "t", &Partitioning::balanced(), &messages).await.unwrap_err();
    assert!(missing.is_not_found(), "{missing}");
}

async fn users_tokens_and_sessions(version: ProtocolVersion) {
    let server = TestServer::start();
    let root = server.client_with(version).await;
    let stream = root.create_stream("s").await.unwrap();

    let user = root.create_user("reader", "secret1", user_status::ACTIVE, Some(read_only_permissions(stream.id))).await;
    let user = user.unwrap();
    assert_eq!(user.permissions, Some(read_only_permissions(stream.id)));
    assert_eq!(root.get_user("reader").await.unwrap().unwrap().id, user.id);
    assert_eq!(root.get_users().await.unwrap().len(), 2);
    root.update_user("reader", Some("reader2"), Some(user_status::ACTIVE)).await.unwrap();
    root.update_permissions("reader2", None).await.unwrap();
    assert_eq!(root.get_user("reader2").await.unwrap().unwrap().permissions, None);
    root.update_permissions("reader2", Some(read_only_permissions(stream.id))).await.unwrap();
    root.change_password("reader2", "secret1", "secret2").await.unwrap();

    let reader = IggyClient::new(server.config_with(version)).unwrap();
    reader.connect().await.unwrap();
    assert_eq!(reader.login_user("reader2", "secret2").await.unwrap(), user.id);
    let denied = reader.create_stream("x").await.unwrap_err();
    assert!(denied.is_unauthorized(), "{denied}");
    let wrong = reader.login_user("reader2", "wrong").await.unwrap_err();
    assert!(wrong.is_invalid_credentials(), "{wrong}");

    let token = root.create_personal_access_token("ci-token", 0).await.unwrap();
    assert_eq!(root.get_personal_access_tokens().await.unwrap()[0].name, "ci-token");
    let mut config = server.config_with(version);
    config.username = None;
    config.password = None;
    config.token = Some(token);
    let by_token = IggyClient::new(config).unwrap();
    by_token.connect().await.unwrap();
    assert_eq!(by_token.get_me().await.unwrap().user_id, 0);
    by_token.logout_user().await.unwrap();
    let logged_out = by_token.get_streams().await.unwrap_err();
    assert!(logged_out.is_unauthenticated(), "{logged_out}");
    root.delete_personal_access_token("ci-token").await.unwrap();
    root.delete_user("reader2").await.unwrap();
}

async fn system_commands(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    client.ping().await.unwrap();
    let me = client.get_me().await.unwrap();
    assert!(client.get_client(me.client_id).await.unwrap().is_some());
    assert!(!client.get_clients().await.unwrap().is_empty());
    assert_eq!(client.get_stats().await.unwrap().streams_count, 0);
    assert!(!client.get_cluster_metadata().await.unwrap().nodes.is_empty());
    let zip = client.get_snapshot(snapshot_compression::DEFLATED, vec![snapshot_type::TEST]).await.unwrap();
    assert!(zip.starts_with(b"PK\x03\x04"));

    let anonymous = IggyClient::new(iggy_sdk::ClientConfig {
        protocol: version,
        ..iggy_sdk::ClientConfig::from_address(&server.address).unwrap()
    })
    .unwrap();
    anonymous.connect().await.unwrap();
    anonymous.ping().await.unwrap();
    assert!(anonymous.get_stats().await.unwrap_err().is_unauthenticated());
}

async fn consumer_groups(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = server.client_with(version).await;
    client.create_stream("s").await.unwrap();
    client.create_topic("s", "t", 2, compression_algorithm::NONE, 0, 0, 0).await.unwrap();
    let group = client.create_consumer_group("s", "t", "g").await.unwrap();
    assert_eq!(group.partitions_count, 2);
    client.join_consumer_group("s", "t", "g").await.unwrap();
    let details = client.get_consumer_group("s", "t", "g").await.unwrap().unwrap();
    assert_eq!(details.members.len(), 1);
    assert_eq!(details.members[0].partition_ids.len(), 2);
    assert_eq!(client.get_me().await.unwrap().consumer_groups.len(), 1);
    assert_eq!(client.get_consumer_groups("s", "t").await.unwrap().len(), 1);
    client.leave_consumer_group("s", "t", "g").await.unwrap();
    client.delete_consumer_group("s", "t", group.id).await.unwrap();
    assert!(client.get_consumer_group("s", "t", "g").await.unwrap().is_none());
}

async fn closed_and_unopened_clients_answer_not_connected(version: ProtocolVersion) {
    let server = TestServer::start();
    let client = IggyClient::new(server.config_with(version)).unwrap();
    assert_eq!(client.ping().await.unwrap_err().code(), ErrorCode::NOT_CONNECTED);
    client.connect().await.unwrap();
    client.ping().await.unwrap();
    client.close().await;
    assert_eq!(client.ping().await.unwrap_err().code(), ErrorCode::NOT_CONNECTED);
}

in_both_protocols!(
    streams_topics_partitions_and_segments,
    messages_offsets_and_headers,
    users_tokens_and_sessions,
    system_commands,
    consumer_groups,
    closed_and_unopened_clients_answer_not_connected,
);
