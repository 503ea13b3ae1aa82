package iggy

import (
	"context"
	"fmt"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// One method per command of the 0.8 protocol. Get* lookups answer nil (not an error) for a missing object,
// list methods an empty slice.

// one sends a request whose answer is one record: nil for an empty answer where the spec says a missing
// object answers empty, an EmptyResponse error where it does not (fail closed on a malformed answer).
func one[T any](c *Client, ctx context.Context, request codec.Request, response *T) (*T, error) {
	empty, err := c.call(ctx, request, any(response).(codec.Value))
	if err != nil {
		return nil, err
	}
	if empty {
		if !commandInfo[request.Code()].MissingEmpty {
			return nil, newError(ErrorCodeEmptyResponse, fmt.Sprintf("%s answered an empty body",
				Command(request.Code())), nil)
		}
		return nil, nil
	}
	return response, nil
}

func (c *Client) none(ctx context.Context, request codec.Request) error {
	_, err := c.call(ctx, request, nil)
	return err
}

// Ping checks liveness (and refreshes the server's heartbeat of this client).
func (c *Client) Ping(ctx context.Context) error { return c.none(ctx, &codec.PingRequest{}) }

// LoginUser logs in; the credentials are remembered for re-login after a reconnect.
func (c *Client) LoginUser(ctx context.Context, username, password string) (uint32, error) {
	answer, err := one(c, ctx, &codec.LoginUserRequest{Username: username, Password: password, Version: ClientName},
		&codec.LoginUserResponse{})
	if err != nil {
		return 0, err
	}
	return answer.UserID, nil
}

// LoginWithPersonalAccessToken logs in with a token secret (remembered for re-login).
func (c *Client) LoginWithPersonalAccessToken(ctx context.Context, token string) (uint32, error) {
	answer, err := one(c, ctx, &codec.LoginWithPersonalAccessTokenRequest{Token: token},
		&codec.LoginWithPersonalAccessTokenResponse{})
	if err != nil {
		return 0, err
	}
	return answer.UserID, nil
}

// LogoutUser logs out; the connection stays open and a reconnect no longer logs in.
func (c *Client) LogoutUser(ctx context.Context) error {
	return c.none(ctx, &codec.LogoutUserRequest{})
}

// GetStats answers the server statistics.
func (c *Client) GetStats(ctx context.Context) (*Stats, error) {
	return one(c, ctx, &codec.GetStatsRequest{}, &Stats{})
}

// GetSnapshot answers a diagnostic ZIP archive of the server.
func (c *Client) GetSnapshot(ctx context.Context, compression SnapshotCompression,
	types []SnapshotType) ([]byte, error) {
	request := &codec.GetSnapshotRequest{Compression: uint8(compression)}
	if len(types) > 255 {
		return nil, newError(ErrorCodeInvalidFormat, "at most 255 snapshot types", nil)
	}
	for _, t := range types {
		request.SnapshotTypes = append(request.SnapshotTypes, codec.U8(t))
	}
	answer, err := one(c, ctx, request, &codec.GetSnapshotResponse{})
	if err != nil {
		return nil, err
	}
	return answer.Data, nil
}

// GetClusterMetadata answers the cluster's nodes.
func (c *Client) GetClusterMetadata(ctx context.Context) (*ClusterMetadata, error) {
	return one(c, ctx, &codec.GetClusterMetadataRequest{}, &ClusterMetadata{})
}

// GetMe answers this connection's session.
func (c *Client) GetMe(ctx context.Context) (*ClientDetails, error) {
	return one(c, ctx, &codec.GetMeRequest{}, &ClientDetails{})
}

// GetClient answers one session, or nil.
func (c *Client) GetClient(ctx context.Context, clientID uint32) (*ClientDetails, error) {
	return one(c, ctx, &codec.GetClientRequest{ClientID: clientID}, &ClientDetails{})
}

// GetClients answers every connected session.
func (c *Client) GetClients(ctx context.Context) ([]ClientInfo, error) {
	return list(c, ctx, &codec.GetClientsRequest{}, &codec.ClientInfoList{})
}

func list[T any, L ~[]T](c *Client, ctx context.Context, request codec.Request, response *L) ([]T, error) {
	if _, err := c.call(ctx, request, any(response).(codec.Value)); err != nil {
		return nil, err
	}
	if *response == nil {
		return []T{}, nil
	}
	return *response, nil
}

// GetUser answers a user with permissions, or nil.
func (c *Client) GetUser(ctx context.Context, user Identifier) (*UserDetails, error) {
	return one(c, ctx, &codec.GetUserRequest{UserID: user}, &UserDetails{})
}

// GetUsers answers every user.
func (c *Client) GetUsers(ctx context.Context) ([]UserHeader, error) {
	return list(c, ctx, &codec.GetUsersRequest{}, &codec.UserHeaderList{})
}

// CreateUser creates a user (nil permissions: none) and answers it.
func (c *Client) CreateUser(ctx context.Context, username, password string, status UserStatus,
	permissions *Permissions) (*UserDetails, error) {
	return one(c, ctx, &codec.CreateUserRequest{Username: username, Password: password, Status: uint8(status),
		Permissions: permissions}, &UserDetails{})
}

// DeleteUser deletes a user.
func (c *Client) DeleteUser(ctx context.Context, user Identifier) error {
	return c.none(ctx, &codec.DeleteUserRequest{UserID: user})
}

// UpdateUser renames a user and/or changes its status (nil = unchanged).
func (c *Client) UpdateUser(ctx context.Context, user Identifier, username *string, status *UserStatus) error {
	request := &codec.UpdateUserRequest{UserID: user, Username: username}
	if status != nil {
		value := uint8(*status)
		request.Status = &value
	}
	return c.none(ctx, request)
}

// UpdatePermissions replaces a user's permissions (nil: none).
func (c *Client) UpdatePermissions(ctx context.Context, user Identifier, permissions *Permissions) error {
	return c.none(ctx, &codec.UpdatePermissionsRequest{UserID: user, Permissions: permissions})
}

// ChangePassword changes a user's password.
func (c *Client) ChangePassword(ctx context.Context, user Identifier, currentPassword, newPassword string) error {
	return c.none(ctx, &codec.ChangePasswordRequest{UserID: user, CurrentPassword: currentPassword,
		NewPassword: newPassword})
}

// GetPersonalAccessTokens answers the caller's tokens (without secrets).
func (c *Client) GetPersonalAccessTokens(ctx context.Context) ([]PersonalAccessTokenInfo, error) {
	return list(c, ctx, &codec.GetPersonalAccessTokensRequest{}, &codec.PersonalAccessTokenInfoList{})
}

// CreatePersonalAccessToken creates a token and answers its secret (expiryUs 0 = never expires).
func (c *Client) CreatePersonalAccessToken(ctx context.Context, name string, expiryUs uint64) (string, error) {
	answer, err := one(c, ctx, &codec.CreatePersonalAccessTokenRequest{Name: name, Expiry: expiryUs},
		&codec.CreatePersonalAccessTokenResponse{})
	if err != nil {
		return "", err
	}
	return answer.Token, nil
}

// DeletePersonalAccessToken deletes one of the caller's tokens.
func (c *Client) DeletePersonalAccessToken(ctx context.Context, name string) error {
	return c.none(ctx, &codec.DeletePersonalAccessTokenRequest{Name: name})
}

// PollMessages reads up to count messages of one partition (nil partitionID: partition 0 for a consumer,
// the server's choice for a group member).
func (c *Client) PollMessages(ctx context.Context, stream, topic Identifier, partitionID *uint32, consumer Consumer,
	strategy PollingStrategy, count uint32, autoCommit bool) (*PolledMessages, error) {
	return one(c, ctx, &codec.PollMessagesRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Strategy: strategy, Count: count, AutoCommit: autoCommit}, &PolledMessages{})
}

