// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Wire codes, enums and constants of the Iggy 0.8.0 TCP protocol. */
public final class Codes {
    private Codes() {}

    /** Command code of a request frame ({@code length u32 | code u32 | payload}). */
    public static final class Command {
        private Command() {}

        /** Liveness check and heartbeat; refreshes the client's last heartbeat. */
        public static final int PING = 1;
        /** Server statistics. */
        public static final int GET_STATS = 10;
        /** Diagnostic snapshot of the server as a ZIP file. */
        public static final int GET_SNAPSHOT = 11;
        /** Cluster topology; the official clients send it right after every login. */
        public static final int GET_CLUSTER_METADATA = 12;
        /** The caller's own client session (unknown session: 100 ClientNotFound). */
        public static final int GET_ME = 20;
        /** One client session by id. */
        public static final int GET_CLIENT = 21;
        /** Every connected client, including unauthenticated ones. */
        public static final int GET_CLIENTS = 22;
        /** One user with permissions. */
        public static final int GET_USER = 31;
        /** Every user, ordered by id. */
        public static final int GET_USERS = 32;
        /** Create a user; answers the new user. */
        public static final int CREATE_USER = 33;
        /** Delete a user (root answers 48; unknown answers 20). */
        public static final int DELETE_USER = 34;
        /** Rename a user and/or change its status. */
        public static final int UPDATE_USER = 35;
        /** Replace a user's permissions (root answers 49). */
        public static final int UPDATE_PERMISSIONS = 36;
        /** Change a password; a wrong current password answers 42. */
        public static final int CHANGE_PASSWORD = 37;
        /** Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login. */
        public static final int LOGIN_USER = 38;
        /** Log out; the connection stays open and unauthenticated. */
        public static final int LOGOUT_USER = 39;
        /** The caller's personal access tokens, without secrets. */
        public static final int GET_PERSONAL_ACCESS_TOKENS = 41;
        /** Create a personal access token; the secret is returned once. */
        public static final int CREATE_PERSONAL_ACCESS_TOKEN = 42;
        /** Delete one of the caller's tokens (unknown answers 20). */
        public static final int DELETE_PERSONAL_ACCESS_TOKEN = 43;
        /** Log in with a token secret (unknown answers 20, expired 54). */
        public static final int LOGIN_WITH_PERSONAL_ACCESS_TOKEN = 44;
        /** Read messages from one partition; always answers at least the 16-byte prefix. */
        public static final int POLL_MESSAGES = 100;
        /** Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums. */
        public static final int SEND_MESSAGES = 101;
        /** Write a partition's buffered messages to disk. */
        public static final int FLUSH_UNSAVED_BUFFER = 102;
        /** The stored offset of a consumer or group; every lookup failure answers an empty OK. */
        public static final int GET_CONSUMER_OFFSET = 120;
        /** Store a consumer's offset (beyond the partition's last offset answers 4100). */
        public static final int STORE_CONSUMER_OFFSET = 121;
        /** Forget a consumer's stored offset (nothing stored answers 3021). */
        public static final int DELETE_CONSUMER_OFFSET = 122;
        /** One stream with its topics. */
        public static final int GET_STREAM = 200;
        /** Every stream, sorted by id. */
        public static final int GET_STREAMS = 201;
        /** Create a stream (ids are server-assigned); a taken name answers 1012. */
        public static final int CREATE_STREAM = 202;
        /** Delete a stream with all its topics and messages. */
        public static final int DELETE_STREAM = 203;
        /** Rename a stream (another stream's name answers 1012). */
        public static final int UPDATE_STREAM = 204;
        /** Delete every message of every topic of a stream, keeping the topics. */
        public static final int PURGE_STREAM = 205;
        /** One topic with its partitions. */
        public static final int GET_TOPIC = 300;
        /** Every topic of a stream, sorted by id; empty if the stream does not exist. */
        public static final int GET_TOPICS = 301;
        /** Create a topic with its partitions; a taken name answers 2013. */
        public static final int CREATE_TOPIC = 302;
        /** Delete a topic with its messages. */
        public static final int DELETE_TOPIC = 303;
        /** Change a topic's settings and name (the name comes last). */
        public static final int UPDATE_TOPIC = 304;
        /** Delete every message of a topic, keeping its partitions. */
        public static final int PURGE_TOPIC = 305;
        /** Append partitions to a topic (new ids follow the highest). */
        public static final int CREATE_PARTITIONS = 402;
        /** Remove the highest-numbered partitions of a topic. */
        public static final int DELETE_PARTITIONS = 403;
        /** Delete the oldest segments of a partition. */
        public static final int DELETE_SEGMENTS = 503;
        /** One consumer group with its members and their partitions. */
        public static final int GET_CONSUMER_GROUP = 600;
        /** Every consumer group of a topic. */
        public static final int GET_CONSUMER_GROUPS = 601;
        /** Create a consumer group over the topic's current partitions; a taken name answers 5004. */
        public static final int CREATE_CONSUMER_GROUP = 602;
        /** Delete a consumer group. */
        public static final int DELETE_CONSUMER_GROUP = 603;
        /** Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup. */
        public static final int JOIN_CONSUMER_GROUP = 604;
        /** Remove the caller's connection from a group (the group rebalances). */
        public static final int LEAVE_CONSUMER_GROUP = 605;

        /** Every command code, ascending. */
        public static final List<Integer> ALL = List.of(
            PING,
            GET_STATS,
            GET_SNAPSHOT,
            GET_CLUSTER_METADATA,
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
            GET_PERSONAL_ACCESS_TOKENS,
            CREATE_PERSONAL_ACCESS_TOKEN,
            DELETE_PERSONAL_ACCESS_TOKEN,
            LOGIN_WITH_PERSONAL_ACCESS_TOKEN,
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
            LEAVE_CONSUMER_GROUP);

        /** Commands a server accepts before login; every other one answers 40 Unauthenticated. */
        public static final Set<Integer> UNAUTHENTICATED = Set.of(PING, LOGIN_USER, LOGIN_WITH_PERSONAL_ACCESS_TOKEN);
    }

    /** Status of an error response frame ({@code status u32 | 0u32}); 0 means OK. */
    public static final class ErrorCode {
        private ErrorCode() {}

