"""The generator: outputs are deterministic, carry the banner, keep the bootstrap names, and gen-check works."""

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator import driver_ops  # noqa: E402
from generator.driver_ops import BEGIN, CONFORMANCE_README_PATH, END, render_op_table, splice_op_table  # noqa: E402
from generator.languages import BANNER, render_go, render_java, render_python, render_rust  # noqa: E402
from generator.outputs import OUTPUTS, SPLICED_OUTPUTS, render_all, stale_outputs, write_all  # noqa: E402
from generator.spec import SpecError, load_spec  # noqa: E402

SPEC = load_spec()


def _load_python_module(text: str, tmp_path: Path):
    path = tmp_path / "codes.py"
    path.write_text(text, encoding="utf-8")
    module_spec = importlib.util.spec_from_file_location("generated_codes", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def test_rendering_is_deterministic():
    assert render_all(SPEC) == render_all(load_spec())


def test_every_output_opens_with_the_banner():
    for path, text in render_all(SPEC).items():
        # The conformance README is prose with one generated block: the banner opens the block.
        first = BEGIN if path in SPLICED_OUTPUTS else text.splitlines()[0]
        assert BANNER in first and first in text, path


def test_the_op_table_replaces_only_the_text_between_its_markers():
    readme = f"# prose\n\n{BEGIN}\n| `old` | hand | written |\n{END}\n\nmore prose\n"
    assert splice_op_table(SPEC, readme) == f"# prose\n\n{render_op_table(SPEC)}\n\nmore prose\n"
    with pytest.raises(SpecError, match="markers are missing"):
        splice_op_table(SPEC, "# prose without markers\n")


def test_the_op_table_shows_every_driver_op_and_no_runner_op():
    table = render_op_table(SPEC)
    op_rows, shape_rows = table.split("| shape | struct | fields |")
    rows = [line for line in op_rows.splitlines() if line.startswith("| `")]
    named = {name.strip("` ").split("`")[0] for row in rows for name in row.split(" | ")[0][2:].split(" / ")}
    assert named == {op.name for op in SPEC.driver_ops if not op.runner_only}
    assert "| `delete_stream` / `purge_stream` | `stream` id or name | null<br>checked as `null` |" in rows
    assert "0.8: `null`; 0.9: `send_confirmations`" in op_rows
    shapes = {line.split(" | ")[0][3:-1] for line in shape_rows.splitlines() if line.startswith("| `")}
    assert shapes == {shape.name for shape in SPEC.result_shapes}
    assert any(row.startswith("| `describe_options` (0.9 only) | `scope`? string: ") for row in rows)
    assert "`generate`? object" not in table  # a case file's shorthand, not a driver argument
    assert '`{kind: "consumer"\\|"group", id}`' in table  # a | inside a cell is escaped


def test_a_hand_edited_op_table_is_stale_and_the_prose_is_not(tmp_path, monkeypatch):
    monkeypatch.setattr(driver_ops, "REPO_ROOT", tmp_path)
    readme = tmp_path / CONFORMANCE_README_PATH
    readme.parent.mkdir(parents=True)
    readme.write_text((PROTOCOL_SPEC.parent / CONFORMANCE_README_PATH).read_text(encoding="utf-8"), encoding="utf-8")
    write_all(SPEC, tmp_path)
    assert stale_outputs(SPEC, tmp_path) == []
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text.replace("## Adding a driver", "## Adding a driver of yours"), encoding="utf-8")
    assert stale_outputs(SPEC, tmp_path) == []
    readme.write_text(text.replace("| `get_users` | – |", "| `get_users` | `limit` |"), encoding="utf-8")
    assert stale_outputs(SPEC, tmp_path) == [CONFORMANCE_README_PATH]


def test_python_codes_keep_the_bootstrap_names(tmp_path):
    codes = _load_python_module(render_python(SPEC), tmp_path)
    assert codes.Command.GET_CLUSTER_METADATA == 12
    assert codes.Command.LEAVE_CONSUMER_GROUP == 605
    assert codes.ErrorCode.STREAM_ID_NOT_FOUND == 1009
    assert codes.ErrorCode.CANNOT_CLOSE_WEB_SOCKET_CONNECTION == 21
    assert codes.ERROR_MESSAGES[40] == "Unauthenticated"
    assert set(codes.ERROR_MESSAGES) == {int(e) for e in codes.ErrorCode}
    assert codes.UNAUTHENTICATED_COMMANDS == {codes.Command.PING, codes.Command.LOGIN_USER,
                                              codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN,
                                              codes.Command.LOGIN_REGISTER, codes.Command.LOGIN_REGISTER_WITH_PAT}
    v08, v09 = codes.ProtocolVersion.V0_8, codes.ProtocolVersion.V0_9
    assert codes.Command.LOGIN_USER in codes.COMMANDS_BY_VERSION[v08] - codes.COMMANDS_BY_VERSION[v09]
    assert codes.Command.SYNC_CONSUMER_GROUP in codes.COMMANDS_BY_VERSION[v09] - codes.COMMANDS_BY_VERSION[v08]
    assert codes.COMMAND_OPERATIONS[codes.Command.CREATE_TOPIC] == codes.Operation.CREATE_TOPIC
    assert codes.Command.POLL_MESSAGES not in codes.COMMAND_OPERATIONS  # NonReplicated
    assert codes.EVICTION_ERRORS[codes.EvictionReason.INVALID_CREDENTIALS] == codes.ErrorCode.INVALID_CREDENTIALS
    assert codes.Command.GET_STREAM in codes.EMPTY_WHEN_MISSING_COMMANDS
    assert codes.Command.CREATE_STREAM not in codes.EMPTY_WHEN_MISSING_COMMANDS
    # What each command means: the sets the client's replay decision and the server's audit trail read.
    assert codes.REPLAY_SAFE_COMMANDS == {codes.Command[c.constant_name] for c in SPEC.commands if c.replay_safe}
    lookups = {codes.Command.PING, codes.Command.GET_SNAPSHOT, codes.Command.DESCRIBE_OPTIONS}
    assert lookups <= codes.REPLAY_SAFE_COMMANDS
    assert codes.AUDITED_COMMANDS == {codes.Command[c.constant_name] for c in SPEC.commands if c.audited}
    assert codes.Command.DELETE_STREAM in codes.AUDITED_COMMANDS
    assert codes.Command.SEND_MESSAGES not in codes.AUDITED_COMMANDS | codes.REPLAY_SAFE_COMMANDS


