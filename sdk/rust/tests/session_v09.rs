//! The 0.9 session rules against a scripted loopback peer that speaks 0.9 frames (what a real server cannot show on
//! demand: a dropped connection after a send, an eviction, a transient answer), and the protocol-mismatch texts
//! of the shared vectors against peers that speak only 0.8 or only 0.9.

use std::hash::Hasher;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use iggy_sdk::codec::{
    EvictionHeader, EvictionReason, Operation, ProtocolVersion, ReplyHeader, RequestHeader, SendMessagesRequest,
};
use iggy_sdk::codes::{command_code, header_command};
use iggy_sdk::runtime::{Reader, Writer};
use iggy_sdk::{ClientConfig, Error, ErrorCode, IggyClient, IggyMessage, Partitioning};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const SESSION: u64 = 7;
const V0_9: ProtocolVersion = ProtocolVersion::V0_9;

/// How the peer treats a request: answer OK (Register binds SESSION), drop the connection, evict, answer a
/// status, or answer 57 TransientNotCommitted.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Act {
    Answer,
    Drop,
    Evict(EvictionReason),
    Status(u32),
    Transient,
}

/// One request as the peer read it.
#[derive(Clone, Debug)]
struct Seen {
    header: RequestHeader,
    header_bytes: Bytes,
    body: Bytes,
    connection: usize,
}

impl Seen {
    /// The command: the header's code for NonReplicated requests, else the operation.
    fn operation(&self) -> Operation {
        Operation::from_u8(self.header.operation).expect("a known operation")
    }
}

type Script = fn(&Seen, usize) -> Act;

