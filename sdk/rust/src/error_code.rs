// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
//! `ErrorCode`: an Iggy status code with its name, server message, kind and params; `ErrorKind`.

use crate::codes::error_code;

/// The status of an error response (or a client-side failure's code), e.g. `ErrorCode::STREAM_ID_NOT_FOUND`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ErrorCode(pub u32);

/// What a caller branches on (protocol-spec/spec/errors.toml `[[kind]]`): `ErrorCode::kind`, `Error::kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment.
    NotFound,
    /// A create or rename collides with a name that is taken (stream, topic, group, user, token).
    AlreadyExists,
    /// The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again.
    Unauthenticated,
    /// A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again.
    InvalidCredentials,
    /// The logged-in user lacks the permission for the command.
    Unauthorized,
    /// The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again.
    InvalidInput,
    /// A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit.
    LimitExceeded,
    /// The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes.
    Conflict,
    /// A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied).
    Transient,
    /// Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again.
    Session,
    /// No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed.
    Unavailable,
    /// The client, producer or consumer was closed by its owner; nothing more succeeds on it.
    Closed,
    /// The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read.
    Unsupported,
    /// A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup.
    Config,
    /// The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator.
    Internal,
    /// A code this file does not list (a newer server's); no [[error]] below has this kind.
    Unknown,
}

impl ErrorKind {
    /// Every kind, in the spec's order.
    pub const ALL: [ErrorKind; 16] = [
        ErrorKind::NotFound,
        ErrorKind::AlreadyExists,
        ErrorKind::Unauthenticated,
        ErrorKind::InvalidCredentials,
        ErrorKind::Unauthorized,
        ErrorKind::InvalidInput,
        ErrorKind::LimitExceeded,
        ErrorKind::Conflict,
        ErrorKind::Transient,
        ErrorKind::Session,
        ErrorKind::Unavailable,
        ErrorKind::Closed,
        ErrorKind::Unsupported,
        ErrorKind::Config,
        ErrorKind::Internal,
        ErrorKind::Unknown,
    ];

