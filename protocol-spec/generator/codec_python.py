"""Emit the Python codec: a frozen dataclass per command request and per structs.toml record, each with
`read(reader)` / `write(writer)` (so `decode(buf)` / `encode()`), the command table, and the byte layout of
the message header and the index entry.

The generated modules stand on a small hand-written runtime in `iggy.protocol`: `primitives` (Reader,
Writer, Identifier, Consumer, PollingStrategy, Partitioning, chained Permissions, user headers) and `messages`
(the zero-copy hot-path views: SendMessages' index + frames, polled batches). A spec type with a runtime
class maps to it (RUNTIME_TYPES); everything else is generated.

Naming rule: one attribute per wire field, named exactly as in the spec; a field whose name does not say its
`unit` also gets a read-only alias with the unit suffix (`created_at` -> `created_at_us`, `max_topic_size` ->
`max_topic_size_bytes`), so callers may use the name that carries the unit. Derived fields (counts, lengths,
flags, padding: `spec.derived_field_names`) are not attributes; a derived count is a read-only property.
A `role = "flag"` byte is read with `Reader.flag`, which refuses anything but 0 or 1 (INVALID_COMMAND), the same
rule as the other languages' codecs and the runtime's chained permissions and optional partition.

Protocol versions (Kafka's rule: one generated class serves every version): a class carries the fields of every
version; `read` / `write` take the version from the Reader / Writer (`decode(buf, version)`, `encode(version)`,
0.8 by default) and skip the fields that version lacks. A field the oldest version has keeps its positional place
in the constructor (0.8-only fields get a zero default); a field added later is keyword-only with a default.
"""

from __future__ import annotations

from .languages import BANNER, SOURCE_NOTE
from .spec import Command, Field, Record, Spec, derived_field_names, upper_snake

# Spec type -> (Python annotation, read expression with {what}, write statement with {value} and {what}).
_SCALARS = {
    "u8": ("int", "reader.u8({what})", "writer.u8({value})"),
    "u16": ("int", "reader.u16({what})", "writer.u16({value})"),
    "u32": ("int", "reader.u32({what})", "writer.u32({value})"),
    "u64": ("int", "reader.u64({what})", "writer.u64({value})"),
    "u128": ("int", "reader.u128({what})", "writer.u128({value})"),
    "f32": ("float", "reader.f32({what})", "writer.f32({value})"),
    "bool": ("bool", "reader.bool({what})", "writer.bool({value})"),
    "name": ("str", "reader.name({what})", "writer.name({value}, {what})"),
    "password": ("str", "reader.short_string({what})", "writer.short_string({value}, {what})"),
    "string32": ("str", "reader.long_string({what})", "writer.long_string({value})"),
    "optional_partition": ("int | None", "reader.opt_partition()", "writer.opt_partition({value})"),
}
# Spec records implemented by the hand-written runtime: (class name, module).
RUNTIME_TYPES = {
    "message_batch": ("Batch", "batches"),
    "identifier": ("Identifier", "primitives"),
    "consumer": ("Consumer", "primitives"),
    "polling_strategy": ("PollingStrategy", "primitives"),
    "partitioning": ("Partitioning", "primitives"),
    "permissions": ("Permissions", "primitives"),
    "message": ("Message", "messages"),
    "PolledMessages": ("PolledMessages", "messages"),
}
_UNIT_SUFFIX = {"µs": "_us", "bytes": "_bytes"}
# Records whose generated class takes extra behaviour from the hand-written runtime (`_extras.py`).
EXTRAS = {
    "Stats": "StatsExtras",
    # Records with a 0.9 options block decode it on demand (`option_values`; topics also the derived block).
    "StreamHeader": "OptionsExtras", "StreamDetails": "OptionsExtras", "UserHeader": "OptionsExtras",
    "UserDetails": "OptionsExtras", "TopicHeader": "TopicOptionsExtras", "TopicDetails": "TopicOptionsExtras",
}
# Public names a hand-written extra gives in place of a wire field (Stats.extensions reads as Stats.hot_path).
EXTRA_PUBLIC = {"Stats": {"extensions": "hot_path"}}

REQUESTS_PATH = "sdk/python/src/iggy/protocol/requests.py"
FRAMES_PATH = "sdk/python/src/iggy/protocol/frames.py"
RESPONSES_PATH = "sdk/python/src/iggy/protocol/responses.py"
LAYOUT_PATH = "sdk/python/src/iggy/protocol/layout.py"