struct Peer {
    address: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Peer {
    async fn start(script: Script) -> Peer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        tokio::spawn(async move {
            let mut connection = 0;
            while let Ok((socket, _)) = listener.accept().await {
                connection += 1;
                tokio::spawn(serve(socket, log.clone(), script, connection));
            }
        });
        Peer { address, seen }
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    fn config(&self) -> ClientConfig {
        let mut config = ClientConfig::from_address(&self.address).unwrap();
        config.username = Some("iggy".into());
        config.password = Some("iggy".into());
        config.reconnection_interval_ms = 10;
        config.heartbeat_interval_ms = 0;
        config.request_timeout_ms = 2_000;
        config
    }

    async fn client(&self) -> IggyClient {
        let client = IggyClient::new(self.config()).unwrap();
        client.connect().await.unwrap();
        client
    }
}

fn reply_frame(request: &RequestHeader, status: u32, body: &[u8]) -> Vec<u8> {
    let header = ReplyHeader {
        checksum: 0,
        checksum_body: 0,
        cluster: 0,
        size: 256 + body.len() as u32,
        view: 0,
        release: 0,
        command: header_command::REPLY,
        replica: 0,
        request_checksum: request.request_checksum,
        context: 0,
        client: request.client,
        op: SESSION,
        commit: SESSION,
        timestamp: 0,
        request: request.request,
        operation: request.operation,
        status,
    };
    let mut w = Writer::with_version(V0_9);
    header.encode(&mut w).unwrap();
    w.bytes(body);
    w.as_slice().to_vec()
}

fn eviction_frame(request: &RequestHeader, reason: EvictionReason) -> Vec<u8> {
    let header = EvictionHeader {
        checksum: 0,
        checksum_body: 0,
        cluster: 0,
        size: 256,
        view: 0,
        release: 0,
        command: header_command::EVICTION,
        replica: 0,
        client: request.client,
        server_protocol_version: 0,
        server_protocol_version_min: 0,
        reason: reason.as_u8(),
    };
    let mut w = Writer::with_version(V0_9);
    header.encode(&mut w).unwrap();
    w.as_slice().to_vec()
}

/// The OK body of `request`: a login answer for Register, a success result section for result-framed operations.
fn ok_body(request: &RequestHeader) -> Vec<u8> {
    let operation = Operation::from_u8(request.operation).unwrap();
    let mut w = Writer::with_version(V0_9);
    if operation == Operation::Register {
        w.u32(0); // result section: no entries
        w.u32(0); // user id
        w.u64(SESSION);
        w.u32(iggy_sdk::codes::constants::PROTOCOL_VERSION_0_9);
        w.name("fake").unwrap();
    } else if operation == Operation::CreateStream {
        // A StreamDetails with no topics after the empty result section.
        w.u32(0);
        w.u32(0);
        w.u64(1);
        w.u32(0);
        w.u64(0);
        w.u64(0);
        w.name("s").unwrap();
        w.u32(0);
    } else if operation.result_framed() {
        w.u32(0);
    }
    w.as_slice().to_vec()
}

async fn serve(mut socket: TcpStream, log: Arc<Mutex<Vec<Seen>>>, script: Script, connection: usize) {
    loop {
        let mut header = vec![0u8; 256];
        if socket.read_exact(&mut header).await.is_err() {
            return;
        }
        let size = u32::from_le_bytes(header[48..52].try_into().unwrap()) as usize;
        let mut body = vec![0u8; size - 256];
        if socket.read_exact(&mut body).await.is_err() {
            return;
        }
        let header_bytes = Bytes::from(header);
        let request = RequestHeader::decode(&mut Reader::with_version(header_bytes.clone(), V0_9)).unwrap();
        let seen = Seen { header: request.clone(), header_bytes, body: Bytes::from(body), connection };
        let nth = {
            let mut log = log.lock().unwrap();
            log.push(seen.clone());
            log.iter().filter(|s| s.header.operation == request.operation && s.header.code == request.code).count()
        };
        let frame = match script(&seen, nth) {
            Act::Answer => reply_frame(&request, 0, &ok_body(&request)),
            Act::Drop => return,
            Act::Evict(reason) => eviction_frame(&request, reason),
            Act::Status(code) => reply_frame(&request, code, &[]),
            Act::Transient => reply_frame(&request, iggy_sdk::codes::error_code::TRANSIENT_NOT_COMMITTED, &[]),
        };
        if socket.write_all(&frame).await.is_err() {
            return;
        }
    }
}

fn xxh3(bytes: &[u8]) -> u128 {
    u128::from(twox_hash::XxHash3_64::oneshot(bytes))
}

#[tokio::test]
async fn login_registers_and_requests_are_numbered() {
    let peer = Peer::start(|_, _| Act::Answer).await;
    let client = peer.client().await;
    client.create_stream("s").await.unwrap();
    client.ping().await.unwrap();
    client.create_stream("s").await.unwrap();
    let seen = peer.seen();
    let register = &seen[0];
    assert_eq!(register.operation(), Operation::Register);
    assert_eq!((register.header.request, register.header.session, register.header.code), (0, 0, 0));
    assert_ne!(register.header.client, 0);
    assert_eq!(register.header.request_checksum, xxh3(&register.body), "Register stamps xxh3(body)");
    let first = &seen[1];
    assert_eq!(first.operation(), Operation::CreateStream);
    assert_eq!((first.header.request, first.header.session), (1, SESSION));
    assert_eq!(first.header.request_checksum, xxh3(&first.body));
    let ping = &seen[2];
    assert_eq!((ping.operation(), ping.header.code), (Operation::NonReplicated, command_code::PING));
    assert_eq!((ping.header.request, ping.header.request_checksum), (2, 0), "NonReplicated takes no number");
    assert_eq!(seen[3].header.request, 2, "the next replicated request takes the number the ping carried");
    assert!(seen.iter().all(|s| s.header.client == register.header.client));
}

#[tokio::test]
async fn a_send_is_a_checksummed_batch_on_the_partition_plane() {
    let peer = Peer::start(|_, _| Act::Answer).await;
    let client = peer.client().await;
    let messages =
        [IggyMessage::new("hello").with_id(5), IggyMessage::new("world").with_headers([("k", "v")]).unwrap()];
    let confirmation = client.send_messages(1, 1, &Partitioning::partition_id(0), &messages).await.unwrap();
    assert!(confirmation.is_none(), "the peer reported no confirmation (empty body)");
    let send = peer.seen().into_iter().find(|s| s.operation() == Operation::SendMessages).unwrap();
    assert_eq!((send.header.request, send.header.request_checksum), (1, 0), "partition plane: no checksum");
    let request = SendMessagesRequest::decode(&mut Reader::with_version(send.body.clone(), V0_9)).unwrap();
    let batch = request.batch.unwrap();
    assert_eq!(batch.frames.len(), 2);
    assert_eq!(batch.frames[0].id, 5);
    assert_ne!(batch.frames[1].id, 0, "id 0 becomes a random UUID");
    assert_eq!((batch.frames[1].id >> 52) & 0xf, 4, "a version-4 UUID (byte 6, high nibble)");
    // Each frame's checksum is xxh3 of its bytes from 8 on; the batch's covers header 0..40, 48..52 and them.
    let mut frame_at =
        send.body.len() - batch.frames.iter().map(|f| 48 + f.payload.len() + f.user_headers.len()).sum::<usize>();
    let header_at = frame_at - 256;
    let mut checksums = Vec::new();
    for frame in &batch.frames {
        let end = frame_at + 48 + frame.payload.len() + frame.user_headers.len();
        assert_eq!(u128::from(frame.checksum), xxh3(&send.body[frame_at + 8..end]));
        checksums.extend_from_slice(&frame.checksum.to_le_bytes());
        frame_at = end;
    }
    let header = &send.body[header_at..header_at + 256];
    let mut hasher = twox_hash::XxHash3_64::new();
    hasher.write(&header[..40]);
    hasher.write(&header[48..52]);
    hasher.write(&checksums);
    assert_eq!(batch.batch_checksum, hasher.finish());
}

#[tokio::test]
async fn a_send_whose_connection_broke_is_not_resent_under_a_new_identity() {
    let peer =
        Peer::start(|seen, _| if seen.operation() == Operation::SendMessages { Act::Drop } else { Act::Answer }).await;
    let client = peer.client().await;
    let error =
        client.send_messages(1, 1, &Partitioning::partition_id(0), &[IggyMessage::new("once")]).await.unwrap_err();
    assert!(matches!(error, Error::OutcomeUnknown { .. }), "{error}");
    client.ping().await.expect("the next request reconnects and registers again");
    let seen = peer.seen();
    assert_eq!(seen.iter().filter(|s| s.operation() == Operation::SendMessages).count(), 1, "never re-sent");
    let registers: Vec<&Seen> = seen.iter().filter(|s| s.operation() == Operation::Register).collect();
    assert_eq!(registers.len(), 2, "a new connection registers again");
    assert_ne!(registers[0].header.client, registers[1].header.client, "under a new client id");
    assert_eq!(registers[1].connection, 2);
}

#[tokio::test]
async fn a_wrong_password_is_a_typed_eviction() {
    let peer = Peer::start(|seen, _| {
        if seen.operation() == Operation::Register {
            Act::Evict(EvictionReason::InvalidCredentials)
        } else {
            Act::Answer
        }
    })
    .await;
    let error = IggyClient::new(peer.config()).unwrap().connect().await.unwrap_err();
    assert_eq!(error.eviction_reason(), Some(EvictionReason::InvalidCredentials), "{error}");
    assert!(error.is_invalid_credentials());
    assert_eq!(error.code(), ErrorCode::INVALID_CREDENTIALS);
}

#[tokio::test]
async fn a_lookup_evicted_for_no_session_registers_again_and_is_replayed_once() {
    let peer = Peer::start(|seen, nth| {
        if seen.header.code == command_code::GET_STREAMS && nth == 1 {
            Act::Evict(EvictionReason::NoSession)
        } else if seen.header.code == command_code::GET_STREAMS {
            Act::Status(iggy_sdk::codes::error_code::STREAM_ID_NOT_FOUND) // any answer: the replay arrived
        } else {
            Act::Answer
        }
    })
    .await;
    let client = peer.client().await;
    let error = client.get_streams().await.unwrap_err();
    assert_eq!(error.code(), ErrorCode::STREAM_ID_NOT_FOUND, "the replay's answer: {error}");
    let seen = peer.seen();
    assert_eq!(seen.iter().filter(|s| s.operation() == Operation::Register).count(), 2);
    // A write evicted the same way is not replayed: its error is returned.
    let peer = Peer::start(|seen, _| {
        if seen.operation() == Operation::DeleteStream {
            Act::Evict(EvictionReason::StaleClient)
        } else {
            Act::Answer
        }
    })
    .await;
    let client = peer.client().await;
    let error = client.delete_stream(1).await.unwrap_err();
    assert_eq!(error.eviction_reason(), Some(EvictionReason::StaleClient));
    assert_eq!(peer.seen().iter().filter(|s| s.operation() == Operation::DeleteStream).count(), 1);
}

#[tokio::test]
async fn a_transient_answer_sends_the_identical_frame_again() {
    let peer =
        Peer::start(
            |seen, nth| {
                if seen.operation() == Operation::CreateStream && nth == 1 {
                    Act::Transient
                } else {
                    Act::Answer
                }
            },
        )
        .await;
    let client = peer.client().await;
    client.create_stream("s").await.unwrap();
    let creates: Vec<Seen> = peer.seen().into_iter().filter(|s| s.operation() == Operation::CreateStream).collect();
    assert_eq!(creates.len(), 2);
    assert_eq!(creates[0].header_bytes, creates[1].header_bytes, "same client, session and number");
    assert_eq!(creates[0].connection, creates[1].connection);
}

#[tokio::test]
async fn logout_and_a_new_login_start_a_new_identity() {
    let peer = Peer::start(|_, _| Act::Answer).await;
    let client = peer.client().await;
    client.logout_user().await.unwrap();
    client.ping().await.unwrap();
    client.login_user("iggy", "iggy").await.unwrap();
    client.login_user("iggy", "iggy").await.unwrap();
    let seen = peer.seen();
    let logout = seen.iter().find(|s| s.operation() == Operation::Logout).unwrap();
    assert_eq!((logout.header.request, logout.header.request_checksum), (1, xxh3(&[])));
    let ping = seen.iter().find(|s| s.header.code == command_code::PING).unwrap();
    assert_eq!(ping.header.session, 0, "after logout the session is gone");
    assert_ne!(ping.header.client, logout.header.client, "and so is the client id");
    let registers: Vec<u128> =
        seen.iter().filter(|s| s.operation() == Operation::Register).map(|s| s.header.client).collect();
    assert_eq!(registers.len(), 3);
    assert_ne!(registers[1], registers[2], "every login is a new identity");
}

/// The shared `protocol.mismatch` vectors: what each client reports when the server speaks the other protocol.
fn mismatch_vectors() -> Vec<serde_json::Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../protocol-spec/fixtures/connection_strings.json");
    let vectors: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    vectors["protocol"]["mismatch"].as_array().unwrap().clone()
}

