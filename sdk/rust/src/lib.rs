//! Rust SDK for servers that speak the Iggy 0.8 TCP protocol.
//!
//! So far only the protocol constants exist; they are generated from `protocol-spec/` so that the numbers are
//! never typed by hand.

pub mod codes;

#[cfg(test)]
mod tests {
    use super::codes::{command_code, constants, error_code, id_kind};

    #[test]
    fn command_codes_are_unique_and_ascending() {
        // The generator sorts by code; a duplicate or misordered code would mean a broken spec.
        assert!(command_code::ALL.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(command_code::ALL.len(), 47);
    }

    #[test]
    fn names_and_messages_resolve_for_known_codes_only() {
        assert_eq!(command_code::name(command_code::GET_CLUSTER_METADATA), Some("GetClusterMetadata"));
        assert_eq!(command_code::name(u32::MAX), None);
        assert_eq!(error_code::name(error_code::STREAM_ID_NOT_FOUND), Some("StreamIdNotFound"));
        assert!(error_code::message(error_code::UNAUTHENTICATED).is_some());
        assert_eq!(error_code::message(0), None);
    }

    #[test]
    fn only_ping_and_logins_skip_authentication() {
        let mut open = command_code::UNAUTHENTICATED;
        open.sort_unstable();
        assert_eq!(
            open,
            [command_code::PING, command_code::LOGIN_USER, command_code::LOGIN_WITH_PERSONAL_ACCESS_TOKEN]
        );
    }

    #[test]
    fn sizes_match_the_fixed_layouts() {
        assert_eq!(constants::MESSAGE_HEADER_SIZE, 8 + 16 + 8 + 8 + 8 + 4 + 4 + 8);
        assert_eq!(constants::INDEX_ENTRY_SIZE, 4 + 4 + 8);
        assert_eq!(constants::POLL_RESPONSE_PREFIX_SIZE, 4 + 8 + 4);
        assert_eq!(constants::MESSAGE_EXPIRY_NEVER, u64::MAX);
        assert_eq!(id_kind::NUMERIC, 1);
    }
}