        public static final int ERROR = 1;
        public static final int INVALID_CONFIGURATION = 2;
        public static final int INVALID_COMMAND = 3;
        public static final int INVALID_FORMAT = 4;
        public static final int FEATURE_UNAVAILABLE = 5;
        public static final int INVALID_IDENTIFIER = 6;
        public static final int INVALID_VERSION = 7;
        public static final int DISCONNECTED = 8;
        public static final int CANNOT_ESTABLISH_CONNECTION = 9;
        public static final int CANNOT_CREATE_BASE_DIRECTORY = 10;
        public static final int CANNOT_CREATE_RUNTIME_DIRECTORY = 11;
        public static final int CANNOT_REMOVE_RUNTIME_DIRECTORY = 12;
        public static final int CANNOT_CREATE_STATE_DIRECTORY = 13;
        public static final int STATE_FILE_NOT_FOUND = 14;
        public static final int STATE_FILE_CORRUPTED = 15;
        public static final int INVALID_STATE_ENTRY_CHECKSUM = 16;
        public static final int CANNOT_OPEN_DATABASE = 19;
        public static final int RESOURCE_NOT_FOUND = 20;
        public static final int CANNOT_CLOSE_WEB_SOCKET_CONNECTION = 21;
        public static final int STALE_CLIENT = 30;
        public static final int TCP_ERROR = 31;
        public static final int QUIC_ERROR = 32;
        public static final int INVALID_SERVER_ADDRESS = 33;
        public static final int INVALID_CLIENT_ADDRESS = 34;
        public static final int INVALID_IP_ADDRESS = 35;
        public static final int HTTP_ERROR = 36;
        public static final int UNAUTHENTICATED = 40;
        public static final int UNAUTHORIZED = 41;
        public static final int INVALID_CREDENTIALS = 42;
        public static final int INVALID_USERNAME = 43;
        public static final int INVALID_PASSWORD = 44;
        public static final int INVALID_USER_STATUS = 45;
        public static final int USER_ALREADY_EXISTS = 46;
        public static final int USER_INACTIVE = 47;
        public static final int CANNOT_DELETE_USER = 48;
        public static final int CANNOT_CHANGE_PERMISSIONS = 49;
        public static final int INVALID_PERSONAL_ACCESS_TOKEN_NAME = 50;
        public static final int PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS = 51;
        public static final int PERSONAL_ACCESS_TOKENS_LIMIT_REACHED = 52;
        public static final int INVALID_PERSONAL_ACCESS_TOKEN = 53;
        public static final int PERSONAL_ACCESS_TOKEN_EXPIRED = 54;
        public static final int USERS_LIMIT_REACHED = 55;
        public static final int NOT_CONNECTED = 61;
        public static final int CLIENT_SHUTDOWN = 63;
        public static final int INVALID_TLS_DOMAIN = 64;
        public static final int INVALID_TLS_CERTIFICATE_PATH = 65;
        public static final int INVALID_TLS_CERTIFICATE = 66;
        public static final int FAILED_TO_ADD_CERTIFICATE = 67;
        public static final int INVALID_ENCRYPTION_KEY = 70;
        public static final int CANNOT_ENCRYPT_DATA = 71;
        public static final int CANNOT_DECRYPT_DATA = 72;
        public static final int INVALID_JWT_ALGORITHM = 73;
        public static final int INVALID_JWT_SECRET = 74;
        public static final int JWT_MISSING = 75;
        public static final int CANNOT_GENERATE_JWT = 76;
        public static final int ACCESS_TOKEN_MISSING = 77;
        public static final int INVALID_ACCESS_TOKEN = 78;
        public static final int CANNOT_FETCH_JWKS = 79;
        public static final int INVALID_SIZE_BYTES = 80;
        public static final int INVALID_UTF8 = 81;
        public static final int INVALID_NUMBER_ENCODING = 82;
        public static final int INVALID_BOOLEAN_VALUE = 83;
        public static final int INVALID_NUMBER_VALUE = 84;
        public static final int CLIENT_NOT_FOUND = 100;
        public static final int INVALID_CLIENT_ID = 101;
        public static final int CONNECTION_CLOSED = 206;
        public static final int CANNOT_PARSE_HEADER_KIND = 209;
        public static final int HTTP_RESPONSE_ERROR = 300;
        public static final int INVALID_HTTP_REQUEST = 301;
        public static final int INVALID_JSON_RESPONSE = 302;
        public static final int INVALID_BYTES_RESPONSE = 303;
        public static final int EMPTY_RESPONSE = 304;
        public static final int CANNOT_CREATE_ENDPOINT = 305;
        public static final int CANNOT_PARSE_URL = 306;
        public static final int WEB_SOCKET_ERROR = 400;
        public static final int WEB_SOCKET_CONNECTION_ERROR = 401;
        public static final int WEB_SOCKET_CLOSE_ERROR = 402;
        public static final int WEB_SOCKET_RECEIVE_ERROR = 403;
        public static final int WEB_SOCKET_SEND_ERROR = 404;
        public static final int CANNOT_CREATE_STREAMS_DIRECTORY = 1000;
        public static final int CANNOT_CREATE_STREAM_DIRECTORY = 1001;
        public static final int CANNOT_CREATE_STREAM_INFO = 1002;
        public static final int CANNOT_UPDATE_STREAM_INFO = 1003;
        public static final int CANNOT_OPEN_STREAM_INFO = 1004;
        public static final int CANNOT_READ_STREAM_INFO = 1005;
        public static final int CANNOT_CREATE_STREAM = 1006;
        public static final int CANNOT_DELETE_STREAM = 1007;
        public static final int CANNOT_DELETE_STREAM_DIRECTORY = 1008;
        public static final int STREAM_ID_NOT_FOUND = 1009;
        public static final int STREAM_NAME_NOT_FOUND = 1010;
        public static final int STREAM_DIRECTORY_NOT_FOUND = 1011;
        public static final int STREAM_NAME_ALREADY_EXISTS = 1012;
        public static final int INVALID_STREAM_NAME = 1013;
        public static final int INVALID_STREAM_ID = 1014;
        public static final int CANNOT_READ_STREAMS = 1015;
        public static final int INVALID_TOPIC_SIZE = 1019;
        public static final int CANNOT_CREATE_TOPICS_DIRECTORY = 2000;
        public static final int CANNOT_CREATE_TOPIC_DIRECTORY = 2001;
        public static final int CANNOT_CREATE_TOPIC_INFO = 2002;
        public static final int CANNOT_UPDATE_TOPIC_INFO = 2003;
        public static final int CANNOT_OPEN_TOPIC_INFO = 2004;
        public static final int CANNOT_READ_TOPIC_INFO = 2005;
        public static final int CANNOT_CREATE_TOPIC = 2006;
        public static final int CANNOT_DELETE_TOPIC = 2007;
        public static final int CANNOT_DELETE_TOPIC_DIRECTORY = 2008;
        public static final int CANNOT_POLL_TOPIC = 2009;
        public static final int TOPIC_ID_NOT_FOUND = 2010;
        public static final int TOPIC_NAME_NOT_FOUND = 2011;
        public static final int TOPIC_NAME_ALREADY_EXISTS = 2013;
        public static final int INVALID_TOPIC_NAME = 2014;
        public static final int TOO_MANY_PARTITIONS = 2015;
        public static final int INVALID_TOPIC_ID = 2016;
        public static final int CANNOT_READ_TOPICS = 2017;
        public static final int INVALID_REPLICATION_FACTOR = 2018;
        public static final int INVALID_PARTITIONS_COUNT = 2019;
        public static final int TOPIC_DIRECTORY_NOT_FOUND = 2020;
        public static final int CANNOT_CREATE_PARTITION = 3000;
        public static final int CANNOT_CREATE_PARTITIONS_DIRECTORY = 3001;
        public static final int CANNOT_CREATE_PARTITION_DIRECTORY = 3002;
        public static final int CANNOT_OPEN_PARTITION_LOG_FILE = 3003;
        public static final int CANNOT_READ_PARTITIONS = 3004;
        public static final int CANNOT_DELETE_PARTITION = 3005;
        public static final int CANNOT_DELETE_PARTITION_DIRECTORY = 3006;
        public static final int PARTITION_NOT_FOUND = 3007;
        public static final int NO_PARTITIONS = 3008;
        public static final int TOPIC_FULL = 3009;
        public static final int CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY = 3010;
        public static final int CANNOT_DELETE_CONSUMER_OFFSET_FILE = 3011;
        public static final int CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY = 3012;
        public static final int CANNOT_READ_CONSUMER_OFFSETS = 3020;
        public static final int CONSUMER_OFFSET_NOT_FOUND = 3021;
        public static final int NOT_RESOLVED_CONSUMER = 3022;
        public static final int CANNOT_OPEN_CONSUMER_OFFSETS_FILE = 3023;
        public static final int SEGMENT_NOT_FOUND = 4000;
        public static final int SEGMENT_CLOSED = 4001;
        public static final int INVALID_SEGMENT_SIZE = 4002;
        public static final int CANNOT_CREATE_SEGMENT_LOG_FILE = 4003;
        public static final int CANNOT_CREATE_SEGMENT_INDEX_FILE = 4004;
        public static final int CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE = 4005;
        public static final int CANNOT_SAVE_MESSAGES_TO_SEGMENT = 4006;
        public static final int CANNOT_SAVE_INDEX_TO_SEGMENT = 4007;
        public static final int CANNOT_SAVE_TIME_INDEX_TO_SEGMENT = 4008;
        public static final int INVALID_MESSAGES_COUNT = 4009;
        public static final int CANNOT_APPEND_MESSAGE = 4010;
        public static final int CANNOT_READ_MESSAGE = 4011;
        public static final int CANNOT_READ_MESSAGE_ID = 4012;
        public static final int CANNOT_READ_MESSAGE_STATE = 4013;
        public static final int CANNOT_READ_MESSAGE_TIMESTAMP = 4014;
        public static final int CANNOT_READ_HEADERS_LENGTH = 4015;
        public static final int CANNOT_READ_HEADERS_PAYLOAD = 4016;
        public static final int TOO_BIG_USER_HEADERS = 4017;
        public static final int INVALID_HEADER_KEY = 4018;
        public static final int INVALID_HEADER_VALUE = 4019;
        public static final int CANNOT_READ_MESSAGE_LENGTH = 4020;
        public static final int CANNOT_READ_MESSAGE_PAYLOAD = 4021;
        public static final int TOO_BIG_MESSAGE_PAYLOAD = 4022;
        public static final int TOO_MANY_MESSAGES = 4023;
        public static final int EMPTY_MESSAGE_PAYLOAD = 4024;
        public static final int INVALID_MESSAGE_PAYLOAD_LENGTH = 4025;
        public static final int CANNOT_READ_MESSAGE_CHECKSUM = 4026;
        public static final int INVALID_MESSAGE_CHECKSUM = 4027;
        public static final int INVALID_KEY_VALUE_LENGTH = 4028;
        public static final int COMMAND_LENGTH_ERROR = 4029;
        public static final int INVALID_SEGMENTS_COUNT = 4030;
        public static final int NON_ZERO_OFFSET = 4031;
        public static final int NON_ZERO_TIMESTAMP = 4032;
        public static final int MISSING_INDEX = 4033;
        public static final int INVALID_INDEXES_BYTE_SIZE = 4034;
        public static final int INVALID_INDEXES_COUNT = 4035;
        public static final int INVALID_MESSAGES_SIZE = 4036;
        public static final int TOO_SMALL_MESSAGE = 4037;
        public static final int INVALID_MESSAGE_TIMESTAMP_DELTA = 4038;
        public static final int INVALID_BATCH_CHECKSUM = 4039;
        public static final int INVALID_HEADER_KIND = 4040;
        public static final int CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION = 4050;
        public static final int BACKGROUND_SEND_ERROR = 4051;
        public static final int BACKGROUND_SEND_TIMEOUT = 4052;
        public static final int BACKGROUND_SEND_BUFFER_FULL = 4053;
        public static final int BACKGROUND_WORKER_DISCONNECTED = 4054;
        public static final int BACKGROUND_SEND_BUFFER_OVERFLOW = 4055;
        public static final int PRODUCER_SEND_FAILED = 4056;
        public static final int PRODUCER_CLOSED = 4057;
        public static final int INVALID_OFFSET = 4100;
        public static final int INVALID_RESERVED_FIELD = 4101;
        public static final int CONSUMER_GROUP_ID_NOT_FOUND = 5000;
        public static final int INVALID_CONSUMER_GROUP_ID = 5002;
        public static final int CONSUMER_GROUP_NAME_NOT_FOUND = 5003;
        public static final int CONSUMER_GROUP_NAME_ALREADY_EXISTS = 5004;
        public static final int INVALID_CONSUMER_GROUP_NAME = 5005;
        public static final int CONSUMER_GROUP_MEMBER_NOT_FOUND = 5006;
        public static final int CANNOT_CREATE_CONSUMER_GROUP_INFO = 5007;
        public static final int CANNOT_DELETE_CONSUMER_GROUP_INFO = 5008;
        public static final int MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH = 6000;
        public static final int MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH = 6001;
        public static final int MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH = 6002;
        public static final int MISSING_LENGTH_RETAINED_MESSAGE_BATCH = 6003;
        public static final int MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH = 6004;
        public static final int CANNOT_READ_BATCH_BASE_OFFSET = 7000;
        public static final int CANNOT_READ_BATCH_LENGTH = 7001;
        public static final int CANNOT_READ_LAST_OFFSET_DELTA = 7002;
        public static final int CANNOT_READ_MAX_TIMESTAMP = 7003;
        public static final int CANNOT_READ_BATCH_PAYLOAD = 7004;
        public static final int INVALID_CONNECTION_STRING = 8000;
        public static final int SNAPSHOT_FILE_COMPLETION_FAILED = 9000;
        public static final int CANNOT_SERIALIZE_RESOURCE = 10000;
        public static final int CANNOT_DESERIALIZE_RESOURCE = 10001;
        public static final int CANNOT_READ_FILE = 10002;
        public static final int CANNOT_READ_FILE_METADATA = 10003;
        public static final int CANNOT_SEEK_FILE = 10004;
        public static final int CANNOT_APPEND_TO_FILE = 10005;
        public static final int CANNOT_WRITE_TO_FILE = 10006;
        public static final int CANNOT_OVERWRITE_FILE = 10007;
        public static final int CANNOT_DELETE_FILE = 10008;
        public static final int CANNOT_SYNC_FILE = 10009;
        public static final int CANNOT_READ_INDEX_OFFSET = 10010;
        public static final int CANNOT_READ_INDEX_POSITION = 10011;
        public static final int CANNOT_READ_INDEX_TIMESTAMP = 10012;
        public static final int TIMESTAMP_OUT_OF_RANGE = 10013;
        public static final int SHARD_NOT_FOUND = 11000;
        public static final int SHARD_COMMUNICATION_ERROR = 11001;
        public static final int CANNOT_BIND_TO_SOCKET = 12000;
        public static final int TASK_TIMEOUT = 12001;
        public static final int IO_ERROR = 13000;
    }

