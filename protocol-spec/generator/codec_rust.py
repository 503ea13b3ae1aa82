"""Render the Rust wire codec: a type per record and per command request, the command table, and the offsets of
the fixed layouts (message header, index entry).

The codec is data-shaped, not I/O-shaped: `encode(&self, &mut Writer)` and `decode(&mut Reader)`, with the reader,
writer, identifier and strings in the hand-written runtime (`sdk/rust/src/runtime.rs`). Field rules, read from
the spec and applied the same way everywhere:

- `role = "length"` naming the size of a later `bytes` field is derived from that field's length; a length that
  names no field covers every following field up to the first repeated one (SendMessages' metadata_length,
  permissions_len) and is patched in after they are written.
- `role = "flag"` gating `when` fields is derived from whether the gated value is present (`Option`, or a
  non-empty `Vec` for a chained list); a flag that ends an element of a `chained` list is the list's link and is
  written by the list; any other flag is exposed as data. Every flag is read with `Reader::flag`, which fails
  on a byte other than 0 or 1 instead of reading it as "absent" (the rule every language's codec applies).
- `padding` and `reserved` bytes are written as zeros; a non-zero reserved field fails decoding.
- A count or size another field names is derived from that list or byte field (`derived_field_names`, the
  same rule as the fixtures' `fields`); decode reads that many elements, each consuming input, so a lying count
  fails at the end of the body instead of allocating. `role = "index"` (SendMessages' index table) is computed
  from the message frames on encode and skipped on decode.
- `role = "total_length"` (a 0.9 batch's batch_length) is the byte size of the whole record, patched in on encode
  and checked on decode; `counted_by` (0.9 SendMessages' batch) derives the earlier count from the record's list.

Protocol versions (Kafka's rule, as the Python codec): one Rust type per record and per command serves every
version. A type carries the fields of every version; `encode` / `decode` take the version from the `Writer` /
`Reader` (`Writer::with_version`, `Reader::with_version`; 0.8 unless set) and skip the fields that version lacks
(decode gives them their spec default, else `Default::default()`). A version-specific field of a record type is
an `Option` (None where the version lacks it). `ProtocolVersion`, the spec's enums as Rust enums, the 0.9 frame
headers (frames.toml) and the option catalog are generated here too.
"""

from __future__ import annotations

from .languages import BANNER, SOURCE_NOTE
from .spec import Command, Field, Record, Spec, derived_field_names, snake, upper_snake

RUST_SCALARS = {"u8": "u8", "u16": "u16", "u32": "u32", "u64": "u64", "u128": "u128", "f32": "f32", "bool": "bool"}

# Primitives the hand-written runtime implements: Rust type, decode call, encode call (value expression `{v}`).
RUNTIME_TYPES = {
    "identifier": ("Identifier", "Identifier::decode(r)?", "{v}.encode(w)?"),
    "name": ("String", "r.name()?", "w.name(&{v})?"),
    "password": ("String", "r.password()?", "w.password(&{v})?"),
    "string32": ("String", "r.string32()?", "w.string32(&{v})?"),
    "optional_partition": ("Option<u32>", "r.optional_partition()?", "w.optional_partition({v})"),
}

# The fixed layouts whose field offsets every language reads from the generated module.
OFFSET_RECORDS = ("message_header", "index_entry")


# Primitives whose CamelCase name would collide with a struct of structs.toml.
RENAMED = {"user_header": "HeaderEntry"}

# Primitives no field names as a type but that a runtime parses out of bytes (a message's user headers).
EXTRA_RECORDS = ("user_header",)


def type_name(record_name: str) -> str:
    """stream_permissions -> StreamPermissions; StreamHeader stays."""
    if record_name in RENAMED:
        return RENAMED[record_name]
    if record_name[0].isupper():
        return record_name
    return "".join(part.capitalize() for part in record_name.split("_"))


def request_type_name(command: Command) -> str:
    return f"{command.name}Request"


def inline_response_type_name(command: Command) -> str:
    return f"{command.name}Response"


def _rust_ident(name: str) -> str:
    return f"r#{name}" if name in {"type", "match", "ref", "move", "fn", "mod", "use", "where"} else name


def _doc(text: str, indent: str = "") -> str:
    return f"{indent}/// {text}"


def version_test(spec: Spec, versions: frozenset[str] | None, expr: str) -> str | None:
    """The Rust condition under which something of `versions` is on the wire (`expr` holds the version), or None
    when every version has it."""
    names = spec.version_names
    if versions is None or versions >= set(names):
        return None
    present = " | ".join(f"ProtocolVersion::{spec.protocol_version(n).constant_name}" for n in names if n in versions)
    return f"matches!({expr}, {present})"


def _list_field(spec: Spec, record_type: str) -> Field:
    """The counted list of a record (a 0.9 batch's frames), which a `counted_by` count counts."""
    return next(g for g in spec.record(record_type).fields if g.repeat not in (None, "to_end", "chained"))


class _Shape:
    """How one record's fields map to a Rust struct and to wire code."""

    def __init__(self, fields: tuple[Field, ...], spec: Spec, chained_elements: set[str], is_chained: bool):
        self.fields = fields
        self.spec = spec
        by_name = {f.name: f for f in fields}
        self.size_of = {f.size: f for f in fields
                        if f.type == "bytes" and isinstance(f.size, str) and f.size in by_name}
        self.derived = derived_field_names(fields)
        self.counted: dict[str, list[Field]] = {}
        for f in fields:
            if f.counted_by is not None:
                self.counted.setdefault(f.counted_by, []).append(f)
        self.total_length = [f for f in fields if f.role == "total_length"]
        self.lists_of: dict[str, list[Field]] = {}
        for f in fields:
            if f.repeat not in (None, "to_end", "chained"):
                self.lists_of.setdefault(f.repeat, []).append(f)
        self.gated: dict[str, list[Field]] = {}
        for f in fields:
            if f.when_parts:
                self.gated.setdefault(f.when_parts[0], []).append(f)
        self.link = fields[-1].name if is_chained and fields and fields[-1].role == "flag" else None
        if is_chained and self.link is None:
            raise ValueError("a chained element must end with its has-next flag")
        self.chained_elements = chained_elements

    def wire_fields(self) -> list[Field]:
        return [f for f in self.fields if f.name != self.link]

    def exposed(self) -> list[Field]:
        return [f for f in self.wire_fields() if f.name not in self.derived]

    def covered(self, index: int) -> list[Field]:
        """Fields a covering length (one that sizes no bytes field) spans: up to the first repeated field or the
        first field of other versions."""
        out = []
        length = self.wire_fields()[index]
        for f in self.wire_fields()[index + 1:]:
            if f.repeat is not None or f.versions != length.versions:
                break
            out.append(f)
        if not out:
            raise ValueError(f"length {self.wire_fields()[index].name} covers nothing")
        return out

    def versioned(self, f: Field) -> bool:
        return version_test(self.spec, f.versions, "v") is not None

    def optional_record(self, f: Field) -> bool:
        """A record-typed field some versions lack: an Option (None there)."""
        return (self.versioned(f) and f.repeat is None and f.when is None and f.type not in RUST_SCALARS
                and f.type != "bytes" and f.type not in RUNTIME_TYPES)

    def rust_type(self, f: Field) -> str:
        base = self.base_type(f)
        if f.repeat is not None:
            return f"Vec<{base}>"
        if (f.when is not None and f.role is None) or self.optional_record(f):
            return f"Option<{base}>"
        return base

    def default_value(self, f: Field) -> str:
        """What decoding gives a field the connection's version lacks."""
        if f.default is not None and f.type in RUST_SCALARS and f.repeat is None:
            return str(f.default).lower() if f.type == "bool" else str(f.default)
        return "Default::default()"

    def base_type(self, f: Field) -> str:
        if f.type in RUST_SCALARS:
            return RUST_SCALARS[f.type]
        if f.type == "bytes":
            return "Bytes"
        if f.type in RUNTIME_TYPES:
            return RUNTIME_TYPES[f.type][0]
        return type_name(f.type)


