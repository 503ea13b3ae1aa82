"""Start-up scan of segment logs and verification of frames read back."""

import pytest
from native_batches import INDEX_ENTRY
from native_vectors import V13_FRAMES, V13_TIMESTAMP_US

from iggy.protocol.codes import ErrorCode
from iggy_server import _native

FIRST_FRAME_BYTES = 69


def test_scan_of_a_whole_log_keeps_everything_and_rebuilds_the_index():
    valid, count, index, max_ts, reason = _native.scan_segment(V13_FRAMES, 0)
    assert (valid, count, max_ts, reason) == (len(V13_FRAMES), 2, V13_TIMESTAMP_US, None)
    assert index == INDEX_ENTRY.pack(0, 69, V13_TIMESTAMP_US) + INDEX_ENTRY.pack(1, 141, V13_TIMESTAMP_US)


@pytest.mark.parametrize("cut", [FIRST_FRAME_BYTES + 1, FIRST_FRAME_BYTES + 63, FIRST_FRAME_BYTES + 64, 140])
def test_scan_stops_before_a_torn_frame(cut):
    valid, count, index, _, reason = _native.scan_segment(V13_FRAMES[:cut], 0)
    assert (valid, count, len(index)) == (FIRST_FRAME_BYTES, 1, 16)
    assert "torn" in reason


def test_scan_stops_before_a_frame_with_a_bad_checksum():
    corrupt = bytearray(V13_FRAMES)
    corrupt[-1] ^= 0xFF
    valid, count, _, _, reason = _native.scan_segment(corrupt, 0)
    assert (valid, count) == (FIRST_FRAME_BYTES, 1)
    assert "checksum" in reason


def test_scan_stops_at_an_offset_out_of_sequence():
    assert _native.scan_segment(V13_FRAMES, 1)[:2] == (0, 0)


def test_scan_of_an_empty_log():
    assert _native.scan_segment(b"", 7) == (0, 0, b"", 0, None)


def test_verify_frames_accepts_intact_frames():
    _native.verify_frames(V13_FRAMES, 0, 2)
    _native.verify_frames(V13_FRAMES[FIRST_FRAME_BYTES:], 1, 1)
    _native.verify_frames(b"", 5, 0)


@pytest.mark.parametrize(
    ("data", "first_offset", "count", "code"),
    [
        (V13_FRAMES, 1, 2, ErrorCode.INVALID_OFFSET),
        (V13_FRAMES[:-1] + b"?", 0, 2, ErrorCode.INVALID_MESSAGE_CHECKSUM),
        (V13_FRAMES, 0, 1, ErrorCode.CANNOT_READ_MESSAGE),
        (V13_FRAMES[:100], 0, 2, ErrorCode.CANNOT_READ_MESSAGE),
    ],
    ids=["offset", "checksum", "leftover bytes", "torn"],
)
def test_verify_frames_rejects_damage(data, first_offset, count, code):
    with pytest.raises(_native.NativeError) as raised:
        _native.verify_frames(data, first_offset, count)
    assert raised.value.code == code
