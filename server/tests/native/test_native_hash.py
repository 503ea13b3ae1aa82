"""Hash helpers against the reference's known answers (§4.2)."""

from native_vectors import V13_CHECKSUMS, V13_FRAMES

from iggy_server import _native


def test_xxh3_64_known_answers():
    assert _native.xxh3_64(b"") == 0x2D06800538D394C2
    assert _native.xxh3_64(b"hello") == 0x9555E8555C62DCFD
    assert _native.xxh3_64(V13_FRAMES[8:69]) == V13_CHECKSUMS[0]
    assert _native.xxh3_64(memoryview(V13_FRAMES)[69 + 8 :]) == V13_CHECKSUMS[1]


def test_xxh32_known_answers():
    assert _native.xxh32(b"hello world") == 0xCEBB6622
    assert _native.xxh32(b"user-42") == 0x61819A7E
    assert _native.xxh32(b"user-42") % 4 == 2
    assert _native.xxh32(bytearray(b"127.0.0.1:47506")) == 1392565928
    assert _native.xxh32(b"hello world", seed=1) != _native.xxh32(b"hello world")
