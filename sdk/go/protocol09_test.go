package iggy

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// What Iggy 0.9 adds, against a real server: the option catalog, topic options sent and read back, the update
// patch, client-side partitioning with send confirmations, a token login registering a session, the group
// assignment and the fenced poll.
func TestProtocol09Features(t *testing.T) {
	s := startServer(t)
	c := connect(t, s, "?protocol=0.9")
	ctx := testContext(t)

	catalog := must(c.DescribeOptions(ctx, OptionScopeTopic))(t)
	keys := map[string]bool{}
	for _, entry := range catalog {
		keys[entry.Key] = true
	}
	for _, option := range OptionCatalog {
		if option.Scope == OptionScopeTopic && !keys[option.Key] {
			t.Errorf("the server's topic catalog lacks %s", option.Key)
		}
	}
	if streams := must(c.DescribeOptions(ctx, OptionScopeStream))(t); len(streams) != 0 {
		t.Errorf("stream catalog %+v", streams)
	}

	must(c.CreateStream(ctx, "s"))(t)
	topic := must(c.CreateTopic(ctx, Named("s"), "t", 3, TopicSettings{CompressionAlgorithm: CompressionAlgorithmGzip,
		MessageExpiryUs: 60_000_000, Options: []Option{OptionOf("segment_size", StringHeader("128 MiB"))}}))(t)
	explicit := must(ParseOptions(topic.Options))(t)
	if string(explicit["compression_algorithm"].Value) != "gzip" ||
		string(explicit["durability"].Value) != "replicated" || len(explicit["segment_size"].Value) == 0 {
		t.Fatalf("explicit options %v", explicit)
	}
	if topic.CompressionAlgorithm != uint8(CompressionAlgorithmGzip) || topic.MessageExpiry != 60_000_000 {
		t.Fatalf("topic %+v", topic)
	}
	if derived := must(ParseOptions(topic.DerivedOptions))(t); len(derived) == 0 {
		t.Fatal("no derived options")
	}
	// A patch: only the expiry changes.
	check(t, c.UpdateTopic(ctx, Named("s"), Named("t"), "t", TopicSettings{MessageExpiryUs: 120_000_000}))
	updated := must(c.GetTopic(ctx, Named("s"), Named("t")))(t)
	if updated.MessageExpiry != 120_000_000 || updated.CompressionAlgorithm != uint8(CompressionAlgorithmGzip) {
		t.Fatalf("after the patch %+v", updated)
	}
	if _, err := c.CreateTopic(ctx, Named("s"), "bad", 1, TopicSettings{Options: []Option{
		OptionOf("no_such_key", StringHeader("1"))}}); !errors.Is(err, ErrorCodeUnsupportedOptionKey) {
		t.Fatalf("an unknown option key: %v", err)
	}
	if _, err := c.CreateTopic(ctx, Named("s"), "bad", 1, TopicSettings{ReplicationFactor: 3}); !errors.Is(err,
		ErrorCodeFeatureUnavailable) {
		t.Fatalf("a replication factor over 0.9: %v", err)
	}

	// Balanced sends go round robin over the three partitions; a key always to XXH32(key) % 3.
	seen := map[uint32]int{}
	for i := 0; i < 6; i++ {
		confirmation := must(c.SendMessages(ctx, Named("s"), Named("t"), Balanced(),
			[]Message{NewMessage([]byte(fmt.Sprint(i)))}))(t)
		if confirmation == nil || confirmation.BaseOffset != uint64(seen[confirmation.PartitionID]) {
			t.Fatalf("send %d: confirmation %+v after %v", i, confirmation, seen)
		}
		seen[confirmation.PartitionID]++
	}
	if len(seen) != 3 || seen[0] != 2 || seen[1] != 2 || seen[2] != 2 {
		t.Fatalf("balanced sends landed %v", seen)
	}
	key := []byte("customer-42")
	for i := 0; i < 2; i++ {
		confirmation := must(c.SendMessages(ctx, Named("s"), Named("t"), MessagesKey(key),
			[]Message{NewMessage([]byte("k"))}))(t)
		if confirmation.PartitionID != codec.XXH32(key)%3 {
			t.Fatalf("a keyed send went to %d", confirmation.PartitionID)
		}
	}

	// A token login registers a session too.
	token := must(c.CreatePersonalAccessToken(ctx, "go-09", 0))(t)
	config := c.Config()
	config.Username, config.Password, config.Token = "", "", token
	other := must(NewClient(config))(t)
	defer other.Close()
	check(t, other.Connect(ctx))
	if me := must(other.GetMe(ctx))(t); me.UserID != 0 {
		t.Fatalf("token login as user %d", me.UserID)
	}

	// Two members share a group: the assignments split the partitions, with one generation.
	must(c.CreateConsumerGroup(ctx, Named("s"), Named("t"), "g"))(t)
	check(t, c.JoinConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))
	check(t, other.JoinConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))
	deadline := time.Now().Add(30 * time.Second)
	for {
		a := must(c.SyncConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))(t)
		b := must(other.SyncConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))(t)
		if a != nil && b != nil && len(a.Partitions)+len(b.Partitions) == 3 && len(a.Partitions) > 0 &&
			len(b.Partitions) > 0 && a.Generation == b.Generation {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("assignments %+v and %+v", a, b)
		}
		time.Sleep(50 * time.Millisecond)
	}
	third := connect(t, s, "?protocol=0.9")
	if missing := must(third.SyncConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))(t); missing != nil {
		t.Fatalf("a non-member's assignment %+v", missing)
	}
	// A member polling a partition it does not own is fenced: an empty answer telling it to sync again.
	theirs := must(other.SyncConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))(t).Partitions[0]
	fenced := must(c.PollMessages(ctx, Named("s"), Named("t"), &theirs, ConsumerGroupID(Named("g")), PollNext(), 10,
		false))(t)
	if fenced.PartitionID != ResyncPartitionId || len(fenced.Messages) != 0 {
		t.Fatalf("a poll of another member's partition answered partition %d with %d messages", fenced.PartitionID,
			len(fenced.Messages))
	}
	own := must(other.PollMessages(ctx, Named("s"), Named("t"), &theirs, ConsumerGroupID(Named("g")), PollNext(), 10,
		false))(t)
	if own.PartitionID != theirs || len(own.Messages) == 0 {
		t.Fatalf("the owner's poll of partition %d answered partition %d with %d messages", theirs, own.PartitionID,
			len(own.Messages))
	}
}

