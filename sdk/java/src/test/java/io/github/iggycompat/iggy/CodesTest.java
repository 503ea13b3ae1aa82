package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The generated tables must agree with each other and with the fixed layouts they describe. */
class CodesTest {
    private static final Path SPEC = Path.of("../../protocol-spec/spec");

    /** How many {@code [[table]]} entries a spec file declares (the spec, not this test, says how many exist). */
    static long specEntries(String file, String table) throws IOException {
        return Files.readAllLines(SPEC.resolve(file)).stream()
                .filter(l -> l.strip().equals("[[" + table + "]]")).count();
    }

    @Test
    void commandCodesAreUniqueAndAscending() throws IOException {
        List<Integer> all = Codes.Command.ALL;
        assertEquals(specEntries("commands.toml", "command"), all.size());
        for (int i = 1; i < all.size(); i++) {
            assertTrue(all.get(i - 1) < all.get(i), "not ascending at " + all.get(i));
        }
    }

    @Test
    void onlyPingAndLoginsSkipAuthentication() {
        assertEquals(
                Set.of(Codes.Command.PING, Codes.Command.LOGIN_USER, Codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN),
                Codes.Command.UNAUTHENTICATED);
    }

    @Test
    void errorMessagesCoverEveryCodeButNotOk() throws IOException {
        assertEquals(specEntries("errors.toml", "error"), Codes.ERROR_MESSAGES.size());
        assertEquals(Codes.ERROR_MESSAGES.size(), ErrorCode.values().length);
        assertTrue(Codes.ERROR_MESSAGES.containsKey(Codes.ErrorCode.STREAM_ID_NOT_FOUND));
        assertFalse(Codes.ERROR_MESSAGES.containsKey(0));
    }

    @Test
    void sizesAndSentinelsMatchTheLayouts() {
        assertEquals(8 + 16 + 8 + 8 + 8 + 4 + 4 + 8, Codes.Constants.MESSAGE_HEADER_SIZE);
        assertEquals(4 + 8 + 4, Codes.Constants.POLL_RESPONSE_PREFIX_SIZE);
        assertEquals(-1L, Codes.Constants.U64_MAX, "u64::MAX has all bits set");
        assertEquals(4294967295L, Codes.Constants.U32_MAX);
        assertEquals(1, Codes.IdKind.NUMERIC);
    }
}
