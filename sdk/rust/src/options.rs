//! Iggy 0.9 options: the key/value settings of topics (and, in later versions, streams and users).
//!
//! On the wire an options block is the user-headers TLV with string keys, one entry per key, in key order (as the
//! official 0.9 clients send them); `protocol-spec/spec/options.toml` holds the catalog, generated into
//! `codec::OPTION_CATALOG`. `Options` builds one: `text` (the server parses "7 days", "128 MiB", "gzip", "true"),
//! `unsigned` (encoded in the catalog's kind for the key: u32 or u64), `flag`, or an explicit `HeaderValue`.
//! Topics, streams and users answer their blocks, decoded by `option_values()` (the keys the creator sent,
//! *explicit*) and, for topics, `derived_option_values()` (every other catalog key, resolved by the server).

use std::collections::BTreeMap;

use bytes::Bytes;

use crate::codec::{
    CompressionAlgorithm, HeaderEntry, HeaderKind, OptionScope, StreamDetails, StreamHeader, TopicDetails, TopicHeader,
    UserDetails, UserHeader, OPTION_CATALOG,
};
use crate::codes::error_code;
use crate::error::{Error, Result};
use crate::messages::{user_headers, HeaderValue};
use crate::runtime::Writer;

/// The option keys of a topic's typed settings (the catalog's names).
const COMPRESSION_KEY: &str = "compression_algorithm";
const EXPIRY_KEY: &str = "message_expiry";
const MAX_SIZE_KEY: &str = "max_topic_size";
/// What the official 0.9 clients send on every CreateTopic unless the caller sets them.
const OFFICIAL_CREATE_DEFAULTS: [(&str, &str); 2] =
    [("durability", "replicated"), ("consumer_offset_durability", "replicated")];

/// An options block: key -> typed value, kept in key order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    entries: BTreeMap<String, HeaderValue>,
}

impl Options {
    pub fn new() -> Self {
        Options::default()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// A value the server parses ("7 days", "128 MiB", "gzip", "persisted", "true").
    pub fn text(self, key: &str, value: &str) -> Self {
        self.value(key, HeaderValue::string(value))
    }

    /// A number, in the kind the topic catalog gives the key (u32 or u64; u64 for a key it does not list).
    pub fn unsigned(self, key: &str, value: u64) -> Self {
        let kind = OPTION_CATALOG.iter().find(|o| o.scope == OptionScope::Topic && o.key == key).map(|o| o.kind);
        match (kind, u32::try_from(value)) {
            (Some(HeaderKind::Uint32), Ok(small)) => self.value(key, HeaderValue::uint32(small)),
            _ => self.value(key, HeaderValue::uint64(value)),
        }
    }

    pub fn flag(self, key: &str, value: bool) -> Self {
        self.value(key, HeaderValue::bool(value))
    }

    /// Any typed value (the last one given for a key wins).
    pub fn value(mut self, key: &str, value: HeaderValue) -> Self {
        self.entries.insert(key.to_owned(), value);
        self
    }

    pub fn get(&self, key: &str) -> Option<&HeaderValue> {
        self.entries.get(key)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The entries, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &HeaderValue)> {
        self.entries.iter().map(|(key, value)| (key.as_str(), value))
    }

    /// The wire block (empty for no options).
    pub fn encode(&self) -> Result<Bytes> {
        let mut w = Writer::new();
        for (key, value) in &self.entries {
            if key.is_empty() {
                return Err(Error::InvalidArgument("option keys are non-empty strings".into()));
            }
            let entry = HeaderEntry {
                key_kind: HeaderKind::String.as_u8(),
                key: Bytes::copy_from_slice(key.as_bytes()),
                value_kind: value.kind,
                value: value.value.clone(),
            };
            entry.encode(&mut w)?;
        }
        Ok(w.into_inner().freeze())
    }

    /// A block as the server sent it.
    pub fn decode(block: &Bytes) -> Result<Options> {
        let mut options = Options::new();
        for (key, value) in user_headers(block)? {
            let key =
                key.as_str().ok_or(Error::Codec(crate::runtime::CodecError::Invalid("option keys are strings")))?;
            options.entries.insert(key.to_owned(), value);
        }
        Ok(options)
    }
}

/// A topic's settings for `create_topic_with` / `update_topic_with`: `None` = not sent (the server default on
/// create, unchanged on a 0.9 update; on 0.8: none / the server default). `options` holds any other 0.9 key
/// (segment_size, durability, ...) and may not repeat a typed setting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TopicSettings {
    pub compression_algorithm: Option<CompressionAlgorithm>,
    pub message_expiry_us: Option<u64>,
    pub max_topic_size_bytes: Option<u64>,
    /// 0.8 only (0.9 topics have none).
    pub replication_factor: Option<u8>,
    pub options: Options,
}

