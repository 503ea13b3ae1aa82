# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""The conformance driver op table (protocol-spec/spec/driver_ops.toml), and the check every step passes before a driver runs it.

Standard library only: the drivers that import it run in different virtualenvs.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple


class Arg(NamedTuple):
    name: str
    type: str  # string, integer, boolean, object, array, identifier (an integer id or a name string)
    required: bool
    default: Any  # filled in when an optional arg is absent; None = absence means something of its own
    versions: frozenset[str] | None  # the protocol versions that have it; None = every one


class Op(NamedTuple):
    name: str
    args: dict[str, Arg]
    versions: frozenset[str] | None


def _versions(*names: str) -> frozenset[str]:
    return frozenset(names)


OPS: dict[str, Op] = {
    "reset": Op("reset", {
    }, None),
    "connect": Op("connect", {
        "address": Arg("address", "string", True, None, None),
        "username": Arg("username", "string", False, None, None),
        "password": Arg("password", "string", False, None, None),
        "token": Arg("token", "string", False, None, None),
    }, None),
    "disconnect": Op("disconnect", {
    }, None),
    "ping": Op("ping", {
    }, None),
    "login_user": Op("login_user", {
        "username": Arg("username", "string", True, None, None),
        "password": Arg("password", "string", True, None, None),
    }, None),
    "login_with_personal_access_token": Op("login_with_personal_access_token", {
        "token": Arg("token", "string", True, None, None),
    }, None),
    "logout_user": Op("logout_user", {
    }, None),
    "get_me": Op("get_me", {
    }, None),
    "get_client": Op("get_client", {
        "client_id": Arg("client_id", "integer", True, None, None),
    }, None),
    "get_snapshot": Op("get_snapshot", {
        "compression": Arg("compression", "string", False, 'deflated', None),
        "types": Arg("types", "array", False, ['all'], None),
    }, None),
    "get_clients": Op("get_clients", {
    }, None),
    "get_stats": Op("get_stats", {
    }, None),
    "get_cluster_metadata": Op("get_cluster_metadata", {
    }, None),
    "create_stream": Op("create_stream", {
        "name": Arg("name", "string", True, None, None),
    }, None),
    "get_stream": Op("get_stream", {
        "stream": Arg("stream", "identifier", True, None, None),
    }, None),
    "get_streams": Op("get_streams", {
    }, None),
    "update_stream": Op("update_stream", {
        "stream": Arg("stream", "identifier", True, None, None),
        "name": Arg("name", "string", True, None, None),
    }, None),
    "delete_stream": Op("delete_stream", {
        "stream": Arg("stream", "identifier", True, None, None),
    }, None),
    "purge_stream": Op("purge_stream", {
        "stream": Arg("stream", "identifier", True, None, None),
    }, None),
    "create_topic": Op("create_topic", {
        "stream": Arg("stream", "identifier", True, None, None),
        "name": Arg("name", "string", True, None, None),
        "partitions_count": Arg("partitions_count", "integer", False, 1, None),
        "compression_algorithm": Arg("compression_algorithm", "string", False, None, None),
        "message_expiry": Arg("message_expiry", "integer", False, None, None),
        "max_topic_size": Arg("max_topic_size", "integer", False, None, None),
        "replication_factor": Arg("replication_factor", "integer", False, None, None),
        "options": Arg("options", "object", False, None, _versions("0.9")),
    }, None),
    "get_topic": Op("get_topic", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
    }, None),
    "get_topics": Op("get_topics", {
        "stream": Arg("stream", "identifier", True, None, None),
    }, None),
    "update_topic": Op("update_topic", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "name": Arg("name", "string", True, None, None),
        "compression_algorithm": Arg("compression_algorithm", "string", False, None, None),
        "message_expiry": Arg("message_expiry", "integer", False, None, None),
        "max_topic_size": Arg("max_topic_size", "integer", False, None, None),
        "replication_factor": Arg("replication_factor", "integer", False, None, None),
        "options": Arg("options", "object", False, None, _versions("0.9")),
    }, None),
    "delete_topic": Op("delete_topic", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
    }, None),
    "purge_topic": Op("purge_topic", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
    }, None),
    "create_partitions": Op("create_partitions", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partitions_count": Arg("partitions_count", "integer", True, None, None),
    }, None),
    "delete_partitions": Op("delete_partitions", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partitions_count": Arg("partitions_count", "integer", True, None, None),
    }, None),
    "delete_segments": Op("delete_segments", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", True, None, None),
        "segments_count": Arg("segments_count", "integer", True, None, None),
    }, None),
    "send_messages": Op("send_messages", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partitioning": Arg("partitioning", "object", True, None, None),
        "messages": Arg("messages", "array", True, None, None),
    }, None),
    "poll_messages": Op("poll_messages", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", False, None, None),
        "consumer": Arg("consumer", "object", False, {'kind': 'consumer', 'id': 0}, None),
        "strategy": Arg("strategy", "object", False, {'kind': 'offset', 'value': 0}, None),
        "count": Arg("count", "integer", False, 10, None),
        "auto_commit": Arg("auto_commit", "boolean", False, False, None),
    }, None),
    "flush_unsaved_buffer": Op("flush_unsaved_buffer", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", True, None, None),
        "fsync": Arg("fsync", "boolean", False, False, None),
    }, None),
    "store_consumer_offset": Op("store_consumer_offset", {
        "consumer": Arg("consumer", "object", False, {'kind': 'consumer', 'id': 0}, None),
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", False, None, None),
        "offset": Arg("offset", "integer", True, None, None),
    }, None),
    "get_consumer_offset": Op("get_consumer_offset", {
        "consumer": Arg("consumer", "object", False, {'kind': 'consumer', 'id': 0}, None),
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", False, None, None),
    }, None),
    "delete_consumer_offset": Op("delete_consumer_offset", {
        "consumer": Arg("consumer", "object", False, {'kind': 'consumer', 'id': 0}, None),
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "partition_id": Arg("partition_id", "integer", False, None, None),
    }, None),
    "create_consumer_group": Op("create_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "name": Arg("name", "string", True, None, None),
    }, None),
    "get_consumer_group": Op("get_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "identifier", True, None, None),
    }, None),
    "get_consumer_groups": Op("get_consumer_groups", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
    }, None),
    "delete_consumer_group": Op("delete_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "identifier", True, None, None),
    }, None),
    "join_consumer_group": Op("join_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "identifier", True, None, None),
    }, None),
    "leave_consumer_group": Op("leave_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "identifier", True, None, None),
    }, None),
    "consume_group": Op("consume_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "string", True, None, None),
        "count": Arg("count", "integer", True, None, None),
        "timeout_ms": Arg("timeout_ms", "integer", False, 10000, None),
    }, None),
    "sync_consumer_group": Op("sync_consumer_group", {
        "stream": Arg("stream", "identifier", True, None, None),
        "topic": Arg("topic", "identifier", True, None, None),
        "group": Arg("group", "identifier", True, None, None),
    }, _versions("0.9")),
    "describe_options": Op("describe_options", {
        "scope": Arg("scope", "string", False, 'topic', None),
    }, _versions("0.9")),
    "create_user": Op("create_user", {
        "username": Arg("username", "string", True, None, None),
        "password": Arg("password", "string", True, None, None),
        "status": Arg("status", "string", False, 'active', None),
        "permissions": Arg("permissions", "object", False, None, None),
    }, None),
    "get_user": Op("get_user", {
        "user": Arg("user", "identifier", True, None, None),
    }, None),
    "get_users": Op("get_users", {
    }, None),
    "update_user": Op("update_user", {
        "user": Arg("user", "identifier", True, None, None),
        "username": Arg("username", "string", False, None, None),
        "status": Arg("status", "string", False, None, None),
    }, None),
    "update_permissions": Op("update_permissions", {
        "user": Arg("user", "identifier", True, None, None),
        "permissions": Arg("permissions", "object", False, None, None),
    }, None),
    "change_password": Op("change_password", {
        "user": Arg("user", "identifier", True, None, None),
        "current_password": Arg("current_password", "string", True, None, None),
        "new_password": Arg("new_password", "string", True, None, None),
    }, None),
    "delete_user": Op("delete_user", {
        "user": Arg("user", "identifier", True, None, None),
    }, None),
    "create_personal_access_token": Op("create_personal_access_token", {
        "name": Arg("name", "string", True, None, None),
        "expiry": Arg("expiry", "integer", False, 0, None),
    }, None),
    "get_personal_access_tokens": Op("get_personal_access_tokens", {
    }, None),
    "delete_personal_access_token": Op("delete_personal_access_token", {
        "name": Arg("name", "string", True, None, None),
    }, None),
}


