package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.model.Structs;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays protocol-spec/fixtures/malformed_payloads.json (see protocol-spec/README.md "Malformed payloads"):
 * a request cut before a presence flag, with a flag byte other than 0/1 or with a mis-sized permissions_len does not
 * decode, and a Stats extension
 * area that does not parse is ignored.
 */
class MalformedPayloadsTest {
    static final Path FIXTURES = GoldenFixturesTest.FIXTURES;

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> vectors(String key) throws IOException {
        Map<String, Object> all = GoldenFixturesTest.read(FIXTURES.resolve("malformed_payloads.json"));
        List<Map<String, Object>> cases = (List<Map<String, Object>>) all.get(key);
        assertFalse(cases.isEmpty(), key + " is empty");
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> rejectedRequests() throws IOException {
        return vectors("rejected_requests").stream().map(c -> DynamicTest.dynamicTest((String) c.get("name"), () -> {
            int code = ((BigInteger) c.get("code")).intValueExact();
            byte[] payload = HexFormat.of().parseHex((String) c.get("payload_hex"));
            CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
            IggyException e = assertThrows(IggyException.class,
                    () -> entry.requestDecoder().apply(new WireReader(payload)));
            if (c.containsKey("bad_flag")) {
                assertEquals(((BigInteger) c.get("error_code")).intValueExact(), e.code());
            }
        }));
    }

    /** A flag byte of 2 is the vector's only fault: set to 0, the same payload is a complete, valid request. */
    @TestFactory
    Stream<DynamicTest> badFlagVectorsDecodeWithFlagZero() throws IOException {
        return vectors("rejected_requests").stream().filter(c -> c.containsKey("bad_flag"))
                .map(c -> DynamicTest.dynamicTest((String) c.get("name"), () -> {
                    byte[] payload = HexFormat.of().parseHex((String) c.get("payload_hex"));
                    payload[((BigInteger) c.get("flag_at")).intValueExact()] = 0;
                    WireReader r = new WireReader(payload);
                    CommandTable.BY_CODE.get(((BigInteger) c.get("code")).intValueExact()).requestDecoder().apply(r);
                    assertEquals(0, r.remaining(), "bytes left after decoding");
                }));
    }

    /**
     * Every strict prefix of every captured request fails to decode: no field of any command, trailing presence
     * flags included, reads a missing byte as "absent" (SendMessages too: its messages_count announces every frame).
     */
    @TestFactory
    Stream<DynamicTest> everyPrefixOfARequestFixture() throws IOException {
        return GoldenFixturesTest.frameFixtures().stream()
                .map(path -> DynamicTest.dynamicTest(FIXTURES.relativize(path).toString(), () -> {
                    Map<String, Object> fixture = GoldenFixturesTest.read(path);
                    if (!"request".equals(fixture.get("direction"))) {
                        return;
                    }
                    int code = ((BigInteger) fixture.get("code")).intValueExact();
                    CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
                    byte[] frame = HexFormat.of().parseHex((String) fixture.get("hex"));
                    int trailing = fixture.containsKey("ignored_trailing_hex")
                            ? ((String) fixture.get("ignored_trailing_hex")).length() / 2 : 0;
                    byte[] payload = Arrays.copyOfRange(frame, 8, frame.length - trailing);
                    for (int cut = 0; cut < payload.length; cut++) {
                        byte[] prefix = Arrays.copyOf(payload, cut);
                        int at = cut;
                        assertThrows(IggyException.class, () -> entry.requestDecoder().apply(new WireReader(prefix)),
                                "the first " + at + " of " + payload.length + " bytes decode");
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> toleratedStats() throws IOException {
        return vectors("tolerated_responses").stream().map(c -> DynamicTest.dynamicTest((String) c.get("name"), () -> {
            Map<String, Object> base = GoldenFixturesTest.read(FIXTURES.resolve((String) c.get("base_fixture")));
            byte[] frame = HexFormat.of().parseHex((String) base.get("hex"));
            byte[] appended = HexFormat.of().parseHex((String) c.get("appended_hex"));
            byte[] body = Arrays.copyOf(Arrays.copyOfRange(frame, 8, frame.length), frame.length - 8 + appended.length);
            System.arraycopy(appended, 0, body, frame.length - 8, appended.length);
            Structs.Stats stats = Structs.Stats.decode(new WireReader(body));
            List<String> got = new ArrayList<>();
            for (Structs.StatsExtension e : stats.extensions()) {
                got.add(e.tag() + ":" + Base64.getEncoder().encodeToString(e.body()));
            }
            List<String> want = new ArrayList<>();
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> expected = (List<Map<String, Object>>) c.get("extensions");
            for (Map<String, Object> e : expected) {
                want.add(e.get("tag") + ":" + e.get("body"));
            }
            assertEquals(want, got);
        }));
    }
}
