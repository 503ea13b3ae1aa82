// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! Field offsets and sizes of the fixed-size wire and disk layouts (message header, index entry, a poll
//! answer's prefix; 0.9's request, reply and eviction headers, batch header and message frame header).

/// The 64-byte header in front of every message, on the wire and on disk.
#[allow(dead_code)]
pub mod message_header {
    /// Total size in bytes.
    pub const SIZE: usize = 64;
    /// XXH3-64 (seed 0) of the frame from byte 8 to the end; 0 on send, set by the server.
    pub const CHECKSUM_AT: usize = 0;
    pub const CHECKSUM_SIZE: usize = 8;
    /// Message id; 0 on send = server assigns a random UUIDv4.
    pub const ID_AT: usize = 8;
    pub const ID_SIZE: usize = 16;
    /// Partition offset; 0 on send, assigned by the server.
    pub const OFFSET_AT: usize = 24;
    pub const OFFSET_SIZE: usize = 8;
    /// Server append time (one value per batch); 0 on send.
    pub const TIMESTAMP_AT: usize = 32;
    pub const TIMESTAMP_SIZE: usize = 8;
    /// Client clock when the message was created.
    pub const ORIGIN_TIMESTAMP_AT: usize = 40;
    pub const ORIGIN_TIMESTAMP_SIZE: usize = 8;
    /// Size of the user headers after the payload (0 = none).
    pub const USER_HEADERS_LENGTH_AT: usize = 48;
    pub const USER_HEADERS_LENGTH_SIZE: usize = 4;
    /// Size of the payload (1..64 000 000).
    pub const PAYLOAD_LENGTH_AT: usize = 52;
    pub const PAYLOAD_LENGTH_SIZE: usize = 4;
    /// Always 0; clients reject a polled message whose reserved is not 0.
    pub const RESERVED_AT: usize = 56;
    pub const RESERVED_SIZE: usize = 8;
}

/// 16-byte index entry: the SendMessages index table and the on-disk .index file share this layout.
#[allow(dead_code)]
pub mod index_entry {
    /// Total size in bytes.
    pub const SIZE: usize = 16;
    /// 0 in SendMessages (else 4031); on disk: offset minus the segment's start offset.
    pub const RELATIVE_OFFSET_AT: usize = 0;
    pub const RELATIVE_OFFSET_SIZE: usize = 4;
    /// Cumulative END position of the message, from the start of the frames (or .log file).
    pub const POSITION_AT: usize = 4;
    pub const POSITION_SIZE: usize = 4;
    /// 0 in SendMessages (else 4032); on disk: the message's server timestamp.
    pub const TIMESTAMP_AT: usize = 8;
    pub const TIMESTAMP_SIZE: usize = 8;
}

