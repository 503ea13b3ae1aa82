# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""Wire codes, enums and constants of the Iggy 0.8.0 TCP protocol."""

from enum import IntEnum, StrEnum
from typing import Final


class ProtocolVersion(IntEnum):
    """A protocol version this code speaks (protocol.toml [[version]]): major * 1000 + minor (they order)."""

    V0_8 = 8  # Iggy 0.8: `length | code | payload` requests, `status | length | payload` responses ([[framing.*]] below).
    V0_9 = 9  # Iggy 0.9: RequestHeader / ReplyHeader / EvictionHeader (frames.toml), 256 bytes each, then the body.


class Command(IntEnum):
    """Command code of a request frame (`length u32 | code u32 | payload`)."""

    PING = 1  # Liveness check and heartbeat; refreshes the client's last heartbeat.
    GET_STATS = 10  # Server statistics.
    GET_SNAPSHOT = 11  # Diagnostic snapshot of the server as a ZIP file.
    GET_CLUSTER_METADATA = 12  # Cluster topology; the official clients send it right after every login.
    DESCRIBE_OPTIONS = 13  # The option catalog of a scope: each key with its kind, default and description (streams and users have none).
    GET_ME = 20  # The caller's own client session (unknown session: 100 ClientNotFound).
    GET_CLIENT = 21  # One client session by id.
    GET_CLIENTS = 22  # Every connected client, including unauthenticated ones.
    GET_USER = 31  # One user with permissions.
    GET_USERS = 32  # Every user, ordered by id.
    CREATE_USER = 33  # Create a user; answers the new user.
    DELETE_USER = 34  # Delete a user (root answers 48; unknown answers 20).
    UPDATE_USER = 35  # Rename a user and/or change its status.
    UPDATE_PERMISSIONS = 36  # Replace a user's permissions (root answers 49).
    CHANGE_PASSWORD = 37  # Change a password; a wrong current password answers 42.
    LOGIN_USER = 38  # Log in with username and password (42 when wrong, 47 when inactive); replaces any previous login.
    LOGOUT_USER = 39  # Log out; the connection stays open and unauthenticated.
    LOGIN_REGISTER = 40  # Log in with username and password and register a session (wrong credentials: eviction InvalidCredentials; inactive user: UserInactive). The code is not on the wire: operation Register carries it, and the server tries this shape before LoginRegisterWithPat's.
    GET_PERSONAL_ACCESS_TOKENS = 41  # The caller's personal access tokens, without secrets.
    CREATE_PERSONAL_ACCESS_TOKEN = 42  # Create a personal access token; the secret is returned once.
    DELETE_PERSONAL_ACCESS_TOKEN = 43  # Delete one of the caller's tokens (unknown answers 20).
    LOGIN_WITH_PERSONAL_ACCESS_TOKEN = 44  # Log in with a token secret (unknown answers 20, expired 54).
    LOGIN_REGISTER_WITH_PAT = 45  # Log in with a personal access token and register a session (unknown or expired token: eviction InvalidToken).
    POLL_MESSAGES = 100  # Read messages from one partition; always answers at least the 16-byte prefix.
    SEND_MESSAGES = 101  # Append a batch of messages to one partition; the server assigns offsets, timestamps, ids and checksums.
    FLUSH_UNSAVED_BUFFER = 102  # Write a partition's buffered messages to disk.
    GET_CONSUMER_OFFSET = 120  # The stored offset of a consumer or group; every lookup failure answers an empty OK.
    STORE_CONSUMER_OFFSET = 121  # Store a consumer's offset (beyond the partition's last offset answers 4100).
    DELETE_CONSUMER_OFFSET = 122  # Forget a consumer's stored offset (nothing stored answers 3021).
    GET_STREAM = 200  # One stream with its topics.
    GET_STREAMS = 201  # Every stream, sorted by id.
    CREATE_STREAM = 202  # Create a stream (ids are server-assigned); a taken name answers 1012.
    DELETE_STREAM = 203  # Delete a stream with all its topics and messages.
    UPDATE_STREAM = 204  # Rename a stream (another stream's name answers 1012).
    PURGE_STREAM = 205  # Delete every message of every topic of a stream, keeping the topics.
    GET_TOPIC = 300  # One topic with its partitions.
    GET_TOPICS = 301  # Every topic of a stream, sorted by id; empty if the stream does not exist.
    CREATE_TOPIC = 302  # Create a topic with its partitions; a taken name answers 2013.
    DELETE_TOPIC = 303  # Delete a topic with its messages.
    UPDATE_TOPIC = 304  # Change a topic's settings and name (the name comes last).
    PURGE_TOPIC = 305  # Delete every message of a topic, keeping its partitions.
    CREATE_PARTITIONS = 402  # Append partitions to a topic (new ids follow the highest).
    DELETE_PARTITIONS = 403  # Remove the highest-numbered partitions of a topic.
    DELETE_SEGMENTS = 503  # Delete the oldest segments of a partition.
    GET_CONSUMER_GROUP = 600  # One consumer group with its members and their partitions.
    GET_CONSUMER_GROUPS = 601  # Every consumer group of a topic.
    CREATE_CONSUMER_GROUP = 602  # Create a consumer group over the topic's current partitions; a taken name answers 5004.
    DELETE_CONSUMER_GROUP = 603  # Delete a consumer group.
    JOIN_CONSUMER_GROUP = 604  # Make the caller's connection a member (idempotent); read the assignment with GetConsumerGroup.
    LEAVE_CONSUMER_GROUP = 605  # Remove the caller's connection from a group (the group rebalances).
    SYNC_CONSUMER_GROUP = 606  # The caller's partitions in a group at the group's current generation; an empty body when the caller is not a member. Members poll only these partitions and sync again when a poll is fenced.


# Commands a server accepts before login; every other command answers ErrorCode.UNAUTHENTICATED.
UNAUTHENTICATED_COMMANDS: Final[frozenset[Command]] = frozenset({Command.PING, Command.LOGIN_USER, Command.LOGIN_REGISTER, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, Command.LOGIN_REGISTER_WITH_PAT})

# Lookups that answer OK with an empty body (not an error) when the object does not exist.
EMPTY_WHEN_MISSING_COMMANDS: Final[frozenset[Command]] = frozenset({Command.GET_CLIENT, Command.GET_USER, Command.GET_CONSUMER_OFFSET, Command.GET_STREAM, Command.GET_TOPIC, Command.GET_TOPICS, Command.GET_CONSUMER_GROUP, Command.GET_CONSUMER_GROUPS, Command.SYNC_CONSUMER_GROUP})

# Commands a client may send again on a new connection after their answer was lost (commands.toml
# `replay_safe`: the lookups and Ping); any other command's outcome is then unknown.
REPLAY_SAFE_COMMANDS: Final[frozenset[Command]] = frozenset({Command.PING, Command.GET_STATS, Command.GET_SNAPSHOT, Command.GET_CLUSTER_METADATA, Command.DESCRIBE_OPTIONS, Command.GET_ME, Command.GET_CLIENT, Command.GET_CLIENTS, Command.GET_USER, Command.GET_USERS, Command.GET_PERSONAL_ACCESS_TOKENS, Command.GET_CONSUMER_OFFSET, Command.GET_STREAM, Command.GET_STREAMS, Command.GET_TOPIC, Command.GET_TOPICS, Command.GET_CONSUMER_GROUP, Command.GET_CONSUMER_GROUPS})

# Commands the server writes an audit line for (commands.toml `audited`: the administrative changes).
AUDITED_COMMANDS: Final[frozenset[Command]] = frozenset({Command.CREATE_USER, Command.DELETE_USER, Command.UPDATE_USER, Command.UPDATE_PERMISSIONS, Command.CHANGE_PASSWORD, Command.CREATE_PERSONAL_ACCESS_TOKEN, Command.DELETE_PERSONAL_ACCESS_TOKEN, Command.CREATE_STREAM, Command.DELETE_STREAM, Command.UPDATE_STREAM, Command.PURGE_STREAM, Command.CREATE_TOPIC, Command.DELETE_TOPIC, Command.UPDATE_TOPIC, Command.PURGE_TOPIC, Command.CREATE_PARTITIONS, Command.DELETE_PARTITIONS, Command.DELETE_SEGMENTS, Command.CREATE_CONSUMER_GROUP, Command.DELETE_CONSUMER_GROUP})

# The commands each protocol version has (a code outside its version's set is unknown on that connection).
COMMANDS_BY_VERSION: Final[dict[ProtocolVersion, frozenset[Command]]] = {
    ProtocolVersion.V0_8: frozenset({Command.PING, Command.GET_STATS, Command.GET_SNAPSHOT, Command.GET_CLUSTER_METADATA, Command.GET_ME, Command.GET_CLIENT, Command.GET_CLIENTS, Command.GET_USER, Command.GET_USERS, Command.CREATE_USER, Command.DELETE_USER, Command.UPDATE_USER, Command.UPDATE_PERMISSIONS, Command.CHANGE_PASSWORD, Command.LOGIN_USER, Command.LOGOUT_USER, Command.GET_PERSONAL_ACCESS_TOKENS, Command.CREATE_PERSONAL_ACCESS_TOKEN, Command.DELETE_PERSONAL_ACCESS_TOKEN, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, Command.POLL_MESSAGES, Command.SEND_MESSAGES, Command.FLUSH_UNSAVED_BUFFER, Command.GET_CONSUMER_OFFSET, Command.STORE_CONSUMER_OFFSET, Command.DELETE_CONSUMER_OFFSET, Command.GET_STREAM, Command.GET_STREAMS, Command.CREATE_STREAM, Command.DELETE_STREAM, Command.UPDATE_STREAM, Command.PURGE_STREAM, Command.GET_TOPIC, Command.GET_TOPICS, Command.CREATE_TOPIC, Command.DELETE_TOPIC, Command.UPDATE_TOPIC, Command.PURGE_TOPIC, Command.CREATE_PARTITIONS, Command.DELETE_PARTITIONS, Command.DELETE_SEGMENTS, Command.GET_CONSUMER_GROUP, Command.GET_CONSUMER_GROUPS, Command.CREATE_CONSUMER_GROUP, Command.DELETE_CONSUMER_GROUP, Command.JOIN_CONSUMER_GROUP, Command.LEAVE_CONSUMER_GROUP}),
    ProtocolVersion.V0_9: frozenset({Command.PING, Command.GET_STATS, Command.GET_SNAPSHOT, Command.GET_CLUSTER_METADATA, Command.DESCRIBE_OPTIONS, Command.GET_ME, Command.GET_CLIENT, Command.GET_CLIENTS, Command.GET_USER, Command.GET_USERS, Command.CREATE_USER, Command.DELETE_USER, Command.UPDATE_USER, Command.UPDATE_PERMISSIONS, Command.CHANGE_PASSWORD, Command.LOGOUT_USER, Command.LOGIN_REGISTER, Command.GET_PERSONAL_ACCESS_TOKENS, Command.CREATE_PERSONAL_ACCESS_TOKEN, Command.DELETE_PERSONAL_ACCESS_TOKEN, Command.LOGIN_REGISTER_WITH_PAT, Command.POLL_MESSAGES, Command.SEND_MESSAGES, Command.FLUSH_UNSAVED_BUFFER, Command.GET_CONSUMER_OFFSET, Command.STORE_CONSUMER_OFFSET, Command.DELETE_CONSUMER_OFFSET, Command.GET_STREAM, Command.GET_STREAMS, Command.CREATE_STREAM, Command.DELETE_STREAM, Command.UPDATE_STREAM, Command.PURGE_STREAM, Command.GET_TOPIC, Command.GET_TOPICS, Command.CREATE_TOPIC, Command.DELETE_TOPIC, Command.UPDATE_TOPIC, Command.PURGE_TOPIC, Command.CREATE_PARTITIONS, Command.DELETE_PARTITIONS, Command.DELETE_SEGMENTS, Command.GET_CONSUMER_GROUP, Command.GET_CONSUMER_GROUPS, Command.CREATE_CONSUMER_GROUP, Command.DELETE_CONSUMER_GROUP, Command.JOIN_CONSUMER_GROUP, Command.LEAVE_CONSUMER_GROUP, Command.SYNC_CONSUMER_GROUP}),
}


