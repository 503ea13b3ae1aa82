"""Conformance driver over the official `apache-iggy==0.8.0` client (PyPI), for the operations its API exposes.

Speaks the JSON-lines driver protocol of conformance-tests/README.md. The official Python API is small: it
returns nothing from create_stream/create_topic (the driver reads the object back), exposes only a few fields of
streams, topics and polled messages (declared as `unobservable`), always sends PartitionId partitioning and no
message ids or headers (other variants are answered `unsupported`), and reports server errors as RuntimeError
text, which is mapped back to the Iggy code through the generated error-message table.
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import json
import re
import sys
from typing import Any, Awaitable, Callable

import apache_iggy
from iggy.protocol.codes import ERROR_MESSAGES, ErrorCode

DRIVER_VERSION = "apache-iggy 0.8.0"


def _template_pattern(message: str) -> re.Pattern[str]:
    parts = [re.escape(part) for part in message.split("…")]
    return re.compile(".*?".join(parts))


# Longest templates first, so "Stream with name: … already exists" wins over a shorter generic one.
_ERROR_PATTERNS = sorted(
    ((code, _template_pattern(message), len(message)) for code, message in ERROR_MESSAGES.items()),
    key=lambda entry: -entry[2],
)


_VARIANT = re.compile(r"^\s*([A-Z][A-Za-z0-9]*)\b")


def _upper_snake(camel: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).upper()


def error_code_from_text(text: str) -> int:
    """The client raises `Variant(args)` (the Rust IggyError's Debug form) or, for some paths, its message."""
    variant = _VARIANT.match(text)
    if variant and _upper_snake(variant.group(1)) in ErrorCode.__members__:
        return int(ErrorCode[_upper_snake(variant.group(1))])
    for code, pattern, _ in _ERROR_PATTERNS:
        if pattern.search(text):
            return code
    return int(ErrorCode.ERROR)


class Unsupported(Exception):
    pass


class OfficialDriver:
    def __init__(self) -> None:
        self.clients: dict[str, apache_iggy.IggyClient] = {}

    def client(self, name: str) -> apache_iggy.IggyClient:
        return self.clients[name]

    async def hello(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        operations = [name[3:] for name in dir(self) if name.startswith("op_")]
        return {
            "name": "official",
            "version": DRIVER_VERSION,
            "capabilities": sorted(operations),
            "unobservable": [
                "create_stream.size_bytes", "create_stream.created_at",
                "get_stream.size_bytes", "get_stream.created_at", "get_stream.topics",
                "create_topic.size_bytes", "create_topic.compression_algorithm", "create_topic.message_expiry",
                "create_topic.max_topic_size", "create_topic.replication_factor", "create_topic.partitions",
                "create_topic.created_at",
                "get_topic.size_bytes", "get_topic.compression_algorithm", "get_topic.message_expiry",
                "get_topic.max_topic_size", "get_topic.replication_factor", "get_topic.partitions",
                "get_topic.created_at",
                "poll_messages.current_offset",
            ],
        }

    async def op_reset(self, client: str, args: dict[str, Any]) -> None:
        self.clients.clear()

    async def op_connect(self, client: str, args: dict[str, Any]) -> None:
        if "token" in args:
            connection = apache_iggy.IggyClient.from_connection_string(f"iggy://{args['token']}@{args['address']}")
            await connection.connect()
        else:
            connection = apache_iggy.IggyClient(args["address"])
            await connection.connect()
            if "username" in args:
                await connection.login_user(args["username"], args["password"])
        self.clients[client] = connection

    async def op_login_user(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).login_user(args["username"], args["password"])

    async def op_ping(self, client: str, args: dict[str, Any]) -> None:
        await self.client(client).ping()

    async def op_create_stream(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        await self.client(client).create_stream(args["name"])
        return await self.op_get_stream(client, {"stream": args["name"]})

    async def op_get_stream(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        stream = await self.client(client).get_stream(args["stream"])
        if stream is None:
            return None
        return {
            "id": stream.id,
            "name": stream.name,
            "topics_count": stream.topics_count,
            "messages_count": stream.messages_count,
        }

    async def op_create_topic(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        options: dict[str, Any] = {}
        if args.get("compression_algorithm") not in (None, "none"):
            options["compression_algorithm"] = args["compression_algorithm"]
        if args.get("replication_factor"):
            options["replication_factor"] = args["replication_factor"]
        if args.get("max_topic_size"):
            options["max_topic_size"] = args["max_topic_size"]
        if args.get("message_expiry"):
            raise Unsupported("message_expiry is a timedelta in this API; cases use microseconds")
        await self.client(client).create_topic(
            args["stream"], args["name"], args.get("partitions_count", 1), **options
        )
        return await self.op_get_topic(client, {"stream": args["stream"], "topic": args["name"]})

    async def op_get_topic(self, client: str, args: dict[str, Any]) -> dict[str, Any] | None:
        topic = await self.client(client).get_topic(args["stream"], args["topic"])
        if topic is None:
            return None
        return {
            "id": topic.id,
            "name": topic.name,
            "partitions_count": topic.partitions_count,
            "messages_count": topic.messages_count,
        }

    async def op_send_messages(self, client: str, args: dict[str, Any]) -> None:
        partitioning = args.get("partitioning", {"kind": "partition_id", "value": 0})
        if partitioning.get("kind") != "partition_id":
            raise Unsupported("the official Python API always sends PartitionId partitioning")
        messages = []
        for message in args["messages"]:
            if message.get("id") or message.get("headers"):
                raise Unsupported("the official Python API cannot set message ids or headers")
            messages.append(apache_iggy.SendMessage(base64.b64decode(message["payload"])))
        await self.client(client).send_messages(args["stream"], args["topic"], partitioning["value"], messages)

    async def op_consume_group(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        return await _consume_group(self.client(client), args)

    async def op_poll_messages(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        consumer = args.get("consumer", {"kind": "consumer", "id": 0})
        if consumer != {"kind": "consumer", "id": 0}:
            raise Unsupported("the official poll_messages always polls as consumer id 0")
        if args.get("partition_id") is None:
            raise Unsupported("the official poll_messages needs an explicit partition")
        polled = await self.client(client).poll_messages(
            args["stream"],
            args["topic"],
            args["partition_id"],
            _strategy(args.get("strategy", {"kind": "offset", "value": 0})),
            args.get("count", 10),
            bool(args.get("auto_commit", False)),
        )
        messages = [
            {
                "offset": message.offset(),
                "id": str(message.id()),
                "timestamp": message.timestamp(),
                "payload": base64.b64encode(message.payload()).decode("ascii"),
            }
            for message in polled
        ]
        result: dict[str, Any] = {"count": len(messages), "messages": messages}
        if polled:
            result["partition_id"] = polled[0].partition_id()
        else:
            result["partition_id"] = args["partition_id"]
        return result


async def _consume_group(client: Any, args: dict[str, Any]) -> dict[str, Any]:
    """The official high-level consumer: GetStream, GetTopic, GetConsumerGroup, CreateConsumerGroup,
    JoinConsumerGroup, then group polls (partition None, Next) with auto-commit on every poll."""
    count, timeout_s = int(args["count"]), int(args.get("timeout_ms", 10_000)) / 1000
    consumer = await client.consumer_group(
        args["group"],
        str(args["stream"]),
        str(args["topic"]),
        polling_strategy=apache_iggy.PollingStrategy.Next(),
        batch_length=100,
        auto_commit=apache_iggy.AutoCommit.When(apache_iggy.AutoCommitWhen.PollingMessages()),
        poll_interval=datetime.timedelta(milliseconds=10),
    )
    received: list[dict[str, Any]] = []
    iterator = consumer.iter_messages().__aiter__()
    while len(received) < count:
        message = await asyncio.wait_for(iterator.__anext__(), timeout_s)
        received.append({
            "partition_id": message.partition_id(),
            "offset": message.offset(),
            "payload": base64.b64encode(message.payload()).decode("ascii"),
        })
    return {"messages": sorted(received, key=lambda item: (item["partition_id"], item["offset"]))}


def _strategy(raw: dict[str, Any]) -> Any:
    kind = raw["kind"]
    if kind == "offset":
        return apache_iggy.PollingStrategy.Offset(value=int(raw["value"]))
    if kind == "timestamp":
        return apache_iggy.PollingStrategy.Timestamp(value=int(raw["value"]))
    if kind == "first":
        return apache_iggy.PollingStrategy.First()
    if kind == "last":
        return apache_iggy.PollingStrategy.Last()
    if kind == "next":
        return apache_iggy.PollingStrategy.Next()
    raise Unsupported(f"unknown polling strategy {kind!r}")


async def _answer(driver: OfficialDriver, request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op", "")
    handler: Callable[[str, dict[str, Any]], Awaitable[Any]] | None
    handler = driver.hello if op == "hello" else getattr(driver, f"op_{op}", None)
    if handler is None:
        return {"id": request.get("id"), "unsupported": f"operation {op!r}"}
    try:
        result = await handler(request.get("client", "default"), request.get("args", {}))
    except Unsupported as unsupported:
        return {"id": request.get("id"), "unsupported": str(unsupported)}
    except KeyError as missing:
        if missing.args and missing.args[0] in driver.clients or op == "hello":
            raise
        return {"id": request.get("id"), "error": {"code": -1, "name": "DriverError", "message": f"no {missing}"}}
    except Exception as error:  # the official client raises RuntimeError/ValueError with the Iggy message text
        code = error_code_from_text(str(error))
        name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else "Unknown"
        return {"id": request.get("id"), "error": {"code": code, "name": name, "message": str(error)}}
    return {"id": request.get("id"), "ok": result}


def main() -> None:
    driver = OfficialDriver()
    loop = asyncio.new_event_loop()
    for line in sys.stdin:
        if not line.strip():
            continue
        response = loop.run_until_complete(_answer(driver, json.loads(line)))
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
