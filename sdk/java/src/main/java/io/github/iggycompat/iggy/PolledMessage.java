package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.Layout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Map;

/**
 * One polled message: a view of its frame in the receive buffer; every accessor reads the header in place. In 0.9
 * a message's frame header holds deltas from its batch header: offset = base_offset + offset_delta, the timestamp
 * is the batch's (0.9 stamps a batch, not a message), the origin timestamp the batch's plus the frame's delta.
 */
public final class PolledMessage {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final int at;
    private final int batch;  // 0.9: where the message's batch header starts; -1 for a 0.8 message

    PolledMessage(byte[] buf, int at, int batch) {
        this.buf = buf;
        this.at = at;
        this.batch = batch;
    }

    private long u64(int offset) {
        return (long) U64.get(buf, at + offset);
    }

    private int u32(int offset) {
        return (int) U32.get(buf, at + offset);
    }

    private long batchU64(int offset) {
        return (long) U64.get(buf, batch + offset);
    }

    public long offset() {
        if (batch >= 0) {
            return batchU64(Layout.BATCH_HEADER_BASE_OFFSET_OFFSET)
                    + Integer.toUnsignedLong(u32(Layout.FRAME_HEADER_OFFSET_DELTA_OFFSET));
        }
        return u64(Layout.HEADER_OFFSET_OFFSET);
    }

    /** XXH3-64 checksum the server stored. */
    public long checksum() {
        return u64(batch >= 0 ? Layout.FRAME_HEADER_CHECKSUM_OFFSET : Layout.HEADER_CHECKSUM_OFFSET);
    }

    /** Server append time, µs since the epoch (0.9: the batch's). */
    public long timestamp() {
        return batch >= 0 ? batchU64(Layout.BATCH_HEADER_BASE_TIMESTAMP_OFFSET) : u64(Layout.HEADER_TIMESTAMP_OFFSET);
    }

    /** Client clock at creation, µs since the epoch. */
    public long originTimestamp() {
        if (batch >= 0) {
            return batchU64(Layout.BATCH_HEADER_ORIGIN_TIMESTAMP_OFFSET)
                    + Integer.toUnsignedLong(u32(Layout.FRAME_HEADER_TIMESTAMP_DELTA_OFFSET));
        }
        return u64(Layout.HEADER_ORIGIN_TIMESTAMP_OFFSET);
    }

    /** The u128 message id. */
    public BigInteger id() {
        int idAt = at + (batch >= 0 ? Layout.FRAME_HEADER_ID_OFFSET : Layout.HEADER_ID_OFFSET);
        byte[] be = new byte[Layout.HEADER_ID_SIZE + 1];
        for (int i = 0; i < Layout.HEADER_ID_SIZE; i++) {
            be[be.length - 1 - i] = buf[idAt + i];
        }
        return new BigInteger(be);
    }

    public int payloadLength() {
        return u32(batch >= 0 ? Layout.FRAME_HEADER_PAYLOAD_LENGTH_OFFSET : Layout.HEADER_PAYLOAD_LENGTH_OFFSET);
    }

    private int headersLength() {
        return u32(batch >= 0 ? Layout.FRAME_HEADER_USER_HEADERS_LENGTH_OFFSET
                : Layout.HEADER_USER_HEADERS_LENGTH_OFFSET);
    }

    private int payloadAt() {
        return at + (batch >= 0 ? Layout.FRAME_HEADER_SIZE : Layout.HEADER_SIZE);
    }

    /** The payload (a copy). */
    public byte[] payload() {
        int start = payloadAt();
        return Arrays.copyOfRange(buf, start, start + payloadLength());
    }

    /** The payload without a copy: a read-only view into the receive buffer. */
    public ByteBuffer payloadBuffer() {
        return ByteBuffer.wrap(buf, payloadAt(), payloadLength()).slice().asReadOnlyBuffer();
    }

    /** User headers by string key (empty when none). */
    public Map<String, HeaderValue> headers() {
        return UserHeaders.decode(buf, payloadAt() + payloadLength(), headersLength());
    }

    @Override
    public String toString() {
        return "PolledMessage(offset=" + offset() + ", " + payloadLength() + " bytes)";
    }
}
