"""``iggy-bench --client official-rust``: the same workloads driven by ``iggy-bench-official`` (server/bench-official),
a load generator on the official Iggy Rust SDK (crates.io ``iggy`` 0.10, the client Iggy's own benchmark drives), so
the figures come from a client nobody here wrote. ``--client official-rust-0.9``: the same source built on ``iggy``
0.11.0 (server/bench-official-0.11, ``make bench-official-0.11``), so the load speaks Iggy 0.9's protocol. MB/s
count message frames at 0.8's 64-byte header for both, so the two protocols' figures compare. It speaks Iggy's
benchmark CLI; this module translates iggy-bench's flags into it, builds it on demand (``make bench-official``) and
turns its JSON record (format ``iggy-bench-official/1``: every actor's per-batch latencies and completion times)
into iggy-bench's report, with one row per actor, per role and in total.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from array import array
from pathlib import Path

from iggy.protocol.codes import MESSAGE_HEADER_SIZE

from iggy_server.bench import report as reporting
from iggy_server.bench import workloads

FORMAT = "iggy-bench-official/1"
CLIENTS = ("native", "official-rust", "official-rust-0.9")
# iggy-bench-official's transport subcommands; each takes --server-address HOST:PORT.
TRANSPORTS = ("tcp", "quic", "http", "websocket")
# The native generator's workloads (same tuple: uses producers, uses consumers, pinned) and one it does not run.
WORKLOADS = {**workloads.WORKLOADS, "balanced-producer-and-consumer-group": (True, True, False)}
_SERVER_DIR = Path(__file__).resolve().parents[3]
_REPO_ROOT = _SERVER_DIR.parent
# client -> (source directory, binary, make target); both builds share the one source of bench-official/src.
_BUILDS = {
    "official-rust": (
        _SERVER_DIR / "bench-official", _SERVER_DIR / "bench-official" / "target" / "iggy-bench-official",
        "bench-official",
    ),
    "official-rust-0.9": (
        _SERVER_DIR / "bench-official-0.11",
        _SERVER_DIR / "bench-official-0.11" / "target" / "iggy-bench-official-0-11",
        "bench-official-0.11",
    ),
}


class OfficialClientError(RuntimeError):
    pass


def default_binary(client: str) -> Path:
    """Where ``make`` puts the load generator of an official client (``official-rust``, ``official-rust-0.9``)."""
    return _BUILDS[client][1]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--client",
        choices=CLIENTS,
        default="native",
        help="who generates the load: the native generator (default), official-rust, Iggy's workloads on the "
        "official Rust SDK (server/bench-official; built on first use with `make bench-official`), or "
        "official-rust-0.9, the same on the SDK 0.11.0 (Iggy 0.9's protocol; `make bench-official-0.11`)",
    )
    parser.add_argument(
        "--transport",
        choices=TRANSPORTS,
        default="tcp",
        help="with an official client: the transport it loads the server over (default tcp); --address is that "
        "transport's address (ours by default: tcp 8090, quic 8080, http 3000, websocket 8092)",
    )
    parser.add_argument(
        "--official-binary",
        type=Path,
        help="with an official client: use this iggy-bench-official binary instead of building the repo's",
    )


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace, native_workloads: set[str]) -> None:
    if args.client == "native":
        if args.official_binary:
            parser.error("--official-binary needs an official client")
        if args.transport != "tcp":
            parser.error("--transport needs an official client (the native generator speaks TCP)")
        if args.workload not in native_workloads:
            parser.error(f"{args.workload} needs --client official-rust (the native generator does not run it)")
        return
    unsupported = {"--rate-limit": args.rate_limit, "--measure-floor": args.measure_floor, "--cleanup": args.cleanup}
    for flag, given in unsupported.items():
        if given:
            parser.error(f"{flag} is not available with --client official-rust")
    if args.partitions and WORKLOADS[args.workload][2]:
        parser.error("--partitions: Iggy's pinned workloads use one partition per stream")


def binary(args: argparse.Namespace) -> Path:
    """The binary to run: --official-binary as given, else the repo's, (re)built by make when out of date."""
    if args.official_binary:
        if not args.official_binary.is_file():
            raise OfficialClientError(f"--official-binary {args.official_binary}: no such file")
        return args.official_binary
    source, default_binary, target = _BUILDS[args.client]
    if not (_REPO_ROOT / "Makefile").is_file() or not (source / "Cargo.toml").is_file():
        raise OfficialClientError(
            f"no source checkout around {source} to build iggy-bench-official from; pass --official-binary"
        )
    if not default_binary.exists():
        print(f"iggy-bench: building {default_binary.name} (first time: several minutes)...", file=sys.stderr)
    built = subprocess.run(["make", "-s", "-C", str(_REPO_ROOT), target], check=False)
    if built.returncode != 0 or not default_binary.is_file():
        raise OfficialClientError(f"`make {target}` failed (exit {built.returncode})")
    return default_binary


