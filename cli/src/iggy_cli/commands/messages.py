"""iggy message send | poll | flush.

`send` takes messages from arguments, a file or stdin (one message per line, or the whole input as one
message with --whole) and sends them in bounded batches. `poll` reads up to --count messages, in
batches, optionally following the partition for new ones (--follow) until Ctrl-C or --count is reached.
"""

from __future__ import annotations

import base64
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import click
from iggy.protocol.codes import RESYNC_PARTITION_ID, ProtocolVersion
from iggy.protocol.messages import Message
from iggy.protocol.primitives import Consumer, PollingStrategy
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from ..errors import CliError
from ..output import Column, Output, fmt_time_us, to_jsonable
from ..parsing import IDENTIFIER, parse_headers
from ..state import get_state

DEFAULT_BATCH_MESSAGES = 1000
MAX_BATCH_MESSAGES = 100_000
# Keeps each SendMessages request far below the server's frame limit.
MAX_BATCH_BYTES = 8 * 1024 * 1024
DEFAULT_FOLLOW_INTERVAL_MS = 500
# Above this many messages (or with --follow) a poll prints one line per message instead of a table:
# rendering a rich table costs about a millisecond per row.
MAX_TABLE_ROWS = 1000
PAYLOAD_PREVIEW_CHARS = 200


# --------------------------------------------------------------------------- input


def read_lines(stream: BinaryIO) -> Iterator[bytes]:
    """One message per line (LF or CRLF); empty lines are skipped (Iggy rejects empty payloads)."""
    for line in stream:
        payload = line.rstrip(b"\n").rstrip(b"\r")
        if payload:
            yield payload


def batches(payloads: Iterator[bytes], headers, max_messages: int, max_bytes: int) -> Iterator[list[Message]]:
    """Group payloads into batches bounded by message count and total payload bytes."""
    batch: list[Message] = []
    batch_bytes = 0
    for payload in payloads:
        if batch and (len(batch) >= max_messages or batch_bytes + len(payload) > max_bytes):
            yield batch
            batch, batch_bytes = [], 0
        batch.append(Message(payload, user_headers=headers or None))
        batch_bytes += len(payload)
    if batch:
        yield batch


@contextmanager
def progress_bar(output: Output, description: str, total: int | None, enabled: bool):
    """A rich progress bar on stderr, only when stderr is a terminal (never in pipes, logs or JSON)."""
    show = enabled and not output.quiet and output.err_console.is_terminal
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn()]
    with Progress(*columns, console=output.err_console, disable=not show, transient=True) as progress:
        task = progress.add_task(description, total=total)
        yield lambda advance: progress.update(task, advance=advance)


class ConfirmedRanges:
    """Where the batches of one `message send` landed (0.9 confirmations): per partition, the offsets from the
    first batch's base offset to the last message of the last batch. Bounded by the partitions, not the batches."""

    def __init__(self) -> None:
        self.ranges: dict[int, list[int]] = {}  # partition → [first offset, last offset, messages]

    def add(self, confirmation, count: int) -> None:
        if confirmation is None:
            return  # 0.8 answers no confirmation
        last = confirmation.base_offset + count - 1
        span = self.ranges.setdefault(confirmation.partition_id, [confirmation.base_offset, last, 0])
        span[0], span[1], span[2] = min(span[0], confirmation.base_offset), max(span[1], last), span[2] + count

    def describe(self) -> str:
        parts = [f"partition {p}: offsets {first}..{last}" if first != last else f"partition {p}: offset {first}"
                 for p, (first, last, _) in sorted(self.ranges.items())]
        return ", ".join(parts)

    def json(self) -> list[dict]:
        return [{"partition_id": p, "first_offset": first, "last_offset": last, "messages": count}
                for p, (first, last, count) in sorted(self.ranges.items())]


# --------------------------------------------------------------------------- output of polled messages


def payload_text(payload: bytes) -> tuple[str, bool]:
    """(text, is_utf8): the payload as UTF-8 text, or base64 when it is not valid UTF-8."""
    try:
        return payload.decode("utf-8"), True
    except UnicodeDecodeError:
        return base64.b64encode(payload).decode("ascii"), False


