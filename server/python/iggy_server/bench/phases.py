"""Where the server's CPU goes, by phase of the data path: a ``perf record -g`` of the server classified sample by
sample into receive, validate and stamp, append (writes to the segment files), sync, index, read, verify, send,
the Python interpreter, and the rest.

    perf record -g -p $(pgrep -f 'python -m iggy_server') -o server.data   # during a load, then Ctrl-C
    python -m iggy_server.bench.phases server.data [--from-s 5.0] [--to-s 9.0]

A sample's phase is that of the first marker found in its call chain, leaf first: kernel frames keep their callers
(the socket, file and fault paths name the phase), while the native module and CPython are built without frame
pointers, so their samples are classified by their leaf symbol (XXH3's own routines count as "checksums", whether
a stamp or a verification called them). ``--from-s`` / ``--to-s`` keep the samples of a time window, in seconds
from the first sample (a consumer benchmark fills its streams first). Samples are reported per thread (the event
loop's is the process's main thread) and in total.
"""

from __future__ import annotations

import argparse
import subprocess
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# Kernel frames that name a phase; the first one found from the leaf up decides.
KERNEL_MARKERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("sync", ("ext4_sync_file", "__x64_sys_fdatasync", "__x64_sys_fsync", "file_write_and_wait_range")),
    ("receive", ("tcp_recvmsg", "sock_recvmsg", "__x64_sys_recvfrom", "__x64_sys_recvmsg", "sock_read_iter")),
    ("send", ("tcp_sendmsg", "sock_sendmsg", "__x64_sys_sendmsg", "__x64_sys_sendto", "sock_write_iter")),
    ("append", ("ext4_buffered_write_iter", "ext4_file_write_iter", "generic_perform_write", "__x64_sys_pwritev",
                "__x64_sys_pwrite64", "io_uring")),
    ("read", ("filemap_fault", "madvise_populate", "__x64_sys_madvise", "filemap_read", "__x64_sys_preadv",
              "__x64_sys_pread64")),
    ("event loop wait", ("do_epoll_wait", "__x64_sys_epoll_wait", "eventfd_read", "eventfd_write")),
    ("delete", ("do_unlinkat", "__x64_sys_unlink", "truncate_inode_pages", "__x64_sys_ftruncate", "do_truncate")),
)
# Leaf symbols of the native module (and the libraries it calls) that name a phase.
NATIVE_MARKERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("validate and stamp", ("validate_and_stamp", "convert_and_stamp", "batch::validate", "stamp_checksums",
                            "batch_v09::", "rand_chacha")),
    ("verify", ("verify_frames", "recovery::verify", "poll_batches")),
    ("index", ("index_lookup", "index::")),
    ("send", ("py_sender::", "SocketSender")),
    ("append", ("writer::", "SegmentFileWriter", "py_writer::")),
    ("http json", ("http_json::",)),
    # Inlined nowhere: a stamp's and a verification's hashing share these (a send's run has no verification).
    ("checksums (XXH3)", ("twox_hash", "xxh3", "xxhash")),
)
# Leaf symbols of other libraries: the password hash of a login (argon2, in cryptography's Rust module).
LIBRARY_MARKERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("login (password hash)", ("fill_block", "fill_segment", "argon2", "OPENSSL_cleanse")),
)
PHASE_ORDER = ("receive", "validate and stamp", "checksums (XXH3)", "append", "sync", "index", "read", "verify",
               "send", "http json", "python", "memcpy (user)", "malloc (user)", "login (password hash)", "delete",
               "event loop wait", "other kernel", "other")


@dataclass(frozen=True)
class Sample:
    tid: int
    time_s: float
    frames: tuple[tuple[str, str], ...]  # (symbol, dso), leaf first


