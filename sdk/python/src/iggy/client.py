"""The asyncio Iggy client: one connection, one request in flight, every 0.8 command.

Requests are encoded and responses decoded by `iggy.protocol` (no second codec here). This module adds
the session: connect with retries, automatic login, reconnect + re-login after a lost connection, a
background heartbeat, and the Python-friendly argument conventions (int | str identifiers, None for
missing objects, exceptions carrying the Iggy code).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from ._version import CLIENT_NAME
from .connection import ClientConfig, Connection
from .transports import open_connection
from .errors import (
    ClientClosedError,
    ConnectionLostError,
    IggyError,
    NotConnectedError,
    RequestTimeoutError,
    from_protocol_error,
)
from .protocol import requests as rq
from .protocol import responses as rs
from .protocol.codes import Command, ErrorCode, SnapshotCompression, SnapshotType
from .protocol.errors import ProtocolError
from .protocol.kinds import CompressionAlgorithm, UserStatus
from .protocol.messages import Message, PolledMessages, encode_send_messages_parts
from .protocol.primitives import Consumer, Identifier, IdentifierLike, Partitioning, Permissions, PollingStrategy

log = logging.getLogger("iggy.client")

M = TypeVar("M")

# Commands that can be sent again after a reconnect without changing the outcome.
_REPLAY_SAFE = frozenset(
    {
        Command.PING, Command.GET_STATS, Command.GET_CLUSTER_METADATA, Command.GET_ME, Command.GET_CLIENT,
        Command.GET_CLIENTS, Command.GET_USER, Command.GET_USERS, Command.GET_PERSONAL_ACCESS_TOKENS,
        Command.GET_CONSUMER_OFFSET, Command.GET_STREAM, Command.GET_STREAMS, Command.GET_TOPIC,
        Command.GET_TOPICS, Command.GET_CONSUMER_GROUP, Command.GET_CONSUMER_GROUPS,
    }
)


def to_partitioning(partitioning: Partitioning | int | bytes | str | None) -> Partitioning:
    """None = balanced, int = partition id, bytes/str = message key."""
    if partitioning is None:
        return Partitioning.balanced()
    if isinstance(partitioning, Partitioning):
        return partitioning
    if isinstance(partitioning, bool):
        raise TypeError("partitioning must be None, an int partition id, a bytes/str key or a Partitioning")
    if isinstance(partitioning, int):
        return Partitioning.partition_id(partitioning)
    if isinstance(partitioning, (bytes, bytearray, memoryview, str)):
        return Partitioning.messages_key(bytes(partitioning) if not isinstance(partitioning, str) else partitioning)
    raise TypeError("partitioning must be None, an int partition id, a bytes/str key or a Partitioning")


def to_consumer(consumer: Consumer | IdentifierLike | None) -> Consumer:
    """None = consumer id 0; int/str = that single-consumer id; or a Consumer (group or single)."""
    if consumer is None:
        return Consumer.consumer(0)
    if isinstance(consumer, Consumer):
        return consumer
    return Consumer.consumer(consumer)


def to_messages(messages: Iterable[Message | bytes | bytearray | memoryview | str]) -> list[Message]:
    """Accept Message objects or bare payloads (wrapped as Message)."""
    if isinstance(messages, (Message, bytes, bytearray, memoryview, str)):
        messages = [messages]
    return [m if isinstance(m, Message) else Message(m) for m in messages]


class IggyClient:
    """Async client. `IggyClient("iggy://iggy:iggy@127.0.0.1:8090")`, `IggyClient(ClientConfig(...))`,
    or `IggyClient(address="host:port", username=..., password=...)`.

    Use `await client.connect()` / `await client.close()` or `async with IggyClient(...) as client:`.
    """

    def __init__(self, config: ClientConfig | str | None = None, **overrides: Any) -> None:
        if config is None:
            config = ClientConfig(**overrides)
        else:
            if isinstance(config, str):
                config = ClientConfig.parse(config)
            if overrides:
                config = config.with_overrides(**overrides)
        self.config: ClientConfig = config
        self._connection: Connection | None = None
        self._lock = asyncio.Lock()
        self._auth: tuple[str, ...] | None = None
        self._connected_once = False
        self._closed = False
        self._heartbeat_task: asyncio.Task | None = None
        self.user_id: int | None = None

    @classmethod
    def from_connection_string(cls, connection_string: str, **overrides: Any) -> IggyClient:
        return cls(ClientConfig.parse(connection_string), **overrides)

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("connected" if self.is_connected else "disconnected")
        return f"<IggyClient {self.config.redacted()} {state}>"

    # ------------------------------------------------------------------ lifecycle

    @property
    def is_connected(self) -> bool:
        return self._connection is not None and self._connection.is_open

    async def connect(self) -> None:
        """Open the connection (retrying per config), log in if the config carries credentials or a
        token, and start the heartbeat. Calling it on a connected client does nothing."""
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "client is closed")
        config = self.config
        if self._auth is None:
            if config.username is not None:
                self._auth = ("user", config.username, config.password or "")
            elif config.token is not None:
                self._auth = ("token", config.token)
        async with self._lock:
            self._connected_once = True
            await self._ensure_connection_locked()
        if config.heartbeat_interval_ms > 0 and self._heartbeat_task is None:
            self._heartbeat_task = asyncio.get_running_loop().create_task(self._heartbeat_loop())

    async def close(self) -> None:
        """Stop the heartbeat and close the connection. Idempotent."""
        self._closed = True
        task, self._heartbeat_task = self._heartbeat_task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.close()

    async def __aenter__(self) -> IggyClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _heartbeat_loop(self) -> None:
        interval_s = self.config.heartbeat_interval_ms / 1000
        while not self._closed:
            await asyncio.sleep(interval_s)
            try:
                await self.ping()
            except IggyError as error:
                # The next request reconnects; the heartbeat must never kill the client.
                log.debug("heartbeat ping failed: %s", error)

    async def _ensure_connection_locked(self) -> Connection:
        connection = self._connection
        if connection is not None and connection.is_open:
            return connection
        if self._closed:
            raise ClientClosedError(ErrorCode.CLIENT_SHUTDOWN, "client is closed")
        if not self._connected_once:
            raise NotConnectedError(ErrorCode.NOT_CONNECTED, "not connected: call `await client.connect()` first")
        self._connection = None
        reconnecting = connection is not None
        if reconnecting and self.config.reconnection_retries == 0:
            raise ConnectionLostError(ErrorCode.CONNECTION_CLOSED, "connection lost and reconnection is disabled")
        connection = await self._open_with_retries()
        try:
            await self._login_on(connection)
        except BaseException:
            connection.abort()
            raise
        self._connection = connection
        if reconnecting:
            log.info("reconnected to %s", self.config.address)
        return connection

    async def _open_with_retries(self) -> Connection:
        config = self.config
        retries = config.reconnection_retries
        delay_ms = config.reconnection_interval_ms
        attempt = 0
        while True:
            try:
                return await open_connection(config)
            except IggyError as error:
                if retries is not None and attempt >= retries:
                    raise
                attempt += 1
                log.info(
                    "connect to %s failed (%s); retry %d in %d ms", config.address, error.message, attempt, delay_ms
                )
                await asyncio.sleep(delay_ms / 1000)
                max_delay_ms = max(config.reconnection_max_interval_ms, config.reconnection_interval_ms)
                delay_ms = min(max(delay_ms * 2, 1), max_delay_ms)

    async def _login_on(self, connection: Connection) -> None:
        auth = self._auth
        if auth is None:
            return
        if auth[0] == "user":
            request: rq.Request = rq.LoginUser(auth[1], auth[2], CLIENT_NAME, "")
        else:
            request = rq.LoginWithPersonalAccessToken(auth[1])
        payload = await connection.request(request.CODE, request.encode(), self.config.request_timeout_ms)
        self.user_id = rs.RESPONSE_MODELS[request.CODE].decode(payload).user_id

    # ------------------------------------------------------------------ request plumbing

    async def request(self, code: int, payload: bytes | bytearray | memoryview | list = b"") -> memoryview:
        """Send a raw command payload and return the raw OK payload (escape hatch for tools/tests)."""
        async with self._lock:
            attempts = 2 if code in _REPLAY_SAFE else 1
            for attempt in range(attempts):
                connection = await self._ensure_connection_locked()
                try:
                    return await connection.request(code, payload, self.config.request_timeout_ms)
                except (ConnectionLostError, RequestTimeoutError):
                    # The dead connection stays in place so the next call knows it is a reconnect.
                    if attempt + 1 >= attempts or self.config.reconnection_retries == 0:
                        raise
            raise AssertionError("unreachable")

    async def _send(self, request: rq.Request) -> memoryview:
        try:
            payload = request.encode()
        except ProtocolError as error:
            raise from_protocol_error(error) from None
        return await self.request(request.CODE, payload)

    async def _call(self, request: rq.Request, model: type[M]) -> M:
        payload = await self._send(request)
        return _decode(model, payload)

    async def _get(self, request: rq.Request, model: type[M]) -> M | None:
        payload = await self._send(request)
        return _decode(model, payload) if len(payload) else None

    async def _list(self, request: rq.Request, model: Any) -> list:
        payload = await self._send(request)
        try:
            return model.decode_list(payload)
        except ProtocolError as error:
            raise from_protocol_error(error) from None

    # ------------------------------------------------------------------ system

    async def ping(self) -> None:
        await self._send(rq.Ping())

    async def get_stats(self) -> rs.Stats:
        return await self._call(rq.GetStats(), rs.Stats)

    async def get_me(self) -> rs.ClientDetails:
        return await self._call(rq.GetMe(), rs.ClientDetails)

    async def get_client(self, client_id: int) -> rs.ClientDetails | None:
        return await self._get(rq.GetClient(client_id), rs.ClientDetails)

    async def get_clients(self) -> list[rs.ClientInfo]:
        return await self._list(rq.GetClients(), rs.ClientInfo)

    async def get_cluster_metadata(self) -> rs.ClusterMetadata:
        return await self._call(rq.GetClusterMetadata(), rs.ClusterMetadata)

    async def get_snapshot(
        self, compression: int = SnapshotCompression.DEFLATED, types: Sequence[int] = (SnapshotType.ALL,)
    ) -> bytes:
        """A diagnostic ZIP archive (bytes)."""
        return bytes(await self._send(rq.GetSnapshot(int(compression), tuple(int(t) for t in types))))

    # ------------------------------------------------------------------ session

    async def login_user(self, username: str, password: str) -> int:
        """Log in; the credentials are remembered for re-login after a reconnect. Returns the user id."""
        identity = await self._call(rq.LoginUser(username, password, CLIENT_NAME, ""), rs.LoginUserResponse)
        self._auth = ("user", username, password)
        self.user_id = identity.user_id
        return identity.user_id

    async def login_with_personal_access_token(self, token: str) -> int:
        identity = await self._call(rq.LoginWithPersonalAccessToken(token), rs.LoginWithPersonalAccessTokenResponse)
        self._auth = ("token", token)
        self.user_id = identity.user_id
        return identity.user_id

    async def logout_user(self) -> None:
        await self._send(rq.LogoutUser())
        self._auth = None
        self.user_id = None

    # ------------------------------------------------------------------ users

    async def get_user(self, user: IdentifierLike) -> rs.UserDetails | None:
        return await self._get(rq.GetUser(user), rs.UserDetails)

    async def get_users(self) -> list[rs.UserHeader]:
        return await self._list(rq.GetUsers(), rs.UserHeader)

    async def create_user(
        self,
        username: str,
        password: str,
        status: UserStatus | int = UserStatus.ACTIVE,
        permissions: Permissions | None = None,
    ) -> rs.UserDetails:
        return await self._call(rq.CreateUser(username, password, status, permissions), rs.UserDetails)

    async def delete_user(self, user: IdentifierLike) -> None:
        await self._send(rq.DeleteUser(user))

    async def update_user(
        self, user: IdentifierLike, username: str | None = None, status: UserStatus | int | None = None
    ) -> None:
        await self._send(rq.UpdateUser(user, username, status))

    async def update_permissions(self, user: IdentifierLike, permissions: Permissions | None = None) -> None:
        await self._send(rq.UpdatePermissions(user, permissions))

    async def change_password(self, user: IdentifierLike, current_password: str, new_password: str) -> None:
        await self._send(rq.ChangePassword(user, current_password, new_password))
        auth = self._auth
        target = Identifier.parse(user).value
        if auth is not None and auth[0] == "user" and auth[2] == current_password and target in (auth[1], self.user_id):
            self._auth = ("user", auth[1], new_password)  # keep re-login working after a reconnect

    # ------------------------------------------------------------------ personal access tokens

    async def get_personal_access_tokens(self) -> list[rs.PersonalAccessTokenInfo]:
        return await self._list(rq.GetPersonalAccessTokens(), rs.PersonalAccessTokenInfo)

    async def create_personal_access_token(self, name: str, expiry_us: int = 0) -> str:
        """Returns the raw token (shown only once). `expiry_us` 0 = never expires."""
        request = rq.CreatePersonalAccessToken(name, expiry_us)
        return (await self._call(request, rs.CreatePersonalAccessTokenResponse)).token

    async def delete_personal_access_token(self, name: str) -> None:
        await self._send(rq.DeletePersonalAccessToken(name))

    # ------------------------------------------------------------------ streams

    async def create_stream(self, name: str) -> rs.StreamDetails:
        return await self._call(rq.CreateStream(name), rs.StreamDetails)

    async def get_stream(self, stream: IdentifierLike) -> rs.StreamDetails | None:
        return await self._get(rq.GetStream(stream), rs.StreamDetails)

    async def get_streams(self) -> list[rs.StreamHeader]:
        return await self._list(rq.GetStreams(), rs.StreamHeader)

    async def update_stream(self, stream: IdentifierLike, name: str) -> None:
        await self._send(rq.UpdateStream(stream, name))

    async def delete_stream(self, stream: IdentifierLike) -> None:
        await self._send(rq.DeleteStream(stream))

    async def purge_stream(self, stream: IdentifierLike) -> None:
        await self._send(rq.PurgeStream(stream))

    # ------------------------------------------------------------------ topics

    async def create_topic(
        self,
        stream: IdentifierLike,
        name: str,
        partitions_count: int = 1,
        compression: CompressionAlgorithm | int = CompressionAlgorithm.NONE,
        message_expiry_us: int = 0,
        max_topic_size_bytes: int = 0,
        replication_factor: int = 0,
    ) -> rs.TopicDetails:
        """`message_expiry_us` / `max_topic_size_bytes`: 0 = server default, 2**64-1 = never / unlimited."""
        request = rq.CreateTopic(
            stream, partitions_count, compression, message_expiry_us, max_topic_size_bytes, replication_factor, name
        )
        return await self._call(request, rs.TopicDetails)

    async def get_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> rs.TopicDetails | None:
        return await self._get(rq.GetTopic(stream, topic), rs.TopicDetails)

    async def get_topics(self, stream: IdentifierLike) -> list[rs.TopicHeader]:
        return await self._list(rq.GetTopics(stream), rs.TopicHeader)

    async def update_topic(
        self,
        stream: IdentifierLike,
        topic: IdentifierLike,
        name: str,
        compression: CompressionAlgorithm | int = CompressionAlgorithm.NONE,
        message_expiry_us: int = 0,
        max_topic_size_bytes: int = 0,
        replication_factor: int = 0,
    ) -> None:
        request = rq.UpdateTopic(
            stream, topic, compression, message_expiry_us, max_topic_size_bytes, replication_factor, name
        )
        await self._send(request)

    async def delete_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> None:
        await self._send(rq.DeleteTopic(stream, topic))

    async def purge_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> None:
        await self._send(rq.PurgeTopic(stream, topic))

    # ------------------------------------------------------------------ partitions & segments

    async def create_partitions(self, stream: IdentifierLike, topic: IdentifierLike, partitions_count: int) -> None:
        await self._send(rq.CreatePartitions(stream, topic, partitions_count))

    async def delete_partitions(self, stream: IdentifierLike, topic: IdentifierLike, partitions_count: int) -> None:
        """Removes the `partitions_count` highest-numbered partitions."""
        await self._send(rq.DeletePartitions(stream, topic, partitions_count))

    async def delete_segments(
        self, stream: IdentifierLike, topic: IdentifierLike, partition_id: int, segments_count: int
    ) -> None:
        await self._send(rq.DeleteSegments(stream, topic, partition_id, segments_count))

    # ------------------------------------------------------------------ messages

    async def send_messages(
        self,
        stream: IdentifierLike,
        topic: IdentifierLike,
        messages: Iterable[Message | bytes | str] | Message | bytes | str,
        partitioning: Partitioning | int | bytes | str | None = None,
    ) -> None:
        """Append a batch. `partitioning`: None = balanced, int = partition id, bytes/str = message key."""
        batch = to_messages(messages)
        try:
            # Header/index buffers interleaved with the callers' payloads: written with one gather
            # write, never joined here.
            parts = encode_send_messages_parts(stream, topic, to_partitioning(partitioning), batch)
        except ProtocolError as error:
            raise from_protocol_error(error) from None
        await self.request(Command.SEND_MESSAGES, parts)

    async def poll_messages(
        self,
        stream: IdentifierLike,
        topic: IdentifierLike,
        partition_id: int | None = None,
        consumer: Consumer | IdentifierLike | None = None,
        strategy: PollingStrategy | None = None,
        count: int = 100,
        auto_commit: bool = False,
    ) -> PolledMessages:
        """Poll up to `count` messages. Payloads are memoryviews into the one receive buffer."""
        request = rq.PollMessages(
            to_consumer(consumer), stream, topic, partition_id, strategy or PollingStrategy.next(), count, auto_commit
        )
        return await self._call(request, PolledMessages)

    async def flush_unsaved_buffer(
        self, stream: IdentifierLike, topic: IdentifierLike, partition_id: int, fsync: bool = False
    ) -> None:
        await self._send(rq.FlushUnsavedBuffer(stream, topic, partition_id, fsync))

    # ------------------------------------------------------------------ consumer offsets

    async def store_consumer_offset(
        self,
        consumer: Consumer | IdentifierLike | None,
        stream: IdentifierLike,
        topic: IdentifierLike,
        partition_id: int | None,
        offset: int,
    ) -> None:
        await self._send(rq.StoreConsumerOffset(to_consumer(consumer), stream, topic, partition_id, offset))

    async def get_consumer_offset(
        self,
        consumer: Consumer | IdentifierLike | None,
        stream: IdentifierLike,
        topic: IdentifierLike,
        partition_id: int | None = None,
    ) -> rs.ConsumerOffsetInfo | None:
        return await self._get(
            rq.GetConsumerOffset(to_consumer(consumer), stream, topic, partition_id), rs.ConsumerOffsetInfo
        )

    async def delete_consumer_offset(
        self,
        consumer: Consumer | IdentifierLike | None,
        stream: IdentifierLike,
        topic: IdentifierLike,
        partition_id: int | None = None,
    ) -> None:
        await self._send(rq.DeleteConsumerOffset(to_consumer(consumer), stream, topic, partition_id))

    # ------------------------------------------------------------------ consumer groups

    async def create_consumer_group(self, stream: IdentifierLike, topic: IdentifierLike, name: str) -> rs.GroupHeader:
        return await self._call(rq.CreateConsumerGroup(stream, topic, name), rs.GroupHeader)

    async def get_consumer_group(
        self, stream: IdentifierLike, topic: IdentifierLike, group: IdentifierLike
    ) -> rs.GroupDetails | None:
        return await self._get(rq.GetConsumerGroup(stream, topic, group), rs.GroupDetails)

    async def get_consumer_groups(self, stream: IdentifierLike, topic: IdentifierLike) -> list[rs.GroupHeader]:
        return await self._list(rq.GetConsumerGroups(stream, topic), rs.GroupHeader)

    async def delete_consumer_group(self, stream: IdentifierLike, topic: IdentifierLike, group: IdentifierLike) -> None:
        await self._send(rq.DeleteConsumerGroup(stream, topic, group))

    async def join_consumer_group(self, stream: IdentifierLike, topic: IdentifierLike, group: IdentifierLike) -> None:
        await self._send(rq.JoinConsumerGroup(stream, topic, group))

    async def leave_consumer_group(self, stream: IdentifierLike, topic: IdentifierLike, group: IdentifierLike) -> None:
        await self._send(rq.LeaveConsumerGroup(stream, topic, group))


def _decode(model: Any, payload: memoryview) -> Any:
    try:
        return model.decode(payload)
    except ProtocolError as error:
        raise from_protocol_error(error) from None


__all__ = ["IggyClient", "to_consumer", "to_messages", "to_partitioning"]
