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
from typing import Any

SPEC_DIR = Path(__file__).resolve().parent.parent / "spec"

# One-byte-or-wider scalars and their sizes in bytes; "bytes" is sized by a `size` key.
SCALAR_SIZES = {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "u128": 16, "f32": 4, "bool": 1}
SCALAR_TYPES = frozenset(SCALAR_SIZES) | {"bytes"}
CONSTANT_TYPES = frozenset({"u8", "u16", "u32", "u64", "usize"})
# index: a table a codec computes from later fields (SendMessages' index entries, from the message frames).
# total_length: the byte size of the whole record the field is in (a 0.9 batch's batch_length).
FIELD_ROLES = frozenset({"length", "flag", "padding", "reserved", "index", "total_length"})
RESPONSE_KINDS_WITHOUT_STRUCT = frozenset({"empty", "inline"})
# The request field types whose value an SDK renders into an error message (an error_param): ids and names as
# given, a consumer by its id, an optional partition when set, a partitioning when it names a partition.
ERROR_PARAM_TYPES = frozenset({"identifier", "name", "consumer", "optional_partition", "partitioning", "u32", "u64"})
# PY: captured from apache-iggy 0.8.0; NODE: the reference's Node SDK captures; SRC: read from the 0.8 server only;
# PY09: captured from the official 0.9 clients (apache-iggy 0.9.0 and the Rust SDK iggy 0.11.0 it wraps).
VERIFIED_TAGS = frozenset({"PY", "NODE", "SRC", "PY09"})
_VERSION = re.compile(r"^[0-9]+\.[0-9]+$")

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
    them out): every field with a role, and every count or size another field of the same list refers to
    (`repeat`, `size`, or `counted_by`: the element count of a record field such as a 0.9 batch)."""
    derived = {f.name for f in fields if f.role is not None}
    for f in fields:
        if f.repeat not in (None, "to_end", "chained"):
            derived.add(f.repeat)
        if isinstance(f.size, str) and f.size != "to_end":
            derived.add(f.size)
        if f.counted_by is not None:
            derived.add(f.counted_by)
    return derived


def parse_versions(text: str, known: tuple[str, ...]) -> frozenset[str]:
    """A `versions` key: "0.8" (that version), "0.9+" (it and every later one) or "0.8-0.9" (a range), against the
    ordered list of known versions. Raises ValueError for anything else."""
    if text.endswith("+") and text[:-1] in known:
        return frozenset(known[known.index(text[:-1]):])
    if "-" in text:
        low, _, high = text.partition("-")
        if low in known and high in known and known.index(low) <= known.index(high):
            return frozenset(known[known.index(low):known.index(high) + 1])
    elif text in known:
        return frozenset({text})
    raise ValueError(f"versions {text!r}: expected V, V+ or V-W with V, W in {list(known)}")


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
    # The protocol versions that have this field (None = all); see protocol.toml [[version]].
    versions: frozenset[str] | None = None
    # A record field whose element count an earlier field states (0.9 SendMessages: messages_count counts the
    # batch's messages): that earlier field is derived from it.
    counted_by: str | None = None
    # Request fields only: the error param (errors.toml [[param]]) this field's value names, so an SDK can fill the
    # "…" of an error the server answered to this request with it.
    error_param: str | None = None

    def in_version(self, version: str) -> bool:
        return self.versions is None or version in self.versions

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
    versions: frozenset[str] | None = None  # None = every version

    def in_version(self, version: str) -> bool:
        return self.versions is None or version in self.versions

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

# Iggy's REST API (commands.toml [command.http] and [[http_route]]).
HTTP_METHODS = ("GET", "POST", "PUT", "DELETE")
HTTP_RESPONSES = frozenset({"json", "fields", "empty", "text", "zip"})
# response = "fields": the JSON answer is an object of the command's response fields by name, so no hand code on
# either side converts it; only fields of these types (a JSON number, boolean or string each) may be answered so.
HTTP_FIELDS_ANSWER_TYPES = frozenset({"u8", "u16", "u32", "u64", "bool", "name", "string32"})
HTTP_KEYS = frozenset({"method", "path", "query", "body", "names", "omitted", "status", "response"})
HTTP_ONLY_ROUTE_KEYS = frozenset({"name", "auth", "about", "method", "path", "query", "body", "status", "response"})
HTTP_LOCATIONS = ("path", "query", "body")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_HTTP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class HttpRoute:
    """How a command travels over Iggy's REST API ([command.http]), or a route that runs no command. Entries name
    request fields (`a.b`: field b of the record field a); an [[http_route]]'s entries are JSON names."""

    method: str
    path: str  # placeholders name fields: /streams/{stream_id}
    status: int
    response: str  # json | fields | empty | text | zip
    query: tuple[str, ...] = ()
    body: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()  # (entry, name in the query, JSON body or route) where they differ
    omitted: tuple[str, ...] = ()

    @property
    def placeholders(self) -> tuple[str, ...]:
        return tuple(_PLACEHOLDER.findall(self.path))

    def params(self) -> list[tuple[str, str]]:
        """(entry, location) for every entry that travels: path placeholders, then query, then body."""
        return ([(entry, "path") for entry in self.placeholders] + [(entry, "query") for entry in self.query]
                + [(entry, "body") for entry in self.body])

    def wire_name(self, entry: str) -> str:
        """The entry's name in the query string, the JSON body or the server's route."""
        return dict(self.names).get(entry, entry)

    def wire_path(self) -> str:
        """The path with each placeholder renamed to its wire name: /streams/{stream_id}/.../{consumer_id}."""
        return _PLACEHOLDER.sub(lambda match: "{" + self.wire_name(match.group(1)) + "}", self.path)

    @property
    def shape(self) -> str:
        """Method and path with placeholders blanked: two routes of one shape would answer the same requests."""
        return f"{self.method} {_PLACEHOLDER.sub('{}', self.path)}"

    def only(self, fields: set[str]) -> HttpRoute:
        """The route as one version sees it: query, body, names and omitted entries of `fields` only."""

        def keep(entries: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(entry for entry in entries if entry.split(".")[0] in fields)

        names = tuple((entry, name) for entry, name in self.names if entry.split(".")[0] in fields)
        return HttpRoute(self.method, self.path, self.status, self.response, keep(self.query), keep(self.body),
                         names, keep(self.omitted))


@dataclass(frozen=True)
class HttpOnlyRoute:
    """A REST route that runs no command (commands.toml [[http_route]])."""

    name: str
    auth: bool
    about: str
    route: HttpRoute


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
    versions: frozenset[str] | None = None  # None = every version
    operation: str | None = None  # 0.9: the Operation value the request header carries; None = NonReplicated
    # Versions in which a list response (response_repeat) is preceded by its element count (u32).
    response_count_prefix: frozenset[str] = frozenset()
    # What the command means (commands.toml says how each is decided); required in the TOML, False here only so a
    # Command built by hand in a test is the safe kind: never replayed.
    mutates: bool = False  # changes what the server stores or what other clients see
    replay_safe: bool = False  # may be sent again after a reconnect without changing the outcome
    audited: bool = False  # the server writes an audit line for it
    http: HttpRoute | None = None  # its REST route ([command.http])
    http_absent: str | None = None  # else why Iggy's REST API lacks it
    area: str = ""  # the group its fixtures are kept in (commands.toml `areas`)
    # This server's own command, which no official client sends: {"request": fields, "response": fields}, the
    # example recorder/reference_fixtures.py frames with our encoder for its fixtures (commands.toml
    # [command.example]). None for Iggy's commands, whose fixtures are captured from official clients.
    example: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def http_not_found_404(self) -> bool:
        """Over HTTP, finding nothing answers 404 not_found where the binary answer is an empty OK (a list: [])."""
        return self.missing == "empty" and self.response_repeat is None

    def in_version(self, version: str) -> bool:
        return self.versions is None or version in self.versions

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)

    def request_value_fields(self) -> list[Field]:
        """The request fields a user sets: derived ones (see derived_field_names) left out."""
        derived = derived_field_names(self.request)
        return [f for f in self.request if f.name not in derived]

    def request_field_names(self, data_only: bool = False) -> list[str]:
        return [f.name for f in self.request if f.is_data or not data_only]

    def own_error_params(self) -> dict[str, str]:
        """error param -> the request field whose value names it (the fields' `error_param`), in field order."""
        return {f.error_param: f.name for f in self.request if f.error_param is not None}


