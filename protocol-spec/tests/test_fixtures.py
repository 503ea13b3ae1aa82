"""Every byte fixture decodes to its `fields` and re-encodes to its exact bytes (generated codec and spec walker).

Fixtures live in protocol-spec/fixtures/<group>/<name>.json (written by protocol-spec/recorder).
"""

from __future__ import annotations

import base64
import dataclasses
import json
import sys
from pathlib import Path

import pytest

from iggy.protocol import framing
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol import responses as rs
from iggy.protocol.describe import to_fields
from iggy.protocol.kinds import ConsumerKind, PartitioningKind, PollingKind
from iggy.protocol.messages import Message, PolledMessages
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
)
from iggy.protocol.requests import REQUEST_TYPES
from iggy.protocol.responses import decode_response_body, encode_response_body

SPEC_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SPEC_ROOT))

from generator.spec import load_spec  # noqa: E402
from generator.values import Values  # noqa: E402

SPEC = load_spec().at("0.8")  # the 0.8 fixtures (fixtures/<group>/); 0.9: test_fixtures_v09.py
VALUES = Values(SPEC)
FIXTURES_DIR = SPEC_ROOT / "fixtures"
GROUPS = tuple(sorted({command.area for command in SPEC.commands}))  # the fixture folders (commands.toml `area`)
CAPTURED = "captured: apache-iggy==0.8.0 via protocol-spec/recorder"
REQUIRED_CAPTURED_REQUESTS = {
    Command.PING, Command.LOGIN_USER, Command.CREATE_STREAM, Command.CREATE_TOPIC, Command.SEND_MESSAGES,
    Command.POLL_MESSAGES, Command.STORE_CONSUMER_OFFSET, Command.JOIN_CONSUMER_GROUP,
}
CAPTURED_RUST_REQUEST = "captured: iggy 0.10.0 (crates.io, the official Rust SDK) via protocol-spec/recorder/proxy.py"
CAPTURED_RUST_RESPONSE = "captured: response of our server to iggy 0.10.0"
# This project's additions to the 0.8 protocol (no official client produces them).
EXTENSION = "extension: laid out by hand from spec/structs.toml"
# This server's own commands (commands.toml example), which no official client sends: recorder/reference_fixtures.py.
SOURCE_ENCODER = "encoder: iggy.protocol"
FIXTURE_KEYS = {"name", "group", "command", "code", "direction", "source", "fields", "hex"}
OPTIONAL_KEYS = {"ignored_trailing_hex", "note"}


def _load_all() -> list[tuple[Path, dict]]:
    return [(path, json.loads(path.read_text(encoding="utf-8"))) for path in sorted(FIXTURES_DIR.glob("*/*.json"))]


FIXTURES = _load_all()


def _ids() -> list[str]:
    return [f"{path.parent.name}/{path.stem}" for path, _ in FIXTURES]


def test_fixtures_exist_for_every_group_in_both_directions():
    seen = {(fixture["group"], fixture["direction"]) for _, fixture in FIXTURES}
    missing = [(group, direction) for group in GROUPS for direction in ("request", "response")
               if (group, direction) not in seen]
    assert not missing, f"groups without fixtures: {missing}"


def test_every_command_has_a_request_and_a_response_fixture():
    """Read from the spec: a new command needs its bytes shown before its codec counts as tested."""
    for direction in ("request", "response"):
        covered = {fixture["code"] for _, fixture in FIXTURES if fixture["direction"] == direction}
        missing = [command.name for command in SPEC.commands if command.code not in covered]
        assert not missing, f"commands without a {direction} fixture: {missing}"