class ErrorCode(IntEnum):
    """Status of an error response frame (`status u32 | 0u32`); 0 means OK."""

    ERROR = 1
    INVALID_CONFIGURATION = 2
    INVALID_COMMAND = 3
    INVALID_FORMAT = 4
    FEATURE_UNAVAILABLE = 5
    INVALID_IDENTIFIER = 6
    INVALID_VERSION = 7
    DISCONNECTED = 8
    CANNOT_ESTABLISH_CONNECTION = 9
    CANNOT_CREATE_BASE_DIRECTORY = 10
    CANNOT_CREATE_RUNTIME_DIRECTORY = 11
    CANNOT_REMOVE_RUNTIME_DIRECTORY = 12
    CANNOT_CREATE_STATE_DIRECTORY = 13
    STATE_FILE_NOT_FOUND = 14
    STATE_FILE_CORRUPTED = 15
    INVALID_STATE_ENTRY_CHECKSUM = 16
    CANNOT_OPEN_DATABASE = 19
    RESOURCE_NOT_FOUND = 20
    CANNOT_CLOSE_WEB_SOCKET_CONNECTION = 21
    STALE_CLIENT = 30
    TCP_ERROR = 31
    QUIC_ERROR = 32
    INVALID_SERVER_ADDRESS = 33
    INVALID_CLIENT_ADDRESS = 34
    INVALID_IP_ADDRESS = 35
    HTTP_ERROR = 36
    INVALID_API_URL = 37
    UNAUTHENTICATED = 40
    UNAUTHORIZED = 41
    INVALID_CREDENTIALS = 42
    INVALID_USERNAME = 43
    INVALID_PASSWORD = 44
    INVALID_USER_STATUS = 45
    USER_ALREADY_EXISTS = 46
    USER_INACTIVE = 47
    CANNOT_DELETE_USER = 48
    CANNOT_CHANGE_PERMISSIONS = 49
    INVALID_PERSONAL_ACCESS_TOKEN_NAME = 50
    PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS = 51
    PERSONAL_ACCESS_TOKENS_LIMIT_REACHED = 52
    INVALID_PERSONAL_ACCESS_TOKEN = 53
    PERSONAL_ACCESS_TOKEN_EXPIRED = 54
    USERS_LIMIT_REACHED = 55
    INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY = 56
    TRANSIENT_NOT_COMMITTED = 57
    TRANSIENT_NOT_ACCEPTED = 58
    REQUEST_ALREADY_APPLIED = 59
    NOT_CONNECTED = 61
    CLIENT_SHUTDOWN = 63
    INVALID_TLS_DOMAIN = 64
    INVALID_TLS_CERTIFICATE_PATH = 65
    INVALID_TLS_CERTIFICATE = 66
    FAILED_TO_ADD_CERTIFICATE = 67
    INVALID_ENCRYPTION_KEY = 70
    CANNOT_ENCRYPT_DATA = 71
    CANNOT_DECRYPT_DATA = 72
    INVALID_JWT_ALGORITHM = 73
    INVALID_JWT_SECRET = 74
    JWT_MISSING = 75
    CANNOT_GENERATE_JWT = 76
    ACCESS_TOKEN_MISSING = 77
    INVALID_ACCESS_TOKEN = 78
    CANNOT_FETCH_JWKS = 79
    INVALID_SIZE_BYTES = 80
    INVALID_UTF8 = 81
    INVALID_NUMBER_ENCODING = 82
    INVALID_BOOLEAN_VALUE = 83
    INVALID_NUMBER_VALUE = 84
    CLIENT_NOT_FOUND = 100
    INVALID_CLIENT_ID = 101
    CONNECTION_CLOSED = 206
    CANNOT_PARSE_HEADER_KIND = 209
    HTTP_RESPONSE_ERROR = 300
    INVALID_HTTP_REQUEST = 301
    INVALID_JSON_RESPONSE = 302
    INVALID_BYTES_RESPONSE = 303
    EMPTY_RESPONSE = 304
    CANNOT_CREATE_ENDPOINT = 305
    CANNOT_PARSE_URL = 306
    WEB_SOCKET_ERROR = 400
    WEB_SOCKET_CONNECTION_ERROR = 401
    WEB_SOCKET_CLOSE_ERROR = 402
    WEB_SOCKET_RECEIVE_ERROR = 403
    WEB_SOCKET_SEND_ERROR = 404
    CANNOT_CREATE_STREAMS_DIRECTORY = 1000
    CANNOT_CREATE_STREAM_DIRECTORY = 1001
    CANNOT_CREATE_STREAM_INFO = 1002
    CANNOT_UPDATE_STREAM_INFO = 1003
    CANNOT_OPEN_STREAM_INFO = 1004
    CANNOT_READ_STREAM_INFO = 1005
    CANNOT_CREATE_STREAM = 1006
    CANNOT_DELETE_STREAM = 1007
    CANNOT_DELETE_STREAM_DIRECTORY = 1008
    STREAM_ID_NOT_FOUND = 1009
    STREAM_NAME_NOT_FOUND = 1010
    STREAM_DIRECTORY_NOT_FOUND = 1011
    STREAM_NAME_ALREADY_EXISTS = 1012
    INVALID_STREAM_NAME = 1013
    INVALID_STREAM_ID = 1014
    CANNOT_READ_STREAMS = 1015
    INVALID_TOPIC_SIZE = 1019
    TOO_MANY_STREAMS = 1020
    CANNOT_CREATE_TOPICS_DIRECTORY = 2000
    CANNOT_CREATE_TOPIC_DIRECTORY = 2001
    CANNOT_CREATE_TOPIC_INFO = 2002
    CANNOT_UPDATE_TOPIC_INFO = 2003
    CANNOT_OPEN_TOPIC_INFO = 2004
    CANNOT_READ_TOPIC_INFO = 2005
    CANNOT_CREATE_TOPIC = 2006
    CANNOT_DELETE_TOPIC = 2007
    CANNOT_DELETE_TOPIC_DIRECTORY = 2008
    CANNOT_POLL_TOPIC = 2009
    TOPIC_ID_NOT_FOUND = 2010
    TOPIC_NAME_NOT_FOUND = 2011
    TOPIC_NAME_ALREADY_EXISTS = 2013
    INVALID_TOPIC_NAME = 2014
    TOO_MANY_PARTITIONS = 2015
    INVALID_TOPIC_ID = 2016
    CANNOT_READ_TOPICS = 2017
    INVALID_REPLICATION_FACTOR = 2018
    INVALID_PARTITIONS_COUNT = 2019
    TOPIC_DIRECTORY_NOT_FOUND = 2020
    TOO_MANY_TOPICS = 2021
    CANNOT_CREATE_PARTITION = 3000
    CANNOT_CREATE_PARTITIONS_DIRECTORY = 3001
    CANNOT_CREATE_PARTITION_DIRECTORY = 3002
    CANNOT_OPEN_PARTITION_LOG_FILE = 3003
    CANNOT_READ_PARTITIONS = 3004
    CANNOT_DELETE_PARTITION = 3005
    CANNOT_DELETE_PARTITION_DIRECTORY = 3006
    PARTITION_NOT_FOUND = 3007
    NO_PARTITIONS = 3008
    TOPIC_FULL = 3009
    CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY = 3010
    CANNOT_DELETE_CONSUMER_OFFSET_FILE = 3011
    CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY = 3012
    PARTITION_ID_SPACE_EXHAUSTED = 3013
    CANNOT_READ_CONSUMER_OFFSETS = 3020
    CONSUMER_OFFSET_NOT_FOUND = 3021
    NOT_RESOLVED_CONSUMER = 3022
    CANNOT_OPEN_CONSUMER_OFFSETS_FILE = 3023
    TOO_MANY_CONSUMER_OFFSETS = 3024
    SEGMENT_NOT_FOUND = 4000
    SEGMENT_CLOSED = 4001
    INVALID_SEGMENT_SIZE = 4002
    CANNOT_CREATE_SEGMENT_LOG_FILE = 4003
    CANNOT_CREATE_SEGMENT_INDEX_FILE = 4004
    CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE = 4005
    CANNOT_SAVE_MESSAGES_TO_SEGMENT = 4006
    CANNOT_SAVE_INDEX_TO_SEGMENT = 4007
    CANNOT_SAVE_TIME_INDEX_TO_SEGMENT = 4008
    INVALID_MESSAGES_COUNT = 4009
    CANNOT_APPEND_MESSAGE = 4010
    CANNOT_READ_MESSAGE = 4011
    CANNOT_READ_MESSAGE_ID = 4012
    CANNOT_READ_MESSAGE_STATE = 4013
    CANNOT_READ_MESSAGE_TIMESTAMP = 4014
    CANNOT_READ_HEADERS_LENGTH = 4015
    CANNOT_READ_HEADERS_PAYLOAD = 4016
    TOO_BIG_USER_HEADERS = 4017
    INVALID_HEADER_KEY = 4018
    INVALID_HEADER_VALUE = 4019
    CANNOT_READ_MESSAGE_LENGTH = 4020
    CANNOT_READ_MESSAGE_PAYLOAD = 4021
    TOO_BIG_MESSAGE_PAYLOAD = 4022
    TOO_MANY_MESSAGES = 4023
    EMPTY_MESSAGE_PAYLOAD = 4024
    INVALID_MESSAGE_PAYLOAD_LENGTH = 4025
    CANNOT_READ_MESSAGE_CHECKSUM = 4026
    INVALID_MESSAGE_CHECKSUM = 4027
    INVALID_KEY_VALUE_LENGTH = 4028
    COMMAND_LENGTH_ERROR = 4029
    INVALID_SEGMENTS_COUNT = 4030
    NON_ZERO_OFFSET = 4031
    NON_ZERO_TIMESTAMP = 4032
    MISSING_INDEX = 4033
    INVALID_INDEXES_BYTE_SIZE = 4034
    INVALID_INDEXES_COUNT = 4035
    INVALID_MESSAGES_SIZE = 4036
    TOO_SMALL_MESSAGE = 4037
    INVALID_MESSAGE_TIMESTAMP_DELTA = 4038
    INVALID_BATCH_CHECKSUM = 4039
    INVALID_HEADER_KIND = 4040
    UNSUPPORTED_OPTION_KEY = 4041
    INVALID_OPTION_VALUE = 4042
    OPTIONS_BLOCK_TOO_LARGE = 4043
    CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION = 4050
    BACKGROUND_SEND_ERROR = 4051
    BACKGROUND_SEND_TIMEOUT = 4052
    BACKGROUND_SEND_BUFFER_FULL = 4053
    BACKGROUND_WORKER_DISCONNECTED = 4054
    BACKGROUND_SEND_BUFFER_OVERFLOW = 4055
    PRODUCER_SEND_FAILED = 4056
    PRODUCER_CLOSED = 4057
    INVALID_OFFSET = 4100
    INVALID_RESERVED_FIELD = 4101
    SEGMENT_SIZE_MISMATCH_AT_OPEN = 4102
    CONSUMER_GROUP_ID_NOT_FOUND = 5000
    INVALID_CONSUMER_GROUP_ID = 5002
    CONSUMER_GROUP_NAME_NOT_FOUND = 5003
    CONSUMER_GROUP_NAME_ALREADY_EXISTS = 5004
    INVALID_CONSUMER_GROUP_NAME = 5005
    CONSUMER_GROUP_MEMBER_NOT_FOUND = 5006
    CANNOT_CREATE_CONSUMER_GROUP_INFO = 5007
    CANNOT_DELETE_CONSUMER_GROUP_INFO = 5008
    CONSUMER_GROUP_PARTITION_NOT_OWNED = 5009
    MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH = 6000
    MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH = 6001
    MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH = 6002
    MISSING_LENGTH_RETAINED_MESSAGE_BATCH = 6003
    MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH = 6004
    CANNOT_READ_BATCH_BASE_OFFSET = 7000
    CANNOT_READ_BATCH_LENGTH = 7001
    CANNOT_READ_LAST_OFFSET_DELTA = 7002
    CANNOT_READ_MAX_TIMESTAMP = 7003
    CANNOT_READ_BATCH_PAYLOAD = 7004
    INVALID_CONNECTION_STRING = 8000
    SNAPSHOT_FILE_COMPLETION_FAILED = 9000
    CANNOT_SERIALIZE_RESOURCE = 10000
    CANNOT_DESERIALIZE_RESOURCE = 10001
    CANNOT_READ_FILE = 10002
    CANNOT_READ_FILE_METADATA = 10003
    CANNOT_SEEK_FILE = 10004
    CANNOT_APPEND_TO_FILE = 10005
    CANNOT_WRITE_TO_FILE = 10006
    CANNOT_OVERWRITE_FILE = 10007
    CANNOT_DELETE_FILE = 10008
    CANNOT_SYNC_FILE = 10009
    CANNOT_READ_INDEX_OFFSET = 10010
    CANNOT_READ_INDEX_POSITION = 10011
    CANNOT_READ_INDEX_TIMESTAMP = 10012
    TIMESTAMP_OUT_OF_RANGE = 10013
    SHARD_NOT_FOUND = 11000
    SHARD_COMMUNICATION_ERROR = 11001
    CANNOT_BIND_TO_SOCKET = 12000
    TASK_TIMEOUT = 12001
    IO_ERROR = 13000
    ALREADY_AUTHENTICATED = 14000
    INVALID_SESSION = 14001
    INCOMPATIBLE_PROTOCOL_VERSION = 14003


