package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.internal.codec.Frames;
import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.XxHash;
import io.github.iggycompat.iggy.model.Structs;
import io.github.iggycompat.iggy.testing.FakeServer;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The 0.9 session rules (shared/reference/iggy-wire-0.9.md §1-§3) against a scripted server, for what a real one
 * cannot be made to show: numbering and checksums, a new identity per login, evictions at will, transient replies,
 * a lost answer to a write, client-side partitioning. Mirrors sdk/python/tests/unit/test_session_v09.py.
 */
class SessionV09Test {
    private static final Identifier S = Identifier.named("s1");
    private static final Identifier T = Identifier.named("t1");

    private static String url(FakeServer server, String extra) {
        return "iggy://iggy:iggy@" + server.address() + "?heartbeat_interval=0&reconnection_interval=10ms" + extra;
    }

    private static Structs.TopicDetails topic(int partitions) {
        List<Structs.PartitionDetails> rows = IntStream.range(0, partitions)
                .mapToObj(i -> new Structs.PartitionDetails(i, 0, 1, 0, 0, 0)).toList();
        return new Structs.TopicDetails(0, 0, 0, 1, 0, 0, 0, 0, "t", new byte[0], new byte[0], rows);
    }

    private static List<FakeServer.Request> of(FakeServer server, int code) {
        return server.requests().stream().filter(r -> r.code() == code).toList();
    }

