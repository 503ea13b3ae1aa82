package iggy

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

func TestErrorsMatchCodesAndKinds(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", newError(ErrorCodeStreamIdNotFound, "", nil))
	if !errors.Is(err, ErrorCodeStreamIdNotFound) || !errors.Is(err, ErrNotFound) || errors.Is(err, ErrAlreadyExists) {
		t.Errorf("code/kind matching broken for %v", err)
	}
	e, ok := AsError(err)
	if !ok || e.Name != "STREAM_ID_NOT_FOUND" || e.Message != "Stream with ID: <stream> was not found." ||
		e.Kind() != ErrorKindNotFound {
		t.Errorf("error fields: %+v", e)
	}
	for code, kind := range map[ErrorCode]error{ErrorCodeTopicNameAlreadyExists: ErrAlreadyExists,
		ErrorCodeUnauthenticated: ErrUnauthenticated, ErrorCodeUnauthorized: ErrUnauthorized,
		ErrorCodeInvalidCredentials: ErrInvalidCredentials, ErrorCodeConnectionClosed: ErrConnectionLost,
		ErrorCodeTaskTimeout: ErrTimeout, ErrorCodeInvalidPersonalAccessToken: ErrInvalidCredentials,
		ErrorCodeTransientNotCommitted: ErrTransient, ErrorCodeStaleClient: ErrSession,
		ErrorCodeCannotEstablishConnection: ErrUnavailable} {
		if !errors.Is(newError(code, "", nil), kind) {
			t.Errorf("%s is not %v", code, kind)
		}
	}
	if errorName(ErrorCode(0xFFFFFFF0)) != "UNKNOWN_4294967280" || errorName(ErrorCodeInvalidUtf8) != "INVALID_UTF8" {
		t.Errorf("names: %s %s", errorName(ErrorCode(0xFFFFFFF0)), errorName(ErrorCodeInvalidUtf8))
	}
}

// Every code has one of the spec's kinds; kinds are what ErrNotFound & co. test, not the codes' names.
func TestEveryCodeHasAKindAndEveryKindASentinel(t *testing.T) {
	for _, code := range AllErrorCodes {
		if kind := code.Kind(); kind == ErrorKindUnknown || kind.String() == "" {
			t.Errorf("%s has kind %d", code, kind)
		}
		if strings.Count(code.Message(), "…") != len(code.Params()) {
			t.Errorf("%s: params %v for %q", code, code.Params(), code.Message())
		}
	}
	if ErrorCode(987654).Kind() != ErrorKindUnknown || !errors.Is(newError(987654, "newer", nil), ErrUnknown) {
		t.Error("a code the spec does not list is of the unknown kind")
	}
	if errors.Is(newError(ErrorCodeStateFileNotFound, "", nil), ErrNotFound) {
		t.Error("a server's missing state file is internal, not a lookup miss")
	}
	for _, kind := range AllErrorKinds {
		if !errors.Is(&Error{Code: firstCodeOf(kind)}, kind) && kind != ErrorKindUnknown {
			t.Errorf("kind %s matches none of its codes", kind)
		}
	}
}

func firstCodeOf(kind ErrorKind) ErrorCode {
	for _, code := range AllErrorCodes {
		if code.Kind() == kind {
			return code
		}
	}
	return 0
}

func TestErrorMessageNamesItsParams(t *testing.T) {
	if got := ErrorMessage(ErrorCodeTopicNameAlreadyExists, map[string]string{"name": "events", "stream": "3"}); got !=
		"Topic with name: events for stream with ID: 3 already exists." {
		t.Errorf("filled: %q", got)
	}
	if got := ErrorMessage(ErrorCodeInvalidIpAddress, map[string]string{"port": "80"}); got !=
		"Invalid IP address: <address>:80" {
		t.Errorf("partly filled: %q", got)
	}
	for _, code := range AllErrorCodes {
		if strings.Contains(newError(code, "", nil).Message, "…") {
			t.Errorf("%s: a bare placeholder in %q", code, newError(code, "", nil).Message)
		}
	}
}

// The request's objects fill the text; what it does not name stays readable; a text that is not the spec's stays.
func TestNameRequestObjects(t *testing.T) {
	err := error(newError(ErrorCodePartitionNotFound, "", nil))
	nameRequestObjects(err, &codec.PollMessagesRequest{Consumer: ConsumerGroupID(Named("workers")),
		StreamID: ID(1), TopicID: Named("t")})
	if want := "Partition with ID: <partition> for topic with ID: t for stream with ID: 1 was not found."; err.(*Error).
		Message != want {
		t.Errorf("poll: %q", err.(*Error).Message)
	}
	missing := newError(ErrorCodeResourceNotFound, "", nil)
	nameRequestObjects(missing, &codec.DeleteUserRequest{UserID: Named("bob")})
	if missing.Message != "Resource with key: bob was not found." {
		t.Errorf("the key falls back to the user: %q", missing.Message)
	}
	sent := newError(ErrorCodePartitionNotFound, "", nil)
	nameRequestObjects(sent, &sendRequest{stream: Named("orders"), topic: ID(2), partitioning: PartitionID(7)})
	if sent.Message != "Partition with ID: 7 for topic with ID: 2 for stream with ID: orders was not found." {
		t.Errorf("send: %q", sent.Message)
	}
	custom := newError(ErrorCodeStreamNameAlreadyExists, "Stream with name: x already exists.", nil)
	nameRequestObjects(custom, &codec.CreateStreamRequest{Name: "other"})
	if custom.Message != "Stream with name: x already exists." {
		t.Errorf("a server's own text was rewritten: %q", custom.Message)
	}
}
