//! SendMessages batches: validation (Iggy 0.8 rules, in Iggy's order) and in-place stamping.
//!
//! The request carries `count x 16` index bytes and the frames back to back. Validation reads only;
//! stamping runs after a successful validation, so a rejected batch leaves both buffers untouched.
//! Stamping turns the request index table into the segment index entries in place, so the caller can
//! write both buffers to the segment files without building anything else.

use std::cell::RefCell;

use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

use crate::codes::error_code as code;
use crate::failure::{Checked, Failure};
use crate::codes::constants::{MESSAGE_PAYLOAD_MAX_BYTES, USER_HEADERS_MAX_BYTES};
use crate::layout::*;
use crate::wire_layout::{index_entry, message_header};

/// Validates a batch exactly as the 0.8 server does (plus two stricter checks, see below).
///
/// Order: count 0 → INVALID_MESSAGES_COUNT; index table size → INVALID_INDEXES_BYTE_SIZE /
/// INVALID_INDEXES_COUNT; then per message i: index offset / timestamp fields must be 0
/// (NON_ZERO_OFFSET / NON_ZERO_TIMESTAMP); the message spans `[end(i-1), end(i))` taken from the index
/// (the last one ends at the end of the frames) and must be at least a header long and hold the size its
/// header announces (MISSING_INDEX); payload ≤ 64 MB (TOO_BIG_MESSAGE_PAYLOAD); user headers ≤ 100 kB
/// (TOO_BIG_USER_HEADERS); header offsets and index positions never decrease (INVALID_OFFSET /
/// CANNOT_READ_INDEX_POSITION). Finally the header-announced sizes must add up to the frames length
/// (INVALID_MESSAGES_SIZE).
///
/// Stricter than 0.8: an empty payload → EMPTY_MESSAGE_PAYLOAD (the SDKs never send one) and a non-zero
/// reserved field → INVALID_RESERVED_FIELD (0.8 would store it and every client would then reject the
/// polled message).
pub fn validate(index: &[u8], frames: &[u8], messages_count: u32) -> Checked<()> {
    if messages_count == 0 {
        return Err(Failure::new(code::INVALID_MESSAGES_COUNT, "a batch needs at least one message"));
    }
    if !index.len().is_multiple_of(index_entry::SIZE) {
        return Err(Failure::new(
            code::INVALID_INDEXES_BYTE_SIZE,
            format!("index table of {} bytes is not a multiple of 16", index.len()),
        ));
    }
    let count = messages_count as usize;
    if index.len() / index_entry::SIZE != count {
        return Err(Failure::new(
            code::INVALID_INDEXES_COUNT,
            format!("{} index entries for {} messages", index.len() / index_entry::SIZE, count),
        ));
    }
    let mut start = 0usize;
    let mut previous_offset = 0u64;
    let mut previous_position = 0u32;
    let mut announced_total = 0u64;
    for i in 0..count {
        let entry = &index[i * index_entry::SIZE..(i + 1) * index_entry::SIZE];
        let entry_offset = read_u32(entry, index_entry::RELATIVE_OFFSET_AT);
        if entry_offset != 0 {
            return Err(Failure::new(
                code::NON_ZERO_OFFSET,
                format!("index entry {i} has offset {entry_offset}; clients must send 0"),
            ));
        }
        let entry_timestamp = read_u64(entry, index_entry::TIMESTAMP_AT);
        if entry_timestamp != 0 {
            return Err(Failure::new(
                code::NON_ZERO_TIMESTAMP,
                format!("index entry {i} has timestamp {entry_timestamp}; clients must send 0"),
            ));
        }
        let position = read_u32(entry, index_entry::POSITION_AT);
        let end = if i + 1 == count { frames.len() } else { position as usize };
        if end > frames.len() || start > end || end - start < message_header::SIZE {
            return Err(Failure::new(
                code::MISSING_INDEX,
                format!(
                    "message {i}: index boundaries [{start}, {end}) are not a message within {} bytes",
                    frames.len()
                ),
            ));
        }
        let frame = &frames[start..end];
        let announced = frame_size_from_header(frame);
        if announced > frame.len() as u64 {
            return Err(Failure::new(
                code::MISSING_INDEX,
                format!("message {i}: header announces {announced} bytes but the index gives {}", frame.len()),
            ));
        }
        let payload_length = u64::from(read_u32(frame, message_header::PAYLOAD_LENGTH_AT));
        if payload_length > u64::from(MESSAGE_PAYLOAD_MAX_BYTES) {
            return Err(Failure::new(
                code::TOO_BIG_MESSAGE_PAYLOAD,
                format!("message {i}: payload of {payload_length} bytes exceeds {MESSAGE_PAYLOAD_MAX_BYTES}"),
            ));
        }
        let user_headers_length = u64::from(read_u32(frame, message_header::USER_HEADERS_LENGTH_AT));
        if user_headers_length > u64::from(USER_HEADERS_MAX_BYTES) {
            return Err(Failure::new(
                code::TOO_BIG_USER_HEADERS,
                format!(
                    "message {i}: user headers of {user_headers_length} bytes exceed {USER_HEADERS_MAX_BYTES}"
                ),
            ));
        }
        let message_offset = read_u64(frame, message_header::OFFSET_AT);
        if message_offset < previous_offset {
            return Err(Failure::new(
                code::INVALID_OFFSET,
                format!("message {i}: offset field {message_offset} is below the previous {previous_offset}"),
            ));
        }
        if position < previous_position {
            return Err(Failure::new(
                code::CANNOT_READ_INDEX_POSITION,
                format!("index entry {i}: position {position} is below the previous {previous_position}"),
            ));
        }
        if payload_length == 0 {
            return Err(Failure::new(code::EMPTY_MESSAGE_PAYLOAD, format!("message {i}: empty payload")));
        }
        let reserved = read_u64(frame, message_header::RESERVED_AT);
        if reserved != 0 {
            return Err(Failure::new(
                code::INVALID_RESERVED_FIELD,
                format!("message {i}: reserved header field is {reserved}, must be 0"),
            ));
        }
        previous_offset = message_offset;
        previous_position = position;
        announced_total += announced;
        start = end;
    }
    if announced_total != frames.len() as u64 {
        return Err(Failure::new(
            code::INVALID_MESSAGES_SIZE,
            format!("message headers announce {announced_total} bytes, the batch has {}", frames.len()),
        ));
    }
    Ok(())
}

