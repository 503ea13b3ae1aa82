"""``iggy-bench --client official-rust``: tiny workloads of the load generator on the official Rust SDK
(server/bench-official, built by ``make bench-official``, which ``make test-server`` runs first) against a test server
from ``TestServer`` (the launcher); the server's own counts confirm what the report claims. The binary on its own
with Iggy's command line, over TLS. Plus the translation of iggy-bench's flags and the reading of the generator's
JSON, which need no binary."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import MESSAGE_HEADER_SIZE
from iggy.protocol.primitives import Consumer, PollingStrategy

from iggy_server.bench import __main__ as bench
from iggy_server.bench import official
from iggy_server.testing import TestServer
from server_support import WireClient

TIMEOUT_S = 300


@pytest.fixture(scope="module")
def address():
    with TestServer() as server:
        yield server.address


def built(client: str) -> Path:
    path = official.default_binary(client)
    if not path.is_file():
        pytest.fail(f"{path} is missing: `make bench-official` and `make bench-official-0.11` build the generators "
                    "(make test-server does)")
    return path


@pytest.fixture(scope="module")
def binary() -> Path:
    return built("official-rust")


def run_bench(address: str, binary: Path, output: Path, *workload: str, client: str = "official-rust") -> dict:
    argv = [
        sys.executable, "-m", "iggy_server.bench", "--client", client, "--official-binary", str(binary),
        "--address", address, "--messages-per-batch", "10", "--message-size", "100", "--message-batches", "5",
        "--output-json", str(output), *workload,
    ]  # fmt: skip
    finished = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    return json.loads(output.read_text())


def rows(report: dict) -> dict[str, dict]:
    return {row["role"]: row for row in report["roles"]}


def stored_messages(address: str, stream: str, partition: int = 0) -> int:
    host, _, port = address.rpartition(":")
    with WireClient(host, int(port)) as client:
        client.login()
        request = requests.PollMessages(
            Consumer.consumer(999), stream, "topic-1", partition, PollingStrategy.offset(0), 1000, False
        )
        body = client.call(request)
    return int.from_bytes(body[12:16], "little")


def test_pinned_producer_reports_each_actor_and_the_server_holds_every_message(address, binary, tmp_path) -> None:
    report = run_bench(address, binary, tmp_path / "r.json", "pinned-producer", "--producers", "2")
    by_role = rows(report)
    assert set(by_role) == {"producer 1", "producer 2", "producer"}
    assert [by_role[name]["messages"] for name in ("producer 1", "producer 2", "producer")] == [50, 50, 100]
    assert by_role["producer"]["bytes"] == 100 * (MESSAGE_HEADER_SIZE + 100)
    assert 0 < by_role["producer"]["latency_ms"]["p50"] <= by_role["producer"]["latency_ms"]["p99.9"]
    assert by_role["producer"]["megabytes_per_s"] > 0 and by_role["producer"]["messages_per_s"] > 0
    assert report["parameters"]["client"].startswith("official Rust SDK")
    assert stored_messages(address, "bench-stream-1") == 50
    assert stored_messages(address, "bench-stream-2") == 50


def test_the_0_9_generator_runs_the_same_workloads_in_iggy_0_9s_protocol(address, tmp_path) -> None:
    """The same source built on the SDK 0.11.0: a producer and a pinned consumer, the server's counts agreeing."""
    binary_0_9 = built("official-rust-0.9")
    report = run_bench(address, binary_0_9, tmp_path / "p.json", "pinned-producer", "--producers", "1",
                       client="official-rust-0.9")
    assert rows(report)["producer"]["messages"] == 50
    assert stored_messages(address, "bench-stream-1") == 50
    consumer = run_bench(address, binary_0_9, tmp_path / "c.json", "pinned-consumer", "--consumers", "1",
                         client="official-rust-0.9")
    assert rows(consumer)["consumer"]["messages"] == 50


def test_the_load_phase_cpu_time_of_client_and_server_is_in_the_record(binary, tmp_path) -> None:
    with TestServer() as server:
        report = run_bench(server.address, binary, tmp_path / "r.json", "--server-pid", str(server.pid),
                           "pinned-producer", "--producers", "2")  # fmt: skip
        # Asked for and unreadable (no such process): the run fails, naming it, rather than reporting without it.
        argv = [str(binary), "-P", "10", "-m", "100", "-b", "2", "--server-pid", "4194999", "pinned-producer",
                "-p", "1", "tcp", "--server-address", server.address]  # fmt: skip
        finished = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S)
    cpu = report["load_cpu"]
    assert cpu["load_ms"] > 0
    assert isinstance(cpu["client_cpu_ms"], int) and isinstance(cpu["server_cpu_ms"], int)
    assert finished.returncode != 0 and "/proc/4194999/stat" in finished.stderr, finished.stderr


def test_pinned_consumer_reads_what_was_seeded(address, binary, tmp_path) -> None:
    report = run_bench(address, binary, tmp_path / "r.json", "pinned-consumer", "--consumers", "1")
    (row,) = report["roles"]
    assert row["role"] == "consumer" and row["messages"] == 50 and not row["errors"]