    /// The spec's name of the kind (`not_found`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::NotFound => "not_found",
            ErrorKind::AlreadyExists => "already_exists",
            ErrorKind::Unauthenticated => "unauthenticated",
            ErrorKind::InvalidCredentials => "invalid_credentials",
            ErrorKind::Unauthorized => "unauthorized",
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::LimitExceeded => "limit_exceeded",
            ErrorKind::Conflict => "conflict",
            ErrorKind::Transient => "transient",
            ErrorKind::Session => "session",
            ErrorKind::Unavailable => "unavailable",
            ErrorKind::Closed => "closed",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Config => "config",
            ErrorKind::Internal => "internal",
            ErrorKind::Unknown => "unknown",
        }
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl ErrorCode {
    pub const ERROR: ErrorCode = ErrorCode(error_code::ERROR);
    pub const INVALID_CONFIGURATION: ErrorCode = ErrorCode(error_code::INVALID_CONFIGURATION);
    pub const INVALID_COMMAND: ErrorCode = ErrorCode(error_code::INVALID_COMMAND);
    pub const INVALID_FORMAT: ErrorCode = ErrorCode(error_code::INVALID_FORMAT);
    pub const FEATURE_UNAVAILABLE: ErrorCode = ErrorCode(error_code::FEATURE_UNAVAILABLE);
    pub const INVALID_IDENTIFIER: ErrorCode = ErrorCode(error_code::INVALID_IDENTIFIER);
    pub const INVALID_VERSION: ErrorCode = ErrorCode(error_code::INVALID_VERSION);
    pub const DISCONNECTED: ErrorCode = ErrorCode(error_code::DISCONNECTED);
    pub const CANNOT_ESTABLISH_CONNECTION: ErrorCode = ErrorCode(error_code::CANNOT_ESTABLISH_CONNECTION);
    pub const CANNOT_CREATE_BASE_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_BASE_DIRECTORY);
    pub const CANNOT_CREATE_RUNTIME_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_RUNTIME_DIRECTORY);
    pub const CANNOT_REMOVE_RUNTIME_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_REMOVE_RUNTIME_DIRECTORY);
    pub const CANNOT_CREATE_STATE_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_STATE_DIRECTORY);
    pub const STATE_FILE_NOT_FOUND: ErrorCode = ErrorCode(error_code::STATE_FILE_NOT_FOUND);
    pub const STATE_FILE_CORRUPTED: ErrorCode = ErrorCode(error_code::STATE_FILE_CORRUPTED);
    pub const INVALID_STATE_ENTRY_CHECKSUM: ErrorCode = ErrorCode(error_code::INVALID_STATE_ENTRY_CHECKSUM);
    pub const CANNOT_OPEN_DATABASE: ErrorCode = ErrorCode(error_code::CANNOT_OPEN_DATABASE);
    pub const RESOURCE_NOT_FOUND: ErrorCode = ErrorCode(error_code::RESOURCE_NOT_FOUND);
    pub const CANNOT_CLOSE_WEB_SOCKET_CONNECTION: ErrorCode = ErrorCode(error_code::CANNOT_CLOSE_WEB_SOCKET_CONNECTION);
    pub const STALE_CLIENT: ErrorCode = ErrorCode(error_code::STALE_CLIENT);
    pub const TCP_ERROR: ErrorCode = ErrorCode(error_code::TCP_ERROR);
    pub const QUIC_ERROR: ErrorCode = ErrorCode(error_code::QUIC_ERROR);
    pub const INVALID_SERVER_ADDRESS: ErrorCode = ErrorCode(error_code::INVALID_SERVER_ADDRESS);
    pub const INVALID_CLIENT_ADDRESS: ErrorCode = ErrorCode(error_code::INVALID_CLIENT_ADDRESS);
    pub const INVALID_IP_ADDRESS: ErrorCode = ErrorCode(error_code::INVALID_IP_ADDRESS);
    pub const HTTP_ERROR: ErrorCode = ErrorCode(error_code::HTTP_ERROR);
    pub const INVALID_API_URL: ErrorCode = ErrorCode(error_code::INVALID_API_URL);
    pub const UNAUTHENTICATED: ErrorCode = ErrorCode(error_code::UNAUTHENTICATED);
    pub const UNAUTHORIZED: ErrorCode = ErrorCode(error_code::UNAUTHORIZED);
    pub const INVALID_CREDENTIALS: ErrorCode = ErrorCode(error_code::INVALID_CREDENTIALS);
    pub const INVALID_USERNAME: ErrorCode = ErrorCode(error_code::INVALID_USERNAME);
    pub const INVALID_PASSWORD: ErrorCode = ErrorCode(error_code::INVALID_PASSWORD);
    pub const INVALID_USER_STATUS: ErrorCode = ErrorCode(error_code::INVALID_USER_STATUS);
    pub const USER_ALREADY_EXISTS: ErrorCode = ErrorCode(error_code::USER_ALREADY_EXISTS);
    pub const USER_INACTIVE: ErrorCode = ErrorCode(error_code::USER_INACTIVE);
    pub const CANNOT_DELETE_USER: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_USER);
    pub const CANNOT_CHANGE_PERMISSIONS: ErrorCode = ErrorCode(error_code::CANNOT_CHANGE_PERMISSIONS);
    pub const INVALID_PERSONAL_ACCESS_TOKEN_NAME: ErrorCode = ErrorCode(error_code::INVALID_PERSONAL_ACCESS_TOKEN_NAME);
    pub const PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS: ErrorCode = ErrorCode(error_code::PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS);
    pub const PERSONAL_ACCESS_TOKENS_LIMIT_REACHED: ErrorCode = ErrorCode(error_code::PERSONAL_ACCESS_TOKENS_LIMIT_REACHED);
    pub const INVALID_PERSONAL_ACCESS_TOKEN: ErrorCode = ErrorCode(error_code::INVALID_PERSONAL_ACCESS_TOKEN);
    pub const PERSONAL_ACCESS_TOKEN_EXPIRED: ErrorCode = ErrorCode(error_code::PERSONAL_ACCESS_TOKEN_EXPIRED);
    pub const USERS_LIMIT_REACHED: ErrorCode = ErrorCode(error_code::USERS_LIMIT_REACHED);
    pub const INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY: ErrorCode = ErrorCode(error_code::INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY);
    pub const TRANSIENT_NOT_COMMITTED: ErrorCode = ErrorCode(error_code::TRANSIENT_NOT_COMMITTED);
    pub const TRANSIENT_NOT_ACCEPTED: ErrorCode = ErrorCode(error_code::TRANSIENT_NOT_ACCEPTED);
    pub const REQUEST_ALREADY_APPLIED: ErrorCode = ErrorCode(error_code::REQUEST_ALREADY_APPLIED);
    pub const NOT_CONNECTED: ErrorCode = ErrorCode(error_code::NOT_CONNECTED);
    pub const CLIENT_SHUTDOWN: ErrorCode = ErrorCode(error_code::CLIENT_SHUTDOWN);
    pub const INVALID_TLS_DOMAIN: ErrorCode = ErrorCode(error_code::INVALID_TLS_DOMAIN);
    pub const INVALID_TLS_CERTIFICATE_PATH: ErrorCode = ErrorCode(error_code::INVALID_TLS_CERTIFICATE_PATH);
    pub const INVALID_TLS_CERTIFICATE: ErrorCode = ErrorCode(error_code::INVALID_TLS_CERTIFICATE);
    pub const FAILED_TO_ADD_CERTIFICATE: ErrorCode = ErrorCode(error_code::FAILED_TO_ADD_CERTIFICATE);
    pub const INVALID_ENCRYPTION_KEY: ErrorCode = ErrorCode(error_code::INVALID_ENCRYPTION_KEY);
    pub const CANNOT_ENCRYPT_DATA: ErrorCode = ErrorCode(error_code::CANNOT_ENCRYPT_DATA);
    pub const CANNOT_DECRYPT_DATA: ErrorCode = ErrorCode(error_code::CANNOT_DECRYPT_DATA);
    pub const INVALID_JWT_ALGORITHM: ErrorCode = ErrorCode(error_code::INVALID_JWT_ALGORITHM);
    pub const INVALID_JWT_SECRET: ErrorCode = ErrorCode(error_code::INVALID_JWT_SECRET);
    pub const JWT_MISSING: ErrorCode = ErrorCode(error_code::JWT_MISSING);
    pub const CANNOT_GENERATE_JWT: ErrorCode = ErrorCode(error_code::CANNOT_GENERATE_JWT);
    pub const ACCESS_TOKEN_MISSING: ErrorCode = ErrorCode(error_code::ACCESS_TOKEN_MISSING);
    pub const INVALID_ACCESS_TOKEN: ErrorCode = ErrorCode(error_code::INVALID_ACCESS_TOKEN);
    pub const CANNOT_FETCH_JWKS: ErrorCode = ErrorCode(error_code::CANNOT_FETCH_JWKS);
    pub const INVALID_SIZE_BYTES: ErrorCode = ErrorCode(error_code::INVALID_SIZE_BYTES);
    pub const INVALID_UTF8: ErrorCode = ErrorCode(error_code::INVALID_UTF8);
    pub const INVALID_NUMBER_ENCODING: ErrorCode = ErrorCode(error_code::INVALID_NUMBER_ENCODING);
    pub const INVALID_BOOLEAN_VALUE: ErrorCode = ErrorCode(error_code::INVALID_BOOLEAN_VALUE);
    pub const INVALID_NUMBER_VALUE: ErrorCode = ErrorCode(error_code::INVALID_NUMBER_VALUE);
    pub const CLIENT_NOT_FOUND: ErrorCode = ErrorCode(error_code::CLIENT_NOT_FOUND);
    pub const INVALID_CLIENT_ID: ErrorCode = ErrorCode(error_code::INVALID_CLIENT_ID);
    pub const CONNECTION_CLOSED: ErrorCode = ErrorCode(error_code::CONNECTION_CLOSED);
    pub const CANNOT_PARSE_HEADER_KIND: ErrorCode = ErrorCode(error_code::CANNOT_PARSE_HEADER_KIND);
    pub const HTTP_RESPONSE_ERROR: ErrorCode = ErrorCode(error_code::HTTP_RESPONSE_ERROR);
    pub const INVALID_HTTP_REQUEST: ErrorCode = ErrorCode(error_code::INVALID_HTTP_REQUEST);
    pub const INVALID_JSON_RESPONSE: ErrorCode = ErrorCode(error_code::INVALID_JSON_RESPONSE);
    pub const INVALID_BYTES_RESPONSE: ErrorCode = ErrorCode(error_code::INVALID_BYTES_RESPONSE);
    pub const EMPTY_RESPONSE: ErrorCode = ErrorCode(error_code::EMPTY_RESPONSE);
    pub const CANNOT_CREATE_ENDPOINT: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_ENDPOINT);
    pub const CANNOT_PARSE_URL: ErrorCode = ErrorCode(error_code::CANNOT_PARSE_URL);
    pub const WEB_SOCKET_ERROR: ErrorCode = ErrorCode(error_code::WEB_SOCKET_ERROR);
    pub const WEB_SOCKET_CONNECTION_ERROR: ErrorCode = ErrorCode(error_code::WEB_SOCKET_CONNECTION_ERROR);
    pub const WEB_SOCKET_CLOSE_ERROR: ErrorCode = ErrorCode(error_code::WEB_SOCKET_CLOSE_ERROR);
    pub const WEB_SOCKET_RECEIVE_ERROR: ErrorCode = ErrorCode(error_code::WEB_SOCKET_RECEIVE_ERROR);
    pub const WEB_SOCKET_SEND_ERROR: ErrorCode = ErrorCode(error_code::WEB_SOCKET_SEND_ERROR);
    pub const CANNOT_CREATE_STREAMS_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_STREAMS_DIRECTORY);
    pub const CANNOT_CREATE_STREAM_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_STREAM_DIRECTORY);
    pub const CANNOT_CREATE_STREAM_INFO: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_STREAM_INFO);
    pub const CANNOT_UPDATE_STREAM_INFO: ErrorCode = ErrorCode(error_code::CANNOT_UPDATE_STREAM_INFO);
    pub const CANNOT_OPEN_STREAM_INFO: ErrorCode = ErrorCode(error_code::CANNOT_OPEN_STREAM_INFO);
    pub const CANNOT_READ_STREAM_INFO: ErrorCode = ErrorCode(error_code::CANNOT_READ_STREAM_INFO);
    pub const CANNOT_CREATE_STREAM: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_STREAM);
    pub const CANNOT_DELETE_STREAM: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_STREAM);
    pub const CANNOT_DELETE_STREAM_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_STREAM_DIRECTORY);
    pub const STREAM_ID_NOT_FOUND: ErrorCode = ErrorCode(error_code::STREAM_ID_NOT_FOUND);
    pub const STREAM_NAME_NOT_FOUND: ErrorCode = ErrorCode(error_code::STREAM_NAME_NOT_FOUND);
    pub const STREAM_DIRECTORY_NOT_FOUND: ErrorCode = ErrorCode(error_code::STREAM_DIRECTORY_NOT_FOUND);
    pub const STREAM_NAME_ALREADY_EXISTS: ErrorCode = ErrorCode(error_code::STREAM_NAME_ALREADY_EXISTS);
    pub const INVALID_STREAM_NAME: ErrorCode = ErrorCode(error_code::INVALID_STREAM_NAME);
    pub const INVALID_STREAM_ID: ErrorCode = ErrorCode(error_code::INVALID_STREAM_ID);
    pub const CANNOT_READ_STREAMS: ErrorCode = ErrorCode(error_code::CANNOT_READ_STREAMS);
    pub const INVALID_TOPIC_SIZE: ErrorCode = ErrorCode(error_code::INVALID_TOPIC_SIZE);
    pub const TOO_MANY_STREAMS: ErrorCode = ErrorCode(error_code::TOO_MANY_STREAMS);
    pub const CANNOT_CREATE_TOPICS_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_TOPICS_DIRECTORY);
    pub const CANNOT_CREATE_TOPIC_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_TOPIC_DIRECTORY);
    pub const CANNOT_CREATE_TOPIC_INFO: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_TOPIC_INFO);
    pub const CANNOT_UPDATE_TOPIC_INFO: ErrorCode = ErrorCode(error_code::CANNOT_UPDATE_TOPIC_INFO);
    pub const CANNOT_OPEN_TOPIC_INFO: ErrorCode = ErrorCode(error_code::CANNOT_OPEN_TOPIC_INFO);
    pub const CANNOT_READ_TOPIC_INFO: ErrorCode = ErrorCode(error_code::CANNOT_READ_TOPIC_INFO);
    pub const CANNOT_CREATE_TOPIC: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_TOPIC);
    pub const CANNOT_DELETE_TOPIC: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_TOPIC);
    pub const CANNOT_DELETE_TOPIC_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_TOPIC_DIRECTORY);
    pub const CANNOT_POLL_TOPIC: ErrorCode = ErrorCode(error_code::CANNOT_POLL_TOPIC);
    pub const TOPIC_ID_NOT_FOUND: ErrorCode = ErrorCode(error_code::TOPIC_ID_NOT_FOUND);
    pub const TOPIC_NAME_NOT_FOUND: ErrorCode = ErrorCode(error_code::TOPIC_NAME_NOT_FOUND);
    pub const TOPIC_NAME_ALREADY_EXISTS: ErrorCode = ErrorCode(error_code::TOPIC_NAME_ALREADY_EXISTS);
    pub const INVALID_TOPIC_NAME: ErrorCode = ErrorCode(error_code::INVALID_TOPIC_NAME);
    pub const TOO_MANY_PARTITIONS: ErrorCode = ErrorCode(error_code::TOO_MANY_PARTITIONS);
    pub const INVALID_TOPIC_ID: ErrorCode = ErrorCode(error_code::INVALID_TOPIC_ID);
    pub const CANNOT_READ_TOPICS: ErrorCode = ErrorCode(error_code::CANNOT_READ_TOPICS);
    pub const INVALID_REPLICATION_FACTOR: ErrorCode = ErrorCode(error_code::INVALID_REPLICATION_FACTOR);
    pub const INVALID_PARTITIONS_COUNT: ErrorCode = ErrorCode(error_code::INVALID_PARTITIONS_COUNT);
    pub const TOPIC_DIRECTORY_NOT_FOUND: ErrorCode = ErrorCode(error_code::TOPIC_DIRECTORY_NOT_FOUND);
    pub const TOO_MANY_TOPICS: ErrorCode = ErrorCode(error_code::TOO_MANY_TOPICS);
    pub const CANNOT_CREATE_PARTITION: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_PARTITION);
    pub const CANNOT_CREATE_PARTITIONS_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_PARTITIONS_DIRECTORY);
    pub const CANNOT_CREATE_PARTITION_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_PARTITION_DIRECTORY);
    pub const CANNOT_OPEN_PARTITION_LOG_FILE: ErrorCode = ErrorCode(error_code::CANNOT_OPEN_PARTITION_LOG_FILE);
    pub const CANNOT_READ_PARTITIONS: ErrorCode = ErrorCode(error_code::CANNOT_READ_PARTITIONS);
    pub const CANNOT_DELETE_PARTITION: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_PARTITION);
    pub const CANNOT_DELETE_PARTITION_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_PARTITION_DIRECTORY);
    pub const PARTITION_NOT_FOUND: ErrorCode = ErrorCode(error_code::PARTITION_NOT_FOUND);
    pub const NO_PARTITIONS: ErrorCode = ErrorCode(error_code::NO_PARTITIONS);
    pub const TOPIC_FULL: ErrorCode = ErrorCode(error_code::TOPIC_FULL);
    pub const CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY);
    pub const CANNOT_DELETE_CONSUMER_OFFSET_FILE: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_CONSUMER_OFFSET_FILE);
    pub const CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY);
    pub const PARTITION_ID_SPACE_EXHAUSTED: ErrorCode = ErrorCode(error_code::PARTITION_ID_SPACE_EXHAUSTED);
    pub const CANNOT_READ_CONSUMER_OFFSETS: ErrorCode = ErrorCode(error_code::CANNOT_READ_CONSUMER_OFFSETS);
    pub const CONSUMER_OFFSET_NOT_FOUND: ErrorCode = ErrorCode(error_code::CONSUMER_OFFSET_NOT_FOUND);
    pub const NOT_RESOLVED_CONSUMER: ErrorCode = ErrorCode(error_code::NOT_RESOLVED_CONSUMER);
    pub const CANNOT_OPEN_CONSUMER_OFFSETS_FILE: ErrorCode = ErrorCode(error_code::CANNOT_OPEN_CONSUMER_OFFSETS_FILE);
    pub const TOO_MANY_CONSUMER_OFFSETS: ErrorCode = ErrorCode(error_code::TOO_MANY_CONSUMER_OFFSETS);
    pub const SEGMENT_NOT_FOUND: ErrorCode = ErrorCode(error_code::SEGMENT_NOT_FOUND);
    pub const SEGMENT_CLOSED: ErrorCode = ErrorCode(error_code::SEGMENT_CLOSED);
    pub const INVALID_SEGMENT_SIZE: ErrorCode = ErrorCode(error_code::INVALID_SEGMENT_SIZE);
    pub const CANNOT_CREATE_SEGMENT_LOG_FILE: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_SEGMENT_LOG_FILE);
    pub const CANNOT_CREATE_SEGMENT_INDEX_FILE: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_SEGMENT_INDEX_FILE);
    pub const CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE);
    pub const CANNOT_SAVE_MESSAGES_TO_SEGMENT: ErrorCode = ErrorCode(error_code::CANNOT_SAVE_MESSAGES_TO_SEGMENT);
    pub const CANNOT_SAVE_INDEX_TO_SEGMENT: ErrorCode = ErrorCode(error_code::CANNOT_SAVE_INDEX_TO_SEGMENT);
    pub const CANNOT_SAVE_TIME_INDEX_TO_SEGMENT: ErrorCode = ErrorCode(error_code::CANNOT_SAVE_TIME_INDEX_TO_SEGMENT);
    pub const INVALID_MESSAGES_COUNT: ErrorCode = ErrorCode(error_code::INVALID_MESSAGES_COUNT);
    pub const CANNOT_APPEND_MESSAGE: ErrorCode = ErrorCode(error_code::CANNOT_APPEND_MESSAGE);
    pub const CANNOT_READ_MESSAGE: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE);
    pub const CANNOT_READ_MESSAGE_ID: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_ID);
    pub const CANNOT_READ_MESSAGE_STATE: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_STATE);
    pub const CANNOT_READ_MESSAGE_TIMESTAMP: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_TIMESTAMP);
    pub const CANNOT_READ_HEADERS_LENGTH: ErrorCode = ErrorCode(error_code::CANNOT_READ_HEADERS_LENGTH);
    pub const CANNOT_READ_HEADERS_PAYLOAD: ErrorCode = ErrorCode(error_code::CANNOT_READ_HEADERS_PAYLOAD);
    pub const TOO_BIG_USER_HEADERS: ErrorCode = ErrorCode(error_code::TOO_BIG_USER_HEADERS);
    pub const INVALID_HEADER_KEY: ErrorCode = ErrorCode(error_code::INVALID_HEADER_KEY);
    pub const INVALID_HEADER_VALUE: ErrorCode = ErrorCode(error_code::INVALID_HEADER_VALUE);
    pub const CANNOT_READ_MESSAGE_LENGTH: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_LENGTH);
    pub const CANNOT_READ_MESSAGE_PAYLOAD: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_PAYLOAD);
    pub const TOO_BIG_MESSAGE_PAYLOAD: ErrorCode = ErrorCode(error_code::TOO_BIG_MESSAGE_PAYLOAD);
    pub const TOO_MANY_MESSAGES: ErrorCode = ErrorCode(error_code::TOO_MANY_MESSAGES);
    pub const EMPTY_MESSAGE_PAYLOAD: ErrorCode = ErrorCode(error_code::EMPTY_MESSAGE_PAYLOAD);
    pub const INVALID_MESSAGE_PAYLOAD_LENGTH: ErrorCode = ErrorCode(error_code::INVALID_MESSAGE_PAYLOAD_LENGTH);
    pub const CANNOT_READ_MESSAGE_CHECKSUM: ErrorCode = ErrorCode(error_code::CANNOT_READ_MESSAGE_CHECKSUM);
    pub const INVALID_MESSAGE_CHECKSUM: ErrorCode = ErrorCode(error_code::INVALID_MESSAGE_CHECKSUM);
    pub const INVALID_KEY_VALUE_LENGTH: ErrorCode = ErrorCode(error_code::INVALID_KEY_VALUE_LENGTH);
    pub const COMMAND_LENGTH_ERROR: ErrorCode = ErrorCode(error_code::COMMAND_LENGTH_ERROR);
    pub const INVALID_SEGMENTS_COUNT: ErrorCode = ErrorCode(error_code::INVALID_SEGMENTS_COUNT);
    pub const NON_ZERO_OFFSET: ErrorCode = ErrorCode(error_code::NON_ZERO_OFFSET);
    pub const NON_ZERO_TIMESTAMP: ErrorCode = ErrorCode(error_code::NON_ZERO_TIMESTAMP);
    pub const MISSING_INDEX: ErrorCode = ErrorCode(error_code::MISSING_INDEX);
    pub const INVALID_INDEXES_BYTE_SIZE: ErrorCode = ErrorCode(error_code::INVALID_INDEXES_BYTE_SIZE);
    pub const INVALID_INDEXES_COUNT: ErrorCode = ErrorCode(error_code::INVALID_INDEXES_COUNT);
    pub const INVALID_MESSAGES_SIZE: ErrorCode = ErrorCode(error_code::INVALID_MESSAGES_SIZE);
    pub const TOO_SMALL_MESSAGE: ErrorCode = ErrorCode(error_code::TOO_SMALL_MESSAGE);
    pub const INVALID_MESSAGE_TIMESTAMP_DELTA: ErrorCode = ErrorCode(error_code::INVALID_MESSAGE_TIMESTAMP_DELTA);
    pub const INVALID_BATCH_CHECKSUM: ErrorCode = ErrorCode(error_code::INVALID_BATCH_CHECKSUM);
    pub const INVALID_HEADER_KIND: ErrorCode = ErrorCode(error_code::INVALID_HEADER_KIND);
    pub const UNSUPPORTED_OPTION_KEY: ErrorCode = ErrorCode(error_code::UNSUPPORTED_OPTION_KEY);
    pub const INVALID_OPTION_VALUE: ErrorCode = ErrorCode(error_code::INVALID_OPTION_VALUE);
    pub const OPTIONS_BLOCK_TOO_LARGE: ErrorCode = ErrorCode(error_code::OPTIONS_BLOCK_TOO_LARGE);
    pub const CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION: ErrorCode = ErrorCode(error_code::CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION);
    pub const BACKGROUND_SEND_ERROR: ErrorCode = ErrorCode(error_code::BACKGROUND_SEND_ERROR);
    pub const BACKGROUND_SEND_TIMEOUT: ErrorCode = ErrorCode(error_code::BACKGROUND_SEND_TIMEOUT);
    pub const BACKGROUND_SEND_BUFFER_FULL: ErrorCode = ErrorCode(error_code::BACKGROUND_SEND_BUFFER_FULL);
    pub const BACKGROUND_WORKER_DISCONNECTED: ErrorCode = ErrorCode(error_code::BACKGROUND_WORKER_DISCONNECTED);
    pub const BACKGROUND_SEND_BUFFER_OVERFLOW: ErrorCode = ErrorCode(error_code::BACKGROUND_SEND_BUFFER_OVERFLOW);
    pub const PRODUCER_SEND_FAILED: ErrorCode = ErrorCode(error_code::PRODUCER_SEND_FAILED);
    pub const PRODUCER_CLOSED: ErrorCode = ErrorCode(error_code::PRODUCER_CLOSED);
    pub const INVALID_OFFSET: ErrorCode = ErrorCode(error_code::INVALID_OFFSET);
    pub const INVALID_RESERVED_FIELD: ErrorCode = ErrorCode(error_code::INVALID_RESERVED_FIELD);
    pub const SEGMENT_SIZE_MISMATCH_AT_OPEN: ErrorCode = ErrorCode(error_code::SEGMENT_SIZE_MISMATCH_AT_OPEN);
    pub const CONSUMER_GROUP_ID_NOT_FOUND: ErrorCode = ErrorCode(error_code::CONSUMER_GROUP_ID_NOT_FOUND);
    pub const INVALID_CONSUMER_GROUP_ID: ErrorCode = ErrorCode(error_code::INVALID_CONSUMER_GROUP_ID);
    pub const CONSUMER_GROUP_NAME_NOT_FOUND: ErrorCode = ErrorCode(error_code::CONSUMER_GROUP_NAME_NOT_FOUND);
    pub const CONSUMER_GROUP_NAME_ALREADY_EXISTS: ErrorCode = ErrorCode(error_code::CONSUMER_GROUP_NAME_ALREADY_EXISTS);
    pub const INVALID_CONSUMER_GROUP_NAME: ErrorCode = ErrorCode(error_code::INVALID_CONSUMER_GROUP_NAME);
    pub const CONSUMER_GROUP_MEMBER_NOT_FOUND: ErrorCode = ErrorCode(error_code::CONSUMER_GROUP_MEMBER_NOT_FOUND);
    pub const CANNOT_CREATE_CONSUMER_GROUP_INFO: ErrorCode = ErrorCode(error_code::CANNOT_CREATE_CONSUMER_GROUP_INFO);
    pub const CANNOT_DELETE_CONSUMER_GROUP_INFO: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_CONSUMER_GROUP_INFO);
    pub const CONSUMER_GROUP_PARTITION_NOT_OWNED: ErrorCode = ErrorCode(error_code::CONSUMER_GROUP_PARTITION_NOT_OWNED);
    pub const MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH: ErrorCode = ErrorCode(error_code::MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH);
    pub const MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH: ErrorCode = ErrorCode(error_code::MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH);
    pub const MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH: ErrorCode = ErrorCode(error_code::MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH);
    pub const MISSING_LENGTH_RETAINED_MESSAGE_BATCH: ErrorCode = ErrorCode(error_code::MISSING_LENGTH_RETAINED_MESSAGE_BATCH);
    pub const MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH: ErrorCode = ErrorCode(error_code::MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH);
    pub const CANNOT_READ_BATCH_BASE_OFFSET: ErrorCode = ErrorCode(error_code::CANNOT_READ_BATCH_BASE_OFFSET);
    pub const CANNOT_READ_BATCH_LENGTH: ErrorCode = ErrorCode(error_code::CANNOT_READ_BATCH_LENGTH);
    pub const CANNOT_READ_LAST_OFFSET_DELTA: ErrorCode = ErrorCode(error_code::CANNOT_READ_LAST_OFFSET_DELTA);
    pub const CANNOT_READ_MAX_TIMESTAMP: ErrorCode = ErrorCode(error_code::CANNOT_READ_MAX_TIMESTAMP);
    pub const CANNOT_READ_BATCH_PAYLOAD: ErrorCode = ErrorCode(error_code::CANNOT_READ_BATCH_PAYLOAD);
    pub const INVALID_CONNECTION_STRING: ErrorCode = ErrorCode(error_code::INVALID_CONNECTION_STRING);
    pub const SNAPSHOT_FILE_COMPLETION_FAILED: ErrorCode = ErrorCode(error_code::SNAPSHOT_FILE_COMPLETION_FAILED);
    pub const CANNOT_SERIALIZE_RESOURCE: ErrorCode = ErrorCode(error_code::CANNOT_SERIALIZE_RESOURCE);
    pub const CANNOT_DESERIALIZE_RESOURCE: ErrorCode = ErrorCode(error_code::CANNOT_DESERIALIZE_RESOURCE);
    pub const CANNOT_READ_FILE: ErrorCode = ErrorCode(error_code::CANNOT_READ_FILE);
    pub const CANNOT_READ_FILE_METADATA: ErrorCode = ErrorCode(error_code::CANNOT_READ_FILE_METADATA);
    pub const CANNOT_SEEK_FILE: ErrorCode = ErrorCode(error_code::CANNOT_SEEK_FILE);
    pub const CANNOT_APPEND_TO_FILE: ErrorCode = ErrorCode(error_code::CANNOT_APPEND_TO_FILE);
    pub const CANNOT_WRITE_TO_FILE: ErrorCode = ErrorCode(error_code::CANNOT_WRITE_TO_FILE);
    pub const CANNOT_OVERWRITE_FILE: ErrorCode = ErrorCode(error_code::CANNOT_OVERWRITE_FILE);
    pub const CANNOT_DELETE_FILE: ErrorCode = ErrorCode(error_code::CANNOT_DELETE_FILE);
    pub const CANNOT_SYNC_FILE: ErrorCode = ErrorCode(error_code::CANNOT_SYNC_FILE);
    pub const CANNOT_READ_INDEX_OFFSET: ErrorCode = ErrorCode(error_code::CANNOT_READ_INDEX_OFFSET);
    pub const CANNOT_READ_INDEX_POSITION: ErrorCode = ErrorCode(error_code::CANNOT_READ_INDEX_POSITION);
    pub const CANNOT_READ_INDEX_TIMESTAMP: ErrorCode = ErrorCode(error_code::CANNOT_READ_INDEX_TIMESTAMP);
    pub const TIMESTAMP_OUT_OF_RANGE: ErrorCode = ErrorCode(error_code::TIMESTAMP_OUT_OF_RANGE);
    pub const SHARD_NOT_FOUND: ErrorCode = ErrorCode(error_code::SHARD_NOT_FOUND);
    pub const SHARD_COMMUNICATION_ERROR: ErrorCode = ErrorCode(error_code::SHARD_COMMUNICATION_ERROR);
    pub const CANNOT_BIND_TO_SOCKET: ErrorCode = ErrorCode(error_code::CANNOT_BIND_TO_SOCKET);
    pub const TASK_TIMEOUT: ErrorCode = ErrorCode(error_code::TASK_TIMEOUT);
    pub const IO_ERROR: ErrorCode = ErrorCode(error_code::IO_ERROR);
    pub const ALREADY_AUTHENTICATED: ErrorCode = ErrorCode(error_code::ALREADY_AUTHENTICATED);
    pub const INVALID_SESSION: ErrorCode = ErrorCode(error_code::INVALID_SESSION);
    pub const INCOMPATIBLE_PROTOCOL_VERSION: ErrorCode = ErrorCode(error_code::INCOMPATIBLE_PROTOCOL_VERSION);

    /// The UPPER_SNAKE name (`STREAM_ID_NOT_FOUND`); `UNKNOWN` for a code the spec does not list.
    pub fn name(self) -> &'static str {
        match self.0 {
            error_code::ERROR => "ERROR",
            error_code::INVALID_CONFIGURATION => "INVALID_CONFIGURATION",
            error_code::INVALID_COMMAND => "INVALID_COMMAND",
            error_code::INVALID_FORMAT => "INVALID_FORMAT",
            error_code::FEATURE_UNAVAILABLE => "FEATURE_UNAVAILABLE",
            error_code::INVALID_IDENTIFIER => "INVALID_IDENTIFIER",
            error_code::INVALID_VERSION => "INVALID_VERSION",
            error_code::DISCONNECTED => "DISCONNECTED",
            error_code::CANNOT_ESTABLISH_CONNECTION => "CANNOT_ESTABLISH_CONNECTION",
            error_code::CANNOT_CREATE_BASE_DIRECTORY => "CANNOT_CREATE_BASE_DIRECTORY",
            error_code::CANNOT_CREATE_RUNTIME_DIRECTORY => "CANNOT_CREATE_RUNTIME_DIRECTORY",
            error_code::CANNOT_REMOVE_RUNTIME_DIRECTORY => "CANNOT_REMOVE_RUNTIME_DIRECTORY",
            error_code::CANNOT_CREATE_STATE_DIRECTORY => "CANNOT_CREATE_STATE_DIRECTORY",
            error_code::STATE_FILE_NOT_FOUND => "STATE_FILE_NOT_FOUND",
            error_code::STATE_FILE_CORRUPTED => "STATE_FILE_CORRUPTED",
            error_code::INVALID_STATE_ENTRY_CHECKSUM => "INVALID_STATE_ENTRY_CHECKSUM",
            error_code::CANNOT_OPEN_DATABASE => "CANNOT_OPEN_DATABASE",
            error_code::RESOURCE_NOT_FOUND => "RESOURCE_NOT_FOUND",
            error_code::CANNOT_CLOSE_WEB_SOCKET_CONNECTION => "CANNOT_CLOSE_WEB_SOCKET_CONNECTION",
            error_code::STALE_CLIENT => "STALE_CLIENT",
            error_code::TCP_ERROR => "TCP_ERROR",
            error_code::QUIC_ERROR => "QUIC_ERROR",
            error_code::INVALID_SERVER_ADDRESS => "INVALID_SERVER_ADDRESS",
            error_code::INVALID_CLIENT_ADDRESS => "INVALID_CLIENT_ADDRESS",
            error_code::INVALID_IP_ADDRESS => "INVALID_IP_ADDRESS",
            error_code::HTTP_ERROR => "HTTP_ERROR",
            error_code::INVALID_API_URL => "INVALID_API_URL",
            error_code::UNAUTHENTICATED => "UNAUTHENTICATED",
            error_code::UNAUTHORIZED => "UNAUTHORIZED",
            error_code::INVALID_CREDENTIALS => "INVALID_CREDENTIALS",
            error_code::INVALID_USERNAME => "INVALID_USERNAME",
            error_code::INVALID_PASSWORD => "INVALID_PASSWORD",
            error_code::INVALID_USER_STATUS => "INVALID_USER_STATUS",
            error_code::USER_ALREADY_EXISTS => "USER_ALREADY_EXISTS",
            error_code::USER_INACTIVE => "USER_INACTIVE",
            error_code::CANNOT_DELETE_USER => "CANNOT_DELETE_USER",
            error_code::CANNOT_CHANGE_PERMISSIONS => "CANNOT_CHANGE_PERMISSIONS",
            error_code::INVALID_PERSONAL_ACCESS_TOKEN_NAME => "INVALID_PERSONAL_ACCESS_TOKEN_NAME",
            error_code::PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS => "PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS",
            error_code::PERSONAL_ACCESS_TOKENS_LIMIT_REACHED => "PERSONAL_ACCESS_TOKENS_LIMIT_REACHED",
            error_code::INVALID_PERSONAL_ACCESS_TOKEN => "INVALID_PERSONAL_ACCESS_TOKEN",
            error_code::PERSONAL_ACCESS_TOKEN_EXPIRED => "PERSONAL_ACCESS_TOKEN_EXPIRED",
            error_code::USERS_LIMIT_REACHED => "USERS_LIMIT_REACHED",
            error_code::INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY => "INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY",
            error_code::TRANSIENT_NOT_COMMITTED => "TRANSIENT_NOT_COMMITTED",
            error_code::TRANSIENT_NOT_ACCEPTED => "TRANSIENT_NOT_ACCEPTED",
            error_code::REQUEST_ALREADY_APPLIED => "REQUEST_ALREADY_APPLIED",
            error_code::NOT_CONNECTED => "NOT_CONNECTED",
            error_code::CLIENT_SHUTDOWN => "CLIENT_SHUTDOWN",
            error_code::INVALID_TLS_DOMAIN => "INVALID_TLS_DOMAIN",
            error_code::INVALID_TLS_CERTIFICATE_PATH => "INVALID_TLS_CERTIFICATE_PATH",
            error_code::INVALID_TLS_CERTIFICATE => "INVALID_TLS_CERTIFICATE",
            error_code::FAILED_TO_ADD_CERTIFICATE => "FAILED_TO_ADD_CERTIFICATE",
            error_code::INVALID_ENCRYPTION_KEY => "INVALID_ENCRYPTION_KEY",
            error_code::CANNOT_ENCRYPT_DATA => "CANNOT_ENCRYPT_DATA",
            error_code::CANNOT_DECRYPT_DATA => "CANNOT_DECRYPT_DATA",
            error_code::INVALID_JWT_ALGORITHM => "INVALID_JWT_ALGORITHM",
            error_code::INVALID_JWT_SECRET => "INVALID_JWT_SECRET",
            error_code::JWT_MISSING => "JWT_MISSING",
            error_code::CANNOT_GENERATE_JWT => "CANNOT_GENERATE_JWT",
            error_code::ACCESS_TOKEN_MISSING => "ACCESS_TOKEN_MISSING",
            error_code::INVALID_ACCESS_TOKEN => "INVALID_ACCESS_TOKEN",
            error_code::CANNOT_FETCH_JWKS => "CANNOT_FETCH_JWKS",
            error_code::INVALID_SIZE_BYTES => "INVALID_SIZE_BYTES",
            error_code::INVALID_UTF8 => "INVALID_UTF8",
            error_code::INVALID_NUMBER_ENCODING => "INVALID_NUMBER_ENCODING",
            error_code::INVALID_BOOLEAN_VALUE => "INVALID_BOOLEAN_VALUE",
            error_code::INVALID_NUMBER_VALUE => "INVALID_NUMBER_VALUE",
            error_code::CLIENT_NOT_FOUND => "CLIENT_NOT_FOUND",
            error_code::INVALID_CLIENT_ID => "INVALID_CLIENT_ID",
            error_code::CONNECTION_CLOSED => "CONNECTION_CLOSED",
            error_code::CANNOT_PARSE_HEADER_KIND => "CANNOT_PARSE_HEADER_KIND",
            error_code::HTTP_RESPONSE_ERROR => "HTTP_RESPONSE_ERROR",
            error_code::INVALID_HTTP_REQUEST => "INVALID_HTTP_REQUEST",
            error_code::INVALID_JSON_RESPONSE => "INVALID_JSON_RESPONSE",
            error_code::INVALID_BYTES_RESPONSE => "INVALID_BYTES_RESPONSE",
            error_code::EMPTY_RESPONSE => "EMPTY_RESPONSE",
            error_code::CANNOT_CREATE_ENDPOINT => "CANNOT_CREATE_ENDPOINT",
            error_code::CANNOT_PARSE_URL => "CANNOT_PARSE_URL",
            error_code::WEB_SOCKET_ERROR => "WEB_SOCKET_ERROR",
            error_code::WEB_SOCKET_CONNECTION_ERROR => "WEB_SOCKET_CONNECTION_ERROR",
            error_code::WEB_SOCKET_CLOSE_ERROR => "WEB_SOCKET_CLOSE_ERROR",
            error_code::WEB_SOCKET_RECEIVE_ERROR => "WEB_SOCKET_RECEIVE_ERROR",
            error_code::WEB_SOCKET_SEND_ERROR => "WEB_SOCKET_SEND_ERROR",
            error_code::CANNOT_CREATE_STREAMS_DIRECTORY => "CANNOT_CREATE_STREAMS_DIRECTORY",
            error_code::CANNOT_CREATE_STREAM_DIRECTORY => "CANNOT_CREATE_STREAM_DIRECTORY",
            error_code::CANNOT_CREATE_STREAM_INFO => "CANNOT_CREATE_STREAM_INFO",
            error_code::CANNOT_UPDATE_STREAM_INFO => "CANNOT_UPDATE_STREAM_INFO",
            error_code::CANNOT_OPEN_STREAM_INFO => "CANNOT_OPEN_STREAM_INFO",
            error_code::CANNOT_READ_STREAM_INFO => "CANNOT_READ_STREAM_INFO",
            error_code::CANNOT_CREATE_STREAM => "CANNOT_CREATE_STREAM",
            error_code::CANNOT_DELETE_STREAM => "CANNOT_DELETE_STREAM",
            error_code::CANNOT_DELETE_STREAM_DIRECTORY => "CANNOT_DELETE_STREAM_DIRECTORY",
            error_code::STREAM_ID_NOT_FOUND => "STREAM_ID_NOT_FOUND",
            error_code::STREAM_NAME_NOT_FOUND => "STREAM_NAME_NOT_FOUND",
            error_code::STREAM_DIRECTORY_NOT_FOUND => "STREAM_DIRECTORY_NOT_FOUND",
            error_code::STREAM_NAME_ALREADY_EXISTS => "STREAM_NAME_ALREADY_EXISTS",
            error_code::INVALID_STREAM_NAME => "INVALID_STREAM_NAME",
            error_code::INVALID_STREAM_ID => "INVALID_STREAM_ID",
            error_code::CANNOT_READ_STREAMS => "CANNOT_READ_STREAMS",
            error_code::INVALID_TOPIC_SIZE => "INVALID_TOPIC_SIZE",
            error_code::TOO_MANY_STREAMS => "TOO_MANY_STREAMS",
            error_code::CANNOT_CREATE_TOPICS_DIRECTORY => "CANNOT_CREATE_TOPICS_DIRECTORY",
            error_code::CANNOT_CREATE_TOPIC_DIRECTORY => "CANNOT_CREATE_TOPIC_DIRECTORY",
            error_code::CANNOT_CREATE_TOPIC_INFO => "CANNOT_CREATE_TOPIC_INFO",
            error_code::CANNOT_UPDATE_TOPIC_INFO => "CANNOT_UPDATE_TOPIC_INFO",
            error_code::CANNOT_OPEN_TOPIC_INFO => "CANNOT_OPEN_TOPIC_INFO",
            error_code::CANNOT_READ_TOPIC_INFO => "CANNOT_READ_TOPIC_INFO",
            error_code::CANNOT_CREATE_TOPIC => "CANNOT_CREATE_TOPIC",
            error_code::CANNOT_DELETE_TOPIC => "CANNOT_DELETE_TOPIC",
            error_code::CANNOT_DELETE_TOPIC_DIRECTORY => "CANNOT_DELETE_TOPIC_DIRECTORY",
            error_code::CANNOT_POLL_TOPIC => "CANNOT_POLL_TOPIC",
            error_code::TOPIC_ID_NOT_FOUND => "TOPIC_ID_NOT_FOUND",
            error_code::TOPIC_NAME_NOT_FOUND => "TOPIC_NAME_NOT_FOUND",
            error_code::TOPIC_NAME_ALREADY_EXISTS => "TOPIC_NAME_ALREADY_EXISTS",
            error_code::INVALID_TOPIC_NAME => "INVALID_TOPIC_NAME",
            error_code::TOO_MANY_PARTITIONS => "TOO_MANY_PARTITIONS",
            error_code::INVALID_TOPIC_ID => "INVALID_TOPIC_ID",
            error_code::CANNOT_READ_TOPICS => "CANNOT_READ_TOPICS",
            error_code::INVALID_REPLICATION_FACTOR => "INVALID_REPLICATION_FACTOR",
            error_code::INVALID_PARTITIONS_COUNT => "INVALID_PARTITIONS_COUNT",
            error_code::TOPIC_DIRECTORY_NOT_FOUND => "TOPIC_DIRECTORY_NOT_FOUND",
            error_code::TOO_MANY_TOPICS => "TOO_MANY_TOPICS",
            error_code::CANNOT_CREATE_PARTITION => "CANNOT_CREATE_PARTITION",
            error_code::CANNOT_CREATE_PARTITIONS_DIRECTORY => "CANNOT_CREATE_PARTITIONS_DIRECTORY",
            error_code::CANNOT_CREATE_PARTITION_DIRECTORY => "CANNOT_CREATE_PARTITION_DIRECTORY",
            error_code::CANNOT_OPEN_PARTITION_LOG_FILE => "CANNOT_OPEN_PARTITION_LOG_FILE",
            error_code::CANNOT_READ_PARTITIONS => "CANNOT_READ_PARTITIONS",
            error_code::CANNOT_DELETE_PARTITION => "CANNOT_DELETE_PARTITION",
            error_code::CANNOT_DELETE_PARTITION_DIRECTORY => "CANNOT_DELETE_PARTITION_DIRECTORY",
            error_code::PARTITION_NOT_FOUND => "PARTITION_NOT_FOUND",
            error_code::NO_PARTITIONS => "NO_PARTITIONS",
            error_code::TOPIC_FULL => "TOPIC_FULL",
            error_code::CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY => "CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY",
            error_code::CANNOT_DELETE_CONSUMER_OFFSET_FILE => "CANNOT_DELETE_CONSUMER_OFFSET_FILE",
            error_code::CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY => "CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY",
            error_code::PARTITION_ID_SPACE_EXHAUSTED => "PARTITION_ID_SPACE_EXHAUSTED",
            error_code::CANNOT_READ_CONSUMER_OFFSETS => "CANNOT_READ_CONSUMER_OFFSETS",
            error_code::CONSUMER_OFFSET_NOT_FOUND => "CONSUMER_OFFSET_NOT_FOUND",
            error_code::NOT_RESOLVED_CONSUMER => "NOT_RESOLVED_CONSUMER",
            error_code::CANNOT_OPEN_CONSUMER_OFFSETS_FILE => "CANNOT_OPEN_CONSUMER_OFFSETS_FILE",
            error_code::TOO_MANY_CONSUMER_OFFSETS => "TOO_MANY_CONSUMER_OFFSETS",
            error_code::SEGMENT_NOT_FOUND => "SEGMENT_NOT_FOUND",
            error_code::SEGMENT_CLOSED => "SEGMENT_CLOSED",
            error_code::INVALID_SEGMENT_SIZE => "INVALID_SEGMENT_SIZE",
            error_code::CANNOT_CREATE_SEGMENT_LOG_FILE => "CANNOT_CREATE_SEGMENT_LOG_FILE",
            error_code::CANNOT_CREATE_SEGMENT_INDEX_FILE => "CANNOT_CREATE_SEGMENT_INDEX_FILE",
            error_code::CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE => "CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE",
            error_code::CANNOT_SAVE_MESSAGES_TO_SEGMENT => "CANNOT_SAVE_MESSAGES_TO_SEGMENT",
            error_code::CANNOT_SAVE_INDEX_TO_SEGMENT => "CANNOT_SAVE_INDEX_TO_SEGMENT",
            error_code::CANNOT_SAVE_TIME_INDEX_TO_SEGMENT => "CANNOT_SAVE_TIME_INDEX_TO_SEGMENT",
            error_code::INVALID_MESSAGES_COUNT => "INVALID_MESSAGES_COUNT",
            error_code::CANNOT_APPEND_MESSAGE => "CANNOT_APPEND_MESSAGE",
            error_code::CANNOT_READ_MESSAGE => "CANNOT_READ_MESSAGE",
            error_code::CANNOT_READ_MESSAGE_ID => "CANNOT_READ_MESSAGE_ID",
            error_code::CANNOT_READ_MESSAGE_STATE => "CANNOT_READ_MESSAGE_STATE",
            error_code::CANNOT_READ_MESSAGE_TIMESTAMP => "CANNOT_READ_MESSAGE_TIMESTAMP",
            error_code::CANNOT_READ_HEADERS_LENGTH => "CANNOT_READ_HEADERS_LENGTH",
            error_code::CANNOT_READ_HEADERS_PAYLOAD => "CANNOT_READ_HEADERS_PAYLOAD",
            error_code::TOO_BIG_USER_HEADERS => "TOO_BIG_USER_HEADERS",
            error_code::INVALID_HEADER_KEY => "INVALID_HEADER_KEY",
            error_code::INVALID_HEADER_VALUE => "INVALID_HEADER_VALUE",
            error_code::CANNOT_READ_MESSAGE_LENGTH => "CANNOT_READ_MESSAGE_LENGTH",
            error_code::CANNOT_READ_MESSAGE_PAYLOAD => "CANNOT_READ_MESSAGE_PAYLOAD",
            error_code::TOO_BIG_MESSAGE_PAYLOAD => "TOO_BIG_MESSAGE_PAYLOAD",
            error_code::TOO_MANY_MESSAGES => "TOO_MANY_MESSAGES",
            error_code::EMPTY_MESSAGE_PAYLOAD => "EMPTY_MESSAGE_PAYLOAD",
            error_code::INVALID_MESSAGE_PAYLOAD_LENGTH => "INVALID_MESSAGE_PAYLOAD_LENGTH",
            error_code::CANNOT_READ_MESSAGE_CHECKSUM => "CANNOT_READ_MESSAGE_CHECKSUM",
            error_code::INVALID_MESSAGE_CHECKSUM => "INVALID_MESSAGE_CHECKSUM",
            error_code::INVALID_KEY_VALUE_LENGTH => "INVALID_KEY_VALUE_LENGTH",
            error_code::COMMAND_LENGTH_ERROR => "COMMAND_LENGTH_ERROR",
            error_code::INVALID_SEGMENTS_COUNT => "INVALID_SEGMENTS_COUNT",
            error_code::NON_ZERO_OFFSET => "NON_ZERO_OFFSET",
            error_code::NON_ZERO_TIMESTAMP => "NON_ZERO_TIMESTAMP",
            error_code::MISSING_INDEX => "MISSING_INDEX",
            error_code::INVALID_INDEXES_BYTE_SIZE => "INVALID_INDEXES_BYTE_SIZE",
            error_code::INVALID_INDEXES_COUNT => "INVALID_INDEXES_COUNT",
            error_code::INVALID_MESSAGES_SIZE => "INVALID_MESSAGES_SIZE",
            error_code::TOO_SMALL_MESSAGE => "TOO_SMALL_MESSAGE",
            error_code::INVALID_MESSAGE_TIMESTAMP_DELTA => "INVALID_MESSAGE_TIMESTAMP_DELTA",
            error_code::INVALID_BATCH_CHECKSUM => "INVALID_BATCH_CHECKSUM",
            error_code::INVALID_HEADER_KIND => "INVALID_HEADER_KIND",
            error_code::UNSUPPORTED_OPTION_KEY => "UNSUPPORTED_OPTION_KEY",
            error_code::INVALID_OPTION_VALUE => "INVALID_OPTION_VALUE",
            error_code::OPTIONS_BLOCK_TOO_LARGE => "OPTIONS_BLOCK_TOO_LARGE",
            error_code::CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION => "CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION",
            error_code::BACKGROUND_SEND_ERROR => "BACKGROUND_SEND_ERROR",
            error_code::BACKGROUND_SEND_TIMEOUT => "BACKGROUND_SEND_TIMEOUT",
            error_code::BACKGROUND_SEND_BUFFER_FULL => "BACKGROUND_SEND_BUFFER_FULL",
            error_code::BACKGROUND_WORKER_DISCONNECTED => "BACKGROUND_WORKER_DISCONNECTED",
            error_code::BACKGROUND_SEND_BUFFER_OVERFLOW => "BACKGROUND_SEND_BUFFER_OVERFLOW",
            error_code::PRODUCER_SEND_FAILED => "PRODUCER_SEND_FAILED",
            error_code::PRODUCER_CLOSED => "PRODUCER_CLOSED",
            error_code::INVALID_OFFSET => "INVALID_OFFSET",
            error_code::INVALID_RESERVED_FIELD => "INVALID_RESERVED_FIELD",
            error_code::SEGMENT_SIZE_MISMATCH_AT_OPEN => "SEGMENT_SIZE_MISMATCH_AT_OPEN",
            error_code::CONSUMER_GROUP_ID_NOT_FOUND => "CONSUMER_GROUP_ID_NOT_FOUND",
            error_code::INVALID_CONSUMER_GROUP_ID => "INVALID_CONSUMER_GROUP_ID",
            error_code::CONSUMER_GROUP_NAME_NOT_FOUND => "CONSUMER_GROUP_NAME_NOT_FOUND",
            error_code::CONSUMER_GROUP_NAME_ALREADY_EXISTS => "CONSUMER_GROUP_NAME_ALREADY_EXISTS",
            error_code::INVALID_CONSUMER_GROUP_NAME => "INVALID_CONSUMER_GROUP_NAME",
            error_code::CONSUMER_GROUP_MEMBER_NOT_FOUND => "CONSUMER_GROUP_MEMBER_NOT_FOUND",
            error_code::CANNOT_CREATE_CONSUMER_GROUP_INFO => "CANNOT_CREATE_CONSUMER_GROUP_INFO",
            error_code::CANNOT_DELETE_CONSUMER_GROUP_INFO => "CANNOT_DELETE_CONSUMER_GROUP_INFO",
            error_code::CONSUMER_GROUP_PARTITION_NOT_OWNED => "CONSUMER_GROUP_PARTITION_NOT_OWNED",
            error_code::MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH => "MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH",
            error_code::MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH => "MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH",
            error_code::MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH => "MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH",
            error_code::MISSING_LENGTH_RETAINED_MESSAGE_BATCH => "MISSING_LENGTH_RETAINED_MESSAGE_BATCH",
            error_code::MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH => "MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH",
            error_code::CANNOT_READ_BATCH_BASE_OFFSET => "CANNOT_READ_BATCH_BASE_OFFSET",
            error_code::CANNOT_READ_BATCH_LENGTH => "CANNOT_READ_BATCH_LENGTH",
            error_code::CANNOT_READ_LAST_OFFSET_DELTA => "CANNOT_READ_LAST_OFFSET_DELTA",
            error_code::CANNOT_READ_MAX_TIMESTAMP => "CANNOT_READ_MAX_TIMESTAMP",
            error_code::CANNOT_READ_BATCH_PAYLOAD => "CANNOT_READ_BATCH_PAYLOAD",
            error_code::INVALID_CONNECTION_STRING => "INVALID_CONNECTION_STRING",
            error_code::SNAPSHOT_FILE_COMPLETION_FAILED => "SNAPSHOT_FILE_COMPLETION_FAILED",
            error_code::CANNOT_SERIALIZE_RESOURCE => "CANNOT_SERIALIZE_RESOURCE",
            error_code::CANNOT_DESERIALIZE_RESOURCE => "CANNOT_DESERIALIZE_RESOURCE",
            error_code::CANNOT_READ_FILE => "CANNOT_READ_FILE",
            error_code::CANNOT_READ_FILE_METADATA => "CANNOT_READ_FILE_METADATA",
            error_code::CANNOT_SEEK_FILE => "CANNOT_SEEK_FILE",
            error_code::CANNOT_APPEND_TO_FILE => "CANNOT_APPEND_TO_FILE",
            error_code::CANNOT_WRITE_TO_FILE => "CANNOT_WRITE_TO_FILE",
            error_code::CANNOT_OVERWRITE_FILE => "CANNOT_OVERWRITE_FILE",
            error_code::CANNOT_DELETE_FILE => "CANNOT_DELETE_FILE",
            error_code::CANNOT_SYNC_FILE => "CANNOT_SYNC_FILE",
            error_code::CANNOT_READ_INDEX_OFFSET => "CANNOT_READ_INDEX_OFFSET",
            error_code::CANNOT_READ_INDEX_POSITION => "CANNOT_READ_INDEX_POSITION",
            error_code::CANNOT_READ_INDEX_TIMESTAMP => "CANNOT_READ_INDEX_TIMESTAMP",
            error_code::TIMESTAMP_OUT_OF_RANGE => "TIMESTAMP_OUT_OF_RANGE",
            error_code::SHARD_NOT_FOUND => "SHARD_NOT_FOUND",
            error_code::SHARD_COMMUNICATION_ERROR => "SHARD_COMMUNICATION_ERROR",
            error_code::CANNOT_BIND_TO_SOCKET => "CANNOT_BIND_TO_SOCKET",
            error_code::TASK_TIMEOUT => "TASK_TIMEOUT",
            error_code::IO_ERROR => "IO_ERROR",
            error_code::ALREADY_AUTHENTICATED => "ALREADY_AUTHENTICATED",
            error_code::INVALID_SESSION => "INVALID_SESSION",
            error_code::INCOMPATIBLE_PROTOCOL_VERSION => "INCOMPATIBLE_PROTOCOL_VERSION",
            _ => "UNKNOWN",
        }
    }

    /// The server's message text for this code ('…' stands for a runtime value, see `params`).
    pub fn message(self) -> Option<&'static str> {
        error_code::message(self.0)
    }

    /// What a caller branches on; `ErrorKind::Unknown` for a code the spec does not list.
    pub fn kind(self) -> ErrorKind {
        match self.0 {
            error_code::RESOURCE_NOT_FOUND | error_code::CLIENT_NOT_FOUND | error_code::STREAM_ID_NOT_FOUND | error_code::STREAM_NAME_NOT_FOUND | error_code::TOPIC_ID_NOT_FOUND | error_code::TOPIC_NAME_NOT_FOUND | error_code::PARTITION_NOT_FOUND | error_code::CONSUMER_OFFSET_NOT_FOUND | error_code::NOT_RESOLVED_CONSUMER | error_code::SEGMENT_NOT_FOUND | error_code::CONSUMER_GROUP_ID_NOT_FOUND | error_code::CONSUMER_GROUP_NAME_NOT_FOUND | error_code::CONSUMER_GROUP_MEMBER_NOT_FOUND => ErrorKind::NotFound,
            error_code::USER_ALREADY_EXISTS | error_code::PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS | error_code::STREAM_NAME_ALREADY_EXISTS | error_code::TOPIC_NAME_ALREADY_EXISTS | error_code::CONSUMER_GROUP_NAME_ALREADY_EXISTS => ErrorKind::AlreadyExists,
            error_code::UNAUTHENTICATED | error_code::JWT_MISSING | error_code::ACCESS_TOKEN_MISSING | error_code::INVALID_ACCESS_TOKEN => ErrorKind::Unauthenticated,
            error_code::INVALID_CREDENTIALS | error_code::USER_INACTIVE | error_code::INVALID_PERSONAL_ACCESS_TOKEN | error_code::PERSONAL_ACCESS_TOKEN_EXPIRED => ErrorKind::InvalidCredentials,
            error_code::UNAUTHORIZED => ErrorKind::Unauthorized,
            error_code::INVALID_FORMAT | error_code::INVALID_IDENTIFIER | error_code::INVALID_USERNAME | error_code::INVALID_PASSWORD | error_code::INVALID_USER_STATUS | error_code::INVALID_PERSONAL_ACCESS_TOKEN_NAME | error_code::INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY | error_code::INVALID_SIZE_BYTES | error_code::INVALID_UTF8 | error_code::INVALID_NUMBER_ENCODING | error_code::INVALID_BOOLEAN_VALUE | error_code::INVALID_NUMBER_VALUE | error_code::INVALID_CLIENT_ID | error_code::CANNOT_PARSE_HEADER_KIND | error_code::INVALID_HTTP_REQUEST | error_code::INVALID_STREAM_NAME | error_code::INVALID_STREAM_ID | error_code::INVALID_TOPIC_SIZE | error_code::INVALID_TOPIC_NAME | error_code::INVALID_TOPIC_ID | error_code::INVALID_REPLICATION_FACTOR | error_code::INVALID_PARTITIONS_COUNT | error_code::INVALID_SEGMENT_SIZE | error_code::INVALID_MESSAGES_COUNT | error_code::CANNOT_READ_MESSAGE | error_code::CANNOT_READ_MESSAGE_ID | error_code::CANNOT_READ_MESSAGE_STATE | error_code::CANNOT_READ_MESSAGE_TIMESTAMP | error_code::CANNOT_READ_HEADERS_LENGTH | error_code::CANNOT_READ_HEADERS_PAYLOAD | error_code::TOO_BIG_USER_HEADERS | error_code::INVALID_HEADER_KEY | error_code::INVALID_HEADER_VALUE | error_code::CANNOT_READ_MESSAGE_LENGTH | error_code::CANNOT_READ_MESSAGE_PAYLOAD | error_code::TOO_BIG_MESSAGE_PAYLOAD | error_code::TOO_MANY_MESSAGES | error_code::EMPTY_MESSAGE_PAYLOAD | error_code::INVALID_MESSAGE_PAYLOAD_LENGTH | error_code::CANNOT_READ_MESSAGE_CHECKSUM | error_code::INVALID_MESSAGE_CHECKSUM | error_code::INVALID_KEY_VALUE_LENGTH | error_code::COMMAND_LENGTH_ERROR | error_code::INVALID_SEGMENTS_COUNT | error_code::NON_ZERO_OFFSET | error_code::NON_ZERO_TIMESTAMP | error_code::MISSING_INDEX | error_code::INVALID_INDEXES_BYTE_SIZE | error_code::INVALID_INDEXES_COUNT | error_code::INVALID_MESSAGES_SIZE | error_code::TOO_SMALL_MESSAGE | error_code::INVALID_MESSAGE_TIMESTAMP_DELTA | error_code::INVALID_BATCH_CHECKSUM | error_code::INVALID_HEADER_KIND | error_code::UNSUPPORTED_OPTION_KEY | error_code::INVALID_OPTION_VALUE | error_code::OPTIONS_BLOCK_TOO_LARGE | error_code::INVALID_OFFSET | error_code::INVALID_RESERVED_FIELD | error_code::INVALID_CONSUMER_GROUP_ID | error_code::INVALID_CONSUMER_GROUP_NAME | error_code::TIMESTAMP_OUT_OF_RANGE => ErrorKind::InvalidInput,
            error_code::PERSONAL_ACCESS_TOKENS_LIMIT_REACHED | error_code::USERS_LIMIT_REACHED | error_code::TOO_MANY_STREAMS | error_code::TOO_MANY_PARTITIONS | error_code::TOO_MANY_TOPICS | error_code::TOPIC_FULL | error_code::PARTITION_ID_SPACE_EXHAUSTED | error_code::TOO_MANY_CONSUMER_OFFSETS | error_code::BACKGROUND_SEND_BUFFER_OVERFLOW => ErrorKind::LimitExceeded,
            error_code::CANNOT_DELETE_USER | error_code::CANNOT_CHANGE_PERMISSIONS | error_code::NO_PARTITIONS | error_code::SEGMENT_CLOSED | error_code::CONSUMER_GROUP_PARTITION_NOT_OWNED => ErrorKind::Conflict,
            error_code::TRANSIENT_NOT_COMMITTED | error_code::TRANSIENT_NOT_ACCEPTED | error_code::BACKGROUND_SEND_TIMEOUT | error_code::BACKGROUND_SEND_BUFFER_FULL | error_code::TASK_TIMEOUT => ErrorKind::Transient,
            error_code::STALE_CLIENT | error_code::REQUEST_ALREADY_APPLIED | error_code::ALREADY_AUTHENTICATED | error_code::INVALID_SESSION => ErrorKind::Session,
            error_code::DISCONNECTED | error_code::CANNOT_ESTABLISH_CONNECTION | error_code::CANNOT_CLOSE_WEB_SOCKET_CONNECTION | error_code::TCP_ERROR | error_code::QUIC_ERROR | error_code::HTTP_ERROR | error_code::NOT_CONNECTED | error_code::CANNOT_FETCH_JWKS | error_code::CONNECTION_CLOSED | error_code::HTTP_RESPONSE_ERROR | error_code::WEB_SOCKET_ERROR | error_code::WEB_SOCKET_CONNECTION_ERROR | error_code::WEB_SOCKET_CLOSE_ERROR | error_code::WEB_SOCKET_RECEIVE_ERROR | error_code::WEB_SOCKET_SEND_ERROR | error_code::CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION | error_code::BACKGROUND_WORKER_DISCONNECTED => ErrorKind::Unavailable,
            error_code::CLIENT_SHUTDOWN | error_code::PRODUCER_CLOSED => ErrorKind::Closed,
            error_code::INVALID_COMMAND | error_code::FEATURE_UNAVAILABLE | error_code::INVALID_VERSION | error_code::INVALID_JSON_RESPONSE | error_code::INVALID_BYTES_RESPONSE | error_code::EMPTY_RESPONSE | error_code::INCOMPATIBLE_PROTOCOL_VERSION => ErrorKind::Unsupported,
            error_code::INVALID_CONFIGURATION | error_code::INVALID_SERVER_ADDRESS | error_code::INVALID_CLIENT_ADDRESS | error_code::INVALID_IP_ADDRESS | error_code::INVALID_API_URL | error_code::INVALID_TLS_DOMAIN | error_code::INVALID_TLS_CERTIFICATE_PATH | error_code::INVALID_TLS_CERTIFICATE | error_code::FAILED_TO_ADD_CERTIFICATE | error_code::INVALID_ENCRYPTION_KEY | error_code::INVALID_JWT_ALGORITHM | error_code::INVALID_JWT_SECRET | error_code::CANNOT_CREATE_ENDPOINT | error_code::CANNOT_PARSE_URL | error_code::INVALID_CONNECTION_STRING | error_code::CANNOT_BIND_TO_SOCKET => ErrorKind::Config,
            error_code::ERROR | error_code::CANNOT_CREATE_BASE_DIRECTORY | error_code::CANNOT_CREATE_RUNTIME_DIRECTORY | error_code::CANNOT_REMOVE_RUNTIME_DIRECTORY | error_code::CANNOT_CREATE_STATE_DIRECTORY | error_code::STATE_FILE_NOT_FOUND | error_code::STATE_FILE_CORRUPTED | error_code::INVALID_STATE_ENTRY_CHECKSUM | error_code::CANNOT_OPEN_DATABASE | error_code::CANNOT_ENCRYPT_DATA | error_code::CANNOT_DECRYPT_DATA | error_code::CANNOT_GENERATE_JWT | error_code::CANNOT_CREATE_STREAMS_DIRECTORY | error_code::CANNOT_CREATE_STREAM_DIRECTORY | error_code::CANNOT_CREATE_STREAM_INFO | error_code::CANNOT_UPDATE_STREAM_INFO | error_code::CANNOT_OPEN_STREAM_INFO | error_code::CANNOT_READ_STREAM_INFO | error_code::CANNOT_CREATE_STREAM | error_code::CANNOT_DELETE_STREAM | error_code::CANNOT_DELETE_STREAM_DIRECTORY | error_code::STREAM_DIRECTORY_NOT_FOUND | error_code::CANNOT_READ_STREAMS | error_code::CANNOT_CREATE_TOPICS_DIRECTORY | error_code::CANNOT_CREATE_TOPIC_DIRECTORY | error_code::CANNOT_CREATE_TOPIC_INFO | error_code::CANNOT_UPDATE_TOPIC_INFO | error_code::CANNOT_OPEN_TOPIC_INFO | error_code::CANNOT_READ_TOPIC_INFO | error_code::CANNOT_CREATE_TOPIC | error_code::CANNOT_DELETE_TOPIC | error_code::CANNOT_DELETE_TOPIC_DIRECTORY | error_code::CANNOT_POLL_TOPIC | error_code::CANNOT_READ_TOPICS | error_code::TOPIC_DIRECTORY_NOT_FOUND | error_code::CANNOT_CREATE_PARTITION | error_code::CANNOT_CREATE_PARTITIONS_DIRECTORY | error_code::CANNOT_CREATE_PARTITION_DIRECTORY | error_code::CANNOT_OPEN_PARTITION_LOG_FILE | error_code::CANNOT_READ_PARTITIONS | error_code::CANNOT_DELETE_PARTITION | error_code::CANNOT_DELETE_PARTITION_DIRECTORY | error_code::CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY | error_code::CANNOT_DELETE_CONSUMER_OFFSET_FILE | error_code::CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY | error_code::CANNOT_READ_CONSUMER_OFFSETS | error_code::CANNOT_OPEN_CONSUMER_OFFSETS_FILE | error_code::CANNOT_CREATE_SEGMENT_LOG_FILE | error_code::CANNOT_CREATE_SEGMENT_INDEX_FILE | error_code::CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE | error_code::CANNOT_SAVE_MESSAGES_TO_SEGMENT | error_code::CANNOT_SAVE_INDEX_TO_SEGMENT | error_code::CANNOT_SAVE_TIME_INDEX_TO_SEGMENT | error_code::CANNOT_APPEND_MESSAGE | error_code::BACKGROUND_SEND_ERROR | error_code::PRODUCER_SEND_FAILED | error_code::SEGMENT_SIZE_MISMATCH_AT_OPEN | error_code::CANNOT_CREATE_CONSUMER_GROUP_INFO | error_code::CANNOT_DELETE_CONSUMER_GROUP_INFO | error_code::MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH | error_code::MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH | error_code::MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH | error_code::MISSING_LENGTH_RETAINED_MESSAGE_BATCH | error_code::MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH | error_code::CANNOT_READ_BATCH_BASE_OFFSET | error_code::CANNOT_READ_BATCH_LENGTH | error_code::CANNOT_READ_LAST_OFFSET_DELTA | error_code::CANNOT_READ_MAX_TIMESTAMP | error_code::CANNOT_READ_BATCH_PAYLOAD | error_code::SNAPSHOT_FILE_COMPLETION_FAILED | error_code::CANNOT_SERIALIZE_RESOURCE | error_code::CANNOT_DESERIALIZE_RESOURCE | error_code::CANNOT_READ_FILE | error_code::CANNOT_READ_FILE_METADATA | error_code::CANNOT_SEEK_FILE | error_code::CANNOT_APPEND_TO_FILE | error_code::CANNOT_WRITE_TO_FILE | error_code::CANNOT_OVERWRITE_FILE | error_code::CANNOT_DELETE_FILE | error_code::CANNOT_SYNC_FILE | error_code::CANNOT_READ_INDEX_OFFSET | error_code::CANNOT_READ_INDEX_POSITION | error_code::CANNOT_READ_INDEX_TIMESTAMP | error_code::SHARD_NOT_FOUND | error_code::SHARD_COMMUNICATION_ERROR | error_code::IO_ERROR => ErrorKind::Internal,
            _ => ErrorKind::Unknown,
        }
    }

    /// What each '…' of `message` names, in order (errors.toml params: stream, topic, name, ...).
    pub fn params(self) -> &'static [&'static str] {
        match self.0 {
            error_code::INVALID_VERSION => &["value"],
            error_code::CANNOT_CREATE_BASE_DIRECTORY => &["path"],
            error_code::CANNOT_CREATE_RUNTIME_DIRECTORY => &["path"],
            error_code::CANNOT_REMOVE_RUNTIME_DIRECTORY => &["path"],
            error_code::CANNOT_CREATE_STATE_DIRECTORY => &["path"],
            error_code::INVALID_STATE_ENTRY_CHECKSUM => &["value", "expected", "index"],
            error_code::CANNOT_OPEN_DATABASE => &["path"],
            error_code::RESOURCE_NOT_FOUND => &["key"],
            error_code::INVALID_IP_ADDRESS => &["address", "port"],
            error_code::HTTP_ERROR => &["reason"],
            error_code::INVALID_API_URL => &["address"],
            error_code::CANNOT_DELETE_USER => &["user"],
            error_code::CANNOT_CHANGE_PERMISSIONS => &["user"],
            error_code::PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS => &["name", "user"],
            error_code::PERSONAL_ACCESS_TOKENS_LIMIT_REACHED => &["user", "limit"],
            error_code::PERSONAL_ACCESS_TOKEN_EXPIRED => &["token", "user"],
            error_code::INVALID_JWT_ALGORITHM => &["value"],
            error_code::CANNOT_FETCH_JWKS => &["address"],
            error_code::CLIENT_NOT_FOUND => &["client"],
            error_code::CANNOT_PARSE_HEADER_KIND => &["value"],
            error_code::HTTP_RESPONSE_ERROR => &["status", "reason"],
            error_code::CANNOT_CREATE_STREAMS_DIRECTORY => &["path"],
            error_code::CANNOT_CREATE_STREAM_DIRECTORY => &["stream", "path"],
            error_code::CANNOT_CREATE_STREAM_INFO => &["stream"],
            error_code::CANNOT_UPDATE_STREAM_INFO => &["stream"],
            error_code::CANNOT_OPEN_STREAM_INFO => &["stream"],
            error_code::CANNOT_READ_STREAM_INFO => &["stream"],
            error_code::CANNOT_CREATE_STREAM => &["stream"],
            error_code::CANNOT_DELETE_STREAM => &["stream"],
            error_code::CANNOT_DELETE_STREAM_DIRECTORY => &["stream"],
            error_code::STREAM_ID_NOT_FOUND => &["stream"],
            error_code::STREAM_NAME_NOT_FOUND => &["stream"],
            error_code::STREAM_DIRECTORY_NOT_FOUND => &["path"],
            error_code::STREAM_NAME_ALREADY_EXISTS => &["name"],
            error_code::CANNOT_CREATE_TOPICS_DIRECTORY => &["stream", "path"],
            error_code::CANNOT_CREATE_TOPIC_DIRECTORY => &["topic", "stream", "path"],
            error_code::CANNOT_CREATE_TOPIC_INFO => &["topic", "stream"],
            error_code::CANNOT_UPDATE_TOPIC_INFO => &["topic", "stream"],
            error_code::CANNOT_OPEN_TOPIC_INFO => &["topic", "stream"],
            error_code::CANNOT_READ_TOPIC_INFO => &["topic", "stream"],
            error_code::CANNOT_CREATE_TOPIC => &["topic", "stream"],
            error_code::CANNOT_DELETE_TOPIC => &["topic", "stream"],
            error_code::CANNOT_DELETE_TOPIC_DIRECTORY => &["topic", "stream", "path"],
            error_code::TOPIC_ID_NOT_FOUND => &["topic", "stream"],
            error_code::TOPIC_NAME_NOT_FOUND => &["topic", "stream"],
            error_code::TOPIC_NAME_ALREADY_EXISTS => &["name", "stream"],
            error_code::CANNOT_READ_TOPICS => &["stream"],
            error_code::TOPIC_DIRECTORY_NOT_FOUND => &["path"],
            error_code::CANNOT_CREATE_PARTITION => &["partition", "stream", "topic"],
            error_code::PARTITION_NOT_FOUND => &["partition", "topic", "stream"],
            error_code::NO_PARTITIONS => &["topic", "stream"],
            error_code::TOPIC_FULL => &["topic", "stream"],
            error_code::CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY => &["path"],
            error_code::CANNOT_DELETE_CONSUMER_OFFSET_FILE => &["path"],
            error_code::CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY => &["path"],
            error_code::CANNOT_READ_CONSUMER_OFFSETS => &["path"],
            error_code::CONSUMER_OFFSET_NOT_FOUND => &["consumer"],
            error_code::NOT_RESOLVED_CONSUMER => &["consumer"],
            error_code::CANNOT_OPEN_CONSUMER_OFFSETS_FILE => &["path"],
            error_code::SEGMENT_CLOSED => &["offset", "partition"],
            error_code::CANNOT_CREATE_SEGMENT_LOG_FILE => &["path"],
            error_code::CANNOT_CREATE_SEGMENT_INDEX_FILE => &["path"],
            error_code::CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE => &["path"],
            error_code::INVALID_MESSAGE_CHECKSUM => &["value", "expected", "offset"],
            error_code::COMMAND_LENGTH_ERROR => &["reason"],
            error_code::INVALID_SEGMENTS_COUNT => &["value"],
            error_code::NON_ZERO_OFFSET => &["value", "index"],
            error_code::NON_ZERO_TIMESTAMP => &["value", "index"],
            error_code::MISSING_INDEX => &["index"],
            error_code::INVALID_INDEXES_BYTE_SIZE => &["value"],
            error_code::INVALID_INDEXES_COUNT => &["value", "expected"],
            error_code::INVALID_MESSAGES_SIZE => &["value", "expected"],
            error_code::TOO_SMALL_MESSAGE => &["value", "expected"],
            error_code::INVALID_MESSAGE_TIMESTAMP_DELTA => &["value"],
            error_code::INVALID_BATCH_CHECKSUM => &["value", "expected", "offset"],
            error_code::INVALID_HEADER_KIND => &["value"],
            error_code::UNSUPPORTED_OPTION_KEY => &["option"],
            error_code::INVALID_OPTION_VALUE => &["option"],
            error_code::OPTIONS_BLOCK_TOO_LARGE => &["reason"],
            error_code::INVALID_OFFSET => &["offset"],
            error_code::INVALID_RESERVED_FIELD => &["value"],
            error_code::SEGMENT_SIZE_MISMATCH_AT_OPEN => &["value", "expected"],
            error_code::CONSUMER_GROUP_ID_NOT_FOUND => &["group", "topic"],
            error_code::CONSUMER_GROUP_NAME_NOT_FOUND => &["group", "topic"],
            error_code::CONSUMER_GROUP_NAME_ALREADY_EXISTS => &["name", "topic"],
            error_code::CONSUMER_GROUP_PARTITION_NOT_OWNED => &["client", "partition"],
            error_code::TIMESTAMP_OUT_OF_RANGE => &["value"],
            error_code::SHARD_NOT_FOUND => &["stream", "topic", "partition"],
            error_code::CANNOT_BIND_TO_SOCKET => &["address"],
            error_code::IO_ERROR => &["reason"],
            error_code::INVALID_SESSION => &["value"],
            error_code::INCOMPATIBLE_PROTOCOL_VERSION => &["value", "minimum", "maximum"],
            _ => &[],
        }
    }

    /// Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment.
    pub fn is_not_found(self) -> bool {
        self.kind() == ErrorKind::NotFound
    }

    /// A create or rename collides with a name that is taken (stream, topic, group, user, token).
    pub fn is_already_exists(self) -> bool {
        self.kind() == ErrorKind::AlreadyExists
    }

    /// The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again.
    pub fn is_unauthenticated(self) -> bool {
        self.kind() == ErrorKind::Unauthenticated
    }

    /// A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again.
    pub fn is_invalid_credentials(self) -> bool {
        self.kind() == ErrorKind::InvalidCredentials
    }

    /// The logged-in user lacks the permission for the command.
    pub fn is_unauthorized(self) -> bool {
        self.kind() == ErrorKind::Unauthorized
    }

    /// The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again.
    pub fn is_invalid_input(self) -> bool {
        self.kind() == ErrorKind::InvalidInput
    }

    /// A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit.
    pub fn is_limit_exceeded(self) -> bool {
        self.kind() == ErrorKind::LimitExceeded
    }

    /// The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes.
    pub fn is_conflict(self) -> bool {
        self.kind() == ErrorKind::Conflict
    }

    /// A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied).
    pub fn is_transient(self) -> bool {
        self.kind() == ErrorKind::Transient
    }

    /// Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again.
    pub fn is_session(self) -> bool {
        self.kind() == ErrorKind::Session
    }

    /// No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed.
    pub fn is_unavailable(self) -> bool {
        self.kind() == ErrorKind::Unavailable
    }

    /// The client, producer or consumer was closed by its owner; nothing more succeeds on it.
    pub fn is_closed(self) -> bool {
        self.kind() == ErrorKind::Closed
    }

    /// The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read.
    pub fn is_unsupported(self) -> bool {
        self.kind() == ErrorKind::Unsupported
    }

    /// A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup.
    pub fn is_config(self) -> bool {
        self.kind() == ErrorKind::Config
    }

    /// The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator.
    pub fn is_internal(self) -> bool {
        self.kind() == ErrorKind::Internal
    }

    /// A code this file does not list (a newer server's); no [[error]] below has this kind.
    pub fn is_unknown(self) -> bool {
        self.kind() == ErrorKind::Unknown
    }
}

