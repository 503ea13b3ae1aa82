"""Every command of the spec reaches every place a user or the conformance suite meets it.

For each command of protocol-spec/spec/commands.toml, in each protocol version that has it:
- a public method in each SDK (Python, Rust, Go, Java), named by the language's convention from the spec's name
  (CreateTopic: `create_topic`, `create_topic`, `CreateTopic`, `createTopic`);
- an op (the name in snake_case) in each conformance driver of ours that conformance-tests/drivers.toml lists for
  that version: advertised in its hello and handled;
- at least one conformance case (conformance-tests/cases) that uses the op and runs over that version;
- a REST route ([command.http]) or the reason Iggy's REST API lacks it (http_absent): the spec loader already
  refuses a command with neither, this names one in a spec built another way;
- an op in protocol-spec/spec/driver_ops.toml (the driver protocol's op table) that runs it.

Every driver of conformance-tests/drivers.toml (ours and the official clients') runs the op table's generated step
check (protocol-spec/generator/driver_tables.py) before it dispatches a step: its source imports the generated module
and calls the check, so a new driver cannot read its args by hand.

And every step of every case matches that op table: its op is declared, each arg key it writes is one the op takes,
each required arg is there (unless the runner fills it in, or the step expects an error on purpose), and an arg only
some protocols have is used only in a case limited to them. Those findings name the case file, case, step and key.

The check reads source text (no build), so it runs in `make test-spec` in a second. It names exactly what is
missing; a known gap goes into EXCEPTIONS with its reason, and an exception that no longer matches a gap fails
too, so the table cannot go stale. Run alone, `python3 protocol-spec/tests/test_command_coverage.py` prints the
findings.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
ROOT = PROTOCOL_SPEC.parent
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator.driver_calls import plain_calls  # noqa: E402
from generator.spec import Command, DriverOp, Spec, http_coverage, load_spec, result_type_parts, snake  # noqa: E402

SPEC = load_spec()

# Commands that have no method, op or case of their own because another command's serve them, with why.
STANDS_IN: dict[str, tuple[str, str]] = {
    "LoginRegister": ("LoginUser", "0.9 logs in with Register: every SDK's login_user (and a driver's connect) "
                                   "sends LoginUser or LoginRegister by the connection's protocol"),
    "LoginRegisterWithPat": ("LoginWithPersonalAccessToken", "0.9 logs in with Register: every SDK's "
                                                             "login_with_personal_access_token sends the 0.8 "
                                                             "command or LoginRegisterWithPat by protocol"),
}

# Known gaps: (command, place) -> why. A place is an SDK ("python", "rust", "go", "java"), a driver of
# drivers.toml ("driver go-0.9"), "cases" or "http". Empty today: every command is everywhere.
EXCEPTIONS: dict[tuple[str, str], str] = {}


@dataclass
class Repo:
    """The repository's files as the check reads them; `edits` replaces a file's text (the tests remove a method
    this way to see the check fail)."""

    root: Path = ROOT
    edits: dict[str, str] = field(default_factory=dict)

    def text(self, path: str) -> str:
        if path in self.edits:
            return self.edits[path]
        return (self.root / path).read_text(encoding="utf-8")

    def files(self, folder: str, pattern: str) -> list[str]:
        return sorted(str(p.relative_to(self.root)) for p in (self.root / folder).glob(pattern))


# --- SDK methods ------------------------------------------------------------------------------------------


def _python_methods(repo: Repo) -> set[str]:
    """Public coroutine methods of iggy.client.IggyClient (the sync facade wraps every one of them)."""
    tree = ast.parse(repo.text("sdk/python/src/iggy/client.py"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "IggyClient":
            return {f.name for f in node.body if isinstance(f, ast.AsyncFunctionDef) and not f.name.startswith("_")}
    return set()


def _rust_methods(repo: Repo) -> set[str]:
    """`pub fn` / `pub async fn` of every `impl IggyClient` block in sdk/rust/src."""
    names: set[str] = set()
    for path in repo.files("sdk/rust/src", "**/*.rs"):
        for block in re.findall(r"^impl IggyClient \{\n(.*?)^\}", repo.text(path), re.M | re.S):
            names |= set(re.findall(r"^    pub (?:async )?fn (\w+)", block, re.M))
    return names


def _go_methods(repo: Repo) -> set[str]:
    """Exported methods of *Client in package iggy (sdk/go/*.go without tests)."""
    names: set[str] = set()
    for path in repo.files("sdk/go", "*.go"):
        if not path.endswith("_test.go"):
            names |= set(re.findall(r"^func \(\w+ \*Client\) ([A-Z]\w*)\(", repo.text(path), re.M))
    return names


def _java_methods(repo: Repo) -> set[str]:
    """Public methods of IggyClient."""
    text = repo.text("sdk/java/src/main/java/io/github/iggycompat/iggy/IggyClient.java")
    return set(re.findall(r"^    public (?!class |enum |record |interface )[^=;(]*?\b(\w+)\(", text, re.M))


# SDK -> (how it lists its client's public methods, how it names the method of a spec name).
SDKS: dict[str, tuple[Callable[[Repo], set[str]], Callable[[str], str]]] = {
    "python": (_python_methods, snake),
    "rust": (_rust_methods, snake),
    "go": (_go_methods, lambda name: name),
    "java": (_java_methods, lambda name: name[0].lower() + name[1:]),
}


# --- conformance drivers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DriverOps:
    advertised: frozenset[str]  # what the hello lists (before a 0.8 connection leaves out the 0.9-only ops)
    handled: frozenset[str]  # what its dispatch answers
    only_0_9: frozenset[str]  # left out of a 0.8 hello


def _strings(text: str) -> frozenset[str]:
    return frozenset(re.findall(r'"(\w+)"', text))


def _between(text: str, start: str, end: str) -> str:
    """The text after `start` up to the first `end` (empty when `start` is absent: then nothing is found)."""
    head, found, tail = text.partition(start)
    return tail.partition(end)[0] if found else ""


def _python_driver(text: str) -> DriverOps:
    ops = frozenset(re.findall(r"^    async def op_(\w+)\(", text, re.M))
    return DriverOps(ops, ops, _strings(_between(text, "op not in (", ")")))


def _rust_driver(text: str) -> DriverOps:
    return DriverOps(_strings(_between(text, "const OPERATIONS: &[&str] = &[", "];")),
                     frozenset(re.findall(r'^\s*"(\w+)" =>', text, re.M)),
                     frozenset(re.findall(r'\("(\w+)", "', _between(text, "const ONLY_0_9", "];"))))


def _go_driver(text: str) -> DriverOps:
    cases = re.findall(r"^\s*case ((?:\"\w+\",?\s*)+):", text, re.M)
    return DriverOps(_strings(_between(text, "var operations = []string{", "}")),
                     frozenset().union(*(_strings(c) for c in cases)),
                     frozenset(re.findall(r'"(\w+)": "', _between(text, "var only09 = ", "}"))))


def _java_driver(text: str) -> DriverOps:
    only_0_9 = frozenset(re.findall(r'"(\w+)", "', _between(text, "ONLY_0_9 = Map.of(", ");")))
    return DriverOps(_strings(_between(text, "OPERATIONS = List.of(", ");")) | only_0_9,
                     frozenset(re.findall(r'^\s*case "(\w+)"\s*(?::|->)', text, re.M)), only_0_9)


# How each of our drivers runs the generated calls of the plain ops (generator/driver_calls.py): a source that has
# the marker handles and advertises every plain op; one without it must handle them by hand.
GENERATED_CALLS = {
    "python": ("from _driver_calls import CALLS", "CALLS.keys()"),
    "rust": ("driver_calls::run(client, other, args)", "chain(driver_calls::OPERATIONS)"),
    "go": ("runGenerated(ctx, c, op, a)", "generatedOperations..."),
    "java": ("DriverCalls.call(c, op, a)", "capabilities.addAll(DriverCalls.OPERATIONS)"),
}


def with_generated_calls(sdk: str, text: str, ops: DriverOps) -> DriverOps:
    """The driver's ops with the plain ops added where its source runs the generated calls and lists them."""
    handles, advertises = GENERATED_CALLS[sdk]
    plain = frozenset(call.op for call in plain_calls(SPEC))
    return DriverOps(ops.advertised | (plain if advertises in text else frozenset()),
                     ops.handled | (plain if handles in text else frozenset()), ops.only_0_9)


# The SDK folder a drivers.toml command runs from -> (the driver's source, how to read its ops).
DRIVER_SOURCES: dict[str, tuple[str, Callable[[str], DriverOps]]] = {
    "python": ("sdk/python/conformance/driver.py", _python_driver),
    "rust": ("sdk/rust/conformance/src/main.rs", _rust_driver),
    "go": ("sdk/go/conformance/main.go", _go_driver),
    "java": ("sdk/java/src/test/java/io/github/iggycompat/iggy/conformance/Driver.java", _java_driver),
}


@dataclass(frozen=True)
class Driver:
    name: str
    protocol: str
    sdk: str  # the folder under sdk/ its command runs from


def our_drivers(repo: Repo) -> list[Driver]:
    """The drivers of conformance-tests/drivers.toml whose command runs from one of our SDK folders."""
    drivers = tomllib.loads(repo.text("conformance-tests/drivers.toml"))["driver"]
    ours = []
    for name, entry in drivers.items():
        folders = {m for arg in entry["command"] for m in re.findall(r"\{root\}/sdk/(\w+)/", arg)}
        if folders:
            ours += [Driver(name, entry.get("protocol", "0.8"), folder) for folder in sorted(folders)]
    return ours


# --- conformance cases ------------------------------------------------------------------------------------


def case_ops(repo: Repo) -> dict[str, set[str]]:
    """op -> the protocol versions some case runs it over (a case without `protocols` runs over every one)."""
    every = set(SPEC.version_names)
    covered: dict[str, set[str]] = {}
    for path in repo.files("conformance-tests/cases", "**/*.toml"):
        for case in tomllib.loads(repo.text(path)).get("case", []):
            versions = set(case.get("protocols", every))
            for step in case.get("step", []):
                covered.setdefault(step.get("op", ""), set()).update(versions)
    return covered


# --- the conditions ---------------------------------------------------------------------------------------


def _served_by(command: Command) -> str:
    """The command whose method, op and cases serve this one (itself unless STANDS_IN says otherwise)."""
    return STANDS_IN.get(command.name, (command.name, ""))[0]


def sdk_methods(spec: Spec, repo: Repo) -> dict[tuple[str, str], str]:
    found = {}
    for sdk, (methods_of, name_of) in SDKS.items():
        methods = methods_of(repo)
        for command in spec.commands:
            method = name_of(_served_by(command))
            if method not in methods:
                found[(command.name, sdk)] = f"{command.name}: no public method {method} on the {sdk} SDK's client"
    return found


def driver_ops(spec: Spec, repo: Repo) -> dict[tuple[str, str], str]:
    found = {}
    for driver in our_drivers(repo):
        place = f"driver {driver.name}"
        if driver.sdk not in DRIVER_SOURCES:
            found[("*", place)] = (f"{place}: runs from sdk/{driver.sdk}, which DRIVER_SOURCES does not know: add "
                                   "its source and op reader there")
            continue
        path, read = DRIVER_SOURCES[driver.sdk]
        text = repo.text(path)
        ops = with_generated_calls(driver.sdk, text, read(text))
        for command in spec.at(driver.protocol).commands:
            op = snake(_served_by(command))
            where = f"{place} ({path})"
            if op not in ops.handled:
                found[(command.name, place)] = f"{command.name}: {where} does not handle op {op}"
            elif op not in ops.advertised or (driver.protocol == "0.8" and op in ops.only_0_9):
                found[(command.name, place)] = f"{command.name}: {where} handles op {op} but its {driver.protocol} " \
                                               "hello does not list it"
    return found


def conformance_cases(spec: Spec, repo: Repo) -> dict[tuple[str, str], str]:
    covered = case_ops(repo)
    found = {}
    for command in spec.commands:
        op = snake(_served_by(command))
        versions = [v for v in spec.version_names if command.in_version(v) and v not in covered.get(op, set())]
        if versions:
            found[(command.name, "cases")] = (f"{command.name}: no conformance case uses op {op} over protocol "
                                              f"{' and '.join(versions)}")
    return found


def op_table(spec: Spec, repo: Repo) -> dict[tuple[str, str], str]:
    found = {}
    for command in spec.commands:
        op = snake(_served_by(command))
        declared = next((o for o in spec.driver_ops if o.name == op), None)
        if declared is None or command.name not in declared.commands:
            found[(command.name, "op table")] = (f"{command.name}: protocol-spec/spec/driver_ops.toml has no op {op} "
                                                 f"with {command.name} in its commands")
    return found


def http_routes(spec: Spec, repo: Repo) -> dict[tuple[str, str], str]:
    return {(name, "http"): f"{name}: no REST route ([command.http]) and no http_absent reason in commands.toml"
            for name, mapping in http_coverage(spec).items() if mapping is None}


# Each condition answers its findings as (command, place) -> one line naming both.
CONDITIONS: list[Callable[[Spec, Repo], dict[tuple[str, str], str]]] = [sdk_methods, driver_ops, conformance_cases,
                                                                        http_routes, op_table]


def case_steps(spec: Spec, repo: Repo) -> list[str]:
    """Every way a case step leaves the op table (driver_ops.toml), one line each naming file, case, step and key.
    A step that expects an error may leave out a required arg on purpose (it tests the refusal); a required arg the
    runner fills in (connect's address, send_messages' messages) is never the case's to write."""
    problems = []
    for path in repo.files("conformance-tests/cases", "**/*.toml"):
        for case in tomllib.loads(repo.text(path)).get("case", []):
            versions = set(case.get("protocols", spec.version_names))
            for index, step in enumerate(case.get("step", [])):
                where = f"{path}: case {case.get('id')} step {index} ({step.get('op')})"
                try:
                    op = spec.driver_op(step.get("op", ""))
                except KeyError:
                    problems.append(f"{where}: op {step.get('op')!r} is not in protocol-spec/spec/driver_ops.toml")
                    continue
                args = step.get("args", {})
                for key in args:
                    arg = op.arg(key)
                    if arg is None:
                        takes = ", ".join(a.name for a in op.args) or "none"
                        problems.append(f"{where}: arg {key!r} is not one op {op.name} takes (it takes: {takes})")
                    elif arg.versions is not None and not versions <= arg.versions:
                        problems.append(f"{where}: arg {key!r} exists over protocol {', '.join(sorted(arg.versions))}"
                                        f" only, but the case runs over {', '.join(sorted(versions - arg.versions))}"
                                        " too (limit it with protocols)")
                if "error" not in step:
                    for arg in op.args:
                        if arg.required and arg.runner is None and arg.name not in args:
                            problems.append(f"{where}: required arg {arg.name!r} is missing")
                problems += _expect_keys(spec, op, versions, step.get("expect"), where)
    return problems


def _shape_fields(spec: Spec, type_text: str | None, version: str) -> set[str] | None:
    """The fields of the object `type_text` names ("X", "X or null", "list of X") in `version`; None: no object."""
    while type_text is not None:
        kind, inner = result_type_parts(type_text)
        if kind == "base":
            shape = next((s for s in spec.result_shapes if s.name == inner), None)
            if shape is None:
                return None
            return {f.name for f in shape.fields if f.versions is None or version in f.versions}
        type_text = inner
    return None


def _expect_keys(spec: Spec, op: DriverOp, versions: set[str], expect: object, where: str) -> list[str]:
    """An expected field must be one the op's answer has in some version the case runs over (the runner drops one
    that a version lacks, so a misspelt key would otherwise be dropped everywhere and test nothing)."""
    items = expect if isinstance(expect, list) else [expect]
    keys = {key for item in items if isinstance(item, dict) for key in item if not key.startswith("$")}  # $len
    if not keys:
        return []
    known: set[str] = set()
    for version in versions:
        fields = _shape_fields(spec, op.ok_type(version), version)
        if fields is None:
            return []  # not an object form: the runner compares the whole value
        known |= fields
    return [f"{where}: expects field {key!r}, which the `ok` answer of op {op.name} does not have over protocol "
            f"{', '.join(sorted(versions))} (driver_ops.toml)" for key in sorted(keys - known)]


def runner_ops(spec: Spec, repo: Repo) -> list[str]:
    """The ops the spec marks runner_only are the runner's RUNNER_OPS (conformance/cases.py, read as text: the
    runner imports the SDK)."""
    text = repo.text("conformance-tests/conformance/cases.py")
    ours = set(re.findall(r'"(\w+)"', _between(text, "RUNNER_OPS = frozenset({", "})")))
    declared = {op.name for op in spec.driver_ops if op.runner_only}
    if ours == declared:
        return []
    return [f"conformance-tests/conformance/cases.py RUNNER_OPS {sorted(ours)} differs from the runner_only ops of "
            f"protocol-spec/spec/driver_ops.toml {sorted(declared)}"]


# Where each driver of drivers.toml runs the generated op table's check: the path its command starts (after
# `{root}/`) -> the sources that must hold each text (the generated module brought in, the check called).
_PYTHON_OFFICIAL = {"conformance-tests/drivers/official_python.py": ("from _driver_ops import", "check_step(")}
_RUST_OFFICIAL = {"conformance-tests/drivers/official-rust-common/driver.rs": ("driver_ops::check_step(",)}
STEP_CHECKS: dict[str, dict[str, tuple[str, ...]]] = {
    "sdk/python/conformance/driver.py": {"sdk/python/conformance/driver.py": ("from _driver_ops import",
                                                                             "check_step(")},
    "sdk/rust/conformance/target/release/iggy-sdk-conformance": {
        "sdk/rust/conformance/src/main.rs": ("mod driver_ops;", "driver_ops::check_step(")},
    "sdk/go/bin/conformance-driver": {"sdk/go/conformance/main.go": ("checkStep(",)},
    "sdk/java/target/driver.argfile": {
        "sdk/java/src/test/java/io/github/iggycompat/iggy/conformance/Driver.java": ("DriverOps.checkStep(",)},
    "conformance-tests/drivers/official/driver.py": _PYTHON_OFFICIAL,
    "conformance-tests/drivers/official-0.9/driver.py": _PYTHON_OFFICIAL,
    "conformance-tests/drivers/official-java/target/driver.argfile": {
        "conformance-tests/drivers/official-java/src/main/java/org/iggyconformance/officialjava/Operations.java":
            ("DriverOps.checkStep(",)},
    "conformance-tests/drivers/official-rust/target/official-rust-driver": {
        "conformance-tests/drivers/official-rust/src/main.rs": ('"../../official-rust-common/driver_ops.rs"',),
        **_RUST_OFFICIAL},
    "conformance-tests/drivers/official-rust-0.11/target/official-rust-0-11-driver": {
        "conformance-tests/drivers/official-rust-0.11/src/main.rs": ('"../../official-rust-common/driver_ops.rs"',),
        **_RUST_OFFICIAL},
}


def step_checks(spec: Spec, repo: Repo) -> list[str]:
    """Every driver of drivers.toml brings in the generated op table and calls its check (STEP_CHECKS)."""
    problems = []
    for name, entry in tomllib.loads(repo.text("conformance-tests/drivers.toml"))["driver"].items():
        started = [m for arg in entry["command"] for m in re.findall(r"\{root\}/(\S+)", arg)]
        known = [path for path in started if path in STEP_CHECKS]
        if not known:
            problems.append(f"driver {name}: starts {started}, which STEP_CHECKS does not know: say which source "
                            "runs the generated op table's check (protocol-spec/generator/driver_tables.py)")
            continue
        for source, texts in STEP_CHECKS[known[0]].items():
            absent = [text for text in texts if text not in repo.text(source)]
            if absent:
                problems.append(f"driver {name}: {source} lacks {absent}: every driver checks each step against "
                                "the generated op table before it dispatches")
    return sorted(set(problems))


def missing(spec: Spec = SPEC, repo: Repo | None = None) -> list[str]:
    """Every gap no exception covers, and every exception that covers no gap."""
    repo = repo or Repo()
    found: dict[tuple[str, str], str] = {}
    for condition in CONDITIONS:
        found.update(condition(spec, repo))
    problems = [line for key, line in found.items() if key not in EXCEPTIONS]
    problems += [f"EXCEPTIONS[{key!r}] matches no gap any more: remove it" for key in EXCEPTIONS if key not in found]
    return problems + case_steps(spec, repo) + runner_ops(spec, repo) + step_checks(spec, repo)


# --- tests ------------------------------------------------------------------------------------------------


def test_every_command_has_methods_driver_ops_and_a_case():
    assert missing() == []


def test_it_finds_our_eight_drivers_and_reads_their_ops():
    drivers = our_drivers(Repo())
    assert {(d.name, d.sdk, d.protocol) for d in drivers} >= {("go", "go", "0.8"), ("java-0.9", "java", "0.9")}
    assert {d.sdk for d in drivers} == set(DRIVER_SOURCES)
    for path, read in DRIVER_SOURCES.values():
        ops = read(Repo().text(path))
        assert {"create_topic", "sync_consumer_group"} <= ops.advertised & ops.handled, path
        assert ops.only_0_9 == {"describe_options", "sync_consumer_group"}, path


def _without(path: str, old: str, new: str) -> Repo:
    text = Repo().text(path)
    assert old in text, f"{path} no longer has {old!r}: update the test"
    return Repo(edits={path: text.replace(old, new)})


def test_a_removed_sdk_method_is_named():
    repo = _without("sdk/go/commands.go", "func (c *Client) GetSnapshot(", "func (c *Client) getSnapshot(")
    assert missing(repo=repo) == ["GetSnapshot: no public method GetSnapshot on the go SDK's client"]
    repo = _without("sdk/rust/src/client.rs", "pub async fn purge_topic(", "async fn purge_topic(")
    assert missing(repo=repo) == ["PurgeTopic: no public method purge_topic on the rust SDK's client"]


def test_a_removed_driver_op_is_named_per_driver():
    path = DRIVER_SOURCES["java"][0]
    repo = _without(path, 'case "get_topics":', 'case "get_topics_gone":')
    assert missing(repo=repo) == [f"GetTopics: driver {name} ({path}) does not handle op get_topics"
                                  for name in ("java", "java-0.9")]
    path = DRIVER_SOURCES["go"][0]
    # Marked 0.9-only, a 0.8 command's op leaves the 0.8 hello: only the 0.8 driver misses it.
    repo = _without(path, '"describe_options": "Iggy 0.8', '"get_topics": "moved", "describe_options": "Iggy 0.8')
    assert missing(repo=repo) == [f"GetTopics: driver go ({path}) handles op get_topics but its 0.8 hello does not "
                                  "list it"]
    repo = _without(path, '"get_topics", ', "")
    assert missing(repo=repo) == [f"GetTopics: driver {name} ({path}) handles op get_topics but its {version} hello "
                                  "does not list it" for name, version in (("go", "0.8"), ("go-0.9", "0.9"))]


def test_a_driver_without_the_generated_calls_is_named_for_every_plain_op():
    plain = [call.command for call in plain_calls(SPEC)]
    assert "PurgeTopic" in plain and "GetTopics" not in plain
    path = DRIVER_SOURCES["go"][0]
    repo = _without(path, "runGenerated(ctx, c, op, a)", "runElsewhere(ctx, c, op, a)")
    assert sorted(missing(repo=repo)) == sorted(
        f"{command}: driver {name} ({path}) does not handle op {snake(command)}"
        for command in plain for name in ("go", "go-0.9"))
    path = DRIVER_SOURCES["rust"][0]
    repo = _without(path, "chain(driver_calls::OPERATIONS)", "chain(OTHER_OPERATIONS)")
    assert sorted(missing(repo=repo)) == sorted(
        f"{command}: driver {name} ({path}) handles op {snake(command)} but its {version} hello does not list it"
        for command in plain for name, version in (("rust", "0.8"), ("rust-0.9", "0.9")))


def test_a_case_limited_to_the_other_protocol_does_not_cover_a_command():
    repo = Repo()
    for path in repo.files("conformance-tests/cases", "**/*.toml"):
        text = repo.text(path)
        if 'op = "purge_topic"' in text:
            repo.edits[path] = text.replace('op = "purge_topic"', 'op = "purge_topic_later"')
    # The renamed steps also leave the op table; those findings are the case-step check's (tested below).
    coverage = [line for line in missing(repo=repo) if "is not in protocol-spec/spec/driver_ops.toml" not in line]
    assert coverage == ["PurgeTopic: no conformance case uses op purge_topic over protocol 0.8 and 0.9"]


def test_a_command_without_a_route_or_a_reason_is_named():
    commands = tuple(dataclasses.replace(c, http=None) if c.name == "PurgeTopic" else c for c in SPEC.commands)
    spec = dataclasses.replace(SPEC, commands=commands)
    assert missing(spec) == ["PurgeTopic: no REST route ([command.http]) and no http_absent reason in commands.toml"]


def test_a_stale_exception_fails(monkeypatch):
    monkeypatch.setitem(EXCEPTIONS, ("PurgeTopic", "go"), "a reason that no longer holds")
    assert missing() == ["EXCEPTIONS[('PurgeTopic', 'go')] matches no gap any more: remove it"]


def _case_edit(path: str, old: str, new: str) -> Repo:
    """The repo with the first `old` of a case file replaced (one step edited)."""
    path = f"conformance-tests/cases/{path}"
    text = Repo().text(path)
    assert old in text, f"{path} no longer has {old!r}: update the test"
    return Repo(edits={path: text.replace(old, new, 1)})


def test_a_case_arg_the_op_does_not_take_is_named():
    repo = _case_edit("streams/streams.toml", 'args = { name = "s1" }', 'args = { name = "s1", replication = 3 }')
    assert missing(repo=repo) == [
        "conformance-tests/cases/streams/streams.toml: case streams.create.returns_header step 0 (create_stream): "
        "arg 'replication' is not one op create_stream takes (it takes: name)"]


def test_a_missing_required_arg_is_named_unless_the_step_expects_an_error():
    old = 'op = "create_stream"\nargs = { name = "s1" }\nexpect'
    repo = _case_edit("streams/streams.toml", old, 'op = "create_stream"\nargs = { }\nexpect')
    assert missing(repo=repo) == [
        "conformance-tests/cases/streams/streams.toml: case streams.create.returns_header step 0 (create_stream): "
        "required arg 'name' is missing"]
    old = 'args = { name = "s1" }\nerror = "STREAM_NAME_ALREADY_EXISTS"'
    repo = _case_edit("streams/streams.toml", old, 'args = { }\nerror = "STREAM_NAME_ALREADY_EXISTS"')
    assert missing(repo=repo) == []


def test_an_undeclared_op_and_an_arg_of_the_other_protocol_are_named():
    repo = _case_edit("streams/streams.toml", 'op = "create_stream"', 'op = "make_stream"')
    assert missing(repo=repo) == [
        "conformance-tests/cases/streams/streams.toml: case streams.create.returns_header step 0 (make_stream): "
        "op 'make_stream' is not in protocol-spec/spec/driver_ops.toml"]
    # options exist over 0.9 only: a create_topic with them in a case that also runs over 0.8 is named.
    repo = _case_edit("topics/topics.toml", 'partitions_count = 1, compression_algorithm = "gzip"',
                      'partitions_count = 1, options = { }, compression_algorithm = "gzip"')
    assert [line.partition(": arg")[2] for line in missing(repo=repo)] == [
        " 'options' exists over protocol 0.9 only, but the case runs over 0.8 too (limit it with protocols)"]


def test_a_command_no_op_runs_is_named():
    ops = tuple(dataclasses.replace(op, commands=("PurgeStream",)) if op.name == "purge_topic" else op
                for op in SPEC.driver_ops)
    spec = dataclasses.replace(SPEC, driver_ops=ops)
    assert missing(spec) == ["PurgeTopic: protocol-spec/spec/driver_ops.toml has no op purge_topic with PurgeTopic in "
                             "its commands"]


def test_runner_ops_match_the_runner():
    repo = _without("conformance-tests/conformance/cases.py", '"restart_server", "sleep"', '"restart_server"')
    assert missing(repo=repo) == [
        "conformance-tests/conformance/cases.py RUNNER_OPS ['restart_server'] differs from the runner_only ops of "
        "protocol-spec/spec/driver_ops.toml ['restart_server', 'sleep']"]



def test_a_driver_that_skips_the_generated_check_is_named():
    repo = _without("sdk/go/conformance/main.go", "checkStep(", "check(")
    assert missing(repo=repo) == [
        "driver go-0.9: sdk/go/conformance/main.go lacks ['checkStep(']: every driver checks each step against the "
        "generated op table before it dispatches",
        "driver go: sdk/go/conformance/main.go lacks ['checkStep(']: every driver checks each step against the "
        "generated op table before it dispatches"]
    repo = _without("conformance-tests/drivers/official_python.py", "from _driver_ops import", "from x import")
    assert [line.split(":")[0] for line in missing(repo=repo)] == ["driver official-0.9", "driver official"]


def test_a_new_driver_must_say_where_it_checks_steps():
    repo = _without("conformance-tests/drivers.toml", "[driver.python]",
                    '[driver.node]\ncommand = ["node", "{root}/sdk/node/driver.js"]\nprotocol = "0.8"\n\n'
                    "[driver.python]")
    assert [line for line in missing(repo=repo) if "STEP_CHECKS" in line] == [
        "driver node: starts ['sdk/node/driver.js'], which STEP_CHECKS does not know: say which source runs the "
        "generated op table's check (protocol-spec/generator/driver_tables.py)"]

if __name__ == "__main__":
    findings = missing()
    print("\n".join(findings) or f"every one of {len(SPEC.commands)} commands has its methods, driver ops and cases")
    sys.exit(1 if findings else 0)


def test_an_expected_field_no_version_of_the_answer_has_is_named():
    old = 'max_topic_size = "$u64_max", replication_factor = 1, partitions'
    repo = _case_edit("topics/topics.toml", old, 'max_topic_size = "$u64_max", replication = 1, partitions')
    assert missing(repo=repo) == [
        "conformance-tests/cases/topics/topics.toml: case topics.create.defaults_resolved step 1 (create_topic): "
        "expects field 'replication', which the `ok` answer of op create_topic does not have over protocol 0.8, 0.9 "
        "(driver_ops.toml)"]
