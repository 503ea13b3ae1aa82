package iggy

import (
	"context"
	"errors"
	"iter"
	"time"
)

// AutoCommit says when a MessageConsumer stores its offsets (the modes of sdk/python).
type AutoCommit struct {
	mode     int
	interval time.Duration
}

const (
	commitWhenConsumed = iota
	commitDisabled
	commitInterval
	commitAfterPoll
)

// AutoCommitWhenConsumed (the default) stores the offset of every message handed out before the next poll:
// at-least-once.
func AutoCommitWhenConsumed() AutoCommit { return AutoCommit{mode: commitWhenConsumed} }

// AutoCommitDisabled stores nothing on its own: call Commit.
func AutoCommitDisabled() AutoCommit { return AutoCommit{mode: commitDisabled} }

// AutoCommitInterval stores what was handed out at most every interval.
func AutoCommitInterval(interval time.Duration) AutoCommit {
	return AutoCommit{mode: commitInterval, interval: interval}
}

// AutoCommitAfterPoll lets the server store the offset with each poll: at-most-once.
func AutoCommitAfterPoll() AutoCommit { return AutoCommit{mode: commitAfterPoll} }

// ConsumerConfig configures a MessageConsumer; zero values take the defaults named.
type ConsumerConfig struct {
	Stream, Topic Identifier
	// Group makes the consumer a member of this consumer group (created if missing, then joined); empty
	// means a single consumer with ConsumerID reading PartitionID (nil: every partition, round robin).
	Group        string
	ConsumerID   uint32
	PartitionID  *uint32
	Strategy     PollingStrategy // default PollNext()
	BatchLength  uint32          // messages per poll, default 100
	PollInterval time.Duration   // wait after an empty poll, default 100ms
	AutoCommit   AutoCommit      // default AutoCommitWhenConsumed()
	// SyncInterval (0.9 group members) is how often the member asks for its assignment again, default 1s; it
	// also does so at once when a poll is fenced and while it has no partition.
	SyncInterval time.Duration
}

// ReceivedMessage is one consumed message and the partition it came from.
type ReceivedMessage struct {
	PolledMessage
	PartitionID uint32
}

// MessageConsumer polls a topic through one Client and hands messages out one by one (Messages), keeping
// track of what was consumed so Commit and Close store exactly that. Not for concurrent use.
//
// A group member joins its group (creating it if missing). A group's position lives on the server (PollNext
// resumes after the stored offset), so the member commits what it handed out before polling again.
//   - Iggy 0.8: it polls without a partition and the server picks among those it assigned to this member, so
//     rebalances are followed without client work.
//   - Iggy 0.9 (the cooperative protocol of the official 0.9 clients): the member asks for its assignment with
//     SyncConsumerGroup (a generation and its partitions) and polls only those, round robin. It syncs again every
//     SyncInterval, while it has no partition, and at once when a poll is fenced (an empty answer whose partition
//     is ResyncPartitionId, or 5009). A partition taken away is handed off without duplicates: the messages
//     already polled from it are still delivered and committed, nothing more is polled from it, and the server
//     moves it to its new owner once the group's stored offset reaches what was polled (the new owner resumes
//     right after). After a reconnect (a new session) the member joins again.
type MessageConsumer struct {
	client     *Client
	config     ConsumerConfig
	consumer   Consumer
	joined     bool
	partitions uint32            // single consumer over every partition: how many there are
	next       uint32            // single consumer over every partition: whose turn
	positions  map[uint32]uint64 // single consumer: next offset to read per partition
	consumed   map[uint32]uint64 // last offset handed out, per partition, not yet committed
	lastCommit time.Time

	cooperative bool      // a 0.9 group member: it polls the partitions SyncConsumerGroup assigns it
	generation  uint64    // the group's generation at the last sync
	assigned    []uint32  // the partitions of the last sync
	syncedAt    time.Time // when the last sync was answered
}

