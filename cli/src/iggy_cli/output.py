"""Rendering: rich tables for people, JSON for scripts, one-line errors on stderr.

Commands describe *what* to show (rows of plain values plus column specs); this module decides *how*.
In JSON mode every command prints exactly one JSON document on stdout (a list, an object, or for
`message poll` one object per line), so `iggy --output json ... | jq` always works.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import enum
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.filesize import decimal as decimal_size
from rich.table import Table

from .parsing import U64_MAX, format_duration_us

Formatter = Callable[[Any], str]
PIPE_WIDTH = 250


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    format: Formatter | None = None
    justify: str = "left"


def to_jsonable(value: Any) -> Any:
    """Models → plain JSON values: dataclasses to objects, enums to lower-case names, bytes to text or base64."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes_to_text(bytes(value))
    if _is_header_value(value):
        return {"kind": _header_kind_name(value), "value": to_jsonable(value.value)}
    public_names = getattr(type(value), "PUBLIC_NAMES", None)  # generated responses: the SDK's public names
    if public_names is not None:
        return {name: to_jsonable(getattr(value, name)) for name in public_names}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {_json_key(key): to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(item) for item in value]
    return str(value)


def _json_key(key: Any) -> str:
    if _is_header_value(key):
        key = key.value
    if isinstance(key, (bytes, bytearray)):
        return bytes_to_text(bytes(key))
    return str(key)


def _is_header_value(value: Any) -> bool:
    return type(value).__name__ == "HeaderValue" and hasattr(value, "kind") and hasattr(value, "data")


def _header_kind_name(value: Any) -> str:
    from .parsing import HEADER_KINDS

    kind = int(value.kind)
    return HEADER_KINDS[kind - 1] if 1 <= kind <= len(HEADER_KINDS) else str(kind)


def bytes_to_text(data: bytes) -> str:
    """UTF-8 text when the bytes are valid UTF-8, else `base64:` + base64."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "base64:" + base64.b64encode(data).decode("ascii")


# --------------------------------------------------------------------------- value formatters


def fmt_time_us(timestamp_us: Any) -> str:
    if not timestamp_us:
        return "-"
    moment = dt.datetime.fromtimestamp(int(timestamp_us) / 1_000_000, tz=dt.timezone.utc).astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def fmt_size(size_bytes: Any) -> str:
    if size_bytes is None:
        return "-"
    if int(size_bytes) >= U64_MAX:
        return "unlimited"
    return decimal_size(int(size_bytes))


def fmt_expiry_us(expiry_us: Any) -> str:
    if expiry_us is None:
        return "-"
    if int(expiry_us) in (0, U64_MAX):
        return "unlimited"
    return format_duration_us(int(expiry_us))


def fmt_token_expiry_at(expiry_at_us: Any) -> str:
    if not expiry_at_us or int(expiry_at_us) >= U64_MAX:
        return "never"
    return fmt_time_us(expiry_at_us)


def fmt_enum(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return str(value)


def fmt_duration_us(duration_us: Any) -> str:
    """Uptime-style: whole seconds once a duration exceeds a second (sub-second noise hidden)."""
    duration_us = int(duration_us or 0)
    if duration_us >= 1_000_000:
        duration_us -= duration_us % 1_000_000
    return format_duration_us(duration_us) if duration_us else "0s"


def fmt_bool(value: Any) -> str:
    return "yes" if value else "no"


def fmt_plain(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(fmt_plain(item) for item in value) or "-"
    return str(value)


# --------------------------------------------------------------------------- output


class Output:
    """Where and how a command prints. One instance per invocation, created by the root command."""

    def __init__(self, json_mode: bool = False, quiet: bool = False,
                 stdout: Console | None = None, stderr: Console | None = None) -> None:
        self.json_mode = json_mode
        self.quiet = quiet
        # soft_wrap keeps long values (tokens, payloads) on one line instead of folding them.
        self.console = stdout or Console(soft_wrap=False, highlight=False, width=_pipe_width())
        self.err_console = stderr or Console(stderr=True, highlight=False)

    # Tables and records -------------------------------------------------------------------

    def table(self, rows: Sequence[Mapping[str, Any]], columns: Sequence[Column], title: str | None = None,
              json_value: Any = None) -> None:
        """A list of rows. JSON mode prints `json_value` (default: the rows) as a JSON array."""
        if self.json_mode:
            self.json(json_value if json_value is not None else list(rows))
            return
        table = Table(title=title, title_justify="left", header_style="bold")
        for column in columns:
            table.add_column(column.header, justify=column.justify, overflow="fold")
        for row in rows:
            table.add_row(*(_cell(row.get(column.key), column.format) for column in columns))
        if not rows:
            self.console.print(f"{title + ': ' if title else ''}none", style="dim")
            return
        self.console.print(table)

    def record(self, fields: Sequence[tuple[str, Any, Formatter | None]], title: str | None = None,
               json_value: Any = None) -> None:
        """One object as a two-column Property/Value table (JSON mode: `json_value` as an object)."""
        if self.json_mode:
            self.json(json_value if json_value is not None else {label: value for label, value, _ in fields})
            return
        table = Table(title=title, title_justify="left", header_style="bold")
        table.add_column("Property")
        table.add_column("Value", overflow="fold")
        for label, value, formatter in fields:
            table.add_row(label, _cell(value, formatter))
        self.console.print(table)

    def json(self, value: Any) -> None:
        self.text(json.dumps(to_jsonable(value), indent=2, ensure_ascii=False))

    def json_line(self, document: Mapping[str, Any]) -> None:
        """One JSON object per line (NDJSON) from plain values: the fast path for message streams."""
        self.text(json.dumps(document, ensure_ascii=False))

    # Messages -------------------------------------------------------------------------------

    def success(self, text: str, json_value: Any = None) -> None:
        """The outcome of a command that changes something."""
        if self.json_mode:
            self.json(json_value if json_value is not None else {"ok": True, "message": text})
            return
        if not self.quiet:
            self.console.print(f"[green]✓[/green] {_escape(text)}")

    def info(self, text: str) -> None:
        """Progress and hints: stderr, so they never mix into piped output."""
        if not self.quiet:
            self.err_console.print(text, style="dim")

    def text(self, text: str) -> None:
        """Raw text on stdout (JSON, message lines, tokens). Plain writes: rich is too slow per line."""
        sys.stdout.write(text + "\n")

    def error(self, text: str) -> None:
        self.err_console.print(f"[bold red]error:[/bold red] {_escape(text)}", soft_wrap=True)


def _pipe_width() -> int | None:
    """Terminals use their own width; pipes and files get room for whole tables instead of 80 columns."""
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return None
    return PIPE_WIDTH


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _cell(value: Any, formatter: Formatter | None) -> str:
    from rich.markup import escape

    return escape(formatter(value) if formatter else fmt_plain(value))


def rows_from(items: Iterable[Any], keys: Iterable[str]) -> list[dict[str, Any]]:
    """Pick attributes off models into plain row dicts (missing attributes become None)."""
    keys = list(keys)
    return [{key: getattr(item, key, None) for key in keys} for item in items]
