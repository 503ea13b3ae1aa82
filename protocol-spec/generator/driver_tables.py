"""The conformance drivers' op table (spec/driver_ops.toml) as a private module per driver language.

Each module holds the ops a driver may be sent (runner_only ops and case_only args left out: drivers never see them)
with their args' name, JSON type, required flag, default and protocol versions, and one function that checks a step
before the driver dispatches it: an unknown op, an unknown arg or one of another protocol version, a missing required
arg or an arg of the wrong JSON type is answered with the driver protocol's error (code -1, DriverError) naming the op
and the key; absent optional args come back filled with the declared default, so no driver writes a default by hand.

Python: one stdlib-only module, emitted next to our SDK's driver (sdk/python/conformance) and next to the two drivers
over the official Python clients (conformance-tests/drivers, which official_python.py already shares). The three run
in different virtualenvs and folders; a copy beside each keeps every driver importing only from its own folder (the
SDK's driver does not reach into conformance-tests/), and `make gen-check` keeps the copies identical.
Rust: one module over serde_json, for our SDK's driver and for official-rust-common (both official Rust drivers).
Go: package main beside the Go driver. Java: ours over the test tree's Json model (Map / List / BigInteger), the
official client's driver over Jackson's JsonNode.
"""

from __future__ import annotations

import json

from .languages import BANNER, JAVA_ROOT, SOURCE_NOTE
from .spec import DriverArg, DriverOp, Spec

PYTHON_SDK_DRIVER_PATH = "sdk/python/conformance/_driver_ops.py"
PYTHON_OFFICIAL_DRIVERS_PATH = "conformance-tests/drivers/_driver_ops.py"
RUST_SDK_DRIVER_PATH = "sdk/rust/conformance/src/driver_ops.rs"
RUST_OFFICIAL_DRIVERS_PATH = "conformance-tests/drivers/official-rust-common/driver_ops.rs"
GO_DRIVER_PATH = "sdk/go/conformance/driver_ops_gen.go"
JAVA_SDK_DRIVER_PATH = JAVA_ROOT.replace("src/main/java", "src/test/java") + "/conformance/DriverOps.java"
JAVA_OFFICIAL_DRIVER_PATH = ("conformance-tests/drivers/official-java/src/main/java/org/iggyconformance/officialjava/"
                             "DriverOps.java")

# What each language's table says for a JSON type (spec.DRIVER_ARG_TYPES).
_TYPES = ("string", "integer", "boolean", "object", "array", "identifier")


def driver_table(spec: Spec) -> list[tuple[DriverOp, list[DriverArg]]]:
    """The ops and args a driver is sent, in file order."""
    return [(op, [arg for arg in op.args if not arg.case_only]) for op in spec.driver_ops if not op.runner_only]


def _versions(spec: Spec, versions: frozenset[str] | None) -> list[str] | None:
    return None if versions is None else [name for name in spec.version_names if name in versions]


def _default_json(arg: DriverArg) -> str | None:
    return None if arg.default is None else json.dumps(arg.default, separators=(",", ":"))


def _quote(text: str) -> str:
    return json.dumps(text)  # a double-quoted literal valid in Python, Rust, Go and Java for these ASCII texts


# The error texts, alike in every language (the runner shows them; a test may match them).
_ABOUT = "the conformance driver op table (protocol-spec/spec/driver_ops.toml)"


# --- Python ---------------------------------------------------------------------------------------------------


