// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;


/** Field offsets and sizes of the fixed layouts the hot path reads in place. */
public final class Layout {
    private Layout() {}

    /** XXH3-64 (seed 0) of the frame from byte 8 to the end; 0 on send, set by the server. */
    public static final int HEADER_CHECKSUM_OFFSET = 0;
    public static final int HEADER_CHECKSUM_SIZE = 8;
    /** Message id; 0 on send = server assigns a random UUIDv4. */
    public static final int HEADER_ID_OFFSET = 8;
    public static final int HEADER_ID_SIZE = 16;
    /** Partition offset; 0 on send, assigned by the server. */
    public static final int HEADER_OFFSET_OFFSET = 24;
    public static final int HEADER_OFFSET_SIZE = 8;
    /** Server append time (one value per batch); 0 on send. */
    public static final int HEADER_TIMESTAMP_OFFSET = 32;
    public static final int HEADER_TIMESTAMP_SIZE = 8;
    /** Client clock when the message was created. */
    public static final int HEADER_ORIGIN_TIMESTAMP_OFFSET = 40;
    public static final int HEADER_ORIGIN_TIMESTAMP_SIZE = 8;
    /** Size of the user headers after the payload (0 = none). */
    public static final int HEADER_USER_HEADERS_LENGTH_OFFSET = 48;
    public static final int HEADER_USER_HEADERS_LENGTH_SIZE = 4;
    /** Size of the payload (1..64 000 000). */
    public static final int HEADER_PAYLOAD_LENGTH_OFFSET = 52;
    public static final int HEADER_PAYLOAD_LENGTH_SIZE = 4;
    /** Always 0; clients reject a polled message whose reserved is not 0. */
    public static final int HEADER_RESERVED_OFFSET = 56;
    public static final int HEADER_RESERVED_SIZE = 8;
    /** Total size of one message_header. */
    public static final int HEADER_SIZE = 64;

    /** 0 in SendMessages (else 4031); on disk: offset minus the segment's start offset. */
    public static final int INDEX_RELATIVE_OFFSET_OFFSET = 0;
    public static final int INDEX_RELATIVE_OFFSET_SIZE = 4;
    /** Cumulative END position of the message, from the start of the frames (or .log file). */
    public static final int INDEX_POSITION_OFFSET = 4;
    public static final int INDEX_POSITION_SIZE = 4;
    /** 0 in SendMessages (else 4032); on disk: the message's server timestamp. */
    public static final int INDEX_TIMESTAMP_OFFSET = 8;
    public static final int INDEX_TIMESTAMP_SIZE = 8;
    /** Total size of one index_entry. */
    public static final int INDEX_SIZE = 16;

