import struct

import pytest

from iggy.protocol.codes import ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import (
    MESSAGE_HEADER_SIZE,
    Message,
    PolledMessages,
    SendMessagesView,
    encode_frames,
    encode_poll_response_prefix,
    encode_send_messages,
)
from iggy.protocol.primitives import HeaderValue, Identifier, Partitioning

# Reference V11 (captured from the official Python client): two messages to s1/t1 partition 0.
V11_PAYLOAD = bytes.fromhex(
    "1200000002027331020274310204000000000200000000000000450000000000000000000000000000008d000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000a5adc9cd16006000000"
    "000005000000000000000000000068656c6c6f000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000115adc9cd160060000000000080000000000000000000000000162696e617279"
)
# Reference V13 poll response body (2 messages with server-assigned ids, offsets and checksums).
V13_BODY = bytes.fromhex(
    "00000000040000000000000002000000afee738981af6c1205dbc99d60ce03abb94c039a89e537210000000000000000ae5adc9c"
    "d16006000a5adc9cd16006000000000005000000000000000000000068656c6c6fd31c3b15b291baa2259b23179b88d3a6c74d04"
    "67d2e1e41b0100000000000000ae5adc9cd1600600115adc9cd160060000000000080000000000000000000000000162696e6172"
    "79"
)


def test_encode_send_messages_matches_official_client_bytes():
    messages = [
        Message(b"hello", origin_timestamp_us=1795303256381962),
        Message(b"\x00\x01binary", origin_timestamp_us=1795303256381969),
    ]
    assert encode_send_messages("s1", "t1", Partitioning.partition_id(0), messages) == V11_PAYLOAD


def test_send_messages_view_is_zero_copy_and_does_no_per_message_work():
    buffer = bytearray(V11_PAYLOAD)
    view = SendMessagesView.decode(memoryview(buffer))
    assert (view.stream_id, view.topic_id) == (Identifier.named("s1"), Identifier.named("t1"))
    assert view.partitioning == Partitioning.partition_id(0)
    assert view.messages_count == 2
    assert len(view.index) == 32
    assert struct.unpack_from("<IIQ", view.index, 16) == (0, 141, 0)
    assert len(view.frames) == 141
    assert view.frames.obj is buffer  # slices of the received buffer, not copies
    assert [bytes(m.payload) for m in view.messages()] == [b"hello", b"\x00\x01binary"]


def test_send_messages_view_bounds():
    with pytest.raises(ProtocolError) as caught:
        SendMessagesView.decode(b"\xff\x00\x00\x00")
    assert caught.value.code == ErrorCode.INVALID_COMMAND
    truncated_index = V11_PAYLOAD[: 4 + 18 + 20]
    with pytest.raises(ProtocolError) as caught:
        SendMessagesView.decode(truncated_index)
    assert caught.value.code == ErrorCode.INVALID_COMMAND
    bad_partitioning = bytearray(V11_PAYLOAD)
    bad_partitioning[13] = 3  # partition_id partitioning with length 3
    with pytest.raises(ProtocolError) as caught:
        SendMessagesView.decode(bytes(bad_partitioning))
    assert caught.value.code == ErrorCode.INVALID_FORMAT


def test_index_holds_cumulative_end_positions_with_user_headers_and_ids():
    first = Message(b"content with header", id=1, user_headers={"foo": HeaderValue.int32(42)})
    second = Message(b"solo", id=(1 << 127) | 2)
    payload = encode_send_messages(1, 2, Partitioning.balanced(), [first, second])
    view = SendMessagesView.decode(payload)
    ends = [struct.unpack_from("<IIQ", view.index, i * 16)[1] for i in range(2)]
    assert ends == [first.frame_size, first.frame_size + second.frame_size]
    decoded = view.messages()
    assert decoded == [first, second]
    assert decoded[0].user_headers == {HeaderValue.string("foo"): HeaderValue.int32(42)}
    assert decoded[1].id == (1 << 127) | 2


def test_send_validation():
    with pytest.raises(ProtocolError) as caught:
        encode_send_messages(1, 1, Partitioning.balanced(), [])
    assert caught.value.code == ErrorCode.INVALID_MESSAGES_COUNT
    with pytest.raises(ProtocolError) as caught:
        encode_send_messages(1, 1, Partitioning.balanced(), [Message(b"")])
    assert caught.value.code == ErrorCode.EMPTY_MESSAGE_PAYLOAD
    with pytest.raises(ValueError):
        Message(b"x", id=1 << 128)


def test_polled_messages_decode_reference_v13():
    buffer = bytearray(V13_BODY)
    polled = PolledMessages.decode(memoryview(buffer))
    assert (polled.partition_id, polled.current_offset, polled.messages_count) == (0, 4, 2)
    first, second = polled.messages
    assert first.checksum == 1327628961059172015
    assert first.id == 44154755761843820626905400643643104005
    assert (first.offset, first.timestamp_us, first.origin_timestamp_us) == (0, 1795303256382126, 1795303256381962)
    assert bytes(first.payload) == b"hello"
    assert isinstance(first.payload, memoryview) and first.payload.obj is buffer
    assert second.offset == 1 and bytes(second.payload) == b"\x00\x01binary"
    assert second.checksum == 11725844773858909395
    assert polled.encode() == V13_BODY


def test_polled_messages_reject_reserved_field_and_truncation():
    corrupted = bytearray(V13_BODY)
    corrupted[16 + 56] = 1
    with pytest.raises(ProtocolError) as caught:
        PolledMessages.decode(bytes(corrupted))
    assert caught.value.code == ErrorCode.INVALID_RESERVED_FIELD
    for cut in (0, 15, 16 + 10, 16 + MESSAGE_HEADER_SIZE + 2):
        with pytest.raises(ProtocolError) as caught:
            PolledMessages.decode(V13_BODY[:cut])
        assert caught.value.code == ErrorCode.INVALID_COMMAND


def test_poll_prefix_and_empty_result():
    prefix = encode_poll_response_prefix(3, 99, 0)
    assert prefix == struct.pack("<IQI", 3, 99, 0) and len(prefix) == 16
    assert PolledMessages.decode(prefix) == PolledMessages(3, 99, 0, [])


def test_frames_round_trip_with_headers():
    messages = [
        Message(b"a" * 10, id=5, offset=7, timestamp_us=11, origin_timestamp_us=10, checksum=123,
                user_headers={"k": "v", "n": 1}),
        Message("text", offset=8),
    ]
    frames = encode_frames(messages)
    assert len(frames) == sum(m.frame_size for m in messages)
    decoded = PolledMessages.decode(encode_poll_response_prefix(0, 8, 2) + frames).messages
    assert decoded == messages
    assert decoded[0].user_headers[HeaderValue.string("n")].value == 1
    assert bytes(decoded[0].user_headers_bytes) == bytes(messages[0].user_headers_bytes)
    assert messages[1].encode_frame() == frames[messages[0].frame_size :]