    /** Server message text per error code ('…' stands for a runtime value). */
    public static final Map<Integer, String> ERROR_MESSAGES = Map.ofEntries(
        Map.entry(1, "Error"),
        Map.entry(2, "Invalid configuration"),
        Map.entry(3, "Invalid command"),
        Map.entry(4, "Invalid format"),
        Map.entry(5, "Feature is unavailable"),
        Map.entry(6, "Invalid identifier"),
        Map.entry(7, "Invalid version: …"),
        Map.entry(8, "Disconnected"),
        Map.entry(9, "Cannot establish connection"),
        Map.entry(10, "Cannot create base directory, Path: …"),
        Map.entry(11, "Cannot create runtime directory, Path: …"),
        Map.entry(12, "Cannot remove runtime directory, Path: …"),
        Map.entry(13, "Cannot create state directory, Path: …"),
        Map.entry(14, "State file not found"),
        Map.entry(15, "State file corrupted"),
        Map.entry(16, "Invalid state entry checksum: …, expected: …, for index: …"),
        Map.entry(19, "Cannot open database, Path: …"),
        Map.entry(20, "Resource with key: … was not found."),
        Map.entry(21, "Cannot close WebSocket connection"),
        Map.entry(30, "Stale client"),
        Map.entry(31, "TCP error"),
        Map.entry(32, "QUIC error"),
        Map.entry(33, "Invalid server address"),
        Map.entry(34, "Invalid client address"),
        Map.entry(35, "Invalid IP address: …:…"),
        Map.entry(36, "Http error …"),
        Map.entry(40, "Unauthenticated"),
        Map.entry(41, "Unauthorized"),
        Map.entry(42, "Invalid credentials"),
        Map.entry(43, "Invalid username"),
        Map.entry(44, "Invalid password"),
        Map.entry(45, "Invalid user status"),
        Map.entry(46, "User already exists"),
        Map.entry(47, "User inactive"),
        Map.entry(48, "Cannot delete user with ID: …"),
        Map.entry(49, "Cannot change permissions for user with ID: …"),
        Map.entry(50, "Invalid personal access token name"),
        Map.entry(51, "Personal access token: … for user with ID: … already exists"),
        Map.entry(52, "User with ID: … has reached the maximum number of personal access tokens: …"),
        Map.entry(53, "Invalid personal access token"),
        Map.entry(54, "Personal access token: … for user with ID: … has expired."),
        Map.entry(55, "Users limit reached."),
        Map.entry(61, "Not connected"),
        Map.entry(63, "Client shutdown"),
        Map.entry(64, "Invalid TLS domain"),
        Map.entry(65, "Invalid TLS certificate path"),
        Map.entry(66, "Invalid TLS certificate"),
        Map.entry(67, "Failed to add certificate"),
        Map.entry(70, "Invalid encryption key"),
        Map.entry(71, "Cannot encrypt data"),
        Map.entry(72, "Cannot decrypt data"),
        Map.entry(73, "Invalid JWT algorithm: …"),
        Map.entry(74, "Invalid JWT secret"),
        Map.entry(75, "JWT is missing"),
        Map.entry(76, "Cannot generate JWT"),
        Map.entry(77, "Access token is missing"),
        Map.entry(78, "Invalid access token"),
        Map.entry(79, "Cannot fetch JWKS from URL: …"),
        Map.entry(80, "Invalid size bytes"),
        Map.entry(81, "Invalid UTF-8"),
        Map.entry(82, "Invalid number encoding"),
        Map.entry(83, "Invalid boolean value"),
        Map.entry(84, "Invalid number value"),
        Map.entry(100, "Client with ID: … was not found."),
        Map.entry(101, "Invalid client ID"),
        Map.entry(206, "Connection closed"),
        Map.entry(209, "Cannot parse header kind from …"),
        Map.entry(300, "HTTP response error, status: …, body: …"),
        Map.entry(301, "Invalid HTTP request"),
        Map.entry(302, "Invalid JSON response"),
        Map.entry(303, "Invalid bytes response"),
        Map.entry(304, "Empty response"),
        Map.entry(305, "Cannot create endpoint"),
        Map.entry(306, "Cannot parse URL"),
        Map.entry(400, "WebSocket error"),
        Map.entry(401, "WebSocket connection error"),
        Map.entry(402, "WebSocket close error"),
        Map.entry(403, "WebSocket receive error"),
        Map.entry(404, "WebSocket send error"),
        Map.entry(1000, "Cannot create streams directory, Path: …"),
        Map.entry(1001, "Cannot create stream with ID: … directory, Path: …"),
        Map.entry(1002, "Failed to create stream info file for stream with ID: …"),
        Map.entry(1003, "Failed to update stream info for stream with ID: …"),
        Map.entry(1004, "Failed to open stream info file for stream with ID: …"),
        Map.entry(1005, "Failed to read stream info file for stream with ID: …"),
        Map.entry(1006, "Failed to create stream with ID: …"),
        Map.entry(1007, "Failed to delete stream with ID: …"),
        Map.entry(1008, "Failed to delete stream directory with ID: …"),
        Map.entry(1009, "Stream with ID: … was not found."),
        Map.entry(1010, "Stream with name: … was not found."),
        Map.entry(1011, "Stream with directory … was not found."),
        Map.entry(1012, "Stream with name: … already exists."),
        Map.entry(1013, "Invalid stream name"),
        Map.entry(1014, "Invalid stream ID"),
        Map.entry(1015, "Cannot read streams"),
        Map.entry(1019, "Max topic size cannot be lower than segment size"),
        Map.entry(2000, "Cannot create topics directory for stream with ID: …, Path: …"),
        Map.entry(2001, "Failed to create directory for topic with ID: … for stream with ID: …, Path: …"),
        Map.entry(2002, "Failed to create topic info file for topic with ID: … for stream with ID: …."),
        Map.entry(2003, "Failed to update topic info for topic with ID: … for stream with ID: …."),
        Map.entry(2004, "Failed to open topic info file for topic with ID: … for stream with ID: …."),
        Map.entry(2005, "Failed to read topic info file for topic with ID: … for stream with ID: …."),
        Map.entry(2006, "Failed to create topic with ID: … for stream with ID: …."),
        Map.entry(2007, "Failed to delete topic with ID: … for stream with ID: …."),
        Map.entry(2008, "Failed to delete topic directory with ID: … for stream with ID: …, Path: …"),
        Map.entry(2009, "Cannot poll topic"),
        Map.entry(2010, "Topic with ID: … for stream with ID: … was not found."),
        Map.entry(2011, "Topic with name: … for stream with ID: … was not found."),
        Map.entry(2013, "Topic with name: … for stream with ID: … already exists."),
        Map.entry(2014, "Invalid topic name"),
        Map.entry(2015, "Too many partitions"),
        Map.entry(2016, "Invalid topic ID"),
        Map.entry(2017, "Cannot read topics for stream with ID: …"),
        Map.entry(2018, "Invalid replication factor"),
        Map.entry(2019, "Invalid partitions count"),
        Map.entry(2020, "Topic directory: … not found"),
        Map.entry(3000, "Cannot create partition with ID: … for stream with ID: … and topic with ID: …"),
        Map.entry(3001, "Failed to create directory for partitions"),
        Map.entry(3002, "Failed to create directory for partition"),
        Map.entry(3003, "Cannot open partition log file"),
        Map.entry(3004, "Cannot read partitions directories."),
        Map.entry(3005, "Failed to delete partition"),
        Map.entry(3006, "Failed to delete partition directory"),
        Map.entry(3007, "Partition with ID: … for topic with ID: … for stream with ID: … was not found."),
        Map.entry(3008, "Topic with ID: … for stream with ID: … has no partitions."),
        Map.entry(3009, "Cannot read partitions for topic with ID: … for stream with ID: …"),
        Map.entry(3010, "Failed to delete consumer offsets directory for path: …"),
        Map.entry(3011, "Failed to delete consumer offset file for path: …"),
        Map.entry(3012, "Failed to create consumer offsets directory for path: …"),
        Map.entry(3020, "Failed to read consumers offsets from path: …"),
        Map.entry(3021, "Consumer offset for consumer with ID: … was not found."),
        Map.entry(3022, "Failed to resolve consumer with ID: …"),
        Map.entry(3023, "Cannot open consumer offsets file for path: …"),
        Map.entry(4000, "Segment not found"),
        Map.entry(4001, "Segment with start offset: … and partition with ID: … is closed"),
        Map.entry(4002, "Segment size is invalid"),
        Map.entry(4003, "Failed to create segment log file for Path: …."),
        Map.entry(4004, "Failed to create segment index file for Path: …."),
        Map.entry(4005, "Failed to create segment time index file for Path: …."),
        Map.entry(4006, "Cannot save messages to segment."),
        Map.entry(4007, "Cannot save index to segment."),
        Map.entry(4008, "Cannot save time index to segment."),
        Map.entry(4009, "Invalid messages count"),
        Map.entry(4010, "Cannot append message"),
        Map.entry(4011, "Cannot read message"),
        Map.entry(4012, "Cannot read message ID"),
        Map.entry(4013, "Cannot read message state"),
        Map.entry(4014, "Cannot read message timestamp"),
        Map.entry(4015, "Cannot read headers length"),
        Map.entry(4016, "Cannot read headers payload"),
        Map.entry(4017, "Too big headers payload"),
        Map.entry(4018, "Invalid header key"),
        Map.entry(4019, "Invalid header value"),
        Map.entry(4020, "Cannot read message length"),
        Map.entry(4021, "Cannot save messages to segment"),
        Map.entry(4022, "Too big message payload"),
        Map.entry(4023, "Too many messages"),
        Map.entry(4024, "Empty message payload"),
        Map.entry(4025, "Invalid message payload length"),
        Map.entry(4026, "Cannot read message checksum"),
        Map.entry(4027, "Invalid message checksum: …, expected: …, for offset: …"),
        Map.entry(4028, "Invalid key value length"),
        Map.entry(4029, "Command length error: …"),
        Map.entry(4030, "Incorrect Segments Count size: …"),
        Map.entry(4031, "Non-zero offset: … at index: …"),
        Map.entry(4032, "Non-zero timestamp: … at index: …"),
        Map.entry(4033, "Missing index: …"),
        Map.entry(4034, "Invalid indexes byte size: …B, should be divisible by 16"),
        Map.entry(4035, "Invalid indexes count: …, expected: …"),
        Map.entry(4036, "Invalid messages byte size: …B, expected: …B"),
        Map.entry(4037, "Too small message: …B, expected: …B"),
        Map.entry(4038, "Invalid message timestamp delta: … microseconds exceeds the per-batch limit"),
        Map.entry(4039, "Invalid batch checksum: …, expected: …, for base offset: …"),
        Map.entry(4040, "Invalid header kind code: …"),
        Map.entry(4050, "Cannot sed messages due to client disconnection"),
        Map.entry(4051, "Background send error"),
        Map.entry(4052, "Background send timeout"),
        Map.entry(4053, "Background send buffer is full"),
        Map.entry(4054, "Background worker disconnected"),
        Map.entry(4055, "Background send buffer overflow"),
        Map.entry(4056, "Producer send failed (client-side)"),
        Map.entry(4057, "Producer closed"),
        Map.entry(4100, "Invalid offset: …"),
        Map.entry(4101, "Invalid reserved field value: …, expected: 0"),
        Map.entry(5000, "Consumer group with ID: … for topic with ID: … was not found."),
        Map.entry(5002, "Invalid consumer group ID"),
        Map.entry(5003, "Consumer group with name: … for topic with ID: … was not found."),
        Map.entry(5004, "Consumer group with name: … for topic with ID: … already exists."),
        Map.entry(5005, "Invalid consumer group name"),
        Map.entry(5006, "Consumer group member (client) not found in group"),
        Map.entry(5007, "Failed to create consumer group info file"),
        Map.entry(5008, "Failed to delete consumer group info file"),
        Map.entry(6000, "Base offset is missing"),
        Map.entry(6001, "Last offset delta is missing"),
        Map.entry(6002, "Max timestamp is missing"),
        Map.entry(6003, "Length is missing"),
        Map.entry(6004, "Payload is missing"),
        Map.entry(7000, "Cannot read batch base offset"),
        Map.entry(7001, "Cannot read batch length"),
        Map.entry(7002, "Cannot read batch last offset delta"),
        Map.entry(7003, "Cannot read batch maximum timestamp"),
        Map.entry(7004, "Cannot read batch payload"),
        Map.entry(8000, "Invalid connection string"),
        Map.entry(9000, "Snapshot file completion failed"),
        Map.entry(10000, "Cannot serialize resource"),
        Map.entry(10001, "Cannot deserialize resource"),
        Map.entry(10002, "Cannot read file"),
        Map.entry(10003, "Cannot read file metadata"),
        Map.entry(10004, "Cannot seek file"),
        Map.entry(10005, "Cannot append to file"),
        Map.entry(10006, "Cannot write to file"),
        Map.entry(10007, "Cannot overwrite file"),
        Map.entry(10008, "Cannot delete file"),
        Map.entry(10009, "Cannot sync file"),
        Map.entry(10010, "Cannot read index offset"),
        Map.entry(10011, "Cannot read index position"),
        Map.entry(10012, "Cannot read index timestamp"),
        Map.entry(10013, "Timestamp out of range: …"),
        Map.entry(11000, "Shard not found for stream ID: …, topic ID: …, partition ID: …"),
        Map.entry(11001, "Shard communication error"),
        Map.entry(12000, "Cannot bind to socket with addr: …"),
        Map.entry(12001, "Task execution timeout"),
        Map.entry(13000, "IO error: …"));

