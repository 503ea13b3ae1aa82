# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""The conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml (protocol-spec/generator/driver_calls.py).

CALLS: op -> (the IggyClient method, its args in order, the answer's kind, its fields). The kind is null,
field (`{name: result}`), record (`{name: result.source, ...}`, null for None) or list (of such records);
fields are (JSON name, the SDK record's attribute) pairs. The driver binds the args to the method's
parameters in order (a keyword-only one too: the SDK's order is the contract, as in the Rust, Go and Java
drivers) and passes each JSON value as it is: the SDK takes an id or a name for an identifier.
"""

from __future__ import annotations

CALLS: dict[str, tuple[str, tuple[str, ...], str, tuple[tuple[str, str], ...]]] = {
    "ping": ("ping", (), "null", ()),
    "logout_user": ("logout_user", (), "null", ()),
    "get_stats": ("get_stats", (), "record", (("streams_count", "streams_count"), ("topics_count", "topics_count"), ("partitions_count", "partitions_count"), ("segments_count", "segments_count"), ("messages_count", "messages_count"), ("clients_count", "clients_count"), ("consumer_groups_count", "consumer_groups_count"), ("iggy_server_version", "iggy_server_version"))),
    "create_stream": ("create_stream", ("name",), "record", (("id", "id"), ("name", "name"), ("topics_count", "topics_count"), ("messages_count", "messages_count"), ("size_bytes", "size_bytes"))),
    "get_streams": ("get_streams", (), "list", (("id", "id"), ("name", "name"), ("topics_count", "topics_count"), ("messages_count", "messages_count"), ("size_bytes", "size_bytes"))),
    "update_stream": ("update_stream", ("stream", "name"), "null", ()),
    "delete_stream": ("delete_stream", ("stream",), "null", ()),
    "purge_stream": ("purge_stream", ("stream",), "null", ()),
    "delete_topic": ("delete_topic", ("stream", "topic"), "null", ()),
    "purge_topic": ("purge_topic", ("stream", "topic"), "null", ()),
    "create_partitions": ("create_partitions", ("stream", "topic", "partitions_count"), "null", ()),
    "delete_partitions": ("delete_partitions", ("stream", "topic", "partitions_count"), "null", ()),
    "delete_segments": ("delete_segments", ("stream", "topic", "partition_id", "segments_count"), "null", ()),
    "flush_unsaved_buffer": ("flush_unsaved_buffer", ("stream", "topic", "partition_id", "fsync"), "null", ()),
    "create_consumer_group": ("create_consumer_group", ("stream", "topic", "name"), "record", (("id", "id"), ("name", "name"), ("partitions_count", "partitions_count"), ("members_count", "members_count"))),
    "get_consumer_groups": ("get_consumer_groups", ("stream", "topic"), "list", (("id", "id"), ("name", "name"), ("partitions_count", "partitions_count"), ("members_count", "members_count"))),
    "delete_consumer_group": ("delete_consumer_group", ("stream", "topic", "group"), "null", ()),
    "join_consumer_group": ("join_consumer_group", ("stream", "topic", "group"), "null", ()),
    "leave_consumer_group": ("leave_consumer_group", ("stream", "topic", "group"), "null", ()),
    "change_password": ("change_password", ("user", "current_password", "new_password"), "null", ()),
    "delete_user": ("delete_user", ("user",), "null", ()),
    "create_personal_access_token": ("create_personal_access_token", ("name", "expiry"), "field", (("token", ""),)),
    "delete_personal_access_token": ("delete_personal_access_token", ("name",), "null", ()),
}
