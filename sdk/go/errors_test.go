package iggy

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorsMatchCodesAndKinds(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", newError(ErrorCodeStreamIdNotFound, "", nil))
	if !errors.Is(err, ErrorCodeStreamIdNotFound) || !errors.Is(err, ErrNotFound) || errors.Is(err, ErrAlreadyExists) {
		t.Errorf("code/kind matching broken for %v", err)
	}
	e, ok := AsError(err)
	if !ok || e.Name != "STREAM_ID_NOT_FOUND" || e.Message != ErrorCodeStreamIdNotFound.Message() {
		t.Errorf("error fields: %+v", e)
	}
	for code, kind := range map[ErrorCode]error{ErrorCodeTopicNameAlreadyExists: ErrAlreadyExists,
		ErrorCodeUnauthenticated: ErrUnauthenticated, ErrorCodeUnauthorized: ErrUnauthorized,
		ErrorCodeInvalidCredentials: ErrInvalidCredentials, ErrorCodeConnectionClosed: ErrConnectionLost,
		ErrorCodeTaskTimeout: ErrTimeout} {
		if !errors.Is(newError(code, "", nil), kind) {
			t.Errorf("%s is not %v", code, kind)
		}
	}
	if errorName(ErrorCode(0xFFFFFFF0)) != "UNKNOWN_4294967280" || errorName(ErrorCodeInvalidUtf8) != "INVALID_UTF8" {
		t.Errorf("names: %s %s", errorName(ErrorCode(0xFFFFFFF0)), errorName(ErrorCodeInvalidUtf8))
	}
}