# Server message text per error code; '…' stands for a runtime value.
ERROR_MESSAGES: Final[dict[int, str]] = {
    1: "Error",
    2: "Invalid configuration",
    3: "Invalid command",
    4: "Invalid format",
    5: "Feature is unavailable",
    6: "Invalid identifier",
    7: "Invalid version: …",
    8: "Disconnected",
    9: "Cannot establish connection",
    10: "Cannot create base directory, Path: …",
    11: "Cannot create runtime directory, Path: …",
    12: "Cannot remove runtime directory, Path: …",
    13: "Cannot create state directory, Path: …",
    14: "State file not found",
    15: "State file corrupted",
    16: "Invalid state entry checksum: …, expected: …, for index: …",
    19: "Cannot open database, Path: …",
    20: "Resource with key: … was not found.",
    21: "Cannot close WebSocket connection",
    30: "Stale client",
    31: "TCP error",
    32: "QUIC error",
    33: "Invalid server address",
    34: "Invalid client address",
    35: "Invalid IP address: …:…",
    36: "Http error …",
    37: "Invalid API URL: …",
    40: "Unauthenticated",
    41: "Unauthorized",
    42: "Invalid credentials",
    43: "Invalid username",
    44: "Invalid password",
    45: "Invalid user status",
    46: "User already exists",
    47: "User inactive",
    48: "Cannot delete user with ID: …",
    49: "Cannot change permissions for user with ID: …",
    50: "Invalid personal access token name",
    51: "Personal access token: … for user with ID: … already exists",
    52: "User with ID: … has reached the maximum number of personal access tokens: …",
    53: "Invalid personal access token",
    54: "Personal access token: … for user with ID: … has expired.",
    55: "Users limit reached.",
    56: "Invalid personal access token expiry",
    57: "Request transiently not committed; retry",
    58: "Request transiently not accepted; retry, on any replica",
    59: "Request already applied; its reply is no longer available",
    61: "Not connected",
    63: "Client shutdown",
    64: "Invalid TLS domain",
    65: "Invalid TLS certificate path",
    66: "Invalid TLS certificate",
    67: "Failed to add certificate",
    70: "Invalid encryption key",
    71: "Cannot encrypt data",
    72: "Cannot decrypt data",
    73: "Invalid JWT algorithm: …",
    74: "Invalid JWT secret",
    75: "JWT is missing",
    76: "Cannot generate JWT",
    77: "Access token is missing",
    78: "Invalid access token",
    79: "Cannot fetch JWKS from URL: …",
    80: "Invalid size bytes",
    81: "Invalid UTF-8",
    82: "Invalid number encoding",
    83: "Invalid boolean value",
    84: "Invalid number value",
    100: "Client with ID: … was not found.",
    101: "Invalid client ID",
    206: "Connection closed",
    209: "Cannot parse header kind from …",
    300: "HTTP response error, status: …, body: …",
    301: "Invalid HTTP request",
    302: "Invalid JSON response",
    303: "Invalid bytes response",
    304: "Empty response",
    305: "Cannot create endpoint",
    306: "Cannot parse URL",
    400: "WebSocket error",
    401: "WebSocket connection error",
    402: "WebSocket close error",
    403: "WebSocket receive error",
    404: "WebSocket send error",
    1000: "Cannot create streams directory, Path: …",
    1001: "Cannot create stream with ID: … directory, Path: …",
    1002: "Failed to create stream info file for stream with ID: …",
    1003: "Failed to update stream info for stream with ID: …",
    1004: "Failed to open stream info file for stream with ID: …",
    1005: "Failed to read stream info file for stream with ID: …",
    1006: "Failed to create stream with ID: …",
    1007: "Failed to delete stream with ID: …",
    1008: "Failed to delete stream directory with ID: …",
    1009: "Stream with ID: … was not found.",
    1010: "Stream with name: … was not found.",
    1011: "Stream with directory … was not found.",
    1012: "Stream with name: … already exists.",
    1013: "Invalid stream name",
    1014: "Invalid stream ID",
    1015: "Cannot read streams",
    1019: "Max topic size cannot be lower than segment size",
    1020: "Too many streams",
    2000: "Cannot create topics directory for stream with ID: …, Path: …",
    2001: "Failed to create directory for topic with ID: … for stream with ID: …, Path: …",
    2002: "Failed to create topic info file for topic with ID: … for stream with ID: ….",
    2003: "Failed to update topic info for topic with ID: … for stream with ID: ….",
    2004: "Failed to open topic info file for topic with ID: … for stream with ID: ….",
    2005: "Failed to read topic info file for topic with ID: … for stream with ID: ….",
    2006: "Failed to create topic with ID: … for stream with ID: ….",
    2007: "Failed to delete topic with ID: … for stream with ID: ….",
    2008: "Failed to delete topic directory with ID: … for stream with ID: …, Path: …",
    2009: "Cannot poll topic",
    2010: "Topic with ID: … for stream with ID: … was not found.",
    2011: "Topic with name: … for stream with ID: … was not found.",
    2013: "Topic with name: … for stream with ID: … already exists.",
    2014: "Invalid topic name",
    2015: "Too many partitions",
    2016: "Invalid topic ID",
    2017: "Cannot read topics for stream with ID: …",
    2018: "Invalid replication factor",
    2019: "Invalid partitions count",
    2020: "Topic directory: … not found",
    2021: "Too many topics",
    3000: "Cannot create partition with ID: … for stream with ID: … and topic with ID: …",
    3001: "Failed to create directory for partitions",
    3002: "Failed to create directory for partition",
    3003: "Cannot open partition log file",
    3004: "Cannot read partitions directories.",
    3005: "Failed to delete partition",
    3006: "Failed to delete partition directory",
    3007: "Partition with ID: … for topic with ID: … for stream with ID: … was not found.",
    3008: "Topic with ID: … for stream with ID: … has no partitions.",
    3009: "Cannot read partitions for topic with ID: … for stream with ID: …",
    3010: "Failed to delete consumer offsets directory for path: …",
    3011: "Failed to delete consumer offset file for path: …",
    3012: "Failed to create consumer offsets directory for path: …",
    3013: "Partition id space exhausted for this topic",
    3020: "Failed to read consumers offsets from path: …",
    3021: "Consumer offset for consumer with ID: … was not found.",
    3022: "Failed to resolve consumer with ID: …",
    3023: "Cannot open consumer offsets file for path: …",
    3024: "Consumer offset limit reached for partition, raise [partition] consumer_offsets_max",
    4000: "Segment not found",
    4001: "Segment with start offset: … and partition with ID: … is closed",
    4002: "Segment size is invalid",
    4003: "Failed to create segment log file for Path: ….",
    4004: "Failed to create segment index file for Path: ….",
    4005: "Failed to create segment time index file for Path: ….",
    4006: "Cannot save messages to segment.",
    4007: "Cannot save index to segment.",
    4008: "Cannot save time index to segment.",
    4009: "Invalid messages count",
    4010: "Cannot append message",
    4011: "Cannot read message",
    4012: "Cannot read message ID",
    4013: "Cannot read message state",
    4014: "Cannot read message timestamp",
    4015: "Cannot read headers length",
    4016: "Cannot read headers payload",
    4017: "Too big headers payload",
    4018: "Invalid header key",
    4019: "Invalid header value",
    4020: "Cannot read message length",
    4021: "Cannot save messages to segment",
    4022: "Too big message payload",
    4023: "Too many messages",
    4024: "Empty message payload",
    4025: "Invalid message payload length",
    4026: "Cannot read message checksum",
    4027: "Invalid message checksum: …, expected: …, for offset: …",
    4028: "Invalid key value length",
    4029: "Command length error: …",
    4030: "Incorrect Segments Count size: …",
    4031: "Non-zero offset: … at index: …",
    4032: "Non-zero timestamp: … at index: …",
    4033: "Missing index: …",
    4034: "Invalid indexes byte size: …B, should be divisible by 16",
    4035: "Invalid indexes count: …, expected: …",
    4036: "Invalid messages byte size: …B, expected: …B",
    4037: "Too small message: …B, expected: …B",
    4038: "Invalid message timestamp delta: … microseconds exceeds the per-batch limit",
    4039: "Invalid batch checksum: …, expected: …, for base offset: …",
    4040: "Invalid header kind code: …",
    4041: "Unsupported option key: …",
    4042: "Invalid option value for key: …",
    4043: "Options block exceeds its limits: …",
    4050: "Cannot sed messages due to client disconnection",
    4051: "Background send error",
    4052: "Background send timeout",
    4053: "Background send buffer is full",
    4054: "Background worker disconnected",
    4055: "Background send buffer overflow",
    4056: "Producer send failed (client-side)",
    4057: "Producer closed",
    4100: "Invalid offset: …",
    4101: "Invalid reserved field value: …, expected: 0",
    4102: "Segment file size on disk: … does not match expected size: …",
    5000: "Consumer group with ID: … for topic with ID: … was not found.",
    5002: "Invalid consumer group ID",
    5003: "Consumer group with name: … for topic with ID: … was not found.",
    5004: "Consumer group with name: … for topic with ID: … already exists.",
    5005: "Invalid consumer group name",
    5006: "Consumer group member (client) not found in group",
    5007: "Failed to create consumer group info file",
    5008: "Failed to delete consumer group info file",
    5009: "Consumer group member with client ID: … does not own partition: … at the current generation (rebalance in progress).",
    6000: "Base offset is missing",
    6001: "Last offset delta is missing",
    6002: "Max timestamp is missing",
    6003: "Length is missing",
    6004: "Payload is missing",
    7000: "Cannot read batch base offset",
    7001: "Cannot read batch length",
    7002: "Cannot read batch last offset delta",
    7003: "Cannot read batch maximum timestamp",
    7004: "Cannot read batch payload",
    8000: "Invalid connection string",
    9000: "Snapshot file completion failed",
    10000: "Cannot serialize resource",
    10001: "Cannot deserialize resource",
    10002: "Cannot read file",
    10003: "Cannot read file metadata",
    10004: "Cannot seek file",
    10005: "Cannot append to file",
    10006: "Cannot write to file",
    10007: "Cannot overwrite file",
    10008: "Cannot delete file",
    10009: "Cannot sync file",
    10010: "Cannot read index offset",
    10011: "Cannot read index position",
    10012: "Cannot read index timestamp",
    10013: "Timestamp out of range: …",
    11000: "Shard not found for stream ID: …, topic ID: …, partition ID: …",
    11001: "Shard communication error",
    12000: "Cannot bind to socket with addr: …",
    12001: "Task execution timeout",
    13000: "IO error: …",
    14000: "VSR session already bound; reset before re-binding",
    14001: "VSR session value … is invalid (must be non-zero)",
    14003: "Incompatible binary protocol version: client …, server accepts […, …]",
}


