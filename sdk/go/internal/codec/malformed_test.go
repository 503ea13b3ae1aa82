package codec

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// malformedVectors is protocol-spec/fixtures/malformed_payloads.json (see protocol-spec/README.md).
type malformedVectors struct {
	Rejected []struct {
		Name       string `json:"name"`
		Code       uint32 `json:"code"`
		PayloadHex string `json:"payload_hex"`
		BadFlag    string `json:"bad_flag"`
		FlagAt     int    `json:"flag_at"`
	} `json:"rejected_requests"`
	Tolerated []struct {
		Name        string `json:"name"`
		BaseFixture string `json:"base_fixture"`
		AppendedHex string `json:"appended_hex"`
		Extensions  []struct {
			Tag  uint32 `json:"tag"`
			Body string `json:"body"`
		} `json:"extensions"`
	} `json:"tolerated_responses"`
}

func loadMalformed(t *testing.T) malformedVectors {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixturesDir, "malformed_payloads.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v malformedVectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Rejected) == 0 || len(v.Tolerated) == 0 {
		t.Fatal("malformed_payloads.json has no vectors")
	}
	return v
}

// A flag byte of 2 is the vector's only fault: set to 0, the same payload is a complete, valid request.
func TestBadFlagVectorsDecodeWithFlagZero(t *testing.T) {
	for _, c := range loadMalformed(t).Rejected {
		if c.BadFlag == "" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			payload, err := hex.DecodeString(c.PayloadHex)
			if err != nil {
				t.Fatal(err)
			}
			payload[c.FlagAt] = 0
			if err := Decode(payload, NewRequest(c.Code)); err != nil {
				t.Fatalf("with %s 0: %v", c.BadFlag, err)
			}
		})
	}
}

// A request cut before a presence flag, with a flag byte other than 0/1, or whose permissions_len disagrees with
// its block, does not decode.
func TestMalformedRequestsAreRejected(t *testing.T) {
	for _, c := range loadMalformed(t).Rejected {
		t.Run(c.Name, func(t *testing.T) {
			payload, err := hex.DecodeString(c.PayloadHex)
			if err != nil {
				t.Fatal(err)
			}
			request := NewRequest(c.Code)
			if err := DecodePrefix(payload, request); !errors.Is(err, ErrMalformed) {
				t.Fatalf("decoded to %+v (err %v), want a malformed-frame error", request, err)
			}
		})
	}
}

// A Stats extension area that does not parse is ignored; the blocks before it are kept.
func TestStatsIgnoresAnUnparsableExtensionTail(t *testing.T) {
	for _, c := range loadMalformed(t).Tolerated {
		t.Run(c.Name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(fixturesDir, c.BaseFixture))
			if err != nil {
				t.Fatal(err)
			}
			var base fixture
			if err := json.Unmarshal(data, &base); err != nil {
				t.Fatal(err)
			}
			_, body := payloadOf(t, base)
			appended, _ := hex.DecodeString(c.AppendedHex)
			body = append(append([]byte{}, body...), appended...)
			var stats Stats
			if err := DecodePrefix(body, &stats); err != nil {
				t.Fatalf("decode: %v", err)
			}
			if len(stats.Extensions) != len(c.Extensions) {
				t.Fatalf("%d extensions, want %d", len(stats.Extensions), len(c.Extensions))
			}
			for i, want := range c.Extensions {
				got := stats.Extensions[i]
				if got.Tag != want.Tag || base64.StdEncoding.EncodeToString(got.Body) != want.Body {
					t.Fatalf("extension %d: tag %d body %x, want tag %d body %s", i, got.Tag, got.Body, want.Tag, want.Body)
				}
			}
		})
	}
}

// Every strict prefix of every captured request fails to decode: no field of any command, trailing presence
// flags included, reads a missing byte as "absent" (SendMessages too: its messages_count announces every frame).
func TestEveryPrefixOfARequestFixtureIsRejected(t *testing.T) {
	for _, f := range loadFixtures(t) {
		if f.Direction != "request" {
			continue
		}
		_, payload := payloadOf(t, f)
		for cut := 0; cut < len(payload); cut++ {
			request := NewRequest(f.Code)
			if err := DecodePrefix(payload[:cut], request); err == nil {
				t.Errorf("%s: the first %d of %d bytes decode to %+v", f.Name, cut, len(payload), request)
				break
			}
		}
	}
}
