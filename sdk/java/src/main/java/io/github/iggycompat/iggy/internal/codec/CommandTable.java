// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.model.Structs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every command: code, request and response types, list-ness, authentication and permission rule. */
public final class CommandTable {
    private CommandTable() {}

    /**
     * One row of the table. {@code responseList}: the body is the response type repeated to its end;
     * {@code emptyWhenMissing}: a lookup of a missing object answers an empty OK (the client returns null);
     * {@code permissionRule}: the spec's machine-readable rule id, {@code permission} its prose.
     */
    public record Entry(int code, String name, Class<?> requestType, Class<?> responseType,
                        boolean responseList, boolean auth, String permissionRule, String permission,
                        boolean emptyWhenMissing,
                        Function<WireReader, ?> requestDecoder, Function<WireReader, ?> responseDecoder) {}

    /** Every command, ascending by code. */
    public static final List<Entry> ALL = List.of(
            new Entry(Codes.Command.PING, "Ping", Requests.Ping.class, Void.class, false, false, "public", "none", false, Requests.Ping::decode, r -> null),
            new Entry(Codes.Command.GET_STATS, "GetStats", Requests.GetStats.class, Structs.Stats.class, false, true, "read_servers", "read_servers", false, Requests.GetStats::decode, Structs.Stats::decode),
            new Entry(Codes.Command.GET_SNAPSHOT, "GetSnapshot", Requests.GetSnapshot.class, Requests.GetSnapshotResponse.class, false, true, "logged_in", "none (login only)", false, Requests.GetSnapshot::decode, Requests.GetSnapshotResponse::decode),
            new Entry(Codes.Command.GET_CLUSTER_METADATA, "GetClusterMetadata", Requests.GetClusterMetadata.class, Structs.ClusterMetadata.class, false, true, "logged_in", "none", false, Requests.GetClusterMetadata::decode, Structs.ClusterMetadata::decode),
            new Entry(Codes.Command.GET_ME, "GetMe", Requests.GetMe.class, Structs.ClientDetails.class, false, true, "logged_in", "none", false, Requests.GetMe::decode, Structs.ClientDetails::decode),
            new Entry(Codes.Command.GET_CLIENT, "GetClient", Requests.GetClient.class, Structs.ClientDetails.class, false, true, "read_servers", "read_servers", true, Requests.GetClient::decode, Structs.ClientDetails::decode),
            new Entry(Codes.Command.GET_CLIENTS, "GetClients", Requests.GetClients.class, Structs.ClientInfo.class, true, true, "read_servers", "read_servers", false, Requests.GetClients::decode, r -> decodeList(r, Structs.ClientInfo::decode)),
            new Entry(Codes.Command.GET_USER, "GetUser", Requests.GetUser.class, Structs.UserDetails.class, false, true, "read_users_or_self", "read_users, unless it is the caller", true, Requests.GetUser::decode, Structs.UserDetails::decode),
            new Entry(Codes.Command.GET_USERS, "GetUsers", Requests.GetUsers.class, Structs.UserHeader.class, true, true, "read_users", "read_users", false, Requests.GetUsers::decode, r -> decodeList(r, Structs.UserHeader::decode)),
            new Entry(Codes.Command.CREATE_USER, "CreateUser", Requests.CreateUser.class, Structs.UserDetails.class, false, true, "manage_users", "manage_users", false, Requests.CreateUser::decode, Structs.UserDetails::decode),
            new Entry(Codes.Command.DELETE_USER, "DeleteUser", Requests.DeleteUser.class, Void.class, false, true, "manage_users", "manage_users", false, Requests.DeleteUser::decode, r -> null),
            new Entry(Codes.Command.UPDATE_USER, "UpdateUser", Requests.UpdateUser.class, Void.class, false, true, "manage_users", "manage_users", false, Requests.UpdateUser::decode, r -> null),
            new Entry(Codes.Command.UPDATE_PERMISSIONS, "UpdatePermissions", Requests.UpdatePermissions.class, Void.class, false, true, "manage_users", "manage_users", false, Requests.UpdatePermissions::decode, r -> null),
            new Entry(Codes.Command.CHANGE_PASSWORD, "ChangePassword", Requests.ChangePassword.class, Void.class, false, true, "manage_users_or_self", "none for the caller's own password, else manage_users", false, Requests.ChangePassword::decode, r -> null),
            new Entry(Codes.Command.LOGIN_USER, "LoginUser", Requests.LoginUser.class, Requests.LoginUserResponse.class, false, false, "public", "none", false, Requests.LoginUser::decode, Requests.LoginUserResponse::decode),
            new Entry(Codes.Command.LOGOUT_USER, "LogoutUser", Requests.LogoutUser.class, Void.class, false, true, "logged_in", "none", false, Requests.LogoutUser::decode, r -> null),
            new Entry(Codes.Command.GET_PERSONAL_ACCESS_TOKENS, "GetPersonalAccessTokens", Requests.GetPersonalAccessTokens.class, Structs.PersonalAccessTokenInfo.class, true, true, "logged_in", "none (the caller's own tokens)", false, Requests.GetPersonalAccessTokens::decode, r -> decodeList(r, Structs.PersonalAccessTokenInfo::decode)),
            new Entry(Codes.Command.CREATE_PERSONAL_ACCESS_TOKEN, "CreatePersonalAccessToken", Requests.CreatePersonalAccessToken.class, Requests.CreatePersonalAccessTokenResponse.class, false, true, "logged_in", "none (for the caller)", false, Requests.CreatePersonalAccessToken::decode, Requests.CreatePersonalAccessTokenResponse::decode),
            new Entry(Codes.Command.DELETE_PERSONAL_ACCESS_TOKEN, "DeletePersonalAccessToken", Requests.DeletePersonalAccessToken.class, Void.class, false, true, "logged_in", "none (the caller's own token)", false, Requests.DeletePersonalAccessToken::decode, r -> null),
            new Entry(Codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN, "LoginWithPersonalAccessToken", Requests.LoginWithPersonalAccessToken.class, Requests.LoginWithPersonalAccessTokenResponse.class, false, false, "public", "none", false, Requests.LoginWithPersonalAccessToken::decode, Requests.LoginWithPersonalAccessTokenResponse::decode),
            new Entry(Codes.Command.POLL_MESSAGES, "PollMessages", Requests.PollMessages.class, Structs.PolledMessages.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Requests.PollMessages::decode, Structs.PolledMessages::decode),
            new Entry(Codes.Command.SEND_MESSAGES, "SendMessages", Requests.SendMessages.class, Void.class, false, true, "send_messages", "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)", false, Requests.SendMessages::decode, r -> null),
            new Entry(Codes.Command.FLUSH_UNSAVED_BUFFER, "FlushUnsavedBuffer", Requests.FlushUnsavedBuffer.class, Void.class, false, true, "send_messages", "send: send_messages, manage_topics or manage_streams (or manage/send on the stream or topic)", false, Requests.FlushUnsavedBuffer::decode, r -> null),
            new Entry(Codes.Command.GET_CONSUMER_OFFSET, "GetConsumerOffset", Requests.GetConsumerOffset.class, Structs.ConsumerOffsetInfo.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", true, Requests.GetConsumerOffset::decode, Structs.ConsumerOffsetInfo::decode),
            new Entry(Codes.Command.STORE_CONSUMER_OFFSET, "StoreConsumerOffset", Requests.StoreConsumerOffset.class, Void.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Requests.StoreConsumerOffset::decode, r -> null),
            new Entry(Codes.Command.DELETE_CONSUMER_OFFSET, "DeleteConsumerOffset", Requests.DeleteConsumerOffset.class, Void.class, false, true, "poll_messages", "poll: poll_messages, read_topics, read_streams, manage_topics or manage_streams (or read/manage/poll on the stream or topic)", false, Requests.DeleteConsumerOffset::decode, r -> null),
            new Entry(Codes.Command.GET_STREAM, "GetStream", Requests.GetStream.class, Structs.StreamDetails.class, false, true, "read_stream", "read_streams (or read on the stream)", true, Requests.GetStream::decode, Structs.StreamDetails::decode),
            new Entry(Codes.Command.GET_STREAMS, "GetStreams", Requests.GetStreams.class, Structs.StreamHeader.class, true, true, "read_streams", "read_streams", false, Requests.GetStreams::decode, r -> decodeList(r, Structs.StreamHeader::decode)),
            new Entry(Codes.Command.CREATE_STREAM, "CreateStream", Requests.CreateStream.class, Structs.StreamHeader.class, false, true, "manage_streams", "manage_streams", false, Requests.CreateStream::decode, Structs.StreamHeader::decode),
            new Entry(Codes.Command.DELETE_STREAM, "DeleteStream", Requests.DeleteStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Requests.DeleteStream::decode, r -> null),
            new Entry(Codes.Command.UPDATE_STREAM, "UpdateStream", Requests.UpdateStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Requests.UpdateStream::decode, r -> null),
            new Entry(Codes.Command.PURGE_STREAM, "PurgeStream", Requests.PurgeStream.class, Void.class, false, true, "manage_stream", "manage_streams (or manage on the stream)", false, Requests.PurgeStream::decode, r -> null),
            new Entry(Codes.Command.GET_TOPIC, "GetTopic", Requests.GetTopic.class, Structs.TopicDetails.class, false, true, "read_topic", "read_topics (or read on the stream or topic)", true, Requests.GetTopic::decode, Structs.TopicDetails::decode),
            new Entry(Codes.Command.GET_TOPICS, "GetTopics", Requests.GetTopics.class, Structs.TopicHeader.class, true, true, "read_topics", "read_topics (or read on the stream)", true, Requests.GetTopics::decode, r -> decodeList(r, Structs.TopicHeader::decode)),
            new Entry(Codes.Command.CREATE_TOPIC, "CreateTopic", Requests.CreateTopic.class, Structs.TopicDetails.class, false, true, "manage_topics", "manage_topics (or manage on the stream)", false, Requests.CreateTopic::decode, Structs.TopicDetails::decode),
            new Entry(Codes.Command.DELETE_TOPIC, "DeleteTopic", Requests.DeleteTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.DeleteTopic::decode, r -> null),
            new Entry(Codes.Command.UPDATE_TOPIC, "UpdateTopic", Requests.UpdateTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.UpdateTopic::decode, r -> null),
            new Entry(Codes.Command.PURGE_TOPIC, "PurgeTopic", Requests.PurgeTopic.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.PurgeTopic::decode, r -> null),
            new Entry(Codes.Command.CREATE_PARTITIONS, "CreatePartitions", Requests.CreatePartitions.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.CreatePartitions::decode, r -> null),
            new Entry(Codes.Command.DELETE_PARTITIONS, "DeletePartitions", Requests.DeletePartitions.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.DeletePartitions::decode, r -> null),
            new Entry(Codes.Command.DELETE_SEGMENTS, "DeleteSegments", Requests.DeleteSegments.class, Void.class, false, true, "manage_topic", "manage_topics (or manage on the stream or topic)", false, Requests.DeleteSegments::decode, r -> null),
            new Entry(Codes.Command.GET_CONSUMER_GROUP, "GetConsumerGroup", Requests.GetConsumerGroup.class, Structs.GroupDetails.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", true, Requests.GetConsumerGroup::decode, Structs.GroupDetails::decode),
            new Entry(Codes.Command.GET_CONSUMER_GROUPS, "GetConsumerGroups", Requests.GetConsumerGroups.class, Structs.GroupHeader.class, true, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", true, Requests.GetConsumerGroups::decode, r -> decodeList(r, Structs.GroupHeader::decode)),
            new Entry(Codes.Command.CREATE_CONSUMER_GROUP, "CreateConsumerGroup", Requests.CreateConsumerGroup.class, Structs.GroupHeader.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Requests.CreateConsumerGroup::decode, Structs.GroupHeader::decode),
            new Entry(Codes.Command.DELETE_CONSUMER_GROUP, "DeleteConsumerGroup", Requests.DeleteConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Requests.DeleteConsumerGroup::decode, r -> null),
            new Entry(Codes.Command.JOIN_CONSUMER_GROUP, "JoinConsumerGroup", Requests.JoinConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Requests.JoinConsumerGroup::decode, r -> null),
            new Entry(Codes.Command.LEAVE_CONSUMER_GROUP, "LeaveConsumerGroup", Requests.LeaveConsumerGroup.class, Void.class, false, true, "read_topic", "read topic: read_topics, read_streams, manage_topics or manage_streams (or read/manage on the stream or topic)", false, Requests.LeaveConsumerGroup::decode, r -> null));

    /** Rows by command code. */
    public static final Map<Integer, Entry> BY_CODE =
            ALL.stream().collect(Collectors.toUnmodifiableMap(Entry::code, Function.identity()));

    /** Decodes a whole list body: elements back to back until the body ends. */
    public static <T> List<T> decodeList(WireReader r, Function<WireReader, T> element) {
        List<T> items = new ArrayList<>();
        while (r.remaining() > 0) {
            items.add(element.apply(r));
        }
        return List.copyOf(items);
    }

    static Stream<Entry> stream() {
        return ALL.stream();
    }
}