def _scalar_read(kind: str) -> str:
    return {"bool": "r.u8()? != 0"}.get(kind, f"r.{kind}()?")


def _scalar_write(kind: str, value: str) -> str:
    return {"bool": f"w.u8(u8::from({value}))"}.get(kind, f"w.{kind}({value})")


class _RecordRenderer:
    def __init__(self, spec: Spec, chained_elements: set[str]):
        self.spec = spec
        self.chained_elements = chained_elements

    def shape(self, fields: tuple[Field, ...], chained: bool = False) -> _Shape:
        return _Shape(fields, self.spec, self.chained_elements, chained)

    # --- encode -------------------------------------------------------------------------------------------

    def encode_value(self, shape: _Shape, f: Field, value: str, indent: str) -> list[str]:
        """Write one element (not a list) of field f held in `value` (a reference or a Copy value)."""
        if f.type in RUST_SCALARS:
            return [indent + _scalar_write(f.type, f"*{value}") + ";"]
        if f.type == "bytes":
            if isinstance(f.size, int):
                return [indent + f"w.fixed_bytes({value}, {f.size})?;"]
            return [indent + f"w.bytes({value});"]
        if f.type in RUNTIME_TYPES:
            return [indent + RUNTIME_TYPES[f.type][2].format(v=value) + ";"]
        return [indent + f"{value}.encode(w)?;"]

    def encode_field(self, shape: _Shape, f: Field, src: str, indent: str) -> list[str]:
        """Write data field f read from `src.<name>`."""
        member = f"{src}{_rust_ident(f.name)}"
        if f.repeat is not None:
            out = []
            if f.repeat == "chained":
                out += [indent + f"for (i, item) in {member}.iter().enumerate() {{"]
                out += self.encode_value(shape, f, "item", indent + "    ")
                out += [indent + f"    w.u8(u8::from(i + 1 < {member}.len()));", indent + "}"]
                return out
            out += [indent + f"for item in &{member} {{"]
            out += self.encode_value(shape, f, "item", indent + "    ")
            out += [indent + "}"]
            return out
        if f.type in RUST_SCALARS:
            return [indent + _scalar_write(f.type, member) + ";"]
        if f.type == "bytes":
            return self.encode_value(shape, f, f"&{member}", indent)
        if shape.optional_record(f):
            return [indent + f"match &{member} {{",
                    indent + "    Some(value) => value.encode(w)?,",
                    indent + f"    None => return Err(CodecError::Invalid(\"{f.name} is required in this protocol "
                             "version\")),",
                    indent + "}"]
        return self.encode_value(shape, f, member, indent)

    def encode_body(self, shape: _Shape, src: str, indent: str) -> list[str]:
        out: list[str] = []
        wire = shape.wire_fields()
        patches: dict[str, str] = {}  # last covered field -> mark variable
        handled_gated: set[str] = set()
        if shape.total_length:
            out.append(indent + "let record_start = w.len();")
        for index, f in enumerate(wire):
            if f.name in handled_gated:
                continue
            lines: list[str] = []
            if f.name in shape.lists_of or f.name in shape.counted:
                lines += self.encode_count(shape, f, src, indent)
            elif f.role == "index":
                lines += self.encode_index(shape, f, src, indent)
            elif f.role == "total_length":
                lines.append(indent + f"let {f.name}_at = w.placeholder_{f.type}();")
            elif f.role == "length":
                if f.name in shape.size_of:
                    target = shape.size_of[f.name]
                    member = f"{src}{_rust_ident(target.name)}"
                    lines.append(indent + f"w.{f.type}(length_as_{f.type}({member}.len(), \"{target.name}\")?);")
                elif f.when is None:
                    mark = f"{f.name}_at"
                    lines.append(indent + f"let {mark} = w.placeholder_{f.type}();")
                    patches[shape.covered(index)[-1].name] = mark
                else:
                    pass  # a gated covering length is written inside its flag's block
            elif f.role == "flag" and f.name in shape.gated:
                lines += self.encode_gated(shape, f, src, indent)
                handled_gated.update(g.name for g in shape.gated[f.name])
            elif f.role in ("padding", "reserved") and f.type == "bytes":
                lines.append(indent + f"w.zeros({f.size});")
            elif f.role == "padding":
                lines.append(indent + f"w.zeros({f.size});")
            elif f.role == "reserved":
                lines.append(indent + _scalar_write(f.type, "0") + ";")
            elif any(g.role == "index" for g in shape.lists_of.get(f.repeat or "", [])):
                pass  # written with the index table, which needs the frames' sizes first
            else:
                lines += self.encode_field(shape, f, src, indent)
            if f.name in patches:
                mark = patches[f.name]
                length_field = mark.removesuffix("_at")
                lines.append(indent + f"w.patch_{self.length_type(wire, length_field)}({mark}, \"{length_field}\")?;")
            test = version_test(self.spec, f.versions, "w.version()")
            if test is not None and lines:
                if any("placeholder" in line for line in lines) and not any("patch" in line for line in lines):
                    raise ValueError(f"{f.name}: a version-specific field may not declare a placeholder")
                lines = [indent + f"if {test} {{", *["    " + line for line in lines], indent + "}"]
            out += lines
        for f in shape.total_length:
            out.append(indent + f"w.patch_total_{f.type}({f.name}_at, record_start, \"{f.name}\")?;")
        return out

    def encode_count(self, shape: _Shape, f: Field, src: str, indent: str) -> list[str]:
        """A count other fields repeat (or a `counted_by` record counts): the length of whichever list the
        connection's version carries."""
        sources: list[tuple[str | None, str]] = []
        for g in shape.lists_of.get(f.name, []):
            if g.role is None:
                sources.append((version_test(self.spec, g.versions, "w.version()"),
                                f"{src}{_rust_ident(g.name)}.len()"))
        for g in shape.counted.get(f.name, []):
            inner = _rust_ident(_list_field(self.spec, g.type).name)
            sources.append((version_test(self.spec, g.versions, "w.version()"),
                            f"{src}{_rust_ident(g.name)}.as_ref().map_or(0, |value| value.{inner}.len())"
                            if shape.optional_record(g) else f"{src}{_rust_ident(g.name)}.{inner}.len()"))
        if len(sources) == 1:
            return [indent + f"w.{f.type}(length_as_{f.type}({sources[0][1]}, \"{f.name}\")?);"]
        branches = [f"if {test} {{ {expr} }}" for test, expr in sources if test is not None]
        if len(branches) != len(sources):
            raise ValueError(f"{f.name}: counted by lists of every version and of some")
        value = " else ".join(branches) + " else { 0 }"
        return [indent + f"let {f.name} = {value};",
                indent + f"w.{f.type}(length_as_{f.type}({f.name}, \"{f.name}\")?);"]

    def encode_index(self, shape: _Shape, f: Field, src: str, indent: str) -> list[str]:
        """The index table: per element of the list sharing its count, 0 | cumulative end position | 0."""
        frames = next(g for g in shape.lists_of[f.repeat] if g.role is None)
        member = f"{src}{_rust_ident(frames.name)}"
        entry = type_name(f.type)
        fields = [g.name for g in self.spec.primitives[f.type].fields]
        if fields != ["relative_offset", "position", "timestamp"]:
            raise ValueError(f"{f.name}: index entries must be relative_offset | position | timestamp")
        return [
            indent + "let mut frames = Writer::with_version(w.version());",
            indent + f"for item in &{member} {{",
            indent + "    item.encode(&mut frames)?;",
            indent + f"    {entry} {{ relative_offset: 0, position: length_as_u32(frames.len(), \"position\")?, "
            "timestamp: 0 }.encode(w)?;",
            indent + "}",
            indent + "w.bytes(frames.as_slice());",
        ]

    @staticmethod
    def length_type(wire: list[Field], name: str) -> str:
        return next(f.type for f in wire if f.name == name)

    def encode_gated(self, shape: _Shape, flag: Field, src: str, indent: str) -> list[str]:
        groups: dict[int, list[Field]] = {}
        for g in shape.gated[flag.name]:
            groups.setdefault(g.when_parts[1], []).append(g)
        present = [v for v, fs in groups.items() if any(g.role is None for g in fs)]
        if len(present) != 1 or present[0] != 1 or set(groups) - {0, 1}:
            raise ValueError(f"flag {flag.name}: only `== 1` data with an optional `== 0` padding is supported")
        data = [g for g in groups[1] if g.role is None]
        if len(data) != 1:
            raise ValueError(f"flag {flag.name}: exactly one gated data field is supported")
        d = data[0]
        member = f"{src}{_rust_ident(d.name)}"
        out = []
        if d.repeat == "chained":
            out.append(indent + f"w.u8(u8::from(!{member}.is_empty()));")
            out += self.encode_field(shape, d, src, indent)
        else:
            out.append(indent + f"w.u8(u8::from({member}.is_some()));")
            out.append(indent + f"if let Some(value) = &{member} {{")
            mark = None
            for g in groups[1]:
                if g.role == "length":
                    mark = f"{g.name}_at"
                    out.append(indent + f"    let {mark} = w.placeholder_{g.type}();")
                elif g.role is None:
                    out += self.encode_value(shape, g, "value", indent + "    ")
                else:
                    raise ValueError(f"{g.name}: unsupported gated role")
            if mark:
                length = mark.removesuffix("_at")
                kind = self.length_type(shape.wire_fields(), length)
                out.append(indent + f"    w.patch_{kind}({mark}, \"{length}\")?;")
            out.append(indent + "}")
        for g in groups.get(0, []):
            if g.role != "padding":
                raise ValueError(f"{g.name}: only padding may be gated on 0")
            out += [indent + f"if {member}.is_none() {{", indent + f"    w.zeros({g.size});", indent + "}"]
        return out

    # --- decode -------------------------------------------------------------------------------------------

    def decode_value(self, f: Field, indent_unused: str = "") -> str:
        """Expression decoding one element of field f."""
        if f.type in RUST_SCALARS:
            return _scalar_read(f.type)
        if f.type in RUNTIME_TYPES:
            return RUNTIME_TYPES[f.type][1]
        return f"{type_name(f.type)}::decode(r)?"

    def decode_field(self, shape: _Shape, f: Field, lengths: dict[str, str], indent: str) -> list[str]:
        var = _rust_ident(f.name)
        if f.type == "bytes":
            if isinstance(f.size, int):
                return [indent + f"let {var} = r.bytes({f.size})?;"]
            if f.size == "to_end":
                return [indent + f"let {var} = r.rest();"]
            return [indent + f"let {var} = r.bytes({lengths[f.size]})?;"]
        if f.repeat == "to_end" and f.tolerant:
            element = self.decode_value(f).removesuffix("?")
            return [indent + f"let mut {var} = Vec::new();", indent + "while r.remaining() > 0 {",
                    indent + f"    match {element} {{",
                    indent + f"        Ok(item) => {var}.push(item),",
                    indent + "        // An extension area (spec `tolerant`): a tail that does not parse is ignored.",
                    indent + "        Err(_) => {", indent + "            r.rest();", indent + "            break;",
                    indent + "        }", indent + "    }", indent + "}"]
        if f.repeat == "to_end":
            return [indent + f"let mut {var} = Vec::new();", indent + "while r.remaining() > 0 {",
                    indent + f"    {var}.push({self.decode_value(f)});", indent + "}"]
        if f.repeat == "chained":
            return [indent + f"let mut {var} = Vec::new();", indent + "loop {",
                    indent + f"    {var}.push({self.decode_value(f)});",
                    indent + "    if !r.flag()? {", indent + "        break;", indent + "    }", indent + "}"]
        if f.repeat is not None:
            count = _rust_ident(f.repeat)
            return [indent + f"let mut {var} = Vec::new();", indent + f"for _ in 0..{count} {{",
                    indent + f"    {var}.push({self.decode_value(f)});", indent + "}"]
        return [indent + f"let {var} = {self.decode_value(f)};"]

    def decode_body(self, shape: _Shape, indent: str) -> list[str]:
        """Each field's reads; runs of fields under the same version test share one block, which yields the
        variables it declares (their defaults when the connection's version lacks the run)."""
        wire = shape.wire_fields()
        lengths: dict[str, str] = {}
        checks: dict[str, str] = {}
        handled: set[str] = set()
        pieces: list[tuple[str | None, list[str], list[tuple[str, str]]]] = []  # (test, lines, (name, default))
        for index, f in enumerate(wire):
            if f.name in handled:
                continue
            lines: list[str] = []
            names: list[tuple[str, str]] = []
            if f.name in shape.lists_of or f.name in shape.counted:
                lines.append(indent + f"let {f.name} = r.{f.type}()?;")
                names.append((f.name, "Default::default()"))
            elif f.role == "index":
                lines += [indent + f"for _ in 0..{f.repeat} {{", indent + f"    {type_name(f.type)}::decode(r)?;",
                          indent + "}"]
            elif f.role == "total_length":
                lines.append(indent + f"let {f.name} = r.{f.type}()? as usize;")
                checks["\0end"] = f.name
            elif f.role == "length" or f.name in shape.size_of:
                if f.name in shape.size_of:
                    lines.append(indent + f"let {f.name} = r.{f.type}()? as usize;")
                    lengths[f.name] = f.name
                    names.append((f.name, "0"))
                elif f.when is None:
                    lines.append(indent + f"let {f.name} = r.{f.type}()? as usize;")
                    lines.append(indent + f"let {f.name}_from = r.position();")
                    checks[shape.covered(index)[-1].name] = f.name
                    names += [(f.name, "0"), (f"{f.name}_from", "0")]
            elif f.role == "flag" and f.name in shape.gated:
                lines += self.decode_gated(shape, f, indent)
                handled.update(g.name for g in shape.gated[f.name])
                data = [g for g in shape.gated[f.name] if g.role is None][0]
                names.append((_rust_ident(data.name), "Default::default()"))
            elif f.role in ("padding", "reserved") and f.type == "bytes":
                if f.role == "padding":
                    lines.append(indent + f"r.skip({f.size})?;")
                else:
                    lines.append(indent + f"r.zeros({f.size}, \"{f.name}\")?;")
            elif f.role == "padding":
                lines.append(indent + f"r.skip({f.size})?;")
            elif f.role == "reserved":
                lines.append(indent + f"if r.{f.type}()? != 0 {{")
                lines.append(indent + f"    return Err(CodecError::Invalid(\"{f.name} must be 0\"));")
                lines.append(indent + "}")
            elif f.role == "flag":
                lines.append(indent + f"let {f.name} = u8::from(r.flag()?);")
                names.append((f.name, "0"))
            else:
                lines += self.decode_field(shape, f, lengths, indent)
                if f.counted_by is not None:
                    inner = _rust_ident(_list_field(self.spec, f.type).name)
                    var = _rust_ident(f.name)
                    lines += [indent + f"if {var}.{inner}.len() != {f.counted_by} as usize {{",
                              indent + f"    return Err(CodecError::Invalid(\"{f.counted_by} disagrees with "
                                       f"{f.name}\"));",
                              indent + "}"]
                if shape.optional_record(f):
                    lines.append(indent + f"let {_rust_ident(f.name)} = Some({_rust_ident(f.name)});")
                names.append((_rust_ident(f.name), shape.default_value(f)))
            if f.name in checks:
                length = checks[f.name]
                lines.append(indent + f"check_covered({length}, r.position() - {length}_from, \"{length}\")?;")
            pieces.append((version_test(self.spec, f.versions, "r.version()"), lines, names))
        out: list[str] = []
        if shape.total_length:
            out.append(indent + "let record_start = r.position();")
        merged: list[tuple[str | None, list[str], list[tuple[str, str]]]] = []
        for test, lines, names in pieces:
            if merged and test is not None and merged[-1][0] == test:
                merged[-1] = (test, merged[-1][1] + lines, merged[-1][2] + names)
            else:
                merged.append((test, lines, names))
        for test, lines, names in merged:
            if test is None:
                out += lines
                continue
            if not names:
                out += [indent + f"if {test} {{", *["    " + line for line in lines], indent + "}"]
                continue
            pattern = names[0][0] if len(names) == 1 else "(" + ", ".join(n for n, _ in names) + ")"
            defaults = names[0][1] if len(names) == 1 else "(" + ", ".join(d for _, d in names) + ")"
            out += [indent + f"let {pattern} = if {test} {{", *["    " + line for line in lines],
                    indent + f"    {pattern}", indent + "} else {", indent + f"    {defaults}", indent + "};"]
        if "\0end" in checks:
            length = checks["\0end"]
            out.append(indent + f"check_covered({length}, r.position() - record_start, \"{length}\")?;")
        return out

    def decode_gated(self, shape: _Shape, flag: Field, indent: str) -> list[str]:
        data = [g for g in shape.gated[flag.name] if g.role is None][0]
        var = _rust_ident(data.name)
        out = [indent + f"let {flag.name} = r.flag()?;"]
        if data.repeat == "chained":
            out.append(indent + f"let {var} = if {flag.name} {{")
            inner = self.decode_field(shape, data, {}, indent + "    ")
            out += inner
            out += [indent + f"    {var}", indent + "} else {", indent + "    Vec::new()", indent + "};"]
            return out
        out.append(indent + f"let {var} = if {flag.name} {{")
        length_var = None
        for g in shape.gated[flag.name]:
            if g.when_parts[1] != 1:
                continue
            if g.role == "length":
                length_var = g.name
                out.append(indent + f"    let {g.name} = r.{g.type}()? as usize;")
                out.append(indent + f"    let {g.name}_from = r.position();")
            elif g.role is None:
                out.append(indent + f"    let value = {self.decode_value(g)};")
        if length_var:
            covered = f"r.position() - {length_var}_from"
            out.append(indent + f"    check_covered({length_var}, {covered}, \"{length_var}\")?;")
        out.append(indent + "    Some(value)")
        out.append(indent + "} else {")
        for g in shape.gated[flag.name]:
            if g.when_parts[1] == 0 and g.role == "padding":
                out.append(indent + f"    r.skip({g.size})?;")
        out += [indent + "    None", indent + "};"]
        return out

    # --- whole types ----------------------------------------------------------------------------------------

    def struct(self, name: str, about: str, fields: tuple[Field, ...], chained: bool = False,
               extra_impl: list[str] | None = None) -> list[str]:
        shape = self.shape(fields, chained)
        exposed = shape.exposed()
        derive = "#[derive(Debug, Clone, PartialEq)]"
        out = [_doc(about), derive]
        if not exposed:
            out.append(f"pub struct {name};")
        else:
            out.append(f"pub struct {name} {{")
            for f in exposed:
                unit = f" ({f.unit})" if f.unit else ""
                out.append(_doc(f.about + unit, "    "))
                out.append(f"    pub {_rust_ident(f.name)}: {shape.rust_type(f)},")
            out.append("}")
        names = ", ".join(_rust_ident(f.name) for f in exposed)
        construct = f"{name} {{ {names} }}" if exposed else name
        encode = self.encode_body(shape, "self.", "        ")
        decode = self.decode_body(shape, "        ")
        out += [
            "",
            f"impl {name} {{",
            "    /// Append the wire form to `w`.",
            f"    pub fn encode(&self, {'w' if encode else '_w'}: &mut Writer) -> Result<(), CodecError> {{",
            *encode,
            "        Ok(())",
            "    }",
            "",
            "    /// Read one value from `r`; byte fields are zero-copy slices of the reader's buffer.",
            f"    pub fn decode({'r' if decode else '_r'}: &mut Reader) -> Result<Self, CodecError> {{",
            *decode,
            f"        Ok({construct})",
            "    }",
            *(extra_impl or []),
            "}",
        ]
        return out


