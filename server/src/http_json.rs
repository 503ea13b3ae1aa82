//! The JSON of Iggy's REST messages API, converted natively: a SendMessages body into the 0.8 index table and
//! message frames, and a PollMessages answer's frames into the JSON Iggy answers. Python parsed the JSON, built a
//! message object per message and base64-decoded each payload on the event loop's thread (and the reverse for a
//! poll): 11 ms of a 1 MB batch's 25 ms at one HTTP producer, with the loop able to do nothing else meanwhile.
//!
//! The forms (server/python/iggy_server/transports/rest_mapping.py documents the rest of the API):
//! - send: `{"partitioning": {"kind": "balanced" | "partition_id" | "messages_key", "value": base64},
//!   "messages": [{"id": number | decimal string | UUID, "payload": base64, "user_headers": null | base64 of the
//!   raw block | [{"key": {"kind", "value"}, "value": {"kind", "value"}}]}]}`;
//! - poll: `{"partition_id", "current_offset", "count", "messages": [{"header": {...}, "payload": base64,
//!   "user_headers": [...] | base64 of a block that does not parse}]}`.
//!
//! Layouts come from the generated `wire_layout` (message header, index entry) and `codes` (header kinds, their
//! names and sizes, limits); the user-header block is `kind u8 | length u32 | bytes` per key and value
//! (protocol-spec/spec/primitives.toml `user_header`).

use std::borrow::Cow;
use std::collections::HashMap;

use base64_simd::STANDARD;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::codes::constants::{HEADER_KEY_MAX_BYTES, MESSAGE_PAYLOAD_MAX_BYTES, NAME_MAX_BYTES, USER_HEADERS_MAX_BYTES};
use crate::codes::error_code as code;
use crate::codes::{header_kind, partitioning_kind};
use crate::failure::{Checked, Failure};
use crate::layout::{read_u32, read_u64, read_u128, write_u32};
use crate::wire_layout::{index_entry, message_header};

/// Bytes of a user-header field's prefix: its kind (u8) and its length (u32).
const HEADER_FIELD_PREFIX_BYTES: usize = 5;

/// A header key or value as `(kind, bytes)`: as built from JSON, and as read from a stored block.
type HeaderField = (u8, Vec<u8>);
type StoredField<'a> = (u8, &'a [u8]);

fn invalid(message: impl Into<String>) -> Failure {
    Failure::new(code::INVALID_FORMAT, message)
}

/// A body that is not JSON is a malformed request (as `json.loads` failing is); JSON of the wrong shape is an
/// invalid field.
fn json_failure(error: serde_json::Error) -> Failure {
    if error.is_data() {
        invalid(format!("invalid messages body: {error}"))
    } else {
        Failure::new(code::INVALID_HTTP_REQUEST, format!("malformed JSON body: {error}"))
    }
}

#[derive(Deserialize)]
struct SendBody<'a> {
    #[serde(borrow)]
    partitioning: Option<KindAndValueJson<'a>>,
    #[serde(borrow)]
    messages: Option<Vec<MessageJson<'a>>>,
}

/// `{"kind": name, "value": base64}`: a partitioning, and a header key or value.
#[derive(Deserialize)]
struct KindAndValueJson<'a> {
    #[serde(borrow)]
    kind: Option<Cow<'a, str>>,
    #[serde(borrow)]
    value: Option<Cow<'a, str>>,
}

#[derive(Deserialize)]
struct MessageJson<'a> {
    #[serde(borrow)]
    id: Option<&'a RawValue>,
    #[serde(borrow)]
    payload: Option<Cow<'a, str>>,
    #[serde(borrow)]
    user_headers: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct HeaderEntryJson<'a> {
    #[serde(borrow)]
    key: Option<KindAndValueJson<'a>>,
    #[serde(borrow)]
    value: Option<KindAndValueJson<'a>>,
}

/// A SendMessages body as the 0.8 command carries it after its metadata.
#[derive(Debug, PartialEq, Eq)]
pub struct SendBatch {
    pub partitioning_kind: u8,
    pub partitioning_value: Vec<u8>,
    pub messages_count: u32,
    /// The index table (`count` entries, each position the end of its frame) followed by the frames.
    pub index_and_frames: Vec<u8>,
}

fn required<T>(value: Option<T>, name: &str) -> Checked<T> {
    value.ok_or_else(|| invalid(format!("field '{name}' is required")))
}

fn base64_bytes(text: &str, what: &str) -> Checked<Vec<u8>> {
    STANDARD.decode_to_vec(text).map_err(|_| invalid(format!("{what} is not valid base64")))
}

