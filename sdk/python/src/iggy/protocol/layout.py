# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""Byte layout of the message header and the index entry, and the command table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .codes import Command, Operation, ProtocolVersion

# The 64-byte message header (spec primitive message_header): offset (_AT) and size of each field.
MESSAGE_HEADER_CHECKSUM_AT: Final = 0
MESSAGE_HEADER_CHECKSUM_SIZE: Final = 8
MESSAGE_HEADER_ID_AT: Final = 8
MESSAGE_HEADER_ID_SIZE: Final = 16
MESSAGE_HEADER_OFFSET_AT: Final = 24
MESSAGE_HEADER_OFFSET_SIZE: Final = 8
MESSAGE_HEADER_TIMESTAMP_AT: Final = 32
MESSAGE_HEADER_TIMESTAMP_SIZE: Final = 8
MESSAGE_HEADER_ORIGIN_TIMESTAMP_AT: Final = 40
MESSAGE_HEADER_ORIGIN_TIMESTAMP_SIZE: Final = 8
MESSAGE_HEADER_USER_HEADERS_LENGTH_AT: Final = 48
MESSAGE_HEADER_USER_HEADERS_LENGTH_SIZE: Final = 4
MESSAGE_HEADER_PAYLOAD_LENGTH_AT: Final = 52
MESSAGE_HEADER_PAYLOAD_LENGTH_SIZE: Final = 4
MESSAGE_HEADER_RESERVED_AT: Final = 56
MESSAGE_HEADER_RESERVED_SIZE: Final = 8

MESSAGE_HEADER_STRUCT_FORMAT: Final = '<QQQQQQIIQ'

# The 16-byte index entry (spec primitive index_entry), in SendMessages and in .index files.
INDEX_ENTRY_RELATIVE_OFFSET_AT: Final = 0
INDEX_ENTRY_RELATIVE_OFFSET_SIZE: Final = 4
INDEX_ENTRY_POSITION_AT: Final = 4
INDEX_ENTRY_POSITION_SIZE: Final = 4
INDEX_ENTRY_TIMESTAMP_AT: Final = 8
INDEX_ENTRY_TIMESTAMP_SIZE: Final = 8
INDEX_ENTRY_STRUCT_FORMAT: Final = '<IIQ'

# The fixed prefix of a PollMessages answer (the PolledMessages fields before its frames).
POLL_RESPONSE_PREFIX_STRUCT_FORMAT: Final = '<IQI'

# Client to server (command 5). (spec frame RequestHeader)
REQUEST_HEADER_CHECKSUM_AT: Final = 0
REQUEST_HEADER_CHECKSUM_SIZE: Final = 16
REQUEST_HEADER_CHECKSUM_BODY_AT: Final = 16
REQUEST_HEADER_CHECKSUM_BODY_SIZE: Final = 16
REQUEST_HEADER_CLUSTER_AT: Final = 32
REQUEST_HEADER_CLUSTER_SIZE: Final = 16
REQUEST_HEADER_SIZE_AT: Final = 48
REQUEST_HEADER_SIZE_SIZE: Final = 4
REQUEST_HEADER_VIEW_AT: Final = 52
REQUEST_HEADER_VIEW_SIZE: Final = 4
REQUEST_HEADER_RELEASE_AT: Final = 56
REQUEST_HEADER_RELEASE_SIZE: Final = 4
REQUEST_HEADER_COMMAND_AT: Final = 60
REQUEST_HEADER_COMMAND_SIZE: Final = 1
REQUEST_HEADER_REPLICA_AT: Final = 61
REQUEST_HEADER_REPLICA_SIZE: Final = 1
REQUEST_HEADER_RESERVED_FRAME_AT: Final = 62
REQUEST_HEADER_RESERVED_FRAME_SIZE: Final = 66
REQUEST_HEADER_CLIENT_AT: Final = 128
REQUEST_HEADER_CLIENT_SIZE: Final = 16
REQUEST_HEADER_REQUEST_CHECKSUM_AT: Final = 144
REQUEST_HEADER_REQUEST_CHECKSUM_SIZE: Final = 16
REQUEST_HEADER_TIMESTAMP_AT: Final = 160
REQUEST_HEADER_TIMESTAMP_SIZE: Final = 8
REQUEST_HEADER_REQUEST_AT: Final = 168
REQUEST_HEADER_REQUEST_SIZE: Final = 8
REQUEST_HEADER_OPERATION_AT: Final = 176
REQUEST_HEADER_OPERATION_SIZE: Final = 1
REQUEST_HEADER_OPERATION_PADDING_AT: Final = 177
REQUEST_HEADER_OPERATION_PADDING_SIZE: Final = 7
REQUEST_HEADER_SESSION_AT: Final = 184
REQUEST_HEADER_SESSION_SIZE: Final = 8
REQUEST_HEADER_USER_ID_AT: Final = 192
REQUEST_HEADER_USER_ID_SIZE: Final = 4
REQUEST_HEADER_CODE_AT: Final = 196
REQUEST_HEADER_CODE_SIZE: Final = 4
REQUEST_HEADER_RESERVED_AT: Final = 200
REQUEST_HEADER_RESERVED_SIZE: Final = 56
REQUEST_HEADER_STRUCT_FORMAT: Final = '<QQQQQQIIIBB66xQQQQQQB7xQII56x'
REQUEST_HEADER_STRUCT_FIELDS: Final = ('checksum_low', 'checksum_high', 'checksum_body_low', 'checksum_body_high', 'cluster_low', 'cluster_high', 'size', 'view', 'release', 'command', 'replica', 'client_low', 'client_high', 'request_checksum_low', 'request_checksum_high', 'timestamp', 'request', 'operation', 'session', 'user_id', 'code')