/// A peer that answers every request with `answer` (after reading `read` bytes), or closes at once when empty.
async fn one_answer_peer(read: usize, answer: Vec<u8>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let answer = answer.clone();
            tokio::spawn(async move {
                let mut request = vec![0u8; read];
                if answer.is_empty() || socket.read_exact(&mut request).await.is_err() {
                    return;
                }
                let _ = socket.write_all(&answer).await;
                let _ = socket.read(&mut request).await; // keep the connection until the client goes
            });
        }
    });
    address
}

#[tokio::test]
async fn the_other_protocols_answer_names_the_option_to_set() {
    let vectors = mismatch_vectors();
    assert_eq!(vectors.len(), 4);
    for vector in vectors {
        let client_version = ProtocolVersion::from_name(vector["client"].as_str().unwrap()).unwrap();
        let code = ErrorCode(vector["error_code"].as_u64().unwrap() as u32);
        let address = if code == ErrorCode::CONNECTION_CLOSED {
            one_answer_peer(0, Vec::new()).await
        } else if client_version == V0_9 {
            // An Iggy 0.8 server answers a 0.9 header's first 8 bytes as a frame: `status | 0`.
            let status = vector["status"].as_u64().unwrap() as u32;
            one_answer_peer(8, [status.to_le_bytes(), 0u32.to_le_bytes()].concat()).await
        } else {
            // An Iggy 0.9 server reading a 0.8 Ping: a whole 256-byte reply.
            let request = RequestHeader {
                checksum: 0,
                checksum_body: 0,
                cluster: 0,
                size: 256,
                view: 0,
                release: 0,
                command: header_command::REQUEST,
                replica: 0,
                client: 1,
                request_checksum: 0,
                timestamp: 0,
                request: 1,
                operation: Operation::NonReplicated.as_u8(),
                session: 0,
                user_id: 0,
                code: command_code::PING,
            };
            one_answer_peer(8, reply_frame(&request, 0, &[])).await
        };
        let mut config = ClientConfig::from_address(&address).unwrap();
        config.protocol = client_version;
        config.heartbeat_interval_ms = 0;
        config.reconnection_retries = Some(0);
        let client = IggyClient::new(config).unwrap();
        client.connect().await.unwrap();
        // 0.8's Ping answer may be empty, so the 0.8 client's first request is one whose answer never is.
        let error = if client_version == V0_9 { client.ping().await } else { client.get_stats().await.map(|_| ()) };
        let error = error.unwrap_err();
        assert_eq!(error.code(), code, "{vector}: {error}");
        assert_eq!(error.message(), vector["message"].as_str().unwrap(), "{vector}");
    }
}
