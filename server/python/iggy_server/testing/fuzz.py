"""Structure-aware frame fuzzer, written from the spec: ``python -m iggy_server.testing.fuzz``.

    python -m iggy_server.testing.fuzz [--frames N] [--seed S] [--address HOST:PORT] [--spec DIR]

Request payloads are generated from ``protocol-spec/spec/commands.toml`` and ``primitives.toml``: every field
in wire order, identifiers and names drawn mostly from a small pool so that requests hit objects that exist,
length fields mostly consistent with what they measure, optional parts mostly agreeing with their flags.
A third of the frames are then mutated (truncated, extended, a byte flipped, a length lied about, replaced by
noise) and a few are broken at the framing level (unknown command code, frame length below 4).

Frames go over one logged-in connection in pipelined windows. Every answer is checked: exactly one per
frame, in order, within ``RESPONSE_TIMEOUT_S``; an error never carries a body; an OK body is never one byte;
a framing-level error is answered 3 InvalidCommand. A control connection (personal access token) pings the
server between windows and, every ``CLEANUP_EVERY_FRAMES``, deletes what the fuzzing created so the state
stays bounded. At the end the server is stopped gracefully (exit 0), restarted on the same data, and must
answer a login — fuzzed state never corrupts what is stored. Without ``--address`` a private server is
started with ``iggy_server.testing``'s launcher.

Both protocol versions: every other window goes over a 0.9 connection instead (256-byte request headers, the
payloads generated from the fields 0.9 has). Its headers are mostly right and sometimes wrong (an operation
that does not exist or is not a client's, a session or request number that lies, a checksum that does not match
the body, a size beyond the body); its answers are checked too: one reply or eviction frame per request, in
order (a reply echoes the request's number and operation, carries no body with an error status), and where
the server closes the connection (a header that is no client request) it must be for a frame that earned it.
An eviction ends the 0.9 session; the fuzzer registers again. A sentinel stream holding known messages, sent
before the fuzzing and never touched by it, must read back byte for byte after the restart (data intact).

Exit status 0 when every check held; the counts are printed as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import struct
import sys
import tempfile
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from iggy.protocol import requests
from iggy.protocol.batches import Batch, Frame
from iggy.protocol.codes import (
    COMMAND_OPERATIONS,
    PROTOCOL_VERSION_0_9,
    VSR_HEADER_SIZE,
    Command,
    ErrorCode,
    EvictionReason,
    HeaderCommand,
    Operation,
    ProtocolVersion,
)
from iggy.protocol.frames import ReplyHeader, RequestHeader
from iggy.protocol.messages import PolledMessages
from iggy.protocol.primitives import Consumer, Partitioning, PollingStrategy
from iggy.protocol.responses import (
    CreatePersonalAccessTokenResponse,
    LoginRegisterResponse,
    PersonalAccessTokenInfo,
    StreamHeader,
    UserHeader,
)
from iggy_server._native import xxh3_64
from iggy_server.testing.server import TestServer

DEFAULT_SPEC = Path(__file__).resolve().parents[4] / "protocol-spec" / "spec"
RESPONSE_TIMEOUT_S = 60.0
WINDOW_FRAMES = 32
CLEANUP_EVERY_FRAMES = 20_000
CONTROL_TOKEN_NAME = "fuzz-control-token"
# Commands that hash a password (Argon2, ~45 ms) or build a ZIP of the system: rarer, so a long run
# spends its time on frames, not on key stretching.
_SLOW_COMMANDS = {"LoginUser", "CreateUser", "ChangePassword", "GetSnapshot"}
_SLOW_WEIGHT = 0.03
_NAMES = ("s0", "s1", "t0", "t1", "g0", "user-0", "iggy", "x" * 255, "é", "")
_U32_EDGES = (0, 1, 2, 3, 4, 0x7FFF_FFFF, 0xFFFF_FFFF)
_U64_EDGES = (0, 1, 2, 1_000_000, 0xFFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF)
_RESPONSE_HEADER = struct.Struct("<II")
V0_9 = ProtocolVersion.V0_9
_EVICTION_REASONS = frozenset(int(reason) for reason in EvictionReason) - {0}


def _unreachable_stream_id() -> int:
    """The smallest id the generator never draws, even after its one-bit flip of a drawn id (ids 0..5 and the u32
    edges, flipped in any bit: id 10 is 2 with bit 3 flipped)."""
    drawn = {*range(6), *_U32_EDGES}
    candidate = 6
    while candidate in drawn or any(candidate ^ (1 << bit) in drawn for bit in range(32)):
        candidate += 1
    return candidate


# A stream the fuzzing never reaches (its id is one the generator cannot produce; its name is in no pool): its
# messages must read back byte for byte after the restart. Stream ids count from 0, so fillers take the ids below.
SENTINEL_STREAM = "fuzz-sentinel"
SENTINEL_FILLER_STREAMS = _unreachable_stream_id()
SENTINEL_MESSAGES = 100
# 0.9 commands left out of the fuzzing: logins change the session (the tests cover them).
_V09_SKIPPED = {Command.LOGIN_REGISTER, Command.LOGIN_REGISTER_WITH_PAT}


def _status(header: bytes) -> int:
    return struct.unpack_from("<I", header, 216)[0]

class FuzzFailure(AssertionError):
    pass


# ====================================================================== generation


class FrameGenerator:
    """Payloads for each command of the spec, from its field list."""

    def __init__(self, spec_dir: Path, rng: random.Random, version: str = "0.8") -> None:
        self.rng = rng
        sys.path.insert(0, str(spec_dir.parent))  # the spec's own version grammar (its loader is stdlib-only)
        from generator.spec import parse_versions

        known = tuple(v["name"] for v in tomllib.loads((spec_dir / "protocol.toml").read_text())["version"])
        self.version = version

        def has(entry: dict[str, Any]) -> bool:
            return "versions" not in entry or version in parse_versions(entry["versions"], known)

        def own_fields(entry: dict[str, Any], key: str) -> dict[str, Any]:
            return {**entry, key: [f for f in entry.get(key, []) if has(f)]}

        commands = tomllib.loads((spec_dir / "commands.toml").read_text())["command"]
        self.commands = [(c["name"], int(c["code"]), own_fields(c, "request")["request"]) for c in commands if has(c)]
        self.primitives = {
            p["name"]: own_fields(p, "fields")
            for p in tomllib.loads((spec_dir / "primitives.toml").read_text())["primitive"] if has(p)
        }
        enums = tomllib.loads((spec_dir / "enums.toml").read_text())["enum"]
        self.enums = {e["name"]: [int(v["value"]) for v in e["value"]] for e in enums}
        self.weights = [_SLOW_WEIGHT if name in _SLOW_COMMANDS else 1.0 for name, _, _ in self.commands]

    def skip(self, codes: set[int]) -> None:
        """Leave these commands out of what ``pick`` draws."""
        kept = [(entry, weight) for entry, weight in zip(self.commands, self.weights) if entry[1] not in codes]
        self.commands, self.weights = [entry for entry, _ in kept], [weight for _, weight in kept]

    def pick(self) -> tuple[str, int, list[dict[str, Any]]]:
        return self.rng.choices(self.commands, self.weights)[0]

    # ------------------------------------------------------------------ fields

    def fields(self, fields: list[dict[str, Any]]) -> bytes:
        """Encode a field list; lengths, flags and counts are decided with what they describe."""
        values: dict[str, int] = {}
        out: list[bytes] = []
        index = 0
        while index < len(fields):
            field = fields[index]
            name, kind = field["name"], field["type"]
            when = field.get("when")
            if when is not None:
                flag, _, expected = when.partition("==")
                present = values.get(flag.strip()) == int(expected)
                if self.rng.random() < 0.05:
                    present = not present  # a flag that lies about what follows
                if not present:
                    index += 1
                    continue
            if field.get("role") == "length" and not self._sized_by(fields, name):
                # A length of the fields after it (metadata_length, permissions_len): encode them first.
                covered = self._covered_count(fields[index + 1 :], field)
                rest = self.fields(fields[index + 1 : index + 1 + covered])
                out.append(struct.pack("<I", self.maybe_lie(len(rest), 0xFFFF_FFFF)))
                out.append(rest)
                values[name] = len(rest)
                index += 1 + covered
                continue
            if field.get("repeat"):
                out.append(self.repeated(field, values))
                index += 1
                continue
            if field.get("role") == "length":
                target = self._sized_by(fields, name)
                assert target is not None
                data = self.bytes_for(target)
                values[name] = len(data)
                width = 1 if kind == "u8" else 4
                out.append(self.maybe_lie(len(data), (1 << (8 * width)) - 1).to_bytes(width, "little"))
                out.append(data)
                index += 2  # the length and the bytes it sizes
                continue
            value, encoded = self.value(field)
            if value is not None:
                values[name] = value
            out.append(encoded)
            index += 1
        return b"".join(out)

    @staticmethod
    def _covered_count(fields: list[dict[str, Any]], length: dict[str, Any]) -> int:
        """How many fields a size-less length covers: those after it with its `when` and `versions`, up to the
        first repeated one (the spec's rule)."""
        for position, field in enumerate(fields):
            if field.get("repeat") or field.get("when") != length.get("when") or (
                    field.get("versions") != length.get("versions")):
                return position
        return len(fields)

    @staticmethod
    def _sized_by(fields: list[dict[str, Any]], length_name: str) -> dict[str, Any] | None:
        for field in fields:
            if field.get("size") == length_name:
                return field
        return None

    def maybe_lie(self, true_value: int, maximum: int) -> int:
        roll = self.rng.random()
        if roll < 0.9:
            return min(true_value, maximum)
        if roll < 0.95:
            return min(true_value + self.rng.randint(1, 8), maximum)
        return self.rng.choice((0, min(max(true_value - 1, 0), maximum), maximum))

    def bytes_for(self, field: dict[str, Any]) -> bytes:
        """Contents of a length-prefixed ``bytes`` field: a pooled name, fresh UTF-8, or raw noise."""
        roll = self.rng.random()
        if roll < 0.5:
            return self.rng.choice(_NAMES).encode()
        if roll < 0.8:
            return "".join(chr(self.rng.randint(0x20, 0x7E)) for _ in range(self.rng.randint(0, 40))).encode()
        if roll < 0.9:
            return self.rng.randbytes(self.rng.choice((4, 8, 1, 3)))
        return self.rng.randbytes(self.rng.randint(0, 300))

    def repeated(self, field: dict[str, Any], values: dict[str, int]) -> bytes:
        repeat = field["repeat"]
        count = self.rng.randint(0, 3) if repeat in ("chained", "to_end") else values.get(repeat, 0)
        count = min(count, 4)
        items = []
        for position in range(count):
            item = self.value(field)[1]
            if repeat == "chained" and item:
                item = item[:-1] + (b"\x01" if position < count - 1 else b"\x00")  # has_next_* ends each entry
            items.append(item)
        return b"".join(items)

    def value(self, field: dict[str, Any]) -> tuple[int | None, bytes]:
        kind = field["type"]
        rng = self.rng
        if kind == "u8":
            choices = self.enums.get(field.get("enum", ""), [])
            if choices and rng.random() < 0.9:
                value = rng.choice(choices)
            else:
                value = rng.choice((0, 1, 2, 3, 255, rng.randint(0, 255)))
            return value, bytes([value])
        if kind == "bool":
            value = rng.choice((0, 1, 1, 2))
            return value, bytes([value])
        if kind == "u32":
            value = rng.randint(0, 5) if rng.random() < 0.7 else rng.choice(_U32_EDGES)
            return value, struct.pack("<I", value)
        if kind == "u64":
            value = rng.randint(0, 5) if rng.random() < 0.6 else rng.choice(_U64_EDGES)
            return value, struct.pack("<Q", value)
        if kind == "u128":
            return None, rng.randbytes(16) if rng.random() < 0.2 else bytes(16)
        if kind == "index_entry":
            return None, struct.pack("<IIQ", 0, rng.choice((64, 65, 128, 0)), 0)
        if kind == "message":
            payload = rng.randbytes(rng.randint(0, 64))
            header = struct.pack("<QQQQQQIIQ", 0, 0, 0, 0, 0, 0, 0, len(payload), 0)
            return None, header + payload
        if kind == "message_batch":
            # A 0.9 batch, mostly with valid checksums (else the server refuses it before storing anything).
            frames = tuple(Frame(0, rng.getrandbits(128), i, rng.randint(0, 3), rng.randbytes(rng.randint(0, 64)))
                           for i in range(rng.randint(1, 4)))
            batch = Batch(0, 0, 0, rng.randint(0, 2**40), 0, frames)
            return None, (batch.with_checksums() if rng.random() < 0.8 else batch).encode()
        primitive = self.primitives.get(kind)
        if primitive is None:
            return None, rng.randbytes(rng.randint(0, 8))
        if kind == "identifier" and rng.random() < 0.5:
            return None, b"\x01\x04" + struct.pack("<I", rng.randint(0, 3))  # a numeric id that may exist
        return None, self.fields(list(primitive["fields"]))

    # ------------------------------------------------------------------ mutation

    def mutate(self, payload: bytes) -> tuple[str, bytes]:
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0 and payload:
            return "truncated", payload[: rng.randrange(len(payload))]
        if choice == 1:
            return "extended", payload + rng.randbytes(rng.randint(1, 16))
        if choice == 2 and payload:
            position = rng.randrange(len(payload))
            flipped = bytes([payload[position] ^ (1 << rng.randrange(8))])
            return "flipped", payload[:position] + flipped + payload[position + 1 :]
        if choice == 3 and len(payload) >= 4:
            position = rng.randrange(len(payload) - 3)
            lie = rng.choice(_U32_EDGES).to_bytes(4, "little")
            return "length_lie", payload[:position] + lie + payload[position + 4 :]
        return "noise", rng.randbytes(rng.randint(0, 64))


# ====================================================================== execution


class Connection:
    def __init__(self, address: tuple[str, int]) -> None:
        self.sock = socket.create_connection(address, timeout=RESPONSE_TIMEOUT_S)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb")

    def close(self) -> None:
        self.reader.close()
        self.sock.close()

    def read_response(self) -> tuple[int, bytes]:
        header = self.reader.read(8)
        if len(header) != 8:
            raise FuzzFailure("the server closed the connection or sent a short header")
        status, length = _RESPONSE_HEADER.unpack(header)
        body = self.reader.read(length) if length else b""
        if len(body) != length:
            raise FuzzFailure(f"short body: {len(body)} of {length} bytes")
        return status, body

    def call(self, code: int, payload: bytes = b"") -> tuple[int, bytes]:
        self.sock.sendall(struct.pack("<II", 4 + len(payload), code) + payload)
        return self.read_response()

    def login_token(self, token: str) -> None:
        request = requests.LoginWithPersonalAccessToken(token)
        status, _ = self.call(request.CODE, request.encode())
        if status:
            raise FuzzFailure(f"login with the control token answered {status}")


def control_token(address: tuple[str, int]) -> str:
    connection = Connection(address)
    try:
        status, _ = connection.call(Command.LOGIN_USER, requests.LoginUser("iggy", "iggy", "fuzz", "").encode())
        if status:
            raise FuzzFailure(f"root login answered {status}")
        request = requests.CreatePersonalAccessToken(CONTROL_TOKEN_NAME, 0)
        status, body = connection.call(request.CODE, request.encode())
        if status:
            raise FuzzFailure(f"creating the control token answered {status}")
        return CreatePersonalAccessTokenResponse.decode(body).token
    finally:
        connection.close()


def cleanup(control: Connection) -> None:
    """Delete the streams, users and tokens the fuzzing created (bounded by what GetX lists)."""
    status, body = control.call(Command.GET_STREAMS)
    for stream in StreamHeader.decode_list(body) if status == 0 else []:
        if stream.name != SENTINEL_STREAM:
            control.call(Command.DELETE_STREAM, requests.DeleteStream(stream.id).encode())
    status, body = control.call(Command.GET_USERS)
    for user in UserHeader.decode_list(body) if status == 0 else []:
        if user.id != 0:
            control.call(Command.DELETE_USER, requests.DeleteUser(user.id).encode())
    status, body = control.call(Command.GET_PERSONAL_ACCESS_TOKENS)
    for token in PersonalAccessTokenInfo.decode_list(body) if status == 0 else []:
        if token.name != CONTROL_TOKEN_NAME:
            control.call(Command.DELETE_PERSONAL_ACCESS_TOKEN, requests.DeletePersonalAccessToken(token.name).encode())


def token_of(result: dict[str, Any]) -> str:
    return str(result["_token"])


# ====================================================================== 0.9 framing


class VsrConnection:
    """A 0.9 connection, lockstep: one request frame, then its reply or eviction frame (or, for a frame that is
    no client request, the server closing the connection)."""

    def __init__(self, address: tuple[str, int], token: str, rng: random.Random) -> None:
        self.address = address
        self.token = token
        self.rng = rng
        self.sock: socket.socket | None = None
        self.reader: Any = None
        self.session = 0
        self.next_request = 1
        self.client = 0
        self.connect()

    def connect(self) -> None:
        self.close()
        self.sock = socket.create_connection(self.address, timeout=RESPONSE_TIMEOUT_S)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb")
        self.register()

    def close(self) -> None:
        if self.sock is not None:
            self.reader.close()
            self.sock.close()
            self.sock = None

    def register(self) -> None:
        self.client = self.rng.getrandbits(128) or 1
        body = requests.LoginRegisterWithPat(protocol_version=PROTOCOL_VERSION_0_9, sdk_name="fuzz",
                                             sdk_version="0", token=self.token).encode(V0_9)
        self.send(self.header(Operation.REGISTER, body, request=0, session=0) + body)
        header, reply_body = self.read()
        if header is None or header[60] != HeaderCommand.REPLY or _status(header) != 0:
            raise FuzzFailure("0.9 registration with the control token failed")
        self.session = LoginRegisterResponse.decode(reply_body[4:], V0_9).session
        self.next_request = 1

    def header(self, operation: int, body: bytes, *, request: int, session: int, code: int = 0,
               request_checksum: int | None = None, client: int | None = None, command: int = HeaderCommand.REQUEST,
               release: int = 0) -> bytes:
        if request_checksum is None:
            request_checksum = xxh3_64(body)
        return RequestHeader(
            checksum=0, checksum_body=0, cluster=0, size=VSR_HEADER_SIZE + len(body), view=0, release=release,
            command=command, replica=0, client=self.client if client is None else client,
            request_checksum=request_checksum, timestamp=0, request=request, operation=operation, session=session,
            user_id=0, code=code,
        ).encode(V0_9)

    def send(self, frame: bytes) -> None:
        assert self.sock is not None
        self.sock.sendall(frame)

    def read(self) -> tuple[bytes | None, bytes]:
        """(header, body), or (None, b"") when the server closed the connection."""
        header = self.reader.read(VSR_HEADER_SIZE)
        if len(header) == 0:
            return None, b""
        if len(header) != VSR_HEADER_SIZE:
            raise FuzzFailure(f"a 0.9 answer cut after {len(header)} header bytes")
        size = struct.unpack_from("<I", header, 48)[0]
        if size < VSR_HEADER_SIZE:
            raise FuzzFailure(f"a 0.9 answer of size {size}")
        body = self.reader.read(size - VSR_HEADER_SIZE)
        if len(body) != size - VSR_HEADER_SIZE:
            raise FuzzFailure("a 0.9 answer's body was cut")
        return header, body

    def exchange(self, code: int, body: bytes, counts: Counter[str]) -> None:
        """Frame one request (its header mostly right), send it, check what comes back."""
        rng = self.rng
        operation = COMMAND_OPERATIONS.get(code, Operation.NON_REPLICATED)
        request = self.next_request
        if operation != Operation.NON_REPLICATED:
            self.next_request += 1
        fields: dict[str, Any] = {"request": request, "session": self.session,
                                  "code": code if operation == Operation.NON_REPLICATED else 0}
        if operation in (Operation.REGISTER,):
            fields.update(request=0, session=0)
        damage = "none"
        roll = rng.random()
        if roll < 0.03:
            damage, operation = "operation", rng.choice((0, 4, 63, 64, 68, 150, 255))
        elif roll < 0.05:
            damage, fields["session"] = "session", max(self.session - 1, 0)
        elif roll < 0.07:
            damage, fields["request"] = "request", rng.randint(0, max(request - 1, 0))
        elif roll < 0.09:
            damage, fields["request_checksum"] = "checksum", rng.getrandbits(64) | 1
        elif roll < 0.10:
            damage, fields["release"] = "release", rng.randint(1, 9)
        elif roll < 0.105:
            damage = rng.choice(("client", "command"))
            fields["client" if damage == "client" else "command"] = 0 if damage == "client" else 8
        if operation in (Operation.SEND_MESSAGES, Operation.STORE_CONSUMER_OFFSET, Operation.DELETE_CONSUMER_OFFSET,
                         Operation.NON_REPLICATED) and "request_checksum" not in fields:
            fields["request_checksum"] = 0
        self.send(self.header(operation, body, **fields) + body)
        header, reply_body = self.read()
        counts["v09_frames"] += 1
        if header is None:
            if damage not in ("client", "command"):
                raise FuzzFailure(f"the server closed a 0.9 connection after a request with {damage} damage")
            counts["v09_closed"] += 1
            self.connect()
            return
        if damage in ("client", "command"):
            raise FuzzFailure(f"a 0.9 request with a bad {damage} was answered, not closed")
        if header[60] == HeaderCommand.EVICTION:
            reason = header[255]
            if reason not in _EVICTION_REASONS or any(header[152:255]) or len(reply_body):
                raise FuzzFailure(f"a malformed eviction frame (reason {reason})")
            counts[f"v09_eviction_{EvictionReason(reason).name.lower()}"] += 1
            self.register()
            return
        if header[60] != HeaderCommand.REPLY:
            raise FuzzFailure(f"a 0.9 answer with command {header[60]}")
        if damage in ("operation", "release"):
            raise FuzzFailure(f"a 0.9 request with a bad {damage} was answered, not evicted")
        reply = ReplyHeader.decode(header, V0_9)
        # A reused request number gets the cached reply of the request that first had it (its operation).
        if reply.request != fields["request"] or reply.client != self.client or (
                damage != "request" and reply.operation != operation):
            raise FuzzFailure(f"a 0.9 reply does not echo its request: {reply}")
        if reply.status and reply_body:
            raise FuzzFailure(f"0.9 error {reply.status} carried a {len(reply_body)}-byte body")
        counts[f"v09_{damage}_{'ok' if reply.status == 0 else 'error'}"] += 1
        if operation == Operation.LOGOUT and reply.status == 0:
            self.register()


def write_sentinel(control: Connection, rng: random.Random) -> list[bytes]:
    """Create the sentinel stream (its id above the filler streams' ids) and store known messages in it."""
    fillers = [f"fuzz-filler-{i}" for i in range(SENTINEL_FILLER_STREAMS)]
    for name in [*fillers, SENTINEL_STREAM]:
        status, body = control.call(Command.CREATE_STREAM, requests.CreateStream(name).encode())
        if status:
            raise FuzzFailure(f"creating stream {name} failed")
    if (sentinel_id := StreamHeader.decode(body).id) != SENTINEL_FILLER_STREAMS:
        raise FuzzFailure(f"the sentinel stream got id {sentinel_id}, which the fuzzing may reach: fuzz a server "
                          "without streams")
    for name in fillers:
        control.call(Command.DELETE_STREAM, requests.DeleteStream(name).encode())
    topic = requests.CreateTopic(SENTINEL_STREAM, 1, 1, 0, 0, 0, "t")
    if control.call(topic.CODE, topic.encode())[0]:
        raise FuzzFailure("creating the sentinel topic failed")
    payloads = [rng.randbytes(rng.randint(1, 200)) for _ in range(SENTINEL_MESSAGES)]
    from iggy.protocol.messages import Message, encode_send_messages

    frame = encode_send_messages(requests.Identifier.parse(SENTINEL_STREAM), requests.Identifier.parse("t"),
                                 Partitioning.partition_id(0), [Message(p) for p in payloads])
    if control.call(Command.SEND_MESSAGES, frame)[0]:
        raise FuzzFailure("sending the sentinel messages failed")
    return payloads


def check_sentinel(connection: Connection, payloads: list[bytes]) -> None:
    poll = requests.PollMessages(Consumer.consumer(1), SENTINEL_STREAM, "t", 0, PollingStrategy.first(),
                                 len(payloads) + 1, False)
    status, body = connection.call(poll.CODE, poll.encode())
    if status:
        raise FuzzFailure(f"polling the sentinel stream answered {status}")
    polled = PolledMessages.decode(body)
    found = [(m.offset, bytes(m.payload)) for m in polled.messages]
    if found != list(enumerate(payloads)):
        raise FuzzFailure(f"the sentinel stream changed: {len(found)} messages of {len(payloads)}")
    for message in polled.messages:
        if xxh3_64(message.to_message().encode_frame()[8:]) != message.checksum:
            raise FuzzFailure(f"sentinel message {message.offset} fails its checksum")


def run(address: tuple[str, int], frames: int, seed: int, spec_dir: Path, result: dict[str, Any]) -> Counter[str]:
    rng = random.Random(seed)
    generator = FrameGenerator(spec_dir, rng)
    generator_v09 = FrameGenerator(spec_dir, rng, "0.9")
    generator_v09.skip(_V09_SKIPPED)
    known_codes = {int(c) for c in Command}
    token = result["_token"] = control_token(address)
    control = Connection(address)
    control.login_token(token)
    result["_sentinel"] = write_sentinel(control, rng)
    fuzzed = Connection(address)
    fuzzed.login_token(token)
    fuzzed_v09 = VsrConnection(address, token, rng)
    counts: Counter[str] = Counter()
    sent = 0
    window_number = 0
    try:
        while sent < frames:
            window_number += 1
            if window_number % 2 == 0:  # every other window speaks 0.9, lockstep
                for _ in range(min(WINDOW_FRAMES, frames - sent)):
                    _name, code, fields = generator_v09.pick()
                    payload = generator_v09.fields(fields)
                    if rng.random() < 0.2:
                        _kind, payload = generator_v09.mutate(payload)
                    fuzzed_v09.exchange(code, payload, counts)
                    sent += 1
                    counts["frames"] += 1
                if control.call(Command.PING) != (0, b""):
                    raise FuzzFailure("the control connection's ping failed")
                if sent % CLEANUP_EVERY_FRAMES < WINDOW_FRAMES:
                    cleanup(control)
                continue
            window = []
            wire = bytearray()
            for _ in range(min(WINDOW_FRAMES, frames - sent)):
                roll = rng.random()
                if roll < 0.02:
                    code = rng.choice([c for c in (rng.randint(0, 0xFFFF_FFFF), 13, 99, 9999) if c not in known_codes])
                    payload = rng.randbytes(rng.randint(0, 32))
                    wire += struct.pack("<II", 4 + len(payload), code) + payload
                    window.append(("unknown_code", code, True))
                    continue
                if roll < 0.03:
                    wire += struct.pack("<II", rng.randint(0, 3), rng.choice(list(known_codes)))
                    window.append(("short_length", 0, True))
                    continue
                name, code, fields = generator.pick()
                payload = generator.fields(fields)
                kind = "generated"
                if rng.random() < 0.33:
                    kind, payload = generator.mutate(payload)
                wire += struct.pack("<II", 4 + len(payload), code) + payload
                window.append((kind, code, False))
            fuzzed.sock.sendall(wire)
            relogin = False
            for kind, code, must_fail in window:
                status, body = fuzzed.read_response()
                sent += 1
                counts["frames"] += 1
                counts[f"{kind}_{'ok' if status == 0 else 'error'}"] += 1
                if status != 0 and body:
                    raise FuzzFailure(f"error {status} to command {code} carried a {len(body)}-byte body")
                if status == 0 and len(body) == 1:
                    raise FuzzFailure(f"command {code} answered OK with a 1-byte body")
                if must_fail and status != ErrorCode.INVALID_COMMAND:
                    raise FuzzFailure(f"a {kind} frame (code {code}) was answered {status}, not 3")
                if code in (Command.LOGOUT_USER, Command.LOGIN_USER, Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN):
                    relogin = True
            if relogin:
                fuzzed.login_token(token)
            if control.call(Command.PING) != (0, b""):
                raise FuzzFailure("the control connection's ping failed")
            if sent % CLEANUP_EVERY_FRAMES < WINDOW_FRAMES:
                cleanup(control)
        check_sentinel(control, result["_sentinel"])
    finally:
        fuzzed.close()
        fuzzed_v09.close()
        control.close()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.testing.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20_000, help="frames to send (default 20000)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random, printed)")
    parser.add_argument("--address", help="fuzz a running server (root iggy/iggy) instead of starting one")
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, help="protocol-spec/spec directory")
    parser.add_argument(
        "--tmp",
        type=Path,
        default=None,
        help="parent of the private server's data directory (e.g. /dev/shm: fuzzing is not about fsync speed)",
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    started = time.monotonic()
    result: dict[str, Any] = {"seed": seed}
    try:
        if args.address:
            host, _, port = args.address.rpartition(":")
            counts = run((host, int(port)), args.frames, seed, args.spec, result)
        else:
            counts = fuzz_private_server(args.frames, seed, args.spec, result, args.tmp)
    except (FuzzFailure, OSError) as failure:
        result.pop("_token", None)
        result.pop("_sentinel", None)
        result.update(failed=str(failure), seconds=round(time.monotonic() - started, 1))
        print(json.dumps(result), flush=True)
        return 1
    result.pop("_token", None)
    result.pop("_sentinel", None)
    result.update(sorted(counts.items()))
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result), flush=True)
    return 0


def fuzz_private_server(
    frames: int, seed: int, spec_dir: Path, result: dict[str, Any], tmp: Path | None
) -> Counter[str]:
    with tempfile.TemporaryDirectory(prefix="iggy-fuzz-", dir=tmp) as directory:
        data_dir = Path(directory) / "data"
        server = TestServer(data_dir).start()
        try:
            counts = run((server.host, server.port), frames, seed, spec_dir, result)
        finally:
            exit_code = server.stop()  # a server that died under the fuzzing exits non-zero here
        if exit_code != 0:
            raise FuzzFailure(f"graceful stop after fuzzing exited {exit_code}: {_tail(server.log())}")
        # The stored state must still load: restart on the same data and log in with the control token.
        with TestServer(data_dir) as restarted:
            probe = Connection((restarted.host, restarted.port))
            probe.login_token(token_of(result))
            check_sentinel(probe, result["_sentinel"])
            probe.close()
        return counts


def _tail(log: str, lines: int = 20) -> str:
    return " | ".join(log.splitlines()[-lines:])


if __name__ == "__main__":
    sys.exit(main())
