package io.github.iggycompat.iggy;

/** Who polls or owns offsets: a single consumer (by id or name) or a consumer group. */
public record Consumer(int kind, Identifier id) {
    public static Consumer consumer(Identifier id) {
        return new Consumer(Codes.ConsumerKind.CONSUMER, id);
    }

    public static Consumer group(Identifier id) {
        return new Consumer(Codes.ConsumerKind.CONSUMER_GROUP, id);
    }

    public boolean isGroup() {
        return kind == Codes.ConsumerKind.CONSUMER_GROUP;
    }
}