fn partitioning(json: Option<KindAndValueJson<'_>>) -> Checked<(u8, Vec<u8>)> {
    let json = required(json, "partitioning")?;
    let kind = required(json.kind, "kind")?;
    let value = base64_bytes(json.value.as_deref().unwrap_or(""), "partitioning value")?;
    match kind.as_ref() {
        "balanced" => Ok((partitioning_kind::BALANCED, Vec::new())),
        "partition_id" if value.len() == 4 => Ok((partitioning_kind::PARTITION_ID, value)),
        "partition_id" => Err(invalid("partition_id partitioning value must be 4 bytes (u32 LE, base64)")),
        "messages_key" if (1..=NAME_MAX_BYTES).contains(&value.len()) => Ok((partitioning_kind::MESSAGES_KEY, value)),
        "messages_key" => Err(invalid("messages_key partitioning value must be 1..255 bytes")),
        other => Err(invalid(format!(
            "unknown partitioning kind {other:?}: expected balanced, partition_id or messages_key"
        ))),
    }
}

/// 0/absent = server assigned; a number, a decimal string (u128) or a UUID (hex, dashes optional).
fn message_id(raw: Option<&RawValue>) -> Checked<u128> {
    let Some(raw) = raw else { return Ok(0) };
    let text = raw.get();
    let wrong = || invalid(format!("invalid message id {text}: expected a number, a decimal string or a UUID"));
    match text.as_bytes().first() {
        Some(b'"') => {
            let value: Cow<'_, str> = serde_json::from_str(text).map_err(|_| wrong())?;
            if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                if let Ok(number) = value.parse::<u128>() {
                    return Ok(number);
                }
            }
            uuid_value(&value).ok_or_else(wrong)
        }
        Some(b't' | b'f') => Err(invalid("message id must be a number or a string")),
        Some(b'-') if text.bytes().skip(1).all(|b| b.is_ascii_digit()) => {
            Err(invalid("message id must fit 128 bits"))
        }
        Some(b'0'..=b'9') if text.bytes().all(|b| b.is_ascii_digit()) => {
            text.parse::<u128>().map_err(|_| invalid("message id must fit 128 bits"))
        }
        _ => Err(wrong()),
    }
}

/// A UUID's 128 bits as Python's `uuid.UUID(hex=...)` reads them: optional `urn:uuid:` prefix and braces, dashes
/// anywhere, then exactly 32 hex digits.
fn uuid_value(text: &str) -> Option<u128> {
    let text = text.replace("urn:", "").replace("uuid:", "");
    let digits: String = text.trim_matches(|c| c == '{' || c == '}').chars().filter(|&c| c != '-').collect();
    if digits.len() != 32 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u128::from_str_radix(&digits, 16).ok()
}

fn header_kind_named(name: &str) -> Option<u8> {
    (0..=u8::MAX).find(|&value| header_kind::name(value).is_some_and(|known| known.eq_ignore_ascii_case(name)))
}

/// One key or value of a JSON header entry as `(kind, bytes)`, checked as the codec checks a header value.
fn header_part(json: Option<KindAndValueJson<'_>>, what: &str) -> Checked<HeaderField> {
    let json = required(json, what.rsplit(' ').next().unwrap_or(what))?;
    let kind_text = required(json.kind, "kind")?;
    let kind = header_kind_named(&kind_text).ok_or_else(|| {
        Failure::new(code::INVALID_HEADER_KIND, format!("{what}: unknown header kind {:?}", kind_text.as_ref()))
    })?;
    let data = base64_bytes(required(json.value, "value")?.as_ref(), &format!("{what} value"))?;
    if !(1..=HEADER_KEY_MAX_BYTES).contains(&data.len()) {
        return Err(Failure::new(
            code::INVALID_HEADER_VALUE,
            format!("header field must be 1..255 bytes, got {}", data.len()),
        ));
    }
    if let Some(fixed) = header_kind::fixed_size_bytes(kind) {
        if data.len() != fixed {
            return Err(Failure::new(
                code::INVALID_HEADER_VALUE,
                format!("header kind {kind} needs {fixed} bytes, got {}", data.len()),
            ));
        }
    }
    Ok((kind, data))
}

fn push_header_field(block: &mut Vec<u8>, (kind, data): &HeaderField) {
    block.push(*kind);
    block.extend_from_slice(&(data.len() as u32).to_le_bytes());
    block.extend_from_slice(data);
}

