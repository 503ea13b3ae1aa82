"""The side-by-side comparison script: which runs it starts, and how it reduces rounds to medians, spreads and
ratios (the runs themselves are iggy-bench's, tested in test_bench_official.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from iggy_server.bench import __main__ as bench_main
from iggy_server.bench import compare, page_cache


def test_targets_alternate_our_modes_and_the_external_server() -> None:
    args = compare.arguments(
        ["--modes", "memory,durable", "--external", "10.0.0.1:8090", "--bench-flags", "--message-batches 7"]
    )
    assert compare.targets(args) == ["ours-memory", "ours-durable", "external"]
    assert args.workloads == list(compare.DEFAULT_WORKLOADS)
    command = compare.bench_command(
        args, "127.0.0.1:4000", "pinned-producer --producers 4", Path("o.json"), compare.client_of(args, "ours-memory")
    )
    assert command[command.index("--client") + 1] == "official-rust"
    assert command[command.index("--warm-page-cache-mib") + 1] == "2048"
    assert command[-9:] == [
        "--message-batches", "7", "--transport", "tcp", "--address", "127.0.0.1:4000", "pinned-producer",
        "--producers", "4",
    ]  # fmt: skip


def test_protocols_run_each_of_our_targets_with_the_official_client_of_each_version() -> None:
    args = compare.arguments(["--modes", "written", "--protocols", "0.8,0.9", "--external", "10.0.0.1:8090"])
    assert compare.targets(args) == ["ours-written", "ours-written@0.9", "external"]
    assert compare.client_of(args, "ours-written") == "official-rust"
    assert compare.client_of(args, "ours-written@0.9") == "official-rust-0.9"
    assert compare.durability_and_settings(args, "ours-written@0.9") == ("written", {})
    runs = [
        {"workload": "w", "target": target, "figures": {"producer": {"megabytes_per_s": mb, "p99_ms": p99}}}
        for target, mb, p99 in (("ours-written", 100.0, 2.0), ("ours-written@0.9", 95.0, 2.5))
    ]
    rows = {row["target"]: row for row in compare.summarize(runs, "iggy")}
    assert rows["ours-written@0.9"]["megabytes_per_s_vs_0.8"] == pytest.approx(0.95)
    assert rows["ours-written@0.9"]["p99_ms_vs_0.8"] == pytest.approx(1.25)
    assert "megabytes_per_s_vs_0.8" not in rows["ours-written"]


def test_our_server_is_started_for_the_run_and_stopped_after_it(tmp_path, monkeypatch) -> None:
    events: list[str] = []

    class Server:
        address, pid = "127.0.0.1:4001", 777

        def stop(self) -> None:
            events.append("stop")

    def start(durability, data_dir, settings):
        events.append(f"start {durability} {settings}")
        return Server()

    def run(command, **kwargs):
        pid = command[command.index("--server-pid") + 1] if "--server-pid" in command else None
        events.append(f"bench {command[command.index('--address') + 1]} pid {pid}")
        Path(command[command.index("--output-json") + 1]).write_text("{}")
        return compare.subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(compare, "start_local_server", start)
    monkeypatch.setattr(compare.subprocess, "run", run)
    args = compare.arguments(
        ["--modes", "memory", "--external", "10.0.0.1:8090", "--variant", "plain:written:IGGY_TCP_SEND_THREAD=false"]
    )
    # Our server's pid goes to the run (its CPU time is measured); the external one's only when given.
    assert compare.run_one(args, "ours-memory", "pinned-producer", tmp_path / "a.json") is None
    assert events == ["start memory {}", "bench 127.0.0.1:4001 pid 777", "stop"]
    events.clear()
    assert compare.run_one(args, "ours-plain", "pinned-producer", tmp_path / "v.json") is None
    assert events == ["start written {'IGGY_TCP_SEND_THREAD': 'false'}", "bench 127.0.0.1:4001 pid 777", "stop"]
    events.clear()
    assert compare.run_one(args, compare.EXTERNAL, "pinned-producer", tmp_path / "b.json") is None
    assert events == ["bench 10.0.0.1:8090 pid None"]
    events.clear()
    args = compare.arguments(["--modes", "memory", "--external", "10.0.0.1:8090", "--external-pid", "99"])
    assert compare.run_one(args, compare.EXTERNAL, "pinned-producer", tmp_path / "c.json") is None
    assert events == ["bench 10.0.0.1:8090 pid 99"]
    events.clear()
    # Over another transport, our server is loaded at that transport's address and the external one at --external.
    Server.transport_addresses = {"quic": "127.0.0.1:4002"}
    args = compare.arguments(["--modes", "memory", "--transport", "quic", "--external", "10.0.0.1:8080"])
    assert compare.run_one(args, "ours-memory", "pinned-producer", tmp_path / "d.json") is None
    assert compare.run_one(args, compare.EXTERNAL, "pinned-producer", tmp_path / "e.json") is None
    assert events == ["start memory {}", "bench 127.0.0.1:4002 pid 777", "stop", "bench 10.0.0.1:8080 pid None"]


def test_a_variant_is_one_more_target_of_our_server_with_its_settings() -> None:
    args = compare.arguments(
        ["--modes", "written", "--external", "10.0.0.1:8090",
         "--variant", "two:memory:IGGY_TCP_SEND_THREAD=false,IGGY_TCP_NODELAY=false"]
    )  # fmt: skip
    assert compare.targets(args) == ["ours-written", "ours-two", "external"]
    settings = {"IGGY_TCP_SEND_THREAD": "false", "IGGY_TCP_NODELAY": "false"}
    assert compare.durability_and_settings(args, "ours-two") == ("memory", settings)
    assert compare.durability_and_settings(args, "ours-written") == ("written", {})


@pytest.mark.parametrize(
    "argv",
    [
        ["--modes", "fast"],
        ["--rounds", "0"],
        ["--variant", "x:fast:IGGY_TCP_NODELAY=false"],  # unknown mode
        ["--variant", "x:written"],  # no settings
        ["--variant", "x:written:TCP_NODELAY=false"],  # not an IGGY_ key
        ["--variant", "x:written:IGGY_TCP_NODELAY="],  # no value
        ["--modes", "written", "--variant", "written:memory:IGGY_TCP_NODELAY=false"],  # label taken
    ],
)
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


def test_cpu_per_gigabyte_counts_every_role_and_is_compared_like_throughput() -> None:
    def report(producer_bytes: int, consumer_bytes: int, server_cpu_ms: float | None) -> dict:
        latency = {"p50": 1.0, "p99": 2.0, "p99.9": 3.0}
        roles = [
            {"role": "producer", "bytes": producer_bytes, "megabytes_per_s": 100.0, "latency_ms": latency},
            {"role": "consumer", "bytes": consumer_bytes, "megabytes_per_s": 100.0, "latency_ms": latency},
            {"role": "total", "bytes": producer_bytes + consumer_bytes, "megabytes_per_s": 200.0,
             "latency_ms": latency},  # fmt: skip
        ]
        return {"roles": roles, "load_cpu": {"load_ms": 10.0, "client_cpu_ms": 500.0, "server_cpu_ms": server_cpu_ms}}

    figures = compare.role_figures(report(3 * 10**9, 10**9, 2000.0))
    assert figures["producer"]["server_cpu_ms_per_gb"] == figures["consumer"]["server_cpu_ms_per_gb"] == 500.0
    assert figures["producer"]["client_cpu_ms_per_gb"] == 125.0
    assert "total" not in figures
    # Without the server's CPU time (an external server without --external-pid): no figure, no ratio.
    assert "server_cpu_ms_per_gb" not in compare.role_figures(report(10**9, 10**9, None))["producer"]
    runs = [
        {"target": "ours-memory", "workload": "w", "figures": compare.role_figures(report(10**9, 10**9, ms))}
        for ms in (600.0, 800.0, 1000.0)
    ]
    external = compare.role_figures(report(10**9, 10**9, 1600.0))
    runs += [{"target": compare.EXTERNAL, "workload": "w", "figures": external}]
    rows = {(row["target"], row["role"]): row for row in compare.summarize(runs, "iggy")}
    assert rows[("ours-memory", "producer")]["server_cpu_ms_per_gb"]["median"] == 400.0
    assert rows[("ours-memory", "producer")]["server_cpu_ms_per_gb_vs_iggy"] == pytest.approx(0.5)


def test_the_page_cache_warm_up_syncs_writes_the_asked_size_and_leaves_nothing(tmp_path, monkeypatch) -> None:
    events: list[object] = []
    real_pwrite = page_cache.os.pwrite

    def pwrite(fd: int, data: bytes, offset: int) -> int:
        events.append(offset)
        return real_pwrite(fd, data, offset)

    monkeypatch.setattr(page_cache.os, "pwrite", pwrite)
    monkeypatch.setattr(page_cache.os, "sync", lambda: events.append("sync"))
    page_cache.sync_and_warm(3, tmp_path)
    assert events == ["sync", 0, 1024 * 1024, 2 * 1024 * 1024]  # the previous run's dirty pages first
    assert list(tmp_path.iterdir()) == []
    page_cache.sync_and_warm(0, tmp_path)  # off
    assert len(events) == 4 and list(tmp_path.iterdir()) == []
    assert compare.arguments(["--warm-page-cache-mib", "0"]).warm_page_cache_mib == 0


def test_iggy_bench_warms_after_starting_the_server_and_before_the_load(monkeypatch) -> None:
    """Right before the load: pages freed during the server's start would be back with the host (see
    bench/page_cache.py)."""
    events: list[str] = []

    class Server:
        address, pid = "127.0.0.1:4002", 4242

        def close(self) -> None:
            events.append("close")

    def start(durability, data_dir):
        events.append("start")
        return Server()

    def load(args, address, server_pid):
        events.append(f"load {address} {server_pid}")
        raise SystemExit(0)  # the report is not what this test is about

    monkeypatch.setattr(bench_main, "start_local_server", start)
    monkeypatch.setattr(bench_main.page_cache, "sync_and_warm", lambda mib: events.append(f"warm {mib}"))
    monkeypatch.setattr(bench_main.official, "run", load)
    monkeypatch.setattr(bench_main.official, "binary", lambda args: Path("/bin/true"))
    argv = ["--client", "official-rust", "--start-server", "--warm-page-cache-mib", "64", "pinned-producer"]
    with pytest.raises(SystemExit):
        bench_main.main(argv)
    assert events == ["start", "warm 64", "load 127.0.0.1:4002 4242", "close"]
