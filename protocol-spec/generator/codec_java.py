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
- `role = "total_length"`: the byte size of the whole record (a 0.9 batch's batch_length); checked on decode;
- a count a later record field is `counted_by` (0.9 SendMessages' messages_count): that record's element count.
Primitives with hand-written runtime types (identifier, names, optional partition, chained permissions) are
mapped to those types instead of being generated.

Protocol versions (Kafka's rule, as the Python codec): one record per command and spec record serves every version.
Its components are every version's data fields; `decode` / `encode` take the version from the WireReader /
WireWriter (`r.version()`, 0.8 unless the caller gives one) and skip the fields that version lacks, which decode
to their zero value (or the spec `default`). `CommandTable.FIELD_VERSIONS` names the fields only some versions
have; `CommandTable.Entry.versions` the versions a command exists in.
"""

from __future__ import annotations

from .languages import BANNER, JAVA_PACKAGE, JAVA_ROOT, SOURCE_NOTE, _javadoc_text, _quote
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
# The zero value a field takes in a version that lacks it (by Java type; records and runtime types: null).
_ZERO = {"int": "0", "long": "0L", "float": "0f", "boolean": "false", "byte[]": "new byte[0]",
         "BigInteger": "BigInteger.ZERO", "String": '""'}


def lower_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.capitalize() for p in rest)


def upper_camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_")) if "_" in name or name.islower() else name


def version_constant(spec: Spec, name: str) -> str:
    return f"ProtocolVersion.{spec.protocol_version(name).constant_name}"


def version_condition(spec: Spec, versions: frozenset[str] | None, version: str) -> str | None:
    """The Java condition under which something of `versions` is on the wire (`version` is the expression of the
    connection's version, e.g. `r.version()`), or None when every version has it."""
    names = spec.version_names
    if versions is None or versions >= set(names):
        return None
    present = [n for n in names if n in versions]
    first, last = names.index(present[0]), names.index(present[-1])
    contiguous = last - first + 1 == len(present)
    if contiguous and last == len(names) - 1:
        return f"{version}.atLeast({version_constant(spec, present[0])})"
    if contiguous and first == 0:
        return f"{version}.atMost({version_constant(spec, present[-1])})"
    return " || ".join(f"{version} == {version_constant(spec, n)}" for n in present)


def version_set(spec: Spec, versions: frozenset[str] | None) -> str:
    """A Java Set of ProtocolVersion (every version when `versions` is None)."""
    names = [n for n in spec.version_names if versions is None or n in versions]
    return "Set.of(" + ", ".join(version_constant(spec, n) for n in names) + ")"


def generated_primitives(spec: Spec) -> list[Record]:
    """A primitive another one extends is only that one's front (message_header, 0.9's batch_header and
    frame_header: their lengths size what follows them there): Layout covers it."""
    fronts = {r.extends for r in spec.primitives.values() if r.extends is not None}
    skip = set(_RUNTIME) | _RUNTIME_ONLY_INSIDE | fronts
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
        # A count field and the record fields whose element count it states (`counted_by`).
        self.record_counts: dict[str, list[Field]] = {}
        for f in fields:
            if f.counted_by is not None:
                self.record_counts.setdefault(f.counted_by, []).append(f)
        self.guarded: dict[str, list[tuple[int, Field]]] = {}
        for f in fields:
            if f.when_parts:
                flag, value = f.when_parts
                self.guarded.setdefault(flag, []).append((value, f))
            assert not (f.when and f.versions is not None), f"{owner}.{f.name}: a versioned conditional field"
        self.spans: dict[str, list[Field]] = {}
        for i, f in enumerate(fields):
            if f.role == "length" and f.name not in self.sized_by:
                covered = []
                for g in fields[i + 1:]:
                    if g.repeat is not None or g.when != f.when or g.versions != f.versions:
                        break
                    covered.append(g)
                assert covered and f.type == "u32", f"{owner}.{f.name}: a span length needs u32 and fields after it"
                self.spans[f.name] = covered
        self.span_end = {cov[-1].name: length for length, cov in self.spans.items()}
        self.totals = [f for f in fields if f.role == "total_length"]
        assert all(f.versions is None and f.when is None for f in self.totals), f"{owner}: a conditional total"
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

    def versioned_data(self) -> list[Field]:
        """The data fields only some protocol versions have."""
        return [f for f in self.data() if version_condition(self.spec, f.versions, "v") is not None]

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

    def zero(self, f: Field, java_type: str) -> str:
        """What a field holds where it is absent: null when conditional, the spec default, else the zero value."""
        if f.when is not None:
            return "0" if self._primitive_local(java_type) else "null"
        if f.default is not None and not self.derived(f):
            if isinstance(f.default, bool):
                return "true" if f.default else "false"
            if isinstance(f.default, str):
                return _quote(f.default)
            return f"{f.default}L" if java_type == "long" else str(f.default)
        if java_type.startswith("List<"):
            return "List.of()"
        return _ZERO.get(java_type, "null")

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
        return max(1, sum(self.min_size(g) for g in record.fields
                          if g.when is None and g.repeat is None and g.versions is None))

    def inner_list(self, f: Field) -> Field:
        """The counted list inside a record field that names a `counted_by` count."""
        return next(g for g in self.spec.record(f.type).fields if g.repeat not in (None, "to_end", "chained"))

    def decode_body(self, indent: str) -> tuple[list[str], dict[str, str]]:
        runs: list[tuple[str | None, list[str], list[str]]] = []  # (version condition, declarations, statements)
        local: dict[str, str] = {}
        for f in self.fields:
            var = "_" + lower_camel(f.name)
            local[f.name] = var
            body: list[str] = []
            decls: list[str] = []
            declared_type = self.java_type(f) if not self.derived(f) else self._derived_local_type(f)
            vcond = version_condition(self.spec, f.versions, "r.version()")
            if f.name in self.spans:
                decls.append(f"int {var}At = 0;")
            guarded = f.when_parts is not None
            if (guarded or vcond) and f.role != "index":
                decls.append(f"{declared_type} {var} = {self.zero(f, declared_type)};")
                assign = f"{var} = "
            else:
                assign = f"{declared_type} {var} = "
            if f.name in self.spans:
                body.append(f"{assign}r.u32();")
                body.append(f"{var}At = r.position();")
            elif f.repeat is None:
                read = self.read_one(f, local)
                body.append(f"{assign}{read};")
                if f.role == "reserved":
                    body.append(f'r.expectZero({var}, "{self.owner}.{f.name}");')
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
            if f.counted_by is not None:
                inner = lower_camel(self.inner_list(f).name)
                body.append(f'r.expectCount({local[f.counted_by]}, {var}.{inner}().size(), '
                            f'"{self.owner}.{f.counted_by}");')
            if f.name in self.span_end:
                length = local[self.span_end[f.name]]
                body.append(f'r.expectSpan({length}At, {length}, "{self.owner}.{self.span_end[f.name]}");')
            if guarded:
                flag, value = f.when_parts  # type: ignore[misc]
                body = [f"if ({local[flag]} == {value}) {{", *["    " + line for line in body], "}"]
            runs.append((vcond, decls, body))
        out: list[str] = []
        if self.totals:
            out.append(f"{indent}int _start = r.position();")
        out += _merged(runs, indent)
        for f in self.totals:
            out.append(f'{indent}r.expectSpan(_start, {local[f.name]}, "{self.owner}.{f.name}");')
        return out, local

    @staticmethod
    def _primitive_local(java_type: str) -> bool:
        return java_type in ("int", "long")

    def _derived_local_type(self, f: Field) -> str:
        if f.role == "padding":
            return "byte[]"
        if f.repeat is not None:
            return self.java_type(f)
        return self.single_type(f, boxed=False)

    def count_expression(self, count: Field, value_of) -> tuple[str, list[str]]:
        """The value of a derived count (the size of the lists it counts, or of the record `counted_by` it, per
        version) and the checks that lists sharing it agree."""
        sources: list[tuple[frozenset[str] | None, str]] = []
        checks: list[str] = []
        lists = [g for g in self.counted_by.get(count.name, []) if g.role != "index"]
        by_versions: dict[frozenset[str] | None, list[Field]] = {}
        for g in lists:
            by_versions.setdefault(g.versions, []).append(g)
        for versions, group in by_versions.items():
            first = value_of(group[0])
            for other in group[1:]:
                checks.append(f'w.sameSize({first}.size(), {value_of(other)}.size(), "{self.owner}.{other.name}");')
            sources.append((versions, f"{first}.size()"))
        for g in self.record_counts.get(count.name, []):
            sources.append((g.versions, f"{value_of(g)}.{lower_camel(self.inner_list(g).name)}().size()"))
        assert sources, f"{self.owner}.{count.name}: a count without a list"
        expression = sources[-1][1]
        for versions, source in reversed(sources[:-1]):
            condition = version_condition(self.spec, versions, "w.version()")
            assert condition is not None, f"{self.owner}.{count.name}: counts of every version must come last"
            expression = f"({condition} ? {source} : {expression})"
        return expression, checks

    def encode_body(self, indent: str, value_of) -> list[str]:
        """value_of(field) -> Java expression of a data field's value."""
        runs: list[tuple[str | None, list[str], list[str]]] = []
        for f in self.fields:
            lines: list[str] = []
            decls: list[str] = []
            cond = None
            if f.name in self.spans:
                decls.append(f"int {lower_camel(f.name)}At = 0;")
            if f.when_parts:
                flag, value = f.when_parts
                cond = f"{self._flag_value(self.fields_by_name(flag), value_of)} == {value}"
            if f.role in ("padding", "reserved"):
                size = f.size if f.type == "bytes" else SCALAR_SIZES[f.type]
                lines.append(f"w.zeros({size});")
            elif f.role == "total_length":
                lines.append(f"int {lower_camel(f.name)}At = w.position();")
                lines.append(f"w.zeros({SCALAR_SIZES[f.type]});")
            elif f.role == "length" and f.name in self.sized_by:
                target = self.sized_by[f.name]
                lines.append(f"w.{'u8Length' if f.type == 'u8' else 'u32Length'}({value_of(target)}.length);")
            elif f.name in self.spans:
                lines.append(f"{lower_camel(f.name)}At = w.reserveU32();")
            elif f.role == "flag" and f.name in self.guarded:
                lines.append(self.write_one(f, self._flag_value(f, value_of)))
            elif f.name in self.counted_by or f.name in self.record_counts:
                expression, checks = self.count_expression(f, value_of)
                lines += checks
                lines.append(self.write_one(f, expression))
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
                lines = [f"if ({cond}) {{", *[f"    {line}" for line in lines], "}"]
            runs.append((version_condition(self.spec, f.versions, "w.version()"), decls, lines))
        out: list[str] = []
        if self.totals:
            out.append(f"{indent}int start = w.position();")
        out += _merged(runs, indent)
        for f in self.totals:
            put = "putU64At" if f.type == "u64" else "putU32At"
            out.append(f"{indent}w.{put}({lower_camel(f.name)}At, w.position() - start);")
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


def _merged(runs: list[tuple[str | None, list[str], list[str]]], indent: str) -> list[str]:
    """Statements in field order; adjacent fields of the same versions share one `if`, their declarations (the
    values they keep where the version lacks them) placed before it."""
    out: list[str] = []
    i = 0
    while i < len(runs):
        condition = runs[i][0]
        if condition is None:
            out += [f"{indent}{line}" for line in runs[i][1] + runs[i][2]]
            i += 1
            continue
        j = i
        while j < len(runs) and runs[j][0] == condition:
            j += 1
        out += [f"{indent}{line}" for run in runs[i:j] for line in run[1]]
        out.append(f"{indent}if ({condition}) {{")
        out += [f"{indent}    {line}" for run in runs[i:j] for line in run[2]]
        out.append(f"{indent}}}")
        i = j
    return out


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
        single_version = len({t.versions for t in targets}) == 1 and count not in plan.record_counts
        if count_field.role is None and not any(f.name == count for f in data) and single_version:
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


def _versions_text(spec: Spec) -> str:
    return " and ".join(spec.version_names)


def _render_model(spec: Spec, holder: str, about: str, records: list[tuple[str, Record]]) -> str:
    """One public holder class of the model package with a nested record (and its codec) per spec record."""
    out = _header(MODEL_PACKAGE, [f"{JAVA_PACKAGE}.Identifier", f"{JAVA_PACKAGE}.ProtocolVersion",
                                  f"{CODEC_PACKAGE}.PermissionsCodec",
                                  f"{CODEC_PACKAGE}.WireReader", f"{CODEC_PACKAGE}.WireWriter",
                                  "java.math.BigInteger", "java.util.ArrayList", "java.util.List"])
    out += [f"/** {about} */", f"public final class {holder} {{", f"    private {holder}() {{}}", ""]
    for java_name, record in records:
        out += _record_source(spec, java_name, record.fields, _javadoc_text(_record_about(spec, record)), "    ")
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def _record_about(spec: Spec, record: Record) -> str:
    """A record's doc, saying which versions have it when not every one does."""
    if record.versions is None or record.versions >= set(spec.version_names):
        return record.about
    names = [n for n in spec.version_names if n in record.versions]
    return f"{record.about} (protocol {', '.join(names)})"


def render_java_primitives(spec: Spec) -> str:
    about = f"Building blocks of Iggy {_versions_text(spec)} payloads (spec/primitives.toml) with their wire codec."
    return _render_model(spec, "Primitives", about,
                         [(upper_camel(r.name), r) for r in generated_primitives(spec)])


def render_java_structs(spec: Spec) -> str:
    return _render_model(spec, "Structs",
                         f"Response bodies of Iggy {_versions_text(spec)} (spec/structs.toml) with their wire codec.",
                         [(r.name, r) for r in spec.structs.values()])


def _command_about(spec: Spec, command: Command) -> str:
    if command.versions is None or command.versions >= set(spec.version_names):
        return command.about
    names = [n for n in spec.version_names if n in command.versions]
    return f"{command.about} (protocol {', '.join(names)})"


def render_java_requests(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [f"{JAVA_PACKAGE}.Codes", f"{JAVA_PACKAGE}.Identifier",
                                  f"{JAVA_PACKAGE}.ProtocolVersion",
                                  f"{MODEL_PACKAGE}.Permissions",
                                  f"{MODEL_PACKAGE}.Primitives", f"{MODEL_PACKAGE}.Structs",
                                  "java.math.BigInteger", "java.util.ArrayList", "java.util.List"])
    out += [f"/** One request record per command of Iggy {_versions_text(spec)} (spec/commands.toml), and inline "
            "responses. */",
            "public final class Requests {", "    private Requests() {}", "",
            "    /** A command's request payload; the frame adds its header (0.8: {@code length u32 | code u32}). */",
            "    public sealed interface Request permits",
            ",\n".join(f"            {c.name}" for c in spec.commands) + " {",
            "        int code();", "", "        void encode(WireWriter w);", "",
            "        /** The text of the field that names an error param (commands.toml error_param), or null: what an",
            "         * error's {@code <param>} placeholder becomes when this request failed. */",
            "        default String errorParam(String param) {", "            return null;", "        }", "    }", ""]
    for command in spec.commands:
        extra = [f"        public int code() {{ return Codes.Command.{command.constant_name}; }}", ""]
        extra += _java_error_param(spec, command)
        out += _record_source(spec, command.name, command.request, _javadoc_text(_command_about(spec, command)),
                              "    ", " implements Request", extra)
        out.append("")
        if command.response == "inline":
            out += _record_source(spec, f"{command.name}Response", command.response_fields,
                                  f"The answer to {command.name}.", "    ")
            out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def _java_error_param(spec: Spec, command: Command) -> list[str]:
    params = spec.error_param_fields(command)
    if not params:
        return []
    fields: dict[str, list[str]] = {}
    for param, field_name in params.items():
        fields.setdefault(field_name, []).append(param)
    out = ["        @Override", "        public String errorParam(String param) {", "            switch (param) {"]
    for field_name, names in fields.items():
        out += [" ".join(f'case "{name}":' for name in names).join(["                ", ""])
                + f" return ParamText.of({lower_camel(field_name)});"]
    out += ["                default: return null;", "            }", "        }", ""]
    return out


def render_java_frames(spec: Spec) -> str:
    """The 0.9 frame headers (frames.toml) as records with their codec; the hot path reads them in place at the
    offsets in Layout instead."""
    out = _header(CODEC_PACKAGE, [f"{JAVA_PACKAGE}.ProtocolVersion", f"{MODEL_PACKAGE}.Primitives",
                                  f"{MODEL_PACKAGE}.Structs", "java.math.BigInteger", "java.util.ArrayList",
                                  "java.util.List"])
    out += ["/** The 256-byte headers of Iggy 0.9 frames (spec/frames.toml): request, reply and eviction. */",
            "public final class Frames {", "    private Frames() {}", ""]
    for record in spec.frames.values():
        if record.name == "FramePrefix":
            continue  # only the headers that extend it are frames of their own
        out += _record_source(spec, record.name, record.fields, _javadoc_text(record.about), "    ")
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def _response_types(command: Command) -> tuple[str, str, str]:
    """(Java response type, decoder expression, list-ness) of a command's OK body."""
    if command.response == "empty":
        return "Void", "r -> null", "false"
    if command.response == "inline":
        response_type = f"Requests.{command.name}Response"
        return response_type, f"{response_type}::decode", "false"
    response_type = f"Structs.{command.response}"
    if command.response_repeat == "to_end":
        return response_type, f"r -> decodeList(r, {response_type}::decode, COUNTED_{command.constant_name})", "true"
    return response_type, f"{response_type}::decode", "false"


def _empty_in(spec: Spec, command: Command) -> frozenset[str]:
    """The versions in which an inline response has no field at all (its OK body is empty there)."""
    if command.response != "inline":
        return frozenset()
    return frozenset(n for n in spec.version_names if not any(f.in_version(n) for f in command.response_fields))


def _field_versions_entries(spec: Spec) -> list[str]:
    """`Class -> {component -> versions}` for every generated record with fields only some versions have."""
    records: list[tuple[str, tuple[Field, ...]]] = []
    records += [(f"Primitives.{upper_camel(r.name)}", r.fields) for r in generated_primitives(spec)]
    records += [(f"Structs.{r.name}", r.fields) for r in spec.structs.values()]
    for c in spec.commands:
        records.append((f"Requests.{c.name}", c.request))
        if c.response == "inline":
            records.append((f"Requests.{c.name}Response", c.response_fields))
    entries = []
    for java_name, fields in records:
        plan = _Plan(spec, fields, java_name)
        versioned = plan.versioned_data()
        if versioned:
            inner = ", ".join(f"Map.entry({_quote(lower_camel(f.name))}, {version_set(spec, f.versions)})"
                              for f in versioned)
            entries.append(f"            Map.entry({java_name}.class, Map.ofEntries({inner}))")
    return entries


def render_java_command_table(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [f"{JAVA_PACKAGE}.Codes", f"{JAVA_PACKAGE}.ProtocolVersion",
                                  f"{MODEL_PACKAGE}.Primitives", f"{MODEL_PACKAGE}.Structs",
                                  "java.util.ArrayList", "java.util.List", "java.util.Map", "java.util.Set",
                                  "java.util.function.Function", "java.util.stream.Collectors",
                                  "java.util.stream.Stream"])
    out += [
        "/** Every command: code, request and response types, list-ness, authentication and permission rule. */",
        "public final class CommandTable {",
        "    private CommandTable() {}",
        "",
        "    /**",
        "     * One row of the table. {@code responseList}: the body is the response type repeated to its end;",
        "     * {@code emptyWhenMissing}: a lookup of a missing object answers an empty OK (the client returns null);",
        "     * {@code permissionRule}: the spec's machine-readable rule id, {@code permission} its prose;",
        "     * {@code versions}: the protocol versions that have the command; {@code operation}: what its 0.9 request",
        "     * header carries (NON_REPLICATED: the code rides in the header); {@code emptyIn}: the versions whose OK",
        "     * body is always empty although other versions answer a body; {@code mutates}: it changes what the",
        "     * server stores or what other clients see; {@code replaySafe}: a client may send it again on a new",
        "     * connection after its answer was lost (the lookups and Ping); {@code audited}: the server writes an",
        "     * audit line for it.",
        "     */",
        "    public record Entry(int code, String name, Class<?> requestType, Class<?> responseType,",
        "                        boolean responseList, boolean auth, String permissionRule, String permission,",
        "                        boolean emptyWhenMissing, Set<ProtocolVersion> versions, Codes.Operation operation,",
        "                        Set<ProtocolVersion> emptyIn, boolean mutates, boolean replaySafe, boolean audited,",
        "                        Function<WireReader, ?> requestDecoder, Function<WireReader, ?> responseDecoder) {",
        "        /** Whether the command exists in {@code version}. */",
        "        public boolean in(ProtocolVersion version) {",
        "            return versions.contains(version);",
        "        }",
        "    }",
        "",
    ]
    for c in spec.commands:
        if c.response_repeat == "to_end":
            out += [f"    /** The versions in which {c.name}'s list answer starts with its element count (u32). */",
                    f"    private static final Set<ProtocolVersion> COUNTED_{c.constant_name} = "
                    f"{version_set(spec, c.response_count_prefix) if c.response_count_prefix else 'Set.of()'};", ""]
    out += ["    /** Every command, ascending by code. */", "    public static final List<Entry> ALL = List.of("]
    rows = []
    for c in spec.commands:
        request_type = f"Requests.{c.name}"
        response_type, decoder, is_list = _response_types(c)
        operation = c.operation and _upper_snake_of(c.operation) or "NON_REPLICATED"
        empty_in = _empty_in(spec, c)
        rows.append(f"            new Entry(Codes.Command.{c.constant_name}, {_quote(c.name)}, {request_type}.class, "
                    f"{response_type}.class, {is_list}, {str(c.auth).lower()}, {_quote(c.permission_rule)}, "
                    f"{_quote(c.permission)}, "
                    f"{str(c.missing == 'empty').lower()}, {version_set(spec, c.versions)}, "
                    f"Codes.Operation.{operation}, {version_set(spec, empty_in) if empty_in else 'Set.of()'}, "
                    f"{str(c.mutates).lower()}, {str(c.replay_safe).lower()}, {str(c.audited).lower()}, "
                    f"{request_type}::decode, {decoder})")
    out += [",\n".join(rows) + ");", ""]
    out += [
        "    /** Rows by command code. */",
        "    public static final Map<Integer, Entry> BY_CODE =",
        "            ALL.stream().collect(Collectors.toUnmodifiableMap(Entry::code, Function.identity()));",
        "",
        "    /** The record components only some protocol versions have, and which (a version lacking one decodes it",
        "     * to its zero value and does not encode it). */",
        "    public static final Map<Class<?>, Map<String, Set<ProtocolVersion>>> FIELD_VERSIONS = Map.ofEntries(",
        ",\n".join(_field_versions_entries(spec)) + ");",
        "",
        "    /** Decodes a whole list body: elements back to back until the body ends (after their count, in the",
        "     * versions of {@code countedIn}). */",
        "    public static <T> List<T> decodeList(WireReader r, Function<WireReader, T> element,",
        "                                         Set<ProtocolVersion> countedIn) {",
        "        if (countedIn.contains(r.version()) && r.remaining() > 0) {",
        "            int n = r.count(r.u32(), 1);",
        "            List<T> items = new ArrayList<>(n);",
        "            for (int i = 0; i < n; i++) {",
        "                items.add(element.apply(r));",
        "            }",
        "            return List.copyOf(items);",
        "        }",
        "        return decodeList(r, element);",
        "    }",
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
        "    /** Whether a list answer of {@code code} starts with its element count (u32) in {@code version}. */",
        "    public static boolean listCounted(int code, ProtocolVersion version) {",
        "        return COUNTED_BY_CODE.getOrDefault(code, Set.of()).contains(version);",
        "    }",
        "",
        "    private static final Map<Integer, Set<ProtocolVersion>> COUNTED_BY_CODE = Map.ofEntries(",
        ",\n".join(f"            Map.entry(Codes.Command.{c.constant_name}, COUNTED_{c.constant_name})"
                   for c in spec.commands if c.response_repeat == "to_end") + ");",
        "",
        "    static Stream<Entry> stream() {",
        "        return ALL.stream();",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


def _upper_snake_of(camel_name: str) -> str:
    from .spec import upper_snake
    return upper_snake(camel_name)


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


# The fixed layouts the 0.9 hot paths read in place (spec record -> constant prefix).
_VERSIONED_LAYOUTS = (("RequestHeader", "REQUEST_HEADER"), ("ReplyHeader", "REPLY_HEADER"),
                      ("EvictionHeader", "EVICTION_HEADER"), ("batch_header", "BATCH_HEADER"),
                      ("frame_header", "FRAME_HEADER"))


def render_java_layout(spec: Spec) -> str:
    out = _header(CODEC_PACKAGE, [])
    out += ["/** Field offsets and sizes of the fixed layouts the hot path reads in place. */",
            "public final class Layout {", "    private Layout() {}", ""]
    out += _layout_constants(spec, "message_header", "HEADER")
    out.append("")
    out += _layout_constants(spec, "index_entry", "INDEX")
    for name, prefix in _VERSIONED_LAYOUTS:
        if name in spec.frames or name in spec.primitives:
            record = spec.record(name)
            out += ["", f"    // {_javadoc_text(_record_about(spec, record))}"]
            out += _layout_constants(spec, name, prefix)
    out.append("}")
    return "\n".join(out) + "\n"


def render_java_error_code(spec: Spec) -> str:
    out = _header(JAVA_PACKAGE, ["java.util.Arrays", "java.util.List", "java.util.Map", "java.util.function.Function",
                               "java.util.stream.Collectors"])
    out += [f"/** Every Iggy {_versions_text(spec)} error code with its name and the server's message text. */",
            "public enum ErrorCode {"]
    rows = [f"    {e.constant_name}({e.code}, {_quote(e.name)}, {_quote(e.message)}, ErrorKind.{e.kind.upper()}, "
            f"List.of({', '.join(map(_quote, e.params))}))" for e in spec.errors]
    out += [",\n".join(rows) + ";", ""]
    out += [
        "    private static final Map<Integer, ErrorCode> BY_CODE = Arrays.stream(values())",
        "            .collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));",
        "",
        "    private final int code;",
        "    private final String iggyName;",
        "    private final String message;",
        "    private final ErrorKind kind;",
        "    private final List<String> params;",
        "",
        "    ErrorCode(int code, String iggyName, String message, ErrorKind kind, List<String> params) {",
        "        this.code = code;",
        "        this.iggyName = iggyName;",
        "        this.message = message;",
        "        this.kind = kind;",
        "        this.params = params;",
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
        "    /** The server's message text ('…' stands for a runtime value, see {@link #params()}). */",
        "    public String message() {",
        "        return message;",
        "    }",
        "",
        "    /** What a caller branches on (protocol-spec/spec/errors.toml {@code [[kind]]}). */",
        "    public ErrorKind kind() {",
        "        return kind;",
        "    }",
        "",
        "    /** What each '…' of {@link #message()} names, in order (errors.toml params: stream, topic, ...). */",
        "    public List<String> params() {",
        "        return params;",
        "    }",
        "",
        "    /** The entry for a wire code, or null for a code no protocol version defines. */",
        "    public static ErrorCode fromCode(int code) {",
        "        return BY_CODE.get(code);",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


def render_java_error_kind(spec: Spec) -> str:
    unlisted = spec.unlisted_error_kind
    out = _header(JAVA_PACKAGE, [])
    out += ["/**",
            " * What a caller branches on (protocol-spec/spec/errors.toml {@code [[kind]]}): {@link ErrorCode#kind()},",
            " * {@link IggyException#kind()}; {@link ErrorKindPredicates} tests it.",
            f" * {{@code {unlisted.constant_name}}}: {_javadoc_text(unlisted.about)}", " */", "public enum ErrorKind {"]
    rows = [f"    /** {_javadoc_text(k.about)} */\n    {k.constant_name}({_quote(k.name)})" for k in spec.error_kinds]
    out += [",\n".join(rows) + ";", "", "    private final String specName;", "",
            "    ErrorKind(String specName) {", "        this.specName = specName;", "    }", "",
            "    /** The spec's name of the kind, e.g. {@code not_found}. */", "    public String specName() {",
            "        return specName;", "    }", "}"]
    return "\n".join(out) + "\n"


def render_java_error_kind_predicates(spec: Spec) -> str:
    out = _header(JAVA_PACKAGE, [])
    out += ["/** One {@code is<Kind>()} per {@link ErrorKind}, for anything with a {@link #kind()} "
            "({@link IggyException}). */",
            "public interface ErrorKindPredicates {", "    /** What a caller branches on. */", "    ErrorKind kind();"]
    for kind in spec.error_kinds:
        out += ["", f"    /** {_javadoc_text(kind.about)} */", f"    default boolean is{kind.camel_name}() {{",
                f"        return kind() == ErrorKind.{kind.constant_name};", "    }"]
    out += ["}"]
    return "\n".join(out) + "\n"


def render_java_protocol_version(spec: Spec) -> str:
    out = _header(JAVA_PACKAGE, [])
    out += [
        "/**",
        " * An Iggy wire protocol version this SDK speaks (protocol.toml {@code [[version]]}), oldest first. A client",
        " * speaks one for its connection's life: {@code ClientConfig.protocol()}, the connection string's",
        " * {@code protocol=0.9|0.8}.",
        " */",
        "public enum ProtocolVersion {",
    ]
    rows = [f"    /** {_javadoc_text(v.about)} */\n    {v.constant_name}({_quote(v.name)})" for v in spec.versions]
    out += [",\n".join(rows) + ";", ""]
    out += [
        "    private final String label;",
        "",
        "    ProtocolVersion(String label) {",
        "        this.label = label;",
        "    }",
        "",
        "    /** How the {@code protocol} option spells it, e.g. {@code 0.9}. */",
        "    public String label() {",
        "        return label;",
        "    }",
        "",
        "    /** This version or a later one. */",
        "    public boolean atLeast(ProtocolVersion other) {",
        "        return compareTo(other) >= 0;",
        "    }",
        "",
        "    /** This version or an earlier one. */",
        "    public boolean atMost(ProtocolVersion other) {",
        "        return compareTo(other) <= 0;",
        "    }",
        "",
        "    /** The version spelled {@code label} exactly, or null. */",
        "    public static ProtocolVersion fromLabel(String label) {",
        "        for (ProtocolVersion v : values()) {",
        "            if (v.label.equals(label)) {",
        "                return v;",
        "            }",
        "        }",
        "        return null;",
        "    }",
        "",
        "    @Override",
        "    public String toString() {",
        "        return label;",
        "    }",
        "}",
    ]
    return "\n".join(out) + "\n"


JAVA_CODEC_OUTPUTS = {
    f"{JAVA_ROOT}/ErrorCode.java": render_java_error_code,
    f"{JAVA_ROOT}/ErrorKind.java": render_java_error_kind,
    f"{JAVA_ROOT}/ErrorKindPredicates.java": render_java_error_kind_predicates,
    f"{JAVA_ROOT}/ProtocolVersion.java": render_java_protocol_version,
    f"{JAVA_ROOT}/model/Primitives.java": render_java_primitives,
    f"{JAVA_ROOT}/model/Structs.java": render_java_structs,
    f"{JAVA_ROOT}/internal/codec/Requests.java": render_java_requests,
    f"{JAVA_ROOT}/internal/codec/Frames.java": render_java_frames,
    f"{JAVA_ROOT}/internal/codec/CommandTable.java": render_java_command_table,
    f"{JAVA_ROOT}/internal/codec/Layout.java": render_java_layout,
}
