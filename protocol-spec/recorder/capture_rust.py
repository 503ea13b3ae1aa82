"""Capture request frames from the official Rust SDK (crates.io iggy 0.10.0) and write them as fixtures.

Starts our server (the project's launcher, `iggy_server.testing`: 127.0.0.1, root iggy/iggy), puts the recording
proxy (`proxy.py`) in front of it, and drives the official Rust SDK through its conformance driver
(conformance-tests/drivers/official-rust, JSON lines on stdin/stdout) step by step. Every step's result is
checked, so each recorded request was built by the SDK and each response was accepted by it. The selected
frames are written to protocol-spec/fixtures/<group>/<name>.json: requests with source SOURCE_RUST_REQUEST,
responses (built by our server) with SOURCE_RUST_RESPONSE.

Run: .venv/bin/python protocol-spec/recorder/capture_rust.py [--recording PATH] [--driver PATH]
(build the driver first: make conformance-driver-official-rust)
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixture_io import SOURCE_RUST_REQUEST, SOURCE_RUST_RESPONSE, write_fixture  # noqa: E402
from proxy import LOOPBACK_HOST, RecordingProxy  # noqa: E402

from iggy.protocol.codes import Command  # noqa: E402
from iggy_server.testing import TestServer  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DRIVER = REPO_ROOT / "conformance-tests/drivers/official-rust/target/official-rust-driver"
DRIVER_STOP_TIMEOUT_S = 10.0
SERVER_LOG_TAIL_LINES = 40
STEP_TIMEOUT_S = 30.0
DRIVER_LINE_LIMIT_BYTES = 4 * 1024 * 1024

Check = Callable[[Any], bool]


@dataclass
class Step:
    label: str
    op: str
    args: dict[str, Any] = field(default_factory=dict)
    check: Check | None = None
    client: str = "default"
    save: str | None = None  # keep the result under this name for later steps' args


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _is_list_of(length: int) -> Check:
    return lambda result: isinstance(result, list) and len(result) == length


READER_PERMISSIONS = {
    "global": {"read_servers": True, "read_users": True},
    "streams": {
        "0": {"read_stream": True, "poll_messages": True, "topics": {
            "0": {"read_topic": True, "poll_messages": True},
            "1": {"manage_topic": True, "send_messages": True},
        }},
        "3": {"manage_stream": True},
    },
}


def scenario(address: str) -> list[Step]:
    """The fixed scenario; labels name the steps whose frames PICKS selects."""
    s1_t1 = {"stream": "s1", "topic": "t1"}
    return [
        Step("connect", "connect", {"address": address, "username": "iggy", "password": "iggy"}),
        Step("get_me", "get_me", check=lambda me: me["client_id"] > 0 and me["user_id"] == 0, save="me"),
        Step("connect_c2", "connect", {"address": address}, client="c2"),
        Step("get_client", "get_client", {"client_id": "${me.client_id}"},
             check=lambda c: c is not None and c["user_id"] == 0),
        Step("get_clients", "get_clients", check=_is_list_of(2)),
        Step("create_stream", "create_stream", {"name": "s1"}, check=lambda s: s["name"] == "s1"),
        Step("create_topic", "create_topic", {
            "stream": "s1", "name": "t1", "partitions_count": 3, "compression_algorithm": "gzip",
            "message_expiry": 3_600_000_000, "max_topic_size": 2 * 1024**3, "replication_factor": 1,
        }, check=lambda t: t["partitions_count"] == 3),
        Step("create_topic_t2", "create_topic", {"stream": "s1", "name": "t2", "partitions_count": 1}),
        Step("create_stream_s2", "create_stream", {"name": "s2"}),
        Step("get_streams", "get_streams", check=_is_list_of(2)),
        Step("get_topics", "get_topics", {"stream": "s1"}, check=_is_list_of(2)),
        Step("send_messages", "send_messages", {
            **s1_t1, "partitioning": {"kind": "partition_id", "value": 0},
            "messages": [{"payload": _b64("hello")}, {"payload": _b64("world")}],
        }),
        Step("flush_unsaved_buffer", "flush_unsaved_buffer", {**s1_t1, "partition_id": 0, "fsync": True}),
        Step("store_consumer_offset", "store_consumer_offset", {
            **s1_t1, "consumer": {"kind": "consumer", "id": 1}, "partition_id": 0, "offset": 1,
        }),
        Step("get_consumer_offset", "get_consumer_offset", {
            **s1_t1, "consumer": {"kind": "consumer", "id": 1}, "partition_id": 0,
        }, check=lambda o: o is not None and o["stored_offset"] == 1 and o["current_offset"] == 1),
        Step("get_stats", "get_stats", check=lambda s: s["streams_count"] == 2 and s["messages_count"] == 2),
        Step("create_consumer_group", "create_consumer_group", {**s1_t1, "name": "cg1"}),
        Step("create_consumer_group_cg2", "create_consumer_group", {**s1_t1, "name": "cg2"}),
        Step("join_consumer_group", "join_consumer_group", {**s1_t1, "group": "cg1"}),
        Step("get_consumer_groups", "get_consumer_groups", s1_t1,
             check=lambda gs: [(g["name"], g["members_count"]) for g in gs] == [("cg1", 1), ("cg2", 0)]),
        Step("leave_consumer_group", "leave_consumer_group", {**s1_t1, "group": 0}),
        Step("delete_consumer_group", "delete_consumer_group", {**s1_t1, "group": "cg2"}),
        Step("create_partitions", "create_partitions", {**s1_t1, "partitions_count": 2}),
        Step("delete_partitions", "delete_partitions", {**s1_t1, "partitions_count": 1}),
        Step("delete_segments", "delete_segments", {**s1_t1, "partition_id": 0, "segments_count": 1}),
        Step("update_topic", "update_topic", {
            **s1_t1, "name": "t1", "compression_algorithm": "none", "message_expiry": 0, "max_topic_size": 0,
            "replication_factor": 1,
        }),
        Step("purge_topic", "purge_topic", s1_t1),
        Step("purge_stream", "purge_stream", {"stream": 0}),
        Step("create_user", "create_user", {
            "username": "reader", "password": "secret1", "status": "active", "permissions": READER_PERMISSIONS,
        }, check=lambda u: u["username"] == "reader", save="reader"),
        Step("get_user", "get_user", {"user": "reader"}, check=lambda u: u is not None and u["permissions"]),
        Step("get_users", "get_users", check=_is_list_of(2)),
        Step("update_user", "update_user", {"user": "${reader.id}", "username": "reader2", "status": "inactive"}),
        Step("update_user_status_only", "update_user", {"user": "${reader.id}", "status": "active"}),
        Step("update_permissions", "update_permissions", {"user": "${reader.id}", "permissions": READER_PERMISSIONS}),
        Step("update_permissions_clear", "update_permissions", {"user": "${reader.id}", "permissions": None}),
        Step("change_password", "change_password",
             {"user": "reader2", "current_password": "secret1", "new_password": "secret2"}),
        Step("check_new_password", "connect", {"address": address, "username": "reader2", "password": "secret2"},
             client="c3"),
        Step("delete_user", "delete_user", {"user": "reader2"}),
        Step("create_personal_access_token", "create_personal_access_token", {"name": "tok1", "expiry": 0},
             check=lambda t: bool(t["token"])),
        Step("get_personal_access_tokens", "get_personal_access_tokens",
             check=lambda ts: [t["name"] for t in ts] == ["tok1"]),
        Step("delete_personal_access_token", "delete_personal_access_token", {"name": "tok1"}),
        Step("update_stream", "update_stream", {"stream": 1, "name": "s2-renamed"}),
        Step("delete_topic", "delete_topic", {"stream": "s1", "topic": 1}),
        Step("delete_stream", "delete_stream", {"stream": "s2-renamed"}),
        Step("get_snapshot", "get_snapshot",
             {"compression": "deflated", "types": ["filesystem_overview", "resource_usage", "server_config"]},
             check=lambda s: s["zip"] and s["size_bytes"] > 0),
        Step("get_snapshot_test_stored", "get_snapshot", {"compression": "stored", "types": ["test"]},
             check=lambda s: s["zip"]),
        Step("logout_user", "logout_user"),
    ]


# (step label, command, fixture base name, directions). Names of fixtures that existed for a command as
# encoder-only stay as they were (overwritten in place); commands whose only fixtures are reference vectors
# (Node/Python captures) get new `*_rust` names so the reference fixtures stay beside them.
BOTH = ("request", "response")
PICKS: list[tuple[str, Command, str, tuple[str, ...]]] = [
    ("get_me", Command.GET_ME, "get_me_rust", BOTH),
    ("get_client", Command.GET_CLIENT, "get_client", BOTH),
    ("get_clients", Command.GET_CLIENTS, "get_clients", BOTH),
    ("get_streams", Command.GET_STREAMS, "get_streams_rust", BOTH),
    ("get_topics", Command.GET_TOPICS, "get_topics", BOTH),
    ("flush_unsaved_buffer", Command.FLUSH_UNSAVED_BUFFER, "flush_unsaved_buffer", BOTH),
    ("get_consumer_offset", Command.GET_CONSUMER_OFFSET, "get_consumer_offset_rust", BOTH),
    ("get_stats", Command.GET_STATS, "get_stats_rust", BOTH),
    ("get_consumer_groups", Command.GET_CONSUMER_GROUPS, "get_consumer_groups", BOTH),
    ("leave_consumer_group", Command.LEAVE_CONSUMER_GROUP, "leave_consumer_group", BOTH),
    ("delete_consumer_group", Command.DELETE_CONSUMER_GROUP, "delete_consumer_group", BOTH),
    ("create_partitions", Command.CREATE_PARTITIONS, "create_partitions", BOTH),
    ("delete_partitions", Command.DELETE_PARTITIONS, "delete_partitions", BOTH),
    ("delete_segments", Command.DELETE_SEGMENTS, "delete_segments", BOTH),
    ("update_topic", Command.UPDATE_TOPIC, "update_topic", BOTH),
    ("purge_topic", Command.PURGE_TOPIC, "purge_topic", BOTH),
    ("purge_stream", Command.PURGE_STREAM, "purge_stream", BOTH),
    ("create_user", Command.CREATE_USER, "create_user_scoped_permissions", BOTH),
    ("get_user", Command.GET_USER, "get_user_rust", BOTH),
    ("get_users", Command.GET_USERS, "get_users", BOTH),
    ("update_user", Command.UPDATE_USER, "update_user", BOTH),
    ("update_user_status_only", Command.UPDATE_USER, "update_user_status_only", BOTH),
    ("update_permissions", Command.UPDATE_PERMISSIONS, "update_permissions", BOTH),
    ("update_permissions_clear", Command.UPDATE_PERMISSIONS, "update_permissions_clear", BOTH),
    ("change_password", Command.CHANGE_PASSWORD, "change_password", BOTH),
    ("delete_user", Command.DELETE_USER, "delete_user", BOTH),
    ("create_personal_access_token", Command.CREATE_PERSONAL_ACCESS_TOKEN, "create_personal_access_token_rust",
     BOTH),
    ("get_personal_access_tokens", Command.GET_PERSONAL_ACCESS_TOKENS, "get_personal_access_tokens_rust", BOTH),
    ("delete_personal_access_token", Command.DELETE_PERSONAL_ACCESS_TOKEN, "delete_personal_access_token", BOTH),
    ("update_stream", Command.UPDATE_STREAM, "update_stream", BOTH),
    ("delete_topic", Command.DELETE_TOPIC, "delete_topic", BOTH),
    ("delete_stream", Command.DELETE_STREAM, "delete_stream", BOTH),
    # The full snapshot's ZIP holds this machine's paths and config: keep its request only, and the
    # response of the small, content-stable "test" snapshot.
    ("get_snapshot", Command.GET_SNAPSHOT, "get_snapshot", ("request",)),
    ("get_snapshot_test_stored", Command.GET_SNAPSHOT, "get_snapshot_test_stored", BOTH),
    ("logout_user", Command.LOGOUT_USER, "logout_user_rust", BOTH),
]


class Driver:
    """The official Rust SDK's conformance driver, spoken to in JSON lines."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.next_id = 0

    @classmethod
    async def start(cls, binary: Path) -> Driver:
        process = await asyncio.create_subprocess_exec(
            str(binary), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=DRIVER_LINE_LIMIT_BYTES,
        )
        return cls(process)

    async def call(self, op: str, args: dict[str, Any] | None = None, client: str = "default") -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.next_id += 1
        line = json.dumps({"id": self.next_id, "op": op, "client": client, "args": args or {}})
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()
        answer_line = await asyncio.wait_for(self.process.stdout.readline(), STEP_TIMEOUT_S)
        if not answer_line:
            raise RuntimeError(f"the driver exited during {op!r}")
        answer = json.loads(answer_line)
        if answer.get("id") != self.next_id:
            raise RuntimeError(f"driver answered id {answer.get('id')} to request {self.next_id}")
        return answer

    async def stop(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), DRIVER_STOP_TIMEOUT_S)
        except asyncio.TimeoutError:
            self.process.kill()
            await self.process.wait()


