"""Render the spec's codes, enums and constants as source files for Python, Rust, Go and Java.

Each renderer is a pure function Spec -> str, so `make gen-check` can compare the output with the committed file
without touching disk. Output depends only on the spec (sorted by code, no timestamps) so it is deterministic.
"""

from __future__ import annotations

from .spec import Constant, Spec, upper_snake

BANNER = "generated from protocol-spec by protocol-spec/generator — do not edit"
SOURCE_NOTE = "Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`."
# The Java SDK's reverse-DNS package (Maven groupId io.github.iggy-compat; a package name cannot hold a hyphen).
JAVA_PACKAGE = "io.github.iggycompat.iggy"
JAVA_ROOT = "sdk/java/src/main/java/" + JAVA_PACKAGE.replace(".", "/")

# Widest value of each constant type, so a renderer can spot the u64 sentinels that need special literals.
_SIGNED_LONG_MAX = 2**63 - 1


def camel(upper_snake_name: str) -> str:
    """MESSAGE_HEADER_SIZE -> MessageHeaderSize (Go exported names)."""
    return "".join(part.capitalize() for part in upper_snake_name.split("_"))


def _quote(text: str) -> str:
    """A double-quoted literal valid in Rust, Go, Java and Python (the spec's texts are plain UTF-8)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- Python -----------------------------------------------------------------------------------------------


def render_python(spec: Spec) -> str:
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        f'"""Wire codes, enums and constants of the Iggy {spec.version} TCP protocol."""',
        "",
        "from enum import IntEnum, StrEnum",
        "from typing import Final",
        "",
        "",
        "class ProtocolVersion(IntEnum):",
        '    """A protocol version this code speaks (protocol.toml [[version]]): major * 1000 + minor (they order)."""',
        "",
        *[f"    {v.constant_name} = {version_number(v.name)}  # {v.about}" for v in spec.versions],
        "",
        "",
        "class Command(IntEnum):",
        '    """Command code of a request frame (`length u32 | code u32 | payload`)."""',
        "",
    ]
    out += [f"    {c.constant_name} = {c.code}  # {c.about}" for c in spec.commands]
    unauthenticated = ", ".join(f"Command.{c.constant_name}" for c in spec.unauthenticated_commands)
    empty_when_missing = ", ".join(f"Command.{c.constant_name}" for c in spec.commands if c.missing == "empty")
    replay_safe = ", ".join(f"Command.{c.constant_name}" for c in spec.commands if c.replay_safe)
    audited = ", ".join(f"Command.{c.constant_name}" for c in spec.commands if c.audited)
    out += [
        "",
        "",
        "# Commands a server accepts before login; every other command answers ErrorCode.UNAUTHENTICATED.",
        f"UNAUTHENTICATED_COMMANDS: Final[frozenset[Command]] = frozenset({{{unauthenticated}}})",
        "",
        "# Lookups that answer OK with an empty body (not an error) when the object does not exist.",
        f"EMPTY_WHEN_MISSING_COMMANDS: Final[frozenset[Command]] = frozenset({{{empty_when_missing}}})",
        "",
        "# Commands a client may send again on a new connection after their answer was lost (commands.toml",
        "# `replay_safe`: the lookups and Ping); any other command's outcome is then unknown.",
        f"REPLAY_SAFE_COMMANDS: Final[frozenset[Command]] = frozenset({{{replay_safe}}})",
        "",
        "# Commands the server writes an audit line for (commands.toml `audited`: the administrative changes).",
        f"AUDITED_COMMANDS: Final[frozenset[Command]] = frozenset({{{audited}}})",
        "",
        "# The commands each protocol version has (a code outside its version's set is unknown on that connection).",
        "COMMANDS_BY_VERSION: Final[dict[ProtocolVersion, frozenset[Command]]] = {",
        *[f"    ProtocolVersion.{v.constant_name}: frozenset({{"
          + ", ".join(f"Command.{c.constant_name}" for c in spec.commands if c.in_version(v.name)) + "}),"
          for v in spec.versions],
        "}",
        "",
        "",
        "class ErrorCode(IntEnum):",
        '    """Status of an error response frame (`status u32 | 0u32`); 0 means OK."""',
        "",
    ]
    out += [f"    {e.constant_name} = {e.code}" for e in spec.errors]
    out += ["", "", "# Server message text per error code; '…' stands for a runtime value.",
            "ERROR_MESSAGES: Final[dict[int, str]] = {"]
    out += [f"    {e.code}: {_quote(e.message)}," for e in spec.errors]
    out += ["}"]
    out += _python_error_kinds(spec)
    for enum in spec.enums:
        out += ["", "", f"class {enum.name}(IntEnum):", f'    """{enum.about}"""', ""]
        out += [f"    {v.constant_name} = {v.value}  # {v.about}" for v in enum.values]
    out += ["", ""]
    for constant in spec.constants:
        out += [f"# {constant.about}", f"{constant.name}: Final = {constant.value}"]
    if any(e.name == "HeaderKind" for e in spec.enums):
        sized = [v for v in spec.enum("HeaderKind").values if v.attr("fixed_size_bytes")]
        out += ["", "", "# The size a header value of each fixed-size kind must have (the others: any 1..255 bytes).",
                "HEADER_KIND_FIXED_SIZE_BYTES: Final[dict[HeaderKind, int]] = {"]
        out += [f"    HeaderKind.{v.constant_name}: {v.attr('fixed_size_bytes')}," for v in sized]
        out += ["}"]
    out += _python_enum_attribute_tables(spec)
    return "\n".join(out) + "\n"


def _python_error_kinds(spec: Spec) -> list[str]:
    """ErrorKind, each code's kind and params, each command's request field per param, and the kind predicates."""
    unlisted = spec.unlisted_error_kind
    out = ["", "", "class ErrorKind(StrEnum):",
           f'    """What a caller branches on (errors.toml [[kind]]); {unlisted.constant_name}: '
           f'{unlisted.about}"""', ""]
    for kind in spec.error_kinds:
        out += [f"    # {kind.about}", f"    {kind.constant_name} = {_quote(kind.name)}"]
    out += ["", "", f"# The kind of every error code; a code not listed here is ErrorKind.{unlisted.constant_name}.",
            "ERROR_KINDS: Final[dict[int, ErrorKind]] = {"]
    out += [f"    ErrorCode.{e.constant_name}: ErrorKind.{e.kind.upper()}," for e in spec.errors]
    out += ["}", "", "# What each \"…\" of an error's message names, in order (errors.toml params).",
            "ERROR_PARAMS: Final[dict[int, tuple[str, ...]]] = {"]
    out += [f"    ErrorCode.{e.constant_name}: ({', '.join(map(_quote, e.params))}{',' * (len(e.params) == 1)}),"
            for e in spec.errors if e.params]
    out += ["}", "", "# Per command: error param -> the request field whose value fills it (commands.toml "
            "error_param).",
            "REQUEST_ERROR_PARAMS: Final[dict[Command, dict[str, str]]] = {"]
    for command in spec.commands:
        fields = spec.error_param_fields(command)
        if fields:
            pairs = ", ".join(f"{_quote(p)}: {_quote(f)}" for p, f in fields.items())
            out.append(f"    Command.{command.constant_name}: {{{pairs}}},")
    out += ["}", "", "", "class ErrorKindPredicates:",
            '    """One `is_<kind>()` per ErrorKind, for a class with a `kind` (iggy.errors.IggyError)."""', "",
            "    __slots__ = ()", "    kind: ErrorKind"]
    for kind in spec.error_kinds:
        out += ["", f"    def is_{kind.name}(self) -> bool:", f'        """{kind.about}"""',
                f"        return self.kind is ErrorKind.{kind.constant_name}"]
    return out


