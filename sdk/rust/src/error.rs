//! The one error type of the SDK. Every variant has an Iggy code (`Error::code`) and the code's kind from the spec
//! (`Error::kind`, with one predicate per kind: `is_not_found()`, `is_already_exists()`, ...), so callers branch the
//! same way for server answers and client-side failures, as sdk/python's exception classes do.
//!
//! Over TCP the server answers only the code, so the spec's text of a code has a "…" per runtime value ("Stream with
//! name: … already exists."). The client writes the objects of the failing request there ("Stream with name: orders
//! already exists."), and "<param>" (e.g. "<partition>") where the request has no value for one.

use std::fmt;

use crate::codec::{EvictionReason, ProtocolVersion};
use crate::error_code::{ErrorCode, ErrorKind};
use crate::runtime::CodecError;

/// What stands for a runtime value in the spec's texts.
const PLACEHOLDER: char = '…';

#[derive(Debug, Clone)]
pub enum Error {
    /// The server answered with a non-zero status.
    Server { code: ErrorCode, name: &'static str, message: String },
    /// No connection could be established (after the configured attempts).
    CannotConnect(String),
    /// The client was closed, or a connection was never opened.
    NotConnected,
    /// The connection broke and reconnecting failed (or is off); nothing was in flight.
    ConnectionLost(String),
    /// The connection broke after the request left: the server may or may not have executed it. Never re-sent
    /// silently (a SendMessages could otherwise be written twice).
    OutcomeUnknown { command: &'static str, reason: String },
    /// No answer within `request_timeout_ms` (or no connection within `connect_timeout_ms`).
    Timeout { what: &'static str, timeout_ms: u64 },
    /// The server's answer does not match the protocol.
    Codec(CodecError),
    /// A connection string or setting is invalid.
    InvalidConnectionString(String),
    /// TLS could not be set up (CA file, server name).
    Tls(String),
    /// An argument the protocol cannot carry (e.g. a name longer than 255 bytes).
    InvalidArgument(String),
    /// The producer's bounded buffer is full and it was told not to wait.
    BufferFull,
    /// An Iggy 0.9 server ended the session with an eviction frame: `reason` (None for a byte the spec does not
    /// list), `code` the error a client reports for it (e.g. 42 InvalidCredentials).
    Evicted { reason: Option<EvictionReason>, code: ErrorCode, message: String },
    /// The server speaks the other Iggy protocol than the `protocol` option: `message` names the option to set,
    /// `server_protocol` the version its answer showed. Code 14003 IncompatibleProtocolVersion.
    ProtocolMismatch { code: ErrorCode, message: String, server_protocol: Option<ProtocolVersion> },
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The Iggy code of this error (client-side failures use the codes sdk/python uses).
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Server { code, .. } => *code,
            Error::CannotConnect(_) => ErrorCode::CANNOT_ESTABLISH_CONNECTION,
            Error::NotConnected => ErrorCode::NOT_CONNECTED,
            Error::ConnectionLost(_) | Error::OutcomeUnknown { .. } => ErrorCode::CONNECTION_CLOSED,
            Error::Timeout { .. } => ErrorCode::TASK_TIMEOUT,
            Error::Codec(_) => ErrorCode::INVALID_FORMAT,
            Error::InvalidConnectionString(_) => ErrorCode::INVALID_CONNECTION_STRING,
            Error::Tls(_) => ErrorCode::INVALID_TLS_CERTIFICATE,
            Error::InvalidArgument(_) => ErrorCode::INVALID_FORMAT,
            Error::BufferFull => ErrorCode::BACKGROUND_SEND_BUFFER_FULL,
            Error::Evicted { code, .. } | Error::ProtocolMismatch { code, .. } => *code,
        }
    }

    /// The error's text without its kind prefix (what sdk/python puts in `error.message`): the server's message,
    /// the reason, or the shared text of a protocol mismatch.
    pub fn message(&self) -> String {
        match self {
            Error::Server { message, .. }
            | Error::Evicted { message, .. }
            | Error::ProtocolMismatch { message, .. } => message.clone(),
            Error::CannotConnect(why)
            | Error::ConnectionLost(why)
            | Error::InvalidConnectionString(why)
            | Error::Tls(why)
            | Error::InvalidArgument(why) => why.clone(),
            other => other.to_string(),
        }
    }

    /// The UPPER_SNAKE name of `code()`, e.g. `STREAM_ID_NOT_FOUND`.
    pub fn name(&self) -> &'static str {
        self.code().name()
    }

