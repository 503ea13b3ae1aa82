"""The HTTP REST API: Iggy's routes and JSON, JWT life cycle, error JSON and status codes, CORS, /metrics."""

from __future__ import annotations

import base64
import time

import jwt
from prometheus_client.parser import text_string_to_metric_families

from iggy.protocol.codes import ErrorCode

from transport_support import JWT_SECRET, Http


def make_topic(http: Http, name: str, partitions: int = 1) -> None:
    status, _, _ = http.call("POST", "/streams", {"name": name})
    assert status == 200
    body = {"name": "t", "partitions_count": partitions, "compression_algorithm": "none", "message_expiry": 0,
            "max_topic_size": 0}
    status, topic, _ = http.call("POST", f"/streams/{name}/topics", body)
    assert status == 200, topic


def test_stream_topic_message_round_trip_in_iggy_json(http: Http):
    status, stream, _ = http.call("POST", "/streams", {"name": "rt"})
    assert status == 200
    assert stream["name"] == "rt" and stream["size"] == "0 B" and stream["topics"] == []
    status, topic, _ = http.call("POST", "/streams/rt/topics", {"name": "t", "partitions_count": 2})
    assert status == 200
    assert [p["id"] for p in topic["partitions"]] == [0, 1] and topic["compression_algorithm"] == "none"
    header = {"key": {"kind": "string", "value": base64.b64encode(b"k").decode()},
              "value": {"kind": "uint32", "value": base64.b64encode((7).to_bytes(4, "little")).decode()}}
    send = {"partitioning": {"kind": "partition_id", "value": base64.b64encode((1).to_bytes(4, "little")).decode()},
            "messages": [{"id": 5, "payload": base64.b64encode(b"hello").decode(), "user_headers": [header]},
                         {"id": "af362865-042c-4000-0000-000000000000",
                          "payload": base64.b64encode(b"world").decode()}]}
    status, body, _ = http.call("POST", "/streams/rt/topics/t/messages", send)
    # Iggy 0.9's confirmation (0.8's clients ignore the body of a 201).
    assert status == 201 and body == {"confirmations": [{"stream_id": 0, "topic_id": 0, "partition_id": 1,
                                                         "base_offset": 0}]}
    status, polled, _ = http.call(
        "GET",
        "/streams/rt/topics/t/messages?consumer_id=1&partition_id=1&kind=offset&value=0&count=10&auto_commit=true",
    )
    assert status == 200
    assert polled["partition_id"] == 1 and polled["count"] == 2 and polled["current_offset"] == 1
    first, second = polled["messages"]
    assert base64.b64decode(first["payload"]) == b"hello" and first["header"]["id"] == 5
    assert first["header"]["payload_length"] == 5 and first["header"]["offset"] == 0
    assert first["user_headers"] == [header]
    assert second["header"]["id"] == 0xAF362865042C40000000000000000000 and second["user_headers"] == []
    status, offset, _ = http.call("GET", "/streams/rt/topics/t/consumer-offsets?consumer_id=1&partition_id=1")
    assert status == 200 and offset == {"partition_id": 1, "current_offset": 1, "stored_offset": 1}
    status, _, _ = http.call("GET", "/streams/rt/topics/t/messages/flush/1/true")
    assert status == 200


def test_missing_resources_are_404_not_found_json(http: Http):
    status, body, _ = http.call("GET", "/streams/does-not-exist")
    assert status == 404 and body == {"id": 404, "code": "not_found", "reason": "Resource not found", "field": None}
    status, body, _ = http.call("DELETE", "/streams/does-not-exist")
    assert status == 404 and body["id"] == ErrorCode.STREAM_ID_NOT_FOUND  # as the TCP handler answers