def version_number(name: str) -> int:
    """"0.9" -> 9, "1.2" -> 1002: a version's number in the generated ProtocolVersion enums (they order)."""
    major, minor = name.split(".")
    return int(major) * 1000 + int(minor)


def _python_enum_attribute_tables(spec: Spec) -> list[str]:
    """The per-value attributes of Operation and EvictionReason, and each command's 0.9 operation."""
    names = {e.name for e in spec.enums}
    if not {"Operation", "EvictionReason"} <= names:
        return []
    operation = spec.enum("Operation")
    out = ["", "", "# Operation -> plane (register, non_replicated, logout, metadata, partition, segment, internal).",
           "OPERATION_PLANES: Final[dict[Operation, str]] = {"]
    out += [f"    Operation.{v.constant_name}: {_quote(str(v.attr('plane')))}," for v in operation.values]
    framed = ", ".join(f"Operation.{v.constant_name}" for v in operation.values if v.attr("result_framed"))
    out += ["}", "", "# Operations whose reply body starts with a result section (Register: unless the body is empty).",
            f"RESULT_FRAMED_OPERATIONS: Final[frozenset[Operation]] = frozenset({{{framed}}})", "",
            "# The operation a command's 0.9 request carries; a command not listed travels as NonReplicated.",
            "COMMAND_OPERATIONS: Final[dict[Command, Operation]] = {"]
    out += [f"    Command.{c.constant_name}: Operation.{upper_snake(c.operation)},"
            for c in spec.commands if c.operation is not None]
    out += ["}", "", "# The error a client reports for each eviction reason.",
            "EVICTION_ERRORS: Final[dict[EvictionReason, ErrorCode]] = {"]
    out += [f"    EvictionReason.{v.constant_name}: ErrorCode.{upper_snake(str(v.attr('error')))},"
            for v in spec.enum("EvictionReason").values]
    out += ["}"]
    if spec.options:
        out += ["", "", "# The 0.9 option catalogs (options.toml): (scope, key) -> (kind, default, updatable, about).",
                "OPTION_CATALOG: Final[",
                "    dict[tuple[OptionScope, str], tuple[HeaderKind, int | str | bool, bool, str]]",
                "] = {"]
        out += [f"    (OptionScope.{o.scope.upper()}, {_quote(o.key)}): (HeaderKind.{upper_snake(o.kind)}, "
                f"{_quote(o.default) if isinstance(o.default, str) else repr(o.default)}, {o.updatable}, "
                f"{_quote(o.about)}),"
                for o in spec.options]
        out += ["}"]
    return out


