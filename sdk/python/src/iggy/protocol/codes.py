# BOOTSTRAP (to be replaced by the protocol-spec generator; same names).
from enum import IntEnum


class Command(IntEnum):
    PING = 1
    GET_STATS = 10
    GET_SNAPSHOT = 11
    GET_CLUSTER_METADATA = 12
    GET_ME = 20
    GET_CLIENT = 21
    GET_CLIENTS = 22
    GET_USER = 31
    GET_USERS = 32
    CREATE_USER = 33
    DELETE_USER = 34
    UPDATE_USER = 35
    UPDATE_PERMISSIONS = 36
    CHANGE_PASSWORD = 37
    LOGIN_USER = 38
    LOGOUT_USER = 39
    GET_PERSONAL_ACCESS_TOKENS = 41
    CREATE_PERSONAL_ACCESS_TOKEN = 42
    DELETE_PERSONAL_ACCESS_TOKEN = 43
    LOGIN_WITH_PERSONAL_ACCESS_TOKEN = 44
    POLL_MESSAGES = 100
    SEND_MESSAGES = 101
    FLUSH_UNSAVED_BUFFER = 102
    GET_CONSUMER_OFFSET = 120
    STORE_CONSUMER_OFFSET = 121
    DELETE_CONSUMER_OFFSET = 122
    GET_STREAM = 200
    GET_STREAMS = 201
    CREATE_STREAM = 202
    DELETE_STREAM = 203
    UPDATE_STREAM = 204
    PURGE_STREAM = 205
    GET_TOPIC = 300
    GET_TOPICS = 301
    CREATE_TOPIC = 302
    DELETE_TOPIC = 303
    UPDATE_TOPIC = 304
    PURGE_TOPIC = 305
    CREATE_PARTITIONS = 402
    DELETE_PARTITIONS = 403
    DELETE_SEGMENTS = 503
    GET_CONSUMER_GROUP = 600
    GET_CONSUMER_GROUPS = 601
    CREATE_CONSUMER_GROUP = 602
    DELETE_CONSUMER_GROUP = 603
    JOIN_CONSUMER_GROUP = 604
    LEAVE_CONSUMER_GROUP = 605


UNAUTHENTICATED_COMMANDS = frozenset({Command.PING, Command.LOGIN_USER, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN})


class ErrorCode(IntEnum):
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
    CANNOT_READ_CONSUMER_OFFSETS = 3020
    CONSUMER_OFFSET_NOT_FOUND = 3021
    NOT_RESOLVED_CONSUMER = 3022
    CANNOT_OPEN_CONSUMER_OFFSETS_FILE = 3023
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
    CONSUMER_GROUP_ID_NOT_FOUND = 5000
    INVALID_CONSUMER_GROUP_ID = 5002
    CONSUMER_GROUP_NAME_NOT_FOUND = 5003
    CONSUMER_GROUP_NAME_ALREADY_EXISTS = 5004
    INVALID_CONSUMER_GROUP_NAME = 5005
    CONSUMER_GROUP_MEMBER_NOT_FOUND = 5006
    CANNOT_CREATE_CONSUMER_GROUP_INFO = 5007
    CANNOT_DELETE_CONSUMER_GROUP_INFO = 5008
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


