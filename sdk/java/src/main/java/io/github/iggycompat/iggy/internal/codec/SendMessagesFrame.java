package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.Message;
import java.math.BigInteger;
import java.util.List;

/**
 * The SendMessages hot path: one request frame laid out in a single pass (metadata, index table, message frames),
 * sized up front so the payloads are copied exactly once, into the frame the socket writes. The generated
 * {@code Requests.SendMessages} encodes the same bytes from records; a unit test holds the two equal.
 */
public final class SendMessagesFrame {
    private static final BigInteger U64_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private SendMessagesFrame() {}

    /** The whole request frame ({@code length | code | payload}); {@code originTimestampUs} is stamped on every
     * message. */
    public static WireWriter encode(Identifier streamId, Identifier topicId, int partitioningKind,
                                    byte[] partitioningValue, List<Message> messages, long originTimestampUs) {
        return encode(null, streamId, topicId, partitioningKind, partitioningValue, messages, originTimestampUs);
    }

    /** As above, into {@code reuse} (emptied first) when given, so a client can keep one frame buffer. */
    public static WireWriter encode(WireWriter reuse, Identifier streamId, Identifier topicId, int partitioningKind,
                                    byte[] partitioningValue, List<Message> messages, long originTimestampUs) {
        long frames = 0;
        for (Message m : messages) {
            frames += m.frameSize();
        }
        long total = 256L + (long) Layout.INDEX_SIZE * messages.size() + frames;
        if (total > Integer.MAX_VALUE - 16) {
            throw WireReader.malformed("a SendMessages batch must stay below 2 GiB, this one is " + total);
        }
        WireWriter w = reuse != null ? reuse : new WireWriter((int) total);
        w.reset((int) total);
        int lengthAt = w.reserveU32();
        w.u32(Codes.Command.SEND_MESSAGES);
        int metadataAt = w.reserveU32();
        w.identifier(streamId);
        w.identifier(topicId);
        w.u8(partitioningKind);
        w.u8Length(partitioningValue.length);
        w.bytes(partitioningValue);
        w.u32(messages.size());
        w.patchSpan(metadataAt);
        int indexAt = w.position();
        w.zeros(Layout.INDEX_SIZE * messages.size());
        int framesStart = w.position();
        int i = 0;
        for (Message m : messages) {
            int at = w.position();
            w.zeros(Layout.HEADER_SIZE);
            BigInteger id = m.id();
            if (id.signum() != 0) {
                w.putU64At(at + Layout.HEADER_ID_OFFSET, id.and(U64_MASK).longValue());
                w.putU64At(at + Layout.HEADER_ID_OFFSET + 8, id.shiftRight(64).longValue());
            }
            w.putU64At(at + Layout.HEADER_ORIGIN_TIMESTAMP_OFFSET, originTimestampUs);
            byte[] headers = m.encodedHeaders();
            w.putU32At(at + Layout.HEADER_USER_HEADERS_LENGTH_OFFSET, headers.length);
            w.putU32At(at + Layout.HEADER_PAYLOAD_LENGTH_OFFSET, m.payload().length);
            w.bytes(m.payload());
            w.bytes(headers);
            w.putU32At(indexAt + i++ * Layout.INDEX_SIZE + Layout.INDEX_POSITION_OFFSET, w.position() - framesStart);
        }
        w.patchSpan(lengthAt);
        return w;
    }
}