def version_test(spec: Spec, f: Field, version: str) -> str | None:
    """The condition under which `f` is on the wire (`version` is the expression holding the connection's
    version, e.g. `reader.version`), or None when it always is."""
    names = spec.version_names
    if f.versions is None or f.versions >= set(names):
        return None
    present = [name for name in names if name in f.versions]
    first, last = names.index(present[0]), names.index(present[-1])
    if last - first + 1 == len(present) and last == len(names) - 1:
        return f"{version} >= ProtocolVersion.{spec.protocol_version(present[0]).constant_name}"
    if last - first + 1 == len(present) and first == 0:
        return f"{version} <= ProtocolVersion.{spec.protocol_version(present[-1]).constant_name}"
    members = ", ".join(f"ProtocolVersion.{spec.protocol_version(n).constant_name}" for n in present)
    return f"{version} in ({members},)"


def _zero_literal(spec: Spec, f: Field) -> str:
    """The default of a field some versions lack: the spec's default, else the zero value of its type."""
    if f.default is not None:
        return _default_literal(spec, f)
    if f.repeat is not None:
        return "()"
    if f.when is not None or f.type == "optional_partition":
        return "None"
    if f.type in ("name", "password", "string32"):
        return "''"
    if f.type == "bytes":
        return "b''"
    if f.type == "bool":
        return "False"
    if f.type in _SCALARS:
        return "0"
    return "None"


def response_class_name(spec: Spec, command: Command) -> str | None:
    """The Python type of a command's OK body (one element for list answers); None for an empty body."""
    if command.response == "empty":
        return None
    if command.response == "inline":
        return f"{command.name}Response"
    return RUNTIME_TYPES.get(command.response, (command.response, ""))[0]


# --- field emission ---------------------------------------------------------------------------------------


