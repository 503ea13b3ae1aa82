"""Run every case against every available driver, compare, and report a case × SDK matrix."""

from __future__ import annotations

import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iggy.protocol.codes import ErrorCode

from .cases import Case, Step, load_cases
from .driver import DriverFailure, DriverProcess
from .results import check_ok, fields_in_protocol, unknown_unobservable
from .server import TestServer, address_for
from .values import expand_args, match, substitute

SUITE_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = SUITE_DIR.parent
EXPECTED_FAILURES_DIR = SUITE_DIR / "expected-failures"

SLEEP_MS_MAX = 2000.0
UNTIL_RETRY_INTERVAL_S = 0.05
PASS, FAIL, UNSUPPORTED, XFAIL, XPASS = "pass", "FAIL", "n/a", "xfail", "XPASS"


TRANSPORTS = ("tcp", "http", "quic", "ws")
# The switch of each listener besides TCP (always on, the default transport). A case's server runs TCP and only
# the listener its driver uses: the others cost every boot their imports and bindings, half its CPU (0.8 s of 1.6).
_LISTENER_SWITCHES = {"http": "IGGY_HTTP_ENABLED", "quic": "IGGY_QUIC_ENABLED", "ws": "IGGY_WEBSOCKET_ENABLED"}
# The Iggy wire protocols a driver's client may speak. The runner tells a driver nothing about it (the official
# clients pick their protocol themselves); it reports it, and skips a case that declares other protocols.
PROTOCOLS = ("0.8", "0.9")
DEFAULT_PROTOCOL = "0.8"


@dataclass(frozen=True)
class DriverSpec:
    name: str
    about: str
    command: list[str]
    required: bool
    transport: str = "tcp"  # which of the server's listeners the driver connects to
    protocol: str = DEFAULT_PROTOCOL  # the Iggy wire protocol the driver's client speaks


@dataclass(frozen=True)
class Outcome:
    status: str
    detail: str = ""


def load_driver_specs(python: Path) -> list[DriverSpec]:
    with (SUITE_DIR / "drivers.toml").open("rb") as handle:
        document = tomllib.load(handle)
    specs = []
    for name, raw in document["driver"].items():
        command = [part.format(python=python, root=REPO_ROOT) for part in raw["command"]]
        transport = raw.get("transport", "tcp")
        if transport not in TRANSPORTS:
            raise ValueError(f"drivers.toml: driver {name}: transport must be one of {TRANSPORTS}, got {transport!r}")
        protocol = raw.get("protocol", DEFAULT_PROTOCOL)
        if protocol not in PROTOCOLS:
            raise ValueError(f"drivers.toml: driver {name}: protocol must be one of {PROTOCOLS}, got {protocol!r}")
        unknown = set(raw) - {"about", "command", "required", "transport", "protocol"}
        if unknown:
            raise ValueError(f"drivers.toml: driver {name}: unknown keys {sorted(unknown)}")
        specs.append(
            DriverSpec(name, raw.get("about", ""), command, bool(raw.get("required", False)), transport, protocol)
        )
    return specs


def load_expected_failures(driver_name: str) -> dict[str, str]:
    """`<case id>  # reason` per line; blank lines and full-line comments are skipped."""
    path = EXPECTED_FAILURES_DIR / f"{driver_name}.txt"
    if not path.exists():
        return {}
    failures = {}
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        case_id, _, reason = stripped.partition("#")
        failures[case_id.strip()] = reason.strip()
    return failures


class StepUnsupported(Exception):
    """The driver's API cannot express this step (it answered `unsupported`): the case is n/a for it."""


