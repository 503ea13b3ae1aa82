//! Connection behaviour: reconnect with re-login, the outcome-unknown rule, request timeouts, heartbeat, TLS.
//! The rule tests use a scripted loopback peer, so "the connection broke after the request left" is exact.

mod support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use iggy_sdk::codes::{command_code, compression_algorithm};
use iggy_sdk::{ClientConfig, Error, ErrorCode, IggyClient, IggyMessage, Partitioning, ProtocolVersion};
use support::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How the scripted peer treats one request: answer OK with an empty body, drop the connection, or stay silent.
#[derive(Clone, Copy, PartialEq)]
enum Act {
    Answer,
    Drop,
    Silent,
}

/// A loopback peer that logs every request code it reads and acts per `script(code, nth time seen)`.
struct ScriptedPeer {
    address: String,
    seen: Arc<Mutex<Vec<u32>>>,
}

impl ScriptedPeer {
    async fn start(script: fn(u32, usize) -> Act) -> ScriptedPeer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(serve(socket, log.clone(), script));
            }
        });
        ScriptedPeer { address, seen }
    }

    fn count(&self, code: u32) -> usize {
        self.seen.lock().unwrap().iter().filter(|c| **c == code).count()
    }

    /// The peer speaks 0.8 frames (tests/session_v09.rs scripts a 0.9 peer).
    fn config(&self) -> ClientConfig {
        let mut config = ClientConfig::from_address(&self.address).unwrap();
        config.protocol = ProtocolVersion::V0_8;
        config.reconnection_interval_ms = 10;
        config.heartbeat_interval_ms = 0;
        config
    }
}

async fn serve(mut socket: TcpStream, log: Arc<Mutex<Vec<u32>>>, script: fn(u32, usize) -> Act) {
    loop {
        let mut header = [0u8; 8];
        if socket.read_exact(&mut header).await.is_err() {
            return;
        }
        let length = u32::from_le_bytes(header[..4].try_into().unwrap()) as usize;
        let code = u32::from_le_bytes(header[4..].try_into().unwrap());
        let mut payload = vec![0u8; length - 4];
        if socket.read_exact(&mut payload).await.is_err() {
            return;
        }
        let nth = {
            let mut log = log.lock().unwrap();
            log.push(code);
            log.iter().filter(|c| **c == code).count()
        };
        match script(code, nth) {
            Act::Answer => {
                if socket.write_all(&[0u8; 8]).await.is_err() {
                    return;
                }
            }
            Act::Drop => return,
            Act::Silent => {}
        }
    }
}

fn messages() -> Vec<IggyMessage> {
    vec![IggyMessage::new("once")]
}

#[tokio::test]
async fn a_send_whose_connection_broke_fails_as_outcome_unknown_and_is_not_resent() {
    // Every SendMessages kills the connection after it was read; everything else is answered.
    let peer =
        ScriptedPeer::start(|code, _| if code == command_code::SEND_MESSAGES { Act::Drop } else { Act::Answer }).await;
    let client = IggyClient::new(peer.config()).unwrap();
    client.connect().await.unwrap();
    let error = client.send_messages(1, 1, &Partitioning::balanced(), &messages()).await.unwrap_err();
    assert!(matches!(error, Error::OutcomeUnknown { .. }), "{error}");
    assert!(error.is_connection_lost());
    assert_eq!(error.code(), ErrorCode::CONNECTION_CLOSED);
    client.ping().await.expect("the next request reconnects");
    assert_eq!(peer.count(command_code::SEND_MESSAGES), 1, "SendMessages must not be re-sent");
}

#[tokio::test]
async fn a_lookup_whose_connection_broke_is_replayed_once() {
    // The first GetStreams kills the connection; the replay on a new connection is answered (empty list).
    let peer = ScriptedPeer::start(
        |code, nth| {
            if code == command_code::GET_STREAMS && nth == 1 {
                Act::Drop
            } else {
                Act::Answer
            }
        },
    )
    .await;
    let client = IggyClient::new(peer.config()).unwrap();
    client.connect().await.unwrap();
    assert!(client.get_streams().await.unwrap().is_empty());
    assert_eq!(peer.count(command_code::GET_STREAMS), 2);
}

