"""Side by side: our server in each durability mode against another server (e.g. a real Iggy 0.8) by address,
every figure from the same client (``iggy-bench --client official-rust`` by default), in alternating rounds.

    python -m iggy_server.bench.compare --external 127.0.0.1:8090 --rounds 5
    python -m iggy_server.bench.compare --modes memory,written --workload "pinned-producer --producers 4" \\
        --external 127.0.0.1:8090 --output-json compare.json

Each round runs every workload on every target; the target order alternates between rounds (forwards, then
backwards) so slow drift of the machine (heat, page cache, neighbours) falls on all targets alike. Our server is
started fresh for every run (the project's launcher, the mode as ``IGGY_SYSTEM_PARTITION_DURABILITY``) and then
driven by address exactly as the external one, which keeps running while the generator recreates its benchmark
streams before each run. Reported per workload, role and target: the median MB/s and p99 batch latency over the
rounds with their min–max spread, and the ratios of our medians to the external server's. Single runs on a
shared or virtual machine move by tens of percent: use ≥ 5 rounds on a quiet machine.

With the official client, each run also measures the server's CPU time per GB of message frames moved, over the
load phase only (from the barrier that starts the connected actors to the last actor's last batch; logins and
setup left out), read from /proc by the client: for our server always, for the external one given its process id
(``--external-pid``, e.g. ``$(pgrep -f target/release/iggy-server)``).

``--variant LABEL:MODE:IGGY_KEY=VALUE[,IGGY_KEY=VALUE...]`` adds our server in ``MODE`` with those settings as one
more target (``ours-LABEL``), so a configuration change is measured against the default in the same alternating
rounds, e.g. ``--variant no-send-thread:written:IGGY_TCP_SEND_THREAD=false``.

``--transport quic`` (or ``http``, ``websocket``) has the official client load every target over that transport;
``--external`` is then the external server's address for it (Iggy's QUIC listens on 8080 by default).

``--protocols 0.8,0.9`` runs each of our targets once per protocol, the load from the official client of that
version (``official-rust``: the SDK 0.10; ``official-rust-0.9``: the SDK 0.11.0); the 0.9 runs are the targets
``ours-MODE@0.9`` and carry their ratio to the same target's 0.8 runs (the external server is driven in 0.8):

    python -m iggy_server.bench.compare --modes written --protocols 0.8,0.9 --rounds 5

Every run passes ``--warm-page-cache-mib`` on to iggy-bench, which syncs and warms the page cache right before
the load (after our server is up); see :mod:`iggy_server.bench.page_cache` for why. (This script used to warm
before starting iggy-bench and our server: the pages then went back to the host during the start, and our
server's page-cache copies were measured cold while the external server wrote into the pages its stream
deletion had just freed.)
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from iggy_server.bench import official
from iggy_server.bench.__main__ import start_local_server

# The table: one and four producers, one and four consumers, 1000 batches of 1000 x 1000 B per actor.
DEFAULT_WORKLOADS = (
    "pinned-producer --producers 1",
    "pinned-consumer --consumers 1",
    "pinned-producer --producers 4",
    "pinned-consumer --consumers 4",
)
MODES = ("memory", "written", "durable")
EXTERNAL = "external"
# The official client that speaks each protocol version.
PROTOCOL_CLIENTS = {"0.8": "official-rust", "0.9": "official-rust-0.9"}


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.bench.compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--modes", default="memory,written", help="our server's durability modes, comma-separated (default %(default)s)"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help="LABEL:MODE:IGGY_KEY=VALUE[,...]: our server in MODE with these settings, one more target (repeatable)",
    )
    parser.add_argument("--external", help="HOST:PORT of the server to compare with (e.g. a real Iggy 0.8)")
    parser.add_argument("--external-label", default="iggy-0.8", help="its name in the report (default %(default)s)")
    parser.add_argument(
        "--external-pid",
        type=int,
        help="process id of the --external server on this machine: its CPU time per GB moved is compared too",
    )
    parser.add_argument(
        "--workload",
        action="append",
        help="iggy-bench workload and its flags, repeatable (default: the four rows of issue 16)",
    )
    parser.add_argument("--client", choices=official.CLIENTS, default="official-rust")
    parser.add_argument(
        "--transport",
        choices=official.TRANSPORTS,
        default="tcp",
        help="the official client's transport (default %(default)s); --external is then that transport's address",
    )
    parser.add_argument(
        "--protocols",
        default="0.8",
        help="protocol versions our targets run in, comma-separated (0.8, 0.9); 0.9 drives the official SDK 0.11.0",
    )
    parser.add_argument(
        "--bench-flags", default="", help="extra iggy-bench flags for every run, e.g. '--message-batches 200'"
    )
    parser.add_argument("--pause-s", type=float, default=5.0, help="rest between runs (default %(default)s)")
    parser.add_argument(
        "--warm-page-cache-mib",
        type=int,
        default=2048,
        help="MiB iggy-bench writes and deletes right before every run's load, so every target starts with the "
        "same page cache (0: off; default %(default)s)",
    )
    parser.add_argument("--output-json", type=Path, help="every run's figures and the summary")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    unknown = sorted(set(modes) - set(MODES))
    if unknown:
        parser.error(f"unknown durability mode(s) {unknown}; choose from {MODES}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    args.mode_list = modes
    args.variants = {}
    for text in args.variant:
        label, _, rest = text.partition(":")
        mode, _, assignments = rest.partition(":")
        settings = dict(item.partition("=")[::2] for item in assignments.split(",") if item)
        taken = {f"ours-{m}" for m in modes} | set(args.variants)
        if not label or f"ours-{label}" in taken or mode not in MODES or not settings:
            parser.error(f"--variant {text!r}: expected a new LABEL, a mode of {MODES} and IGGY_KEY=VALUE settings")
        if any(not key.startswith("IGGY_") or not value for key, value in settings.items()):
            parser.error(f"--variant {text!r}: settings are IGGY_KEY=VALUE")
        args.variants[f"ours-{label}"] = (mode, settings)
    args.workloads = args.workload or list(DEFAULT_WORKLOADS)
    return args


def targets(args: argparse.Namespace) -> list[str]:
    ours = [f"ours-{mode}" for mode in args.mode_list] + list(args.variants)
    protocols = [p for p in args.protocols.split(",") if p]
    if not set(protocols) <= set(PROTOCOL_CLIENTS):
        raise SystemExit(f"compare: --protocols takes {', '.join(PROTOCOL_CLIENTS)}")
    versioned = [f"{target}{'' if p == '0.8' else '@' + p}" for target in ours for p in protocols]
    return versioned + ([EXTERNAL] if args.external else [])


def durability_and_settings(args: argparse.Namespace, target: str) -> tuple[str, dict[str, str]]:
    """The durability mode and extra ``IGGY_*`` settings our server runs ``target`` with."""
    target = target.partition("@")[0]
    if target in args.variants:
        return args.variants[target]
    return target.removeprefix("ours-"), {}


def client_of(args: argparse.Namespace, target: str) -> str:
    """The load generator of ``target``: the official client of its protocol (``@0.9``), else ``--client``."""
    _, _, protocol = target.partition("@")
    return PROTOCOL_CLIENTS[protocol] if protocol else args.client


def bench_command(
    args: argparse.Namespace, address: str, workload: str, output: Path, client: str, server_pid: int | None = None
) -> list[str]:
    """The iggy-bench run of ``workload`` against the server at ``address`` (ours is started beforehand);
    ``server_pid``: the server's process, whose CPU time the run measures over its load phase."""
    argv = [sys.executable, "-m", "iggy_server.bench", "--client", client, "--output-json", str(output)]
    if server_pid is not None:
        argv += ["--server-pid", str(server_pid)]
    argv += ["--warm-page-cache-mib", str(args.warm_page_cache_mib)]
    argv += shlex.split(args.bench_flags)
    argv += ["--transport", args.transport, "--address", address]
    return argv + shlex.split(workload)


