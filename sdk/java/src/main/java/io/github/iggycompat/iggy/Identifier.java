package io.github.iggycompat.iggy;

import java.nio.charset.StandardCharsets;

/**
 * A stream, topic, group, user or consumer reference: a numeric id (u32, 0-based) or an exact name (1..255 UTF-8
 * bytes). {@link #parse} turns a string of digits into a numeric id, like the official clients; use
 * {@link #named} for a name made of digits.
 */
public final class Identifier {
    private final long id;
    private final String name;

    private Identifier(long id, String name) {
        this.id = id;
        this.name = name;
    }

    public static Identifier of(long id) {
        if (id < 0 || id > Codes.Constants.U32_MAX) {
            throw IggyException.of(ErrorCode.INVALID_IDENTIFIER.code(), "numeric id out of u32 range: " + id);
        }
        return new Identifier(id, null);
    }

    public static Identifier named(String name) {
        int length = name.getBytes(StandardCharsets.UTF_8).length;
        if (length == 0 || length > 255) {
            throw IggyException.of(ErrorCode.INVALID_IDENTIFIER.code(), "a name needs 1..255 bytes, has " + length);
        }
        return new Identifier(-1, name);
    }

    /** Digits become a numeric id, anything else a name. */
    public static Identifier parse(String text) {
        if (!text.isEmpty() && text.length() <= 10 && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return of(Long.parseLong(text));
        }
        return named(text);
    }

    /** Accepts an Identifier, a Number (numeric id) or a String (see {@link #parse}). */
    public static Identifier from(Object value) {
        if (value instanceof Identifier identifier) {
            return identifier;
        }
        if (value instanceof Number number) {
            return of(number.longValue());
        }
        if (value instanceof String text) {
            return parse(text);
        }
        throw IggyException.of(ErrorCode.INVALID_IDENTIFIER.code(), "not an identifier: " + value);
    }

    public boolean isNumeric() {
        return name == null;
    }

    /** The numeric id; only for numeric identifiers. */
    public long id() {
        if (name != null) {
            throw new IllegalStateException("identifier is a name: " + name);
        }
        return id;
    }

    /** The name; only for named identifiers. */
    public String name() {
        if (name == null) {
            throw new IllegalStateException("identifier is numeric: " + id);
        }
        return name;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Identifier that && id == that.id && java.util.Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return name == null ? Long.hashCode(id) : name.hashCode();
    }

    @Override
    public String toString() {
        return name == null ? Long.toString(id) : name;
    }
}