class _Emitter:
    """Emits `read` and `write` bodies for one field list (a request or a record)."""

    def __init__(self, spec: Spec, fields: tuple[Field, ...], enums_used: set[str]):
        self.spec = spec
        self.fields = fields
        self.derived = derived_field_names(fields)
        self.enums_used = enums_used

    # annotations ----------------------------------------------------------------------------------------

    def element_annotation(self, f: Field) -> str:
        if f.enum:
            self.enums_used.add(f.enum)
            return f"{f.enum} | int"
        if f.type in _SCALARS:
            return _SCALARS[f.type][0]
        if f.type == "bytes":
            return "bytes"
        return RUNTIME_TYPES.get(f.type, (f.type, ""))[0]

    def annotation(self, f: Field) -> str:
        element = self.element_annotation(f)
        if f.repeat is not None:
            return f"tuple[{element}, ...]"
        if f.when is not None and not element.endswith("| None"):
            return f"{element} | None"
        return element

    def value_fields(self) -> list[Field]:
        return [f for f in self.fields if f.name not in self.derived]

    # read -----------------------------------------------------------------------------------------------

    def read_one(self, f: Field) -> str:
        what = repr(f.name)
        if f.role == "flag":
            return f"reader.flag({what})"
        if f.enum:
            self.enums_used.add(f.enum)
            return f"enum_or_int({f.enum}, reader.u8({what}))"
        if f.type in _SCALARS:
            return _SCALARS[f.type][1].format(what=what)
        if f.type == "bytes":
            if f.size == "to_end":
                return "bytes(reader.rest())"
            size = f.size if isinstance(f.size, int) else f"_{f.size}"
            return f"reader.raw({size}, {what})"
        if f.type == "identifier":
            return f"Identifier.read(reader, {what})"
        return f"{self.element_annotation(f)}.read(reader)"

    def read_lines(self) -> list[str]:
        lines: list[str] = []
        runs: list[tuple[str | None, list[str], list[str]]] = []  # (version test, body, defaults when absent)
        checks: dict[str, str] = {}  # field name -> the length local to check after it
        for index, f in enumerate(self.fields):
            local = f"_{f.name}"
            body: list[str] = []
            if f.role in ("padding", "reserved") and f.type == "bytes":
                body.append(f"reader.view({f.size}, {f.name!r})")
            elif f.role == "length" and not self._sized_by(f):
                body.append(f"{local} = reader.u32({f.name!r})")
                body.append(f"{local}_start = reader.pos")
                checks[self._length_group(index)[-1].name] = f.name
            elif f.name in self.derived:
                body.append(f"{local} = {self.read_one(f)}")
            elif f.repeat == "to_end":
                element = self.element_annotation(f)
                body.append(f"{local} = read_to_end(reader, {element}.read, tolerant={f.tolerant})")
            elif f.repeat is not None:
                body.append(f"{local} = tuple({self.read_one(f)} for _ in counted(reader, _{f.repeat}, {f.name!r}))")
            else:
                body.append(f"{local} = {self.read_one(f)}")
            if f.name in checks:
                length = checks[f.name]
                body.append(f"check_length(reader, _{length}_start, _{length}, {length!r})")
            if f.when_parts is not None:
                flag, value = f.when_parts
                wrapped = [f"if _{flag} == {value}:", *["    " + line for line in body]]
                if f.name not in self.derived:
                    wrapped += ["else:", f"    {local} = None"]
                body = wrapped
            defaults = [] if f.name in self.derived else [f"{local} = {_zero_literal(self.spec, f)}"]
            runs.append((version_test(self.spec, f, "reader.version"), body, defaults))
        for test, body, defaults in _merge_runs(runs):
            if test is None:
                lines += body
                continue
            lines += [f"if {test}:", *["    " + line for line in body]]
            if defaults:
                lines += ["else:", *["    " + line for line in defaults]]
        return lines

    def _sized_by(self, f: Field) -> Field | None:
        return next((g for g in self.fields if g.size == f.name), None)

    def _repeated_by(self, f: Field) -> Field | None:
        return next((g for g in self.fields if g.repeat == f.name), None)

    def _length_group(self, index: int) -> list[Field]:
        """The fields a size-less length covers: those after it with its `when` and `versions`, up to the first
        repeated one."""
        length = self.fields[index]
        group = []
        for later in self.fields[index + 1 :]:
            if later.repeat is not None or later.when != length.when or later.versions != length.versions:
                break
            group.append(later)
        return group

    def _conditional_on(self, flag: Field) -> list[Field]:
        return [g for g in self.fields if g.when_parts is not None and g.when_parts[0] == flag.name]

    # write ----------------------------------------------------------------------------------------------

    def write_one(self, f: Field, value: str, writer: str = "writer") -> str:
        what = repr(f.name)
        if f.type in _SCALARS and not f.enum:
            return _SCALARS[f.type][2].format(value=value, what=what).replace("writer.", f"{writer}.", 1)
        if f.enum:
            return f"{writer}.u8({value})"
        if f.type == "bytes":
            return f"{writer}.raw({value})"
        return f"{value}.write({writer})"

    def write_lines(self) -> list[str]:
        lines: list[str] = []
        runs: list[tuple[str | None, list[str], list[str]]] = []
        skip: set[str] = set()
        for index, f in enumerate(self.fields):
            if f.name in skip:
                continue
            body: list[str] = []
            if f.role in ("padding", "reserved") and f.type == "bytes":
                body.append(f"writer.raw(bytes({f.size}))")
            elif f.role == "flag":
                conditional = self._conditional_on(f)
                present = next(g for g in conditional if g.name not in self.derived)
                expected = present.when_parts[1]  # type: ignore[index]
                other = 0 if expected != 0 else 1
                body.append(f"writer.u8({expected} if self.{present.name} is not None else {other})")
            elif f.role == "length" and not self._sized_by(f):
                group = self._length_group(index)
                body.append("_sized = Writer(writer.version)")
                body += [self.write_one(g, f"self.{g.name}", "_sized") for g in group]
                body.append("_sized_bytes = _sized.bytes()")
                body.append("writer.u32(len(_sized_bytes)).raw(_sized_bytes)")
                skip.update(g.name for g in group)
            elif self._sized_by(f) is not None:
                body.append(self.write_one(f, f"len(self.{self._sized_by(f).name})"))  # type: ignore[union-attr]
            elif self._repeated_by(f) is not None:
                body.append(self.write_one(f, f"len(self.{self._repeated_by(f).name})"))  # type: ignore[union-attr]
            elif f.repeat is not None:
                body.append(f"for _item in self.{f.name}:")
                body.append("    " + self.write_one(f, "_item"))
            else:
                body.append(self.write_one(f, f"self.{f.name}"))
            if f.when_parts is not None:
                present = f.name if f.name not in self.derived else next(
                    g.name for g in self._conditional_on(self._field(f.when_parts[0])) if g.name not in self.derived)
                flag, value = f.when_parts
                flag_field = self._field(flag)
                conditional = [g for g in self._conditional_on(flag_field) if g.name not in self.derived]
                expected = conditional[0].when_parts[1]  # type: ignore[index]
                test = "is not None" if value == expected else "is None"
                body = [f"if self.{present} {test}:", *["    " + line for line in body]]
            runs.append((version_test(self.spec, f, "writer.version"), body, []))
        for test, body, _ in _merge_runs(runs):
            lines += body if test is None else [f"if {test}:", *["    " + line for line in body]]
        return lines or ["pass"]

    def _field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


