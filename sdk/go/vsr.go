package iggy

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// The Iggy 0.9 session layer (shared/reference/iggy-wire-0.9.md §1-§3), the same rules as sdk/python's vsr.py.
//
// A 0.9 request is a 256-byte request header and its body; the answer a 256-byte reply header and its body, or a
// header-only eviction that ends the session. A vsrSession holds what a connection's requests carry:
//   - the client id, a random UUIDv4 (never 0), kept while one identity lasts and replaced on every re-login,
//     logout and connection (a new connection makes a new vsrSession), as the official 0.9 clients replace it;
//   - the session number the server gave at Register (0 before), echoed on every later request;
//   - request numbering: Register is 0; every replicated operation (metadata, Logout, DeleteSegments and the
//     partition writes) takes the next number of one sequence starting at 1; a NonReplicated request carries the
//     current number without taking it.
//
// request_checksum is XXH3-64 of the body for Register, Logout, metadata operations and DeleteSegments, 0 for the
// partition plane and NonReplicated requests. Layouts, operations and planes are the generated ones.

// sdkName is what this SDK calls itself in a 0.9 login (the official clients send "rust-sdk").
const sdkName = "iggy-sdk-go"

type vsrSession struct {
	client       codec.U128
	session      uint64
	nextRequest  uint64
	userID       uint32
	identityUsed bool // a Register went out under this client id
}

func newVsrSession() *vsrSession {
	s := &vsrSession{}
	s.renew()
	return s
}

// renew starts a new identity: a fresh client id, no session, numbering from 1.
func (s *vsrSession) renew() {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never returns an error (it panics instead)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	s.client = codec.U128{Lo: binary.LittleEndian.Uint64(b[:]), Hi: binary.LittleEndian.Uint64(b[8:])}
	s.session, s.nextRequest, s.userID, s.identityUsed = 0, 1, 0, false
}

// unstampedPlanes carry request_checksum 0 (the official SDK stamps the others).
func stamped(operation Operation) bool {
	plane := operation.Plane()
	return plane != "partition" && plane != "non_replicated"
}

// stamp writes the request header of code into frame[:VsrHeaderSize] (the body follows it) and answers the
// operation and request number it carries. A replicated operation takes its number here, once: a frame sent again
// after a transient answer is the same bytes.
func (s *vsrSession) stamp(frame []byte, code Command) (Operation, uint64) {
	operation := code.Operation()
	var request, session uint64
	switch operation {
	case OperationNonReplicated:
		request, session = s.nextRequest, s.session
	case OperationRegister:
		if s.identityUsed {
			s.renew() // a re-login (or a retry after a refused one) is a new identity
		}
		s.identityUsed = true
	default:
		request, session = s.nextRequest, s.session
		s.nextRequest++
	}
	header := frame[:codec.VsrHeaderSize]
	clear(header)
	le := binary.LittleEndian
	le.PutUint32(header[codec.RequestHeaderSizeOffset:], uint32(len(frame)))
	header[codec.RequestHeaderCommandOffset] = codec.HeaderCommandRequest
	le.PutUint64(header[codec.RequestHeaderClientOffset:], s.client.Lo)
	le.PutUint64(header[codec.RequestHeaderClientOffset+8:], s.client.Hi)
	if stamped(operation) {
		le.PutUint64(header[codec.RequestHeaderRequestChecksumOffset:], codec.XXH3(frame[codec.VsrHeaderSize:]))
	}
	le.PutUint64(header[codec.RequestHeaderRequestOffset:], request)
	header[codec.RequestHeaderOperationOffset] = uint8(operation)
	le.PutUint64(header[codec.RequestHeaderSessionOffset:], session)
	if operation == OperationNonReplicated {
		le.PutUint32(header[codec.RequestHeaderCodeOffset:], uint32(code))
	}
	return operation, request
}

