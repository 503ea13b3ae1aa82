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


def next_counter(server: ServerProcess, name: str, wait_s: float = 10.0) -> int:
    """``name``'s value (``name=N``) in the next periodic stats line the server logs after this call."""
    pattern = re.compile(rf"\b{re.escape(name)}=(\d+)")
    seen = len(pattern.findall(server.log()))
    deadline = time.monotonic() + wait_s
    while True:
        values = pattern.findall(server.log())
        if len(values) > seen:
            return int(values[-1])
        if time.monotonic() > deadline:
            raise AssertionError(f"no new {name} in {wait_s} s:\n{server.log()[-2000:]}")
        time.sleep(0.05)
