"""Render the Go wire codec (sdk/go/internal/codec/codec_gen.go) from the spec.

For every record reachable from a command (primitives and structs) a Go struct with `Encode` / `Decode`; a
request type per command (`<Command>Request`); an inline response type where the spec lists `response_fields`;
a list type for `response_repeat = "to_end"`; the command table; the offsets and sizes of the message header and
the index entry. The hand-written runtime beside it (`runtime.go`) supplies `Reader`, `Writer`, `U128`, `U8`.

Rules that turn the spec's field keys into code, decided once here:
- a `role = "length"` field named by a later field's `size` is written as that bytes/string field's length;
  a length no field names (`permissions_len`, `metadata_length`) is the byte size of the fields after it up to
  the first repeated field (or the end), back-patched after they are written;
- a `role = "flag"` field named by a later `when` is derived from whether the guarded data is present (a nil
  pointer / empty list = absent); the trailing flag of a record repeated `chained` is the has-next marker the
  list writes; any other flag (`has_partition`) is plain data; every flag is read with `Reader.Flag`, which
  fails on a byte other than 0 or 1 (never "absent"), the rule every language's codec applies;
- `padding` bytes are written as zeros and skipped; `reserved` scalars are written as 0 and skipped;
- a primitive made of exactly a length and the bytes it sizes (`name`, `password`, `string32`) is a Go string;
- a count a `repeat` names is the list's length (where no repeat names it, e.g. `partitions_count` of
  TopicHeader, it is data); an `index` table (SendMessages' `indexes`) is computed from the frames after it;
- a `when` field is a pointer (a list stays a slice, nil when absent); `repeat` fields are slices;
- `optional_partition` is a *uint32 (nil = none); identifier, message and optional partition JSON forms
  (protocol-spec/README.md "The `fields` of a fixture") are hand-written in runtime.go.
The Go structs hold exactly the fixture `fields` keys (spec.derived_field_names), with `json` tags of those names.
Output is gofmt-clean (struct columns aligned here), so no Go toolchain is needed to regenerate it.

Protocol versions (one type per record, as Kafka versions its messages): a struct carries the fields of every
version; Encode / Decode take the version from the Writer (`w.Version`) / Reader (`r.Version()`), zero meaning
the oldest, and skip the fields that version lacks (`FieldVersions` names them). A count whose list differs per
version (SendMessages' messages_count: the 0.8 frames or the 0.9 batch's) is derived per version; a
`total_length` (a batch's batch_length) is back-patched with the record's byte size and checked when read;
`reserved` bytes are written as zeros and refused unless zero when read. The 0.9 frame headers (frames.toml) are
generated too, with the offsets of their fields, the batch header's and the frame header's.
"""

from __future__ import annotations

from .languages import BANNER, SOURCE_NOTE, camel, version_number
from .spec import SCALAR_SIZES, Command, Field, Record, Spec, derived_field_names

_SCALAR_GO = {"u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64", "u128": "U128", "f32": "float32",
              "bool": "bool"}
_SCALAR_RW = {"u8": "U8", "u16": "U16", "u32": "U32", "u64": "U64", "u128": "U128", "f32": "F32", "bool": "Bool"}
# Records whose field offsets every language needs without restating them (the hot-path views use them).
_OFFSET_RECORDS = ("message_header", "index_entry", "batch_header", "frame_header", "RequestHeader", "ReplyHeader",
                   "EvictionHeader", "ResultEntry")
# A primitive the runtime reads and writes as *uint32 (its flag says whether the value is present).
_OPTIONAL_U32 = "optional_partition"
_INITIALISMS = {"id": "ID", "ids": "IDs", "ip": "IP", "tcp": "TCP", "http": "HTTP", "quic": "QUIC"}


def go_name(snake_name: str) -> str:
    """stream_id -> StreamID, index_entry -> IndexEntry, StreamHeader -> StreamHeader."""
    if "_" not in snake_name and snake_name[:1].isupper():
        return snake_name
    return "".join(_INITIALISMS.get(part, part.capitalize()) for part in snake_name.split("_"))


def version_const(spec: Spec, name: str) -> str:
    """"0.9" -> Version0_9 (the codec's constant for a protocol version)."""
    return "Version" + name.replace(".", "_")


def version_test(spec: Spec, versions: frozenset[str] | None, var: str) -> str | None:
    """The Go condition under which something with `versions` is on the wire (`var` holds the connection's
    version; 0 is the oldest), or None when it always is."""
    names = spec.version_names
    if versions is None or versions >= set(names):
        return None
    present = [name for name in names if name in versions]
    first, last = names.index(present[0]), names.index(present[-1])
    if last - first + 1 == len(present) and last == len(names) - 1:
        return f"{var} >= {version_const(spec, present[0])}"
    if last - first + 1 == len(present) and first == 0:
        return f"{var} <= {version_const(spec, present[-1])}"
    return "(" + " || ".join(f"{var} == {version_const(spec, n)}" for n in present) + ")"


