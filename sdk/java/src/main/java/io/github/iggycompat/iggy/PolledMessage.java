package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.Layout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Map;

/** One polled message: a view of its frame in the receive buffer; every accessor reads the header in place. */
public final class PolledMessage {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final int at;

    PolledMessage(byte[] buf, int at) {
        this.buf = buf;
        this.at = at;
    }

    private long u64(int offset) {
        return (long) U64.get(buf, at + offset);
    }

    private int u32(int offset) {
        return (int) U32.get(buf, at + offset);
    }

    public long offset() {
        return u64(Layout.HEADER_OFFSET_OFFSET);
    }

    /** XXH3-64 checksum the server stored. */
    public long checksum() {
        return u64(Layout.HEADER_CHECKSUM_OFFSET);
    }

    /** Server append time, µs since the epoch. */
    public long timestamp() {
        return u64(Layout.HEADER_TIMESTAMP_OFFSET);
    }

    /** Client clock at creation, µs since the epoch. */
    public long originTimestamp() {
        return u64(Layout.HEADER_ORIGIN_TIMESTAMP_OFFSET);
    }

    /** The u128 message id. */
    public BigInteger id() {
        byte[] be = new byte[Layout.HEADER_ID_SIZE + 1];
        for (int i = 0; i < Layout.HEADER_ID_SIZE; i++) {
            be[be.length - 1 - i] = buf[at + Layout.HEADER_ID_OFFSET + i];
        }
        return new BigInteger(be);
    }

    public int payloadLength() {
        return u32(Layout.HEADER_PAYLOAD_LENGTH_OFFSET);
    }

    private int headersLength() {
        return u32(Layout.HEADER_USER_HEADERS_LENGTH_OFFSET);
    }

    /** The payload (a copy). */
    public byte[] payload() {
        int start = at + Layout.HEADER_SIZE;
        return Arrays.copyOfRange(buf, start, start + payloadLength());
    }

    /** The payload without a copy: a read-only view into the receive buffer. */
    public ByteBuffer payloadBuffer() {
        return ByteBuffer.wrap(buf, at + Layout.HEADER_SIZE, payloadLength()).slice().asReadOnlyBuffer();
    }

    /** User headers by string key (empty when none). */
    public Map<String, HeaderValue> headers() {
        return UserHeaders.decode(buf, at + Layout.HEADER_SIZE + payloadLength(), headersLength());
    }

    @Override
    public String toString() {
        return "PolledMessage(offset=" + offset() + ", " + payloadLength() + " bytes)";
    }
}
