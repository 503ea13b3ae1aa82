"""The one server launcher for every language's integration tests: ``python -m iggy_server.testing``.

Starts ``iggy-server`` on free 127.0.0.1 ports (random ones below the kernel's ephemeral range, picked again when
one is taken) with a private temporary data directory and root ``iggy``/``iggy``, then prints one line per fact
on stdout and flushes:

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
and the same ports (waiting up to ``RESTART_BIND_WAIT_S`` for a port held meanwhile), answering with the
start-up lines again (``address`` ... ``ready``). With ``--resettable`` the server runs under
``iggy_server.testing.resettable`` and ``reset`` starts it over on an empty data directory in its process, on the
same ports, answering with the start-up lines again: a fresh server for the next test without a new process (the
conformance runner's server per case). An unknown line answers ``error unknown command`` and changes nothing. A
server that cannot start makes the launcher print ``error MESSAGE`` (with the server log's last lines) and exit 1.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from iggy_server.exit_codes import EXIT_ADDRESS_IN_USE

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0
POLL_INTERVAL_S = 0.02
TRANSPORTS = ("http", "quic", "websocket")
PORT_ATTEMPTS = 20
RESTART_BIND_WAIT_S = 10.0
RESTART_BIND_RETRY_S = 0.1
# Listener ports come from below the kernel's ephemeral range, where connect() never picks a client's local
# port: a restart on the same ports cannot then find one taken by a client connection made while the server
# was down (a kernel-chosen port 0 lies inside that range). The floor leaves the well-known services alone.
LISTENER_PORT_FLOOR = 10_000
MIN_LISTENER_PORT_CHOICES = 1_000
EPHEMERAL_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")


class AddressInUse(RuntimeError):
    """The server exited because one of its listener ports was taken."""


def _pick_listener_ports() -> dict[str, int]:
    """A random free-looking port per listener (TCP and the other transports), distinct from each other.

    Port 0 (the kernel's choice) for every listener where the ephemeral range leaves too little room below it.
    A taken port is found by the server itself (exit ``EXIT_ADDRESS_IN_USE``) and the caller picks again.
    """
    names = ("tcp", *TRANSPORTS)
    try:
        ephemeral_low = int(EPHEMERAL_RANGE_FILE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return dict.fromkeys(names, 0)
    if ephemeral_low - LISTENER_PORT_FLOOR < MIN_LISTENER_PORT_CHOICES:
        return dict.fromkeys(names, 0)
    ports = random.SystemRandom().sample(range(LISTENER_PORT_FLOOR, ephemeral_low), len(names))
    return dict(zip(names, ports, strict=True))


class LaunchedServer:
    """One server process on a private directory; restartable on the same data after a kill."""

    def __init__(
        self,
        root: Path,
        extra_env: dict[str, str],
        tls: bool,
        data_dir: Path | None = None,
        resettable: bool = False,
    ) -> None:
        self.root = root
        self.resettable = resettable
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
        self.ports: dict[str, int] = {}
        self.transport_addresses: dict[str, str] = {}

    def start(self) -> str:
        """Start on fresh listener ports; another set of ports when one of them turns out to be taken."""
        for _ in range(PORT_ATTEMPTS - 1):
            try:
                return self._start_on(_pick_listener_ports())
            except AddressInUse:
                continue
        return self._start_on(_pick_listener_ports())

    def restart(self) -> str:
        """Kill the server if it runs and start it on the same data and ports.

        A port can be held for a moment by something that is not ours (a client socket whose local port the
        kernel picked): wait for it, up to ``RESTART_BIND_WAIT_S``, rather than give up at the first refusal.
        """
        self.kill()
        deadline = time.monotonic() + RESTART_BIND_WAIT_S
        while True:
            try:
                return self._start_on(self.ports)
            except AddressInUse:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(RESTART_BIND_RETRY_S)

    def reset(self) -> str:
        """Start the running server over on an empty data directory, in its process (``--resettable``)."""
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError("reset: the server is not running")
        self.address_file.unlink(missing_ok=True)
        self.process.send_signal(signal.SIGUSR1)
        return self._await_address()

    def _start_on(self, ports: dict[str, int]) -> str:
        """Start once on ``ports`` (``{"tcp": PORT, "http": PORT, ...}``); the TCP address once it listens."""
        self.ports = dict(ports)
        self.address_file.unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
        env.update({f"IGGY_{name.upper()}_ADDRESS": f"127.0.0.1:{port}" for name, port in ports.items()})
        env.update(
            IGGY_TCP_ADDRESS_FILE=str(self.address_file),
            IGGY_SYSTEM_PATH=str(self.data_dir),
            IGGY_SYSTEM_LOGGING_LEVEL="warning",
            # The launcher keeps the server's output in its own log file: no second copy in the data directory.
            IGGY_SYSTEM_LOGGING_FILE_ENABLED="false",
            IGGY_ROOT_USERNAME="iggy",
            IGGY_ROOT_PASSWORD="iggy",
        )
        env.update(self.tls_env)
        env.update(self.extra_env)
        module = "iggy_server.testing.resettable" if self.resettable else "iggy_server"
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", module],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        return self._await_address()

    def _await_address(self) -> str:
        """The TCP address once the server listens on every listener (it writes the TCP address file last)."""
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                message = f"server exited with {self.process.returncode}: {self.log_tail()}"
                if self.process.returncode == EXIT_ADDRESS_IN_USE:
                    raise AddressInUse(message)
                raise RuntimeError(message)
            text = self.address_file.read_text().strip() if self.address_file.exists() else ""
            if text:
                self.transport_addresses = self._read_transport_addresses()
                # The bound ports, so a restart reuses them also where the kernel chose (port 0).
                bound = {"tcp": text, **self.transport_addresses}
                self.ports.update({name: int(value.rpartition(":")[2]) for name, value in bound.items()})
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
    parser.add_argument(
        "--resettable", action="store_true", help="accept `reset`: start over on an empty data directory in-process"
    )
    args = parser.parse_args(argv)
    if args.resettable and args.data_dir is not None:
        parser.error("--resettable deletes the data directory at every reset: not with --data-dir")
    root = Path(tempfile.mkdtemp(prefix="iggy-test-server-"))
    server = LaunchedServer(root, _parse_env(args.env), args.tls, args.data_dir, args.resettable)
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
                elif command == "reset" and not server.resettable:
                    _say("error reset needs a launcher started with --resettable")  # the server runs on
                elif command in ("restart", "reset"):
                    try:
                        _announce(server, server.restart() if command == "restart" else server.reset())
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