def test_duplicate_and_invalid_input_are_400_with_the_iggy_code(http: Http):
    make_topic(http, "dup")
    status, body, _ = http.call("POST", "/streams", {"name": "dup"})
    assert status == 400 and body["id"] == ErrorCode.STREAM_NAME_ALREADY_EXISTS
    assert body["code"] == "stream_name_already_exists" and body["field"] == "name"
    status, body, _ = http.call("POST", "/streams", raw=b"{not json")
    assert status == 400 and body["id"] == ErrorCode.INVALID_HTTP_REQUEST
    status, body, _ = http.call("POST", "/streams/dup/topics", {"name": "x", "partitions_count": "three"})
    assert status == 400 and body["id"] == ErrorCode.INVALID_FORMAT and "partitions_count" in body["reason"]
    status, body, _ = http.call("POST", "/streams", {"name": True})
    assert status == 400 and body["id"] == ErrorCode.INVALID_FORMAT
    bad_id = {"partitioning": {"kind": "balanced", "value": ""},
              "messages": [{"id": "not-a-valid-id", "payload": "aGk="}]}
    status, body, _ = http.call("POST", "/streams/dup/topics/t/messages", bad_id)
    assert status == 400 and body["id"] == ErrorCode.INVALID_FORMAT
    status, body, _ = http.call("POST", "/streams/dup/topics/t/messages", {"partitioning": {"kind": "balanced"},
                                                                          "messages": [{"payload": "***"}]})
    assert status == 400 and "base64" in body["reason"]
    status, body, _ = http.call("GET", "/streams/dup/topics/t/messages?partition_id=0&count=-1")
    assert status == 400 and body["id"] == ErrorCode.INVALID_FORMAT


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def test_send_forms_reach_the_store_and_polls_show_them(http: Http):
    """Every form the natively converted send body takes (server/src/http_json.rs), read back by a poll."""
    make_topic(http, "forms")
    raw_block = bytes([1, 1, 0, 0, 0]) + b"k" + bytes([1, 3, 0, 0, 0]) + b"abc"  # raw "k" -> raw "abc"
    key = {"kind": "string", "value": b64(b"k")}
    messages = [
        {"payload": b64(b"decimal"), "id": "340282366920938463463374607431768211455"},
        {"payload": b64(b"raw block"), "user_headers": b64(raw_block)},
        # A repeated key keeps its first place and its last value, as a mapping does.
        {"payload": b64(b"repeated"), "id": None, "user_headers": [
            {"key": key, "value": {"kind": "bool", "value": b64(b"\x00")}},
            {"key": {"kind": "RAW", "value": b64(b"z")}, "value": {"kind": "int8", "value": b64(b"\x05")}},
            {"key": key, "value": {"kind": "bool", "value": b64(b"\x01")}},
        ]},
        # A block the codec cannot parse (a field of length 0) is stored as sent and shown raw.
        {"payload": b64(b"odd block"), "user_headers": b64(bytes([1, 0, 0, 0, 0]))},
    ]
    send = {"partitioning": {"kind": "messages_key", "value": b64(b"some key")}, "messages": messages}
    status, body, _ = http.call("POST", "/streams/forms/topics/t/messages", send)
    assert status == 201, body
    status, polled, _ = http.call("GET", "/streams/forms/topics/t/messages?partition_id=0&kind=offset&count=10")
    assert status == 200 and polled["count"] == 4 and polled["current_offset"] == 3
    first, second, third, fourth = polled["messages"]
    assert first["header"]["id"] == (1 << 128) - 1 and base64.b64decode(first["payload"]) == b"decimal"
    assert second["user_headers"] == [{"key": {"kind": "raw", "value": b64(b"k")},
                                       "value": {"kind": "raw", "value": b64(b"abc")}}]
    assert second["header"]["user_headers_length"] == len(raw_block)
    assert third["header"]["id"] != 0  # null: the server assigns one
    assert third["user_headers"] == [{"key": key, "value": {"kind": "bool", "value": b64(b"\x01")}},
                                     {"key": {"kind": "raw", "value": b64(b"z")},
                                      "value": {"kind": "int8", "value": b64(b"\x05")}}]
    assert fourth["user_headers"] == b64(bytes([1, 0, 0, 0, 0]))
    assert [m["header"]["offset"] for m in polled["messages"]] == [0, 1, 2, 3]