/// Client to server (command 5).
#[allow(dead_code)]
pub mod request_header {
    /// Total size in bytes.
    pub const SIZE: usize = 256;
    /// 0 on client frames both ways (replica frames seal the header here).
    pub const CHECKSUM_AT: usize = 0;
    pub const CHECKSUM_SIZE: usize = 16;
    /// 0 on client frames both ways.
    pub const CHECKSUM_BODY_AT: usize = 16;
    pub const CHECKSUM_BODY_SIZE: usize = 16;
    /// Cluster id: clients send 0; replies echo the request's value.
    pub const CLUSTER_AT: usize = 32;
    pub const CLUSTER_SIZE: usize = 16;
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused.
    pub const SIZE_AT: usize = 48;
    pub const SIZE_SIZE: usize = 4;
    /// VSR view; 0 from clients and on a single node.
    pub const VIEW_AT: usize = 52;
    pub const VIEW_SIZE: usize = 4;
    /// Must be 0 on every header.
    pub const RELEASE_AT: usize = 56;
    pub const RELEASE_SIZE: usize = 4;
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub const COMMAND_AT: usize = 60;
    pub const COMMAND_SIZE: usize = 1;
    /// Replica index; 0 from clients and on a single node.
    pub const REPLICA_AT: usize = 61;
    pub const REPLICA_SIZE: usize = 1;
    /// Zero.
    pub const RESERVED_FRAME_AT: usize = 62;
    pub const RESERVED_FRAME_SIZE: usize = 66;
    /// The client's id for this session: random, never 0; a new one on every login, logout and reconnect.
    pub const CLIENT_AT: usize = 128;
    pub const CLIENT_SIZE: usize = 16;
    /// XXH3-64 of the body, zero-extended, on Register, Logout, metadata ops and DeleteSegments; 0 on partition ops and NonReplicated. A nonzero value that does not match the body is answered with status 4.
    pub const REQUEST_CHECKSUM_AT: usize = 144;
    pub const REQUEST_CHECKSUM_SIZE: usize = 16;
    /// 0 from clients; echoed in the reply.
    pub const TIMESTAMP_AT: usize = 160;
    pub const TIMESTAMP_SIZE: usize = 8;
    /// Request number: 0 on Register; replicated ops take 1, 2, 3, ... from one counter per session; NonReplicated carries the counter without taking a number.
    pub const REQUEST_AT: usize = 168;
    pub const REQUEST_SIZE: usize = 8;
    /// What the request does (the server routes on it).
    pub const OPERATION_AT: usize = 176;
    pub const OPERATION_SIZE: usize = 1;
    /// Zero.
    pub const OPERATION_PADDING_AT: usize = 177;
    pub const OPERATION_PADDING_SIZE: usize = 7;
    /// The session from the login reply; 0 on Register and on NonReplicated before login.
    pub const SESSION_AT: usize = 184;
    pub const SESSION_SIZE: usize = 8;
    /// 0 from clients; never trusted.
    pub const USER_ID_AT: usize = 192;
    pub const USER_ID_SIZE: usize = 4;
    /// The command code when operation is NonReplicated (the 0.8 command table); else 0.
    pub const CODE_AT: usize = 196;
    pub const CODE_SIZE: usize = 4;
    /// Zero.
    pub const RESERVED_AT: usize = 200;
    pub const RESERVED_SIZE: usize = 56;
}

/// Server to client (command 8): the answer to one request, in request order.
#[allow(dead_code)]
pub mod reply_header {
    /// Total size in bytes.
    pub const SIZE: usize = 256;
    /// 0 on client frames both ways (replica frames seal the header here).
    pub const CHECKSUM_AT: usize = 0;
    pub const CHECKSUM_SIZE: usize = 16;
    /// 0 on client frames both ways.
    pub const CHECKSUM_BODY_AT: usize = 16;
    pub const CHECKSUM_BODY_SIZE: usize = 16;
    /// Cluster id: clients send 0; replies echo the request's value.
    pub const CLUSTER_AT: usize = 32;
    pub const CLUSTER_SIZE: usize = 16;
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused.
    pub const SIZE_AT: usize = 48;
    pub const SIZE_SIZE: usize = 4;
    /// VSR view; 0 from clients and on a single node.
    pub const VIEW_AT: usize = 52;
    pub const VIEW_SIZE: usize = 4;
    /// Must be 0 on every header.
    pub const RELEASE_AT: usize = 56;
    pub const RELEASE_SIZE: usize = 4;
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub const COMMAND_AT: usize = 60;
    pub const COMMAND_SIZE: usize = 1;
    /// Replica index; 0 from clients and on a single node.
    pub const REPLICA_AT: usize = 61;
    pub const REPLICA_SIZE: usize = 1;
    /// Zero.
    pub const RESERVED_FRAME_AT: usize = 62;
    pub const RESERVED_FRAME_SIZE: usize = 66;
    /// Echo of the request's.
    pub const REQUEST_CHECKSUM_AT: usize = 128;
    pub const REQUEST_CHECKSUM_SIZE: usize = 16;
    /// 0.
    pub const CONTEXT_AT: usize = 144;
    pub const CONTEXT_SIZE: usize = 16;
    /// Echo of the request's client id.
    pub const CLIENT_AT: usize = 160;
    pub const CLIENT_SIZE: usize = 16;
    /// Committed replies: the op number; direct replies: the session. Clients ignore it.
    pub const OP_AT: usize = 176;
    pub const OP_SIZE: usize = 8;
    /// The server's commit number (never below op); clients only keep its maximum.
    pub const COMMIT_AT: usize = 184;
    pub const COMMIT_SIZE: usize = 8;
    /// Echo of the request's.
    pub const TIMESTAMP_AT: usize = 192;
    pub const TIMESTAMP_SIZE: usize = 8;
    /// Echo of the request's number (QUIC matches replies by it).
    pub const REQUEST_AT: usize = 200;
    pub const REQUEST_SIZE: usize = 8;
    /// Echo of the request's: clients decide from it whether the body starts with a result section.
    pub const OPERATION_AT: usize = 208;
    pub const OPERATION_SIZE: usize = 1;
    /// Zero.
    pub const OPERATION_PADDING_AT: usize = 209;
    pub const OPERATION_PADDING_SIZE: usize = 7;
    /// 0 = OK; else an error code of a failure before commit, and the body is then empty.
    pub const STATUS_AT: usize = 216;
    pub const STATUS_SIZE: usize = 4;
    /// Zero.
    pub const RESERVED_AT: usize = 220;
    pub const RESERVED_SIZE: usize = 36;
}

