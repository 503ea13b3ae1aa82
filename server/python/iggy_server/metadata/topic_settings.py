"""What a topic's settings resolve to: 0.8's defaults and limits, and the storage its 0.9 options ask for.

Kept apart because three places need the same answer: creating and updating a topic (catalog.py), reopening
its partitions at start-up (state_file.py) and describing its derived 0.9 options (handlers/_common.py).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from iggy.protocol.codes import MAX_TOPIC_SIZE_UNLIMITED, MESSAGE_EXPIRY_NEVER, CompressionAlgorithm, ErrorCode

from ..config import Durability, ServerConfig, StorageConfig
from ..errors import IggyError
from ..options import Option
from .tree import Topic

__all__ = ["TopicSettings", "apply_settings", "resolve_topic_settings", "settings_of", "storage_config_for"]

COMPRESSION_NONE = CompressionAlgorithm.NONE
COMPRESSION_GZIP = CompressionAlgorithm.GZIP


class TopicSettings(NamedTuple):
    """A topic's 0.8 fields, in the order ``Topic`` takes them."""

    compression_algorithm: int
    message_expiry_us: int
    max_topic_size_bytes: int
    replication_factor: int


def resolve_topic_settings(
    config: ServerConfig,
    compression_algorithm: int,
    message_expiry_us: int,
    max_topic_size_bytes: int,
    replication_factor: int,
) -> TopicSettings:
    """Apply 0.8 defaults (0 → configured default / never / unlimited / 1) and validate."""
    if compression_algorithm not in (COMPRESSION_NONE, COMPRESSION_GZIP):
        raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown compression algorithm {compression_algorithm}")
    defaults = config.system.topic
    if message_expiry_us == 0:
        message_expiry_us = defaults.message_expiry_us or MESSAGE_EXPIRY_NEVER
    if max_topic_size_bytes == 0:
        max_topic_size_bytes = defaults.max_size_bytes or MAX_TOPIC_SIZE_UNLIMITED
    segment_size = config.system.segment.size_bytes
    if max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED and max_topic_size_bytes < segment_size:
        raise IggyError(
            ErrorCode.INVALID_TOPIC_SIZE,
            f"max topic size {max_topic_size_bytes} B is below the segment size {segment_size} B",
        )
    if replication_factor == 0:
        replication_factor = 1
    return TopicSettings(compression_algorithm, message_expiry_us, max_topic_size_bytes, replication_factor)


def storage_config_for(server: StorageConfig, options: tuple[Option, ...]) -> StorageConfig:
    """The partition storage settings of a topic: the server's, overridden by the 0.9 options that name them
    (segment_size, messages_required_to_save, durability = persisted: fsync before the acknowledgement)."""
    changes: dict[str, int | Durability] = {}
    for option in options:
        if option.key == "segment_size" and option.value != bytes(8):
            changes["segment_size_bytes"] = int.from_bytes(option.value, "little")
        elif option.key == "messages_required_to_save":
            changes["messages_required_to_save"] = int.from_bytes(option.value, "little")
        elif option.key == "durability" and option.value == b"persisted":
            changes["durability"] = Durability.DURABLE
    return dataclasses.replace(server, **changes) if changes else server


def settings_of(topic: Topic) -> TopicSettings:
    return TopicSettings(
        topic.compression_algorithm, topic.message_expiry_us, topic.max_topic_size_bytes, topic.replication_factor
    )


def apply_settings(topic: Topic, settings: TopicSettings) -> None:
    (
        topic.compression_algorithm,
        topic.message_expiry_us,
        topic.max_topic_size_bytes,
        topic.replication_factor,
    ) = settings