    /** Kind byte of an identifier. */
    public static final class IdKind {
        private IdKind() {}

        /** u32 value, length byte 4 */
        public static final int NUMERIC = 1;
        /** UTF-8 name, length 1..255 */
        public static final int STRING = 2;
    }

    /** Kind byte of a consumer. */
    public static final class ConsumerKind {
        private ConsumerKind() {}

        /** a single consumer; offsets keyed by its id */
        public static final int CONSUMER = 1;
        /** a consumer group; the connection must be a member */
        public static final int CONSUMER_GROUP = 2;
    }

    /** Kind byte of a polling strategy. */
    public static final class PollingKind {
        private PollingKind() {}

        /** from the offset in value */
        public static final int OFFSET = 1;
        /** from the first message with timestamp >= value (µs) */
        public static final int TIMESTAMP = 2;
        /** from the first stored message */
        public static final int FIRST = 3;
        /** the last `count` messages */
        public static final int LAST = 4;
        /** from the stored offset + 1 (or the first message) */
        public static final int NEXT = 5;
    }

    /** Kind byte of a SendMessages partitioning. */
    public static final class PartitioningKind {
        private PartitioningKind() {}

        /** round-robin over the topic's partitions; length 0 */
        public static final int BALANCED = 1;
        /** explicit partition; length 4, u32 value */
        public static final int PARTITION_ID = 2;
        /** XXH32(key) mod partitions_count; length 1..255 */
        public static final int MESSAGES_KEY = 3;
    }

