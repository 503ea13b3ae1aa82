"""Write byte fixtures (protocol-spec/fixtures/<group>/<name>.json).

A fixture is one full frame (8-byte header included) plus its decoded `fields` (the language-neutral value
form, protocol-spec/README.md). The bytes are the source of truth: `fields` is always derived from them here
by the generated codec, never written by hand, and the fixture tests decode and re-encode both ways.

Run `python protocol-spec/recorder/fixture_io.py` to re-derive `fields` of every fixture from its hex.
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path
from typing import Any

from iggy.protocol import framing
from iggy.protocol.codes import (
    RESULT_FRAMED_OPERATIONS,
    VSR_HEADER_SIZE,
    Command,
    HeaderCommand,
    Operation,
    ProtocolVersion,
)
from iggy.protocol.describe import to_fields
from iggy.protocol.frames import EvictionHeader, ReplyHeader, RequestHeader
from iggy.protocol.requests import REQUEST_TYPES
from iggy.protocol.responses import decode_response_body

SPEC_ROOT = Path(__file__).resolve().parent.parent
FIXTURES_DIR = SPEC_ROOT / "fixtures"
sys.path.insert(0, str(SPEC_ROOT))
from generator.spec import load_spec  # noqa: E402  (protocol-spec/ is not a package on the path)

SOURCE_CAPTURED = "captured: apache-iggy==0.8.0 via protocol-spec/recorder"
# Frames built by our own codec: the label for a command no official client can send (none today).
SOURCE_ENCODER = "encoder: iggy.protocol"
SOURCE_RUST_REQUEST = "captured: iggy 0.10.0 (crates.io, the official Rust SDK) via protocol-spec/recorder/proxy.py"
SOURCE_RUST_RESPONSE = "captured: response of our server to iggy 0.10.0"
# Iggy 0.9 (protocol-spec/fixtures/v0_9/<group>/): requests from the official clients, replies from our server.
FIXTURES_V09_DIR = FIXTURES_DIR / "v0_9"
SOURCE_V09_PYTHON_REQUEST = "captured: apache-iggy==0.9.0 via protocol-spec/recorder/proxy.py"
SOURCE_V09_PYTHON_RESPONSE = "captured: response of our server to apache-iggy==0.9.0"
SOURCE_V09_RUST_REQUEST = "captured: iggy 0.11.0 (crates.io, the official Rust SDK) via protocol-spec/recorder/proxy.py"
SOURCE_V09_RUST_RESPONSE = "captured: response of our server to iggy 0.11.0"
# This server's own commands, which no official client sends: their commands.toml example framed by our encoder.
SOURCE_V09_ENCODER = "encoder: iggy.protocol (0.9 framing)"
V0_9 = ProtocolVersion.V0_9
_U32 = struct.Struct("<I")


def source_reference(vector: str) -> str:
    return f"reference: iggy-wire-0.8.md {vector}"


# The fixture folder of each command: its `area` in spec/commands.toml.
GROUP_OF: dict[Command, str] = {Command(command.code): command.area for command in load_spec().commands}


def request_trailing(frame: bytes) -> tuple[Command, bytes]:
    """(command, trailing bytes the codec ignores) of a full request frame."""
    length, code = framing.decode_request_header(frame)
    command = Command(code)
    payload = frame[framing.REQUEST_HEADER_SIZE : 4 + length]
    canonical = REQUEST_TYPES[command].decode(payload).encode()
    trailing = payload[len(canonical) :] if payload.startswith(canonical) else b""
    return command, trailing


def frame_fields(code: int, direction: str, frame: bytes, trailing: bytes = b"") -> Any:
    """The `fields` of a full frame, decoded by the generated codec: request fields, or the OK body's fields
    (None for an error answer). The spec-walking codec (generator/values.py) must agree: the tests check both."""
    command = Command(code)
    if direction == "request":
        payload = frame[framing.REQUEST_HEADER_SIZE : len(frame) - len(trailing)]
        return to_fields(REQUEST_TYPES[command].decode(payload))
    status, length = framing.decode_response_header(frame)
    if status != 0:
        return None
    body = frame[framing.RESPONSE_HEADER_SIZE : framing.RESPONSE_HEADER_SIZE + length]
    return to_fields(decode_response_body(command, body))


def refresh_fields(path: Path) -> None:
    """Re-derive the `fields` of one fixture file from its hex, keeping every other key and the key order."""
    fixture = json.loads(path.read_text(encoding="utf-8"))
    trailing = bytes.fromhex(fixture.get("ignored_trailing_hex", ""))
    fields = frame_fields(fixture["code"], fixture["direction"], bytes.fromhex(fixture["hex"]), trailing)
    ordered: dict[str, Any] = {}
    for key, value in fixture.items():
        if key == "fields":
            continue
        if key == "hex":
            ordered["fields"] = fields
        ordered[key] = value
    path.write_text(json.dumps(ordered, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_fixture(
    name: str, command: Command, direction: str, source: str, frame: bytes, note: str | None = None
) -> Path:
    trailing = b""
    if direction == "request":
        frame_command, trailing = request_trailing(frame)
        if frame_command != command:
            raise ValueError(f"{name}: frame carries {frame_command.name}, expected {command.name}")
    fixture: dict[str, Any] = {
        "name": name,
        "group": GROUP_OF[command],
        "command": command.name,
        "code": int(command),
        "direction": direction,
        "source": source,
        "fields": frame_fields(int(command), direction, frame, trailing),
        "hex": frame.hex(),
    }
    if trailing:
        fixture["ignored_trailing_hex"] = trailing.hex()
    if note:
        fixture["note"] = note
    path = FIXTURES_DIR / fixture["group"] / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fixture, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# --- Iggy 0.9 -----------------------------------------------------------------------------------------------


def frame_fields_v09(code: int, direction: str, frame: bytes) -> dict[str, Any]:
    """The decoded parts of a full 0.9 frame, by the generated codec: `frame` (request, reply or eviction), the
    header's fields, the result section of a result-framed reply (a list of `{index, result}`, empty on success;
    None where the reply has none) and the body's `fields` (None for a failure or an eviction)."""
    command = Command(code)
    header_bytes, body = frame[:VSR_HEADER_SIZE], frame[VSR_HEADER_SIZE:]
    if direction == "request":
        header = RequestHeader.decode(header_bytes, V0_9)
        fields = to_fields(REQUEST_TYPES[command].decode(body, V0_9), V0_9)
        return {"frame": "request", "header": to_fields(header, V0_9), "result": None, "fields": fields}
    if header_bytes[60] == HeaderCommand.EVICTION:
        eviction = EvictionHeader.decode(header_bytes, V0_9)
        return {"frame": "eviction", "header": to_fields(eviction, V0_9), "result": None, "fields": None}
    reply = ReplyHeader.decode(header_bytes, V0_9)
    described = {"frame": "reply", "header": to_fields(reply, V0_9), "result": None, "fields": None}
    if reply.status != 0:
        return described
    framed = reply.operation in RESULT_FRAMED_OPERATIONS and not (reply.operation == Operation.REGISTER and not body)
    if framed:
        (count,) = _U32.unpack_from(body, 0)
        entries = [{"index": _U32.unpack_from(body, 4 + 8 * i)[0], "result": _U32.unpack_from(body, 8 + 8 * i)[0]}
                   for i in range(count)]
        described["result"] = entries
        if count:
            return described
        body = body[4:]
    described["fields"] = to_fields(decode_response_body(command, body, V0_9), V0_9)
    return described