class ErrorKind(StrEnum):
    """What a caller branches on (errors.toml [[kind]]); UNKNOWN: A code this file does not list (a newer server's); no [[error]] below has this kind."""

    # Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment.
    NOT_FOUND = "not_found"
    # A create or rename collides with a name that is taken (stream, topic, group, user, token).
    ALREADY_EXISTS = "already_exists"
    # The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again.
    UNAUTHENTICATED = "unauthenticated"
    # A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again.
    INVALID_CREDENTIALS = "invalid_credentials"
    # The logged-in user lacks the permission for the command.
    UNAUTHORIZED = "unauthorized"
    # The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again.
    INVALID_INPUT = "invalid_input"
    # A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit.
    LIMIT_EXCEEDED = "limit_exceeded"
    # The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes.
    CONFLICT = "conflict"
    # A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied).
    TRANSIENT = "transient"
    # Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again.
    SESSION = "session"
    # No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed.
    UNAVAILABLE = "unavailable"
    # The client, producer or consumer was closed by its owner; nothing more succeeds on it.
    CLOSED = "closed"
    # The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read.
    UNSUPPORTED = "unsupported"
    # A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup.
    CONFIG = "config"
    # The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator.
    INTERNAL = "internal"
    # A code this file does not list (a newer server's); no [[error]] below has this kind.
    UNKNOWN = "unknown"


# The kind of every error code; a code not listed here is ErrorKind.UNKNOWN.
ERROR_KINDS: Final[dict[int, ErrorKind]] = {
    ErrorCode.ERROR: ErrorKind.INTERNAL,
    ErrorCode.INVALID_CONFIGURATION: ErrorKind.CONFIG,
    ErrorCode.INVALID_COMMAND: ErrorKind.UNSUPPORTED,
    ErrorCode.INVALID_FORMAT: ErrorKind.INVALID_INPUT,
    ErrorCode.FEATURE_UNAVAILABLE: ErrorKind.UNSUPPORTED,
    ErrorCode.INVALID_IDENTIFIER: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_VERSION: ErrorKind.UNSUPPORTED,
    ErrorCode.DISCONNECTED: ErrorKind.UNAVAILABLE,
    ErrorCode.CANNOT_ESTABLISH_CONNECTION: ErrorKind.UNAVAILABLE,
    ErrorCode.CANNOT_CREATE_BASE_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_RUNTIME_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_REMOVE_RUNTIME_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_STATE_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.STATE_FILE_NOT_FOUND: ErrorKind.INTERNAL,
    ErrorCode.STATE_FILE_CORRUPTED: ErrorKind.INTERNAL,
    ErrorCode.INVALID_STATE_ENTRY_CHECKSUM: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_OPEN_DATABASE: ErrorKind.INTERNAL,
    ErrorCode.RESOURCE_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.CANNOT_CLOSE_WEB_SOCKET_CONNECTION: ErrorKind.UNAVAILABLE,
    ErrorCode.STALE_CLIENT: ErrorKind.SESSION,
    ErrorCode.TCP_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.QUIC_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.INVALID_SERVER_ADDRESS: ErrorKind.CONFIG,
    ErrorCode.INVALID_CLIENT_ADDRESS: ErrorKind.CONFIG,
    ErrorCode.INVALID_IP_ADDRESS: ErrorKind.CONFIG,
    ErrorCode.HTTP_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.INVALID_API_URL: ErrorKind.CONFIG,
    ErrorCode.UNAUTHENTICATED: ErrorKind.UNAUTHENTICATED,
    ErrorCode.UNAUTHORIZED: ErrorKind.UNAUTHORIZED,
    ErrorCode.INVALID_CREDENTIALS: ErrorKind.INVALID_CREDENTIALS,
    ErrorCode.INVALID_USERNAME: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_PASSWORD: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_USER_STATUS: ErrorKind.INVALID_INPUT,
    ErrorCode.USER_ALREADY_EXISTS: ErrorKind.ALREADY_EXISTS,
    ErrorCode.USER_INACTIVE: ErrorKind.INVALID_CREDENTIALS,
    ErrorCode.CANNOT_DELETE_USER: ErrorKind.CONFLICT,
    ErrorCode.CANNOT_CHANGE_PERMISSIONS: ErrorKind.CONFLICT,
    ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN_NAME: ErrorKind.INVALID_INPUT,
    ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS: ErrorKind.ALREADY_EXISTS,
    ErrorCode.PERSONAL_ACCESS_TOKENS_LIMIT_REACHED: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN: ErrorKind.INVALID_CREDENTIALS,
    ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED: ErrorKind.INVALID_CREDENTIALS,
    ErrorCode.USERS_LIMIT_REACHED: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN_EXPIRY: ErrorKind.INVALID_INPUT,
    ErrorCode.TRANSIENT_NOT_COMMITTED: ErrorKind.TRANSIENT,
    ErrorCode.TRANSIENT_NOT_ACCEPTED: ErrorKind.TRANSIENT,
    ErrorCode.REQUEST_ALREADY_APPLIED: ErrorKind.SESSION,
    ErrorCode.NOT_CONNECTED: ErrorKind.UNAVAILABLE,
    ErrorCode.CLIENT_SHUTDOWN: ErrorKind.CLOSED,
    ErrorCode.INVALID_TLS_DOMAIN: ErrorKind.CONFIG,
    ErrorCode.INVALID_TLS_CERTIFICATE_PATH: ErrorKind.CONFIG,
    ErrorCode.INVALID_TLS_CERTIFICATE: ErrorKind.CONFIG,
    ErrorCode.FAILED_TO_ADD_CERTIFICATE: ErrorKind.CONFIG,
    ErrorCode.INVALID_ENCRYPTION_KEY: ErrorKind.CONFIG,
    ErrorCode.CANNOT_ENCRYPT_DATA: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DECRYPT_DATA: ErrorKind.INTERNAL,
    ErrorCode.INVALID_JWT_ALGORITHM: ErrorKind.CONFIG,
    ErrorCode.INVALID_JWT_SECRET: ErrorKind.CONFIG,
    ErrorCode.JWT_MISSING: ErrorKind.UNAUTHENTICATED,
    ErrorCode.CANNOT_GENERATE_JWT: ErrorKind.INTERNAL,
    ErrorCode.ACCESS_TOKEN_MISSING: ErrorKind.UNAUTHENTICATED,
    ErrorCode.INVALID_ACCESS_TOKEN: ErrorKind.UNAUTHENTICATED,
    ErrorCode.CANNOT_FETCH_JWKS: ErrorKind.UNAVAILABLE,
    ErrorCode.INVALID_SIZE_BYTES: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_UTF8: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_NUMBER_ENCODING: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_BOOLEAN_VALUE: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_NUMBER_VALUE: ErrorKind.INVALID_INPUT,
    ErrorCode.CLIENT_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.INVALID_CLIENT_ID: ErrorKind.INVALID_INPUT,
    ErrorCode.CONNECTION_CLOSED: ErrorKind.UNAVAILABLE,
    ErrorCode.CANNOT_PARSE_HEADER_KIND: ErrorKind.INVALID_INPUT,
    ErrorCode.HTTP_RESPONSE_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.INVALID_HTTP_REQUEST: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_JSON_RESPONSE: ErrorKind.UNSUPPORTED,
    ErrorCode.INVALID_BYTES_RESPONSE: ErrorKind.UNSUPPORTED,
    ErrorCode.EMPTY_RESPONSE: ErrorKind.UNSUPPORTED,
    ErrorCode.CANNOT_CREATE_ENDPOINT: ErrorKind.CONFIG,
    ErrorCode.CANNOT_PARSE_URL: ErrorKind.CONFIG,
    ErrorCode.WEB_SOCKET_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.WEB_SOCKET_CONNECTION_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.WEB_SOCKET_CLOSE_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.WEB_SOCKET_RECEIVE_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.WEB_SOCKET_SEND_ERROR: ErrorKind.UNAVAILABLE,
    ErrorCode.CANNOT_CREATE_STREAMS_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_STREAM_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_STREAM_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_UPDATE_STREAM_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_OPEN_STREAM_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_STREAM_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_STREAM: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_STREAM: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_STREAM_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.STREAM_ID_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.STREAM_NAME_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.STREAM_DIRECTORY_NOT_FOUND: ErrorKind.INTERNAL,
    ErrorCode.STREAM_NAME_ALREADY_EXISTS: ErrorKind.ALREADY_EXISTS,
    ErrorCode.INVALID_STREAM_NAME: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_STREAM_ID: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_STREAMS: ErrorKind.INTERNAL,
    ErrorCode.INVALID_TOPIC_SIZE: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_MANY_STREAMS: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.CANNOT_CREATE_TOPICS_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_TOPIC_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_TOPIC_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_UPDATE_TOPIC_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_OPEN_TOPIC_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_TOPIC_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_TOPIC: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_TOPIC: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_TOPIC_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_POLL_TOPIC: ErrorKind.INTERNAL,
    ErrorCode.TOPIC_ID_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.TOPIC_NAME_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.TOPIC_NAME_ALREADY_EXISTS: ErrorKind.ALREADY_EXISTS,
    ErrorCode.INVALID_TOPIC_NAME: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_MANY_PARTITIONS: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.INVALID_TOPIC_ID: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_TOPICS: ErrorKind.INTERNAL,
    ErrorCode.INVALID_REPLICATION_FACTOR: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_PARTITIONS_COUNT: ErrorKind.INVALID_INPUT,
    ErrorCode.TOPIC_DIRECTORY_NOT_FOUND: ErrorKind.INTERNAL,
    ErrorCode.TOO_MANY_TOPICS: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.CANNOT_CREATE_PARTITION: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_PARTITIONS_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_PARTITION_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_OPEN_PARTITION_LOG_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_PARTITIONS: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_PARTITION: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_PARTITION_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.PARTITION_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.NO_PARTITIONS: ErrorKind.CONFLICT,
    ErrorCode.TOPIC_FULL: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_CONSUMER_OFFSET_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY: ErrorKind.INTERNAL,
    ErrorCode.PARTITION_ID_SPACE_EXHAUSTED: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.CANNOT_READ_CONSUMER_OFFSETS: ErrorKind.INTERNAL,
    ErrorCode.CONSUMER_OFFSET_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.NOT_RESOLVED_CONSUMER: ErrorKind.NOT_FOUND,
    ErrorCode.CANNOT_OPEN_CONSUMER_OFFSETS_FILE: ErrorKind.INTERNAL,
    ErrorCode.TOO_MANY_CONSUMER_OFFSETS: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.SEGMENT_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.SEGMENT_CLOSED: ErrorKind.CONFLICT,
    ErrorCode.INVALID_SEGMENT_SIZE: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_CREATE_SEGMENT_LOG_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_SEGMENT_INDEX_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SAVE_MESSAGES_TO_SEGMENT: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SAVE_INDEX_TO_SEGMENT: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SAVE_TIME_INDEX_TO_SEGMENT: ErrorKind.INTERNAL,
    ErrorCode.INVALID_MESSAGES_COUNT: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_APPEND_MESSAGE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_MESSAGE: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_ID: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_STATE: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_TIMESTAMP: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_HEADERS_LENGTH: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_HEADERS_PAYLOAD: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_BIG_USER_HEADERS: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_HEADER_KEY: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_HEADER_VALUE: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_LENGTH: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_PAYLOAD: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_BIG_MESSAGE_PAYLOAD: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_MANY_MESSAGES: ErrorKind.INVALID_INPUT,
    ErrorCode.EMPTY_MESSAGE_PAYLOAD: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_MESSAGE_PAYLOAD_LENGTH: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_READ_MESSAGE_CHECKSUM: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_MESSAGE_CHECKSUM: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_KEY_VALUE_LENGTH: ErrorKind.INVALID_INPUT,
    ErrorCode.COMMAND_LENGTH_ERROR: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_SEGMENTS_COUNT: ErrorKind.INVALID_INPUT,
    ErrorCode.NON_ZERO_OFFSET: ErrorKind.INVALID_INPUT,
    ErrorCode.NON_ZERO_TIMESTAMP: ErrorKind.INVALID_INPUT,
    ErrorCode.MISSING_INDEX: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_INDEXES_BYTE_SIZE: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_INDEXES_COUNT: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_MESSAGES_SIZE: ErrorKind.INVALID_INPUT,
    ErrorCode.TOO_SMALL_MESSAGE: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_MESSAGE_TIMESTAMP_DELTA: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_BATCH_CHECKSUM: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_HEADER_KIND: ErrorKind.INVALID_INPUT,
    ErrorCode.UNSUPPORTED_OPTION_KEY: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_OPTION_VALUE: ErrorKind.INVALID_INPUT,
    ErrorCode.OPTIONS_BLOCK_TOO_LARGE: ErrorKind.INVALID_INPUT,
    ErrorCode.CANNOT_SEND_MESSAGES_DUE_TO_CLIENT_DISCONNECTION: ErrorKind.UNAVAILABLE,
    ErrorCode.BACKGROUND_SEND_ERROR: ErrorKind.INTERNAL,
    ErrorCode.BACKGROUND_SEND_TIMEOUT: ErrorKind.TRANSIENT,
    ErrorCode.BACKGROUND_SEND_BUFFER_FULL: ErrorKind.TRANSIENT,
    ErrorCode.BACKGROUND_WORKER_DISCONNECTED: ErrorKind.UNAVAILABLE,
    ErrorCode.BACKGROUND_SEND_BUFFER_OVERFLOW: ErrorKind.LIMIT_EXCEEDED,
    ErrorCode.PRODUCER_SEND_FAILED: ErrorKind.INTERNAL,
    ErrorCode.PRODUCER_CLOSED: ErrorKind.CLOSED,
    ErrorCode.INVALID_OFFSET: ErrorKind.INVALID_INPUT,
    ErrorCode.INVALID_RESERVED_FIELD: ErrorKind.INVALID_INPUT,
    ErrorCode.SEGMENT_SIZE_MISMATCH_AT_OPEN: ErrorKind.INTERNAL,
    ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.INVALID_CONSUMER_GROUP_ID: ErrorKind.INVALID_INPUT,
    ErrorCode.CONSUMER_GROUP_NAME_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS: ErrorKind.ALREADY_EXISTS,
    ErrorCode.INVALID_CONSUMER_GROUP_NAME: ErrorKind.INVALID_INPUT,
    ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND: ErrorKind.NOT_FOUND,
    ErrorCode.CANNOT_CREATE_CONSUMER_GROUP_INFO: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_CONSUMER_GROUP_INFO: ErrorKind.INTERNAL,
    ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED: ErrorKind.CONFLICT,
    ErrorCode.MISSING_BASE_OFFSET_RETAINED_MESSAGE_BATCH: ErrorKind.INTERNAL,
    ErrorCode.MISSING_LAST_OFFSET_DELTA_RETAINED_MESSAGE_BATCH: ErrorKind.INTERNAL,
    ErrorCode.MISSING_MAX_TIMESTAMP_RETAINED_MESSAGE_BATCH: ErrorKind.INTERNAL,
    ErrorCode.MISSING_LENGTH_RETAINED_MESSAGE_BATCH: ErrorKind.INTERNAL,
    ErrorCode.MISSING_PAYLOAD_RETAINED_MESSAGE_BATCH: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_BATCH_BASE_OFFSET: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_BATCH_LENGTH: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_LAST_OFFSET_DELTA: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_MAX_TIMESTAMP: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_BATCH_PAYLOAD: ErrorKind.INTERNAL,
    ErrorCode.INVALID_CONNECTION_STRING: ErrorKind.CONFIG,
    ErrorCode.SNAPSHOT_FILE_COMPLETION_FAILED: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SERIALIZE_RESOURCE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DESERIALIZE_RESOURCE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_FILE_METADATA: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SEEK_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_APPEND_TO_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_WRITE_TO_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_OVERWRITE_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_DELETE_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_SYNC_FILE: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_INDEX_OFFSET: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_INDEX_POSITION: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_READ_INDEX_TIMESTAMP: ErrorKind.INTERNAL,
    ErrorCode.TIMESTAMP_OUT_OF_RANGE: ErrorKind.INVALID_INPUT,
    ErrorCode.SHARD_NOT_FOUND: ErrorKind.INTERNAL,
    ErrorCode.SHARD_COMMUNICATION_ERROR: ErrorKind.INTERNAL,
    ErrorCode.CANNOT_BIND_TO_SOCKET: ErrorKind.CONFIG,
    ErrorCode.TASK_TIMEOUT: ErrorKind.TRANSIENT,
    ErrorCode.IO_ERROR: ErrorKind.INTERNAL,
    ErrorCode.ALREADY_AUTHENTICATED: ErrorKind.SESSION,
    ErrorCode.INVALID_SESSION: ErrorKind.SESSION,
    ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION: ErrorKind.UNSUPPORTED,
}