@dataclass(frozen=True)
class EnumValue:
    name: str
    value: int
    about: str
    # Per-enum attributes (Operation: plane, result_framed; EvictionReason: error), as in the TOML.
    attrs: tuple[tuple[str, object], ...] = ()

    def attr(self, key: str) -> object:
        return dict(self.attrs)[key]

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)


@dataclass(frozen=True)
class Enum:
    name: str
    repr: str
    about: str
    values: tuple[EnumValue, ...]
    versions: frozenset[str] | None = None

    def value(self, name: str) -> EnumValue:
        for value in self.values:
            if value.name == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True)
class ErrorKind:
    """What a caller branches on (errors.toml [[kind]]): every error has one; SDKs generate a typed kind from them."""

    name: str  # snake_case: not_found, already_exists, ...
    about: str
    for_unlisted_codes: bool = False  # the kind of a code no [[error]] lists (a newer server's); no error has it

    @property
    def constant_name(self) -> str:
        return self.name.upper()

    @property
    def camel_name(self) -> str:
        return "".join(part.capitalize() for part in self.name.split("_"))


@dataclass(frozen=True)
class ErrorParam:
    """What one "…" of an error message stands for (errors.toml [[param]])."""

    name: str  # snake_case: stream, topic, name, ...
    about: str
    # Params whose request field fills this one in a command where no field names it (ResourceNotFound's key is
    # the user or token a command looks up).
    fallback: tuple[str, ...] = ()


@dataclass(frozen=True)
class ErrorDef:
    code: int
    name: str
    message: str
    versions: frozenset[str] | None = None
    kind: str = ""  # an ErrorKind name
    params: tuple[str, ...] = ()  # one ErrorParam name per "…" in message, in order

    @property
    def constant_name(self) -> str:
        return upper_snake(self.name)


@dataclass(frozen=True)
class OptionDef:
    """One key of a 0.9 option catalog (options.toml)."""

    scope: str  # topic | stream | user (OptionScope)
    key: str
    kind: str  # a HeaderKind value name
    default: int | str | bool
    updatable: bool
    about: str


# The JSON types a driver op's argument may have (driver_ops.toml); identifier: a numeric id or a name string.
DRIVER_ARG_TYPES = frozenset({"string", "integer", "boolean", "object", "array", "identifier"})


@dataclass(frozen=True)
class DriverArg:
    """One JSON argument of a conformance driver op (driver_ops.toml [[op.arg]])."""

    name: str
    type: str  # one of DRIVER_ARG_TYPES
    required: bool
    about: str = ""
    versions: frozenset[str] | None = None  # None = every version the op has
    runner: str | None = None  # the runner fills it in (why), so a case need not write it
    case_only: bool = False  # a case-file shorthand the runner expands; drivers never see it
    # The value every driver uses when the arg is absent (a JSON value of `type`); None = no shared default (absence
    # means something of its own, said in `about`). TOML has no null, so None never is a declared default.
    default: Any = None


# The JSON types an `ok` answer's value may have besides a [[shape]]'s name (driver_ops.toml), and what makes a type
# out of another: "list of <type>", "<type> or null".
RESULT_BASE_TYPES = frozenset({"integer", "string", "boolean", "null", "object"})
RESULT_LIST, RESULT_OR_NULL = "list of ", " or null"
# The struct field types whose JSON type follows without a word (an enum, a list or bytes needs the shape to say).
_RESULT_TYPE_OF_STRUCT_TYPE = {"u8": "integer", "u16": "integer", "u32": "integer", "u64": "integer",
                               "name": "string", "string32": "string", "bool": "boolean"}


@dataclass(frozen=True)
class ResultField:
    """One field of a driver result shape (driver_ops.toml [[shape]] fields)."""

    name: str  # the JSON key
    type: str  # its JSON type (resolved from the struct when the shape left it out)
    source: str | None = None  # the struct field it renders (None: computed)
    computed: str = ""  # why it is not a struct field
    versions: frozenset[str] | None = None  # None = every version of the op
    about: str = ""


@dataclass(frozen=True)
class ResultShape:
    """A JSON object a driver's `ok` answer holds (driver_ops.toml [[shape]])."""

    name: str
    struct: str | None
    fields: tuple[ResultField, ...]


@dataclass(frozen=True)
class DriverOp:
    """One op of the conformance driver protocol (driver_ops.toml [[op]])."""

    name: str
    commands: tuple[str, ...]  # the commands.toml commands it runs
    result: str  # the `ok` answer, as the README's table shows it
    # The `ok` answer's JSON type per protocol version (driver_ops.toml `ok`); every known version when one type.
    ok: tuple[tuple[str, str], ...] = ()
    args: tuple[DriverArg, ...] = ()
    about: str = ""
    versions: frozenset[str] | None = None  # None = every version
    runner_only: bool = False  # the runner performs it; drivers never see it

    def arg(self, name: str) -> DriverArg | None:
        return next((a for a in self.args if a.name == name), None)

    def ok_type(self, version: str) -> str | None:
        return dict(self.ok).get(version)


@dataclass(frozen=True)
class Constant:
    name: str
    type: str
    value: int
    about: str