def _merge_runs(runs: list[tuple[str | None, list[str], list[str]]]) -> list[tuple[str | None, list[str], list[str]]]:
    """Adjacent fields under the same version test share one `if`."""
    merged: list[tuple[str | None, list[str], list[str]]] = []
    for test, body, defaults in runs:
        if merged and merged[-1][0] == test and test is not None:
            merged[-1] = (test, merged[-1][1] + body, merged[-1][2] + defaults)
        else:
            merged.append((test, list(body), list(defaults)))
    return merged


def _default_literal(spec: Spec, f: Field) -> str:
    if f.enum:
        member = next(v for v in spec.enum(f.enum).values if v.value == f.default)
        return f"{f.enum}.{member.constant_name}"
    return repr(f.default)


def public_names(record_name: str, emitter: _Emitter) -> list[str]:
    """The names the SDK shows (CLI JSON, docs): wire order, derived counts included, unit-suffixed names."""
    names = []
    replaced = EXTRA_PUBLIC.get(record_name, {})
    for f in emitter.fields:
        repeated = emitter._repeated_by(f)
        if f.name in emitter.derived and not (repeated is not None and repeated.name not in emitter.derived):
            continue
        suffix = _UNIT_SUFFIX.get(f.unit or "", "")
        public = f.name if f.name.endswith(suffix) or f.repeat is not None else f.name + suffix
        names.append(replaced.get(f.name, public))
    return names


def _class_lines(name: str, doc: str, emitter: _Emitter, bases: str, extra: list[str]) -> list[str]:
    out = ["", "", "@dataclass(frozen=True, slots=True)", f"class {name}({bases}):", f'    """{doc}"""', ""]
    spec = emitter.spec
    oldest = spec.version_names[0]
    fields = emitter.value_fields()
    positional = [f for f in fields if f.in_version(oldest)]
    keyword = [f for f in fields if not f.in_version(oldest)]  # added by a later version
    # Defaults: on the trailing run of positional fields that have one (spec `default`, or None when optional),
    # and on every field some version lacks; a positional field after such a default is required all the same
    # (REQUIRED, checked in __post_init__).
    defaults: dict[str, str] = {}
    for f in reversed(positional):
        if f.default is not None:
            defaults[f.name] = _default_literal(spec, f)
        elif f.when is not None or f.type == "optional_partition":
            defaults[f.name] = "None"
        else:
            break
    required: list[str] = []
    seen_default = False
    for f in positional:
        if f.name not in defaults and version_test(spec, f, "v") is not None:
            defaults[f.name] = _zero_literal(spec, f)
        if f.name in defaults:
            seen_default = True
        elif seen_default:
            defaults[f.name] = "REQUIRED"
            required.append(f.name)
    for f in positional:
        default = f" = {defaults[f.name]}" if f.name in defaults else ""
        out.append(f"    {f.name}: {emitter.annotation(f)}{default}")
    for f in keyword:
        out.append(f"    {f.name}: {emitter.annotation(f)} = field(default={_zero_literal(spec, f)}, kw_only=True)")
    out += ["    " + line for line in extra]
    versioned = {f.name: _version_sets(spec, f.versions) for f in fields if version_test(spec, f, "v") is not None}
    if versioned:
        entries = ", ".join(f"{name!r}: {sets}" for name, sets in versioned.items())
        out.append(f"    # The fields only some protocol versions have, and which.")
        out.append(f"    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = {{{entries}}}")
    if required:
        base = "Request.__post_init__(self)" if "Request" in bases else None
        out += ["", "    def __post_init__(self) -> None:", f"        require_fields(self, {tuple(required)!r})"]
        if base:
            out.append(f"        {base}")
    for f in emitter.fields:
        repeated = emitter._repeated_by(f)
        if f.name in emitter.derived and repeated is not None and repeated.name not in emitter.derived:
            out += ["", "    @property", f"    def {f.name}(self) -> int:", f"        return len(self.{repeated.name})"]
    for f in fields:
        suffix = _UNIT_SUFFIX.get(f.unit or "")
        if suffix and not f.name.endswith(suffix) and f.repeat is None:
            out += ["", "    @property", f"    def {f.name}{suffix}(self) -> {emitter.annotation(f)}:",
                    f'        """`{f.name}` ({f.unit}), by the name that carries its unit."""',
                    f"        return self.{f.name}"]
    out += ["", "    def write(self, writer: Writer) -> None:"]
    out += ["        " + line for line in emitter.write_lines()]
    out += ["", "    @classmethod", "    def read(cls, reader: Reader) -> Self:"]
    out += ["        " + line for line in emitter.read_lines()]
    args = ", ".join(f"{f.name}=_{f.name}" for f in fields)
    out.append(f"        return cls({args})")
    return out


# --- requests.py ------------------------------------------------------------------------------------------


def _request_identifiers(command: Command) -> tuple[str, ...]:
    return tuple(f.name for f in command.request_value_fields() if f.type == "identifier")


