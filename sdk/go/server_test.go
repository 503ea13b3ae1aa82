package iggy

import (
	"bufio"
	"context"
	"io"
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