def render_python_driver_ops(spec: Spec) -> str:
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        f'"""{_ABOUT[0].upper() + _ABOUT[1:]}, and the check every step passes before a driver runs it.',
        "",
        "Standard library only: the drivers that import it run in different virtualenvs.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import copy",
        "from typing import Any, NamedTuple",
        "",
        "",
        "class Arg(NamedTuple):",
        "    name: str",
        "    type: str  # string, integer, boolean, object, array, identifier (an integer id or a name string)",
        "    required: bool",
        "    default: Any  # filled in when an optional arg is absent; None = absence means something of its own",
        "    versions: frozenset[str] | None  # the protocol versions that have it; None = every one",
        "",
        "",
        "class Op(NamedTuple):",
        "    name: str",
        "    args: dict[str, Arg]",
        "    versions: frozenset[str] | None",
        "",
        "",
        "def _versions(*names: str) -> frozenset[str]:",
        "    return frozenset(names)",
        "",
        "",
        "OPS: dict[str, Op] = {",
    ]
    for op, args in driver_table(spec):
        out.append(f"    {_quote(op.name)}: Op({_quote(op.name)}, {{")
        for arg in args:
            default = "None" if arg.default is None else repr(arg.default)
            out.append(f"        {_quote(arg.name)}: Arg({_quote(arg.name)}, {_quote(arg.type)}, {arg.required}, "
                       f"{default}, {_python_versions(spec, arg.versions)}),")
        out.append(f"    }}, {_python_versions(spec, op.versions)}),")
    out += [
        "}",
        "",
        "",
        "class StepError(Exception):",
        '    """A step the op table refuses; a driver answers it with `answer()`, the driver protocol\'s error."""',
        "",
        "    def answer(self) -> dict[str, Any]:",
        '        return {"code": -1, "name": "DriverError", "message": str(self)}',
        "",
        "",
        "def _quoted(text: str) -> str:",
        "    return '\"' + text + '\"'  # as the other languages' drivers write op and key",
        "",
        "",
        "def has_type(value: Any, arg_type: str) -> bool:",
        '    if arg_type == "identifier":',
        '        return has_type(value, "integer") or isinstance(value, str)',
        '    expected = {"string": str, "integer": int, "boolean": bool, "object": dict, "array": list}[arg_type]',
        '    return isinstance(value, expected) and (arg_type == "boolean") == isinstance(value, bool)',
        "",
        "",
        "def check_step(op_name: str, args: Any, protocol: str) -> dict[str, Any]:",
        '    """`args` checked against the op table for `protocol` ("0.8", "0.9"), with every absent optional arg that',
        '    has a default filled in (a copy: the caller\'s dict is left alone). Raises StepError naming op and'
        ' key."""',
        "    op = OPS.get(op_name)",
        "    if op is None:",
        '        raise StepError(f"unknown op {_quoted(op_name)} (not in protocol-spec/spec/driver_ops.toml)")',
        "    if op.versions is not None and protocol not in op.versions:",
        '        raise StepError(f"op {_quoted(op_name)} is not in protocol {protocol}")',
        "    if not isinstance(args, dict):",
        '        raise StepError(f"op {_quoted(op_name)}: args must be an object")',
        "    for key, value in args.items():",
        "        arg = op.args.get(key)",
        "        if arg is None:",
        '            raise StepError(f"op {_quoted(op_name)}: unknown arg {_quoted(key)}")',
        "        if arg.versions is not None and protocol not in arg.versions:",
        '            raise StepError(f"op {_quoted(op_name)}: arg {_quoted(key)} is not in protocol {protocol}")',
        "        if not has_type(value, arg.type):",
        '            raise StepError(f"op {_quoted(op_name)}: arg {_quoted(key)} must be of type {arg.type}")',
        "    filled = dict(args)",
        "    for arg in op.args.values():",
        "        if arg.name in filled or (arg.versions is not None and protocol not in arg.versions):",
        "            continue",
        "        if arg.required:",
        '            raise StepError(f"op {_quoted(op_name)}: missing required arg {_quoted(arg.name)}")',
        "        if arg.default is not None:",
        "            filled[arg.name] = copy.deepcopy(arg.default)",
        "    return filled",
        "",
    ]
    return "\n".join(out)


def _python_versions(spec: Spec, versions: frozenset[str] | None) -> str:
    names = _versions(spec, versions)
    return "None" if names is None else f"_versions({', '.join(_quote(n) for n in names)})"


# --- Rust -----------------------------------------------------------------------------------------------------


