package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The producer (background and direct) and the consumer (single and group, commit modes) on a real server. */
class ProducerConsumerIntegrationTest extends SharedServer {
    static Identifier id(String name) {
        return Identifier.named(name);
    }

    static List<String> drain(IggyConsumer consumer, int count) {
        List<String> out = new ArrayList<>();
        long deadline = System.nanoTime() + 30_000_000_000L;  // generous bound on a loaded machine
        while (out.size() < count && System.nanoTime() < deadline) {
            for (IggyConsumer.Record r : consumer.poll(Duration.ofMillis(500))) {
                out.add(new String(r.payload(), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    @Test
    void backgroundProducerBatchesAndKeepsOrderAndCloseLosesNothing() {
        client.createStream("pc-background");
        client.createTopic(id("pc-background"), "t", 1);
        List<CompletableFuture<Void>> acks = new ArrayList<>();
        try (IggyProducer producer = IggyProducer.builder(client, id("pc-background"), id("t"))
                .batchLength(7).lingerMs(20).build()) {
            for (int i = 0; i < 50; i++) {
                acks.add(producer.send(Message.of("m" + i)));
            }
            producer.flush();
            assertTrue(acks.stream().allMatch(CompletableFuture::isDone), "flush waits for every queued send");
            for (int i = 50; i < 60; i++) {
                acks.add(producer.send(Message.of("m" + i)));
            }
        }
        assertTrue(acks.stream().allMatch(f -> f.isDone() && !f.isCompletedExceptionally()));
        PolledMessages polled = client.pollMessages(id("pc-background"), id("t"), 0L, null, PollingStrategy.first(),
                100, false);
        assertEquals(60, polled.count());
        for (int i = 0; i < 60; i++) {
            assertEquals("m" + i, new String(polled.messages().get(i).payload(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aFullBufferFailsFastWithMaxBlockZero() {
        client.createStream("pc-full");
        client.createTopic(id("pc-full"), "t", 1);
        try (IggyProducer producer = IggyProducer.builder(client, id("pc-full"), id("t"))
                .maxBufferedMessages(1).maxBlockMs(0).lingerMs(60_000).batchLength(1000).build()) {
            producer.send(Message.of("first"));
            assertThrows(IggyException.RequestTimeoutException.class, () -> producer.send(Message.of("second")));
        }
    }

    @Test
    void directProducerAndSingleConsumerWithCommits() {
        client.createStream("pc-direct");
        client.createTopic(id("pc-direct"), "t", 2);
        try (IggyProducer producer = IggyProducer.builder(client, id("pc-direct"), id("t")).background(false)
                .batchLength(3).build()) {
            List<Message> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                batch.add(Message.of("d" + i));
            }
            producer.sendAll(batch).join();
        }
        try (IggyConsumer consumer = IggyConsumer.builder(client, id("pc-direct"), id("t"))
                .consumerId(Identifier.of(5)).batchLength(4).autoCommit(IggyConsumer.AutoCommit.DISABLED).build()) {
            List<String> got = drain(consumer, 10);
            assertEquals(10, new HashSet<>(got).size());
            consumer.commitAsync().join();
        }
        Consumer five = Consumer.consumer(Identifier.of(5));
        long stored = client.getConsumerOffset(five, id("pc-direct"), id("t"), 0L).storedOffset()
                + client.getConsumerOffset(five, id("pc-direct"), id("t"), 1L).storedOffset();
        assertEquals(10 - 2, stored, "last offsets of both partitions are stored (count - 1 each)");
    }

    @Test
    void groupMembersShareTheMessagesAndResumeAfterTheCommit() {
        client.createStream("pc-group");
        client.createTopic(id("pc-group"), "t", 3);
        try (IggyProducer producer = IggyProducer.builder(client, id("pc-group"), id("t")).build()) {
            for (int i = 0; i < 30; i++) {
                producer.send(Message.of("g" + i));
            }
        }
        Set<String> first;
        try (IggyConsumer consumer = IggyConsumer.builder(client, id("pc-group"), id("t")).group(id("workers"))
                .batchLength(5).build()) {
            first = new HashSet<>(drain(consumer, 12));
        }
        // The close committed what was consumed: a new member continues after it, nothing twice, nothing lost.
        try (IggyClient other = IggyClient.connect(url());
             IggyConsumer consumer = IggyConsumer.builder(other, id("pc-group"), id("t")).group(id("workers"))
                     .batchLength(100).build()) {
            List<String> rest = drain(consumer, 30 - first.size());
            Set<String> all = new HashSet<>(first);
            all.addAll(rest);
            assertEquals(30, all.size());
            assertEquals(30, first.size() + rest.size());
        }
    }

    @Test
    void theConsumerIsIterable() {
        client.createStream("pc-iter");
        client.createTopic(id("pc-iter"), "t", 1);
        client.sendMessages(id("pc-iter"), id("t"), null, List.of(Message.of("a"), Message.of("b")));
        try (IggyConsumer consumer = IggyConsumer.builder(client, id("pc-iter"), id("t")).partitionId(0L)
                .strategy(PollingStrategy.first()).build()) {
            List<String> seen = new ArrayList<>();
            for (IggyConsumer.Record r : consumer) {
                seen.add(new String(r.payload(), StandardCharsets.UTF_8));
                if (seen.size() == 2) {
                    break;
                }
            }
            assertEquals(List.of("a", "b"), seen);
        }
    }
}
