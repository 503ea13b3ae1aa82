"""One REST API for Iggy 0.8's and 0.9's clients: topic, stream and user JSON keep every 0.8 field and carry 0.9's
``options`` map, ``{key: {"value": text, "explicit": bool}}`` (the keys the client set, and for topics every other
catalog key as the server derived it), while each request still runs its command once."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from iggy.protocol.codes import ErrorCode

from transport_support import Http

U64_MAX_TEXT = str(2**64 - 1)
# The topic catalog's defaults as a topic created with no settings derives them on the test server (its config
# sets none of them), in the text form of the official SDK 0.11.0: numbers in decimal, bools "true"/"false".
DERIVED_DEFAULTS = {
    "compression_algorithm": "none",
    "consumer_offset_durability": "replicated",
    "durability": "replicated",
    "max_topic_size": U64_MAX_TEXT,
    "message_expiry": U64_MAX_TEXT,
    "messages_required_to_save": "1024",
    "preallocate_segments": "false",
    "segment_size": "1073741824",
    "size_of_messages_required_to_save": "1048576",
}
# What 0.9's clients send on every create (the durability pair), as our SDK's HTTP transport sends it.
DURABILITY_PAIR = {"consumer_offset_durability": "replicated", "durability": "replicated"}
TOPIC_FIELDS_08 = {"id", "created_at", "name", "size", "message_expiry", "compression_algorithm", "max_topic_size",
                   "replication_factor", "messages_count", "partitions_count"}


def expected_options(explicit: dict[str, str], derived: dict[str, str] | None = None) -> dict[str, dict]:
    """Every catalog key: ``explicit`` as set, the rest from ``derived`` or else the default."""
    values = DERIVED_DEFAULTS | (derived or {})
    options = {key: {"value": value, "explicit": False} for key, value in values.items()}
    options |= {key: {"value": value, "explicit": True} for key, value in explicit.items()}
    return options


def every_topic_json(http: Http, stream: str, topic: str) -> list[dict]:
    """The topic as GET topic, GET topics and GET stream render it."""
    status, details, _ = http.call("GET", f"/streams/{stream}/topics/{topic}")
    assert status == 200, details
    status, listed, _ = http.call("GET", f"/streams/{stream}/topics")
    assert status == 200, listed
    status, stream_details, _ = http.call("GET", f"/streams/{stream}")
    assert status == 200, stream_details
    in_list = [entry for entry in listed if entry["id"] == details["id"]]
    in_stream = [entry for entry in stream_details["topics"] if entry["id"] == details["id"]]
    return [details, *in_list, *in_stream]


def test_a_09_topic_reads_back_explicit_and_derived_options_in_text_form(http: Http):
    assert http.call("POST", "/streams", {"name": "opt-09"})[0] == 200
    body = {"name": "t", "partitions_count": 1, "options": DURABILITY_PAIR | {"segment_size": "128 MiB"}}
    status, created, _ = http.call("POST", "/streams/opt-09/topics", body)
    assert status == 200, created
    explicit = DURABILITY_PAIR | {"segment_size": "134217728"}  # the text parsed, rendered in its catalog kind
    renderings = [created, *every_topic_json(http, "opt-09", "t")]
    assert len(renderings) == 4
    for topic in renderings:
        assert topic["options"] == expected_options(explicit), topic
        assert list(topic["options"]) == sorted(topic["options"])
        # The 0.8 field a 0.9 reply has no room for keeps the stored value (0 asked for = 1, as over 0.8).
        assert topic["replication_factor"] == 1, topic


def test_a_09_create_body_with_the_default_compression_leaves_it_derived(http: Http):
    """The official SDK 0.11.0 always sends the create body's fixed fields: compression "none" and 0 (the server's
    default) for expiry and size when its caller sets none. They are derived, as if left out; "gzip" is set."""
    assert http.call("POST", "/streams", {"name": "opt-fields"})[0] == 200
    fields = {"partitions_count": 1, "message_expiry": 0, "max_topic_size": 0, "options": DURABILITY_PAIR}
    status, created, _ = http.call("POST", "/streams/opt-fields/topics",
                                   fields | {"name": "plain", "compression_algorithm": "none"})
    assert status == 200, created
    assert created["options"] == expected_options(DURABILITY_PAIR), created
    status, created, _ = http.call("POST", "/streams/opt-fields/topics",
                                   fields | {"name": "gzip", "compression_algorithm": "gzip"})
    assert status == 200, created
    assert created["options"] == expected_options(DURABILITY_PAIR | {"compression_algorithm": "gzip"}), created
    assert created["compression_algorithm"] == "gzip"


def test_a_08_topic_keeps_every_08_field_and_derives_every_option(http: Http):
    assert http.call("POST", "/streams", {"name": "opt-08"})[0] == 200
    body = {"name": "t", "partitions_count": 2, "compression_algorithm": "gzip", "message_expiry": 5_000_000,
            "max_topic_size": 0, "replication_factor": 3}
    status, created, _ = http.call("POST", "/streams/opt-08/topics", body)
    assert status == 200, created
    for topic in [created, *every_topic_json(http, "opt-08", "t")]:
        assert TOPIC_FIELDS_08 | {"options"} <= set(topic) <= TOPIC_FIELDS_08 | {"options", "partitions"}
        assert topic["replication_factor"] == 3 and topic["compression_algorithm"] == "gzip"
        assert topic["message_expiry"] == 5_000_000 and topic["max_topic_size"] == 2**64 - 1
        assert topic["partitions_count"] == 2
        derived = {"compression_algorithm": "gzip", "message_expiry": "5000000"}
        assert topic["options"] == expected_options({}, derived), topic


def test_a_09_update_patches_and_a_create_only_key_is_refused(http: Http):
    assert http.call("POST", "/streams", {"name": "opt-patch"})[0] == 200
    body = {"name": "t1", "partitions_count": 1, "options": DURABILITY_PAIR | {"compression_algorithm": "gzip"}}
    assert http.call("POST", "/streams/opt-patch/topics", body)[0] == 200
    # 0.9's update body: the settings it leaves out (null) keep their value and their provenance.
    update = {"name": "t2", "compression_algorithm": None, "message_expiry": None, "max_topic_size": 2147483648}
    status, answer, _ = http.call("PUT", "/streams/opt-patch/topics/t1", update)
    assert status == 204, answer
    explicit = DURABILITY_PAIR | {"compression_algorithm": "gzip", "max_topic_size": "2147483648"}
    for topic in every_topic_json(http, "opt-patch", "t2"):
        assert topic["name"] == "t2" and topic["max_topic_size"] == 2147483648
        assert topic["options"] == expected_options(explicit), topic
    refused = {"name": "t3", "options": {"segment_size": "128 MiB"}}
    status, error, _ = http.call("PUT", "/streams/opt-patch/topics/t2", refused)
    assert status == 400 and error["id"] == ErrorCode.UNSUPPORTED_OPTION_KEY, error
    for topic in every_topic_json(http, "opt-patch", "t2"):
        assert topic["options"] == expected_options(explicit), topic


def test_streams_and_users_carry_an_options_map_with_no_keys(http: Http):
    """0.9's catalogs of streams and users are empty: the map is there, with nothing in it."""
    status, created, _ = http.call("POST", "/streams", {"name": "opt-stream"})
    assert status == 200 and created["options"] == {}, created
    status, stream, _ = http.call("GET", "/streams/opt-stream")
    assert status == 200 and stream["options"] == {}, stream
    status, streams, _ = http.call("GET", "/streams")
    assert status == 200 and all(entry["options"] == {} for entry in streams), streams
    user = {"username": "opt-user", "password": "secret-pw", "status": "active", "permissions": None}
    status, created_user, _ = http.call("POST", "/users", user)
    assert status == 200 and created_user["options"] == {}, created_user
    status, details, _ = http.call("GET", f"/users/{created_user['id']}")
    assert status == 200 and details["options"] == {} and details["permissions"] is None, details
    status, users, _ = http.call("GET", "/users")
    assert status == 200 and all(entry["options"] == {} for entry in users), users


def requests_by_command(http: Http) -> dict[str, float]:
    status, text, _ = http.call("GET", "/metrics", token="")
    assert status == 200
    family = next(f for f in text_string_to_metric_families(text.decode()) if f.name == "iggy_requests")
    return {s.labels["command"]: s.value for s in family.samples if s.labels["transport"] == "http"}


def test_each_request_runs_its_command_once(http: Http):
    """The options come with the reply of the one command a request runs, not from a second, 0.9 run of it."""
    assert http.call("POST", "/streams", {"name": "opt-once"})[0] == 200
    before = requests_by_command(http)
    topic = {"name": "t", "partitions_count": 1, "options": DURABILITY_PAIR}
    assert http.call("POST", "/streams/opt-once/topics", topic)[0] == 200
    every_topic_json(http, "opt-once", "t")
    after = requests_by_command(http)
    for command in ("create_topic", "get_topic", "get_topics", "get_stream"):
        assert after.get(command, 0) - before.get(command, 0) == 1, (command, before, after)
