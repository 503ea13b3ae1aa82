//! Messages on the hot path: the outgoing `IggyMessage`, typed user headers, the SendMessages frame (0.8: index
//! table, then the frames; 0.9: batch header, then the frames, each frame's checksum computed here; payloads up
//! to `COPY_MAX_BYTES` copied after their header, larger ones chained as they are), the 0.9 poll answer
//! flattened into messages in one pass, and helpers on the generated argument records (`Partitioning`,
//! `Consumer`, `PollingStrategy`).

use std::hash::Hasher;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::{Bytes, BytesMut};

use crate::codec::{Consumer, HeaderEntry, Message, Partitioning, PolledMessages, PollingStrategy};
use crate::codes::{command_code, consumer_kind, error_code, header_kind, operation, partitioning_kind, polling_kind};
use crate::error::{Error, Result};
use crate::runtime::{CodecError, Identifier, Reader, Writer};
use crate::transport::Frame;
use crate::vsr::{random_uuids, xxh3};
use crate::wire_layout::{batch_header, frame_header, index_entry, message_header};

/// A typed user-header key or value: its `HeaderKind` byte and its little-endian bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeaderValue {
    pub kind: u8,
    pub value: Bytes,
}

macro_rules! numeric_header {
    ($($name:ident: $ty:ty => $kind:ident),*) => {$(
        pub fn $name(value: $ty) -> Self {
            HeaderValue { kind: header_kind::$kind, value: Bytes::copy_from_slice(&value.to_le_bytes()) }
        }
    )*};
}

impl HeaderValue {
    pub fn string(value: &str) -> Self {
        HeaderValue { kind: header_kind::STRING, value: Bytes::copy_from_slice(value.as_bytes()) }
    }

    pub fn raw(value: impl Into<Bytes>) -> Self {
        HeaderValue { kind: header_kind::RAW, value: value.into() }
    }

    pub fn bool(value: bool) -> Self {
        HeaderValue { kind: header_kind::BOOL, value: Bytes::copy_from_slice(&[u8::from(value)]) }
    }

    numeric_header!(
        int8: i8 => INT8, int16: i16 => INT16, int32: i32 => INT32, int64: i64 => INT64, int128: i128 => INT128,
        uint8: u8 => UINT8, uint16: u16 => UINT16, uint32: u32 => UINT32, uint64: u64 => UINT64,
        uint128: u128 => UINT128, float32: f32 => FLOAT32, float64: f64 => FLOAT64
    );

    /// The value as text, when its kind is STRING.
    pub fn as_str(&self) -> Option<&str> {
        (self.kind == header_kind::STRING).then(|| std::str::from_utf8(&self.value).ok()).flatten()
    }
}

impl From<&str> for HeaderValue {
    fn from(value: &str) -> Self {
        HeaderValue::string(value)
    }
}

/// A message to send. The server assigns offset, timestamp and checksum; an id of 0 gets a random UUID.
#[derive(Debug, Clone, PartialEq)]
pub struct IggyMessage {
    pub id: u128,
    pub payload: Bytes,
    /// Encoded user headers (`HeaderEntry` records back to back); empty when there are none.
    pub user_headers: Bytes,
    /// Client clock in µs since the epoch; 0 = stamped when the batch is sent.
    pub origin_timestamp: u64,
}

impl IggyMessage {
    pub fn new(payload: impl Into<Bytes>) -> Self {
        IggyMessage { id: 0, payload: payload.into(), user_headers: Bytes::new(), origin_timestamp: 0 }
    }

    pub fn with_id(mut self, id: u128) -> Self {
        self.id = id;
        self
    }