// Every login, reconnect and re-login registers a new identity (client id) and gets a new session, as the official
// 0.9 clients do.
func TestReconnectRegistersANewSession(t *testing.T) {
	s := startServer(t)
	c := connect(t, s, "?protocol=0.9&heartbeat_interval=0&reconnection_interval=10ms")
	ctx := testContext(t)
	identity := func() (codec.U128, uint64) { return c.session.client, c.session.session }
	firstClient, firstSession := identity()
	if firstSession == 0 {
		t.Fatal("no session after the login")
	}
	c.liveMu.Lock()
	_ = c.live.Close() // the connection dies under the client
	c.liveMu.Unlock()
	must(c.GetStreams(ctx))(t) // a read: sent again on a new connection, after a new login
	secondClient, secondSession := identity()
	if secondClient == firstClient || secondSession == firstSession || secondSession == 0 {
		t.Fatalf("after the reconnect: client %v session %d, before %v %d", secondClient, secondSession,
			firstClient, firstSession)
	}
	must(c.LoginUser(ctx, "iggy", "iggy"))(t) // an explicit re-login: a third identity
	if thirdClient, _ := identity(); thirdClient == firstClient || thirdClient == secondClient {
		t.Fatal("a re-login kept an old client id")
	}
}

// The real server evicts a request that carries a session it did not bind: the error is typed and carries the
// reason; a read is sent again under a new session, a write is not.
func TestSessionEvictionsOnTheServer(t *testing.T) {
	s := startServer(t)
	c := connect(t, s, "?protocol=0.9&heartbeat_interval=0&reconnection_interval=10ms")
	ctx := testContext(t)
	_, bound := c.session.client, c.session.session
	c.session.session = bound + 1000
	if streams := must(c.GetStreams(ctx))(t); len(streams) != 0 { // evicted, reconnected, replayed
		t.Fatalf("streams %+v", streams)
	}
	if c.session.session == bound+1000 || c.session.session == 0 {
		t.Fatalf("the read did not register a new session: %d", c.session.session)
	}
	c.session.session += 1000
	_, err := c.CreateStream(ctx, "evicted")
	e, _ := AsError(err)
	if reason, evicted := e.Evicted(); !errors.Is(err, ErrEvicted) || !evicted || reason != EvictionReasonSessionError {
		t.Fatalf("a write under an unbound session: %v", err)
	}
	// The eviction says the server applied nothing: the stream does not exist, and the client is usable again.
	if stream := must(c.GetStream(ctx, Named("evicted")))(t); stream != nil {
		t.Fatalf("the evicted write was applied: %+v", stream)
	}
	must(c.CreateStream(ctx, "after"))(t)
}

