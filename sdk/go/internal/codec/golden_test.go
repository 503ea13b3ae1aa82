package codec

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

const fixturesDir = "../../../../protocol-spec/fixtures"
const specDir = "../../../../protocol-spec/spec"

type fixture struct {
	Name           string `json:"name"`
	Code           uint32 `json:"code"`
	Direction      string `json:"direction"`
	Hex            string `json:"hex"`
	IgnoredTrailer string `json:"ignored_trailing_hex"`
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

// TestGoldenFixtures replays every fixture through the generated codec: payload -> value -> payload is exact.
func TestGoldenFixtures(t *testing.T) {
	for _, f := range loadFixtures(t) {
		t.Run(f.Name, func(t *testing.T) {
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
				if word != 0 || info.ResponseEmpty || (info.MissingEmpty && len(payload) == 0) {
					if len(payload) != 0 {
						t.Fatalf("status %d answer with a %d-byte body", word, len(payload))
					}
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
		})
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
