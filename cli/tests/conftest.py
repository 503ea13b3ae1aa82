"""Fixtures: an isolated IGGY_HOME per test, a CliRunner wrapper, and one real server per test module.

The server is the project's own `iggy-server`, started as a subprocess on 127.0.0.1 port 0; its
bound address is read from the file named by IGGY_TCP_ADDRESS_FILE. Tests drive the real `iggy`
command tree in-process through click's CliRunner (the same code the console script runs).
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from iggy_cli.app import cli

SERVER_START_TIMEOUT_S = 20.0
SERVER_STOP_TIMEOUT_S = 10.0
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


class ServerProcess:
    def __init__(self, base_dir: Path) -> None:
        self.base_dir = base_dir
        self.address_file = base_dir / "address"
        self.log_path = base_dir / "server.log"
        self.process: subprocess.Popen | None = None
        self.address = ""

    def start(self) -> ServerProcess:
        env = {name: value for name, value in os.environ.items() if not name.startswith("IGGY_")}
        env.update({
            "IGGY_TCP_ADDRESS": "127.0.0.1:0",
            "IGGY_HTTP_ADDRESS": "127.0.0.1:0",
            "IGGY_QUIC_ADDRESS": "127.0.0.1:0",
            "IGGY_WEBSOCKET_ADDRESS": "127.0.0.1:0",
            "IGGY_TCP_ADDRESS_FILE": str(self.address_file),
            "IGGY_SYSTEM_PATH": str(self.base_dir / "data"),
            "IGGY_ROOT_USERNAME": ROOT_USERNAME,
            "IGGY_ROOT_PASSWORD": ROOT_PASSWORD,
        })
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "iggy_server"], env=env, stdout=log,
                                            stderr=subprocess.STDOUT, cwd=self.base_dir)
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"iggy-server exited with {self.process.returncode}:\n{self.log()}")
            if self.address_file.exists() and self.address_file.read_text().strip():
                self.address = self.address_file.read_text().strip()
                return self
            time.sleep(0.02)
        self.stop()
        raise RuntimeError(f"iggy-server did not start within {SERVER_START_TIMEOUT_S} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(SERVER_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("iggy-server")).start()
    yield process
    process.stop()


@pytest.fixture
def anon(server: ServerProcess, iggy_home: Path) -> Iggy:
    """The CLI pointed at the test server, without credentials."""
    return Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": server.address})


@pytest.fixture
def root(server: ServerProcess, iggy_home: Path) -> Iggy:
    """The CLI pointed at the test server, logged in as root through IGGY_USERNAME/IGGY_PASSWORD."""
    return Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": server.address, "IGGY_USERNAME": ROOT_USERNAME,
                            "IGGY_PASSWORD": ROOT_PASSWORD})
