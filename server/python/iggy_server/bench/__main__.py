"""``iggy-bench``: load an Iggy 0.8 server over TCP and report throughput and batch latency.

    iggy-bench pinned-producer                        # against 127.0.0.1:8090, user iggy/iggy
    iggy-bench --start-server --durability durable pinned-producer --producers 1 --streams 1
    iggy-bench balanced-consumer-group --consumers 4 --output-json r.json --output-html r.html
    iggy-bench --client official-rust pinned-producer --producers 1   # Iggy's workload on the official Rust SDK
    iggy-bench transports                             # send/poll over TCP, WebSocket, QUIC and HTTP
    iggy-bench index-cache                            # cache_indexes modes on 20 M messages: RSS, start, polls

The load comes from the native generator (one OS thread per actor, blocking TCP, frames encoded
once), so the client is not the bottleneck. Every run recreates the streams ``bench-1..N`` it uses. With
``--client official-rust`` the load comes from the official Rust SDK instead (see ``official``).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

from iggy.protocol.codes import MESSAGE_HEADER_SIZE
from iggy_server import _native
from iggy_server.bench import floor, official, page_cache
from iggy_server.bench.idle import IdleConnections, IdleConnectionsLost
from iggy_server.bench import report as reporting
from iggy_server.bench import workloads
from iggy_server.testing import TestServer

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?i?b?)?\s*$", re.IGNORECASE)
_UNITS = {
    "": 1, "b": 1,
    "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
    "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40,
}


def parse_size(text: str) -> int:
    match = _SIZE.match(text)
    unit = (match.group(2) or "").lower() if match else ""
    if not match or unit not in _UNITS and unit + "b" not in _UNITS:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 500MB, 1GiB)")
    return int(float(match.group(1)) * _UNITS.get(unit, _UNITS.get(unit + "b", 1)))


def warm_size(text: str) -> int | str:
    if text == page_cache.AUTO:
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a MiB count or 'auto': {text!r}") from None


def load_write_bytes(args: argparse.Namespace) -> int:
    """Message bytes the load's producers send (frames: the 0.8 message header and the payload); 0 without
    producers, whose data a consumer workload seeds before the warm."""
    uses_producers = official.WORKLOADS[args.workload][0]
    if not uses_producers:
        return 0
    return (
        args.producers * official.batches_per_actor(args) * args.messages_per_batch
        * (MESSAGE_HEADER_SIZE + args.message_size)
    )


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="iggy-bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("workload", choices=sorted(set(workloads.WORKLOADS) | set(official.WORKLOADS)))
    parser.add_argument("--address", default="127.0.0.1:8090", help="server host:port (default %(default)s)")
    parser.add_argument("--username", default="iggy")
    parser.add_argument("--password", default="iggy")
    parser.add_argument("--producers", type=int, default=8)
    parser.add_argument("--consumers", type=int, default=8)
    parser.add_argument(
        "--streams", type=int, help="default 8 for pinned workloads (official-rust: one per actor), 1 for balanced ones"
    )
    parser.add_argument("--partitions", type=int, help="default 1 for pinned workloads, 24 for balanced ones")
    parser.add_argument("--messages-per-batch", type=int, default=1000)
    parser.add_argument(
        "--message-size", type=int, default=1000, help="payload bytes per message (default %(default)s)"
    )
    parser.add_argument("--message-batches", type=int, default=1000, help="batches per actor (default %(default)s)")
    parser.add_argument(
        "--rate-limit",
        type=float,
        help="MB/s of message frames per actor, on a fixed schedule (latency counted from each batch's due "
        "time); default: as fast as the server answers",
    )
    parser.add_argument("--total-data", type=parse_size, help="instead of --message-batches: total payload (e.g. 10GB)")
    parser.add_argument(
        "--start-server", action="store_true", help="start a local iggy-server on a free port and a temp dir"
    )
    parser.add_argument(
        "--durability",
        choices=("memory", "written", "durable"),
        help="with --start-server: the server's system.partition.durability (default: the server's, written)",
    )
    parser.add_argument(
        "--server-pid", type=int, help="sample this process's RSS during the run (set by --start-server)"
    )
    parser.add_argument("--data-dir", help="with --start-server: data directory (default: a temp dir, removed after)")
    parser.add_argument("--measure-loopback", action="store_true", help="also measure raw loopback TCP throughput")
    parser.add_argument(
        "--measure-floor",
        action="store_true",
        help="with --rate-limit: also measure the machine's latency floor at that rate (a raw TCP request/ack "
        "pump between two processes, batches of the workload's size; no server, no disk)",
    )
    parser.add_argument("--output-json", type=Path)
    parser.add_argument("--output-html", type=Path)
    parser.add_argument("--cleanup", action="store_true", help="delete the benchmark streams afterwards")
    parser.add_argument("--timeout", type=float, default=3600.0, help="give up after this many seconds")
    parser.add_argument(
        "--warm-page-cache-mib",
        type=warm_size,
        default=0,
        help="right before the load (after --start-server): sync, then write and delete this many MiB, so "
        "the server writes into pages freed a moment before, as one that deletes old streams does (see "
        "bench/page_cache.py); 'auto': what the load writes plus 512 MiB, at least 2048, at most the available "
        "memory less 2048 (default: off)",
    )
    parser.add_argument(
        "--idle-connections",
        type=int,
        default=0,
        help="open this many TCP connections (each answered one Ping) before the load and keep them idle beside "
        "it; the run fails if the server closed any of them meanwhile (bench/idle.py; default 0)",
    )
    official.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.idle_connections < 0:
        parser.error("--idle-connections must be 0 or more")
    if args.idle_connections and args.transport != "tcp":
        parser.error("--idle-connections opens TCP connections: it needs --transport tcp (the address is TCP's)")
    official.check_arguments(parser, args, set(workloads.WORKLOADS))
    if args.measure_floor and not args.rate_limit:
        parser.error("--measure-floor needs --rate-limit (the floor is measured at that rate)")
    if args.durability and not args.start_server:
        parser.error("--durability needs --start-server (an existing server's mode is its own configuration)")
    return args


def plan_from(args: argparse.Namespace) -> workloads.Plan:
    uses_producers, uses_consumers, pinned = workloads.WORKLOADS[args.workload]
    if pinned:
        default_streams, default_partitions = workloads.DEFAULT_PINNED_STREAMS, workloads.DEFAULT_PINNED_PARTITIONS
    else:
        default_streams, default_partitions = workloads.DEFAULT_BALANCED_STREAMS, workloads.DEFAULT_BALANCED_PARTITIONS
    streams = args.streams or default_streams
    partitions = args.partitions or default_partitions
    batches = args.message_batches
    if args.total_data:
        producers = args.producers if uses_producers else 0
        consumers = args.consumers if uses_consumers and not uses_producers else 0
        actors = producers + consumers
        batches = max(1, args.total_data // (args.message_size * args.messages_per_batch * max(1, actors)))
    plan = workloads.Plan(
        workload=args.workload,
        producers=args.producers,
        consumers=args.consumers,
        streams=streams,
        partitions=partitions,
        messages_per_batch=args.messages_per_batch,
        message_size=args.message_size,
        message_batches=batches,
        username=args.username,
        password=args.password,
    )
    return workloads.build(plan)


def start_local_server(
    durability: str | None, data_dir: str | None, settings: dict[str, str] | None = None
) -> TestServer:
    """A server from the project's launcher (``iggy_server.testing``) for ``--start-server``; ``settings`` are
    further ``IGGY_*`` overrides (``compare --variant``)."""
    # The caller's IGGY_SYSTEM_* settings (writer, direct I/O, pool, segment size...) reach the server; address,
    # data path and credentials are the launcher's (--durability overrides the mode).
    env = {k: v for k, v in os.environ.items() if k.startswith("IGGY_SYSTEM_") and k != "IGGY_SYSTEM_PATH"}
    if durability is not None:
        env["IGGY_SYSTEM_PARTITION_DURABILITY"] = durability
    env.update(settings or {})
    server = TestServer(Path(data_dir) if data_dir else None, env)
    try:
        return server.start()
    except RuntimeError as error:
        raise SystemExit(f"iggy-bench: the local server did not start: {error}") from None


class RssSampler(threading.Thread):
    """Peak resident set size of a process, sampled every 50 ms from /proc."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_bytes = 0
        self.stop_event = threading.Event()

    def run(self) -> None:
        while not self.stop_event.wait(0.05):
            try:
                with open(f"/proc/{self.pid}/status") as status:
                    for line in status:
                        if line.startswith("VmRSS:"):
                            self.peak_bytes = max(self.peak_bytes, int(line.split()[1]) * 1024)
            except OSError:
                return


