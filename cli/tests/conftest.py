"""Fixtures: an isolated IGGY_HOME per test, a CliRunner wrapper, and one real server per test module.

The server comes from the project's launcher (`iggy_server.testing.TestServer`: 127.0.0.1 on a free port, a
private data directory, root iggy/iggy). Tests drive the real `iggy`
command tree in-process through click's CliRunner (the same code the console script runs).
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from iggy_cli.app import cli
from iggy_server.testing import TestServer

ROOT_USERNAME = "iggy"
ROOT_PASSWORD = "iggy"

_names = itertools.count()


@dataclass
class Invocation:
    """A finished `iggy` run: exit code, stdout, stderr (separately, as a shell would see them)."""

    exit_code: int
    stdout: str
    stderr: str
    result: Result

    def json(self):
        return json.loads(self.stdout)

    def json_lines(self) -> list:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


class Iggy:
    """Runs the CLI with a clean environment: only the IGGY_* variables the test sets."""

    def __init__(self, home: Path, env: dict[str, str] | None = None) -> None:
        self.home = home
        self.env = {"IGGY_HOME": str(home), **(env or {})}

    def __call__(self, *args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> Invocation:
        merged = {name: None for name in os.environ if name.startswith("IGGY_")}
        merged.update(self.env)
        merged.update(env or {})
        runner = CliRunner()
        result = runner.invoke(cli, list(args), input=input, env=merged, prog_name="iggy", catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception  # an unexpected crash is a test failure with its traceback, not an exit code
        return Invocation(result.exit_code, result.stdout, result.stderr, result)

    def ok(self, *args: str, **kwargs) -> Invocation:
        invocation = self(*args, **kwargs)
        assert invocation.exit_code == 0, (
            f"iggy {' '.join(args)} exited {invocation.exit_code}\nstdout: {invocation.stdout}\n"
            f"stderr: {invocation.stderr}"
        )
        return invocation


@pytest.fixture
def iggy_home(tmp_path: Path) -> Path:
    return tmp_path / "iggy-home"


@pytest.fixture
def iggy(iggy_home: Path) -> Iggy:
    """The CLI with no server settings: for contexts, help, completion and error paths."""
    return Iggy(iggy_home)


@pytest.fixture
def unique():
    return lambda prefix="n": f"{prefix}-{next(_names)}"


@pytest.fixture(scope="module")
def server():
    with TestServer() as process:
        yield process


@pytest.fixture(params=["0.9", "0.8"])
def protocol(request) -> str:
    """Each server test runs once per Iggy protocol (IGGY_PROTOCOL), as a user of either server would."""
    return request.param


@pytest.fixture
def anon(server: TestServer, iggy_home: Path, protocol: str) -> Iggy:
    """The CLI pointed at the test server, without credentials."""
    return Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": server.address, "IGGY_PROTOCOL": protocol})


@pytest.fixture
def root(server: TestServer, iggy_home: Path, protocol: str) -> Iggy:
    """The CLI pointed at the test server, logged in as root through IGGY_USERNAME/IGGY_PASSWORD."""
    return Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": server.address, "IGGY_USERNAME": ROOT_USERNAME,
                            "IGGY_PASSWORD": ROOT_PASSWORD, "IGGY_PROTOCOL": protocol})