// A failed login is an eviction carrying its reason, and also the credentials kind users check.
func TestLoginFailuresAreEvictionsWithTheirReason(t *testing.T) {
	s := startServer(t)
	ctx := testContext(t)
	_, err := Connect(ctx, "iggy://iggy:wrong@"+s.address+"?protocol=0.9&reconnection_retries=0")
	e, _ := AsError(err)
	if reason, evicted := e.Evicted(); !errors.Is(err, ErrInvalidCredentials) || !evicted ||
		reason != EvictionReasonInvalidCredentials || !errors.Is(err, ErrorCodeInvalidCredentials) {
		t.Fatalf("a wrong password: %v", err)
	}
	_, err = Connect(ctx, "iggy://not-a-token@"+s.address+"?protocol=0.9&reconnection_retries=0")
	e, _ = AsError(err)
	if reason, evicted := e.Evicted(); !evicted || reason != EvictionReasonInvalidToken ||
		!errors.Is(err, ErrorCodeInvalidPersonalAccessToken) {
		t.Fatalf("a bad token: %v", err)
	}
	// 0.8 has no evictions: the same login fails with the code alone.
	_, err = Connect(ctx, "iggy://iggy:wrong@"+s.address+"?protocol=0.8&reconnection_retries=0")
	if e, _ := AsError(err); !errors.Is(err, ErrInvalidCredentials) || errors.Is(err, ErrEvicted) || e == nil {
		t.Fatalf("a wrong password over 0.8: %v", err)
	}
}

// cuttingProxy forwards loopback TCP to the server; once armed, it closes both sides when the server's next bytes
// arrive instead of forwarding them: the request was applied, its reply lost.
type cuttingProxy struct {
	listener    net.Listener
	target      string
	armed       atomic.Bool
	connections atomic.Int32
}

func startCuttingProxy(t *testing.T, target string) *cuttingProxy {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cuttingProxy{listener: listener, target: target}
	t.Cleanup(func() { _ = listener.Close() })
	go func() {
		for {
			client, err := listener.Accept()
			if err != nil {
				return
			}
			p.connections.Add(1)
			go p.serve(client)
		}
	}()
	return p
}