    // Client to server (command 5). (protocol 0.9)
    /** 0 on client frames both ways (replica frames seal the header here). */
    public static final int REQUEST_HEADER_CHECKSUM_OFFSET = 0;
    public static final int REQUEST_HEADER_CHECKSUM_SIZE = 16;
    /** 0 on client frames both ways. */
    public static final int REQUEST_HEADER_CHECKSUM_BODY_OFFSET = 16;
    public static final int REQUEST_HEADER_CHECKSUM_BODY_SIZE = 16;
    /** Cluster id: clients send 0; replies echo the request's value. */
    public static final int REQUEST_HEADER_CLUSTER_OFFSET = 32;
    public static final int REQUEST_HEADER_CLUSTER_SIZE = 16;
    /** Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. */
    public static final int REQUEST_HEADER_SIZE_OFFSET = 48;
    public static final int REQUEST_HEADER_SIZE_SIZE = 4;
    /** VSR view; 0 from clients and on a single node. */
    public static final int REQUEST_HEADER_VIEW_OFFSET = 52;
    public static final int REQUEST_HEADER_VIEW_SIZE = 4;
    /** Must be 0 on every header. */
    public static final int REQUEST_HEADER_RELEASE_OFFSET = 56;
    public static final int REQUEST_HEADER_RELEASE_SIZE = 4;
    /** 5 Request, 8 Reply, 13 Eviction on a client connection. */
    public static final int REQUEST_HEADER_COMMAND_OFFSET = 60;
    public static final int REQUEST_HEADER_COMMAND_SIZE = 1;
    /** Replica index; 0 from clients and on a single node. */
    public static final int REQUEST_HEADER_REPLICA_OFFSET = 61;
    public static final int REQUEST_HEADER_REPLICA_SIZE = 1;
    /** Zero. */
    public static final int REQUEST_HEADER_RESERVED_FRAME_OFFSET = 62;
    public static final int REQUEST_HEADER_RESERVED_FRAME_SIZE = 66;
    /** The client's id for this session: random, never 0; a new one on every login, logout and reconnect. */
    public static final int REQUEST_HEADER_CLIENT_OFFSET = 128;
    public static final int REQUEST_HEADER_CLIENT_SIZE = 16;
    /** XXH3-64 of the body, zero-extended, on Register, Logout, metadata ops and DeleteSegments; 0 on partition ops and NonReplicated. A nonzero value that does not match the body is answered with status 4. */
    public static final int REQUEST_HEADER_REQUEST_CHECKSUM_OFFSET = 144;
    public static final int REQUEST_HEADER_REQUEST_CHECKSUM_SIZE = 16;
    /** 0 from clients; echoed in the reply. */
    public static final int REQUEST_HEADER_TIMESTAMP_OFFSET = 160;
    public static final int REQUEST_HEADER_TIMESTAMP_SIZE = 8;
    /** Request number: 0 on Register; replicated ops take 1, 2, 3, ... from one counter per session; NonReplicated carries the counter without taking a number. */
    public static final int REQUEST_HEADER_REQUEST_OFFSET = 168;
    public static final int REQUEST_HEADER_REQUEST_SIZE = 8;
    /** What the request does (the server routes on it). */
    public static final int REQUEST_HEADER_OPERATION_OFFSET = 176;
    public static final int REQUEST_HEADER_OPERATION_SIZE = 1;
    /** Zero. */
    public static final int REQUEST_HEADER_OPERATION_PADDING_OFFSET = 177;
    public static final int REQUEST_HEADER_OPERATION_PADDING_SIZE = 7;
    /** The session from the login reply; 0 on Register and on NonReplicated before login. */
    public static final int REQUEST_HEADER_SESSION_OFFSET = 184;
    public static final int REQUEST_HEADER_SESSION_SIZE = 8;
    /** 0 from clients; never trusted. */
    public static final int REQUEST_HEADER_USER_ID_OFFSET = 192;
    public static final int REQUEST_HEADER_USER_ID_SIZE = 4;
    /** The command code when operation is NonReplicated (the 0.8 command table); else 0. */
    public static final int REQUEST_HEADER_CODE_OFFSET = 196;
    public static final int REQUEST_HEADER_CODE_SIZE = 4;
    /** Zero. */
    public static final int REQUEST_HEADER_RESERVED_OFFSET = 200;
    public static final int REQUEST_HEADER_RESERVED_SIZE = 56;
    /** Total size of one RequestHeader. */
    public static final int REQUEST_HEADER_SIZE = 256;

    // Server to client (command 8): the answer to one request, in request order. (protocol 0.9)
    /** 0 on client frames both ways (replica frames seal the header here). */
    public static final int REPLY_HEADER_CHECKSUM_OFFSET = 0;
    public static final int REPLY_HEADER_CHECKSUM_SIZE = 16;
    /** 0 on client frames both ways. */
    public static final int REPLY_HEADER_CHECKSUM_BODY_OFFSET = 16;
    public static final int REPLY_HEADER_CHECKSUM_BODY_SIZE = 16;
    /** Cluster id: clients send 0; replies echo the request's value. */
    public static final int REPLY_HEADER_CLUSTER_OFFSET = 32;
    public static final int REPLY_HEADER_CLUSTER_SIZE = 16;
    /** Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. */
    public static final int REPLY_HEADER_SIZE_OFFSET = 48;
    public static final int REPLY_HEADER_SIZE_SIZE = 4;
    /** VSR view; 0 from clients and on a single node. */
    public static final int REPLY_HEADER_VIEW_OFFSET = 52;
    public static final int REPLY_HEADER_VIEW_SIZE = 4;
    /** Must be 0 on every header. */
    public static final int REPLY_HEADER_RELEASE_OFFSET = 56;
    public static final int REPLY_HEADER_RELEASE_SIZE = 4;
    /** 5 Request, 8 Reply, 13 Eviction on a client connection. */
    public static final int REPLY_HEADER_COMMAND_OFFSET = 60;
    public static final int REPLY_HEADER_COMMAND_SIZE = 1;
    /** Replica index; 0 from clients and on a single node. */
    public static final int REPLY_HEADER_REPLICA_OFFSET = 61;
    public static final int REPLY_HEADER_REPLICA_SIZE = 1;
    /** Zero. */
    public static final int REPLY_HEADER_RESERVED_FRAME_OFFSET = 62;
    public static final int REPLY_HEADER_RESERVED_FRAME_SIZE = 66;
    /** Echo of the request's. */
    public static final int REPLY_HEADER_REQUEST_CHECKSUM_OFFSET = 128;
    public static final int REPLY_HEADER_REQUEST_CHECKSUM_SIZE = 16;
    /** 0. */
    public static final int REPLY_HEADER_CONTEXT_OFFSET = 144;
    public static final int REPLY_HEADER_CONTEXT_SIZE = 16;
    /** Echo of the request's client id. */
    public static final int REPLY_HEADER_CLIENT_OFFSET = 160;
    public static final int REPLY_HEADER_CLIENT_SIZE = 16;
    /** Committed replies: the op number; direct replies: the session. Clients ignore it. */
    public static final int REPLY_HEADER_OP_OFFSET = 176;
    public static final int REPLY_HEADER_OP_SIZE = 8;
    /** The server's commit number (never below op); clients only keep its maximum. */
    public static final int REPLY_HEADER_COMMIT_OFFSET = 184;
    public static final int REPLY_HEADER_COMMIT_SIZE = 8;
    /** Echo of the request's. */
    public static final int REPLY_HEADER_TIMESTAMP_OFFSET = 192;
    public static final int REPLY_HEADER_TIMESTAMP_SIZE = 8;
    /** Echo of the request's number (QUIC matches replies by it). */
    public static final int REPLY_HEADER_REQUEST_OFFSET = 200;
    public static final int REPLY_HEADER_REQUEST_SIZE = 8;
    /** Echo of the request's: clients decide from it whether the body starts with a result section. */
    public static final int REPLY_HEADER_OPERATION_OFFSET = 208;
    public static final int REPLY_HEADER_OPERATION_SIZE = 1;
    /** Zero. */
    public static final int REPLY_HEADER_OPERATION_PADDING_OFFSET = 209;
    public static final int REPLY_HEADER_OPERATION_PADDING_SIZE = 7;
    /** 0 = OK; else an error code of a failure before commit, and the body is then empty. */
    public static final int REPLY_HEADER_STATUS_OFFSET = 216;
    public static final int REPLY_HEADER_STATUS_SIZE = 4;
    /** Zero. */
    public static final int REPLY_HEADER_RESERVED_OFFSET = 220;
    public static final int REPLY_HEADER_RESERVED_SIZE = 36;
    /** Total size of one ReplyHeader. */
    public static final int REPLY_HEADER_SIZE = 256;

