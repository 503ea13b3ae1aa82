// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
// Wire codes, enums and constants of the Iggy 0.8.0 TCP protocol.

/// Command code of a request frame (`length u32 | code u32 | payload`).
#[allow(dead_code)]
pub mod command_code {
    /// Liveness check and heartbeat; refreshes the client's last heartbeat.
    pub const PING: u32 = 1;
    /// Server statistics.
    pub const GET_STATS: u32 = 10;
    /// Diagnostic snapshot of the server as a ZIP file.
    pub const GET_SNAPSHOT: u32 = 11;
    /// Cluster topology; the official clients send it right after every login.
    pub const GET_CLUSTER_METADATA: u32 = 12;
    /// The option catalog of a scope: each key with its kind, default and description (streams and users have none).
    pub const DESCRIBE_OPTIONS: u32 = 13;
    /// The caller's own client session (unknown session: 100 ClientNotFound).
    pub const GET_ME: u32 = 20;
    /// One client session by id.
    pub const GET_CLIENT: u32 = 21;
    /// Every connected client, including unauthenticated ones.
    pub const GET_CLIENTS: u32 = 22;
    /// One user with permissions.
    pub const GET_USER: u32 = 31;
    /// Every user, ordered by id.
    pub const GET_USERS: u32 = 32;
    /// Create a user; answers the new user.
    pub const CREATE_USER: u32 = 33;
    /// Delete a user (root answers 48; unknown answers 20).
    pub const DELETE_USER: u32 = 34;
    /// Rename a user and/or change its status.
    pub const UPDATE_USER: u32 = 35;
    /// Replace a user's permissions (root answers 49).
    pub const UPDATE_PERMISSIONS: u32 = 36;
    /// Change a password; a wrong current password answers 42.
    pub const CHANGE_PASSWORD: u32 = 37;
    /// Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login.
    pub const LOGIN_USER: u32 = 38;
    /// Log out; the connection stays open and unauthenticated.
    pub const LOGOUT_USER: u32 = 39;
    /// Log in with username and password and register a session (wrong credentials: eviction InvalidCredentials; inactive user: UserInactive). The code is not on the wire: operation Register carries it, and the server tries this shape before LoginRegisterWithPat's.
    pub const LOGIN_REGISTER: u32 = 40;
    /// The caller's personal access tokens, without secrets.
    pub const GET_PERSONAL_ACCESS_TOKENS: u32 = 41;
    /// Create a personal access token; the secret is returned once.
    pub const CREATE_PERSONAL_ACCESS_TOKEN: u32 = 42;
    /// Delete one of the caller's tokens (unknown answers 20).
    pub const DELETE_PERSONAL_ACCESS_TOKEN: u32 = 43;
    /// Log in with a token secret (unknown answers 20, expired 54).
    pub const LOGIN_WITH_PERSONAL_ACCESS_TOKEN: u32 = 44;
    /// Log in with a personal access token and register a session (unknown or expired token: eviction InvalidToken).
    pub const LOGIN_REGISTER_WITH_PAT: u32 = 45;
    /// Read messages from one partition; always answers at least the 16-byte prefix.
    pub const POLL_MESSAGES: u32 = 100;
    /// Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums.
    pub const SEND_MESSAGES: u32 = 101;
    /// Write a partition's buffered messages to disk.
    pub const FLUSH_UNSAVED_BUFFER: u32 = 102;
    /// The stored offset of a consumer or group; every lookup failure answers an empty OK.
    pub const GET_CONSUMER_OFFSET: u32 = 120;
    /// Store a consumer's offset (beyond the partition's last offset answers 4100).
    pub const STORE_CONSUMER_OFFSET: u32 = 121;
    /// Forget a consumer's stored offset (nothing stored answers 3021).
    pub const DELETE_CONSUMER_OFFSET: u32 = 122;
    /// One stream with its topics.
    pub const GET_STREAM: u32 = 200;
    /// Every stream, sorted by id.
    pub const GET_STREAMS: u32 = 201;
    /// Create a stream (ids are server-assigned); a taken name answers 1012.
    pub const CREATE_STREAM: u32 = 202;
    /// Delete a stream with all its topics and messages.
    pub const DELETE_STREAM: u32 = 203;
    /// Rename a stream (another stream's name answers 1012).
    pub const UPDATE_STREAM: u32 = 204;
    /// Delete every message of every topic of a stream, keeping the topics.
    pub const PURGE_STREAM: u32 = 205;
    /// One topic with its partitions.
    pub const GET_TOPIC: u32 = 300;
    /// Every topic of a stream, sorted by id; empty if the stream does not exist.
    pub const GET_TOPICS: u32 = 301;
    /// Create a topic with its partitions; a taken name answers 2013.
    pub const CREATE_TOPIC: u32 = 302;
    /// Delete a topic with its messages.
    pub const DELETE_TOPIC: u32 = 303;
    /// Change a topic's settings and name (the name comes last).
    pub const UPDATE_TOPIC: u32 = 304;
    /// Delete every message of a topic, keeping its partitions.
    pub const PURGE_TOPIC: u32 = 305;
    /// Append partitions to a topic (new ids follow the highest).
    pub const CREATE_PARTITIONS: u32 = 402;
    /// Remove the highest-numbered partitions of a topic.
    pub const DELETE_PARTITIONS: u32 = 403;
    /// Delete the oldest segments of a partition.
    pub const DELETE_SEGMENTS: u32 = 503;
    /// One consumer group with its members and their partitions.
    pub const GET_CONSUMER_GROUP: u32 = 600;
    /// Every consumer group of a topic.
    pub const GET_CONSUMER_GROUPS: u32 = 601;
    /// Create a consumer group over the topic's current partitions; a taken name answers 5004.
    pub const CREATE_CONSUMER_GROUP: u32 = 602;
    /// Delete a consumer group.
    pub const DELETE_CONSUMER_GROUP: u32 = 603;
    /// Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup.
    pub const JOIN_CONSUMER_GROUP: u32 = 604;
    /// Remove the caller's connection from a group (the group rebalances).
    pub const LEAVE_CONSUMER_GROUP: u32 = 605;
    /// The caller's partitions in a group at the group's current generation; an empty body when the caller is not a member. Members poll only these partitions and sync again when a poll is fenced.
    pub const SYNC_CONSUMER_GROUP: u32 = 606;

    /// Every command code, ascending.
    pub const ALL: [u32; 51] = [
        PING,
        GET_STATS,
        GET_SNAPSHOT,
        GET_CLUSTER_METADATA,
        DESCRIBE_OPTIONS,
        GET_ME,
        GET_CLIENT,
        GET_CLIENTS,
        GET_USER,
        GET_USERS,
        CREATE_USER,
        DELETE_USER,
        UPDATE_USER,
        UPDATE_PERMISSIONS,
        CHANGE_PASSWORD,
        LOGIN_USER,
        LOGOUT_USER,
        LOGIN_REGISTER,
        GET_PERSONAL_ACCESS_TOKENS,
        CREATE_PERSONAL_ACCESS_TOKEN,
        DELETE_PERSONAL_ACCESS_TOKEN,
        LOGIN_WITH_PERSONAL_ACCESS_TOKEN,
        LOGIN_REGISTER_WITH_PAT,
        POLL_MESSAGES,
        SEND_MESSAGES,
        FLUSH_UNSAVED_BUFFER,
        GET_CONSUMER_OFFSET,
        STORE_CONSUMER_OFFSET,
        DELETE_CONSUMER_OFFSET,
        GET_STREAM,
        GET_STREAMS,
        CREATE_STREAM,
        DELETE_STREAM,
        UPDATE_STREAM,
        PURGE_STREAM,
        GET_TOPIC,
        GET_TOPICS,
        CREATE_TOPIC,
        DELETE_TOPIC,
        UPDATE_TOPIC,
        PURGE_TOPIC,
        CREATE_PARTITIONS,
        DELETE_PARTITIONS,
        DELETE_SEGMENTS,
        GET_CONSUMER_GROUP,
        GET_CONSUMER_GROUPS,
        CREATE_CONSUMER_GROUP,
        DELETE_CONSUMER_GROUP,
        JOIN_CONSUMER_GROUP,
        LEAVE_CONSUMER_GROUP,
        SYNC_CONSUMER_GROUP,
    ];

    /// Commands a server accepts before login; every other command answers 40 Unauthenticated.
    pub const UNAUTHENTICATED: [u32; 5] = [PING, LOGIN_USER, LOGIN_REGISTER, LOGIN_WITH_PERSONAL_ACCESS_TOKEN, LOGIN_REGISTER_WITH_PAT];

    /// Iggy's name of a command code.
    pub fn name(code: u32) -> Option<&'static str> {
        match code {
            PING => Some("Ping"),
            GET_STATS => Some("GetStats"),
            GET_SNAPSHOT => Some("GetSnapshot"),
            GET_CLUSTER_METADATA => Some("GetClusterMetadata"),
            DESCRIBE_OPTIONS => Some("DescribeOptions"),
            GET_ME => Some("GetMe"),
            GET_CLIENT => Some("GetClient"),
            GET_CLIENTS => Some("GetClients"),
            GET_USER => Some("GetUser"),
            GET_USERS => Some("GetUsers"),
            CREATE_USER => Some("CreateUser"),
            DELETE_USER => Some("DeleteUser"),
            UPDATE_USER => Some("UpdateUser"),
            UPDATE_PERMISSIONS => Some("UpdatePermissions"),
            CHANGE_PASSWORD => Some("ChangePassword"),
            LOGIN_USER => Some("LoginUser"),
            LOGOUT_USER => Some("LogoutUser"),
            LOGIN_REGISTER => Some("LoginRegister"),
            GET_PERSONAL_ACCESS_TOKENS => Some("GetPersonalAccessTokens"),
            CREATE_PERSONAL_ACCESS_TOKEN => Some("CreatePersonalAccessToken"),
            DELETE_PERSONAL_ACCESS_TOKEN => Some("DeletePersonalAccessToken"),
            LOGIN_WITH_PERSONAL_ACCESS_TOKEN => Some("LoginWithPersonalAccessToken"),
            LOGIN_REGISTER_WITH_PAT => Some("LoginRegisterWithPat"),
            POLL_MESSAGES => Some("PollMessages"),
            SEND_MESSAGES => Some("SendMessages"),
            FLUSH_UNSAVED_BUFFER => Some("FlushUnsavedBuffer"),
            GET_CONSUMER_OFFSET => Some("GetConsumerOffset"),
            STORE_CONSUMER_OFFSET => Some("StoreConsumerOffset"),
            DELETE_CONSUMER_OFFSET => Some("DeleteConsumerOffset"),
            GET_STREAM => Some("GetStream"),
            GET_STREAMS => Some("GetStreams"),
            CREATE_STREAM => Some("CreateStream"),
            DELETE_STREAM => Some("DeleteStream"),
            UPDATE_STREAM => Some("UpdateStream"),
            PURGE_STREAM => Some("PurgeStream"),
            GET_TOPIC => Some("GetTopic"),
            GET_TOPICS => Some("GetTopics"),
            CREATE_TOPIC => Some("CreateTopic"),
            DELETE_TOPIC => Some("DeleteTopic"),
            UPDATE_TOPIC => Some("UpdateTopic"),
            PURGE_TOPIC => Some("PurgeTopic"),
            CREATE_PARTITIONS => Some("CreatePartitions"),
            DELETE_PARTITIONS => Some("DeletePartitions"),
            DELETE_SEGMENTS => Some("DeleteSegments"),
            GET_CONSUMER_GROUP => Some("GetConsumerGroup"),
            GET_CONSUMER_GROUPS => Some("GetConsumerGroups"),
            CREATE_CONSUMER_GROUP => Some("CreateConsumerGroup"),
            DELETE_CONSUMER_GROUP => Some("DeleteConsumerGroup"),
            JOIN_CONSUMER_GROUP => Some("JoinConsumerGroup"),
            LEAVE_CONSUMER_GROUP => Some("LeaveConsumerGroup"),
            SYNC_CONSUMER_GROUP => Some("SyncConsumerGroup"),
            _ => None,
        }
    }
}

