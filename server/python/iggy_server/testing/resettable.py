"""A test server that starts over on an empty data directory without a new process: ``python -m
iggy_server.testing.resettable`` runs the server (``iggy_server.__main__``) and, on SIGUSR1, stops it gracefully,
deletes its data directory and starts it again in the same process, on the same configuration and ports.

For suites that need a fresh server per test but not a fresh process: the conformance runner runs about 2,600
cases, each on a new server, and a new process costs about a CPU-second of imports and start-up on this project's
2-core CI machine, most of the suite's time. Starting over in the process costs the start-up alone (the context is
built again: a new metadata store, root user, clients registry, hot-path I/O resources, listeners, event loop).

What a client can observe stays as in a new process (``tests/test_testing_resettable.py`` compares the two):
every transport's traffic counters and HTTP status counts are zeroed (``METRICS.clear()``). What stays: the
process id, the process's own I/O counters and the native writer's process-wide counters, which GetStats
reports (``read_bytes``/``written_bytes``, the hot-path extension) and no conformance case compares.

Only the launcher (``python -m iggy_server.testing``, its ``reset`` command) starts this module; a real server
never reacts to SIGUSR1. The launcher sends SIGUSR1 only once the server announced itself (its address file),
after its SIGTERM handler is installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
from pathlib import Path

from iggy_server.__main__ import main as server_main
from iggy_server.transports.metrics import METRICS

RESET_SIGNAL = signal.SIGUSR1


def main() -> int:
    data_dir = Path(os.environ["IGGY_SYSTEM_PATH"])
    reset_requested = False

    def on_reset(_signum: int, _frame: object) -> None:
        nonlocal reset_requested
        reset_requested = True
        # The server's own graceful stop: its SIGTERM handler (on the event loop) runs the shutdown.
        os.kill(os.getpid(), signal.SIGTERM)

    signal.signal(RESET_SIGNAL, on_reset)
    while True:
        reset_requested = False
        exit_code = server_main([])
        if not reset_requested:
            return exit_code
        if exit_code != 0:  # the stop itself failed: no fresh start on whatever it left behind
            return exit_code
        shutil.rmtree(data_dir)
        METRICS.clear()


if __name__ == "__main__":
    sys.exit(main())
