//! The hand-written half of the fixtures' `fields` form (protocol-spec/README.md): scalars, strings, bytes as
//! base64, identifiers, optional and repeated values, and the replay of one command in both directions.

use std::fmt::Debug;

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use bytes::Bytes;
use serde_json::{Map, Number, Value};

use iggy_sdk::codec::{HeaderEntry, ProtocolVersion};
use iggy_sdk::runtime::{Command, Identifier, Reader, Writer};

/// A value in the fixtures' `fields` form, as one protocol version has it.
pub trait Fields: Sized {
    fn to_fields(&self, version: ProtocolVersion) -> Value;
    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String>;
}

fn exact_number(v: &Value) -> Result<String, String> {
    match v {
        Value::Number(n) => Ok(n.to_string()),
        other => Err(format!("expected a number, got {other}")),
    }
}

fn number_from_text(text: String) -> Value {
    // arbitrary_precision keeps the digits, so u64::MAX and u128 ids round-trip exactly.
    serde_json::from_str(&text).expect("a formatted integer is a JSON number")
}

macro_rules! integer_fields {
    ($($ty:ty),*) => {$(
        impl Fields for $ty {
            fn to_fields(&self, _: ProtocolVersion) -> Value {
                number_from_text(self.to_string())
            }
            fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
                let text = exact_number(v)?;
                text.parse().map_err(|_| format!("{text} is not a {}", stringify!($ty)))
            }
        }
    )*};
}

integer_fields!(u8, u16, u32, u64, u128);

impl Fields for f32 {
    fn to_fields(&self, _: ProtocolVersion) -> Value {
        Value::Number(Number::from_f64(f64::from(*self)).expect("finite"))
    }
    fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
        v.as_f64().map(|x| x as f32).ok_or_else(|| format!("expected a number, got {v}"))
    }
}

impl Fields for bool {
    fn to_fields(&self, _: ProtocolVersion) -> Value {
        Value::Bool(*self)
    }
    fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
        v.as_bool().ok_or_else(|| format!("expected a bool, got {v}"))
    }
}

impl Fields for String {
    fn to_fields(&self, _: ProtocolVersion) -> Value {
        Value::String(self.clone())
    }
    fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
        v.as_str().map(str::to_owned).ok_or_else(|| format!("expected a string, got {v}"))
    }
}

impl Fields for Bytes {
    fn to_fields(&self, _: ProtocolVersion) -> Value {
        Value::String(BASE64.encode(self))
    }
    fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
        let text = v.as_str().ok_or_else(|| format!("expected base64, got {v}"))?;
        BASE64.decode(text).map(Bytes::from).map_err(|e| format!("bad base64 {text}: {e}"))
    }
}

impl Fields for Identifier {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        match self {
            Identifier::Numeric(id) => id.to_fields(version),
            Identifier::String(name) => name.to_fields(version),
        }
    }
    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        match v {
            Value::String(name) => Ok(Identifier::String(name.clone())),
            other => u32::from_fields(other, version).map(Identifier::Numeric),
        }
    }
}

impl<T: Fields> Fields for Option<T> {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        self.as_ref().map_or(Value::Null, |value| value.to_fields(version))
    }
    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        if v.is_null() {
            return Ok(None);
        }
        T::from_fields(v, version).map(Some)
    }
}

impl<T: Fields> Fields for Vec<T> {
    fn to_fields(&self, version: ProtocolVersion) -> Value {
        Value::Array(self.iter().map(|item| item.to_fields(version)).collect())
    }
    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {
        let items = v.as_array().ok_or_else(|| format!("expected an array, got {v}"))?;
        items.iter().map(|item| T::from_fields(item, version)).collect()
    }
}

impl Fields for () {
    fn to_fields(&self, _: ProtocolVersion) -> Value {
        Value::Null
    }
    fn from_fields(v: &Value, _: ProtocolVersion) -> Result<Self, String> {
        if v.is_null() {
            Ok(())
        } else {
            Err(format!("expected null, got {v}"))
        }
    }
}