// NewConsumer answers a consumer over client; it does no I/O until the first poll.
func NewConsumer(client *Client, config ConsumerConfig) (*MessageConsumer, error) {
	if config.Strategy.Kind == 0 {
		config.Strategy = PollNext()
	}
	if config.BatchLength == 0 {
		config.BatchLength = 100
	}
	if config.PollInterval <= 0 {
		config.PollInterval = 100 * time.Millisecond
	}
	if config.SyncInterval <= 0 {
		config.SyncInterval = time.Second
	}
	consumer := ConsumerID(ID(config.ConsumerID))
	if config.Group != "" {
		consumer = ConsumerGroupID(Named(config.Group))
	}
	return &MessageConsumer{client: client, config: config, consumer: consumer, positions: map[uint32]uint64{},
		consumed: map[uint32]uint64{}, lastCommit: time.Now(),
		cooperative: config.Group != "" && client.Protocol() >= ProtocolV0_9}, nil
}

// Assignment answers (0.9 group members) the group's generation and this member's partitions at the last sync.
func (m *MessageConsumer) Assignment() (generation uint64, partitions []uint32) {
	return m.generation, append([]uint32(nil), m.assigned...)
}

// sync reads this member's assignment (0.9). A member the server no longer knows (a new session after a
// reconnect) joins again.
func (m *MessageConsumer) sync(ctx context.Context) error {
	group := Named(m.config.Group)
	assignment, err := m.client.SyncConsumerGroup(ctx, m.config.Stream, m.config.Topic, group)
	if err == nil && assignment == nil {
		if err = m.client.JoinConsumerGroup(ctx, m.config.Stream, m.config.Topic, group); err == nil {
			assignment, err = m.client.SyncConsumerGroup(ctx, m.config.Stream, m.config.Topic, group)
		}
		if err == nil && assignment == nil {
			err = newError(ErrorCodeConsumerGroupMemberNotFound, "joined group "+m.config.Group+
				" but the server does not list this member", nil)
		}
	}
	if err != nil {
		return err
	}
	m.generation, m.assigned, m.syncedAt = assignment.Generation, assignment.Partitions, time.Now()
	return nil
}

func (m *MessageConsumer) init(ctx context.Context) error {
	if m.config.Group != "" && !m.joined {
		group := Named(m.config.Group)
		existing, err := m.client.GetConsumerGroup(ctx, m.config.Stream, m.config.Topic, group)
		if err != nil {
			return err
		}
		if existing == nil {
			if _, err := m.client.CreateConsumerGroup(ctx, m.config.Stream, m.config.Topic,
				m.config.Group); err != nil && !errors.Is(err, ErrAlreadyExists) {
				return err
			}
		}
		if err := m.client.JoinConsumerGroup(ctx, m.config.Stream, m.config.Topic, group); err != nil {
			return err
		}
		m.joined = true
		if m.cooperative {
			if err := m.sync(ctx); err != nil {
				return err
			}
		}
	}
	if m.config.Group == "" && m.config.PartitionID == nil && m.partitions == 0 {
		topic, err := m.client.GetTopic(ctx, m.config.Stream, m.config.Topic)
		if err != nil {
			return err
		}
		if topic == nil {
			return newError(ErrorCodeTopicIdNotFound, "the consumer's topic does not exist", nil)
		}
		m.partitions = uint32(len(topic.Partitions))
	}
	return nil
}

// Messages iterates over the topic's messages until ctx ends or an error occurs (then the error is the last
// element): `for msg, err := range consumer.Messages(ctx)`. Breaking out of the loop keeps the consumer usable.
func (m *MessageConsumer) Messages(ctx context.Context) iter.Seq2[ReceivedMessage, error] {
	return func(yield func(ReceivedMessage, error) bool) {
		for {
			batch, partition, err := m.poll(ctx)
			if err != nil {
				yield(ReceivedMessage{}, err)
				return
			}
			if len(batch) == 0 {
				timer := time.NewTimer(m.config.PollInterval)
				select {
				case <-ctx.Done():
					timer.Stop()
					yield(ReceivedMessage{}, contextError(ctx.Err(), false, false))
					return
				case <-timer.C:
				}
				continue
			}
			for i := range batch {
				m.consumed[partition] = batch[i].Offset
				if m.config.Group == "" {
					m.positions[partition] = batch[i].Offset + 1
				}
				if !yield(ReceivedMessage{PolledMessage: batch[i], PartitionID: partition}, nil) {
					return
				}
			}
		}
	}
}

