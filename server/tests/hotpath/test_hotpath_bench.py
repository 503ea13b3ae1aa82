"""iggy-bench drives every workload against a real server and reports what actually moved."""

import json
import time

import pytest

from iggy_server.bench import floor
from iggy_server.bench.__main__ import main
from iggy_server.bench.report import percentile

EXPECTED_ROLES = {
    "pinned-producer": {"producer"},
    "pinned-consumer": {"consumer"},
    "pinned-producer-and-consumer": {"producer", "consumer"},
    "balanced-producer": {"producer"},
    "balanced-consumer-group": {"consumer"},
    "end-to-end-producing-consumer": {"producing_consumer"},
}


@pytest.mark.parametrize("workload", sorted(EXPECTED_ROLES))
def test_workload_runs_and_reports(server, tmp_path, workload):
    output, page = tmp_path / "r.json", tmp_path / "r.html"
    code = main(
        [
            workload,
            f"--address={server.host}:{server.port}",
            "--producers=2",
            "--consumers=2",
            "--streams=2",
            "--partitions=3" if workload.startswith("balanced") else "--partitions=1",
            "--messages-per-batch=10",
            "--message-size=100",
            "--message-batches=6",
            f"--output-json={output}",
            f"--output-html={page}",
            "--cleanup",
        ]
    )
    assert code == 0
    report = json.loads(output.read_text())
    roles = {role["role"]: role for role in report["roles"]}
    assert set(roles) == EXPECTED_ROLES[workload]
    for role in roles.values():
        assert role["errors"] == []
        if role["role"] == "consumer" and workload == "balanced-consumer-group":
            assert role["messages"] == 2 * 6 * 10  # every seeded message read once by the group
        else:
            assert role["messages"] == 2 * 6 * 10  # 2 actors x 6 batches x 10 messages
        assert role["bytes"] == role["messages"] * (64 + 100)
        latency = role["latency_ms"]
        assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    assert "<svg" in page.read_text()


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert (percentile(values, 50), percentile(values, 99), percentile(values, 99.99)) == (50, 99, 100)
    assert percentile([], 50) == 0


def test_rate_limit_paces_batches_on_a_fixed_schedule(server, tmp_path):
    # 10 batches of 10 × (64 + 100) B = 1640 B at 0.1 MB/s: one batch due every 16.4 ms, so the last
    # is due 147.6 ms after the first; the run cannot finish sooner, however fast the server is.
    output = tmp_path / "paced.json"
    code = main(
        [
            "pinned-producer",
            f"--address={server.host}:{server.port}",
            "--producers=1",
            "--streams=1",
            "--messages-per-batch=10",
            "--message-size=100",
            "--message-batches=10",
            "--rate-limit=0.1",
            f"--output-json={output}",
            "--cleanup",
        ]
    )
    assert code == 0
    report = json.loads(output.read_text())
    (producer,) = report["roles"]
    assert producer["messages"] == 100 and producer["errors"] == []
    assert report["parameters"]["rate_limit_mb_per_s"] == 0.1
    assert producer["elapsed_s"] >= 0.1476
    assert producer["megabytes_per_s"] <= 0.1 * 10 / 9  # 10 batches over 9 intervals


def test_latency_floor_pump_answers_every_request_on_schedule():
    # 20 requests of 1000 B at 0.5 MB/s: one due every 2 ms, so the pump cannot finish in under 38 ms.
    started = time.perf_counter()
    latencies = floor.paced_pump(0.5, 1000, 20)
    assert len(latencies) == 20
    assert latencies == sorted(latencies) and latencies[0] >= 0
    assert time.perf_counter() - started >= 0.038
    summary = floor.summarize_ms(latencies)
    assert summary["p50"] <= summary["p99"] <= summary["max"] == latencies[-1] * 1e3


def test_measure_floor_needs_a_rate(capsys):
    with pytest.raises(SystemExit):
        main(["pinned-producer", "--measure-floor"])
    assert "--measure-floor needs --rate-limit" in capsys.readouterr().err
