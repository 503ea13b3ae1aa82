"""``iggy-bench index-cache``: what ``system.segment.cache_indexes`` costs and saves on a large partition.

    iggy-bench index-cache                                  # 20 M messages, 5 rounds of all, open_segment, none
    iggy-bench index-cache --messages 2000000 --rounds 1 --data-dir /tmp/ic   # keep the filled data for later runs

Fills one partition with ``--messages`` messages of ``--message-size`` bytes in segments of
``--segment-size-bytes`` (once; a ``--data-dir`` that already holds them is reused), then in every round restarts
the server on those files once per mode, in alternating order (forwards, then backwards), and measures:

* RSS right after start (VmRSS, and its anonymous part: file pages are reclaimable page cache mappings);
* time to ready: from the server process's start to all listeners up (/proc clock ticks, 10 ms steps);
* old data: ``--polls`` sequential polls (Next + auto-commit, a fresh consumer) from offset 0, every one in a sealed
  segment; new data: as many polls of the newest ``--messages-per-poll`` messages (the active segment), as a
  consumer at the head reads them. MB/s of message frames and the p50 / p99 poll latency of each.

Reported per mode: the median over the rounds with min–max. The filled data is read once before the first round so
every mode finds it in the page cache. Timings on a shared machine move by tens of percent: compare modes within
one run, and use a quiet machine for figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import struct
import tempfile
import time
from array import array
from pathlib import Path
from typing import Any

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy_server.bench import workloads
from iggy_server.bench.__main__ import run_actors
from iggy_server.testing import TestServer

MODES = ("all", "open_segment", "none")
STREAM, TOPIC = "index-cache", workloads.TOPIC
MIB = 1024 * 1024
_CLOCK_TICKS_PER_S = os.sysconf("SC_CLK_TCK")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="iggy-bench index-cache", description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=20_000_000, help="messages in the partition (%(default)s)")
    parser.add_argument("--message-size", type=int, default=100, help="payload bytes (default %(default)s)")
    parser.add_argument("--messages-per-batch", type=int, default=1000, help="per send of the fill (%(default)s)")
    parser.add_argument(
        "--segment-size-bytes", type=int, default=16 * MIB, help="system.segment.size_bytes (default 16 MiB)"
    )
    parser.add_argument("--modes", default=",".join(MODES), help="cache_indexes modes (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--polls", type=int, default=2000, help="polls of old and of new data per run (%(default)s)")
    parser.add_argument("--messages-per-poll", type=int, default=1000)
    parser.add_argument(
        "--no-warm-up", dest="warm_up", action="store_false", help="skip the unmeasured first pass over the data"
    )
    parser.add_argument("--data-dir", type=Path, help="keep (and reuse) the filled data here (default: a temp dir)")
    parser.add_argument("--output-json", type=Path, help="every run's figures and the summary")
    parser.add_argument("--timeout", type=float, default=3600.0, help="per load, seconds (default %(default)s)")
    args = parser.parse_args(argv)
    args.mode_list = [mode for mode in args.modes.split(",") if mode]
    if not args.mode_list or set(args.mode_list) - set(MODES):
        parser.error(f"--modes: choose from {', '.join(MODES)}")
    if args.rounds < 1 or args.polls < 1 or args.messages < args.messages_per_batch:
        parser.error("--rounds and --polls must be positive, --messages at least one batch")
    return args


def server_env(args: argparse.Namespace, mode: str) -> dict[str, str]:
    return {
        "IGGY_SYSTEM_SEGMENT_SIZE_BYTES": str(args.segment_size_bytes),
        "IGGY_SYSTEM_SEGMENT_CACHE_INDEXES": mode,
        "IGGY_SYSTEM_MESSAGE_CLEANER_ENABLED": "false",
    }


def plan(args: argparse.Namespace) -> workloads.Plan:
    return workloads.Plan(
        workload="pinned-producer",
        producers=1,
        consumers=1,
        streams=1,
        partitions=1,
        messages_per_batch=args.messages_per_batch,
        message_size=args.message_size,
        message_batches=args.messages // args.messages_per_batch,
    )


def stored_messages(address: str) -> int:
    """Messages in the benchmark partition (0 when it does not exist)."""
    client = workloads.SetupClient(address, "iggy", "iggy")
    try:
        status, body = client.raw(encode_request(Command.GET_TOPIC, requests.GetTopic(STREAM, TOPIC).encode()))
        if status or not body:
            return 0
        poll = requests.PollMessages(Consumer.consumer(1), STREAM, TOPIC, 0, PollingStrategy.last(), 1, False)
        status, body = client.raw(encode_request(Command.POLL_MESSAGES, poll.encode()))
        if status or len(body) < 16:
            return 0
        current_offset, count = struct.unpack_from("<QI", body, 4)
        return current_offset + 1 if count else 0
    finally:
        client.close()


def fill(args: argparse.Namespace, data_dir: Path) -> None:
    """Send ``--messages`` messages into a fresh partition, unless the data directory already holds them."""
    with TestServer(data_dir, server_env(args, "open_segment")) as server:
        wanted = plan(args).message_batches * args.messages_per_batch
        if stored_messages(server.address) >= wanted:
            print(f"reusing the {wanted:,} messages in {data_dir}", flush=True)
            return
        fill_plan = plan(args)
        client = workloads.SetupClient(server.address, "iggy", "iggy")
        try:
            client.call(requests.DeleteStream(STREAM), tolerate=(int(ErrorCode.STREAM_ID_NOT_FOUND),))
            client.call(requests.CreateStream(STREAM))
            client.call(requests.CreateTopic(STREAM, 1, 1, 0, 0, 0, TOPIC))
        finally:
            client.close()
        login = workloads.login_frame(fill_plan)
        send = workloads.send_frame(fill_plan, STREAM, Partitioning.partition_id(0))
        actor = ("producer", [login], send, b"", fill_plan.message_batches, fill_plan.messages_per_batch)
        started = time.monotonic()
        results = run_actors(server.address, [actor], "fill", args.timeout, fill_plan.message_batches)
        if results[0]["error"]:
            raise SystemExit(f"iggy-bench index-cache: the fill failed: {results[0]['error']}")
        print(f"filled {wanted:,} messages in {time.monotonic() - started:.1f} s", flush=True)
        if server.stop() != 0:
            raise SystemExit("iggy-bench index-cache: the server did not stop cleanly after the fill")


def active_segment_start(data_dir: Path) -> int:
    """Start offset of the partition's newest segment (its log file's name)."""
    stream_dirs = sorted((data_dir / "streams").iterdir())
    logs = sorted(stream_dirs[-1].glob("topics/*/partitions/0/*.log"))
    return int(logs[-1].stem)


def process_memory(pid: int) -> dict[str, int]:
    """VmRSS, RssAnon and RssFile of ``pid`` in bytes."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                values[key] = int(rest.split()[0]) * 1024
    return values


