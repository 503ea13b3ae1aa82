"""Every case file loads, names known errors, and uses only operations of the driver protocol."""

import re
from pathlib import Path

import pytest

from conformance.cases import RUNNER_OPS, CaseError, load_cases

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
DOCUMENTED_OPS = set(re.findall(r"^\| `([a-z_]+)`", README, flags=re.MULTILINE))
DOCUMENTED_OPS |= {op for group in re.findall(r"^\| `([a-z_]+)` / `([a-z_]+)`(?: / `([a-z_]+)`)?", README,
                                               flags=re.MULTILINE) for op in group if op}


def test_cases_load_with_unique_ids():
    cases = load_cases()
    assert len(cases) >= 60
    assert len({case.id for case in cases}) == len(cases)


def test_every_op_is_documented():
    used = {step.op for case in load_cases() for step in case.steps} - RUNNER_OPS
    assert used <= DOCUMENTED_OPS, sorted(used - DOCUMENTED_OPS)


def test_case_ids_are_hierarchical():
    for case in load_cases():
        assert re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)+", case.id), case.id


def test_until_ms_needs_an_expectation_and_a_bound(tmp_path):
    area = tmp_path / "area"
    area.mkdir()
    case_file = area / "x.toml"
    head = '[[case]]\nid = "a.b"\nabout = "x"\n[[case.step]]\nop = "get_me"\n'
    for bad_step in ("until_ms = 100\n", "expect = {}\nuntil_ms = 1e9\n"):
        case_file.write_text(head + bad_step)
        with pytest.raises(CaseError, match="until_ms"):
            load_cases(tmp_path)
    case_file.write_text(head + "expect = {}\nuntil_ms = 50\n")
    assert load_cases(tmp_path)[0].steps[0].until_ms == 50.0


def test_a_case_limited_to_protocols_must_say_why(tmp_path):
    area = tmp_path / "area"
    area.mkdir()
    case_file = area / "x.toml"
    step = '[[case.step]]\nop = "ping"\n'
    head = '[[case]]\nid = "a.b"\nabout = "x"\n'
    bad_limits = (
        'protocols = ["0.9"]\n',  # no reason
        'protocols = []\nprotocols_why = "y"\n',
        'protocols = ["0.7"]\nprotocols_why = "y"\n',
        'protocols_why = "y"\n',
        'protocol = ["0.9"]\n',  # a misspelt key is not ignored
    )
    for bad in bad_limits:
        case_file.write_text(head + bad + step)
        with pytest.raises(CaseError, match="protocol"):
            load_cases(tmp_path)
    case_file.write_text(head + step)
    assert load_cases(tmp_path)[0].protocols == ("0.8", "0.9")
    case_file.write_text(head + 'protocols = ["0.9"]\nprotocols_why = "0.8 has no such reply"\n' + step)
    loaded = load_cases(tmp_path)[0]
    assert (loaded.protocols, loaded.protocols_why) == (("0.9",), "0.8 has no such reply")


def test_protocol_limits_stay_rare_and_explained():
    limited = [case for case in load_cases() if case.protocols != ("0.8", "0.9")]
    assert all(case.protocols_why for case in limited)
    assert len(limited) <= len(load_cases()) // 10, [case.id for case in limited]
