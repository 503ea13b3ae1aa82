"""Conformance driver for the Python SDK: JSON lines in, JSON lines out (conformance-tests/README.md).

It calls only the SDK's public API (`import iggy`), translating the protocol's JSON arguments into SDK calls and
the SDK's typed models back into JSON. One asyncio loop; one `iggy.IggyClient` per named client.

`--protocol 0.9|0.8` (default: the SDK's, 0.9) is the Iggy wire protocol every client of the run speaks: the runner
tells drivers nothing about it, so drivers.toml names one entry per protocol (python, python-0.9).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import dataclasses
import inspect
import json
import sys
import traceback
from typing import Any, Awaitable, Callable

from _driver_calls import CALLS  # the plain ops' calls, generated beside this file (generator/driver_calls.py)
from _driver_ops import StepError, check_step  # generated beside this file from protocol-spec/spec/driver_ops.toml

import iggy
from iggy.connection import parse_protocol, protocol_name
from iggy.protocol.codes import SnapshotCompression, SnapshotType
from iggy import (
    AutoCommit,
    ClientConfig,
    ProtocolVersion,
    CompressionAlgorithm,
    Consumer,
    GlobalPermissions,
    HeaderValue,
    IggyClient,
    IggyConsumer,
    IggyError,
    Message,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
    UserStatus,
)

# Header kinds in wire order (1..15); 64- and 128-bit integers travel as decimal strings in JSON.
HEADER_KINDS = (
    "raw", "string", "bool", "int8", "int16", "int32", "int64", "int128",
    "uint8", "uint16", "uint32", "uint64", "uint128", "float32", "float64",
)
_WIDE_INTEGER_KINDS = {"int64", "int128", "uint64", "uint128"}
_COMPRESSION = {"none": CompressionAlgorithm.NONE, "gzip": CompressionAlgorithm.GZIP}
_STATUS = {"active": UserStatus.ACTIVE, "inactive": UserStatus.INACTIVE}
_STRATEGY = {
    "offset": PollingStrategy.offset,
    "timestamp": PollingStrategy.timestamp,
    "first": lambda _value: PollingStrategy.first(),
    "last": lambda _value: PollingStrategy.last(),
    "next": lambda _value: PollingStrategy.next(),
}


class Unsupported(Exception):
    """A step the SDK's API cannot express in this protocol (answered `unsupported`, with the reason)."""


def _enum_name(value: Any, names: dict[str, Any]) -> str:
    for name, member in names.items():
        if int(member) == int(value):
            return name
    return str(int(value))


# --- JSON → SDK -------------------------------------------------------------------------------------

def header_value(raw: dict[str, Any]) -> HeaderValue:
    kind, value = raw["kind"], raw["value"]
    if kind == "raw":
        return HeaderValue.raw(base64.b64decode(value))
    if kind in _WIDE_INTEGER_KINDS:
        value = int(value)
    return getattr(HeaderValue, kind)(value)


def message(raw: dict[str, Any]) -> Message:
    headers = {HeaderValue.string(key): header_value(value) for key, value in raw.get("headers", {}).items()}
    return Message(base64.b64decode(raw["payload"]), id=int(raw.get("id", 0)), user_headers=headers or None)


def partitioning(raw: dict[str, Any]) -> Partitioning:
    kind = raw["kind"]
    if kind == "balanced":
        return Partitioning.balanced()
    if kind == "partition_id":
        return Partitioning.partition_id(int(raw["value"]))
    if kind == "key":
        return Partitioning.messages_key(str(raw["value"]).encode())
    raise ValueError(f"unknown partitioning kind {kind!r}")


def consumer(raw: dict[str, Any]) -> Consumer:
    return Consumer.group(raw["id"]) if raw["kind"] == "group" else Consumer.consumer(raw["id"])


def permissions(raw: dict[str, Any] | None) -> Permissions | None:
    if raw is None:
        return None
    streams = {}
    for stream_id, stream_raw in raw.get("streams", {}).items():
        topics = {int(topic_id): TopicPermissions(**flags) for topic_id, flags in stream_raw.get("topics", {}).items()}
        flags = {key: value for key, value in stream_raw.items() if key != "topics"}
        streams[int(stream_id)] = StreamPermissions(**flags, topics=topics)
    return Permissions(global_permissions=GlobalPermissions(**raw.get("global", {})), streams=streams)


# --- SDK → JSON -------------------------------------------------------------------------------------

