package iggy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
)

// must(value, err)(t) answers value, failing the test on err.
func must[T any](value T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return value
	}
}

func TestEveryCommandGroup(t *testing.T) { forEachProtocol(t, everyCommandGroup) }

func everyCommandGroup(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("", protocol))
	ctx := testContext(t)

	if err := c.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	stream := must(c.CreateStream(ctx, "orders"))(t)
	if stream.Name != "orders" {
		t.Fatalf("stream %+v", stream)
	}
	// Over TCP the server answers only the code: the text names what the call named.
	if _, err := c.CreateStream(ctx, "orders"); !errors.Is(err, ErrAlreadyExists) ||
		!errors.Is(err, ErrorCodeStreamNameAlreadyExists) ||
		err.Error() != "[1012 STREAM_NAME_ALREADY_EXISTS] Stream with name: orders already exists." {
		t.Fatalf("duplicate stream: %v", err)
	}
	if missing := must(c.GetStream(ctx, Named("nope")))(t); missing != nil {
		t.Fatalf("missing stream answered %+v", missing)
	}
	if err := c.DeleteStream(ctx, Named("nope")); !errors.Is(err, ErrNotFound) ||
		!strings.Contains(err.Error(), "Stream with ID: nope was not found.") {
		t.Fatalf("delete missing stream: %v", err)
	}
	topic := must(c.CreateTopic(ctx, Named("orders"), "events", 3, TopicSettings{}))(t)
	if len(topic.Partitions) != 3 || topic.MessageExpiry != MessageExpiryNever {
		t.Fatalf("topic %+v", topic)
	}
	check(t, c.UpdateTopic(ctx, Named("orders"), Named("events"), "events", TopicSettings{ReplicationFactor: 1}))
	check(t, c.CreatePartitions(ctx, Named("orders"), Named("events"), 1))
	check(t, c.DeletePartitions(ctx, Named("orders"), Named("events"), 1))
	if topics := must(c.GetTopics(ctx, Named("orders")))(t); len(topics) != 1 {
		t.Fatalf("topics %+v", topics)
	}

	messages := []Message{{Payload: []byte("one"), Headers: Headers{"kind": StringHeader("greeting"),
		"n": Uint32Header(7)}}, NewMessage([]byte("two")), NewMessage(bytes.Repeat([]byte("x"), 1000))}
	confirmation := must(c.SendMessages(ctx, Named("orders"), Named("events"), PartitionID(1), messages))(t)
	if (confirmation != nil) != (protocol == "0.9") ||
		(confirmation != nil && (confirmation.PartitionID != 1 || confirmation.BaseOffset != 0)) {
		t.Fatalf("send confirmation %+v over %s", confirmation, protocol)
	}
	_, err := c.SendMessages(ctx, Named("orders"), Named("events"), PartitionID(9), messages)
	if want := "Partition with ID: 9 for topic with ID: events for stream with ID: orders was not found."; !errors.Is(
		err, ErrNotFound) || !strings.Contains(err.Error(), want) {
		t.Fatalf("send to a missing partition: %v", err)
	}
	one := uint32(1)
	polled := must(c.PollMessages(ctx, Named("orders"), Named("events"), &one, ConsumerID(ID(1)), PollFirst(),
		10, false))(t)
	if len(polled.Messages) != 3 || string(polled.Messages[1].Payload) != "two" || polled.Messages[2].Offset != 2 {
		t.Fatalf("polled %+v", polled)
	}
	headers := must(ParseHeaders(polled.Messages[0].UserHeaders))(t)
	if string(headers["kind"].Value) != "greeting" || headers["n"].Kind != HeaderKindUint32 {
		t.Fatalf("headers %+v", headers)
	}
	check(t, c.FlushUnsavedBuffer(ctx, Named("orders"), Named("events"), 1, true))
	check(t, c.StoreConsumerOffset(ctx, ConsumerID(ID(1)), Named("orders"), Named("events"), &one, 1))
	offset := must(c.GetConsumerOffset(ctx, ConsumerID(ID(1)), Named("orders"), Named("events"), &one))(t)
	if offset == nil || offset.StoredOffset != 1 || offset.CurrentOffset != 2 {
		t.Fatalf("offset %+v", offset)
	}
	check(t, c.DeleteConsumerOffset(ctx, ConsumerID(ID(1)), Named("orders"), Named("events"), &one))

	group := must(c.CreateConsumerGroup(ctx, Named("orders"), Named("events"), "workers"))(t)
	check(t, c.JoinConsumerGroup(ctx, Named("orders"), Named("events"), ID(group.ID)))
	details := must(c.GetConsumerGroup(ctx, Named("orders"), Named("events"), Named("workers")))(t)
	if details == nil || len(details.Members) != 1 || len(details.Members[0].PartitionIDs) != 3 {
		t.Fatalf("group %+v", details)
	}
	me := must(c.GetMe(ctx))(t)
	if len(me.ConsumerGroups) != 1 {
		t.Fatalf("me %+v", me)
	}
	check(t, c.LeaveConsumerGroup(ctx, Named("orders"), Named("events"), Named("workers")))
	if groups := must(c.GetConsumerGroups(ctx, Named("orders"), Named("events")))(t); len(groups) != 1 {
		t.Fatalf("groups %+v", groups)
	}
	check(t, c.DeleteConsumerGroup(ctx, Named("orders"), Named("events"), Named("workers")))

	permissions := &Permissions{ReadStreams: true, Streams: []StreamPermissions{{StreamID: stream.ID,
		ReadTopics: true, Topics: []TopicPermissions{{TopicID: topic.ID, PollMessages: true}}}}}
	user := must(c.CreateUser(ctx, "alice", "secret1", UserStatusActive, permissions))(t)
	if user.Permissions == nil || len(user.Permissions.Streams[0].Topics) != 1 {
		t.Fatalf("user %+v", user)
	}
	renamed := "alice2"
	check(t, c.UpdateUser(ctx, Named("alice"), &renamed, nil))
	check(t, c.UpdatePermissions(ctx, Named("alice2"), nil))
	check(t, c.ChangePassword(ctx, Named("alice2"), "secret1", "secret2"))
	if users := must(c.GetUsers(ctx))(t); len(users) != 2 {
		t.Fatalf("users %+v", users)
	}
	other := connect(t, s, withProtocol("", protocol))
	if _, err := other.LoginUser(ctx, "alice2", "wrong"); !errors.Is(err, ErrInvalidCredentials) ||
		errors.Is(err, ErrEvicted) != (protocol == "0.9") {
		t.Fatalf("wrong password: %v", err)
	}
	must(other.LoginUser(ctx, "alice2", "secret2"))(t)
	if _, err := other.GetUsers(ctx); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("unauthorized: %v", err)
	}
	token := must(other.CreatePersonalAccessToken(ctx, "ci-token", 0))(t)
	if tokens := must(other.GetPersonalAccessTokens(ctx))(t); len(tokens) != 1 || tokens[0].Name != "ci-token" {
		t.Fatalf("tokens %+v", tokens)
	}
	check(t, other.LogoutUser(ctx))
	if _, err := other.GetMe(ctx); !errors.Is(err, ErrUnauthenticated) {
		t.Fatalf("after logout: %v", err)
	}
	must(other.LoginWithPersonalAccessToken(ctx, token))(t)
	check(t, other.DeletePersonalAccessToken(ctx, "ci-token"))
	check(t, c.DeleteUser(ctx, Named("alice2")))

	if stats := must(c.GetStats(ctx))(t); stats.StreamsCount != 1 || stats.MessagesCount != 3 {
		t.Fatalf("stats %+v", stats)
	}
	if clients := must(c.GetClients(ctx))(t); len(clients) < 2 {
		t.Fatalf("clients %+v", clients)
	}
	if info := must(c.GetClient(ctx, me.ClientID))(t); info == nil || info.ClientID != me.ClientID {
		t.Fatalf("client %+v", info)
	}
	if metadata := must(c.GetClusterMetadata(ctx))(t); len(metadata.Nodes) == 0 {
		t.Fatalf("metadata %+v", metadata)
	}
	archive := must(c.GetSnapshot(ctx, SnapshotCompressionDeflated, []SnapshotType{SnapshotTypeTest}))(t)
	if !bytes.HasPrefix(archive, []byte("PK")) {
		t.Fatalf("snapshot is not a zip")
	}
	check(t, c.DeleteSegments(ctx, Named("orders"), Named("events"), 0, 1))
	check(t, c.PurgeTopic(ctx, Named("orders"), Named("events")))
	check(t, c.UpdateStream(ctx, Named("orders"), "orders2"))
	check(t, c.PurgeStream(ctx, Named("orders2")))
	check(t, c.DeleteTopic(ctx, Named("orders2"), Named("events")))
	check(t, c.DeleteStream(ctx, Named("orders2")))
	if streams := must(c.GetStreams(ctx))(t); len(streams) != 0 {
		t.Fatalf("streams left %+v", streams)
	}
}

