package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.model.Permissions;
import io.github.iggycompat.iggy.model.Structs;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every command group against a real server (one per class, started by the project's test launcher). */
class ClientIntegrationTest extends SharedServer {
    static Identifier id(String name) {
        return Identifier.named(name);
    }

    @Test
    void system() {
        assertEquals(protocol, client.protocol(), "the class speaks its protocol");
        client.ping();
        Structs.ClientDetails me = client.getMe();
        assertEquals(0, me.userId());
        assertEquals(Codes.Transport.TCP, me.transport());
        assertTrue(client.getClients().stream().anyMatch(c -> c.clientId() == me.clientId()));
        assertEquals(me.clientId(), client.getClient(me.clientId()).clientId());
        assertNotNull(client.getStats().iggyServerVersion());
        assertFalse(client.getClusterMetadata().nodes().isEmpty());
        assertEquals(client.getMe().clientId(), client.async().call(IggyClient::getMe).join().clientId());
        byte[] zip = client.getSnapshot(Codes.SnapshotCompression.DEFLATED, List.of(Codes.SnapshotType.TEST));
        assertEquals('P', zip[0]);
        assertEquals('K', zip[1]);
    }

    @Test
    void streamsTopicsPartitionsAndSegments() {
        Structs.StreamHeader stream = client.createStream("it-streams");
        assertEquals("it-streams", stream.name());
        IggyException exists = assertThrows(IggyException.AlreadyExistsException.class,
                () -> client.createStream("it-streams"));
        assertEquals("STREAM_NAME_ALREADY_EXISTS", exists.name());
        assertEquals(ErrorCode.STREAM_NAME_ALREADY_EXISTS.code(), exists.code());
        // Over TCP the server answers only the code: the text names what the call named.
        assertTrue(exists.isAlreadyExists());
        assertTrue(exists.detail().endsWith("Stream with name: it-streams already exists."), exists.detail());
        assertNull(client.getStream(id("no-such-stream")));
        assertTrue(client.getStreams().stream().anyMatch(s -> s.name().equals("it-streams")));
        Identifier s = Identifier.of(stream.id());

        Structs.TopicDetails topic = client.createTopic(s, "t1", 2);
        assertEquals(2, topic.partitions().size());
        IggyException missing = assertThrows(IggyException.NotFoundException.class, () -> client.sendMessages(s,
                id("t1"), Partitioning.partitionId(9), List.of(Message.of("x".getBytes(StandardCharsets.UTF_8)))));
        assertTrue(missing.detail().endsWith("Partition with ID: 9 for topic with ID: t1 for stream with ID: "
                + stream.id() + " was not found."), missing.detail());
        assertEquals(2, topic.partitionsCount());
        assertEquals(Codes.Constants.U64_MAX, topic.messageExpiry(), "server default expiry is never");
        client.updateTopic(s, id("t1"), "t1b", Codes.CompressionAlgorithm.GZIP, 0, 0, 0);
        assertEquals(Codes.CompressionAlgorithm.GZIP, client.getTopic(s, id("t1b")).compressionAlgorithm());
        assertEquals(1, client.getTopics(s).size());
        client.createPartitions(s, id("t1b"), 3);
        assertEquals(5, client.getTopic(s, id("t1b")).partitions().size());
        client.deletePartitions(s, id("t1b"), 1);
        assertEquals(4, client.getTopic(s, id("t1b")).partitions().size());
        client.deleteSegments(s, id("t1b"), 0, 1);
        client.purgeTopic(s, id("t1b"));
        client.purgeStream(s);
        client.deleteTopic(s, id("t1b"));
        assertNull(client.getTopic(s, id("t1b")));
        client.updateStream(s, "it-streams-2");
        assertEquals("it-streams-2", client.getStream(s).name());
        client.deleteStream(s);
        assertThrows(IggyException.NotFoundException.class, () -> client.deleteStream(s));
    }

    @Test
    void messagesOffsetsAndHeaders() {
        client.createStream("it-messages");
        client.createTopic(id("it-messages"), "t", 1);
        Map<String, HeaderValue> headers = Map.of("kind", HeaderValue.string("greeting"),
                "n", HeaderValue.integer(Codes.HeaderKind.UINT32, 7));
        client.sendMessages(id("it-messages"), id("t"), Partitioning.partitionId(0), List.of(
                Message.of("hello").withHeaders(headers), Message.of("world").withId(BigInteger.valueOf(42))));
        client.flushUnsavedBuffer(id("it-messages"), id("t"), 0, true);
        PolledMessages polled = client.pollMessages(id("it-messages"), id("t"), 0L, null, PollingStrategy.first(),
                10, false);
        assertEquals(2, polled.count());
        assertEquals(1, polled.currentOffset());
        PolledMessage first = polled.messages().get(0);
        assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), first.payload());
        assertEquals("greeting", first.headers().get("kind").asString());
        assertEquals(7, first.headers().get("n").asLong());
        assertEquals(BigInteger.valueOf(42), polled.messages().get(1).id());
        assertEquals(5, polled.messages().get(1).payloadBuffer().remaining());

        Consumer c1 = Consumer.consumer(Identifier.of(1));
        assertNull(client.getConsumerOffset(c1, id("it-messages"), id("t"), 0L));
        client.storeConsumerOffset(c1, id("it-messages"), id("t"), 0L, 0);
        assertEquals(0, client.getConsumerOffset(c1, id("it-messages"), id("t"), 0L).storedOffset());
        PolledMessages next = client.pollMessages(id("it-messages"), id("t"), 0L, c1, PollingStrategy.next(), 10,
                true);
        assertEquals(1, next.count());
        assertEquals(1, client.getConsumerOffset(c1, id("it-messages"), id("t"), 0L).storedOffset());
        client.deleteConsumerOffset(c1, id("it-messages"), id("t"), 0L);
        assertNull(client.getConsumerOffset(c1, id("it-messages"), id("t"), 0L));
        client.deleteStream(id("it-messages"));
    }

    @Test
    void consumerGroups() {
        client.createStream("it-groups");
        client.createTopic(id("it-groups"), "t", 2);
        Structs.GroupHeader group = client.createConsumerGroup(id("it-groups"), id("t"), "g");
        assertEquals("g", group.name());
        client.joinConsumerGroup(id("it-groups"), id("t"), id("g"));
        Structs.GroupDetails details = client.getConsumerGroup(id("it-groups"), id("t"), id("g"));
        assertEquals(1, details.members().size());
        assertEquals(2, details.members().get(0).partitionIds().size());
        assertEquals(1, client.getMe().consumerGroups().size());
        assertEquals(1, client.getConsumerGroups(id("it-groups"), id("t")).size());
        client.leaveConsumerGroup(id("it-groups"), id("t"), id("g"));
        client.deleteConsumerGroup(id("it-groups"), id("t"), id("g"));
        assertNull(client.getConsumerGroup(id("it-groups"), id("t"), id("g")));
        client.deleteStream(id("it-groups"));
    }

    @Test
    void usersTokensAndSessions() {
        Permissions perms = new Permissions(false, true, false, true, false, false, false, false, false, false,
                Map.of(0L, new Permissions.StreamPermissions(false, true, false, false, true, false,
                        Map.of(1L, new Permissions.TopicPermissions(false, true, true, false)))));
        Structs.UserDetails user = client.createUser("it-user", "secret1", Codes.UserStatus.ACTIVE, perms);
        assertEquals(perms, user.permissions());
        Identifier u = Identifier.of(user.id());
        client.updateUser(u, "it-user2", null);
        assertEquals("it-user2", client.getUser(u).username());
        client.updatePermissions(u, null);
        assertNull(client.getUser(u).permissions());
        client.changePassword(u, "secret1", "secret2");
        assertTrue(client.getUsers().size() >= 2);

        try (IggyClient other = new IggyClient(ClientConfig.builder().address(server.address())
                .heartbeatIntervalMs(0).build())) {
            other.connect();
            assertThrows(IggyException.UnauthenticatedException.class, other::getStreams);
            assertThrows(IggyException.InvalidCredentialsException.class,
                    () -> other.loginUser("it-user2", "wrong-password"));
            assertEquals(user.id(), other.loginUser("it-user2", "secret2"));
            assertThrows(IggyException.UnauthorizedException.class, () -> other.createStream("nope"));
            other.logoutUser();
        }

        String token = client.createPersonalAccessToken("it-token", 0);
        assertTrue(client.getPersonalAccessTokens().stream().anyMatch(t -> t.name().equals("it-token")));
        try (IggyClient withToken = IggyClient.connect("iggy://" + token + "@" + server.address()
                + "?heartbeat_interval=0")) {
            assertEquals(0, withToken.getMe().userId());
        }
        client.deletePersonalAccessToken("it-token");
        client.deleteUser(u);
        assertNull(client.getUser(u));
    }
}
