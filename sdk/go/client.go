package iggy

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// maxResponseBytes bounds one answer: a larger announced length is a corrupt stream, not an allocation.
const maxResponseBytes = 1 << 31

// keptFrameBytes bounds the request buffer a client keeps between requests: sends up to this size are encoded
// without an allocation (and without the runtime zeroing one), larger ones into a buffer of their own.
const keptFrameBytes = 8 << 20

// responseChunkBytes is how much of an answer is allocated ahead of the bytes actually received: answers up
// to this size (every usual poll) get one exact-size buffer, larger ones grow as their bytes arrive.
const responseChunkBytes = 16 << 20

var commandInfo = func() map[uint32]codec.CommandInfo {
	table := make(map[uint32]codec.CommandInfo, len(codec.Commands))
	for _, info := range codec.Commands {
		table[info.Code] = info
	}
	return table
}()

// replayable commands (the spec's replay_safe: Ping and the lookups) are sent again once on a fresh connection
// after a lost one; every other command fails with ErrOutcomeUnknown instead (the server may or may not have
// applied it; in 0.9 the new connection is a new session, so the server could not even tell a resent request
// from a new one). An unknown code is not replayable.
func replayable(code uint32) bool {
	return commandInfo[code].ReplaySafe
}

// neverEmpty08 reports whether a 0.8 OK answer to the command always has a body: an empty one, as the first
// answer of a connection, is then the start of a 0.9 header (whose unsealed checksum is zero).
func neverEmpty08(code uint32) bool {
	info := commandInfo[code]
	return !info.ResponseList && !info.MissingEmpty && !slices.Contains(info.ResponseEmptyIn, codec.Version0_8) &&
		slices.Contains(info.Versions, codec.Version0_8)
}

// reconnectAfter lists the evictions after which the next request connects and registers again (the session
// ended under the client); the login evictions (credentials, token, inactive user, protocol) are final.
func reconnectAfter(reason EvictionReason) bool {
	switch reason {
	case EvictionReasonNoSession, EvictionReasonSessionTooLow, EvictionReasonSessionReleaseMismatch,
		EvictionReasonStaleClient, EvictionReasonSessionError:
		return true
	}
	return false
}

// transientRetry is how long a frame the server answered 57/58 waits before it is sent again (the official
// clients' 50 ms), within the request's deadline.
const transientRetry = 50 * time.Millisecond

// Client is one connection (one session: login and consumer-group membership belong to it) to an Iggy
// server. It is safe for concurrent use; the protocol has one request in flight per connection, so callers
// take turns (use several clients for parallelism). Every I/O method takes a context: cancelling it or its
// deadline aborts the request and closes the connection, because a late answer would otherwise be read as
// the next request's.
type Client struct {
	config Config
	turn   chan struct{} // holds one token: whoever holds it owns the connection below

	conn      net.Conn
	reader    *bufio.Reader
	header    [codec.VsrHeaderSize]byte // the answer header being read
	answers   int                       // answers read on this connection (0: the first is still to come)
	session   *vsrSession               // 0.9: this connection's identity, session and request numbering
	connected bool                      // Connect succeeded once: a lost connection is re-established on demand
	username  string
	password  string
	token     string

	closeOnce sync.Once
	heartbeat sync.Once
	closing   chan struct{}
	done      sync.WaitGroup
	liveMu    sync.Mutex
	live      net.Conn // the connection, for Close to abort a request in flight without waiting for its turn

	partitions partitionCache // 0.9: partition counts for client-side partitioning
	reading    *PollBuffer    // the caller's buffer the answer being read goes into (PollMessagesInto), or nil
	frames     []byte         // the memory requests are encoded into, reused (at most keptFrameBytes)
}

// NewClient validates config and answers a client that is not connected yet (call Connect).
func NewClient(config Config) (*Client, error) {
	if err := config.Validate(); err != nil {
		return nil, err
	}
	c := &Client{config: config, turn: make(chan struct{}, 1), closing: make(chan struct{})}
	c.turn <- struct{}{}
	return c, nil
}

// Connect parses a connection string, connects and logs in with its credentials, if any.
func Connect(ctx context.Context, connectionString string) (*Client, error) {
	config, err := ParseConnectionString(connectionString)
	if err != nil {
		return nil, err
	}
	c, err := NewClient(config)
	if err != nil {
		return nil, err
	}
	if err := c.Connect(ctx); err != nil {
		_ = c.Close()
		return nil, err
	}
	return c, nil
}

