#!/usr/bin/env python3
"""Mechanical style checks from STYLE.md (`make tidy`). Stdlib only; prints `path:line: rule: message`.

Rules:
  readme        every top-level component folder has README.md with a `Run:` line and a `Read next:` line.
  banner        every file the protocol-spec generator owns opens with the generated-file banner.
  code-literal  no command code (or server error code) typed as a number outside generated files. Heuristic,
                tuned for few false positives: on a Python/Rust/Go/Java source line (comments stripped), flag a
                known code N that is compared with or assigned to an identifier naming a command code
                (`code`, `command`, `cmd`, `opcode`, `*_code`, `command_*`, `commandCode`...) or, for error codes,
                a status/error identifier: `code == N`, `command = N`, `N == frame.code`, `status != N`.
                Not flagged: Ping's code 1 (same as every exit/return code), error codes below 20 and the
                HTTP-looking 300..499, identifiers about exits/returns/HTTP/encodings, generated files, tests and
                fixtures (they state expected wire bytes on purpose). Silence one line with `tidy: allow-code`.
  protocol-value no other protocol value typed by hand outside generated files, tests and fixtures. Heuristic, on
                a source line with comments stripped, three patterns:
                * a header/index offset: an UPPER_SNAKE name ending in `_AT` assigned an integer literal
                  (`_ID_AT = 8`, `const ID_AT: usize = 8;`): offsets come from the generated layout;
                * u64::MAX as a sentinel: `0xFFFF_FFFF_FFFF_FFFF`, `18446744073709551615`, `2**64 - 1`,
                  `(1 << 64) - 1`, `u64::MAX`, `math.MaxUint64` assigned to an UPPER_SNAKE constant or compared
                  with `==`/`!=`/`>=` (MESSAGE_EXPIRY_NEVER, MAX_TOPIC_SIZE_UNLIMITED are generated);
                * an enum value: an UPPER_SNAKE constant named like a spec enum value (`CONSUMER`, or ending in
                  `_NONE`, `_ALL`, `_TCP`...) assigned exactly that value (`CONSUMER = 1`, `COMPRESSION_NONE = 1`,
                  `SNAPSHOT_TYPE_ALL = 100`).
                A plain range check (`value <= U64_MAX` with U64_MAX imported) is not flagged. Silence a justified
                line with `tidy: allow-value` (or `tidy: allow-code`).
  line-length   source lines are at most 120 characters (generated files excluded).
  launcher      test servers come from the one launcher, `python -m iggy_server.testing` (Python code: its
                `TestServer`): outside LAUNCHER_ALLOWED, no source line (comments stripped) starts the server
                itself: `"-m", "iggy_server"`, an `iggy-server` executable literal (`"iggy-server"`,
                `".venv/bin/iggy-server"`), `iggy_server.__main__`, or the launcher's own address-file setting
                `IGGY_TCP_ADDRESS_FILE`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "protocol-spec"))

from generator.languages import BANNER  # noqa: E402
from generator.outputs import OUTPUTS, SPLICED_OUTPUTS  # noqa: E402
from generator.spec import load_spec  # noqa: E402

COMPONENT_FOLDERS = ("server", "sdk/python", "sdk/rust", "sdk/java", "sdk/go", "cli", "protocol-spec",
                     "conformance-tests", "spark", ".github")
SOURCE_SUFFIXES = {".py", ".rs", ".go", ".java"}
MAX_LINE_CHARS = 120
ALLOW_MARKER = "tidy: allow-code"
ALLOW_VALUE_MARKER = "tidy: allow-value"
GENERATOR_DIR = "protocol-spec/generator/"  # where spec values become code: exempt from protocol-value
SKIPPED_DIRS = {".git", ".venv", "target", "node_modules", "__pycache__", "build", "dist", ".pytest_cache"}

# Files that may start the server without the launcher: the launcher itself, the server's entry point, tests of
# the binary's own start-up (operator errors, bad configuration, exit codes, fail-closed imports), and this rule.
LAUNCHER_ALLOWED = frozenset({
    ".ci/tidy.py",
    "protocol-spec/tests/test_tidy.py",
    "server/python/iggy_server/testing/__main__.py",
    "server/python/iggy_server/testing/resettable.py",  # the launcher's server process under --resettable
    "server/python/iggy_server/__main__.py",
    "server/tests/test_server_config.py",
    "server/tests/test_server_operator_errors.py",
    "server/tests/test_server_fail_closed.py",
    "server/tests/test_release_wheels.py",  # `iggy-server --version` of the installed wheel
})
_OWN_LAUNCH = re.compile(
    r"""["']-m["']\s*,\s*["']iggy_server["']"""  # python -m iggy_server
    r"""|["'](?:[^"'\s]*/)?iggy-server["']"""  # the console script, by name or path
    r"""|iggy_server\.__main__|IGGY_TCP_ADDRESS_FILE"""
)

