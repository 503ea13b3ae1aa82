"""The spec's content: completeness, the loader API, and the layouts measured against the reference's sizes."""

import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # makes `generator` importable from protocol-spec/

from generator.spec import SpecError, load_spec, upper_snake  # noqa: E402

SPEC = load_spec()


def test_every_published_command_and_error_is_present():
    """Counts come from the append-only lock file, not a number typed here: adding a command means locking it."""
    lock = tomllib.loads((Path(__file__).resolve().parents[1] / "spec" / "codes.lock.toml").read_text("utf-8"))
    assert {c.name: c.code for c in SPEC.commands} == lock["commands"]
    assert len(SPEC.errors) == len(lock["errors"])
    assert [c.name for c in SPEC.unauthenticated_commands] == [
        "Ping", "LoginUser", "LoginRegister", "LoginWithPersonalAccessToken", "LoginRegisterWithPat"]
    assert [c.name for c in SPEC.at("0.8").unauthenticated_commands] == [
        "Ping", "LoginUser", "LoginWithPersonalAccessToken"]
    assert [c.name for c in SPEC.at("0.9").unauthenticated_commands] == [
        "Ping", "LoginRegister", "LoginRegisterWithPat"]


def test_loader_api_exposes_request_and_response_field_names():
    # The full spec has every version's fields; a version's view only its own.
    assert SPEC.command("CreateTopic").request_field_names() == [
        "stream_id", "partitions_count", "compression_algorithm", "message_expiry", "max_topic_size",
        "replication_factor", "name", "options",
    ]
    assert SPEC.at("0.8").command("CreateTopic").request_field_names() == [
        "stream_id", "partitions_count", "compression_algorithm", "message_expiry", "max_topic_size",
        "replication_factor", "name",
    ]
    assert SPEC.at("0.9").command("CreateTopic").request_field_names() == [
        "stream_id", "partitions_count", "name", "options"]
    assert SPEC.at("0.9").command("SendMessages").response == "inline"
    assert SPEC.at("0.8").command("SendMessages").response == "empty"
    assert "LoginUser" not in {c.name for c in SPEC.at("0.9").commands}
    assert SPEC.command(302) is SPEC.command("CREATE_TOPIC") is SPEC.command("CreateTopic")
    assert SPEC.at("0.8").response_field_names("GetStream") == [
        "id", "created_at", "topics_count", "size_bytes", "messages_count", "name", "topics",
    ]
    assert SPEC.at("0.9").response_field_names("GetStream", data_only=True) == [
        "id", "created_at", "topics_count", "size_bytes", "messages_count", "name", "options", "topics",
    ]
    assert SPEC.response_field_names("LoginUser") == ["user_id"]
    assert SPEC.response_field_names("DeleteStream") == []
    assert SPEC.at("0.8").command("CreateUser").request_field_names(data_only=True) == [
        "username", "password", "status", "permissions",
    ]


def test_topic_header_puts_expiry_before_compression():
    # The Node 0.8.0 SDK swaps them; the official Python client fails on that order, so the spec must not.
    names = SPEC.record("TopicHeader").field_names()
    assert names.index("message_expiry") + 1 == names.index("compression_algorithm")


@pytest.mark.parametrize(
    ("record", "size"),
    [
        ("message_header", 64), ("index_entry", 16), ("PartitionDetails", 40), ("ConsumerOffsetInfo", 20),
        ("CacheMetric", 32), ("ClientGroupInfo", 12), ("optional_partition", 5), ("polling_strategy", 9),
    ],
)
def test_fixed_record_sizes_match_the_reference(record, size):
    assert SPEC.record(record).fixed_size() == size


@pytest.mark.parametrize(
    ("record", "fixed_prefix_bytes"),
    [
        ("TopicHeader", 50), ("StreamHeader", 32), ("UserHeader", 13), ("GroupHeader", 12), ("Stats", 108),
        ("HotPathStats", 139),
    ],
)
def test_fixed_prefix_before_the_first_variable_field(record, fixed_prefix_bytes):
    total = 0
    for field in SPEC.record(record).fields:
        size = field.fixed_size()
        if size is None:
            break
        total += size
    assert total == fixed_prefix_bytes