# What each "…" of an error's message names, in order (errors.toml params).
ERROR_PARAMS: Final[dict[int, tuple[str, ...]]] = {
    ErrorCode.INVALID_VERSION: ("value",),
    ErrorCode.CANNOT_CREATE_BASE_DIRECTORY: ("path",),
    ErrorCode.CANNOT_CREATE_RUNTIME_DIRECTORY: ("path",),
    ErrorCode.CANNOT_REMOVE_RUNTIME_DIRECTORY: ("path",),
    ErrorCode.CANNOT_CREATE_STATE_DIRECTORY: ("path",),
    ErrorCode.INVALID_STATE_ENTRY_CHECKSUM: ("value", "expected", "index"),
    ErrorCode.CANNOT_OPEN_DATABASE: ("path",),
    ErrorCode.RESOURCE_NOT_FOUND: ("key",),
    ErrorCode.INVALID_IP_ADDRESS: ("address", "port"),
    ErrorCode.HTTP_ERROR: ("reason",),
    ErrorCode.INVALID_API_URL: ("address",),
    ErrorCode.CANNOT_DELETE_USER: ("user",),
    ErrorCode.CANNOT_CHANGE_PERMISSIONS: ("user",),
    ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS: ("name", "user"),
    ErrorCode.PERSONAL_ACCESS_TOKENS_LIMIT_REACHED: ("user", "limit"),
    ErrorCode.PERSONAL_ACCESS_TOKEN_EXPIRED: ("token", "user"),
    ErrorCode.INVALID_JWT_ALGORITHM: ("value",),
    ErrorCode.CANNOT_FETCH_JWKS: ("address",),
    ErrorCode.CLIENT_NOT_FOUND: ("client",),
    ErrorCode.CANNOT_PARSE_HEADER_KIND: ("value",),
    ErrorCode.HTTP_RESPONSE_ERROR: ("status", "reason"),
    ErrorCode.CANNOT_CREATE_STREAMS_DIRECTORY: ("path",),
    ErrorCode.CANNOT_CREATE_STREAM_DIRECTORY: ("stream", "path"),
    ErrorCode.CANNOT_CREATE_STREAM_INFO: ("stream",),
    ErrorCode.CANNOT_UPDATE_STREAM_INFO: ("stream",),
    ErrorCode.CANNOT_OPEN_STREAM_INFO: ("stream",),
    ErrorCode.CANNOT_READ_STREAM_INFO: ("stream",),
    ErrorCode.CANNOT_CREATE_STREAM: ("stream",),
    ErrorCode.CANNOT_DELETE_STREAM: ("stream",),
    ErrorCode.CANNOT_DELETE_STREAM_DIRECTORY: ("stream",),
    ErrorCode.STREAM_ID_NOT_FOUND: ("stream",),
    ErrorCode.STREAM_NAME_NOT_FOUND: ("stream",),
    ErrorCode.STREAM_DIRECTORY_NOT_FOUND: ("path",),
    ErrorCode.STREAM_NAME_ALREADY_EXISTS: ("name",),
    ErrorCode.CANNOT_CREATE_TOPICS_DIRECTORY: ("stream", "path"),
    ErrorCode.CANNOT_CREATE_TOPIC_DIRECTORY: ("topic", "stream", "path"),
    ErrorCode.CANNOT_CREATE_TOPIC_INFO: ("topic", "stream"),
    ErrorCode.CANNOT_UPDATE_TOPIC_INFO: ("topic", "stream"),
    ErrorCode.CANNOT_OPEN_TOPIC_INFO: ("topic", "stream"),
    ErrorCode.CANNOT_READ_TOPIC_INFO: ("topic", "stream"),
    ErrorCode.CANNOT_CREATE_TOPIC: ("topic", "stream"),
    ErrorCode.CANNOT_DELETE_TOPIC: ("topic", "stream"),
    ErrorCode.CANNOT_DELETE_TOPIC_DIRECTORY: ("topic", "stream", "path"),
    ErrorCode.TOPIC_ID_NOT_FOUND: ("topic", "stream"),
    ErrorCode.TOPIC_NAME_NOT_FOUND: ("topic", "stream"),
    ErrorCode.TOPIC_NAME_ALREADY_EXISTS: ("name", "stream"),
    ErrorCode.CANNOT_READ_TOPICS: ("stream",),
    ErrorCode.TOPIC_DIRECTORY_NOT_FOUND: ("path",),
    ErrorCode.CANNOT_CREATE_PARTITION: ("partition", "stream", "topic"),
    ErrorCode.PARTITION_NOT_FOUND: ("partition", "topic", "stream"),
    ErrorCode.NO_PARTITIONS: ("topic", "stream"),
    ErrorCode.TOPIC_FULL: ("topic", "stream"),
    ErrorCode.CANNOT_DELETE_CONSUMER_OFFSETS_DIRECTORY: ("path",),
    ErrorCode.CANNOT_DELETE_CONSUMER_OFFSET_FILE: ("path",),
    ErrorCode.CANNOT_CREATE_CONSUMER_OFFSETS_DIRECTORY: ("path",),
    ErrorCode.CANNOT_READ_CONSUMER_OFFSETS: ("path",),
    ErrorCode.CONSUMER_OFFSET_NOT_FOUND: ("consumer",),
    ErrorCode.NOT_RESOLVED_CONSUMER: ("consumer",),
    ErrorCode.CANNOT_OPEN_CONSUMER_OFFSETS_FILE: ("path",),
    ErrorCode.SEGMENT_CLOSED: ("offset", "partition"),
    ErrorCode.CANNOT_CREATE_SEGMENT_LOG_FILE: ("path",),
    ErrorCode.CANNOT_CREATE_SEGMENT_INDEX_FILE: ("path",),
    ErrorCode.CANNOT_CREATE_SEGMENT_TIME_INDEX_FILE: ("path",),
    ErrorCode.INVALID_MESSAGE_CHECKSUM: ("value", "expected", "offset"),
    ErrorCode.COMMAND_LENGTH_ERROR: ("reason",),
    ErrorCode.INVALID_SEGMENTS_COUNT: ("value",),
    ErrorCode.NON_ZERO_OFFSET: ("value", "index"),
    ErrorCode.NON_ZERO_TIMESTAMP: ("value", "index"),
    ErrorCode.MISSING_INDEX: ("index",),
    ErrorCode.INVALID_INDEXES_BYTE_SIZE: ("value",),
    ErrorCode.INVALID_INDEXES_COUNT: ("value", "expected"),
    ErrorCode.INVALID_MESSAGES_SIZE: ("value", "expected"),
    ErrorCode.TOO_SMALL_MESSAGE: ("value", "expected"),
    ErrorCode.INVALID_MESSAGE_TIMESTAMP_DELTA: ("value",),
    ErrorCode.INVALID_BATCH_CHECKSUM: ("value", "expected", "offset"),
    ErrorCode.INVALID_HEADER_KIND: ("value",),
    ErrorCode.UNSUPPORTED_OPTION_KEY: ("option",),
    ErrorCode.INVALID_OPTION_VALUE: ("option",),
    ErrorCode.OPTIONS_BLOCK_TOO_LARGE: ("reason",),
    ErrorCode.INVALID_OFFSET: ("offset",),
    ErrorCode.INVALID_RESERVED_FIELD: ("value",),
    ErrorCode.SEGMENT_SIZE_MISMATCH_AT_OPEN: ("value", "expected"),
    ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND: ("group", "topic"),
    ErrorCode.CONSUMER_GROUP_NAME_NOT_FOUND: ("group", "topic"),
    ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS: ("name", "topic"),
    ErrorCode.CONSUMER_GROUP_PARTITION_NOT_OWNED: ("client", "partition"),
    ErrorCode.TIMESTAMP_OUT_OF_RANGE: ("value",),
    ErrorCode.SHARD_NOT_FOUND: ("stream", "topic", "partition"),
    ErrorCode.CANNOT_BIND_TO_SOCKET: ("address",),
    ErrorCode.IO_ERROR: ("reason",),
    ErrorCode.INVALID_SESSION: ("value",),
    ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION: ("value", "minimum", "maximum"),
}