def _reachable_records(spec: Spec) -> list[str]:
    """Every struct, plus the primitives a command or struct field uses (runtime ones excepted), in spec order."""
    used: set[str] = set()

    def visit(fields: tuple[Field, ...]) -> None:
        for f in fields:
            if f.type in spec.primitives and f.type not in RUNTIME_TYPES and f.type not in used:
                used.add(f.type)
                visit(spec.primitives[f.type].fields)
            elif f.type in spec.structs and f.type not in used:
                used.add(f.type)
                visit(spec.structs[f.type].fields)

    for command in spec.commands:
        visit(command.request)
        visit(command.response_fields)
    used.update(EXTRA_RECORDS)
    for struct in spec.structs.values():
        used.add(struct.name)
        visit(struct.fields)
    return [n for n in spec.primitives if n in used] + [n for n in spec.structs if n in used]


def _chained_elements(spec: Spec) -> set[str]:
    out = set()
    for record in [*spec.primitives.values(), *spec.structs.values()]:
        out.update(f.type for f in record.fields if f.repeat == "chained")
    return out


def _empty_in_some_version(spec: Spec, command: Command) -> bool:
    """An inline response some version answers with an empty body (SendMessages before 0.9)."""
    return command.response == "inline" and any(
        not any(f.in_version(v) for f in command.response_fields) for v in spec.version_names)


