"""Render the Java wire codec from the spec: typed records with encode/decode, the command table, the message
header / index entry layout and the ErrorCode enum.

Naming rule: a Java component is the spec field name in lowerCamelCase (`partitions_count` -> `partitionsCount`);
record types are the spec names in UpperCamelCase, primitives nested in `Primitives`, structs in `Structs`,
requests (and inline responses) in `Requests`.

Which fields a record exposes (everything else the codec derives, so a caller cannot make them disagree):
- `role = "length"` read by a later field's `size`: the byte length of that field;
- `role = "length"` read by nobody: the byte span of the fields after it, up to the first repeated field
  (permissions_len, SendMessages' metadata_length); checked on decode;
- a count named by a later field's `repeat`: that list's size (the record gets an accessor of the same name);
- `role = "flag"` named by a later field's `when`: which guarded branch holds data (null = the other one); read
  with `WireReader.flag`, which refuses a byte other than 0 or 1 with 3 InvalidCommand (never "absent");
- `role = "padding"` / `"reserved"`: zeros (a non-zero reserved field is refused on decode).
Primitives with hand-written runtime types (identifier, names, optional partition, chained permissions) are
mapped to those types instead of being generated.
"""

from __future__ import annotations

from .languages import BANNER, JAVA_PACKAGE, JAVA_ROOT, SOURCE_NOTE, _quote
from .spec import SCALAR_SIZES, Command, Field, Record, Spec, derived_field_names

CODEC_PACKAGE = f"{JAVA_PACKAGE}.internal.codec"
MODEL_PACKAGE = f"{JAVA_PACKAGE}.model"

# Primitives carried by the hand-written runtime (WireReader/WireWriter, Identifier, PermissionsCodec).
_RUNTIME = {
    "identifier": ("Identifier", "r.identifier()", "w.identifier({v})"),
    "name": ("String", "r.name()", "w.name({v})"),
    "password": ("String", "r.password()", "w.password({v})"),
    "string32": ("String", "r.string32()", "w.string32({v})"),
    "optional_partition": ("Long", "r.optionalPartition()", "w.optionalPartition({v})"),
    "permissions": ("Permissions", "PermissionsCodec.decode(r)", "PermissionsCodec.encode(w, {v})"),
}
# Only reachable through `permissions`, whose chained lists the runtime walks.
_RUNTIME_ONLY_INSIDE = {"stream_permissions", "topic_permissions"}

_SCALARS = {
    # type: (java type, boxed, read, write)
    "u8": ("int", "Integer", "r.u8()", "w.u8({v})"),
    "u16": ("int", "Integer", "r.u16()", "w.u16({v})"),
    "u32": ("long", "Long", "r.u32()", "w.u32({v})"),
    "u64": ("long", "Long", "r.u64()", "w.u64({v})"),
    "u128": ("BigInteger", "BigInteger", "r.u128()", "w.u128({v})"),
    "f32": ("float", "Float", "r.f32()", "w.f32({v})"),
    "bool": ("boolean", "Boolean", "r.bool()", "w.bool({v})"),
}


def lower_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.capitalize() for p in rest)


def upper_camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_")) if "_" in name or name.islower() else name


def generated_primitives(spec: Spec) -> list[Record]:
    """message_header is only the front of `message` (its lengths size the payload there): Layout covers it."""
    skip = set(_RUNTIME) | _RUNTIME_ONLY_INSIDE | {"message_header"}
    return [r for n, r in spec.primitives.items() if n not in skip]


