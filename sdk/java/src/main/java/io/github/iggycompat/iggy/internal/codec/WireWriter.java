package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ErrorCode;
import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.Identifier;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Little-endian writes into a growable array. Values that do not fit their wire width are refused with
 * 4 InvalidFormat instead of being truncated.
 */
public final class WireWriter {
    private static final VarHandle U16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final BigInteger U128_LIMIT = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger U64_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private byte[] buf;
    private int pos;

    public WireWriter() {
        this(64);
    }

    public WireWriter(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    public int position() {
        return pos;
    }

    /** Empties the writer, keeping its array for the next frame; grows it to at least {@code capacity} bytes. */
    public void reset(int capacity) {
        pos = 0;
        if (buf.length < capacity) {
            buf = new byte[capacity];
        }
    }

    /** The written bytes (a copy). */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    /** The backing array; valid up to {@link #position()}. */
    public byte[] array() {
        return buf;
    }

    private int grow(int n) {
        if (buf.length - pos < n) {
            long wanted = Math.max((long) buf.length * 2, (long) pos + n);
            if (wanted > Integer.MAX_VALUE - 8) {
                throw invalid("frame larger than 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) wanted);
        }
        int at = pos;
        pos += n;
        return at;
    }

    public void u8(int v) {
        if (v < 0 || v > 0xFF) {
            throw invalid("u8 out of range: " + v);
        }
        int at = grow(1);
        buf[at] = (byte) v;
    }

    public void u16(int v) {
        if (v < 0 || v > 0xFFFF) {
            throw invalid("u16 out of range: " + v);
        }
        int at = grow(2);
        U16.set(buf, at, (short) v);
    }

    public void u32(long v) {
        if (v < 0 || v > Codes.Constants.U32_MAX) {
            throw invalid("u32 out of range: " + v);
        }
        int at = grow(4);
        U32.set(buf, at, (int) v);
    }

    /** The long's 64 bits as a u64 (-1 is u64::MAX). */
    public void u64(long v) {
        int at = grow(8);
        U64.set(buf, at, v);
    }

    public void u128(BigInteger v) {
        if (v.signum() < 0 || v.compareTo(U128_LIMIT) >= 0) {
            throw invalid("u128 out of range: " + v);
        }
        int at = grow(16);
        U64.set(buf, at, v.and(U64_MASK).longValue());
        U64.set(buf, at + 8, v.shiftRight(64).longValue());
    }

    public void f32(float v) {
        int at = grow(4);
        U32.set(buf, at, Float.floatToRawIntBits(v));
    }

    public void bool(boolean v) {
        int at = grow(1);
        buf[at] = (byte) (v ? 1 : 0);
    }

    public void bytes(byte[] v) {
        bytes(v, 0, v.length);
    }

    public void bytes(byte[] v, int offset, int length) {
        int at = grow(length);
        System.arraycopy(v, offset, buf, at, length);
    }

    public void zeros(int n) {
        int at = grow(n);
        Arrays.fill(buf, at, pos, (byte) 0);
    }

    public void u8Length(int n) {
        if (n > 0xFF) {
            throw invalid("longer than 255 bytes: " + n);
        }
        u8(n);
    }

    public void u32Length(int n) {
        u32(n);
    }

    public void name(String v) {
        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0) {
            throw invalid("a name needs 1..255 bytes");
        }
        u8Length(bytes.length);
        bytes(bytes);
    }

    public void password(String v) {
        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
        u8Length(bytes.length);
        bytes(bytes);
    }

    public void string32(String v) {
        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
        u32(bytes.length);
        bytes(bytes);
    }

    public void identifier(Identifier id) {
        if (id.isNumeric()) {
            u8(Codes.IdKind.NUMERIC);
            u8(Codes.Constants.NUMERIC_IDENTIFIER_LENGTH);
            u32(id.id());
        } else {
            u8(Codes.IdKind.STRING);
            name(id.name());
        }
    }

    public void optionalPartition(Long partition) {
        u8(partition == null ? 0 : 1);
        u32(partition == null ? 0 : partition);
    }

    /** Reserves a u32 whose value {@link #patchSpan} fills in with the bytes written after it. */
    public int reserveU32() {
        return grow(4);
    }

    public void patchSpan(int at) {
        U32.set(buf, at, pos - at - 4);
    }

    /** Overwrites a u32 at an earlier position. */
    public void putU32At(int at, long v) {
        U32.set(buf, at, (int) v);
    }

    public void putU64At(int at, long v) {
        U64.set(buf, at, v);
    }

    public void sameSize(int expected, int actual, String field) {
        if (expected != actual) {
            throw invalid(field + " has " + actual + " elements, its count says " + expected);
        }
    }

    static BigInteger unsigned128(long high, long low) {
        byte[] magnitude = new byte[17];
        for (int i = 0; i < 8; i++) {
            magnitude[1 + i] = (byte) (high >>> (56 - 8 * i));
            magnitude[9 + i] = (byte) (low >>> (56 - 8 * i));
        }
        return new BigInteger(magnitude);
    }

    private static IggyException invalid(String message) {
        return IggyException.of(ErrorCode.INVALID_FORMAT.code(), message);
    }
}
