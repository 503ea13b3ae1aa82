package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Codes map to the same exception kinds as sdk/python's errors (error_class). */
class IggyExceptionTest {
    @Test
    void everyNotFoundCodeIsANotFoundException() {
        int notFound = 0;
        for (ErrorCode code : ErrorCode.values()) {
            IggyException e = IggyException.of(code.code(), null);
            assertEquals(code.code(), e.code());
            assertEquals(code.name(), e.name());
            if (code.name().endsWith("NOT_FOUND")) {
                assertInstanceOf(IggyException.NotFoundException.class, e, code.name());
                notFound++;
            }
        }
        assertTrue(notFound > 0);
    }

    @Test
    void kindsFollowTheCode() {
        assertInstanceOf(IggyException.AlreadyExistsException.class,
                IggyException.of(ErrorCode.STREAM_NAME_ALREADY_EXISTS.code(), "x"));
        assertInstanceOf(IggyException.UnauthenticatedException.class,
                IggyException.of(ErrorCode.UNAUTHENTICATED.code(), "x"));
        assertInstanceOf(IggyException.UnauthorizedException.class,
                IggyException.of(ErrorCode.UNAUTHORIZED.code(), "x"));
        assertInstanceOf(IggyException.InvalidCredentialsException.class,
                IggyException.of(ErrorCode.INVALID_CREDENTIALS.code(), "x"));
        assertInstanceOf(IggyException.InvalidCredentialsException.class,
                IggyException.of(ErrorCode.USER_INACTIVE.code(), "x"));
        assertInstanceOf(IggyException.ConnectionLostException.class,
                IggyException.of(ErrorCode.CONNECTION_CLOSED.code(), "x"));
        assertInstanceOf(IggyException.RequestTimeoutException.class,
                IggyException.of(ErrorCode.TASK_TIMEOUT.code(), "x"));
        assertInstanceOf(IggyException.InvalidConnectionStringException.class,
                IggyException.of(ErrorCode.INVALID_CONNECTION_STRING.code(), "x"));
    }

    @Test
    void anUndefinedCodeKeepsItsNumber() {
        IggyException e = IggyException.of(987654, "from a newer server");
        assertEquals(987654, e.code());
        assertEquals("UNKNOWN_987654", e.name());
        assertNull(e.errorCode());
        assertTrue(e.getMessage().contains("from a newer server"));
    }
}
