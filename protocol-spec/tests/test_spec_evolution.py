"""Evolution rules: a published code keeps its number and name for ever; new codes are recorded on purpose.

spec/codes.lock.toml is the hand-maintained, append-only record. Changing a number in commands.toml or
errors.toml (or an enum value) fails here, and so does adding a code without appending it to the lock.
"""

import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.spec import load_spec  # noqa: E402

SPEC = load_spec()
LOCK = tomllib.loads((Path(__file__).resolve().parents[1] / "spec" / "codes.lock.toml").read_text(encoding="utf-8"))


def _diff(locked: dict, current: dict, what: str) -> list[str]:
    problems = [f"{what} {name}: locked at {code}, spec says {current.get(name)}"
                for name, code in locked.items() if current.get(name) != code]
    problems += [f"{what} {name} = {code} is new: append it to spec/codes.lock.toml"
                 for name, code in current.items() if name not in locked]
    return problems


def test_command_codes_never_change():
    assert _diff(LOCK["commands"], {c.name: c.code for c in SPEC.commands}, "command") == []


def test_error_codes_never_change():
    assert _diff(LOCK["errors"], {e.name: e.code for e in SPEC.errors}, "error") == []


def test_enum_values_never_change():
    current = {f"{e.name}.{v.name}": v.value for e in SPEC.enums for v in e.values}
    assert _diff(LOCK["enum_values"], current, "enum value") == []


def test_lock_itself_has_no_reused_codes():
    # A retired code stays in the lock, so a reuse under a new name is caught here even if the spec drops the old.
    for section in ("commands", "errors"):
        codes = list(LOCK[section].values())
        assert len(codes) == len(set(codes)), section


def test_a_renumbered_code_is_reported():
    # The check above must be able to fail: feed it a renumbered command.
    current = {c.name: c.code for c in SPEC.commands} | {"GetStats": 11}
    assert _diff(LOCK["commands"], current, "command") == ["command GetStats: locked at 10, spec says 11"]
