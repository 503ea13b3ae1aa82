package io.github.iggycompat.iggy.samples;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.IggyClient;
import io.github.iggycompat.iggy.IggyConsumer;
import io.github.iggycompat.iggy.IggyProducer;
import io.github.iggycompat.iggy.Message;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Consumer-group sample: a producer fills a 3-partition topic; two group members (one connection each: membership
 * belongs to the connection) share the work, every message processed by exactly one of them.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes
 * io.github.iggycompat.iggy.samples.ConsumerGroup [CONNECTION_STRING]
 * [STREAM] [MESSAGES]}
 */
public final class ConsumerGroup {
    private ConsumerGroup() {}

    /** Returns every processed payload, tagged "member:payload". */
    public static List<String> run(String connectionString, String streamName, int messages) throws Exception {
        Identifier stream = Identifier.named(streamName);
        Identifier topic = Identifier.named("orders");
        try (IggyClient client = IggyClient.connect(connectionString)) {
            if (client.getStream(stream) != null) {
                client.deleteStream(stream);
            }
            client.createStream(streamName);
            client.createTopic(stream, "orders", 3);
            try (IggyProducer producer = IggyProducer.builder(client, stream, topic).batchLength(50).build()) {
                for (int i = 0; i < messages; i++) {
                    producer.send(Message.of("order-" + i));
                }
            }
            List<String> seen = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger processed = new AtomicInteger();
            List<Thread> members = new ArrayList<>();
            for (String name : List.of("member-a", "member-b")) {
                Thread t = new Thread(() -> {
                    try (IggyClient own = IggyClient.connect(connectionString);
                         IggyConsumer consumer = IggyConsumer.builder(own, stream, topic)
                                 .group(Identifier.named("workers")).batchLength(20).pollIntervalMs(20).build()) {
                        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                        while (processed.get() < messages && System.nanoTime() < deadline) {
                            for (IggyConsumer.Record r : consumer.poll(Duration.ofMillis(200))) {
                                seen.add(name + ":" + new String(r.payload(), StandardCharsets.UTF_8));
                                processed.incrementAndGet();
                            }
                        }
                    }
                }, name);
                t.start();
                members.add(t);
            }
            for (Thread t : members) {
                t.join();
            }
            long a = seen.stream().filter(s -> s.startsWith("member-a:")).count();
            System.out.println("member-a processed " + a + ", member-b " + (seen.size() - a) + " of " + messages);
            client.deleteStream(stream);
            return seen;
        }
    }

    public static void main(String[] args) throws Exception {
        run(args.length > 0 ? args[0] : "iggy://iggy:iggy@127.0.0.1:8090", args.length > 1 ? args[1] : "sample-group",
                args.length > 2 ? Integer.parseInt(args[2]) : 300);
    }
}