    /** Topic compression setting (stored only; 0.8 does not compress on the wire). */
    public static final class CompressionAlgorithm {
        private CompressionAlgorithm() {}

        /** no compression (default) */
        public static final int NONE = 1;
        /** gzip */
        public static final int GZIP = 2;
    }

    /** User account status. */
    public static final class UserStatus {
        private UserStatus() {}

        /** may log in */
        public static final int ACTIVE = 1;
        /** login answers 47 UserInactive */
        public static final int INACTIVE = 2;
    }

    /** Type tag of a user header key or value. */
    public static final class HeaderKind {
        private HeaderKind() {}

        /** opaque bytes */
        public static final int RAW = 1;
        /** UTF-8 */
        public static final int STRING = 2;
        /** 1 byte 0/1 */
        public static final int BOOL = 3;
        /** 1 byte */
        public static final int INT8 = 4;
        /** 2 bytes LE */
        public static final int INT16 = 5;
        /** 4 bytes LE */
        public static final int INT32 = 6;
        /** 8 bytes LE */
        public static final int INT64 = 7;
        /** 16 bytes LE */
        public static final int INT128 = 8;
        /** 1 byte */
        public static final int UINT8 = 9;
        /** 2 bytes LE */
        public static final int UINT16 = 10;
        /** 4 bytes LE */
        public static final int UINT32 = 11;
        /** 8 bytes LE */
        public static final int UINT64 = 12;
        /** 16 bytes LE */
        public static final int UINT128 = 13;
        /** 4 bytes LE IEEE 754 */
        public static final int FLOAT32 = 14;
        /** 8 bytes LE IEEE 754 */
        public static final int FLOAT64 = 15;
    }

