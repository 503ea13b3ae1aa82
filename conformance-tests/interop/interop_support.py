"""What the interop tests share: where the official clients are installed (by conformance-tests/interop/interop.mk;
a missing one fails the test with the make target that installs it) and the server log for failure messages."""

from __future__ import annotations

import os
from pathlib import Path

from iggy_server.testing import TestServer

REPO_ROOT = Path(__file__).resolve().parents[2]
# The Makefile passes both; the defaults are where it installs them, for a direct pytest run.
OFFICIAL_09_PYTHON = Path(os.environ.get("OFFICIAL_09_PYTHON", REPO_ROOT / ".venv-official-0.9" / "bin" / "python"))
IGGY_CLI = Path(os.environ.get("IGGY_CLI_OFFICIAL", REPO_ROOT / "conformance-tests" / "interop" / "target"
                               / "iggy-cli-0.14.0"))
SERVER_LOG_TAIL_LINES = 40


def require(path: Path, make_target: str) -> Path:
    """`path`, or a failure naming the make target that installs it (never a skip: a missing client is a
    broken set-up, not an untestable case)."""
    if not os.access(path, os.X_OK):
        raise AssertionError(f"{path} is missing: run `make {make_target}`")
    return path


def server_log_tail(server: TestServer) -> str:
    return "\n".join(server.log().splitlines()[-SERVER_LOG_TAIL_LINES:])