def test_required_requests_are_captured_from_the_official_client():
    captured = {Command(f["code"]) for _, f in FIXTURES if f["direction"] == "request" and f["source"] == CAPTURED}
    assert REQUIRED_CAPTURED_REQUESTS <= captured, sorted(c.name for c in REQUIRED_CAPTURED_REQUESTS - captured)
    two_message_sends = [
        f for _, f in FIXTURES
        if f["source"] == CAPTURED and f["code"] == Command.SEND_MESSAGES and f["direction"] == "request"
        and len(f["fields"]["messages"]) == 2
    ]
    assert two_message_sends, "a captured SendMessages with two messages is required"
    offset_polls = [
        f for _, f in FIXTURES
        if f["source"] == CAPTURED and f["code"] == Command.POLL_MESSAGES and f["direction"] == "request"
        and f["fields"]["strategy"]["kind"] == 1
    ]
    assert offset_polls, "a captured PollMessages with the offset strategy is required"


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=_ids())
def test_fixture_metadata(path: Path, fixture: dict):
    assert FIXTURE_KEYS <= fixture.keys() <= FIXTURE_KEYS | OPTIONAL_KEYS
    assert fixture["name"] == path.stem
    assert fixture["group"] == path.parent.name
    assert fixture["group"] in GROUPS
    assert Command[fixture["command"]] == fixture["code"]
    assert fixture["direction"] in ("request", "response")
    expected_rust_source = CAPTURED_RUST_REQUEST if fixture["direction"] == "request" else CAPTURED_RUST_RESPONSE
    if SPEC.command(fixture["code"]).example is not None:  # this server's own command: its example, encoded
        assert fixture["source"] == SOURCE_ENCODER
        return
    assert fixture["source"] in (CAPTURED, expected_rust_source, EXTENSION) or (
        fixture["source"].startswith("reference: iggy-wire-0.8.md V")
    )


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=_ids())
def test_generated_python_codec_decodes_to_fields_and_reencodes_exactly(path: Path, fixture: dict):
    """The golden test of the generated Python codec (iggy.protocol.requests / responses)."""
    frame = bytes.fromhex(fixture["hex"])
    command = Command(fixture["code"])
    if fixture["direction"] == "request":
        length, code = framing.decode_request_header(frame)
        assert code == command
        assert length == len(frame) - 4
        request = REQUEST_TYPES[command].decode(frame[framing.REQUEST_HEADER_SIZE :])
        assert to_fields(request) == fixture["fields"]
        expected = frame
        trailing = bytes.fromhex(fixture.get("ignored_trailing_hex", ""))
        if trailing:
            assert frame.endswith(trailing)
            expected = frame[: len(frame) - len(trailing)]
            expected = (len(expected) - 4).to_bytes(4, "little") + expected[4:]
        assert framing.encode_request(code, request.encode()) == expected
        return
    status, length = framing.decode_response_header(frame)
    assert length == len(frame) - framing.RESPONSE_HEADER_SIZE
    if status != 0:
        assert ErrorCode(status) and length == 0 and fixture["fields"] is None
        assert framing.encode_response(status) == frame
        return
    body = decode_response_body(command, frame[framing.RESPONSE_HEADER_SIZE :])
    assert to_fields(body) == fixture["fields"]
    assert framing.encode_response(0, encode_response_body(command, body)) == frame


def _from_fields(field, value):
    """A generated-codec value built from the `fields` form, led by the spec's field type (the reverse of
    describe.to_fields), so the golden test can encode from `fields` too."""
    if value is None:
        return None
    if field.repeat is not None:
        single = dataclasses.replace(field, repeat=None)
        return tuple(_from_fields(single, item) for item in value)
    kind = field.type
    if kind == "bytes":
        return base64.b64decode(value)
    if kind == "identifier":
        return Identifier.parse(value)
    if kind == "consumer":
        return Consumer(ConsumerKind(value["kind"]), Identifier.parse(value["id"]))
    if kind == "polling_strategy":
        return PollingStrategy(PollingKind(value["kind"]), value["value"])
    if kind == "partitioning":
        return Partitioning(PartitioningKind(value["kind"]), base64.b64decode(value["value"]))
    if kind == "permissions":
        return _permissions(value)
    if kind == "message":
        headers = b"".join(
            VALUES.encode_record(SPEC.record("user_header").fields, header) for header in value["user_headers"]
        )
        return Message(base64.b64decode(value["payload"]), id=value["id"], offset=value["offset"],
                       timestamp_us=value["timestamp"], origin_timestamp_us=value["origin_timestamp"],
                       checksum=value["checksum"], user_headers_bytes=headers)
    if kind in SPEC.structs:
        return _record_from_fields(kind, SPEC.structs[kind].fields, value)
    return value


def _record_from_fields(type_name, fields, value):
    if type_name == "PolledMessages":
        messages = [_from_fields(dataclasses.replace(f, repeat=None), m) for f in fields if f.name == "messages"
                    for m in value["messages"]]
        return PolledMessages(value["partition_id"], value["current_offset"], value["messages_count"], messages)
    by_name = {f.name: f for f in fields}
    return getattr(rs, type_name)(**{name: _from_fields(by_name[name], item) for name, item in value.items()})