# --- Rust -------------------------------------------------------------------------------------------------


def _rust_literal(constant: Constant) -> str:
    if constant.type == "u64" and constant.value == 2**64 - 1:
        return "u64::MAX"
    if constant.type == "u32" and constant.value == 2**32 - 1:
        return "u32::MAX"
    return f"{constant.value:_}" if constant.value >= 10_000 else str(constant.value)


def render_rust(spec: Spec) -> str:
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"// Wire codes, enums and constants of the Iggy {spec.version} TCP protocol.",
        "",
        "/// Command code of a request frame (`length u32 | code u32 | payload`).",
        "#[allow(dead_code)]",
        "pub mod command_code {",
    ]
    for command in spec.commands:
        out += [f"    /// {command.about}", f"    pub const {command.constant_name}: u32 = {command.code};"]
    out += [
        "",
        "    /// Every command code, ascending.",
        f"    pub const ALL: [u32; {len(spec.commands)}] = [",
        *[f"        {c.constant_name}," for c in spec.commands],
        "    ];",
        "",
        "    /// Commands a server accepts before login; every other command answers 40 Unauthenticated.",
        f"    pub const UNAUTHENTICATED: [u32; {len(spec.unauthenticated_commands)}] = ["
        + ", ".join(c.constant_name for c in spec.unauthenticated_commands) + "];",
        "",
        "    /// Iggy's name of a command code.",
        "    pub fn name(code: u32) -> Option<&'static str> {",
        "        match code {",
        *[f"            {c.constant_name} => Some({_quote(c.name)})," for c in spec.commands],
        "            _ => None,",
        "        }",
        "    }",
        "}",
        "",
        "/// Status of an error response frame (`status u32 | 0u32`); 0 means OK.",
        "#[allow(dead_code)]",
        "pub mod error_code {",
    ]
    out += [f"    pub const {e.constant_name}: u32 = {e.code};" for e in spec.errors]
    out += [
        "",
        "    /// Server message text of an error code ('…' stands for a runtime value).",
        "    pub fn message(code: u32) -> Option<&'static str> {",
        "        match code {",
        *[f"            {e.constant_name} => Some({_quote(e.message)})," for e in spec.errors],
        "            _ => None,",
        "        }",
        "    }",
        "",
        "    /// Iggy's name of an error code.",
        "    pub fn name(code: u32) -> Option<&'static str> {",
        "        match code {",
        *[f"            {e.constant_name} => Some({_quote(e.name)})," for e in spec.errors],
        "            _ => None,",
        "        }",
        "    }",
        "}",
    ]
    for enum in spec.enums:
        out += ["", f"/// {enum.about}", "#[allow(dead_code)]", f"pub mod {upper_snake(enum.name).lower()} {{"]
        for value in enum.values:
            out += [f"    /// {value.about}", f"    pub const {value.constant_name}: {enum.repr} = {value.value};"]
        names = [f"            {v.constant_name} => Some({_quote(v.name)})," for v in enum.values]
        out += ["", "    /// Iggy's name of a value.",
                f"    pub fn name(value: {enum.repr}) -> Option<&'static str> {{",
                "        match value {", *names, "            _ => None,", "        }", "    }"]
        if enum.name == "HeaderKind":
            out += ["", "    /// The size a value of this kind must have; None for a kind of any 1..255 bytes or an "
                    "unknown kind.", f"    pub fn fixed_size_bytes(value: {enum.repr}) -> Option<usize> {{",
                    "        match value {"]
            out += [f"            {v.constant_name} => Some({v.attr('fixed_size_bytes')}),"
                    for v in enum.values if v.attr("fixed_size_bytes")]
            out += ["            _ => None,", "        }", "    }"]
        out += ["}"]
    out += ["", "/// Sizes, sentinels and limits of the protocol.", "#[allow(dead_code)]", "pub mod constants {"]
    for constant in spec.constants:
        literal = _rust_literal(constant)
        out += [f"    /// {constant.about}", f"    pub const {constant.name}: {constant.type} = {literal};"]
    out += ["}"]
    return "\n".join(out) + "\n"


