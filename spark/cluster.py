"""A throw-away Spark standalone cluster on 127.0.0.1, started with the launcher pyspark ships.

One master and N workers (`spark-class org.apache.spark.deploy.master.Master` / `...worker.Worker`),
each on a free port chosen by Spark (`--port 0`), their web UIs on free ports too, logs and work
directories under `work_dir`. Used by the Spark test suite and `spark/benchmarks/throughput.py`;
run it by hand to try the jobs on a cluster:

    .venv/bin/python spark/cluster.py --workers 2      # prints `master spark://127.0.0.1:PORT`, then `ready`;
                                                       # stops the cluster when stdin closes (Ctrl-D)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

START_TIMEOUT_S = 180  # generous: the JVMs start slowly on a loaded 2-core machine
_MASTER_URL = re.compile(r"Starting Spark master at (spark://[\w.]+:\d+)")
_REGISTERED = "Successfully registered with master"


def spark_home() -> Path:
    import pyspark

    return Path(pyspark.__file__).resolve().parent


def _wait_for(log_path: Path, process: subprocess.Popen, pattern: re.Pattern[str] | str, what: str) -> str:
    """The first match of `pattern` in the log the process writes (bounded by START_TIMEOUT_S)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        text = log_path.read_text(errors="replace") if log_path.exists() else ""
        match = re.search(pattern, text)
        if match:
            return match.group(match.lastindex or 0)
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}; log {log_path}:\n{text[-3000:]}")
        time.sleep(0.2)
    raise TimeoutError(f"{what} did not start within {START_TIMEOUT_S} s; see {log_path}")


def _start(args: list[str], log_path: Path, env: dict[str, str]) -> subprocess.Popen:
    with open(log_path, "wb") as log_file:
        return subprocess.Popen(
            [str(spark_home() / "bin" / "spark-class"), *args],
            stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
        )


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


@contextlib.contextmanager
def standalone_cluster(
    work_dir: Path,
    workers: int = 2,
    cores_per_worker: int = 1,
    memory_per_worker: str = "1g",
    python: str | None = None,
) -> Iterator[str]:
    """Start a master and `workers` workers; yield the master URL; stop them all.

    `python` is the interpreter the workers' executors run (PYSPARK_PYTHON), default this one."""
    work_dir.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "SPARK_HOME": str(spark_home()),
        "SPARK_LOCAL_IP": "127.0.0.1",
        "SPARK_LOG_DIR": str(work_dir),
        "PYSPARK_PYTHON": python or sys.executable,
        "SPARK_DAEMON_MEMORY": "256m",
    }
    processes: list[subprocess.Popen] = []
    try:
        master_log = work_dir / "master.log"
        master = _start(
            ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", "0", "--webui-port", "0"],
            master_log, env,
        )
        processes.append(master)
        url = _wait_for(master_log, master, _MASTER_URL, "the Spark master")
        for index in range(workers):
            worker_dir = work_dir / f"worker-{index}"
            worker_dir.mkdir(exist_ok=True)
            log_path = work_dir / f"worker-{index}.log"
            worker = _start(
                ["org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--port", "0",
                 "--webui-port", "0", "--cores", str(cores_per_worker), "--memory", memory_per_worker,
                 "--work-dir", str(worker_dir), url],
                log_path, env,
            )
            processes.append(worker)
        for index, worker in enumerate(processes[1:]):
            _wait_for(work_dir / f"worker-{index}.log", worker, _REGISTERED, f"Spark worker {index}")
        yield url
    finally:
        for process in reversed(processes):
            _stop(process)


_CONNECT_STARTED = re.compile(r"Spark Connect server started at: \S*?:(\d+)")


@contextlib.contextmanager
def connect_server(work_dir: Path, master: str = "local[2]", driver_memory: str = "1g",
                   python: str | None = None) -> Iterator[str]:
    """A Spark Connect server (the class `sbin/start-connect-server.sh` runs), in the foreground on
    a free loopback port; yields the client URL `sc://127.0.0.1:PORT`. Its Python workers, which run
    the data source, use `python` (default this interpreter)."""
    work_dir.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SPARK_HOME": str(spark_home()), "SPARK_LOCAL_IP": "127.0.0.1",
           "PYSPARK_PYTHON": python or sys.executable}
    log_path = work_dir / "connect-server.log"
    process = _start_submit(
        ["--class", "org.apache.spark.sql.connect.service.SparkConnectServer", "--master", master,
         "--driver-memory", driver_memory, "--conf", "spark.connect.grpc.binding.address=127.0.0.1",
         "--conf", "spark.connect.grpc.binding.port=0", "--conf", "spark.ui.enabled=false",
         "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.sql.shuffle.partitions=2",
         "--conf", f"spark.local.dir={work_dir}", "--conf", "spark.sql.session.timeZone=UTC"],
        log_path, env,
    )
    try:
        port = _wait_for(log_path, process, _CONNECT_STARTED, "the Spark Connect server")
        yield f"sc://127.0.0.1:{port}"
    finally:
        _stop(process)


def _start_submit(args: list[str], log_path: Path, env: dict[str, str]) -> subprocess.Popen:
    with open(log_path, "wb") as log_file:
        return subprocess.Popen(
            [str(spark_home() / "bin" / "spark-submit"), *args],
            stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cores-per-worker", type=int, default=1)
    parser.add_argument("--memory-per-worker", default="1g")
    parser.add_argument("--work-dir", default=None, help="logs and work dirs (default: a temporary directory)")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        work_dir = Path(args.work_dir or stack.enter_context(tempfile.TemporaryDirectory(prefix="spark-cluster-")))
        url = stack.enter_context(
            standalone_cluster(work_dir, args.workers, args.cores_per_worker, args.memory_per_worker)
        )
        print(f"master {url}", flush=True)
        print(f"logs {work_dir}", flush=True)
        print("ready", flush=True)
        sys.stdin.read()  # until stdin closes
    return 0


if __name__ == "__main__":
    sys.exit(main())
