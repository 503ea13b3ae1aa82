"""The spark/ jobs on a real Spark standalone cluster (a master and two 1-core workers on 127.0.0.1),
submitted with `spark-submit --master spark://...` as a user would, the SDK shipped as a wheel with
`--py-files` (renamed to .zip: Spark puts only .zip/.egg/.py files on
the workers' Python path).

The driver and executors run a "node" Python that has pyspark and pyarrow but not the SDK (this
venv's site-packages on its path, without the `.pth` that makes the SDK importable here), so the
jobs only work if the wheel really reaches every process."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from iggy.sync import IggyClient

pytestmark = pytest.mark.timeout(900)
REPO = Path(__file__).resolve().parents[5]
SUBMIT_TIMEOUT_S = 600


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cluster_module = load(REPO / "spark" / "cluster.py", "spark_cluster")


@pytest.fixture(scope="module")
def node_python(tmp_path_factory) -> str:
    """A Python with this venv's third-party packages but without the SDK."""
    root = tmp_path_factory.mktemp("node-venv")
    venv.EnvBuilder(with_pip=False).create(root)
    site_packages = next((root / "lib").glob("python3*/site-packages"))
    here = next(p for p in sys.path if p.endswith("site-packages") and Path(p, "pyarrow").is_dir())
    (site_packages / "cluster_node.pth").write_text(here + "\n")
    python = str(root / "bin" / "python")
    probe = subprocess.run([python, "-c", "import pyarrow, pyspark; import iggy"], capture_output=True, text=True,
                           env=_clean_env())
    assert "No module named 'iggy'" in probe.stderr, probe.stderr  # the wheel is the only way in
    return python


@pytest.fixture(scope="module")
def sdk_wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
         str(REPO / "sdk" / "python")],
        check=True, timeout=300,
    )
    (wheel,) = out.glob("iggy_sdk-*.whl")
    return wheel.rename(out / "iggy_sdk.zip")  # a pure-Python wheel is a zip of the packages


@pytest.fixture(scope="module")
def master_url(tmp_path_factory, node_python):
    with cluster_module.standalone_cluster(tmp_path_factory.mktemp("spark-cluster"), workers=2,
                                           cores_per_worker=1, memory_per_worker="1g",
                                           python=node_python) as url:
        yield url


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    env["SPARK_LOCAL_IP"] = "127.0.0.1"
    return env


def submit(master_url: str, node_python: str, wheel: Path, job: str, *args: str) -> str:
    command = [
        str(cluster_module.spark_home() / "bin" / "spark-submit"), "--master", master_url,
        "--py-files", str(wheel),
        "--conf", f"spark.pyspark.python={node_python}", "--conf", f"spark.pyspark.driver.python={node_python}",
        "--driver-memory", "768m", "--executor-memory", "512m", "--conf", "spark.executor.cores=1",
        "--conf", "spark.cores.max=2", "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.enabled=false",
        "--conf", "spark.sql.shuffle.partitions=2",
        str(REPO / "spark" / "jobs" / job), *args,
    ]
    # Spark 4.3 gives --py-files to the executors and to the driver's planning workers, but not to
    # the driver-side process that runs a Python streaming source: PYTHONPATH reaches it.
    env = {**_clean_env(), "PYTHONPATH": str(wheel)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=SUBMIT_TIMEOUT_S)
    assert done.returncode == 0, f"{job} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    return done.stdout


def test_jobs_on_a_standalone_cluster(iggy_server, master_url, node_python, sdk_wheel, tmp_path):
    generator = load(REPO / "spark" / "jobs" / "generate_events.py", "cluster_generate_events")
    stream = f"cluster-{os.getpid()}"
    conn = ["--address", iggy_server.address, "--username", "iggy", "--password", "iggy"]
    start = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
    events = generator.make_events(800, start, span_minutes=8, seed=11)
    etl_args = conn + ["--stream", stream, "--topic", "events", "--output-topic", "stats",
                       "--parquet", str(tmp_path / "stats"), "--checkpoint", str(tmp_path / "ck"),
                       "--available-now", "--shuffle-partitions", "2"]
    with IggyClient(iggy_server.connection_string) as admin:
        try:
            # The streaming ETL (availableNow): every event counted once in the Parquet output.
            generator.send_events(iggy_server.connection_string, stream, "events", events, partitions=2)
            submit(master_url, node_python, sdk_wheel, "streaming_etl.py", *etl_args)

            max_time = max(datetime.fromisoformat(e["event_time"]) for e in events)
            closed_before = max_time - timedelta(minutes=1)
            expected = Counter()
            for e in events:
                window_start = datetime.fromisoformat(e["event_time"]).replace(second=0, microsecond=0)
                if window_start + timedelta(minutes=1) <= closed_before:
                    expected[(window_start, e["action"])] += 1
            import pyarrow.parquet as pq

            table = pq.read_table(tmp_path / "stats").to_pylist()
            got = Counter()
            for row in table:
                window = row["window_start"].astimezone(timezone.utc) if row["window_start"].tzinfo else \
                    row["window_start"].replace(tzinfo=timezone.utc)
                got[(window, row["action"])] += row["events"]
            assert got == expected and len(table) == len(expected)
            assert sum(expected.values()) >= 400  # most of the 800 events fall in closed windows

            # The batch export job: every message of the topic once, partitioned Parquet.
            out = submit(master_url, node_python, sdk_wheel, "topic_export.py", *conn, "export", "--stream", stream,
                         "--topic", "events", "--output", str(tmp_path / "export"))
            assert f"exported {len(events)} messages" in out
            exported = pq.read_table(tmp_path / "export").to_pylist()
            assert len({(r["partition"], r["offset"]) for r in exported}) == len(exported) == len(events)
        finally:
            admin.delete_stream(stream)