# Server to client (command 8): the answer to one request, in request order. (spec frame ReplyHeader)
REPLY_HEADER_CHECKSUM_AT: Final = 0
REPLY_HEADER_CHECKSUM_SIZE: Final = 16
REPLY_HEADER_CHECKSUM_BODY_AT: Final = 16
REPLY_HEADER_CHECKSUM_BODY_SIZE: Final = 16
REPLY_HEADER_CLUSTER_AT: Final = 32
REPLY_HEADER_CLUSTER_SIZE: Final = 16
REPLY_HEADER_SIZE_AT: Final = 48
REPLY_HEADER_SIZE_SIZE: Final = 4
REPLY_HEADER_VIEW_AT: Final = 52
REPLY_HEADER_VIEW_SIZE: Final = 4
REPLY_HEADER_RELEASE_AT: Final = 56
REPLY_HEADER_RELEASE_SIZE: Final = 4
REPLY_HEADER_COMMAND_AT: Final = 60
REPLY_HEADER_COMMAND_SIZE: Final = 1
REPLY_HEADER_REPLICA_AT: Final = 61
REPLY_HEADER_REPLICA_SIZE: Final = 1
REPLY_HEADER_RESERVED_FRAME_AT: Final = 62
REPLY_HEADER_RESERVED_FRAME_SIZE: Final = 66
REPLY_HEADER_REQUEST_CHECKSUM_AT: Final = 128
REPLY_HEADER_REQUEST_CHECKSUM_SIZE: Final = 16
REPLY_HEADER_CONTEXT_AT: Final = 144
REPLY_HEADER_CONTEXT_SIZE: Final = 16
REPLY_HEADER_CLIENT_AT: Final = 160
REPLY_HEADER_CLIENT_SIZE: Final = 16
REPLY_HEADER_OP_AT: Final = 176
REPLY_HEADER_OP_SIZE: Final = 8
REPLY_HEADER_COMMIT_AT: Final = 184
REPLY_HEADER_COMMIT_SIZE: Final = 8
REPLY_HEADER_TIMESTAMP_AT: Final = 192
REPLY_HEADER_TIMESTAMP_SIZE: Final = 8
REPLY_HEADER_REQUEST_AT: Final = 200
REPLY_HEADER_REQUEST_SIZE: Final = 8
REPLY_HEADER_OPERATION_AT: Final = 208
REPLY_HEADER_OPERATION_SIZE: Final = 1
REPLY_HEADER_OPERATION_PADDING_AT: Final = 209
REPLY_HEADER_OPERATION_PADDING_SIZE: Final = 7
REPLY_HEADER_STATUS_AT: Final = 216
REPLY_HEADER_STATUS_SIZE: Final = 4
REPLY_HEADER_RESERVED_AT: Final = 220
REPLY_HEADER_RESERVED_SIZE: Final = 36
REPLY_HEADER_STRUCT_FORMAT: Final = '<QQQQQQIIIBB66xQQQQQQQQQQB7xI36x'
REPLY_HEADER_STRUCT_FIELDS: Final = ('checksum_low', 'checksum_high', 'checksum_body_low', 'checksum_body_high', 'cluster_low', 'cluster_high', 'size', 'view', 'release', 'command', 'replica', 'request_checksum_low', 'request_checksum_high', 'context_low', 'context_high', 'client_low', 'client_high', 'op', 'commit', 'timestamp', 'request', 'operation', 'status')

