//! Helpers over the message header and index entry; their offsets and sizes come from the generated
//! `wire_layout` (protocol-spec), never from here.

use crate::wire_layout::message_header;

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
    message_header::SIZE as u64
        + u64::from(read_u32(header, message_header::PAYLOAD_LENGTH_AT))
        + u64::from(read_u32(header, message_header::USER_HEADERS_LENGTH_AT))
}

/// XXH3-64 (seed 0) over everything but the checksum field, as Iggy 0.8 stores it.
#[inline]
pub fn frame_checksum(frame: &[u8]) -> u64 {
    twox_hash::XxHash3_64::oneshot(&frame[message_header::ID_AT..])
}