/// Where a validated batch goes: its first offset and its place in the active segment.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    pub base_offset: u64,
    pub segment_start_offset: u64,
    pub segment_position_bytes: u64,
    pub timestamp_us: u64,
}

/// Validates, then stamps offsets, the batch timestamp, ids (for id 0) and checksums into the frames, and
/// rewrites the index table into segment index entries. Returns the segment end position after the batch.
pub fn validate_and_stamp(
    index: &mut [u8],
    frames: &mut [u8],
    messages_count: u32,
    placement: Placement,
) -> Checked<u64> {
    validate(index, frames, messages_count)?;
    let count = messages_count as u64;
    check_placement(frames.len() as u64, count, placement)?;
    let mut random_ids = fresh_ids(frames, messages_count as usize)?;
    let mut start = 0usize;
    for i in 0..messages_count as usize {
        let size = frame_size_from_header(&frames[start..]) as usize;
        let end = start + size;
        let frame = &mut frames[start..end];
        let offset = placement.base_offset + i as u64;
        write_u64(frame, message_header::OFFSET_AT, offset);
        write_u64(frame, message_header::TIMESTAMP_AT, placement.timestamp_us);
        if read_u128(frame, message_header::ID_AT) == 0 {
            let id = random_ids.next().expect("one random id per zero id");
            frame[message_header::ID_AT..message_header::ID_AT + 16].copy_from_slice(&id);
        }
        let checksum = frame_checksum(frame);
        write_u64(frame, message_header::CHECKSUM_AT, checksum);
        let entry = &mut index[i * index_entry::SIZE..(i + 1) * index_entry::SIZE];
        write_u32(entry, index_entry::RELATIVE_OFFSET_AT, (offset - placement.segment_start_offset) as u32);
        write_u32(entry, index_entry::POSITION_AT, (placement.segment_position_bytes + end as u64) as u32);
        write_u64(entry, index_entry::TIMESTAMP_AT, placement.timestamp_us);
        start = end;
    }
    Ok(placement.segment_position_bytes + frames.len() as u64)
}

