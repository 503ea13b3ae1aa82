package iggy

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestHeadersRoundTripSortedByKey(t *testing.T) {
	headers := Headers{"b": Uint64Header(1 << 40), "a": StringHeader("x"), "c": BoolHeader(true),
		"d": Float64Header(1.5), "e": RawHeader([]byte{0, 1})}
	raw, err := encodeHeaders(headers)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte{byte(HeaderKindString), 1, 0, 0, 0, 'a'}) {
		t.Fatalf("first entry is not key a: %x", raw[:8])
	}
	parsed, err := ParseHeaders(raw)
	if err != nil || len(parsed) != len(headers) {
		t.Fatalf("parsed %v, %v", parsed, err)
	}
	for key, value := range headers {
		if parsed[key].Kind != value.Kind || !bytes.Equal(parsed[key].Value, value.Value) {
			t.Errorf("%s: %+v != %+v", key, parsed[key], value)
		}
	}
	if _, err := ParseHeaders(raw[:len(raw)-1]); !errors.Is(err, ErrorCodeInvalidFormat) {
		t.Errorf("a truncated header block must fail: %v", err)
	}
	if _, err := encodeHeaders(Headers{strings.Repeat("k", HeaderKeyMaxBytes+1): StringHeader("v")}); err == nil {
		t.Error("an oversized key must be refused")
	}
}

func TestParseIdentifier(t *testing.T) {
	if id := ParseIdentifier("7"); id.Kind != uint8(IdKindNumeric) || !bytes.Equal(id.Value, []byte{7, 0, 0, 0}) {
		t.Errorf("digits: %+v", id)
	}
	if id := ParseIdentifier("orders"); id.Kind != uint8(IdKindString) || string(id.Value) != "orders" {
		t.Errorf("name: %+v", id)
	}
}