/// Status of an error response frame (`status u32 | 0u32`); 0 means OK.
#[allow(dead_code)]
pub mod error_code {
    pub const ERROR: u32 = 1;
    pub const INVALID_CONFIGURATION: u32 = 2;
    pub const INVALID_COMMAND: u32 = 3;
    pub const INVALID_FORMAT: u32 = 4;
    pub const FEATURE_UNAVAILABLE: u32 = 5;
    pub const INVALID_IDENTIFIER: u32 = 6;
    pub const INVALID_VERSION: u32 = 7;
    pub const DISCONNECTED: u32 = 8;
    pub const CANNOT_ESTABLISH_CONNECTION: u32 = 9;
    pub const CANNOT_CREATE_BASE_DIRECTORY: u32 = 10;
    pub const CANNOT_CREATE_RUNTIME_DIRECTORY: u32 = 11;
    pub const CANNOT_REMOVE_RUNTIME_DIRECTORY: u32 = 12;
    pub const CANNOT_CREATE_STATE_DIRECTORY: u32 = 13;
    pub const STATE_FILE_NOT_FOUND: u32 = 14;
    pub const STATE_FILE_CORRUPTED: u32 = 15;
    pub const INVALID_STATE_ENTRY_CHECKSUM: u32 = 16;
    pub const CANNOT_OPEN_DATABASE: u32 = 19;
    pub const RESOURCE_NOT_FOUND: u32 = 20;
    pub const CANNOT_CLOSE_WEB_SOCKET_CONNECTION: u32 = 21;
    pub const STALE_CLIENT: u32 = 30;
    pub const TCP_ERROR: u32 = 31;
    pub const QUIC_ERROR: u32 = 32;
    pub const INVALID_SERVER_ADDRESS: u32 = 33;
    pub const INVALID_CLIENT_ADDRESS: u32 = 34;
    pub const INVALID_IP_ADDRESS: u32 = 35;
    pub const HTTP_ERROR: u32 = 36;
    pub const INVALID_API_URL: u32 = 37;
    pub const UNAUTHENTICATED: u32 = 40;
    pub const UNAUTHORIZED: u32 = 41;
    pub const INVALID_CREDENTIALS: u32 = 42;
    pub const INVALID_USERNAME: u32 = 43;
    pub const INVALID_PASSWORD: u32 = 44;
    pub const INVALID_USER_STATUS: u32 = 45;
    pub const USER_ALREADY_EXISTS: u32 = 46;
    pub const USER_INACTIVE: u32 = 47;
    pub const CANNOT_DELETE_USER: u32 = 48;
    pub const CANNOT_CHANGE_PERMISSIONS: u32 = 49;
    pub const INVALID_PERSONAL_ACCESS_TOKEN_NAME: u32 = 50;
    pub const PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS: u32 = 51;
    pub const PERSONAL_ACCESS_TOKENS_LIMIT_REACHED: u32 = 52;
    pub const INVALID_PERSONAL_ACCESS_TOKEN: u32 = 53;
    pub const PERSONAL_ACCESS_TOKEN_EXPIRED: u32 = 54;
    pub const USERS_LIMIT_REACHED: u32 = 55;
    pub const INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY: u32 = 56;
    pub const TRANSIENT_NOT_COMMITTED: u32 = 57;
    pub const TRANSIENT_NOT_ACCEPTED: u32 = 58;
    pub const REQUEST_ALREADY_APPLIED: u32 = 59;
    pub const NOT_CONNECTED: u32 = 61;
    pub const CLIENT_SHUTDOWN: u32 = 63;
    pub const INVALID_TLS_DOMAIN: u32 = 64;
    pub const INVALID_TLS_CERTIFICATE_PATH: u32 = 65;
    pub const INVALID_TLS_CERTIFICATE: u32 = 66;
    pub const FAILED_TO_ADD_CERTIFICATE: u32 = 67;
    pub const INVALID_ENCRYPTION_KEY: u32 = 70;
    pub const CANNOT_ENCRYPT_DATA: u32 = 71;
    pub const CANNOT_DECRYPT_DATA: u32 = 72;
    pub const INVALID_JWT_ALGORITHM: u32 = 73;
    pub const INVALID_JWT_SECRET: u32 = 74;
    pub const JWT_MISSING: u32 = 75;
    pub const CANNOT_GENERATE_JWT: u32 = 76;
    pub const ACCESS_TOKEN_MISSING: u32 = 77;
    pub const INVALID_ACCESS_TOKEN: u32 = 78;
    pub const CANNOT_FETCH_JWKS: u32 = 79;
    pub const INVALID_SIZE_BYTES: u32 = 80;
    pub const INVALID_UTF8: u32 = 81;
    pub const INVALID_NUMBER_ENCODING: u32 = 82;
    pub const INVALID_BOOLEAN_VALUE: u32 = 83;
    pub const INVALID_NUMBER_VALUE: u32 = 84;
    pub const CLIENT_NOT_FOUND: u32 = 100;
    pub const INVALID_CLIENT_ID: u32 = 101;
    pub const CONNECTION_CLOSED: u32 = 206;
    pub const CANNOT_PARSE_HEADER_KIND: u32 = 209;
    pub const HTTP_RESPONSE_ERROR: u32 = 300;
    pub const INVALID_HTTP_REQUEST: u32 = 301;
    pub const INVALID_JSON_RESPONSE: u32 = 302;
    pub const INVALID_BYTES_RESPONSE: u32 = 303;
    pub const EMPTY_RESPONSE: u32 = 304;
    pub const CANNOT_CREATE_ENDPOINT: u32 = 305;
    pub const CANNOT_PARSE_URL: u32 = 306;
    pub const WEB_SOCKET_ERROR: u32 = 400;
    pub const WEB_SOCKET_CONNECTION_ERROR: u32 = 401;
    pub const WEB_SOCKET_CLOSE_ERROR: u32 = 402;
    pub const WEB_SOCKET_RECEIVE_ERROR: u32 = 403;
    pub const WEB_SOCKET_SEND_ERROR: u32 = 404;
    pub const CANNOT_CREATE_STREAMS_DIRECTORY: u32 = 1000;
    pub const CANNOT_CREATE_STREAM_DIRECTORY: u32 = 1001;
    pub const CANNOT_CREATE_STREAM_INFO: u32 = 1002;
    pub const CANNOT_UPDATE_STREAM_INFO: u32 = 1003;
    pub const CANNOT_OPEN_STREAM_INFO: u32 = 1004;
    pub const CANNOT_READ_STREAM_INFO: u32 = 1005;
    pub const CANNOT_CREATE_STREAM: u32 = 1006;
    pub const CANNOT_DELETE_STREAM: u32 = 1007;
    pub const CANNOT_DELETE_STREAM_DIRECTORY: u32 = 1008;
    pub const STREAM_ID_NOT_FOUND: u32 = 1009;
    pub const STREAM_NAME_NOT_FOUND: u32 = 1010;
    pub const STREAM_DIRECTORY_NOT_FOUND: u32 = 1011;
    pub const STREAM_NAME_ALREADY_EXISTS: u32 = 1012;
    pub const INVALID_STREAM_NAME: u32 = 1013;
    pub const INVALID_STREAM_ID: u32 = 1014;
    pub const CANNOT_READ_STREAMS: u32 = 1015;
    pub const INVALID_TOPIC_SIZE: u32 = 1019;
    pub const TOO_MANY_STREAMS: u32 = 1020;
    pub const CANNOT_CREATE_TOPICS_DIRECTORY: u32 = 2000;
    pub const CANNOT_CREATE_TOPIC_DIRECTORY: u32 = 2001;
    pub const CANNOT_CREATE_TOPIC_INFO: u32 = 2002;
    pub const CANNOT_UPDATE_TOPIC_INFO: u32 = 2003;
    pub const CANNOT_OPEN_TOPIC_INFO: u32 = 2004;
    pub const CANNOT_READ_TOPIC_INFO: u32 = 2005;
    pub const CANNOT_CREATE_TOPIC: u32 = 2006;
    pub const CANNOT_DELETE_TOPIC: u32 = 2007;
    pub const CANNOT_DELETE_TOPIC_DIRECTORY: u32 = 2008;
    pub const CANNOT_POLL_TOPIC: u32 = 2009;
    pub const TOPIC_ID_NOT_FOUND: u32 = 2010;
    pub const TOPIC_NAME_NOT_FOUND: u32 = 2011;
    pub const TOPIC_NAME_ALREADY_EXISTS: u32 = 2013;
    pub const INVALID_TOPIC_NAME: u32 = 2014;
    pub const TOO_MANY_PARTITIONS: u32 = 2015;
    pub const INVALID_TOPIC_ID: u32 = 2016;
    pub const CANNOT_READ_TOPICS: u32 = 2017;
    pub const INVALID_REPLICATION_FACTOR: u32 = 2018;
    pub const INVALID_PARTITIONS_COUNT: u32 = 2019;
    pub const TOPIC_DIRECTORY_NOT_FOUND: u32 = 2020;
    pub const TOO_MANY_TOPICS: u32 = 2021;
    pub const CANNOT_CREATE_PARTITION: u32 = 3000;
    pub const CANNOT_CREATE_PARTITIONS_DIRECTORY: u32 = 3001;
    pub const CANNOT_CREATE_PARTITION_DIRECTORY: u32 = 3002;
    pub const CANNOT_OPEN_PARTITION_LOG_FILE: u32 = 3003;
    pub const CANNOT_READ_PARTITIONS: u32 = 3004;
    pub const CANNOT_DELETE_PARTITION: u32 = 3005;
    pub const CANNOT_DELETE_PARTITION_DIRECTORY: u32 = 3006;
    pub const PARTITION_NOT_FOUND: u32 = 3007;
    pub const NO_PARTITIONS: u32 = 3008;
    pub const TOPIC_FULL: u32 = 3009;
    pub const CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY: u32 = 3010;
    pub const CANNOT_DELETE_CONSUMER_OFFSET_FILE: u32 = 3011;
    pub const CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY: u32 = 3012;
    pub const PARTITION_ID_SPACE_EXHAUSTED: u32 = 3013;
    pub const CANNOT_READ_CONSUMER_OFFSETS: u32 = 3020;
    pub const CONSUMER_OFFSET_NOT_FOUND: u32 = 3021;
    pub const NOT_RESOLVED_CONSUMER: u32 = 3022;
    pub const CANNOT_OPEN_CONSUMER_OFFSETS_FILE: u32 = 3023;
    pub const TOO_MANY_CONSUMER_OFFSETS: u32 = 3024;
    pub const SEGMENT_NOT_FOUND: u32 = 4000;
    pub const SEGMENT_CLOSED: u32 = 4001;
    pub const INVALID_SEGMENT_SIZE: u32 = 4002;
    pub const CANNOT_CREATE_SEGMENT_LOG_FILE: u32 = 4003;
    pub const CANNOT_CREATE_SEGMENT_INDEX_FILE: u32 = 4004;
    pub const CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE: u32 = 4005;
    pub const CANNOT_SAVE_MESSAGES_TO_SEGMENT: u32 = 4006;
    pub const CANNOT_SAVE_INDEX_TO_SEGMENT: u32 = 4007;
    pub const CANNOT_SAVE_TIME_INDEX_TO_SEGMENT: u32 = 4008;
    pub const INVALID_MESSAGES_COUNT: u32 = 4009;
    pub const CANNOT_APPEND_MESSAGE: u32 = 4010;
    pub const CANNOT_READ_MESSAGE: u32 = 4011;
    pub const CANNOT_READ_MESSAGE_ID: u32 = 4012;
    pub const CANNOT_READ_MESSAGE_STATE: u32 = 4013;
    pub const CANNOT_READ_MESSAGE_TIMESTAMP: u32 = 4014;
    pub const CANNOT_READ_HEADERS_LENGTH: u32 = 4015;
    pub const CANNOT_READ_HEADERS_PAYLOAD: u32 = 4016;
    pub const TOO_BIG_USER_HEADERS: u32 = 4017;
    pub const INVALID_HEADER_KEY: u32 = 4018;
    pub const INVALID_HEADER_VALUE: u32 = 4019;
    pub const CANNOT_READ_MESSAGE_LENGTH: u32 = 4020;
    pub const CANNOT_READ_MESSAGE_PAYLOAD: u32 = 4021;
    pub const TOO_BIG_MESSAGE_PAYLOAD: u32 = 4022;
    pub const TOO_MANY_MESSAGES: u32 = 4023;
    pub const EMPTY_MESSAGE_PAYLOAD: u32 = 4024;
    pub const INVALID_MESSAGE_PAYLOAD_LENGTH: u32 = 4025;
    pub const CANNOT_READ_MESSAGE_CHECKSUM: u32 = 4026;
    pub const INVALID_MESSAGE_CHECKSUM: u32 = 4027;
    pub const INVALID_KEY_VALUE_LENGTH: u32 = 4028;
    pub const COMMAND_LENGTH_ERROR: u32 = 4029;
    pub const INVALID_SEGMENTS_COUNT: u32 = 4030;
    pub const NON_ZERO_OFFSET: u32 = 4031;
    pub const NON_ZERO_TIMESTAMP: u32 = 4032;
    pub const MISSING_INDEX: u32 = 4033;
    pub const INVALID_INDEXES_BYTE_SIZE: u32 = 4034;
    pub const INVALID_INDEXES_COUNT: u32 = 4035;
    pub const INVALID_MESSAGES_SIZE: u32 = 4036;
    pub const TOO_SMALL_MESSAGE: u32 = 4037;
    pub const INVALID_MESSAGE_TIMESTAMP_DELTA: u32 = 4038;
    pub const INVALID_BATCH_CHECKSUM: u32 = 4039;
    pub const INVALID_HEADER_KIND: u32 = 4040;
    pub const UNSUPPORTED_OPTION_KEY: u32 = 4041;
    pub const INVALID_OPTION_VALUE: u32 = 4042;
    pub const OPTIONS_BLOCK_TOO_LARGE: u32 = 4043;
    pub const CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION: u32 = 4050;
    pub const BACKGROUND_SEND_ERROR: u32 = 4051;
    pub const BACKGROUND_SEND_TIMEOUT: u32 = 4052;
    pub const BACKGROUND_SEND_BUFFER_FULL: u32 = 4053;
    pub const BACKGROUND_WORKER_DISCONNECTED: u32 = 4054;
    pub const BACKGROUND_SEND_BUFFER_OVERFLOW: u32 = 4055;
    pub const PRODUCER_SEND_FAILED: u32 = 4056;
    pub const PRODUCER_CLOSED: u32 = 4057;
    pub const INVALID_OFFSET: u32 = 4100;
    pub const INVALID_RESERVED_FIELD: u32 = 4101;
    pub const SEGMENT_SIZE_MISMATCH_AT_OPEN: u32 = 4102;
    pub const CONSUMER_GROUP_ID_NOT_FOUND: u32 = 5000;
    pub const INVALID_CONSUMER_GROUP_ID: u32 = 5002;
    pub const CONSUMER_GROUP_NAME_NOT_FOUND: u32 = 5003;
    pub const CONSUMER_GROUP_NAME_ALREADY_EXISTS: u32 = 5004;
    pub const INVALID_CONSUMER_GROUP_NAME: u32 = 5005;
    pub const CONSUMER_GROUP_MEMBER_NOT_FOUND: u32 = 5006;
    pub const CANNOT_CREATE_CONSUMER_GROUP_INFO: u32 = 5007;
    pub const CANNOT_DELETE_CONSUMER_GROUP_INFO: u32 = 5008;
    pub const CONSUMER_GROUP_PARTITION_NOT_OWNED: u32 = 5009;
    pub const MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH: u32 = 6000;
    pub const MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH: u32 = 6001;
    pub const MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH: u32 = 6002;
    pub const MISSING_LENGTH_RETAINED_MESSAGE_BATCH: u32 = 6003;
    pub const MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH: u32 = 6004;
    pub const CANNOT_READ_BATCH_BASE_OFFSET: u32 = 7000;
    pub const CANNOT_READ_BATCH_LENGTH: u32 = 7001;
    pub const CANNOT_READ_LAST_OFFSET_DELTA: u32 = 7002;
    pub const CANNOT_READ_MAX_TIMESTAMP: u32 = 7003;
    pub const CANNOT_READ_BATCH_PAYLOAD: u32 = 7004;
    pub const INVALID_CONNECTION_STRING: u32 = 8000;
    pub const SNAPSHOT_FILE_COMPLETION_FAILED: u32 = 9000;
    pub const CANNOT_SERIALIZE_RESOURCE: u32 = 10000;
    pub const CANNOT_DESERIALIZE_RESOURCE: u32 = 10001;
    pub const CANNOT_READ_FILE: u32 = 10002;
    pub const CANNOT_READ_FILE_METADATA: u32 = 10003;
    pub const CANNOT_SEEK_FILE: u32 = 10004;
    pub const CANNOT_APPEND_TO_FILE: u32 = 10005;
    pub const CANNOT_WRITE_TO_FILE: u32 = 10006;
    pub const CANNOT_OVERWRITE_FILE: u32 = 10007;
    pub const CANNOT_DELETE_FILE: u32 = 10008;
    pub const CANNOT_SYNC_FILE: u32 = 10009;
    pub const CANNOT_READ_INDEX_OFFSET: u32 = 10010;
    pub const CANNOT_READ_INDEX_POSITION: u32 = 10011;
    pub const CANNOT_READ_INDEX_TIMESTAMP: u32 = 10012;
    pub const TIMESTAMP_OUT_OF_RANGE: u32 = 10013;
    pub const SHARD_NOT_FOUND: u32 = 11000;
    pub const SHARD_COMMUNICATION_ERROR: u32 = 11001;
    pub const CANNOT_BIND_TO_SOCKET: u32 = 12000;
    pub const TASK_TIMEOUT: u32 = 12001;
    pub const IO_ERROR: u32 = 13000;
    pub const ALREADY_AUTHENTICATED: u32 = 14000;
    pub const INVALID_SESSION: u32 = 14001;
    pub const INCOMPATIBLE_PROTOCOL_VERSION: u32 = 14003;