/// Server to client (command 13), header only: the session is over; the client reports the reason's error.
#[allow(dead_code)]
pub mod eviction_header {
    /// Total size in bytes.
    pub const SIZE: usize = 256;
    /// 0 on client frames both ways (replica frames seal the header here).
    pub const CHECKSUM_AT: usize = 0;
    pub const CHECKSUM_SIZE: usize = 16;
    /// 0 on client frames both ways.
    pub const CHECKSUM_BODY_AT: usize = 16;
    pub const CHECKSUM_BODY_SIZE: usize = 16;
    /// Cluster id: clients send 0; replies echo the request's value.
    pub const CLUSTER_AT: usize = 32;
    pub const CLUSTER_SIZE: usize = 16;
    /// Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused.
    pub const SIZE_AT: usize = 48;
    pub const SIZE_SIZE: usize = 4;
    /// VSR view; 0 from clients and on a single node.
    pub const VIEW_AT: usize = 52;
    pub const VIEW_SIZE: usize = 4;
    /// Must be 0 on every header.
    pub const RELEASE_AT: usize = 56;
    pub const RELEASE_SIZE: usize = 4;
    /// 5 Request, 8 Reply, 13 Eviction on a client connection.
    pub const COMMAND_AT: usize = 60;
    pub const COMMAND_SIZE: usize = 1;
    /// Replica index; 0 from clients and on a single node.
    pub const REPLICA_AT: usize = 61;
    pub const REPLICA_SIZE: usize = 1;
    /// Zero.
    pub const RESERVED_FRAME_AT: usize = 62;
    pub const RESERVED_FRAME_SIZE: usize = 66;
    /// The evicted client's id (never 0).
    pub const CLIENT_AT: usize = 128;
    pub const CLIENT_SIZE: usize = 16;
    /// With IncompatibleProtocol: the newest packed version served; else 0.
    pub const SERVER_PROTOCOL_VERSION_AT: usize = 144;
    pub const SERVER_PROTOCOL_VERSION_SIZE: usize = 4;
    /// With IncompatibleProtocol: the oldest packed version served (1 <= min <= max); else 0.
    pub const SERVER_PROTOCOL_VERSION_MIN_AT: usize = 148;
    pub const SERVER_PROTOCOL_VERSION_MIN_SIZE: usize = 4;
    /// Zero.
    pub const RESERVED_AT: usize = 152;
    pub const RESERVED_SIZE: usize = 103;
    /// Why.
    pub const REASON_AT: usize = 255;
    pub const REASON_SIZE: usize = 1;
}

