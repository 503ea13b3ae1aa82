// Package codec is the Iggy wire codec of every protocol version (0.8, 0.9): the types and Encode/Decode methods
// generated from protocol-spec (codec_gen.go) on top of this small hand-written runtime (bounded reader, appending
// writer, u128), the 0.9 checksums (xxh3.go) and the hot-path views of sent and polled messages (hotpath.go).
package codec

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// Request is a command's request payload.
type Request interface {
	Value
	Code() uint32
}

// ErrorParamer is a request whose fields name error params (the spec's error_param): ErrorParam answers a param's
// text, so an error the server answered with only its code can name the request's stream, topic, partition, ...
type ErrorParamer interface {
	ErrorParam(param string) (string, bool)
}

// ParamText answers how a request field's value reads in an error message: an id or name as given, a consumer by
// its id, a partitioning only when it names a partition; false when there is no value (an absent partition).
func ParamText(value any) (string, bool) {
	switch v := value.(type) {
	case Identifier:
		if v.Kind == IdKindNumeric && len(v.Value) == 4 {
			return strconv.FormatUint(uint64(binary.LittleEndian.Uint32(v.Value)), 10), true
		}
		return string(v.Value), true
	case Consumer:
		return ParamText(v.ID)
	case Partitioning:
		if v.Kind != PartitioningKindPartitionId || len(v.Value) != 4 {
			return "", false
		}
		return strconv.FormatUint(uint64(binary.LittleEndian.Uint32(v.Value)), 10), true
	case *uint32:
		if v == nil {
			return "", false
		}
		return strconv.FormatUint(uint64(*v), 10), true
	case uint32:
		return strconv.FormatUint(uint64(v), 10), true
	case uint64:
		return strconv.FormatUint(v, 10), true
	case string:
		return v, true
	case *string:
		if v == nil {
			return "", false
		}
		return *v, true
	}
	return "", false // a type the spec does not allow an error_param on (spec.py ERROR_PARAM_TYPES)
}

// Value is anything with a wire form: request, response, record.
type Value interface {
	Encode(w *Writer)
	Decode(r *Reader)
}

// ErrMalformed wraps every decoding failure (truncated frame, count larger than the bytes present).
var ErrMalformed = errors.New("malformed frame")

// Version is a protocol version: major*1000 + minor (the generated Version0_8, Version0_9), so versions order.
// The zero value reads and writes as the oldest version.
type Version uint16

// Reader reads little-endian values from one buffer, as one protocol version lays them out. The first failure
// sticks (later reads answer zero values), so generated code checks once at the end. Byte fields are sub-slices
// of the buffer, not copies.
type Reader struct {
	buf     []byte
	pos     int
	err     error
	version Version
}

// NewReader reads buf from its start, in the oldest protocol version.
func NewReader(buf []byte) *Reader { return &Reader{buf: buf} }

// NewReaderAt reads buf from its start, in a protocol version.
func NewReaderAt(buf []byte, version Version) *Reader { return &Reader{buf: buf, version: version} }

// Version answers the protocol version the reader reads (0: the oldest).
func (r *Reader) Version() Version { return r.version }

// Err answers the first failure, or nil.
func (r *Reader) Err() error { return r.err }

// Remaining answers how many bytes are left to read.
func (r *Reader) Remaining() int { return len(r.buf) - r.pos }

// Pos answers how many bytes have been read.
func (r *Reader) Pos() int { return r.pos }

// Covered fails unless the bytes read since from are exactly the stated length: a covering length (Iggy's
// permissions_len) that disagrees with its block is a malformed frame, as Iggy 0.8 rejects it.
func (r *Reader) Covered(stated, from int, what string) {
	if r.err == nil && r.pos-from != stated {
		r.Fail("%s states %d bytes but covers %d", what, stated, r.pos-from)
	}
}

// Tolerate runs decode on what is left; a failure is not recorded but skips to the end, because an extension
// area whose tail does not parse is ignored (spec `tolerant`). It answers whether decode succeeded.
func (r *Reader) Tolerate(decode func(*Reader)) bool {
	if r.err != nil {
		return false
	}
	sub := &Reader{buf: r.buf, pos: r.pos, version: r.version}
	decode(sub)
	if sub.err != nil {
		r.pos = len(r.buf)
		return false
	}
	r.pos = sub.pos
	return true
}