# Server to client (command 13), header only: the session is over; the client reports the reason's error. (spec frame EvictionHeader)
EVICTION_HEADER_CHECKSUM_AT: Final = 0
EVICTION_HEADER_CHECKSUM_SIZE: Final = 16
EVICTION_HEADER_CHECKSUM_BODY_AT: Final = 16
EVICTION_HEADER_CHECKSUM_BODY_SIZE: Final = 16
EVICTION_HEADER_CLUSTER_AT: Final = 32
EVICTION_HEADER_CLUSTER_SIZE: Final = 16
EVICTION_HEADER_SIZE_AT: Final = 48
EVICTION_HEADER_SIZE_SIZE: Final = 4
EVICTION_HEADER_VIEW_AT: Final = 52
EVICTION_HEADER_VIEW_SIZE: Final = 4
EVICTION_HEADER_RELEASE_AT: Final = 56
EVICTION_HEADER_RELEASE_SIZE: Final = 4
EVICTION_HEADER_COMMAND_AT: Final = 60
EVICTION_HEADER_COMMAND_SIZE: Final = 1
EVICTION_HEADER_REPLICA_AT: Final = 61
EVICTION_HEADER_REPLICA_SIZE: Final = 1
EVICTION_HEADER_RESERVED_FRAME_AT: Final = 62
EVICTION_HEADER_RESERVED_FRAME_SIZE: Final = 66
EVICTION_HEADER_CLIENT_AT: Final = 128
EVICTION_HEADER_CLIENT_SIZE: Final = 16
EVICTION_HEADER_SERVER_PROTOCOL_VERSION_AT: Final = 144
EVICTION_HEADER_SERVER_PROTOCOL_VERSION_SIZE: Final = 4
EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_AT: Final = 148
EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_SIZE: Final = 4
EVICTION_HEADER_RESERVED_AT: Final = 152
EVICTION_HEADER_RESERVED_SIZE: Final = 103
EVICTION_HEADER_REASON_AT: Final = 255
EVICTION_HEADER_REASON_SIZE: Final = 1
EVICTION_HEADER_STRUCT_FORMAT: Final = '<QQQQQQIIIBB66xQQII103xB'
EVICTION_HEADER_STRUCT_FIELDS: Final = ('checksum_low', 'checksum_high', 'checksum_body_low', 'checksum_body_high', 'cluster_low', 'cluster_high', 'size', 'view', 'release', 'command', 'replica', 'client_low', 'client_high', 'server_protocol_version', 'server_protocol_version_min', 'reason')

# The 256-byte header of a 0.9 message batch. (spec primitive batch_header)
BATCH_HEADER_PARTITION_ID_AT: Final = 0
BATCH_HEADER_PARTITION_ID_SIZE: Final = 8
BATCH_HEADER_BASE_OFFSET_AT: Final = 8
BATCH_HEADER_BASE_OFFSET_SIZE: Final = 8
BATCH_HEADER_BASE_TIMESTAMP_AT: Final = 16
BATCH_HEADER_BASE_TIMESTAMP_SIZE: Final = 8
BATCH_HEADER_ORIGIN_TIMESTAMP_AT: Final = 24
BATCH_HEADER_ORIGIN_TIMESTAMP_SIZE: Final = 8
BATCH_HEADER_BATCH_LENGTH_AT: Final = 32
BATCH_HEADER_BATCH_LENGTH_SIZE: Final = 8
BATCH_HEADER_BATCH_CHECKSUM_AT: Final = 40
BATCH_HEADER_BATCH_CHECKSUM_SIZE: Final = 8
BATCH_HEADER_MESSAGE_COUNT_AT: Final = 48
BATCH_HEADER_MESSAGE_COUNT_SIZE: Final = 4
BATCH_HEADER_RESERVED_AT: Final = 52
BATCH_HEADER_RESERVED_SIZE: Final = 204
BATCH_HEADER_STRUCT_FORMAT: Final = '<QQQQQQI204x'
BATCH_HEADER_STRUCT_FIELDS: Final = ('partition_id', 'base_offset', 'base_timestamp', 'origin_timestamp', 'batch_length', 'batch_checksum', 'message_count')

