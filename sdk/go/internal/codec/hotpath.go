package codec

import (
	"crypto/rand"
	"encoding/binary"
	"math"
	"time"
)

// The hot paths: SendMessages written straight from the caller's messages, and PollMessages answers read straight
// into []Message, in either protocol version, with the generated offsets and without a value per message beyond
// the Message itself. The generated SendMessagesRequest / PolledMessages types describe the same bytes (the tests
// check the two agree); they are the slow, exact form for tools and fixtures.

// nowMicros is the clock a 0.9 batch's origin timestamp is read from (tests replace it).
var nowMicros = func() int64 { return time.Now().UnixMicro() }

// MessageSource gives message i of a batch being sent: its id (zero: 0.8 lets the server choose one, 0.9 takes a
// random UUIDv4 as the official clients do), payload and encoded user headers (nil for none).
type MessageSource func(i int) (id U128, payload, userHeaders []byte)

// SendMessagesSize answers the exact body size of a SendMessages request of count messages whose payloads and
// user headers take dataBytes in all (metadataBytes: the identifiers and partitioning as written).
func SendMessagesSize(version Version, metadataBytes, count, dataBytes int) int {
	size := 4 + metadataBytes + 4 + dataBytes
	if version >= Version0_9 {
		return size + BatchHeaderLength + count*FrameHeaderLength
	}
	return size + count*(IndexEntryLength+MessageHeaderLength)
}

// AppendSendMessages writes a SendMessages body for count messages (at least one) in w.Version: 0.8 the index
// table and 64-byte message frames (the server assigns checksums, offsets and timestamps), 0.9 one batch whose
// frames carry their ids, checksums and the send time as origin timestamp, sealed with the batch checksum.
func AppendSendMessages(w *Writer, stream, topic Identifier, partitioning Partitioning, count int,
	message MessageSource) {
	metadata := w.ReserveLen32()
	stream.Encode(w)
	topic.Encode(w)
	partitioning.Encode(w)
	w.Count32(count)
	w.PatchLen32(metadata)
	if w.Version >= Version0_9 {
		appendBatch(w, count, message, uint64(nowMicros()))
		return
	}
	index := w.ReserveIndex(count, IndexEntryLength)
	for i := 0; i < count; i++ {
		id, payload, headers := message(i)
		at := len(w.Buf)
		w.Zeros(MessageHeaderLength)
		frame := w.Buf[at:]
		binary.LittleEndian.PutUint64(frame[MessageHeaderIDOffset:], id.Lo)
		binary.LittleEndian.PutUint64(frame[MessageHeaderIDOffset+8:], id.Hi)
		putLength(w, frame[MessageHeaderUserHeadersLengthOffset:], len(headers))
		putLength(w, frame[MessageHeaderPayloadLengthOffset:], len(payload))
		w.Buf = append(w.Buf, payload...)
		w.Buf = append(w.Buf, headers...)
		w.FillIndex(index, i)
	}
}

func putLength(w *Writer, at []byte, n int) {
	if uint64(n) > math.MaxUint32 {
		w.Fail("%d bytes do not fit a u32 length", n)
	}
	binary.LittleEndian.PutUint32(at, uint32(n))
}

