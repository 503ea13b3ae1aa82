package iggy

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// settings renders a Config as protocol-spec/fixtures/connection_strings.json names it (sdk/python's names).
func settings(c Config) map[string]any {
	text := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	var retries any = json.Number(itoa(c.ReconnectionRetries))
	if c.ReconnectionRetries < 0 {
		retries = nil
	}
	ms := func(d interface{ Milliseconds() int64 }) any { return json.Number(itoa(int(d.Milliseconds()))) }
	return map[string]any{"host": c.Host(), "port": json.Number(itoa(c.Port())), "username": text(c.Username),
		"password": text(c.Password), "token": text(c.Token), "tls": c.TLS, "tls_domain": text(c.TLSDomain),
		"tls_ca_file": text(c.TLSCAFile), "tls_insecure": c.TLSInsecure,
		"connect_timeout_ms": ms(c.ConnectTimeout), "request_timeout_ms": ms(c.RequestTimeout),
		"reconnection_retries": retries, "reconnection_interval_ms": ms(c.ReconnectionInterval),
		"reconnection_max_interval_ms": ms(c.ReconnectionMaxInterval),
		"heartbeat_interval_ms":        ms(c.HeartbeatInterval), "nodelay": c.NoDelay}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestConnectionStringVectors replays the shared vectors every SDK parses the same way.
func TestConnectionStringVectors(t *testing.T) {
	data, err := os.ReadFile("../../protocol-spec/fixtures/connection_strings.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Defaults map[string]any `json:"defaults"`
		Valid    []struct {
			Input    string         `json:"input"`
			Expected map[string]any `json:"expected"`
		} `json:"valid"`
		Invalid []struct {
			Input     string `json:"input"`
			ErrorCode uint32 `json:"error_code"`
			ErrorName string `json:"error_name"`
		} `json:"invalid"`
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(&vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors.Valid) == 0 || len(vectors.Invalid) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range vectors.Valid {
		config, err := ParseConnectionString(v.Input)
		if err != nil {
			t.Errorf("%s: %v", v.Input, err)
			continue
		}
		got := settings(config)
		for key, want := range vectors.Defaults {
			if expected, ok := v.Expected[key]; ok {
				want = expected
			}
			if got[key] != want {
				t.Errorf("%s: %s = %v, want %v", v.Input, key, got[key], want)
			}
		}
		if len(got) != len(vectors.Defaults) {
			t.Errorf("settings and defaults name different keys")
		}
	}
	for _, v := range vectors.Invalid {
		_, err := ParseConnectionString(v.Input)
		var e *Error
		if !errors.As(err, &e) || uint32(e.Code) != v.ErrorCode || e.Code.String() != v.ErrorName {
			t.Errorf("%s: want error %d %s, got %v", v.Input, v.ErrorCode, v.ErrorName, err)
		}
	}
}

// protocolVectors is the `protocol` section of connection_strings.json.
type protocolVectors struct {
	Default string `json:"default"`
	Valid   []struct {
		Input    string `json:"input"`
		Protocol string `json:"protocol"`
	} `json:"valid"`
	Invalid []struct {
		Input     string `json:"input"`
		ErrorCode uint32 `json:"error_code"`
		ErrorName string `json:"error_name"`
		Message   string `json:"message"`
	} `json:"invalid"`
	Mismatch []struct {
		Client    string `json:"client"`
		Status    uint32 `json:"status"`
		ErrorCode uint32 `json:"error_code"`
		ErrorName string `json:"error_name"`
		Message   string `json:"message"`
	} `json:"mismatch"`
}

func loadProtocolVectors(t *testing.T) protocolVectors {
	t.Helper()
	data, err := os.ReadFile("../../protocol-spec/fixtures/connection_strings.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Protocol protocolVectors `json:"protocol"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Protocol.Valid) == 0 || len(file.Protocol.Invalid) == 0 {
		t.Fatal("no protocol vectors")
	}
	return file.Protocol
}

// TestProtocolOptionVectors replays the shared `protocol` vectors: the protocol each input selects, and the exact
// error of each invalid spelling. This SDK speaks TCP only: an input with another transport's scheme must fail as
// an unsupported scheme (the option itself is the same for every transport).
func TestProtocolOptionVectors(t *testing.T) {
	vectors := loadProtocolVectors(t)
	if DefaultProtocol.String() != vectors.Default || DefaultConfig().Protocol.String() != vectors.Default {
		t.Fatalf("default protocol %s, the vectors say %s", DefaultProtocol, vectors.Default)
	}
	tcpOnly := 0
	for _, v := range vectors.Valid {
		config, err := ParseConnectionString(v.Input)
		scheme, _, _ := strings.Cut(v.Input, "://")
		if scheme != "iggy" && scheme != "iggy+tcp" {
			if err == nil || !strings.Contains(err.Error(), "unsupported scheme") {
				t.Errorf("%s: a scheme this SDK does not speak must be refused, got %v", v.Input, err)
			}
			continue
		}
		tcpOnly++
		if err != nil || config.Protocol.String() != v.Protocol {
			t.Errorf("%s: protocol %s (%v), want %s", v.Input, config.Protocol, err, v.Protocol)
		}
	}
	if tcpOnly == 0 {
		t.Fatal("no TCP vector was checked")
	}
	for _, v := range vectors.Invalid {
		_, err := ParseConnectionString(v.Input)
		var e *Error
		if !errors.As(err, &e) || uint32(e.Code) != v.ErrorCode || e.Code.String() != v.ErrorName ||
			e.Message != v.Message {
			t.Errorf("%s: got %v, want [%d %s] %s", v.Input, err, v.ErrorCode, v.ErrorName, v.Message)
		}
	}
	config := DefaultConfig()
	config.Protocol = 7
	if err := config.Validate(); !errors.Is(err, ErrorCodeInvalidConnectionString) {
		t.Errorf("an unknown typed protocol: %v", err)
	}
}
