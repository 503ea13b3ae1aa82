package io.github.iggycompat.iggy.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XXH3-64 (seed 0, default secret) and XXH32, the two hashes the Iggy 0.9 protocol names: XXH3-64 for message,
 * batch and request checksums, XXH32 (seed 0) for the partition of a message key. The SDK depends on the JDK only,
 * so they are here, written from the xxHash specification (doc/xxhash_spec.md, v0.8) and held to the reference
 * implementation by XxHashTest (vectors from Python's {@code xxhash}, and every checksum of the captured 0.9
 * fixtures).
 */
public final class XxHash {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int P32_1 = 0x9E3779B1;
    private static final int P32_2 = 0x85EBCA77;
    private static final int P32_3 = 0xC2B2AE3D;
    private static final int P32_4 = 0x27D4EB2F;
    private static final int P32_5 = 0x165667B1;
    private static final long P64_1 = 0x9E3779B185EBCA87L;
    private static final long P64_2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P64_3 = 0x165667B19E3779F9L;
    private static final long P64_4 = 0x85EBCA77C2B2AE63L;
    private static final long P64_5 = 0x27D4EB2F165667C5L;
    private static final long PRIME_MX1 = 0x165667919E3779F9L;
    private static final long PRIME_MX2 = 0x9FB21C651E98DF25L;

    /** The default 192-byte secret of XXH3 (kSecret). */
    private static final byte[] SECRET = hex(
            "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
            + "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
            + "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
            + "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
            + "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
            + "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e");
    private static final int SECRET_SIZE = 192;
    private static final int STRIPE = 64;
    private static final int STRIPES_PER_BLOCK = (SECRET_SIZE - STRIPE) / 8;
    private static final int BLOCK = STRIPE * STRIPES_PER_BLOCK;

    private XxHash() {}

    /** XXH3-64 of {@code length} bytes of {@code data} from {@code offset}, seed 0. */
    public static long xxh3(byte[] data, int offset, int length) {
        if (length <= 16) {
            return xxh3UpTo16(data, offset, length);
        }
        if (length <= 128) {
            long acc = length * P64_1;
            if (length > 32) {
                if (length > 64) {
                    if (length > 96) {
                        acc += mix16(data, offset + 48, 96);
                        acc += mix16(data, offset + length - 64, 112);
                    }
                    acc += mix16(data, offset + 32, 64);
                    acc += mix16(data, offset + length - 48, 80);
                }
                acc += mix16(data, offset + 16, 32);
                acc += mix16(data, offset + length - 32, 48);
            }
            acc += mix16(data, offset, 0);
            acc += mix16(data, offset + length - 16, 16);
            return avalanche3(acc);
        }
        if (length <= 240) {
            long acc = length * P64_1;
            int rounds = length / 16;
            for (int i = 0; i < 8; i++) {
                acc += mix16(data, offset + 16 * i, 16 * i);
            }
            acc = avalanche3(acc);
            for (int i = 8; i < rounds; i++) {
                acc += mix16(data, offset + 16 * i, 16 * (i - 8) + 3);
            }
            acc += mix16(data, offset + length - 16, 136 - 17);
            return avalanche3(acc);
        }
        return xxh3Long(data, offset, length);
    }

    public static long xxh3(byte[] data) {
        return xxh3(data, 0, data.length);
    }

    private static long xxh3UpTo16(byte[] data, int offset, int length) {
        if (length > 8) {
            long bitflip1 = u64(SECRET, 24) ^ u64(SECRET, 32);
            long bitflip2 = u64(SECRET, 40) ^ u64(SECRET, 48);
            long low = u64(data, offset) ^ bitflip1;
            long high = u64(data, offset + length - 8) ^ bitflip2;
            long acc = length + Long.reverseBytes(low) + high + fold(low, high);
            return avalanche3(acc);
        }
        if (length >= 4) {
            long in1 = u32(data, offset);
            long in2 = u32(data, offset + length - 4);
            long bitflip = u64(SECRET, 8) ^ u64(SECRET, 16);
            long keyed = (in2 + (in1 << 32)) ^ bitflip;
            return rrmxmx(keyed, length);
        }
        if (length > 0) {
            int c1 = data[offset] & 0xFF;
            int c2 = data[offset + (length >> 1)] & 0xFF;
            int c3 = data[offset + length - 1] & 0xFF;
            long combined = Integer.toUnsignedLong((c1 << 16) | (c2 << 24) | c3 | (length << 8));
            long bitflip = u32(SECRET, 0) ^ u32(SECRET, 4);
            return avalanche64(combined ^ bitflip);
        }
        return avalanche64(u64(SECRET, 56) ^ u64(SECRET, 64));
    }