def test_python_codes_have_the_extra_enums_and_constants(tmp_path):
    codes = _load_python_module(render_python(SPEC), tmp_path)
    assert codes.IdKind.STRING == 2
    assert codes.ConsumerKind.CONSUMER_GROUP == 2
    assert codes.PollingKind.NEXT == 5
    assert codes.PartitioningKind.MESSAGES_KEY == 3
    assert codes.CompressionAlgorithm.GZIP == 2
    assert codes.UserStatus.INACTIVE == 2
    assert codes.HeaderKind.FLOAT64 == 15
    assert codes.Transport.WEB_SOCKET == 4
    assert (codes.MESSAGE_HEADER_SIZE, codes.INDEX_ENTRY_SIZE, codes.POLL_RESPONSE_PREFIX_SIZE) == (64, 16, 16)
    assert codes.U64_MAX == codes.MESSAGE_EXPIRY_NEVER == codes.MAX_TOPIC_SIZE_UNLIMITED == 2**64 - 1


def test_python_codes_carry_each_error_kind_and_params(tmp_path):
    codes = _load_python_module(render_python(SPEC), tmp_path)
    assert [k.value for k in codes.ErrorKind] == [k.name for k in SPEC.error_kinds]
    assert set(codes.ERROR_KINDS) == set(codes.ErrorCode)
    assert codes.ERROR_KINDS[codes.ErrorCode.PARTITION_NOT_FOUND] is codes.ErrorKind.NOT_FOUND
    assert codes.ERROR_PARAMS[codes.ErrorCode.PARTITION_NOT_FOUND] == ("partition", "topic", "stream")
    assert codes.REQUEST_ERROR_PARAMS[codes.Command.DELETE_USER] == {"user": "user_id", "key": "user_id"}
    for kind in codes.ErrorKind:
        assert callable(getattr(codes.ErrorKindPredicates, f"is_{kind.value}"))


def test_generated_python_is_plain_literals_only():
    # No imports beyond enum/typing: the server and SDK import this at start-up, it must stay trivial.
    tree = ast.parse(render_python(SPEC))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported == {"enum", "typing"}


def test_rust_codes_keep_the_bootstrap_shape():
    text = render_rust(SPEC)
    assert "pub mod command_code {" in text and "pub mod error_code {" in text
    assert "    pub const PING: u32 = 1;" in text
    assert "    pub const INVALID_COMMAND: u32 = 3;" in text
    assert "pub const U64_MAX: u64 = u64::MAX;" in text


def test_go_and_java_name_every_code():
    go, java = render_go(SPEC), render_java(SPEC)
    for command in SPEC.commands:
        assert f"const Command{command.name} Command = {command.code}\n" in go
        assert f"public static final int {command.constant_name} = {command.code};" in java
    assert "0xFFFFFFFFFFFFFFFFL" in java  # u64::MAX cannot be a positive long literal


def test_gen_check_names_each_stale_file(tmp_path):
    write_all(SPEC, tmp_path)
    assert stale_outputs(SPEC, tmp_path) == []
    (tmp_path / "server/src/codes.rs").write_text("// hand edit\n", encoding="utf-8")
    (tmp_path / "sdk/go/codes.go").unlink()
    assert stale_outputs(SPEC, tmp_path) == ["server/src/codes.rs", "sdk/go/codes.go"]


def test_committed_outputs_are_up_to_date():
    assert stale_outputs(SPEC) == [], "run `make gen`"


def test_check_script_exit_status():
    result = subprocess.run([str(PROTOCOL_SPEC / "check")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", sorted(OUTPUTS))
def test_outputs_end_with_one_newline(path):
    text = render_all(SPEC)[path]
    assert text.endswith("\n") and not text.endswith("\n\n")
