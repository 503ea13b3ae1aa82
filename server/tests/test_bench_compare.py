"""The side-by-side comparison script: which runs it starts, and how it reduces rounds to medians, spreads and
ratios (the runs themselves are iggy-bench's, tested in test_bench_official.py)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import sys
import time
from pathlib import Path

import pytest

from iggy_server.bench import __main__ as bench_main
from iggy_server.bench import compare, page_cache
from server_support import free_port


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
    assert command[command.index("--warm-page-cache-mib") + 1] == "auto"
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


def test_ratios_paired_by_round_follow_a_drift_that_the_ratio_of_medians_misses() -> None:
    # The machine slows down over the rounds, for both targets alike, and the reference has no run in the last
    # (slow) round: each round ours is 10 % behind, so the paired ratio is 0.9x, while the ratio of medians, taken
    # over different rounds, says 0.68x.
    def run(target: str, round_number: int, megabytes_per_s: float) -> dict:
        figures = {"megabytes_per_s": megabytes_per_s, "p99_ms": 2.0}
        return {"target": target, "workload": "w", "round": round_number, "figures": {"producer": figures}}

    speeds = {1: 1000.0, 2: 1000.0, 3: 600.0, 4: 600.0, 5: 600.0}
    runs = [run("ours-written", n, 0.9 * speed) for n, speed in speeds.items()]
    runs += [run(compare.EXTERNAL, n, speed) for n, speed in speeds.items() if n != 5]
    runs += [run("ours-written@0.9", n, 0.8 * speed) for n, speed in speeds.items()]
    rows = {row["target"]: row for row in compare.summarize(runs, "iggy")}
    ours = rows["ours-written"]
    assert ours["megabytes_per_s_vs_iggy"] == pytest.approx(540 / 800)
    # Round 5 has no reference run: only the four rounds with both count.
    assert ours["megabytes_per_s_vs_iggy_paired"] == pytest.approx({"median": 0.9, "min": 0.9, "max": 0.9, "runs": 4})
    assert ours["p99_ms_vs_iggy_paired"]["median"] == pytest.approx(1.0)
    v09 = rows["ours-written@0.9"]
    assert v09["megabytes_per_s_vs_0.8_paired"]["median"] == pytest.approx(0.8 / 0.9)
    assert v09["megabytes_per_s_vs_0.8_paired"]["runs"] == 5
    assert "megabytes_per_s_vs_iggy_paired" not in rows[compare.EXTERNAL]
    # Runs without their round (older JSON) give the ratio of medians alone.
    for unnumbered in runs:
        del unnumbered["round"]
    assert not any(key.endswith("_paired") for row in compare.summarize(runs, "iggy") for key in row)


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


def test_auto_warms_every_page_the_load_writes_plus_a_margin() -> None:
    """A write past the warmed pages lands in pages the host took back, several times dearer (page_cache.py)."""
    four_producers = bench_main.arguments(["pinned-producer", "--producers", "4"])
    written = 4 * 1000 * 1000 * (64 + 1000)  # the default 1000 batches of 1000 x 1000 B, 64-byte headers
    assert bench_main.load_write_bytes(four_producers) == written
    assert page_cache.warm_mebibytes("auto", written, available_mib=24_000) == -(-written // 2**20) + 512 == 4571
    assert page_cache.warm_mebibytes("auto", written, available_mib=5_000) == 5_000 - 2048  # memory bounds it
    assert page_cache.warm_mebibytes("auto", written, available_mib=1_000) == 0
    by_total = bench_main.arguments(["pinned-producer", "--producers", "2", "--total-data", "8GB"])
    assert bench_main.load_write_bytes(by_total) == 2 * 4000 * 1000 * 1064
    consumers = bench_main.arguments(["pinned-consumer", "--consumers", "4", "--warm-page-cache-mib", "auto"])
    assert bench_main.load_write_bytes(consumers) == 0  # seeded before the warm; the load only reads
    assert page_cache.warm_mebibytes(consumers.warm_page_cache_mib, 0, available_mib=24_000) == 2048  # the floor
    assert page_cache.warm_mebibytes(300, written) == 300  # a number is taken as given
    with pytest.raises(SystemExit):
        compare.arguments(["--warm-page-cache-mib", "lots"])


# A stand-in for an external server started by --external-command: it records its pid, its start count and
# whether the data directory it is about to fill existed, then accepts connections on 127.0.0.1 until SIGTERM
# (FAKE_IGNORE_TERM: not even then) or, as a bound should a test leave it behind, for two minutes.
FAKE_EXTERNAL_SERVER = """
import os, signal, socket, time

