package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.Layout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message to send: payload, optional id (0 = the server assigns a UUIDv4) and user headers by string key.
 * The payload array is not copied: do not modify it until the send completed.
 */
public final class Message {
    private final byte[] payload;
    private final BigInteger id;
    private final Map<String, HeaderValue> headers;
    private final byte[] encodedHeaders;

    private Message(byte[] payload, BigInteger id, Map<String, HeaderValue> headers) {
        if (payload.length == 0) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "a message payload needs at least one byte");
        }
        if (id.signum() < 0 || id.bitLength() > 128) {
            throw IggyException.of(ErrorCode.INVALID_FORMAT.code(), "message id must be a u128");
        }
        this.payload = payload;
        this.id = id;
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        this.encodedHeaders = UserHeaders.encode(this.headers);
    }

    public static Message of(byte[] payload) {
        return new Message(payload, BigInteger.ZERO, Map.of());
    }

    public static Message of(String payload) {
        return of(payload.getBytes(StandardCharsets.UTF_8));
    }

    public static Message of(byte[] payload, BigInteger id, Map<String, HeaderValue> headers) {
        return new Message(payload, id, headers);
    }

    public Message withId(BigInteger newId) {
        return new Message(payload, newId, headers);
    }

    public Message withHeaders(Map<String, HeaderValue> newHeaders) {
        return new Message(payload, id, newHeaders);
    }

    /** The payload array itself (not a copy). */
    public byte[] payload() {
        return payload;
    }

    public BigInteger id() {
        return id;
    }

    public Map<String, HeaderValue> headers() {
        return headers;
    }

    /** Bytes this message takes in a SendMessages frame (header, payload, user headers). */
    public int frameSize() {
        return Layout.HEADER_SIZE + payload.length + encodedHeaders.length;
    }

    /** The user headers as wire bytes (shared, do not modify). */
    public byte[] encodedHeaders() {
        return encodedHeaders;
    }
}