// Config answers the client's settings.
func (c *Client) Config() Config { return c.config }

// Protocol answers the Iggy wire protocol the client speaks (Config.Protocol).
func (c *Client) Protocol() ProtocolVersion { return c.config.Protocol }

// version is the codec's name for the client's protocol (the same number).
func (c *Client) version() codec.Version { return codec.Version(c.config.Protocol) }

// Connect opens the connection (closing the current one, if any), logs in with the configured credentials or
// token, and starts the heartbeat.
func (c *Client) Connect(ctx context.Context) error {
	if err := c.acquire(ctx); err != nil {
		return err
	}
	c.dropConnection()
	err := c.dial(ctx)
	if err == nil {
		c.connected = true
		c.username, c.password, c.token = c.config.Username, c.config.Password, c.config.Token
		err = c.relogin(ctx)
		var broken *lostConnection
		if errors.As(err, &broken) {
			err = c.lostError(ctx, broken, nil, 0)
		}
		if err != nil {
			c.dropConnection()
			c.connected = false
		}
	}
	if err == nil && c.config.HeartbeatInterval > 0 { // under the turn: Close cannot be waiting on c.done yet
		c.heartbeat.Do(func() {
			c.done.Add(1)
			go c.beat()
		})
	}
	c.release()
	return err
}

// Close closes the connection (aborting a request in flight) and stops the heartbeat. Further calls fail with
// ErrorCodeClientShutdown.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		close(c.closing)
		c.liveMu.Lock()
		if c.live != nil {
			_ = c.live.Close()
		}
		c.liveMu.Unlock()
		<-c.turn // the request in flight, if any, has failed on the closed connection
		c.dropConnection()
		c.connected = false
		c.turn <- struct{}{}
		c.done.Wait()
	})
	return nil
}

func (c *Client) beat() {
	defer c.done.Done()
	ticker := time.NewTicker(c.config.HeartbeatInterval)
	defer ticker.Stop()
	for {
		select {
		case <-c.closing:
			return
		case <-ticker.C:
			ctx, cancel := context.WithTimeout(context.Background(), c.config.RequestTimeout)
			_ = c.Ping(ctx) // a failure shows up on the caller's next request, which reconnects
			cancel()
		}
	}
}

func (c *Client) acquire(ctx context.Context) error {
	select {
	case <-c.closing:
		return newError(ErrorCodeClientShutdown, "the client is closed", nil)
	default:
	}
	select {
	case <-c.turn:
		select {
		case <-c.closing:
			c.turn <- struct{}{}
			return newError(ErrorCodeClientShutdown, "the client is closed", nil)
		default:
			return nil
		}
	case <-ctx.Done():
		return contextError(ctx.Err(), false, false)
	case <-c.closing:
		return newError(ErrorCodeClientShutdown, "the client is closed", nil)
	}
}

func (c *Client) release() { c.turn <- struct{}{} }

func (c *Client) dropConnection() {
	if c.conn != nil {
		_ = c.conn.Close()
		c.conn, c.reader = nil, nil
		c.liveMu.Lock()
		c.live = nil
		c.liveMu.Unlock()
	}
}

// contextError reports a context that ended: before the request was sent (nothing happened), or while it was
// in flight (the connection was closed; unknown = the request has side effects, so its outcome is unknown).
func contextError(err error, sent, unknown bool) *Error {
	code, message := ErrorCodeTaskTimeout, "the context's deadline passed"
	if errors.Is(err, context.Canceled) {
		code, message = ErrorCodeError, "the context was cancelled"
	}
	if !sent {
		return newError(code, message+" before the request was sent", err)
	}
	if code == ErrorCodeError {
		code = ErrorCodeConnectionClosed
	}
	message += " while the request was in flight; the connection was closed"
	if unknown {
		message = outcomeUnknownPrefix + message
	}
	return newError(code, message, err)
}

