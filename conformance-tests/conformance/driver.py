"""A driver process speaking JSON lines: one request line in, one response line out."""

from __future__ import annotations

import json
import os
import select
import subprocess
from pathlib import Path
from typing import Any

STEP_TIMEOUT_S = 60.0
RESPONSE_LINE_BYTES_MAX = 256 * 1024 * 1024


class DriverFailure(RuntimeError):
    """The driver process died, timed out or broke the protocol."""


class DriverProcess:
    def __init__(self, name: str, command: list[str], log_path: Path) -> None:
        self.name = name
        self._log = log_path.open("ab")
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
        )
        self._next_request_id = 0
        self._pending = b""
        hello = self.call("hello", {})
        if "ok" not in hello:
            raise DriverFailure(f"{name}: hello failed: {hello}")
        self.info: dict[str, Any] = hello["ok"]
        self.capabilities = frozenset(self.info.get("capabilities", []))
        self.unobservable = frozenset(self.info.get("unobservable", []))
        # op → why the driver's transport or API cannot perform it (shown with the n/a cases).
        self.unsupported: dict[str, str] = dict(self.info.get("unsupported", {}))

    def call(self, op: str, args: dict[str, Any], client: str = "default") -> dict[str, Any]:
        request_id = self._next_request_id
        self._next_request_id += 1
        line = json.dumps({"id": request_id, "op": op, "client": client, "args": args}) + "\n"
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(line.encode())
            self._process.stdin.flush()
        except BrokenPipeError:
            raise DriverFailure(f"{self.name}: driver exited (code {self._process.poll()})") from None
        response = json.loads(self._read_line())
        if response.get("id") != request_id:
            raise DriverFailure(f"{self.name}: answered id {response.get('id')} to request {request_id}")
        return response

    def _read_line(self) -> bytes:
        assert self._process.stdout is not None
        descriptor = self._process.stdout.fileno()
        while b"\n" not in self._pending:
            ready, _, _ = select.select([descriptor], [], [], STEP_TIMEOUT_S)
            if not ready:
                raise DriverFailure(f"{self.name}: no answer within {STEP_TIMEOUT_S} s")
            chunk = os.read(descriptor, 1 << 20)
            if not chunk:
                raise DriverFailure(f"{self.name}: driver exited (code {self._process.poll()})")
            self._pending += chunk
            if len(self._pending) > RESPONSE_LINE_BYTES_MAX:
                raise DriverFailure(f"{self.name}: response line over {RESPONSE_LINE_BYTES_MAX} bytes")
        line, _, self._pending = self._pending.partition(b"\n")
        return line

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                assert self._process.stdin is not None
                self._process.stdin.close()
                self._process.wait(timeout=5)
            except (subprocess.TimeoutExpired, BrokenPipeError):
                self._process.kill()
                self._process.wait()
        self._log.close()
