package iggy

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// The codec and the public API name protocol versions with the same numbers.
func TestProtocolVersionNumbersAgree(t *testing.T) {
	if codec.Version(ProtocolV0_8) != codec.Version0_8 || codec.Version(ProtocolV0_9) != codec.Version0_9 ||
		DefaultConfig().Protocol != ProtocolV0_9 {
		t.Fatal("ProtocolVersion and codec.Version disagree, or 0.9 is not the default")
	}
}

// Register is request 0 with session 0 and a checksum; replicated operations take 1, 2, ... under the bound
// session; NonReplicated requests carry the current number without taking it and no checksum; partition writes
// carry no checksum. Logout ends the identity: the next login registers under a new client id.
func TestSessionNumbering(t *testing.T) {
	script := newScript09(t, serveSession)
	c := script.client(true, "")
	ctx := testContext(t)
	check(t, c.Ping(ctx))
	must(c.CreateStream(ctx, "s"))(t)
	must(c.GetStreams(ctx))(t)
	check(t, c.DeleteStream(ctx, Named("s")))
	must(c.SendMessages(ctx, ID(1), ID(1), PartitionID(0), []Message{NewMessage([]byte("x"))}))(t)
	check(t, c.StoreConsumerOffset(ctx, ConsumerID(ID(1)), ID(1), ID(1), nil, 0))
	check(t, c.LogoutUser(ctx))
	must(c.LoginUser(ctx, "iggy", "iggy"))(t)
	check(t, c.Ping(ctx))

	type want struct {
		operation Operation
		request   uint64
		session   uint64
		stamped   bool
	}
	wants := []want{
		{OperationRegister, 0, 0, true},
		{OperationNonReplicated, 1, 7, false}, // Ping
		{Operation(CommandCreateStream.Operation()), 1, 7, true},
		{OperationNonReplicated, 2, 7, false}, // GetStreams: the current number, not taken
		{Operation(CommandDeleteStream.Operation()), 2, 7, true},
		{Operation(CommandSendMessages.Operation()), 3, 7, false},
		{Operation(CommandStoreConsumerOffset.Operation()), 4, 7, false},
		{OperationLogout, 5, 7, true},
		{OperationRegister, 0, 0, true},
		{OperationNonReplicated, 1, 7, false},
	}
	seen := script.requests()
	if len(seen) != len(wants) {
		t.Fatalf("%d requests, want %d", len(seen), len(wants))
	}
	first := seen[0].request.header.Client
	for i, w := range wants {
		h := seen[i].request.header
		if Operation(h.Operation) != w.operation || h.Request != w.request || h.Session != w.session {
			t.Errorf("request %d: operation %d request %d session %d, want %+v", i, h.Operation, h.Request,
				h.Session, w)
		}
		checksum := codec.U128{}
		if w.stamped {
			checksum = codec.U128{Lo: codec.XXH3(seen[i].request.body)}
		}
		if h.RequestChecksum != checksum {
			t.Errorf("request %d: request_checksum %v, want %v", i, h.RequestChecksum, checksum)
		}
		if h.Client == (codec.U128{}) || (i < 8) != (h.Client == first) {
			t.Errorf("request %d: client id %v (the first identity was %v)", i, h.Client, first)
		}
		if (Operation(h.Operation) == OperationNonReplicated) != (h.Code != 0) {
			t.Errorf("request %d: code %d with operation %d", i, h.Code, h.Operation)
		}
	}
}

// 57 TransientNotCommitted: the identical frame is sent again on the same connection until it is answered.
func TestTransientAnswerResendsTheSameFrame(t *testing.T) {
	var creates atomic.Int32
	script := newScript09(t, func(conn int, request request09) []byte {
		if request.command() == CommandCreateStream && creates.Add(1) < 3 {
			return replyFrame(request, 0, resultRejection(ErrorCodeTransientNotCommitted))
		}
		return serveSession(conn, request)
	})
	c := script.client(true, "")
	started := time.Now()
	must(c.CreateStream(testContext(t), "s"))(t)
	if elapsed := time.Since(started); elapsed < 2*transientRetry {
		t.Errorf("two transient answers were retried within %s", elapsed)
	}
	var frames [][]byte
	for _, seen := range script.requests() {
		if seen.request.command() == CommandCreateStream {
			if seen.conn != 0 {
				t.Errorf("a resend went over connection %d", seen.conn)
			}
			frames = append(frames, seen.request.frame)
		}
	}
	if len(frames) != 3 || string(frames[0]) != string(frames[1]) || string(frames[1]) != string(frames[2]) {
		t.Fatalf("%d CreateStream frames, all the same: want 3", len(frames))
	}
}