class _Emitter:
    def __init__(self, spec: Spec):
        self.spec = spec
        self.out: list[str] = []
        self.records = self._reachable()
        self.chained = {f.type for r in self.records.values() for f in r.fields if f.repeat == "chained"}
        self.chained |= {f.type for c in spec.commands for f in c.request if f.repeat == "chained"}

    # --- which records, and what each field is ------------------------------------------------------------

    def _reachable(self) -> dict[str, Record]:
        found: dict[str, Record] = {}
        pending: list[str] = []
        for command in self.spec.commands:
            pending += [f.type for f in (*command.request, *command.response_fields)]
            if command.response not in ("empty", "inline"):
                pending.append(command.response)
        for _ in range(10_000):  # bounded walk: the spec has a few dozen records
            if not pending:
                break
            name = pending.pop()
            if name in found or name in SCALAR_SIZES or name == "bytes":
                continue
            record = self.spec.record(name)
            found[name] = record
            pending += [f.type for f in record.fields]
        # The 0.9 frame headers: no command names them, every 0.9 frame starts with one (FramePrefix only
        # opens the others).
        for name, record in self.spec.frames.items():
            if name != "FramePrefix":
                found[name] = record
        return dict(sorted(found.items(), key=lambda item: go_name(item[0])))

    def string_width(self, type_name: str) -> str | None:
        """'8' or '32' when the record is a length-prefixed string, else None."""
        if type_name not in self.records:
            return None
        fields = self.records[type_name].fields
        if (len(fields) == 2 and fields[0].role == "length" and fields[1].type == "bytes"
                and fields[1].size == fields[0].name and fields[0].type in ("u8", "u32")):
            return fields[0].type[1:]
        return None

    def go_type(self, f: Field, element: bool = False) -> str:
        if f.repeat is not None and not element:
            if f.type == "u8":
                return "[]U8"  # not []byte: a repeated u8 is a list of values, not a byte string
            return "[]" + self.go_type(f, element=True)
        if f.type in _SCALAR_GO:
            return _SCALAR_GO[f.type]
        if f.type == _OPTIONAL_U32:
            return "*uint32"
        if f.type == "bytes":
            return "[]byte"
        if self.string_width(f.type):
            return "string"
        return go_name(f.type)

    def exposed(self, f: Field, fields: tuple[Field, ...], chained_tail: Field | None) -> bool:
        return f.name not in derived_field_names(fields)

    def count_users(self, count: Field, fields: tuple[Field, ...]) -> list[tuple[Field, str]]:
        """The lists whose length a derived count is, each with the Go expression of that length (the index table
        excluded: it follows the frames); one per protocol version at most (SendMessages: the 0.8 frames, the 0.9
        batch's frames)."""
        users = [(g, f"len(v.{go_name(g.name)})") for g in fields if g.repeat == count.name and g.role is None]
        for g in fields:
            if g.counted_by == count.name:
                inner = next(h for h in self.spec.record(g.type).fields if h.repeat not in (None, "to_end", "chained"))
                users.append((g, f"len(v.{go_name(g.name)}.{go_name(inner.name)})"))
        return users

    # --- output -------------------------------------------------------------------------------------------

    def line(self, text: str = "") -> None:
        self.out.append(text)

    def struct(self, type_name: str, about: str, fields: tuple[Field, ...], chained_tail: Field | None) -> None:
        self.line(f"// {type_name}: {about}")
        shown = [f for f in fields if self.exposed(f, fields, chained_tail)]
        if not shown:
            self.line(f"type {type_name} struct{{}}")
            return
        rows = []
        for f in shown:
            go_type = self.go_type(f)
            if f.when is not None and f.repeat is None:
                go_type = "*" + go_type
            rows.append((go_name(f.name), go_type, f'`json:"{f.name}"`'))
        name_width = max(len(r[0]) for r in rows) + 1
        type_width = max(len(r[1]) for r in rows) + 1
        self.line(f"type {type_name} struct {{")
        for name, go_type, tag in rows:
            self.line(f"\t{name.ljust(name_width)}{go_type.ljust(type_width)}{tag}")
        self.line("}")

    def codec(self, type_name: str, fields: tuple[Field, ...], chained_tail: Field | None) -> None:
        receiver = "v"
        used = any(self.exposed(f, fields, chained_tail) for f in fields)
        recv = receiver if used else "_"
        if chained_tail is None:
            self.line("")
            self.line(f"// Encode appends the wire form of {type_name} to w.")
            self.line(f"func ({recv} *{type_name}) Encode(w *Writer) {{")
            self.encode_body(fields, None)
            self.line("}")
            self.line("")
            self.line(f"// Decode reads {type_name} from r (sub-slices of r's buffer, no copies); errors stick to r.")
            self.line(f"func ({recv} *{type_name}) Decode(r *Reader) {{")
            self.decode_body(fields, None)
            self.line("}")
        else:
            self.line("")
            self.line(f"// encodeChained writes {type_name} with its has-next marker set to next.")
            self.line(f"func ({recv} *{type_name}) encodeChained(w *Writer, next uint8) {{")
            self.encode_body(fields, chained_tail)
            self.line("}")
            self.line("")
            self.line(f"// decodeChained reads {type_name} and answers its has-next marker.")
            self.line(f"func ({recv} *{type_name}) decodeChained(r *Reader) (next uint8) {{")
            self.decode_body(fields, chained_tail)
            self.line("\treturn next")
            self.line("}")

    def versioned(self, fields: tuple[Field, ...], var: str, emit) -> None:
        """Emit every field with `emit(f)` (lines indented for the function body), wrapping each run of consecutive
        fields that only some protocol versions have in one `if <version test> {}` (so the locals of a run stay
        visible to the rest of it)."""
        runs: list[tuple[str | None, list[str]]] = []
        for f in fields:
            mark = len(self.out)
            emit(f)
            chunk = self.out[mark:]
            del self.out[mark:]
            test = version_test(self.spec, f.versions, var)
            if runs and runs[-1][0] == test:
                runs[-1][1].extend(chunk)
            else:
                runs.append((test, chunk))
        for test, chunk in runs:
            if test is None:
                self.out.extend(chunk)
                continue
            self.line(f"\tif {test} {{")
            self.out.extend("\t" + text if text else text for text in chunk)
            self.line("\t}")

    # --- encode -------------------------------------------------------------------------------------------

    def presence(self, f: Field) -> str:
        target = f"v.{go_name(f.name)}"
        return f"len({target}) > 0" if f.repeat is not None else f"{target} != nil"

    def flag_value(self, flag: Field, fields: tuple[Field, ...]) -> tuple[str, int, int]:
        """(presence test, value when present, value when absent) of a flag guarding later fields."""
        guarded = [g for g in fields if g.when_parts and g.when_parts[0] == flag.name]
        data = [g for g in guarded if g.role is None]
        assert data, f"flag {flag.name} guards no data field"
        present = data[0].when_parts[1]
        others = [g.when_parts[1] for g in guarded if g.when_parts[1] != present]
        absent = others[0] if others else (0 if present != 0 else 1)
        return self.presence(data[0]), present, absent

    def length_users(self, length: Field, fields: tuple[Field, ...]) -> Field | None:
        for g in fields:
            if g.type in ("bytes",) and g.size == length.name:
                return g
        return None

    def covered_end(self, length: Field, fields: tuple[Field, ...]) -> Field:
        """The last field an unreferenced length covers: up to the first repeated field, the first field of other
        versions, or the end."""
        start = fields.index(length)
        last = fields[start + 1]
        for g in fields[start + 1:]:
            if g.repeat is not None or g.versions != length.versions:
                break
            last = g
        return last

    def condition(self, f: Field, decoding: bool) -> str | None:
        if f.when_parts is None:
            return None
        flag, value = f.when_parts
        return f"{_local(flag)} == {value}"

    def encode_body(self, fields: tuple[Field, ...], chained_tail: Field | None) -> None:
        patches: dict[str, list[str]] = {}  # last covered field -> length locals to back-patch after it
        total = [f for f in fields if f.role == "total_length"]
        if total:
            self.line("\tstart := len(w.Buf)")

        def emit(f: Field) -> None:
            cond = self.condition(f, decoding=False)
            if f.role == "length" and self.length_users(f, fields) is None:
                if cond:
                    self.line(f"\tvar {_local(f.name)} int")
                    self.line(f"\tif {cond} {{")
                    self.line(f"\t\t{_local(f.name)} = w.ReserveLen32()")
                    self.line("\t}")
                else:
                    self.line(f"\t{_local(f.name)} := w.ReserveLen32()")
                end = self.covered_end(f, fields)
                patches.setdefault(end.name, []).append(f"{_local(f.name)}|{cond or ''}")
                return
            indent = "\t"
            if cond:
                self.line(f"\tif {cond} {{")
                indent = "\t\t"
            self.encode_field(f, fields, chained_tail, indent)
            if cond:
                self.line("\t}")
            for mark in patches.pop(f.name, []):
                mark_local, mark_cond = mark.split("|", 1)
                if mark_cond:
                    self.line(f"\tif {mark_cond} {{")
                    self.line(f"\t\tw.PatchLen32({mark_local})")
                    self.line("\t}")
                else:
                    self.line(f"\tw.PatchLen32({mark_local})")

        self.versioned(fields, "w.Version", emit)
        assert not patches, patches
        for f in total:
            self.line(f"\tw.PatchTotal{f.type[1:]}({_local(f.name)}, start)")

    def encode_field(self, f: Field, fields: tuple[Field, ...], chained_tail: Field | None, ind: str) -> None:
        target = f"v.{go_name(f.name)}"
        if f is chained_tail:
            self.line(f"{ind}w.U8(next)")
            return
        if f.role == "flag" and not self.exposed(f, fields, chained_tail):
            test, present, absent = self.flag_value(f, fields)
            self.line(f"\t{_local(f.name)} := uint8({absent})")
            self.line(f"\tif {test} {{")
            self.line(f"\t\t{_local(f.name)} = {present}")
            self.line("\t}")
            self.line(f"\tw.U8({_local(f.name)})")
            return
        if f.role == "length":
            user = self.length_users(f, fields)
            assert user is not None  # unreferenced lengths are handled by encode_body
            self.line(f"{ind}w.Len{f.type[1:]}(len(v.{go_name(user.name)}))")
            return
        if f.role == "total_length":
            self.line(f"{ind}{_local(f.name)} := w.ReserveTotal{f.type[1:]}()")
            return
        if f.role == "padding":
            self.line(f"{ind}w.Zeros({f.size})")
            return
        if f.role == "index":
            frames = [g for g in fields if g.repeat == f.repeat and g.role is None][0]
            size = self.spec.record(f.type).fixed_size()
            self.line(f"{ind}{_local(f.name)} := w.ReserveIndex(len(v.{go_name(frames.name)}), {size})")
            return
        if f.role is None and not self.exposed(f, fields, chained_tail):
            users = self.count_users(f, fields)
            assert users, f"{f.name}: a derived count no list uses"
            if len(users) == 1:
                self.line(f"{ind}w.Count{f.type[1:]}({users[0][1]})")
                return
            for i, (user, length) in enumerate(users):  # one list per protocol version
                test = version_test(self.spec, user.versions, "w.Version")
                assert test is not None, f"{f.name}: lists of every version"
                self.line(f"{ind}{'if' if i == 0 else '} else if'} {test} {{")
                self.line(f"{ind}\tw.Count{f.type[1:]}({length})")
            self.line(f"{ind}}} else {{")
            self.line(f'{ind}\tw.Fail("{f.name}: no list in this protocol version")')
            self.line(f"{ind}}}")
            return
        if f.role == "reserved":
            if f.type == "bytes":
                self.line(f"{ind}w.Zeros({f.size})")
            else:
                self.line(f"{ind}w.{_SCALAR_RW[f.type]}(0)")
            return
        if f.role == "flag":  # a flag that is plain data
            self.line(f"{ind}w.U8({target})")
            return
        if f.repeat is not None:
            index = [g for g in fields if g.role == "index" and g.repeat == f.repeat and f.repeat != "to_end"]
            if index and f.role is None:
                self.line(f"{ind}for i := range {target} {{")
                self.line(f"{ind}\t{self.write_one(f, f'{target}[i]')}")
                self.line(f"{ind}\tw.FillIndex({_local(index[0].name)}, i)")
                self.line(f"{ind}}}")
                return
            if f.repeat == "chained":
                self.line(f"{ind}for i := range {target} {{")
                self.line(f"{ind}\tnext := uint8(0)")
                self.line(f"{ind}\tif i+1 < len({target}) {{")
                self.line(f"{ind}\t\tnext = 1")
                self.line(f"{ind}\t}}")
                self.line(f"{ind}\t{target}[i].encodeChained(w, next)")
                self.line(f"{ind}}}")
                return
            self.line(f"{ind}for i := range {target} {{")
            self.line(f"{ind}\t{self.write_one(f, f'{target}[i]')}")
            self.line(f"{ind}}}")
            return
        if f.type == _OPTIONAL_U32:
            self.line(f"{ind}w.OptionalU32({target})")
            return
        by_value = f.when is not None and (f.type in _SCALAR_GO or self.string_width(f.type))
        value = f"*{target}" if by_value else target
        self.line(f"{ind}{self.write_one(f, value)}")

    def write_one(self, f: Field, value: str) -> str:
        if f.type == "u8" and f.repeat is not None:
            return f"w.U8(uint8({value}))"
        if f.type in _SCALAR_RW:
            return f"w.{_SCALAR_RW[f.type]}({value})"
        if f.type == "bytes":
            if isinstance(f.size, int):
                return f"w.FixedBytes({value}, {f.size})"
            return f"w.Bytes({value})"
        width = self.string_width(f.type)
        if width:
            return f"w.Str{width}({value})"
        return f"{value}.Encode(w)"

    # --- decode -------------------------------------------------------------------------------------------

    def decode_body(self, fields: tuple[Field, ...], chained_tail: Field | None) -> None:
        # A covering length is checked after the last field it covers, which may sit in another `if` block.
        covering = {self.covered_end(f, fields).name: f for f in fields
                    if f.role == "length" and self.length_users(f, fields) is None}
        for length in covering.values():
            self.line(f"\tvar {_local(length.name)}, {_local(length.name)}From int")
        total = [f for f in fields if f.role == "total_length"]
        if total:
            self.line("\tstart := r.Pos()")

        def emit(f: Field) -> None:
            cond = self.condition(f, decoding=True)
            ind = "\t"
            if cond:
                self.line(f"\tif {cond} {{")
                ind = "\t\t"
            self.decode_field(f, fields, chained_tail, ind)
            if f.name in covering:
                name = _local(covering[f.name].name)
                self.line(f"{ind}r.Covered({name}, {name}From, \"{covering[f.name].name}\")")
            if cond:
                self.line("\t}")

        self.versioned(fields, "r.Version()", emit)
        for f in total:
            self.line(f"\tr.Covered(int({_local(f.name)}), start, \"{f.name}\")")

    def decode_field(self, f: Field, fields: tuple[Field, ...], chained_tail: Field | None, ind: str) -> None:
        target = f"v.{go_name(f.name)}"
        if f is chained_tail:
            self.line(f"{ind}next = r.Flag()")
            return
        if f.role == "flag" and not self.exposed(f, fields, chained_tail):
            self.line(f"{ind}{_local(f.name)} := r.Flag()")
            return
        if f.role == "length":
            if self.length_users(f, fields) is not None:
                self.line(f"{ind}{_local(f.name)} := int(r.{_SCALAR_RW[f.type]}())")
            else:
                name = _local(f.name)
                self.line(f"{ind}{name}, {name}From = int(r.{_SCALAR_RW[f.type]}()), r.Pos()")
            return
        if f.role == "total_length":
            self.line(f"{ind}{_local(f.name)} := r.{_SCALAR_RW[f.type]}()")
            return
        if f.role == "padding":
            self.line(f"{ind}r.Skip({f.size})")
            return
        if f.role == "reserved":
            if f.type == "bytes":
                self.line(f"{ind}r.Reserved({f.size}, \"{f.name}\")")
            else:
                self.line(f"{ind}r.Skip({SCALAR_SIZES[f.type]})")
            return
        if f.role == "index":  # recomputed from the frames when encoding; only its size matters here
            size = self.spec.record(f.type).fixed_size()
            self.line(f"{ind}r.Skip(r.Count(uint64({_local(f.repeat)})) * {size})")
            return
        if f.role is None and not self.exposed(f, fields, chained_tail):
            self.line(f"{ind}{_local(f.name)} := r.{_SCALAR_RW[f.type]}()")
            return
        if f.type == _OPTIONAL_U32:
            self.line(f"{ind}{target} = r.OptionalU32()")
            return
        if f.repeat == "chained":
            element = self.go_type(f, element=True)
            self.line(f"{ind}{target} = []{element}{{}}")
            self.line(f"{ind}for r.Remaining() > 0 {{")
            self.line(f"{ind}\tvar item {element}")
            self.line(f"{ind}\tnext := item.decodeChained(r)")
            self.line(f"{ind}\t{target} = append({target}, item)")
            self.line(f"{ind}\tif next != 1 || r.Err() != nil {{")
            self.line(f"{ind}\t\tbreak")
            self.line(f"{ind}\t}}")
            self.line(f"{ind}}}")
            return
        if f.repeat == "to_end":
            element = self.go_type(f, element=True)
            self.line(f"{ind}{target} = []{element}{{}}")
            self.line(f"{ind}for r.Remaining() > 0 && r.Err() == nil {{")
            self.line(f"{ind}\tvar item {element}")
            if f.tolerant:
                self.line(f"{ind}\t// An extension area (spec `tolerant`): a tail that does not parse is ignored.")
                self.line(f"{ind}\tif !r.Tolerate(func(r *Reader) {{ {self.read_one(f, 'item')} }}) {{")
                self.line(f"{ind}\t\tbreak")
                self.line(f"{ind}\t}}")
            else:
                self.line(f"{ind}\t{self.read_one(f, 'item')}")
            self.line(f"{ind}\t{target} = append({target}, item)")
            self.line(f"{ind}}}")
            return
        if f.repeat is not None:
            element = "U8" if f.type == "u8" else self.go_type(f, element=True)
            count_field = next(g for g in fields if g.name == f.repeat)
            count = f"v.{go_name(f.repeat)}" if self.exposed(count_field, fields, chained_tail) else _local(f.repeat)
            self.line(f"{ind}{target} = make([]{element}, r.Count(uint64({count})))")
            self.line(f"{ind}for i := range {target} {{")
            self.line(f"{ind}\t{self.read_one(f, f'{target}[i]')}")
            self.line(f"{ind}}}")
            return
        if f.when is not None:
            go_type = self.go_type(f)
            self.line(f"{ind}{target} = new({go_type})")
            by_value = f.type in _SCALAR_GO or self.string_width(f.type)
            self.line(f"{ind}{self.read_one(f, '*' + target if by_value else target)}")
            return
        self.line(f"{ind}{self.read_one(f, target)}")
        if f.counted_by is not None:
            inner = next(h for h in self.spec.record(f.type).fields if h.repeat not in (None, "to_end", "chained"))
            length = f"len({target}.{go_name(inner.name)})"
            self.line(f"{ind}if r.Err() == nil && uint64({length}) != uint64({_local(f.counted_by)}) {{")
            self.line(f'{ind}\tr.Fail("{f.counted_by} is %d, {f.name} holds %d", {_local(f.counted_by)}, {length})')
            self.line(f"{ind}}}")

    def read_one(self, f: Field, target: str) -> str:
        if f.role == "flag":
            return f"{target} = r.Flag()"
        if f.type == "u8" and f.repeat is not None:
            return f"{target} = U8(r.U8())"
        if f.type in _SCALAR_RW:
            return f"{target} = r.{_SCALAR_RW[f.type]}()"
        if f.type == "bytes":
            if f.size == "to_end":
                return f"{target} = r.Rest()"
            if isinstance(f.size, int):
                return f"{target} = r.Bytes({f.size})"
            return f"{target} = r.Bytes({_local(f.size)})"
        width = self.string_width(f.type)
        if width:
            return f"{target} = r.Str{width}()"
        return f"{target}.Decode(r)"