def test_send_refusals_keep_their_iggy_codes_and_store_nothing(http: Http):
    make_topic(http, "refused")
    balanced = {"kind": "balanced"}
    bad_header = [{"key": {"kind": "sideways", "value": b64(b"k")}, "value": {"kind": "raw", "value": b64(b"v")}}]
    short_int = [{"key": {"kind": "raw", "value": b64(b"k")}, "value": {"kind": "uint32", "value": b64(b"v")}}]
    cases = [
        ({"partitioning": balanced, "messages": []}, ErrorCode.INVALID_MESSAGES_COUNT),
        ({"partitioning": balanced, "messages": [{"payload": ""}]}, ErrorCode.EMPTY_MESSAGE_PAYLOAD),
        ({"partitioning": balanced, "messages": [{"payload": "aGk=", "user_headers": bad_header}]},
         ErrorCode.INVALID_HEADER_KIND),
        ({"partitioning": balanced, "messages": [{"payload": "aGk=", "user_headers": short_int}]},
         ErrorCode.INVALID_HEADER_VALUE),
        ({"partitioning": {"kind": "partition_id", "value": b64(b"\x01")}, "messages": [{"payload": "aGk="}]},
         ErrorCode.INVALID_FORMAT),
        ({"partitioning": balanced, "messages": [{"payload": "aGk=", "id": -1}]}, ErrorCode.INVALID_FORMAT),
        ({"partitioning": balanced, "messages": [{"payload": "aGk=", "id": 1.5}]}, ErrorCode.INVALID_FORMAT),
        ({"partitioning": balanced, "messages": ["aGk="]}, ErrorCode.INVALID_FORMAT),
        ({"messages": [{"payload": "aGk="}]}, ErrorCode.INVALID_FORMAT),
    ]
    for body, code in cases:
        status, error, _ = http.call("POST", "/streams/refused/topics/t/messages", body)
        assert (status, error["id"]) == (400, code), (body, error)
    status, error, _ = http.call("POST", "/streams/refused/topics/t/messages", raw=b'{"messages": [')
    assert (status, error["id"]) == (400, ErrorCode.INVALID_HTTP_REQUEST)
    status, error, _ = http.call("POST", "/streams/refused/topics/nope/messages",
                                 {"partitioning": balanced, "messages": [{"payload": "aGk="}]})
    assert status == 404 and error["id"] == ErrorCode.TOPIC_ID_NOT_FOUND
    status, stream, _ = http.call("GET", "/streams/refused")
    assert stream["messages_count"] == 0


def test_oversized_body_is_413_and_stores_nothing(http: Http):
    make_topic(http, "big")
    payload = base64.b64encode(b"x" * 8192).decode()
    body = {"partitioning": {"kind": "balanced", "value": ""}, "messages": [{"payload": payload}]}
    status, error, _ = http.call("POST", "/streams/big/topics/t/messages", body)
    assert status == 413 and error["id"] == ErrorCode.INVALID_HTTP_REQUEST
    status, stream, _ = http.call("GET", "/streams/big")
    assert stream["messages_count"] == 0


def test_authentication_failures_are_bare_401(http: Http):
    foreign = jwt.encode({"sub": "0"}, "another-secret-of-the-same-length-as-ours-xx", algorithm="HS256")
    for token in ("", "garbage", foreign):
        status, body, _ = http.call("GET", "/streams", token=token or "-")
        assert status == 401 and body == b""
    now = int(time.time())
    expired = jwt.encode({"jti": "x", "iss": "iggy.apache.org", "aud": "iggy.apache.org", "sub": "0",
                          "iat": now - 7200, "exp": now - 3600, "nbf": now - 7200}, JWT_SECRET, algorithm="HS256")
    assert http.call("GET", "/streams", token=expired)[0] == 401
    foreign_audience = jwt.encode({"jti": "y", "iss": "iggy.apache.org", "aud": "someone-else", "sub": "0",
                                   "iat": now, "exp": now + 60}, JWT_SECRET, algorithm="HS256")
    assert http.call("GET", "/streams", token=foreign_audience)[0] == 401
    status, body, _ = http.call("POST", "/users/login", {"username": "iggy", "password": "wrong"})
    assert status == 400 and body["id"] == ErrorCode.INVALID_CREDENTIALS