def headers_json(message: Message) -> dict:
    return {str(to_jsonable(key.value if hasattr(key, "value") else key)): to_jsonable(value)
            for key, value in message.user_headers.items()}


def message_json(partition_id: int, message: Message) -> dict:
    text, is_utf8 = payload_text(bytes(message.payload))
    document = {
        "partition_id": partition_id,
        "offset": message.offset,
        "id": message.id,
        "timestamp_us": message.timestamp_us,
        "origin_timestamp_us": message.origin_timestamp_us,
        "checksum": message.checksum,
        "size_bytes": len(message.payload),
        "payload" if is_utf8 else "payload_base64": text,
    }
    if message.user_headers_bytes:
        document["headers"] = headers_json(message)
    return document


def _headers_text(message: Message) -> str:
    parts = []
    for key, value in message.user_headers.items():
        key_text = key.value if hasattr(key, "value") else key
        kind = to_jsonable(value)["kind"]
        parts.append(f"{key_text}:{kind}:{to_jsonable(value)['value']}")
    return ", ".join(parts) or "-"


def _preview(message: Message) -> str:
    text, is_utf8 = payload_text(bytes(message.payload))
    if not is_utf8:
        text = "base64:" + text
    return text if len(text) <= PAYLOAD_PREVIEW_CHARS else text[:PAYLOAD_PREVIEW_CHARS] + "…"


def _message_row(partition_id: int, message: Message, show_headers: bool) -> dict:
    row = {
        "partition": partition_id,
        "offset": message.offset,
        "timestamp": message.timestamp_us,
        "id": f"{message.id:032x}" if message.id else "0",
        "size": len(message.payload),
        "payload": _preview(message),
    }
    if show_headers:
        row["headers"] = _headers_text(message)
    return row


def _message_columns(show_headers: bool) -> list[Column]:
    columns = [
        Column("partition", "Partition", justify="right"),
        Column("offset", "Offset", justify="right"),
        Column("timestamp", "Timestamp", fmt_time_us),
        Column("id", "ID"),
        Column("size", "Size (B)", justify="right"),
        Column("payload", "Payload"),
    ]
    if show_headers:
        columns.append(Column("headers", "Headers"))
    return columns


# --------------------------------------------------------------------------- polling plan


class GroupAssignment:
    """A 0.9 group member's partitions (SyncConsumerGroup), polled in turn; a fenced poll (the partition moved) syncs
    again. A member with no partition yet (more members than partitions) polls none and reads nothing."""

    MAX_SYNCS = 1000  # a follow loop that only ever gets fenced gives up rather than spin

    def __init__(self, client, stream_id, topic_id, group_id) -> None:
        self._sync_args = (stream_id, topic_id, group_id)
        self._client = client
        self.partitions: tuple[int, ...] = ()
        self._turn = 0
        self._syncs = 0
        self.sync()

    def sync(self) -> None:
        self._syncs += 1
        if self._syncs > self.MAX_SYNCS:
            raise CliError("the group's assignment keeps changing under this poll; try again")
        synced = self._client.sync_consumer_group(*self._sync_args)
        self.partitions = tuple(synced.partitions) if synced is not None else ()

    def next_partition(self) -> int | None:
        """The partition to poll next; None while none is assigned."""
        if not self.partitions:
            self.sync()
        if not self.partitions:
            return None
        partition = self.partitions[self._turn % len(self.partitions)]
        self._turn += 1
        return partition

    def fenced(self, polled) -> bool:
        if polled.partition_id != RESYNC_PARTITION_ID:
            return False
        self.sync()
        return bool(self.partitions)  # poll again at once; with nothing assigned, count it as an empty poll


