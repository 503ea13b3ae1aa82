package codec

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func numeric(id uint32) Identifier {
	return Identifier{Kind: IdKindNumeric, Value: binary.LittleEndian.AppendUint32(nil, id)}
}

func named(name string) Identifier { return Identifier{Kind: IdKindString, Value: []byte(name)} }

// sampleMessages: ids, payloads of several sizes, one message with user headers.
func sampleMessages() []Message {
	headers, _ := userHeadersWire([]jsonUserHeader{{KeyKind: HeaderKindString, Key: []byte("k"),
		ValueKind: HeaderKindUint8, Value: []byte{7}}})
	return []Message{
		{ID: U128{Lo: 1, Hi: 2}, Payload: []byte("hello")},
		{ID: U128{Lo: 3}, Payload: bytes.Repeat([]byte{0xab}, 300), UserHeaders: headers},
		{ID: U128{Hi: 9}, Payload: []byte("x")},
	}
}

func source(messages []Message) MessageSource {
	return func(i int) (U128, []byte, []byte) {
		return messages[i].ID, messages[i].Payload, messages[i].UserHeaders
	}
}

// The 0.8 hot path writes exactly what the generated SendMessagesRequest writes.
func TestAppendSendMessages08MatchesTheGeneratedCodec(t *testing.T) {
	messages := sampleMessages()
	partitioning := Partitioning{Kind: PartitioningKindPartitionId, Value: []byte{3, 0, 0, 0}}
	hot := Writer{Version: Version0_8}
	AppendSendMessages(&hot, numeric(1), named("topic"), partitioning, len(messages), source(messages))
	generated, err := EncodeAt(&SendMessagesRequest{StreamID: numeric(1), TopicID: named("topic"),
		Partitioning: partitioning, Messages: messages}, Version0_8)
	if err != nil || hot.Err() != nil || !bytes.Equal(hot.Buf, generated) {
		t.Fatalf("hot path differs (%v, %v):\n hot       %x\n generated %x", err, hot.Err(), hot.Buf, generated)
	}
	if len(hot.Buf) != SendMessagesSize(Version0_8, 6+7+6, len(messages), 5+300+len(messages[1].UserHeaders)+1) {
		t.Errorf("SendMessagesSize does not predict the %d bytes written", len(hot.Buf))
	}
}

// The 0.9 hot path writes a batch the generated codec reads back: ids kept (zero ids become UUIDv4s), offset
// deltas 0..n-1, the send time as origin, and checksums that verify.
func TestAppendSendMessages09WritesAVerifiableBatch(t *testing.T) {
	defer func(saved func() int64) { nowMicros = saved }(nowMicros)
	nowMicros = func() int64 { return 1_795_793_062_546_952 }
	messages := sampleMessages()
	messages[2].ID = U128{}
	partitioning := Partitioning{Kind: PartitioningKindPartitionId, Value: []byte{0, 0, 0, 0}}
	hot := Writer{Version: Version0_9}
	AppendSendMessages(&hot, named("s1"), named("t1"), partitioning, len(messages), source(messages))
	if hot.Err() != nil {
		t.Fatal(hot.Err())
	}
	dataBytes := 5 + 300 + len(messages[1].UserHeaders) + 1
	if len(hot.Buf) != SendMessagesSize(Version0_9, 4+4+6, len(messages), dataBytes) {
		t.Errorf("SendMessagesSize does not predict the %d bytes written", len(hot.Buf))
	}
	var request SendMessagesRequest
	if err := DecodeAt(hot.Buf, &request, Version0_9); err != nil {
		t.Fatalf("the generated codec cannot read the batch: %v", err)
	}
	batch := request.Batch
	if batch.PartitionID != 0 || batch.BaseOffset != 0 || batch.BaseTimestamp != 0 ||
		batch.OriginTimestamp != 1_795_793_062_546_952 || len(batch.Frames) != 3 {
		t.Fatalf("batch header %+v", batch)
	}
	for i, frame := range batch.Frames {
		want := messages[i].ID
		if i == 2 {
			if want = frame.ID; want == (U128{}) || (want.Lo>>48)&0xf0 != 0x40 || want.Hi&0xc0 != 0x80 {
				t.Errorf("a zero id became %x, not a UUIDv4", want)
			}
		}
		if frame.ID != want || frame.OffsetDelta != uint32(i) || frame.TimestampDelta != 0 ||
			!bytes.Equal(frame.Payload, messages[i].Payload) || !bytes.Equal(frame.UserHeaders, messages[i].UserHeaders) {
			t.Errorf("frame %d: %+v", i, frame)
		}
	}
	checkBatchChecksums(t, hot.Buf[len(hot.Buf)-int(binaryBatchLength(t, hot.Buf)):])
}

