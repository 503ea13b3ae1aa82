package iggy

import (
	"bufio"
	"context"
	"encoding/binary"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// testServer is a server started by the project's one launcher, `python -m iggy_server.testing`; closing its
// stdin stops it. IGGY_TEST_PYTHON (set by `make test-go`) names the interpreter that has it installed.
type testServer struct {
	t       *testing.T
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   *bufio.Scanner
	address string
	caFile  string
	logFile string
}

func startServer(t *testing.T, extra ...string) *testServer {
	t.Helper()
	python := os.Getenv("IGGY_TEST_PYTHON")
	if python == "" {
		t.Skip("IGGY_TEST_PYTHON is not set (make test-go sets it): no server for integration tests")
	}
	cmd := exec.Command(python, append([]string{"-m", "iggy_server.testing"}, extra...)...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &testServer{t: t, cmd: cmd, stdin: stdin, lines: bufio.NewScanner(stdout)}
	t.Cleanup(func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	s.waitReady()
	// Registered after the stop above, so it runs first: the log is removed with the launcher's directory.
	t.Cleanup(func() {
		if t.Failed() && s.logFile != "" {
			if log, err := os.ReadFile(s.logFile); err == nil {
				lines := strings.Split(strings.TrimSpace(string(log)), "\n")
				t.Logf("the server's last log lines:\n%s", strings.Join(lines[max(len(lines)-40, 0):], "\n"))
			}
		}
	})
	return s
}

// waitReady reads the launcher's lines up to `ready` (bounded: the launcher prints a handful).
func (s *testServer) waitReady() {
	s.t.Helper()
	for i := 0; i < 100 && s.lines.Scan(); i++ {
		key, value, _ := strings.Cut(s.lines.Text(), " ")
		switch key {
		case "address":
			s.address = value
		case "ca_file":
			s.caFile = value
		case "log_file":
			s.logFile = value
		case "ready":
			return
		}
	}
	s.t.Fatalf("the test server did not become ready: %v", s.lines.Err())
}

// command sends kill or restart to the launcher and waits for its answer.
func (s *testServer) command(word string) {
	s.t.Helper()
	if _, err := io.WriteString(s.stdin, word+"\n"); err != nil {
		s.t.Fatal(err)
	}
	if word == "restart" {
		s.waitReady()
		return
	}
	for i := 0; i < 10 && s.lines.Scan(); i++ {
		if strings.HasPrefix(s.lines.Text(), "killed") {
			return
		}
	}
	s.t.Fatalf("no answer to %s", word)
}

func (s *testServer) url(options string) string {
	return "iggy://iggy:iggy@" + s.address + options
}

// protocols are the wire protocols the integration tests run in, each against its own server.
var protocols = []string{"0.9", "0.8"}

// forEachProtocol runs test once per protocol, as a subtest named after it.
func forEachProtocol(t *testing.T, test func(t *testing.T, protocol string)) {
	for _, protocol := range protocols {
		t.Run("protocol="+protocol, func(t *testing.T) { test(t, protocol) })
	}
}

// withProtocol adds protocol=... to a connection string's options ("" or "?...").
func withProtocol(options, protocol string) string {
	if options == "" {
		return "?protocol=" + protocol
	}
	return options + "&protocol=" + protocol
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func connect(t *testing.T, s *testServer, options string) *Client {
	t.Helper()
	client, err := Connect(testContext(t), s.url(options))
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client
}

// fakePeer starts a loopback listener whose first connection is handed to serve, and answers a client speaking
// protocol connected to it (heartbeat 0 = none); both are closed when the test ends.
func fakePeer(t *testing.T, protocol ProtocolVersion, heartbeat time.Duration, serve func(net.Conn)) *Client {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = listener.Close() })
	go func() {
		conn, err := listener.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		serve(conn)
	}()
	config := DefaultConfig()
	config.Address, config.HeartbeatInterval, config.Protocol = listener.Addr().String(), heartbeat, protocol
	client, err := NewClient(config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Connect(testContext(t)); err != nil {
		t.Fatal(err)
	}
	return client
}

// silent reads requests and never answers, until the client closes the connection.
func silent(conn net.Conn) { _, _ = io.Copy(io.Discard, conn) }

// answerOK answers every request with an empty OK body in the protocol's framing (0.9: a result section
// saying OK where the operation has one), telling seen each command.
func answerOK(protocol ProtocolVersion, seen func(Command)) func(net.Conn) {
	if protocol >= ProtocolV0_9 {
		return func(conn net.Conn) {
			for {
				request, err := readRequest09(conn)
				if err != nil {
					return
				}
				seen(request.command())
				var body []byte
				if Operation(request.header.Operation).ResultFramed() {
					body = make([]byte, 4) // count 0: OK
				}
				if _, err := conn.Write(replyFrame(request, 0, body)); err != nil {
					return
				}
			}
		}
	}
	return func(conn net.Conn) {
		header := make([]byte, RequestHeaderSize)
		for {
			if _, err := io.ReadFull(conn, header); err != nil {
				return
			}
			seen(Command(binary.LittleEndian.Uint32(header[4:])))
			if _, err := io.CopyN(io.Discard, conn, int64(binary.LittleEndian.Uint32(header))-4); err != nil {
				return
			}
			if _, err := conn.Write(make([]byte, ResponseHeaderSize)); err != nil { // status 0, empty body
				return
			}
		}
	}
}
