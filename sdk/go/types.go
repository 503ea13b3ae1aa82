package iggy

import (
	"encoding/binary"
	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
	"strconv"
)

// The wire records, generated from protocol-spec (field names follow the spec: `created_at` in µs, ...).
type (
	Identifier              = codec.Identifier
	Consumer                = codec.Consumer
	PollingStrategy         = codec.PollingStrategy
	Partitioning            = codec.Partitioning
	Permissions             = codec.Permissions
	StreamPermissions       = codec.StreamPermissions
	TopicPermissions        = codec.TopicPermissions
	StreamHeader            = codec.StreamHeader
	StreamDetails           = codec.StreamDetails
	TopicHeader             = codec.TopicHeader
	TopicDetails            = codec.TopicDetails
	PartitionDetails        = codec.PartitionDetails
	UserHeader              = codec.UserHeader
	UserDetails             = codec.UserDetails
	ClientInfo              = codec.ClientInfo
	ClientDetails           = codec.ClientDetails
	ClientGroupInfo         = codec.ClientGroupInfo
	ClusterMetadata         = codec.ClusterMetadata
	ClusterNode             = codec.ClusterNode
	Stats                   = codec.Stats
	GroupHeader             = codec.GroupHeader
	GroupDetails            = codec.GroupDetails
	GroupMember             = codec.GroupMember
	ConsumerOffsetInfo      = codec.ConsumerOffsetInfo
	PersonalAccessTokenInfo = codec.PersonalAccessTokenInfo
	PolledMessages          = codec.PolledMessages
	// SendConfirmation (0.9) is where a sent batch went: its partition and the offset of its first message.
	SendConfirmation = codec.SendConfirmation
	// OptionDescriptor (0.9) is one key of an option catalog (DescribeOptions).
	OptionDescriptor = codec.OptionDescriptor
	// GroupAssignment (0.9) is a consumer-group member's partitions at the group's generation (SyncConsumerGroup).
	GroupAssignment = codec.SyncConsumerGroupResponse
	// PolledMessage is one message of a poll; Payload and UserHeaders are slices of the answer's buffer.
	PolledMessage = codec.Message
	// U128 is a message id.
	U128 = codec.U128
)

// ID answers the identifier of a numeric id.
func ID(id uint32) Identifier {
	return Identifier{Kind: uint8(IdKindNumeric), Value: binary.LittleEndian.AppendUint32(nil, id)}
}

// Named answers the identifier of a name (use it for a name made of digits).
func Named(name string) Identifier { return Identifier{Kind: uint8(IdKindString), Value: []byte(name)} }

// ParseIdentifier answers a numeric id for a string of digits (like the official clients) and a name otherwise.
func ParseIdentifier(text string) Identifier {
	if n, err := strconv.ParseUint(text, 10, 32); err == nil {
		return ID(uint32(n))
	}
	return Named(text)
}

// ConsumerID answers a single consumer.
func ConsumerID(id Identifier) Consumer { return Consumer{Kind: uint8(ConsumerKindConsumer), ID: id} }

// ConsumerGroupID answers a consumer group acting as the consumer.
func ConsumerGroupID(group Identifier) Consumer {
	return Consumer{Kind: uint8(ConsumerKindConsumerGroup), ID: group}
}

// PollOffset starts at an offset.
func PollOffset(offset uint64) PollingStrategy {
	return PollingStrategy{Kind: uint8(PollingKindOffset), Value: offset}
}

// PollTimestamp starts at the first message at or after a timestamp (µs since the epoch).
func PollTimestamp(timestampUs uint64) PollingStrategy {
	return PollingStrategy{Kind: uint8(PollingKindTimestamp), Value: timestampUs}
}

// PollFirst starts at the partition's first message.
func PollFirst() PollingStrategy { return PollingStrategy{Kind: uint8(PollingKindFirst)} }

// PollLast reads the partition's last messages.
func PollLast() PollingStrategy { return PollingStrategy{Kind: uint8(PollingKindLast)} }

// PollNext resumes after the consumer's stored offset.
func PollNext() PollingStrategy { return PollingStrategy{Kind: uint8(PollingKindNext)} }

// Balanced lets the server pick partitions round robin.
func Balanced() Partitioning {
	return Partitioning{Kind: uint8(PartitioningKindBalanced), Value: []byte{}}
}

// PartitionID sends to one partition.
func PartitionID(id uint32) Partitioning {
	return Partitioning{Kind: uint8(PartitioningKindPartitionId), Value: binary.LittleEndian.AppendUint32(nil, id)}
}

// MessagesKey sends every message with the same key to the same partition.
func MessagesKey(key []byte) Partitioning {
	return Partitioning{Kind: uint8(PartitioningKindMessagesKey), Value: key}
}

// Message is a message to send. A zero ID lets the server assign one.
type Message struct {
	ID      U128
	Payload []byte
	Headers Headers
}

// NewMessage answers a message with a payload and no headers.
func NewMessage(payload []byte) Message { return Message{Payload: payload} }

// ParseU128 parses a decimal message id.
func ParseU128(text string) (U128, error) { return codec.ParseU128(text) }
