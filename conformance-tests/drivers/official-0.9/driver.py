"""Conformance driver over the official `apache-iggy==0.9.0` client (PyPI; Rust SDK 0.11.0 inside, protocol 0.9).

Speaks the JSON-lines driver protocol of conformance-tests/README.md over TCP, in its own virtualenv
(.venv-official-0.9: 0.9.0 and 0.8.0 cannot share one). The 0.9 API is wider than 0.8's: typed results for
users and groups, message ids and headers, every partitioning, consumers by id or name, topic options and their
catalog (describe_options), and send confirmations. What it still lacks is listed in UNSUPPORTED with the reason
(hello's `unsupported`); a result field its objects do not carry is declared `unobservable`. Server errors arrive
as RuntimeError text, mapped back to the Iggy code through the generated error-message table.
"""

from __future__ import annotations

import base64
import datetime
import sys
from pathlib import Path
from typing import Any

import apache_iggy as iggy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # drivers/: what both official Python drivers share
from iggy.protocol.codes import ErrorCode  # noqa: E402
from official_python import Unsupported, compile_error_patterns, consume_group, serve, strategy  # noqa: E402

DRIVER_VERSION = "apache-iggy 0.9.0"
# The wire's "never" / "unlimited": the driver protocol carries topic settings as u64 (README), the API as types.
_U64_MAX = (1 << 64) - 1  # tidy: allow-value
_MICROSECOND = datetime.timedelta(microseconds=1)
# One attempt, no retry loop: a step must fail at once, not wait inside the client's reconnect loop.
_RECONNECT = iggy.TcpReconnectionConfig(max_retries=0, reestablish_after=datetime.timedelta(0))

# Operations of the driver protocol the 0.9 Python API cannot express, and why (hello's `unsupported`).
UNSUPPORTED = {
    "disconnect": "IggyClient has no disconnect or shutdown; a dropped client closes only when garbage-collected",
    "login_with_personal_access_token": "no such method: a token logs in only through AutoLogin at connect",
    "create_personal_access_token": "the API has no personal access token methods",
    "get_personal_access_tokens": "the API has no personal access token methods",
    "delete_personal_access_token": "the API has no personal access token methods",
    "get_me": "the API has no get_me",
    "get_client": "the API has no get_client",
    "get_clients": "the API has no get_clients",
    "get_snapshot": "the API has no snapshot",
    "get_cluster_metadata": "the API has no cluster metadata call (the client uses it internally)",
    "flush_unsaved_buffer": "the API has no flush_unsaved_buffer",
    "delete_segments": "the API has no delete_segments",
    "store_consumer_offset": "offsets are stored only by IggyConsumer (a consumer group), not for a consumer",
    "get_consumer_offset": "the API has no get_consumer_offset",
    "delete_consumer_offset": "offsets are deleted only by IggyConsumer (a consumer group), not for a consumer",
    "sync_consumer_group": "no typed call: only send_binary_request, which would need hand-encoded bytes",
}

# Header kinds in wire order; 64- and 128-bit integers travel as decimal strings in JSON (README).
_HEADER_KIND_CLASSES = {
    "raw": "Raw", "string": "String", "bool": "Bool", "int8": "Int8", "int16": "Int16", "int32": "Int32",
    "int64": "Int64", "int128": "Int128", "uint8": "UnsignedInt8", "uint16": "UnsignedInt16",
    "uint32": "UnsignedInt32", "uint64": "UnsignedInt64", "uint128": "UnsignedInt128", "float32": "Float32",
    "float64": "Float64",
}
_HEADER_KIND_NAMES = {class_name: kind for kind, class_name in _HEADER_KIND_CLASSES.items()}
_WIDE_INTEGER_KINDS = {"int64", "int128", "uint64", "uint128"}
_STATUS = {"active": iggy.UserStatus.Active, "inactive": iggy.UserStatus.Inactive}


# The client's error texts (Display of iggy_common 0.11.0's IggyError) where they differ from the spec's messages,
# so its RuntimeError text maps back to the code; "…" stands for a runtime value.
_CLIENT_MESSAGES = {
    ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND:
        "Consumer group member with client ID: … for group with ID: … for topic with ID: … was not found.",
}