// The replay decision reads the spec's replay_safe: the lookups and Ping, wherever their names start
// (DescribeOptions), never a command that changes state, a login or an unknown code.
func TestReplayDecisionFollowsTheSpec(t *testing.T) {
	for _, command := range []Command{CommandPing, CommandGetSnapshot, CommandGetStreams, CommandDescribeOptions} {
		if !replayable(uint32(command)) {
			t.Errorf("%s must be replayed after a lost connection", command)
		}
	}
	for _, command := range []Command{CommandSendMessages, CommandLoginUser, CommandLoginRegister, CommandLogoutUser,
		CommandSyncConsumerGroup, Command(9999)} {
		if replayable(uint32(command)) {
			t.Errorf("%s must not be replayed", command)
		}
	}
	for _, info := range commandInfo {
		if info.Mutates && replayable(info.Code) {
			t.Errorf("%s changes state: never replayed", info.Name)
		}
	}
}

func TestReconnectReplaysReadsAndRefusesUnknownOutcomes(t *testing.T) {
	forEachProtocol(t, reconnectReplaysReadsAndRefusesUnknownOutcomes)
}

func reconnectReplaysReadsAndRefusesUnknownOutcomes(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("?reconnection_retries=20&reconnection_interval=100ms&heartbeat_interval=0",
		protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 1, TopicSettings{}))(t)

	s.command("kill")
	s.command("restart")
	// A read after the restart reconnects, logs in again and is answered.
	if streams := must(c.GetStreams(ctx))(t); len(streams) != 1 {
		t.Fatalf("streams after restart: %+v", streams)
	}

	s.command("kill")
	// A send on the dead connection: the bytes may have reached a socket, so the outcome is unknown.
	_, err := c.SendMessages(ctx, Named("s"), Named("t"), PartitionID(0), []Message{NewMessage([]byte("x"))})
	if !errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("send on a killed server: %v", err)
	}
	s.command("restart")
	check(t, c.Ping(ctx))
}