def batch_interval_ns(rate_limit_mb_per_s: float | None, batch_frame_bytes: int) -> int:
    """The pacing interval for `--rate-limit` (MB/s of frames per actor); 0 = unpaced."""
    if not rate_limit_mb_per_s:
        return 0
    if rate_limit_mb_per_s < 0:
        raise SystemExit("iggy-bench: --rate-limit must be positive")
    return int(batch_frame_bytes / (rate_limit_mb_per_s * 1e6) * 1e9)


def run_actors(
    address: str,
    actors: list,
    label: str,
    timeout_s: float,
    total_batches: int,
    shared_target: int = 0,
    batch_interval_ns: int = 0,
) -> list[dict]:
    run = _native.bench_start(address, actors, shared_target, batch_interval_ns)
    try:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:
        Progress = None  # noqa: N806 - plain fallback without rich
    deadline = time.monotonic() + timeout_s
    finished = False
    if Progress is not None:
        columns = (
            TextColumn(label),
            BarColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} batches"),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
        )
        started = time.monotonic()
        with Progress(*columns, transient=False) as progress:
            task = progress.add_task(label, total=total_batches, rate="")
            while time.monotonic() < deadline and not finished:
                finished = run.wait(len(actors), 0.2)
                batches, moved, _ = run.progress()
                rate = f"{moved / max(time.monotonic() - started, 1e-3) / 1e6:,.0f} MB/s"
                progress.update(task, completed=batches, rate=rate)
    else:
        while time.monotonic() < deadline and not finished:
            finished = run.wait(len(actors), 1.0)
            print(f"{label}: {run.progress()[0]}/{total_batches} batches", file=sys.stderr)
    if not finished:
        run.cancel()
        run.wait(len(actors), 60)
    return run.results()


