// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.model.Primitives;
import io.github.iggycompat.iggy.model.Structs;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** The 256-byte headers of Iggy 0.9 frames (spec/frames.toml): request, reply and eviction. */
public final class Frames {
    private Frames() {}

    /** Client to server (command 5). */
    public record RequestHeader(BigInteger checksum, BigInteger checksumBody, BigInteger cluster, long size, long view, long release, int command, int replica, BigInteger client, BigInteger requestChecksum, long timestamp, long request, int operation, long session, long userId, long code) {
        public static RequestHeader decode(WireReader r) {
            BigInteger _checksum = r.u128();
            BigInteger _checksumBody = r.u128();
            BigInteger _cluster = r.u128();
            long _size = r.u32();
            long _view = r.u32();
            long _release = r.u32();
            int _command = r.u8();
            int _replica = r.u8();
            byte[] _reservedFrame = r.bytes(66);
            r.expectZero(_reservedFrame, "RequestHeader.reserved_frame");
            BigInteger _client = r.u128();
            BigInteger _requestChecksum = r.u128();
            long _timestamp = r.u64();
            long _request = r.u64();
            int _operation = r.u8();
            byte[] _operationPadding = r.bytes(7);
            long _session = r.u64();
            long _userId = r.u32();
            long _code = r.u32();
            byte[] _reserved = r.bytes(56);
            r.expectZero(_reserved, "RequestHeader.reserved");
            return new RequestHeader(_checksum, _checksumBody, _cluster, _size, _view, _release, _command, _replica, _client, _requestChecksum, _timestamp, _request, _operation, _session, _userId, _code);
        }

        public void encode(WireWriter w) {
            w.u128(checksum);
            w.u128(checksumBody);
            w.u128(cluster);
            w.u32(size);
            w.u32(view);
            w.u32(release);
            w.u8(command);
            w.u8(replica);
            w.zeros(66);
            w.u128(client);
            w.u128(requestChecksum);
            w.u64(timestamp);
            w.u64(request);
            w.u8(operation);
            w.zeros(7);
            w.u64(session);
            w.u32(userId);
            w.u32(code);
            w.zeros(56);
        }
    }

    /** Server to client (command 8): the answer to one request, in request order. */
    public record ReplyHeader(BigInteger checksum, BigInteger checksumBody, BigInteger cluster, long size, long view, long release, int command, int replica, BigInteger requestChecksum, BigInteger context, BigInteger client, long op, long commit, long timestamp, long request, int operation, long status) {
        public static ReplyHeader decode(WireReader r) {
            BigInteger _checksum = r.u128();
            BigInteger _checksumBody = r.u128();
            BigInteger _cluster = r.u128();
            long _size = r.u32();
            long _view = r.u32();
            long _release = r.u32();
            int _command = r.u8();
            int _replica = r.u8();
            byte[] _reservedFrame = r.bytes(66);
            r.expectZero(_reservedFrame, "ReplyHeader.reserved_frame");
            BigInteger _requestChecksum = r.u128();
            BigInteger _context = r.u128();
            BigInteger _client = r.u128();
            long _op = r.u64();
            long _commit = r.u64();
            long _timestamp = r.u64();
            long _request = r.u64();
            int _operation = r.u8();
            byte[] _operationPadding = r.bytes(7);
            long _status = r.u32();
            byte[] _reserved = r.bytes(36);
            r.expectZero(_reserved, "ReplyHeader.reserved");
            return new ReplyHeader(_checksum, _checksumBody, _cluster, _size, _view, _release, _command, _replica, _requestChecksum, _context, _client, _op, _commit, _timestamp, _request, _operation, _status);
        }

        public void encode(WireWriter w) {
            w.u128(checksum);
            w.u128(checksumBody);
            w.u128(cluster);
            w.u32(size);
            w.u32(view);
            w.u32(release);
            w.u8(command);
            w.u8(replica);
            w.zeros(66);
            w.u128(requestChecksum);
            w.u128(context);
            w.u128(client);
            w.u64(op);
            w.u64(commit);
            w.u64(timestamp);
            w.u64(request);
            w.u8(operation);
            w.zeros(7);
            w.u32(status);
            w.zeros(36);
        }
    }

    /** Server to client (command 13), header only: the session is over; the client reports the reason's error. */
    public record EvictionHeader(BigInteger checksum, BigInteger checksumBody, BigInteger cluster, long size, long view, long release, int command, int replica, BigInteger client, long serverProtocolVersion, long serverProtocolVersionMin, int reason) {
        public static EvictionHeader decode(WireReader r) {
            BigInteger _checksum = r.u128();
            BigInteger _checksumBody = r.u128();
            BigInteger _cluster = r.u128();
            long _size = r.u32();
            long _view = r.u32();
            long _release = r.u32();
            int _command = r.u8();
            int _replica = r.u8();
            byte[] _reservedFrame = r.bytes(66);
            r.expectZero(_reservedFrame, "EvictionHeader.reserved_frame");
            BigInteger _client = r.u128();
            long _serverProtocolVersion = r.u32();
            long _serverProtocolVersionMin = r.u32();
            byte[] _reserved = r.bytes(103);
            r.expectZero(_reserved, "EvictionHeader.reserved");
            int _reason = r.u8();
            return new EvictionHeader(_checksum, _checksumBody, _cluster, _size, _view, _release, _command, _replica, _client, _serverProtocolVersion, _serverProtocolVersionMin, _reason);
        }

        public void encode(WireWriter w) {
            w.u128(checksum);
            w.u128(checksumBody);
            w.u128(cluster);
            w.u32(size);
            w.u32(view);
            w.u32(release);
            w.u8(command);
            w.u8(replica);
            w.zeros(66);
            w.u128(client);
            w.u32(serverProtocolVersion);
            w.u32(serverProtocolVersionMin);
            w.zeros(103);
            w.u8(reason);
        }
    }

    /** One entry of a result section (the start of a result-framed reply body: count u32, then the entries). */
    public record ResultEntry(long index, long result) {
        public static ResultEntry decode(WireReader r) {
            long _index = r.u32();
            long _result = r.u32();
            return new ResultEntry(_index, _result);
        }

        public void encode(WireWriter w) {
            w.u32(index);
            w.u32(result);
        }
    }
}
