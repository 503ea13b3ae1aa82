"""The check every `ok` answer of every driver passes: the op's declared JSON type for the driver's protocol.

A case compares only the fields it names, so a driver that renames a field, answers one the spec's form lacks or
leaves one out would pass every case that does not look at it. The runner checks every answer against the op's
`ok` type instead (protocol-spec/spec/driver_ops.toml, generated into ``_driver_results.py``): an object holds exactly
its shape's fields for that protocol, each of its type, so every driver answers one JSON form: the fixtures' `fields`
names, but for the few renames a shape records (`from`). Fields a driver declares `unobservable` may be absent.
"""

from __future__ import annotations

from typing import Any

from ._driver_results import OK_TYPES, SHAPES

_LIST, _OR_NULL = "list of ", " or null"
# Findings of one answer past this many are left out: the first few say what is wrong.
MAX_FINDINGS = 5


def check_ok(op: str, protocol: str, result: Any, unobservable: frozenset[str] = frozenset()) -> list[str]:
    """What in `result`, the `ok` answer of `op` over `protocol`, differs from the spec's form (empty: nothing).

    `unobservable`: the driver's ``op.field`` names its API hides; those fields of the answer (of each element when
    the answer is a list; ``op.field.inner`` a field of a field's object or of its list's elements) may be absent."""
    declared = OK_TYPES.get(op, {}).get(protocol)
    if declared is None:
        return []  # an op of another version is refused before it runs; the op table check names unknown ops
    hidden = {name.split(".", 1)[1] for name in unobservable if name.startswith(op + ".")}
    findings: list[str] = []
    _check(result, declared, protocol, "ok", hidden, findings)
    return findings[:MAX_FINDINGS]


def unknown_unobservable(names: frozenset[str], protocol: str) -> list[str]:
    """The driver's `unobservable` names that name no field of the op's answer over `protocol` (a stale or misspelt
    one would excuse nothing, or hide that the driver answers a field the spec lacks)."""
    unknown = []
    for name in sorted(names):
        op, _, path = name.partition(".")
        type_text = OK_TYPES.get(op, {}).get(protocol)
        for part in path.split("."):
            fields = _shape_of(type_text, protocol)
            if fields is None or part not in fields:
                unknown.append(name)
                break
            type_text = fields[part]
    return unknown


def _shape_of(type_text: str | None, protocol: str) -> dict[str, str] | None:
    """The fields (name: type) of the object `type_text` holds, through "or null" and "list of"; None: no object."""
    while type_text is not None:
        if type_text.endswith(_OR_NULL):
            type_text = type_text[: -len(_OR_NULL)]
        elif type_text.startswith(_LIST):
            type_text = type_text[len(_LIST) :]
        else:
            shape = SHAPES.get(type_text)
            if shape is None:
                return None
            return {name: t for name, (t, versions) in shape.items() if versions is None or protocol in versions}
    return None


def fields_in_protocol(op: str, protocol: str) -> frozenset[str] | None:
    """The top-level fields `op`'s answer has over `protocol` (None: its answer is not an object form)."""
    declared = OK_TYPES.get(op, {}).get(protocol)
    if declared is None or declared.startswith(_LIST):
        return None
    fields = _shape_of(declared, protocol)
    return None if fields is None else frozenset(fields)


def _check(value: Any, type_text: str, protocol: str, where: str, hidden: set[str], findings: list[str]) -> None:
    if len(findings) >= MAX_FINDINGS:
        return
    if type_text.endswith(_OR_NULL):
        if value is not None:
            _check(value, type_text[: -len(_OR_NULL)], protocol, where, hidden, findings)
        return
    if type_text.startswith(_LIST):
        if not isinstance(value, list):
            findings.append(f"{where}: expected a list, got {_describe(value)}")
            return
        for index, item in enumerate(value):
            # The answer's own list (get_clients): `unobservable` names the fields of its elements.
            _check(item, type_text[len(_LIST) :], protocol, f"{where}[{index}]", hidden, findings)
        return
    shape = SHAPES.get(type_text)
    if shape is None:
        if not _has_base_type(value, type_text):
            findings.append(f"{where}: expected {type_text}, got {_describe(value)}")
        return
    if not isinstance(value, dict):
        findings.append(f"{where}: expected a {type_text} object, got {_describe(value)}")
        return
    fields = {name: field_type for name, (field_type, versions) in shape.items()
              if versions is None or protocol in versions}
    extra = sorted(set(value) - set(fields))
    missing = sorted(set(fields) - set(value) - hidden)
    if extra:
        findings.append(f"{where}: fields not in the spec's {type_text}: {extra}")
    if missing:
        findings.append(f"{where}: {type_text} lacks {missing}")
    for name, field_type in fields.items():
        if name in value:
            inner = {path.split(".", 1)[1] for path in hidden if path.startswith(name + ".")}
            _check(value[name], field_type, protocol, f"{where}.{name}", inner, findings)


def _has_base_type(value: Any, type_text: str) -> bool:
    if type_text == "null":
        return value is None
    expected = {"integer": int, "string": str, "boolean": bool, "object": dict}[type_text]
    # JSON true is not an integer here, though Python's bool is one.
    return isinstance(value, expected) and (type_text == "boolean") == isinstance(value, bool)


def _describe(value: Any) -> str:
    return f"{type(value).__name__} {value!r:.60}"
