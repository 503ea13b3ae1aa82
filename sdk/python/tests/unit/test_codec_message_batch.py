"""The lazy poll decoder (`MessageBatch` / `PolledMessage`) and the gather-write send encoder."""

import pytest

from iggy.protocol.codes import ErrorCode
from iggy.protocol.describe import describe
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import (
    MAX_PAYLOAD_BYTES,
    MESSAGE_HEADER_SIZE,
    Message,
    MessageBatch,
    PolledMessage,
    PolledMessages,
    decode_frames,
    encode_frames,
    encode_poll_response_prefix,
    encode_send_messages,
    encode_send_messages_parts,
)
from iggy.protocol.primitives import HeaderValue, Partitioning

ID_128 = (7 << 64) | 9


def _sample_messages() -> list[Message]:
    return [
        Message(b"first", id=ID_128, offset=10, timestamp_us=111, origin_timestamp_us=110, checksum=5,
                user_headers={"k": "v", "n": 3}),
        Message(b"x" * 300, offset=11, timestamp_us=112, checksum=6),
        Message("third", id=3, offset=12, timestamp_us=113, headers={"only": True}),
    ]


def test_batch_fields_match_the_encoded_messages():
    messages = _sample_messages()
    batch = MessageBatch(bytearray(encode_frames(messages)))
    assert len(batch) == 3 and bool(batch)
    for polled, original in zip(batch, messages, strict=True):
        assert isinstance(polled, PolledMessage) and isinstance(polled, Message)
        assert (polled.id, polled.offset, polled.timestamp_us, polled.origin_timestamp_us, polled.checksum) == (
            original.id, original.offset, original.timestamp_us, original.origin_timestamp_us, original.checksum)
        assert bytes(polled.payload) == bytes(original.payload) == polled.payload_bytes()
        assert bytes(polled.user_headers_bytes) == bytes(original.user_headers_bytes)
        assert polled.user_headers == original.user_headers
        assert polled.frame_size == original.frame_size
    assert batch[0].user_headers[HeaderValue.string("n")].value == 3
    assert batch[1].user_headers == {} and batch[1].user_headers_bytes == b""
    assert batch[2].headers[HeaderValue.string("only")].value is True


def test_batch_sequence_protocol():
    messages = _sample_messages()
    batch = MessageBatch(encode_frames(messages))
    assert batch == messages and messages == list(batch) and batch == tuple(messages)
    assert batch != messages[:2]
    assert [m.offset for m in batch[1:]] == [11, 12]
    assert batch[-1].offset == 12 and batch[-3].offset == 10
    with pytest.raises(IndexError):
        batch[3]
    assert [m.offset for m in reversed(batch)] == [12, 11, 10]
    assert batch[0] == batch[0] and not batch[0] != batch[0] and batch[0] != batch[1]
    assert MessageBatch(b"") == [] and not MessageBatch(b"")
    assert describe(batch) == describe(messages)


def test_batch_payloads_are_views_of_the_response_buffer():
    buffer = bytearray(encode_poll_response_prefix(0, 12, 3) + encode_frames(_sample_messages()))
    polled = PolledMessages.decode(memoryview(buffer))
    first = polled.messages[0]
    assert first.payload.obj is buffer and first.user_headers_bytes.obj is buffer
    buffer[16 + MESSAGE_HEADER_SIZE] = ord("F")  # the view sees the buffer, no copy was taken
    assert bytes(first.payload) == b"First"
    assert first.to_message().payload == b"First" and type(first.to_message()) is Message


def test_batch_rejects_reserved_field_in_any_frame_and_a_truncated_last_frame():
    frames = bytearray(encode_frames(_sample_messages()))
    second_start = _sample_messages()[0].frame_size
    corrupted = bytearray(frames)
    corrupted[second_start + 56] = 1
    with pytest.raises(ProtocolError) as caught:
        MessageBatch(corrupted)
    assert caught.value.code == ErrorCode.INVALID_RESERVED_FIELD
    for cut in (1, MESSAGE_HEADER_SIZE - 1, MESSAGE_HEADER_SIZE + 2, len(frames) - 1):
        with pytest.raises(ProtocolError) as caught:
            MessageBatch(frames[:cut])
        assert caught.value.code == ErrorCode.INVALID_COMMAND


