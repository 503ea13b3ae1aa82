package iggy

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// Option is one key of an Iggy 0.9 options block: the key/value settings of topics (and, in later servers, of
// streams and users). On the wire a block is the user-headers layout with string keys, sent sorted by key as the
// official clients send it. A value is typed: StringHeader("7 days") is parsed by the server ("7 days",
// "128 MiB", "gzip", "true" all work), Uint64Header(...) / BoolHeader(...) are sent in their kind.
// OptionCatalog (and Client.DescribeOptions) list the keys a scope accepts.
type Option struct {
	Key   string
	Value HeaderValue
}

// OptionOf answers an option; OptionOf("segment_size", StringHeader("128 MiB")).
func OptionOf(key string, value HeaderValue) Option { return Option{Key: key, Value: value} }

// encodeOptions writes an options block (nil for none); a repeated key is refused.
func encodeOptions(options []Option) ([]byte, error) {
	if len(options) == 0 {
		return nil, nil
	}
	if len(options) > int(OptionsMaxEntries) {
		return nil, newError(ErrorCodeOptionsBlockTooLarge, fmt.Sprintf("%d options, at most %d", len(options),
			OptionsMaxEntries), nil)
	}
	headers := make(Headers, len(options))
	for _, option := range options {
		if _, taken := headers[option.Key]; taken {
			return nil, newError(ErrorCodeInvalidOptionValue, fmt.Sprintf("option %q is given twice", option.Key),
				nil)
		}
		headers[option.Key] = option.Value
	}
	block, err := encodeHeaders(headers)
	if err == nil && len(block) > OptionsMaxBytes {
		return nil, newError(ErrorCodeOptionsBlockTooLarge, fmt.Sprintf("the options take %d bytes, at most %d",
			len(block), OptionsMaxBytes), nil)
	}
	return block, err
}

// ParseOptions decodes an options block of an answer (TopicDetails.Options, its DerivedOptions, ...) by key.
func ParseOptions(block []byte) (map[string]HeaderValue, error) {
	headers, err := ParseHeaders(block)
	return map[string]HeaderValue(headers), err
}

// options checks that options are only sent where the protocol has them, and encodes them.
func (c *Client) options(options []Option) ([]byte, error) {
	if len(options) > 0 && c.config.Protocol < ProtocolV0_9 {
		return nil, newError(ErrorCodeFeatureUnavailable, fmt.Sprintf("options need Iggy protocol 0.9 (this client "+
			"speaks %s)", c.config.Protocol), nil)
	}
	return encodeOptions(options)
}

// The 0.9 topic option keys of TopicSettings' typed fields (protocol-spec/spec/options.toml).
const (
	compressionKey = "compression_algorithm"
	expiryKey      = "message_expiry"
	maxSizeKey     = "max_topic_size"
)

// officialCreateDefaults are what the official 0.9 clients send on every CreateTopic unless the caller sets them.
var officialCreateDefaults = []Option{
	{"consumer_offset_durability", StringHeader("replicated")},
	{"durability", StringHeader("replicated")},
}

// topicOptions builds a topic's 0.9 options block: the typed settings that are set (zero = not sent: the server
// default on create, unchanged on update), settings.Options, which may not repeat a typed setting's key, and
// defaults for keys neither gives.
func topicOptions(settings TopicSettings, defaults []Option) ([]byte, error) {
	if settings.ReplicationFactor > 1 {
		return nil, newError(ErrorCodeFeatureUnavailable, "Iggy 0.9 topics have no replication factor (0.8 only)",
			nil)
	}
	var merged []Option
	if settings.CompressionAlgorithm != 0 {
		merged = append(merged, Option{compressionKey, StringHeader(strings.ToLower(
			settings.CompressionAlgorithm.String()))})
	}
	if settings.MessageExpiryUs != 0 {
		merged = append(merged, Option{expiryKey, Uint64Header(settings.MessageExpiryUs)})
	}
	if settings.MaxTopicSizeBytes != 0 {
		merged = append(merged, Option{maxSizeKey, Uint64Header(settings.MaxTopicSizeBytes)})
	}
	typed := len(merged)
	for _, option := range settings.Options {
		for _, set := range merged[:typed] {
			if set.Key == option.Key {
				return nil, newError(ErrorCodeInvalidOptionValue, fmt.Sprintf("option %q is given twice (as a "+
					"TopicSettings field and in Options)", option.Key), nil)
			}
		}
		merged = append(merged, option)
	}
	for _, option := range defaults {
		given := false
		for _, set := range merged {
			given = given || set.Key == option.Key
		}
		if !given {
			merged = append(merged, option)
		}
	}
	return encodeOptions(merged)
}