def seconds_since_start(pid: int) -> float:
    """How long ago ``pid`` started (10 ms steps: clock ticks)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    started_s = int(fields[19]) / _CLOCK_TICKS_PER_S  # field 22 of the whole line: starttime
    with open("/proc/uptime") as uptime:
        return float(uptime.read().split()[0]) - started_s


def poll_actor(args: argparse.Namespace, consumer_id: int, strategy: PollingStrategy, auto_commit: bool) -> tuple:
    login = workloads.login_frame(plan(args))
    request = requests.PollMessages(
        Consumer.consumer(consumer_id), STREAM, TOPIC, 0, strategy, args.messages_per_poll, auto_commit
    )
    poll = encode_request(Command.POLL_MESSAGES, request.encode())
    return ("consumer", [login], b"", poll, args.polls, args.messages_per_poll)


def figures(result: dict[str, Any]) -> dict[str, float]:
    if result["error"]:
        raise SystemExit(f"iggy-bench index-cache: a poll failed: {result['error']}")
    latencies = array("Q")
    latencies.frombytes(result["latencies_ns"])
    ordered = sorted(latencies)
    return {
        "megabytes_per_s": result["bytes"] / (result["elapsed_ns"] / 1e9) / 1e6,
        "p50_ms": ordered[len(ordered) // 2] / 1e6,
        "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] / 1e6,
    }


def measure(args: argparse.Namespace, data_dir: Path, mode: str, run_number: int, messages: int) -> dict[str, Any]:
    """One restart on the filled data in ``mode``: memory and time to ready, then old and new polls."""
    server = TestServer(data_dir, server_env(args, mode)).start()
    try:
        ready_s = seconds_since_start(server.pid)
        memory = process_memory(server.pid)
        # A fresh consumer id per run: Next starts at offset 0 and auto-commit walks it through sealed segments.
        old = poll_actor(args, 10_000 + run_number, PollingStrategy.next(), True)
        new = poll_actor(args, 1, PollingStrategy.offset(messages - args.messages_per_poll), False)
        old_result = run_actors(server.address, [old], f"{mode}: old", args.timeout, args.polls)[0]
        new_result = run_actors(server.address, [new], f"{mode}: new", args.timeout, args.polls)[0]
        after = process_memory(server.pid)
        exit_code = server.stop()
    finally:
        server.close()
    if exit_code != 0:
        raise SystemExit(f"iggy-bench index-cache: the server in {mode} exited with {exit_code}")
    return {
        "mode": mode,
        "ready_s": ready_s,
        "rss_mib": memory["VmRSS"] / MIB,
        "rss_anon_mib": memory["RssAnon"] / MIB,
        "rss_after_polls_mib": after["VmRSS"] / MIB,
        "rss_anon_after_polls_mib": after["RssAnon"] / MIB,
        "old": figures(old_result),
        "new": figures(new_result),
    }


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarize(runs: list[dict[str, Any]], modes: list[str]) -> dict[str, dict[str, Any]]:
    summary = {}
    for mode in modes:
        mine = [run for run in runs if run["mode"] == mode]
        row = {key: spread([run[key] for run in mine]) for key in mine[0] if key.endswith(("_s", "_mib"))}
        for data in ("old", "new"):
            for key in mine[0][data]:
                row[f"{data}_{key}"] = spread([run[data][key] for run in mine])
        summary[mode] = row
    return summary


def print_summary(summary: dict[str, dict[str, Any]], args: argparse.Namespace) -> None:
    def cell(value: dict[str, float], digits: int) -> str:
        return f"{value['median']:,.{digits}f} [{value['min']:,.{digits}f}-{value['max']:,.{digits}f}]"

    print(
        f"\n{args.messages:,} messages of {args.message_size} B, segments of {args.segment_size_bytes:,} B; "
        f"{args.rounds} rounds, {args.polls} polls of {args.messages_per_poll} messages; median [min-max]"
    )
    columns = (
        ("RSS MiB", "rss_mib", 0), ("anon MiB", "rss_anon_mib", 0), ("ready s", "ready_s", 2),
        ("old MB/s", "old_megabytes_per_s", 0), ("old p99 ms", "old_p99_ms", 2),
        ("new MB/s", "new_megabytes_per_s", 0), ("new p99 ms", "new_p99_ms", 2),
        ("anon MiB after polls", "rss_anon_after_polls_mib", 0),
    )  # fmt: skip
    print(f"{'mode':<13} " + " ".join(f"{title:<22}" for title, _, _ in columns))
    for mode, row in summary.items():
        print(f"{mode:<13} " + " ".join(f"{cell(row[key], digits):<22}" for _, key, digits in columns))


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with tempfile.TemporaryDirectory(prefix="iggy-bench-index-cache-") as temporary:
        data_dir = args.data_dir or Path(temporary) / "data"
        fill(args, data_dir)
        messages = plan(args).message_batches * args.messages_per_batch
        if messages - active_segment_start(data_dir) < args.messages_per_poll:
            raise SystemExit(
                "iggy-bench index-cache: the active segment holds fewer messages than one poll; change --messages "
                "or --segment-size-bytes so that the new-data polls read it"
            )
        if args.warm_up:  # one pass over the data the polls read: the first mode measured is not the only cold one
            measure(args, data_dir, args.mode_list[0], 0, messages)
        runs = []
        for round_number in range(1, args.rounds + 1):
            order = args.mode_list if round_number % 2 else list(reversed(args.mode_list))
            for mode in order:
                run = measure(args, data_dir, mode, len(runs) + 1, messages)
                run["round"] = round_number
                runs.append(run)
                print(
                    f"round {round_number} {mode}: RSS {run['rss_mib']:.0f} MiB (anon {run['rss_anon_mib']:.0f}), "
                    f"ready {run['ready_s']:.2f} s, old {run['old']['megabytes_per_s']:.0f} MB/s "
                    f"p99 {run['old']['p99_ms']:.2f} ms, new {run['new']['megabytes_per_s']:.0f} MB/s "
                    f"p99 {run['new']['p99_ms']:.2f} ms",
                    flush=True,
                )
    summary = summarize(runs, args.mode_list)
    print_summary(summary, args)
    if args.output_json:
        parameters = {k: v for k, v in vars(args).items() if k not in ("data_dir", "output_json")}
        args.output_json.write_text(json.dumps({"parameters": parameters, "runs": runs, "summary": summary}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