# --- Go ---------------------------------------------------------------------------------------------------

_GO_TYPES = {"u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64", "usize": "int"}


def render_go(spec: Spec) -> str:
    # Every constant is its own declaration and every table a switch: gofmt then has nothing to align, so the
    # output is gofmt-clean without running gofmt (the generator stays stdlib-only).
    names = ", ".join(v.name for v in spec.versions)
    out = [
        f"// {BANNER}",
        "// Code generated by protocol-spec/generator. DO NOT EDIT.",
        f"// {SOURCE_NOTE}",
        "",
        f"// Package iggy holds the wire codes, enums and constants of the Iggy TCP protocol, versions {names}.",
        "package iggy",
        "",
        "// ProtocolVersion is an Iggy wire protocol version this SDK speaks: major*1000 + minor, so versions order.",
        "type ProtocolVersion uint16",
    ]
    for version in spec.versions:
        out += ["", f"// {_go_protocol(version.name)}: {version.about}",
                f"const {_go_protocol(version.name)} ProtocolVersion = {version_number(version.name)}"]
    out += [
        "",
        "// AllProtocolVersions lists the protocol versions, oldest first.",
        "var AllProtocolVersions = []ProtocolVersion{" + ", ".join(_go_protocol(v.name) for v in spec.versions) + "}",
        "",
        "// String returns the version as the `protocol` option spells it (\"0.9\"), or \"\" for an unknown one.",
        "func (v ProtocolVersion) String() string {",
        "\tswitch v {",
        *[f"\tcase {_go_protocol(v.name)}:\n\t\treturn {_quote(v.name)}" for v in spec.versions],
        "\t}",
        "\treturn \"\"",
        "}",
        "",
        "// Command is the code of a request frame (`length u32 | code u32 | payload`; 0.9: the request header).",
        "type Command uint32",
    ]
    for command in spec.commands:
        out += ["", f"// Command{command.name}: {command.about}",
                f"const Command{command.name} Command = {command.code}"]
    out += [
        "",
        "// AllCommands lists every command code, ascending.",
        "var AllCommands = []Command{",
        *[f"\tCommand{c.name}," for c in spec.commands],
        "}",
        "",
        "// String returns Iggy's name of the command, or \"\" for an unknown code.",
        "func (c Command) String() string {",
        "\tswitch c {",
        *[f"\tcase Command{c.name}:\n\t\treturn {_quote(c.name)}" for c in spec.commands],
        "\t}",
        "\treturn \"\"",
        "}",
        "",
        "// RequiresAuth reports whether the server answers 40 Unauthenticated to this command before login.",
        "func (c Command) RequiresAuth() bool {",
        "\tswitch c {",
        "\tcase " + ", ".join(f"Command{c.name}" for c in spec.unauthenticated_commands) + ":",
        "\t\treturn false",
        "\t}",
        "\treturn true",
        "}",
    ]
    limited = [c for c in spec.commands if c.versions is not None and not c.versions >= set(spec.version_names)]
    out += [
        "",
        "// InProtocol reports whether the command exists in a protocol version (an unknown code exists in none).",
        "func (c Command) InProtocol(v ProtocolVersion) bool {",
        "\tswitch c {",
    ]
    for command in limited:
        tests = " || ".join(f"v == {_go_protocol(n)}" for n in spec.version_names if command.in_version(n))
        out += [f"\tcase Command{command.name}:", f"\t\treturn {tests}"]
    out += [
        "\t}",
        "\treturn c.String() != \"\" && v.String() != \"\"",
        "}",
    ]
    operations = {v.name for e in spec.enums if e.name == "Operation" for v in e.values}
    if operations:
        out += [
            "",
            "// Operation answers what a 0.9 request of this command carries in its header (NonReplicated for a",
            "// command without an operation of its own: its code then rides in the header).",
            "func (c Command) Operation() Operation {",
            "\tswitch c {",
            *[f"\tcase Command{c.name}:\n\t\treturn Operation{c.operation}" for c in spec.commands if c.operation],
            "\t}",
            "\treturn OperationNonReplicated",
            "}",
        ]
    out += [
        "",
        "// ErrorCode is the status of an error response frame (`status u32 | 0u32`); 0 means OK.",
        "type ErrorCode uint32",
        "",
        *[f"const ErrorCode{e.name} ErrorCode = {e.code}" for e in spec.errors],
        "",
        "// AllErrorCodes lists every error code, ascending.",
        "var AllErrorCodes = []ErrorCode{",
        *[f"\tErrorCode{e.name}," for e in spec.errors],
        "}",
        "",
        "// String returns Iggy's name of the error code, or \"\" for an unknown code.",
        "func (e ErrorCode) String() string {",
        "\tswitch e {",
        *[f"\tcase ErrorCode{e.name}:\n\t\treturn {_quote(e.name)}" for e in spec.errors],
        "\t}",
        "\treturn \"\"",
        "}",
        "",
        "// Message returns the server's message text ('…' stands for a runtime value), or \"\" for an unknown code.",
        "func (e ErrorCode) Message() string {",
        "\tswitch e {",
        *[f"\tcase ErrorCode{e.name}:\n\t\treturn {_quote(e.message)}" for e in spec.errors],
        "\t}",
        "\treturn \"\"",
        "}",
    ]
    out += _go_error_kinds(spec)
    for enum in spec.enums:
        out += ["", f"// {enum.name}: {enum.about}", f"type {enum.name} {_GO_TYPES[enum.repr]}"]
        for value in enum.values:
            out += ["", f"// {enum.name}{value.name}: {value.about}",
                    f"const {enum.name}{value.name} {enum.name} = {value.value}"]
        out += [
            "",
            f"// String returns the spec's name of the value, or \"\" for an unknown one.",
            f"func (v {enum.name}) String() string {{",
            "\tswitch v {",
            *[f"\tcase {enum.name}{value.name}:\n\t\treturn {_quote(value.name)}" for value in enum.values],
            "\t}",
            "\treturn \"\"",
            "}",
        ]
    out += _go_enum_attributes(spec)
    for constant in spec.constants:
        out += ["", f"// {camel(constant.name)}: {constant.about}",
                f"const {camel(constant.name)} {_GO_TYPES[constant.type]} = {constant.value}"]
    out += _go_option_catalog(spec)
    return "\n".join(out) + "\n"


