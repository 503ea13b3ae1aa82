// At-least-once sample: a consumer that crashes mid-stream resumes after its last commit.
//
// Run: go run ./samples/at_least_once [-stream NAME] [-messages N] [CONNECTION_STRING]
// (an Iggy 0.9 server unless the connection string says ?protocol=0.8)
// The first consumer processes part of the stream and "crashes" (stops without Close, so without a final
// commit); the second one, with the same consumer id, continues from the last committed offset, so every
// message is processed at least once and nothing is skipped.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

func main() {
	stream := flag.String("stream", "sample-at-least-once", "stream name (deleted at the end)")
	messages := flag.Int("messages", 100, "messages to send")
	flag.Parse()
	url := "iggy://iggy:iggy@127.0.0.1:8090"
	if flag.NArg() > 0 {
		url = flag.Arg(0)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client, err := iggy.Connect(ctx, url)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	if err := client.DeleteStream(ctx, iggy.Named(*stream)); err != nil && !iggy.IsNotFound(err) {
		log.Fatal(err)
	}
	if _, err := client.CreateStream(ctx, *stream); err != nil {
		log.Fatal(err)
	}
	if _, err := client.CreateTopic(ctx, iggy.Named(*stream), "payments", 1, iggy.TopicSettings{}); err != nil {
		log.Fatal(err)
	}
	producer, err := iggy.NewProducer(client, iggy.ProducerConfig{Stream: iggy.Named(*stream),
		Topic: iggy.Named("payments"), Background: true, BatchLength: 50, Linger: 2 * time.Millisecond})
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i < *messages; i++ {
		if err := producer.Send(ctx, iggy.NewMessage([]byte(fmt.Sprintf("payment-%d", i)))); err != nil {
			log.Fatal(err)
		}
	}
	if err := producer.Close(ctx); err != nil { // everything is acknowledged once Close returns
		log.Fatal(err)
	}

	partition := uint32(0)
	config := iggy.ConsumerConfig{Stream: iggy.Named(*stream), Topic: iggy.Named("payments"), ConsumerID: 7,
		PartitionID: &partition, BatchLength: 10, AutoCommit: iggy.AutoCommitWhenConsumed()}
	processed := map[string]int{}
	total := 0
	first, err := iggy.NewConsumer(client, config)
	if err != nil {
		log.Fatal(err)
	}
	for message, err := range first.Messages(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		processed[string(message.Payload)]++
		if total++; total == *messages/2 {
			break // simulated crash: no Close, so only what was handed out before the last poll is committed
		}
	}
	fmt.Printf("first consumer processed %d messages\n", total)

	second, err := iggy.NewConsumer(client, config)
	if err != nil {
		log.Fatal(err)
	}
	resumedAt := int64(-1)
	for message, err := range second.Messages(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		if resumedAt < 0 {
			resumedAt = int64(message.Offset)
		}
		processed[string(message.Payload)]++
		total++
		if message.Offset == uint64(*messages-1) {
			break
		}
	}
	if err := second.Close(ctx); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("second consumer resumed at offset %d; processed %d in total, %d distinct of %d (%d redelivered)\n",
		resumedAt, total, len(processed), *messages, total-len(processed))
	if err := client.DeleteStream(ctx, iggy.Named(*stream)); err != nil {
		log.Fatal(err)
	}
}
