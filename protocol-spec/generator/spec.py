"""Load and validate the protocol spec (protocol-spec/spec/*.toml) into plain, immutable objects.

Other code reads the wire format from here instead of restating it:

    from generator.spec import load_spec
    spec = load_spec()
    spec.command("CreateTopic").request_field_names()        # ['stream_id', 'partitions_count', ...]
    spec.response_record("GetStream").field_names()          # StreamDetails: header fields + 'topics'
    spec.record("TopicHeader").field_names(data_only=True)   # without length/flag/padding fields

Validation is strict because a silent mistake here becomes a wire bug in every generated language.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

SPEC_DIR = Path(__file__).resolve().parent.parent / "spec"

# One-byte-or-wider scalars and their sizes in bytes; "bytes" is sized by a `size` key.
SCALAR_SIZES = {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "u128": 16, "f32": 4, "bool": 1}
SCALAR_TYPES = frozenset(SCALAR_SIZES) | {"bytes"}
CONSTANT_TYPES = frozenset({"u8", "u16", "u32", "u64", "usize"})
# index: a table a codec computes from later fields (SendMessages' index entries, from the message frames).
FIELD_ROLES = frozenset({"length", "flag", "padding", "reserved", "index"})
RESPONSE_KINDS_WITHOUT_STRUCT = frozenset({"empty", "inline"})
VERIFIED_TAGS = frozenset({"PY", "NODE", "SRC"})

_SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
_CAMEL = re.compile(r"^[A-Z][A-Za-z0-9]*$")
_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")
_WHEN = re.compile(r"^([a-z][a-z0-9_]*) == ([0-9]+)$")
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


class SpecError(ValueError):
    """The spec files are inconsistent; `problems` lists every finding, not just the first."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("protocol spec is invalid:\n  " + "\n  ".join(problems))


def upper_snake(camel_name: str) -> str:
    """GetClusterMetadata -> GET_CLUSTER_METADATA; InvalidUtf8 -> INVALID_UTF8 (Iggy name -> constant name)."""
    return _CAMEL_BOUNDARY.sub("_", camel_name).upper()


def snake(camel_name: str) -> str:
    return upper_snake(camel_name).lower()


def derived_field_names(fields: tuple[Field, ...] | list[Field]) -> set[str]:
    """Fields a codec computes instead of exposing (the `fields` form of fixtures and generated types leave
    them out): every field with a role, and every count or size another field of the same list refers to."""
    derived = {f.name for f in fields if f.role is not None}
    for f in fields:
        if f.repeat not in (None, "to_end", "chained"):
            derived.add(f.repeat)
        if isinstance(f.size, str) and f.size != "to_end":
            derived.add(f.size)
    return derived


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    about: str
    size: int | str | None = None  # bytes only: fixed count, an earlier field, or "to_end"
    repeat: str | None = None  # an earlier count field, "to_end" or "chained"
    when: str | None = None  # "flag_field == value": present only then
    enum: str | None = None
    unit: str | None = None
    role: str | None = None  # length | flag | padding | reserved | index: derived bytes, not user data
    default: int | str | bool | None = None  # what a client sends when the caller gives no value
    # repeat = "to_end" only: an extension area; decoders keep the elements before a tail that does not parse
    # and ignore that tail instead of failing the whole body.
    tolerant: bool = False

    @property
    def is_data(self) -> bool:
        return self.role is None

    @property
    def when_parts(self) -> tuple[str, int] | None:
        if self.when is None:
            return None
        match = _WHEN.match(self.when)
        assert match, self.when  # validated at load time
        return match.group(1), int(match.group(2))

    def fixed_size(self) -> int | None:
        """Byte size when it does not depend on the data (scalars and fixed-size bytes), else None."""
        if self.repeat is not None or self.when is not None:
            return None
        if self.type in SCALAR_SIZES:
            return SCALAR_SIZES[self.type]
        if self.type == "bytes" and isinstance(self.size, int):
            return self.size
        return None


