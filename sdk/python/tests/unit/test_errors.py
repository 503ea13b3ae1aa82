"""Error kinds and texts from the spec (protocol-spec/spec/errors.toml): `err.kind`, one `is_<kind>()` per kind, the
exception classes chosen by kind, and the spec's texts with their "…" named (filled from a request or "<param>")."""

from __future__ import annotations

import pickle

import pytest

from iggy import ErrorKind
from iggy.errors import (
    AlreadyExistsError,
    EvictedInvalidCredentialsError,
    IggyError,
    InvalidCredentialsError,
    NotFoundError,
    error_for,
    error_message,
    eviction_error,
    fill_from_request,
)
from iggy.protocol import requests as rq
from iggy.protocol.codes import ERROR_KINDS, Command, ErrorCode, EvictionReason
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy


def test_every_kind_has_a_predicate_and_every_code_a_kind():
    for kind in ErrorKind:
        assert callable(getattr(IggyError, f"is_{kind.value}")), kind
    assert set(ERROR_KINDS) == set(ErrorCode)
    assert ErrorKind.UNKNOWN not in ERROR_KINDS.values()  # only for codes the spec does not list


def test_kind_and_predicates_follow_the_code():
    error = error_for(ErrorCode.STREAM_NAME_ALREADY_EXISTS)
    assert error.kind is ErrorKind.ALREADY_EXISTS
    assert error.is_already_exists() and not error.is_not_found()
    assert error_for(ErrorCode.TRANSIENT_NOT_COMMITTED).is_transient()
    assert error_for(ErrorCode.CONNECTION_CLOSED).is_unavailable()
    assert error_for(ErrorCode.STALE_CLIENT).is_session()
    newer = error_for(987654, "from a newer server")
    assert newer.kind is ErrorKind.UNKNOWN and newer.is_unknown() and type(newer) is IggyError


def test_classes_follow_kinds():
    for code, kind in ERROR_KINDS.items():
        assert isinstance(error_for(code), NotFoundError) == (kind is ErrorKind.NOT_FOUND), code.name
        assert isinstance(error_for(code), AlreadyExistsError) == (kind is ErrorKind.ALREADY_EXISTS), code.name
    # The spec's kinds, not the names: a server's missing state file is no lookup miss; a bad token is bad
    # credentials.
    assert not isinstance(error_for(ErrorCode.STATE_FILE_NOT_FOUND), NotFoundError)
    assert isinstance(error_for(ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN), InvalidCredentialsError)
    assert isinstance(eviction_error(EvictionReason.INVALID_TOKEN), EvictedInvalidCredentialsError)


def test_no_default_text_shows_a_bare_placeholder():
    for code in ErrorCode:
        assert "…" not in error_for(code).message, code.name
    assert error_for(ErrorCode.PARTITION_NOT_FOUND).message == (
        "Partition with ID: <partition> for topic with ID: <topic> for stream with ID: <stream> was not found.")


def test_error_message_names_what_it_is_given():
    assert error_message(ErrorCode.TOPIC_NAME_ALREADY_EXISTS, {"name": "orders", "stream": 3}) == (
        "Topic with name: orders for stream with ID: 3 already exists.")
    assert error_message(ErrorCode.INVALID_IP_ADDRESS, {"port": 80}) == "Invalid IP address: <address>:80"
    assert error_message(ErrorCode.UNAUTHORIZED, {"stream": 1}) == "Unauthorized"


def test_fill_from_request_takes_the_spec_fields_of_the_command():
    request = rq.CreateTopic("orders", 1, name="events")
    error = fill_from_request(error_for(ErrorCode.TOPIC_NAME_ALREADY_EXISTS), request.CODE,
                              lambda field: getattr(request, field))
    assert error.message == "Topic with name: events for stream with ID: orders already exists."
    assert str(error) == f"[2013 TOPIC_NAME_ALREADY_EXISTS] {error.message}"
    assert pickle.loads(pickle.dumps(error)).message == error.message
    # ResourceNotFound's key falls back to the user the command names.
    user = rq.DeleteUser("bob")
    missing = fill_from_request(error_for(ErrorCode.RESOURCE_NOT_FOUND), user.CODE, lambda f: getattr(user, f))
    assert missing.message == "Resource with key: bob was not found."


def test_fill_leaves_what_the_request_does_not_name_readable():
    poll = rq.PollMessages(Consumer.group("workers"), 1, "t", None, PollingStrategy.next(), 1)
    fields = {name: getattr(poll, name) for name in ("consumer", "stream_id", "topic_id", "partition_id")}
    error = fill_from_request(error_for(ErrorCode.PARTITION_NOT_FOUND), Command.POLL_MESSAGES, fields.get)
    assert error.message == "Partition with ID: <partition> for topic with ID: t for stream with ID: 1 was not found."
    offset = fill_from_request(error_for(ErrorCode.CONSUMER_OFFSET_NOT_FOUND), Command.POLL_MESSAGES, fields.get)
    assert offset.message == "Consumer offset for consumer with ID: workers was not found."
    sent = {"stream_id": 1, "topic_id": 2, "partitioning": Partitioning.messages_key(b"k")}
    by_key = fill_from_request(error_for(ErrorCode.PARTITION_NOT_FOUND), Command.SEND_MESSAGES, sent.get)
    assert by_key.message.startswith("Partition with ID: <partition> for topic with ID: 2")


@pytest.mark.parametrize("message", ["Stream with name: x already exists.", "CREATE_STREAM: custom text"])
def test_fill_keeps_a_text_that_is_not_the_spec_template(message):
    """A text the server sent (HTTP) or the client wrote is never rewritten."""
    error = error_for(ErrorCode.STREAM_NAME_ALREADY_EXISTS, message)
    assert fill_from_request(error, Command.CREATE_STREAM, {"name": "other"}.get).message == message
