package io.github.iggycompat.iggy.internal.net;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ErrorCode;
import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.internal.codec.CommandTable;
import io.github.iggycompat.iggy.internal.codec.Layout;
import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.internal.codec.Uuids;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.XxHash;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;

/**
 * The Iggy 0.9 session of one connection (shared/reference/iggy-wire-0.9.md §1-§3), independent of the socket:
 *
 * <ul>
 *   <li>the client id, a random UUIDv4 (never 0), kept while one identity lasts and replaced on every re-login,
 *       logout and connection (a new connection makes a new session), as the official 0.9 clients replace it;</li>
 *   <li>the session number the server gave at Register (0 before), echoed on every later request;</li>
 *   <li>request numbering: Register is 0; every replicated operation (metadata, Logout, DeleteSegments and the
 *       partition writes) takes the next number of one sequence starting at 1; a NonReplicated request carries the
 *       current number without taking it.</li>
 * </ul>
 *
 * <p>{@code request_checksum} is XXH3-64 of the body for Register, Logout, metadata operations and DeleteSegments,
 * 0 on the partition plane and for NonReplicated requests. Offsets, operations and planes are the generated ones
 * (Layout, Codes.Operation, CommandTable); nothing here restates a number. Not thread-safe: the client holds its
 * lock around a request.
 */
public final class VsrSession {
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The planes whose requests carry request_checksum 0 (the official clients stamp the others). */
    private static final java.util.Set<String> UNSTAMPED_PLANES = java.util.Set.of("partition", "non_replicated");
    /** 57 TransientNotCommitted / 58 TransientNotAccepted: send the identical frame again. */
    private static final java.util.Set<Integer> TRANSIENT = java.util.Set.of(
            ErrorCode.TRANSIENT_NOT_COMMITTED.code(), ErrorCode.TRANSIENT_NOT_ACCEPTED.code());

    private long clientLow;
    private long clientHigh;
    private long session;
    private long nextRequest;
    private long userId = -1;
    private boolean identityUsed;  // a Register went out under this client id

    public VsrSession() {
        renew();
    }

    /** A new identity: a fresh client id, no session, numbering from 1. */
    public void renew() {
        do {
            // A UUIDv4 whose 16 bytes are the u128 on the wire (the official clients' Uuid::new_v4().to_u128_le()).
            long low = RANDOM.nextLong();
            long high = RANDOM.nextLong();
            clientLow = Uuids.v4Low(low);
            clientHigh = Uuids.v4High(high);
        } while (clientLow == 0 && clientHigh == 0);
        session = 0;
        nextRequest = 1;
        userId = -1;
        identityUsed = false;
    }

    /** The client id (u128). */
    public BigInteger clientId() {
        byte[] be = new byte[17];
        for (int i = 0; i < 8; i++) {
            be[16 - i] = (byte) (clientLow >>> (8 * i));
            be[8 - i] = (byte) (clientHigh >>> (8 * i));
        }
        return new BigInteger(be);
    }

    /** The session bound at the last Register, 0 before (or after an eviction). */
    public long session() {
        return session;
    }

    /** The number the next replicated request takes. */
    public long nextRequest() {
        return nextRequest;
    }

    /** The logged-in user's id, or -1. */
    public long userId() {
        return userId;
    }

    /**
     * Writes the RequestHeader of {@code code} into {@code frame[0..256)}, the body being {@code frame[256..length)},
     * and returns the operation it carries. A replicated operation takes its number here, once: a frame sent
     * again (a transient reply) keeps its header.
     */
    public Codes.Operation stamp(byte[] frame, int length, int code) {
        CommandTable.Entry entry = CommandTable.BY_CODE.get(code);
        Codes.Operation operation = entry != null ? entry.operation() : Codes.Operation.NON_REPLICATED;
        long request;
        long bound;
        boolean stamped;
        if (operation == Codes.Operation.NON_REPLICATED) {
            request = nextRequest;
            bound = session;
            stamped = false;
        } else if (operation == Codes.Operation.REGISTER) {
            if (identityUsed) {
                renew();  // a re-login (or a retry after a refused one) is a new identity
            }
            identityUsed = true;
            request = 0;
            bound = 0;
            stamped = true;
        } else {
            request = nextRequest++;
            bound = session;
            stamped = !UNSTAMPED_PLANES.contains(operation.plane());
        }
        int bodyLength = length - Layout.REQUEST_HEADER_SIZE;
        Arrays.fill(frame, 0, Layout.REQUEST_HEADER_SIZE, (byte) 0);
        U32.set(frame, Layout.REQUEST_HEADER_SIZE_OFFSET, length);
        frame[Layout.REQUEST_HEADER_COMMAND_OFFSET] = (byte) Codes.HeaderCommand.REQUEST.value();
        U64.set(frame, Layout.REQUEST_HEADER_CLIENT_OFFSET, clientLow);
        U64.set(frame, Layout.REQUEST_HEADER_CLIENT_OFFSET + 8, clientHigh);
        if (stamped) {  // a u128 holding the u64 checksum zero-extended
            U64.set(frame, Layout.REQUEST_HEADER_REQUEST_CHECKSUM_OFFSET,
                    XxHash.xxh3(frame, Layout.REQUEST_HEADER_SIZE, bodyLength));
        }
        U64.set(frame, Layout.REQUEST_HEADER_REQUEST_OFFSET, request);
        frame[Layout.REQUEST_HEADER_OPERATION_OFFSET] = (byte) operation.value();
        U64.set(frame, Layout.REQUEST_HEADER_SESSION_OFFSET, bound);
        if (operation == Codes.Operation.NON_REPLICATED) {
            U32.set(frame, Layout.REQUEST_HEADER_CODE_OFFSET, code);
        }
        return operation;
    }

