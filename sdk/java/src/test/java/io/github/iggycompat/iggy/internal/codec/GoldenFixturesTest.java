package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.testing.Fields;
import io.github.iggycompat.iggy.testing.Json;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
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
 * Replays every fixture under protocol-spec/fixtures through the generated codec: requests decode to exactly
 * their {@code fields} and encode from them to exactly the captured payload; responses decode to exactly
 * {@code fields} and re-encode to the captured body.
 */
class GoldenFixturesTest {
    static final Path FIXTURES = Path.of("../../protocol-spec/fixtures");

    static List<Path> frameFixtures() throws IOException {
        assertTrue(Files.isDirectory(FIXTURES), "fixtures not found at " + FIXTURES.toAbsolutePath());
        try (Stream<Path> files = Files.walk(FIXTURES)) {
            // Frames live in one folder per command group; top-level files (connection strings) are not frames.
            return files.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .filter(p -> !p.getParent().equals(FIXTURES))
                    .sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFixture() throws IOException {
        return frameFixtures().stream().map(path -> DynamicTest.dynamicTest(
                FIXTURES.relativize(path).toString(), () -> replay(path)));
    }

    @Test
    void everyCommandHasARequestAndAResponseFixture() throws IOException {
        Set<String> seen = new HashSet<>();
        for (Path path : frameFixtures()) {
            Map<String, Object> fixture = read(path);
            seen.add(fixture.get("code") + "/" + fixture.get("direction"));
        }
        for (CommandTable.Entry entry : CommandTable.ALL) {
            assertTrue(seen.contains(entry.code() + "/request"), entry.name() + " has no request fixture");
            assertTrue(seen.contains(entry.code() + "/response"), entry.name() + " has no response fixture");
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(Path path) throws IOException {
        return (Map<String, Object>) Json.parse(Files.readString(path));
    }

    static void replay(Path path) throws IOException {
        Map<String, Object> fixture = read(path);
        int code = ((BigInteger) fixture.get("code")).intValueExact();
        CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
        assertTrue(entry != null, "unknown command code " + code);
        byte[] frame = HexFormat.of().parseHex((String) fixture.get("hex"));
        Object fields = fixture.get("fields");
        assertTrue(fixture.containsKey("fields"), "fixture has no fields");
        WireReader header = new WireReader(frame, 0, 8);
        if ("request".equals(fixture.get("direction"))) {
            assertEquals(frame.length - 4, header.u32(), "request length field");
            assertEquals(code, header.u32(), "request code field");
            int trailing = fixture.containsKey("ignored_trailing_hex")
                    ? ((String) fixture.get("ignored_trailing_hex")).length() / 2 : 0;
            byte[] payload = Arrays.copyOfRange(frame, 8, frame.length - trailing);
            WireReader r = new WireReader(payload);
            Object decoded = entry.requestDecoder().apply(r);
            r.expectEnd(entry.name());
            assertSameFields(fields, Fields.toFields(decoded));
            Requests.Request built = (Requests.Request) Fields.fromFields(entry.requestType(), fields);
            WireWriter w = new WireWriter();
            built.encode(w);
            assertArrayEquals(payload, w.toByteArray(), "encode(fields) differs from the captured payload");
            assertEquals(code, built.code());
            return;
        }
        long status = header.u32();
        long length = header.u32();
        byte[] body = Arrays.copyOfRange(frame, 8, frame.length);
        assertEquals(body.length, length, "response length field");
        if (status != 0 || entry.responseType() == Void.class || (body.length == 0 && entry.emptyWhenMissing())) {
            assertNull(fields);
            assertEquals(0, body.length);
            return;
        }
        WireReader r = new WireReader(body);
        Object decoded = entry.responseDecoder().apply(r);
        r.expectEnd(entry.name());
        assertSameFields(fields, Fields.toFields(decoded));
        Type type = entry.responseList() ? listOf(entry.responseType()) : entry.responseType();
        Object built = Fields.fromFields(type, fields);
        WireWriter w = new WireWriter();
        if (built instanceof List<?> list) {
            for (Object item : list) {
                encode(item, w);
            }
        } else {
            encode(built, w);
        }
        assertArrayEquals(body, w.toByteArray(), "encode(fields) differs from the captured body");
    }

    private static void encode(Object record, WireWriter w) {
        try {
            record.getClass().getMethod("encode", WireWriter.class).invoke(record, w);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertSameFields(Object expected, Object actual) {
        assertTrue(Fields.same(expected, actual), "decoded fields differ:\n expected " + Json.write(expected)
                + "\n actual   " + Json.write(actual));
    }

    private static Type listOf(Class<?> element) {
        return new ParameterizedType() {
            public Type[] getActualTypeArguments() {
                return new Type[] {element};
            }

            public Type getRawType() {
                return List.class;
            }

            public Type getOwnerType() {
                return null;
            }
        };
    }
}
