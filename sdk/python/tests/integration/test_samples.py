"""Every sample script runs to completion against the real server (as a subprocess, like a user would)."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.mark.parametrize(
    "sample, expected",
    [
        ("basic.py", "polled 10 messages"),
        ("consumer_group.py", "processed 300 messages (300 distinct)"),
        ("at_least_once.py", "100 distinct of 100"),
    ],
)
def test_sample_runs(iggy_server, protocol, sample, expected):
    stream = f"sample-{uuid.uuid4().hex[:8]}"
    result = subprocess.run(
        [sys.executable, str(SAMPLES / sample), iggy_server.url(protocol), "--stream", stream],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert expected in result.stdout, result.stdout
