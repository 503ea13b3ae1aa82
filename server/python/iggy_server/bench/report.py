"""Benchmark results: per-role summaries (throughput, latency percentiles), a time series, and their
renderings as a rich table, JSON and a self-contained HTML page with SVG charts."""

from __future__ import annotations

import html
import json
from array import array
from dataclasses import asdict, dataclass, field
from typing import Any

PERCENTILES = (50, 90, 95, 99, 99.9, 99.99)
SERIES_BUCKET_NS = 100_000_000  # 100 ms


@dataclass
class RoleSummary:
    role: str
    actors: int
    messages: int
    bytes: int
    elapsed_s: float
    messages_per_s: float
    megabytes_per_s: float  # 1 MB = 1 000 000 bytes of message frames (64-byte header + payload)
    payload_megabytes_per_s: float
    latency_ms: dict[str, float]
    empty_polls: int
    errors: list[str]


@dataclass
class Report:
    workload: str
    parameters: dict[str, Any]
    roles: list[RoleSummary]
    # (seconds since start, MB/s) per 100 ms bucket, all actors together.
    series: list[tuple[float, float]]
    environment: dict[str, Any] = field(default_factory=dict)
    # CPU time over the load phase, from the official client's record: load_ms, client_cpu_ms and (given the
    # server's pid) server_cpu_ms; empty for the native generator.
    load_cpu: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)