def render_python_requests(spec: Spec) -> str:
    enums: set[str] = set()
    body: list[str] = []
    for command in spec.commands:
        emitter = _Emitter(spec, command.request, enums)
        doc = command.about.replace('"""', "'")
        if any(f.role == "index" for f in command.request):
            body += _send_messages_lines(command, emitter)
            continue
        identifiers = _request_identifiers(command)
        extra = [f"CODE: ClassVar[Command] = Command.{command.constant_name}"]
        if identifiers:
            extra.append(f"_IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = {identifiers!r}")
        body += _class_lines(command.name, doc, emitter, "Request", extra)
    types = ", ".join(f"Command.{c.constant_name}: {c.name}" for c in spec.commands)
    head = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""One frozen dataclass per command request, generated from protocol-spec/spec/commands.toml.',
        "",
        "`encode(version)` returns the payload only (frame it with `framing.encode_request(req.CODE, payload)`);",
        "`decode(payload, version)` parses it and ignores trailing bytes, as the 0.8 server does (the version is",
        "0.8 unless given). Attributes are the spec's field names, every version's; derived fields (counts, lengths,",
        "flags) are computed. Identifier fields accept an `Identifier`, an int or a str. `REQUEST_TYPES` maps every",
        "`Command` to its class.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass, field",
        "from typing import ClassVar, Self",
        "",
        "from ._model import REQUIRED, WireModel, require_fields",
        "from .batches import Batch, encode_send_batch, read_send_batch",
        f"from .codes import Command, ProtocolVersion{''.join(', ' + e for e in sorted(enums))}",
        "from .errors import invalid_command",
        "from .messages import Message, SendMessagesView, encode_send_messages",
        "from .primitives import (",
        "    BytesLike, Consumer, Identifier, Partitioning, Permissions, PollingStrategy, Reader, Writer,",
        "    check_length, counted, enum_or_int,",
        ")",
        "",
        "",
        "class Request(WireModel):",
        '    """Base of every request model: coerces identifier fields to `Identifier`."""',
        "",
        "    __slots__ = ()",
        "    CODE: ClassVar[Command]",
        "    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = ()",
        "",
        "    def __post_init__(self) -> None:",
        "        for name in self._IDENTIFIER_FIELDS:",
        "            value = getattr(self, name)",
        "            if not isinstance(value, Identifier):",
        "                object.__setattr__(self, name, Identifier.parse(value))",
    ]
    tail = [
        "",
        "",
        f"REQUEST_TYPES: dict[Command, type[Request]] = {{{types}}}",
        "",
        "",
        "def decode_request(",
        "    code: int, payload: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_8",
        ") -> Request:",
        '    """Decode a request payload by command code; unknown codes raise INVALID_COMMAND."""',
        "    try:",
        "        request_type = REQUEST_TYPES[Command(code)]",
        "    except (ValueError, KeyError):",
        '        raise invalid_command(f"unknown command code {code}") from None',
        "    return request_type.decode(payload, version)",
    ]
    return "\n".join(head + body + tail) + "\n"