func binaryBatchLength(t *testing.T, body []byte) uint64 {
	t.Helper()
	metadata := int(binary.LittleEndian.Uint32(body))
	return binary.LittleEndian.Uint64(body[4+metadata+BatchHeaderBatchLengthOffset:])
}

// checkBatchChecksums recomputes every frame checksum and the batch checksum of one encoded batch.
func checkBatchChecksums(t *testing.T, batch []byte) {
	t.Helper()
	header := batch[:BatchHeaderLength]
	count := int(binary.LittleEndian.Uint32(header[BatchHeaderMessageCountOffset:]))
	scratch := make([]byte, BatchHeaderBatchChecksumOffset+BatchHeaderMessageCountSize+8*count)
	at := BatchHeaderLength
	for i := 0; i < count; i++ {
		frame := batch[at:]
		size := FrameHeaderLength + int(binary.LittleEndian.Uint32(frame[FrameHeaderPayloadLengthOffset:])) +
			int(binary.LittleEndian.Uint32(frame[FrameHeaderUserHeadersLengthOffset:]))
		stored := binary.LittleEndian.Uint64(frame[FrameHeaderChecksumOffset:])
		if computed := XXH3(frame[FrameHeaderChecksumSize:size]); computed != stored {
			t.Errorf("frame %d: checksum %#x, its bytes hash to %#x", i, stored, computed)
		}
		copy(scratch[BatchHeaderBatchChecksumOffset+BatchHeaderMessageCountSize+8*i:], frame[:8])
		at += size
	}
	stored := binary.LittleEndian.Uint64(header[BatchHeaderBatchChecksumOffset:])
	if computed := batchChecksum(header, scratch); computed != stored {
		t.Errorf("batch checksum %#x, computed %#x", stored, computed)
	}
}

// The checksums in the batch apache-iggy 0.9.0 sent (the captured fixture) are what this package computes.
func TestChecksumsAgreeWithTheOfficialClient(t *testing.T) {
	for _, f := range loadFixturesV09(t) {
		if f.Name != "send_messages_request" {
			continue
		}
		frame, err := hex.DecodeString(f.Hex)
		if err != nil {
			t.Fatal(err)
		}
		body := frame[VsrHeaderSize:]
		checkBatchChecksums(t, body[len(body)-int(binaryBatchLength(t, body)):])
		return
	}
	t.Fatal("no send_messages_request fixture")
}