#[tokio::test]
async fn a_request_without_answer_times_out_and_the_next_one_reconnects() {
    let peer =
        ScriptedPeer::start(|code, nth| if code == command_code::PING && nth == 1 { Act::Silent } else { Act::Answer })
            .await;
    let mut config = peer.config();
    config.request_timeout_ms = 300;
    let client = IggyClient::new(config).unwrap();
    client.connect().await.unwrap();
    let error = client.ping().await.unwrap_err();
    assert!(error.is_timeout(), "{error}");
    assert_eq!(error.code(), ErrorCode::TASK_TIMEOUT);
    client.ping().await.expect("a fresh connection answers");
}

#[tokio::test]
async fn the_heartbeat_pings_in_the_background() {
    let peer = ScriptedPeer::start(|_, _| Act::Answer).await;
    let mut config = peer.config();
    config.heartbeat_interval_ms = 20;
    let client = IggyClient::new(config).unwrap();
    client.connect().await.unwrap();
    // Bounded wait for the first heartbeat; how soon it comes is not the point.
    for _ in 0..500 {
        if peer.count(command_code::PING) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(peer.count(command_code::PING) > 0);
    client.close().await;
}

#[tokio::test]
async fn connecting_to_nothing_fails_after_the_configured_attempts() {
    let unused = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = unused.local_addr().unwrap().to_string();
    drop(unused);
    let mut config = ClientConfig::from_address(&address).unwrap();
    config.reconnection_retries = Some(1);
    config.reconnection_interval_ms = 10;
    let error = IggyClient::new(config).unwrap().connect().await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::CANNOT_ESTABLISH_CONNECTION, "{error}");
}

async fn after_a_server_crash_the_client_reconnects_and_logs_in_again(version: ProtocolVersion) {
    let mut server = TestServer::start();
    let mut config = server.config_with(version);
    config.reconnection_retries = Some(50);
    config.reconnection_interval_ms = 100;
    let client = IggyClient::new(config).unwrap();
    client.connect().await.unwrap();
    client.create_stream("kept").await.unwrap();
    client.create_topic("kept", "t", 1, compression_algorithm::NONE, 0, 0, 0).await.unwrap();
    server.kill();
    server.restart();
    // GetStreams needs a login: it succeeds only if the new connection logged in again.
    let streams = client.get_streams().await.unwrap();
    assert_eq!(streams[0].name, "kept");
    client.send_messages("kept", "t", &Partitioning::balanced(), &messages()).await.unwrap();
}

#[cfg(feature = "tls")]
async fn tls_with_the_servers_ca(version: ProtocolVersion) {
    let server = TestServer::start_tls();
    let mut config = server.config_with(version);
    config.tls = true;
    config.tls_ca_file = server.ca_file.clone();
    config.tls_domain = Some("localhost".into());
    let client = IggyClient::new(config.clone()).unwrap();
    client.connect().await.unwrap();
    client.create_stream("over-tls").await.unwrap();
    assert_eq!(client.get_streams().await.unwrap().len(), 1);

    let mut untrusted = config.clone();
    untrusted.tls_ca_file = None;
    let error = IggyClient::new(untrusted).unwrap().connect().await.unwrap_err();
    assert!(matches!(error, Error::Tls(_)), "{error}");

    let mut wrong_name = config;
    wrong_name.tls_domain = Some("not-the-server.example".into());
    wrong_name.reconnection_retries = Some(0);
    let error = IggyClient::new(wrong_name).unwrap().connect().await.unwrap_err();
    assert!(matches!(error, Error::Tls(_)), "{error}");
}

in_both_protocols!(after_a_server_crash_the_client_reconnects_and_logs_in_again);
#[cfg(feature = "tls")]
in_both_protocols!(tls_with_the_servers_ca);