def _response_type(spec: Spec, command: Command) -> str:
    if command.response == "empty":
        return "()"
    if command.response == "inline":
        base = inline_response_type_name(command)
        return f"Option<{base}>" if command.missing == "empty" or _empty_in_some_version(spec, command) else base
    base = type_name(command.response)
    if command.response_repeat == "to_end":
        return f"Vec<{base}>"
    if command.missing == "empty":
        return f"Option<{base}>"
    return base


def _response_codec(spec: Spec, command: Command) -> list[str]:
    indent = "        "
    if command.response == "empty":
        decode = [indent + "expect_empty(body)"]
        encode = [indent + "let () = response;", indent + "Ok(())"]
    elif command.response_repeat == "to_end":
        base = type_name(command.response)
        counted = version_test(spec, command.response_count_prefix or None, "version")
        decode = [indent + "let mut r = Reader::with_version(body, version);", indent + "let mut items = Vec::new();"]
        encode = []
        if counted is not None:
            # An empty body is an empty list in every version (a count-prefixed answer may also say count 0).
            decode += [indent + f"if {counted} && r.remaining() > 0 {{",
                       indent + "    let count = r.u32()?;",
                       indent + "    for _ in 0..count {",
                       indent + f"        items.push({base}::decode(&mut r)?);",
                       indent + "    }",
                       indent + "    r.finish()?;",
                       indent + "    return Ok(items);",
                       indent + "}"]
            encode += [indent + f"if {counted.replace('version', 'w.version()', 1)} {{",
                       indent + "    w.u32(length_as_u32(response.len(), \"count\")?);",
                       indent + "}"]
        decode += [indent + "while r.remaining() > 0 {", indent + f"    items.push({base}::decode(&mut r)?);",
                   indent + "}", indent + "Ok(items)"]
        encode += [indent + "for item in response {", indent + "    item.encode(w)?;", indent + "}", indent + "Ok(())"]
    else:
        response = _response_type(spec, command)
        base = response.removeprefix("Option<").removesuffix(">")
        read = [indent + "let mut r = Reader::with_version(body, version);",
                indent + f"let value = {base}::decode(&mut r)?;", indent + "r.finish()?;"]
        if response.startswith("Option<"):
            decode = [indent + "if body.is_empty() {", indent + "    return Ok(None);", indent + "}",
                      *read, indent + "Ok(Some(value))"]
            encode = [indent + "match response {", indent + "    Some(value) => value.encode(w),",
                      indent + "    None => Ok(()),", indent + "}"]
        else:
            decode = [*read, indent + "Ok(value)"]
            encode = [indent + "response.encode(w)"]
    return [
        "    fn decode_response(body: Bytes, version: ProtocolVersion) -> Result<Self::Response, CodecError> {",
        *decode,
        "    }",
        "",
        "    fn encode_response(response: &Self::Response, w: &mut Writer) -> Result<(), CodecError> {",
        *encode,
        "    }",
    ]


