package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.iggycompat.iggy.testing.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The shared connection-string vectors (protocol-spec/fixtures/connection_strings.json) through ClientConfig. */
class ConnectionStringVectorsTest {
    @SuppressWarnings("unchecked")
    static Map<String, Object> vectors() throws IOException {
        return (Map<String, Object>) Json.parse(
                Files.readString(Path.of("../../protocol-spec/fixtures/connection_strings.json")));
    }

    static Map<String, Object> settings(ClientConfig c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("host", c.host());
        out.put("port", BigInteger.valueOf(c.port()));
        out.put("username", c.username());
        out.put("password", c.password());
        out.put("token", c.token());
        out.put("tls", c.tls());
        out.put("tls_domain", c.tlsDomain());
        out.put("tls_ca_file", c.tlsCaFile());
        out.put("tls_insecure", c.tlsInsecure());
        out.put("connect_timeout_ms", BigInteger.valueOf(c.connectTimeoutMs()));
        out.put("request_timeout_ms", BigInteger.valueOf(c.requestTimeoutMs()));
        out.put("reconnection_retries",
                c.reconnectionRetries() == null ? null : BigInteger.valueOf(c.reconnectionRetries()));
        out.put("reconnection_interval_ms", BigInteger.valueOf(c.reconnectionIntervalMs()));
        out.put("reconnection_max_interval_ms", BigInteger.valueOf(c.reconnectionMaxIntervalMs()));
        out.put("heartbeat_interval_ms", BigInteger.valueOf(c.heartbeatIntervalMs()));
        out.put("nodelay", c.nodelay());
        return out;
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> validStringsParseToTheExpectedSettings() throws IOException {
        Map<String, Object> vectors = vectors();
        Map<String, Object> defaults = (Map<String, Object>) vectors.get("defaults");
        return ((List<Map<String, Object>>) vectors.get("valid")).stream().map(v -> DynamicTest.dynamicTest(
                (String) v.get("input"), () -> {
                    Map<String, Object> expected = new LinkedHashMap<>(defaults);
                    expected.putAll((Map<String, Object>) v.get("expected"));
                    assertEquals(expected, settings(ClientConfig.parse((String) v.get("input"))));
                }));
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> invalidStringsFailWithTheirCode() throws IOException {
        return ((List<Map<String, Object>>) vectors().get("invalid")).stream().map(v -> DynamicTest.dynamicTest(
                v.get("input") + " (" + v.get("reason") + ")", () -> {
                    IggyException e = assertThrows(IggyException.class,
                            () -> ClientConfig.parse((String) v.get("input")));
                    assertEquals(((BigInteger) v.get("error_code")).intValue(), e.code());
                    assertEquals(v.get("error_name"), e.errorCode().iggyName());
                }));
    }
}