@dataclass(frozen=True)
class ProtocolVersion:
    """One protocol version the spec describes (protocol.toml [[version]])."""

    name: str  # "0.8", "0.9"
    framing: str  # length_code | vsr
    about: str
    detect: str

    @property
    def constant_name(self) -> str:
        return "V" + self.name.replace(".", "_")  # V0_8


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
    versions: tuple[ProtocolVersion, ...] = ()  # oldest first
    frames: dict[str, Record] = field(default_factory=dict)  # 0.9 frame headers (frames.toml)
    options: tuple[OptionDef, ...] = ()  # 0.9 option catalogs (options.toml)
    http_only_routes: tuple[HttpOnlyRoute, ...] = ()  # REST routes that run no command
    error_kinds: tuple[ErrorKind, ...] = ()  # errors.toml [[kind]], in file order
    error_params: tuple[ErrorParam, ...] = ()  # errors.toml [[param]], in file order
    driver_ops: tuple[DriverOp, ...] = ()  # driver_ops.toml [[op]], in file order (the README table's)
    result_shapes: tuple[ResultShape, ...] = ()  # driver_ops.toml [[shape]], in file order
    # Set on a view made by `at(version)`: every list in it holds only what that version has.
    only_version: str | None = None

    @property
    def version_names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.versions)

    def protocol_version(self, name: str) -> ProtocolVersion:
        for version in self.versions:
            if version.name == name:
                return version
        raise KeyError(name)

    def at(self, version: str) -> Spec:
        """The spec as one protocol version sees it: commands, records, fields, enums and errors that version does
        not have are left out. Tools that walk one version's bytes (values.py, walk.py, the reference) use it."""
        if version not in self.version_names:
            raise KeyError(version)

        def fields(items: tuple[Field, ...]) -> tuple[Field, ...]:
            return tuple(f for f in items if f.in_version(version))

        def records(items: dict[str, Record]) -> dict[str, Record]:
            return {name: Record(r.name, r.about, r.kind, fields(r.own_fields), r.extends, fields(r.fields), r.versions)
                    for name, r in items.items() if r.in_version(version)}

        commands = tuple(
            Command(**{**c.__dict__, "request": fields(c.request), "response_fields": fields(c.response_fields),
                       "http": c.http.only({f.name for f in fields(c.request)}) if c.http else None})
            for c in self.commands if c.in_version(version)
        )
        commands = tuple(
            Command(**{**c.__dict__, "response": "empty", "response_fields": ()})
            if c.response == "inline" and not c.response_fields else c
            for c in commands
        )
        return Spec(**{
            **self.__dict__,
            "enums": tuple(e for e in self.enums if e.versions is None or version in e.versions),
            "primitives": records(self.primitives),
            "structs": records(self.structs),
            "frames": records(self.frames),
            "commands": commands,
            "errors": tuple(e for e in self.errors if e.versions is None or version in e.versions),
            "only_version": version,
        })

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

    def driver_op(self, name: str) -> DriverOp:
        for op in self.driver_ops:
            if op.name == name:
                return op
        raise KeyError(name)

    def record(self, name: str) -> Record:
        """A struct (CamelCase), primitive (snake_case) or 0.9 frame header by name."""
        if name in self.structs:
            return self.structs[name]
        if name in self.primitives:
            return self.primitives[name]
        if name in self.frames:
            return self.frames[name]
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

    @property
    def unlisted_error_kind(self) -> ErrorKind:
        """The kind SDKs report for a code the spec does not list."""
        return next(k for k in self.error_kinds if k.for_unlisted_codes)

    def error_param_fields(self, command: Command) -> dict[str, str]:
        """error param -> request field for one command: the fields' own `error_param`s, then each param's fallback
        (a param no field names takes the field of the first fallback param one does). What an SDK fills an error's
        "…" with when that command failed."""
        own = command.own_error_params()
        filled = dict(own)
        for param in self.error_params:
            if param.name not in filled:
                field_name = next((own[p] for p in param.fallback if p in own), None)
                if field_name is not None:
                    filled[param.name] = field_name
        return filled


def load_spec(spec_dir: Path | str | None = None) -> Spec:
    """Read every spec file, validate it, and return the resolved Spec. Raises SpecError listing all problems."""
    spec_dir = Path(spec_dir) if spec_dir else SPEC_DIR
    names = ("protocol", "enums", "primitives", "structs", "frames", "commands", "errors", "options", "driver_ops")
    files = {name: spec_dir / f"{name}.toml" for name in names}
    raw = {name: tomllib.loads(path.read_text(encoding="utf-8")) for name, path in files.items()}
    problems: list[str] = []

    protocol = raw["protocol"]
    versions = tuple(_protocol_version(v, problems) for v in protocol.get("version", []))
    if not versions:
        problems.append("protocol.toml: no [[version]]")
    known = tuple(v.name for v in versions)
    enums = tuple(_enum(e, known, problems) for e in raw["enums"].get("enum", []))
    primitives = _records(raw["primitives"].get("primitive", []), "primitive", known, problems)
    structs = _records(raw["structs"].get("struct", []), "struct", known, problems)
    frames = _records(raw["frames"].get("frame", []), "frame", known, problems)
    commands = tuple(sorted((_command(c, known, problems) for c in raw["commands"].get("command", [])),
                            key=lambda c: c.code))
    errors = tuple(sorted((_error(e, known, problems) for e in raw["errors"].get("error", [])), key=lambda e: e.code))
    error_kinds = tuple(_error_kind(k, problems) for k in raw["errors"].get("kind", []))
    error_params = tuple(_error_param(p, problems) for p in raw["errors"].get("param", []))
    constants = tuple(_constant(c, problems) for c in protocol.get("constant", []))
    framing = protocol.get("framing", {})

    spec = Spec(
        version=protocol.get("protocol", {}).get("version", ""),
        protocol=protocol.get("protocol", {}),
        version_notes=_leading_comment_block(files["protocol"].read_text(encoding="utf-8")),
        request_framing=tuple(_field(f, "framing.request", known, problems) for f in framing.get("request", [])),
        response_framing=tuple(_field(f, "framing.response", known, problems) for f in framing.get("response", [])),
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
        versions=versions,
        frames=frames,
        options=tuple(_option(o, problems) for o in raw["options"].get("option", [])),
        http_only_routes=tuple(_http_only_route(r, problems) for r in raw["commands"].get("http_route", [])),
        error_kinds=error_kinds,
        error_params=error_params,
        driver_ops=tuple(_driver_op(o, known, problems) for o in raw["driver_ops"].get("op", [])),
    )
    areas = raw["commands"].get("areas", [])
    for command in commands:
        if command.area not in areas:
            problems.append(f"command {command.name}: area {command.area!r} is not one of commands.toml areas {areas}")
    spec = _resolve_extends(spec, problems)
    spec = Spec(**{**spec.__dict__, "result_shapes": tuple(
        _result_shape(item, spec, known, problems) for item in raw["driver_ops"].get("shape", []))})
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
    _check_unique("record name", list(spec.primitives) + list(spec.structs) + list(spec.frames), problems)
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
        if command.response_count_prefix and command.response_repeat != "to_end":
            problems.append(f"command {command.name}: response_count_prefix goes with response_repeat only")
        if command.replay_safe and command.mutates:
            problems.append(f"command {command.name}: replay_safe = true needs mutates = false (a replayed change "
                            "could apply twice)")
        if command.audited and not command.mutates:
            problems.append(f"command {command.name}: audited = true needs mutates = true (the audit trail records "
                            "changes)")
        if command.operation is not None:
            operations = {v.name: v for e in spec.enums if e.name == "Operation" for v in e.values}
            if command.operation not in operations:
                problems.append(f"command {command.name}: operation {command.operation!r} is not an Operation")
            elif operations[command.operation].attr("plane") in ("internal", "reserved", "non_replicated"):
                problems.append(f"command {command.name}: operation {command.operation} is not a client operation")
    for enum in spec.enums:
        if enum.name == "Operation":
            for value in enum.values:
                if value.attr("plane") not in OPERATION_PLANES:
                    problems.append(f"Operation.{value.name}: plane must be one of {sorted(OPERATION_PLANES)}")
        if enum.name == "EvictionReason":
            error_names = {e.name for e in spec.errors}
            for value in enum.values:
                if value.attr("error") not in error_names:
                    problems.append(f"EvictionReason.{value.name}: error {value.attr('error')!r} is not an error")
    scopes = {v.name.lower() for e in spec.enums if e.name == "OptionScope" for v in e.values}
    kinds = {v.name: v.value for e in spec.enums if e.name == "HeaderKind" for v in e.values}
    _check_unique("option", [(o.scope, o.key) for o in spec.options], problems)
    for option in spec.options:
        expected_default = {"String": str, "Bool": bool}.get(option.kind, int)
        if (option.scope not in scopes or option.kind not in kinds or not _SNAKE.match(option.key)
                or type(option.default) is not expected_default or not option.about):
            problems.append(f"option {option.scope}.{option.key}: needs a known scope and kind, a snake_case key, "
                            f"a {expected_default.__name__} default and an about")
    for record in [*spec.primitives.values(), *spec.structs.values(), *spec.frames.values()]:
        expected = _SNAKE if record.kind == "primitive" else _CAMEL
        if not expected.match(record.name):
            problems.append(f"{record.kind} {record.name}: bad name case")
    # Field references are checked in each version's view, so a field never leans on one another version lacks
    # (a finding shared by every version is reported once).
    found: list[str] = []
    for version in spec.version_names if spec.only_version is None else ():
        view = spec.at(version)
        for command in view.commands:
            _check_fields(f"command {command.name} request", command.request, view, enum_names, found)
            _check_fields(f"command {command.name} response", command.response_fields, view, enum_names, found)
            if command.response not in RESPONSE_KINDS_WITHOUT_STRUCT and command.response not in view.structs:
                found.append(f"command {command.name}: response {command.response!r} is not in {version}")
        for record in [*view.primitives.values(), *view.structs.values(), *view.frames.values()]:
            _check_fields(f"{record.kind} {record.name}", record.fields, view, enum_names, found)
    problems.extend(dict.fromkeys(found))
    problems.extend(_check_http(spec))
    for error in spec.errors:
        if not _CAMEL.match(error.name) or not error.message:
            problems.append(f"error {error.code}: needs a CamelCase name and a message")
    _check_error_kinds_and_params(spec, problems)
    _check_driver_ops(spec, problems)
    _check_result_shapes(spec, problems)
    for constant in spec.constants:
        if not _UPPER_SNAKE.match(constant.name):
            problems.append(f"constant {constant.name}: must be UPPER_SNAKE")
    return problems


