# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""Byte layout of the message header and the index entry, and the command table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .codes import Command

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


COMMANDS: Final[dict[Command, CommandInfo]] = {
    Command.PING: CommandInfo(Command.PING, 'Ping', None, False, False, 'public', 'none'),
    Command.GET_STATS: CommandInfo(Command.GET_STATS, 'GetStats', 'Stats', False, True, 'read_servers', 'none'),
    Command.GET_SNAPSHOT: CommandInfo(Command.GET_SNAPSHOT, 'GetSnapshot', 'GetSnapshotResponse', False, True, 'logged_in', 'none'),
    Command.GET_CLUSTER_METADATA: CommandInfo(Command.GET_CLUSTER_METADATA, 'GetClusterMetadata', 'ClusterMetadata', False, True, 'logged_in', 'none'),
    Command.GET_ME: CommandInfo(Command.GET_ME, 'GetMe', 'ClientDetails', False, True, 'logged_in', 'none'),
    Command.GET_CLIENT: CommandInfo(Command.GET_CLIENT, 'GetClient', 'ClientDetails', False, True, 'read_servers', 'none'),
    Command.GET_CLIENTS: CommandInfo(Command.GET_CLIENTS, 'GetClients', 'ClientInfo', True, True, 'read_servers', 'none'),
    Command.GET_USER: CommandInfo(Command.GET_USER, 'GetUser', 'UserDetails', False, True, 'read_users_or_self', 'none'),
    Command.GET_USERS: CommandInfo(Command.GET_USERS, 'GetUsers', 'UserHeader', True, True, 'read_users', 'none'),
    Command.CREATE_USER: CommandInfo(Command.CREATE_USER, 'CreateUser', 'UserDetails', False, True, 'manage_users', 'none'),
    Command.DELETE_USER: CommandInfo(Command.DELETE_USER, 'DeleteUser', None, False, True, 'manage_users', 'none'),
    Command.UPDATE_USER: CommandInfo(Command.UPDATE_USER, 'UpdateUser', None, False, True, 'manage_users', 'none'),
    Command.UPDATE_PERMISSIONS: CommandInfo(Command.UPDATE_PERMISSIONS, 'UpdatePermissions', None, False, True, 'manage_users', 'none'),
    Command.CHANGE_PASSWORD: CommandInfo(Command.CHANGE_PASSWORD, 'ChangePassword', None, False, True, 'manage_users_or_self', 'none'),
    Command.LOGIN_USER: CommandInfo(Command.LOGIN_USER, 'LoginUser', 'LoginUserResponse', False, False, 'public', 'none'),
    Command.LOGOUT_USER: CommandInfo(Command.LOGOUT_USER, 'LogoutUser', None, False, True, 'logged_in', 'none'),
    Command.GET_PERSONAL_ACCESS_TOKENS: CommandInfo(Command.GET_PERSONAL_ACCESS_TOKENS, 'GetPersonalAccessTokens', 'PersonalAccessTokenInfo', True, True, 'logged_in', 'none'),
    Command.CREATE_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.CREATE_PERSONAL_ACCESS_TOKEN, 'CreatePersonalAccessToken', 'CreatePersonalAccessTokenResponse', False, True, 'logged_in', 'none'),
    Command.DELETE_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.DELETE_PERSONAL_ACCESS_TOKEN, 'DeletePersonalAccessToken', None, False, True, 'logged_in', 'none'),
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: CommandInfo(Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, 'LoginWithPersonalAccessToken', 'LoginWithPersonalAccessTokenResponse', False, False, 'public', 'none'),
    Command.POLL_MESSAGES: CommandInfo(Command.POLL_MESSAGES, 'PollMessages', 'PolledMessages', False, True, 'poll_messages', 'topic'),
    Command.SEND_MESSAGES: CommandInfo(Command.SEND_MESSAGES, 'SendMessages', None, False, True, 'send_messages', 'topic'),
    Command.FLUSH_UNSAVED_BUFFER: CommandInfo(Command.FLUSH_UNSAVED_BUFFER, 'FlushUnsavedBuffer', None, False, True, 'send_messages', 'topic'),
    Command.GET_CONSUMER_OFFSET: CommandInfo(Command.GET_CONSUMER_OFFSET, 'GetConsumerOffset', 'ConsumerOffsetInfo', False, True, 'poll_messages', 'topic'),
    Command.STORE_CONSUMER_OFFSET: CommandInfo(Command.STORE_CONSUMER_OFFSET, 'StoreConsumerOffset', None, False, True, 'poll_messages', 'topic'),
    Command.DELETE_CONSUMER_OFFSET: CommandInfo(Command.DELETE_CONSUMER_OFFSET, 'DeleteConsumerOffset', None, False, True, 'poll_messages', 'topic'),
    Command.GET_STREAM: CommandInfo(Command.GET_STREAM, 'GetStream', 'StreamDetails', False, True, 'read_stream', 'stream'),
    Command.GET_STREAMS: CommandInfo(Command.GET_STREAMS, 'GetStreams', 'StreamHeader', True, True, 'read_streams', 'none'),
    Command.CREATE_STREAM: CommandInfo(Command.CREATE_STREAM, 'CreateStream', 'StreamHeader', False, True, 'manage_streams', 'none'),
    Command.DELETE_STREAM: CommandInfo(Command.DELETE_STREAM, 'DeleteStream', None, False, True, 'manage_stream', 'stream'),
    Command.UPDATE_STREAM: CommandInfo(Command.UPDATE_STREAM, 'UpdateStream', None, False, True, 'manage_stream', 'stream'),
    Command.PURGE_STREAM: CommandInfo(Command.PURGE_STREAM, 'PurgeStream', None, False, True, 'manage_stream', 'stream'),
    Command.GET_TOPIC: CommandInfo(Command.GET_TOPIC, 'GetTopic', 'TopicDetails', False, True, 'read_topic', 'topic'),
    Command.GET_TOPICS: CommandInfo(Command.GET_TOPICS, 'GetTopics', 'TopicHeader', True, True, 'read_topics', 'stream'),
    Command.CREATE_TOPIC: CommandInfo(Command.CREATE_TOPIC, 'CreateTopic', 'TopicDetails', False, True, 'manage_topics', 'stream'),
    Command.DELETE_TOPIC: CommandInfo(Command.DELETE_TOPIC, 'DeleteTopic', None, False, True, 'manage_topic', 'topic'),
    Command.UPDATE_TOPIC: CommandInfo(Command.UPDATE_TOPIC, 'UpdateTopic', None, False, True, 'manage_topic', 'topic'),
    Command.PURGE_TOPIC: CommandInfo(Command.PURGE_TOPIC, 'PurgeTopic', None, False, True, 'manage_topic', 'topic'),
    Command.CREATE_PARTITIONS: CommandInfo(Command.CREATE_PARTITIONS, 'CreatePartitions', None, False, True, 'manage_topic', 'topic'),
    Command.DELETE_PARTITIONS: CommandInfo(Command.DELETE_PARTITIONS, 'DeletePartitions', None, False, True, 'manage_topic', 'topic'),
    Command.DELETE_SEGMENTS: CommandInfo(Command.DELETE_SEGMENTS, 'DeleteSegments', None, False, True, 'manage_topic', 'topic'),
    Command.GET_CONSUMER_GROUP: CommandInfo(Command.GET_CONSUMER_GROUP, 'GetConsumerGroup', 'GroupDetails', False, True, 'read_topic', 'topic'),
    Command.GET_CONSUMER_GROUPS: CommandInfo(Command.GET_CONSUMER_GROUPS, 'GetConsumerGroups', 'GroupHeader', True, True, 'read_topic', 'topic'),
    Command.CREATE_CONSUMER_GROUP: CommandInfo(Command.CREATE_CONSUMER_GROUP, 'CreateConsumerGroup', 'GroupHeader', False, True, 'read_topic', 'topic'),
    Command.DELETE_CONSUMER_GROUP: CommandInfo(Command.DELETE_CONSUMER_GROUP, 'DeleteConsumerGroup', None, False, True, 'read_topic', 'topic'),
    Command.JOIN_CONSUMER_GROUP: CommandInfo(Command.JOIN_CONSUMER_GROUP, 'JoinConsumerGroup', None, False, True, 'read_topic', 'topic'),
    Command.LEAVE_CONSUMER_GROUP: CommandInfo(Command.LEAVE_CONSUMER_GROUP, 'LeaveConsumerGroup', None, False, True, 'read_topic', 'topic'),
}