def header_json(value: HeaderValue) -> dict[str, Any]:
    kind = HEADER_KINDS[int(value.kind) - 1]
    decoded = value.value
    if kind == "raw":
        decoded = base64.b64encode(bytes(decoded)).decode("ascii")
    elif kind in _WIDE_INTEGER_KINDS:
        decoded = str(decoded)
    return {"kind": kind, "value": decoded}


def stream_json(stream: Any, v09: bool, with_topics: bool = True) -> dict[str, Any] | None:
    """`with_topics=False`: CreateStream answers a StreamHeader (the SDK decodes it as details with no topics)."""
    if stream is None:
        return None
    result = {
        "id": stream.id,
        "name": stream.name,
        "topics_count": stream.topics_count,
        "messages_count": stream.messages_count,
        "size_bytes": stream.size_bytes,
    }
    if with_topics and hasattr(stream, "topics"):
        result["topics"] = [topic_json(topic, v09) for topic in stream.topics]
    return result


def option_value_json(value: HeaderValue) -> dict[str, Any]:
    """`{kind, value}` with the value in its text form ("1024", "false"): how 0.9's REST API carries options,
    so every driver and transport compares alike (conformance-tests/README.md, `create_topic`)."""
    kind = HEADER_KINDS[int(value.kind) - 1]
    decoded = value.value
    if kind == "raw":
        text = base64.b64encode(bytes(decoded)).decode("ascii")
    elif kind == "bool":
        text = "true" if decoded else "false"
    else:
        text = str(decoded)
    return {"kind": kind, "value": text}


def options_json(values: dict[str, HeaderValue]) -> dict[str, Any]:
    return {key: option_value_json(value) for key, value in values.items()}


def topic_json(topic: Any, v09: bool) -> dict[str, Any] | None:
    """The fields of the protocol's topic: 0.9 has options and no replication factor (driver_ops.toml)."""
    if topic is None:
        return None
    result = {
        "id": topic.id,
        "name": topic.name,
        "partitions_count": topic.partitions_count,
        "messages_count": topic.messages_count,
        "size_bytes": topic.size_bytes,
        "compression_algorithm": _enum_name(topic.compression_algorithm, _COMPRESSION),
        "message_expiry": topic.message_expiry_us,
        "max_topic_size": topic.max_topic_size_bytes,
    }
    if not v09:
        result["replication_factor"] = topic.replication_factor
    else:
        result["options"] = options_json(topic.option_values)
        result["derived_options"] = options_json(topic.derived_option_values)
    if hasattr(topic, "partitions"):
        result["partitions"] = [
            {
                "id": partition.id,
                "current_offset": partition.current_offset,
                "messages_count": partition.messages_count,
                "segments_count": partition.segments_count,
                "size_bytes": partition.size_bytes,
            }
            for partition in topic.partitions
        ]
    return result


def group_json(group: Any) -> dict[str, Any] | None:
    if group is None:
        return None
    result = {
        "id": group.id,
        "name": group.name,
        "partitions_count": group.partitions_count,
        "members_count": group.members_count,
    }
    if hasattr(group, "members"):
        result["members"] = [
            {"id": member.member_id, "partitions_count": member.partitions_count,
             "partitions": list(member.partition_ids)}
            for member in group.members
        ]
    return result


def permissions_json(value: Permissions | None) -> dict[str, Any] | None:
    """conformance-tests/README.md's permissions form: {global: {flag...}, streams: {"<id>": {flag..., topics}}}."""
    if value is None:
        return None
    streams = {}
    for stream_id, stream in value.streams.items():
        topics = {str(topic_id): dataclasses.asdict(topic) for topic_id, topic in stream.topics.items()}
        streams[str(stream_id)] = {**dataclasses.asdict(stream), "topics": topics}
    return {"global": dataclasses.asdict(value.global_permissions), "streams": streams}


def user_json(user: Any) -> dict[str, Any] | None:
    if user is None:
        return None
    result = {"id": user.id, "username": user.username, "status": _enum_name(user.status, _STATUS)}
    if hasattr(user, "permissions"):  # a user's details (CreateUser, GetUser), not a GetUsers header
        result["permissions"] = permissions_json(user.permissions)
    return result


def client_json(client: Any) -> dict[str, Any] | None:
    if client is None:
        return None
    result = {
        "client_id": client.client_id,
        "user_id": client.user_id,
        "transport": int(client.transport),
        "address": client.address,
        "consumer_groups_count": client.consumer_groups_count,
    }
    if hasattr(client, "consumer_groups"):
        result["consumer_groups"] = [
            {"stream_id": group.stream_id, "topic_id": group.topic_id, "group_id": group.group_id}
            for group in client.consumer_groups
        ]
    return result


