package io.github.iggycompat.iggy;

/** {@link ResilienceIntegrationTest} with clients speaking Iggy 0.8 (protocol=0.8). */
class ResilienceIntegrationV08Test extends ResilienceIntegrationTest {
    @Override
    ProtocolVersion protocol() {
        return ProtocolVersion.V0_8;
    }
}
