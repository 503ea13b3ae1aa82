"""Fail closed: every command of the spec is served and permission-checked, and a server that cannot load
its security or storage layer refuses to start instead of running without it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from iggy.protocol.codes import Command
from iggy_server.context import ServerContext
from iggy_server.handlers import load_handlers
from iggy_server import vsr
from iggy_server.security.authorizer import RULES

SPEC_COMMANDS = Path(__file__).resolve().parents[2] / "protocol-spec" / "spec" / "commands.toml"


def spec_commands() -> list[tuple[str, int]]:
    with open(SPEC_COMMANDS, "rb") as handle:
        return [(entry["name"], entry["code"]) for entry in tomllib.load(handle)["command"]]


def register_commands() -> set[int]:
    """0.9's logins travel as the Register operation, without their code: the session layer serves them."""
    with open(SPEC_COMMANDS, "rb") as handle:
        return {entry["code"] for entry in tomllib.load(handle)["command"] if entry.get("operation") == "Register"}


def test_the_spec_lists_commands():
    assert len(spec_commands()) >= 40


@pytest.mark.parametrize("name, code", spec_commands())
def test_every_spec_command_has_a_handler_and_a_permission_rule(name, code):
    handlers = load_handlers()
    if code in register_commands():
        assert Command(code) not in handlers, f"{name} ({code}) is the session layer's, not a handler's"
        assert callable(vsr.authenticate_register)
    else:
        assert Command(code) in handlers, f"{name} ({code}) has no handler"
    assert Command(code) in RULES, f"{name} ({code}) has no permission rule"


def test_a_context_cannot_be_built_without_its_security_layer():
    with pytest.raises(TypeError):
        ServerContext(config=None, metadata=None, clients=None)  # type: ignore[arg-type, call-arg]


@pytest.mark.parametrize(
    "module", ["iggy_server.security.authorizer", "iggy_server.security.tokens", "iggy_server._native",
               "iggy_server.handlers.streams"]
)
def test_the_server_refuses_to_start_without_a_module(tmp_path, module):
    # None in sys.modules makes every import of the module fail, as a partial install would.
    script = (
        f"import sys; sys.modules[{module!r}] = None\n"
        "from iggy_server.__main__ import main\n"
        "sys.exit(main([]))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
    env.update({"IGGY_SYSTEM_PATH": str(tmp_path / "data"), "IGGY_TCP_ADDRESS": "127.0.0.1:0"})
    env.update({f"IGGY_{transport}_ADDRESS": "127.0.0.1:0" for transport in ("HTTP", "QUIC", "WEBSOCKET")})
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 3, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and module in lines[0], result.stderr
    assert "listening" not in result.stdout
