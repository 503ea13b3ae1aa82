"""Capture Iggy 0.9 frames from the official apache-iggy 0.9.0 client and write them as fixtures.

Starts our server (the project's launcher, `iggy_server.testing`), puts the recording proxy (`proxy.py`, which
follows 0.9 framing) in front of it, and runs scenario_v09.py with the official client in its own virtualenv,
step by step. Every step's result is checked by the scenario, so each request frame was built by the official
client and each reply accepted by it. The frames PICKS selects go to protocol-spec/fixtures/v0_9/<group>/:
requests with source SOURCE_V09_PYTHON_REQUEST, replies and evictions (built by our server) with
SOURCE_V09_PYTHON_RESPONSE.

Run: .venv/bin/python protocol-spec/recorder/capture_v09.py --client-python .venv-official-0.9/bin/python
     [--recording PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixture_io import SOURCE_V09_PYTHON_REQUEST, SOURCE_V09_PYTHON_RESPONSE, write_fixture_v09  # noqa: E402
from proxy import LOOPBACK_HOST, RecordingProxy  # noqa: E402

from iggy.protocol.codes import Command  # noqa: E402
from iggy_server.testing import TestServer  # noqa: E402

SCENARIO = Path(__file__).resolve().parent / "scenario_v09.py"
STEP_TIMEOUT_S = 60.0
SCENARIO_LINE_LIMIT_BYTES = 1024 * 1024
C = Command
# label -> (command whose frames the label selects, fixture name stem). Register carries no code on the wire.
PICKS: dict[str, tuple[Command, str]] = {
    "connect": (C.PING, "ping"),
    "login_wrong_password": (C.LOGIN_REGISTER, "login_register_wrong_password"),
    "login": (C.LOGIN_REGISTER, "login_register"),
    "login/metadata": (C.GET_CLUSTER_METADATA, "get_cluster_metadata"),
    "describe_options_topic": (C.DESCRIBE_OPTIONS, "describe_options_topic"),
    "describe_options_stream": (C.DESCRIBE_OPTIONS, "describe_options_stream"),
    "create_stream": (C.CREATE_STREAM, "create_stream"),
    "create_stream_already_exists": (C.CREATE_STREAM, "create_stream_already_exists"),
    "get_stream": (C.GET_STREAM, "get_stream"),
    "get_stream_missing": (C.GET_STREAM, "get_stream_missing"),
    "create_topic": (C.CREATE_TOPIC, "create_topic"),
    "get_topic": (C.GET_TOPIC, "get_topic"),
    "get_topics": (C.GET_TOPICS, "get_topics"),
    "get_streams": (C.GET_STREAMS, "get_streams"),
    "update_topic": (C.UPDATE_TOPIC, "update_topic"),
    "send_messages": (C.SEND_MESSAGES, "send_messages"),
    "poll_messages": (C.POLL_MESSAGES, "poll_messages"),
    "get_stats": (C.GET_STATS, "get_stats"),
    "create_consumer_group": (C.CREATE_CONSUMER_GROUP, "create_consumer_group"),
    "get_consumer_group": (C.GET_CONSUMER_GROUP, "get_consumer_group"),
    "get_consumer_groups": (C.GET_CONSUMER_GROUPS, "get_consumer_groups"),
    "join_consumer_group": (C.JOIN_CONSUMER_GROUP, "join_consumer_group"),
    "poll_group": (C.POLL_MESSAGES, "poll_messages_group"),
    "leave_consumer_group": (C.LEAVE_CONSUMER_GROUP, "leave_consumer_group"),
    "delete_consumer_group": (C.DELETE_CONSUMER_GROUP, "delete_consumer_group"),
    "create_partitions": (C.CREATE_PARTITIONS, "create_partitions"),
    "delete_partitions": (C.DELETE_PARTITIONS, "delete_partitions"),
    "create_user": (C.CREATE_USER, "create_user"),
    "get_user": (C.GET_USER, "get_user"),
    "get_users": (C.GET_USERS, "get_users"),
    "update_user": (C.UPDATE_USER, "update_user"),
    "update_permissions": (C.UPDATE_PERMISSIONS, "update_permissions"),
    "change_password": (C.CHANGE_PASSWORD, "change_password"),
    "delete_user": (C.DELETE_USER, "delete_user"),
    "update_stream": (C.UPDATE_STREAM, "update_stream"),
    "purge_topic": (C.PURGE_TOPIC, "purge_topic"),
    "purge_stream": (C.PURGE_STREAM, "purge_stream"),
    "delete_topic": (C.DELETE_TOPIC, "delete_topic"),
    "delete_stream": (C.DELETE_STREAM, "delete_stream"),
    "logout": (C.LOGOUT_USER, "logout_user"),
}


def _command_of(record: dict) -> Command | None:
    if record["code"] is not None:
        return Command(record["code"])
    return Command.LOGIN_REGISTER if record["operation"] == 1 else None


def pick(records: list[dict]) -> list[tuple[str, Command, dict]]:
    """(fixture stem, command, record) for every PICKS entry: the step's first frame of that command."""
    chosen: list[tuple[str, Command, dict]] = []
    missing: list[str] = []
    for key, (command, stem) in PICKS.items():
        label = key.split("/")[0]
        record = next((r for r in records if r["label"] == label and _command_of(r) == command), None)
        if record is None:
            missing.append(key)
            continue
        chosen.append((stem, command, record))
    if missing:
        raise SystemExit(f"no frame captured for {missing}")
    return chosen


async def run(client_python: str, recording: Path | None) -> list[dict]:
    with TestServer() as server:
        host, port = server.address.rsplit(":", 1)
        proxy = RecordingProxy(host, int(port), recording)
        await proxy.start()
        try:
            process = await asyncio.create_subprocess_exec(
                client_python, str(SCENARIO), f"{LOOPBACK_HOST}:{proxy.port}",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=SCENARIO_LINE_LIMIT_BYTES,
            )
            assert process.stdin is not None and process.stdout is not None
            failed: list[str] = []
            while True:
                line = await asyncio.wait_for(process.stdout.readline(), STEP_TIMEOUT_S)
                if not line:
                    break
                message = json.loads(line)
                if "step" in message:
                    proxy.label = message["step"]
                    process.stdin.write(b"go\n")
                    await process.stdin.drain()
                elif not message["ok"]:
                    failed.append(f"{message['done']}: {message['detail']}")
            if await process.wait() != 0 or failed:
                raise SystemExit(f"scenario failed: {failed}\n{server.log()[-3000:]}")
        finally:
            await proxy.stop()
        return proxy.records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--client-python", required=True, help="the interpreter of apache-iggy 0.9.0's virtualenv")
    parser.add_argument("--recording", type=Path, default=None, help="append every exchange here as JSON lines")
    args = parser.parse_args()
    records = asyncio.run(run(args.client_python, args.recording))
    for stem, command, record in pick(records):
        write_fixture_v09(f"{stem}_request", command, "request", SOURCE_V09_PYTHON_REQUEST,
                          bytes.fromhex(record["request_hex"]))
        write_fixture_v09(f"{stem}_response", command, "response", SOURCE_V09_PYTHON_RESPONSE,
                          bytes.fromhex(record["response_hex"]))
    print(f"wrote {2 * len(PICKS)} fixtures")


if __name__ == "__main__":
    main()
