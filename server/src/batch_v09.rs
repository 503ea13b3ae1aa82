//! Iggy 0.9 message batches <-> the stored (0.8) message frames.
//!
//! The server keeps one store for both protocol versions: messages are stored as 0.8 frames (64-byte header,
//! payload, user headers) with a per-message offset, timestamp and checksum. A 0.9 SendMessages carries one
//! batch (256-byte header, then 48-byte-header frames); `convert_and_stamp` admits it the way the 0.9 server does
//! (every frame checksum, the batch checksum) and writes it as stamped 0.8 frames and their segment index
//! entries, in one pass, for the append path to store as it stores a 0.8 batch. A 0.9 poll answers batch records;
//! `frames_to_batches` turns stored frames into records, one per run of messages with the same timestamp (a record
//! has one base timestamp), with every message checksum and each record's batch checksum computed for the 0.9
//! layout.
//!
//! Layouts come from the generated `wire_layout` (protocol-spec), never from here.

use std::hash::Hasher;

use crate::batch::{check_placement, Placement};
use crate::codes::constants::{MESSAGE_PAYLOAD_MAX_BYTES, USER_HEADERS_MAX_BYTES};
use crate::codes::error_code as code;
use crate::failure::{Checked, Failure};
use crate::layout::{frame_checksum, frame_size_from_header, read_u128, read_u32, read_u64, write_u32, write_u64};
use crate::wire_layout::{batch_header, frame_header, index_entry, message_header};

/// The batch checksum: XXH3-64 of header bytes 0..40 and 48..52, then each frame checksum (u64 LE).
fn batch_checksum(header: &[u8], frame_checksums: impl Iterator<Item = u64>) -> u64 {
    let mut hasher = batch_hasher(header);
    for checksum in frame_checksums {
        hasher.write(&checksum.to_le_bytes());
    }
    hasher.finish()
}

/// A batch checksum's hasher fed with the header part; the frame checksums follow.
fn batch_hasher(header: &[u8]) -> twox_hash::XxHash3_64 {
    let mut hasher = twox_hash::XxHash3_64::with_seed(0);
    hasher.write(&header[..batch_header::BATCH_CHECKSUM_AT]);
    hasher.write(
        &header[batch_header::MESSAGE_COUNT_AT..batch_header::MESSAGE_COUNT_AT + batch_header::MESSAGE_COUNT_SIZE],
    );
    hasher
}

fn frame_v09_size(header: &[u8]) -> u64 {
    frame_header::SIZE as u64
        + u64::from(read_u32(header, frame_header::PAYLOAD_LENGTH_AT))
        + u64::from(read_u32(header, frame_header::USER_HEADERS_LENGTH_AT))
}

/// Bytes the stored (0.8) frames of a batch of `batch_bytes` holding `messages_count` messages take: each
/// message's header grows from 48 to 64 bytes and the batch header goes. None when it cannot be a batch.
pub fn frames_bytes(batch_bytes: usize, messages_count: u32) -> Option<usize> {
    let grown = (message_header::SIZE - frame_header::SIZE).checked_mul(messages_count as usize)?;
    batch_bytes.checked_sub(batch_header::SIZE)?.checked_add(grown)
}

/// The batch header's checks: present, reserved bytes zero, `batch_length` the bytes given, a message count
/// other than 0 and equal to the request's. Returns the count.
fn check_header(batch: &[u8], messages_count: u32) -> Checked<u32> {
    if batch.len() < batch_header::SIZE {
        return Err(Failure::new(
            code::INVALID_FORMAT,
            format!("a batch of {} bytes has no 256-byte header", batch.len()),
        ));
    }
    let header = &batch[..batch_header::SIZE];
    if header[batch_header::RESERVED_AT..].iter().any(|&b| b != 0) {
        return Err(Failure::new(code::INVALID_FORMAT, "batch header reserved bytes are not zero"));
    }
    let batch_length = read_u64(header, batch_header::BATCH_LENGTH_AT);
    if batch_length != batch.len() as u64 {
        return Err(Failure::new(
            code::INVALID_FORMAT,
            format!("batch_length {batch_length} but the batch fills {} bytes", batch.len()),
        ));
    }
    let count = read_u32(header, batch_header::MESSAGE_COUNT_AT);
    if count == 0 || count != messages_count {
        return Err(Failure::new(
            code::INVALID_MESSAGES_COUNT,
            format!("the batch holds {count} messages, the request says {messages_count}"),
        ));
    }
    Ok(count)
}

