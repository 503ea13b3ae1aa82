"""Warm the page cache right before a benchmark's load, so every server under test starts from the same pages.

On a virtual machine whose host takes freed guest memory back (free-page reporting, as on the 2-core development
VM: virtio_balloon, 2 MiB blocks), the first write into a page the host has reclaimed costs a fault on the host.
Measured there, writing 1 GiB of fresh page cache took 2.8–3.2 CPU-seconds, against 0.2 s for pages freed a
moment before, and the host reclaims a freed page within about two seconds: 1 GiB written 0, 0.5, 1, 2, 3 and
5 s after deleting a warm 1 GiB file took 0.21, 0.21, 0.28, 0.63, 0.59 and 0.59 s of system time.

So a server's write throughput there depends on how recently memory was freed. A long-running Iggy server under
iggy-bench deletes its previous benchmark streams as the generator starts, then writes into the pages that just
freed; a server started fresh for the run writes into reclaimed ones. :func:`sync_and_warm` right before the load
(after any server start) gives every target the same start: ``sync`` first, so the previous run's dirty pages
are written back now and not during this run, then ``mebibytes`` MiB written to a file and deleted.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_CHUNK = bytes(1024 * 1024)
_MIB = 1024 * 1024
AUTO = "auto"
# "auto" warms at least this much (the page cache a consumer run or a small run reads and writes around it) and
# this much beyond what the load writes (the server's index and log files, the client's own allocations).
AUTO_MINIMUM_MIB = 2048
AUTO_MARGIN_MIB = 512


# "auto" leaves this much of the memory available at the time unwarmed, for the server and the client.
AUTO_RESERVE_MIB = 2048


def available_mebibytes() -> int | None:
    """MemAvailable of /proc/meminfo in MiB; None where there is none."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def warm_mebibytes(asked: int | str, load_write_bytes: int, available_mib: int | None = None) -> int:
    """MiB to warm: ``asked`` as given, or for ``"auto"`` every page the load will write into plus a margin,
    since a write past the warmed pages lands in reclaimed ones at several times the cost (above) — but no more
    than the memory available (``available_mib``, default MemAvailable) less a reserve: pages warmed beyond it
    would be evicted before the load, and the warm file would only fill the disk."""
    if asked != AUTO:
        return int(asked)
    wanted = max(AUTO_MINIMUM_MIB, -(-load_write_bytes // _MIB) + AUTO_MARGIN_MIB)
    available = available_mebibytes() if available_mib is None else available_mib
    if available is None:
        return wanted
    return max(0, min(wanted, available - AUTO_RESERVE_MIB))


def sync_and_warm(mebibytes: int, directory: Path | None = None) -> None:
    """``sync``, then write ``mebibytes`` MiB to a file in ``directory`` (default: the temp dir) and delete it;
    nothing at 0."""
    if mebibytes <= 0:
        return
    os.sync()
    path = Path(directory or tempfile.gettempdir()) / f"iggy-bench-warm-page-cache-{os.getpid()}"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for index in range(mebibytes):
            os.pwrite(fd, _CHUNK, index * len(_CHUNK))
    finally:
        os.close(fd)
        path.unlink()
