package io.github.iggycompat.iggy;

import org.junit.jupiter.api.BeforeAll;

/** {@link ProducerConsumerIntegrationTest} with clients speaking Iggy 0.8 (protocol=0.8) to the same server. */
class ProducerConsumerIntegrationV08Test extends ProducerConsumerIntegrationTest {
    @BeforeAll
    static void startServer() throws Exception {
        start(ProtocolVersion.V0_8);
    }
}