class _Plan:
    """How each field of one record is encoded/decoded, and which fields are data components."""

    def __init__(self, spec: Spec, fields: tuple[Field, ...], owner: str):
        self.spec = spec
        self.fields = fields
        self.owner = owner
        names = [f.name for f in fields]
        self.sized_by = {f.size: f for f in fields if isinstance(f.size, str) and f.size != "to_end"}
        self.counted_by: dict[str, list[Field]] = {}
        for f in fields:
            if f.repeat not in (None, "to_end", "chained"):
                self.counted_by.setdefault(f.repeat, []).append(f)
        self.guarded: dict[str, list[tuple[int, Field]]] = {}
        for f in fields:
            if f.when_parts:
                flag, value = f.when_parts
                self.guarded.setdefault(flag, []).append((value, f))
        self.spans: dict[str, list[Field]] = {}
        for i, f in enumerate(fields):
            if f.role == "length" and f.name not in self.sized_by:
                covered = []
                for g in fields[i + 1:]:
                    if g.repeat is not None or g.when != f.when:
                        break
                    covered.append(g)
                assert covered and f.type == "u32", f"{owner}.{f.name}: a span length needs u32 and fields after it"
                self.spans[f.name] = covered
        self.span_end = {cov[-1].name: length for length, cov in self.spans.items()}
        self.derived_names = derived_field_names(fields)
        # role = "index": a table of one entry per element of the next list with the same count.
        self.indexed = {f.name: next(g for g in fields if g.repeat == f.repeat and g.role is None)
                        for f in fields if f.role == "index"}
        self.index_of = {target.name: name for name, target in self.indexed.items()}
        assert len(names) == len(set(names))

    def derived(self, f: Field) -> bool:
        return f.name in self.derived_names

    def data(self) -> list[Field]:
        return [f for f in self.fields if not self.derived(f)]

    # --- types ------------------------------------------------------------------------------------------

    def single_type(self, f: Field, boxed: bool = False) -> str:
        if f.type in _SCALARS:
            java, box, _, _ = _SCALARS[f.type]
            return box if boxed else java
        if f.type == "bytes":
            return "byte[]"
        if f.type in _RUNTIME:
            return _RUNTIME[f.type][0]
        if f.type in self.spec.structs:
            return f"Structs.{f.type}"
        return f"Primitives.{upper_camel(f.type)}"

    def java_type(self, f: Field) -> str:
        if f.repeat is not None:
            return f"List<{self.single_type(f, boxed=True)}>"
        return self.single_type(f, boxed=f.when is not None)

    # --- code ---------------------------------------------------------------------------------------------

    def read_one(self, f: Field, local: dict[str, str]) -> str:
        if f.role == "flag":
            return "r.flag()"
        if f.type in _SCALARS:
            return _SCALARS[f.type][2]
        if f.type == "bytes":
            if f.size == "to_end":
                return "r.rest()"
            if isinstance(f.size, int):
                return f"r.bytes({f.size})"
            return f"r.bytes({local[f.size]})"
        if f.type in _RUNTIME:
            return _RUNTIME[f.type][1]
        return f"{self.single_type(f)}.decode(r)"

    def write_one(self, f: Field, value: str) -> str:
        if f.type in _SCALARS:
            return _SCALARS[f.type][3].format(v=value) + ";"
        if f.type == "bytes":
            return f"w.bytes({value});"
        if f.type in _RUNTIME:
            return _RUNTIME[f.type][2].format(v=value) + ";"
        return f"{value}.encode(w);"

    def min_size(self, f: Field) -> int:
        """Smallest encoding of one element: bounds a count read off the wire before it sizes a list."""
        if f.type in SCALAR_SIZES:
            return SCALAR_SIZES[f.type]
        if f.type == "bytes":
            return f.size if isinstance(f.size, int) else 0
        if f.type in _RUNTIME:
            return 1
        record = self.spec.record(f.type)
        return max(1, sum(self.min_size(g) for g in record.fields if g.when is None and g.repeat is None))

    def decode_body(self, indent: str) -> tuple[list[str], dict[str, str]]:
        out: list[str] = []
        local: dict[str, str] = {}
        for f in self.fields:
            var = "_" + lower_camel(f.name)
            local[f.name] = var
            body: list[str] = []
            declared_type = self.java_type(f) if not self.derived(f) else self._derived_local_type(f)
            if f.name in self.spans:
                out.append(f"{indent}int {var}At = 0;")
            if f.when_parts:
                flag, value = f.when_parts
                out.append(f"{indent}{declared_type} {var} = null;" if not self._primitive_local(declared_type)
                           else f"{indent}{declared_type} {var} = 0;")
                out.append(f"{indent}if ({local[flag]} == {value}) {{")
                inner = indent + "    "
                assign = f"{var} = "
            else:
                inner = indent
                assign = f"{declared_type} {var} = "
            if f.name in self.spans:
                body.append(f"{assign}r.u32();")
                body.append(f"{var}At = r.position();")
            elif f.repeat is None:
                read = self.read_one(f, local)
                if f.role == "reserved":
                    body.append(f"{assign}{read};")
                    body.append(f'r.expectZero({var}, "{self.owner}.{f.name}");')
                else:
                    body.append(f"{assign}{read};")
            elif f.role == "index":
                # The table is derived from the frames that follow; the decoder only steps over it.
                entry = self.spec.record(f.type).fixed_size()
                body.append(f"r.skip(r.count({local[f.repeat]}, {entry}) * {entry});")
            elif f.repeat == "to_end" and f.tolerant:
                body.append(f"{assign}new ArrayList<>();")
                body.append("// An extension area (spec `tolerant`): a tail that does not parse is ignored.")
                body.append(f"while (r.remaining() > 0) {{ try {{ {var}.add({self.read_one(f, local)}); }} "
                            f"catch ({JAVA_PACKAGE}.IggyException e) {{ r.skip(r.remaining()); break; }} }}")
            elif f.repeat == "to_end":
                body.append(f"{assign}new ArrayList<>();")
                body.append(f"while (r.remaining() > 0) {{ {var}.add({self.read_one(f, local)}); }}")
            elif f.repeat == "chained":
                raise AssertionError(f"{self.owner}.{f.name}: chained lists belong to the runtime")
            else:
                count = local[f.repeat]
                body.append(f"int {var}N = r.count({count}, {self.min_size(f)});")
                body.append(f"{assign}new ArrayList<>({var}N);")
                body.append(f"for (int i = 0; i < {var}N; i++) {{ {var}.add({self.read_one(f, local)}); }}")
            out += [f"{inner}{line}" for line in body if line]
            if f.name in self.span_end:
                length = local[self.span_end[f.name]]
                out.append(f'{inner}r.expectSpan({length}At, {length}, "{self.owner}.{self.span_end[f.name]}");')
            if f.when_parts:
                out.append(f"{indent}}}")
        return out, local

    @staticmethod
    def _primitive_local(java_type: str) -> bool:
        return java_type in ("int", "long")

    def _derived_local_type(self, f: Field) -> str:
        if f.role == "padding":
            return "byte[]"
        if f.repeat is not None:
            return self.java_type(f)
        return self.single_type(f, boxed=False) if f.when is None else self.single_type(f, boxed=False)

    def encode_body(self, indent: str, value_of) -> list[str]:
        """value_of(field) -> Java expression of a data field's value."""
        out: list[str] = []
        for f in self.fields:
            lines: list[str] = []
            cond = None
            if f.name in self.spans:
                out.append(f"{indent}int {lower_camel(f.name)}At = 0;")
            if f.when_parts:
                flag, value = f.when_parts
                cond = f"{self._flag_value(self.fields_by_name(flag), value_of)} == {value}"
            if f.role in ("padding", "reserved"):
                size = f.size if f.type == "bytes" else SCALAR_SIZES[f.type]
                lines.append(f"w.zeros({size});")
            elif f.role == "length" and f.name in self.sized_by:
                target = self.sized_by[f.name]
                lines.append(f"w.{'u8Length' if f.type == 'u8' else 'u32Length'}({value_of(target)}.length);")
            elif f.name in self.spans:
                lines.append(f"{lower_camel(f.name)}At = w.reserveU32();")
            elif f.role == "flag" and f.name in self.guarded:
                lines.append(self.write_one(f, self._flag_value(f, value_of)))
            elif f.name in self.counted_by:
                lists = [g for g in self.counted_by[f.name] if g.role != "index"]
                first = value_of(lists[0])
                for other in lists[1:]:
                    lines.append(f'w.sameSize({first}.size(), {value_of(other)}.size(), "{self.owner}.{other.name}");')
                lines.append(self.write_one(f, f"{first}.size()"))
            elif f.role == "index":
                entry = self.spec.record(f.type).fixed_size()
                lines.append(f"int {lower_camel(f.name)}At = w.position();")
                lines.append(f"w.zeros({entry} * {value_of(self.indexed[f.name])}.size());")
            elif f.name in self.index_of:
                index = lower_camel(self.index_of[f.name])
                elem = self.single_type(f, boxed=True)
                lines.append(f"int {lower_camel(f.name)}Start = w.position();")
                lines.append(f"int {lower_camel(f.name)}I = 0;")
                lines.append(f"for ({elem} e : {value_of(f)}) {{")
                lines.append(f"    {self.write_one(f, 'e')}")
                lines.append(f"    w.putU32At({index}At + {lower_camel(f.name)}I++ * Layout.INDEX_SIZE"
                             f" + Layout.INDEX_POSITION_OFFSET, w.position() - {lower_camel(f.name)}Start);")
                lines.append("}")
            elif f.repeat is not None:
                elem = self.single_type(f, boxed=True)
                lines.append(f"for ({elem} e : {value_of(f)}) {{ {self.write_one(f, 'e')} }}")
            else:
                lines.append(self.write_one(f, value_of(f)))
            if f.name in self.span_end:
                lines.append(f"w.patchSpan({lower_camel(self.span_end[f.name])}At);")
            if cond:
                out.append(f"{indent}if ({cond}) {{")
                out += [f"{indent}    {line}" for line in lines]
                out.append(f"{indent}}}")
            else:
                out += [f"{indent}{line}" for line in lines]
        return out

    def fields_by_name(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def _flag_value(self, flag: Field, value_of) -> str:
        """A derived flag: the `when` value of the branch whose data field is set, else the data-free branch."""
        branches = self.guarded[flag.name]
        data_branches = [(v, g) for v, g in branches if not self.derived(g)]
        other = sorted({v for v, _ in branches} - {v for v, _ in data_branches})
        fallback = other[0] if other else 0
        expr = str(fallback)
        for v, g in reversed(data_branches):
            expr = f"({value_of(g)} != null ? {v} : {expr})"
        return expr


def _record_source(spec: Spec, name: str, fields: tuple[Field, ...], about: str, indent: str,
                   implements: str = "", extra: list[str] | None = None) -> list[str]:
    plan = _Plan(spec, fields, name)
    data = plan.data()
    components = ", ".join(f"{plan.java_type(f)} {lower_camel(f.name)}" for f in data)
    out = [f"{indent}/** {about} */",
           f"{indent}public record {name}({components}){implements} {{"]
    inner = indent + "    "
    lists = [f for f in data if f.repeat is not None]
    if lists:
        out.append(f"{inner}public {name} {{")
        for f in lists:
            out.append(f"{inner}    {lower_camel(f.name)} = List.copyOf({lower_camel(f.name)});")
        out.append(f"{inner}}}")
        out.append("")
    for count, targets in plan.counted_by.items():
        targets = [t for t in targets if t.role != "index"]
        count_field = plan.fields_by_name(count)
        if count_field.role is None and not any(f.name == count for f in data):
            java = _SCALARS[count_field.type][0]
            out += [f"{inner}/** {count_field.about} */",
                    f"{inner}public {java} {lower_camel(count)}() {{ return {lower_camel(targets[0].name)}.size(); }}",
                    ""]
    out += extra or []
    decode, local = plan.decode_body(inner + "    ")
    args = ", ".join(local[f.name] for f in data)
    out += [f"{inner}public static {name} decode(WireReader r) {{", *decode,
            f"{inner}    return new {name}({args});", f"{inner}}}", ""]
    out += [f"{inner}public void encode(WireWriter w) {{",
            *plan.encode_body(inner + "    ", lambda f: lower_camel(f.name)), f"{inner}}}"]
    out.append(f"{indent}}}")
    return out


def _header(package: str, imports: list[str]) -> list[str]:
    return [f"// {BANNER}", f"// {SOURCE_NOTE}", f"package {package};", "", *[f"import {i};" for i in imports], ""]


def _javadoc_text(text: str) -> str:
    return text.replace("*/", "*&#47;").replace("<", "&lt;").replace(">", "&gt;").replace("@", "&#64;")


def _render_model(spec: Spec, holder: str, about: str, records: list[tuple[str, Record]]) -> str:
    """One public holder class of the model package with a nested record (and its codec) per spec record."""
    out = _header(MODEL_PACKAGE, [f"{JAVA_PACKAGE}.Identifier", f"{CODEC_PACKAGE}.PermissionsCodec",
                                  f"{CODEC_PACKAGE}.WireReader", f"{CODEC_PACKAGE}.WireWriter",
                                  "java.math.BigInteger", "java.util.ArrayList", "java.util.List"])
    out += [f"/** {about} */", f"public final class {holder} {{", f"    private {holder}() {{}}", ""]
    for java_name, record in records:
        out += _record_source(spec, java_name, record.fields, _javadoc_text(record.about), "    ")
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def render_java_primitives(spec: Spec) -> str:
    about = f"Building blocks of Iggy {spec.version} payloads (spec/primitives.toml) with their wire codec."
    return _render_model(spec, "Primitives", about,
                         [(upper_camel(r.name), r) for r in generated_primitives(spec)])


def render_java_structs(spec: Spec) -> str:
    return _render_model(spec, "Structs",
                         f"Response bodies of Iggy {spec.version} (spec/structs.toml) with their wire codec.",
                         [(r.name, r) for r in spec.structs.values()])


def _response_java(spec: Spec, command: Command) -> str:
    if command.response == "empty":
        return "Void"
    if command.response == "inline":
        return f"Requests.{command.name}Response"
    single = f"Structs.{command.response}"
    return f"List<{single}>" if command.response_repeat == "to_end" else single


def render_java_requests(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [f"{JAVA_PACKAGE}.Codes", f"{JAVA_PACKAGE}.Identifier",
                                  f"{MODEL_PACKAGE}.Permissions",
                                  f"{MODEL_PACKAGE}.Primitives", f"{MODEL_PACKAGE}.Structs",
                                  "java.math.BigInteger", "java.util.ArrayList", "java.util.List"])
    out += [f"/** One request record per command of Iggy {spec.version} (spec/commands.toml), and inline responses. */",
            "public final class Requests {", "    private Requests() {}", "",
            "    /** A command's request payload; the frame adds {@code length u32 | code u32}. */",
            "    public sealed interface Request permits",
            ",\n".join(f"            {c.name}" for c in spec.commands) + " {",
            "        int code();", "", "        void encode(WireWriter w);", "    }", ""]
    for command in spec.commands:
        extra = [f"        public int code() {{ return Codes.Command.{command.constant_name}; }}", ""]
        out += _record_source(spec, command.name, command.request, _javadoc_text(command.about), "    ",
                              " implements Request", extra)
        out.append("")
        if command.response == "inline":
            out += _record_source(spec, f"{command.name}Response", command.response_fields,
                                  f"The answer to {command.name}.", "    ")
            out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def render_java_command_table(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [f"{JAVA_PACKAGE}.Codes", f"{MODEL_PACKAGE}.Structs", "java.util.ArrayList",
                                  "java.util.List", "java.util.Map", "java.util.function.Function",
                                  "java.util.stream.Collectors", "java.util.stream.Stream"])
    out += [
        "/** Every command: code, request and response types, list-ness, authentication and permission rule. */",
        "public final class CommandTable {",
        "    private CommandTable() {}",
        "",
        "    /**",
        "     * One row of the table. {@code responseList}: the body is the response type repeated to its end;",
        "     * {@code emptyWhenMissing}: a lookup of a missing object answers an empty OK (the client returns null);",
        "     * {@code permissionRule}: the spec's machine-readable rule id, {@code permission} its prose.",
        "     */",
        "    public record Entry(int code, String name, Class<?> requestType, Class<?> responseType,",
        "                        boolean responseList, boolean auth, String permissionRule, String permission,",
        "                        boolean emptyWhenMissing,",
        "                        Function<WireReader, ?> requestDecoder, Function<WireReader, ?> responseDecoder) {}",
        "",
        "    /** Every command, ascending by code. */",
        "    public static final List<Entry> ALL = List.of(",
    ]
    rows = []
    for c in spec.commands:
        request_type = f"Requests.{c.name}"
        if c.response == "empty":
            response_type, decoder, is_list = "Void", "r -> null", "false"
        elif c.response == "inline":
            response_type = f"Requests.{c.name}Response"
            decoder, is_list = f"{response_type}::decode", "false"
        else:
            response_type = f"Structs.{c.response}"
            is_list = "true" if c.response_repeat == "to_end" else "false"
            decoder = (f"r -> decodeList(r, {response_type}::decode)" if is_list == "true"
                       else f"{response_type}::decode")
        rows.append(f"            new Entry(Codes.Command.{c.constant_name}, {_quote(c.name)}, {request_type}.class, "
                    f"{response_type}.class, {is_list}, {str(c.auth).lower()}, {_quote(c.permission_rule)}, "
                    f"{_quote(c.permission)}, "
                    f"{str(c.missing == 'empty').lower()}, {request_type}::decode, {decoder})")
    out += [",\n".join(rows) + ");", ""]
    out += [
        "    /** Rows by command code. */",
        "    public static final Map<Integer, Entry> BY_CODE =",
        "            ALL.stream().collect(Collectors.toUnmodifiableMap(Entry::code, Function.identity()));",
        "",
        "    /** Decodes a whole list body: elements back to back until the body ends. */",
        "    public static <T> List<T> decodeList(WireReader r, Function<WireReader, T> element) {",
        "        List<T> items = new ArrayList<>();",
        "        while (r.remaining() > 0) {",
        "            items.add(element.apply(r));",
        "        }",
        "        return List.copyOf(items);",
        "    }",
        "",
        "    static Stream<Entry> stream() {",
        "        return ALL.stream();",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


def _layout_constants(spec: Spec, record_name: str, prefix: str) -> list[str]:
    record = spec.record(record_name)
    out, offset = [], 0
    for f in record.fields:
        size = f.fixed_size()
        assert size is not None, f"{record_name}.{f.name} must be fixed-size"
        name = f"{prefix}_{f.name.upper()}"
        out += [f"    /** {_javadoc_text(f.about)} */",
                f"    public static final int {name}_OFFSET = {offset};",
                f"    public static final int {name}_SIZE = {size};"]
        offset += size
    out += [f"    /** Total size of one {record_name}. */", f"    public static final int {prefix}_SIZE = {offset};"]
    return out


def render_java_layout(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [])
    out += ["/** Field offsets and sizes of the fixed layouts the hot path reads in place. */",
            "public final class Layout {", "    private Layout() {}", ""]
    out += _layout_constants(spec, "message_header", "HEADER")
    out.append("")
    out += _layout_constants(spec, "index_entry", "INDEX")
    out.append("}")
    return "\n".join(out) + "\n"


def render_java_error_code(spec: Spec) -> str:
    out = _header(JAVA_PACKAGE, ["java.util.Arrays", "java.util.Map", "java.util.function.Function",
                               "java.util.stream.Collectors"])
    out += [f"/** Every Iggy {spec.version} error code with its name and the server's message text. */",
            "public enum ErrorCode {"]
    rows = [f"    {e.constant_name}({e.code}, {_quote(e.name)}, {_quote(e.message)})" for e in spec.errors]
    out += [",\n".join(rows) + ";", ""]
    out += [
        "    private static final Map<Integer, ErrorCode> BY_CODE = Arrays.stream(values())",
        "            .collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));",
        "",
        "    private final int code;",
        "    private final String iggyName;",
        "    private final String message;",
        "",
        "    ErrorCode(int code, String iggyName, String message) {",
        "        this.code = code;",
        "        this.iggyName = iggyName;",
        "        this.message = message;",
        "    }",
        "",
        "    /** The wire code. */",
        "    public int code() {",
        "        return code;",
        "    }",
        "",
        "    /** Iggy's CamelCase name, e.g. {@code StreamIdNotFound}. */",
        "    public String iggyName() {",
        "        return iggyName;",
        "    }",
        "",
        "    /** The server's message text ('…' stands for a runtime value). */",
        "    public String message() {",
        "        return message;",
        "    }",
        "",
        "    /** The entry for a wire code, or null for a code this protocol version does not define. */",
        "    public static ErrorCode fromCode(int code) {",
        "        return BY_CODE.get(code);",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


JAVA_CODEC_OUTPUTS = {
    f"{JAVA_ROOT}/ErrorCode.java": render_java_error_code,
    f"{JAVA_ROOT}/model/Primitives.java": render_java_primitives,
    f"{JAVA_ROOT}/model/Structs.java": render_java_structs,
    f"{JAVA_ROOT}/internal/codec/Requests.java": render_java_requests,
    f"{JAVA_ROOT}/internal/codec/CommandTable.java": render_java_command_table,
    f"{JAVA_ROOT}/internal/codec/Layout.java": render_java_layout,
}
