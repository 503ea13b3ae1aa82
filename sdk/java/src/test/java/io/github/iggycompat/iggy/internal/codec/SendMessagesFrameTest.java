package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.HeaderValue;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.Message;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.model.Primitives;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-written send hot paths lay out exactly the bytes the generated SendMessages record encodes. */
class SendMessagesFrameTest {
    /**
     * 0.9: the batch frame decodes with the generated codec, its checksums are what XXH3 says of its bytes, ids
     * the caller gave are kept and id 0 becomes a UUIDv4, and the generated encoder writes the same bytes back.
     */
    @Test
    void batchFrameEqualsTheGeneratedEncodingWithValidChecksums() {
        BigInteger given = new BigInteger("340282366920938463463374607431768211455");
        List<Message> messages = List.of(Message.of("first"),
                Message.of("second".getBytes(StandardCharsets.UTF_8), given,
                        Map.of("k", HeaderValue.string("v"), "n", HeaderValue.integer(Codes.HeaderKind.INT16, -2))),
                Message.of(new byte[300]));
        long originUs = 1_795_303_264_536L;
        WireWriter hot = SendBatchFrame.encode(null, Identifier.named("s"), Identifier.of(7), 2, messages, originUs);
        byte[] frame = Arrays.copyOf(hot.array(), hot.position());
        WireReader r = new WireReader(frame, Layout.REQUEST_HEADER_SIZE, frame.length - Layout.REQUEST_HEADER_SIZE,
                ProtocolVersion.V0_9);
        Requests.SendMessages send = Requests.SendMessages.decode(r);
        r.expectEnd("SendMessages");
        assertEquals(Codes.PartitioningKind.PARTITION_ID, send.partitioning().kind());
        assertArrayEquals(new byte[] {2, 0, 0, 0}, send.partitioning().value());
        Primitives.MessageBatch batch = send.batch();
        assertEquals(originUs, batch.originTimestamp());
        assertEquals(3, batch.frames().size());
        assertEquals(given, batch.frames().get(1).id());
        for (int i : new int[] {0, 2}) {
            BigInteger id = batch.frames().get(i).id();
            assertNotEquals(BigInteger.ZERO, id);
            assertEquals(4, id.shiftRight(52).intValue() & 0xF, "UUID version nibble (byte 6)");
            assertEquals(2, id.shiftRight(70).intValue() & 0x3, "UUID variant bits (byte 8)");
        }
        // Recompute every checksum from the bytes the generated encoder writes for the decoded record.
        WireWriter generated = new WireWriter(64, ProtocolVersion.V0_9);
        generated.zeros(Layout.REQUEST_HEADER_SIZE);
        send.encode(generated);
        byte[] bytes = generated.toByteArray();
        assertArrayEquals(frame, bytes);
        int batchAt = bytes.length - (int) (Layout.BATCH_HEADER_SIZE + batch.frames().stream()
                .mapToLong(f -> Layout.FRAME_HEADER_SIZE + f.payload().length + f.userHeaders().length).sum());
        byte[] sealed = new byte[Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET + 4 + 8 * 3];
        System.arraycopy(bytes, batchAt, sealed, 0, Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET);
        System.arraycopy(bytes, batchAt + Layout.BATCH_HEADER_MESSAGE_COUNT_OFFSET, sealed,
                Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET, 4);
        int at = batchAt + Layout.BATCH_HEADER_SIZE;
        for (int i = 0; i < 3; i++) {
            Primitives.Frame f = batch.frames().get(i);
            int end = at + Layout.FRAME_HEADER_SIZE + f.payload().length + f.userHeaders().length;
            assertEquals(XxHash.xxh3(bytes, at + 8, end - at - 8), f.checksum(), "frame " + i);
            assertEquals(i, f.offsetDelta());
            System.arraycopy(bytes, at, sealed, Layout.BATCH_HEADER_BATCH_CHECKSUM_OFFSET + 4 + 8 * i, 8);
            at = end;
        }
        assertEquals(XxHash.xxh3(sealed, 0, sealed.length), batch.batchChecksum(), "batch checksum");

        // A reused frame buffer, dirty from a larger batch, lays out the same bytes (ids given: deterministic).
        List<Message> fixed = List.of(Message.of(new byte[] {1}).withId(BigInteger.TEN), messages.get(1));
        byte[] fresh = Arrays.copyOf(SendBatchFrame.encode(null, Identifier.of(1), Identifier.of(2), 0, fixed, 5)
                .array(), SendBatchFrame.encode(null, Identifier.of(1), Identifier.of(2), 0, fixed, 5).position());
        WireWriter reused = SendBatchFrame.encode(null, Identifier.of(1), Identifier.of(2), 0,
                List.of(Message.of(new byte[5000])), 1);
        SendBatchFrame.encode(reused, Identifier.of(1), Identifier.of(2), 0, fixed, 5);
        assertArrayEquals(fresh, Arrays.copyOf(reused.array(), reused.position()));
    }

    @Test
    void hotPathFrameEqualsTheGeneratedEncoding() {
        List<Message> messages = List.of(
                Message.of("first"),
                Message.of("second".getBytes(StandardCharsets.UTF_8),
                        new BigInteger("340282366920938463463374607431768211455"),
                        Map.of("k", HeaderValue.string("v"), "n", HeaderValue.integer(Codes.HeaderKind.INT16, -2))));
        byte[] key = "key".getBytes(StandardCharsets.UTF_8);
        long originUs = 1_795_303_264_536L;
        WireWriter hot = SendMessagesFrame.encode(Identifier.named("s"), Identifier.of(7),
                Codes.PartitioningKind.MESSAGES_KEY, key, messages, originUs);

        List<Primitives.Message> records = new ArrayList<>();
        for (Message m : messages) {
            records.add(new Primitives.Message(0, m.id(), 0, 0, originUs, m.payload(), m.encodedHeaders()));
        }
        WireWriter generated = new WireWriter();
        int lengthAt = generated.reserveU32();
        generated.u32(Codes.Command.SEND_MESSAGES);
        new Requests.SendMessages(Identifier.named("s"), Identifier.of(7),
                new Primitives.Partitioning(Codes.PartitioningKind.MESSAGES_KEY, key), records, null).encode(generated);
        generated.patchSpan(lengthAt);
        assertArrayEquals(generated.toByteArray(), Arrays.copyOf(hot.array(), hot.position()));

        // A reused frame buffer, dirty from a larger batch, lays out the same bytes.
        WireWriter reused = SendMessagesFrame.encode(Identifier.of(1), Identifier.of(2),
                Codes.PartitioningKind.BALANCED, new byte[0], List.of(Message.of(new byte[5000])), 1);
        SendMessagesFrame.encode(reused, Identifier.named("s"), Identifier.of(7), Codes.PartitioningKind.MESSAGES_KEY,
                key, messages, originUs);
        assertArrayEquals(generated.toByteArray(), Arrays.copyOf(reused.array(), reused.position()));
    }
}