def _versions_slice(spec: Spec, versions: frozenset[str] | None) -> str:
    names = [n for n in spec.version_names if versions is None or n in versions]
    return "&[" + ", ".join(f"ProtocolVersion::{spec.protocol_version(n).constant_name}" for n in names) + "]"


def _variant(name: str) -> str:
    """An enum value's Rust variant: its CamelCase spec name."""
    return name[0].upper() + name[1:]


def _render_enums(spec: Spec) -> list[str]:
    """`ProtocolVersion` and every spec enum as a Rust enum (`from_u8` / `as_u8` / `name`), with the per-value
    attributes of Operation and EvictionReason, and the option catalog."""
    out = [
        "",
        "// --- enums -------------------------------------------------------------------------------------------",
        "",
        "/// A protocol version this codec speaks (protocol.toml [[version]]), oldest first; they order.",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]",
        "pub enum ProtocolVersion {",
    ]
    for index, version in enumerate(spec.versions):
        out += [_doc(version.about, "    ")]
        if index == 0:
            out.append("    #[default]")
        out.append(f"    {version.constant_name},")
    out += [
        "}",
        "",
        "impl ProtocolVersion {",
        "    /// Every version, oldest first.",
        f"    pub const ALL: [ProtocolVersion; {len(spec.versions)}] = [" + ", ".join(
            f"ProtocolVersion::{v.constant_name}" for v in spec.versions) + "];",
        "",
        "    /// The version's name as the `protocol` option spells it (\"0.9\").",
        "    pub fn name(self) -> &'static str {",
        "        match self {",
        *[f"            ProtocolVersion::{v.constant_name} => \"{v.name}\"," for v in spec.versions],
        "        }",
        "    }",
        "",
        "    /// The version a name spells exactly (\"0.8\", \"0.9\"), or None.",
        "    pub fn from_name(name: &str) -> Option<Self> {",
        "        match name {",
        *[f"            \"{v.name}\" => Some(ProtocolVersion::{v.constant_name})," for v in spec.versions],
        "            _ => None,",
        "        }",
        "    }",
        "",
        "    /// Whether frames carry the 256-byte 0.9 headers (framing `vsr`) rather than `length | code`.",
        "    pub fn is_vsr(self) -> bool {",
        "        matches!(self, " + " | ".join(
            f"ProtocolVersion::{v.constant_name}" for v in spec.versions if v.framing == "vsr") + ")",
        "    }",
        "}",
        "",
        "impl std::fmt::Display for ProtocolVersion {",
        "    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {",
        "        f.write_str(self.name())",
        "    }",
        "}",
    ]
    for enum in spec.enums:
        variants = [(_variant(v.name), v) for v in enum.values]
        out += ["", _doc(enum.about), "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]",
                "#[repr(u8)]", f"pub enum {enum.name} {{"]
        for variant, value in variants:
            out += [_doc(value.about, "    "), f"    {variant} = {value.value},"]
        out += [
            "}",
            "",
            f"impl {enum.name} {{",
            "    /// Every value, in spec order.",
            f"    pub const ALL: [{enum.name}; {len(variants)}] = ["
            + ", ".join(f"{enum.name}::{variant}" for variant, _ in variants) + "];",
            "",
            "    /// The value a wire byte holds, or None for a byte the spec does not list.",
            "    pub fn from_u8(value: u8) -> Option<Self> {",
            "        match value {",
            *[f"            {value.value} => Some({enum.name}::{variant})," for variant, value in variants],
            "            _ => None,",
            "        }",
            "    }",
            "",
            "    /// The wire byte.",
            "    pub fn as_u8(self) -> u8 {",
            "        self as u8",
            "    }",
            "",
            "    /// The spec's name of the value.",
            "    pub fn name(self) -> &'static str {",
            "        match self {",
            *[f"            {enum.name}::{variant} => \"{value.name}\"," for variant, value in variants],
            "        }",
            "    }",
        ]
        if enum.name == "Operation":
            out += [
                "",
                "    /// register, non_replicated, logout, metadata, partition, segment, internal or reserved.",
                "    pub fn plane(self) -> &'static str {",
                "        match self {",
                *[f"            Operation::{variant} => \"{value.attr('plane')}\"," for variant, value in variants],
                "        }",
                "    }",
                "",
                "    /// The reply body starts with a result section (Register: only when the body is not empty).",
                "    pub fn result_framed(self) -> bool {",
                "        matches!(self, " + " | ".join(
                    f"Operation::{variant}" for variant, value in variants if value.attr("result_framed")) + ")",
                "    }",
            ]
        if enum.name == "EvictionReason":
            out += [
                "",
                "    /// The error code a client reports for this reason.",
                "    pub fn error_code(self) -> u32 {",
                "        match self {",
                *[f"            EvictionReason::{variant} => "
                  f"crate::codes::error_code::{upper_snake(str(value.attr('error')))},"
                  for variant, value in variants],
                "        }",
                "    }",
            ]
        out += [
            "}",
            "",
            f"impl From<{enum.name}> for u8 {{",
            f"    fn from(value: {enum.name}) -> u8 {{",
            "        value as u8",
            "    }",
            "}",
            "",
            f"impl TryFrom<u8> for {enum.name} {{",
            "    type Error = CodecError;",
            "",
            "    fn try_from(value: u8) -> Result<Self, CodecError> {",
            f"        {enum.name}::from_u8(value).ok_or(CodecError::Invalid(\"not a {enum.name} value\"))",
            "    }",
            "}",
        ]
    if spec.options:
        out += [
            "",
            "/// The default of a catalog option, in its kind's terms.",
            "#[derive(Debug, Clone, Copy, PartialEq, Eq)]",
            "pub enum OptionDefault {",
            "    Text(&'static str),",
            "    Unsigned(u64),",
            "    Flag(bool),",
            "}",
            "",
            "/// One key of a 0.9 option catalog (options.toml).",
            "#[derive(Debug, Clone, Copy, PartialEq, Eq)]",
            "pub struct OptionInfo {",
            "    pub scope: OptionScope,",
            "    pub key: &'static str,",
            "    /// The kind a value is stored as (a String value is parsed into it).",
            "    pub kind: HeaderKind,",
            "    pub default: OptionDefault,",
            "    /// UpdateTopic may change it.",
            "    pub updatable: bool,",
            "    pub about: &'static str,",
            "}",
            "",
            "/// Every catalog key (DescribeOptions answers a scope's).",
            "pub const OPTION_CATALOG: &[OptionInfo] = &[",
        ]
        for o in spec.options:
            if isinstance(o.default, bool):
                default = f"OptionDefault::Flag({str(o.default).lower()})"
            elif isinstance(o.default, int):
                default = f"OptionDefault::Unsigned({o.default})"
            else:
                default = f"OptionDefault::Text(\"{o.default}\")"
            about = o.about.replace("\\", "\\\\").replace('"', '\\"')
            out += [
                "    OptionInfo {",
                f"        scope: OptionScope::{_variant(o.scope.capitalize())},",
                f"        key: \"{o.key}\",",
                f"        kind: HeaderKind::{_variant(o.kind)},",
                f"        default: {default},",
                f"        updatable: {str(o.updatable).lower()},",
                f"        about: \"{about}\",",
                "    },",
            ]
        out.append("];")
    return out