def _local(field_name: str) -> str:
    """A Go local for a derived field: has_streams -> hasStreams."""
    parts = field_name.split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def _response_type(emitter: _Emitter, command: Command) -> str | None:
    if command.response == "empty":
        return None
    if command.response == "inline":
        return f"{command.name}Response"
    if command.response_repeat == "to_end":
        return f"{command.response}List"
    return go_name(command.response)


def render_go_codec(spec: Spec) -> str:
    e = _Emitter(spec)
    e.line(f"// {BANNER}")
    e.line("// Code generated by protocol-spec/generator. DO NOT EDIT.")
    e.line(f"// {SOURCE_NOTE}")
    e.line("")
    e.line("package codec")
    for name, record in e.records.items():
        if e.string_width(name) or name == _OPTIONAL_U32:
            continue
        tail = record.fields[-1] if name in e.chained else None
        e.line("")
        e.struct(go_name(name), record.about, record.fields, tail)
        e.codec(go_name(name), record.fields, tail)
    for command in spec.commands:
        e.line("")
        e.struct(f"{command.name}Request", f"the request of {command.name} ({command.code}). {command.about}",
                 command.request, None)
        e.line("")
        e.line(f"// Code is the command code of {command.name}.")
        e.line(f"func (*{command.name}Request) Code() uint32 {{ return {command.code} }}")
        e.codec(f"{command.name}Request", command.request, None)
        params = spec.error_param_fields(command)
        if params:
            fields: dict[str, list[str]] = {}
            for param, field_name in params.items():
                fields.setdefault(field_name, []).append(f'"{param}"')
            e.line("")
            e.line("// ErrorParam answers the text of the request field that names an error param (commands.toml")
            e.line("// error_param), false when the request has no value for it.")
            e.line(f"func (v *{command.name}Request) ErrorParam(param string) (string, bool) {{")
            e.line("\tswitch param {")
            for field_name, names in fields.items():
                e.line(f"\tcase {', '.join(names)}:")
                e.line(f"\t\treturn ParamText(v.{go_name(field_name)})")
            e.line("\t}")
            e.line("\treturn \"\", false")
            e.line("}")
        if command.response == "inline":
            e.line("")
            e.struct(f"{command.name}Response", f"the answer of {command.name}.", command.response_fields, None)
            e.codec(f"{command.name}Response", command.response_fields, None)
    for struct_name in sorted({c.response for c in spec.commands if c.response_repeat == "to_end"}):
        list_type = f"{struct_name}List"
        prefixed = {v for c in spec.commands if c.response == struct_name and c.response_repeat == "to_end"
                    for v in c.response_count_prefix}
        users = [c for c in spec.commands if c.response == struct_name and c.response_repeat == "to_end"]
        assert all(c.response_count_prefix == users[0].response_count_prefix for c in users), struct_name
        encode_test = version_test(spec, frozenset(prefixed), "w.Version") if prefixed else None
        decode_test = version_test(spec, frozenset(prefixed), "r.Version()") if prefixed else None
        e.line("")
        e.line(f"// {list_type}: a list answer of {struct_name} records, back to back to the end of the body"
               + (" (counted first where the version says so)." if prefixed else "."))
        e.line(f"type {list_type} []{struct_name}")
        e.line("")
        e.line(f"// Encode appends every {struct_name} to w.")
        e.line(f"func (v *{list_type}) Encode(w *Writer) {{")
        if encode_test:
            e.line(f"\tif {encode_test} {{")
            e.line("\t\tw.Count32(len(*v))")
            e.line("\t}")
        e.line("\tfor i := range *v {")
        e.line("\t\t(*v)[i].Encode(w)")
        e.line("\t}")
        e.line("}")
        e.line("")
        e.line(f"// Decode reads {struct_name} records until r is exhausted"
               + (" (or the count they start with; an empty body is an empty list)." if prefixed else "."))
        e.line(f"func (v *{list_type}) Decode(r *Reader) {{")
        e.line(f"\t*v = {list_type}{{}}")
        if decode_test:
            e.line(f"\tif r.Remaining() > 0 && {decode_test} {{")
            e.line("\t\tcount := r.Count(uint64(r.U32()))")
            e.line("\t\tfor i := 0; i < count && r.Err() == nil; i++ {")
            e.line(f"\t\t\tvar item {struct_name}")
            e.line("\t\t\titem.Decode(r)")
            e.line("\t\t\t*v = append(*v, item)")
            e.line("\t\t}")
            e.line("\t\treturn")
            e.line("\t}")
        e.line("\tfor r.Remaining() > 0 && r.Err() == nil {")
        e.line(f"\t\tvar item {struct_name}")
        e.line("\t\titem.Decode(r)")
        e.line("\t\t*v = append(*v, item)")
        e.line("\t}")
        e.line("}")
    _command_table(e, spec)
    _field_versions(e, spec)
    _values(e, spec)
    _offsets(e, spec)
    return "\n".join(e.out) + "\n"