class CaseRun:
    """One case against one driver on a fresh server."""

    def __init__(
        self,
        case: Case,
        driver: DriverProcess,
        server: TestServer,
        transport: str = "tcp",
        protocol: str = DEFAULT_PROTOCOL,
    ) -> None:
        self.case = case
        self.driver = driver
        self.server = server
        self.transport = transport
        self.protocol = protocol
        self.saved: dict[str, Any] = {}

    @property
    def address(self) -> str:
        return address_for(self.server, self.transport)

    def run(self) -> Outcome:
        self._reset_clients()
        for index, step in enumerate(self.case.steps):
            try:
                problem = self._run_step(step)
            except StepUnsupported as unsupported:
                return Outcome(UNSUPPORTED, f"step {index} ({step.op}): {unsupported}")
            if problem:
                return Outcome(FAIL, f"step {index} ({step.op}): {problem}")
        return Outcome(PASS)

    def _reset_clients(self) -> None:
        self.driver.call("reset", {})
        if self.case.login:
            answer = self.driver.call(
                "connect", {"address": self.address, "username": "iggy", "password": "iggy"}
            )
            if "ok" not in answer:
                raise DriverFailure(f"default login failed: {answer}")

    def _run_step(self, step: Step) -> str | None:
        if step.op == "restart_server":
            self.server.restart(graceful=not step.args.get("hard", False))
            self._reset_clients()
            return None
        if step.op == "sleep":
            # Only for server-side events with no acknowledgement on the wire (a peer's disconnect).
            time.sleep(min(float(step.args.get("ms", 100)), SLEEP_MS_MAX) / 1000)
            return None
        args = expand_args(step.op, dict(step.args), self.saved)
        if step.op == "connect":
            args.setdefault("address", self.address)
        if step.until_ms is None:
            return self._check_answer(step, self.driver.call(step.op, args, client=step.client))
        deadline = time.monotonic() + step.until_ms / 1000
        while True:  # bounded by the deadline; each round is one request
            problem = self._check_answer(step, self.driver.call(step.op, args, client=step.client))
            if problem is None:
                return None
            if time.monotonic() >= deadline:
                return f"{problem} (still after {step.until_ms:.0f} ms)"
            time.sleep(UNTIL_RETRY_INTERVAL_S)

    def _check_answer(self, step: Step, answer: dict[str, Any]) -> str | None:
        if "unsupported" in answer:
            raise StepUnsupported(answer["unsupported"])
        if "error" in answer:
            return self._check_error(step, answer["error"])
        if step.error is not None:
            return f"expected error {ErrorCode(step.error).name} ({step.error}), got success {answer.get('ok')!r:.200}"
        result = answer.get("ok")
        findings = check_ok(step.op, self.protocol, result, self.driver.unobservable)
        if findings:
            return "the answer is not the spec's form (driver_ops.toml `ok`): " + "; ".join(findings)
        if step.save:
            self.saved[step.save] = result
        if step.has_expect:
            return match(self._observable(step.op, substitute(step.expect, self.saved)), result)
        return None

    def _observable(self, op: str, expected: Any) -> Any:
        """Drop expected top-level fields the driver declared it cannot observe for this op (its API hides them),
        and those the driver's protocol does not have (0.9's topics have no replication factor): a case written
        for both versions states each field once."""
        hidden = {field.split(".", 1)[1] for field in self.driver.unobservable if field.startswith(op + ".")}
        in_protocol = fields_in_protocol(op, self.protocol)
        if not isinstance(expected, dict) or (not hidden and in_protocol is None):
            return expected
        return {
            key: value
            for key, value in expected.items()
            if key not in hidden and (in_protocol is None or key in in_protocol)
        }

    @staticmethod
    def _check_error(step: Step, error: dict[str, Any]) -> str | None:
        code = error.get("code")
        if step.error is None:
            return f"unexpected error {error}"
        if code != step.error:
            return f"expected error {ErrorCode(step.error).name} ({step.error}), got {error}"
        return None