/// `user_headers`: null, an array of {key, value} entries (a repeated key keeps its first place and its last
/// value, as a mapping does), or base64 of the raw block (passed on as it is; the batch check sees it).
fn user_headers(raw: Option<&RawValue>) -> Checked<Vec<u8>> {
    let Some(raw) = raw else { return Ok(Vec::new()) };
    let text = raw.get();
    let shape = || invalid("field 'user_headers' must be an array, a base64 string or null");
    match text.as_bytes().first() {
        Some(b'"') => {
            let encoded: Cow<'_, str> = serde_json::from_str(text).map_err(|_| shape())?;
            base64_bytes(&encoded, "user_headers")
        }
        Some(b'[') => {
            let entries: Vec<HeaderEntryJson<'_>> = serde_json::from_str(text).map_err(json_failure)?;
            let mut pairs: Vec<(HeaderField, HeaderField)> = Vec::with_capacity(entries.len());
            let mut places: HashMap<HeaderField, usize> = HashMap::with_capacity(entries.len());
            for entry in entries {
                let key = header_part(entry.key, "header key")?;
                let value = header_part(entry.value, "header value")?;
                match places.get(&key) {
                    Some(&place) => pairs[place].1 = value,
                    None => {
                        places.insert(key.clone(), pairs.len());
                        pairs.push((key, value));
                    }
                }
            }
            let mut block = Vec::new();
            for (key, value) in &pairs {
                push_header_field(&mut block, key);
                push_header_field(&mut block, value);
            }
            if block.len() > USER_HEADERS_MAX_BYTES as usize {
                return Err(Failure::new(
                    code::TOO_BIG_USER_HEADERS,
                    format!("user headers are {} bytes, max {USER_HEADERS_MAX_BYTES}", block.len()),
                ));
            }
            Ok(block)
        }
        _ => Err(shape()),
    }
}

/// A SendMessages JSON body as the 0.8 command's index table and frames (ids as given, every other header field
/// 0: the server stamps offsets, timestamps and checksums). Raises the codes the Python mapping raised.
pub fn send_batch(body: &[u8]) -> Checked<SendBatch> {
    let body: SendBody<'_> = if body.is_empty() {
        SendBody { partitioning: None, messages: None }
    } else {
        serde_json::from_slice(body).map_err(json_failure)?
    };
    let (partitioning_kind, partitioning_value) = partitioning(body.partitioning)?;
    let messages = required(body.messages, "messages")?;
    if messages.is_empty() {
        return Err(Failure::new(code::INVALID_MESSAGES_COUNT, "field 'messages' must not be empty"));
    }
    let messages_count = u32::try_from(messages.len()).map_err(|_| invalid("too many messages"))?;
    let index_bytes = messages.len() * index_entry::SIZE;
    let frames_estimate: usize = messages
        .iter()
        .map(|m| message_header::SIZE + m.payload.as_ref().map_or(0, |p| p.len() / 4 * 3 + 3))
        .sum();
    let mut out = vec![0u8; index_bytes];
    out.reserve(frames_estimate);
    for (i, message) in messages.into_iter().enumerate() {
        let id = message_id(message.id)?;
        let payload = required(message.payload, "payload")?;
        let headers = user_headers(message.user_headers)?;
        let start = out.len();
        out.resize(start + message_header::SIZE, 0);
        // Decoded straight into the frame, after its header.
        STANDARD
            .decode_append(payload.as_bytes(), &mut out)
            .map_err(|_| invalid("message payload is not valid base64"))?;
        let payload_length = out.len() - start - message_header::SIZE;
        if payload_length == 0 {
            return Err(Failure::new(code::EMPTY_MESSAGE_PAYLOAD, "message payload is empty"));
        }
        if payload_length > MESSAGE_PAYLOAD_MAX_BYTES as usize {
            return Err(Failure::new(
                code::TOO_BIG_MESSAGE_PAYLOAD,
                format!("message payload is {payload_length} bytes"),
            ));
        }
        out.extend_from_slice(&headers);
        let header = &mut out[start..];
        header[message_header::ID_AT..message_header::ID_AT + message_header::ID_SIZE]
            .copy_from_slice(&id.to_le_bytes());
        write_u32(header, message_header::USER_HEADERS_LENGTH_AT, headers.len() as u32);
        write_u32(header, message_header::PAYLOAD_LENGTH_AT, payload_length as u32);
        let frame_end = u32::try_from(out.len() - index_bytes)
            .map_err(|_| Failure::new(code::INVALID_MESSAGES_SIZE, "a batch's frames must fit in 4 GiB"))?;
        write_u32(&mut out[i * index_entry::SIZE..], index_entry::POSITION_AT, frame_end);
    }
    Ok(SendBatch { partitioning_kind, partitioning_value, messages_count, index_and_frames: out })
}

