package io.github.iggycompat.iggy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A typed user-header key or value: a {@link Codes.HeaderKind} and its bytes (numbers little-endian, fixed-size
 * kinds at their natural size, 1..255 bytes on the wire).
 */
public final class HeaderValue {
    private final int kind;
    private final byte[] bytes;

    private HeaderValue(int kind, byte[] bytes) {
        if (bytes.length == 0 || bytes.length > 255) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "a header key or value needs 1..255 bytes");
        }
        this.kind = kind;
        this.bytes = bytes;
    }

    /** A value of any kind from its wire bytes (checked against the kind's natural size). */
    public static HeaderValue of(int kind, byte[] bytes) {
        int natural = naturalSize(kind);
        if (natural < 0 && kind != Codes.HeaderKind.RAW && kind != Codes.HeaderKind.STRING) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "unknown header kind " + kind);
        }
        if (natural > 0 && bytes.length != natural) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(),
                    "header kind " + kind + " needs " + natural + " bytes, has " + bytes.length);
        }
        return new HeaderValue(kind, bytes.clone());
    }

    private static int naturalSize(int kind) {
        switch (kind) {
            case Codes.HeaderKind.BOOL:
            case Codes.HeaderKind.INT8:
            case Codes.HeaderKind.UINT8: return 1;
            case Codes.HeaderKind.INT16:
            case Codes.HeaderKind.UINT16: return 2;
            case Codes.HeaderKind.INT32:
            case Codes.HeaderKind.UINT32:
            case Codes.HeaderKind.FLOAT32: return 4;
            case Codes.HeaderKind.INT64:
            case Codes.HeaderKind.UINT64:
            case Codes.HeaderKind.FLOAT64: return 8;
            case Codes.HeaderKind.INT128:
            case Codes.HeaderKind.UINT128: return 16;
            default: return -1;
        }
    }

    public static HeaderValue raw(byte[] bytes) {
        return new HeaderValue(Codes.HeaderKind.RAW, bytes.clone());
    }

    public static HeaderValue string(String value) {
        return new HeaderValue(Codes.HeaderKind.STRING, value.getBytes(StandardCharsets.UTF_8));
    }

    public static HeaderValue bool(boolean value) {
        return new HeaderValue(Codes.HeaderKind.BOOL, new byte[] {(byte) (value ? 1 : 0)});
    }

    /** An integer kind (INT8..INT64, UINT8..UINT64) holding the low bytes of {@code value}. */
    public static HeaderValue integer(int kind, long value) {
        int size = naturalSize(kind);
        if (size < 1 || size > 8 || kind == Codes.HeaderKind.BOOL || kind == Codes.HeaderKind.FLOAT32
                || kind == Codes.HeaderKind.FLOAT64) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "not a 8..64-bit integer kind: " + kind);
        }
        byte[] out = new byte[size];
        for (int i = 0; i < size; i++) {
            out[i] = (byte) (value >>> (8 * i));
        }
        return new HeaderValue(kind, out);
    }

    /** INT128 or UINT128 from a BigInteger (two's complement for negative INT128). */
    public static HeaderValue integer128(int kind, BigInteger value) {
        if (kind != Codes.HeaderKind.INT128 && kind != Codes.HeaderKind.UINT128) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "not a 128-bit kind: " + kind);
        }
        byte[] be = value.toByteArray();
        byte[] out = new byte[16];
        byte fill = (byte) (value.signum() < 0 ? 0xFF : 0);
        Arrays.fill(out, fill);
        for (int i = 0; i < Math.min(16, be.length); i++) {
            out[i] = be[be.length - 1 - i];
        }
        return new HeaderValue(kind, out);
    }

    public static HeaderValue float32(float value) {
        return new HeaderValue(Codes.HeaderKind.FLOAT32,
                ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(value).array());
    }

    public static HeaderValue float64(double value) {
        return new HeaderValue(Codes.HeaderKind.FLOAT64,
                ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(value).array());
    }

    public int kind() {
        return kind;
    }

    /** The wire bytes (a copy). */
    public byte[] bytes() {
        return bytes.clone();
    }

    int length() {
        return bytes.length;
    }

    byte[] bytesRef() {
        return bytes;
    }

    public String asString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public boolean asBoolean() {
        return bytes[0] != 0;
    }

    /** Integer kinds up to 64 bits, sign-extended for the signed ones. */
    public long asLong() {
        long v = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            v = (v << 8) | (bytes[i] & 0xFF);
        }
        boolean signed = kind >= Codes.HeaderKind.INT8 && kind <= Codes.HeaderKind.INT64;
        int bits = 8 * bytes.length;
        return signed && bits < 64 ? (v << (64 - bits)) >> (64 - bits) : v;
    }

    /** Any integer kind, exactly (unsigned kinds never negative). */
    public BigInteger asBigInteger() {
        byte[] be = new byte[bytes.length + 1];
        for (int i = 0; i < bytes.length; i++) {
            be[be.length - 1 - i] = bytes[i];
        }
        BigInteger magnitude = new BigInteger(be);
        boolean signed = kind >= Codes.HeaderKind.INT8 && kind <= Codes.HeaderKind.INT128;
        if (signed && (bytes[bytes.length - 1] & 0x80) != 0) {
            return magnitude.subtract(BigInteger.ONE.shiftLeft(8 * bytes.length));
        }
        return magnitude;
    }

    public double asDouble() {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return kind == Codes.HeaderKind.FLOAT32 ? b.getFloat() : b.getDouble();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HeaderValue that && kind == that.kind && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * kind + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return kind == Codes.HeaderKind.STRING ? asString() : "HeaderValue(kind=" + kind + ", " + bytes.length + "B)";
    }
}
