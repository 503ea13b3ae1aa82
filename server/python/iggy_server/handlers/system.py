"""System commands: Ping, GetStats, GetSnapshot, GetClusterMetadata, GetMe, GetClient, GetClients."""

from __future__ import annotations

import io
import json
import os
import platform
import shutil
import socket
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

from iggy.protocol import requests
from iggy.protocol.codes import (
    DEFAULT_HTTP_PORT,
    DEFAULT_QUIC_PORT,
    DEFAULT_WEBSOCKET_PORT,
    SERVER_SEMVER,
    STATS_EXTENSION_HOT_PATH,
    Command,
    ErrorCode,
    OptionScope,
    ProtocolVersion,
    SegmentWriterBackend,
    SnapshotCompression,
    SnapshotType,
)
from iggy.protocol.responses import (
    ClientDetails,
    ClientGroupInfo,
    ClientInfo,
    ClusterMetadata,
    ClusterNode,
    DescribeOptionsResponse,
    HotPathStats,
    OptionDescriptor,
    Stats,
    StatsExtension,
)

from .. import _native
from .._version import __version__
from ..context import HandlerContext
from ..errors import IggyError
from ..log_files import current_log_tail, log_file_settings
from ..options import describe_catalog
from ..session import Session
from . import handler

# Stats' version string names this build (the repository's VERSION), so an operator can tell which one runs. The
# semver field (generated SERVER_SEMVER) stays the Iggy release whose protocol this server speaks (0.8.0 -> 8000):
# clients may gate features on it, and an iggy-compat 0.2.0 is no Iggy 0.2.
SERVER_VERSION = __version__


