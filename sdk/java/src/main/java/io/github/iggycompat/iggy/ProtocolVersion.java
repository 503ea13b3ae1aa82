// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy;


/**
 * An Iggy wire protocol version this SDK speaks (protocol.toml {@code [[version]]}), oldest first. A client
 * speaks one for its connection's life: {@code ClientConfig.protocol()}, the connection string's
 * {@code protocol=0.9|0.8}.
 */
public enum ProtocolVersion {
    /** Iggy 0.8: `length | code | payload` requests, `status | length | payload` responses ([[framing.*]] below). */
    V0_8("0.8"),
    /** Iggy 0.9: RequestHeader / ReplyHeader / EvictionHeader (frames.toml), 256 bytes each, then the body. */
    V0_9("0.9");

    private final String label;

    ProtocolVersion(String label) {
        this.label = label;
    }

    /** How the {@code protocol} option spells it, e.g. {@code 0.9}. */
    public String label() {
        return label;
    }

    /** This version or a later one. */
    public boolean atLeast(ProtocolVersion other) {
        return compareTo(other) >= 0;
    }

    /** This version or an earlier one. */
    public boolean atMost(ProtocolVersion other) {
        return compareTo(other) <= 0;
    }

    /** The version spelled {@code label} exactly, or null. */
    public static ProtocolVersion fromLabel(String label) {
        for (ProtocolVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return label;
    }
}