/// The object `v`, which must hold exactly `keys`.
pub fn object<'a>(v: &'a Value, keys: &[&str]) -> Result<&'a Map<String, Value>, String> {
    let o = v.as_object().ok_or_else(|| format!("expected an object, got {v}"))?;
    let mut have: Vec<&str> = o.keys().map(String::as_str).collect();
    let mut want = keys.to_vec();
    have.sort_unstable();
    want.sort_unstable();
    if have != want {
        return Err(format!("keys {have:?}, expected {want:?}"));
    }
    Ok(o)
}

pub fn field<T: Fields>(o: &Map<String, Value>, key: &str, version: ProtocolVersion) -> Result<T, String> {
    let v = o.get(key).ok_or_else(|| format!("missing key {key}"))?;
    T::from_fields(v, version).map_err(|e| format!("{key}: {e}"))
}

/// A chained list is `null` when it has no element.
pub fn vec_to_null<T: Fields>(items: &[T], version: ProtocolVersion) -> Value {
    if items.is_empty() {
        Value::Null
    } else {
        Value::Array(items.iter().map(|item| item.to_fields(version)).collect())
    }
}

pub fn vec_from_null<T: Fields>(o: &Map<String, Value>, key: &str, version: ProtocolVersion) -> Result<Vec<T>, String> {
    let items: Option<Vec<T>> = field(o, key, version)?;
    match items {
        Some(items) if items.is_empty() => Err(format!("{key}: an empty chained list is written as null")),
        items => Ok(items.unwrap_or_default()),
    }
}

/// A message's user-header bytes as the array of their entries.
pub fn user_headers_to_fields(bytes: &Bytes) -> Value {
    let mut r = Reader::new(bytes.clone());
    let mut entries = Vec::new();
    while r.remaining() > 0 {
        entries.push(HeaderEntry::decode(&mut r).expect("user headers decode").to_fields(ProtocolVersion::V0_8));
    }
    Value::Array(entries)
}

pub fn user_headers_from_fields(v: &Value) -> Result<Bytes, String> {
    let entries: Vec<HeaderEntry> = Vec::from_fields(v, ProtocolVersion::V0_8)?;
    let mut w = Writer::new();
    for entry in &entries {
        entry.encode(&mut w).map_err(|e| e.to_string())?;
    }
    Ok(w.into_inner().freeze())
}

/// Both directions of one fixture: decode the bytes to exactly `fields`, encode `fields` to exactly the bytes.
pub fn replay_command<C>(request: bool, fields: &Value, payload: Bytes, version: ProtocolVersion) -> Result<(), String>
where
    C: Command + Fields + PartialEq + Debug,
    C::Response: Fields + PartialEq + Debug,
{
    let mut w = Writer::with_version(version);
    let decoded = if request {
        let mut r = Reader::with_version(payload.clone(), version);
        let decoded = C::decode(&mut r).map_err(|e| format!("decode request: {e}"))?;
        r.finish().map_err(|e| format!("decode request: {e}"))?;
        let built = C::from_fields(fields, version)?;
        built.encode(&mut w).map_err(|e| format!("encode request: {e}"))?;
        decoded.to_fields(version)
    } else {
        let decoded = C::decode_response(payload.clone(), version).map_err(|e| format!("decode response: {e}"))?;
        let built = C::Response::from_fields(fields, version)?;
        C::encode_response(&built, &mut w).map_err(|e| format!("encode response: {e}"))?;
        decoded.to_fields(version)
    };
    if &decoded != fields {
        return Err(format!("decoded {decoded}\n   fixture {fields}"));
    }
    if w.as_slice() != &payload[..] {
        return Err(format!("encoded {:02x?}\n   fixture {:02x?}", w.as_slice(), &payload[..]));
    }
    Ok(())
}