    // Server to client (command 13), header only: the session is over; the client reports the reason's error. (protocol 0.9)
    /** 0 on client frames both ways (replica frames seal the header here). */
    public static final int EVICTION_HEADER_CHECKSUM_OFFSET = 0;
    public static final int EVICTION_HEADER_CHECKSUM_SIZE = 16;
    /** 0 on client frames both ways. */
    public static final int EVICTION_HEADER_CHECKSUM_BODY_OFFSET = 16;
    public static final int EVICTION_HEADER_CHECKSUM_BODY_SIZE = 16;
    /** Cluster id: clients send 0; replies echo the request's value. */
    public static final int EVICTION_HEADER_CLUSTER_OFFSET = 32;
    public static final int EVICTION_HEADER_CLUSTER_SIZE = 16;
    /** Whole frame: 256 + body bytes; below 256 or above VSR_MAX_FRAME_BYTES is refused. */
    public static final int EVICTION_HEADER_SIZE_OFFSET = 48;
    public static final int EVICTION_HEADER_SIZE_SIZE = 4;
    /** VSR view; 0 from clients and on a single node. */
    public static final int EVICTION_HEADER_VIEW_OFFSET = 52;
    public static final int EVICTION_HEADER_VIEW_SIZE = 4;
    /** Must be 0 on every header. */
    public static final int EVICTION_HEADER_RELEASE_OFFSET = 56;
    public static final int EVICTION_HEADER_RELEASE_SIZE = 4;
    /** 5 Request, 8 Reply, 13 Eviction on a client connection. */
    public static final int EVICTION_HEADER_COMMAND_OFFSET = 60;
    public static final int EVICTION_HEADER_COMMAND_SIZE = 1;
    /** Replica index; 0 from clients and on a single node. */
    public static final int EVICTION_HEADER_REPLICA_OFFSET = 61;
    public static final int EVICTION_HEADER_REPLICA_SIZE = 1;
    /** Zero. */
    public static final int EVICTION_HEADER_RESERVED_FRAME_OFFSET = 62;
    public static final int EVICTION_HEADER_RESERVED_FRAME_SIZE = 66;
    /** The evicted client's id (never 0). */
    public static final int EVICTION_HEADER_CLIENT_OFFSET = 128;
    public static final int EVICTION_HEADER_CLIENT_SIZE = 16;
    /** With IncompatibleProtocol: the newest packed version served; else 0. */
    public static final int EVICTION_HEADER_SERVER_PROTOCOL_VERSION_OFFSET = 144;
    public static final int EVICTION_HEADER_SERVER_PROTOCOL_VERSION_SIZE = 4;
    /** With IncompatibleProtocol: the oldest packed version served (1 &lt;= min &lt;= max); else 0. */
    public static final int EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_OFFSET = 148;
    public static final int EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_SIZE = 4;
    /** Zero. */
    public static final int EVICTION_HEADER_RESERVED_OFFSET = 152;
    public static final int EVICTION_HEADER_RESERVED_SIZE = 103;
    /** Why. */
    public static final int EVICTION_HEADER_REASON_OFFSET = 255;
    public static final int EVICTION_HEADER_REASON_SIZE = 1;
    /** Total size of one EvictionHeader. */
    public static final int EVICTION_HEADER_SIZE = 256;

