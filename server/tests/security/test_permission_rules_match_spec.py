"""The authorizer's table agrees with the spec: every command's rule carries the spec's permission_rule id
(generated into iggy.protocol.layout.COMMANDS), and one id always means one predicate and scope."""

from __future__ import annotations

from iggy.protocol.layout import COMMANDS
from iggy_server.security import RULES, Scope

# commands.toml [[permission_rule]] scope -> the authorizer's Scope (public rules need no login at all).
_SCOPES = {"public": {Scope.PUBLIC}, "none": {Scope.SERVER}, "stream": {Scope.STREAM}, "topic": {Scope.TOPIC}}


def test_every_command_has_the_spec_rule():
    assert set(RULES) == set(COMMANDS)
    mismatches = [
        f"{command.name}: authorizer {RULES[command].rule_id!r}, spec {info.permission!r}"
        for command, info in COMMANDS.items()
        if RULES[command].rule_id != info.permission
    ]
    assert not mismatches, "\n".join(mismatches)


def test_one_rule_id_is_one_predicate():
    by_id: dict[str, set] = {}
    for rule in RULES.values():
        by_id.setdefault(rule.rule_id, set()).add((rule.scope, rule.check, rule.allows_self))
    assert {rule_id: len(variants) for rule_id, variants in by_id.items() if len(variants) > 1} == {}


def test_rule_scopes_match_the_spec_scopes():
    for command, info in COMMANDS.items():
        expected = _SCOPES["public" if info.permission == "public" else info.scope]
        assert RULES[command].scope in expected, command.name