def run_one(args: argparse.Namespace, target: str, workload: str, output: Path) -> list[str] | None:
    """Run ``workload`` on ``target`` (our server started fresh first); the failed command, or None."""
    if target == EXTERNAL:
        server = None
    else:
        durability, settings = durability_and_settings(args, target)
        server = start_local_server(durability, None, settings)
    try:
        if server is None:
            address = args.external
        else:
            address = server.address if args.transport == "tcp" else server.transport_addresses[args.transport]
        pid = args.external_pid if server is None else server.pid
        command = bench_command(args, address, workload, output, client_of(args, target), pid)
        finished = subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
        if finished.returncode != 0 or not output.is_file():
            print(f"  failed (exit {finished.returncode}): {shlex.join(command)}", file=sys.stderr)
            return command
        return None
    finally:
        if server is not None:
            server.stop()


# Figures compared as ratios: ours against the external server's, and 0.9 against 0.8.
RATIO_FIGURES = ("megabytes_per_s", "p99_ms", "server_cpu_ms_per_gb")


def role_figures(report: dict) -> dict[str, dict[str, float]]:
    """MB/s and latency percentiles of each role row (per-actor rows and the total are left out), and the
    server's and the client's CPU time per GB of message frames moved by every role over the load phase (the
    same in each role's row)."""
    moved_gb = sum(row["bytes"] for row in report["roles"] if row["role"] in ("producer", "consumer")) / 1e9
    moved_gb += sum(2 * row["bytes"] for row in report["roles"] if row["role"] == "producing_consumer") / 1e9
    cpu = report.get("load_cpu") or {}
    per_gb = {}
    if moved_gb and cpu.get("server_cpu_ms") is not None:
        per_gb["server_cpu_ms_per_gb"] = cpu["server_cpu_ms"] / moved_gb
    if moved_gb and cpu.get("client_cpu_ms") is not None:
        per_gb["client_cpu_ms_per_gb"] = cpu["client_cpu_ms"] / moved_gb
    figures = {}
    for row in report["roles"]:
        if row["role"] in ("producer", "consumer", "producing_consumer"):
            latency = row["latency_ms"]
            figures[row["role"]] = {
                "megabytes_per_s": row["megabytes_per_s"],
                "p50_ms": latency["p50"],
                "p99_ms": latency["p99"],
                "p99.9_ms": latency["p99.9"],
                **per_gb,
            }
    return figures


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": len(values)}