/// A stored user-header block as `(key, value)` pairs, or None when it does not parse as the codec reads it
/// (lengths 1..255, an even number of fields, known kinds of their sizes): Iggy then shows it raw.
fn parsed_headers(block: &[u8]) -> Option<Vec<(StoredField<'_>, StoredField<'_>)>> {
    let mut fields = Vec::new();
    let mut at = 0;
    while at < block.len() {
        let prefix = block.get(at..at + HEADER_FIELD_PREFIX_BYTES)?;
        let size = read_u32(prefix, 1) as usize;
        if !(1..=HEADER_KEY_MAX_BYTES).contains(&size) {
            return None;
        }
        let data = block.get(at + HEADER_FIELD_PREFIX_BYTES..at + HEADER_FIELD_PREFIX_BYTES + size)?;
        header_kind::name(prefix[0])?;
        if header_kind::fixed_size_bytes(prefix[0]).is_some_and(|fixed| fixed != size) {
            return None;
        }
        fields.push((prefix[0], data));
        at += HEADER_FIELD_PREFIX_BYTES + size;
    }
    if fields.len() % 2 != 0 {
        return None;
    }
    let mut pairs: Vec<(StoredField<'_>, StoredField<'_>)> = Vec::with_capacity(fields.len() / 2);
    let mut places: HashMap<StoredField<'_>, usize> = HashMap::new();
    let mut fields = fields.into_iter();
    while let (Some(key), Some(value)) = (fields.next(), fields.next()) {
        match places.get(&key) {
            Some(&place) => pairs[place].1 = value,
            None => {
                places.insert(key, pairs.len());
                pairs.push((key, value));
            }
        }
    }
    Some(pairs)
}

/// The poll answer's JSON text, written directly: every string in it is base64 or a header kind's name, neither of
/// which JSON escapes, and a general serializer would scan each payload's base64 again for characters to escape.
struct JsonText(Vec<u8>);

impl JsonText {
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    fn number(&mut self, value: impl itoa::Integer) {
        self.0.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }

    fn base64(&mut self, bytes: &[u8]) {
        self.0.push(b'"');
        STANDARD.encode_append(bytes, &mut self.0);
        self.0.push(b'"');
    }

    fn header_part(&mut self, (kind, data): StoredField<'_>) {
        self.raw("{\"kind\":\"");
        match header_kind::name(kind) {
            Some(name) => self.0.extend(name.bytes().map(|b| b.to_ascii_lowercase())),
            None => self.number(kind),
        }
        self.raw("\",\"value\":");
        self.base64(data);
        self.0.push(b'}');
    }

    fn user_headers(&mut self, block: &[u8]) {
        let Some(pairs) = parsed_headers(block) else { return self.base64(block) };
        self.0.push(b'[');
        for (i, (key, value)) in pairs.into_iter().enumerate() {
            if i > 0 {
                self.0.push(b',');
            }
            self.raw("{\"key\":");
            self.header_part(key);
            self.raw(",\"value\":");
            self.header_part(value);
            self.0.push(b'}');
        }
        self.0.push(b']');
    }

    /// One message: its header's fields, its payload, its user headers (the frame is whole: `check_frames`).
    fn message(&mut self, frame: &[u8]) -> usize {
        let payload_length = read_u32(frame, message_header::PAYLOAD_LENGTH_AT);
        let user_headers_length = read_u32(frame, message_header::USER_HEADERS_LENGTH_AT);
        let headers_at = message_header::SIZE + payload_length as usize;
        let end = headers_at + user_headers_length as usize;
        self.raw("{\"header\":{\"checksum\":");
        self.number(read_u64(frame, message_header::CHECKSUM_AT));
        self.raw(",\"id\":");
        self.number(read_u128(frame, message_header::ID_AT));
        self.raw(",\"offset\":");
        self.number(read_u64(frame, message_header::OFFSET_AT));
        self.raw(",\"timestamp\":");
        self.number(read_u64(frame, message_header::TIMESTAMP_AT));
        self.raw(",\"origin_timestamp\":");
        self.number(read_u64(frame, message_header::ORIGIN_TIMESTAMP_AT));
        self.raw(",\"user_headers_length\":");
        self.number(user_headers_length);
        self.raw(",\"payload_length\":");
        self.number(payload_length);
        self.raw(",\"reserved\":0},\"payload\":");
        self.base64(&frame[message_header::SIZE..headers_at]);
        self.raw(",\"user_headers\":");
        if user_headers_length == 0 {
            self.raw("[]");
        } else {
            self.user_headers(&frame[headers_at..end]);
        }
        self.0.push(b'}');
        end
    }
}