    /// Server message text of an error code ('…' stands for a runtime value).
    pub fn message(code: u32) -> Option<&'static str> {
        match code {
            ERROR => Some("Error"),
            INVALID_CONFIGURATION => Some("Invalid configuration"),
            INVALID_COMMAND => Some("Invalid command"),
            INVALID_FORMAT => Some("Invalid format"),
            FEATURE_UNAVAILABLE => Some("Feature is unavailable"),
            INVALID_IDENTIFIER => Some("Invalid identifier"),
            INVALID_VERSION => Some("Invalid version: …"),
            DISCONNECTED => Some("Disconnected"),
            CANNOT_ESTABLISH_CONNECTION => Some("Cannot establish connection"),
            CANNOT_CREATE_BASE_DIRECTORY => Some("Cannot create base directory, Path: …"),
            CANNOT_CREATE_RUNTIME_DIRECTORY => Some("Cannot create runtime directory, Path: …"),
            CANNOT_REMOVE_RUNTIME_DIRECTORY => Some("Cannot remove runtime directory, Path: …"),
            CANNOT_CREATE_STATE_DIRECTORY => Some("Cannot create state directory, Path: …"),
            STATE_FILE_NOT_FOUND => Some("State file not found"),
            STATE_FILE_CORRUPTED => Some("State file corrupted"),
            INVALID_STATE_ENTRY_CHECKSUM => Some("Invalid state entry checksum: …, expected: …, for index: …"),
            CANNOT_OPEN_DATABASE => Some("Cannot open database, Path: …"),
            RESOURCE_NOT_FOUND => Some("Resource with key: … was not found."),
            CANNOT_CLOSE_WEB_SOCKET_CONNECTION => Some("Cannot close WebSocket connection"),
            STALE_CLIENT => Some("Stale client"),
            TCP_ERROR => Some("TCP error"),
            QUIC_ERROR => Some("QUIC error"),
            INVALID_SERVER_ADDRESS => Some("Invalid server address"),
            INVALID_CLIENT_ADDRESS => Some("Invalid client address"),
            INVALID_IP_ADDRESS => Some("Invalid IP address: …:…"),
            HTTP_ERROR => Some("Http error …"),
            INVALID_API_URL => Some("Invalid API URL: …"),
            UNAUTHENTICATED => Some("Unauthenticated"),
            UNAUTHORIZED => Some("Unauthorized"),
            INVALID_CREDENTIALS => Some("Invalid credentials"),
            INVALID_USERNAME => Some("Invalid username"),
            INVALID_PASSWORD => Some("Invalid password"),
            INVALID_USER_STATUS => Some("Invalid user status"),
            USER_ALREADY_EXISTS => Some("User already exists"),
            USER_INACTIVE => Some("User inactive"),
            CANNOT_DELETE_USER => Some("Cannot delete user with ID: …"),
            CANNOT_CHANGE_PERMISSIONS => Some("Cannot change permissions for user with ID: …"),
            INVALID_PERSONAL_ACCESS_TOKEN_NAME => Some("Invalid personal access token name"),
            PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS => Some("Personal access token: … for user with ID: … already exists"),
            PERSONAL_ACCESS_TOKENS_LIMIT_REACHED => Some("User with ID: … has reached the maximum number of personal access tokens: …"),
            INVALID_PERSONAL_ACCESS_TOKEN => Some("Invalid personal access token"),
            PERSONAL_ACCESS_TOKEN_EXPIRED => Some("Personal access token: … for user with ID: … has expired."),
            USERS_LIMIT_REACHED => Some("Users limit reached."),
            INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY => Some("Invalid personal access token expiry"),
            TRANSIENT_NOT_COMMITTED => Some("Request transiently not committed; retry"),
            TRANSIENT_NOT_ACCEPTED => Some("Request transiently not accepted; retry, on any replica"),
            REQUEST_ALREADY_APPLIED => Some("Request already applied; its reply is no longer available"),
            NOT_CONNECTED => Some("Not connected"),
            CLIENT_SHUTDOWN => Some("Client shutdown"),
            INVALID_TLS_DOMAIN => Some("Invalid TLS domain"),
            INVALID_TLS_CERTIFICATE_PATH => Some("Invalid TLS certificate path"),
            INVALID_TLS_CERTIFICATE => Some("Invalid TLS certificate"),
            FAILED_TO_ADD_CERTIFICATE => Some("Failed to add certificate"),
            INVALID_ENCRYPTION_KEY => Some("Invalid encryption key"),
            CANNOT_ENCRYPT_DATA => Some("Cannot encrypt data"),
            CANNOT_DECRYPT_DATA => Some("Cannot decrypt data"),
            INVALID_JWT_ALGORITHM => Some("Invalid JWT algorithm: …"),
            INVALID_JWT_SECRET => Some("Invalid JWT secret"),
            JWT_MISSING => Some("JWT is missing"),
            CANNOT_GENERATE_JWT => Some("Cannot generate JWT"),
            ACCESS_TOKEN_MISSING => Some("Access token is missing"),
            INVALID_ACCESS_TOKEN => Some("Invalid access token"),
            CANNOT_FETCH_JWKS => Some("Cannot fetch JWKS from URL: …"),
            INVALID_SIZE_BYTES => Some("Invalid size bytes"),
            INVALID_UTF8 => Some("Invalid UTF-8"),
            INVALID_NUMBER_ENCODING => Some("Invalid number encoding"),
            INVALID_BOOLEAN_VALUE => Some("Invalid boolean value"),
            INVALID_NUMBER_VALUE => Some("Invalid number value"),
            CLIENT_NOT_FOUND => Some("Client with ID: … was not found."),
            INVALID_CLIENT_ID => Some("Invalid client ID"),
            CONNECTION_CLOSED => Some("Connection closed"),
            CANNOT_PARSE_HEADER_KIND => Some("Cannot parse header kind from …"),
            HTTP_RESPONSE_ERROR => Some("HTTP response error, status: …, body: …"),
            INVALID_HTTP_REQUEST => Some("Invalid HTTP request"),
            INVALID_JSON_RESPONSE => Some("Invalid JSON response"),
            INVALID_BYTES_RESPONSE => Some("Invalid bytes response"),
            EMPTY_RESPONSE => Some("Empty response"),
            CANNOT_CREATE_ENDPOINT => Some("Cannot create endpoint"),
            CANNOT_PARSE_URL => Some("Cannot parse URL"),
            WEB_SOCKET_ERROR => Some("WebSocket error"),
            WEB_SOCKET_CONNECTION_ERROR => Some("WebSocket connection error"),
            WEB_SOCKET_CLOSE_ERROR => Some("WebSocket close error"),
            WEB_SOCKET_RECEIVE_ERROR => Some("WebSocket receive error"),
            WEB_SOCKET_SEND_ERROR => Some("WebSocket send error"),
            CANNOT_CREATE_STREAMS_DIRECTORY => Some("Cannot create streams directory, Path: …"),
            CANNOT_CREATE_STREAM_DIRECTORY => Some("Cannot create stream with ID: … directory, Path: …"),
            CANNOT_CREATE_STREAM_INFO => Some("Failed to create stream info file for stream with ID: …"),
            CANNOT_UPDATE_STREAM_INFO => Some("Failed to update stream info for stream with ID: …"),
            CANNOT_OPEN_STREAM_INFO => Some("Failed to open stream info file for stream with ID: …"),
            CANNOT_READ_STREAM_INFO => Some("Failed to read stream info file for stream with ID: …"),
            CANNOT_CREATE_STREAM => Some("Failed to create stream with ID: …"),
            CANNOT_DELETE_STREAM => Some("Failed to delete stream with ID: …"),
            CANNOT_DELETE_STREAM_DIRECTORY => Some("Failed to delete stream directory with ID: …"),
            STREAM_ID_NOT_FOUND => Some("Stream with ID: … was not found."),
            STREAM_NAME_NOT_FOUND => Some("Stream with name: … was not found."),
            STREAM_DIRECTORY_NOT_FOUND => Some("Stream with directory … was not found."),
            STREAM_NAME_ALREADY_EXISTS => Some("Stream with name: … already exists."),
            INVALID_STREAM_NAME => Some("Invalid stream name"),
            INVALID_STREAM_ID => Some("Invalid stream ID"),
            CANNOT_READ_STREAMS => Some("Cannot read streams"),
            INVALID_TOPIC_SIZE => Some("Max topic size cannot be lower than segment size"),
            TOO_MANY_STREAMS => Some("Too many streams"),
            CANNOT_CREATE_TOPICS_DIRECTORY => Some("Cannot create topics directory for stream with ID: …, Path: …"),
            CANNOT_CREATE_TOPIC_DIRECTORY => Some("Failed to create directory for topic with ID: … for stream with ID: …, Path: …"),
            CANNOT_CREATE_TOPIC_INFO => Some("Failed to create topic info file for topic with ID: … for stream with ID: …."),
            CANNOT_UPDATE_TOPIC_INFO => Some("Failed to update topic info for topic with ID: … for stream with ID: …."),
            CANNOT_OPEN_TOPIC_INFO => Some("Failed to open topic info file for topic with ID: … for stream with ID: …."),
            CANNOT_READ_TOPIC_INFO => Some("Failed to read topic info file for topic with ID: … for stream with ID: …."),
            CANNOT_CREATE_TOPIC => Some("Failed to create topic with ID: … for stream with ID: …."),
            CANNOT_DELETE_TOPIC => Some("Failed to delete topic with ID: … for stream with ID: …."),
            CANNOT_DELETE_TOPIC_DIRECTORY => Some("Failed to delete topic directory with ID: … for stream with ID: …, Path: …"),
            CANNOT_POLL_TOPIC => Some("Cannot poll topic"),
            TOPIC_ID_NOT_FOUND => Some("Topic with ID: … for stream with ID: … was not found."),
            TOPIC_NAME_NOT_FOUND => Some("Topic with name: … for stream with ID: … was not found."),
            TOPIC_NAME_ALREADY_EXISTS => Some("Topic with name: … for stream with ID: … already exists."),
            INVALID_TOPIC_NAME => Some("Invalid topic name"),
            TOO_MANY_PARTITIONS => Some("Too many partitions"),
            INVALID_TOPIC_ID => Some("Invalid topic ID"),
            CANNOT_READ_TOPICS => Some("Cannot read topics for stream with ID: …"),
            INVALID_REPLICATION_FACTOR => Some("Invalid replication factor"),
            INVALID_PARTITIONS_COUNT => Some("Invalid partitions count"),
            TOPIC_DIRECTORY_NOT_FOUND => Some("Topic directory: … not found"),
            TOO_MANY_TOPICS => Some("Too many topics"),
            CANNOT_CREATE_PARTITION => Some("Cannot create partition with ID: … for stream with ID: … and topic with ID: …"),
            CANNOT_CREATE_PARTITIONS_DIRECTORY => Some("Failed to create directory for partitions"),
            CANNOT_CREATE_PARTITION_DIRECTORY => Some("Failed to create directory for partition"),
            CANNOT_OPEN_PARTITION_LOG_FILE => Some("Cannot open partition log file"),
            CANNOT_READ_PARTITIONS => Some("Cannot read partitions directories."),
            CANNOT_DELETE_PARTITION => Some("Failed to delete partition"),
            CANNOT_DELETE_PARTITION_DIRECTORY => Some("Failed to delete partition directory"),
            PARTITION_NOT_FOUND => Some("Partition with ID: … for topic with ID: … for stream with ID: … was not found."),
            NO_PARTITIONS => Some("Topic with ID: … for stream with ID: … has no partitions."),
            TOPIC_FULL => Some("Cannot read partitions for topic with ID: … for stream with ID: …"),
            CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY => Some("Failed to delete consumer offsets directory for path: …"),
            CANNOT_DELETE_CONSUMER_OFFSET_FILE => Some("Failed to delete consumer offset file for path: …"),
            CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY => Some("Failed to create consumer offsets directory for path: …"),
            PARTITION_ID_SPACE_EXHAUSTED => Some("Partition id space exhausted for this topic"),
            CANNOT_READ_CONSUMER_OFFSETS => Some("Failed to read consumers offsets from path: …"),
            CONSUMER_OFFSET_NOT_FOUND => Some("Consumer offset for consumer with ID: … was not found."),
            NOT_RESOLVED_CONSUMER => Some("Failed to resolve consumer with ID: …"),
            CANNOT_OPEN_CONSUMER_OFFSETS_FILE => Some("Cannot open consumer offsets file for path: …"),
            TOO_MANY_CONSUMER_OFFSETS => Some("Consumer offset limit reached for partition, raise [partition] consumer_offsets_max"),
            SEGMENT_NOT_FOUND => Some("Segment not found"),
            SEGMENT_CLOSED => Some("Segment with start offset: … and partition with ID: … is closed"),
            INVALID_SEGMENT_SIZE => Some("Segment size is invalid"),
            CANNOT_CREATE_SEGMENT_LOG_FILE => Some("Failed to create segment log file for Path: …."),
            CANNOT_CREATE_SEGMENT_INDEX_FILE => Some("Failed to create segment index file for Path: …."),
            CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE => Some("Failed to create segment time index file for Path: …."),
            CANNOT_SAVE_MESSAGES_TO_SEGMENT => Some("Cannot save messages to segment."),
            CANNOT_SAVE_INDEX_TO_SEGMENT => Some("Cannot save index to segment."),
            CANNOT_SAVE_TIME_INDEX_TO_SEGMENT => Some("Cannot save time index to segment."),
            INVALID_MESSAGES_COUNT => Some("Invalid messages count"),
            CANNOT_APPEND_MESSAGE => Some("Cannot append message"),
            CANNOT_READ_MESSAGE => Some("Cannot read message"),
            CANNOT_READ_MESSAGE_ID => Some("Cannot read message ID"),
            CANNOT_READ_MESSAGE_STATE => Some("Cannot read message state"),
            CANNOT_READ_MESSAGE_TIMESTAMP => Some("Cannot read message timestamp"),
            CANNOT_READ_HEADERS_LENGTH => Some("Cannot read headers length"),
            CANNOT_READ_HEADERS_PAYLOAD => Some("Cannot read headers payload"),
            TOO_BIG_USER_HEADERS => Some("Too big headers payload"),
            INVALID_HEADER_KEY => Some("Invalid header key"),
            INVALID_HEADER_VALUE => Some("Invalid header value"),
            CANNOT_READ_MESSAGE_LENGTH => Some("Cannot read message length"),
            CANNOT_READ_MESSAGE_PAYLOAD => Some("Cannot save messages to segment"),
            TOO_BIG_MESSAGE_PAYLOAD => Some("Too big message payload"),
            TOO_MANY_MESSAGES => Some("Too many messages"),
            EMPTY_MESSAGE_PAYLOAD => Some("Empty message payload"),
            INVALID_MESSAGE_PAYLOAD_LENGTH => Some("Invalid message payload length"),
            CANNOT_READ_MESSAGE_CHECKSUM => Some("Cannot read message checksum"),
            INVALID_MESSAGE_CHECKSUM => Some("Invalid message checksum: …, expected: …, for offset: …"),
            INVALID_KEY_VALUE_LENGTH => Some("Invalid key value length"),
            COMMAND_LENGTH_ERROR => Some("Command length error: …"),
            INVALID_SEGMENTS_COUNT => Some("Incorrect Segments Count size: …"),
            NON_ZERO_OFFSET => Some("Non-zero offset: … at index: …"),
            NON_ZERO_TIMESTAMP => Some("Non-zero timestamp: … at index: …"),
            MISSING_INDEX => Some("Missing index: …"),
            INVALID_INDEXES_BYTE_SIZE => Some("Invalid indexes byte size: …B, should be divisible by 16"),
            INVALID_INDEXES_COUNT => Some("Invalid indexes count: …, expected: …"),
            INVALID_MESSAGES_SIZE => Some("Invalid messages byte size: …B, expected: …B"),
            TOO_SMALL_MESSAGE => Some("Too small message: …B, expected: …B"),
            INVALID_MESSAGE_TIMESTAMP_DELTA => Some("Invalid message timestamp delta: … microseconds exceeds the per-batch limit"),
            INVALID_BATCH_CHECKSUM => Some("Invalid batch checksum: …, expected: …, for base offset: …"),
            INVALID_HEADER_KIND => Some("Invalid header kind code: …"),
            UNSUPPORTED_OPTION_KEY => Some("Unsupported option key: …"),
            INVALID_OPTION_VALUE => Some("Invalid option value for key: …"),
            OPTIONS_BLOCK_TOO_LARGE => Some("Options block exceeds its limits: …"),
            CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION => Some("Cannot sed messages due to client disconnection"),
            BACKGROUND_SEND_ERROR => Some("Background send error"),
            BACKGROUND_SEND_TIMEOUT => Some("Background send timeout"),
            BACKGROUND_SEND_BUFFER_FULL => Some("Background send buffer is full"),
            BACKGROUND_WORKER_DISCONNECTED => Some("Background worker disconnected"),
            BACKGROUND_SEND_BUFFER_OVERFLOW => Some("Background send buffer overflow"),
            PRODUCER_SEND_FAILED => Some("Producer send failed (client-side)"),
            PRODUCER_CLOSED => Some("Producer closed"),
            INVALID_OFFSET => Some("Invalid offset: …"),
            INVALID_RESERVED_FIELD => Some("Invalid reserved field value: …, expected: 0"),
            SEGMENT_SIZE_MISMATCH_AT_OPEN => Some("Segment file size on disk: … does not match expected size: …"),
            CONSUMER_GROUP_ID_NOT_FOUND => Some("Consumer group with ID: … for topic with ID: … was not found."),
            INVALID_CONSUMER_GROUP_ID => Some("Invalid consumer group ID"),
            CONSUMER_GROUP_NAME_NOT_FOUND => Some("Consumer group with name: … for topic with ID: … was not found."),
            CONSUMER_GROUP_NAME_ALREADY_EXISTS => Some("Consumer group with name: … for topic with ID: … already exists."),
            INVALID_CONSUMER_GROUP_NAME => Some("Invalid consumer group name"),
            CONSUMER_GROUP_MEMBER_NOT_FOUND => Some("Consumer group member (client) not found in group"),
            CANNOT_CREATE_CONSUMER_GROUP_INFO => Some("Failed to create consumer group info file"),
            CANNOT_DELETE_CONSUMER_GROUP_INFO => Some("Failed to delete consumer group info file"),
            CONSUMER_GROUP_PARTITION_NOT_OWNED => Some("Consumer group member with client ID: … does not own partition: … at the current generation (rebalance in progress)."),
            MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH => Some("Base offset is missing"),
            MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH => Some("Last offset delta is missing"),
            MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH => Some("Max timestamp is missing"),
            MISSING_LENGTH_RETAINED_MESSAGE_BATCH => Some("Length is missing"),
            MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH => Some("Payload is missing"),
            CANNOT_READ_BATCH_BASE_OFFSET => Some("Cannot read batch base offset"),
            CANNOT_READ_BATCH_LENGTH => Some("Cannot read batch length"),
            CANNOT_READ_LAST_OFFSET_DELTA => Some("Cannot read batch last offset delta"),
            CANNOT_READ_MAX_TIMESTAMP => Some("Cannot read batch maximum timestamp"),
            CANNOT_READ_BATCH_PAYLOAD => Some("Cannot read batch payload"),
            INVALID_CONNECTION_STRING => Some("Invalid connection string"),
            SNAPSHOT_FILE_COMPLETION_FAILED => Some("Snapshot file completion failed"),
            CANNOT_SERIALIZE_RESOURCE => Some("Cannot serialize resource"),
            CANNOT_DESERIALIZE_RESOURCE => Some("Cannot deserialize resource"),
            CANNOT_READ_FILE => Some("Cannot read file"),
            CANNOT_READ_FILE_METADATA => Some("Cannot read file metadata"),
            CANNOT_SEEK_FILE => Some("Cannot seek file"),
            CANNOT_APPEND_TO_FILE => Some("Cannot append to file"),
            CANNOT_WRITE_TO_FILE => Some("Cannot write to file"),
            CANNOT_OVERWRITE_FILE => Some("Cannot overwrite file"),
            CANNOT_DELETE_FILE => Some("Cannot delete file"),
            CANNOT_SYNC_FILE => Some("Cannot sync file"),
            CANNOT_READ_INDEX_OFFSET => Some("Cannot read index offset"),
            CANNOT_READ_INDEX_POSITION => Some("Cannot read index position"),
            CANNOT_READ_INDEX_TIMESTAMP => Some("Cannot read index timestamp"),
            TIMESTAMP_OUT_OF_RANGE => Some("Timestamp out of range: …"),
            SHARD_NOT_FOUND => Some("Shard not found for stream ID: …, topic ID: …, partition ID: …"),
            SHARD_COMMUNICATION_ERROR => Some("Shard communication error"),
            CANNOT_BIND_TO_SOCKET => Some("Cannot bind to socket with addr: …"),
            TASK_TIMEOUT => Some("Task execution timeout"),
            IO_ERROR => Some("IO error: …"),
            ALREADY_AUTHENTICATED => Some("VSR session already bound; reset before re-binding"),
            INVALID_SESSION => Some("VSR session value … is invalid (must be non-zero)"),
            INCOMPATIBLE_PROTOCOL_VERSION => Some("Incompatible binary protocol version: client …, server accepts […, …]"),
            _ => None,
        }
    }

    /// Iggy's name of an error code.
    pub fn name(code: u32) -> Option<&'static str> {
        match code {
            ERROR => Some("Error"),
            INVALID_CONFIGURATION => Some("InvalidConfiguration"),
            INVALID_COMMAND => Some("InvalidCommand"),
            INVALID_FORMAT => Some("InvalidFormat"),
            FEATURE_UNAVAILABLE => Some("FeatureUnavailable"),
            INVALID_IDENTIFIER => Some("InvalidIdentifier"),
            INVALID_VERSION => Some("InvalidVersion"),
            DISCONNECTED => Some("Disconnected"),
            CANNOT_ESTABLISH_CONNECTION => Some("CannotEstablishConnection"),
            CANNOT_CREATE_BASE_DIRECTORY => Some("CannotCreateBaseDirectory"),
            CANNOT_CREATE_RUNTIME_DIRECTORY => Some("CannotCreateRuntimeDirectory"),
            CANNOT_REMOVE_RUNTIME_DIRECTORY => Some("CannotRemoveRuntimeDirectory"),
            CANNOT_CREATE_STATE_DIRECTORY => Some("CannotCreateStateDirectory"),
            STATE_FILE_NOT_FOUND => Some("StateFileNotFound"),
            STATE_FILE_CORRUPTED => Some("StateFileCorrupted"),
            INVALID_STATE_ENTRY_CHECKSUM => Some("InvalidStateEntryChecksum"),
            CANNOT_OPEN_DATABASE => Some("CannotOpenDatabase"),
            RESOURCE_NOT_FOUND => Some("ResourceNotFound"),
            CANNOT_CLOSE_WEB_SOCKET_CONNECTION => Some("CannotCloseWebSocketConnection"),
            STALE_CLIENT => Some("StaleClient"),
            TCP_ERROR => Some("TcpError"),
            QUIC_ERROR => Some("QuicError"),
            INVALID_SERVER_ADDRESS => Some("InvalidServerAddress"),
            INVALID_CLIENT_ADDRESS => Some("InvalidClientAddress"),
            INVALID_IP_ADDRESS => Some("InvalidIpAddress"),
            HTTP_ERROR => Some("HttpError"),
            INVALID_API_URL => Some("InvalidApiUrl"),
            UNAUTHENTICATED => Some("Unauthenticated"),
            UNAUTHORIZED => Some("Unauthorized"),
            INVALID_CREDENTIALS => Some("InvalidCredentials"),
            INVALID_USERNAME => Some("InvalidUsername"),
            INVALID_PASSWORD => Some("InvalidPassword"),
            INVALID_USER_STATUS => Some("InvalidUserStatus"),
            USER_ALREADY_EXISTS => Some("UserAlreadyExists"),
            USER_INACTIVE => Some("UserInactive"),
            CANNOT_DELETE_USER => Some("CannotDeleteUser"),
            CANNOT_CHANGE_PERMISSIONS => Some("CannotChangePermissions"),
            INVALID_PERSONAL_ACCESS_TOKEN_NAME => Some("InvalidPersonalAccessTokenName"),
            PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS => Some("PersonalAccessTokenAlreadyExists"),
            PERSONAL_ACCESS_TOKENS_LIMIT_REACHED => Some("PersonalAccessTokensLimitReached"),
            INVALID_PERSONAL_ACCESS_TOKEN => Some("InvalidPersonalAccessToken"),
            PERSONAL_ACCESS_TOKEN_EXPIRED => Some("PersonalAccessTokenExpired"),
            USERS_LIMIT_REACHED => Some("UsersLimitReached"),
            INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY => Some("InvalidPersonalAccessTokenExpiry"),
            TRANSIENT_NOT_COMMITTED => Some("TransientNotCommitted"),
            TRANSIENT_NOT_ACCEPTED => Some("TransientNotAccepted"),
            REQUEST_ALREADY_APPLIED => Some("RequestAlreadyApplied"),
            NOT_CONNECTED => Some("NotConnected"),
            CLIENT_SHUTDOWN => Some("ClientShutdown"),
            INVALID_TLS_DOMAIN => Some("InvalidTlsDomain"),
            INVALID_TLS_CERTIFICATE_PATH => Some("InvalidTlsCertificatePath"),
            INVALID_TLS_CERTIFICATE => Some("InvalidTlsCertificate"),
            FAILED_TO_ADD_CERTIFICATE => Some("FailedToAddCertificate"),
            INVALID_ENCRYPTION_KEY => Some("InvalidEncryptionKey"),
            CANNOT_ENCRYPT_DATA => Some("CannotEncryptData"),
            CANNOT_DECRYPT_DATA => Some("CannotDecryptData"),
            INVALID_JWT_ALGORITHM => Some("InvalidJwtAlgorithm"),
            INVALID_JWT_SECRET => Some("InvalidJwtSecret"),
            JWT_MISSING => Some("JwtMissing"),
            CANNOT_GENERATE_JWT => Some("CannotGenerateJwt"),
            ACCESS_TOKEN_MISSING => Some("AccessTokenMissing"),
            INVALID_ACCESS_TOKEN => Some("InvalidAccessToken"),
            CANNOT_FETCH_JWKS => Some("CannotFetchJwks"),
            INVALID_SIZE_BYTES => Some("InvalidSizeBytes"),
            INVALID_UTF8 => Some("InvalidUtf8"),
            INVALID_NUMBER_ENCODING => Some("InvalidNumberEncoding"),
            INVALID_BOOLEAN_VALUE => Some("InvalidBooleanValue"),
            INVALID_NUMBER_VALUE => Some("InvalidNumberValue"),
            CLIENT_NOT_FOUND => Some("ClientNotFound"),
            INVALID_CLIENT_ID => Some("InvalidClientId"),
            CONNECTION_CLOSED => Some("ConnectionClosed"),
            CANNOT_PARSE_HEADER_KIND => Some("CannotParseHeaderKind"),
            HTTP_RESPONSE_ERROR => Some("HttpResponseError"),
            INVALID_HTTP_REQUEST => Some("InvalidHttpRequest"),
            INVALID_JSON_RESPONSE => Some("InvalidJsonResponse"),
            INVALID_BYTES_RESPONSE => Some("InvalidBytesResponse"),
            EMPTY_RESPONSE => Some("EmptyResponse"),
            CANNOT_CREATE_ENDPOINT => Some("CannotCreateEndpoint"),
            CANNOT_PARSE_URL => Some("CannotParseUrl"),
            WEB_SOCKET_ERROR => Some("WebSocketError"),
            WEB_SOCKET_CONNECTION_ERROR => Some("WebSocketConnectionError"),
            WEB_SOCKET_CLOSE_ERROR => Some("WebSocketCloseError"),
            WEB_SOCKET_RECEIVE_ERROR => Some("WebSocketReceiveError"),
            WEB_SOCKET_SEND_ERROR => Some("WebSocketSendError"),
            CANNOT_CREATE_STREAMS_DIRECTORY => Some("CannotCreateStreamsDirectory"),
            CANNOT_CREATE_STREAM_DIRECTORY => Some("CannotCreateStreamDirectory"),
            CANNOT_CREATE_STREAM_INFO => Some("CannotCreateStreamInfo"),
            CANNOT_UPDATE_STREAM_INFO => Some("CannotUpdateStreamInfo"),
            CANNOT_OPEN_STREAM_INFO => Some("CannotOpenStreamInfo"),
            CANNOT_READ_STREAM_INFO => Some("CannotReadStreamInfo"),
            CANNOT_CREATE_STREAM => Some("CannotCreateStream"),
            CANNOT_DELETE_STREAM => Some("CannotDeleteStream"),
            CANNOT_DELETE_STREAM_DIRECTORY => Some("CannotDeleteStreamDirectory"),
            STREAM_ID_NOT_FOUND => Some("StreamIdNotFound"),
            STREAM_NAME_NOT_FOUND => Some("StreamNameNotFound"),
            STREAM_DIRECTORY_NOT_FOUND => Some("StreamDirectoryNotFound"),
            STREAM_NAME_ALREADY_EXISTS => Some("StreamNameAlreadyExists"),
            INVALID_STREAM_NAME => Some("InvalidStreamName"),
            INVALID_STREAM_ID => Some("InvalidStreamId"),
            CANNOT_READ_STREAMS => Some("CannotReadStreams"),
            INVALID_TOPIC_SIZE => Some("InvalidTopicSize"),
            TOO_MANY_STREAMS => Some("TooManyStreams"),
            CANNOT_CREATE_TOPICS_DIRECTORY => Some("CannotCreateTopicsDirectory"),
            CANNOT_CREATE_TOPIC_DIRECTORY => Some("CannotCreateTopicDirectory"),
            CANNOT_CREATE_TOPIC_INFO => Some("CannotCreateTopicInfo"),
            CANNOT_UPDATE_TOPIC_INFO => Some("CannotUpdateTopicInfo"),
            CANNOT_OPEN_TOPIC_INFO => Some("CannotOpenTopicInfo"),
            CANNOT_READ_TOPIC_INFO => Some("CannotReadTopicInfo"),
            CANNOT_CREATE_TOPIC => Some("CannotCreateTopic"),
            CANNOT_DELETE_TOPIC => Some("CannotDeleteTopic"),
            CANNOT_DELETE_TOPIC_DIRECTORY => Some("CannotDeleteTopicDirectory"),
            CANNOT_POLL_TOPIC => Some("CannotPollTopic"),
            TOPIC_ID_NOT_FOUND => Some("TopicIdNotFound"),
            TOPIC_NAME_NOT_FOUND => Some("TopicNameNotFound"),
            TOPIC_NAME_ALREADY_EXISTS => Some("TopicNameAlreadyExists"),
            INVALID_TOPIC_NAME => Some("InvalidTopicName"),
            TOO_MANY_PARTITIONS => Some("TooManyPartitions"),
            INVALID_TOPIC_ID => Some("InvalidTopicId"),
            CANNOT_READ_TOPICS => Some("CannotReadTopics"),
            INVALID_REPLICATION_FACTOR => Some("InvalidReplicationFactor"),
            INVALID_PARTITIONS_COUNT => Some("InvalidPartitionsCount"),
            TOPIC_DIRECTORY_NOT_FOUND => Some("TopicDirectoryNotFound"),
            TOO_MANY_TOPICS => Some("TooManyTopics"),
            CANNOT_CREATE_PARTITION => Some("CannotCreatePartition"),
            CANNOT_CREATE_PARTITIONS_DIRECTORY => Some("CannotCreatePartitionsDirectory"),
            CANNOT_CREATE_PARTITION_DIRECTORY => Some("CannotCreatePartitionDirectory"),
            CANNOT_OPEN_PARTITION_LOG_FILE => Some("CannotOpenPartitionLogFile"),
            CANNOT_READ_PARTITIONS => Some("CannotReadPartitions"),
            CANNOT_DELETE_PARTITION => Some("CannotDeletePartition"),
            CANNOT_DELETE_PARTITION_DIRECTORY => Some("CannotDeletePartitionDirectory"),
            PARTITION_NOT_FOUND => Some("PartitionNotFound"),
            NO_PARTITIONS => Some("NoPartitions"),
            TOPIC_FULL => Some("TopicFull"),
            CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY => Some("CannotDeleteConsumerOffsetsDirectory"),
            CANNOT_DELETE_CONSUMER_OFFSET_FILE => Some("CannotDeleteConsumerOffsetFile"),
            CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY => Some("CannotCreateConsumerOffsetsDirectory"),
            PARTITION_ID_SPACE_EXHAUSTED => Some("PartitionIdSpaceExhausted"),
            CANNOT_READ_CONSUMER_OFFSETS => Some("CannotReadConsumerOffsets"),
            CONSUMER_OFFSET_NOT_FOUND => Some("ConsumerOffsetNotFound"),
            NOT_RESOLVED_CONSUMER => Some("NotResolvedConsumer"),
            CANNOT_OPEN_CONSUMER_OFFSETS_FILE => Some("CannotOpenConsumerOffsetsFile"),
            TOO_MANY_CONSUMER_OFFSETS => Some("TooManyConsumerOffsets"),
            SEGMENT_NOT_FOUND => Some("SegmentNotFound"),
            SEGMENT_CLOSED => Some("SegmentClosed"),
            INVALID_SEGMENT_SIZE => Some("InvalidSegmentSize"),
            CANNOT_CREATE_SEGMENT_LOG_FILE => Some("CannotCreateSegmentLogFile"),
            CANNOT_CREATE_SEGMENT_INDEX_FILE => Some("CannotCreateSegmentIndexFile"),
            CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE => Some("CannotCreateSegmentTimeIndexFile"),
            CANNOT_SAVE_MESSAGES_TO_SEGMENT => Some("CannotSaveMessagesToSegment"),
            CANNOT_SAVE_INDEX_TO_SEGMENT => Some("CannotSaveIndexToSegment"),
            CANNOT_SAVE_TIME_INDEX_TO_SEGMENT => Some("CannotSaveTimeIndexToSegment"),
            INVALID_MESSAGES_COUNT => Some("InvalidMessagesCount"),
            CANNOT_APPEND_MESSAGE => Some("CannotAppendMessage"),
            CANNOT_READ_MESSAGE => Some("CannotReadMessage"),
            CANNOT_READ_MESSAGE_ID => Some("CannotReadMessageId"),
            CANNOT_READ_MESSAGE_STATE => Some("CannotReadMessageState"),
            CANNOT_READ_MESSAGE_TIMESTAMP => Some("CannotReadMessageTimestamp"),
            CANNOT_READ_HEADERS_LENGTH => Some("CannotReadHeadersLength"),
            CANNOT_READ_HEADERS_PAYLOAD => Some("CannotReadHeadersPayload"),
            TOO_BIG_USER_HEADERS => Some("TooBigUserHeaders"),
            INVALID_HEADER_KEY => Some("InvalidHeaderKey"),
            INVALID_HEADER_VALUE => Some("InvalidHeaderValue"),
            CANNOT_READ_MESSAGE_LENGTH => Some("CannotReadMessageLength"),
            CANNOT_READ_MESSAGE_PAYLOAD => Some("CannotReadMessagePayload"),
            TOO_BIG_MESSAGE_PAYLOAD => Some("TooBigMessagePayload"),
            TOO_MANY_MESSAGES => Some("TooManyMessages"),
            EMPTY_MESSAGE_PAYLOAD => Some("EmptyMessagePayload"),
            INVALID_MESSAGE_PAYLOAD_LENGTH => Some("InvalidMessagePayloadLength"),
            CANNOT_READ_MESSAGE_CHECKSUM => Some("CannotReadMessageChecksum"),
            INVALID_MESSAGE_CHECKSUM => Some("InvalidMessageChecksum"),
            INVALID_KEY_VALUE_LENGTH => Some("InvalidKeyValueLength"),
            COMMAND_LENGTH_ERROR => Some("CommandLengthError"),
            INVALID_SEGMENTS_COUNT => Some("InvalidSegmentsCount"),
            NON_ZERO_OFFSET => Some("NonZeroOffset"),
            NON_ZERO_TIMESTAMP => Some("NonZeroTimestamp"),
            MISSING_INDEX => Some("MissingIndex"),
            INVALID_INDEXES_BYTE_SIZE => Some("InvalidIndexesByteSize"),
            INVALID_INDEXES_COUNT => Some("InvalidIndexesCount"),
            INVALID_MESSAGES_SIZE => Some("InvalidMessagesSize"),
            TOO_SMALL_MESSAGE => Some("TooSmallMessage"),
            INVALID_MESSAGE_TIMESTAMP_DELTA => Some("InvalidMessageTimestampDelta"),
            INVALID_BATCH_CHECKSUM => Some("InvalidBatchChecksum"),
            INVALID_HEADER_KIND => Some("InvalidHeaderKind"),
            UNSUPPORTED_OPTION_KEY => Some("UnsupportedOptionKey"),
            INVALID_OPTION_VALUE => Some("InvalidOptionValue"),
            OPTIONS_BLOCK_TOO_LARGE => Some("OptionsBlockTooLarge"),
            CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION => Some("CannotSendMessagesDueToClientDisconnection"),
            BACKGROUND_SEND_ERROR => Some("BackgroundSendError"),
            BACKGROUND_SEND_TIMEOUT => Some("BackgroundSendTimeout"),
            BACKGROUND_SEND_BUFFER_FULL => Some("BackgroundSendBufferFull"),
            BACKGROUND_WORKER_DISCONNECTED => Some("BackgroundWorkerDisconnected"),
            BACKGROUND_SEND_BUFFER_OVERFLOW => Some("BackgroundSendBufferOverflow"),
            PRODUCER_SEND_FAILED => Some("ProducerSendFailed"),
            PRODUCER_CLOSED => Some("ProducerClosed"),
            INVALID_OFFSET => Some("InvalidOffset"),
            INVALID_RESERVED_FIELD => Some("InvalidReservedField"),
            SEGMENT_SIZE_MISMATCH_AT_OPEN => Some("SegmentSizeMismatchAtOpen"),
            CONSUMER_GROUP_ID_NOT_FOUND => Some("ConsumerGroupIdNotFound"),
            INVALID_CONSUMER_GROUP_ID => Some("InvalidConsumerGroupId"),
            CONSUMER_GROUP_NAME_NOT_FOUND => Some("ConsumerGroupNameNotFound"),
            CONSUMER_GROUP_NAME_ALREADY_EXISTS => Some("ConsumerGroupNameAlreadyExists"),
            INVALID_CONSUMER_GROUP_NAME => Some("InvalidConsumerGroupName"),
            CONSUMER_GROUP_MEMBER_NOT_FOUND => Some("ConsumerGroupMemberNotFound"),
            CANNOT_CREATE_CONSUMER_GROUP_INFO => Some("CannotCreateConsumerGroupInfo"),
            CANNOT_DELETE_CONSUMER_GROUP_INFO => Some("CannotDeleteConsumerGroupInfo"),
            CONSUMER_GROUP_PARTITION_NOT_OWNED => Some("ConsumerGroupPartitionNotOwned"),
            MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH => Some("MissingBaseOffsetRetainedMessageBatch"),
            MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH => Some("MissingLastOffsetDeltaRetainedMessageBatch"),
            MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH => Some("MissingMaxTimestampRetainedMessageBatch"),
            MISSING_LENGTH_RETAINED_MESSAGE_BATCH => Some("MissingLengthRetainedMessageBatch"),
            MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH => Some("MissingPayloadRetainedMessageBatch"),
            CANNOT_READ_BATCH_BASE_OFFSET => Some("CannotReadBatchBaseOffset"),
            CANNOT_READ_BATCH_LENGTH => Some("CannotReadBatchLength"),
            CANNOT_READ_LAST_OFFSET_DELTA => Some("CannotReadLastOffsetDelta"),
            CANNOT_READ_MAX_TIMESTAMP => Some("CannotReadMaxTimestamp"),
            CANNOT_READ_BATCH_PAYLOAD => Some("CannotReadBatchPayload"),
            INVALID_CONNECTION_STRING => Some("InvalidConnectionString"),
            SNAPSHOT_FILE_COMPLETION_FAILED => Some("SnapshotFileCompletionFailed"),
            CANNOT_SERIALIZE_RESOURCE => Some("CannotSerializeResource"),
            CANNOT_DESERIALIZE_RESOURCE => Some("CannotDeserializeResource"),
            CANNOT_READ_FILE => Some("CannotReadFile"),
            CANNOT_READ_FILE_METADATA => Some("CannotReadFileMetadata"),
            CANNOT_SEEK_FILE => Some("CannotSeekFile"),
            CANNOT_APPEND_TO_FILE => Some("CannotAppendToFile"),
            CANNOT_WRITE_TO_FILE => Some("CannotWriteToFile"),
            CANNOT_OVERWRITE_FILE => Some("CannotOverwriteFile"),
            CANNOT_DELETE_FILE => Some("CannotDeleteFile"),
            CANNOT_SYNC_FILE => Some("CannotSyncFile"),
            CANNOT_READ_INDEX_OFFSET => Some("CannotReadIndexOffset"),
            CANNOT_READ_INDEX_POSITION => Some("CannotReadIndexPosition"),
            CANNOT_READ_INDEX_TIMESTAMP => Some("CannotReadIndexTimestamp"),
            TIMESTAMP_OUT_OF_RANGE => Some("TimestampOutOfRange"),
            SHARD_NOT_FOUND => Some("ShardNotFound"),
            SHARD_COMMUNICATION_ERROR => Some("ShardCommunicationError"),
            CANNOT_BIND_TO_SOCKET => Some("CannotBindToSocket"),
            TASK_TIMEOUT => Some("TaskTimeout"),
            IO_ERROR => Some("IoError"),
            ALREADY_AUTHENTICATED => Some("AlreadyAuthenticated"),
            INVALID_SESSION => Some("InvalidSession"),
            INCOMPATIBLE_PROTOCOL_VERSION => Some("IncompatibleProtocolVersion"),
            _ => None,
        }
    }
}

