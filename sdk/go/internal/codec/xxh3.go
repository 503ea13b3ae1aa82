package codec

import (
	"encoding/binary"
	"math/bits"
)

// The checksums Iggy 0.9 puts on the wire: XXH3-64 with seed 0 and the default secret (message frames, batches,
// request bodies) and XXH32 with seed 0 (the official clients' partition for a message key). The SDK is
// standard-library only, so both are written here from the xxHash specification
// (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md); xxh3_test.go checks them against the
// reference implementation's outputs for every input length class.

const (
	prime32_1 = 0x9E3779B1
	prime32_2 = 0x85EBCA77
	prime32_3 = 0xC2B2AE3D
	prime32_4 = 0x27D4EB2F
	prime32_5 = 0x165667B1
	prime64_1 = 0x9E3779B185EBCA87
	prime64_2 = 0xC2B2AE3D27D4EB4F
	prime64_3 = 0x165667B19E3779F9
	prime64_4 = 0x85EBCA77C2B2AE63
	prime64_5 = 0x27D4EB2F165667C5
	primeMx1  = 0x165667919E3779F9
	primeMx2  = 0x9FB21C651E98DF25

	xxh3StripeBytes     = 64
	xxh3SecretBytes     = 192
	xxh3StripesPerBlock = (xxh3SecretBytes - xxh3StripeBytes) / 8
	xxh3BlockBytes      = xxh3StripeBytes * xxh3StripesPerBlock
	xxh3MidSizeMax      = 240
)

// xxh3Secret is XXH3's default secret (kSecret).
var xxh3Secret = [xxh3SecretBytes]byte{
	0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
	0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
	0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
	0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
	0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
	0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
	0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
	0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
	0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
	0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
	0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
	0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
}

func read32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }
func read64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

func xxh64Avalanche(h uint64) uint64 {
	h ^= h >> 33
	h *= prime64_2
	h ^= h >> 29
	h *= prime64_3
	return h ^ h>>32
}

func xxh3Avalanche(h uint64) uint64 {
	h ^= h >> 37
	h *= primeMx1
	return h ^ h>>32
}

func rrmxmx(h uint64, length int) uint64 {
	h ^= bits.RotateLeft64(h, 49) ^ bits.RotateLeft64(h, 24)
	h *= primeMx2
	h ^= (h >> 35) + uint64(length)
	h *= primeMx2
	return h ^ h>>28
}

