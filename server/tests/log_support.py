"""Waiting for a server's log to show a line: log lines are written asynchronously to the request's answer."""

from __future__ import annotations

import re
import time

from server_support import ServerProcess

LOG_WAIT_S = 30.0


def wait_for_log(server: ServerProcess, pattern: str) -> str:
    """The first match of ``pattern`` (multiline regex) in the server's log, waiting up to ``LOG_WAIT_S``."""
    deadline = time.monotonic() + LOG_WAIT_S
    while True:
        match = re.search(pattern, server.log(), re.MULTILINE)
        if match:
            return match.group(0)
        if time.monotonic() > deadline:
            raise AssertionError(f"no log line matches {pattern!r}:\n{server.log()[-3000:]}")
        time.sleep(0.05)