def _go_error_kinds(spec: Spec) -> list[str]:
    """ErrorKind (errors.toml [[kind]]) as sentinel errors, each code's kind and params."""
    unlisted = spec.unlisted_error_kind
    out = ["", "// ErrorKind is what a caller branches on (protocol-spec/spec/errors.toml [[kind]]). A kind is an "
           "error value", "// matching every *Error of that kind: errors.Is(err, iggy.ErrNotFound).",
           "type ErrorKind uint8"]
    for number, kind in enumerate(spec.error_kinds, start=1):
        out += ["", f"// ErrorKind{kind.camel_name}: {kind.about}",
                f"const ErrorKind{kind.camel_name} ErrorKind = {number}"]
    out += ["", "// AllErrorKinds lists every kind, in the spec's order.",
            "var AllErrorKinds = []ErrorKind{" + ", ".join(f"ErrorKind{k.camel_name}" for k in spec.error_kinds) + "}",
            "", "// String returns the spec's name of the kind (\"not_found\"), or \"\" for an unknown value.",
            "func (k ErrorKind) String() string {", "\tswitch k {"]
    out += [f"\tcase ErrorKind{k.camel_name}:\n\t\treturn {_quote(k.name)}" for k in spec.error_kinds]
    out += ["\t}", "\treturn \"\"", "}", "",
            "// Error makes a kind a sentinel: errors.Is(err, iggy.ErrorKindNotFound) tests an *Error's kind.",
            "func (k ErrorKind) Error() string { return k.String() }"]
    for kind in spec.error_kinds:
        out += ["", f"// Err{kind.camel_name}: {kind.about}",
                f"var Err{kind.camel_name} error = ErrorKind{kind.camel_name}"]
    by_kind: dict[str, list[str]] = {}
    for error in spec.errors:
        by_kind.setdefault(error.kind, []).append(f"ErrorCode{error.name}")
    out += ["", f"// Kind answers what a caller branches on; ErrorKind{unlisted.camel_name} for a code the spec does "
            "not list.",
            "func (e ErrorCode) Kind() ErrorKind {", "\tswitch e {"]
    for kind in spec.error_kinds:
        if kind.name in by_kind:
            out += [f"\tcase {', '.join(by_kind[kind.name])}:", f"\t\treturn ErrorKind{kind.camel_name}"]
    out += ["\t}", f"\treturn ErrorKind{unlisted.camel_name}", "}", "",
            "// Params answers what each '…' of Message names, in order (errors.toml params: stream, topic, ...).",
            "func (e ErrorCode) Params() []string {", "\tswitch e {"]
    out += [f"\tcase ErrorCode{e.name}:\n\t\treturn []string{{{', '.join(map(_quote, e.params))}}}"
            for e in spec.errors if e.params]
    out += ["\t}", "\treturn nil", "}"]
    return out


