// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy;


/**
 * What a caller branches on (protocol-spec/spec/errors.toml {@code [[kind]]}): {@link ErrorCode#kind()},
 * {@link IggyException#kind()}; {@link ErrorKindPredicates} tests it.
 * {@code UNKNOWN}: A code this file does not list (a newer server's); no [[error]] below has this kind.
 */
public enum ErrorKind {
    /** Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment. */
    NOT_FOUND("not_found"),
    /** A create or rename collides with a name that is taken (stream, topic, group, user, token). */
    ALREADY_EXISTS("already_exists"),
    /** The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again. */
    UNAUTHENTICATED("unauthenticated"),
    /** A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again. */
    INVALID_CREDENTIALS("invalid_credentials"),
    /** The logged-in user lacks the permission for the command. */
    UNAUTHORIZED("unauthorized"),
    /** The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again. */
    INVALID_INPUT("invalid_input"),
    /** A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit. */
    LIMIT_EXCEEDED("limit_exceeded"),
    /** The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes. */
    CONFLICT("conflict"),
    /** A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied). */
    TRANSIENT("transient"),
    /** Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again. */
    SESSION("session"),
    /** No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed. */
    UNAVAILABLE("unavailable"),
    /** The client, producer or consumer was closed by its owner; nothing more succeeds on it. */
    CLOSED("closed"),
    /** The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read. */
    UNSUPPORTED("unsupported"),
    /** A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup. */
    CONFIG("config"),
    /** The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator. */
    INTERNAL("internal"),
    /** A code this file does not list (a newer server's); no [[error]] below has this kind. */
    UNKNOWN("unknown");

    private final String specName;

    ErrorKind(String specName) {
        this.specName = specName;
    }

    /** The spec's name of the kind, e.g. {@code not_found}. */
    public String specName() {
        return specName;
    }
}