// Fail records a failure (the first one wins).
func (r *Reader) Fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
	}
}

func (r *Reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.Remaining() {
		r.Fail("need %d bytes at %d, buffer has %d", n, r.pos, len(r.buf))
		return nil
	}
	b := r.buf[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return b
}

// U8 reads one byte.
func (r *Reader) U8() uint8 {
	if b := r.take(1); b != nil {
		return b[0]
	}
	return 0
}

// U16 reads a little-endian u16.
func (r *Reader) U16() uint16 {
	if b := r.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

// U32 reads a little-endian u32.
func (r *Reader) U32() uint32 {
	if b := r.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// U64 reads a little-endian u64.
func (r *Reader) U64() uint64 {
	if b := r.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// U128 reads a little-endian u128.
func (r *Reader) U128() U128 {
	if b := r.take(16); b != nil {
		return U128{Lo: binary.LittleEndian.Uint64(b), Hi: binary.LittleEndian.Uint64(b[8:])}
	}
	return U128{}
}

// F32 reads a little-endian IEEE 754 f32.
func (r *Reader) F32() float32 { return math.Float32frombits(r.U32()) }

// Bool reads one byte; any non-zero value is true.
func (r *Reader) Bool() bool { return r.U8() != 0 }

// Flag reads a spec `role = "flag"` byte: 0 or 1. Any other value fails the decode instead of reading as
// "absent", which would silently drop the data the flag announces (an UpdatePermissions clearing permissions).
func (r *Reader) Flag() uint8 {
	v := r.U8()
	if v > 1 {
		r.Fail("flag byte must be 0 or 1, got %d", v)
		return 0
	}
	return v
}

// Bytes answers the next n bytes as a sub-slice of the buffer.
func (r *Reader) Bytes(n int) []byte {
	b := r.take(n)
	if b == nil {
		return []byte{}
	}
	return b
}

// Rest answers every remaining byte.
func (r *Reader) Rest() []byte { return r.Bytes(r.Remaining()) }

// Skip drops n bytes.
func (r *Reader) Skip(n int) { r.take(n) }

// Reserved drops n bytes that must be zero (a spec `reserved` area): anything else fails the decode.
func (r *Reader) Reserved(n int, what string) {
	for i, b := range r.take(n) {
		if b != 0 {
			r.Fail("%s: byte %d is %d, not 0", what, i, b)
			return
		}
	}
}

// Str8 reads a u8-length-prefixed UTF-8 string.
func (r *Reader) Str8() string { return string(r.Bytes(int(r.U8()))) }

// Str32 reads a u32-length-prefixed UTF-8 string.
func (r *Reader) Str32() string { return string(r.Bytes(int(r.U32()))) }

// Count checks a list length read off the wire against the bytes present (every element takes at least one
// byte), so a peer's count never sizes an allocation larger than what it actually sent.
func (r *Reader) Count(n uint64) int {
	if n > uint64(r.Remaining()) {
		r.Fail("count %d exceeds the %d bytes left", n, r.Remaining())
		return 0
	}
	return int(n)
}

// Writer appends little-endian values to Buf, as protocol version Version lays them out (0: the oldest). The
// first failure sticks (e.g. a name longer than 255 bytes).
type Writer struct {
	Buf     []byte
	Version Version
	err     error
}

// Err answers the first failure, or nil.
func (w *Writer) Err() error { return w.err }

// Fail records a failure (the first one wins).
func (w *Writer) Fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("cannot encode: "+format, args...)
	}
}

// U8 appends one byte.
func (w *Writer) U8(v uint8) { w.Buf = append(w.Buf, v) }

// U16 appends a little-endian u16.
func (w *Writer) U16(v uint16) { w.Buf = binary.LittleEndian.AppendUint16(w.Buf, v) }

// U32 appends a little-endian u32.
func (w *Writer) U32(v uint32) { w.Buf = binary.LittleEndian.AppendUint32(w.Buf, v) }

// U64 appends a little-endian u64.
func (w *Writer) U64(v uint64) { w.Buf = binary.LittleEndian.AppendUint64(w.Buf, v) }

// U128 appends a little-endian u128.
func (w *Writer) U128(v U128) {
	w.U64(v.Lo)
	w.U64(v.Hi)
}

// F32 appends a little-endian IEEE 754 f32.
func (w *Writer) F32(v float32) { w.U32(math.Float32bits(v)) }

// Bool appends 1 or 0.
func (w *Writer) Bool(v bool) {
	if v {
		w.U8(1)
	} else {
		w.U8(0)
	}
}

// Bytes appends b as is.
func (w *Writer) Bytes(b []byte) { w.Buf = append(w.Buf, b...) }

// FixedBytes appends b, which must be exactly n bytes long.
func (w *Writer) FixedBytes(b []byte, n int) {
	if len(b) != n {
		w.Fail("a %d-byte field got %d bytes", n, len(b))
	}
	w.Bytes(b)
}

// Zeros appends n zero bytes.
func (w *Writer) Zeros(n int) {
	w.Buf = append(w.Buf, make([]byte, n)...)
}

// Len8 appends a u8 length, failing when n does not fit.
func (w *Writer) Len8(n int) {
	if n > math.MaxUint8 {
		w.Fail("%d bytes do not fit a u8 length", n)
	}
	w.U8(uint8(n))
}

// Len32 appends a u32 length, failing when n does not fit.
func (w *Writer) Len32(n int) {
	if uint64(n) > math.MaxUint32 {
		w.Fail("%d bytes do not fit a u32 length", n)
	}
	w.U32(uint32(n))
}

// Str8 appends a u8-length-prefixed string.
func (w *Writer) Str8(s string) {
	w.Len8(len(s))
	w.Buf = append(w.Buf, s...)
}

// Str32 appends a u32-length-prefixed string.
func (w *Writer) Str32(s string) {
	w.Len32(len(s))
	w.Buf = append(w.Buf, s...)
}

// ReserveLen32 appends a u32 placeholder for the byte size of what follows; PatchLen32 fills it in.
func (w *Writer) ReserveLen32() int {
	mark := len(w.Buf)
	w.U32(0)
	return mark
}

// PatchLen32 writes the number of bytes appended since ReserveLen32 into its placeholder.
func (w *Writer) PatchLen32(mark int) {
	binary.LittleEndian.PutUint32(w.Buf[mark:], uint32(len(w.Buf)-mark-4))
}

// ReserveTotal64 appends a u64 placeholder for the byte size of the whole record it is in (a spec
// `total_length`, a 0.9 batch's batch_length); PatchTotal64 fills it in once the record is written.
func (w *Writer) ReserveTotal64() int {
	mark := len(w.Buf)
	w.U64(0)
	return mark
}

// PatchTotal64 writes the number of bytes appended since start (where the record began) into the placeholder.
func (w *Writer) PatchTotal64(mark, start int) {
	binary.LittleEndian.PutUint64(w.Buf[mark:], uint64(len(w.Buf)-start))
}

// Encode answers the wire form of v in the oldest protocol version (nil v: empty).
func Encode(v Value) ([]byte, error) { return EncodeAt(v, 0) }

// EncodeAt answers the wire form of v in a protocol version (nil v: empty).
func EncodeAt(v Value, version Version) ([]byte, error) {
	w := &Writer{Version: version}
	if v != nil {
		v.Encode(w)
	}
	return w.Buf, w.err
}

// Decode reads v from the whole of buf in the oldest protocol version; trailing bytes are an error (use
// DecodePrefix to allow them).
func Decode(buf []byte, v Value) error { return DecodeAt(buf, v, 0) }

// DecodeAt reads v from the whole of buf in a protocol version; trailing bytes are an error.
func DecodeAt(buf []byte, v Value, version Version) error {
	r := NewReaderAt(buf, version)
	v.Decode(r)
	if r.err == nil && r.Remaining() > 0 {
		r.Fail("%d trailing bytes", r.Remaining())
	}
	return r.err
}

// DecodePrefix reads v from the start of buf in the oldest protocol version and ignores bytes after it, as the
// official decoders do (a newer server may append fields at the end of a record).
func DecodePrefix(buf []byte, v Value) error { return DecodePrefixAt(buf, v, 0) }

// DecodePrefixAt is DecodePrefix in a protocol version.
func DecodePrefixAt(buf []byte, v Value, version Version) error {
	r := NewReaderAt(buf, version)
	v.Decode(r)
	return r.err
}

// U128 is an unsigned 128-bit integer (message ids). JSON: a decimal number.
type U128 struct {
	Lo, Hi uint64
}

// Big answers the value as a big.Int.
func (v U128) Big() *big.Int {
	n := new(big.Int).SetUint64(v.Hi)
	n.Lsh(n, 64)
	return n.Or(n, new(big.Int).SetUint64(v.Lo))
}

// String answers the decimal form.
func (v U128) String() string { return v.Big().String() }

// ParseU128 parses a decimal u128.
func ParseU128(text string) (U128, error) {
	n, ok := new(big.Int).SetString(text, 10)
	if !ok || n.Sign() < 0 || n.BitLen() > 128 {
		return U128{}, fmt.Errorf("not a u128: %q", text)
	}
	lo := new(big.Int).And(n, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	return U128{Lo: lo, Hi: new(big.Int).Rsh(n, 64).Uint64()}, nil
}

// MarshalJSON writes the decimal number.
func (v U128) MarshalJSON() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalJSON reads a decimal number or a string holding one.
func (v *U128) UnmarshalJSON(data []byte) error {
	text := string(data)
	if unquoted, err := strconv.Unquote(text); err == nil {
		text = unquoted
	}
	parsed, err := ParseU128(text)
	*v = parsed
	return err
}

// U8 is one element of a repeated u8 field: JSON writes a list of U8 as numbers, not as base64.
type U8 uint8

// MarshalJSON writes the number.
func (v U8) MarshalJSON() ([]byte, error) { return json.Marshal(uint8(v)) }

// OptionalU32 reads a flag byte and a u32: nil when the flag is 0 (the u32 is then ignored).
func (r *Reader) OptionalU32() *uint32 {
	flag, value := r.Flag(), r.U32()
	if flag != 1 {
		return nil
	}
	return &value
}

// OptionalU32 writes flag 1 and the value, or flag 0 and 0 for nil.
func (w *Writer) OptionalU32(v *uint32) {
	if v == nil {
		w.U8(0)
		w.U32(0)
		return
	}
	w.U8(1)
	w.U32(*v)
}

// Count8 appends a u8 list length, failing when n does not fit.
func (w *Writer) Count8(n int) { w.Len8(n) }

// Count32 appends a u32 list length, failing when n does not fit.
func (w *Writer) Count32(n int) { w.Len32(n) }

// IndexMark is where ReserveIndex left room for an index table and where the frames it indexes begin.
type IndexMark struct {
	at, size, framesStart int
}

// ReserveIndex leaves room for n index entries of size bytes; the frames must follow right after it.
func (w *Writer) ReserveIndex(n, size int) IndexMark {
	mark := IndexMark{at: len(w.Buf), size: size}
	w.Zeros(n * size)
	mark.framesStart = len(w.Buf)
	return mark
}

// FillIndex writes entry i once frame i is written: relative offset 0, position = the cumulative end of the
// frame counted from the first frame, timestamp 0 (the server assigns offsets and timestamps).
func (w *Writer) FillIndex(mark IndexMark, i int) {
	position := len(w.Buf) - mark.framesStart
	if uint64(position) > math.MaxUint32 {
		w.Fail("frames end at %d bytes, beyond a u32 index position", position)
	}
	entry := w.Buf[mark.at+i*mark.size : mark.at+(i+1)*mark.size]
	binary.LittleEndian.PutUint32(entry[IndexEntryPositionOffset:], uint32(position))
}

// MarshalJSON writes a numeric identifier as a number and a named one as a string.
func (v Identifier) MarshalJSON() ([]byte, error) {
	if v.Kind == IdKindNumeric && len(v.Value) == NumericIdentifierLength {
		return json.Marshal(binary.LittleEndian.Uint32(v.Value))
	}
	return json.Marshal(string(v.Value))
}

// UnmarshalJSON reads a number (numeric id) or a string (name).
func (v *Identifier) UnmarshalJSON(data []byte) error {
	var name string
	if err := json.Unmarshal(data, &name); err == nil {
		*v = Identifier{Kind: IdKindString, Value: []byte(name)}
		return nil
	}
	var id uint32
	if err := json.Unmarshal(data, &id); err != nil {
		return fmt.Errorf("identifier: want a number or a string, got %s", data)
	}
	*v = Identifier{Kind: IdKindNumeric, Value: binary.LittleEndian.AppendUint32(nil, id)}
	return nil
}

// jsonUserHeader is one user header in the fixtures' `fields` form.
type jsonUserHeader struct {
	KeyKind   uint8  `json:"key_kind"`
	Key       []byte `json:"key"`
	ValueKind uint8  `json:"value_kind"`
	Value     []byte `json:"value"`
}

type messageJSON struct {
	Checksum        uint64           `json:"checksum"`
	ID              U128             `json:"id"`
	Offset          uint64           `json:"offset"`
	Timestamp       uint64           `json:"timestamp"`
	OriginTimestamp uint64           `json:"origin_timestamp"`
	Payload         []byte           `json:"payload"`
	UserHeaders     []jsonUserHeader `json:"user_headers"`
}

// userHeadersJSON turns a user-headers block into its `fields` form: a list of entries.
func userHeadersJSON(raw []byte) ([]jsonUserHeader, error) {
	out := []jsonUserHeader{}
	r := NewReader(raw)
	for r.Remaining() > 0 && r.Err() == nil {
		var h jsonUserHeader
		h.KeyKind = r.U8()
		h.Key = r.Bytes(int(r.U32()))
		h.ValueKind = r.U8()
		h.Value = r.Bytes(int(r.U32()))
		out = append(out, h)
	}
	return out, r.Err()
}

// userHeadersWire turns the `fields` form of user headers back into their wire form.
func userHeadersWire(entries []jsonUserHeader) ([]byte, error) {
	w := Writer{}
	for _, h := range entries {
		w.U8(h.KeyKind)
		w.Len32(len(h.Key))
		w.Bytes(h.Key)
		w.U8(h.ValueKind)
		w.Len32(len(h.Value))
		w.Bytes(h.Value)
	}
	return w.Buf, w.Err()
}

// MarshalJSON writes the user headers as a list of entries (the raw bytes stay the wire form).
func (v Message) MarshalJSON() ([]byte, error) {
	headers, err := userHeadersJSON(v.UserHeaders)
	if err != nil {
		return nil, err
	}
	return json.Marshal(messageJSON{v.Checksum, v.ID, v.Offset, v.Timestamp, v.OriginTimestamp, v.Payload, headers})
}

// UnmarshalJSON reads the `fields` form back into the wire form of the user headers.
func (v *Message) UnmarshalJSON(data []byte) error {
	var in messageJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	headers, err := userHeadersWire(in.UserHeaders)
	*v = Message{in.Checksum, in.ID, in.Offset, in.Timestamp, in.OriginTimestamp, in.Payload, headers}
	return err
}

type frameJSON struct {
	Checksum       uint64           `json:"checksum"`
	ID             U128             `json:"id"`
	OffsetDelta    uint32           `json:"offset_delta"`
	TimestampDelta uint32           `json:"timestamp_delta"`
	Payload        []byte           `json:"payload"`
	UserHeaders    []jsonUserHeader `json:"user_headers"`
}

// MarshalJSON writes a 0.9 frame's user headers as a list of entries, as Message does.
func (v Frame) MarshalJSON() ([]byte, error) {
	headers, err := userHeadersJSON(v.UserHeaders)
	if err != nil {
		return nil, err
	}
	return json.Marshal(frameJSON{v.Checksum, v.ID, v.OffsetDelta, v.TimestampDelta, v.Payload, headers})
}

// UnmarshalJSON reads the `fields` form of a 0.9 frame.
func (v *Frame) UnmarshalJSON(data []byte) error {
	var in frameJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	headers, err := userHeadersWire(in.UserHeaders)
	*v = Frame{in.Checksum, in.ID, in.OffsetDelta, in.TimestampDelta, in.Payload, headers}
	return err
}
