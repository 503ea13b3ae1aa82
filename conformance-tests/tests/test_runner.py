"""The runner replaces a driver that broke its protocol, so one late answer cannot fail every later case."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from conformance import driver as driver_module
from conformance import runner
from conformance.cases import Case, Step

# Answers every request at once, except the first `ping` of the first process, which it answers too late. The
# answer is ping's `ok` form (null), or the third argument's JSON when given.
FAKE_DRIVER = textwrap.dedent(
    """
    import json, os, sys, time
    marker = sys.argv[1]
    ping_answer = json.loads(sys.argv[2]) if len(sys.argv) > 2 else None
    first_process = not os.path.exists(marker)
    open(marker, "a").close()
    stalled = False
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "hello":
            answer = {"capabilities": ["reset", "ping"]}
        else:
            if request["op"] == "ping" and first_process and not stalled:
                stalled = True
                time.sleep(3.0)
            answer = ping_answer
        print(json.dumps({"id": request["id"], "ok": answer}), flush=True)
    """
)


class _FakeServers:
    """Stands in for the per-case servers: the fake driver never connects to one."""

    def __init__(self, transport: str) -> None:
        pass

    def next(self) -> SimpleNamespace:
        return SimpleNamespace(facts={})

    def close(self) -> None:
        pass


def test_a_driver_that_answers_too_late_is_replaced_before_the_next_case(tmp_path: Path, monkeypatch) -> None:
    script = tmp_path / "fake_driver.py"
    script.write_text(FAKE_DRIVER)
    # The bound also covers a fresh driver's start (a Python interpreter), which takes over a second on a loaded
    # machine; the stall stays well above it.
    monkeypatch.setattr(driver_module, "STEP_TIMEOUT_S", 1.5)
    monkeypatch.setattr(runner, "_FreshServers", _FakeServers)
    monkeypatch.setattr(runner, "load_expected_failures", lambda name: {})
    step = Step(op="ping", args={}, client="default", expect=None, has_expect=True)
    cases = [
        Case(id=f"fake.case_{index}", about="", area="fake", source_file="fake.toml", steps=(step,), login=False,
             ops=frozenset({"ping"}))
        for index in range(3)
    ]
    spec = runner.DriverSpec(name="fake", about="", command=[sys.executable, str(script), str(tmp_path / "marker")],
                             required=False)

    outcomes = runner.run_driver(spec, cases, tmp_path)

    assert outcomes["fake.case_0"].status == runner.FAIL
    assert "no answer within" in outcomes["fake.case_0"].detail
    # Without the replacement the late answer would pair with case 1's request ("answered id … to request …").
    assert [outcomes[f"fake.case_{index}"].status for index in (1, 2)] == [runner.PASS, runner.PASS]


def test_a_case_for_another_protocol_is_not_applicable_and_needs_no_server(tmp_path: Path, monkeypatch) -> None:
    script = tmp_path / "fake_driver.py"
    script.write_text(FAKE_DRIVER)
    served: list[int] = []

    class _CountingServers(_FakeServers):
        def next(self) -> SimpleNamespace:
            served.append(1)
            return super().next()

    monkeypatch.setattr(runner, "_FreshServers", _CountingServers)
    monkeypatch.setattr(runner, "load_expected_failures", lambda name: {})
    step = Step(op="ping", args={}, client="default", expect=None, has_expect=True)
    common = dict(about="", area="fake", source_file="fake.toml", steps=(step,), login=False, ops=frozenset({"ping"}))
    cases = [
        Case(id="fake.any", **common),
        Case(id="fake.only_09", protocols=("0.9",), protocols_why="0.8 has no confirmation", **common),
    ]
    spec = runner.DriverSpec(name="fake", about="", command=[sys.executable, str(script), str(tmp_path / "marker")],
                             required=False, protocol="0.8")

    outcomes = runner.run_driver(spec, cases, tmp_path)

    assert outcomes["fake.any"].status == runner.PASS
    assert outcomes["fake.only_09"].status == runner.UNSUPPORTED
    assert "0.8 has no confirmation" in outcomes["fake.only_09"].detail
    assert served == [1]


def test_drivers_toml_names_a_known_protocol_for_every_driver() -> None:
    specs = runner.load_driver_specs(Path(sys.executable))
    assert {spec.protocol for spec in specs} <= set(runner.PROTOCOLS)
    assert any(spec.protocol == "0.9" for spec in specs)


def test_drivers_toml_rejects_an_unknown_protocol(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "drivers.toml").write_text('[driver.x]\ncommand = ["x"]\nprotocol = "0.10"\n')
    monkeypatch.setattr(runner, "SUITE_DIR", tmp_path)
    with pytest.raises(ValueError, match="protocol must be one of"):
        runner.load_driver_specs(Path(sys.executable))


def test_an_expected_failure_the_driver_cannot_run_is_stale(tmp_path: Path, monkeypatch) -> None:
    script = tmp_path / "fake_driver.py"
    script.write_text(FAKE_DRIVER)
    monkeypatch.setattr(runner, "_FreshServers", _FakeServers)
    listed = {"fake.only_09": "a reason", "fake.lacks_op": "another reason"}
    monkeypatch.setattr(runner, "load_expected_failures", lambda name: listed)
    monkeypatch.setattr(runner, "load_cases", lambda: cases)
    step = Step(op="ping", args={}, client="default", expect=None, has_expect=True)
    common = dict(about="", area="fake", source_file="fake.toml", login=False)
    cases = [
        Case(id="fake.only_09", steps=(step,), ops=frozenset({"ping"}), protocols=("0.9",), protocols_why="why",
             **common),
        Case(id="fake.lacks_op", steps=(step,), ops=frozenset({"get_me"}), **common),
    ]
    spec = runner.DriverSpec(name="fake", about="", command=[sys.executable, str(script), str(tmp_path / "marker")],
                             required=False)

    outcomes = runner.run_driver(spec, cases, tmp_path)

    assert {case_id: outcome.status for case_id, outcome in outcomes.items()} == {
        "fake.only_09": runner.FAIL, "fake.lacks_op": runner.FAIL,
    }
    assert all("remove it" in outcome.detail for outcome in outcomes.values())


def test_a_drivers_server_runs_only_the_listener_it_connects_to():
    assert runner.listener_switches("tcp") == {
        "IGGY_HTTP_ENABLED": "false", "IGGY_QUIC_ENABLED": "false", "IGGY_WEBSOCKET_ENABLED": "false"}
    assert runner.listener_switches("ws") == {
        "IGGY_HTTP_ENABLED": "false", "IGGY_QUIC_ENABLED": "false", "IGGY_WEBSOCKET_ENABLED": "true"}
    assert set(runner.listener_switches("quic").values()) == {"false", "true"}


def test_an_answer_that_leaves_the_spec_form_fails_even_when_the_case_expects_nothing(tmp_path: Path,
                                                                                     monkeypatch) -> None:
    script = tmp_path / "fake_driver.py"
    script.write_text(FAKE_DRIVER)
    (tmp_path / "marker").touch()  # no stall: the marker says this is not the first process
    monkeypatch.setattr(runner, "_FreshServers", _FakeServers)
    monkeypatch.setattr(runner, "load_expected_failures", lambda name: {})
    step = Step(op="ping", args={}, client="default", expect=None, has_expect=False)
    case = Case(id="fake.ping", about="", area="fake", source_file="fake.toml", steps=(step,), login=False,
                ops=frozenset({"ping"}))
    command = [sys.executable, str(script), str(tmp_path / "marker"), '{"pong": true}']
    spec = runner.DriverSpec(name="fake", about="", command=command, required=False)

    outcome = runner.run_driver(spec, [case], tmp_path)["fake.ping"]

    assert outcome.status == runner.FAIL
    assert "not the spec's form" in outcome.detail and "expected null" in outcome.detail