def http_coverage(spec: Spec) -> dict[str, HttpRoute | str | None]:
    """Per command name: its REST route, else the reason Iggy's REST API lacks it (`http_absent`), else None (the
    completeness checks name those; a loaded spec has none)."""
    return {c.name: c.http or c.http_absent or None for c in spec.commands}


def _check_http(spec: Spec) -> list[str]:
    """[command.http] and [[http_route]]: every command has a route or a reason, every entry names a request field
    and every field of every version travels or is omitted, and no two routes of one version answer one request."""
    problems: list[str] = []
    for name, mapping in http_coverage(spec).items():
        command = spec.command(name)
        if mapping is None:
            problems.append(f"command {name}: needs a [command.http] table or http_absent = \"<why Iggy's REST API "
                            "lacks it>\"")
        elif command.http is not None and command.http_absent is not None:
            problems.append(f"command {name}: has both [command.http] and http_absent")
        if command.http_absent is not None and not (isinstance(command.http_absent, str) and command.http_absent):
            problems.append(f"command {name}: http_absent must be a non-empty reason")
        if command.http is not None:
            _check_http_route(f"command {name}: [command.http]", command.http, problems)
            _check_http_entries(command, spec, problems)
            if command.http.response == "fields":
                _check_fields_answer(command, spec, problems)
    for extra in spec.http_only_routes:
        owner = f"http_route {extra.name}"
        if not _CAMEL.match(extra.name):
            problems.append(f"{owner}: name must be CamelCase")
        _check_http_route(owner, extra.route, problems)
        if extra.route.placeholders:
            problems.append(f"{owner}: placeholders name request fields, so they need a command")
        for entry in extra.route.query + extra.route.body:
            if not _HTTP_NAME.match(entry):
                problems.append(f"{owner}: {entry!r} is not a snake_case JSON name")
    if spec.only_version is None:
        found: list[str] = []
        for version in spec.version_names:
            _check_http_collisions(spec.at(version), version, found)
        problems.extend(dict.fromkeys(found))
        _check_http_shared(spec, problems)
    return problems


def _check_http_route(owner: str, route: HttpRoute, problems: list[str]) -> None:
    if route.method not in HTTP_METHODS:
        problems.append(f"{owner}: method must be one of {list(HTTP_METHODS)}")
    if route.response not in HTTP_RESPONSES:
        problems.append(f"{owner}: response must be one of {sorted(HTTP_RESPONSES)}")
    if not 200 <= route.status <= 299 or (route.status == 204 and route.response != "empty"):
        problems.append(f"{owner}: status must be a 2xx success (204 only with response = \"empty\")")
    segments = route.path.split("/")
    if (not route.path.startswith("/") or (route.path != "/" and route.path.endswith("/"))
            or any("{" in s and not _PLACEHOLDER.fullmatch(s) for s in segments)
            or any("}" in _PLACEHOLDER.sub("", s) for s in segments)):
        problems.append(f"{owner}: path {route.path!r} must start with / and hold placeholders as whole segments")
    if route.body and route.method not in ("POST", "PUT"):
        problems.append(f"{owner}: only POST and PUT carry a body")
    for entry, name in route.names:
        if not _HTTP_NAME.match(name):
            problems.append(f"{owner}: names.{entry} = {name!r} is not a snake_case name")


def _check_fields_answer(command: Command, spec: Spec, problems: list[str]) -> None:
    """response = "fields": a record (or a list of one) whose fields are all plain values that every version has."""
    owner = f"command {command.name}: [command.http] response = \"fields\""
    if command.response == "empty":
        problems.append(f"{owner} needs a response record, not an empty answer")
        return
    record = spec.response_record(command.name)
    fields = command.response_fields if record is None else record.fields
    for f in fields:
        plain = (f.type in HTTP_FIELDS_ANSWER_TYPES and f.enum is None and f.repeat is None and f.when is None
                 and f.versions is None and f.role is None)
        if not plain:
            problems.append(f"{owner}: field {f.name} ({f.type}) is not a plain value of every version "
                            f"({', '.join(sorted(HTTP_FIELDS_ANSWER_TYPES))}; no enum, list, condition or role)")


