package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.Layout;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * The answer to a poll: the partition read, its current offset and the messages. The messages are views into the
 * one receive buffer: walking them reads the headers in place (0.8: 64-byte message headers; 0.9: batches of
 * 48-byte frame headers under a 256-byte batch header); payloads are copied only when asked for.
 */
public final class PolledMessages {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long partitionId;
    private final long currentOffset;
    private final byte[] buf;
    private final int[] frameStarts;
    private final int[] recordStarts;  // 0.9: where each message's batch header starts; null for 0.8

    private PolledMessages(long partitionId, long currentOffset, byte[] buf, int[] frameStarts, int[] recordStarts) {
        this.partitionId = partitionId;
        this.currentOffset = currentOffset;
        this.buf = buf;
        this.frameStarts = frameStarts;
        this.recordStarts = recordStarts;
    }

    /** A PollMessages body in the protocol version it was read in. */
    static PolledMessages parse(byte[] body, ProtocolVersion version) {
        return version.atLeast(ProtocolVersion.V0_9) ? parseBatches(body) : parse(body);
    }

    /**
     * A 0.9 body: the 16-byte prefix, then batches until the body ends, each checked as the official client checks
     * it (batch header reserved bytes zero, frames filling batch_length exactly, frame reserved bytes zero) and
     * holding message_count frames. Like the official client it reads until the body ends, not by the prefix's
     * count.
     */
    static PolledMessages parseBatches(byte[] body) {
        WireReader r = new WireReader(body);
        long partitionId = r.u32();
        long currentOffset = r.u64();
        r.u32();  // messages_count: informative
        int pos = r.position();
        // Every frame takes at least its header: bounds the arrays by the bytes present.
        int most = (body.length - pos) / Layout.FRAME_HEADER_SIZE;
        int[] starts = new int[Math.min(most, 1024)];
        int[] records = new int[starts.length];
        int found = 0;
        while (pos < body.length) {
            if (body.length - pos < Layout.BATCH_HEADER_SIZE) {
                throw WireReader.malformed("poll body: " + (body.length - pos) + " bytes where a batch header starts");
            }
            for (int at = pos + Layout.BATCH_HEADER_RESERVED_OFFSET; at < pos + Layout.BATCH_HEADER_SIZE; at++) {
                if (body[at] != 0) {
                    throw WireReader.malformed("polled batch header with non-zero reserved bytes");
                }
            }
            long batchLength = (long) U64.get(body, pos + Layout.BATCH_HEADER_BATCH_LENGTH_OFFSET);
            long messageCount = Integer.toUnsignedLong((int) U32.get(body,
                    pos + Layout.BATCH_HEADER_MESSAGE_COUNT_OFFSET));
            if (batchLength < Layout.BATCH_HEADER_SIZE || batchLength > body.length - pos) {
                throw WireReader.malformed("polled batch of " + batchLength + " bytes, " + (body.length - pos)
                        + " left");
            }
            int end = pos + (int) batchLength;
            int frame = pos + Layout.BATCH_HEADER_SIZE;
            long frames = 0;
            while (frame < end) {
                if (end - frame < Layout.FRAME_HEADER_SIZE) {
                    throw WireReader.malformed("polled batch: a frame header runs past the batch");
                }
                if ((long) U64.get(body, frame + Layout.FRAME_HEADER_RESERVED_OFFSET) != 0) {
                    throw IggyException.of(ErrorCode.INVALID_RESERVED_FIELD.code(),
                            "polled message with a non-zero reserved field");
                }
                long headers = Integer.toUnsignedLong((int) U32.get(body,
                        frame + Layout.FRAME_HEADER_USER_HEADERS_LENGTH_OFFSET));
                long payload = Integer.toUnsignedLong((int) U32.get(body,
                        frame + Layout.FRAME_HEADER_PAYLOAD_LENGTH_OFFSET));
                long next = (long) frame + Layout.FRAME_HEADER_SIZE + payload + headers;
                if (next > end) {
                    throw WireReader.malformed("message frame at " + frame + " runs past its batch");
                }
                if (found == starts.length) {
                    starts = Arrays.copyOf(starts, Math.min(most, starts.length * 2));
                    records = Arrays.copyOf(records, starts.length);
                }
                starts[found] = frame;
                records[found++] = pos;
                frames++;
                frame = (int) next;
            }
            if (frames != messageCount) {
                throw WireReader.malformed("polled batch holds " + frames + " messages, its count says "
                        + messageCount);
            }
            pos = end;
        }
        return new PolledMessages(partitionId, currentOffset, body, Arrays.copyOf(starts, found),
                Arrays.copyOf(records, found));
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
        return new PolledMessages(partitionId, currentOffset, body, starts, null);
    }

    /** The partition read (0.9 group polls: {@code Codes.Constants.RESYNC_PARTITION_ID} when fenced). */
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
                return new PolledMessage(buf, frameStarts[index], recordStarts != null ? recordStarts[index] : -1);
            }

            @Override
            public int size() {
                return frameStarts.length;
            }
        };
    }
}
