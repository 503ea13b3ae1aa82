"""Iggy's REST routes in the spec ([command.http], http_absent, [[http_route]]): what the loader refuses, the
coverage data the completeness check reads, and the server's and the Python SDK's generated route tables."""

import ast
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # makes `generator` importable from protocol-spec/

from generator.http_routes import render_sdk_routes, render_server_routes  # noqa: E402
from generator.spec import HttpRoute, SpecError, http_coverage, load_spec  # noqa: E402

SPEC = load_spec()
# A command the REST API could serve, as a person adding one writes it (GetPartition is not an Iggy 0.8 command).
NEW_COMMAND = """
[[command]]
name = "GetPartition"
code = 404
mutates = false
replay_safe = true
audited = false
area = "partitions"
auth = true
permission = "read_topics (or read on the stream or topic)"
permission_rule = "read_topic"
about = "One partition."
verified = "SRC"
request = [
  { name = "stream_id", type = "identifier", about = "Stream by id or name." },
  { name = "topic_id", type = "identifier", about = "Topic by id or name." },
  { name = "partition_id", type = "u32", about = "The partition." },
  { name = "fresh", type = "bool", about = "A query flag." },
]
response = "empty"
[command.http]
method = "GET"
path = "/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}"
query = ["fresh"]
names = { fresh = "fresh_only" }
status = 200
response = "json"
"""


def _spec_with(tmp_path: Path, edit) -> Path:
    spec_dir = tmp_path / "spec"
    spec_dir.mkdir(parents=True)
    for path in SPEC.source_files:
        (spec_dir / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    commands = spec_dir / "commands.toml"
    commands.write_text(edit(commands.read_text(encoding="utf-8")), encoding="utf-8")
    return spec_dir


def _problems(tmp_path: Path, edit) -> str:
    with pytest.raises(SpecError) as raised:
        load_spec(_spec_with(tmp_path, edit))
    return "\n".join(raised.value.problems)


def _replace(old: str, new: str):
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return edit


def _literal_calls(text: str, name: str) -> list[list]:
    """The arguments of every `name(...)` call in a generated module, as Python values (names as their text)."""

    def value(node: ast.AST):
        if isinstance(node, ast.Tuple):
            return tuple(value(item) for item in node.elts)
        if isinstance(node, ast.Call):
            return (ast.unparse(node.func), *[value(arg) for arg in node.args])
        try:
            return ast.literal_eval(node)
        except ValueError:
            return ast.unparse(node)

    return [[value(arg) for arg in node.args] for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Call) and ast.unparse(node.func) == name]


def _sdk_routes(text: str) -> dict[str, list]:
    """SDK table: Command.X -> [method, path, response, not_found_404, params]."""
    table = next(node for node in ast.walk(ast.parse(text))
                 if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "ROUTES")
    return {ast.unparse(key): _literal_calls(ast.unparse(call), "Route")[0]
            for key, call in zip(table.value.keys, table.value.values)}


def test_every_command_has_a_route_or_a_reason():
    coverage = http_coverage(SPEC)
    assert set(coverage) == {c.name for c in SPEC.commands}
    assert all(isinstance(mapping, (HttpRoute, str)) and mapping for mapping in coverage.values())
    assert isinstance(coverage["GetMe"], str) and "session" in coverage["GetMe"]
    assert {name for name, mapping in coverage.items() if isinstance(mapping, str)} == {
        "GetMe", "JoinConsumerGroup", "LeaveConsumerGroup", "SyncConsumerGroup"}
    assert coverage["GetStream"] == HttpRoute("GET", "/streams/{stream_id}", 200, "json")


def test_a_version_sees_only_its_own_fields_of_a_route():
    full, v08, v09 = (spec.command("SendMessages").http for spec in (SPEC, SPEC.at("0.8"), SPEC.at("0.9")))
    assert full.body == ("partitioning", "messages", "batch")
    assert (v08.body, v09.body) == (("partitioning", "messages"), ("partitioning", "batch"))
    assert v08.wire_name("messages") == v09.wire_name("batch") == "messages"
    assert SPEC.command("DeleteConsumerOffset").http.wire_path().endswith("/consumer-offsets/{consumer_id}")


