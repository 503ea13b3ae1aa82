package io.github.iggycompat.iggy.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.HeaderValue;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.Message;
import io.github.iggycompat.iggy.model.Primitives;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-written send hot path lays out exactly the bytes the generated SendMessages record encodes. */
class SendMessagesFrameTest {
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
                new Primitives.Partitioning(Codes.PartitioningKind.MESSAGES_KEY, key), records).encode(generated);
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