// DecodePolled reads the captured poll answers to the messages the generated codec reads (0.9: derived from the
// batches).
func TestDecodePolledMatchesTheGeneratedCodec(t *testing.T) {
	checked := 0
	for _, f := range loadFixtures(t) {
		if f.Code != 100 || f.Direction != "response" { // tidy: allow-code (PollMessages)
			continue
		}
		_, payload := payloadOf(t, f)
		var generated, hot PolledMessages
		if err := Decode(payload, &generated); err != nil {
			t.Fatal(err)
		}
		if err := DecodePolled(payload, Version0_8, &hot); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(generated.Messages) == 0 && len(hot.Messages) == 0 {
			generated.Messages = hot.Messages
		}
		if !reflect.DeepEqual(hot, generated) {
			t.Errorf("%s:\n hot       %+v\n generated %+v", f.Name, hot, generated)
		}
		checked++
	}
	for _, f := range loadFixturesV09(t) {
		if f.Code != 100 || f.Frame != "reply" { // tidy: allow-code (PollMessages)
			continue
		}
		frame, _ := hex.DecodeString(f.Hex)
		body := frame[VsrHeaderSize:]
		var generated, hot PolledMessages
		if err := DecodeAt(body, &generated, Version0_9); err != nil {
			t.Fatal(err)
		}
		if err := DecodePolled(body, Version0_9, &hot); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		var want []Message
		for _, batch := range generated.Batches {
			for _, frame := range batch.Frames {
				want = append(want, Message{Checksum: frame.Checksum, ID: frame.ID,
					Offset: batch.BaseOffset + uint64(frame.OffsetDelta), Timestamp: batch.BaseTimestamp,
					OriginTimestamp: batch.OriginTimestamp + uint64(frame.TimestampDelta), Payload: frame.Payload,
					UserHeaders: frame.UserHeaders})
			}
		}
		if len(want) == 0 || !reflect.DeepEqual(hot.Messages, want) || hot.PartitionID != generated.PartitionID ||
			hot.CurrentOffset != generated.CurrentOffset || hot.MessagesCount != generated.MessagesCount {
			t.Errorf("%s:\n hot  %+v\n want %+v", f.Name, hot.Messages, want)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("only %d poll answers checked", checked)
	}
}

// Truncated or inconsistent answers fail instead of reading out of bounds or inventing messages.
func TestDecodePolledRefusesMalformedAnswers(t *testing.T) {
	defer func(saved func() int64) { nowMicros = saved }(nowMicros)
	nowMicros = func() int64 { return 5 }
	messages := sampleMessages()
	w := Writer{Version: Version0_9}
	appendBatch(&w, len(messages), source(messages), 5)
	batch := w.Buf
	prefix := make([]byte, PollResponsePrefixSize)
	binary.LittleEndian.PutUint32(prefix[12:], 3)
	valid := append(append([]byte{}, prefix...), batch...)
	var out PolledMessages
	if err := DecodePolled(valid, Version0_9, &out); err != nil || len(out.Messages) != 3 {
		t.Fatalf("the valid answer: %v, %d messages", err, len(out.Messages))
	}
	cases := map[string][]byte{
		"cut in the prefix":       valid[:10],
		"cut in the batch header": valid[:PollResponsePrefixSize+100],
		"cut in a frame":          valid[:len(valid)-3],
	}
	reserved := append([]byte{}, valid...)
	reserved[PollResponsePrefixSize+BatchHeaderReservedOffset+5] = 1
	cases["reserved batch bytes set"] = reserved
	overlong := append([]byte{}, valid...)
	binary.LittleEndian.PutUint64(overlong[PollResponsePrefixSize+BatchHeaderBatchLengthOffset:], 1<<40)
	cases["batch_length past the end"] = overlong
	extra := append(append([]byte{}, valid...), make([]byte, 10)...)
	cases["bytes after the last batch"] = extra
	for name, body := range cases {
		if err := DecodePolled(body, Version0_9, &out); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	w08 := Writer{}
	AppendSendMessages(&w08, numeric(1), numeric(1), Partitioning{Kind: PartitioningKindBalanced}, 3, source(messages))
	var request SendMessagesRequest
	if err := Decode(w08.Buf, &request); err != nil {
		t.Fatal(err)
	}
	frames, _ := EncodeAt(&PolledMessages{MessagesCount: 3, Messages: request.Messages}, Version0_8)
	if err := DecodePolled(frames[:len(frames)-1], Version0_8, &out); err == nil ||
		!strings.Contains(err.Error(), "past the answer's end") {
		t.Errorf("a cut 0.8 answer: %v", err)
	}
}