def _versions_literal(spec: Spec, names) -> str:
    return "[]Version{" + ", ".join(version_const(spec, n) for n in spec.version_names if n in names) + "}"


def _command_table(e: _Emitter, spec: Spec) -> None:
    operations = {v.name: v.value for v in spec.enum("Operation").values}
    non_replicated = operations["NonReplicated"]
    e.line("")
    e.line("// CommandInfo describes one command: its types, the server's rules for it and the protocol versions that")
    e.line("// have it.")
    e.line("type CommandInfo struct {")
    rows = [("Code", "uint32"), ("Name", "string"), ("Auth", "bool"), ("Permission", "string"),
            ("PermissionRule", "string"), ("ResponseList", "bool"), ("MissingEmpty", "bool"), ("ResponseEmpty", "bool"),
            ("Versions", "[]Version"), ("Operation", "uint8"), ("ResponseEmptyIn", "[]Version"),
            ("ResponseCountedIn", "[]Version"), ("Mutates", "bool"), ("ReplaySafe", "bool"), ("Audited", "bool")]
    comments = {
        "Mutates": "it changes what the server stores or what other clients see",
        "ReplaySafe": "a client may send it again on a new connection after its answer was lost",
        "Audited": "the server writes an audit line for it",
        "ResponseEmpty": "the OK answer has no body in any version",
        "Versions": "the protocol versions that have the command",
        "Operation": "what a 0.9 request header carries (NonReplicated: the code rides in it)",
        "ResponseEmptyIn": "versions whose OK answer has no body",
        "ResponseCountedIn": "versions whose list answer starts with its element count",
    }
    width = max(len(n) for n, _ in rows) + 1
    type_width = max(len(t) for n, t in rows if n in comments) + 1
    for name, go_type in rows:
        if name in comments:
            e.line(f"\t{name.ljust(width)}{go_type.ljust(type_width)}// {comments[name]}")
        else:
            e.line(f"\t{name.ljust(width)}{go_type}")
    e.line("}")
    e.line("")
    e.line("// Commands lists every command, ascending by code.")
    e.line("var Commands = []CommandInfo{")
    for c in spec.commands:
        versions = [n for n in spec.version_names if c.in_version(n)]
        empty_in = [n for n in versions
                    if c.response == "empty" or (c.response == "inline" and not any(f.in_version(n)
                                                                                    for f in c.response_fields))]
        operation = operations[c.operation] if c.operation else non_replicated
        e.line(f"\t{{Code: {c.code}, Name: {_go_quote(c.name)}, Auth: {_bool(c.auth)}, "
               f"Permission: {_go_quote(c.permission)}, PermissionRule: {_go_quote(c.permission_rule)}, "
               f"ResponseList: {_bool(c.response_repeat == 'to_end')}, "
               f"ResponseEmpty: {_bool(c.response == 'empty')}, MissingEmpty: {_bool(c.missing == 'empty')}, "
               f"Versions: {_versions_literal(spec, versions)}, Operation: {operation}, "
               f"ResponseEmptyIn: {_versions_literal(spec, empty_in)}, "
               f"ResponseCountedIn: {_versions_literal(spec, c.response_count_prefix)}, "
               f"Mutates: {_bool(c.mutates)}, ReplaySafe: {_bool(c.replay_safe)}, Audited: {_bool(c.audited)}}},")
    e.line("}")
    e.line("")
    e.line("// NewRequest answers an empty request value for a command code, or nil for an unknown code.")
    e.line("func NewRequest(code uint32) Request {")
    e.line("\tswitch code {")
    for c in spec.commands:
        e.line(f"\tcase {c.code}:")
        e.line(f"\t\treturn &{c.name}Request{{}}")
    e.line("\t}")
    e.line("\treturn nil")
    e.line("}")
    e.line("")
    e.line("// NewResponse answers an empty response value for a command code; nil for an empty answer or an")
    e.line("// unknown code.")
    e.line("func NewResponse(code uint32) Value {")
    e.line("\tswitch code {")
    for c in spec.commands:
        response = _response_type(e, c)
        if response is None:
            continue
        e.line(f"\tcase {c.code}:")
        e.line(f"\t\treturn &{response}{{}}")
    e.line("\t}")
    e.line("\treturn nil")
    e.line("}")
    e.line("")
    e.line("// Compile-time check that every request type is a Request.")
    e.line("var (")
    for c in spec.commands:
        e.line(f"\t_ Request = (*{c.name}Request)(nil)")
    e.line(")")