def _check_http_entries(command: Command, spec: Spec, problems: list[str]) -> None:
    """Entries name request value fields (of any version); each is listed once; each version's fields all travel
    or are omitted; a dotted entry has a name."""
    route = command.http
    assert route is not None
    owner = f"command {command.name}: [command.http]"
    fields = {f.name: f for f in command.request_value_fields()}
    listed = [entry for entry, _ in route.params()] + list(route.omitted)
    for entry in listed:
        top, _, sub = entry.partition(".")
        record = _http_record(fields.get(top), spec)
        if top not in fields or (sub and (record is None or sub not in {f.name for f in record.value_fields()})):
            problems.append(f"{owner}: {entry!r} is not a request field")
    for entry in dict.fromkeys(e for e in listed if listed.count(e) > 1):
        problems.append(f"{owner}: {entry!r} is listed more than once")
    travelling = {entry for entry, _ in route.params()}
    for entry, _ in route.names:
        if entry not in travelling:
            problems.append(f"{owner}: names.{entry} names no path, query or body entry")
    for entry in travelling:
        if "." in entry and entry not in dict(route.names):
            problems.append(f"{owner}: {entry!r} needs a name in names")
    for version in spec.version_names:
        if not command.in_version(version):
            continue
        view = spec.at(version).command(command.name)
        assert view.http is not None
        present = {f.name for f in view.request}
        for entry in view.http.placeholders:
            if entry.split(".")[0] in fields and entry.split(".")[0] not in present:
                problems.append(f"{owner}: placeholder {{{entry}}} is no request field in {version}")
        covered = set(travelling) | set(route.omitted)
        for f in view.request_value_fields():
            record = _http_record(f, spec)
            parts = [f"{f.name}.{s.name}" for s in record.value_fields()] if record else []
            if f.name not in covered and not (parts and all(part in covered for part in parts)):
                problems.append(f"{owner}: request field {f.name!r} ({version}) is in none of path, query, body "
                                "and omitted")
        for location in HTTP_LOCATIONS:
            names = [view.http.wire_name(e) for e, where in view.http.params() if where == location]
            for name in dict.fromkeys(n for n in names if names.count(n) > 1):
                problems.append(f"{owner}: two {location} entries are named {name!r} in {version}")


def _http_record(f: Field | None, spec: Spec) -> Record | None:
    """The record a field's value is made of (a.b entries name its fields), or None for a scalar."""
    if f is None or f.repeat is not None:
        return None
    return spec.primitives.get(f.type) or spec.structs.get(f.type)


def _check_http_collisions(view: Spec, version: str, problems: list[str]) -> None:
    """In one version, two routes of one shape would answer the same requests (commands of disjoint versions may
    share one: _check_http_shared)."""
    owners: dict[str, str] = {}
    routes = [(c.name, c.http) for c in view.commands if c.http is not None]
    routes += [(f"http_route {r.name}", r.route) for r in view.http_only_routes]
    for owner, route in routes:
        if route.shape in owners:
            problems.append(f"HTTP route {route.shape} of {owner} collides with {owners[route.shape]} ({version})")
        owners[route.shape] = owner


def _check_http_shared(spec: Spec, problems: list[str]) -> None:
    """Commands of disjoint versions on one route reach one server handler: same path, status, answer and login
    rule, and an entry both carry travels the same way."""
    by_shape: dict[str, list[Command]] = {}
    for command in spec.commands:
        if command.http is not None:
            by_shape.setdefault(command.http.shape, []).append(command)
    for group in by_shape.values():
        first = group[0]
        assert first.http is not None
        for other in group[1:]:
            assert other.http is not None
            same = (other.http.path, other.http.status, other.http.response, other.auth) == (
                first.http.path, first.http.status, first.http.response, first.auth)
            first_params = {entry: (where, first.http.wire_name(entry)) for entry, where in first.http.params()}
            clashing = [entry for entry, where in other.http.params()
                        if first_params.get(entry, (where, other.http.wire_name(entry)))
                        != (where, other.http.wire_name(entry))]
            if not same or clashing:
                problems.append(f"command {other.name}: shares {first.name}'s route {first.http.shape}, so it needs "
                                f"the same path, status, response and auth, and its entries {clashing} as there")


def _check_error_kinds_and_params(spec: Spec, problems: list[str]) -> None:
    """Every error has a declared kind and names each "…" of its message with a declared param; request fields name
    declared params, on types an SDK can render, at most one field per param and command."""
    _check_unique("error kind", [k.name for k in spec.error_kinds], problems)
    _check_unique("error param", [p.name for p in spec.error_params], problems)
    kinds = {k.name: k for k in spec.error_kinds}
    params = {p.name for p in spec.error_params}
    for kind in spec.error_kinds:
        if not _SNAKE.match(kind.name) or not kind.about:
            problems.append(f"error kind {kind.name}: needs a snake_case name and an about")
    if sum(k.for_unlisted_codes for k in spec.error_kinds) != 1:
        problems.append("errors.toml: exactly one [[kind]] has for_unlisted_codes = true")
    for param in spec.error_params:
        if not _SNAKE.match(param.name) or not param.about:
            problems.append(f"error param {param.name}: needs a snake_case name and an about")
        for other in param.fallback:
            if other not in params or other == param.name:
                problems.append(f"error param {param.name}: fallback {other!r} is not another param")
    for error in spec.errors:
        kind = kinds.get(error.kind)
        if kind is None:
            problems.append(f"error {error.name}: kind {error.kind!r} is not a [[kind]] of errors.toml")
        elif kind.for_unlisted_codes:
            problems.append(f"error {error.name}: kind {error.kind!r} is only for codes errors.toml does not list")
        unknown = [p for p in error.params if p not in params]
        if unknown:
            problems.append(f"error {error.name}: params {unknown} are not [[param]]s of errors.toml")
        placeholders = error.message.count("…")
        if placeholders != len(error.params):
            problems.append(f"error {error.name}: its message has {placeholders} \"…\" but params names "
                            f"{len(error.params)}")
    for command in spec.commands:
        seen: dict[str, str] = {}
        for f in command.request:
            if f.error_param is None:
                continue
            where = f"command {command.name} request.{f.name}"
            if f.error_param not in params:
                problems.append(f"{where}: error_param {f.error_param!r} is not a [[param]] of errors.toml")
            if f.type not in ERROR_PARAM_TYPES or f.repeat is not None:
                problems.append(f"{where}: error_param needs a single field of type {sorted(ERROR_PARAM_TYPES)}")
            if f.error_param in seen:
                problems.append(f"{where}: error_param {f.error_param!r} is named by {seen[f.error_param]} too")
            seen[f.error_param] = f.name


def _check_result_type(spec: Spec, text: str, owner: str, problems: list[str]) -> None:
    shapes = {shape.name for shape in spec.result_shapes}
    depth = 0
    while depth < 8:  # "list of list of ... or null": bounded, a spec typo must not hang the loader
        kind, inner = result_type_parts(text)
        if kind == "base":
            if inner not in RESULT_BASE_TYPES and inner not in shapes:
                problems.append(f"{owner}: type {inner!r} is neither {sorted(RESULT_BASE_TYPES)} nor a [[shape]]")
            return
        text, depth = inner, depth + 1
    problems.append(f"{owner}: type nested too deep")