    /// What a caller branches on: the spec's kind of `code()` (`is_not_found()` and the other predicates test it).
    pub fn kind(&self) -> ErrorKind {
        self.code().kind()
    }

    /// The eviction reason, when a 0.9 server ended the session.
    pub fn eviction_reason(&self) -> Option<EvictionReason> {
        match self {
            Error::Evicted { reason, .. } => *reason,
            _ => None,
        }
    }

    /// The connection is gone (including the outcome-unknown case).
    pub fn is_connection_lost(&self) -> bool {
        matches!(self, Error::ConnectionLost(_) | Error::OutcomeUnknown { .. })
    }

    pub fn is_timeout(&self) -> bool {
        matches!(self, Error::Timeout { .. })
    }

    pub(crate) fn server(status: u32) -> Error {
        let code = ErrorCode(status);
        let message = error_message(code, |_| None).unwrap_or_else(|| format!("error {status}"));
        Error::Server { code, name: code.name(), message }
    }

    /// This error with the objects of the failing request written into its text, where the text is still the
    /// spec's with "<param>" placeholders (an answer over TCP carries only the code). `params` pairs each error
    /// param with the request field that names it (`Command::ERROR_PARAMS`), `field_text` answers a field's text.
    pub(crate) fn named_by(mut self, params: &[(&str, &str)], field_text: impl Fn(&str) -> Option<String>) -> Error {
        if let Error::Server { code, message, .. } = &mut self {
            let value =
                |param: &str| params.iter().find(|(name, _)| *name == param).and_then(|(_, field)| field_text(field));
            if let (Some(bare), Some(named)) = (error_message(*code, |_| None), error_message(*code, value)) {
                if !code.params().is_empty() && message.contains(&bare) {
                    *message = message.replacen(&bare, &named, 1);
                }
            }
        }
        self
    }

