package iggy

import (
	"context"
	"errors"
	"fmt"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// One method per command of Iggy 0.9 and 0.8, sent in the protocol the client speaks (Config.Protocol). Get*
// lookups answer nil (not an error) for a missing object, list methods an empty slice. A command the protocol
// lacks (DescribeOptions on 0.8) fails with ErrorCodeFeatureUnavailable, naming the protocol it needs.

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

// LoginUser logs in; the credentials are remembered for re-login after a reconnect. 0.9: it registers a new
// session under a new client id.
func (c *Client) LoginUser(ctx context.Context, username, password string) (uint32, error) {
	return c.login(ctx, username, password, "")
}

func (c *Client) login(ctx context.Context, username, password, token string) (uint32, error) {
	request, answer := c.loginRequest(username, password, token)
	empty, err := c.call(ctx, request, answer)
	if err == nil && empty {
		err = newError(ErrorCodeEmptyResponse, fmt.Sprintf("%s answered an empty body", Command(request.Code())), nil)
	}
	if err != nil {
		return 0, err
	}
	return answer.userID(), nil
}

// LoginWithPersonalAccessToken logs in with a token secret (remembered for re-login).
func (c *Client) LoginWithPersonalAccessToken(ctx context.Context, token string) (uint32, error) {
	return c.login(ctx, "", "", token)
}

// LogoutUser logs out; the connection stays open and a reconnect no longer logs in. 0.9: the session ends and the
// connection takes a new client id.
func (c *Client) LogoutUser(ctx context.Context) error {
	return c.none(ctx, &codec.LogoutUserRequest{})
}

// DescribeOptions (0.9) answers the option catalog of a scope: each key with its kind, default (in the kind's
// encoding) and description. Streams and users have no keys in 0.9.
func (c *Client) DescribeOptions(ctx context.Context, scope OptionScope) ([]OptionDescriptor, error) {
	answer, err := one(c, ctx, &codec.DescribeOptionsRequest{Scope: uint8(scope)}, &codec.DescribeOptionsResponse{})
	if err != nil {
		return nil, err
	}
	return answer.Entries, nil
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

// CreateUser creates a user (nil permissions: none) and answers it. options (0.9): the user's options block (0.9
// servers have no user keys yet and refuse any).
func (c *Client) CreateUser(ctx context.Context, username, password string, status UserStatus,
	permissions *Permissions, options ...Option) (*UserDetails, error) {
	block, err := c.options(options)
	if err != nil {
		return nil, err
	}
	return one(c, ctx, &codec.CreateUserRequest{Username: username, Password: password, Status: uint8(status),
		Permissions: permissions, Options: block}, &UserDetails{})
}

// DeleteUser deletes a user.
func (c *Client) DeleteUser(ctx context.Context, user Identifier) error {
	return c.none(ctx, &codec.DeleteUserRequest{UserID: user})
}

// UpdateUser renames a user and/or changes its status (nil = unchanged); options (0.9) as CreateUser's.
func (c *Client) UpdateUser(ctx context.Context, user Identifier, username *string, status *UserStatus,
	options ...Option) error {
	block, err := c.options(options)
	if err != nil {
		return err
	}
	request := &codec.UpdateUserRequest{UserID: user, Username: username, Options: block}
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
// the server's choice for a 0.8 group member). 0.9: a group member names a partition SyncConsumerGroup assigned
// it; one it does not own answers an empty poll whose PartitionID is ResyncPartitionId (sync again). Payloads are
// slices of the answer's one buffer.
func (c *Client) PollMessages(ctx context.Context, stream, topic Identifier, partitionID *uint32, consumer Consumer,
	strategy PollingStrategy, count uint32, autoCommit bool) (*PolledMessages, error) {
	return c.poll(ctx, nil, &codec.PollMessagesRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Strategy: strategy, Count: count, AutoCommit: autoCommit}, &PolledMessages{})
}

// poll sends request and decodes its answer into polled, read into buffer's memory unless buffer is nil.
func (c *Client) poll(ctx context.Context, buffer *PollBuffer, request *codec.PollMessagesRequest,
	polled *PolledMessages) (*PolledMessages, error) {
	empty, err := c.call(ctx, request, polledAnswer{out: polled, buffer: buffer})
	if err != nil {
		return nil, err
	}
	if empty {
		return nil, newError(ErrorCodeEmptyResponse, "PollMessages answered an empty body", nil)
	}
	return polled, nil
}

// PollBuffer is the memory of a poll answer, kept between polls by PollMessagesInto: the answer's bytes and its
// message slice. A loop that is done with each batch before it polls the next one then allocates nothing per poll
// once the buffer has grown to the answers' size (a PollMessages answer is a new buffer each time, zeroed by the
// runtime before the socket fills it, and collected later). The zero value is ready to use; not for concurrent
// use.
type PollBuffer struct {
	body   []byte
	polled PolledMessages
}

// PollMessagesInto is PollMessages reading the answer into buffer: the messages it answers (and their payloads)
// are valid until buffer is used again, which overwrites them. Copy what must outlive the next poll.
func (c *Client) PollMessagesInto(ctx context.Context, buffer *PollBuffer, stream, topic Identifier,
	partitionID *uint32, consumer Consumer, strategy PollingStrategy, count uint32,
	autoCommit bool) (*PolledMessages, error) {
	buffer.polled.Batches = nil
	return c.poll(ctx, buffer, &codec.PollMessagesRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Strategy: strategy, Count: count, AutoCommit: autoCommit}, &buffer.polled)
}

// polledAnswer decodes a poll answer with the hot path: messages straight from 0.8 frames or 0.9 batches.
type polledAnswer struct {
	out    *PolledMessages
	buffer *PollBuffer // PollMessagesInto's buffer, or nil
}

func (a polledAnswer) Encode(w *codec.Writer) { a.out.Encode(w) }

func (a polledAnswer) Decode(r *codec.Reader) {
	if err := codec.DecodePolled(r.Rest(), r.Version(), a.out); err != nil {
		r.Fail("%v", err)
	}
}

// SendMessages appends messages to a topic and answers, in 0.9, where they went: the partition and the offset of
// the first message (nil when the server reports none, and always in 0.8, which answers nothing). 0.9 clients
// pick the partition themselves, as the official ones do: Balanced is a round-robin cursor per topic, a message
// key XXH32(key) % partitions, over the partition count GetTopic reports (read again every few seconds). If the
// connection breaks after the batch was written, it fails with ErrOutcomeUnknown and is not re-sent (the
// producer's retries decide about at-least-once).
func (c *Client) SendMessages(ctx context.Context, stream, topic Identifier, partitioning Partitioning,
	messages []Message) (*SendConfirmation, error) {
	if len(messages) == 0 {
		return nil, newError(ErrorCodeInvalidMessagesCount, "send at least one message", nil)
	}
	request := &sendRequest{stream: stream, topic: topic, partitioning: partitioning, messages: messages}
	dataBytes := 0
	for i := range messages {
		dataBytes += len(messages[i].Payload)
		if len(messages[i].Headers) > 0 && request.headers == nil {
			request.headers = make([][]byte, len(messages))
		}
	}
	if request.headers != nil {
		for i := range messages {
			headers, err := encodeHeaders(messages[i].Headers)
			if err != nil {
				return nil, err
			}
			request.headers[i] = headers
			dataBytes += len(headers)
		}
	}
	if c.config.Protocol < ProtocolV0_9 {
		_, err := c.callSized(ctx, request, nil, request.size(codec.Version0_8, dataBytes))
		return nil, err
	}
	chosen, err := c.resolvePartitioning(ctx, stream, topic, partitioning)
	if err != nil {
		return nil, err
	}
	request.partitioning = chosen
	answer := &codec.SendMessagesResponse{}
	empty, err := c.callSized(ctx, request, answer, request.size(codec.Version0_9, dataBytes))
	if err != nil {
		if partitioning.Kind != chosen.Kind && errors.Is(err, ErrorCodePartitionNotFound) {
			c.partitions.forget(partitionKey(stream, topic)) // the topic shrank: read its count again next time
		}
		return nil, err
	}
	if empty || len(answer.Confirmations) == 0 {
		return nil, nil
	}
	return &answer.Confirmations[0], nil
}

// sendRequest writes SendMessages with the hot path (codec.AppendSendMessages), straight from the messages.
type sendRequest struct {
	stream, topic Identifier
	partitioning  Partitioning
	messages      []Message
	headers       [][]byte // the encoded user headers of each message; nil when no message has any
}

func (r *sendRequest) Code() uint32 { return uint32(CommandSendMessages) }

// ErrorParam names the stream, topic and partition in an error's text, as the generated request does.
func (r *sendRequest) ErrorParam(param string) (string, bool) {
	named := codec.SendMessagesRequest{StreamID: r.stream, TopicID: r.topic, Partitioning: r.partitioning}
	return named.ErrorParam(param)
}

func (r *sendRequest) size(version codec.Version, dataBytes int) int {
	metadata := 6 + len(r.stream.Value) + len(r.topic.Value) + len(r.partitioning.Value)
	return codec.SendMessagesSize(version, metadata, len(r.messages), dataBytes)
}

func (r *sendRequest) Encode(w *codec.Writer) {
	codec.AppendSendMessages(w, r.stream, r.topic, r.partitioning, len(r.messages), r.message)
}

func (r *sendRequest) message(i int) (codec.U128, []byte, []byte) {
	var headers []byte
	if r.headers != nil {
		headers = r.headers[i]
	}
	return r.messages[i].ID, r.messages[i].Payload, headers
}

// Decode is never used: a request the client sends is not read back.
func (r *sendRequest) Decode(reader *codec.Reader) { reader.Fail("a send request is write-only") }

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

// StoreConsumerOffset stores a consumer's offset (0.9: acknowledged at AckLevelQuorum, as the official clients
// always ask).
func (c *Client) StoreConsumerOffset(ctx context.Context, consumer Consumer, stream, topic Identifier,
	partitionID *uint32, offset uint64) error {
	return c.none(ctx, &codec.StoreConsumerOffsetRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Offset: offset, Ack: uint8(AckLevelQuorum)})
}

