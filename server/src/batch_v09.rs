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
//! A 0.9 message's checksum covers its 0.9 header (id, offset and timestamp deltas, lengths) and its bytes, not
//! the stored 0.8 header, so a poll cannot reuse the stored checksum. What it can reuse is the producer's: the
//! append hands back, per message, the checksum it verified and the two deltas it covered (`Known`, 16 bytes a
//! message), the partition keeps them while the segment is active, and a poll that frames the message with the
//! same deltas (the record keeps the producer's batch base offset and origin timestamp, as Iggy's server does when
//! it slices a stored batch) sends that checksum instead of hashing the message again. A message without one
//! (written over 0.8, or before a restart) is hashed as before.
//!
//! Layouts come from the generated `wire_layout` (protocol-spec), never from here.

use crate::batch::{check_placement, Placement};
use crate::codes::constants::{MESSAGE_PAYLOAD_MAX_BYTES, USER_HEADERS_MAX_BYTES};
use crate::codes::error_code as code;
use crate::failure::{Checked, Failure};
use crate::layout::{frame_checksum, frame_size_from_header, read_u128, read_u32, read_u64, write_u32, write_u64};
use crate::wire_layout::{batch_header, frame_header, index_entry, message_header};
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(test)]
/// The batch checksum: XXH3-64 of header bytes 0..40 and 48..52, then each frame checksum (u64 LE).
fn batch_checksum(header: &[u8], frame_checksums: impl Iterator<Item = u64>) -> u64 {
    use std::hash::Hasher;
    let mut hasher = batch_hasher(header);
    for checksum in frame_checksums {
        hasher.write(&checksum.to_le_bytes());
    }
    hasher.finish()
}

/// `batch_checksum` with the frame checksums given as their bytes (u64 LE each, in order): one hash of the
/// header part and those bytes, the same value as feeding them one by one.
fn batch_checksum_of(header: &[u8], frame_checksums_le: &[u8]) -> u64 {
    let mut input = Vec::with_capacity(BATCH_CHECKSUM_HEADER_BYTES + frame_checksums_le.len());
    input.extend_from_slice(&header[..batch_header::BATCH_CHECKSUM_AT]);
    input.extend_from_slice(
        &header[batch_header::MESSAGE_COUNT_AT..batch_header::MESSAGE_COUNT_AT + batch_header::MESSAGE_COUNT_SIZE],
    );
    input.extend_from_slice(frame_checksums_le);
    twox_hash::XxHash3_64::oneshot(&input)
}

const BATCH_CHECKSUM_HEADER_BYTES: usize = batch_header::BATCH_CHECKSUM_AT + batch_header::MESSAGE_COUNT_SIZE;

/// Bytes of one `Known` entry: the producer's checksum (u64 LE), then the offset delta and the timestamp delta
/// (u32 LE each) it was computed with. All zero = nothing known (a real entry of all zeros is merely hashed again).
/// The layout is the server's own, in memory only: it is neither on the wire nor on disk.
pub const KNOWN_ENTRY_SIZE: usize = KNOWN_TIMESTAMP_DELTA_AT + std::mem::size_of::<u32>();
const KNOWN_OFFSET_DELTA_AT: usize = std::mem::size_of::<u64>();
const KNOWN_TIMESTAMP_DELTA_AT: usize = KNOWN_OFFSET_DELTA_AT + std::mem::size_of::<u32>();

/// The 0.9 checksums known for a range of offsets: entry `i` is offset `start_offset + i`.
#[derive(Clone, Copy)]
pub struct Known<'a> {
    entries: &'a [u8],
    start_offset: u64,
}

/// A message's known 0.9 checksum and the deltas it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct KnownEntry {
    checksum: u64,
    offset_delta: u32,
    timestamp_delta: u32,
}

impl<'a> Known<'a> {
    pub fn new(entries: &'a [u8], start_offset: u64) -> Self {
        Self { entries, start_offset }
    }

    /// Nothing known: every message is hashed.
    pub fn none() -> Self {
        Self { entries: &[], start_offset: 0 }
    }

    fn get(&self, offset: u64) -> Option<KnownEntry> {
        let at = usize::try_from(offset.checked_sub(self.start_offset)?).ok()?.checked_mul(KNOWN_ENTRY_SIZE)?;
        let entry = self.entries.get(at..at.checked_add(KNOWN_ENTRY_SIZE)?)?;
        if entry.iter().all(|&b| b == 0) {
            return None;
        }
        Some(KnownEntry {
            checksum: read_u64(entry, 0),
            offset_delta: read_u32(entry, KNOWN_OFFSET_DELTA_AT),
            timestamp_delta: read_u32(entry, KNOWN_TIMESTAMP_DELTA_AT),
        })
    }

    /// The record a known message belongs to: its producer batch's base offset and origin timestamp.
    fn record_of(&self, offset: u64, origin: u64) -> Option<(u64, u64)> {
        let entry = self.get(offset)?;
        let base_offset = offset.checked_sub(u64::from(entry.offset_delta))?;
        Some((base_offset, origin.checked_sub(u64::from(entry.timestamp_delta))?))
    }
}