def test_group_and_producers_together_give_a_total_row(address, binary, tmp_path) -> None:
    report = run_bench(
        address, binary, tmp_path / "r.json",
        "balanced-producer-and-consumer-group", "--producers", "1", "--consumers", "2", "--partitions", "3",
    )  # fmt: skip
    by_role = rows(report)
    assert by_role["producer"]["messages"] == 50
    # Two members share the group's 50 messages (a poll may overshoot by at most one batch per member).
    assert 50 <= by_role["consumer"]["messages"] <= 50 + 2 * 10
    assert by_role["total"]["actors"] == 3
    assert sum(stored_messages(address, "bench-stream-1", p) for p in range(3)) == 50


def test_a_balanced_producer_takes_one_partition_as_iggys_benchmark_does(address, binary, tmp_path) -> None:
    # The binary refused `--partitions 1` for the balanced workloads as if they were pinned ones.
    report = run_bench(address, binary, tmp_path / "r.json",
                       "balanced-producer", "--producers", "2", "--streams", "1", "--partitions", "1")
    assert rows(report)["producer"]["messages"] == 100
    assert stored_messages(address, "bench-stream-1") == 100


def test_the_binary_takes_iggys_command_line_and_speaks_tls(binary, tmp_path) -> None:
    with TestServer(tls=True) as server:
        output = tmp_path / "tls.json"
        argv = [
            str(binary), "-P", "10", "-m", "100", "-b", "3", "--output-json", str(output),
            "pp", "-p", "1", "tcp", "--server-address", server.address,
            "--tls", "--tls-ca-file", str(server.ca_file), "--tls-validate-certificate",
        ]  # fmt: skip
        finished = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S)
        assert finished.returncode == 0, finished.stdout + finished.stderr
        document = json.loads(output.read_text())
        assert document["format"] == official.FORMAT and document["workload"] == "pinned-producer"
        assert document["total"]["messages"] == 30 and len(document["actors"][0]["latencies_ns"]) == 3
        plain = subprocess.run(argv[: argv.index("--tls")], capture_output=True, text=True, timeout=TIMEOUT_S)
        assert plain.returncode != 0  # the same server refuses a plaintext client


def test_flags_translate_to_iggys_benchmark_cli(tmp_path) -> None:
    args = bench.arguments(
        ["--client", "official-rust", "--address", "10.0.0.1:9", "--total-data", "4MB", "--messages-per-batch", "100",
         "--message-size", "1000", "balanced-consumer-group", "--consumers", "2", "--partitions", "6"]
    )  # fmt: skip
    argv = official.command(args, Path("/bin/x"), args.address, tmp_path / "o.json")
    assert argv[argv.index("--message-batches") + 1] == "20"  # 4 MB over 2 actors of 100 kB batches
    workload = argv[argv.index("balanced-consumer-group") :]
    assert workload == ["balanced-consumer-group", "--partitions", "6", "--consumers", "2",
                        "tcp", "--server-address", "10.0.0.1:9"]  # fmt: skip
    quic = bench.arguments(["--client", "official-rust", "--transport", "quic", "--address", "10.0.0.1:8",
                            "pinned-producer"])
    assert official.command(quic, Path("/bin/x"), quic.address, tmp_path / "o.json")[-3:] == [
        "quic", "--server-address", "10.0.0.1:8"
    ]  # fmt: skip


@pytest.mark.parametrize(
    "argv",
    [
        ["--client", "official-rust", "--rate-limit", "10", "pinned-producer"],
        ["--client", "official-rust", "--cleanup", "pinned-producer"],
        ["--client", "official-rust", "--partitions", "2", "pinned-consumer"],
        ["balanced-producer-and-consumer-group"],
        ["--official-binary", "/bin/x", "pinned-producer"],
        ["--transport", "quic", "pinned-producer"],
    ],
)
def test_flags_the_chosen_client_cannot_honour_are_refused(argv) -> None:
    with pytest.raises(SystemExit) as exited:
        bench.arguments(argv)
    assert exited.value.code == 2


def test_report_rows_come_from_the_raw_batches() -> None:
    def actor(role: str, number: int, latencies_ns: list[int]) -> dict:
        return {
            "role": role, "id": number, "stream": "bench-stream-1", "error": None,
            "elapsed_ns": 2_000_000_000, "latencies_ns": latencies_ns,
            "completed_at_ns": [(i + 1) * 100_000_000 for i in range(len(latencies_ns))],
            "summary": {"messages": 10 * len(latencies_ns), "bytes": 10 * len(latencies_ns) * 164, "empty_polls": 0},
        }  # fmt: skip

    document = {
        "format": official.FORMAT, "client": "official Rust SDK", "workload": "pinned-producer-and-consumer",
        "transport": "tcp",
        "parameters": {"message_size": 100, "producers": 2, "consumers": 1},
        "actors": [actor("producer", 1, [1_000_000, 3_000_000]), actor("producer", 2, [2_000_000]),
                   actor("consumer", 1, [5_000_000])],
    }  # fmt: skip
    report = official.report_from(document, "127.0.0.1:1")
    by_role = {row.role: row for row in report.roles}
    assert list(by_role) == ["consumer", "producer 1", "producer 2", "producer", "total"]
    assert by_role["producer"].messages == 30 and by_role["producer"].actors == 2
    assert by_role["producer"].latency_ms["p50"] == 2.0 and by_role["producer 1"].latency_ms["max"] == 3.0
    assert by_role["total"].latency_ms["max"] == 5.0 and by_role["total"].messages == 40
    assert by_role["producer"].megabytes_per_s == pytest.approx(30 * 164 / 2 / 1e6)
    with pytest.raises(official.OfficialClientError):
        official.report_from({**document, "format": "other/1"}, "127.0.0.1:1")
