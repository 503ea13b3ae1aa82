"""Streams → topics → partitions (+ consumer groups): the tree, the commands that change it, its files.

One module per concern, imported in this order (each uses only the ones above it):

    tree.py             Stream, Topic and StreamTree: the in-memory tree and its lookups by wire identifier
    partition_files.py  where partitions live under ``<system.path>/streams``; flush/fsync/close of all of them
    topic_settings.py   a topic's 0.8 defaults and limits, and the partition storage its 0.9 options ask for
    state_file.py       ``<system.path>/state/metadata.msgpack``: the format, atomic save (or undo), load
    consumer_groups.py  ConsumerGroups: create/delete/join/leave, disconnect, revocation timeouts
    retention.py        the message cleaner's policy: expired and over-size sealed segments
    catalog.py          Metadata: the tree plus stream, topic, partition and segment commands

The server holds one :class:`Metadata` (``ServerContext.metadata``) and its :class:`ConsumerGroups`
(``ServerContext.groups``). What is importable from here is what the rest of the server uses.
"""

from __future__ import annotations

from .catalog import MAX_PARTITIONS_PER_COMMAND, Metadata
from .consumer_groups import ConsumerGroups, committed_offset_lookup
from .retention import clean_topic
from .state_file import METADATA_FILE
from .topic_settings import storage_config_for
from .tree import Key, Stream, StreamTree, Topic

__all__ = [
    "MAX_PARTITIONS_PER_COMMAND",
    "METADATA_FILE",
    "ConsumerGroups",
    "Key",
    "Metadata",
    "Stream",
    "StreamTree",
    "Topic",
    "clean_topic",
    "committed_offset_lookup",
    "storage_config_for",
]
