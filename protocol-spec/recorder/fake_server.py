"""A small in-memory Iggy 0.8 server that records every frame it sees.

Built only from `iggy.protocol` so the official client exercises our codec against real traffic.
It keeps just enough state for the capture scenario (root user iggy/iggy, one seeded personal
access token, streams, topics, partitions, messages, consumer groups, stored offsets). It is a
recording tool, not the reference server: commands it does not need answer 5 FeatureUnavailable.
Message checksums are left 0 (no client verifies them; the real server's native code computes XXH3).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from iggy.protocol import framing
from iggy.protocol import requests as rq
from iggy.protocol import responses as rs
from iggy.protocol.codes import (
    MAX_TOPIC_SIZE_UNLIMITED,
    MESSAGE_EXPIRY_NEVER,
    UNAUTHENTICATED_COMMANDS,
    Command,
    ErrorCode,
)
from iggy.protocol.errors import ProtocolError
from iggy.protocol.kinds import ConsumerKind, PartitioningKind, PollingKind
from iggy.protocol.messages import Message, encode_frames, encode_poll_response_prefix
from iggy.protocol.primitives import Identifier, Permissions

ROOT_USERNAME = "iggy"
ROOT_PASSWORD = "iggy"
SEEDED_TOKEN = "iggypat-recorder-0123456789abcdef"
MAX_FRAME_BYTES = 64 * 1024 * 1024


class ServerError(Exception):
    def __init__(self, code: ErrorCode) -> None:
        super().__init__(code.name)
        self.code = code


def now_us() -> int:
    return time.time_ns() // 1000


@dataclass
class Partition:
    id: int
    created_at_us: int
    messages: list[Message] = field(default_factory=list)

    @property
    def current_offset(self) -> int:
        return self.messages[-1].offset if self.messages else 0

    @property
    def size_bytes(self) -> int:
        return sum(m.frame_size for m in self.messages)


@dataclass
class Group:
    id: int
    name: str
    partitions: list[int]
    members: dict[int, list[int]] = field(default_factory=dict)  # connection id -> owned partitions
    next_partition: dict[int, int] = field(default_factory=dict)


@dataclass
class Topic:
    id: int
    name: str
    created_at_us: int
    compression_algorithm: int
    message_expiry_us: int
    max_topic_size_bytes: int
    replication_factor: int
    partitions: list[Partition]
    groups: dict[int, Group] = field(default_factory=dict)
    offsets: dict[tuple[int, Any, int], int] = field(default_factory=dict)
    balanced_counter: int = 0

    def header(self) -> rs.TopicHeader:
        return rs.TopicHeader(partitions_count=len(self.partitions), **self._fields())

    def _fields(self) -> dict[str, Any]:
        return dict(
            id=self.id, created_at=self.created_at_us,
            message_expiry=self.message_expiry_us, compression_algorithm=self.compression_algorithm,
            max_topic_size=self.max_topic_size_bytes, replication_factor=self.replication_factor,
            size_bytes=sum(p.size_bytes for p in self.partitions),
            messages_count=sum(len(p.messages) for p in self.partitions), name=self.name,
        )

    def details(self) -> rs.TopicDetails:
        partitions = tuple(
            rs.PartitionDetails(p.id, p.created_at_us, 1, p.current_offset, p.size_bytes, len(p.messages))
            for p in self.partitions
        )
        return rs.TopicDetails(**self._fields(), partitions=partitions)


@dataclass
class Stream:
    id: int
    name: str
    created_at_us: int
    topics: dict[int, Topic] = field(default_factory=dict)

    def header(self) -> rs.StreamHeader:
        headers = [t.header() for t in self.topics.values()]
        return rs.StreamHeader(
            id=self.id, created_at=self.created_at_us, topics_count=len(headers),
            size_bytes=sum(h.size_bytes for h in headers), messages_count=sum(h.messages_count for h in headers),
            name=self.name,
        )

    def details(self) -> rs.StreamDetails:
        header = self.header()
        topics = tuple(t.header() for t in sorted(self.topics.values(), key=lambda t: t.id))
        return rs.StreamDetails(
            id=header.id, created_at=header.created_at, size_bytes=header.size_bytes,
            messages_count=header.messages_count, name=header.name, topics=topics,
        )


def _find(items: dict[int, Any], identifier: Identifier, missing: ErrorCode) -> Any:
    if identifier.is_numeric:
        found = items.get(identifier.value)
    else:
        found = next((item for item in items.values() if item.name == identifier.value), None)
    if found is None:
        raise ServerError(missing)
    return found


def _free_id(items: dict[int, Any]) -> int:
    candidate = 0
    while candidate in items:
        candidate += 1
    return candidate


class RecordingServer:
    """Serve on 127.0.0.1:<free port>; every exchange is appended to `records` (and `path` if given)."""

    def __init__(self, record_path: Path | None = None, seed: int = 8) -> None:
        self.record_path = record_path
        self.records: list[dict[str, Any]] = []
        self.label = ""
        self.streams: dict[int, Stream] = {}
        self.random = random.Random(seed)
        self.created_at_us = now_us()
        self._server: asyncio.AbstractServer | None = None
        self._connections = 0
        self._tasks: set[asyncio.Task] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        """Close the listener and every client connection, then wait for the handlers to finish."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        if self._server is not None:
            await self._server.wait_closed()

    # ------------------------------------------------------------------ connection loop

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._connections += 1
        session = {"conn": self._connections, "user_id": None, "seq": 0}
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self._writers.add(writer)
        try:
            while True:
                header = await reader.readexactly(framing.REQUEST_HEADER_SIZE)
                length, code = framing.decode_request_header(header)
                if length - 4 > MAX_FRAME_BYTES:
                    break
                payload = await reader.readexactly(length - 4)
                status, body = self._handle(session, code, payload)
                response = framing.encode_response(status, body)
                writer.write(response)
                await writer.drain()
                self._record(session, code, header + payload, status, response)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self._drop_memberships(session["conn"])
            self._writers.discard(writer)
            if task is not None:
                self._tasks.discard(task)
            writer.close()

    def _record(self, session: dict, code: int, request: bytes, status: int, response: bytes) -> None:
        session["seq"] += 1
        try:
            name = Command(code).name
        except ValueError:
            name = str(code)
        record = {
            "label": self.label, "conn": session["conn"], "seq": session["seq"], "code": code, "command": name,
            "request_hex": request.hex(), "status": status, "response_hex": response.hex(),
        }
        self.records.append(record)
        if self.record_path is not None:
            with self.record_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")

    def _handle(self, session: dict, code: int, payload: bytes) -> tuple[int, bytes]:
        try:
            command = Command(code)
        except ValueError:
            return ErrorCode.INVALID_COMMAND, b""
        if command not in UNAUTHENTICATED_COMMANDS and session["user_id"] is None:
            return ErrorCode.UNAUTHENTICATED, b""
        handler = getattr(self, f"_on_{command.name.lower()}", None)
        if handler is None:
            return ErrorCode.FEATURE_UNAVAILABLE, b""
        try:
            request = rq.REQUEST_TYPES[command].decode(payload)
            return 0, handler(session, request)
        except ProtocolError as error:
            return int(error.code), b""
        except ServerError as error:
            return int(error.code), b""

    # ------------------------------------------------------------------ handlers

    def _on_ping(self, session: dict, request: rq.Ping) -> bytes:
        return b""

    def _on_login_user(self, session: dict, request: rq.LoginUser) -> bytes:
        if (request.username, request.password) != (ROOT_USERNAME, ROOT_PASSWORD):
            raise ServerError(ErrorCode.INVALID_CREDENTIALS)
        session["user_id"] = 0
        return rs.LoginUserResponse(0).encode()

    def _on_login_with_personal_access_token(self, session: dict, request: rq.LoginWithPersonalAccessToken) -> bytes:
        if request.token != SEEDED_TOKEN:
            raise ServerError(ErrorCode.RESOURCE_NOT_FOUND)
        session["user_id"] = 0
        return rs.LoginWithPersonalAccessTokenResponse(0).encode()

    def _on_logout_user(self, session: dict, request: rq.LogoutUser) -> bytes:
        session["user_id"] = None
        return b""

    def _on_get_cluster_metadata(self, session: dict, request: rq.GetClusterMetadata) -> bytes:
        node = rs.ClusterNode("iggy-node", "127.0.0.1", self.port, 8080, 3000, 8092, 0, 0)
        return rs.ClusterMetadata("single-node", (node,)).encode()

    def _on_get_user(self, session: dict, request: rq.GetUser) -> bytes:
        if request.user_id.value not in (0, ROOT_USERNAME):
            return b""
        return rs.UserDetails(0, self.created_at_us, 1, ROOT_USERNAME, Permissions.root()).encode()

    def _on_create_stream(self, session: dict, request: rq.CreateStream) -> bytes:
        if any(s.name == request.name for s in self.streams.values()):
            raise ServerError(ErrorCode.STREAM_NAME_ALREADY_EXISTS)
        stream = Stream(_free_id(self.streams), request.name, now_us())
        self.streams[stream.id] = stream
        return stream.header().encode()

    def _on_get_stream(self, session: dict, request: rq.GetStream) -> bytes:
        try:
            stream = _find(self.streams, request.stream_id, ErrorCode.STREAM_ID_NOT_FOUND)
        except ServerError:
            return b""
        return stream.details().encode()

    def _on_get_streams(self, session: dict, request: rq.GetStreams) -> bytes:
        return rs.StreamHeader.encode_list([s.header() for s in self.streams.values()])

    def _on_create_topic(self, session: dict, request: rq.CreateTopic) -> bytes:
        stream = _find(self.streams, request.stream_id, ErrorCode.STREAM_ID_NOT_FOUND)
        if any(t.name == request.name for t in stream.topics.values()):
            raise ServerError(ErrorCode.TOPIC_NAME_ALREADY_EXISTS)
        if request.partitions_count > 1000:
            raise ServerError(ErrorCode.TOO_MANY_PARTITIONS)
        created = now_us()
        topic = Topic(
            id=_free_id(stream.topics), name=request.name, created_at_us=created,
            compression_algorithm=int(request.compression_algorithm),
            message_expiry_us=request.message_expiry or MESSAGE_EXPIRY_NEVER,
            max_topic_size_bytes=request.max_topic_size or MAX_TOPIC_SIZE_UNLIMITED,
            replication_factor=request.replication_factor or 1,
            partitions=[Partition(i, created) for i in range(request.partitions_count)],
        )
        stream.topics[topic.id] = topic
        return topic.details().encode()

    def _topic(self, stream_id: Identifier, topic_id: Identifier) -> Topic:
        stream = _find(self.streams, stream_id, ErrorCode.STREAM_ID_NOT_FOUND)
        return _find(stream.topics, topic_id, ErrorCode.TOPIC_ID_NOT_FOUND)

    def _on_get_topic(self, session: dict, request: rq.GetTopic) -> bytes:
        try:
            return self._topic(request.stream_id, request.topic_id).details().encode()
        except ServerError:
            return b""

    def _on_send_messages(self, session: dict, request: rq.SendMessages) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        partitioning = request.partitioning
        if not topic.partitions:
            raise ServerError(ErrorCode.NO_PARTITIONS)
        if partitioning.kind == PartitioningKind.PARTITION_ID:
            partition_id = partitioning.partition
        elif partitioning.kind == PartitioningKind.BALANCED:
            partition_id = topic.balanced_counter % len(topic.partitions)
            topic.balanced_counter += 1
        else:
            partition_id = hash(partitioning.value) % len(topic.partitions)
        if partition_id >= len(topic.partitions):
            raise ServerError(ErrorCode.PARTITION_NOT_FOUND)
        partition = topic.partitions[partition_id]
        timestamp = now_us()
        for message in request.messages:
            offset = partition.current_offset + 1 if partition.messages else 0
            message_id = message.id or uuid.UUID(int=self.random.getrandbits(128), version=4).int
            stored = Message(
                bytes(message.payload), id=message_id, user_headers_bytes=bytes(message.user_headers_bytes),
                offset=offset, timestamp_us=timestamp, origin_timestamp_us=message.origin_timestamp_us,
            )
            partition.messages.append(stored)
        return b""

    def _consumer_key(self, session: dict, consumer, topic: Topic) -> tuple[int, Any]:
        if consumer.kind == ConsumerKind.CONSUMER_GROUP:
            group = _find(topic.groups, consumer.id, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND)
            return 2, group.id
        return 1, consumer.id.value

    def _resolve_partition(self, session: dict, consumer, topic: Topic, partition_id: int | None) -> int | None:
        if consumer.kind != ConsumerKind.CONSUMER_GROUP:
            return 0 if partition_id is None else partition_id
        group = _find(topic.groups, consumer.id, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND)
        owned = group.members.get(session["conn"])
        if owned is None:
            raise ServerError(ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND)
        if partition_id is not None:
            return partition_id if partition_id in owned else None
        if not owned:
            return None
        turn = group.next_partition.get(session["conn"], 0)
        group.next_partition[session["conn"]] = turn + 1
        return owned[turn % len(owned)]

    def _on_poll_messages(self, session: dict, request: rq.PollMessages) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        partition_id = self._resolve_partition(session, request.consumer, topic, request.partition_id)
        if partition_id is None:
            return encode_poll_response_prefix(0, 0, 0)
        if partition_id >= len(topic.partitions):
            raise ServerError(ErrorCode.PARTITION_NOT_FOUND)
        partition = topic.partitions[partition_id]
        key = self._consumer_key(session, request.consumer, topic)
        messages = partition.messages
        strategy = request.strategy
        if strategy.kind == PollingKind.OFFSET:
            selected = [m for m in messages if m.offset >= strategy.value]
        elif strategy.kind == PollingKind.TIMESTAMP:
            selected = [m for m in messages if m.timestamp_us >= strategy.value]
        elif strategy.kind == PollingKind.FIRST:
            selected = list(messages)
        elif strategy.kind == PollingKind.LAST:
            selected = messages[-request.count :] if request.count else []
        else:
            stored = topic.offsets.get((*key, partition_id))
            selected = [m for m in messages if stored is None or m.offset > stored]
        selected = selected[: request.count]
        if request.auto_commit and selected:
            topic.offsets[(*key, partition_id)] = selected[-1].offset
        prefix = encode_poll_response_prefix(partition_id, partition.current_offset, len(selected))
        return prefix + encode_frames(selected)

    def _on_store_consumer_offset(self, session: dict, request: rq.StoreConsumerOffset) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        partition_id = self._resolve_partition(session, request.consumer, topic, request.partition_id)
        if partition_id is None:
            raise ServerError(ErrorCode.NOT_RESOLVED_CONSUMER)
        partition = topic.partitions[partition_id]
        if not partition.messages or request.offset > partition.current_offset:
            raise ServerError(ErrorCode.INVALID_OFFSET)
        topic.offsets[(*self._consumer_key(session, request.consumer, topic), partition_id)] = request.offset
        return b""

    def _on_get_consumer_offset(self, session: dict, request: rq.GetConsumerOffset) -> bytes:
        try:
            topic = self._topic(request.stream_id, request.topic_id)
            key = self._consumer_key(session, request.consumer, topic)
        except ServerError:
            return b""
        partition_id = request.partition_id or 0
        stored = topic.offsets.get((*key, partition_id))
        if stored is None or partition_id >= len(topic.partitions):
            return b""
        return rs.ConsumerOffsetInfo(partition_id, topic.partitions[partition_id].current_offset, stored).encode()

    def _on_delete_consumer_offset(self, session: dict, request: rq.DeleteConsumerOffset) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        partition_id = self._resolve_partition(session, request.consumer, topic, request.partition_id)
        key = (*self._consumer_key(session, request.consumer, topic), partition_id)
        if topic.offsets.pop(key, None) is None:
            raise ServerError(ErrorCode.CONSUMER_OFFSET_NOT_FOUND)
        return b""

    def _group_details(self, group: Group) -> rs.GroupDetails:
        members = tuple(
            rs.GroupMember(index, tuple(owned)) for index, owned in enumerate(group.members.values())
        )
        return rs.GroupDetails(group.id, len(group.partitions), group.name, members)

    def _on_get_consumer_group(self, session: dict, request: rq.GetConsumerGroup) -> bytes:
        try:
            topic = self._topic(request.stream_id, request.topic_id)
            group = _find(topic.groups, request.group_id, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND)
        except ServerError:
            return b""
        return self._group_details(group).encode()

    def _on_get_consumer_groups(self, session: dict, request: rq.GetConsumerGroups) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        headers = [rs.GroupHeader(g.id, len(g.partitions), len(g.members), g.name) for g in topic.groups.values()]
        return rs.GroupHeader.encode_list(headers)

    def _on_create_consumer_group(self, session: dict, request: rq.CreateConsumerGroup) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        if any(g.name == request.name for g in topic.groups.values()):
            raise ServerError(ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS)
        group = Group(_free_id(topic.groups), request.name, [p.id for p in topic.partitions])
        topic.groups[group.id] = group
        return rs.GroupHeader(group.id, len(group.partitions), 0, group.name).encode()

    def _on_join_consumer_group(self, session: dict, request: rq.JoinConsumerGroup) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        group = _find(topic.groups, request.group_id, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND)
        if session["conn"] not in group.members:
            group.members[session["conn"]] = []
            self._rebalance(group)
        return b""

    def _on_leave_consumer_group(self, session: dict, request: rq.LeaveConsumerGroup) -> bytes:
        topic = self._topic(request.stream_id, request.topic_id)
        group = _find(topic.groups, request.group_id, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND)
        if group.members.pop(session["conn"], None) is None:
            raise ServerError(ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND)
        self._rebalance(group)
        return b""

    @staticmethod
    def _rebalance(group: Group) -> None:
        members = list(group.members)
        for conn in members:
            group.members[conn] = []
        for index, partition_id in enumerate(group.partitions):
            if members:
                group.members[members[index % len(members)]].append(partition_id)

    def _drop_memberships(self, conn: int) -> None:
        for stream in self.streams.values():
            for topic in stream.topics.values():
                for group in topic.groups.values():
                    if group.members.pop(conn, None) is not None:
                        self._rebalance(group)