/// Kind byte of an identifier.
#[allow(dead_code)]
pub mod id_kind {
    /// u32 value, length byte 4
    pub const NUMERIC: u8 = 1;
    /// UTF-8 name, length 1..255
    pub const STRING: u8 = 2;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            NUMERIC => Some("Numeric"),
            STRING => Some("String"),
            _ => None,
        }
    }
}

/// Kind byte of a consumer.
#[allow(dead_code)]
pub mod consumer_kind {
    /// a single consumer; offsets keyed by its id
    pub const CONSUMER: u8 = 1;
    /// a consumer group; the connection must be a member
    pub const CONSUMER_GROUP: u8 = 2;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            CONSUMER => Some("Consumer"),
            CONSUMER_GROUP => Some("ConsumerGroup"),
            _ => None,
        }
    }
}

/// Kind byte of a polling strategy.
#[allow(dead_code)]
pub mod polling_kind {
    /// from the offset in value
    pub const OFFSET: u8 = 1;
    /// from the first message with timestamp >= value (µs)
    pub const TIMESTAMP: u8 = 2;
    /// from the first stored message
    pub const FIRST: u8 = 3;
    /// the last `count` messages
    pub const LAST: u8 = 4;
    /// from the stored offset + 1 (or the first message)
    pub const NEXT: u8 = 5;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            OFFSET => Some("Offset"),
            TIMESTAMP => Some("Timestamp"),
            FIRST => Some("First"),
            LAST => Some("Last"),
            NEXT => Some("Next"),
            _ => None,
        }
    }
}

