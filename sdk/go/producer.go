package iggy

import (
	"context"
	"errors"
	"time"
)

// ProducerConfig configures a Producer; zero values take the defaults named.
type ProducerConfig struct {
	Stream, Topic Identifier
	Partitioning  Partitioning  // default Balanced()
	BatchLength   int           // messages per SendMessages, default 1000
	BatchBytes    int           // payload bytes per SendMessages, default 1 MiB (a larger single message goes alone)
	Linger        time.Duration // background: longest wait to fill a batch, default 5ms
	Background    bool          // Send queues and a goroutine sends; else Send sends before returning
	// MaxBufferedMessages and MaxBufferedBytes bound the background queue (defaults 100 000 and 64 MiB);
	// when full, Send blocks until there is room, or fails with ErrBufferFull if FailWhenFull is set.
	MaxBufferedMessages int
	MaxBufferedBytes    int
	FailWhenFull        bool
	// Retries is how often a failed batch is sent again when the connection was lost or timed out (the
	// batch's outcome is then unknown: a retry may duplicate it, which is at-least-once); default 3.
	Retries      int
	RetryBackoff time.Duration // default 100ms, doubled per retry
}

// ErrBufferFull is answered by Send in background mode with FailWhenFull when the queue has no room.
var ErrBufferFull = errors.New("iggy: producer buffer is full")

// ErrProducerClosed is answered by Send after Close.
var ErrProducerClosed = errors.New("iggy: producer is closed")

// Producer sends messages to one topic in batches. Safe for concurrent use.
type Producer struct {
	client *Client
	config ProducerConfig

	mu      chan struct{} // a one-token lock that waiters can combine with ctx
	queue   []Message     // background: not yet acknowledged, in order; the head batch may be in flight
	bytes   int
	err     error // the last batch failure, answered by the next Send / Flush / Close
	paused  bool  // a batch failed: wait for Send / Flush / Close before trying again
	closed  bool
	changed chan struct{} // closed and replaced on every state change
	stopped chan struct{}
}

// NewProducer answers a producer over client; in background mode it starts the sending goroutine.
func NewProducer(client *Client, config ProducerConfig) (*Producer, error) {
	if config.Partitioning.Kind == 0 {
		config.Partitioning = Balanced()
	}
	if config.BatchLength <= 0 {
		config.BatchLength = 1000
	}
	if config.BatchBytes <= 0 {
		config.BatchBytes = 1 << 20
	}
	if config.Linger <= 0 {
		config.Linger = 5 * time.Millisecond
	}
	if config.MaxBufferedMessages <= 0 {
		config.MaxBufferedMessages = 100_000
	}
	if config.MaxBufferedBytes <= 0 {
		config.MaxBufferedBytes = 64 << 20
	}
	if config.Retries < 0 {
		return nil, newError(ErrorCodeInvalidConfiguration, "retries must not be negative", nil)
	}
	if config.Retries == 0 {
		config.Retries = 3
	}
	if config.RetryBackoff <= 0 {
		config.RetryBackoff = 100 * time.Millisecond
	}
	p := &Producer{client: client, config: config, mu: make(chan struct{}, 1), changed: make(chan struct{}),
		stopped: make(chan struct{})}
	p.mu <- struct{}{}
	if config.Background {
		go p.run()
	} else {
		close(p.stopped)
	}
	return p, nil
}

func (p *Producer) lock()   { <-p.mu }
func (p *Producer) unlock() { p.mu <- struct{}{} }

// notify wakes every waiter; call with the lock held.
func (p *Producer) notify() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// wait releases the lock until the state changes or ctx ends; it answers with the lock held.
func (p *Producer) wait(ctx context.Context) error {
	changed := p.changed
	p.unlock()
	select {
	case <-changed:
		p.lock()
		return nil
	case <-ctx.Done():
		p.lock()
		return contextError(ctx.Err(), false, false)
	}
}

// nextBatch answers how many messages from the head of messages fit one batch.
func (p *Producer) nextBatch(messages []Message) int {
	n, size := 0, 0
	for n < len(messages) && n < p.config.BatchLength {
		size += len(messages[n].Payload)
		if n > 0 && size > p.config.BatchBytes {
			break
		}
		n++
	}
	return n
}