// An eviction is a typed error carrying its reason; a wrong password reads as ErrInvalidCredentials.
func TestEvictionsAreTypedErrors(t *testing.T) {
	script := newScript09(t, func(conn int, request request09) []byte {
		if Operation(request.header.Operation) == OperationRegister {
			return evictionFrame(request, EvictionReasonInvalidCredentials)
		}
		return serveSession(conn, request)
	})
	config := DefaultConfig()
	config.Address, config.HeartbeatInterval = script.listener.Addr().String(), 0
	config.Username, config.Password = "iggy", "wrong"
	c := must(NewClient(config))(t)
	defer c.Close()
	err := c.Connect(testContext(t))
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrInvalidCredentials) || !errors.Is(err, ErrEvicted) ||
		e.Code != ErrorCodeInvalidCredentials {
		t.Fatalf("a wrong password: %v", err)
	}
	if reason, evicted := e.Evicted(); !evicted || reason != EvictionReasonInvalidCredentials {
		t.Fatalf("reason %v %v", reason, evicted)
	}
	if requests := script.requests(); len(requests) != 1 {
		t.Fatalf("a refused login was tried %d times", len(requests))
	}
}

// After a NoSession eviction a read connects again, registers a new identity and is answered; a write is not
// sent again: its error is the eviction.
func TestSessionEvictionReconnects(t *testing.T) {
	var evict atomic.Bool
	script := newScript09(t, func(conn int, request request09) []byte {
		if evict.Load() && Operation(request.header.Operation) != OperationRegister {
			evict.Store(false)
			return evictionFrame(request, EvictionReasonNoSession)
		}
		return serveSession(conn, request)
	})
	c := script.client(true, "")
	ctx := testContext(t)
	evict.Store(true)
	must(c.GetStreams(ctx))(t)
	evict.Store(true)
	_, err := c.CreateStream(ctx, "s")
	if reason, ok := asEviction(err); !ok || reason != EvictionReasonNoSession || !errors.Is(err, ErrUnauthenticated) {
		t.Fatalf("an evicted CreateStream: %v", err)
	}
	must(c.CreateStream(ctx, "s"))(t)
	var logins []seenRequest
	creates := 0
	for _, seen := range script.requests() {
		if Operation(seen.request.header.Operation) == OperationRegister {
			logins = append(logins, seen)
		}
		if seen.request.command() == CommandCreateStream {
			creates++
		}
	}
	if len(logins) != 3 || logins[0].request.header.Client == logins[1].request.header.Client ||
		logins[1].request.header.Client == logins[2].request.header.Client || creates != 2 {
		t.Fatalf("%d logins (connections %d, %d, %d), %d creates: want 3 logins under new ids, 2 creates",
			len(logins), logins[0].conn, logins[1].conn, logins[len(logins)-1].conn, creates)
	}
}

func asEviction(err error) (EvictionReason, bool) {
	var e *Error
	if !errors.As(err, &e) {
		return 0, false
	}
	return e.Evicted()
}

// A replicated request whose connection broke after it was written is never sent again under a new identity:
// it fails with ErrOutcomeUnknown; a read is replayed on a new connection.
func TestUnknownOutcomeIsNeverResent(t *testing.T) {
	var drop atomic.Bool
	script := newScript09(t, func(conn int, request request09) []byte {
		if drop.Load() && Operation(request.header.Operation) != OperationRegister {
			drop.Store(false)
			return nil // close the connection without answering
		}
		return serveSession(conn, request)
	})
	c := script.client(true, "&reconnection_retries=3")
	ctx := testContext(t)
	drop.Store(true)
	_, err := c.CreateStream(ctx, "s")
	if !errors.Is(err, ErrOutcomeUnknown) || !strings.Contains(err.Error(), "under a new session") {
		t.Fatalf("a CreateStream lost in flight: %v", err)
	}
	drop.Store(true)
	must(c.GetStreams(ctx))(t)
	creates, reads := 0, 0
	for _, seen := range script.requests() {
		switch seen.request.command() {
		case CommandCreateStream:
			creates++
		case CommandGetStreams:
			reads++
		}
	}
	if creates != 1 || reads != 2 {
		t.Fatalf("CreateStream sent %d times (want 1), GetStreams %d (want 2: replayed once)", creates, reads)
	}
}