// SendMessages appends messages to a topic. If the connection breaks after the batch was written, it fails
// with ErrOutcomeUnknown and is not re-sent (the producer's retries decide about at-least-once).
func (c *Client) SendMessages(ctx context.Context, stream, topic Identifier, partitioning Partitioning,
	messages []Message) error {
	if len(messages) == 0 {
		return newError(ErrorCodeInvalidMessagesCount, "send at least one message", nil)
	}
	request := &codec.SendMessagesRequest{StreamID: stream, TopicID: topic, Partitioning: partitioning,
		Messages: make([]codec.Message, len(messages))}
	size := 2*(2+len(stream.Value)) + 2 + len(partitioning.Value) + 8 // metadata: ids, partitioning, lengths
	for i := range messages {
		headers, err := encodeHeaders(messages[i].Headers)
		if err != nil {
			return err
		}
		request.Messages[i] = codec.Message{ID: messages[i].ID, Payload: messages[i].Payload, UserHeaders: headers}
		size += IndexEntrySize + MessageHeaderSize + len(messages[i].Payload) + len(headers)
	}
	_, err := c.callSized(ctx, request, nil, size+len(topic.Value))
	return err
}

// FlushUnsavedBuffer writes a partition's buffered messages to disk (fsync: also fsync the files).
func (c *Client) FlushUnsavedBuffer(ctx context.Context, stream, topic Identifier, partitionID uint32,
	fsync bool) error {
	return c.none(ctx, &codec.FlushUnsavedBufferRequest{StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Fsync: fsync})
}

