"""The conformance driver protocol's op table (spec/driver_ops.toml) in conformance-tests/README.md.

The README is prose written by people with one generated block: the table between BEGIN and END. The renderer reads
the committed README and replaces only that block, so `make gen` rewrites the table and `make gen-check` fails when
someone edits it by hand (or the spec changes without `make gen`), while the prose around it stays theirs.
"""

from __future__ import annotations

import json
from pathlib import Path

from .languages import BANNER
from .spec import DriverArg, DriverOp, Spec, SpecError

REPO_ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE_README_PATH = "conformance-tests/README.md"
BEGIN = f"<!-- op table {BANNER}: change protocol-spec/spec/driver_ops.toml, then run `make gen` -->"
END = "<!-- end of the generated op table -->"

# How the table names each JSON type (spec.DRIVER_ARG_TYPES).
_TYPE_TEXT = {"identifier": "id or name"}


def _versions_text(versions: frozenset[str] | None) -> str:
    return "" if versions is None else f" ({', '.join(sorted(versions))} only)"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _arg_text(arg: DriverArg) -> str:
    text = f"`{arg.name}`{'' if arg.required else '?'} {_TYPE_TEXT.get(arg.type, arg.type)}"
    default = None if arg.default is None else f"default `{json.dumps(arg.default)}`"
    notes = [note for note in (arg.about, default, arg.runner) if note]
    text += f": {'; '.join(notes)}" if notes else ""
    return text + _versions_text(arg.versions)


def _ok_text(op: DriverOp) -> str:
    types = {ok_type for _, ok_type in op.ok}
    if len(types) == 1:
        return f"`{types.pop()}`"
    return "; ".join(f"{version}: `{ok_type}`" for version, ok_type in op.ok)


def _row_cells(op: DriverOp) -> tuple[str, str]:
    args = [_arg_text(arg) for arg in op.args if not arg.case_only]
    return _cell("<br>".join(args) or "–"), _cell(f"{op.result}<br>checked as {_ok_text(op)}")


def _shape_rows(spec: Spec) -> list[str]:
    rows = []
    for shape in spec.result_shapes:
        fields = []
        for f in shape.fields:
            text = f"`{f.name}` {f.type}"
            if f.source is not None and f.source != f.name:
                text += f" (the struct's `{f.source}`)"
            text += _versions_text(f.versions)
            fields.append(text)
        struct = f"`{shape.struct}`" if shape.struct else "– (computed)"
        rows.append(f"| `{shape.name}` | {struct} | {_cell(', '.join(fields))} |")
    return rows


def render_op_table(spec: Spec) -> str:
    """The table, one row per op (consecutive ops with the same args and result share a row), runner ops left out."""
    rows: list[tuple[list[str], tuple[str, str], frozenset[str] | None]] = []
    previous_runs_commands = False
    for op in spec.driver_ops:
        if op.runner_only:
            continue
        name = f"`{op.name}`{_versions_text(op.versions)}"
        cells = _row_cells(op)
        # Only ops that run a command share a row (delete_stream / purge_stream), never the driver's own ones.
        if rows and op.commands and previous_runs_commands and rows[-1][1:] == (cells, op.versions):
            rows[-1][0].append(name)
        else:
            rows.append(([name], cells, op.versions))
        previous_runs_commands = bool(op.commands)
    lines = [
        BEGIN,
        "",
        "Each arg reads `name` type, `?` when it may be left out, then what it means; \"(0.9 only)\" marks an op or",
        "arg only that protocol has.",
        "",
        "| op | args | ok result |",
        "|---|---|---|",
        *(f"| {' / '.join(names)} | {args} | {result} |" for names, (args, result), _ in rows),
        "",
        "The result shapes the runner checks every `ok` answer against (\"checked as\" above): an object holds exactly",
        "these fields, named as in the struct's `fields` form of the fixtures, each of its type.",
        "",
        "| shape | struct | fields |",
        "|---|---|---|",
        *_shape_rows(spec),
        "",
        END,
    ]
    return "\n".join(lines)


def splice_op_table(spec: Spec, readme: str) -> str:
    """`readme` with the text between BEGIN and END (markers included) replaced by the generated table."""
    head, found, rest = readme.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not found or not found_end:
        raise SpecError([f"{CONFORMANCE_README_PATH}: the op table's markers are missing; put {BEGIN!r} and "
                         f"{END!r} where the table goes"])
    return head + render_op_table(spec) + tail


def render_conformance_readme(spec: Spec) -> str:
    readme = (REPO_ROOT / CONFORMANCE_README_PATH).read_text(encoding="utf-8")
    return splice_op_table(spec, readme)
