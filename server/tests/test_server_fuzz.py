"""A brief run of the structure-aware frame fuzzer (``python -m iggy_server.testing.fuzz``): a few thousand
frames generated from the spec in both protocol versions, every answer checked, then a graceful stop and a
restart on the fuzzed data, where a sentinel stream must read back intact. The long run (≥ 1,000,000 frames)
is one command, see server/README.md "Fuzzing"."""

from __future__ import annotations

import json
import os
import subprocess
import sys

FRAMES = 3000


def test_brief_fuzz_run_holds_every_check(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("IGGY_")}
    result = subprocess.run(
        [sys.executable, "-m", "iggy_server.testing.fuzz", "--frames", str(FRAMES), "--tmp", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == 0, (report, result.stderr[-2000:])
    assert report["frames"] == FRAMES
    # Framing-level garbage was sent and refused (the fuzzer fails on any other answer to it).
    assert report.get("unknown_code_error", 0) + report.get("short_length_error", 0) > 0
    # Half the windows spoke 0.9, and broken headers were answered with evictions (the fuzzer fails otherwise).
    assert report["v09_frames"] > FRAMES // 3
    assert sum(count for key, count in report.items() if key.startswith("v09_eviction_")) > 0