def render_rust_driver_ops(spec: Spec) -> str:
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"//! {_ABOUT[0].upper() + _ABOUT[1:]}, and the check every step passes before a driver runs it.",
        "",
        "use serde_json::{Map, Value};",
        "",
        "/// A JSON type of a driver arg; `Identifier` is an integer id or a name string.",
        "#[derive(Clone, Copy, Debug, PartialEq, Eq)]",
        "pub enum ArgType {",
        "    String,",
        "    Integer,",
        "    Boolean,",
        "    Object,",
        "    Array,",
        "    Identifier,",
        "}",
        "",
        "impl ArgType {",
        "    pub fn name(self) -> &'static str {",
        "        match self {",
        *[f"            ArgType::{t.capitalize()} => {_quote(t)}," for t in _TYPES],
        "        }",
        "    }",
        "",
        "    pub fn admits(self, value: &Value) -> bool {",
        "        match self {",
        "            ArgType::String => value.is_string(),",
        "            ArgType::Integer => value.is_i64() || value.is_u64(),",
        "            ArgType::Boolean => value.is_boolean(),",
        "            ArgType::Object => value.is_object(),",
        "            ArgType::Array => value.is_array(),",
        "            ArgType::Identifier => value.is_string() || value.is_i64() || value.is_u64(),",
        "        }",
        "    }",
        "}",
        "",
        "pub struct Arg {",
        "    pub name: &'static str,",
        "    pub arg_type: ArgType,",
        "    pub required: bool,",
        "    /// JSON text filled in when the optional arg is absent; None: absence means something of its own.",
        "    pub default: Option<&'static str>,",
        "    /// The protocol versions that have it; None: every one.",
        "    pub versions: Option<&'static [&'static str]>,",
        "}",
        "",
        "pub struct Op {",
        "    pub name: &'static str,",
        "    pub args: &'static [Arg],",
        "    pub versions: Option<&'static [&'static str]>,",
        "}",
        "",
        "pub const OPS: &[Op] = &[",
    ]
    for op, args in driver_table(spec):
        out.append(f"    Op {{ name: {_quote(op.name)}, versions: {_rust_versions(spec, op.versions)}, args: &[")
        for arg in args:
            default = "None" if arg.default is None else f"Some({_quote(_default_json(arg))})"
            out.append(f"        Arg {{ name: {_quote(arg.name)}, arg_type: ArgType::{arg.type.capitalize()}, "
                       f"required: {str(arg.required).lower()}, default: {default}, "
                       f"versions: {_rust_versions(spec, arg.versions)} }},")
        out.append("    ] },")
    out += [
        "];",
        "",
        "fn in_version(versions: Option<&[&str]>, protocol: &str) -> bool {",
        "    match versions {",
        "        None => true,",
        "        Some(names) => names.contains(&protocol),",
        "    }",
        "}",
        "",
        "/// `args` checked against the op table for `protocol` (\"0.8\", \"0.9\"), with every absent optional arg"
        " that",
        "/// has a default filled in. The error names op and key; a driver answers it as its `DriverError`.",
        "pub fn check_step(op_name: &str, args: &Value, protocol: &str) -> Result<Map<String, Value>, String> {",
        "    let op = OPS.iter().find(|op| op.name == op_name).ok_or_else(|| {",
        "        format!(\"unknown op {op_name:?} (not in protocol-spec/spec/driver_ops.toml)\")",
        "    })?;",
        "    if !in_version(op.versions, protocol) {",
        "        return Err(format!(\"op {op_name:?} is not in protocol {protocol}\"));",
        "    }",
        "    let given = args.as_object().ok_or_else(|| format!(\"op {op_name:?}: args must be an object\"))?;",
        "    for (key, value) in given {",
        "        let arg = op",
        "            .args",
        "            .iter()",
        "            .find(|arg| arg.name == key.as_str())",
        "            .ok_or_else(|| format!(\"op {op_name:?}: unknown arg {key:?}\"))?;",
        "        if !in_version(arg.versions, protocol) {",
        "            return Err(format!(\"op {op_name:?}: arg {key:?} is not in protocol {protocol}\"));",
        "        }",
        "        if !arg.arg_type.admits(value) {",
        "            return Err(format!(\"op {op_name:?}: arg {key:?} must be of type {}\", arg.arg_type.name()));",
        "        }",
        "    }",
        "    let mut filled = given.clone();",
        "    for arg in op.args.iter().filter(|arg| !given.contains_key(arg.name) && in_version(arg.versions,"
        " protocol)) {",
        "        if arg.required {",
        "            return Err(format!(\"op {op_name:?}: missing required arg {:?}\", arg.name));",
        "        }",
        "        if let Some(text) = arg.default {",
        "            let value = serde_json::from_str(text)"
        ".expect(\"the generator writes each default as valid JSON\");",
        "            filled.insert(arg.name.to_owned(), value);",
        "        }",
        "    }",
        "    Ok(filled)",
        "}",
        "",
    ]
    return "\n".join(out)


def _rust_versions(spec: Spec, versions: frozenset[str] | None) -> str:
    names = _versions(spec, versions)
    return "None" if names is None else f"Some(&[{', '.join(_quote(n) for n in names)}])"


