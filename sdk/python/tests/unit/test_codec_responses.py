import dataclasses
import struct

import pytest

from codec_samples import RESPONSES
from iggy.protocol import responses as rs
from iggy.protocol.codes import STATS_EXTENSION_HOT_PATH, Command, ErrorCode
from iggy.protocol.errors import ProtocolError
from iggy.protocol.messages import PolledMessages


@pytest.mark.parametrize("model", RESPONSES, ids=lambda m: type(m).__name__)
def test_response_round_trip(model):
    payload = model.encode()
    assert type(model).decode(payload) == model
    assert type(model).decode(memoryview(payload)) == model


# Bodies that run to the end of the frame (polled frames, a snapshot's ZIP bytes) have no truncation to detect.
@pytest.mark.parametrize("model", [m for m in RESPONSES if not isinstance(m, (PolledMessages, rs.GetSnapshotResponse))],
                         ids=lambda m: type(m).__name__)
def test_every_truncation_is_a_protocol_error(model):
    payload = model.encode()
    for cut in range(len(payload)):
        with pytest.raises(ProtocolError) as caught:
            type(model).decode(payload[:cut])
        assert caught.value.code in (ErrorCode.INVALID_COMMAND, ErrorCode.INVALID_FORMAT)


def test_list_helpers():
    streams = [rs.StreamHeader(i, 10 + i, 0, 0, 0, f"s{i}") for i in range(3)]
    encoded = rs.StreamHeader.encode_list(streams)
    assert rs.StreamHeader.decode_list(encoded) == streams
    assert rs.StreamHeader.decode_list(b"") == []
    assert rs.decode_response_body(Command.GET_STREAMS, encoded) == streams
    assert rs.decode_response_body(Command.GET_STREAMS, b"") == []
    assert rs.encode_response_body(Command.GET_STREAMS, streams) == encoded


def test_empty_body_means_not_found_for_single_object_queries():
    assert rs.decode_response_body(Command.GET_STREAM, b"") is None
    assert rs.decode_response_body(Command.CREATE_STREAM, b"") is None
    assert rs.decode_response_body(Command.DELETE_STREAM, b"") is None
    assert rs.encode_response_body(Command.GET_TOPIC, None) == b""
    assert rs.decode_response_body(Command.GET_SNAPSHOT, b"PK\x03\x04") == rs.GetSnapshotResponse(b"PK\x03\x04")


def test_user_details_without_permissions_is_four_zero_bytes():
    details = rs.UserDetails(2, 5, 2, "user2")
    assert details.encode()[-4:] == bytes(4)


def test_counts_of_lists_are_derived_from_the_lists():
    """A count a list is sized by cannot disagree with the list: it is computed, never stored."""
    details = rs.GroupDetails(0, 1, "g", members=(rs.GroupMember(3, (0, 1)),))
    assert (details.members_count, details.members[0].partitions_count) == (1, 2)
    assert rs.GroupHeader.decode(details.encode()).members_count == 1


def test_hostile_counts_fail_fast():
    header = rs.GroupHeader(0, 1, 0xFFFF_FFFF, "g").encode()
    with pytest.raises(ProtocolError):
        rs.GroupDetails.decode(header)
    with pytest.raises(ProtocolError):
        rs.GroupMember.decode(b"\x00\x00\x00\x00\xff\xff\xff\xff")


def test_topic_header_layout_offsets():
    topic = rs.TopicHeader(1, 2, 3, 4, 2, 5, 6, 7, 8, "t")
    payload = topic.encode()
    assert len(payload) == 51 + 1
    assert payload[16:24] == (4).to_bytes(8, "little")  # message_expiry before compression
    assert payload[24] == 2
    assert (topic.created_at_us, topic.message_expiry_us, topic.max_topic_size_bytes) == (2, 4, 5)  # unit aliases


def _stats_sample() -> rs.Stats:
    return next(m for m in RESPONSES if isinstance(m, rs.Stats))


def _hot_path_sample() -> rs.HotPathStats:
    return rs.HotPathStats(2, True, False, *range(100, 117))


def test_stats_hot_path_extension_round_trips():
    extension = rs.StatsExtension(STATS_EXTENSION_HOT_PATH, _hot_path_sample().encode())
    stats = dataclasses.replace(_stats_sample(), extensions=(extension,))
    payload = stats.encode()
    assert len(payload) == len(_stats_sample().encode()) + 8 + 139
    assert rs.Stats.decode(payload) == stats
    assert stats.hot_path == _hot_path_sample()


def test_stats_extensions_skip_unknown_tags_and_read_longer_blocks():
    base = _stats_sample().encode()
    body = _hot_path_sample().encode() + b"\xee" * 5  # a later version appended fields
    unknown = struct.pack("<II", 99, 3) + b"abc"
    payload = base + unknown + struct.pack("<II", 1, len(body)) + body
    assert rs.Stats.decode(payload).hot_path == _hot_path_sample()


@pytest.mark.parametrize(
    "trailing",
    [b"\x01", struct.pack("<II", 1, 500) + b"x" * 10, struct.pack("<II", 1, 20) + b"\x00" * 20],
    ids=["short", "length-past-end", "block-too-short"],
)
def test_stats_unparseable_trailing_bytes_are_ignored(trailing):
    """Another server's trailing data must not make GetStats fail."""
    decoded = rs.Stats.decode(_stats_sample().encode() + trailing)
    assert decoded.hot_path is None
    assert decoded.total_disk_space_bytes == _stats_sample().total_disk_space_bytes