def _substitute(value: Any, saved: dict[str, Any]) -> Any:
    """`"${name.field}"` becomes the saved result's field (keeping its JSON type)."""
    if isinstance(value, str) and value.startswith("${") and value.endswith("}"):
        name, _, key = value[2:-1].partition(".")
        return saved[name][key]
    if isinstance(value, dict):
        return {k: _substitute(v, saved) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, saved) for v in value]
    return value


async def run_scenario(driver: Driver, proxy: RecordingProxy,
                       steps: Callable[[str], list[Step]] = scenario) -> dict[str, str]:
    """Run every step; return the failures by step label (unexpected errors, failed checks, missing ops)."""
    failures: dict[str, str] = {}
    hello = await driver.call("hello")
    capabilities = set(hello.get("ok", {}).get("capabilities", []))
    address = f"{LOOPBACK_HOST}:{proxy.port}"
    saved: dict[str, Any] = {}
    for step in steps(address):
        if step.op not in capabilities:
            failures[step.label] = f"the driver lacks op {step.op!r} (rebuild it)"
            continue
        proxy.label = step.label
        answer = await driver.call(step.op, _substitute(step.args, saved), step.client)
        if "ok" not in answer:
            failures[step.label] = str(answer)
            continue
        if step.check is not None and not step.check(answer["ok"]):
            failures[step.label] = f"unexpected result {answer['ok']!r}"
        if step.save:
            saved[step.save] = answer["ok"]
    proxy.label = "reset"
    await driver.call("reset")
    return failures