# --- Go -------------------------------------------------------------------------------------------------------


def render_go_driver_ops(spec: Spec) -> str:
    # One op per line, positional fields, no key: value columns: gofmt has nothing to align, so the output is
    # gofmt-clean without running gofmt (the generator stays stdlib-only).
    out = [
        f"// {BANNER}",
        "// Code generated by protocol-spec/generator. DO NOT EDIT.",
        f"// {SOURCE_NOTE}",
        "",
        "package main",
        "",
        "import (",
        '\t"encoding/json"',
        '\t"fmt"',
        '\t"slices"',
        '\t"strings"',
        ")",
        "",
        f"// driverArg is one JSON arg of an op in {_ABOUT}.",
        "type driverArg struct {",
        "\tname     string",
        "\tjsonType string // string, integer, boolean, object, array, identifier (an integer id or a name string)",
        "\trequired bool",
        "\tdefault_ string   // JSON text filled in when the optional arg is absent; \"\": absence means something",
        "\tversions []string // the protocol versions that have it; nil: every one",
        "}",
        "",
        "// driverOp is one op a driver may be sent.",
        "type driverOp struct {",
        "\tname     string",
        "\tversions []string",
        "\targs     []driverArg",
        "}",
        "",
        "var driverOps = []driverOp{",
    ]
    for op, args in driver_table(spec):
        rendered = ", ".join(
            f"{{{_quote(a.name)}, {_quote(a.type)}, {str(a.required).lower()}, "
            f"{_quote(_default_json(a) or '')}, {_go_versions(spec, a.versions)}}}"
            for a in args)
        out.append(f"\t{{{_quote(op.name)}, {_go_versions(spec, op.versions)}, []driverArg{{{rendered}}}}},")
    out += [
        "}",
        "",
        "func inVersion(versions []string, protocol string) bool {",
        "\treturn versions == nil || slices.Contains(versions, protocol)",
        "}",
        "",
        "// hasJSONType reports whether a value decoded with UseNumber is of the arg's JSON type.",
        "func hasJSONType(value any, jsonType string) bool {",
        "\tswitch v := value.(type) {",
        "\tcase string:",
        '\t\treturn jsonType == "string" || jsonType == "identifier"',
        "\tcase json.Number:",
        '\t\tinteger := !strings.ContainsAny(v.String(), ".eE")',
        '\t\treturn integer && (jsonType == "integer" || jsonType == "identifier")',
        "\tcase bool:",
        '\t\treturn jsonType == "boolean"',
        "\tcase map[string]any:",
        '\t\treturn jsonType == "object"',
        "\tcase []any:",
        '\t\treturn jsonType == "array"',
        "\t}",
        "\treturn false",
        "}",
        "",
        "// checkStep checks a step's args (decoded with UseNumber) against the op table for protocol"
        " (\"0.8\", \"0.9\")",
        "// and returns them with every absent optional arg that has a default filled in (a new map). The error names",
        "// op and key; a driver answers it as its DriverError.",
        "func checkStep(opName string, args map[string]any, protocol string) (map[string]any, error) {",
        "\tindex := slices.IndexFunc(driverOps, func(op driverOp) bool { return op.name == opName })",
        "\tif index < 0 {",
        '\t\treturn nil, fmt.Errorf("unknown op %q (not in protocol-spec/spec/driver_ops.toml)", opName)',
        "\t}",
        "\top := driverOps[index]",
        "\tif !inVersion(op.versions, protocol) {",
        '\t\treturn nil, fmt.Errorf("op %q is not in protocol %s", opName, protocol)',
        "\t}",
        "\tfilled := make(map[string]any, len(op.args))",
        "\tfor key, value := range args {",
        "\t\tat := slices.IndexFunc(op.args, func(arg driverArg) bool { return arg.name == key })",
        "\t\tif at < 0 {",
        '\t\t\treturn nil, fmt.Errorf("op %q: unknown arg %q", opName, key)',
        "\t\t}",
        "\t\tif !inVersion(op.args[at].versions, protocol) {",
        '\t\t\treturn nil, fmt.Errorf("op %q: arg %q is not in protocol %s", opName, key, protocol)',
        "\t\t}",
        "\t\tif !hasJSONType(value, op.args[at].jsonType) {",
        '\t\t\treturn nil, fmt.Errorf("op %q: arg %q must be of type %s", opName, key, op.args[at].jsonType)',
        "\t\t}",
        "\t\tfilled[key] = value",
        "\t}",
        "\tfor _, arg := range op.args {",
        "\t\tif _, given := args[arg.name]; given || !inVersion(arg.versions, protocol) {",
        "\t\t\tcontinue",
        "\t\t}",
        "\t\tif arg.required {",
        '\t\t\treturn nil, fmt.Errorf("op %q: missing required arg %q", opName, arg.name)',
        "\t\t}",
        '\t\tif arg.default_ != "" {',
        "\t\t\tdecoder := json.NewDecoder(strings.NewReader(arg.default_))",
        "\t\t\tdecoder.UseNumber()",
        "\t\t\tvar value any",
        "\t\t\tif err := decoder.Decode(&value); err != nil {",
        '\t\t\t\tpanic("the generator writes each default as valid JSON: " + err.Error())',
        "\t\t\t}",
        "\t\t\tfilled[arg.name] = value",
        "\t\t}",
        "\t}",
        "\treturn filled, nil",
        "}",
        "",
    ]
    return "\n".join(out)


