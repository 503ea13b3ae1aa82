package iggy

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// specCount counts the `[[name]]` tables of a spec file, so the tests follow the spec instead of a number.
func specCount(t *testing.T, file, table string) int {
	t.Helper()
	text, err := os.ReadFile("../../protocol-spec/spec/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return len(regexp.MustCompile(`(?m)^\[\[`+table+`\]\]$`).FindAllIndex(text, -1))
}

// The generated tables must agree with each other: every listed command has a name, codes ascend, and
// only the three login-free commands skip authentication.
func TestCommandTablesAgree(t *testing.T) {
	if want := specCount(t, "commands.toml", "command"); len(AllCommands) != want || want == 0 {
		t.Fatalf("want %d commands, got %d", want, len(AllCommands))
	}
	for i, command := range AllCommands {
		if command.String() == "" {
			t.Errorf("command %d has no name", uint32(command))
		}
		if i > 0 && AllCommands[i-1] >= command {
			t.Errorf("commands not strictly ascending at %d", uint32(command))
		}
	}
	open := 0
	for _, command := range AllCommands {
		if !command.RequiresAuth() {
			open++
		}
	}
	text, _ := os.ReadFile("../../protocol-spec/spec/commands.toml")
	// The REST routes that run no command come after the commands and have an auth key of their own.
	if routes := bytes.Index(text, []byte("\n[[http_route]]")); routes >= 0 {
		text = text[:routes]
	}
	want := len(regexp.MustCompile(`(?m)^auth = false$`).FindAllIndex(text, -1))
	if open != want || CommandPing.RequiresAuth() || !CommandGetStreams.RequiresAuth() {
		t.Errorf("unexpected login-free commands (count %d)", open)
	}
}

func TestErrorCodesHaveNamesAndMessages(t *testing.T) {
	if ErrorCodeStreamIdNotFound.String() != "StreamIdNotFound" || ErrorCodeStreamIdNotFound != 1009 {
		t.Errorf("StreamIdNotFound mismatch: %d %q", uint32(ErrorCodeStreamIdNotFound), ErrorCodeStreamIdNotFound)
	}
	if want := specCount(t, "errors.toml", "error"); len(AllErrorCodes) != want || want == 0 {
		t.Errorf("want %d error codes, got %d", want, len(AllErrorCodes))
	}
	if ErrorCode(0).Message() != "" || ErrorCodeUnauthenticated.Message() == "" {
		t.Errorf("0 must have no message, 40 must have one")
	}
}

func TestSizesMatchFixedLayouts(t *testing.T) {
	if MessageHeaderSize != codec.MessageHeaderLength || IndexEntrySize != codec.IndexEntryLength ||
		PollResponsePrefixSize != 4+8+4 {
		t.Errorf("size constants do not match the layouts")
	}
	if MessageExpiryNever != ^uint64(0) || IdKindNumeric != 1 {
		t.Errorf("sentinel or enum mismatch")
	}
}