def test_decode_frames_returns_a_list():
    decoded = decode_frames(encode_frames(_sample_messages()))
    assert isinstance(decoded, list) and decoded == _sample_messages()


def test_send_parts_join_to_the_payload_and_keep_caller_buffers():
    payload = bytearray(b"p" * 100)
    messages = [Message(payload), *_sample_messages()]
    parts = encode_send_messages_parts("s", 2, Partitioning.partition_id(1), messages)
    assert b"".join(parts) == encode_send_messages("s", 2, Partitioning.partition_id(1), messages)
    assert any(part is payload for part in parts)  # not copied: written from the caller's buffer


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (Message(b""), ErrorCode.EMPTY_MESSAGE_PAYLOAD),
        (Message(b"x" * (MAX_PAYLOAD_BYTES + 1)), ErrorCode.TOO_BIG_MESSAGE_PAYLOAD),
        (Message(b"x", user_headers_bytes=b"h" * 100_001), ErrorCode.TOO_BIG_USER_HEADERS),
    ],
)
def test_send_parts_refuse_bad_messages_with_the_precise_code(message, code):
    with pytest.raises(ProtocolError) as caught:
        encode_send_messages_parts(1, 1, Partitioning.balanced(), [Message(b"ok"), message])
    assert caught.value.code == code


def test_message_headers_alias_and_payload_bytes():
    assert Message(b"a", headers={"k": 1}).user_headers_bytes == Message(b"a", user_headers={"k": 1}).user_headers_bytes
    with pytest.raises(TypeError):
        Message(b"a", headers={"k": 1}, user_headers={"k": 1})
    message = Message(memoryview(b"abc"))
    assert message.payload_bytes() == b"abc" and type(message.payload_bytes()) is bytes
    assert Message("text").payload_bytes() == b"text"


def test_columns_match_the_messages():
    from iggy.protocol.messages import Message, MessageBatch, encode_frames

    sent = [
        Message(b"a" * size, id=identifier, offset=offset, timestamp_us=1_000 + offset,
                user_headers={"k": "v"} if offset % 2 else None)
        for offset, (size, identifier) in enumerate([(1, 0), (5, 2**127 + 3), (0, 7), (300, 2**64)])
    ]
    batch = MessageBatch(encode_frames(sent))
    columns = batch.columns()
    assert columns.ids == [m.id for m in batch]
    assert columns.offsets == [0, 1, 2, 3]
    assert columns.timestamps_us == [m.timestamp_us for m in batch]
    assert [bytes(p) for p in columns.payloads] == [bytes(m.payload) for m in sent]
    assert [bytes(h) for h in columns.user_headers] == [bytes(m.user_headers_bytes) for m in batch]
    assert all(p.obj is batch.buffer.obj for p in columns.payloads)  # views of the response, not copies


# Equal-size frames are checked in C two ways: as u64 words when a frame is a whole number of words long
# (64 + 5 + 3 bytes), else with struct.iter_unpack (64 + 7 + 3 bytes).
UNIFORM_PAYLOAD_SIZES = pytest.mark.parametrize("payload_size", [5, 7])


def _uniform_messages(count: int = 5, first_offset: int = 40, payload_size: int = 7) -> list[Message]:
    return [
        Message(bytes([index]) * payload_size, id=index, offset=first_offset + index, timestamp_us=900 + index,
                user_headers_bytes=b"h" * 3)
        for index in range(count)
    ]