@handler(Command.PING)
async def ping(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    session.touch()
    return b""


# ---------------------------------------------------------------------------------- stats


def _read_proc_kv(path: str) -> dict[str, str]:
    values: dict[str, str] = {}
    try:
        with open(path) as handle:
            for line in handle:
                name, sep, rest = line.partition(":")
                if sep:
                    values[name.strip()] = rest.strip()
    except OSError:
        pass
    return values


def _kib(value: str | None) -> int:
    if not value:
        return 0
    try:
        return int(value.split()[0]) * 1024
    except (ValueError, IndexError):
        return 0


def _total_cpu_jiffies() -> tuple[int, int]:
    """(busy, total) jiffies over all CPUs from /proc/stat; (0, 0) when unavailable."""
    try:
        with open("/proc/stat") as handle:
            fields = [int(x) for x in handle.readline().split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    total = sum(fields)
    return total - idle, total


class _CpuSampler:
    """CPU usage (%) between consecutive GetStats calls (first call: since process start)."""

    def __init__(self) -> None:
        self.last_wall = time.monotonic()
        times = os.times()
        self.last_process = times.user + times.system
        self.last_busy, self.last_total = _total_cpu_jiffies()
        self.started_wall = self.last_wall

    def sample(self) -> tuple[float, float]:
        now = time.monotonic()
        times = os.times()
        process = times.user + times.system
        wall = max(now - self.last_wall, 1e-6)
        cpus = os.cpu_count() or 1
        process_pct = 100.0 * (process - self.last_process) / wall / cpus
        busy, total = _total_cpu_jiffies()
        total_pct = 100.0 * (busy - self.last_busy) / (total - self.last_total) if total > self.last_total else 0.0
        self.last_wall, self.last_process, self.last_busy, self.last_total = now, process, busy, total
        return max(process_pct, 0.0), max(total_pct, 0.0)


_cpu = _CpuSampler()


def _os_version() -> str:
    release = _read_os_release()
    return release.get("VERSION_ID") or release.get("VERSION") or platform.version()


def _read_os_release() -> dict[str, str]:
    values: dict[str, str] = {}
    try:
        with open("/etc/os-release") as handle:
            for line in handle:
                name, sep, value = line.strip().partition("=")
                if sep:
                    values[name] = value.strip('"')
    except OSError:
        pass
    return values


_WRITER_BACKENDS = {"pwritev": SegmentWriterBackend.PWRITEV, "io_uring": SegmentWriterBackend.IO_URING}


def collect_hot_path_stats(ctx: HandlerContext) -> HotPathStats:
    """Writer and pool counters, sent after the 0.8 Stats fields (a StatsExtension block)."""
    hot = ctx.io.stats()
    written = _native.writer_stats()
    return HotPathStats(
        writer=_WRITER_BACKENDS[hot["writer"]],
        io_uring_available=bool(hot["io_uring_available"]),
        direct_io=bool(hot.get("direct_io", False)),
        pool_capacity=hot["pool_capacity_bytes"],
        pool_reserved=hot["pool_reserved_bytes"],
        pool_in_use=hot["pool_in_use_bytes"],
        pool_in_use_buffers=hot["pool_in_use_buffers"],
        pool_free_buffers=hot["pool_free_buffers"],
        pool_hits=hot["pool_hits"],
        pool_misses=hot["pool_misses"],
        pool_evictions=hot["pool_evictions"],
        pool_exhausted=hot["pool_exhausted"],
        receive_fallbacks=hot["receive_fallbacks"],
        read_fallbacks=hot["read_fallbacks"],
        writes=written["writes"],
        datasyncs=written["datasyncs"],
        bytes_written=written["bytes_written"],
        write_queue=hot["write_queue_bytes"],
        background_submissions=hot["background_submissions"],
        background_batches=hot["background_batches"],
    )


def collect_stats(ctx: HandlerContext) -> Stats:
    status = _read_proc_kv("/proc/self/status")
    meminfo = _read_proc_kv("/proc/meminfo")
    io_counters = _read_proc_kv("/proc/self/io")
    counts = ctx.metadata.counts()
    cpu_pct, total_cpu_pct = _cpu.sample()
    try:
        disk = shutil.disk_usage(ctx.config.system.path)
        free_disk, total_disk = disk.free, disk.total
    except OSError:
        free_disk = total_disk = 0
    release = _read_os_release()
    return Stats(
        process_id=os.getpid(),
        cpu_usage=cpu_pct,
        total_cpu_usage=total_cpu_pct,
        memory_usage=_kib(status.get("VmRSS")),
        total_memory=_kib(meminfo.get("MemTotal")),
        available_memory=_kib(meminfo.get("MemAvailable")),
        run_time=ctx.run_time_us(),
        start_time=ctx.started_at_us,
        read_bytes=int(io_counters.get("read_bytes", "0") or 0),
        written_bytes=int(io_counters.get("write_bytes", "0") or 0),
        messages_size_bytes=counts["size_bytes"],
        streams_count=counts["streams"],
        topics_count=counts["topics"],
        partitions_count=counts["partitions"],
        segments_count=counts["segments"],
        messages_count=counts["messages"],
        clients_count=len(ctx.clients),
        consumer_groups_count=counts["consumer_groups"],
        hostname=socket.gethostname(),
        os_name=release.get("NAME") or platform.system(),
        os_version=_os_version(),
        kernel_version=platform.release(),
        iggy_server_version=SERVER_VERSION,
        iggy_server_semver=SERVER_SEMVER,
        cache_metrics=(),
        threads_count=int(status.get("Threads", "0") or 0) or threading.active_count(),
        free_disk_space=free_disk,
        total_disk_space=total_disk,
        extensions=(StatsExtension(tag=STATS_EXTENSION_HOT_PATH, body=collect_hot_path_stats(ctx).encode()),),
    )


@handler(Command.GET_STATS)
async def get_stats(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.GET_STATS)
    return collect_stats(ctx).encode(session.protocol)


# ---------------------------------------------------------------------------------- snapshot

SNAPSHOT_COMPRESSION = {
    SnapshotCompression.STORED: zipfile.ZIP_STORED,
    SnapshotCompression.DEFLATED: zipfile.ZIP_DEFLATED,
    SnapshotCompression.BZIP2: zipfile.ZIP_BZIP2,
    SnapshotCompression.LZMA: zipfile.ZIP_LZMA,
}
# Not writable by the standard library.
UNSUPPORTED_SNAPSHOT_COMPRESSION = {SnapshotCompression.ZSTD: "zstd", SnapshotCompression.XZ: "xz"}
SNAPSHOT_TYPES = {t.value: t.name.lower() for t in SnapshotType if t is not SnapshotType.ALL}
SNAPSHOT_ALL = SnapshotType.ALL
# What "all" expands to in 0.8 (no "test").
SNAPSHOT_ALL_TYPES = tuple(t for t in SNAPSHOT_TYPES if t != SnapshotType.TEST)
MAX_FILESYSTEM_ENTRIES = 10_000


def _filesystem_overview(ctx: HandlerContext) -> str:
    root = Path(ctx.config.system.path)
    lines = [f"data directory: {root.resolve()}"]
    entries = 0
    for directory, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = Path(directory) / name
            try:
                size = path.stat().st_size
            except OSError:
                continue
            lines.append(f"{size:>14}  {path.relative_to(root)}")
            entries += 1
            if entries >= MAX_FILESYSTEM_ENTRIES:
                lines.append(f"... truncated after {MAX_FILESYSTEM_ENTRIES} files")
                return "\n".join(lines) + "\n"
    return "\n".join(lines) + "\n"


def _process_list(ctx: HandlerContext) -> str:
    lines = ["PID\tCOMMAND"]
    try:
        pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    except OSError:
        return "process list unavailable\n"
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
        except OSError:
            continue
        lines.append(f"{pid}\t{command}")
    return "\n".join(lines) + "\n"


def _resource_usage(ctx: HandlerContext) -> str:
    stats = collect_stats(ctx)
    return "\n".join(f"{name}: {getattr(stats, name)}" for name in stats.PUBLIC_NAMES) + "\n"


# The snapshot carries the end of the current log file, at most this much.
SNAPSHOT_LOG_BYTES = 4 * 1024 * 1024


def _server_logs(ctx: HandlerContext) -> str:
    return current_log_tail(log_file_settings(ctx.config), SNAPSHOT_LOG_BYTES)


# Settings a snapshot must not carry: whoever gets the ZIP would get the key to the data or to the tokens.
_SECRET_SETTINGS = (
    ("system", "encryption", "key"),
    ("http", "jwt", "encoding_secret"),
    ("http", "jwt", "decoding_secret"),
)


def _server_config(ctx: HandlerContext) -> str:
    values = ctx.config.as_dict()
    for path in _SECRET_SETTINGS:
        section = values
        for part in path[:-1]:
            section = section[part]
        if section[path[-1]]:
            section[path[-1]] = "(set, not shown)"
    return json.dumps(values, indent=2, sort_keys=True) + "\n"


_SNAPSHOT_WRITERS: dict[int, Callable[[HandlerContext], str]] = {
    SnapshotType.FILESYSTEM_OVERVIEW: _filesystem_overview,
    SnapshotType.PROCESS_LIST: _process_list,
    SnapshotType.RESOURCE_USAGE: _resource_usage,
    SnapshotType.TEST: lambda ctx: "test\n",
    SnapshotType.SERVER_LOGS: _server_logs,
    SnapshotType.SERVER_CONFIG: _server_config,
}


def build_snapshot(ctx: HandlerContext, compression: int, snapshot_types: tuple[int, ...]) -> bytes:
    if compression in UNSUPPORTED_SNAPSHOT_COMPRESSION:
        raise IggyError(
            ErrorCode.FEATURE_UNAVAILABLE,
            f"snapshot compression {UNSUPPORTED_SNAPSHOT_COMPRESSION[compression]} is not supported; use 1, 2, 3 or 5",
        )
    if compression not in SNAPSHOT_COMPRESSION:
        raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown snapshot compression {compression}")
    for snapshot_type in snapshot_types:
        if snapshot_type != SNAPSHOT_ALL and snapshot_type not in SNAPSHOT_TYPES:
            raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown snapshot type {snapshot_type}")
    if SNAPSHOT_ALL in snapshot_types:
        if len(snapshot_types) > 1:
            raise IggyError(ErrorCode.INVALID_COMMAND, "snapshot type 'all' must be requested alone")
        snapshot_types = SNAPSHOT_ALL_TYPES
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=SNAPSHOT_COMPRESSION[compression]) as archive:
        for snapshot_type in dict.fromkeys(snapshot_types):
            archive.writestr(f"{SNAPSHOT_TYPES[snapshot_type]}.txt", _SNAPSHOT_WRITERS[snapshot_type](ctx))
    return buffer.getvalue()


@handler(Command.GET_SNAPSHOT)
async def get_snapshot(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetSnapshot.decode(payload, session.protocol)
    return build_snapshot(ctx, request.compression, tuple(request.snapshot_types))


# ---------------------------------------------------------------------------------- cluster


@handler(Command.GET_CLUSTER_METADATA)
async def get_cluster_metadata(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    cluster = ctx.config.cluster
    # A disabled transport: 0.8 reports Iggy's default port (as Iggy reports its configured one); 0.9 reports 0,
    # which its clients read as "not served" (they route by these ports).
    v09 = session.protocol >= ProtocolVersion.V0_9
    node = ClusterNode(
        name=cluster.node_name,
        ip=ctx.bound_host,
        tcp_port=ctx.bound_port,
        quic_port=ctx.transport_ports.get("quic", 0 if v09 else DEFAULT_QUIC_PORT),
        http_port=ctx.transport_ports.get("http", 0 if v09 else DEFAULT_HTTP_PORT),
        websocket_port=ctx.transport_ports.get("websocket", 0 if v09 else DEFAULT_WEBSOCKET_PORT),
        role=0,  # leader
        status=0,  # healthy
    )
    return ClusterMetadata(name=cluster.name, nodes=(node,)).encode(session.protocol)


@handler(Command.DESCRIBE_OPTIONS)
async def describe_options(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    """0.9: the option catalog of a scope (topics have keys; streams and users none)."""
    request = requests.DescribeOptions.decode(payload, session.protocol)
    if request.scope not in tuple(OptionScope):
        raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown option scope {request.scope}")
    entries = tuple(
        OptionDescriptor(key=key, kind=kind, default_value=default, description=about)
        for key, kind, default, about in describe_catalog(request.scope)
    )
    return DescribeOptionsResponse(entries=entries).encode(session.protocol)


# ---------------------------------------------------------------------------------- clients


def client_info(session: Session) -> ClientInfo:
    return ClientInfo(
        client_id=session.client_id,
        user_id=session.wire_user_id,
        transport=session.transport_kind,
        address=session.address,
        consumer_groups_count=len(session.consumer_groups),
    )


def client_details(session: Session) -> ClientDetails:
    groups = tuple(ClientGroupInfo(s, t, g) for s, t, g in sorted(session.consumer_groups))
    return ClientDetails(
        client_id=session.client_id,
        user_id=session.wire_user_id,
        transport=session.transport_kind,
        address=session.address,
        consumer_groups=groups,
    )


@handler(Command.GET_ME)
async def get_me(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    return client_details(session).encode(session.protocol)


@handler(Command.GET_CLIENT)
async def get_client(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    request = requests.GetClient.decode(payload, session.protocol)
    if request.client_id == 0:
        raise IggyError(ErrorCode.INVALID_CLIENT_ID, "client id 0 is never assigned")
    ctx.authorizer.require(session, Command.GET_CLIENT)
    other = ctx.clients.get(request.client_id)
    if other is None:
        return b""
    return client_details(other).encode(session.protocol)


@handler(Command.GET_CLIENTS)
async def get_clients(ctx: HandlerContext, session: Session, payload: memoryview) -> bytes:
    ctx.authorizer.require(session, Command.GET_CLIENTS)
    return b"".join(client_info(s).encode(session.protocol) for s in ctx.clients)