def _go_protocol(name: str) -> str:
    """"0.9" -> ProtocolV0_9 (the Go SDK's ProtocolVersion constant)."""
    return "ProtocolV" + name.replace(".", "_")


def _go_enum_attributes(spec: Spec) -> list[str]:
    """The per-value attributes of Operation (plane, result framing) and EvictionReason (the error reported)."""
    names = {e.name for e in spec.enums}
    out: list[str] = []
    if "Operation" in names:
        operation = spec.enum("Operation")
        planes: dict[str, list[str]] = {}
        for value in operation.values:
            planes.setdefault(str(value.attr("plane")), []).append(f"Operation{value.name}")
        out += ["", "// Plane answers the operation's plane: register, non_replicated, logout, metadata, partition, "
                "segment,", "// internal (never from a client) or reserved; \"\" for an unknown value.",
                "func (v Operation) Plane() string {", "\tswitch v {"]
        for plane, members in planes.items():
            out += [f"\tcase {', '.join(members)}:", f"\t\treturn {_quote(plane)}"]
        out += ["\t}", "\treturn \"\"", "}"]
        framed = [f"Operation{v.name}" for v in operation.values if v.attr("result_framed")]
        out += ["", "// ResultFramed reports whether a reply to the operation starts with a result section (count u32,",
                "// then count x {index u32, result u32}; Register: only when its body is not empty).",
                "func (v Operation) ResultFramed() bool {", "\tswitch v {", f"\tcase {', '.join(framed)}:",
                "\t\treturn true", "\t}", "\treturn false", "}"]
    if "EvictionReason" in names:
        reasons: dict[str, list[str]] = {}
        for value in spec.enum("EvictionReason").values:
            reasons.setdefault(str(value.attr("error")), []).append(f"EvictionReason{value.name}")
        out += ["", "// ErrorCode answers the error a client reports for the eviction (an unknown reason reads as",
                "// Unauthenticated, as the official clients read it).",
                "func (v EvictionReason) ErrorCode() ErrorCode {", "\tswitch v {"]
        for error, members in reasons.items():
            out += [f"\tcase {', '.join(members)}:", f"\t\treturn ErrorCode{error}"]
        out += ["\t}", "\treturn ErrorCodeUnauthenticated", "}"]
    return out


