package io.github.iggycompat.iggy;

/** Where a poll starts: an offset, a timestamp (µs since the epoch), the first, the last or the next message. */
public record PollingStrategy(int kind, long value) {
    public static PollingStrategy offset(long offset) {
        return new PollingStrategy(Codes.PollingKind.OFFSET, offset);
    }

    public static PollingStrategy timestamp(long timestampUs) {
        return new PollingStrategy(Codes.PollingKind.TIMESTAMP, timestampUs);
    }

    public static PollingStrategy first() {
        return new PollingStrategy(Codes.PollingKind.FIRST, 0);
    }

    public static PollingStrategy last() {
        return new PollingStrategy(Codes.PollingKind.LAST, 0);
    }

    /** After the consumer's stored offset (or from the start when none is stored). */
    public static PollingStrategy next() {
        return new PollingStrategy(Codes.PollingKind.NEXT, 0);
    }
}