// DeleteConsumerOffset forgets a consumer's stored offset (0.9: at AckLevelQuorum).
func (c *Client) DeleteConsumerOffset(ctx context.Context, consumer Consumer, stream, topic Identifier,
	partitionID *uint32) error {
	return c.none(ctx, &codec.DeleteConsumerOffsetRequest{Consumer: consumer, StreamID: stream, TopicID: topic,
		PartitionID: partitionID, Ack: uint8(AckLevelQuorum)})
}

// GetStream answers a stream with its topics, or nil.
func (c *Client) GetStream(ctx context.Context, stream Identifier) (*StreamDetails, error) {
	return one(c, ctx, &codec.GetStreamRequest{StreamID: stream}, &StreamDetails{})
}

// GetStreams answers every stream.
func (c *Client) GetStreams(ctx context.Context) ([]StreamHeader, error) {
	return list(c, ctx, &codec.GetStreamsRequest{}, &codec.StreamHeaderList{})
}

// CreateStream creates a stream and answers it; options (0.9): the stream's options block (0.9 servers have no
// stream keys yet and refuse any).
func (c *Client) CreateStream(ctx context.Context, name string, options ...Option) (*StreamHeader, error) {
	block, err := c.options(options)
	if err != nil {
		return nil, err
	}
	return one(c, ctx, &codec.CreateStreamRequest{Name: name, Options: block}, &StreamHeader{})
}

