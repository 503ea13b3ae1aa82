"""The shared malformed-payload vectors against a live server: each answers its error and changes nothing.

The vectors target user id 1 (UpdateUser, UpdatePermissions) and create "bob" (CreateUser). A request cut before
a presence flag once read as "flag absent": a cut UpdatePermissions cleared the user's permissions and answered
OK. Iggy 0.8 answers 3 (InvalidCommand) for a truncated payload and 4 for a permissions_len mismatch. A flag byte
of 2 (has_permissions, has_username, has_status, the permissions block's links, has_partition) read as "absent"
too, as Iggy 0.8 still reads it: UpdatePermissions with has_permissions 2 cleared the permissions; now 3.
"""

from __future__ import annotations

import json
from pathlib import Path

from iggy.protocol import requests
from iggy.protocol.primitives import GlobalPermissions, Permissions, StreamPermissions
from iggy.protocol.responses import UserDetails

FIXTURES_DIR = Path(__file__).resolve().parents[2] / "protocol-spec" / "fixtures"
VECTORS = json.loads((FIXTURES_DIR / "malformed_payloads.json").read_text(encoding="utf-8"))


def test_malformed_user_commands_answer_their_error_and_leave_users_unchanged(client):
    permissions = Permissions(
        GlobalPermissions(read_streams=True, poll_messages=True),
        {7: StreamPermissions(read_stream=True, send_messages=True)},
    )
    target = UserDetails.decode(client.call(requests.CreateUser("alice", "secret1", 1, permissions)))
    assert target.id == 1, "the vectors address user id 1: this module's server must start without users"
    before = client.call(requests.GetUser(1))

    answered = {}
    for case in VECTORS["rejected_requests"]:
        status, body = client.request(case["code"], bytes.fromhex(case["payload_hex"]))
        answered[case["name"]] = (status, body)
        assert client.call(requests.GetUser(1)) == before, f"{case['name']} changed user 1"

    assert answered == {case["name"]: (case["error_code"], b"") for case in VECTORS["rejected_requests"]}
    assert client.call(requests.GetUser("bob")) == b"", "a rejected CreateUser created its user"
    assert UserDetails.decode(before).permissions == permissions