def write_fixtures(records: list[dict[str, Any]], failed_labels: set[str]) -> tuple[int, list[str]]:
    """Write every pick whose step passed; a failed step's frames are not evidence of anything."""
    written, missing = 0, []
    for label, command, name, directions in PICKS:
        if label in failed_labels:
            missing.append(f"{label}/{command.name}: the step failed")
            continue
        record = next((r for r in records if r["label"] == label and r["code"] == command), None)
        if record is None:
            missing.append(f"{label}/{command.name}")
            continue
        if "response" in directions and record["status"] != 0:
            missing.append(f"{label}/{command.name}: status {record['status']}")
            continue
        for direction in directions:
            source = SOURCE_RUST_REQUEST if direction == "request" else SOURCE_RUST_RESPONSE
            write_fixture(f"{name}_{direction}", command, direction, source,
                          bytes.fromhex(record[f"{direction}_hex"]))
            written += 1
    return written, missing


async def main_async(driver_binary: Path, recording: Path | None) -> int:
    if not driver_binary.exists():
        print(f"{driver_binary} not found: run `make conformance-driver-official-rust` first", file=sys.stderr)
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
        failures = await run_scenario(driver, proxy)
    finally:
        if driver is not None:
            await driver.stop()
        if proxy is not None:
            await proxy.stop()
        server.stop()
    records = proxy.records
    written, missing = write_fixtures(records, set(failures))
    for label, failure in failures.items():
        print("FAILED STEP", label, failure, file=sys.stderr)
    for item in missing:
        print("NOT CAPTURED", item, file=sys.stderr)
    if failures or missing:
        tail = server.log().splitlines()[-SERVER_LOG_TAIL_LINES:]
        print("server log (last lines):", *tail, sep="\n", file=sys.stderr)
    print(f"{len(records)} exchanges recorded; {written} fixtures written")
    return 1 if failures or missing else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recording", type=Path, default=None, help="also write every exchange as JSON lines here")
    parser.add_argument("--driver", type=Path, default=DEFAULT_DRIVER, help="the official Rust SDK's driver binary")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args.driver, args.recording)))


if __name__ == "__main__":
    main()