def summarize(runs: list[dict], external_label: str) -> list[dict]:
    """Per workload, role and target: medians with spread, and our ratio to the external server's medians."""
    grouped: dict[tuple[str, str, str], dict[str, list[float]]] = {}
    for run in runs:
        for role, figures in run["figures"].items():
            cell = grouped.setdefault((run["workload"], role, run["target"]), {})
            for name, value in figures.items():
                cell.setdefault(name, []).append(value)
    rows = []
    for (workload, role, target), cell in grouped.items():
        row = {"workload": workload, "role": role, "target": target}
        row.update({name: spread(values) for name, values in cell.items()})
        external = grouped.get((workload, role, EXTERNAL))
        if external and target != EXTERNAL:
            for name in (name for name in RATIO_FIGURES if name in cell and name in external):
                reference = statistics.median(external[name])
                row[f"{name}_vs_{external_label}"] = statistics.median(cell[name]) / reference if reference else None
        base, _, protocol = target.partition("@")
        same_target_08 = grouped.get((workload, role, base)) if protocol else None
        if same_target_08:
            for name in (name for name in RATIO_FIGURES if name in cell and name in same_target_08):
                reference = statistics.median(same_target_08[name])
                row[f"{name}_vs_0.8"] = statistics.median(cell[name]) / reference if reference else None
        rows.append(row)
    return rows


def print_summary(rows: list[dict], external_label: str) -> None:
    def ratio(row: dict, name: str) -> str:
        value = row.get(f"{name}_vs_{external_label}", row.get(f"{name}_vs_0.8"))
        label = "" if f"{name}_vs_{external_label}" in row else " vs 0.8"
        return f"{value:.2f}x{label}" if value is not None else ""

    header = (
        "workload", "role", "target", "MB/s median [min-max]", "p99 ms median [min-max]", "server CPU ms/GB",
        "MB/s, p99, CPU/GB ratio",
    )  # fmt: skip
    print(
        f"{header[0]:<36} {header[1]:<10} {header[2]:<14} {header[3]:<28} {header[4]:<28} {header[5]:<17} {header[6]}"
    )
    for row in rows:
        mb, p99 = row["megabytes_per_s"], row["p99_ms"]
        target = external_label if row["target"] == EXTERNAL else row["target"]
        throughput = f"{mb['median']:,.1f} [{mb['min']:,.1f}-{mb['max']:,.1f}]"
        latency = f"{p99['median']:.2f} [{p99['min']:.2f}-{p99['max']:.2f}]"
        cpu = row.get("server_cpu_ms_per_gb")
        cpu_text = f"{cpu['median']:,.0f}" if cpu else "-"
        print(
            f"{row['workload']:<36} {row['role']:<10} {target:<14} {throughput:<28} {latency:<28} {cpu_text:<17} "
            f"{ratio(row, 'megabytes_per_s')} {ratio(row, 'p99_ms')} {ratio(row, 'server_cpu_ms_per_gb')}".rstrip()
        )


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    order = targets(args)
    if not order:
        raise SystemExit("compare: nothing to compare (no --modes and no --external)")
    runs: list[dict] = []
    failures = 0
    with tempfile.TemporaryDirectory(prefix="iggy-bench-compare-") as directory:
        for round_number in range(1, args.rounds + 1):
            round_order = order if round_number % 2 else list(reversed(order))
            for workload in args.workloads:
                for target in round_order:
                    output = Path(directory) / f"r{round_number}-{len(runs)}.json"
                    print(f"round {round_number}/{args.rounds}: {target}: {workload}", file=sys.stderr, flush=True)
                    if run_one(args, target, workload, output) is not None:
                        failures += 1
                    else:
                        report = json.loads(output.read_text())
                        parameters = dict(report["parameters"])
                        if target != EXTERNAL:
                            durability, settings = durability_and_settings(args, target)
                            parameters.update(durability=durability, settings=settings)
                        runs.append(
                            {"round": round_number, "target": target, "workload": workload,
                             "figures": role_figures(report), "parameters": parameters}
                        )  # fmt: skip
                    time.sleep(args.pause_s)
    rows = summarize(runs, args.external_label)
    print_summary(rows, args.external_label)
    if args.output_json:
        document = {"rounds": args.rounds, "client": args.client, "targets": order, "runs": runs, "summary": rows}
        args.output_json.write_text(json.dumps(document, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
