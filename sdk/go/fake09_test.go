package iggy

import (
	"encoding/binary"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// A scripted Iggy 0.9 peer for what a real server cannot be made to do on cue (transient answers, evictions,
// dropping a connection right after a request): it reads request frames with the generated header type and writes
// replies and evictions built the same way.

type request09 struct {
	header codec.RequestHeader
	body   []byte
	frame  []byte // the whole request as received
}

// command answers the command a request carries: its code for NonReplicated, else the operation's command.
func (r request09) command() Command {
	if Operation(r.header.Operation) == OperationNonReplicated {
		return Command(r.header.Code)
	}
	for _, command := range AllCommands {
		if command.Operation() == Operation(r.header.Operation) && Operation(r.header.Operation) != OperationRegister {
			return command
		}
	}
	return CommandLoginRegister // Register does not say which login shape it carries
}

func readRequest09(conn net.Conn) (request09, error) {
	head := make([]byte, codec.VsrHeaderSize)
	if _, err := io.ReadFull(conn, head); err != nil {
		return request09{}, err
	}
	var request request09
	if err := codec.DecodeAt(head, &request.header, codec.Version0_9); err != nil {
		return request09{}, err
	}
	request.body = make([]byte, int(request.header.Size)-codec.VsrHeaderSize)
	if _, err := io.ReadFull(conn, request.body); err != nil {
		return request09{}, err
	}
	request.frame = append(head, request.body...)
	return request, nil
}

// replyFrame answers a request with a status and a body, echoing what a reply echoes.
func replyFrame(request request09, status uint32, body []byte) []byte {
	reply := codec.ReplyHeader{Size: uint32(codec.VsrHeaderSize + len(body)), Command: codec.HeaderCommandReply,
		RequestChecksum: request.header.RequestChecksum, Client: request.header.Client, Op: request.header.Session,
		Commit: request.header.Session, Request: request.header.Request, Operation: request.header.Operation,
		Status: status}
	frame, err := codec.EncodeAt(&reply, codec.Version0_9)
	if err != nil {
		panic(err)
	}
	return append(frame, body...)
}

// resultRejection is a result-framed body refusing the request with code.
func resultRejection(code ErrorCode) []byte {
	body := binary.LittleEndian.AppendUint32(nil, 1)
	body = binary.LittleEndian.AppendUint32(body, 0)
	return binary.LittleEndian.AppendUint32(body, uint32(code))
}

func evictionFrame(request request09, reason EvictionReason) []byte {
	eviction := codec.EvictionHeader{Size: codec.VsrHeaderSize, Command: codec.HeaderCommandEviction,
		Client: request.header.Client, Reason: uint8(reason)}
	frame, err := codec.EncodeAt(&eviction, codec.Version0_9)
	if err != nil {
		panic(err)
	}
	return frame
}

// loginReply answers a Register with a session (result section OK, then the login answer).
func loginReply(request request09, userID uint32, session uint64) []byte {
	answer, err := codec.EncodeAt(&codec.LoginRegisterResponse{UserID: userID, Session: session,
		ServerProtocolVersion: ProtocolVersion09, ServerVersion: "fake"}, codec.Version0_9)
	if err != nil {
		panic(err)
	}
	return replyFrame(request, 0, append(make([]byte, 4), answer...))
}

// script09 is a 0.9 peer accepting any number of connections; handle answers each request with the bytes to
// write, or nil to close that connection. Every request is recorded with its connection's number.
type script09 struct {
	t        *testing.T
	listener net.Listener
	mu       sync.Mutex
	seen     []seenRequest
}

type seenRequest struct {
	conn    int
	request request09
}

func newScript09(t *testing.T, handle func(conn int, request request09) []byte) *script09 {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &script09{t: t, listener: listener}
	t.Cleanup(func() { _ = listener.Close() })
	go func() {
		for number := 0; ; number++ {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			go func(number int, conn net.Conn) {
				defer conn.Close()
				for {
					request, err := readRequest09(conn)
					if err != nil {
						return
					}
					s.mu.Lock()
					s.seen = append(s.seen, seenRequest{number, request})
					s.mu.Unlock()
					answer := handle(number, request)
					if answer == nil {
						return
					}
					if _, err := conn.Write(answer); err != nil {
						return
					}
				}
			}(number, conn)
		}
	}()
	return s
}

func (s *script09) requests() []seenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seenRequest(nil), s.seen...)
}

// client connects a 0.9 client to the script, logged in as iggy/iggy unless login is false.
func (s *script09) client(login bool, options string) *Client {
	s.t.Helper()
	config, err := ParseConnectionString("iggy://" + s.listener.Addr().String() + "?heartbeat_interval=0" + options)
	if err != nil {
		s.t.Fatal(err)
	}
	if login {
		config.Username, config.Password = "iggy", "iggy"
	}
	config.ReconnectionInterval = 10 * time.Millisecond
	client, err := NewClient(config)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { _ = client.Close() })
	if err := client.Connect(testContext(s.t)); err != nil {
		s.t.Fatal(err)
	}
	return client
}

// serveSession is a handler for a well-behaved single node: Register binds session 7 (+ the connection number),
// CreateStream answers a stream, other result-framed operations answer OK, everything else an empty OK.
func serveSession(conn int, request request09) []byte {
	switch Operation(request.header.Operation) {
	case OperationRegister:
		return loginReply(request, 1, uint64(7+conn))
	case OperationNonReplicated, OperationLogout:
		return replyFrame(request, 0, nil)
	}
	if request.command() == CommandCreateStream {
		stream, err := codec.EncodeAt(&StreamHeader{ID: 1, Name: "s"}, codec.Version0_9)
		if err != nil {
			panic(err)
		}
		return replyFrame(request, 0, append(make([]byte, 4), stream...))
	}
	return replyFrame(request, 0, make([]byte, 4))
}
