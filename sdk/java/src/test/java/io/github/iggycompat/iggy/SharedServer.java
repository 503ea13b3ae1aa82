package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of integration-test classes that share one server and one logged-in root client per class. */
public abstract class SharedServer {
    protected static TestServer server;
    protected static IggyClient client;

    /** A root connection string to the class's server, heartbeat off (tests decide when traffic happens). */
    protected static String url() {
        return "iggy://iggy:iggy@" + server.address() + "?heartbeat_interval=0";
    }

    @BeforeAll
    static void startServer() throws Exception {
        server = TestServer.start(false);
        client = IggyClient.connect(url());
    }

    @AfterAll
    static void stopServer() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
