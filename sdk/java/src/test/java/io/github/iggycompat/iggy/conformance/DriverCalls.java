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
            "update_stream",
            "delete_stream",
            "purge_stream",
            "delete_topic",
            "purge_topic",
            "create_partitions",
            "delete_partitions",
            "delete_segments",
            "flush_unsaved_buffer",
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
            case "update_stream": c.updateStream(Driver.id(a, "stream"), Driver.str(a, "name")); return null;
            case "delete_stream": c.deleteStream(Driver.id(a, "stream")); return null;
            case "purge_stream": c.purgeStream(Driver.id(a, "stream")); return null;
            case "delete_topic": c.deleteTopic(Driver.id(a, "stream"), Driver.id(a, "topic")); return null;
            case "purge_topic": c.purgeTopic(Driver.id(a, "stream"), Driver.id(a, "topic")); return null;
            case "create_partitions": c.createPartitions(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partitions_count")); return null;
            case "delete_partitions": c.deletePartitions(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partitions_count")); return null;
            case "delete_segments": c.deleteSegments(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partition_id"), Driver.num(a, "segments_count")); return null;
            case "flush_unsaved_buffer": c.flushUnsavedBuffer(Driver.id(a, "stream"), Driver.id(a, "topic"), Driver.num(a, "partition_id"), Driver.flag(a, "fsync")); return null;
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
