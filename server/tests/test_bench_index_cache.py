"""``iggy-bench index-cache`` runs end to end on a small partition and reports every figure per mode."""

from __future__ import annotations

import json

from iggy_server.bench import index_cache


def test_a_small_index_cache_run_reports_every_figure(tmp_path, capsys):
    output = tmp_path / "index-cache.json"
    argv = [
        "--messages", "3000", "--messages-per-batch", "100", "--message-size", "50", "--segment-size-bytes", "70000",
        "--modes", "all,none", "--rounds", "1", "--polls", "5", "--messages-per-poll", "100", "--no-warm-up",
        "--data-dir", str(tmp_path / "data"), "--output-json", str(output),
    ]  # fmt: skip
    assert index_cache.main(argv) == 0
    report = json.loads(output.read_text())
    assert [run["mode"] for run in report["runs"]] == ["all", "none"]
    for run in report["runs"]:
        assert run["rss_mib"] > run["rss_anon_mib"] > 0 and run["ready_s"] > 0
        for data in ("old", "new"):
            assert run[data]["megabytes_per_s"] > 0 and run[data]["p99_ms"] >= run[data]["p50_ms"] > 0
    assert set(report["summary"]) == {"all", "none"}
    printed = capsys.readouterr().out
    assert "filled 3,000 messages" in printed and "none" in printed.splitlines()[-1]
