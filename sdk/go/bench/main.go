// Command bench compares sdk/go with the official Go SDK (github.com/apache/iggy/foreign/go v0.8.0) over Iggy
// protocol 0.8 (the official client's; sdk/go is told protocol=0.8) on sdk/python's workload: batches of 1000
// messages x 1000 bytes; send, poll (touch the last message of each batch), poll+read (touch every offset and
// payload). Each client runs in a fresh child process against the same server, the order alternates per round, and
// the median of the rounds is reported in MB/s of payload.
//
// Run (from sdk/go/bench): go run . -python ../../../.venv/bin/python -rounds 5 -batches 100
// -cpuprofile DIR writes each child's CPU profile to DIR/<client>-<round>.pprof (go tool pprof).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	official "github.com/apache/iggy/foreign/go/client"
	officialtcp "github.com/apache/iggy/foreign/go/client/tcp"
	iggcon "github.com/apache/iggy/foreign/go/contracts"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

const (
	messagesPerBatch = 1000
	payloadBytes     = 1000
	// ours08 speaks the official v0.8.0 client's protocol (sdk/go defaults to 0.9).
	ours08 = "?heartbeat_interval=0&protocol=0.8"
)

type result struct {
	Send     float64 `json:"send"`
	Poll     float64 `json:"poll"`
	PollRead float64 `json:"poll_read"`
	// CPU seconds the client process spent per phase: unlike MB/s, barely moved by other load on the machine.
	SendCPU     float64 `json:"send_cpu"`
	PollCPU     float64 `json:"poll_cpu"`
	PollReadCPU float64 `json:"poll_read_cpu"`
}

// cpuSeconds answers the user + system CPU time of this process so far.
func cpuSeconds() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return float64(usage.Utime.Nano()+usage.Stime.Nano()) / 1e9
}

func main() {
	child := flag.String("child", "", "internal: run one client (ours|official) and print its result")
	address := flag.String("address", "", "server HOST:PORT (default: start one with -python)")
	python := flag.String("python", "", "interpreter with iggy_server installed (python -m iggy_server.testing)")
	rounds := flag.Int("rounds", 5, "rounds; each runs both clients, alternating which goes first")
	batches := flag.Int("batches", 100, "batches per phase")
	stream := flag.String("stream", "bench", "stream name (child)")
	reuse := flag.Bool("poll-buffer", true, "sdk/go polls with PollMessagesInto (one PollBuffer reused), not PollMessages")
	profile := flag.String("cpuprofile", "", "write each child's CPU profile (pprof) into this folder (child: file)")
	flag.Parse()
	if *child != "" {
		if *profile != "" {
			file, err := os.Create(*profile)
			if err != nil {
				log.Fatal(err)
			}
			if err := pprof.StartCPUProfile(file); err != nil {
				log.Fatal(err)
			}
		}
		r, err := runChild(*child, *address, *stream, *batches, *reuse)
		if *profile != "" {
			pprof.StopCPUProfile()
		}
		if err != nil {
			log.Fatal(err)
		}
		_ = json.NewEncoder(os.Stdout).Encode(r)
		return
	}
	if *address == "" {
		if *python == "" {
			log.Fatal("give -address or -python")
		}
		stop, addr := startServer(*python)
		defer stop()
		*address = addr
	}
	results := map[string][]result{}
	for round := 0; round < *rounds; round++ {
		order := []string{"ours", "official"}
		if round%2 == 1 {
			order = []string{"official", "ours"}
		}
		for _, name := range order {
			args := []string{"-child", name, "-address", *address, "-batches", fmt.Sprint(*batches), "-stream",
				fmt.Sprintf("bench-%s-%d", name, round), fmt.Sprintf("-poll-buffer=%t", *reuse)}
			if *profile != "" {
				args = append(args, "-cpuprofile", filepath.Join(*profile, fmt.Sprintf("%s-%d.pprof", name, round)))
			}
			out, err := exec.Command(os.Args[0], args...).Output()
			if err != nil {
				log.Fatalf("%s round %d: %v", name, round, err)
			}
			var r result
			if err := json.Unmarshal(out, &r); err != nil {
				log.Fatalf("%s: %v (%s)", name, err, out)
			}
			fmt.Fprintf(os.Stderr, "round %d %-8s send %7.1f  poll %7.1f  poll+read %7.1f MB/s;"+
				" CPU s %.3f %.3f %.3f\n", round, name, r.Send, r.Poll, r.PollRead, r.SendCPU, r.PollCPU, r.PollReadCPU)
			results[name] = append(results[name], r)
		}
	}
	ours, theirs := medians(results["ours"]), medians(results["official"])
	fmt.Printf("| phase | sdk/go MB/s | official MB/s | sdk/go / official | sdk/go CPU s | official CPU s |\n")
	fmt.Printf("|---|---|---|---|---|---|\n")
	for i, phase := range []string{"send", "poll (touch the last message)", "poll+read (every offset + payload)"} {
		fmt.Printf("| %s | %.1f | %.1f | %.2fx | %.3f | %.3f |\n", phase, ours[i], theirs[i], ours[i]/theirs[i],
			ours[i+3], theirs[i+3])
	}
}

