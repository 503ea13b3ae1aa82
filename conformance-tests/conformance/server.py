"""Start and stop the reference server for one case, on a free loopback port and a private data dir."""

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


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServerProcess:
    """One iggy-server process bound to 127.0.0.1:<port> with data in `data_dir`; restartable on the same data."""

    def __init__(self, server_binary: Path, data_dir: Path, log_path: Path) -> None:
        self.server_binary = server_binary
        self.data_dir = data_dir
        self.log_path = log_path
        self.port = free_port()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        environment = dict(os.environ)
        environment.update(
            IGGY_TCP_ADDRESS=self.address,
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
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(CONNECT_RETRY_INTERVAL_S)
        raise RuntimeError(f"server did not listen on {self.address} within {SERVER_START_TIMEOUT_S} s")

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
