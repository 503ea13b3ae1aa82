// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.conformance;

import io.github.iggycompat.iggy.IggyClient;
import java.util.List;
import java.util.Map;

/** The conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml (protocol-spec/generator/driver_calls.py): {@link #call} answers each of {@link #OPERATIONS}. */
final class DriverCalls {
    private DriverCalls() {}

    static final List<String> OPERATIONS = List.of(
            "ping",
            "logout_user",
            "get_stats",
            "create_stream",
            "get_streams",
            "update_stream",
            "delete_stream",
            "purge_stream",
            "delete_topic",
            "purge_topic",
            "create_partitions",
            "delete_partitions",
            "delete_segments",
            "flush_unsaved_buffer",
            "create_consumer_group",
            "get_consumer_groups",
            "delete_consumer_group",
            "join_consumer_group",
            "leave_consumer_group",
            "change_password",
            "delete_user",
            "create_personal_access_token",
            "delete_personal_access_token");

    static Object call(IggyClient c, String op, Map<String, Object> a) {
        switch (op) {
            case "ping": c.ping(); return null;
            case "logout_user": c.logoutUser(); return null;
            case "get_stats": { var v = c.getStats(); return v == null ? null : Driver.map("streams_count", v.streamsCount(), "topics_count", v.topicsCount(), "partitions_count", v.partitionsCount(), "segments_count", v.segmentsCount(), "messages_count", Driver.u64(v.messagesCount()), "clients_count", v.clientsCount(), "consumer_groups_count", v.consumerGroupsCount(), "iggy_server_version", v.iggyServerVersion()); }
            case "create_stream": { var v = c.createStream(Driver.str(a, "name")); return v == null ? null : Driver.map("id", v.id(), "name", v.name(), "topics_count", v.topicsCount(), "messages_count", Driver.u64(v.messagesCount()), "size_bytes", Driver.u64(v.sizeBytes())); }
            case "get_streams": return c.getStreams().stream().map(v -> (Object) Driver.map("id", v.id(), "name", v.name(), "topics_count", v.topicsCount(), "messages_count", Driver.u64(v.messagesCount()), "size_bytes", Driver.u64(v.sizeBytes()))).toList();
            case "update_stream": c.updateStream(Driver.id(a, "stream"), Driver.str(a, "name")); return null;
            case "delete_stream": c.deleteStream(Driver.id(a, "stream")); return null;
            case "purge_stream": c.purgeStream(Driver.id(a, "stream")); return null;
            case "delete_topic": c.deleteTopic(Driver.id(a, "stream"), Driver.id(a, "topic")); return null;
            case "purge_topic": c.purgeTopic(Driver.id(a, "stream"), Driver.id(a, "topic")); return null;
            case "create_partitions": c.createPartitions(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partitions_count")); return null;
            case "delete_partitions": c.deletePartitions(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partitions_count")); return null;
            case "delete_segments": c.deleteSegments(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partition_id"), Driver.num(a, "segments_count")); return null;
            case "flush_unsaved_buffer": c.flushUnsavedBuffer(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partition_id"), Driver.flag(a, "fsync")); return null;
            case "create_consumer_group": { var v = c.createConsumerGroup(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.str(a, "name")); return v == null ? null : Driver.map("id", v.id(), "name", v.name(), "partitions_count", v.partitionsCount(), "members_count", v.membersCount()); }
            case "get_consumer_groups": return c.getConsumerGroups(Driver.id(a, "stream"), Driver.id(a, "topic")).stream().map(v -> (Object) Driver.map("id", v.id(), "name", v.name(), "partitions_count", v.partitionsCount(), "members_count", v.membersCount())).toList();
            case "delete_consumer_group": c.deleteConsumerGroup(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.id(a, "group")); return null;
            case "join_consumer_group": c.joinConsumerGroup(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.id(a, "group")); return null;
            case "leave_consumer_group": c.leaveConsumerGroup(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.id(a, "group")); return null;
            case "change_password": c.changePassword(Driver.id(a, "user"), Driver.str(a, "current_password"), Driver.str(a, "new_password")); return null;
            case "delete_user": c.deleteUser(Driver.id(a, "user")); return null;
            case "create_personal_access_token": return Map.of("token", c.createPersonalAccessToken(Driver.str(a, "name"), Driver.num(a, "expiry")));
            case "delete_personal_access_token": c.deletePersonalAccessToken(Driver.str(a, "name")); return null;
            default: throw new IllegalStateException("unhandled operation " + op);
        }
    }
}