def _send_messages_lines(command: Command, emitter: _Emitter) -> list[str]:
    """A request carrying an index table: the hot-path runtime (`messages`) encodes and decodes it."""
    spec = emitter.spec
    oldest = spec.version_names[0]
    fields = emitter.value_fields()
    common = [f for f in fields if version_test(spec, f, "v") is None]
    old = [f for f in fields if version_test(spec, f, "v") is not None and f.in_version(oldest)]
    new = [f for f in fields if not f.in_version(oldest)]
    assert len(old) == 1 and len(new) == 1, "SendMessages: one message list per framing"
    messages, batch = old[0], new[0]
    identifiers = _request_identifiers(command)
    out = ["", "", "@dataclass(frozen=True, slots=True)", f"class {command.name}(Request):",
           f'    """{command.about} Encoded and decoded by the zero-copy runtimes in `messages` (0.8) and `batches`',
           '    (0.9)."""', ""]
    out += [f"    {f.name}: {emitter.annotation(f)}" for f in common]
    out += [f"    {messages.name}: {emitter.annotation(messages)} = ()",
            f"    {batch.name}: {emitter.annotation(batch)} | None = field(default=None, kw_only=True)"]
    out += [f"    CODE: ClassVar[Command] = Command.{command.constant_name}",
            f"    _IDENTIFIER_FIELDS: ClassVar[tuple[str, ...]] = {identifiers!r}",
            f"    FIELD_VERSIONS: ClassVar[dict[str, frozenset[ProtocolVersion]]] = "
            f"{{{messages.name!r}: {_version_sets(spec, messages.versions)}, "
            f"{batch.name!r}: {_version_sets(spec, batch.versions)}}}"]
    names = ", ".join(f"self.{f.name}" for f in common)
    view_names = ", ".join(f"view.{f.name}" for f in common)
    last = messages.name
    out += [
        "",
        "    def __post_init__(self) -> None:",
        "        Request.__post_init__(self)",
        f"        if not isinstance(self.{last}, tuple):",
        f'            object.__setattr__(self, "{last}", tuple(self.{last}))',
        "",
        "    def encode(self, version: ProtocolVersion = ProtocolVersion.V0_8) -> bytes:",
        f"        if {version_test(spec, batch, 'version')}:",
        f"            if self.{batch.name} is None:",
        f'                raise invalid_command("a {version_label(spec, batch)} SendMessages carries a batch")',
        f"            return encode_send_batch({names}, self.{batch.name})",
        f"        return encode_send_messages({names}, self.{last})",
        "",
        "    def write(self, writer: Writer) -> None:",
        "        writer.raw(self.encode(writer.version))",
        "",
        "    @classmethod",
        "    def decode(cls, buf: BytesLike, version: ProtocolVersion = ProtocolVersion.V0_8) -> Self:",
        f"        if {version_test(spec, batch, 'version')}:",
        f"            {', '.join('_' + f.name for f in common)}, _batch = read_send_batch(buf)",
        f"            return cls({', '.join('_' + f.name for f in common)}, {batch.name}=_batch)",
        "        view = SendMessagesView.decode(buf)",
        f"        return cls({view_names}, tuple(view.{last}()))",
        "",
        "    @classmethod",
        "    def read(cls, reader: Reader) -> Self:",
        "        return cls.decode(reader.rest(), reader.version)",
    ]
    return out


def version_label(spec: Spec, f: Field) -> str:
    names = [n for n in spec.version_names if f.in_version(n)]
    return names[0] if len(names) == 1 else f"{names[0]}+"


# --- responses.py -----------------------------------------------------------------------------------------


def _generated_structs(spec: Spec) -> list[Record]:
    return [r for r in spec.structs.values() if r.name not in RUNTIME_TYPES]


def _version_sets(spec: Spec, versions: frozenset[str]) -> str:
    return "frozenset({" + ", ".join(f"ProtocolVersion.{spec.protocol_version(n).constant_name}"
                                     for n in spec.version_names if n in versions) + "})"


