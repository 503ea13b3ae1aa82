"""The generated calls of the plain driver ops (generator/driver_calls.py): which ops are plain, and what each
language's driver is given to run them (the conformance run exercises the calls themselves)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator.driver_calls import (  # noqa: E402
    CallArg, CallResult, PlainCall, ResultField, plain_calls, render_go_calls, render_java_calls, render_python_calls,
    render_rust_calls,
)
from generator.spec import load_spec  # noqa: E402

SPEC = load_spec()


def _calls(spec=SPEC) -> dict[str, PlainCall]:
    return {call.op: call for call in plain_calls(spec)}


def _with_op(name: str, **changes) -> object:
    ops = tuple(dataclasses.replace(op, **changes) if op.name == name else op for op in SPEC.driver_ops)
    return dataclasses.replace(SPEC, driver_ops=ops)


def test_an_op_of_scalar_args_and_no_result_is_plain_with_each_integer_typed_by_its_request_field():
    call = _calls()["delete_segments"]
    assert call == PlainCall("delete_segments", "DeleteSegments", (
        CallArg("stream", "identifier", None), CallArg("topic", "identifier", None),
        CallArg("partition_id", "integer", "u32"), CallArg("segments_count", "integer", "u32"),
    ), None)


def test_a_one_field_computed_answer_is_plain_and_wraps_the_methods_result():
    call = _calls()["create_personal_access_token"]
    assert call.result == CallResult("field", (ResultField("token", "", ""),))
    assert call.args == (CallArg("name", "string", None), CallArg("expiry", "integer", "u64"))


def test_ops_that_need_a_drivers_judgement_are_not_plain():
    calls = _calls()
    assert "create_topic" not in calls  # an options object, enums by name
    assert "get_stream" not in calls  # a record holding a list of records
    assert "get_clients" not in calls  # an enum's wire value and a sentinel read as null (fields with `about`)
    assert "login_user" not in calls  # two commands, one per protocol
    assert "sync_consumer_group" not in calls  # 0.9 only: the hello must leave it out of a 0.8 driver's list
    assert "update_user" not in calls  # optional args whose absence means "unchanged"
    assert "consume_group" not in calls  # runs no command of its own
    assert not any(call.op in ("reset", "connect", "restart_server") for call in calls.values())


def test_an_integer_arg_without_a_request_field_of_its_name_keeps_the_op_by_hand():
    op = SPEC.driver_op("create_partitions")
    renamed = tuple(dataclasses.replace(arg, name="count") if arg.name == "partitions_count" else arg
                    for arg in op.args)
    assert "create_partitions" in _calls()
    assert "create_partitions" not in _calls(_with_op("create_partitions", args=renamed))


def test_an_optional_arg_without_a_default_keeps_the_op_by_hand():
    op = SPEC.driver_op("flush_unsaved_buffer")
    no_default = tuple(dataclasses.replace(arg, default=None) if arg.name == "fsync" else arg for arg in op.args)
    assert "flush_unsaved_buffer" in _calls()
    assert "flush_unsaved_buffer" not in _calls(_with_op("flush_unsaved_buffer", args=no_default))


def test_each_language_calls_the_sdk_method_with_its_own_argument_readers():
    python = render_python_calls(SPEC)
    assert '"delete_segments": ("delete_segments", ("stream", "topic", "partition_id", "segments_count"), "null", ' \
        "())," in python
    assert ('client.delete_segments(identifier(arg(args, "stream")?)?, identifier(arg(args, "topic")?)?, '
            'arg_u32(args, "partition_id")?, arg_u32(args, "segments_count")?).await?;') in render_rust_calls(SPEC)
    assert ('return nil, true, c.DeleteSegments(ctx, a.ident("stream"), a.ident("topic"), '
            'uint32(a.uint("partition_id")), uint32(a.uint("segments_count")))') in render_go_calls(SPEC)
    assert ('case "delete_segments": c.deleteSegments(Driver.id(a, "stream"), Driver.id(a, "topic"), '
            'Driver.num(a, "partition_id"), Driver.num(a, "segments_count")); return null;') in render_java_calls(SPEC)
    assert 'json!({ "token": client.create_personal_access_token(arg_str(args, "name")?, arg_u64(args, "expiry")?)' \
        in render_rust_calls(SPEC)
    assert 'return map[string]any{"token": value}, true, err' in render_go_calls(SPEC)


def test_a_record_of_plain_fields_is_read_by_the_structs_field_names_alone_or_listed():
    calls = _calls()
    stream_fields = tuple(ResultField(name, name, wire_type) for name, wire_type in (
        ("id", "u32"), ("name", "name"), ("topics_count", "u32"), ("messages_count", "u64"), ("size_bytes", "u64")))
    assert calls["create_stream"].result == CallResult("record", stream_fields)
    assert calls["get_streams"].result == CallResult("list", stream_fields)
    assert calls["get_stats"].result.kind == "record"
    rust, go, java = render_rust_calls(SPEC), render_go_calls(SPEC), render_java_calls(SPEC)
    assert ('Value::Array(listed.iter().map(|v| json!({ "id": v.id, "name": v.name, "topics_count": v.topics_count, '
            '"messages_count": v.messages_count, "size_bytes": v.size_bytes })).collect())') in rust
    assert ('out = append(out, map[string]any{"id": listed[i].ID, "name": listed[i].Name, "topics_count": '
            'listed[i].TopicsCount, "messages_count": listed[i].MessagesCount, "size_bytes": '
            'listed[i].SizeBytes})') in go
    # Java's long is signed: a u64 field goes out as an unsigned BigInteger, as the hand-written answers do.
    assert ('c.getStreams().stream().map(v -> (Object) Driver.map("id", v.id(), "name", v.name(), "topics_count", '
            'v.topicsCount(), "messages_count", Driver.u64(v.messagesCount()), "size_bytes", '
            'Driver.u64(v.sizeBytes()))).toList()') in java
    assert '"get_streams": ("get_streams", (), "list", (("id", "id"), ("name", "name"),' in render_python_calls(SPEC)


def test_an_or_null_record_answers_null_when_the_sdk_finds_nothing():
    spec = _with_op("create_stream", ok=tuple((version, "stream or null") for version in SPEC.version_names))
    call = _calls(spec)["create_stream"]
    assert call.result.nullable and call.result.kind == "record"
    assert 'found.as_ref().map_or(Value::Null, |v| json!({ "id": v.id,' in render_rust_calls(spec)
    assert "return v == null ? null : Driver.map(" in render_java_calls(spec)
