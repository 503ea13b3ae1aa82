# generated from protocol-spec by protocol-spec/generator — do not edit
# Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
"""The conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml (protocol-spec/generator/driver_calls.py).

CALLS: op -> (the IggyClient method, its args in order, the result's one field or None for a null answer).
The driver binds the args to the method's parameters in order (a keyword-only one too: the SDK's order is
the contract, as in the Rust, Go and Java drivers) and passes each JSON value as it is: the SDK takes an id
or a name for an identifier.
"""

from __future__ import annotations

CALLS: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "ping": ("ping", (), None),
    "logout_user": ("logout_user", (), None),
    "update_stream": ("update_stream", ("stream", "name"), None),
    "delete_stream": ("delete_stream", ("stream",), None),
    "purge_stream": ("purge_stream", ("stream",), None),
    "delete_topic": ("delete_topic", ("stream", "topic"), None),
    "purge_topic": ("purge_topic", ("stream", "topic"), None),
    "create_partitions": ("create_partitions", ("stream", "topic", "partitions_count"), None),
    "delete_partitions": ("delete_partitions", ("stream", "topic", "partitions_count"), None),
    "delete_segments": ("delete_segments", ("stream", "topic", "partition_id", "segments_count"), None),
    "flush_unsaved_buffer": ("flush_unsaved_buffer", ("stream", "topic", "partition_id", "fsync"), None),
    "delete_consumer_group": ("delete_consumer_group", ("stream", "topic", "group"), None),
    "join_consumer_group": ("join_consumer_group", ("stream", "topic", "group"), None),
    "leave_consumer_group": ("leave_consumer_group", ("stream", "topic", "group"), None),
    "change_password": ("change_password", ("user", "current_password", "new_password"), None),
    "delete_user": ("delete_user", ("user",), None),
    "create_personal_access_token": ("create_personal_access_token", ("name", "expiry"), "token"),
    "delete_personal_access_token": ("delete_personal_access_token", ("name",), None),
}
