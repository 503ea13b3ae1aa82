//! Reading stored frames back: start-up recovery of a segment and verification before serving.

use crate::codes::error_code as code;
use crate::failure::{Checked, Failure};
use crate::layout::*;
use crate::wire_layout::message_header;

/// The valid prefix of a segment log and the index rebuilt for it.
pub struct Scan {
    pub valid_bytes: u64,
    pub messages_count: u64,
    pub index: Vec<u8>,
    pub max_timestamp_us: u64,
    /// Why the walk stopped before the end of the log (None when the whole log is valid).
    pub stop_reason: Option<String>,
}

/// Walks the frames of a segment starting at `segment_start_offset`; stops at the first frame that is
/// torn, out of sequence or fails its checksum. Everything before it is trusted and indexed.
pub fn scan_segment(log: &[u8], segment_start_offset: u64) -> Scan {
    let mut index = Vec::new();
    let mut position = 0usize;
    let mut expected_offset = segment_start_offset;
    let mut max_timestamp_us = 0u64;
    let mut stop_reason = None;
    while position < log.len() {
        match check_frame(&log[position..], expected_offset) {
            Ok(size) => {
                let relative = expected_offset - segment_start_offset;
                let end = position + size;
                if relative > u64::from(u32::MAX) || end as u64 > u64::from(u32::MAX) {
                    stop_reason = Some(format!("segment exceeds the u32 index range at byte {position}"));
                    break;
                }
                let timestamp_us = read_u64(&log[position..], message_header::TIMESTAMP_AT);
                max_timestamp_us = max_timestamp_us.max(timestamp_us);
                index.extend_from_slice(&(relative as u32).to_le_bytes());
                index.extend_from_slice(&(end as u32).to_le_bytes());
                index.extend_from_slice(&timestamp_us.to_le_bytes());
                position = end;
                expected_offset += 1;
            }
            Err(failure) => {
                stop_reason = Some(format!("at byte {position}: {}", failure.message));
                break;
            }
        }
    }
    Scan {
        valid_bytes: position as u64,
        messages_count: expected_offset - segment_start_offset,
        index,
        max_timestamp_us,
        stop_reason,
    }
}

/// Checks the frame at the start of `bytes`; returns its size.
fn check_frame(bytes: &[u8], expected_offset: u64) -> Checked<usize> {
    check_frame_at(bytes, expected_offset, true)
}

/// The size of the whole frame at the start of `bytes`, with offset `expected_offset` and, with `verify`, its stored
/// checksum right; else why not (torn, out of sequence, damaged).
pub(crate) fn check_frame_at(bytes: &[u8], expected_offset: u64, verify: bool) -> Checked<usize> {
    if bytes.len() < message_header::SIZE {
        return Err(Failure::new(code::CANNOT_READ_MESSAGE, format!("torn header: {} bytes left", bytes.len())));
    }
    let size = frame_size_from_header(bytes);
    if size > bytes.len() as u64 {
        return Err(Failure::new(
            code::CANNOT_READ_MESSAGE,
            format!("torn frame: header announces {size} bytes, {} left", bytes.len()),
        ));
    }
    let frame = &bytes[..size as usize];
    let offset = read_u64(frame, message_header::OFFSET_AT);
    if offset != expected_offset {
        return Err(Failure::new(code::INVALID_OFFSET, format!("offset {offset} where {expected_offset} was expected")));
    }
    if !verify {
        return Ok(size as usize);
    }
    let stored = read_u64(frame, message_header::CHECKSUM_AT);
    let computed = frame_checksum(frame);
    if stored != computed {
        return Err(Failure::new(
            code::INVALID_MESSAGE_CHECKSUM,
            format!("message {offset}: stored checksum {stored:#018x}, computed {computed:#018x}"),
        ));
    }
    Ok(size as usize)
}

/// Verifies frames read back for a poll: exactly `messages_count` whole frames with offsets
/// `first_offset..` and correct checksums, filling the buffer.
pub fn verify_frames(frames: &[u8], first_offset: u64, messages_count: u64) -> Checked<()> {
    let mut position = 0usize;
    for k in 0..messages_count {
        let size = check_frame(&frames[position..], first_offset + k)?;
        position += size;
    }
    if position != frames.len() {
        return Err(Failure::new(
            code::CANNOT_READ_MESSAGE,
            format!("{messages_count} messages end at byte {position} of {}", frames.len()),
        ));
    }
    Ok(())
}
