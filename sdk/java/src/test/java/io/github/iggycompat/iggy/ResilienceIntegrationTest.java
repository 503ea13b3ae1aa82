package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.testing.TestServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TLS, reconnect with re-login (0.9: a new session), the outcome-unknown rule and the heartbeat, against servers
 * killed and restarted, over 0.9; ResilienceIntegrationV08Test runs the same over 0.8. */
class ResilienceIntegrationTest {
    private static final String FAST_RETRY = "reconnection_retries=5&reconnection_interval=100ms";

    /** The protocol the clients speak (ResilienceIntegrationV08Test: 0.8). */
    ProtocolVersion protocol() {
        return ProtocolVersion.V0_9;
    }

    @Test
    void tlsWithTheServersCaConnectsAndWithoutItDoesNot() throws Exception {
        try (TestServer server = TestServer.start(true)) {
            String base = "iggy://iggy:iggy@" + server.address() + "?protocol=" + protocol().label()
                    + "&heartbeat_interval=0";
            try (IggyClient client = IggyClient.connect(base + "&tls_ca_file=" + server.caFile())) {
                assertTrue(client.config().tls());
                assertEquals(0, client.getMe().userId());
            }
            IggyClient untrusted = new IggyClient(base + "&tls=true&reconnection_retries=0");
            assertThrows(IggyException.CannotConnectException.class, untrusted::connect);
            untrusted.close();
        }
    }

    @Test
    void readOnlyCommandsReconnectAndLogInAgainTransparently() throws Exception {
        try (TestServer server = TestServer.start(false);
             IggyClient client = IggyClient.connect("iggy://iggy:iggy@" + server.address()
                     + "?protocol=" + protocol().label() + "&heartbeat_interval=0&" + FAST_RETRY)) {
            client.createStream("before-restart");
            server.kill();
            server.restart();
            // The old socket is dead; GetStreams is replayed on a new, logged-in connection.
            assertTrue(client.getStreams().stream().anyMatch(s -> s.name().equals("before-restart")));
        }
    }

    @Test
    void aCommandWithSideEffectsIsNeverResentSilently() throws Exception {
        try (TestServer server = TestServer.start(false);
             IggyClient client = IggyClient.connect("iggy://iggy:iggy@" + server.address()
                     + "?protocol=" + protocol().label() + "&heartbeat_interval=0&" + FAST_RETRY)) {
            client.createStream("s");
            client.createTopic(Identifier.named("s"), "t", 1);
            server.kill();
            server.restart();
            // An explicit partition: a balanced 0.9 send would first read the partition count (a read, replayed
            // on a fresh connection) and the send would never meet the dead one.
            IggyException unknown = assertThrows(IggyException.OutcomeUnknownException.class,
                    () -> client.sendMessages(Identifier.named("s"), Identifier.named("t"),
                            Partitioning.partitionId(0), List.of(Message.of("maybe"))));
            assertEquals(ErrorCode.CONNECTION_CLOSED.code(), unknown.code());
            assertTrue(unknown.getMessage().contains("SendMessages"));
            // The next call reconnects; the batch was not resent behind the caller's back.
            client.sendMessages(Identifier.named("s"), Identifier.named("t"), null, List.of(Message.of("sure")));
            PolledMessages polled = client.pollMessages(Identifier.named("s"), Identifier.named("t"), 0L, null,
                    PollingStrategy.first(), 10, false);
            assertEquals(1, polled.count());
        }
    }

    @Test
    void reconnectsAreBoundedAndThenFailAsConnectionLost() throws Exception {
        try (TestServer server = TestServer.start(false);
             IggyClient client = IggyClient.connect("iggy://iggy:iggy@" + server.address()
                     + "?protocol=" + protocol().label()
                     + "&heartbeat_interval=0&reconnection_retries=2&reconnection_interval=50ms")) {
            server.kill();
            IggyException lost = assertThrows(IggyException.ConnectionLostException.class, client::getStreams);
            assertEquals("CONNECTION_CLOSED", lost.name());
            assertFalse(client.isConnected());
            server.restart();
            assertNotNull(client.getStreams());
        }
    }

    @Test
    void theHeartbeatNoticesADeadConnectionBeforeTheNextRequest() throws Exception {
        try (TestServer server = TestServer.start(false);
             IggyClient client = IggyClient.connect("iggy://iggy:iggy@" + server.address()
                     + "?protocol=" + protocol().label() + "&heartbeat_interval=100ms&" + FAST_RETRY)) {
            server.kill();
            server.restart();
            long deadline = System.nanoTime() + 20_000_000_000L;  // bound: the machine may be loaded
            while (client.isConnected() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(client.isConnected(), "the heartbeat's ping should have dropped the dead connection");
            // No outcome-unknown error: the dead connection was found by the heartbeat, not by this request.
            client.createStream("after-heartbeat");
        }
    }

    @Test
    void aGroupConsumerRejoinsAfterTheServerLostItsMembership() throws Exception {
        try (TestServer server = TestServer.start(false);
             IggyClient client = IggyClient.connect("iggy://iggy:iggy@" + server.address()
                     + "?protocol=" + protocol().label() + "&heartbeat_interval=0&" + FAST_RETRY)) {
            Identifier s = Identifier.named("s");
            Identifier t = Identifier.named("t");
            client.createStream("s");
            client.createTopic(s, "t", 1);
            client.sendMessages(s, t, null, List.of(Message.of("one")));
            try (IggyConsumer consumer = IggyConsumer.builder(client, s, t).group(Identifier.named("g")).build()) {
                assertEquals(1, consumer.poll(Duration.ofSeconds(10)).size());
                consumer.commitSync();
                server.kill();
                server.restart();
                client.getStreams();  // a read reconnects (a send here would be outcome-unknown); the session is new
                client.sendMessages(s, t, null, List.of(Message.of("two")));
                List<IggyConsumer.Record> next = consumer.poll(Duration.ofSeconds(10));
                assertEquals(1, next.size());
                assertEquals("two", new String(next.get(0).payload(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void aRequestWithoutAnAnswerTimesOutAndResetsTheConnection() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            IggyClient client = new IggyClient("iggy://127.0.0.1:" + silent.getLocalPort()
                    + "?protocol=" + protocol().label()
                    + "&heartbeat_interval=0&request_timeout=200ms&reconnection_retries=0");
            client.connect();  // no credentials: nothing is sent yet
            try (Socket accepted = silent.accept()) {
                IggyException timeout = assertThrows(IggyException.RequestTimeoutException.class, client::ping);
                assertEquals(ErrorCode.TASK_TIMEOUT.code(), timeout.code());
                assertFalse(client.isConnected(), "a late answer must never be read as the next one's");
            }
            client.close();
        }
    }

    @Test
    void commandsBeforeConnectFailAsNotConnected() {
        try (IggyClient client = new IggyClient("iggy://iggy:iggy@127.0.0.1:1")) {
            assertThrows(IggyException.NotConnectedException.class, client::ping);
        }
    }
}
