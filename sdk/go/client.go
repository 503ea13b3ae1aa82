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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// maxResponseBytes bounds one answer: a larger announced length is a corrupt stream, not an allocation.
const maxResponseBytes = 1 << 31

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

// replayable commands only read, so after a lost connection they are sent again once on a fresh one; every
// other command fails with ErrOutcomeUnknown instead (the server may or may not have applied it).
func replayable(code uint32) bool {
	name := commandInfo[code].Name
	return strings.HasPrefix(name, "Get") || Command(code) == CommandPing
}

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
	header    [8]byte
	connected bool   // Connect succeeded once: a lost connection is re-established on demand
	login     func() // re-login after a reconnect; nil = not logged in
	username  string
	password  string
	token     string

	closeOnce sync.Once
	heartbeat sync.Once
	closing   chan struct{}
	done      sync.WaitGroup
	liveMu    sync.Mutex
	live      net.Conn // the connection, for Close to abort a request in flight without waiting for its turn
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
			err = newError(ErrorCodeConnectionClosed, "the connection broke during login: "+broken.Error(), broken.cause)
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
	c.conn, c.reader, c.live = conn, bufio.NewReaderSize(conn, 64<<10), conn
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

// relogin logs in with the remembered credentials (Connect's, or the last successful login call's).
func (c *Client) relogin(ctx context.Context) error {
	switch {
	case c.username != "":
		login := &codec.LoginUserRequest{Username: c.username, Password: c.password, Version: ClientName}
		_, err := c.roundTripDecoded(ctx, login, &codec.LoginUserResponse{}, 0)
		return err
	case c.token != "":
		_, err := c.roundTripDecoded(ctx, &codec.LoginWithPersonalAccessTokenRequest{Token: c.token},
			&codec.LoginWithPersonalAccessTokenResponse{}, 0)
		return err
	}
	return nil
}

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
				return err // the server refused the login: retrying cannot help
			}
			last = broken
			continue
		}
		return nil
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
		var lost *lostConnection
		if !errors.As(err, &lost) {
			return empty, err
		}
		c.dropConnection()
		unknown := lost.written && !replayable(request.Code())
		select {
		case <-c.closing:
			message := "the client was closed during the request"
			if unknown {
				message = outcomeUnknownPrefix + message + " after it was sent"
			}
			return false, newError(ErrorCodeClientShutdown, message, lost.cause)
		default:
		}
		switch {
		case ctx.Err() != nil:
			return false, contextError(ctx.Err(), lost.written, unknown)
		case lost.timeout:
			message := fmt.Sprintf("no answer to %s within %s", Command(request.Code()), c.config.RequestTimeout)
			if unknown {
				message = outcomeUnknownPrefix + message + "; the connection was closed"
			}
			return false, newError(ErrorCodeTaskTimeout, message, lost.cause)
		case unknown:
			return false, newError(ErrorCodeConnectionClosed, fmt.Sprintf("%sthe connection broke after %s was "+
				"sent, so whether the server applied it is unknown; it was not sent again", outcomeUnknownPrefix,
				Command(request.Code())), lost.cause)
		case attempt > 0:
			return false, newError(ErrorCodeConnectionClosed, fmt.Sprintf("connection lost twice during %s: %v",
				Command(request.Code()), lost.cause), lost.cause)
		}
	}
}

// lostConnection is an I/O failure mid-request; written says whether any request byte reached the socket.
type lostConnection struct {
	cause   error
	written bool
	timeout bool
}

func (l *lostConnection) Error() string { return "connection lost: " + l.cause.Error() }

func (c *Client) roundTripDecoded(ctx context.Context, request codec.Request, response codec.Value,
	sizeHint int) (bool, error) {
	w := codec.Writer{Buf: make([]byte, RequestHeaderSize, RequestHeaderSize+max(sizeHint, 56))}
	request.Encode(&w)
	if err := w.Err(); err != nil {
		return false, newError(ErrorCodeInvalidFormat, err.Error(), err)
	}
	frame := w.Buf
	binary.LittleEndian.PutUint32(frame, uint32(len(frame)-4))
	binary.LittleEndian.PutUint32(frame[4:], request.Code())
	body, err := c.roundTrip(ctx, frame)
	if err != nil {
		return false, err
	}
	if len(body) == 0 {
		c.rememberLogin(request)
		return true, nil
	}
	if response == nil {
		return false, newError(ErrorCodeInvalidBytesResponse, fmt.Sprintf("%s answered %d bytes where none were "+
			"expected", Command(request.Code()), len(body)), nil)
	}
	if err := codec.DecodePrefix(body, response); err != nil {
		return false, newError(ErrorCodeInvalidBytesResponse, fmt.Sprintf("cannot decode the answer to %s: %v",
			Command(request.Code()), err), err)
	}
	c.rememberLogin(request)
	return false, nil
}

// rememberLogin keeps the credentials of a successful login for re-login after a reconnect, and forgets
// them on logout.
func (c *Client) rememberLogin(request codec.Request) {
	switch r := request.(type) {
	case *codec.LoginUserRequest:
		c.username, c.password, c.token = r.Username, r.Password, ""
	case *codec.LoginWithPersonalAccessTokenRequest:
		c.username, c.password, c.token = "", "", r.Token
	case *codec.LogoutUserRequest:
		c.username, c.password, c.token = "", "", ""
	}
}

// roundTrip writes one frame and reads its answer; the context and the request timeout bound both.
func (c *Client) roundTrip(ctx context.Context, frame []byte) ([]byte, error) {
	conn := c.conn
	deadline := time.Now().Add(c.config.RequestTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	n, err := conn.Write(frame)
	if err != nil {
		return nil, lost(err, n > 0)
	}
	if _, err := io.ReadFull(c.reader, c.header[:]); err != nil {
		return nil, lost(err, true)
	}
	status := binary.LittleEndian.Uint32(c.header[:])
	length := binary.LittleEndian.Uint32(c.header[4:])
	if status != StatusOk {
		if length != 0 { // an error answer never has a body: anything else means the stream is out of step
			return nil, lost(fmt.Errorf("error answer %d with a %d-byte body", status, length), true)
		}
		return nil, newError(ErrorCode(status), "", nil)
	}
	if length > maxResponseBytes {
		return nil, lost(fmt.Errorf("answer announces %d bytes", length), true)
	}
	body := make([]byte, min(int(length), responseChunkBytes))
	for received := 0; ; { // grow with the bytes received, not with the length announced
		read, err := io.ReadFull(c.reader, body[received:])
		received += read
		if err != nil {
			return nil, lost(err, true)
		}
		if received == int(length) {
			return body, nil
		}
		body = append(body, make([]byte, min(int(length)-received, received))...)
	}
}

func lost(err error, written bool) error {
	var netErr net.Error
	timeout := errors.As(err, &netErr) && netErr.Timeout()
	return &lostConnection{cause: err, written: written, timeout: timeout}
}