/// The 256-byte header of a 0.9 message batch.
#[allow(dead_code)]
pub mod batch_header {
    /// Total size in bytes.
    pub const SIZE: usize = 256;
    /// 0 from the producer; the server stamps the partition it appends to.
    pub const PARTITION_ID_AT: usize = 0;
    pub const PARTITION_ID_SIZE: usize = 8;
    /// 0 from the producer; the offset of the batch's first message once stored.
    pub const BASE_OFFSET_AT: usize = 8;
    pub const BASE_OFFSET_SIZE: usize = 8;
    /// 0 from the producer; the server's append time, every message's timestamp.
    pub const BASE_TIMESTAMP_AT: usize = 16;
    pub const BASE_TIMESTAMP_SIZE: usize = 8;
    /// The smallest origin timestamp of the batch's messages (µs since the Unix epoch).
    pub const ORIGIN_TIMESTAMP_AT: usize = 24;
    pub const ORIGIN_TIMESTAMP_SIZE: usize = 8;
    /// 256 + the frames' bytes: the whole batch.
    pub const BATCH_LENGTH_AT: usize = 32;
    pub const BATCH_LENGTH_SIZE: usize = 8;
    /// XXH3-64 of header bytes 0..40 and 48..52, then each message's checksum (see above); 4039 when wrong.
    pub const BATCH_CHECKSUM_AT: usize = 40;
    pub const BATCH_CHECKSUM_SIZE: usize = 8;
    /// Number of messages, at least 1 (SendMessages: equal to messages_count).
    pub const MESSAGE_COUNT_AT: usize = 48;
    pub const MESSAGE_COUNT_SIZE: usize = 4;
    /// Zero; a decoder refuses anything else.
    pub const RESERVED_AT: usize = 52;
    pub const RESERVED_SIZE: usize = 204;
}

/// The 48-byte header of one message in a 0.9 batch.
#[allow(dead_code)]
pub mod frame_header {
    /// Total size in bytes.
    pub const SIZE: usize = 48;
    /// XXH3-64 of this frame from byte 8 to its end; 4027 when wrong.
    pub const CHECKSUM_AT: usize = 0;
    pub const CHECKSUM_SIZE: usize = 8;
    /// Message id, chosen by the producer (the official client replaces 0 with a random UUID before checksumming).
    pub const ID_AT: usize = 8;
    pub const ID_SIZE: usize = 16;
    /// Position in the batch, 0..n-1: offset = base_offset + offset_delta.
    pub const OFFSET_DELTA_AT: usize = 24;
    pub const OFFSET_DELTA_SIZE: usize = 4;
    /// Origin timestamp minus the batch's origin_timestamp (at most u32::MAX, else 4038).
    pub const TIMESTAMP_DELTA_AT: usize = 28;
    pub const TIMESTAMP_DELTA_SIZE: usize = 4;
    /// Byte size of the user headers.
    pub const USER_HEADERS_LENGTH_AT: usize = 32;
    pub const USER_HEADERS_LENGTH_SIZE: usize = 4;
    /// Byte size of the payload.
    pub const PAYLOAD_LENGTH_AT: usize = 36;
    pub const PAYLOAD_LENGTH_SIZE: usize = 4;
    /// Zero; a decoder refuses anything else.
    pub const RESERVED_AT: usize = 40;
    pub const RESERVED_SIZE: usize = 8;
}

/// The fixed prefix of a PollMessages answer (the PolledMessages fields before its frames).
#[allow(dead_code)]
pub mod poll_response_prefix {
    /// Total size in bytes.
    pub const SIZE: usize = 16;
    /// The partition actually read (consumer groups take it from here).
    pub const PARTITION_ID_AT: usize = 0;
    pub const PARTITION_ID_SIZE: usize = 4;
    /// The partition's last offset (0 when empty).
    pub const CURRENT_OFFSET_AT: usize = 4;
    pub const CURRENT_OFFSET_SIZE: usize = 8;
    /// Number of message frames that follow.
    pub const MESSAGES_COUNT_AT: usize = 12;
    pub const MESSAGES_COUNT_SIZE: usize = 4;
}
