"""The spec's layouts decode real traffic: every captured request and OK response walks to exactly its end.

Frames come from the verified reference captures (official Python and Node clients). A spec field in the wrong
order, with the wrong width, or missing would leave bytes over or run past the end here.
"""

import json
import struct
import sys
from pathlib import Path

import pytest

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator.spec import load_spec  # noqa: E402
from generator.walk import WalkError, decode_fields, decode_request, decode_response  # noqa: E402

SPEC = load_spec().at("0.8")  # the 0.8 captures and payloads (0.9: test_fixtures_v09.py)
CAPTURES = PROTOCOL_SPEC.parent.parent / "shared" / "reference" / "iggy-wire-0.8-captures.jsonl"

# Node SDK 0.8.0 appends junk the server ignores (reference §8.5 item 5): command -> extra trailing bytes.
NODE_TRAILING_JUNK_BYTES = {"CreateUser": 5, "DeleteTopic": 4}


def _exchanges():
    if not CAPTURES.exists():
        pytest.skip(f"reference captures not found at {CAPTURES}")
    rows = [json.loads(line) for line in CAPTURES.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [row for row in rows if "code" in row]


def _split_request(frame: bytes) -> tuple[int, bytes]:
    length, code = struct.unpack_from("<II", frame)
    assert length == len(frame) - 4
    return code, frame[8:]


def test_captures_cover_nearly_every_command():
    covered = {row["code"] for row in _exchanges()}
    # Not captured: GetSnapshot, and this server's own commands (commands.toml example), which no Iggy client has.
    uncaptured = {SPEC.command("GetSnapshot").code} | {c.code for c in SPEC.commands if c.example is not None}
    assert {c.code for c in SPEC.commands} - covered == uncaptured


def test_every_accepted_request_decodes_exactly():
    checked = 0
    for row in _exchanges():
        code, payload = _split_request(bytes.fromhex(row["req_hex"]))
        command = SPEC.command(code)
        if row["status"] == 3:  # the server itself rejected it as malformed (Node's permissions bug)
            continue
        _, consumed = decode_request(SPEC, command, payload)
        leftover = len(payload) - consumed
        assert leftover in (0, NODE_TRAILING_JUNK_BYTES.get(command.name, 0)), (command.name, row["seq"])
        checked += 1
    assert checked > 100


def test_every_ok_response_decodes_exactly():
    for row in _exchanges():
        frame = bytes.fromhex(row["resp_hex"])
        status, length = struct.unpack_from("<II", frame)
        body = frame[8:]
        assert length == len(body)
        if status != 0:
            assert body == b"", "an error never carries a body"
            continue
        command = SPEC.command(row["code"])
        _, consumed = decode_response(SPEC, command, body)
        assert consumed == len(body), (command.name, row["seq"])


def test_node_per_stream_permissions_without_chain_flags_do_not_decode():
    # The one request the server rejected (3): the spec's chained layout must reject it too.
    rejected = [row for row in _exchanges() if row["code"] == 33 and row["status"] == 3]
    assert rejected
    _, payload = _split_request(bytes.fromhex(rejected[0]["req_hex"]))
    with pytest.raises(WalkError):
        decode_request(SPEC, SPEC.command("CreateUser"), payload)


def test_permissions_with_streams_and_topics_follow_the_chain():
    glob = bytes([1, 0] * 5)
    topic_a = struct.pack("<I", 7) + bytes([1, 1, 0, 0]) + b"\x01"  # has_next_topic = 1
    topic_b = struct.pack("<I", 9) + bytes([0, 1, 1, 0]) + b"\x00"
    stream = struct.pack("<I", 3) + bytes([0, 1, 0, 1, 1, 0]) + b"\x01" + topic_a + topic_b + b"\x00"
    block = glob + b"\x01" + stream
    assert len(block) == 11 + 12 + 9 * 2  # reference: 11 + (12 + 9 x topics) per stream
    values, consumed = decode_fields(SPEC, SPEC.record("permissions").fields, block)
    assert consumed == len(block)
    assert [t["topic_id"] for t in values["streams"][0]["topics"]] == [7, 9]


def test_poll_response_decodes_messages_with_their_header_fields():
    row = next(r for r in _exchanges() if r["code"] == 100 and len(r["resp_hex"]) > 200)
    values, _ = decode_response(SPEC, SPEC.command("PollMessages"), bytes.fromhex(row["resp_hex"])[8:])
    assert values["messages_count"] == len(values["messages"])
    assert all(m["reserved"] == 0 and len(m["payload"]) == m["payload_length"] for m in values["messages"])