@dataclass(frozen=True)
class Record:
    """A primitive (snake_case name) or a response struct (CamelCase name)."""

    name: str
    about: str
    kind: str  # "primitive" | "struct"
    own_fields: tuple[Field, ...]
    extends: str | None = None
    fields: tuple[Field, ...] = ()  # inherited fields first, then own fields; filled in by the loader

    def field_names(self, data_only: bool = False) -> list[str]:
        return [f.name for f in self.fields if f.is_data or not data_only]

    def value_fields(self) -> list[Field]:
        """The fields a user sets or reads: derived ones (see derived_field_names) left out."""
        derived = derived_field_names(self.fields)
        return [f for f in self.fields if f.name not in derived]

    def fixed_size(self) -> int | None:
        sizes = [f.fixed_size() for f in self.fields]
        return None if any(s is None for s in sizes) else sum(sizes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class PermissionRule:
    """A named authorization rule (commands.toml [[permission_rule]]); commands refer to it by name."""

    name: str
    scope: str  # none | stream | topic
    about: str


PERMISSION_SCOPES = frozenset({"none", "stream", "topic"})


@dataclass(frozen=True)
class Command:
    name: str
    code: int
    auth: bool
    permission: str
    about: str
    verified: str
    request: tuple[Field, ...]
    response: str  # "empty", "inline" or a struct name
    response_repeat: str | None = None
    response_fields: tuple[Field, ...] = ()
    missing: str | None = None  # "empty": a missing object answers OK with an empty body
    permission_rule: str = ""  # a PermissionRule name: the machine-readable form of `permission`

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)

    def request_value_fields(self) -> list[Field]:
        """The request fields a user sets: derived ones (see derived_field_names) left out."""
        derived = derived_field_names(self.request)
        return [f for f in self.request if f.name not in derived]

    def request_field_names(self, data_only: bool = False) -> list[str]:
        return [f.name for f in self.request if f.is_data or not data_only]


@dataclass(frozen=True)
class EnumValue:
    name: str
    value: int
    about: str

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)


@dataclass(frozen=True)
class Enum:
    name: str
    repr: str
    about: str
    values: tuple[EnumValue, ...]


@dataclass(frozen=True)
class ErrorDef:
    code: int
    name: str
    message: str

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)


@dataclass(frozen=True)
class Constant:
    name: str
    type: str
    value: int
    about: str


@dataclass(frozen=True)
class Spec:
    version: str
    protocol: dict
    version_notes: str
    request_framing: tuple[Field, ...]
    response_framing: tuple[Field, ...]
    constants: tuple[Constant, ...]
    enums: tuple[Enum, ...]
    primitives: dict[str, Record]
    structs: dict[str, Record]
    commands: tuple[Command, ...]  # sorted by code
    errors: tuple[ErrorDef, ...]  # sorted by code
    source_files: tuple[Path, ...] = field(default=())
    permission_rules: tuple[PermissionRule, ...] = ()

    def permission_rule(self, name: str) -> PermissionRule:
        for rule in self.permission_rules:
            if rule.name == name:
                return rule
        raise KeyError(name)

    def command(self, name_or_code: str | int) -> Command:
        for command in self.commands:
            if name_or_code in (command.name, command.code, command.constant_name):
                return command
        raise KeyError(name_or_code)

    def record(self, name: str) -> Record:
        """A struct (CamelCase) or primitive (snake_case) by name."""
        if name in self.structs:
            return self.structs[name]
        if name in self.primitives:
            return self.primitives[name]
        raise KeyError(name)

    def response_record(self, name_or_code: str | int) -> Record | None:
        """The struct a command answers with (one element of it for list answers); None for empty/inline."""
        command = self.command(name_or_code)
        if command.response in RESPONSE_KINDS_WITHOUT_STRUCT:
            return None
        return self.structs[command.response]

    def response_field_names(self, name_or_code: str | int, data_only: bool = False) -> list[str]:
        command = self.command(name_or_code)
        if command.response == "inline":
            return [f.name for f in command.response_fields if f.is_data or not data_only]
        record = self.response_record(command.code)
        return record.field_names(data_only) if record else []

    def enum(self, name: str) -> Enum:
        for enum in self.enums:
            if enum.name == name:
                return enum
        raise KeyError(name)

    def constant(self, name: str) -> Constant:
        for constant in self.constants:
            if constant.name == name:
                return constant
        raise KeyError(name)

    @property
    def unauthenticated_commands(self) -> list[Command]:
        return [c for c in self.commands if not c.auth]