def run_native(
    args: argparse.Namespace, plan: workloads.Plan, address: str, pid: int | None
) -> tuple[reporting.Report, RssSampler | None]:
    workloads.prepare_server(plan, address)
    seeds = workloads.seed_actors(plan)
    if seeds:
        results = run_actors(address, seeds, "seeding", args.timeout, sum(a[4] for a in seeds))
        errors = [r["error"] for r in results if r["error"]]
        if errors:
            raise SystemExit(f"iggy-bench: seeding failed: {errors[0]}")
    sampler = start_sampler(pid)
    consumers_total = plan.shared_target_messages // plan.messages_per_batch if plan.shared_target_messages else 0
    total_batches = consumers_total + sum(
        a[4] for a, role in zip(plan.actors, plan.roles) if not (consumers_total and role == "consumer")
    )
    results = run_actors(
        address, plan.actors, args.workload, args.timeout, total_batches, plan.shared_target_messages,
        batch_interval_ns(args.rate_limit, plan.batch_bytes),
    )
    parameters = {
        "address": address,
        "producers": plan.producers if any(r != "consumer" for r in plan.roles) else 0,
        "consumers": plan.consumers if "consumer" in plan.roles else 0,
        "streams": plan.streams,
        "partitions": plan.partitions,
        "messages_per_batch": plan.messages_per_batch,
        "message_size": plan.message_size,
        "message_batches": plan.message_batches,
        "rate_limit_mb_per_s": args.rate_limit or "unlimited",
    }
    report = reporting.summarize(args.workload, parameters, plan.roles, results, plan.frame_bytes, plan.message_size)
    return report, sampler


