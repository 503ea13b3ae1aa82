package iggy

import (
	"encoding/binary"
	"io"
	"net"
	"os"
	"strings"
	"testing"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// TestLoginSendsTheClientName checks the version LoginUser (0.8) and LoginRegister (0.9) carry: the SDK's name and
// the repository's VERSION (read from the file, not from the generated constant).
func TestLoginSendsTheClientName(t *testing.T) {
	release, err := os.ReadFile("../../VERSION")
	if err != nil {
		t.Fatal(err)
	}
	logins := make(chan codec.LoginUserRequest, 1)
	c := fakePeer(t, ProtocolV0_8, 0, func(conn net.Conn) {
		header := make([]byte, RequestHeaderSize)
		if _, err := io.ReadFull(conn, header); err != nil {
			return
		}
		payload := make([]byte, binary.LittleEndian.Uint32(header)-4)
		if _, err := io.ReadFull(conn, payload); err != nil {
			return
		}
		var login codec.LoginUserRequest
		login.Decode(codec.NewReader(payload))
		logins <- login
		answer := make([]byte, ResponseHeaderSize+4) // status 0, length 4, user id 0
		binary.LittleEndian.PutUint32(answer[4:], 4)
		_, _ = conn.Write(answer)
		silent(conn)
	})
	if _, err := c.LoginUser(testContext(t), "iggy", "secret"); err != nil {
		t.Fatal(err)
	}
	login := <-logins
	want := "iggy-sdk-go/" + strings.TrimSpace(string(release))
	if login.Username != "iggy" || login.Version != want {
		t.Fatalf("login sent username %q version %q, want iggy and %q", login.Username, login.Version, want)
	}
	script := newScript09(t, serveSession)
	script.client(true, "")
	var register codec.LoginRegisterRequest
	if err := codec.DecodeAt(script.requests()[0].request.body, &register, codec.Version0_9); err != nil {
		t.Fatal(err)
	}
	if register.Username != "iggy" || register.SdkName != "iggy-sdk-go" ||
		register.SdkVersion != strings.TrimSpace(string(release)) || register.ProtocolVersion != ProtocolVersion09 {
		t.Fatalf("0.9 login %+v", register)
	}
}
