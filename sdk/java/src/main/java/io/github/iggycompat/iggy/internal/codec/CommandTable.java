// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.model.Primitives;
import io.github.iggycompat.iggy.model.Structs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every command: code, request and response types, list-ness, authentication and permission rule. */
public final class CommandTable {
    private CommandTable() {}

    /**
     * One row of the table. {@code responseList}: the body is the response type repeated to its end;
     * {@code emptyWhenMissing}: a lookup of a missing object answers an empty OK (the client returns null);
     * {@code permissionRule}: the spec's machine-readable rule id, {@code permission} its prose;
     * {@code versions}: the protocol versions that have the command; {@code operation}: what its 0.9 request
     * header carries (NON_REPLICATED: the code rides in the header); {@code emptyIn}: the versions whose OK
     * body is always empty although other versions answer a body; {@code mutates}: it changes what the
     * server stores or what other clients see; {@code replaySafe}: a client may send it again on a new
     * connection after its answer was lost (the lookups and Ping); {@code audited}: the server writes an
     * audit line for it.
     */
    public record Entry(int code, String name, Class<?> requestType, Class<?> responseType,
                        boolean responseList, boolean auth, String permissionRule, String permission,
                        boolean emptyWhenMissing, Set<ProtocolVersion> versions, Codes.Operation operation,
                        Set<ProtocolVersion> emptyIn, boolean mutates, boolean replaySafe, boolean audited,
                        Function<WireReader, ?> requestDecoder, Function<WireReader, ?> responseDecoder) {
        /** Whether the command exists in {@code version}. */
        public boolean in(ProtocolVersion version) {
            return versions.contains(version);
        }
    }

    /** The versions in which GetClients's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_CLIENTS = Set.of();

    /** The versions in which GetUsers's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_USERS = Set.of();

    /** The versions in which GetPersonalAccessTokens's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_PERSONAL_ACCESS_TOKENS = Set.of();

    /** The versions in which GetStreams's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_STREAMS = Set.of();

    /** The versions in which GetTopics's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_TOPICS = Set.of(ProtocolVersion.V0_9);

    /** The versions in which GetConsumerGroups's list answer starts with its element count (u32). */
    private static final Set<ProtocolVersion> COUNTED_GET_CONSUMER_GROUPS = Set.of();

