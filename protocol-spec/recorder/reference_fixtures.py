"""Write the fixtures the official Python client cannot produce.

Two honest sources, recorded in each fixture's `source`:
* `reference: iggy-wire-0.8.md V<n>` — frames from the reference's test vectors (§7; requests
  captured from the official Node SDK 0.8.0 or Python client, responses accepted by them);
* `encoder: iggy.protocol` — frames built by our own codec for commands no official client run
  covered (layouts from reference §3; these check self-consistency, not interoperability).

Run: .venv/bin/python protocol-spec/recorder/reference_fixtures.py [--reference PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fixture_io import SOURCE_ENCODER, source_reference, write_fixture  # noqa: E402

from iggy.protocol import framing  # noqa: E402
from iggy.protocol import requests as rq  # noqa: E402
from iggy.protocol import responses as rs  # noqa: E402
from iggy.protocol.codes import Command  # noqa: E402
from iggy.protocol.primitives import (  # noqa: E402
    GlobalPermissions,
    Identifier,
    Permissions,
    StreamPermissions,
    TopicPermissions,
)

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


def _ok(body: bytes = b"") -> bytes:
    return framing.encode_response(0, body)


def _request_frame(request: rq.Request) -> bytes:
    return framing.encode_request(request.CODE, request.encode())


SCOPED_PERMISSIONS = Permissions(
    GlobalPermissions(read_servers=True, read_users=True),
    {
        1: StreamPermissions(read_stream=True, poll_messages=True, topics={
            0: TopicPermissions(read_topic=True, poll_messages=True),
            2: TopicPermissions(manage_topic=True, send_messages=True),
        }),
        4: StreamPermissions(manage_stream=True),
    },
)

CREATED_AT_US = 1_795_303_256_378_245


def encoder_fixtures() -> list[tuple[str, Command, str, bytes, str | None]]:
    s1, t1 = Identifier.named("s1"), Identifier.named("t1")
    stream0, topic1 = Identifier.numeric(0), Identifier.numeric(1)
    requests_: list[tuple[str, rq.Request, bytes, str | None]] = [
        ("get_snapshot", rq.GetSnapshot(compression=2, snapshot_types=(1, 3, 6)), b"",
         "Response: raw ZIP bytes (not shown)."),
        ("get_client", rq.GetClient(client_id=1077227916), rs.ClientDetails(
            1077227916, 0, 1, "127.0.0.1:47532", 0, ()).encode(), None),
        ("get_clients", rq.GetClients(), rs.ClientInfo.encode_list([
            rs.ClientInfo(1077227916, 0, 1, "127.0.0.1:47532", 1),
            rs.ClientInfo(1392565928, 0xFFFF_FFFF, 1, "127.0.0.1:47506", 0),
        ]), "The second client is connected but not logged in (user_id u32::MAX)."),
        ("get_users", rq.GetUsers(), rs.UserHeader.encode_list([
            rs.UserHeader(0, CREATED_AT_US, 1, "iggy"), rs.UserHeader(1, CREATED_AT_US + 1, 2, "reader"),
        ]), None),
        ("create_user_scoped_permissions",
         rq.CreateUser("reader", "secret1", 1, SCOPED_PERMISSIONS),
         rs.UserDetails(1, CREATED_AT_US, 1, "reader", SCOPED_PERMISSIONS).encode(),
         "Per-stream and per-topic permissions with has_next_topic / has_next_stream bytes (Rust/Go layout)."),
        ("delete_user", rq.DeleteUser(Identifier.named("reader")), b"", None),
        ("update_user", rq.UpdateUser(Identifier.numeric(1), "reader2", 2), b"", None),
        ("update_user_status_only", rq.UpdateUser(Identifier.numeric(1), None, 1), b"", None),
        ("update_permissions", rq.UpdatePermissions(Identifier.numeric(1), SCOPED_PERMISSIONS), b"", None),
        ("update_permissions_clear", rq.UpdatePermissions(Identifier.numeric(1), None), b"", None),
        ("change_password", rq.ChangePassword(Identifier.named("reader"), "secret1", "secret2"), b"", None),
        ("delete_personal_access_token", rq.DeletePersonalAccessToken("tok1"), b"", None),
        ("flush_unsaved_buffer", rq.FlushUnsavedBuffer(s1, t1, 0, True), b"", None),
        ("update_stream", rq.UpdateStream(stream0, "s1-renamed"), b"", None),
        ("delete_stream", rq.DeleteStream(s1), b"", None),
        ("purge_stream", rq.PurgeStream(stream0), b"", None),
        ("get_topics", rq.GetTopics(s1), rs.TopicHeader.encode_list([
            rs.TopicHeader(0, CREATED_AT_US, 3, 3_600_000_000, 2, 2 * 1024**3, 1, 409, 6, "t1"),
            rs.TopicHeader(1, CREATED_AT_US + 5, 1, rs.NEVER_EXPIRE, 1, rs.UNLIMITED_SIZE, 1, 0, 0, "t2"),
        ]), None),
        ("update_topic", rq.UpdateTopic(s1, t1, 1, rs.NEVER_EXPIRE, 0, 1, "t1"), b"", None),
        ("delete_topic", rq.DeleteTopic(s1, topic1), b"", None),
        ("purge_topic", rq.PurgeTopic(s1, t1), b"", None),
        ("create_partitions", rq.CreatePartitions(s1, t1, 2), b"", None),
        ("delete_partitions", rq.DeletePartitions(s1, t1, 1), b"", None),
        ("delete_segments", rq.DeleteSegments(s1, t1, 0, 1), b"", None),
        ("get_consumer_groups", rq.GetConsumerGroups(s1, t1), rs.GroupHeader.encode_list([
            rs.GroupHeader(0, 3, 1, "cg1"), rs.GroupHeader(1, 3, 0, "cg2"),
        ]), None),
        ("delete_consumer_group", rq.DeleteConsumerGroup(s1, t1, Identifier.named("cg2")), b"", None),
        ("leave_consumer_group", rq.LeaveConsumerGroup(s1, t1, Identifier.numeric(0)), b"", None),
    ]
    result: list[tuple[str, Command, str, bytes, str | None]] = []
    for name, request, body, note in requests_:
        result.append((f"{name}_request", request.CODE, "request", _request_frame(request), note))
        if request.CODE != Command.GET_SNAPSHOT:
            result.append((f"{name}_response", request.CODE, "response", _ok(body), note))
    return result


def write_encoder_fixtures() -> int:
    fixtures = encoder_fixtures()
    for name, command, direction, frame, note in fixtures:
        write_fixture(name, command, direction, SOURCE_ENCODER, frame, note)
    return len(fixtures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    count = 0
    if args.reference.exists():
        count += write_reference_fixtures(args.reference)
    else:
        print(f"reference {args.reference} not found: skipping reference-vector fixtures", file=sys.stderr)
    count += write_encoder_fixtures()
    print(f"{count} fixtures written")


if __name__ == "__main__":
    main()