func mul128Fold64(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func mix16(in, secret []byte) uint64 {
	return mul128Fold64(read64(in)^read64(secret), read64(in[8:])^read64(secret[8:]))
}

// XXH3 answers XXH3-64 of b with seed 0 and the default secret.
func XXH3(b []byte) uint64 {
	n := len(b)
	secret := xxh3Secret[:]
	switch {
	case n == 0:
		return xxh64Avalanche(read64(secret[56:]) ^ read64(secret[64:]))
	case n <= 3:
		combined := uint32(b[0])<<16 | uint32(b[n>>1])<<24 | uint32(b[n-1]) | uint32(n)<<8
		return xxh64Avalanche(uint64(combined) ^ uint64(read32(secret)^read32(secret[4:])))
	case n <= 8:
		flip := read64(secret[8:]) ^ read64(secret[16:])
		input := uint64(read32(b[n-4:])) + uint64(read32(b))<<32
		return rrmxmx(input^flip, n)
	case n <= 16:
		low := read64(b) ^ (read64(secret[24:]) ^ read64(secret[32:]))
		high := read64(b[n-8:]) ^ (read64(secret[40:]) ^ read64(secret[48:]))
		acc := uint64(n) + bits.ReverseBytes64(low) + high + mul128Fold64(low, high)
		return xxh3Avalanche(acc)
	case n <= 128:
		acc := uint64(n) * prime64_1
		if n > 32 {
			if n > 64 {
				if n > 96 {
					acc += mix16(b[48:], secret[96:])
					acc += mix16(b[n-64:], secret[112:])
				}
				acc += mix16(b[32:], secret[64:])
				acc += mix16(b[n-48:], secret[80:])
			}
			acc += mix16(b[16:], secret[32:])
			acc += mix16(b[n-32:], secret[48:])
		}
		acc += mix16(b, secret)
		acc += mix16(b[n-16:], secret[16:])
		return xxh3Avalanche(acc)
	case n <= xxh3MidSizeMax:
		acc := uint64(n) * prime64_1
		for i := 0; i < 8; i++ {
			acc += mix16(b[16*i:], secret[16*i:])
		}
		acc = xxh3Avalanche(acc)
		for i := 8; i < n/16; i++ {
			acc += mix16(b[16*i:], secret[16*(i-8)+3:])
		}
		acc += mix16(b[n-16:], secret[136-17:])
		return xxh3Avalanche(acc)
	}
	return xxh3Long(b)
}

func xxh3Long(b []byte) uint64 {
	acc := [8]uint64{prime32_3, prime64_1, prime64_2, prime64_3, prime64_4, prime32_2, prime64_5, prime32_1}
	secret := xxh3Secret[:]
	n := len(b)
	blocks := (n - 1) / xxh3BlockBytes
	for block := 0; block < blocks; block++ {
		xxh3Accumulate(&acc, b[block*xxh3BlockBytes:], xxh3StripesPerBlock)
		xxh3Scramble(&acc, secret[xxh3SecretBytes-xxh3StripeBytes:])
	}
	stripes := ((n - 1) - xxh3BlockBytes*blocks) / xxh3StripeBytes
	xxh3Accumulate(&acc, b[blocks*xxh3BlockBytes:], stripes)
	xxh3Accumulate512(&acc, b[n-xxh3StripeBytes:], secret[xxh3SecretBytes-xxh3StripeBytes-7:])
	result := uint64(n) * prime64_1
	for i := 0; i < 4; i++ {
		result += mul128Fold64(acc[2*i]^read64(secret[11+16*i:]), acc[2*i+1]^read64(secret[11+16*i+8:]))
	}
	return xxh3Avalanche(result)
}

func xxh3Accumulate(acc *[8]uint64, b []byte, stripes int) {
	for stripe := 0; stripe < stripes; stripe++ {
		xxh3Accumulate512(acc, b[stripe*xxh3StripeBytes:], xxh3Secret[stripe*8:])
	}
}

func xxh3Accumulate512(acc *[8]uint64, b, secret []byte) {
	b, secret = b[:64], secret[:64]
	for i := 0; i < 8; i++ {
		value := read64(b[8*i:])
		key := value ^ read64(secret[8*i:])
		acc[i^1] += value
		acc[i] += uint64(uint32(key)) * (key >> 32)
	}
}

func xxh3Scramble(acc *[8]uint64, secret []byte) {
	for i := 0; i < 8; i++ {
		a := acc[i]
		a ^= a >> 47
		a ^= read64(secret[8*i:])
		acc[i] = a * prime32_1
	}
}

// XXH32 answers XXH32 of b with seed 0.
func XXH32(b []byte) uint32 {
	n := len(b)
	var h uint32
	rest := b
	if n >= 16 {
		p1, p2 := uint32(prime32_1), uint32(prime32_2)
		v1, v2, v3, v4 := p1+p2, p2, uint32(0), -p1
		round := func(acc, input uint32) uint32 { return bits.RotateLeft32(acc+input*prime32_2, 13) * prime32_1 }
		for len(rest) >= 16 {
			v1 = round(v1, read32(rest))
			v2 = round(v2, read32(rest[4:]))
			v3 = round(v3, read32(rest[8:]))
			v4 = round(v4, read32(rest[12:]))
			rest = rest[16:]
		}
		h = bits.RotateLeft32(v1, 1) + bits.RotateLeft32(v2, 7) + bits.RotateLeft32(v3, 12) + bits.RotateLeft32(v4, 18)
	} else {
		h = prime32_5
	}
	h += uint32(n)
	for len(rest) >= 4 {
		h = bits.RotateLeft32(h+read32(rest)*prime32_3, 17) * prime32_4
		rest = rest[4:]
	}
	for _, c := range rest {
		h = bits.RotateLeft32(h+uint32(c)*prime32_5, 11) * prime32_1
	}
	h ^= h >> 15
	h *= prime32_2
	h ^= h >> 13
	h *= prime32_3
	return h ^ h>>16
}