def _go_option_catalog(spec: Spec) -> list[str]:
    if not spec.options:
        return []
    out = ["", "// OptionSpec is one key of a 0.9 option catalog (protocol-spec/spec/options.toml).",
           "type OptionSpec struct {", "\tScope     OptionScope", "\tKey       string",
           "\tKind      HeaderKind // how a value is stored (a String value is parsed into it)",
           "\tDefault   string     // the build-constant default, as text",
           "\tUpdatable bool       // UpdateTopic may change it",
           "\tAbout     string", "}", "", "// OptionCatalog lists every key of every scope's option catalog.",
           "var OptionCatalog = []OptionSpec{"]
    for o in spec.options:
        default = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
        out.append(f"\t{{Scope: OptionScope{o.scope.capitalize()}, Key: {_quote(o.key)}, Kind: HeaderKind{o.kind}, "
                   f"Default: {_quote(default)}, Updatable: {'true' if o.updatable else 'false'}, "
                   f"About: {_quote(o.about)}}},")
    out.append("}")
    return out


# --- Java -------------------------------------------------------------------------------------------------


def _java_literal(constant: Constant) -> tuple[str, str]:
    """(Java type, literal): unsigned u32/u64 values live in a long; u64 above Long.MAX_VALUE as raw hex bits."""
    if constant.type in ("u32", "u64"):
        if constant.value > _SIGNED_LONG_MAX:
            return "long", f"0x{constant.value:X}L"
        return "long", f"{constant.value}L"
    return "int", str(constant.value)


def _javadoc_text(text: str) -> str:
    """Spec text made safe inside a Javadoc comment (doclint refuses raw HTML and a comment end)."""
    return text.replace("*/", "*&#47;").replace("<", "&lt;").replace(">", "&gt;").replace("@", "&#64;")


def render_java(spec: Spec) -> str:
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"package {JAVA_PACKAGE};",
        "",
        "import java.util.List;",
        "import java.util.Map;",
        "import java.util.Set;",
        "",
        f"/** Wire codes, enums and constants of the Iggy {spec.version} TCP protocol. */",
        "public final class Codes {",
        "    private Codes() {}",
        "",
        "    /** Command code of a request frame ({@code length u32 | code u32 | payload}). */",
        "    public static final class Command {",
        "        private Command() {}",
        "",
    ]
    for command in spec.commands:
        out += [f"        /** {_javadoc_text(command.about)} */",
                f"        public static final int {command.constant_name} = {command.code};"]
    out += [
        "",
        "        /** Every command code, ascending. */",
        "        public static final List<Integer> ALL = List.of(",
        ",\n".join(f"            {c.constant_name}" for c in spec.commands) + ");",
        "",
        "        /** Commands a server accepts before login; every other one answers 40 Unauthenticated. */",
        "        public static final Set<Integer> UNAUTHENTICATED = Set.of("
        + ", ".join(c.constant_name for c in spec.unauthenticated_commands) + ");",
        "    }",
        "",
        "    /** Status of an error response frame ({@code status u32 | 0u32}); 0 means OK. */",
        "    public static final class ErrorCode {",
        "        private ErrorCode() {}",
        "",
        *[f"        public static final int {e.constant_name} = {e.code};" for e in spec.errors],
        "    }",
        "",
        "    /** Server message text per error code ('…' stands for a runtime value). */",
        "    public static final Map<Integer, String> ERROR_MESSAGES = Map.ofEntries(",
        ",\n".join(f"        Map.entry({e.code}, {_quote(e.message)})" for e in spec.errors) + ");",
    ]
    for enum in spec.enums:
        if enum.versions is not None:
            out += _java_typed_enum(enum)
            continue
        out += ["", f"    /** {_javadoc_text(enum.about)} */", f"    public static final class {enum.name} {{",
                f"        private {enum.name}() {{}}", ""]
        for value in enum.values:
            out += [f"        /** {_javadoc_text(value.about)} */",
                    f"        public static final int {value.constant_name} = {value.value};"]
        out += ["    }"]
    out += ["", "    /** Sizes, sentinels and limits of the protocol (u32/u64 in a long; u64::MAX is -1L). */",
            "    public static final class Constants {", "        private Constants() {}", ""]
    for constant in spec.constants:
        java_type, literal = _java_literal(constant)
        out += [f"        /** {_javadoc_text(constant.about)} */",
                f"        public static final {java_type} {constant.name} = {literal};"]
    out += ["    }"]
    out += _java_option_catalog(spec)
    out += ["}"]
    return "\n".join(out) + "\n"


