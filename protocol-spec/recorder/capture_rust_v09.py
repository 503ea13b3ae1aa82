"""Capture Iggy 0.9 frames from the official Rust SDK 0.11.0 for the commands apache-iggy 0.9.0 cannot send.

The official Python client 0.9.0 (capture_v09.py) exposes a narrower API than the Rust SDK it wraps: no
snapshots, clients, tokens, consumer offsets, flush, segments or SyncConsumerGroup. This script drives the
official Rust SDK (crates.io iggy 0.11.0) through its conformance driver
(conformance-tests/drivers/official-rust-0.11, JSON lines) step by step, through the recording proxy (which
follows 0.9 framing) in front of our server started by the project's launcher. Every step's result is checked,
so each request frame was built by the SDK and each reply accepted by it. The picked frames go to
protocol-spec/fixtures/v0_9/<group>/: requests with SOURCE_V09_RUST_REQUEST, replies with SOURCE_V09_RUST_RESPONSE.

Run: .venv/bin/python protocol-spec/recorder/capture_rust_v09.py [--recording PATH] [--driver PATH]
(build the driver first: make conformance-driver-official-rust-0.11)
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from capture_rust import SERVER_LOG_TAIL_LINES, Driver, Step, run_scenario  # noqa: E402
from fixture_io import SOURCE_V09_RUST_REQUEST, SOURCE_V09_RUST_RESPONSE, write_fixture_v09  # noqa: E402
from proxy import RecordingProxy  # noqa: E402

from iggy.protocol.codes import Command  # noqa: E402
from iggy_server.testing import TestServer  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DRIVER = REPO_ROOT / "conformance-tests/drivers/official-rust-0.11/target/official-rust-0-11-driver"
# Register carries no command code on the wire (operation Register, request 0): the step says which shape it is.
REGISTER_COMMANDS = {Command.LOGIN_REGISTER, Command.LOGIN_REGISTER_WITH_PAT}
REGISTER_OPERATION = 1


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def scenario(address: str) -> list[Step]:
    """The fixed scenario; labels name the steps whose frames PICKS selects."""
    s1_t1 = {"stream": "s1", "topic": "t1"}
    offset_of_consumer_1 = {**s1_t1, "consumer": {"kind": "consumer", "id": 1}, "partition_id": 0}
    return [
        Step("connect", "connect", {"address": address, "username": "iggy", "password": "iggy"}),
        Step("get_me", "get_me", check=lambda me: me["client_id"] > 0 and me["user_id"] == 0, save="me"),
        Step("connect_c2", "connect", {"address": address, "username": "iggy", "password": "iggy"}, client="c2"),
        Step("get_client", "get_client", {"client_id": "${me.client_id}"},
             check=lambda c: c is not None and c["user_id"] == 0),
        Step("get_clients", "get_clients", check=lambda cs: isinstance(cs, list) and len(cs) == 2),
        Step("create_stream", "create_stream", {"name": "s1"}, check=lambda s: s["name"] == "s1"),
        Step("create_topic", "create_topic", {"stream": "s1", "name": "t1", "partitions_count": 1},
             check=lambda t: t["partitions_count"] == 1),
        Step("send_messages", "send_messages", {
            **s1_t1, "partitioning": {"kind": "partition_id", "value": 0},
            "messages": [{"payload": _b64("hello")}, {"payload": _b64("world")}],
        }),
        Step("flush_unsaved_buffer", "flush_unsaved_buffer", {**s1_t1, "partition_id": 0, "fsync": True}),
        Step("store_consumer_offset", "store_consumer_offset", {**offset_of_consumer_1, "offset": 1}),
        Step("get_consumer_offset", "get_consumer_offset", offset_of_consumer_1,
             check=lambda o: o is not None and o["stored_offset"] == 1 and o["current_offset"] == 1),
        Step("delete_consumer_offset", "delete_consumer_offset", offset_of_consumer_1),
        Step("create_consumer_group", "create_consumer_group", {**s1_t1, "name": "cg1"}),
        Step("join_consumer_group", "join_consumer_group", {**s1_t1, "group": "cg1"}),
        Step("sync_consumer_group", "sync_consumer_group", {**s1_t1, "group": "cg1"},
             check=lambda a: a is not None and a["partitions"] == [0]),
        Step("delete_segments", "delete_segments", {**s1_t1, "partition_id": 0, "segments_count": 1}),
        Step("create_personal_access_token", "create_personal_access_token", {"name": "tok1", "expiry": 0},
             check=lambda t: bool(t["token"]), save="tok"),
        Step("get_personal_access_tokens", "get_personal_access_tokens",
             check=lambda ts: [t["name"] for t in ts] == ["tok1"]),
        Step("login_with_token", "connect", {"address": address, "token": "${tok.token}"}, client="c3"),
        Step("delete_personal_access_token", "delete_personal_access_token", {"name": "tok1"}),
        Step("get_snapshot", "get_snapshot",
             {"compression": "deflated", "types": ["filesystem_overview", "resource_usage", "server_config"]},
             check=lambda s: s["zip"] and s["size_bytes"] > 0),
        Step("get_snapshot_test_stored", "get_snapshot", {"compression": "stored", "types": ["test"]},
             check=lambda s: s["zip"]),
    ]


BOTH = ("request", "response")
# (step label, command, fixture base name, directions). The full snapshot's ZIP holds this machine's paths and
# config: only its request is kept, and the reply of the small, content-stable "test" snapshot.
PICKS: list[tuple[str, Command, str, tuple[str, ...]]] = [
    ("get_me", Command.GET_ME, "get_me", BOTH),
    ("get_client", Command.GET_CLIENT, "get_client", BOTH),
    ("get_clients", Command.GET_CLIENTS, "get_clients", BOTH),
    ("flush_unsaved_buffer", Command.FLUSH_UNSAVED_BUFFER, "flush_unsaved_buffer", BOTH),
    ("store_consumer_offset", Command.STORE_CONSUMER_OFFSET, "store_consumer_offset", BOTH),
    ("get_consumer_offset", Command.GET_CONSUMER_OFFSET, "get_consumer_offset", BOTH),
    ("delete_consumer_offset", Command.DELETE_CONSUMER_OFFSET, "delete_consumer_offset", BOTH),
    ("sync_consumer_group", Command.SYNC_CONSUMER_GROUP, "sync_consumer_group", BOTH),
    ("delete_segments", Command.DELETE_SEGMENTS, "delete_segments", BOTH),
    ("create_personal_access_token", Command.CREATE_PERSONAL_ACCESS_TOKEN, "create_personal_access_token", BOTH),
    ("get_personal_access_tokens", Command.GET_PERSONAL_ACCESS_TOKENS, "get_personal_access_tokens", BOTH),
    ("login_with_token", Command.LOGIN_REGISTER_WITH_PAT, "login_register_with_pat", BOTH),
    ("delete_personal_access_token", Command.DELETE_PERSONAL_ACCESS_TOKEN, "delete_personal_access_token", BOTH),
    ("get_snapshot", Command.GET_SNAPSHOT, "get_snapshot", ("request",)),
    ("get_snapshot_test_stored", Command.GET_SNAPSHOT, "get_snapshot_test_stored", BOTH),
]


def _is_frame_of(record: dict[str, Any], command: Command) -> bool:
    if command in REGISTER_COMMANDS:
        return record["code"] is None and record["operation"] == REGISTER_OPERATION
    return record["code"] == command


def write_fixtures(records: list[dict[str, Any]], failed_labels: set[str]) -> tuple[int, list[str]]:
    """Write every pick whose step passed (its first frame of the command); a failed step proves nothing."""
    written, missing = 0, []
    for label, command, name, directions in PICKS:
        if label in failed_labels:
            missing.append(f"{label}/{command.name}: the step failed")
            continue
        record = next((r for r in records if r["label"] == label and _is_frame_of(r, command)), None)
        if record is None:
            missing.append(f"{label}/{command.name}")
            continue
        for direction in directions:
            source = SOURCE_V09_RUST_REQUEST if direction == "request" else SOURCE_V09_RUST_RESPONSE
            write_fixture_v09(f"{name}_rust_{direction}", command, direction, source,
                              bytes.fromhex(record[f"{direction}_hex"]))
            written += 1
    return written, missing


async def main_async(driver_binary: Path, recording: Path | None) -> int:
    if not driver_binary.exists():
        print(f"{driver_binary} not found: run `make conformance-driver-official-rust-0.11` first", file=sys.stderr)
        return 2
    if recording is not None:
        recording.unlink(missing_ok=True)
    server = TestServer()
    proxy: RecordingProxy | None = None
    driver: Driver | None = None
    try:
        server.start()
        proxy = RecordingProxy(server.host, server.port, recording)
        await proxy.start()
        driver = await Driver.start(driver_binary)
        failures = await run_scenario(driver, proxy, scenario)
    finally:
        if driver is not None:
            await driver.stop()
        if proxy is not None:
            await proxy.stop()
        server.stop()
    written, missing = write_fixtures(proxy.records, set(failures))
    for label, failure in failures.items():
        print("FAILED STEP", label, failure, file=sys.stderr)
    for item in missing:
        print("NOT CAPTURED", item, file=sys.stderr)
    if failures or missing:
        tail = server.log().splitlines()[-SERVER_LOG_TAIL_LINES:]
        print("server log (last lines):", *tail, sep="\n", file=sys.stderr)
    print(f"{len(proxy.records)} exchanges recorded; {written} fixtures written")
    return 1 if failures or missing else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recording", type=Path, default=None, help="also write every exchange as JSON lines here")
    parser.add_argument("--driver", type=Path, default=DEFAULT_DRIVER, help="the official Rust SDK 0.11.0's driver")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args.driver, args.recording)))


if __name__ == "__main__":
    main()
