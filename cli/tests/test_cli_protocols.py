"""The wire protocol as a CLI user meets it: the README's flow over both, and what Iggy 0.9 adds (topic options,
the option catalog, the send confirmation), against a real server."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT_PASSWORD, ROOT_USERNAME, Iggy


def test_the_readme_flow_works_over_both_protocols(anon, protocol, unique):
    """README.md's commands, word for word but for the stream name (the module's server is shared)."""
    stream = unique("demo")
    login = ("-u", ROOT_USERNAME, "-p", ROOT_PASSWORD)
    anon.ok(*login, "stream", "create", stream)
    anon.ok(*login, "topic", "create", stream, "events", "1")
    sent = anon.ok(*login, "message", "send", stream, "events", input="hello\n")
    assert "sent 1 message(s)" in sent.stdout
    polled = anon.ok(*login, "--json", "message", "poll", stream, "events", "0", "--first", "--count", "10")
    assert [m["payload"] for m in polled.json_lines()] == ["hello"]
    me = anon.ok(*login, "--json", "me").json()
    assert me["user_id"] == 0


def test_the_send_confirmation_is_shown(root, protocol, unique):
    stream = unique("conf")
    root.ok("stream", "create", stream)
    root.ok("topic", "create", stream, "t", "2")
    human = root.ok("message", "send", stream, "t", "-p", "1", "a", "b", "c")
    document = root.ok("--json", "message", "send", stream, "t", "-p", "1", "d").json()
    if protocol == "0.9":
        assert "partition 1: offsets 0..2" in human.stdout
        assert document["confirmations"] == [{"partition_id": 1, "first_offset": 3, "last_offset": 3, "messages": 1}]
    else:
        assert "offsets" not in human.stdout and "confirmations" not in document
    batched = root.ok("--json", "message", "send", stream, "t", "--batch-size", "2", input="1\n2\n3\n4\n5\n").json()
    if protocol == "0.9":  # balanced batches go round robin from the client
        assert sorted(c["partition_id"] for c in batched["confirmations"]) == [0, 1]
        assert sum(c["messages"] for c in batched["confirmations"]) == 5


def test_topic_options_and_the_catalog(root, protocol, unique):
    stream = unique("opt")
    root.ok("stream", "create", stream)
    if protocol == "0.8":
        refused = root("topic", "create", stream, "t", "-o", "segment_size=128 MiB")
        assert refused.exit_code == 1 and "FEATURE_UNAVAILABLE" in refused.stderr and "0.9" in refused.stderr
        assert root("options", "describe").exit_code == 1
        return
    created = root.ok("--json", "topic", "create", stream, "t", "1", "gzip", "-o", "segment_size=128 MiB",
                      "-o", "durability=persisted").json()
    assert created["options"]["segment_size"] == {"kind": "uint64", "value": 128 * 1024 * 1024}
    assert created["options"]["durability"] == {"kind": "string", "value": "persisted"}
    assert created["derived_options"]["preallocate_segments"] == {"kind": "bool", "value": False}
    root.ok("topic", "update", stream, "t", "t", "-o", "message_expiry=7 days")
    got = root.ok("--json", "topic", "get", stream, "t").json()
    assert got["message_expiry_us"] == 7 * 86_400_000_000 and got["compression_algorithm"] == "gzip"  # a patch
    table = root.ok("topic", "get", stream, "t").stdout
    assert "Options" in table and "segment_size" in table and "explicit" in table
    unknown = root("topic", "create", stream, "u", "-o", "no_such=1")
    assert unknown.exit_code == 1 and "UNSUPPORTED_OPTION_KEY" in unknown.stderr
    no_replication = root("topic", "create", stream, "u", "-r", "2")
    assert no_replication.exit_code == 1 and "replication_factor" in no_replication.stderr
    catalog = root.ok("--json", "options", "describe", "topic").json()
    assert [entry["key"] for entry in catalog][:2] == ["compression_algorithm", "message_expiry"]
    assert catalog[0]["default"] == {"kind": "string", "value": "none"}
    assert "segment_size" in root.ok("opt", "d").stdout
    assert root.ok("--json", "options", "describe", "stream").json() == []


def test_group_polls_over_0_9_name_the_assigned_partitions(root, protocol, unique):
    stream = unique("grp")
    root.ok("stream", "create", stream)
    root.ok("topic", "create", stream, "t", "3")
    root.ok("consumer-group", "create", stream, "t", "g")
    root.ok("message", "send", stream, "t", "--batch-size", "1", input="a\nb\nc\n")  # one per partition
    polled = root.ok("--json", "message", "poll", stream, "t", "--group", "g", "--auto-commit", "--count", "10")
    assert sorted(m["payload"] for m in polled.json_lines()) == ["a", "b", "c"]
    again = root.ok("--json", "message", "poll", stream, "t", "--group", "g", "--auto-commit", "--count", "10")
    assert again.json_lines() == []


def test_protocol_from_the_flag_the_address_or_the_context(server, iggy_home: Path, unique):
    login = {"IGGY_USERNAME": ROOT_USERNAME, "IGGY_PASSWORD": ROOT_PASSWORD}
    by_address = Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": f"iggy://{server.address}?protocol=0.8", **login})
    assert by_address.ok("stream", "list").exit_code == 0
    conflict = by_address("--protocol", "0.9", "stream", "list")
    assert conflict.exit_code == 2 and "protocol=0.8" in conflict.stderr
    bad = Iggy(iggy_home, {"IGGY_TCP_SERVER_ADDRESS": f"iggy://{server.address}?protocol=0.7", **login})
    refused = bad("stream", "list")
    assert refused.exit_code != 0 and 'invalid protocol "0.7"' in refused.stderr
    assert Iggy(iggy_home)("--protocol", "1.0", "ping").exit_code == 2
    iggy = Iggy(iggy_home, login)
    name = unique("ctx")
    iggy.ok("context", "create", name, "--address", server.address, "--protocol", "0.8", "--use")
    listed = iggy.ok("context", "list").stdout
    assert "0.8" in listed
    options = iggy("options", "describe")  # 0.8 has no catalog: the context's protocol is in force
    assert options.exit_code == 1 and "FEATURE_UNAVAILABLE" in options.stderr
    assert iggy.ok("--protocol", "0.9", "options", "describe").exit_code == 0
