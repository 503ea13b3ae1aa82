package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Permissions.StreamPermissions;
import io.github.iggycompat.iggy.model.Permissions.TopicPermissions;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The permissions block (spec primitives permissions / stream_permissions / topic_permissions): the global flags,
 * then has-next chained lists. Loops are bounded by the bytes left: every entry consumes at least 9 bytes.
 */
public final class PermissionsCodec {
    private PermissionsCodec() {}

    public static Permissions decode(WireReader r) {
        boolean[] g = new boolean[10];
        for (int i = 0; i < g.length; i++) {
            g[i] = r.bool();
        }
        Map<Long, StreamPermissions> streams = new LinkedHashMap<>();
        int more = r.flag();
        while (more == 1) {
            long streamId = r.u32();
            boolean[] s = new boolean[6];
            for (int i = 0; i < s.length; i++) {
                s[i] = r.bool();
            }
            Map<Long, TopicPermissions> topics = new LinkedHashMap<>();
            int moreTopics = r.flag();
            while (moreTopics == 1) {
                long topicId = r.u32();
                topics.put(topicId, new TopicPermissions(r.bool(), r.bool(), r.bool(), r.bool()));
                moreTopics = r.flag();
            }
            streams.put(streamId, new StreamPermissions(s[0], s[1], s[2], s[3], s[4], s[5], topics));
            more = r.flag();
        }
        return new Permissions(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], streams);
    }

    public static void encode(WireWriter w, Permissions p) {
        for (boolean flag : new boolean[] {p.manageServers(), p.readServers(), p.manageUsers(), p.readUsers(),
                p.manageStreams(), p.readStreams(), p.manageTopics(), p.readTopics(), p.pollMessages(),
                p.sendMessages()}) {
            w.bool(flag);
        }
        w.u8(p.streams().isEmpty() ? 0 : 1);
        Iterator<Map.Entry<Long, StreamPermissions>> streams = p.streams().entrySet().iterator();
        while (streams.hasNext()) {
            Map.Entry<Long, StreamPermissions> entry = streams.next();
            StreamPermissions s = entry.getValue();
            w.u32(entry.getKey());
            for (boolean flag : new boolean[] {s.manageStream(), s.readStream(), s.manageTopics(), s.readTopics(),
                    s.pollMessages(), s.sendMessages()}) {
                w.bool(flag);
            }
            w.u8(s.topics().isEmpty() ? 0 : 1);
            Iterator<Map.Entry<Long, TopicPermissions>> topics = s.topics().entrySet().iterator();
            while (topics.hasNext()) {
                Map.Entry<Long, TopicPermissions> topic = topics.next();
                TopicPermissions t = topic.getValue();
                w.u32(topic.getKey());
                w.bool(t.manageTopic());
                w.bool(t.readTopic());
                w.bool(t.pollMessages());
                w.bool(t.sendMessages());
                w.u8(topics.hasNext() ? 1 : 0);
            }
            w.u8(streams.hasNext() ? 1 : 0);
        }
    }
}