# Attribute -> (Java type, literal of a spec value) of the typed enums' per-value attributes.
def _java_enum_attribute(key: str, value: object) -> tuple[str, str]:
    if key == "error":
        return "io.github.iggycompat.iggy.ErrorCode", f"io.github.iggycompat.iggy.ErrorCode.{upper_snake(str(value))}"
    if isinstance(value, bool):
        return "boolean", str(value).lower()
    if isinstance(value, int):
        return "int", str(value)
    return "String", _quote(str(value))


def _java_lower_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _java_typed_enum(enum) -> list[str]:
    """An enum some protocol versions added, as a Java enum (the wire value and the spec's per-value attributes);
    the enums every version has stay int constants, as the 0.8 API published them."""
    keys = [key for key, _ in enum.values[0].attrs]
    types = {key: _java_enum_attribute(key, value)[0] for key, value in enum.values[0].attrs}
    out = ["", f"    /** {_javadoc_text(enum.about)} */", f"    public enum {enum.name} {{"]
    rows = []
    for value in enum.values:
        args = ", ".join([str(value.value)] + [_java_enum_attribute(key, value.attr(key))[1] for key in keys])
        rows.append(f"        /** {_javadoc_text(value.about)} */\n        {value.constant_name}({args})")
    out += [",\n".join(rows) + ";", ""]
    out += ["        private final int value;"]
    out += [f"        private final {types[key]} {_java_lower_camel(key)};" for key in keys]
    params = ", ".join(["int value"] + [f"{types[key]} {_java_lower_camel(key)}" for key in keys])
    out += ["", f"        {enum.name}({params}) {{", "            this.value = value;"]
    out += [f"            this.{_java_lower_camel(key)} = {_java_lower_camel(key)};" for key in keys]
    out += ["        }", "", "        /** The wire value. */", "        public int value() {",
            "            return value;", "        }"]
    for key in keys:
        out += ["", f"        /** The spec's `{key}` of this value. */",
                f"        public {types[key]} {_java_lower_camel(key)}() {{",
                f"            return {_java_lower_camel(key)};", "        }"]
    out += ["", "        /** The value with wire value {@code value}, or null for one the spec does not define. */",
            f"        public static {enum.name} fromValue(int value) {{",
            f"            for ({enum.name} v : values()) {{", "                if (v.value == value) {",
            "                    return v;", "                }", "            }", "            return null;",
            "        }", "    }"]
    return out


def _java_option_catalog(spec: Spec) -> list[str]:
    """The 0.9 option catalogs (options.toml) as a list of OptionSpec rows."""
    if not spec.options:
        return []
    out = ["", "    /** One key of a 0.9 option catalog (options.toml): its scope, HeaderKind, default (as text; u64",
           "     * sentinels as decimal), whether UpdateTopic may change it, and what it sets. */",
           "    public record OptionSpec(OptionScope scope, String key, int kind, String defaultValue,",
           "                             boolean updatable, String about) {}", "",
           "    /** Every key of every option catalog, in the spec's order. */",
           "    public static final List<OptionSpec> OPTION_CATALOG = List.of("]
    rows = []
    for option in spec.options:
        default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
        rows.append(f"        new OptionSpec(OptionScope.{option.scope.upper()}, {_quote(option.key)}, "
                    f"HeaderKind.{upper_snake(option.kind)}, {_quote(default)}, {str(option.updatable).lower()}, "
                    f"{_quote(option.about)})")
    out += [",\n".join(rows) + ");"]
    return out