// GetConsumerOffset answers a consumer's stored offset, or nil.
func (c *Client) GetConsumerOffset(ctx context.Context, consumer Consumer, stream, topic Identifier,
	partitionID *uint32) (*ConsumerOffsetInfo, error) {
	return one(c, ctx, &codec.GetConsumerOffsetRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID}, &ConsumerOffsetInfo{})
}

// StoreConsumerOffset stores a consumer's offset.
func (c *Client) StoreConsumerOffset(ctx context.Context, consumer Consumer, stream, topic Identifier,
	partitionID *uint32, offset uint64) error {
	return c.none(ctx, &codec.StoreConsumerOffsetRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Offset: offset})
}

// DeleteConsumerOffset forgets a consumer's stored offset.
func (c *Client) DeleteConsumerOffset(ctx context.Context, consumer Consumer, stream, topic Identifier,
	partitionID *uint32) error {
	return c.none(ctx, &codec.DeleteConsumerOffsetRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID})
}

// GetStream answers a stream with its topics, or nil.
func (c *Client) GetStream(ctx context.Context, stream Identifier) (*StreamDetails, error) {
	return one(c, ctx, &codec.GetStreamRequest{StreamID: stream}, &StreamDetails{})
}

// GetStreams answers every stream.
func (c *Client) GetStreams(ctx context.Context) ([]StreamHeader, error) {
	return list(c, ctx, &codec.GetStreamsRequest{}, &codec.StreamHeaderList{})
}

// CreateStream creates a stream and answers it.
func (c *Client) CreateStream(ctx context.Context, name string) (*StreamHeader, error) {
	return one(c, ctx, &codec.CreateStreamRequest{Name: name}, &StreamHeader{})
}

// DeleteStream deletes a stream with its topics and messages.
func (c *Client) DeleteStream(ctx context.Context, stream Identifier) error {
	return c.none(ctx, &codec.DeleteStreamRequest{StreamID: stream})
}

// UpdateStream renames a stream.
func (c *Client) UpdateStream(ctx context.Context, stream Identifier, name string) error {
	return c.none(ctx, &codec.UpdateStreamRequest{StreamID: stream, Name: name})
}

// PurgeStream deletes every message of a stream, keeping its topics.
func (c *Client) PurgeStream(ctx context.Context, stream Identifier) error {
	return c.none(ctx, &codec.PurgeStreamRequest{StreamID: stream})
}

// TopicSettings are a topic's tunables; zero values take the server's defaults.
type TopicSettings struct {
	CompressionAlgorithm CompressionAlgorithm // 0 = none
	MessageExpiryUs      uint64               // MessageExpiryServerDefault / MessageExpiryNever
	MaxTopicSizeBytes    uint64               // MaxTopicSizeServerDefault / MaxTopicSizeUnlimited
	ReplicationFactor    uint8
}

func (s TopicSettings) compression() uint8 {
	if s.CompressionAlgorithm == 0 {
		return uint8(CompressionAlgorithmNone)
	}
	return uint8(s.CompressionAlgorithm)
}

// GetTopic answers a topic with its partitions, or nil.
func (c *Client) GetTopic(ctx context.Context, stream, topic Identifier) (*TopicDetails, error) {
	return one(c, ctx, &codec.GetTopicRequest{StreamID: stream, TopicID: topic}, &TopicDetails{})
}

// GetTopics answers every topic of a stream.
func (c *Client) GetTopics(ctx context.Context, stream Identifier) ([]TopicHeader, error) {
	return list(c, ctx, &codec.GetTopicsRequest{StreamID: stream}, &codec.TopicHeaderList{})
}

