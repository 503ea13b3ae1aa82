/** The Iggy Java SDK: the client, producer and consumer ({@code iggy.sdk}) and the wire records they return. */
module iggy.sdk {
    exports iggy.sdk;
    exports iggy.sdk.model;
}
