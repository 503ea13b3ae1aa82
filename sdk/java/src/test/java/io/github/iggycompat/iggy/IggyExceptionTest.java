package io.github.iggycompat.iggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.model.Primitives;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Codes map to the spec's kinds (errors.toml) and to the same exception classes as sdk/python's errors. */
class IggyExceptionTest {
    @Test
    void everyCodeHasAKindAndTheNotFoundKindIsANotFoundException() {
        int notFound = 0;
        for (ErrorCode code : ErrorCode.values()) {
            IggyException e = IggyException.of(code.code(), null);
            assertEquals(code.code(), e.code());
            assertEquals(code.name(), e.name());
            assertEquals(code.kind(), e.kind());
            assertNotEquals(ErrorKind.UNKNOWN, code.kind(), code.name());
            assertEquals(code.kind() == ErrorKind.NOT_FOUND, e instanceof IggyException.NotFoundException, code.name());
            assertEquals(code.kind() == ErrorKind.ALREADY_EXISTS, e instanceof IggyException.AlreadyExistsException,
                    code.name());
            assertFalse(e.detail().contains("…"), code.name() + ": " + e.detail());
            notFound += e.isNotFound() ? 1 : 0;
        }
        assertTrue(notFound > 0);
        // The spec's kinds, not the names: a server's missing state file is no lookup miss.
        assertFalse(IggyException.of(ErrorCode.STATE_FILE_NOT_FOUND.code(), null).isNotFound());
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
        assertInstanceOf(IggyException.InvalidCredentialsException.class,
                IggyException.of(ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN.code(), "x"));
        assertInstanceOf(IggyException.ConnectionLostException.class,
                IggyException.of(ErrorCode.CONNECTION_CLOSED.code(), "x"));
        assertInstanceOf(IggyException.RequestTimeoutException.class,
                IggyException.of(ErrorCode.TASK_TIMEOUT.code(), "x"));
        assertInstanceOf(IggyException.InvalidConnectionStringException.class,
                IggyException.of(ErrorCode.INVALID_CONNECTION_STRING.code(), "x"));
        assertTrue(IggyException.of(ErrorCode.TRANSIENT_NOT_COMMITTED.code(), "x").isTransient());
        assertTrue(IggyException.of(ErrorCode.CONNECTION_CLOSED.code(), "x").isUnavailable());
        assertTrue(IggyException.of(ErrorCode.STALE_CLIENT.code(), "x").isSession());
    }

    @Test
    void anUndefinedCodeKeepsItsNumber() {
        IggyException e = IggyException.of(987654, "from a newer server");
        assertEquals(987654, e.code());
        assertEquals("UNKNOWN_987654", e.name());
        assertNull(e.errorCode());
        assertEquals(ErrorKind.UNKNOWN, e.kind());
        assertTrue(e.isUnknown());
        assertTrue(e.getMessage().contains("from a newer server"));
    }

    @Test
    void errorMessageNamesWhatItIsGiven() {
        assertEquals("Topic with name: events for stream with ID: 3 already exists.", IggyException.errorMessage(
                ErrorCode.TOPIC_NAME_ALREADY_EXISTS.code(), Map.of("name", "events", "stream", "3")));
        assertEquals("Invalid IP address: <address>:80",
                IggyException.errorMessage(ErrorCode.INVALID_IP_ADDRESS.code(), Map.of("port", "80")));
    }

    @Test
    void theRequestNamesItsObjectsAndTheRestStaysReadable() {
        Requests.PollMessages poll = new Requests.PollMessages(new Primitives.Consumer(
                Codes.ConsumerKind.CONSUMER_GROUP, Identifier.named("workers")), Identifier.of(1),
                Identifier.named("t"), null, new Primitives.PollingStrategy(Codes.PollingKind.NEXT, 0), 1, false);
        IggyException partition = IggyException.of(ErrorCode.PARTITION_NOT_FOUND.code(), null)
                .nameRequestObjects(poll::errorParam);
        assertEquals("Partition with ID: <partition> for topic with ID: t for stream with ID: 1 was not found.",
                partition.detail());
        assertEquals("[3007 PARTITION_NOT_FOUND] " + partition.detail(), partition.getMessage());
        Requests.DeleteUser user = new Requests.DeleteUser(Identifier.named("bob"));
        assertEquals("Resource with key: bob was not found.", IggyException.of(
                ErrorCode.RESOURCE_NOT_FOUND.code(), null).nameRequestObjects(user::errorParam).detail());
        // A text the server sent (HTTP) or the client wrote stays as it is.
        IggyException custom = IggyException.of(ErrorCode.STREAM_NAME_ALREADY_EXISTS.code(), "Stream with name: x "
                + "already exists.").nameRequestObjects(new Requests.CreateStream("other", new byte[0])::errorParam);
        assertEquals("Stream with name: x already exists.", custom.detail());
    }
}