    @Test
    void requestsAreNumberedAndStampedAsTheOfficialClientDoes() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> r.code() == Codes.Command.GET_TOPIC || r.code() == Codes.Command.CREATE_TOPIC
                    ? FakeServer.ok(topic(1)) : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                client.ping();
                // An empty CreateStream answer does not decode; the request was numbered all the same.
                assertThrows(RuntimeException.class, () -> client.createStream("s1"));
                client.createTopic(S, "t1", 1);
                client.sendMessages(S, T, Partitioning.partitionId(0), List.of(Message.of("a")));
                client.getStream(S);
                client.storeConsumerOffset(Consumer.consumer(Identifier.of(1)), S, T, 0L, 0);
                client.logoutUser();
                client.ping();
            }
            List<FakeServer.Request> requests = server.requests();
            List<List<Object>> rows = new ArrayList<>();
            for (FakeServer.Request r : requests) {
                Frames.RequestHeader h = r.header();
                rows.add(List.of(r.code(), Codes.Operation.fromValue(h.operation()), h.request(), h.session(),
                        h.requestChecksum().signum() != 0, h.code()));
            }
            long s = FakeServer.SESSION;
            Codes.Operation nr = Codes.Operation.NON_REPLICATED;
            assertEquals(List.of(
                    List.of(Codes.Command.LOGIN_REGISTER, Codes.Operation.REGISTER, 0L, 0L, true, 0L),
                    List.of(Codes.Command.PING, nr, 1L, s, false, (long) Codes.Command.PING),
                    List.of(Codes.Command.CREATE_STREAM, Codes.Operation.CREATE_STREAM, 1L, s, true, 0L),
                    List.of(Codes.Command.CREATE_TOPIC, Codes.Operation.CREATE_TOPIC, 2L, s, true, 0L),
                    List.of(Codes.Command.SEND_MESSAGES, Codes.Operation.SEND_MESSAGES, 3L, s, false, 0L),
                    List.of(Codes.Command.GET_STREAM, nr, 4L, s, false, (long) Codes.Command.GET_STREAM),
                    List.of(Codes.Command.STORE_CONSUMER_OFFSET, Codes.Operation.STORE_CONSUMER_OFFSET, 4L, s, false,
                            0L),
                    List.of(Codes.Command.LOGOUT_USER, Codes.Operation.LOGOUT, 5L, s, true, 0L),
                    // after the logout: a new identity, no session
                    List.of(Codes.Command.PING, nr, 1L, 0L, false, (long) Codes.Command.PING)), rows);
            for (FakeServer.Request r : requests) {
                if (r.header().requestChecksum().signum() != 0) {
                    assertEquals(BigInteger.valueOf(XxHash.xxh3(r.body())).and(
                            BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)), r.header().requestChecksum());
                }
            }
            List<BigInteger> clients = requests.stream().map(r -> r.header().client()).toList();
            assertEquals(1, new HashSet<>(clients.subList(0, 8)).size());
            assertNotEquals(clients.get(0), clients.get(8));
            assertFalse(clients.contains(BigInteger.ZERO));
            // The store carries the ack byte the official clients send.
            Requests.StoreConsumerOffset store = (Requests.StoreConsumerOffset) requests.get(6)
                    .decoded(ProtocolVersion.V0_9);
            assertEquals(Codes.AckLevel.QUORUM.value(), store.ack());
        }
    }

    @Test
    void everyLoginRegistersANewIdentityAndSoDoesAReconnect() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                BigInteger first = client.session().clientId();
                client.ping();
                assertEquals(0, client.loginUser("iggy", "iggy"));
                assertNotEquals(first, client.session().clientId());
                assertEquals(FakeServer.SESSION, client.session().session());
                client.loginWithPersonalAccessToken("tok");
                server.dropConnections();
                client.getStreams();  // a read: reconnects, registers again (the token) and is replayed
            }
            List<FakeServer.Request> registers = server.requests().stream()
                    .filter(r -> r.header().operation() == Codes.Operation.REGISTER.value()).toList();
            assertEquals(4, registers.size());
            assertEquals(4, registers.stream().map(r -> r.header().client()).distinct().count());
            assertEquals(registers.get(0).header().client(), server.requests().get(1).header().client(),
                    "a ping keeps the identity until the next Register");
            assertEquals(Codes.Command.LOGIN_REGISTER_WITH_PAT, registers.get(2).code());
            assertEquals(Codes.Command.LOGIN_REGISTER_WITH_PAT, registers.get(3).code(), "the reconnect re-uses the "
                    + "token of the last login");
            assertEquals(2, server.connections());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Codes.EvictionReason.class, names = {"INVALID_TOKEN", "USER_INACTIVE", "MALFORMED_LOGIN",
            "INVALID_CREDENTIALS", "INCOMPATIBLE_PROTOCOL"})
    void aLoginEvictionIsATypedErrorWithItsReason(Codes.EvictionReason reason) throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> new FakeServer.Evict(reason);
            IggyClient client = new IggyClient(url(server, ""));
            IggyException raised = assertThrows(IggyException.class, client::connect);
            client.close();
            assertEquals(reason, raised.evictionReason());
            assertEquals(reason.error().code(), raised.code());
            assertTrue(raised.getMessage().contains(reason.name()), raised.getMessage());
            if (reason == Codes.EvictionReason.INCOMPATIBLE_PROTOCOL) {
                // the fake's window: 0.12.0 to 0.13.0 (the client sends 0.11.0, what Iggy 0.9 clients send)
                assertTrue(raised.getMessage().contains("the server accepts protocol 0.12.0 to 0.13.0"),
                        raised.getMessage());
            }
            assertEquals(1, server.connections(), "a refused login is final: no reconnect");
        }
    }

    @Test
    void anEvictionMidSessionReconnectsAndReplaysOnlyReads() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            Set<Integer> evicted = new HashSet<>();
            server.handler = r -> (r.code() == Codes.Command.GET_STREAMS || r.code() == Codes.Command.DELETE_STREAM)
                    && evicted.add(r.code()) ? new FakeServer.Evict(Codes.EvictionReason.STALE_CLIENT)
                    : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                assertEquals(List.of(), client.getStreams());  // evicted, registered again, read again
                IggyException raised = assertThrows(IggyException.class, () -> client.deleteStream(S));
                assertEquals(Codes.EvictionReason.STALE_CLIENT, raised.evictionReason());
                assertEquals(ErrorCode.STALE_CLIENT.code(), raised.code());
                client.ping();
            }
            assertEquals(List.of(Codes.Command.LOGIN_REGISTER, Codes.Command.GET_STREAMS, Codes.Command.LOGIN_REGISTER,
                    Codes.Command.GET_STREAMS, Codes.Command.DELETE_STREAM, Codes.Command.LOGIN_REGISTER,
                    Codes.Command.PING), server.codes(), "the write is not sent again");
            assertEquals(3, server.connections());
        }
    }

    @Test
    void aWriteWhoseAnswerWasLostIsNeverSentAgain() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            AtomicInteger creates = new AtomicInteger();
            server.handler = r -> r.code() == Codes.Command.CREATE_STREAM && creates.getAndIncrement() == 0
                    ? new FakeServer.Close() : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                IggyException.OutcomeUnknownException raised = assertThrows(
                        IggyException.OutcomeUnknownException.class, () -> client.createStream("s1"));
                assertTrue(raised.getMessage().contains("new session"), raised.getMessage());
                client.ping();  // the next request reconnects under a new identity
            }
            assertEquals(List.of(Codes.Command.LOGIN_REGISTER, Codes.Command.CREATE_STREAM,
                    Codes.Command.LOGIN_REGISTER, Codes.Command.PING), server.codes());
            assertNotEquals(server.requests().get(1).header().client(), server.requests().get(3).header().client());
        }
    }

    @Test
    void aTransientReplySendsTheIdenticalFrameAgain() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            List<Integer> answers = new ArrayList<>(List.of(ErrorCode.TRANSIENT_NOT_COMMITTED.code(),
                    ErrorCode.TRANSIENT_NOT_ACCEPTED.code()));
            server.handler = r -> r.code() == Codes.Command.DELETE_STREAM && !answers.isEmpty()
                    ? new FakeServer.Status(answers.remove(0)) : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                client.deleteStream(S);
            }
            List<FakeServer.Request> deletes = of(server, Codes.Command.DELETE_STREAM);
            assertEquals(3, deletes.size());
            assertEquals(1, deletes.stream().map(FakeServer.Request::header).distinct().count(),
                    "same client, session, number and checksum");
        }
    }

    @Test
    void aTransientReplyGivesUpAtTheRequestTimeout() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> r.code() == Codes.Command.PURGE_STREAM
                    ? new FakeServer.Status(ErrorCode.TRANSIENT_NOT_COMMITTED.code()) : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, "&request_timeout=200ms"))) {
                IggyException raised = assertThrows(IggyException.class, () -> client.purgeStream(S));
                assertEquals(ErrorCode.TRANSIENT_NOT_COMMITTED.code(), raised.code());
            }
            int sent = of(server, Codes.Command.PURGE_STREAM).size();
            assertTrue(sent >= 2 && sent <= 5, sent + " sends, 50 ms apart within 200 ms");
        }
    }

    @Test
    void aResultSectionRejectionIsTheError() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> r.code() == Codes.Command.CREATE_STREAM
                    ? new FakeServer.Reject(ErrorCode.STREAM_NAME_ALREADY_EXISTS.code()) : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                IggyException raised = assertThrows(IggyException.class, () -> client.createStream("s1"));
                assertEquals(ErrorCode.STREAM_NAME_ALREADY_EXISTS.code(), raised.code());
                assertInstanceOf(IggyException.AlreadyExistsException.class, raised);
            }
        }
    }

    private static long partitionOf(FakeServer.Request send) {
        Requests.SendMessages decoded = (Requests.SendMessages) send.decoded(ProtocolVersion.V0_9);
        assertEquals(Codes.PartitioningKind.PARTITION_ID, decoded.partitioning().kind());
        return new WireReader(decoded.partitioning().value()).u32();
    }

    @Test
    void clientSidePartitioningAndTheSendConfirmation() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> {
                if (r.code() == Codes.Command.GET_TOPIC) {
                    return FakeServer.ok(topic(3));
                }
                if (r.code() == Codes.Command.SEND_MESSAGES) {
                    long partition = partitionOf(r);
                    return FakeServer.ok(new Requests.SendMessagesResponse(List.of(
                            new Structs.SendConfirmation(1, 2, partition, 10 * partition))));
                }
                return FakeServer.defaultAnswer(r);
            };
            List<Structs.SendConfirmation> confirmations = new ArrayList<>();
            Structs.SendConfirmation keyed;
            Structs.SendConfirmation explicit;
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                for (int i = 0; i < 4; i++) {
                    confirmations.add(client.sendMessages(S, T, null, List.of(Message.of("m"))));
                }
                keyed = client.sendMessages(S, T, Partitioning.messagesKey("user-42"), List.of(Message.of("k")));
                explicit = client.sendMessages(S, T, Partitioning.partitionId(1), List.of(Message.of("e")));
            }
            assertEquals(List.of(0L, 1L, 2L, 0L), confirmations.stream().map(Structs.SendConfirmation::partitionId)
                    .toList(), "round robin from the cached count");
            assertEquals(new Structs.SendConfirmation(1, 2, 1, 10), confirmations.get(1));
            byte[] key = "user-42".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(XxHash.xxh32(key, 0, key.length, 0) % 3, keyed.partitionId());
            assertEquals(1, explicit.partitionId());
            assertEquals(1, of(server, Codes.Command.GET_TOPIC).size(), "read once, then cached");
            Requests.SendMessages first = (Requests.SendMessages) of(server, Codes.Command.SEND_MESSAGES).get(0)
                    .decoded(ProtocolVersion.V0_9);
            assertNotEquals(BigInteger.ZERO, first.batch().frames().get(0).id(), "the client gives ids");
        }
    }

    @Test
    void aSendIntoAShrunkTopicReadsTheCountAgain() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            int[] partitions = {3};
            server.handler = r -> {
                if (r.code() == Codes.Command.GET_TOPIC) {
                    return FakeServer.ok(topic(partitions[0]));
                }
                if (r.code() == Codes.Command.SEND_MESSAGES && partitionOf(r) >= partitions[0]) {
                    return new FakeServer.Status(ErrorCode.PARTITION_NOT_FOUND.code());
                }
                return FakeServer.defaultAnswer(r);
            };
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                client.sendMessages(S, T, null, List.of(Message.of("a")));
                client.sendMessages(S, T, null, List.of(Message.of("b")));
                partitions[0] = 1;
                assertThrows(IggyException.class, () -> client.sendMessages(S, T, null, List.of(Message.of("c"))));
                assertNull(client.sendMessages(S, T, null, List.of(Message.of("d"))), "an empty answer: no "
                        + "confirmation");
            }
            assertEquals(2, of(server, Codes.Command.GET_TOPIC).size());
            List<FakeServer.Request> sends = of(server, Codes.Command.SEND_MESSAGES);
            assertEquals(0, partitionOf(sends.get(sends.size() - 1)), "the count read again: partition 0");
        }
    }

    @Test
    void aSendOver08ReturnsNoConfirmationAndLeavesPartitioningToTheServer() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_8)) {
            try (IggyClient client = IggyClient.connect(url(server, "&protocol=0.8"))) {
                assertNull(client.sendMessages(S, T, null, List.of(Message.of("a"))));
            }
            assertEquals(List.of(Codes.Command.LOGIN_USER, Codes.Command.SEND_MESSAGES), server.codes());
            Requests.SendMessages send = (Requests.SendMessages) server.requests().get(1)
                    .decoded(ProtocolVersion.V0_8);
            assertEquals(Codes.PartitioningKind.BALANCED, send.partitioning().kind());
        }
    }

    @Test
    void calls09OnlyOver08NameTheOption() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_8)) {
            try (IggyClient client = IggyClient.connect(url(server, "&protocol=0.8"))) {
                IggyException raised = assertThrows(IggyException.class,
                        () -> client.describeOptions(Codes.OptionScope.TOPIC));
                assertEquals(ErrorCode.FEATURE_UNAVAILABLE.code(), raised.code());
                assertTrue(raised.getMessage().contains("protocol=0.9"), raised.getMessage());
                raised = assertThrows(IggyException.class, () -> client.createStream("s",
                        Options.builder().set("segment_size", "1 MiB").build()));
                assertTrue(raised.getMessage().contains("0.9"), raised.getMessage());
            }
            assertEquals(List.of(Codes.Command.LOGIN_USER), server.codes(), "nothing was sent");
        }
    }

    @Test
    void theSyncAnswerIsTheMembersAssignment() throws Exception {
        try (FakeServer server = new FakeServer(ProtocolVersion.V0_9)) {
            server.handler = r -> r.code() == Codes.Command.SYNC_CONSUMER_GROUP
                    ? FakeServer.ok(new Requests.SyncConsumerGroupResponse(7, List.of(0L, 2L)))
                    : FakeServer.defaultAnswer(r);
            try (IggyClient client = IggyClient.connect(url(server, ""))) {
                assertEquals(new GroupAssignment(7, List.of(0L, 2L)),
                        client.syncConsumerGroup(S, T, Identifier.named("g")));
                server.handler = FakeServer::defaultAnswer;
                assertNull(client.syncConsumerGroup(S, T, Identifier.named("g")), "not a member: empty answer");
            }
        }
    }
}
