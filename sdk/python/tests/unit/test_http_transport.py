"""``iggy+http://`` without a server: each command becomes the REST call of its spec route (method, path, query
and JSON body as Iggy's REST API names them), and a command the REST API lacks is refused with the spec's reason."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from iggy.errors import IggyError
from iggy.options import encode_options
from iggy.protocol import requests as rq
from iggy.protocol import responses as rs
from iggy.protocol.codes import ErrorCode, OptionScope, PollingKind, ProtocolVersion, UserStatus
from iggy.protocol.primitives import Consumer, Identifier, PollingStrategy
from iggy.transports.http import HttpConnection

V08, V09 = ProtocolVersion.V0_8, ProtocolVersion.V0_9


class RecordingConnection(HttpConnection):
    """Records the REST calls instead of sending them; each answers ``answer``."""

    def __init__(self, version: ProtocolVersion, answer: Any = None) -> None:
        super().__init__(session=None, peer="test", version=version)  # type: ignore[arg-type]
        self.answer = answer
        self.calls: list[tuple] = []

    async def call(self, method: str, path: str, body: Any = None, query: dict | None = None,
                   missing_ok: bool = False) -> Any:
        self.calls.append((method, path, body, query, missing_ok))
        return self.answer


def send(connection: RecordingConnection, request: rq.Request) -> bytes:
    return bytes(asyncio.run(connection.request(int(request.CODE), request.encode(connection.version), 1000)))


S, T = Identifier("s"), Identifier("t")
TOPIC = "/streams/s/topics/t"


@pytest.mark.parametrize("version, request_model, expected", [
    (V08, rq.DeleteConsumerOffset(Consumer.consumer(7), S, T, 1),
     ("DELETE", f"{TOPIC}/consumer-offsets/7", None, {"partition_id": "1"}, False)),
    (V08, rq.DeleteConsumerOffset(Consumer.consumer("a b"), S, T, None),
     ("DELETE", f"{TOPIC}/consumer-offsets/a%20b", None, None, False)),
    (V08, rq.StoreConsumerOffset(Consumer.consumer(7), S, T, None, 3),
     ("PUT", f"{TOPIC}/consumer-offsets", {"consumer_id": 7, "partition_id": None, "offset": 3}, None, False)),
    (V08, rq.PollMessages(Consumer.consumer(7), S, T, 2, PollingStrategy(PollingKind.TIMESTAMP, 5), 10, True),
     ("GET", f"{TOPIC}/messages", None, {"consumer_id": "7", "partition_id": "2", "kind": "timestamp",
                                         "value": "5", "count": "10", "auto_commit": "true"}, False)),
    (V08, rq.FlushUnsavedBuffer(S, T, 2, True), ("GET", f"{TOPIC}/messages/flush/2/true", None, None, False)),
    (V08, rq.DeleteSegments(S, T, 3, 4), ("DELETE", f"{TOPIC}/partitions/3", None, {"segments_count": "4"}, False)),
    (V08, rq.CreatePartitions(S, T, 2), ("POST", f"{TOPIC}/partitions", {"partitions_count": 2}, None, False)),
    (V08, rq.UpdateTopic(S, T, 2, 5, 0, 0, "t2"),
     ("PUT", TOPIC, {"compression_algorithm": "gzip", "message_expiry": 5, "max_topic_size": 0,
                     "replication_factor": None, "name": "t2"}, None, False)),
    (V09, rq.UpdateTopic(S, T, name="t2", options=encode_options(OptionScope.TOPIC, {"message_expiry": "7"})),
     ("PUT", TOPIC, {"name": "t2", "options": {"message_expiry": "7"}}, None, False)),
    # A 0.9 request sends 0.9's fields only, also without options (0.8's fixed settings are not in it).
    (V09, rq.UpdateTopic(S, T, name="t2"), ("PUT", TOPIC, {"name": "t2"}, None, False)),
    (V09, rq.CreateTopic(S, 1, name="t"), ("POST", "/streams/s/topics", {"partitions_count": 1, "name": "t"}, None,
                                           False)),
    (V08, rq.UpdateUser(Identifier(3), None, UserStatus.INACTIVE),
     ("PUT", "/users/3", {"username": None, "status": "inactive"}, None, False)),
    (V08, rq.DeleteUser(Identifier("x/y")), ("DELETE", "/users/x%2Fy", None, None, False)),
    (V08, rq.GetStream(S), ("GET", "/streams/s", None, None, True)),
    (V08, rq.GetTopics(S), ("GET", "/streams/s/topics", None, None, False)),
])
def test_a_command_travels_as_its_spec_route(version, request_model, expected):
    topic = {"id": 0, "created_at": 0, "message_expiry": 0, "compression_algorithm": "none", "max_topic_size": 0,
             "size": "0 B", "messages_count": 0, "name": "t", "partitions": []}
    answers = {rq.GetTopics: [], rq.PollMessages: {"partition_id": 2, "current_offset": 0, "count": 0, "messages": []},
               rq.CreateTopic: topic}
    answer = answers.get(type(request_model))
    connection = RecordingConnection(version, answer)
    send(connection, request_model)
    assert connection.calls == [expected]


def test_a_0_9_login_sends_its_sdk_version_as_the_login_jsons_version():
    connection = RecordingConnection(V09, {"user_id": 3, "access_token": {"token": "jwt", "expiry": 1}})
    send(connection, rq.LoginRegister(0x900, "sdk", "1.2.3", "iggy", "secret", "ctx"))
    assert connection.calls == [("POST", "/users/login", {"username": "iggy", "password": "secret",
                                                          "version": "1.2.3", "context": "ctx"}, None, False)]
    assert connection.token == "jwt"


@pytest.mark.parametrize("request_model", [
    rq.GetMe(),
    rq.JoinConsumerGroup(S, T, Identifier("g")),
    rq.LeaveConsumerGroup(S, T, Identifier("g")),
])
def test_a_command_without_a_route_is_refused_with_the_specs_reason(request_model):
    connection = RecordingConnection(V08)
    with pytest.raises(IggyError) as refused:
        send(connection, request_model)
    assert refused.value.code == ErrorCode.FEATURE_UNAVAILABLE
    assert "keeps no client session" in str(refused.value)
    assert connection.calls == []


def test_a_group_consumer_cannot_travel_over_http():
    connection = RecordingConnection(V08)
    with pytest.raises(IggyError) as refused:
        send(connection, rq.PollMessages(Consumer.group(1), S, T, None, PollingStrategy(PollingKind.NEXT), 1))
    assert refused.value.code == ErrorCode.FEATURE_UNAVAILABLE
    assert connection.calls == []


@pytest.mark.parametrize("version", [V08, V09])
def test_a_fields_answer_becomes_the_binary_answer_with_no_conversion_of_its_own(version):
    """response = "fields" (commands.toml): the JSON is the response's fields by name, for the token's one field, the
    consumer offset's three and each group of a list alike."""
    connection = RecordingConnection(version, {"token": "secret-token"})
    answer = send(connection, rq.CreatePersonalAccessToken("pat", 0))
    assert answer == rs.CreatePersonalAccessTokenResponse(token="secret-token").encode(version)
    offset = {"partition_id": 1, "current_offset": 9, "stored_offset": 4}
    connection = RecordingConnection(version, offset)
    answer = send(connection, rq.GetConsumerOffset(Consumer.consumer(7), S, T, 1))
    assert answer == rs.ConsumerOffsetInfo(**offset).encode(version)
    assert connection.calls == [("GET", f"{TOPIC}/consumer-offsets", None, {"consumer_id": "7", "partition_id": "1"},
                                 True)]
    groups = [{"id": 0, "partitions_count": 2, "members_count": 1, "name": "g"}, {"id": 1, "partitions_count": 2,
                                                                                "members_count": 0, "name": "h"}]
    connection = RecordingConnection(version, groups)  # a list answer: an array of them
    answer = send(connection, rq.GetConsumerGroups(S, T))
    expected = rs.encode_response_body(int(rq.GetConsumerGroups.CODE), [rs.GroupHeader(**g) for g in groups], version)
    assert answer == expected
    assert rs.decode_response_body(int(rq.GetConsumerGroups.CODE), answer, version)[1].name == "h"
    connection = RecordingConnection(version, {"token": "t", "expiry": 1})  # a field the response lacks is ignored
    assert send(connection, rq.CreatePersonalAccessToken("pat", 0)) == rs.CreatePersonalAccessTokenResponse(
        token="t").encode(version)
