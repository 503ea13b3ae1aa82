"""The one server launcher for every language's integration tests: ``python -m iggy_server.testing``.

Starts ``iggy-server`` on a kernel-chosen 127.0.0.1 port with a private temporary data directory and root
``iggy``/``iggy``, then prints one line per fact on stdout and flushes:

    address 127.0.0.1:PORT
    ca_file /tmp/.../test-ca.pem        (only with --tls: the CA that signed the server's localhost certificate)
    data_dir /tmp/...
    ready

The server runs until the launcher's stdin reaches end of file (the test closed the pipe or died) or the
launcher gets SIGTERM/SIGINT; then the server is stopped gracefully (SIGTERM, SIGKILL after a bound) and the
temporary directory is removed. ``--env KEY=VALUE`` (repeatable) passes server settings (``IGGY_*`` only).
A test that needs a crash sends ``kill`` on stdin: the server gets SIGKILL and the launcher answers
``killed``; ``restart`` kills it if it runs and starts it again on the same data and the same port, answering
with a new ``address`` line and ``ready``. An unknown stdin line answers ``error unknown command`` and changes
nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from iggy_server.testing.pki import write_test_pki

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0
POLL_INTERVAL_S = 0.02


class LaunchedServer:
    """One server process on a private directory; restartable on the same data after a kill."""

    def __init__(self, root: Path, extra_env: dict[str, str], tls: bool) -> None:
        self.root = root
        self.data_dir = root / "data"
        self.address_file = root / "listening-address"
        self.log_path = root / "server.log"
        self.extra_env = extra_env
        self.ca_file: Path | None = None
        self.tls_env: dict[str, str] = {}
        if tls:
            ca, cert, key = write_test_pki(root)
            self.ca_file = ca
            self.tls_env = {
                "IGGY_TCP_TLS_ENABLED": "true",
                "IGGY_TCP_TLS_CERT_FILE": str(cert),
                "IGGY_TCP_TLS_KEY_FILE": str(key),
            }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, address: str = "127.0.0.1:0") -> str:
        self.address_file.unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
        env.update(
            IGGY_TCP_ADDRESS=address,
            IGGY_TCP_ADDRESS_FILE=str(self.address_file),
            IGGY_SYSTEM_PATH=str(self.data_dir),
            IGGY_LOGGING_LEVEL="warning",
            IGGY_ROOT_USERNAME="iggy",
            IGGY_ROOT_PASSWORD="iggy",
        )
        env.update(self.tls_env)
        env.update(self.extra_env)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "iggy_server"],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_tail()}")
            text = self.address_file.read_text().strip() if self.address_file.exists() else ""
            if text:
                return text
            time.sleep(POLL_INTERVAL_S)
        self.kill()
        raise RuntimeError(f"server did not start within {START_TIMEOUT_S} s: {self.log_tail()}")

    def log_tail(self, lines: int = 20) -> str:
        try:
            return " | ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.kill()


def _parse_env(pairs: list[str]) -> dict[str, str]:
    env: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.startswith("IGGY_"):
            raise SystemExit(f"--env takes IGGY_KEY=VALUE, got {pair!r}")
        env[key] = value
    return env


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.testing", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tls", action="store_true", help="serve TLS with a throw-away CA (its path is printed)")
    parser.add_argument("--env", action="append", default=[], metavar="IGGY_KEY=VALUE", help="a server setting")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="iggy-test-server-"))
    server = LaunchedServer(root, _parse_env(args.env), args.tls)
    finished = threading.Event()

    def on_signal(_signum: int, _frame: object) -> None:
        finished.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        address = server.start()
        _say(f"address {address}")
        if server.ca_file is not None:
            _say(f"ca_file {server.ca_file}")
        _say(f"data_dir {server.data_dir}")
        _say("ready")

        def read_commands() -> None:
            for raw in sys.stdin:
                command = raw.strip()
                if command == "kill":
                    server.kill()
                    _say("killed")
                elif command == "restart":
                    server.kill()
                    _say(f"address {server.start(address)}")
                    _say("ready")
                elif command:
                    _say("error unknown command")
            finished.set()

        threading.Thread(target=read_commands, daemon=True).start()
        finished.wait()
        return 0
    except RuntimeError as exc:
        _say(f"error {exc}")
        return 1
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
