import pytest

from iggy.protocol import framing
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.errors import ProtocolError


def test_request_frame_length_covers_code_and_payload():
    frame = framing.encode_request(Command.CREATE_STREAM, b"\x02s1")
    assert frame == bytes.fromhex("07000000ca000000027331")
    assert framing.decode_request_header(frame) == (7, Command.CREATE_STREAM)


def test_request_frame_accepts_memoryview_payload():
    assert framing.encode_request(1, memoryview(b"")) == bytes.fromhex("0400000001000000")
    assert framing.encode_request_header(101, 195) == bytes.fromhex("c700000065000000")


def test_ok_response_carries_payload_length():
    frame = framing.encode_response(0, b"\x00\x00\x00\x00")
    assert frame == bytes.fromhex("000000000400000000000000")
    assert framing.decode_response_header(frame) == (0, 4)


def test_error_response_never_has_a_body():
    assert framing.encode_response(ErrorCode.STREAM_ID_NOT_FOUND, b"ignored") == bytes.fromhex("f103000000000000")
    assert framing.encode_response_header(40, 99) == bytes.fromhex("2800000000000000")


def test_one_byte_ok_body_is_refused():
    with pytest.raises(ValueError):
        framing.encode_response(0, b"\x01")


def test_short_headers_are_invalid_command():
    with pytest.raises(ProtocolError) as caught:
        framing.decode_request_header(b"\x04\x00\x00")
    assert caught.value.code == ErrorCode.INVALID_COMMAND
    with pytest.raises(ProtocolError):
        framing.decode_response_header(b"")


def test_request_length_below_four_is_invalid_command():
    with pytest.raises(ProtocolError) as caught:
        framing.decode_request_header(bytes.fromhex("0300000001000000"))
    assert caught.value.code == ErrorCode.INVALID_COMMAND
