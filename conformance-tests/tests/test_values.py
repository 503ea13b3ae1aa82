"""The runner's own logic: argument expansion and result matching."""

import base64

import pytest

from conformance.values import expand_args, generated_payload, match, substitute


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def test_subset_match_ignores_extra_fields():
    assert match({"id": 0}, {"id": 0, "name": "s1"}) is None


def test_mismatch_names_the_path():
    assert match({"topics": [{"id": 1}]}, {"topics": [{"id": 2}]}) == "$.topics[0].id: expected 1, got 2"


def test_lists_need_equal_length():
    assert "expected 2 items, got 1" in match([{}, {}], [{}])


def test_length_matcher():
    assert match({"$len": 2}, [1, 2]) is None
    assert match({"$len": 2}, [1]) is not None


def test_null_any_and_u64_sentinels():
    assert match("$null", None) is None
    assert match("$null", {}) is not None
    assert match("$any", 5) is None
    assert match("$any", None) is not None
    assert match("$u64_max", 2**64 - 1) is None
    assert match("$u64_max", 0) is not None


def test_payload_text_matches_base64():
    assert match({"payload": "hi"}, {"payload": b64(b"hi")}) is None
    assert match({"payload": "hi"}, {"payload": b64(b"ho")}) is not None
    assert match({"payload_size": 3}, {"payload": b64(b"abc")}) is None


def test_send_messages_expansion():
    args = expand_args(
        "send_messages",
        {"messages": [{"payload": "a"}, {"payload_size": 4, "seed": 1}], "generate": {"count": 2, "size": 3}},
        {},
    )
    payloads = [base64.b64decode(message["payload"]) for message in args["messages"]]
    assert payloads[0] == b"a"
    assert payloads[1] == generated_payload(4, 1)
    assert [len(payload) for payload in payloads[2:]] == [3, 3]


def test_generated_batch_is_bounded():
    with pytest.raises(ValueError):
        expand_args("send_messages", {"generate": {"count": 1000, "size": 1 << 20}}, {})


def test_substitution_keeps_types():
    saved = {"pat": {"token": "abc"}, "polled": {"messages": [{"timestamp": 17}]}}
    assert substitute("${pat.token}", saved) == "abc"
    assert substitute({"value": "${polled.messages.0.timestamp}"}, saved) == {"value": 17}
    assert substitute("x-${pat.token}", saved) == "x-abc"