@UNIFORM_PAYLOAD_SIZES
def test_uniform_batch_takes_the_c_path_and_reads_like_the_walk(payload_size):
    frames = encode_frames(_uniform_messages(payload_size=payload_size))
    batch = MessageBatch(frames)
    assert isinstance(batch.offsets, range) and list(batch.offsets) == [40, 41, 42, 43, 44]
    walked = MessageBatch(frames[: len(frames) // 5 * 4] + encode_frames([Message(b"other size", offset=44)]))
    assert isinstance(walked.offsets, list) and walked.offsets == [40, 41, 42, 43, 44]
    assert [bytes(p) for p in batch.payloads()] == [bytes([i]) * payload_size for i in range(5)]
    assert [bytes(p) for p in walked.payloads()][:4] == [bytes([i]) * payload_size for i in range(4)]
    assert batch == _uniform_messages(payload_size=payload_size) and batch[:4] == walked[:4]
    assert [m.offset for m in reversed(batch)] == [44, 43, 42, 41, 40] and batch[-2].id == 3
    assert [(m.id, m.timestamp_us, bytes(m.user_headers_bytes)) for m in batch] == [
        (i, 900 + i, b"hhh") for i in range(5)
    ]


@UNIFORM_PAYLOAD_SIZES
def test_equal_sizes_but_a_gap_in_the_offsets_are_walked_not_assumed(payload_size):
    messages = _uniform_messages(payload_size=payload_size)
    messages[3].offset = 77
    batch = MessageBatch(encode_frames(messages))
    assert batch.offsets == [40, 41, 42, 77, 44] and [m.offset for m in batch] == [40, 41, 42, 77, 44]


@UNIFORM_PAYLOAD_SIZES
def test_uniform_batch_with_a_bad_reserved_field_or_cut_is_refused_with_the_precise_code(payload_size):
    frames = bytearray(encode_frames(_uniform_messages(payload_size=payload_size)))
    frame_size = len(frames) // 5
    corrupted = bytearray(frames)
    corrupted[3 * frame_size + 60] = 1
    with pytest.raises(ProtocolError) as caught:
        MessageBatch(corrupted)
    assert caught.value.code == ErrorCode.INVALID_RESERVED_FIELD
    with pytest.raises(ProtocolError) as caught:
        MessageBatch(frames[: 4 * frame_size - 1])
    assert caught.value.code == ErrorCode.INVALID_COMMAND


def test_polled_messages_can_be_sent_again_and_copied_out():
    batch = MessageBatch(encode_frames(_sample_messages()))
    parts = encode_send_messages_parts(1, 1, Partitioning.balanced(), list(batch))
    assert b"".join(parts) == encode_send_messages(1, 1, Partitioning.balanced(), _sample_messages())
    copied = [m.to_message() for m in batch]
    assert copied == _sample_messages() and all(type(m) is Message for m in copied)
    assert repr(batch[1]).startswith("Message(offset=11")


@UNIFORM_PAYLOAD_SIZES
@pytest.mark.parametrize("high_id", [0, 1 << 100])
def test_uniform_batch_columns_match_the_walked_columns(high_id, payload_size):
    messages = _uniform_messages(payload_size=payload_size)
    for message in messages:
        message.id |= high_id
    uniform = MessageBatch(encode_frames(messages))
    messages[2].offset = 99  # walked: the offsets are not consecutive
    walked = MessageBatch(encode_frames(messages))
    assert isinstance(uniform.offsets, range) and isinstance(walked.offsets, list)
    for columns, batch in ((uniform.columns(), uniform), (walked.columns(), walked)):
        assert columns.ids == [m.id for m in batch] == [i | high_id for i in range(5)]
        assert columns.timestamps_us == [900 + i for i in range(5)] and columns.offsets == list(batch.offsets)
        assert [bytes(p) for p in columns.payloads] == [bytes([i]) * payload_size for i in range(5)]
        assert [bytes(h) for h in columns.user_headers] == [b"hhh"] * 5
    assert MessageBatch(b"").columns() == ([], [], [], [], [])
