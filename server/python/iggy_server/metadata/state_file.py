"""The tree's durable form: ``<system.path>/state/metadata.msgpack``, written atomically after every change.

Kept apart so the file format (its version, its fields, how a corrupt file is refused) is one module, and so
every command that changes the tree — stream, topic and partition commands (catalog.py) and consumer group
commands (consumer_groups.py) — persists it the same way: :meth:`MetadataFile.save_or_undo` rolls the
in-memory change back when the write fails, so memory never runs ahead of the disk.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from iggy.protocol.codes import ErrorCode

from ..config import StorageConfig
from ..errors import IggyError
from ..groups import ConsumerGroup
from ..options import Option
from ..persistence import read_msgpack, write_msgpack_atomic
from .partition_files import PartitionFiles, close_partitions
from .topic_settings import storage_config_for
from .tree import Stream, StreamTree, Topic

__all__ = ["METADATA_FILE", "METADATA_FORMAT_VERSION", "MetadataFile"]

METADATA_FILE = "metadata.msgpack"
METADATA_FORMAT_VERSION = 1


class MetadataFile:
    """Saves ``tree`` to ``state_dir/metadata.msgpack`` and restores it, reopening every partition it names."""

    def __init__(self, state_dir: Path, tree: StreamTree, files: PartitionFiles, storage: StorageConfig) -> None:
        self.state_dir = state_dir
        self.tree = tree
        self.files = files
        self.storage = storage  # the server's partition storage settings, before a topic's options

    def to_state(self) -> dict[str, object]:
        streams = []
        for stream in self.tree.streams:
            topics = []
            for topic in stream.topics:
                topics.append(
                    {
                        "id": topic.id,
                        "name": topic.name,
                        "created_at_us": topic.created_at_us,
                        "compression_algorithm": topic.compression_algorithm,
                        "message_expiry_us": topic.message_expiry_us,
                        "max_topic_size_bytes": topic.max_topic_size_bytes,
                        "replication_factor": topic.replication_factor,
                        "options": [[o.key, o.kind, o.value] for o in topic.options],
                        "partitions": [{"id": p.id, "created_at_us": p.created_at_us} for p in topic.partitions],
                        "groups": [g.to_state() for g in topic.groups],
                        "groups_slab": topic.groups.allocation_state(),
                    }
                )
            streams.append(
                {
                    "id": stream.id,
                    "name": stream.name,
                    "created_at_us": stream.created_at_us,
                    "topics": topics,
                    "topics_slab": stream.topics.allocation_state(),
                }
            )
        return {
            "version": METADATA_FORMAT_VERSION,
            "streams": streams,
            "streams_slab": self.tree.streams.allocation_state(),
        }

    def save(self) -> None:
        write_msgpack_atomic(self.state_dir / METADATA_FILE, self.to_state())

    def save_or_undo(self, undo: Callable[[], None]) -> None:
        """Persist a change already made in memory; when the write fails, ``undo`` it and answer 10006."""
        try:
            self.save()
        except OSError as exc:
            undo()
            raise IggyError(ErrorCode.CANNOT_WRITE_TO_FILE, f"cannot persist metadata: {exc}") from None

    def load(self) -> None:
        """Restore the tree from disk, open every partition, remove directories nothing names."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self.files.streams_dir.mkdir(parents=True, exist_ok=True)
        # Unvalidated msgpack: a missing key or a wrong type is a corrupted file (caught below).
        state: Any = read_msgpack(self.state_dir / METADATA_FILE)
        if state is None:
            self.files.remove_orphans(self.tree)
            return
        if state.get("version") != METADATA_FORMAT_VERSION:
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"unsupported metadata version {state.get('version')!r}")
        tree = self.tree
        streams: dict[int, Stream] = {}
        try:
            for s in state["streams"]:
                stream = Stream(s["id"], s["name"], s["created_at_us"])
                topics: dict[int, Topic] = {}
                for t in s["topics"]:
                    topic = self._load_topic(stream, t)
                    topics[topic.id] = topic
                    stream.topic_names[topic.name] = topic.id
                stream.topics.restore(topics, s.get("topics_slab"))
                streams[stream.id] = stream
                tree.stream_names[stream.name] = stream.id
        except (KeyError, TypeError) as exc:
            close_partitions(partition for _, _, partition in tree.all_partitions())
            raise IggyError(ErrorCode.STATE_FILE_CORRUPTED, f"metadata file is corrupted: {exc!r}") from None
        tree.streams.restore(streams, state.get("streams_slab"))
        self.files.remove_orphans(tree)

    def _load_topic(self, stream: Stream, t: Any) -> Topic:
        topic = Topic(
            t["id"], stream.id, t["name"], t["created_at_us"], t["compression_algorithm"],
            t["message_expiry_us"], t["max_topic_size_bytes"], t["replication_factor"],
            options=tuple(Option(key, kind, bytes(value)) for key, kind, value in t.get("options", ())),
        )
        storage = storage_config_for(self.storage, topic.options)
        for p in t["partitions"]:
            topic.partitions.append(self.files.open(stream.id, topic.id, p["id"], p["created_at_us"], storage))
        groups: dict[int, ConsumerGroup] = {}
        for g in t["groups"]:
            groups[g["id"]] = ConsumerGroup(g["id"], g["name"], g["partitions"])
            topic.group_names[g["name"]] = g["id"]
        topic.groups.restore(groups, t.get("groups_slab"))
        return topic
