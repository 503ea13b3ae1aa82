// Consumer-group sample: a producer fills a 3-partition topic; two group members share the work.
//
// Run: go run ./samples/consumer_group [-stream NAME] [-messages N] [CONNECTION_STRING]
// (an Iggy 0.9 server unless the connection string says ?protocol=0.8)
// Each message is processed by exactly one member; the sample prints how the partitions were split.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sort"
	"sync"
	"time"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

type seen struct {
	member    string
	partition uint32
	payload   string
}

func main() {
	stream := flag.String("stream", "sample-consumer-group", "stream name (deleted at the end)")
	messages := flag.Int("messages", 300, "messages to send")
	flag.Parse()
	url := "iggy://iggy:iggy@127.0.0.1:8090"
	if flag.NArg() > 0 {
		url = flag.Arg(0)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := iggy.Connect(ctx, url)
	if err != nil {
		log.Fatal(err)
	}
	defer admin.Close()
	if err := admin.DeleteStream(ctx, iggy.Named(*stream)); err != nil && !iggy.IsNotFound(err) {
		log.Fatal(err)
	}
	if _, err := admin.CreateStream(ctx, *stream); err != nil {
		log.Fatal(err)
	}
	if _, err := admin.CreateTopic(ctx, iggy.Named(*stream), "orders", 3, iggy.TopicSettings{}); err != nil {
		log.Fatal(err)
	}
	producer, err := iggy.NewProducer(admin, iggy.ProducerConfig{Stream: iggy.Named(*stream),
		Topic: iggy.Named("orders"), BatchLength: 100})
	if err != nil {
		log.Fatal(err)
	}
	for i := 0; i < *messages; i++ {
		if err := producer.Send(ctx, iggy.NewMessage([]byte(fmt.Sprintf("order-%d", i)))); err != nil {
			log.Fatal(err)
		}
	}
	if err := producer.Close(ctx); err != nil {
		log.Fatal(err)
	}

	var mu sync.Mutex
	var all []seen
	done, stop := context.WithCancel(ctx)
	defer stop()
	var members sync.WaitGroup
	for n := 0; n < 2; n++ {
		members.Add(1)
		go func(name string) {
			defer members.Done()
			// Group membership is per connection: each member has its own client.
			client, err := iggy.Connect(ctx, url)
			if err != nil {
				log.Fatal(err)
			}
			defer client.Close()
			consumer, err := iggy.NewConsumer(client, iggy.ConsumerConfig{Stream: iggy.Named(*stream),
				Topic: iggy.Named("orders"), Group: "workers", BatchLength: 20, PollInterval: 20 * time.Millisecond})
			if err != nil {
				log.Fatal(err)
			}
			for message, err := range consumer.Messages(done) {
				if err != nil {
					break // done was cancelled: every message has been processed
				}
				mu.Lock()
				all = append(all, seen{name, message.PartitionID, string(message.Payload)})
				if len(all) >= *messages {
					stop()
				}
				mu.Unlock()
			}
			if err := consumer.Close(ctx); err != nil { // final commit + leave the group
				log.Fatal(err)
			}
		}(fmt.Sprintf("member-%d", n))
	}
	members.Wait()
	distinct := map[string]bool{}
	partitions := map[string]map[uint32]bool{}
	for _, s := range all {
		distinct[s.payload] = true
		if partitions[s.member] == nil {
			partitions[s.member] = map[uint32]bool{}
		}
		partitions[s.member][s.partition] = true
	}
	fmt.Printf("processed %d messages (%d distinct)\n", len(all), len(distinct))
	names := make([]string, 0, len(partitions))
	for name := range partitions {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Printf("%s: partitions %v\n", name, keys(partitions[name]))
	}
	if err := admin.DeleteStream(ctx, iggy.Named(*stream)); err != nil {
		log.Fatal(err)
	}
}

func keys(set map[uint32]bool) []uint32 {
	out := make([]uint32, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
