"""iggy partition create | delete, iggy segment delete."""

from __future__ import annotations

import click

from ..parsing import IDENTIFIER
from ..state import get_state

MAX_COUNT = 100_000


def register(cli: click.Group) -> None:
    @cli.group(aliases=("p",))
    def partition() -> None:
        """Add partitions to a topic or delete its last ones."""

    @partition.command(aliases=("c",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("partitions_count", metavar="COUNT", type=click.IntRange(1, MAX_COUNT))
    def create(stream_id, topic_id, partitions_count: int) -> None:
        """Add COUNT partitions to TOPIC."""
        state = get_state()
        state.client().create_partitions(stream_id, topic_id, partitions_count)
        state.output.success(f"{partitions_count} partition(s) added to topic '{topic_id}' in stream '{stream_id}'")

    @partition.command(aliases=("d",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("partitions_count", metavar="COUNT", type=click.IntRange(1, MAX_COUNT))
    def delete(stream_id, topic_id, partitions_count: int) -> None:
        """Delete the last COUNT partitions of TOPIC, with their messages."""
        state = get_state()
        state.client().delete_partitions(stream_id, topic_id, partitions_count)
        state.output.success(
            f"{partitions_count} partition(s) deleted from topic '{topic_id}' in stream '{stream_id}'"
        )

    @cli.group(aliases=("seg",))
    def segment() -> None:
        """Delete the oldest segments of a partition."""

    @segment.command("delete", aliases=("d",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("partition_id", metavar="PARTITION", type=click.IntRange(0))
    @click.argument("segments_count", metavar="COUNT", type=click.IntRange(1, MAX_COUNT))
    def delete_segments(stream_id, topic_id, partition_id: int, segments_count: int) -> None:
        """Delete the oldest COUNT segments of PARTITION (the active segment is never deleted)."""
        state = get_state()
        state.client().delete_segments(stream_id, topic_id, partition_id, segments_count)
        state.output.success(
            f"{segments_count} segment(s) deleted from partition {partition_id} of topic '{topic_id}' "
            f"in stream '{stream_id}'"
        )