/// Stamps the XXH3 checksum of each of `messages_count` whole frames filling `frames` (frames the server built
/// itself: a stored encrypted message decrypted for a poll). CANNOT_READ_MESSAGE when they do not fill it exactly.
pub fn stamp_checksums(frames: &mut [u8], messages_count: u32) -> Checked<()> {
    let mut start = 0usize;
    for i in 0..messages_count {
        let left = frames.len() - start;
        if left < message_header::SIZE || frame_size_from_header(&frames[start..]) > left as u64 {
            let message = format!("message {i} is not whole ({left} bytes left)");
            return Err(Failure::new(code::CANNOT_READ_MESSAGE, message));
        }
        let size = frame_size_from_header(&frames[start..]);
        let frame = &mut frames[start..start + size as usize];
        let checksum = frame_checksum(frame);
        write_u64(frame, message_header::CHECKSUM_AT, checksum);
        start += size as usize;
    }
    if start != frames.len() {
        return Err(Failure::new(
            code::CANNOT_READ_MESSAGE,
            format!("{messages_count} messages end at byte {start} of {}", frames.len()),
        ));
    }
    Ok(())
}

/// The segment index stores u32 relative offsets and u32 positions: refuse what would not fit.
pub(crate) fn check_placement(frames_bytes: u64, count: u64, placement: Placement) -> Checked<()> {
    let last_offset = placement.base_offset.checked_add(count - 1);
    let fits_offsets = match last_offset {
        Some(last) => {
            last >= placement.segment_start_offset && last - placement.segment_start_offset <= u64::from(u32::MAX)
        }
        None => false,
    };
    if !fits_offsets || placement.base_offset < placement.segment_start_offset {
        return Err(Failure::new(
            code::CANNOT_APPEND_MESSAGE,
            format!(
                "offsets from {} do not fit a segment starting at {}",
                placement.base_offset, placement.segment_start_offset
            ),
        ));
    }
    if placement.segment_position_bytes + frames_bytes > u64::from(u32::MAX) {
        return Err(Failure::new(
            code::CANNOT_APPEND_MESSAGE,
            format!("{frames_bytes} bytes at position {} overflow a segment", placement.segment_position_bytes),
        ));
    }
    Ok(())
}

thread_local! {
    /// Seeded from the OS on first use in a thread. Ids need uniqueness, not secrecy; a CSPRNG gives both,
    /// and in user space it costs a fraction of one getrandom syscall per batch (the kernel's ChaCha20).
    static ID_RNG: RefCell<Option<StdRng>> = const { RefCell::new(None) };
}

/// Random UUIDv4s (stored as Iggy does: `Uuid::to_u128_le()` written little-endian, i.e. the canonical
/// UUID bytes) for the messages whose id is 0.
fn fresh_ids(frames: &[u8], count: usize) -> Checked<impl Iterator<Item = [u8; 16]>> {
    let mut zero_ids = 0usize;
    let mut start = 0usize;
    for _ in 0..count {
        if read_u128(frames, start + message_header::ID_AT) == 0 {
            zero_ids += 1;
        }
        start += frame_size_from_header(&frames[start..]) as usize;
    }
    let mut random = vec![0u8; zero_ids * 16];
    if zero_ids > 0 {
        fill_random(&mut random)?;
    }
    Ok((0..zero_ids).map(move |k| {
        let mut id: [u8; 16] = random[k * 16..(k + 1) * 16].try_into().expect("16 bytes");
        id[6] = (id[6] & 0x0f) | 0x40; // version 4
        id[8] = (id[8] & 0x3f) | 0x80; // RFC 4122 variant
        id
    }))
}

fn fill_random(bytes: &mut [u8]) -> Checked<()> {
    ID_RNG.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let seeded = StdRng::try_from_os_rng().map_err(|error| {
                Failure::new(code::CANNOT_APPEND_MESSAGE, format!("no randomness for message ids: {error}"))
            })?;
            *slot = Some(seeded);
        }
        slot.as_mut().expect("seeded above").fill_bytes(bytes);
        Ok(())
    })
}