def load_spec(spec_dir: Path | str | None = None) -> Spec:
    """Read every spec file, validate it, and return the resolved Spec. Raises SpecError listing all problems."""
    spec_dir = Path(spec_dir) if spec_dir else SPEC_DIR
    names = ("protocol", "enums", "primitives", "structs", "commands", "errors")
    files = {name: spec_dir / f"{name}.toml" for name in names}
    raw = {name: tomllib.loads(path.read_text(encoding="utf-8")) for name, path in files.items()}
    problems: list[str] = []

    protocol = raw["protocol"]
    enums = tuple(_enum(e, problems) for e in raw["enums"].get("enum", []))
    primitives = _records(raw["primitives"].get("primitive", []), "primitive", problems)
    structs = _records(raw["structs"].get("struct", []), "struct", problems)
    commands = tuple(sorted((_command(c, problems) for c in raw["commands"].get("command", [])), key=lambda c: c.code))
    errors = tuple(sorted((_error(e, problems) for e in raw["errors"].get("error", [])), key=lambda e: e.code))
    constants = tuple(_constant(c, problems) for c in protocol.get("constant", []))
    framing = protocol.get("framing", {})

    spec = Spec(
        version=protocol.get("protocol", {}).get("version", ""),
        protocol=protocol.get("protocol", {}),
        version_notes=_leading_comment_block(files["protocol"].read_text(encoding="utf-8")),
        request_framing=tuple(_field(f, "framing.request", problems) for f in framing.get("request", [])),
        response_framing=tuple(_field(f, "framing.response", problems) for f in framing.get("response", [])),
        constants=constants,
        enums=enums,
        primitives=primitives,
        structs=structs,
        commands=commands,
        errors=errors,
        source_files=tuple(files.values()),
        permission_rules=tuple(
            PermissionRule(r.get("name", "?"), r.get("scope", "?"), r.get("about", ""))
            for r in raw["commands"].get("permission_rule", [])
        ),
    )
    spec = _resolve_extends(spec, problems)
    problems.extend(validate(spec))
    if problems:
        raise SpecError(problems)
    return spec


def validate(spec: Spec) -> list[str]:
    """Cross-checks that need the whole spec: uniqueness, type references, field references."""
    problems: list[str] = []
    _check_unique("command code", [c.code for c in spec.commands], problems)
    _check_unique("command name", [c.name for c in spec.commands], problems)
    _check_unique("error code", [e.code for e in spec.errors], problems)
    _check_unique("error name", [e.name for e in spec.errors], problems)
    _check_unique("enum name", [e.name for e in spec.enums], problems)
    _check_unique("constant name", [c.name for c in spec.constants], problems)
    _check_unique("record name", list(spec.primitives) + list(spec.structs), problems)
    _check_unique("permission rule", [r.name for r in spec.permission_rules], problems)
    rule_names = {r.name for r in spec.permission_rules}
    for rule in spec.permission_rules:
        if not _SNAKE.match(rule.name) or rule.scope not in PERMISSION_SCOPES or not rule.about:
            problems.append(f"permission rule {rule.name}: needs a snake_case name, a scope in "
                            f"{sorted(PERMISSION_SCOPES)} and an about")
    enum_names = {e.name for e in spec.enums}
    for enum in spec.enums:
        _check_unique(f"value of enum {enum.name}", [v.value for v in enum.values], problems)
        _check_unique(f"name in enum {enum.name}", [v.name for v in enum.values], problems)
    for command in spec.commands:
        if not _CAMEL.match(command.name):
            problems.append(f"command {command.name}: name must be CamelCase")
        if not 0 < command.code < 2**32:
            problems.append(f"command {command.name}: code {command.code} out of u32 range")
        if command.verified not in VERIFIED_TAGS:
            problems.append(f"command {command.name}: verified must be one of {sorted(VERIFIED_TAGS)}")
        if command.permission_rule not in rule_names:
            problems.append(f"command {command.name}: permission_rule {command.permission_rule!r} is not a rule")
        elif (command.permission_rule == "public") == command.auth:
            problems.append(f"command {command.name}: permission_rule \"public\" goes with auth = false only")
        if command.missing not in (None, "empty"):
            problems.append(f"command {command.name}: missing must be \"empty\" when given")
        if command.response not in RESPONSE_KINDS_WITHOUT_STRUCT and command.response not in spec.structs:
            problems.append(f"command {command.name}: response {command.response!r} is not a struct")
        if (command.response == "inline") != bool(command.response_fields):
            problems.append(f"command {command.name}: response_fields go with response = \"inline\" only")
        if command.response_repeat not in (None, "to_end"):
            problems.append(f"command {command.name}: response_repeat must be \"to_end\" when given")
        _check_fields(f"command {command.name} request", command.request, spec, enum_names, problems)
        _check_fields(f"command {command.name} response", command.response_fields, spec, enum_names, problems)
    for record in [*spec.primitives.values(), *spec.structs.values()]:
        expected = _SNAKE if record.kind == "primitive" else _CAMEL
        if not expected.match(record.name):
            problems.append(f"{record.kind} {record.name}: bad name case")
        _check_fields(f"{record.kind} {record.name}", record.fields, spec, enum_names, problems)
    for error in spec.errors:
        if not _CAMEL.match(error.name) or not error.message:
            problems.append(f"error {error.code}: needs a CamelCase name and a message")
    for constant in spec.constants:
        if not _UPPER_SNAKE.match(constant.name):
            problems.append(f"constant {constant.name}: must be UPPER_SNAKE")
    return problems


