"""The TCP frame state machine (``iggy_server.tcp.framing.FrameReader``) driven with bytes alone: no socket,
no event loop. Frames split anywhere are reassembled, refused payloads are drained without losing sync, and
the payload buffer grows with the bytes received, never with the length announced."""

from __future__ import annotations

import struct
from types import SimpleNamespace

import pytest

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy_server.config import DEFAULTS, ServerConfig
from iggy_server.handlers import load_handlers
from iggy_server.tcp.framing import FrameReader

# A small request limit keeps the byte-at-a-time drains of oversize payloads quick.
LIMITS = ServerConfig({**DEFAULTS, "limits": {**DEFAULTS["limits"], "max_request_bytes": 200_000}}).limits
UNKNOWN_CODE = 9999


class RecordingReader(FrameReader):
    """A FrameReader whose upper layers record what the machine asked of them."""

    def __init__(self, *, logged_in: bool = True) -> None:
        load_handlers()
        ctx = SimpleNamespace(
            shutting_down=False,
            config=SimpleNamespace(limits=LIMITS),
            io=SimpleNamespace(acquire_for_receive=lambda size: None),
        )
        super().__init__(ctx)
        self.session = SimpleNamespace(user_id=1 if logged_in else None, stale=False)
        self.requests: list[tuple[int, bytes]] = []
        self.refused: list[tuple[int, int, str | None]] = []
        self.closed = False
        self.arrived = bytearray()  # bytes that reached the socket but were not delivered by ``feed``
        self.payload_reads = 0

    def _on_payload(self) -> None:
        assert self._payload_view is not None
        self.requests.append((self._code, bytes(self._payload_view)))
        self._reset()

    def _reject(self, code: int, error: int, message: str, frame_reason: str | None = None) -> None:
        self.refused.append((code, error, frame_reason))

    def _close(self, abort: bool = False) -> None:
        self.closed = True

    def _read_payload_now(self) -> None:
        """As the TCP connection does: deliver what already arrived (``arrived``) of the payload just announced."""
        self.payload_reads += 1
        if self.arrived:
            buffer = self.get_buffer(-1)
            count = min(len(buffer), len(self.arrived))
            buffer[:count] = self.arrived[:count]
            del self.arrived[:count]
            self.buffer_updated(count)

    def feed(self, data: bytes, chunk_bytes: int) -> None:
        """Deliver ``data`` as a socket would: at most ``chunk_bytes`` and at most the buffer offered per call."""
        view = memoryview(data)
        while view and not self.closed:
            buffer = self.get_buffer(-1)
            count = min(len(buffer), len(view), chunk_bytes)
            assert count > 0, "the machine offered an empty buffer"
            buffer[:count] = view[:count]
            self.buffer_updated(count)
            view = view[count:]


def create_stream(name: str) -> bytes:
    return encode_request(Command.CREATE_STREAM, requests.CreateStream(name).encode())


def ping() -> bytes:
    return encode_request(Command.PING, b"")


@pytest.mark.parametrize("chunk_bytes", [1, 3, 8, 13, 65536])
def test_pipelined_frames_split_anywhere_are_reassembled_in_order(chunk_bytes):
    reader = RecordingReader()
    reader.feed(create_stream("a") + ping() + create_stream("stream-b"), chunk_bytes)
    assert reader.requests == [
        (Command.CREATE_STREAM, requests.CreateStream("a").encode()),
        (Command.PING, b""),
        (Command.CREATE_STREAM, requests.CreateStream("stream-b").encode()),
    ]
    assert reader.refused == [] and not reader.closed


@pytest.mark.parametrize("chunk_bytes", [1, 5, 65536])
def test_a_refused_payload_is_drained_and_the_next_frame_is_read(chunk_bytes):
    reader = RecordingReader()
    unknown = struct.pack("<II", 4 + 100_000, UNKNOWN_CODE) + bytes(range(256)) * 390 + bytes(160)
    oversize_bytes = LIMITS.max_request_bytes + 1
    oversize = struct.pack("<II", 4 + oversize_bytes, Command.CREATE_STREAM) + bytes(oversize_bytes)
    too_short = struct.pack("<II", 3, Command.PING)
    reader.feed(unknown + ping() + too_short + oversize + create_stream("after"), chunk_bytes)
    assert reader.refused == [
        (UNKNOWN_CODE, ErrorCode.INVALID_COMMAND, "unknown_command"),
        (Command.PING, ErrorCode.INVALID_COMMAND, "frame_too_short"),
        (Command.CREATE_STREAM, ErrorCode.INVALID_COMMAND, "oversize"),
    ]
    assert reader.requests == [(Command.PING, b""), (Command.CREATE_STREAM, requests.CreateStream("after").encode())]
    assert not reader.closed


def test_before_login_a_command_needing_it_is_refused_and_drained():
    reader = RecordingReader(logged_in=False)
    reader.feed(create_stream("nope") + ping(), 7)
    assert reader.refused == [(Command.CREATE_STREAM, ErrorCode.UNAUTHENTICATED, "unauthenticated")]
    assert reader.requests == [(Command.PING, b"")]


@pytest.mark.parametrize(
    "code, error", [(Command.LOGIN_USER, ErrorCode.INVALID_COMMAND), (Command.CREATE_STREAM, ErrorCode.UNAUTHENTICATED)]
)
def test_before_login_a_large_frame_closes_the_connection_from_its_header(code, error):
    reader = RecordingReader(logged_in=False)
    announced_bytes = LIMITS.max_unauthenticated_request_bytes + 1
    reader.feed(struct.pack("<II", 4 + announced_bytes, code) + b"x", 65536)
    assert reader.refused == [(code, error, "oversize_before_login")]
    assert reader.closed
    assert reader._payload is None  # nothing was allocated for the announced length


def test_the_payload_buffer_grows_with_the_bytes_received_not_the_length_announced():
    reader = RecordingReader()
    announced_bytes = LIMITS.max_request_bytes
    reader.feed(struct.pack("<II", 4 + announced_bytes, Command.CREATE_STREAM), 65536)
    received_bytes = 0
    for chunk_bytes in (1, 4096, 30_000, 100_000):
        reader.feed(bytes(chunk_bytes), 65536)
        received_bytes += chunk_bytes
        assert reader._payload is not None
        assert len(reader._payload) <= max(2 * received_bytes, 4096)
    assert reader.requests == [] and reader.refused == []


def test_an_accepted_payload_is_read_from_the_callback_that_read_its_header():
    reader = RecordingReader()
    stream = create_stream("now")
    reader.arrived += stream[8:]
    reader.feed(stream[:8], 65536)  # the header alone: the payload comes through _read_payload_now
    assert reader.requests == [(Command.CREATE_STREAM, requests.CreateStream("now").encode())]
    assert reader.payload_reads == 1 and not reader.arrived
    # No payload, or a refused one (drained through the loop): nothing is read early.
    unknown = struct.pack("<II", 4 + 10, UNKNOWN_CODE)
    reader.arrived += bytes(10)
    reader.feed(ping() + unknown, 65536)
    assert reader.payload_reads == 1 and len(reader.arrived) == 10
    assert reader.refused == [(UNKNOWN_CODE, ErrorCode.INVALID_COMMAND, "unknown_command")]
