package io.github.iggycompat.iggy.internal.codec;

/**
 * Random UUIDv4s as the u128 the 0.9 protocol carries: the UUID's 16 bytes are the u128's little-endian bytes (the
 * official clients' {@code Uuid::new_v4().to_u128_le()}), so byte 6 holds the version nibble 4 and byte 8 the RFC
 * 4122 variant bits 10.
 */
public final class Uuids {
    private static final int VERSION_SHIFT = 48;  // byte 6 of the low u64

    private Uuids() {}

    /** The low u64 (bytes 0..7) from 64 random bits: byte 6 = 0x4_. */
    public static long v4Low(long random) {
        long version = ((random >>> VERSION_SHIFT) & 0x0FL) | 0x40L;
        return (random & ~(0xFFL << VERSION_SHIFT)) | (version << VERSION_SHIFT);
    }

    /** The high u64 (bytes 8..15) from 64 random bits: byte 8 = 0b10xx_xxxx. */
    public static long v4High(long random) {
        return (random & ~0xFFL) | (random & 0x3FL) | 0x80L;
    }
}
