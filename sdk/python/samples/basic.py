"""Basic sample: create a stream and topic, send a few messages, poll them back.

Run: python samples/basic.py [CONNECTION_STRING] [--stream NAME] [--messages N]
(default connection string iggy://iggy:iggy@127.0.0.1:8090)
"""

from __future__ import annotations

import argparse
import asyncio

from iggy import IggyClient, Message, PollingStrategy

DEFAULT_CONNECTION_STRING = "iggy://iggy:iggy@127.0.0.1:8090"


async def main(connection_string: str, stream: str, messages_count: int) -> int:
    async with IggyClient(connection_string) as client:
        if await client.get_stream(stream) is None:
            await client.create_stream(stream)
        if await client.get_topic(stream, "events") is None:
            await client.create_topic(stream, "events", partitions_count=1)

        batch = [Message(f"hello {i}", user_headers={"index": i}) for i in range(messages_count)]
        await client.send_messages(stream, "events", batch, partitioning=0)
        print(f"sent {messages_count} messages to {stream}/events")

        polled = await client.poll_messages(
            stream, "events", partition_id=0, strategy=PollingStrategy.first(), count=messages_count
        )
        for message in polled.messages:
            index = message.user_headers[next(iter(message.user_headers))].value
            print(f"offset={message.offset} index={index} payload={bytes(message.payload).decode()}")
        print(f"polled {len(polled.messages)} messages")
        await client.delete_stream(stream)
        return len(polled.messages)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("connection_string", nargs="?", default=DEFAULT_CONNECTION_STRING)
    parser.add_argument("--stream", default="sample-basic")
    parser.add_argument("--messages", type=int, default=10)
    args = parser.parse_args()
    asyncio.run(main(args.connection_string, args.stream, args.messages))
