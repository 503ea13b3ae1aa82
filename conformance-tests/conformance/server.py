"""Start and stop the reference server for one case, on a kernel-chosen loopback port and a private data dir."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

SERVER_START_TIMEOUT_S = 20.0
SERVER_STOP_TIMEOUT_S = 10.0
CONNECT_RETRY_INTERVAL_S = 0.02
# Driver transport name → suffix of the server's address file (`<tcp.address_file>.<config section>`).
_TRANSPORT_FILES = {"http": "http", "quic": "quic", "ws": "websocket"}


class ServerProcess:
    """One iggy-server process bound to 127.0.0.1:<port> with data in `data_dir`; restartable on the same data."""

    def __init__(self, server_binary: Path, data_dir: Path, log_path: Path) -> None:
        self.server_binary = server_binary
        self.data_dir = data_dir
        self.log_path = log_path
        self.port = 0  # learnt from the server's address file after each start
        self._address_file = data_dir.parent / "listening-address"
        self._process: subprocess.Popen[bytes] | None = None
        # "http" / "quic" / "ws" → "127.0.0.1:PORT", from the server's per-transport address files.
        self.transport_addresses: dict[str, str] = {}

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def address_for(self, transport: str) -> str:
        """The address a driver of ``transport`` (tcp, http, quic, ws) connects to."""
        return self.address if transport == "tcp" else self.transport_addresses[transport]

    def start(self) -> None:
        environment = dict(os.environ)
        self._address_file.unlink(missing_ok=True)
        environment.update(
            IGGY_TCP_ADDRESS="127.0.0.1:0",  # the kernel picks a free port: no race between servers booting at once
            IGGY_HTTP_ADDRESS="127.0.0.1:0",
            IGGY_QUIC_ADDRESS="127.0.0.1:0",
            IGGY_WEBSOCKET_ADDRESS="127.0.0.1:0",
            IGGY_TCP_ADDRESS_FILE=str(self._address_file),
            IGGY_SYSTEM_PATH=str(self.data_dir),
            IGGY_ROOT_USERNAME="iggy",
            IGGY_ROOT_PASSWORD="iggy",
        )
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                [str(self.server_binary), "--with-default-root-credentials"],
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        self._wait_until_listening()

    def _wait_until_listening(self) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                raise RuntimeError(f"server exited with {self._process.returncode}: {self._log_tail()}")
            address = self._address_file.read_text().strip() if self._address_file.exists() else ""
            if address:
                self.port = int(address.rsplit(":", 1)[1])
                # Written before the TCP file, so they are complete once it exists.
                for transport, suffix in _TRANSPORT_FILES.items():
                    path = self._address_file.with_name(f"{self._address_file.name}.{suffix}")
                    if path.exists():
                        self.transport_addresses[transport] = path.read_text().strip()
                with socket.create_connection(("127.0.0.1", self.port), timeout=1.0):
                    return
            time.sleep(CONNECT_RETRY_INTERVAL_S)
        raise RuntimeError(f"server did not report its address within {SERVER_START_TIMEOUT_S} s")

    def _log_tail(self, lines: int = 5) -> str:
        try:
            return " | ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self, hard: bool = False) -> None:
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGKILL if hard else signal.SIGTERM)
        try:
            process.wait(timeout=SERVER_STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def restart(self, hard: bool = False) -> None:
        self.stop(hard=hard)
        self.start()