    /// Attach user headers (written in the given order).
    pub fn with_headers<K: Into<HeaderValue>, V: Into<HeaderValue>>(
        mut self,
        headers: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Self> {
        let mut w = Writer::new();
        for (key, value) in headers {
            let (key, value) = (key.into(), value.into());
            HeaderEntry { key_kind: key.kind, key: key.value, value_kind: value.kind, value: value.value }
                .encode(&mut w)?;
        }
        self.user_headers = w.into_inner().freeze();
        Ok(self)
    }

    fn frame_len(&self) -> usize {
        message_header::SIZE + self.payload.len() + self.user_headers.len()
    }
}

/// Decode a message's user-header bytes into (key, value) pairs, in wire order.
pub fn user_headers(bytes: &Bytes) -> Result<Vec<(HeaderValue, HeaderValue)>> {
    let mut r = Reader::new(bytes.clone());
    let mut headers = Vec::new();
    while r.remaining() > 0 {
        let entry = HeaderEntry::decode(&mut r)?;
        headers.push((
            HeaderValue { kind: entry.key_kind, value: entry.key },
            HeaderValue { kind: entry.value_kind, value: entry.value },
        ));
    }
    Ok(headers)
}

impl Message {
    /// This polled message's user headers.
    pub fn headers(&self) -> Result<Vec<(HeaderValue, HeaderValue)>> {
        user_headers(&self.user_headers)
    }
}

fn now_us() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// The SendMessages frame: metadata and index table, then each 64-byte header with its payload and user headers
/// (copied up to `COPY_MAX_BYTES`, else chained as the caller's `Bytes`).
pub(crate) fn send_messages_frame(
    stream_id: &Identifier,
    topic_id: &Identifier,
    partitioning: &Partitioning,
    messages: &[IggyMessage],
) -> Result<Frame> {
    if messages.is_empty() {
        return Err(Error::InvalidArgument("send_messages needs at least one message".into()));
    }
    let count = u32::try_from(messages.len()).map_err(|_| Error::InvalidArgument("too many messages".into()))?;
    let mut w = Writer::from_buf(BytesMut::with_capacity(64 + messages.len() * index_entry::SIZE));
    let metadata_at = w.placeholder_u32();
    stream_id.encode(&mut w)?;
    topic_id.encode(&mut w)?;
    partitioning.encode(&mut w)?;
    w.u32(count);
    w.patch_u32(metadata_at, "metadata_length")?;
    let mut position: u64 = 0;
    for message in messages {
        if message.payload.is_empty() {
            return Err(Error::InvalidArgument("a message payload must not be empty".into()));
        }
        position += message.frame_len() as u64;
        let end = u32::try_from(position).map_err(|_| Error::InvalidArgument("batch exceeds 4 GiB".into()))?;
        let mut entry = [0u8; index_entry::SIZE];
        entry[index_entry::POSITION_AT..index_entry::POSITION_AT + index_entry::POSITION_SIZE]
            .copy_from_slice(&end.to_le_bytes());
        w.bytes(&entry);
    }
    let timestamp = now_us();
    let mut body = FrameBody::new(w.into_inner(), messages);
    for message in messages {
        let at = body.open(message_header::SIZE);
        let header = body.header(at, message_header::SIZE);
        put(header, message_header::ID_AT, &message.id.to_le_bytes());
        let origin = if message.origin_timestamp == 0 { timestamp } else { message.origin_timestamp };
        put(header, message_header::ORIGIN_TIMESTAMP_AT, &origin.to_le_bytes());
        put(header, message_header::USER_HEADERS_LENGTH_AT, &(message.user_headers.len() as u32).to_le_bytes());
        put(header, message_header::PAYLOAD_LENGTH_AT, &(message.payload.len() as u32).to_le_bytes());
        body.close(message);
    }
    Ok(Frame {
        code: command_code::SEND_MESSAGES,
        operation: operation::SEND_MESSAGES,
        chunks: Arc::new(body.into_chunks()),
        resend: None,
    })
}

/// Payloads (with their user headers) up to this many bytes are copied into the request's buffer; larger ones
/// travel as chunks of their own, shared with the caller's `Bytes`. A batch of small messages then leaves in one
/// write and each 0.9 frame is hashed in one pass over contiguous bytes, where a chunk per payload cost an atomic
/// count per message (on a payload the caller's thread shares), a streaming hash per frame and vectored writes of
/// thousands of parts; the official client copies every batch into one buffer.
const COPY_MAX_BYTES: usize = 64 * 1024;

/// A SendMessages body being laid out: everything up to the first frame (`head`), then the frames, small
/// payloads copied in after their header, large ones cut out as chunks of their own.
struct FrameBody {
    head: BytesMut,
    frames: BytesMut,
    chunks: Vec<Bytes>,
}

impl FrameBody {
    fn new(head: BytesMut, messages: &[IggyMessage]) -> Self {
        let copied: usize = messages
            .iter()
            .map(|m| message_header::SIZE + if copies(m) { m.payload.len() + m.user_headers.len() } else { 0 })
            .sum();
        FrameBody { head, frames: BytesMut::with_capacity(copied), chunks: vec![Bytes::new()] }
    }