// dial opens the TCP (and TLS) connection within the connect timeout and the context.
func (c *Client) dial(ctx context.Context) error {
	host, port, err := splitAddress(c.config.Address)
	if err != nil {
		return err
	}
	dialCtx, cancel := context.WithTimeout(ctx, c.config.ConnectTimeout)
	defer cancel()
	dialer := net.Dialer{}
	conn, err := dialer.DialContext(dialCtx, "tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return newError(ErrorCodeCannotEstablishConnection,
			fmt.Sprintf("cannot connect to %s: %v", c.config.Address, err), err)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetNoDelay(c.config.NoDelay)
	}
	if c.config.TLS {
		tlsConfig, err := c.tlsConfig(host)
		if err != nil {
			_ = conn.Close()
			return err
		}
		tlsConn := tls.Client(conn, tlsConfig)
		if err := tlsConn.HandshakeContext(dialCtx); err != nil {
			_ = conn.Close()
			return newError(ErrorCodeCannotEstablishConnection, fmt.Sprintf("TLS handshake with %s: %v",
				c.config.Address, err), err)
		}
		conn = tlsConn
	}
	c.liveMu.Lock()
	defer c.liveMu.Unlock()
	select {
	case <-c.closing: // Close ran while this dial was under way
		_ = conn.Close()
		return newError(ErrorCodeClientShutdown, "the client is closed", nil)
	default:
	}
	c.conn, c.reader, c.live, c.answers = conn, bufio.NewReaderSize(conn, 64<<10), conn, 0
	if c.config.Protocol >= ProtocolV0_9 {
		c.session = newVsrSession()
	}
	return nil
}

