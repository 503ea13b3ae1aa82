"""Conformance driver over the official `apache-iggy==0.8.0` client (PyPI), for the operations its API exposes.

Speaks the JSON-lines driver protocol of conformance-tests/README.md. The official Python API is small: it
returns nothing from create_stream/create_topic (the driver reads the object back), exposes only a few fields of
streams, topics and polled messages (declared as `unobservable`), always sends PartitionId partitioning and no
message ids or headers (other variants are answered `unsupported`), and reports server errors as RuntimeError
text, which is mapped back to the Iggy code through the generated error-message table.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Any

import apache_iggy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # drivers/: what both official Python drivers share
from official_python import Unsupported, consume_group, serve, strategy  # noqa: E402

DRIVER_VERSION = "apache-iggy 0.8.0"


class OfficialDriver:
    error_patterns = ()  # the spec's messages are this client's texts
    protocol = "0.8"

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
                "create_stream.size_bytes",
                "get_stream.size_bytes", "get_stream.topics",
                "create_topic.size_bytes", "create_topic.compression_algorithm", "create_topic.message_expiry",
                "create_topic.max_topic_size", "create_topic.replication_factor", "create_topic.partitions",
                "get_topic.size_bytes", "get_topic.compression_algorithm", "get_topic.message_expiry",
                "get_topic.max_topic_size", "get_topic.replication_factor", "get_topic.partitions",
                "poll_messages.current_offset", "poll_messages.messages.headers",
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
            args["stream"], args["name"], args["partitions_count"], **options
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
        partitioning = args["partitioning"]
        if partitioning.get("kind") != "partition_id":
            raise Unsupported("the official Python API always sends PartitionId partitioning")
        messages = []
        for message in args["messages"]:
            if message.get("id") or message.get("headers"):
                raise Unsupported("the official Python API cannot set message ids or headers")
            messages.append(apache_iggy.SendMessage(base64.b64decode(message["payload"])))
        await self.client(client).send_messages(args["stream"], args["topic"], partitioning["value"], messages)

    async def op_consume_group(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        return await consume_group(apache_iggy, self.client(client), args)

    async def op_poll_messages(self, client: str, args: dict[str, Any]) -> dict[str, Any]:
        consumer = args["consumer"]
        if consumer != {"kind": "consumer", "id": 0}:
            raise Unsupported("the official poll_messages always polls as consumer id 0")
        if args.get("partition_id") is None:
            raise Unsupported("the official poll_messages needs an explicit partition")
        polled = await self.client(client).poll_messages(
            args["stream"],
            args["topic"],
            args["partition_id"],
            strategy(apache_iggy, args["strategy"]),
            args["count"],
            bool(args["auto_commit"]),
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


def main() -> None:
    serve(OfficialDriver())


if __name__ == "__main__":
    main()