/// A batch checksum's hasher fed with the header part; the frame checksums follow.
#[cfg(test)]
fn batch_hasher(header: &[u8]) -> twox_hash::XxHash3_64 {
    use std::hash::Hasher;
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
/// timestamps (the batch's origin plus each delta) are kept. `known` (`KNOWN_ENTRY_SIZE` a message) receives each
/// message's verified checksum and deltas, for the polls of it (see the module doc). With `parallel`, a batch of
/// twice `PART_MIN_BYTES` and more converts in parts on two threads. Returns the segment end position after the batch.
pub fn convert_and_stamp(
    batch: &[u8],
    messages_count: u32,
    index: &mut [u8],
    out: &mut [u8],
    known: &mut [u8],
    placement: Placement,
    parallel: bool,
) -> Checked<u64> {
    let parts = parts_asked(batch.len(), parallel);
    convert_and_stamp_in_parts(batch, messages_count, index, out, known, placement, parts)
}

/// `convert_and_stamp` in up to `parts` parts run by `crate::parts` (the tests split small batches).
fn convert_and_stamp_in_parts(
    batch: &[u8],
    messages_count: u32,
    index: &mut [u8],
    out: &mut [u8],
    known: &mut [u8],
    placement: Placement,
    parts: usize,
) -> Checked<u64> {
    let count = check_header(batch, messages_count)?;
    if Some(out.len()) != frames_bytes(batch.len(), count)
        || index.len() != count as usize * index_entry::SIZE
        || known.len() != count as usize * KNOWN_ENTRY_SIZE
    {
        return Err(Failure::new(code::ERROR, "conversion buffers of the wrong size"));
    }
    check_placement(out.len() as u64, u64::from(count), placement)?;
    let header = &batch[..batch_header::SIZE];
    let origin = read_u64(header, batch_header::ORIGIN_TIMESTAMP_AT);
    let frames = &batch[batch_header::SIZE..];
    let stamp = Stamp { origin, placement };
    let starts = stretches_of_batch(frames, count, parts);
    let end = if let [first] = starts[..] {
        stamp_stretch(frames, first, stamp, out, 0, index, known)?
    } else {
        let mut results: Vec<Checked<usize>> = starts.iter().map(|_| Ok(0)).collect();
        let mut jobs: Vec<crate::parts::Part<'_>> = Vec::with_capacity(starts.len());
        let (mut out_rest, mut index_rest, mut known_rest) = (&mut out[..], &mut index[..], &mut known[..]);
        for (i, (&from, result)) in starts.iter().zip(results.iter_mut()).enumerate() {
            let (out_bytes, messages) = match starts.get(i + 1) {
                Some(next) => (next.output_at - from.output_at, (next.message - from.message) as usize),
                None => (out_rest.len(), known_rest.len() / KNOWN_ENTRY_SIZE),
            };
            let (out_part, rest) = std::mem::take(&mut out_rest).split_at_mut(out_bytes);
            out_rest = rest;
            let (index_part, rest) = std::mem::take(&mut index_rest).split_at_mut(messages * index_entry::SIZE);
            index_rest = rest;
            let (known_part, rest) = std::mem::take(&mut known_rest).split_at_mut(messages * KNOWN_ENTRY_SIZE);
            known_rest = rest;
            jobs.push(Box::new(move || {
                *result = stamp_stretch(frames, from, stamp, out_part, from.output_at, index_part, known_part)
            }));
        }
        crate::parts::run(jobs);
        // The first refusal in message order wins, as in one pass; each part ends where the next starts.
        let mut end = 0;
        for (i, result) in results.into_iter().enumerate() {
            end = result?;
            debug_assert!(starts.get(i + 1).is_none_or(|next| next.input_at == end));
        }
        end
    };
    if end != frames.len() {
        return Err(Failure::new(
            code::INVALID_MESSAGES_SIZE,
            format!("{} bytes after the last of {count} messages", frames.len() - end),
        ));
    }
    let mut sums_le = Vec::with_capacity(count as usize * 8);
    for entry in known.chunks_exact(KNOWN_ENTRY_SIZE) {
        sums_le.extend_from_slice(&entry[..8]);
    }
    let stated = read_u64(header, batch_header::BATCH_CHECKSUM_AT);
    let computed = batch_checksum_of(header, &sums_le);
    if stated != computed {
        return Err(Failure::new(
            code::INVALID_BATCH_CHECKSUM,
            format!("batch checksum {stated}, expected {computed}"),
        ));
    }
    Ok(placement.segment_position_bytes + out.len() as u64)
}

/// What every stored message of a 0.9 batch is stamped with: the batch's origin timestamp (each message's is
/// it plus the message's delta) and the placement.
#[derive(Clone, Copy)]
struct Stamp {
    origin: u64,
    placement: Placement,
}

/// Where a stretch of an append's conversion starts: message number `message`, at byte `input_at` of the
/// batch's frames and byte `output_at` of the stored frames.
#[derive(Debug, Clone, Copy)]
struct Stretch {
    message: u32,
    input_at: usize,
    output_at: usize,
}

/// Where each of up to `parts` stretches of a batch's frames starts: the first message, then the first message
/// at or past each further `parts`-th of the bytes. Only the first when a header before the last start does not
/// read as a frame that fits (one pass then finds and reports the fault in order).
fn stretches_of_batch(frames: &[u8], count: u32, parts: usize) -> Vec<Stretch> {
    let first = Stretch { message: 0, input_at: 0, output_at: 0 };
    let mut starts = vec![first];
    let (mut input_at, mut output_at) = (0usize, 0usize);
    for message in 0..count {
        if starts.len() == parts {
            break;
        }
        if message > 0 && input_at >= frames.len() * starts.len() / parts {
            starts.push(Stretch { message, input_at, output_at });
        }
        if frames.len() - input_at < frame_header::SIZE {
            return vec![first];
        }
        let size = frame_v09_size(&frames[input_at..input_at + frame_header::SIZE]);
        if size > (frames.len() - input_at) as u64 {
            return vec![first];
        }
        input_at += size as usize;
        output_at += size as usize + (message_header::SIZE - frame_header::SIZE);
    }
    starts
}

/// Checks and stamps `known.len() / KNOWN_ENTRY_SIZE` messages of a batch's frames from `from` on, as stored
/// frames into `out` (the stored frames from byte `out_base`) with their index entries in `index` and their 0.9
/// checksums and deltas in `known`. Returns the frames' byte after the last message.
fn stamp_stretch(
    frames: &[u8],
    from: Stretch,
    stamp: Stamp,
    out: &mut [u8],
    out_base: usize,
    index: &mut [u8],
    known: &mut [u8],
) -> Checked<usize> {
    let placement = stamp.placement;
    let (mut start, mut at) = (from.input_at, from.output_at - out_base);
    for (n, known_out) in known.chunks_exact_mut(KNOWN_ENTRY_SIZE).enumerate() {
        let i = from.message + n as u32;
        let frame = check_frame(frames, start, i)?;
        known_out[..8].copy_from_slice(&frame[frame_header::CHECKSUM_AT..frame_header::CHECKSUM_AT + 8]);
        write_u32(known_out, KNOWN_OFFSET_DELTA_AT, i);
        write_u32(known_out, KNOWN_TIMESTAMP_DELTA_AT, read_u32(frame, frame_header::TIMESTAMP_DELTA_AT));
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
        write_u64(target, message_header::ORIGIN_TIMESTAMP_AT, stamp.origin.saturating_add(delta));
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
        let entry = &mut index[n * index_entry::SIZE..(n + 1) * index_entry::SIZE];
        write_u32(entry, index_entry::RELATIVE_OFFSET_AT, (offset - placement.segment_start_offset) as u32);
        let position = placement.segment_position_bytes + (out_base + at) as u64;
        write_u32(entry, index_entry::POSITION_AT, position as u32);
        write_u64(entry, index_entry::TIMESTAMP_AT, placement.timestamp_us);
    }
    Ok(start)
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

/// One 0.9 record planned over stored frames: `count` messages from byte `start` (offsets from `first_offset`),
/// with one timestamp. `base_offset` and `origin_us` are what the deltas count from: the first message's, or,
/// for known messages, their producer batch's (then the first message's offset delta need not be 0).
#[derive(Debug, Clone, Copy)]
struct Record {
    start: usize,
    end: usize,
    count: u32,
    first_offset: u64,
    base_offset: u64,
    timestamp_us: u64,
    origin_us: u64,
}

/// Plans the records of a run of stored frames: a new record where the timestamp changes (a record carries one
/// base timestamp), where an offset or origin timestamp would not fit its u32 delta from the record's, and where
/// a known message's producer batch (its base offset and origin) is not the record's.
fn plan_records(frames: &[u8], verify: bool, known: Known<'_>) -> Checked<Vec<Record>> {
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
            verify_stored(frame)?;
        }
        let offset = read_u64(frame, message_header::OFFSET_AT);
        let timestamp = read_u64(frame, message_header::TIMESTAMP_AT);
        let origin = read_u64(frame, message_header::ORIGIN_TIMESTAMP_AT);
        let producer_batch = known.record_of(offset, origin);
        let joins = records.last().is_some_and(|last| {
            last.timestamp_us == timestamp
                && offset == last.first_offset + u64::from(last.count)
                && match producer_batch {
                    Some(batch) => batch == (last.base_offset, last.origin_us),
                    None => {
                        offset - last.base_offset <= u64::from(u32::MAX)
                            && origin >= last.origin_us
                            && origin - last.origin_us <= u64::from(u32::MAX)
                    }
                }
        });
        if joins {
            let last = records.last_mut().expect("checked above");
            last.end = start + size;
            last.count += 1;
        } else {
            let (base_offset, origin_us) = producer_batch.unwrap_or((offset, origin));
            records.push(Record {
                start,
                end: start + size,
                count: 1,
                first_offset: offset,
                base_offset,
                timestamp_us: timestamp,
                origin_us,
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

/// Plans the 0.9 records of these stored frames (and, with `verify`, checks every stored checksum first); `known`
/// is what `write_batches` will be given.
pub fn plan(frames: &[u8], verify: bool, known: Known<'_>) -> Checked<Plan> {
    let records = plan_records(frames, verify, known)?;
    let messages: u32 = records.iter().map(|r| r.count).sum();
    let shrink = (message_header::SIZE - frame_header::SIZE) * messages as usize;
    let size = frames.len() - shrink + batch_header::SIZE * records.len();
    Ok(Plan { records, size, messages })
}

/// The size of the 0.9 records `frames_to_batches` writes for these stored frames (and whether they verify).
#[cfg(test)]
pub fn batches_size(frames: &[u8], verify: bool) -> Checked<(usize, u32)> {
    plan(frames, verify, Known::none()).map(|plan| (plan.size, plan.messages))
}

/// Writes stored 0.8 frames (offsets consecutive within a run) as 0.9 batch records into `out` (exactly
/// `batches_size` bytes), with `partition_id` stamped, each message's 0.9 checksum and each record's batch
/// checksum computed. With `verify`, every stored checksum is checked first (INVALID_MESSAGE_CHECKSUM).
#[cfg(test)]
pub fn frames_to_batches(frames: &[u8], partition_id: u32, verify: bool, out: &mut [u8]) -> Checked<u32> {
    write_batches(frames, &plan(frames, false, Known::none())?, partition_id, Known::none(), verify, out, true)
}

/// Where a stretch of the conversion starts: message `delta` of record `record`, at byte `input_at` of the
/// stored frames and byte `output_at` of the answer; `message` counts the poll's messages before it.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    record: usize,
    delta: u32,
    input_at: usize,
    output_at: usize,
    message: usize,
}

/// A part is at least this many bytes: a conversion (a 0.9 send's or poll's) of twice as many and more runs in
/// parts on two threads (`crate::parts`) when its caller asks for it (`parallel`: the server does for a lone
/// client). A lone client's request waits for its conversion on the event loop thread while the other core idles: a
/// megabyte took 100 µs on one thread (`perf`: XXH3 half of it, the copy a fifth) on this 2-core machine. Where
/// several clients take turns, the other core is busy with them and a part handed to it waits for that core
/// (server/BENCHMARKS.md, "0.9 conversions on two threads for a lone client only").
const PART_MIN_BYTES: usize = 128 * 1024;
/// At most this many parts: a part of 128 KB is about 15 µs of work, far above the cost of taking it (a lock and
/// an atomic), and the caller waits at most for the one part the helper runs.
const MAX_PARTS: usize = 8;

/// The parts a conversion of `bytes` runs in.
fn parts_for(bytes: usize) -> usize {
    (bytes / PART_MIN_BYTES).clamp(1, MAX_PARTS)
}

/// Process-wide counts of conversions of twice `PART_MIN_BYTES` and more: run in parts, and kept on the calling thread
/// because the caller did not ask for `parallel` (the server's stats line; its tests).
pub static CONVERSIONS_IN_PARTS: AtomicU64 = AtomicU64::new(0);
pub static CONVERSIONS_KEPT_WHOLE: AtomicU64 = AtomicU64::new(0);

/// The parts a conversion of `bytes` runs in when its caller asks for `parallel` or not, counted.
fn parts_asked(bytes: usize, parallel: bool) -> usize {
    let parts = parts_for(bytes);
    if parts == 1 {
        return 1;
    }
    if parallel {
        CONVERSIONS_IN_PARTS.fetch_add(1, Ordering::Relaxed);
        parts
    } else {
        CONVERSIONS_KEPT_WHOLE.fetch_add(1, Ordering::Relaxed);
        1
    }
}

/// Where each of up to `parts` stretches of a poll's conversion starts: the first message, then the first
/// message at or past each further `parts`-th of the stored bytes (a record's first message included).
fn cursors(frames: &[u8], records: &[Record], parts: usize) -> Vec<Cursor> {
    let mut cursors = vec![Cursor { record: 0, delta: 0, input_at: 0, output_at: batch_header::SIZE, message: 0 }];
    // `output_at`: where the record's header goes in the answer.
    let (mut output_at, mut message) = (0usize, 0usize);
    for (index, record) in records.iter().enumerate() {
        if cursors.len() == parts {
            break;
        }
        let shrink = (message_header::SIZE - frame_header::SIZE) * record.count as usize;
        if record.end <= frames.len() * cursors.len() / parts {
            output_at += batch_header::SIZE + (record.end - record.start) - shrink;
            message += record.count as usize;
            continue;
        }
        let (mut input_at, mut frame_at) = (record.start, output_at + batch_header::SIZE);
        for delta in 0..record.count {
            if cursors.len() < parts && message > 0 && input_at >= frames.len() * cursors.len() / parts {
                cursors.push(Cursor { record: index, delta, input_at, output_at: frame_at, message });
            }
            let size = frame_size_from_header(&frames[input_at..]) as usize;
            input_at += size;
            frame_at += size - (message_header::SIZE - frame_header::SIZE);
            message += 1;
        }
        output_at = frame_at;
    }
    cursors
}

/// Converts `checksums.len()` messages from `from` on: each stored frame becomes a 0.9 frame at its place in
/// the answer (`out` holds the answer from byte `out_base`), its 0.9 checksum in `checksums`: the known one when
/// the frame carries the deltas it covers, else computed. Record headers are left for `write_batches`, which
/// needs every frame checksum of a record.
#[allow(clippy::too_many_arguments)]
fn convert_stretch(
    frames: &[u8],
    records: &[Record],
    known: Known<'_>,
    verify: bool,
    from: Cursor,
    out: &mut [u8],
    out_base: usize,
    checksums: &mut [u64],
) -> Checked<()> {
    let mut cursor = from;
    for checksum_out in checksums.iter_mut() {
        if cursor.delta == records[cursor.record].count {
            cursor.record += 1;
            cursor.delta = 0;
            cursor.output_at += batch_header::SIZE;
        }
        let record = &records[cursor.record];
        let size = frame_size_from_header(&frames[cursor.input_at..]) as usize;
        let frame = &frames[cursor.input_at..cursor.input_at + size];
        if verify {
            // Here rather than in a pass of its own: the frame is read from memory once, then copied from cache.
            verify_stored(frame)?;
        }
        let body = &frame[message_header::SIZE..];
        let at = cursor.output_at - out_base;
        let target = &mut out[at..at + frame_header::SIZE + body.len()];
        target[..frame_header::SIZE].fill(0);
        target[frame_header::ID_AT..frame_header::ID_AT + frame_header::ID_SIZE]
            .copy_from_slice(&frame[message_header::ID_AT..message_header::ID_AT + message_header::ID_SIZE]);
        // plan_records made every delta fit its u32 (counted from the record's base offset and origin).
        let offset = read_u64(frame, message_header::OFFSET_AT);
        let offset_delta = (offset - record.base_offset) as u32;
        write_u32(target, frame_header::OFFSET_DELTA_AT, offset_delta);
        let origin = read_u64(frame, message_header::ORIGIN_TIMESTAMP_AT);
        let timestamp_delta = (origin - record.origin_us) as u32;
        write_u32(target, frame_header::TIMESTAMP_DELTA_AT, timestamp_delta);
        write_u32(
            target,
            frame_header::USER_HEADERS_LENGTH_AT,
            read_u32(frame, message_header::USER_HEADERS_LENGTH_AT),
        );
        write_u32(target, frame_header::PAYLOAD_LENGTH_AT, read_u32(frame, message_header::PAYLOAD_LENGTH_AT));
        target[frame_header::SIZE..].copy_from_slice(body);
        let checksum = match known.get(offset) {
            Some(entry) if (entry.offset_delta, entry.timestamp_delta) == (offset_delta, timestamp_delta) => {
                entry.checksum
            }
            _ => twox_hash::XxHash3_64::oneshot(&target[frame_header::ID_AT..]),
        };
        write_u64(target, frame_header::CHECKSUM_AT, checksum);
        *checksum_out = checksum;
        cursor.input_at += size;
        cursor.output_at += target.len();
        cursor.delta += 1;
    }
    Ok(())
}

/// A stored frame's checksum checked against its bytes (INVALID_MESSAGE_CHECKSUM, naming its offset).
fn verify_stored(frame: &[u8]) -> Checked<()> {
    let stated = read_u64(frame, message_header::CHECKSUM_AT);
    let computed = frame_checksum(frame);
    if stated != computed {
        let offset = read_u64(frame, message_header::OFFSET_AT);
        return Err(Failure::new(
            code::INVALID_MESSAGE_CHECKSUM,
            format!("stored message {offset}: checksum {stated}, expected {computed}"),
        ));
    }
    Ok(())
}

/// `frames_to_batches` with the plan made already: `out` is exactly `plan.size` bytes, every byte written
/// (none read before it is written), `known` the one the plan was made with. With `parallel`, from twice
/// `PART_MIN_BYTES` on, the frames convert in parts on two threads. With `verify`, each stored checksum is checked
/// as its frame is converted (the plan need not have checked them): INVALID_MESSAGE_CHECKSUM naming the first bad
/// message's offset, and `out` is then meaningless.
pub fn write_batches(
    frames: &[u8],
    plan: &Plan,
    partition_id: u32,
    known: Known<'_>,
    verify: bool,
    out: &mut [u8],
    parallel: bool,
) -> Checked<u32> {
    let parts = parts_asked(frames.len(), parallel);
    write_batches_in_parts(frames, plan, partition_id, known, verify, out, parts)
}

/// `write_batches` in up to `parts` parts run by `crate::parts` (the tests split small polls).
fn write_batches_in_parts(
    frames: &[u8],
    plan: &Plan,
    partition_id: u32,
    known: Known<'_>,
    verify: bool,
    out: &mut [u8],
    parts: usize,
) -> Checked<u32> {
    if out.len() != plan.size {
        return Err(Failure::new(code::ERROR, "0.9 poll buffer of the wrong size"));
    }
    let records = &plan.records;
    let mut checksums = vec![0u64; plan.messages as usize];
    if !records.is_empty() {
        let starts = cursors(frames, records, parts);
        if let [first] = starts[..] {
            convert_stretch(frames, records, known, verify, first, out, 0, &mut checksums)?;
        } else {
            let mut results: Vec<Checked<()>> = starts.iter().map(|_| Ok(())).collect();
            let mut jobs: Vec<crate::parts::Part<'_>> = Vec::with_capacity(starts.len());
            let (mut out_rest, mut sums_rest) = (&mut out[..], &mut checksums[..]);
            for (i, (&from, result)) in starts.iter().zip(results.iter_mut()).enumerate() {
                // The first part's slice starts at the answer's first byte (its first record header).
                let base = if i == 0 { 0 } else { from.output_at };
                let (out_bytes, messages) = match starts.get(i + 1) {
                    Some(next) => (next.output_at - base, next.message - from.message),
                    None => (out_rest.len(), sums_rest.len()),
                };
                let (out_part, rest) = std::mem::take(&mut out_rest).split_at_mut(out_bytes);
                out_rest = rest;
                let (sums_part, rest) = std::mem::take(&mut sums_rest).split_at_mut(messages);
                sums_rest = rest;
                jobs.push(Box::new(move || {
                    *result = convert_stretch(frames, records, known, verify, from, out_part, base, sums_part)
                }));
            }
            crate::parts::run(jobs);
            // The first failure in message order is the earliest message's.
            results.into_iter().collect::<Checked<Vec<()>>>()?;
        }
    }
    // The batch checksum's input after the header part: each frame checksum (u64 LE), hashed in one call per
    // record rather than 8 bytes per streaming write.
    let mut sums_le: Vec<u8> = Vec::new();
    let (mut at, mut message) = (0usize, 0usize);
    for record in records {
        let count = record.count as usize;
        let shrink = (message_header::SIZE - frame_header::SIZE) * count;
        let length = batch_header::SIZE + (record.end - record.start) - shrink;
        let header = &mut out[at..at + batch_header::SIZE];
        header.fill(0);
        write_u64(header, batch_header::PARTITION_ID_AT, u64::from(partition_id));
        write_u64(header, batch_header::BASE_OFFSET_AT, record.base_offset);
        write_u64(header, batch_header::BASE_TIMESTAMP_AT, record.timestamp_us);
        write_u64(header, batch_header::ORIGIN_TIMESTAMP_AT, record.origin_us);
        write_u64(header, batch_header::BATCH_LENGTH_AT, length as u64);
        write_u32(header, batch_header::MESSAGE_COUNT_AT, record.count);
        sums_le.clear();
        for checksum in &checksums[message..message + count] {
            sums_le.extend_from_slice(&checksum.to_le_bytes());
        }
        let checksum = batch_checksum_of(header, &sums_le);
        write_u64(header, batch_header::BATCH_CHECKSUM_AT, checksum);
        at += length;
        message += count;
    }
    // `poll_batches` hands `out` to Python uninitialised: every byte must have been written.
    if at != out.len() {
        return Err(Failure::new(code::ERROR, "0.9 poll records do not fill the answer"));
    }
    Ok(plan.messages)
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
        stored_known(batch, count, base_offset, timestamp).map(|(index, frames, _)| (index, frames))
    }

    /// `stored`, with the known checksums the append hands back.
    fn stored_known(
        batch: &[u8],
        count: u32,
        base_offset: u64,
        timestamp: u64,
    ) -> Checked<(Vec<u8>, Vec<u8>, Vec<u8>)> {
        let mut index = vec![0u8; count as usize * index_entry::SIZE];
        let mut frames = vec![0u8; frames_bytes(batch.len(), count).unwrap_or(0)];
        let mut known = vec![0u8; count as usize * KNOWN_ENTRY_SIZE];
        let placement =
            Placement { base_offset, segment_start_offset: 0, segment_position_bytes: 0, timestamp_us: timestamp };
        convert_and_stamp(batch, count, &mut index, &mut frames, &mut known, placement, true)?;
        Ok((index, frames, known))
    }

    /// Stored frames as a poll answers them over 0.9, with what is known of them.
    fn polled(frames: &[u8], known: Known<'_>, parts: usize) -> Vec<u8> {
        let plan = plan(frames, false, known).unwrap();
        let mut out = vec![0xAAu8; plan.size];
        write_batches_in_parts(frames, &plan, 0, known, true, &mut out, parts).unwrap();
        out
    }

    /// An answer's records: (base offset, origin, frames), every checksum checked against the bytes.
    fn records_of(answer: &[u8]) -> Vec<(u64, u64, Vec<Vec<u8>>)> {
        let mut records = Vec::new();
        let mut at = 0usize;
        while at < answer.len() {
            let header = &answer[at..at + batch_header::SIZE];
            let length = read_u64(header, batch_header::BATCH_LENGTH_AT) as usize;
            let count = read_u32(header, batch_header::MESSAGE_COUNT_AT) as usize;
            let frames: Vec<Vec<u8>> = FrameIter::new(&answer[at + batch_header::SIZE..at + length], count)
                .map(|frame| {
                    let stated = read_u64(frame, frame_header::CHECKSUM_AT);
                    assert_eq!(stated, twox_hash::XxHash3_64::oneshot(&frame[frame_header::ID_AT..]));
                    frame.to_vec()
                })
                .collect();
            let sums = frames.iter().map(|f| read_u64(f, frame_header::CHECKSUM_AT));
            assert_eq!(read_u64(header, batch_header::BATCH_CHECKSUM_AT), batch_checksum(header, sums));
            records.push((
                read_u64(header, batch_header::BASE_OFFSET_AT),
                read_u64(header, batch_header::ORIGIN_TIMESTAMP_AT),
                frames,
            ));
            at += length;
        }
        assert_eq!(at, answer.len());
        records
    }

    /// Stored frames from the message at `skip` on (the frames of a poll that starts there).
    fn frames_from(frames: &[u8], skip: usize) -> &[u8] {
        let mut at = 0usize;
        for _ in 0..skip {
            at += frame_size_from_header(&frames[at..]) as usize;
        }
        &frames[at..]
    }

    #[test]
    fn a_poll_of_known_messages_answers_the_producers_frames_from_any_first_offset() {
        // Two producer batches (offsets 40..45 and 45..48), the second's origin earlier than its first message's.
        let headers = b"\x02\x01\x00\x00\x00k\x02\x01\x00\x00\x00v";
        let first: Vec<Vec<u8>> =
            (0..5u32).map(|i| v09_frame(u128::from(i) + 1, i, i * 7, &[b'a'; 300], b"")).collect();
        let second: Vec<Vec<u8>> =
            (0..3u32).map(|i| v09_frame(u128::from(i) + 9, i, 10 + i, b"xyz", headers)).collect();
        let (batch_a, batch_b) = (v09_batch(1_000, &first), v09_batch(2_000, &second));
        let (_, frames_a, known_a) = stored_known(&batch_a, 5, 40, 7_000).unwrap();
        let (_, frames_b, known_b) = stored_known(&batch_b, 3, 45, 7_000).unwrap();
        let (frames, entries) = ([frames_a, frames_b].concat(), [known_a, known_b].concat());
        let known = Known::new(&entries, 40);
        for skip in 0..8usize {
            let polled_frames = frames_from(&frames, skip);
            for parts in [1, 2, MAX_PARTS] {
                let records = records_of(&polled(polled_frames, known, parts));
                // One record per producer batch, with its base offset and origin: each frame is the producer's.
                let batches = [(40u64, 1_000u64, &first, 0usize), (45, 2_000, &second, 5)];
                let expected: Vec<(u64, u64, Vec<Vec<u8>>)> = batches
                    .into_iter()
                    .filter(|(_, _, batch, from)| skip < from + batch.len())
                    .map(|(base, origin, batch, from)| (base, origin, batch[skip.saturating_sub(from)..].to_vec()))
                    .collect();
                assert_eq!(records, expected, "poll from offset {}", 40 + skip);
            }
        }
        // Without what is known, a poll from the middle counts its deltas from its first message, hashed anew.
        let records = records_of(&polled(frames_from(&frames, 2), Known::none(), 1));
        assert_eq!((records[0].0, records[0].1), (42, 1_014));
        assert_eq!(read_u32(&records[0].2[0], frame_header::OFFSET_DELTA_AT), 0);
    }

    #[test]
    fn a_known_checksum_is_sent_only_for_the_deltas_it_covers() {
        // A marker in place of the producer's checksum shows where the known entry is used rather than a hash.
        let batch = v09_batch(500, &[v09_frame(1, 0, 0, b"one", b""), v09_frame(2, 1, 3, b"two", b"")]);
        let (_, frames, mut entries) = stored_known(&batch, 2, 10, 900).unwrap();
        write_u64(&mut entries, KNOWN_ENTRY_SIZE, 0x5EED);
        let answer = polled(&frames, Known::new(&entries, 10), 1);
        let second_at = batch_header::SIZE + frame_header::SIZE + 3;
        assert_eq!(read_u64(&answer[second_at..], frame_header::CHECKSUM_AT), 0x5EED);
        // The deltas come from the entry too: one that counts from another origin puts its message in a record of
        // its own, counted from there (the append writes each entry for exactly the deltas its checksum covers).
        write_u32(&mut entries, KNOWN_ENTRY_SIZE + KNOWN_TIMESTAMP_DELTA_AT, 4);
        let answer = polled(&frames, Known::new(&entries, 10), 1);
        let second_record = &answer[batch_header::SIZE + frame_header::SIZE + 3..];
        assert_eq!(read_u64(second_record, batch_header::ORIGIN_TIMESTAMP_AT), 499);
        assert_eq!(read_u32(&second_record[batch_header::SIZE..], frame_header::TIMESTAMP_DELTA_AT), 4);
        assert_eq!(read_u64(&second_record[batch_header::SIZE..], frame_header::CHECKSUM_AT), 0x5EED);
        // Entries for other offsets, or none at all (zeros): hashed, the same answer as without them.
        let plain = polled(&frames, Known::none(), usize::MAX);
        assert_eq!(polled(&frames, Known::new(&entries, 1_000), 1), plain);
        assert_eq!(polled(&frames, Known::new(&[0u8; 2 * KNOWN_ENTRY_SIZE], 10), 1), plain);
        // An entry whose deltas point before offset 0 or origin 0 is not a producer batch: ignored.
        let mut wild = vec![0u8; 2 * KNOWN_ENTRY_SIZE];
        write_u32(&mut wild, KNOWN_OFFSET_DELTA_AT, 11);
        write_u64(&mut wild, 0, 1);
        assert_eq!(polled(&frames, Known::new(&wild, 10), 1), plain);
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
    fn parts_on_two_threads_write_the_same_answer_as_one_pass() {
        // Three stored batches (three records) of messages of varied sizes, some with user headers.
        let mut frames = Vec::new();
        let mut base_offset = 0u64;
        for (batch_no, count) in [(0u64, 5u32), (1, 8), (2, 3)] {
            let batch_frames: Vec<Vec<u8>> = (0..count)
                .map(|i| {
                    let payload = vec![b'a' + i as u8; 1 + (i as usize * 37 + batch_no as usize * 11) % 200];
                    let headers: &[u8] = if i % 3 == 0 { b"\x02\x01\x00\x00\x00k\x02\x01\x00\x00\x00v" } else { b"" };
                    v09_frame(u128::from(i) + 100 * u128::from(batch_no), i, i * 3, &payload, headers)
                })
                .collect();
            let batch = v09_batch(1_000 + batch_no, &batch_frames);
            let (_, stored_frames) = stored(&batch, count, base_offset, 5_000 + batch_no).unwrap();
            frames.extend_from_slice(&stored_frames);
            base_offset += u64::from(count);
        }
        let plan = plan(&frames, true, Known::none()).unwrap();
        assert_eq!(plan.records.len(), 3);
        let mut one = vec![0u8; plan.size];
        assert_eq!(write_batches_in_parts(&frames, &plan, 9, Known::none(), false, &mut one, 1).unwrap(), 16);
        // Every split point a part can start at: the frames cut at each message boundary, in 2 to 8 parts.
        let mut seen_starts = std::collections::HashSet::new();
        for cut in 0..frames.len() {
            let prefix = &frames[..frames.len() - cut];
            let Ok(prefix_plan) = plan_checked(prefix) else {
                continue;
            };
            let mut single = vec![0u8; prefix_plan.size];
            write_batches_in_parts(prefix, &prefix_plan, 9, Known::none(), false, &mut single, 1).unwrap();
            for parts in 2..=MAX_PARTS {
                let mut split = vec![0xAAu8; prefix_plan.size];
                write_batches_in_parts(prefix, &prefix_plan, 9, Known::none(), false, &mut split, parts).unwrap();
                assert_eq!(single, split, "prefix of {} bytes in {parts} parts", prefix.len());
                for start in &cursors(prefix, &prefix_plan.records, parts)[1..] {
                    seen_starts.insert((start.record, start.delta == 0));
                }
            }
        }
        assert!(seen_starts.len() >= 4, "parts started in too few places: {seen_starts:?}");
        // A part starting at a record's first message: two records of one message each, of equal size.
        let batch = v09_batch(10, &[v09_frame(1, 0, 0, b"same", b"")]);
        let (_, first) = stored(&batch, 1, 0, 100).unwrap();
        let (_, second) = stored(&batch, 1, 1, 200).unwrap();
        let two = [first, second].concat();
        let two_plan = plan_checked(&two).unwrap();
        let starts = cursors(&two, &two_plan.records, 2);
        let cursor = starts.get(1).expect("a second message");
        assert_eq!((cursor.record, cursor.delta, cursor.message), (1, 0, 1));
        let mut single = vec![0u8; two_plan.size];
        write_batches_in_parts(&two, &two_plan, 9, Known::none(), false, &mut single, 1).unwrap();
        let mut split = vec![0xAAu8; two_plan.size];
        write_batches_in_parts(&two, &two_plan, 9, Known::none(), false, &mut split, 2).unwrap();
        assert_eq!(single, split);
        // The single-threaded answer walks as 0.9 records with valid checksums.
        let mut at = 0usize;
        while at < one.len() {
            let header = &one[at..at + batch_header::SIZE];
            let length = read_u64(header, batch_header::BATCH_LENGTH_AT) as usize;
            let count = read_u32(header, batch_header::MESSAGE_COUNT_AT) as usize;
            let body = &one[at + batch_header::SIZE..at + length];
            let sums: Vec<u64> = FrameIter::new(body, count)
                .map(|frame| {
                    let stated = read_u64(frame, frame_header::CHECKSUM_AT);
                    assert_eq!(stated, twox_hash::XxHash3_64::oneshot(&frame[frame_header::ID_AT..]));
                    stated
                })
                .collect();
            assert_eq!(read_u64(header, batch_header::BATCH_CHECKSUM_AT), batch_checksum(header, sums.into_iter()));
            at += length;
        }
        assert_eq!(at, one.len());
    }

    #[test]
    fn an_append_in_parts_stores_what_one_pass_stores_and_refuses_the_same() {
        let frames: Vec<Vec<u8>> = (0..9u32)
            .map(|i| {
                let payload = vec![b'a' + i as u8; 1 + (i as usize * 53) % 300];
                let headers: &[u8] = if i % 4 == 1 { b"\x02\x01\x00\x00\x00k\x02\x01\x00\x00\x00v" } else { b"" };
                v09_frame(u128::from(i) + 1, i, i * 2, &payload, headers)
            })
            .collect();
        let batch = v09_batch(1_000, &frames);
        let append = |batch: &[u8], parts: usize| -> Checked<(u64, Vec<u8>, Vec<u8>)> {
            let mut index = vec![0u8; 9 * index_entry::SIZE];
            let mut out = vec![0u8; frames_bytes(batch.len(), 9).unwrap()];
            let mut known = vec![0u8; 9 * KNOWN_ENTRY_SIZE];
            let placement =
                Placement { base_offset: 40, segment_start_offset: 10, segment_position_bytes: 500, timestamp_us: 77 };
            let end = convert_and_stamp_in_parts(batch, 9, &mut index, &mut out, &mut known, placement, parts)?;
            Ok((end, index, [out, known].concat()))
        };
        let one = append(&batch, 1).unwrap();
        for parts in 2..=MAX_PARTS {
            assert_eq!(append(&batch, parts).unwrap(), one, "{parts} parts");
            let starts = stretches_of_batch(&batch[batch_header::SIZE..], 9, parts);
            assert!(starts.len() > 1 && starts.windows(2).all(|pair| pair[0].message < pair[1].message));
        }
        // A fault in one part, or in two: the earlier message's refusal, as in one pass.
        let at_message = |i: usize| batch_header::SIZE + frames[..i].iter().map(Vec::len).sum::<usize>();
        for broken in [vec![1usize], vec![7], vec![1, 7]] {
            let mut bad = batch.clone();
            for &i in &broken {
                bad[at_message(i) + frame_header::SIZE] ^= 0xFF; // the payload's first byte: its checksum fails
            }
            let single = append(&bad, 1).unwrap_err();
            for parts in 2..=MAX_PARTS {
                let split = append(&bad, parts).unwrap_err();
                assert_eq!((single.code, &single.message), (split.code, &split.message));
            }
            assert!(single.message.starts_with(&format!("message {}:", broken[0])), "{}", single.message);
        }
        let mut bad_batch_checksum = batch.clone();
        bad_batch_checksum[batch_header::BATCH_CHECKSUM_AT] ^= 1;
        assert_eq!(append(&bad_batch_checksum, MAX_PARTS).unwrap_err().code, code::INVALID_BATCH_CHECKSUM);
    }

    /// The plan of whole stored frames only (a cut inside a frame is refused).
    fn plan_checked(frames: &[u8]) -> Checked<Plan> {
        plan(frames, true, Known::none())
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

    #[test]
    fn a_conversion_that_verifies_refuses_the_first_corrupt_frame_of_any_part() {
        let frames_v09: Vec<Vec<u8>> =
            (0..40u32).map(|i| v09_frame(u128::from(i) + 1, i, i, &[7u8; 900], b"")).collect();
        let (_, clean) = stored(&v09_batch(10, &frames_v09), 40, 100, 1).unwrap();
        let plan = plan(&clean, false, Known::none()).unwrap();
        let frame_bytes = clean.len() / 40;
        for (corrupt, parts) in [(3usize, 2usize), (33, 2), (33, 1), (17, MAX_PARTS), (38, MAX_PARTS)] {
            let mut frames = clean.clone();
            frames[corrupt * frame_bytes + frame_bytes - 1] ^= 1; // the last payload byte of message `corrupt`
            let mut out = vec![0u8; plan.size];
            let refused = write_batches_in_parts(&frames, &plan, 0, Known::none(), true, &mut out, parts).unwrap_err();
            assert_eq!(refused.code, code::INVALID_MESSAGE_CHECKSUM);
            assert!(refused.message.starts_with(&format!("stored message {}:", 100 + corrupt)), "{}", refused.message);
            // Not verifying, the same frames convert.
            assert!(write_batches_in_parts(&frames, &plan, 0, Known::none(), false, &mut out, parts).is_ok());
        }
        // Several parts corrupt: the earliest message is named.
        let mut frames = clean.clone();
        for corrupt in [5usize, 22, 35] {
            frames[corrupt * frame_bytes + frame_bytes - 1] ^= 1;
        }
        let mut out = vec![0u8; plan.size];
        for parts in [2, MAX_PARTS] {
            let refused = write_batches_in_parts(&frames, &plan, 0, Known::none(), true, &mut out, parts).unwrap_err();
            assert!(refused.message.starts_with("stored message 105:"), "{}", refused.message);
        }
    }
}
