//! The one error type of the SDK. Every variant has an Iggy code (`Error::code`), so callers branch on codes the
//! same way for server answers and client-side failures, as sdk/python's exception classes do.

use std::fmt;

use crate::codec::{EvictionReason, ProtocolVersion};
use crate::error_code::ErrorCode;
use crate::runtime::CodecError;

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

    pub fn is_not_found(&self) -> bool {
        matches!(self, Error::Server { code, .. } if code.is_not_found())
    }

    pub fn is_already_exists(&self) -> bool {
        matches!(self, Error::Server { code, .. } if code.is_already_exists())
    }

    /// The eviction reason, when a 0.9 server ended the session.
    pub fn eviction_reason(&self) -> Option<EvictionReason> {
        match self {
            Error::Evicted { reason, .. } => *reason,
            _ => None,
        }
    }

    pub fn is_unauthenticated(&self) -> bool {
        self.server_code() == Some(ErrorCode::UNAUTHENTICATED)
    }

    pub fn is_unauthorized(&self) -> bool {
        self.server_code() == Some(ErrorCode::UNAUTHORIZED)
    }

    pub fn is_invalid_credentials(&self) -> bool {
        self.server_code() == Some(ErrorCode::INVALID_CREDENTIALS)
    }

    /// The connection is gone (including the outcome-unknown case).
    pub fn is_connection_lost(&self) -> bool {
        matches!(self, Error::ConnectionLost(_) | Error::OutcomeUnknown { .. })
    }

    pub fn is_timeout(&self) -> bool {
        matches!(self, Error::Timeout { .. })
    }

    /// The code of an answer from the server (a status, a result rejection or an eviction).
    fn server_code(&self) -> Option<ErrorCode> {
        match self {
            Error::Server { code, .. } | Error::Evicted { code, .. } => Some(*code),
            _ => None,
        }
    }

    pub(crate) fn server(status: u32) -> Error {
        let code = ErrorCode(status);
        let message = code.message().map_or_else(|| format!("error {status}"), str::to_owned);
        Error::Server { code, name: code.name(), message }
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

impl From<CodecError> for Error {
    fn from(error: CodecError) -> Self {
        Error::Codec(error)
    }
}
