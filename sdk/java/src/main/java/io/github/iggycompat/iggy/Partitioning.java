package io.github.iggycompat.iggy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** How SendMessages picks the partition: balanced (round robin), a partition id, or a message key's hash. */
public final class Partitioning {
    private final int kind;
    private final byte[] value;

    private Partitioning(int kind, byte[] value) {
        this.kind = kind;
        this.value = value;
    }

    public static Partitioning balanced() {
        return new Partitioning(Codes.PartitioningKind.BALANCED, new byte[0]);
    }

    public static Partitioning partitionId(long partitionId) {
        if (partitionId < 0 || partitionId > Codes.Constants.U32_MAX) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "partition id out of u32 range");
        }
        byte[] le = {(byte) partitionId, (byte) (partitionId >>> 8), (byte) (partitionId >>> 16),
                (byte) (partitionId >>> 24)};
        return new Partitioning(Codes.PartitioningKind.PARTITION_ID, le);
    }

    /** Messages with the same key land on the same partition; 1..255 bytes. */
    public static Partitioning messagesKey(byte[] key) {
        if (key.length == 0 || key.length > 255) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "a message key needs 1..255 bytes");
        }
        return new Partitioning(Codes.PartitioningKind.MESSAGES_KEY, key.clone());
    }

    public static Partitioning messagesKey(String key) {
        return messagesKey(key.getBytes(StandardCharsets.UTF_8));
    }

    public int kind() {
        return kind;
    }

    /** The value bytes (empty, u32 LE partition id, or the key); a copy. */
    public byte[] value() {
        return value.clone();
    }

    byte[] valueRef() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Partitioning that && kind == that.kind && Arrays.equals(value, that.value);
    }

    @Override
    public int hashCode() {
        return 31 * kind + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "Partitioning(kind=" + kind + ", " + value.length + " bytes)";
    }
}
