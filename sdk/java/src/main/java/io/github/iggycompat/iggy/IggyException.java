package io.github.iggycompat.iggy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An Iggy failure: the Iggy error code, its name ({@code STREAM_ID_NOT_FOUND}), its kind and a message. Server
 * answers and client-side failures alike carry a code from {@link ErrorCode}; {@link #of} picks the subclass. The
 * kind ({@link #kind()}, protocol-spec/spec/errors.toml) is what to branch on: {@code isNotFound()},
 * {@code isAlreadyExists()}, ... ({@link ErrorKindPredicates}), one per kind.
 *
 * <p>Over TCP the server answers only the code, so the spec's text of a code has a '…' per runtime value ("Stream
 * with name: … already exists."). The client writes the objects of the failing request there ("Stream with name:
 * orders already exists."), and {@code <param>} (e.g. {@code <partition>}) where the request has no value for one.
 */
public class IggyException extends RuntimeException implements ErrorKindPredicates {
    private static final String PLACEHOLDER = "…";

    private final int code;
    private String detail;  // named once by the client, before the exception is thrown to the caller
    private Codes.EvictionReason evictionReason;  // set once, by evicted()

    public IggyException(int code, String message) {
        this(code, message, null);
    }

    public IggyException(int code, String message, Throwable cause) {
        super(null, cause);
        this.code = code;
        this.detail = message != null ? message : errorMessage(code, Map.of());
    }

    /** {@code [code NAME] detail}. */
    @Override
    public String getMessage() {
        return "[" + code + " " + nameOf(code) + "] " + detail;
    }

    /** The Iggy error code. */
    public int code() {
        return code;
    }

    /** What a caller branches on: the spec's kind of the code ({@code UNKNOWN} for a code it does not list). */
    @Override
    public ErrorKind kind() {
        ErrorCode known = ErrorCode.fromCode(code);
        return known != null ? known.kind() : ErrorKind.UNKNOWN;
    }

    /** The message without the {@code [code NAME]} prefix {@link #getMessage()} starts with. */
    public String detail() {
        return detail;
    }

    /**
     * The spec's text of {@code code} with each '…' replaced by the value of the param it stands for ({@code values},
     * keyed by the spec's params: stream, topic, name, ...), or by {@code <param>} where {@code values} has none.
     */
    public static String errorMessage(int code, Map<String, String> values) {
        return text(code, values::get);
    }

    private static String text(int code, Function<String, String> value) {
        ErrorCode known = ErrorCode.fromCode(code);
        if (known == null) {
            return "unknown error";
        }
        String[] parts = known.message().split(PLACEHOLDER, -1);
        List<String> params = known.params();
        StringBuilder text = new StringBuilder(parts[0]);
        for (int i = 0; i < params.size() && i + 1 < parts.length; i++) {
            String shown = value.apply(params.get(i));
            text.append(shown != null ? shown : "<" + params.get(i) + ">").append(parts[i + 1]);
        }
        return text.toString();
    }

    /**
     * Writes the objects of the failing request into this error's text where it is still the spec's text with
     * {@code <param>} placeholders (an answer over TCP carries only the code). {@code paramText} answers a param's
     * text from the request (the generated {@code Request.errorParam}: which field names which param comes from the
     * spec's error_param). Returns this exception.
     */
    IggyException nameRequestObjects(Function<String, String> paramText) {
        ErrorCode known = ErrorCode.fromCode(code);
        String bare = errorMessage(code, Map.of());
        if (known != null && !known.params().isEmpty() && detail.contains(bare)) {
            detail = detail.replace(bare, text(code, paramText));
        }
        return this;
    }

    /**
     * Why an Iggy 0.9 server ended the session with an eviction frame, or null when this error is no eviction.
     * The error's code is what a client reports for the reason (42 for INVALID_CREDENTIALS, 40 for NO_SESSION,
     * ...), so {@code catch (InvalidCredentialsException e)} catches a wrong password over either protocol.
     */
    public Codes.EvictionReason evictionReason() {
        return evictionReason;
    }

    /**
     * The error for an eviction frame's reason byte: its {@code error}'s class ({@link UnauthenticatedException},
     * {@link InvalidCredentialsException}, else {@link EvictedException}) carrying the reason. An unknown reason
     * reads as 40 Unauthenticated, as the official clients read it.
     */
    public static IggyException evicted(int reasonByte, String detail) {
        Codes.EvictionReason reason = Codes.EvictionReason.fromValue(reasonByte);
        ErrorCode error = reason != null ? reason.error() : ErrorCode.UNAUTHENTICATED;
        String name = reason != null ? reason.name() : "reason " + reasonByte;
        String message = "evicted by the server (" + name + "): " + errorMessage(error.code(), Map.of())
                + (detail == null || detail.isEmpty() ? "" : "; " + detail);
        IggyException typed = of(error.code(), message);
        IggyException out = typed instanceof UnauthenticatedException || typed instanceof InvalidCredentialsException
                ? typed : new EvictedException(error.code(), message);
        out.evictionReason = reason != null ? reason : Codes.EvictionReason.RESERVED;
        return out;
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

    /**
     * The most specific exception for a code: a client-side failure's own class, else its kind's
     * ({@link NotFoundException} for every not_found code, ...), else IggyException.
     */
    public static IggyException of(int code, String message) {
        return of(code, message, null);
    }

    public static IggyException of(int code, String message, Throwable cause) {
        ErrorCode known = ErrorCode.fromCode(code);
        if (known == null) {
            return new IggyException(code, message, cause);
        }
        switch (known) {
            case NOT_CONNECTED: return new NotConnectedException(message, cause);
            case CANNOT_ESTABLISH_CONNECTION: return new CannotConnectException(message, cause);
            case CONNECTION_CLOSED: return new ConnectionLostException(message, cause);
            case TASK_TIMEOUT: return new RequestTimeoutException(message, cause);
            case INVALID_CONNECTION_STRING: return new InvalidConnectionStringException(message);
            case CLIENT_SHUTDOWN: return new ClientClosedException(message);
            default: break;
        }
        switch (known.kind()) {
            case NOT_FOUND: return new NotFoundException(code, message, cause);
            case ALREADY_EXISTS: return new AlreadyExistsException(code, message, cause);
            case UNAUTHENTICATED: return new UnauthenticatedException(code, message, cause);
            case UNAUTHORIZED: return new UnauthorizedException(code, message, cause);
            case INVALID_CREDENTIALS: return new InvalidCredentialsException(code, message, cause);
            default: return new IggyException(code, message, cause);
        }
    }

    /**
     * An Iggy 0.9 eviction whose error has no class of its own (invalid token, stale client, incompatible protocol,
     * malformed login, ...); {@link #evictionReason()} says why.
     */
    public static class EvictedException extends IggyException {
        public EvictedException(int code, String message) {
            super(code, message, null);
        }
    }

    /**
     * 14003 (206 when the server closed the connection without a word): the server speaks the other Iggy protocol
     * than the client's {@code protocol} option; the message names the option to set.
     */
    public static class ProtocolMismatchException extends ClientException {
        private final ProtocolVersion serverProtocol;

        public ProtocolMismatchException(String message, ProtocolVersion serverProtocol) {
            super(ErrorCode.INCOMPATIBLE_PROTOCOL_VERSION, message, null);
            this.serverProtocol = serverProtocol;
        }

        /** The protocol the server's answer showed. */
        public ProtocolVersion serverProtocol() {
            return serverProtocol;
        }
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

    /** 42 wrong username, password or token; 47 user inactive (0.9: an eviction with its reason). */
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
