"""Consumer-group sample: a producer fills a 3-partition topic; two group members share the work.

Run: python samples/consumer_group.py [CONNECTION_STRING] [--stream NAME] [--messages N]
Each message is processed by exactly one member; the script prints how the partitions were split.
"""

from __future__ import annotations

import argparse
import asyncio
from collections import Counter

from iggy import IggyClient, IggyConsumer, IggyProducer

DEFAULT_CONNECTION_STRING = "iggy://iggy:iggy@127.0.0.1:8090"


async def member(connection_string: str, stream: str, name: str, seen: list, total: int, done: asyncio.Event) -> None:
    # Group membership is per connection: each member has its own client.
    async with IggyClient(connection_string) as client:
        consumer = IggyConsumer(client, stream, "orders", group="workers", batch_length=20, poll_interval_ms=20)
        await consumer.init()

        def handle(message) -> None:
            seen.append((name, message.partition_id, message.payload_bytes()))
            if len(seen) >= total:
                done.set()

        # Callback style: runs until every member together has processed `total` messages.
        await consumer.consume(handle, stop=done)
        await consumer.close()  # final commit + leave the group


async def main(connection_string: str, stream: str, messages_count: int) -> dict:
    async with IggyClient(connection_string) as admin:
        if await admin.get_stream(stream) is not None:
            await admin.delete_stream(stream)
        await admin.create_stream(stream)
        await admin.create_topic(stream, "orders", partitions_count=3)
        async with IggyProducer(admin, stream, "orders", batch_length=100) as producer:
            await producer.send([f"order-{i}".encode() for i in range(messages_count)])  # balanced

        seen: list = []
        done = asyncio.Event()
        members = [member(connection_string, stream, f"member-{n}", seen, messages_count, done) for n in range(2)]
        await asyncio.wait_for(asyncio.gather(*members), timeout=60)
        by_member = Counter(name for name, _, _ in seen)
        partitions = {name: sorted({p for n, p, _ in seen if n == name}) for name in by_member}
        print(f"processed {len(seen)} messages ({len({payload for _, _, payload in seen})} distinct)")
        for name, count in sorted(by_member.items()):
            print(f"{name}: {count} messages from partitions {partitions[name]}")
        await admin.delete_stream(stream)
        return {"processed": len(seen), "distinct": len({payload for _, _, payload in seen})}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("connection_string", nargs="?", default=DEFAULT_CONNECTION_STRING)
    parser.add_argument("--stream", default="sample-consumer-group")
    parser.add_argument("--messages", type=int, default=300)
    args = parser.parse_args()
    asyncio.run(main(args.connection_string, args.stream, args.messages))