func medians(rs []result) [6]float64 {
	var out [6]float64
	for i, pick := range []func(result) float64{func(r result) float64 { return r.Send },
		func(r result) float64 { return r.Poll }, func(r result) float64 { return r.PollRead },
		func(r result) float64 { return r.SendCPU }, func(r result) float64 { return r.PollCPU },
		func(r result) float64 { return r.PollReadCPU }} {
		values := make([]float64, len(rs))
		for j, r := range rs {
			values[j] = pick(r)
		}
		sort.Float64s(values)
		out[i] = values[len(values)/2]
	}
	return out
}

// startServer runs the project's one test-server launcher and answers its address.
func startServer(python string) (func(), string) {
	cmd := exec.Command(python, "-m", "iggy_server.testing")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	address := ""
	for i := 0; i < 100 && lines.Scan(); i++ {
		key, value, _ := strings.Cut(lines.Text(), " ")
		if key == "address" {
			address = value
		}
		if key == "ready" {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return func() { _ = stdin.Close(); _ = cmd.Wait() }, address
		}
	}
	log.Fatal("the server launcher did not become ready")
	return nil, ""
}

func mbps(batches int, elapsed time.Duration) float64 {
	return float64(batches*messagesPerBatch*payloadBytes) / elapsed.Seconds() / 1e6
}

func runChild(name, address, stream string, batches int, reuse bool) (result, error) {
	ctx := context.Background()
	admin, err := iggy.Connect(ctx, "iggy://iggy:iggy@"+address+ours08)
	if err != nil {
		return result{}, err
	}
	defer admin.Close()
	if _, err := admin.CreateStream(ctx, stream); err != nil {
		return result{}, err
	}
	defer admin.DeleteStream(ctx, iggy.Named(stream))
	if _, err := admin.CreateTopic(ctx, iggy.Named(stream), "t", 1, iggy.TopicSettings{}); err != nil {
		return result{}, err
	}
	payload := make([]byte, payloadBytes)
	for i := range payload {
		payload[i] = byte(i)
	}
	if name == "ours" {
		return runOurs(ctx, address, stream, batches, payload, reuse)
	}
	return runOfficial(address, stream, batches, payload)
}