state_path, data_dir = os.environ["FAKE_STATE"], os.environ.get("FAKE_DATA")
with open(state_path, "a+") as state:
    state.seek(0)
    starts = len(state.read().splitlines())
    fresh = "fresh" if data_dir is None or not os.path.exists(data_dir) else "stale"
    state.write(f"{os.getpid()} {starts + 1} {fresh}\\n")
if data_dir:
    os.makedirs(data_dir, exist_ok=True)
    open(os.path.join(data_dir, "segment"), "w").close()
if os.environ.get("FAKE_IGNORE_TERM"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("fake external server up", flush=True)
deadline = time.monotonic() + 120
if os.environ.get("FAKE_LISTEN", "1") == "0":
    time.sleep(120)
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", int(os.environ["FAKE_PORT"])))
listener.listen()
listener.settimeout(1.0)
while time.monotonic() < deadline:
    try:
        listener.accept()[0].close()
    except TimeoutError:
        pass
"""


def process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class FakeExternal:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.script = directory / "fake_external_server.py"
        self.script.write_text(FAKE_EXTERNAL_SERVER)
        self.state = directory / "starts.txt"
        self.data = directory / "run" / "data"
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"

    def starts(self) -> list[tuple[int, int, str]]:
        if not self.state.is_file():
            return []
        lines = self.state.read_text().splitlines()
        return [(int(pid), int(count), fresh) for pid, count, fresh in map(str.split, lines)]

    def argv(self, *env: str) -> list[str]:
        """compare's arguments that start this fake (relative to --external-cwd) for each external run."""
        settings = [f"FAKE_STATE={self.state}", f"FAKE_DATA={self.data}", f"FAKE_PORT={self.port}", *env]
        return [
            "--external", self.address, "--external-cwd", str(self.directory),
            "--external-command", shlex.join([sys.executable, self.script.name]),
            *(argument for setting in settings for argument in ("--external-env", setting)),
        ]  # fmt: skip

    def server(self, log_path: Path, *env: str, **options) -> compare.ExternalServer:
        settings = dict(setting.partition("=")[::2] for setting in env)
        settings.update(FAKE_STATE=str(self.state), FAKE_DATA=str(self.data), FAKE_PORT=str(self.port))
        return compare.ExternalServer(
            [sys.executable, str(self.script)], ("127.0.0.1", self.port), log_path, env_additions=settings, **options
        )


@pytest.fixture
def fake_external(tmp_path):
    fake = FakeExternal(tmp_path)
    yield fake
    for pid, _, _ in fake.starts():  # a failed test may leave one running
        if process_exists(pid):
            os.kill(pid, signal.SIGKILL)


def test_the_external_command_starts_a_fresh_server_for_every_run_and_stops_it(fake_external, monkeypatch) -> None:
    fake = fake_external
    fake.data.mkdir(parents=True)
    (fake.data / "segment").write_text("the last comparison's data")
    loaded: list[int] = []

    def bench(command, **kwargs):
        # The run loads the started server, and its CPU time is that process's.
        assert command[command.index("--address") + 1] == fake.address
        assert compare.accepts_connection(("127.0.0.1", fake.port))
        loaded.append(int(command[command.index("--server-pid") + 1]))
        Path(command[command.index("--output-json") + 1]).write_text(json.dumps({"parameters": {}, "roles": []}))
        return compare.subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(compare.subprocess, "run", bench)
    output = fake.directory / "compare.json"
    argv = ["--modes", "", "--rounds", "3", "--pause-s", "0", "--workload", "pinned-producer", "--output-json"]
    argv += [str(output), "--external-clean-dir", str(fake.data.parent), *fake.argv()]
    assert compare.main(argv) == 0
    starts = fake.starts()
    assert [count for _, count, _ in starts] == [1, 2, 3]
    assert [pid for pid, _, _ in starts] == loaded and len(set(loaded)) == 3
    assert [fresh for _, _, fresh in starts] == ["fresh"] * 3  # the clean dir was removed before every start
    assert not any(process_exists(pid) for pid in loaded)
    assert not compare.accepts_connection(("127.0.0.1", fake.port))
    runs = json.loads(output.read_text())["runs"]
    command = shlex.join([sys.executable, fake.script.name])
    assert [run["parameters"]["external_command"] for run in runs] == [command] * 3


def test_an_external_command_that_exits_at_once_fails_the_run_with_its_exit_code_and_log(
    tmp_path, monkeypatch, capsys
) -> None:
    def bench(command, **kwargs):
        raise AssertionError("no run without the external server")

    monkeypatch.setattr(compare.subprocess, "run", bench)
    command = shlex.join([sys.executable, "-c", "print('no config file here'); raise SystemExit(3)"])
    args = compare.arguments(
        ["--external", f"127.0.0.1:{free_port()}", "--external-command", command, "--external-start-timeout-s", "30"]
    )
    started = time.monotonic()
    assert compare.run_one(args, compare.EXTERNAL, "pinned-producer", tmp_path / "a.json") == args.external_argv
    assert time.monotonic() - started < 20  # the exit ends the wait, not the timeout
    error = capsys.readouterr().err
    assert "exited with code 3 before 127.0.0.1:" in error
    assert "no config file here" in error  # the log's last lines
    assert "no config file here" in (tmp_path / "a.external.log").read_text()


def test_a_server_whose_port_never_opens_fails_the_start_and_is_stopped(fake_external) -> None:
    server = fake_external.server(fake_external.directory / "s.log", "FAKE_LISTEN=0", start_timeout_s=0.5)
    with pytest.raises(compare.ExternalServerError, match=r"accepted no connection within 0\.5 s") as failure:
        server.start()
    assert "fake external server up" in str(failure.value)
    [(pid, _, _)] = fake_external.starts()
    assert not process_exists(pid)


def test_the_server_gets_sigterm_and_sigkill_if_it_ignores_that(fake_external) -> None:
    server = fake_external.server(fake_external.directory / "s.log", stop_timeout_s=5.0)
    process = server.start().process
    assert process is not None and server.pid == fake_external.starts()[0][0]
    server.stop()
    assert process.returncode == -signal.SIGTERM
    server = fake_external.server(fake_external.directory / "s.log", "FAKE_IGNORE_TERM=1", stop_timeout_s=0.5)
    process = server.start().process
    assert process is not None and server.pid == fake_external.starts()[1][0]
    server.stop()
    assert process.returncode == -signal.SIGKILL
    assert not compare.accepts_connection(("127.0.0.1", fake_external.port))
    server.stop()  # repeatable


def test_the_start_refuses_a_port_that_another_server_holds(fake_external) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", fake_external.port))
        other.listen()
        server = fake_external.server(fake_external.directory / "s.log", stop_timeout_s=0.3)
        with pytest.raises(compare.ExternalServerError, match="before the start: .* still accepted connections"):
            server.start()
    assert fake_external.starts() == []  # the command never ran


def test_the_external_command_options() -> None:
    args = compare.arguments(
        ["--external", "127.0.0.1:8080", "--transport", "quic", "--external-ready", "127.0.0.1:8090",
         "--external-command", "./bin/server --fresh", "--external-env", "IGGY_A=1", "--external-env", "B=x=y",
         "--external-clean-dir", "/tmp/iggy-run/data"]
    )  # fmt: skip
    assert args.external_argv == ["./bin/server", "--fresh"]
    assert args.external_env_additions == {"IGGY_A": "1", "B": "x=y"}
    assert args.external_ready_address == ("127.0.0.1", 8090)
    assert compare.arguments(["--external", "127.0.0.1:8090"]).external_argv is None  # as before: not started
    assert compare.arguments(["--external", "h:1", "--external-command", "x"]).external_ready_address == ("h", 1)


@pytest.mark.parametrize(
    "argv",
    [
        ["--external", "127.0.0.1:8080", "--transport", "quic", "--external-command", "x"],  # no --external-ready
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-pid", "42"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-clean-dir", "relative/data"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-clean-dir", "/"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-clean-dir", str(Path.home())],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-clean-dir", "/tmp/../"],
        ["--external-command", "x"],  # no --external
        ["--external", "127.0.0.1:8090", "--external-command", ""],
        ["--external", "127.0.0.1:8090", "--external-command", "x 'unclosed"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-env", "NO_EQUALS"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-cwd", "/nonexistent/dir"],
        ["--external", "127.0.0.1", "--external-command", "x"],  # no port
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-start-timeout-s", "0"],
        ["--external", "127.0.0.1:8090", "--external-command", "x", "--external-start-timeout-s", "inf"],
        ["--external", "127.0.0.1:8090", "--external-env", "A=1"],  # only with --external-command
        ["--external", "127.0.0.1:8090", "--external-clean-dir", "/tmp/iggy-run/data"],
    ],
)
def test_bad_external_command_arguments_are_refused(argv, capsys) -> None:
    with pytest.raises(SystemExit):
        compare.arguments(argv)
    assert "--external" in capsys.readouterr().err
