"""iggy consumer-group create | get | list | delete."""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode

from ..errors import not_found
from ..output import Column, rows_from
from ..parsing import IDENTIFIER
from ..state import get_state

GROUP_COLUMNS = [
    Column("id", "ID", justify="right"),
    Column("name", "Name"),
    Column("partitions_count", "Partitions", justify="right"),
    Column("members_count", "Members", justify="right"),
]
MEMBER_COLUMNS = [
    Column("id", "Member (client) ID", justify="right"),
    Column("partitions_count", "Partitions count", justify="right"),
    Column("partitions", "Partitions"),
]


def register(cli: click.Group) -> None:
    @cli.group("consumer-group", aliases=("g",))
    def consumer_group() -> None:
        """Consumer group operations.

        GROUP is a numeric id or a name.
        """

    @consumer_group.command(aliases=("c",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("name")
    def create(stream_id, topic_id, name: str) -> None:
        """Create consumer group NAME on TOPIC."""
        state = get_state()
        created = state.client().create_consumer_group(stream_id, topic_id, name)
        state.output.success(
            f"consumer group '{name}' created with id {created.id} on topic '{topic_id}' in stream '{stream_id}'",
            json_value=created,
        )

    @consumer_group.command(aliases=("g",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("group_id", metavar="GROUP", type=IDENTIFIER)
    def get(stream_id, topic_id, group_id) -> None:
        """Show one consumer group and its members' partitions."""
        state = get_state()
        details = state.client().get_consumer_group(stream_id, topic_id, group_id)
        if details is None:
            raise not_found(ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND,
                            f"consumer group '{group_id}' on topic '{topic_id}' in stream '{stream_id}'")
        if state.output.json_mode:
            state.output.json(details)
            return
        state.output.record([
            ("Group ID", details.id, None),
            ("Name", details.name, None),
            ("Partitions", details.partitions_count, None),
            ("Members", details.members_count, None),
        ], title=f"Consumer group {details.name}")
        members = [{"id": member.member_id, "partitions_count": len(member.partition_ids),
                    "partitions": list(member.partition_ids)} for member in getattr(details, "members", ())]
        if members:
            state.output.table(members, MEMBER_COLUMNS, title="Members")

    @consumer_group.command("list", aliases=("l",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    def list_groups(stream_id, topic_id) -> None:
        """List the consumer groups of TOPIC."""
        state = get_state()
        groups = state.client().get_consumer_groups(stream_id, topic_id)
        state.output.table(rows_from(groups, [c.key for c in GROUP_COLUMNS]), GROUP_COLUMNS,
                           title=f"Consumer groups of topic {topic_id}", json_value=groups)

    @consumer_group.command(aliases=("d",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("group_id", metavar="GROUP", type=IDENTIFIER)
    def delete(stream_id, topic_id, group_id) -> None:
        """Delete a consumer group (its stored offsets go with it)."""
        state = get_state()
        state.client().delete_consumer_group(stream_id, topic_id, group_id)
        state.output.success(f"consumer group '{group_id}' on topic '{topic_id}' in stream '{stream_id}' deleted")