/// One predicate per kind: `error.is_not_found()` is `error.kind() == ErrorKind::NotFound`.
impl crate::error::Error {
    /// Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment.
    pub fn is_not_found(&self) -> bool {
        self.kind() == ErrorKind::NotFound
    }

    /// A create or rename collides with a name that is taken (stream, topic, group, user, token).
    pub fn is_already_exists(&self) -> bool {
        self.kind() == ErrorKind::AlreadyExists
    }

    /// The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again.
    pub fn is_unauthenticated(&self) -> bool {
        self.kind() == ErrorKind::Unauthenticated
    }

    /// A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again.
    pub fn is_invalid_credentials(&self) -> bool {
        self.kind() == ErrorKind::InvalidCredentials
    }

    /// The logged-in user lacks the permission for the command.
    pub fn is_unauthorized(&self) -> bool {
        self.kind() == ErrorKind::Unauthorized
    }

    /// The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again.
    pub fn is_invalid_input(&self) -> bool {
        self.kind() == ErrorKind::InvalidInput
    }

    /// A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit.
    pub fn is_limit_exceeded(&self) -> bool {
        self.kind() == ErrorKind::LimitExceeded
    }

    /// The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes.
    pub fn is_conflict(&self) -> bool {
        self.kind() == ErrorKind::Conflict
    }

    /// A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied).
    pub fn is_transient(&self) -> bool {
        self.kind() == ErrorKind::Transient
    }

    /// Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again.
    pub fn is_session(&self) -> bool {
        self.kind() == ErrorKind::Session
    }

    /// No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed.
    pub fn is_unavailable(&self) -> bool {
        self.kind() == ErrorKind::Unavailable
    }

    /// The client, producer or consumer was closed by its owner; nothing more succeeds on it.
    pub fn is_closed(&self) -> bool {
        self.kind() == ErrorKind::Closed
    }

    /// The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read.
    pub fn is_unsupported(&self) -> bool {
        self.kind() == ErrorKind::Unsupported
    }

    /// A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup.
    pub fn is_config(&self) -> bool {
        self.kind() == ErrorKind::Config
    }

    /// The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator.
    pub fn is_internal(&self) -> bool {
        self.kind() == ErrorKind::Internal
    }

    /// A code this file does not list (a newer server's); no [[error]] below has this kind.
    pub fn is_unknown(&self) -> bool {
        self.kind() == ErrorKind::Unknown
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.0, self.name())
    }
}
