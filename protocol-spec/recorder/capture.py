"""Capture real frames from the official client (apache-iggy==0.8.0) and write them as fixtures.

Starts the recording fake server on 127.0.0.1 (free port), drives the official Python client
through a fixed scenario, writes the raw exchanges to `recording.jsonl` and the selected frames to
protocol-spec/fixtures/<group>/<name>.json with source "captured: apache-iggy==0.8.0 via
protocol-spec/recorder". Responses are built by our codec and accepted by the official client
(each step checks the client's result), so they are "derived but accepted", like the reference's.

Run: .venv/bin/python protocol-spec/recorder/capture.py [--recording PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_server import SEEDED_TOKEN, RecordingServer  # noqa: E402
from fixture_io import SOURCE_CAPTURED, write_fixture  # noqa: E402

from iggy.protocol.codes import Command  # noqa: E402

STEP_TIMEOUT_S = 15.0

# (scenario label, command, fixture base name): each pick writes `<name>_request` and `<name>_response`.
PICKS: list[tuple[str, Command, str]] = [
    ("ping", Command.PING, "ping"),
    ("login_user", Command.LOGIN_USER, "login_user"),
    ("login_user", Command.GET_CLUSTER_METADATA, "get_cluster_metadata"),
    ("login_user_bad_password", Command.LOGIN_USER, "login_user_invalid_credentials"),
    ("create_stream", Command.CREATE_STREAM, "create_stream"),
    ("create_stream_duplicate", Command.CREATE_STREAM, "create_stream_already_exists"),
    ("get_stream", Command.GET_STREAM, "get_stream_by_name"),
    ("get_stream_by_id", Command.GET_STREAM, "get_stream_by_id_with_topics"),
    ("get_stream_missing", Command.GET_STREAM, "get_stream_missing"),
    ("create_topic", Command.CREATE_TOPIC, "create_topic"),
    ("create_topic_defaults", Command.CREATE_TOPIC, "create_topic_defaults"),
    ("get_topic", Command.GET_TOPIC, "get_topic"),
    ("get_topic_missing", Command.GET_TOPIC, "get_topic_missing"),
    ("send_messages", Command.SEND_MESSAGES, "send_messages_two"),
    ("send_messages_missing_stream", Command.SEND_MESSAGES, "send_messages_stream_not_found"),
    ("poll_offset", Command.POLL_MESSAGES, "poll_messages_offset"),
    ("poll_first", Command.POLL_MESSAGES, "poll_messages_first"),
    ("poll_last", Command.POLL_MESSAGES, "poll_messages_last"),
    ("poll_timestamp", Command.POLL_MESSAGES, "poll_messages_timestamp"),
    ("poll_next_auto_commit", Command.POLL_MESSAGES, "poll_messages_next_auto_commit"),
    ("poll_beyond_end", Command.POLL_MESSAGES, "poll_messages_empty"),
    ("consumer_group_init", Command.GET_CONSUMER_GROUP, "get_consumer_group_missing"),
    ("consumer_group_init", Command.CREATE_CONSUMER_GROUP, "create_consumer_group"),
    ("consumer_group_init", Command.JOIN_CONSUMER_GROUP, "join_consumer_group"),
    ("consumer_group_poll", Command.POLL_MESSAGES, "poll_messages_consumer_group"),
    ("store_consumer_offset", Command.STORE_CONSUMER_OFFSET, "store_consumer_offset_group"),
    ("consumer_group_existing", Command.GET_CONSUMER_GROUP, "get_consumer_group_with_member"),
    ("delete_consumer_offset", Command.DELETE_CONSUMER_OFFSET, "delete_consumer_offset_group"),
    ("login_with_pat", Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, "login_with_personal_access_token"),
]


class Scenario:
    def __init__(self, server: RecordingServer) -> None:
        self.server = server
        self.address = f"127.0.0.1:{server.port}"
        self.failures: list[str] = []

    async def step(self, label: str, action: Callable[[], Awaitable[Any]], check: Callable[[Any], bool] | None = None,
                   expect_error: bool = False) -> Any:
        self.server.label = label
        try:
            result = await asyncio.wait_for(action(), STEP_TIMEOUT_S)
        except Exception as error:  # the official client raises plain RuntimeError/ValueError subclasses
            if not expect_error:
                self.failures.append(f"{label}: unexpected error {error!r}")
            return error
        if expect_error:
            self.failures.append(f"{label}: expected an error, got {result!r}")
        elif check is not None and not check(result):
            self.failures.append(f"{label}: unexpected result {result!r}")
        return result

    async def run(self) -> None:
        from apache_iggy import AutoCommit, IggyClient, PollingStrategy, SendMessage

        client = IggyClient(self.address)
        await self.step("connect", client.connect)
        await self.step("ping", client.ping)
        await self.step("login_user", lambda: client.login_user("iggy", "iggy"))
        await self.step("create_stream", lambda: client.create_stream("s1"))
        await self.step("create_stream_duplicate", lambda: client.create_stream("s1"), expect_error=True)
        await self.step("get_stream", lambda: client.get_stream("s1"), lambda s: s is not None and s.name == "s1")
        await self.step("get_stream_missing", lambda: client.get_stream("missing"), lambda s: s is None)
        await self.step(
            "create_topic",
            lambda: client.create_topic(
                "s1", "t1", 3, compression_algorithm="gzip", replication_factor=1,
                message_expiry=datetime.timedelta(hours=1), max_topic_size=2 * 1024**3,
            ),
        )
        await self.step("create_topic_defaults", lambda: client.create_topic(0, "t2", 1))
        await self.step(
            "get_stream_by_id", lambda: client.get_stream(0), lambda s: s is not None and s.topics_count == 2
        )
        await self.step(
            "get_topic", lambda: client.get_topic("s1", "t1"), lambda t: t is not None and t.partitions_count == 3
        )
        await self.step("get_topic_missing", lambda: client.get_topic("s1", "nope"), lambda t: t is None)
        await self.step(
            "send_messages",
            lambda: client.send_messages("s1", "t1", 0, [SendMessage("hello"), SendMessage(b"\x00\x01binary")]),
        )
        await self.step(
            "send_messages_missing_stream",
            lambda: client.send_messages("nos", "t1", 0, [SendMessage("x")]), expect_error=True,
        )
        payloads = lambda messages: [bytes(m.payload()) for m in messages]  # noqa: E731
        await self.step(
            "poll_offset",
            lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.Offset(0), 10, False),
            lambda ms: payloads(ms) == [b"hello", b"\x00\x01binary"],
        )
        await self.step(
            "poll_first", lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.First(), 1, False),
            lambda ms: [m.offset() for m in ms] == [0],
        )
        await self.step(
            "poll_last", lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.Last(), 1, False),
            lambda ms: [m.offset() for m in ms] == [1],
        )
        await self.step(
            "poll_timestamp", lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.Timestamp(0), 10, False),
            lambda ms: len(ms) == 2,
        )
        await self.step(
            "poll_next_auto_commit",
            lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.Next(), 1, True),
            lambda ms: [m.offset() for m in ms] == [0],
        )
        await self.step(
            "poll_beyond_end", lambda: client.poll_messages("s1", "t1", 0, PollingStrategy.Offset(999), 5, False),
            lambda ms: ms == [],
        )
        consumer = await self.step(
            "consumer_group_init",
            lambda: client.consumer_group(
                "cg1", "s1", "t1", polling_strategy=PollingStrategy.Next(), batch_length=10,
                auto_commit=AutoCommit.Disabled(), poll_interval=datetime.timedelta(milliseconds=50),
            ),
        )
        if not isinstance(consumer, Exception):
            await self.step("consumer_group_poll", lambda: _first_message(consumer), lambda m: m is not None)
            await self.step("store_consumer_offset", lambda: consumer.store_offset(1, 0))
            await self.step("delete_consumer_offset", lambda: consumer.delete_offset(0))
        await self.step(
            "consumer_group_existing",
            lambda: client.consumer_group(
                "cg1", "s1", "t1", polling_strategy=PollingStrategy.Next(), batch_length=10,
                auto_commit=AutoCommit.Disabled(),
            ),
        )
        bad = IggyClient(self.address)
        await self.step("connect_bad", bad.connect)
        await self.step("login_user_bad_password", lambda: bad.login_user("iggy", "bad"), expect_error=True)
        pat_client = IggyClient.from_connection_string(f"iggy://{SEEDED_TOKEN}@{self.address}")
        await self.step("login_with_pat", pat_client.connect)
        await self.step("login_with_pat_check", lambda: pat_client.get_stream("s1"), lambda s: s is not None)
        self.server.label = "done"


async def _first_message(consumer: Any) -> Any:
    async for message in consumer.iter_messages():
        return message
    return None


def write_fixtures(records: list[dict[str, Any]]) -> list[str]:
    missing: list[str] = []
    for label, command, name in PICKS:
        record = next((r for r in records if r["label"] == label and r["code"] == command), None)
        if record is None:
            missing.append(f"{label}/{command.name}")
            continue
        write_fixture(f"{name}_request", command, "request", SOURCE_CAPTURED, bytes.fromhex(record["request_hex"]))
        write_fixture(f"{name}_response", command, "response", SOURCE_CAPTURED, bytes.fromhex(record["response_hex"]))
    return missing


async def main_async(recording: Path | None) -> int:
    if recording is not None and recording.exists():
        recording.unlink()
    server = RecordingServer(recording)
    await server.start()
    scenario = Scenario(server)
    try:
        await scenario.run()
    finally:
        await server.stop()
    missing = write_fixtures(server.records)
    for failure in scenario.failures:
        print("FAILED STEP", failure, file=sys.stderr)
    for item in missing:
        print("NOT CAPTURED", item, file=sys.stderr)
    print(f"{len(server.records)} exchanges recorded; {len(PICKS) * 2 - 2 * len(missing)} fixtures written")
    return 1 if scenario.failures or missing else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recording", type=Path, default=None, help="also write every exchange as JSON lines here")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args.recording)))


if __name__ == "__main__":
    main()
