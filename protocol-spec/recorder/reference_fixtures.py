"""Write the fixtures taken from the reference's test vectors (iggy-wire-0.8.md §7).

Each fixture's `source` is `reference: iggy-wire-0.8.md V<n>`: requests captured from the official
Node SDK 0.8.0 or Python client, responses accepted by them. (Commands the official Python client
cannot send are captured from the official Rust SDK by `capture_rust.py`.)

Run: .venv/bin/python protocol-spec/recorder/reference_fixtures.py [--reference PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixture_io import source_reference, write_fixture  # noqa: E402

from iggy.protocol.codes import Command  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    if not args.reference.exists():
        print(f"reference {args.reference} not found: no reference-vector fixtures written", file=sys.stderr)
        return
    print(f"{write_reference_fixtures(args.reference)} fixtures written")


if __name__ == "__main__":
    main()
