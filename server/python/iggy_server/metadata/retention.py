"""Retention (0.8's message cleaner): which sealed segments of a topic expire or exceed its size limit.

Kept apart because it is a policy over the tree, run by a background task (lifecycle.py) and never by a
command: it reads a topic's settings and its partitions' segments and stored offsets, and changes nothing
in the tree itself, so it needs no persistence.
"""

from __future__ import annotations

from iggy.protocol.codes import MAX_TOPIC_SIZE_UNLIMITED, MESSAGE_EXPIRY_NEVER

from ..storage import Partition
from .tree import Topic

__all__ = ["clean_topic"]


def clean_topic(topic: Topic, now: int) -> tuple[int, int]:
    """Expired sealed segments, then size trimming; returns (segments, messages) deleted.

    Expiry deletes sealed segments whose newest message is older than the topic's expiry. Size
    trimming runs while the topic is at ≥ 90 % of its max size, deleting the oldest sealed
    segment across partitions. Both keep segments holding offsets above the smallest stored
    consumer/group offset.
    """
    segments = messages = 0
    if topic.message_expiry_us != MESSAGE_EXPIRY_NEVER:
        for partition in topic.partitions:
            result = partition.delete_expired_segments(now, topic.message_expiry_us)
            segments += result.segments_count
            messages += result.messages_count
    if topic.max_topic_size_bytes != MAX_TOPIC_SIZE_UNLIMITED:
        threshold = topic.max_topic_size_bytes * 9 // 10
        # Each pass deletes one segment, so the loop is bounded by the number of segments.
        while topic.size_bytes >= threshold:
            candidate = _oldest_deletable_segment(topic)
            if candidate is None:
                break
            result = candidate.delete_segments(1)
            if result.segments_count == 0:
                break
            segments += result.segments_count
            messages += result.messages_count
    return segments, messages


def _oldest_deletable_segment(topic: Topic) -> Partition | None:
    oldest: tuple[int, Partition] | None = None
    for partition in topic.partitions:
        infos = partition.log.segments()
        if len(infos) <= 1 or infos[0].is_active:
            continue
        first = infos[0]
        barrier = partition.offsets.min_offset()
        end_offset = first.start_offset + max(first.messages_count - 1, 0)
        if barrier is not None and end_offset > barrier:
            continue
        if oldest is None or first.max_timestamp_us < oldest[0]:
            oldest = (first.max_timestamp_us, partition)
    return None if oldest is None else oldest[1]
