"""python -m conformance [--sdk all|NAME[,NAME]] [--case SUBSTRING] [--write-status]"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import tempfile
from pathlib import Path

from .cases import load_cases
from .report import print_matrix, write_status
from .runner import FAIL, XPASS, load_driver_specs, run_driver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="conformance", description=__doc__)
    parser.add_argument("--sdk", default="all", help="all, or a comma-separated list of driver names")
    parser.add_argument("--case", default="", help="only cases whose id contains this text")
    parser.add_argument("--write-status", action="store_true", help="rewrite conformance-tests/STATUS.md")
    parser.add_argument("--jobs", type=int, default=2, help="drivers run at once (default 2)")
    arguments = parser.parse_args(argv)

    python = Path(sys.executable)
    specs = load_driver_specs(python)
    if arguments.sdk != "all":
        wanted = set(arguments.sdk.split(","))
        unknown = wanted - {spec.name for spec in specs}
        if unknown:
            parser.error(f"unknown driver(s) {sorted(unknown)}; known: {[spec.name for spec in specs]}")
        specs = [spec for spec in specs if spec.name in wanted]
    cases = [case for case in load_cases() if arguments.case in case.id]
    if not cases:
        parser.error(f"no case id contains {arguments.case!r}")

    results = {}
    with tempfile.TemporaryDirectory(prefix="conformance-") as work:
        # Drivers are independent (each case gets its own server and port), so they run side by side.
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            futures = {}
            for spec in specs:
                print(f"conformance: {spec.name} (protocol {spec.protocol}, {spec.transport}) — {len(cases)} cases",
                      flush=True)
                futures[spec.name] = pool.submit(run_driver, spec, cases, Path(work))
            results = {name: future.result() for name, future in futures.items()}
    print_matrix(cases, results, {spec.name: spec.protocol for spec in specs})
    if arguments.write_status:
        write_status(cases, specs, results)
    failed = sum(1 for outcomes in results.values() for outcome in outcomes.values() if outcome.status in (FAIL, XPASS))
    passed = sum(1 for outcomes in results.values() for outcome in outcomes.values() if outcome.status == "pass")
    print(f"conformance: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
