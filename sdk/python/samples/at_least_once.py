"""At-least-once sample: a consumer that crashes mid-stream resumes after its last commit.

Run: python samples/at_least_once.py [CONNECTION_STRING] [--stream NAME] [--messages N]
The first consumer processes part of the stream and "crashes" (closes without a final commit); the
second one, with the same consumer id, continues from the last committed offset, so every message is
processed at least once and nothing is skipped.
"""

from __future__ import annotations

import argparse
import asyncio

from iggy import AutoCommit, IggyClient, IggyConsumer, IggyProducer

DEFAULT_CONNECTION_STRING = "iggy://iggy:iggy@127.0.0.1:8090"


async def main(connection_string: str, stream: str, messages_count: int) -> dict:
    async with IggyClient(connection_string) as client:
        if await client.get_stream(stream) is not None:
            await client.delete_stream(stream)
        await client.create_stream(stream)
        await client.create_topic(stream, "payments", partitions_count=1)
        async with IggyProducer(client, stream, "payments", background=True, batch_length=50, linger_ms=2) as producer:
            for i in range(messages_count):
                await producer.send(f"payment-{i}".encode())
        # `async with` closed the producer: everything was flushed before we get here.

        processed: list[bytes] = []
        crash_after = messages_count // 2
        first = IggyConsumer(client, stream, "payments", consumer_id="billing", partition_id=0,
                             batch_length=10, auto_commit=AutoCommit.when_consumed())
        await first.init()
        async for message in first:
            processed.append(message.payload_bytes())
            if len(processed) == crash_after:
                break
        # Simulated crash: no close(), so only batches fully handed out before the last poll were committed.
        committed = first.committed_offsets.get(0, -1)
        print(f"first consumer processed {len(processed)} messages, committed up to offset {committed}")

        second = IggyConsumer(client, stream, "payments", consumer_id="billing", partition_id=0, batch_length=10)
        await second.init()
        resumed_at = None
        async for message in second:
            resumed_at = message.offset if resumed_at is None else resumed_at
            processed.append(message.payload_bytes())
            if message.offset == messages_count - 1:
                break
        await second.close()
        distinct = len(set(processed))
        print(f"second consumer resumed at offset {resumed_at}; processed {len(processed)} in total, "
              f"{distinct} distinct of {messages_count} ({len(processed) - distinct} redelivered)")
        await client.delete_stream(stream)
        return {"distinct": distinct, "processed": len(processed), "resumed_at": resumed_at, "committed": committed}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("connection_string", nargs="?", default=DEFAULT_CONNECTION_STRING)
    parser.add_argument("--stream", default="sample-at-least-once")
    parser.add_argument("--messages", type=int, default=100)
    args = parser.parse_args()
    asyncio.run(main(args.connection_string, args.stream, args.messages))