/// Message `i` of a batch's frames, starting at `start`, checked: header present with reserved bytes zero, its
/// offset_delta its position, a payload of 1..max bytes, user headers within their limit, the frame within the
/// batch, its checksum right.
fn check_frame(frames: &[u8], start: usize, i: u32) -> Checked<&[u8]> {
    if frames.len() - start < frame_header::SIZE {
        return Err(Failure::new(code::INVALID_FORMAT, format!("message {i}: truncated frame header")));
    }
    let head = &frames[start..start + frame_header::SIZE];
    if head[frame_header::RESERVED_AT..].iter().any(|&b| b != 0) {
        return Err(Failure::new(code::INVALID_FORMAT, format!("message {i}: reserved bytes are not zero")));
    }
    let delta = read_u32(head, frame_header::OFFSET_DELTA_AT);
    if delta != i {
        return Err(Failure::new(code::INVALID_OFFSET, format!("message {i} has offset_delta {delta}")));
    }
    let payload = u64::from(read_u32(head, frame_header::PAYLOAD_LENGTH_AT));
    if payload == 0 {
        return Err(Failure::new(code::EMPTY_MESSAGE_PAYLOAD, format!("message {i} has an empty payload")));
    }
    if payload > u64::from(MESSAGE_PAYLOAD_MAX_BYTES) {
        return Err(Failure::new(code::TOO_BIG_MESSAGE_PAYLOAD, format!("message {i}: payload of {payload} bytes")));
    }
    let headers = u64::from(read_u32(head, frame_header::USER_HEADERS_LENGTH_AT));
    if headers > u64::from(USER_HEADERS_MAX_BYTES) {
        return Err(Failure::new(code::TOO_BIG_USER_HEADERS, format!("message {i}: user headers of {headers} bytes")));
    }
    let size = frame_v09_size(head);
    if size > (frames.len() - start) as u64 {
        return Err(Failure::new(code::INVALID_FORMAT, format!("message {i}: frame of {size} bytes is cut short")));
    }
    let frame = &frames[start..start + size as usize];
    let stated = read_u64(frame, frame_header::CHECKSUM_AT);
    let computed = twox_hash::XxHash3_64::oneshot(&frame[frame_header::ID_AT..]);
    if stated != computed {
        return Err(Failure::new(
            code::INVALID_MESSAGE_CHECKSUM,
            format!("message {i}: checksum {stated}, expected {computed}"),
        ));
    }
    Ok(frame)
}