def percentile(sorted_values: list[int], pct: float) -> int:
    """Nearest-rank percentile."""
    if not sorted_values:
        return 0
    rank = max(1, -(-len(sorted_values) * pct // 100))
    return sorted_values[min(int(rank), len(sorted_values)) - 1]


def u64s(data: bytes) -> array:
    values = array("Q")
    values.frombytes(data)
    return values


def summarize(
    workload: str,
    parameters: dict[str, Any],
    roles: list[str],
    results: list[dict],
    frame_bytes: int,
    message_size: int,
) -> Report:
    summaries = []
    buckets: dict[int, int] = {}
    for role in sorted(set(roles)):
        mine = [r for r, actor_role in zip(results, roles, strict=True) if actor_role == role]
        latencies: list[int] = sorted(v for r in mine for v in u64s(r["latencies_ns"]))
        messages = sum(r["messages"] for r in mine)
        size = sum(r["bytes"] for r in mine)
        elapsed_s = max((r["elapsed_ns"] for r in mine), default=0) / 1e9 or 1e-9
        for r in mine:
            completed = u64s(r["completed_at_ns"])
            if completed:
                per_batch = r["bytes"] / len(completed)
                for t in completed:
                    buckets[t // SERIES_BUCKET_NS] = buckets.get(t // SERIES_BUCKET_NS, 0) + int(per_batch)
        latency_ms = {f"p{p:g}": percentile(latencies, p) / 1e6 for p in PERCENTILES}
        latency_ms["avg"] = (sum(latencies) / len(latencies) / 1e6) if latencies else 0.0
        latency_ms["max"] = (latencies[-1] / 1e6) if latencies else 0.0
        summaries.append(
            RoleSummary(
                role=role,
                actors=len(mine),
                messages=messages,
                bytes=size,
                elapsed_s=elapsed_s,
                messages_per_s=messages / elapsed_s,
                megabytes_per_s=size / elapsed_s / 1e6,
                payload_megabytes_per_s=size * message_size / frame_bytes / elapsed_s / 1e6,
                latency_ms=latency_ms,
                empty_polls=sum(r["empty_polls"] for r in mine),
                errors=[r["error"] for r in mine if r["error"]],
            )
        )
    scale = 1e9 / SERIES_BUCKET_NS / 1e6
    series = [((b + 1) * SERIES_BUCKET_NS / 1e9, buckets[b] * scale) for b in sorted(buckets)]
    return Report(workload, parameters, summaries, series)


def print_table(report: Report) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:  # plain text when rich is not installed
        for s in report.roles:
            print(f"{s.role}: {s.messages_per_s:,.0f} msg/s {s.megabytes_per_s:,.1f} MB/s latency(ms) {s.latency_ms}")
        return
    table = Table(title=f"iggy-bench {report.workload}")
    columns = [
        "role", "actors", "messages", "msg/s", "MB/s", "avg", "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max"
    ]
    for column in columns:
        table.add_column(column, justify="left" if column == "role" else "right")
    for s in report.roles:
        lat = s.latency_ms
        table.add_row(
            s.role,
            str(s.actors),
            f"{s.messages:,}",
            f"{s.messages_per_s:,.0f}",
            f"{s.megabytes_per_s:,.1f}",
            *(f"{lat[k]:.3f}" for k in ("avg", "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max")),
        )
    console = Console(width=max(Console().width, 150))
    console.print(table)
    console.print("latencies in ms per batch; MB/s = 10^6 bytes of message frames (64-byte header + payload)")
    for s in report.roles:
        for error in s.errors:
            console.print(f"[red]{s.role} error:[/red] {error}")


def _polyline(points: list[tuple[float, float]], width: int, height: int, pad: int) -> tuple[str, float, float]:
    max_x = max((x for x, _ in points), default=1.0) or 1.0
    max_y = max((y for _, y in points), default=1.0) or 1.0
    coords = " ".join(
        f"{pad + x / max_x * (width - 2 * pad):.1f},{height - pad - y / max_y * (height - 2 * pad):.1f}"
        for x, y in points
    )
    return coords, max_x, max_y


def to_html(report: Report) -> str:
    width, height, pad = 760, 280, 40
    coords, max_x, max_y = _polyline(report.series, width, height, pad)
    throughput_svg = (
        f'<svg width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="100%" height="100%" fill="#fff"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#333"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="#333"/>'
        f'<polyline fill="none" stroke="#1f77b4" stroke-width="2" points="{coords}"/>'
        f'<text x="{pad}" y="{pad - 8}" font-size="12">{max_y:,.0f} MB/s</text>'
        f'<text x="{width - pad - 40}" y="{height - pad + 16}" font-size="12">{max_x:.1f} s</text>'
        f'<text x="{pad}" y="{height - 8}" font-size="12">throughput over time (100 ms buckets, all actors)</text>'
        "</svg>"
    )
    bars = []
    bar_keys = ["p50", "p90", "p95", "p99", "p99.9", "p99.99"]
    max_latency = max((s.latency_ms[k] for s in report.roles for k in bar_keys), default=1.0) or 1.0
    bar_width = (width - 2 * pad) / max(1, len(bar_keys) * len(report.roles))
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c"]
    index = 0
    for number, s in enumerate(report.roles):
        for key in bar_keys:
            value = s.latency_ms[key]
            bar_height = value / max_latency * (height - 2 * pad)
            x = pad + index * bar_width
            bars.append(
                f'<rect x="{x:.1f}" y="{height - pad - bar_height:.1f}" '
                f'width="{bar_width * 0.8:.1f}" height="{bar_height:.1f}" '
                f'fill="{colours[number % 3]}"><title>{html.escape(s.role)} {key}: {value:.3f} ms</title></rect>'
                f'<text x="{x:.1f}" y="{height - pad + 14}" font-size="10">{key}</text>'
                f'<text x="{x:.1f}" y="{height - pad - bar_height - 4:.1f}" font-size="10">{value:.2f}</text>'
            )
            index += 1
    latency_svg = (
        f'<svg width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg">'
        '<rect width="100%" height="100%" fill="#fff"/>'
        + "".join(bars)
        + f'<text x="{pad}" y="{height - 8}" font-size="12">batch latency percentiles (ms), per role</text></svg>'
    )
    rows = "".join(
        f"<tr><td>{html.escape(s.role)}</td><td>{s.actors}</td><td>{s.messages:,}</td><td>{s.messages_per_s:,.0f}</td>"
        f"<td>{s.megabytes_per_s:,.1f}</td>"
        + "".join(f"<td>{s.latency_ms[k]:.3f}</td>" for k in ["avg", *bar_keys, "max"])
        + "</tr>"
        for s in report.roles
    )
    parameters = html.escape(json.dumps(report.parameters | report.environment, indent=1))
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>iggy-bench "
        f"{html.escape(report.workload)}</title><style>body{{font-family:sans-serif;margin:2em}}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}</style>"
        "</head><body>"
        f"<h1>iggy-bench {html.escape(report.workload)}</h1>"
        "<table><tr><th>role</th><th>actors</th><th>messages</th><th>msg/s</th><th>MB/s</th><th>avg</th><th>p50</th>"
        "<th>p90</th><th>p95</th><th>p99</th><th>p99.9</th><th>p99.99</th><th>max</th></tr>"
        f"{rows}</table><p>latencies in ms per batch</p>{throughput_svg}<br>{latency_svg}"
        f"<pre>{parameters}</pre></body></html>"
    )
