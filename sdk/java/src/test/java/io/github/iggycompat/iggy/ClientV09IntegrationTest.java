package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.model.Structs;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What Iggy 0.9 adds, against the real server: the send confirmation, topic options and their catalog, sessions
 * and identities across a reconnect, login refusals as evictions, consumer-group generations and fenced polls,
 * and the cooperative consumer's hand-off. Mirrors sdk/python/tests/integration/test_client_v09.py.
 */
class ClientV09IntegrationTest extends SharedServer {
    private static Identifier id(String name) {
        return Identifier.named(name);
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void theClientSpeaks09() {
        assertEquals(ProtocolVersion.V0_9, client.protocol());
        assertTrue(client.session().session() > 0, "a session was registered at login");
    }

    @Test
    void sendConfirmationsNameThePartitionAndBaseOffset() {
        String stream = unique("conf");
        client.createStream(stream);
        client.createTopic(id(stream), "t", 2);
        Structs.SendConfirmation first = client.sendMessages(id(stream), id("t"), Partitioning.partitionId(1),
                List.of(Message.of("a"), Message.of("b")));
        Structs.SendConfirmation second = client.sendMessages(id(stream), id("t"), Partitioning.partitionId(1),
                List.of(Message.of("c")));
        assertEquals(List.of(1L, 0L), List.of(first.partitionId(), first.baseOffset()));
        assertEquals(List.of(1L, 2L), List.of(second.partitionId(), second.baseOffset()));
        assertEquals(client.getStream(id(stream)).id(), first.streamId());
        assertEquals(client.getTopic(id(stream), id("t")).id(), first.topicId());
        // Balanced sends go round robin from the client: one message per partition.
        Set<Long> spread = new HashSet<>();
        for (int i = 0; i < 2; i++) {
            spread.add(client.sendMessages(id(stream), id("t"), null, List.of(Message.of("x"))).partitionId());
        }
        assertEquals(Set.of(0L, 1L), spread);
        client.deleteStream(id(stream));
    }

    @Test
    void topicOptionsAreStoredExplicitOrDerivedAndPatched() {
        String stream = unique("opt");
        client.createStream(stream);
        Structs.TopicDetails created = client.createTopic(id(stream), "t", 1, Codes.CompressionAlgorithm.GZIP,
                3_600_000_000L, 0, 0, Options.builder().set("segment_size", "128 MiB")
                        .set("messages_required_to_save", 10).build());
        Map<String, HeaderValue> explicit = Options.decode(created.options());
        assertEquals(Set.of("compression_algorithm", "consumer_offset_durability", "durability", "message_expiry",
                "messages_required_to_save", "segment_size"), explicit.keySet());
        assertEquals("gzip", explicit.get("compression_algorithm").asString());
        assertEquals("replicated", explicit.get("durability").asString());
        assertEquals(3_600_000_000L, explicit.get("message_expiry").asLong());
        assertEquals(10, explicit.get("messages_required_to_save").asLong());
        assertEquals(128L * 1024 * 1024, explicit.get("segment_size").asLong(), "the server parsed the text");
        Set<String> catalog = Codes.OPTION_CATALOG.stream().filter(o -> o.scope() == Codes.OptionScope.TOPIC)
                .map(Codes.OptionSpec::key).collect(Collectors.toSet());
        Set<String> derived = Options.decode(created.derivedOptions()).keySet();
        Set<String> expected = new HashSet<>(catalog);
        expected.removeAll(explicit.keySet());
        assertEquals(expected, derived);

        client.updateTopic(id(stream), id("t"), "t", 0, 0, 1L << 31, 0);  // a patch: only the size
        Map<String, HeaderValue> updated = Options.decode(client.getTopic(id(stream), id("t")).options());
        assertEquals(1L << 31, updated.get("max_topic_size").asLong());
        assertEquals(3_600_000_000L, updated.get("message_expiry").asLong());
        assertEquals("gzip", updated.get("compression_algorithm").asString());

        IggyException unknown = assertThrows(IggyException.class, () -> client.createTopic(id(stream), "u", 1,
                Options.builder().set("no_such_key", "1").build()));
        assertEquals(ErrorCode.UNSUPPORTED_OPTION_KEY.code(), unknown.code());
        IggyException bad = assertThrows(IggyException.class, () -> client.createTopic(id(stream), "u", 1,
                Options.builder().set("durability", "sometimes").build()));
        assertEquals(ErrorCode.INVALID_OPTION_VALUE.code(), bad.code());
        assertNull(client.getTopic(id(stream), id("u")));
        IggyException streamOption = assertThrows(IggyException.class, () -> client.createStream(unique("s"),
                Options.builder().set("any", "x").build()));
        assertEquals(ErrorCode.UNSUPPORTED_OPTION_KEY.code(), streamOption.code());
        client.deleteStream(id(stream));
    }

    @Test
    void theOptionCatalogIsTheSpecs() {
        List<Structs.OptionDescriptor> topic = client.describeOptions(Codes.OptionScope.TOPIC);
        assertEquals(Codes.OPTION_CATALOG.stream().filter(o -> o.scope() == Codes.OptionScope.TOPIC)
                        .map(o -> List.of(o.key(), o.kind())).toList(),
                topic.stream().map(o -> List.<Object>of(o.key(), o.kind())).toList());
        assertEquals(List.of(), client.describeOptions(Codes.OptionScope.STREAM));
        assertEquals(List.of(), client.describeOptions(Codes.OptionScope.USER));
    }

    @Test
    void loginRefusalsAreEvictionsWithTheirReason() {
        IggyClient wrong = new IggyClient("iggy://iggy:wrong@" + server.address() + "?reconnection_retries=0");
        IggyException refused = assertThrows(IggyException.class, wrong::connect);
        wrong.close();
        assertInstanceOf(IggyException.InvalidCredentialsException.class, refused);
        assertEquals(Codes.EvictionReason.INVALID_CREDENTIALS, refused.evictionReason());
        IggyClient token = new IggyClient("iggy://not-a-token@" + server.address() + "?reconnection_retries=0");
        IggyException badToken = assertThrows(IggyException.class, token::connect);
        token.close();
        assertEquals(Codes.EvictionReason.INVALID_TOKEN, badToken.evictionReason());
        assertEquals(ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN.code(), badToken.code());
    }

    @Test
    void aLoginWithATokenRegistersASession() {
        String name = unique("pat");
        String secret = client.createPersonalAccessToken(name, 0);
        try (IggyClient withToken = IggyClient.connect("iggy://" + secret + "@" + server.address()
                + "?heartbeat_interval=0")) {
            assertTrue(withToken.session().session() > 0);
            assertEquals(0, withToken.getMe().userId());
        }
        client.deletePersonalAccessToken(name);
    }

    @Test
    void groupMembersSyncGenerationsAndAreFencedOffOtherPartitions() {
        String stream = unique("grp");
        Identifier g = id("g");
        try (IggyClient a = IggyClient.connect(url()); IggyClient b = IggyClient.connect(url())) {
            a.createStream(stream);
            a.createTopic(id(stream), "t", 2);
            a.createConsumerGroup(id(stream), id("t"), "g");
            assertNull(a.syncConsumerGroup(id(stream), id("t"), g), "not a member yet");
            a.joinConsumerGroup(id(stream), id("t"), g);
            GroupAssignment alone = a.syncConsumerGroup(id(stream), id("t"), g);
            assertEquals(Set.of(0L, 1L), new HashSet<>(alone.partitions()));
            b.joinConsumerGroup(id(stream), id("t"), g);
            // Nothing was polled, so the hand-off completes at once: one partition each, a newer generation.
            GroupAssignment mine = a.syncConsumerGroup(id(stream), id("t"), g);
            GroupAssignment theirs = b.syncConsumerGroup(id(stream), id("t"), g);
            assertTrue(mine.generation() > alone.generation());
            assertEquals(1, mine.partitions().size());
            assertEquals(1, theirs.partitions().size());
            assertEquals(Set.of(0L, 1L), Set.of(mine.partitions().get(0), theirs.partitions().get(0)));
            PolledMessages fenced = a.pollMessages(id(stream), id("t"), theirs.partitions().get(0),
                    Consumer.group(g), PollingStrategy.next(), 10, false);
            assertEquals(Codes.Constants.RESYNC_PARTITION_ID, fenced.partitionId());
            assertEquals(0, fenced.count());
            a.sendMessages(id(stream), id("t"), Partitioning.partitionId(mine.partitions().get(0)),
                    List.of(Message.of("m")));
            PolledMessages own = a.pollMessages(id(stream), id("t"), mine.partitions().get(0), Consumer.group(g),
                    PollingStrategy.next(), 10, true);
            assertEquals(List.of("m"), own.messages().stream()
                    .map(m -> new String(m.payload(), StandardCharsets.UTF_8)).toList());
            a.deleteStream(id(stream));
        }
    }

    @Test
    void cooperativeConsumersHandPartitionsOffWithoutDuplicates() {
        String stream = unique("coop");
        client.createStream(stream);
        client.createTopic(id(stream), "t", 2);
        int total = 200;
        for (int i = 0; i < total; i += 20) {
            List<Message> batch = new ArrayList<>();
            for (int j = i; j < i + 20; j++) {
                batch.add(Message.of("m" + j));
            }
            client.sendMessages(id(stream), id("t"), null, batch);  // balanced: both partitions
        }
        List<String> seenA = new ArrayList<>();
        List<String> seenB = new ArrayList<>();
        try (IggyClient ca = IggyClient.connect(url()); IggyClient cb = IggyClient.connect(url());
             IggyConsumer a = IggyConsumer.builder(ca, id(stream), id("t")).group(id("workers")).batchLength(10)
                     .syncIntervalMs(50).pollIntervalMs(10).build()) {
            for (IggyConsumer.Record r : a.poll(Duration.ofSeconds(10))) {
                seenA.add(new String(r.payload(), StandardCharsets.UTF_8));
            }
            assertEquals(Set.of(0L, 1L), new HashSet<>(a.assignedPartitions()), "alone, it owns both");
            long before = a.generation();
            try (IggyConsumer b = IggyConsumer.builder(cb, id(stream), id("t")).group(id("workers"))
                    .batchLength(10).syncIntervalMs(50).pollIntervalMs(10).build()) {
                long deadline = System.nanoTime() + 60_000_000_000L;  // generous bound on a loaded machine
                while (seenA.size() + seenB.size() < total && System.nanoTime() < deadline) {
                    for (IggyConsumer.Record r : a.poll(Duration.ofMillis(100))) {
                        seenA.add(new String(r.payload(), StandardCharsets.UTF_8));
                    }
                    for (IggyConsumer.Record r : b.poll(Duration.ofMillis(100))) {
                        seenB.add(new String(r.payload(), StandardCharsets.UTF_8));
                    }
                }
                assertTrue(a.generation() > before, "the join made a new generation");
                assertEquals(1, a.assignedPartitions().size(), "after the hand-off each owns one partition");
                assertEquals(1, b.assignedPartitions().size());
            }
        }
        assertFalse(seenB.isEmpty(), "the partition handed off was consumed by the new member");
        List<String> all = new ArrayList<>(seenA);
        all.addAll(seenB);
        assertEquals(total, all.size(), "nothing twice");
        assertEquals(total, new HashSet<>(all).size(), "nothing lost");
        client.deleteStream(id(stream));
    }

    @Test
    void aReconnectRegistersANewIdentityAndSession() throws Exception {
        try (IggyClient own = IggyClient.connect(url() + "&reconnection_interval=10ms&reconnection_retries=50")) {
            BigInteger firstClient = own.session().clientId();
            long firstSession = own.session().session();
            own.ping();
            server.kill();
            server.restart();
            own.ping();  // a read: sent again on the new connection
            BigInteger secondClient = own.session().clientId();
            assertNotEquals(firstClient, secondClient);
            assertTrue(own.session().session() > 0);
            own.loginUser("iggy", "iggy");  // an explicit re-login: a third identity
            assertNotEquals(firstClient, own.session().clientId());
            assertNotEquals(secondClient, own.session().clientId());
            assertTrue(firstSession > 0);
        } finally {
            client.close();
            client = IggyClient.connect(url());  // the shared client's connection died with the server
        }
    }
}
