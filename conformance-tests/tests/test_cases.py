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
