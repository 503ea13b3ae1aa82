package io.github.iggycompat.iggy.samples;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.IggyClient;
import io.github.iggycompat.iggy.IggyConsumer;
import io.github.iggycompat.iggy.IggyProducer;
import io.github.iggycompat.iggy.Message;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * At-least-once sample: a consumer that "crashes" mid-stream (stops without closing, so without a final commit)
 * is replaced by one with the same consumer id, which resumes after the last commit: every message is processed
 * at least once, none is skipped.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes
 * io.github.iggycompat.iggy.samples.AtLeastOnce [CONNECTION_STRING]
 * [STREAM] [MESSAGES]}
 */
public final class AtLeastOnce {
    private AtLeastOnce() {}

    /** Returns every processed payload in processing order (redeliveries included). */
    public static List<String> run(String connectionString, String streamName, int messages) {
        Identifier stream = Identifier.named(streamName);
        Identifier topic = Identifier.named("payments");
        try (IggyClient client = IggyClient.connect(connectionString)) {
            if (client.getStream(stream) != null) {
                client.deleteStream(stream);
            }
            client.createStream(streamName);
            client.createTopic(stream, "payments", 1);
            try (IggyProducer producer = IggyProducer.builder(client, stream, topic).batchLength(50).lingerMs(2)
                    .build()) {
                for (int i = 0; i < messages; i++) {
                    producer.send(Message.of("payment-" + i));
                }
            }
            List<String> processed = new ArrayList<>();
            IggyConsumer first = IggyConsumer.builder(client, stream, topic).consumerId(Identifier.named("billing"))
                    .partitionId(0L).batchLength(10).build();
            Iterator<IggyConsumer.Record> records = first.iterator();
            while (processed.size() < messages / 2 && records.hasNext()) {
                processed.add(new String(records.next().payload(), StandardCharsets.UTF_8));
            }
            // Simulated crash: `first` is abandoned without close(): only batches handed out before its last poll
            // were committed.
            int crashedAt = processed.size();
            try (IggyConsumer second = IggyConsumer.builder(client, stream, topic)
                    .consumerId(Identifier.named("billing")).partitionId(0L).batchLength(10).build()) {
                for (IggyConsumer.Record r : second) {
                    processed.add(new String(r.payload(), StandardCharsets.UTF_8));
                    if (r.offset() == messages - 1) {
                        break;
                    }
                }
            }
            long distinct = processed.stream().distinct().count();
            System.out.println("first consumer processed " + crashedAt + "; in total " + processed.size()
                    + " processed, " + distinct + " distinct of " + messages);
            client.deleteStream(stream);
            return processed;
        }
    }

    public static void main(String[] args) {
        run(args.length > 0 ? args[0] : "iggy://iggy:iggy@127.0.0.1:8090", args.length > 1 ? args[1] : "sample-alo",
                args.length > 2 ? Integer.parseInt(args[2]) : 100);
    }
}
