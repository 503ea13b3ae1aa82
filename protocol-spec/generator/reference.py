"""Render protocol-spec/REFERENCE.md: the human-readable protocol reference, generated from the spec."""

from __future__ import annotations

from .languages import BANNER
from .http_routes import route_text
from .spec import SCALAR_SIZES, Command, Field, Record, Spec

_UNITS = {"µs": " µs", "bytes": " bytes"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _type_text(f: Field, spec: Spec) -> str:
    """A field's type in words, with links to the records it uses."""
    if f.type == "bytes":
        size = {"to_end": "rest of body"}.get(str(f.size), str(f.size))
        base = f"bytes[{size}]"
    elif f.type in spec.structs:
        base = f"[{f.type}](#{f.type.lower()})"
    elif f.type in spec.primitives:
        base = f"[{f.type}](#{f.type})"
    else:
        base = f.type
    if f.enum:
        base += f" ([{f.enum}](#{f.enum.lower()}))"
    if f.repeat == "to_end":
        base += " × n until the body ends"
    elif f.repeat == "chained":
        base += " × n (chained)"
    elif f.repeat:
        base += f" × `{f.repeat}`"
    if f.when:
        base += f", only if `{f.when}`"
    return base


def _layout_table(fields: tuple[Field, ...], spec: Spec) -> list[str]:
    """Offsets are exact while every earlier field is fixed-size, then shown as '+' (follows the previous)."""
    if not fields:
        return ["(empty)"]
    lines = ["| offset | field | type | size | about |", "|---|---|---|---|---|"]
    offset: int | None = 0
    for f in fields:
        size = f.fixed_size()
        if size is None and f.type in spec.primitives and not f.repeat and not f.when:
            size = spec.primitives[f.type].fixed_size()
        size_text = str(size) if size is not None else "var"
        if size is None and f.when and not f.repeat and f.type in SCALAR_SIZES:
            size_text = f"0 or {SCALAR_SIZES[f.type]}"
        unit = _UNITS.get(f.unit or "", "")
        about = f.about + (f" Unit:{unit}." if unit else "") + (f" Names error param `{f.error_param}`."
                                                                  if f.error_param else "")
        lines.append(
            f"| {offset if offset is not None else '+'} | `{f.name}` | {_cell(_type_text(f, spec))} "
            f"| {size_text} | {_cell(about)} |"
        )
        offset = offset + size if offset is not None and size is not None else None
    return lines


def _response_text(command: Command) -> str:
    if command.response == "empty":
        text = "empty"
    elif command.response == "inline":
        text = ", ".join(f"`{f.name}` {f.type}" for f in command.response_fields)
    elif command.response_repeat:
        text = f"[{command.response}](#{command.response.lower()}) × n"
    else:
        text = f"[{command.response}](#{command.response.lower()})"
    if command.missing == "empty":
        text += "; empty if not found"
    return text


def _meaning_text(command: Command) -> str:
    """commands.toml's mutates / replay_safe / audited in words."""
    return ", ".join([
        "changes server state" if command.mutates else "changes no server state",
        "replay-safe after a reconnect" if command.replay_safe else "never replayed after a reconnect",
        "audited" if command.audited else "not audited",
    ])


def _http_text(command: Command) -> str:
    if command.http is None:
        return f"no route; {command.http_absent}".rstrip(".")
    return route_text(command.http) + ("; 404 not_found when nothing is found" if command.http_not_found_404 else "")


def _http_section(spec: Spec) -> list[str]:
    """Every REST route: the commands' and the ones that run no command."""
    out = ["## HTTP REST routes", "",
           "Iggy's REST API (snake_case JSON, a bearer JWT unless marked public); each command's section details "
           "its route.", "", "| method | path | runs | status | answer |", "|---|---|---|---|---|"]
    rows = [(c.http, f"[{c.name}](#{c.name.lower()}-{c.code})" + ("" if c.auth else " (public)"))
            for c in spec.commands if c.http is not None]
    rows += [(r.route, f"{r.about} (no command{'' if r.auth else ', public'})") for r in spec.http_only_routes]
    out += [f"| {route.method} | `{route.path}` | {_cell(runs)} | {route.status} | {route.response} |"
            for route, runs in rows]
    return out + [""]


def _command_section(command: Command, spec: Spec) -> list[str]:
    out = [
        f"### {command.name} ({command.code})",
        "",
        command.about,
        "",
        f"- Auth: {'required (40 before login)' if command.auth else 'not required'}; "
        f"permission: {command.permission} (rule `{command.permission_rule}`).",
        f"- Response: {_response_text(command)}. Verified: {command.verified}.",
        f"- Meaning: {_meaning_text(command)}.",
        f"- HTTP: {_http_text(command)}.",
        "",
        "Request payload:",
        "",
        *_layout_table(command.request, spec),
        "",
    ]
    if command.response == "inline":
        out += ["Response payload:", "", *_layout_table(command.response_fields, spec), ""]
    return out


def _record_section(record: Record, spec: Spec) -> list[str]:
    size = record.fixed_size()
    lines = [f"### {record.name}", "", record.about + (f" Fixed size: {size} bytes." if size else "")]
    if record.extends:
        lines.append(f"Starts with every field of [{record.extends}](#{record.extends.lower()}).")
    return lines + ["", *_layout_table(record.fields, spec), ""]


def render_reference(spec: Spec) -> str:
    out = [
        f"<!-- {BANNER} -->",
        "",
        f"# Iggy {spec.version} TCP protocol reference",
        "",
        "Generated from `protocol-spec/spec/*.toml`; change the spec and run `make gen`, never edit this file.",
        "All integers are little-endian. `bool` is one byte (0/1). Field order is wire order.",
        "",
        "```text",
        spec.version_notes,
        "```",
        "",
        "## Framing",
        "",
        "Request frame:",
        "",
        *_layout_table(spec.request_framing, spec),
        "",
        "Response frame:",
        "",
        *_layout_table(spec.response_framing, spec),
        "",
        "## Commands",
        "",
        "| code | command | auth | response | meaning |",
        "|---|---|---|---|---|",
    ]
    for command in spec.commands:
        anchor = f"{command.name.lower()}-{command.code}"
        out.append(
            f"| {command.code} | [{command.name}](#{anchor}) | {'yes' if command.auth else 'no'} "
            f"| {_cell(_response_text(command))} | {_cell(command.about)} |"
        )
    out.append("")
    for command in spec.commands:
        out += _command_section(command, spec)
    out += _http_section(spec)
    out += ["## Response structs", ""]
    for record in spec.structs.values():
        out += _record_section(record, spec)
    out += ["## Primitives", ""]
    for record in spec.primitives.values():
        out += _record_section(record, spec)
    out += ["## Enums", ""]
    for enum in spec.enums:
        out += [f"### {enum.name}", "", f"{enum.about} Wire type: {enum.repr}.", "", "| value | name | meaning |",
                "|---|---|---|"]
        out += [f"| {v.value} | {v.name} | {_cell(v.about)} |" for v in enum.values]
        out.append("")
    out += ["## Constants", "", "| name | type | value | meaning |", "|---|---|---|---|"]
    out += [f"| `{c.name}` | {c.type} | {c.value} | {_cell(c.about)} |" for c in spec.constants]
    out += ["", "## Error kinds", "", "What a caller branches on; every error code has one (SDKs: a typed kind and one "
            "predicate per kind).", "", "| kind | meaning |", "|---|---|"]
    out += [f"| `{k.name}` | {_cell(k.about)} |" for k in spec.error_kinds]
    out += ["", "## Error params", "", "What each \"…\" of an error message names. Over TCP the server answers only "
            "the code; an SDK fills each \"…\" from the failing request's field with that `error_param` and writes "
            "`<param>` where the request has none.", "", "| param | meaning |", "|---|---|"]
    out += [f"| `{p.name}` | {_cell(p.about)}"
            + (f" Falls back to: {', '.join(f'`{f}`' for f in p.fallback)}." if p.fallback else "") + " |"
            for p in spec.error_params]
    out += ["", "## Error codes", "", "A response with status ≠ 0 carries one of these codes and an empty payload.", "",
            "| code | name | kind | server message | params |", "|---|---|---|---|---|"]
    out += [f"| {e.code} | {e.name} | {e.kind} | {_cell(e.message)} | {', '.join(e.params)} |" for e in spec.errors]
    return "\n".join(out) + "\n"