def run_driver(spec: DriverSpec, cases: list[Case], work_dir: Path) -> dict[str, Outcome]:
    expected_failures = load_expected_failures(spec.name)
    unknown = set(expected_failures) - {case.id for case in load_cases()}  # all cases, even when --case filters
    outcomes: dict[str, Outcome] = {}
    server_wait_s = 0.0  # blocked on the server starting over (or starting) for the next case
    log_path = work_dir / f"driver-{spec.name}.log"
    try:
        driver = DriverProcess(spec.name, spec.command, log_path)
    except (OSError, DriverFailure) as failure:  # not built, or broken: fail this driver, keep the others
        return {case.id: Outcome(FAIL, f"driver did not start: {failure}") for case in cases}
    stale = unknown_unobservable(driver.unobservable, spec.protocol)
    if stale:
        driver.close()
        detail = f"hello declares unobservable {stale}, which the spec's answers (driver_ops.toml `ok`) do not have"
        return {case.id: Outcome(FAIL, detail) for case in cases}
    runnable = [case for case in cases if not case.ops - driver.capabilities and spec.protocol in case.protocols]
    started = time.monotonic()
    servers = _FreshServers(spec.transport)
    try:
        for case in cases:
            listed = expected_failures.get(case.id)
            if spec.protocol not in case.protocols:
                detail = f"the case is for protocol {', '.join(case.protocols)} only: {case.protocols_why}"
                outcomes[case.id] = _apply_expected_failure(Outcome(UNSUPPORTED, detail), listed)
                continue
            missing = case.ops - driver.capabilities
            if missing:
                explained = sorted(missing & set(driver.unsupported))
                reasons = "; ".join(f"{op}: {driver.unsupported[op]}" for op in explained)
                detail = f"driver lacks {sorted(missing)}" + (f" ({reasons})" if reasons else "")
                outcomes[case.id] = _apply_expected_failure(Outcome(UNSUPPORTED, detail), listed)
                continue
            try:
                driver.call("reset", {})  # the last case's clients go first: none reconnects to the fresh server
            except DriverFailure:
                driver.close()
                driver = DriverProcess(spec.name, spec.command, log_path)
            waiting_since = time.monotonic()
            server = servers.next()
            server_wait_s += time.monotonic() - waiting_since
            outcome, driver_broken = _run_one(case, driver, server, spec.transport, spec.protocol)
            outcomes[case.id] = _apply_expected_failure(outcome, listed)
            if driver_broken:
                # Exited, timed out, answered out of turn or could not log in: a late answer would pair with
                # the next case's request, so a fresh process runs the rest.
                driver.close()
                driver = DriverProcess(spec.name, spec.command, log_path)
    finally:
        driver.close()
        servers.close()
    # Where a driver's time goes, for keeping the suite inside CI's budget (not a pass/fail criterion).
    total_s = time.monotonic() - started
    print(
        f"conformance: {spec.name} ran {len(runnable)} cases in {total_s:.0f} s, {server_wait_s:.0f} s of them"
        f" waiting for fresh servers",
        flush=True,
    )
    for case_id in sorted(unknown):
        outcomes[f"<expected-failures/{spec.name}.txt>"] = Outcome(FAIL, f"lists unknown case {case_id}")
    return outcomes


def listener_switches(transport: str) -> dict[str, str]:
    """The server settings that turn on TCP's companion listener ``transport`` (if any) and no other."""
    return {switch: str(listener == transport).lower() for listener, switch in _LISTENER_SWITCHES.items()}


class _FreshServers:
    """A fresh server for every case: one test server per driver, started over on an empty data directory between
    cases (``TestServer.reset()``: in its process, on the same ports).

    A new server process per case cost about a CPU-second of imports and start-up, 78 % of the suite's time on the
    2-core CI machine (conformance-tests/BENCHMARKS.md); a reset costs the start-up alone. The server is what a new
    one would be for everything a case observes (server/tests/test_testing_resettable.py). When a reset fails (a
    case left the server dead), a new server is started instead.
    """

    def __init__(self, transport: str) -> None:
        self._env = listener_switches(transport)
        self._server: TestServer | None = None

    def next(self) -> TestServer | RuntimeError:
        """A fresh server, or the error that kept it from starting (reported as that case's failure)."""
        if self._server is not None:
            try:
                self._server.reset()
                return self._server
            except RuntimeError:
                self.close()
        try:
            self._server = TestServer(env=self._env, resettable=True).start()
        except RuntimeError as failure:
            return failure
        return self._server

    def close(self) -> None:
        if self._server is not None:
            self._server.close()  # stops it, removes its directory
            self._server = None


def _run_one(
    case: Case, driver: DriverProcess, server: TestServer | RuntimeError, transport: str, protocol: str
) -> tuple[Outcome, bool]:
    """The case's outcome, and whether the driver broke its protocol (it must be replaced)."""
    if isinstance(server, RuntimeError):
        return Outcome(FAIL, f"server: {server}"), False
    try:
        return CaseRun(case, driver, server, transport, protocol).run(), False
    except DriverFailure as failure:
        return Outcome(FAIL, str(failure)), True
    except RuntimeError as failure:
        return Outcome(FAIL, f"server: {failure}"), False


def _apply_expected_failure(outcome: Outcome, reason: str | None) -> Outcome:
    if reason is None:
        return outcome
    if outcome.status == PASS:
        return Outcome(XPASS, f"listed as expected failure ({reason}) but passes: remove it from the list")
    if outcome.status == FAIL:
        return Outcome(XFAIL, f"{reason} — {outcome.detail}")
    if outcome.status == UNSUPPORTED:  # a list entry that can never fail is stale too
        return Outcome(FAIL, f"listed as expected failure ({reason}) but n/a here ({outcome.detail}): remove it")
    return outcome
