"""Shared constants and helpers for the security tests (a unique module name: test dirs have no packages)."""

from __future__ import annotations

from pathlib import Path

from server_support import ServerProcess, WireClient

from iggy_server.security import PasswordHasher

# Still real Argon2id (only cheaper), so every hashing code path runs; one test checks the
# production parameters separately.
FAST_HASHER = PasswordHasher(memory_cost_kib=64, iterations=1, lanes=1)
ROOT_NAME = "iggy"
ROOT_PASSWORD = "iggy-root-secret"


class FakeClock:
    """A settable microsecond clock for expiry tests."""

    def __init__(self, now_us: int = 1_800_000_000_000_000) -> None:
        self.now_us = now_us

    def __call__(self) -> int:
        return self.now_us


# ------------------------------------------------------------------ end-to-end helpers


class RunningServer(ServerProcess):
    """``server_support.ServerProcess`` with this suite's root credentials, started on construction."""

    def __init__(self, data_dir: Path, root_password: str = ROOT_PASSWORD) -> None:
        super().__init__(data_dir, env={"IGGY_ROOT_USERNAME": ROOT_NAME, "IGGY_ROOT_PASSWORD": root_password})
        self.start()

    def connect(self) -> RawClient:
        return RawClient(self.port)


class RawClient:
    """``(status, payload)`` for every request (a ``WireClient`` raises instead), so tests can assert
    on refusals; no SDK logic."""

    def __init__(self, port: int) -> None:
        self._wire = WireClient("127.0.0.1", port)

    def call(self, request: object) -> tuple[int, bytes]:
        return self._wire.request(request.CODE, request.encode())  # type: ignore[attr-defined]

    def call_raw(self, code: int, payload: bytes) -> tuple[int, bytes]:
        return self._wire.request(code, payload)

    def ok(self, request: object) -> bytes:
        status, payload = self.call(request)
        assert status == 0, f"{type(request).__name__} failed with {status}"
        return payload

    def close(self) -> None:
        self._wire.close()
