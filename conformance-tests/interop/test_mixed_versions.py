"""An Iggy 0.8 client and an Iggy 0.9 client read each other's messages on one server.

The clients are the official Python ones, apache-iggy 0.8.0 (this interpreter's venv) and 0.9.0 (its own venv:
the two share an import name), each run by official_python_client.py as a user's program would run it. Both
connect through the project's recording proxy (protocol-spec/recorder/proxy.py), so the test also holds the
exact bytes each client received and checks them with our own codec.

The exchange on one topic (partition 0; partition 1 gets one message from each version so the partition id is
checked too):
  1. 0.8 creates the stream and the topic, sends three messages (its API takes payloads only: no ids, no headers).
  2. 0.9 sends three: one with a u128 id above 2^64 and user headers of several kinds, one with a small id and no
     headers, one with headers and no id (the client mints it); it polls everything.
  3. 0.8 sends two more and polls everything.
  4. 0.9 polls everything again.
Checked: offsets (0.9's send confirmation included), ids, payloads, server timestamps and lengths are the same in
both views; 0.9 sees its own headers as sent and none on 0.8's messages; the headers 0.9 sent reach the 0.8
client's wire answer unchanged (decoded by our codec, as 0.8.0's API does not expose headers); every checksum a
client reported is the one on its wire answer and is valid in that version's format (0.8: XXH3 of the 64-byte
header from byte 8 on, payload and headers; 0.9: the same over the 48-byte frame, plus each record's batch
checksum).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import xxhash

from iggy.protocol.codes import VSR_HEADER_SIZE, Command, HeaderKind, ProtocolVersion
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import decode_user_headers
from iggy_server.testing import TestServer

from interop_support import OFFICIAL_09_PYTHON, REPO_ROOT, require, server_log_tail

HELPER = Path(__file__).with_name("official_python_client.py")
PROXY = REPO_ROOT / "protocol-spec" / "recorder" / "proxy.py"
# A client run starts an interpreter, connects, logs in and runs a few steps: seconds. The bound only stops a
# client that hangs (the official 0.9 SDK waits 30 s for a reply it never gets).
CLIENT_RUN_TIMEOUT_S = 120
PROXY_START_TIMEOUT_S = 30
OFFICIAL_08_PYTHON = sys.executable
STREAM = "mixed"
TOPIC = "t"
# The response prefix of a 0.8 reply: status u32 | length u32.
V08_RESPONSE_PREFIX_BYTES = 8

BIG_ID = (1 << 100) + 12345  # both u64 halves of the u128 are in use
SMALL_ID = 7
HEADERS_09 = [  # [key, the official client's HeaderValue class, value]: a spread of kinds, raw as hex
    ["trace", "String", "abc-123"],
    ["attempt", "Int64", -3],
    ["blob", "Raw", "00ff10"],
    ["flag", "Bool", True],
    ["wide", "UnsignedInt128", (1 << 127) + 1],
    ["ratio", "Float64", 1.5],
]
OTHER_HEADERS_09 = [["only", "String", "headers, no id"]]
PAYLOADS_08_FIRST = [b"from 0.8 #0", bytes(range(256)), b"\x00"]
PAYLOADS_09 = [b"from 0.9 with id and headers", b"from 0.9 with id", b"from 0.9 with headers"]
PAYLOADS_08_SECOND = [b"from 0.8 #3", b"from 0.8 #4"]
# Our codec's header kinds under the official 0.9 client's class names.
OFFICIAL_KIND = {HeaderKind.STRING: "String", HeaderKind.INT64: "Int64", HeaderKind.RAW: "Raw",
                 HeaderKind.BOOL: "Bool", HeaderKind.UINT128: "UnsignedInt128", HeaderKind.FLOAT64: "Float64"}


@pytest.fixture
def server() -> Iterator[TestServer]:
    with TestServer() as running:
        yield running


@pytest.fixture
def proxy(server: TestServer, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(the proxy's address, its recording): every exchange of every client, as JSON lines."""
    recording = tmp_path / "recording.jsonl"
    process = subprocess.Popen(
        [sys.executable, str(PROXY), "--upstream", server.address, "--recording", str(recording)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()  # the proxy prints its address once it listens
        assert address.startswith("127.0.0.1:"), f"the recording proxy did not start (printed {address!r})"
        yield address, recording
    finally:
        process.terminate()
        process.wait(PROXY_START_TIMEOUT_S)


def run_client(python: str, address: str, steps: list[dict[str, Any]], server: TestServer) -> dict[str, Any]:
    plan = {"address": address, "username": "iggy", "password": "iggy", "steps": steps}
    done = subprocess.run([python, str(HELPER)], input=json.dumps(plan), capture_output=True, text=True,
                          timeout=CLIENT_RUN_TIMEOUT_S)
    assert done.returncode == 0, (
        f"{python} failed on {[step['op'] for step in steps]}:\n{done.stderr[-4000:]}\n"
        f"server log:\n{server_log_tail(server)}"
    )
    return json.loads(done.stdout)


def send(partition_id: int, messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"op": "send", "stream": STREAM, "topic": TOPIC, "partition_id": partition_id, "messages": messages}


def poll(partition_id: int) -> dict[str, Any]:
    return {"op": "poll", "stream": STREAM, "topic": TOPIC, "partition_id": partition_id, "offset": 0, "count": 100}


def payloads(messages: list[dict[str, Any]]) -> list[bytes]:
    return [bytes.fromhex(message["payload_hex"]) for message in messages]


def by_offset(messages: list[dict[str, Any]], *fields: str) -> dict[int, tuple[Any, ...]]:
    return {message["offset"]: tuple(message[field] for field in fields) for message in messages}


def recorded_polls(recording: Path) -> dict[str, list[bytes]]:
    """Every PollMessages answer body each protocol's client received: {"0.8": [...], "0.9": [...]}."""
    answers: dict[str, list[bytes]] = {"0.8": [], "0.9": []}
    for line in recording.read_text().splitlines():
        record = json.loads(line)
        if record["code"] != Command.POLL_MESSAGES:
            continue
        response = bytes.fromhex(record["response_hex"])
        if record.get("protocol") == "0.9":
            assert record["reply_command"] == 8 and record["status"] == 0, record  # a reply, status OK
            answers["0.9"].append(response[VSR_HEADER_SIZE:])
        else:
            assert record["status"] == 0, record
            answers["0.8"].append(response[V08_RESPONSE_PREFIX_BYTES:])
    return answers


def wire_messages_0_8(answers: list[bytes]) -> dict[tuple[int, int], dict[str, Any]]:
    """(partition, offset) → what the 0.8 wire answers carried, with the frame's checksum checked (0.8 format)."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for body in answers:
        polled = PolledMessages.decode(body, ProtocolVersion.V0_8)
        for message in polled.messages:
            frame = bytes(message.frames[message.position:message.position + message.frame_size])
            assert xxhash.xxh3_64_intdigest(frame[8:]) == message.checksum, (
                f"0.8 frame at offset {message.offset}: the checksum does not cover its bytes")
            found[(polled.partition_id, message.offset)] = {
                "checksum": message.checksum, "id": message.id, "origin_timestamp": message.origin_timestamp_us,
                "headers": bytes(message.user_headers_bytes)}
    return found


def wire_messages_0_9(answers: list[bytes]) -> dict[tuple[int, int], dict[str, Any]]:
    """(partition, offset) → what the 0.9 wire answers carried, frame and batch checksums checked (0.9 format)."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for body in answers:
        polled = PolledMessages.decode(body, ProtocolVersion.V0_9)
        for batch in polled.batches:
            assert batch.partition_id == polled.partition_id
            assert batch.computed_checksum() == batch.batch_checksum, (
                f"0.9 record at base offset {batch.base_offset}: the batch checksum is wrong")
            for frame in batch.frames:
                offset = batch.base_offset + frame.offset_delta
                assert frame.checksum_valid(), f"0.9 frame at offset {offset}: the checksum does not cover it"
                found[(polled.partition_id, offset)] = {
                    "checksum": frame.checksum, "id": frame.id, "base_timestamp": batch.base_timestamp,
                    "origin_timestamp": batch.origin_timestamp + frame.timestamp_delta}
    return found


def as_received(sent: list[list[Any]]) -> list[list[Any]]:
    """Headers as sent (string keys) in the form the helper reports received ones."""
    return sorted(["String", key, kind, value] for key, kind, value in sent)


def official_headers(raw: bytes) -> list[list[Any]] | None:
    """Headers decoded by our codec, in the official 0.9 client's form (sorted [key class, key, class, value])."""
    if not raw:
        return None
    rows = []
    for key, value in decode_user_headers(raw).items():
        decoded = value.value
        rows.append([OFFICIAL_KIND[HeaderKind(key.kind)], key.value, OFFICIAL_KIND[HeaderKind(value.kind)],
                     decoded.hex() if isinstance(decoded, bytes) else decoded])
    return sorted(rows)


def test_a_0_8_and_a_0_9_client_read_each_others_messages(server: TestServer, proxy: tuple[str, Path]) -> None:
    address, recording = proxy
    v08, v09 = OFFICIAL_08_PYTHON, str(require(OFFICIAL_09_PYTHON, "test-interop"))

    first = run_client(v08, address, [
        {"op": "create_stream", "name": STREAM},
        {"op": "create_topic", "stream": STREAM, "name": TOPIC, "partitions_count": 2},
        send(0, [{"payload_hex": payload.hex()} for payload in PAYLOADS_08_FIRST]),
        send(1, [{"payload_hex": b"0.8 on partition 1".hex()}]),
    ], server)
    assert first["version"] == "0.8.0"

    sent_09 = [
        {"payload_hex": PAYLOADS_09[0].hex(), "id": str(BIG_ID), "headers": HEADERS_09},
        {"payload_hex": PAYLOADS_09[1].hex(), "id": str(SMALL_ID)},
        {"payload_hex": PAYLOADS_09[2].hex(), "headers": OTHER_HEADERS_09},
    ]
    second = run_client(v09, address, [send(0, sent_09), send(1, [{"payload_hex": b"0.9 on partition 1".hex()}]),
                                       poll(0), poll(1)], server)
    assert second["version"] == "0.9.0"
    confirmation, confirmation_p1, seen_09_early, _ = second["results"]
    assert confirmation == [{"partition_id": 0, "base_offset": len(PAYLOADS_08_FIRST)}]
    assert confirmation_p1 == [{"partition_id": 1, "base_offset": 1}]

    third = run_client(v08, address, [send(0, [{"payload_hex": p.hex()} for p in PAYLOADS_08_SECOND]),
                                      poll(0), poll(1)], server)
    _, seen_08, seen_08_p1 = third["results"]
    fourth = run_client(v09, address, [poll(0), poll(1)], server)
    seen_09, seen_09_p1 = fourth["results"]

    # Offsets and payloads: one log, in send order, whoever reads it.
    expected = PAYLOADS_08_FIRST + PAYLOADS_09 + PAYLOADS_08_SECOND
    for view in (seen_08, seen_09):
        assert [m["offset"] for m in view] == list(range(len(expected)))
        assert payloads(view) == expected
        assert all(m["length"] == len(p) for m, p in zip(view, expected, strict=True))
    assert payloads(seen_09_early) == expected[:6]
    for view in (seen_08_p1, seen_09_p1):
        assert [(m["offset"], bytes.fromhex(m["payload_hex"])) for m in view] == [
            (0, b"0.8 on partition 1"), (1, b"0.9 on partition 1")]

    # Ids and server timestamps: the same message is the same in both versions.
    assert by_offset(seen_08, "id", "timestamp") == by_offset(seen_09, "id", "timestamp")
    assert by_offset(seen_08_p1, "id", "timestamp") == by_offset(seen_09_p1, "id", "timestamp")
    assert by_offset(seen_09_early, "id", "timestamp", "headers") == {
        offset: fields for offset, fields in by_offset(seen_09, "id", "timestamp", "headers").items() if offset < 6}
    ids = [int(m["id"]) for m in seen_09]
    assert ids[3:5] == [BIG_ID, SMALL_ID]
    assert all(ids) and len(set(ids)) == len(ids), f"ids must be set and distinct: {ids}"

    # Headers: 0.9 reads back what it sent, and nothing on 0.8's messages.
    assert [m["headers"] for m in seen_09] == [None, None, None, as_received(HEADERS_09), None,
                                                as_received(OTHER_HEADERS_09), None, None]

    # The bytes each client received: checksums valid in its own format, and the ones it reported.
    answers = recorded_polls(recording)
    assert answers["0.8"] and answers["0.9"], f"the proxy recorded no polls of a version: {list(map(len, answers))}"
    wire_08 = wire_messages_0_8(answers["0.8"])
    wire_09 = wire_messages_0_9(answers["0.9"])
    for partition, view in ((0, seen_08), (1, seen_08_p1)):
        for message in view:
            on_wire = wire_08[(partition, message["offset"])]
            assert (message["checksum"], message["id"]) == (on_wire["checksum"], str(on_wire["id"]))
    for partition, view in ((0, seen_09), (0, seen_09_early), (1, seen_09_p1)):
        for message in view:
            on_wire = wire_09[(partition, message["offset"])]
            assert message["partition_id"] == partition
            assert (message["checksum"], message["id"], message["timestamp"], message["origin_timestamp"]) == (
                on_wire["checksum"], str(on_wire["id"]), on_wire["base_timestamp"], on_wire["origin_timestamp"])
    # 0.8.0 shows neither headers nor origin timestamps; its wire answer carries the ones 0.9 sees.
    assert [official_headers(wire_08[(0, offset)]["headers"]) for offset in range(len(expected))] == [
        m["headers"] for m in seen_09]
    assert [wire_08[(0, offset)]["origin_timestamp"] for offset in range(len(expected))] == [
        m["origin_timestamp"] for m in seen_09]
