"""Workloads of ``iggy-bench`` (names and defaults follow Iggy's iggy-bench) → actor specs for the
native load generator, plus the setup they need (streams, topics, consumer groups, seed data).

Every request frame is encoded here once with ``iggy.protocol``; the Rust actors only replay them.
"""

from __future__ import annotations

import os
import socket
import struct
from dataclasses import dataclass, field

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, encode_send_messages
from iggy.protocol.primitives import Consumer, Identifier, Partitioning, PollingStrategy

TOPIC = "topic-1"
GROUP = "cg-1"
STREAM_PREFIX = "bench-"

# name: (uses producers, uses consumers, pinned (one stream per actor) or balanced)
WORKLOADS = {
    "pinned-producer": (True, False, True),
    "pinned-consumer": (False, True, True),
    "pinned-producer-and-consumer": (True, True, True),
    "balanced-producer": (True, False, False),
    "balanced-consumer-group": (False, True, False),
    "end-to-end-producing-consumer": (True, False, True),
}
DEFAULT_PINNED_STREAMS = 8
DEFAULT_BALANCED_STREAMS = 1
DEFAULT_PINNED_PARTITIONS = 1
DEFAULT_BALANCED_PARTITIONS = 24


@dataclass
class Plan:
    workload: str
    producers: int
    consumers: int
    streams: int
    partitions: int
    messages_per_batch: int
    message_size: int
    message_batches: int
    username: str = "iggy"
    password: str = "iggy"
    # Actor tuples for _native.bench_start, in the order of `roles`.
    actors: list[tuple[str, list[bytes], bytes, bytes, int, int]] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    # Batches sent (unmeasured) before consumers run, per stream.
    seed_batches_per_stream: int = 0
    shared_target_messages: int = 0

    @property
    def frame_bytes(self) -> int:
        return 64 + self.message_size

    @property
    def batch_bytes(self) -> int:
        return self.frame_bytes * self.messages_per_batch


class SetupError(RuntimeError):
    pass


class SetupClient:
    """Blocking request/response connection for setup commands."""

    def __init__(self, address: str, username: str, password: str, timeout_s: float = 30.0) -> None:
        host, _, port = address.rpartition(":")
        self.sock = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.call(requests.LoginUser(username, password, "iggy-bench", ""))

    def close(self) -> None:
        self.sock.close()

    def _recv_exact(self, size: int) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise SetupError("server closed the connection")
            data += chunk
        return bytes(data)

    def raw(self, frame: bytes) -> tuple[int, bytes]:
        self.sock.sendall(frame)
        status, length = struct.unpack("<II", self._recv_exact(8))
        return status, self._recv_exact(length) if length else b""

    def call(self, request: requests.Request, tolerate: tuple[int, ...] = ()) -> bytes:
        status, body = self.raw(encode_request(request.CODE, request.encode()))
        if status and status not in tolerate:
            try:
                name = ErrorCode(status).name
            except ValueError:
                name = "?"
            raise SetupError(f"{type(request).__name__} failed: error {status} ({name})")
        return body


def stream_name(number: int) -> str:
    return f"{STREAM_PREFIX}{number + 1}"


def login_frame(plan: Plan) -> bytes:
    login = requests.LoginUser(plan.username, plan.password, "iggy-bench", "")
    return encode_request(Command.LOGIN_USER, login.encode())


def send_frame(plan: Plan, stream: str, partitioning: Partitioning) -> bytes:
    payload = os.urandom(plan.message_size)
    messages = [Message(payload=payload) for _ in range(plan.messages_per_batch)]
    body = encode_send_messages(Identifier.parse(stream), Identifier.parse(TOPIC), partitioning, messages)
    return encode_request(Command.SEND_MESSAGES, body)


def poll_frame(plan: Plan, consumer: Consumer, stream: str, partition: int | None) -> bytes:
    request = requests.PollMessages(
        consumer, stream, TOPIC, partition, PollingStrategy.next(), plan.messages_per_batch, True
    )
    return encode_request(Command.POLL_MESSAGES, request.encode())


