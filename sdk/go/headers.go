package iggy

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"

	"github.com/iggy-compat/iggy-compat/sdk/go/internal/codec"
)

// HeaderValue is a typed user-header value: its kind and its little-endian bytes.
type HeaderValue struct {
	Kind  HeaderKind
	Value []byte
}

// Headers are a message's user headers by string key.
type Headers map[string]HeaderValue

// StringHeader, BoolHeader, ... build typed values; RawHeader carries bytes as they are.
func StringHeader(v string) HeaderValue { return HeaderValue{HeaderKindString, []byte(v)} }
func RawHeader(v []byte) HeaderValue    { return HeaderValue{HeaderKindRaw, v} }
func BoolHeader(v bool) HeaderValue {
	if v {
		return HeaderValue{HeaderKindBool, []byte{1}}
	}
	return HeaderValue{HeaderKindBool, []byte{0}}
}
func Int8Header(v int8) HeaderValue     { return HeaderValue{HeaderKindInt8, []byte{byte(v)}} }
func Uint8Header(v uint8) HeaderValue   { return HeaderValue{HeaderKindUint8, []byte{v}} }
func Int16Header(v int16) HeaderValue   { return le16(HeaderKindInt16, uint16(v)) }
func Uint16Header(v uint16) HeaderValue { return le16(HeaderKindUint16, v) }
func Int32Header(v int32) HeaderValue   { return le32(HeaderKindInt32, uint32(v)) }
func Uint32Header(v uint32) HeaderValue { return le32(HeaderKindUint32, v) }
func Int64Header(v int64) HeaderValue   { return le64(HeaderKindInt64, uint64(v)) }
func Uint64Header(v uint64) HeaderValue { return le64(HeaderKindUint64, v) }
func Float32Header(v float32) HeaderValue {
	return le32(HeaderKindFloat32, math.Float32bits(v))
}
func Float64Header(v float64) HeaderValue { return le64(HeaderKindFloat64, math.Float64bits(v)) }

// Int128Header and Uint128Header take the 16 little-endian bytes of the value.
func Int128Header(le [16]byte) HeaderValue  { return HeaderValue{HeaderKindInt128, le[:]} }
func Uint128Header(le [16]byte) HeaderValue { return HeaderValue{HeaderKindUint128, le[:]} }

func le16(k HeaderKind, v uint16) HeaderValue {
	return HeaderValue{k, binary.LittleEndian.AppendUint16(nil, v)}
}
func le32(k HeaderKind, v uint32) HeaderValue {
	return HeaderValue{k, binary.LittleEndian.AppendUint32(nil, v)}
}
func le64(k HeaderKind, v uint64) HeaderValue {
	return HeaderValue{k, binary.LittleEndian.AppendUint64(nil, v)}
}

// encodeHeaders writes headers sorted by key (as the official Rust SDK does), checking the spec's limits.
func encodeHeaders(headers Headers) ([]byte, error) {
	if len(headers) == 0 {
		return nil, nil
	}
	keys := make([]string, 0, len(headers))
	for key := range headers {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	w := codec.Writer{}
	for _, key := range keys {
		value := headers[key]
		if len(key) == 0 || len(key) > HeaderKeyMaxBytes || len(value.Value) == 0 ||
			len(value.Value) > HeaderValueMaxBytes {
			return nil, newError(ErrorCodeInvalidFormat, fmt.Sprintf("header %q: key and value must be 1..%d bytes",
				key, HeaderKeyMaxBytes), nil)
		}
		w.U8(uint8(HeaderKindString))
		w.Len32(len(key))
		w.Bytes([]byte(key))
		w.U8(uint8(value.Kind))
		w.Len32(len(value.Value))
		w.Bytes(value.Value)
	}
	if len(w.Buf) > int(UserHeadersMaxBytes) {
		return nil, newError(ErrorCodeInvalidFormat, fmt.Sprintf("user headers take %d bytes, at most %d",
			len(w.Buf), UserHeadersMaxBytes), nil)
	}
	return w.Buf, nil
}

// ParseHeaders decodes a polled message's user headers (PolledMessage.UserHeaders); keys are their bytes.
func ParseHeaders(raw []byte) (Headers, error) {
	headers := Headers{}
	r := codec.NewReader(raw)
	for r.Remaining() > 0 && r.Err() == nil {
		r.U8() // key kind: keys are looked up by their bytes
		key := r.Bytes(int(r.U32()))
		kind := HeaderKind(r.U8())
		value := r.Bytes(int(r.U32()))
		headers[string(key)] = HeaderValue{Kind: kind, Value: value}
	}
	if err := r.Err(); err != nil {
		return nil, newError(ErrorCodeInvalidFormat, "malformed user headers: "+err.Error(), err)
	}
	return headers, nil
}
