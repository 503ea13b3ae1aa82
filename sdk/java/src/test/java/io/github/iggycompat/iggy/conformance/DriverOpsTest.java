package io.github.iggycompat.iggy.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.testing.Json;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generated op table's step check (DriverOps), and the driver answering a refused step as its DriverError. */
class DriverOpsTest {
    private static String refusal(String op, String args, String protocol) {
        return assertThrows(DriverOps.StepException.class, () -> DriverOps.checkStep(op, Json.parse(args), protocol))
                .getMessage();
    }

    @Test
    void fillsTheDeclaredDefaults() {
        Object args = Json.parse("{\"stream\": 1, \"topic\": \"t\"}");
        Map<String, Object> filled = DriverOps.checkStep("poll_messages", args, "0.8");
        assertEquals(BigInteger.TEN, filled.get("count"));
        assertEquals(Boolean.FALSE, filled.get("auto_commit"));
        assertEquals(Map.of("kind", "consumer", "id", BigInteger.ZERO), filled.get("consumer"));
        assertFalse(filled.containsKey("partition_id"), "omitted = none: no shared default");
    }

    @Test
    void refusesABadStepNamingOpAndKey() {
        assertTrue(refusal("poll_message", "{}", "0.8").contains("unknown op \"poll_message\""));
        assertEquals("op \"get_client\": missing required arg \"client_id\"", refusal("get_client", "{}", "0.8"));
        assertEquals("op \"create_partitions\": unknown arg \"count\"",
                refusal("create_partitions", "{\"stream\": 1, \"topic\": 1, \"count\": 2}", "0.8"));
        assertEquals("op \"poll_messages\": arg \"count\" must be of type integer",
                refusal("poll_messages", "{\"stream\": 1, \"topic\": 1, \"count\": \"3\"}", "0.8"));
        assertTrue(refusal("create_topic", "{\"stream\": 1, \"name\": \"t\", \"options\": {}}", "0.8")
                .contains("arg \"options\" is not in protocol 0.8"));
    }

    @Test
    void theDriverAnswersARefusedStepWithItsDriverError() {
        Map<String, Object> answer = new Driver(ProtocolVersion.V0_8)
                .answer("{\"id\": 3, \"op\": \"store_consumer_offset\", \"args\": {\"stream\": 1, \"topic\": 1}}");
        Map<?, ?> error = (Map<?, ?>) answer.get("error");
        assertEquals(-1, error.get("code"));
        assertEquals("DriverError", error.get("name"));
        assertTrue(((String) error.get("message")).contains("missing required arg \"offset\""));
    }
}