def build(plan: Plan) -> Plan:
    """Fill ``plan.actors`` for the workload (streams are ``bench-1..N``, topic ``topic-1``)."""
    login = login_frame(plan)
    uses_producers, uses_consumers, _ = WORKLOADS[plan.workload]
    batches = plan.message_batches
    if plan.workload == "end-to-end-producing-consumer":
        for n in range(plan.producers):
            stream = stream_name(n % plan.streams)
            plan.roles.append("producing_consumer")
            plan.actors.append(
                (
                    "producing_consumer",
                    [login],
                    send_frame(plan, stream, Partitioning.partition_id(0)),
                    poll_frame(plan, Consumer.consumer(n + 1), stream, 0),
                    batches,
                    plan.messages_per_batch,
                )
            )
        return plan
    if uses_producers:
        for n in range(plan.producers):
            if plan.workload == "balanced-producer":
                stream, partitioning = stream_name(n % plan.streams), Partitioning.balanced()
            else:
                stream, partitioning = stream_name(n % plan.streams), Partitioning.partition_id(0)
            plan.roles.append("producer")
            plan.actors.append(
                ("producer", [login], send_frame(plan, stream, partitioning), b"", batches, plan.messages_per_batch)
            )
    if uses_consumers:
        if plan.workload == "balanced-consumer-group":
            stream = stream_name(0)
            join_body = requests.JoinConsumerGroup(stream, TOPIC, GROUP).encode()
            join = encode_request(Command.JOIN_CONSUMER_GROUP, join_body)
            poll = poll_frame(plan, Consumer.group(GROUP), stream, None)
            for _ in range(plan.consumers):
                plan.roles.append("consumer")
                plan.actors.append(("consumer", [login, join], b"", poll, batches, plan.messages_per_batch))
            # Every partition gets the same number of batches; consumers stop once all is read.
            per_partition = -(-plan.consumers * batches // plan.partitions)
            plan.seed_batches_per_stream = per_partition * plan.partitions
            plan.shared_target_messages = plan.seed_batches_per_stream * plan.messages_per_batch
        else:
            for n in range(plan.consumers):
                stream = stream_name(n % plan.streams)
                plan.roles.append("consumer")
                poll = poll_frame(plan, Consumer.consumer(n + 1), stream, 0)
                plan.actors.append(("consumer", [login], b"", poll, batches, plan.messages_per_batch))
            if not uses_producers:
                consumers_per_stream = -(-plan.consumers // plan.streams)
                plan.seed_batches_per_stream = consumers_per_stream * batches
    return plan


def prepare_server(plan: Plan, address: str) -> None:
    """Recreate the streams/topics (and group) the workload uses, so every run starts empty."""
    client = SetupClient(address, plan.username, plan.password)
    try:
        for n in range(plan.streams):
            name = stream_name(n)
            client.call(requests.DeleteStream(name), tolerate=(int(ErrorCode.STREAM_ID_NOT_FOUND),))
            client.call(requests.CreateStream(name))
            client.call(requests.CreateTopic(name, plan.partitions, 1, 0, 0, 0, TOPIC))
        if plan.workload == "balanced-consumer-group":
            client.call(requests.CreateConsumerGroup(stream_name(0), TOPIC, GROUP))
    finally:
        client.close()


def seed_actors(plan: Plan) -> list[tuple[str, list[bytes], bytes, bytes, int, int]]:
    """Unmeasured producers that fill the streams consumers read (one per stream)."""
    if not plan.seed_batches_per_stream:
        return []
    login = login_frame(plan)
    group = plan.workload == "balanced-consumer-group"
    partitioning = Partitioning.balanced() if group else Partitioning.partition_id(0)
    streams = 1 if group else plan.streams
    return [
        (
            "producer",
            [login],
            send_frame(plan, stream_name(n), partitioning),
            b"",
            plan.seed_batches_per_stream,
            plan.messages_per_batch,
        )
        for n in range(streams)
    ]


def cleanup(plan: Plan, address: str) -> None:
    client = SetupClient(address, plan.username, plan.password)
    try:
        for n in range(plan.streams):
            client.call(requests.DeleteStream(stream_name(n)), tolerate=(int(ErrorCode.STREAM_ID_NOT_FOUND),))
    finally:
        client.close()