/// Kind byte of a SendMessages partitioning.
#[allow(dead_code)]
pub mod partitioning_kind {
    /// round-robin over the topic's partitions; length 0
    pub const BALANCED: u8 = 1;
    /// explicit partition; length 4, u32 value
    pub const PARTITION_ID: u8 = 2;
    /// XXH32(key) mod partitions_count; length 1..255
    pub const MESSAGES_KEY: u8 = 3;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            BALANCED => Some("Balanced"),
            PARTITION_ID => Some("PartitionId"),
            MESSAGES_KEY => Some("MessagesKey"),
            _ => None,
        }
    }
}

/// Topic compression setting (stored only; 0.8 does not compress on the wire).
#[allow(dead_code)]
pub mod compression_algorithm {
    /// no compression (default)
    pub const NONE: u8 = 1;
    /// gzip
    pub const GZIP: u8 = 2;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            NONE => Some("None"),
            GZIP => Some("Gzip"),
            _ => None,
        }
    }
}

/// User account status.
#[allow(dead_code)]
pub mod user_status {
    /// may log in
    pub const ACTIVE: u8 = 1;
    /// login answers 47 UserInactive
    pub const INACTIVE: u8 = 2;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            ACTIVE => Some("Active"),
            INACTIVE => Some("Inactive"),
            _ => None,
        }
    }
}

