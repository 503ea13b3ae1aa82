"""The conformance drivers' calls of plain ops, generated for our four SDKs' drivers.

A plain op (driver_ops.toml) runs one command through the SDK method named after it, with every JSON arg passed in
table order as a positional parameter, and answers `null` or a one-field object around the method's scalar result
(`{count}`). Such an op needs no hand-written case in any driver: each driver's dispatch falls back to the module
emitted here, and its hello advertises the module's op list. What makes an op plain (`plain_calls`):

- it names exactly one command, its name is that command's in snake_case, and it has no `versions` of its own;
- every arg is an identifier, a string, an integer or a boolean, required or with a declared default (absence that
  means something of its own needs a driver's judgement); an integer arg is a request field of the command by the
  same name, whose wire type gives each language's integer type;
- its `ok` is `null`, or a shape of one computed scalar field, in every version.

Anything else (options maps, enums by name, results of records) stays hand-written in each driver, where the SDK's
idiom for it lives. The method names per language are the ones protocol-spec/tests/test_command_coverage.py checks
(`delete_stream`, `delete_stream`, `DeleteStream`, `deleteStream`).

Each language's module leans on its driver's own argument readers (Rust `convert::arg_str`, Go `args.ident`, Java
`Driver.id`), so a plain op reads its args exactly as the hand-written ops do.
"""

from __future__ import annotations

from dataclasses import dataclass

from .driver_tables import GO_DRIVER_PATH, JAVA_SDK_DRIVER_PATH, PYTHON_SDK_DRIVER_PATH, RUST_SDK_DRIVER_PATH
from .languages import BANNER, SOURCE_NOTE, camel
from .spec import Command, DriverOp, Spec, snake, upper_snake

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
class PlainCall:
    op: str
    command: str  # CamelCase, as commands.toml names it
    args: tuple[CallArg, ...]
    result_field: str | None  # None: the op answers null


def _ok_types(op: DriverOp) -> set[str]:
    return {ok for _, ok in op.ok}


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
    oks = _ok_types(op)
    if len(oks) != 1:
        return None
    (ok,) = oks
    result_field = None
    if ok != "null":
        shape = next((s for s in spec.result_shapes if s.name == ok), None)
        if shape is None or len(shape.fields) != 1:
            return None
        (field,) = shape.fields
        if field.source is not None or field.versions is not None or field.type not in _SCALAR_RESULT_TYPES:
            return None
        result_field = field.name
    return PlainCall(op.name, command.name, tuple(args), result_field)


def plain_calls(spec: Spec) -> list[PlainCall]:
    """The plain ops, in driver_ops.toml's order."""
    return [call for op in spec.driver_ops if (call := _plain_call(spec, op)) is not None]


def _java_method(command: str) -> str:
    pascal = camel(upper_snake(command))
    return pascal[0].lower() + pascal[1:]


_HEADER_TEXT = ("the conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml "
                "(protocol-spec/generator/driver_calls.py)")


# --- Python --------------------------------------------------------------------------------------------------------

def render_python_calls(spec: Spec) -> str:
    lines = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        f'"""{_HEADER_TEXT[0].upper()}{_HEADER_TEXT[1:]}.',
        "",
        "CALLS: op -> (the IggyClient method, its args in order, the result's one field or None for a null answer).",
        "The driver binds the args to the method's parameters in order (a keyword-only one too: the SDK's order is",
        "the contract, as in the Rust, Go and Java drivers) and passes each JSON value as it is: the SDK takes an id",
        "or a name for an identifier.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "CALLS: dict[str, tuple[str, tuple[str, ...], str | None]] = {",
    ]
    for call in plain_calls(spec):
        names = ", ".join(f'"{arg.name}"' for arg in call.args)
        names = f"({names},)" if len(call.args) == 1 else f"({names})"
        field = f'"{call.result_field}"' if call.result_field else "None"
        lines.append(f'    "{call.op}": ("{snake(call.command)}", {names}, {field}),')
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


def render_rust_calls(spec: Spec) -> str:
    calls = plain_calls(spec)
    lines = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"//! {_HEADER_TEXT[0].upper()}{_HEADER_TEXT[1:]}: `run` answers each of `OPERATIONS`.",
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
        "    let _ = args;",
        "    Ok(match op {",
    ]
    for call in calls:
        invocation = f"client.{snake(call.command)}({', '.join(_rust_arg(arg) for arg in call.args)}).await?"
        if call.result_field:
            lines.append(f'        "{call.op}" => json!({{ "{call.result_field}": {invocation} }}),')
        else:
            lines.append(f'        "{call.op}" => {{')
            lines.append(f"            {invocation};")
            lines.append("            Value::Null")
            lines.append("        }")
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
        lines.append(f'\tcase "{call.op}":')
        if call.result_field:
            lines.append(f"\t\tvalue, err := {invocation}")
            lines.append(f'\t\treturn map[string]any{{"{call.result_field}": value}}, true, err')
        else:
            lines.append(f"\t\treturn nil, true, {invocation}")
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
        f"/** {_HEADER_TEXT[0].upper()}{_HEADER_TEXT[1:]}: {{@link #call}} answers each of {{@link #OPERATIONS}}. */",
        "final class DriverCalls {",
        "    private DriverCalls() {}",
        "",
        "    static final List<String> OPERATIONS = List.of(",
    ]
    lines += [f'            "{call.op}"{"," if i < len(calls) - 1 else ");"}' for i, call in enumerate(calls)]
    if not calls:
        lines[-1] += "            );"
    lines += [
        "",
        "    static Object call(IggyClient c, String op, Map<String, Object> a) {",
        "        switch (op) {",
    ]
    for call in calls:
        invocation = f"c.{_java_method(call.command)}({', '.join(_java_arg(arg) for arg in call.args)})"
        if call.result_field:
            lines.append(f'            case "{call.op}": return Map.of("{call.result_field}", {invocation});')
        else:
            lines.append(f'            case "{call.op}": {invocation}; return null;')
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