# Per command: error param -> the request field whose value fills it (commands.toml error_param).
REQUEST_ERROR_PARAMS: Final[dict[Command, dict[str, str]]] = {
    Command.GET_CLIENT: {"client": "client_id"},
    Command.GET_USER: {"user": "user_id", "key": "user_id"},
    Command.CREATE_USER: {"name": "username"},
    Command.DELETE_USER: {"user": "user_id", "key": "user_id"},
    Command.UPDATE_USER: {"user": "user_id", "name": "username", "key": "user_id"},
    Command.UPDATE_PERMISSIONS: {"user": "user_id", "key": "user_id"},
    Command.CHANGE_PASSWORD: {"user": "user_id", "key": "user_id"},
    Command.CREATE_PERSONAL_ACCESS_TOKEN: {"name": "name"},
    Command.DELETE_PERSONAL_ACCESS_TOKEN: {"token": "name", "key": "name"},
    Command.POLL_MESSAGES: {"consumer": "consumer", "stream": "stream_id", "topic": "topic_id", "partition": "partition_id"},
    Command.SEND_MESSAGES: {"stream": "stream_id", "topic": "topic_id", "partition": "partitioning"},
    Command.FLUSH_UNSAVED_BUFFER: {"stream": "stream_id", "topic": "topic_id", "partition": "partition_id"},
    Command.GET_CONSUMER_OFFSET: {"consumer": "consumer", "stream": "stream_id", "topic": "topic_id", "partition": "partition_id"},
    Command.STORE_CONSUMER_OFFSET: {"consumer": "consumer", "stream": "stream_id", "topic": "topic_id", "partition": "partition_id", "offset": "offset"},
    Command.DELETE_CONSUMER_OFFSET: {"consumer": "consumer", "stream": "stream_id", "topic": "topic_id", "partition": "partition_id"},
    Command.GET_STREAM: {"stream": "stream_id"},
    Command.CREATE_STREAM: {"name": "name"},
    Command.DELETE_STREAM: {"stream": "stream_id"},
    Command.UPDATE_STREAM: {"stream": "stream_id", "name": "name"},
    Command.PURGE_STREAM: {"stream": "stream_id"},
    Command.GET_TOPIC: {"stream": "stream_id", "topic": "topic_id"},
    Command.GET_TOPICS: {"stream": "stream_id"},
    Command.CREATE_TOPIC: {"stream": "stream_id", "name": "name"},
    Command.DELETE_TOPIC: {"stream": "stream_id", "topic": "topic_id"},
    Command.UPDATE_TOPIC: {"stream": "stream_id", "topic": "topic_id", "name": "name"},
    Command.PURGE_TOPIC: {"stream": "stream_id", "topic": "topic_id"},
    Command.CREATE_PARTITIONS: {"stream": "stream_id", "topic": "topic_id"},
    Command.DELETE_PARTITIONS: {"stream": "stream_id", "topic": "topic_id"},
    Command.DELETE_SEGMENTS: {"stream": "stream_id", "topic": "topic_id", "partition": "partition_id"},
    Command.GET_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "group": "group_id"},
    Command.GET_CONSUMER_GROUPS: {"stream": "stream_id", "topic": "topic_id"},
    Command.CREATE_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "name": "name"},
    Command.DELETE_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "group": "group_id"},
    Command.JOIN_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "group": "group_id"},
    Command.LEAVE_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "group": "group_id"},
    Command.SYNC_CONSUMER_GROUP: {"stream": "stream_id", "topic": "topic_id", "group": "group_id"},
}


class ErrorKindPredicates:
    """One `is_<kind>()` per ErrorKind, for a class with a `kind` (iggy.errors.IggyError)."""

    __slots__ = ()
    kind: ErrorKind

    def is_not_found(self) -> bool:
        """Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment."""
        return self.kind is ErrorKind.NOT_FOUND

    def is_already_exists(self) -> bool:
        """A create or rename collides with a name that is taken (stream, topic, group, user, token)."""
        return self.kind is ErrorKind.ALREADY_EXISTS

    def is_unauthenticated(self) -> bool:
        """The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again."""
        return self.kind is ErrorKind.UNAUTHENTICATED

    def is_invalid_credentials(self) -> bool:
        """A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again."""
        return self.kind is ErrorKind.INVALID_CREDENTIALS

    def is_unauthorized(self) -> bool:
        """The logged-in user lacks the permission for the command."""
        return self.kind is ErrorKind.UNAUTHORIZED

    def is_invalid_input(self) -> bool:
        """The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again."""
        return self.kind is ErrorKind.INVALID_INPUT

    def is_limit_exceeded(self) -> bool:
        """A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit."""
        return self.kind is ErrorKind.LIMIT_EXCEEDED

    def is_conflict(self) -> bool:
        """The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes."""
        return self.kind is ErrorKind.CONFLICT

    def is_transient(self) -> bool:
        """A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied)."""
        return self.kind is ErrorKind.TRANSIENT

    def is_session(self) -> bool:
        """Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again."""
        return self.kind is ErrorKind.SESSION

    def is_unavailable(self) -> bool:
        """No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed."""
        return self.kind is ErrorKind.UNAVAILABLE

    def is_closed(self) -> bool:
        """The client, producer or consumer was closed by its owner; nothing more succeeds on it."""
        return self.kind is ErrorKind.CLOSED

    def is_unsupported(self) -> bool:
        """The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read."""
        return self.kind is ErrorKind.UNSUPPORTED

    def is_config(self) -> bool:
        """A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup."""
        return self.kind is ErrorKind.CONFIG

    def is_internal(self) -> bool:
        """The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator."""
        return self.kind is ErrorKind.INTERNAL

    def is_unknown(self) -> bool:
        """A code this file does not list (a newer server's); no [[error]] below has this kind."""
        return self.kind is ErrorKind.UNKNOWN


class IdKind(IntEnum):
    """Kind byte of an identifier."""

    NUMERIC = 1  # u32 value, length byte 4
    STRING = 2  # UTF-8 name, length 1..255


class ConsumerKind(IntEnum):
    """Kind byte of a consumer."""

    CONSUMER = 1  # a single consumer; offsets keyed by its id
    CONSUMER_GROUP = 2  # a consumer group; the connection must be a member


class PollingKind(IntEnum):
    """Kind byte of a polling strategy."""

    OFFSET = 1  # from the offset in value
    TIMESTAMP = 2  # from the first message with timestamp >= value (µs)
    FIRST = 3  # from the first stored message
    LAST = 4  # the last `count` messages
    NEXT = 5  # from the stored offset + 1 (or the first message)


class PartitioningKind(IntEnum):
    """Kind byte of a SendMessages partitioning."""

    BALANCED = 1  # round-robin over the topic's partitions; length 0
    PARTITION_ID = 2  # explicit partition; length 4, u32 value
    MESSAGES_KEY = 3  # XXH32(key) mod partitions_count; length 1..255


class CompressionAlgorithm(IntEnum):
    """Topic compression setting (stored only; 0.8 does not compress on the wire)."""

    NONE = 1  # no compression (default)
    GZIP = 2  # gzip


class UserStatus(IntEnum):
    """User account status."""

    ACTIVE = 1  # may log in
    INACTIVE = 2  # login answers 47 UserInactive


class HeaderKind(IntEnum):
    """Type tag of a user header key or value."""

    RAW = 1  # opaque bytes
    STRING = 2  # UTF-8
    BOOL = 3  # 1 byte 0/1
    INT8 = 4  # 1 byte
    INT16 = 5  # 2 bytes LE
    INT32 = 6  # 4 bytes LE
    INT64 = 7  # 8 bytes LE
    INT128 = 8  # 16 bytes LE
    UINT8 = 9  # 1 byte
    UINT16 = 10  # 2 bytes LE
    UINT32 = 11  # 4 bytes LE
    UINT64 = 12  # 8 bytes LE
    UINT128 = 13  # 16 bytes LE
    FLOAT32 = 14  # 4 bytes LE IEEE 754
    FLOAT64 = 15  # 8 bytes LE IEEE 754


class Transport(IntEnum):
    """Transport a client is connected with (ClientInfo)."""

    TCP = 1  # TCP (or TCP+TLS)
    QUIC = 2  # QUIC
    HTTP = 3  # HTTP
    WEB_SOCKET = 4  # WebSocket


class ClusterNodeRole(IntEnum):
    """Role of a node in ClusterMetadata."""

    LEADER = 0  # accepts writes
    FOLLOWER = 1  # replica


class ClusterNodeStatus(IntEnum):
    """Health of a node in ClusterMetadata."""

    HEALTHY = 0  # serving
    STARTING = 1  # booting
    STOPPING = 2  # shutting down
    UNREACHABLE = 3  # not answering
    MAINTENANCE = 4  # under maintenance


class SnapshotCompression(IntEnum):
    """Compression of the ZIP returned by GetSnapshot."""

    STORED = 1  # no compression
    DEFLATED = 2  # deflate
    BZIP2 = 3  # bzip2
    ZSTD = 4  # zstd
    LZMA = 5  # lzma
    XZ = 6  # xz


class SnapshotType(IntEnum):
    """Section requested from GetSnapshot."""

    FILESYSTEM_OVERVIEW = 1  # file system overview
    PROCESS_LIST = 2  # process list
    RESOURCE_USAGE = 3  # resource usage
    TEST = 4  # test section
    SERVER_LOGS = 5  # server logs
    SERVER_CONFIG = 6  # server config
    ALL = 100  # every section; must be the only type requested


class SegmentWriterBackend(IntEnum):
    """Segment writer of a server (HotPathStats.writer; this project's extension)."""

    PWRITEV = 1  # pwritev + fdatasync system calls
    IO_URING = 2  # io_uring submissions (vectored writes, linked fdatasync)


class HeaderCommand(IntEnum):
    """Byte 60 of every 0.9 header (the VSR `Command`). Clients send Request and receive Reply or Eviction; any value above 29 makes the frame unparsable."""

    RESERVED = 0  # Invalid on the wire.
    PING = 1  # Replica ping.
    PONG = 2  # Replica pong.
    PING_CLIENT = 3  # Unused by clients and the server.
    PONG_CLIENT = 4  # Unused by clients and the server.
    REQUEST = 5  # Client request (RequestHeader).
    PREPARE = 6  # Replica prepare.
    PREPARE_OK = 7  # Replica prepare acknowledgement.
    REPLY = 8  # Server reply to a request (ReplyHeader).
    COMMIT = 9  # Replica commit.
    START_VIEW_CHANGE = 10  # View change.
    DO_VIEW_CHANGE = 11  # View change.
    START_VIEW = 12  # View change.
    EVICTION = 13  # Session-terminal error to a client (EvictionHeader).
    REPLICA_HELLO = 14  # Replica authentication.
    REPLICA_CHALLENGE = 15  # Replica authentication.
    REPLICA_FINISH = 16  # Replica authentication.
    REQUEST_START_VIEW = 17  # View change.
    REQUEST_PREPARES = 18  # Repair.
    REPAIR_PREPARE = 19  # Repair.
    REPAIR_DONE = 20  # Repair.
    RANGE_EVICTED = 21  # Repair.
    REQUEST_STATE_TRANSFER = 22  # State transfer.
    STATE_TRANSFER_TARGET = 23  # State transfer.
    REQUEST_STATE_CHUNK = 24  # State transfer.
    STATE_CHUNK = 25  # State transfer.
    FORWARD_REGISTER = 26  # Replica forwarding.
    FORWARD_REGISTER_RESULT = 27  # Replica forwarding.
    FORWARD_LOGOUT = 28  # Replica forwarding.
    FORWARD_LOGOUT_RESULT = 29  # Replica forwarding.


