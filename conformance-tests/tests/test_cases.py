"""Every case file loads, names known errors, and uses only operations of the driver protocol."""

import re
from pathlib import Path

from conformance.cases import RUNNER_OPS, load_cases

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
