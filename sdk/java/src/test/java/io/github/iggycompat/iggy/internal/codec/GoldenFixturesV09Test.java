package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.internal.net.VsrSession;
import io.github.iggycompat.iggy.testing.Fields;
import java.io.IOException;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every Iggy 0.9 fixture (protocol-spec/fixtures/v0_9/&lt;group&gt;/, whole frames captured from the official
 * 0.9 client and our server's answers to it) through the generated codec in protocol 0.9: the 256-byte header
 * decodes to its {@code header} and re-encodes to its bytes; a request body decodes to exactly {@code fields} and
 * encodes from them to the captured body (its request_checksum, where stamped, is XXH3 of that body); a reply's
 * result section is the fixture's {@code result} and what the client's reply path
 * ({@link VsrSession#replyBody}) hands on is the body after it, which decodes to {@code fields} and re-encodes to
 * itself; an eviction is the typed error of its reason.
 */
class GoldenFixturesV09Test {
    private static final ProtocolVersion V0_9 = ProtocolVersion.V0_9;
    static List<Path> fixtures() throws IOException {
        Path root = GoldenFixturesTest.FIXTURES_0_9;
        assertTrue(Files.isDirectory(root), "0.9 fixtures not found at " + root.toAbsolutePath());
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> every09Fixture() throws IOException {
        return fixtures().stream().map(path -> DynamicTest.dynamicTest(
                GoldenFixturesTest.FIXTURES_0_9.relativize(path).toString(), () -> replay(path)));
    }

    @Test
    void every09CommandHasARequestAndAResponseFixture() throws IOException {
        Set<String> seen = new HashSet<>();
        for (Path path : fixtures()) {
            Map<String, Object> fixture = GoldenFixturesTest.read(path);
            seen.add(fixture.get("code") + "/" + fixture.get("direction"));
        }
        for (String direction : List.of("request", "response")) {
            Set<Integer> missing = new HashSet<>();
            for (CommandTable.Entry entry : CommandTable.ALL) {
                if (entry.in(V0_9) && !seen.contains(entry.code() + "/" + direction)) {
                    missing.add(entry.code());
                }
            }
            assertEquals(Set.of(), missing, direction + " fixtures missing");
        }
    }

    @SuppressWarnings("unchecked")
    static void replay(Path path) throws IOException {
        Map<String, Object> fixture = GoldenFixturesTest.read(path);
        assertEquals("0.9", fixture.get("protocol"));
        int code = ((BigInteger) fixture.get("code")).intValueExact();
        CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
        assertNotNull(entry, "unknown command code " + code);
        assertTrue(entry.in(V0_9), entry.name() + " is not a 0.9 command");
        byte[] frame = HexFormat.of().parseHex((String) fixture.get("hex"));
        byte[] headerBytes = Arrays.copyOf(frame, Layout.REQUEST_HEADER_SIZE);
        byte[] body = Arrays.copyOfRange(frame, Layout.REQUEST_HEADER_SIZE, frame.length);
        String kind = (String) fixture.get("frame");
        Class<?> headerType = switch (kind) {
            case "request" -> Frames.RequestHeader.class;
            case "reply" -> Frames.ReplyHeader.class;
            case "eviction" -> Frames.EvictionHeader.class;
            default -> throw new AssertionError("frame " + kind);
        };
        Object header = decode(headerType, headerBytes);
        GoldenFixturesTest.assertSameFields(fixture.get("header"), Fields.toFields(header, V0_9));
        assertArrayEquals(headerBytes, encode(Fields.fromFields(headerType, fixture.get("header"), V0_9)),
                "the header re-encodes to other bytes");
        Object fields = fixture.get("fields");
        if (kind.equals("request")) {
            Frames.RequestHeader request = (Frames.RequestHeader) header;
            assertEquals(entry.operation().value(), request.operation(), "the command's operation");
            assertEquals(entry.operation() == Codes.Operation.NON_REPLICATED ? code : 0, request.code());
            if (request.requestChecksum().signum() != 0) {
                assertEquals(Long.toUnsignedString(XxHash.xxh3(body)), request.requestChecksum().toString(),
                        "request_checksum is XXH3-64 of the body");
            }
            WireReader r = new WireReader(body, V0_9);
            Object decoded = entry.requestDecoder().apply(r);
            r.expectEnd(entry.name());
            GoldenFixturesTest.assertSameFields(fields, Fields.toFields(decoded, V0_9));
            Requests.Request built = (Requests.Request) Fields.fromFields(entry.requestType(), fields, V0_9);
            assertArrayEquals(body, encode(built), "encode(fields) differs from the captured body");
            return;
        }
        if (kind.equals("eviction")) {
            assertEquals(0, body.length);
            assertNull(fields);
            int reason = ((Frames.EvictionHeader) header).reason();
            IggyException e = assertThrows(IggyException.class, () -> VsrSession.replyBody(headerBytes, body, "x"));
            assertEquals(Codes.EvictionReason.fromValue(reason), e.evictionReason());
            assertEquals(Codes.EvictionReason.fromValue(reason).error().code(), e.code());
            return;
        }
        Frames.ReplyHeader reply = (Frames.ReplyHeader) header;
        List<Map<String, Object>> result = (List<Map<String, Object>>) fixture.get("result");
        Codes.Operation operation = Codes.Operation.fromValue(reply.operation());
        byte[] payload = body;
        if (result != null) {
            assertTrue(operation.resultFramed(), operation + " carries no result section");
            WireReader r = new WireReader(body, V0_9);
            assertEquals(result.size(), r.u32(), "result count");
            for (Map<String, Object> e : result) {
                assertEquals(((BigInteger) e.get("index")).longValue(), r.u32());
                assertEquals(((BigInteger) e.get("result")).longValue(), r.u32());
            }
            payload = Arrays.copyOfRange(body, r.position(), body.length);
        } else {
            assertTrue(!operation.resultFramed() || reply.status() != 0
                    || (operation == Codes.Operation.REGISTER && body.length == 0), "a result section is missing");
        }
        if (reply.status() != 0 || (result != null && !result.isEmpty())) {
            assertNull(fields);
            long failure = reply.status() != 0 ? reply.status()
                    : ((BigInteger) result.get(0).get("result")).longValue();
            IggyException e = assertThrows(IggyException.class, () -> VsrSession.replyBody(headerBytes, body, "x"));
            assertEquals(failure, e.code(), "the error the client reports");
            return;
        }
        assertArrayEquals(payload, VsrSession.replyBody(headerBytes, body, "x"), "the client's view of the body");
        if (fields == null) {
            assertTrue(payload.length == 0, "no fields but a body");
            return;
        }
        WireReader r = new WireReader(payload, V0_9);
        Object decoded = entry.responseDecoder().apply(r);
        r.expectEnd(entry.name());
        GoldenFixturesTest.assertSameFields(fields, Fields.toFields(decoded, V0_9));
        Type type = entry.responseList() ? GoldenFixturesTest.listOf(entry.responseType()) : entry.responseType();
        Object built = Fields.fromFields(type, fields, V0_9);
        WireWriter w = new WireWriter(64, V0_9);
        if (built instanceof List<?> list) {
            if (CommandTable.listCounted(code, V0_9)) {
                w.u32(list.size());
            }
            for (Object item : list) {
                GoldenFixturesTest.encode(item, w);
            }
        } else {
            GoldenFixturesTest.encode(built, w);
        }
        assertArrayEquals(payload, w.toByteArray(), "encode(fields) differs from the captured body");
    }

    private static Object decode(Class<?> type, byte[] bytes) {
        try {
            WireReader r = new WireReader(bytes, V0_9);
            Object value = type.getMethod("decode", WireReader.class).invoke(null, r);
            r.expectEnd(type.getSimpleName());
            return value;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] encode(Object record) {
        WireWriter w = new WireWriter(64, V0_9);
        GoldenFixturesTest.encode(record, w);
        return w.toByteArray();
    }
}
