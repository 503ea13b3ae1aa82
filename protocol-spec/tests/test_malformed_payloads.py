"""fixtures/malformed_payloads.json is complete and agrees with the spec.

Every presence flag of every request (a field some `when` names) has a vector that cuts the payload right before
it, and every `role = "flag"` byte a request can carry (its own, and those of the primitives it holds: the
permissions block, optional_partition) has a vector setting it to 2: the shared file is what stops any language's
codec from reading a missing or out-of-range flag as "absent".
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

SPEC = load_spec().at("0.8")  # the 0.8 captures and payloads (0.9: test_fixtures_v09.py)
FIXTURES_DIR = SPEC_ROOT / "fixtures"
VECTORS = json.loads((FIXTURES_DIR / "malformed_payloads.json").read_text(encoding="utf-8"))
REJECTED = VECTORS["rejected_requests"]
CUTS = [case for case in REJECTED if "cut_before" in case]
BAD_FLAGS = [case for case in REJECTED if "bad_flag" in case]


def _presence_flags(fields) -> list[str]:
    return [f.name for f in fields if any(g.when_parts and g.when_parts[0] == f.name for g in fields)]


def _flags_within(fields, seen: frozenset = frozenset()) -> set[str]:
    """Every `role = "flag"` field in `fields` and, recursively, in the spec records they hold."""
    flags = {f.name for f in fields if f.role == "flag"}
    for f in fields:
        if f.type in SPEC.primitives and f.type not in seen:
            flags |= _flags_within(SPEC.primitives[f.type].fields, seen | {f.type})
    return flags


def test_every_request_flag_has_a_vector_setting_it_to_2():
    covered = {(case["code"], case["bad_flag"]) for case in BAD_FLAGS}
    missing = [
        f"{command.name}.{flag}"
        for command in SPEC.commands
        for flag in sorted(_flags_within(command.request))
        if (command.code, flag) not in covered
    ]
    assert not missing, f"no malformed_payloads.json vector sets these flags to 2: {missing}"


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
        if "bad_flag" in case:
            assert case["error_code"] == 3, "a flag byte other than 0/1 is InvalidCommand"
            assert case["bad_flag"] in _flags_within(command.request), case["name"]
            assert bytes.fromhex(case["payload_hex"])[case["flag_at"]] == 2, case["name"]
    for case in VECTORS["tolerated_responses"]:
        assert (FIXTURES_DIR / case["base_fixture"]).is_file(), case["name"]


@pytest.mark.parametrize("case", CUTS, ids=lambda case: case["name"])
def test_spec_walker_finds_each_cut_payload_truncated(case: dict):
    with pytest.raises(WalkError):
        decode_request(SPEC, SPEC.command(case["code"]), bytes.fromhex(case["payload_hex"]))


@pytest.mark.parametrize("case", BAD_FLAGS, ids=lambda case: case["name"])
def test_spec_walker_refuses_flag_2_and_decodes_the_same_payload_with_flag_0(case: dict):
    """The flag byte is the only fault: with it set to 0 the payload is a complete, valid request."""
    command = SPEC.command(case["code"])
    payload = bytearray.fromhex(case["payload_hex"])
    with pytest.raises(WalkError, match=case["bad_flag"]):
        decode_request(SPEC, command, bytes(payload))
    payload[case["flag_at"]] = 0
    _, end = decode_request(SPEC, command, bytes(payload))
    assert end == len(payload), case["name"]
