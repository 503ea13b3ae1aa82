package io.github.iggycompat.iggy;

import org.junit.jupiter.api.BeforeAll;

/** {@link ClientIntegrationTest} with clients speaking Iggy 0.8 (protocol=0.8) to the same server. */
class ClientIntegrationV08Test extends ClientIntegrationTest {
    @BeforeAll
    static void startServer() throws Exception {
        start(ProtocolVersion.V0_8);
    }
}