def _permissions(value):
    flags = {name: item for name, item in value.items() if name != "streams"}
    streams = {}
    for stream in value["streams"] or ():
        topics = {t["topic_id"]: TopicPermissions(**{k: v for k, v in t.items() if k != "topic_id"})
                  for t in stream["topics"] or ()}
        stream_flags = {k: v for k, v in stream.items() if k not in ("stream_id", "topics")}
        streams[stream["stream_id"]] = StreamPermissions(**stream_flags, topics=topics)
    return Permissions(GlobalPermissions(**flags), streams)


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=_ids())
def test_generated_python_codec_encodes_fields_to_the_exact_bytes(path: Path, fixture: dict):
    """The reverse direction of the golden test: objects built from `fields` encode to the fixture's bytes."""
    frame = bytes.fromhex(fixture["hex"])
    command = SPEC.command(fixture["code"])
    if fixture["direction"] == "request":
        trailing = bytes.fromhex(fixture.get("ignored_trailing_hex", ""))
        by_name = {f.name: f for f in command.request}
        request = REQUEST_TYPES[Command(command.code)](
            **{name: _from_fields(by_name[name], item) for name, item in fixture["fields"].items()}
        )
        assert request.encode() == frame[framing.REQUEST_HEADER_SIZE : len(frame) - len(trailing)]
        return
    body = frame[framing.RESPONSE_HEADER_SIZE :]
    if fixture["fields"] is None:
        assert encode_response_body(command.code, None) == body
        return
    if command.response == "inline":
        value = _record_from_fields(f"{command.name}Response", command.response_fields, fixture["fields"])
    elif command.response_repeat == "to_end":
        record = SPEC.structs[command.response]
        value = [_record_from_fields(record.name, record.fields, item) for item in fixture["fields"]]
    else:
        value = _record_from_fields(command.response, SPEC.structs[command.response].fields, fixture["fields"])
    assert encode_response_body(command.code, value) == body


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=_ids())
def test_fixture_fields_decode_from_and_encode_to_the_exact_bytes(path: Path, fixture: dict):
    """decode(hex) == fields and encode(fields) == hex, through the spec's value form (generator/values.py)."""
    spec = SPEC
    values = VALUES
    command = spec.command(fixture["code"])
    frame = bytes.fromhex(fixture["hex"])
    if fixture["direction"] == "request":
        trailing = bytes.fromhex(fixture.get("ignored_trailing_hex", ""))
        payload = frame[framing.REQUEST_HEADER_SIZE : len(frame) - len(trailing)]
        decoded, consumed = values.decode_request(command, payload)
        assert consumed == len(payload)
        assert decoded == fixture["fields"]
        assert values.encode_request(command, fixture["fields"]) == payload
        return
    status, length = framing.decode_response_header(frame)
    body = frame[framing.RESPONSE_HEADER_SIZE :]
    if status != 0:
        assert fixture["fields"] is None and not body
        return
    assert values.decode_response(command, body) == fixture["fields"]
    assert values.encode_response(command, fixture["fields"]) == body


def _data_fields_of(command) -> list[str]:
    """The spec's user-data request fields: derived bytes (role set), counts that another field
    repeats by or sizes by, and the SendMessages index table (computed from the frames) are excluded."""
    referenced = {f.repeat for f in command.request if f.repeat} | {
        f.size for f in command.request if isinstance(f.size, str)
    }
    return [
        f.name for f in command.request
        if f.is_data and f.name not in referenced and f.type != "index_entry"
    ]


def _load_spec():
    return load_spec()


def test_request_dataclass_fields_match_the_spec():
    spec = _load_spec()
    mismatches = []
    spec_codes = set()
    for command in spec.commands:
        spec_codes.add(command.code)
        request_type = REQUEST_TYPES[Command(command.code)]
        ours = [field.name for field in dataclasses.fields(request_type)]
        theirs = _data_fields_of(command)
        if ours != theirs:
            mismatches.append(f"{command.name}: codec {ours} != spec {theirs}")
    assert not mismatches, "\n".join(mismatches)
    assert spec_codes == {int(code) for code in REQUEST_TYPES}
