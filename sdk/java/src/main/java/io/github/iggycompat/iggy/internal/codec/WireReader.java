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

/**
 * Little-endian reads over a byte range. Every read checks the bytes actually present first, so a length or
 * count announced by a peer never sizes anything beyond what arrived; violations raise 4 InvalidFormat.
 */
public final class WireReader {
    private static final VarHandle U16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] buf;
    private final int end;
    private int pos;

    public WireReader(byte[] buf) {
        this(buf, 0, buf.length);
    }

    public WireReader(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset + length > buf.length) {
            throw new IndexOutOfBoundsException("range " + offset + "+" + length + " of " + buf.length);
        }
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    public int position() {
        return pos;
    }

    public int remaining() {
        return end - pos;
    }

    public byte[] buffer() {
        return buf;
    }

    private int take(int n) {
        if (n < 0 || n > end - pos) {
            throw malformed("needs " + n + " bytes at " + pos + ", " + (end - pos) + " left");
        }
        int at = pos;
        pos += n;
        return at;
    }

    public int u8() {
        return buf[take(1)] & 0xFF;
    }

    public int u16() {
        return Short.toUnsignedInt((short) U16.get(buf, take(2)));
    }

    public long u32() {
        return Integer.toUnsignedLong((int) U32.get(buf, take(4)));
    }

    /** u64 as the same 64 bits in a long (values above Long.MAX_VALUE read negative; use the unsigned helpers). */
    public long u64() {
        return (long) U64.get(buf, take(8));
    }

    public BigInteger u128() {
        long low = (long) U64.get(buf, take(8));
        long high = (long) U64.get(buf, take(8));
        return WireWriter.unsigned128(high, low);
    }

    public float f32() {
        return Float.intBitsToFloat((int) U32.get(buf, take(4)));
    }

    public boolean bool() {
        return u8() != 0;
    }

    /**
     * A spec {@code role = "flag"} byte: 0 or 1. Any other value raises 3 InvalidCommand instead of reading as
     * "absent", which would silently drop the data the flag announces (an UpdatePermissions clearing permissions).
     */
    public int flag() {
        int value = u8();
        if (value > 1) {
            throw IggyException.of(ErrorCode.INVALID_COMMAND.code(), "flag byte must be 0 or 1, got " + value);
        }
        return value;
    }

    public byte[] bytes(long n) {
        if (n > Integer.MAX_VALUE) {
            throw malformed("length " + n + " too large");
        }
        int at = take((int) n);
        byte[] out = new byte[(int) n];
        System.arraycopy(buf, at, out, 0, (int) n);
        return out;
    }

    public byte[] rest() {
        return bytes(remaining());
    }

    public void skip(int n) {
        take(n);
    }

    public String name() {
        return utf8(u8());
    }

    public String password() {
        return utf8(u8());
    }

    public String string32() {
        return utf8(u32());
    }

    private String utf8(long n) {
        if (n > remaining()) {
            throw malformed("string of " + n + " bytes at " + pos + ", " + remaining() + " left");
        }
        int at = take((int) n);
        return new String(buf, at, (int) n, StandardCharsets.UTF_8);
    }

    public Identifier identifier() {
        int kind = u8();
        int length = u8();
        if (kind == Codes.IdKind.NUMERIC) {
            if (length != Codes.Constants.NUMERIC_IDENTIFIER_LENGTH) {
                throw malformed("numeric identifier of length " + length);
            }
            return Identifier.of(u32());
        }
        if (kind == Codes.IdKind.STRING && length > 0) {
            return Identifier.named(utf8(length));
        }
        throw malformed("identifier kind " + kind + " length " + length);
    }

    /** optional_partition: flag u8 (0 or 1) then partition u32, always 5 bytes; null when the flag is 0. */
    public Long optionalPartition() {
        int flag = flag();
        long partition = u32();
        return flag == 0 ? null : partition;
    }

    /** A count read off the wire, checked against the bytes left: each element takes at least minSize bytes. */
    public int count(long announced, int minSize) {
        if (announced < 0 || announced * Math.max(1, minSize) > remaining()) {
            throw malformed("count " + announced + " cannot fit in " + remaining() + " bytes");
        }
        return (int) announced;
    }

    public void expectZero(long value, String field) {
        if (value != 0) {
            throw malformed(field + " must be 0, is " + value);
        }
    }

    public void expectSpan(int start, long announced, String field) {
        if (pos - start != announced) {
            throw malformed(field + " says " + announced + " bytes, the fields took " + (pos - start));
        }
    }

    public void expectEnd(String what) {
        if (remaining() != 0) {
            throw malformed(what + ": " + remaining() + " unexpected trailing bytes");
        }
    }

    public static IggyException malformed(String message) {
        return IggyException.of(ErrorCode.INVALID_FORMAT.code(), message);
    }
}