_RUN_LINE = re.compile(r"^\W*Run:", re.MULTILINE)
_READ_NEXT_LINE = re.compile(r"^\W*Read next:", re.MULTILINE)
_COMMAND_WORD = r"(?:[A-Za-z0-9]+_)*(?:code|command|cmd|opcode)(?:_[A-Za-z0-9]+)*|[a-z][A-Za-z0-9]*(?:Code|Command)"
_ERROR_WORD = r"(?:[A-Za-z0-9]+_)*(?:status|error|err|errno)(?:_code)?"
_NOT_PROTOCOL = re.compile(r"exit|return|http|unicode|encode|decode|key_?code|zip|postal|country|lang", re.I)
_OP = r"(?:==|!=|=|:)"


def _literal_patterns(word: str) -> tuple[re.Pattern, re.Pattern]:
    forward = re.compile(rf"(?<![\w.])(?:\w+\.)*({word})['\"]?\s*{_OP}\s*(\d+)\b(?!\s*[.\w])", re.I)
    reverse = re.compile(rf"(?<![\w.])(\d+)\s*(?:==|!=)\s*(?:\w+\.)*({word})\b", re.I)
    return forward, reverse


COMMAND_PATTERNS = _literal_patterns(_COMMAND_WORD)
ERROR_PATTERNS = _literal_patterns(_ERROR_WORD)


def known_codes() -> tuple[frozenset[int], frozenset[int]]:
    spec = load_spec()
    commands = frozenset(c.code for c in spec.commands if c.code != 1)
    errors = frozenset(e.code for e in spec.errors if e.code >= 20 and not 300 <= e.code < 500)
    return commands, errors


def is_generated(text: str) -> bool:
    return any(BANNER in line for line in text.splitlines()[:3])


def is_test_or_fixture(path: str) -> bool:
    parts = Path(path).parts
    name = parts[-1]
    return (
        any(part in ("tests", "test", "fixtures", "testdata") for part in parts[:-1])
        or name.startswith("test_") or name == "conftest.py"
        or name.endswith(("_test.py", "_test.go", "Test.java", "Tests.java"))
    )


def _strip_comment(path: str, line: str) -> str:
    marker = "#" if path.endswith(".py") else "//"
    index = line.find(marker)
    return line if index < 0 else line[:index]


def check_code_literals(path: str, text: str, commands: frozenset[int], errors: frozenset[int]) -> list[str]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if ALLOW_MARKER in line:
            continue
        code_part = _strip_comment(path, line)
        for codes, (forward, reverse), what in ((commands, COMMAND_PATTERNS, "command"),
                                                (errors, ERROR_PATTERNS, "error")):
            hits = [(m.group(1), m.group(2)) for m in forward.finditer(code_part)]
            hits += [(m.group(2), m.group(1)) for m in reverse.finditer(code_part)]
            for word, literal in hits:
                if int(literal) in codes and not _NOT_PROTOCOL.search(word):
                    problems.append(f"{path}:{number}: code-literal: {what} code {literal} next to `{word}`; "
                                    f"import it from the generated codes instead")
    return problems


_UPPER = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*"
_DECLARE = rf"^\s*(?:pub(?:\(crate\))?\s+)?(?:(?:const|static|final|private|public|var)\s+)*(?:[\w<>]+\s+)?_?({_UPPER})"
_OFFSET = re.compile(rf"{_DECLARE}_AT\b(?:\s*:\s*[\w:]+)?\s*(?:[\w<>]+\s*)?:?=\s*(\d+)\b")
_U64_MAX = (r"(?:0x[fF]{4}_?[fF]{4}_?[fF]{4}_?[fF]{4}\b|18446744073709551615|2\s*\*\*\s*64\s*-\s*1"
            r"|\(1\s*<<\s*64\)\s*-\s*1|u64::MAX|math\.MaxUint64)")
