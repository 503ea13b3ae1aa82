package io.github.iggycompat.iggy;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Iggy 0.9 options: the key/value settings of topics (and, in later servers, streams and users). On the wire an
 * options block is the user-headers layout with string keys; the catalog of keys is the spec's
 * ({@link Codes#OPTION_CATALOG}, and what {@link IggyClient#describeOptions} answers). Immutable; keys are sent in
 * key order, as the official 0.9 clients send them.
 *
 * <pre>{@code
 * Options options = Options.builder().set("segment_size", "128 MiB").set("durability", "persisted")
 *         .set("messages_required_to_save", 4096).build();
 * client.createTopic(stream, "events", 3, options);
 * Map<String, HeaderValue> stored = Options.decode(client.getTopic(stream, topic).options());
 * }</pre>
 *
 * A value is a string (the server parses {@code "7 days"}, {@code "128 MiB"}, {@code "gzip"}, {@code "true"}), a
 * number (encoded in the catalog's kind for the key: u32 or u64; -1 is u64::MAX), a boolean, or an explicit
 * {@link HeaderValue}.
 */
public final class Options {
    private static final Options NONE = new Options(Map.of());

    private final Map<String, HeaderValue> entries;

    private Options(Map<String, HeaderValue> entries) {
        this.entries = Collections.unmodifiableMap(new TreeMap<>(entries));
    }

    /** No options: the server's defaults (on update: nothing changed). */
    public static Options none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options from explicit values. */
    public static Options of(Map<String, HeaderValue> entries) {
        Builder b = builder();
        entries.forEach(b::set);
        return b.build();
    }

    /** The entries, in key order. */
    public Map<String, HeaderValue> asMap() {
        return entries;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** A builder holding these entries (to add to them). */
    public Builder toBuilder() {
        Builder b = builder();
        entries.forEach(b::set);
        return b;
    }

    /** The options block (user_header entries, string keys, key order); empty when there are none. */
    byte[] encode() {
        return UserHeaders.encode(entries);
    }

    /**
     * An options block as the server sent it ({@code TopicDetails.options()}, {@code derivedOptions()}, ...):
     * key to value, in wire order.
     */
    public static Map<String, HeaderValue> decode(byte[] block) {
        return UserHeaders.decode(block, 0, block.length);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Options that && entries.equals(that.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "Options" + entries;
    }

    /** Collects entries; a key set twice keeps the last value. */
    public static final class Builder {
        private final Map<String, HeaderValue> entries = new TreeMap<>();

        private Builder() {}

        public Builder set(String key, HeaderValue value) {
            if (key == null || key.isEmpty()) {
                throw new IllegalArgumentException("option keys are non-empty strings");
            }
            entries.put(key, value);
            return this;
        }

        /** A string value; the server parses it into the key's kind. */
        public Builder set(String key, String value) {
            return set(key, HeaderValue.string(value));
        }

        public Builder set(String key, boolean value) {
            return set(key, HeaderValue.bool(value));
        }

        /**
         * A number, in the catalog's kind for the key (u32 or u64; a key outside the catalog: u64). A value the
         * kind cannot hold fails with 4042 InvalidOptionValue.
         */
        public Builder set(String key, long value) {
            int kind = Codes.HeaderKind.UINT64;
            for (Codes.OptionSpec spec : Codes.OPTION_CATALOG) {
                if (spec.key().equals(key) && (spec.kind() == Codes.HeaderKind.UINT32
                        || spec.kind() == Codes.HeaderKind.UINT64)) {
                    kind = spec.kind();
                }
            }
            if (kind == Codes.HeaderKind.UINT32 && (value < 0 || value > Codes.Constants.U32_MAX)) {
                throw IggyException.of(ErrorCode.INVALID_OPTION_VALUE.code(), "option " + key + ": " + value
                        + " does not fit uint32");
            }
            return set(key, HeaderValue.integer(kind, value));
        }

        public Options build() {
            return entries.isEmpty() ? NONE : new Options(entries);
        }
    }
}
