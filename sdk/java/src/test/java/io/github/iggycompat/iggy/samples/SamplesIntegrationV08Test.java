package io.github.iggycompat.iggy.samples;

import io.github.iggycompat.iggy.ProtocolVersion;
import org.junit.jupiter.api.BeforeAll;

/** The samples with clients speaking Iggy 0.8 (protocol=0.8): they run unchanged on both versions. */
class SamplesIntegrationV08Test extends SamplesIntegrationTest {
    @BeforeAll
    static void startServer() throws Exception {
        start(ProtocolVersion.V0_8);
    }
}