// onReply keeps the bookkeeping of an OK answer: Register binds the session, Logout ends the identity.
func (s *vsrSession) onReply(operation Operation, body []byte) error {
	switch operation {
	case OperationRegister:
		var login codec.LoginRegisterResponse
		if err := codec.DecodePrefixAt(body, &login, codec.Version0_9); err != nil {
			return newError(ErrorCodeInvalidBytesResponse, "cannot decode the login answer: "+err.Error(), err)
		}
		if login.Session == 0 {
			return newError(ErrorCodeInvalidSession, "the server bound session 0", nil)
		}
		s.session, s.userID, s.nextRequest = login.Session, login.UserID, 1
	case OperationLogout:
		s.renew()
	}
	return nil
}

// onEviction: the server ended the session; what this identity sends next is bound to nothing.
func (s *vsrSession) onEviction() { s.session, s.userID = 0, 0 }

// transientError is a 57 TransientNotCommitted / 58 TransientNotAccepted answer: the official clients send the
// identical frame again on the same connection (same client, session and request number, so it is never applied
// twice).
type transientError struct{ code ErrorCode }

func (t *transientError) Error() string { return "transient answer " + t.code.String() }

func isTransient(code ErrorCode) bool {
	return code == ErrorCodeTransientNotCommitted || code == ErrorCodeTransientNotAccepted
}

// semver reads a packed protocol version (major<<20 | minor<<10 | patch).
func semver(packed uint32) string {
	return fmt.Sprintf("%d.%d.%d", packed>>20, (packed>>10)&0x3ff, packed&0x3ff)
}

// evictionError is the error an eviction header reports.
func evictionError(header []byte) *Error {
	le := binary.LittleEndian
	reason := EvictionReason(header[codec.EvictionHeaderReasonOffset])
	code := reason.ErrorCode()
	name := reason.String()
	if name == "" {
		name = fmt.Sprintf("reason %d", uint8(reason))
	}
	message := fmt.Sprintf("evicted by the server (%s): %s", name, code.Message())
	if reason == EvictionReasonIncompatibleProtocol {
		newest := le.Uint32(header[codec.EvictionHeaderServerProtocolVersionOffset:])
		oldest := le.Uint32(header[codec.EvictionHeaderServerProtocolVersionMinOffset:])
		message += fmt.Sprintf("; the server accepts protocol %s to %s, this client sends %s", semver(oldest),
			semver(newest), semver(ProtocolVersion09))
	}
	e := newError(code, message, nil)
	e.evicted, e.reason = true, reason
	return e
}

// replyBody answers the OK body of a 0.9 reply (its result section taken off) and the operation it echoes, or the
// error it carries: an eviction, a status, a rejection in the result section, or a *transientError.
func replyBody(header, body []byte) (Operation, []byte, error) {
	switch command := header[codec.ReplyHeaderCommandOffset]; command {
	case codec.HeaderCommandReply:
	case codec.HeaderCommandEviction:
		return 0, nil, evictionError(header)
	default:
		return 0, nil, fmt.Errorf("the server sent a 0.9 frame with command %d, not a reply", command)
	}
	operation := Operation(header[codec.ReplyHeaderOperationOffset])
	status := ErrorCode(binary.LittleEndian.Uint32(header[codec.ReplyHeaderStatusOffset:]))
	if status != ErrorCode(StatusOk) {
		if isTransient(status) {
			return operation, nil, &transientError{status}
		}
		return operation, nil, newError(status, "", nil)
	}
	if !operation.ResultFramed() || (operation == OperationRegister && len(body) == 0) {
		return operation, body, nil
	}
	if len(body) < 4 {
		return operation, nil, newError(ErrorCodeInvalidCommand, "a result-framed reply without its result section",
			nil)
	}
	count := binary.LittleEndian.Uint32(body)
	if count == 0 {
		return operation, body[4:], nil
	}
	if uint64(len(body)) < 4+8*uint64(count) {
		return operation, nil, newError(ErrorCodeInvalidCommand, fmt.Sprintf("the result section claims %d entries",
			count), nil)
	}
	code := ErrorCode(binary.LittleEndian.Uint32(body[4+codec.ResultEntryResultOffset:]))
	if isTransient(code) {
		return operation, nil, &transientError{code}
	}
	return operation, nil, newError(code, "", nil)
}
