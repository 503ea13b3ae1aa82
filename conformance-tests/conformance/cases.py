"""Load conformance cases from cases/<area>/*.toml.

A case is a list of steps run against a fresh server. Each step names an operation of the driver protocol
(see README.md), its arguments, and either an expected result (`expect`, matched as a subset) or an expected
error (`error`, an ErrorCode name such as "STREAM_NAME_ALREADY_EXISTS").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from iggy.protocol.codes import ErrorCode

CASES_DIR = Path(__file__).resolve().parent.parent / "cases"

# Operations the runner performs itself; drivers never see them.
RUNNER_OPS = frozenset({"restart_server", "sleep"})

# `until_ms` retries a read until it matches: for server-side events with no acknowledgement on the wire.
UNTIL_MS_MAX = 10_000

# The Iggy wire protocols a case may be limited to (`protocols = ["0.9"]`, with `protocols_why`); by default a
# case applies to every driver whatever protocol its client speaks.
KNOWN_PROTOCOLS = ("0.8", "0.9")


@dataclass(frozen=True)
class Step:
    op: str
    args: dict[str, Any]
    client: str
    expect: Any = None
    error: int | None = None
    save: str | None = None
    has_expect: bool = False
    until_ms: float | None = None


@dataclass(frozen=True)
class Case:
    id: str
    about: str
    area: str
    source_file: str
    steps: tuple[Step, ...]
    login: bool = True
    ops: frozenset[str] = field(default_factory=frozenset)
    protocols: tuple[str, ...] = KNOWN_PROTOCOLS
    protocols_why: str = ""


class CaseError(ValueError):
    """A case file is malformed; the message names the file and the case."""


def _parse_step(raw: dict[str, Any], where: str) -> Step:
    if "op" not in raw:
        raise CaseError(f"{where}: step without 'op'")
    error_code = None
    if "error" in raw:
        error_name = raw["error"]
        try:
            error_code = int(ErrorCode[error_name])
        except KeyError:
            raise CaseError(f"{where}: unknown error name {error_name!r}") from None
    if "expect" in raw and "error" in raw:
        raise CaseError(f"{where}: a step expects either a result or an error, not both")
    unknown_keys = set(raw) - {"op", "args", "client", "expect", "error", "save", "about", "until_ms"}
    if unknown_keys:
        raise CaseError(f"{where}: unknown step keys {sorted(unknown_keys)}")
    until_ms = raw.get("until_ms")
    if until_ms is not None and ("expect" not in raw or not 0 < until_ms <= UNTIL_MS_MAX):
        raise CaseError(f"{where}: until_ms needs an expect and a value in (0, {UNTIL_MS_MAX}]")
    return Step(
        op=raw["op"],
        args=dict(raw.get("args", {})),
        client=raw.get("client", "default"),
        expect=raw.get("expect"),
        error=error_code,
        save=raw.get("save"),
        has_expect="expect" in raw,
        until_ms=None if until_ms is None else float(until_ms),
    )


def _parse_protocols(raw_case: dict[str, Any], where: str) -> tuple[tuple[str, ...], str]:
    """A case limited to some protocols must say why: the limit is meant to be rare, and the n/a shows it."""
    unknown_keys = set(raw_case) - {"id", "about", "login", "step", "protocols", "protocols_why"}
    if unknown_keys:
        raise CaseError(f"{where}: unknown case keys {sorted(unknown_keys)}")
    if "protocols" not in raw_case:
        if "protocols_why" in raw_case:
            raise CaseError(f"{where}: protocols_why without protocols")
        return KNOWN_PROTOCOLS, ""
    protocols = raw_case["protocols"]
    if not isinstance(protocols, list) or not protocols or not set(protocols) <= set(KNOWN_PROTOCOLS):
        raise CaseError(f"{where}: protocols must be a non-empty list of {list(KNOWN_PROTOCOLS)}")
    why = raw_case.get("protocols_why", "")
    if not isinstance(why, str) or not why.strip():
        raise CaseError(f"{where}: a case limited to protocols {protocols} must say why (protocols_why)")
    return tuple(protocol for protocol in KNOWN_PROTOCOLS if protocol in protocols), why


def load_cases(cases_dir: Path = CASES_DIR) -> list[Case]:
    cases: list[Case] = []
    seen_ids: set[str] = set()
    for path in sorted(cases_dir.rglob("*.toml")):
        with path.open("rb") as handle:
            document = tomllib.load(handle)
        relative = str(path.relative_to(cases_dir))
        for raw_case in document.get("case", []):
            case_id = raw_case.get("id")
            if not case_id:
                raise CaseError(f"{relative}: case without id")
            if case_id in seen_ids:
                raise CaseError(f"{relative}: duplicate case id {case_id}")
            seen_ids.add(case_id)
            steps = tuple(
                _parse_step(raw_step, f"{relative}:{case_id} step {index}")
                for index, raw_step in enumerate(raw_case.get("step", []))
            )
            if not steps:
                raise CaseError(f"{relative}:{case_id}: no steps")
            protocols, protocols_why = _parse_protocols(raw_case, f"{relative}:{case_id}")
            cases.append(
                Case(
                    id=case_id,
                    about=raw_case.get("about", ""),
                    area=path.parent.name,
                    source_file=relative,
                    steps=steps,
                    login=raw_case.get("login", True),
                    ops=frozenset(step.op for step in steps if step.op not in RUNNER_OPS),
                    protocols=protocols,
                    protocols_why=protocols_why,
                )
            )
    return cases
