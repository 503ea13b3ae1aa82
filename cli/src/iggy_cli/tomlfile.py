"""Read and write `contexts.toml`: tables of scalar values, the only shape the context file uses.

Reading uses the standard library's `tomllib`. The stdlib has no TOML writer and the file is a flat
`[name]` → scalar map, so a small writer is enough and keeps the CLI's dependencies to click + rich.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path

Scalar = str | int | float | bool
Tables = dict[str, dict[str, Scalar]]

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def read_tables(path: Path) -> Tables | None:
    """The tables in `path`, or None when the file does not exist. Non-table top-level keys are ignored."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    document = tomllib.loads(text)
    return {name: dict(value) for name, value in document.items() if isinstance(value, dict)}


def write_tables(path: Path, tables: Mapping[str, Mapping[str, object]]) -> None:
    """Write `tables` to `path` atomically, readable by the owner only (the file may hold credentials)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp_path = path.with_name(path.name + ".tmp")
    fd = os.open(temp_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(dumps(tables))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp_path, path)


def dumps(tables: Mapping[str, Mapping[str, object]]) -> str:
    blocks = []
    for name in sorted(tables):
        lines = [f"[{_key(name)}]"]
        for key in sorted(tables[name]):
            value = tables[name][key]
            if value is None:
                continue
            lines.append(f"{_key(key)} = {_value(value)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    raise TypeError(f"contexts.toml holds only scalars, not {type(value).__name__}")


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