impl TopicSettings {
    /// The 0.8-style arguments: 0 = not given.
    pub(crate) fn legacy(compression: u8, expiry_us: u64, max_size_bytes: u64, replication_factor: u8) -> Result<Self> {
        let compression = CompressionAlgorithm::from_u8(compression)
            .ok_or_else(|| Error::InvalidArgument(format!("compression_algorithm {compression} is not 1 or 2")))?;
        Ok(TopicSettings {
            compression_algorithm: Some(compression),
            message_expiry_us: (expiry_us != 0).then_some(expiry_us),
            max_topic_size_bytes: (max_size_bytes != 0).then_some(max_size_bytes),
            replication_factor: (replication_factor != 0).then_some(replication_factor),
            options: Options::new(),
        })
    }

    pub(crate) fn check_0_8(&self) -> Result<()> {
        if self.options.is_empty() {
            return Ok(());
        }
        Err(Error::server_message(
            error_code::FEATURE_UNAVAILABLE,
            "topic options need Iggy protocol 0.9 (this client speaks 0.8)",
        ))
    }

    /// The 0.9 block: the typed settings given, `options`, and on create the official clients' durability keys.
    pub(crate) fn options_block(&self, create: bool) -> Result<Bytes> {
        if self.replication_factor.is_some_and(|factor| factor != 0) {
            return Err(Error::server_message(
                error_code::FEATURE_UNAVAILABLE,
                "Iggy 0.9 topics have no replication_factor (0.8 only)",
            ));
        }
        let mut merged = self.options.clone();
        let typed = [
            (COMPRESSION_KEY, self.compression_algorithm.map(|c| HeaderValue::string(&c.name().to_ascii_lowercase()))),
            (EXPIRY_KEY, self.message_expiry_us.map(HeaderValue::uint64)),
            (MAX_SIZE_KEY, self.max_topic_size_bytes.map(HeaderValue::uint64)),
        ];
        for (key, value) in typed {
            if let Some(value) = value {
                if merged.contains_key(key) {
                    return Err(Error::InvalidArgument(format!(
                        "option {key} is given twice (as a setting and in options)"
                    )));
                }
                merged = merged.value(key, value);
            }
        }
        if create {
            for (key, value) in OFFICIAL_CREATE_DEFAULTS {
                if !merged.contains_key(key) {
                    merged = merged.text(key, value);
                }
            }
        }
        merged.encode()
    }
}

macro_rules! option_values {
    ($($record:ty),*) => {$(
        impl $record {
            /// The options block (0.9; empty on 0.8), decoded.
            pub fn option_values(&self) -> Result<Options> {
                Options::decode(&self.options)
            }
        }
    )*};
}

option_values!(StreamHeader, StreamDetails, UserHeader, UserDetails, TopicHeader, TopicDetails);

macro_rules! derived_option_values {
    ($($record:ty),*) => {$(
        impl $record {
            /// The catalog keys the creator did not set, with the values the server resolved (0.9).
            pub fn derived_option_values(&self) -> Result<Options> {
                Options::decode(&self.derived_options)
            }
        }
    )*};
}

derived_option_values!(TopicHeader, TopicDetails);