// A peer that reads requests and never answers: cancelling the caller's context must fail the request as
// "outcome unknown" (it was sent) and close the connection, so no late answer is read as another's.
func TestCancelledRequestClosesTheConnection(t *testing.T) {
	peerClosed := make(chan struct{})
	c := fakePeer(t, ProtocolV0_9, 0, func(conn net.Conn) { silent(conn); close(peerClosed) })
	ctx, cancel := context.WithCancel(testContext(t))
	time.AfterFunc(200*time.Millisecond, cancel)
	_, err := c.CreateStream(ctx, "s")
	if !errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled, sent CreateStream must be outcome-unknown: %v", err)
	}
	select {
	case <-peerClosed:
	case <-time.After(30 * time.Second):
		t.Fatal("the client kept the connection open after the cancelled request")
	}
}

// A context that ends as its exchange finishes must not leave its abort on the connection's next exchange: the
// consumer-group sample's members, their poll's context cancelled as the poll was answered, failed the
// LeaveConsumerGroup after it at once ("no answer within 30s"). The race is narrow, hence the rounds.
func TestAnAbortEndsBeforeTheNextExchange(t *testing.T) {
	for round := 0; round < 2000; round++ {
		client, server := net.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		stop := abortOnCancel(ctx, client)
		cancel()
		stop()
		_ = client.SetDeadline(time.Now().Add(30 * time.Second)) // the next exchange
		go func() { _, _ = server.Write([]byte{1}) }()
		var answer [1]byte
		if _, err := client.Read(answer[:]); err != nil {
			t.Fatalf("round %d: the next exchange failed: %v", round, err)
		}
		_ = client.Close()
		_ = server.Close()
	}
}

func TestTLS(t *testing.T) {
	s := startServer(t, "--tls")
	if s.caFile == "" {
		t.Fatal("the launcher printed no ca_file")
	}
	for _, protocol := range protocols {
		c := connect(t, s, withProtocol(fmt.Sprintf("?tls=true&tls_domain=localhost&tls_ca_file=%s", s.caFile),
			protocol))
		check(t, c.Ping(testContext(t)))
		must(c.CreateStream(testContext(t), "tls-"+protocol))(t)
	}
	if _, err := Connect(testContext(t), s.url("?tls=true&tls_domain=localhost")); !errors.Is(err,
		ErrorCodeCannotEstablishConnection) {
		t.Fatalf("an untrusted certificate must be refused: %v", err)
	}
}

func TestConsumerGroupIterator(t *testing.T) { forEachProtocol(t, consumerGroupIterator) }