def render_rust_codec(spec: Spec) -> str:
    chained = _chained_elements(spec)
    renderer = _RecordRenderer(spec, chained)
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "//! Wire codec of the Iggy protocol, every version ("
        + ", ".join(spec.version_names) + "): a type per record,",
        "//! per command request and per 0.9 frame header, the `Command` impls (response type per code), the command",
        "//! table, the spec's enums and the option catalog. Runtime helpers live in `runtime.rs`.",
        "",
        "#![allow(clippy::all, unused_variables, unused_mut)]",
        "",
        "use bytes::Bytes;",
        "",
        "use crate::codes::{command_code, operation};",
        "use crate::runtime::{",
        "    check_covered, expect_empty, length_as_u32, length_as_u8, CodecError, Command, Identifier, ParamText,",
        "    Reader, Writer,",
        "};",
    ]
    out += _render_enums(spec)
    out += ["", "// --- records " + "-" * 89]
    for name in _reachable_records(spec):
        record: Record = spec.record(name)
        out += [""] + renderer.struct(type_name(name), record.about, record.fields, chained=name in chained)
    out += ["", "// --- 0.9 frame headers (frames.toml) " + "-" * 64]
    for name, record in spec.frames.items():
        if name == "FramePrefix":
            continue  # only the headers that extend it are frames of their own
        out += [""] + renderer.struct(type_name(name), record.about, record.fields)
    out += ["", "// --- inline responses -----------------------------------------------------------------------------"]
    for command in spec.commands:
        if command.response == "inline":
            out += [""] + renderer.struct(inline_response_type_name(command), f"{command.name} answer.",
                                         command.response_fields)
    out += ["", "// --- requests -------------------------------------------------------------------------------------"]
    for command in spec.commands:
        name = request_type_name(command)
        op = upper_snake(command.operation) if command.operation else "NON_REPLICATED"
        out += [""] + renderer.struct(name, f"{command.name} ({command.code}): {command.about}", command.request)
        out += [
            "",
            f"impl Command for {name} {{",
            f"    const CODE: u32 = command_code::{command.constant_name};",
            f"    const NAME: &'static str = \"{command.name}\";",
            f"    const OPERATION: u8 = operation::{op};",
            f"    const VERSIONS: &'static [ProtocolVersion] = {_versions_slice(spec, command.versions)};",
            f"    type Response = {_response_type(spec, command)};",
            "",
            "    fn encode(&self, w: &mut Writer) -> Result<(), CodecError> {",
            f"        {name}::encode(self, w)",
            "    }",
            "",
            "    fn decode(r: &mut Reader) -> Result<Self, CodecError> {",
            f"        {name}::decode(r)",
            "    }",
            "",
            *_response_codec(spec, command),
            *_error_params(spec, command),
            "}",
        ]
    out += [
        "",
        "// --- command table ----------------------------------------------------------------------------------",
        "",
        "/// One row of the command table.",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq)]",
        "pub struct CommandInfo {",
        "    pub code: u32,",
        "    pub name: &'static str,",
        "    /// Rust type of the request.",
        "    pub request: &'static str,",
        "    /// Rust type of one response element (`()` for an empty answer).",
        "    pub response: &'static str,",
        "    /// The answer is that element repeated to the end of the body.",
        "    pub response_is_list: bool,",
        "    /// A missing object answers OK with an empty body.",
        "    pub empty_when_missing: bool,",
        "    /// False for the commands a server accepts before login.",
        "    pub auth: bool,",
        "    /// The permission rule as the spec states it.",
        "    pub permission: &'static str,",
        "    /// Its machine-readable id (a `[[permission_rule]]` of commands.toml; the server's authorizer agrees).",
        "    pub permission_rule: &'static str,",
        "    /// The protocol versions that have the command.",
        "    pub versions: &'static [ProtocolVersion],",
        "    /// The 0.9 `Operation` its request header carries (`NON_REPLICATED`: the code rides in the header).",
        "    pub operation: u8,",
        "    /// Versions in which the list answer starts with its element count (u32).",
        "    pub response_count_prefix: &'static [ProtocolVersion],",
        "    /// Versions whose OK answer is always an empty body (no response field exists there).",
        "    pub empty_answer_in: &'static [ProtocolVersion],",
        "    /// It changes what the server stores or what other clients see.",
        "    pub mutates: bool,",
        "    /// A client may send it again on a new connection after its answer was lost (the lookups and Ping).",
        "    pub replay_safe: bool,",
        "    /// The server writes an audit line for it (the administrative changes).",
        "    pub audited: bool,",
        "}",
        "",
        "/// Every command of every version, ascending by code.",
        "pub const COMMANDS: &[CommandInfo] = &[",
    ]
    for command in spec.commands:
        element = "()" if command.response == "empty" else (
            inline_response_type_name(command) if command.response == "inline" else type_name(command.response))
        permission = command.permission.replace("\\", "\\\\").replace('"', '\\"')
        op = upper_snake(command.operation) if command.operation else "NON_REPLICATED"
        prefix = _versions_slice(spec, command.response_count_prefix) if command.response_count_prefix else "&[]"
        empty = frozenset(v for v in spec.version_names if command.response == "empty" or (
            command.response == "inline" and not any(f.in_version(v) for f in command.response_fields)))
        empty_in = _versions_slice(spec, empty) if empty else "&[]"
        out += [
            "    CommandInfo {",
            f"        code: command_code::{command.constant_name},",
            f"        name: \"{command.name}\",",
            f"        request: \"{request_type_name(command)}\",",
            f"        response: \"{element}\",",
            f"        response_is_list: {str(command.response_repeat == 'to_end').lower()},",
            f"        empty_when_missing: {str(command.missing == 'empty').lower()},",
            f"        auth: {str(command.auth).lower()},",
            f"        permission: \"{permission}\",",
            f"        permission_rule: \"{command.permission_rule}\",",
            f"        versions: {_versions_slice(spec, command.versions)},",
            f"        operation: operation::{op},",
            f"        response_count_prefix: {prefix},",
            f"        empty_answer_in: {empty_in},",
            f"        mutates: {str(command.mutates).lower()},",
            f"        replay_safe: {str(command.replay_safe).lower()},",
            f"        audited: {str(command.audited).lower()},",
            "    },",
        ]
    out += [
        "];",
        "",
        "/// The table row of a command code (any version), or None.",
        "pub fn command_info(code: u32) -> Option<&'static CommandInfo> {",
        "    COMMANDS.binary_search_by_key(&code, |row| row.code).ok().map(|index| &COMMANDS[index])",
        "}",
        "",
    ]
    return "\n".join(out)