func (c *Client) tlsConfig(host string) (*tls.Config, error) {
	config := &tls.Config{ServerName: host, InsecureSkipVerify: c.config.TLSInsecure, MinVersion: tls.VersionTLS12}
	if c.config.TLSDomain != "" {
		config.ServerName = c.config.TLSDomain
	}
	if c.config.TLSCAFile != "" {
		pem, err := os.ReadFile(c.config.TLSCAFile)
		if err != nil {
			return nil, newError(ErrorCodeInvalidTlsCertificatePath, fmt.Sprintf("cannot read CA file %q: %v",
				c.config.TLSCAFile, err), err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, newError(ErrorCodeInvalidTlsCertificate, fmt.Sprintf("no PEM certificate in %q",
				c.config.TLSCAFile), nil)
		}
		config.RootCAs = pool
	}
	return config, nil
}

// relogin logs in with the remembered credentials (Connect's, or the last successful login call's); in 0.9 a
// login registers a session under a new client id.
func (c *Client) relogin(ctx context.Context) error {
	if c.username == "" && c.token == "" {
		return nil
	}
	request, response := c.loginRequest(c.username, c.password, c.token)
	_, err := c.roundTripDecoded(ctx, request, response, 0)
	return err
}

// loginRequest answers the login of the client's protocol: 0.8 LoginUser / LoginWithPersonalAccessToken, 0.9
// LoginRegister / LoginRegisterWithPat (operation Register), with the value their answer decodes into.
func (c *Client) loginRequest(username, password, token string) (codec.Request, userIDAnswer) {
	if c.config.Protocol >= ProtocolV0_9 {
		if token != "" {
			return &codec.LoginRegisterWithPatRequest{ProtocolVersion: ProtocolVersion09, SdkName: sdkName,
				SdkVersion: Version, Token: token}, &loginRegisterAnswer{}
		}
		return &codec.LoginRegisterRequest{ProtocolVersion: ProtocolVersion09, SdkName: sdkName,
			SdkVersion: Version, Username: username, Password: password}, &loginRegisterAnswer{}
	}
	if token != "" {
		return &codec.LoginWithPersonalAccessTokenRequest{Token: token}, &patLoginAnswer{}
	}
	return &codec.LoginUserRequest{Username: username, Password: password, Version: ClientName}, &loginAnswer{}
}

// userIDAnswer is a login answer: every version's carries the user id.
type userIDAnswer interface {
	codec.Value
	userID() uint32
}

type loginAnswer struct{ codec.LoginUserResponse }

func (a *loginAnswer) userID() uint32 { return a.UserID }

type patLoginAnswer struct {
	codec.LoginWithPersonalAccessTokenResponse
}

func (a *patLoginAnswer) userID() uint32 { return a.UserID }

type loginRegisterAnswer struct{ codec.LoginRegisterResponse }

func (a *loginRegisterAnswer) userID() uint32 { return a.UserID }

// reconnect re-establishes a lost connection: bounded attempts with doubling backoff, then the re-login.
func (c *Client) reconnect(ctx context.Context) error {
	backoff := c.config.ReconnectionInterval
	var last error = newError(ErrorCodeNotConnected, "the connection was lost and reconnection is off", nil)
	for attempt := 0; c.config.ReconnectionRetries < 0 || attempt < c.config.ReconnectionRetries; attempt++ {
		if attempt > 0 {
			timer := time.NewTimer(backoff)
			select {
			case <-ctx.Done():
				timer.Stop()
				return contextError(ctx.Err(), false, false)
			case <-c.closing:
				timer.Stop()
				return newError(ErrorCodeClientShutdown, "the client is closed", nil)
			case <-timer.C:
			}
			backoff = min(backoff*2, c.config.ReconnectionMaxInterval)
		}
		if err := c.dial(ctx); err != nil {
			last = err
			continue
		}
		if err := c.relogin(ctx); err != nil {
			c.dropConnection()
			var broken *lostConnection
			if !errors.As(err, &broken) {
				return err // the server refused the login (or speaks the other protocol): retrying cannot help
			}
			last = broken
			continue
		}
		return nil
	}
	var broken *lostConnection
	if errors.As(last, &broken) && broken.firstAnswer {
		return c.lostError(ctx, broken, nil, 0) // the server closed every new connection without a word
	}
	return newError(ErrorCodeConnectionClosed, fmt.Sprintf("connection to %s lost; reconnecting failed: %v",
		c.config.Address, last), last)
}

// call sends one request and decodes its answer into response (nil for empty answers). It answers
// empty = true when the server sent an empty OK body (a missing object for Get* lookups).
func (c *Client) call(ctx context.Context, request codec.Request, response codec.Value) (empty bool, err error) {
	return c.callSized(ctx, request, response, 0)
}

// callSized is call with the request's encoded size estimated up front, so a large batch is encoded into one
// allocation instead of a growing buffer.
func (c *Client) callSized(ctx context.Context, request codec.Request, response codec.Value,
	sizeHint int) (empty bool, err error) {
	if err := c.acquire(ctx); err != nil {
		return false, err
	}
	defer c.release()
	defer func() {
		if err != nil {
			nameRequestObjects(err, request)
		}
	}()
	for attempt := 0; ; attempt++ {
		if c.conn == nil {
			if !c.connected {
				return false, newError(ErrorCodeNotConnected, "not connected: call Connect first", nil)
			}
			if err := c.reconnect(ctx); err != nil {
				return false, err
			}
		}
		empty, err := c.roundTripDecoded(ctx, request, response, sizeHint)
		var evicted *Error
		if errors.As(err, &evicted) {
			if reason, ok := evicted.Evicted(); ok && reconnectAfter(reason) {
				// The server ended the session under us: the next request connects and registers again.
				c.dropConnection()
				if attempt == 0 && replayable(request.Code()) && c.config.ReconnectionRetries != 0 {
					continue
				}
			}
			return empty, err
		}
		var lost *lostConnection
		if !errors.As(err, &lost) {
			return empty, err
		}
		c.dropConnection()
		// Only a read that never got an answer is sent again, once, on a new connection.
		if lost.firstAnswer || lost.timeout || (lost.written && !replayable(request.Code())) || attempt > 0 ||
			ctx.Err() != nil || c.isClosing() {
			return false, c.lostError(ctx, lost, request, attempt)
		}
	}
}

func (c *Client) isClosing() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

// lostError turns a connection lost during request (nil: the login of Connect) into the error reported.
func (c *Client) lostError(ctx context.Context, lost *lostConnection, request codec.Request, attempt int) error {
	name, code := "the login", uint32(0)
	if request != nil {
		code = request.Code()
		name = Command(code).String()
	}
	unknown := request != nil && lost.written && !replayable(code)
	if c.isClosing() {
		message := "the client was closed during the request"
		if unknown {
			message = outcomeUnknownPrefix + message + " after it was sent"
		}
		return newError(ErrorCodeClientShutdown, message, lost.cause)
	}
	hint := ""
	if lost.firstAnswer {
		hint = "; " + firstAnswerHint(c.config.Protocol)
	}
	switch {
	case ctx.Err() != nil:
		return contextError(ctx.Err(), lost.written, unknown)
	case lost.timeout:
		message := fmt.Sprintf("no answer to %s within %s", name, c.config.RequestTimeout)
		if lost.firstAnswer {
			message += " (the connection's first request" + hint + ")"
		}
		if unknown {
			message = outcomeUnknownPrefix + message + "; the connection was closed"
		}
		return newError(ErrorCodeTaskTimeout, message, lost.cause)
	case lost.firstAnswer:
		return newError(ErrorCodeConnectionClosed, "the connection closed before its first answer"+hint, lost.cause)
	case unknown:
		message := fmt.Sprintf("%sthe connection broke after %s was sent, so whether the server applied it is "+
			"unknown; it was not sent again", outcomeUnknownPrefix, name)
		if c.config.Protocol >= ProtocolV0_9 && Command(code).Operation() != OperationNonReplicated {
			message += " under a new session (the server could not tell it from a new request)"
		}
		return newError(ErrorCodeConnectionClosed, message, lost.cause)
	case attempt > 0:
		return newError(ErrorCodeConnectionClosed, fmt.Sprintf("connection lost twice during %s: %v", name,
			lost.cause), lost.cause)
	}
	return newError(ErrorCodeConnectionClosed, fmt.Sprintf("the connection broke during %s: %v", name, lost.cause),
		lost.cause)
}

// firstAnswerHint is what a client says when a connection's first request got no answer: the server may speak
// only the other protocol (a 0.9 server waits for 256 header bytes a short 0.8 request never sends; a 0.8 server
// may drop a 0.9 header). The same words in every SDK (connection_strings.json, protocol.mismatch).
func firstAnswerHint(protocol ProtocolVersion) string {
	other := ProtocolV0_9
	if protocol >= ProtocolV0_9 {
		other = ProtocolV0_8
	}
	return fmt.Sprintf("if the server speaks only Iggy %s, connect with protocol=%s", other, other)
}

// mismatch is the error for an answer in the other protocol's framing.
func mismatch(server ProtocolVersion, message string) *Error {
	e := newError(ErrorCodeIncompatibleProtocolVersion, message, nil)
	e.serverProtocol = server
	return e
}

// lostConnection is an I/O failure mid-request; written says whether any request byte reached the socket,
// firstAnswer that the connection never answered anything.
type lostConnection struct {
	cause       error
	written     bool
	timeout     bool
	firstAnswer bool
}

func (l *lostConnection) Error() string { return "connection lost: " + l.cause.Error() }

func (c *Client) roundTripDecoded(ctx context.Context, request codec.Request, response codec.Value,
	sizeHint int) (bool, error) {
	code := Command(request.Code())
	if !code.InProtocol(c.config.Protocol) {
		return false, unavailable(code, c.config.Protocol)
	}
	prefix := RequestHeaderSize
	if c.config.Protocol >= ProtocolV0_9 {
		prefix = codec.VsrHeaderSize
	}
	buf := c.frames
	if need := prefix + max(sizeHint, 56); cap(buf) < need {
		buf = make([]byte, 0, need)
	}
	// The header is written whole below (0.8: length and code; 0.9: stamp clears it first).
	w := codec.Writer{Buf: buf[:prefix], Version: c.version()}
	request.Encode(&w)
	if cap(w.Buf) <= keptFrameBytes {
		c.frames = w.Buf[:0] // the frame is not used after this exchange: the next request is encoded over it
	}
	if err := w.Err(); err != nil {
		return false, newError(ErrorCodeInvalidFormat, err.Error(), err)
	}
	frame := w.Buf
	var body []byte
	var err error
	if answer, ok := response.(polledAnswer); ok {
		c.reading = answer.buffer // PollMessagesInto: read the answer into the caller's buffer
	}
	if c.session != nil {
		operation, number := c.session.stamp(frame, code)
		body, err = c.exchangeV09(ctx, frame, code, operation, number)
	} else {
		binary.LittleEndian.PutUint32(frame, uint32(len(frame)-4))
		binary.LittleEndian.PutUint32(frame[4:], uint32(code))
		body, err = c.roundTrip(ctx, frame, code)
	}
	c.reading = nil
	if err != nil {
		return false, err
	}
	if len(body) == 0 {
		c.rememberLogin(request)
		return true, nil
	}
	if response == nil {
		return false, newError(ErrorCodeInvalidBytesResponse, fmt.Sprintf("%s answered %d bytes where none were "+
			"expected", code, len(body)), nil)
	}
	if err := codec.DecodePrefixAt(body, response, c.version()); err != nil {
		return false, newError(ErrorCodeInvalidBytesResponse, fmt.Sprintf("cannot decode the answer to %s: %v",
			code, err), err)
	}
	c.rememberLogin(request)
	return false, nil
}

// unavailable is the error for a command the client's protocol does not have.
func unavailable(code Command, protocol ProtocolVersion) *Error {
	var needs []string
	for _, version := range AllProtocolVersions {
		if code.InProtocol(version) {
			needs = append(needs, "protocol="+version.String())
		}
	}
	message := fmt.Sprintf("%s does not exist in Iggy protocol %s", code, protocol)
	if len(needs) > 0 {
		message += " (it needs " + strings.Join(needs, " or ") + ")"
	}
	return newError(ErrorCodeFeatureUnavailable, message, nil)
}

// rememberLogin keeps the credentials of a successful login for re-login after a reconnect, and forgets
// them on logout.
func (c *Client) rememberLogin(request codec.Request) {
	switch r := request.(type) {
	case *codec.LoginUserRequest:
		c.username, c.password, c.token = r.Username, r.Password, ""
	case *codec.LoginRegisterRequest:
		c.username, c.password, c.token = r.Username, r.Password, ""
	case *codec.LoginWithPersonalAccessTokenRequest:
		c.username, c.password, c.token = "", "", r.Token
	case *codec.LoginRegisterWithPatRequest:
		c.username, c.password, c.token = "", "", r.Token
	case *codec.LogoutUserRequest:
		c.username, c.password, c.token = "", "", ""
	}
}

// deadlineFor bounds one exchange by the request timeout and the context's deadline.
func (c *Client) deadlineFor(ctx context.Context) time.Time {
	deadline := time.Now().Add(c.config.RequestTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	return deadline
}

// abortOnCancel makes the end of ctx abort the exchange in flight on conn (a deadline in the past). The function it
// returns ends that, and waits for an abort already under way: one that landed later would put its past deadline
// on the connection's next exchange, which then fails at once as if it had timed out.
func abortOnCancel(ctx context.Context, conn net.Conn) (stop func()) {
	aborted := make(chan struct{})
	stopAbort := context.AfterFunc(ctx, func() {
		defer close(aborted)
		_ = conn.SetDeadline(time.Unix(1, 0))
	})
	return func() {
		if !stopAbort() {
			<-aborted
		}
	}
}

// roundTrip writes one 0.8 frame and reads its answer; the context and the request timeout bound both.
func (c *Client) roundTrip(ctx context.Context, frame []byte, code Command) ([]byte, error) {
	conn := c.conn
	_ = conn.SetDeadline(c.deadlineFor(ctx))
	stopAbort := abortOnCancel(ctx, conn)
	defer stopAbort()
	n, err := conn.Write(frame)
	if err != nil {
		return nil, c.lost(err, n > 0, 0)
	}
	if read, err := io.ReadFull(c.reader, c.header[:RequestHeaderSize]); err != nil {
		return nil, c.lost(err, true, read)
	}
	first := c.answers == 0
	c.answers++
	status := binary.LittleEndian.Uint32(c.header[:])
	length := binary.LittleEndian.Uint32(c.header[4:])
	if status != StatusOk {
		if length != 0 { // an error answer never has a body: anything else means the stream is out of step
			return nil, c.lost(fmt.Errorf("error answer %d with a %d-byte body", status, length), true, 1)
		}
		return nil, newError(ErrorCode(status), "", nil)
	}
	if length == 0 && first && (neverEmpty08(uint32(code)) || c.reader.Buffered() > 0) {
		// 8 zero bytes where the command always has a body, or with more bytes behind them: the start of a 0.9
		// header (its unsealed checksum).
		c.dropConnection()
		return nil, mismatch(ProtocolV0_9, "the server answered in Iggy 0.9 framing: it speaks protocol 0.9; "+
			"connect with protocol=0.9")
	}
	return c.readBody(int(length))
}

// readBody reads an answer body of length bytes, growing with the bytes received, not with the length announced.
// During PollMessagesInto the body goes into the caller's buffer when it has the room (and the buffer keeps it).
func (c *Client) readBody(length int) ([]byte, error) {
	if length > maxResponseBytes {
		return nil, c.lost(fmt.Errorf("answer announces %d bytes", length), true, 1)
	}
	var body []byte
	if c.reading != nil && cap(c.reading.body) >= length {
		body = c.reading.body[:length] // no allocation, no zeroing: the buffer's earlier answer is overwritten
	} else {
		body = make([]byte, min(length, responseChunkBytes))
	}
	for received := 0; ; {
		if received == length {
			if c.reading != nil {
				c.reading.body = body
			}
			return body, nil
		}
		read, err := io.ReadFull(c.reader, body[received:])
		received += read
		if err != nil {
			return nil, c.lost(err, true, 1)
		}
		if received < length {
			body = append(body, make([]byte, min(length-received, received))...)
		}
	}
}

// exchangeV09 writes one 0.9 frame and answers the OK body of its reply (result section taken off). A transient
// answer (57/58) sends the identical frame again every transientRetry within the deadline, as the official
// clients do; an eviction ends the session's binding before it is reported.
func (c *Client) exchangeV09(ctx context.Context, frame []byte, code Command, operation Operation,
	number uint64) ([]byte, error) {
	conn := c.conn
	deadline := c.deadlineFor(ctx)
	_ = conn.SetDeadline(deadline)
	stopAbort := abortOnCancel(ctx, conn)
	defer stopAbort()
	for {
		header, body, err := c.readFrameV09(conn, frame)
		if err != nil {
			return nil, err
		}
		answered, payload, err := replyBody(header, body)
		var transient *transientError
		switch {
		case errors.As(err, &transient):
			if time.Now().Add(transientRetry).After(deadline) {
				return nil, newError(transient.code, fmt.Sprintf("request %d (%s) still not committed after %s",
					number, code, c.config.RequestTimeout), nil)
			}
			timer := time.NewTimer(transientRetry)
			select {
			case <-ctx.Done():
				timer.Stop()
				return nil, c.lost(ctx.Err(), true, 1)
			case <-timer.C:
			}
			continue
		case err != nil:
			var e *Error
			if !errors.As(err, &e) {
				return nil, c.lost(err, true, 1) // not a reply: the stream cannot be trusted any more
			}
			if _, evicted := e.Evicted(); evicted {
				c.session.onEviction()
			}
			return nil, err
		}
		if answered != operation {
			return nil, c.lost(fmt.Errorf("the reply echoes operation %d, the request carried %d", answered,
				operation), true, 1)
		}
		if err := c.session.onReply(operation, payload); err != nil {
			return nil, err
		}
		return payload, nil
	}
}

// readFrameV09 writes frame and reads one 0.9 answer: its 256-byte header and body. The first 8 bytes are checked
// before the rest is awaited: an Iggy 0.8 server answers a 0.9 header with an 8-byte error frame and nothing more.
func (c *Client) readFrameV09(conn net.Conn, frame []byte) ([]byte, []byte, error) {
	n, err := conn.Write(frame)
	if err != nil {
		return nil, nil, c.lost(err, n > 0, 0)
	}
	header := c.header[:codec.VsrHeaderSize]
	if read, err := io.ReadFull(c.reader, header[:8]); err != nil {
		return nil, nil, c.lost(err, true, read)
	}
	c.answers++
	if first := binary.LittleEndian.Uint32(header); first != 0 {
		c.dropConnection()
		second := binary.LittleEndian.Uint32(header[4:])
		if second == 0 && ErrorCode(first).String() != "" {
			return nil, nil, mismatch(ProtocolV0_8, fmt.Sprintf("the server answered in Iggy 0.8 framing (status %d):"+
				" it speaks protocol 0.8; connect with protocol=0.8", first))
		}
		return nil, nil, newError(ErrorCodeConnectionClosed, "the server's answer is not an Iggy 0.9 frame (bytes "+
			"0..4 not 0)", nil)
	}
	if _, err := io.ReadFull(c.reader, header[8:]); err != nil {
		return nil, nil, c.lost(err, true, 1)
	}
	size := binary.LittleEndian.Uint32(header[codec.ReplyHeaderSizeOffset:])
	if size < codec.VsrHeaderSize || int64(size)-codec.VsrHeaderSize > maxResponseBytes {
		return nil, nil, c.lost(fmt.Errorf("0.9 frame size %d is implausible", size), true, 1)
	}
	body, err := c.readBody(int(size) - codec.VsrHeaderSize)
	return header, body, err
}

// lost wraps an I/O failure; received is how many answer bytes had arrived (0 on the first request of a
// connection means it never answered at all).
func (c *Client) lost(err error, written bool, received int) error {
	var netErr net.Error
	timeout := errors.As(err, &netErr) && netErr.Timeout()
	firstAnswer := written && received == 0 && c.answers == 0 && !errors.Is(err, context.Canceled) &&
		!errors.Is(err, context.DeadlineExceeded)
	return &lostConnection{cause: err, written: written, timeout: timeout, firstAnswer: firstAnswer}
}
