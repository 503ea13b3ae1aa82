"""Hash helpers against the reference's known answers (§4.2)."""

from native_vectors import V13_CHECKSUMS, V13_FRAMES

from iggy_server import _native


def test_xxh3_64_known_answers():
    assert _native.xxh3_64(b"") == 0x2D06800538D394C2
    assert _native.xxh3_64(b"hello") == 0x9555E8555C62DCFD
    assert _native.xxh3_64(V13_FRAMES[8:69]) == V13_CHECKSUMS[0]
    assert _native.xxh3_64(memoryview(V13_FRAMES)[69 + 8 :]) == V13_CHECKSUMS[1]


# Inputs above 240 bytes take XXH3's long path, which twox-hash vectorises (AVX2 when the CPU has it, chosen at
# run time). The expected values come from the reference C implementation (python-xxhash 3.x, xxhash.xxh3_64 /
# xxhash.xxh32) and agree with xxhash-rust, which the server used before.
_LONG_XXH3_64 = {
    240: 0x22F28CBBFAF0447F,
    241: 0x07525DBC14902C7F,
    1056: 0xCC54B6F7F78E3930,  # one 1000-byte message without its checksum field
    4096: 0x04A1779C9E7DDCD7,
    100_003: 0xE449A420F68908DB,
}


def _pattern(length: int) -> bytes:
    return bytes((i * 31 + 7) % 251 for i in range(length))


def test_xxh3_64_long_inputs_match_the_reference():
    for length, expected in _LONG_XXH3_64.items():
        assert _native.xxh3_64(_pattern(length)) == expected, length


def test_xxh32_long_input_matches_the_reference():
    assert _native.xxh32(_pattern(1056)) == 0xF9F133ED


def test_xxh32_known_answers():
    assert _native.xxh32(b"hello world") == 0xCEBB6622
    assert _native.xxh32(b"user-42") == 0x61819A7E
    assert _native.xxh32(b"user-42") % 4 == 2
    assert _native.xxh32(bytearray(b"127.0.0.1:47506")) == 1392565928
    assert _native.xxh32(b"hello world", seed=1) != _native.xxh32(b"hello world")