/// Admits a 0.9 batch (the rest of a SendMessages body) as the 0.9 server does and writes it, stamped, as the
/// stored (0.8) frames and their segment index entries, in one pass over the messages (each is read once from
/// memory: checked, copied, and its 0.8 checksum computed while in cache). `out` holds `frames_bytes` bytes,
/// `index` 16 a message; what they hold after a failure is meaningless (the caller drops them).
///
/// Refusals, in order: the header (INVALID_FORMAT, INVALID_MESSAGES_COUNT), a placement that does not fit the
/// segment (CANNOT_APPEND_MESSAGE), per message the checks of `check_frame` (INVALID_FORMAT, INVALID_OFFSET,
/// EMPTY_MESSAGE_PAYLOAD, TOO_BIG_MESSAGE_PAYLOAD, TOO_BIG_USER_HEADERS, INVALID_MESSAGE_CHECKSUM), bytes after
/// the last message (INVALID_MESSAGES_SIZE), the batch checksum (INVALID_BATCH_CHECKSUM). Ids and origin
/// timestamps (the batch's origin plus each delta) are kept. Returns the segment end position after the batch.
pub fn convert_and_stamp(
    batch: &[u8],
    messages_count: u32,
    index: &mut [u8],
    out: &mut [u8],
    placement: Placement,
) -> Checked<u64> {
    let count = check_header(batch, messages_count)?;
    if Some(out.len()) != frames_bytes(batch.len(), count) || index.len() != count as usize * index_entry::SIZE {
        return Err(Failure::new(code::ERROR, "conversion buffers of the wrong size"));
    }
    check_placement(out.len() as u64, u64::from(count), placement)?;
    let header = &batch[..batch_header::SIZE];
    let origin = read_u64(header, batch_header::ORIGIN_TIMESTAMP_AT);
    let frames = &batch[batch_header::SIZE..];
    let mut hasher = batch_hasher(header);
    let (mut start, mut at) = (0usize, 0usize);
    for i in 0..count {
        let frame = check_frame(frames, start, i)?;
        hasher.write(&frame[frame_header::CHECKSUM_AT..frame_header::CHECKSUM_AT + frame_header::CHECKSUM_SIZE]);
        let body = &frame[frame_header::SIZE..];
        let size = message_header::SIZE + body.len();
        let target = &mut out[at..at + size];
        target[..message_header::SIZE].fill(0);
        target[message_header::ID_AT..message_header::ID_AT + message_header::ID_SIZE]
            .copy_from_slice(&frame[frame_header::ID_AT..frame_header::ID_AT + frame_header::ID_SIZE]);
        let offset = placement.base_offset + u64::from(i);
        write_u64(target, message_header::OFFSET_AT, offset);
        write_u64(target, message_header::TIMESTAMP_AT, placement.timestamp_us);
        let delta = u64::from(read_u32(frame, frame_header::TIMESTAMP_DELTA_AT));
        write_u64(target, message_header::ORIGIN_TIMESTAMP_AT, origin.saturating_add(delta));
        write_u32(
            target,
            message_header::USER_HEADERS_LENGTH_AT,
            read_u32(frame, frame_header::USER_HEADERS_LENGTH_AT),
        );
        write_u32(target, message_header::PAYLOAD_LENGTH_AT, read_u32(frame, frame_header::PAYLOAD_LENGTH_AT));
        target[message_header::SIZE..].copy_from_slice(body);
        let checksum = frame_checksum(target);
        write_u64(target, message_header::CHECKSUM_AT, checksum);
        start += frame.len();
        at += size;
        let entry = &mut index[i as usize * index_entry::SIZE..(i as usize + 1) * index_entry::SIZE];
        write_u32(entry, index_entry::RELATIVE_OFFSET_AT, (offset - placement.segment_start_offset) as u32);
        write_u32(entry, index_entry::POSITION_AT, (placement.segment_position_bytes + at as u64) as u32);
        write_u64(entry, index_entry::TIMESTAMP_AT, placement.timestamp_us);
    }
    if start != frames.len() {
        return Err(Failure::new(
            code::INVALID_MESSAGES_SIZE,
            format!("{} bytes after the last of {count} messages", frames.len() - start),
        ));
    }
    let stated = read_u64(header, batch_header::BATCH_CHECKSUM_AT);
    let computed = hasher.finish();
    if stated != computed {
        return Err(Failure::new(
            code::INVALID_BATCH_CHECKSUM,
            format!("batch checksum {stated}, expected {computed}"),
        ));
    }
    Ok(placement.segment_position_bytes + out.len() as u64)
}

/// Frames of a checked 0.9 batch body, in order (the tests walk answers with it).
#[cfg(test)]
struct FrameIter<'a> {
    frames: &'a [u8],
    left: usize,
}