// The `mismatch` vectors of connection_strings.json: what a client says when the server speaks the other
// protocol, word for word.
func TestProtocolMismatchMessages(t *testing.T) {
	vectors := loadProtocolVectors(t)
	if len(vectors.Mismatch) != 4 {
		t.Fatalf("%d mismatch vectors", len(vectors.Mismatch))
	}
	for _, v := range vectors.Mismatch {
		t.Run(v.Client+"-"+v.ErrorName, func(t *testing.T) {
			protocol := must(ParseProtocol(v.Client))(t)
			serve := func(conn net.Conn) { _, _ = conn.Read(make([]byte, 8)) } // closes after the first bytes
			switch {
			case v.ErrorCode == uint32(ErrorCodeIncompatibleProtocolVersion) && protocol == ProtocolV0_9:
				serve = func(conn net.Conn) { // an Iggy 0.8 server: an 8-byte error frame for the bad request
					_, _ = conn.Read(make([]byte, 8))
					frame := binary.LittleEndian.AppendUint32(nil, v.Status)
					_, _ = conn.Write(binary.LittleEndian.AppendUint32(frame, 0))
					silent(conn)
				}
			case v.ErrorCode == uint32(ErrorCodeIncompatibleProtocolVersion):
				serve = func(conn net.Conn) { // an Iggy 0.9 server: a 256-byte reply (its checksum is zero)
					_, _ = conn.Read(make([]byte, 8))
					_, _ = conn.Write(replyFrame(request09{}, 0, nil))
					silent(conn)
				}
			}
			err := connectOnce(t, protocol, serve)
			var e *Error
			if !errors.As(err, &e) || uint32(e.Code) != v.ErrorCode || e.Code.String() != v.ErrorName ||
				e.Message != v.Message {
				t.Fatalf("got %v\nwant [%d %s] %s", err, v.ErrorCode, v.ErrorName, v.Message)
			}
			if mismatched := e.Code == ErrorCodeIncompatibleProtocolVersion; mismatched !=
				errors.Is(err, ErrProtocolMismatch) || (mismatched && e.ServerProtocol() == protocol) {
				t.Fatalf("ErrProtocolMismatch / ServerProtocol %v disagree with %v", e.ServerProtocol(), err)
			}
		})
	}
}

// connectOnce logs a client of protocol in at a peer served by serve, with no reconnection, and answers the error.
func connectOnce(t *testing.T, protocol ProtocolVersion, serve func(net.Conn)) error {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	go func() {
		conn, err := listener.Accept()
		if err == nil {
			serve(conn)
			_ = conn.Close()
		}
	}()
	config := DefaultConfig()
	config.Address, config.Protocol, config.HeartbeatInterval = listener.Addr().String(), protocol, 0
	config.Username, config.Password, config.ReconnectionRetries = "iggy", "iggy", 0
	config.RequestTimeout = 10 * time.Second
	c := must(NewClient(config))(t)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return c.Connect(ctx)
}

// A command the protocol lacks is refused before anything is sent, naming the protocol it needs.
func TestCommandsOfTheOtherProtocolAreRefused(t *testing.T) {
	c := fakePeer(t, ProtocolV0_8, 0, answerOK(ProtocolV0_8, func(Command) {}))
	_, err := c.DescribeOptions(testContext(t), OptionScopeTopic)
	if !errors.Is(err, ErrorCodeFeatureUnavailable) || !strings.Contains(err.Error(), "needs protocol=0.9") {
		t.Fatalf("DescribeOptions over 0.8: %v", err)
	}
	if _, err := c.CreateStream(testContext(t), "s", OptionOf("k", StringHeader("v"))); !errors.Is(err,
		ErrorCodeFeatureUnavailable) {
		t.Fatalf("stream options over 0.8: %v", err)
	}
}
