package codec

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const fixturesDir = "../../../../protocol-spec/fixtures"
const specDir = "../../../../protocol-spec/spec"

type fixture struct {
	Name           string          `json:"name"`
	Code           uint32          `json:"code"`
	Direction      string          `json:"direction"`
	Hex            string          `json:"hex"`
	IgnoredTrailer string          `json:"ignored_trailing_hex"`
	Fields         json.RawMessage `json:"fields"`
}

func loadFixtures(t *testing.T) []fixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(fixturesDir, "*", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures under %s: %v", fixturesDir, err)
	}
	fixtures := make([]fixture, 0, len(paths))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var f fixture
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		fixtures = append(fixtures, f)
	}
	return fixtures
}

// payloadOf splits a fixture's frame into its header word (status or code) and the payload without the bytes
// the fixture marks as ignored trailing junk.
func payloadOf(t *testing.T, f fixture) (uint32, []byte) {
	t.Helper()
	frame, err := hex.DecodeString(f.Hex)
	if err != nil || len(frame) < 8 {
		t.Fatalf("%s: bad hex", f.Name)
	}
	var word uint32
	var announced int
	if f.Direction == "request" {
		announced = int(binary.LittleEndian.Uint32(frame)) - 4
		word = binary.LittleEndian.Uint32(frame[4:])
	} else {
		word = binary.LittleEndian.Uint32(frame)
		announced = int(binary.LittleEndian.Uint32(frame[4:]))
	}
	payload := frame[8:]
	if announced != len(payload) {
		t.Fatalf("%s: frame announces %d payload bytes, has %d", f.Name, announced, len(payload))
	}
	trailer, _ := hex.DecodeString(f.IgnoredTrailer)
	if !bytes.HasSuffix(payload, trailer) {
		t.Fatalf("%s: payload does not end with its ignored trailer", f.Name)
	}
	return word, payload[:len(payload)-len(trailer)]
}

func commandInfo(code uint32) *CommandInfo {
	for i := range Commands {
		if Commands[i].Code == code {
			return &Commands[i]
		}
	}
	return nil
}

// canonical re-reads JSON with exact numbers so u64 values compare as written.
func canonical(t *testing.T, data []byte) any {
	t.Helper()
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var v any
	if err := decoder.Decode(&v); err != nil {
		t.Fatalf("bad JSON %s: %v", data, err)
	}
	return v
}

// TestGoldenFixtures replays every 0.8 fixture through the generated codec: payload -> value -> payload is exact,
// and where the fixture carries `fields`, fields -> payload is exact and payload -> fields is exact.
func TestGoldenFixtures(t *testing.T) {
	for _, f := range loadFixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
			if len(f.Fields) == 0 {
				t.Fatal("the fixture has no `fields`")
			}
			word, payload := payloadOf(t, f)
			info := commandInfo(f.Code)
			if info == nil {
				t.Fatalf("code %d is not in the generated command table", f.Code)
			}
			var fresh func() Value
			if f.Direction == "request" {
				if word != f.Code {
					t.Fatalf("frame code %d, fixture code %d", word, f.Code)
				}
				fresh = func() Value { return NewRequest(f.Code) }
			} else {
				if word != 0 || slices.Contains(info.ResponseEmptyIn, Version0_8) ||
					(info.MissingEmpty && len(payload) == 0) {
					if len(payload) != 0 {
						t.Fatalf("status %d answer with a %d-byte body", word, len(payload))
					}
					checkFields(t, f.Name, f.Fields, nil, Version0_8)
					return
				}
				fresh = func() Value { return NewResponse(f.Code) }
			}
			decoded := fresh()
			if err := Decode(payload, decoded); err != nil {
				t.Fatalf("decode: %v", err)
			}
			encoded, err := Encode(decoded)
			if err != nil || !bytes.Equal(encoded, payload) {
				t.Fatalf("re-encode differs (%v):\n got  %x\n want %x", err, encoded, payload)
			}
			checkFields(t, f.Name, f.Fields, decoded, Version0_8)
			fromFields := fresh()
			if err := json.Unmarshal(f.Fields, fromFields); err != nil {
				t.Fatalf("fields do not fit the generated type: %v", err)
			}
			encoded, err = Encode(fromFields)
			if err != nil || !bytes.Equal(encoded, payload) {
				t.Fatalf("fields encode differently (%v):\n got  %x\n want %x", err, encoded, payload)
			}
		})
	}
}