def _check_result_shapes(spec: Spec, problems: list[str]) -> None:
    """Each shape once, snake_case, with its fields once and of types that resolve; every shape used by an op."""
    _check_unique("driver result shape", [shape.name for shape in spec.result_shapes], problems)
    used: set[str] = set()
    for shape in spec.result_shapes:
        owner = f"driver result shape {shape.name}"
        if not _SNAKE.match(shape.name):
            problems.append(f"{owner}: name must be snake_case")
        _check_unique(f"field of {owner}", [f.name for f in shape.fields], problems)
        for f in shape.fields:
            _check_result_type(spec, f.type, f"{owner} field {f.name}", problems)
            used.update(re.findall(r"[a-z_0-9]+", f.type))
    for op in spec.driver_ops:
        for _, ok_type in op.ok:
            used.update(re.findall(r"[a-z_0-9]+", ok_type))
    for shape in spec.result_shapes:
        if shape.name not in used:
            problems.append(f"driver result shape {shape.name}: no op answers it")


def _check_driver_ops(spec: Spec, problems: list[str]) -> None:
    """driver_ops.toml: snake_case names, each op and arg once, known JSON types, and commands that exist (an op
    that names an unknown command would let the README's table and the coverage check point at nothing)."""
    _check_unique("driver op", [op.name for op in spec.driver_ops], problems)
    command_names = {c.name for c in spec.commands}
    for op in spec.driver_ops:
        owner = f"driver op {op.name}"
        if not _SNAKE.match(op.name):
            problems.append(f"{owner}: name must be snake_case")
        for name in op.commands:
            if name not in command_names:
                problems.append(f"{owner}: runs unknown command {name!r} (not in commands.toml)")
        if not op.commands and not op.about:
            problems.append(f"{owner}: runs no command, so it needs an about saying what it does")
        if not op.result:
            problems.append(f"{owner}: needs a result (the `ok` answer)")
        for version, ok_type in op.ok:
            _check_result_type(spec, ok_type, f"{owner} ok ({version})", problems)
        _check_unique(f"arg of {owner}", [a.name for a in op.args], problems)
        for arg in op.args:
            if not _SNAKE.match(arg.name) or arg.type not in DRIVER_ARG_TYPES:
                problems.append(f"{owner} arg {arg.name}: needs a snake_case name and a type in "
                                f"{sorted(DRIVER_ARG_TYPES)}")
            if arg.case_only and (arg.required or arg.runner):
                problems.append(f"{owner} arg {arg.name}: a case_only arg is optional and not filled by the runner")
            if op.versions is not None and arg.versions is not None and not arg.versions <= op.versions:
                problems.append(f"{owner} arg {arg.name}: versions outside the op's")
            if arg.default is not None:
                _check_driver_default(owner, arg, problems)


def driver_value_has_type(value: Any, arg_type: str) -> bool:
    """Whether a JSON value is of a driver arg's type (bool is not an integer in JSON, though it is one in Python)."""
    if arg_type == "identifier":
        return driver_value_has_type(value, "integer") or isinstance(value, str)
    expected = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list}.get(arg_type)
    return expected is not None and isinstance(value, expected) and (arg_type == "boolean") == isinstance(value, bool)


def _check_driver_default(owner: str, arg: DriverArg, problems: list[str]) -> None:
    """A default is what a driver fills in for an absent optional arg, so a required, runner-filled or case-only arg
    has none, and the value must be one a case could have written (its JSON type)."""
    if arg.required or arg.runner or arg.case_only:
        problems.append(f"{owner} arg {arg.name}: only an optional arg the case writes has a default")
    if not driver_value_has_type(arg.default, arg.type):
        problems.append(f"{owner} arg {arg.name}: default {arg.default!r} is not of type {arg.type}")


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
        if f.counted_by is not None and (f.counted_by not in seen or f.type in SCALAR_TYPES or f.repeat is not None):
            problems.append(f"{where}: counted_by names an earlier count field, on a single record field")
        if f.role == "total_length" and f.type not in ("u32", "u64"):
            problems.append(f"{where}: a total_length is a u32 or u64")
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


def _versions(data: dict, owner: str, known: tuple[str, ...], problems: list[str]) -> frozenset[str] | None:
    text = data.get("versions")
    if text is None:
        return None
    try:
        return parse_versions(text, known)
    except (ValueError, TypeError, AttributeError) as error:
        problems.append(f"{owner}: {error}")
        return None


def _field(data: dict, owner: str, known: tuple[str, ...], problems: list[str]) -> Field:
    keys = {"name", "type", "about", "size", "repeat", "when", "enum", "unit", "role", "default", "tolerant",
            "versions", "counted_by", "error_param"}
    unknown = set(data) - keys
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
        versions=_versions(data, f"{owner}.{data.get('name')}", known, problems),
        counted_by=data.get("counted_by"),
        error_param=data.get("error_param"),
    )


def _records(items: list[dict], kind: str, known: tuple[str, ...], problems: list[str]) -> dict[str, Record]:
    records = {}
    for item in items:
        name = item.get("name", "?")
        own = tuple(_field(f, f"{kind} {name}", known, problems) for f in item.get("fields", []))
        if name in records:
            problems.append(f"duplicate {kind} {name}")
        if not item.get("about"):
            problems.append(f"{kind} {name}: needs an about")
        records[name] = Record(name=name, about=item.get("about", ""), kind=kind, own_fields=own,
                               extends=item.get("extends"), fields=own,
                               versions=_versions(item, f"{kind} {name}", known, problems))
    return records


def _resolve_extends(spec: Spec, problems: list[str]) -> Spec:
    every = {**spec.primitives, **spec.structs, **spec.frames}

    def resolved(record: Record, depth: int) -> tuple[Field, ...]:
        if record.extends is None:
            return record.own_fields
        parent = every.get(record.extends)
        if parent is None or depth > 8:  # depth bound: a cycle must not hang the generator
            problems.append(f"{record.name}: extends unknown or cyclic {record.extends!r}")
            return record.own_fields
        return resolved(parent, depth + 1) + record.own_fields

    def rebuild(records: dict[str, Record]) -> dict[str, Record]:
        return {n: Record(r.name, r.about, r.kind, r.own_fields, r.extends, resolved(r, 0), r.versions)
                for n, r in records.items()}

    return Spec(**{**spec.__dict__, "primitives": rebuild(spec.primitives), "structs": rebuild(spec.structs),
                   "frames": rebuild(spec.frames)})


# Every key a [[command]] may have; the first ones are required.
COMMAND_REQUIRED_KEYS = ("name", "code", "mutates", "replay_safe", "audited", "area", "auth", "permission",
                         "permission_rule", "about", "verified", "request", "response")
COMMAND_KEYS = frozenset(COMMAND_REQUIRED_KEYS) | {"response_repeat", "response_fields", "missing", "versions",
                                                   "operation", "response_count_prefix", "http", "http_absent",
                                                   "example"}
