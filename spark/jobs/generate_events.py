"""Sample data: JSON click-stream events sent to a topic with the SDK's producer.

    python spark/jobs/generate_events.py --count 20000            # to 127.0.0.1:8090, stream demo, topic events

Each event is {"event_id", "event_time" (ISO-8601, UTC), "user_id", "action", "amount", "country"};
event times are spread evenly over `--span-minutes` from `--start-time`, so windowed results are
predictable. The stream and topic are created when missing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

from iggy import Message
from iggy.sync import IggyClient, IggyProducer

ACTIONS = ("view", "click", "purchase")
COUNTRIES = ("DE", "FR", "PL", "US", "JP")


def make_events(count: int, start: datetime, span_minutes: float, seed: int) -> list[dict]:
    rng = random.Random(seed)
    step_s = span_minutes * 60 / max(count, 1)
    events = []
    for i in range(count):
        action = rng.choices(ACTIONS, weights=(70, 25, 5))[0]
        events.append({
            "event_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "event_time": (start + timedelta(seconds=i * step_s)).isoformat(timespec="milliseconds"),
            "user_id": f"u-{rng.randrange(500)}",
            "action": action,
            "amount": round(rng.uniform(1, 200), 2) if action == "purchase" else 0.0,
            "country": rng.choice(COUNTRIES),
        })
    return events


def send_events(connection_string: str, stream: str, topic: str, events: list[dict], partitions: int) -> None:
    with IggyClient(connection_string) as client:
        with IggyProducer(client, stream, topic, create_stream_if_missing=True, create_topic_if_missing=True,
                          partitions_count=partitions, batch_length=1000) as producer:
            # In event-time order; balanced partitioning spreads the batches of 1000 round robin.
            producer.send([Message(json.dumps(e).encode()) for e in events])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connection-string", default="iggy://iggy:iggy@127.0.0.1:8090")
    parser.add_argument("--stream", default="demo")
    parser.add_argument("--topic", default="events")
    parser.add_argument("--partitions", type=int, default=2, help="partitions when the topic is created")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--span-minutes", type=float, default=10.0)
    parser.add_argument("--start-time", default=None, help="ISO-8601 UTC; default: now minus the span")
    parser.add_argument("--seed", type=int, default=7)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.start_time:
        start = datetime.fromisoformat(args.start_time.replace("Z", "+00:00"))
    else:
        start = datetime.now(timezone.utc) - timedelta(minutes=args.span_minutes)
    events = make_events(args.count, start, args.span_minutes, args.seed)
    began = time.perf_counter()
    send_events(args.connection_string, args.stream, args.topic, events, args.partitions)
    print(f"sent {len(events)} events to {args.stream}/{args.topic} in {time.perf_counter() - began:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