// appendBatch writes a 0.9 batch: the header (partition, offset and timestamp left 0 for the server), then the
// frames with their checksums (XXH3-64 of each frame from byte 8), then the batch checksum over the header's
// bytes 0..40 and 48..52 and every frame checksum in order.
func appendBatch(w *Writer, count int, message MessageSource, originUs uint64) {
	start := len(w.Buf)
	w.Zeros(BatchHeaderLength)
	var random []byte
	checksums := make([]byte, BatchHeaderBatchChecksumOffset+BatchHeaderMessageCountSize+8*count)
	for i := 0; i < count; i++ {
		id, payload, headers := message(i)
		at := len(w.Buf)
		w.Zeros(FrameHeaderLength)
		frame := w.Buf[at:]
		if id == (U128{}) {
			if random == nil {
				random = make([]byte, 16*count)
				_, _ = rand.Read(random) // never fails (crypto/rand panics instead of returning an error)
			}
			id = uuidV4(random[16*i : 16*i+16])
		}
		binary.LittleEndian.PutUint64(frame[FrameHeaderIDOffset:], id.Lo)
		binary.LittleEndian.PutUint64(frame[FrameHeaderIDOffset+8:], id.Hi)
		binary.LittleEndian.PutUint32(frame[FrameHeaderOffsetDeltaOffset:], uint32(i))
		putLength(w, frame[FrameHeaderUserHeadersLengthOffset:], len(headers))
		putLength(w, frame[FrameHeaderPayloadLengthOffset:], len(payload))
		w.Buf = append(w.Buf, payload...)
		w.Buf = append(w.Buf, headers...)
		frame = w.Buf[at:]
		checksum := XXH3(frame[FrameHeaderChecksumSize:])
		binary.LittleEndian.PutUint64(frame[FrameHeaderChecksumOffset:], checksum)
		binary.LittleEndian.PutUint64(checksums[BatchHeaderBatchChecksumOffset+BatchHeaderMessageCountSize+8*i:],
			checksum)
	}
	header := w.Buf[start : start+BatchHeaderLength]
	binary.LittleEndian.PutUint64(header[BatchHeaderOriginTimestampOffset:], originUs)
	binary.LittleEndian.PutUint64(header[BatchHeaderBatchLengthOffset:], uint64(len(w.Buf)-start))
	binary.LittleEndian.PutUint32(header[BatchHeaderMessageCountOffset:], uint32(count))
	binary.LittleEndian.PutUint64(header[BatchHeaderBatchChecksumOffset:], batchChecksum(header, checksums))
}

// batchChecksum answers a 0.9 batch checksum: XXH3-64 of the header's bytes 0..40 and 48..52 followed by every
// frame checksum. scratch holds the frame checksums from offset 44 on (40 + 4 bytes are left for the header parts
// copied in here), so the whole input is hashed in one call.
func batchChecksum(header, scratch []byte) uint64 {
	count := header[BatchHeaderMessageCountOffset : BatchHeaderMessageCountOffset+BatchHeaderMessageCountSize]
	copy(scratch, header[:BatchHeaderBatchChecksumOffset])
	copy(scratch[BatchHeaderBatchChecksumOffset:], count)
	return XXH3(scratch)
}

// uuidV4 turns 16 random bytes into a version-4 UUID, read as the u128 on the wire (its bytes in order).
func uuidV4(b []byte) U128 {
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return U128{Lo: binary.LittleEndian.Uint64(b), Hi: binary.LittleEndian.Uint64(b[8:])}
}

// DecodePolled reads a PollMessages answer (body: the answer without its frame header) into out: the prefix and
// every message in out.Messages, from 0.8 frames or 0.9 batches alike (0.9: offset = base_offset + offset_delta,
// timestamp = the batch's base_timestamp, origin = the batch's origin_timestamp + timestamp_delta). Payloads and
// user headers are sub-slices of body. out.Messages is sized once, from the count the answer states but never
// beyond what the bytes received can hold, or reused when it already has the room.
func DecodePolled(body []byte, version Version, out *PolledMessages) error {
	r := NewReaderAt(body, version)
	out.PartitionID = r.U32()
	out.CurrentOffset = r.U64()
	out.MessagesCount = r.U32()
	if r.Err() != nil {
		return r.Err()
	}
	rest := body[PollResponsePrefixSize:]
	frameHeader := MessageHeaderLength
	if version >= Version0_9 {
		frameHeader = FrameHeaderLength
	}
	messages := min(int(out.MessagesCount), len(rest)/frameHeader)
	if out.Messages != nil && cap(out.Messages) >= messages {
		out.Messages = out.Messages[:0] // a recycled answer (Client.PollMessagesInto): its earlier messages are gone
	} else {
		out.Messages = make([]Message, 0, messages)
	}
	var err error
	if version >= Version0_9 {
		out.Messages, err = appendBatches(out.Messages, rest)
	} else {
		out.Messages, err = appendFrames(out.Messages, rest)
	}
	return err
}

func malformed(r *Reader, format string, args ...any) error {
	r.Fail(format, args...)
	return r.Err()
}

