//! Async Rust SDK for Iggy servers, speaking the Iggy 0.9 protocol (the default) or 0.8 (`protocol=0.8`) over TCP
//! (and TLS).
//!
//! The wire layer is generated from `protocol-spec/` (`codes`, `codec`, `wire_layout`) over a small hand-written
//! runtime (`runtime`) and the 0.9 session layer (`vsr`), so no protocol number or field layout is typed by hand
//! here.

pub mod client;
#[rustfmt::skip]
pub mod codec;
#[rustfmt::skip]
pub mod codes;
pub mod config;
pub mod consumer;
pub mod error;
#[rustfmt::skip]
pub mod error_code;
pub mod messages;
pub mod options;
pub mod producer;
pub mod runtime;
mod tls;
mod transport;
mod vsr;
#[rustfmt::skip]
pub mod wire_layout;

pub use bytes::Bytes;
pub use client::IggyClient;
pub use codec::{
    AckLevel, ClientDetails, ClientInfo, ClusterMetadata, CompressionAlgorithm, Consumer, ConsumerOffsetInfo,
    EvictionReason, GroupDetails, GroupHeader, HeaderKind, Message, OptionDescriptor, OptionScope, Partitioning,
    Permissions, PersonalAccessTokenInfo, PolledMessages, PollingStrategy, ProtocolVersion, SendConfirmation, Stats,
    StreamDetails, StreamHeader, StreamPermissions, SyncConsumerGroupResponse, TopicDetails, TopicHeader,
    TopicPermissions, UserDetails, UserHeader, UserStatus,
};
pub use config::ClientConfig;
pub use consumer::{AutoCommit, IggyConsumer, ReceivedMessage};
pub use error::{Error, Result};
pub use error_code::{ErrorCode, ErrorKind};
pub use messages::{HeaderValue, IggyMessage};
pub use options::{Options, TopicSettings};
pub use producer::{IggyProducer, ProducerConfig};
pub use runtime::Identifier;

#[cfg(test)]
mod tests {
    use super::codec::COMMANDS;
    use super::codes::{command_code, constants, error_code};
    use super::wire_layout::{index_entry, message_header};

    fn spec_file(name: &str) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../protocol-spec/spec/");
        std::fs::read_to_string(format!("{path}{name}")).expect("spec file")
    }

    #[test]
    fn every_command_of_the_spec_is_in_the_table_once_ascending() {
        let in_spec = spec_file("commands.toml").lines().filter(|l| l.trim() == "[[command]]").count();
        assert_eq!(COMMANDS.len(), in_spec);
        assert_eq!(command_code::ALL.len(), in_spec);
        assert!(COMMANDS.windows(2).all(|pair| pair[0].code < pair[1].code));
        assert!(COMMANDS.iter().zip(command_code::ALL).all(|(row, code)| row.code == code));
    }

    #[test]
    fn every_error_of_the_spec_has_a_name_and_message() {
        let in_spec = spec_file("errors.toml").lines().filter(|l| l.trim() == "[[error]]").count();
        let codes: Vec<u32> = spec_file("errors.toml")
            .lines()
            .filter_map(|l| l.trim().strip_prefix("code = "))
            .map(|v| v.trim().parse().expect("numeric code"))
            .collect();
        assert_eq!(codes.len(), in_spec);
        assert!(codes.iter().all(|&c| error_code::name(c).is_some() && error_code::message(c).is_some()));
        assert_eq!(error_code::name(0), None);
    }

    #[test]
    fn every_command_names_a_permission_rule() {
        let rules = spec_file("commands.toml");
        for command in COMMANDS {
            assert!(!command.permission_rule.is_empty(), "{}", command.name);
            assert!(rules.contains(&format!("name = \"{}\"", command.permission_rule)), "{}", command.name);
        }
    }

    #[test]
    fn only_unauthenticated_commands_skip_auth() {
        let open: Vec<u32> = COMMANDS.iter().filter(|c| !c.auth).map(|c| c.code).collect();
        let mut expected = command_code::UNAUTHENTICATED.to_vec();
        expected.sort_unstable();
        assert_eq!(open, expected);
    }

    #[test]
    fn layouts_agree_with_the_declared_sizes() {
        assert_eq!(message_header::SIZE, constants::MESSAGE_HEADER_SIZE);
        assert_eq!(index_entry::SIZE, constants::INDEX_ENTRY_SIZE);
        assert_eq!(message_header::RESERVED_AT + message_header::RESERVED_SIZE, message_header::SIZE);
        assert_eq!(index_entry::TIMESTAMP_AT + index_entry::TIMESTAMP_SIZE, index_entry::SIZE);
    }
}