class Operation(IntEnum):
    """What a 0.9 request does (RequestHeader.operation, echoed in the ReplyHeader). `plane`: register, non_replicated, logout, metadata, partition, segment or internal (never from a client). `result_framed`: the reply body starts with a result section (count u32, then count x {index u32, result u32}; a success is count 0 followed by the payload)."""

    RESERVED = 0  # Invalid on the wire.
    REGISTER = 1  # LoginRegister (40) and LoginRegisterWithPat (45): binds a session; the code is not on the wire.
    NON_REPLICATED = 2  # Every command without an operation of its own; its code rides in the request header's `code`.
    LOGOUT = 3  # LogoutUser (39): ends the session.
    CREATE_TOPIC_WITH_ASSIGNMENTS = 64  # Replica-internal; never from a client.
    CREATE_PARTITIONS_WITH_ASSIGNMENTS = 65  # Replica-internal; never from a client.
    REMOVE_CONSUMER_GROUP_MEMBER = 66  # Replica-internal; never from a client.
    COMPLETE_CONSUMER_GROUP_REVOCATION = 67  # Replica-internal; never from a client.
    TRUNCATE_PARTITION = 68  # Replica-internal (DeleteSegments resolves to it); never from a client.
    CREATE_STREAM = 128  # CreateStream (202).
    UPDATE_STREAM = 129  # UpdateStream (204).
    DELETE_STREAM = 130  # DeleteStream (203).
    PURGE_STREAM = 131  # PurgeStream (205).
    CREATE_TOPIC = 132  # CreateTopic (302).
    UPDATE_TOPIC = 133  # UpdateTopic (304).
    DELETE_TOPIC = 134  # DeleteTopic (303).
    PURGE_TOPIC = 135  # PurgeTopic (305).
    CREATE_PARTITIONS = 136  # CreatePartitions (402).
    DELETE_PARTITIONS = 137  # DeletePartitions (403).
    DELETE_SEGMENTS = 138  # DeleteSegments (503): replicated but on neither plane, so its reply is not result-framed.
    CREATE_CONSUMER_GROUP = 139  # CreateConsumerGroup (602).
    DELETE_CONSUMER_GROUP = 140  # DeleteConsumerGroup (603).
    CREATE_USER = 141  # CreateUser (33).
    UPDATE_USER = 142  # UpdateUser (35).
    DELETE_USER = 143  # DeleteUser (34).
    CHANGE_PASSWORD = 144  # ChangePassword (37).
    UPDATE_PERMISSIONS = 145  # UpdatePermissions (36).
    CREATE_PERSONAL_ACCESS_TOKEN = 146  # CreatePersonalAccessToken (42).
    DELETE_PERSONAL_ACCESS_TOKEN = 147  # DeletePersonalAccessToken (43).
    JOIN_CONSUMER_GROUP = 148  # JoinConsumerGroup (604).
    LEAVE_CONSUMER_GROUP = 149  # LeaveConsumerGroup (605).
    SEND_MESSAGES = 160  # SendMessages (101): raw reply body (the send confirmation).
    STORE_CONSUMER_OFFSET = 161  # StoreConsumerOffset (121).
    DELETE_CONSUMER_OFFSET = 162  # DeleteConsumerOffset (122).


class EvictionReason(IntEnum):
    """Byte 255 of an EvictionHeader: why the server ended the session. `error` is the error a client reports for it (an unknown reason reads as Unauthenticated)."""

    RESERVED = 0  # Invalid on the wire.
    NO_SESSION = 1  # No session is bound for the request's client id (a replicated request before login).
    CLIENT_RELEASE_TOO_LOW = 2  # Client release below the cluster's minimum.
    CLIENT_RELEASE_TOO_HIGH = 3  # Client release above the cluster's maximum.
    INVALID_REQUEST_OPERATION = 4  # Invalid operation in the request header.
    INVALID_REQUEST_BODY = 5  # The body failed validation.
    INVALID_REQUEST_BODY_SIZE = 6  # The body size does not match.
    SESSION_TOO_LOW = 7  # The request's session is older than the client's current one (a zombie from before a re-login).
    SESSION_RELEASE_MISMATCH = 8  # Session release differs from the client's.
    INVALID_CREDENTIALS = 9  # Login with a wrong username or password.
    INVALID_TOKEN = 10  # Login with an unknown or expired personal access token.
    USER_INACTIVE = 11  # Login of an inactive user.
    SESSION_ERROR = 12  # The client id belongs to another user, or the session could not be bound.
    STALE_CLIENT = 13  # A consumer-group member missed its heartbeats; it was logged out.
    INCOMPATIBLE_PROTOCOL = 14  # The client's protocol version is outside the server's window (the header carries it).
    MALFORMED_LOGIN = 15  # A login body without a decodable version prefix, or a 0.8 login code.


class AckLevel(IntEnum):
    """The ack byte at the end of StoreConsumerOffset and DeleteConsumerOffset (0.9)."""

    NO_ACK = 0  # Apply locally on a single-replica partition (a single node treats it as Quorum).
    QUORUM = 1  # Commit through the partition's consensus group; the official SDK always sends it.


class OptionScope(IntEnum):
    """Whose option catalog DescribeOptions describes."""

    TOPIC = 1  # Topic options (the only scope with keys in 0.9).
    STREAM = 2  # Stream options (none in 0.9).
    USER = 3  # User options (none in 0.9).


# Bytes before a request payload: length u32 + code u32.
REQUEST_HEADER_SIZE: Final = 8
# Bytes before a response payload: status u32 + length u32.
RESPONSE_HEADER_SIZE: Final = 8
# Response status of a successful command.
STATUS_OK: Final = 0
# 10 MiB cap on a request payload for every command except SendMessages (larger is answered with 3).
MAX_REQUEST_PAYLOAD_BYTES: Final = 10485760
# StatsExtension tag of a HotPathStats block (this project's extension to GetStats).
STATS_EXTENSION_HOT_PATH: Final = 1
# Fixed size of the header in front of every message frame, on the wire and on disk.
MESSAGE_HEADER_SIZE: Final = 64
# Size of one SendMessages index entry and of one on-disk .index entry.
INDEX_ENTRY_SIZE: Final = 16
# PollMessages answers always start with partition_id u32 | current_offset u64 | messages_count u32.
POLL_RESPONSE_PREFIX_SIZE: Final = 16
# A numeric identifier's length byte must be exactly 4 (u32 value).
NUMERIC_IDENTIFIER_LENGTH: Final = 4
# optional_partition is always 5 bytes: flag u8 + partition_id u32 (0 when absent).
OPTIONAL_PARTITION_SIZE: Final = 5
# polling_strategy is always 9 bytes: kind u8 + value u64.
POLLING_STRATEGY_SIZE: Final = 9
# Ten one-byte booleans open every permissions block.
GLOBAL_PERMISSIONS_SIZE: Final = 10
# u32::MAX sentinel (ClientInfo.user_id of a client that has not logged in).
U32_MAX: Final = 4294967295
# u64::MAX sentinel (never-expire, unlimited size).
U64_MAX: Final = 18446744073709551615
# ClientInfo.user_id of a connection that has not logged in.
NOT_LOGGED_IN_USER_ID: Final = 4294967295
# Expiry 0 in a request means the server default (stored as never for the default config).
MESSAGE_EXPIRY_SERVER_DEFAULT: Final = 0
# Expiry u64::MAX means messages never expire.
MESSAGE_EXPIRY_NEVER: Final = 18446744073709551615
# max_topic_size 0 in a request means the server default (unlimited for the default config).
MAX_TOPIC_SIZE_SERVER_DEFAULT: Final = 0
# max_topic_size u64::MAX means no size limit.
MAX_TOPIC_SIZE_UNLIMITED: Final = 18446744073709551615
# PersonalAccessTokenInfo.expiry_at 0 means the token never expires.
PERSONAL_ACCESS_TOKEN_NEVER_EXPIRES: Final = 0
# replication_factor 0 in a request means the default, stored and returned as 1.
REPLICATION_FACTOR_DEFAULT: Final = 0
# Shortest name (stream, topic, group, username, PAT name/token) on the wire.
NAME_MIN_BYTES: Final = 1
# Longest name on the wire (u8 length prefix).
NAME_MAX_BYTES: Final = 255
# Server rule: shorter usernames get 43 InvalidUsername.
USERNAME_MIN_BYTES: Final = 3
# Server rule: longer usernames get 43 InvalidUsername.
USERNAME_MAX_BYTES: Final = 50
# Server rule: shorter passwords get 44 InvalidPassword.
PASSWORD_MIN_BYTES: Final = 3
# Server rule: longer passwords get 44 InvalidPassword.
PASSWORD_MAX_BYTES: Final = 100
# Server rule: shorter PAT names get 50 InvalidPersonalAccessTokenName.
PERSONAL_ACCESS_TOKEN_NAME_MIN_BYTES: Final = 3
# Server rule: longer PAT names get 50 InvalidPersonalAccessTokenName.
PERSONAL_ACCESS_TOKEN_NAME_MAX_BYTES: Final = 30
# Creating one more PAT than this gets 52 PersonalAccessTokensLimitReached.
MAX_PERSONAL_ACCESS_TOKENS_PER_USER: Final = 100
# An empty message payload is rejected.
MESSAGE_PAYLOAD_MIN_BYTES: Final = 1
# Larger message payloads get 4022 TooBigMessagePayload.
MESSAGE_PAYLOAD_MAX_BYTES: Final = 64000000
# Larger user-header blocks (per message) get 4017 TooBigUserHeaders.
USER_HEADERS_MAX_BYTES: Final = 100000
# User header keys are 1..255 bytes.
HEADER_KEY_MAX_BYTES: Final = 255
# User header values are 1..255 bytes.
HEADER_VALUE_MAX_BYTES: Final = 255
# partitions_count in CreateTopic/CreatePartitions/DeletePartitions above this gets 2015.
MAX_PARTITIONS_PER_REQUEST: Final = 1000
# Internal packing limit of the 0.8 server: streams per server.
MAX_STREAMS: Final = 4096
# Internal packing limit of the 0.8 server: topics per stream.
MAX_TOPICS_PER_STREAM: Final = 4096
# Internal packing limit of the 0.8 server: partitions per server.
MAX_PARTITIONS: Final = 1000000
# Default segment size (1 GiB); a max_topic_size other than 0/MAX must be at least the segment size.
DEFAULT_SEGMENT_SIZE_BYTES: Final = 1073741824
# The default root user; it cannot be deleted (48) nor have its permissions changed (49).
ROOT_USER_ID: Final = 0
# Port of the 0.8 server's TCP listener in its default config.
DEFAULT_TCP_PORT: Final = 8090
# Port (UDP) of the 0.8 server's QUIC listener in its default config.
DEFAULT_QUIC_PORT: Final = 8080
# Port of the 0.8 server's HTTP REST API in its default config.
DEFAULT_HTTP_PORT: Final = 3000
# Port of the 0.8 server's WebSocket listener in its default config.
DEFAULT_WEBSOCKET_PORT: Final = 8092
# The official clients send Ping this often (and once at connect).
CLIENT_HEARTBEAT_INTERVAL_MS: Final = 5000
# Stats.iggy_server_semver of a 0.8.0 server: major*1000000 + minor*1000 + patch.
SERVER_SEMVER: Final = 8000
# Every 0.9 header (request, reply, eviction) is 256 bytes; the header's `size` counts it.
VSR_HEADER_SIZE: Final = 256
# 64 MiB: the largest 0.9 frame (header included) the official server reads.
VSR_MAX_FRAME_BYTES: Final = 67108864
# The packed protocol version 0.9 clients send at login: semver 0.11.0 packed as major<<20 | minor<<10 | patch.
PROTOCOL_VERSION_0_9: Final = 11264
# The lowest packed version a 0.9 server accepts (patch bits cleared); it accepts up to minor 11, any patch.
PROTOCOL_VERSION_0_9_MIN: Final = 11264
# The 0.9 message batch header (primitive batch_header).
BATCH_HEADER_SIZE: Final = 256
# The 0.9 per-message header (primitive frame_header).
FRAME_HEADER_SIZE: Final = 48
# One entry of a 0.9 SendMessages confirmation (frozen stride).
SEND_CONFIRMATION_SIZE: Final = 20
# partition_id of an empty 0.9 group poll that tells the member to SyncConsumerGroup again (it was fenced).
RESYNC_PARTITION_ID: Final = 4294967295
# Most entries in one options block (more answers 4043).
OPTIONS_MAX_ENTRIES: Final = 1024
# Largest options block in bytes (larger answers 4043).
OPTIONS_MAX_BYTES: Final = 100000
# Replies a 0.9 server keeps per client for retried requests (older ones answer 59 RequestAlreadyApplied).
CLIENT_TABLE_REPLIES: Final = 5
# 0.9: a consumer-group member silent for 1.2 x this is logged out and evicted with StaleClient.
SERVER_HEARTBEAT_INTERVAL_MS: Final = 30000


