"""`python -m iggy_server.testing`, the launcher every language's integration tests use: it prints the address,
the server answers there, `kill` + `restart` keep the data and the port, and closing stdin stops the server and
removes its directory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from iggy.sync import IggyClient


def _read_until_ready(process: subprocess.Popen[str]) -> dict[str, str]:
    facts: dict[str, str] = {}
    assert process.stdout is not None
    for line in process.stdout:
        key, _, value = line.strip().partition(" ")
        if key == "ready":
            return facts
        assert key != "error", value
        facts[key] = value
    raise AssertionError(f"launcher ended before ready: {facts}")


def test_launcher_serves_restarts_and_cleans_up() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "iggy_server.testing"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        facts = _read_until_ready(process)
        host, _, port = facts["address"].rpartition(":")
        data_dir = Path(facts["data_dir"])
        with IggyClient(f"iggy://iggy:iggy@{host}:{port}") as client:
            client.create_stream("kept")
        assert process.stdin is not None
        process.stdin.write("kill\nrestart\n")
        process.stdin.flush()
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "killed"
        assert _read_until_ready(process)["address"] == facts["address"]
        with IggyClient(f"iggy://iggy:iggy@{host}:{port}") as client:
            assert [stream.name for stream in client.get_streams()] == ["kept"]
        process.stdin.close()
        assert process.wait(30) == 0
        assert not data_dir.exists()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
