// Basic sample: create a stream and topic, send a few messages with a header, poll them back.
//
// Run: go run ./samples/basic [-stream NAME] [-messages N] [CONNECTION_STRING]
// (an Iggy 0.9 server unless the connection string says ?protocol=0.8)
// (default connection string iggy://iggy:iggy@127.0.0.1:8090)
package main

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"time"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

func main() {
	stream := flag.String("stream", "sample-basic", "stream name (deleted at the end)")
	messages := flag.Int("messages", 10, "messages to send")
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
	if existing, err := client.GetStream(ctx, iggy.Named(*stream)); err != nil {
		log.Fatal(err)
	} else if existing == nil {
		if _, err := client.CreateStream(ctx, *stream); err != nil {
			log.Fatal(err)
		}
	}
	if _, err := client.CreateTopic(ctx, iggy.Named(*stream), "events", 1, iggy.TopicSettings{}); err != nil &&
		!iggy.IsAlreadyExists(err) {
		log.Fatal(err)
	}
	batch := make([]iggy.Message, *messages)
	for i := range batch {
		batch[i] = iggy.Message{Payload: []byte(fmt.Sprintf("hello %d", i)),
			Headers: iggy.Headers{"index": iggy.Uint32Header(uint32(i))}}
	}
	confirmation, err := client.SendMessages(ctx, iggy.Named(*stream), iggy.Named("events"), iggy.PartitionID(0),
		batch)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("sent %d messages to %s/events\n", *messages, *stream)
	if confirmation != nil { // Iggy 0.9 says where the batch went; 0.8 answers nothing
		fmt.Printf("stored in partition %d from offset %d\n", confirmation.PartitionID, confirmation.BaseOffset)
	}
	partition := uint32(0)
	polled, err := client.PollMessages(ctx, iggy.Named(*stream), iggy.Named("events"), &partition,
		iggy.ConsumerID(iggy.ID(0)), iggy.PollFirst(), uint32(*messages), false)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range polled.Messages {
		headers, err := iggy.ParseHeaders(m.UserHeaders)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("offset=%d index=%d payload=%s\n", m.Offset, binary.LittleEndian.Uint32(headers["index"].Value),
			m.Payload)
	}
	fmt.Printf("polled %d messages\n", len(polled.Messages))
	if err := client.DeleteStream(ctx, iggy.Named(*stream)); err != nil {
		log.Fatal(err)
	}
}