/// Fails unless `frames` is exactly `messages_count` whole frames (a wrong answer must not panic the JSON writer).
fn check_frames(frames: &[u8], messages_count: u32) -> Checked<()> {
    let (mut at, mut seen) = (0usize, 0u32);
    while at < frames.len() {
        let header = frames
            .get(at..at + message_header::SIZE)
            .ok_or_else(|| Failure::new(code::CANNOT_READ_MESSAGE, "a polled frame is cut short"))?;
        let size = crate::layout::frame_size_from_header(header) as usize;
        if frames.len() - at < size {
            return Err(Failure::new(code::CANNOT_READ_MESSAGE, "a polled frame is cut short"));
        }
        at += size;
        seen += 1;
    }
    if seen != messages_count {
        return Err(Failure::new(
            code::CANNOT_READ_MESSAGE,
            format!("the poll answer holds {seen} frames, not {messages_count}"),
        ));
    }
    Ok(())
}

/// Iggy's JSON of a PollMessages answer (`PolledMessages` fields, then its frames).
pub fn poll_json(partition_id: u32, current_offset: u64, messages_count: u32, frames: &[u8]) -> Checked<Vec<u8>> {
    check_frames(frames, messages_count)?;
    // Base64 is 4/3 of the bytes; the header fields and punctuation add about 250 bytes a message.
    let mut json = JsonText(Vec::with_capacity(frames.len() / 3 * 4 + 256 * messages_count as usize + 128));
    json.raw("{\"partition_id\":");
    json.number(partition_id);
    json.raw(",\"current_offset\":");
    json.number(current_offset);
    json.raw(",\"count\":");
    json.number(messages_count);
    json.raw(",\"messages\":[");
    let mut at = 0;
    while at < frames.len() {
        if at > 0 {
            json.0.push(b',');
        }
        at += json.message(&frames[at..]);
    }
    json.raw("]}");
    Ok(json.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(id: u128, offset: u64, payload: &[u8], headers: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; message_header::SIZE];
        out[message_header::ID_AT..message_header::ID_AT + 16].copy_from_slice(&id.to_le_bytes());
        out[message_header::OFFSET_AT..message_header::OFFSET_AT + 8].copy_from_slice(&offset.to_le_bytes());
        write_u32(&mut out, message_header::PAYLOAD_LENGTH_AT, payload.len() as u32);
        write_u32(&mut out, message_header::USER_HEADERS_LENGTH_AT, headers.len() as u32);
        out.extend_from_slice(payload);
        out.extend_from_slice(headers);
        out
    }

    #[test]
    fn send_body_becomes_index_and_frames() {
        let body = br#"{"partitioning":{"kind":"partition_id","value":"AQAAAA=="},
            "messages":[{"id":5,"payload":"aGVsbG8="},{"id":"af362865-042c-4000-0000-000000000000","payload":"d29ybGQ=",
            "user_headers":[{"key":{"kind":"string","value":"aw=="},"value":{"kind":"uint32","value":"BwAAAA=="}}]}]}"#;
        let batch = send_batch(body).unwrap();
        assert_eq!(batch.partitioning_kind, partitioning_kind::PARTITION_ID);
        assert_eq!(batch.partitioning_value, vec![1, 0, 0, 0]);
        assert_eq!(batch.messages_count, 2);
        let headers = [&[header_kind::STRING, 1, 0, 0, 0, b'k'][..], &[header_kind::UINT32, 4, 0, 0, 0, 7, 0, 0, 0]]
            .concat();
        let second = frame(0xAF362865042C40000000000000000000, 0, b"world", &headers);
        let frames = [frame(5, 0, b"hello", b""), second].concat();
        let first_end = (message_header::SIZE + 5) as u32;
        let mut index = vec![0u8; 2 * index_entry::SIZE];
        write_u32(&mut index, index_entry::POSITION_AT, first_end);
        write_u32(&mut index[index_entry::SIZE..], index_entry::POSITION_AT, frames.len() as u32);
        assert_eq!(batch.index_and_frames, [index, frames].concat());
    }

    #[test]
    fn refusals_carry_the_iggy_code() {
        let cases: [(&[u8], u32); 12] = [
            (b"{not json", code::INVALID_HTTP_REQUEST),
            (b"", code::INVALID_FORMAT),
            (br#"{"partitioning":{"kind":"balanced"}}"#, code::INVALID_FORMAT),
            (br#"{"partitioning":{"kind":"balanced"},"messages":[]}"#, code::INVALID_MESSAGES_COUNT),
            (br#"{"partitioning":{"kind":"sideways"},"messages":[{"payload":"aGk="}]}"#, code::INVALID_FORMAT),
            (br#"{"partitioning":{"kind":"balanced"},"messages":[{"payload":"***"}]}"#, code::INVALID_FORMAT),
            (br#"{"partitioning":{"kind":"balanced"},"messages":[{"payload":""}]}"#, code::EMPTY_MESSAGE_PAYLOAD),
            (
                br#"{"partitioning":{"kind":"balanced"},"messages":[{"id":"nope","payload":"aGk="}]}"#,
                code::INVALID_FORMAT,
            ),
            (br#"{"partitioning":{"kind":"balanced"},"messages":[{"id":-1,"payload":"aGk="}]}"#, code::INVALID_FORMAT),
            (br#"{"partitioning":{"kind":"balanced"},"messages":[7]}"#, code::INVALID_FORMAT),
            (
                br#"{"partitioning":{"kind":"balanced"},"messages":[{"payload":"aGk=","user_headers":
                    [{"key":{"kind":"weird","value":"aw=="},"value":{"kind":"raw","value":"aw=="}}]}]}"#,
                code::INVALID_HEADER_KIND,
            ),
            (
                br#"{"partitioning":{"kind":"balanced"},"messages":[{"payload":"aGk=","user_headers":
                    [{"key":{"kind":"raw","value":"aw=="},"value":{"kind":"uint32","value":"aw=="}}]}]}"#,
                code::INVALID_HEADER_VALUE,
            ),
        ];
        for (body, expected) in cases {
            let failure = send_batch(body).expect_err(std::str::from_utf8(body).unwrap());
            assert_eq!(failure.code, expected, "{}: {}", std::str::from_utf8(body).unwrap(), failure.message);
        }
    }

    #[test]
    fn message_ids_in_every_form() {
        let id = |text: &str| message_id(Some(&serde_json::from_str::<Box<RawValue>>(text).unwrap()));
        assert_eq!(message_id(None).unwrap(), 0);
        assert_eq!(id("340282366920938463463374607431768211455").unwrap(), u128::MAX);
        assert!(id("340282366920938463463374607431768211456").is_err());
        assert_eq!(id("\"12\"").unwrap(), 12);
        assert_eq!(id("\"{AF362865-042C-4000-0000-000000000000}\"").unwrap(), 0xAF362865042C40000000000000000000);
        assert!(id("1.5").is_err() && id("true").is_err() && id("[1]").is_err());
    }

    #[test]
    fn poll_json_renders_frames_and_headers() {
        let headers = [&[header_kind::STRING, 1, 0, 0, 0, b'k'][..], &[header_kind::UINT32, 4, 0, 0, 0, 7, 0, 0, 0]]
            .concat();
        let frames = [frame(u128::MAX, 3, b"hello", &headers), frame(1, 4, b"x", &[9, 9])].concat();
        let text = poll_json(1, 4, 2, &frames).unwrap();
        // u128 ids are JSON numbers (serde_json::Value would read them as floats, so the text is checked).
        assert!(std::str::from_utf8(&text).unwrap().contains(&format!("\"id\":{}", u128::MAX)));
        let json: serde_json::Value = serde_json::from_slice(&text).unwrap();
        assert_eq!(json["partition_id"], 1);
        assert_eq!(json["count"], 2);
        let first = &json["messages"][0];
        assert_eq!(first["header"]["offset"], 3);
        assert_eq!(first["payload"], "aGVsbG8=");
        assert_eq!(first["user_headers"][0]["key"]["kind"], "string");
        assert_eq!(first["user_headers"][0]["value"]["kind"], "uint32");
        assert_eq!(first["user_headers"][0]["value"]["value"], "BwAAAA==");
        assert_eq!(json["messages"][1]["user_headers"], "CQk=");
        assert!(poll_json(1, 4, 3, &frames).is_err());
        assert!(poll_json(1, 4, 2, &frames[..frames.len() - 1]).is_err());
    }
}
