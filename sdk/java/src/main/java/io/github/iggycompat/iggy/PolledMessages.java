package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.Layout;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.AbstractList;
import java.util.List;

/**
 * The answer to a poll: the partition read, its current offset and the messages. The messages are views into the
 * one receive buffer: walking them reads the 64-byte headers in place; payloads are copied only when asked for.
 */
public final class PolledMessages {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long partitionId;
    private final long currentOffset;
    private final byte[] buf;
    private final int[] frameStarts;

    private PolledMessages(long partitionId, long currentOffset, byte[] buf, int[] frameStarts) {
        this.partitionId = partitionId;
        this.currentOffset = currentOffset;
        this.buf = buf;
        this.frameStarts = frameStarts;
    }

    /** Walks the frames of a PollMessages body once, checking every length and reserved field. */
    static PolledMessages parse(byte[] body) {
        WireReader r = new WireReader(body);
        long partitionId = r.u32();
        long currentOffset = r.u64();
        long count = r.u32();
        int n = r.count(count, Layout.HEADER_SIZE);
        int[] starts = new int[n];
        int pos = r.position();
        int found = 0;
        while (pos < body.length) {
            if (body.length - pos < Layout.HEADER_SIZE || found == n) {
                throw WireReader.malformed("poll body: " + (body.length - pos) + " bytes after " + found
                        + " of " + n + " messages");
            }
            long headers = Integer.toUnsignedLong((int) U32.get(body, pos + Layout.HEADER_USER_HEADERS_LENGTH_OFFSET));
            long payload = Integer.toUnsignedLong((int) U32.get(body, pos + Layout.HEADER_PAYLOAD_LENGTH_OFFSET));
            if ((long) U64.get(body, pos + Layout.HEADER_RESERVED_OFFSET) != 0) {
                throw IggyException.of(ErrorCode.INVALID_RESERVED_FIELD.code(),
                        "polled message with a non-zero reserved field");
            }
            long end = (long) pos + Layout.HEADER_SIZE + payload + headers;
            if (end > body.length) {
                throw WireReader.malformed("message frame at " + pos + " runs past the body");
            }
            starts[found++] = pos;
            pos = (int) end;
        }
        if (found != n) {
            throw WireReader.malformed("poll body holds " + found + " messages, its count says " + n);
        }
        return new PolledMessages(partitionId, currentOffset, body, starts);
    }

    public long partitionId() {
        return partitionId;
    }

    /** The partition's last offset. */
    public long currentOffset() {
        return currentOffset;
    }

    public int count() {
        return frameStarts.length;
    }

    /** The messages, in offset order (views into the receive buffer; element objects made on access). */
    public List<PolledMessage> messages() {
        return new AbstractList<>() {
            @Override
            public PolledMessage get(int index) {
                return new PolledMessage(buf, frameStarts[index]);
            }

            @Override
            public int size() {
                return frameStarts.length;
            }
        };
    }
}
