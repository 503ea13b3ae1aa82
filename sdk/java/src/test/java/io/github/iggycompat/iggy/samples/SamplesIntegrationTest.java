package io.github.iggycompat.iggy.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.SharedServer;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three samples run against a real server and their results are checked. */
class SamplesIntegrationTest extends SharedServer {
    @Test
    void basic() {
        assertEquals(List.of("hello 0", "hello 1", "hello 2", "hello 3", "hello 4"), Basic.run(url(), "s-basic"));
    }

    @Test
    void consumerGroup() throws Exception {
        List<String> seen = ConsumerGroup.run(url(), "s-group", 120);
        assertEquals(120, seen.size());
        assertEquals(120, new HashSet<>(seen.stream().map(s -> s.substring(s.indexOf(':') + 1)).toList()).size(),
                "every message processed by exactly one member");
    }

    @Test
    void atLeastOnce() {
        List<String> processed = AtLeastOnce.run(url(), "s-alo", 60);
        assertEquals(60, new HashSet<>(processed).size(), "nothing skipped");
        assertTrue(processed.size() >= 60);
    }
}