#[cfg(test)]
impl<'a> FrameIter<'a> {
    fn new(frames: &'a [u8], count: usize) -> Self {
        Self { frames, left: count }
    }
}

#[cfg(test)]
impl<'a> Iterator for FrameIter<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let size = frame_v09_size(self.frames) as usize;
        let (frame, rest) = self.frames.split_at(size);
        self.frames = rest;
        Some(frame)
    }
}

/// One 0.9 record planned over stored frames: `count` messages from byte `start`, with one timestamp.
#[derive(Debug, Clone, Copy)]
struct Record {
    start: usize,
    end: usize,
    count: u32,
    base_offset: u64,
    timestamp_us: u64,
    origin_us: u64,
}

/// Plans the records of a run of stored frames: a new record where the timestamp changes (a record carries one
/// base timestamp) or an origin timestamp would not fit the u32 delta from the record's smallest origin.
fn plan_records(frames: &[u8], verify: bool) -> Checked<Vec<Record>> {
    let mut records: Vec<Record> = Vec::new();
    let mut start = 0usize;
    while start < frames.len() {
        if frames.len() - start < message_header::SIZE {
            return Err(Failure::new(code::CANNOT_READ_MESSAGE, "a stored frame header is cut short"));
        }
        let size = frame_size_from_header(&frames[start..]) as usize;
        if size > frames.len() - start {
            return Err(Failure::new(code::CANNOT_READ_MESSAGE, "a stored frame is cut short"));
        }
        let frame = &frames[start..start + size];
        if verify {
            let stated = read_u64(frame, message_header::CHECKSUM_AT);
            let computed = frame_checksum(frame);
            if stated != computed {
                let offset = read_u64(frame, message_header::OFFSET_AT);
                return Err(Failure::new(
                    code::INVALID_MESSAGE_CHECKSUM,
                    format!("stored message {offset}: checksum {stated}, expected {computed}"),
                ));
            }
        }
        let offset = read_u64(frame, message_header::OFFSET_AT);
        let timestamp = read_u64(frame, message_header::TIMESTAMP_AT);
        let origin = read_u64(frame, message_header::ORIGIN_TIMESTAMP_AT);
        let joins = records.last().is_some_and(|last| {
            last.timestamp_us == timestamp
                && offset == last.base_offset + u64::from(last.count)
                && origin >= last.origin_us
                && origin - last.origin_us <= u64::from(u32::MAX)
        });
        if joins {
            let last = records.last_mut().expect("checked above");
            last.end = start + size;
            last.count += 1;
        } else {
            records.push(Record {
                start,
                end: start + size,
                count: 1,
                base_offset: offset,
                timestamp_us: timestamp,
                origin_us: origin,
            });
        }
        start += size;
    }
    Ok(records)
}

/// What a poll's stored frames become in 0.9: their records (runs that share a timestamp), the bytes the records
/// take and the messages they hold. Planned once per poll: sizing the answer and writing it share it.
pub struct Plan {
    records: Vec<Record>,
    pub size: usize,
    pub messages: u32,
}

/// Plans the 0.9 records of these stored frames (and, with `verify`, checks every stored checksum first).
pub fn plan(frames: &[u8], verify: bool) -> Checked<Plan> {
    let records = plan_records(frames, verify)?;
    let messages: u32 = records.iter().map(|r| r.count).sum();
    let shrink = (message_header::SIZE - frame_header::SIZE) * messages as usize;
    let size = frames.len() - shrink + batch_header::SIZE * records.len();
    Ok(Plan { records, size, messages })
}

/// The size of the 0.9 records `frames_to_batches` writes for these stored frames (and whether they verify).
#[cfg(test)]
pub fn batches_size(frames: &[u8], verify: bool) -> Checked<(usize, u32)> {
    plan(frames, verify).map(|plan| (plan.size, plan.messages))
}