# The keys that say what a command means; each is a bool (see commands.toml).
COMMAND_FLAGS = ("mutates", "replay_safe", "audited")


def _command(data: dict, known: tuple[str, ...], problems: list[str]) -> Command:
    name = data.get("name", "?")
    for key in COMMAND_REQUIRED_KEYS:
        if key not in data:
            problems.append(f"command {name}: missing key {key!r}")
    unknown = set(data) - COMMAND_KEYS
    if unknown:
        problems.append(f"command {name}: unknown keys {sorted(unknown)}")
    for key in COMMAND_FLAGS:
        if key in data and not isinstance(data[key], bool):
            problems.append(f"command {name}: {key} must be true or false, not {data[key]!r}")
    return Command(
        name=name,
        code=data.get("code", -1),
        auth=bool(data.get("auth", True)),
        permission=data.get("permission", ""),
        about=data.get("about", ""),
        verified=data.get("verified", ""),
        request=tuple(_field(f, f"command {name} request", known, problems) for f in data.get("request", [])),
        response=data.get("response", "empty"),
        response_repeat=data.get("response_repeat"),
        response_fields=tuple(_field(f, f"command {name} response", known, problems)
                              for f in data.get("response_fields", [])),
        missing=data.get("missing"),
        permission_rule=data.get("permission_rule", ""),
        versions=_versions(data, f"command {name}", known, problems),
        operation=data.get("operation"),
        response_count_prefix=_versions({"versions": data["response_count_prefix"]}, f"command {name}", known, problems)
        or frozenset() if "response_count_prefix" in data else frozenset(),
        mutates=data.get("mutates") is True,
        replay_safe=data.get("replay_safe") is True,
        audited=data.get("audited") is True,
        http=_http_route(data["http"], f"command {name}: [command.http]", HTTP_KEYS, problems)
        if "http" in data else None,
        http_absent=data.get("http_absent"),
        area=data.get("area", ""),
        example=_command_example(data["example"], name, problems) if "example" in data else None,
    )


def _command_example(data: Any, name: str, problems: list[str]) -> dict[str, Any] | None:
    if not isinstance(data, dict) or set(data) != {"request", "response"}:
        problems.append(f"command {name}: [command.example] needs exactly `request` and `response` (the fields of "
                        "each, as a fixture's `fields`)")
        return None
    return dict(data)


DRIVER_OP_KEYS = frozenset({"name", "commands", "result", "ok", "arg", "about", "versions", "runner_only"})
DRIVER_ARG_KEYS = frozenset({"name", "type", "required", "about", "versions", "runner", "case_only", "default"})


def _driver_op(data: dict, known: tuple[str, ...], problems: list[str]) -> DriverOp:
    name = data.get("name", "?")
    owner = f"driver op {name}"
    for key in ("name", "commands", "result", "ok"):
        if key not in data:
            problems.append(f"{owner}: missing key {key!r}")
    if set(data) - DRIVER_OP_KEYS:
        problems.append(f"{owner}: unknown keys {sorted(set(data) - DRIVER_OP_KEYS)}")
    commands = data.get("commands", [])
    if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
        problems.append(f"{owner}: commands must be a list of command names")
        commands = []
    args = []
    for raw in data.get("arg", []):
        arg_name = raw.get("name", "?")
        where = f"{owner} arg {arg_name}"
        if "name" not in raw or "type" not in raw or not isinstance(raw.get("required"), bool):
            problems.append(f"{where}: needs name, type and required = true|false")
        if set(raw) - DRIVER_ARG_KEYS:
            problems.append(f"{where}: unknown keys {sorted(set(raw) - DRIVER_ARG_KEYS)}")
        args.append(DriverArg(name=arg_name, type=raw.get("type", "?"), required=raw.get("required") is True,
                              about=raw.get("about", ""), versions=_versions(raw, where, known, problems),
                              runner=raw.get("runner"), case_only=raw.get("case_only") is True,
                              default=raw.get("default")))
    versions = _versions(data, owner, known, problems)
    return DriverOp(name=name, commands=tuple(commands), result=data.get("result", ""),
                    ok=_driver_ok(data.get("ok", "null"), owner, versions or frozenset(known), known, problems),
                    args=tuple(args), about=data.get("about", ""), versions=versions,
                    runner_only=data.get("runner_only") is True)


def _driver_ok(value: object, owner: str, versions: frozenset[str], known: tuple[str, ...],
               problems: list[str]) -> tuple[tuple[str, str], ...]:
    """An op's `ok`: one type for every version it has, or a table naming each of them."""
    ordered = [v for v in known if v in versions]
    if isinstance(value, str):
        return tuple((v, value) for v in ordered)
    if not isinstance(value, dict) or not all(isinstance(t, str) for t in value.values()):
        problems.append(f"{owner}: ok must be a type or a table of types by protocol version")
        return ()
    if set(value) != set(ordered):
        problems.append(f"{owner}: ok names versions {sorted(value)}, the op has {ordered}")
    return tuple((v, value[v]) for v in ordered if v in value)


RESULT_SHAPE_KEYS = frozenset({"name", "struct", "fields"})
RESULT_FIELD_KEYS = frozenset({"name", "type", "from", "computed", "versions", "about"})


def _result_shape(data: dict, spec: Spec, known: tuple[str, ...], problems: list[str]) -> ResultShape:
    """A [[shape]]: each field is its struct's (named as there, the type following from the struct's) or says why
    it is computed, so the drivers' JSON keeps the fixtures' `fields` names."""
    name = data.get("name", "?")
    owner = f"driver result shape {name}"
    if set(data) - RESULT_SHAPE_KEYS or "name" not in data or not isinstance(data.get("fields"), list):
        problems.append(f"{owner}: needs name and fields (keys: {sorted(RESULT_SHAPE_KEYS)})")
    struct_name = data.get("struct")
    struct_fields: dict[str, Field] = {}
    if struct_name is not None:
        if struct_name in spec.structs:
            struct_fields = {f.name: f for f in spec.structs[struct_name].fields}
        else:
            problems.append(f"{owner}: struct {struct_name!r} is not in structs.toml")
    fields = []
    for raw in data.get("fields", []):
        item = {"name": raw} if isinstance(raw, str) else raw
        if not isinstance(item, dict) or set(item) - RESULT_FIELD_KEYS or "name" not in item:
            problems.append(f"{owner}: a field is a struct field's name or a table with {sorted(RESULT_FIELD_KEYS)}")
            continue
        where = f"{owner} field {item['name']}"
        computed = item.get("computed", "")
        source = None if computed else item.get("from", item["name"])
        struct_field = struct_fields.get(source) if source else None
        if computed and "from" in item:
            problems.append(f"{where}: computed or from, not both")
        if not computed and struct_field is None:
            problems.append(f"{where}: {source!r} is not a field of struct {struct_name} (else say why it is computed)")
        field_type = item.get("type")
        if field_type is None and struct_field is not None and struct_field.enum is None \
                and struct_field.repeat is None:
            field_type = _RESULT_TYPE_OF_STRUCT_TYPE.get(struct_field.type)
        if field_type is None:
            problems.append(f"{where}: needs a type (the struct's does not say its JSON type)")
            field_type = "?"
        # A field of a struct field some versions lack is in those versions' answers only, unless it says more.
        versions = _versions(item, where, known, problems)
        if versions is None and struct_field is not None:
            versions = struct_field.versions
        fields.append(ResultField(name=item["name"], type=field_type, source=source, computed=computed,
                                  versions=versions, about=item.get("about", "")))
    return ResultShape(name=name, struct=struct_name, fields=tuple(fields))