// DeleteStream deletes a stream with its topics and messages.
func (c *Client) DeleteStream(ctx context.Context, stream Identifier) error {
	return c.none(ctx, &codec.DeleteStreamRequest{StreamID: stream})
}

// UpdateStream renames a stream; options (0.9) as CreateStream's.
func (c *Client) UpdateStream(ctx context.Context, stream Identifier, name string, options ...Option) error {
	block, err := c.options(options)
	if err != nil {
		return err
	}
	return c.none(ctx, &codec.UpdateStreamRequest{StreamID: stream, Name: name, Options: block})
}

// PurgeStream deletes every message of a stream, keeping its topics.
func (c *Client) PurgeStream(ctx context.Context, stream Identifier) error {
	return c.none(ctx, &codec.PurgeStreamRequest{StreamID: stream})
}

// TopicSettings are a topic's tunables; zero values take the server's defaults.
//
// 0.8 sends the four fixed fields. 0.9 sends a topic's settings as its options block: the typed fields that are
// set (zero: not sent, so the server default on create and unchanged on update; ReplicationFactor is 0.8 only)
// and any other catalog key in Options (OptionCatalog or DescribeOptions list them: segment_size, durability,
// messages_required_to_save, ...). On create, durability and consumer_offset_durability are sent as "replicated"
// unless Options sets them, as the official 0.9 clients send them. A topic's answer carries what the server
// stored: TopicDetails.Options (the keys sent) and DerivedOptions (the rest of the catalog), read with
// ParseOptions.
type TopicSettings struct {
	CompressionAlgorithm CompressionAlgorithm // 0 = none (0.9: not sent)
	MessageExpiryUs      uint64               // MessageExpiryServerDefault / MessageExpiryNever
	MaxTopicSizeBytes    uint64               // MaxTopicSizeServerDefault / MaxTopicSizeUnlimited
	ReplicationFactor    uint8                // 0.8 only
	Options              []Option             // 0.9: further keys of the topic's options block
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
	request := &codec.CreateTopicRequest{StreamID: stream, PartitionsCount: partitionsCount, Name: name}
	if c.config.Protocol >= ProtocolV0_9 {
		block, err := topicOptions(settings, officialCreateDefaults)
		if err != nil {
			return nil, err
		}
		request.Options = block
	} else {
		if len(settings.Options) > 0 {
			return nil, newError(ErrorCodeFeatureUnavailable, "topic options need Iggy protocol 0.9", nil)
		}
		request.CompressionAlgorithm, request.MessageExpiry = settings.compression(), settings.MessageExpiryUs
		request.MaxTopicSize, request.ReplicationFactor = settings.MaxTopicSizeBytes, settings.ReplicationFactor
	}
	return one(c, ctx, request, &TopicDetails{})
}