def render_python_responses(spec: Spec) -> str:
    enums: set[str] = set()
    body: list[str] = []
    for record in _generated_structs(spec):
        emitter = _Emitter(spec, record.fields, enums)
        bases = f"{EXTRAS[record.name]}, WireModel" if record.name in EXTRAS else "WireModel"
        public = f"PUBLIC_NAMES: ClassVar[tuple[str, ...]] = {tuple(public_names(record.name, emitter))!r}"
        body += _class_lines(record.name, record.about.replace('"""', "'"), emitter, bases, [public])
    for command in spec.commands:
        if command.response != "inline":
            continue
        emitter = _Emitter(spec, command.response_fields, enums)
        doc = f"{command.name} response body."
        public = f"PUBLIC_NAMES: ClassVar[tuple[str, ...]] = {tuple(public_names(command.name, emitter))!r}"
        body += _class_lines(f"{command.name}Response", doc, emitter, "WireModel", [public])
    models = [(c, response_class_name(spec, c)) for c in spec.commands if response_class_name(spec, c)]
    table = [f"    Command.{c.constant_name}: {name}," for c, name in models]
    lists = [f"    Command.{c.constant_name}," for c in spec.commands if c.response_repeat == "to_end"]
    counted = [f"    Command.{c.constant_name}: {_version_sets(spec, c.response_count_prefix)},"
               for c in spec.commands if c.response_count_prefix]
    empty_in = []
    for c in spec.commands:
        bodiless = frozenset(n for n in spec.version_names if not any(f.in_version(n) for f in c.response_fields))
        if c.response == "inline" and bodiless:
            empty_in.append(f"    Command.{c.constant_name}: {_version_sets(spec, bodiless)},")
    head = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""One frozen dataclass per response record (protocol-spec/spec/structs.toml and inline responses),',
        "generated, with `encode()` / `decode()` in both directions.",
        "",
        "Attributes are the spec's field names; a field whose name lacks its unit also reads as `<name>_us` /",
        "`<name>_bytes`. List responses (`X × n`) use `Model.decode_list(buf)` / `Model.encode_list(items)`.",
        'A Get* that finds nothing is an empty OK body: `decode_response_body` answers None for it. Every',
        "function takes the protocol version (0.8 unless given): a class carries every version's fields.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass, field",
        "from typing import Any, ClassVar, Self",
        "",
        "from ._extras import " + ", ".join(sorted(set(EXTRAS.values()))),
        "from ._model import REQUIRED, WireModel, require_fields",
        f"from .codes import Command, ProtocolVersion{''.join(', ' + e for e in sorted(enums))}",
        "from .messages import PolledMessages",
        "from .primitives import Permissions, Reader, Writer, check_length, counted, enum_or_int, read_to_end",
    ]
    tail = [
        "",
        "",
        "# Type of the OK body of each command that has one (one element for list answers).",
        "RESPONSE_MODELS: dict[Command, type[Any]] = {",
        *table,
        "}",
        "",
        "# Commands whose OK body is `model × n` (an empty body is an empty list).",
        "LIST_RESPONSES: frozenset[Command] = frozenset({",
        *lists,
        "})",
        "",
        "# List responses that start with their element count (u32) in the versions given.",
        "COUNT_PREFIXED_RESPONSES: dict[Command, frozenset[ProtocolVersion]] = {",
        *counted,
        "}",
        "",
        "# Inline responses that are an empty body in the versions given (no response field exists there).",
        "EMPTY_RESPONSES_IN: dict[Command, frozenset[ProtocolVersion]] = {",
        *empty_in,
        "}",
        "",
        "",
        "def decode_response_body(",
        "    code: int, payload: bytes | bytearray | memoryview, version: ProtocolVersion = ProtocolVersion.V0_8",
        ") -> Any:",
        '    """An OK body for `code`: a model, a list for list commands, None for an empty body otherwise."""',
        "    command = Command(code)",
        "    model = RESPONSE_MODELS.get(command)",
        "    if command in LIST_RESPONSES:",
        "        counted = version in COUNT_PREFIXED_RESPONSES.get(command, ())",
        "        return model.decode_list(payload, version, counted=counted)  # type: ignore[union-attr]",
        "    if model is None or len(payload) == 0 or version in EMPTY_RESPONSES_IN.get(command, ()):",
        "        return None",
        "    return model.decode(payload, version)",
        "",
        "",
        "def encode_response_body(code: int, value: Any, version: ProtocolVersion = ProtocolVersion.V0_8) -> bytes:",
        '    """Inverse of `decode_response_body` (None -> empty body)."""',
        "    command = Command(code)",
        "    if value is None:",
        '        return b""',
        "    if command in LIST_RESPONSES:",
        "        counted = version in COUNT_PREFIXED_RESPONSES.get(command, ())",
        "        return RESPONSE_MODELS[command].encode_list(value, version, counted=counted)",
        "    return value.encode(version)",
    ]
    return "\n".join(head + body + tail) + "\n"


# --- frames.py: the 0.9 frame headers ---------------------------------------------------------------------


def render_python_frames(spec: Spec) -> str:
    enums: set[str] = set()
    body: list[str] = []
    for record in spec.frames.values():
        if record.name == "FramePrefix":
            continue  # only the headers that extend it are frames of their own
        emitter = _Emitter(spec, record.fields, enums)
        body += _class_lines(record.name, record.about.replace('"""', "'"), emitter, "WireModel", [])
    head = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""The 256-byte headers of Iggy 0.9 frames (protocol-spec/spec/frames.toml), one frozen dataclass each, with',
        "`encode()` / `decode()` as every generated model (u128 fields are ints; reserved bytes are written as zeros",
        'and skipped when read). The hot paths read single fields at the offsets in `layout` instead."""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass",
        "from typing import Self",
        "",
        "from ._model import WireModel",
        f"from .codes import {', '.join(sorted(enums))}",
        "from .primitives import Reader, Writer, enum_or_int",
    ]
    return "\n".join(head + body) + "\n"


# --- layout.py and the command table ----------------------------------------------------------------------


def _offsets(spec: Spec, record_name: str, prefix: str) -> list[str]:
    out, position = [], 0
    for f in spec.record(record_name).fields:
        size = f.fixed_size()
        assert size is not None, f"{record_name}.{f.name} must be fixed-size"
        name = f"{prefix}_{f.name.upper()}"
        out += [f"{name}_AT: Final = {position}", f"{name}_SIZE: Final = {size}"]
        position += size
    return out


_STRUCT_CHARS = {"u8": "B", "u16": "H", "u32": "I", "u64": "Q", "u128": "QQ", "f32": "f", "bool": "B"}


def _struct_format(fields: tuple[Field, ...]) -> str:
    """The `struct` format of fixed-size fields, little-endian (a u128 reads as two u64 halves; fixed-size bytes
    of a `padding` or `reserved` role are skipped: `Nx`)."""
    return "<" + "".join(f"{f.size}x" if f.type == "bytes" else _STRUCT_CHARS[f.type] for f in fields)


