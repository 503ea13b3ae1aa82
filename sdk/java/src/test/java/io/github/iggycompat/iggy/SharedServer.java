package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of integration-test classes that share one server and one logged-in root client per class. The server
 * speaks both protocols; the class's clients speak 0.9 (the SDK's default). A subclass runs the same tests over
 * 0.8 by hiding {@link #startServer()} with one that calls {@code start(ProtocolVersion.V0_8)}.
 */
public abstract class SharedServer {
    protected static TestServer server;
    protected static IggyClient client;
    protected static ProtocolVersion protocol = ClientConfig.DEFAULT_PROTOCOL;

    /** A root connection string to the class's server in its protocol, heartbeat off (tests decide when traffic
     * happens). */
    protected static String url() {
        return "iggy://iggy:iggy@" + server.address() + "?heartbeat_interval=0&protocol=" + protocol.label();
    }

    protected static void start(ProtocolVersion spoken) throws Exception {
        protocol = spoken;
        server = TestServer.start(false);
        client = IggyClient.connect(url());
    }

    @BeforeAll
    static void startServer() throws Exception {
        start(ClientConfig.DEFAULT_PROTOCOL);
    }

    @AfterAll
    static void stopServer() {
        if (client != null) {
            client.close();
            client = null;
        }
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