func runOurs(ctx context.Context, address, stream string, batches int, payload []byte, reuse bool) (result,
	error) {
	var r result
	c, err := iggy.Connect(ctx, "iggy://iggy:iggy@"+address+ours08)
	if err != nil {
		return r, err
	}
	defer c.Close()
	s, t := iggy.Named(stream), iggy.Named("t")
	messages := make([]iggy.Message, messagesPerBatch)
	for i := range messages {
		messages[i] = iggy.NewMessage(payload)
	}
	start, cpu := time.Now(), cpuSeconds()
	for b := 0; b < batches; b++ {
		if _, err := c.SendMessages(ctx, s, t, iggy.PartitionID(0), messages); err != nil {
			return r, err
		}
	}
	r.Send, r.SendCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
	partition := uint32(0)
	var buffer iggy.PollBuffer
	for _, readAll := range []bool{false, true} {
		touched := uint64(0)
		start, cpu = time.Now(), cpuSeconds()
		for offset := uint64(0); offset < uint64(batches*messagesPerBatch); {
			var polled *iggy.PolledMessages
			var err error
			if reuse { // each batch is done with before the next poll
				polled, err = c.PollMessagesInto(ctx, &buffer, s, t, &partition, iggy.ConsumerID(iggy.ID(1)),
					iggy.PollOffset(offset), messagesPerBatch, false)
			} else {
				polled, err = c.PollMessages(ctx, s, t, &partition, iggy.ConsumerID(iggy.ID(1)),
					iggy.PollOffset(offset), messagesPerBatch, false)
			}
			if err != nil {
				return r, err
			}
			if len(polled.Messages) == 0 {
				return r, fmt.Errorf("empty poll at %d", offset)
			}
			if readAll {
				for i := range polled.Messages {
					touched += polled.Messages[i].Offset + uint64(polled.Messages[i].Payload[0])
				}
			}
			offset = polled.Messages[len(polled.Messages)-1].Offset + 1
		}
		if readAll {
			r.PollRead, r.PollReadCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
		} else {
			r.Poll, r.PollCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
		}
		_ = touched
	}
	return r, nil
}

func runOfficial(address, stream string, batches int, payload []byte) (result, error) {
	var r result
	c, err := official.NewIggyClient(official.WithTcp(officialtcp.WithServerAddress(address)))
	if err != nil {
		return r, err
	}
	defer c.Close()
	if _, err := c.LoginUser("iggy", "iggy"); err != nil {
		return r, err
	}
	s, err := iggcon.NewIdentifier(stream)
	if err != nil {
		return r, err
	}
	t, err := iggcon.NewIdentifier("t")
	if err != nil {
		return r, err
	}
	consumerID, _ := iggcon.NewIdentifier(uint32(1))
	messages := make([]iggcon.IggyMessage, messagesPerBatch)
	for i := range messages {
		if messages[i], err = iggcon.NewIggyMessage(payload); err != nil {
			return r, err
		}
	}
	start, cpu := time.Now(), cpuSeconds()
	for b := 0; b < batches; b++ {
		if err := c.SendMessages(s, t, iggcon.PartitionId(0), messages); err != nil {
			return r, err
		}
	}
	r.Send, r.SendCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
	partition := uint32(0)
	for _, readAll := range []bool{false, true} {
		touched := uint64(0)
		start, cpu = time.Now(), cpuSeconds()
		for offset := uint64(0); offset < uint64(batches*messagesPerBatch); {
			polled, err := c.PollMessages(s, t, iggcon.NewSingleConsumer(consumerID),
				iggcon.OffsetPollingStrategy(offset), messagesPerBatch, false, &partition)
			if err != nil {
				return r, err
			}
			if len(polled.Messages) == 0 {
				return r, fmt.Errorf("empty poll at %d", offset)
			}
			if readAll {
				for i := range polled.Messages {
					touched += polled.Messages[i].Header.Offset + uint64(polled.Messages[i].Payload[0])
				}
			}
			offset = polled.Messages[len(polled.Messages)-1].Header.Offset + 1
		}
		if readAll {
			r.PollRead, r.PollReadCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
		} else {
			r.Poll, r.PollCPU = mbps(batches, time.Since(start)), cpuSeconds()-cpu
		}
		_ = touched
	}
	return r, nil
}