def _check_fields(owner: str, fields: tuple[Field, ...], spec: Spec, enum_names: set, problems: list[str]) -> None:
    seen: dict[str, Field] = {}
    for f in fields:
        where = f"{owner}.{f.name}"
        if not _SNAKE.match(f.name):
            problems.append(f"{where}: field names are snake_case")
        if f.name in seen:
            problems.append(f"{where}: duplicate field name")
        if not f.about.strip():
            problems.append(f"{where}: every field needs an about")
        if f.type not in SCALAR_TYPES and f.type not in spec.primitives and f.type not in spec.structs:
            problems.append(f"{where}: unknown type {f.type!r}")
        if f.type == "bytes":
            if f.size is None:
                problems.append(f"{where}: bytes need a size")
            elif isinstance(f.size, str) and f.size != "to_end" and f.size not in seen:
                problems.append(f"{where}: size {f.size!r} must name an earlier field")
        elif f.size is not None:
            problems.append(f"{where}: size only applies to bytes")
        if f.repeat not in (None, "to_end", "chained") and f.repeat not in seen:
            problems.append(f"{where}: repeat {f.repeat!r} must name an earlier count field")
        if f.when is not None:
            match = _WHEN.match(f.when)
            if not match or match.group(1) not in seen:
                problems.append(f"{where}: when must read \"<earlier field> == <number>\"")
        if f.enum is not None and (f.enum not in enum_names or f.type != "u8"):
            problems.append(f"{where}: enum {f.enum!r} must be a known enum on a u8 field")
        if f.default is not None:
            expected_default = bool if f.type == "bool" else str if f.type in ("name", "password", "string32") else int
            if type(f.default) is not expected_default or f.type not in (*SCALAR_SIZES, "name", "password", "string32"):
                problems.append(f"{where}: default must be a {expected_default.__name__} on a scalar or string field")
        if f.role is not None and f.role not in FIELD_ROLES:
            problems.append(f"{where}: role must be one of {sorted(FIELD_ROLES)}")
        seen[f.name] = f


def _check_unique(what: str, values: list, problems: list[str]) -> None:
    seen = set()
    for value in values:
        if value in seen:
            problems.append(f"duplicate {what}: {value!r}")
        seen.add(value)


def _field(data: dict, owner: str, problems: list[str]) -> Field:
    known = {"name", "type", "about", "size", "repeat", "when", "enum", "unit", "role", "default", "tolerant"}
    unknown = set(data) - known
    if unknown:
        problems.append(f"{owner}.{data.get('name')}: unknown keys {sorted(unknown)}")
    if "name" not in data or "type" not in data:
        problems.append(f"{owner}: a field needs name and type ({data})")
    if data.get("tolerant") is not None and (data.get("tolerant") is not True or data.get("repeat") != "to_end"):
        problems.append(f"{owner}.{data.get('name')}: `tolerant = true` goes only with repeat = \"to_end\"")
    return Field(
        name=data.get("name", "?"),
        type=data.get("type", "?"),
        about=data.get("about", ""),
        size=data.get("size"),
        repeat=data.get("repeat"),
        when=data.get("when"),
        enum=data.get("enum"),
        unit=data.get("unit"),
        role=data.get("role"),
        default=data.get("default"),
        tolerant=data.get("tolerant", False),
    )