// checkFields compares decoded (nil: no body) with a fixture's `fields`, leaving out the fields the version lacks.
func checkFields(t *testing.T, name string, fields json.RawMessage, decoded any, version Version) {
	t.Helper()
	var got any
	if decoded != nil {
		got = versionedJSON(t, decoded, version)
	}
	want := canonical(t, fields)
	if problem := compare(got, want, "fields"); problem != "" {
		shown, _ := json.Marshal(got)
		t.Fatalf("%s: decoded fields differ: %s\n got  %s\n want %s", name, problem, shown, fields)
	}
}

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()

// versionedJSON is v's JSON form (exact numbers) without the fields FieldVersions says version lacks, at any depth.
func versionedJSON(t *testing.T, v any, version Version) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out := canonical(t, data)
	stripVersion(reflect.ValueOf(v), out, version)
	return out
}

func stripVersion(value reflect.Value, out any, version Version) {
	for value.Kind() == reflect.Pointer || value.Kind() == reflect.Interface {
		if value.IsNil() {
			return
		}
		value = value.Elem()
	}
	if value.Type().Implements(jsonMarshaler) || reflect.PointerTo(value.Type()).Implements(jsonMarshaler) {
		return // a hand-written JSON form (identifier, message, frame, u128): no versioned fields inside
	}
	switch value.Kind() {
	case reflect.Struct:
		object, ok := out.(map[string]any)
		if !ok {
			return
		}
		limited := FieldVersions[value.Type().Name()]
		for i := 0; i < value.NumField(); i++ {
			key, _, _ := strings.Cut(value.Type().Field(i).Tag.Get("json"), ",")
			if versions, listed := limited[key]; listed && !slices.Contains(versions, version) {
				delete(object, key)
				continue
			}
			stripVersion(value.Field(i), object[key], version)
		}
	case reflect.Slice, reflect.Array:
		list, ok := out.([]any)
		if !ok {
			return
		}
		for i := range list {
			if i < value.Len() {
				stripVersion(value.Index(i), list[i], version)
			}
		}
	}
}

// compare answers "" when got equals want, else where they differ. Numbers compare exactly as integers, and
// as f32 when either has a fraction (the fixtures hold f32 values widened to f64).
func compare(got, want any, path string) string {
	switch w := want.(type) {
	case nil:
		if got != nil {
			return path + ": not null"
		}
		return ""
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path + ": not an object"
		}
		for key := range g {
			if _, present := w[key]; !present && g[key] != nil {
				return path + "." + key + ": not in the fixture"
			}
		}
		for key, value := range w {
			if problem := compare(g[key], value, path+"."+key); problem != "" {
				return problem
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return path + ": list length differs"
		}
		for i := range w {
			if problem := compare(g[i], w[i], path+"["+strconv.Itoa(i)+"]"); problem != "" {
				return problem
			}
		}
		return ""
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			return path + ": not a number"
		}
		if g == w {
			return ""
		}
		gf, err1 := g.Float64()
		wf, err2 := w.Float64()
		if err1 == nil && err2 == nil && float32(gf) == float32(wf) && strings.ContainsAny(string(g)+string(w), ".e") {
			return ""
		}
		return path + ": " + string(g) + " != " + string(w)
	default:
		if got != want {
			return path + ": value differs"
		}
		return ""
	}
}

// TestCommandTableMatchesSpec counts the spec's commands itself, so the table cannot silently lose one.
func TestCommandTableMatchesSpec(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(specDir, "commands.toml"))
	if err != nil {
		t.Fatal(err)
	}
	codes := regexp.MustCompile(`(?m)^code = (\d+)$`).FindAllStringSubmatch(string(text), -1)
	if len(codes) == 0 || len(codes) != len(Commands) {
		t.Fatalf("spec lists %d commands, the generated table %d", len(codes), len(Commands))
	}
	for _, match := range codes {
		var code uint32
		for _, digit := range match[1] {
			code = code*10 + uint32(digit-'0')
		}
		if commandInfo(code) == nil || NewRequest(code) == nil || NewRequest(code).Code() != code {
			t.Errorf("command %d missing from the generated table", code)
		}
	}
}

func TestOffsetsAreContiguous(t *testing.T) {
	if MessageHeaderReservedOffset+MessageHeaderReservedSize != MessageHeaderLength {
		t.Errorf("message header layout: reserved ends at %d, length %d",
			MessageHeaderReservedOffset+MessageHeaderReservedSize, MessageHeaderLength)
	}
	if IndexEntryTimestampOffset+IndexEntryTimestampSize != IndexEntryLength {
		t.Errorf("index entry layout does not end at its length")
	}
}