# The 48-byte header of one message in a 0.9 batch. (spec primitive frame_header)
FRAME_HEADER_CHECKSUM_AT: Final = 0
FRAME_HEADER_CHECKSUM_SIZE: Final = 8
FRAME_HEADER_ID_AT: Final = 8
FRAME_HEADER_ID_SIZE: Final = 16
FRAME_HEADER_OFFSET_DELTA_AT: Final = 24
FRAME_HEADER_OFFSET_DELTA_SIZE: Final = 4
FRAME_HEADER_TIMESTAMP_DELTA_AT: Final = 28
FRAME_HEADER_TIMESTAMP_DELTA_SIZE: Final = 4
FRAME_HEADER_USER_HEADERS_LENGTH_AT: Final = 32
FRAME_HEADER_USER_HEADERS_LENGTH_SIZE: Final = 4
FRAME_HEADER_PAYLOAD_LENGTH_AT: Final = 36
FRAME_HEADER_PAYLOAD_LENGTH_SIZE: Final = 4
FRAME_HEADER_RESERVED_AT: Final = 40
FRAME_HEADER_RESERVED_SIZE: Final = 8
FRAME_HEADER_STRUCT_FORMAT: Final = '<QQQIIII8x'
FRAME_HEADER_STRUCT_FIELDS: Final = ('checksum', 'id_low', 'id_high', 'offset_delta', 'timestamp_delta', 'user_headers_length', 'payload_length')


@dataclass(frozen=True, slots=True)
class CommandInfo:
    """One row of the command table (protocol-spec/spec/commands.toml)."""

    code: Command
    request: str  # class name in iggy.protocol.requests
    response: str | None  # class name of the OK body (one element when is_list); None = empty body
    is_list: bool  # the OK body is `response x n` back to back
    auth: bool  # False = allowed before login
    permission: str  # permission rule id (commands.toml `permission_rule`)
    scope: str  # what the rule looks at besides global permissions: none | stream | topic
    versions: frozenset[ProtocolVersion]  # the protocol versions that have the command
    operation: Operation  # what a 0.9 request header carries (NON_REPLICATED: the code rides in it)
    mutates: bool  # it changes what the server stores or what other clients see
    replay_safe: bool  # a client may send it again after a reconnect (see codes.REPLAY_SAFE_COMMANDS)
    audited: bool  # the server writes an audit line for it (see codes.AUDITED_COMMANDS)


