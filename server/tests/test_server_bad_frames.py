"""Malformed input: every bad frame gets its precise error code, the connection stays in sync (or is
closed), and the server keeps serving other clients."""

from __future__ import annotations

import os
import socket
import struct
import time

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy, Writer

from server_support import WireClient

MAX_REQUEST_BYTES = 10 * 1024 * 1024


def frame(code: int, payload: bytes = b"", length: int | None = None) -> bytes:
    return struct.pack("<II", 4 + len(payload) if length is None else length, code) + payload


def send_messages_payload(
    stream: str, topic: str, payload_length: int, declared_payload_length: int | None = None, declared_count: int = 1
) -> bytes:
    """A one-message SendMessages payload built by hand (the SDK refuses oversize or empty batches)."""
    metadata = Writer()
    Identifier(stream).write(metadata)
    Identifier(topic).write(metadata)
    Partitioning.partition_id(0).write(metadata)
    metadata.u32(declared_count)
    if declared_count == 0:
        return struct.pack("<I", len(metadata.buf)) + bytes(metadata.buf)
    frame_size = 64 + payload_length
    header = struct.pack("<QQQQQQIIQ", 0, 0, 0, 0, 0, 0, 0, declared_payload_length or payload_length, 0)
    index = struct.pack("<IIQ", 0, frame_size, 0)
    return struct.pack("<I", len(metadata.buf)) + bytes(metadata.buf) + index + header + b"p" * payload_length


@pytest.fixture(scope="module")
def target(server):
    with server.client() as c:
        c.call(requests.CreateStream("bad"))
        c.call(requests.CreateTopic("bad", 1, 1, 0, 0, 0, "t"))
    return server


def poll_payload() -> bytes:
    return requests.PollMessages(Consumer.consumer(1), "bad", "t", 0, PollingStrategy.first(), 1, False).encode()


TOO_MANY_PARTITIONS = requests.CreateTopic("bad", 1001, 1, 0, 0, 0, "x").encode()
EMPTY_BATCH = send_messages_payload("bad", "t", 0, declared_count=0)
MISSIZED_BATCH = send_messages_payload("bad", "t", 10, declared_payload_length=11)
BAD_ID_BATCH = struct.pack("<I", 12) + b"\x01\x03\x00\x00\x00" + bytes(7)  # numeric stream id of 3 bytes
LONG_USERNAME = requests.CreateUser("u" * 51, "secret").encode()

BAD_FRAMES = [
    # (case id, raw bytes, expected status)
    ("length below 4", frame(Command.PING, length=2), ErrorCode.INVALID_COMMAND),
    ("unknown command code", frame(9999, b"\x01\x02\x03"), ErrorCode.INVALID_COMMAND),
    ("code between known codes", frame(13), ErrorCode.INVALID_COMMAND),
    ("truncated name", frame(Command.CREATE_STREAM, b"\x0aabc"), ErrorCode.INVALID_COMMAND),
    ("empty payload for identifier", frame(Command.GET_STREAM), ErrorCode.INVALID_COMMAND),
    ("unknown identifier kind", frame(Command.GET_STREAM, b"\x03\x04\x00\x00\x00\x00"), ErrorCode.INVALID_COMMAND),
    ("numeric identifier of 3 bytes", frame(Command.GET_STREAM, b"\x01\x03\x00\x00\x00"), ErrorCode.INVALID_FORMAT),
    ("empty string identifier", frame(Command.GET_STREAM, b"\x02\x00"), ErrorCode.INVALID_FORMAT),
    ("invalid UTF-8 name", frame(Command.CREATE_STREAM, b"\x02\xff\xfe"), ErrorCode.INVALID_COMMAND),
    ("empty name", frame(Command.CREATE_STREAM, b"\x00"), ErrorCode.INVALID_FORMAT),
    ("too many partitions", frame(Command.CREATE_TOPIC, TOO_MANY_PARTITIONS), ErrorCode.TOO_MANY_PARTITIONS),
    ("unknown consumer kind", frame(Command.POLL_MESSAGES, b"\x07" + poll_payload()[1:]), ErrorCode.INVALID_COMMAND),
    (
        "unknown polling kind",
        frame(Command.POLL_MESSAGES, poll_payload().replace(b"\x03" + bytes(8), b"\x09" + bytes(8))),
        ErrorCode.INVALID_COMMAND,
    ),
    (
        "metadata_length beyond payload",
        frame(Command.SEND_MESSAGES, struct.pack("<I", 1000) + b"\x00" * 8),
        ErrorCode.INVALID_COMMAND,
    ),
    ("zero messages", frame(Command.SEND_MESSAGES, EMPTY_BATCH), ErrorCode.INVALID_MESSAGES_COUNT),
    ("bad identifier in a send", frame(Command.SEND_MESSAGES, BAD_ID_BATCH), ErrorCode.INVALID_IDENTIFIER),
    ("frame sizes disagree with headers", frame(Command.SEND_MESSAGES, MISSIZED_BATCH), None),
    ("username too long", frame(Command.CREATE_USER, LONG_USERNAME), ErrorCode.INVALID_USERNAME),
]


