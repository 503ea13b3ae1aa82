//! Byte layout of the Iggy 0.8 message header and index entry (reference §4.1, §5).

pub const HEADER_SIZE: usize = 64;
pub const INDEX_ENTRY_SIZE: usize = 16;

pub const CHECKSUM_AT: usize = 0;
pub const ID_AT: usize = 8;
pub const OFFSET_AT: usize = 24;
pub const TIMESTAMP_AT: usize = 32;
pub const USER_HEADERS_LENGTH_AT: usize = 48;
pub const PAYLOAD_LENGTH_AT: usize = 52;
pub const RESERVED_AT: usize = 56;

/// Index entry fields: relative offset u32 | cumulative end position u32 | timestamp u64.
pub const INDEX_OFFSET_AT: usize = 0;
pub const INDEX_POSITION_AT: usize = 4;
pub const INDEX_TIMESTAMP_AT: usize = 8;

pub const MAX_PAYLOAD_SIZE_BYTES: u64 = 64 * 1000 * 1000;
pub const MAX_USER_HEADERS_SIZE_BYTES: u64 = 100 * 1000;

#[inline]
pub fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4-byte slice"))
}

#[inline]
pub fn read_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8-byte slice"))
}

#[inline]
pub fn read_u128(bytes: &[u8], at: usize) -> u128 {
    u128::from_le_bytes(bytes[at..at + 16].try_into().expect("16-byte slice"))
}

#[inline]
pub fn write_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

#[inline]
pub fn write_u64(bytes: &mut [u8], at: usize, value: u64) {
    bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
}

/// Frame size announced by a header: 64 + payload + user headers (u64, cannot overflow).
#[inline]
pub fn frame_size_from_header(header: &[u8]) -> u64 {
    HEADER_SIZE as u64
        + u64::from(read_u32(header, PAYLOAD_LENGTH_AT))
        + u64::from(read_u32(header, USER_HEADERS_LENGTH_AT))
}

/// XXH3-64 (seed 0) over everything but the checksum field, as Iggy 0.8 stores it.
#[inline]
pub fn frame_checksum(frame: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(&frame[ID_AT..])
}

/// Cumulative end position stored in index entry `i`.
#[inline]
pub fn index_position(index: &[u8], i: usize) -> u32 {
    read_u32(index, i * INDEX_ENTRY_SIZE + INDEX_POSITION_AT)
}
