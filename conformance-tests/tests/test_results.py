"""The check of every `ok` answer against the spec's form (conformance/results.py)."""

from __future__ import annotations

from conformance._driver_results import OK_TYPES, SHAPES
from conformance.results import check_ok, fields_in_protocol, unknown_unobservable

STREAM = {"id": 1, "name": "s", "topics_count": 0, "messages_count": 0, "size_bytes": 0}


def test_an_answer_of_the_spec_form_passes() -> None:
    assert check_ok("create_stream", "0.8", dict(STREAM)) == []
    assert check_ok("get_stream", "0.8", None) == []  # "or null": nothing found
    assert check_ok("get_streams", "0.9", [dict(STREAM), dict(STREAM)]) == []
    assert check_ok("ping", "0.8", None) == []


def test_an_extra_or_missing_field_is_named() -> None:
    (extra,) = check_ok("create_stream", "0.8", {**STREAM, "created_at": 5})
    assert "created_at" in extra
    partial = dict(STREAM)
    del partial["size_bytes"]
    (missing,) = check_ok("create_stream", "0.8", partial)
    assert "lacks ['size_bytes']" in missing


def test_a_field_of_another_type_is_named_with_its_path() -> None:
    (finding,) = check_ok("get_streams", "0.8", [dict(STREAM), {**STREAM, "id": "1"}])
    assert finding.startswith("ok[1].id: expected integer")
    (boolean,) = check_ok("create_stream", "0.8", {**STREAM, "topics_count": True})
    assert "expected integer" in boolean  # JSON true is not a count
    (not_null,) = check_ok("ping", "0.8", {})
    assert "expected null" in not_null


def test_the_form_follows_the_protocol_version() -> None:
    confirmation = {"confirmations": [{"stream_id": 1, "topic_id": 1, "partition_id": 0, "base_offset": 0}]}
    assert check_ok("send_messages", "0.9", confirmation) == []
    assert check_ok("send_messages", "0.8", confirmation) != []
    assert check_ok("send_messages", "0.8", None) == []
    # 0.9's topics carry options; 0.8's do not, and 0.9 has no replication factor.
    fields_08, fields_09 = _fields("topic_header", "0.8"), _fields("topic_header", "0.9")
    assert "options" in fields_09 - fields_08
    assert "replication_factor" in fields_08 - fields_09


def _fields(shape: str, protocol: str) -> set[str]:
    return {name for name, (_, versions) in SHAPES[shape].items() if versions is None or protocol in versions}


def test_an_unobservable_field_may_be_absent_but_not_renamed() -> None:
    partial = dict(STREAM)
    del partial["size_bytes"]
    assert check_ok("create_stream", "0.8", partial, frozenset({"create_stream.size_bytes"})) == []
    assert check_ok("create_stream", "0.8", {**partial, "size": 0}, frozenset({"create_stream.size_bytes"})) != []


def test_every_op_has_a_type_for_each_of_its_versions() -> None:
    assert all(OK_TYPES[op] for op in OK_TYPES)
    assert set(OK_TYPES["send_messages"]) == {"0.8", "0.9"}


def test_an_unobservable_field_of_a_listed_element_may_be_absent() -> None:
    client = {"client_id": 1, "user_id": None, "address": "127.0.0.1:1", "consumer_groups_count": 0}
    assert check_ok("get_clients", "0.8", [client], frozenset({"get_clients.transport"})) == []
    (missing,) = check_ok("get_clients", "0.8", [client])
    assert "lacks ['transport']" in missing


def test_an_unobservable_nested_field_is_named_by_its_path() -> None:
    message = {"offset": 0, "id": "1", "timestamp": 1, "payload": "aGk="}
    polled = {"partition_id": 0, "current_offset": 0, "count": 1, "messages": [message]}
    assert check_ok("poll_messages", "0.8", polled, frozenset({"poll_messages.messages.headers"})) == []
    (missing,) = check_ok("poll_messages", "0.8", polled, frozenset({"poll_messages.headers"}))
    assert "ok.messages[0]: polled_message lacks ['headers']" in missing


def test_unobservable_names_must_name_a_field_of_the_answer() -> None:
    names = frozenset({"get_me.transport", "poll_messages.messages.headers", "get_clients.transport",
                       "create_stream.created_at", "get_topic.replication_factor", "get_topic.options.x"})
    assert unknown_unobservable(names, "0.8") == ["create_stream.created_at", "get_topic.options.x"]
    assert "get_topic.replication_factor" in unknown_unobservable(names, "0.9")  # 0.9 topics have none


def test_the_fields_of_a_protocol_are_those_its_answer_has() -> None:
    assert "replication_factor" in fields_in_protocol("get_topic", "0.8")
    assert "replication_factor" not in fields_in_protocol("get_topic", "0.9")
    assert fields_in_protocol("get_streams", "0.8") is None  # a list: the runner compares it whole
    assert fields_in_protocol("ping", "0.8") is None