func (p *cuttingProxy) serve(client net.Conn) {
	defer client.Close()
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer server.Close()
	go func() { _, _ = io.Copy(server, client); _ = server.Close() }()
	buf := make([]byte, 64<<10)
	for {
		n, err := server.Read(buf)
		if n > 0 && p.armed.CompareAndSwap(true, false) {
			return // both sides closed by the defers
		}
		if n > 0 {
			if _, err := client.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// A write whose reply was lost is reported as outcome unknown and never sent again: the server applied it once.
func TestALostReplyIsNotSentAgain(t *testing.T) { forEachProtocol(t, aLostReplyIsNotSentAgain) }

func aLostReplyIsNotSentAgain(t *testing.T, protocol string) {
	s := startServer(t)
	proxy := startCuttingProxy(t, s.address)
	ctx := testContext(t)
	c := must(Connect(ctx, "iggy://iggy:iggy@"+proxy.listener.Addr().String()+
		withProtocol("?heartbeat_interval=0&reconnection_interval=10ms", protocol)))(t)
	defer c.Close()
	var identity codec.U128
	if c.session != nil {
		identity = c.session.client
	}
	proxy.armed.Store(true)
	_, err := c.CreateStream(ctx, "lost")
	if !errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("a create whose reply was lost: %v", err)
	}
	// The next call connects again (0.9: under a new identity); the stream exists once: applied once, never resent.
	if stream := must(c.GetStream(ctx, Named("lost")))(t); stream == nil {
		t.Fatal("the server did not apply the create")
	}
	if c.session != nil && c.session.client == identity {
		t.Fatal("the reconnect kept the old client id")
	}
	if n := proxy.connections.Load(); n != 2 {
		t.Fatalf("%d connections", n)
	}
	named := 0
	for _, stream := range must(c.GetStreams(ctx))(t) {
		if stream.Name == "lost" {
			named++
		}
	}
	if named != 1 {
		t.Fatalf("%d streams named lost", named)
	}
}

// A 0.9 group hands partitions over without duplicates: a second member joins while the first is consuming
// (mid-batch, with messages handed out but not committed), the first gives partitions up once it committed what it
// polled from them, and every message is processed exactly once across the two.
func TestCooperativeHandOffHasNoDuplicates(t *testing.T) {
	s := startServer(t)
	options := "?protocol=0.9&heartbeat_interval=0"
	producer := connect(t, s, options)
	ctx := testContext(t)
	must(producer.CreateStream(ctx, "s"))(t)
	must(producer.CreateTopic(ctx, Named("s"), "t", 4, TopicSettings{}))(t)
	const total = 400
	for p := uint32(0); p < 4; p++ {
		batch := make([]Message, total/4)
		for i := range batch {
			batch[i] = NewMessage(binary.LittleEndian.AppendUint32(nil, p*total/4+uint32(i)))
		}
		must(producer.SendMessages(ctx, Named("s"), Named("t"), PartitionID(p), batch))(t)
	}
	config := ConsumerConfig{Stream: Named("s"), Topic: Named("t"), Group: "g", BatchLength: 10,
		SyncInterval: 20 * time.Millisecond, PollInterval: 10 * time.Millisecond}
	first := must(NewConsumer(connect(t, s, options), config))(t)
	second := must(NewConsumer(connect(t, s, options), config))(t)

	var mu sync.Mutex
	counts := make([]int, total)
	perMember := map[*MessageConsumer]int{}
	consumed := 0
	done, finish := context.WithCancel(ctx)
	defer finish()
	joined := make(chan struct{})
	// Each member consumes in its own goroutine, as an application would; the first stops after message 100
	// (in the middle of a batch) until the second is a member.
	run := func(m *MessageConsumer, errs chan<- error) {
		for message, err := range m.Messages(done) {
			if err != nil {
				if done.Err() != nil {
					err = nil // the test ended the loop
				}
				errs <- err
				return
			}
			mu.Lock()
			counts[binary.LittleEndian.Uint32(message.Payload)]++
			perMember[m]++
			consumed++
			n := consumed
			mu.Unlock()
			if n == total {
				finish()
			}
			if m == first && n == 100 {
				<-joined
			}
		}
		errs <- nil
	}
	firstErr, secondErr := make(chan error, 1), make(chan error, 1)
	go run(first, firstErr)
	for {
		mu.Lock()
		n := consumed
		mu.Unlock()
		if n >= 100 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	_, before := first.Assignment() // the first is parked: reading its state does not race
	go run(second, secondErr)
	for members := 0; members < 2; {
		group := must(producer.GetConsumerGroup(ctx, Named("s"), Named("t"), Named("g")))(t)
		members = len(group.Members)
		time.Sleep(5 * time.Millisecond)
	}
	close(joined)
	check(t, <-firstErr)
	check(t, <-secondErr)
	_, after := first.Assignment()
	_, theirs := second.Assignment()
	if len(before) != 4 || len(after) >= 4 || len(theirs) == 0 || perMember[second] == 0 {
		t.Fatalf("assignments: first %v then %v, second %v (it consumed %d)", before, after, theirs,
			perMember[second])
	}
	check(t, first.Close(ctx))
	check(t, second.Close(ctx))
	for i, n := range counts {
		if n != 1 {
			t.Fatalf("message %d processed %d times", i, n)
		}
	}
}