COMMANDS: Final[dict[Command, CommandInfo]] = {
    Command.PING: CommandInfo(Command.PING, 'Ping', None, False, False, 'public', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_STATS: CommandInfo(Command.GET_STATS, 'GetStats', 'Stats', False, True, 'read_servers', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_SNAPSHOT: CommandInfo(Command.GET_SNAPSHOT, 'GetSnapshot', 'GetSnapshotResponse', False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_CLUSTER_METADATA: CommandInfo(Command.GET_CLUSTER_METADATA, 'GetClusterMetadata', 'ClusterMetadata', False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.DESCRIBE_OPTIONS: CommandInfo(Command.DESCRIBE_OPTIONS, 'DescribeOptions', 'DescribeOptionsResponse', False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_ME: CommandInfo(Command.GET_ME, 'GetMe', 'ClientDetails', False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_CLIENT: CommandInfo(Command.GET_CLIENT, 'GetClient', 'ClientDetails', False, True, 'read_servers', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_CLIENTS: CommandInfo(Command.GET_CLIENTS, 'GetClients', 'ClientInfo', True, True, 'read_servers', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_USER: CommandInfo(Command.GET_USER, 'GetUser', 'UserDetails', False, True, 'read_users_or_self', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_USERS: CommandInfo(Command.GET_USERS, 'GetUsers', 'UserHeader', True, True, 'read_users', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.CREATE_USER: CommandInfo(Command.CREATE_USER, 'CreateUser', 'UserDetails', False, True, 'manage_users', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_USER, True, False, True),
    Command.DELETE_USER: CommandInfo(Command.DELETE_USER, 'DeleteUser', None, False, True, 'manage_users', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_USER, True, False, True),
    Command.UPDATE_USER: CommandInfo(Command.UPDATE_USER, 'UpdateUser', None, False, True, 'manage_users', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.UPDATE_USER, True, False, True),
    Command.UPDATE_PERMISSIONS: CommandInfo(Command.UPDATE_PERMISSIONS, 'UpdatePermissions', None, False, True, 'manage_users', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.UPDATE_PERMISSIONS, True, False, True),
    Command.CHANGE_PASSWORD: CommandInfo(Command.CHANGE_PASSWORD, 'ChangePassword', None, False, True, 'manage_users_or_self', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CHANGE_PASSWORD, True, False, True),
    Command.LOGIN_USER: CommandInfo(Command.LOGIN_USER, 'LoginUser', 'LoginUserResponse', False, False, 'public', 'none', frozenset({ProtocolVersion.V0_8}), Operation.NON_REPLICATED, False, False, False),
    Command.LOGOUT_USER: CommandInfo(Command.LOGOUT_USER, 'LogoutUser', None, False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.LOGOUT, False, False, False),
    Command.LOGIN_REGISTER: CommandInfo(Command.LOGIN_REGISTER, 'LoginRegister', 'LoginRegisterResponse', False, False, 'public', 'none', frozenset({ProtocolVersion.V0_9}), Operation.REGISTER, False, False, False),
    Command.GET_PERSONAL_ACCESS_TOKENS: CommandInfo(Command.GET_PERSONAL_ACCESS_TOKENS, 'GetPersonalAccessTokens', 'PersonalAccessTokenInfo', True, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.CREATE_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.CREATE_PERSONAL_ACCESS_TOKEN, 'CreatePersonalAccessToken', 'CreatePersonalAccessTokenResponse', False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_PERSONAL_ACCESS_TOKEN, True, False, True),
    Command.DELETE_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.DELETE_PERSONAL_ACCESS_TOKEN, 'DeletePersonalAccessToken', None, False, True, 'logged_in', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_PERSONAL_ACCESS_TOKEN, True, False, True),
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, 'LoginWithPersonalAccessToken', 'LoginWithPersonalAccessTokenResponse', False, False, 'public', 'none', frozenset({ProtocolVersion.V0_8}), Operation.NON_REPLICATED, False, False, False),
    Command.LOGIN_REGISTER_WITH_PAT: CommandInfo(Command.LOGIN_REGISTER_WITH_PAT, 'LoginRegisterWithPat', 'LoginRegisterWithPatResponse', False, False, 'public', 'none', frozenset({ProtocolVersion.V0_9}), Operation.REGISTER, False, False, False),
    Command.POLL_MESSAGES: CommandInfo(Command.POLL_MESSAGES, 'PollMessages', 'PolledMessages', False, True, 'poll_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, True, False, False),
    Command.SEND_MESSAGES: CommandInfo(Command.SEND_MESSAGES, 'SendMessages', 'SendMessagesResponse', False, True, 'send_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.SEND_MESSAGES, True, False, False),
    Command.FLUSH_UNSAVED_BUFFER: CommandInfo(Command.FLUSH_UNSAVED_BUFFER, 'FlushUnsavedBuffer', None, False, True, 'send_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, True, False, False),
    Command.GET_CONSUMER_OFFSET: CommandInfo(Command.GET_CONSUMER_OFFSET, 'GetConsumerOffset', 'ConsumerOffsetInfo', False, True, 'poll_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.STORE_CONSUMER_OFFSET: CommandInfo(Command.STORE_CONSUMER_OFFSET, 'StoreConsumerOffset', None, False, True, 'poll_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.STORE_CONSUMER_OFFSET, True, False, False),
    Command.DELETE_CONSUMER_OFFSET: CommandInfo(Command.DELETE_CONSUMER_OFFSET, 'DeleteConsumerOffset', None, False, True, 'poll_messages', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_CONSUMER_OFFSET, True, False, False),
    Command.GET_STREAM: CommandInfo(Command.GET_STREAM, 'GetStream', 'StreamDetails', False, True, 'read_stream', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_STREAMS: CommandInfo(Command.GET_STREAMS, 'GetStreams', 'StreamHeader', True, True, 'read_streams', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.CREATE_STREAM: CommandInfo(Command.CREATE_STREAM, 'CreateStream', 'StreamHeader', False, True, 'manage_streams', 'none', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_STREAM, True, False, True),
    Command.DELETE_STREAM: CommandInfo(Command.DELETE_STREAM, 'DeleteStream', None, False, True, 'manage_stream', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_STREAM, True, False, True),
    Command.UPDATE_STREAM: CommandInfo(Command.UPDATE_STREAM, 'UpdateStream', None, False, True, 'manage_stream', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.UPDATE_STREAM, True, False, True),
    Command.PURGE_STREAM: CommandInfo(Command.PURGE_STREAM, 'PurgeStream', None, False, True, 'manage_stream', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.PURGE_STREAM, True, False, True),
    Command.GET_TOPIC: CommandInfo(Command.GET_TOPIC, 'GetTopic', 'TopicDetails', False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_TOPICS: CommandInfo(Command.GET_TOPICS, 'GetTopics', 'TopicHeader', True, True, 'read_topics', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.CREATE_TOPIC: CommandInfo(Command.CREATE_TOPIC, 'CreateTopic', 'TopicDetails', False, True, 'manage_topics', 'stream', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_TOPIC, True, False, True),
    Command.DELETE_TOPIC: CommandInfo(Command.DELETE_TOPIC, 'DeleteTopic', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_TOPIC, True, False, True),
    Command.UPDATE_TOPIC: CommandInfo(Command.UPDATE_TOPIC, 'UpdateTopic', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.UPDATE_TOPIC, True, False, True),
    Command.PURGE_TOPIC: CommandInfo(Command.PURGE_TOPIC, 'PurgeTopic', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.PURGE_TOPIC, True, False, True),
    Command.CREATE_PARTITIONS: CommandInfo(Command.CREATE_PARTITIONS, 'CreatePartitions', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_PARTITIONS, True, False, True),
    Command.DELETE_PARTITIONS: CommandInfo(Command.DELETE_PARTITIONS, 'DeletePartitions', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_PARTITIONS, True, False, True),
    Command.DELETE_SEGMENTS: CommandInfo(Command.DELETE_SEGMENTS, 'DeleteSegments', None, False, True, 'manage_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_SEGMENTS, True, False, True),
    Command.GET_CONSUMER_GROUP: CommandInfo(Command.GET_CONSUMER_GROUP, 'GetConsumerGroup', 'GroupDetails', False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.GET_CONSUMER_GROUPS: CommandInfo(Command.GET_CONSUMER_GROUPS, 'GetConsumerGroups', 'GroupHeader', True, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.NON_REPLICATED, False, True, False),
    Command.CREATE_CONSUMER_GROUP: CommandInfo(Command.CREATE_CONSUMER_GROUP, 'CreateConsumerGroup', 'GroupHeader', False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.CREATE_CONSUMER_GROUP, True, False, True),
    Command.DELETE_CONSUMER_GROUP: CommandInfo(Command.DELETE_CONSUMER_GROUP, 'DeleteConsumerGroup', None, False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.DELETE_CONSUMER_GROUP, True, False, True),
    Command.JOIN_CONSUMER_GROUP: CommandInfo(Command.JOIN_CONSUMER_GROUP, 'JoinConsumerGroup', None, False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.JOIN_CONSUMER_GROUP, True, False, False),
    Command.LEAVE_CONSUMER_GROUP: CommandInfo(Command.LEAVE_CONSUMER_GROUP, 'LeaveConsumerGroup', None, False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_8, ProtocolVersion.V0_9}), Operation.LEAVE_CONSUMER_GROUP, True, False, False),
    Command.SYNC_CONSUMER_GROUP: CommandInfo(Command.SYNC_CONSUMER_GROUP, 'SyncConsumerGroup', 'SyncConsumerGroupResponse', False, True, 'read_topic', 'topic', frozenset({ProtocolVersion.V0_9}), Operation.NON_REPLICATED, True, False, False),
}