def test_logout_revokes_and_refresh_rotates(http: Http):
    first = http.token
    status, refreshed, _ = http.call("POST", "/users/refresh-token", {"token": first}, token="")
    assert status == 200 and refreshed["user_id"] == 0
    assert http.call("GET", "/streams", token=first)[0] == 401  # one refresh per token
    second = refreshed["access_token"]["token"]
    assert http.call("GET", "/streams", token=second)[0] == 200
    assert http.call("DELETE", "/users/logout", token=second)[0] == 204
    assert http.call("GET", "/streams", token=second)[0] == 401


def test_personal_access_token_login_and_permission_errors(http: Http):
    status, created, _ = http.call("POST", "/personal-access-tokens", {"name": "pat-1", "expiry": 0})
    assert status == 200
    status, identity, _ = http.call("POST", "/personal-access-tokens/login", {"token": created["token"]}, token="")
    assert status == 200 and identity["user_id"] == 0
    assert list(created) == ["token"]  # the response's fields by name (response = "fields")
    status, defaulted, _ = http.call("POST", "/personal-access-tokens", {"name": "pat-2"})  # the spec's expiry 0
    assert status == 200 and list(defaulted) == ["token"]
    status, tokens, _ = http.call("GET", "/personal-access-tokens")
    assert {"name": "pat-1", "expiry_at": None} in tokens and {"name": "pat-2", "expiry_at": None} in tokens
    status, user, _ = http.call("POST", "/users", {"username": "reader", "password": "secret-pw", "status": "active",
                                                    "permissions": None})
    assert status == 200 and user["permissions"] is None
    reader = Http(http.base.removeprefix("http://"))
    reader.login("reader", "secret-pw")
    status, body, _ = reader.call("POST", "/streams", {"name": "forbidden"})
    assert status == 403 and body["id"] == ErrorCode.UNAUTHORIZED


def test_cors_preflight_needs_no_token(http: Http):
    status, _, headers = http.call("OPTIONS", "/streams", token="", headers={
        "Origin": "http://example.test", "Access-Control-Request-Method": "POST"})
    assert status == 200
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in headers["Access-Control-Allow-Methods"]


def test_metrics_parse_as_prometheus_text(http: Http):
    make_topic(http, "metered", partitions=3)
    status, text, headers = http.call("GET", "/metrics", token="")
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    families = {family.name: family for family in text_string_to_metric_families(text.decode())}
    requests = {(s.labels["transport"], s.labels["command"]): s.value for s in families["iggy_requests"].samples}
    assert requests[("http", "create_stream")] >= 1
    assert requests[("http", "login_user")] >= 1
    partitions = families["iggy_partitions"].samples[0].value
    assert partitions >= 3
    assert any(s.labels["counter"] == "pool_capacity_bytes" for s in families["iggy_hot_path"].samples)
    received = {s.labels["transport"]: s.value for s in families["iggy_received_bytes"].samples}
    assert received["http"] > 0


def test_ping_and_root_are_public(http: Http):
    assert http.call("GET", "/ping", token="")[:2] == (200, b"pong")
    assert http.call("GET", "/", token="")[:2] == (200, b"Iggy API")


def test_cluster_metadata_names_every_bound_transport(http: Http, server):
    status, metadata, _ = http.call("GET", "/cluster/metadata")
    assert status == 200
    endpoints = metadata["nodes"][0]["endpoints"]
    assert endpoints["tcp"] == server.port
    for transport in ("http", "quic", "websocket"):
        assert endpoints[transport] == int(server.transport_addresses[transport].rsplit(":", 1)[1])