/// Type tag of a user header key or value.
#[allow(dead_code)]
pub mod header_kind {
    /// opaque bytes
    pub const RAW: u8 = 1;
    /// UTF-8
    pub const STRING: u8 = 2;
    /// 1 byte 0/1
    pub const BOOL: u8 = 3;
    /// 1 byte
    pub const INT8: u8 = 4;
    /// 2 bytes LE
    pub const INT16: u8 = 5;
    /// 4 bytes LE
    pub const INT32: u8 = 6;
    /// 8 bytes LE
    pub const INT64: u8 = 7;
    /// 16 bytes LE
    pub const INT128: u8 = 8;
    /// 1 byte
    pub const UINT8: u8 = 9;
    /// 2 bytes LE
    pub const UINT16: u8 = 10;
    /// 4 bytes LE
    pub const UINT32: u8 = 11;
    /// 8 bytes LE
    pub const UINT64: u8 = 12;
    /// 16 bytes LE
    pub const UINT128: u8 = 13;
    /// 4 bytes LE IEEE 754
    pub const FLOAT32: u8 = 14;
    /// 8 bytes LE IEEE 754
    pub const FLOAT64: u8 = 15;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            RAW => Some("Raw"),
            STRING => Some("String"),
            BOOL => Some("Bool"),
            INT8 => Some("Int8"),
            INT16 => Some("Int16"),
            INT32 => Some("Int32"),
            INT64 => Some("Int64"),
            INT128 => Some("Int128"),
            UINT8 => Some("Uint8"),
            UINT16 => Some("Uint16"),
            UINT32 => Some("Uint32"),
            UINT64 => Some("Uint64"),
            UINT128 => Some("Uint128"),
            FLOAT32 => Some("Float32"),
            FLOAT64 => Some("Float64"),
            _ => None,
        }
    }

    /// The size a value of this kind must have; None for a kind of any 1..255 bytes or an unknown kind.
    pub fn fixed_size_bytes(value: u8) -> Option<usize> {
        match value {
            BOOL => Some(1),
            INT8 => Some(1),
            INT16 => Some(2),
            INT32 => Some(4),
            INT64 => Some(8),
            INT128 => Some(16),
            UINT8 => Some(1),
            UINT16 => Some(2),
            UINT32 => Some(4),
            UINT64 => Some(8),
            UINT128 => Some(16),
            FLOAT32 => Some(4),
            FLOAT64 => Some(8),
            _ => None,
        }
    }
}

/// Transport a client is connected with (ClientInfo).
#[allow(dead_code)]
pub mod transport {
    /// TCP (or TCP+TLS)
    pub const TCP: u8 = 1;
    /// QUIC
    pub const QUIC: u8 = 2;
    /// HTTP
    pub const HTTP: u8 = 3;
    /// WebSocket
    pub const WEB_SOCKET: u8 = 4;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            TCP => Some("Tcp"),
            QUIC => Some("Quic"),
            HTTP => Some("Http"),
            WEB_SOCKET => Some("WebSocket"),
            _ => None,
        }
    }
}

/// Role of a node in ClusterMetadata.
#[allow(dead_code)]
pub mod cluster_node_role {
    /// accepts writes
    pub const LEADER: u8 = 0;
    /// replica
    pub const FOLLOWER: u8 = 1;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            LEADER => Some("Leader"),
            FOLLOWER => Some("Follower"),
            _ => None,
        }
    }
}

/// Health of a node in ClusterMetadata.
#[allow(dead_code)]
pub mod cluster_node_status {
    /// serving
    pub const HEALTHY: u8 = 0;
    /// booting
    pub const STARTING: u8 = 1;
    /// shutting down
    pub const STOPPING: u8 = 2;
    /// not answering
    pub const UNREACHABLE: u8 = 3;
    /// under maintenance
    pub const MAINTENANCE: u8 = 4;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            HEALTHY => Some("Healthy"),
            STARTING => Some("Starting"),
            STOPPING => Some("Stopping"),
            UNREACHABLE => Some("Unreachable"),
            MAINTENANCE => Some("Maintenance"),
            _ => None,
        }
    }
}

