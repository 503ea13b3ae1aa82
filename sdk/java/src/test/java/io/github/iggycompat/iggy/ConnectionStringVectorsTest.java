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

/**
 * The shared connection-string vectors (protocol-spec/fixtures/connection_strings.json) through ClientConfig, the
 * {@code protocol} section included (its {@code mismatch} texts are replayed against fake servers by
 * ProtocolMismatchTest).
 */
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

    @SuppressWarnings("unchecked")
    static Map<String, Object> protocolSection() throws IOException {
        return (Map<String, Object>) vectors().get("protocol");
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> theProtocolOptionSelectsTheWireProtocol() throws IOException {
        Map<String, Object> section = protocolSection();
        assertEquals(section.get("default"), ClientConfig.builder().build().protocol().label());
        assertEquals(section.get("default"), ClientConfig.DEFAULT_PROTOCOL.label());
        return ((List<Map<String, Object>>) section.get("valid")).stream().map(v -> DynamicTest.dynamicTest(
                (String) v.get("input"), () -> {
                    String input = (String) v.get("input");
                    ProtocolVersion expected = ProtocolVersion.fromLabel((String) v.get("protocol"));
                    if (input.startsWith("iggy+ws") || input.startsWith("iggy+http")) {
                        // This SDK speaks TCP only: the option still parses as every SDK parses it.
                        assertEquals(expected, ClientConfig.parseProtocol(optionValue(input)));
                        return;
                    }
                    assertEquals(expected, ClientConfig.parse(input).protocol());
                    assertEquals(expected, ClientConfig.builder().protocol(expected.label()).build().protocol());
                }));
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> aBadProtocolFailsWithTheSharedText() throws IOException {
        return ((List<Map<String, Object>>) protocolSection().get("invalid")).stream().map(v -> DynamicTest.dynamicTest(
                (String) v.get("input"), () -> {
                    IggyException e = assertThrows(IggyException.class,
                            () -> ClientConfig.parse((String) v.get("input")));
                    assertEquals(((BigInteger) v.get("error_code")).intValue(), e.code());
                    assertEquals(v.get("error_name"), e.errorCode().iggyName());
                    assertEquals(v.get("message"), e.detail());
                    IggyException typed = assertThrows(IggyException.class,
                            () -> ClientConfig.builder().protocol((String) v.get("value")));
                    assertEquals(v.get("message"), typed.detail());
                }));
    }

    /** The percent-decoded value of the {@code protocol} option of a connection string. */
    private static String optionValue(String input) {
        for (String item : input.substring(input.indexOf('?') + 1).split("&")) {
            if (item.startsWith("protocol=")) {
                return java.net.URLDecoder.decode(item.substring("protocol=".length()),
                        java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return ClientConfig.DEFAULT_PROTOCOL.label();
    }
}