def _go_versions(spec: Spec, versions: frozenset[str] | None) -> str:
    names = _versions(spec, versions)
    return "nil" if names is None else "[]string{" + ", ".join(_quote(n) for n in names) + "}"


# --- Java -----------------------------------------------------------------------------------------------------


def _java_table(spec: Spec) -> list[str]:
    out = [
        "    /** One JSON arg of an op; type: string, integer, boolean, object, array, identifier (an integer id or",
        "     *  a name string); defaultJson: filled in when the optional arg is absent (null: absence means something",
        "     *  of its own); versions: the protocol versions that have it (null: every one). */",
        "    record Arg(String name, String type, boolean required, String defaultJson, List<String> versions) {}",
        "",
        "    /** One op a driver may be sent. */",
        "    record Op(String name, List<String> versions, List<Arg> args) {",
        "        Arg arg(String key) {",
        "            return args.stream().filter(arg -> arg.name().equals(key)).findFirst().orElse(null);",
        "        }",
        "    }",
        "",
        "    /** A step the op table refuses; the driver answers it with its DriverError (code -1). */",
        "    static final class StepException extends RuntimeException {",
        "        StepException(String message) {",
        "            super(message);",
        "        }",
        "    }",
        "",
        "    static final Map<String, Op> OPS = table(",
    ]
    rows = []
    for op, args in driver_table(spec):
        rendered = ",\n".join(
            f"            new Arg({_quote(a.name)}, {_quote(a.type)}, {str(a.required).lower()}, "
            f"{'null' if a.default is None else _quote(_default_json(a))}, {_java_versions(spec, a.versions)})"
            for a in args)
        rows.append(f"        new Op({_quote(op.name)}, {_java_versions(spec, op.versions)}, List.of("
                    + (f"\n{rendered}" if rendered else "") + "))")
    out.append(",\n".join(rows) + ");")
    out += [
        "",
        "    private static Map<String, Op> table(Op... ops) {",
        "        Map<String, Op> table = new LinkedHashMap<>();",
        "        for (Op op : ops) {",
        "            table.put(op.name(), op);",
        "        }",
        "        return Collections.unmodifiableMap(table);",
        "    }",
        "",
        "    private static boolean inVersion(List<String> versions, String protocol) {",
        "        return versions == null || versions.contains(protocol);",
        "    }",
        "",
        "    /** The op of a step, or a StepException naming it when the table has none for `protocol`. */",
        "    static Op op(String opName, String protocol) {",
        "        Op op = OPS.get(opName);",
        "        if (op == null) {",
        '            throw new StepException("unknown op \\"" + opName'
        ' + "\\" (not in protocol-spec/spec/driver_ops.toml)");',
        "        }",
        "        if (!inVersion(op.versions(), protocol)) {",
        '            throw new StepException("op \\"" + opName + "\\" is not in protocol " + protocol);',
        "        }",
        "        return op;",
        "    }",
        "",
        "    /** The arg `key` of `op`, checked to exist in `protocol` and to be of its JSON type (`typeOk`). */",
        "    static Arg checkArg(Op op, String key, String protocol, java.util.function.Predicate<String> typeOk) {",
        "        Arg arg = op.arg(key);",
        "        if (arg == null) {",
        '            throw new StepException("op \\"" + op.name() + "\\": unknown arg \\"" + key + "\\"");',
        "        }",
        "        if (!inVersion(arg.versions(), protocol)) {",
        '            throw new StepException("op \\"" + op.name() + "\\": arg \\"" + key + "\\" is not in protocol "',
        "                    + protocol);",
        "        }",
        "        if (!typeOk.test(arg.type())) {",
        '            throw new StepException("op \\"" + op.name() + "\\": arg \\"" + key + "\\" must be of type "',
        "                    + arg.type());",
        "        }",
        "        return arg;",
        "    }",
        "",
        "    /** The args of `op` absent from a step that `protocol` has: a StepException for a required one. */",
        "    static List<Arg> absent(Op op, java.util.Set<String> given, String protocol) {",
        "        List<Arg> absent = new java.util.ArrayList<>();",
        "        for (Arg arg : op.args()) {",
        "            if (given.contains(arg.name()) || !inVersion(arg.versions(), protocol)) {",
        "                continue;",
        "            }",
        "            if (arg.required()) {",
        '                throw new StepException("op \\"" + op.name() + "\\": missing required arg \\"" + arg.name()',
        '                        + "\\"");',
        "            }",
        "            absent.add(arg);",
        "        }",
        "        return absent;",
        "    }",
    ]
    return out


