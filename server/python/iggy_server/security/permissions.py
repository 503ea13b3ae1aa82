"""Permission values as stored in the users state file.

The in-memory model is the codec's own :class:`iggy.protocol.primitives.Permissions` (frozen
dataclasses keyed by numeric stream/topic id), so a request's permissions are stored and answered
without a second model. This module only maps it to and from plain msgpack-able data. Flags are
stored by name, not position, so a reordered or extended flag list can never silently grant access.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from iggy.protocol.primitives import GlobalPermissions, Permissions, StreamPermissions, TopicPermissions

__all__ = [
    "GlobalPermissions",
    "Permissions",
    "StreamPermissions",
    "TopicPermissions",
    "ROOT_PERMISSIONS",
    "permissions_to_state",
    "permissions_from_state",
]

ROOT_PERMISSIONS = Permissions.root()

_GLOBAL_FLAGS = tuple(f.name for f in fields(GlobalPermissions))
_STREAM_FLAGS = tuple(f.name for f in fields(StreamPermissions) if f.name != "topics")
_TOPIC_FLAGS = tuple(f.name for f in fields(TopicPermissions))


def _flags_to_state(value: Any, names: tuple[str, ...]) -> list[str]:
    return [name for name in names if getattr(value, name)]


def _flags_from_state(granted: list[str], names: tuple[str, ...], what: str) -> dict[str, bool]:
    unknown = set(granted) - set(names)
    if unknown:
        raise ValueError(f"unknown {what} permission flag(s) in state: {sorted(unknown)}")
    return {name: name in granted for name in names}


def permissions_to_state(permissions: Permissions | None) -> dict[str, Any] | None:
    """Permissions → ``{"global": [granted flag names], "streams": [[id, flags, [[topic_id, flags]…]]…]}``."""
    if permissions is None:
        return None
    streams = []
    for stream_id in sorted(permissions.streams):
        stream = permissions.streams[stream_id]
        topics = [
            [topic_id, _flags_to_state(stream.topics[topic_id], _TOPIC_FLAGS)] for topic_id in sorted(stream.topics)
        ]
        streams.append([stream_id, _flags_to_state(stream, _STREAM_FLAGS), topics])
    return {"global": _flags_to_state(permissions.global_permissions, _GLOBAL_FLAGS), "streams": streams}


def permissions_from_state(state: dict[str, Any] | None) -> Permissions | None:
    """Inverse of :func:`permissions_to_state`; raises ``ValueError`` on anything it does not recognise."""
    if state is None:
        return None
    global_permissions = GlobalPermissions(**_flags_from_state(state["global"], _GLOBAL_FLAGS, "global"))
    streams: dict[int, StreamPermissions] = {}
    for stream_id, stream_flags, topics_state in state["streams"]:
        topics = {
            int(topic_id): TopicPermissions(**_flags_from_state(topic_flags, _TOPIC_FLAGS, "topic"))
            for topic_id, topic_flags in topics_state
        }
        streams[int(stream_id)] = StreamPermissions(
            **_flags_from_state(stream_flags, _STREAM_FLAGS, "stream"), topics=topics
        )
    return Permissions(global_permissions, streams)
