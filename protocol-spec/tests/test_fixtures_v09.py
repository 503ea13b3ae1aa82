"""Every Iggy 0.9 fixture (protocol-spec/fixtures/v0_9/<group>/) decodes to its header, result and `fields` and
re-encodes to its exact bytes, with the generated Python codec and with the spec walker (generator/values.py).

A 0.9 fixture holds one whole frame (the 256-byte header included) in `hex`, and `frame`: request, reply or
eviction. A reply's `result` is its result section when its operation is result-framed (a list of
`{index, result}`, empty on success; null otherwise), `fields` the body after it (null for a failure).
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import pytest

from iggy.protocol.codes import (
    COMMANDS_BY_VERSION,
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    Command,
    Operation,
    ProtocolVersion,
)
from iggy.protocol.describe import to_fields
from iggy.protocol.frames import EvictionHeader, ReplyHeader, RequestHeader
from iggy.protocol.requests import REQUEST_TYPES
from iggy.protocol.responses import decode_response_body, encode_response_body

SPEC_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SPEC_ROOT))

from generator.spec import load_spec  # noqa: E402
from generator.values import Values  # noqa: E402

sys.path.insert(0, str(SPEC_ROOT / "recorder"))

from fixture_io import (  # noqa: E402
    SOURCE_V09_ENCODER,
    SOURCE_V09_PYTHON_REQUEST,
    SOURCE_V09_PYTHON_RESPONSE,
    SOURCE_V09_RUST_REQUEST,
    SOURCE_V09_RUST_RESPONSE,
)

V0_9 = ProtocolVersion.V0_9
SPEC = load_spec().at("0.9")
VALUES = Values(SPEC)
FIXTURES_DIR = SPEC_ROOT / "fixtures" / "v0_9"
KEYS = {"name", "group", "command", "code", "direction", "protocol", "source", "frame", "header", "result", "fields",
        "hex"}
SOURCES = {
    "request": {SOURCE_V09_PYTHON_REQUEST, SOURCE_V09_RUST_REQUEST},
    "response": {SOURCE_V09_PYTHON_RESPONSE, SOURCE_V09_RUST_RESPONSE},
}
_U32 = struct.Struct("<I")


def _load() -> list[tuple[Path, dict]]:
    return [(path, json.loads(path.read_text(encoding="utf-8"))) for path in sorted(FIXTURES_DIR.glob("*/*.json"))]


FIXTURES = _load()
IDS = [f"{path.parent.name}/{path.stem}" for path, _ in FIXTURES]


def test_every_0_9_command_has_a_request_and_a_response_fixture():
    for direction in ("request", "response"):
        covered = {Command(f["code"]) for _, f in FIXTURES if f["direction"] == direction}
        missing = COMMANDS_BY_VERSION[V0_9] - covered
        assert not missing, f"{direction}: missing {sorted(c.name for c in missing)}"


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=IDS)
def test_fixture_metadata(path: Path, fixture: dict):
    assert set(fixture) == KEYS
    assert fixture["name"] == path.stem and fixture["group"] == path.parent.name
    assert Command[fixture["command"]] == fixture["code"] and fixture["protocol"] == "0.9"
    # This server's own commands (commands.toml example) have encoder fixtures, and only they do.
    own = SPEC.command(fixture["code"]).example is not None
    assert fixture["source"] == SOURCE_V09_ENCODER if own else fixture["source"] in SOURCES[fixture["direction"]]
    frame = bytes.fromhex(fixture["hex"])
    assert len(frame) >= VSR_HEADER_SIZE and _U32.unpack_from(frame, 48)[0] == len(frame)
    assert fixture["frame"] == ("request" if fixture["direction"] == "request" else fixture["frame"])


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=IDS)
def test_generated_codec_decodes_and_reencodes_the_frame(path: Path, fixture: dict):
    frame = bytes.fromhex(fixture["hex"])
    header_bytes, body = frame[:VSR_HEADER_SIZE], frame[VSR_HEADER_SIZE:]
    command = Command(fixture["code"])
    kind = fixture["frame"]
    header_type = {"request": RequestHeader, "reply": ReplyHeader, "eviction": EvictionHeader}[kind]
    header = header_type.decode(header_bytes, V0_9)
    assert to_fields(header, V0_9) == fixture["header"]
    assert header.encode(V0_9) == header_bytes
    if kind == "request":
        request = REQUEST_TYPES[command].decode(body, V0_9)
        assert to_fields(request, V0_9) == fixture["fields"]
        assert request.encode(V0_9) == body
        return
    if kind == "eviction":
        assert body == b"" and fixture["fields"] is None
        return
    if fixture["result"] is not None:
        assert header.operation in RESULT_FRAMED_OPERATIONS
        count = _U32.unpack_from(body, 0)[0]
        assert count == len(fixture["result"])
        section = _U32.pack(count) + b"".join(_U32.pack(e["index"]) + _U32.pack(e["result"]) for e in fixture["result"])
        assert body.startswith(section)
        body = body[len(section):]
    else:
        assert header.operation not in RESULT_FRAMED_OPERATIONS or header.status != 0 or (
            header.operation == Operation.REGISTER and not body)
    if fixture["fields"] is None:
        assert body == b"" or header.status != 0
        return
    value = decode_response_body(command, body, V0_9)
    assert to_fields(value, V0_9) == fixture["fields"]
    assert encode_response_body(command, value, V0_9) == body


@pytest.mark.parametrize(("path", "fixture"), FIXTURES, ids=IDS)
def test_spec_walker_agrees(path: Path, fixture: dict):
    """The second implementation (generator/values.py, walking spec.at("0.9")) reads the same values."""
    frame = bytes.fromhex(fixture["hex"])
    header_bytes, body = frame[:VSR_HEADER_SIZE], frame[VSR_HEADER_SIZE:]
    record = {"request": "RequestHeader", "reply": "ReplyHeader", "eviction": "EvictionHeader"}[fixture["frame"]]
    header, consumed = VALUES.decode_record(SPEC.frames[record].fields, header_bytes, 0)
    assert header == fixture["header"] and consumed == VSR_HEADER_SIZE
    assert VALUES.encode_record(SPEC.frames[record].fields, header) == header_bytes
    command = SPEC.command(fixture["code"])
    if fixture["direction"] == "request":
        fields, consumed = VALUES.decode_request(command, body)
        assert fields == fixture["fields"] and consumed == len(body)
        assert VALUES.encode_request(command, fields) == body
    elif fixture["fields"] is not None:
        if fixture["result"] is not None:
            body = body[4 + 8 * len(fixture["result"]):]
        assert VALUES.decode_response(command, body) == fixture["fields"]
        assert VALUES.encode_response(command, fixture["fields"]) == body