@pytest.mark.parametrize("raw, expected", [case[1:] for case in BAD_FRAMES], ids=[case[0] for case in BAD_FRAMES])
def test_bad_frame_is_answered_and_connection_stays_in_sync(target, raw, expected):
    with target.client() as c:
        c.send_raw(raw)
        status, body = c.read_response()
        if expected is None:
            assert status != 0
        else:
            assert status == expected
        assert body == b""
        assert c.request(Command.PING) == (0, b"")
        assert c.request(Command.GET_STREAM, Identifier("bad").encode())[0] == 0
    with target.client() as other:
        assert other.request(Command.PING) == (0, b"")


def test_oversize_payload_is_refused_and_drained(target):
    with target.client() as c:
        payload = frame(Command.PING) * ((MAX_REQUEST_BYTES + 64) // 8)  # would be valid frames if parsed
        c.send_raw(frame(Command.GET_STREAMS, payload))
        assert c.read_response() == (ErrorCode.INVALID_COMMAND, b"")
        assert c.request(Command.GET_ME)[0] == 0  # the next answer belongs to the next request


def test_oversize_message_payload_is_too_big(target):
    with target.client() as c:
        c.send_raw(frame(Command.SEND_MESSAGES, send_messages_payload("bad", "t", 64_000_001)))
        assert c.read_response() == (ErrorCode.TOO_BIG_MESSAGE_PAYLOAD, b"")
        assert c.request(Command.PING) == (0, b"")


def test_trailing_bytes_after_a_decoded_payload_are_ignored(target):
    with target.client() as c:
        status, body = c.request(Command.GET_STREAM, Identifier("bad").encode() + b"junk")
        assert status == 0 and body


def test_half_frames_and_garbage_do_not_hurt_other_clients(target):
    with target.client() as watcher:
        for garbage in (b"\x10\x00", frame(Command.CREATE_STREAM, b"\x05ab"), os.urandom(4096)):
            raw = socket.create_connection((target.host, target.port), timeout=5)
            raw.sendall(garbage)
            raw.close()  # disconnect mid-frame
            assert watcher.request(Command.PING) == (0, b"")
        # A client that sends a frame header promising a large payload and then stalls.
        staller = socket.create_connection((target.host, target.port), timeout=5)
        staller.sendall(struct.pack("<II", 4 + 1_000_000, Command.CREATE_STREAM) + b"\x05")
        assert watcher.request(Command.GET_STREAMS)[0] == 0
        staller.close()
        assert watcher.request(Command.PING) == (0, b"")


def test_one_response_per_request_with_pipelined_frames(target):
    with target.client() as c:
        c.send_raw(frame(Command.PING) + frame(9999) + frame(Command.PING, length=1) + frame(Command.GET_ME))
        statuses = [c.read_response()[0] for _ in range(4)]
        assert statuses == [0, ErrorCode.INVALID_COMMAND, ErrorCode.INVALID_COMMAND, 0]


@pytest.mark.parametrize("payload_bytes", [1_000, 300_000])  # a payload in a plain buffer, one in a pooled buffer
def test_a_payload_that_has_not_arrived_with_its_header_is_read_when_it_does(target, payload_bytes):
    """The server reads a payload in the callback that read its header; a payload that is not there yet (cut
    right after the header, or in the middle) is read when it arrives, byte for byte."""
    whole = frame(Command.SEND_MESSAGES, send_messages_payload("bad", "t", payload_bytes))
    last_message = requests.PollMessages(Consumer.consumer(1), "bad", "t", 0, PollingStrategy.last(), 1, False)
    with target.client() as c:
        for cut in (8, 8 + (len(whole) - 8) // 2, len(whole)):
            c.send_raw(whole[:cut])
            time.sleep(0.05)
            c.send_raw(whole[cut:])
            assert c.read_response() == (0, b"")
            status, body = c.request(Command.POLL_MESSAGES, last_message.encode())
            assert status == 0
            assert bytes(PolledMessages.decode(body).messages[0].payload) == b"p" * payload_bytes
        c.send_raw(whole + whole)  # two frames in one write: each payload read up to its own end
        assert [c.read_response() for _ in range(2)] == [(0, b""), (0, b"")]