def _java_versions(spec: Spec, versions: frozenset[str] | None) -> str:
    names = _versions(spec, versions)
    return "null" if names is None else "List.of(" + ", ".join(_quote(n) for n in names) + ")"


def _java_header(package: str, imports: list[str]) -> list[str]:
    return [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        f"package {package};",
        "",
        *[f"import {name};" for name in sorted(["java.util.Collections", "java.util.LinkedHashMap", "java.util.List",
                                                 "java.util.Map", *imports])],
        "",
        f"/** {_ABOUT[0].upper() + _ABOUT[1:]}, and the check every step passes before the driver runs it. */",
    ]


def render_java_sdk_driver_ops(spec: Spec) -> str:
    """Over the test tree's Json model: objects Map, arrays List, integers BigInteger."""
    from .languages import JAVA_PACKAGE
    out = _java_header(f"{JAVA_PACKAGE}.conformance", ["java.math.BigInteger", f"{JAVA_PACKAGE}.testing.Json"])
    out += ["final class DriverOps {", "    private DriverOps() {}", ""]
    out += _java_table(spec)
    out += [
        "",
        "    static boolean hasType(Object value, String type) {",
        "        return switch (type) {",
        '            case "string" -> value instanceof String;',
        '            case "integer" -> value instanceof BigInteger;',
        '            case "boolean" -> value instanceof Boolean;',
        '            case "object" -> value instanceof Map;',
        '            case "array" -> value instanceof List;',
        '            case "identifier" -> value instanceof String || value instanceof BigInteger;',
        "            default -> false;",
        "        };",
        "    }",
        "",
        "    /** `args` checked against the op table for `protocol` (\"0.8\", \"0.9\"), with every absent optional arg",
        "     *  that has a default filled in (a new map). Throws StepException naming op and key. */",
        "    static Map<String, Object> checkStep(String opName, Object args, String protocol) {",
        "        Op op = op(opName, protocol);",
        "        if (!(args instanceof Map<?, ?> given)) {",
        '            throw new StepException("op \\"" + opName + "\\": args must be an object");',
        "        }",
        "        Map<String, Object> filled = new LinkedHashMap<>();",
        "        for (Map.Entry<?, ?> entry : given.entrySet()) {",
        "            String key = (String) entry.getKey();",
        "            checkArg(op, key, protocol, type -> hasType(entry.getValue(), type));",
        "            filled.put(key, entry.getValue());",
        "        }",
        "        for (Arg arg : absent(op, filled.keySet(), protocol)) {",
        "            if (arg.defaultJson() != null) {",
        "                filled.put(arg.name(), Json.parse(arg.defaultJson()));",
        "            }",
        "        }",
        "        return filled;",
        "    }",
        "}",
        "",
    ]
    return "\n".join(out)


