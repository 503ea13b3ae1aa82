"""The command tree, contexts, completion, output helpers and error reporting — no server involved."""

from __future__ import annotations

import enum
import json
import socket
from dataclasses import dataclass

import pytest
from iggy.protocol.primitives import HeaderValue

from iggy_cli.app import cli
from iggy_cli.output import to_jsonable

TOP_LEVEL = ["ping", "me", "stats", "login", "logout", "context", "stream", "topic", "partition", "segment",
             "message", "consumer-group", "consumer-offset", "user", "pat", "client", "completion"]
SUBCOMMANDS = {
    "stream": {"create", "get", "list", "update", "delete", "purge"},
    "topic": {"create", "get", "list", "update", "delete", "purge"},
    "partition": {"create", "delete"},
    "segment": {"delete"},
    "message": {"send", "poll", "flush"},
    "consumer-group": {"create", "get", "list", "delete"},
    "consumer-offset": {"get", "set", "delete"},
    "user": {"create", "get", "list", "update", "name", "status", "password", "permissions", "delete"},
    "pat": {"create", "list", "delete"},
    "client": {"get", "list"},
    "context": {"list", "use", "create", "delete", "show"},
}


def test_command_tree_matches_iggy_cli():
    assert set(TOP_LEVEL) <= set(cli.commands)
    for group, expected in SUBCOMMANDS.items():
        assert set(cli.commands[group].commands) == expected, group


@pytest.mark.parametrize(("alias", "name"), [("s", "stream"), ("t", "topic"), ("m", "message"), ("g", "consumer-group"),
                                             ("o", "consumer-offset"), ("u", "user"), ("ctx", "context"),
                                             ("seg", "segment"), ("p", "partition"), ("c", "client")])
def test_aliases_reach_the_same_commands(iggy, alias, name):
    by_alias = iggy(alias, "--help")
    by_name = iggy(name, "--help")
    assert by_alias.exit_code == 0 and by_alias.stdout == by_name.stdout


def test_every_help_page_renders(iggy):
    assert iggy("--help").exit_code == 0
    for group, subcommands in SUBCOMMANDS.items():
        for subcommand in subcommands:
            result = iggy(group, subcommand, "--help")
            assert result.exit_code == 0 and "Usage: iggy" in result.stdout, (group, subcommand)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(iggy, shell):
    script = iggy("completion", shell)
    assert script.exit_code == 0
    assert "_IGGY_COMPLETE" in script.stdout
    assert iggy("--generate", shell).stdout == script.stdout


def test_completion_completes_commands_and_context_names(iggy):
    iggy.ok("context", "create", "staging")
    completed = iggy(env={"_IGGY_COMPLETE": "bash_complete", "COMP_WORDS": "iggy st", "COMP_CWORD": "1"})
    assert {"stream", "stats"} <= {line.split(",")[1] for line in completed.stdout.splitlines()}
    contexts = iggy(env={"_IGGY_COMPLETE": "bash_complete", "COMP_WORDS": "iggy context use st", "COMP_CWORD": "3"})
    assert contexts.stdout.splitlines() == ["plain,staging"]


def test_context_commands(iggy, iggy_home):
    iggy.ok("context", "create", "local", "--address", "127.0.0.1:9999", "-u", "alice", "-p", "secret")
    listed = iggy.ok("--output", "json", "context", "list").json()
    assert [(c["name"], c["active"]) for c in listed] == [("default", True), ("local", False)]
    local = listed[1]
    assert local["tcp_server_address"] == "127.0.0.1:9999" and local["username"] == "alice"
    assert local["password"] == "***"  # secrets are never printed
    assert "secret" not in iggy.ok("context", "show", "local").stdout

    iggy.ok("context", "use", "local")
    assert (iggy_home / ".active_context").read_text() == "local"
    assert "local*" in iggy.ok("context", "list").stdout
    assert iggy.ok("--json", "context", "show").json()["name"] == "local"

    duplicate = iggy("context", "create", "local")
    assert duplicate.exit_code == 1 and duplicate.stderr.startswith("error: context 'local' already exists")
    missing = iggy("context", "use", "nope")
    assert missing.exit_code == 1 and "not found" in missing.stderr
    assert iggy("--context", "nope", "stream", "list").exit_code == 1

    iggy.ok("context", "delete", "local")
    assert iggy.ok("--json", "context", "list").json()[0]["active"] is True


def test_missing_credentials_is_a_one_line_usage_error(iggy):
    result = iggy("stream", "list")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: no credentials")
    assert len(result.stderr.strip().splitlines()) == 1


def test_unreachable_server_exits_3_with_the_iggy_error_name(iggy):
    with socket.socket() as probe:  # a loopback port with nothing listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = iggy("--address", f"127.0.0.1:{port}", "ping")
    assert result.exit_code == 3
    assert result.stderr.startswith("error: CANNOT_ESTABLISH_CONNECTION (9)")


def test_bad_arguments_are_usage_errors(iggy):
    assert iggy("topic", "create", "s", "t", "1", "lz4").exit_code == 2
    assert iggy("message", "poll", "s", "t", "0", "--first", "--last").exit_code == 2
    assert iggy("ping", "--count", "0").exit_code == 2


def test_json_conversion_of_models():
    class Kind(enum.IntEnum):
        GZIP = 2

    @dataclass(frozen=True)
    class Model:
        name: str
        kind: Kind
        data: bytes
        binary: bytes
        nested: tuple

    value = Model("n", Kind.GZIP, b"text", b"\xff\x00", (HeaderValue.uint16(7),))
    assert to_jsonable(value) == {"name": "n", "kind": "gzip", "data": "text", "binary": "base64:/wA=",
                                  "nested": [{"kind": "uint16", "value": 7}]}
    json.dumps(to_jsonable(value))