    /** Transport a client is connected with (ClientInfo). */
    public static final class Transport {
        private Transport() {}

        /** TCP (or TCP+TLS) */
        public static final int TCP = 1;
        /** QUIC */
        public static final int QUIC = 2;
        /** HTTP */
        public static final int HTTP = 3;
        /** WebSocket */
        public static final int WEB_SOCKET = 4;
    }

    /** Role of a node in ClusterMetadata. */
    public static final class ClusterNodeRole {
        private ClusterNodeRole() {}

        /** accepts writes */
        public static final int LEADER = 0;
        /** replica */
        public static final int FOLLOWER = 1;
    }

    /** Health of a node in ClusterMetadata. */
    public static final class ClusterNodeStatus {
        private ClusterNodeStatus() {}

        /** serving */
        public static final int HEALTHY = 0;
        /** booting */
        public static final int STARTING = 1;
        /** shutting down */
        public static final int STOPPING = 2;
        /** not answering */
        public static final int UNREACHABLE = 3;
        /** under maintenance */
        public static final int MAINTENANCE = 4;
    }

    /** Compression of the ZIP returned by GetSnapshot. */
    public static final class SnapshotCompression {
        private SnapshotCompression() {}

        /** no compression */
        public static final int STORED = 1;
        /** deflate */
        public static final int DEFLATED = 2;
        /** bzip2 */
        public static final int BZIP2 = 3;
        /** zstd */
        public static final int ZSTD = 4;
        /** lzma */
        public static final int LZMA = 5;
        /** xz */
        public static final int XZ = 6;
    }