def _records(items: list[dict], kind: str, problems: list[str]) -> dict[str, Record]:
    records = {}
    for item in items:
        name = item.get("name", "?")
        own = tuple(_field(f, f"{kind} {name}", problems) for f in item.get("fields", []))
        if name in records:
            problems.append(f"duplicate {kind} {name}")
        if not item.get("about"):
            problems.append(f"{kind} {name}: needs an about")
        records[name] = Record(name=name, about=item.get("about", ""), kind=kind, own_fields=own,
                               extends=item.get("extends"), fields=own)
    return records


def _resolve_extends(spec: Spec, problems: list[str]) -> Spec:
    every = {**spec.primitives, **spec.structs}

    def resolved(record: Record, depth: int) -> tuple[Field, ...]:
        if record.extends is None:
            return record.own_fields
        parent = every.get(record.extends)
        if parent is None or depth > 8:  # depth bound: a cycle must not hang the generator
            problems.append(f"{record.name}: extends unknown or cyclic {record.extends!r}")
            return record.own_fields
        return resolved(parent, depth + 1) + record.own_fields

    def rebuild(records: dict[str, Record]) -> dict[str, Record]:
        return {n: Record(r.name, r.about, r.kind, r.own_fields, r.extends, resolved(r, 0)) for n, r in records.items()}

    return Spec(**{**spec.__dict__, "primitives": rebuild(spec.primitives), "structs": rebuild(spec.structs)})


def _command(data: dict, problems: list[str]) -> Command:
    name = data.get("name", "?")
    for key in ("name", "code", "auth", "permission", "permission_rule", "about", "verified", "request", "response"):
        if key not in data:
            problems.append(f"command {name}: missing key {key!r}")
    return Command(
        name=name,
        code=data.get("code", -1),
        auth=bool(data.get("auth", True)),
        permission=data.get("permission", ""),
        about=data.get("about", ""),
        verified=data.get("verified", ""),
        request=tuple(_field(f, f"command {name} request", problems) for f in data.get("request", [])),
        response=data.get("response", "empty"),
        response_repeat=data.get("response_repeat"),
        response_fields=tuple(_field(f, f"command {name} response", problems) for f in data.get("response_fields", [])),
        missing=data.get("missing"),
        permission_rule=data.get("permission_rule", ""),
    )


def _error(data: dict, problems: list[str]) -> ErrorDef:
    if not isinstance(data.get("code"), int) or not 0 < data["code"] < 2**32:
        problems.append(f"error {data}: code must be a u32 above 0")
    return ErrorDef(code=data.get("code", -1), name=data.get("name", ""), message=data.get("message", ""))


def _enum(data: dict, problems: list[str]) -> Enum:
    name = data.get("name", "?")
    if data.get("repr") != "u8":
        problems.append(f"enum {name}: only u8 enums exist in this protocol")
    values = tuple(EnumValue(v["name"], v["value"], v.get("about", "")) for v in data.get("value", []))
    if not values:
        problems.append(f"enum {name}: has no values")
    for value in values:
        if not 0 <= value.value <= 255:
            problems.append(f"enum {name}.{value.name}: value {value.value} does not fit a u8")
    return Enum(name=name, repr=data.get("repr", ""), about=data.get("about", ""), values=values)


def _constant(data: dict, problems: list[str]) -> Constant:
    name = data.get("name", "?")
    kind, value = data.get("type"), data.get("value")
    limits = {"u8": 2**8, "u16": 2**16, "u32": 2**32, "u64": 2**64, "usize": 2**32}
    if kind not in CONSTANT_TYPES or not isinstance(value, int) or not 0 <= value < limits[kind]:
        problems.append(f"constant {name}: needs type in {sorted(CONSTANT_TYPES)} and an integer value that fits")
    if not data.get("about"):
        problems.append(f"constant {name}: needs an about")
    value = value if isinstance(value, int) else 0
    return Constant(name=name, type=kind or "?", value=value, about=data.get("about", ""))


def _leading_comment_block(text: str) -> str:
    """The comment lines at the top of protocol.toml: the human-written version notes."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].removeprefix(" "))
    return "\n".join(lines).strip()
