// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.model;

import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.internal.codec.PermissionsCodec;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Building blocks of Iggy 0.8 and 0.9 payloads (spec/primitives.toml) with their wire codec. */
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

    /** One message of a 0.9 batch: header, payload, then user headers (the payload comes first). (protocol 0.9) */
    public record Frame(long checksum, BigInteger id, long offsetDelta, long timestampDelta, byte[] payload, byte[] userHeaders) {
        public static Frame decode(WireReader r) {
            long _checksum = r.u64();
            BigInteger _id = r.u128();
            long _offsetDelta = r.u32();
            long _timestampDelta = r.u32();
            long _userHeadersLength = r.u32();
            long _payloadLength = r.u32();
            byte[] _reserved = r.bytes(8);
            r.expectZero(_reserved, "Frame.reserved");
            byte[] _payload = r.bytes(_payloadLength);
            byte[] _userHeaders = r.bytes(_userHeadersLength);
            return new Frame(_checksum, _id, _offsetDelta, _timestampDelta, _payload, _userHeaders);
        }

        public void encode(WireWriter w) {
            w.u64(checksum);
            w.u128(id);
            w.u32(offsetDelta);
            w.u32(timestampDelta);
            w.u32Length(userHeaders.length);
            w.u32Length(payload.length);
            w.zeros(8);
            w.bytes(payload);
            w.bytes(userHeaders);
        }
    }

    /** A 0.9 message batch: the header, then message_count frames back to back (batch_length bytes in all). (protocol 0.9) */
    public record MessageBatch(long partitionId, long baseOffset, long baseTimestamp, long originTimestamp, long batchChecksum, List<Primitives.Frame> frames) {
        public MessageBatch {
            frames = List.copyOf(frames);
        }

        /** Number of messages, at least 1 (SendMessages: equal to messages_count). */
        public long messageCount() { return frames.size(); }

        public static MessageBatch decode(WireReader r) {
            int _start = r.position();
            long _partitionId = r.u64();
            long _baseOffset = r.u64();
            long _baseTimestamp = r.u64();
            long _originTimestamp = r.u64();
            long _batchLength = r.u64();
            long _batchChecksum = r.u64();
            long _messageCount = r.u32();
            byte[] _reserved = r.bytes(204);
            r.expectZero(_reserved, "MessageBatch.reserved");
            int _framesN = r.count(_messageCount, 48);
            List<Primitives.Frame> _frames = new ArrayList<>(_framesN);
            for (int i = 0; i < _framesN; i++) { _frames.add(Primitives.Frame.decode(r)); }
            r.expectSpan(_start, _batchLength, "MessageBatch.batch_length");
            return new MessageBatch(_partitionId, _baseOffset, _baseTimestamp, _originTimestamp, _batchChecksum, _frames);
        }

        public void encode(WireWriter w) {
            int start = w.position();
            w.u64(partitionId);
            w.u64(baseOffset);
            w.u64(baseTimestamp);
            w.u64(originTimestamp);
            int batchLengthAt = w.position();
            w.zeros(8);
            w.u64(batchChecksum);
            w.u32(frames.size());
            w.zeros(204);
            for (Primitives.Frame e : frames) { e.encode(w); }
            w.putU64At(batchLengthAt, w.position() - start);
        }
    }
}