def _field_versions(e: _Emitter, spec: Spec) -> None:
    """Per generated type, the JSON names of its fields that only some protocol versions have."""
    types: list[tuple[str, tuple[Field, ...]]] = [
        (go_name(name), record.fields) for name, record in e.records.items()
        if not e.string_width(name) and name != _OPTIONAL_U32]
    for c in spec.commands:
        types.append((f"{c.name}Request", c.request))
        if c.response == "inline":
            types.append((f"{c.name}Response", c.response_fields))
    e.line("")
    e.line("// FieldVersions names, per generated type, the fields (by their JSON name) that only some protocol")
    e.line("// versions have, with those versions; every other field is in every version.")
    e.line("var FieldVersions = map[string]map[string][]Version{")
    for type_name, fields in sorted(types):
        derived = derived_field_names(fields)
        limited = [f for f in fields if f.name not in derived and f.versions is not None
                   and not f.versions >= set(spec.version_names)]
        if not limited:
            continue
        e.line(f"\t{_go_quote(type_name)}: {{")
        key_width = max(len(_go_quote(f.name)) for f in limited) + 2
        for f in limited:
            e.line(f"\t\t{(_go_quote(f.name) + ':').ljust(key_width)}{_versions_literal(spec, f.versions)},")
        e.line("\t},")
    e.line("}")


