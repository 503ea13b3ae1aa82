"""fixtures/malformed_payloads.json is complete and agrees with the spec.

Every presence flag of every request (a field some `when` names) has a vector that cuts the payload right before
it: the shared file is what stops any language's codec from reading a missing flag as "absent".
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

SPEC_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SPEC_ROOT))

from generator.spec import load_spec  # noqa: E402
from generator.walk import WalkError, decode_request  # noqa: E402

SPEC = load_spec()
FIXTURES_DIR = SPEC_ROOT / "fixtures"
VECTORS = json.loads((FIXTURES_DIR / "malformed_payloads.json").read_text(encoding="utf-8"))
REJECTED = VECTORS["rejected_requests"]
CUTS = [case for case in REJECTED if "cut_before" in case]


def _presence_flags(fields) -> list[str]:
    return [f.name for f in fields if any(g.when_parts and g.when_parts[0] == f.name for g in fields)]


def test_every_request_presence_flag_has_a_cut_before_it():
    covered = {(case["code"], case["cut_before"]) for case in CUTS}
    missing = [
        f"{command.name}.{flag}"
        for command in SPEC.commands
        for flag in _presence_flags(command.request)
        if (command.code, flag) not in covered
    ]
    assert not missing, f"no malformed_payloads.json vector cuts before: {missing}"


def test_vectors_name_real_commands_errors_and_fields():
    errors = {e.code: e.name for e in SPEC.errors}
    names = [case["name"] for case in REJECTED + VECTORS["tolerated_responses"]]
    assert len(names) == len(set(names)), "vector names must be unique"
    for case in REJECTED:
        command = SPEC.command(case["code"])
        assert errors[case["error_code"]] == case["error_name"], case["name"]
        if "cut_before" in case:
            assert case["error_code"] == 3, "a truncated payload is InvalidCommand, as Iggy 0.8 answers"
            primitive_fields = {f.name for r in SPEC.primitives.values() for f in r.fields}
            assert case["cut_before"] in set(command.request_field_names()) | primitive_fields, case["name"]
    for case in VECTORS["tolerated_responses"]:
        assert (FIXTURES_DIR / case["base_fixture"]).is_file(), case["name"]


@pytest.mark.parametrize("case", CUTS, ids=lambda case: case["name"])
def test_spec_walker_finds_each_cut_payload_truncated(case: dict):
    with pytest.raises(WalkError):
        decode_request(SPEC, SPEC.command(case["code"]), bytes.fromhex(case["payload_hex"]))
