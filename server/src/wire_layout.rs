// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! Field offsets and sizes of the fixed-size wire and disk layouts (message header, index entry).

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
