package io.github.iggycompat.iggy.samples;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.IggyClient;
import io.github.iggycompat.iggy.Message;
import io.github.iggycompat.iggy.Partitioning;
import io.github.iggycompat.iggy.PolledMessage;
import io.github.iggycompat.iggy.PolledMessages;
import io.github.iggycompat.iggy.PollingStrategy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Basic sample: create a stream and a topic, send a few messages, poll them back.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes
 * io.github.iggycompat.iggy.samples.Basic [CONNECTION_STRING] [STREAM]}
 */
public final class Basic {
    private Basic() {}

    public static List<String> run(String connectionString, String streamName) {
        try (IggyClient client = IggyClient.connect(connectionString)) {
            Identifier stream = Identifier.named(streamName);
            if (client.getStream(stream) != null) {
                client.deleteStream(stream);
            }
            client.createStream(streamName);
            client.createTopic(stream, "events", 1);
            Identifier topic = Identifier.named("events");
            List<Message> batch = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                batch.add(Message.of("hello " + i));
            }
            client.sendMessages(stream, topic, Partitioning.partitionId(0), batch);
            PolledMessages polled = client.pollMessages(stream, topic, 0L, null, PollingStrategy.first(), 10, false);
            List<String> payloads = new ArrayList<>();
            for (PolledMessage m : polled.messages()) {
                payloads.add(new String(m.payload(), StandardCharsets.UTF_8));
                System.out.println("offset " + m.offset() + ": " + payloads.get(payloads.size() - 1));
            }
            client.deleteStream(stream);
            return payloads;
        }
    }

    public static void main(String[] args) {
        run(args.length > 0 ? args[0] : "iggy://iggy:iggy@127.0.0.1:8090", args.length > 1 ? args[1] : "sample-basic");
    }
}