def test_constants_agree_with_layouts():
    assert SPEC.constant("MESSAGE_HEADER_SIZE").value == SPEC.record("message_header").fixed_size()
    assert SPEC.constant("INDEX_ENTRY_SIZE").value == SPEC.record("index_entry").fixed_size()
    prefix = [f for f in SPEC.record("PolledMessages").fields if f.fixed_size() is not None]
    assert SPEC.constant("POLL_RESPONSE_PREFIX_SIZE").value == sum(f.fixed_size() for f in prefix)
    assert SPEC.constant("U64_MAX").value == 2**64 - 1


def test_field_names_carry_units_where_they_are_sizes():
    # STYLE.md: a byte count says so in its name or its unit.
    for record in [*SPEC.structs.values(), *SPEC.primitives.values()]:
        for field in record.fields:
            if field.name.startswith("size"):
                assert field.unit == "bytes", f"{record.name}.{field.name}"


def test_upper_snake_matches_iggy_names():
    assert upper_snake("GetClusterMetadata") == "GET_CLUSTER_METADATA"
    assert upper_snake("CannotCloseWebSocketConnection") == "CANNOT_CLOSE_WEB_SOCKET_CONNECTION"
    assert upper_snake("InvalidUtf8") == "INVALID_UTF8"
    assert upper_snake("Int128") == "INT128"