/// Writes stored 0.8 frames (offsets consecutive within a run) as 0.9 batch records into `out` (exactly
/// `batches_size` bytes), with `partition_id` stamped, each message's 0.9 checksum and each record's batch
/// checksum computed. With `verify`, every stored checksum is checked first (INVALID_MESSAGE_CHECKSUM).
#[cfg(test)]
pub fn frames_to_batches(frames: &[u8], partition_id: u32, verify: bool, out: &mut [u8]) -> Checked<u32> {
    write_batches(frames, &plan(frames, verify)?, partition_id, out)
}

/// `frames_to_batches` with the plan made already: `out` is exactly `plan.size` bytes, every byte written.
pub fn write_batches(frames: &[u8], plan: &Plan, partition_id: u32, out: &mut [u8]) -> Checked<u32> {
    let records = &plan.records;
    let mut at = 0usize;
    let mut messages = 0u32;
    let mut checksums: Vec<u64> = Vec::new();
    for record in records {
        let header_at = at;
        at += batch_header::SIZE;
        checksums.clear();
        let mut start = record.start;
        for delta in 0..record.count {
            let size = frame_size_from_header(&frames[start..]) as usize;
            let frame = &frames[start..start + size];
            let body = &frame[message_header::SIZE..];
            let target = &mut out[at..at + frame_header::SIZE + body.len()];
            target[..frame_header::SIZE].fill(0);
            target[frame_header::ID_AT..frame_header::ID_AT + frame_header::ID_SIZE]
                .copy_from_slice(&frame[message_header::ID_AT..message_header::ID_AT + message_header::ID_SIZE]);
            write_u32(target, frame_header::OFFSET_DELTA_AT, delta);
            let origin = read_u64(frame, message_header::ORIGIN_TIMESTAMP_AT);
            write_u32(target, frame_header::TIMESTAMP_DELTA_AT, (origin - record.origin_us) as u32);
            write_u32(
                target,
                frame_header::USER_HEADERS_LENGTH_AT,
                read_u32(frame, message_header::USER_HEADERS_LENGTH_AT),
            );
            write_u32(target, frame_header::PAYLOAD_LENGTH_AT, read_u32(frame, message_header::PAYLOAD_LENGTH_AT));
            target[frame_header::SIZE..].copy_from_slice(body);
            let checksum = twox_hash::XxHash3_64::oneshot(&target[frame_header::ID_AT..]);
            write_u64(target, frame_header::CHECKSUM_AT, checksum);
            checksums.push(checksum);
            at += target.len();
            start += size;
        }
        let length = at - header_at;
        let header = &mut out[header_at..header_at + batch_header::SIZE];
        header.fill(0);
        write_u64(header, batch_header::PARTITION_ID_AT, u64::from(partition_id));
        write_u64(header, batch_header::BASE_OFFSET_AT, record.base_offset);
        write_u64(header, batch_header::BASE_TIMESTAMP_AT, record.timestamp_us);
        write_u64(header, batch_header::ORIGIN_TIMESTAMP_AT, record.origin_us);
        write_u64(header, batch_header::BATCH_LENGTH_AT, length as u64);
        write_u32(header, batch_header::MESSAGE_COUNT_AT, record.count);
        let checksum = batch_checksum(header, checksums.iter().copied());
        write_u64(header, batch_header::BATCH_CHECKSUM_AT, checksum);
        messages += record.count;
        debug_assert_eq!(record.end, start);
    }
    if at != out.len() {
        return Err(Failure::new(code::ERROR, "0.9 poll buffer of the wrong size"));
    }
    Ok(messages)
}

