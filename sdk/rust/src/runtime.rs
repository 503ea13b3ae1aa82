//! The hand-written half of the wire codec: the byte reader and writer the generated `codec.rs` calls, the
//! identifier, the length-prefixed strings, and the `Command` trait that ties a request type to its response.
//!
//! Decoding never trusts a length or count read off the wire to size anything: every read is checked against the
//! bytes actually present, and byte fields are zero-copy slices of the received buffer.

use std::fmt;

use bytes::{BufMut, Bytes, BytesMut};

use crate::codec::ProtocolVersion;
use crate::codes::{constants, id_kind};

/// The bytes do not form a valid value of the expected type, or a value cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodecError {
    /// The body ended `needed - remaining` bytes too early.
    Truncated { needed: usize, remaining: usize },
    /// Bytes left over after the value ended.
    Trailing { bytes: usize },
    /// A length does not fit its prefix or is out of the protocol's range.
    Length { field: &'static str, length: usize },
    /// A covering length disagrees with the bytes it covers.
    Covered { field: &'static str, stated: usize, actual: usize },
    /// A string field is not UTF-8.
    Utf8 { field: &'static str },
    /// Reserved bytes that are not zero.
    Reserved { field: &'static str },
    /// Any other rule of the layout.
    Invalid(&'static str),
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::Truncated { needed, remaining } => {
                write!(f, "truncated: needed {needed} bytes, {remaining} remain")
            }
            CodecError::Trailing { bytes } => write!(f, "{bytes} unexpected trailing bytes"),
            CodecError::Length { field, length } => write!(f, "{field}: length {length} out of range"),
            CodecError::Covered { field, stated, actual } => {
                write!(f, "{field}: states {stated} bytes but covers {actual}")
            }
            CodecError::Utf8 { field } => write!(f, "{field}: not UTF-8"),
            CodecError::Reserved { field } => write!(f, "{field}: reserved bytes must be 0"),
            CodecError::Invalid(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for CodecError {}

/// A request type of one command: its code, its wire form (in the `Writer`'s / `Reader`'s protocol version) and
/// the type of its answer.
pub trait Command: Sized {
    const CODE: u32;
    const NAME: &'static str;
    /// The 0.9 `Operation` its request header carries (`codes::operation`; NON_REPLICATED: the code rides in it).
    const OPERATION: u8;
    /// The protocol versions that have the command.
    const VERSIONS: &'static [ProtocolVersion];
    type Response;
    fn encode(&self, w: &mut Writer) -> Result<(), CodecError>;
    fn decode(r: &mut Reader) -> Result<Self, CodecError>;
    /// Decode an OK answer's body in `version` (0.8: the frame's status and length stripped; 0.9: the reply
    /// header and the result section stripped).
    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError>;
    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError>;
    /// (error param, request field) pairs: which field's value an error's "…" for that param names (the spec's
    /// `error_param`s; see `Error::named_by`).
    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[];
    /// The text of a request field named in `ERROR_PARAMS` (None: the field has no value to show).
    fn error_field_text(&self, _field: &str) -> Option<String> {
        None
    }
}

/// How a request field's value reads in an error message: an id or name as given, a consumer by its id, a
/// partitioning only when it names a partition; None when there is no value (an absent optional partition).
pub trait ParamText {
    fn param_text(&self) -> Option<String>;
}

impl ParamText for Identifier {
    fn param_text(&self) -> Option<String> {
        Some(self.to_string())
    }
}

impl ParamText for String {
    fn param_text(&self) -> Option<String> {
        Some(self.clone())
    }
}

impl ParamText for u32 {
    fn param_text(&self) -> Option<String> {
        Some(self.to_string())
    }
}

impl ParamText for u64 {
    fn param_text(&self) -> Option<String> {
        Some(self.to_string())
    }
}

impl<T: ParamText> ParamText for Option<T> {
    fn param_text(&self) -> Option<String> {
        self.as_ref().and_then(ParamText::param_text)
    }
}

impl ParamText for crate::codec::Consumer {
    fn param_text(&self) -> Option<String> {
        self.id.param_text()
    }
}

impl ParamText for crate::codec::Partitioning {
    fn param_text(&self) -> Option<String> {
        let id: [u8; 4] = self.value.as_ref().try_into().ok()?;
        (self.kind == crate::codec::PartitioningKind::PartitionId.as_u8()).then(|| u32::from_le_bytes(id).to_string())
    }
}

/// Little-endian reader over one received body, in one protocol version (0.8 unless given).
#[derive(Debug, Clone)]
pub struct Reader {
    buf: Bytes,
    pos: usize,
    version: ProtocolVersion,
}

macro_rules! read_le {
    ($($name:ident: $ty:ty),*) => {$(
        #[inline]
        pub fn $name(&mut self) -> Result<$ty, CodecError> {
            const N: usize = std::mem::size_of::<$ty>();
            let bytes = self.take(N)?;
            Ok(<$ty>::from_le_bytes(bytes.try_into().expect("take returns N bytes")))
        }
    )*};
}

impl Reader {
    pub fn new(buf: Bytes) -> Self {
        Reader { buf, pos: 0, version: ProtocolVersion::default() }
    }

    /// A reader of `version`'s fields.
    pub fn with_version(buf: Bytes, version: ProtocolVersion) -> Self {
        Reader { buf, pos: 0, version }
    }

    /// The protocol version whose fields this reader reads.
    pub fn version(&self) -> ProtocolVersion {
        self.version
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    fn take(&mut self, n: usize) -> Result<&[u8], CodecError> {
        if n > self.remaining() {
            return Err(CodecError::Truncated { needed: n, remaining: self.remaining() });
        }
        let at = self.pos;
        self.pos += n;
        Ok(&self.buf[at..at + n])
    }

    read_le!(u8: u8, u16: u16, u32: u32, u64: u64, u128: u128, f32: f32);

    /// A 0/1 flag byte; anything else is malformed.
    pub fn flag(&mut self) -> Result<bool, CodecError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(CodecError::Invalid("flag byte must be 0 or 1")),
        }
    }

    /// The next `n` bytes as a slice sharing the body's allocation.
    pub fn bytes(&mut self, n: usize) -> Result<Bytes, CodecError> {
        self.take(n)?;
        Ok(self.buf.slice(self.pos - n..self.pos))
    }

    pub fn rest(&mut self) -> Bytes {
        let rest = self.buf.slice(self.pos..);
        self.pos = self.buf.len();
        rest
    }

    pub fn skip(&mut self, n: usize) -> Result<(), CodecError> {
        self.take(n).map(|_| ())
    }

    /// `n` reserved bytes, which must all be zero.
    pub fn zeros(&mut self, n: usize, field: &'static str) -> Result<(), CodecError> {
        if self.take(n)?.iter().any(|&b| b != 0) {
            return Err(CodecError::Reserved { field });
        }
        Ok(())
    }

    fn utf8(&mut self, n: usize, field: &'static str) -> Result<String, CodecError> {
        let bytes = self.take(n)?;
        std::str::from_utf8(bytes).map(str::to_owned).map_err(|_| CodecError::Utf8 { field })
    }

    /// A `name`: u8 length, UTF-8.
    pub fn name(&mut self) -> Result<String, CodecError> {
        let n = self.u8()? as usize;
        self.utf8(n, "name")
    }

    /// A `password`: u8 length, UTF-8 (no wire minimum).
    pub fn password(&mut self) -> Result<String, CodecError> {
        let n = self.u8()? as usize;
        self.utf8(n, "password")
    }

    /// A `string32`: u32 length, UTF-8.
    pub fn string32(&mut self) -> Result<String, CodecError> {
        let n = self.u32()? as usize;
        self.utf8(n, "string32")
    }

    /// An `optional_partition`: flag 0/1 and a u32 that only counts when the flag is 1.
    pub fn optional_partition(&mut self) -> Result<Option<u32>, CodecError> {
        let present = self.flag()?;
        let partition_id = self.u32()?;
        Ok(present.then_some(partition_id))
    }

    /// Fail unless the whole body was consumed.
    pub fn finish(&self) -> Result<(), CodecError> {
        match self.remaining() {
            0 => Ok(()),
            bytes => Err(CodecError::Trailing { bytes }),
        }
    }
}

/// Little-endian writer building one request (or, in servers and tests, response) body, in one protocol
/// version (0.8 unless given).
#[derive(Debug, Default)]
pub struct Writer {
    buf: BytesMut,
    version: ProtocolVersion,
}

macro_rules! write_le {
    ($($name:ident: $ty:ty),*) => {$(
        #[inline]
        pub fn $name(&mut self, value: $ty) {
            self.buf.put_slice(&value.to_le_bytes());
        }
    )*};
}

impl Writer {
    pub fn new() -> Self {
        Writer::default()
    }

    /// A writer of `version`'s fields.
    pub fn with_version(version: ProtocolVersion) -> Self {
        Writer { buf: BytesMut::new(), version }
    }

    /// A writer that appends to `buf` (e.g. after a frame header already in it).
    pub fn from_buf(buf: BytesMut) -> Self {
        Writer { buf, version: ProtocolVersion::default() }
    }

    /// The protocol version whose fields this writer writes.
    pub fn version(&self) -> ProtocolVersion {
        self.version
    }

    /// The same writer, for `version`'s fields.
    pub fn in_version(mut self, version: ProtocolVersion) -> Self {
        self.version = version;
        self
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    pub fn into_inner(self) -> BytesMut {
        self.buf
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    write_le!(u8: u8, u16: u16, u32: u32, u64: u64, u128: u128, f32: f32);

    pub fn bytes(&mut self, value: &[u8]) {
        self.buf.put_slice(value);
    }

    pub fn fixed_bytes(&mut self, value: &[u8], size: usize) -> Result<(), CodecError> {
        if value.len() != size {
            return Err(CodecError::Length { field: "fixed bytes", length: value.len() });
        }
        self.bytes(value);
        Ok(())
    }

    pub fn zeros(&mut self, n: usize) {
        self.buf.put_bytes(0, n);
    }

    /// Reserve a u32 to be patched with the size of what is written after it.
    pub fn placeholder_u32(&mut self) -> usize {
        let at = self.buf.len();
        self.u32(0);
        at
    }

    /// Reserve a u64 to be patched with the size of a whole record (`patch_total_u64`).
    pub fn placeholder_u64(&mut self) -> usize {
        let at = self.buf.len();
        self.u64(0);
        at
    }

    /// Patch the u64 at `at` with the bytes written since `start` (the record it sits in).
    pub fn patch_total_u64(&mut self, at: usize, start: usize, field: &'static str) -> Result<(), CodecError> {
        let length = u64::try_from(self.buf.len() - start).map_err(|_| CodecError::Length { field, length: 0 })?;
        self.buf[at..at + 8].copy_from_slice(&length.to_le_bytes());
        Ok(())
    }

    pub fn patch_u32(&mut self, at: usize, field: &'static str) -> Result<(), CodecError> {
        let length = length_as_u32(self.buf.len() - at - 4, field)?;
        self.buf[at..at + 4].copy_from_slice(&length.to_le_bytes());
        Ok(())
    }

    fn prefixed_u8(&mut self, value: &str, min: usize, field: &'static str) -> Result<(), CodecError> {
        if value.len() < min {
            return Err(CodecError::Length { field, length: value.len() });
        }
        self.u8(length_as_u8(value.len(), field)?);
        self.bytes(value.as_bytes());
        Ok(())
    }

    /// A `name`: 1..255 bytes.
    pub fn name(&mut self, value: &str) -> Result<(), CodecError> {
        self.prefixed_u8(value, constants::NAME_MIN_BYTES, "name")
    }

    /// A `password`: 0..255 bytes on the wire (the server enforces its own minimum).
    pub fn password(&mut self, value: &str) -> Result<(), CodecError> {
        self.prefixed_u8(value, 0, "password")
    }

    pub fn optional_partition(&mut self, partition_id: Option<u32>) {
        self.u8(u8::from(partition_id.is_some()));
        self.u32(partition_id.unwrap_or(0));
    }

    pub fn string32(&mut self, value: &str) -> Result<(), CodecError> {
        self.u32(length_as_u32(value.len(), "string32")?);
        self.bytes(value.as_bytes());
        Ok(())
    }
}

pub fn length_as_u8(length: usize, field: &'static str) -> Result<u8, CodecError> {
    u8::try_from(length).map_err(|_| CodecError::Length { field, length })
}

pub fn length_as_u32(length: usize, field: &'static str) -> Result<u32, CodecError> {
    u32::try_from(length).map_err(|_| CodecError::Length { field, length })
}

pub fn check_covered(stated: usize, actual: usize, field: &'static str) -> Result<(), CodecError> {
    if stated != actual {
        return Err(CodecError::Covered { field, stated, actual });
    }
    Ok(())
}

/// An OK answer that carries nothing must be empty.
pub fn expect_empty(body: Bytes) -> Result<(), CodecError> {
    match body.len() {
        0 => Ok(()),
        bytes => Err(CodecError::Trailing { bytes }),
    }
}

/// A stream, topic, group, user or consumer: by numeric id or by exact name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Identifier {
    Numeric(u32),
    String(String),
}

impl Identifier {
    pub fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {
        match self {
            Identifier::Numeric(id) => {
                w.u8(id_kind::NUMERIC);
                w.u8(constants::NUMERIC_IDENTIFIER_LENGTH);
                w.u32(*id);
            }
            Identifier::String(name) => {
                w.u8(id_kind::STRING);
                w.name(name)?;
            }
        }
        Ok(())
    }

    pub fn decode(r: &mut Reader) -> Result<Self, CodecError> {
        let kind = r.u8()?;
        let length = r.u8()?;
        match kind {
            id_kind::NUMERIC if length == constants::NUMERIC_IDENTIFIER_LENGTH => Ok(Identifier::Numeric(r.u32()?)),
            id_kind::NUMERIC => Err(CodecError::Length { field: "identifier", length: length.into() }),
            id_kind::STRING if length > 0 => {
                let bytes = r.bytes(length.into())?;
                std::str::from_utf8(&bytes)
                    .map(|s| Identifier::String(s.to_owned()))
                    .map_err(|_| CodecError::Utf8 { field: "identifier" })
            }
            id_kind::STRING => Err(CodecError::Length { field: "identifier", length: 0 }),
            _ => Err(CodecError::Invalid("identifier kind must be 1 (numeric) or 2 (string)")),
        }
    }
}

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Identifier::Numeric(id) => write!(f, "{id}"),
            Identifier::String(name) => f.write_str(name),
        }
    }
}

impl From<u32> for Identifier {
    fn from(id: u32) -> Self {
        Identifier::Numeric(id)
    }
}

impl From<&str> for Identifier {
    fn from(name: &str) -> Self {
        Identifier::String(name.to_owned())
    }
}

impl From<String> for Identifier {
    fn from(name: String) -> Self {
        Identifier::String(name)
    }
}

impl From<&String> for Identifier {
    fn from(name: &String) -> Self {
        Identifier::String(name.clone())
    }
}

impl From<&Identifier> for Identifier {
    fn from(id: &Identifier) -> Self {
        id.clone()
    }
}