def render_java_official_driver_ops(spec: Spec) -> str:
    """Over Jackson's JsonNode (the official client's driver reads requests with Jackson)."""
    out = _java_header("org.iggyconformance.officialjava", ["tools.jackson.databind.JsonNode",
                                                             "tools.jackson.databind.json.JsonMapper",
                                                             "tools.jackson.databind.node.ObjectNode"])
    out += ["final class DriverOps {", "    private DriverOps() {}", "",
            "    private static final JsonMapper MAPPER = JsonMapper.builder().build();", ""]
    out += _java_table(spec)
    out += [
        "",
        "    static boolean hasType(JsonNode value, String type) {",
        "        return switch (type) {",
        '            case "string" -> value.isString();',
        '            case "integer" -> value.isIntegralNumber();',
        '            case "boolean" -> value.isBoolean();',
        '            case "object" -> value.isObject();',
        '            case "array" -> value.isArray();',
        '            case "identifier" -> value.isString() || value.isIntegralNumber();',
        "            default -> false;",
        "        };",
        "    }",
        "",
        "    /** `args` checked against the op table for `protocol` (\"0.8\", \"0.9\"), with every absent optional arg",
        "     *  that has a default filled in (a copy). Throws StepException naming op and key. */",
        "    static ObjectNode checkStep(String opName, JsonNode args, String protocol) {",
        "        Op op = op(opName, protocol);",
        "        if (args.isMissingNode() || args.isNull()) {",
        "            args = MAPPER.createObjectNode();",
        "        }",
        "        if (!(args instanceof ObjectNode given)) {",
        '            throw new StepException("op \\"" + opName + "\\": args must be an object");',
        "        }",
        "        ObjectNode filled = given.deepCopy();",
        "        for (String key : filled.propertyNames()) {",
        "            checkArg(op, key, protocol, type -> hasType(filled.get(key), type));",
        "        }",
        "        for (Arg arg : absent(op, new java.util.HashSet<>(filled.propertyNames()), protocol)) {",
        "            if (arg.defaultJson() != null) {",
        "                filled.set(arg.name(), MAPPER.readTree(arg.defaultJson()));",
        "            }",
        "        }",
        "        return filled;",
        "    }",
        "}",
        "",
    ]
    return "\n".join(out)


DRIVER_OPS_OUTPUTS = {
    PYTHON_SDK_DRIVER_PATH: render_python_driver_ops,
    PYTHON_OFFICIAL_DRIVERS_PATH: render_python_driver_ops,
    RUST_SDK_DRIVER_PATH: render_rust_driver_ops,
    RUST_OFFICIAL_DRIVERS_PATH: render_rust_driver_ops,
    GO_DRIVER_PATH: render_go_driver_ops,
    JAVA_SDK_DRIVER_PATH: render_java_sdk_driver_ops,
    JAVA_OFFICIAL_DRIVER_PATH: render_java_official_driver_ops,
}


# --- The runner's check of every `ok` answer ---------------------------------------------------------------------

RESULTS_PATH = "conformance-tests/conformance/_driver_results.py"


def render_driver_results(spec: Spec) -> str:
    """The `ok` type of every op per protocol version and the fields of every result shape, for the runner
    (conformance/results.py checks each answer against them)."""
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""What every driver answers with `ok` (protocol-spec/spec/driver_ops.toml `ok` and [[shape]]): the type of',
        "each op's answer per protocol version, and the fields of each shape with their type and protocol versions",
        '(None = every version)."""',
        "",
        "from __future__ import annotations",
        "",
        "OK_TYPES: dict[str, dict[str, str]] = {",
    ]
    for op in spec.driver_ops:
        if op.runner_only:
            continue
        by_version = ", ".join(f"{_quote(version)}: {_quote(ok_type)}" for version, ok_type in op.ok)
        out.append(f"    {_quote(op.name)}: {{{by_version}}},")
    out += ["}", "", "SHAPES: dict[str, dict[str, tuple[str, frozenset[str] | None]]] = {"]
    for shape in spec.result_shapes:
        out.append(f"    {_quote(shape.name)}: {{")
        for f in shape.fields:
            names = _versions(spec, f.versions)
            versions = "None" if names is None else "frozenset({" + ", ".join(map(_quote, names)) + "})"
            out.append(f"        {_quote(f.name)}: ({_quote(f.type)}, {versions}),")
        out.append("    },")
    out += ["}", ""]
    return "\n".join(out)


DRIVER_OPS_OUTPUTS[RESULTS_PATH] = render_driver_results