class PollPlan:
    """Which strategy each successive poll uses so that batches continue where the previous one ended.

    A single consumer reading one partition continues by explicit offset. A consumer group (whose
    partition the server picks) continues with `next`, which moves only when offsets are committed.
    """

    def __init__(self, first: PollingStrategy, group_mode: bool) -> None:
        self._first = first
        self._group_mode = group_mode
        self._next_offset: int | None = None
        self.started = False

    def strategy(self) -> PollingStrategy:
        if not self.started:
            return self._first
        if self._group_mode or self._next_offset is None:
            return PollingStrategy.next() if self._group_mode else self._first
        return PollingStrategy.offset(self._next_offset)

    def advance(self, messages: list[Message]) -> None:
        self.started = True
        if messages:
            self._next_offset = messages[-1].offset + 1


def register(cli: click.Group) -> None:
    @cli.group(aliases=("m",))
    def message() -> None:
        """Send, poll and flush messages."""

    @message.command(aliases=("s",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("messages", metavar="[MESSAGE]...", nargs=-1)
    @click.option("-p", "--partition-id", type=click.IntRange(0), help="Send to this partition.")
    @click.option("-m", "--message-key", help="Partition by this key (same key → same partition).")
    @click.option("-H", "--headers", "header_values", multiple=True, metavar="KEY:KIND:VALUE[,...]",
                  help="User headers, e.g. -H source:string:cli,retries:uint8:3 (KIND defaults to string).")
    @click.option("-i", "--input-file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                  help="Read messages from this file instead of stdin.")
    @click.option("--whole", is_flag=True, help="Send the whole input (file or stdin) as one message, bytes as is.")
    @click.option("--batch-size", default=DEFAULT_BATCH_MESSAGES, show_default=True,
                  type=click.IntRange(1, MAX_BATCH_MESSAGES), help="Messages per request.")
    def send(stream_id, topic_id, messages, partition_id, message_key, header_values, input_file, whole,
             batch_size) -> None:
        """Send messages to TOPIC.

        \b
        Messages come from the arguments, else from --input-file, else from stdin; file and stdin
        are read one message per line (empty lines skipped) unless --whole is given.
        \b
        Examples:
          iggy message send orders events "hello" "world"
          iggy message send orders events -m customer-7 -H source:string:cli '{"id": 7}'
          seq 1 100000 | iggy message send orders events
          iggy message send orders events --whole --input-file image.png
        """
        state = get_state()
        if partition_id is not None and message_key is not None:
            raise click.UsageError("use either --partition-id or --message-key, not both")
        if messages and input_file is not None:
            raise click.UsageError("give messages as arguments or with --input-file, not both")
        headers = parse_headers(header_values)
        partitioning = partition_id if partition_id is not None else (
            message_key if message_key is not None else None)
        client = state.client()

        source: BinaryIO | None = None
        if messages:
            payloads: Iterator[bytes] = iter([text.encode("utf-8") for text in messages])
            if whole:
                payloads = iter([" ".join(messages).encode("utf-8")])
        else:
            if input_file is not None:
                source = input_file.open("rb")
            else:
                if sys.stdin.isatty():
                    state.output.info("reading messages from stdin, one per line; end with Ctrl-D")
                source = sys.stdin.buffer
            payloads = iter([source.read()]) if whole else read_lines(source)

        sent_messages = 0
        sent_bytes = 0
        # Iggy 0.9 confirms each batch: the partition it went to and its first offset.
        landed = ConfirmedRanges()
        try:
            with progress_bar(state.output, "sending", None, enabled=source is not None) as advance:
                for batch in batches(payloads, headers, batch_size, MAX_BATCH_BYTES):
                    confirmation = client.send_messages(stream_id, topic_id, batch, partitioning=partitioning)
                    landed.add(confirmation, len(batch))
                    sent_messages += len(batch)
                    sent_bytes += sum(len(m.payload) for m in batch)
                    advance(len(batch))
        finally:
            if source is not None and input_file is not None:
                source.close()
        if sent_messages == 0:
            raise click.UsageError("no messages to send (the input was empty)")
        target = (f"partition {partition_id}" if partition_id is not None else
                  f"key '{message_key}'" if message_key is not None else "balanced")
        where = f"; {landed.describe()}" if landed.ranges else ""
        document = {"ok": True, "messages": sent_messages, "payload_bytes": sent_bytes,
                    "stream": stream_id, "topic": topic_id, "partitioning": target}
        if landed.ranges:
            document["confirmations"] = landed.json()
        state.output.success(
            f"sent {sent_messages} message(s), {sent_bytes} payload bytes, to topic '{topic_id}' in stream "
            f"'{stream_id}' ({target}){where}",
            json_value=document,
        )

    @message.command(aliases=("p",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("partition_id", metavar="[PARTITION]", type=click.IntRange(0), required=False)
    @click.option("-o", "--offset", type=click.IntRange(0), help="Start at this offset.")
    @click.option("-f", "--first", is_flag=True, help="Start at the first message.")
    @click.option("-l", "--last", is_flag=True, help="Start at the last COUNT messages.")
    @click.option("-n", "--next", "next_", is_flag=True,
                  help="Start after the consumer's stored offset (the default).")
    @click.option("--timestamp", "timestamp_us", type=click.IntRange(0), metavar="MICROS",
                  help="Start at the first message at or after this Unix time in microseconds.")
    @click.option("-c", "--consumer", "consumer_id", type=IDENTIFIER, default=0, show_default=True,
                  help="Consumer id or name (offsets are tracked per consumer).")
    @click.option("-g", "--group", "group_id", type=IDENTIFIER,
                  help="Poll as a member of this consumer group (the server assigns the partition).")
    @click.option("-m", "--count", "--message-count", "count", type=click.IntRange(1),
                  help="Messages to read in total [default: 1, or unlimited with --follow].")
    @click.option("-a", "--auto-commit", is_flag=True, help="Store the consumer offset after each poll.")
    @click.option("-s", "--show-headers", is_flag=True, help="Show user headers in the table.")
    @click.option("-F", "--follow", is_flag=True, help="Keep polling for new messages until Ctrl-C or --count.")
    @click.option("--interval-ms", default=DEFAULT_FOLLOW_INTERVAL_MS, show_default=True,
                  type=click.IntRange(10, 60_000), help="Wait between empty polls with --follow.")
    @click.option("--batch-size", default=DEFAULT_BATCH_MESSAGES, show_default=True,
                  type=click.IntRange(1, MAX_BATCH_MESSAGES), help="Messages per poll request.")
    def poll(stream_id, topic_id, partition_id, offset, first, last, next_, timestamp_us, consumer_id, group_id,
             count, auto_commit, show_headers, follow, interval_ms, batch_size) -> None:
        """Poll messages from TOPIC (PARTITION defaults to 0; a group lets the server choose).

        \b
        With --output json each message is one JSON object per line (payload as text, or
        payload_base64 for binary payloads).
        \b
        Examples:
          iggy message poll orders events 0 --first --count 10
          iggy message poll orders events 0 --offset 42 -m 5 --show-headers
          iggy message poll orders events --group workers --auto-commit --follow
          iggy --output json message poll orders events 0 --first -m 1000 | jq .payload
        """
        state = get_state()
        chosen = [name for name, given in (("--offset", offset is not None), ("--first", first), ("--last", last),
                                           ("--next", next_), ("--timestamp", timestamp_us is not None)) if given]
        if len(chosen) > 1:
            raise click.UsageError(f"choose one polling strategy, not {' and '.join(chosen)}")
        strategy = (PollingStrategy.offset(offset) if offset is not None else
                    PollingStrategy.first() if first else
                    PollingStrategy.last() if last else
                    PollingStrategy.timestamp(timestamp_us) if timestamp_us is not None else
                    PollingStrategy.next())
        group_mode = group_id is not None
        total_limit = count if count is not None else (None if follow else 1)
        if group_mode and not auto_commit and (follow or total_limit is None or total_limit > batch_size):
            raise click.UsageError(
                "polling a consumer group for more than one batch needs --auto-commit "
                "(without committed offsets every poll returns the same messages)"
            )
        if group_mode and partition_id is not None:
            raise click.UsageError("a consumer group's partitions are assigned by the server; omit PARTITION")
        if not group_mode and partition_id is None:
            partition_id = 0
        consumer = Consumer.group(group_id) if group_mode else Consumer.consumer(consumer_id)

        client = state.client()
        # A group member's polls rotate over its partitions, so only a whole round of empty polls means
        # "nothing more"; a single partition is exhausted by one empty poll.
        empty_polls_per_round = 1
        assignment: GroupAssignment | None = None
        if group_mode:
            client.join_consumer_group(stream_id, topic_id, group_id)
            if client.protocol >= ProtocolVersion.V0_9:
                # 0.9 members name their partitions: the ones SyncConsumerGroup assigns, in turn.
                assignment = GroupAssignment(client, stream_id, topic_id, group_id)
                empty_polls_per_round = max(1, len(assignment.partitions))
            else:
                details = client.get_consumer_group(stream_id, topic_id, group_id)
                empty_polls_per_round = max(1, getattr(details, "partitions_count", 1) or 1)
        output = state.output
        table_rows: list[dict] = []
        plan = PollPlan(strategy, group_mode)
        received = 0
        consecutive_empty_polls = 0
        line_mode = follow or total_limit is None or total_limit > MAX_TABLE_ROWS
        try:
            with progress_bar(output, "polling", total_limit,
                              enabled=not follow and total_limit is not None and total_limit > batch_size) as advance:
                while total_limit is None or received < total_limit:
                    wanted = batch_size if total_limit is None else min(batch_size, total_limit - received)
                    if assignment is not None:
                        partition_id = assignment.next_partition()
                    if assignment is not None and partition_id is None:
                        polled = None  # nothing assigned to this member (yet): an empty round
                    else:
                        polled = client.poll_messages(stream_id, topic_id, partition_id=partition_id,
                                                      consumer=consumer, strategy=plan.strategy(), count=wanted,
                                                      auto_commit=auto_commit)
                        if assignment is not None and assignment.fenced(polled):
                            empty_polls_per_round = max(1, len(assignment.partitions))
                            continue
                    messages = list(polled.messages)[:wanted] if polled is not None else []
                    plan.advance(messages)
                    received += len(messages)
                    advance(len(messages))
                    for polled_message in messages:
                        if output.json_mode:
                            output.json_line(message_json(polled.partition_id, polled_message))
                        elif line_mode:
                            row = _message_row(polled.partition_id, polled_message, show_headers)
                            output.text(f"[{row['partition']}:{row['offset']}] {fmt_time_us(row['timestamp'])} "
                                        f"{row['payload']}" + (f"  {row['headers']}" if show_headers else ""))
                        else:
                            table_rows.append(_message_row(polled.partition_id, polled_message, show_headers))
                    consecutive_empty_polls = 0 if messages else consecutive_empty_polls + 1
                    if consecutive_empty_polls >= empty_polls_per_round:
                        if not follow:
                            break
                        consecutive_empty_polls = 0
                        time.sleep(interval_ms / 1000)
        except KeyboardInterrupt:
            if not follow:
                raise
        finally:
            if group_mode:
                try:
                    client.leave_consumer_group(stream_id, topic_id, group_id)
                except Exception:  # leaving is best effort: the server drops members of closed connections
                    pass
        if not output.json_mode and not line_mode:
            if table_rows:
                output.table(table_rows, _message_columns(show_headers))
            else:
                output.info("no messages")
        if not output.json_mode:
            output.info(f"{received} message(s) polled")

    @message.command(aliases=("f",))
    @click.argument("stream_id", metavar="STREAM", type=IDENTIFIER)
    @click.argument("topic_id", metavar="TOPIC", type=IDENTIFIER)
    @click.argument("partition_id", metavar="PARTITION", type=click.IntRange(0))
    @click.option("-f", "--fsync", is_flag=True, help="Also fsync the flushed data.")
    def flush(stream_id, topic_id, partition_id, fsync) -> None:
        """Write PARTITION's unsaved messages to disk now (and fsync with --fsync)."""
        state = get_state()
        state.client().flush_unsaved_buffer(stream_id, topic_id, partition_id, fsync=fsync)
        state.output.success(f"partition {partition_id} of topic '{topic_id}' in stream '{stream_id}' flushed")