// partitionCache keeps each topic's partition count for 0.9's client-side partitioning (the official 0.9 clients
// pick the partition: a round-robin cursor per topic for Balanced, XXH32(key) % count for a message key). A count
// is read with GetTopic and kept partitionCountTTL, so a topic that grows is seen within it; at most
// partitionCacheEntries topics are kept.
type partitionCache struct {
	mu      sync.Mutex
	entries map[string]*partitionEntry
}

type partitionEntry struct {
	count  uint32
	readAt time.Time
	cursor uint32
}

const (
	partitionCountTTL     = 5 * time.Second
	partitionCacheEntries = 1024
)

func partitionKey(stream, topic Identifier) string {
	return string(rune(stream.Kind)) + string(stream.Value) + "\x00" + string(rune(topic.Kind)) + string(topic.Value)
}

// pick answers the partition for a message batch, or ok = false when the count must be read first.
func (p *partitionCache) pick(key string, partitioning Partitioning) (partition uint32, ok bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	entry := p.entries[key]
	if entry == nil || time.Since(entry.readAt) > partitionCountTTL {
		return 0, false, nil
	}
	if entry.count == 0 {
		return 0, true, newError(ErrorCodeNoPartitions, "the topic has no partitions", nil)
	}
	if partitioning.Kind == uint8(PartitioningKindMessagesKey) {
		return codec.XXH32(partitioning.Value) % entry.count, true, nil
	}
	partition = entry.cursor % entry.count
	entry.cursor = (entry.cursor + 1) % entry.count
	return partition, true, nil
}

func (p *partitionCache) store(key string, count uint32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.entries == nil {
		p.entries = map[string]*partitionEntry{}
	}
	if entry := p.entries[key]; entry != nil {
		entry.count, entry.readAt = count, time.Now()
		return
	}
	if len(p.entries) >= partitionCacheEntries {
		oldest, at := "", time.Time{}
		for k, e := range p.entries {
			if oldest == "" || e.readAt.Before(at) {
				oldest, at = k, e.readAt
			}
		}
		delete(p.entries, oldest)
	}
	p.entries[key] = &partitionEntry{count: count, readAt: time.Now()}
}

func (p *partitionCache) forget(key string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.entries, key)
}

// resolvePartitioning turns Balanced or a message key into the partition a 0.9 client picks; a partition id stays.
func (c *Client) resolvePartitioning(ctx context.Context, stream, topic Identifier,
	partitioning Partitioning) (Partitioning, error) {
	if partitioning.Kind == uint8(PartitioningKindPartitionId) {
		return partitioning, nil
	}
	key := partitionKey(stream, topic)
	for attempt := 0; attempt < 2; attempt++ {
		partition, ok, err := c.partitions.pick(key, partitioning)
		if err != nil || ok {
			return PartitionID(partition), err
		}
		details, err := c.GetTopic(ctx, stream, topic)
		if err != nil {
			return partitioning, err
		}
		if details == nil {
			return partitioning, newError(ErrorCodeTopicIdNotFound, "the topic to send to does not exist", nil)
		}
		c.partitions.store(key, uint32(len(details.Partitions)))
	}
	return partitioning, newError(ErrorCodeNoPartitions, "the topic's partitions could not be read", nil)
}
