"""The one server launcher for every language's integration tests: ``python -m iggy_server.testing``.

Starts ``iggy-server`` on a kernel-chosen 127.0.0.1 port with a private temporary data directory and root
``iggy``/``iggy``, then prints one line per fact on stdout and flushes:

    address 127.0.0.1:PORT
    http_address 127.0.0.1:PORT         (one line per enabled transport: http_address, quic_address, websocket_address)
    ca_file /tmp/.../test-ca.pem        (only with --tls: the CA that signed the server's localhost certificate)
    data_dir /tmp/...
    pid 12345                           (the server process, e.g. to sample its memory)
    log_file /tmp/.../server.log        (the server's stdout and stderr; removed with the directory)
    ready

A reader ignores lines it does not know, so facts can be added. The server runs until the launcher's stdin
reaches end of file (the test closed the pipe or died) or the launcher gets SIGTERM/SIGINT; then the server is
stopped gracefully (SIGTERM, SIGKILL after a bound) and the temporary directory is removed. ``--env KEY=VALUE``
(repeatable) passes server settings (``IGGY_*`` only); ``--data-dir PATH`` serves that directory instead of a
private one and leaves it in place (a test that reopens the same data under other settings).

Commands on stdin, one per line: ``kill`` SIGKILLs the server (a crash) and answers ``killed``; ``stop`` stops it
gracefully and answers ``stopped EXIT_CODE``; ``restart`` kills it if it runs and starts it again on the same data
and the same ports, answering with the start-up lines again (``address`` ... ``ready``). An unknown line answers
``error unknown command`` and changes nothing. A server that cannot start makes the launcher print
``error MESSAGE`` (with the server log's last lines) and exit 1.
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

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0
POLL_INTERVAL_S = 0.02
TRANSPORTS = ("http", "quic", "websocket")


class LaunchedServer:
    """One server process on a private directory; restartable on the same data after a kill."""

    def __init__(self, root: Path, extra_env: dict[str, str], tls: bool, data_dir: Path | None = None) -> None:
        self.root = root
        self.data_dir = data_dir if data_dir is not None else root / "data"
        self.address_file = root / "listening-address"
        self.log_path = root / "server.log"
        self.extra_env = extra_env
        self.ca_file: Path | None = None
        self.tls_env: dict[str, str] = {}
        if tls:
            # Imported here: cryptography is slow to load and most servers need no certificate.
            from iggy_server.testing.pki import write_test_pki

            ca, cert, key = write_test_pki(root)
            self.ca_file = ca
            self.tls_env = {
                "IGGY_TCP_TLS_ENABLED": "true",
                "IGGY_TCP_TLS_CERT_FILE": str(cert),
                "IGGY_TCP_TLS_KEY_FILE": str(key),
            }
        self.process: subprocess.Popen[bytes] | None = None
        self.transport_addresses: dict[str, str] = {}

    def start(self, address: str = "127.0.0.1:0", transport_addresses: dict[str, str] | None = None) -> str:
        """Start on ``address`` (and the given transport addresses, for a restart on the same ports)."""
        self.address_file.unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
        env.update(
            # Every transport on a free port, so test servers never collide on Iggy's fixed defaults.
            IGGY_HTTP_ADDRESS="127.0.0.1:0",
            IGGY_QUIC_ADDRESS="127.0.0.1:0",
            IGGY_WEBSOCKET_ADDRESS="127.0.0.1:0",
            IGGY_TCP_ADDRESS=address,
            IGGY_TCP_ADDRESS_FILE=str(self.address_file),
            IGGY_SYSTEM_PATH=str(self.data_dir),
            IGGY_LOGGING_LEVEL="warning",
            IGGY_ROOT_USERNAME="iggy",
            IGGY_ROOT_PASSWORD="iggy",
        )
        env.update(self.tls_env)
        env.update(self.extra_env)
        for transport, transport_address in (transport_addresses or {}).items():
            env[f"IGGY_{transport.upper()}_ADDRESS"] = transport_address
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
                self.transport_addresses = self._read_transport_addresses()
                return text
            time.sleep(POLL_INTERVAL_S)
        self.kill()
        raise RuntimeError(f"server did not start within {START_TIMEOUT_S} s: {self.log_tail()}")

    def _read_transport_addresses(self) -> dict[str, str]:
        """``{"http": "HOST:PORT", ...}`` from the server's per-transport address files (enabled ones only)."""
        addresses = {}
        for transport in TRANSPORTS:
            path = self.address_file.with_name(f"{self.address_file.name}.{transport}")
            if path.exists():
                addresses[transport] = path.read_text().strip()
        return addresses

    def log_tail(self, lines: int = 20) -> str:
        try:
            return " | ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> int | None:
        """SIGTERM and wait (SIGKILL after ``STOP_TIMEOUT_S``); the exit code, None if it never started."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.process.returncode


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


def _announce(server: LaunchedServer, address: str) -> None:
    _say(f"address {address}")
    for transport, transport_address in server.transport_addresses.items():
        _say(f"{transport}_address {transport_address}")
    if server.ca_file is not None:
        _say(f"ca_file {server.ca_file}")
    _say(f"data_dir {server.data_dir}")
    assert server.process is not None
    _say(f"pid {server.process.pid}")
    _say(f"log_file {server.log_path}")
    _say("ready")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.testing", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tls", action="store_true", help="serve TLS with a throw-away CA (its path is printed)")
    parser.add_argument("--env", action="append", default=[], metavar="IGGY_KEY=VALUE", help="a server setting")
    parser.add_argument("--data-dir", type=Path, help="serve this data directory (kept) instead of a private one")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="iggy-test-server-"))
    server = LaunchedServer(root, _parse_env(args.env), args.tls, args.data_dir)
    finished = threading.Event()

    def on_signal(_signum: int, _frame: object) -> None:
        finished.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        address = server.start()
        _announce(server, address)

        def read_commands() -> None:
            for raw in sys.stdin:
                command = raw.strip()
                if command == "kill":
                    server.kill()
                    _say("killed")
                elif command == "stop":
                    _say(f"stopped {server.stop()}")
                elif command == "restart":
                    server.kill()
                    try:
                        _announce(server, server.start(address, server.transport_addresses))
                    except RuntimeError as exc:
                        _say(f"error {exc}")
                        break
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