func appendFrames(messages []Message, b []byte) ([]Message, error) {
	for pos := 0; pos < len(b); {
		if len(b)-pos < MessageHeaderLength {
			return messages, malformed(&Reader{}, "a %d-byte message header at %d, %d bytes left", MessageHeaderLength,
				pos, len(b)-pos)
		}
		header := b[pos : pos+MessageHeaderLength]
		payload := int(binary.LittleEndian.Uint32(header[MessageHeaderPayloadLengthOffset:]))
		headers := int(binary.LittleEndian.Uint32(header[MessageHeaderUserHeadersLengthOffset:]))
		end := pos + MessageHeaderLength + payload + headers
		if payload < 0 || headers < 0 || end > len(b) || end < pos {
			return messages, malformed(&Reader{}, "a message at %d runs past the answer's end", pos)
		}
		data := pos + MessageHeaderLength
		messages = append(messages, Message{
			Checksum:        binary.LittleEndian.Uint64(header[MessageHeaderChecksumOffset:]),
			ID:              U128{Lo: read64(header[MessageHeaderIDOffset:]), Hi: read64(header[MessageHeaderIDOffset+8:])},
			Offset:          binary.LittleEndian.Uint64(header[MessageHeaderOffsetOffset:]),
			Timestamp:       binary.LittleEndian.Uint64(header[MessageHeaderTimestampOffset:]),
			OriginTimestamp: binary.LittleEndian.Uint64(header[MessageHeaderOriginTimestampOffset:]),
			Payload:         b[data : data+payload : data+payload],
			UserHeaders:     b[data+payload : end : end],
		})
		pos = end
	}
	return messages, nil
}

func appendBatches(messages []Message, b []byte) ([]Message, error) {
	for pos := 0; pos < len(b); {
		if len(b)-pos < BatchHeaderLength {
			return messages, malformed(&Reader{}, "a %d-byte batch header at %d, %d bytes left", BatchHeaderLength, pos,
				len(b)-pos)
		}
		header := b[pos : pos+BatchHeaderLength]
		length := binary.LittleEndian.Uint64(header[BatchHeaderBatchLengthOffset:])
		if length < BatchHeaderLength || length > uint64(len(b)-pos) {
			return messages, malformed(&Reader{}, "batch_length %d at %d, %d bytes left", length, pos, len(b)-pos)
		}
		for _, reserved := range header[BatchHeaderReservedOffset:] {
			if reserved != 0 {
				return messages, malformed(&Reader{}, "the reserved bytes of the batch at %d are not zero", pos)
			}
		}
		baseOffset := binary.LittleEndian.Uint64(header[BatchHeaderBaseOffsetOffset:])
		baseTimestamp := binary.LittleEndian.Uint64(header[BatchHeaderBaseTimestampOffset:])
		origin := binary.LittleEndian.Uint64(header[BatchHeaderOriginTimestampOffset:])
		count := int(binary.LittleEndian.Uint32(header[BatchHeaderMessageCountOffset:]))
		frames := b[pos+BatchHeaderLength : pos+int(length)]
		at := 0
		for i := 0; i < count; i++ {
			if len(frames)-at < FrameHeaderLength {
				return messages, malformed(&Reader{}, "frame %d of the batch at %d runs past batch_length", i, pos)
			}
			frame := frames[at : at+FrameHeaderLength]
			if read64(frame[FrameHeaderReservedOffset:]) != 0 {
				return messages, malformed(&Reader{}, "the reserved bytes of frame %d at %d are not zero", i, pos)
			}
			payload := int(binary.LittleEndian.Uint32(frame[FrameHeaderPayloadLengthOffset:]))
			headers := int(binary.LittleEndian.Uint32(frame[FrameHeaderUserHeadersLengthOffset:]))
			data := at + FrameHeaderLength
			end := data + payload + headers
			if payload < 0 || headers < 0 || end > len(frames) || end < data {
				return messages, malformed(&Reader{}, "frame %d of the batch at %d runs past batch_length", i, pos)
			}
			messages = append(messages, Message{
				Checksum:        binary.LittleEndian.Uint64(frame[FrameHeaderChecksumOffset:]),
				ID:              U128{Lo: read64(frame[FrameHeaderIDOffset:]), Hi: read64(frame[FrameHeaderIDOffset+8:])},
				Offset:          baseOffset + uint64(binary.LittleEndian.Uint32(frame[FrameHeaderOffsetDeltaOffset:])),
				Timestamp:       baseTimestamp,
				OriginTimestamp: origin + uint64(binary.LittleEndian.Uint32(frame[FrameHeaderTimestampDeltaOffset:])),
				Payload:         frames[data : data+payload : data+payload],
				UserHeaders:     frames[data+payload : end : end],
			})
			at = end
		}
		if at != len(frames) {
			return messages, malformed(&Reader{}, "the batch at %d holds %d bytes after its %d frames", pos,
				len(frames)-at, count)
		}
		pos += int(length)
	}
	return messages, nil
}
