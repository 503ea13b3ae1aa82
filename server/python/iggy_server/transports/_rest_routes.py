# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""Iggy's REST routes as the server serves them (commands.toml [command.http] and [[http_route]]).

One `Route` per method and path, literal segments before placeholders. `handler` names the `Api` method that
answers it; `params` say where each request field travels (path, query or JSON body) and under which name.
`not_found_404`: finding nothing answers 404 not_found (the binary answer is an empty OK). `response`
`fields`: the answer is the response's fields by name as a JSON object.
"""

from __future__ import annotations

from typing import NamedTuple

from iggy.protocol.codes import Command


class Param(NamedTuple):
    field: str  # the request field; a.b is field b of the record field a
    where: str  # path | query | body
    name: str  # its name in the route, the query string or the JSON body
    type: str | None  # the spec type ([] = a list); None on a route that runs no command
    enum: str | None  # the spec enum of a u8
    default: int | str | bool | None  # the spec's value when the request leaves it out (None: required)


class Route(NamedTuple):
    handler: str
    commands: tuple[Command, ...]  # the commands it runs (several only in disjoint versions); () for none
    method: str
    path: str
    auth: bool  # False: no bearer token needed
    status: int  # of a success
    response: str  # json | fields | empty | text | zip
    not_found_404: bool
    params: tuple[Param, ...]


ROUTES: tuple[Route, ...] = (
    Route('root', (), 'GET', '/', False, 200, 'text', False, ()),
    Route('get_clients', (Command.GET_CLIENTS,), 'GET', '/clients', True, 200, 'json', False, ()),
    Route('get_client', (Command.GET_CLIENT,), 'GET', '/clients/{client_id}', True, 200, 'json', True, (
        Param('client_id', 'path', 'client_id', 'u32', None, None),
    )),
    Route('get_cluster_metadata', (Command.GET_CLUSTER_METADATA,), 'GET', '/cluster/metadata', True, 200, 'json', False, ()),
    Route('describe_options', (Command.DESCRIBE_OPTIONS,), 'GET', '/options/{scope}', True, 200, 'json', False, (
        Param('scope', 'path', 'scope', 'u8', 'OptionScope', None),
    )),
    Route('get_personal_access_tokens', (Command.GET_PERSONAL_ACCESS_TOKENS,), 'GET', '/personal-access-tokens', True, 200, 'json', False, ()),
    Route('create_personal_access_token', (Command.CREATE_PERSONAL_ACCESS_TOKEN,), 'POST', '/personal-access-tokens', True, 200, 'fields', False, (
        Param('name', 'body', 'name', 'name', None, None),
        Param('expiry', 'body', 'expiry', 'u64', None, 0),
    )),
    Route('login_with_personal_access_token', (Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, Command.LOGIN_REGISTER_WITH_PAT,), 'POST', '/personal-access-tokens/login', False, 200, 'json', False, (
        Param('token', 'body', 'token', 'name', None, None),
    )),
    Route('delete_personal_access_token', (Command.DELETE_PERSONAL_ACCESS_TOKEN,), 'DELETE', '/personal-access-tokens/{name}', True, 204, 'empty', False, (
        Param('name', 'path', 'name', 'name', None, None),
    )),
    Route('ping', (Command.PING,), 'GET', '/ping', False, 200, 'text', False, ()),
    Route('get_snapshot', (Command.GET_SNAPSHOT,), 'POST', '/snapshot', True, 200, 'zip', False, (
        Param('compression', 'body', 'compression', 'u8', 'SnapshotCompression', None),
        Param('snapshot_types', 'body', 'snapshot_types', 'u8[]', 'SnapshotType', None),
    )),
    Route('get_stats', (Command.GET_STATS,), 'GET', '/stats', True, 200, 'json', False, ()),
    Route('get_streams', (Command.GET_STREAMS,), 'GET', '/streams', True, 200, 'json', False, ()),
    Route('create_stream', (Command.CREATE_STREAM,), 'POST', '/streams', True, 200, 'json', False, (
        Param('name', 'body', 'name', 'name', None, None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('get_stream', (Command.GET_STREAM,), 'GET', '/streams/{stream_id}', True, 200, 'json', True, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
    )),
    Route('update_stream', (Command.UPDATE_STREAM,), 'PUT', '/streams/{stream_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('name', 'body', 'name', 'name', None, None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('delete_stream', (Command.DELETE_STREAM,), 'DELETE', '/streams/{stream_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
    )),
    Route('purge_stream', (Command.PURGE_STREAM,), 'DELETE', '/streams/{stream_id}/purge', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
    )),
    Route('get_topics', (Command.GET_TOPICS,), 'GET', '/streams/{stream_id}/topics', True, 200, 'json', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
    )),
    Route('create_topic', (Command.CREATE_TOPIC,), 'POST', '/streams/{stream_id}/topics', True, 200, 'json', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('partitions_count', 'body', 'partitions_count', 'u32', None, None),
        Param('compression_algorithm', 'body', 'compression_algorithm', 'u8', 'CompressionAlgorithm', None),
        Param('message_expiry', 'body', 'message_expiry', 'u64', None, None),
        Param('max_topic_size', 'body', 'max_topic_size', 'u64', None, None),
        Param('replication_factor', 'body', 'replication_factor', 'u8', None, None),
        Param('name', 'body', 'name', 'name', None, None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('get_topic', (Command.GET_TOPIC,), 'GET', '/streams/{stream_id}/topics/{topic_id}', True, 200, 'json', True, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
    )),
    Route('update_topic', (Command.UPDATE_TOPIC,), 'PUT', '/streams/{stream_id}/topics/{topic_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('compression_algorithm', 'body', 'compression_algorithm', 'u8', 'CompressionAlgorithm', None),
        Param('message_expiry', 'body', 'message_expiry', 'u64', None, None),
        Param('max_topic_size', 'body', 'max_topic_size', 'u64', None, None),
        Param('replication_factor', 'body', 'replication_factor', 'u8', None, None),
        Param('name', 'body', 'name', 'name', None, None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('delete_topic', (Command.DELETE_TOPIC,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
    )),
    Route('get_consumer_groups', (Command.GET_CONSUMER_GROUPS,), 'GET', '/streams/{stream_id}/topics/{topic_id}/consumer-groups', True, 200, 'fields', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
    )),
    Route('create_consumer_group', (Command.CREATE_CONSUMER_GROUP,), 'POST', '/streams/{stream_id}/topics/{topic_id}/consumer-groups', True, 201, 'json', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('name', 'body', 'name', 'name', None, None),
    )),
    Route('get_consumer_group', (Command.GET_CONSUMER_GROUP,), 'GET', '/streams/{stream_id}/topics/{topic_id}/consumer-groups/{group_id}', True, 200, 'json', True, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('group_id', 'path', 'group_id', 'identifier', None, None),
    )),
    Route('delete_consumer_group', (Command.DELETE_CONSUMER_GROUP,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}/consumer-groups/{group_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('group_id', 'path', 'group_id', 'identifier', None, None),
    )),
    Route('get_consumer_offset', (Command.GET_CONSUMER_OFFSET,), 'GET', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets', True, 200, 'fields', True, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('consumer.id', 'query', 'consumer_id', 'identifier', None, None),
        Param('partition_id', 'query', 'partition_id', 'optional_partition', None, None),
    )),
    Route('store_consumer_offset', (Command.STORE_CONSUMER_OFFSET,), 'PUT', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('consumer.id', 'body', 'consumer_id', 'identifier', None, None),
        Param('partition_id', 'body', 'partition_id', 'optional_partition', None, None),
        Param('offset', 'body', 'offset', 'u64', None, None),
    )),
    Route('delete_consumer_offset', (Command.DELETE_CONSUMER_OFFSET,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}/consumer-offsets/{consumer_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('consumer.id', 'path', 'consumer_id', 'identifier', None, None),
        Param('partition_id', 'query', 'partition_id', 'optional_partition', None, None),
    )),
    Route('poll_messages', (Command.POLL_MESSAGES,), 'GET', '/streams/{stream_id}/topics/{topic_id}/messages', True, 200, 'json', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('consumer.id', 'query', 'consumer_id', 'identifier', None, None),
        Param('partition_id', 'query', 'partition_id', 'optional_partition', None, None),
        Param('strategy.kind', 'query', 'kind', 'u8', 'PollingKind', None),
        Param('strategy.value', 'query', 'value', 'u64', None, None),
        Param('count', 'query', 'count', 'u32', None, None),
        Param('auto_commit', 'query', 'auto_commit', 'bool', None, False),
    )),
    Route('send_messages', (Command.SEND_MESSAGES,), 'POST', '/streams/{stream_id}/topics/{topic_id}/messages', True, 201, 'json', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('partitioning', 'body', 'partitioning', 'partitioning', None, None),
        Param('messages', 'body', 'messages', 'message[]', None, None),
        Param('batch', 'body', 'messages', 'message_batch', None, None),
    )),
    Route('flush_unsaved_buffer', (Command.FLUSH_UNSAVED_BUFFER,), 'GET', '/streams/{stream_id}/topics/{topic_id}/messages/flush/{partition_id}/{fsync}', True, 200, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('partition_id', 'path', 'partition_id', 'u32', None, None),
        Param('fsync', 'path', 'fsync', 'bool', None, False),
    )),
    Route('create_partitions', (Command.CREATE_PARTITIONS,), 'POST', '/streams/{stream_id}/topics/{topic_id}/partitions', True, 201, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('partitions_count', 'body', 'partitions_count', 'u32', None, None),
    )),
    Route('delete_partitions', (Command.DELETE_PARTITIONS,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}/partitions', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('partitions_count', 'query', 'partitions_count', 'u32', None, None),
    )),
    Route('delete_segments', (Command.DELETE_SEGMENTS,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
        Param('partition_id', 'path', 'partition_id', 'u32', None, None),
        Param('segments_count', 'query', 'segments_count', 'u32', None, None),
    )),
    Route('purge_topic', (Command.PURGE_TOPIC,), 'DELETE', '/streams/{stream_id}/topics/{topic_id}/purge', True, 204, 'empty', False, (
        Param('stream_id', 'path', 'stream_id', 'identifier', None, None),
        Param('topic_id', 'path', 'topic_id', 'identifier', None, None),
    )),
    Route('get_users', (Command.GET_USERS,), 'GET', '/users', True, 200, 'json', False, ()),
    Route('create_user', (Command.CREATE_USER,), 'POST', '/users', True, 200, 'json', False, (
        Param('username', 'body', 'username', 'name', None, None),
        Param('password', 'body', 'password', 'password', None, None),
        Param('status', 'body', 'status', 'u8', 'UserStatus', 1),
        Param('permissions', 'body', 'permissions', 'permissions', None, None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('login_user', (Command.LOGIN_USER, Command.LOGIN_REGISTER,), 'POST', '/users/login', False, 200, 'json', False, (
        Param('username', 'body', 'username', 'name', None, None),
        Param('password', 'body', 'password', 'password', None, None),
        Param('version', 'body', 'version', 'string32', None, ''),
        Param('context', 'body', 'context', 'string32', None, ''),
        Param('sdk_version', 'body', 'version', 'name', None, None),
    )),
    Route('logout_user', (Command.LOGOUT_USER,), 'DELETE', '/users/logout', True, 204, 'empty', False, ()),
    Route('refresh_token', (), 'POST', '/users/refresh-token', False, 200, 'json', False, (
        Param('token', 'body', 'token', None, None, None),
    )),
    Route('get_user', (Command.GET_USER,), 'GET', '/users/{user_id}', True, 200, 'json', True, (
        Param('user_id', 'path', 'user_id', 'identifier', None, None),
    )),
    Route('update_user', (Command.UPDATE_USER,), 'PUT', '/users/{user_id}', True, 204, 'empty', False, (
        Param('user_id', 'path', 'user_id', 'identifier', None, None),
        Param('username', 'body', 'username', 'name', None, None),
        Param('status', 'body', 'status', 'u8', 'UserStatus', None),
        Param('options', 'body', 'options', 'bytes', None, None),
    )),
    Route('delete_user', (Command.DELETE_USER,), 'DELETE', '/users/{user_id}', True, 204, 'empty', False, (
        Param('user_id', 'path', 'user_id', 'identifier', None, None),
    )),
    Route('change_password', (Command.CHANGE_PASSWORD,), 'PUT', '/users/{user_id}/password', True, 204, 'empty', False, (
        Param('user_id', 'path', 'user_id', 'identifier', None, None),
        Param('current_password', 'body', 'current_password', 'password', None, None),
        Param('new_password', 'body', 'new_password', 'password', None, None),
    )),
    Route('update_permissions', (Command.UPDATE_PERMISSIONS,), 'PUT', '/users/{user_id}/permissions', True, 204, 'empty', False, (
        Param('user_id', 'path', 'user_id', 'identifier', None, None),
        Param('permissions', 'body', 'permissions', 'permissions', None, None),
    )),
)
