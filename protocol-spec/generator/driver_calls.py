"""The conformance drivers' calls of plain ops, generated for our four SDKs' drivers.

A plain op (driver_ops.toml) runs one command through the SDK method named after it, with every JSON arg passed in
table order as a positional parameter, and answers `null`, a one-field object around the method's scalar result
(`{token}`), or records of plain fields read from the SDK's record by the struct's field names (`stream`,
`list of group`, `S or null`). Such an op needs no hand-written case in any driver: each driver's dispatch falls
back to the module emitted here, and its hello advertises the module's op list. What makes an op plain (`plain_calls`):

- it names exactly one command, its name is that command's in snake_case, and it has no `versions` of its own;
- every arg is an identifier, a string, an integer or a boolean, required or with a declared default (absence that
  means something of its own needs a driver's judgement); an integer arg is a request field of the command by the
  same name, whose wire type gives each language's integer type;
- its `ok` is the same in every version: `null`, a shape of one computed scalar field, or a shape of a struct whose
  fields are all the struct's own integers, strings and booleans, with no conversion (`about`) and no `versions`
  (alone, as "list of" it, or as "it or null").

Anything else (options maps, enums by name, nested records) stays hand-written in each driver, where the SDK's
idiom for it lives. The method names per language are the ones protocol-spec/tests/test_command_coverage.py checks
(`delete_stream`, `delete_stream`, `DeleteStream`, `deleteStream`).

Each language's module leans on its driver's own argument readers (Rust `convert::arg_str`, Go `args.ident`, Java
`Driver.id`), so a plain op reads its args exactly as the hand-written ops do.
"""

from __future__ import annotations

from dataclasses import dataclass

from .driver_tables import GO_DRIVER_PATH, JAVA_SDK_DRIVER_PATH, PYTHON_SDK_DRIVER_PATH, RUST_SDK_DRIVER_PATH
from .languages import BANNER, SOURCE_NOTE
from .codec_go import go_name
from .codec_java import lower_camel
from .spec import RESULT_LIST, RESULT_OR_NULL, Command, DriverOp, Spec, snake

PYTHON_CALLS_PATH = PYTHON_SDK_DRIVER_PATH.replace("_driver_ops.py", "_driver_calls.py")
RUST_CALLS_PATH = RUST_SDK_DRIVER_PATH.replace("driver_ops.rs", "driver_calls.rs")
GO_CALLS_PATH = GO_DRIVER_PATH.replace("driver_ops_gen.go", "driver_calls_gen.go")
JAVA_CALLS_PATH = JAVA_SDK_DRIVER_PATH.replace("DriverOps.java", "DriverCalls.java")

_SCALAR_ARG_TYPES = frozenset({"identifier", "string", "integer", "boolean"})
_INTEGER_WIRE_TYPES = ("u8", "u16", "u32", "u64")
_SCALAR_RESULT_TYPES = frozenset({"integer", "string", "boolean"})


@dataclass(frozen=True)
class CallArg:
    name: str  # the JSON key
    type: str  # identifier, string, integer or boolean
    wire_type: str | None  # an integer's request field type (u8 .. u64)


@dataclass(frozen=True)
class ResultField:
    name: str  # the JSON key
    source: str  # the SDK record's field (the spec struct's)
    wire_type: str  # the struct field's type (a u64 is unsigned where a language's integers are not)


@dataclass(frozen=True)
class CallResult:
    """What a plain op answers beyond `null`: `{field: <the method's scalar result>}` ("field"), a record of plain
    fields ("record", `nullable` when the op answers "S or null") or a list of such records ("list")."""

    kind: str
    fields: tuple[ResultField, ...]
    nullable: bool = False


@dataclass(frozen=True)
class PlainCall:
    op: str
    command: str  # CamelCase, as commands.toml names it
    args: tuple[CallArg, ...]
    result: CallResult | None  # None: the op answers null


