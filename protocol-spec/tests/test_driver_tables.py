"""The generated driver op table (generator/driver_tables.py) and the step check the Python drivers run with it.

The Python module is stdlib-only and sits beside each Python driver (the SDK's, and the two official clients'
shared official_python.py); these tests load the committed copies, so they test what the drivers import.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
ROOT = PROTOCOL_SPEC.parent
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator.driver_tables import (  # noqa: E402
    PYTHON_OFFICIAL_DRIVERS_PATH, PYTHON_SDK_DRIVER_PATH, render_go_driver_ops, render_python_driver_ops,
    render_rust_driver_ops,
)
from generator.spec import load_spec  # noqa: E402

SPEC = load_spec()


def _load(path: str, name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TABLE = _load(PYTHON_SDK_DRIVER_PATH, "_driver_ops_under_test")


def test_both_python_copies_are_the_generated_module():
    rendered = render_python_driver_ops(SPEC)
    assert (ROOT / PYTHON_SDK_DRIVER_PATH).read_text(encoding="utf-8") == rendered
    assert (ROOT / PYTHON_OFFICIAL_DRIVERS_PATH).read_text(encoding="utf-8") == rendered


def test_the_table_holds_what_drivers_are_sent():
    assert "restart_server" not in TABLE.OPS and "sleep" not in TABLE.OPS  # the runner performs them
    assert "generate" not in TABLE.OPS["send_messages"].args  # a case file's shorthand the runner expands
    assert TABLE.OPS["create_topic"].args["options"].versions == frozenset({"0.9"})
    assert TABLE.OPS["sync_consumer_group"].versions == frozenset({"0.9"})
    assert TABLE.OPS["get_client"].args["client_id"].required


def test_absent_optional_args_come_back_with_the_declared_default():
    given = {"stream": 1, "topic": "t"}
    filled = TABLE.check_step("poll_messages", given, "0.8")
    assert filled == {"stream": 1, "topic": "t", "consumer": {"kind": "consumer", "id": 0},
                      "strategy": {"kind": "offset", "value": 0}, "count": 10, "auto_commit": False}
    assert given == {"stream": 1, "topic": "t"}  # the caller's args are left alone
    filled["consumer"]["id"] = 5
    assert TABLE.check_step("poll_messages", given, "0.8")["consumer"]["id"] == 0  # no default is shared
    # No shared default: absence means something of its own (the server chooses; 0.9 does not send it).
    assert "partition_id" not in filled
    assert "message_expiry" not in TABLE.check_step("create_topic", {"stream": 1, "name": "t"}, "0.9")


@pytest.mark.parametrize(("op", "args", "protocol", "message"), [
    ("poll_message", {}, "0.8", 'unknown op "poll_message" (not in protocol-spec/spec/driver_ops.toml)'),
    ("restart_server", {}, "0.8", 'unknown op "restart_server" (not in protocol-spec/spec/driver_ops.toml)'),
    ("describe_options", {}, "0.8", 'op "describe_options" is not in protocol 0.8'),
    ("get_client", {}, "0.8", 'op "get_client": missing required arg "client_id"'),
    ("store_consumer_offset", {"stream": 1, "topic": 1}, "0.8",
     'op "store_consumer_offset": missing required arg "offset"'),
    ("create_partitions", {"stream": 1, "topic": 1}, "0.9",
     'op "create_partitions": missing required arg "partitions_count"'),
    ("create_partitions", {"stream": 1, "topic": 1, "count": 2}, "0.8", 'op "create_partitions": unknown arg "count"'),
    ("poll_messages", {"stream": 1, "topic": 1, "count": "3"}, "0.8",
     'op "poll_messages": arg "count" must be of type integer'),
    ("poll_messages", {"stream": 1, "topic": 1, "auto_commit": 1}, "0.8",
     'op "poll_messages": arg "auto_commit" must be of type boolean'),
    ("flush_unsaved_buffer", {"stream": 1, "topic": 1, "partition_id": True}, "0.8",
     'op "flush_unsaved_buffer": arg "partition_id" must be of type integer'),
    ("get_stream", {"stream": [1]}, "0.8", 'op "get_stream": arg "stream" must be of type identifier'),
    ("create_topic", {"stream": 1, "name": "t", "options": {}}, "0.8",
     'op "create_topic": arg "options" is not in protocol 0.8'),
    ("ping", [], "0.8", 'op "ping": args must be an object'),
])
def test_a_bad_step_is_the_driver_error_naming_op_and_key(op, args, protocol, message):
    with pytest.raises(TABLE.StepError) as refused:
        TABLE.check_step(op, args, protocol)
    assert refused.value.answer() == {"code": -1, "name": "DriverError", "message": message}


def test_a_good_step_passes_in_its_protocol():
    assert TABLE.check_step("create_topic", {"stream": 1, "name": "t", "options": {}}, "0.9")["partitions_count"] == 1
    assert TABLE.check_step("get_stream", {"stream": "s"}, "0.8") == {"stream": "s"}


def test_our_python_driver_answers_a_refused_step_before_dispatch():
    """sdk/python/conformance/driver.py runs the check first: a bad step never reaches the SDK."""
    pytest.importorskip("iggy")
    sys.path.insert(0, str(ROOT / "sdk/python/conformance"))
    driver_module = _load("sdk/python/conformance/driver.py", "python_driver_under_test")
    driver = driver_module.Driver(driver_module.ProtocolVersion.V0_8)
    request = {"id": 4, "op": "get_client", "client": "default", "args": {}}
    answer = asyncio.run(driver_module.answer(driver, request))
    assert answer == {"id": 4, "error": {"code": -1, "name": "DriverError",
                                         "message": 'op "get_client": missing required arg "client_id"'}}


def test_every_language_writes_each_default_as_json():
    """Rust and Go parse the default's JSON text at fill time: the text must be what the spec declares."""
    assert '"{\\"kind\\":\\"consumer\\",\\"id\\":0}"' in render_go_driver_ops(SPEC)
    assert 'default: Some("{\\"kind\\":\\"offset\\",\\"value\\":0}")' in render_rust_driver_ops(SPEC)
