package iggy

import (
	"errors"
	"fmt"
	"strings"
)

// Error is every failure the client reports: the Iggy code (a server answer, or the matching code for a
// client-side failure such as ErrorCodeConnectionClosed), its name (UPPER_SNAKE, as the other SDKs spell it)
// and a message. errors.Is matches it against a generated ErrorCode constant and against the kind sentinels
// below (ErrNotFound, ErrAlreadyExists, ...); errors.Unwrap gives the I/O or context cause, if any.
//
// An Iggy 0.9 server ends a session with an eviction frame: the Error then carries the code a client reports for
// its reason (42 for EvictionReasonInvalidCredentials, ...) and Evicted answers the reason (ErrEvicted matches).
// When the server's answer shows it speaks the other protocol, the code is 14003 IncompatibleProtocolVersion
// (ErrProtocolMismatch matches), the message names the option to set and ServerProtocol answers the version.
type Error struct {
	Code    ErrorCode
	Name    string
	Message string
	cause   error

	evicted        bool
	reason         EvictionReason
	serverProtocol ProtocolVersion
}

// Evicted answers the reason of an eviction and true when the server ended the session with one.
func (e *Error) Evicted() (EvictionReason, bool) { return e.reason, e.evicted }

// ServerProtocol answers the protocol the server's answer showed when it was not the client's (0: unknown).
func (e *Error) ServerProtocol() ProtocolVersion { return e.serverProtocol }

func (e *Error) Error() string { return fmt.Sprintf("[%d %s] %s", uint32(e.Code), e.Name, e.Message) }

// Unwrap answers the underlying I/O or context error, if any.
func (e *Error) Unwrap() error { return e.cause }

// Is matches a generated ErrorCode, a kind sentinel, or another *Error with the same code.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case ErrorCode:
		return e.Code == t
	case *Error:
		return e.Code == t.Code
	case *kind:
		return t.matches(e)
	}
	return false
}

// Error makes every generated ErrorCode a sentinel: errors.Is(err, iggy.ErrorCodeStreamIdNotFound).
func (c ErrorCode) Error() string {
	return fmt.Sprintf("[%d %s] %s", uint32(c), errorName(c), c.Message())
}

// kind is a category sentinel; it matches an *Error by code.
type kind struct {
	name    string
	matches func(*Error) bool
}

func (k *kind) Error() string { return k.name }

func anyOf(codes ...ErrorCode) func(*Error) bool {
	return func(e *Error) bool {
		for _, code := range codes {
			if e.Code == code {
				return true
			}
		}
		return false
	}
}

// Kind sentinels, the same categories as sdk/python's exception subclasses.
var (
	// ErrNotFound: something referenced does not exist (every code whose name ends in NotFound).
	ErrNotFound error = &kind{"not found", func(e *Error) bool { return strings.HasSuffix(e.Code.String(), "NotFound") }}
	// ErrAlreadyExists: a create collided with an existing name.
	ErrAlreadyExists error = &kind{"already exists", anyOf(ErrorCodeUserAlreadyExists,
		ErrorCodePersonalAccessTokenAlreadyExists, ErrorCodeStreamNameAlreadyExists,
		ErrorCodeTopicNameAlreadyExists, ErrorCodeConsumerGroupNameAlreadyExists)}
	// ErrUnauthenticated: the connection is not logged in (0.9: also a session the server no longer knows).
	ErrUnauthenticated error = &kind{"unauthenticated", anyOf(ErrorCodeUnauthenticated)}
	// ErrUnauthorized: the user lacks the permission.
	ErrUnauthorized error = &kind{"unauthorized", anyOf(ErrorCodeUnauthorized)}
	// ErrInvalidCredentials: wrong username, password or token, or an inactive user (0.9: the eviction for one).
	ErrInvalidCredentials error = &kind{"invalid credentials", func(e *Error) bool {
		return anyOf(ErrorCodeInvalidCredentials, ErrorCodeUserInactive, ErrorCodeInvalidPersonalAccessToken)(e) ||
			(e.evicted && e.reason == EvictionReasonUserInactive)
	}}
	// ErrConnectionLost: the connection dropped and could not be re-established, or a request's outcome is
	// unknown (ErrOutcomeUnknown is one of these).
	ErrConnectionLost error = &kind{"connection lost", anyOf(ErrorCodeConnectionClosed,
		ErrorCodeCannotEstablishConnection, ErrorCodeNotConnected)}
	// ErrOutcomeUnknown: the connection broke after a request with side effects was sent, so whether the
	// server applied it is unknown; the client never re-sends it on its own.
	ErrOutcomeUnknown error = &kind{"outcome unknown", func(e *Error) bool { return e.outcomeUnknown() }}
	// ErrTimeout: no answer within the request timeout or the context's deadline.
	ErrTimeout error = &kind{"timeout", anyOf(ErrorCodeTaskTimeout)}
	// ErrEvicted: an Iggy 0.9 server ended the session with an eviction frame (Error.Evicted gives the reason).
	ErrEvicted error = &kind{"evicted", func(e *Error) bool { return e.evicted }}
	// ErrProtocolMismatch: the server speaks the other Iggy protocol; the message says which option to set.
	ErrProtocolMismatch error = &kind{"protocol mismatch", func(e *Error) bool { return e.serverProtocol != 0 }}
)

const outcomeUnknownPrefix = "outcome unknown: "

func (e *Error) outcomeUnknown() bool {
	return strings.HasPrefix(e.Message, outcomeUnknownPrefix)
}

// errorName turns StreamIdNotFound into STREAM_ID_NOT_FOUND; unknown codes become UNKNOWN_<code>.
func errorName(code ErrorCode) string {
	camel := code.String()
	if camel == "" {
		return fmt.Sprintf("UNKNOWN_%d", uint32(code))
	}
	var b strings.Builder
	for i, r := range camel {
		upper := r >= 'A' && r <= 'Z'
		if i > 0 && upper {
			prev := rune(camel[i-1])
			nextLower := i+1 < len(camel) && camel[i+1] >= 'a' && camel[i+1] <= 'z'
			if (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9') || (prev >= 'A' && prev <= 'Z' && nextLower) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}

// newError builds an *Error for code; an empty message takes the server's text from the spec.
func newError(code ErrorCode, message string, cause error) *Error {
	if message == "" {
		message = code.Message()
	}
	if message == "" && cause != nil {
		message = cause.Error()
	}
	return &Error{Code: code, Name: errorName(code), Message: message, cause: cause}
}

// AsError answers the *Error inside err, if there is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsNotFound reports whether err is a not-found error (shorthand for errors.Is(err, ErrNotFound)).
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// IsAlreadyExists reports whether err is an already-exists error.
func IsAlreadyExists(err error) bool { return errors.Is(err, ErrAlreadyExists) }
