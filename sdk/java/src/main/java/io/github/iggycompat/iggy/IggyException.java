package io.github.iggycompat.iggy;

import java.util.Set;

/**
 * An Iggy failure: the Iggy error code, its name ({@code STREAM_ID_NOT_FOUND}) and a message. Server answers
 * and client-side failures alike carry a code from {@link ErrorCode}; {@link #of} picks the subclass.
 */
public class IggyException extends RuntimeException {
    private static final Set<ErrorCode> ALREADY_EXISTS = Set.of(ErrorCode.USER_ALREADY_EXISTS,
            ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS, ErrorCode.STREAM_NAME_ALREADY_EXISTS,
            ErrorCode.TOPIC_NAME_ALREADY_EXISTS, ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS);

    private final int code;

    public IggyException(int code, String message) {
        this(code, message, null);
    }

    public IggyException(int code, String message, Throwable cause) {
        super("[" + code + " " + nameOf(code) + "] " + (message != null ? message : defaultMessage(code)), cause);
        this.code = code;
    }

    /** The Iggy error code. */
    public int code() {
        return code;
    }

    /** The code's UPPER_SNAKE name, e.g. {@code STREAM_ID_NOT_FOUND} ({@code UNKNOWN_<code>} if undefined). */
    public String name() {
        return nameOf(code);
    }

    /** The generated entry, or null for a code the protocol does not define. */
    public ErrorCode errorCode() {
        return ErrorCode.fromCode(code);
    }

    public static String nameOf(int code) {
        ErrorCode known = ErrorCode.fromCode(code);
        return known != null ? known.name() : "UNKNOWN_" + code;
    }

    private static String defaultMessage(int code) {
        ErrorCode known = ErrorCode.fromCode(code);
        return known != null ? known.message() : "unknown error";
    }

    /** The most specific exception for a code (names ending in NOT_FOUND are {@link NotFoundException}). */
    public static IggyException of(int code, String message) {
        return of(code, message, null);
    }

    public static IggyException of(int code, String message, Throwable cause) {
        ErrorCode known = ErrorCode.fromCode(code);
        if (known == null) {
            return new IggyException(code, message, cause);
        }
        switch (known) {
            case UNAUTHENTICATED: return new UnauthenticatedException(code, message, cause);
            case UNAUTHORIZED: return new UnauthorizedException(code, message, cause);
            case INVALID_CREDENTIALS:
            case USER_INACTIVE: return new InvalidCredentialsException(code, message, cause);
            case NOT_CONNECTED: return new NotConnectedException(message, cause);
            case CANNOT_ESTABLISH_CONNECTION: return new CannotConnectException(message, cause);
            case CONNECTION_CLOSED: return new ConnectionLostException(message, cause);
            case TASK_TIMEOUT: return new RequestTimeoutException(message, cause);
            case INVALID_CONNECTION_STRING: return new InvalidConnectionStringException(message);
            case CLIENT_SHUTDOWN: return new ClientClosedException(message);
            default: break;
        }
        if (ALREADY_EXISTS.contains(known)) {
            return new AlreadyExistsException(code, message, cause);
        }
        if (known.name().endsWith("NOT_FOUND")) {
            return new NotFoundException(code, message, cause);
        }
        return new IggyException(code, message, cause);
    }

    /** A command referenced a stream, topic, partition, group, user or token that does not exist. */
    public static class NotFoundException extends IggyException {
        public NotFoundException(int code, String message, Throwable cause) {
            super(code, message, cause);
        }
    }

    /** A create collided with an existing name (user, token, stream, topic, group). */
    public static class AlreadyExistsException extends IggyException {
        public AlreadyExistsException(int code, String message, Throwable cause) {
            super(code, message, cause);
        }
    }

    /** 40: the connection is not logged in. */
    public static class UnauthenticatedException extends IggyException {
        public UnauthenticatedException(int code, String message, Throwable cause) {
            super(code, message, cause);
        }
    }

    /** 41: the logged-in user lacks the permission. */
    public static class UnauthorizedException extends IggyException {
        public UnauthorizedException(int code, String message, Throwable cause) {
            super(code, message, cause);
        }
    }

    /** 42 wrong username, password or token; 47 user inactive. */
    public static class InvalidCredentialsException extends IggyException {
        public InvalidCredentialsException(int code, String message, Throwable cause) {
            super(code, message, cause);
        }
    }

    /** Raised by the client itself rather than answered by the server. */
    public static class ClientException extends IggyException {
        public ClientException(ErrorCode code, String message, Throwable cause) {
            super(code.code(), message, cause);
        }
    }

    /** 61: no connection is open (call connect first). */
    public static class NotConnectedException extends ClientException {
        public NotConnectedException(String message, Throwable cause) {
            super(ErrorCode.NOT_CONNECTED, message, cause);
        }
    }

    /** 9: the TCP/TLS connection could not be established within the retry budget. */
    public static class CannotConnectException extends ClientException {
        public CannotConnectException(String message, Throwable cause) {
            super(ErrorCode.CANNOT_ESTABLISH_CONNECTION, message, cause);
        }
    }

    /** 206: the connection dropped and could not be re-established, or a request's outcome is unknown. */
    public static class ConnectionLostException extends ClientException {
        public ConnectionLostException(String message, Throwable cause) {
            super(ErrorCode.CONNECTION_CLOSED, message, cause);
        }
    }

    /**
     * 206: the connection broke after a command with side effects was written and before its answer arrived.
     * The server may or may not have applied it; the client never resends it on its own.
     */
    public static class OutcomeUnknownException extends ConnectionLostException {
        public OutcomeUnknownException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** 12001: no answer within the request timeout (the connection is reset afterwards). */
    public static class RequestTimeoutException extends ClientException {
        public RequestTimeoutException(String message, Throwable cause) {
            super(ErrorCode.TASK_TIMEOUT, message, cause);
        }
    }

    /** 8000: a connection string or client option is malformed. */
    public static class InvalidConnectionStringException extends ClientException {
        public InvalidConnectionStringException(String message) {
            super(ErrorCode.INVALID_CONNECTION_STRING, message, null);
        }
    }

    /** 63: the client, producer or consumer was closed. */
    public static class ClientClosedException extends ClientException {
        public ClientClosedException(String message) {
            super(ErrorCode.CLIENT_SHUTDOWN, message, null);
        }
    }
}
