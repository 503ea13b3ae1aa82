/**
 * The Iggy Java SDK: the client, producer and consumer ({@code io.github.iggycompat.iggy}) and the wire records
 * they return ({@code io.github.iggycompat.iggy.model}). The codec and the connection stay internal.
 */
module io.github.iggycompat.iggy {
    exports io.github.iggycompat.iggy;
    exports io.github.iggycompat.iggy.model;
}