// sendBatch sends one batch, retrying lost connections and timeouts with doubling backoff.
func (p *Producer) sendBatch(ctx context.Context, batch []Message) error {
	backoff := p.config.RetryBackoff
	for attempt := 0; ; attempt++ {
		_, err := p.client.SendMessages(ctx, p.config.Stream, p.config.Topic, p.config.Partitioning, batch)
		retriable := errors.Is(err, ErrConnectionLost) || errors.Is(err, ErrTimeout)
		if err == nil || !retriable || attempt >= p.config.Retries || ctx.Err() != nil {
			return err
		}
		timer := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			timer.Stop()
			return err
		case <-timer.C:
		}
		backoff *= 2
	}
}

// Send sends messages (direct mode: in batches, before returning) or queues them (background mode). In
// background mode it first answers the error of a batch that failed since the last call, if any.
func (p *Producer) Send(ctx context.Context, messages ...Message) error {
	if !p.config.Background {
		p.lock()
		closed := p.closed
		p.unlock()
		if closed {
			return ErrProducerClosed
		}
		for len(messages) > 0 {
			n := p.nextBatch(messages)
			if err := p.sendBatch(ctx, messages[:n]); err != nil {
				return err
			}
			messages = messages[n:]
		}
		return nil
	}
	size := 0
	for i := range messages {
		size += len(messages[i].Payload)
	}
	p.lock()
	defer p.unlock()
	for {
		if p.closed {
			return ErrProducerClosed
		}
		if p.err != nil {
			err := p.err
			p.err, p.paused = nil, false
			p.notify()
			return err
		}
		fits := len(p.queue)+len(messages) <= p.config.MaxBufferedMessages && p.bytes+size <= p.config.MaxBufferedBytes
		if fits || len(p.queue) == 0 { // an empty queue takes any one call, so an oversized call cannot hang
			p.queue = append(p.queue, messages...)
			p.bytes += size
			p.notify()
			return nil
		}
		if p.config.FailWhenFull {
			return ErrBufferFull
		}
		if err := p.wait(ctx); err != nil {
			return err
		}
	}
}

// run is the background sender: it takes batches from the head of the queue, waiting up to Linger for a
// batch to fill, and removes them only once acknowledged.
func (p *Producer) run() {
	defer close(p.stopped)
	ctx := context.Background()
	p.lock()
	for {
		for len(p.queue) == 0 || p.paused {
			if p.closed && (len(p.queue) == 0 || p.paused) {
				p.unlock()
				return
			}
			_ = p.wait(ctx)
		}
		if n := p.nextBatch(p.queue); n == len(p.queue) && n < p.config.BatchLength && !p.closed {
			deadline := time.Now().Add(p.config.Linger)
			for p.nextBatch(p.queue) == len(p.queue) && !p.closed && time.Now().Before(deadline) {
				lingerCtx, cancel := context.WithDeadline(ctx, deadline)
				_ = p.wait(lingerCtx)
				cancel()
			}
		}
		n := p.nextBatch(p.queue)
		batch := p.queue[:n:n]
		p.unlock()
		sendCtx, cancel := context.WithTimeout(ctx, p.client.config.RequestTimeout*time.Duration(p.config.Retries+1))
		err := p.sendBatch(sendCtx, batch)
		cancel()
		p.lock()
		if err != nil {
			p.err, p.paused = err, true
		} else {
			for i := range batch {
				p.bytes -= len(batch[i].Payload)
			}
			p.queue = p.queue[n:]
		}
		p.notify()
	}
}

// Flush waits until everything queued so far is acknowledged, or answers the error that stopped it (the
// failed messages stay queued and are tried again after this call).
func (p *Producer) Flush(ctx context.Context) error {
	if !p.config.Background {
		return nil
	}
	p.lock()
	defer p.unlock()
	if p.paused {
		p.paused = false
		p.notify()
	}
	for len(p.queue) > 0 {
		if p.err != nil {
			err := p.err
			p.err = nil
			return err
		}
		if err := p.wait(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Close flushes (one more round for a failed batch) and stops the producer. If messages could not be
// sent it answers the error; UnsentMessages then gives them back, so nothing is lost silently.
func (p *Producer) Close(ctx context.Context) error {
	err := p.Flush(ctx)
	p.lock()
	p.closed = true
	p.paused = p.paused || err != nil
	p.notify()
	p.unlock()
	select {
	case <-p.stopped:
	case <-ctx.Done():
		return contextError(ctx.Err(), false, false)
	}
	return err
}

// UnsentMessages answers the messages a closed producer could not send.
func (p *Producer) UnsentMessages() []Message {
	p.lock()
	defer p.unlock()
	return append([]Message(nil), p.queue...)
}