    /** Bookkeeping after an OK reply (its body, result section stripped): Register binds, Logout ends the identity. */
    public void onReply(Codes.Operation operation, byte[] body) {
        if (operation == Codes.Operation.REGISTER) {
            WireReader r = new WireReader(body, ProtocolVersion.V0_9);
            Requests.LoginRegisterResponse login = Requests.LoginRegisterResponse.decode(r);
            if (login.session() == 0) {
                throw IggyException.of(ErrorCode.INVALID_SESSION.code(), "the server bound session 0");
            }
            session = login.session();
            userId = login.userId();
            nextRequest = 1;
        } else if (operation == Codes.Operation.LOGOUT) {
            renew();
        }
    }

    /** The server ended the session: what this identity sends next is bound to nothing. */
    public void onEviction() {
        session = 0;
        userId = -1;
    }

    /** A reply the server could not commit yet (57/58): the caller sends the identical frame again. */
    public static final class TransientReplyException extends RuntimeException {
        private final int code;

        TransientReplyException(int code) {
            super(null, null, false, false);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /**
     * The OK body of a reply (its result section stripped), or the error it carries: an eviction (typed, with its
     * reason), a status, or a rejection in the result section. Throws {@link TransientReplyException} for 57/58.
     * {@code what} names the request in error messages.
     */
    public static byte[] replyBody(byte[] header, byte[] body, String what) {
        int command = header[Layout.REPLY_HEADER_COMMAND_OFFSET] & 0xFF;
        if (command == Codes.HeaderCommand.EVICTION.value()) {
            int reason = header[Layout.EVICTION_HEADER_REASON_OFFSET] & 0xFF;
            String detail = "";
            if (reason == Codes.EvictionReason.INCOMPATIBLE_PROTOCOL.value()) {
                long newest = Integer.toUnsignedLong((int) U32.get(header,
                        Layout.EVICTION_HEADER_SERVER_PROTOCOL_VERSION_OFFSET));
                long oldest = Integer.toUnsignedLong((int) U32.get(header,
                        Layout.EVICTION_HEADER_SERVER_PROTOCOL_VERSION_MIN_OFFSET));
                detail = "the server accepts protocol " + semver(oldest) + " to " + semver(newest)
                        + ", this client sends " + semver(Codes.Constants.PROTOCOL_VERSION_0_9);
            }
            throw IggyException.evicted(reason, detail);
        }
        if (command != Codes.HeaderCommand.REPLY.value()) {
            throw new IggyException.ConnectionLostException("the server sent a 0.9 frame with command " + command
                    + ", not a reply", null);
        }
        int status = (int) U32.get(header, Layout.REPLY_HEADER_STATUS_OFFSET);
        int operation = header[Layout.REPLY_HEADER_OPERATION_OFFSET] & 0xFF;
        if (status != Codes.Constants.STATUS_OK) {
            throw failure(status, what);
        }
        Codes.Operation op = Codes.Operation.fromValue(operation);
        boolean framed = op != null && op.resultFramed() && (op != Codes.Operation.REGISTER || body.length > 0);
        if (!framed) {
            return body;
        }
        if (body.length < 4) {
            throw IggyException.of(ErrorCode.INVALID_COMMAND.code(), what + ": a result-framed reply without its "
                    + "result section");
        }
        long count = Integer.toUnsignedLong((int) U32.get(body, 0));
        if (count == 0) {
            return Arrays.copyOfRange(body, 4, body.length);
        }
        if (count > (body.length - 4) / 8) {
            throw IggyException.of(ErrorCode.INVALID_COMMAND.code(), what + ": the result section claims " + count
                    + " entries");
        }
        throw failure((int) U32.get(body, 8), what);
    }

    private static RuntimeException failure(int code, String what) {
        if (TRANSIENT.contains(code)) {
            return new TransientReplyException(code);
        }
        String text = ErrorCode.fromCode(code) != null ? IggyException.errorMessage(code, Map.of()) : "error";
        return IggyException.of(code, what + ": " + text);
    }

    /** The operation a reply header echoes (null for a value the spec does not define). */
    public static Codes.Operation replyOperation(byte[] header) {
        return Codes.Operation.fromValue(header[Layout.REPLY_HEADER_OPERATION_OFFSET] & 0xFF);
    }

    /** A packed protocol version (major&lt;&lt;20 | minor&lt;&lt;10 | patch) as text. */
    static String semver(long packed) {
        return (packed >> 20) + "." + ((packed >> 10) & 0x3FF) + "." + (packed & 0x3FF);
    }
}