    private static long xxh3Long(byte[] data, int offset, int length) {
        long[] acc = {Integer.toUnsignedLong(P32_3), P64_1, P64_2, P64_3, P64_4, Integer.toUnsignedLong(P32_2),
                P64_5, Integer.toUnsignedLong(P32_1)};
        int blocks = (length - 1) / BLOCK;
        for (int b = 0; b < blocks; b++) {
            int blockAt = offset + b * BLOCK;
            for (int s = 0; s < STRIPES_PER_BLOCK; s++) {
                accumulate(acc, data, blockAt + s * STRIPE, s * 8);
            }
            scramble(acc, SECRET_SIZE - STRIPE);
        }
        int stripes = ((length - 1) - BLOCK * blocks) / STRIPE;
        int lastBlockAt = offset + blocks * BLOCK;
        for (int s = 0; s < stripes; s++) {
            accumulate(acc, data, lastBlockAt + s * STRIPE, s * 8);
        }
        accumulate(acc, data, offset + length - STRIPE, SECRET_SIZE - STRIPE - 7);
        long result = length * P64_1;
        for (int i = 0; i < 4; i++) {
            result += fold(acc[2 * i] ^ u64(SECRET, 11 + 16 * i), acc[2 * i + 1] ^ u64(SECRET, 11 + 16 * i + 8));
        }
        return avalanche3(result);
    }

    private static void accumulate(long[] acc, byte[] data, int at, int secretAt) {
        for (int i = 0; i < 8; i++) {
            long value = u64(data, at + 8 * i);
            long key = value ^ u64(SECRET, secretAt + 8 * i);
            acc[i ^ 1] += value;
            acc[i] += (key & 0xFFFFFFFFL) * (key >>> 32);
        }
    }

    private static void scramble(long[] acc, int secretAt) {
        for (int i = 0; i < 8; i++) {
            long a = acc[i];
            a ^= a >>> 47;
            a ^= u64(SECRET, secretAt + 8 * i);
            a *= Integer.toUnsignedLong(P32_1);
            acc[i] = a;
        }
    }

    private static long mix16(byte[] data, int at, int secretAt) {
        return fold(u64(data, at) ^ u64(SECRET, secretAt), u64(data, at + 8) ^ u64(SECRET, secretAt + 8));
    }

    /** The 128-bit product of two u64, its halves xor-ed. */
    private static long fold(long a, long b) {
        long low = a * b;
        long high = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);  // unsigned high half
        return low ^ high;
    }

    private static long avalanche3(long h) {
        h ^= h >>> 37;
        h *= PRIME_MX1;
        return h ^ (h >>> 32);
    }

    private static long avalanche64(long h) {
        h ^= h >>> 33;
        h *= P64_2;
        h ^= h >>> 29;
        h *= P64_3;
        return h ^ (h >>> 32);
    }

    private static long rrmxmx(long h, int length) {
        h ^= Long.rotateLeft(h, 49) ^ Long.rotateLeft(h, 24);
        h *= PRIME_MX2;
        h ^= (h >>> 35) + length;
        h *= PRIME_MX2;
        return h ^ (h >>> 28);
    }

    /** XXH32 of {@code length} bytes of {@code data} from {@code offset}, as an unsigned value in a long. */
    public static long xxh32(byte[] data, int offset, int length, int seed) {
        int end = offset + length;
        int at = offset;
        int h;
        if (length >= 16) {
            int v1 = seed + P32_1 + P32_2;
            int v2 = seed + P32_2;
            int v3 = seed;
            int v4 = seed - P32_1;
            for (int limit = end - 16; at <= limit; at += 16) {
                v1 = round32(v1, (int) U32.get(data, at));
                v2 = round32(v2, (int) U32.get(data, at + 4));
                v3 = round32(v3, (int) U32.get(data, at + 8));
                v4 = round32(v4, (int) U32.get(data, at + 12));
            }
            h = Integer.rotateLeft(v1, 1) + Integer.rotateLeft(v2, 7) + Integer.rotateLeft(v3, 12)
                    + Integer.rotateLeft(v4, 18);
        } else {
            h = seed + P32_5;
        }
        h += length;
        for (; at + 4 <= end; at += 4) {
            h += (int) U32.get(data, at) * P32_3;
            h = Integer.rotateLeft(h, 17) * P32_4;
        }
        for (; at < end; at++) {
            h += (data[at] & 0xFF) * P32_5;
            h = Integer.rotateLeft(h, 11) * P32_1;
        }
        h ^= h >>> 15;
        h *= P32_2;
        h ^= h >>> 13;
        h *= P32_3;
        h ^= h >>> 16;
        return Integer.toUnsignedLong(h);
    }

    private static int round32(int acc, int input) {
        return Integer.rotateLeft(acc + input * P32_2, 13) * P32_1;
    }

    private static long u64(byte[] data, int at) {
        return (long) U64.get(data, at);
    }

    private static long u32(byte[] data, int at) {
        return Integer.toUnsignedLong((int) U32.get(data, at));
    }

    private static byte[] hex(String text) {
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
