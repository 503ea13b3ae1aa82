package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.iggycompat.iggy.ProtocolVersion;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hashes against the reference implementation: vectors from Python's {@code xxhash} (xxh3_64_intdigest,
 * xxh32_intdigest with seed 0) over {@code byte[i] = i * 31 + 7}, one length per branch of XXH3 (0, 1-3, 4-8,
 * 9-16, 17-128, 129-240, and the long path with a partial and a full block), and the checksums the official 0.9
 * client computed in a captured SendMessages (every frame's and the batch's).
 */
class XxHashTest {
    private static final long[][] VECTORS = {
            {0, 0x2d06800538d394c2L, 46947589L},
            {1, 0x4c5cca45d0f4811fL, 3018034L},
            {3, 0x15f7093b173d005cL, 2896262016L},
            {4, 0xdca012f95811b6b9L, 121612930L},
            {8, 0xdec6a9a43575982eL, 3112778860L},
            {9, 0xcbe393399f17ffbdL, 4016581187L},
            {16, 0x7e484c18d74895d0L, 1064080997L},
            {17, 0x208bde5ee2bed407L, 3762875611L},
            {64, 0xdd30702ab46b3745L, 4071069690L},
            {96, 0xd245cd2541582982L, 3584317250L},
            {128, 0xf92b70eaa21a6288L, 200901220L},
            {129, 0xf8f76713f2bb60faL, 4073783329L},
            {200, 0x12fdb864685f344dL, 3204623896L},
            {240, 0xccc7375172c41f03L, 1810090635L},
            {241, 0xb3b630948ce4a00L, 2350121632L},
            {1024, 0x23bc880ebf0d29c6L, 3939683900L},
            {1025, 0xc09fdfbc398c7d82L, 3732763765L},
            {5000, 0x559fff92c2b7f8eeL, 51389229L},
    };

    @Test
    void matchesTheReferenceImplementation() {
        for (long[] v : VECTORS) {
            int n = (int) v[0];
            byte[] data = new byte[n + 3];
            for (int i = 0; i < n; i++) {
                data[i + 3] = (byte) (i * 31 + 7);
            }
            assertEquals(v[1], XxHash.xxh3(data, 3, n), "xxh3 of " + n + " bytes");
            assertEquals(v[2], XxHash.xxh32(data, 3, n, 0), "xxh32 of " + n + " bytes");
        }
    }

    @Test
    void reproducesTheOfficialClientsBatchChecksums() throws Exception {
        Map<String, Object> fixture = GoldenFixturesTest.read(
                Path.of("../../protocol-spec/fixtures/v0_9/messages/send_messages_request.json"));
        byte[] frame = HexFormat.of().parseHex((String) fixture.get("hex"));
        WireReader r = new WireReader(frame, Layout.REQUEST_HEADER_SIZE, frame.length - Layout.REQUEST_HEADER_SIZE,
                ProtocolVersion.V0_9);
        Requests.SendMessages send = Requests.SendMessages.decode(r);
        int at = frame.length - (int) send.batch().frames().stream()
                .mapToLong(f -> Layout.FRAME_HEADER_SIZE + f.payload().length + f.userHeaders().length).sum();
        byte[] sealed = new byte[Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET + 4 + 8 * send.batch().frames().size()];
        int batchAt = at - Layout.BATCH_HEADER_SIZE;
        System.arraycopy(frame, batchAt, sealed, 0, Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET);
        System.arraycopy(frame, batchAt + Layout.BATCH_HEADER_MESSAGE_COUNT_OFFSET, sealed,
                Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET, 4);
        int i = 0;
        for (io.github.iggycompat.iggy.model.Primitives.Frame f : send.batch().frames()) {
            int end = at + Layout.FRAME_HEADER_SIZE + f.payload().length + f.userHeaders().length;
            assertEquals(f.checksum(), XxHash.xxh3(frame, at + 8, end - at - 8), "frame " + i + " checksum");
            System.arraycopy(frame, at, sealed, Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET + 4 + 8 * i, 8);
            at = end;
            i++;
        }
        assertEquals(send.batch().batchChecksum(), XxHash.xxh3(sealed, 0, sealed.length), "batch checksum");
    }
}