def _frame_layouts(spec: Spec) -> list[str]:
    """Offsets, sizes and struct formats of the 0.9 headers (frames.toml) and the batch records."""
    out: list[str] = []
    for name, prefix in (("RequestHeader", "REQUEST_HEADER"), ("ReplyHeader", "REPLY_HEADER"),
                         ("EvictionHeader", "EVICTION_HEADER"), ("batch_header", "BATCH_HEADER"),
                         ("frame_header", "FRAME_HEADER")):
        if name not in spec.frames and name not in spec.primitives:
            continue
        record = spec.record(name)
        out += ["", f"# {record.about} (spec {record.kind} {name})", *_offsets(spec, name, prefix),
                f"{prefix}_STRUCT_FORMAT: Final = {_struct_format(record.fields)!r}",
                f"{prefix}_STRUCT_FIELDS: Final = {tuple(_unpacked_names(record.fields))!r}"]
    return out


def _unpacked_names(fields: tuple[Field, ...]) -> list[str]:
    """The names `struct.unpack` returns values for, in order (a u128 gives `<name>_low`, `<name>_high`)."""
    names: list[str] = []
    for f in fields:
        if f.type == "bytes":
            continue
        names += [f"{f.name}_low", f"{f.name}_high"] if f.type == "u128" else [f.name]
    return names


def render_python_layout(spec: Spec) -> str:
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""Byte layout of the message header and the index entry, and the command table."""',
        "",
        "from __future__ import annotations",
        "",
        "from dataclasses import dataclass",
        "from typing import Final",
        "",
        "from .codes import Command, Operation, ProtocolVersion",
        "",
        "# The 64-byte message header (spec primitive message_header): offset (_AT) and size of each field.",
        *_offsets(spec, "message_header", "MESSAGE_HEADER"),
        "",
        f"MESSAGE_HEADER_STRUCT_FORMAT: Final = {_struct_format(spec.record('message_header').fields)!r}",
        "",
        "# The 16-byte index entry (spec primitive index_entry), in SendMessages and in .index files.",
        *_offsets(spec, "index_entry", "INDEX_ENTRY"),
        f"INDEX_ENTRY_STRUCT_FORMAT: Final = {_struct_format(spec.record('index_entry').fields)!r}",
        "",
        "# The fixed prefix of a PollMessages answer (the PolledMessages fields before its frames).",
        f"POLL_RESPONSE_PREFIX_STRUCT_FORMAT: Final = "
        f"{_struct_format(tuple(f for f in spec.structs['PolledMessages'].fields if f.repeat is None))!r}",
        *_frame_layouts(spec),
        "",
        "",
        "@dataclass(frozen=True, slots=True)",
        "class CommandInfo:",
        '    """One row of the command table (protocol-spec/spec/commands.toml)."""',
        "",
        "    code: Command",
        "    request: str  # class name in iggy.protocol.requests",
        "    response: str | None  # class name of the OK body (one element when is_list); None = empty body",
        "    is_list: bool  # the OK body is `response x n` back to back",
        "    auth: bool  # False = allowed before login",
        "    permission: str  # permission rule id (commands.toml `permission_rule`)",
        "    scope: str  # what the rule looks at besides global permissions: none | stream | topic",
        "    versions: frozenset[ProtocolVersion]  # the protocol versions that have the command",
        "    operation: Operation  # what a 0.9 request header carries (NON_REPLICATED: the code rides in it)",
        "    mutates: bool  # it changes what the server stores or what other clients see",
        "    replay_safe: bool  # a client may send it again after a reconnect (see codes.REPLAY_SAFE_COMMANDS)",
        "    audited: bool  # the server writes an audit line for it (see codes.AUDITED_COMMANDS)",
        "",
        "",
        "COMMANDS: Final[dict[Command, CommandInfo]] = {",
    ]
    for command in spec.commands:
        response = response_class_name(spec, command)
        versions = _version_sets(spec, frozenset(n for n in spec.version_names if command.in_version(n)))
        operation = upper_snake(command.operation) if command.operation else "NON_REPLICATED"
        out.append(
            f"    Command.{command.constant_name}: CommandInfo(Command.{command.constant_name}, {command.name!r}, "
            f"{response!r}, {command.response_repeat == 'to_end'}, {command.auth}, {command.permission_rule!r}, "
            f"{spec.permission_rule(command.permission_rule).scope!r}, {versions}, Operation.{operation}, "
            f"{command.mutates}, {command.replay_safe}, {command.audited}),"
        )
    out.append("}")
    return "\n".join(out) + "\n"
