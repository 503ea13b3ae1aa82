"""iggy topic create | get | list | update | delete | purge."""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode
from iggy.protocol.kinds import CompressionAlgorithm

from ..errors import not_found
from ..output import Column, fmt_enum, fmt_expiry_us, fmt_size, fmt_time_us, rows_from
from ..parsing import IDENTIFIER, parse_expiry_us, parse_size_bytes
from ..state import get_state

MAX_PARTITIONS_PER_REQUEST = 1000

TOPIC_COLUMNS = [
    Column("id", "ID", justify="right"),
    Column("name", "Name"),
    Column("created_at_us", "Created", fmt_time_us),
    Column("partitions_count", "Partitions", justify="right"),
    Column("compression_algorithm", "Compression", fmt_enum),
    Column("message_expiry_us", "Message expiry", fmt_expiry_us),
    Column("max_topic_size_bytes", "Max size", fmt_size, justify="right"),
    Column("replication_factor", "Replication", justify="right"),
    Column("size_bytes", "Size", fmt_size, justify="right"),
    Column("messages_count", "Messages", justify="right"),
]

PARTITION_COLUMNS = [
    Column("id", "ID", justify="right"),
    Column("created_at_us", "Created", fmt_time_us),
    Column("segments_count", "Segments", justify="right"),
    Column("current_offset", "Current offset", justify="right"),
    Column("size_bytes", "Size", fmt_size, justify="right"),
    Column("messages_count", "Messages", justify="right"),
]

COMPRESSION = click.Choice(["none", "gzip"], case_sensitive=False)


def compression(name: str):
    return CompressionAlgorithm[name.upper()]


def topic_fields(topic) -> list:
    return [
        ("Topic ID", topic.id, None),
        ("Name", topic.name, None),
        ("Created", topic.created_at_us, fmt_time_us),
        ("Partitions", topic.partitions_count, None),
        ("Compression", topic.compression_algorithm, fmt_enum),
        ("Message expiry", topic.message_expiry_us, fmt_expiry_us),
        ("Max topic size", topic.max_topic_size_bytes, fmt_size),
        ("Replication factor", topic.replication_factor, None),
        ("Size", topic.size_bytes, fmt_size),
        ("Messages", topic.messages_count, None),
    ]


def _topic_settings_options(function):
    function = click.option("-m", "--max-topic-size", default="server_default", show_default=True,
                            help="Max size: e.g. 10GB, 2GiB, unlimited, server_default.")(function)
    function = click.option("-r", "--replication-factor", default=1, show_default=True, type=click.IntRange(0, 255),
                            help="Replication factor.")(function)
    return function


def register(cli: click.Group) -> None:
    @cli.group(aliases=("t",))
    def topic() -> None:
        """Topic operations.

        STREAM and TOPIC are numeric ids or names.
        """

    @topic.command(aliases=("c",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("name")
    @click.argument("partitions_count", metavar="[PARTITIONS]", type=click.IntRange(0, MAX_PARTITIONS_PER_REQUEST),
                    default=1, required=False)
    @click.argument("compression_name", metavar="[COMPRESSION]", type=COMPRESSION, default="none", required=False)
    @click.argument("message_expiry", metavar="[EXPIRY]...", nargs=-1)
    @_topic_settings_options
    def create(stream_id, name, partitions_count, compression_name, message_expiry, max_topic_size,
               replication_factor) -> None:
        """Create topic NAME in STREAM.

        \b
        PARTITIONS defaults to 1, COMPRESSION (none|gzip) to none; EXPIRY is the message expiry,
        e.g. `7days`, `1h 30min`, `unlimited` or `server_default` (the default).
        \b
        Examples:
          iggy topic create orders events 3
          iggy topic create orders audit 1 gzip 15days --max-topic-size 10GB
        """
        state = get_state()
        created = state.client().create_topic(
            stream_id,
            name,
            partitions_count=partitions_count,
            compression=compression(compression_name),
            message_expiry_us=parse_expiry_us(message_expiry),
            max_topic_size_bytes=parse_size_bytes(max_topic_size),
            replication_factor=replication_factor,
        )
        state.output.success(
            f"topic '{name}' created in stream '{stream_id}' with id {created.id} and "
            f"{created.partitions_count} partition(s)",
            json_value=created,
        )

    @topic.command(aliases=("g",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    def get(stream_id, topic_id) -> None:
        """Show one topic and its partitions."""
        state = get_state()
        details = state.client().get_topic(stream_id, topic_id)
        if details is None:
            raise not_found(ErrorCode.TOPIC_ID_NOT_FOUND, f"topic '{topic_id}' in stream '{stream_id}'")
        if state.output.json_mode:
            state.output.json(details)
            return
        state.output.record(topic_fields(details), title=f"Topic {details.name}")
        partitions = getattr(details, "partitions", ())
        if partitions:
            state.output.table(rows_from(partitions, [c.key for c in PARTITION_COLUMNS]), PARTITION_COLUMNS,
                               title="Partitions")

    @topic.command("list", aliases=("l",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    def list_topics(stream_id) -> None:
        """List the topics of STREAM."""
        state = get_state()
        client = state.client()
        topics = client.get_topics(stream_id)
        if not topics and client.get_stream(stream_id) is None:
            # The server answers an empty list for a missing stream; say which it is.
            raise not_found(ErrorCode.STREAM_ID_NOT_FOUND, f"stream '{stream_id}'")
        state.output.table(rows_from(topics, [c.key for c in TOPIC_COLUMNS]), TOPIC_COLUMNS,
                           title=f"Topics in stream {stream_id}", json_value=topics)

    @topic.command(aliases=("u",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("name")
    @click.argument("compression_name", metavar="[COMPRESSION]", type=COMPRESSION, default="none", required=False)
    @click.argument("message_expiry", metavar="[EXPIRY]...", nargs=-1)
    @_topic_settings_options
    def update(stream_id, topic_id, name, compression_name, message_expiry, max_topic_size,
               replication_factor) -> None:
        """Update TOPIC: name, compression, message expiry, max size, replication factor.

        \b
        Example:
          iggy topic update orders events events-v2 gzip 30days
        """
        state = get_state()
        state.client().update_topic(
            stream_id,
            topic_id,
            name,
            compression=compression(compression_name),
            message_expiry_us=parse_expiry_us(message_expiry),
            max_topic_size_bytes=parse_size_bytes(max_topic_size),
            replication_factor=replication_factor,
        )
        state.output.success(f"topic '{topic_id}' in stream '{stream_id}' updated")

    @topic.command(aliases=("d",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    def delete(stream_id, topic_id) -> None:
        """Delete TOPIC with all its partitions and messages."""
        state = get_state()
        state.client().delete_topic(stream_id, topic_id)
        state.output.success(f"topic '{topic_id}' in stream '{stream_id}' deleted")

    @topic.command(aliases=("p",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    def purge(stream_id, topic_id) -> None:
        """Delete every message of TOPIC (the topic and its partitions stay)."""
        state = get_state()
        state.client().purge_topic(stream_id, topic_id)
        state.output.success(f"topic '{topic_id}' in stream '{stream_id}' purged")