/// Compression of the ZIP returned by GetSnapshot.
#[allow(dead_code)]
pub mod snapshot_compression {
    /// no compression
    pub const STORED: u8 = 1;
    /// deflate
    pub const DEFLATED: u8 = 2;
    /// bzip2
    pub const BZIP2: u8 = 3;
    /// zstd
    pub const ZSTD: u8 = 4;
    /// lzma
    pub const LZMA: u8 = 5;
    /// xz
    pub const XZ: u8 = 6;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            STORED => Some("Stored"),
            DEFLATED => Some("Deflated"),
            BZIP2 => Some("Bzip2"),
            ZSTD => Some("Zstd"),
            LZMA => Some("Lzma"),
            XZ => Some("Xz"),
            _ => None,
        }
    }
}

/// Section requested from GetSnapshot.
#[allow(dead_code)]
pub mod snapshot_type {
    /// file system overview
    pub const FILESYSTEM_OVERVIEW: u8 = 1;
    /// process list
    pub const PROCESS_LIST: u8 = 2;
    /// resource usage
    pub const RESOURCE_USAGE: u8 = 3;
    /// test section
    pub const TEST: u8 = 4;
    /// server logs
    pub const SERVER_LOGS: u8 = 5;
    /// server config
    pub const SERVER_CONFIG: u8 = 6;
    /// every section; must be the only type requested
    pub const ALL: u8 = 100;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            FILESYSTEM_OVERVIEW => Some("FilesystemOverview"),
            PROCESS_LIST => Some("ProcessList"),
            RESOURCE_USAGE => Some("ResourceUsage"),
            TEST => Some("Test"),
            SERVER_LOGS => Some("ServerLogs"),
            SERVER_CONFIG => Some("ServerConfig"),
            ALL => Some("All"),
            _ => None,
        }
    }
}

/// Segment writer of a server (HotPathStats.writer; this project's extension).
#[allow(dead_code)]
pub mod segment_writer_backend {
    /// pwritev + fdatasync system calls
    pub const PWRITEV: u8 = 1;
    /// io_uring submissions (vectored writes, linked fdatasync)
    pub const IO_URING: u8 = 2;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            PWRITEV => Some("Pwritev"),
            IO_URING => Some("IoUring"),
            _ => None,
        }
    }
}

/// Byte 60 of every 0.9 header (the VSR `Command`). Clients send Request and receive Reply or Eviction; any value above 29 makes the frame unparsable.
#[allow(dead_code)]
pub mod header_command {
    /// Invalid on the wire.
    pub const RESERVED: u8 = 0;
    /// Replica ping.
    pub const PING: u8 = 1;
    /// Replica pong.
    pub const PONG: u8 = 2;
    /// Unused by clients and the server.
    pub const PING_CLIENT: u8 = 3;
    /// Unused by clients and the server.
    pub const PONG_CLIENT: u8 = 4;
    /// Client request (RequestHeader).
    pub const REQUEST: u8 = 5;
    /// Replica prepare.
    pub const PREPARE: u8 = 6;
    /// Replica prepare acknowledgement.
    pub const PREPARE_OK: u8 = 7;
    /// Server reply to a request (ReplyHeader).
    pub const REPLY: u8 = 8;
    /// Replica commit.
    pub const COMMIT: u8 = 9;
    /// View change.
    pub const START_VIEW_CHANGE: u8 = 10;
    /// View change.
    pub const DO_VIEW_CHANGE: u8 = 11;
    /// View change.
    pub const START_VIEW: u8 = 12;
    /// Session-terminal error to a client (EvictionHeader).
    pub const EVICTION: u8 = 13;
    /// Replica authentication.
    pub const REPLICA_HELLO: u8 = 14;
    /// Replica authentication.
    pub const REPLICA_CHALLENGE: u8 = 15;
    /// Replica authentication.
    pub const REPLICA_FINISH: u8 = 16;
    /// View change.
    pub const REQUEST_START_VIEW: u8 = 17;
    /// Repair.
    pub const REQUEST_PREPARES: u8 = 18;
    /// Repair.
    pub const REPAIR_PREPARE: u8 = 19;
    /// Repair.
    pub const REPAIR_DONE: u8 = 20;
    /// Repair.
    pub const RANGE_EVICTED: u8 = 21;
    /// State transfer.
    pub const REQUEST_STATE_TRANSFER: u8 = 22;
    /// State transfer.
    pub const STATE_TRANSFER_TARGET: u8 = 23;
    /// State transfer.
    pub const REQUEST_STATE_CHUNK: u8 = 24;
    /// State transfer.
    pub const STATE_CHUNK: u8 = 25;
    /// Replica forwarding.
    pub const FORWARD_REGISTER: u8 = 26;
    /// Replica forwarding.
    pub const FORWARD_REGISTER_RESULT: u8 = 27;
    /// Replica forwarding.
    pub const FORWARD_LOGOUT: u8 = 28;
    /// Replica forwarding.
    pub const FORWARD_LOGOUT_RESULT: u8 = 29;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            RESERVED => Some("Reserved"),
            PING => Some("Ping"),
            PONG => Some("Pong"),
            PING_CLIENT => Some("PingClient"),
            PONG_CLIENT => Some("PongClient"),
            REQUEST => Some("Request"),
            PREPARE => Some("Prepare"),
            PREPARE_OK => Some("PrepareOk"),
            REPLY => Some("Reply"),
            COMMIT => Some("Commit"),
            START_VIEW_CHANGE => Some("StartViewChange"),
            DO_VIEW_CHANGE => Some("DoViewChange"),
            START_VIEW => Some("StartView"),
            EVICTION => Some("Eviction"),
            REPLICA_HELLO => Some("ReplicaHello"),
            REPLICA_CHALLENGE => Some("ReplicaChallenge"),
            REPLICA_FINISH => Some("ReplicaFinish"),
            REQUEST_START_VIEW => Some("RequestStartView"),
            REQUEST_PREPARES => Some("RequestPrepares"),
            REPAIR_PREPARE => Some("RepairPrepare"),
            REPAIR_DONE => Some("RepairDone"),
            RANGE_EVICTED => Some("RangeEvicted"),
            REQUEST_STATE_TRANSFER => Some("RequestStateTransfer"),
            STATE_TRANSFER_TARGET => Some("StateTransferTarget"),
            REQUEST_STATE_CHUNK => Some("RequestStateChunk"),
            STATE_CHUNK => Some("StateChunk"),
            FORWARD_REGISTER => Some("ForwardRegister"),
            FORWARD_REGISTER_RESULT => Some("ForwardRegisterResult"),
            FORWARD_LOGOUT => Some("ForwardLogout"),
            FORWARD_LOGOUT_RESULT => Some("ForwardLogoutResult"),
            _ => None,
        }
    }
}

/// What a 0.9 request does (RequestHeader.operation, echoed in the ReplyHeader). `plane`: register, non_replicated, logout, metadata, partition, segment or internal (never from a client). `result_framed`: the reply body starts with a result section (count u32, then count x {index u32, result u32}; a success is count 0 followed by the payload).
#[allow(dead_code)]
pub mod operation {
    /// Invalid on the wire.
    pub const RESERVED: u8 = 0;
    /// LoginRegister (40) and LoginRegisterWithPat (45): binds a session; the code is not on the wire.
    pub const REGISTER: u8 = 1;
    /// Every command without an operation of its own; its code rides in the request header's `code`.
    pub const NON_REPLICATED: u8 = 2;
    /// LogoutUser (39): ends the session.
    pub const LOGOUT: u8 = 3;
    /// Replica-internal; never from a client.
    pub const CREATE_TOPIC_WITH_ASSIGNMENTS: u8 = 64;
    /// Replica-internal; never from a client.
    pub const CREATE_PARTITIONS_WITH_ASSIGNMENTS: u8 = 65;
    /// Replica-internal; never from a client.
    pub const REMOVE_CONSUMER_GROUP_MEMBER: u8 = 66;
    /// Replica-internal; never from a client.
    pub const COMPLETE_CONSUMER_GROUP_REVOCATION: u8 = 67;
    /// Replica-internal (DeleteSegments resolves to it); never from a client.
    pub const TRUNCATE_PARTITION: u8 = 68;
    /// CreateStream (202).
    pub const CREATE_STREAM: u8 = 128;
    /// UpdateStream (204).
    pub const UPDATE_STREAM: u8 = 129;
    /// DeleteStream (203).
    pub const DELETE_STREAM: u8 = 130;
    /// PurgeStream (205).
    pub const PURGE_STREAM: u8 = 131;
    /// CreateTopic (302).
    pub const CREATE_TOPIC: u8 = 132;
    /// UpdateTopic (304).
    pub const UPDATE_TOPIC: u8 = 133;
    /// DeleteTopic (303).
    pub const DELETE_TOPIC: u8 = 134;
    /// PurgeTopic (305).
    pub const PURGE_TOPIC: u8 = 135;
    /// CreatePartitions (402).
    pub const CREATE_PARTITIONS: u8 = 136;
    /// DeletePartitions (403).
    pub const DELETE_PARTITIONS: u8 = 137;
    /// DeleteSegments (503): replicated but on neither plane, so its reply is not result-framed.
    pub const DELETE_SEGMENTS: u8 = 138;
    /// CreateConsumerGroup (602).
    pub const CREATE_CONSUMER_GROUP: u8 = 139;
    /// DeleteConsumerGroup (603).
    pub const DELETE_CONSUMER_GROUP: u8 = 140;
    /// CreateUser (33).
    pub const CREATE_USER: u8 = 141;
    /// UpdateUser (35).
    pub const UPDATE_USER: u8 = 142;
    /// DeleteUser (34).
    pub const DELETE_USER: u8 = 143;
    /// ChangePassword (37).
    pub const CHANGE_PASSWORD: u8 = 144;
    /// UpdatePermissions (36).
    pub const UPDATE_PERMISSIONS: u8 = 145;
    /// CreatePersonalAccessToken (42).
    pub const CREATE_PERSONAL_ACCESS_TOKEN: u8 = 146;
    /// DeletePersonalAccessToken (43).
    pub const DELETE_PERSONAL_ACCESS_TOKEN: u8 = 147;
    /// JoinConsumerGroup (604).
    pub const JOIN_CONSUMER_GROUP: u8 = 148;
    /// LeaveConsumerGroup (605).
    pub const LEAVE_CONSUMER_GROUP: u8 = 149;
    /// SendMessages (101): raw reply body (the send confirmation).
    pub const SEND_MESSAGES: u8 = 160;
    /// StoreConsumerOffset (121).
    pub const STORE_CONSUMER_OFFSET: u8 = 161;
    /// DeleteConsumerOffset (122).
    pub const DELETE_CONSUMER_OFFSET: u8 = 162;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            RESERVED => Some("Reserved"),
            REGISTER => Some("Register"),
            NON_REPLICATED => Some("NonReplicated"),
            LOGOUT => Some("Logout"),
            CREATE_TOPIC_WITH_ASSIGNMENTS => Some("CreateTopicWithAssignments"),
            CREATE_PARTITIONS_WITH_ASSIGNMENTS => Some("CreatePartitionsWithAssignments"),
            REMOVE_CONSUMER_GROUP_MEMBER => Some("RemoveConsumerGroupMember"),
            COMPLETE_CONSUMER_GROUP_REVOCATION => Some("CompleteConsumerGroupRevocation"),
            TRUNCATE_PARTITION => Some("TruncatePartition"),
            CREATE_STREAM => Some("CreateStream"),
            UPDATE_STREAM => Some("UpdateStream"),
            DELETE_STREAM => Some("DeleteStream"),
            PURGE_STREAM => Some("PurgeStream"),
            CREATE_TOPIC => Some("CreateTopic"),
            UPDATE_TOPIC => Some("UpdateTopic"),
            DELETE_TOPIC => Some("DeleteTopic"),
            PURGE_TOPIC => Some("PurgeTopic"),
            CREATE_PARTITIONS => Some("CreatePartitions"),
            DELETE_PARTITIONS => Some("DeletePartitions"),
            DELETE_SEGMENTS => Some("DeleteSegments"),
            CREATE_CONSUMER_GROUP => Some("CreateConsumerGroup"),
            DELETE_CONSUMER_GROUP => Some("DeleteConsumerGroup"),
            CREATE_USER => Some("CreateUser"),
            UPDATE_USER => Some("UpdateUser"),
            DELETE_USER => Some("DeleteUser"),
            CHANGE_PASSWORD => Some("ChangePassword"),
            UPDATE_PERMISSIONS => Some("UpdatePermissions"),
            CREATE_PERSONAL_ACCESS_TOKEN => Some("CreatePersonalAccessToken"),
            DELETE_PERSONAL_ACCESS_TOKEN => Some("DeletePersonalAccessToken"),
            JOIN_CONSUMER_GROUP => Some("JoinConsumerGroup"),
            LEAVE_CONSUMER_GROUP => Some("LeaveConsumerGroup"),
            SEND_MESSAGES => Some("SendMessages"),
            STORE_CONSUMER_OFFSET => Some("StoreConsumerOffset"),
            DELETE_CONSUMER_OFFSET => Some("DeleteConsumerOffset"),
            _ => None,
        }
    }
}