def polled_json(polled: Any) -> dict[str, Any]:
    return {
        "partition_id": polled.partition_id,
        "current_offset": polled.current_offset,
        "count": polled.messages_count,
        "messages": [
            {
                "offset": item.offset,
                "id": str(item.id),
                "timestamp": item.timestamp_us,
                "payload": base64.b64encode(item.payload).decode("ascii"),
                "headers": {str(key.value): header_json(value) for key, value in item.user_headers.items()},
            }
            for item in polled.messages
        ],
    }


# --- operations ------------------------------------------------------------------------------------

class Driver:
    def __init__(self, protocol: ProtocolVersion) -> None:
        self.clients: dict[str, IggyClient] = {}
        self.protocol = protocol
        self.v09 = protocol >= ProtocolVersion.V0_9

    async def hello(self, client: IggyClient | None, args: dict[str, Any]) -> dict[str, Any]:
        operations = sorted({name[3:] for name in dir(self) if name.startswith("op_")} | CALLS.keys())
        if not self.v09:
            operations = [op for op in operations if op not in ("describe_options", "sync_consumer_group")]
        hello = {"name": f"python-{protocol_name(self.protocol)}", "version": iggy.__version__,
                 "protocol": protocol_name(self.protocol), "capabilities": operations, "unobservable": []}
        if not self.v09:
            hello["unsupported"] = {"describe_options": "Iggy 0.8 has no option catalog",
                                    "sync_consumer_group": "Iggy 0.8 groups assign partitions on the server"}
        return hello

    async def op_reset(self, _client: Any, args: dict[str, Any]) -> None:
        clients, self.clients = self.clients, {}
        for connection in clients.values():
            await connection.close()

    async def op_connect(self, _client: Any, args: dict[str, Any], *, name: str = "default") -> None:
        config = ClientConfig(
            address=args["address"],
            username=args.get("username"),
            password=args.get("password"),
            token=args.get("token"),
            heartbeat_interval_ms=0,
            reconnection_retries=0,
            protocol=self.protocol,
        )
        connection = IggyClient(config)
        try:
            await connection.connect()
        except BaseException:
            await connection.close()
            raise
        previous = self.clients.pop(name, None)
        if previous is not None:
            await previous.close()
        self.clients[name] = connection

    async def op_disconnect(self, client: IggyClient, args: dict[str, Any], *, name: str = "default") -> None:
        self.clients.pop(name, None)
        await client.close()

    async def op_login_user(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        return {"user_id": await client.login_user(args["username"], args["password"])}

    async def op_login_with_personal_access_token(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        return {"user_id": await client.login_with_personal_access_token(args["token"])}

    async def op_get_me(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return client_json(await client.get_me())

    async def op_get_client(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return client_json(await client.get_client(int(args["client_id"])))

    async def op_get_snapshot(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        compression = SnapshotCompression[args["compression"].upper()]
        types = [SnapshotType[name.upper()] for name in args["types"]]
        archive = await client.get_snapshot(compression, types)
        return {"size_bytes": len(archive), "zip": archive[:4] == b"PK\x03\x04"}

    async def op_get_clients(self, client: IggyClient, args: dict[str, Any]) -> list[Any]:
        return [client_json(info) for info in await client.get_clients()]

    async def op_get_cluster_metadata(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        metadata = await client.get_cluster_metadata()
        nodes = [{"name": node.name, "role": int(node.role), "status": int(node.status)} for node in metadata.nodes]
        return {"name": metadata.name, "nodes": nodes}

    async def op_get_stream(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return stream_json(await client.get_stream(args["stream"]), self.v09)

    def _topic_settings(self, args: dict[str, Any]) -> dict[str, Any]:
        """0.8: every setting (absent = none / server default). 0.9: the settings given (an update is a patch) and
        the options map; a replication factor has no 0.9 form."""
        if not self.v09:
            return {
                "compression": _COMPRESSION[args.get("compression_algorithm", "none")],
                "message_expiry_us": int(args.get("message_expiry", 0)),
                "max_topic_size_bytes": int(args.get("max_topic_size", 0)),
                "replication_factor": int(args.get("replication_factor", 0)),
            }
        if int(args.get("replication_factor", 0)):
            raise Unsupported("Iggy 0.9 topics have no replication factor (neither the API nor the wire has one)")
        settings: dict[str, Any] = {"options": dict(args.get("options", {})) or None}
        if "compression_algorithm" in args:
            settings["compression"] = _COMPRESSION[args["compression_algorithm"]]
        if "message_expiry" in args:
            settings["message_expiry_us"] = int(args["message_expiry"])
        if "max_topic_size" in args:
            settings["max_topic_size_bytes"] = int(args["max_topic_size"])
        return settings

    async def op_create_topic(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        created = await client.create_topic(
            args["stream"], args["name"], int(args["partitions_count"]), **self._topic_settings(args)
        )
        return topic_json(created, self.v09)

    async def op_describe_options(self, client: IggyClient, args: dict[str, Any]) -> list[Any]:
        entries = await client.describe_options(args["scope"])
        return [
            {
                "key": entry.key,
                "kind": HEADER_KINDS[int(entry.kind) - 1],
                "default": option_value_json(HeaderValue(int(entry.kind), entry.default_value))
                if entry.default_value else None,
                "description": entry.description,
            }
            for entry in entries
        ]

    async def op_sync_consumer_group(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        synced = await client.sync_consumer_group(args["stream"], args["topic"], args["group"])
        if synced is None:
            return None
        return {"generation": synced.generation, "partitions": list(synced.partitions)}

    async def op_get_topic(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return topic_json(await client.get_topic(args["stream"], args["topic"]), self.v09)

    async def op_get_topics(self, client: IggyClient, args: dict[str, Any]) -> list[Any]:
        return [topic_json(topic, self.v09) for topic in await client.get_topics(args["stream"])]

    async def op_update_topic(self, client: IggyClient, args: dict[str, Any]) -> None:
        await client.update_topic(args["stream"], args["topic"], args["name"], **self._topic_settings(args))

    async def op_send_messages(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        confirmation = await client.send_messages(
            args["stream"],
            args["topic"],
            [message(raw) for raw in args["messages"]],
            partitioning=partitioning(args["partitioning"]),
        )
        if not self.v09:
            return None
        confirmations = [] if confirmation is None else [{
            "stream_id": confirmation.stream_id, "topic_id": confirmation.topic_id,
            "partition_id": confirmation.partition_id, "base_offset": confirmation.base_offset,
        }]
        return {"confirmations": confirmations}

    async def op_poll_messages(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        strategy_raw = args["strategy"]
        polled = await client.poll_messages(
            args["stream"],
            args["topic"],
            partition_id=args.get("partition_id"),
            consumer=consumer(args["consumer"]),
            strategy=_STRATEGY[strategy_raw["kind"]](int(strategy_raw.get("value", 0))),
            count=int(args["count"]),
            auto_commit=bool(args["auto_commit"]),
        )
        return polled_json(polled)

    def _offset_target(self, args: dict[str, Any]) -> tuple[Any, ...]:
        return consumer(args["consumer"]), args["stream"], args["topic"], args.get("partition_id")

    async def op_store_consumer_offset(self, client: IggyClient, args: dict[str, Any]) -> None:
        await client.store_consumer_offset(*self._offset_target(args), int(args["offset"]))

    async def op_get_consumer_offset(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        info = await client.get_consumer_offset(*self._offset_target(args))
        if info is None:
            return None
        return {
            "partition_id": info.partition_id,
            "current_offset": info.current_offset,
            "stored_offset": info.stored_offset,
        }

    async def op_delete_consumer_offset(self, client: IggyClient, args: dict[str, Any]) -> None:
        await client.delete_consumer_offset(*self._offset_target(args))

    async def op_get_consumer_group(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return group_json(await client.get_consumer_group(args["stream"], args["topic"], args["group"]))

    async def op_consume_group(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any]:
        """Read `count` messages as a member of `group` with the high-level consumer (auto-commit per poll)."""
        count, timeout_s = int(args["count"]), int(args["timeout_ms"]) / 1000
        received: list[dict[str, Any]] = []
        consumer = IggyConsumer(
            client, args["stream"], args["topic"], group=args["group"], strategy=PollingStrategy.next(),
            auto_commit=AutoCommit.after_poll(), poll_interval_ms=10,
        )
        async with consumer:
            iterator = consumer.__aiter__()
            while len(received) < count:
                item = await asyncio.wait_for(iterator.__anext__(), timeout_s)
                received.append({
                    "partition_id": item.partition_id,
                    "offset": item.offset,
                    "payload": base64.b64encode(item.payload).decode("ascii"),
                })
        return {"messages": sorted(received, key=lambda item: (item["partition_id"], item["offset"]))}

    async def op_create_user(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        user = await client.create_user(
            args["username"],
            args["password"],
            status=_STATUS[args["status"]],
            permissions=permissions(args.get("permissions")),
        )
        return user_json(user)

    async def op_get_user(self, client: IggyClient, args: dict[str, Any]) -> dict[str, Any] | None:
        return user_json(await client.get_user(args["user"]))

    async def op_get_users(self, client: IggyClient, args: dict[str, Any]) -> list[Any]:
        return [user_json(user) for user in await client.get_users()]

    async def op_update_user(self, client: IggyClient, args: dict[str, Any]) -> None:
        status = _STATUS[args["status"]] if "status" in args else None
        await client.update_user(args["user"], username=args.get("username"), status=status)

    async def op_update_permissions(self, client: IggyClient, args: dict[str, Any]) -> None:
        await client.update_permissions(args["user"], permissions(args.get("permissions")))

    async def op_get_personal_access_tokens(self, client: IggyClient, args: dict[str, Any]) -> list[Any]:
        tokens = await client.get_personal_access_tokens()
        return [{"name": token.name, "expiry_at": token.expiry_at_us} for token in tokens]

_NEEDS_NAME = {"op_connect", "op_disconnect"}


def plain_call(op: str) -> Callable[[IggyClient, dict[str, Any]], Awaitable[Any]]:
    """A plain op (generated `CALLS`): its args bound in order to the SDK method's parameters, by name, so a
    keyword-only parameter (`fsync`) or one named with its unit (`expiry_us`) takes its arg as in the other
    languages' drivers, which pass them by position; its answer read from the result by the struct's field names."""
    method_name, arg_names, kind, fields = CALLS[op]

    def record(value: Any) -> dict[str, Any] | None:
        return None if value is None else {name: getattr(value, source) for name, source in fields}

    async def call(client: IggyClient, args: dict[str, Any]) -> Any:
        method = getattr(client, method_name)
        parameters = list(inspect.signature(method).parameters)[: len(arg_names)]
        result = await method(**{parameter: args[name] for parameter, name in zip(parameters, arg_names)})
        if kind == "field":
            return {fields[0][0]: result}
        if kind == "record":
            return record(result)
        if kind == "list":
            return [record(value) for value in result]
        return None

    return call


async def answer(driver: Driver, request: dict[str, Any]) -> dict[str, Any]:
    request_id, op = request.get("id"), request.get("op", "")
    name, args = request.get("client", "default"), request.get("args", {})
    if op == "hello":
        return {"id": request_id, "ok": await driver.hello(None, args)}
    try:  # the op table's check, before dispatch: a bad step is the driver protocol's error, defaults filled in
        args = check_step(op, args, protocol_name(driver.protocol))
    except StepError as refused:
        return {"id": request_id, "error": refused.answer()}
    handler: Callable[..., Awaitable[Any]] | None = getattr(driver, f"op_{op}", None)
    if handler is None and op in CALLS:
        handler = plain_call(op)
    if handler is None:
        return {"id": request_id, "unsupported": f"operation {op!r}"}
    client = driver.clients.get(name)
    if client is None and op not in ("reset", "connect"):
        return {"id": request_id, "error": {"code": -1, "name": "DriverError", "message": f"no client {name!r}"}}
    try:
        if f"op_{op}" in _NEEDS_NAME:
            result = await handler(client, args, name=name)
        else:
            result = await handler(client, args)
    except Unsupported as unsupported:
        return {"id": request_id, "unsupported": str(unsupported)}
    except IggyError as error:
        return {"id": request_id, "error": {"code": error.code, "name": error.name, "message": str(error)}}
    except Exception as error:  # a driver bug must fail the step, not kill the run
        print(traceback.format_exc(), file=sys.stderr)
        return {"id": request_id, "error": {"code": -1, "name": "DriverError", "message": repr(error)}}
    return {"id": request_id, "ok": result}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--protocol", default=protocol_name(ClientConfig().protocol),
                        help="the Iggy wire protocol of every client: 0.9 (default) or 0.8")
    driver = Driver(parse_protocol(parser.parse_args().protocol))
    loop = asyncio.new_event_loop()
    for line in sys.stdin:
        if line.strip():
            response = loop.run_until_complete(answer(driver, json.loads(line)))
            sys.stdout.write(json.dumps(response) + "\n")
            sys.stdout.flush()
    loop.run_until_complete(driver.op_reset(None, {}))


if __name__ == "__main__":
    main()
