// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.model;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.internal.codec.PermissionsCodec;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Building blocks of Iggy 0.8.0 payloads (spec/primitives.toml) with their wire codec. */
public final class Primitives {
    private Primitives() {}

    /** Who polls or owns offsets: a single consumer or a consumer group. */
    public record Consumer(int kind, Identifier id) {
        public static Consumer decode(WireReader r) {
            int _kind = r.u8();
            Identifier _id = r.identifier();
            return new Consumer(_kind, _id);
        }

        public void encode(WireWriter w) {
            w.u8(kind);
            w.identifier(id);
        }
    }

    /** Where a poll starts, always 9 bytes. */
    public record PollingStrategy(int kind, long value) {
        public static PollingStrategy decode(WireReader r) {
            int _kind = r.u8();
            long _value = r.u64();
            return new PollingStrategy(_kind, _value);
        }

        public void encode(WireWriter w) {
            w.u8(kind);
            w.u64(value);
        }
    }

    /** How SendMessages picks the partition. */
    public record Partitioning(int kind, byte[] value) {
        public static Partitioning decode(WireReader r) {
            int _kind = r.u8();
            int _length = r.u8();
            byte[] _value = r.bytes(_length);
            return new Partitioning(_kind, _value);
        }

        public void encode(WireWriter w) {
            w.u8(kind);
            w.u8Length(value.length);
            w.bytes(value);
        }
    }

    /** A message frame: header, payload, then user headers; frames are packed back to back. */
    public record Message(long checksum, BigInteger id, long offset, long timestamp, long originTimestamp, byte[] payload, byte[] userHeaders) {
        public static Message decode(WireReader r) {
            long _checksum = r.u64();
            BigInteger _id = r.u128();
            long _offset = r.u64();
            long _timestamp = r.u64();
            long _originTimestamp = r.u64();
            long _userHeadersLength = r.u32();
            long _payloadLength = r.u32();
            long _reserved = r.u64();
            r.expectZero(_reserved, "Message.reserved");
            byte[] _payload = r.bytes(_payloadLength);
            byte[] _userHeaders = r.bytes(_userHeadersLength);
            return new Message(_checksum, _id, _offset, _timestamp, _originTimestamp, _payload, _userHeaders);
        }

        public void encode(WireWriter w) {
            w.u64(checksum);
            w.u128(id);
            w.u64(offset);
            w.u64(timestamp);
            w.u64(originTimestamp);
            w.u32Length(userHeaders.length);
            w.u32Length(payload.length);
            w.zeros(8);
            w.bytes(payload);
            w.bytes(userHeaders);
        }
    }

    /** One key/value pair of a message's user headers (the Rust SDK writes them sorted by key). */
    public record UserHeader(int keyKind, byte[] key, int valueKind, byte[] value) {
        public static UserHeader decode(WireReader r) {
            int _keyKind = r.u8();
            long _keyLength = r.u32();
            byte[] _key = r.bytes(_keyLength);
            int _valueKind = r.u8();
            long _valueLength = r.u32();
            byte[] _value = r.bytes(_valueLength);
            return new UserHeader(_keyKind, _key, _valueKind, _value);
        }

        public void encode(WireWriter w) {
            w.u8(keyKind);
            w.u32Length(key.length);
            w.bytes(key);
            w.u8(valueKind);
            w.u32Length(value.length);
            w.bytes(value);
        }
    }

    /** 16-byte index entry: the SendMessages index table and the on-disk .index file share this layout. */
    public record IndexEntry(long relativeOffset, long position, long timestamp) {
        public static IndexEntry decode(WireReader r) {
            long _relativeOffset = r.u32();
            long _position = r.u32();
            long _timestamp = r.u64();
            return new IndexEntry(_relativeOffset, _position, _timestamp);
        }

        public void encode(WireWriter w) {
            w.u32(relativeOffset);
            w.u32(position);
            w.u64(timestamp);
        }
    }
}