def _plain_call(spec: Spec, op: DriverOp) -> PlainCall | None:
    if op.runner_only or op.versions is not None or len(op.commands) != 1:
        return None
    command: Command = spec.command(op.commands[0])
    if snake(command.name) != op.name:
        return None
    fields = {field.name: field for field in command.request}
    args: list[CallArg] = []
    for arg in op.args:
        if arg.case_only or arg.runner or arg.versions is not None or arg.type not in _SCALAR_ARG_TYPES:
            return None
        if not arg.required and arg.default is None:
            return None
        wire_type = None
        if arg.type == "integer":
            field = fields.get(arg.name)
            if field is None or field.type not in _INTEGER_WIRE_TYPES:
                return None
            wire_type = field.type
        args.append(CallArg(arg.name, arg.type, wire_type))
    oks = {ok for _, ok in op.ok}
    if len(oks) != 1:
        return None
    (ok,) = oks
    if ok == "null":
        return PlainCall(op.name, command.name, tuple(args), None)
    result = _call_result(spec, ok)
    return None if result is None else PlainCall(op.name, command.name, tuple(args), result)


def _call_result(spec: Spec, ok: str) -> CallResult | None:
    """The answer of a plain op, or None when a driver must write it (a record with a field that needs a
    conversion: an enum, a nested record, a field of some versions only, a computed one)."""
    kind, nullable = "record", False
    if ok.startswith(RESULT_LIST):
        kind, ok = "list", ok[len(RESULT_LIST):]
    elif ok.endswith(RESULT_OR_NULL):
        nullable, ok = True, ok[: -len(RESULT_OR_NULL)]
    shape = next((s for s in spec.result_shapes if s.name == ok), None)
    if shape is None:
        return None
    if shape.struct is None:  # one computed field around the method's scalar result
        if kind != "record" or nullable or len(shape.fields) != 1:
            return None
        (field,) = shape.fields
        if field.versions is not None or field.type not in _SCALAR_RESULT_TYPES:
            return None
        return CallResult("field", (ResultField(field.name, "", ""),))
    struct_types = {f.name: f.type for f in spec.structs[shape.struct].fields}
    fields = []
    for field in shape.fields:
        if (field.source is None or field.about or field.versions is not None or field.type not in
                _SCALAR_RESULT_TYPES or field.source not in struct_types):
            return None
        fields.append(ResultField(field.name, field.source, struct_types[field.source]))
    return CallResult(kind, tuple(fields), nullable)


def plain_calls(spec: Spec) -> list[PlainCall]:
    """The plain ops, in driver_ops.toml's order."""
    return [call for op in spec.driver_ops if (call := _plain_call(spec, op)) is not None]


def _java_method(command: str) -> str:
    """DeleteStream -> deleteStream (the name test_command_coverage.py checks on IggyClient)."""
    return command[0].lower() + command[1:]


_HEADER_TEXT = ("the conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml "
                "(protocol-spec/generator/driver_calls.py)")
_HEADER_SENTENCE = _HEADER_TEXT[0].upper() + _HEADER_TEXT[1:]


# --- Python --------------------------------------------------------------------------------------------------------

def _python_tuple(items: list[str]) -> str:
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def render_python_calls(spec: Spec) -> str:
    lines = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        f'"""{_HEADER_SENTENCE}.',
        "",
        "CALLS: op -> (the IggyClient method, its args in order, the answer's kind, its fields). The kind is null,",
        'field (`{name: result}`), record (`{name: result.source, ...}`, null for None) or list (of such records);',
        "fields are (JSON name, the SDK record's attribute) pairs. The driver binds the args to the method's",
        "parameters in order (a keyword-only one too: the SDK's order is the contract, as in the Rust, Go and Java",
        "drivers) and passes each JSON value as it is: the SDK takes an id or a name for an identifier.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "CALLS: dict[str, tuple[str, tuple[str, ...], str, tuple[tuple[str, str], ...]]] = {",
    ]
    for call in plain_calls(spec):
        names = _python_tuple([f'"{arg.name}"' for arg in call.args]) if call.args else "()"
        kind = "null" if call.result is None else call.result.kind
        pairs = [f'("{f.name}", "{f.source}")' for f in call.result.fields] if call.result else []
        fields = _python_tuple(pairs) if pairs else "()"
        lines.append(f'    "{call.op}": ("{snake(call.command)}", {names}, "{kind}", {fields}),')
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- Rust ----------------------------------------------------------------------------------------------------------

