package iggy

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func countMessages(t *testing.T, c *Client, partitions uint32) []string {
	t.Helper()
	var payloads []string
	for p := uint32(0); p < partitions; p++ {
		partition := p
		offset := uint64(0)
		for {
			polled := must(c.PollMessages(testContext(t), Named("s"), Named("t"), &partition, ConsumerID(ID(0)),
				PollOffset(offset), 1000, false))(t)
			if len(polled.Messages) == 0 {
				break
			}
			for _, m := range polled.Messages {
				payloads = append(payloads, string(m.Payload))
				offset = m.Offset + 1
			}
		}
	}
	return payloads
}

func TestProducerModesLoseNothing(t *testing.T) { forEachProtocol(t, producerModesLoseNothing) }

func producerModesLoseNothing(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("", protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 1, TopicSettings{}))(t)
	for _, background := range []bool{false, true} {
		producer := must(NewProducer(c, ProducerConfig{Stream: Named("s"), Topic: Named("t"), BatchLength: 100,
			Background: background, MaxBufferedMessages: 250}))(t)
		for i := 0; i < 10; i++ {
			batch := make([]Message, 0, 120)
			for j := 0; j < 120; j++ {
				batch = append(batch, NewMessage([]byte(fmt.Sprintf("%v-%d", background, i*120+j))))
			}
			check(t, producer.Send(ctx, batch...))
		}
		check(t, producer.Close(ctx))
	}
	payloads := countMessages(t, c, 1)
	if len(payloads) != 2400 {
		t.Fatalf("stored %d messages, want 2400", len(payloads))
	}
	for i, payload := range payloads[1200:] { // background mode keeps order
		if payload != fmt.Sprintf("true-%d", i) {
			t.Fatalf("message %d is %q", i, payload)
		}
	}
}

func TestProducerCloseReturnsWhatItCouldNotSend(t *testing.T) {
	forEachProtocol(t, producerCloseReturnsWhatItCouldNotSend)
}

func producerCloseReturnsWhatItCouldNotSend(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("?reconnection_retries=1&reconnection_interval=10ms&heartbeat_interval=0",
		protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 1, TopicSettings{}))(t)
	s.command("kill")
	producer := must(NewProducer(c, ProducerConfig{Stream: Named("s"), Topic: Named("t"), Background: true,
		Retries: 1, RetryBackoff: time.Millisecond}))(t)
	check(t, producer.Send(ctx, NewMessage([]byte("a")), NewMessage([]byte("b"))))
	closeCtx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	err := producer.Close(closeCtx)
	if !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("close with a dead server: %v", err)
	}
	if unsent := producer.UnsentMessages(); len(unsent) != 2 || string(unsent[1].Payload) != "b" {
		t.Fatalf("unsent %d messages", len(unsent))
	}
	if err := producer.Send(ctx, NewMessage([]byte("c"))); !errors.Is(err, ErrProducerClosed) {
		t.Fatalf("send after close: %v", err)
	}
}

// The background queue is bounded: with the head batch stuck in flight (the peer never answers), a full queue
// fails fast with FailWhenFull and otherwise blocks until the caller's context ends.
func TestProducerBufferBound(t *testing.T) {
	c := fakePeer(t, ProtocolV0_8, 0, silent)
	ctx := testContext(t)
	for _, failFast := range []bool{true, false} {
		producer := must(NewProducer(c, ProducerConfig{Stream: ID(0), Topic: ID(0), Background: true,
			MaxBufferedMessages: 2, FailWhenFull: failFast}))(t)
		check(t, producer.Send(ctx, NewMessage([]byte("a")), NewMessage([]byte("b"))))
		short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		err := producer.Send(short, NewMessage([]byte("c")))
		cancel()
		if failFast && !errors.Is(err, ErrBufferFull) {
			t.Fatalf("fail-fast send into a full buffer: %v", err)
		}
		if !failFast && !errors.Is(err, ErrTimeout) {
			t.Fatalf("blocking send into a full buffer must wait for its context: %v", err)
		}
		if unsent := producer.UnsentMessages(); len(unsent) != 2 {
			t.Fatalf("queue holds %d messages", len(unsent))
		}
	}
}