/// Byte 255 of an EvictionHeader: why the server ended the session. `error` is the error a client reports for it (an unknown reason reads as Unauthenticated).
#[allow(dead_code)]
pub mod eviction_reason {
    /// Invalid on the wire.
    pub const RESERVED: u8 = 0;
    /// No session is bound for the request's client id (a replicated request before login).
    pub const NO_SESSION: u8 = 1;
    /// Client release below the cluster's minimum.
    pub const CLIENT_RELEASE_TOO_LOW: u8 = 2;
    /// Client release above the cluster's maximum.
    pub const CLIENT_RELEASE_TOO_HIGH: u8 = 3;
    /// Invalid operation in the request header.
    pub const INVALID_REQUEST_OPERATION: u8 = 4;
    /// The body failed validation.
    pub const INVALID_REQUEST_BODY: u8 = 5;
    /// The body size does not match.
    pub const INVALID_REQUEST_BODY_SIZE: u8 = 6;
    /// The request's session is older than the client's current one (a zombie from before a re-login).
    pub const SESSION_TOO_LOW: u8 = 7;
    /// Session release differs from the client's.
    pub const SESSION_RELEASE_MISMATCH: u8 = 8;
    /// Login with a wrong username or password.
    pub const INVALID_CREDENTIALS: u8 = 9;
    /// Login with an unknown or expired personal access token.
    pub const INVALID_TOKEN: u8 = 10;
    /// Login of an inactive user.
    pub const USER_INACTIVE: u8 = 11;
    /// The client id belongs to another user, or the session could not be bound.
    pub const SESSION_ERROR: u8 = 12;
    /// A consumer-group member missed its heartbeats; it was logged out.
    pub const STALE_CLIENT: u8 = 13;
    /// The client's protocol version is outside the server's window (the header carries it).
    pub const INCOMPATIBLE_PROTOCOL: u8 = 14;
    /// A login body without a decodable version prefix, or a 0.8 login code.
    pub const MALFORMED_LOGIN: u8 = 15;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            RESERVED => Some("Reserved"),
            NO_SESSION => Some("NoSession"),
            CLIENT_RELEASE_TOO_LOW => Some("ClientReleaseTooLow"),
            CLIENT_RELEASE_TOO_HIGH => Some("ClientReleaseTooHigh"),
            INVALID_REQUEST_OPERATION => Some("InvalidRequestOperation"),
            INVALID_REQUEST_BODY => Some("InvalidRequestBody"),
            INVALID_REQUEST_BODY_SIZE => Some("InvalidRequestBodySize"),
            SESSION_TOO_LOW => Some("SessionTooLow"),
            SESSION_RELEASE_MISMATCH => Some("SessionReleaseMismatch"),
            INVALID_CREDENTIALS => Some("InvalidCredentials"),
            INVALID_TOKEN => Some("InvalidToken"),
            USER_INACTIVE => Some("UserInactive"),
            SESSION_ERROR => Some("SessionError"),
            STALE_CLIENT => Some("StaleClient"),
            INCOMPATIBLE_PROTOCOL => Some("IncompatibleProtocol"),
            MALFORMED_LOGIN => Some("MalformedLogin"),
            _ => None,
        }
    }
}

/// The ack byte at the end of StoreConsumerOffset and DeleteConsumerOffset (0.9).
#[allow(dead_code)]
pub mod ack_level {
    /// Apply locally on a single-replica partition (a single node treats it as Quorum).
    pub const NO_ACK: u8 = 0;
    /// Commit through the partition's consensus group; the official SDK always sends it.
    pub const QUORUM: u8 = 1;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            NO_ACK => Some("NoAck"),
            QUORUM => Some("Quorum"),
            _ => None,
        }
    }
}

/// Whose option catalog DescribeOptions describes.
#[allow(dead_code)]
pub mod option_scope {
    /// Topic options (the only scope with keys in 0.9).
    pub const TOPIC: u8 = 1;
    /// Stream options (none in 0.9).
    pub const STREAM: u8 = 2;
    /// User options (none in 0.9).
    pub const USER: u8 = 3;

    /// Iggy's name of a value.
    pub fn name(value: u8) -> Option<&'static str> {
        match value {
            TOPIC => Some("Topic"),
            STREAM => Some("Stream"),
            USER => Some("User"),
            _ => None,
        }
    }
}

/// Sizes, sentinels and limits of the protocol.
#[allow(dead_code)]
pub mod constants {
    /// Bytes before a request payload: length u32 + code u32.
    pub const REQUEST_HEADER_SIZE: usize = 8;
    /// Bytes before a response payload: status u32 + length u32.
    pub const RESPONSE_HEADER_SIZE: usize = 8;
    /// Response status of a successful command.
    pub const STATUS_OK: u32 = 0;
    /// 10 MiB cap on a request payload for every command except SendMessages (larger is answered with 3).
    pub const MAX_REQUEST_PAYLOAD_BYTES: u32 = 10_485_760;
    /// StatsExtension tag of a HotPathStats block (this project's extension to GetStats).
    pub const STATS_EXTENSION_HOT_PATH: u32 = 1;
    /// Fixed size of the header in front of every message frame, on the wire and on disk.
    pub const MESSAGE_HEADER_SIZE: usize = 64;
    /// Size of one SendMessages index entry and of one on-disk .index entry.
    pub const INDEX_ENTRY_SIZE: usize = 16;
    /// PollMessages answers always start with partition_id u32 | current_offset u64 | messages_count u32.
    pub const POLL_RESPONSE_PREFIX_SIZE: usize = 16;
    /// A numeric identifier's length byte must be exactly 4 (u32 value).
    pub const NUMERIC_IDENTIFIER_LENGTH: u8 = 4;
    /// optional_partition is always 5 bytes: flag u8 + partition_id u32 (0 when absent).
    pub const OPTIONAL_PARTITION_SIZE: usize = 5;
    /// polling_strategy is always 9 bytes: kind u8 + value u64.
    pub const POLLING_STRATEGY_SIZE: usize = 9;
    /// Ten one-byte booleans open every permissions block.
    pub const GLOBAL_PERMISSIONS_SIZE: usize = 10;
    /// u32::MAX sentinel (ClientInfo.user_id of a client that has not logged in).
    pub const U32_MAX: u32 = u32::MAX;
    /// u64::MAX sentinel (never-expire, unlimited size).
    pub const U64_MAX: u64 = u64::MAX;
    /// ClientInfo.user_id of a connection that has not logged in.
    pub const NOT_LOGGED_IN_USER_ID: u32 = u32::MAX;
    /// Expiry 0 in a request means the server default (stored as never for the default config).
    pub const MESSAGE_EXPIRY_SERVER_DEFAULT: u64 = 0;
    /// Expiry u64::MAX means messages never expire.
    pub const MESSAGE_EXPIRY_NEVER: u64 = u64::MAX;
    /// max_topic_size 0 in a request means the server default (unlimited for the default config).
    pub const MAX_TOPIC_SIZE_SERVER_DEFAULT: u64 = 0;
    /// max_topic_size u64::MAX means no size limit.
    pub const MAX_TOPIC_SIZE_UNLIMITED: u64 = u64::MAX;
    /// PersonalAccessTokenInfo.expiry_at 0 means the token never expires.
    pub const PERSONAL_ACCESS_TOKEN_NEVER_EXPIRES: u64 = 0;
    /// replication_factor 0 in a request means the default, stored and returned as 1.
    pub const REPLICATION_FACTOR_DEFAULT: u8 = 0;
    /// Shortest name (stream, topic, group, username, PAT name/token) on the wire.
    pub const NAME_MIN_BYTES: usize = 1;
    /// Longest name on the wire (u8 length prefix).
    pub const NAME_MAX_BYTES: usize = 255;
    /// Server rule: shorter usernames get 43 InvalidUsername.
    pub const USERNAME_MIN_BYTES: usize = 3;
    /// Server rule: longer usernames get 43 InvalidUsername.
    pub const USERNAME_MAX_BYTES: usize = 50;
    /// Server rule: shorter passwords get 44 InvalidPassword.
    pub const PASSWORD_MIN_BYTES: usize = 3;
    /// Server rule: longer passwords get 44 InvalidPassword.
    pub const PASSWORD_MAX_BYTES: usize = 100;
    /// Server rule: shorter PAT names get 50 InvalidPersonalAccessTokenName.
    pub const PERSONAL_ACCESS_TOKEN_NAME_MIN_BYTES: usize = 3;
    /// Server rule: longer PAT names get 50 InvalidPersonalAccessTokenName.
    pub const PERSONAL_ACCESS_TOKEN_NAME_MAX_BYTES: usize = 30;
    /// Creating one more PAT than this gets 52 PersonalAccessTokensLimitReached.
    pub const MAX_PERSONAL_ACCESS_TOKENS_PER_USER: u32 = 100;
    /// An empty message payload is rejected.
    pub const MESSAGE_PAYLOAD_MIN_BYTES: u32 = 1;
    /// Larger message payloads get 4022 TooBigMessagePayload.
    pub const MESSAGE_PAYLOAD_MAX_BYTES: u32 = 64_000_000;
    /// Larger user-header blocks (per message) get 4017 TooBigUserHeaders.
    pub const USER_HEADERS_MAX_BYTES: u32 = 100_000;
    /// User header keys are 1..255 bytes.
    pub const HEADER_KEY_MAX_BYTES: usize = 255;
    /// User header values are 1..255 bytes.
    pub const HEADER_VALUE_MAX_BYTES: usize = 255;
    /// partitions_count in CreateTopic/CreatePartitions/DeletePartitions above this gets 2015.
    pub const MAX_PARTITIONS_PER_REQUEST: u32 = 1000;
    /// Internal packing limit of the 0.8 server: streams per server.
    pub const MAX_STREAMS: u32 = 4096;
    /// Internal packing limit of the 0.8 server: topics per stream.
    pub const MAX_TOPICS_PER_STREAM: u32 = 4096;
    /// Internal packing limit of the 0.8 server: partitions per server.
    pub const MAX_PARTITIONS: u32 = 1_000_000;
    /// Default segment size (1 GiB); a max_topic_size other than 0/MAX must be at least the segment size.
    pub const DEFAULT_SEGMENT_SIZE_BYTES: u64 = 1_073_741_824;
    /// The default root user; it cannot be deleted (48) nor have its permissions changed (49).
    pub const ROOT_USER_ID: u32 = 0;
    /// Port of the 0.8 server's TCP listener in its default config.
    pub const DEFAULT_TCP_PORT: u16 = 8090;
    /// Port (UDP) of the 0.8 server's QUIC listener in its default config.
    pub const DEFAULT_QUIC_PORT: u16 = 8080;
    /// Port of the 0.8 server's HTTP REST API in its default config.
    pub const DEFAULT_HTTP_PORT: u16 = 3000;
    /// Port of the 0.8 server's WebSocket listener in its default config.
    pub const DEFAULT_WEBSOCKET_PORT: u16 = 8092;
    /// The official clients send Ping this often (and once at connect).
    pub const CLIENT_HEARTBEAT_INTERVAL_MS: u64 = 5000;
    /// Stats.iggy_server_semver of a 0.8.0 server: major*1000000 + minor*1000 + patch.
    pub const SERVER_SEMVER: u32 = 8000;
    /// Every 0.9 header (request, reply, eviction) is 256 bytes; the header's `size` counts it.
    pub const VSR_HEADER_SIZE: usize = 256;
    /// 64 MiB: the largest 0.9 frame (header included) the official server reads.
    pub const VSR_MAX_FRAME_BYTES: u32 = 67_108_864;
    /// The packed protocol version 0.9 clients send at login: semver 0.11.0 packed as major<<20 | minor<<10 | patch.
    pub const PROTOCOL_VERSION_0_9: u32 = 11_264;
    /// The lowest packed version a 0.9 server accepts (patch bits cleared); it accepts up to minor 11, any patch.
    pub const PROTOCOL_VERSION_0_9_MIN: u32 = 11_264;
    /// The 0.9 message batch header (primitive batch_header).
    pub const BATCH_HEADER_SIZE: usize = 256;
    /// The 0.9 per-message header (primitive frame_header).
    pub const FRAME_HEADER_SIZE: usize = 48;
    /// One entry of a 0.9 SendMessages confirmation (frozen stride).
    pub const SEND_CONFIRMATION_SIZE: usize = 20;
    /// partition_id of an empty 0.9 group poll that tells the member to SyncConsumerGroup again (it was fenced).
    pub const RESYNC_PARTITION_ID: u32 = u32::MAX;
    /// Most entries in one options block (more answers 4043).
    pub const OPTIONS_MAX_ENTRIES: u32 = 1024;
    /// Largest options block in bytes (larger answers 4043).
    pub const OPTIONS_MAX_BYTES: usize = 100_000;
    /// Replies a 0.9 server keeps per client for retried requests (older ones answer 59 RequestAlreadyApplied).
    pub const CLIENT_TABLE_REPLIES: usize = 5;
    /// 0.9: a consumer-group member silent for 1.2 x this is logged out and evicted with StaleClient.
    pub const SERVER_HEARTBEAT_INTERVAL_MS: u64 = 30_000;
}