def start_sampler(pid: int | None) -> RssSampler | None:
    if not pid:
        return None
    sampler = RssSampler(pid)
    sampler.start()
    return sampler


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["transports"]:  # send/poll over each transport (bench/transports.py)
        from iggy_server.bench import transports

        return transports.main(argv[1:])
    if argv[:1] == ["index-cache"]:  # system.segment.cache_indexes on a large partition (bench/index_cache.py)
        from iggy_server.bench import index_cache

        return index_cache.main(argv[1:])
    args = arguments(argv)
    plan = plan_from(args) if args.client == "native" else None
    server = start_local_server(args.durability, args.data_dir) if args.start_server else None
    address = server.address if server else args.address
    pid = server.pid if server else args.server_pid
    sampler = None
    try:
        with IdleConnections(address, args.idle_connections) as idle:
            page_cache.sync_and_warm(page_cache.warm_mebibytes(args.warm_page_cache_mib, load_write_bytes(args)))
            if plan is None:
                sampler = start_sampler(pid)
                report = official.run(args, address, pid)
            else:
                report, sampler = run_native(args, plan, address, pid)
            if sampler:
                sampler.stop_event.set()
            idle.check()
        report.parameters["idle_connections"] = args.idle_connections
        report.parameters["durability"] = args.durability or "server-configured"
        report.environment = environment(sampler, args.measure_loopback)
        if args.measure_floor:
            latencies = floor.paced_pump(args.rate_limit, plan.batch_bytes, 1000)
            report.environment["floor_latency_ms"] = floor.summarize_ms(latencies)
        reporting.print_table(report)
        if "server_peak_rss_bytes" in report.environment:
            print(f"server peak RSS: {report.environment['server_peak_rss_bytes'] / 2**20:,.0f} MiB")
        if "floor_latency_ms" in report.environment:
            figures = report.environment["floor_latency_ms"]
            print(
                f"latency floor at {args.rate_limit:g} MB/s (raw TCP request/ack, no server): "
                + ", ".join(f"{name} {value:.2f} ms" for name, value in figures.items())
            )
        if "loopback_mb_per_s" in report.environment:
            print(f"loopback limit (raw TCP, 1 connection): {report.environment['loopback_mb_per_s']:,.0f} MB/s")
        if args.output_json:
            args.output_json.write_text(report.to_json())
        if args.output_html:
            args.output_html.write_text(reporting.to_html(report))
        if args.cleanup and plan is not None:
            workloads.cleanup(plan, address)
        return 1 if any(s.errors for s in report.roles) else 0
    except (workloads.SetupError, official.OfficialClientError, IdleConnectionsLost) as error:
        print(f"iggy-bench: {error}", file=sys.stderr)
        return 1
    finally:
        if sampler:
            sampler.stop_event.set()
        if server:
            server.close()


def environment(sampler: RssSampler | None, measure_loopback: bool) -> dict[str, Any]:
    info: dict[str, Any] = {"cpus": os.cpu_count(), "kernel": platform.release(), "python": platform.python_version()}
    available, reason = _native.io_uring_status()
    info["client_io_uring_available"] = available
    if sampler and sampler.peak_bytes:
        info["server_peak_rss_bytes"] = sampler.peak_bytes
    if measure_loopback:
        info["loopback_mb_per_s"] = _native.loopback_pump(1, 2 << 30) / 1e6
    return info


if __name__ == "__main__":
    raise SystemExit(main())
