"""The side-by-side comparison script: which runs it starts, and how it reduces rounds to medians, spreads and
ratios (the runs themselves are iggy-bench's, tested in test_bench_official.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from iggy_server.bench import compare


def test_targets_alternate_our_modes_and_the_external_server() -> None:
    args = compare.arguments(
        ["--modes", "memory,durable", "--external", "10.0.0.1:8090", "--bench-flags", "--message-batches 7"]
    )
    assert compare.targets(args) == ["ours-memory", "ours-durable", "external"]
    assert args.workloads == list(compare.DEFAULT_WORKLOADS)
    ours = compare.bench_command(args, "ours-durable", "pinned-producer --producers 4", Path("o.json"))
    assert ours[ours.index("--client") + 1] == "official-rust"
    assert ours[-8:] == [
        "--message-batches", "7", "--start-server", "--durability", "durable", "pinned-producer", "--producers", "4"
    ]  # fmt: skip
    external = compare.bench_command(args, "external", "pinned-consumer", Path("o.json"))
    assert external[-3:] == ["--address", "10.0.0.1:8090", "pinned-consumer"]


@pytest.mark.parametrize("argv", [["--modes", "fast"], ["--rounds", "0"]])
def test_bad_arguments_are_refused(argv) -> None:
    with pytest.raises(SystemExit):
        compare.arguments(argv)


def test_medians_spread_and_ratios() -> None:
    def run(target: str, megabytes_per_s: float, p99_ms: float) -> dict:
        figures = {"megabytes_per_s": megabytes_per_s, "p50_ms": 1.0, "p99_ms": p99_ms, "p99.9_ms": p99_ms}
        return {"target": target, "workload": "pp", "figures": {"producer": figures}}

    runs = [run("ours-memory", v, p) for v, p in ((300, 4), (500, 2), (400, 9))]
    runs += [run(compare.EXTERNAL, v, p) for v, p in ((800, 2), (700, 3), (900, 1))]
    rows = {row["target"]: row for row in compare.summarize(runs, "iggy")}
    ours = rows["ours-memory"]
    assert ours["megabytes_per_s"] == {"median": 400, "min": 300, "max": 500, "runs": 3}
    assert ours["megabytes_per_s_vs_iggy"] == pytest.approx(0.5)
    assert ours["p99_ms_vs_iggy"] == pytest.approx(2.0)
    assert "megabytes_per_s_vs_iggy" not in rows[compare.EXTERNAL]


def test_the_page_cache_warm_up_writes_the_asked_size_and_leaves_nothing(tmp_path, monkeypatch) -> None:
    written: list[int] = []
    real_pwrite = compare.os.pwrite

    def pwrite(fd: int, data: bytes, offset: int) -> int:
        written.append(offset)
        return real_pwrite(fd, data, offset)

    monkeypatch.setattr(compare.os, "pwrite", pwrite)
    compare.warm_page_cache(tmp_path, 3)
    assert written == [0, 1024 * 1024, 2 * 1024 * 1024]
    assert list(tmp_path.iterdir()) == []
    compare.warm_page_cache(tmp_path, 0)  # off
    assert len(written) == 3 and list(tmp_path.iterdir()) == []
    assert compare.arguments(["--warm-page-cache-mib", "0"]).warm_page_cache_mib == 0
