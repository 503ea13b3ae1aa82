"""The shared malformed-payload vectors (protocol-spec/fixtures/malformed_payloads.json) through the codec.

Every SDK replays the same file. The server decodes with this codec, so the error code asserted here is the one
a client receives: a request cut before a presence flag is truncated (3) and a flag byte other than 0/1 is refused
(3), never read as "absent".
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.requests import REQUEST_TYPES
from iggy.protocol.responses import Stats

FIXTURES_DIR = Path(__file__).resolve().parents[4] / "protocol-spec" / "fixtures"
VECTORS = json.loads((FIXTURES_DIR / "malformed_payloads.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", VECTORS["rejected_requests"], ids=lambda case: case["name"])
def test_rejected_request_fails_with_the_stated_code(case: dict):
    request_type = REQUEST_TYPES[Command(case["code"])]
    with pytest.raises(ProtocolError) as raised:
        request_type.decode(bytes.fromhex(case["payload_hex"]))
    assert ErrorCode[_upper_snake(case["error_name"])] == case["error_code"]
    assert raised.value.code == case["error_code"]


@pytest.mark.parametrize("case", [c for c in VECTORS["rejected_requests"] if "bad_flag" in c], ids=lambda c: c["name"])
def test_a_flag_byte_of_2_is_the_only_fault(case: dict):
    """Set to 0, the same flag byte gives a valid request: the codec refuses 2 rather than reading it as absent."""
    payload = bytearray.fromhex(case["payload_hex"])
    payload[case["flag_at"]] = 0
    REQUEST_TYPES[Command(case["code"])].decode(bytes(payload))


@pytest.mark.parametrize("case", VECTORS["tolerated_responses"], ids=lambda case: case["name"])
def test_tolerated_stats_keeps_the_blocks_before_an_unparsable_tail(case: dict):
    base = json.loads((FIXTURES_DIR / case["base_fixture"]).read_text(encoding="utf-8"))
    body = bytes.fromhex(base["hex"])[8:] + bytes.fromhex(case["appended_hex"])
    stats = Stats.decode(body)
    expected = [(e["tag"], base64.b64decode(e["body"])) for e in case["extensions"]]
    assert [(e.tag, bytes(e.body)) for e in stats.extensions] == expected
    # The 0.8 fields are untouched by what follows them.
    assert stats.process_id == base["fields"]["process_id"]


def _upper_snake(camel: str) -> str:
    return "".join(f"_{c}" if c.isupper() and i else c for i, c in enumerate(camel)).upper()


def _request_fixtures() -> list[dict]:
    fixtures = (json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES_DIR.glob("*/*.json")))
    return [f for f in fixtures if f["direction"] == "request"]


@pytest.mark.parametrize("fixture", _request_fixtures(), ids=lambda f: f["name"])
def test_every_prefix_of_a_request_fixture_is_rejected(fixture: dict):
    payload = bytes.fromhex(fixture["hex"])[8:]
    payload = payload[: len(payload) - len(fixture.get("ignored_trailing_hex", "")) // 2]
    request_type = REQUEST_TYPES[Command(fixture["code"])]
    for cut in range(len(payload)):
        with pytest.raises(ProtocolError):
            request_type.decode(payload[:cut])
