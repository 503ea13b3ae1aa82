package iggy

import "testing"

// The generated tables must agree with each other: every listed command has a name, codes ascend, and
// only the three login-free commands skip authentication.
func TestCommandTablesAgree(t *testing.T) {
	if len(AllCommands) != 47 {
		t.Fatalf("want 47 commands, got %d", len(AllCommands))
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
	if open != 3 || CommandPing.RequiresAuth() || !CommandGetStreams.RequiresAuth() {
		t.Errorf("unexpected login-free commands (count %d)", open)
	}
}

func TestErrorCodesHaveNamesAndMessages(t *testing.T) {
	if ErrorCodeStreamIdNotFound.String() != "StreamIdNotFound" || ErrorCodeStreamIdNotFound != 1009 {
		t.Errorf("StreamIdNotFound mismatch: %d %q", uint32(ErrorCodeStreamIdNotFound), ErrorCodeStreamIdNotFound)
	}
	if len(AllErrorCodes) != 223 {
		t.Errorf("want 223 error codes, got %d", len(AllErrorCodes))
	}
	if ErrorCode(0).Message() != "" || ErrorCodeUnauthenticated.Message() == "" {
		t.Errorf("0 must have no message, 40 must have one")
	}
}

func TestSizesMatchFixedLayouts(t *testing.T) {
	if MessageHeaderSize != 8+16+8+8+8+4+4+8 || IndexEntrySize != 16 || PollResponsePrefixSize != 4+8+4 {
		t.Errorf("size constants do not match the layouts")
	}
	if MessageExpiryNever != ^uint64(0) || IdKindNumeric != 1 {
		t.Errorf("sentinel or enum mismatch")
	}
}