def _values(e: _Emitter, spec: Spec) -> None:
    """The protocol versions, the enum values and named constants again, untyped, so the runtime beside this file
    types none by hand."""
    for version in spec.versions:
        e.line("")
        e.line(f"// {version_const(spec, version.name)}: {version.about}")
        e.line(f"const {version_const(spec, version.name)} Version = {version_number(version.name)}")
    e.line("")
    e.line("// Versions lists the protocol versions, oldest first.")
    e.line(f"var Versions = {_versions_literal(spec, spec.version_names)}")
    for enum in spec.enums:
        for value in enum.values:
            e.line("")
            e.line(f"// {enum.name}{value.name}: {value.about}")
            e.line(f"const {enum.name}{value.name} = {value.value}")
    for constant in spec.constants:
        e.line("")
        e.line(f"// {camel(constant.name)}: {constant.about}")
        e.line(f"const {camel(constant.name)} = {constant.value}")


def _offsets(e: _Emitter, spec: Spec) -> None:
    for name in _OFFSET_RECORDS:
        record = spec.record(name)
        prefix = go_name(name)
        offset = 0
        for f in record.fields:
            size = f.fixed_size()
            assert size is not None, f"{name}.{f.name} has no fixed size"
            e.line("")
            e.line(f"// {prefix}{go_name(f.name)}Offset, {prefix}{go_name(f.name)}Size: {f.about}")
            e.line(f"const {prefix}{go_name(f.name)}Offset = {offset}")
            e.line("")
            e.line(f"const {prefix}{go_name(f.name)}Size = {size}")
            offset += size
        e.line("")
        e.line(f"// {prefix}Length: {record.about}")
        e.line(f"const {prefix}Length = {offset}")


def _go_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _bool(value: bool) -> str:
    return "true" if value else "false"