    /** Every command, ascending by code. */
    public static final List<Entry> ALL = List.of(
            new Entry(Codes.Command.PING, "Ping", Requests.Ping.class, Void.class, false, false, "public", "none", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.Ping::decode, r -> null),
            new Entry(Codes.Command.GET_STATS, "GetStats", Requests.GetStats.class, Structs.Stats.class, false, true, "read_servers", "read_servers", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetStats::decode, Structs.Stats::decode),
            new Entry(Codes.Command.GET_SNAPSHOT, "GetSnapshot", Requests.GetSnapshot.class, Requests.GetSnapshotResponse.class, false, true, "logged_in", "none (login only)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetSnapshot::decode, Requests.GetSnapshotResponse::decode),
            new Entry(Codes.Command.GET_CLUSTER_METADATA, "GetClusterMetadata", Requests.GetClusterMetadata.class, Structs.ClusterMetadata.class, false, true, "logged_in", "none", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetClusterMetadata::decode, Structs.ClusterMetadata::decode),
            new Entry(Codes.Command.DESCRIBE_OPTIONS, "DescribeOptions", Requests.DescribeOptions.class, Requests.DescribeOptionsResponse.class, false, true, "logged_in", "none", false, Set.of(ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.DescribeOptions::decode, Requests.DescribeOptionsResponse::decode),
            new Entry(Codes.Command.GET_ME, "GetMe", Requests.GetMe.class, Structs.ClientDetails.class, false, true, "logged_in", "none", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetMe::decode, Structs.ClientDetails::decode),
            new Entry(Codes.Command.GET_CLIENT, "GetClient", Requests.GetClient.class, Structs.ClientDetails.class, false, true, "read_servers", "read_servers", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetClient::decode, Structs.ClientDetails::decode),
            new Entry(Codes.Command.GET_CLIENTS, "GetClients", Requests.GetClients.class, Structs.ClientInfo.class, true, true, "read_servers", "read_servers", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetClients::decode, r -> decodeList(r, Structs.ClientInfo::decode, COUNTED_GET_CLIENTS)),
            new Entry(Codes.Command.GET_USER, "GetUser", Requests.GetUser.class, Structs.UserDetails.class, false, true, "read_users_or_self", "read_users, unless it is the caller", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetUser::decode, Structs.UserDetails::decode),
            new Entry(Codes.Command.GET_USERS, "GetUsers", Requests.GetUsers.class, Structs.UserHeader.class, true, true, "read_users", "read_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetUsers::decode, r -> decodeList(r, Structs.UserHeader::decode, COUNTED_GET_USERS)),
            new Entry(Codes.Command.CREATE_USER, "CreateUser", Requests.CreateUser.class, Structs.UserDetails.class, false, true, "manage_users", "manage_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_USER, Set.of(), true, false, true, Requests.CreateUser::decode, Structs.UserDetails::decode),
            new Entry(Codes.Command.DELETE_USER, "DeleteUser", Requests.DeleteUser.class, Void.class, false, true, "manage_users", "manage_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_USER, Set.of(), true, false, true, Requests.DeleteUser::decode, r -> null),
            new Entry(Codes.Command.UPDATE_USER, "UpdateUser", Requests.UpdateUser.class, Void.class, false, true, "manage_users", "manage_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.UPDATE_USER, Set.of(), true, false, true, Requests.UpdateUser::decode, r -> null),
            new Entry(Codes.Command.UPDATE_PERMISSIONS, "UpdatePermissions", Requests.UpdatePermissions.class, Void.class, false, true, "manage_users", "manage_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.UPDATE_PERMISSIONS, Set.of(), true, false, true, Requests.UpdatePermissions::decode, r -> null),
            new Entry(Codes.Command.CHANGE_PASSWORD, "ChangePassword", Requests.ChangePassword.class, Void.class, false, true, "manage_users_or_self", "none for the caller's own password, else manage_users", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CHANGE_PASSWORD, Set.of(), true, false, true, Requests.ChangePassword::decode, r -> null),
            new Entry(Codes.Command.LOGIN_USER, "LoginUser", Requests.LoginUser.class, Requests.LoginUserResponse.class, false, false, "public", "none", false, Set.of(ProtocolVersion.V0_8), Codes.Operation.NON_REPLICATED, Set.of(), false, false, false, Requests.LoginUser::decode, Requests.LoginUserResponse::decode),
            new Entry(Codes.Command.LOGOUT_USER, "LogoutUser", Requests.LogoutUser.class, Void.class, false, true, "logged_in", "none", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.LOGOUT, Set.of(), false, false, false, Requests.LogoutUser::decode, r -> null),
            new Entry(Codes.Command.LOGIN_REGISTER, "LoginRegister", Requests.LoginRegister.class, Requests.LoginRegisterResponse.class, false, false, "public", "none", false, Set.of(ProtocolVersion.V0_9), Codes.Operation.REGISTER, Set.of(), false, false, false, Requests.LoginRegister::decode, Requests.LoginRegisterResponse::decode),
            new Entry(Codes.Command.GET_PERSONAL_ACCESS_TOKENS, "GetPersonalAccessTokens", Requests.GetPersonalAccessTokens.class, Structs.PersonalAccessTokenInfo.class, true, true, "logged_in", "none (the caller's own tokens)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetPersonalAccessTokens::decode, r -> decodeList(r, Structs.PersonalAccessTokenInfo::decode, COUNTED_GET_PERSONAL_ACCESS_TOKENS)),
            new Entry(Codes.Command.CREATE_PERSONAL_ACCESS_TOKEN, "CreatePersonalAccessToken", Requests.CreatePersonalAccessToken.class, Requests.CreatePersonalAccessTokenResponse.class, false, true, "logged_in", "none (for the caller)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_PERSONAL_ACCESS_TOKEN, Set.of(), true, false, true, Requests.CreatePersonalAccessToken::decode, Requests.CreatePersonalAccessTokenResponse::decode),
            new Entry(Codes.Command.DELETE_PERSONAL_ACCESS_TOKEN, "DeletePersonalAccessToken", Requests.DeletePersonalAccessToken.class, Void.class, false, true, "logged_in", "none (the caller's own token)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_PERSONAL_ACCESS_TOKEN, Set.of(), true, false, true, Requests.DeletePersonalAccessToken::decode, r -> null),
            new Entry(Codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, "LoginWithPersonalAccessToken", Requests.LoginWithPersonalAccessToken.class, Requests.LoginWithPersonalAccessTokenResponse.class, false, false, "public", "none", false, Set.of(ProtocolVersion.V0_8), Codes.Operation.NON_REPLICATED, Set.of(), false, false, false, Requests.LoginWithPersonalAccessToken::decode, Requests.LoginWithPersonalAccessTokenResponse::decode),
            new Entry(Codes.Command.LOGIN_REGISTER_WITH_PAT, "LoginRegisterWithPat", Requests.LoginRegisterWithPat.class, Requests.LoginRegisterWithPatResponse.class, false, false, "public", "none", false, Set.of(ProtocolVersion.V0_9), Codes.Operation.REGISTER, Set.of(), false, false, false, Requests.LoginRegisterWithPat::decode, Requests.LoginRegisterWithPatResponse::decode),
            new Entry(Codes.Command.POLL_MESSAGES, "PollMessages", Requests.PollMessages.class, Structs.PolledMessages.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), true, false, false, Requests.PollMessages::decode, Structs.PolledMessages::decode),
            new Entry(Codes.Command.SEND_MESSAGES, "SendMessages", Requests.SendMessages.class, Requests.SendMessagesResponse.class, false, true, "send_messages", "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.SEND_MESSAGES, Set.of(ProtocolVersion.V0_8), true, false, false, Requests.SendMessages::decode, Requests.SendMessagesResponse::decode),
            new Entry(Codes.Command.FLUSH_UNSAVED_BUFFER, "FlushUnsavedBuffer", Requests.FlushUnsavedBuffer.class, Void.class, false, true, "send_messages", "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), true, false, false, Requests.FlushUnsavedBuffer::decode, r -> null),
            new Entry(Codes.Command.GET_CONSUMER_OFFSET, "GetConsumerOffset", Requests.GetConsumerOffset.class, Structs.ConsumerOffsetInfo.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetConsumerOffset::decode, Structs.ConsumerOffsetInfo::decode),
            new Entry(Codes.Command.STORE_CONSUMER_OFFSET, "StoreConsumerOffset", Requests.StoreConsumerOffset.class, Void.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.STORE_CONSUMER_OFFSET, Set.of(), true, false, false, Requests.StoreConsumerOffset::decode, r -> null),
            new Entry(Codes.Command.DELETE_CONSUMER_OFFSET, "DeleteConsumerOffset", Requests.DeleteConsumerOffset.class, Void.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_CONSUMER_OFFSET, Set.of(), true, false, false, Requests.DeleteConsumerOffset::decode, r -> null),
            new Entry(Codes.Command.GET_STREAM, "GetStream", Requests.GetStream.class, Structs.StreamDetails.class, false, true, "read_stream", "read_streams (or read on the stream)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetStream::decode, Structs.StreamDetails::decode),
            new Entry(Codes.Command.GET_STREAMS, "GetStreams", Requests.GetStreams.class, Structs.StreamHeader.class, true, true, "read_streams", "read_streams", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetStreams::decode, r -> decodeList(r, Structs.StreamHeader::decode, COUNTED_GET_STREAMS)),
            new Entry(Codes.Command.CREATE_STREAM, "CreateStream", Requests.CreateStream.class, Structs.StreamHeader.class, false, true, "manage_streams", "manage_streams", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_STREAM, Set.of(), true, false, true, Requests.CreateStream::decode, Structs.StreamHeader::decode),
            new Entry(Codes.Command.DELETE_STREAM, "DeleteStream", Requests.DeleteStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_STREAM, Set.of(), true, false, true, Requests.DeleteStream::decode, r -> null),
            new Entry(Codes.Command.UPDATE_STREAM, "UpdateStream", Requests.UpdateStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.UPDATE_STREAM, Set.of(), true, false, true, Requests.UpdateStream::decode, r -> null),
            new Entry(Codes.Command.PURGE_STREAM, "PurgeStream", Requests.PurgeStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.PURGE_STREAM, Set.of(), true, false, true, Requests.PurgeStream::decode, r -> null),
            new Entry(Codes.Command.GET_TOPIC, "GetTopic", Requests.GetTopic.class, Structs.TopicDetails.class, false, true, "read_topic", "read_topics (or read on the stream or topic)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetTopic::decode, Structs.TopicDetails::decode),
            new Entry(Codes.Command.GET_TOPICS, "GetTopics", Requests.GetTopics.class, Structs.TopicHeader.class, true, true, "read_topics", "read_topics (or read on the stream)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetTopics::decode, r -> decodeList(r, Structs.TopicHeader::decode, COUNTED_GET_TOPICS)),
            new Entry(Codes.Command.CREATE_TOPIC, "CreateTopic", Requests.CreateTopic.class, Structs.TopicDetails.class, false, true, "manage_topics", "manage_topics (or manage on the stream)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_TOPIC, Set.of(), true, false, true, Requests.CreateTopic::decode, Structs.TopicDetails::decode),
            new Entry(Codes.Command.DELETE_TOPIC, "DeleteTopic", Requests.DeleteTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_TOPIC, Set.of(), true, false, true, Requests.DeleteTopic::decode, r -> null),
            new Entry(Codes.Command.UPDATE_TOPIC, "UpdateTopic", Requests.UpdateTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.UPDATE_TOPIC, Set.of(), true, false, true, Requests.UpdateTopic::decode, r -> null),
            new Entry(Codes.Command.PURGE_TOPIC, "PurgeTopic", Requests.PurgeTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.PURGE_TOPIC, Set.of(), true, false, true, Requests.PurgeTopic::decode, r -> null),
            new Entry(Codes.Command.CREATE_PARTITIONS, "CreatePartitions", Requests.CreatePartitions.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_PARTITIONS, Set.of(), true, false, true, Requests.CreatePartitions::decode, r -> null),
            new Entry(Codes.Command.DELETE_PARTITIONS, "DeletePartitions", Requests.DeletePartitions.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_PARTITIONS, Set.of(), true, false, true, Requests.DeletePartitions::decode, r -> null),
            new Entry(Codes.Command.DELETE_SEGMENTS, "DeleteSegments", Requests.DeleteSegments.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_SEGMENTS, Set.of(), true, false, true, Requests.DeleteSegments::decode, r -> null),
            new Entry(Codes.Command.GET_CONSUMER_GROUP, "GetConsumerGroup", Requests.GetConsumerGroup.class, Structs.GroupDetails.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetConsumerGroup::decode, Structs.GroupDetails::decode),
            new Entry(Codes.Command.GET_CONSUMER_GROUPS, "GetConsumerGroups", Requests.GetConsumerGroups.class, Structs.GroupHeader.class, true, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", true, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), false, true, false, Requests.GetConsumerGroups::decode, r -> decodeList(r, Structs.GroupHeader::decode, COUNTED_GET_CONSUMER_GROUPS)),
            new Entry(Codes.Command.CREATE_CONSUMER_GROUP, "CreateConsumerGroup", Requests.CreateConsumerGroup.class, Structs.GroupHeader.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.CREATE_CONSUMER_GROUP, Set.of(), true, false, true, Requests.CreateConsumerGroup::decode, Structs.GroupHeader::decode),
            new Entry(Codes.Command.DELETE_CONSUMER_GROUP, "DeleteConsumerGroup", Requests.DeleteConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.DELETE_CONSUMER_GROUP, Set.of(), true, false, true, Requests.DeleteConsumerGroup::decode, r -> null),
            new Entry(Codes.Command.JOIN_CONSUMER_GROUP, "JoinConsumerGroup", Requests.JoinConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.JOIN_CONSUMER_GROUP, Set.of(), true, false, false, Requests.JoinConsumerGroup::decode, r -> null),
            new Entry(Codes.Command.LEAVE_CONSUMER_GROUP, "LeaveConsumerGroup", Requests.LeaveConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Set.of(ProtocolVersion.V0_8, ProtocolVersion.V0_9), Codes.Operation.LEAVE_CONSUMER_GROUP, Set.of(), true, false, false, Requests.LeaveConsumerGroup::decode, r -> null),
            new Entry(Codes.Command.SYNC_CONSUMER_GROUP, "SyncConsumerGroup", Requests.SyncConsumerGroup.class, Requests.SyncConsumerGroupResponse.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", true, Set.of(ProtocolVersion.V0_9), Codes.Operation.NON_REPLICATED, Set.of(), true, false, false, Requests.SyncConsumerGroup::decode, Requests.SyncConsumerGroupResponse::decode));

    /** Rows by command code. */
    public static final Map<Integer, Entry> BY_CODE =
            ALL.stream().collect(Collectors.toUnmodifiableMap(Entry::code, Function.identity()));

    /** The record components only some protocol versions have, and which (a version lacking one decodes it
     * to its zero value and does not encode it). */
    public static final Map<Class<?>, Map<String, Set<ProtocolVersion>>> FIELD_VERSIONS = Map.ofEntries(
            Map.entry(Structs.StreamHeader.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.StreamDetails.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.TopicHeader.class, Map.ofEntries(Map.entry("replicationFactor", Set.of(ProtocolVersion.V0_8)), Map.entry("options", Set.of(ProtocolVersion.V0_9)), Map.entry("derivedOptions", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.TopicDetails.class, Map.ofEntries(Map.entry("replicationFactor", Set.of(ProtocolVersion.V0_8)), Map.entry("options", Set.of(ProtocolVersion.V0_9)), Map.entry("derivedOptions", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.UserHeader.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.UserDetails.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Structs.PolledMessages.class, Map.ofEntries(Map.entry("messages", Set.of(ProtocolVersion.V0_8)), Map.entry("batches", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.CreateUser.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.UpdateUser.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.SendMessages.class, Map.ofEntries(Map.entry("messages", Set.of(ProtocolVersion.V0_8)), Map.entry("batch", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.SendMessagesResponse.class, Map.ofEntries(Map.entry("confirmations", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.StoreConsumerOffset.class, Map.ofEntries(Map.entry("ack", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.DeleteConsumerOffset.class, Map.ofEntries(Map.entry("ack", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.CreateStream.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.UpdateStream.class, Map.ofEntries(Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.CreateTopic.class, Map.ofEntries(Map.entry("compressionAlgorithm", Set.of(ProtocolVersion.V0_8)), Map.entry("messageExpiry", Set.of(ProtocolVersion.V0_8)), Map.entry("maxTopicSize", Set.of(ProtocolVersion.V0_8)), Map.entry("replicationFactor", Set.of(ProtocolVersion.V0_8)), Map.entry("options", Set.of(ProtocolVersion.V0_9)))),
            Map.entry(Requests.UpdateTopic.class, Map.ofEntries(Map.entry("compressionAlgorithm", Set.of(ProtocolVersion.V0_8)), Map.entry("messageExpiry", Set.of(ProtocolVersion.V0_8)), Map.entry("maxTopicSize", Set.of(ProtocolVersion.V0_8)), Map.entry("replicationFactor", Set.of(ProtocolVersion.V0_8)), Map.entry("options", Set.of(ProtocolVersion.V0_9)))));

    /** Decodes a whole list body: elements back to back until the body ends (after their count, in the
     * versions of {@code countedIn}). */
    public static <T> List<T> decodeList(WireReader r, Function<WireReader, T> element,
                                         Set<ProtocolVersion> countedIn) {
        if (countedIn.contains(r.version()) && r.remaining() > 0) {
            int n = r.count(r.u32(), 1);
            List<T> items = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                items.add(element.apply(r));
            }
            return List.copyOf(items);
        }
        return decodeList(r, element);
    }

    /** Decodes a whole list body: elements back to back until the body ends. */
    public static <T> List<T> decodeList(WireReader r, Function<WireReader, T> element) {
        List<T> items = new ArrayList<>();
        while (r.remaining() > 0) {
            items.add(element.apply(r));
        }
        return List.copyOf(items);
    }

    /** Whether a list answer of {@code code} starts with its element count (u32) in {@code version}. */
    public static boolean listCounted(int code, ProtocolVersion version) {
        return COUNTED_BY_CODE.getOrDefault(code, Set.of()).contains(version);
    }

    private static final Map<Integer, Set<ProtocolVersion>> COUNTED_BY_CODE = Map.ofEntries(
            Map.entry(Codes.Command.GET_CLIENTS, COUNTED_GET_CLIENTS),
            Map.entry(Codes.Command.GET_USERS, COUNTED_GET_USERS),
            Map.entry(Codes.Command.GET_PERSONAL_ACCESS_TOKENS, COUNTED_GET_PERSONAL_ACCESS_TOKENS),
            Map.entry(Codes.Command.GET_STREAMS, COUNTED_GET_STREAMS),
            Map.entry(Codes.Command.GET_TOPICS, COUNTED_GET_TOPICS),
            Map.entry(Codes.Command.GET_CONSUMER_GROUPS, COUNTED_GET_CONSUMER_GROUPS));

    static Stream<Entry> stream() {
        return ALL.stream();
    }
}