    /** Section requested from GetSnapshot. */
    public static final class SnapshotType {
        private SnapshotType() {}

        /** file system overview */
        public static final int FILESYSTEM_OVERVIEW = 1;
        /** process list */
        public static final int PROCESS_LIST = 2;
        /** resource usage */
        public static final int RESOURCE_USAGE = 3;
        /** test section */
        public static final int TEST = 4;
        /** server logs */
        public static final int SERVER_LOGS = 5;
        /** server config */
        public static final int SERVER_CONFIG = 6;
        /** every section; must be the only type requested */
        public static final int ALL = 100;
    }

    /** Segment writer of a server (HotPathStats.writer; this project's extension). */
    public static final class SegmentWriterBackend {
        private SegmentWriterBackend() {}

        /** pwritev + fdatasync system calls */
        public static final int PWRITEV = 1;
        /** io_uring submissions (vectored writes, linked fdatasync) */
        public static final int IO_URING = 2;
    }

    /** Sizes, sentinels and limits of the protocol (u32/u64 in a long; u64::MAX is -1L). */
    public static final class Constants {
        private Constants() {}

        /** Bytes before a request payload: length u32 + code u32. */
        public static final int REQUEST_HEADER_SIZE = 8;
        /** Bytes before a response payload: status u32 + length u32. */
        public static final int RESPONSE_HEADER_SIZE = 8;
        /** Response status of a successful command. */
        public static final long STATUS_OK = 0L;
        /** 10 MiB cap on a request payload for every command except SendMessages (larger is answered with 3). */
        public static final long MAX_REQUEST_PAYLOAD_BYTES = 10485760L;
        /** StatsExtension tag of a HotPathStats block (this project's extension to GetStats). */
        public static final long STATS_EXTENSION_HOT_PATH = 1L;
        /** Fixed size of the header in front of every message frame, on the wire and on disk. */
        public static final int MESSAGE_HEADER_SIZE = 64;
        /** Size of one SendMessages index entry and of one on-disk .index entry. */
        public static final int INDEX_ENTRY_SIZE = 16;
        /** PollMessages answers always start with partition_id u32 | current_offset u64 | messages_count u32. */
        public static final int POLL_RESPONSE_PREFIX_SIZE = 16;
        /** A numeric identifier's length byte must be exactly 4 (u32 value). */
        public static final int NUMERIC_IDENTIFIER_LENGTH = 4;
        /** optional_partition is always 5 bytes: flag u8 + partition_id u32 (0 when absent). */
        public static final int OPTIONAL_PARTITION_SIZE = 5;
        /** polling_strategy is always 9 bytes: kind u8 + value u64. */
        public static final int POLLING_STRATEGY_SIZE = 9;
        /** Ten one-byte booleans open every permissions block. */
        public static final int GLOBAL_PERMISSIONS_SIZE = 10;
        /** u32::MAX sentinel (ClientInfo.user_id of a client that has not logged in). */
        public static final long U32_MAX = 4294967295L;
        /** u64::MAX sentinel (never-expire, unlimited size). */
        public static final long U64_MAX = 0xFFFFFFFFFFFFFFFFL;
        /** ClientInfo.user_id of a connection that has not logged in. */
        public static final long NOT_LOGGED_IN_USER_ID = 4294967295L;
        /** Expiry 0 in a request means the server default (stored as never for the default config). */
        public static final long MESSAGE_EXPIRY_SERVER_DEFAULT = 0L;
        /** Expiry u64::MAX means messages never expire. */
        public static final long MESSAGE_EXPIRY_NEVER = 0xFFFFFFFFFFFFFFFFL;
        /** max_topic_size 0 in a request means the server default (unlimited for the default config). */
        public static final long MAX_TOPIC_SIZE_SERVER_DEFAULT = 0L;
        /** max_topic_size u64::MAX means no size limit. */
        public static final long MAX_TOPIC_SIZE_UNLIMITED = 0xFFFFFFFFFFFFFFFFL;
        /** PersonalAccessTokenInfo.expiry_at 0 means the token never expires. */
        public static final long PERSONAL_ACCESS_TOKEN_NEVER_EXPIRES = 0L;
        /** replication_factor 0 in a request means the default, stored and returned as 1. */
        public static final int REPLICATION_FACTOR_DEFAULT = 0;
        /** Shortest name (stream, topic, group, username, PAT name/token) on the wire. */
        public static final int NAME_MIN_BYTES = 1;
        /** Longest name on the wire (u8 length prefix). */
        public static final int NAME_MAX_BYTES = 255;
        /** Server rule: shorter usernames get 43 InvalidUsername. */
        public static final int USERNAME_MIN_BYTES = 3;
        /** Server rule: longer usernames get 43 InvalidUsername. */
        public static final int USERNAME_MAX_BYTES = 50;
        /** Server rule: shorter passwords get 44 InvalidPassword. */
        public static final int PASSWORD_MIN_BYTES = 3;
        /** Server rule: longer passwords get 44 InvalidPassword. */
        public static final int PASSWORD_MAX_BYTES = 100;
        /** Server rule: shorter PAT names get 50 InvalidPersonalAccessTokenName. */
        public static final int PERSONAL_ACCESS_TOKEN_NAME_MIN_BYTES = 3;
        /** Server rule: longer PAT names get 50 InvalidPersonalAccessTokenName. */
        public static final int PERSONAL_ACCESS_TOKEN_NAME_MAX_BYTES = 30;
        /** Creating one more PAT than this gets 52 PersonalAccessTokensLimitReached. */
        public static final long MAX_PERSONAL_ACCESS_TOKENS_PER_USER = 100L;
        /** An empty message payload is rejected. */
        public static final long MESSAGE_PAYLOAD_MIN_BYTES = 1L;
        /** Larger message payloads get 4022 TooBigMessagePayload. */
        public static final long MESSAGE_PAYLOAD_MAX_BYTES = 64000000L;
        /** Larger user-header blocks (per message) get 4017 TooBigUserHeaders. */
        public static final long USER_HEADERS_MAX_BYTES = 100000L;
        /** User header keys are 1..255 bytes. */
        public static final int HEADER_KEY_MAX_BYTES = 255;
        /** User header values are 1..255 bytes. */
        public static final int HEADER_VALUE_MAX_BYTES = 255;
        /** partitions_count in CreateTopic/CreatePartitions/DeletePartitions above this gets 2015. */
        public static final long MAX_PARTITIONS_PER_REQUEST = 1000L;
        /** Internal packing limit of the 0.8 server: streams per server. */
        public static final long MAX_STREAMS = 4096L;
        /** Internal packing limit of the 0.8 server: topics per stream. */
        public static final long MAX_TOPICS_PER_STREAM = 4096L;
        /** Internal packing limit of the 0.8 server: partitions per server. */
        public static final long MAX_PARTITIONS = 1000000L;
        /** Default segment size (1 GiB); a max_topic_size other than 0/MAX must be at least the segment size. */
        public static final long DEFAULT_SEGMENT_SIZE_BYTES = 1073741824L;
        /** The default root user; it cannot be deleted (48) nor have its permissions changed (49). */
        public static final long ROOT_USER_ID = 0L;
        /** Port of the 0.8 server's TCP listener in its default config. */
        public static final int DEFAULT_TCP_PORT = 8090;
        /** Port (UDP) of the 0.8 server's QUIC listener in its default config. */
        public static final int DEFAULT_QUIC_PORT = 8080;
        /** Port of the 0.8 server's HTTP REST API in its default config. */
        public static final int DEFAULT_HTTP_PORT = 3000;
        /** Port of the 0.8 server's WebSocket listener in its default config. */
        public static final int DEFAULT_WEBSOCKET_PORT = 8092;
        /** The official clients send Ping this often (and once at connect). */
        public static final long CLIENT_HEARTBEAT_INTERVAL_MS = 5000L;
        /** Stats.iggy_server_semver of a 0.8.0 server: major*1000000 + minor*1000 + patch. */
        public static final long SERVER_SEMVER = 8000L;
        /** Every 0.9 header (request, reply, eviction) is 256 bytes; the header's `size` counts it. */
        public static final int VSR_HEADER_SIZE = 256;
        /** 64 MiB: the largest 0.9 frame (header included) the official server reads. */
        public static final long VSR_MAX_FRAME_BYTES = 67108864L;
        /** The packed protocol version 0.9 clients send at login: semver 0.11.0 packed as major<<20 | minor<<10 | patch. */
        public static final long PROTOCOL_VERSION_0_9 = 11264L;
        /** The lowest packed version a 0.9 server accepts (patch bits cleared); it accepts up to minor 11, any patch. */
        public static final long PROTOCOL_VERSION_0_9_MIN = 11264L;
        /** The 0.9 message batch header (primitive batch_header). */
        public static final int BATCH_HEADER_SIZE = 256;
        /** The 0.9 per-message header (primitive frame_header). */
        public static final int FRAME_HEADER_SIZE = 48;
        /** One entry of a 0.9 SendMessages confirmation (frozen stride). */
        public static final int SEND_CONFIRMATION_SIZE = 20;
        /** partition_id of an empty 0.9 group poll that tells the member to SyncConsumerGroup again (it was fenced). */
        public static final long RESYNC_PARTITION_ID = 4294967295L;
        /** Most entries in one options block (more answers 4043). */
        public static final long OPTIONS_MAX_ENTRIES = 1024L;
        /** Largest options block in bytes (larger answers 4043). */
        public static final int OPTIONS_MAX_BYTES = 100000;
        /** Replies a 0.9 server keeps per client for retried requests (older ones answer 59 RequestAlreadyApplied). */
        public static final int CLIENT_TABLE_REPLIES = 5;
        /** 0.9: a consumer-group member silent for 1.2 x this is logged out and evicted with StaleClient. */
        public static final long SERVER_HEARTBEAT_INTERVAL_MS = 30000L;
    }
}
