//! Messages on the hot path: the outgoing `IggyMessage`, typed user headers, the SendMessages frame (index table
//! and headers in one buffer, payloads chained as they are, never copied), and helpers on the generated argument
//! records (`Partitioning`, `Consumer`, `PollingStrategy`).

use std::time::{SystemTime, UNIX_EPOCH};

use bytes::{Bytes, BytesMut};

use crate::codec::{Consumer, HeaderEntry, Message, Partitioning, PollingStrategy};
use crate::codes::{command_code, consumer_kind, header_kind, partitioning_kind, polling_kind};
use crate::error::{Error, Result};
use crate::runtime::{Identifier, Reader, Writer};
use crate::transport::Frame;
use crate::wire_layout::{index_entry, message_header};

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

/// The SendMessages frame: metadata, index table and the 64-byte headers in one buffer; each payload and
/// user-header block is its own chunk, shared with the caller's `Bytes` (no copy).
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
    let mut w =
        Writer::from_buf(BytesMut::with_capacity(64 + messages.len() * (index_entry::SIZE + message_header::SIZE)));
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
    let prefix_len = w.len();
    let timestamp = now_us();
    for message in messages {
        let mut header = [0u8; message_header::SIZE];
        put(&mut header, message_header::ID_AT, &message.id.to_le_bytes());
        let origin = if message.origin_timestamp == 0 { timestamp } else { message.origin_timestamp };
        put(&mut header, message_header::ORIGIN_TIMESTAMP_AT, &origin.to_le_bytes());
        put(&mut header, message_header::USER_HEADERS_LENGTH_AT, &(message.user_headers.len() as u32).to_le_bytes());
        put(&mut header, message_header::PAYLOAD_LENGTH_AT, &(message.payload.len() as u32).to_le_bytes());
        w.bytes(&header);
    }
    let mut all = w.into_inner().freeze();
    let mut chunks = Vec::with_capacity(1 + messages.len() * 3);
    chunks.push(all.split_to(prefix_len));
    for message in messages {
        chunks.push(all.split_to(message_header::SIZE));
        chunks.push(message.payload.clone());
        if !message.user_headers.is_empty() {
            chunks.push(message.user_headers.clone());
        }
    }
    Ok(Frame { code: command_code::SEND_MESSAGES, chunks })
}

fn put(header: &mut [u8], at: usize, bytes: &[u8]) {
    header[at..at + bytes.len()].copy_from_slice(bytes);
}

impl Partitioning {
    /// Round robin over the topic's partitions (server side).
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
