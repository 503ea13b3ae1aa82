package iggy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// Error is every failure the client reports: the Iggy code (a server answer, or the matching code for a
// client-side failure such as ErrorCodeConnectionClosed), its name (UPPER_SNAKE, as the other SDKs spell it)
// and a message. errors.Is matches it against a generated ErrorCode constant, against its kind (the generated
// ErrorKind sentinels from protocol-spec/spec/errors.toml: ErrNotFound, ErrAlreadyExists, ErrUnavailable, ...) and
// against the condition sentinels below (ErrOutcomeUnknown, ErrEvicted, ...); errors.Unwrap gives the I/O or context
// cause, if any.
//
// Over TCP the server answers only the code, so the spec's text of a code has a "…" per runtime value ("Stream with
// name: … already exists."). The client writes the objects of the failing request there ("Stream with name: orders
// already exists."), and "<param>" (e.g. "<partition>") where the request has no value for one.
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

// Kind answers what a caller branches on: the spec's kind of the code.
func (e *Error) Kind() ErrorKind { return e.Code.Kind() }

// Is matches a generated ErrorCode, an ErrorKind (ErrNotFound, ...), a condition sentinel, or another *Error with
// the same code.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case ErrorCode:
		return e.Code == t
	case ErrorKind:
		return e.Code.Kind() == t
	case *Error:
		return e.Code == t.Code
	case *condition:
		return t.matches(e)
	}
	return false
}

// Error makes every generated ErrorCode a sentinel: errors.Is(err, iggy.ErrorCodeStreamIdNotFound).
func (c ErrorCode) Error() string {
	return fmt.Sprintf("[%d %s] %s", uint32(c), errorName(c), c.Message())
}

// condition is a sentinel for a state an *Error is in beyond its code's kind.
type condition struct {
	name    string
	matches func(*Error) bool
}

func (c *condition) Error() string { return c.name }

// Condition sentinels. The kind sentinels (ErrNotFound, ErrAlreadyExists, ErrUnauthenticated, ErrUnauthorized,
// ErrInvalidCredentials, ErrUnavailable, ErrTransient, ...) are generated from the spec's kinds (codes.go).
var (
	// ErrConnectionLost: no usable connection (it cannot be established, was closed or broke), including a
	// request whose outcome is unknown (ErrOutcomeUnknown). The spec's kind for it is unavailable: this is
	// ErrUnavailable under the name this SDK published first.
	ErrConnectionLost = ErrUnavailable
	// ErrOutcomeUnknown: the connection broke after a request with side effects was sent, so whether the
	// server applied it is unknown; the client never re-sends it on its own.
	ErrOutcomeUnknown error = &condition{"outcome unknown", func(e *Error) bool { return e.outcomeUnknown() }}
	// ErrTimeout: no answer within the request timeout or the context's deadline (code 12001 TaskTimeout).
	ErrTimeout error = &condition{"timeout", func(e *Error) bool { return e.Code == ErrorCodeTaskTimeout }}
	// ErrEvicted: an Iggy 0.9 server ended the session with an eviction frame (Error.Evicted gives the reason).
	ErrEvicted error = &condition{"evicted", func(e *Error) bool { return e.evicted }}
	// ErrProtocolMismatch: the server speaks the other Iggy protocol; the message says which option to set.
	ErrProtocolMismatch error = &condition{"protocol mismatch", func(e *Error) bool { return e.serverProtocol != 0 }}
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

// newError builds an *Error for code; an empty message takes the server's text from the spec ("<param>" for each
// runtime value).
func newError(code ErrorCode, message string, cause error) *Error {
	if message == "" {
		message = ErrorMessage(code, nil)
	}
	if message == "" && cause != nil {
		message = cause.Error()
	}
	return &Error{Code: code, Name: errorName(code), Message: message, cause: cause}
}

// ErrorMessage answers the spec's text of code with each "…" replaced by the value of the param it stands for
// (values, keyed by the spec's params: stream, topic, name, ...), or by "<param>" where values has none.
func ErrorMessage(code ErrorCode, values map[string]string) string {
	return errorText(code, func(param string) (string, bool) {
		value, ok := values[param]
		return value, ok
	})
}

func errorText(code ErrorCode, value func(param string) (string, bool)) string {
	parts := strings.Split(code.Message(), placeholder)
	var b strings.Builder
	b.WriteString(parts[0])
	for i, param := range code.Params() {
		if i+1 >= len(parts) {
			break
		}
		if text, ok := value(param); ok {
			b.WriteString(text)
		} else {
			b.WriteString("<" + param + ">")
		}
		b.WriteString(parts[i+1])
	}
	return b.String()
}

// placeholder stands for a runtime value in the spec's texts.
const placeholder = "…"

// nameRequestObjects writes the objects of the failing request into err's text where it is still the spec's text
// with "<param>" placeholders (an answer over TCP carries only the code); which request field names which param
// comes from the spec (commands.toml error_param).
func nameRequestObjects(err error, request codec.Request) {
	named, ok := request.(codec.ErrorParamer)
	e, isError := AsError(err)
	if !ok || !isError || len(e.Code.Params()) == 0 {
		return
	}
	if bare := ErrorMessage(e.Code, nil); strings.Contains(e.Message, bare) {
		e.Message = strings.Replace(e.Message, bare, errorText(e.Code, named.ErrorParam), 1)
	}
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