def result_type_parts(text: str) -> tuple[str, str]:
    """("list", element) / ("or_null", inner) / ("base", name) of an `ok` type; "list of X or null" is a list or
    null (`or null` binds last)."""
    if text.endswith(RESULT_OR_NULL):
        return "or_null", text[: -len(RESULT_OR_NULL)]
    if text.startswith(RESULT_LIST):
        return "list", text[len(RESULT_LIST):]
    return "base", text


def _http_route(data: object, owner: str, keys: frozenset[str], problems: list[str]) -> HttpRoute | None:
    """A [command.http] table or an [[http_route]] entry, its keys and their types checked (the meaning: validate)."""
    if not isinstance(data, dict):
        problems.append(f"{owner}: must be a table")
        return None
    unknown = set(data) - keys
    missing = {"method", "path", "status", "response"} - set(data)
    if unknown:
        problems.append(f"{owner}: unknown keys {sorted(unknown)} (known: {sorted(keys)})")
    if missing:
        problems.append(f"{owner}: missing keys {sorted(missing)}")

    def strings(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            problems.append(f"{owner}: {key} must be a list of strings")
            return ()
        return tuple(value)

    names = data.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(value, str) for value in names.values()):
        problems.append(f"{owner}: names must map entries to strings")
        names = {}
    status = data.get("status")
    if not isinstance(status, int) or isinstance(status, bool):
        problems.append(f"{owner}: status must be an integer")
        status = 0
    return HttpRoute(method=str(data.get("method", "")), path=str(data.get("path", "")), status=status,
                     response=str(data.get("response", "")), query=strings("query"), body=strings("body"),
                     names=tuple(names.items()), omitted=strings("omitted"))


def _http_only_route(data: dict, problems: list[str]) -> HttpOnlyRoute:
    name = data.get("name", "?")
    route = _http_route(data, f"http_route {name}", HTTP_ONLY_ROUTE_KEYS, problems)
    if not isinstance(data.get("auth"), bool) or not data.get("about"):
        problems.append(f"http_route {name}: needs auth = true|false and an about")
    return HttpOnlyRoute(name, bool(data.get("auth", True)), data.get("about", ""),
                         route or HttpRoute("", "", 0, ""))


def _error(data: dict, known: tuple[str, ...], problems: list[str]) -> ErrorDef:
    name = data.get("name", "")
    if not isinstance(data.get("code"), int) or not 0 < data["code"] < 2**32:
        problems.append(f"error {data}: code must be a u32 above 0")
    unknown = set(data) - {"code", "name", "message", "versions", "kind", "params"}
    if unknown:
        problems.append(f"error {name}: unknown keys {sorted(unknown)}")
    if "kind" not in data:
        problems.append(f"error {name}: missing key 'kind'")
    params = data.get("params", [])
    if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
        problems.append(f"error {name}: params must be a list of param names")
        params = []
    return ErrorDef(code=data.get("code", -1), name=name, message=data.get("message", ""),
                    versions=_versions(data, f"error {data.get('code')}", known, problems),
                    kind=str(data.get("kind", "")), params=tuple(params))


def _error_kind(data: dict, problems: list[str]) -> ErrorKind:
    unknown = set(data) - {"name", "about", "for_unlisted_codes"}
    if unknown:
        problems.append(f"error kind {data.get('name')}: unknown keys {sorted(unknown)}")
    return ErrorKind(str(data.get("name", "?")), data.get("about", ""), data.get("for_unlisted_codes") is True)


def _error_param(data: dict, problems: list[str]) -> ErrorParam:
    unknown = set(data) - {"name", "about", "fallback"}
    if unknown:
        problems.append(f"error param {data.get('name')}: unknown keys {sorted(unknown)}")
    return ErrorParam(str(data.get("name", "?")), data.get("about", ""), tuple(data.get("fallback", ())))


# Attributes an enum's values carry beyond name/value/about, per enum, with their Python types.
ENUM_VALUE_ATTRS: dict[str, dict[str, type]] = {
    "Operation": {"plane": str, "result_framed": bool},
    "EvictionReason": {"error": str},
    "HeaderKind": {"fixed_size_bytes": int},
}
OPERATION_PLANES = frozenset({"register", "non_replicated", "logout", "metadata", "partition", "segment", "internal",
                              "reserved"})


def _enum(data: dict, known: tuple[str, ...], problems: list[str]) -> Enum:
    name = data.get("name", "?")
    if data.get("repr") != "u8":
        problems.append(f"enum {name}: only u8 enums exist in this protocol")
    attrs = ENUM_VALUE_ATTRS.get(name, {})
    values = []
    for v in data.get("value", []):
        extra = set(v) - {"name", "value", "about"} - set(attrs)
        missing = set(attrs) - set(v)
        if extra or missing:
            problems.append(f"enum {name}.{v.get('name')}: unknown keys {sorted(extra)}, missing {sorted(missing)}")
        bad = [k for k, kind in attrs.items() if k in v and not isinstance(v[k], kind)]
        if bad:
            problems.append(f"enum {name}.{v.get('name')}: wrong type for {bad}")
        values.append(EnumValue(v["name"], v["value"], v.get("about", ""), tuple((k, v[k]) for k in attrs if k in v)))
    values = tuple(values)
    if not values:
        problems.append(f"enum {name}: has no values")
    for value in values:
        if not 0 <= value.value <= 255:
            problems.append(f"enum {name}.{value.name}: value {value.value} does not fit a u8")
    return Enum(name=name, repr=data.get("repr", ""), about=data.get("about", ""), values=values,
                versions=_versions(data, f"enum {name}", known, problems))


def _option(data: dict, problems: list[str]) -> OptionDef:
    keys = {"scope", "key", "kind", "default", "updatable", "about"}
    if set(data) != keys:
        problems.append(f"option {data.get('key')}: keys must be {sorted(keys)}")
    return OptionDef(data.get("scope", "?"), data.get("key", "?"), data.get("kind", "?"), data.get("default", 0),
                     bool(data.get("updatable", False)), data.get("about", ""))


def _protocol_version(data: dict, problems: list[str]) -> ProtocolVersion:
    name = data.get("name", "?")
    if not isinstance(name, str) or not _VERSION.match(name):
        problems.append(f"version {name!r}: must read MAJOR.MINOR")
    if data.get("framing") not in ("length_code", "vsr"):
        problems.append(f"version {name}: framing must be length_code or vsr")
    if not data.get("about") or not data.get("detect"):
        problems.append(f"version {name}: needs about and detect")
    return ProtocolVersion(str(name), data.get("framing", "?"), data.get("about", ""), data.get("detect", ""))


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
