package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.Message;
import io.github.iggycompat.iggy.ProtocolVersion;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The Iggy 0.9 SendMessages hot path: one request frame laid out in a single pass (a 256-byte space for the
 * RequestHeader, which the session stamps, then metadata, the 256-byte batch header and the 48-byte-header frames),
 * sized up front so each payload is copied exactly once, into the frame the socket writes. Each frame's checksum
 * is XXH3-64 of its bytes 8..end; the batch checksum XXH3-64 of the batch header's bytes 0..40 and 48..52 followed
 * by every frame checksum (the producer's view: partition, base offset and base timestamp 0). Message id 0 becomes
 * a random UUIDv4, as the official 0.9 clients do. The generated {@code Requests.SendMessages} encodes the same
 * bytes from records; a unit test holds the two equal.
 */
public final class SendBatchFrame {
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final BigInteger U64_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final int PARTITION_ID_BYTES = 4;
    // The batch checksum covers the header up to its own field, then message_count.
    private static final int CHECKSUMMED_PREFIX = Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET;

    private SendBatchFrame() {}

    /**
     * The whole frame into {@code reuse} (emptied first) when given: header space, then the body for partition
     * {@code partitionId} (the client picks it; 0.9 sends partitioning kind PartitionId). {@code originTimestampUs}
     * is the batch's origin timestamp (every message's, deltas 0).
     */
    public static WireWriter encode(WireWriter reuse, Identifier streamId, Identifier topicId, long partitionId,
                                    List<Message> messages, long originTimestampUs) {
        int count = messages.size();
        if (count == 0) {
            throw WireReader.malformed("a batch needs at least one message");
        }
        long frames = 0;
        for (Message m : messages) {
            frames += Layout.FRAME_HEADER_SIZE + m.payload().length + m.encodedHeaders().length;
        }
        long total = Layout.REQUEST_HEADER_SIZE + 1024L + Layout.BATCH_HEADER_SIZE + frames;
        if (total > Codes.Constants.VSR_MAX_FRAME_BYTES) {
            throw WireReader.malformed("a 0.9 SendMessages frame must stay within "
                    + Codes.Constants.VSR_MAX_FRAME_BYTES + " bytes, this one is about " + total);
        }
        WireWriter w = reuse != null ? reuse : new WireWriter((int) total, ProtocolVersion.V0_9);
        w.reset((int) total);
        w.zeros(Layout.REQUEST_HEADER_SIZE);
        int metadataAt = w.reserveU32();
        w.identifier(streamId);
        w.identifier(topicId);
        w.u8(Codes.PartitioningKind.PARTITION_ID);
        w.u8(PARTITION_ID_BYTES);
        w.u32(partitionId);
        w.u32(count);
        w.patchSpan(metadataAt);
        int batchAt = w.position();
        w.zeros(Layout.BATCH_HEADER_SIZE);
        byte[] sealed = new byte[CHECKSUMMED_PREFIX + 4 + 8 * count];  // what the batch checksum covers
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int i = 0;
        for (Message m : messages) {
            int at = w.position();
            byte[] payload = m.payload();
            byte[] headers = m.encodedHeaders();
            w.zeros(Layout.FRAME_HEADER_SIZE);
            byte[] buf = w.array();
            BigInteger id = m.id();
            long low;
            long high;
            if (id.signum() != 0) {
                low = id.and(U64_MASK).longValue();
                high = id.shiftRight(64).longValue();
            } else {
                low = Uuids.v4Low(random.nextLong());
                high = Uuids.v4High(random.nextLong());
            }
            U64.set(buf, at + Layout.FRAME_HEADER_ID_OFFSET, low);
            U64.set(buf, at + Layout.FRAME_HEADER_ID_OFFSET + 8, high);
            w.putU32At(at + Layout.FRAME_HEADER_OFFSET_DELTA_OFFSET, i);
            w.putU32At(at + Layout.FRAME_HEADER_USER_HEADERS_LENGTH_OFFSET, headers.length);
            w.putU32At(at + Layout.FRAME_HEADER_PAYLOAD_LENGTH_OFFSET, payload.length);
            w.bytes(payload);
            w.bytes(headers);
            buf = w.array();
            int checksumAt = at + Layout.FRAME_HEADER_CHECKSUM_OFFSET;
            int covered = checksumAt + Layout.FRAME_HEADER_CHECKSUM_SIZE;
            long checksum = XxHash.xxh3(buf, covered, w.position() - covered);
            U64.set(buf, checksumAt, checksum);
            U64.set(sealed, CHECKSUMMED_PREFIX + 4 + 8 * i, checksum);
            i++;
        }
        byte[] buf = w.array();
        long batchLength = w.position() - batchAt;
        U64.set(buf, batchAt + Layout.BATCH_HEADER_ORIGIN_TIMESTAMP_OFFSET, originTimestampUs);
        U64.set(buf, batchAt + Layout.BATCH_HEADER_BATCH_LENGTH_OFFSET, batchLength);
        w.putU32At(batchAt + Layout.BATCH_HEADER_MESSAGE_COUNT_OFFSET, count);
        System.arraycopy(buf, batchAt, sealed, 0, CHECKSUMMED_PREFIX);
        System.arraycopy(buf, batchAt + Layout.BATCH_HEADER_MESSAGE_COUNT_OFFSET, sealed, CHECKSUMMED_PREFIX, 4);
        U64.set(buf, batchAt + Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET, XxHash.xxh3(sealed, 0, sealed.length));
        return w;
    }
}
