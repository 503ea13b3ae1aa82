"""The table of a three-way.sh run: per workload and role, each target's median MB/s with its min-max, median p99,
the ratios to Iggy 0.8 and the server CPU per GB moved over the load phase (as compare measures it).

    python3 server/bench-ceiling/summary.py OUT_DIR
"""

import collections
import json
import re
import statistics
import sys
from pathlib import Path

TARGETS = ("iggy", "ours", "ceiling", "ceiling-whole")


def main(out: Path) -> None:
    runs: dict[tuple[str, str, str], list[tuple[int, float, float, float]]] = collections.defaultdict(list)
    for path in out.glob("*.json"):
        match = re.fullmatch(r"(.*)\.(iggy|ours|ceiling|ceiling-whole)\.(\d+)\.json", path.name)
        if match is None:
            continue
        workload, target, round_number = match.groups()
        record = json.loads(path.read_text())
        # As compare counts it: the frames every role moved (not the per-actor rows or the total again).
        moved_gb = sum(role["bytes"] for role in record["roles"] if role["role"] in ("producer", "consumer")) / 1e9
        cpu_ms_per_gb = record["load_cpu"]["server_cpu_ms"] / moved_gb
        for role in record["roles"]:
            runs[(workload, role["role"], target)].append(
                (int(round_number), role["megabytes_per_s"], role["latency_ms"]["p99"], cpu_ms_per_gb)
            )
    present = [t for t in TARGETS if any(target == t for _, _, target in runs)]
    others = [t for t in present if t != "iggy"]
    print("| workload | role | " + " | ".join(f"{t} MB/s [min-max], p99 ms" for t in present) + " | "
          + " | ".join(f"{t} / iggy" for t in others) + " | server CPU ms/GB " + " / ".join(present) + " |")
    print("|---|---|" + "---|" * (len(present) + len(others) + 1))
    for workload, role in sorted({(w, r) for w, r, _ in runs}):
        cells, medians = [], {}
        for target in present:
            figures = sorted(runs.get((workload, role, target), []))
            if not figures:
                cells.append("-")
                continue
            rates = [f[1] for f in figures]
            medians[target] = tuple(statistics.median(f[i] for f in figures) for i in (1, 2, 3))
            cells.append(f"{medians[target][0]:,.0f} [{min(rates):,.0f}-{max(rates):,.0f}], {medians[target][1]:.2f}")

        def ratio(target: str) -> str:
            if target not in medians or "iggy" not in medians:
                return "-"
            throughput, p99 = (medians[target][i] / medians["iggy"][i] for i in (0, 1))
            return f"{throughput:.2f}x (p99 {p99:.2f}x)"

        cpu = " / ".join(f"{medians[t][2]:,.0f}" if t in medians else "-" for t in present)
        print(f"| {workload} | {role} | {' | '.join(cells)} | {' | '.join(ratio(t) for t in others)} | {cpu} |")
    print("\nRounds in order (MB/s):")
    for (workload, role, target), figures in sorted(runs.items()):
        print(f"  {workload} {role} {target}: {', '.join(f'{f[1]:,.0f}' for f in sorted(figures))}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