func consumerGroupIterator(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("", protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 2, TopicSettings{}))(t)
	for i := 0; i < 10; i++ {
		must(c.SendMessages(ctx, Named("s"), Named("t"), Balanced(), []Message{NewMessage([]byte(fmt.Sprint(i)))}))(t)
	}
	consumer := must(NewConsumer(c, ConsumerConfig{Stream: Named("s"), Topic: Named("t"), Group: "g",
		PollInterval: 10 * time.Millisecond}))(t)
	seen := 0
	for _, err := range consumer.Messages(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if seen++; seen == 10 {
			break
		}
	}
	check(t, consumer.Close(ctx))
	// Close committed everything handed out: a new member reads nothing.
	again := must(NewConsumer(c, ConsumerConfig{Stream: Named("s"), Topic: Named("t"), Group: "g"}))(t)
	short, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	for message, err := range again.Messages(short) {
		if err == nil {
			t.Fatalf("re-read offset %d after close committed it", message.Offset)
		}
		if !errors.Is(err, ErrTimeout) {
			t.Fatal(err)
		}
	}
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Close does not wait for a request that will never be answered: it aborts it.
func TestCloseAbortsARequestInFlight(t *testing.T) {
	c := fakePeer(t, ProtocolV0_9, 0, silent)
	failed := make(chan error, 1)
	go func() { failed <- c.Ping(testContext(t)) }()
	time.Sleep(100 * time.Millisecond) // let the ping be written; the peer never answers
	check(t, c.Close())
	select {
	case err := <-failed:
		if !errors.Is(err, ErrorCodeClientShutdown) {
			t.Fatalf("the aborted ping failed with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the request in flight was not aborted by Close")
	}
	if err := c.Ping(testContext(t)); !errors.Is(err, ErrorCodeClientShutdown) {
		t.Fatalf("a call after Close: %v", err)
	}
}

// The heartbeat pings on its own: a fake server answering OK counts the Ping frames it receives.
func TestHeartbeatPings(t *testing.T) {
	for _, protocol := range AllProtocolVersions {
		pings := make(chan struct{}, 100)
		fakePeer(t, protocol, 20*time.Millisecond, answerOK(protocol, func(command Command) {
			if command == CommandPing {
				pings <- struct{}{}
			}
		}))
		for i := 0; i < 2; i++ {
			select {
			case <-pings:
			case <-time.After(30 * time.Second):
				t.Fatalf("no heartbeat ping over %s", protocol)
			}
		}
	}
}

// An empty OK body means "missing" only where the spec says so; anywhere else it is a malformed answer.
func TestEmptyAnswers(t *testing.T) {
	for _, protocol := range AllProtocolVersions {
		c := fakePeer(t, protocol, 0, answerOK(protocol, func(Command) {}))
		if stream := must(c.GetStream(testContext(t), Named("s")))(t); stream != nil {
			t.Fatalf("a missing stream: %+v", stream)
		}
		if _, err := c.CreateStream(testContext(t), "s"); !errors.Is(err, ErrorCodeEmptyResponse) {
			t.Fatalf("an empty CreateStream answer over %s: %v", protocol, err)
		}
		if streams := must(c.GetStreams(testContext(t)))(t); streams == nil || len(streams) != 0 {
			t.Fatalf("an empty list: %#v", streams)
		}
	}
}

func TestPollMessagesIntoReusesItsBuffer(t *testing.T) {
	forEachProtocol(t, pollMessagesIntoReusesItsBuffer)
}

func pollMessagesIntoReusesItsBuffer(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("", protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 1, TopicSettings{}))(t)
	messages := make([]Message, 30)
	for i := range messages {
		messages[i] = NewMessage([]byte(strings.Repeat(fmt.Sprint(i), 1+i%3)))
	}
	must(c.SendMessages(ctx, Named("s"), Named("t"), PartitionID(0), messages))(t)
	partition := uint32(0)
	var buffer PollBuffer
	poll := func(offset uint64, count uint32) *PolledMessages {
		polled := must(c.PollMessagesInto(ctx, &buffer, Named("s"), Named("t"), &partition, ConsumerID(ID(1)),
			PollOffset(offset), count, false))(t)
		if len(polled.Messages) != int(count) {
			t.Fatalf("%d messages from %d, asked %d", len(polled.Messages), offset, count)
		}
		for i, m := range polled.Messages {
			if m.Offset != offset+uint64(i) || !bytes.Equal(m.Payload, messages[m.Offset].Payload) {
				t.Fatalf("message %d: offset %d payload %q", i, m.Offset, m.Payload)
			}
		}
		return polled
	}
	first := poll(10, 10)
	memory := &buffer.body[:1][0]
	// Messages 0..9 take fewer bytes than 10..19: the same memory and message slice hold them, overwritten.
	if second := poll(0, 10); second != first || &buffer.body[:1][0] != memory {
		t.Fatal("a smaller answer did not reuse the buffer")
	}
	poll(0, 30) // a larger answer grows the buffer, and is read whole
}