_SENTINEL_ASSIGN = re.compile(rf"{_DECLARE}\b(?:\s*:\s*[\w:]+)?\s*(?:[\w<>]+\s*)?:?=\s*{_U64_MAX}")
_SENTINEL_COMPARE = re.compile(rf"(?:==|!=|>=)\s*{_U64_MAX}|{_U64_MAX}\s*(?:==|!=|<=)")
_CONSTANT_INT = re.compile(rf"{_DECLARE}\b(?:\s*:\s*[\w:]+)?\s*(?:[\w<>]+\s*)?:?=\s*(\d+)\s*;?\s*$")


def enum_constants() -> dict[str, frozenset[int]]:
    """Spec enum value constant names (`CONSUMER`, `NONE`, `ALL`) -> the values they stand for."""
    values: dict[str, set[int]] = {}
    for enum in load_spec().enums:
        for value in enum.values:
            values.setdefault(value.constant_name, set()).add(value.value)
    return {name: frozenset(found) for name, found in values.items()}


def check_protocol_values(path: str, text: str, enums: dict[str, frozenset[int]]) -> list[str]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        if ALLOW_MARKER in line or ALLOW_VALUE_MARKER in line:
            continue
        code_part = _strip_comment(path, line)
        where = f"{path}:{number}: protocol-value:"
        if _OFFSET.search(code_part):
            problems.append(f"{where} a header/index offset typed by hand; use the generated layout")
        if _SENTINEL_ASSIGN.search(code_part) or _SENTINEL_COMPARE.search(code_part):
            problems.append(f"{where} u64::MAX as a sentinel; use the generated constant (MESSAGE_EXPIRY_NEVER...)")
        match = _CONSTANT_INT.search(code_part)
        if match:
            name, literal = match.group(1), int(match.group(2))
            for value_name, values in enums.items():
                if literal in values and (name == value_name or name.endswith("_" + value_name)):
                    problems.append(f"{where} {name} = {literal} restates a spec enum value; use the generated enum")
                    break
    return problems


def check_line_length(path: str, text: str) -> list[str]:
    return [f"{path}:{number}: line-length: {len(line)} > {MAX_LINE_CHARS} characters"
            for number, line in enumerate(text.splitlines(), start=1) if len(line) > MAX_LINE_CHARS]


def check_launcher(path: str, text: str) -> list[str]:
    if path in LAUNCHER_ALLOWED:
        return []
    return [f"{path}:{number}: launcher: starts a server itself; use `python -m iggy_server.testing` (TestServer)"
            for number, line in enumerate(text.splitlines(), start=1) if _OWN_LAUNCH.search(_strip_comment(path, line))]


def check_readmes(root: Path) -> list[str]:
    problems = []
    for folder in COMPONENT_FOLDERS:
        readme = root / folder / "README.md"
        if not readme.is_file():
            problems.append(f"{folder}/README.md:0: readme: missing")
            continue
        text = readme.read_text(encoding="utf-8", errors="replace")
        for pattern, label in ((_RUN_LINE, "Run:"), (_READ_NEXT_LINE, "Read next:")):
            if not pattern.search(text):
                problems.append(f"{folder}/README.md:0: readme: no `{label}` line")
    return problems


def check_banners(root: Path) -> list[str]:
    problems = []
    for path in OUTPUTS:
        target = root / path
        if not target.is_file():
            continue
        text = target.read_text(encoding="utf-8", errors="replace")
        # A hand-written file with one generated block carries the banner on the block's opening marker.
        if not (BANNER in text if path in SPLICED_OUTPUTS else is_generated(text)):
            problems.append(f"{path}:1: banner: generated file lacks the banner ({BANNER})")
    return problems


def source_files(root: Path) -> list[str]:
    """Tracked and untracked-but-not-ignored files (git's view), else a bounded directory walk."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                                capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        listed = [str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and not SKIPPED_DIRS.intersection(p.relative_to(root).parts)]
    return sorted(p for p in listed if Path(p).suffix in SOURCE_SUFFIXES and (root / p).is_file())


def run(root: Path) -> list[str]:
    commands, errors = known_codes()
    enums = enum_constants()
    problems = check_readmes(root) + check_banners(root)
    for path in source_files(root):
        text = (root / path).read_text(encoding="utf-8", errors="replace")
        if is_generated(text):
            continue
        problems += check_line_length(path, text) + check_launcher(path, text)
        if not is_test_or_fixture(path):
            problems += check_code_literals(path, text, commands, errors)
            if not path.startswith(GENERATOR_DIR):
                problems += check_protocol_values(path, text, enums)
    return problems


def main() -> int:
    root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT
    problems = run(root)
    for problem in problems:
        print(problem)
    print(f"tidy: {len(problems)} problem(s)" if problems else "tidy: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
