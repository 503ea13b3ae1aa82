"""Write the fixtures taken from the reference's test vectors (iggy-wire-0.8.md §7).

Each fixture's `source` is `reference: iggy-wire-0.8.md V<n>`: requests captured from the official
Node SDK 0.8.0 or Python client, responses accepted by them. (Commands the official Python client
cannot send are captured from the official Rust SDK by `capture_rust.py`.)

It also writes the fixtures of this server's own commands, which no official client can send: the example of each
(commands.toml [command.example]) framed by our encoder for every version the command has (`SOURCE_ENCODER`,
`SOURCE_V09_ENCODER`), so such a command needs no scenario and no code here.

Run: .venv/bin/python protocol-spec/recorder/reference_fixtures.py [--reference PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fixture_io import (  # noqa: E402
    SOURCE_ENCODER, SOURCE_V09_ENCODER, source_reference, write_fixture, write_fixture_v09,
)
from generator.spec import Command as SpecCommand  # noqa: E402
from generator.spec import load_spec, snake  # noqa: E402
from generator.values import Values  # noqa: E402

from iggy.protocol import framing  # noqa: E402
from iggy.protocol.codes import VSR_HEADER_SIZE, Command, HeaderCommand, Operation, ProtocolVersion  # noqa: E402
from iggy.protocol.frames import ReplyHeader, RequestHeader  # noqa: E402

DEFAULT_REFERENCE = Path(os.environ.get("IGGY_WIRE_REFERENCE", "/work/shared/reference/iggy-wire-0.8.md"))

_HEADING = re.compile(r"^#### (V\d+) (.*)$", re.M)
_BLOCK = re.compile(r"(Request|Response) frame \(\d+ bytes\):\s*```\s*([0-9a-f]+)\s*```", re.S)

# vector -> (command, fixture base name, which frames, note)
VECTORS: dict[str, tuple[Command, str, str, str | None]] = {
    "V0": (Command.GET_STREAMS, "get_streams_one", "response", None),
    "V13": (Command.POLL_MESSAGES, "poll_messages_first_with_checksums", "both",
            "Checksums are real XXH3-64 values over each frame minus its first 8 bytes."),
    "V26": (Command.SEND_MESSAGES, "send_messages_user_headers", "both",
            "Node SDK 0.8.0 writes origin_timestamp in milliseconds (a Node bug; Rust/Python write µs)."),
    "V27": (Command.SEND_MESSAGES, "send_messages_balanced", "request", None),
    "V28": (Command.SEND_MESSAGES, "send_messages_messages_key", "request", None),
    "V29": (Command.GET_STREAMS, "get_streams", "both", None),
    "V30": (Command.GET_STATS, "get_stats", "both", None),
    "V31": (Command.GET_ME, "get_me", "both", None),
    "V32": (Command.GET_CONSUMER_OFFSET, "get_consumer_offset", "both", None),
    "V33": (Command.GET_CONSUMER_GROUP, "get_consumer_group_four_partitions", "both", None),
    "V34": (Command.CREATE_USER, "create_user_global_permissions", "both", None),
    "V35": (Command.CREATE_USER, "create_user_without_permissions", "both",
            "Node SDK 0.8.0 appends 5 junk bytes; the 0.8 server ignores trailing bytes."),
    "V36": (Command.GET_USER, "get_user_root", "both", None),
    "V37": (Command.CREATE_PERSONAL_ACCESS_TOKEN, "create_personal_access_token", "both", None),
    "V38": (Command.GET_PERSONAL_ACCESS_TOKENS, "get_personal_access_tokens", "both", None),
    "V39": (Command.LOGOUT_USER, "logout_user", "both", None),
    "V40": (Command.GET_STREAMS, "get_streams_unauthenticated", "response", "Any command after logout answers 40."),
}


def load_vector_frames(reference: Path) -> dict[str, dict[str, bytes]]:
    text = reference.read_text(encoding="utf-8")
    section = text[text.index("## 7. Test vectors") : text.index("## 8. Verification record")]
    headings = list(_HEADING.finditer(section))
    frames: dict[str, dict[str, bytes]] = {}
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(section)
        body = section[heading.end() : end]
        found = {kind.lower(): bytes.fromhex(hexstr) for kind, hexstr in _BLOCK.findall(body)}
        if heading.group(1) == "V0":
            found = {
                "request": bytes.fromhex("04000000c9000000"),
                "response": bytes.fromhex(re.search(r"= `([0-9a-f]+)`", body).group(1)),
            }
        frames[heading.group(1)] = found
    return frames


def write_reference_fixtures(reference: Path) -> int:
    frames = load_vector_frames(reference)
    written = 0
    for vector, (command, name, which, note) in VECTORS.items():
        directions = ("request", "response") if which == "both" else (which,)
        for direction in directions:
            write_fixture(f"{name}_{direction}", command, direction, source_reference(vector),
                          frames[vector][direction], note)
            written += 1
    return written


# The 0.9 session an encoder fixture's frames belong to: a logged-in client's second request.
_V09_CLIENT_ID = 0x7000_0000_0000_0000_0000_0000_0000_0001


def _v09_frames(command: SpecCommand, body: bytes, reply_body: bytes) -> tuple[bytes, bytes]:
    """A NonReplicated request and its reply (checksums 0, as the official clients and the server leave them)."""
    if command.operation is not None:
        raise ValueError(f"{command.name}: an own command with a 0.9 operation ({command.operation}) is replicated; "
                         "its request and reply headers (result section) are not written here yet")
    v09 = ProtocolVersion.V0_9
    request = RequestHeader(
        checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(body), view=0, release=0,
        command=HeaderCommand.REQUEST, replica=0, client=_V09_CLIENT_ID, request_checksum=0, timestamp=0,
        request=2, operation=Operation.NON_REPLICATED, session=1, user_id=0, code=command.code)
    reply = ReplyHeader(
        checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(reply_body), view=0, release=0,
        command=HeaderCommand.REPLY, replica=0, request_checksum=0, context=0, client=_V09_CLIENT_ID, op=1,
        commit=1, timestamp=0, request=2, operation=Operation.NON_REPLICATED, status=0)
    return request.encode(v09) + body, reply.encode(v09) + reply_body


def write_encoder_fixtures() -> int:
    """The request and OK answer of every command with a commands.toml example, per version it has."""
    spec = load_spec()
    written = 0
    for command in (c for c in spec.commands if c.example is not None):
        stem, code = snake(command.name), Command(command.code)
        request, response = command.example["request"], command.example["response"]
        for version in spec.version_names:
            if not command.in_version(version):
                continue
            values = Values(spec.at(version))
            body = values.encode_request(command, request)
            reply_body = values.encode_response(command, response)
            if version == "0.8":
                write_fixture(f"{stem}_request", code, "request", SOURCE_ENCODER,
                              framing.encode_request(command.code, body))
                write_fixture(f"{stem}_response", code, "response", SOURCE_ENCODER,
                              framing.encode_response(0, reply_body))
            else:
                request_frame, reply_frame = _v09_frames(command, body, reply_body)
                write_fixture_v09(f"{stem}_request", code, "request", SOURCE_V09_ENCODER, request_frame)
                write_fixture_v09(f"{stem}_response", code, "response", SOURCE_V09_ENCODER, reply_frame)
            written += 2
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    print(f"{write_encoder_fixtures()} fixtures of this server's own commands written")
    if not args.reference.exists():
        print(f"reference {args.reference} not found: no reference-vector fixtures written", file=sys.stderr)
        return
    print(f"{write_reference_fixtures(args.reference)} fixtures written")


if __name__ == "__main__":
    main()