class OfficialDriver:
    error_patterns = compile_error_patterns(_CLIENT_MESSAGES)
    protocol = "0.9"

    def __init__(self) -> None:
        self.clients: dict[str, iggy.IggyClient] = {}

    def client(self, name: str) -> iggy.IggyClient:
        return self.clients[name]

    async def hello(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        operations = [name[3:] for name in dir(self) if name.startswith("op_")]
        return {
            "name": "official-0.9",
            "version": DRIVER_VERSION,
            "capabilities": sorted(operations),
            "unsupported": UNSUPPORTED,
            "unobservable": [
                # login_user returns None; create_* return None and the driver reads the object back.
                "login_user.user_id",
                "poll_messages.current_offset",
            ],
        }

    async def op_reset(self, client: str, args: dict[str, Any]) -> None:
        self.clients.clear()

    async def op_connect(self, client: str, args: dict[str, Any]) -> None:
        auto_login = (
            iggy.AutoLogin.personal_access_token(args["token"]) if "token" in args else iggy.AutoLogin.disabled()
        )
        connection = iggy.IggyClient(
            iggy.TcpConfig(server_address=args["address"], auto_login=auto_login, reconnection=_RECONNECT)
        )
        await connection.connect()
        if "username" in args:
            await connection.login_user(args["username"], args["password"])
        self.clients[client] = connection

    async def op_ping(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).ping()

    async def op_login_user(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        await self.client(client).login_user(args["username"], args["password"])
        return {}

    async def op_logout_user(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).logout_user()

    async def op_get_stats(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        stats = await self.client(client).get_stats()
        fields = ("streams_count", "topics_count", "partitions_count", "segments_count", "messages_count",
                  "clients_count", "consumer_groups_count", "iggy_server_version")
        return {field: getattr(stats, field) for field in fields}

    async def op_describe_options(self, client: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        specs = await self.client(client).describe_options(args["scope"])
        return [
            {
                "key": spec.key,
                "kind": spec.kind,
                "default": None if spec.default_value is None else option_value_json(spec.default_value),
                "description": spec.description,
            }
            for spec in specs
        ]

    # --- streams ---------------------------------------------------------------------------------------

    async def op_create_stream(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        await self.client(client).create_stream(args["name"])
        created = await self.client(client).get_stream(args["name"])
        return None if created is None else stream_json(created)  # a stream header, as CreateStream answers

    async def op_get_stream(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        stream = await self.client(client).get_stream(args["stream"])
        if stream is None:
            return None
        return {**stream_json(stream), "topics": [topic_json(topic) for topic in stream.topics]}

    async def op_get_streams(self, client: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        return [stream_json(stream) for stream in await self.client(client).get_streams()]

    async def op_update_stream(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).update_stream(args["stream"], args["name"])

    async def op_delete_stream(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).delete_stream(args["stream"])

    async def op_purge_stream(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).purge_stream(args["stream"])

    # --- topics ----------------------------------------------------------------------------------------

    async def op_create_topic(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """A setting the case leaves out, or gives as 0 ("the server's default"), is not sent: admission
        derives it. `options` are extra keys sent as strings."""
        _refuse_replication_factor(args)
        settings: dict[str, Any] = {}
        if "compression_algorithm" in args:
            settings["compression_algorithm"] = args["compression_algorithm"]
        if args.get("message_expiry"):
            settings["message_expiry"] = _expiry(int(args["message_expiry"]))
        if args.get("max_topic_size"):
            settings["max_topic_size"] = _max_topic_size(int(args["max_topic_size"]))
        if args.get("options"):
            settings["options"] = dict(args["options"])
        await self.client(client).create_topic(args["stream"], args["name"], args["partitions_count"],
                                               **settings)
        return await self.op_get_topic(client, {"stream": args["stream"], "topic": args["name"]})

    async def op_get_topic(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        topic = await self.client(client).get_topic(args["stream"], args["topic"])
        if topic is None:
            return None
        return {**topic_json(topic), "partitions": [partition_json(partition) for partition in topic.partitions]}

    async def op_get_topics(self, client: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        return [topic_json(topic) for topic in await self.client(client).get_topics(args["stream"])]

    async def op_update_topic(self, client: str, args: dict[str, Any]) -> None:
        """An update is a patch in 0.9: a setting the case leaves out is not sent and keeps its value."""
        _refuse_replication_factor(args)
        settings: dict[str, Any] = {}
        if "compression_algorithm" in args:
            settings["compression_algorithm"] = args["compression_algorithm"]
        if "message_expiry" in args:
            settings["message_expiry"] = _expiry(int(args["message_expiry"]))
        if "max_topic_size" in args:
            settings["max_topic_size"] = _max_topic_size(int(args["max_topic_size"]))
        if args.get("options"):
            settings["options"] = dict(args["options"])
        await self.client(client).update_topic(args["stream"], args["topic"], args["name"], **settings)

    async def op_delete_topic(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).delete_topic(args["stream"], args["topic"])

    async def op_purge_topic(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).purge_topic(args["stream"], args["topic"])

    async def op_create_partitions(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).create_partitions(args["stream"], args["topic"], args["partitions_count"])

    async def op_delete_partitions(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).delete_partitions(args["stream"], args["topic"], args["partitions_count"])

    # --- messages --------------------------------------------------------------------------------------

    async def op_send_messages(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        messages = [send_message(message) for message in args["messages"]]
        sent = await self.client(client).send_messages(
            args["stream"], args["topic"], _partitioning(args["partitioning"]), messages
        )
        return {"confirmations": [
            {"stream_id": confirmation.stream_id, "topic_id": confirmation.topic_id,
             "partition_id": confirmation.partition_id, "base_offset": confirmation.base_offset}
            for confirmation in sent.confirmations
        ]}

    async def op_poll_messages(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        polled = await self.client(client).poll_messages(
            args["stream"],
            args["topic"],
            consumer=_consumer(args["consumer"]),
            polling_strategy=strategy(iggy, args["strategy"]),
            count=args["count"],
            auto_commit=bool(args["auto_commit"]),
            partition_id=args.get("partition_id"),
        )
        messages = [
            {
                "offset": message.offset(),
                "id": str(message.id()),
                "timestamp": message.timestamp(),
                "payload": base64.b64encode(message.payload()).decode("ascii"),
                "headers": headers_json(message.user_headers()),
            }
            for message in polled
        ]
        # The list carries no partition of its own: an empty poll answers the partition asked for (0 when none).
        partition_id = polled[0].partition_id() if polled else args.get("partition_id") or 0
        return {"partition_id": partition_id, "count": len(messages), "messages": messages}

    async def op_consume_group(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        return await consume_group(iggy, self.client(client), args)

    # --- consumer groups -------------------------------------------------------------------------------

    async def op_create_consumer_group(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        await self.client(client).create_consumer_group(args["stream"], args["topic"], args["name"])
        group = await self.client(client).get_consumer_group(args["stream"], args["topic"], args["name"])
        return None if group is None else group_json(group)

    async def op_get_consumer_group(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        group = await self.client(client).get_consumer_group(args["stream"], args["topic"], args["group"])
        if group is None:
            return None
        members = [
            {"id": member.id, "partitions_count": member.partitions_count, "partitions": list(member.partitions)}
            for member in group.members
        ]
        return {**group_json(group), "members": members}

    async def op_get_consumer_groups(self, client: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        return [group_json(group) for group in await self.client(client).get_consumer_groups(args["stream"],
                                                                                             args["topic"])]

    async def op_delete_consumer_group(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).delete_consumer_group(args["stream"], args["topic"], args["group"])

    async def op_join_consumer_group(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).join_consumer_group(args["stream"], args["topic"], args["group"])

    async def op_leave_consumer_group(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).leave_consumer_group(args["stream"], args["topic"], args["group"])

    # --- users -----------------------------------------------------------------------------------------

    async def op_create_user(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        user = await self.client(client).create_user(
            args["username"], args["password"], _STATUS[args["status"]],
            permissions(args.get("permissions")),
        )
        return user_details_json(user)

    async def op_get_user(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        user = await self.client(client).get_user(args["user"])
        return None if user is None else user_details_json(user)

    async def op_get_users(self, client: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        return [user_json(user) for user in await self.client(client).get_users()]

    async def op_update_user(self, client: str, args: dict[str, Any]) -> None:
        status = _STATUS[args["status"]] if "status" in args else None
        await self.client(client).update_user(args["user"], username=args.get("username"), status=status)

    async def op_update_permissions(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).update_permissions(args["user"], permissions(args.get("permissions")))

    async def op_change_password(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).change_password(args["user"], args["current_password"], args["new_password"])

    async def op_delete_user(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).delete_user(args["user"])


# --- JSON → API ------------------------------------------------------------------------------------------

def _refuse_replication_factor(args: dict[str, Any]) -> None:
    if args.get("replication_factor"):
        raise Unsupported("0.9 has no replication factor (neither the API nor the wire carries one)")


def _expiry(microseconds: int) -> Any:
    if microseconds == 0:
        return iggy.IggyExpiry.ServerDefault()
    if microseconds == _U64_MAX:
        return iggy.IggyExpiry.NeverExpire()
    return iggy.IggyExpiry.ExpireDuration(datetime.timedelta(microseconds=microseconds))


def _max_topic_size(size_bytes: int) -> Any:
    if size_bytes == 0:
        return iggy.MaxTopicSize.ServerDefault()
    if size_bytes == _U64_MAX:
        return iggy.MaxTopicSize.Unlimited()
    return iggy.MaxTopicSize.Custom(size_bytes)


def header_value(raw: dict[str, Any]) -> Any:
    kind, value = raw["kind"], raw["value"]
    if kind == "raw":
        value = base64.b64decode(value)
    elif kind in _WIDE_INTEGER_KINDS:
        value = int(value)
    return getattr(iggy.HeaderValue, _HEADER_KIND_CLASSES[kind])(value)


def send_message(raw: dict[str, Any]) -> Any:
    headers = {iggy.HeaderKey.String(key): header_value(value) for key, value in raw.get("headers", {}).items()}
    message_id = int(raw["id"]) if raw.get("id") else None
    return iggy.SendMessage(base64.b64decode(raw["payload"]), user_headers=headers or None, id=message_id)


def _partitioning(raw: dict[str, Any]) -> Any:
    if raw["kind"] == "balanced":
        return iggy.Partitioning.balanced()
    if raw["kind"] == "partition_id":
        return iggy.Partitioning.partition_id(int(raw["value"]))
    if raw["kind"] == "key":
        return iggy.Partitioning.messages_key(str(raw["value"]))
    raise ValueError(f"unknown partitioning kind {raw['kind']!r}")


def _consumer(raw: dict[str, Any]) -> Any:
    return iggy.Consumer.Group(raw["id"]) if raw["kind"] == "group" else iggy.Consumer.Single(raw["id"])


def permissions(raw: dict[str, Any] | None) -> Any:
    if raw is None:
        return None
    streams = {}
    for stream_id, stream_raw in raw.get("streams", {}).items():
        topics = {
            int(topic_id): iggy.TopicPermissions(**flags) for topic_id, flags in stream_raw.get("topics", {}).items()
        }
        flags = {key: value for key, value in stream_raw.items() if key != "topics"}
        streams[int(stream_id)] = iggy.StreamPermissions(**flags, topics=topics or None)
    return iggy.Permissions(iggy.GlobalPermissions(**raw.get("global", {})), streams or None)


# --- API → JSON ------------------------------------------------------------------------------------------

def header_json(value: Any) -> dict[str, Any]:
    kind = _HEADER_KIND_NAMES[type(value).__name__]
    decoded = value.value
    if kind == "raw":
        decoded = base64.b64encode(bytes(decoded)).decode("ascii")
    elif kind in _WIDE_INTEGER_KINDS:
        decoded = str(decoded)
    return {"kind": kind, "value": decoded}


def headers_json(headers: Any) -> dict[str, Any]:
    if not headers:
        return {}
    return {str(key.value): header_json(value) for key, value in headers.items()}


def option_value_json(value: Any) -> dict[str, Any]:
    """An option value as `{kind, value}`, the value in its text form: the form 0.9's REST API and its create
    bodies carry options in (the Rust SDK's `to_string_value`), so every transport can be compared."""
    kind = _HEADER_KIND_NAMES[type(value).__name__]
    text = value.value
    if kind == "bool":
        text = "true" if text else "false"
    elif kind == "raw":
        text = base64.b64encode(bytes(text)).decode("ascii")
    return {"kind": kind, "value": str(text)}


def options_json(options: Any) -> dict[str, Any]:
    """An options block as `{key: {kind, value}}` (keys are strings in 0.9)."""
    return {str(key.value): option_value_json(value) for key, value in options.items()}


def _expiry_microseconds(expiry: Any) -> int:
    if isinstance(expiry, iggy.IggyExpiry.NeverExpire):
        return _U64_MAX
    if isinstance(expiry, iggy.IggyExpiry.ExpireDuration):
        return expiry.duration // _MICROSECOND
    return 0


def _size_bytes(size: Any) -> int:
    if isinstance(size, iggy.MaxTopicSize.Unlimited):
        return _U64_MAX
    if isinstance(size, iggy.MaxTopicSize.Custom):
        return size.bytes
    return 0


def stream_json(stream: Any) -> dict[str, Any]:
    return {
        "id": stream.id,
        "name": stream.name,
        "topics_count": stream.topics_count,
        "messages_count": stream.messages_count,
        "size_bytes": stream.size,
    }


def topic_json(topic: Any) -> dict[str, Any]:
    return {
        "id": topic.id,
        "name": topic.name,
        "partitions_count": topic.partitions_count,
        "messages_count": topic.messages_count,
        "size_bytes": topic.size,
        "compression_algorithm": topic.compression_algorithm,
        "message_expiry": _expiry_microseconds(topic.message_expiry),
        "max_topic_size": _size_bytes(topic.max_topic_size),
        "options": options_json(topic.options),
        "derived_options": options_json(topic.derived_options),
    }


def partition_json(partition: Any) -> dict[str, Any]:
    return {
        "id": partition.id,
        "current_offset": partition.current_offset,
        "messages_count": partition.messages_count,
        "segments_count": partition.segments_count,
        "size_bytes": partition.size,
    }


def group_json(group: Any) -> dict[str, Any]:
    return {"id": group.id, "name": group.name, "partitions_count": group.partitions_count,
            "members_count": group.members_count}


def _status_name(status: Any) -> str:
    return "active" if status == iggy.UserStatus.Active else "inactive"


def user_json(user: Any) -> dict[str, Any]:
    return {"id": user.id, "username": user.username, "status": _status_name(user.status)}


def permissions_json(granted: Any) -> dict[str, Any] | None:
    if granted is None:
        return None
    global_flags = ("manage_servers", "read_servers", "manage_users", "read_users", "manage_streams",
                    "read_streams", "manage_topics", "read_topics", "poll_messages", "send_messages")
    stream_flags = ("manage_stream", "read_stream", "manage_topics", "read_topics", "poll_messages", "send_messages")
    topic_flags = ("manage_topic", "read_topic", "poll_messages", "send_messages")
    streams = {}
    for stream_id, stream in (granted.streams or {}).items():
        topics = {
            str(topic_id): {flag: getattr(topic, flag) for flag in topic_flags}
            for topic_id, topic in (stream.topics or {}).items()
        }
        streams[str(stream_id)] = {**{flag: getattr(stream, flag) for flag in stream_flags}, "topics": topics}
    return {
        "global": {flag: getattr(granted.global_permissions, flag) for flag in global_flags},
        "streams": streams,
    }


def user_details_json(user: Any) -> dict[str, Any]:
    return {**user_json(user), "permissions": permissions_json(user.permissions)}


def main() -> None:
    serve(OfficialDriver())


if __name__ == "__main__":
    main()