class StepError(Exception):
    """A step the op table refuses; a driver answers it with `answer()`, the driver protocol's error."""

    def answer(self) -> dict[str, Any]:
        return {"code": -1, "name": "DriverError", "message": str(self)}


def _quoted(text: str) -> str:
    return '"' + text + '"'  # as the other languages' drivers write op and key


def has_type(value: Any, arg_type: str) -> bool:
    if arg_type == "identifier":
        return has_type(value, "integer") or isinstance(value, str)
    expected = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list}[arg_type]
    return isinstance(value, expected) and (arg_type == "boolean") == isinstance(value, bool)


def check_step(op_name: str, args: Any, protocol: str) -> dict[str, Any]:
    """`args` checked against the op table for `protocol` ("0.8", "0.9"), with every absent optional arg that
    has a default filled in (a copy: the caller's dict is left alone). Raises StepError naming op and key."""
    op = OPS.get(op_name)
    if op is None:
        raise StepError(f"unknown op {_quoted(op_name)} (not in protocol-spec/spec/driver_ops.toml)")
    if op.versions is not None and protocol not in op.versions:
        raise StepError(f"op {_quoted(op_name)} is not in protocol {protocol}")
    if not isinstance(args, dict):
        raise StepError(f"op {_quoted(op_name)}: args must be an object")
    for key, value in args.items():
        arg = op.args.get(key)
        if arg is None:
            raise StepError(f"op {_quoted(op_name)}: unknown arg {_quoted(key)}")
        if arg.versions is not None and protocol not in arg.versions:
            raise StepError(f"op {_quoted(op_name)}: arg {_quoted(key)} is not in protocol {protocol}")
        if not has_type(value, arg.type):
            raise StepError(f"op {_quoted(op_name)}: arg {_quoted(key)} must be of type {arg.type}")
    filled = dict(args)
    for arg in op.args.values():
        if arg.name in filled or (arg.versions is not None and protocol not in arg.versions):
            continue
        if arg.required:
            raise StepError(f"op {_quoted(op_name)}: missing required arg {_quoted(arg.name)}")
        if arg.default is not None:
            filled[arg.name] = copy.deepcopy(arg.default)
    return filled