    /// An error with an Iggy code and this client's own message (e.g. FeatureUnavailable for a command the
    /// connection's protocol version lacks).
    pub(crate) fn server_message(status: u32, message: &str) -> Error {
        let code = ErrorCode(status);
        Error::Server { code, name: code.name(), message: message.to_owned() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Server { code, name, message } => write!(f, "{name} ({}): {message}", code.0),
            Error::CannotConnect(why) => write!(f, "cannot connect: {why}"),
            Error::NotConnected => f.write_str("not connected"),
            Error::ConnectionLost(why) => write!(f, "connection lost: {why}"),
            Error::OutcomeUnknown { command, reason } => write!(
                f,
                "{command}: outcome unknown, the connection broke after it was sent ({reason}); not re-sent: under a \
                 new session (0.9) the server could not tell it from a new request"
            ),
            Error::Timeout { what, timeout_ms } => write!(f, "{what} timed out after {timeout_ms} ms"),
            Error::Codec(error) => write!(f, "malformed answer: {error}"),
            Error::InvalidConnectionString(why) => write!(f, "invalid connection string: {why}"),
            Error::Tls(why) => write!(f, "TLS: {why}"),
            Error::InvalidArgument(why) => write!(f, "invalid argument: {why}"),
            Error::BufferFull => f.write_str("producer buffer is full"),
            Error::Evicted { message, .. } | Error::ProtocolMismatch { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// The spec's text of `code` with each "…" replaced by the value of the param it stands for (`value(param)`, the
/// params being errors.toml's: stream, topic, name, ...), or by "<param>" where there is none. None for a code the
/// spec does not list.
pub fn error_message(code: ErrorCode, value: impl Fn(&str) -> Option<String>) -> Option<String> {
    let template = code.message()?;
    let mut parts = template.split(PLACEHOLDER);
    let mut text = parts.next().unwrap_or_default().to_owned();
    for (param, part) in code.params().iter().zip(parts) {
        match value(param) {
            Some(shown) => text.push_str(&shown),
            None => {
                text.push('<');
                text.push_str(param);
                text.push('>');
            }
        }
        text.push_str(part);
    }
    Some(text)
}

impl From<CodecError> for Error {
    fn from(error: CodecError) -> Self {
        Error::Codec(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{Consumer, DeleteUserRequest, PollMessagesRequest, PollingStrategy, SendMessagesRequest};
    use crate::runtime::{Command, Identifier};

    #[test]
    fn every_code_has_a_kind_and_a_readable_default_text() {
        // Every code the spec lists (they are all below 15000), found by its name.
        for code in (1..15_000).map(ErrorCode).filter(|code| code.name() != "UNKNOWN") {
            assert_ne!(code.kind(), ErrorKind::Unknown, "{code}");
            let error = Error::server(code.0);
            assert!(!error.message().contains(PLACEHOLDER), "{code}: {}", error.message());
            assert_eq!(code.message().unwrap().matches(PLACEHOLDER).count(), code.params().len(), "{code}");
        }
        let newer = Error::server(987_654);
        assert_eq!(newer.kind(), ErrorKind::Unknown);
        assert!(newer.is_unknown() && !newer.is_not_found());
        // The spec's kinds, not the names: a server's missing state file is no lookup miss.
        assert!(!Error::server(ErrorCode::STATE_FILE_NOT_FOUND.0).is_not_found());
        assert!(Error::server(ErrorCode::INVALID_PERSONAL_ACCESS_TOKEN.0).is_invalid_credentials());
        assert!(Error::server(ErrorCode::TRANSIENT_NOT_COMMITTED.0).is_transient());
        assert!(Error::ConnectionLost("gone".into()).is_unavailable());
        assert!(Error::Timeout { what: "ping", timeout_ms: 1 }.is_transient());
        assert_eq!(ErrorKind::ALL.len(), 16);
        assert_eq!(ErrorKind::NotFound.to_string(), "not_found");
    }

    #[test]
    fn error_message_names_what_it_is_given() {
        let value = |param: &str| (param == "port").then(|| "80".to_owned());
        assert_eq!(error_message(ErrorCode::INVALID_IP_ADDRESS, value).unwrap(), "Invalid IP address: <address>:80");
        assert_eq!(
            Error::server(ErrorCode::PARTITION_NOT_FOUND.0).message(),
            "Partition with ID: <partition> for topic with ID: <topic> for stream with ID: <stream> was not found."
        );
    }

    #[test]
    fn the_request_names_its_objects_and_the_rest_stays_readable() {
        let poll = PollMessagesRequest {
            consumer: Consumer { kind: crate::codes::consumer_kind::CONSUMER_GROUP, id: "workers".into() },
            stream_id: Identifier::Numeric(1),
            topic_id: "t".into(),
            partition_id: None,
            strategy: PollingStrategy { kind: crate::codes::polling_kind::NEXT, value: 0 },
            count: 1,
            auto_commit: false,
        };
        let named = Error::server(ErrorCode::PARTITION_NOT_FOUND.0)
            .named_by(PollMessagesRequest::ERROR_PARAMS, |field| poll.error_field_text(field));
        assert_eq!(
            named.message(),
            "Partition with ID: <partition> for topic with ID: t for stream with ID: 1 was not found."
        );
        let user = DeleteUserRequest { user_id: "bob".into() };
        let missing = Error::server(ErrorCode::RESOURCE_NOT_FOUND.0)
            .named_by(DeleteUserRequest::ERROR_PARAMS, |field| user.error_field_text(field));
        assert_eq!(missing.message(), "Resource with key: bob was not found.");
        let sent = Error::server(ErrorCode::PARTITION_NOT_FOUND.0)
            .named_by(SendMessagesRequest::ERROR_PARAMS, |field| (field == "partitioning").then(|| "7".to_owned()));
        assert!(sent.message().starts_with("Partition with ID: 7 for topic with ID: <topic>"), "{sent}");
        // A text the server sent (HTTP) or the client wrote stays as it is.
        let custom =
            Error::server_message(ErrorCode::STREAM_NAME_ALREADY_EXISTS.0, "Stream with name: x already exists.")
                .named_by(&[("name", "name")], |_| Some("other".to_owned()));
        assert_eq!(custom.message(), "Stream with name: x already exists.");
    }
}