def batches_per_actor(args: argparse.Namespace) -> int:
    if not args.total_data:
        return args.message_batches
    producers, consumers, _ = WORKLOADS[args.workload]
    actors = (args.producers if producers else 0) + (args.consumers if consumers else 0)
    return max(1, args.total_data // (args.message_size * args.messages_per_batch * max(1, actors)))


def command(
    args: argparse.Namespace, executable: Path, address: str, output: Path, server_pid: int | None = None
) -> list[str]:
    """iggy-bench's flags in the CLI of Iggy's benchmark (global flags, workload and its flags, transport);
    ``server_pid``: the server's CPU time over the load phase goes into the record too."""
    producers, consumers, pinned = WORKLOADS[args.workload]
    argv = [
        str(executable),
        "--message-size", str(args.message_size),
        "--messages-per-batch", str(args.messages_per_batch),
        "--message-batches", str(batches_per_actor(args)),
        "--username", args.username,
        "--password", args.password,
        "--output-json", str(output),
        *(["--server-pid", str(server_pid)] if server_pid is not None else []),
        args.workload,
    ]  # fmt: skip
    if args.streams:
        argv += ["--streams", str(args.streams)]
    if args.partitions and not pinned:
        argv += ["--partitions", str(args.partitions)]
    if producers:
        argv += ["--producers", str(args.producers)]
    if consumers:
        argv += ["--consumers", str(args.consumers)]
    return [*argv, args.transport, "--server-address", address]


def run(args: argparse.Namespace, address: str, server_pid: int | None = None) -> reporting.Report:
    """Run the workload with the official client and return iggy-bench's report of it (with the server's CPU
    time over the load phase when ``server_pid`` is given)."""
    executable = binary(args)
    with tempfile.TemporaryDirectory(prefix="iggy-bench-official-") as directory:
        output = Path(directory) / "result.json"
        argv = command(args, executable, address, output, server_pid)
        try:
            finished = subprocess.run(argv, stdout=subprocess.PIPE, text=True, timeout=args.timeout, check=False)
        except subprocess.TimeoutExpired as expired:
            raise OfficialClientError(f"iggy-bench-official did not finish in {args.timeout:g} s") from expired
        if not output.is_file():
            raise OfficialClientError(
                f"iggy-bench-official failed (exit {finished.returncode}) without a result: {' '.join(argv)}"
            )
        document = json.loads(output.read_text())
    return report_from(document, address)


def report_from(document: dict, address: str) -> reporting.Report:
    """One row per actor (when a role has several), per role, and in total (when there are several roles)."""
    if document.get("format") != FORMAT:
        raise OfficialClientError(f"unknown result format {document.get('format')!r}; expected {FORMAT}")
    parameters = dict(document["parameters"])
    message_size = parameters["message_size"]
    frame_bytes = MESSAGE_HEADER_SIZE + message_size
    actors = document["actors"]
    results = [
        {
            "latencies_ns": array("Q", actor["latencies_ns"]).tobytes(),
            "completed_at_ns": array("Q", actor["completed_at_ns"]).tobytes(),
            "messages": actor["summary"]["messages"],
            "bytes": actor["summary"]["bytes"],
            "elapsed_ns": actor["elapsed_ns"],
            "empty_polls": actor["summary"]["empty_polls"],
            "error": actor["error"] or "",
        }
        for actor in actors
    ]
    roles = [actor["role"] for actor in actors]
    parameters.update(address=address, client=document["client"], transport=document["transport"])

    def summarize(labels: list[str]) -> reporting.Report:
        return reporting.summarize(document["workload"], parameters, labels, results, frame_bytes, message_size)

    by_role = summarize(roles)
    per_actor = {s.role: s for s in summarize([f"{a['role']} {a['id']}" for a in actors]).roles}
    rows = []
    for role_row in by_role.roles:
        if role_row.actors > 1:
            rows += [per_actor[f"{a['role']} {a['id']}"] for a in actors if a["role"] == role_row.role]
        rows.append(role_row)
    if len(by_role.roles) > 1:
        rows += summarize(["total"] * len(actors)).roles
    by_role.roles = rows
    by_role.load_cpu = document.get("cpu") or {}
    return by_role