def write_fixture_v09(name: str, command: Command, direction: str, source: str, frame: bytes) -> Path:
    """A 0.9 fixture: protocol-spec/fixtures/v0_9/<group>/<name>.json (the whole frame in `hex`, header included)."""
    fixture: dict[str, Any] = {
        "name": name,
        "group": GROUP_OF[command],
        "command": command.name,
        "code": int(command),
        "direction": direction,
        "protocol": "0.9",
        "source": source,
        **frame_fields_v09(int(command), direction, frame),
        "hex": frame.hex(),
    }
    path = FIXTURES_V09_DIR / fixture["group"] / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fixture, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def refresh_fields_v09(path: Path) -> None:
    fixture = json.loads(path.read_text(encoding="utf-8"))
    derived = frame_fields_v09(fixture["code"], fixture["direction"], bytes.fromhex(fixture["hex"]))
    ordered = {key: value for key, value in fixture.items() if key not in derived and key != "hex"}
    path.write_text(json.dumps({**ordered, **derived, "hex": fixture["hex"]}, indent=2, ensure_ascii=False) + "\n",
                    encoding="utf-8")


if __name__ == "__main__":
    for fixture_path in sorted(FIXTURES_DIR.glob("*/*.json")):
        refresh_fields(fixture_path)
    for fixture_path in sorted(FIXTURES_V09_DIR.glob("*/*.json")):
        refresh_fields_v09(fixture_path)