    /// Starts a frame with a zeroed header of `size` bytes; returns where it starts in `frames`.
    fn open(&mut self, size: usize) -> usize {
        let at = self.frames.len();
        self.frames.resize(at + size, 0);
        at
    }

    fn header(&mut self, at: usize, size: usize) -> &mut [u8] {
        &mut self.frames[at..at + size]
    }

    /// Ends the frame of `message`: its payload and user headers copied, or chained as chunks.
    fn close(&mut self, message: &IggyMessage) {
        if copies(message) {
            self.frames.extend_from_slice(&message.payload);
            self.frames.extend_from_slice(&message.user_headers);
        } else {
            self.chunks.push(self.frames.split().freeze());
            self.chunks.push(message.payload.clone());
            if !message.user_headers.is_empty() {
                self.chunks.push(message.user_headers.clone());
            }
        }
    }

    /// The frame from `at` (its header, and its payload and user headers when copied) as one slice.
    fn frame(&self, at: usize) -> &[u8] {
        &self.frames[at..]
    }

    fn into_chunks(mut self) -> Vec<Bytes> {
        if !self.frames.is_empty() {
            self.chunks.push(self.frames.freeze());
        }
        self.chunks[0] = self.head.freeze();
        self.chunks
    }
}

fn copies(message: &IggyMessage) -> bool {
    message.payload.len() + message.user_headers.len() <= COPY_MAX_BYTES
}

/// XXH32, seed 0: how the official 0.9 clients map a message key to a partition (`% partitions_count`).
pub(crate) fn xxh32(key: &[u8]) -> u32 {
    let mut hasher = twox_hash::XxHash32::with_seed(0);
    hasher.write(key);
    hasher.finish_32()
}

/// The 0.9 SendMessages body: `metadata_length | stream | topic | partitioning | messages_count`, the 256-byte
/// batch header, then each 48-byte frame header with its payload and user headers (copied up to
/// `COPY_MAX_BYTES`, else chained as the caller's `Bytes`). Message id 0 becomes a random UUIDv4 and origin
/// timestamp 0 the send time, as the official 0.9 clients do; the frame checksums (XXH3 of frame bytes 8..end)
/// and the batch checksum are computed here, with partition, base offset and base timestamp 0 (the server stamps
/// them).
pub(crate) fn send_batch_frame(
    stream_id: &Identifier,
    topic_id: &Identifier,
    partitioning: &Partitioning,
    messages: &[IggyMessage],
) -> Result<Frame> {
    if messages.is_empty() {
        return Err(Error::InvalidArgument("send_messages needs at least one message".into()));
    }
    if messages.iter().any(|m| m.payload.is_empty()) {
        return Err(Error::InvalidArgument("a message payload must not be empty".into()));
    }
    let count = u32::try_from(messages.len()).map_err(|_| Error::InvalidArgument("too many messages".into()))?;
    let zero_ids = messages.iter().filter(|m| m.id == 0).count();
    let mut random_ids = if zero_ids > 0 { random_uuids(zero_ids)? } else { Vec::new() }.into_iter();
    let sent_at = now_us();
    let origin_of = |m: &IggyMessage| if m.origin_timestamp == 0 { sent_at } else { m.origin_timestamp };
    let batch_origin = messages.iter().map(origin_of).min().expect("at least one message");

    let mut w = Writer::from_buf(BytesMut::with_capacity(64 + batch_header::SIZE));
    let metadata_at = w.placeholder_u32();
    stream_id.encode(&mut w)?;
    topic_id.encode(&mut w)?;
    partitioning.encode(&mut w)?;
    w.u32(count);
    w.patch_u32(metadata_at, "metadata_length")?;
    let header_at = w.len();
    w.zeros(batch_header::SIZE);
    let mut body = FrameBody::new(w.into_inner(), messages);
    let mut checksums = Vec::with_capacity(messages.len() * 8);
    let mut batch_length = batch_header::SIZE as u64;
    for (index, message) in messages.iter().enumerate() {
        let id = if message.id == 0 { random_ids.next().expect("one random id per zero id") } else { message.id };
        let delta = u32::try_from(origin_of(message) - batch_origin).map_err(|_| {
            Error::server_message(
                error_code::INVALID_MESSAGE_TIMESTAMP_DELTA,
                "origin timestamps more than u32::MAX µs apart do not fit one batch",
            )
        })?;
        let headers_len = u32::try_from(message.user_headers.len())
            .map_err(|_| Error::InvalidArgument("user headers exceed 4 GiB".into()))?;
        let payload_len =
            u32::try_from(message.payload.len()).map_err(|_| Error::InvalidArgument("payload exceeds 4 GiB".into()))?;
        let at = body.open(frame_header::SIZE);
        let header = body.header(at, frame_header::SIZE);
        put(header, frame_header::ID_AT, &id.to_le_bytes());
        put(header, frame_header::OFFSET_DELTA_AT, &(index as u32).to_le_bytes());
        put(header, frame_header::TIMESTAMP_DELTA_AT, &delta.to_le_bytes());
        put(header, frame_header::USER_HEADERS_LENGTH_AT, &headers_len.to_le_bytes());
        put(header, frame_header::PAYLOAD_LENGTH_AT, &payload_len.to_le_bytes());
        let checksum = if copies(message) {
            body.close(message);
            let checksum = twox_hash::XxHash3_64::oneshot(&body.frame(at)[frame_header::ID_AT..]);
            put(body.header(at, frame_header::SIZE), frame_header::CHECKSUM_AT, &checksum.to_le_bytes());
            checksum
        } else {
            // The header is cut out with the frames before it when the payload is chained: complete it first.
            let checksum = xxh3(&[&body.frame(at)[frame_header::ID_AT..], &message.payload, &message.user_headers]);
            put(body.header(at, frame_header::SIZE), frame_header::CHECKSUM_AT, &checksum.to_le_bytes());
            body.close(message);
            checksum
        };
        checksums.extend_from_slice(&checksum.to_le_bytes());
        batch_length += (frame_header::SIZE + message.payload.len() + message.user_headers.len()) as u64;
    }
    {
        let header = &mut body.head[header_at..header_at + batch_header::SIZE];
        put(header, batch_header::ORIGIN_TIMESTAMP_AT, &batch_origin.to_le_bytes());
        put(header, batch_header::BATCH_LENGTH_AT, &batch_length.to_le_bytes());
        put(header, batch_header::MESSAGE_COUNT_AT, &count.to_le_bytes());
        let count_end = batch_header::MESSAGE_COUNT_AT + batch_header::MESSAGE_COUNT_SIZE;
        let checksum = xxh3(&[
            &header[..batch_header::BATCH_CHECKSUM_AT],
            &header[batch_header::MESSAGE_COUNT_AT..count_end],
            &checksums,
        ]);
        put(header, batch_header::BATCH_CHECKSUM_AT, &checksum.to_le_bytes());
    }
    Ok(Frame {
        code: command_code::SEND_MESSAGES,
        operation: operation::SEND_MESSAGES,
        chunks: Arc::new(body.into_chunks()),
        resend: None,
    })
}

fn le_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn le_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Room for the messages an answer announces, but never more than its remaining bytes can hold (each message
/// has a fixed header of `header_bytes`): memory follows the bytes received, not the count announced. Reserving
/// up front spares the ten reallocations (and copies) of a 1,000-message answer growing its list.
fn messages_capacity(announced: u32, remaining_bytes: usize, header_bytes: usize) -> usize {
    (announced as usize).min(remaining_bytes / header_bytes)
}

/// A 0.8 PollMessages answer (`partition_id | current_offset | messages_count`, then message frames to the end)
/// decoded in one pass, as `PolledMessages::decode` does (same checks, same errors) but with one bounds check per
/// frame: read the fixed header at the generated offsets, then slice the payload and user headers out of `body`.
/// Measured (sdk/rust/BENCHMARKS.md): the generic decode spent about 57 µs of a 1,000-message poll here.
pub(crate) fn decode_polled_frames(body: Bytes) -> std::result::Result<PolledMessages, CodecError> {
    let mut r = Reader::new(body.clone());
    let partition_id = r.u32()?;
    let current_offset = r.u64()?;
    let messages_count = r.u32()?;
    let mut position = r.position();
    let mut messages = Vec::with_capacity(messages_capacity(messages_count, r.remaining(), message_header::SIZE));
    while position < body.len() {
        let remaining = body.len() - position;
        let Some(header) = body.get(position..position + message_header::SIZE) else {
            return Err(CodecError::Truncated { needed: message_header::SIZE, remaining });
        };
        if le_u64(header, message_header::RESERVED_AT) != 0 {
            return Err(CodecError::Invalid("reserved must be 0"));
        }
        let payload_len = le_u32(header, message_header::PAYLOAD_LENGTH_AT) as usize;
        let headers_len = le_u32(header, message_header::USER_HEADERS_LENGTH_AT) as usize;
        let payload_at = position + message_header::SIZE;
        let payload_end = payload_at
            .checked_add(payload_len)
            .filter(|&end| end <= body.len())
            .ok_or(CodecError::Truncated { needed: payload_len, remaining: body.len() - payload_at })?;
        let end = payload_end
            .checked_add(headers_len)
            .filter(|&end| end <= body.len())
            .ok_or(CodecError::Truncated { needed: headers_len, remaining: body.len() - payload_end })?;
        messages.push(Message {
            checksum: le_u64(header, message_header::CHECKSUM_AT),
            id: u128::from_le_bytes(
                header[message_header::ID_AT..message_header::ID_AT + message_header::ID_SIZE]
                    .try_into()
                    .expect("16 bytes"),
            ),
            offset: le_u64(header, message_header::OFFSET_AT),
            timestamp: le_u64(header, message_header::TIMESTAMP_AT),
            origin_timestamp: le_u64(header, message_header::ORIGIN_TIMESTAMP_AT),
            payload: body.slice(payload_at..payload_end),
            user_headers: body.slice(payload_end..end),
        });
        position = end;
    }
    Ok(PolledMessages { partition_id, current_offset, messages_count, messages, batches: Vec::new() })
}

/// A 0.9 PollMessages answer (`partition_id | current_offset | messages_count`, then batch records) flattened into
/// `PolledMessages::messages` in one pass: offset = base_offset + offset_delta, timestamp = the batch's
/// base_timestamp, origin = origin_timestamp + timestamp_delta; payloads and user headers are slices of `body`.
/// Every length is checked against the bytes present; reserved bytes must be zero.
pub(crate) fn decode_polled_batches(body: Bytes) -> std::result::Result<PolledMessages, CodecError> {
    let mut r = Reader::new(body.clone());
    let partition_id = r.u32()?;
    let current_offset = r.u64()?;
    let messages_count = r.u32()?;
    let mut at = r.position();
    let mut messages = Vec::with_capacity(messages_capacity(messages_count, r.remaining(), frame_header::SIZE));
    while at < body.len() {
        if body.len() - at < batch_header::SIZE {
            return Err(CodecError::Truncated { needed: batch_header::SIZE, remaining: body.len() - at });
        }
        let header = &body[at..at + batch_header::SIZE];
        if header[batch_header::RESERVED_AT..].iter().any(|&b| b != 0) {
            return Err(CodecError::Reserved { field: "batch reserved" });
        }
        let batch_length = le_u64(header, batch_header::BATCH_LENGTH_AT);
        if batch_length < batch_header::SIZE as u64 || batch_length > (body.len() - at) as u64 {
            return Err(CodecError::Length { field: "batch_length", length: batch_length as usize });
        }
        let end = at + batch_length as usize;
        let base_offset = le_u64(header, batch_header::BASE_OFFSET_AT);
        let base_timestamp = le_u64(header, batch_header::BASE_TIMESTAMP_AT);
        let origin_timestamp = le_u64(header, batch_header::ORIGIN_TIMESTAMP_AT);
        let count = le_u32(header, batch_header::MESSAGE_COUNT_AT);
        let mut position = at + batch_header::SIZE;
        for _ in 0..count {
            if end - position < frame_header::SIZE {
                return Err(CodecError::Truncated { needed: frame_header::SIZE, remaining: end - position });
            }
            let frame = &body[position..position + frame_header::SIZE];
            if frame[frame_header::RESERVED_AT..].iter().any(|&b| b != 0) {
                return Err(CodecError::Reserved { field: "frame reserved" });
            }
            let payload_len = le_u32(frame, frame_header::PAYLOAD_LENGTH_AT) as usize;
            let headers_len = le_u32(frame, frame_header::USER_HEADERS_LENGTH_AT) as usize;
            let payload_at = position + frame_header::SIZE;
            if end - payload_at < payload_len + headers_len {
                return Err(CodecError::Truncated { needed: payload_len + headers_len, remaining: end - payload_at });
            }
            messages.push(Message {
                checksum: le_u64(frame, frame_header::CHECKSUM_AT),
                id: u128::from_le_bytes(frame[frame_header::ID_AT..frame_header::ID_AT + 16].try_into().expect("16")),
                offset: base_offset + u64::from(le_u32(frame, frame_header::OFFSET_DELTA_AT)),
                timestamp: base_timestamp,
                origin_timestamp: origin_timestamp + u64::from(le_u32(frame, frame_header::TIMESTAMP_DELTA_AT)),
                payload: body.slice(payload_at..payload_at + payload_len),
                user_headers: body.slice(payload_at + payload_len..payload_at + payload_len + headers_len),
            });
            position = payload_at + payload_len + headers_len;
        }
        if position != end {
            return Err(CodecError::Covered { field: "batch_length", stated: end - at, actual: position - at });
        }
        at = end;
    }
    Ok(PolledMessages { partition_id, current_offset, messages_count, messages, batches: Vec::new() })
}

fn put(header: &mut [u8], at: usize, bytes: &[u8]) {
    header[at..at + bytes.len()].copy_from_slice(bytes);
}

impl Partitioning {
    /// Round robin over the topic's partitions (0.8: server side; 0.9: a cursor per topic in the client).
    pub fn balanced() -> Self {
        Partitioning { kind: partitioning_kind::BALANCED, value: Bytes::new() }
    }

    pub fn partition_id(partition_id: u32) -> Self {
        Partitioning {
            kind: partitioning_kind::PARTITION_ID,
            value: Bytes::copy_from_slice(&partition_id.to_le_bytes()),
        }
    }

    /// Messages with the same key land on the same partition.
    pub fn messages_key(key: impl Into<Bytes>) -> Self {
        Partitioning { kind: partitioning_kind::MESSAGES_KEY, value: key.into() }
    }
}

impl Consumer {
    /// A single consumer; its offsets are keyed by `id` (named like sdk/python's `Consumer.consumer`).
    #[allow(clippy::self_named_constructors)]
    pub fn consumer(id: impl Into<Identifier>) -> Self {
        Consumer { kind: consumer_kind::CONSUMER, id: id.into() }
    }

    /// A consumer group (the connection must be a member to poll or store offsets).
    pub fn group(id: impl Into<Identifier>) -> Self {
        Consumer { kind: consumer_kind::CONSUMER_GROUP, id: id.into() }
    }
}

impl Default for Consumer {
    fn default() -> Self {
        Consumer::consumer(0)
    }
}

impl PollingStrategy {
    pub fn offset(offset: u64) -> Self {
        PollingStrategy { kind: polling_kind::OFFSET, value: offset }
    }

    /// From the first message with a timestamp at or after `timestamp_us`.
    pub fn timestamp(timestamp_us: u64) -> Self {
        PollingStrategy { kind: polling_kind::TIMESTAMP, value: timestamp_us }
    }

    pub fn first() -> Self {
        PollingStrategy { kind: polling_kind::FIRST, value: 0 }
    }

    pub fn last() -> Self {
        PollingStrategy { kind: polling_kind::LAST, value: 0 }
    }

    /// After the consumer's stored offset (or from the first message).
    pub fn next() -> Self {
        PollingStrategy { kind: polling_kind::NEXT, value: 0 }
    }
}

impl Default for PollingStrategy {
    fn default() -> Self {
        PollingStrategy::next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mixed_messages() -> Vec<IggyMessage> {
        let large = |fill: u8, bytes: usize| Bytes::from(vec![fill; bytes]);
        vec![
            IggyMessage::new(Bytes::from_static(b"small one")).with_id(1),
            IggyMessage::new(large(b'L', COPY_MAX_BYTES + 1))
                .with_id(2)
                .with_headers([(HeaderValue::string("k"), HeaderValue::string("v"))])
                .expect("headers"),
            IggyMessage::new(Bytes::from_static(b"small two"))
                .with_id(3)
                .with_headers([(HeaderValue::string("key"), HeaderValue::string("value"))])
                .expect("headers"),
            IggyMessage::new(large(b'M', 3 * COPY_MAX_BYTES)).with_id(4),
            IggyMessage::new(Bytes::from_static(b"small three")).with_id(5),
        ]
    }

    fn joined(frame: &Frame) -> Vec<u8> {
        frame.chunks.iter().flat_map(|chunk| chunk.iter().copied()).collect()
    }

    /// Large payloads travel as the caller's own `Bytes` (same memory), small ones are copied.
    fn assert_large_payloads_chained(frame: &Frame, messages: &[IggyMessage]) {
        for message in messages {
            let chained = frame.chunks.iter().any(|chunk| chunk.as_ptr() == message.payload.as_ptr());
            assert_eq!(chained, !copies(message), "message {}", message.id);
        }
    }

    #[test]
    fn a_09_batch_of_small_and_large_payloads_is_one_valid_body() {
        let messages = mixed_messages();
        let frame = send_batch_frame(
            &Identifier::Numeric(1),
            &Identifier::Numeric(2),
            &Partitioning::partition_id(0),
            &messages,
        )
        .unwrap();
        assert_large_payloads_chained(&frame, &messages);
        let body = joined(&frame);
        let head = &frame.chunks[0];
        let header = &body[head.len() - batch_header::SIZE..head.len()];
        let mut at = head.len();
        let mut checksums = Vec::new();
        for (index, message) in messages.iter().enumerate() {
            let frame_header = &body[at..at + frame_header::SIZE];
            assert_eq!(le_u32(frame_header, frame_header::OFFSET_DELTA_AT), index as u32);
            assert_eq!(le_u32(frame_header, frame_header::PAYLOAD_LENGTH_AT) as usize, message.payload.len());
            let size = frame_header::SIZE + message.payload.len() + message.user_headers.len();
            let whole = &body[at..at + size];
            assert_eq!(&whole[frame_header::SIZE..frame_header::SIZE + message.payload.len()], &message.payload[..]);
            assert_eq!(&whole[frame_header::SIZE + message.payload.len()..], &message.user_headers[..]);
            let checksum = le_u64(whole, frame_header::CHECKSUM_AT);
            assert_eq!(checksum, twox_hash::XxHash3_64::oneshot(&whole[frame_header::ID_AT..]), "frame {index}");
            checksums.extend_from_slice(&checksum.to_le_bytes());
            at += size;
        }
        assert_eq!(at, body.len());
        assert_eq!(
            le_u64(header, batch_header::BATCH_LENGTH_AT) as usize,
            body.len() - head.len() + batch_header::SIZE
        );
        let count_end = batch_header::MESSAGE_COUNT_AT + batch_header::MESSAGE_COUNT_SIZE;
        let batch_input = [
            &header[..batch_header::BATCH_CHECKSUM_AT],
            &header[batch_header::MESSAGE_COUNT_AT..count_end],
            &checksums[..],
        ]
        .concat();
        assert_eq!(le_u64(header, batch_header::BATCH_CHECKSUM_AT), twox_hash::XxHash3_64::oneshot(&batch_input));
    }

    #[test]
    fn a_08_batch_of_small_and_large_payloads_lays_out_its_frames_after_the_index() {
        let messages = mixed_messages();
        let frame =
            send_messages_frame(&Identifier::Numeric(1), &Identifier::Numeric(2), &Partitioning::balanced(), &messages)
                .unwrap();
        assert_large_payloads_chained(&frame, &messages);
        let body = joined(&frame);
        let frames_at = frame.chunks[0].len();
        let index = &body[frames_at - messages.len() * index_entry::SIZE..frames_at];
        let mut at = frames_at;
        for (i, message) in messages.iter().enumerate() {
            let whole = &body[at..at + message.frame_len()];
            assert_eq!(le_u32(whole, message_header::PAYLOAD_LENGTH_AT) as usize, message.payload.len());
            assert_eq!(
                &whole[message_header::SIZE..message_header::SIZE + message.payload.len()],
                &message.payload[..]
            );
            at += message.frame_len();
            let end = le_u32(&index[i * index_entry::SIZE..], index_entry::POSITION_AT) as usize;
            assert_eq!(end, at - frames_at);
        }
        assert_eq!(at, body.len());
    }

    /// Every captured 0.8 poll answer, whole and cut at every length, and with a reserved byte set.
    fn poll_answers_0_8() -> Vec<Bytes> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol-spec/fixtures/messages");
        let mut bodies = Vec::new();
        for entry in std::fs::read_dir(dir).expect("fixtures") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
            if !(name.starts_with("poll_messages_") && name.ends_with("_response.json")) {
                continue;
            }
            let fixture: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
            let text = fixture["hex"].as_str().expect("hex");
            let frame: Vec<u8> =
                (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect();
            bodies.push(Bytes::copy_from_slice(&frame[8..])); // after status | length
        }
        bodies
    }

    /// The one-pass 0.8 decode answers exactly what the generated `PolledMessages::decode` answers: the same
    /// messages for every captured answer, and an error wherever the generated decode has one.
    #[test]
    fn the_0_8_poll_fast_path_agrees_with_the_generated_decode() {
        let answers = poll_answers_0_8();
        assert!(answers.len() >= 5, "the poll fixtures were not found");
        let generated =
            |body: Bytes| PolledMessages::decode(&mut Reader::with_version(body, crate::ProtocolVersion::V0_8));
        // Captured answers carry no user headers: one encoded here does, with empty and non-empty payloads.
        let with_headers = |id: u128, payload: &'static [u8], headers: &'static [u8]| Message {
            checksum: 7,
            id,
            offset: id as u64,
            timestamp: 11,
            origin_timestamp: 13,
            payload: Bytes::from_static(payload),
            user_headers: Bytes::from_static(headers),
        };
        let messages = vec![
            with_headers(1, b"one", b"\x02\x01\x00\x00\x00k"),
            with_headers(2, b"", b"hh"),
            with_headers(3, b"x", b""),
        ];
        let encoded =
            PolledMessages { partition_id: 1, current_offset: 3, messages_count: 3, messages, batches: vec![] };
        let mut w = Writer::with_version(crate::ProtocolVersion::V0_8);
        encoded.encode(&mut w).expect("encode");
        let mut answers = answers;
        answers.push(w.into_inner().freeze());
        let mut with_messages = 0;
        for body in answers {
            let fast = decode_polled_frames(body.clone()).expect("a captured answer decodes");
            assert_eq!(fast, generated(body.clone()).expect("generated decode"));
            with_messages += usize::from(!fast.messages.is_empty());
            for cut in 0..body.len() {
                let short = body.slice(..cut);
                assert_eq!(decode_polled_frames(short.clone()).is_err(), generated(short).is_err(), "cut at {cut}");
            }
            for frame_at in frame_starts(&fast, 16) {
                let mut bad = BytesMut::from(&body[..]);
                bad[frame_at + message_header::RESERVED_AT] = 1;
                let bad = bad.freeze();
                assert_eq!(decode_polled_frames(bad.clone()), Err(CodecError::Invalid("reserved must be 0")));
                assert!(generated(bad).is_err());
            }
        }
        assert!(with_messages >= 3, "too few fixtures with messages");
    }

    fn frame_starts(polled: &PolledMessages, first: usize) -> Vec<usize> {
        let mut at = first;
        polled
            .messages
            .iter()
            .map(|m| {
                let start = at;
                at += message_header::SIZE + m.payload.len() + m.user_headers.len();
                start
            })
            .collect()
    }

    /// An announced count reserves no more room than the received bytes can hold.
    #[test]
    fn an_announced_count_never_reserves_beyond_the_bytes_received() {
        assert_eq!(messages_capacity(u32::MAX, 64 * 10, message_header::SIZE), 10);
        assert_eq!(messages_capacity(3, 64 * 10, message_header::SIZE), 3);
        let mut answer = BytesMut::new();
        answer.extend_from_slice(&0u32.to_le_bytes());
        answer.extend_from_slice(&0u64.to_le_bytes());
        answer.extend_from_slice(&u32::MAX.to_le_bytes()); // four billion announced, none present
        let polled = decode_polled_frames(answer.freeze()).expect("an empty answer");
        assert!(polled.messages.is_empty() && polled.messages.capacity() == 0);
    }
}
