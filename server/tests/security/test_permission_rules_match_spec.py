"""The authorizer's table is built from the spec (every command's permission_rule, generated into
iggy.protocol.layout.COMMANDS); these tests pin the parts the spec states about each rule: its scope, and that
the rule objects are distinct per id."""

from __future__ import annotations

from iggy.protocol.layout import COMMANDS
from iggy_server.security import RULES, Scope
from iggy_server.security.authorizer import RULES_BY_ID

# commands.toml [[permission_rule]] scope -> the authorizer's Scope (public rules need no login at all).
_SCOPES = {"public": Scope.PUBLIC, "none": Scope.SERVER, "stream": Scope.STREAM, "topic": Scope.TOPIC}


def test_every_command_has_the_spec_rule():
    assert set(RULES) == set(COMMANDS)
    mismatches = [
        f"{command.name}: authorizer {RULES[command].rule_id!r}, spec {info.permission!r}"
        for command, info in COMMANDS.items()
        if RULES[command].rule_id != info.permission
    ]
    assert not mismatches, "\n".join(mismatches)


def test_every_rule_is_used_and_ids_are_unique():
    assert len(RULES_BY_ID) == len({rule.rule_id for rule in RULES_BY_ID.values()})
    assert {info.permission for info in COMMANDS.values()} == set(RULES_BY_ID)


def test_rule_scopes_match_the_spec_scopes():
    for command, info in COMMANDS.items():
        expected = _SCOPES["public" if info.permission == "public" else info.scope]
        assert RULES[command].scope is expected, command.name