def _rust_arg(arg: CallArg) -> str:
    if arg.type == "identifier":
        return f'identifier(arg(args, "{arg.name}")?)?'
    if arg.type == "string":
        return f'arg_str(args, "{arg.name}")?'
    if arg.type == "boolean":
        return f'arg_bool(args, "{arg.name}")?'
    if arg.wire_type in ("u32", "u64"):
        return f'arg_{arg.wire_type}(args, "{arg.name}")?'
    return (f'{arg.wire_type}::try_from(arg_u64(args, "{arg.name}")?)'
            f'.map_err(|_| driver("{arg.name} > {arg.wire_type}".into()))?')


def _rust_record(fields: tuple[ResultField, ...], value: str) -> str:
    return "json!({ " + ", ".join(f'"{f.name}": {value}.{f.source}' for f in fields) + " })"


def _rust_answer(call: PlainCall, invocation: str) -> list[str]:
    result = call.result
    if result is None:
        return [f"            {invocation};", "            Value::Null"]
    if result.kind == "field":
        return [f'            json!({{ "{result.fields[0].name}": {invocation} }})']
    if result.kind == "list":
        return [f"            let listed = {invocation};",
                f"            Value::Array(listed.iter().map(|v| {_rust_record(result.fields, 'v')}).collect())"]
    if result.nullable:
        return [f"            let found = {invocation};",
                f"            found.as_ref().map_or(Value::Null, |v| {_rust_record(result.fields, 'v')})"]
    return [f"            let v = {invocation};", f"            {_rust_record(result.fields, 'v')}"]


def render_rust_calls(spec: Spec) -> str:
    calls = plain_calls(spec)
    lines = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"//! {_HEADER_SENTENCE}: `run` answers each of `OPERATIONS`.",
        "",
        "#![allow(unused_imports)]",
        "",
        "use iggy_sdk::IggyClient;",
        "use serde_json::{json, Value};",
        "",
        "use crate::convert::{arg, arg_bool, arg_str, arg_u32, arg_u64, driver, identifier, Failure};",
        "",
        "/// The plain ops this module runs (the driver's hello lists them beside its own).",
        "pub const OPERATIONS: &[&str] = &[",
    ]
    lines += [f'    "{call.op}",' for call in calls]
    lines += [
        "];",
        "",
        "/// Runs a plain op; any other op is unsupported.",
        "pub async fn run(client: &IggyClient, op: &str, args: &Value) -> Result<Value, Failure> {",
        "    Ok(match op {",
    ]
    for call in calls:
        invocation = f"client.{snake(call.command)}({', '.join(_rust_arg(arg) for arg in call.args)}).await?"
        lines += [f'        "{call.op}" => {{', *_rust_answer(call, invocation), "        }"]
    lines += [
        '        other => return Err(Failure::Unsupported(format!("operation {other:?}"))),',
        "    })",
        "}",
    ]
    return "\n".join(lines) + "\n"


# --- Go ------------------------------------------------------------------------------------------------------------

_GO_INTEGER = {"u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": ""}


def _go_arg(arg: CallArg) -> str:
    if arg.type == "identifier":
        return f'a.ident("{arg.name}")'
    if arg.type == "string":
        return f'a.str("{arg.name}")'
    if arg.type == "boolean":
        return f'a.boolean("{arg.name}")'
    conversion = _GO_INTEGER[arg.wire_type or "u64"]
    return f'{conversion}(a.uint("{arg.name}"))' if conversion else f'a.uint("{arg.name}")'


def _go_record(fields: tuple[ResultField, ...], value: str) -> str:
    return "map[string]any{" + ", ".join(f'"{f.name}": {value}.{go_name(f.source)}' for f in fields) + "}"


def _go_answer(call: PlainCall, invocation: str) -> list[str]:
    result = call.result
    if result is None:
        return [f"\t\treturn nil, true, {invocation}"]
    if result.kind == "field":
        return [f"\t\tvalue, err := {invocation}",
                f'\t\treturn map[string]any{{"{result.fields[0].name}": value}}, true, err']
    if result.kind == "list":
        return [f"\t\tlisted, err := {invocation}",
                "\t\tif err != nil {", "\t\t\treturn nil, true, err", "\t\t}",
                "\t\tout := make([]any, 0, len(listed))",
                "\t\tfor i := range listed {",
                f"\t\t\tout = append(out, {_go_record(result.fields, 'listed[i]')})",
                "\t\t}",
                "\t\treturn out, true, nil"]
    # A record comes back as a pointer, nil when there is none (the "or null" answer).
    return [f"\t\tv, err := {invocation}",
            "\t\tif err != nil || v == nil {", "\t\t\treturn nil, true, err", "\t\t}",
            f"\t\treturn {_go_record(result.fields, 'v')}, true, nil"]


