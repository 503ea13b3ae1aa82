"""iggy-bench drives every workload against a real server and reports what actually moved."""

import json

import pytest

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
