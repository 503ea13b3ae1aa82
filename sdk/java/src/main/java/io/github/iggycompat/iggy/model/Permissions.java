package io.github.iggycompat.iggy.model;

import java.util.Map;
import java.util.TreeMap;

/**
 * A user's permissions: ten global flags, then per-stream grants keyed by numeric stream id (each with per-topic
 * grants keyed by topic id). Maps are copied into id order, the order the wire carries them in.
 */
public record Permissions(boolean manageServers, boolean readServers, boolean manageUsers, boolean readUsers,
                          boolean manageStreams, boolean readStreams, boolean manageTopics, boolean readTopics,
                          boolean pollMessages, boolean sendMessages, Map<Long, StreamPermissions> streams) {
    public Permissions {
        streams = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(streams));
    }

    /** Every global flag set, no per-stream entries. */
    public static Permissions all() {
        return new Permissions(true, true, true, true, true, true, true, true, true, true, Map.of());
    }

    /** No flag set. */
    public static Permissions none() {
        return new Permissions(false, false, false, false, false, false, false, false, false, false, Map.of());
    }

    /** Grants on one stream. */
    public record StreamPermissions(boolean manageStream, boolean readStream, boolean manageTopics,
                                    boolean readTopics, boolean pollMessages, boolean sendMessages,
                                    Map<Long, TopicPermissions> topics) {
        public StreamPermissions {
            topics = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(topics));
        }
    }

    /** Grants on one topic. */
    public record TopicPermissions(boolean manageTopic, boolean readTopic, boolean pollMessages,
                                   boolean sendMessages) {}
}