def render_rust_layout(spec: Spec) -> str:
    """Offsets and sizes of the fixed-size layouts, shared verbatim by the server and the Rust SDK."""
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "//! Field offsets and sizes of the fixed-size wire and disk layouts (message header, index entry, a poll",
        "//! answer's prefix; 0.9's request, reply and eviction headers, batch header and message frame header).",
        "",
    ]
    names = [name for name in OFFSET_RECORDS if name in spec.primitives]
    # The 0.9 headers and batch records, when the spec view has them (the layout file serves every version).
    names += [name for name in VERSIONED_OFFSET_RECORDS if name in spec.primitives or name in spec.frames]
    for name in names:
        record = spec.record(name)
        size = record.fixed_size()
        if size is None:
            raise ValueError(f"{name} is not fixed-size")
        out += _offset_module(snake(name), record.about, list(record.fields))
    # The fixed prefix of a PollMessages answer: the PolledMessages fields before its frames or batches.
    polled = spec.structs.get("PolledMessages")
    if polled is not None:
        prefix = [f for f in polled.fields if f.repeat is None]
        out += _offset_module(
            "poll_response_prefix", "The fixed prefix of a PollMessages answer (the PolledMessages fields before its "
            "frames).", prefix)
    return "\n".join(out)


def _offset_module(module: str, about: str, fields: list[Field]) -> list[str]:
    """A Rust module of a fixed-size layout: its SIZE, then each field's offset (_AT) and size (_SIZE)."""
    out = [_doc(about), "#[allow(dead_code)]", f"pub mod {module} {{",
           _doc("Total size in bytes.", "    "), f"    pub const SIZE: usize = {sum(f.fixed_size() for f in fields)};"]
    at = 0
    for f in fields:
        constant = upper_snake(f.name) if not f.name.islower() else f.name.upper()
        out += [
            _doc(f.about, "    "),
            f"    pub const {constant}_AT: usize = {at};",
            f"    pub const {constant}_SIZE: usize = {f.fixed_size()};",
        ]
        at += f.fixed_size()
    return out + ["}", ""]


# Module names of the 0.9 records in the layout file (snake_case, as Rust modules are).
VERSIONED_OFFSET_RECORDS = ("RequestHeader", "ReplyHeader", "EvictionHeader", "batch_header", "frame_header")


# --- golden-test value mapping (sdk/rust/tests/golden) ---------------------------------------------------------


def render_rust_fields(spec: Spec) -> str:
    """`Fields` impls (codec type <-> the fixtures' JSON `fields` form, in one protocol version) and the replay
    dispatch by command code."""
    chained = _chained_elements(spec)
    renderer = _RecordRenderer(spec, chained)
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "//! The fixtures' `fields` form (protocol-spec/README.md) for every generated codec type, in a given protocol",
        "//! version (a type carries every version's fields; the form holds that version's), and the replay of one",
        "//! fixture by command code. The scalar, string, identifier and list rules live in `fields.rs`.",
        "",
        "#![allow(unused_variables)]",
        "",
        "use bytes::Bytes;",
        "use serde_json::{Map, Value};",
        "",
        "use iggy_sdk::codec::*;",
        "use iggy_sdk::codes::command_code;",
        "",
        "use super::fields::{",
        "    field, object, replay_command, user_headers_from_fields, user_headers_to_fields, vec_from_null,",
        "    vec_to_null, Fields,",
        "};",
    ]

    def impl(name: str, fields: tuple[Field, ...], is_chained: bool, record: str | None) -> list[str]:
        shape = renderer.shape(fields, is_chained)
        exposed = shape.exposed()
        always = [f for f in exposed if not shape.versioned(f)]
        keys = ", ".join(f'"{f.name}"' for f in always)
        to, build, key_lines = [], [], []
        for f in exposed:
            member = f"self.{_rust_ident(f.name)}"
            if record in ("message", "frame") and f.name == "user_headers":
                value = f"user_headers_to_fields(&{member})"
                parse = f"user_headers_from_fields(field_value(o, \"{f.name}\")?)?"
            elif f.repeat == "chained" and f.when is not None:
                value, parse = f"vec_to_null(&{member}, version)", f"vec_from_null(o, \"{f.name}\", version)?"
            elif shape.optional_record(f):
                value = f"{member}.as_ref().map_or(Value::Null, |value| value.to_fields(version))"
                parse = f"Some(field(o, \"{f.name}\", version)?)"
            else:
                value, parse = f"{member}.to_fields(version)", f"field(o, \"{f.name}\", version)?"
            test = version_test(spec, f.versions, "version")
            if test is None:
                to.append(f"        m.insert(\"{f.name}\".to_owned(), {value});")
                build.append(f"            {_rust_ident(f.name)}: {parse},")
            else:
                to += [f"        if {test} {{", f"            m.insert(\"{f.name}\".to_owned(), {value});", "        }"]
                build.append(f"            {_rust_ident(f.name)}: if {test} {{ {parse} }} else {{ "
                             f"{shape.default_value(f)} }},")
                key_lines += [f"        if {test} {{", f"            keys.push(\"{f.name}\");", "        }"]
        if key_lines:
            keys_decl = [f"        let mut keys: Vec<&str> = vec![{keys}];", *key_lines,
                         f"        let {'o' if exposed else '_o'} = object(v, &keys)?;"]
        else:
            keys_decl = [f"        let {'o' if exposed else '_o'} = object(v, &[{keys}])?;"]
        body = [f"        Ok({name} {{", *build, "        })"] if exposed else [f"        Ok({name})"]
        return [
            "",
            f"impl Fields for {name} {{",
            "    fn to_fields(&self, version: ProtocolVersion) -> Value {",
            f"        let {'mut m' if exposed else 'm'} = Map::new();",
            *to,
            "        Value::Object(m)",
            "    }",
            "",
            "    fn from_fields(v: &Value, version: ProtocolVersion) -> Result<Self, String> {",
            *keys_decl,
            *body,
            "    }",
            "}",
        ]

    out += ["", "fn field_value<'a>(o: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {",
            "    o.get(key).ok_or_else(|| format!(\"missing key {key}\"))", "}"]
    for name in _reachable_records(spec):
        record = spec.record(name)
        out += impl(type_name(name), record.fields, name in chained, name)
    for name, record in spec.frames.items():
        if name != "FramePrefix":
            out += impl(type_name(name), record.fields, False, name)
    for command in spec.commands:
        if command.response == "inline":
            out += impl(inline_response_type_name(command), command.response_fields, False, None)
    for command in spec.commands:
        out += impl(request_type_name(command), command.request, False, None)
    out += [
        "",
        "/// Replay one fixture: `request` selects the direction, `payload` is the request payload or OK body.",
        "pub fn replay(",
        "    code: u32,",
        "    request: bool,",
        "    fields: &Value,",
        "    payload: Bytes,",
        "    version: ProtocolVersion,",
        ") -> Result<(), String> {",
        "    match code {",
        *[f"        command_code::{c.constant_name} => "
          f"replay_command::<{request_type_name(c)}>(request, fields, payload, version),"
          for c in spec.commands],
        "        _ => Err(format!(\"unknown command code {code}\")),",
        "    }",
        "}",
        "",
    ]
    return "\n".join(out)