def test_the_loader_names_a_command_with_neither_a_route_nor_a_reason(tmp_path):
    route = '[command.http]\nmethod = "GET"\npath = "/stats"\nstatus = 200\nresponse = "json"\n'
    problems = _problems(tmp_path, _replace(route, ""))
    assert 'command GetStats: needs a [command.http] table or http_absent' in problems


def test_the_loader_refuses_unknown_keys_and_fields_that_are_not_request_fields(tmp_path):
    def edit(text: str) -> str:
        text = _replace('path = "/clients/{client_id}"', 'path = "/clients/{client}"\nverb = "GET"')(text)
        return _replace('query = ["partitions_count"]', 'query = ["partitions_count", "count"]')(text)

    problems = _problems(tmp_path, edit)
    assert "command GetClient: [command.http]: unknown keys ['verb']" in problems
    assert "command GetClient: [command.http]: 'client' is not a request field" in problems
    assert "command GetClient: [command.http]: request field 'client_id' (0.8) is in none of" in problems
    assert "command DeletePartitions: [command.http]: 'count' is not a request field" in problems


def test_every_field_of_every_version_travels_or_is_omitted(tmp_path):
    problems = _problems(tmp_path, _replace('omitted = ["consumer.kind", "ack"]\nstatus = 204', "status = 204"))
    assert "command StoreConsumerOffset: [command.http]: request field 'consumer' (0.8) is in none of" in problems
    assert "request field 'ack' (0.9) is in none of" in problems
    assert "request field 'ack' (0.8)" not in problems  # 0.8 has no ack


def test_two_routes_of_one_version_must_not_collide(tmp_path):
    problems = _problems(tmp_path, _replace('path = "/stats"', 'path = "/streams"'))
    assert "HTTP route GET /streams of GetStreams collides with GetStats (0.8)" in problems
    problems = _problems(tmp_path / "b", _replace('path = "/clients/{client_id}"', 'path = "/streams/{client_id}"'))
    assert "HTTP route GET /streams/{} of GetStream collides with GetClient (0.9)" in problems


def test_commands_of_disjoint_versions_share_a_route_only_alike(tmp_path):
    body = 'body = ["username", "password", "sdk_version", "context"]'
    moved = 'query = ["username"]\nbody = ["password", "sdk_version", "context"]'
    problems = _problems(tmp_path, _replace(body, moved))
    assert "command LoginRegister: shares LoginUser's route POST /users/login, so it needs the same path, status, " \
           "response and auth, and its entries ['username'] as there" in problems


def test_route_syntax_is_checked(tmp_path):
    def edit(text: str) -> str:
        text = _replace('method = "DELETE"\npath = "/users/{user_id}"\nstatus = 204', 'method = "DELETE"\n'
                        'path = "/users/x{user_id}"\nstatus = 204\nbody = ["user_id"]')(text)
        return _replace('path = "/stats"\nstatus = 200', 'path = "/stats"\nstatus = 204')(text)

    problems = _problems(tmp_path, edit)
    assert "command DeleteUser: [command.http]: path '/users/x{user_id}' must start with / and hold placeholders" \
           in problems
    assert "command DeleteUser: [command.http]: only POST and PUT carry a body" in problems
    assert 'command GetStats: [command.http]: status must be a 2xx success (204 only with response = "empty")' \
           in problems


def test_a_route_added_to_the_spec_appears_in_both_generated_tables(tmp_path):
    spec = load_spec(_spec_with(tmp_path, lambda text: text.replace("# --- Consumer groups", NEW_COMMAND +
                                                                    "\n# --- Consumer groups", 1)))
    path = "/streams/{stream_id}/topics/{topic_id}/partitions/{partition_id}"
    server = [call for call in _literal_calls(render_server_routes(spec), "Route") if call[0] == "get_partition"]
    assert server == [["get_partition", ("Command.GET_PARTITION",), "GET", path, True, 200, "json", False, (
        ("Param", "stream_id", "path", "stream_id", "identifier", None, None),
        ("Param", "topic_id", "path", "topic_id", "identifier", None, None),
        ("Param", "partition_id", "path", "partition_id", "u32", None, None),
        ("Param", "fresh", "query", "fresh_only", "bool", None, None),
    )]]
    sdk = _sdk_routes(render_sdk_routes(spec))["Command.GET_PARTITION"]
    assert sdk[:4] == ["GET", path, "json", False]
    assert [param[1:4] for param in sdk[4]] == [
        ("stream_id", "path", "stream_id"), ("topic_id", "path", "topic_id"),
        ("partition_id", "path", "partition_id"), ("fresh", "query", "fresh_only")]