ERROR_MESSAGES: dict[int, str] = {
    1: 'Error',
    2: 'Invalid configuration',
    3: 'Invalid command',
    4: 'Invalid format',
    5: 'Feature is unavailable',
    6: 'Invalid identifier',
    7: 'Invalid version: …',
    8: 'Disconnected',
    9: 'Cannot establish connection',
    10: 'Cannot create base directory, Path: …',
    11: 'Cannot create runtime directory, Path: …',
    12: 'Cannot remove runtime directory, Path: …',
    13: 'Cannot create state directory, Path: …',
    14: 'State file not found',
    15: 'State file corrupted',
    16: 'Invalid state entry checksum: …, expected: …, for index: …',
    19: 'Cannot open database, Path: …',
    20: 'Resource with key: … was not found.',
    21: 'Cannot close WebSocket connection',
    30: 'Stale client',
    31: 'TCP error',
    32: 'QUIC error',
    33: 'Invalid server address',
    34: 'Invalid client address',
    35: 'Invalid IP address: …:…',
    36: 'Http error …',
    40: 'Unauthenticated',
    41: 'Unauthorized',
    42: 'Invalid credentials',
    43: 'Invalid username',
    44: 'Invalid password',
    45: 'Invalid user status',
    46: 'User already exists',
    47: 'User inactive',
    48: 'Cannot delete user with ID: …',
    49: 'Cannot change permissions for user with ID: …',
    50: 'Invalid personal access token name',
    51: 'Personal access token: … for user with ID: … already exists',
    52: 'User with ID: … has reached the maximum number of personal access tokens: …',
    53: 'Invalid personal access token',
    54: 'Personal access token: … for user with ID: … has expired.',
    55: 'Users limit reached.',
    61: 'Not connected',
    63: 'Client shutdown',
    64: 'Invalid TLS domain',
    65: 'Invalid TLS certificate path',
    66: 'Invalid TLS certificate',
    67: 'Failed to add certificate',
    70: 'Invalid encryption key',
    71: 'Cannot encrypt data',
    72: 'Cannot decrypt data',
    73: 'Invalid JWT algorithm: …',
    74: 'Invalid JWT secret',
    75: 'JWT is missing',
    76: 'Cannot generate JWT',
    77: 'Access token is missing',
    78: 'Invalid access token',
    79: 'Cannot fetch JWKS from URL: …',
    80: 'Invalid size bytes',
    81: 'Invalid UTF-8',
    82: 'Invalid number encoding',
    83: 'Invalid boolean value',
    84: 'Invalid number value',
    100: 'Client with ID: … was not found.',
    101: 'Invalid client ID',
    206: 'Connection closed',
    209: 'Cannot parse header kind from …',
    300: 'HTTP response error, status: …, body: …',
    301: 'Invalid HTTP request',
    302: 'Invalid JSON response',
    303: 'Invalid bytes response',
    304: 'Empty response',
    305: 'Cannot create endpoint',
    306: 'Cannot parse URL',
    400: 'WebSocket error',
    401: 'WebSocket connection error',
    402: 'WebSocket close error',
    403: 'WebSocket receive error',
    404: 'WebSocket send error',
    1000: 'Cannot create streams directory, Path: …',
    1001: 'Cannot create stream with ID: … directory, Path: …',
    1002: 'Failed to create stream info file for stream with ID: …',
    1003: 'Failed to update stream info for stream with ID: …',
    1004: 'Failed to open stream info file for stream with ID: …',
    1005: 'Failed to read stream info file for stream with ID: …',
    1006: 'Failed to create stream with ID: …',
    1007: 'Failed to delete stream with ID: …',
    1008: 'Failed to delete stream directory with ID: …',
    1009: 'Stream with ID: … was not found.',
    1010: 'Stream with name: … was not found.',
    1011: 'Stream with directory … was not found.',
    1012: 'Stream with name: … already exists.',
    1013: 'Invalid stream name',
    1014: 'Invalid stream ID',
    1015: 'Cannot read streams',
    1019: 'Max topic size cannot be lower than segment size',
    2000: 'Cannot create topics directory for stream with ID: …, Path: …',
    2001: 'Failed to create directory for topic with ID: … for stream with ID: …, Path: …',
    2002: 'Failed to create topic info file for topic with ID: … for stream with ID: ….',
    2003: 'Failed to update topic info for topic with ID: … for stream with ID: ….',
    2004: 'Failed to open topic info file for topic with ID: … for stream with ID: ….',
    2005: 'Failed to read topic info file for topic with ID: … for stream with ID: ….',
    2006: 'Failed to create topic with ID: … for stream with ID: ….',
    2007: 'Failed to delete topic with ID: … for stream with ID: ….',
    2008: 'Failed to delete topic directory with ID: … for stream with ID: …, Path: …',
    2009: 'Cannot poll topic',
    2010: 'Topic with ID: … for stream with ID: … was not found.',
    2011: 'Topic with name: … for stream with ID: … was not found.',
    2013: 'Topic with name: … for stream with ID: … already exists.',
    2014: 'Invalid topic name',
    2015: 'Too many partitions',
    2016: 'Invalid topic ID',
    2017: 'Cannot read topics for stream with ID: …',
    2018: 'Invalid replication factor',
    2019: 'Invalid partitions count',
    2020: 'Topic directory: … not found',
    3000: 'Cannot create partition with ID: … for stream with ID: … and topic with ID: …',
    3001: 'Failed to create directory for partitions',
    3002: 'Failed to create directory for partition',
    3003: 'Cannot open partition log file',
    3004: 'Cannot read partitions directories.',
    3005: 'Failed to delete partition',
    3006: 'Failed to delete partition directory',
    3007: 'Partition with ID: … for topic with ID: … for stream with ID: … was not found.',
    3008: 'Topic with ID: … for stream with ID: … has no partitions.',
    3009: 'Cannot read partitions for topic with ID: … for stream with ID: …',
    3010: 'Failed to delete consumer offsets directory for path: …',
    3011: 'Failed to delete consumer offset file for path: …',
    3012: 'Failed to create consumer offsets directory for path: …',
    3020: 'Failed to read consumers offsets from path: …',
    3021: 'Consumer offset for consumer with ID: … was not found.',
    3022: 'Failed to resolve consumer with ID: …',
    3023: 'Cannot open consumer offsets file for path: …',
    4000: 'Segment not found',
    4001: 'Segment with start offset: … and partition with ID: … is closed',
    4002: 'Segment size is invalid',
    4003: 'Failed to create segment log file for Path: ….',
    4004: 'Failed to create segment index file for Path: ….',
    4005: 'Failed to create segment time index file for Path: ….',
    4006: 'Cannot save messages to segment.',
    4007: 'Cannot save index to segment.',
    4008: 'Cannot save time index to segment.',
    4009: 'Invalid messages count',
    4010: 'Cannot append message',
    4011: 'Cannot read message',
    4012: 'Cannot read message ID',
    4013: 'Cannot read message state',
    4014: 'Cannot read message timestamp',
    4015: 'Cannot read headers length',
    4016: 'Cannot read headers payload',
    4017: 'Too big headers payload',
    4018: 'Invalid header key',
    4019: 'Invalid header value',
    4020: 'Cannot read message length',
    4021: 'Cannot save messages to segment',
    4022: 'Too big message payload',
    4023: 'Too many messages',
    4024: 'Empty message payload',
    4025: 'Invalid message payload length',
    4026: 'Cannot read message checksum',
    4027: 'Invalid message checksum: …, expected: …, for offset: …',
    4028: 'Invalid key value length',
    4029: 'Command length error: …',
    4030: 'Incorrect Segments Count size: …',
    4031: 'Non-zero offset: … at index: …',
    4032: 'Non-zero timestamp: … at index: …',
    4033: 'Missing index: …',
    4034: 'Invalid indexes byte size: …B, should be divisible by 16',
    4035: 'Invalid indexes count: …, expected: …',
    4036: 'Invalid messages byte size: …B, expected: …B',
    4037: 'Too small message: …B, expected: …B',
    4038: 'Invalid message timestamp delta: … microseconds exceeds the per-batch limit',
    4039: 'Invalid batch checksum: …, expected: …, for base offset: …',
    4040: 'Invalid header kind code: …',
    4050: 'Cannot sed messages due to client disconnection',
    4051: 'Background send error',
    4052: 'Background send timeout',
    4053: 'Background send buffer is full',
    4054: 'Background worker disconnected',
    4055: 'Background send buffer overflow',
    4056: 'Producer send failed (client-side)',
    4057: 'Producer closed',
    4100: 'Invalid offset: …',
    4101: 'Invalid reserved field value: …, expected: 0',
    5000: 'Consumer group with ID: … for topic with ID: … was not found.',
    5002: 'Invalid consumer group ID',
    5003: 'Consumer group with name: … for topic with ID: … was not found.',
    5004: 'Consumer group with name: … for topic with ID: … already exists.',
    5005: 'Invalid consumer group name',
    5006: 'Consumer group member (client) not found in group',
    5007: 'Failed to create consumer group info file',
    5008: 'Failed to delete consumer group info file',
    6000: 'Base offset is missing',
    6001: 'Last offset delta is missing',
    6002: 'Max timestamp is missing',
    6003: 'Length is missing',
    6004: 'Payload is missing',
    7000: 'Cannot read batch base offset',
    7001: 'Cannot read batch length',
    7002: 'Cannot read batch last offset delta',
    7003: 'Cannot read batch maximum timestamp',
    7004: 'Cannot read batch payload',
    8000: 'Invalid connection string',
    9000: 'Snapshot file completion failed',
    10000: 'Cannot serialize resource',
    10001: 'Cannot deserialize resource',
    10002: 'Cannot read file',
    10003: 'Cannot read file metadata',
    10004: 'Cannot seek file',
    10005: 'Cannot append to file',
    10006: 'Cannot write to file',
    10007: 'Cannot overwrite file',
    10008: 'Cannot delete file',
    10009: 'Cannot sync file',
    10010: 'Cannot read index offset',
    10011: 'Cannot read index position',
    10012: 'Cannot read index timestamp',
    10013: 'Timestamp out of range: …',
    11000: 'Shard not found for stream ID: …, topic ID: …, partition ID: …',
    11001: 'Shard communication error',
    12000: 'Cannot bind to socket with addr: …',
    12001: 'Task execution timeout',
    13000: 'IO error: …',
}