def _error_params(spec: Spec, command: Command) -> list[str]:
    """ERROR_PARAMS (error param -> request field, commands.toml error_param) and the text of those fields."""
    params = spec.error_param_fields(command)
    if not params:
        return []
    pairs = ", ".join(f'("{param}", "{field}")' for param, field in params.items())
    out = ["", f"    const ERROR_PARAMS: &'static [(&'static str, &'static str)] = &[{pairs}];", "",
           "    fn error_field_text(&self, field: &str) -> Option<String> {", "        match field {"]
    out += [f'            "{field}" => self.{_rust_ident(field)}.param_text(),'
            for field in dict.fromkeys(params.values())]
    out += ["            _ => None,", "        }", "    }"]
    return out


# --- ErrorCode (sdk/rust/src/error_code.rs) ---------------------------------------------------------------------


def render_rust_error_code(spec: Spec) -> str:
    """A typed `ErrorCode` over the generated codes: name (the UPPER_SNAKE name sdk/python reports), message, kind and
    params; `ErrorKind` (errors.toml [[kind]]) and one `is_<kind>()` per kind on `ErrorCode` and `Error`."""
    unlisted = spec.unlisted_error_kind
    out = [
        f"// {BANNER}",
        f"// {SOURCE_NOTE}",
        "//! `ErrorCode`: an Iggy status code with its name, server message, kind and params; `ErrorKind`.",
        "",
        "use crate::codes::error_code;",
        "",
        "/// The status of an error response (or a client-side failure's code), e.g. `ErrorCode::STREAM_ID_NOT_FOUND`.",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]",
        "pub struct ErrorCode(pub u32);",
        "",
        "/// What a caller branches on (protocol-spec/spec/errors.toml `[[kind]]`): `ErrorCode::kind`, `Error::kind`.",
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]",
        "#[non_exhaustive]",
        "pub enum ErrorKind {",
    ]
    for kind in spec.error_kinds:
        out += [f"    /// {kind.about}", f"    {kind.camel_name},"]
    out += [
        "}",
        "",
        "impl ErrorKind {",
        "    /// Every kind, in the spec's order.",
        f"    pub const ALL: [ErrorKind; {len(spec.error_kinds)}] = [",
        *[f"        ErrorKind::{k.camel_name}," for k in spec.error_kinds],
        "    ];",
        "",
        "    /// The spec's name of the kind (`not_found`).",
        "    pub fn name(self) -> &'static str {",
        "        match self {",
        *[f"            ErrorKind::{k.camel_name} => \"{k.name}\"," for k in spec.error_kinds],
        "        }",
        "    }",
        "}",
        "",
        "impl std::fmt::Display for ErrorKind {",
        "    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {",
        "        f.write_str(self.name())",
        "    }",
        "}",
        "",
        "impl ErrorCode {",
    ]
    out += [f"    pub const {e.constant_name}: ErrorCode = ErrorCode(error_code::{e.constant_name});"
            for e in spec.errors]
    by_kind: dict[str, list[str]] = {}
    for error in spec.errors:
        by_kind.setdefault(error.kind, []).append(f"error_code::{error.constant_name}")
    out += [
        "",
        "    /// The UPPER_SNAKE name (`STREAM_ID_NOT_FOUND`); `UNKNOWN` for a code the spec does not list.",
        "    pub fn name(self) -> &'static str {",
        "        match self.0 {",
        *[f"            error_code::{e.constant_name} => \"{e.constant_name}\"," for e in spec.errors],
        "            _ => \"UNKNOWN\",",
        "        }",
        "    }",
        "",
        "    /// The server's message text for this code ('…' stands for a runtime value, see `params`).",
        "    pub fn message(self) -> Option<&'static str> {",
        "        error_code::message(self.0)",
        "    }",
        "",
        f"    /// What a caller branches on; `ErrorKind::{unlisted.camel_name}` for a code the spec does not list.",
        "    pub fn kind(self) -> ErrorKind {",
        "        match self.0 {",
    ]
    for kind in spec.error_kinds:
        if kind.name in by_kind:
            out.append(f"            {' | '.join(by_kind[kind.name])} => ErrorKind::{kind.camel_name},")
    out += [
        f"            _ => ErrorKind::{unlisted.camel_name},",
        "        }",
        "    }",
        "",
        "    /// What each '…' of `message` names, in order (errors.toml params: stream, topic, name, ...).",
        "    pub fn params(self) -> &'static [&'static str] {",
        "        match self.0 {",
        *[f"            error_code::{e.constant_name} => &[{', '.join(f'{chr(34)}{p}{chr(34)}' for p in e.params)}],"
          for e in spec.errors if e.params],
        "            _ => &[],",
        "        }",
        "    }",
    ]
    for kind in spec.error_kinds:
        out += ["", f"    /// {kind.about}", f"    pub fn is_{kind.name}(self) -> bool {{",
                f"        self.kind() == ErrorKind::{kind.camel_name}", "    }"]
    out += ["}", "", "/// One predicate per kind: `error.is_not_found()` is `error.kind() == ErrorKind::NotFound`.",
            "impl crate::error::Error {"]
    for i, kind in enumerate(spec.error_kinds):
        out += ([""] if i else []) + [f"    /// {kind.about}", f"    pub fn is_{kind.name}(&self) -> bool {{",
                                      f"        self.kind() == ErrorKind::{kind.camel_name}", "    }"]
    out += [
        "}",
        "",
        "impl std::fmt::Display for ErrorCode {",
        "    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {",
        "        write!(f, \"{} {}\", self.0, self.name())",
        "    }",
        "}",
        "",
    ]
    return "\n".join(out)
