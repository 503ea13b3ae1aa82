package codec

import (
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

// A request cut before a presence flag, or whose permissions_len disagrees with its block, does not decode.
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