def parse_perf_script(lines: Iterable[str]) -> Iterator[Sample]:
    """Samples of ``perf script -F comm,tid,time,event,ip,sym,dso`` output: a header line, then one frame a line."""
    header: tuple[int, float] | None = None
    frames: list[tuple[str, str]] = []
    for line in lines:
        if not line.strip():
            if header is not None:
                yield Sample(header[0], header[1], tuple(frames))
            header, frames = None, []
        elif not line[0].isspace():
            fields = line.split()
            # comm may contain spaces; tid and time are the two fields before the event.
            time_index = next(i for i, field in enumerate(fields) if field.endswith(":") and field[:-1]
                              .replace(".", "", 1).isdigit())
            header = (int(fields[time_index - 1]), float(fields[time_index][:-1]))
        else:
            parts = line.strip().split(" ", 1)
            rest = parts[1] if len(parts) > 1 else ""
            symbol, _, dso = rest.rpartition(" (")
            frames.append((symbol.strip(), dso.rstrip(")")))
    if header is not None:
        yield Sample(header[0], header[1], tuple(frames))


def phase_of(sample: Sample) -> str:
    for symbol, dso in sample.frames:
        if "kernel" not in dso:
            continue
        for phase, markers in KERNEL_MARKERS:
            if any(symbol.startswith(marker) for marker in markers):
                return phase
    if not sample.frames:
        return "other"
    leaf, dso = sample.frames[0]
    if "_native" in dso or "iggy_server" in dso:
        for phase, markers in NATIVE_MARKERS:
            if any(marker in leaf for marker in markers):
                return phase
        return "other"
    for phase, markers in LIBRARY_MARKERS:
        if any(marker in leaf for marker in markers):
            return phase
    if "libpython" in dso or dso.endswith("/python") or "python3" in dso.rsplit("/", 1)[-1]:
        return "python"
    if "kernel" in dso:
        return "other kernel"
    if any(name in leaf for name in ("memmove", "memcpy", "memset")):
        return "memcpy (user)"
    if any(name in leaf for name in ("malloc", "_int_free", "cfree", "free", "realloc")):
        return "malloc (user)"
    return "other"


def summarize(samples: Iterable[Sample], from_s: float = 0.0, to_s: float | None = None,
              main_tid: int | None = None) -> dict[str, Counter[str]]:
    """Phase counts per thread ("loop" for ``main_tid``, "thread <tid>" otherwise) and in "total"."""
    counts: dict[str, Counter[str]] = {"total": Counter()}
    first: float | None = None
    for sample in samples:
        first = sample.time_s if first is None else first
        offset = sample.time_s - first
        if offset < from_s or (to_s is not None and offset > to_s):
            continue
        phase = phase_of(sample)
        thread = "loop" if sample.tid == main_tid else f"thread {sample.tid}"
        counts.setdefault(thread, Counter())[phase] += 1
        counts["total"][phase] += 1
    return counts


def render(counts: dict[str, Counter[str]]) -> str:
    threads = ["total"] + sorted((t for t in counts if t != "total"), key=lambda t: -sum(counts[t].values()))
    lines = ["| phase | " + " | ".join(f"{t} ({sum(counts[t].values())} samples)" for t in threads) + " |",
             "|---" * (len(threads) + 1) + "|"]
    for phase in PHASE_ORDER:
        if not any(counts[t][phase] for t in threads):
            continue
        cells = [f"{100 * counts[t][phase] / max(1, sum(counts[t].values())):.1f} %" for t in threads]
        lines.append(f"| {phase} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.bench.phases", description=__doc__.split("\n\n")[0])
    parser.add_argument("perf_data", help="a perf.data of the server recorded with -g")
    parser.add_argument("--from-s", type=float, default=0.0, help="skip samples before this many seconds")
    parser.add_argument("--to-s", type=float, default=None, help="skip samples after this many seconds")
    parser.add_argument("--pid", type=int, default=None, help="the server's pid (its main thread is the loop); "
                        "default: the thread with the most samples")
    args = parser.parse_args(argv)
    script = subprocess.run(
        ["perf", "script", "-i", args.perf_data, "-F", "comm,tid,time,event,ip,sym,dso"],
        capture_output=True, text=True, check=True,
    )
    samples = list(parse_perf_script(script.stdout.splitlines()))
    main_tid = args.pid
    if main_tid is None and samples:
        main_tid = Counter(sample.tid for sample in samples).most_common(1)[0][0]
    print(render(summarize(samples, args.from_s, args.to_s, main_tid)))


if __name__ == "__main__":
    main()