def test_a_consumer_group_list_is_each_groups_fields(http: Http):
    """GetConsumerGroups answers `fields` (commands.toml): every GroupHeader field by name, no handler of its own."""
    make_topic(http, "groups-listed")
    assert http.call("GET", "/streams/groups-listed/topics/t/consumer-groups")[:2] == (200, [])
    assert http.call("POST", "/streams/groups-listed/topics/t/consumer-groups", {"name": "g"})[0] == 201
    status, groups, _ = http.call("GET", "/streams/groups-listed/topics/t/consumer-groups")
    assert status == 200
    assert groups == [{"id": 0, "partitions_count": 1, "members_count": 0, "name": "g"}]


def test_error_reasons_are_iggys_texts_naming_the_object(http: Http):
    """The server fills the spec's text of the code with the stream, topic, group, user or token it knows (a TCP
    client only gets the code and shows the text with its placeholders)."""
    make_topic(http, "named")
    topic = {"name": "t", "partitions_count": 1, "compression_algorithm": "none", "message_expiry": 0,
             "max_topic_size": 0}  # fmt: skip
    user = {"username": "named-user", "password": "secret-pw-1", "status": "active"}
    assert http.call("POST", "/users", user)[0] == 200
    assert http.call("POST", "/streams/named/topics/t/consumer-groups", {"name": "g"})[0] == 201
    assert http.call("POST", "/personal-access-tokens", {"name": "named-token", "expiry": 0})[0] == 200
    cases = [
        ("POST", "/streams", {"name": "named"}, "Stream with name: named already exists."),
        ("POST", "/streams/named/topics", topic, "Topic with name: t for stream with ID: {stream} already exists."),
        ("DELETE", "/streams/no-such", None, "Stream with name: no-such was not found."),
        ("DELETE", "/streams/987654", None, "Stream with ID: 987654 was not found."),
        ("DELETE", "/streams/named/topics/gone", None,
         "Topic with name: gone for stream with ID: {stream} was not found."),
        ("DELETE", "/streams/named/topics/t/partitions/7?segments_count=1", None,
         "Partition with ID: 7 for topic with ID: {topic} for stream with ID: {stream} was not found."),
        ("POST", "/streams/named/topics/t/consumer-groups", {"name": "g"},
         "Consumer group with name: g for topic with ID: {topic} already exists."),
        ("DELETE", "/streams/named/topics/t/consumer-groups/other", None,
         "Consumer group with name: other for topic with ID: {topic} was not found."),
        ("DELETE", "/users/no-such-user", None, "Resource with key: no-such-user was not found."),
        ("POST", "/personal-access-tokens", {"name": "named-token", "expiry": 0},
         "Personal access token: named-token for user with ID: 0 already exists"),
        ("DELETE", "/personal-access-tokens/no-such-token", None, "Resource with key: no-such-token was not found."),
    ]  # fmt: skip
    _, stream, _ = http.call("GET", "/streams/named")
    ids = {"stream": stream["id"], "topic": stream["topics"][0]["id"]}
    for method, path, body, reason in cases:
        status, error, _ = http.call(method, path, body)
        assert status in (400, 404), (path, status, error)
        assert error["reason"] == reason.format(**ids), (path, error)
        assert "…" not in error["reason"]


def test_an_offset_stored_without_a_partition_is_partition_0s(http: Http):
    """Iggy's JSON may leave `partition_id` out or null, as the binary command's None: partition 0 of a consumer."""
    make_topic(http, "offsets-default")
    send = {"partitioning": {"kind": "partition_id", "value": base64.b64encode(bytes(4)).decode()},
            "messages": [{"payload": base64.b64encode(b"m").decode()}]}
    assert http.call("POST", "/streams/offsets-default/topics/t/messages", send)[0] == 201
    for body in ({"consumer_id": 3, "offset": 0}, {"consumer_id": 4, "partition_id": None, "offset": 0}):
        status, error, _ = http.call("PUT", "/streams/offsets-default/topics/t/consumer-offsets", body)
        assert status == 204, error
        query = f"consumer_id={body['consumer_id']}&partition_id=0"
        status, offset, _ = http.call("GET", f"/streams/offsets-default/topics/t/consumer-offsets?{query}")
        assert status == 200 and offset["stored_offset"] == 0, offset