/// The id of a stored frame (tests).
#[allow(dead_code)]
pub fn stored_id(frame: &[u8]) -> u128 {
    read_u128(frame, message_header::ID_AT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v09_frame(id: u128, delta: u32, ts_delta: u32, payload: &[u8], headers: &[u8]) -> Vec<u8> {
        let mut frame = vec![0u8; frame_header::SIZE];
        frame[frame_header::ID_AT..frame_header::ID_AT + 16].copy_from_slice(&id.to_le_bytes());
        write_u32(&mut frame, frame_header::OFFSET_DELTA_AT, delta);
        write_u32(&mut frame, frame_header::TIMESTAMP_DELTA_AT, ts_delta);
        write_u32(&mut frame, frame_header::USER_HEADERS_LENGTH_AT, headers.len() as u32);
        write_u32(&mut frame, frame_header::PAYLOAD_LENGTH_AT, payload.len() as u32);
        frame.extend_from_slice(payload);
        frame.extend_from_slice(headers);
        let checksum = twox_hash::XxHash3_64::oneshot(&frame[frame_header::ID_AT..]);
        write_u64(&mut frame, frame_header::CHECKSUM_AT, checksum);
        frame
    }

    fn v09_batch(origin: u64, frames: &[Vec<u8>]) -> Vec<u8> {
        let mut batch = vec![0u8; batch_header::SIZE];
        write_u64(&mut batch, batch_header::ORIGIN_TIMESTAMP_AT, origin);
        let length = batch_header::SIZE + frames.iter().map(Vec::len).sum::<usize>();
        write_u64(&mut batch, batch_header::BATCH_LENGTH_AT, length as u64);
        write_u32(&mut batch, batch_header::MESSAGE_COUNT_AT, frames.len() as u32);
        let checksums: Vec<u64> = frames.iter().map(|f| read_u64(f, frame_header::CHECKSUM_AT)).collect();
        let checksum = batch_checksum(&batch, checksums.into_iter());
        write_u64(&mut batch, batch_header::BATCH_CHECKSUM_AT, checksum);
        for frame in frames {
            batch.extend_from_slice(frame);
        }
        batch
    }

    /// The batch as stored: 0.8 frames from `base_offset`, stamped at `timestamp`, and their index.
    fn stored(batch: &[u8], count: u32, base_offset: u64, timestamp: u64) -> Checked<(Vec<u8>, Vec<u8>)> {
        let mut index = vec![0u8; count as usize * index_entry::SIZE];
        let mut frames = vec![0u8; frames_bytes(batch.len(), count).unwrap_or(0)];
        let placement =
            Placement { base_offset, segment_start_offset: 0, segment_position_bytes: 0, timestamp_us: timestamp };
        convert_and_stamp(batch, count, &mut index, &mut frames, placement)?;
        Ok((index, frames))
    }

    fn refusal(batch: &[u8], count: u32) -> u32 {
        stored(batch, count, 0, 1).unwrap_err().code
    }

    #[test]
    fn a_batch_converts_to_frames_and_back_with_valid_checksums() {
        let batch = v09_batch(
            1_000,
            &[
                v09_frame(7, 0, 0, b"one", b""),
                v09_frame(8, 1, 5, b"two!", b"\x02\x01\x00\x00\x00k\x02\x01\x00\x00\x00v"),
            ],
        );
        let (index, frames) = stored(&batch, 2, 40, 2_000).expect("valid batch");
        assert_eq!(read_u32(&index, 16 + index_entry::POSITION_AT) as usize, frames.len());
        assert_eq!(read_u32(&index, 16 + index_entry::RELATIVE_OFFSET_AT), 41);
        assert_eq!(read_u64(&frames, message_header::ORIGIN_TIMESTAMP_AT), 1_000);
        assert_eq!(read_u64(&frames, message_header::CHECKSUM_AT), frame_checksum(&frames[..64 + 3]));
        let (size, count) = batches_size(&frames, true).unwrap();
        assert_eq!(count, 2);
        let mut out = vec![0u8; size];
        frames_to_batches(&frames, 3, true, &mut out).unwrap();
        // One record: both messages share the timestamp.
        assert_eq!(size, batch.len());
        assert_eq!(read_u64(&out, batch_header::BASE_OFFSET_AT), 40);
        assert_eq!(read_u64(&out, batch_header::PARTITION_ID_AT), 3);
        assert_eq!(read_u64(&out, batch_header::BASE_TIMESTAMP_AT), 2_000);
        // The frames are the producer's, byte for byte (ids, deltas, payloads, checksums).
        assert_eq!(&out[batch_header::SIZE..], &batch[batch_header::SIZE..]);
        let stated = read_u64(&out, batch_header::BATCH_CHECKSUM_AT);
        let frames_out = &out[batch_header::SIZE..];
        let sums = FrameIter::new(frames_out, 2).map(|f| read_u64(f, frame_header::CHECKSUM_AT));
        assert_eq!(stated, batch_checksum(&out[..batch_header::SIZE], sums));
    }

    #[test]
    fn records_split_where_the_timestamp_changes() {
        let batch = v09_batch(10, &[v09_frame(1, 0, 0, b"a", b"")]);
        let (_, first) = stored(&batch, 1, 0, 100).unwrap();
        let (_, second) = stored(&batch, 1, 1, 200).unwrap();
        let frames = [first, second].concat();
        let (size, count) = batches_size(&frames, true).unwrap();
        assert_eq!(count, 2);
        assert_eq!(size, 2 * (batch_header::SIZE + frame_header::SIZE + 1));
        let mut out = vec![0u8; size];
        frames_to_batches(&frames, 0, true, &mut out).unwrap();
        let second_record = &out[batch_header::SIZE + frame_header::SIZE + 1..];
        assert_eq!(read_u64(second_record, batch_header::BASE_OFFSET_AT), 1);
        assert_eq!(read_u64(second_record, batch_header::BASE_TIMESTAMP_AT), 200);
    }

    #[test]
    fn bad_batches_are_refused_with_the_iggy_code() {
        let good = v09_batch(0, &[v09_frame(1, 0, 0, b"x", b"")]);
        assert_eq!(refusal(&good, 2), code::INVALID_MESSAGES_COUNT);
        let mut bad_frame = good.clone();
        let last = bad_frame.len() - 1;
        bad_frame[last] ^= 1;
        assert_eq!(refusal(&bad_frame, 1), code::INVALID_MESSAGE_CHECKSUM);
        let mut bad_batch = good.clone();
        bad_batch[batch_header::BATCH_CHECKSUM_AT] ^= 1;
        assert_eq!(refusal(&bad_batch, 1), code::INVALID_BATCH_CHECKSUM);
        let mut reserved = good.clone();
        reserved[batch_header::RESERVED_AT] = 1;
        assert_eq!(refusal(&reserved, 1), code::INVALID_FORMAT);
        let delta = v09_batch(0, &[v09_frame(1, 1, 0, b"x", b"")]);
        assert_eq!(refusal(&delta, 1), code::INVALID_OFFSET);
        let empty = v09_batch(0, &[v09_frame(1, 0, 0, b"", b"")]);
        assert_eq!(refusal(&empty, 1), code::EMPTY_MESSAGE_PAYLOAD);
        assert_eq!(refusal(&good[..100], 1), code::INVALID_FORMAT);
        let mut longer = good.clone();
        longer.push(0);
        assert_eq!(refusal(&longer, 1), code::INVALID_FORMAT);
    }

    #[test]
    fn a_corrupt_stored_frame_is_refused_when_verifying() {
        let batch = v09_batch(0, &[v09_frame(1, 0, 0, b"abc", b"")]);
        let (_, mut frames) = stored(&batch, 1, 0, 1).unwrap();
        let last = frames.len() - 1;
        frames[last] ^= 1;
        assert_eq!(batches_size(&frames, true).unwrap_err().code, code::INVALID_MESSAGE_CHECKSUM);
        assert!(batches_size(&frames, false).is_ok());
    }
}