    // The 256-byte header of a 0.9 message batch. (protocol 0.9)
    /** 0 from the producer; the server stamps the partition it appends to. */
    public static final int BATCH_HEADER_PARTITION_ID_OFFSET = 0;
    public static final int BATCH_HEADER_PARTITION_ID_SIZE = 8;
    /** 0 from the producer; the offset of the batch's first message once stored. */
    public static final int BATCH_HEADER_BASE_OFFSET_OFFSET = 8;
    public static final int BATCH_HEADER_BASE_OFFSET_SIZE = 8;
    /** 0 from the producer; the server's append time, every message's timestamp. */
    public static final int BATCH_HEADER_BASE_TIMESTAMP_OFFSET = 16;
    public static final int BATCH_HEADER_BASE_TIMESTAMP_SIZE = 8;
    /** The smallest origin timestamp of the batch's messages (µs since the Unix epoch). */
    public static final int BATCH_HEADER_ORIGIN_TIMESTAMP_OFFSET = 24;
    public static final int BATCH_HEADER_ORIGIN_TIMESTAMP_SIZE = 8;
    /** 256 + the frames' bytes: the whole batch. */
    public static final int BATCH_HEADER_BATCH_LENGTH_OFFSET = 32;
    public static final int BATCH_HEADER_BATCH_LENGTH_SIZE = 8;
    /** XXH3-64 of header bytes 0..40 and 48..52, then each message's checksum (see above); 4039 when wrong. */
    public static final int BATCH_HEADER_BATCH_CHECKSUM_OFFSET = 40;
    public static final int BATCH_HEADER_BATCH_CHECKSUM_SIZE = 8;
    /** Number of messages, at least 1 (SendMessages: equal to messages_count). */
    public static final int BATCH_HEADER_MESSAGE_COUNT_OFFSET = 48;
    public static final int BATCH_HEADER_MESSAGE_COUNT_SIZE = 4;
    /** Zero; a decoder refuses anything else. */
    public static final int BATCH_HEADER_RESERVED_OFFSET = 52;
    public static final int BATCH_HEADER_RESERVED_SIZE = 204;
    /** Total size of one batch_header. */
    public static final int BATCH_HEADER_SIZE = 256;

    // The 48-byte header of one message in a 0.9 batch. (protocol 0.9)
    /** XXH3-64 of this frame from byte 8 to its end; 4027 when wrong. */
    public static final int FRAME_HEADER_CHECKSUM_OFFSET = 0;
    public static final int FRAME_HEADER_CHECKSUM_SIZE = 8;
    /** Message id, chosen by the producer (the official client replaces 0 with a random UUID before checksumming). */
    public static final int FRAME_HEADER_ID_OFFSET = 8;
    public static final int FRAME_HEADER_ID_SIZE = 16;
    /** Position in the batch, 0..n-1: offset = base_offset + offset_delta. */
    public static final int FRAME_HEADER_OFFSET_DELTA_OFFSET = 24;
    public static final int FRAME_HEADER_OFFSET_DELTA_SIZE = 4;
    /** Origin timestamp minus the batch's origin_timestamp (at most u32::MAX, else 4038). */
    public static final int FRAME_HEADER_TIMESTAMP_DELTA_OFFSET = 28;
    public static final int FRAME_HEADER_TIMESTAMP_DELTA_SIZE = 4;
    /** Byte size of the user headers. */
    public static final int FRAME_HEADER_USER_HEADERS_LENGTH_OFFSET = 32;
    public static final int FRAME_HEADER_USER_HEADERS_LENGTH_SIZE = 4;
    /** Byte size of the payload. */
    public static final int FRAME_HEADER_PAYLOAD_LENGTH_OFFSET = 36;
    public static final int FRAME_HEADER_PAYLOAD_LENGTH_SIZE = 4;
    /** Zero; a decoder refuses anything else. */
    public static final int FRAME_HEADER_RESERVED_OFFSET = 40;
    public static final int FRAME_HEADER_RESERVED_SIZE = 8;
    /** Total size of one frame_header. */
    public static final int FRAME_HEADER_SIZE = 48;
}
