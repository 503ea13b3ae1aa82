# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""Iggy's REST API per command, as the SDK's HTTP transport calls it (commands.toml [command.http]).

`ROUTES[command]`: method, path (a `str.format` template of the path params' names) and where each request
field travels (path, query or JSON body) and under which name; `enum`: the enum whose lower-case member names
travel instead of the number; `versions`: the protocol versions that send it (None = every one).
`not_found_404`: finding nothing answers 404 (the binary answer is an empty OK). `response` `fields`: the
JSON answer is the response's fields by name. `ABSENT[command]`: why Iggy's REST API lacks the command.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from ..protocol.codes import Command, ProtocolVersion, CompressionAlgorithm, OptionScope, PollingKind, SnapshotCompression, SnapshotType, UserStatus


class Param(NamedTuple):
    field: str  # the request field; a.b is field b of the record field a
    where: str  # path | query | body
    name: str
    enum: type[IntEnum] | None
    versions: frozenset[ProtocolVersion] | None


class Route(NamedTuple):
    method: str
    path: str
    response: str  # json | fields | empty | text | zip
    not_found_404: bool
    params: tuple[Param, ...]


ROUTES: dict[Command, Route] = {
    Command.PING: Route('GET', '/ping', 'text', False, ()),
    Command.GET_STATS: Route('GET', '/stats', 'json', False, ()),
    Command.GET_SNAPSHOT: Route('POST', '/snapshot', 'zip', False, (
        Param('compression', 'body', 'compression', SnapshotCompression, None),
        Param('snapshot_types', 'body', 'snapshot_types', SnapshotType, None),
    )),
    Command.GET_CLUSTER_METADATA: Route('GET', '/cluster/metadata', 'json', False, ()),
    Command.DESCRIBE_OPTIONS: Route('GET', '/options/{scope}', 'json', False, (
        Param('scope', 'path', 'scope', OptionScope, None),
    )),
    Command.GET_CLIENT: Route('GET', '/clients/{client_id}', 'json', True, (
        Param('client_id', 'path', 'client_id', None, None),
    )),
    Command.GET_CLIENTS: Route('GET', '/clients', 'json', False, ()),
    Command.GET_USER: Route('GET', '/users/{user_id}', 'json', True, (
        Param('user_id', 'path', 'user_id', None, None),
    )),
    Command.GET_USERS: Route('GET', '/users', 'json', False, ()),
    Command.CREATE_USER: Route('POST', '/users', 'json', False, (
        Param('username', 'body', 'username', None, None),
        Param('password', 'body', 'password', None, None),
        Param('status', 'body', 'status', UserStatus, None),
        Param('permissions', 'body', 'permissions', None, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.DELETE_USER: Route('DELETE', '/users/{user_id}', 'empty', False, (
        Param('user_id', 'path', 'user_id', None, None),
    )),
    Command.UPDATE_USER: Route('PUT', '/users/{user_id}', 'empty', False, (
        Param('user_id', 'path', 'user_id', None, None),
        Param('username', 'body', 'username', None, None),
        Param('status', 'body', 'status', UserStatus, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.UPDATE_PERMISSIONS: Route('PUT', '/users/{user_id}/permissions', 'empty', False, (
        Param('user_id', 'path', 'user_id', None, None),
        Param('permissions', 'body', 'permissions', None, None),
    )),
    Command.CHANGE_PASSWORD: Route('PUT', '/users/{user_id}/password', 'empty', False, (
        Param('user_id', 'path', 'user_id', None, None),
        Param('current_password', 'body', 'current_password', None, None),
        Param('new_password', 'body', 'new_password', None, None),
    )),
    Command.LOGIN_USER: Route('POST', '/users/login', 'json', False, (
        Param('username', 'body', 'username', None, None),
        Param('password', 'body', 'password', None, None),
        Param('version', 'body', 'version', None, None),
        Param('context', 'body', 'context', None, None),
    )),
    Command.LOGOUT_USER: Route('DELETE', '/users/logout', 'empty', False, ()),
    Command.LOGIN_REGISTER: Route('POST', '/users/login', 'json', False, (
        Param('username', 'body', 'username', None, None),
        Param('password', 'body', 'password', None, None),
        Param('sdk_version', 'body', 'version', None, None),
        Param('context', 'body', 'context', None, None),
    )),
    Command.GET_PERSONAL_ACCESS_TOKENS: Route('GET', '/personal-access-tokens', 'json', False, ()),
    Command.CREATE_PERSONAL_ACCESS_TOKEN: Route('POST', '/personal-access-tokens', 'fields', False, (
        Param('name', 'body', 'name', None, None),
        Param('expiry', 'body', 'expiry', None, None),
    )),
    Command.DELETE_PERSONAL_ACCESS_TOKEN: Route('DELETE', '/personal-access-tokens/{name}', 'empty', False, (
        Param('name', 'path', 'name', None, None),
    )),
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: Route('POST', '/personal-access-tokens/login', 'json', False, (
        Param('token', 'body', 'token', None, None),
    )),
    Command.LOGIN_REGISTER_WITH_PAT: Route('POST', '/personal-access-tokens/login', 'json', False, (
        Param('token', 'body', 'token', None, None),
    )),
    Command.POLL_MESSAGES: Route('GET', '/streams/{stream_id}/topics/{topic_id}/messages', 'json', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('consumer.id', 'query', 'consumer_id', None, None),
        Param('partition_id', 'query', 'partition_id', None, None),
        Param('strategy.kind', 'query', 'kind', PollingKind, None),
        Param('strategy.value', 'query', 'value', None, None),
        Param('count', 'query', 'count', None, None),
        Param('auto_commit', 'query', 'auto_commit', None, None),
    )),
    Command.SEND_MESSAGES: Route('POST', '/streams/{stream_id}/topics/{topic_id}/messages', 'json', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('partitioning', 'body', 'partitioning', None, None),
        Param('messages', 'body', 'messages', None, frozenset({ProtocolVersion.V0_8})),
        Param('batch', 'body', 'messages', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.FLUSH_UNSAVED_BUFFER: Route('GET', '/streams/{stream_id}/topics/{topic_id}/messages/flush/{partition_id}/{fsync}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('partition_id', 'path', 'partition_id', None, None),
        Param('fsync', 'path', 'fsync', None, None),
    )),
    Command.GET_CONSUMER_OFFSET: Route('GET', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets', 'fields', True, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('consumer.id', 'query', 'consumer_id', None, None),
        Param('partition_id', 'query', 'partition_id', None, None),
    )),
    Command.STORE_CONSUMER_OFFSET: Route('PUT', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('consumer.id', 'body', 'consumer_id', None, None),
        Param('partition_id', 'body', 'partition_id', None, None),
        Param('offset', 'body', 'offset', None, None),
    )),
    Command.DELETE_CONSUMER_OFFSET: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets/{consumer_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('consumer.id', 'path', 'consumer_id', None, None),
        Param('partition_id', 'query', 'partition_id', None, None),
    )),
    Command.GET_STREAM: Route('GET', '/streams/{stream_id}', 'json', True, (
        Param('stream_id', 'path', 'stream_id', None, None),
    )),
    Command.GET_STREAMS: Route('GET', '/streams', 'json', False, ()),
    Command.CREATE_STREAM: Route('POST', '/streams', 'json', False, (
        Param('name', 'body', 'name', None, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.DELETE_STREAM: Route('DELETE', '/streams/{stream_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
    )),
    Command.UPDATE_STREAM: Route('PUT', '/streams/{stream_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('name', 'body', 'name', None, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.PURGE_STREAM: Route('DELETE', '/streams/{stream_id}/purge', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
    )),
    Command.GET_TOPIC: Route('GET', '/streams/{stream_id}/topics/{topic_id}', 'json', True, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
    )),
    Command.GET_TOPICS: Route('GET', '/streams/{stream_id}/topics', 'json', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
    )),
    Command.CREATE_TOPIC: Route('POST', '/streams/{stream_id}/topics', 'json', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('partitions_count', 'body', 'partitions_count', None, None),
        Param('compression_algorithm', 'body', 'compression_algorithm', CompressionAlgorithm, frozenset({ProtocolVersion.V0_8})),
        Param('message_expiry', 'body', 'message_expiry', None, frozenset({ProtocolVersion.V0_8})),
        Param('max_topic_size', 'body', 'max_topic_size', None, frozenset({ProtocolVersion.V0_8})),
        Param('replication_factor', 'body', 'replication_factor', None, frozenset({ProtocolVersion.V0_8})),
        Param('name', 'body', 'name', None, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.DELETE_TOPIC: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
    )),
    Command.UPDATE_TOPIC: Route('PUT', '/streams/{stream_id}/topics/{topic_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('compression_algorithm', 'body', 'compression_algorithm', CompressionAlgorithm, frozenset({ProtocolVersion.V0_8})),
        Param('message_expiry', 'body', 'message_expiry', None, frozenset({ProtocolVersion.V0_8})),
        Param('max_topic_size', 'body', 'max_topic_size', None, frozenset({ProtocolVersion.V0_8})),
        Param('replication_factor', 'body', 'replication_factor', None, frozenset({ProtocolVersion.V0_8})),
        Param('name', 'body', 'name', None, None),
        Param('options', 'body', 'options', None, frozenset({ProtocolVersion.V0_9})),
    )),
    Command.PURGE_TOPIC: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}/purge', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
    )),
    Command.CREATE_PARTITIONS: Route('POST', '/streams/{stream_id}/topics/{topic_id}/partitions', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('partitions_count', 'body', 'partitions_count', None, None),
    )),
    Command.DELETE_PARTITIONS: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}/partitions', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('partitions_count', 'query', 'partitions_count', None, None),
    )),
    Command.DELETE_SEGMENTS: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('partition_id', 'path', 'partition_id', None, None),
        Param('segments_count', 'query', 'segments_count', None, None),
    )),
    Command.GET_CONSUMER_GROUP: Route('GET', '/streams/{stream_id}/topics/{topic_id}/consumer-groups/{group_id}', 'json', True, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('group_id', 'path', 'group_id', None, None),
    )),
    Command.GET_CONSUMER_GROUPS: Route('GET', '/streams/{stream_id}/topics/{topic_id}/consumer-groups', 'fields', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
    )),
    Command.CREATE_CONSUMER_GROUP: Route('POST', '/streams/{stream_id}/topics/{topic_id}/consumer-groups', 'json', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('name', 'body', 'name', None, None),
    )),
    Command.DELETE_CONSUMER_GROUP: Route('DELETE', '/streams/{stream_id}/topics/{topic_id}/consumer-groups/{group_id}', 'empty', False, (
        Param('stream_id', 'path', 'stream_id', None, None),
        Param('topic_id', 'path', 'topic_id', None, None),
        Param('group_id', 'path', 'group_id', None, None),
    )),
}

ABSENT: dict[Command, str] = {
    Command.GET_ME: "Iggy's REST API keeps no client session (a bearer JWT names the user): there is none to describe.",
    Command.JOIN_CONSUMER_GROUP: "Iggy's REST API keeps no client session (a bearer JWT names the user): nothing can become a group member.",
    Command.LEAVE_CONSUMER_GROUP: "Iggy's REST API keeps no client session (a bearer JWT names the user): nothing is a group member to leave.",
    Command.SYNC_CONSUMER_GROUP: "Iggy's REST API keeps no client session (a bearer JWT names the user): nothing is a group member to sync.",
}