def _copy_spec(tmp_path: Path) -> Path:
    spec_dir = tmp_path / "spec"
    spec_dir.mkdir()
    for path in SPEC.source_files:
        (spec_dir / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return spec_dir


def test_loader_rejects_duplicate_codes_and_bad_references(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    commands = spec_dir / "commands.toml"
    text = commands.read_text(encoding="utf-8")
    text = text.replace("code = 10\n", "code = 1\n", 1)  # GetStats takes Ping's code
    text = text.replace('type = "u32", error_param = "client", about = "Session id;',
                        'type = "NoSuchStruct", error_param = "client", about = "Session id;', 1)
    commands.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "duplicate command code: 1" in problems
    assert "unknown type 'NoSuchStruct'" in problems


def test_loader_rejects_a_field_without_about_and_a_forward_reference(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    structs = spec_dir / "structs.toml"
    text = structs.read_text(encoding="utf-8")
    text = text.replace('about = "Number of partitions owned." }', 'about = "" }', 1)
    text = text.replace('repeat = "topics_count"', 'repeat = "later_field"', 1)
    structs.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "GroupMember.partitions_count: every field needs an about" in problems
    assert "StreamDetails.topics: repeat 'later_field' must name an earlier count field" in problems


def test_loader_accepts_tolerant_only_on_a_to_end_list(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    structs = spec_dir / "structs.toml"
    text = structs.read_text(encoding="utf-8")
    assert 'repeat = "to_end", tolerant = true' in text
    threads = '{ name = "threads_count", type = "u32",'
    text = text.replace(threads, threads + " tolerant = true,")
    structs.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert 'Stats.threads_count: `tolerant = true` goes only with repeat = "to_end"' in problems


def test_what_each_command_means():
    """commands.toml's mutates / replay_safe / audited: the sets the SDKs and the server used to keep by hand."""
    replay_safe = {c.name for c in SPEC.commands if c.replay_safe}
    assert replay_safe == {c.name for c in SPEC.commands if c.name.startswith("Get")} | {"Ping", "DescribeOptions"}
    assert {c.name for c in SPEC.commands if c.audited} == {
        "CreateStream", "UpdateStream", "DeleteStream", "PurgeStream", "CreateTopic", "UpdateTopic", "DeleteTopic",
        "PurgeTopic", "CreatePartitions", "DeletePartitions", "DeleteSegments", "CreateConsumerGroup",
        "DeleteConsumerGroup", "CreateUser", "DeleteUser", "UpdateUser", "UpdatePermissions", "ChangePassword",
        "CreatePersonalAccessToken", "DeletePersonalAccessToken"}
    # Data traffic changes state without an audit line; the logins and the logout change only the caller's session.
    assert {c.name for c in SPEC.commands if c.mutates and not c.audited} == {
        "PollMessages", "SendMessages", "FlushUnsavedBuffer", "StoreConsumerOffset", "DeleteConsumerOffset",
        "JoinConsumerGroup", "LeaveConsumerGroup", "SyncConsumerGroup"}
    session = {c.name for c in SPEC.commands if not c.mutates and not c.replay_safe}
    assert session == {"LoginUser", "LogoutUser", "LoginRegister", "LoginWithPersonalAccessToken",
                       "LoginRegisterWithPat"}


def test_loader_names_the_command_of_a_missing_wrong_or_contradictory_meaning(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    commands = spec_dir / "commands.toml"
    text = commands.read_text(encoding="utf-8")
    text = text.replace("code = 10\nmutates = false\nreplay_safe = true\n", "code = 10\nmutates = false\n", 1)
    text = text.replace("code = 11\nmutates = false\n", "code = 11\nmutates = \"no\"\n", 1)
    text = text.replace("code = 12\nmutates = false\n", "code = 12\nmutates = true\n", 1)
    text = text.replace("code = 20\nmutates = false\nreplay_safe = true\naudited = false\n",
                        "code = 20\nmutates = false\nreplay_safe = true\naudited = true\nretried = true\n", 1)
    commands.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "command GetStats: missing key 'replay_safe'" in problems
    assert "command GetSnapshot: mutates must be true or false, not 'no'" in problems
    assert "command GetClusterMetadata: replay_safe = true needs mutates = false" in problems
    assert "command GetMe: audited = true needs mutates = true" in problems
    assert "command GetMe: unknown keys ['retried']" in problems


def test_loader_refuses_a_command_area_that_is_not_a_fixture_folder(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    commands = spec_dir / "commands.toml"
    text = commands.read_text(encoding="utf-8")
    commands.write_text(text.replace('area = "streams"', 'area = "stream"', 1), encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    # The first command of the streams area in the file, whichever it is.
    assert any(p.startswith("command ") and ": area 'stream' is not one of commands.toml areas" in p
               for p in raised.value.problems)


def test_every_error_has_a_kind_and_names_each_placeholder():
    kinds = {k.name for k in SPEC.error_kinds}
    assert {"not_found", "already_exists", "unauthenticated", "unauthorized", "invalid_input", "transient",
            "session", "unavailable", "internal"} <= kinds
    assert SPEC.unlisted_error_kind.name == "unknown"
    for error in SPEC.errors:
        assert error.kind in kinds and error.kind != "unknown", error.name
        assert error.message.count("…") == len(error.params), error.name
    assert SPEC.command("CreateTopic").own_error_params() == {"stream": "stream_id", "name": "name"}
    # A param no field names takes its fallback's field: ResourceNotFound's key is the user or token looked up.
    assert SPEC.error_param_fields(SPEC.command("DeleteUser"))["key"] == "user_id"
    assert SPEC.error_param_fields(SPEC.command("DeletePersonalAccessToken"))["key"] == "name"


def test_loader_rejects_unknown_kinds_params_and_placeholder_counts(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    errors = spec_dir / "errors.toml"
    text = errors.read_text(encoding="utf-8")
    text = text.replace('name = "Unauthorized"\nmessage = "Unauthorized"\nkind = "unauthorized"',
                        'name = "Unauthorized"\nmessage = "Unauthorized"\nkind = "forbidden"', 1)
    text = text.replace('params = ["stream", "path"]', 'params = ["stream", "folder"]', 1)
    text = text.replace('params = ["partition", "topic", "stream"]', 'params = ["partition", "topic"]', 1)
    text = text.replace('name = "InvalidFormat"\nmessage = "Invalid format"\nkind = "invalid_input"\n',
                        'name = "InvalidFormat"\nmessage = "Invalid format"\n', 1)
    errors.write_text(text, encoding="utf-8")
    commands = spec_dir / "commands.toml"
    text = commands.read_text(encoding="utf-8")
    text = text.replace('error_param = "client"', 'error_param = "session"', 1)
    text = text.replace('type = "u8", enum = "SnapshotCompression",', 'type = "u8", enum = "SnapshotCompression", '
                        'error_param = "value",', 1)
    commands.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "error Unauthorized: kind 'forbidden' is not a [[kind]] of errors.toml" in problems
    assert "error CannotCreateStreamDirectory: params ['folder'] are not [[param]]s of errors.toml" in problems
    assert 'error PartitionNotFound: its message has 3 "…" but params names 2' in problems
    assert "error InvalidFormat: missing key 'kind'" in problems
    assert "command GetClient request.client_id: error_param 'session' is not a [[param]] of errors.toml" in problems
    assert "command GetSnapshot request.compression: error_param needs a single field of type" in problems


def test_loader_rejects_a_driver_op_with_an_unknown_command_or_arg(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    ops = spec_dir / "driver_ops.toml"
    text = ops.read_text(encoding="utf-8")
    text = text.replace('commands = ["PurgeTopic"]', 'commands = ["PurgeTopics"]', 1)
    text = text.replace('name = "client_id"\ntype = "integer"', 'name = "client_id"\ntype = "number"', 1)
    text = text.replace('name = "token"\ntype = "string"\nrequired = true', 'name = "token"\ntype = "string"', 1)
    text = text.replace('name = "ping"\ncommands = ["Ping"]', 'name = "ping"\ncommands = ["Ping"]\nretried = true', 1)
    ops.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "driver op purge_topic: runs unknown command 'PurgeTopics' (not in commands.toml)" in problems
    assert "driver op get_client arg client_id: needs a snake_case name and a type in" in problems
    assert "driver op login_with_personal_access_token arg token: needs name, type and required = true|false" \
        in problems
    assert "driver op ping: unknown keys ['retried']" in problems


def test_loader_rejects_a_driver_default_of_another_type_or_on_a_required_arg(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    ops = spec_dir / "driver_ops.toml"
    text = ops.read_text(encoding="utf-8")
    text = text.replace('required = false\ndefault = 10\n', 'required = false\ndefault = "10"\n', 1)
    text = text.replace('required = false\ndefault = false\nabout = "true: fsync',
                        'required = false\ndefault = 0\nabout = "true: fsync', 1)
    text = text.replace('name = "client_id"\ntype = "integer"\nrequired = true\n',
                        'name = "client_id"\ntype = "integer"\nrequired = true\ndefault = 0\n', 1)
    ops.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "driver op poll_messages arg count: default '10' is not of type integer" in problems
    assert "driver op flush_unsaved_buffer arg fsync: default 0 is not of type boolean" in problems
    assert "driver op get_client arg client_id: only an optional arg the case writes has a default" in problems


def test_loader_rejects_result_shapes_that_leave_the_structs_or_do_not_resolve(tmp_path):
    spec_dir = _copy_spec(tmp_path)
    ops = spec_dir / "driver_ops.toml"
    text = ops.read_text(encoding="utf-8")
    text = text.replace('fields = ["id", "name", "topics_count", "messages_count", "size_bytes"]',
                        'fields = ["id", "name", "topic_count", "messages_count", "size_bytes"]', 1)
    text = text.replace('ok = "list of stream"', 'ok = "list of streams"', 1)
    text = text.replace('ok = { "0.8" = "null", "0.9" = "send_confirmations" }', 'ok = { "0.9" = "null" }', 1)
    text = text.replace('{ name = "role", type = "integer", about', '{ name = "role", about', 1)
    ops.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    problems = "\n".join(raised.value.problems)
    assert "driver result shape stream field topic_count: 'topic_count' is not a field of struct StreamHeader" \
        in problems
    assert "driver op get_streams ok (0.8): type 'streams' is neither" in problems
    assert "driver op send_messages: ok names versions ['0.9'], the op has ['0.8', '0.9']" in problems
    assert "driver result shape cluster_node field role: needs a type" in problems
    assert "driver result shape send_confirmations: no op answers it" in problems


def test_result_shapes_keep_the_struct_field_versions():
    header = {f.name: f for f in next(s for s in SPEC.result_shapes if s.name == "topic_header").fields}
    assert header["replication_factor"].versions == frozenset({"0.8"})
    assert header["message_expiry"].versions is None and header["message_expiry"].type == "integer"
    assert SPEC.driver_op("send_messages").ok_type("0.9") == "send_confirmations"


def test_driver_defaults_are_loaded_as_json_values():
    poll = SPEC.driver_op("poll_messages")
    assert poll.arg("count").default == 10
    assert poll.arg("consumer").default == {"kind": "consumer", "id": 0}
    assert poll.arg("partition_id").default is None  # omitted = the server chooses: no shared default


def test_loader_reads_an_own_commands_example_and_refuses_one_without_both_frames(tmp_path):
    assert load_spec().command("Ping").example is None  # an Iggy command: captured from official clients
    spec_dir = _copy_spec(tmp_path)
    commands = spec_dir / "commands.toml"
    text = commands.read_text(encoding="utf-8")
    ping = 'name = "Ping"\n'
    commands.write_text(text.replace(ping, ping + "example = { request = {}, response = {} }\n", 1), encoding="utf-8")
    assert load_spec(spec_dir).command("Ping").example == {"request": {}, "response": {}}
    commands.write_text(text.replace(ping, ping + "example = { request = {} }\n", 1), encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(spec_dir)
    assert "command Ping: [command.example] needs exactly `request` and `response` (the fields of each, as a " \
           "fixture's `fields`)" in raised.value.problems
