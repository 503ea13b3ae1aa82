"""``TestServer``: the launcher (``python -m iggy_server.testing``) as a Python object, for Python suites and tools.

It spawns the launcher and reads its lines (see ``__main__.py`` for the protocol), so Python tests start servers
exactly as the Rust, Go and Java suites do::

    with TestServer(env={"IGGY_SYSTEM_PARTITION_DURABILITY": "durable"}) as server:
        connect(server.address)
        server.kill()       # a crash: SIGKILL, no shutdown code runs
        server.restart()    # the same data and ports
    # closed: the server stopped gracefully, its private directory removed

``stop()`` stops the server gracefully and returns its exit code; the log stays readable through ``log()``.
``TestServer(resettable=True)`` adds ``reset()``: the server starts over on an empty data directory in its process
(same ports), far cheaper than a new server when a suite needs a fresh one per test.
``start()`` after ``stop()`` starts a new launcher: on the same data only when ``data_dir`` was given.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import IO

# Start-up hashes the root password and opens every partition: generous, the machine may be loaded.
LAUNCHER_TIMEOUT_S = 60.0
# The launcher prints a handful of lines per start; more means it is not the launcher talking.
MAX_START_LINES = 64


class TestServer:
    """One server under ``python -m iggy_server.testing``; ``start()`` returns it once it answers."""

    __test__ = False  # not a pytest test class despite the name

    def __init__(
        self,
        data_dir: Path | None = None,
        env: Mapping[str, str] | None = None,  # IGGY_* settings for the server, other variables for its process
        *,
        tls: bool = False,
        python: str | os.PathLike[str] | None = None,  # another installation's interpreter (default: this one)
        cwd: str | os.PathLike[str] | None = None,  # the launcher's working directory (default: this process's)
        resettable: bool = False,  # accept reset() (not with data_dir: a reset deletes the data)
    ) -> None:
        if resettable and data_dir is not None:
            raise ValueError("a resettable server deletes its data at every reset: give it no data_dir")
        self.resettable = resettable
        self.requested_data_dir = Path(data_dir) if data_dir is not None else None
        self.env = dict(env or {})
        self.tls = tls
        self.python = str(python) if python is not None else sys.executable
        self.cwd = cwd
        self.facts: dict[str, str] = {}
        self._launcher: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue(MAX_START_LINES)
        self._final_log = ""
        self._server_running = False
        self._exit_code: int | None = None

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> TestServer:
        """Start the server (after ``kill()``: again on the same data and ports) and wait until it answers."""
        if self._launcher is not None:
            self._command("restart")
        else:
            self._spawn()
        self._read_start_lines()
        return self

    def _spawn(self) -> None:
        settings = {k: v for k, v in self.env.items() if k.startswith("IGGY_")}
        command = [self.python, "-m", "iggy_server.testing", *(f"--env={k}={v}" for k, v in settings.items())]
        if self.tls:
            command.append("--tls")
        if self.resettable:
            command.append("--resettable")
        if self.requested_data_dir is not None:
            command.append(f"--data-dir={self.requested_data_dir}")
        # Other variables (PYTHONPATH...) reach the server through the launcher's environment, which it passes on.
        environment = {**os.environ, **{k: v for k, v in self.env.items() if k not in settings}}
        self._launcher = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment, cwd=self.cwd
        )
        self._lines = queue.Queue(MAX_START_LINES)  # full: the pump waits for the reader
        assert self._launcher.stdout is not None
        threading.Thread(target=_pump, args=(self._launcher.stdout, self._lines), daemon=True).start()

    def _read_start_lines(self) -> None:
        facts: dict[str, str] = {}
        for _ in range(MAX_START_LINES):
            line = self._read_line()
            key, _, value = line.partition(" ")
            if key == "ready":
                self.facts = facts
                self._server_running = True
                return
            if key == "error":
                self._end_launcher()
                raise RuntimeError(f"the test server did not start: {value}")
            facts[key] = value
        raise RuntimeError(f"the launcher printed {MAX_START_LINES} lines without `ready`: {facts}")

    def kill(self) -> None:
        """SIGKILL the server (a crash); ``start()`` / ``restart()`` bring it back on the same data and ports.
        Nothing to do once stopped (safe in a ``finally``)."""
        if self._launcher is None:
            return
        self._command("kill")
        self._expect("killed")
        self._server_running = False

    def restart(self, graceful: bool = False) -> None:
        """Stop the server (SIGKILL, or SIGTERM with ``graceful``) and start it on the same data and ports."""
        if graceful and self._server_running:
            self._command("stop")
            self._expect("stopped")
        self._server_running = False
        self.start()

    def reset(self) -> None:
        """Start the running server over on an empty data directory, in its process and on the same ports
        (``resettable=True``): what a new server would be, without a new process. Raises RuntimeError (and the
        launcher ends) when the server does not come back."""
        if not self.resettable:
            raise RuntimeError("reset() needs TestServer(resettable=True)")
        self._command("reset")
        self._read_start_lines()

    def stop(self) -> int | None:
        """Stop the server gracefully and end the launcher; returns the server's exit code (-9 after ``kill()``).
        Safe to repeat in a ``finally``: once stopped it returns the same code (None if never started)."""
        if self._launcher is None:
            return self._exit_code
        self._command("stop")
        self._exit_code = int(self._expect("stopped"))
        self._final_log = self.log()
        self._end_launcher()
        return self._exit_code

    def close(self) -> None:
        """Stop the server if it runs and end the launcher (which removes the private directory)."""
        if self._launcher is not None:
            self._final_log = self.log()
            self._end_launcher()

    def __enter__(self) -> TestServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _end_launcher(self) -> None:
        launcher, self._launcher = self._launcher, None
        self._server_running = False
        if launcher is None:
            return
        assert launcher.stdin is not None
        try:
            launcher.stdin.close()  # end of file: the launcher stops the server and removes its directory
        except BrokenPipeError:
            pass
        try:
            launcher.wait(LAUNCHER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            launcher.kill()
            launcher.wait()

    # ------------------------------------------------------------------ facts

    @property
    def address(self) -> str:
        """HOST:PORT of the TCP listener."""
        return self.facts["address"]

    @property
    def host(self) -> str:
        return self.address.rpartition(":")[0]

    @property
    def port(self) -> int:
        return int(self.address.rpartition(":")[2])

    @property
    def transport_addresses(self) -> dict[str, str]:
        """``{"http": "HOST:PORT", "quic": ..., "websocket": ...}`` for the enabled transports."""
        return {key.removesuffix("_address"): value for key, value in self.facts.items() if key.endswith("_address")}

    @property
    def data_dir(self) -> Path:
        return Path(self.facts["data_dir"])

    @property
    def ca_file(self) -> Path | None:
        """The throw-away CA that signed the server's certificate (with ``tls=True``)."""
        return Path(self.facts["ca_file"]) if "ca_file" in self.facts else None

    @property
    def pid(self) -> int:
        """The server process (not the launcher), e.g. to sample its RSS."""
        return int(self.facts["pid"])

    def log(self) -> str:
        """Everything the server printed so far (after ``stop()``/``close()``: what it printed in total)."""
        if self._launcher is None:
            return self._final_log
        try:
            return Path(self.facts["log_file"]).read_text(errors="replace")
        except (KeyError, OSError):
            return ""

    # ------------------------------------------------------------------ the line protocol

    def _command(self, word: str) -> None:
        if self._launcher is None or self._launcher.stdin is None:
            raise RuntimeError("the test server is not started")
        self._launcher.stdin.write(word + "\n")
        self._launcher.stdin.flush()

    def _read_line(self) -> str:
        try:
            line = self._lines.get(timeout=LAUNCHER_TIMEOUT_S)
        except queue.Empty:
            raise RuntimeError(f"the test-server launcher did not answer within {LAUNCHER_TIMEOUT_S} s") from None
        if line is None:
            raise RuntimeError("the test-server launcher exited")
        return line

    def _expect(self, key: str) -> str:
        """The value of the launcher's next ``key VALUE`` line."""
        line = self._read_line()
        found, _, value = line.partition(" ")
        if found != key:
            raise RuntimeError(f"the launcher answered {line!r}, expected {key!r}")
        return value


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Launcher stdout → ``lines`` (a handful per start; ``None`` at end of file)."""
    for raw in stream:
        lines.put(raw.strip())
    lines.put(None)