// UpdateTopic renames a topic and changes its settings: 0.8 replaces every setting (zero: none / the server
// default), 0.9 changes only the settings given (a patch; a zero field is left as it is) plus the keys in
// settings.Options (0.9 updates compression_algorithm, message_expiry and max_topic_size).
func (c *Client) UpdateTopic(ctx context.Context, stream, topic Identifier, name string,
	settings TopicSettings) error {
	request := &codec.UpdateTopicRequest{StreamID: stream, TopicID: topic, Name: name}
	if c.config.Protocol >= ProtocolV0_9 {
		block, err := topicOptions(settings, nil)
		if err != nil {
			return err
		}
		request.Options = block
	} else {
		if len(settings.Options) > 0 {
			return newError(ErrorCodeFeatureUnavailable, "topic options need Iggy protocol 0.9", nil)
		}
		request.CompressionAlgorithm, request.MessageExpiry = settings.compression(), settings.MessageExpiryUs
		request.MaxTopicSize, request.ReplicationFactor = settings.MaxTopicSizeBytes, settings.ReplicationFactor
	}
	err := c.none(ctx, request)
	if err == nil {
		c.partitions.forget(partitionKey(stream, topic))
	}
	return err
}

// DeleteTopic deletes a topic with its messages.
func (c *Client) DeleteTopic(ctx context.Context, stream, topic Identifier) error {
	defer c.partitions.forget(partitionKey(stream, topic))
	return c.none(ctx, &codec.DeleteTopicRequest{StreamID: stream, TopicID: topic})
}

// PurgeTopic deletes every message of a topic, keeping its partitions.
func (c *Client) PurgeTopic(ctx context.Context, stream, topic Identifier) error {
	return c.none(ctx, &codec.PurgeTopicRequest{StreamID: stream, TopicID: topic})
}

// CreatePartitions appends partitions to a topic.
func (c *Client) CreatePartitions(ctx context.Context, stream, topic Identifier, partitionsCount uint32) error {
	defer c.partitions.forget(partitionKey(stream, topic))
	return c.none(ctx, &codec.CreatePartitionsRequest{StreamID: stream, TopicID: topic,
		PartitionsCount: partitionsCount})
}

// DeletePartitions removes the highest-numbered partitions of a topic.
func (c *Client) DeletePartitions(ctx context.Context, stream, topic Identifier, partitionsCount uint32) error {
	defer c.partitions.forget(partitionKey(stream, topic))
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

// SyncConsumerGroup (0.9) answers this member's partitions in a group and the group's generation (it grows with
// every change of membership or assignment), or nil when this connection's session is not a member. Members poll
// only these partitions and sync again when a poll is fenced.
func (c *Client) SyncConsumerGroup(ctx context.Context, stream, topic, group Identifier) (*GroupAssignment,
	error) {
	return one(c, ctx, &codec.SyncConsumerGroupRequest{StreamID: stream, TopicID: topic, GroupID: group},
		&GroupAssignment{})
}
