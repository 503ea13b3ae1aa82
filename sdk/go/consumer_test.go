package iggy

import (
	"fmt"
	"testing"
	"time"
)

// After a server restart the connection (and with it the group membership) is gone: the consumer's client
// reconnects, the server answers 5006 to the group poll, and the consumer joins again and keeps reading.
func TestConsumerRejoinsAfterMembershipIsLost(t *testing.T) {
	forEachProtocol(t, consumerRejoinsAfterMembershipIsLost)
}

func consumerRejoinsAfterMembershipIsLost(t *testing.T, protocol string) {
	s := startServer(t)
	c := connect(t, s, withProtocol("?reconnection_retries=20&reconnection_interval=100ms&heartbeat_interval=0",
		protocol))
	ctx := testContext(t)
	must(c.CreateStream(ctx, "s"))(t)
	must(c.CreateTopic(ctx, Named("s"), "t", 1, TopicSettings{}))(t)
	send := func(from, to int) {
		batch := []Message{}
		for i := from; i < to; i++ {
			batch = append(batch, NewMessage([]byte(fmt.Sprint(i))))
		}
		must(c.SendMessages(ctx, Named("s"), Named("t"), Balanced(), batch))(t)
	}
	send(0, 5)
	consumer := must(NewConsumer(c, ConsumerConfig{Stream: Named("s"), Topic: Named("t"), Group: "g",
		PollInterval: 10 * time.Millisecond}))(t)
	seen := 0
	for message, err := range consumer.Messages(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if seen++; seen == 5 {
			if string(message.Payload) != "4" {
				t.Fatalf("last message %q", message.Payload)
			}
			break
		}
	}
	s.command("kill")
	s.command("restart")
	check(t, c.Ping(ctx)) // a read: replayed on a new connection, which is no longer a group member
	send(5, 8)
	for message, err := range consumer.Messages(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if string(message.Payload) == "7" {
			break
		}
	}
	check(t, consumer.Close(ctx))
}
