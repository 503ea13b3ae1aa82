"""iggy consumer-offset get | set | delete."""

from __future__ import annotations

from contextlib import contextmanager

import click
from iggy.protocol.codes import ErrorCode
from iggy.protocol.primitives import Consumer

from ..errors import not_found
from ..parsing import IDENTIFIER
from ..state import get_state

KIND = click.Choice(["consumer", "consumer-group"])


def _consumer(kind: str, consumer_id) -> Consumer:
    return Consumer.group(consumer_id) if kind == "consumer-group" else Consumer.consumer(consumer_id)


@contextmanager
def _membership(client, kind: str, stream_id, topic_id, group_id):
    """Storing or deleting a group's offset requires membership (0.8): join for the call, then leave."""
    if kind != "consumer-group":
        yield
        return
    client.join_consumer_group(stream_id, topic_id, group_id)
    try:
        yield
    finally:
        client.leave_consumer_group(stream_id, topic_id, group_id)


def _common(function):
    for decorator in reversed((
        click.argument("consumer_id", metavar="CONSUMER", type=IDENTIFIER),
        click.argument("stream_id", metavar="STREAM", type=IDENTIFIER),
        click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER),
        click.argument("partition_id", metavar="PARTITION", type=click.IntRange(0)),
    )):
        function = decorator(function)
    return click.option("-k", "--kind", type=KIND, default="consumer", show_default=True,
                        help="Whether CONSUMER is a single consumer or a consumer group.")(function)


def register(cli: click.Group) -> None:
    @cli.group("consumer-offset", aliases=("o",))
    def consumer_offset() -> None:
        """Stored consumer offsets.

        CONSUMER is an id or a name; use -k consumer-group for consumer groups.
        """

    @consumer_offset.command(aliases=("g",))
    @_common
    def get(consumer_id, stream_id, topic_id, partition_id, kind) -> None:
        """Show the stored offset of CONSUMER on PARTITION."""
        state = get_state()
        info = state.client().get_consumer_offset(_consumer(kind, consumer_id), stream_id, topic_id, partition_id)
        if info is None:
            raise not_found(ErrorCode.CONSUMER_OFFSET_NOT_FOUND,
                            f"offset of {kind} '{consumer_id}' on partition {partition_id}")
        state.output.record([
            ("Consumer", f"{kind} {consumer_id}", None),
            ("Stream", stream_id, None),
            ("Topic", topic_id, None),
            ("Partition", info.partition_id, None),
            ("Current offset", info.current_offset, None),
            ("Stored offset", info.stored_offset, None),
            ("Lag", max(info.current_offset - info.stored_offset, 0), None),
        ], title="Consumer offset", json_value=info)

    @consumer_offset.command("set", aliases=("s",))
    @_common
    @click.argument("offset", type=click.IntRange(0))
    def set_offset(consumer_id, stream_id, topic_id, partition_id, offset, kind) -> None:
        """Store OFFSET for CONSUMER on PARTITION."""
        state = get_state()
        client = state.client()
        with _membership(client, kind, stream_id, topic_id, consumer_id):
            client.store_consumer_offset(_consumer(kind, consumer_id), stream_id, topic_id, partition_id, offset)
        state.output.success(f"offset {offset} stored for {kind} '{consumer_id}' on partition {partition_id}")

    @consumer_offset.command(aliases=("d",))
    @_common
    def delete(consumer_id, stream_id, topic_id, partition_id, kind) -> None:
        """Delete the stored offset of CONSUMER on PARTITION."""
        state = get_state()
        client = state.client()
        with _membership(client, kind, stream_id, topic_id, consumer_id):
            client.delete_consumer_offset(_consumer(kind, consumer_id), stream_id, topic_id, partition_id)
        state.output.success(f"offset of {kind} '{consumer_id}' on partition {partition_id} deleted")