def render_go_calls(spec: Spec) -> str:
    calls = plain_calls(spec)
    lines = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "",
        "package main",
        "",
        "import (",
        '\t"context"',
        "",
        '\tiggy "github.com/iggy-compat/iggy-compat/sdk/go"',
        ")",
        "",
        f"// generatedOperations are {_HEADER_TEXT}: runGenerated answers each of them.",
        "var generatedOperations = []string{",
    ]
    lines += [f'\t"{call.op}",' for call in calls]
    lines += [
        "}",
        "",
        "// runGenerated runs a plain op; handled is false for any other op.",
        "func runGenerated(ctx context.Context, c *iggy.Client, op string, a args) (any, bool, error) {",
        "\tswitch op {",
    ]
    for call in calls:
        invocation = f"c.{call.command}(ctx{''.join(', ' + _go_arg(arg) for arg in call.args)})"
        lines += [f'\tcase "{call.op}":', *_go_answer(call, invocation)]
    lines += ["\t}", "\treturn nil, false, nil", "}"]
    return "\n".join(lines) + "\n"


# --- Java ----------------------------------------------------------------------------------------------------------

def _java_arg(arg: CallArg) -> str:
    if arg.type == "identifier":
        return f'Driver.id(a, "{arg.name}")'
    if arg.type == "string":
        return f'Driver.str(a, "{arg.name}")'
    if arg.type == "boolean":
        return f'Driver.flag(a, "{arg.name}")'
    if arg.wire_type in ("u8", "u16"):
        return f'(int) Driver.num(a, "{arg.name}")'
    return f'Driver.num(a, "{arg.name}")'


def _java_record(fields: tuple[ResultField, ...], value: str) -> str:
    def read(field: ResultField) -> str:
        accessor = f"{value}.{lower_camel(field.source)}()"
        return f"Driver.u64({accessor})" if field.wire_type == "u64" else accessor  # Java's long is signed

    return "Driver.map(" + ", ".join(f'"{f.name}", {read(f)}' for f in fields) + ")"


def _java_answer(call: PlainCall, invocation: str) -> str:
    result = call.result
    if result is None:
        return f"{invocation}; return null;"
    if result.kind == "field":
        return f'return Map.of("{result.fields[0].name}", {invocation});'
    if result.kind == "list":
        return f"return {invocation}.stream().map(v -> (Object) {_java_record(result.fields, 'v')}).toList();"
    return f"{{ var v = {invocation}; return v == null ? null : {_java_record(result.fields, 'v')}; }}"


def render_java_calls(spec: Spec) -> str:
    calls = plain_calls(spec)
    lines = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "package io.github.iggycompat.iggy.conformance;",
        "",
        "import io.github.iggycompat.iggy.IggyClient;",
        "import java.util.List;",
        "import java.util.Map;",
        "",
        f"/** {_HEADER_SENTENCE}: {{@link #call}} answers each of {{@link #OPERATIONS}}. */",
        "final class DriverCalls {",
        "    private DriverCalls() {}",
        "",
        "    static final List<String> OPERATIONS = List.of(",
        ",\n".join(f'            "{call.op}"' for call in calls) + ");",
    ]
    lines += [
        "",
        "    static Object call(IggyClient c, String op, Map<String, Object> a) {",
        "        switch (op) {",
    ]
    for call in calls:
        invocation = f"c.{_java_method(call.command)}({', '.join(_java_arg(arg) for arg in call.args)})"
        lines.append(f'            case "{call.op}": {_java_answer(call, invocation)}')
    lines += [
        '            default: throw new IllegalStateException("unhandled operation " + op);',
        "        }",
        "    }",
        "}",
    ]
    return "\n".join(lines) + "\n"


DRIVER_CALLS_OUTPUTS = {
    PYTHON_CALLS_PATH: render_python_calls,
    RUST_CALLS_PATH: render_rust_calls,
    GO_CALLS_PATH: render_go_calls,
    JAVA_CALLS_PATH: render_java_calls,
}