# The size a header value of each fixed-size kind must have (the others: any 1..255 bytes).
HEADER_KIND_FIXED_SIZE_BYTES: Final[dict[HeaderKind, int]] = {
    HeaderKind.BOOL: 1,
    HeaderKind.INT8: 1,
    HeaderKind.INT16: 2,
    HeaderKind.INT32: 4,
    HeaderKind.INT64: 8,
    HeaderKind.INT128: 16,
    HeaderKind.UINT8: 1,
    HeaderKind.UINT16: 2,
    HeaderKind.UINT32: 4,
    HeaderKind.UINT64: 8,
    HeaderKind.UINT128: 16,
    HeaderKind.FLOAT32: 4,
    HeaderKind.FLOAT64: 8,
}


# Operation -> plane (register, non_replicated, logout, metadata, partition, segment, internal).
OPERATION_PLANES: Final[dict[Operation, str]] = {
    Operation.RESERVED: "reserved",
    Operation.REGISTER: "register",
    Operation.NON_REPLICATED: "non_replicated",
    Operation.LOGOUT: "logout",
    Operation.CREATE_TOPIC_WITH_ASSIGNMENTS: "internal",
    Operation.CREATE_PARTITIONS_WITH_ASSIGNMENTS: "internal",
    Operation.REMOVE_CONSUMER_GROUP_MEMBER: "internal",
    Operation.COMPLETE_CONSUMER_GROUP_REVOCATION: "internal",
    Operation.TRUNCATE_PARTITION: "internal",
    Operation.CREATE_STREAM: "metadata",
    Operation.UPDATE_STREAM: "metadata",
    Operation.DELETE_STREAM: "metadata",
    Operation.PURGE_STREAM: "metadata",
    Operation.CREATE_TOPIC: "metadata",
    Operation.UPDATE_TOPIC: "metadata",
    Operation.DELETE_TOPIC: "metadata",
    Operation.PURGE_TOPIC: "metadata",
    Operation.CREATE_PARTITIONS: "metadata",
    Operation.DELETE_PARTITIONS: "metadata",
    Operation.DELETE_SEGMENTS: "segment",
    Operation.CREATE_CONSUMER_GROUP: "metadata",
    Operation.DELETE_CONSUMER_GROUP: "metadata",
    Operation.CREATE_USER: "metadata",
    Operation.UPDATE_USER: "metadata",
    Operation.DELETE_USER: "metadata",
    Operation.CHANGE_PASSWORD: "metadata",
    Operation.UPDATE_PERMISSIONS: "metadata",
    Operation.CREATE_PERSONAL_ACCESS_TOKEN: "metadata",
    Operation.DELETE_PERSONAL_ACCESS_TOKEN: "metadata",
    Operation.JOIN_CONSUMER_GROUP: "metadata",
    Operation.LEAVE_CONSUMER_GROUP: "metadata",
    Operation.SEND_MESSAGES: "partition",
    Operation.STORE_CONSUMER_OFFSET: "partition",
    Operation.DELETE_CONSUMER_OFFSET: "partition",
}

# Operations whose reply body starts with a result section (Register: unless the body is empty).
RESULT_FRAMED_OPERATIONS: Final[frozenset[Operation]] = frozenset({Operation.REGISTER, Operation.CREATE_TOPIC_WITH_ASSIGNMENTS, Operation.CREATE_PARTITIONS_WITH_ASSIGNMENTS, Operation.REMOVE_CONSUMER_GROUP_MEMBER, Operation.COMPLETE_CONSUMER_GROUP_REVOCATION, Operation.TRUNCATE_PARTITION, Operation.CREATE_STREAM, Operation.UPDATE_STREAM, Operation.DELETE_STREAM, Operation.PURGE_STREAM, Operation.CREATE_TOPIC, Operation.UPDATE_TOPIC, Operation.DELETE_TOPIC, Operation.PURGE_TOPIC, Operation.CREATE_PARTITIONS, Operation.DELETE_PARTITIONS, Operation.CREATE_CONSUMER_GROUP, Operation.DELETE_CONSUMER_GROUP, Operation.CREATE_USER, Operation.UPDATE_USER, Operation.DELETE_USER, Operation.CHANGE_PASSWORD, Operation.UPDATE_PERMISSIONS, Operation.CREATE_PERSONAL_ACCESS_TOKEN, Operation.DELETE_PERSONAL_ACCESS_TOKEN, Operation.JOIN_CONSUMER_GROUP, Operation.LEAVE_CONSUMER_GROUP, Operation.STORE_CONSUMER_OFFSET, Operation.DELETE_CONSUMER_OFFSET})

# The operation a command's 0.9 request carries; a command not listed travels as NonReplicated.
COMMAND_OPERATIONS: Final[dict[Command, Operation]] = {
    Command.CREATE_USER: Operation.CREATE_USER,
    Command.DELETE_USER: Operation.DELETE_USER,
    Command.UPDATE_USER: Operation.UPDATE_USER,
    Command.UPDATE_PERMISSIONS: Operation.UPDATE_PERMISSIONS,
    Command.CHANGE_PASSWORD: Operation.CHANGE_PASSWORD,
    Command.LOGOUT_USER: Operation.LOGOUT,
    Command.LOGIN_REGISTER: Operation.REGISTER,
    Command.CREATE_PERSONAL_ACCESS_TOKEN: Operation.CREATE_PERSONAL_ACCESS_TOKEN,
    Command.DELETE_PERSONAL_ACCESS_TOKEN: Operation.DELETE_PERSONAL_ACCESS_TOKEN,
    Command.LOGIN_REGISTER_WITH_PAT: Operation.REGISTER,
    Command.SEND_MESSAGES: Operation.SEND_MESSAGES,
    Command.STORE_CONSUMER_OFFSET: Operation.STORE_CONSUMER_OFFSET,
    Command.DELETE_CONSUMER_OFFSET: Operation.DELETE_CONSUMER_OFFSET,
    Command.CREATE_STREAM: Operation.CREATE_STREAM,
    Command.DELETE_STREAM: Operation.DELETE_STREAM,
    Command.UPDATE_STREAM: Operation.UPDATE_STREAM,
    Command.PURGE_STREAM: Operation.PURGE_STREAM,
    Command.CREATE_TOPIC: Operation.CREATE_TOPIC,
    Command.DELETE_TOPIC: Operation.DELETE_TOPIC,
    Command.UPDATE_TOPIC: Operation.UPDATE_TOPIC,
    Command.PURGE_TOPIC: Operation.PURGE_TOPIC,
    Command.CREATE_PARTITIONS: Operation.CREATE_PARTITIONS,
    Command.DELETE_PARTITIONS: Operation.DELETE_PARTITIONS,
    Command.DELETE_SEGMENTS: Operation.DELETE_SEGMENTS,
    Command.CREATE_CONSUMER_GROUP: Operation.CREATE_CONSUMER_GROUP,
    Command.DELETE_CONSUMER_GROUP: Operation.DELETE_CONSUMER_GROUP,
    Command.JOIN_CONSUMER_GROUP: Operation.JOIN_CONSUMER_GROUP,
    Command.LEAVE_CONSUMER_GROUP: Operation.LEAVE_CONSUMER_GROUP,
}

# The error a client reports for each eviction reason.
EVICTION_ERRORS: Final[dict[EvictionReason, ErrorCode]] = {
    EvictionReason.RESERVED: ErrorCode.UNAUTHENTICATED,
    EvictionReason.NO_SESSION: ErrorCode.UNAUTHENTICATED,
    EvictionReason.CLIENT_RELEASE_TOO_LOW: ErrorCode.INVALID_COMMAND,
    EvictionReason.CLIENT_RELEASE_TOO_HIGH: ErrorCode.INVALID_COMMAND,
    EvictionReason.INVALID_REQUEST_OPERATION: ErrorCode.INVALID_COMMAND,
    EvictionReason.INVALID_REQUEST_BODY: ErrorCode.INVALID_COMMAND,
    EvictionReason.INVALID_REQUEST_BODY_SIZE: ErrorCode.INVALID_COMMAND,
    EvictionReason.SESSION_TOO_LOW: ErrorCode.UNAUTHENTICATED,
    EvictionReason.SESSION_RELEASE_MISMATCH: ErrorCode.UNAUTHENTICATED,
    EvictionReason.INVALID_CREDENTIALS: ErrorCode.INVALID_CREDENTIALS,
    EvictionReason.INVALID_TOKEN: ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN,
    EvictionReason.USER_INACTIVE: ErrorCode.UNAUTHENTICATED,
    EvictionReason.SESSION_ERROR: ErrorCode.UNAUTHENTICATED,
    EvictionReason.STALE_CLIENT: ErrorCode.STALE_CLIENT,
    EvictionReason.INCOMPATIBLE_PROTOCOL: ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION,
    EvictionReason.MALFORMED_LOGIN: ErrorCode.INVALID_FORMAT,
}


# The 0.9 option catalogs (options.toml): (scope, key) -> (kind, default, updatable, about).
OPTION_CATALOG: Final[
    dict[tuple[OptionScope, str], tuple[HeaderKind, int | str | bool, bool, str]]
] = {
    (OptionScope.TOPIC, "compression_algorithm"): (HeaderKind.STRING, "none", True, "Compression algorithm (none, gzip)"),
    (OptionScope.TOPIC, "message_expiry"): (HeaderKind.UINT64, 18446744073709551615, True, "Message expiry in microseconds, or a humantime string (e.g. 7 days)"),
    (OptionScope.TOPIC, "max_topic_size"): (HeaderKind.UINT64, 18446744073709551615, True, "Topic size cap in bytes, or a byte-size string (e.g. 1 GiB); must be at least the segment size"),
    (OptionScope.TOPIC, "segment_size"): (HeaderKind.UINT64, 1073741824, False, "Segment size in bytes, or a byte-size string (e.g. 128 MiB); a 512-byte multiple within 1048576..=1073741824"),
    (OptionScope.TOPIC, "durability"): (HeaderKind.STRING, "replicated", False, "When a send is acknowledged: replicated (accepted by the node) or persisted (fsynced)"),
    (OptionScope.TOPIC, "consumer_offset_durability"): (HeaderKind.STRING, "replicated", False, "When a stored consumer offset is acknowledged: replicated or persisted"),
    (OptionScope.TOPIC, "messages_required_to_save"): (HeaderKind.UINT32, 1024, False, "Flush the journal once it holds this many messages; 1..=16777216"),
    (OptionScope.TOPIC, "size_of_messages_required_to_save"): (HeaderKind.UINT64, 1048576, False, "Flush the journal once it holds this many bytes, or a byte-size string; at most 1073741824"),
    (OptionScope.TOPIC, "preallocate_segments"): (HeaderKind.BOOL, False, False, "Reserve each segment's bytes up front where the filesystem supports it"),
}