func (m *MessageConsumer) poll(ctx context.Context) ([]PolledMessage, uint32, error) {
	if err := m.init(ctx); err != nil {
		return nil, 0, err
	}
	switch m.config.AutoCommit.mode {
	case commitWhenConsumed:
		if err := m.Commit(ctx); err != nil {
			return nil, 0, err
		}
	case commitInterval:
		if time.Since(m.lastCommit) >= m.config.AutoCommit.interval {
			if err := m.Commit(ctx); err != nil {
				return nil, 0, err
			}
		}
	}
	var partition *uint32
	strategy := m.config.Strategy
	if m.cooperative {
		if len(m.assigned) == 0 || time.Since(m.syncedAt) >= m.config.SyncInterval {
			if err := m.sync(ctx); err != nil {
				return nil, 0, err
			}
		}
		if len(m.assigned) == 0 {
			return nil, 0, nil // nothing assigned yet: more members than partitions, or a hand-off under way
		}
		p := m.assigned[m.next%uint32(len(m.assigned))]
		m.next++
		partition = &p
	} else if m.config.Group == "" {
		p := uint32(0)
		if m.config.PartitionID != nil {
			p = *m.config.PartitionID
		} else if m.partitions > 0 {
			p = m.next % m.partitions
			m.next++
		}
		partition = &p
		if position, seen := m.positions[p]; seen {
			strategy = PollOffset(position)
		}
	}
	autoCommit := m.config.AutoCommit.mode == commitAfterPoll
	polled, err := m.client.PollMessages(ctx, m.config.Stream, m.config.Topic, partition, m.consumer, strategy,
		m.config.BatchLength, autoCommit)
	if errors.Is(err, ErrorCodeConsumerGroupMemberNotFound) && m.config.Group != "" {
		m.joined = false // the server dropped the membership (e.g. after a reconnect): join again next poll
		return nil, 0, nil
	}
	if m.cooperative && errors.Is(err, ErrorCodeConsumerGroupPartitionNotOwned) {
		return nil, 0, m.sync(ctx) // fenced: the partition moved since the last sync
	}
	if err != nil {
		return nil, 0, err
	}
	if m.cooperative && polled.PartitionID == ResyncPartitionId {
		return nil, 0, m.sync(ctx) // fenced: the partition moved since the last sync
	}
	return polled.Messages, polled.PartitionID, nil
}

// Commit stores the offset of the last message handed out on every partition read since the last commit.
// Commits the server refuses after a rebalance (the partition moved to another member) are skipped.
func (m *MessageConsumer) Commit(ctx context.Context) error {
	for partition, offset := range m.consumed {
		p := partition
		err := m.client.StoreConsumerOffset(ctx, m.consumer, m.config.Stream, m.config.Topic, &p, offset)
		if err != nil && !errors.Is(err, ErrorCodeConsumerGroupMemberNotFound) &&
			!errors.Is(err, ErrorCodeNotResolvedConsumer) && !errors.Is(err, ErrorCodePartitionNotFound) &&
			!errors.Is(err, ErrorCodeInvalidOffset) && !errors.Is(err, ErrorCodeConsumerGroupPartitionNotOwned) {
			return err
		}
		delete(m.consumed, partition)
	}
	m.lastCommit = time.Now()
	return nil
}

// Close commits what was handed out (unless auto-commit is disabled or after-poll) and leaves the group.
func (m *MessageConsumer) Close(ctx context.Context) error {
	var err error
	if mode := m.config.AutoCommit.mode; mode == commitWhenConsumed || mode == commitInterval {
		err = m.Commit(ctx)
	}
	if m.joined {
		m.joined = false
		leaveErr := m.client.LeaveConsumerGroup(ctx, m.config.Stream, m.config.Topic, Named(m.config.Group))
		if err == nil && !errors.Is(leaveErr, ErrNotFound) {
			err = leaveErr
		}
	}
	return err
}