def test_both_tables_hold_every_route_of_the_spec():
    server = _literal_calls(render_server_routes(SPEC), "Route")
    sdk_text = render_sdk_routes(SPEC)
    sdk = _sdk_routes(sdk_text)
    served = {(call[2], call[3]): call for call in server}
    for command in SPEC.commands:
        if command.http is None:
            assert f"Command.{command.constant_name}: {command.http_absent!r}," in sdk_text
            assert not any(f"Command.{command.constant_name}" in call[1] for call in server)
            continue
        route = served[(command.http.method, command.http.wire_path())]
        assert f"Command.{command.constant_name}" in route[1]
        assert route[5:8] == [command.http.status, command.http.response, command.http_not_found_404]
        assert sdk[f"Command.{command.constant_name}"][:4] == [command.http.method, command.http.wire_path(),
                                                              command.http.response, command.http_not_found_404]
    for extra in SPEC.http_only_routes:
        assert (extra.route.method, extra.route.path) in served
    # One server route per method and path: LoginUser (0.8) and LoginRegister (0.9) share POST /users/login.
    assert len(served) == len(server)
    assert served[("POST", "/users/login")][1] == ("Command.LOGIN_USER", "Command.LOGIN_REGISTER")


def test_literal_segments_come_before_placeholders_in_the_server_table():
    paths = [call[3] for call in _literal_calls(render_server_routes(SPEC), "Route")]
    assert paths.index("/users/logout") < paths.index("/users/{user_id}")
    assert paths.index("/personal-access-tokens/login") < paths.index("/personal-access-tokens/{name}")


def test_a_fields_answer_needs_a_record_of_plain_values(tmp_path):
    """response = "fields" lets both sides convert the JSON with no code of their own, so only a response whose
    fields all map to one JSON value each (in a list answer, each element's) may have it."""
    assert SPEC.command("CreatePersonalAccessToken").http.response == "fields"
    assert SPEC.command("GetConsumerGroups").http.response == "fields"  # a list of GroupHeader
    listed = 'path = "/users"\nstatus = 200\nresponse = "json"'
    problems = _problems(tmp_path, _replace(listed, listed.replace('"json"', '"fields"')))
    assert "command GetUsers: [command.http] response = \"fields\": field status (u8) is not a plain value" in problems
    details = 'path = "/users/{user_id}"\nstatus = 200\nresponse = "json"'
    problems = _problems(tmp_path / "b", _replace(details, details.replace('"json"', '"fields"')))
    assert "command GetUser: [command.http] response = \"fields\": field status (u8) is not a plain value" in problems
    assert "field permissions (permissions) is not a plain value" in problems
    assert "field id (u32)" not in problems
    empty = 'path = "/streams/{stream_id}"\nstatus = 204\nresponse = "empty"'
    problems = _problems(tmp_path / "c", _replace(empty, 'path = "/streams/{stream_id}"\nstatus = 200\n'
                                                         'response = "fields"'))
    assert "command DeleteStream: [command.http] response = \"fields\" needs a response record, not an empty " \
           "answer" in problems


def test_the_server_table_carries_each_parameters_spec_default():
    server = {call[0]: call for call in _literal_calls(render_server_routes(SPEC), "Route")}
    params = {param[1]: param for param in server["create_personal_access_token"][8]}
    assert params["expiry"] == ("Param", "expiry", "body", "expiry", "u64", None, 0)
    assert params["name"][-1] is None  # required
