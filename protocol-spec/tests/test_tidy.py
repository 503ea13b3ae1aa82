"""The tidy checker (.ci/tidy.py): each rule fires on a violation and stays quiet on ordinary code."""

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("tidy", REPO / ".ci" / "tidy.py")
tidy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tidy)

COMMANDS, ERRORS = tidy.known_codes()


def literals(path: str, line: str) -> list[str]:
    return tidy.check_code_literals(path, line + "\n", COMMANDS, ERRORS)


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("server/x.py", "if code == 38:"),
        ("server/x.py", "    elif frame.code != 202:"),
        ("server/x.py", "command = 100"),
        ("server/x.py", "if 302 == request.command_code:"),
        ("server/x.py", "handlers = {'code': 12}"),
        ("sdk/rust/src/a.rs", "if cmd_code == 101 {"),
        ("sdk/go/a.go", "if commandCode == 600 {"),
        ("sdk/java/src/main/java/A.java", "int opcode = 44;"),
        ("server/x.py", "if status == 1009:"),
        ("server/x.py", "error_code = 2010"),
    ],
)
def test_code_literals_are_flagged(path, line):
    assert len(literals(path, line)) == 1


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("server/x.py", "if code == Command.LOGIN_USER:"),
        ("server/x.py", "exit_code = 100"),  # not a protocol code
        ("server/x.py", "if returncode == 12:"),
        ("server/x.py", "if code == 1:"),  # Ping's 1 is every exit code too: deliberately not flagged
        ("server/x.py", "if response.status == 404:"),  # HTTP-looking error range is skipped
        ("server/x.py", "partitions_count = 100"),
        ("server/x.py", "timeout_ms = 200"),
        ("server/x.py", "code = 38.5"),
        ("server/x.py", "x = 1  # code == 38 in a comment"),
        ("sdk/go/a.go", "n := 100 // command = 100"),
        ("server/x.py", "if code == 38:  # tidy: allow-code (documented exception)"),
        ("server/x.py", "status = 2"),  # user status, not an error code
    ],
)
def test_ordinary_lines_are_not_flagged(path, line):
    assert literals(path, line) == []


def test_tests_fixtures_and_generated_files_are_exempt():
    assert tidy.is_test_or_fixture("sdk/python/tests/unit/test_codec.py")
    assert tidy.is_test_or_fixture("protocol-spec/fixtures/make.py")
    assert tidy.is_test_or_fixture("sdk/go/codes_test.go")
    assert not tidy.is_test_or_fixture("server/python/iggy_server/tcp/framing.py")
    assert tidy.is_generated(f"# {tidy.BANNER}\nx = 1\n")
    assert not tidy.is_generated("x = 1\n")


def test_line_length_counts_characters_not_bytes():
    assert tidy.check_line_length("a.py", "µ" * 120 + "\n") == []
    assert len(tidy.check_line_length("a.py", "x" * 121 + "\n")) == 1


def _component_tree(root: Path, readme: str) -> None:
    for folder in tidy.COMPONENT_FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "README.md").write_text(readme, encoding="utf-8")


def test_readmes_need_run_and_read_next_lines(tmp_path):
    _component_tree(tmp_path, "# X\nPurpose.\n\nRun: `make x`\nRead next: STYLE.md\n")
    assert tidy.check_readmes(tmp_path) == []
    (tmp_path / "cli" / "README.md").write_text("# cli\nRun: `iggy`\n", encoding="utf-8")
    (tmp_path / "spark" / "README.md").unlink()
    assert tidy.check_readmes(tmp_path) == [
        "cli/README.md:0: readme: no `Read next:` line",
        "spark/README.md:0: readme: missing",
    ]


def test_generated_files_without_banner_are_reported(tmp_path):
    target = tmp_path / "server" / "src" / "codes.rs"
    target.parent.mkdir(parents=True)
    target.write_text("pub mod command_code {}\n", encoding="utf-8")
    assert tidy.check_banners(tmp_path) == [f"server/src/codes.rs:1: banner: generated file lacks the banner "
                                            f"({tidy.BANNER})"]


ENUMS = tidy.enum_constants()


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("sdk/python/src/iggy/protocol/messages.py", "_ID_AT = 8"),
        ("server/src/layout.rs", "pub const OFFSET_AT: usize = 24;"),
        ("server/x.py", "NEVER = 0xFFFF_FFFF_FFFF_FFFF"),
        ("server/x.py", "if topic.message_expiry != 18446744073709551615:"),
        ("sdk/rust/src/a.rs", "if expiry == u64::MAX {"),
        ("server/x.py", "CONSUMER = 1"),
        ("server/x.py", "COMPRESSION_NONE = 1"),
        ("sdk/python/src/iggy/client.py", "SNAPSHOT_TYPE_ALL = 100"),
    ],
)
def test_hand_typed_protocol_values_are_flagged(path, line):
    assert len(tidy.check_protocol_values(path, line + "\n", ENUMS)) == 1


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("server/x.py", "CONSUMER = ConsumerKind.CONSUMER"),
        ("server/x.py", "METADATA_FORMAT_VERSION = 1"),
        ("server/x.py", "if not 0 <= value <= U64_MAX:"),
        ("server/x.py", "SNAPSHOT_ALL = 99"),  # not the enum's value
        ("server/x.py", "U64_MAX = 0xFFFF_FFFF_FFFF_FFFF  # tidy: allow-value (the u64 range)"),
        ("server/x.py", "looked_at = 8"),  # lower case: a variable, not a constant offset
    ],
)
def test_ordinary_constants_are_not_flagged(path, line):
    assert tidy.check_protocol_values(path, line + "\n", ENUMS) == []


@pytest.mark.parametrize(
    "line",
    [
        '    subprocess.Popen([sys.executable, "-m", "iggy_server"], env=env)',
        "    binary = Path(sys.executable).with_name('iggy-server')",
        '    DEFAULT_SERVER = REPO_ROOT / ".venv/bin/iggy-server"',
        '    env["IGGY_TCP_ADDRESS_FILE"] = str(address_file)',
        '    "from iggy_server.__main__ import main"',
        '        Command::new("iggy-server").spawn()',
    ],
)
def test_servers_started_outside_the_launcher_are_flagged(line):
    assert tidy.check_launcher("sdk/python/tests/conftest.py", line + "\n")


@pytest.mark.parametrize(
    "line",
    [
        '    command = [sys.executable, "-m", "iggy_server.testing", "--tls"]',
        "    with TestServer(env=settings) as server:",
        '    print(f"iggy-server listening on {host}:{port}")',
        '    log = logging.getLogger("iggy_server")',
        "    # an iggy-server process used to be started here: \"iggy-server\"",
    ],
)
def test_the_launcher_and_mentions_of_the_server_are_not_flagged(line):
    assert tidy.check_launcher("sdk/python/tests/conftest.py", line + "\n") == []


def test_the_binarys_own_start_up_tests_may_start_it():
    line = '    subprocess.run([sys.executable, "-m", "iggy_server"], env=env)\n'
    assert tidy.check_launcher("server/tests/test_server_operator_errors.py", line) == []
    assert tidy.check_launcher("server/python/iggy_server/testing/__main__.py", line) == []
