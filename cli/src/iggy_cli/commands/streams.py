"""iggy stream create | get | list | update | delete | purge."""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode

from ..errors import not_found
from ..output import Column, fmt_size, fmt_time_us, rows_from
from ..parsing import IDENTIFIER
from ..state import get_state
from .topics import TOPIC_COLUMNS

STREAM_COLUMNS = [
    Column("id", "ID", justify="right"),
    Column("name", "Name"),
    Column("created_at_us", "Created", fmt_time_us),
    Column("size_bytes", "Size", fmt_size, justify="right"),
    Column("messages_count", "Messages", justify="right"),
    Column("topics_count", "Topics", justify="right"),
]


def stream_fields(stream) -> list:
    return [
        ("Stream ID", stream.id, None),
        ("Name", stream.name, None),
        ("Created", stream.created_at_us, fmt_time_us),
        ("Size", stream.size_bytes, fmt_size),
        ("Messages", stream.messages_count, None),
        ("Topics", stream.topics_count, None),
    ]


def register(cli: click.Group) -> None:
    @cli.group(aliases=("s",))
    def stream() -> None:
        """Stream operations.

        STREAM is a numeric id or a name.
        """

    @stream.command(aliases=("c",))
    @click.argument("name")
    def create(name: str) -> None:
        """Create a stream named NAME (the server assigns its id)."""
        state = get_state()
        created = state.client().create_stream(name)
        state.output.success(f"stream '{name}' created with id {created.id}", json_value=created)

    @stream.command(aliases=("g",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    def get(stream_id) -> None:
        """Show one stream and its topics."""
        state = get_state()
        details = state.client().get_stream(stream_id)
        if details is None:
            raise not_found(ErrorCode.STREAM_ID_NOT_FOUND, f"stream '{stream_id}'")
        if state.output.json_mode:
            state.output.json(details)
            return
        state.output.record(stream_fields(details), title=f"Stream {details.name}")
        topics = getattr(details, "topics", ())
        if topics:
            state.output.table(rows_from(topics, [c.key for c in TOPIC_COLUMNS]), TOPIC_COLUMNS, title="Topics")

    @stream.command("list", aliases=("l",))
    def list_streams() -> None:
        """List all streams."""
        state = get_state()
        streams = state.client().get_streams()
        state.output.table(rows_from(streams, [c.key for c in STREAM_COLUMNS]), STREAM_COLUMNS, title="Streams",
                           json_value=streams)

    @stream.command(aliases=("u",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("name")
    def update(stream_id, name: str) -> None:
        """Rename STREAM to NAME."""
        state = get_state()
        state.client().update_stream(stream_id, name)
        state.output.success(f"stream '{stream_id}' renamed to '{name}'")

    @stream.command(aliases=("d",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    def delete(stream_id) -> None:
        """Delete STREAM with all its topics and messages."""
        state = get_state()
        state.client().delete_stream(stream_id)
        state.output.success(f"stream '{stream_id}' deleted")

    @stream.command(aliases=("p",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    def purge(stream_id) -> None:
        """Delete every message in every topic of STREAM (the topics stay)."""
        state = get_state()
        state.client().purge_stream(stream_id)
        state.output.success(f"stream '{stream_id}' purged")
