"""iggy topic create | get | list | update | delete | purge, and iggy options describe.

Over Iggy 0.9 a topic's settings are options: `-o KEY=VALUE` sets any key of the catalog (`iggy options describe
topic`), the server parses the text ("128 MiB", "7 days"); `topic get` shows the options the topic was given
(explicit) and the ones the server derived. An update changes only what it names (a patch); over 0.8 it replaces
every setting.
"""

from __future__ import annotations

import click
from iggy.protocol.codes import ErrorCode, HeaderKind, OptionScope
from iggy.protocol.kinds import CompressionAlgorithm
from iggy.protocol.primitives import HeaderValue

from ..errors import not_found
from ..output import Column, fmt_enum, fmt_expiry_us, fmt_size, fmt_time_us, rows_from, to_jsonable
from ..parsing import IDENTIFIER, U64_MAX, parse_expiry_us, parse_size_bytes
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
    function = click.option("-o", "--option", "option_values", multiple=True, metavar="KEY=VALUE",
                            help="Iggy 0.9: a topic option, e.g. -o segment_size='128 MiB' -o durability=persisted "
                                 "(see `iggy options describe topic`).")(function)
    function = click.option("-m", "--max-topic-size", default=None,
                            help="Max size: e.g. 10GB, 2GiB, unlimited, server_default.")(function)
    function = click.option("-r", "--replication-factor", default=None, type=click.IntRange(0, 255),
                            help="Replication factor (Iggy 0.8 only).")(function)
    return function


def parse_options(values: tuple[str, ...]) -> dict[str, str] | None:
    """`KEY=VALUE` pairs (the value as text: the server parses it against its catalog)."""
    options: dict[str, str] = {}
    for item in values:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="'-o' / '--option'")
        if key.strip() in options:
            raise click.BadParameter(f"option {key.strip()!r} given twice", param_hint="'-o' / '--option'")
        options[key.strip()] = value.strip()
    return options or None


OPTION_COLUMNS = [Column("key", "Option"), Column("value", "Value"), Column("kind", "Kind"), Column("set", "Set by")]


def option_rows(topic) -> list[dict]:
    """A 0.9 topic's options: the explicit ones (its creator or an update set them), then the derived ones."""
    rows = []
    for source, values in (("explicit", topic.option_values), ("server", topic.derived_option_values)):
        for key, value in values.items():
            rows.append({"key": key, "value": _option_text(value), "kind": to_jsonable(value)["kind"], "set": source})
    return rows


def _option_text(value) -> str:
    plain = value.value
    if isinstance(plain, int) and not isinstance(plain, bool) and plain == U64_MAX:
        return "unlimited"
    return str(plain).lower() if isinstance(plain, bool) else str(plain)


def topic_json(topic) -> dict:
    """The topic as JSON, its option blocks decoded (`{key: {kind, value}}`)."""
    document = to_jsonable(topic)
    document["options"] = to_jsonable(topic.option_values)
    document["derived_options"] = to_jsonable(topic.derived_option_values)
    if not document["options"] and not document["derived_options"]:
        del document["options"], document["derived_options"]  # an 0.8 topic has neither
    return document


def register(cli: click.Group) -> None:
    register_options(cli)

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
    @click.argument("compression_name", metavar="[COMPRESSION]", type=COMPRESSION, default=None, required=False)
    @click.argument("message_expiry", metavar="[EXPIRY]...", nargs=-1)
    @_topic_settings_options
    def create(stream_id, name, partitions_count, compression_name, message_expiry, max_topic_size,
               replication_factor, option_values) -> None:
        """Create topic NAME in STREAM.

        \b
        PARTITIONS defaults to 1, COMPRESSION (none|gzip) to none; EXPIRY is the message expiry,
        e.g. `7days`, `1h 30min`, `unlimited` or `server_default` (the default). Over Iggy 0.9, -o sets
        any other option.
        \b
        Examples:
          iggy topic create orders events 3
          iggy topic create orders audit 1 gzip 15days --max-topic-size 10GB
          iggy topic create orders raw 2 -o segment_size='128 MiB' -o durability=persisted
        """
        state = get_state()
        created = state.client().create_topic(
            stream_id,
            name,
            partitions_count=partitions_count,
            compression=compression(compression_name) if compression_name else None,
            message_expiry_us=parse_expiry_us(message_expiry),
            max_topic_size_bytes=parse_size_bytes(max_topic_size or "server_default"),
            replication_factor=replication_factor or 0,
            options=parse_options(option_values),
        )
        state.output.success(
            f"topic '{name}' created in stream '{stream_id}' with id {created.id} and "
            f"{created.partitions_count} partition(s)",
            json_value=topic_json(created),
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
            state.output.json(topic_json(details))
            return
        state.output.record(topic_fields(details), title=f"Topic {details.name}")
        options = option_rows(details)
        if options:
            state.output.table(options, OPTION_COLUMNS, title="Options")
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
                           title=f"Topics in stream {stream_id}", json_value=[topic_json(t) for t in topics])

    @topic.command(aliases=("u",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("name")
    @click.argument("compression_name", metavar="[COMPRESSION]", type=COMPRESSION, default=None, required=False)
    @click.argument("message_expiry", metavar="[EXPIRY]...", nargs=-1)
    @_topic_settings_options
    def update(stream_id, topic_id, name, compression_name, message_expiry, max_topic_size,
               replication_factor, option_values) -> None:
        """Update TOPIC: name, compression, message expiry, max size (0.8: and replication factor).

        \b
        Over Iggy 0.9 only what is given changes (and -o KEY=VALUE options); over 0.8 every setting is
        replaced (a setting left out becomes none / the server default).
        \b
        Examples:
          iggy topic update orders events events-v2 gzip 30days
          iggy topic update orders events events -o message_expiry='7 days'
        """
        state = get_state()
        state.client().update_topic(
            stream_id,
            topic_id,
            name,
            compression=compression(compression_name) if compression_name else None,
            message_expiry_us=parse_expiry_us(message_expiry) if message_expiry else None,
            max_topic_size_bytes=parse_size_bytes(max_topic_size) if max_topic_size else None,
            replication_factor=replication_factor,
            options=parse_options(option_values),
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


DESCRIBE_COLUMNS = [Column("key", "Option"), Column("kind", "Kind"), Column("default", "Default"),
                    Column("description", "Description")]


def register_options(cli: click.Group) -> None:
    @cli.group("options", aliases=("opt",))
    def options_group() -> None:
        """The option catalogs of Iggy 0.9 servers."""

    @options_group.command(aliases=("d",))
    @click.argument("scope", type=click.Choice([s.name.lower() for s in OptionScope]), default="topic",
                    required=False)
    def describe(scope: str) -> None:
        """List the options SCOPE (topic, stream or user; default topic) may set, with kind and default.

        \b
        Example:
          iggy options describe topic
        """
        state = get_state()
        entries = state.client().describe_options(scope)
        rows = []
        for entry in entries:
            default = HeaderValue(int(entry.kind), entry.default_value) if entry.default_value else None
            rows.append({"key": entry.key, "kind": HeaderKind(entry.kind).name.lower(),
                         "default": _option_text(default) if default is not None else "-",
                         "description": entry.description})
        json_rows = [dict(row, default=to_jsonable(HeaderValue(int(e.kind), e.default_value)) if e.default_value
                          else None) for row, e in zip(rows, entries)]
        state.output.table(rows, DESCRIBE_COLUMNS, title=f"Options of a {scope}", json_value=json_rows)
        if not rows and not state.output.json_mode:
            state.output.info(f"a {scope} has no options")