// CreateTopic creates a topic with partitionsCount partitions and answers it.
func (c *Client) CreateTopic(ctx context.Context, stream Identifier, name string, partitionsCount uint32,
	settings TopicSettings) (*TopicDetails, error) {
	return one(c, ctx, &codec.CreateTopicRequest{StreamID: stream, PartitionsCount: partitionsCount,
		CompressionAlgorithm: settings.compression(), MessageExpiry: settings.MessageExpiryUs,
		MaxTopicSize: settings.MaxTopicSizeBytes, ReplicationFactor: settings.ReplicationFactor, Name: name},
		&TopicDetails{})
}

// UpdateTopic changes a topic's name and settings.
func (c *Client) UpdateTopic(ctx context.Context, stream, topic Identifier, name string,
	settings TopicSettings) error {
	return c.none(ctx, &codec.UpdateTopicRequest{StreamID: stream, TopicID: topic,
		CompressionAlgorithm: settings.compression(), MessageExpiry: settings.MessageExpiryUs,
		MaxTopicSize: settings.MaxTopicSizeBytes, ReplicationFactor: settings.ReplicationFactor, Name: name})
}

// DeleteTopic deletes a topic with its messages.
func (c *Client) DeleteTopic(ctx context.Context, stream, topic Identifier) error {
	return c.none(ctx, &codec.DeleteTopicRequest{StreamID: stream, TopicID: topic})
}

// PurgeTopic deletes every message of a topic, keeping its partitions.
func (c *Client) PurgeTopic(ctx context.Context, stream, topic Identifier) error {
	return c.none(ctx, &codec.PurgeTopicRequest{StreamID: stream, TopicID: topic})
}

// CreatePartitions appends partitions to a topic.
func (c *Client) CreatePartitions(ctx context.Context, stream, topic Identifier, partitionsCount uint32) error {
	return c.none(ctx, &codec.CreatePartitionsRequest{StreamID: stream, TopicID: topic,
		PartitionsCount: partitionsCount})
}

// DeletePartitions removes the highest-numbered partitions of a topic.
func (c *Client) DeletePartitions(ctx context.Context, stream, topic Identifier, partitionsCount uint32) error {
	return c.none(ctx, &codec.DeletePartitionsRequest{StreamID: stream, TopicID: topic,
		PartitionsCount: partitionsCount})
}

// DeleteSegments deletes the oldest segments of a partition.
func (c *Client) DeleteSegments(ctx context.Context, stream, topic Identifier, partitionID,
	segmentsCount uint32) error {
	return c.none(ctx, &codec.DeleteSegmentsRequest{StreamID: stream, TopicID: topic, PartitionID: partitionID,
		SegmentsCount: segmentsCount})
}

// GetConsumerGroup answers a group with its members, or nil.
func (c *Client) GetConsumerGroup(ctx context.Context, stream, topic, group Identifier) (*GroupDetails, error) {
	return one(c, ctx, &codec.GetConsumerGroupRequest{StreamID: stream, TopicID: topic, GroupID: group},
		&GroupDetails{})
}

// GetConsumerGroups answers every group of a topic.
func (c *Client) GetConsumerGroups(ctx context.Context, stream, topic Identifier) ([]GroupHeader, error) {
	return list(c, ctx, &codec.GetConsumerGroupsRequest{StreamID: stream, TopicID: topic},
		&codec.GroupHeaderList{})
}

// CreateConsumerGroup creates a group and answers it.
func (c *Client) CreateConsumerGroup(ctx context.Context, stream, topic Identifier,
	name string) (*GroupHeader, error) {
	return one(c, ctx, &codec.CreateConsumerGroupRequest{StreamID: stream, TopicID: topic, Name: name},
		&GroupHeader{})
}

// DeleteConsumerGroup deletes a group.
func (c *Client) DeleteConsumerGroup(ctx context.Context, stream, topic, group Identifier) error {
	return c.none(ctx, &codec.DeleteConsumerGroupRequest{StreamID: stream, TopicID: topic, GroupID: group})
}

// JoinConsumerGroup makes this connection a member of a group.
func (c *Client) JoinConsumerGroup(ctx context.Context, stream, topic, group Identifier) error {
	return c.none(ctx, &codec.JoinConsumerGroupRequest{StreamID: stream, TopicID: topic, GroupID: group})
}

// LeaveConsumerGroup removes this connection from a group.
func (c *Client) LeaveConsumerGroup(ctx context.Context, stream, topic, group Identifier) error {
	return c.none(ctx, &codec.LeaveConsumerGroupRequest{StreamID: stream, TopicID: topic, GroupID: group})
}
