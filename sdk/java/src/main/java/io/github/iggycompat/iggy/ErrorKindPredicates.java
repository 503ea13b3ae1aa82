// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy;


/** One {@code is<Kind>()} per {@link ErrorKind}, for anything with a {@link #kind()} ({@link IggyException}). */
public interface ErrorKindPredicates {
    /** What a caller branches on. */
    ErrorKind kind();

    /** Something the request names does not exist: a stream, topic, partition, group, user, token, client, offset or segment. */
    default boolean isNotFound() {
        return kind() == ErrorKind.NOT_FOUND;
    }

    /** A create or rename collides with a name that is taken (stream, topic, group, user, token). */
    default boolean isAlreadyExists() {
        return kind() == ErrorKind.ALREADY_EXISTS;
    }

    /** The connection or HTTP call is not logged in (no login, missing or invalid access token): log in again. */
    default boolean isUnauthenticated() {
        return kind() == ErrorKind.UNAUTHENTICATED;
    }

    /** A login was refused: wrong username, password or token, an expired token, an inactive user. Retrying the same credentials fails again. */
    default boolean isInvalidCredentials() {
        return kind() == ErrorKind.INVALID_CREDENTIALS;
    }

    /** The logged-in user lacks the permission for the command. */
    default boolean isUnauthorized() {
        return kind() == ErrorKind.UNAUTHORIZED;
    }

    /** The request is malformed or a value is out of range (a name, size, count, id, header, checksum, option): the same request fails again. */
    default boolean isInvalidInput() {
        return kind() == ErrorKind.INVALID_INPUT;
    }

    /** A configured or protocol limit on how many objects exist is reached (users, tokens, streams, topics, partitions, consumer offsets): delete something or raise the limit. */
    default boolean isLimitExceeded() {
        return kind() == ErrorKind.LIMIT_EXCEEDED;
    }

    /** The object's current state forbids the request (the root user, a topic without partitions, a closed segment, a partition the group member no longer owns): it may succeed after the state changes. */
    default boolean isConflict() {
        return kind() == ErrorKind.CONFLICT;
    }

    /** A temporary condition: not committed or accepted yet, a timeout, a full send buffer. Retrying later may succeed (a timed-out write may have been applied). */
    default boolean isTransient() {
        return kind() == ErrorKind.TRANSIENT;
    }

    /** Iggy 0.9: the server no longer knows or accepts the client's session (stale client, invalid or already bound session, a request older than its reply table); the SDK connects and registers again. */
    default boolean isSession() {
        return kind() == ErrorKind.SESSION;
    }

    /** No usable connection: it cannot be established, was closed or broke, or a transport (TCP, QUIC, HTTP, WebSocket) failed. A new connection may succeed. */
    default boolean isUnavailable() {
        return kind() == ErrorKind.UNAVAILABLE;
    }

    /** The client, producer or consumer was closed by its owner; nothing more succeeds on it. */
    default boolean isClosed() {
        return kind() == ErrorKind.CLOSED;
    }

    /** The peer does not support the request or speaks another protocol version: an unknown command, a feature it lacks, a version outside its window, an answer this side cannot read. */
    default boolean isUnsupported() {
        return kind() == ErrorKind.UNSUPPORTED;
    }

    /** A configuration is invalid (connection string, address, TLS, key, JWT settings, a listener's socket): fix the setup. */
    default boolean isConfig() {
        return kind() == ErrorKind.CONFIG;
    }

    /** The server (or client) failed on its own: storage, files, state, encryption, sharding. Not caused by the request; may need an operator. */
    default boolean isInternal() {
        return kind() == ErrorKind.INTERNAL;
    }

    /** A code this file does not list (a newer server's); no [[error]] below has this kind. */
    default boolean isUnknown() {
        return kind() == ErrorKind.UNKNOWN;
    }
}
